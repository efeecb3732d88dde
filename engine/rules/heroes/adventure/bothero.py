"""Bot heroes on the adventure map: the solo campaign's opponents (seed 002, "Bot-Regeln",
"Spielzug eines Bot-Helden"; spec §14.1, R-250/251, AMB-75..78).

A campaign scenario (``mode: campaign``, engine/rules/heroes/campaigndefs.py) lays its bot towns
face up at set-up and puts its bot heroes in them. The bots' state is plain data in
``MapState.solo`` (bot towns, bot heroes with field, MP and static army, the bot deck chosen at
set-up, the count of round ends the player held its mines); a field a bot flagged carries the
mark ``bot`` (the bot's index) instead of a faction cube.

The bots move after the player, once the player's turn ends the round (seed: "Die Bot-Helden
kommen nach dem Spieler an die Reihe"), one after another, each with 3 MP that it always spends,
one MP at a time, repeating the seed's priorities:

1. a player's hero on the bot's tile: a step toward it, to fight it;
2. else a mine or settlement on the bot's tile that no bot holds: a step toward the nearest;
3. else a step toward the player's town.

"Nearest" and the steps follow the shortest way in MP over the revealed fields and the fields of
face-down tiles (discovering a tile costs 1 MP, spec AMB-75); ties go to the lower field
``(q, r)``. Before stepping onto a face-down tile the bot discovers it (1 MP) and the player
turns it (a ``rotate_tile`` decision). The bot wins every battle against neutrals at once, visits
or flags every field it enters (a visitable location gets its status cube; a mine, settlement
or the player's town its bot flag) and takes no reward. Entering the player's hero starts a
battle in which the bot attacks; entering the player's town or settlement without a hero lets
the player pay 8 gold to defend it with its units (spec AMB-77), else the bot flags it. A combat
ends the bot's turn (our decision: "gibt dieser alle BP aus, um … einen Kampf zu beginnen").
Battles against bots: the bot side is automatic and draws bot cards
(engine/rules/heroes/battle/botdeck.py); no time limit, no retreat, no surrender either way;
the 12-round cap of battles between players applies. A beaten bot leaves the map; beating it
gives nothing (seed: "erhält man keine Belohnungen") — no gold, no cube, no XP. A bot that beats
the player's main hero takes no gold and no cube; the hero loses morale and goes home as after
any lost battle. Every decision is logged (events ``heroes.bot.*``) with its reason.

The scenario's goals are checked here too (``defeat_bot_heroes``, ``hold_mines``,
``capture_bot_town``); the scenario is lost when the player is eliminated or the round limit
passes. docs/heroes/rules.md ("The solo campaign") records every decision.
"""

from __future__ import annotations

from typing import Any

from engine.core import hexgrid as hx
from engine.core import pathing, subgame
from engine.core.actions import Event
from engine.core.deck import Deck
from engine.core.protocol import GameConfig
from engine.rules.heroes import content as C
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.state import MAIN, SECONDARY, MapState

Hex = tuple[int, int]
BOT_MP = 3  # seed "Bot-Regeln": "Sie beginnen in ihrer Stadt und haben 3 BP"
TYPES = ("might", "magic", "skill")
WHY = {"hero": "heroes.bot.why.hero", "flag": "heroes.bot.why.flag",
       "town": "heroes.bot.why.town"}
HERO_KEYS = {MAIN: "heroes.bot.hero.main", SECONDARY: "heroes.bot.hero.secondary",
             "garrison": "heroes.bot.hero.garrison"}
RESULTS = {"player": "heroes.bot.result.player", "bot": "heroes.bot.result.bot",
           "none": "heroes.bot.result.none"}
STAT_KINDS = ("stat",)


def _ev(key: str, **params: Any) -> Event:
    return Event(key, params)


def _h(v: Any) -> Hex:
    return (int(v[0]), int(v[1]))


def _jh(h: Hex | None) -> list[int] | None:
    return None if h is None else [h[0], h[1]]


def is_solo(st: MapState) -> bool:
    """Returns True for a campaign scenario (a game with bot heroes)."""
    return st.solo is not None


def solo_of(st: MapState) -> dict[str, Any]:
    """Returns the bot side of a campaign scenario's state (plain data, see the module)."""
    assert st.solo is not None
    return st.solo


def bots(st: MapState) -> list[dict[str, Any]]:
    """Returns the bot heroes (plain data: id, name, pos, prev, mp, units, moves, out, town)."""
    return solo_of(st)["bots"]  # type: ignore[no-any-return]


def scenario_solo(st: MapState) -> dict[str, Any]:
    """Returns the scenario's bot side (plain data of campaigndefs.SoloDef)."""
    solo = R.mc().scenarios[st.scenario].solo
    assert solo is not None
    return solo  # type: ignore[no-any-return]


def bot_at(st: MapState, h: Hex) -> int | None:
    """Returns the index of the first bot hero in the game standing on field h, or None."""
    if st.solo is None:
        return None
    for i, b in enumerate(solo_of(st)["bots"]):
        if not b["out"] and b["pos"] is not None and _h(b["pos"]) == h:
            return i
    return None


def bot_town_at(st: MapState, h: Hex) -> int | None:
    """Returns the index of the bot town on field h, or None."""
    if st.solo is None:
        return None
    for i, t in enumerate(solo_of(st)["towns"]):
        if _h(t["at"]) == h:
            return i
    return None


def _name(st: MapState, i: int) -> dict[str, str]:
    return dict(bots(st)[i]["name"])


def players_out(st: MapState) -> bool:
    """Returns True when no player is left to move against (every seat eliminated)."""
    return all(p.out for p in st.ps)


def town_owner(st: MapState, h: Hex) -> int | None:
    """Returns the player whose own town lies on h (a co-operative game has several)."""
    return next((s for s, p in enumerate(st.ps) if p.town == h), None)


def chooser(st: MapState) -> int:
    """Returns the player who turns the tiles a bot discovers: the first one still in the game
    (our decision for co-operative games; the seed's solo rule says "the player")."""
    return next((s for s, p in enumerate(st.ps) if not p.out), 0)


def place(st: MapState, h: Hex) -> dict[str, Any]:
    """Returns how the log names field h: a bot town, the player's town, a location, a field."""
    if bot_town_at(st, h) is not None:
        return {"key": "heroes.bot.place.bot_town", "params": {}}
    owner = town_owner(st, h)
    if owner is not None:  # "owner": whose town, named in a co-operative game's log
        return {"key": "heroes.bot.place.town", "params": {"owner": owner}}
    f = R.board(st).fields.get(h)
    if f is not None and f.location is not None:
        name = R.mc().locations[f.location].name
        return {"key": "heroes.bot.place.named",
                "params": {"name": {"en": str(name["en"]), "de": str(name["de"])}}}
    return {"key": "heroes.bot.place.field", "params": {}}


def hero_word(hero: str | None, seat: int | None = None) -> dict[str, Any]:
    """Returns how the log names the player's side in a bot battle: a hero or the garrison
    (``owner``: whose, named in a co-operative game's log; the solo texts say "your")."""
    return {"key": HERO_KEYS[hero or "garrison"],
            "params": {} if seat is None else {"owner": seat}}


def _reason(st: MapState, why: str, target: Hex) -> dict[str, Any]:
    main = next((s for s, p in enumerate(st.ps) if p.pos[MAIN] == target), None)
    if why == "hero":
        other = next((s for s, p in enumerate(st.ps) if p.pos[SECONDARY] == target), None)
        goal = hero_word(MAIN, main) if main is not None else hero_word(SECONDARY, other)
    else:
        goal = place(st, target)
    return {"key": WHY[why], "params": {"goal": goal}}


# --- set-up ------------------------------------------------------------------------------------
def set_up(st: MapState, carry: dict[str, Any] | None) -> None:
    """Lays the bot towns, puts the bot heroes in them, deals the bot deck (seed "Kartendecks
    der Bot-Helden": the cards of each type at random, the skill cards' abilities set aside, the
    bot spells taken out of the spell deck) and, in a later scenario of a campaign, builds the
    hero's deck from what it carried (seed "Spielende", spec R-285)."""
    solo = scenario_solo(st)
    rng = st.rng
    used = {p.faction for p in st.ps}
    towns = []
    for t in solo["towns"]:
        faction = next((f for f in t["factions"] if f not in used), t["factions"][-1])
        used.add(faction)
        tile = R.mc().start_tile(faction)
        assert tile is not None
        st.placed.append([tile, int(t["at"][0]), int(t["at"][1]), int(t["rotation"])])
        towns.append({"at": [int(t["at"][0]), int(t["at"][1])], "faction": faction,
                      "walls": bool(t["walls"])})
    st.board_cache = None
    heroes = []
    for b in solo["bots"]:
        at = towns[int(b["town"])]["at"]
        heroes.append({"id": b["id"], "name": dict(b["name"]), "pos": list(at), "prev": None,
                       "mp": 0, "units": [[u["unit"], bool(u["pack"])] for u in b["units"]],
                       "moves": bool(b["moves"]), "out": False, "town": int(b["town"])})
    deck = solo["deck"]
    chosen: list[str] = []
    for kind in TYPES:
        pool = sorted(c.id for c in C.all_of("bot_card") if c.type == kind)
        rng.shuffle(pool)
        chosen += pool[:int(deck[kind])]
    abilities = []
    for cid in chosen:
        ability = C.content().get("bot_card", cid).ability
        if ability is not None and _take_out(st.decks["ability"], ability):
            abilities.append(ability)
    spells = [s for s in deck["spells"] if _take_out(st.decks["spell"], s)]
    from engine.rules.heroes.adventure.campaign import first_campaign

    st.solo = {"towns": towns, "bots": heroes, "deck": {"cards": chosen, "spells": spells,
                                                        "abilities": abilities},
               "hold": 0, "pool": [], "keep": 0, "picked": [],
               # the campaign and this scenario's place in it (carried out when it ends)
               "campaign": carry["campaign"] if carry else first_campaign().id,
               "index": int(carry["next"]) if carry else 0,
               "won": list(carry["won"]) if carry else []}
    if carry is not None:
        _carried_deck(st, carry)


def _take_out(deck: Deck, cid: str) -> bool:
    """Takes one copy of a card out of a shared deck (draw pile first); False: none there."""
    return deck.draw_pile.remove(cid) or deck.discard_pile.remove(cid)


def _carried_deck(st: MapState, carry: dict[str, Any]) -> None:
    """Replaces setup 11.-13. (seed "Spielende"): every statistic card carried, specialty I,
    and ``keep`` cards of the player's choice among the others (no specialty), chosen one at a
    time at the start of the scenario (decision ``carry_card``)."""
    from engine.rules.heroes.adventure.campaign import campaign_content

    p = st.ps[0]
    stats = [c for c in carry["cards"] if C.card(c).kind in STAT_KINDS]
    first = C.hero(p.hero).specialties[0]
    pool = sorted(c for c in carry["cards"] if C.card(c).kind not in STAT_KINDS
                  and C.card(c).kind != "specialty")
    keep = min(campaign_content(carry["campaign"]).keep, len(pool))
    p.deck = Deck(sorted(stats) + [first])
    solo_of(st)["pool"] = pool
    solo_of(st)["keep"] = keep
    if keep >= len(pool):  # nothing to choose: every card goes along
        p.deck.draw_pile.cards += pool
        solo_of(st)["picked"] = pool[:]
        solo_of(st)["pool"] = []
        solo_of(st)["keep"] = 0
        p.deck.shuffle(st.rng)
        return
    R.queue(st)[:0] = [["choose", 0, "carry_card", [], [i]] for i in range(keep)] + \
        [["carry_done"]]


def _options_carry(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    return sorted(set(solo_of(st)["pool"])) if st.solo else []


def _choose_carry(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                  ev: list[Event]) -> None:
    solo = st.solo
    assert solo is not None
    solo["pool"].remove(opt)
    solo["picked"].append(opt)
    solo["keep"] -= 1
    st.ps[seat].deck.draw_pile.cards.append(opt)
    ev.append(_ev("heroes.bot.carry_pick", seat=seat, card=opt, left=solo["keep"]))


def _step_carry_done(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    """The carried deck is complete: it is shuffled (set-up 14.)."""
    solo = st.solo
    assert solo is not None
    solo["pool"] = []
    st.ps[0].deck.shuffle(st.rng)
    ev.append(_ev("heroes.bot.carry_deck", seat=0, count=st.ps[0].deck.draw_count()))


def bonus_alternatives(st: MapState) -> tuple[Any, ...]:
    """Returns the start bonus alternatives: a campaign scenario's own, else the difficulty's
    (seed "Szenario-Schwierigkeit": "Szenarien einer Kampagne haben eigene Startboni, welche
    die regulären ersetzen")."""
    if st.solo is not None and scenario_solo(st).get("bonus"):
        return tuple(tuple(dict(e) for e in alt) for alt in scenario_solo(st)["bonus"])
    return R.mc().difficulties.get(R._difficulty(st), ())  # type: ignore[no-any-return]


# --- the bots' turns ---------------------------------------------------------------------------
def turn_steps(st: MapState) -> list[list[Any]]:
    """Returns the queue steps of the bots' turns (after the player's, before the round ends)."""
    return [["bot_turn", i] for i in range(len(bots(st)))]


def _step_bot_turn(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    i = int(item[1])
    b = bots(st)[i]
    if b["out"] or players_out(st):
        return
    if not b["moves"]:
        ev.append(_ev("heroes.bot.stays", bot_name=_name(st, i), field=b["pos"]))
        return
    b["mp"] = BOT_MP
    ev.append(_ev("heroes.bot.turn", bot_name=_name(st, i), mp=BOT_MP, field=b["pos"]))
    R.queue(st).insert(0, ["bot_step", i])


def _step_bot_step(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    """One MP of a bot's turn: the seed's priorities, then a discovery or a step."""
    i = int(item[1])
    b = bots(st)[i]
    if b["out"] or b["mp"] <= 0 or b["pos"] is None or players_out(st):
        return
    here = _h(b["pos"])
    plan = decide(st, i)
    if plan is None:
        ev.append(_ev("heroes.bot.idle", bot_name=_name(st, i), field=_jh(here)))
        b["mp"] = 0
        return
    why, target, path = plan
    if len(path) < 2:  # on the target already (a player's hero on its field: a combat now)
        b["mp"] = 0
        if why == "hero":
            _challenge(rules, st, i, here, ev)
        else:  # at the player's town already: it stays there
            ev.append(_ev("heroes.bot.at_town", bot_name=_name(st, i), field=_jh(here),
                          owner=town_owner(st, here)))
        return
    nxt = path[1]
    b["mp"] -= 1
    q = R.queue(st)
    q.insert(0, ["bot_step", i])
    board = R.board(st)
    if nxt not in board.fields:
        at = hx.tile_anchor_of(nxt)
        _discover(st, i, at, why, target, ev)
        return
    b["prev"] = b["pos"]
    b["pos"] = [nxt[0], nxt[1]]
    ev.append(_ev("heroes.bot.move", bot_name=_name(st, i), to=_jh(nxt), mp=b["mp"], why=why,
                  reason=_reason(st, why, target), target=_jh(target)))
    arrive(rules, st, i, nxt, ev)


def _discover(st: MapState, i: int, at: Hex, why: str, target: Hex, ev: list[Event]) -> None:
    """The bot turns a face-down tile up (1 MP); the player chooses its rotation (seed: "Der
    Spieler wählt die Ausrichtung des Gebiets"), unless the scenario fixes it."""
    slot = next(s for s in st.slots if (s[1], s[2]) == at)
    st.slots.remove(slot)
    tile = slot[3]
    ev.append(Event("heroes.bot.discover", {
        "bot_name": _name(st, i), "tile": tile, "at": [at[0], at[1]],
        "mp": bots(st)[i]["mp"], "why": why, "reason": _reason(st, why, target),
        "target": _jh(target), "player": chooser(st)}, reveal=True))
    fixed = next((x.rotation for x in R.mc().scenarios[st.scenario].slots
                  if x.at == at and x.rotation is not None), None)
    if fixed is not None:
        st.placed.append([tile, at[0], at[1], int(fixed)])
        st.board_cache = None
        return
    R._ask_rotation(st, chooser(st), tile, at, "discover")


def _costs(st: MapState, start: Hex) -> pathing.CostMap[Hex]:
    """Returns the bot's MP to every field it can reach: a step 1 MP; a field of a face-down
    tile 1 MP more for discovering the tile (spec AMB-75); walls of a face-down tile unknown."""
    board = R.board(st)
    slot_of: dict[Hex, Hex] = {}
    for s in st.slots:
        for f in hx.tile_fields((s[1], s[2])):
            if f not in board.fields:
                slot_of[f] = (s[1], s[2])
    fields = board.fields

    def nbrs(a: Hex) -> list[tuple[Hex, float]]:
        out: list[tuple[Hex, float]] = []
        mine = slot_of.get(a)
        if mine is None:
            out += [(n, 1.0) for n in board.steps(a)]
        else:
            out += [(n, 1.0) for n in hx.neighbours(a)
                    if n in fields and not fields[n].blocked]
        for n in hx.neighbours(a):
            other = slot_of.get(n)
            if other is not None:
                out.append((n, 1.0 if other == mine else 2.0))
        return out
    return pathing.cost_map(start, nbrs)


def _capturable(st: MapState, h: Hex) -> bool:
    """Returns True when a bot could flag the location on h: a mine or settlement no bot
    holds (seed: "Minen oder Siedlungen …, die der Bot einnehmen könnte")."""
    f = R.board(st).fields.get(h)
    if f is None or f.location is None:
        return False
    info = R.mc().locations[f.location]
    return info.role in (R.MINE, R.SETTLEMENT) and st.marks.get(h, {}).get("bot") is None


def decide(st: MapState, i: int) -> tuple[str, Hex, list[Hex]] | None:
    """Returns the bot's priority (hero, flag or town), its target field and the way there (its
    own field first), or None when no target can be reached."""
    b = bots(st)[i]
    here = _h(b["pos"])
    tile = hx.tile_anchor_of(here)
    costs = _costs(st, here)

    def best(cands: list[Hex]) -> Hex | None:
        reach = [h for h in cands if h in costs]
        return min(reach, key=lambda h: (costs.costs[h], h)) if reach else None

    # spec AMB-76: with several players (co-operative), the nearest hero and the nearest town
    live = [p for p in st.ps if not p.out]
    heroes = [h for p in live for h in (p.pos[MAIN], p.pos[SECONDARY])
              if h is not None and hx.tile_anchor_of(h) == tile]
    target = best(heroes)
    why = "hero"
    if target is None:
        mines = [h for h in R.board(st).fields
                 if hx.tile_anchor_of(h) == tile and _capturable(st, h)]
        target, why = best(mines), "flag"
    towns = [p.town for p in live if p.town is not None]
    if target is None and towns:
        target, why = best(towns), "town"
    if target is None:
        return None
    path = costs.path(target)
    assert path is not None
    return why, target, path


# --- arriving ----------------------------------------------------------------------------------
def arrive(rules: Any, st: MapState, i: int, h: Hex, ev: list[Event]) -> None:
    """A bot enters field h: a player's hero there is attacked; the player's town or settlement
    may be defended; guards are beaten at once; then the bot visits or flags the field."""
    q = R.queue(st)
    if R.heroes_at(st, h):
        bots(st)[i]["mp"] = 0  # a combat ends the bot's turn
        _challenge(rules, st, i, h, ev)
        return
    cat = R.category(st, h)
    o = R.owner(st, h)
    if cat in (R.TOWN, R.SETTLEMENT) and o is not None:
        p = st.ps[o]
        tag = _tag(st, i, "bot", o, None, h)
        ev.append(_ev("heroes.bot.threat", bot_name=_name(st, i), field=_jh(h),
                      place=place(st, h)))
        options = ["yield"]
        if R.afford(p.res, R.eco().defence) and p.units:
            options.insert(0, "defend")
        q.insert(0, ["choose", o, "bot_defend", options, [tag]])
        return
    f = R.board(st).fields[h]
    m = st.marks.get(h, {})
    if f.guard and m.get("cube") is None and not m.get("flagged") and not m.get("cleared"):
        # seed: "Bot-Helden gewinnen automatisch jeden Kampf gegen neutrale Einheiten"
        st.marks.setdefault(h, {})["cleared"] = True
        ev.append(_ev("heroes.bot.guards", bot_name=_name(st, i), field=_jh(h), guard=f.guard,
                      place=place(st, h)))
    visit(st, i, h, ev)


def _tag(st: MapState, i: int, attacker: str, seat: int, hero: str | None,
         h: Hex) -> dict[str, Any]:
    """Returns the tag of a battle between bot ``i`` and the player on field h: a siege when
    the defender holds a walled town there (the player's own with walls built, or a bot town
    laid with walls)."""
    p = st.ps[seat]
    if attacker == "bot":
        siege = p.town == h and R.owner(st, h) == seat and R._unlocked(st, seat, "walls")
        town = p.town == h and R.owner(st, h) == seat
    else:
        t = bot_town_at(st, h)
        siege = t is not None and bool(solo_of(st)["towns"][t]["walls"]) \
            and st.marks.get(h, {}).get("cube") != seat
        town = siege
    return {"kind": "bot", "bot": i, "attacker": attacker, "seat": seat, "hero": hero,
            "field": _jh(h), "town": town, "siege": siege}


def _challenge(rules: Any, st: MapState, i: int, h: Hex, ev: list[Event]) -> None:
    """The bot attacks the player's hero on h (the main hero before the secondary one)."""
    seat, hero = sorted(R.heroes_at(st, h), key=lambda e: (e[0], e[1] != MAIN))[0]
    tag = _tag(st, i, "bot", seat, hero, h)
    ev.append(_ev("heroes.bot.challenge", bot_name=_name(st, i), seat=seat, hero=hero,
                  field=_jh(h), who=hero_word(hero, seat)))
    R.queue(st)[:0] = [["window"], ["combat", tag]]


def visit(st: MapState, i: int, h: Hex, ev: list[Event]) -> None:
    """The bot visits field h: a visitable location is used up (its status cube), a mine or
    settlement and the player's town get the bot's flag; no reward (seed: "Sie erhalten niemals
    Belohnungen von Orten")."""
    f = R.board(st).fields[h]
    if f.location is None:
        return
    info = R.mc().locations[f.location]
    kind = R.location_kind(st, info)
    m = st.marks.setdefault(h, {})
    if kind == R.VISITABLE:
        if m.get("cube") != -1:
            m["cube"] = -1
            ev.append(_ev("heroes.bot.visit", bot_name=_name(st, i), field=_jh(h),
                          location=info.id, place=place(st, h)))
        return
    if kind == R.REVISITABLE or info.shared:
        return
    if kind == R.TOWN and town_owner(st, h) is None:
        return  # a bot town (or none of the players'): nothing to take
    if m.get("bot") is not None:
        return
    former = m.pop("cube", None)
    m["bot"] = i
    m["flagged"] = True
    m["choice"] = ""
    taken = former is not None and former >= 0
    ev.append(_ev("heroes.bot.flag_taken" if taken else "heroes.bot.flag",
                  bot_name=_name(st, i), field=_jh(h), location=info.id, place=place(st, h),
                  former=former))


def _choose_defend(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                   ev: list[Event]) -> None:
    tag = ctx[0]
    i = int(tag["bot"])
    h = _h(tag["field"])
    if opt == "defend":
        # seed "Kampf beginnen": 8 gold to defend with the units, without the deck (spec AMB-77)
        R.pay(st.ps[seat].res, R.eco().defence)
        ev.append(_ev("heroes.map.defend", seat=seat, gold=R.eco().defence[0]))
        bots(st)[i]["mp"] = 0
        R.queue(st)[:0] = [["window"], ["combat", tag]]
        return
    ev.append(_ev("heroes.bot.yielded", seat=seat, bot_name=_name(st, i), field=_jh(h),
                  place=place(st, h)))
    visit(st, i, h, ev)


def player_arrives(rules: Any, st: MapState, seat: int, hero: str, h: Hex,
                   ev: list[Event]) -> bool:
    """Returns True when the player's hero entered a bot hero's field: a battle with it."""
    i = bot_at(st, h)
    if i is None:
        return False
    tag = _tag(st, i, "player", seat, hero, h)
    ev.append(_ev("heroes.bot.attacked", seat=seat, hero=hero, bot_name=_name(st, i),
                  field=_jh(h), who=hero_word(hero, seat)))
    R.queue(st)[:0] = [["window"], ["combat", tag]]
    return True


def _step_player_arrive(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    """The player's hero arrives again after beating a bot: another bot, the town, a visit."""
    _, seat, hero, h = item
    if st.ps[seat].pos[hero] == _h(h):
        R.arrive(rules, st, seat, hero, _h(h), ev)


def _step_bot_arrive(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    """The bot arrives again after a battle it won as attacker: another hero, a town, a visit."""
    i, h = int(item[1]), _h(item[2])
    b = bots(st)[i]
    if not b["out"] and b["pos"] is not None and _h(b["pos"]) == h:
        arrive(rules, st, i, h, ev)


# --- battles -----------------------------------------------------------------------------------
def bot_spec(st: MapState, i: int) -> dict[str, Any]:
    """Returns the battle side of bot ``i``: automatic units with the bot deck (each battle
    starts with the whole bot deck shuffled; it is not refilled in battle)."""
    b = bots(st)[i]
    deck = solo_of(st)["deck"]
    return {"seat": None, "units": [{"unit": u, "pack": bool(k)} for u, k in b["units"]],
            "town": bool(b["pos"] is not None and bot_town_at(st, _h(b["pos"])) is not None),
            "bot": {"cards": list(deck["cards"]), "spells": list(deck["spells"]),
                    "difficulty": R._difficulty(st), "name": dict(b["name"])}}


def start_battle(rules: Any, st: MapState, tag: dict[str, Any], ev: list[Event]) -> None:
    """Starts a battle between a bot hero and the player (a ``heroes_battle`` sub-game)."""
    i, seat, hero = int(tag["bot"]), int(tag["seat"]), tag["hero"]
    h = _h(tag["field"])
    b = bots(st)[i]
    if b["out"] or b["pos"] is None or _h(b["pos"]) != h or st.ps[seat].out:
        return
    if hero is not None and st.ps[seat].pos[hero] != h:
        return
    player = R.side_of(st, seat, hero, town=bool(tag["town"]) and tag["attacker"] == "bot")
    player["seat"] = 0
    mine = bot_spec(st, i)
    sides = [mine, player] if tag["attacker"] == "bot" else [player, mine]
    if not player["units"]:
        # a side without units cannot fight: it loses at once
        st.flow.phase = R.BATTLE
        _over(rules, st, tag, 0 if tag["attacker"] == "bot" else 1, "defeat", None, ev)
        return
    spec = {"kind": "siege" if tag["siege"] else "field", "max_rounds": R.PVP_ROUNDS,
            "surrender": False, "sides": sides, "variants": R._variants(st)}
    st.flow.phase = R.BATTLE
    st.battle["tag"] = tag
    config = GameConfig.for_players(1, bots=False, battle=spec)
    opening: list[Event] = []
    st.sub = subgame.start("heroes_battle", config, (seat,), st.rng, {"mode": "clash"}, opening)
    # "attacker": the battle's side 0 (the log names the sides of the battle's card lines)
    ev.append(_ev("heroes.bot.siege" if tag["siege"] else "heroes.bot.battle",
                  bot_name=_name(st, i), seat=seat, field=_jh(h), who=hero_word(hero, seat),
                  attacker=tag["attacker"]))
    ev.extend(opening)  # automatic deployment, walls, the first cards drawn (the map's log)
    from engine.rules.heroes.battle import RULES as BATTLE_RULES

    if BATTLE_RULES.is_over(st.sub.state):
        sub, st.sub = st.sub, None
        R.battle_ended(rules, st, sub, ev)


def battle_over(rules: Any, st: MapState, tag: dict[str, Any], winner: int, reason: str,
                res: dict[str, Any] | None, ev: list[Event]) -> None:
    """Carries a battle with a bot back onto the map."""
    _over(rules, st, tag, winner, reason, res, ev)


def _over(rules: Any, st: MapState, tag: dict[str, Any], winner: int, reason: str,
          res: dict[str, Any] | None, ev: list[Event]) -> None:
    i, seat, hero = int(tag["bot"]), int(tag["seat"]), tag["hero"]
    h = _h(tag["field"])
    b = bots(st)[i]
    bot_side = 0 if tag["attacker"] == "bot" else 1
    if res is not None:
        R._take_back(st, seat, hero, res["sides"][1 - bot_side])
        b["units"] = [[u["unit"], bool(u["pack"])] for u in res["sides"][bot_side]["survivors"]]
    q = R.queue(st)
    won = "none" if winner < 0 else "bot" if winner == bot_side else "player"
    ev.append(_ev("heroes.bot.battle_over", bot_name=_name(st, i), seat=seat, won=won,
                  reason=reason, result={"key": RESULTS[won],
                                         "params": {"bot_name": _name(st, i), "seat": seat}}))
    if tag["attacker"] == "bot":
        b["mp"] = 0
    if won == "player" or not b["units"]:
        b["out"] = True
        b["pos"] = None
        b["mp"] = 0
        ev.append(_ev("heroes.bot.beaten", bot_name=_name(st, i), seat=seat))
        if tag["attacker"] == "player" and hero is not None:
            q.insert(0, ["bot_player_arrive", seat, hero, _jh(h)])
        check_victory(st, ev)
    elif won == "bot":
        if hero is not None:
            if hero == MAIN:
                R.morale(st, seat, -1, ev)
            R.defeated(rules, st, seat, hero, ev)
        if tag["attacker"] == "bot":
            q.insert(0, ["bot_arrive", i, _jh(h)])
    elif tag["attacker"] == "player" and hero is not None:
        R._retreat(st, seat, hero, ev)
    elif b["prev"] is not None:
        b["pos"] = b["prev"]
        ev.append(_ev("heroes.bot.retreat", bot_name=_name(st, i), field=b["pos"],
                      place=place(st, _h(b["pos"]))))
    R.run(rules, st, ev)


# --- goals -------------------------------------------------------------------------------------
def check_victory(st: MapState, ev: list[Event]) -> None:
    """Ends a campaign scenario: lost once the player is eliminated, won when a goal is met at
    once (every bot hero beaten, a bot town flagged)."""
    if st.flow.phase == R.OVER:
        return
    # a co-operative scenario is lost when either player is eliminated (spec §23.8 S3)
    if any(p.out for p in st.ps):
        R.end_game(st, [], "eliminated", ev)
        return
    everyone = list(range(st.players))
    town = any(int(st.marks.get(_h(t["at"]), {}).get("cube", -1)) >= 0
               for t in solo_of(st)["towns"])
    beaten = all(b["out"] for b in bots(st))
    for v in R.mc().scenarios[st.scenario].victory:
        kind = v.get("type")
        if kind == "defeat_bot_heroes" and beaten:
            R.end_game(st, everyone, "bots", ev)
            return
        if kind == "capture_bot_town" and town:
            R.end_game(st, everyone, "bot_town", ev)
            return
        if kind == "bots_then_bot_town" and beaten and town:
            R.end_game(st, everyone, "bot_town", ev)
            return


def held_mines(st: MapState, seat: int = 0) -> int:
    """Returns how many mines the player's faction cubes stand on."""
    return sum(1 for h, m in st.marks.items() if m.get("cube") == seat
               and R.category(st, h) == R.MINE)


def round_end(st: MapState, ev: list[Event]) -> None:
    """Counts a round end for ``hold_mines``: the mines held now, in a row with the last."""
    for v in R.mc().scenarios[st.scenario].victory:
        if v.get("type") != "hold_mines":
            continue
        held = held_mines(st)
        solo = st.solo
        assert solo is not None
        solo["hold"] = solo["hold"] + 1 if held >= int(v["count"]) else 0
        ev.append(_ev("heroes.bot.hold", seat=0, mines=held, need=int(v["count"]),
                      rounds=solo["hold"], goal=int(v["rounds"])))
        if solo["hold"] >= int(v["rounds"]):
            R.end_game(st, [0], "mines", ev)
            return


def lose_at_limit(st: MapState, ev: list[Event]) -> None:
    """The round limit passed without the goal: the scenario is lost."""
    R.end_game(st, [], "time", ev)


# --- views -------------------------------------------------------------------------------------
def view_part(st: MapState) -> dict[str, Any]:
    """Returns what every seat sees of the bots: heroes, towns, the bot deck's size, the goal's
    count (the bot cards themselves are face down)."""
    if st.solo is None:
        return {}  # a clash game's view stays as it was
    solo = st.solo
    deck = solo["deck"]
    return {
        "bots": [{"index": i, "id": b["id"], "name": dict(b["name"]), "at": b["pos"],
                  "mp": b["mp"], "units": [u[:] for u in b["units"]], "moves": b["moves"],
                  "out": b["out"], "town": b["town"]} for i, b in enumerate(solo["bots"])],
        "bot_towns": [dict(t) for t in solo["towns"]],
        "solo": {"hold": solo["hold"], "mines": held_mines(st), "keep": solo["keep"],
                 "pool": sorted(solo["pool"]), "picked": solo["picked"][:],
                 "bot_deck": {t: sum(1 for c in deck["cards"]
                                     if C.content().get("bot_card", c).type == t)
                              for t in TYPES},
                 "bot_spells": len(deck["spells"]), "difficulty": R._difficulty(st)}}


def determinize(st: MapState, rng: Any) -> None:
    """Re-deals the bot deck's cards of each type (chosen face down at set-up)."""
    if st.solo is None:
        return
    deck = solo_of(st)["deck"]
    out = []
    for kind in TYPES:
        n = sum(1 for c in deck["cards"] if C.content().get("bot_card", c).type == kind)
        pool = sorted(c.id for c in C.all_of("bot_card") if c.type == kind)
        rng.shuffle(pool)
        out += pool[:n]
    deck["cards"] = out


# --- registration in the map rules --------------------------------------------------------------
R._STEPS.update({"bot_turn": _step_bot_turn, "bot_step": _step_bot_step,
                 "bot_arrive": _step_bot_arrive, "bot_player_arrive": _step_player_arrive,
                 "carry_done": _step_carry_done})
R._CHOICES.update({"bot_defend": _choose_defend, "carry_card": _choose_carry})
R._OPTIONS.update({"carry_card": _options_carry})
R.CHOICE_PROMPTS.update({"bot_defend": "heroes.bot.prompt.defend",
                         "carry_card": "heroes.bot.prompt.carry"})
R.ENDS.update({"eliminated": "heroes.bot.end.eliminated",
               "bots": "heroes.bot.end.bots", "bot_town": "heroes.bot.end.town",
               "mines": "heroes.bot.end.mines", "time": "heroes.bot.end.time"})
R.TEAM_ENDS.update({"eliminated": "heroes.bot.team.end.eliminated"})
R.WHAT.update({"bot": "heroes.map.what.bot"})
