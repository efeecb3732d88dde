"""The deck-builder's table: dungeon hall, adventurers, village piles, turn panel and the hand.

Everything shown comes from the view (docs/deckbuilder/view.md); every click becomes one of the
legal actions. Cards are clicked (a menu lists what a card can do) or, for weapons, dragged onto
a hero. The battle preview under each monster gives the exact result of attacking it now, and
hovering it opens the breakdown term by term.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from engine.core.actions import Action
from scenes import assets, theme
from scenes.anim import CardFlight, Tween, ease_out_back
from scenes.board.chooser import Popup
from scenes.deckbuilder import cards
from scenes.deckbuilder.viewer import CardViewerScene
from scenes.generic import action_label
from scenes.table import TableScene
from scenes.widgets import Button, blit_centered, tooltip_box

# panels inside the board (the board is x 0..1220, y 68..900)
HALL = pygame.Rect(8, 74, 650, 262)
PLAYERS = pygame.Rect(666, 74, 546, 262)
VILLAGE = pygame.Rect(8, 342, 880, 298)
TURN = pygame.Rect(896, 342, 316, 298)
HAND = pygame.Rect(8, 646, 1204, 248)

MONSTER = (120, 168)
PILE = (96, 134)
HAND_CARD = (124, 174)
ZOOM = (240, 336)
DECK_BACK = (104, 146)
PEEK = 30  # how much of a carried weapon shows above its hero
PLAY_PHASES = ("village", "dungeon", "split", "destroy", "spoils")
DRAG_START = 8  # pixels the mouse must move before a press becomes a drag

# phase buttons: action kind -> (label key, icon, tooltip key or "")
PHASE_BUTTONS = {
    "village": ("deckbuilder.ui.btn.village", "deckbuilder.sym.village",
                "deckbuilder.ui.btn.village.tip"),
    "dungeon": ("deckbuilder.ui.btn.dungeon", "deckbuilder.sym.dungeon",
                "deckbuilder.ui.btn.dungeon.tip"),
    "rest": ("deckbuilder.ui.btn.rest", "deckbuilder.sym.rest", "deckbuilder.ui.btn.rest.tip"),
    "retreat": ("deckbuilder.ui.btn.retreat", "deckbuilder.sym.end", ""),
    "end_spoils": ("deckbuilder.ui.btn.end_spoils", "deckbuilder.sym.end", ""),
}
CARD_KINDS = ("use", "level", "equip", "unequip", "destroy")
# consequences of a fight (the view's preview): the headline, and those that cost the player
RESULT_KEYS = ("deckbuilder.ev.win", "deckbuilder.ev.lose")
LOSS_KEYS = ("deckbuilder.preview.too_weak", "deckbuilder.ev.doomed",
             "deckbuilder.preview.destroy_choice", "deckbuilder.ev.disease",
             "deckbuilder.ev.xp_lost", "deckbuilder.preview.breach",
             "deckbuilder.preview.stone_reached")


@dataclass
class PlaySpot:
    """Where a revealed (or held) card lies on the table."""

    index: int
    card: str
    rect: pygame.Rect  # the part that takes clicks
    face_rect: pygame.Rect  # where the whole face is drawn
    carried_by: int | None = None


def _int(value: Any) -> int:
    return int(value) if isinstance(value, int | float) else 0


class DeckbuilderTableScene(TableScene):
    """The table of the dungeon deck-builder (seed 000)."""

    CURTAIN_BODY = "deckbuilder.ui.curtain.body"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.selected: int | None = None
        self.popup: Popup | None = None
        self.popup_actions: list[Action] = []
        self.phase_buttons: list[Button] = []
        self.press: tuple[int, tuple[int, int]] | None = None
        self.dragging = False
        self.zoom: tuple[str, pygame.Rect, int | None, str] | None = None
        self.preview_rank: int | None = None
        self.spots: list[PlaySpot] = []
        self.clickable: set[int] = set()
        self.legal: list[Action] = []
        self.rank_rects: dict[int, pygame.Rect] = {}
        self.pill_rects: dict[int, pygame.Rect] = {}
        self.pile_rects: list[tuple[dict[str, Any], pygame.Rect]] = []
        self.player_rows: list[dict[str, Any]] = []
        self.deck_rect = pygame.Rect(0, 0, 0, 0)
        self.trash_rect = pygame.Rect(0, 0, 0, 0)
        self._breakdowns: dict[int, pygame.Surface] = {}
        self._last: dict[str, Any] | None = None
        self.banner: tuple[pygame.Surface, Tween] | None = None
        super().__init__(*args, **kwargs)

    # --- reading the view -------------------------------------------------------------------
    def card(self, cid: str) -> dict[str, Any]:
        """Returns the display data of a card id from the view."""
        return self.view.get("cards", {}).get(cid, {"id": cid, "name": cid, "category": "item"})

    def name(self, cid: str | None) -> str:
        """Returns a card's name in the current language."""
        return cards.card_name(self.app, self.card(cid)) if cid else ""

    def play_card(self, index: int) -> str | None:
        """Returns the card id at a play index (None when destroyed)."""
        for entry in self.view.get("play", ()):
            if entry["index"] == index:
                return str(entry["card"])
        return None

    def showing_play(self) -> bool:
        """Returns True when the hand area shows the current player's revealed cards."""
        return self.view.get("phase") in PLAY_PHASES

    def equip_map(self) -> dict[int, int]:
        """Returns weapon play index -> hero play index."""
        return {int(w): int(h) for w, h in self.view.get("turn_state", {}).get("equip", ())}

    def actions_for(self, index: int) -> list[Action]:
        """Returns the legal actions that a click on the card at a play/hand index can mean.

        The rules list each choice once per card id (two daggers give one set of choices); a
        click on the twin that was left out means the same choice.
        """
        own = self._own_actions(index)
        if own:
            return own
        cid = self._card_at(index)
        carried = index in self.equip_map()
        for spot in self.spots:
            if spot.index != index and spot.card == cid \
                    and (spot.index in self.equip_map()) == carried:
                twin = self._own_actions(spot.index)
                if twin:
                    return twin
        return []

    def _own_actions(self, index: int) -> list[Action]:
        out = []
        for action in self.legal:
            if action.kind in ("use", "level", "destroy") and action.get("card") == index:
                out.append(action)
            elif action.kind in ("equip", "unequip") and action.get("weapon") == index:
                out.append(action)
        return out

    def targets_of(self, selected: int) -> dict[tuple[str, int], list[Action]]:
        """Returns the targets of the selected card: ("card"|"rank", n) -> matching actions."""
        out: dict[tuple[str, int], list[Action]] = {}
        for action in self.actions_for(selected):
            if action.kind == "equip":
                out.setdefault(("card", action["hero"]), []).append(action)
            elif action.kind == "use" and action.get("target") is not None:
                kind = "rank" if self._targets_rank(action) else "card"
                out.setdefault((kind, action["target"]), []).append(action)
        return out

    def _targets_rank(self, action: Action) -> bool:
        """Returns True when a use action aims at a hall rank rather than at a hero in play."""
        ability = self._ability(action["card"], action["ability"])
        if ability and ability.get("key") == "deckbuilder.effect.banish":
            return True
        target = self.play_card(action["target"])
        return target is None or "hero" not in self.card(target).get("tags", ())

    def _ability(self, index: int, ability: int) -> dict[str, Any] | None:
        cid = self.play_card(index)
        if cid is None:
            return None
        slot = "village" if self.view.get("phase") == "village" else "dungeon"
        effects = [e for e in self.card(cid).get("effects", ()) if e.get("slot") == slot]
        return effects[ability] if 0 <= ability < len(effects) else None

    # --- labels -------------------------------------------------------------------------------
    def _effect(self, index: int, ability: int) -> str:
        effect = self._ability(index, ability)
        if effect is None:
            return ""
        text = cards.effect_text(self.app, effect, full=False)
        # the price of a REPEAT or self-destroying effect stays in the words; a chosen card
        # to destroy is named by the option itself (deckbuilder.ui.opt.pay)
        costs = [c for c in effect.get("costs", ()) if c["key"] != "deckbuilder.cost.destroy"]
        if costs:
            text += " (" + ", ".join(self.app.msg(c) for c in costs) + ")"
        return text

    def label(self, action: Action) -> str:
        """Returns what an action does, in words."""
        t = self.app.t
        kind = action.kind
        if kind == "use":
            effect = self._effect(action["card"], action["ability"])
            if action.get("pay") is not None:
                return t("deckbuilder.ui.opt.pay", effect=effect,
                         card=self.name(self.play_card(action["pay"])))
            if action.get("target") is not None:
                target = t("deckbuilder.ui.opt.rank", rank=action["target"]) \
                    if self._targets_rank(action) else self.name(self.play_card(action["target"]))
                return t("deckbuilder.ui.opt.target", effect=effect, target=target)
            return t("deckbuilder.ui.opt.use", effect=effect)
        if kind == "level":
            entry = self.level_entry(action)
            if entry is None:
                return action_label(self.app, self.game_id, action)
            return t("deckbuilder.ui.opt.level", to=self.name(entry["next"]), xp=entry["xp"])
        if kind == "equip":
            return t("deckbuilder.ui.opt.equip", hero=self.name(self.play_card(action["hero"])))
        if kind == "unequip":
            hero = self.equip_map().get(action["weapon"])
            return t("deckbuilder.ui.opt.unequip",
                     hero=self.name(self.play_card(hero)) if hero is not None else "")
        if kind == "destroy":
            return t("deckbuilder.ui.opt.destroy", card=self.name(self._card_at(action["card"])))
        if kind == "diseases":
            # the view counts the revealed diseases (the rules decide what is one)
            total = _int(self.view.get("turn_state", {}).get("diseases"))
            return t("deckbuilder.ui.split", magic=action["magic"],
                     physical=max(0, total - action["magic"]))
        if kind in PHASE_BUTTONS:
            return t(PHASE_BUTTONS[kind][0])
        if kind == "end_turn":
            return t("deckbuilder.ui.btn.rest_none") if self.view.get("phase") == "rest" \
                else t("deckbuilder.ui.btn.end_turn")
        return action_label(self.app, self.game_id, action)

    def level_entry(self, action: Action) -> dict[str, Any] | None:
        """Returns the view's level-up entry of a level action: {card, to, next, xp}."""
        for entry in self.view.get("turn_state", {}).get("levels", ()):
            if entry["card"] == action["card"] and entry["to"] == action["to"]:
                return entry
        return None

    def split_result(self, action: Action) -> dict[str, Any] | None:
        """Returns the fight result of a disease split against the chosen monster, if known."""
        preview = self._preview(_int(self.view.get("turn_state", {}).get("target")))
        if preview is None or self.view.get("phase") != "split":
            return None
        for entry in preview.get("splits", ()):
            if entry["magic"] == action["magic"]:
                return {**entry, "health": preview["health"]}
        return None

    def _card_at(self, index: int) -> str | None:
        if self.showing_play():
            return self.play_card(index)
        hand = self._hand_cards()
        return hand[index] if 0 <= index < len(hand) else None

    def _hand_cards(self) -> list[str]:
        seat = self.viewer
        players = self.view.get("players", ())
        if seat is None or seat >= len(players):
            return []
        return list(players[seat].get("hand_cards", ()))

    # --- building the table from the view ------------------------------------------------------
    def on_view_changed(self) -> None:
        self.legal = self.legal_actions()
        self.selected = None
        self.popup = None
        self.press = None
        self.dragging = False
        self._breakdowns = {}
        self._layout_hall()
        self._layout_players()
        self._layout_village()
        self._layout_hand()
        self.clickable = {spot.index for spot in self.spots if self.actions_for(spot.index)}
        self._layout_buttons()
        self._animate_changes()

    def _layout_hall(self) -> None:
        self.rank_rects, self.pill_rects = {}, {}
        for i in range(3):
            x = HALL.left + 20 + i * 152
            self.rank_rects[i + 1] = pygame.Rect(x + 13, HALL.top + 62, *MONSTER)
            self.pill_rects[i + 1] = pygame.Rect(x, HALL.top + 234, 146, 24)
        self.deck_rect = pygame.Rect(HALL.left + 506, HALL.top + 44, *DECK_BACK)

    def _layout_players(self) -> None:
        self.player_rows = []
        players = self.view.get("players", ())
        n = max(1, len(players))
        row_h = min(50, (PLAYERS.height - 50) // n)
        for p, entry in enumerate(players):
            row = pygame.Rect(PLAYERS.left + 10, PLAYERS.top + 44 + p * row_h,
                              PLAYERS.width - 20, row_h - 4)
            x = row.right - 8
            chips = {}
            for key in ("discard", "deck", "hand", "vp", "xp"):
                chips[key] = pygame.Rect(x - 58, row.top + 2, 56, row.height - 4)
                x -= 62
            self.player_rows.append({"seat": p, "rect": row, "chips": chips, "entry": entry})
        self.trash_rect = pygame.Rect(PLAYERS.right - 128, PLAYERS.top + 8, 116, 30)

    def _layout_village(self) -> None:
        self.pile_rects = []
        piles = list(self.view.get("village", ()))
        per_row = max(1, (len(piles) + 1) // 2)
        step = min(PILE[0] + 12, (VILLAGE.width - 40) // per_row)
        for i, pile in enumerate(piles):
            row, col = divmod(i, per_row)
            rect = pygame.Rect(VILLAGE.left + 20 + col * step, VILLAGE.top + 14 + row * 142,
                               *PILE)
            self.pile_rects.append((pile, rect))

    def _layout_hand(self) -> None:
        self.spots = []
        if self.showing_play():
            entries = [(e["index"], str(e["card"])) for e in self.view.get("play", ())]
        else:
            entries = list(enumerate(self._hand_cards()))
        equip = self.equip_map()
        heroes = dict(entries)
        groups = [(i, c) for i, c in entries if i not in equip or equip[i] not in heroes]
        n = len(groups)
        if not n:
            return
        width = HAND.width - 40
        step = HAND_CARD[0] + 12
        if n > 1 and n * step - 12 > width:
            step = (width - HAND_CARD[0]) // (n - 1)
        x0 = HAND.left + 20 + max(0, (width - (step * (n - 1) + HAND_CARD[0])) // 2)
        y = HAND.top + 40 + PEEK
        carried = {h: w for w, h in equip.items() if w in heroes}
        for k, (i, cid) in enumerate(groups):
            face = pygame.Rect(x0 + k * step, y, *HAND_CARD)
            w = carried.get(i)
            if w is not None:
                wface = pygame.Rect(face.left + 16, face.top - PEEK, *HAND_CARD)
                self.spots.append(PlaySpot(w, heroes[w], pygame.Rect(wface.left, wface.top,
                                  min(step, wface.width), PEEK), wface, carried_by=i))
            clip = pygame.Rect(face.left, face.top, min(step, face.width), face.height) \
                if k < n - 1 else face
            self.spots.append(PlaySpot(i, cid, clip, face))

    def _layout_buttons(self) -> None:
        self.phase_buttons = []
        kinds_on_board = ("buy", "spoil", "attack") + CARD_KINDS
        extra = [a for a in self.legal if a.kind not in kinds_on_board]
        if self.view.get("phase") == "rest":
            # in a rest, destroying a hand card is a click on the card
            extra = [a for a in extra if a.kind != "destroy"]
        bottom = TURN.bottom - 14
        for action in reversed(extra):
            label = self.label(action)
            icon, tip = None, None
            if action.kind in PHASE_BUTTONS:
                _, icon, tip_key = PHASE_BUTTONS[action.kind]
                tip = self.app.t(tip_key) if tip_key else None
            elif action.kind == "end_turn":
                icon = "deckbuilder.sym.end"
            style = "primary" if action.kind in ("dungeon", "end_turn", "end_spoils") else "normal"
            hotkey = pygame.K_RETURN if action.kind in ("end_turn", "end_spoils") else None
            rect = (TURN.left + 14, bottom - 46, TURN.width - 28, 46)
            result = self.split_result(action) if action.kind == "diseases" else None
            if result is not None:
                # seed 000, "Krankheiten": each split is its own fight result, shown on the button
                self.phase_buttons.append(SplitButton(rect, label, self._sender(action),
                                                      result=result, size=theme.SIZE_SMALL + 1,
                                                      align="left"))
            else:
                self.phase_buttons.append(Button(rect, label, self._sender(action), style=style,
                                                 icon=icon, tooltip=tip,
                                                 size=theme.SIZE_SMALL + 1, hotkey=hotkey))
            bottom -= 54

    def back(self) -> None:
        """Esc first lets go of a chosen card, then opens the pause menu."""
        if self.selected is not None or self.popup is not None:
            self._deselect()
            return
        super().back()

    def _sender(self, action: Action) -> Any:
        def send() -> None:
            self.send(action)
        return send

    def _animate_changes(self) -> None:
        """Flies bought cards from their pile and new monsters from the dungeon deck."""
        last, self._last = self._last, {
            "piles": {p["pile"]: p["remaining"] for p in self.view.get("village", ())},
            "deck": self.view.get("dungeon", {}).get("deck", 0),
            "hall": [h["card"] for h in self.view.get("dungeon", {}).get("hall", ())],
            "current": self.view.get("current", 0),
            "tops": {p["pile"]: p["top"] for p in self.view.get("village", ())},
        }
        if last is None or self.app.settings.anim_speed <= 0:
            return
        actor = last["current"]
        target = next((r["rect"] for r in self.player_rows if r["seat"] == actor), None)
        for pile, rect in self.pile_rects:
            before = last["piles"].get(pile["pile"], 0)
            if pile["remaining"] < before and target is not None:
                top = last["tops"].get(pile["pile"])
                if top and top in self.view.get("cards", {}):
                    image = cards.face(self.app, self.card(top), PILE)
                    self.anim.add(CardFlight(image, rect.center, target.center, 0.55))
        if self._last["deck"] < last["deck"]:
            for rank, cid in enumerate(self._last["hall"], start=1):
                if cid and cid not in last["hall"]:
                    self.anim.add(CardFlight(cards.back(MONSTER), self.deck_rect.center,
                                             self.rank_rects[rank].center, 0.5, arc=40))

    def on_events(self, events: list[Any]) -> None:
        for event in events:
            if event.key in ("deckbuilder.ev.win", "deckbuilder.ev.lose"):
                won = event.key == "deckbuilder.ev.win"
                text = self.app.t("deckbuilder.ui.preview.win" if won else
                                  "deckbuilder.ui.preview.lose", attack=event.params["attack"],
                                  health=event.params["health"])
                image = assets.shadowed(text, "title", theme.SIZE_H1,
                                        theme.GREEN_BRIGHT if won else theme.RED_BRIGHT)
                self.banner = (image, self.anim.add(Tween(0.0, 1.0, 1.4, ease=ease_out_back)))

    # --- input ------------------------------------------------------------------------------
    def handle_board(self, event: pygame.event.Event) -> bool:
        for button in self._popup_buttons() + self.phase_buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._deselect()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.anim.busy:
                self.anim.finish_all()
            spot = self.spot_at(event.pos)
            self.press = (spot.index, event.pos) if spot else None
            return spot is not None
        if event.type == pygame.MOUSEMOTION and self.press is not None:
            x, y = self.press[1]
            if abs(event.pos[0] - x) + abs(event.pos[1] - y) >= DRAG_START and any(
                    a.kind == "equip" for a in self.actions_for(self.press[0])):
                self.dragging = True
            return self.dragging
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, dragging = self.press, self.dragging
            self.press, self.dragging = None, False
            if press is not None and dragging:
                return self._drop(press[0], event.pos)
            if press is not None:
                spot = self.spot_at(event.pos)
                if spot is not None and spot.index == press[0]:
                    self.click_card(spot.index)
                    return True
                return False
            return self.click_table(event.pos)
        return False

    def spot_at(self, pos: tuple[int, int]) -> PlaySpot | None:
        """Returns the card in the hand area under pos (the topmost one)."""
        for spot in reversed(self.spots):
            if spot.rect.collidepoint(pos):
                return spot
        return None

    def _drop(self, weapon: int, pos: tuple[int, int]) -> bool:
        spot = self.spot_at(pos)
        if spot is not None:
            for action in self.actions_for(weapon):
                if action.kind == "equip" and action["hero"] == spot.index:
                    self.send(action)
                    return True
        self._deselect()
        return True

    def _deselect(self) -> None:
        self.selected = None
        self.popup = None

    def click_card(self, index: int) -> None:
        """Reacts to a click on a card in the hand area."""
        if self.selected is not None and self.selected != index:
            chosen = self.targets_of(self.selected).get(("card", index))
            if chosen:
                self._choose(chosen, index)
                return
        actions = self.actions_for(index)
        if not actions:
            self._deselect()
            return
        if self.view.get("phase") in ("destroy", "rest") and len(actions) == 1:
            self.send(actions[0])
            return
        if self.selected == index:
            self._deselect()
            return
        self.selected = index
        self._open_popup(actions, next(s for s in self.spots if s.index == index).face_rect)

    def _choose(self, actions: list[Action], index: int) -> None:
        if len(actions) == 1:
            self.send(actions[0])
            return
        spot = next((s for s in self.spots if s.index == index), None)
        self._open_popup(actions, spot.face_rect if spot else HAND)

    def _open_popup(self, actions: list[Action], anchor: pygame.Rect) -> None:
        choices = [(self.label(a), a, "primary" if a.kind != "unequip" else "normal")
                   for a in actions]
        self.popup = Popup.stacked_above(choices, self.send, anchor, HAND)
        self.popup_actions = list(actions)

    def _popup_buttons(self) -> list[Button]:
        return self.popup.buttons if self.popup is not None else []

    def click_table(self, pos: tuple[int, int]) -> bool:
        """Reacts to a click outside the hand: monsters, piles, players' piles, the trash."""
        for rank, rect in self.rank_rects.items():
            if rect.collidepoint(pos) or self.pill_rects[rank].collidepoint(pos):
                if self.selected is not None:
                    chosen = self.targets_of(self.selected).get(("rank", rank))
                    if chosen:
                        self._choose(chosen, self.selected)
                        return True
                attack = Action("attack", (("rank", rank),))
                if attack in self.legal:
                    self.send(attack)
                    return True
        for pile, rect in self.pile_rects:
            if rect.collidepoint(pos):
                for kind in ("buy", "spoil"):
                    action = Action(kind, (("card", pile["pile"]),))
                    if action in self.legal:
                        self.send(action)
                        return True
        for row in self.player_rows:
            for key in ("deck", "discard"):
                if row["chips"][key].collidepoint(pos):
                    self.open_pile(row["seat"], key)
                    return True
        if self.trash_rect.collidepoint(pos):
            self.open_pile(None, "trash")
            return True
        if self.selected is not None:
            self._deselect()
            return True
        return False

    def open_pile(self, seat: int | None, which: str) -> None:
        """Opens a deck (its x-of-y counters), a discard pile or the destroyed cards."""
        t = self.app.t
        data = self.view.get("cards", {})
        if which == "trash":
            entries = _grouped(self.view.get("trash", ()))
            title = t("deckbuilder.ui.view.trash", n=len(self.view.get("trash", ())))
        else:
            entry = self.view["players"][seat]
            name = self.seat_name(seat)
            if which == "deck":
                # seed 000, "Anzeige der Karten im Nachziehstapel": x of y per card
                entries = [(c["card"], t("deckbuilder.ui.view.counter", x=c["x"], y=c["y"]))
                           for c in entry.get("counters", ()) if c["x"] > 0]
                title = t("deckbuilder.ui.view.deck", name=name, n=entry.get("deck", 0))
            else:
                entries = _grouped(entry.get("discard", ()))
                title = t("deckbuilder.ui.view.discard", name=name,
                          n=len(entry.get("discard", ())))
        self.app.push(CardViewerScene(self.app, title, entries, data))

    # --- hover --------------------------------------------------------------------------------
    def update_board(self, dt: float) -> None:
        for button in self._popup_buttons() + self.phase_buttons:
            button.update(dt, self.app)
        if self.banner is not None and self.banner[1].done:
            self.banner = None
        mouse = self.app.mouse
        self.zoom = None
        self.preview_rank = None
        if self.dragging:
            return
        for button, action in zip(self._popup_buttons(), self.popup_actions, strict=False):
            entry = self.level_entry(action) if action.kind == "level" else None
            if entry is not None and button.rect.collidepoint(mouse):
                self.zoom = (entry["next"], button.rect, None,
                             self.app.t("deckbuilder.ui.level.becomes",
                                        name=self.name(self.play_card(entry["card"]))))
                return
        spot = self.spot_at(mouse)
        if spot is not None and not (self.popup is not None and self.popup.contains(mouse)):
            notes = []
            if spot.carried_by is not None:
                notes.append(self.app.t("deckbuilder.ui.carried",
                                        hero=self.name(self.play_card(spot.carried_by))))
            if spot.index in self.view.get("turn_state", {}).get("destroyed_after_fight", ()) \
                    and self.showing_play():
                notes.append(self.app.t("deckbuilder.ui.doomed"))
            self.zoom = (spot.card, spot.face_rect, self._strength(spot.index), " · ".join(notes))
            return
        for rank, rect in self.rank_rects.items():
            if rect.collidepoint(mouse) or self.pill_rects[rank].collidepoint(mouse):
                cid = self._hall_card(rank)
                if cid and cid != "thunderstone":
                    self.zoom = (cid, rect, None, "")
                    if self._preview(rank) is not None:
                        self.preview_rank = rank
                        if rank not in self._breakdowns:
                            self._breakdowns[rank] = self._breakdown_panel(rank)
                elif cid:
                    self.zoom = (cid, rect, None, "")
                return
        for pile, rect in self.pile_rects:
            if rect.collidepoint(mouse) and pile["top"]:
                tip = self.app.t("deckbuilder.ui.pile.tip", name=self.name(pile["top"]),
                                 cost=pile["cost"], n=pile["remaining"])
                self.zoom = (pile["top"], rect, None, tip)
                return
        self._hints(mouse)

    def _hints(self, mouse: tuple[int, int]) -> None:
        t = self.app.t
        for row in self.player_rows:
            entry = row["entry"]
            chips = row["chips"]
            self.hint(("xp", row["seat"]), t("deckbuilder.ui.player.xp.tip", n=entry["xp"]),
                      chips["xp"])
            self.hint(("vp", row["seat"]), t("deckbuilder.ui.player.vp.tip", n=entry["vp"]),
                      chips["vp"])
            self.hint(("deck", row["seat"]), t("deckbuilder.ui.player.deck.tip",
                                               n=entry["deck"]), chips["deck"])
            self.hint(("discard", row["seat"]), t("deckbuilder.ui.player.discard.tip",
                                                  n=len(entry["discard"])), chips["discard"])
            self.hint(("hand", row["seat"]), t("deckbuilder.ui.player.hand.tip",
                                               n=entry["hand"]), chips["hand"])
            if entry.get("has_stone"):
                self.hint(("stone", row["seat"]), t("deckbuilder.ui.player.stone.tip"),
                          row["rect"])
        self.hint("trash", t("deckbuilder.ui.trash.tip", n=len(self.view.get("trash", ()))),
                  self.trash_rect)
        self.hint("deck", t("deckbuilder.ui.dungeon_deck.tip",
                            n=self.view.get("dungeon", {}).get("deck", 0)), self.deck_rect)
        for entry in self.view.get("dungeon", {}).get("hall", ()):
            rank = entry["rank"]
            head = self._dark_rect(rank)
            cid = entry["card"]
            dark = self.card(cid).get("darkness", 0) if cid else 0
            self.hint(("dark", rank), t("deckbuilder.ui.darkness.tip", rank=rank, dark=dark),
                      head)
        state = self.view.get("turn_state", {})
        if self.view.get("phase") in ("village", "spoils"):
            lines = [self.app.msg(state["gold_breakdown"]["name"]) + " = "
                     + f"{state['gold_breakdown']['total']}"]
            lines += [f"{_signed(term['value'])}  {self.app.msg(term['label'])}"
                      for term in state["gold_breakdown"]["terms"]]
            self.hint("gold", lines, pygame.Rect(TURN.left + 14, TURN.top + 56, 280, 30))

    def _strength(self, index: int) -> int | None:
        if not self.showing_play():
            return None
        value = self.view.get("turn_state", {}).get("strength", {}).get(str(index))
        return _int(value) if value is not None else None

    def _hall_card(self, rank: int) -> str | None:
        hall = self.view.get("dungeon", {}).get("hall", ())
        return hall[rank - 1]["card"] if rank - 1 < len(hall) else None

    def _preview(self, rank: int) -> dict[str, Any] | None:
        for entry in self.view.get("preview", ()):
            if entry["rank"] == rank:
                return entry
        return None

    def _breakdown_panel(self, rank: int) -> pygame.Surface:
        """Returns the battle preview of one monster as a panel: every term of the attack."""
        width = 420
        images = []
        for text, role, colour in self.breakdown_lines(rank):
            size = theme.SIZE_H3 if role == "title" else theme.SIZE_SMALL
            images.append(assets.text(text, role, size, colour, width - 28))
        height = sum(im.get_height() + 4 for im in images) + 24
        panel = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(panel, (16, 11, 8), panel.get_rect(), border_radius=theme.RADIUS)
        panel.blit(theme.panel((width, height), "glass"), (0, 0))
        y = 12
        for image in images:
            panel.blit(image, (14, y))
            y += image.get_height() + 4
        return panel

    def breakdown_lines(self, rank: int) -> list[tuple[str, str, theme.Colour]]:
        """Returns the battle preview of one monster as (text, font role, colour) lines: the
        result, every term of the attack and every consequence of committing."""
        preview = self._preview(rank)
        assert preview is not None
        t = self.app.t
        lines: list[tuple[str, str, theme.Colour]] = []
        head = t("deckbuilder.ui.preview.hand") if self.view.get("phase") == "choose" \
            else t("deckbuilder.ui.preview.now")
        lines.append((head, "italic", theme.INK_DIM))
        if preview["attackable"]:
            key = "deckbuilder.ui.preview.win" if preview["win"] else "deckbuilder.ui.preview.lose"
            lines.append((t(key, attack=preview["attack"], health=preview["health"]), "title",
                          theme.GREEN_BRIGHT if preview["win"] else theme.RED_BRIGHT))
        else:
            lines.append((t("deckbuilder.ui.preview.blocked"), "title", theme.INK_DIM))
            if preview.get("reason"):
                lines.append((t(preview["reason"]), "body", theme.INK))
        breakdown = preview.get("breakdown") or {}
        if breakdown:
            lines.append((f"{self.app.msg(breakdown['name'])} = {breakdown['total']:g}", "bold",
                          theme.GOLD))
            for term in breakdown.get("terms", ()):
                value = term["value"]
                colour = theme.RED_BRIGHT if value < 0 else theme.INK
                lines.append((f"{_signed(value)}   {self.app.msg(term['label'])}", "body", colour))
        if preview.get("diseases"):
            lines.append((t("deckbuilder.ui.preview.diseases", n=preview["diseases"],
                            magic=preview.get("disease_split", 0)), "body", theme.INK_DIM))
        stopped = preview.get("stopped") or ()
        if stopped:
            lines.append((t("deckbuilder.ui.preview.stopped", n=len(stopped)), "body",
                          theme.INK_DIM))
        # every consequence of committing, as the rules name them (the result is the headline)
        follows = [m for m in preview.get("consequences", ()) if m["key"] not in RESULT_KEYS]
        if follows:
            lines.append((t("deckbuilder.ui.preview.then"), "bold", theme.GOLD))
            for message in follows:
                colour = theme.RED_BRIGHT if message["key"] in LOSS_KEYS else theme.INK
                lines.append((f"•  {self.game_message(message)}", "body", colour))
        return lines

    # --- drawing ------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        self._draw_hall(surface)
        self._draw_players(surface)
        self._draw_village(surface)
        self._draw_turn(surface)
        self._draw_hand(surface)
        if self.dragging and self.press is not None:
            cid = self.play_card(self.press[0])
            if cid:
                image = cards.face(self.app, self.card(cid), HAND_CARD)
                surface.blit(image, image.get_rect(center=self.app.mouse))
        self._draw_zoom(surface)
        if self.popup is not None:
            # the choices stay on top: an enlarged card that found no free place must not hide
            # them
            self.popup.draw(surface)
        if self.banner is not None:
            image, tween = self.banner
            value = tween.value
            y = int(480 - 40 * float(value if isinstance(value, float) else 0))
            surface.blit(image, image.get_rect(center=(self.board_rect.centerx, y)))

    def _title(self, surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
        image = assets.text(text, "title", theme.SIZE_H3, theme.GOLD)
        surface.blit(image, pos)

    def _draw_hall(self, surface: pygame.Surface) -> None:
        t = self.app.t
        surface.blit(theme.panel(HALL.size, "wood"), HALL)
        self._title(surface, t("deckbuilder.ui.hall"), (HALL.left + 18, HALL.top + 6))
        attackable = {a["rank"] for a in self.legal if a.kind == "attack"}
        targets = self.targets_of(self.selected) if self.selected is not None else {}
        for entry in self.view.get("dungeon", {}).get("hall", ()):
            rank = entry["rank"]
            rect = self.rank_rects[rank]
            pill = self.pill_rects[rank]
            label = assets.text(t("deckbuilder.ui.rank", rank=rank), "bold", theme.SIZE_SMALL,
                                theme.INK)
            surface.blit(label, (pill.left + 6, HALL.top + 40))
            dark = self._dark_rect(rank)
            pygame.draw.rect(surface, (34, 36, 78), dark, border_radius=11)
            pygame.draw.rect(surface, (120, 128, 220), dark, 1, border_radius=11)
            surface.blit(assets.asset_icon("deckbuilder.sym.darkness", 16), (dark.left + 6, dark.top + 3))
            number = assets.text(str(entry["light_penalty"]), "bold", theme.SIZE_SMALL,
                                 (210, 214, 255))
            surface.blit(number, number.get_rect(midleft=(dark.left + 26, dark.centery)))
            cid = entry["card"]
            if cid is None:
                pygame.draw.rect(surface, (30, 22, 17), rect, border_radius=8)
                pygame.draw.rect(surface, theme.GOLD_DIM, rect, 1, border_radius=8)
                empty = assets.text(t("deckbuilder.ui.empty_rank"), "italic", theme.SIZE_BODY,
                                    theme.INK_FAINT)
                blit_centered(surface, empty, rect.center)
                continue
            surface.blit(cards.face(self.app, self.card(cid), MONSTER), rect)
            if rank in attackable or ("rank", rank) in targets:
                self.highlight(surface, rect)
            self._draw_pill(surface, rank, pill)
            self._draw_losses(surface, rank, rect)
        surface.blit(cards.back(DECK_BACK), self.deck_rect)
        count = self.view.get("dungeon", {}).get("deck", 0)
        if count > 1:
            pygame.draw.line(surface, (18, 12, 8), self.deck_rect.topright,
                             (self.deck_rect.right, self.deck_rect.bottom), 3)
        caption = assets.text(t("deckbuilder.ui.dungeon_deck"), "bold", theme.SIZE_TINY,
                              theme.INK_DIM)
        blit_centered(surface, caption, (self.deck_rect.centerx, self.deck_rect.bottom + 14))
        number = assets.shadowed(str(count), "bold", theme.SIZE_H2, theme.GOLD_BRIGHT)
        blit_centered(surface, number, (self.deck_rect.centerx, self.deck_rect.bottom + 46))

    def _dark_rect(self, rank: int) -> pygame.Rect:
        pill = self.pill_rects[rank]
        return pygame.Rect(pill.right - 52, HALL.top + 38, 48, 22)

    def _draw_pill(self, surface: pygame.Surface, rank: int, pill: pygame.Rect) -> None:
        preview = self._preview(rank)
        if preview is None:
            return
        t = self.app.t
        if not preview["attackable"]:
            colour, text, icon = (70, 62, 56), t("deckbuilder.ui.preview.blocked"), "deckbuilder.sym.blocked"
        elif preview["win"]:
            colour = (44, 110, 56)
            text = t("deckbuilder.ui.pill.win", attack=preview["attack"],
                     health=preview["health"])
            icon = "deckbuilder.sym.win"
        else:
            colour = (136, 40, 32)
            text = t("deckbuilder.ui.pill.lose", attack=preview["attack"],
                     health=preview["health"])
            icon = "deckbuilder.sym.lose"
        pygame.draw.rect(surface, colour, pill, border_radius=12)
        pygame.draw.rect(surface, theme.mix(colour, (255, 255, 255), 0.4), pill, 1,
                         border_radius=12)
        surface.blit(assets.asset_icon(icon, 16), (pill.left + 7, pill.centery - 8))
        image = assets.text(assets.fit(text, "bold", theme.SIZE_TINY, pill.width - 32), "bold",
                            theme.SIZE_TINY, (255, 248, 236))
        surface.blit(image, image.get_rect(midleft=(pill.left + 27, pill.centery)))
        if self.preview_rank == rank:
            pygame.draw.rect(surface, theme.GOLD_BRIGHT, pill, 2, border_radius=12)

    def _draw_losses(self, surface: pygame.Surface, rank: int, rect: pygame.Rect) -> None:
        """Marks a monster whose fight destroys some of the player's cards: a red tag with
        the number on its lower right corner (the hover panel names them)."""
        preview = self._preview(rank)
        lost = _int((preview or {}).get("losses", {}).get("cards"))
        if not lost:
            return
        number = assets.text(str(lost), "bold", theme.SIZE_SMALL, (255, 248, 236))
        tag = pygame.Rect(0, 0, 30 + number.get_width(), 24)
        tag.bottomright = (rect.right + 6, rect.bottom + 4)
        pygame.draw.rect(surface, (136, 40, 32), tag, border_radius=12)
        pygame.draw.rect(surface, (236, 170, 150), tag, 1, border_radius=12)
        surface.blit(assets.asset_icon("deckbuilder.sym.trash", 16, (255, 248, 236)),
                     (tag.left + 7, tag.centery - 8))
        surface.blit(number, number.get_rect(midleft=(tag.left + 25, tag.centery)))

    def _draw_players(self, surface: pygame.Surface) -> None:
        t = self.app.t
        surface.blit(theme.panel(PLAYERS.size, "wood"), PLAYERS)
        self._title(surface, t("deckbuilder.ui.players"), (PLAYERS.left + 18, PLAYERS.top + 6))
        trash = len(self.view.get("trash", ()))
        surface.blit(theme.button(self.trash_rect.size, "ghost",
                                  "hover" if self.trash_rect.collidepoint(self.app.mouse)
                                  else "normal"), self.trash_rect)
        surface.blit(assets.asset_icon("deckbuilder.sym.trash", 20), (self.trash_rect.left + 8,
                                                          self.trash_rect.top + 5))
        label = assets.text(f"{t('deckbuilder.ui.trash')} {trash}", "bold", theme.SIZE_TINY,
                            theme.INK)
        surface.blit(label, label.get_rect(midleft=(self.trash_rect.left + 34,
                                                    self.trash_rect.centery)))
        outcome = self.view.get("outcome") or {}
        winners = set(outcome.get("winners", ()))
        current = self.view.get("current")
        for row in self.player_rows:
            seat, rect, entry = row["seat"], row["rect"], row["entry"]
            if seat == current and self.view.get("phase") != "over":
                pygame.draw.rect(surface, (92, 64, 40), rect, border_radius=8)
                pygame.draw.rect(surface, theme.GOLD, rect, 1, border_radius=8)
            cy = rect.centery
            pygame.draw.circle(surface, self.seat_colour(seat), (rect.left + 18, cy), 11)
            pygame.draw.circle(surface, theme.GOLD, (rect.left + 18, cy), 11, 2)
            who = assets.asset_icon("ui.bot" if self.is_bot(seat) else "ui.human", 14,
                                    theme.WOOD_DEEP)
            blit_centered(surface, who, (rect.left + 18, cy))
            x = rect.left + 38
            if seat in winners:
                surface.blit(assets.asset_icon("ui.crown", 22), (x, cy - 11))
                x += 26
            name_w = row["chips"]["xp"].left - x - 30
            name = assets.text(assets.fit(self.seat_name(seat), "serif", theme.SIZE_BODY + 1,
                                          name_w), "serif", theme.SIZE_BODY + 1, theme.INK)
            surface.blit(name, name.get_rect(midleft=(x, cy)))
            if entry.get("has_stone"):
                surface.blit(assets.asset_icon("deckbuilder.sym.stone", 22),
                             (row["chips"]["xp"].left - 28, cy - 11))
            values = {"xp": entry["xp"], "vp": entry["vp"], "deck": entry["deck"],
                      "discard": len(entry["discard"]), "hand": entry["hand"]}
            for key, chip in row["chips"].items():
                clickable = key in ("deck", "discard")
                if clickable:
                    state = "hover" if chip.collidepoint(self.app.mouse) else "normal"
                    surface.blit(theme.button(chip.size, "ghost", state), chip)
                icon = {"hand": "deckbuilder.sym.back"}.get(key, f"deckbuilder.sym.{key}")
                surface.blit(assets.asset_icon(icon, 20), (chip.left + 6, chip.centery - 10))
                number = assets.text(str(values[key]), "bold", theme.SIZE_SMALL, theme.INK)
                surface.blit(number, number.get_rect(midleft=(chip.left + 30, chip.centery)))

    def _draw_village(self, surface: pygame.Surface) -> None:
        surface.blit(theme.panel(VILLAGE.size, "wood"), VILLAGE)
        buyable = {a["card"] for a in self.legal if a.kind in ("buy", "spoil")}
        for pile, rect in self.pile_rects:
            top = pile["top"]
            if top is None:
                pygame.draw.rect(surface, (30, 22, 17), rect, border_radius=8)
                pygame.draw.rect(surface, theme.GOLD_DIM, rect, 1, border_radius=8)
                empty = assets.text(self.app.t("deckbuilder.ui.pile.empty"), "italic",
                                    theme.SIZE_SMALL, theme.INK_FAINT)
                blit_centered(surface, empty, rect.center)
                continue
            if pile["remaining"] > 1:
                pygame.draw.rect(surface, (18, 12, 8), rect.move(3, 3), border_radius=8)
            surface.blit(cards.face(self.app, self.card(top), PILE), rect)
            # the count sits on the art's upper right corner, clear of name, price and badges
            art = cards.art_rect(self.app, self.card(top), PILE)
            centre = (rect.left + art.right - 9, rect.top + art.top + 10)
            pygame.draw.circle(surface, theme.WOOD_DEEP, centre, 13)
            pygame.draw.circle(surface, theme.GOLD, centre, 13, 2)
            count = assets.text(str(pile["remaining"]), "bold", theme.SIZE_TINY, theme.INK)
            blit_centered(surface, count, centre)
            if pile["pile"] in buyable:
                self.highlight(surface, rect)

    def _draw_turn(self, surface: pygame.Surface) -> None:
        t = self.app.t
        surface.blit(theme.panel(TURN.size, "wood"), TURN)
        current = self.view.get("current", 0)
        # The view counts turns; a round is one turn of every player.
        seats = max(1, len(self.view.get("players", ())))
        title = assets.text(t("deckbuilder.ui.turn", turn=self.view.get("turn", 0) // seats + 1),
                            "title", theme.SIZE_H3, theme.GOLD)
        surface.blit(title, (TURN.left + 18, TURN.top + 8))
        state = self.view.get("turn_state", {})
        phase = self.view.get("phase")
        players = self.view.get("players", ())
        xp = players[current]["xp"] if current is not None and current < len(players) else 0
        rows: list[tuple[str, str, str]] = []
        if phase in ("village", "spoils"):
            rows.append(("deckbuilder.sym.gold", t("deckbuilder.ui.gold"),
                         f"{_int(state.get('gold')) - _int(state.get('spent'))}"))
        if phase == "village":
            rows.append(("deckbuilder.sym.buy", t("deckbuilder.ui.buys"), str(state.get("buys_left", 0))))
        rows.append(("deckbuilder.sym.xp", t("deckbuilder.ui.xp"), str(xp)))
        top_button = min((b.rect.top for b in self.phase_buttons), default=TURN.bottom)
        y = TURN.top + 56
        for icon, label, value in rows:
            if y + 30 > top_button - 4:
                break
            surface.blit(assets.asset_icon(icon, 24), (TURN.left + 18, y + 2))
            image = assets.text(label, "bold", theme.SIZE_BODY, theme.INK_DIM)
            surface.blit(image, (TURN.left + 52, y + 2))
            number = assets.text(value, "bold", theme.SIZE_H3, theme.GOLD_BRIGHT)
            surface.blit(number, number.get_rect(topright=(TURN.right - 22, y)))
            y += 34
        if state.get("spoils") and phase == "spoils" and y + 24 < top_button:
            kinds = ", ".join(self.app.t(f"deckbuilder.filter.{k}") if self.app.has(
                f"deckbuilder.filter.{k}") else str(k) for k in state["spoils"])
            image = assets.text(t("deckbuilder.ui.spoils", kinds=kinds), "body",
                                theme.SIZE_SMALL, theme.INK, TURN.width - 36)
            surface.blit(image, (TURN.left + 18, y))
        for button in self.phase_buttons:
            button.draw(surface)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        t = self.app.t
        surface.blit(theme.panel(HAND.size, "wood"), HAND)
        current = self.view.get("current", 0)
        if self.showing_play():
            title = t("deckbuilder.ui.play", name=self.seat_name(current))
        else:
            title = t("deckbuilder.ui.hand")
        self._title(surface, title, (HAND.left + 18, HAND.top + 6))
        if any(a.kind == "equip" for a in self.legal):
            hint = assets.text(t("deckbuilder.ui.equip.hint"), "italic", theme.SIZE_SMALL + 1,
                               theme.INK_DIM)
            surface.blit(hint, hint.get_rect(topright=(HAND.right - 18, HAND.top + 12)))
        if not self.spots and not self.showing_play() and self.viewer is None:
            return
        if not self.spots and self.viewer is not None and not self.showing_play():
            players = self.view.get("players", ())
            if current is not None and current < len(players) and current != self.viewer:
                text = t("deckbuilder.ui.hand.hidden", name=self.seat_name(current),
                         n=players[current]["hand"])
                image = assets.text(text, "italic", theme.SIZE_H3, theme.INK_DIM)
                blit_centered(surface, image, HAND.center)
        clickable = self.clickable
        targets = self.targets_of(self.selected) if self.selected is not None else {}
        doomed = set(self.view.get("turn_state", {}).get("destroyed_after_fight", ()))
        dragged = self.press[0] if self.dragging and self.press else None
        for spot in self.spots:
            if spot.index == dragged:
                pygame.draw.rect(surface, (30, 22, 17), spot.face_rect, border_radius=8)
                continue
            image = cards.face(self.app, self.card(spot.card), HAND_CARD,
                               self._strength(spot.index))
            surface.blit(image, spot.face_rect)
            if spot.index in doomed:
                shade = theme.shade(HAND_CARD, 120)
                surface.blit(shade, spot.face_rect)
                skull = assets.asset_icon("deckbuilder.sym.lose", 48)
                blit_centered(surface, skull, spot.face_rect.center)
            if spot.index == self.selected:
                self.highlight(surface, spot.face_rect, "selected")
            elif ("card", spot.index) in targets:
                self.highlight(surface, spot.face_rect)
            elif self.selected is None and spot.index in clickable:
                self.highlight(surface, spot.rect if spot.carried_by is not None
                               else spot.face_rect)

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        if self.zoom is None:
            return
        cid, anchor, strength, caption = self.zoom
        big = cards.face(self.app, self.card(cid), ZOOM, strength)
        image = (assets.text(caption, "bold", theme.SIZE_SMALL, theme.INK, ZOOM[0] + 40)
                 if caption else None)
        # The card and its caption are one block, placed beside what is pointed at where it
        # covers none of the buttons (the end of the turn, the choices) and stays on the table.
        width = max(big.get_width(), image.get_width() + 20 if image else 0)
        height = big.get_height() + (image.get_height() + 20 if image else 0)
        sides = (("above", "right", "left", "below") if anchor.top >= HAND.top
                 else ("right", "left", "below", "above"))
        avoid = [b.rect for b in self._popup_buttons() + self.phase_buttons]
        block = tooltip_box((width, height), anchor,
                            pygame.Rect(-4, 64, self.board_rect.right + 8, 900 - 60), avoid,
                            sides)
        spot = big.get_rect(midtop=(block.centerx, block.top))
        pygame.draw.rect(surface, (8, 5, 3), spot.move(6, 8), border_radius=12)
        surface.blit(big, spot)
        panel = self._breakdowns.get(self.preview_rank) if self.preview_rank else None
        if panel is not None:
            box = panel.get_rect(topleft=(spot.right + 10, spot.top))
            if box.right > self.board_rect.right:
                box.topright = (spot.left - 10, spot.top)
            box.clamp_ip(pygame.Rect(4, 72, 1592, 824))
            surface.blit(panel, box)
        if image is not None:
            box = image.get_rect(midtop=(spot.centerx, spot.bottom + 14)).inflate(20, 12)
            surface.blit(theme.panel(box.size, "glass"), box)
            blit_centered(surface, image, box.center)


def _grouped(ids: Any) -> list[tuple[str, str]]:
    """Returns one (card, "×n") entry per distinct card, in first-seen order."""
    counts: dict[str, int] = {}
    for cid in ids:
        counts[cid] = counts.get(cid, 0) + 1
    return [(cid, f"×{n}" if n > 1 else "") for cid, n in counts.items()]


def _signed(value: float) -> str:
    return f"{'−' if value < 0 else '+'}{abs(value):g}"


class SplitButton(Button):
    """A disease-split button with the fight result it leads to as a pill on its right."""

    PILL_W = 92

    def __init__(self, rect: tuple[int, int, int, int], label: str, on_click: Any, *,
                 result: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(rect, label, on_click, **kwargs)
        self.result = result

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        surface.blit(theme.button(self.rect.size, self.style, self.state()), self.rect)
        ink = theme.GOLD_BRIGHT if self.hovered else theme.INK
        pill = pygame.Rect(self.rect.right - self.PILL_W - 8, self.rect.top + 9, self.PILL_W,
                           self.rect.height - 18)
        label = assets.fit(self.label, self.role, self.size, pill.left - self.rect.left - 22)
        text = assets.text(label, self.role, self.size, ink)
        surface.blit(text, text.get_rect(midleft=(self.rect.left + 14, self.rect.centery)))
        win = bool(self.result["win"])
        colour = (44, 110, 56) if win else (136, 40, 32)
        pygame.draw.rect(surface, colour, pill, border_radius=12)
        pygame.draw.rect(surface, theme.mix(colour, (255, 255, 255), 0.4), pill, 1,
                         border_radius=12)
        icon = "deckbuilder.sym.win" if win else "deckbuilder.sym.lose"
        surface.blit(assets.asset_icon(icon, 16), (pill.left + 7, pill.centery - 8))
        score = assets.text(f"{self.result['attack']}:{self.result['health']}", "bold",
                            theme.SIZE_TINY, (255, 248, 236))
        surface.blit(score, score.get_rect(midleft=(pill.left + 28, pill.centery)))
