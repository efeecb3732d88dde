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
    traits,
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
    # seed 004, "Füge insgesamt 10 Geländemarken, Türen und/oder Artefakte zu einem Pool
    # zusammen": every terrain marker and door of the set-up pool (no artefacts exist).
    s.supply["pieces"] = [p.id for p in content().all("piece")]
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
    _place_pieces(s, events)
    if is_campaign(s) and int(s.supply.get("floor", 1)) == 1:
        # seed 004: "Lege nach dem Platzieren des Eingangs die Treppen-Marke an eine beliebige
        # Stelle des Dungeons."
        place_stairs(s, events)
    if s.supply.get("survival"):
        # seed 004, option "Überleben des Stärksten": a strong and an overlord marker join
        # the markers left over for the living dungeon.
        s.supply["markers"] += ["strong", "overlord"]
        s.rng.shuffle(s.supply["markers"])
    s.setup = {"visited": [entrance_sec], "tried": [], "living": []}


def _place_pieces(s: CrawlState, events: list[Event]) -> None:
    """Rolls a die per terrain marker and door: even numbers place it (seed 004, Schritt 4);
    the first two teleport markers count as one item and go down together."""
    pool = list(s.supply.get("pieces", []))
    c = content()
    teleports = [p for p in pool if "teleport" in c.get("piece", p).sides]
    items: list[list[str]] = []
    if teleports:
        items.append(teleports[:2])
        items.extend([p] for p in teleports[2:])
    items.extend([p] for p in pool if p not in teleports)
    for item in items:
        roll = s.rng.roll(6)
        if roll % 2 == 0:
            for pid in item:
                place_piece(s, pid, None, events, side="teleport" if pid in teleports else None)


def place_piece(s: CrawlState, pid: str, sec: int | None, events: list[Event],
                side: str | None = None) -> bool:
    """Lays a terrain marker (a random side unless given) or sets a door, in section ``sec``
    or anywhere the set-up rules allow; returns False when it finds no place."""
    from engine.rules.crawl.rules import door_spots, piece_squares
    board = board_of(s)
    piece = content().get("piece", pid)
    if piece.kind == "terrain":
        squares = [sq for sq in piece_squares(s) if sec is None or board.section[sq] == sec]
        if not squares:
            return False
        sq = s.rng.choice(squares)
        side = side if side in piece.sides else piece.sides[s.rng.below(len(piece.sides))]
        s.layout = dict(s.layout)
        s.layout["marks"] = [*s.layout.get("marks", []), [sq[0], sq[1], side]]
        events.append(Event("crawl.event.terrain_placed", {"seat": -1, "piece": pid,
                                                           "side": side, "at": list(sq)}))
    else:
        edges = [e for e in door_spots(s) if sec is None or sec in (
            board.section[(e[0], e[1])],
            board.section[(e[0] + 1, e[1]) if e[2] == 0 else (e[0], e[1] + 1)])]
        if not edges:
            return False
        x, y, d = s.rng.choice(edges)
        s.layout = dict(s.layout)
        s.layout["doors"] = [*s.layout.get("doors", []), [x, y, d, piece.door]]
        s.doors.append("closed")
        events.append(Event("crawl.event.door_placed", {"seat": -1, "piece": pid,
                                                        "edge": [x, y, d]}))
    s.supply["pieces"].remove(pid)
    s.memo.clear()
    return True


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
    if "floor_chests" in s.supply:
        s.supply["floor_chests"].append(ch.uid)
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
    p.raised = []
    for f in s.figures:
        if f.hero:
            f.acted = False
            f.potion = -1
    assign_items(s, 0)
    combat.check_level(s, 0, events)
    s.acts_left = sum(1 for f in s.figures if f.hero and f.where in ("board", "outside"))
    p.extra = 0
    if s.round > 1:
        # seed 004, solitaire: a hero leader's won activation moves a spawn away from the
        # heroes (see rules.activation_actions); never in the first turn.
        for f in s.figures:
            lead = traits(s, f).leadership if f.hero and f.where == "board" else 0
            if lead:
                roll = s.rng.roll(6)
                events.append(Event("crawl.event.leadership", {"figure": f.uid, "roll": roll,
                                                               "won": roll >= lead}))
                if roll >= lead:
                    p.extra = 1
                    s.acts_left += 1
                    break
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
                    key=lambda f: f.uid):
        lead = traits(s, f).leadership
        if lead:
            # seed 004, solitaire "Änderung der Spezialfähigkeiten": a spawn leader's
            # successful roll adds one activation to the rolled ones.
            lroll = s.rng.roll(6)
            events.append(Event("crawl.event.leadership", {"figure": f.uid, "roll": lroll,
                                                           "won": lroll >= lead}))
            if lroll >= lead:
                acts += 1
                break
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
    if team_moved(s, events):
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
    if roll in (4, 6) and s.supply.get("pieces"):
        # seed 004, "Lebendiges Dungeon" 4 (and 6): a terrain marker or door from the pool in
        # this chamber; "Ergibt sich ... ein Gegenstand, der nicht mehr zur Verfügung steht,
        # wird nichts platziert".
        pool = s.supply["pieces"]
        place_piece(s, pool[s.rng.below(len(pool))], sec, events)
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
    if "floor_chests" in s.supply:
        # Campaign: only this floor's chests count.
        tried = [c for c in tried if c.uid in s.supply["floor_chests"]]
    p = s.players[0]
    if p.exit >= 0 or len(tried) < 2:
        return
    if is_campaign(s) and "stairs" not in s.supply:
        # seed 004: "Sobald du zwei Schatztruhen zu Entschärfen versucht hast, kannst du eine
        # weitere Treppen-Marke, einen Ausgang oder sogar beides platzieren": both appear.
        place_stairs(s, events)
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
    if s.reason == "floor_done":
        # A floor of the campaign cleared and left by the stairs: the campaign goes on.
        return Outcome((0,), (float(g),), Message("crawl.end.floor_done"))
    # Treasure left behind between floors is safe like treasure carried out: it counts.
    stashed = any(s.chest(u).safe for u in s.players[0].chests)
    won = (stashed or any(f.hero and f.where == "left" for f in s.figures)) and g > 0
    return Outcome((0,) if won else (), (float(g),),
                   Message("crawl.end.solo_won" if won else "crawl.end.solo_lost"))


# --- the extended campaign (seed 004, solitaire option "Erweiterte Kampagne") -------------
# Shared by the campaign's floors on the campaign layer (floors.py: a floor's game ends where
# the next floor would be laid) and the old in-state form that saves made before still hold.


CAMPAIGN_TEAM = 4  # seed 004, campaign: "nie mehr als vier Mitglieder"


def is_campaign(s: CrawlState) -> bool:
    """Returns whether the solitaire game is the extended campaign of several floors."""
    return bool(s.supply.get("campaign"))


def place_stairs(s: CrawlState, events: list[Event]) -> None:
    """Lays the stairs to the next floor on a random square the set-up rules allow."""
    from engine.rules.crawl.rules import piece_squares
    squares = piece_squares(s)
    if not squares:
        return
    sq = s.rng.choice(squares)
    s.layout = {**s.layout, "marks": [*s.layout.get("marks", []), [sq[0], sq[1], "stairs"]]}
    s.supply["stairs"] = [sq[0], sq[1]]
    s.memo.clear()
    events.append(Event("crawl.event.stairs_appear", {"at": [sq[0], sq[1]],
                                                      "floor": s.supply.get("floor", 1)}))


def is_cleared(s: CrawlState) -> bool:
    """Returns whether the floor is cleared: every marker flipped, every spawn beaten, every
    chest taken (seed 004: "alle Monstermarken aufgedeckt, alle Mage Spawn vernichtet, alle
    Schätze eingesammelt"; we have no artefacts)."""
    if s.markers:
        return False
    if any(not f.hero and f.where == "board" for f in s.figures):
        return False
    return not any(c.pos is not None and c.status in ("closed", "disarmed", "sprung")
                   for c in s.chests)


def in_campaign(s: CrawlState) -> list[Figure]:
    """Returns the heroes still in the campaign: not knocked out and not gone by the exit
    (seed 004: "der Ausgang [führt] endgültig aus dem Dungeon heraus"), so a hero who left
    neither holds up the floor's end nor counts among the four members."""
    return [h for h in s.figures if h.hero and h.where not in ("out", "left")]


def team_moved(s: CrawlState, events: list[Event]) -> bool:
    """Ends the floor when every hero still in the campaign has gone down the stairs, or
    regroups when every one has gone up; returns whether either happened. Checked after each
    move by the stairs, when a hero leaves by the exit and at the end of the dungeon's turn
    (a hero knocked out while the rest wait below)."""
    if not is_campaign(s) or s.phase != "play":
        return False
    team = in_campaign(s)
    if team and all(h.where == "below" for h in team):
        floor_done(s, events)
        return True
    if team and all(h.where == "above" for h in team):
        regroup(s, events)
        return True
    return False


def can_descend(s: CrawlState, f: Figure) -> bool:
    """Returns whether hero f may take the stairs down now (1 MP, the floor cleared)."""
    stairs = s.supply.get("stairs")
    return (is_campaign(s) and f.hero and stairs is not None and f.pos is not None
            and list(f.pos) == list(stairs) and s.mp >= 1 and is_cleared(s))


def descend(s: CrawlState, f: Figure, events: list[Event]) -> None:
    """Takes hero f down the stairs; when the whole team is below, the floor ends."""
    from engine.rules.crawl.rules import end_activation
    s.mp -= 1
    f.where = "below"
    f.pos = None
    events.append(Event("crawl.event.descend", {"figure": f.uid}))
    end_activation(s, events)
    team_moved(s, events)


def can_hire(s: CrawlState) -> bool:
    """Returns whether a hero may be hired now: fewer than four in the team and a chest to pay
    with ("eine Schatztruhe entspricht einem Helden der Stufe 1")."""
    return len(in_campaign(s)) < CAMPAIGN_TEAM and any(not s.chest(u).safe
                                                       for u in s.players[0].chests)


def floor_done(s: CrawlState, events: list[Event]) -> None:
    """Ends a cleared floor: hiring first if possible, then the next floor."""
    events.append(Event("crawl.event.floor_done", {"floor": s.supply.get("floor", 1)}))
    if can_hire(s):
        s.phase = "pick"
        s.current = 0
        s.setup = {"picks": [0], "done": [False], "hire": True}
        return
    offer_stash(s, events)


def loose_chests(s: CrawlState) -> list[int]:
    """Returns the team's held chests not yet left behind in safety."""
    return sorted(u for u in s.players[0].chests if not s.chest(u).safe)


def offer_stash(s: CrawlState, events: list[Event]) -> None:
    """Offers to leave treasure behind before the next floor (seed 004: "Du darfst dich
    entscheiden, einen oder mehrere Schätze nicht mit ins Dungeon zu nehmen"), then goes on."""
    if loose_chests(s):
        s.phase = "pick"
        s.current = 0
        # "stashed" lists this step's choices: only those may be taken back (unstash).
        s.setup = {"stash": True, "stashed": []}
        return
    from engine.rules.crawl.floors import go_on

    go_on(s, events)


def stash(s: CrawlState, uid: int, events: list[Event]) -> None:
    """Leaves a chest behind: "Sie sind dann sicher und können nicht verloren gehen, ihre
    magischen Gegenstände können jedoch nicht deinen Dungeons-Helden zugewiesen werden"."""
    ch = s.chest(uid)
    ch.safe = True
    for f in s.figures:
        if uid in f.items:
            f.items.remove(uid)
    s.setup["stashed"] = [*s.setup.get("stashed", []), uid]
    events.append(Event("crawl.event.stashed", {"chest": uid}))


def stashed_now(s: CrawlState) -> list[int]:
    """Returns the chests left behind during this stash step (they may still be taken back)."""
    return sorted(s.setup.get("stashed", [])) if s.setup.get("stash") else []


def unstash(s: CrawlState, uid: int, events: list[Event]) -> None:
    """Takes a chest left behind in this stash step back along: it is loose again (its items
    are handed out at the next turn start; the choice is only final once the team goes on)."""
    s.chest(uid).safe = False
    s.setup["stashed"] = [u for u in s.setup.get("stashed", []) if u != uid]
    events.append(Event("crawl.event.unstashed", {"chest": uid}))


def hire(s: CrawlState, did: str, events: list[Event]) -> None:
    """Hires a level-1 hero for the team's poorest chest."""
    from engine.rules.crawl.rules import gold_of
    p = s.players[0]
    pay = min((u for u in p.chests if not s.chest(u).safe),
              key=lambda u: (gold_of(s.chest(u)), u))
    p.chests.remove(pay)
    ch = s.chest(pay)
    ch.status, ch.holder, ch.pos = "gone", -1, None
    for g in s.figures:
        if pay in g.items:
            g.items.remove(pay)
    d = content().get("hero", did)
    f = Figure(s.next_uid, did, True, 0, "below", click=d.level_starts[0], level=1)
    s.next_uid += 1
    s.figures.append(f)
    events.append(Event("crawl.event.hired", {"hero": did, "chest": pay}))


def start_floor(s: CrawlState, events: list[Event]) -> None:
    """Sets up the next floor (seed 004: "gestaltest du die nächste Etage ... Jede neue Etage
    sollte schwieriger zu meistern sein"): new chests and harder markers, every spawn back in
    the pool, the team healed to its levels and waiting at the entrance stairs; in the same
    state for an old save, in a carried floor's new game from floors.set_up_floor."""
    floor = int(s.supply.get("floor", 1)) + 1
    for f in s.figures:
        if f.hero and f.where not in ("out", "left"):
            f.where, f.pos, f.acted = "outside", None, False
            f.click = combat.min_click(f)
        elif not f.hero:
            f.where, f.pos, f.click, f.acted = "pool", None, 0, False
    for c in s.chests:
        if c.status not in ("held",):
            c.pos = None
            if c.status != "gone":
                c.status = "gone"
    s.markers = []
    kinds = [c.id for c in content().all("chest")]
    markers = ["standard"] * 5 + ["weak"] * 5
    # Harder floors: yellow markers give way to red ones, and from the third floor an
    # overlord ("tausche entsprechend gelbe Monstermarken ... gegen blaue, rote und
    # Oberschurken-Marken").
    for i in range(min(floor - 1, 5)):
        markers[5 + i] = "strong"
    if floor >= 3:
        markers[0] = "overlord"
    s.rng.shuffle(markers)
    s.supply = {**s.supply, "chests": [s.rng.choice(kinds) for _ in range(CHESTS)],
                "markers": markers, "pieces": [p.id for p in content().all("piece")],
                "floor": floor, "floor_chests": []}
    s.supply.pop("stairs", None)
    p = s.players[0]
    p.entrance = p.exit = -1
    p.heroes_at_start = sum(1 for f in s.figures if f.hero and f.where != "out")
    s.round = 1
    s.layout = {}
    if s.board == "builder":
        from engine.rules.crawl import builder
        from engine.rules.crawl.rules import SOLO_SECTIONS
        builder.auto_build(s, SOLO_SECTIONS)
    s.memo.clear()
    s.doors = ["closed"] * len(board_of(s).doors)
    s.phase = "entrances"
    s.setup = {"steps": [["entrance", 0, 0]]}
    s.current = 0
    events.append(Event("crawl.event.new_floor", {"floor": floor}))


def can_withdraw(s: CrawlState, f: Figure) -> bool:
    """Returns whether hero f may leave the uncleared floor by the stairs (1 MP)."""
    stairs = s.supply.get("stairs")
    return (is_campaign(s) and f.hero and stairs is not None and f.pos is not None
            and list(f.pos) == list(stairs) and s.mp >= 1 and not is_cleared(s))


def withdraw(s: CrawlState, f: Figure, events: list[Event]) -> None:
    """Takes hero f up the stairs out of the floor; when the whole team is out, it regroups."""
    from engine.rules.crawl.rules import end_activation
    s.mp -= 1
    f.where = "above"
    f.pos = None
    events.append(Event("crawl.event.withdraw", {"figure": f.uid}))
    end_activation(s, events)
    team_moved(s, events)


def regroup(s: CrawlState, events: list[Event]) -> None:
    """The team has left the floor by the stairs (seed 004: "werden sie auf ihre augenblickliche
    Stufe geheilt. Gleichzeitig werden alle im Dungeon verbliebenen Mage Spawn vollständig
    geheilt und in die Sektionen mit den verbliebenen Schatztruhen zurückgestellt ... statt
    dessen in der Sektion mit der Treppe"); then it goes back in by the entrance to clear it,
    every chamber counting as new again."""
    board = board_of(s)
    for f in s.figures:
        if f.hero and f.where == "above":
            f.where, f.click = "outside", combat.min_click(f)
    chest_secs = sorted({board.section[c.pos] for c in s.chests if c.pos is not None
                         and c.status in ("closed", "disarmed", "sprung")})
    stairs = s.supply.get("stairs")
    targets = chest_secs or ([board.section[(stairs[0], stairs[1])]] if stairs else [])
    spawn = [f for f in s.figures if not f.hero and f.where == "board"]
    for f in spawn:
        f.where, f.pos = "pool", None  # lifted off while the board is laid again
    for i, f in enumerate(spawn):
        free = _free_squares(s, targets[i % len(targets)]) if targets else []
        f.click = 0
        if free:
            f.where, f.pos = "board", s.rng.choice(free)
    s.setup["visited"] = [board.entrance_section(s.players[0].entrance)]
    events.append(Event("crawl.event.regroup", {"spawns": len(spawn)}))
