"""Balance by simulation: the heuristic hero bots' win rate per mission tile, seat count and
mode, over seeded batches of whole missions played exactly as ``python -m engine simulate
--game coop_campaign --bot heuristic`` plays them (seeds S, S+1, ...).

docs/coop_campaign/balance.md holds the table of the big batch (200 missions per cell), written
by ``python tools/coop_balance.py --write``; a ``long`` test plays the batch again and compares.
A second table holds missions 4–9 (2, 3 and 4 heroes, 50 missions per cell), written by
``python tools/coop_balance.py --missions --write``; a third the boss tiles 3, 7 and 10 (2, 3
and 4 heroes, 50 missions per cell), written by ``python tools/coop_balance.py --bosses --write``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.ai.play import bot_config, play_game

GAME = "coop_campaign"
TILES = ("bridge", "glade")
SEATS = (1, 2, 3, 4)
BEGIN = "<!-- balance table: python tools/coop_balance.py --write -->"
END = "<!-- end of the balance table -->"
MISSIONS = ("chapel", "kings_road", "lanterns", "ossuary", "fields", "keep_walls")
MISSION_SEATS = (2, 3, 4)  # one seat plays the same two heroes as two seats
MISSION_GAMES = 50
MISSION_BEGIN = "<!-- missions 4-9 table: python tools/coop_balance.py --missions --write -->"
MISSION_END = "<!-- end of the missions 4-9 table -->"
BOSS_TILES = ("warcamp", "abbey", "queen")
BOSS_SEATS = (1, 3, 4)  # 2 heroes (one seat leads two), 3 and 4 heroes
BOSS_GAMES = 50
BOSS_BEGIN = "<!-- boss table: python tools/coop_balance.py --bosses --write -->"
BOSS_END = "<!-- end of the boss table -->"


@dataclass(frozen=True)
class Cell:
    """The result of one batch: missions won out of missions played."""

    won: int
    games: int

    def percent(self) -> int:
        """Returns the win rate in whole per cent, rounded half up."""
        return (200 * self.won + self.games) // (2 * self.games)


def batch(tile: str, seats: int, hard: bool, games: int, seed: int = 0) -> Cell:
    """Plays ``games`` missions on seeds ``seed``... with heuristic bots; returns the wins."""
    config = bot_config(GAME, ["heuristic"] * seats, options={"tile": tile, "hard": hard})
    won = 0
    for s in range(seed, seed + games):
        played = play_game(GAME, config, s)
        won += played.state.result == "won"
    return Cell(won, games)


def table(games: int, seed: int = 0, tiles: tuple[str, ...] = TILES,
          seats_list: tuple[int, ...] = SEATS) -> dict[tuple[str, int, bool], Cell]:
    """Returns every cell: (tile, seats, hard) -> wins over ``games`` missions."""
    return {(tile, seats, hard): batch(tile, seats, hard, games, seed)
            for tile in tiles for seats in seats_list for hard in (False, True)}


def markdown(cells: dict[tuple[str, int, bool], Cell], tiles: tuple[str, ...] = TILES,
             seats_list: tuple[int, ...] = SEATS, begin: str = BEGIN, end: str = END) -> str:
    """Returns the table as it stands in docs/coop_campaign/balance.md, markers included."""
    lines = [begin, "| tile | seats (heroes) | normal | hard |", "|---|---|---|---|"]
    for tile in tiles:
        for seats in seats_list:
            normal, hard = cells[(tile, seats, False)], cells[(tile, seats, True)]
            heroes = 2 if seats == 1 else seats
            lines.append(f"| {tile} | {seats} ({heroes}) | {normal.percent()} % "
                         f"({normal.won}/{normal.games}) | {hard.percent()} % "
                         f"({hard.won}/{hard.games}) |")
    lines.append(end)
    return "\n".join(lines)


def documented(text: str, begin: str = BEGIN, end: str = END) -> str:
    """Returns the balance table block of a balance.md text (markers included)."""
    match = re.search(re.escape(begin) + r".*?" + re.escape(end), text, re.S)
    if match is None:
        raise ValueError("balance.md has no balance table markers")
    return match.group(0)


def replace_table(text: str, block: str, begin: str = BEGIN, end: str = END) -> str:
    """Returns balance.md's text with its table block replaced by ``block``."""
    documented(text, begin, end)
    return re.sub(re.escape(begin) + r".*?" + re.escape(end), lambda _: block, text,
                  flags=re.S)


def mission_table(games: int = MISSION_GAMES, seed: int = 0) -> str:
    """Returns the missions 4–9 table (markers included) of batches of ``games`` missions."""
    return markdown(table(games, seed, MISSIONS, MISSION_SEATS), MISSIONS, MISSION_SEATS,
                    MISSION_BEGIN, MISSION_END)


def boss_table(games: int = BOSS_GAMES, seed: int = 0) -> str:
    """Returns the boss tiles' table (markers included) of batches of ``games`` missions."""
    return markdown(table(games, seed, BOSS_TILES, BOSS_SEATS), BOSS_TILES, BOSS_SEATS,
                    BOSS_BEGIN, BOSS_END)

# --- whole campaigns (issue #16) ------------------------------------------------------------------
CAMPAIGN_BEGIN = "<!-- campaign table: python tools/coop_balance.py --campaigns --write -->"
CAMPAIGN_END = "<!-- end of the campaign table -->"
STATIONS_BEGIN = ("<!-- campaign missions table: python tools/coop_balance.py --campaigns "
                  "--write -->")
STATIONS_END = "<!-- end of the campaign missions table -->"
CAMPAIGN_SEATS = (2, 3, 4)
MAX_GAMES = 40  # a normal-mode campaign that has not reached its end after this many missions
# counts as stuck (a lost mission is tried again for ever)


@dataclass(frozen=True)
class CampaignCell:
    """A batch of bot campaigns: how many reached the final mission (the last boss), how many
    won it (the epilogue), the missions played in all (tries again included), and per station
    the missions played there and won (``stations``: (station, played, won) in map order)."""

    campaigns: int
    reached: int
    won: int
    missions: int
    stations: tuple[tuple[str, int, int], ...] = ()

    def share(self, n: int) -> int:
        """Returns n of the campaigns in whole per cent, rounded half up."""
        return (200 * n + self.campaigns) // (2 * self.campaigns)


def reached_final(camp: Any) -> bool:
    """Returns whether a campaign came to its last station (its final mission was set up)."""
    from engine.rules.coop_campaign import campaign

    games = [*camp.finished, camp.current]
    for g in games:
        carry = g.config.carry
        if carry and carry["station"] and campaign.is_final(carry["station"]):
            return True
    return False


def campaign_batch(seats: int, hard: bool, games: int, seed: int = 0,
                   max_games: int = MAX_GAMES) -> CampaignCell:
    """Plays ``games`` campaigns on seeds ``seed``... with heuristic bots, one hero per seat,
    exactly as ``python -m engine simulate --game coop_campaign --bot heuristic --players N
    --option mode=campaign`` plays them."""
    from engine.ai.play import play_campaign
    from engine.rules.coop_campaign import campaign

    config = bot_config(GAME, ["heuristic"] * seats, options={"mode": "campaign", "hard": hard})
    reached = won = missions = 0
    played_at: dict[str, int] = {}
    won_at: dict[str, int] = {}
    for s in range(seed, seed + games):
        played = play_campaign(GAME, "chronicle", config, s, max_games=max_games)
        camp = played.campaign
        missions += len(played.actions)
        reached += reached_final(camp)
        outcome = camp.outcome()
        won += bool(outcome is not None and outcome.winners)
        for carry in camp.carries:  # each finished mission's news: its station, won or lost
            sid = carry["news"]["station"]
            played_at[sid] = played_at.get(sid, 0) + 1
            won_at[sid] = won_at.get(sid, 0) + carry["news"]["won"]
    stations = tuple((st.id, played_at.get(st.id, 0), won_at.get(st.id, 0))
                     for st in campaign.the_map().stations)
    return CampaignCell(games, reached, won, missions, stations)


def campaign_table(games: int, seed: int = 0) -> dict[tuple[int, bool], CampaignCell]:
    """Returns every cell: (seats, hard) -> the batch of ``games`` campaigns."""
    return {(seats, hard): campaign_batch(seats, hard, games, seed)
            for seats in CAMPAIGN_SEATS for hard in (False, True)}


def campaign_markdown(cells: dict[tuple[int, bool], CampaignCell]) -> str:
    """Returns the campaign table as balance.md holds it, markers included."""
    lines = [CAMPAIGN_BEGIN, "| heroes | mode | reach the final boss | win the campaign | "
             "missions played (mean) |", "|---|---|---|---|---|"]
    for (seats, hard), c in sorted(cells.items()):
        mode = "hard" if hard else "normal"
        mean = c.missions / c.campaigns
        lines.append(f"| {seats} | {mode} | {c.share(c.reached)} % ({c.reached}/{c.campaigns}) "
                     f"| {c.share(c.won)} % ({c.won}/{c.campaigns}) | {mean:.1f} |")
    lines.append(CAMPAIGN_END)
    return "\n".join(lines)


def station_markdown(cells: dict[tuple[int, bool], CampaignCell]) -> str:
    """Returns the missions of the campaign batches as balance.md holds them, markers
    included: per station, hero count and mode the missions won out of those played there
    (tries again included)."""
    keys = sorted(cells)
    head = " | ".join(f"{seats} {'hard' if hard else 'normal'}" for seats, hard in keys)
    lines = [STATIONS_BEGIN, f"| station | {head} |", "|---|" + "---|" * len(keys)]
    ids = [sid for sid, _, _ in cells[keys[0]].stations]
    for k, sid in enumerate(ids):
        row = []
        for key in keys:
            _, played, won = cells[key].stations[k]
            row.append(f"{(200 * won + played) // (2 * played)} % ({won}/{played})"
                       if played else "—")
        lines.append(f"| {sid.upper()} | " + " | ".join(row) + " |")
    lines.append(STATIONS_END)
    return "\n".join(lines)


# --- the bot levels (issue #19): a party of hard bots against a party of normal ones -----------
LEVELS_BEGIN = "<!-- levels table: python tools/coop_balance.py --levels --write -->"
LEVELS_END = "<!-- end of the levels table -->"
LEVEL_TILES = ("bridge", "glade")
LEVEL_GAMES = 40


@dataclass
class LevelCell:
    """A batch of missions played by a party of one bot level: the seeds won and the CPU
    seconds of every decision with a choice (``time.thread_time``)."""

    level: str
    games: int
    won: tuple[int, ...]  # the seeds of the missions won
    times: list[float]

    def percentile(self, q: float) -> float:
        """Returns the q-quantile (0..1) of the decision times (nearest rank; 0 without)."""
        times = sorted(self.times)
        if not times:
            return 0.0
        rank = max(1, min(len(times), int(-(-q * len(times) // 1))))
        return times[rank - 1]


def level_batch(level: str, tile: str, seats: int, hard: bool, games: int, seed: int = 0,
                on_game: Any = None) -> LevelCell:
    """Plays ``games`` missions on seeds ``seed``... with every seat's bot at ``level`` (easy,
    normal or hard), each seat's bot seeded as ``simulate`` seeds it; times the decisions."""
    import time

    from engine import registry
    from engine.ai.play import seat_bots

    rules = registry.rules(GAME)
    config = bot_config(GAME, ["heuristic"] * seats, level, {"tile": tile, "hard": hard})
    won: list[int] = []
    times: list[float] = []
    for s in range(seed, seed + games):
        state = rules.new_game(config, s)
        bots = seat_bots(GAME, config, s)
        while not rules.is_over(state):
            actor = rules.current_actor(state)
            if actor is None:
                break
            forced = len(rules.legal_actions(state)) == 1
            start = time.thread_time()  # ok-determinism: reported duration only
            action = bots[actor].choose(rules, state, actor)
            if not forced:
                times.append(time.thread_time() - start)  # ok-determinism: reported only
            rules.apply(state, action)
        if state.result == "won":
            won.append(s)
        if on_game is not None:
            on_game(level, s, state.result)
    return LevelCell(level, games, tuple(won), times)


def levels_markdown(cells: dict[tuple[str, bool, str], LevelCell]) -> str:
    """Returns the levels table (markers included): per tile and mode the missions the normal
    and the hard party won of the same seeds, the seeds only one of them won, and the hard
    party's decision times."""
    lines = [LEVELS_BEGIN, "| tile | mode | normal party won | hard party won | won by hard only "
             "/ normal only | hard decision CPU p50 / p99 / max |", "|---|---|---|---|---|---|"]
    for tile, hard in dict.fromkeys((t, h) for t, h, _level in cells):
        normal, strong = cells[(tile, hard, "normal")], cells[(tile, hard, "hard")]
        only_hard = len(set(strong.won) - set(normal.won))
        only_normal = len(set(normal.won) - set(strong.won))
        cell = [Cell(len(c.won), c.games) for c in (normal, strong)]
        lines.append(
            f"| {tile} | {'hard' if hard else 'normal'} | {cell[0].percent()} % "
            f"({cell[0].won}/{cell[0].games}) | {cell[1].percent()} % ({cell[1].won}/"
            f"{cell[1].games}) | {only_hard} / {only_normal} | {strong.percentile(0.5):.2f} / "
            f"{strong.percentile(0.99):.2f} / {max(strong.times, default=0.0):.2f} s "
            f"({len(strong.times)} decisions) |")
    lines.append(LEVELS_END)
    return "\n".join(lines)
