"""The duel's card index over the loaded content: kinds, targets, lasting and instant effects."""

from __future__ import annotations

from typing import Any

from engine.content.schema import Content, EffectSpec

GAME = "duel"

# Effects that hold while their card is in play (equipment, clan member, land, treasure).
LASTING = frozenset({"boost", "armour", "pool_bonus"})
COUNTER = "neutralise"

# What a card's effect asks the player to choose when it is played (docs/duel/rules.md).
# damage/heal name their target in a parameter; the default applies when it is left out.
_TARGET_PARAM = {"damage": ("target", "enemy"), "heal": ("target", "own")}
_FIXED_TARGET = {"rally": "own", "destroy_equipment": "enemy_equipment", "revive": "own_grave"}
CHOICE_TARGETS = frozenset({"enemy", "enemy_clan", "own", "enemy_equipment", "own_grave"})

DECK_KINDS = ("clan", "magic", "equipment")


def target_of(spec: EffectSpec) -> str | None:
    """Returns the target kind an effect needs (``enemy``, ``own_main`` …) or None."""
    if spec.type in _TARGET_PARAM:
        name, default = _TARGET_PARAM[spec.type]
        return str(spec.params.get(name, default))
    return _FIXED_TARGET.get(spec.type)


class Cards:
    """Fast lookups for the rules: every card by id with its kind and effect split."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.hash = content.hash
        self.main: dict[str, Any] = {d.id: d for d in content.all("main")}
        self.clan: dict[str, Any] = {d.id: d for d in content.all("clan")}
        self.magic: dict[str, Any] = {d.id: d for d in content.all("magic")}
        self.equipment: dict[str, Any] = {d.id: d for d in content.all("equipment")}
        self.land: dict[str, Any] = {d.id: d for d in content.all("land")}
        self.treasure: dict[str, Any] = {d.id: d for d in content.all("treasure")}
        self.deck: dict[str, Any] = {d.id: d for d in content.all("deck")}
        self.kind: dict[str, str] = {}
        self.lasting: dict[str, tuple[EffectSpec, ...]] = {}
        self.instant: dict[str, tuple[EffectSpec, ...]] = {}
        self.target: dict[str, str | None] = {}
        self.problems: list[str] = []
        for kind in ("main", "clan", "magic", "equipment", "land", "treasure"):
            for card_id, card in getattr(self, kind).items():
                if card_id in self.kind:
                    self.problems.append(f"{kind} {card_id}: id also used by a "
                                         f"{self.kind[card_id]} (card ids are unique)")
                self.kind[card_id] = kind
                effects: tuple[EffectSpec, ...] = getattr(card, "effects", ())
                self.lasting[card_id] = tuple(e for e in effects if e.type in LASTING)
                self.instant[card_id] = tuple(e for e in effects if e.type not in LASTING)
                self.target[card_id] = self._check_targets(kind, card_id, effects)
        for card_id, card in self.main.items():
            if list(card.levels) != sorted(set(card.levels)) or not card.levels:
                self.problems.append(f"main {card_id}: levels must rise strictly")
        self.counters = frozenset(m for m, d in self.magic.items()
                                  if any(e.type == COUNTER for e in d.effects))
        # flat tables for the hot paths (life, dice and names are read many times a turn)
        self.stats: dict[str, tuple[int, int, int]] = {
            cid: (d.life, d.attack, d.defence) for cid, d in (*self.main.items(),
                                                              *self.clan.items())}
        self.names: dict[str, dict[str, str]] = {
            cid: dict(getattr(self, kind)[cid].name) for cid, kind in self.kind.items()}

    def _check_targets(self, kind: str, card_id: str,
                       effects: tuple[EffectSpec, ...]) -> str | None:
        targets = {t for t in (target_of(e) for e in effects) if t is not None}
        choices = targets & CHOICE_TARGETS
        if kind == "magic":
            if any(e.type in LASTING for e in effects):
                self.problems.append(f"magic {card_id}: lasting effects need a card in play; "
                                     "magic uses rally for this turn")
            if len(choices) > 1:
                self.problems.append(f"magic {card_id}: effects ask for different targets "
                                     f"{sorted(choices)}")
            if any(e.type == COUNTER for e in effects) and len(effects) > 1:
                self.problems.append(f"magic {card_id}: neutralise stands alone on a card")
            return next(iter(choices)) if choices else None
        if choices:
            self.problems.append(f"{kind} {card_id}: only magic cards choose targets; use "
                                 "enemy_main or own_main")
        if any(e.type == COUNTER for e in effects):
            self.problems.append(f"{kind} {card_id}: neutralise is for magic cards")
        return None

    def name(self, card_id: str) -> Any:
        """Returns the inline name {en, de} of any card."""
        return dict(self.names[card_id])

    def is_deck_card(self, card_id: str) -> bool:
        """Returns True for clan, magic and equipment ids (what a draw deck holds)."""
        return self.kind.get(card_id) in DECK_KINDS


_CARDS: Cards | None = None


def cards() -> Cards:
    """Returns the card index of the installed content (loaded once per process)."""
    global _CARDS
    if _CARDS is None:
        from engine.content.loader import load_game_content
        from engine.rules.duel import defs, effects  # noqa: F401  (registers kinds and effects)

        _CARDS = Cards(load_game_content(GAME))
    return _CARDS
