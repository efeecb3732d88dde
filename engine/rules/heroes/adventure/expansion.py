"""The expansion rules on the adventure map (seed 002, "Spielregeln aus Erweiterungen"; spec §18,
§19.5–19.6), each behind a set-up switch (engine/rules/heroes/skirmish.py, all off by default):

- ``war_machines`` — "Kriegsmaschinen ... im Handelsposten oder der Kriegsmaschinenfabrik
  gekauft ... Kaufst du eine Kriegsmaschine im Handelsposten, kannst du keinen der anderen
  Effekte des Handelspostens nutzen und es gelten die teureren Kosten": a trading post visit
  first offers the war machines at the post price, instead of its trades. A war machine is a
  permanent card (kind ``machine``) played in battle; each exists once (a bought one leaves the
  supply). The Siege Workshop (our factory) sells them at the lower price wherever it lies.
- ``events`` — "Ereigniskarten werden nur in Mehrspielerpartien verwendet ... Zu Beginn jeder
  Ressourcenrunde (außer Runde 1), nachdem alle Spieler Ressourcen erhalten haben, wird das
  oberste Ereignis abgehandelt. Die erste Ereigniskarte zieht der Startspieler. Danach wechselt
  der Spieler, der die Karte zieht, im Uhrzeigersinn. Ereignisse werden in Spielerreihenfolge
  abgehandelt, beginnend mit dem Spieler, der die Karte gezogen hat. Werden ... andere Karten
  aufgedeckt, mische sie danach in ihre zugehörigen Decks zurück."
- ``summoning`` — two copies of the summoning rite join the ability deck
  (engine/rules/heroes/battle/summon.py has the rule).
- ``expansion_locations`` — the expansion tiles join the far and near tile pools: the library,
  black market, tavern, prison, university, hill fort, market of time, scholar (our names), the
  Star Axis (empowered statistics, "Ihr Effekt ist identisch zum Experteneffekt der Statistik,
  aber es ist beim Ausspielen keine Krone mehr erforderlich"), the war machine factory and the
  random town (§19.6).

The state is plain data in ``MapState.battle["exp"]``; the location effects are named specials
of the map vocabulary (engine/rules/heroes/expansiondefs.py) registered into the map rules'
tables below, as the bot heroes register theirs.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Event
from engine.core.deck import Deck
from engine.rules.heroes import content as C
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.state import MAIN, SECONDARY, MapState

Hex = tuple[int, int]
RANDOM_TOWN = "masterless_town"
RITE = "beckoning_rite"
RITE_COPIES = 2
BASE_STATS = ("attack", "defence", "power", "knowledge")
# seed "Schwarzmarkt": 5 gold a minor artifact, 7 a major one, 10 a relic
BLACK_MARKET = {"minor": 5, "major": 7, "relic": 10}
SCHOLAR_DIE = (-1, -1, 0, 0, 1, 1)  # the attack die's faces (engine/rules/heroes/combat.py)


def _exp(st: MapState) -> dict[str, Any]:
    return st.battle.setdefault("exp", {})


def _on(st: MapState, switch: str) -> bool:
    return bool(st.opts.get(switch))


def events_on(st: MapState) -> bool:
    """Returns True when event cards are in the game (the switch, and more than one player:
    seed "nur in Mehrspielerpartien")."""
    return _on(st, "events") and st.players > 1 and st.opts.get("mode") != "campaign"


# --- set-up --------------------------------------------------------------------------------------
def set_up(st: MapState) -> None:
    """Prepares the switched-on expansions at set-up: the event deck shuffled (seed: "Mische
    beim Spielaufbau das Ereigniskartendeck"), the war machine supply, the summoning rites
    shuffled into the ability deck."""
    exp = None
    if events_on(st):
        exp = _exp(st)
        deck = Deck([e.id for e in C.all_of("event") for _ in range(e.copies)])
        deck.shuffle(st.rng)
        exp["events"] = deck.to_dict()
        exp["drawer"] = -1
        exp["event"] = ""
    if _on(st, "war_machines") or _on(st, "expansion_locations"):
        exp = _exp(st)
        exp["machines"] = [m.id for m in C.all_of("war_machine")]
    if _on(st, "summoning"):
        deck = st.decks["ability"]
        deck.draw_pile.put_top([RITE] * RITE_COPIES)
        deck.draw_pile.shuffle(st.rng)


def extra_tiles(st: MapState, kind: str) -> list[str]:
    """Returns the expansion tiles of a kind that join its pool (switch expansion_locations)."""
    if not _on(st, "expansion_locations"):
        return []
    return [t.id for t in R.mc().tiles.values() if t.kind == kind and t.expansion]


# --- event cards ---------------------------------------------------------------------------------
def next_drawer(st: MapState) -> int:
    """Returns who draws the next event: the start player first, then the next player clockwise
    (play direction) from the last drawer, passing eliminated players."""
    order = st.flow.order
    assert order is not None
    last = int(_exp(st).get("drawer", -1))
    seats = [s for s in order.order_from(order.start) if not st.ps[s].out]
    if not seats:
        return order.start
    if last < 0:
        return seats[0]
    nxt = (last + 1) % st.players
    while st.ps[nxt].out:
        nxt = (nxt + 1) % st.players
    return nxt


def round_event(st: MapState, ev: list[Event]) -> None:
    """Draws and resolves the top event (called after the income of a resource round)."""
    if not events_on(st) or st.round < 3 or st.round % 2 == 0:
        return
    exp = _exp(st)
    deck = Deck.from_dict(exp["events"])
    card, _ = deck.draw_one(st.rng)
    if card is None:
        return
    deck.discard((card,))
    exp["events"] = deck.to_dict()
    drawer = next_drawer(st)
    exp["drawer"] = drawer
    exp["event"] = card
    info = C.content().get("event", card)
    ev.append(Event("heroes.exp.event", {"seat": drawer, "card": card, "name": dict(info.name),
                                         "text": dict(info.text)}, reveal=True))
    order = st.flow.order
    assert order is not None
    seats = [drawer] if info.who == "drawer" else \
        [s for s in order.order_from(drawer) if not st.ps[s].out]
    effects = [R.to_plain(e) for e in info.effects]
    for s in seats:
        R.queue(st).extend(["effect", s, MAIN, e, False, None, ["event", card]] for e in effects)


# --- war machines --------------------------------------------------------------------------------
def machine_price(mid: str, where: str) -> tuple[int, int, int]:
    """Returns a war machine's price at the ``factory`` or the trading ``post``."""
    m = C.content().get("war_machine", mid)
    cost = m.factory if where == "factory" else m.post
    return (cost.gold, cost.materials, cost.valuables)


def machines_for(st: MapState, seat: int, where: str) -> list[str]:
    """Returns the war machines still in the supply that the seat can pay at ``where``."""
    res = st.ps[seat].res
    return [m for m in _exp(st).get("machines", []) if R.afford(res, machine_price(m, where))]


def _buy_machine(st: MapState, seat: int, mid: str, where: str, ev: list[Event]) -> None:
    price = machine_price(mid, where)
    R.pay(st.ps[seat].res, price)
    _exp(st)["machines"].remove(mid)
    card = C.content().get("war_machine", mid).card
    key = "heroes.exp.machine_post" if where == "post" else "heroes.exp.machine_factory"
    ev.append(R._ev(key, seat=seat, card=card, res=list(price)))
    R.to_hand(st, seat, card, ev, public=True)


def _special_trading_post(ctx: Any, card_gold: int = 1) -> None:
    """The trading post: with war machines, first the choice of buying one at the higher price
    (and nothing else there this visit) or using the post as usual."""
    st = ctx.st
    if _on(st, "war_machines") and machines_for(st, ctx.seat, "post"):
        ctx._front([["choose", ctx.seat, "machine_post", [], [card_gold]]])
        return
    _CORE_TRADING_POST(ctx, card_gold)


def _options_machine_post(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    return [*machines_for(st, seat, "post"), "trade"]


def _choose_machine_post(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                         ev: list[Event]) -> None:
    if opt == "trade":
        R.queue(st).insert(0, ["trade", seat, int(ctx[0])])
        return
    _buy_machine(st, seat, opt, "post", ev)


def _special_factory(ctx: Any) -> None:
    if machines_for(ctx.st, ctx.seat, "factory"):
        ctx._front([["choose", ctx.seat, "machine_factory", [], []]])


def _options_machine_factory(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    return [*machines_for(st, seat, "factory"), "skip"]


def _choose_machine_factory(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                            ev: list[Event]) -> None:
    if opt != "skip":
        _buy_machine(st, seat, opt, "factory", ev)


# --- secondary heroes: prison and tavern -------------------------------------------------------------
def _place_secondary(st: MapState, seat: int, h: Hex, ev: list[Event], how: str) -> None:
    p = st.ps[seat]
    p.pos[SECONDARY] = h
    p.prev[SECONDARY] = None
    # like a hired hero: it moves from the owner's next turn on (R.base_mp at the round start)
    p.mp[SECONDARY] = 0
    key = "heroes.exp.secondary_prison" if how == "prison" else "heroes.exp.secondary_tavern"
    ev.append(R._ev(key, seat=seat, at=[h[0], h[1]]))


def _special_prison(ctx: Any, gold: int = 3) -> None:
    st, seat = ctx.st, ctx.seat
    p = st.ps[seat]
    if p.pos[SECONDARY] is None and ctx.field is not None:
        _place_secondary(st, seat, ctx.field, ctx.ev, "prison")
    else:
        ctx.gain(gold, 0, 0)


def _special_tavern(ctx: Any, gold: int = 7) -> None:
    st, seat = ctx.st, ctx.seat
    p = st.ps[seat]
    if p.pos[SECONDARY] is None and ctx.field is not None and R.afford(p.res, (gold, 0, 0)):
        ctx._front([["choose", seat, "tavern", ["hire", "skip"],
                     [gold, [ctx.field[0], ctx.field[1]]]]])


def _choose_tavern(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                   ev: list[Event]) -> None:
    if opt != "hire":
        return
    R.pay(st.ps[seat].res, (int(ctx[0]), 0, 0))
    _place_secondary(st, seat, R._h(ctx[1]), ev, "tavern")
    foes = [str(s) for s in range(st.players) if s != seat and not st.ps[s].out]
    if foes:
        R.queue(st).insert(0, ["choose", seat, "tavern_foe", foes, []])


def _choose_tavern_foe(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                       ev: list[Event]) -> None:
    discard_random(st, int(opt), ev)


def discard_random(st: MapState, seat: int, ev: list[Event]) -> None:
    """The seat discards a random hand card (a public discard)."""
    p = st.ps[seat]
    if not p.hand:
        return
    card = p.hand.pop(st.rng.below(len(p.hand)))
    p.deck.discard((card,))
    ev.append(Event("heroes.exp.discard_random", {"seat": seat, "card": card}, reveal=True))


def _special_discard_random(ctx: Any) -> None:
    discard_random(ctx.st, ctx.seat, ctx.ev)


# --- hill fort -------------------------------------------------------------------------------------
def _fort_cost(st: MapState, uid: str, discount: int) -> tuple[int, int, int]:
    cost = R.unit_cost(st, uid, True)
    return (max(0, cost[0] - discount), cost[1], cost[2])


def _options_hill_fort(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    p = st.ps[seat]
    out = []
    for uid, pack in p.units:
        u = C.unit(uid)
        if pack or u.pack is None or u.tier not in ("bronze", "silver") or u.role != "faction":
            continue
        if R.afford(p.res, _fort_cost(st, uid, int(ctx[0]))):
            out.append(uid)
    return [*out, "skip"] if out else []


def _choose_hill_fort(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                      ev: list[Event]) -> None:
    p = st.ps[seat]
    if opt == "skip" or [opt, False] not in p.units:
        return
    cost = _fort_cost(st, opt, int(ctx[0]))
    R.pay(p.res, cost)
    p.units[p.units.index([opt, False])] = [opt, True]
    ev.append(R._ev("heroes.map.reinforce", seat=seat, unit=opt, cost=list(cost)))


def _special_hill_fort(ctx: Any, discount: int = 3) -> None:
    ctx._front([["choose", ctx.seat, "hill_fort", [], [discount]]])


# --- cards: university, black market, market of time, scholar, library, star axis -------------------
def _top_of_discard(st: MapState, kind: str, look: int) -> list[str]:
    return st.decks[kind].discard_pile.peek(look)


def _take_from_discard(st: MapState, kind: str, card: str, look: int) -> bool:
    """Takes ``card`` out of the top ``look`` cards of a shared discard pile; the others stay in
    place (spec AMB-98, AMB-101); an emptied pile is refilled (card rule 6)."""
    pile = st.decks[kind].discard_pile
    top = pile.peek(look)
    if card not in top:
        return False
    pile.remove_at(top.index(card))
    R.refill_discard(st, kind)
    return True


def _special_university(ctx: Any, look: int = 4) -> None:
    ctx._front([["choose", ctx.seat, "university", [], [look]]])


def _options_university(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    cards = sorted(set(_top_of_discard(st, "ability", int(ctx[0]))))
    return [*cards, "skip"] if cards else []


def _choose_university(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                       ev: list[Event]) -> None:
    if opt != "skip" and _take_from_discard(st, "ability", opt, int(ctx[0])):
        ev.append(R._ev("heroes.exp.took_discard", seat=seat, deck="ability", card=opt))
        R.give_card(st, seat, "ability", opt, ev)


def _special_black_market(ctx: Any, look: int = 4) -> None:
    ctx._front([["choose", ctx.seat, "black_market", [], [look]]])


def black_market_price(card: str) -> int:
    """Returns the gold an artifact costs at the black market, by its rarity."""
    return BLACK_MARKET[C.card(card).rarity or "minor"]


def _options_black_market(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    gold = st.ps[seat].res[0]
    cards = sorted({c for c in _top_of_discard(st, "artifact", int(ctx[0]))
                    if black_market_price(c) <= gold})
    return [*cards, "skip"] if cards else []


def _choose_black_market(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                         ev: list[Event]) -> None:
    if opt == "skip" or not _take_from_discard(st, "artifact", opt, int(ctx[0])):
        return
    price = black_market_price(opt)
    R.pay(st.ps[seat].res, (price, 0, 0))
    ev.append(R._ev("heroes.exp.bought", seat=seat, card=opt, res=[price, 0, 0]))
    R.give_card(st, seat, "artifact", opt, ev)


def _special_market_of_time(ctx: Any) -> None:
    if ctx.st.ps[ctx.seat].hand:
        ctx._front([["choose", ctx.seat, "time_remove", [], []]])


def _options_time_remove(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    # spec AMB-100: the whole effect is optional, the removal is what pays for the Search, and
    # any card may go
    return [*sorted(set(st.ps[seat].hand)), "skip"]


def _choose_time_remove(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                        ev: list[Event]) -> None:
    p = st.ps[seat]
    if opt == "skip" or opt not in p.hand:
        return
    p.hand.remove(opt)
    ev.append(R._ev("heroes.exp.removed", seat=seat, card=opt))
    R.queue(st).insert(0, ["choose", seat, "time_deck", ["ability", "spell", "artifact"], []])


def _choose_time_deck(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                      ev: list[Event]) -> None:
    R.queue(st).insert(0, ["search", seat, opt, 2, True])


def _special_scholar(ctx: Any) -> None:
    st = ctx.st
    face = SCHOLAR_DIE[st.rng.below(6)]
    ctx.ev.append(Event("heroes.exp.scholar", {"seat": ctx.seat, "face": face}, reveal=True))
    if face > 0:
        ctx._front([["choose", ctx.seat, "scholar_stat", [], []]])
    else:
        draw_keep(st, ctx.seat, "ability" if face == 0 else "spell", 2, ctx.ev)


def draw_keep(st: MapState, seat: int, kind: str, count: int, ev: list[Event]) -> None:
    """Draws ``count`` cards of a shared deck for ``seat`` to keep one and discard the rest
    (seed "Gelehrter": "Ziehe 2 Karten ... Behalte eine davon. Wirf die andere ab")."""
    looked = R.draw_shared(st, kind, count)
    if not looked:
        return
    st.looking = looked
    ev.append(Event("heroes.map.look", {"seat": seat, "deck": kind, "n": len(st.looking)},
                    reveal=True))
    st.flow.push(R.Decision(R.KEEP, seat, R.ONE, R.Message("heroes.map.prompt.keep", {}),
                            (kind,)))


def _stats_in_hand(st: MapState, seat: int) -> list[str]:
    return sorted({c for c in st.ps[seat].hand if C.card(c).kind == "stat"})


def _options_scholar_stat(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    return [*(f"gain:{s}" for s in BASE_STATS),
            *(f"remove:{c}" for c in _stats_in_hand(st, seat))]


def _choose_scholar_stat(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                         ev: list[Event]) -> None:
    what, card = opt.split(":", 1)
    p = st.ps[seat]
    if what == "gain":
        R.to_hand(st, seat, card, ev, public=True)
    elif card in p.hand:
        p.hand.remove(card)
        ev.append(R._ev("heroes.exp.removed", seat=seat, card=card))


def _special_library(ctx: Any, gold: int = 3, times: int = 2) -> None:
    ctx._front([["choose", ctx.seat, "library", [], [gold, times]]])


def _options_library(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    gold, left = int(ctx[0]), int(ctx[1])
    p = st.ps[seat]
    if left <= 0 or not R.afford(p.res, (gold, 0, 0)):
        return []
    out = [f"hand:{c}:{n}" for c in _stats_in_hand(st, seat) for n in BASE_STATS if n != c]
    pile = sorted({c for c in p.deck.discard_pile.cards if C.card(c).kind == "stat"})
    out += [f"discard:{c}:{n}" for c in pile for n in BASE_STATS if n != c]
    return [*out, "done"] if out else []


def _choose_library(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                    ev: list[Event]) -> None:
    if opt == "done":
        return
    where, old, new = opt.split(":")
    p = st.ps[seat]
    gold, left = int(ctx[0]), int(ctx[1])
    if where == "hand" and old in p.hand:
        p.hand[p.hand.index(old)] = new
    elif where == "discard" and old in p.deck.discard_pile.cards:
        cards = p.deck.discard_pile.cards
        cards[cards.index(old)] = new  # the same place in the pile
    else:
        return
    R.pay(p.res, (gold, 0, 0))
    key = "heroes.exp.library_hand" if where == "hand" else "heroes.exp.library_discard"
    ev.append(R._ev(key, seat=seat, old=old, new=new,
                    old_name=dict(C.card(old).name), new_name=dict(C.card(new).name)))
    # seed "Bibliothek": "Du darfst dies zweimal pro Besuch tun"
    R.queue(st).insert(0, ["choose", seat, "library", [], [gold, left - 1]])


def empowered_card(stat: str) -> str | None:
    """Returns the empowered statistic card of a statistic (None if it has none)."""
    c = C.content()
    return c.get("empowered_stat", stat).card if c.has("empowered_stat", stat) else None


def _special_star_axis(ctx: Any) -> None:
    ctx._front([["choose", ctx.seat, "star_axis", [], []]])


def _options_star_axis(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    cards = [c for c in _stats_in_hand(st, seat) if empowered_card(c) is not None]
    return [*cards, "skip"] if cards else []


def _choose_star_axis(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                      ev: list[Event]) -> None:
    p = st.ps[seat]
    new = empowered_card(opt) if opt != "skip" else None
    if new is None or opt not in p.hand:
        return
    p.hand.remove(opt)  # seed "Sternenachse": "eine Statistik von deiner Hand entfernen"
    ev.append(R._ev("heroes.exp.removed", seat=seat, card=opt))
    R.to_hand(st, seat, new, ev, public=True)


# --- an event's revealed cards -----------------------------------------------------------------------
def _special_reveal_pick(ctx: Any, deck: str = "artifact", count: int = 3) -> None:
    st = ctx.st
    looked = R.draw_shared(st, deck, count)
    if not looked:
        return
    _exp(st)["revealed"] = [deck, looked]
    ctx.ev.append(Event("heroes.exp.revealed", {"seat": ctx.seat, "deck": deck,
                                                "cards": looked}, reveal=True))
    ctx._front([["choose", ctx.seat, "reveal_pick", sorted(set(looked)), [deck]]])


def _choose_reveal_pick(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                        ev: list[Event]) -> None:
    deck, cards = _exp(st).pop("revealed", [ctx[0], []])
    cards = list(cards)
    if opt in cards:
        cards.remove(opt)
        R.give_card(st, seat, deck, opt, ev)
    # seed "Ereigniskarten": the other revealed cards are shuffled back into their deck (a
    # shuffle: no undo back over it)
    pile = st.decks[deck].draw_pile
    pile.put_top(cards)
    pile.shuffle(st.rng)
    ev.append(Event("heroes.exp.shuffled_back", {"seat": seat, "deck": deck, "n": len(cards)},
                    reveal=True))


# --- the random town (seed "Zufällige Stadt"; spec §19.6) ---------------------------------------------
def placed(st: MapState, tile: str, ev: list[Event]) -> None:
    """Gives a just revealed random town its faction (seed: "Sobald entdeckt, lösen die Spieler
    eine nicht verwendete Fraktion"): one no player uses (spec AMB-103: else any), at random."""
    info = R.mc().tiles.get(tile)
    if info is not None and any(f.location == RANDOM_TOWN for f in info.fields):
        assign_towns(st, ev)


def assign_towns(st: MapState, ev: list[Event]) -> None:
    """Gives every revealed random town without a faction one."""
    for h, f in sorted(R.board(st).fields.items()):
        if f.location == RANDOM_TOWN and "faction" not in st.marks.get(h, {}):
            used = {p.faction for p in st.ps}
            free = [x for x in sorted(R.mc().towns) if x not in used] or sorted(R.mc().towns)
            faction = free[st.rng.below(len(free))]
            st.marks.setdefault(h, {})["faction"] = faction
            ev.append(R._ev("heroes.exp.town_faction", field=[h[0], h[1]], faction=faction,
                            name=dict(C.faction(faction).name)))


def town_defenders(faction: str, bronze: str | None = None) -> list[dict[str, Any]]:
    """Returns the random town's defenders: 1 bronze Pack (``bronze``, else the first), 2 silver
    Packs and 2 gold Few units of the faction (seed: "1x Rudel ★, 2x Rudel ☆ und 2x Wenige")."""
    units = C.faction(faction).units
    by = {t: [u for u in units if C.unit(u).tier == t] for t in ("bronze", "silver", "gold")}
    first = bronze if bronze in by["bronze"] else by["bronze"][0]
    return ([{"unit": first, "pack": True}]
            + [{"unit": u, "pack": True} for u in by["silver"][:2]]
            + [{"unit": u, "pack": False} for u in by["gold"][:2]])


def is_random_town(st: MapState, h: Hex) -> bool:
    """Returns True when field h holds the random town."""
    f = R.board(st).fields.get(h)
    return f is not None and f.location == RANDOM_TOWN


def town_battle(st: MapState, tag: dict[str, Any], ctrl: int | None) -> dict[str, Any] | None:
    """Returns the defending side of a random town's battle (walls: a siege), or None when the
    controller must first choose the bronze unit (queued as a choice, then the combat again)."""
    h = R._h(tag["field"])
    m = st.marks.setdefault(h, {})
    if "faction" not in m:
        assign_towns(st, [])
    faction = str(m.get("faction") or sorted(R.mc().towns)[0])
    bronze = tag.get("bronze")
    if bronze is None:
        options = [u for u in C.faction(faction).units if C.unit(u).tier == "bronze"]
        if ctrl is not None and len(options) > 1:
            # seed: "Die ★-Einheit wählt der Spieler, der die Einheiten im Kampf kontrolliert"
            R.queue(st)[:0] = [["choose", ctrl, "town_bronze", options, [tag]]]
            return None
        bronze = options[0] if options else None
    return {"seat": None if ctrl is None else 1, "faction": faction, "level": 1,
            "units": town_defenders(faction, bronze), "shuffle": False, "draw": False,
            "town": True}


def _choose_town_bronze(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                        ev: list[Event]) -> None:
    tag = dict(ctx[0])
    tag["bronze"] = opt
    R.queue(st).insert(0, ["combat", tag])


def determinize(st: MapState, rng: Any) -> None:
    """Re-deals the event deck's hidden order (a search bot must not read the next event)."""
    exp = st.battle.get("exp")
    if exp and "events" in exp:
        deck = Deck.from_dict(exp["events"])
        cards = sorted(deck.draw_pile.cards)
        rng.shuffle(cards)
        deck.draw_pile.cards = cards
        exp["events"] = deck.to_dict()


# --- the view ------------------------------------------------------------------------------------
def view_part(st: MapState) -> dict[str, Any]:
    """Returns the expansion's public part of the view: the event of this round and its drawer,
    the war machines for sale with both prices, the random towns' factions by field, an event's
    revealed cards."""
    exp = st.battle.get("exp")
    towns = {f"{h[0]},{h[1]}": str(m["faction"]) for h, m in sorted(st.marks.items())
             if "faction" in m}
    if not exp and not towns:
        return {}
    exp = exp or {}
    out: dict[str, Any] = {}
    if towns:
        out["towns"] = towns  # "q,r" -> the faction holding the random town there
    if "events" in exp:
        out["event"] = {"card": exp.get("event", ""), "drawer": exp.get("drawer", -1),
                        "left": len(exp["events"].get("draw", []))}
    if "machines" in exp:
        out["war_machines"] = [{"id": m, "card": C.content().get("war_machine", m).card,
                                "factory": list(machine_price(m, "factory")),
                                "post": list(machine_price(m, "post"))}
                               for m in exp["machines"]]
    if "revealed" in exp:
        out["revealed"] = {"deck": exp["revealed"][0], "cards": list(exp["revealed"][1])}
    return {"expansion": out}


_CORE_TRADING_POST = R._SPECIALS["trading_post"]
R._SPECIALS.update({
    "trading_post": _special_trading_post, "war_machine_factory": _special_factory,
    "prison": _special_prison, "tavern": _special_tavern, "hill_fort": _special_hill_fort,
    "university": _special_university, "black_market": _special_black_market,
    "market_of_time": _special_market_of_time, "scholar": _special_scholar,
    "library": _special_library, "star_axis": _special_star_axis,
    "reveal_pick": _special_reveal_pick, "discard_random": _special_discard_random})
R._CHOICES.update({
    "machine_post": _choose_machine_post, "machine_factory": _choose_machine_factory,
    "tavern": _choose_tavern, "tavern_foe": _choose_tavern_foe, "hill_fort": _choose_hill_fort,
    "university": _choose_university, "black_market": _choose_black_market,
    "time_remove": _choose_time_remove, "time_deck": _choose_time_deck,
    "scholar_stat": _choose_scholar_stat, "library": _choose_library,
    "star_axis": _choose_star_axis, "reveal_pick": _choose_reveal_pick,
    "town_bronze": _choose_town_bronze})
R._OPTIONS.update({
    "machine_post": _options_machine_post, "machine_factory": _options_machine_factory,
    "hill_fort": _options_hill_fort, "university": _options_university,
    "black_market": _options_black_market, "time_remove": _options_time_remove,
    "scholar_stat": _options_scholar_stat, "library": _options_library,
    "star_axis": _options_star_axis})
PROMPTS = {"machine_post": "heroes.exp.prompt.machine_post",
           "machine_factory": "heroes.exp.prompt.machine_factory",
           "tavern": "heroes.exp.prompt.tavern", "tavern_foe": "heroes.exp.prompt.tavern_foe",
           "hill_fort": "heroes.exp.prompt.hill_fort",
           "university": "heroes.exp.prompt.university",
           "black_market": "heroes.exp.prompt.black_market",
           "time_remove": "heroes.exp.prompt.time_remove",
           "time_deck": "heroes.exp.prompt.time_deck",
           "scholar_stat": "heroes.exp.prompt.scholar_stat",
           "library": "heroes.exp.prompt.library", "star_axis": "heroes.exp.prompt.star_axis",
           "reveal_pick": "heroes.exp.prompt.reveal_pick",
           "town_bronze": "heroes.exp.prompt.town_bronze"}
PURPOSES = tuple(PROMPTS)
R.CHOICE_PROMPTS.update(PROMPTS)


# --- labels of the choices (the view's choice_labels; adventure/labels.py) --------------------------
def label(st: MapState, seat: int, purpose: str, opt: str, ctx: list[Any]) -> dict[str, Any]:
    """Returns the label of an option of one of the expansion's choices."""
    from engine.rules.heroes.adventure import labels as L
    from engine.rules.heroes.names import name_of

    def card(cid: str) -> Any:
        return name_of("card", cid)

    if opt in L.WORDS:
        return L.msg(L.WORDS[opt])
    if purpose in ("machine_post", "machine_factory"):
        if opt == "trade":
            return L.msg("heroes.exp.opt.trade")
        where = "post" if purpose == "machine_post" else "factory"
        return L.msg("heroes.exp.opt.machine", card=card(C.content().get("war_machine",
                                                                          opt).card),
                     cost=L.resources(machine_price(opt, where)))
    if purpose == "tavern":
        return L.msg("heroes.exp.opt.hire", cost=L.resources([int(ctx[0]), 0, 0]))
    if purpose == "tavern_foe":
        return L.msg("heroes.exp.opt.foe", seat=int(opt))
    if purpose == "hill_fort":
        return L.msg("heroes.map.opt.reinforce_for", unit=name_of("unit", opt),
                     cost=L.resources(_fort_cost(st, opt, int(ctx[0]))))
    if purpose == "black_market":
        return L.msg("heroes.exp.opt.buy", card=card(opt),
                     cost=L.resources([black_market_price(opt), 0, 0]))
    if purpose == "time_remove":
        return L.msg("heroes.map.opt.remove", card=card(opt))
    if purpose == "time_deck":
        return L.msg("heroes.exp.opt.deck", deck=L.msg(DECK_NAMES[opt]))
    if purpose == "scholar_stat":
        what, cid = opt.split(":", 1)
        if what == "gain":
            return L.msg("heroes.exp.opt.gain_stat", card=card(cid))
        return L.msg("heroes.map.opt.remove", card=card(cid))
    if purpose == "library":
        where, old, new = opt.split(":")
        key = "heroes.exp.opt.library_hand" if where == "hand" else \
            "heroes.exp.opt.library_discard"
        return L.msg(key, old=card(old), new=card(new),
                     cost=L.resources([int(ctx[0]), 0, 0]))
    if purpose == "star_axis":
        return L.msg("heroes.exp.opt.star_axis", old=card(opt),
                     new=card(empowered_card(opt) or opt))
    if purpose == "town_bronze":
        return L.msg("heroes.map.opt.unit", unit=name_of("unit", opt))
    return L.msg("heroes.map.opt.card", card=card(opt))  # university, reveal_pick


DECK_NAMES = {"ability": "heroes.exp.deck.ability", "spell": "heroes.exp.deck.spell",
              "artifact": "heroes.exp.deck.artifact"}
