"""Effect texts: every effect record as a display Message whose parameters are numbers or messages.

Effect parameters in the content are ids (``tag: edged``, ``to: magic``, ``used: light_penalty``);
they never reach the player as such. Each id is mapped to a catalog phrase here (keys.py lists
them literally), attack/magic bonuses name only what a card gives, and counts of one choose a
singular key.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from engine.core.actions import Message
from engine.rules.deckbuilder.effects import HANDLERS
from engine.rules.deckbuilder.keys import (
    BONUS_KEYS,
    COST_KEYS,
    EFFECT_KEYS,
    EFFECT_VARIANT_KEYS,
    FILTER_KEYS,
    FOE_KEYS,
    NEED_KEYS,
    PILE_KEYS,
    WEAPON_TAG_KEYS,
)

# the parameter whose value 1 selects the singular text (EFFECT_VARIANT_KEYS[(type, "one")])
_SINGULAR = {"extra_buy": "count", "draw": "count", "cursed": "count", "infect": "count",
             "breach_disease": "count", "breach_raze": "count", "stun_hero": "count",
             "destroy": "count"}
_COSTS = ("repeat", "destroy_self", "destroy")


def signed(value: int) -> str:
    """Returns a bonus as printed on a card: "+2", "−1" (a true minus sign)."""
    return f"+{value}" if value >= 0 else f"\u2212{-value}"


def bonus(attack: int, magic: int) -> Message:
    """Returns "attack +2", "magic attack +1" or both: only what the card gives."""
    if attack and magic:
        return Message(BONUS_KEYS["both"], {"attack": signed(attack), "magic": signed(magic)})
    if magic:
        return Message(BONUS_KEYS["magic"], {"n": signed(magic)})
    return Message(BONUS_KEYS["attack"], {"n": signed(attack)})


def number_list(values: Sequence[int]) -> Any:
    """Returns ranks as "2 and 3" / "1, 2 and 3" (a message), or a single number."""
    if len(values) == 1:
        return values[0]
    head = ", ".join(str(v) for v in values[:-1])
    return Message(BONUS_KEYS["and"], {"a": head, "b": values[-1]}).to_json()


def _phrase(table: Mapping[str, str], value: Any, kind: str) -> dict[str, Any]:
    key = table.get(str(value))
    if key is None:
        # a content id without a phrase would reach the player raw: fail loudly instead
        raise KeyError(f"deckbuilder: no catalog phrase for {kind} {value!r}")
    return {"key": key, "params": {}}


@cache
def _defaults(kind: str) -> dict[str, Any]:
    sig = inspect.signature(HANDLERS[kind])
    return {n: q.default for n, q in sig.parameters.items()
            if q.default is not inspect.Parameter.empty and n not in _COSTS}


def effect_message(kind: str, params: Mapping[str, Any]) -> Message:
    """Returns the display text of one effect record (type ``kind`` with its content params)."""
    p = dict(_defaults(kind))
    p.update((k, v) for k, v in params.items() if k not in _COSTS)
    key = EFFECT_KEYS[kind]
    out: dict[str, Any] = {}
    if kind in ("empower", "empower_self", "versus", "at_rank", "heavy_bonus", "party_attack",
                "weapon_bonus"):
        out["bonus"] = bonus(int(p.get("attack", 0)), int(p.get("magic", 0))).to_json()
        if kind == "versus":
            out["foe"] = _phrase(FOE_KEYS, p["tag"], "monster type")
        elif kind == "weapon_bonus":
            out["weapon"] = _phrase(WEAPON_TAG_KEYS, p.get("tag", "weapon"), "weapon tag")
        elif kind == "at_rank":
            ranks = list(p["ranks"])
            if len(ranks) == 1:
                key = EFFECT_VARIANT_KEYS[(kind, "one")]
            out["ranks"] = number_list(ranks)
        elif kind == "heavy_bonus":
            out["strength"] = p["strength"]
        return Message(key, out)
    if kind == "no_attack_at":
        ranks = list(p["ranks"])
        if len(ranks) == 1:
            key = EFFECT_VARIANT_KEYS[(kind, "one")]
        return Message(key, {"ranks": number_list(ranks)})
    if kind == "double":
        return Message(EFFECT_VARIANT_KEYS[(kind, str(p["kind"]))])
    if kind == "immune":
        return Message(EFFECT_VARIANT_KEYS[(kind, str(p["to"]))])
    if kind == "half_unless":
        if p["need"] == "magic":
            return Message(EFFECT_VARIANT_KEYS[(kind, "magic")])
        return Message(key, {"need": _phrase(NEED_KEYS, p["need"], "requirement")})
    if kind == "unattackable_if":
        if p["used"] == "light_penalty":
            return Message(EFFECT_VARIANT_KEYS[(kind, "light_penalty")])
        return Message(key, {"used": _phrase(FILTER_KEYS, p["used"], "card kind")})
    if kind in ("spoils", "monster_spoils"):
        return Message(key, {"category": _phrase(FILTER_KEYS, p["category"], "category")})
    if kind == "breach_raze":
        out["pile"] = _phrase(PILE_KEYS, p["category"], "pile category")
    if kind == "destroy":
        out["what"] = _phrase(FILTER_KEYS, p["what"], "card filter")
    if kind == "banish":
        if not p.get("destroy_one", True):
            key = EFFECT_VARIANT_KEYS[(kind, "keep")]
        out["draw"] = p.get("draw", 1)
        return Message(key, out)
    for name, value in p.items():
        if name not in out:
            out[name] = value
    counter = _SINGULAR.get(kind)
    if counter and out.get(counter, 1) == 1:
        key = EFFECT_VARIANT_KEYS[(kind, "one")]
    return Message(key, out)


def cost_messages(params: Mapping[str, Any]) -> list[Message]:
    """Returns the costs of an ability (REPEAT, destroy this card, destroy a weapon …)."""
    out = []
    if params.get("repeat"):
        out.append(Message(COST_KEYS["repeat"]))
    if params.get("destroy_self"):
        out.append(Message(COST_KEYS["destroy_self"]))
    if params.get("destroy"):
        out.append(Message(COST_KEYS["destroy"],
                           {"what": _phrase(FILTER_KEYS, params["destroy"], "card filter")}))
    return out
