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

from collections.abc import Callable
from typing import Any

from engine.core import subgame
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
from engine.rules.heroes.adventure import teams as T  # team play (co-operative, alliance)
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

# location kinds: the role of a town, mine or settlement, else the category
VISITABLE = "visitable"
FLAGGABLE = "flaggable"
REVISITABLE = "revisitable"
TOWN = "town"
SETTLEMENT = "settlement"
MINE = "mine"
PVP_ROUNDS = 12  # our cap on a battle between players (the seed has none): then by health
NO_REMOVE_KINDS = ("stat", "specialty")  # seed "Handelsposten": these cannot be removed
# the prompt of each kind of choice, what arriving on a field does, and how a game ends
CHOICE_PROMPTS: dict[str, str] = {"settlement": "heroes.map.prompt.settlement", "die": "heroes.map.prompt.die",
                  "treasure": "heroes.map.prompt.treasure", "pay": "heroes.map.prompt.pay",
                  "effect": "heroes.map.prompt.effect", "relocate": "heroes.map.prompt.relocate",
                  "yield": "heroes.map.prompt.yield", "defend": "heroes.map.prompt.defend",
                  "bonus": "heroes.map.prompt.bonus", "start_unit": "heroes.map.prompt.start_unit",
                  "explore": "heroes.map.prompt.explore", "spring": "heroes.map.prompt.spring",
                  "witch": "heroes.map.prompt.witch", "witch_card": "heroes.map.prompt.witch_card",
                  "reinforce": "heroes.map.prompt.reinforce",
                  "recover": "heroes.map.prompt.recover", "cycle": "heroes.map.prompt.cycle",
                  "neutral": "heroes.map.prompt.neutral", "portal": "heroes.map.prompt.portal",
                  "after_combat": "heroes.map.prompt.after_combat",
                  "reroll": "heroes.map.prompt.reroll",
                  "morale_second": "heroes.map.prompt.morale_second"}
WHAT: dict[str, str] = {"neutral": "heroes.map.what.neutral", "quick": "heroes.map.what.quick",
                        "pvp": "heroes.map.what.pvp", "defend": "heroes.map.what.defend",
                        "visit": "heroes.map.what.visit", "visited": "heroes.map.what.visited",
                        "flagged": "heroes.map.what.flagged", "empty": "heroes.map.what.empty",
                        "ally": "heroes.map.what.ally"}
ENDS: dict[str, str] = {"elimination": "heroes.map.end.elimination", "cubes": "heroes.map.end.cubes",
                        "town": "heroes.map.end.town", "rounds": "heroes.map.end.rounds",
                        "rounds_cubes": "heroes.map.end.rounds_cubes",
                        "grail": "heroes.map.end.grail"}
# an end's wording when several players share the side (the co-operative game; the solo texts
# say "you"): adventure/bothero.py
TEAM_ENDS: dict[str, str] = {}


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


def now(st: MapState) -> list[list[Any]]:
    """Returns the queue of what a town action set off: it runs at once, also inside the
    town-action window before a combat (the combat waits in ``queue``)."""
    return st.battle.setdefault("now", [])  # type: ignore[no-any-return]


def eco() -> M.Economy:
    """Returns the economy's numbers (data/heroes/map/economy.yaml)."""
    return mc().economy


def base_mp(hero: str) -> int:
    """Returns a hero's movement points (seed "Bewegungsaktionen": main 3, secondary 2)."""
    return eco().main_mp if hero == MAIN else eco().secondary_mp


def kind_of(info: M.LocationInfo) -> str:
    """Returns a location's kind: its role (town, mine, settlement) or else its category."""
    return info.role if info.role != "site" else info.category  # type: ignore[no-any-return]


def location_kind(st: MapState, info: M.LocationInfo) -> str:
    """Returns a location's kind in this game: its kind, except that the option trade_anytime
    makes a trading post visitable (seed "Optionale Anpassungen": "Der Handelsposten wird
    besuchbar"; spec AMB-86)."""
    kind = kind_of(info)
    if kind == REVISITABLE and st.opts.get("trade_anytime") and _is_trading_post(info):
        return VISITABLE
    return kind


def _is_trading_post(info: M.LocationInfo) -> bool:
    return any(e.get("type") == "trading_post" for e in info.effects)


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
    if m is not None and m.get("bot") is not None:
        return None  # a bot hero's flag (solo campaign, adventure/bothero.py)
    if m is not None and m.get("cube", -1) >= 0:
        return int(m["cube"])
    for seat, p in enumerate(st.ps):
        if p.town == h and not p.out:
            return seat
    return None


def category(st: MapState, h: Hex) -> str | None:
    """Returns the kind of the location on h (None: an empty field): town, mine, settlement,
    visitable, flaggable or revisitable."""
    loc = board(st).fields[h].location
    return None if loc is None else location_kind(st, mc().locations[loc])


def strongholds(st: MapState, seat: int) -> list[Hex]:
    """Returns the towns and settlements ``seat`` controls (seed "Spielende"; spec AMB-91)."""
    out = []
    for h, f in board(st).fields.items():
        if f.location is None:
            continue
        if kind_of(mc().locations[f.location]) in (TOWN, SETTLEMENT) and owner(st, h) == seat:
            out.append(h)
    return sorted(out)


def havens(st: MapState, seat: int) -> list[Hex]:
    """Returns the own towns and settlements without an enemy hero (spec AMB-22, AMB-68); a
    bot hero of a campaign scenario standing there is an enemy hero too (a main hero beaten in
    its town by the bot there went back into that town, under the bot)."""
    return [h for h in strongholds(st, seat)
            if all(s == seat or T.allied(st, s, seat) for s, _ in heroes_at(st, h))
            and bothero.bot_at(st, h) is None]


def income(st: MapState, seat: int) -> list[int]:
    """Returns the income of a seat as the sum of its sources (spec AMB-33): the scenario's
    base, the ``income`` effects of its buildings and of the locations it holds (mines), and its
    settlements' steps."""
    p = st.ps[seat]
    out = p.income[:]
    town = mc().towns.get(p.faction)
    if town is not None and not town_captured(st, seat):
        for b in town.buildings:
            if b.id in p.built:
                for e in b.on_build + b.passive:
                    if e.get("type") == "income":
                        gain(out, M.cost3(e))
    step = eco().step
    for h, m in st.marks.items():
        if m.get("cube") != seat:
            continue
        loc = board(st).fields[h].location
        if loc is None:
            continue
        info = mc().locations[loc]
        # option double_income (spec §15.3): mines and settlements produce double
        times = 2 if st.opts.get("double_income") and info.role in (MINE, SETTLEMENT) else 1
        for e in info.effects:
            if e.get("type") == "income":
                for _ in range(times):
                    gain(out, M.cost3(e))
        if info.role == SETTLEMENT and m.get("choice") in RESOURCES:
            i = RESOURCES.index(m["choice"])
            out[i] += step[i] * times
    return out


def town_captured(st: MapState, seat: int) -> bool:
    """Returns True when the option captured_town_no_income holds and an enemy's faction cube
    stands on the seat's town: its buildings produce nothing (seed "Optionale Anpassungen":
    "Städte produzieren keine Ressourcen mehr, sobald sie eingenommen wurden"; spec AMB-85)."""
    town = st.ps[seat].town
    if not st.opts.get("captured_town_no_income") or town is None:
        return False
    cube = st.marks.get(town, {}).get("cube", -1)
    return cube >= 0 and cube != seat


def conquered(st: MapState, seat: int) -> list[int]:
    """Returns the seats whose town ``seat`` holds under the option captured_town_no_income:
    ``seat`` may use those towns' dwellings and mage guild, but not build there (spec
    AMB-85)."""
    if not st.opts.get("captured_town_no_income"):
        return []
    return [o for o, q in enumerate(st.ps) if o != seat and q.town is not None
            and st.marks.get(q.town, {}).get("cube", -1) == seat]


def mine_output(info: M.LocationInfo) -> tuple[int, int, int]:
    """Returns what a location adds to its owner's income (its ``income`` effects)."""
    out = [0, 0, 0]
    for e in info.effects:
        if e.get("type") == "income":
            gain(out, M.cost3(e))
    return (out[0], out[1], out[2])


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
    return M.cost3(d)


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
    sid = opts.get("scenario") or content.default_scenario(players) or ""
    if sid not in content.scenarios:
        raise MalformedAction(f"heroes: no scenario {sid!r} for {players} players")
    sc = content.scenarios[sid]
    if players not in sc.players:
        raise MalformedAction(f"heroes: scenario {sid} is for {list(sc.players)} players")
    st = MapState(Rng(seed))
    rng = st.rng
    st.opts = opts
    st.scenario = sid
    st.players = players
    st.flow.order = TurnOrder(players, 0)  # 22. the start player stays first all game
    # 15. the shared decks, each with its discard pile started
    for kind in ("ability", "spell", "artifact"):
        deck = Deck(D.shared_deck(kind))
        deck.shuffle(rng)
        st.decks[kind] = deck
        refill_discard(st, kind)
    # 20. the astrologer deck
    st.astro = Deck([a.id for a in content.astrologers.values() for _ in range(a.copies)])
    st.astro.shuffle(rng)
    expansion.set_up(st)  # the expansion rules' decks (adventure/expansion.py), if switched on
    # 6. tiles of each kind drawn at random and face down into the scenario's slots
    fixed = {x.tile for x in sc.slots if x.tile}
    for kind in M.KINDS[1:]:
        pool = [t for t in [*sc.pools.get(kind, content.tiles_of(kind)),
                            *expansion.extra_tiles(st, kind)] if t not in fixed]
        rng.shuffle(pool)
        st.pool[kind] = pool
    for x in sc.slots:
        tile = x.tile
        if tile is None:
            if not st.pool.get(x.kind):
                raise MalformedAction(f"heroes: scenario {sid} needs more {x.kind} tiles")
            tile = st.pool[x.kind].pop()
        st.slots.append([x.kind, x.at[0], x.at[1], tile])
    used: set[str] = set()
    for seat in range(players):
        seat_info = sc.seats[seat]
        faction = opts.get(f"faction_{seat + 1}", "random")
        free = [f for f in sorted(content.towns) if f not in used]
        if faction == "random" or faction not in content.towns:
            if not free:  # spec §25.7: a team game of four on three factions mirrors one
                free = sorted(content.towns)
            faction = free[rng.below(len(free))]
        used.add(faction)
        p = PlayerState()
        st.ps.append(p)
        p.faction = faction
        kind_pref = opts.get(f"hero_{seat + 1}", "might")
        heroes = C.faction(faction).heroes
        p.hero = next((h for h in heroes if C.hero(h).type == kind_pref), heroes[0])
        taken = {q.hero for q in st.ps[:-1]}
        if p.hero in taken and T.is_team_game(st):
            # mirror factions (spec §25.7): the second player of a faction leads its other hero
            p.hero = next((h for h in heroes if h not in taken), p.hero)
        # 11.-14. the Might & Magic deck
        p.deck = Deck(D.starting_deck(p.hero, 1))
        p.deck.shuffle(rng)
        # 8.-9. resources and the base income; 7. pre-built buildings
        p.res = list(sc.resources)
        p.income = list(sc.income)
        p.built = [b for b in sc.built if any(x.id == b for x in content.towns[faction].buildings)]
        p.built_round = {b: 0 for b in p.built}
        # 18. the starting units: a tier on a side, all of them or a number chosen
        for tier, side, count in sc.units:
            of_tier = [u for u in C.faction(faction).units if C.unit(u).tier == tier]
            if count is None or count >= len(of_tier):
                p.units += [[u, side == "pack"] for u in of_tier]
            else:
                for _ in range(count):
                    queue(st).append(["choose", seat, "start_unit", [], [tier, side == "pack"]])
        # 21. the start tile with the town at its centre, the main hero on the town
        start = content.start_tile(faction)
        if start is None:
            raise MalformedAction(f"heroes: no start tile for {faction}")
        q, r = seat_info.start
        st.placed.append([start, q, r, int(seat_info.rotation or 0)])
        p.town = (q, r)
        p.pos[MAIN] = p.town
        p.crowns = D.crowns(p.level)
        p.mp = {MAIN: base_mp(MAIN), SECONDARY: 0}
        if opts.get("extra_secondary_hero"):
            # seed "Optionale Anpassungen": "Ihr beginnt die Partie zusätzlich mit einem
            # Nebenhelden" - on the town's field beside the main hero (spec §15.3: R-058, the
            # next MP moves one of them off)
            p.pos[SECONDARY] = p.town
            p.mp[SECONDARY] = base_mp(SECONDARY)
        # own far tiles to place (seed "Gebiete platzieren")
        for _ in range(seat_info.supply):
            if st.pool.get("far"):
                p.supply.append(st.pool["far"].pop())
        if seat_info.rotation is None:
            queue(st).append(["rotate_start", seat])
    st.board_cache = None
    ev: list[Event] = []
    if sc.solo is not None:  # a campaign scenario: bot towns, bot heroes, the bot deck
        bothero.set_up(st, config.carry)
    # 16. the difficulty's start bonus (a campaign scenario's own), then one reshuffle of the
    # artifact deck (spec AMB-06)
    bonus = bothero.bonus_alternatives(st)
    if bonus and opts.get("start_bonus", True):
        for seat in range(players):
            queue(st).append(["choose", seat, "bonus", [], []])
        queue(st).append(["reshuffle", "artifact"])
    # 7. (spec AMB-05) the immediate effects of pre-built buildings at the end of set-up
    for seat, p in enumerate(st.ps):
        for bid in p.built:
            b = content.building(p.faction, bid)
            queue(st).extend(["effect", seat, MAIN, e] for e in b.on_build
                             if e.get("type") != "income")
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


def draw_shared(st: MapState, kind: str, count: int) -> list[str]:
    """Draws ``count`` cards of the shared deck ``kind``: a short deck is refilled from its
    discard pile first, and an emptied discard pile gets the deck's top card (seed card rule 6,
    spec AMB-27)."""
    looked = st.decks[kind].draw(count, st.rng)
    if looked.reshuffled:
        refill_discard(st, kind)
    return list(looked.cards)


def draw_shared_one(st: MapState, kind: str) -> str | None:
    """Draws the top card of the shared deck ``kind`` as :func:`draw_shared` does."""
    cards = draw_shared(st, kind, 1)
    return cards[0] if cards else None


# --- the queue -----------------------------------------------------------------------------------
def run(rules: Any, st: MapState, ev: list[Event]) -> None:
    """Resolves queued steps until one asks a decision or starts a battle: first what a town
    action set off (also inside a town-action window), then the rest."""
    fs = st.flow
    while st.sub is None and fs.phase != OVER:
        top = fs.top
        first = now(st)
        if first and (top is None or top.kind == WINDOW):
            item = first.pop(0)
        elif queue(st) and top is None:
            item = queue(st).pop(0)
        else:
            break
        _STEPS[item[0]](rules, st, item, ev)
    if not queue(st) and not fs.stack and st.sub is None and fs.phase == BATTLE:
        fs.phase = TURN


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
    seat, hero, eff = item[1], item[2], item[3]
    first = bool(item[4]) if len(item) > 4 else False
    field = _h(item[5]) if len(item) > 5 and item[5] is not None else None
    # where the effect comes from (a building or an astrologer card), for a choice's prompt
    source = item[6] if len(item) > 6 else None
    if not st.ps[seat].out:
        effect(rules, st, seat, hero, eff, ev, first=first, field=field, source=source)


def _step_visit(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    _, seat, hero, h = item
    if not st.ps[seat].out and st.ps[seat].pos[hero] == _h(h):
        visit(rules, st, seat, hero, _h(h), ev)


WINDOW_PROMPTS = {"combat": "heroes.map.prompt.window", "turn": "heroes.map.prompt.window_turn",
                  "round": "heroes.map.prompt.window_round"}


def _step_window(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    """A town-action window (spec AMB-14): ``["window"]`` before a combat, over every seat;
    ``["window", kind, first, skip]`` at a turn change or the round's end, from seat ``first``
    on, without the seats in ``skip``. Only seats with a town action left are asked."""
    kind = item[1] if len(item) > 1 else "combat"
    first = int(item[2]) if len(item) > 2 else st.current
    skip = set(item[3]) if len(item) > 3 else set()
    seats = [s for s in st.flow.order.order_from(first)] if st.flow.order else []
    seats = [s for s in seats if s not in skip and not st.ps[s].out
             and _town_actions_left(st, s)]
    if seats:
        prompt = Message(WINDOW_PROMPTS[kind], {"seat": st.current})
        tag = next((x[1] for x in queue(st) if x[0] == "combat"), None) \
            if kind == "combat" else None
        if tag is not None:  # which combat the window comes before: who attacks what
            prompt = _combat_prompt(st, tag)
        st.flow.push(Decision(WINDOW, tuple(seats), EACH_ONCE, prompt))


def _combat_prompt(st: MapState, tag: dict[str, Any]) -> Message:
    """Returns the window's prompt naming the announced combat: the attacker and the guarded
    place (a neutral army) or the defending player."""
    if tag.get("kind") == "neutral":
        loc = board(st).fields[_h(tag["field"])].location
        place = dict(mc().locations[loc].name) if loc is not None else None
        if place is not None:
            # the level the army will be drawn at (this round's astrologer card counts), as
            # the battle's log line says it
            return Message("heroes.map.prompt.window_neutral",
                           {"seat": tag["seat"], "place": place,
                            "guard": neutral_level(st, int(tag.get("guard", 1)))})
    elif tag.get("kind") == "pvp":
        return Message("heroes.map.prompt.window_pvp", {"seat": tag["seat"],
                                                        "foe": tag["foe"]})
    elif tag.get("kind") == "bot":  # a bot hero of the solo campaign, attacking or attacked
        key = "heroes.map.prompt.window_bot_attacks" if tag.get("attacker") == "bot" \
            else "heroes.map.prompt.window_bot"
        return Message(key,
                       {"seat": tag["seat"], "bot_name": bothero._name(st, int(tag["bot"]))})
    return Message("heroes.map.prompt.window", {"seat": st.current})


def _step_next_turn(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    """After the windows of a turn's end: the round's end when due, then the next turn."""
    order = st.flow.order
    assert order is not None
    nxt = int(item[1])
    if bool(item[2]) and st.solo is not None and len(item) < 4:
        # seed "Bot-Regeln": the bot heroes move after the player, before the round ends
        queue(st)[:0] = [*bothero.turn_steps(st), ["next_turn", nxt, True, "bots_moved"]]
        return
    if bool(item[2]):
        end_round(rules, st, ev)
        if st.flow.phase == OVER:
            return
    order.current = nxt
    begin_turn(rules, st, ev)


def _step_combat(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    start_battle(rules, st, item[1], ev)


# the choices whose prompt names their source: where the context holds it, and the prompt
SOURCE_PROMPTS = {"effect": (2, "heroes.map.prompt.effect_from"),
                  "pay": (3, "heroes.map.prompt.pay_from")}


def _step_choose(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    _, seat, purpose, options, ctx = item
    if st.ps[seat].out:
        return
    if not options and purpose in _OPTIONS:
        options = _OPTIONS[purpose](st, seat, ctx)
        if not options and purpose == "neutral":  # none affordable: nothing to ask
            ev.append(_ev("heroes.map.neutral_unaffordable", seat=seat))
    if options:
        # the context (effects, a battle's tag) stays in the state: decisions hold plain values
        key = str(st.battle.get("n", 0))
        st.battle["n"] = int(key) + 1
        st.battle.setdefault("ctx", {})[key] = ctx
        prompt = Message(CHOICE_PROMPTS[purpose], {})
        at, from_key = SOURCE_PROMPTS.get(purpose, (None, ""))
        name = source_name(st, seat, ctx[at]) if at is not None and len(ctx) > at else None
        if name is not None:  # "City Hall: choose the effect." / "Sunforge: pay for …"
            prompt = Message(from_key, {"source": name})
        st.flow.push(Decision(CHOOSE, seat, ONE, prompt, (purpose, tuple(options), key)))


def source_name(st: MapState, seat: int, source: Any) -> Any:
    """Returns the inline name of an effect's source (``["building", id]``, ``["location",
    id]``, ``["astrologer", id]``), or None."""
    if not isinstance(source, list) or len(source) != 2:
        return None
    kind, sid = source
    try:
        if kind == "building":
            return dict(mc().building(st.ps[seat].faction, sid).name)
        if kind == "location":
            return dict(mc().locations[sid].name)
        if kind == "astrologer":
            return dict(mc().astrologers[sid].name)
    except KeyError:
        return None
    return None


def _step_trade(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    st.trade_done = False
    card_gold = int(item[2]) if len(item) > 2 else 1
    # a team game's trading post also takes gifts to the other players (adventure/teams.py)
    key = "heroes.team.prompt.trade" if T.is_team_game(st) else "heroes.map.prompt.trade"
    st.flow.push(Decision(TRADE, item[1], ONE, Message(key, {}), ("", card_gold)))


def _step_xp(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    gain_xp(st, item[1], item[2], ev)


def _step_xp7(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    gain_xp(st, item[1], 0, ev, to_seven=True)


def _step_rotate_start(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    """Setup 21.: the player turns the start tile as it likes."""
    seat = item[1]
    town = st.ps[seat].town
    assert town is not None
    tile = next(t for t in st.placed if (t[1], t[2]) == town)
    st.flow.push(Decision(ROTATE, seat, ONE, Message("heroes.map.prompt.rotate_start",
                                                       {"tile": tile[0]}),
                          (tile[0], town[0], town[1], tuple(range(6)), "start")))


def _step_reshuffle(rules: Any, st: MapState, item: list[Any], ev: list[Event]) -> None:
    """Shuffles a shared deck with its discard pile and turns up a new discard (spec AMB-06)."""
    deck = st.decks[item[1]]
    deck.draw_pile.cards += deck.discard_pile.clear()
    deck.draw_pile.shuffle(st.rng)
    refill_discard(st, item[1])


_STEPS: dict[str, Callable[..., Any]] = {"search": _step_search, "effect": _step_effect, "visit": _step_visit,
          "window": _step_window, "next_turn": _step_next_turn, "combat": _step_combat, "choose": _step_choose,
          "trade": _step_trade, "xp": _step_xp, "xp7": _step_xp7,
          "rotate_start": _step_rotate_start, "reshuffle": _step_reshuffle}


# --- levels --------------------------------------------------------------------------------------
def battle_xp(level: int, beaten: int) -> int:
    """Returns the XP a main hero of ``level`` wins by beating a neutral army of difficulty
    ``beaten`` or an enemy main hero of level ``beaten`` (seed "Erfahrungspunkte im Kampf":
    "genauso groß wie deine Stufe" 1, "höher als deine Stufe" 2, lower nothing)."""
    return 2 if beaten > level else 1 if beaten == level else 0


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
            to_hand(st, seat, spec, ev, public=True)  # card rule 4: gained cards go to hand
    ev.append(_ev("heroes.map.xp", seat=seat, xp=p.xp, level=p.level))
    queue(st)[:0] = front


# --- location effects (spec §19.1) ---------------------------------------------------------------
def effect(rules: Any, st: MapState, seat: int, hero: str, eff: dict[str, Any],
           ev: list[Event], *, first: bool = False, field: Hex | None = None,
           source: Any = None) -> None:
    """Resolves one effect record (a location's, a building's, a die face's or an astrologer
    card's) for ``seat`` through the map vocabulary (engine/rules/heroes/mapeffects.py)."""
    from engine.content.effects import REGISTRY

    ctx = _Ctx(rules, st, seat, hero, ev, first, field)
    if source is None and field is not None:
        source = ["location", board(st).fields[field].location]
    ctx.source = source
    if eff["type"] == "recruit_neutral":  # a card effect the Summoning Pit shares
        _special_recruit_neutral(ctx, int(eff.get("draws", 1)))
        return
    REGISTRY.run("heroes", ctx, to_spec(eff))


def to_spec(eff: dict[str, Any]) -> Any:
    """Returns the EffectSpec of a plain effect record (nested records too)."""
    from engine.content.schema import EffectSpec

    def conv(v: Any) -> Any:
        if isinstance(v, dict) and "type" in v:
            return to_spec(v)
        if isinstance(v, list | tuple):
            return tuple(conv(x) for x in v)
        return v
    return EffectSpec(eff["type"], {k: conv(v) for k, v in eff.items() if k != "type"})


def to_plain(spec: Any) -> Any:
    """Returns plain JSON data of effect records (the inverse of ``to_spec``)."""
    from engine.content.schema import plain

    return plain(spec)


def resolve_roll(st: MapState, seat: int, hero: str, die: str, faces: list[int],
                 pick: bool) -> list[list[Any]]:
    """Returns the queue items of rolled dice: every face, or the player's pick of one."""
    if pick and len(set(faces)) > 1:
        options = [str(f) for f in sorted(set(faces))]
        return [["choose", seat, "die", options, [hero, die]]]
    items: list[list[Any]] = []
    for f in faces if not pick else faces[:1]:
        items += [["effect", seat, hero, e] for e in face_effects(st, die, f)]
    return items


def face_effects(st: MapState, die: str, face: int) -> list[dict[str, Any]]:
    """Returns a die face's effects; with the option one_resource_per_die a face that gives
    resources gives 1 of each kind it names (seed "Optionale Anpassungen": "Alle Schatz- und
    Ressourcenwürfel liefern nur 1 Ressource ihrer Art")."""
    effects = mc().dice[die][face]
    if not st.opts.get("one_resource_per_die"):
        return list(effects)
    out = []
    for e in effects:
        if e.get("type") == "gain":
            e = {k: (min(int(v), 1) if k in RESOURCES else v) for k, v in e.items()}
        out.append(e)
    return out


class _Ctx:
    """The map rules as a ``MapCtx`` (engine/rules/heroes/mapeffects.py) for one seat and hero;
    ``first`` tells an ``income`` effect that its source was flagged for the first time."""

    __slots__ = ("rules", "st", "seat", "hero", "ev", "first", "field", "source")

    def __init__(self, rules: Any, st: MapState, seat: int, hero: str, ev: list[Event],
                 first: bool, field: Hex | None) -> None:
        self.rules = rules
        self.st = st
        self.seat = seat
        self.hero = hero
        self.ev = ev
        self.first = first
        self.field = field
        self.source: Any = None

    def _front(self, items: list[list[Any]]) -> None:
        queue(self.st)[:0] = items

    def _effects(self, effects: Any) -> list[list[Any]]:
        return [["effect", self.seat, self.hero, to_plain(e)] for e in effects]

    def treasure_die(self, dice: int) -> None:
        self._roll("treasure", dice, pick=True)

    def resource_die(self, dice: int) -> None:
        self._roll("resource", dice, pick=False)

    def resource_dice_pick(self, dice: int) -> None:
        self._roll("resource", dice, pick=True)

    def _roll(self, die: str, count: int, pick: bool) -> None:
        st = self.st
        faces = [st.rng.below(6) for _ in range(count)]
        key = "heroes.map.treasure_die" if die == "treasure" else "heroes.map.resource_die"
        self.ev.append(Event(key, {"seat": self.seat, "die": die, "faces": faces}))
        if st.ps[self.seat].morale > 0 and not st.opts.get("no_rerolls"):
            # seed "Moralaktionen": a good morale token may reroll a die just rolled (spec
            # R-071 c, AMB-16: before the roll resolves); not with the option no_rerolls
            self._front([["choose", self.seat, "reroll", [], [self.hero, die, faces, pick]]])
            return
        self._front(resolve_roll(st, self.seat, self.hero, die, faces, pick))

    def xp(self, amount: int) -> None:
        if self.hero == MAIN:  # spec AMB-23: a secondary hero's XP is lost
            self._front([["xp", self.seat, amount]])

    def search(self, deck: str, look: int) -> None:
        self._front([["search", self.seat, deck, look, True]])

    def morale(self, good: bool) -> None:
        morale(self.st, self.seat, 1 if good else -1, self.ev)

    def mp(self, amount: int) -> None:
        p = self.st.ps[self.seat]
        hero = self.hero if p.pos[self.hero] is not None else MAIN
        if self.field is not None:
            # our decision (docs/heroes/rules.md): a location's movement points come once per
            # hero and turn; a revisit for 1 MP that pays 1 MP back would never end the turn
            used = self.st.battle.setdefault("mp_used", [])
            key = [self.seat, hero, self.field[0], self.field[1]]
            if key in used:
                return
            used.append(key)
        p.mp[hero] += amount
        self.ev.append(_ev("heroes.map.mp", seat=self.seat, hero=hero, mp=p.mp[hero],
                           gained=amount))

    def gain(self, gold: int, materials: int, valuables: int) -> None:
        gain(self.st.ps[self.seat].res, (gold, materials, valuables))
        self.ev.append(_ev("heroes.map.gain", seat=self.seat, res=[gold, materials, valuables]))

    def income(self, gold: int, materials: int, valuables: int, first_pay: bool) -> None:
        # the production itself is read by ``income``; the first flag of a source pays once
        # (seed "Minen")
        if first_pay and self.first:
            self.gain(gold, materials, valuables)

    def pay(self, gold: int, materials: int, valuables: int, then: Any) -> None:
        if afford(self.st.ps[self.seat].res, (gold, materials, valuables)):
            self._front([["choose", self.seat, "pay", ["pay", "skip"],
                          [self.hero, [gold, materials, valuables], to_plain(then),
                           self.source]]])

    def twice(self, then: Any) -> None:
        self._front(self._effects(then) * 2)

    def choice(self, options: Any) -> None:
        self._front([["choose", self.seat, "effect", [str(i) for i in range(len(options))],
                      [self.hero, to_plain(options), self.source]]])

    def special(self, name: str, **params: Any) -> None:
        _SPECIALS[name](self, **params)


def _no_special(ctx: _Ctx, **params: Any) -> None:
    """A passive or a name the rules read elsewhere (a settlement's choice comes with its flag,
    a sanctuary keeps attackers out, a mana well lowers the spell price)."""


def _special_trading_post(ctx: _Ctx, card_gold: int = 1) -> None:
    ctx._front([["trade", ctx.seat, card_gold]])


def _special_observatory(ctx: _Ctx) -> None:
    ctx._front([["choose", ctx.seat, "explore", [], [ctx.hero, _jh(ctx.field)]]])


def _special_magic_spring(ctx: _Ctx, look: int = 3) -> None:
    ctx._front([["choose", ctx.seat, "spring", [], [look]]])


def _special_witch_hut(ctx: _Ctx) -> None:
    ctx._front([["choose", ctx.seat, "witch", [], []]])


def _special_grail(ctx: _Ctx) -> None:
    st = ctx.st
    if "grail" not in st.battle:  # only one token exists
        st.battle["grail"] = [ctx.seat, ctx.hero, 0]
        ctx.ev.append(_ev("heroes.map.grail", seat=ctx.seat))


def _special_free_reinforce(ctx: _Ctx, max_tier: str = "bronze") -> None:
    ctx._front([["choose", ctx.seat, "reinforce", [], [max_tier]]])


def _special_recover_card(ctx: _Ctx, kind: str = "any") -> None:
    ctx._front([["choose", ctx.seat, "recover", [], [kind]]])


def _special_cycle_hand(ctx: _Ctx, count: int = 2) -> None:
    ctx._front([["choose", ctx.seat, "cycle", [], [count, 0]]])


def _special_recruit_neutral(ctx: _Ctx, draws: int = 1, max_tier: str = "") -> None:
    """Draws neutral units (of the built dwellings' tiers, or up to ``max_tier``); one may be
    recruited at its cost into the unit deck."""
    st = ctx.st
    tiers = [t for t in M.TIERS if (t in _dwelling_tiers(st, ctx.seat) if not max_tier
                                    else M.TIERS.index(t) <= M.TIERS.index(max_tier))]
    drawn = []
    for tier in tiers:
        cards = sorted(u.id for u in C.all_of("unit") if u.role == "neutral" and u.tier == tier
                       for _ in range(u.copies))
        for _ in range(draws):
            if cards:
                drawn.append(cards[st.rng.below(len(cards))])
    if drawn:
        from engine.rules.heroes.names import name_of

        names = {lang: ", ".join(name_of("unit", u)[lang] for u in drawn) for lang in ("en", "de")}
        ctx.ev.append(Event("heroes.map.neutral_draw", {"seat": ctx.seat, "units": drawn,
                                                        "names": names}))
        ctx._front([["choose", ctx.seat, "neutral", [], [sorted(set(drawn))]]])


def _special_neutral_units_for_all(ctx: _Ctx, max_tier: str = "silver") -> None:
    _special_recruit_neutral(ctx, 1, max_tier)


def _special_mod(name: str) -> Any:
    def apply(ctx: _Ctx, **params: Any) -> None:
        # an astrologer card of timing "round": a modifier until the round ends
        mods = ctx.st.battle.setdefault("mods", {})
        if name == "recruit_cost":
            key = f"cost_{params['tier']}"
            mods[key] = mods.get(key, 0) + int(params["gold"])
        elif name == "neutral_strength":
            mods["neutral"] = mods.get("neutral", 0) + int(params["shift"])
        else:
            mods[name] = mods.get(name, 0) + int(params.get("gold", 0))
    return apply


def _special_reveal_artifact(ctx: _Ctx, rarity: str = "minor") -> None:
    """Reveals artifact cards until the first of ``rarity`` and takes it (the Expert start
    bonus); the others go to the discard pile, shuffled back with it afterwards (spec AMB-83)."""
    st = ctx.st
    deck = st.decks["artifact"]
    shown = []
    while True:
        card, _ = deck.draw_one(st.rng)
        if card is None:
            break
        if C.card(card).rarity == rarity:
            give_card(st, ctx.seat, "artifact", card, ctx.ev)
            break
        shown.append(card)
    deck.discard(shown)
    ctx.ev.append(Event("heroes.map.reveal", {"seat": ctx.seat, "cards": shown}, reveal=True))


_SPECIALS: dict[str, Callable[..., Any]] = {"settlement": _no_special, "sanctuary": _no_special,
             "trading_post": _special_trading_post, "observatory": _special_observatory,
             "magic_spring": _special_magic_spring, "witch_hut": _special_witch_hut,
             "grail": _special_grail, "free_reinforce": _special_free_reinforce,
             "recover_card": _special_recover_card, "cycle_hand": _special_cycle_hand,
             "town_spell_discount": _no_special, "recruit_neutral": _special_recruit_neutral,
             "neutral_units_for_all": _special_neutral_units_for_all,
             "recruit_cost": _special_mod("recruit_cost"),
             "neutral_strength": _special_mod("neutral_strength"),
             "reveal_artifact": _special_reveal_artifact}



def morale(st: MapState, seat: int, amount: int, ev: list[Event]) -> None:
    """Gains (+1) or loses (-1) morale (seed "Moralaktionen"); undead factions ignore it."""
    p = st.ps[seat]
    if C.faction(p.faction).undead or amount == 0:
        return
    if amount > 0:
        if p.morale < 0:
            p.morale = 0  # a good morale takes the bad token away
        elif p.morale > 0:
            # seed "Moralaktionen": "Erhältst du einen zweiten, darfst du den ersten sofort
            # ausgeben, um den zweiten behalten zu können" (else the second is lost)
            queue(st).insert(0, ["choose", seat, "morale_second", ["draw", "cycle", "lose"]
                                 if p.hand else ["draw", "lose"], []])
        else:
            p.morale = 1
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
    kind = location_kind(st, info)
    jh = _jh(h)
    ev.append(_ev("heroes.map.visit", seat=seat, hero=hero, field=jh, location=info.id))
    if kind == VISITABLE:
        if m.get("cube", None) == -1:
            return  # a field with a status cube counts as empty
        m["cube"] = -1  # the cube goes on even if the effect is not used
        if _is_trading_post(info):
            # option trade_anytime (spec AMB-86): the visit draws an artifact (a plain
            # draw, not a Search); the trading post's own effects still apply
            draw_artifact(st, seat, ev)
        queue(st)[:0] = [["effect", seat, hero, e, False, jh] for e in info.effects]
    elif kind == REVISITABLE:
        queue(st)[:0] = [["effect", seat, hero, e, False, jh] for e in info.effects]
    elif info.shared:
        # a standing stone: every player's cube may lie on it; an own cube counts as empty
        shared = m.setdefault("shared", [])
        if seat in shared:
            return
        shared.append(seat)
        ev.append(_ev("heroes.map.flag", seat=seat, field=jh, former=None))
        queue(st)[:0] = [["effect", seat, hero, e, True, jh] for e in info.effects]
    elif kind == TOWN:
        own = st.ps[seat].town == h
        if own and m.pop("bot", None) is not None:
            # a bot hero's flag on the own town goes (adventure/bothero.py, spec AMB-91)
            ev.append(_ev("heroes.map.recapture", seat=seat, field=jh))
            return
        if own:
            if m.get("cube", -1) >= 0 and m["cube"] != seat:
                del m["cube"]  # spec AMB-91: recapturing the own town; no cube comes back
                ev.append(_ev("heroes.map.recapture", seat=seat, field=jh))
            return
        if m.get("cube") == seat:
            return
        former = owner(st, h)
        m["cube"] = seat
        m["flagged"] = True
        m["held"] = 0
        ev.append(_ev("heroes.map.flag", seat=seat, field=jh, former=former))
        town_owner = next((s for s, p in enumerate(st.ps) if p.town == h), None)
        if town_owner is not None:  # (a bot town has no owner to give a cube)
            # seed "Städte": flagging an enemy town takes a faction cube from its owner
            st.ps[seat].cubes.append(town_owner)
            ev.append(_ev("heroes.map.cube", seat=seat, loser=town_owner))
        check_victory(st, ev)
    else:  # a mine, a settlement or another flaggable location
        if m.get("cube") == seat:
            return
        m.pop("bot", None)  # a bot's flag goes (adventure/bothero.py)
        first = not m.get("flagged")
        former = m.get("cube")
        m["cube"] = seat
        m["flagged"] = True
        ev.append(_ev("heroes.map.flag", seat=seat, field=jh, former=former))
        if kind == SETTLEMENT:
            m["choice"] = ""
            queue(st).insert(0, ["choose", seat, "settlement", [], [jh, first]])
        queue(st)[:0] = [["effect", seat, hero, e, first, jh] for e in info.effects]


def _settle_units(st: MapState, seat: int, first: bool) -> list[str]:
    """Returns the bronze and silver Few units a settlement may reinforce (seed "Siedlungen":
    half the cost rounded up, free for the first to flag it)."""
    p = st.ps[seat]
    out = []
    for uid, pack in p.units:
        u = C.unit(uid)
        if pack or u.tier not in ("bronze", "silver") or u.reinforce is None \
                or u.role != "faction":
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
    if st.solo is not None and bothero.player_arrives(rules, st, seat, hero, h, ev):
        return
    p = st.ps[seat]
    enemies = [(s, k) for s, k in heroes_at(st, h) if s != seat and not T.allied(st, s, seat)]
    f = board(st).fields[h]
    cat = category(st, h)
    m = st.marks.get(h, {})
    q = queue(st)
    if enemies:
        # seed "Kampf beginnen": entering an enemy hero's field starts a combat (a main hero
        # defends before a secondary one on the same field)
        s, k = sorted(enemies, key=lambda e: (e[0], e[1] != MAIN))[0]
        tag = {"kind": "pvp", "seat": seat, "hero": hero, "field": _jh(h), "foe": s,
               "foe_hero": k, "town": cat == TOWN and st.ps[s].town == h}
        ev.append(_ev("heroes.map.challenge", seat=seat, foe=s, field=_jh(h)))
        if k == SECONDARY:
            q[:0] = [["choose", s, "yield", ["fight", "yield"], [tag]]]
        else:
            q[:0] = [["window"], ["combat", tag]]
        return
    o = owner(st, h)
    if o is not None and T.allied(st, o, seat):
        return  # seed "Einnehmbar": an ally's place is an empty field (no visit)
    if cat in (TOWN, SETTLEMENT) and o is not None and o != seat:
        tag = {"kind": "pvp", "seat": seat, "hero": hero, "field": _jh(h), "foe": o,
               "foe_hero": None, "town": cat == TOWN and st.ps[o].town == h}
        ev.append(_ev("heroes.map.challenge", seat=seat, foe=o, field=_jh(h)))
        fo = st.ps[o]
        options = ["yield"]
        if afford(fo.res, eco().defence) and fo.units:
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
                            "town": town, "morale": 1 if p.morale > 0 else 0}
    if hero == MAIN:
        side.update({"hero": p.hero, "crowns": p.crowns,
                     "deck": p.deck.draw_pile.cards[::-1], "hand": p.hand[:],
                     "discard": p.deck.discard_pile.cards[::-1], "mp": p.mp[MAIN]})
    elif hero == SECONDARY:
        side["mp"] = p.mp[SECONDARY]
    return side


def neutral_level(st: MapState, guard: int) -> int:
    """Returns the field level a guard of ``guard`` is drawn at this round: an astrologer card
    may make this round's neutral armies a field level stronger (at most VII)."""
    return min(7, max(1, guard + st.battle.get("mods", {}).get("neutral", 0)))


def start_battle(rules: Any, st: MapState, tag: dict[str, Any], ev: list[Event]) -> None:
    """Starts a battle as a ``heroes_battle`` sub-game (seed "Kampf")."""
    if tag["kind"] == "bot":
        bothero.start_battle(rules, st, tag, ev)
        return
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
        # seed "Kampf": in Clash and alliance games the opponent to the right leads the
        # neutrals; in co-operative games they act automatically
        if o.get("neutrals", "player") == "player" and T.mode(st) != "coop":
            ctrl = order.right_of(seat)
            while (st.ps[ctrl].out or T.allied(st, ctrl, seat)) and ctrl != seat:
                ctrl = order.right_of(ctrl)
            if ctrl == seat:
                ctrl = None
        level = neutral_level(st, int(tag["guard"]))
        tag["level"] = level  # the field level the army is drawn at (the view shows it)
        defender: dict[str, Any] = {"seat": None if ctrl is None else 1,
                                    "neutral": {"field": level, "difficulty": _difficulty(st),
                                                "table": mc().scenarios[st.scenario].table}}
        seats = (seat,) if ctrl is None else (seat, ctrl)
        spec = {"kind": "field", "time_limit": True, "surrender": False,
                "sides": [attacker, defender], "variants": _variants(st)}
        if expansion.is_random_town(st, _h(tag["field"])):
            # the random town fights behind walls with faction units (adventure/expansion.py)
            town = expansion.town_battle(st, tag, ctrl)
            if town is None:
                return  # its controller chooses the bronze unit first
            spec = {"kind": "siege", "surrender": False, "sides": [attacker, town],
                    "max_rounds": PVP_ROUNDS, "variants": _variants(st)}
    else:
        foe = tag["foe"]
        defender = side_of(st, foe, tag["foe_hero"], town=bool(tag["town"]))
        defender["seat"] = 1
        siege = bool(tag["town"]) and _unlocked(st, foe, "walls")
        seats = (seat, foe)
        spec = {"kind": "siege" if siege else "field", "max_rounds": PVP_ROUNDS,
                "sides": [attacker, defender], "variants": _variants(st)}
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
    opening: list[Event] = []
    st.sub = subgame.start("heroes_battle", config, seats, st.rng, {"mode": "clash"}, opening)
    ev.append(_ev("heroes.map.battle", seat=seat, kind=tag["kind"], field=tag["field"],
                  foe=tag.get("foe") if tag["kind"] == "pvp" else None,
                  level=tag.get("level"), where=place_words(st, _h(tag["field"])),
                  against=_against(tag)))
    ev.extend(opening)  # the neutral army drawn, automatic deployment, walls (the map's log)
    from engine.rules.heroes.battle import RULES as BATTLE_RULES

    if BATTLE_RULES.is_over(st.sub.state):  # decided before anybody acts
        sub, st.sub = st.sub, None
        battle_ended(rules, st, sub, ev)


def _variants(st: MapState) -> dict[str, bool]:
    """Returns the battle variants the options switch on (spec §15.3)."""
    return {k: True for k in ("min_damage", "no_die_damage", "free_extend", "no_rerolls")
            if st.opts.get(k)}


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
    if p.morale > 0 and not side.get("morale", 1):
        p.morale = 0  # the good token was spent in the battle (a reroll, a draw)
    if hero == MAIN:
        p.deck = Deck(side["deck"][::-1], side["discard"][::-1])
        p.hand = list(side["hand"]) + list(side["in_play"])
        p.crowns = int(side["crowns"])
    if hero in (MAIN, SECONDARY):
        p.mp[hero] = int(side["mp"])


def player_words(seat: int) -> dict[str, Any]:
    """Returns a seat as a catalog message ("Player 2"; a table names it by its player)."""
    return {"key": "ui.player_n", "params": {"n": seat + 1}}


_PLACE_WORDS = {"town": "heroes.mapui.log.town", "settlement": "heroes.mapui.log.settlement"}


def place_words(st: MapState, h: Hex) -> dict[str, Any]:
    """Returns where a field lies as a catalog message: "the town", "the Gold Mine", "an
    empty field" (the map table's own words for a log line's place)."""
    loc = board(st).fields[h].location
    if loc is None:
        return {"key": "heroes.mapui.log.a_field", "params": {}}
    info = mc().locations[loc]
    if info.role in _PLACE_WORDS:
        return {"key": _PLACE_WORDS[info.role], "params": {}}
    return {"key": "heroes.mapui.log.place", "params": {"name": dict(info.name)}}


def _against(tag: dict[str, Any]) -> dict[str, Any]:
    """Returns whom a battle is fought against: the neutral guards and their level, or the
    defending player."""
    if tag["kind"] == "pvp":
        return player_words(int(tag["foe"]))
    return {"key": "heroes.map.against.neutrals",
            "params": {"level": int(tag.get("level") or tag.get("guard") or 1)}}


BATTLE_RESULTS = {"won": "heroes.mapui.log.won", "lost": "heroes.mapui.log.lost",
                  "draw": "heroes.mapui.log.draw", "retreat": "heroes.mapui.log.retreat"}


def battle_result(seat: int, won: int | None, side: int, reason: str) -> dict[str, Any]:
    """Returns a battle's result as a catalog message ("Player 1 wins."): who won, or who
    retreated, lost or stepped back (the map table words it with the players' names)."""
    if reason == "retreat":
        return {"key": BATTLE_RESULTS["retreat"], "params": {"name": player_words(seat)}}
    if won is not None:
        return {"key": BATTLE_RESULTS["won"], "params": {"name": player_words(won)}}
    kind = "lost" if side == 1 else "draw"
    return {"key": BATTLE_RESULTS[kind], "params": {"name": player_words(seat)}}


def _battle_over(rules: Any, st: MapState, tag: dict[str, Any], winner: int, reason: str,
                 res: dict[str, Any] | None, ev: list[Event]) -> None:
    if tag["kind"] == "bot":
        bothero.battle_over(rules, st, tag, winner, reason, res, ev)
        return
    seat, hero, h = tag["seat"], tag["hero"], _h(tag["field"])
    q = queue(st)
    if res is not None:
        _take_back(st, seat, hero, res["sides"][0])
        if tag["kind"] == "pvp":
            _take_back(st, tag["foe"], tag["foe_hero"], res["sides"][1])
    # the battle's winning side (0 the attacker, 1 the defender, -1 nobody) named as a seat:
    # the attacker, the defending player, or None (the neutrals, a draw, a retreat)
    foe = tag.get("foe") if tag["kind"] == "pvp" else None
    won = seat if winner == 0 else foe if winner == 1 else None
    ev.append(_ev("heroes.map.battle_over", seat=seat, foe=foe, side=winner, winner=won,
                  reason=reason, result=battle_result(seat, won, winner, reason)))
    p = st.ps[seat]
    if tag["kind"] == "neutral":
        if winner == 0:
            st.battle.setdefault("won", []).append(seat)
            st.marks.setdefault(h, {})["cleared"] = True
            front: list[list[Any]] = []
            if hero == MAIN:
                guard = int(tag["guard"])
                if guard >= 7:  # seed "Erfahrung": beating azure units sets level 7
                    front.append(["xp7", seat])
                else:
                    xp = battle_xp(p.level, guard)
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
        ev.append(_ev("heroes.map.cube", seat=win_seat, loser=lose_seat))
        if lose_hero == MAIN:
            morale(st, lose_seat, -1, ev)
            paid = min(eco().defeat_gold, st.ps[lose_seat].res[0])
            st.ps[lose_seat].res[0] -= paid
            st.ps[win_seat].res[0] += paid
            ev.append(_ev("heroes.map.pay", seat=lose_seat, winner=win_seat, gold=paid))
            if win_hero == MAIN:
                xp = battle_xp(st.ps[win_seat].level, st.ps[lose_seat].level)
                if xp:
                    q.insert(0, ["xp", win_seat, xp])
    st.battle.setdefault("won", []).append(win_seat)
    if lose_hero is not None:
        defeated(rules, st, lose_seat, lose_hero, ev)
    if winner == 0:
        q.append(["visit", seat, hero, _jh(h)])  # the winner visits the field
    # a cube won in battle may be the last rival's (R-282): the goal was checked only when a
    # town was flagged, so a Clash of three went on to its round limit
    check_victory(st, ev)
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
    g = st.battle.get("grail")
    if g is not None and g[0] == seat and g[1] == hero:
        g[2] = 0  # a beaten hero keeps the chalice but the count of rounds starts again
    if hero == SECONDARY:
        p.pos[SECONDARY] = None
        p.mp[SECONDARY] = 0
        ev.append(_ev("heroes.map.secondary_lost", seat=seat))
        if g is not None and g[0] == seat and g[1] == SECONDARY:
            g[1] = MAIN  # spec AMB: the token goes to the main hero (our decision)
        return
    p.pos[MAIN] = None
    places = havens(st, seat)
    if not places:
        eliminate(st, seat, ev, "heroes.map.eliminated_no_haven")
        return
    queue(st).insert(0, ["choose", seat, "relocate", [f"{a},{b}" for a, b in places], []])


def eliminate(st: MapState, seat: int, ev: list[Event],
              why: str = "heroes.map.eliminated", **params: Any) -> None:
    """Removes a player: heroes and faction cubes leave the map (seed "Spielende"); the log
    line says why (``why``: a message key with ``{seat}`` and ``params``)."""
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
    ev.append(_ev(why, seat=seat, **params))
    check_victory(st, ev)


def _victory(st: MapState, kind: str) -> dict[str, Any] | None:
    for v in mc().scenarios[st.scenario].victory:
        if v.get("type") == kind:
            return v  # type: ignore[no-any-return]
    return None


def check_victory(st: MapState, ev: list[Event]) -> None:
    """Ends the game when one player is left (always), holds a cube of every opponent (a Clash
    of three or more, R-282) or flagged an enemy town (the scenario's ``capture_town``)."""
    if st.flow.phase == OVER:
        return
    if st.solo is not None:  # a campaign scenario's own goals (adventure/bothero.py)
        bothero.check_victory(st, ev)
        return
    if T.is_team_game(st):  # an alliance: teams win together (adventure/teams.py)
        T.check_victory(st, ev)
        return
    alive = [s for s, p in enumerate(st.ps) if not p.out]
    if len(alive) <= 1:
        end_game(st, alive, "elimination", ev)
        return
    cubes = _victory(st, "cubes_of_every_opponent")
    town = _victory(st, "capture_town")
    for s in alive:
        p = st.ps[s]
        others = [o for o in range(st.players) if o != s and (not st.ps[o].out or o in p.cubes)]
        if (cubes is not None or st.players >= 3) and st.players >= 3 \
                and all(o in p.cubes for o in others):
            end_game(st, [s], "cubes", ev)
            return
        if town is not None and not int(town.get("rounds", 0)) and any(
                owner(st, q.town) == s for o, q in enumerate(st.ps) if o != s and q.town):
            end_game(st, [s], "town", ev)
            return


def _round_end_victory(st: MapState, ev: list[Event]) -> None:
    """Goals counted in full rounds: an enemy town held, the chalice kept in the own town."""
    if st.solo is not None:  # mines held at round ends (adventure/bothero.py)
        bothero.round_end(st, ev)
        return
    if T.is_team_game(st):  # an alliance's goals are checked at once (adventure/teams.py)
        return
    town = _victory(st, "capture_town")
    if town is not None and int(town.get("rounds", 0)):
        for p in st.ps:
            if p.town is None:
                continue
            m = st.marks.get(p.town, {})
            holder = m.get("cube", -1)
            if holder >= 0 and holder != st.ps.index(p):
                m["held"] = int(m.get("held", 0)) + 1
                if m["held"] >= int(town["rounds"]):
                    end_game(st, [holder], "town", ev)
                    return
    grail = _victory(st, "hold_grail_in_town")
    g = st.battle.get("grail")
    if grail is not None and g is not None:
        seat, hero = g[0], g[1]
        p = st.ps[seat]
        if p.pos[hero] is not None and p.pos[hero] == p.town and owner(st, p.town) == seat:
            g[2] += 1
            if g[2] >= max(1, int(grail.get("rounds", 1))):
                end_game(st, [seat], "grail", ev)
        else:
            g[2] = 0


def end_game(st: MapState, winners: list[int], reason: str, ev: list[Event]) -> None:
    """Ends the game."""
    st.flow.clear()
    st.flow.phase = OVER
    st.winners = sorted(winners)
    st.reason = reason
    st.battle["queue"] = []
    ev.append(_ev("heroes.map.over", winners=st.winners, reason=reason))


def flag_roles(st: MapState) -> tuple[str, ...]:
    """Returns the location roles whose flags count at the round limit (the scenario's
    ``most_flags_at_limit`` roles; mines and settlements without them)."""
    goal = _victory(st, "most_flags_at_limit")
    return tuple((goal or {}).get("roles") or (MINE, SETTLEMENT))


def standing(st: MapState, s: int, roles: tuple[str, ...]) -> tuple[int, int]:
    """Returns what decides a game at its round limit for seat ``s``: its flags on locations of
    ``roles``, then the number of faction cubes it holds."""
    flags = sum(1 for h, m in st.marks.items() if m.get("cube") == s and category(st, h) in roles)
    return (flags, len(set(st.ps[s].cubes)))


def round_limit(st: MapState, ev: list[Event]) -> None:
    """Ends the game after the last round: most flagged locations of the scenario's roles, then
    most faction cubes (``most_flags_at_limit``); without that goal it is a draw. A campaign
    scenario is lost at its limit."""
    if st.solo is not None:
        bothero.lose_at_limit(st, ev)
        return
    if T.is_team_game(st):
        T.round_limit(st, ev)
        return
    alive = [s for s, p in enumerate(st.ps) if not p.out]
    goal = _victory(st, "most_flags_at_limit")
    roles = flag_roles(st) if goal is not None else ()

    def score(s: int) -> tuple[int, int]:
        return standing(st, s, roles)
    best = max(score(s) for s in alive)
    # without the flag goal (Three Crowns) only the faction cubes decide: the end screen said
    # "most mines and settlements flagged" beside equal flags
    end_game(st, [s for s in alive if score(s) == best],
             "rounds" if goal is not None else "rounds_cubes", ev)


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
    st.battle.pop("mp_used", None)
    st.battle.pop("won", None)
    T.end_turn(st)
    st.turn += 1
    order = st.flow.order
    assert order is not None
    cur = st.current
    nxt = order.next_seat(cur)
    wrapped = order.order_from(order.start)
    round_ends = nxt == wrapped[0] or _passed_start(order, cur, nxt)
    # spec AMB-14 (seed "Stadtaktionen": "jederzeit während des Zuges eines beliebigen
    # Spielers"): windows at a turn's end (c) and the next turn's start (a) are one moment;
    # our decision (docs/heroes/rules.md): the seat that ended its turn passed by ending it,
    # the seat whose turn starts acts in its own turn; at the round's end (d) the others may
    # still use this round's tokens before they come back
    skip = [cur] if round_ends else [cur, nxt]
    queue(st).extend([["window", "round" if round_ends else "turn", nxt, skip],
                      ["next_turn", nxt, round_ends]])


def _passed_start(order: TurnOrder, cur: int, nxt: int) -> bool:
    """Returns True when the step cur -> nxt passes the start seat's place (clockwise)."""
    n = order.seat_count
    return (order.start - cur - 1) % n < (nxt - cur) % n


def end_round(rules: Any, st: MapState, ev: list[Event]) -> None:
    """Ends a round and starts the next (seed "Rundenablauf")."""
    order = st.flow.order
    assert order is not None
    for s in order.order_from(order.start):
        p = st.ps[s]
        # spec AMB-90: rounds without a town or settlement; three eliminate (economy)
        if strongholds(st, s):
            p.homeless = 0
        else:
            p.homeless += 1
            if p.homeless >= eco().elimination_rounds:
                eliminate(st, s, ev, "heroes.map.eliminated_homeless", rounds=p.homeless)
    if st.flow.phase == OVER:
        return
    _round_end_victory(st, ev)
    if st.flow.phase == OVER:
        return
    sc = mc().scenarios[st.scenario]
    if sc.round_limit is not None and st.round >= sc.round_limit:
        round_limit(st, ev)
        return
    st.round += 1
    ev.append(_ev("heroes.map.round", round=st.round))
    if st.opts.get("clear_status_cubes") and st.round in CLEAR_ROUNDS:
        clear_status_cubes(st, ev)
    st.battle.pop("mods", None)
    st.battle.pop("astro_turn", None)
    for p in st.ps:
        if p.out:
            continue
        # round start (R-040): tokens, movement and expert uses back
        p.tokens = {t: True for t in p.tokens}
        p.pop_use = ""
        p.mp = {MAIN: base_mp(MAIN) if p.pos[MAIN] is not None else 0,
                SECONDARY: base_mp(SECONDARY) if p.pos[SECONDARY] is not None else 0}
        p.crowns = D.crowns(p.level)
    seats = order.order_from(order.start)
    astro = st.opts.get("astrologers", "even")
    if st.round % 2 == 1:
        # odd rounds pay income (round 1 never comes here), buildings act in resource rounds
        for s in seats:
            got = income(st, s)
            gain(st.ps[s].res, got)
            ev.append(_ev("heroes.map.income", seat=s, res=got))
        for s in seats:
            p = st.ps[s]
            if town_captured(st, s):
                continue  # option captured_town_no_income: the town produces nothing
            for b in mc().towns[p.faction].buildings:
                if b.id in p.built:
                    queue(st).extend(["effect", s, MAIN, e, False, None, ["building", b.id]]
                                     for e in b.resource_round)
        expansion.round_event(st, ev)  # switch events: after the income (adventure/expansion.py)
    if (st.round % 2 == 0 and astro != "none") or (st.round % 2 == 1 and astro == "every"):
        _astrologer(st, seats, ev)


CLEAR_ROUNDS = (4, 8, 12)


def clear_status_cubes(st: MapState, ev: list[Event]) -> None:
    """Takes every status cube off the visitable locations (seed "Optionale Anpassungen":
    "Entferne zu Beginn der 4./8./12. Runde alle Statusmarker von besuchbaren Orten"); the
    guards beaten there stay beaten (spec AMB-87)."""
    b = board(st)
    cleared = []
    for h in sorted(st.marks):
        m = st.marks[h]
        f = b.fields.get(h)
        if m.get("cube") == -1 and f is not None and f.location is not None \
                and location_kind(st, mc().locations[f.location]) == VISITABLE:
            del m["cube"]
            cleared.append([h[0], h[1]])
    ev.append(_ev("heroes.map.cubes_cleared", count=len(cleared), fields=cleared))


def _astrologer(st: MapState, seats: list[int], ev: list[Event]) -> None:
    """Draws and resolves an astrologer card (seed "Rundenablauf": even rounds)."""
    card, _ = st.astro.draw_one(st.rng)
    if card is None:
        return
    st.astro_card = card
    st.astro.discard((card,))
    info = mc().astrologers[card]
    ev.append(Event("heroes.map.astrologer", {"card": card}, reveal=True))
    if info.timing == "now":
        for s in seats:
            queue(st).extend(["effect", s, MAIN, e, False, None, ["astrologer", card]]
                             for e in info.effects)
    elif info.timing == "turn":
        st.battle["astro_turn"] = card
    else:  # "round": a modifier until the round ends
        queue(st).extend(["effect", seats[0], MAIN, e] for e in info.effects)


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
    if got:  # a full hand draws nothing: no line, and nothing hidden came to light
        ev.append(Event("heroes.map.draw", {"seat": seat, "count": len(got)},
                        reveal=True))
    st.flow.phase = TURN
    # seed "Spielerzüge" 3.: abilities "at the start of your turn" after the draw
    for b in mc().towns[p.faction].buildings:
        if b.id in p.built:
            queue(st).extend(["effect", seat, MAIN, e, False, None, ["building", b.id]]
                             for e in b.turn_start)
    card = st.battle.get("astro_turn")
    if card:
        queue(st).extend(["effect", seat, MAIN, e, False, None, ["astrologer", card]]
                         for e in mc().astrologers[card].effects)
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
    # seed "Bewegungsaktionen": allied heroes' fields are passed over, never a destination
    out |= T.ally_fields(st, seat)
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
    if not p.units:
        # a hero without units cannot fight: fields that would start a combat stay closed
        closed |= {h for h in b.fields if _starts_combat(st, seat, h)}
    # seed "Heiligtum" (spec §19.4): heroes may pass over an enemy hero standing on a
    # sanctuary, but not end their move there; passing costs 2 MP like passing an own hero
    sanctuaries = _closed_fields(st, seat)
    out: dict[Hex, int] = {}
    for n in b.steps(here):
        if n in closed and n not in sanctuaries:
            continue
        if n == other or n in sanctuaries:
            if p.mp[hero] >= 2:
                for n2 in b.steps(n):
                    if n2 != here and n2 != other and n2 not in closed and n2 not in out:
                        out[n2] = 2
            continue
        out[n] = 1
    return out


def _starts_combat(st: MapState, seat: int, h: Hex) -> bool:
    """Returns True when arriving on h starts a combat (not a quick one)."""
    if any(s != seat and not T.allied(st, s, seat) for s, _ in heroes_at(st, h)) \
            or bothero.bot_at(st, h) is not None:
        return True
    o = owner(st, h)
    if category(st, h) in (TOWN, SETTLEMENT) and o is not None and o != seat \
            and not T.allied(st, o, seat):
        return True
    f = board(st).fields[h]
    m = st.marks.get(h, {})
    return bool(f.guard) and m.get("cube") is None and not m.get("flagged") \
        and not m.get("cleared") and hero_level(st, seat) <= f.guard


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
    return h is not None and category(st, h) == REVISITABLE


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
    reveal_slot(st, seat, _h(a["at"]), ev)


def reveal_slot(st: MapState, seat: int, at: Hex, ev: list[Event]) -> None:
    """Turns a face-down tile up; its rotation is the scenario's or the player's choice."""
    slot = next(s for s in st.slots if (s[1], s[2]) == at)
    st.slots.remove(slot)
    tile = slot[3]
    ev.append(Event("heroes.map.discover", {"seat": seat, "tile": tile, "at": [at[0], at[1]]},
                    reveal=True))
    fixed = next((x.rotation for x in mc().scenarios[st.scenario].slots
                  if x.at == at and x.rotation is not None), None)
    if fixed is not None:
        st.placed.append([tile, at[0], at[1], int(fixed)])
        st.board_cache = None
        expansion.placed(st, tile, ev)
        return
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
    return placements_at(st, h, tile)


def placements_at(st: MapState, h: Hex, tile: str) -> list[Hex]:
    """Returns the anchors next to field h where a tile may be placed: a free slot that
    touches at least two tiles and keeps the revealed map joined."""
    b = board(st)
    taken = set(b.anchors) | _slot_anchors(st)
    out = []
    for anchor in B.slots_next_to(h):
        if anchor in taken or B.touching(anchor, taken) < 2:
            continue
        if B.fits(b, mc().tiles[tile], anchor):
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
    tile, q, r, how = d.data[0], d.data[1], d.data[2], d.data[4]
    rot = int(a["rotation"])
    if how == "start":
        for t in st.placed:
            if (t[1], t[2]) == (q, r):
                t[3] = rot
    else:
        st.placed.append([tile, q, r, rot])
    st.board_cache = None
    ev.append(_ev("heroes.map.tile", seat=d.seat, tile=tile, at=[q, r], rotation=rot,
                  how=how))
    expansion.placed(st, tile, ev)
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
    return {u.split("_", 1)[1] for b in town.buildings if b.id in p.built
            for u in b.unlocks if u.startswith("recruit_")}


def _has_citadel(st: MapState, seat: int) -> bool:
    return _unlocked(st, seat, "reinforce")


def _unlocked(st: MapState, seat: int, what: str) -> bool:
    """Returns True when a built building of the seat unlocks ``what`` (seed "Städte")."""
    p = st.ps[seat]
    return any(what in b.unlocks for b in mc().towns[p.faction].buildings if b.id in p.built)


def spell_price(st: MapState, seat: int) -> tuple[int, int, int]:
    """Returns the spell book's price (economy) less a mana well's discount."""
    p = st.ps[seat]
    gold, m, v = eco().spell
    for b in mc().towns[p.faction].buildings:
        if b.id in p.built:
            for e in b.passive:
                if e.get("type") == "town_spell_discount":
                    gold = max(0, gold - int(e.get("gold", 1)))
    return (gold, m, v)


def unit_cost(st: MapState, uid: str, reinforce: bool) -> tuple[int, int, int]:
    """Returns a unit's recruiting or reinforcing cost this round (an astrologer card may
    change a tier's gold cost)."""
    u = C.unit(uid)
    cost = list(_cost3(u.reinforce if reinforce else u.recruit))
    shift = st.battle.get("mods", {}).get(f"cost_{u.tier}", 0)
    cost[0] = max(0, cost[0] + shift)
    return (cost[0], cost[1], cost[2])


def close_population(st: MapState, seat: int) -> None:
    """Ends a population action: its recruiting and reinforcing happen at one moment (seed
    "Stadtaktionen"; spec T-01: once anything else is done, the token is spent)."""
    p = st.ps[seat]
    if p.pop_use == "units":
        p.pop_use = "spent"


def _can_pop_units(st: MapState, seat: int) -> bool:
    p = st.ps[seat]
    return p.tokens["population"] or p.pop_use == "units"


def recruit_pool(st: MapState, seat: int) -> list[str]:
    """Returns the units the seat's dwellings offer: its own faction's of its built dwellings'
    tiers, and (option captured_town_no_income, spec AMB-85) the units of the dwellings of the
    towns it conquered."""
    tiers = _dwelling_tiers(st, seat)
    out = [uid for uid in C.faction(st.ps[seat].faction).units if C.unit(uid).tier in tiers]
    for o in conquered(st, seat):
        theirs = _dwelling_tiers(st, o)
        out += [uid for uid in C.faction(st.ps[o].faction).units
                if C.unit(uid).tier in theirs and uid not in out]
    return out


def _recruitable(st: MapState, seat: int) -> list[str]:
    p = st.ps[seat]
    if not _can_pop_units(st, seat):
        return []
    have = {u[0] for u in p.units}
    return [uid for uid in recruit_pool(st, seat) if uid not in have
            and afford(p.res, unit_cost(st, uid, False))]


def _reinforceable(st: MapState, seat: int) -> list[str]:
    p = st.ps[seat]
    if not _can_pop_units(st, seat) or not _has_citadel(st, seat):
        return []
    return [uid for uid, pack in p.units if not pack and C.unit(uid).reinforce is not None
            and C.unit(uid).pack is not None and afford(p.res, unit_cost(st, uid, True))]


def _hire_fields(st: MapState, seat: int) -> list[Hex]:
    p = st.ps[seat]
    if not p.tokens["population"] or p.pos[SECONDARY] is not None \
            or not afford(p.res, eco().secondary):
        return []
    return havens(st, seat)


def _guild_ready(st: MapState, seat: int) -> bool:
    p = st.ps[seat]
    # seed "Stadtaktionen": not in the round the mage guild was built; a conquered town's
    # guild serves its conqueror (option captured_town_no_income, spec AMB-85)
    return p.tokens["spellbook"] and afford(p.res, spell_price(st, seat)) and any(
        _has_guild(st, o) for o in [seat, *conquered(st, seat)])


def _has_guild(st: MapState, seat: int) -> bool:
    """Returns True when the seat's town has a mage guild built before this round."""
    p = st.ps[seat]
    return any("spell_book" in b.unlocks and b.id in p.built
               and p.built_round.get(b.id, 0) < st.round for b in mc().towns[p.faction].buildings)


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
    # seed "Städte": an immediate effect resolves at once (a mage guild's spells); the income
    # a building adds is read by ``income``
    now(st)[:0] = [["effect", seat, MAIN, e] for e in info.on_build if e.get("type") != "income"]
    run(rules, st, ev)


def _check_unit(rules: Any, st: MapState, a: Action) -> Refusal | None:
    seat = actor(st)
    uid = a.get("unit")
    p = st.ps[seat]
    pool = recruit_pool(st, seat) if a.kind == "recruit" else []
    mine = uid in C.faction(p.faction).units
    if a.names() != ("unit",) or not (mine or uid in pool or (
            a.kind == "reinforce" and isinstance(uid, str) and [uid, False] in p.units)):
        return ("heroes.rule.not_faction_unit", f"{uid!r} is no unit of your faction")
    if not _can_pop_units(st, seat):
        return ("heroes.map.rule.token_used", "your population token is used this round")
    if a.kind == "recruit":
        if uid in {u[0] for u in p.units}:
            return ("heroes.map.rule.have_unit", "that unit is in your army already")
        if uid not in pool:
            return ("heroes.map.rule.no_dwelling", "build its dwelling first")
        if not afford(p.res, unit_cost(st, uid, False)):
            return ("heroes.map.rule.cost", "you cannot pay for it")
        return None
    if C.unit(uid).reinforce is None or C.unit(uid).pack is None:
        # seed "Neutrale Einheiten": "Neutrale Einheiten können nicht verstärkt werden"
        return ("heroes.map.rule.no_pack", "this unit has no Pack side")
    if not _has_citadel(st, seat):
        return ("heroes.map.rule.no_citadel", "reinforcing needs a citadel")
    if [uid, False] not in p.units:
        return ("heroes.map.rule.not_few", "only a unit of yours on its Few side")
    if not afford(p.res, unit_cost(st, uid, True)):
        return ("heroes.map.rule.cost", "you cannot pay for it")
    return None


def _apply_recruit(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat = actor(st)
    p = st.ps[seat]
    pay(p.res, unit_cost(st, a["unit"], False))
    p.tokens["population"] = False
    p.pop_use = "units"
    p.units.append([a["unit"], False])
    ev.append(_ev("heroes.map.recruit", seat=seat, unit=a["unit"]))


def _apply_reinforce(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat = actor(st)
    p = st.ps[seat]
    pay(p.res, unit_cost(st, a["unit"], True))
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
    if not afford(p.res, eco().secondary):
        return ("heroes.map.rule.cost", "a secondary hero costs 10 gold")
    if (int(at[0]), int(at[1])) not in havens(st, seat):
        return ("heroes.map.rule.no_haven", "only in an own town or settlement without an "
                "enemy hero")
    return None


def _apply_hire(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat = actor(st)
    p = st.ps[seat]
    pay(p.res, eco().secondary)
    p.tokens["population"] = False
    p.pop_use = "hero"
    p.pos[SECONDARY] = _h(a["at"])
    p.prev[SECONDARY] = None
    p.mp[SECONDARY] = base_mp(SECONDARY) if seat == st.current else 0
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
    cost = spell_price(st, seat)
    pay(p.res, cost)
    p.tokens["spellbook"] = False
    ev.append(_ev("heroes.map.spellbook", seat=seat, cost=list(cost)))
    push_search(st, seat, "spell", 2, False)


# --- morale actions ------------------------------------------------------------------------------
def _opt_morale(rules: Any, st: MapState, out: list[Action]) -> None:
    # seed "Moralaktionen": "jederzeit" — in the own turn and in any town-action window
    p = st.ps[actor(st)]
    if p.morale > 0:
        out.append(Action("morale", (("use", "draw"),)))
        if p.hand:  # the cards are then picked one at a time (the choice ``cycle``)
            out.append(Action("morale", (("use", "cycle"),)))


def _check_morale(rules: Any, st: MapState, a: Action) -> Refusal | None:
    p = st.ps[actor(st)]
    if p.morale <= 0:
        return ("heroes.map.rule.no_morale", "you hold no good morale token")
    use = a.get("use")
    if a.names() == ("use",) and (use == "draw" or use == "cycle" and p.hand):
        return None
    return ("heroes.rule.bad_action", "morale: use draw, or cycle (with cards in hand)")


def _apply_morale(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat = actor(st)
    p = st.ps[seat]
    p.morale = 0
    if a["use"] == "cycle":
        # discard any part of the hand, then draw as many: the cards are chosen one at a
        # time, "done" draws (the choice ``cycle``, as for a second good morale)
        ev.append(_ev("heroes.map.morale_use", seat=seat, use="cycle", count=0))
        now(st).insert(0, ["choose", seat, "cycle", [], [len(p.hand), 0]])
        run(rules, st, ev)
        return
    got = p.deck.draw(1, st.rng).cards
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
        st.looking = draw_shared(st, kind, count)
        # public: who looks at how many cards of which deck (the cards show to the looker
        # in the view's ``looking``)
        ev.append(Event("heroes.map.look", {"seat": seat, "deck": kind, "n": len(st.looking)},
                        reveal=True))
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
    to_hand(st, seat, card, ev)


def to_hand(st: MapState, seat: int, card: str, ev: list[Event], public: bool = False) -> None:
    """Gives a gained card to the hand, or with the option gains_to_discard to the own
    discard pile (seed "Optionale Anpassungen": "Karten, die ihr normalerweise sofort auf die
    Hand nehmen würdet, legt ihr stattdessen nun zuerst auf den eigenen Ablagestapel"; card
    rule 4)."""
    p = st.ps[seat]
    if st.opts.get("gains_to_discard"):
        p.deck.discard((card,))  # face up: everybody sees it
        ev.append(_ev("heroes.map.gain_discard", seat=seat, card=card))
        return
    p.hand.append(card)
    # the hand is hidden: the card is named to its owner only (a specialty is public)
    ev.append(Event("heroes.map.gain_card", {"seat": seat, "card": card},
                    seat=None if public else seat))


def draw_artifact(st: MapState, seat: int, ev: list[Event]) -> None:
    """Draws the artifact deck's top card for ``seat`` (a plain draw, card rule 4)."""
    card = draw_shared_one(st, "artifact")
    if card is not None:
        # a hidden card comes to light (for its owner): no undo back over it
        ev.append(Event("heroes.map.draw_artifact", {"seat": seat}, reveal=True))
        give_card(st, seat, "artifact", card, ev)


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
            p.res[i] += eco().step[i]
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
    hero, die = ctx
    queue(st)[:0] = [["effect", seat, hero, e] for e in face_effects(st, die, int(opt))]


def _choose_pay(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                ev: list[Event]) -> None:
    if opt != "pay":
        return
    hero, cost, effects = ctx[:3]  # ctx[3]: the source the prompt names (saves before: none)
    pay(st.ps[seat].res, cost)
    queue(st)[:0] = [["effect", seat, hero, e] for e in effects]


def _choose_effect(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                   ev: list[Event]) -> None:
    hero, options = ctx[0], ctx[1]
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
    ev.append(_ev("heroes.map.cube", seat=tag["seat"], loser=seat))
    defeated(rules, st, seat, SECONDARY, ev)
    check_victory(st, ev)  # the cube may be the last rival's (R-282)
    if st.flow.phase != OVER:
        queue(st).insert(0, ["visit", tag["seat"], tag["hero"], tag["field"]])


def _choose_defend(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                   ev: list[Event]) -> None:
    tag = ctx[0]
    if opt == "defend":
        # seed "Kampf beginnen": 8 gold to defend with the units, without the deck
        pay(st.ps[seat].res, eco().defence)
        ev.append(_ev("heroes.map.defend", seat=seat, gold=eco().defence[0]))
        queue(st)[:0] = [["window"], ["combat", tag]]
        return
    # spec AMB-47: undefended, the attacker flags it without a combat
    queue(st).insert(0, ["visit", tag["seat"], tag["hero"], tag["field"]])


def _choose_bonus(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                  ev: list[Event]) -> None:
    """Setup 16.: the difficulty's start bonus (artifacts go to the hand)."""
    alts = bothero.bonus_alternatives(st)
    queue(st)[:0] = [["effect", seat, MAIN, e] for e in alts[int(opt)]]


def _difficulty(st: MapState) -> str:
    return str(st.opts.get("map_difficulty") or mc().scenarios[st.scenario].difficulty)


def _choose_start_unit(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                       ev: list[Event]) -> None:
    st.ps[seat].units.append([opt, bool(ctx[1])])


def _choose_explore(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                    ev: list[Event]) -> None:
    """The lookout tower: a free discovery or placement next to its field."""
    if opt == "skip":
        return
    parts = opt.split(":")
    if parts[0] == "discover":
        reveal_slot(st, seat, _h(parts[1].split(",")), ev)
        return
    tile, at = parts[1], _h(parts[2].split(","))
    st.ps[seat].supply.remove(tile)
    ev.append(Event("heroes.map.place", {"seat": seat, "tile": tile, "at": [at[0], at[1]]},
                    reveal=True))
    _ask_rotation(st, seat, tile, at, "place")


def _choose_spring(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                   ev: list[Event]) -> None:
    if opt == "none":
        return
    pile = st.ps[seat].deck.discard_pile
    pile.remove(opt)
    st.ps[seat].hand.append(opt)
    ev.append(_ev("heroes.map.gain_card", seat=seat, card=opt))


def _choose_witch(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                  ev: list[Event]) -> None:
    """The hedge witch: remove an ability card from the hand, or look at the top ability card
    and take it or discard it (spec §19.5)."""
    if opt == "none":
        return
    if opt.startswith("remove:"):
        st.ps[seat].hand.remove(opt[7:])
        # its own line: "removes … at the trading post" named the wrong place
        ev.append(_ev("heroes.map.witch_remove", seat=seat, card=opt[7:]))
        return
    card = draw_shared_one(st, "ability")
    if card is not None:
        ev.append(Event("heroes.map.look", {"seat": seat, "deck": "ability", "n": 1},
                        reveal=True))
        queue(st).insert(0, ["choose", seat, "witch_card", ["take", "discard"], [card]])


def _choose_witch_card(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                       ev: list[Event]) -> None:
    if opt == "take":
        give_card(st, seat, "ability", ctx[0], ev)
    else:
        st.decks["ability"].discard((ctx[0],))


def _choose_reinforce(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                      ev: list[Event]) -> None:
    p = st.ps[seat]
    if opt != "none" and [opt, False] in p.units:
        p.units[p.units.index([opt, False])] = [opt, True]
        ev.append(_ev("heroes.map.reinforce", seat=seat, unit=opt, cost=[0, 0, 0]))


def _choose_recover(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                    ev: list[Event]) -> None:
    if opt != "none":
        st.ps[seat].deck.discard_pile.remove(opt)
        st.ps[seat].hand.append(opt)
        ev.append(_ev("heroes.map.gain_card", seat=seat, card=opt))


def _choose_cycle(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                  ev: list[Event]) -> None:
    left, done = int(ctx[0]), int(ctx[1])
    p = st.ps[seat]
    if opt != "done":
        p.hand.remove(opt)
        p.deck.discard((opt,))
        done += 1
        left -= 1
        if left > 0 and p.hand:
            # the next card: at once inside a town-action window (a morale action there),
            # else where it came from
            top = st.flow.top
            q = now(st) if top is not None and top.kind == WINDOW else queue(st)
            q.insert(0, ["choose", seat, "cycle", [], [left, done]])
            return
    got = p.deck.draw(done, st.rng).cards if done else []
    p.hand += got
    if got:
        ev.append(Event("heroes.map.draw", {"seat": seat, "count": len(got)},
                        reveal=True))


def _choose_neutral(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                    ev: list[Event]) -> None:
    if opt == "none":
        return
    p = st.ps[seat]
    pay(p.res, unit_cost(st, opt, False))
    p.units.append([opt, False])
    ev.append(_ev("heroes.map.recruit", seat=seat, unit=opt))


def _options_bonus(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    return [str(i) for i in range(len(bothero.bonus_alternatives(st)))]


def _options_start_unit(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    p = st.ps[seat]
    have = {u for u, _ in p.units}
    return [u for u in C.faction(p.faction).units if C.unit(u).tier == ctx[0] and u not in have]


def _options_settlement(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    return list(RESOURCES) + [f"reinforce:{u}" for u in _settle_units(st, seat, bool(ctx[1]))]


def _options_explore(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    h = _h(ctx[1])
    out = [f"discover:{a},{b}" for a, b in B.slots_next_to(h, _slot_anchors(st))]
    for tile in sorted(set(st.ps[seat].supply)):
        out += [f"place:{tile}:{a},{b}" for a, b in placements_at(st, h, tile)]
    return out + ["skip"]


def _options_spring(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    top = st.ps[seat].deck.discard_pile.cards[:int(ctx[0])]
    return sorted(set(top)) + ["none"]


def _options_witch(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    hand = st.ps[seat].hand
    out = [f"remove:{c}" for c in sorted(set(hand)) if C.card(c).kind == "ability"]
    if len(st.decks["ability"]):
        out.append("look")
    return out + ["none"]


def _options_reinforce(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    top = M.TIERS.index(ctx[0])
    return [u for u, pack in st.ps[seat].units if not pack and C.unit(u).pack is not None
            and C.unit(u).tier in M.TIERS[:top + 1]] + ["none"]


def _options_recover(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    kind = ctx[0]
    pile = st.ps[seat].deck.discard_pile.cards
    return sorted({c for c in pile if kind == "any" or C.card(c).kind == kind}) + ["none"]


def _options_cycle(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    return sorted(set(st.ps[seat].hand)) + ["done"]


def _options_neutral(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    p = st.ps[seat]
    have = {u for u, _ in p.units}
    # a unit the player cannot pay (or holds already) is no option; with none left the
    # choice is not asked (it would offer "Nothing" alone)
    units = [u for u in ctx[0] if u not in have and afford(p.res, unit_cost(st, u, False))]
    return units + ["none"] if units else []


_OPTIONS: dict[str, Callable[..., Any]] = {"bonus": _options_bonus, "start_unit": _options_start_unit,
            "settlement": _options_settlement, "explore": _options_explore,
            "spring": _options_spring, "witch": _options_witch,
            "reinforce": _options_reinforce, "recover": _options_recover,
            "cycle": _options_cycle, "neutral": _options_neutral}


_CHOICES: dict[str, Callable[..., Any]] = {"settlement": _choose_settlement, "die": _choose_die,
            "pay": _choose_pay, "effect": _choose_effect, "relocate": _choose_relocate,
            "yield": _choose_yield, "defend": _choose_defend, "bonus": _choose_bonus,
            "start_unit": _choose_start_unit, "explore": _choose_explore,
            "spring": _choose_spring, "witch": _choose_witch, "witch_card": _choose_witch_card,
            "reinforce": _choose_reinforce, "recover": _choose_recover, "cycle": _choose_cycle,
            "neutral": _choose_neutral}


# --- map cards (seed "Zauberkarten", mine example; spec R-131, AMB-31) ---------------------------
MAP_CARD_EFFECTS = ("town_portal", "movement", "gain_resources", "recruit_neutral",
                    "reinforce_after_combat")
MAX_BOOST = 3  # the empower cards listed per play: at most three (a hand holds at most seven)


def _faction_ok(st: MapState, seat: int, cid: str) -> bool:
    card = C.card(cid)
    return card.faction is None or card.faction == st.ps[seat].faction  # spec R-115


def _boosters(st: MapState, seat: int, skip: str) -> list[tuple[str, str, int, bool]]:
    """Returns the hand's empower effects usable on the map: (card, mode, empower, crown); a
    mode qualifies when it only empowers and draws (Power, a spell's bottom effect)."""
    out = []
    hand = st.ps[seat].hand[:]
    hand.remove(skip)
    for cid in sorted(set(hand)):
        if not _faction_ok(st, seat, cid):
            continue
        for m in C.card(cid).modes:
            kinds = {e.type for e in m.effects}
            if m.timing == "instant" and "empower" in kinds and kinds <= {"empower", "draw"} \
                    and m.cost == 0:
                amount = sum(int(e.params.get("amount", 1)) for e in m.effects
                             if e.type == "empower")
                out.append((cid, m.id, amount, m.crown))
    return out


def _map_mode(cid: str, mode: str) -> Any:
    m = next((m for m in C.card(cid).modes if m.id == mode), None)
    if m is None or m.timing != "adventure" or not m.effects \
            or any(e.type not in MAP_CARD_EFFECTS for e in m.effects):
        return None
    return m


def _card_hero(st: MapState, seat: int, hero: str) -> bool:
    return st.ps[seat].pos.get(hero) is not None


def _card_blocked(st: MapState, seat: int, m: Any) -> str | None:
    """Returns why a map mode cannot be played now (None when it can, boosts aside)."""
    p = st.ps[seat]
    kinds = {e.type for e in m.effects}
    if "reinforce_after_combat" in kinds:
        # the card's text: after a won combat (this turn), a unit on its Few side
        if seat not in st.battle.get("won", []):
            return "heroes.map.rule.no_win"
        tier = next(e.params.get("max_tier", "gold") for e in m.effects
                    if e.type == "reinforce_after_combat")
        if not _reinforce_choices(st, seat, tier, 50):
            return "heroes.map.rule.not_few"
    if "town_portal" in kinds and not havens(st, seat):
        return "heroes.map.rule.no_haven"
    if m.crown and p.crowns <= 0:
        return "heroes.rule.no_crown"
    return None


def _boost_sets(st: MapState, seat: int, cid: str, cost: int,
                crowns: int) -> list[tuple[str, ...]]:
    """Returns the minimal sets of empower effects (``card/mode``) paying ``cost`` (R-131)."""
    if cost <= 0:
        return [()]
    boosts = _boosters(st, seat, cid)
    hand = st.ps[seat].hand
    out: list[tuple[str, ...]] = []
    from itertools import combinations

    for n in range(1, MAX_BOOST + 1):
        for combo in combinations(boosts, n):
            cards = [c for c, _, _, _ in combo]
            if any(cards.count(c) > hand.count(c) - (c == cid) for c in cards):
                continue
            if sum(1 for *_, cr in combo if cr) > crowns:
                continue
            total = sum(a for _, _, a, _ in combo)
            if total >= cost and all(total - a < cost for _, _, a, _ in combo):
                out.append(tuple(sorted(f"{c}/{m}" for c, m, _, _ in combo)))
    return sorted(set(out))


def _opt_play(rules: Any, st: MapState, out: list[Action]) -> None:
    seat = st.current
    p = st.ps[seat]
    for cid in sorted(set(p.hand)):
        if not _faction_ok(st, seat, cid):
            continue
        for m in C.card(cid).modes:
            if _map_mode(cid, m.id) is None or _card_blocked(st, seat, m) is not None:
                continue
            crowns = p.crowns - (1 if m.crown else 0)
            for boost in _boost_sets(st, seat, cid, m.cost, crowns):
                for hero in _heroes_of(st, seat):
                    out.append(Action("play", (("boost", boost), ("card", cid),
                                               ("hero", hero), ("mode", m.id))))


def _check_play(rules: Any, st: MapState, a: Action) -> Refusal | None:
    seat = st.current
    p = st.ps[seat]
    cid, mode, hero, boost = a.get("card"), a.get("mode"), a.get("hero"), a.get("boost")
    if a.names() != ("boost", "card", "hero", "mode") or not isinstance(boost, (list, tuple)) \
            or hero not in (MAIN, SECONDARY) or not isinstance(cid, str) \
            or not isinstance(mode, str):
        return ("heroes.rule.bad_action", "play needs a card, its mode, a hero and the boosts")
    if cid not in p.hand:
        return ("heroes.map.rule.not_in_hand", f"{cid!r} is not in your hand")
    try:
        m = _map_mode(cid, mode)
    except KeyError:
        m = None
    if m is None:
        return ("heroes.map.rule.no_map_mode", "only a card's map effects are played on the map")
    if not _faction_ok(st, seat, cid):
        return ("heroes.rule.faction_card", "that card belongs to another faction")
    if not _card_hero(st, seat, hero):
        return ("heroes.map.rule.no_hero", "that hero is not on the map")
    why = _card_blocked(st, seat, m)
    if why is not None:
        return (why, "that card cannot be played now")
    crowns = p.crowns - (1 if m.crown else 0)
    # the boosts in the sorted order legal_actions lists them (one action per choice: a
    # permutation of a legal set would be accepted without being listed)
    if tuple(str(b) for b in boost) not in _boost_sets(st, seat, cid, m.cost, crowns):
        return ("heroes.rule.empower_short", "pay the empower cost with the hand's empower "
                "effects, no more than needed")
    return None


def _apply_play(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat, hero = st.current, str(a["hero"])
    p = st.ps[seat]
    cid = str(a["card"])
    m = _map_mode(cid, str(a["mode"]))
    assert m is not None
    draws = 0
    for b in a["boost"]:
        bc, bm = str(b).split("/")
        mode = next(x for x in C.card(bc).modes if x.id == bm)
        if mode.crown:
            p.crowns -= 1
        draws += sum(int(e.params.get("count", 1)) for e in mode.effects if e.type == "draw")
        p.hand.remove(bc)
        p.deck.discard((bc,))
    if m.crown:
        p.crowns -= 1
    p.hand.remove(cid)
    p.deck.discard((cid,))
    ev.append(_ev("heroes.map.play", seat=seat, card=cid, hero=hero))
    if draws:  # a boost's own draw (the Power card: empower 2, draw 1)
        got = p.deck.draw(draws, st.rng).cards
        p.hand += got
        ev.append(Event("heroes.map.draw", {"seat": seat, "count": len(got)},
                        reveal=True))
    front: list[list[Any]] = []
    for e in m.effects:
        prm = dict(e.params)
        if e.type == "town_portal":
            front.append(["choose", seat, "portal", [], [hero, int(prm.get("mp", 0))]])
        elif e.type == "movement":
            p.mp[hero] += int(prm.get("mp", 1))
            ev.append(_ev("heroes.map.mp", seat=seat, hero=hero, mp=p.mp[hero],
                          gained=int(prm.get("mp", 1))))
        elif e.type == "gain_resources":
            got3 = (int(prm.get("gold", 0)), int(prm.get("materials", 0)),
                    int(prm.get("valuables", 0)))
            gain(p.res, got3)
            ev.append(_ev("heroes.map.gain", seat=seat, res=list(got3)))
        elif e.type == "recruit_neutral":
            front.append(["effect", seat, hero, {"type": "recruit_neutral",
                                                 "draws": int(prm.get("draws", 1))}])
        elif e.type == "reinforce_after_combat":
            front.append(["choose", seat, "after_combat", [],
                          [str(prm.get("max_tier", "gold")), int(prm.get("discount", 50))]])
    queue(st)[:0] = front
    run(rules, st, ev)


def _reinforce_choices(st: MapState, seat: int, tier: str, discount: int) -> list[str]:
    top = M.TIERS.index(tier)
    p = st.ps[seat]
    out = []
    for u, pack in p.units:
        info = C.unit(u)
        if pack or info.pack is None or info.tier not in M.TIERS[:top + 1]:
            continue
        if afford(p.res, _discounted(unit_cost(st, u, True), discount)):
            out.append(u)
    return out


def _discounted(cost: tuple[int, int, int], discount: int) -> tuple[int, int, int]:
    # the card's text: the discount is off the gold cost only
    return (cost[0] * (100 - discount) // 100, cost[1], cost[2])


def _options_portal(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    here = st.ps[seat].pos[ctx[0]]
    return [f"{a},{b}" for a, b in havens(st, seat) if (a, b) != here]


def _choose_portal(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                   ev: list[Event]) -> None:
    """The town portal: the hero goes to an own town or settlement (no visit) and gains its
    extra MP (seed, mine example: "nach dem Zaubern noch einen zusätzlichen BP")."""
    hero, extra = str(ctx[0]), int(ctx[1])
    p = st.ps[seat]
    q, r = (int(x) for x in opt.split(","))
    p.pos[hero] = (q, r)
    p.prev[hero] = None
    p.mp[hero] += extra
    ev.append(_ev("heroes.map.portal", seat=seat, hero=hero, field=[q, r], mp=p.mp[hero]))


def _options_after_combat(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    return _reinforce_choices(st, seat, str(ctx[0]), int(ctx[1])) + ["none"]


def _choose_after_combat(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                         ev: list[Event]) -> None:
    p = st.ps[seat]
    if opt == "none" or [opt, False] not in p.units:
        return
    cost = _discounted(unit_cost(st, opt, True), int(ctx[1]))
    pay(p.res, cost)
    p.units[p.units.index([opt, False])] = [opt, True]
    ev.append(_ev("heroes.map.reinforce", seat=seat, unit=opt, cost=list(cost)))


_OPTIONS.update(portal=_options_portal, after_combat=_options_after_combat)
_CHOICES.update(portal=_choose_portal, after_combat=_choose_after_combat)


# --- morale (seed "Moralaktionen") ---------------------------------------------------------------
def _options_reroll(st: MapState, seat: int, ctx: list[Any]) -> list[str]:
    return [f"reroll:{i}" for i in range(len(ctx[2]))] + ["keep"]


def _choose_reroll(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                   ev: list[Event]) -> None:
    hero, die, faces, pick = str(ctx[0]), str(ctx[1]), [int(f) for f in ctx[2]], bool(ctx[3])
    if opt.startswith("reroll:"):
        i = int(opt.split(":")[1])
        st.ps[seat].morale = 0
        faces[i] = st.rng.below(6)
        ev.append(_ev("heroes.map.morale_use", seat=seat, use="reroll", count=0))
        key = "heroes.map.treasure_die" if die == "treasure" else "heroes.map.resource_die"
        ev.append(Event(key, {"seat": seat, "die": die, "faces": faces}))
    queue(st)[:0] = resolve_roll(st, seat, hero, die, faces, pick)


def _choose_morale_second(rules: Any, st: MapState, seat: int, opt: str, ctx: list[Any],
                          ev: list[Event]) -> None:
    """A second good morale: spend the first now (draw 1, or cycle cards) and keep the
    second, or lose the second."""
    p = st.ps[seat]
    if opt == "lose" or p.morale <= 0:
        return
    if opt == "draw":
        got = p.deck.draw(1, st.rng).cards
        p.hand += got
        ev.append(Event("heroes.map.morale_use", {"seat": seat, "use": "draw",
                                                  "count": len(got)}, reveal=True, seat=seat))
    else:
        ev.append(_ev("heroes.map.morale_use", seat=seat, use="cycle", count=0))
        queue(st).insert(0, ["choose", seat, "cycle", [], [len(p.hand), 0]])
    p.morale = 1  # the second token is kept


_OPTIONS.update(reroll=_options_reroll)
_CHOICES.update(reroll=_choose_reroll, morale_second=_choose_morale_second)


# trading post (seed "Handeln")
def _trader(st: MapState) -> int | None:
    """Returns the seat that may trade now: the visitor at a trading post, or with the option
    trade_anytime whoever may take a town action (its turn, a town-action window; seed
    "Optionale Anpassungen": "Ihr dürft jederzeit Ressourcen tauschen"; spec AMB-86: outside
    combat)."""
    d = st.flow.top
    if d is not None and d.kind == TRADE:
        return d.seat
    if not st.opts.get("trade_anytime"):
        return None
    if d is None:
        return st.current if st.flow.phase == TURN else None
    return d.seat if d.kind == WINDOW else None


def _opt_trade(rules: Any, st: MapState, out: list[Action]) -> None:
    seat = _trader(st)
    if seat is None:
        return
    p = st.ps[seat]
    for (sell, get), (n, _m) in sorted(eco().trade.items()):
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
    seat = _trader(st)
    if seat is None or (a.kind != "trade" and (d is None or d.kind != TRADE)):
        return ("heroes.map.rule.no_trade", "trading needs a trading post (or the option to "
                "trade at any time)")
    p = st.ps[seat]
    if a.kind == "leave":
        return None if not a.args else ("heroes.rule.bad_action", "leave takes nothing")
    if a.kind == "remove":
        assert d is not None
        if d.data[0] != "":
            return ("heroes.map.rule.one_trade", "one kind of trade per visit")
        c = a.get("card")
        if a.names() != ("card",) or c not in p.hand or not removable(c):
            return ("heroes.map.rule.no_remove", f"{c!r} cannot be removed here")
        return None
    sell, get, lots = a.get("sell"), a.get("get"), a.get("lots")
    # one lot a trade, as the options list them (any number of trades makes any amount)
    if a.names() != ("get", "lots", "sell") or (sell, get) not in eco().trade \
            or not isinstance(lots, int) or isinstance(lots, bool) or lots != 1:
        return ("heroes.map.rule.rate", "no such trade")
    n, _m = eco().trade[(sell, get)]
    if p.res[RESOURCES.index(sell)] < n * lots:
        return ("heroes.map.rule.cost", "you do not have that much to sell")
    return None


def _apply_trade(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    d = st.flow.top
    seat = _trader(st)
    assert seat is not None
    p = st.ps[seat]
    sell, get, lots = a["sell"], a["get"], int(a["lots"])
    n, m = eco().trade[(sell, get)]
    p.res[RESOURCES.index(sell)] -= n * lots
    p.res[RESOURCES.index(get)] += m * lots
    paid, got = [0, 0, 0], [0, 0, 0]
    paid[RESOURCES.index(sell)], got[RESOURCES.index(get)] = n * lots, m * lots
    ev.append(_ev("heroes.map.trade", seat=seat, sell=sell, get=get, lots=lots, paid=paid,
                  got=got))
    if d is not None and d.kind == TRADE:
        st.flow.replace(d.with_data(("trade", d.data[1])))


def _apply_remove(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    d = st.flow.pop()
    p = st.ps[d.seat]
    p.hand.remove(a["card"])  # removed from the game (card rule 8)
    p.res[0] += int(d.data[1])
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
                     "hire", "spellbook", "morale", "play", "trade", "gift", "ask", "offer",
                     "end_turn"), _prompt_turn),
        Phase(BATTLE, (), "heroes.prompt.battle", sub=_running),
        Phase(OVER, (), "heroes.prompt.over", terminal=True),
    ),
    decisions=(
        DecisionKind(SEARCH, ("search",), "heroes.map.prompt.search"),
        DecisionKind(KEEP, ("keep",), "heroes.map.prompt.keep"),
        DecisionKind(ROTATE, ("rotate",), "heroes.map.prompt.rotate"),
        DecisionKind(CHOOSE, ("choose",), "heroes.map.prompt.choose"),
        DecisionKind(TRADE, ("trade", "remove", "gift", "leave"), "heroes.map.prompt.trade"),
        # team play (adventure/teams.py): an ally picks its card for a swap, or says yes or no
        DecisionKind(T.SWAP_PICK, ("pick", "decline"), "heroes.team.prompt.pick"),
        DecisionKind(T.CONSENT, ("accept", "decline"), "heroes.team.prompt.swap"),
        DecisionKind(WINDOW, ("build", "recruit", "reinforce", "hire", "spellbook", "morale",
                              "trade", "pass"),
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
        ActionKind("play", _opt_play, _check_play, _apply_play),
        ActionKind("end_turn", _opt_end, _check_end, _apply_end),
        ActionKind("search", _opt_search, _check_search, _apply_search),
        ActionKind("keep", _opt_keep, _check_keep, _apply_keep),
        ActionKind("rotate", _opt_rotate, _check_rotate, _apply_rotate),
        ActionKind("choose", _opt_choose, _check_choose, _apply_choose),
        ActionKind("trade", _opt_trade, _check_trade, _apply_trade),
        ActionKind("remove", _opt_remove, _check_trade, _apply_remove),
        ActionKind("leave", _opt_leave, _check_trade, _apply_leave),
        ActionKind("pass", _opt_pass, _check_pass),
        ActionKind("gift", T._opt_gift, T._check_gift, T._apply_gift),
        ActionKind("ask", T._opt_ask, T._check_ask, T._apply_ask),
        ActionKind("offer", T._opt_offer, T._check_offer, T._apply_offer),
        ActionKind("pick", T._opt_pick, T._check_pick, T._apply_pick),
        ActionKind("accept", T._opt_accept, T._check_answer, T._apply_accept),
        ActionKind("decline", T._opt_decline, T._check_answer, T._apply_decline),
    ),
    turn_seat=_current,
    closed=("heroes.rule.wrong_step", "{kind} is not possible during {step}"),
)


# the bot heroes of the solo campaign register their steps and choices in the tables above, and
# so do the expansion rules (switches war_machines, events, summoning, expansion_locations)
from engine.rules.heroes.adventure import bothero  # noqa: E402, I001
from engine.rules.heroes.adventure import expansion  # noqa: E402
