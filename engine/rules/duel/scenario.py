"""Scenario set-up vocabulary of the duel (docs/duel/scenarios.md)."""

from __future__ import annotations

from typing import Any

from engine.core.errors import MalformedAction
from engine.rules.duel import ops
from engine.rules.duel.cards import cards
from engine.rules.duel.state import MAIN, MAIN_UID, PHASES, DuelState, Fighter

TOP_KEYS = {"round", "active", "phase", "dice", "players", "land", "round_limit"}
PLAYER_KEYS = {"main", "damage", "xp", "level", "clan", "equipment", "hand", "deck", "grave",
               "pool", "lands", "treasures", "inventory"}


def _ids(value: Any, kinds: tuple[str, ...], where: str) -> list[str]:
    if not isinstance(value, list):
        raise MalformedAction(f"{where}: expected a list of card ids")
    c = cards()
    for card in value:
        if c.kind.get(card) not in kinds:
            raise MalformedAction(f"{where}: {card!r} is not a {' or '.join(kinds)} id")
    return [str(x) for x in value]


def _int(value: Any, where: str, lo: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < lo:
        raise MalformedAction(f"{where}: expected a whole number >= {lo}")
    return value


def apply_setup(state: DuelState, setup: dict[str, Any]) -> None:
    """Overrides parts of a fresh state; raises MalformedAction on an unknown key or id."""
    if not isinstance(setup, dict):
        raise MalformedAction("setup must be a mapping")
    unknown = set(setup) - TOP_KEYS
    if unknown:
        raise MalformedAction(f"duel setup has no keys {sorted(unknown)}")
    if "dice" in setup:
        dice = setup["dice"]
        if not isinstance(dice, list) or not all(isinstance(d, int) and 1 <= d <= 6
                                                 for d in dice):
            raise MalformedAction("setup.dice: a list of die results 1..6")
        state.forced = list(dice)
    for i, pdata in enumerate(setup.get("players", [])):
        if i > 1 or not isinstance(pdata, dict):
            raise MalformedAction("setup.players: at most two mappings")
        _player(state, i, pdata)
    if "round" in setup:
        state.round = _int(setup["round"], "setup.round", 1)
    if "round_limit" in setup:
        state.round_limit = _int(setup["round_limit"], "setup.round_limit", 1)
    if "active" in setup:
        active = setup["active"]
        if active not in (0, 1):
            raise MalformedAction("setup.active: 0 or 1")
        state.active = active
        state.first = active if state.round == 1 else state.first
    if "land" in setup:
        land = setup["land"]
        if land is None:
            state.land = None
        else:
            if not isinstance(land, dict) or set(land) != {"owner", "card"}:
                raise MalformedAction("setup.land: {owner: 0|1, card: land id}")
            _ids([land["card"]], ("land",), "setup.land.card")
            state.land = [int(land["owner"]), str(land["card"])]
    phase = setup.get("phase", MAIN)
    if phase not in PHASES:
        raise MalformedAction(f"setup.phase: one of {sorted(PHASES)}")
    state.restore_flow(phase)
    state.acts_used = 0
    state.act_current = 0
    state.window = [False, False]
    ops.recompute_mods(state)


def _player(state: DuelState, seat: int, data: dict[str, Any]) -> None:
    unknown = set(data) - PLAYER_KEYS
    if unknown:
        raise MalformedAction(f"setup.players[{seat}] has no keys {sorted(unknown)}")
    p = state.players[seat]
    where = f"setup.players[{seat}]"
    if "main" in data:
        p.hero = Fighter(MAIN_UID, _ids([data["main"]], ("main",), where + ".main")[0])
    if "damage" in data:
        p.hero.damage = _int(data["damage"], where + ".damage")
    if "xp" in data:
        p.xp = _int(data["xp"], where + ".xp")
    if "level" in data:
        p.level = _int(data["level"], where + ".level", 1)
    if "clan" in data:
        entries = data["clan"]
        if not isinstance(entries, list) or len(entries) > ops.MAX_CLAN:
            raise MalformedAction(where + ".clan: a list of at most 3 clan members")
        p.clan = []
        for entry in entries:
            card, damage = (entry, 0) if isinstance(entry, str) else (
                entry.get("card"), entry.get("damage", 0)) if isinstance(entry, dict) else (
                None, 0)
            _ids([card], ("clan",), where + ".clan")
            p.clan.append(Fighter(state.next_uid, str(card), _int(damage, where + ".clan")))
            state.next_uid += 1
    if "equipment" in data:
        p.equipment = []
        for card in _ids(data["equipment"], ("equipment",), where + ".equipment"):
            p.equipment.append([state.next_uid, card])
            state.next_uid += 1
    for key in ("hand", "deck", "grave"):
        if key in data:
            setattr(p, key, _ids(data[key], ("clan", "magic", "equipment"), f"{where}.{key}"))
    if "lands" in data:
        p.lands = _ids(data["lands"], ("land",), where + ".lands")
    if "treasures" in data:
        p.treasures = _ids(data["treasures"], ("treasure",), where + ".treasures")
    if "inventory" in data:
        p.inventory = [[seat, c] for c in _ids(data["inventory"], ("treasure",),
                                                where + ".inventory")]
    if "pool" in data:
        p.pool = _int(data["pool"], where + ".pool")
