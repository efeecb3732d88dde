"""Bosses: the boss card on a boss tile, its AI deck and what its cards do.

Seed 001, 6 "Bossfights": "Endgegner haben individuelle Aktionsdecks …, die vor dem Kampf
gemischt werden. Wenn ein Endgegner aktiviert, wird die oberste Karte des Decks gezogen (diese
beschreibt, was der Boss tut), abgehandelt und auf einen Ablagestapel gelegt. Sobald das Deck leer
ist, wird der Ablagestapel gemischt und als neues Deck bereitgestellt bis das Tile beendet ist."
and "jeder Boss [hat] drei unterschiedliche Gegnerkarten, die je nach Spielerzahl verwendet
werden müssen". The spec's resolutions (§8, AMB-29/30) and ours are in
docs/coop_campaign/rules.md, section "Bosses":

- the stat card is chosen by the number of heroes (2, solo included, 3 or 4); the boss is an
  enemy card in an area's column and activates in the normal order;
- it never follows the priority list (no plunder): each activation draws the top AI card,
  resolves its effects in order and discards it; an empty deck reshuffles its discard;
- a stun cancels one draw (with Twinstrike the second draw still happens);
- the tile is won when the boss is defeated (after the action that defeats it); the final round
  ending with the boss alive loses the tile.

AI card effects (``BOSS_EFFECTS`` in effects.py) run from a queue of paths into the card's
definition kept in the enemy activation (``st.strike["ai"]``), so a party decision (who takes
the hit, who is pulled, a defence item) can interrupt a card and the state stays plain data.
"""

from __future__ import annotations

from typing import Any

from engine.content.effects import REGISTRY
from engine.core.actions import Event
from engine.core.deck import Deck
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.defs import GAME
from engine.rules.coop_campaign.state import EnemyState, MissionState

AI = "ai"  # the key of the boss's AI deck in ``MissionState.decks``
STRIKE_KEYS = ("ai_terms", "ai_aoe", "ai_drain")


# --- reading ------------------------------------------------------------------------------------
def stat_card(bid: str, heroes: int) -> str:
    """Returns the content id of a boss's stat card for a number of heroes (solo plays as 2)."""
    cards = C.boss(bid).cards
    return cards[min(max(heroes, 2), 4) - 2]


def stat_cards_heroes(bid: str, card: str) -> int:
    """Returns the hero count a stat card of a boss is for (2, 3 or 4)."""
    return C.boss(bid).cards.index(card) + 2


def boss_enemy(st: MissionState) -> EnemyState | None:
    """Returns the boss card on the tile, or None (no boss tile, or the boss is defeated)."""
    if st.boss is None:
        return None
    return st.enemies.get(str(st.boss["uid"]))


def is_boss(st: MissionState, e: EnemyState) -> bool:
    """Returns True when ``e`` is the tile's boss."""
    return st.boss is not None and st.boss["uid"] == e.uid


def relic_ids() -> list[str]:
    """Returns every relic (the purple loot deck) in content order."""
    return [i.id for i in C.all_of("item") if i.deck == "purple"]


# --- set-up and end ------------------------------------------------------------------------------
def setup(st: MissionState, ev: list[Event]) -> None:
    """Puts the boss's stat card for the hero count into its area, shuffles its AI deck and
    queues the tile's boss set-up effects (checkbox conditions)."""
    tb = C.tile(st.tile).boss
    if tb is None:
        return
    b = C.boss(tb.boss)
    heroes = T.hero_count(st)
    e = E.place_enemy(st, f"{stat_card(b.id, heroes)}.1", tb.area, ev)
    cards = [f"{cid}.{k + 1}" for cid in b.deck for k in range(C.boss_card(cid).copies)]
    st.rng.shuffle(cards)  # seed 001, 6: "die vor dem Kampf gemischt werden"
    st.decks[AI] = Deck(cards)
    st.boss = {"id": b.id, "uid": e.uid, "card": e.card, "last": None, "command": 0,
               "defeated": False, "removed": []}
    ev.append(Event("coop.ev.boss", {"uid": e.uid, "card": e.card, "boss": b.id,
                                     "heroes": min(max(heroes, 2), 4), "area": tb.area}))
    st.tfx += [["boss", "setup", k] for k in range(len(tb.setup))]


def defeated(st: MissionState, ev: list[Event], e: EnemyState) -> None:
    """The boss is defeated: the tile is won once the current action is over (spec §8,
    AMB-30); ``pump`` then ends the round early and resolves the rewards."""
    assert st.boss is not None
    st.boss["defeated"] = True
    st.stage = "victory"
    ev.append(Event("coop.ev.boss_defeated", {"uid": e.uid, "card": e.card,
                                              "round": st.round}))


def victory(st: MissionState, ev: list[Event]) -> None:
    """Ends the tile after the boss fell: nobody acts any more; the rewards resolve."""
    st.order = []
    st.active = -1
    st.strike = None
    st.stage = "rewards"
    rewards = C.tile(st.tile).rewards
    st.tfx += [["rewards", k] for k in range(len(rewards))]


def end_round(st: MissionState, ev: list[Event]) -> bool:
    """Ends the round for the boss: the command bonus lapses; after the final round a boss
    still on the tile loses it (spec §16.4). Returns True when the tile is lost."""
    if st.boss is None:
        return False
    st.boss["command"] = 0
    if st.round >= len(C.tile(st.tile).tracker) and not st.boss["defeated"]:
        st.result = "lost"
        st.reason = "boss_alive"
        ev.append(Event("coop.ev.boss_alive", {"uid": st.boss["uid"], "card": st.boss["card"]}))
        return True
    return False


def zone_out(st: MissionState, e: EnemyState, z: int) -> None:
    """Queues the boss tile's effects for a knocked-out zone of the boss."""
    tb = C.tile(st.tile).boss
    if tb is None or not is_boss(st, e):
        return
    for k, entry in enumerate(tb.zone_out):
        if entry.zone == z:
            st.tfx += [["boss", "zone_out", k, "effects", j] for j in range(len(entry.effects))]


# --- the activation -----------------------------------------------------------------------------
def stunned(st: MissionState, ev: list[Event], e: EnemyState, s: dict[str, Any]) -> bool:
    """A stunned boss turns back and loses one draw (spec §8: "the stun cancels one AI card
    draw"); returns True when a second draw (Twinstrike) is left."""
    if "twinstrike" not in T.keywords(st, e):
        return False
    s["left"] = 1
    return True


def draw(st: MissionState, ev: list[Event], e: EnemyState, s: dict[str, Any]) -> None:
    """Draws the top AI card for the boss's activation (an empty deck reshuffles its discard)
    and queues its effects."""
    assert st.boss is not None
    deck = st.decks[AI]
    card, reshuffled = deck.draw_one(st.rng)
    if reshuffled:
        ev.append(Event("coop.ev.ai_reshuffle", {"uid": e.uid, "card": e.card,
                                                  "cards": deck.draw_count() + 1}))
    if card is None:  # every card was taken out of the deck: the boss does nothing
        ev.append(Event("coop.ev.idle", {"uid": e.uid, "card": e.card}))
        s["left"] -= 1
        s["stage"] = "begin"
        return
    cid = C.card_def(card)
    d = C.boss_card(cid)
    st.boss["last"] = card
    s["ai"] = {"card": card, "queue": [["@ai", cid, "effects", k] for k in range(len(d.effects))],
               "redraws": s.get("ai", {}).get("redraws", 0)}
    s["stage"] = "ai"
    ev.append(Event("coop.ev.ai_card", {"uid": e.uid, "card": e.card, "ai": card,
                                        "text": dict(d.text), "deck": deck.draw_count(),
                                        "area": e.area}, reveal=True))


def run_card(rules: Any, st: MissionState, ev: list[Event], e: EnemyState,
             s: dict[str, Any]) -> None:
    """Resolves the drawn AI card's effects in order until one hands over to an attack (the
    strike's pick, pull and hit stages come back here) or waits for a decision; a finished card
    goes to the discard pile."""
    while s["stage"] == "ai" and st.result is None and not st.flow.stack:
        ai = s["ai"]
        if not ai["queue"]:
            st.decks[AI].discard([ai["card"]])
            for k in ("ai", "pulled", *STRIKE_KEYS):
                s.pop(k, None)
            s["left"] -= 1
            s["stage"] = "begin"
            return
        path = ai["queue"].pop(0)
        ctx = E.Ctx(rules, st, ev, st.token, None, None, path)
        REGISTRY.run(GAME, ctx, E.tile_effect(st, path))


def attack_terms(st: MissionState, e: EnemyState, strength: int) -> list[tuple[str, int]]:
    """Returns the parts of a boss attack: its own attack (printed, leaders, star) when the card
    gives no strength, else the card's strength plus the star's bonus."""
    if not strength:
        return T.attack_terms(st, e)
    terms = [("ai_card", strength)]
    d = T.edef(e)
    if e.star and d.star is not None and d.star.attack:
        terms.append(("star", int(d.star.attack)))
    return terms


def after_hit(st: MissionState, ev: list[Event], s: dict[str, Any], who: int) -> None:
    """What an AI card does to a hero after its attack: the mana drain."""
    amount = s.get("ai_drain", 0)
    if amount:
        E.drain_hero(st, ev, who, amount)


def _heal(st: MissionState, ev: list[Event], e: EnemyState, amount: int) -> None:
    E.lifesteal(st, ev, e, amount, "coop.ev.enemy_heal")


# --- AI card effects (ctx.fx_boss(name, ...)) --------------------------------------------------
def fx_attack(ctx: Any, strength: int, target: str, aoe: bool, drain: int,
              otherwise: Any) -> bool:
    st: MissionState = ctx.st
    s = st.strike
    e = boss_enemy(st)
    if s is None or e is None:
        return False
    if target in ("around", "all"):
        if target == "around":
            areas = {e.area, T.ring_step(e.area, True), T.ring_step(e.area, False)}
        else:
            areas = set(T.RING)
        queue = [i for i, h in enumerate(st.heroes) if T.standing(h) and h.area in areas]
        if not queue:
            ctx._nested(otherwise, "otherwise")
            return False
        s.update(ai_terms=[list(t) for t in attack_terms(st, e, strength)], ai_aoe=False,
                 ai_drain=drain, queue=queue, stage="hit")
        for who in queue:
            ctx.ev.append(Event("coop.ev.target", {"uid": e.uid, "card": e.card, "who": who,
                                                   "why": target}))
        return False
    cands: list[int] = []
    why = "area"
    if target == "here":
        cands = E._who_in(st, e.area)
    elif target == "lowest_hp":
        legal = [i for i, h in enumerate(st.heroes) if T.standing(h)]
        if legal:
            low = min(st.heroes[i].hp for i in legal)
            aimed = [i for i in legal if st.heroes[i].hp == low]
            guards = E.bodyguards(st, aimed)
            cands = aimed + guards
            why = "lowest_hp"
            if guards:
                s["aimed"] = aimed
    else:  # ranged: its own area first, else the nearest heroes in the coin's direction
        cands = E._who_in(st, e.area)
        if not cands and any(T.standing(h) for h in st.heroes):
            cw = E.flip_coin(st)
            area = T.nearest(st, e.area, cw, lambda a: E._has_hero(st, a))
            ctx.ev.append(Event("coop.ev.coin", {"uid": e.uid, "card": e.card,
                                                 "clockwise": cw, "why": "range"}))
            if area is not None:
                cands = E._who_in(st, area)
                why = "range"
    if not cands:
        ctx._nested(otherwise, "otherwise")
        return False
    s.update(ai_terms=[list(t) for t in attack_terms(st, e, strength)], ai_aoe=aoe,
             ai_drain=drain, cands=cands, why=why, stage="pick")
    return False


def fx_move(ctx: Any, to: str) -> bool:
    st: MissionState = ctx.st
    e = boss_enemy(st)
    if e is None:
        return False
    src = e.area
    if to in ("clockwise", "counter"):
        dest = T.ring_step(src, to == "clockwise")
    else:
        counts = {d: len(v) for d, v in T.hero_areas(st).items()}
        best = max(counts.values())
        if best == 0 or counts[src] == best:
            dest = src
        else:
            tied = [d for d in T.RING if counts[d] == best]
            if len(tied) == 1:
                dest = tied[0]
            else:
                cw = E.flip_coin(st)
                ctx.ev.append(Event("coop.ev.coin", {"uid": e.uid, "card": e.card,
                                                     "clockwise": cw, "why": "move"}))
                dest = T.nearest(st, src, cw, lambda a: a in tied) or src
    if dest == src:
        ctx.ev.append(Event("coop.ev.boss_stays", {"uid": e.uid, "card": e.card, "area": src}))
        return False
    E.move_enemy(st, e, dest)
    ctx.ev.append(Event("coop.ev.enemy_moves", {"uid": e.uid, "card": e.card, "from": src,
                                                "to": dest}))
    return False


def fx_spawn(ctx: Any, rank: str, where: str) -> bool:
    st: MissionState = ctx.st
    e = boss_enemy(st)
    if e is None:
        return False
    if where == "boss":
        areas = [e.area]
    else:
        here = T.hero_areas(st)
        areas = [d for d in E._ring_from(C.tile(st.tile).start) if here[d]]
    for area in areas:
        E.spawn(st, rank, area, ctx.ev)
    return False


def fx_summon(ctx: Any, family: str, count: int) -> bool:
    st: MissionState = ctx.st
    e = boss_enemy(st)
    if e is None:
        return False
    deck = st.decks["minion"]
    below = e.uid
    for _ in range(count):
        card = next((c for pile in (deck.draw_pile, deck.discard_pile) for c in pile.cards
                     if C.enemy(C.card_def(c)).family == family), None)
        if card is None:
            ctx.ev.append(Event("coop.ev.summon_none", {"uid": e.uid, "card": e.card}))
            return False
        if not deck.draw_pile.remove(card):
            deck.discard_pile.remove(card)
        below = E.place_enemy(st, card, e.area, ctx.ev, below=below).uid
        ctx.ev.append(Event("coop.ev.summon", {"uid": e.uid, "card": e.card, "summoned": card}))
    return False


def fx_taunt(ctx: Any) -> bool:
    st: MissionState = ctx.st
    e = boss_enemy(st)
    if e is None or st.strike is None:
        return False
    E._pull(st, ctx.ev, e, st.strike)
    return False


def fx_heal(ctx: Any, amount: int, unless_hero_here: bool) -> bool:
    st: MissionState = ctx.st
    e = boss_enemy(st)
    if e is None:
        return False
    if unless_hero_here and E._has_hero(st, e.area):
        ctx.ev.append(Event("coop.ev.heal_prevented", {"uid": e.uid, "card": e.card,
                                                       "area": e.area}))
        return False
    _heal(st, ctx.ev, e, amount)
    return False


def fx_heal_enemies(ctx: Any, families: tuple[str, ...], amount: int) -> bool:
    st: MissionState = ctx.st
    for e in st.living():
        if not is_boss(st, e) and T.edef(e).family in families:
            _heal(st, ctx.ev, e, amount)
    return False


def fx_unstun(ctx: Any, families: tuple[str, ...]) -> bool:
    st: MissionState = ctx.st
    for e in st.living():
        if e.stunned and T.edef(e).family in families:
            e.stunned = False
            ctx.ev.append(Event("coop.ev.unstun", {"uid": e.uid, "card": e.card}))
    return False


def fx_command(ctx: Any, attack: int) -> bool:
    st: MissionState = ctx.st
    e = boss_enemy(st)
    if st.boss is None or e is None:
        return False
    st.boss["command"] += attack
    ctx.ev.append(Event("coop.ev.command", {"uid": e.uid, "card": e.card, "attack": attack}))
    return False


def fx_redraw(ctx: Any) -> bool:
    st: MissionState = ctx.st
    s = st.strike
    e = boss_enemy(st)
    if s is None or e is None or "ai" not in s:
        return False
    ai = s["ai"]
    deck = st.decks[AI]
    deck.discard([ai["card"]])
    ctx.ev.append(Event("coop.ev.ai_redraw", {"uid": e.uid, "card": e.card, "ai": ai["card"]}))
    ai["queue"] = []
    ai["redraws"] += 1
    if ai["redraws"] > len(deck):  # only cards that send the boss on are left: stop
        s.pop("ai")
        s["left"] -= 1
        s["stage"] = "begin"
        return False
    draw(st, ctx.ev, e, s)
    return False


def fx_damage(ctx: Any, zone: int, amount: int) -> bool:
    st: MissionState = ctx.st
    e = boss_enemy(st)
    if e is None:
        return False
    boxes = T.edef(e).zones[zone].boxes
    dealt = max(0, min(amount, boxes - 1 - e.damage[zone]))  # a set-up never knocks out
    if dealt:
        e.damage[zone] += dealt
        e.log.append([zone, dealt])
    ctx.ev.append(Event("coop.ev.boss_damage", {"uid": e.uid, "card": e.card, "zone": zone,
                                                "damage": dealt}))
    return False


def fx_remove_card(ctx: Any, card: str) -> bool:
    st: MissionState = ctx.st
    if st.boss is None or AI not in st.decks:
        return False
    deck = st.decks[AI]
    gone = [c for pile in (deck.draw_pile, deck.discard_pile) for c in pile.cards
            if C.card_def(c) == card]
    for c in gone:
        deck.destroy(c)
    st.boss["removed"] = [*st.boss["removed"], *gone]
    ctx.ev.append(Event("coop.ev.ai_removed", {"ai": card, "count": len(gone)}))
    return False
