"""The load screen: every save with its game, date and turn; broken files say what is wrong."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from engine import registry
from engine.core.errors import RecordError
from engine.core.record import CONTINUABLE, continue_from_snapshot
from scenes import assets, saves, theme
from scenes.app import App
from scenes.dialogs import RECORD_ERROR_KEYS, MessageDialog, show_record_error
from scenes.menu import MenuScreen
from scenes.widgets import Button, Label, Row, ScrollList, blit_centered

ROW_H = 78


def open_save(app: App, path: Path) -> bool:
    """Loads a save and opens its table; a bad file shows a dialog. Returns success.

    A save that no longer replays because the game changed since (rules or content) is offered
    to be continued from its snapshot; it is never lost silently.
    """
    record = None
    try:
        record = saves.read_any(path)
        session = saves.replay_campaign(record) if isinstance(record, saves.CampaignRecord) \
            else saves.replay(record)
    except RecordError as exc:
        if exc.key in CONTINUABLE and isinstance(record, saves.GameRecord) \
                and record.snapshot is not None:
            _offer_snapshot(app, path, record, exc)
        else:
            show_record_error(app, exc)
        return False
    except Exception as exc:  # noqa: BLE001 - a game's own replay bug must not end the program
        show_record_error(app, RecordError("save.corrupt", f"{type(exc).__name__}: {exc}"))
        return False
    _open_table(app, path, session)
    return True


def _open_table(app: App, path: Path, session: Any) -> None:
    from scenes.games import scene_class
    from scenes.menu import MainMenuScene

    app.reset(MainMenuScene(app))
    slot = None if saves.is_autosave(path) else path
    if isinstance(session, saves.CampaignSession):
        app.push(scene_class(session.game_id)(app, session.current, save_path=slot,
                                              campaign=session))
        return
    app.push(scene_class(session.game_id)(app, session, save_path=slot))


def _offer_snapshot(app: App, path: Path, record: Any, error: RecordError) -> None:
    """Asks whether to go on from the save's snapshot; the file stays as it is either way."""
    reason = app.t(RECORD_ERROR_KEYS.get(error.key, "ui.error.save_generic"), **error.params)

    def go_on() -> None:
        try:
            session = continue_from_snapshot(record)
        except RecordError as exc:
            show_record_error(app, exc)
            return
        _open_table(app, path, session)

    app.push(MessageDialog(app, app.t("ui.load.old_title"), app.t("ui.load.old_body"),
                           detail=reason, buttons=[(app.t("ui.load.old_continue"), go_on),
                                                   (app.t("ui.cancel"), lambda: None)]))


def _campaign_def(info: saves.SaveInfo) -> Any:
    """Returns the CampaignDef of a campaign save (None when the game no longer has it)."""
    if info.game_id in registry.game_ids():
        for camp in registry.rules(info.game_id).campaigns:
            if camp.id == info.campaign:
                return camp
    return None


def campaign_detail(app: App, info: saves.SaveInfo) -> str:
    """Returns "<campaign>, game <n>" of a campaign save in the campaign's own words ("floor
    <n>"); its id when the game no longer has it."""
    camp = _campaign_def(info)
    from scenes.campaign import campaign_name

    name = campaign_name(app, camp) if camp is not None else info.campaign
    key = camp.texts.get("load", "ui.load.campaign") if camp is not None else "ui.load.campaign"
    return app.t(key, name=name, game=info.game_no)


def format_date(iso: str, lang: str) -> str:
    """Returns a save's date the way the language writes it."""
    try:
        when = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    return when.strftime("%d.%m.%Y %H:%M" if lang == "de" else "%Y-%m-%d %H:%M")


class LoadScene(MenuScreen):
    """Lists the saves; click one to load, the bin deletes a save (autosaves are protected)."""

    title_key = "menu.load"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.infos = saves.list_saves()
        self.selected: Path | None = self.infos[0].path if self.infos else None
        self.checker = saves.SaveChecker(self.infos)
        self._checked = 0

    def build(self) -> None:
        t = self.app.t
        rows = [Row(info.path, info, tooltip=self._tooltip(info)) for info in self.infos]
        self.list = ScrollList((260, 150, 1080, 640), rows, ROW_H, self._paint,
                               on_select=self._select, gap=10, selected=self.selected)
        self.widgets.append(self.list)
        if not rows:
            self.widgets.append(Label((800, 400), t("ui.load.empty"), role="italic",
                                      size=theme.SIZE_H3, colour=theme.INK_DIM, align="center"))
        self.load_button = Button((1600 - 300, 826, 260, theme.BUTTON_H), t("ui.load.open"),
                                  self.open_selected, style="primary", icon="ui.load",
                                  hotkey=pygame.K_RETURN, enabled=self.selected is not None)
        self.delete_button = Button((1600 - 580, 826, 260, theme.BUTTON_H), t("ui.load.delete"),
                                    self.ask_delete, style="danger", icon="ui.delete",
                                    enabled=self._deletable())
        self.widgets += [self.load_button, self.delete_button]

    def update(self, dt: float) -> None:
        # Files found damaged by the background check get their reason as a tooltip.
        if self.checker.done != self._checked:
            self._checked = self.checker.done
            for row in self.list.rows:
                row.tooltip = self._tooltip(row.data)
        super().update(dt)

    def exit(self) -> None:
        self.checker.stop()

    def _deletable(self) -> bool:
        return self.selected is not None and not saves.is_autosave(self.selected)

    def _tooltip(self, info: saves.SaveInfo) -> list[str] | None:
        if info.error is None:
            return None
        key = RECORD_ERROR_KEYS.get(info.error.key, "ui.error.save_generic")
        return [self.app.t("ui.error.load_title"), self.app.t(key, **info.error.params)]

    def _select(self, row: Row) -> None:
        if self.selected == row.value:
            self.open_selected()
            return
        self.selected = row.value
        self.load_button.enabled = True
        self.delete_button.enabled = self._deletable()

    def open_selected(self) -> None:
        """Loads the chosen save."""
        if self.selected is not None:
            open_save(self.app, self.selected)

    def ask_delete(self) -> None:
        """Asks before deleting the chosen save."""
        if not self._deletable():
            return
        t = self.app.t
        self.app.push(MessageDialog(self.app, t("ui.load.delete_title"),
                                    t("ui.load.delete_body", name=self.selected.name
                                      if self.selected else ""),
                                    buttons=[(t("ui.load.delete"), self._delete),
                                             (t("ui.cancel"), lambda: None)],
                                    icon="ui.delete"))

    def _delete(self) -> None:
        if self.selected is None:
            return
        try:
            self.selected.unlink()
        except OSError as exc:
            self.app.toast(self.app.t("ui.load.delete_failed", detail=exc.strerror or ""),
                           "error")
        self.checker.stop()
        self.infos = saves.list_saves()
        self.selected = self.infos[0].path if self.infos else None
        self.checker = saves.SaveChecker(self.infos)
        self._checked = 0
        self.layout()

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, row: Row, hovered: bool,
               selected: bool) -> None:
        t = self.app.t
        info: saves.SaveInfo = row.data
        style = "tab_on" if selected else ("tab" if not hovered else "normal")
        surface.blit(theme.button(rect.size, style, "hover" if hovered else "normal"), rect)
        ink = theme.INK if info.error is None else theme.INK_FAINT
        icon_id = "ui.cancel"
        title = t("ui.load.broken")
        if info.error is None:
            known = info.game_id in registry.game_ids()
            icon_id = registry.info(info.game_id).icon if known else "ui.info"
            title = t(registry.info(info.game_id).title) if known else info.game_id
        disc = (rect.left + 44, rect.centery)
        pygame.draw.circle(surface, theme.WOOD_DEEP, disc, 30)
        blit_centered(surface, assets.asset_icon(icon_id, 40), disc)
        surface.blit(assets.text(assets.fit(title, "heading", theme.SIZE_H3, 420), "heading",
                                 theme.SIZE_H3, theme.GOLD if info.error is None else ink),
                     (rect.left + 90, rect.top + 10))
        if info.error is None:
            players = ", ".join(name or t("ui.player_n", n=i + 1)
                                for i, name in enumerate(info.players))
            sub = t("ui.load.players", players=players)
            party = info.party
            if party is not None and self.app.catalog.has(party["key"]):
                sub += " · " + t(party["key"], **party["params"])  # the heroes, the difficulty
        else:
            key = RECORD_ERROR_KEYS.get(info.error.key, "ui.error.save_generic")
            sub = t(key, **info.error.params)
        right = rect.right - 24
        room = 560  # the line under the title leaves room for the progress on the right
        if info.error is None:
            when = assets.text(format_date(info.saved_at, self.app.catalog.lang), "bold",
                               theme.SIZE_BODY, ink)
            surface.blit(when, (right - when.get_width(), rect.top + 12))
            progress = info.progress
            if progress is not None and self.app.catalog.has(progress["key"]):
                detail = t(progress["key"], **progress["params"])
            else:
                detail = t("ui.load.turn", turn=info.turn)
            if info.campaign:
                detail = campaign_detail(self.app, info) + " · " + detail
            if info.autosave:
                detail = t("ui.load.autosave") + " · " + detail
            if info.over:
                detail = t("ui.load.finished") + " · " + detail
            image = assets.text(detail, "body", theme.SIZE_SMALL, theme.INK_DIM)
            surface.blit(image, (right - image.get_width(), rect.top + 46))
            room = max(160, min(room, right - image.get_width() - 24 - (rect.left + 90)))
        else:
            name = assets.text(assets.fit(info.path.name, "body", theme.SIZE_SMALL, 300), "body",
                               theme.SIZE_SMALL, theme.INK_FAINT)
            surface.blit(name, (right - name.get_width(), rect.top + 14))
        surface.blit(assets.text(assets.fit(sub, "body", theme.SIZE_SMALL, room), "body",
                                 theme.SIZE_SMALL, theme.INK_DIM), (rect.left + 90,
                                                                    rect.top + 46))
