"""Solitaire (seed 004, "MKD: Solitär"): a 100-point team against the dungeon and its AI.

The dungeon acts by itself: after the heroes' turn it rolls a d6 for the number of mage spawn
activations, moves every monster marker towards the nearest hero and runs the spawn by the
seed's priorities (attack the nearest hero, lowest defence on ties; otherwise move into range
or contact keeping 4 MP to attack; demoralized spawn flee). The exit appears once two chests
were tried, farthest from the second; new chambers roll on the living-dungeon table.
"""

from __future__ import annotations

from engine.core.actions import Event, Message
from engine.core.protocol import Outcome
from engine.core.squaregrid import Square, facing_towards
from engine.rules.crawl import combat
from engine.rules.crawl.core import (
    board_of,
    content,
    distance,
    fdef,
    front_squares,
    is_demoralized,
    occupancy,
    value,
)
from engine.rules.crawl.movement import figure_reach, marker_reach
from engine.rules.crawl.state import Chest, CrawlState, Figure, Marker

CHESTS, MARKERS, FIRST_CHESTS, FIRST_MARKERS = 6, 10, 3, 6


def setup(s: CrawlState) -> None:
    """Prepares the pools; heroes are picked next, then the entrance, then the dungeon."""
    kinds = [c.id for c in content().all("chest")]
    s.supply = {"chests": [s.rng.choice(kinds) for _ in range(CHESTS)],
                "markers": ["standard"] * 5 + ["weak"] * 5}
    s.rng.shuffle(s.supply["markers"])
    s.phase = "pick"
    s.current = 0
    s.setup = {"picks": [0], "done": [False]}


def build(s: CrawlState, events: list[Event]) -> None:
    """Places three chests and six markers by the seed's procedure (seed 004, Schritt 4)."""
    board = board_of(s)
    entrance_sec = board.entrance_section(s.players[0].entrance)
    chambers = [i for i, k in enumerate(board.section_kinds) if k == "chamber"
                and board.section_dist[entrance_sec][i] >= 2]
    s.rng.shuffle(chambers)
    chest_secs = chambers[:FIRST_CHESTS]
    for sec in chest_secs:
        _place_chest(s, sec, events)
    others = [c for c in chambers if c not in chest_secs]
    for sec in chest_secs + others[:FIRST_MARKERS - len(chest_secs)]:
        _place_marker(s, sec, None, events)
    s.setup = {"visited": [entrance_sec], "tried": [], "living": []}


def _free_squares(s: CrawlState, sec: int) -> list[Square]:
    board = board_of(s)
    occ = occupancy(s)
    return [sq for sq in board.section_squares[sec] if board.cost[sq] > 0 and sq not in occ]


def _place_chest(s: CrawlState, sec: int, events: list[Event]) -> bool:
    if not s.supply["chests"]:
        return False
    from engine.rules.crawl.rules import chest_spots
    spots = [(sq, f) for sq, f in chest_spots(s) if board_of(s).section[sq] == sec]
    if not spots:
        free = _free_squares(s, sec)
        spots = [(sq, 4) for sq in free]
    if not spots:
        return False
    sq, facing = s.rng.choice(spots)
    ch = Chest(s.next_uid, s.supply["chests"].pop(0), sq, facing, s.rng.below(6))
    s.next_uid += 1
    s.chests.append(ch)
    events.append(Event("crawl.event.chest_placed", {"seat": -1, "chest": ch.uid,
                                                     "at": list(sq)}))
    return True


def _place_marker(s: CrawlState, sec: int, away: Figure | None, events: list[Event]
                  ) -> Marker | None:
    if not s.supply["markers"]:
        return None
    free = [sq for sq in _free_squares(s, sec)
            if away is None or away.pos is None or distance(sq, away.pos) > 1]
    if not free:
        return None
    m = Marker(s.next_uid, s.supply["markers"].pop(0), s.rng.choice(free))
    s.next_uid += 1
    s.markers.append(m)
    events.append(Event("crawl.event.marker_placed", {"seat": -1, "marker": m.uid,
                                                      "rank": m.rank, "at": list(m.pos)}))
    return m


def begin_turn(s: CrawlState, events: list[Event]) -> None:
    """Starts the heroes' turn: one activation per hero still in play (seed 004)."""
    from engine.rules.crawl.rules import assign_items
    p = s.players[0]
    p.levelled = False
    for f in s.figures:
        if f.hero:
            f.acted = False
            f.potion = -1
    assign_items(s, 0)
    combat.check_level(s, 0, events)
    s.acts_left = sum(1 for f in s.figures if f.hero and f.where in ("board", "outside"))
    events.append(Event("crawl.event.turn", {"seat": 0, "round": s.round,
                                             "activations": s.acts_left}))


def advance(s: CrawlState, events: list[Event]) -> None:
    """Ends the heroes' turn when their activations are spent, then lets the dungeon act."""
    if s.active >= 0 or s.acts_left > 0 or s.setup.get("dungeon"):
        return
    dungeon_turn(s, events)


def end_turn(s: CrawlState, events: list[Event]) -> None:
    """Ends the heroes' turn (a pass) and runs the dungeon's."""
    s.acts_left = 0
    dungeon_turn(s, events)


def dungeon_turn(s: CrawlState, events: list[Event]) -> None:
    """Runs the dungeon's turn, then starts the next heroes' turn (or ends the game)."""
    from engine.rules.crawl.rules import advance as settle
    from engine.rules.crawl.rules import finish, heroes_done
    s.turn += 1
    s.setup["dungeon"] = True
    roll = s.rng.roll(6)
    events.append(Event("crawl.event.dungeon_turn", {"activations": roll}))
    for m in sorted(s.markers, key=lambda m: m.uid):
        if m in s.markers and not s.over:
            _move_marker(s, m, events)
            _drain(s, events)
    acts = roll
    for f in sorted((f for f in s.figures if not f.hero and f.where == "board"),
                    key=lambda f: (_nearest(s, f)[0], f.uid)):
        if acts <= 0 or s.over or heroes_done(s):
            break
        if f.where != "board":
            continue
        acts -= 1
        spawn_turn(s, f, events)
        _drain(s, events)
    s.setup["dungeon"] = False
    if heroes_done(s):
        finish(s, "all_out", events)
        return
    s.round += 1
    if s.round > s.turn_limit:
        finish(s, "turn_limit", events)
        return
    begin_turn(s, events)
    settle(s, events)


def _drain(s: CrawlState, events: list[Event]) -> None:
    from engine.rules.crawl.rules import advance as settle
    settle(s, events)


def _nearest(s: CrawlState, f: Figure | Marker) -> tuple[int, float, Figure | None]:
    heroes = [h for h in s.figures if h.hero and h.where == "board" and h.pos is not None]
    if not heroes or f.pos is None:
        return 99, 0, None
    best = min(heroes, key=lambda h: (distance(h.pos, f.pos), value(s, h, "defence"), h.uid))
    return distance(best.pos, f.pos), value(s, best, "defence"), best


def _move_marker(s: CrawlState, m: Marker, events: list[Event]) -> None:
    """Moves a marker towards the nearest hero (seed 004: "immer auf den nächsten Helden")."""
    from engine.rules.crawl.rules import move_marker
    _, _, hero = _nearest(s, m)
    if hero is None:
        return
    s.mp = 4
    s.active_marker = m.uid
    reach = marker_reach(s, m, 4)
    options = [sq for sq in reach.costs if sq != m.pos]
    if options:
        best = min(options, key=lambda sq: (sq not in reach.stops, distance(sq, hero.pos), sq))
        if distance(best, hero.pos) < distance(m.pos, hero.pos) or best in reach.stops:
            move_marker(s, m, best, events)
    s.active_marker = -1
    s.mp = 0


def spawn_turn(s: CrawlState, f: Figure, events: list[Event]) -> None:
    """Activates one mage spawn by the seed's solitaire priorities."""
    from engine.rules.crawl.rules import (
        end_activation,
        move_figure,
        ranged_targets,
    )
    s.active = f.uid
    s.mp = value(s, f, "move")
    f.broken = []
    events.append(Event("crawl.event.activate", {"figure": f.uid, "mp": s.mp}))
    _, _, hero = _nearest(s, f)
    if hero is None or f.pos is None:
        end_activation(s, events)
        return
    if is_demoralized(f):
        # Fourth: demoralized spawn run from the heroes.
        reach = figure_reach(s, f, s.mp)
        far = max(reach.costs, key=lambda sq: (distance(sq, hero.pos), -reach.costs[sq], sq))
        if far != f.pos:
            move_figure(s, f, far, events)
        end_activation(s, events)
        return
    if _strike(s, f, events):
        return
    reach = figure_reach(s, f, s.mp)
    rng = fdef(f).range
    best: Square | None = None
    if rng > 0:
        # Second: a shooter moves until a hero is in range.
        spots = [sq for sq, c in reach.costs.items() if 2 <= distance(sq, hero.pos) <= rng
                 and s.mp - c >= 4]
        if spots:
            best = min(spots, key=lambda sq: (reach.costs[sq], sq))
    if best is None:
        adj = [sq for sq, c in reach.costs.items() if distance(sq, hero.pos) == 1
               and s.mp - c >= 4]
        if adj:
            best = min(adj, key=lambda sq: (reach.costs[sq], sq))
        else:
            best = min(reach.costs, key=lambda sq: (distance(sq, hero.pos), reach.costs[sq], sq))
    if best != f.pos:
        move_figure(s, f, best, events)
        from engine.rules.crawl.rules import advance as settle
        settle(s, events)
    if f.where == "board" and f.pos is not None and hero.pos is not None:
        f.facing = facing_towards(f.pos, hero.pos)
        if s.mp >= 4 and _strike(s, f, events):
            return
    _ = ranged_targets
    end_activation(s, events)


def _strike(s: CrawlState, f: Figure, events: list[Event]) -> bool:
    """First: attacks the nearest hero in reach (lowest defence on ties); True if it did."""
    from engine.rules.crawl.rules import end_activation, ranged_targets
    if s.mp < 4 or f.pos is None:
        return False
    front = set(front_squares(s, f))
    melee = [h for h in s.figures if h.hero and h.where == "board" and h.pos in front]
    if melee:
        tgt = min(melee, key=lambda h: (value(s, h, "defence"), h.uid))
        s.mp -= 4
        combat.melee(s, f, tgt, events)
        end_activation(s, events)
        return True
    shots = sorted(ranged_targets(s, f), key=lambda h: (distance(h.pos, f.pos),
                                                        value(s, h, "defence"), h.uid))
    if shots:
        s.mp -= 4
        combat.ranged(s, f, shots[:fdef(f).targets], events)
        end_activation(s, events)
        return True
    return False


def after_activation(s: CrawlState, f: Figure, events: list[Event]) -> None:
    """After a hero's activation: new chambers roll on the living-dungeon table; the exit
    appears once two chests were tried."""
    if not f.hero or f.pos is None or s.phase != "play":
        _exit_check(s, events)
        return
    board = board_of(s)
    sec = board.section[f.pos]
    visited = s.setup.setdefault("visited", [])
    if sec not in visited:
        visited.append(sec)
        if board.section_kinds[sec] == "chamber" and len(visited) > 2:
            living(s, f, sec, events)
    _exit_check(s, events)


def living(s: CrawlState, f: Figure, sec: int, events: list[Event]) -> None:
    """Rolls on the living-dungeon table for a chamber entered for the first time."""
    roll = s.rng.roll(6)
    events.append(Event("crawl.event.living", {"roll": roll, "section": sec}))
    if roll in (2, 3, 6):
        m = _place_marker(s, sec, f, events)
        if m is not None and roll in (2, 3):
            s.queue.append({"kind": "convert", "marker": m.uid, "hero": f.uid})
    if roll in (5, 6):
        board = board_of(s)
        has_chest = any(c.pos is not None and board.section[c.pos] == sec for c in s.chests)
        if roll == 5 and has_chest:
            empty = [i for i, k in enumerate(board.section_kinds) if k == "chamber"
                     and not any(c.pos is not None and board.section[c.pos] == i
                                 for c in s.chests)]
            if empty:
                _place_chest(s, s.rng.choice(empty), events)
        else:
            _place_chest(s, sec, events)


def _exit_check(s: CrawlState, events: list[Event]) -> None:
    tried = [c for c in s.chests if c.status != "closed" or (c.examined and c.trap == 0
                                                              and c.status != "closed")]
    p = s.players[0]
    if p.exit >= 0 or len(tried) < 2:
        return
    second = tried[1]
    board = board_of(s)
    where = second.pos if second.pos is not None else board.entrances[p.entrance][1]
    p.exit = max(range(len(board.entrances)),
                 key=lambda i: (distance(board.entrances[i][1], where), -i))
    events.append(Event("crawl.event.exit_appears", {"entrance": p.exit}))


def choose_placement(s: CrawlState, squares: list[Square]) -> Square:
    """Returns where the dungeon places a spawn: as close to a hero as possible."""
    heroes = [h.pos for h in s.figures if h.hero and h.where == "board" and h.pos is not None]
    if not heroes:
        return squares[0]
    return min(squares, key=lambda sq: (min(distance(sq, h) for h in heroes), sq))


def outcome(s: CrawlState) -> Outcome:
    """Returns a win when a hero got out with treasure; the score is the gold held."""
    from engine.rules.crawl.rules import gold
    g = gold(s, 0)
    won = any(f.hero and f.where == "left" for f in s.figures) and g > 0
    return Outcome((0,) if won else (), (float(g),),
                   Message("crawl.end.solo_won" if won else "crawl.end.solo_lost"))
