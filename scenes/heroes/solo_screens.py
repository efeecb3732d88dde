"""Moments of the heroes solo campaign for screenshots and tests (scenes/heroes/screens.py lists
them): a seeded campaign played by the heuristic bot until the moment's condition holds, then
shown at the map table for the human player.

- ``solo_setup``: the pre-game step of the campaign (the hero's faction and kind);
- ``solo_map``: the first scenario's map, the bot hero on its way, the campaign box beside it;
- ``solo_battle``: a battle against a bot hero, its bot cards in the log;
- ``solo_between``: the panel between the first and the second scenario (what carries over);
- ``solo_carry``: the second scenario's first decision, a card for the new deck;
- ``solo_end``: the campaign's end panel after its last scenario (played by the bot from the
  campaign's last sample carry, won or lost).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SOLO_MOMENTS = ("solo_setup", "solo_map", "solo_battle", "solo_between", "solo_carry",
               "solo_end")


def new_campaign(seed: int) -> Any:
    """Returns a solo campaign at its first scenario, the seat human (its bot plays it here)."""
    from engine.core.campaign import CampaignSession
    from engine.core.protocol import HUMAN, GameConfig, SeatConfig

    seats = (SeatConfig(kind=HUMAN, name="Alma", colour="crimson"),)
    config = GameConfig(seats, {"mode": "campaign", "faction_1": "sunward"})
    return CampaignSession.start("heroes", "solo", config, seed)


def _view(session: Any) -> dict[str, Any]:
    return session.rules.view(session.state, 0)  # type: ignore[no-any-return]


def _bot_near(session: Any) -> bool:
    """Returns True when the player may move, a bot hero is on the map within five fields of
    the player's hero, and no battle runs."""
    from engine.core import hexgrid

    v = _view(session)
    if session.actor != 0 or not v["reach"] or v.get("battle"):
        return False
    me = v["players"][0]["heroes"]["main"]
    return me is not None and any(
        not b["out"] and b["at"] is not None
        and hexgrid.distance(tuple(b["at"]), tuple(me)) <= 5 for b in v["bots"])


def _bot_battle(session: Any) -> bool:
    """Returns True in a battle against a bot hero once it used a bot card and the player
    must act with a unit."""
    v = _view(session)
    battle = v.get("battle")
    if battle is None or session.actor != 0 or battle["view"]["phase"] != "battle":
        return False
    bots = [s["bot"] for s in battle["view"]["sides"] if s.get("bot")]
    return bool(bots) and bool(bots[0]["used"]) and any(
        a.kind == "attack" for a in session.rules.legal_actions(session.state))


def _play(session: Any, done: Callable[[Any], bool], seed: int, limit: int = 4000) -> bool:
    """Plays the heuristic bot until done(session) holds (scenes/heroes/screens.py)."""
    from scenes.heroes.screens import play_until

    return play_until(session, done, seed, limit)


def _won_first(seed: int) -> Any:
    """Returns a campaign whose first scenario the bot has just won (the seed or a later one)."""
    for attempt in range(8):
        camp = new_campaign(seed + attempt)
        _play(camp.current, lambda s: s.is_over, seed + attempt)
        outcome = camp.current.rules.outcome(camp.current.state)
        if outcome is not None and 0 in outcome.winners:
            return camp
    return camp


def second_scenario(seed: int, which: int = 0) -> Any:
    """Returns a campaign at its second scenario, carried in from the campaign's first sample
    carry (seven cards to choose five from): the card choice is the first decision; ``which``
    another sample carry (1: the last scenario)."""
    from engine.core.actions import Message
    from engine.core.campaign import CampaignSession, campaign_of
    from engine.core.protocol import Outcome
    from engine.core.session import Session

    first = new_campaign(seed)
    camp = campaign_of("heroes", "solo")
    carry = camp.sample_carries(first.config)[which]
    config = camp.next_config(first.config, carry["next"], Outcome((0,), (1.0,), None), carry)
    assert config is not None
    session = CampaignSession("heroes", "solo", first.config, seed,
                              Session.start("heroes", config, seed))
    if which != 0:
        # the games before were won: their outcomes and carries as advance() records them, the
        # first game's record standing in for each finished one (the panel counts them; a
        # moment is never saved)
        record = first.current.record(snapshot=False)
        for n in range(carry["next"]):
            session.finished.append(record)
            session.outcomes.append(Outcome((0,), (1.0,), Message("heroes.bot.end.bots", {})))
            session.carries.append({**carry, "next": n + 1, "won": carry["won"][:n + 1]})
    return session


def open_solo_moment(app: Any, name: str, seed: int = 1) -> Any:
    """Pushes the map table at a moment of the solo campaign; returns the top scene."""
    from scenes.campaign import BetweenGamesScene
    from scenes.heroes.map import MapTableScene

    if name == "solo_setup":
        from engine.core.protocol import HUMAN, GameConfig, SeatConfig
        from scenes.heroes.setup import SkirmishSetupScene

        seats = (SeatConfig(kind=HUMAN, name="Alma", colour="crimson"),)
        app.push(SkirmishSetupScene(app, "heroes", GameConfig(seats, {"mode": "campaign"}),
                                    seed))
        return app.top
    if name in ("solo_between", "solo_carry", "solo_end"):
        if name == "solo_end":
            camp = second_scenario(seed, which=-1)
            _play(camp.current, lambda s: s.is_over, seed)
        else:
            camp = _won_first(seed) if name == "solo_between" else second_scenario(seed)
        table = MapTableScene(app, camp.current, autosave=False, campaign=camp)
        app.push(table)
        table.is_bot = lambda seat: False  # type: ignore[method-assign]  # freeze
        table.refresh()
        if name in ("solo_between", "solo_end"):
            table.over_shown = True
            app.push(BetweenGamesScene(app, table))
        return app.top
    done = _bot_near if name == "solo_map" else _bot_battle
    camp = new_campaign(seed)
    for attempt in range(8):
        if _play(camp.current, done, seed * 13 + attempt):
            break
        camp = new_campaign(seed + attempt + 1)
    table = MapTableScene(app, camp.current, autosave=False, campaign=camp)
    app.push(table)
    table.is_bot = lambda seat: False  # type: ignore[method-assign]  # freeze for the picture
    table.refresh()
    return app.top
