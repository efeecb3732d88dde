"""Scenario set-up vocabulary of the duel (docs/duel/scenarios.md)."""

from __future__ import annotations

from typing import Any

from engine.core.errors import MalformedAction
from engine.rules.duel import ops
from engine.rules.duel.cards import cards
from engine.rules.duel.state import (
    ACT_ATTACK,
    ACT_MAGIC,
    ARRANGE,
    DEFEND,
    MAIN,
    MAIN_UID,
    PHASES,
    RESPOND,
    DuelState,
    Fighter,
)

TOP_KEYS = {"round", "active", "first", "turn", "game", "phase", "dice", "players", "land",
            "round_limit", "acts", "table", "window", "fight", "cast"}
PLAYER_KEYS = {"main", "damage", "xp", "level", "life_bonus", "clan", "equipment", "hand",
               "deck", "grave", "pool", "spent", "lands", "treasures", "inventory", "tried",
               "wins"}
FIGHTER_KEYS = {"card", "damage", "attacked", "rally_attack", "rally_defence"}
ACTS = {"magic": ACT_MAGIC, "attack": ACT_ATTACK}
ACTS_KEYS = {"used", "current", "casts_left"}
FIGHT_KEYS = {"attacker", "defender", "attack", "defence"}
CAST_KEYS = {"card", "target"}
WINDOW_KEYS = {"land", "treasure"}
LIFE_PER_LEVEL = (2, 7)  # seed 003: each level-up adds W6 + 1 life points


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


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise MalformedAction(f"{where}: expected true or false")
    return value


def _seat(value: Any, where: str) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise MalformedAction(f"{where}: 0 or 1")
    return int(value)


def _mapping(value: Any, known: set[str], where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise MalformedAction(f"{where}: expected a mapping with keys {sorted(known)}")
    unknown = set(value) - known
    if unknown:
        raise MalformedAction(f"{where} has no keys {sorted(unknown)}")
    return value


def _dice(value: Any, where: str) -> list[int]:
    if not isinstance(value, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in value):
        raise MalformedAction(f"{where}: a list of die results 1..6")
    return list(value)


def apply_setup(state: DuelState, setup: dict[str, Any]) -> None:
    """Overrides parts of a fresh state; raises MalformedAction on an unknown key or id."""
    if not isinstance(setup, dict):
        raise MalformedAction("setup must be a mapping")
    unknown = set(setup) - TOP_KEYS
    if unknown:
        raise MalformedAction(f"duel setup has no keys {sorted(unknown)}")
    if "dice" in setup:
        state.forced = _dice(setup["dice"], "setup.dice")
    for i, pdata in enumerate(setup.get("players", [])):
        if i > 1 or not isinstance(pdata, dict):
            raise MalformedAction("setup.players: at most two mappings")
        _player(state, i, pdata)
    if "round" in setup:
        state.round = _int(setup["round"], "setup.round", 1)
    if "round_limit" in setup:
        state.round_limit = _int(setup["round_limit"], "setup.round_limit", 1)
    if "turn" in setup:
        state.turn = _int(setup["turn"], "setup.turn")
    if "game" in setup:
        state.game_no = _int(setup["game"], "setup.game", 1)
    if "active" in setup:
        state.active = _seat(setup["active"], "setup.active")
        state.first = state.active if state.round == 1 else state.first
    if "first" in setup:
        # who opened the game: a round ends when the other player ends a turn
        state.first = _seat(setup["first"], "setup.first")
    if "land" in setup:
        land = setup["land"]
        if land is None:
            state.land = None
        else:
            if not isinstance(land, dict) or set(land) != {"owner", "card"}:
                raise MalformedAction("setup.land: {owner: 0|1, card: land id}")
            _ids([land["card"]], ("land",), "setup.land.card")
            state.land = [_seat(land["owner"], "setup.land.owner"), str(land["card"])]
    if "table" in setup:
        state.table = _table(setup["table"])
    phase = setup.get("phase", MAIN)
    if phase not in PHASES:
        raise MalformedAction(f"setup.phase: one of {sorted(PHASES)}")
    state.restore_flow(phase)
    state.acts_used = 0
    state.act_current = 0
    state.casts_left = 0
    state.window = [False, False]
    if "acts" in setup:
        _acts(state, setup["acts"])
    if "window" in setup:
        window = _mapping(setup["window"], WINDOW_KEYS, "setup.window")
        state.window = [_bool(window.get("land", False), "setup.window.land"),
                        _bool(window.get("treasure", False), "setup.window.treasure")]
    state.fight = None
    state.cast = None
    if "fight" in setup:
        _fight(state, setup["fight"], phase)
    elif phase in (DEFEND, ARRANGE):
        raise MalformedAction(f"setup.phase {phase} needs setup.fight")
    if "cast" in setup:
        _cast(state, setup["cast"])
    elif phase == RESPOND:
        raise MalformedAction("setup.phase respond needs setup.cast")
    ops.recompute_mods(state)


def _table(value: Any) -> list[list[Any]]:
    if not isinstance(value, list):
        raise MalformedAction("setup.table: a list of {owner, card}")
    out = []
    for i, entry in enumerate(value):
        entry = _mapping(entry, {"owner", "card"}, f"setup.table[{i}]")
        card = _ids([entry.get("card")], ("treasure",), f"setup.table[{i}].card")[0]
        out.append([_seat(entry.get("owner"), f"setup.table[{i}].owner"), card])
    return out


def _acts(state: DuelState, value: Any) -> None:
    """Sets the turn's actions: which are used, which one runs, the magic cards left."""
    acts = _mapping(value, ACTS_KEYS, "setup.acts")
    used = acts.get("used", [])
    if not isinstance(used, list) or any(a not in ACTS for a in used):
        raise MalformedAction("setup.acts.used: a list of magic, attack")
    current = acts.get("current")
    if current is not None and current not in ACTS:
        raise MalformedAction("setup.acts.current: magic, attack or null")
    state.acts_used = 0
    for act in used:
        state.acts_used |= ACTS[act]
    if current is not None:
        state.acts_used |= ACTS[current]  # the running action counts as used
        state.act_current = ACTS[current]
    if "casts_left" in acts:
        state.casts_left = _int(acts["casts_left"], "setup.acts.casts_left")
    elif current == "magic":
        # seed 003: one magic card per equipment card of the opponent, at least one
        state.casts_left = max(1, len(state.players[1 - state.active].equipment))


def _fight(state: DuelState, value: Any, phase: str) -> None:
    """Sets a pending fight: the attacker (defend), also the defender and rolled dice (arrange)."""
    fight = _mapping(value, FIGHT_KEYS, "setup.fight")
    att = _int(fight.get("attacker"), "setup.fight.attacker")
    if state.players[state.active].fighter(att) is None:
        raise MalformedAction("setup.fight.attacker: a character of the player on turn")
    if phase == ARRANGE:
        if not {"defender", "attack", "defence"} <= set(fight):
            raise MalformedAction("setup.fight in arrange: attacker, defender, attack, defence")
        dfn = _int(fight["defender"], "setup.fight.defender")
        if state.players[1 - state.active].fighter(dfn) is None:
            raise MalformedAction("setup.fight.defender: a character of the other player")
        attack = tuple(sorted(_dice(fight["attack"], "setup.fight.attack"), reverse=True))
        defence = tuple(sorted(_dice(fight["defence"], "setup.fight.defence")))
        if not attack or not defence:
            raise MalformedAction("setup.fight: both sides roll at least one die")
        state.fight = [att, dfn, attack, defence]
    elif phase == DEFEND:
        if set(fight) != {"attacker"}:
            raise MalformedAction("setup.fight in defend: only the attacker (dice come later)")
        state.fight = [att, -1, (), ()]
    else:
        raise MalformedAction("setup.fight needs phase defend or arrange")
    f = state.players[state.active].fighter(att)
    assert f is not None
    f.attacked = True
    state.acts_used |= ACT_ATTACK
    state.act_current = ACT_ATTACK


def _cast(state: DuelState, value: Any) -> None:
    """Sets a magic card cast successfully and waiting for the opponent's answer (respond)."""
    from engine.rules.duel.rules import targets

    cast = _mapping(value, CAST_KEYS, "setup.cast")
    card = _ids([cast.get("card")], ("magic",), "setup.cast.card")[0]
    target = cast.get("target")
    if target not in targets(state, state.active, card):
        raise MalformedAction(f"setup.cast.target: not a target of {card}")
    state.cast = [card, target, 0]


def _fighter(state: DuelState, entry: Any, kinds: tuple[str, ...], uid: int | None,
             where: str) -> Fighter:
    """Returns a character from an id or a mapping {card, damage, attacked, rally_*}."""
    data = {"card": entry} if isinstance(entry, str) else _mapping(entry, FIGHTER_KEYS, where)
    card = _ids([data.get("card")], kinds, where)[0]
    if uid is None:
        uid = state.next_uid
        state.next_uid += 1
    return Fighter(uid, card, _int(data.get("damage", 0), where + ".damage"),
                   _bool(data.get("attacked", False), where + ".attacked"),
                   _int(data.get("rally_attack", 0), where + ".rally_attack"),
                   _int(data.get("rally_defence", 0), where + ".rally_defence"))


def _player(state: DuelState, seat: int, data: dict[str, Any]) -> None:
    unknown = set(data) - PLAYER_KEYS
    if unknown:
        raise MalformedAction(f"setup.players[{seat}] has no keys {sorted(unknown)}")
    p = state.players[seat]
    where = f"setup.players[{seat}]"
    if "main" in data:
        p.hero = _fighter(state, data["main"], ("main",), MAIN_UID, where + ".main")
    if "damage" in data:
        p.hero.damage = _int(data["damage"], where + ".damage")
    if "xp" in data:
        p.xp = _int(data["xp"], where + ".xp")
    if "level" in data:
        p.level = _int(data["level"], where + ".level", 1)
    if "life_bonus" in data:
        # the life the level-ups added: W6 + 1 per level above the first
        bonus = _int(data["life_bonus"], where + ".life_bonus")
        ups = p.level - 1
        lo, hi = LIFE_PER_LEVEL
        if not lo * ups <= bonus <= hi * ups:
            raise MalformedAction(f"{where}.life_bonus: level {p.level} adds {lo * ups} to "
                                  f"{hi * ups} life")
        p.life_bonus = bonus
    if "clan" in data:
        entries = data["clan"]
        if not isinstance(entries, list) or len(entries) > ops.MAX_CLAN:
            raise MalformedAction(where + ".clan: a list of at most 3 clan members")
        p.clan = [_fighter(state, entry, ("clan",), None, f"{where}.clan[{i}]")
                  for i, entry in enumerate(entries)]
    if "equipment" in data:
        if not isinstance(data["equipment"], list) or \
                len(data["equipment"]) > ops.MAX_EQUIPMENT:
            raise MalformedAction(where + ".equipment: a list of at most 5 cards")
        p.equipment = []
        for card in _ids(data["equipment"], ("equipment",), where + ".equipment"):
            p.equipment.append([state.next_uid, card])
            state.next_uid += 1
    for key in ("hand", "deck", "grave"):
        if key in data:
            setattr(p, key, _ids(data[key], ("clan", "magic", "equipment"), f"{where}.{key}"))
    if "tried" in data:
        p.tried = _ids(data["tried"], ("clan",), where + ".tried")
    if "lands" in data:
        p.lands = _ids(data["lands"], ("land",), where + ".lands")
    if "treasures" in data:
        p.treasures = _ids(data["treasures"], ("treasure",), where + ".treasures")
    if "inventory" in data:
        p.inventory = [[seat, c] for c in _ids(data["inventory"], ("treasure",),
                                                where + ".inventory")]
    if "pool" in data:
        p.pool = _int(data["pool"], where + ".pool")
    if "spent" in data:
        p.spent = _int(data["spent"], where + ".spent")
    if "wins" in data:
        p.wins = _int(data["wins"], where + ".wins")
