"""The map game (``heroes`` with mode ``clash``): rounds, turns, movement, towns, visits, battles.

Seed 002 throughout; docs/heroes/rules.md ("The map game") records each decision with its
passage. The flow (engine/core/flow.py):

- phase ``refresh``: the hand refresh at the start of a turn (seed "Spielerzüge": discard any,
  down to the hand limit, then draw up to it);
- phase ``turn``: movement actions (one MP each), town actions, morale actions, end of turn;
- phase ``battle``: a ``heroes_battle`` sub-game runs (engine/core/subgame.py);
- phase ``over``.

Pending decisions: a Search (which pile, then which card), the rotation of a revealed tile, a
choice among named options (a settlement, a die, a paid bonus, defending, where a beaten hero
goes), the trading post, and the town-action window every seat gets before a combat (spec
R-062). What a visit or a battle sets off runs from a queue in the state (``st.battle["queue"]``)
that stops whenever a decision or a battle is pending and resumes when it is answered.
"""

from __future__ import annotations

from typing import Any

from engine.core import dice, subgame
from engine.core.actions import Action, Event, Message
from engine.core.decisions import EACH_ONCE, ONE, Decision
from engine.core.deck import Deck
from engine.core.flow import ActionKind, DecisionKind, Flow, Phase
from engine.core.protocol import GameConfig
from engine.core.turnorder import TurnOrder
from engine.rules.heroes import content as C
from engine.rules.heroes import decks as D
from engine.rules.heroes.adventure import board as B
from engine.rules.heroes.adventure import mapdata as M
from engine.rules.heroes.adventure.state import MAIN, RESOURCES, SECONDARY, MapState, PlayerState

Hex = tuple[int, int]
Refusal = tuple[str, str]

REFRESH = "refresh"
TURN = "turn"
BATTLE = "battle"
OVER = "over"
SEARCH = "search_from"
KEEP = "keep_card"
ROTATE = "rotate_tile"
CHOOSE = "choose_option"
WINDOW = "town_window"
TRADE = "trading_post"

BASE_MP = {MAIN: 3, SECONDARY: 2}  # seed "Bewegungsaktionen": main hero 3, secondary hero 2
SECONDARY_COST = 10  # seed "Nebenheld": 10 gold with the population token
DEFEND_COST = 8  # seed "Kampf beginnen": defend a town without the main hero for 8 gold
BEATEN_GOLD = 5  # seed "Ende des Kampfes": a beaten main hero pays the winner 5 gold
# spec §9 ("step"): a settlement raises gold income by 2, materials or valuables by 1
STEP = (2, 1, 1)
RESOURCE_DIE = ((0, 2, 0), (0, 4, 0), (0, 0, 1), (0, 0, 2), (3, 0, 0), (6, 0, 0))
TREASURE_DIE = ("xp", "xp", "artifact", "artifact", "resource", "resources")
# seed "Handeln": what one lot sells and what it buys (gold, materials, valuables)
RATES: dict[tuple[str, str], tuple[int, int]] = {
    ("gold", "valuables"): (6, 1), ("gold", "materials"): (2, 1),
    ("valuables", "gold"): (1, 3), ("valuables", "materials"): (1, 2),
    ("materials", "gold"): (1, 1), ("materials", "valuables"): (3, 1)}
NO_REMOVE_KINDS = ("stat", "specialty")  # seed "Handelsposten": these cannot be removed
# the prompt of each kind of choice, what arriving on a field does, and how a game ends
CHOICE_PROMPTS = {"settlement": "heroes.map.prompt.settlement", "die": "heroes.map.prompt.die",
                  "treasure": "heroes.map.prompt.treasure", "pay": "heroes.map.prompt.pay",
                  "effect": "heroes.map.prompt.effect", "relocate": "heroes.map.prompt.relocate",
                  "yield": "heroes.map.prompt.yield", "defend": "heroes.map.prompt.defend"}
WHAT = {"neutral": "heroes.map.what.neutral", "quick": "heroes.map.what.quick",
        "pvp": "heroes.map.what.pvp", "defend": "heroes.map.what.defend",
        "visit": "heroes.map.what.visit", "visited": "heroes.map.what.visited",
        "flagged": "heroes.map.what.flagged", "empty": "heroes.map.what.empty"}
ENDS = {"elimination": "heroes.map.end.elimination", "cubes": "heroes.map.end.cubes",
        "town": "heroes.map.end.town", "rounds": "heroes.map.end.rounds"}


def mc() -> M.MapContent:
    """Returns the map content in use."""
    return M.content()


def board(st: MapState) -> B.Board:
    """Returns the board of the revealed tiles (built once per change)."""
    b = st.board_cache
    if b is None:
        b = st.board_cache = B.build(mc(), st.placed)
    return b  # type: ignore[no-any-return]


def actor(st: MapState) -> int:
    """Returns the seat that acts now on the map (a decision's seat, else the turn's)."""
    top = st.flow.top
    return top.seat if top is not None else st.current


def queue(st: MapState) -> list[list[Any]]:
    """Returns the queue of what waits to be resolved."""
    return st.battle.setdefault("queue", [])  # type: ignore[no-any-return]


def _ev(key: str, **params: Any) -> Event:
    return Event(key, params)


def _jh(h: Hex | None) -> list[int] | None:
    return None if h is None else [h[0], h[1]]


def _h(v: Any) -> Hex:
    return (int(v[0]), int(v[1]))


# --- reading the state ---------------------------------------------------------------------------
def heroes_at(st: MapState, h: Hex) -> list[tuple[int, str]]:
    """Returns (seat, hero) of every hero standing on field h."""
    out = []
    for seat, p in enumerate(st.ps):
        for k in (MAIN, SECONDARY):
            if p.pos[k] == h:
                out.append((seat, k))
    return out


def owner(st: MapState, h: Hex) -> int | None:
    """Returns the seat whose faction cube is on h, or the owner of an unflagged town."""
    m = st.marks.get(h)
    if m is not None and m.get("cube", -1) >= 0:
        return int(m["cube"])
    for seat, p in enumerate(st.ps):
        if p.town == h and not p.out:
            return seat
    return None


def category(st: MapState, h: Hex) -> str | None:
    """Returns the category of the location on h (None: an empty field)."""
    loc = board(st).fields[h].location
    return None if loc is None else mc().locations[loc].category


def strongholds(st: MapState, seat: int) -> list[Hex]:
    """Returns the towns and settlements ``seat`` controls (seed "Spielende"; spec AMB-91)."""
    out = []
    for h, f in board(st).fields.items():
        if f.location is None:
            continue
        cat = mc().locations[f.location].category
        if cat in (M.TOWN, M.SETTLEMENT) and owner(st, h) == seat:
            out.append(h)
    return sorted(out)


def havens(st: MapState, seat: int) -> list[Hex]:
    """Returns the own towns and settlements without an enemy hero (spec AMB-22, AMB-68)."""
    return [h for h in strongholds(st, seat)
            if all(s == seat for s, _ in heroes_at(st, h))]


def income(st: MapState, seat: int) -> list[int]:
    """Returns the income of a seat as the sum of its sources (spec AMB-33): the scenario's
    base, the buildings, the mines and the settlements it holds."""
    p = st.ps[seat]
    out = p.income[:]
    town = mc().towns.get(p.faction)
    if town is not None:
        for b in town.buildings:
            if b.id in p.built:
                out = [a + x for a, x in zip(out, b.income, strict=True)]
    for h, m in st.marks.items():
        if m.get("cube") != seat:
            continue
        loc = board(st).fields[h].location
        if loc is None:
            continue
        info = mc().locations[loc]
        if info.category == M.MINE:
            out = [a + x for a, x in zip(out, mine_output(info), strict=True)]
        elif info.category == M.SETTLEMENT and m.get("choice") in RESOURCES:
            i = RESOURCES.index(m["choice"])
            out[i] += STEP[i]
    return out


def mine_output(info: M.LocationInfo) -> tuple[int, int, int]:
    """Returns what a mine adds to its owner's income (its ``income`` effect)."""
    for e in info.effects:
        if e.get("type") == "income":
            return (int(e.get("gold", 0)), int(e.get("materials", 0)),
                    int(e.get("valuables", 0)))
    return (0, 0, 0)


def afford(res: list[int], cost: tuple[int, int, int] | list[int]) -> bool:
    """Returns True when the resources cover the cost."""
    return all(r >= c for r, c in zip(res, cost, strict=True))


def pay(res: list[int], cost: tuple[int, int, int] | list[int]) -> None:
    """Takes a cost from the resources."""
    for i, c in enumerate(cost):
        res[i] -= c


def gain(res: list[int], got: tuple[int, int, int] | list[int]) -> None:
    """Adds resources."""
    for i, g in enumerate(got):
        res[i] += g


def _res3(d: dict[str, Any]) -> tuple[int, int, int]:
    return (int(d.get("gold", 0)), int(d.get("materials", 0)), int(d.get("valuables", 0)))


def hero_level(st: MapState, seat: int) -> int:
    """Returns the main hero's level (a secondary hero uses it for quick combat)."""
    return st.ps[seat].level


# --- set-up --------------------------------------------------------------------------------------
def new_map_game(rules: Any, config: GameConfig, seed: int, opts: dict[str, Any]) -> MapState:
    """Returns a map game set up for the scenario (seed "Spielaufbau" 1.-22.)."""
    from engine.core.errors import MalformedAction
    from engine.core.rng import Rng

    content = mc()
    players = config.players
    sid = opts.get("scenario") or ""
    if not sid:
        fits = [s.id for s in content.scenarios.values() if players in s.players]
        if not fits:
            raise MalformedAction(f"heroes: no scenario for {players} players")
        sid = fits[0]
    if sid not in content.scenarios:
        raise MalformedAction(f"heroes: no scenario {sid!r}")
    sc = content.scenarios[sid]
    if players not in sc.players:
        raise MalformedAction(f"heroes: scenario {sid} is for {list(sc.players)} players")
    st = MapState(Rng(seed))
    rng = st.rng
    st.opts = opts
    st.scenario = sid
    st.players = players
    st.flow.order = TurnOrder(players, 0)
    # 15. the shared decks, each with its discard pile started (the Arcane Arrows left over go
    # into the spell deck: the heroes' decks are built from their own)
    for kind in ("ability", "spell", "artifact"):
        deck = Deck(D.shared_deck(kind))
        deck.shuffle(rng)
        st.decks[kind] = deck
        refill_discard(st, kind)
    st.astro = Deck(sorted(content.astrologers))
    st.astro.shuffle(rng)
    # 6. tiles: each kind drawn at random and face down into the scenario's slots
    for kind in M.KINDS[1:]:
        pool = content.tiles_of(kind)
        rng.shuffle(pool)
        st.pool[kind] = pool
    for kind, anchor in sc.facedown:
        if not st.pool.get(kind):
            raise MalformedAction(f"heroes: scenario {sid} needs more {kind} tiles")
        st.slots.append([kind, anchor[0], anchor[1], st.pool[kind].pop()])
    used: set[str] = set()
    for seat in range(players):
        faction = opts.get(f"faction_{seat + 1}", "random")
        free = [f for f in sorted(content.towns) if f not in used]
        if faction == "random" or faction in used:
            faction = free[rng.below(len(free))] if free else sorted(content.towns)[0]
        used.add(faction)
        p = PlayerState()
        st.ps.append(p)
        p.faction = faction
        kind_pref = opts.get(f"hero_{seat + 1}", "might")
        heroes = C.faction(faction).heroes
        p.hero = next((h for h in heroes if C.hero(h).type == kind_pref), heroes[0])
        # 11.-14. the Might & Magic deck
        p.deck = Deck(D.starting_deck(p.hero, 1))
        p.deck.shuffle(rng)
        p.res = list(sc.resources)
        p.income = list(sc.income)
        p.built = [b for b in sc.built if any(x.id == b for x in content.towns[faction].buildings)]
        p.built_round = {b: 0 for b in p.built}
        # 18. the starting units: the scenario names tiers ("bronze") or unit ids
        for entry in sc.units:
            for uid in C.faction(faction).units:
                u = C.unit(uid)
                if (entry == u.tier or entry == uid) and all(x[0] != uid for x in p.units):
                    p.units.append([uid, False])
        # 21. the start tile with the town at its centre, the main hero on the town
        start = next((t.id for t in content.tiles.values()
                      if t.kind == "start" and t.faction == faction), None)
        if start is None:
            raise MalformedAction(f"heroes: no start tile for {faction}")
        q, r, rot = (list(sc.starts[seat]) + [0])[:3]
        st.placed.append([start, int(q), int(r), int(rot)])
        p.town = (int(q), int(r))
        p.pos[MAIN] = p.town
        # the own far tiles to place (seed "Gebiete platzieren")
        for _ in range(sc.supply):
            if st.pool.get("far"):
                p.supply.append(st.pool["far"].pop())
    st.board_cache = None
    ev: list[Event] = []
    for seat, p in enumerate(st.ps):
        p.crowns = D.crowns(p.level)
        p.mp = {MAIN: BASE_MP[MAIN], SECONDARY: 0}
        # 7. immediate effects of pre-built buildings at the end of set-up (spec AMB-05)
        for bid in p.built:
            b = content.building(p.faction, bid)
            for _ in range(b.spells):
                queue(st).append(["search", seat, "spell", 2, False])
    st.flow.phase = REFRESH
    run(rules, st, ev)
    return st


def refill_discard(st: MapState, kind: str) -> bool:
    """Turns a shared deck's top card onto its empty discard pile (seed card rule 6)."""
    deck = st.decks[kind]
    if not deck.discard_pile and deck.draw_pile:
        deck.discard(deck.draw_pile.take_top(1))
        return True
    return False


# --- the queue -----------------------------------------------------------------------------------
def run(rules: Any, st: MapState, ev: list[Event]) -> None:
    """Resolves queued steps until one asks a decision or starts a battle."""
    q = queue(st)
    while q and not st.flow.stack and st.sub is None and st.flow.phase != OVER:
        item = q.pop(0)
        _STEPS[item[0]](rules, st, item, ev)
    if not q and not st.flow.stack and st.sub is None and st.flow.phase == BATTLE:
        st.flow.phase = TURN


def _step_search(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    _, seat, kind, count, optional = item
    if not st.ps[seat].out:
        push_search(st, seat, kind, count, optional)


def push_search(st: MapState, seat: int, kind: str, count: int, optional: bool) -> None:
    """Asks ``seat`` for a Search (count) of a shared deck (seed card rule 5): the deck's top
    cards or its discard pile's top card (or nothing, where the Search is optional)."""
    st.flow.push(Decision(SEARCH, seat, ONE, Message("heroes.map.prompt.search",
                                                     {"deck": kind, "count": count}),
                          (kind, count, optional)))


def _step_effect(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    _, seat, hero, eff = item
    if not st.ps[seat].out:
        effect(rules, st, seat, hero, eff, ev)


def _step_visit(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    _, seat, hero, h = item
    if not st.ps[seat].out and st.ps[seat].pos[hero] == _h(h):
        visit(rules, st, seat, hero, _h(h), ev)


def _step_window(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    seats = [s for s in st.flow.order.order_from(st.current)] if st.flow.order else []
    seats = [s for s in seats if not st.ps[s].out and _town_actions_left(st, s)]
    if seats:
        st.flow.push(Decision(WINDOW, tuple(seats), EACH_ONCE,
                              Message("heroes.map.prompt.window", {})))


def _step_combat(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    start_battle(rules, st, item[1], ev)


def _step_choose(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    _, seat, purpose, options, ctx = item
    if options:
        # the context (effects, a battle's tag) stays in the state: decisions hold plain values
        key = str(st.battle.get("n", 0))
        st.battle["n"] = int(key) + 1
        st.battle.setdefault("ctx", {})[key] = ctx
        st.flow.push(Decision(CHOOSE, seat, ONE, Message(CHOICE_PROMPTS[purpose], {}),
                              (purpose, tuple(options), key)))


def _step_trade(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    st.trade_done = False
    st.flow.push(Decision(TRADE, item[1], ONE, Message("heroes.map.prompt.trade", {}), ("",)))


def _step_xp(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    gain_xp(st, item[1], item[2], ev)


def _step_xp7(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    gain_xp(st, item[1], 0, ev, to_seven=True)


_STEPS = {"search": _step_search, "effect": _step_effect, "visit": _step_visit,
          "window": _step_window, "combat": _step_combat, "choose": _step_choose,
          "trade": _step_trade, "xp": _step_xp, "xp7": _step_xp7}


# --- levels --------------------------------------------------------------------------------------
def gain_xp(st: MapState, seat: int, amount: int, ev: list[Event], *,
            to_seven: bool = False) -> None:
    """Adds XP to the main hero and queues the level effects in order, before anything else
    waiting (seed "Stufeneffekte": 2 XP a level; several levels resolve in order)."""
    p = st.ps[seat]
    if p.level >= 7:
        return
    p.xp = 12 if to_seven else min(12, p.xp + amount)
    front: list[list[Any]] = []
    while p.level < 7 and p.xp >= 2 * p.level:
        old = p.level
        p.level += 1
        # spec AMB-24: the crowns left rise by the difference
        p.crowns += D.crowns(p.level) - D.crowns(old)
        ev.append(_ev("heroes.map.level", seat=seat, level=p.level))
        if p.level in D.SEARCH_LEVELS:
            front.append(["search", seat, "ability", 2, False])
        elif p.level in D.SPECIALTY_LEVELS:
            spec = C.hero(p.hero).specialties[D.SPECIALTY_LEVELS.index(p.level)]
            p.hand.append(spec)  # card rule 4: a gained card goes to the hand
            ev.append(_ev("heroes.map.gain_card", seat=seat, card=spec))
    ev.append(_ev("heroes.map.xp", seat=seat, xp=p.xp, level=p.level))
    queue(st)[:0] = front


# --- location effects (spec §19.1) ---------------------------------------------------------------
def effect(rules: Any, st: MapState, seat: int, hero: str, eff: dict[str, Any],
           ev: list[Event]) -> None:
    """Resolves one effect record of a location or an astrologer card for ``seat``."""
    p = st.ps[seat]
    kind = eff.get("type")
    if kind == "gain":
        got = _res3(eff)
        gain(p.res, got)
        ev.append(_ev("heroes.map.gain", seat=seat, res=list(got)))
    elif kind == "resource_die":
        count = int(eff.get("dice", 1))
        rolls = [list(dice.roll_faces(st.rng, RESOURCE_DIE)) for _ in range(count)]
        ev.append(_ev("heroes.map.resource_die", seat=seat, rolls=rolls))
        if count == 1 or eff.get("keep") == "all":
            for r in rolls:
                gain(p.res, r)
        else:
            opts = [f"{r[0]},{r[1]},{r[2]}" for r in rolls]
            queue(st).insert(0, ["choose", seat, "die", sorted(set(opts)), []])
    elif kind == "treasure_die":
        count = int(eff.get("dice", 1))
        faces = [dice.roll_faces(st.rng, TREASURE_DIE) for _ in range(count)]
        ev.append(_ev("heroes.map.treasure_die", seat=seat, faces=faces))
        if count == 1:
            _treasure(st, seat, hero, faces[0])
        else:
            queue(st).insert(0, ["choose", seat, "treasure", sorted(set(faces)), [hero]])
    elif kind == "xp":
        if hero == MAIN:  # spec AMB-23: a secondary hero's XP is lost
            queue(st).insert(0, ["xp", seat, int(eff.get("amount", 1))])
    elif kind == "search":
        queue(st).insert(0, ["search", seat, eff["deck"], int(eff.get("count", 2)), True])
    elif kind == "morale":
        morale(st, seat, int(eff.get("amount", 1)), ev)
    elif kind == "mp":
        p.mp[hero] += int(eff.get("amount", 1))
        ev.append(_ev("heroes.map.mp", seat=seat, hero=hero, mp=p.mp[hero]))
    elif kind == "income":
        pass  # a mine's production: read by ``income``; paid once on the first flag
    elif kind == "pay":
        cost = _res3(eff.get("cost", {}))
        if afford(p.res, cost):
            queue(st).insert(0, ["choose", seat, "pay", ["pay", "skip"],
                                 [hero, list(cost), list(eff.get("effects", ()))]])
    elif kind == "repeat":
        items = [["effect", seat, hero, e] for e in eff.get("effects", ())]
        queue(st)[:0] = items * int(eff.get("times", 2))
    elif kind == "choice":
        options = [str(i) for i in range(len(eff.get("options", ())))]
        queue(st).insert(0, ["choose", seat, "effect", options,
                             [hero, [list(o) for o in eff["options"]]]])
    elif kind == "sanctuary":
        pass  # passive: an enemy hero here cannot be attacked (``_closed_fields``)
    elif kind == "trading_post":
        queue(st).insert(0, ["trade", seat])
    elif kind == "all_players":
        for s in st.flow.order.order_from(st.current) if st.flow.order else ():
            if not st.ps[s].out:
                for e in eff.get("effects", ()):
                    effect(rules, st, s, MAIN, e, ev)
    else:
        raise ValueError(f"unknown map effect {kind!r}")


def _treasure(st: MapState, seat: int, hero: str, face: str) -> None:
    """Queues a treasure die face (spec §9.3)."""
    if face == "xp":
        if hero == MAIN:
            queue(st).insert(0, ["xp", seat, 1])
    elif face == "artifact":
        queue(st).insert(0, ["search", seat, "artifact", 2, True])
    elif face == "resource":
        queue(st).insert(0, ["effect", seat, hero, {"type": "resource_die", "dice": 1}])
    else:
        queue(st).insert(0, ["effect", seat, hero, {"type": "resource_die", "dice": 2}])


def morale(st: MapState, seat: int, amount: int, ev: list[Event]) -> None:
    """Gains (+1) or loses (-1) morale (seed "Moralaktionen"); undead factions ignore it."""
    p = st.ps[seat]
    if C.faction(p.faction).undead or amount == 0:
        return
    if amount > 0:
        if p.morale < 0:
            p.morale = 0  # a good morale takes the bad token away
        else:
            p.morale = 1  # at most one good token: a second is lost (or spent first: a choice
            # we leave to the player before the gain, spec R-070)
    else:
        if p.morale > 0:
            p.morale = 0
        elif p.morale < 0:
            p.dump_hand = True  # a second bad morale: the hand goes at the turn's end
        else:
            p.morale = -1
    ev.append(_ev("heroes.map.morale", seat=seat, morale=p.morale, dump=p.dump_hand))


# --- visiting ------------------------------------------------------------------------------------
def visit(rules: Any, st: MapState, seat: int, hero: str, h: Hex, ev: list[Event]) -> None:
    """Visits field h (seed "Besuchen"; the categories of "Orte der Abenteuerkarte")."""
    f = board(st).fields[h]
    if f.location is None:
        return
    info = mc().locations[f.location]
    m = st.marks.setdefault(h, {})
    cat = info.category
    effects = [["effect", seat, hero, e] for e in info.effects]
    ev.append(_ev("heroes.map.visit", seat=seat, hero=hero, field=_jh(h), location=info.id))
    if cat == M.VISITABLE:
        if m.get("cube", None) == -1:
            return  # a field with a status cube counts as empty
        m["cube"] = -1  # the cube goes on even if the effect is not used
        queue(st)[:0] = effects
    elif cat == M.REVISITABLE:
        queue(st)[:0] = effects
    elif cat in (M.FLAGGABLE, M.MINE):
        if m.get("cube") == seat:
            return
        old = m.get("cube")
        first = not m.get("flagged")
        m["cube"] = seat
        m["flagged"] = True
        ev.append(_ev("heroes.map.flag", seat=seat, field=_jh(h), former=old))
        if cat == M.MINE:
            if first:  # seed "Minen": only the first to flag one gets its production at once
                got = mine_output(info)
                gain(st.ps[seat].res, got)
                ev.append(_ev("heroes.map.gain", seat=seat, res=list(got)))
        else:
            queue(st)[:0] = effects
    elif cat == M.SETTLEMENT:
        if m.get("cube") == seat:
            return
        first = not m.get("flagged")
        m["cube"] = seat
        m["flagged"] = True
        m["choice"] = ""
        ev.append(_ev("heroes.map.flag", seat=seat, field=_jh(h), former=None))
        options = list(RESOURCES) + [f"reinforce:{u}" for u in _settle_units(st, seat, first)]
        queue(st).insert(0, ["choose", seat, "settlement", options, [_jh(h), first]])
    elif cat == M.TOWN:
        own = st.ps[seat].town == h
        if own:
            if m.get("cube", -1) >= 0 and m["cube"] != seat:
                del m["cube"]  # spec AMB-91: recapturing the own town; no cube comes back
                ev.append(_ev("heroes.map.recapture", seat=seat, field=_jh(h)))
            return
        if m.get("cube") == seat:
            return
        former = owner(st, h)
        m["cube"] = seat
        m["flagged"] = True
        ev.append(_ev("heroes.map.flag", seat=seat, field=_jh(h), former=former))
        town_owner = next(s for s, p in enumerate(st.ps) if p.town == h)
        # seed "Städte": flagging an enemy town takes a faction cube from its owner
        st.ps[seat].cubes.append(town_owner)
        ev.append(_ev("heroes.map.cube", seat=seat, of=town_owner))
        check_victory(st, ev)


def _settle_units(st: MapState, seat: int, first: bool) -> list[str]:
    """Returns the bronze and silver Few units a settlement may reinforce (seed "Siedlungen":
    half the cost rounded up, free for the first to flag it)."""
    p = st.ps[seat]
    out = []
    for uid, pack in p.units:
        u = C.unit(uid)
        if pack or u.tier not in ("bronze", "silver") or u.reinforce is None:
            continue
        if first or afford(p.res, _half(u.reinforce)):
            out.append(uid)
    return out


def _half(cost: Any) -> tuple[int, int, int]:
    return (-(-cost.gold // 2), -(-cost.materials // 2), -(-cost.valuables // 2))


def _cost3(cost: Any) -> tuple[int, int, int]:
    if cost is None:
        return (0, 0, 0)
    return (cost.gold, cost.materials, cost.valuables)


# --- starting combats ----------------------------------------------------------------------------
def arrive(rules: Any, st: MapState, seat: int, hero: str, h: Hex, ev: list[Event]) -> None:
    """Resolves a hero's arrival on field h: a combat, a quick combat or a visit."""
    p = st.ps[seat]
    enemies = [(s, k) for s, k in heroes_at(st, h) if s != seat]
    f = board(st).fields[h]
    cat = category(st, h)
    m = st.marks.get(h, {})
    q = queue(st)
    if enemies:
        # seed "Kampf beginnen": entering an enemy hero's field starts a combat (a main hero
        # defends before a secondary one on the same field)
        s, k = sorted(enemies, key=lambda e: (e[0], e[1] != MAIN))[0]
        tag = {"kind": "pvp", "seat": seat, "hero": hero, "field": _jh(h), "foe": s,
               "foe_hero": k, "town": cat == M.TOWN and st.ps[s].town == h}
        ev.append(_ev("heroes.map.challenge", seat=seat, foe=s, field=_jh(h)))
        if k == SECONDARY:
            q[:0] = [["choose", s, "yield", ["fight", "yield"], [tag]]]
        else:
            q[:0] = [["window"], ["combat", tag]]
        return
    o = owner(st, h)
    if cat in (M.TOWN, M.SETTLEMENT) and o is not None and o != seat:
        tag = {"kind": "pvp", "seat": seat, "hero": hero, "field": _jh(h), "foe": o,
               "foe_hero": None, "town": cat == M.TOWN and st.ps[o].town == h}
        ev.append(_ev("heroes.map.challenge", seat=seat, foe=o, field=_jh(h)))
        fo = st.ps[o]
        options = ["yield"]
        if fo.res[0] >= DEFEND_COST and fo.units:
            options.insert(0, "defend")
        q[:0] = [["choose", o, "defend", options, [tag]]]
        return
    guarded = f.guard > 0 and m.get("cube") is None and not m.get("flagged") \
        and not m.get("cleared")
    if guarded:
        if hero_level(st, seat) > f.guard:
            # seed "Schnellkampf": a higher level than the field wins without a fight, no XP
            m = st.marks.setdefault(h, {})
            m["cleared"] = True
            ev.append(_ev("heroes.map.quick", seat=seat, field=_jh(h), guard=f.guard))
            q.insert(0, ["visit", seat, hero, _jh(h)])
            return
        tag = {"kind": "neutral", "seat": seat, "hero": hero, "field": _jh(h), "guard": f.guard}
        q[:0] = [["window"], ["combat", tag]]
        return
    q.insert(0, ["visit", seat, hero, _jh(h)])
    del p


def side_of(st: MapState, seat: int, hero: str | None, *, town: bool = False) -> dict[str, Any]:
    """Returns the battle side of a seat's hero (engine/rules/heroes/battle/setup.py): the
    main hero fights with the deck; a secondary hero or a town's garrison with the units only."""
    p = st.ps[seat]
    side: dict[str, Any] = {"seat": 0, "level": p.level, "faction": p.faction,
                            "units": [{"unit": u, "pack": bool(k)} for u, k in p.units],
                            "gold": p.res[0], "shuffle": False, "draw": False,
                            "town": town}
    if hero == MAIN:
        side.update({"hero": p.hero, "crowns": p.crowns,
                     "deck": p.deck.draw_pile.cards[::-1], "hand": p.hand[:],
                     "discard": p.deck.discard_pile.cards[::-1], "mp": p.mp[MAIN]})
    elif hero == SECONDARY:
        side["mp"] = p.mp[SECONDARY]
    return side


def start_battle(rules: Any, st: MapState, tag: dict[str, Any], ev: list[Event]) -> None:
    """Starts a battle as a ``heroes_battle`` sub-game (seed "Kampf")."""
    seat = tag["seat"]
    p = st.ps[seat]
    if p.out or p.pos[tag["hero"]] != _h(tag["field"]):
        return
    attacker = side_of(st, seat, tag["hero"])
    o = st.opts
    if tag["kind"] == "neutral":
        order = st.flow.order
        assert order is not None
        ctrl = None
        if o.get("neutrals", "player") == "player":
            ctrl = order.right_of(seat)
            while st.ps[ctrl].out and ctrl != seat:
                ctrl = order.right_of(ctrl)
            if ctrl == seat:
                ctrl = None
        defender: dict[str, Any] = {"seat": None if ctrl is None else 1,
                                    "neutral": {"field": tag["guard"],
                                                "difficulty": o.get("difficulty", "normal")}}
        seats = (seat,) if ctrl is None else (seat, ctrl)
        spec = {"kind": "field", "time_limit": True, "surrender": False,
                "sides": [attacker, defender]}
    else:
        foe = tag["foe"]
        defender = side_of(st, foe, tag["foe_hero"], town=bool(tag["town"]))
        defender["seat"] = 1
        fp = st.ps[foe]
        siege = bool(tag["town"]) and any(mc().building(fp.faction, b).citadel
                                          for b in fp.built)
        seats = (seat, foe)
        spec = {"kind": "siege" if siege else "field", "max_rounds": int(o.get("pvp_rounds", 12)),
                "sides": [attacker, defender]}
        if not attacker["units"] or not defender["units"]:
            # a side without units cannot fight: it loses at once
            st.flow.phase = BATTLE
            winner = 1 if not attacker["units"] else 0
            tag["fallback"] = True
            _battle_over(rules, st, tag, winner, "defeat", None, ev)
            return
    st.flow.phase = BATTLE
    st.battle["tag"] = tag
    config = GameConfig.for_players(len(seats), bots=False, battle=spec)
    st.sub = subgame.start("heroes_battle", config, seats, st.rng, {"mode": "clash"})
    ev.append(_ev("heroes.map.battle", seat=seat, kind=tag["kind"], field=tag["field"]))


def battle_ended(rules: Any, st: MapState, sub: Any, ev: list[Event]) -> None:
    """Carries a finished battle back onto the map (seed "Ende des Kampfes")."""
    from engine.rules.heroes.battle import RULES as BATTLE_RULES

    res = BATTLE_RULES.result(sub.state)
    tag = st.battle.pop("tag")
    winner = res["winner"] if res["winner"] is not None else -1
    _battle_over(rules, st, tag, int(winner), str(res["reason"]), res, ev)


def _take_back(st: MapState, seat: int, hero: str | None, side: dict[str, Any]) -> None:
    """Returns survivors, cards, expert uses, MP and gold from a battle side to its seat."""
    p = st.ps[seat]
    p.units = [[u["unit"], bool(u["pack"])] for u in side["survivors"]]
    p.res[0] = int(side["gold"])
    if hero == MAIN:
        p.deck = Deck(side["deck"][::-1], side["discard"][::-1])
        p.hand = list(side["hand"]) + list(side["in_play"])
        p.crowns = int(side["crowns"])
    if hero in (MAIN, SECONDARY):
        p.mp[hero] = int(side["mp"])


def _battle_over(rules: Any, st: MapState, tag: dict[str, Any], winner: int, reason: str,
                 res: dict[str, Any] | None, ev: list[Event]) -> None:
    seat, hero, h = tag["seat"], tag["hero"], _h(tag["field"])
    q = queue(st)
    if res is not None:
        _take_back(st, seat, hero, res["sides"][0])
        if tag["kind"] == "pvp":
            _take_back(st, tag["foe"], tag["foe_hero"], res["sides"][1])
    ev.append(_ev("heroes.map.battle_over", seat=seat, winner=winner, reason=reason))
    p = st.ps[seat]
    if tag["kind"] == "neutral":
        if winner == 0:
            st.marks.setdefault(h, {})["cleared"] = True
            front: list[list[Any]] = []
            if hero == MAIN:
                guard = int(tag["guard"])
                if guard >= 7:  # seed "Erfahrung": beating azure units sets level 7
                    front.append(["xp7", seat])
                else:
                    xp = 2 if p.level > guard else 1 if p.level == guard else 0
                    if xp:
                        front.append(["xp", seat, xp])
            front.append(["visit", seat, hero, _jh(h)])
            q[:0] = front
        elif reason == "retreat" or winner < 0:
            _retreat(st, seat, hero, ev)
        else:
            defeated(rules, st, seat, hero, ev)
        run(rules, st, ev)
        return
    foe, foe_hero = tag["foe"], tag["foe_hero"]
    if winner < 0:  # a draw at the round cap: the attacker steps back
        _retreat(st, seat, hero, ev)
        run(rules, st, ev)
        return
    win_seat, win_hero, lose_seat, lose_hero = (seat, hero, foe, foe_hero) if winner == 0 \
        else (foe, foe_hero, seat, hero)
    surrendered = reason == "surrender"
    if not surrendered and lose_hero is not None:
        # seed "Ende des Kampfes": the loser gives a faction cube; a main hero also costs
        # morale and 5 gold
        st.ps[win_seat].cubes.append(lose_seat)
        ev.append(_ev("heroes.map.cube", seat=win_seat, of=lose_seat))
        if lose_hero == MAIN:
            morale(st, lose_seat, -1, ev)
            paid = min(BEATEN_GOLD, st.ps[lose_seat].res[0])
            st.ps[lose_seat].res[0] -= paid
            st.ps[win_seat].res[0] += paid
            ev.append(_ev("heroes.map.pay", seat=lose_seat, to=win_seat, gold=paid))
            if win_hero == MAIN:
                # seed "Erfahrung": compare the levels of the two main heroes
                wl, ll = st.ps[win_seat].level, st.ps[lose_seat].level
                xp = 2 if wl > ll else 1 if wl == ll else 0
                if xp:
                    q.insert(0, ["xp", win_seat, xp])
    if lose_hero is not None:
        defeated(rules, st, lose_seat, lose_hero, ev)
    if winner == 0:
        q.append(["visit", seat, hero, _jh(h)])  # the winner visits the field
    run(rules, st, ev)


def _retreat(st: MapState, seat: int, hero: str, ev: list[Event]) -> None:
    """Moves a hero back to the field it came from, without a visit (spec AMB-61)."""
    p = st.ps[seat]
    back = p.prev[hero]
    if back is not None:
        p.pos[hero] = back
    ev.append(_ev("heroes.map.retreat", seat=seat, hero=hero, field=_jh(p.pos[hero])))


def defeated(rules: Any, st: MapState, seat: int, hero: str, ev: list[Event]) -> None:
    """A beaten hero: a secondary hero leaves the map, a main hero goes to an own town or
    settlement of its owner's choice; without one the player is eliminated (seed "Spielende")."""
    p = st.ps[seat]
    if hero == SECONDARY:
        p.pos[SECONDARY] = None
        p.mp[SECONDARY] = 0
        ev.append(_ev("heroes.map.secondary_lost", seat=seat))
        return
    p.pos[MAIN] = None
    places = havens(st, seat)
    if not places:
        eliminate(st, seat, ev)
        return
    queue(st).insert(0, ["choose", seat, "relocate", [f"{a},{b}" for a, b in places], []])


def eliminate(st: MapState, seat: int, ev: list[Event]) -> None:
    """Removes a player: heroes and faction cubes leave the map (seed "Spielende")."""
    p = st.ps[seat]
    if p.out:
        return
    p.out = True
    p.pos = {MAIN: None, SECONDARY: None}
    p.hand = []
    p.deck = Deck()
    for m in st.marks.values():
        if m.get("cube") == seat:
            del m["cube"]
    order = st.flow.order
    assert order is not None
    order.eliminated[seat] = True
    ev.append(_ev("heroes.map.eliminated", seat=seat))
    check_victory(st, ev)


def check_victory(st: MapState, ev: list[Event]) -> None:
    """Ends the game when one side is left, holds every opponent's cube (3+ players) or met the
    scenario's goal (flagging an enemy town)."""
    if st.flow.phase == OVER:
        return
    alive = [s for s, p in enumerate(st.ps) if not p.out]
    if len(alive) <= 1:
        end_game(st, alive, "elimination", ev)
        return
    for s in alive:
        p = st.ps[s]
        others = [o for o in range(st.players) if o != s and (not st.ps[o].out or o in p.cubes)]
        if st.players >= 3 and all(o in p.cubes for o in others):
            end_game(st, [s], "cubes", ev)
            return
        sc = mc().scenarios[st.scenario]
        if sc.victory.get("town", True) and any(
                owner(st, q.town) == s for o, q in enumerate(st.ps) if o != s and q.town):
            end_game(st, [s], "town", ev)
            return


def end_game(st: MapState, winners: list[int], reason: str, ev: list[Event]) -> None:
    """Ends the game."""
    st.flow.clear()
    st.flow.phase = OVER
    st.winners = sorted(winners)
    st.reason = reason
    st.battle["queue"] = []
    ev.append(_ev("heroes.map.over", winners=st.winners, reason=reason))


def round_limit(st: MapState, ev: list[Event]) -> None:
    """Ends the game after the last round: most flagged mines and settlements, then most
    faction cubes (spec §23.8, scenario S1)."""
    alive = [s for s, p in enumerate(st.ps) if not p.out]

    def score(s: int) -> tuple[int, int]:
        flags = 0
        for h, m in st.marks.items():
            if m.get("cube") == s and category(st, h) in (M.MINE, M.SETTLEMENT):
                flags += 1
        return (flags, len(set(st.ps[s].cubes)))
    best = max(score(s) for s in alive)
    end_game(st, [s for s in alive if score(s) == best], "rounds", ev)


# --- rounds and turns ----------------------------------------------------------------------------
def begin_turn(rules: Any, st: MapState, ev: list[Event]) -> None:
    """Starts the current seat's turn with the hand refresh."""
    st.flow.phase = REFRESH
    ev.append(_ev("heroes.map.turn", seat=st.current, round=st.round))


def end_turn(rules: Any, st: MapState, ev: list[Event]) -> None:
    """Ends the turn: MP left are lost, a second bad morale discards the hand, the next seat."""
    p = st.ps[st.current]
    if p.dump_hand:
        p.deck.discard(p.hand)
        p.hand = []
        p.dump_hand = False
        ev.append(_ev("heroes.map.dump_hand", seat=st.current))
    p.mp = {MAIN: 0, SECONDARY: 0}
    st.turn += 1
    order = st.flow.order
    assert order is not None
    nxt = order.next_seat(st.current)
    wrapped = order.order_from(order.start)
    if nxt == wrapped[0] or _passed_start(order, st.current, nxt):
        end_round(rules, st, ev)
        if st.flow.phase == OVER:
            return
    order.current = nxt
    begin_turn(rules, st, ev)


def _passed_start(order: TurnOrder, cur: int, nxt: int) -> bool:
    """Returns True when the step cur -> nxt passes the start seat's place (clockwise)."""
    n = order.seat_count
    return (order.start - cur - 1) % n < (nxt - cur) % n


def end_round(rules: Any, st: MapState, ev: list[Event]) -> None:
    """Ends a round and starts the next (seed "Rundenablauf")."""
    for s, p in enumerate(st.ps):
        if p.out:
            continue
        # spec AMB-90: three full rounds without a town or settlement eliminate
        if strongholds(st, s):
            p.homeless = 0
        else:
            p.homeless += 1
            if p.homeless >= 3:
                eliminate(st, s, ev)
    if st.flow.phase == OVER:
        return
    sc = mc().scenarios[st.scenario]
    if st.round >= sc.max_rounds:
        round_limit(st, ev)
        return
    st.round += 1
    ev.append(_ev("heroes.map.round", round=st.round))
    order = st.flow.order
    assert order is not None
    for p in st.ps:
        if p.out:
            continue
        p.tokens = {t: True for t in p.tokens}
        p.pop_use = ""
        p.mp = {MAIN: BASE_MP[MAIN] if p.pos[MAIN] is not None else 0,
                SECONDARY: BASE_MP[SECONDARY] if p.pos[SECONDARY] is not None else 0}
        p.crowns = D.crowns(p.level)
    if st.round % 2 == 1:
        # odd rounds pay income (round 1 never comes here)
        for s in order.order_from(order.start):
            got = income(st, s)
            gain(st.ps[s].res, got)
            ev.append(_ev("heroes.map.income", seat=s, res=got))
    elif st.opts.get("astrologers", True) and len(st.astro):
        card, _ = st.astro.draw_one(st.rng)
        if card is not None:
            st.astro_card = card
            st.astro.discard((card,))
            ev.append(Event("heroes.map.astrologer", {"card": card}, reveal=True))
            for e in mc().astrologers[card].effects:
                queue(st).append(["effect", order.start, MAIN, e])


def _town_actions_left(st: MapState, seat: int) -> bool:
    out: list[Action] = []
    _town_options(st, seat, out)
    return bool(out)


# --- options and checks of the actions -----------------------------------------------------------
def _hand_limit(st: MapState, seat: int) -> int:
    return D.hand_limit(st.ps[seat].level)


def _opt_discard(rules: Any, st: MapState, out: list[Action]) -> None:
    for c in sorted(set(st.ps[st.current].hand)):
        out.append(Action("discard", (("card", c),)))


def _check_discard(rules: Any, st: MapState, a: Action) -> Refusal | None:
    if a.names() == ("card",) and a["card"] in st.ps[st.current].hand:
        return None
    return ("heroes.map.rule.not_in_hand", f"{a.get('card')!r} is not in your hand")


def _apply_discard(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    p = st.ps[st.current]
    p.hand.remove(a["card"])
    p.deck.discard((a["card"],))
    ev.append(_ev("heroes.map.discard", seat=st.current, card=a["card"]))


def _opt_draw(rules: Any, st: MapState, out: list[Action]) -> None:
    if len(st.ps[st.current].hand) <= _hand_limit(st, st.current):
        out.append(Action("draw"))


def _check_draw(rules: Any, st: MapState, a: Action) -> Refusal | None:
    if a.args:
        return ("heroes.rule.bad_action", "draw takes nothing")
    if len(st.ps[st.current].hand) > _hand_limit(st, st.current):
        return ("heroes.map.rule.over_limit", "discard down to the hand limit first")
    return None


def _apply_draw(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat = st.current
    p = st.ps[seat]
    want = _hand_limit(st, seat) - len(p.hand)
    got = p.deck.draw(want, st.rng).cards if want > 0 else []
    p.hand += got
    ev.append(Event("heroes.map.draw", {"seat": seat, "count": len(got)}, reveal=True,
                    seat=seat))
    st.flow.phase = TURN
    run(rules, st, ev)


def _heroes_of(st: MapState, seat: int) -> list[str]:
    p = st.ps[seat]
    return [k for k in (MAIN, SECONDARY) if p.pos[k] is not None]


def _stacked(st: MapState, seat: int) -> bool:
    """Returns True while both own heroes share a field (spec AMB-11: the next MP moves one off)."""
    p = st.ps[seat]
    return p.pos[MAIN] is not None and p.pos[MAIN] == p.pos[SECONDARY]


def _closed_fields(st: MapState, seat: int) -> set[Hex]:
    """Returns fields a hero of ``seat`` cannot enter: an enemy hero on a sanctuary."""
    out = set()
    for s, p in enumerate(st.ps):
        if s == seat:
            continue
        for k in (MAIN, SECONDARY):
            h = p.pos[k]
            if h is not None and _is_sanctuary(st, h):
                out.add(h)
    return out


def _is_sanctuary(st: MapState, h: Hex) -> bool:
    loc = board(st).fields[h].location
    return loc is not None and any(e.get("type") == "sanctuary"
                                   for e in mc().locations[loc].effects)


def move_targets(st: MapState, seat: int, hero: str) -> dict[Hex, int]:
    """Returns the fields the hero may move to with one move action and its MP cost: a
    neighbour (1 MP), or the field beyond an own hero it passes (2 MP, seed "Bewegung")."""
    p = st.ps[seat]
    here = p.pos[hero]
    if here is None or p.mp[hero] < 1:
        return {}
    b = board(st)
    other = p.pos[SECONDARY if hero == MAIN else MAIN]
    closed = _closed_fields(st, seat)
    out: dict[Hex, int] = {}
    for n in b.steps(here):
        if n in closed:
            continue
        if n == other:
            if p.mp[hero] >= 2:
                for n2 in b.steps(n):
                    if n2 != here and n2 != other and n2 not in closed and n2 not in out:
                        out[n2] = 2
            continue
        out[n] = 1
    return out


def _opt_move(rules: Any, st: MapState, out: list[Action]) -> None:
    seat = st.current
    for hero in _heroes_of(st, seat):
        for h, _cost in sorted(move_targets(st, seat, hero).items()):
            out.append(Action("move", (("hero", hero), ("to", (h[0], h[1])))))


def _check_move(rules: Any, st: MapState, a: Action) -> Refusal | None:
    hero, to = a.get("hero"), a.get("to")
    if a.names() != ("hero", "to") or hero not in (MAIN, SECONDARY) \
            or not isinstance(to, (list, tuple)) or len(to) != 2:
        return ("heroes.rule.bad_action", "move needs a hero and a field")
    if st.ps[st.current].mp.get(hero, 0) < 1 or st.ps[st.current].pos[hero] is None:
        return ("heroes.map.rule.no_mp", "that hero has no movement points left")
    cost = move_targets(st, st.current, hero).get((int(to[0]), int(to[1])))
    if cost is None:
        return ("heroes.map.rule.unreachable", f"{to} is not a field that hero can move to")
    return None


def _apply_move(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat, hero = st.current, a["hero"]
    p = st.ps[seat]
    h = _h(a["to"])
    cost = move_targets(st, seat, hero)[h]
    p.mp[hero] -= cost
    p.prev[hero] = p.pos[hero]
    p.pos[hero] = h
    ev.append(_ev("heroes.map.move", seat=seat, hero=hero, to=[h[0], h[1]], mp=p.mp[hero]))
    arrive(rules, st, seat, hero, h, ev)
    run(rules, st, ev)


def _revisitable_here(st: MapState, seat: int, hero: str) -> bool:
    h = st.ps[seat].pos[hero]
    return h is not None and category(st, h) == M.REVISITABLE


def _opt_revisit(rules: Any, st: MapState, out: list[Action]) -> None:
    seat = st.current
    if _stacked(st, seat):
        return
    for hero in _heroes_of(st, seat):
        if st.ps[seat].mp[hero] >= 1 and _revisitable_here(st, seat, hero):
            out.append(Action("revisit", (("hero", hero),)))


def _check_revisit(rules: Any, st: MapState, a: Action) -> Refusal | None:
    hero = a.get("hero")
    if a.names() != ("hero",) or hero not in (MAIN, SECONDARY):
        return ("heroes.rule.bad_action", "revisit needs a hero")
    if _stacked(st, st.current):
        return ("heroes.map.rule.stacked", "move one of your two heroes off their field first")
    if st.ps[st.current].mp[hero] < 1 or not _revisitable_here(st, st.current, hero):
        return ("heroes.map.rule.no_revisit", "only a revisitable location can be visited "
                "again, for 1 MP")
    return None


def _apply_revisit(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat, hero = st.current, a["hero"]
    p = st.ps[seat]
    p.mp[hero] -= 1
    pos = p.pos[hero]
    assert pos is not None
    visit(rules, st, seat, hero, pos, ev)
    run(rules, st, ev)


def _slot_anchors(st: MapState) -> set[Hex]:
    return {(s[1], s[2]) for s in st.slots}


def _discoverable(st: MapState, seat: int, hero: str) -> list[Hex]:
    h = st.ps[seat].pos[hero]
    if h is None or st.ps[seat].mp[hero] < 1:
        return []
    return B.slots_next_to(h, _slot_anchors(st))


def _opt_discover(rules: Any, st: MapState, out: list[Action]) -> None:
    seat = st.current
    if _stacked(st, seat):
        return
    for hero in _heroes_of(st, seat):
        for h in _discoverable(st, seat, hero):
            out.append(Action("discover", (("at", (h[0], h[1])), ("hero", hero))))


def _check_discover(rules: Any, st: MapState, a: Action) -> Refusal | None:
    hero, at = a.get("hero"), a.get("at")
    if a.names() != ("at", "hero") or hero not in (MAIN, SECONDARY) \
            or not isinstance(at, (list, tuple)) or len(at) != 2:
        return ("heroes.rule.bad_action", "discover needs a hero and a tile")
    if _stacked(st, st.current):
        return ("heroes.map.rule.stacked", "move one of your two heroes off their field first")
    if (int(at[0]), int(at[1])) not in _discoverable(st, st.current, hero):
        return ("heroes.map.rule.no_tile", "no face-down tile next to that hero (or no MP)")
    return None


def _apply_discover(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat, hero = st.current, a["hero"]
    st.ps[seat].mp[hero] -= 1
    at = _h(a["at"])
    slot = next(s for s in st.slots if (s[1], s[2]) == at)
    st.slots.remove(slot)
    tile = slot[3]
    ev.append(Event("heroes.map.discover", {"seat": seat, "tile": tile, "at": [at[0], at[1]]},
                    reveal=True))
    _ask_rotation(st, seat, tile, at, "discover")


def _ask_rotation(st: MapState, seat: int, tile: str, at: Hex, how: str) -> None:
    rots = B.rotations_keeping_path(board(st), mc().tiles[tile], at) or list(range(6))
    st.flow.push(Decision(ROTATE, seat, ONE, Message("heroes.map.prompt.rotate", {"tile": tile}),
                          (tile, at[0], at[1], tuple(rots), how)))


def placements(st: MapState, seat: int, hero: str, tile: str) -> list[Hex]:
    """Returns the anchors where a tile of the own supply may be placed by this hero (seed
    "Gebiete platzieren"; spec R-178, AMB-35/36)."""
    p = st.ps[seat]
    h = p.pos[hero]
    if h is None or p.mp[hero] < 1:
        return []
    b = board(st)
    taken = set(b.anchors) | _slot_anchors(st)
    out = []
    for anchor in B.slots_next_to(h):
        if anchor in taken or B.touching(anchor, taken) < 2:
            continue
        if B.rotations_keeping_path(b, mc().tiles[tile], anchor):
            out.append(anchor)
    return out


def _opt_place(rules: Any, st: MapState, out: list[Action]) -> None:
    seat = st.current
    if _stacked(st, seat):
        return
    for tile in sorted(set(st.ps[seat].supply)):
        for hero in _heroes_of(st, seat):
            for h in placements(st, seat, hero, tile):
                out.append(Action("place", (("at", (h[0], h[1])), ("hero", hero),
                                            ("tile", tile))))


def _check_place(rules: Any, st: MapState, a: Action) -> Refusal | None:
    hero, at, tile = a.get("hero"), a.get("at"), a.get("tile")
    if a.names() != ("at", "hero", "tile") or hero not in (MAIN, SECONDARY) \
            or not isinstance(at, (list, tuple)) or len(at) != 2:
        return ("heroes.rule.bad_action", "place needs a hero, a tile and where")
    if tile not in st.ps[st.current].supply:
        return ("heroes.map.rule.not_in_supply", f"{tile!r} is not in your supply")
    if _stacked(st, st.current):
        return ("heroes.map.rule.stacked", "move one of your two heroes off their field first")
    if (int(at[0]), int(at[1])) not in placements(st, st.current, hero, tile):
        return ("heroes.map.rule.placement", "a new tile lies next to the hero, touches two "
                "tiles and keeps every field reachable")
    return None


def _apply_place(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat, hero = st.current, a["hero"]
    p = st.ps[seat]
    p.mp[hero] -= 1
    p.supply.remove(a["tile"])
    at = _h(a["at"])
    ev.append(Event("heroes.map.place", {"seat": seat, "tile": a["tile"], "at": [at[0], at[1]]},
                    reveal=True))
    _ask_rotation(st, seat, a["tile"], at, "place")


def _opt_rotate(rules: Any, st: MapState, out: list[Action]) -> None:
    d = st.flow.top
    assert d is not None
    for rot in d.data[3]:
        out.append(Action("rotate", (("rotation", rot),)))


def _check_rotate(rules: Any, st: MapState, a: Action) -> Refusal | None:
    d = st.flow.top
    if d is not None and a.names() == ("rotation",) and a["rotation"] in d.data[3]:
        return None
    return ("heroes.map.rule.rotation", "that rotation would cut a field off the map")


def _apply_rotate(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    d = st.flow.pop()
    tile, q, r = d.data[0], d.data[1], d.data[2]
    st.placed.append([tile, q, r, int(a["rotation"])])
    st.board_cache = None
    ev.append(_ev("heroes.map.tile", tile=tile, at=[q, r], rotation=int(a["rotation"])))
    run(rules, st, ev)


# --- town actions (seed "Stadtaktionen") ---------------------------------------------------------
def _buildable(st: MapState, seat: int) -> list[str]:
    p = st.ps[seat]
    if not p.tokens["build"]:
        return []
    town = mc().towns[p.faction]
    return [b.id for b in town.buildings if b.id not in p.built
            and all(r in p.built for r in b.requires) and afford(p.res, b.cost)]


def _dwelling_tiers(st: MapState, seat: int) -> set[str]:
    p = st.ps[seat]
    town = mc().towns[p.faction]
    return {b.dwelling for b in town.buildings if b.id in p.built and b.dwelling}


def _has_citadel(st: MapState, seat: int) -> bool:
    p = st.ps[seat]
    return any(b.citadel for b in mc().towns[p.faction].buildings if b.id in p.built)


def close_population(st: MapState, seat: int) -> None:
    """Ends a population action: its recruiting and reinforcing happen at one moment (seed
    "Stadtaktionen"; spec T-01: once anything else is done, the token is spent)."""
    p = st.ps[seat]
    if p.pop_use == "units":
        p.pop_use = "spent"


def _can_pop_units(st: MapState, seat: int) -> bool:
    p = st.ps[seat]
    return p.tokens["population"] or p.pop_use == "units"


def _recruitable(st: MapState, seat: int) -> list[str]:
    p = st.ps[seat]
    if not _can_pop_units(st, seat):
        return []
    tiers = _dwelling_tiers(st, seat)
    have = {u[0] for u in p.units}
    return [uid for uid in C.faction(p.faction).units if uid not in have
            and C.unit(uid).tier in tiers and afford(p.res, _cost3(C.unit(uid).recruit))]


def _reinforceable(st: MapState, seat: int) -> list[str]:
    p = st.ps[seat]
    if not _can_pop_units(st, seat) or not _has_citadel(st, seat):
        return []
    return [uid for uid, pack in p.units if not pack and C.unit(uid).reinforce is not None
            and afford(p.res, _cost3(C.unit(uid).reinforce))]


def _hire_fields(st: MapState, seat: int) -> list[Hex]:
    p = st.ps[seat]
    if not p.tokens["population"] or p.pos[SECONDARY] is not None \
            or p.res[0] < SECONDARY_COST:
        return []
    return havens(st, seat)


def _guild_ready(st: MapState, seat: int) -> bool:
    p = st.ps[seat]
    town = mc().towns[p.faction]
    # seed "Stadtaktionen": not in the round the mage guild was built
    return p.tokens["spellbook"] and afford(p.res, town.spell_cost) and any(
        b.guild and b.id in p.built and p.built_round.get(b.id, 0) < st.round
        for b in town.buildings)


def _town_options(st: MapState, seat: int, out: list[Action]) -> None:
    out.extend(Action("build", (("building", b),)) for b in _buildable(st, seat))
    out.extend(Action("recruit", (("unit", u),)) for u in _recruitable(st, seat))
    out.extend(Action("reinforce", (("unit", u),)) for u in _reinforceable(st, seat))
    out.extend(Action("hire", (("at", (h[0], h[1])),)) for h in _hire_fields(st, seat))
    if _guild_ready(st, seat):
        out.append(Action("spellbook"))


def _opt_build(rules: Any, st: MapState, out: list[Action]) -> None:
    out.extend(Action("build", (("building", b),)) for b in _buildable(st, actor(st)))


def _opt_recruit(rules: Any, st: MapState, out: list[Action]) -> None:
    out.extend(Action("recruit", (("unit", u),)) for u in _recruitable(st, actor(st)))


def _opt_reinforce(rules: Any, st: MapState, out: list[Action]) -> None:
    out.extend(Action("reinforce", (("unit", u),)) for u in _reinforceable(st, actor(st)))


def _opt_hire(rules: Any, st: MapState, out: list[Action]) -> None:
    out.extend(Action("hire", (("at", (h[0], h[1])),)) for h in _hire_fields(st, actor(st)))


def _opt_spellbook(rules: Any, st: MapState, out: list[Action]) -> None:
    if _guild_ready(st, actor(st)):
        out.append(Action("spellbook"))


def _check_build(rules: Any, st: MapState, a: Action) -> Refusal | None:
    seat = actor(st)
    p = st.ps[seat]
    b = a.get("building")
    town = mc().towns[p.faction]
    if a.names() != ("building",) or all(x.id != b for x in town.buildings):
        return ("heroes.map.rule.no_building", f"{b!r} is no building of your town")
    if not p.tokens["build"]:
        return ("heroes.map.rule.token_used", "your build token is used this round")
    info = mc().building(p.faction, b)
    if b in p.built:
        return ("heroes.map.rule.built", "that building stands already")
    if any(r not in p.built for r in info.requires):
        return ("heroes.map.rule.requires", f"{b} needs {', '.join(info.requires)} first")
    if not afford(p.res, info.cost):
        return ("heroes.map.rule.cost", "you cannot pay for it")
    return None


def _apply_build(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat = actor(st)
    p = st.ps[seat]
    info = mc().building(p.faction, a["building"])
    pay(p.res, info.cost)
    p.tokens["build"] = False
    p.built.append(info.id)
    p.built_round[info.id] = st.round
    ev.append(_ev("heroes.map.build", seat=seat, building=info.id))
    # seed "Städte": an immediate effect resolves at once (a mage guild's spells)
    for _ in range(info.spells):
        push_search(st, seat, "spell", 2, False)


def _check_unit(rules: Any, st: MapState, a: Action) -> Refusal | None:
    seat = actor(st)
    uid = a.get("unit")
    p = st.ps[seat]
    if a.names() != ("unit",) or uid not in C.faction(p.faction).units:
        return ("heroes.rule.not_faction_unit", f"{uid!r} is no unit of your faction")
    if not _can_pop_units(st, seat):
        return ("heroes.map.rule.token_used", "your population token is used this round")
    if a.kind == "recruit":
        if uid in {u[0] for u in p.units}:
            return ("heroes.map.rule.have_unit", "that unit is in your army already")
        if C.unit(uid).tier not in _dwelling_tiers(st, seat):
            return ("heroes.map.rule.no_dwelling", "build its dwelling first")
        if not afford(p.res, _cost3(C.unit(uid).recruit)):
            return ("heroes.map.rule.cost", "you cannot pay for it")
        return None
    if not _has_citadel(st, seat):
        return ("heroes.map.rule.no_citadel", "reinforcing needs a citadel")
    if [uid, False] not in p.units:
        return ("heroes.map.rule.not_few", "only a unit of yours on its Few side")
    if not afford(p.res, _cost3(C.unit(uid).reinforce)):
        return ("heroes.map.rule.cost", "you cannot pay for it")
    return None


def _apply_recruit(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat = actor(st)
    p = st.ps[seat]
    pay(p.res, _cost3(C.unit(a["unit"]).recruit))
    p.tokens["population"] = False
    p.pop_use = "units"
    p.units.append([a["unit"], False])
    ev.append(_ev("heroes.map.recruit", seat=seat, unit=a["unit"]))


def _apply_reinforce(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat = actor(st)
    p = st.ps[seat]
    pay(p.res, _cost3(C.unit(a["unit"]).reinforce))
    p.tokens["population"] = False
    p.pop_use = "units"
    p.units[p.units.index([a["unit"], False])] = [a["unit"], True]
    ev.append(_ev("heroes.map.reinforce", seat=seat, unit=a["unit"]))


def _check_hire(rules: Any, st: MapState, a: Action) -> Refusal | None:
    at = a.get("at")
    if a.names() != ("at",) or not isinstance(at, (list, tuple)) or len(at) != 2:
        return ("heroes.rule.bad_action", "hire needs a field")
    seat = actor(st)
    p = st.ps[seat]
    if not p.tokens["population"]:
        return ("heroes.map.rule.token_used", "your population token is used this round")
    if p.pos[SECONDARY] is not None:
        return ("heroes.map.rule.one_secondary", "you have a secondary hero already")
    if p.res[0] < SECONDARY_COST:
        return ("heroes.map.rule.cost", "a secondary hero costs 10 gold")
    if (int(at[0]), int(at[1])) not in havens(st, seat):
        return ("heroes.map.rule.no_haven", "only in an own town or settlement without an "
                "enemy hero")
    return None


def _apply_hire(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat = actor(st)
    p = st.ps[seat]
    p.res[0] -= SECONDARY_COST
    p.tokens["population"] = False
    p.pop_use = "hero"
    p.pos[SECONDARY] = _h(a["at"])
    p.prev[SECONDARY] = None
    p.mp[SECONDARY] = BASE_MP[SECONDARY] if seat == st.current else 0
    ev.append(_ev("heroes.map.hire", seat=seat, at=list(a["at"])))


def _check_spellbook(rules: Any, st: MapState, a: Action) -> Refusal | None:
    if a.args:
        return ("heroes.rule.bad_action", "spellbook takes nothing")
    if not _guild_ready(st, actor(st)):
        return ("heroes.map.rule.no_guild", "the spell book needs the token, its price and a "
                "mage guild built in an earlier round")
    return None


def _apply_spellbook(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat = actor(st)
    p = st.ps[seat]
    cost = mc().towns[p.faction].spell_cost
    pay(p.res, cost)
    p.tokens["spellbook"] = False
    ev.append(_ev("heroes.map.spellbook", seat=seat, cost=list(cost)))
    push_search(st, seat, "spell", 2, False)


# --- morale actions ------------------------------------------------------------------------------
def _opt_morale(rules: Any, st: MapState, out: list[Action]) -> None:
    p = st.ps[st.current]
    if p.morale > 0:
        out.append(Action("morale", (("use", "draw"),)))
        if p.hand:
            out.append(Action("morale", (("cards", tuple(sorted(p.hand))), ("use", "cycle"))))


def _check_morale(rules: Any, st: MapState, a: Action) -> Refusal | None:
    p = st.ps[st.current]
    if p.morale <= 0:
        return ("heroes.map.rule.no_morale", "you hold no good morale token")
    use = a.get("use")
    if use == "draw" and a.names() == ("use",):
        return None
    if use == "cycle" and a.names() == ("cards", "use"):
        cards = list(a["cards"]) if isinstance(a["cards"], (list, tuple)) else None
        hand = p.hand[:]
        for c in cards or [None]:
            if c not in hand:
                return ("heroes.map.rule.not_in_hand", f"{c!r} is not in your hand")
            hand.remove(c)
        return None
    return ("heroes.rule.bad_action", "morale: use draw, or cycle with the cards")


def _apply_morale(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat = st.current
    p = st.ps[seat]
    p.morale = 0
    if a["use"] == "draw":
        n = 1
    else:
        n = len(a["cards"])
        for c in a["cards"]:
            p.hand.remove(c)
        p.deck.discard(list(a["cards"]))
    got = p.deck.draw(n, st.rng).cards
    p.hand += got
    ev.append(Event("heroes.map.morale_use", {"seat": seat, "use": a["use"], "count": len(got)},
                    reveal=True, seat=seat))


def _opt_end(rules: Any, st: MapState, out: list[Action]) -> None:
    out.append(Action("end_turn"))


def _check_end(rules: Any, st: MapState, a: Action) -> Refusal | None:
    return None if not a.args else ("heroes.rule.bad_action", "end_turn takes nothing")


def _apply_end(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    end_turn(rules, st, ev)
    run(rules, st, ev)


# --- decisions -----------------------------------------------------------------------------------
def _opt_search(rules: Any, st: MapState, out: list[Action]) -> None:
    d = st.flow.top
    assert d is not None
    kind, _count, optional = d.data
    if st.decks[kind].draw_count() or st.decks[kind].discard_count() > 1:
        out.append(Action("search", (("from", "deck"),)))
    if st.decks[kind].discard_pile:
        out.append(Action("search", (("from", "discard"),)))
    if optional or not out:
        out.append(Action("search", (("from", "none"),)))


def _check_search(rules: Any, st: MapState, a: Action) -> Refusal | None:
    out: list[Action] = []
    _opt_search(rules, st, out)
    return None if a in out else ("heroes.map.rule.search", "search the deck or take the "
                                  "discard pile's top card")


def _apply_search(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    d = st.flow.pop()
    kind, count, _ = d.data
    seat = d.seat
    deck = st.decks[kind]
    where = a["from"]
    if where == "discard":
        card = deck.discard_pile.take_top(1)[0]
        give_card(st, seat, kind, card, ev)
        if refill_discard(st, kind):
            ev.append(Event("heroes.map.discard_top", {"deck": kind,
                                                       "card": deck.discard_pile.top()},
                            reveal=True))
    elif where == "deck":
        # seed card rule 6 and spec AMB-27: a short deck is refilled from its discard pile
        # first (keeping the discard's top card out), then looked at
        looked = deck.draw(count, st.rng)
        if looked.reshuffled:
            refill_discard(st, kind)
        st.looking = looked.cards
        ev.append(Event("heroes.map.look", {"seat": seat, "deck": kind, "cards": st.looking[:]},
                        reveal=True, seat=seat))
        if st.looking:
            st.flow.push(Decision(KEEP, seat, ONE, Message("heroes.map.prompt.keep", {}),
                                  (kind,)))
            return
    run(rules, st, ev)


def give_card(st: MapState, seat: int, kind: str, card: str, ev: list[Event]) -> None:
    """Puts a gained card into the hand (card rule 4); a card of another faction is of no use
    and goes to its deck's discard pile (as in the skirmish)."""
    c = C.card(card)
    if c.faction is not None and c.faction != st.ps[seat].faction:
        st.decks[kind].discard((card,))
        ev.append(_ev("heroes.map.unusable", seat=seat, card=card))
        return
    st.ps[seat].hand.append(card)
    ev.append(_ev("heroes.map.gain_card", seat=seat, card=card))


def _opt_keep(rules: Any, st: MapState, out: list[Action]) -> None:
    for c in sorted(set(st.looking)):
        out.append(Action("keep", (("card", c),)))


def _check_keep(rules: Any, st: MapState, a: Action) -> Refusal | None:
    if a.names() == ("card",) and a["card"] in st.looking:
        return None
    return ("heroes.map.rule.keep", "keep one of the cards you look at")


def _apply_keep(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    d = st.flow.pop()
    kind = d.data[0]
    st.looking.remove(a["card"])
    give_card(st, d.seat, kind, a["card"], ev)
    st.decks[kind].discard(st.looking)
    st.looking = []
    run(rules, st, ev)


def _opt_choose(rules: Any, st: MapState, out: list[Action]) -> None:
    d = st.flow.top
    assert d is not None
    for o in d.data[1]:
        out.append(Action("choose", (("option", o),)))


def _check_choose(rules: Any, st: MapState, a: Action) -> Refusal | None:
    d = st.flow.top
    if d is not None and a.names() == ("option",) and a["option"] in d.data[1]:
        return None
    return ("heroes.map.rule.option", "choose one of the options offered")


def _apply_choose(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    d = st.flow.pop()
    purpose, _, key = d.data
    ctx = st.battle["ctx"].pop(key)
    _CHOICES[purpose](rules, st, d.seat, str(a["option"]), ctx, ev)
    run(rules, st, ev)


def _choose_settlement(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                       ev: list[Event]) -> None:
    h, first = _h(ctx[0]), bool(ctx[1])
    p = st.ps[seat]
    if opt in RESOURCES:
        st.marks[h]["choice"] = opt
        if first:  # seed "Siedlungen": the first to flag it gets the amount at once
            i = RESOURCES.index(opt)
            p.res[i] += STEP[i]
        ev.append(_ev("heroes.map.settle", seat=seat, field=_jh(h), choice=opt))
        return
    uid = opt.split(":", 1)[1]
    cost = (0, 0, 0) if first else _half(C.unit(uid).reinforce)
    pay(p.res, cost)
    if [uid, False] in p.units:
        p.units[p.units.index([uid, False])] = [uid, True]
    ev.append(_ev("heroes.map.reinforce", seat=seat, unit=uid, cost=list(cost)))


def _choose_die(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                ev: list[Event]) -> None:
    got = [int(x) for x in opt.split(",")]
    gain(st.ps[seat].res, got)
    ev.append(_ev("heroes.map.gain", seat=seat, res=got))


def _choose_treasure(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                     ev: list[Event]) -> None:
    _treasure(st, seat, ctx[0], opt)


def _choose_pay(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                ev: list[Event]) -> None:
    if opt != "pay":
        return
    hero, cost, effects = ctx
    pay(st.ps[seat].res, cost)
    queue(st)[:0] = [["effect", seat, hero, e] for e in effects]


def _choose_effect(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                   ev: list[Event]) -> None:
    hero, options = ctx
    queue(st)[:0] = [["effect", seat, hero, e] for e in options[int(opt)]]


def _choose_relocate(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                     ev: list[Event]) -> None:
    q, r = (int(x) for x in opt.split(","))
    p = st.ps[seat]
    p.pos[MAIN] = (q, r)
    p.prev[MAIN] = None
    ev.append(_ev("heroes.map.relocate", seat=seat, field=[q, r]))


def _choose_yield(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                  ev: list[Event]) -> None:
    tag = ctx[0]
    if opt == "fight":
        queue(st)[:0] = [["window"], ["combat", tag]]
        return
    # seed "Nebenheld": an attacked secondary hero may be declared beaten at once; the winner
    # still takes a faction cube
    st.ps[tag["seat"]].cubes.append(seat)
    ev.append(_ev("heroes.map.cube", seat=tag["seat"], of=seat))
    defeated(rules, st, seat, SECONDARY, ev)
    queue(st).insert(0, ["visit", tag["seat"], tag["hero"], tag["field"]])


def _choose_defend(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                   ev: list[Event]) -> None:
    tag = ctx[0]
    if opt == "defend":
        # seed "Kampf beginnen": 8 gold to defend with the units, without the deck
        st.ps[seat].res[0] -= DEFEND_COST
        ev.append(_ev("heroes.map.defend", seat=seat, gold=DEFEND_COST))
        queue(st)[:0] = [["window"], ["combat", tag]]
        return
    # spec AMB-47: undefended, the attacker flags it without a combat
    queue(st).insert(0, ["visit", tag["seat"], tag["hero"], tag["field"]])


_CHOICES = {"settlement": _choose_settlement, "die": _choose_die, "treasure": _choose_treasure,
            "pay": _choose_pay, "effect": _choose_effect, "relocate": _choose_relocate,
            "yield": _choose_yield, "defend": _choose_defend}


# trading post (seed "Handeln")
def _opt_trade(rules: Any, st: MapState, out: list[Action]) -> None:
    d = st.flow.top
    assert d is not None
    p = st.ps[d.seat]
    for (sell, get), (n, _m) in sorted(RATES.items()):
        if p.res[RESOURCES.index(sell)] >= n:
            out.append(Action("trade", (("get", get), ("lots", 1), ("sell", sell))))


def _opt_remove(rules: Any, st: MapState, out: list[Action]) -> None:
    d = st.flow.top
    assert d is not None
    if d.data[0] == "":
        for c in sorted(set(st.ps[d.seat].hand)):
            if removable(c):
                out.append(Action("remove", (("card", c),)))


def _opt_leave(rules: Any, st: MapState, out: list[Action]) -> None:
    out.append(Action("leave"))


def _opt_pass(rules: Any, st: MapState, out: list[Action]) -> None:
    out.append(Action("pass"))


def _check_pass(rules: Any, st: MapState, a: Action) -> Refusal | None:
    return None if not a.args else ("heroes.rule.bad_action", "pass takes nothing")


def removable(card: str) -> bool:
    """Returns True for a card the trading post may remove (not a statistic, specialty,
    starting ability or Arcane Arrow; seed "Handelsposten")."""
    c = C.card(card)
    if c.kind in NO_REMOVE_KINDS or card == "magic_arrow":
        return False
    return not any(h.ability == card for h in C.all_of("hero"))


def _check_trade(rules: Any, st: MapState, a: Action) -> Refusal | None:
    d = st.flow.top
    assert d is not None
    p = st.ps[d.seat]
    if a.kind == "leave":
        return None if not a.args else ("heroes.rule.bad_action", "leave takes nothing")
    if a.kind == "remove":
        if d.data[0] != "":
            return ("heroes.map.rule.one_trade", "one kind of trade per visit")
        c = a.get("card")
        if a.names() != ("card",) or c not in p.hand or not removable(c):
            return ("heroes.map.rule.no_remove", f"{c!r} cannot be removed here")
        return None
    sell, get, lots = a.get("sell"), a.get("get"), a.get("lots")
    if a.names() != ("get", "lots", "sell") or (sell, get) not in RATES \
            or not isinstance(lots, int) or isinstance(lots, bool) or lots < 1:
        return ("heroes.map.rule.rate", "no such trade")
    n, _m = RATES[(sell, get)]
    if p.res[RESOURCES.index(sell)] < n * lots:
        return ("heroes.map.rule.cost", "you do not have that much to sell")
    return None


def _apply_trade(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    d = st.flow.top
    assert d is not None
    p = st.ps[d.seat]
    sell, get, lots = a["sell"], a["get"], int(a["lots"])
    n, m = RATES[(sell, get)]
    p.res[RESOURCES.index(sell)] -= n * lots
    p.res[RESOURCES.index(get)] += m * lots
    ev.append(_ev("heroes.map.trade", seat=d.seat, sell=sell, get=get, lots=lots))
    st.flow.replace(d.with_data(("trade",)))


def _apply_remove(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    d = st.flow.pop()
    p = st.ps[d.seat]
    p.hand.remove(a["card"])
    p.res[0] += 1
    ev.append(_ev("heroes.map.remove", seat=d.seat, card=a["card"]))
    run(rules, st, ev)


def _apply_leave(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    st.flow.pop()
    run(rules, st, ev)


# the town-action window before a combat (spec R-062, AMB-14)
def _close_window(rules: Any, st: MapState, d: Decision, ev: list[Event]) -> None:
    run(rules, st, ev)


def _prompt_turn(rules: Any, st: MapState) -> Message:
    if st.flow.phase == REFRESH:
        return Message("heroes.map.prompt.refresh", {"seat": st.current,
                                                     "limit": _hand_limit(st, st.current)})
    return Message("heroes.map.prompt.turn", {"seat": st.current, "round": st.round})


def _current(st: MapState) -> int:
    return st.current


def _running(st: MapState) -> Any:
    return st.sub


FLOW = Flow(
    "heroes",
    phases=(
        Phase(REFRESH, ("discard", "draw"), _prompt_turn),
        Phase(TURN, ("move", "revisit", "discover", "place", "build", "recruit", "reinforce",
                     "hire", "spellbook", "morale", "end_turn"), _prompt_turn),
        Phase(BATTLE, (), "heroes.prompt.battle", sub=_running),
        Phase(OVER, (), "heroes.prompt.over", terminal=True),
    ),
    decisions=(
        DecisionKind(SEARCH, ("search",), "heroes.map.prompt.search"),
        DecisionKind(KEEP, ("keep",), "heroes.map.prompt.keep"),
        DecisionKind(ROTATE, ("rotate",), "heroes.map.prompt.rotate"),
        DecisionKind(CHOOSE, ("choose",), "heroes.map.prompt.choose"),
        DecisionKind(TRADE, ("trade", "remove", "leave"), "heroes.map.prompt.trade"),
        DecisionKind(WINDOW, ("build", "recruit", "reinforce", "hire", "spellbook", "pass"),
                     "heroes.map.prompt.window", pass_kind="pass", on_close=_close_window),
    ),
    actions=(
        ActionKind("discard", _opt_discard, _check_discard, _apply_discard),
        ActionKind("draw", _opt_draw, _check_draw, _apply_draw),
        ActionKind("move", _opt_move, _check_move, _apply_move),
        ActionKind("revisit", _opt_revisit, _check_revisit, _apply_revisit),
        ActionKind("discover", _opt_discover, _check_discover, _apply_discover),
        ActionKind("place", _opt_place, _check_place, _apply_place),
        ActionKind("build", _opt_build, _check_build, _apply_build),
        ActionKind("recruit", _opt_recruit, _check_unit, _apply_recruit),
        ActionKind("reinforce", _opt_reinforce, _check_unit, _apply_reinforce),
        ActionKind("hire", _opt_hire, _check_hire, _apply_hire),
        ActionKind("spellbook", _opt_spellbook, _check_spellbook, _apply_spellbook),
        ActionKind("morale", _opt_morale, _check_morale, _apply_morale),
        ActionKind("end_turn", _opt_end, _check_end, _apply_end),
        ActionKind("search", _opt_search, _check_search, _apply_search),
        ActionKind("keep", _opt_keep, _check_keep, _apply_keep),
        ActionKind("rotate", _opt_rotate, _check_rotate, _apply_rotate),
        ActionKind("choose", _opt_choose, _check_choose, _apply_choose),
        ActionKind("trade", _opt_trade, _check_trade, _apply_trade),
        ActionKind("remove", _opt_remove, _check_trade, _apply_remove),
        ActionKind("leave", _opt_leave, _check_trade, _apply_leave),
        ActionKind("pass", _opt_pass, _check_pass),
    ),
    turn_seat=_current,
    closed=("heroes.rule.wrong_step", "{kind} is not possible during {step}"),
)
