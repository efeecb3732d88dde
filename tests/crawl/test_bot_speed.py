"""The heuristic bot's and the rules' shortcuts for speed (issue 5) choose and list exactly what
the plain versions do: the spawn chase by a search that stops at the nearest destination, goal
fields that share one search per group of neighbouring goals, no reach map for a figure without
movement points, and hero activations read without listing the spawn and markers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.actions import Action
from engine.core.protocol import GameConfig
from engine.core.squaregrid import Square
from engine.rules.crawl import movement
from engine.rules.crawl.bots import CrawlHeuristicBot, _group, _Listing, _sq
from engine.rules.crawl.core import board_of, distance, heroes_of
from engine.rules.crawl.rules import (
    BREAK_MP,
    END_ACTIVATION,
    RULES,
    activation_actions,
    door_actions,
    drink_actions,
    hero_activations,
    marker_squares,
    may_activate_spawn,
    pass_actions,
    spawn_to_activate,
)
from engine.rules.crawl.state import CrawlState, Figure
from tests.crawl.test_speed_equivalence import _reference_field, _reference_marker_squares


def _reference_chase(state: CrawlState, here: Square, foes: list[Square],
                     moves: list[Action], costs: dict[Square, int]) -> Action:
    """The earlier chase: a full 20-MP walking-distance field of the foes for every move."""
    field = _reference_field(board_of(state), tuple(sorted(foes)), 20)

    def score(sq: Square) -> tuple[int, int]:
        d = field.get(sq)
        return (0, d) if d is not None else (1, min(distance(sq, p) for p in foes))

    best = min(moves, key=lambda a: (score(_sq(a)), costs.get(_sq(a), 0), _sq(a)))
    return best if score(_sq(best)) < score(here) else END_ACTIVATION


def _games(configs: list[tuple[GameConfig, int]]) -> list[CrawlState]:
    """Returns the states of seeded heuristic games, one per decision."""
    out = []
    for config, seed in configs:
        state = RULES.new_game(config, seed)
        bots = [CrawlHeuristicBot(seed=seed + i) for i in range(config.players)]
        while not state.over:
            out.append(state.clone())
            seat = RULES.current_actor(state)
            assert seat is not None
            RULES.do_apply(state, bots[seat].choose(RULES, state, seat))
    return out


STATES = _games([(GameConfig.for_players(2), 21), (GameConfig.for_players(2), 22),
                 (GameConfig.for_players(3), 23),
                 (GameConfig.for_players(2, board="sunken_vault", hero_vs_hero=True), 24)])


def test_the_chase_picks_what_the_full_field_picked(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []
    real = CrawlHeuristicBot._chase

    def spy(self: CrawlHeuristicBot, state: CrawlState, *args: Any) -> Action:
        got = real(self, state, *args)
        calls.append((got, _reference_chase(state, *args)))
        return got

    monkeypatch.setattr(CrawlHeuristicBot, "_chase", spy)
    _games([(GameConfig.for_players(2), 31), (GameConfig.for_players(2), 32),
            (GameConfig.for_players(4), 33)])
    assert len(calls) > 20
    assert all(got == want for got, want in calls)
    assert any(got != END_ACTIVATION for got, _ in calls)


def test_nearest_wanted_is_the_least_field_distance() -> None:
    rng = random.Random(5)
    for board_id in ("crypt_hall", "sunken_vault"):
        board = board_of(RULES.new_game(GameConfig.for_players(2, board=board_id), 1))
        squares = sorted(board.walkable)
        for _ in range(80):
            goals = tuple(rng.choice(squares) for _ in range(rng.choice((1, 1, 2, 3))))
            start = rng.choice(squares)
            wanted = {sq for sq in squares if distance(sq, start) <= rng.choice((1, 3, 5))}
            field = _reference_field(board, tuple(sorted(goals)), 20)
            near = [field[sq] for sq in wanted if sq in field]
            level, found = board.nearest_wanted(goals, wanted, 20)
            if not near:
                assert (level, found) == (-1, [])
                continue
            assert level == min(near)
            assert found == sorted(sq for sq in wanted if field.get(sq) == level)


def test_fields_of_neighbouring_goals_match_the_reference() -> None:
    # Chest fronts: three squares in a row share one search (Board._clusters).
    rng = random.Random(7)
    for board_id in ("crypt_hall", "twin_halls"):
        board = board_of(RULES.new_game(GameConfig.for_players(2, board=board_id), 1))
        squares = sorted(board.walkable)
        for _ in range(40):
            goals: list[Square] = []
            for _ in range(rng.choice((1, 2))):
                x, y = rng.choice(squares)
                goals.extend(sq for sq in ((x - 1, y), (x, y), (x + 1, y))
                             if sq in board.walkable and rng.random() < 0.8)
            if rng.random() < 0.5:
                goals.append(rng.choice(squares))
            key = tuple(sorted(set(goals)))
            for limit in (20, 999):
                got = board.field(key, limit)
                assert list(got.items()) == list(_reference_field(board, key, limit).items())


def test_a_figure_without_mp_has_no_move_and_no_pass() -> None:
    # activation_actions builds no reach map at 0 MP: nothing is lost by that.
    checked = 0
    for state in STATES:
        if state.phase != "play" or state.pending is not None or state.active < 0:
            continue
        f = state.fig(state.active)
        if f.where != "board" or f.pos is None:
            continue
        state.mp = 0
        reach = movement._figure_reach(state, f, 0)
        assert set(reach.costs) <= {f.pos}
        assert pass_actions(state, f) == []
        listed = activation_actions(state)
        assert not any(a.kind in ("move", "pass_through") for a in listed)
        assert listed[-1] == END_ACTIVATION
        checked += 1
    assert checked > 50


def test_door_actions_find_the_doors_next_to_the_figure() -> None:
    from engine.core.squaregrid import edge_squares
    for state in STATES[::5]:
        if state.active < 0 or state.phase != "play":
            continue
        f = state.fig(state.active)
        if f.pos is None:
            continue
        board = board_of(state)
        want = [i for i, (edge, _) in enumerate(board.doors) if f.pos in edge_squares(edge)]
        assert board.doors_at(f.pos) == want
        assert all(int(a["door"]) in want for a in door_actions(state, f))


def test_hero_activations_and_potions_are_what_turn_actions_lists() -> None:
    # The bot reads only these between activations when a hero may still act.
    checked = 0
    for state in STATES:
        if state.over or state.phase != "play" or state.pending is not None \
                or state.active >= 0 or state.active_marker >= 0:
            continue
        legal = RULES.legal_actions(state)
        assert hero_activations(state) == [a for a in legal if a.kind == "activate"
                                           and state.fig(a["figure"]).hero]
        assert drink_actions(state) == [a for a in legal if a.kind == "drink"]
        checked += 1
    assert checked > 50


SOLO_STATES = _games([(GameConfig.for_players(1), 25)])


def _plain_choice(bot: CrawlHeuristicBot, state: CrawlState, seat: int) -> Action:
    """Returns the bot's play decision the long way: the full legal list, grouped by kind."""
    legal = RULES.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    if state.active >= 0:
        f = state.fig(state.active)
        if f.hero:
            return bot._hero(state, f, _group(legal))
        return bot._spawn(state, f, _group(legal))
    return bot._turn(state, seat, legal)


def test_kinds_listed_on_demand_are_those_of_the_full_list() -> None:
    # The bot lists an active figure's actions by kind (the moves apart); it never reads
    # passing through or stealing, so those are not listed.
    checked = 0
    for state in STATES + SOLO_STATES:
        if state.over or state.phase != "play" or state.pending is not None \
                or state.active < 0:
            continue
        full = _group(activation_actions(state))
        listing = _Listing(state.clone())
        for kind in sorted({*full, "move", "attack", "face", "open_door", "loot"}):
            want = [] if kind in ("pass_through", "steal") else full.get(kind, [])
            assert listing.get(kind, []) == want, kind
            assert (kind in listing) == bool(want)
        checked += 1
    assert checked > 100


def test_the_bot_decides_as_it_would_from_the_full_list() -> None:
    # Active heroes and spawn read their kinds on demand, and between activations the spawn
    # and markers are weighed without listing them: the choice is the same.
    kinds: set[str] = set()
    checked = 0
    for state in STATES + SOLO_STATES:
        if state.over or state.phase != "play" or state.pending is not None \
                or state.active_marker >= 0:
            continue
        seat = RULES.current_actor(state)
        assert seat is not None
        if state.active < 0 and hero_activations(state):
            continue  # the hero-first shortcut has its own test above
        got = CrawlHeuristicBot(seed=1).choose(RULES, state.clone(), seat)
        want = _plain_choice(CrawlHeuristicBot(seed=1), state.clone(), seat)
        assert got == want
        kinds.add(got.kind)
        checked += 1
    assert checked > 200
    assert {"move", "attack", "end_activation", "activate", "end_turn"} <= kinds


def _plain_marker(state: CrawlState, seat: int) -> Action:
    """Returns the active marker's step the long way: from the full legal list."""
    legal = RULES.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    m = state.marker(state.active_marker)
    reach = movement.marker_reach(state, m, state.mp)
    moves = [a for a in legal if a.kind == "move"]
    stops = [a for a in moves if _sq(a) in reach.stops]
    if stops:
        return stops[0]
    foes = [h.pos for h in state.figures if h.hero and h.owner != seat
            and h.where == "board" and h.pos is not None]
    if not foes or not moves:
        return END_ACTIVATION
    return _reference_chase(state, m.pos, foes, moves, reach.costs)


MORE_STATES = _games([(GameConfig.for_players(2), 41), (GameConfig.for_players(3), 42),
                      (GameConfig.for_players(4), 43),
                      (GameConfig.for_players(2, board="twin_halls"), 44)])


def test_markers_spawn_and_turns_decide_as_from_the_full_list() -> None:
    # An active marker is decided from its reach map (no legal list), between activations
    # only choices within 12 squares are weighed, the spawn a seat may activate are found
    # without may_activate_spawn, and marker squares are built from square numbers: each
    # gives what the plain version gives.
    markers = turns = spawn = squares = 0
    for state in STATES + SOLO_STATES + MORE_STATES:
        if state.over or state.pending is not None:
            continue
        seat = RULES.current_actor(state)
        assert seat is not None
        if state.phase == "markers":
            assert marker_squares(state.clone()) == _reference_marker_squares(state)
            squares += 1
            continue
        if state.phase != "play" or state.active >= 0:
            continue
        if state.active_marker >= 0:
            got = CrawlHeuristicBot(seed=1).choose(RULES, state.clone(), seat)
            assert got == _plain_marker(state.clone(), seat)
            markers += 1
            continue
        mine = heroes_of(state, seat)
        if not any(h.where == "outside" for h in mine):
            assert spawn_to_activate(state, mine) == [
                f for f in state.figures if may_activate_spawn(state, f)]
            spawn += 1
        if not hero_activations(state):
            got = CrawlHeuristicBot(seed=1).choose(RULES, state.clone(), seat)
            want = CrawlHeuristicBot(seed=1)._turn(state.clone(), seat,
                                                   RULES.legal_actions(state.clone()))
            assert got == want
            turns += 1
    assert markers > 40 and turns > 100 and spawn > 200 and squares > 30


def test_a_figure_that_must_break_away_has_no_move_without_its_reach_map() -> None:
    # _Listing gives no moves, without building the reach map, once "break_away" is listed:
    # the figure stands in an enemy's front arc, so its reach map holds its own square alone.
    checked = 0
    # Games of their own: the tests above change some of STATES in place.
    for state in _games([(GameConfig.for_players(2), 26), (GameConfig.for_players(3), 27),
                         (GameConfig.for_players(2, hero_vs_hero=True), 28)]):
        if state.over or state.phase != "play" or state.pending is not None \
                or state.active < 0:
            continue
        full = _group(activation_actions(state))
        if "break_away" not in full:
            continue
        assert "move" not in full
        f = state.fig(state.active)
        assert movement.figure_reach(state, f, state.mp).costs == {f.pos: 0}
        listing = _Listing(state.clone())
        assert listing.get("break_away", []) == full["break_away"]
        assert listing.get("move", []) == [] and listing.reach is None
        assert "move" not in listing
        checked += 1
    assert checked > 20


def test_a_figure_in_a_front_arc_with_too_few_mp_to_break_away_has_no_move() -> None:
    # With 1-2 MP (breaking away is not listed) _Listing tests must_break_away instead of
    # building the reach map: in an enemy's front arc the full list has no move either.
    checked = 0
    for state in _games([(GameConfig.for_players(2), 29), (GameConfig.for_players(3), 30),
                         (GameConfig.for_players(2), 31)]):
        if state.over or state.phase != "play" or state.pending is not None \
                or state.active < 0 or not 0 < state.mp <= BREAK_MP:
            continue
        f = state.fig(state.active)
        if f.where != "board" or not movement.must_break_away(state, f):
            continue
        full = _group(activation_actions(state))
        assert "move" not in full and "break_away" not in full
        listing = _Listing(state.clone())
        assert listing.get("move", []) == [] and listing.reach is None
        assert listing.get("attack", []) == full.get("attack", [])
        checked += 1
    assert checked > 5


def test_a_held_hero_with_too_few_mp_decides_from_its_turns_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A hero in an enemy's front arc with 1-2 MP has only turns and the end (no move, no
    # break-away, no attack): _hero answers from _face_threat without its goal, strikes or
    # danger, and chooses what the full list gives.
    goals = 0
    real_goal = CrawlHeuristicBot._hero_goal

    def spy(self: CrawlHeuristicBot, *args: Any) -> Any:
        nonlocal goals
        goals += 1
        return real_goal(self, *args)

    monkeypatch.setattr(CrawlHeuristicBot, "_hero_goal", spy)
    checked = 0
    kinds: set[str] = set()
    for state in _games([(GameConfig.for_players(2), 29), (GameConfig.for_players(3), 30),
                         (GameConfig.for_players(2), 31), (GameConfig.for_players(2), 32),
                         (GameConfig.for_players(3), 33)]):
        if state.over or state.phase != "play" or state.pending is not None \
                or state.active < 0 or not 0 < state.mp <= BREAK_MP:
            continue
        f = state.fig(state.active)
        if not f.hero or f.where != "board" or not movement.must_break_away(state, f):
            continue
        full = _group(activation_actions(state))
        assert full.keys() <= {"face", "end_activation"}
        seat = RULES.current_actor(state)
        assert seat is not None
        goals = 0
        got = CrawlHeuristicBot(seed=1).choose(RULES, state.clone(), seat)
        assert goals == 0
        assert got == _plain_choice(CrawlHeuristicBot(seed=1), state.clone(), seat)
        kinds.add(got.kind)
        checked += 1
    assert checked > 5
    assert kinds == {"face", "end_activation"}


def _reference_danger(state: CrawlState, f: Figure, sq: Square) -> float:
    """The danger of a square the plain way: every enemy's and marker's threat by distance."""
    from engine.rules.crawl.bots import MARKER_FEAR, MARKER_REACH, _threat
    from engine.rules.crawl.core import may_attack, value
    total = 0.0
    dm, dr = value(state, f, "defence", "melee"), value(state, f, "defence", "ranged")
    for e in state.figures:
        if e.where == "board" and e.pos is not None and may_attack(state, e, f):
            for reach, low, hurt in _threat(state, e, dm, dr):
                if low <= distance(e.pos, sq) <= reach:
                    total += hurt
    for m in state.markers:
        if distance(m.pos, sq) <= MARKER_REACH:
            total += MARKER_FEAR * (1.0 if m.rank == "weak" else 2.0)
    return total


def test_the_danger_map_is_built_when_read_and_matches_the_distances() -> None:
    # _Danger lists its threats on the first look-up, as boxes of squares within reach.
    from engine.rules.crawl.bots import _Danger
    checked = 0
    for state in _games([(GameConfig.for_players(2), 32),
                         (GameConfig.for_players(2, hero_vs_hero=True), 33)]):
        if state.over or state.phase != "play" or state.active < 0:
            continue
        f = state.fig(state.active)
        if not f.hero or f.pos is None:
            continue
        danger = _Danger(state, f)
        assert danger.threats == []
        x, y = f.pos
        for sq in [(x + dx, y + dy) for dx in range(-7, 8) for dy in range(-7, 8)]:
            assert danger.at(sq) == _reference_danger(state, f, sq)
        checked += 1
    assert checked > 30
