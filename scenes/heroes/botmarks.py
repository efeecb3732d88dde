"""The bot heroes of the solo campaign at the map table (scenes/heroes/map.py calls in here):
their figures on the map, the flags they set, the bot towns, their tooltips, and the side
panel's campaign box (the scenario's goal, each bot hero's army, the bot deck).

Everything is read from the map view's ``bots``, ``bot_towns``, ``solo`` and each field's
``bot`` (engine/rules/heroes/adventure/bothero.py, ``view_part``); nothing here decides a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from scenes import assets, theme
from scenes.heroes import art, query
from scenes.widgets import blit_centered

if TYPE_CHECKING:
    from scenes.heroes.map import MapTableScene

BOT_COLOUR = (72, 74, 84)  # the bots' banner colour on the map: iron grey, no seat colour (theme.SEAT_COLOURS)
TYPES = (("might", "heroes.bot.type.might"), ("magic", "heroes.bot.type.magic"),
         ("skill", "heroes.bot.type.skill"))
LEVELS = {"easy": "heroes.opt.difficulty.easy", "normal": "heroes.opt.difficulty.normal",
          "expert": "heroes.opt.difficulty.expert",
          "impossible": "heroes.opt.difficulty.impossible"}


def _hex(v: Any) -> tuple[int, int]:
    return (int(v[0]), int(v[1]))


def has_bots(view: dict[str, Any]) -> bool:
    """Returns True when the map view is a campaign scenario's (bot heroes in it)."""
    return bool(view.get("bots"))


def draw(table: MapTableScene, surface: pygame.Surface) -> None:
    """Draws the bot towns' rings, the bots' flags and the bot heroes' figures on the map."""
    view = table.view
    if not has_bots(view):
        return
    cam = table.map_cam
    ts = cam.ts
    for t in view.get("bot_towns", []):
        cx, cy = cam.cell_centre(_hex(t["at"]))
        size = int(ts * 0.56)
        pygame.draw.circle(surface, BOT_COLOUR, (int(cx), int(cy - ts * 0.06)),
                           size // 2 + 5, max(2, ts // 20))
        if t.get("walls"):
            icon = assets.asset_icon("heroes.bot.walls", max(12, int(ts * 0.26)))
            surface.blit(icon, icon.get_rect(center=(int(cx - ts * 0.28), int(cy + ts * 0.2))))
    for f in view.get("fields", []):
        if f.get("bot") is None:
            continue
        cx, cy = cam.cell_centre(_hex(f["at"]))
        flag = assets.asset_icon("heroes.bot.flag", max(12, int(ts * 0.24)), BOT_COLOUR)
        pole = pygame.Rect(0, 0, max(12, int(ts * 0.24)) + 4, max(12, int(ts * 0.24)) + 4)
        pole.center = (int(cx + ts * 0.26), int(cy + ts * 0.2))
        pygame.draw.rect(surface, (236, 226, 200), pole, border_radius=3)
        blit_centered(surface, flag, pole.center)
    for b in view["bots"]:
        if b["out"] or b["at"] is None:
            continue
        cx, cy = cam.cell_centre(_hex(b["at"]))
        pos = (int(cx + ts * 0.18), int(cy + ts * 0.12))
        radius = int(ts * 0.2)
        pygame.draw.circle(surface, (0, 0, 0), (pos[0] + 2, pos[1] + 3), radius + 2)
        pygame.draw.circle(surface, BOT_COLOUR, pos, radius + 2)
        pygame.draw.circle(surface, theme.WOOD_DEEP, pos, radius - 1)
        blit_centered(surface, assets.asset_icon("heroes.bot.hero", int(radius * 1.5)), pos)


def field_tip(table: MapTableScene, h: tuple[int, int]) -> list[str]:
    """Returns the tooltip lines a field gains from the bots: a bot hero with its army, a bot's
    flag, a bot town."""
    view = table.view
    if not has_bots(view):
        return []
    t = table.app.t
    lines = []
    for b in view["bots"]:
        if not b["out"] and b["at"] is not None and _hex(b["at"]) == h:
            lines.append(t("heroes.botui.hero_tip", name=art.name(table.app, b["name"]),
                           units=units_text(table, b)))
    for town in view.get("bot_towns", []):
        if _hex(town["at"]) == h:
            lines.append(t("heroes.botui.town_walls" if town.get("walls")
                           else "heroes.botui.town"))
    f = table.fields.get(h)
    if f is not None and f.get("bot") is not None:
        lines.append(t("heroes.botui.flag_tip",
                       name=art.name(table.app, view["bots"][int(f["bot"])]["name"])))
    return lines


def units_text(table: MapTableScene, b: dict[str, Any]) -> str:
    """Returns a bot hero's army as names (a Pack marked)."""
    t = table.app.t
    names = []
    for uid, pack in b["units"]:
        name = art.unit_name(table.app, uid)
        names.append(t("heroes.botui.pack", name=name) if pack else name)
    return ", ".join(names) or "—"


def draw_side(table: MapTableScene, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Draws the campaign box: the scenario's goal, every bot hero, the bot deck; lines that
    no longer fit the box (many buttons above it) are left out, the tooltip has them all."""
    view = table.view
    if not has_bots(view) or rect.height < 40:
        return
    surface.blit(theme.panel(rect.size, "inset"), rect)
    x, width = rect.left + 12, rect.width - 24
    y = rect.top + 8
    for image, indent, dot in fitting_lines(side_lines(table, width), rect.height - 14):
        if y + image.get_height() > rect.bottom - 6:
            break
        if dot:
            pygame.draw.circle(surface, BOT_COLOUR, (x + 8, y + image.get_height() // 2), 7)
        surface.blit(image, (x + indent, y))
        y += image.get_height() + 3


def fitting_lines(lines: list[tuple[pygame.Surface, int, bool]],
                  height: int) -> list[tuple[pygame.Surface, int, bool]]:
    """Returns the box's lines that are drawn in ``height`` pixels: when not all fit, the bot
    heroes' unit lines are left out first, so that every bot hero's name and state stay (found
    in the co-op window walk: two buttons more above the box hid the second bot hero)."""
    def total(part: list[tuple[pygame.Surface, int, bool]]) -> int:
        return sum(image.get_height() + 3 for image, _i, _d in part)

    if total(lines) <= height:
        return lines
    return [line for line in lines if not (line[1] and not line[2])]


def side_lines(table: MapTableScene, width: int) -> list[tuple[pygame.Surface, int, bool]]:
    """Returns the campaign box's lines as (image, indent, bot dot)."""
    view = table.view
    t = table.app.t
    # a co-operative game (engine/rules/heroes/adventure/teams.py) is no campaign
    title = t("heroes.teamui.coop_box") if view.get("team_mode") == "coop" \
        else t("heroes.botui.title")
    out = [(assets.text(assets.fit(title, "heading", theme.SIZE_SMALL, width),
                        "heading", theme.SIZE_SMALL, theme.GOLD), 0, False)]
    goals = query.scenario(view["scenario"]).victory
    for goal in goals:
        out.append((assets.text(art.name(table.app, goal.text), "body", theme.SIZE_TINY,
                                theme.INK, width, "left"), 0, False))
    solo = view.get("solo") or {}
    if solo.get("keep"):
        out.append((assets.text(t("heroes.botui.keep", n=solo["keep"]), "bold", theme.SIZE_TINY,
                                theme.GOLD_BRIGHT, width, "left"), 0, False))
    if any(g.type == "hold_mines" for g in goals):
        out.append((assets.text(t("heroes.botui.hold", mines=solo.get("mines", 0),
                                  rounds=solo.get("hold", 0)), "bold", theme.SIZE_TINY,
                                theme.GREEN_BRIGHT, width, "left"), 0, False))
    for b in view["bots"]:
        name = art.name(table.app, b["name"])
        state = t("heroes.botui.beaten") if b["out"] else (
            t("heroes.botui.guards") if not b["moves"] else "")
        line = f"{name} · {state}" if state else name
        out.append((assets.text(assets.fit(line, "bold", theme.SIZE_TINY, width - 26), "bold",
                                theme.SIZE_TINY, theme.INK_DIM if b["out"] else theme.INK),
                    22, True))
        if not b["out"]:
            out.append((assets.text(units_text(table, b), "body", theme.SIZE_TINY,
                                    theme.INK_DIM, width - 22, "left"), 22, False))
    deck = solo.get("bot_deck") or {}
    parts = [f"{deck.get(kind, 0)} {t(key)}" for kind, key in TYPES]
    level = t(LEVELS.get(str(solo.get("difficulty")), LEVELS["normal"]))
    line = t("heroes.botui.deck", cards=", ".join(parts), spells=solo.get("bot_spells", 0),
             level=level)
    out.append((assets.text(line, "italic", theme.SIZE_TINY, theme.INK_DIM, width, "left"),
                0, False))
    return out


def draw_bot_decks(table: Any, surface: pygame.Surface, rect: pygame.Rect,
                   bot: dict[str, Any]) -> None:
    """Draws a bot hero's decks in its battle side box: cards and spells left, the cards used."""
    t = table.app.t
    x, width = rect.left + 22, rect.width - 44
    y = rect.top + 128
    lines = [t("heroes.botui.cards_left", n=bot["cards_left"], spells=bot["spells_left"],
               level=t(LEVELS.get(str(bot["difficulty"]), LEVELS["normal"])))]
    if bot["used"]:
        names = ", ".join(art.name(table.app, query.bot_card(c).name) for c in bot["used"])
        lines.append(t("heroes.botui.used", cards=names))
    for text in lines:
        image = assets.text(text, "body", theme.SIZE_TINY, theme.INK_DIM, width, "left")
        if y + image.get_height() > rect.bottom - 8:
            return
        surface.blit(image, (x, y))
        y += image.get_height() + 4
