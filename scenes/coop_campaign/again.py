"""A finished mission of the campaign played again (issue #16: "every mission's record kept so any
mission can be replayed"; docs/coop_campaign/rules.md, "Playing a mission again").

The campaign keeps every finished game's record (engine/core/campaign.py: ``finished``, with what
each carried out). Clicking a finished station on the campaign map offers to play that mission
again from where the party set out for it: the mission's recorded game is started from its
recorded set-up and seed and its camp choices are replayed up to "Set out", so the same heroes,
items, levels and shuffled decks meet the same first round. That table is a game of its own:
it is not part of the campaign, is not autosaved, and whatever happens in it changes nothing of
the campaign; when it ends, "Back to the campaign" returns to the campaign's table.
"""

from __future__ import annotations

import logging
from typing import Any

from scenes.app import App

log = logging.getLogger(__name__)
MAX_CAMP_ACTIONS = 10_000  # a bound on the camp actions replayed before "Set out"


def mission_record(campaign: Any, sid: str) -> Any | None:
    """Returns the record of the last game of a campaign that played station ``sid`` to its end
    (the try that was won, after lost ones), or None when none did."""
    if campaign is None:
        return None
    found = None
    for record, carry in zip(campaign.finished, campaign.carries, strict=False):
        news = carry.get("news") or {}
        if news.get("station") == sid:
            found = record
    return found


def can_play_again(campaign: Any, sid: str) -> bool:
    """Returns True when the campaign holds a finished record of station ``sid``."""
    return mission_record(campaign, sid) is not None


def session_at_set_out(record: Any) -> Any:
    """Returns a new session of the recorded mission at the moment its party set out: the
    recorded set-up and seed, the camp's recorded choices replayed (a record whose camp never
    ended, as after a content change, stops where it can)."""
    from engine.core.session import Session

    session = Session.start(record.game_id, record.config, record.seed)
    for action in record.actions[:MAX_CAMP_ACTIONS]:
        if session.rules.view(session.state, None).get("stage") != "camp":
            break
        session.apply(action)
    return session


def play_again(app: App, table: Any, sid: str) -> bool:
    """Opens the mission of station ``sid`` again over the campaign's table; False (and a toast)
    when it cannot be rebuilt."""
    from engine.core.errors import EngineError
    from scenes.coop_campaign.table import CoopTableScene

    record = mission_record(getattr(table, "campaign", None), sid)
    if record is None:
        return False
    try:
        session = session_at_set_out(record)
    except EngineError as exc:
        log.warning("mission %s cannot be played again: %s", sid, exc)
        app.toast(app.t("coop.ui.again.failed"), "error")
        return False
    again = CoopTableScene(app, session, autosave=False, again_of=sid)
    app.push(again)
    return True


def offer(app: App, table: Any, sid: str) -> None:
    """Asks whether to play station ``sid``'s mission again (the campaign's map, a click on a
    finished station)."""
    from scenes.coop_campaign.camp import station_title
    from scenes.dialogs import MessageDialog

    def go() -> None:
        # the map closes first: the mission opens over the campaign's table
        from scenes.coop_campaign.campmap import CampaignMapScene

        while isinstance(app.top, CampaignMapScene):
            app.pop()
        play_again(app, table, sid)

    app.push(MessageDialog(app, station_title(app, sid), app.t("coop.ui.again.body"),
                           detail=app.t("coop.ui.again.detail"),
                           buttons=[(app.t("coop.ui.again.play"), go),
                                    (app.t("coop.ui.again.cancel"), lambda: None)],
                           icon="ui.play"))


def over_dialog(app: App, again: Any) -> Any:
    """Returns the panel shown when a mission played again ends: won or lost, the campaign
    unchanged, back to the campaign's table or a look at this one."""
    from scenes.coop_campaign.camp import station_title
    from scenes.dialogs import MessageDialog

    outcome = again.rules.outcome(again.session.state)
    won = bool(outcome is not None and outcome.winners)
    title = station_title(app, again.again_of)
    body = app.t("coop.ui.again.won" if won else "coop.ui.again.lost", mission=title)

    def back() -> None:
        if app.top is again:
            app.pop()

    return MessageDialog(app, app.t("coop.ui.again.over"), body,
                         detail=app.t("coop.ui.again.unchanged"),
                         buttons=[(app.t("coop.ui.again.back"), back),
                                  (app.t("ui.over.table"), lambda: None)],
                         icon="ui.winner" if won else "ui.no_winner")
