"""Team play on the heroes map scene (engine/rules/heroes/adventure/teams.py): the buttons and
popups of gifts, asks and swaps with what each moves, the answers a partner gives, and the team
marks on the players' rows. scenes/heroes/map.py calls in here; nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine.core.actions import Action
from scenes import assets, theme
from scenes.board.chooser import Popup
from scenes.heroes import art

RES = ("gold", "materials", "valuables")
RES_WORDS = {"gold": "heroes.mapui.n_gold", "materials": "heroes.mapui.n_materials",
             "valuables": "heroes.mapui.n_valuables"}
TEAM_NAMES = ("heroes.teamui.team.a", "heroes.teamui.team.b", "heroes.teamui.team.c",
              "heroes.teamui.team.d")
TEAM_COLOURS = ((226, 188, 92), (120, 170, 226), (170, 212, 120), (214, 130, 170))


def is_team_view(view: dict[str, Any]) -> bool:
    """Returns True when the view is of a co-operative or alliance game."""
    return "team_of" in view


def _amount(scene: Any, res: list[int]) -> str:
    return str(scene.amount_text(res))


def gift_label(scene: Any, a: Action) -> str:
    """Returns a gift as a line with what it moves: "Give 5 gold to Anna"."""
    d = scene.preview(a).detail or {}
    res = d.get("res") or [0, 0, 0]
    return str(scene.app.t("heroes.teamui.gift_line", amount=_amount(scene, res),
                           name=scene.seat_name(int(a["to"]))))


def ask_label(scene: Any, a: Action) -> str:
    """Returns an ask as a line: "Ask Anna for 5 gold"."""
    d = scene.preview(a).detail or {}
    res = d.get("res") or [0, 0, 0]
    return str(scene.app.t("heroes.teamui.ask_line", amount=_amount(scene, res),
                           name=scene.seat_name(int(a["from"]))))


def offer_label(scene: Any, a: Action) -> str:
    """Returns a swap offer as a line: "Offer Fireball to Anna"."""
    return str(scene.app.t("heroes.teamui.offer_line",
                           card=art.card_name(scene.app, str(a["card"])),
                           name=scene.seat_name(int(a["to"]))))


def pick_label(scene: Any, a: Action) -> str:
    """Returns a pick in a swap: "Give Haste for Fireball"."""
    offer = scene.view.get("offer") or {}
    return str(scene.app.t("heroes.teamui.pick_line",
                           card=art.card_name(scene.app, str(a["card"])),
                           other=art.card_name(scene.app, str(offer.get("card", "")))))


def card_tip(scene: Any, cid: str) -> list[str]:
    """Returns a card's name and text for a tooltip."""
    try:
        from scenes.heroes import query

        card = query.card(cid)
        lines = [art.card_name(scene.app, cid)]
        lines += [art.name(scene.app, m.text) for m in card.modes if m.text]
        return lines
    except (KeyError, AttributeError):
        return [art.card_name(scene.app, cid)]


def _popup(scene: Any, choices: list[tuple[str, Action]]) -> Any:
    def go() -> None:
        if choices:
            from scenes.heroes.map import MAPV, SIDE

            scene.map_popup = Popup.listing(choices, lambda a: scene._do(a)(),
                                            (SIDE.right + 10, SIDE.top + 300), MAPV,
                                            max_width=520)
    return go


def add_buttons(scene: Any, add: Any) -> None:
    """Adds the team actions open now to the map's buttons (``add(label, action, ...)``)."""
    t = scene.app.t
    idx = scene.index
    gifts = idx.of_kind("gift")
    if gifts:
        add(t("heroes.teamui.gift"), _popup(scene, [(gift_label(scene, a), a) for a in gifts]),
            icon="heroes.ui.gold", tip=t("heroes.teamui.gift.tip"))
    asks = idx.of_kind("ask")
    if asks:
        add(t("heroes.teamui.ask"), _popup(scene, [(ask_label(scene, a), a) for a in asks]),
            icon="heroes.ui.gold", tip=t("heroes.teamui.ask.tip"))
    offers = idx.of_kind("offer")
    if offers:
        add(t("heroes.teamui.swap"), _popup(scene, [(offer_label(scene, a), a)
                                                    for a in offers]),
            icon="heroes.ui.deck", tip=t("heroes.teamui.swap.tip"))
    picks = idx.of_kind("pick")
    for a in picks:
        add(pick_label(scene, a), scene._do(a), icon="heroes.ui.deck",
            tip=card_tip(scene, str(a["card"])))
    offer = scene.view.get("offer") or {}
    if idx.of_kind("accept"):
        if offer.get("what") == "ask":
            label = t("heroes.teamui.accept_ask", amount=_amount(scene, offer.get("res")
                                                                 or [0, 0, 0]),
                      name=scene.seat_name(int(offer.get("seat", 0))))
            tip = None
        else:
            label = t("heroes.teamui.accept_swap",
                      card=art.card_name(scene.app, str(offer.get("card", ""))),
                      other=art.card_name(scene.app, str(offer.get("answer", ""))))
            tip = card_tip(scene, str(offer.get("answer", "")))
        add(label, scene._do(Action("accept")), style="primary", tip=tip)
    if idx.of_kind("decline"):
        add(t("heroes.teamui.decline"), scene._do(Action("decline")))


def draw_row_mark(scene: Any, surface: pygame.Surface, seat: int, rect: pygame.Rect,
                  right: int) -> None:
    """Draws a player's team on its row: a band in the team's colour and the team's name
    (in a co-operative game: the shared side)."""
    view = scene.view
    if not is_team_view(view):
        return
    team = int(view["team_of"][seat])
    colour = TEAM_COLOURS[team % len(TEAM_COLOURS)]
    pygame.draw.rect(surface, colour, (rect.left + 2, rect.top + 6, 5, rect.height - 12),
                     border_radius=2)
    t = scene.app.t
    ally = seat in (view.get("partners") or [])
    if view.get("team_mode") == "coop":  # one side: the other players are allies
        word = t("heroes.teamui.coop") if ally else ""
    else:
        word = t(TEAM_NAMES[team % len(TEAM_NAMES)])
        if ally:
            word = t("heroes.teamui.ally", team=word)
    if not word:
        return
    image = assets.text(word, "bold", theme.SIZE_TINY, colour)
    surface.blit(image, (right - image.get_width(), rect.top + 8))


def draw_hero_mark(scene: Any, surface: pygame.Surface, seat: int, pos: tuple[int, int],
                   radius: int) -> None:
    """Draws an alliance hero's team badge on its disc: a dot in the team's colour above right
    (a co-operative game has one team: no badge)."""
    view = scene.view
    if not is_team_view(view) or view.get("team_mode") != "alliance":
        return
    team = int(view["team_of"][seat])
    r = max(4, int(radius * 0.45))
    at = (pos[0] + int(radius * 0.85), pos[1] - int(radius * 0.85))
    pygame.draw.circle(surface, theme.WOOD_DEEP, at, r + 2)
    pygame.draw.circle(surface, TEAM_COLOURS[team % len(TEAM_COLOURS)], at, r)


def curtain_team(scene: Any) -> str:
    """Returns the line naming the viewer's team on the curtain (empty outside team games)."""
    view = scene.view
    if not is_team_view(view) or scene.curtain_for is None:
        return ""
    team = int(view["team_of"][scene.curtain_for])
    t = scene.app.t
    mates = [scene.seat_name(s) for s in range(len(view["team_of"]))
             if view["team_of"][s] == team and s != scene.curtain_for]
    return str(t("heroes.teamui.with", names=", ".join(mates))) if mates else ""
