"""What the map game's views hide (DESIGN.md: ``view(state, seat)`` returns what that seat may
see): another seat's supply tiles, hand and looked-at cards, and the options of a decision asked
of another seat (the lookout tower's ``place:<tile>:<at>`` named the tiles a player holds).
A seat that is not asked sees that a seat is choosing and the kind of choice, nothing more."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.ai.play import bot_config, seat_bots
from engine.core.rng import Rng
from engine.rules.heroes import RULES
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.game import CLASH
from engine.rules.heroes.adventure.state import MAIN, MapState


def _strings(v: Any) -> Iterator[str]:
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        for k, x in v.items():
            yield str(k)
            yield from _strings(x)
    elif isinstance(v, list | tuple):
        for x in v:
            yield from _strings(x)


def _hidden_from(st: MapState, seat: int) -> tuple[set[str], set[str]]:
    """Returns the ids ``seat`` may not see: other seats' supply tiles, and the options of a
    decision asked of another seat (those that name something: ``place:f2:-7,0``)."""
    tiles = {t for o, p in enumerate(st.ps) if o != seat for t in p.supply}
    options: set[str] = set()
    top = st.flow.top
    if top is not None and top.kind == R.CHOOSE and top.seat != seat:
        options = {str(o) for o in top.data[1] if ":" in str(o)}
    return tiles, options


def assert_hides(st: MapState, seat: int) -> None:
    """Asserts that seat's view names nothing another seat holds or is asked."""
    view = RULES.view(st, seat)
    tiles, options = _hidden_from(st, seat)
    seen = set(_strings(view))
    assert not tiles & seen, (seat, tiles & seen)
    assert not options & seen, (seat, options & seen)
    for s in seen:  # an option names a tile inside a longer string
        assert not any(f":{t}:" in s for t in tiles), (seat, s)
    top = st.flow.top
    asked = top is not None and (top.seat == seat if top.kind in (R.CHOOSE, R.KEEP) else True)
    if top is not None and top.kind == R.CHOOSE and not asked:
        assert view["choice"] == [] and view["choice_labels"] == [], seat
        assert view["choosing"]["seat"] == top.seat
    if view.get("looking"):
        assert top is not None and top.seat == seat
    assert view["hand"] == st.ps[seat].hand and view["supply"] == st.ps[seat].supply
    battle = view.get("battle")
    if battle is not None:
        for side in battle["view"]["sides"]:
            if side["seat"] != battle["seat"]:
                assert side["hand"] is None


def test_a_lookout_tower_choice_shows_its_tiles_to_the_asked_seat_only() -> None:
    config = bot_config("heroes", ["heuristic"] * 2, options={"mode": "clash"})
    st = RULES.new_game(config, 3)
    bots = seat_bots("heroes", config, 3)
    while st.flow.stack or st.flow.phase != R.TURN:
        seat = RULES.current_actor(st)
        RULES.apply(st, bots[seat].choose(RULES, st, seat))
    me = st.current
    assert st.ps[me].supply
    # a field where a supply tile fits next to (seed "Aussichtsturm": discover or place)
    at = next(h for h in sorted(R.board(st).fields)
              if any(o.startswith("place:")
                     for o in R._options_explore(st, me, [MAIN, [h[0], h[1]]])))
    R.queue(st).insert(0, ["choose", me, "explore", [], [MAIN, [at[0], at[1]]]])
    R.run(CLASH, st, [])
    mine = RULES.view(st, me)
    assert any(str(o).startswith("place:") for o in mine["choice"])
    assert len(mine["choice_labels"]) == len(mine["choice"])
    other = RULES.view(st, 1 - me)
    assert other["choice"] == [] and other["choice_labels"] == []
    assert other["choosing"] == {"seat": me, "purpose": "explore"}
    assert other["prompt"] == mine["prompt"]  # the kind of choice, as the prompt says
    for seat in (0, 1):
        assert_hides(st, seat)
    assert RULES.view(st, None)["choice"] == []


def _bot_game(players: int, seed: int) -> Iterator[MapState]:
    config = bot_config("heroes", ["heuristic"] * players, options={"mode": "clash"})
    st = RULES.new_game(config, seed)
    bots = seat_bots("heroes", config, seed)
    while not RULES.is_over(st):
        yield st
        seat = RULES.current_actor(st)
        RULES.apply(st, bots[seat].choose(RULES, st, seat))
    yield st


def test_every_seat_view_of_a_bot_game_hides_the_others() -> None:
    asked_others = 0
    for players, seed in ((2, 1), (2, 4), (3, 2)):
        for n, st in enumerate(_bot_game(players, seed)):
            top = st.flow.top
            if top is not None and top.kind == R.CHOOSE:
                asked_others += 1
            for seat in range(players):
                assert_hides(st, seat)
                if n % 7 == 0:
                    # nothing the seat cannot know shows: re-dealing the hidden parts
                    # (hands, supplies, deck orders, face-down tiles) leaves its view as it was
                    again = RULES.determinize(st, seat, Rng(n))
                    assert RULES.view(again, seat) == RULES.view(st, seat), (seed, n, seat)
    assert asked_others > 0  # the games asked choices (their views were checked above)


def test_a_skirmish_deck_shows_to_its_owner_only() -> None:
    from engine.core.actions import Action
    from engine.core.protocol import GameConfig

    st = RULES.new_game(GameConfig.for_players(2, mode="skirmish", level=3), 7)
    seat = st.current
    assert st.searches[seat] > 0
    RULES.apply(st, Action.make("search", **{"from": "deck"}))
    RULES.apply(st, Action.make("keep", card=st.looking[0]))  # named to its owner alone
    mine, other = RULES.view(st, seat), RULES.view(st, 1 - seat)
    assert mine["decks"][seat] == sorted(st.decks[seat])
    assert other["decks"][seat] is None and other["deck_sizes"][seat] == len(st.decks[seat])
    assert other["decks"][1 - seat] == sorted(st.decks[1 - seat])


def test_a_battles_private_events_name_host_seats_and_its_opening_reaches_the_log() -> None:
    from engine.content.i18n import Catalog

    catalogs = [Catalog.load("en"), Catalog.load("de")]
    checked, lines = 0, 0
    for seed in (1, 4):
        config = bot_config("heroes", ["heuristic"] * 2, options={"mode": "clash"})
        st = RULES.new_game(config, seed)
        bots = seat_bots("heroes", config, seed)
        while not RULES.is_over(st):
            seat = RULES.current_actor(st)
            before = st.sub
            events = RULES.apply(st, bots[seat].choose(RULES, st, seat))
            sub = before or st.sub
            for e in events:
                if e.key in ("heroes.map.battle", "heroes.map.battle_over"):
                    for cat in catalogs:  # the plain catalog words it all (no "{result}")
                        text = cat.t(e.key, **e.params)
                        assert "{" not in text, text
                    lines += 1
                if e.key == "heroes.ev.drawn" and sub is not None:
                    # the cards drawn are the drawing player's: its host seat, not its
                    # battle seat
                    side = sub.state.sides[int(e.params["side"])]
                    assert e.seat == sub.seats[side.seat], (e.seat, sub.seats, side.seat)
                    checked += sub.seats[side.seat] != side.seat
    assert lines and checked


def test_a_bot_attackers_deployment_reaches_the_map_log() -> None:
    # the battle's set-up deploys the automatic side before anybody acts: its events follow
    # the battle's line in the map's log (they were lost before)
    from engine.core.actions import Action
    from tests.heroes.test_solo import _past_window, _solo

    st = _solo()
    st.ps[0].pos[MAIN] = (1, -1)
    events = RULES.apply(st, Action("end_turn", ()))
    events += _past_window(st)
    keys = [e.key for e in events]
    assert st.sub is not None and st.battle["tag"]["attacker"] == "bot"
    i = keys.index("heroes.bot.battle")
    deployed = [e for e in events[i + 1:] if e.key == "heroes.ev.deploy"]
    assert len(deployed) == len([u for u in st.sub.state.units if u.side == 0 and u.deployed
                                 and not u.tower])
    assert all("did_name" in e.params for e in deployed)  # named for the log
