"""Advanced and solitaire rules added in the third pass: level steps, exits, terrain, texts."""

from __future__ import annotations

from engine import registry
from engine.content.i18n import Catalog
from engine.core.actions import Action
from engine.core.protocol import GameConfig
from engine.rules.crawl import combat
from engine.rules.crawl.state import CrawlState

RULES = registry.rules("crawl")


def team(figures: list[dict], seed: int = 1, **extra) -> CrawlState:
    """Returns a team game in play with the given figures (uids from 100 in order)."""
    state = RULES.new_game(GameConfig.for_players(2, mode="team"), seed)
    RULES.setup_scenario(state, {"pool_empty": True, "figures": figures, **extra})
    return state


def test_team_levels_go_to_different_heroes_and_the_surplus_is_lost() -> None:
    # seed 004, advanced "Erfahrung sammeln": several steps in one turn go to different
    # heroes, "sonst verfällt der Überschuss".
    state = team([{"hero": "brannoc", "owner": 0, "at": [15, 4]},
                  {"hero": "selka", "owner": 0, "at": [15, 6]}])
    events: list = []
    combat.gain_xp(state, 0, 150, events, "crawl.xp.knockout")
    keys = [e.key for e in events]
    assert keys.count("crawl.event.level_up") == 2
    assert {state.fig(100).level, state.fig(101).level} == {2}
    lost = [e for e in events if e.key == "crawl.event.levels_lost"]
    assert len(lost) == 1 and lost[0].params["count"] == 1
    assert state.players[0].levels == 3
    # The next 50 XP in the same turn find no hero left to raise: lost as well.
    events = []
    combat.gain_xp(state, 0, 50, events, "crawl.xp.knockout")
    assert [e.key for e in events][-1] == "crawl.event.levels_lost"
    assert state.fig(100).level == 2 and state.players[0].levels == 4


def test_lone_wolf_levels_still_wait_for_the_next_turn() -> None:
    state = RULES.new_game(GameConfig.for_players(2), 1)
    RULES.setup_scenario(state, {"pool_empty": True, "figures": [
        {"hero": "brannoc", "owner": 0, "at": [15, 4]}]})
    events: list = []
    combat.gain_xp(state, 0, 100, events, "crawl.xp.knockout")
    assert state.fig(100).level == 2 and state.players[0].levels == 1
    assert "crawl.event.levels_lost" not in [e.key for e in events]


def test_events_and_prompts_name_figures_not_uids() -> None:
    state = team([{"hero": "brannoc", "owner": 0, "at": [15, 4]}])
    events = RULES.apply(state, Action.make("activate", figure=100))
    en, de = Catalog.load("en"), Catalog.load("de")
    text = en.message(events[0].message)
    assert "100" not in text and en.text(registry_name("brannoc")) in text
    prompt = RULES.prompt(state)
    assert de.text(registry_name("brannoc")) in de.message(prompt)
    assert "{" not in de.message(prompt) and "{" not in en.message(prompt)


def registry_name(hero: str) -> object:
    """Returns a hero's inline name."""
    from engine.rules.crawl.core import content
    return content().get("hero", hero).name


def _drive_to(state: CrawlState, done, limit: int = 400) -> None:
    from engine.ai.base import make_bot
    bot = make_bot("heuristic", "crawl", seed=2)
    for _ in range(limit):
        if done(state):
            return
        RULES.apply(state, bot.choose(RULES, state, RULES.current_actor(state)))
    raise AssertionError("state never reached")


def test_team_exit_may_be_any_edge_square_and_heroes_leave_there() -> None:
    # seed 004, advanced "Auswahl von Eingang und Ausgang": "Jedes Feld, das am Rande des
    # Dungeons liegt, kann als Ausgang dienen".
    from engine.rules.crawl.core import board_of
    from engine.rules.crawl.rules import rim_squares
    state = RULES.new_game(GameConfig.for_players(2, mode="team"), 4)
    _drive_to(state, lambda s: s.phase == "entrances" and s.setup["steps"][0][0] == "exit")
    legal = RULES.legal_actions(state)
    squares = [a["at"] for a in legal if a.kind == "choose_exit_square"]
    board = board_of(state)
    assert squares and all(board.cost[sq] > 0 for sq in squares)
    assert set(squares) <= set(rim_squares(board))
    pick = Action("choose_exit_square", (("at", squares[0]),))
    who = state.setup["steps"][0][1]
    RULES.apply(state, pick)
    assert state.players[who].exit_at == squares[0]
    assert RULES.view(state, None)["players"][who]["exit_at"] == list(squares[0])
    # A hero of that side standing on the square with a chest held may leave by it.
    game = team([{"hero": "brannoc", "owner": 0, "at": list(squares[0])}],
                chests=[{"chest": "oak_coffer", "at": [5, 5], "treasure": 1}])
    game.players[0].exit_at = squares[0]
    game.players[0].exit = -1
    game.players[0].chests.append(game.chests[0].uid)
    game.chests[0].status, game.chests[0].pos = "held", None
    RULES.apply(game, Action.make("activate", figure=100))
    assert Action.make("leave") in RULES.legal_actions(game)


def test_set_up_pieces_each_player_places_one_and_the_board_changes() -> None:
    # seed 004, "Gelände und Türen aufstellen": a pool of terrain markers and doors; "jeder
    # Spieler [darf] ein Teil auswählen"; the marker's terrain replaces the square's.
    from engine.rules.crawl.core import board_of
    state = RULES.new_game(GameConfig.for_players(2, pieces=True), 3)
    _drive_to(state, lambda s: s.phase == "pieces")
    legal = RULES.legal_actions(state)
    kinds = {a.kind for a in legal}
    assert {"place_terrain", "skip_piece"} <= kinds
    tele = [a for a in legal if a.kind == "place_terrain" and a["side"] == "teleport"]
    first = tele[0]
    RULES.apply(state, first)
    assert board_of(state).terrain[first["at"]] == "teleport"
    assert board_of(state).cost[first["at"]] == 1
    assert state.phase == "pieces" and state.current != state.start
    doors = [a for a in RULES.legal_actions(state) if a.kind == "place_door"]
    if doors:
        before = len(board_of(state).doors)
        RULES.apply(state, doors[0])
        assert len(board_of(state).doors) == before + 1 == len(state.doors)
        assert state.doors[-1] == "closed"
    else:
        RULES.apply(state, Action.make("skip_piece"))
    assert state.phase == "chests"
    copy = RULES.state_from_dict(RULES.state_to_dict(state))
    assert board_of(copy).terrain[first["at"]] == "teleport"


def test_teleport_ends_the_move_and_jumps_next_turn_for_all_mp() -> None:
    # seed 004, "Teleport": entering costs 1 and ends the activation; next turn the figure
    # may jump to any free teleport, which uses all its movement points.
    state = team([{"hero": "brannoc", "owner": 0, "at": [15, 4], "facing": 2}],
                 marks=[[16, 4, "teleport"], [10, 10, "teleport"]])
    RULES.apply(state, Action.make("activate", figure=100))
    events = RULES.apply(state, Action.make("move", to=(16, 4)))
    assert "crawl.event.halted" in [e.key for e in events]
    assert state.active < 0
    assert state.fig(100).pos == (16, 4)
    # The next turn of seat 0: the jump is offered and costs everything.
    from engine.rules.crawl.rules import begin_turn
    state.current = 0
    begin_turn(state, [])
    RULES.apply(state, Action.make("activate", figure=100))
    jump = Action("teleport", (("to", (10, 10)),))
    assert jump in RULES.legal_actions(state)
    RULES.apply(state, jump)
    assert state.fig(100).pos == (10, 10) and state.active < 0


def solo_game(seed: int, **options) -> CrawlState:
    """Returns a solitaire game driven by the heuristic bot into its first turn."""
    state = RULES.new_game(GameConfig.for_players(1, **options), seed)
    _drive_to(state, lambda s: s.phase == "play")
    return state


def test_solitaire_places_pieces_by_even_rolls_teleports_together() -> None:
    # seed 004, solitaire Schritt 4: a die per item, even numbers place it; "Die ersten beiden
    # Teleport-Marken zählen wie ein Gegenstand".
    for seed in range(1, 7):
        state = solo_game(seed)
        marks = state.layout.get("marks", [])
        doors = state.layout.get("doors", [])
        assert len(marks) + len(doors) + len(state.supply["pieces"]) == 9
        from engine.rules.crawl.core import board_of
        assert len(state.doors) == len(board_of(state).doors)
        teleports = [m for m in marks if m[2] == "teleport"]
        assert len(teleports) in (0, 2)
        left = set(state.supply["pieces"])
        assert ("gate_tile_east" in left) == ("gate_tile_west" in left)


def test_survival_option_adds_strong_and_overlord_markers() -> None:
    # seed 004, option "Überleben des Stärksten".
    plain = solo_game(2)
    hard = solo_game(2, survival=True)
    assert "overlord" not in plain.supply["markers"]
    assert sorted(hard.supply["markers"]) == sorted(plain.supply["markers"] +
                                                    ["strong", "overlord"])


def test_living_dungeon_four_lays_a_piece_in_the_new_chamber() -> None:
    # seed 004, "Lebendiges Dungeon" 4: "Platziere ein neues Artefakt, eine Tür oder eine
    # Geländemarke in der Kammer".
    from engine.rules.crawl import solo
    from engine.rules.crawl.core import board_of
    for seed in range(1, 40):
        state = solo_game(seed)
        if state.rng.clone().roll(6) == 4:
            break
    else:
        raise AssertionError("no seed rolls a 4 next")
    board = board_of(state)
    hero = next(f for f in state.figures if f.hero)
    sec = next(i for i, k in enumerate(board.section_kinds) if k == "chamber"
               and board.section_dist[board.entrance_section(state.players[0].entrance)][i] >= 2)
    before = len(state.supply["pieces"])
    events: list = []
    solo.living(state, hero, sec, events)
    placed = [e for e in events if e.key in ("crawl.event.terrain_placed",
                                             "crawl.event.door_placed")]
    if before:
        assert len(placed) == 1 and len(state.supply["pieces"]) == before - 1
        e = placed[0]
        if e.key == "crawl.event.terrain_placed":
            assert board_of(state).section[tuple(e.params["at"])] == sec


def test_spawn_leader_adds_an_activation_and_hero_leader_moves_spawn_away() -> None:
    # seed 004, solitaire "Änderung der Spezialfähigkeiten".
    from engine.rules.crawl import solo
    state = RULES.new_game(GameConfig.for_players(1), 5)
    RULES.setup_scenario(state, {"pool_empty": True, "figures": [
        {"hero": "rook", "owner": 0, "at": [15, 4], "facing": 4},
        {"spawn": "queen_chitter", "at": [22, 12], "facing": 0}]})
    events: list = []
    solo.dungeon_turn(state, events)
    lead = [e for e in events if e.key == "crawl.event.leadership"]
    assert lead and lead[0].params["figure"] == 101
    # A hero leader's won activation: the spawn may only move away, never attack.
    if state.over:
        return
    state.players[0].extra = 1
    state.fig(101).acted = False
    state.acts_left = max(state.acts_left, 1)
    act = Action.make("activate", figure=101)
    if act not in RULES.legal_actions(state):
        return  # the spawn stands too close to a hero this time
    RULES.apply(state, act)
    legal = RULES.legal_actions(state)
    assert not {"attack", "shoot", "heal", "shockwave"} & {a.kind for a in legal}
    here = state.fig(101).pos
    hero = state.fig(100).pos
    from engine.rules.crawl.core import distance
    for a in legal:
        if a.kind == "move":
            assert distance(a["to"], hero) > distance(here, hero)


def test_builder_compose_joins_mutual_exits_and_walls_dead_ends() -> None:
    # seed 004, "Sackgassen": an exit that meets a wall or nothing "wird wie eine blockierende
    # Wand behandelt".
    from engine.rules.crawl import builder
    layout = {"pieces": [["chamber_01", 1, 1, 0],   # exits n, e, s, w
                         ["chamber_03", 2, 1, 0],   # exits e, w: joins chamber_01 (door: w)
                         ["chamber_02", 1, 2, 0],   # exits n, s: joins chamber_01 from below
                         ["chamber_04", 0, 1, 0]],  # exits n, e: joins chamber_01's w exit
              "gates": [], "cells": [3, 3]}
    b = builder.compose(layout)
    assert b.width == 15 and b.height == 15 and len(b.section_ids) == 4
    sec = {name: i for i, name in enumerate(b.section_ids)}
    dist = b.section_dist
    assert dist[sec["chamber_01"]][sec["chamber_03"]] == 1
    assert dist[sec["chamber_01"]][sec["chamber_02"]] == 1
    assert dist[sec["chamber_01"]][sec["chamber_04"]] == 1
    # chamber_03's west exit has a wooden door: the join is a door, not an opening.
    assert ((9, 7, 0), "wood") in b.doors
    # chamber_02 (n, s) and chamber_04 (n, e) touch only diagonally: no join between them.
    assert dist[sec["chamber_02"]][sec["chamber_04"]] == 2


def test_builder_placement_rules() -> None:
    # seed 004: the central chamber first; "Die letzte Sektion, die jeder Spieler platziert, muss
    # eine Gang-Sektion sein ... darf nur in eine einzelne Kammer-Sektion führen".
    from engine.rules.crawl import builder
    layout = {"pieces": [], "gates": [], "cells": [9, 9]}
    first = builder.placements(layout, ["corridor_01", "chamber_01"])
    assert first and {s for s, _, _ in first} == {"chamber_01"}
    assert {cell for _, cell, _ in first} == {(4, 4)}
    layout["pieces"] = [["chamber_01", 4, 4, 0]]
    # With one corridor in hand it stays for the end: only the chamber may go now.
    assert {s for s, _, _ in builder.placements(layout, ["corridor_01", "chamber_02"])} == {
        "chamber_02"}
    last = builder.placements(layout, ["corridor_01"])
    assert last
    for sid, (cx, cy), rot in last:
        exits = builder.exits_of(sid, rot)
        joined = [s for s in exits if (cx + builder.STEP[s][0], cy + builder.STEP[s][1]) ==
                  (4, 4)]
        assert len(joined) == 1


def test_builder_game_builds_a_connected_dungeon_with_a_gate_per_player() -> None:
    from engine.rules.crawl.core import board_of
    state = RULES.new_game(GameConfig.for_players(2, board="builder"), 6)
    _drive_to(state, lambda s: s.phase == "build" and not s.setup.get("drafting"))
    assert all(len(h) == 5 for h in state.setup["hands"]) or state.layout["pieces"]
    _drive_to(state, lambda s: s.phase not in ("pick", "build"))
    b = board_of(state)
    assert len(b.section_ids) == 10 and len(b.entrances) == 2
    centre = 0  # the first section placed is the central chamber
    assert b.section_kinds[centre] == "chamber"
    assert all(d < 99 for d in b.section_dist[centre])
    for i in range(len(b.entrances)):
        sec = b.entrance_section(i)
        assert b.section_kinds[sec] == "corridor"
        joined = [j for j, d in enumerate(b.section_dist[sec]) if d == 1]
        assert len(joined) == 1 and b.section_kinds[joined[0]] == "chamber"
    copy = RULES.state_from_dict(RULES.state_to_dict(state))
    assert board_of(copy).section_ids == b.section_ids


def test_vortex_turns_the_section_with_everything_on_it() -> None:
    # seed 004, "Vortex": entering ends the activation; next turn the figure may turn its
    # section one step (a chamber 90°, a corridor 180°), which uses all its MP.
    from engine.rules.crawl import builder
    from engine.rules.crawl.core import board_of
    from engine.rules.crawl.rules import begin_turn
    state = RULES.new_game(GameConfig.for_players(2, board="builder"), 6)
    _drive_to(state, lambda s: s.phase == "play")
    hero = next(f for f in state.figures if f.hero and f.owner == state.current)
    board = board_of(state)
    # Put the hero on a vortex laid in a chamber and give the turn back to its side.
    chamber = next(i for i, k in enumerate(board.section_kinds) if k == "chamber")
    sq = next(s for s in board.section_squares[chamber] if board.terrain[s] == "open"
              and all(f.pos != s for f in state.figures))
    state.layout = {**state.layout, "marks": [[sq[0], sq[1], "vortex"]]}
    state.memo.clear()
    hero.where, hero.pos, hero.facing = "board", sq, 0
    begin_turn(state, [])
    RULES.apply(state, Action.make("activate", figure=hero.uid))
    legal = [a for a in RULES.legal_actions(state) if a.kind == "vortex"]
    assert sorted(a["turn"] for a in legal) == [1, 3]
    index = builder.piece_at(state.layout, sq)
    rot = state.layout["pieces"][index][3]
    events = RULES.apply(state, Action("vortex", (("turn", 1),)))
    assert "crawl.event.vortex" in [e.key for e in events]
    assert state.layout["pieces"][index][3] == (rot + 1) % 4
    cell = builder.cell_of(sq)
    assert hero.pos == builder.rotate_in_cell(sq, cell, 1) and hero.facing == 2
    assert board_of(state).terrain[hero.pos] == "vortex"
    assert state.active < 0
    assert len(state.doors) == len(board_of(state).doors)


def test_campaign_stairs_clearing_hiring_and_the_next_floor() -> None:
    # seed 004, "Erweiterte Kampagne": stairs after the entrance; a cleared floor lets the team
    # go down; "Neue Mitglieder werden mit Schatztruhen erworben - eine Schatztruhe entspricht
    # einem Helden der Stufe 1"; the next floor is harder.
    from engine.rules.crawl.rules import begin_turn
    state = solo_game(3, campaign=True)
    stairs = state.supply["stairs"]
    assert [stairs[0], stairs[1], "stairs"] in state.layout["marks"]
    assert state.supply["floor"] == 1
    # Clear the floor by hand: markers gone, spawn back in the pool, chests taken.
    team = [f for f in state.figures if f.hero]
    if len(team) >= 4:
        # A full team of four may not hire ("nie mehr als vier Mitglieder"): one has fallen.
        team[-1].where, team[-1].pos = "out", None
        team = team[:-1]
    state.markers = []
    for f in state.figures:
        if not f.hero:
            f.where, f.pos = "pool", None
    for c in state.chests:
        c.pos, c.status = None, "held"
        c.holder = 0
        state.players[0].chests.append(c.uid)
    for f in team:
        f.where, f.pos = "board", (stairs[0], stairs[1])
    begin_turn(state, [])
    for i, f in enumerate(team):
        RULES.apply(state, Action.make("activate", figure=f.uid))
        assert Action.make("descend") in RULES.legal_actions(state)
        events = RULES.apply(state, Action.make("descend"))
        if i < len(team) - 1:
            assert f.where == "below"
            if state.acts_left <= 0:
                begin_turn(state, [])
    assert "crawl.event.floor_done" in [e.key for e in events]
    assert state.phase == "pick" and state.setup.get("hire")
    assert RULES.prompt(state).key == "crawl.prompt.hire"
    legal = RULES.legal_actions(state)
    hire = next(a for a in legal if a.kind == "pick_hero")
    chests = len(state.players[0].chests)
    events = RULES.apply(state, hire)
    assert "crawl.event.hired" in [e.key for e in events]
    assert len(state.players[0].chests) == chests - 1
    if state.players[0].chests:
        # Fourth pass: the chests left may be left behind before going down.
        assert state.setup.get("stash")
        RULES.apply(state, Action.make("done_stashing"))
    assert state.supply["floor"] == 2 and state.phase == "entrances"
    assert "strong" in state.supply["markers"] and "stairs" not in state.supply
    assert any(f.did == hire["hero"] and f.where == "outside" for f in state.figures)
    assert all(f.where == "pool" for f in state.figures if not f.hero)
    RULES.apply(state, RULES.legal_actions(state)[0])
    assert state.phase == "play" and len(state.supply["floor_chests"]) == 3


def test_campaign_leaving_an_uncleared_floor_heals_and_regroups() -> None:
    # seed 004, campaign: "Entscheidest du dich, das Dungeon zu verlassen ... auf ihre
    # augenblickliche Stufe geheilt ... Mage Spawn vollständig geheilt und in die Sektionen mit
    # den verbliebenen Schatztruhen zurückgestellt".
    from engine.rules.crawl import combat
    from engine.rules.crawl.core import board_of
    from engine.rules.crawl.rules import begin_turn
    state = solo_game(3, campaign=True)
    stairs = state.supply["stairs"]
    team = [f for f in state.figures if f.hero]
    spawn = next(f for f in state.figures if not f.hero and f.where == "pool")
    spawn.where, spawn.pos, spawn.click = "board", (stairs[0] + 20, stairs[1]), 2
    board = board_of(state)
    if board.cost.get(spawn.pos, 0) <= 0:
        spawn.pos = next(sq for sq in sorted(board.walkable) if sq != tuple(stairs)
                         and all(f.pos != sq for f in state.figures if f.uid != spawn.uid))
    for f in team:
        f.where, f.pos = "board", (stairs[0], stairs[1])
        f.click = combat.min_click(f) + 1
    begin_turn(state, [])
    events: list = []
    for f in team:
        if state.acts_left <= 0:
            begin_turn(state, [])
        RULES.apply(state, Action.make("activate", figure=f.uid))
        assert Action.make("descend") not in RULES.legal_actions(state)
        events = RULES.apply(state, Action.make("withdraw"))
    assert "crawl.event.regroup" in [e.key for e in events]
    assert all(f.where == "outside" and f.click == combat.min_click(f) for f in team)
    assert spawn.click == 0 and spawn.where == "board"
    chest_secs = {board.section[c.pos] for c in state.chests if c.pos is not None
                  and c.status in ("closed", "disarmed", "sprung")}
    assert board.section[spawn.pos] in chest_secs



def test_campaign_team_never_has_more_than_four_heroes() -> None:
    # seed 004, campaign: "Ein Dungeons-Team darf nie mehr als vier Mitglieder enthalten."
    from engine.rules.crawl.core import content

    state = RULES.new_game(GameConfig.for_players(1, campaign=True), 4)
    cheap = sorted(content().all("hero"), key=lambda h: (h.points[0], h.id))
    assert sum(h.points[0] for h in cheap[:5]) <= 100  # five would fit the points budget
    for h in cheap[:4]:
        RULES.apply(state, Action.make("pick_hero", hero=h.id, level=1))
    assert RULES.legal_actions(state) == [Action.make("done_picking")]
    plain = RULES.new_game(GameConfig.for_players(1), 4)
    for h in cheap[:4]:
        RULES.apply(plain, Action.make("pick_hero", hero=h.id, level=1))
    assert any(a.kind == "pick_hero" for a in RULES.legal_actions(plain))


def test_campaign_hero_gone_by_the_exit_does_not_hold_up_the_floor() -> None:
    # seed 004: "der Ausgang [führt] endgültig aus dem Dungeon heraus": a hero who left by the
    # exit is out of the campaign; the rest going down ends the floor, and it never returns.
    from engine.rules.crawl.rules import begin_turn

    state = solo_game(3, campaign=True)
    stairs = state.supply["stairs"]
    team = [f for f in state.figures if f.hero]
    assert len(team) >= 2
    gone, rest = team[0], team[1:]
    gone.where, gone.pos = "left", None
    state.markers = []
    for f in state.figures:
        if not f.hero:
            f.where, f.pos = "pool", None
    for c in state.chests:
        c.pos, c.status, c.holder = None, "held", 0
        state.players[0].chests.append(c.uid)
    for f in rest:
        f.where, f.pos = "board", (stairs[0], stairs[1])
    begin_turn(state, [])
    events: list = []
    for f in rest:
        if state.acts_left <= 0:
            begin_turn(state, [])
        RULES.apply(state, Action.make("activate", figure=f.uid))
        events = RULES.apply(state, Action.make("descend"))
    assert "crawl.event.floor_done" in [e.key for e in events]
    while state.phase == "pick":
        RULES.apply(state, next(a for a in RULES.legal_actions(state)
                                if a.kind in ("done_picking", "done_stashing")))
    assert state.supply["floor"] == 2
    assert gone.where == "left" and all(f.where == "outside" for f in rest)
