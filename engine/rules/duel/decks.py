"""Deck building: the deck rules, ready-made decks, and user decks saved as YAML files.

A deck definition is a plain mapping (what the deck-builder scene edits and what a game's
``deck_a``/``deck_b`` option may carry inline)::

    {name: "...", main: <main id>, starter: <clan id>, cards: [40 clan/magic/equipment ids],
     lands: [...], treasures: [...]}

seed 003: "ein Deck aus 41 Karten ... 1 Hauptcharakter, Clan-Members, Magie- und
Ausrüstungskarten" with lands and treasures kept apart "(Anzahl beliebig)".
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from engine.core.actions import Message
from engine.core.record import write_atomic
from engine.rules.duel.cards import cards

DECK_CARDS = 40  # plus the main character: 41 (seed 003)
MAX_COPIES = 3  # docs/duel/rules.md "Deck building": at most 3 copies of one card
MAX_SIDE = 12  # at most 12 lands and 12 treasures (a limit for the table, not the seed)
MAX_FILE_BYTES = 256 * 1024
FIELDS = ("name", "main", "starter", "cards", "lands", "treasures")


def ready_made() -> list[dict[str, Any]]:
    """Returns the ready-made decks as deck definitions, in content order."""
    return [deck_from_def(d) for d in cards().deck.values()]


def deck_from_def(d: Any) -> dict[str, Any]:
    """Returns a deck definition mapping for a content DeckDef."""
    return {"id": d.id, "name": dict(d.name), "main": d.main, "starter": d.starter,
            "cards": list(d.cards), "lands": list(d.lands), "treasures": list(d.treasures)}


def resolve(option: Any, seat: int) -> dict[str, Any]:
    """Returns the deck definition a game option names: '' (default), a deck id or a mapping."""
    decks = cards().deck
    if option in ("", None):
        ids = list(decks)
        return deck_from_def(decks[ids[seat % len(ids)]])
    if isinstance(option, str):
        if option not in decks:
            raise ValueError(f"unknown deck {option!r}")
        return deck_from_def(decks[option])
    if isinstance(option, dict):
        problems = validate_deck(option)
        if problems:
            raise ValueError(f"deck is not legal: {[p.key for p in problems]}")
        deck = {k: option[k] for k in FIELDS if k in option}
        deck["id"] = str(option.get("id", "user"))
        deck.setdefault("lands", [])
        deck.setdefault("treasures", [])
        deck["cards"] = list(deck["cards"])
        deck["lands"] = list(deck["lands"])
        deck["treasures"] = list(deck["treasures"])
        return deck
    raise ValueError("a deck option is a deck id or a deck mapping")


def _strings(value: Any) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(v, str) for v in value)


def validate_deck(deck: Any) -> list[Message]:
    """Returns every way a deck definition breaks the deck rules (empty: the deck is legal)."""
    c = cards()
    if not isinstance(deck, dict):
        return [Message("duel.deck.not_a_deck")]
    problems: list[Message] = []
    for key in deck:
        if key not in FIELDS and key != "id":
            problems.append(Message("duel.deck.unknown_field", {"field": str(key)}))
    name = deck.get("name")
    if not (isinstance(name, str) and name.strip()) and not (
            isinstance(name, dict) and all(isinstance(v, str) and v.strip()
                                           for v in name.values()) and name):
        problems.append(Message("duel.deck.no_name"))
    main = deck.get("main")
    if main not in c.main:
        problems.append(Message("duel.deck.unknown_main", {"card": str(main)}))
    deck_cards = deck.get("cards", [])
    if not _strings(deck_cards):
        problems.append(Message("duel.deck.bad_list", {"field": "cards"}))
        deck_cards = []
    if len(deck_cards) != DECK_CARDS:
        problems.append(Message("duel.deck.size", {"count": len(deck_cards) + 1,
                                                   "need": DECK_CARDS + 1}))
    counts: dict[str, int] = {}
    for card in deck_cards:
        counts[card] = counts.get(card, 0) + 1
    for card, n in counts.items():
        kind = c.kind.get(card)
        if kind is None:
            problems.append(Message("duel.deck.unknown_card", {"card": card}))
        elif not c.is_deck_card(card):
            problems.append(Message("duel.deck.not_deck_card", {"card": c.name(card)}))
        elif n > MAX_COPIES:
            problems.append(Message("duel.deck.too_many_copies", {
                "card": c.name(card), "count": n, "max": MAX_COPIES}))
    if not any(c.kind.get(card) == "clan" for card in deck_cards):
        problems.append(Message("duel.deck.no_clan"))
    starter = deck.get("starter")
    if starter not in c.clan or starter not in counts:
        problems.append(Message("duel.deck.starter", {"card": str(starter)}))
    for field, kind in (("lands", "land"), ("treasures", "treasure")):
        side = deck.get(field, [])
        if not _strings(side):
            problems.append(Message("duel.deck.bad_list", {"field": field}))
            continue
        if len(side) > MAX_SIDE:
            problems.append(Message("duel.deck.too_many_side", {"field": field,
                                                                "count": len(side),
                                                                "max": MAX_SIDE}))
        for card in side:
            if c.kind.get(card) != kind:
                problems.append(Message("duel.deck.unknown_side", {"field": field,
                                                                   "card": card}))
    return problems


def summary(deck: dict[str, Any]) -> dict[str, int]:
    """Returns how many cards of each kind the deck holds (for the builder's counters)."""
    c = cards()
    out = {"total": len(deck.get("cards", [])) + 1, "clan": 0, "magic": 0, "equipment": 0,
           "lands": len(deck.get("lands", [])), "treasures": len(deck.get("treasures", []))}
    for card in deck.get("cards", []):
        kind = c.kind.get(card)
        if kind in out:
            out[kind] += 1
    return out


def slug(name: str) -> str:
    """Returns a file-name slug for a deck name."""
    text = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return text[:40] or "deck"


def save_user_deck(user_dir: Path, deck: dict[str, Any]) -> Path:
    """Writes a deck (legal or not) to ``<user_dir>/<slug>.yaml``; returns the path."""
    name = deck.get("name", "")
    label = name if isinstance(name, str) else str(name.get("en", ""))
    path = Path(user_dir) / f"{slug(label)}.yaml"
    data = {k: (list(deck[k]) if isinstance(deck[k], list | tuple) else deck[k])
            for k in FIELDS if k in deck}
    write_atomic(path, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    return path


def load_user_deck(path: Path) -> dict[str, Any]:
    """Reads a deck file with the safe loader; raises ValueError when it is not a deck mapping."""
    path = Path(path)
    if path.stat().st_size > MAX_FILE_BYTES:
        raise ValueError(f"{path.name}: too large for a deck file")
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path.name}: not a readable deck file ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path.name}: a deck file holds a mapping")
    data = {str(k): v for k, v in data.items()}
    data["id"] = "user_" + path.stem
    return data


def list_user_decks(user_dir: Path) -> list[tuple[Path, dict[str, Any] | None, list[Message]]]:
    """Returns every deck file in user_dir with its deck (None if unreadable) and problems."""
    out: list[tuple[Path, dict[str, Any] | None, list[Message]]] = []
    folder = Path(user_dir)
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.yaml")):
        try:
            deck = load_user_deck(path)
        except (ValueError, OSError):
            out.append((path, None, [Message("duel.deck.unreadable", {"file": path.name})]))
            continue
        out.append((path, deck, validate_deck(deck)))
    return out


def delete_user_deck(path: Path) -> None:
    """Removes a saved deck file."""
    Path(path).unlink(missing_ok=True)
