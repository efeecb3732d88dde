"""Fourth pass (docs/crawl/rules.md): choosing builder sections, leaving treasure behind
between floors, movement markers with more than two players, the bot's plans for the options."""

from __future__ import annotations

from engine import registry
from engine.ai import make_bot
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.protocol import GameConfig
from engine.rules.crawl import builder, solo
from engine.rules.crawl.core import content, treasure_of
from engine.rules.crawl.state import Chest, CrawlState

RULES = registry.rules("crawl")


def _drive(state: CrawlState, done, limit: int = 600) -> None:
    bots = [make_bot("heuristic", "crawl", seed=5 + i) for i in range(state.nplayers)]
    for _ in range(limit):
        if done(state):
            return
        seat = RULES.current_actor(state)
        assert seat is not None
        RULES.apply(state, bots[seat].choose(RULES, state, seat))
    raise AssertionError("state never reached")


def test_players_choose_their_sections_in_turn_under_the_kit_rules() -> None:
    # seed 004: "Zunächst sucht sich jeder Spieler fünf beliebige Sektionen aus, zu denen
    # jedoch mindestens eine Gang-Sektion und drei Kammer-Sektionen gehören müssen".
    state = RULES.new_game(GameConfig.for_players(2, board="builder"), 6)
    _drive(state, lambda s: s.phase == "build")
    assert state.setup["drafting"] and state.current == state.start
    corridors = set(builder.section_ids()[0])
    legal = RULES.legal_actions(state)
    assert {a.kind for a in legal} == {"choose_section"}
    assert len(legal) == 18  # every section lies open at first
    first = state.current
    # Take chambers only: after four, the fifth must be a corridor.
    chambers = sorted(s for s in state.setup["pool"] if s not in corridors)
    for _ in range(4):
        assert state.current == first
        pick = next(s for s in chambers if s in state.setup["pool"])
        RULES.apply(state, Action.make("choose_section", section=pick))
        other = next(s for s in sorted(state.setup["pool"]) if s not in corridors)
        RULES.apply(state, Action.make("choose_section", section=other))
    hand = state.setup["hands"][first]
    assert len(hand) == 4 and not any(s in corridors for s in hand)
    options = {a["section"] for a in RULES.legal_actions(state)}
    assert options and options <= corridors
    before = RULES.state_hash(state)
    with __import__("pytest").raises(IllegalAction):
        RULES.validate(state, Action.make("choose_section", section=chambers[-1]))
    assert RULES.state_hash(state) == before
    _drive(state, lambda s: not s.setup.get("drafting"))
    # The start player has already laid the central chamber from its five.
    assert sorted(len(h) for h in state.setup["hands"]) in ([4, 5], [5, 5])
    assert len(state.setup["spare"]) == 8
    # The start player lays the central chamber next: placement is section, cell and turn.
    kinds = {a.kind for a in RULES.legal_actions(state)}
    assert kinds == {"place_section"}
    copy = RULES.state_from_dict(RULES.state_to_dict(state))
    assert RULES.state_hash(copy) == RULES.state_hash(state)


def test_four_players_choose_four_sections_each() -> None:
    state = RULES.new_game(GameConfig.for_players(4, board="builder"), 2)
    _drive(state, lambda s: s.phase == "build" and not s.setup.get("drafting"))
    corridors = set(builder.section_ids()[0])
    for hand in state.setup["hands"]:
        assert len(hand) == 4 or state.layout["pieces"]
    assert all(any(s in corridors for s in h) for h in state.setup["hands"]
               if len(h) == 4)


def test_bot_builds_a_dungeon_it_chose_itself() -> None:
    state = RULES.new_game(GameConfig.for_players(3, board="builder"), 4)
    _drive(state, lambda s: s.phase not in ("pick", "build"), limit=900)
    assert len(state.layout["pieces"]) >= 12 and state.layout["gates"]


def _campaign_at_stash(seed: int) -> CrawlState:
    state = RULES.new_game(GameConfig.for_players(1, campaign=True), seed)
    _drive(state, lambda s: s.phase == "play")
    kinds = [c.id for c in content().all("chest")]
    for t in (0, 1, 2, 3, 4, 5):
        ch = Chest(state.next_uid, kinds[0], None, 0, t)
        if treasure_of(ch).trap:
            continue
        state.next_uid += 1
        ch.status, ch.holder = "held", 0
        state.chests.append(ch)
        state.players[0].chests.append(ch.uid)
    events: list = []
    for f in state.figures:
        if f.hero:
            f.where = "below"
    for f in state.figures:
        if not f.hero:
            f.where = "pool"
    state.markers = []
    solo.offer_stash(state, events)
    return state


def test_campaign_offers_to_leave_treasure_behind_which_stays_safe() -> None:
    # seed 004: "Du darfst dich entscheiden, einen oder mehrere Schätze nicht mit ins Dungeon zu
    # nehmen. Sie sind dann sicher ... ihre magischen Gegenstände können jedoch nicht deinen
    # Dungeons-Helden zugewiesen werden".
    state = _campaign_at_stash(3)
    assert state.phase == "pick" and state.setup.get("stash")
    legal = RULES.legal_actions(state)
    held = sorted(state.players[0].chests)
    assert [a["chest"] for a in legal if a.kind == "stash"] == held
    assert legal[-1] == Action.make("done_stashing")
    assert "crawl.prompt.stash" == RULES.prompt(state).key
    events = RULES.apply(state, Action.make("stash", chest=held[0]))
    assert any(e.key == "crawl.event.stashed" for e in events)
    assert state.chest(held[0]).safe and state.setup.get("stash")
    assert held[0] not in [a.get("chest") for a in RULES.legal_actions(state)
                           if a.kind == "stash"]
    RULES.apply(state, Action.make("done_stashing"))
    assert state.phase == "entrances" and state.supply["floor"] == 2
    # The safe chest keeps its gold but gives no item, cannot pay for a hero, and counts as
    # treasure brought out when the game ends.
    from engine.rules.crawl.rules import assign_items, gold
    assign_items(state, 0)
    assert all(held[0] not in f.items for f in state.figures)
    assert not solo.can_hire(state) or held[0] != min(
        (u for u in state.players[0].chests if not state.chest(u).safe), default=-1)
    assert gold(state, 0) == sum(treasure_of(state.chest(u)).gold for u in held)
    for f in state.figures:
        if f.hero:
            f.where = "out"
    state.over = True
    outcome = solo.outcome(state)
    assert outcome.winners == ((0,) if treasure_of(state.chest(held[0])).gold else ())


def test_bot_leaves_gold_only_chests_behind() -> None:
    state = _campaign_at_stash(5)
    bot = make_bot("heuristic", "crawl", seed=1)
    a = bot.choose(RULES, state, 0)
    gold_only = [u for u in solo.loose_chests(state)
                 if treasure_of(state.chest(u)).kind == "none"]
    if gold_only:
        assert a == Action.make("stash", chest=gold_only[0])
    else:
        assert a == Action.make("done_stashing")


def _three_player_play(seed: int) -> CrawlState:
    state = RULES.new_game(GameConfig.for_players(3), seed)
    _drive(state, lambda s: s.phase == "play")
    return state


def test_movement_markers_last_until_the_next_monster_master_clears_them() -> None:
    # seed 004, "Mehr als zwei Spieler": a marker moved gets a movement marker and may not be
    # activated again; after the master's turn the token passes left (the next seat: play runs
    # clockwise) and the new master lifts every movement marker.
    state = _three_player_play(1)
    seat = state.current
    assert state.master == seat
    m = state.markers[0]
    m.acted = True
    assert Action.make("activate_marker", marker=m.uid) not in RULES.legal_actions(state)
    state.active = state.active_marker = -1
    events = RULES.apply(state, Action.make("end_turn"))
    assert state.master == state.current == (seat + 1) % 3
    ev = [e for e in events if e.key == "crawl.event.master"]
    assert ev and ev[0].params["seat"] == state.current and ev[0].params["cleared"] >= 1
    assert not m.acted


def test_brood_of_a_moved_marker_keeps_its_movement_marker() -> None:
    from engine.rules.crawl.rules import convert
    state = _three_player_play(2)
    m = state.markers[0]
    m.acted = True
    hero = next(f for f in state.figures if f.hero)
    convert(state, m, hero, [])
    placed = [f for f in state.figures if not f.hero and f.where == "board"]
    if placed:
        assert all(f.acted for f in placed)
        if state.pending is not None:
            assert state.pending["moved"]
    # Two players: the base rule only ("nur einmal pro Spielzug"); brood comes fresh.
    two = RULES.new_game(GameConfig.for_players(2), 2)
    _drive(two, lambda s: s.phase == "play")
    m2 = two.markers[0]
    m2.acted = True
    convert(two, m2, next(f for f in two.figures if f.hero), [])
    assert not any(f.acted for f in two.figures if not f.hero and f.where == "board")
