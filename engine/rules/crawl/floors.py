"""The extended solitaire campaign on the campaign layer (seed 004, "Erweiterte Kampagne").

Each floor is one game (option ``floors``). A floor the team clears and leaves by the stairs
ends, after hiring and leaving treasure behind, with the reason ``floor_done``; it carries out
the next floor's number, every hero with its level (the team, those gone by the exit and those
knocked out), the team's chests (loose or left behind in safety) and the experience. The next
floor is a game of its own set up from that carry (``set_up_floor``). Any other end (the team
out, the exit taken by the last heroes, the turn limit) ends the campaign. docs/crawl/rules.md,
"The campaign on the campaign layer", has the decisions and the seed's passages.

The older form of the campaign (option ``campaign``: every floor inside one state) is kept in
solo.py only so that saves made before keep loading; new games never use it.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Event, Message
from engine.core.campaign import CampaignDef
from engine.core.errors import MalformedAction
from engine.core.protocol import GameConfig, Outcome
from engine.rules.crawl import names
from engine.rules.crawl.core import content
from engine.rules.crawl.state import Chest, CrawlState, Figure

# What a floor carries into the next (checked strictly by check_schema, then by check_carry).
CARRY_SCHEMA = {
    "floor": int,  # the number of the floor the next game plays (2 = the second)
    "heroes": [{"hero": str, "level": int, "where": str}],  # where: team, left or out
    "chests": [{"kind": str, "treasure": int, "used": bool, "safe": bool}],
    "xp": int,
    "levels": int,
}
WHERE = ("team", "left", "out")
# A figure's place at a floor's end, as the carry names it (below: waiting on the stairs).
_CARRIED_WHERE = {"out": "out", "left": "left"}
MAX_HEROES = 64  # a bound for hostile saves: the content has far fewer heroes
MAX_CHESTS = 256


def is_floor_game(s: CrawlState) -> bool:
    """Returns whether the game is one floor of the campaign (it ends when the floor does)."""
    return bool(s.supply.get("floor_game"))


def carry_out(s: CrawlState) -> dict[str, Any]:
    """Returns what a finished floor hands to the next: floor, heroes, chests, experience."""
    p = s.players[0]
    heroes = [{"hero": f.did, "level": f.level, "where": _CARRIED_WHERE.get(f.where, "team")}
              for f in s.figures if f.hero]
    chests = []
    # In the order they were laid in the dungeon (by uid): the next floor numbers them in
    # that order, so ties between equal items fall as before.
    for uid in sorted(p.chests):
        ch = s.chest(uid)
        chests.append({"kind": ch.did, "treasure": ch.treasure, "used": ch.used,
                       "safe": ch.safe})
    return {"floor": int(s.supply.get("floor", 1)) + 1, "heroes": heroes, "chests": chests,
            "xp": p.xp, "levels": p.levels}


def check_carry(carry: dict[str, Any], players: int) -> None:
    """Raises MalformedAction when a carry (already fitting CARRY_SCHEMA) cannot be played."""
    from engine.rules.crawl.solo import CAMPAIGN_TEAM

    if players != 1:
        raise MalformedAction("carry: the campaign is a solitaire game (one player)")
    if carry["floor"] < 2:
        raise MalformedAction("carry.floor: a carried floor is the second or a later one")
    if carry["xp"] < 0 or carry["levels"] < 0:
        raise MalformedAction("carry: experience and levels are not negative")
    heroes = carry["heroes"]
    if len(heroes) > MAX_HEROES or len(carry["chests"]) > MAX_CHESTS:
        raise MalformedAction("carry: too many heroes or chests")
    c = content()
    known = {h.id: h for h in c.all("hero")}
    seen: set[str] = set()
    for i, h in enumerate(heroes):
        hdef = known.get(h["hero"])
        if hdef is None:
            raise MalformedAction(f"carry.heroes[{i}]: no hero {h['hero']!r}")
        if h["hero"] in seen:
            raise MalformedAction(f"carry.heroes[{i}]: {h['hero']!r} is in the team twice")
        seen.add(h["hero"])
        if not 1 <= h["level"] <= len(hdef.level_starts):
            raise MalformedAction(f"carry.heroes[{i}]: no level {h['level']}")
        if h["where"] not in WHERE:
            raise MalformedAction(f"carry.heroes[{i}]: where is one of {list(WHERE)}")
    team = sum(1 for h in heroes if h["where"] == "team")
    # seed 004: "Ein Dungeons-Team darf nie mehr als vier Mitglieder enthalten"; a floor is
    # only reached by a team that went down the stairs.
    if not 1 <= team <= CAMPAIGN_TEAM:
        raise MalformedAction(f"carry.heroes: a team of 1 to {CAMPAIGN_TEAM} heroes")
    kinds = {k.id: k for k in c.all("chest")}
    for i, ch in enumerate(carry["chests"]):
        kind = kinds.get(ch["kind"])
        if kind is None:
            raise MalformedAction(f"carry.chests[{i}]: no chest {ch['kind']!r}")
        if not 0 <= ch["treasure"] < len(kind.treasures):
            raise MalformedAction(f"carry.chests[{i}]: no treasure setting {ch['treasure']}")


def set_up_floor(s: CrawlState, carry: dict[str, Any], survival: bool) -> None:
    """Sets up a carried floor: the heroes and chests of the carry, then the next floor as the
    in-state campaign set it up (solo.start_floor: new chests, harder markers, the team healed
    and waiting at the entrance stairs, the entrance chosen first)."""
    from engine.rules.crawl.solo import start_floor

    p = s.players[0]
    p.xp, p.levels = carry["xp"], carry["levels"]
    c = content()
    for h in carry["heroes"]:
        hdef = c.get("hero", h["hero"])
        where = "outside" if h["where"] == "team" else h["where"]
        # A hero knocked out stays so (its dial past the last click); the others start at
        # their level (start_floor heals the team to it as well).
        click = len(hdef.clicks) if where == "out" else hdef.level_starts[h["level"] - 1]
        s.figures.append(Figure(s.next_uid, hdef.id, True, 0, where, click=click,
                                level=h["level"]))
        s.next_uid += 1
    for held in carry["chests"]:
        ch = Chest(s.next_uid, held["kind"], None, 0, held["treasure"])
        s.next_uid += 1
        # A held chest as the in-state campaign kept it: opened, its trap dealt with.
        ch.status, ch.holder, ch.examined = "held", 0, True
        ch.used, ch.safe = held["used"], held["safe"]
        s.chests.append(ch)
        p.chests.append(ch.uid)
    s.supply = {"survival": survival, "campaign": True, "floor": carry["floor"] - 1,
                "floor_chests": [], "floor_game": True}
    start_floor(s, [])


def go_on(s: CrawlState, events: list[Event]) -> None:
    """Goes on after the hiring and stash steps of a cleared floor: a floor game ends (the
    campaign layer sets up the next floor as a game of its own), an old in-state campaign
    lays the next floor in the same state."""
    if is_floor_game(s):
        from engine.rules.crawl.rules import finish

        # The floor's game ends in play, not in the hiring or stash step (the table would
        # show its picking screen behind the between-floors panel).
        s.phase, s.setup, s.current = "play", {}, 0
        finish(s, "floor_done", events)
        return
    from engine.rules.crawl.solo import start_floor

    start_floor(s, events)


def carry_lines(carry: dict[str, Any]) -> list[Message]:
    """Returns what the campaign carries into the next floor, one line each (for the shell)."""
    lines = [Message("crawl.carry.floor", {"floor": carry["floor"]})]
    for h in carry["heroes"]:
        if h["where"] == "team":
            lines.append(Message("crawl.carry.hero", {
                "hero_name": names.def_name(h["hero"], True), "level": h["level"]}))
    for where, key in (("left", "crawl.carry.left"), ("out", "crawl.carry.out")):
        count = sum(1 for h in carry["heroes"] if h["where"] == where)
        if count:
            lines.append(Message(key, {"count": count}))
    along = [ch for ch in carry["chests"] if not ch["safe"]]
    safe = [ch for ch in carry["chests"] if ch["safe"]]
    lines.append(Message("crawl.carry.along", {"chests": len(along), "gold": _gold(along)}))
    lines.append(Message("crawl.carry.stash", {"chests": len(safe), "gold": _gold(safe)}))
    lines.append(Message("crawl.carry.xp", {"xp": carry["xp"]}))
    return lines


def _gold(chests: list[dict[str, Any]]) -> int:
    c = content()
    return sum(int(c.get("chest", ch["kind"]).treasures[ch["treasure"]].gold) for ch in chests)


class CrawlFloors(CampaignDef):
    """The extended solitaire campaign (seed 004): one game per floor until the team is out."""

    id = "floors"
    label = "crawl.campaign.floors"
    texts = {"next": "crawl.campaign.next", "game_won": "crawl.campaign.floor_cleared",
             "of": "crawl.campaign.of", "result_line": "crawl.campaign.result_line",
             "score": "crawl.campaign.score", "carry": "crawl.campaign.carry",
             "over": "crawl.campaign.over", "over_lost": "crawl.campaign.over_lost",
             "load": "crawl.campaign.load"}

    def applies(self, config: GameConfig) -> bool:
        """Returns True for a solitaire set-up (with more players the option does nothing)."""
        return config.players == 1

    def next_config(self, config: GameConfig, index: int, outcome: Outcome,
                    carry: dict[str, Any]) -> GameConfig | None:
        """Returns the next floor's set-up after a cleared floor the team went down from, else
        None (the team is out, gone by the exit, or out of time)."""
        if outcome.reason is None or outcome.reason.key != "crawl.end.floor_done":
            return None
        return config.with_carry(carry)

    def outcome(self, outcomes: list[Outcome], carries: list[dict[str, Any]]) -> Outcome:
        """Returns the last floor's end (won with treasure brought to safety) and the floors
        played."""
        last = outcomes[-1]
        key = "crawl.end.campaign_won" if last.winners else "crawl.end.campaign_lost"
        return Outcome(last.winners, last.scores, Message(key, {"floors": carries[-1]["floor"]
                                                               - 1}))

    def sample_carries(self, config: GameConfig) -> list[dict[str, Any]]:
        """Returns a second floor reached by a veteran team of four at level 5, with a hero
        gone by the exit and one knocked out, a loose and a stashed chest: a conformance run
        plays it (and, when the team clears it, the floors after it)."""
        if not self.applies(config):
            return []
        heroes = [h.id for h in content().all("hero")][:6]
        kinds = [k.id for k in content().all("chest")]
        team = [{"hero": h, "level": 5, "where": "team"} for h in heroes[:4]]
        return [{"floor": 2, "xp": 35, "levels": 4,
                 "heroes": [*team, {"hero": heroes[4], "level": 1, "where": "left"},
                            {"hero": heroes[5], "level": 2, "where": "out"}],
                 "chests": [{"kind": kinds[0], "treasure": 3, "used": False, "safe": False},
                            {"kind": kinds[-1], "treasure": 0, "used": False, "safe": True}]}]
