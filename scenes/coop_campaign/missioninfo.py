"""What a player should know of a mission before and while playing it: the story, the goal,
the reward, and in a campaign the checkboxes the mission may tick and those that change it.

The camp shows it under the coming mission's story; the mission table shows it in the tooltip
of the tile's name. Everything comes from content (the tile's ``story`` and ``reward``, the
map's boxes) and from the view (the boxes ticked, the retries left): no rule is worked out
here.
"""

from __future__ import annotations

from typing import Any

from scenes.coop_campaign import art, query


def mission_sections(app: Any, tid: str, sid: str | None = None,
                     ticked: list[str] | None = None,
                     retries: int | None = None) -> list[tuple[str, list[str]]]:
    """Returns the mission's sections as (heading, lines): the goal and the reward, the boxes
    the mission may tick (in a campaign, ``sid`` its station), the ticked boxes that change it,
    and in a hard-mode campaign the retries left."""
    t = app.t
    out: list[tuple[str, list[str]]] = []
    if not query.has_tile(tid):
        return out
    tile = query.tile(tid)
    rounds = len(tile.tracker)
    goal = t("coop.ui.info.goal_boss", rounds=rounds) if tile.boss is not None else \
        t("coop.ui.info.goal_survive", rounds=rounds)
    out.append((str(t("coop.ui.info.goal")), [str(goal)]))
    if tile.reward is not None:
        out.append((str(t("coop.ui.info.reward")), [art.name(app, tile.reward)]))
    if sid:
        ticked = list(ticked or [])
        m = query.campaign_map()
        at_stake = [_box_line(app, b) for b in m.boxes if b.set_by == sid]
        if at_stake:
            out.append((str(t("coop.ui.info.at_stake")), at_stake))
        here = [_box_line(app, b) for b in m.boxes if sid in b.affects and b.id in ticked]
        if here:
            out.append((str(t("coop.ui.info.in_force")), here))
    if retries is not None:
        line = t("coop.ui.retries_left", n=retries) if retries else t("coop.ui.retries_none")
        out.append((str(t("coop.ui.info.hard")), [str(line)]))
    return out


def _box_line(app: Any, b: Any) -> str:
    shape = app.t(f"coop.ui.shape.{b.shape}")
    # the shape in words: the fonts have no triangle, star or hexagon glyph
    return f"{art.name(app, b.name)} ({shape}): {art.name(app, b.text)}"


def mission_tip(app: Any, tid: str, sid: str | None = None, ticked: list[str] | None = None,
                retries: int | None = None) -> list[str]:
    """Returns the tooltip of a mission's name: name, story, then its sections."""
    if not query.has_tile(tid):
        return []
    tile = query.tile(tid)
    lines = [art.name(app, tile.name), art.name(app, tile.story)]
    for head, body in mission_sections(app, tid, sid, ticked, retries):
        lines.append(f"{head}: {body[0]}")
        lines += body[1:]
    return lines
