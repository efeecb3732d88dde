"""The shared parts of every game table, as the base class game scenes subclass.

``TableScene`` holds an engine ``Session`` and reads only ``rules.view(state, seat)`` for the
seat looking at the screen. It draws the prompt line, the game log with breakdowns, undo/redo,
save and menu buttons, the hot-seat curtain and the end-of-game screen, drives bots through
``engine.ai.worker.BotWorker`` without blocking, autosaves at the end of every turn, and in
games with a hard bot offers the coach (a Hint button and the H key: ``ask_hint``).

A game scene overrides the hooks: ``draw_board`` (paint ``self.board_rect`` from ``self.view``),
``handle_board`` (clicks → ``self.send(action)``), ``update_board`` (hover, tooltips via
``self.hint``), ``on_events`` (animate what happened) and ``on_view_changed``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from engine.core.actions import Action, Breakdown, Event
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.rng import Rng
from engine.core.session import Session
from scenes import assets, saves, sound, theme
from scenes.anim import Animator
from scenes.app import App, Scene
from scenes.widgets import IconButton, Row, ScrollList, blit_centered

PROMPT_H = 68
LOG_W = 372
LOG_ROW_H = 26
BOT_MIN_DELAY = 0.45  # seconds a bot "thinks" at least, so people can follow its moves
COACH_W = 640  # the coach's panel, at the top right of the board

# module:function callables the bot process runs before it starts (tests register toy games).
WORKER_INIT: list[str] = []

WorkerFactory = Callable[[], Any]


# Message parameters that hold a seat number; the table shows them as the player's name.
SEAT_PARAMS = frozenset({"seat", "player", "by", "winner", "loser", "owner", "actor",
                         "foe"})


def default_worker() -> Any:
    """Returns a BotWorker running in its own process."""
    from engine.ai.worker import BotWorker

    return BotWorker(init=tuple(WORKER_INIT))


def _has_coach(game_id: str) -> bool:
    """Returns True when the game has a hard bot and so a coach (engine/ai/search.py)."""
    try:
        from engine.ai.search import has_search

        return has_search(game_id)
    except Exception:  # noqa: BLE001 - a game whose bots cannot load simply has no coach
        return False


def format_breakdown(app: App, breakdown: Breakdown) -> str:
    """Returns a breakdown as one line: "Attack 12 = priest +2 + short sword +4 − light 2"."""
    parts = []
    for i, term in enumerate(breakdown.terms):
        value = term.value
        label = app.msg(term.label)
        number = f"{abs(value):g}"
        if i == 0:
            parts.append(f"{label} {'−' if value < 0 else ''}{number}")
        else:
            parts.append(f"{'−' if value < 0 else '+'} {label} {number}")
    terms = " ".join(parts) if parts else f"{breakdown.total:g}"
    return app.t("ui.breakdown", name=app.msg(breakdown.name), total=f"{breakdown.total:g}",
                 terms=terms)


class TableScene(Scene):
    """Base of every game table: session, view, prompt, log, undo/redo, saves, bots, curtain."""

    # What the hot-seat curtain says it hides; a game names its own (hands, chest dials).
    CURTAIN_BODY = "ui.curtain.body"

    def __init__(self, app: App, session: Session, *, save_path: Path | None = None,
                 autosave: bool = True, worker_factory: WorkerFactory | None = None,
                 campaign: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.campaign = campaign  # the CampaignSession this game belongs to, if any
        self.rules = session.rules
        self.game_id = session.game_id
        self.save_path = save_path
        self.autosave_enabled = autosave
        self.worker_factory = worker_factory or default_worker
        self.worker: Any = None
        self.writer = saves.SaveWriter()
        self.board_rect = pygame.Rect(0, PROMPT_H, 1600 - LOG_W - 8, 900 - PROMPT_H)
        self.log_rect = pygame.Rect(1600 - LOG_W - 12, PROMPT_H + 20, LOG_W, 900 - PROMPT_H - 40)
        self.anim = Animator(app.settings.anim_speed)
        self._previews: dict[Any, Any] = {}  # the rules' previews of legal actions (preview)
        self.phase = 0.0  # runs 0 → 1 every 1.2 s; drives highlight pulses
        self.humans = [i for i, s in enumerate(session.config.seats) if s.is_human]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.curtain_for: int | None = None
        self.view: dict[str, Any] = {}
        self.prompt_text = ""
        self.bot_request: tuple[int, int] | None = None  # (seat, number of actions) asked
        self.bot_action: Action | None = None
        self.bot_why: dict[str, Any] | None = None  # the bot's reason for bot_action
        self.bot_wait = 0.0
        self.bot_fallback = Rng(session.seed ^ 0x5EED)
        self.last_turn = session.turn()
        # the coach: offered in games with a hard bot (engine/ai/search.py) to human seats
        self.coach = bool(self.humans) and _has_coach(self.game_id)
        self.coach_key: tuple[int, int] | None = None  # (seat, actions played) it was asked for
        self.coach_answer: dict[str, Any] | None = None
        self.coach_rect = pygame.Rect(0, 0, 0, 0)
        self.over_shown = False
        self.log_events: list[Event] = []
        self.log_list: ScrollList | None = None
        self.pinned: int | None = None  # log entry whose breakdowns stay open
        self.pin_height = 0  # its breakdown box, measured when the log is rebuilt
        self._log_len = -1
        self._log_actions = -1
        self._check_handover(None)

    # --- reading ------------------------------------------------------------------------
    @property
    def actor(self) -> int | None:
        """Returns the seat that must act now (None when the game is over)."""
        return self.session.actor

    def decimal(self, value: float, digits: int = 1) -> str:
        """Returns a number with ``digits`` decimals in the reader's language (3.2 / 3,2)."""
        text = f"{value:.{digits}f}"
        return text.replace(".", ",") if self.app.catalog.lang == "de" else text

    def seat_name(self, seat: int | None) -> str:
        """Returns a seat's player name (or "Player n")."""
        if seat is None:
            return ""
        name = self.session.config.seats[seat].name
        return name or self.app.t("ui.player_n", n=seat + 1)

    def over_column(self) -> tuple[str, list[str]] | None:
        """Returns the end screen's last column for a game whose outcome scores are no count a
        player reads (win flags): its header and one text per seat; None shows the scores."""
        return None

    def game_text(self, key: str, params: dict[str, Any] | None = None) -> str:
        """Returns a game message as text, with seat numbers shown as the players' names."""
        if not params:
            return self.app.t(key)
        named = {k: self.seat_name(v) if k in SEAT_PARAMS and isinstance(v, int)
                 and not isinstance(v, bool) and 0 <= v < len(self.session.config.seats) else v
                 for k, v in params.items()}
        return self.app.t(key, **named)

    def game_message(self, message: Any) -> str:
        """Returns a Message (or its JSON form) as text, seats shown by name."""
        if isinstance(message, dict):
            return self.game_text(message["key"], message.get("params"))
        return self.game_text(message.key, message.params)

    def seat_colour(self, seat: int) -> theme.Colour:
        """Returns the RGB colour of a seat."""
        return theme.seat_colour(self.session.config.seats[seat].colour, seat)

    def is_bot(self, seat: int | None) -> bool:
        """Returns True when a bot plays the seat."""
        return seat is not None and not self.session.config.seats[seat].is_human

    def is_my_turn(self) -> bool:
        """Returns True when the seat at the screen must act (and no curtain is up)."""
        actor = self.actor
        return (actor is not None and actor == self.viewer and not self.is_bot(actor)
                and self.curtain_for is None)

    def legal_actions(self) -> list[Action]:
        """Returns the legal actions of the viewer, or [] when it is not the viewer's turn."""
        if not self.is_my_turn():
            return []
        return self.rules.legal_actions(self.session.state)

    def refresh(self) -> None:
        """Re-reads the view and the prompt after the state changed."""
        seat = None if self.curtain_for is not None else self.viewer
        self.view = self.rules.view(self.session.state, seat)
        actor = self.actor
        if self.session.is_over:
            self.prompt_text = self.app.t("ui.prompt.over")
        elif self.curtain_for is not None:
            self.prompt_text = self.app.t("ui.prompt.handover", name=self.seat_name(
                self.curtain_for))
        elif self.is_bot(actor):
            self.prompt_text = self.app.t("ui.prompt.bot_thinking", name=self.seat_name(actor))
        elif actor is not None and actor != self.viewer and self.viewer is not None:
            self.prompt_text = self.app.t("ui.prompt.waiting", name=self.seat_name(actor))
        else:
            self.prompt_text = self.game_message(self.rules.prompt(self.session.state))
        self._previews = {}
        self._drop_stale_coach()
        self._rebuild_log()
        self.on_view_changed()

    def preview(self, action: Action) -> Any:
        """Returns the rules' preview of one legal action (cached until the view changes)."""
        found = self._previews.get(action)
        if found is None:
            found = self.rules.annotate(self.session.state, self.viewer, [action])[0]
            self._previews[action] = found
        return found

    # --- acting -------------------------------------------------------------------------
    def send(self, action: Action) -> bool:
        """Applies the viewer's action; an illegal one shows the rule as a toast. Returns success."""
        if not self.is_my_turn():
            return False
        return self._apply(action)

    def _apply(self, action: Action, why: dict[str, Any] | None = None) -> bool:
        """Applies an action of the seat at the screen or a bot (``why``: the bot's reason, a
        Message's JSON form, logged before the action's events)."""
        before = self.actor
        note = None
        if why is not None:
            try:
                note = Event(str(why["key"]), dict(why.get("params") or {}))
            except (KeyError, TypeError, AttributeError, ValueError):
                note = None  # a malformed reason is no reason to stop the game
        try:
            events = self.session.apply(action, note)
        except IllegalAction as exc:
            self.app.toast(self.app.t(exc.rule, **exc.params) if self.app.has(exc.rule)
                           else self.app.t("ui.illegal"), "error")
            self.app.play_sound("error")
            return False
        except MalformedAction:
            self.app.toast(self.app.t("ui.illegal"), "error")
            self.app.play_sound("error")
            return False
        self._check_handover(before)
        self.refresh()
        self.on_events(events)
        self.play_event_sounds(before, events)
        turn = self.session.turn()
        if turn != self.last_turn or self.session.is_over:
            self.last_turn = turn
            self.autosave()
        return True

    def _check_handover(self, before: int | None) -> None:
        """Raises the curtain when the turn passes between two human seats (hot seat)."""
        actor = self.actor
        if actor is None or self.is_bot(actor):
            return
        viewer = self.viewer
        private = (self.rules.private_information if viewer is None
                   else not self.rules.shares_view(self.session.config, actor, viewer))
        if len(self.humans) >= 2 and actor != viewer and private:
            self.curtain_for = actor
            # The button was made at layout time for another seat: name the one waiting now
            # (before the first layout there is none yet; layout names the seat then).
            button = getattr(self, "curtain_button", None)
            if button is not None:
                button.label = self.app.t("ui.curtain.show", name=self.seat_name(actor))
        else:
            # One human, or humans who see the same (open information): no curtain, the
            # screen simply follows whoever is to act.
            self.viewer = actor

    def lift_curtain(self) -> None:
        """The named player took the seat: show their private view."""
        if self.curtain_for is not None:
            self.viewer = self.curtain_for
            self.curtain_for = None
            self.refresh()
            self.layout()

    def undo_steps(self) -> int:
        """Returns how many actions one undo takes back: the last action of the player at the
        screen and the bot moves after it (0 when there is none this side of an irreversible
        point, or nobody is seated at the screen)."""
        if self.curtain_for is not None:
            return 0
        return self.session.steps_to_undo(self.viewer)

    def undo(self) -> None:
        """Takes back the viewer's last action and the bot moves after it, never more."""
        steps = self.undo_steps()
        if not steps:
            self.app.toast(self.app.t("ui.nothing_to_undo"))
            return
        self._cancel_bot()
        for _ in range(steps):
            self.session.undo()
        self._after_undo_redo()

    def redo(self) -> None:
        """Applies the last undone action again, and the bot moves one undo took back with it."""
        if self.curtain_for is not None or not self.session.can_redo():
            self.app.toast(self.app.t("ui.nothing_to_redo"))
            return
        self._cancel_bot()
        self.session.redo()
        # The next undone step starts where this one ends: while a bot acts there it is a bot
        # move that the same undo took back.
        while self.is_bot(self.actor) and self.session.can_redo():
            self.session.redo()
        self._after_undo_redo()

    def _after_undo_redo(self) -> None:
        self.last_turn = self.session.turn()
        # Undo never crosses a handover, but should the seat to act be another human, the
        # curtain must name them rather than leave the table waiting with nobody able to act.
        self._check_handover(None)
        self.refresh()

    def play_event_sounds(self, before: int | None, events: list[Event]) -> None:
        """Plays an action's sounds: the end or the turn bell first, then its events' sounds."""
        first = []
        actor = self.actor
        if self.session.is_over:
            outcome = self.rules.outcome(self.session.state)
            winners = set(outcome.winners) if outcome is not None else set()
            won = not self.humans or any(seat in winners for seat in self.humans)
            first.append("victory" if won else "defeat")
        elif actor is not None and actor != before and not self.is_bot(actor):
            # A human takes over: the hot-seat handover, or the game back from the bots.
            first.append("bell")
        for name in sound.sound_map().pick((e.key for e in events), first=first):
            self.app.play_sound(name)

    # --- saving -------------------------------------------------------------------------
    def _record_text(self, *, autosave: bool) -> str:
        meta = saves.meta_for(self.session, autosave=autosave)
        if self.campaign is not None:
            # a game of a campaign saves the whole campaign: its finished games and carries
            # a finished campaign's last game is its game_no (index counts the games finished)
            meta["game_no"] = self.campaign.index + (0 if self.campaign.over else 1)
            meta["over"] = self.campaign.over
            return saves.serialise_campaign(self.campaign.record(meta=meta))
        record = self.session.record(meta=meta)
        return saves.serialise(record)

    def record_text(self) -> str:
        """Returns the game's save text as its save slot holds it (a campaign's: the whole
        campaign)."""
        return self._record_text(autosave=False)

    def autosave(self) -> None:
        """Writes the protected autosave slot (called at the end of every turn); a campaign that
        keeps a slot of its own (``CampaignDef.own_slot``) writes that one instead, so that
        several campaigns run side by side."""
        if not self.autosave_enabled:
            return
        if self.campaign is not None and self.campaign.campaign.own_slot:
            if self.save_path is None or saves.is_autosave(self.save_path):
                self.save_path = saves.new_slot_path(self.game_id)
            self.writer.write(self.save_path, self._record_text(autosave=False))
            return
        self.writer.write(saves.autosave_path(self.game_id), self._record_text(autosave=True))

    def save(self) -> None:
        """Writes the game's save slot (Ctrl+S)."""
        if self.save_path is None or saves.is_autosave(self.save_path):
            self.save_path = saves.new_slot_path(self.game_id)
        # "Game saved." comes from writer.report once the file is on the disk.
        self.writer.write(self.save_path, self._record_text(autosave=False), announce=True)

    # --- bots ---------------------------------------------------------------------------
    def _cancel_bot(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
        self.bot_request = None
        self.bot_action = None
        self.bot_wait = 0.0

    def _drive_bot(self, dt: float) -> None:
        actor = self.actor
        if actor is None or not self.is_bot(actor) or self.anim.busy:
            return
        key = (actor, len(self.session.actions))
        if self.bot_request != key:
            self._cancel_bot()
            seat = self.session.config.seats[actor]
            if self.worker is None:
                self.worker = self.worker_factory()
            try:
                from engine.ai.worker import seat_state

                # The bot process gets only what its seat may know (a determinization made
                # from the seat's view), never the true state with everybody's cards.
                state, seed = seat_state(self.rules, self.session.state, actor, key[1])
                self.worker.request(self.game_id, state, actor, seat.bot, seat.difficulty, seed)
            except Exception:  # noqa: BLE001 - a broken bot must not stop the table
                self._bot_failed()
            self.bot_request = key
        self.bot_wait += dt
        if self.bot_action is None:
            try:
                self.bot_action = self.worker.poll()
                self.bot_why = getattr(self.worker, "last_why", None)
            except Exception:  # noqa: BLE001 - the worker reports bot errors by raising
                self._bot_failed()
        if self.bot_action is not None and self.bot_wait >= BOT_MIN_DELAY / max(
                0.25, self.app.settings.anim_speed or 4.0):
            action, self.bot_action = self.bot_action, None
            why, self.bot_why = self.bot_why, None
            self.bot_request = None
            self.bot_wait = 0.0
            if not self._apply(action, why):
                self._bot_failed()

    def _bot_failed(self) -> None:
        """Plays a uniformly random legal move for a bot whose process failed, and says so."""
        self.app.toast(self.app.t("ui.bot_failed"), "error")
        legal = self.rules.legal_actions(self.session.state)
        self.bot_action = self.bot_fallback.choice(legal) if legal else None

    # --- coach --------------------------------------------------------------------------
    def can_coach(self) -> bool:
        """Returns True when the coach may be asked: a human seat at the screen must act."""
        return self.coach and self.is_my_turn() and not self.session.is_over

    def ask_hint(self) -> None:
        """Shows the coach's hint for the seat at the screen (H); again, hides it.

        The bot process thinks for the seat with what the seat may see only (``seat_state``):
        the window never waits, and nothing changes in the game.
        """
        if self.coach_key is not None:
            self.close_hint()
            return
        if not self.can_coach():
            self.app.toast(self.app.t("ui.coach.not_now"))
            return
        assert self.viewer is not None
        key = (self.viewer, len(self.session.actions))
        try:
            from engine.ai.worker import seat_state

            if self.worker is None:
                self.worker = self.worker_factory()
            state, seed = seat_state(self.rules, self.session.state, self.viewer, key[1])
            self.worker.request_hint(self.game_id, state, self.viewer, seed)
        except Exception:  # noqa: BLE001 - a broken coach must not stop the table
            self._coach_failed()
            return
        self.coach_key = key
        self.coach_answer = None

    def hint_here(self, steps: int | None = None) -> None:
        """Shows the hint computed in this process, blocking (headless screenshots and tests;
        the window asks the bot process through ``ask_hint``). Same input as the worker's."""
        from engine.ai.coach import hint
        from engine.ai.worker import seat_state

        assert self.viewer is not None and self.can_coach()
        key = (self.viewer, len(self.session.actions))
        sent, seed = seat_state(self.rules, self.session.state, self.viewer, key[1])
        state = self.rules.state_from_dict(sent)
        self.coach_answer = hint(self.rules, state, self.viewer, seed, steps=steps)
        self.coach_key = key

    def close_hint(self) -> None:
        """Hides the hint (and stops the coach if it is still thinking)."""
        if self.coach_key is not None and self.coach_answer is None and self.worker is not None:
            self.worker.cancel()
        self.coach_key = None
        self.coach_answer = None

    def _coach_failed(self) -> None:
        self.coach_key = None
        self.coach_answer = None
        self.app.toast(self.app.t("ui.coach.failed"), "error")

    def _drop_stale_coach(self) -> None:
        """Hides a hint asked for another position or seat (the game moved on, undo)."""
        if self.coach_key is not None and self.coach_key != (self.viewer,
                                                           len(self.session.actions)):
            self.close_hint()

    def _poll_coach(self) -> None:
        if self.coach_key is None or self.coach_answer is not None or self.worker is None:
            return
        try:
            self.coach_answer = self.worker.poll_hint()
        except Exception:  # noqa: BLE001 - the worker reports coach errors by raising
            self._coach_failed()

    def coach_lines(self) -> list[tuple[str, str, str]]:
        """Returns the hint as (kind, text, chance) rows: "best", "alt", "why" and "note"
        (the panel draws them; tests read them)."""
        answer = self.coach_answer
        if answer is None:
            return [("note", self.app.t("ui.coach.thinking"), "")]
        out = []
        for i, row in enumerate(answer.get("rows", ())):
            text = self._coach_text(row)
            win = row.get("win")
            chance = "" if win is None else self.app.t("ui.coach.win",
                                                       pct=round(100 * float(win)))
            out.append(("best" if i == 0 else "alt", text, chance))
        out.append(("why", self.game_message(self._decimals(answer["why"])), ""))
        if answer.get("close"):
            out.append(("note", self.app.t("ui.coach.close"), ""))
        if answer.get("samples"):
            out.append(("note", self.app.t("ui.coach.samples", n=answer["samples"]), ""))
        return out

    def _coach_text(self, row: dict[str, Any]) -> str:
        """Returns a hint row's action in words (the game's own wording, else its label)."""
        message = row.get("text")
        if isinstance(message, dict) and self.app.has(str(message.get("key"))):
            return self.game_message(self._decimals(message))
        from scenes.generic import action_label

        return action_label(self.app, self.game_id, Action.from_json(row["action"]))

    def _decimals(self, message: dict[str, Any]) -> dict[str, Any]:
        """Returns a message whose decimal numbers read as the language writes them."""
        params = {k: self.decimal(v) if isinstance(v, float) else v
                  for k, v in message.get("params", {}).items()}
        return {"key": message["key"], "params": params}

    # --- log ----------------------------------------------------------------------------
    def _visible(self, event: Event) -> bool:
        seat = None if self.curtain_for is not None else self.viewer
        return event.seat is None or event.seat == seat

    def _rebuild_log(self) -> None:
        log = self.session.log
        if len(log) == self._log_len and len(self.session.actions) == self._log_actions \
                and self.log_list is not None:
            return
        self._log_len, self._log_actions = len(log), len(self.session.actions)
        self.log_events = [e for e in log if self._visible(e)]
        rows: list[Row] = []
        # A row is the list's width less the scroll bar (24 + 14); its text starts 22 px in
        # and keeps clear of the info icon (the right 28 px) when the entry has breakdowns.
        plain = self.log_rect.width - 24 - 14 - 22 - 6
        for index, event in enumerate(self.log_events):
            text = self.game_text(event.key, event.params)
            details = self.event_details(event)
            tip = [text] + details
            width = plain - 26 if details else plain
            for n, line in enumerate(assets.wrap(text, "body", theme.SIZE_SMALL, width)):
                rows.append(Row(index, (line, n == 0, bool(details)),
                                tooltip=tip if len(tip) > 1 else None))
        self.log_list = ScrollList(self.log_rect.inflate(-24, 0).move(0, 0), rows, LOG_ROW_H,
                                   self._paint_log_row, on_select=self._pin, gap=0)
        self.log_list.rect.top = self.log_rect.top + 60
        self.pin_height = self._measure_pin()
        self.log_list.rect.height = self.log_rect.height - 72 - self.pin_height
        self.log_list.scroll_to_end()
        if self.pin_height:
            # Keep the pinned entry in view above its breakdown box.
            assert self.pinned is not None
            first = next(i for i, row in enumerate(rows) if row.value == self.pinned)
            self.log_list.scroll_to(first)

    def _measure_pin(self) -> int:
        """Returns the height of the pinned entry's breakdown box: all of its lines, at most
        half the log (0 when nothing is pinned)."""
        if self.pinned is None or self.pinned >= len(self.log_events):
            return 0
        width = self.log_rect.width - 24 - 24
        details = self.event_details(self.log_events[self.pinned])
        lines = sum(len(assets.wrap(d, "bold", theme.SIZE_SMALL, width)) for d in details)
        breaks = len(details)
        need = 24 + lines * assets.line_height("bold", theme.SIZE_SMALL) + 6 * breaks
        return min(max(need, 80), self.log_rect.height // 2)

    def _pin(self, row: Row) -> None:
        event = self.log_events[row.value]
        self.pinned = None if self.pinned == row.value or not self.event_details(event) \
            else row.value
        self._log_len = -1
        self._rebuild_log()

    def _paint_log_row(self, surface: pygame.Surface, rect: pygame.Rect, row: Row,
                       hovered: bool, selected: bool) -> None:
        line, first, has_breakdown = row.data
        if hovered or row.value == self.pinned:
            pygame.draw.rect(surface, (70, 50, 34), rect, border_radius=4)
        x = rect.left + 8
        if first:
            pygame.draw.circle(surface, theme.GOLD_DIM, (x + 3, rect.centery), 3)
        image = assets.text(line, "body", theme.SIZE_SMALL, theme.INK if row.value % 2 == 0
                            else theme.INK_DIM)
        surface.blit(image, (x + 14, rect.centery - image.get_height() // 2))
        if first and has_breakdown:
            icon = assets.asset_icon("ui.info", 18, theme.GOLD)
            surface.blit(icon, (rect.right - 24, rect.centery - 9))

    # --- hooks for game scenes ----------------------------------------------------------
    def between_games_scene(self) -> Scene:
        """Returns the panel shown when a game of a campaign is over (a game may word the
        results and what carries over its own way)."""
        from scenes.campaign import BetweenGamesScene

        return BetweenGamesScene(self.app, self)

    def event_details(self, event: Event) -> list[str]:
        """Returns the lines a log entry explains itself with (its breakdowns; a game adds
        its own, such as an automatic unit's ranking of targets)."""
        return [format_breakdown(self.app, b) for b in event.breakdowns]

    def on_view_changed(self) -> None:
        """Runs after every change of the view (rebuild board widgets here)."""

    def on_events(self, events: list[Event]) -> None:
        """Runs with the events of every applied action (start animations here)."""

    def draw_board(self, surface: pygame.Surface) -> None:
        """Draws the game's board inside self.board_rect from self.view."""

    def handle_board(self, event: pygame.event.Event) -> bool:
        """Handles an input event on the board; returns True when used."""
        return False

    def update_board(self, dt: float) -> None:
        """Advances the board's own hover states and animations."""

    # --- frame rate -----------------------------------------------------------------------
    def is_animating(self) -> bool:
        """The full frame rate only while something moves: an animation, a bot about to act (it
        is polled every frame) or the game's own motion (``board_moving``). At rest the table
        still ticks, so that legal targets keep pulsing, at a calmer rate (``idle_tick``)."""
        return self.anim.busy or (self.curtain_for is None and self.is_bot(self.actor)
                                  and not self.session.is_over) or self.board_moving()

    def is_ticking(self) -> bool:
        """A table at rest ticks: the highlights of legal targets pulse."""
        return True

    def idle_tick(self) -> float:
        """Frames at rest: 20 a second keep the pulse smooth at a third of the work."""
        return 1 / 20

    def board_moving(self) -> bool:
        """Returns True while the game's board moves on its own outside ``self.anim``."""
        return False

    def board_controls(self) -> list[Any]:
        """Returns the buttons the game draws on its board itself (popups and choice panels
        included), so that tooltips keep clear of them."""
        return []

    def tooltip_avoid(self) -> list[pygame.Rect]:
        """Returns what a tooltip should keep clear of: the scene's widgets and the board's own
        buttons."""
        return super().tooltip_avoid() + [
            b.rect for b in self.board_controls() if getattr(b, "visible", True)]

    # --- helpers for game scenes --------------------------------------------------------
    def hint(self, key: Any, lines: list[str] | str, rect: pygame.Rect) -> None:
        """Shows a tooltip for rect while hovered (call from update_board)."""
        if rect.collidepoint(self.app.mouse):
            self.app.tooltip(key, lines, rect)

    def highlight(self, surface: pygame.Surface, rect: pygame.Rect, kind: str = "legal") -> None:
        """Draws the pulsing outline of a legal target ('legal') or the selection ('selected')."""
        colour = theme.SELECTED if kind == "selected" else theme.LEGAL
        theme.outline(surface, rect, colour, self.phase)

    # --- scene --------------------------------------------------------------------------
    def layout(self) -> None:
        t = self.app.t
        right = 1600 - 12
        size = 48
        y = (PROMPT_H - size) // 2
        self.undo_button = IconButton((right - 4 * (size + 8) + 8, y, size, size), "ui.undo",
                                      self.undo, tooltip=t("ui.undo.tip"))
        self.redo_button = IconButton((right - 3 * (size + 8) + 8, y, size, size), "ui.redo",
                                      self.redo, tooltip=t("ui.redo.tip"))
        save = IconButton((right - 2 * (size + 8) + 8, y, size, size), "ui.save", self.save,
                          tooltip=t("ui.save.tip"))
        menu = IconButton((right - size, y, size, size), "ui.menu", self.open_pause_menu,
                          tooltip=t("ui.menu.tip"))
        self.widgets = [self.undo_button, self.redo_button, save, menu]
        self.coach_button: IconButton | None = None
        if self.coach:
            self.coach_button = IconButton((right - 5 * (size + 8) + 8, y, size, size), "ui.hint",
                                          self.ask_hint, tooltip=t("ui.coach.tip"),
                                          hotkey=pygame.K_h)
            self.widgets.append(self.coach_button)
        from scenes.widgets import Button

        name = self.seat_name(self.curtain_for)
        self.curtain_button = Button((self.board_rect.centerx - 230, self.board_rect.centery + 130,
                                      460, 60), t("ui.curtain.show", name=name),
                                     self.lift_curtain, style="primary", icon="ui.play",
                                     hotkey=pygame.K_RETURN)
        self._log_len = -1
        self.refresh()

    def open_pause_menu(self) -> None:
        """Opens the pause menu over the table."""
        from scenes.dialogs import PauseScene

        self.app.push(PauseScene(self.app, self))

    def back(self) -> None:
        self.open_pause_menu()

    def exit(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        self.writer.flush()

    def pause(self) -> None:
        self._cancel_bot()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL:
            if event.key == pygame.K_z:
                self.undo()
                return True
            if event.key == pygame.K_y:
                self.redo()
                return True
            if event.key == pygame.K_s:
                self.save()
                return True
        if super().handle(event):
            return True
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_h and self.coach
                and not event.mod & pygame.KMOD_CTRL):
            # the button takes H while enabled; disabled (a bot or another player acts) it
            # says why nothing happens
            self.app.toast(self.app.t("ui.coach.not_now"))
            return True
        if self.curtain_for is not None:
            return self.curtain_button.handle(event)
        if (self.coach_key is not None and event.type == pygame.MOUSEBUTTONDOWN
                and self.coach_rect.collidepoint(event.pos)):
            self.close_hint()
            return True
        if self.log_list is not None and self.log_list.handle(event):
            return True
        return self.handle_board(event)

    def update(self, dt: float) -> None:
        self.phase = (self.phase + dt / 1.2) % 1.0
        self.anim.speed = self.app.settings.anim_speed
        self.anim.update(dt)
        can_act = self.curtain_for is None and not self.is_bot(self.actor)
        # Asked every frame, also while bots move: each new step is checked for hidden
        # information once, in the frame after it, not all at once when the turn comes back.
        self.undo_button.enabled = self.undo_steps() > 0 and can_act
        self.redo_button.enabled = self.session.can_redo() and can_act
        if self.coach_button is not None:
            self.coach_button.enabled = self.can_coach() or self.coach_key is not None
        self._poll_coach()
        super().update(dt)
        if self.log_list is not None:
            self.log_list.update(dt, self.app)
        self.writer.report(self.app)
        if self.curtain_for is not None:
            self.curtain_button.update(dt, self.app)
            return
        self.update_board(dt)
        if self.session.is_over:
            if not self.over_shown and not self.anim.busy:
                self.over_shown = True
                if self.campaign is not None:
                    self.app.push(self.between_games_scene())
                    return
                from scenes.dialogs import GameOverScene

                self.app.push(GameOverScene(self.app, self))
            return
        self._drive_bot(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        if self.curtain_for is not None:
            self.draw_curtain(surface)
        else:
            self.draw_board(surface)
            self.anim.draw(surface)
            self.draw_coach(surface)
        self.draw_prompt(surface)
        self.draw_log(surface)
        super().draw(surface)

    def draw_prompt(self, surface: pygame.Surface) -> None:
        """Draws the prompt line: who acts and what they must decide."""
        bar = pygame.Rect(0, 0, 1600, PROMPT_H)
        surface.blit(theme.panel((1600 + 20, PROMPT_H + 10), "glass"), (-10, -10))
        actor = self.actor
        x = 22
        if actor is not None:
            pygame.draw.circle(surface, self.seat_colour(actor), (x + 12, bar.centery), 12)
            pygame.draw.circle(surface, theme.GOLD, (x + 12, bar.centery), 12, 2)
            icon = assets.asset_icon("ui.bot" if self.is_bot(actor) else "ui.human", 16,
                                     theme.WOOD_DEEP)
            blit_centered(surface, icon, (x + 12, bar.centery))
            name = assets.text(assets.fit(self.seat_name(actor), "heading", theme.SIZE_H3, 200),
                               "heading", theme.SIZE_H3, theme.GOLD)
            surface.blit(name, (x + 34, bar.centery - name.get_height() // 2))
            x += 34 + name.get_width() + 18
            pygame.draw.line(surface, theme.GOLD_DIM, (x, 16), (x, PROMPT_H - 16), 1)
            x += 18
        avail = 1600 - x - (5 if self.coach else 4) * 56 - 30
        prompt = assets.text(assets.fit(self.prompt_text, "serif", theme.SIZE_H3, avail),
                             "serif", theme.SIZE_H3, theme.INK)
        surface.blit(prompt, (x, bar.centery - prompt.get_height() // 2))

    def draw_coach(self, surface: pygame.Surface) -> None:
        """Draws the coach's panel at the top right of the board while a hint is shown."""
        if self.coach_key is None:
            self.coach_rect = pygame.Rect(0, 0, 0, 0)
            return
        pad = 18
        inner = COACH_W - 2 * pad
        chance_w = 170
        rows: list[tuple[str, pygame.Surface, pygame.Surface | None]] = []
        for kind, text, chance in self.coach_lines():
            if kind in ("best", "alt"):
                role = "bold" if kind == "best" else "body"
                size = theme.SIZE_BODY if kind == "best" else theme.SIZE_SMALL
                image = assets.text(text, role, size, theme.INK_DARK, inner - chance_w - 24)
                odds = assets.text(chance, role, size, theme.INK_DARK if kind == "best"
                                   else theme.INK_DARK_DIM)
                rows.append((kind, image, odds))
            elif kind == "why":
                rows.append((kind, assets.text(self.app.t("ui.coach.why", reason=text),
                                               "italic", theme.SIZE_SMALL, theme.INK_DARK,
                                               inner), None))
            else:
                rows.append((kind, assets.text(text, "italic", theme.SIZE_SMALL,
                                               theme.INK_DARK_DIM, inner), None))
        title = assets.text(self.app.t("ui.coach.title"), "heading", theme.SIZE_H3,
                            theme.INK_DARK)
        height = pad + title.get_height() + 10 + sum(r[1].get_height() + 8 for r in rows) + pad
        rect = self.coach_place(COACH_W, height)
        self.coach_rect = rect
        surface.blit(theme.panel(rect.size, "parchment"), rect)
        surface.blit(assets.asset_icon("ui.hint", 30, theme.INK_DARK),
                     (rect.left + pad, rect.top + pad))
        surface.blit(title, (rect.left + pad + 40, rect.top + pad))
        y = rect.top + pad + title.get_height() + 10
        for kind, image, odds in rows:
            x = rect.left + pad
            if kind in ("best", "alt"):
                pygame.draw.circle(surface, theme.GOLD_DIM if kind == "alt" else theme.INK_DARK,
                                   (x + 8, y + 12), 6 if kind == "best" else 4)
                x += 24
            surface.blit(image, (x, y))
            if odds is not None:
                surface.blit(odds, (rect.right - pad - odds.get_width(), y))
            y += image.get_height() + 8

    def coach_place(self, width: int, height: int) -> pygame.Rect:
        """Returns where the coach's panel lies: the top right of the board (a game moves it
        off a panel of its own that the hint talks about)."""
        return pygame.Rect(self.board_rect.right - width - 12, self.board_rect.top + 12, width,
                           height)

    def draw_log(self, surface: pygame.Surface) -> None:
        """Draws the game log panel, with the pinned entry's breakdowns at its foot."""
        surface.blit(theme.panel(self.log_rect.size, "wood"), self.log_rect)
        title = assets.text(self.app.t("ui.log.title"), "heading", theme.SIZE_H3, theme.GOLD)
        icon = assets.asset_icon("ui.log", 26)
        surface.blit(icon, (self.log_rect.left + 18, self.log_rect.top + 17))
        surface.blit(title, (self.log_rect.left + 52, self.log_rect.top + 14))
        pygame.draw.line(surface, theme.GOLD_DIM, (self.log_rect.left + 16, self.log_rect.top
                                                   + 52), (self.log_rect.right - 16,
                                                           self.log_rect.top + 52))
        if self.log_list is None or not self.log_list.rows:
            empty = assets.text(self.app.t("ui.log.empty"), "italic", theme.SIZE_BODY,
                                theme.INK_FAINT)
            blit_centered(surface, empty, (self.log_rect.centerx, self.log_rect.top + 100))
            return
        self.log_list.draw(surface)
        if self.pin_height:
            box = pygame.Rect(self.log_rect.left + 12, self.log_rect.bottom - 12 -
                              self.pin_height, self.log_rect.width - 24, self.pin_height)
            surface.blit(theme.panel(box.size, "parchment"), box)
            event = self.log_events[self.pinned or 0]
            y = box.top + 12
            for detail in self.event_details(event):
                image = assets.text(detail, "bold", theme.SIZE_SMALL, theme.INK_DARK,
                                    box.width - 24)
                surface.blit(image, (box.left + 12, y))
                y += image.get_height() + 6
                if y > box.bottom - 20:
                    break

    def draw_curtain(self, surface: pygame.Surface) -> None:
        """Covers the board while the table passes to the next player (no private info)."""
        rect = self.board_rect.inflate(-40, -40)
        surface.blit(theme.panel(rect.size, "glass"), rect)
        seat = self.curtain_for if self.curtain_for is not None else 0
        blit_centered(surface, assets.asset_icon("ui.curtain", 150, self.seat_colour(seat)),
                      (rect.centerx, rect.centery - 120))
        title = assets.shadowed(self.app.t("ui.curtain.title", name=self.seat_name(seat)),
                                "title", theme.SIZE_H1, theme.GOLD)
        blit_centered(surface, title, (rect.centerx, rect.centery + 10))
        body = assets.text(self.app.t(self.CURTAIN_BODY), "italic", theme.SIZE_H3,
                           theme.INK_DIM, rect.width - 360, "center")
        blit_centered(surface, body, (rect.centerx, rect.centery + 76))
        self.curtain_button.draw(surface)
