"""Scenario-file set-up for missions (docs/scenarios.md, section "coop_campaign").

The mission comes from the options (tile, hard, theme, heroes); ``setup`` then overrides the
fresh mission, which stands at the first hero's first activation of round 1 (every key optional):
- ``heroes``: per hero (in hero order; ``{}`` or null leaves one alone) any of ``area``, ``hp``,
  ``mana``, ``armor``, ``river`` (six tile ids, slot 1 first: the last one sets the core),
  ``flipped``, ``items`` (replaces every item: physical card ids such as ``greatblade.h1`` or
  content ids, for which a free copy is taken out of its loot deck), ``exhausted``, ``ko``,
  ``vanished``, ``poison`` ([tile, swords, rerolls, pierce]), ``wolf_area``, ``wolf_hp``.
- ``enemies``: replaces every enemy on the tile but a boss: ``{enemy, area, damage, stunned,
  star, activated}``, each a free copy out of its deck, placed at the bottom of its area in list
  order; their uids are 1, 2, 3, … in that order (on a boss tile the boss keeps uid 1, so they
  start at 2).
- ``boss`` (a boss tile): ``{area, damage, stunned, star}`` of the boss card (a new area puts
  it at the bottom of that area); ``deck_top: {ai: [card ids]}`` orders its AI deck.
- ``deck_top``: ``{minion|elite|grey|gold: [ids]}``: a free copy of each content id (or that
  physical card) on top of that deck's draw pile, the first listed on top (the spawn and loot
  examples).
- ``attack_dice`` (faces ``S``, ``SC``, ``C``, ``L``), ``defence_dice`` (true = shield) and
  ``coins`` (true = clockwise): results used before the generator.
- ``round`` (the tracker field of this round, 0 to the last; the next round takes the next
  field, so ``round: 0`` with every hero ending plays the first field's spawns), ``token`` (the start player's hero), ``active``
  (the hero activating now; the heroes after it, clockwise from the token, follow), ``flags``
  (``{area: cubes}``), ``blocked`` (areas no hero may jump into or out of).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import MalformedAction
from engine.rules.coop_campaign import boss as B
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.state import MissionState

KEYS = {"heroes", "enemies", "deck_top", "attack_dice", "defence_dice", "coins", "round",
        "token", "active", "flags", "blocked", "boss"}
BOSS_KEYS = {"area", "damage", "stunned", "star"}
HERO_KEYS = {"area", "hp", "mana", "armor", "river", "flipped", "items", "exhausted", "ko",
             "vanished", "poison", "wolf_area", "wolf_hp"}
ENEMY_KEYS = {"enemy", "area", "damage", "stunned", "star", "activated"}
FACES = set(T.ATTACK_FACES)


def _bad(text: str) -> MalformedAction:
    return MalformedAction(f"coop_campaign scenario: {text}")


def _area(value: Any) -> str:
    if value not in T.RING:
        raise _bad(f"no area {value!r} (N, E, S, W)")
    return str(value)


def _take(st: MissionState, group: dict[str, Any], kind: str, ident: str) -> str:
    """Takes a free copy of ``ident`` (or exactly the physical card ``<id>.<copy>``) out of the
    decks of ``group`` (draw pile, then discard)."""
    for deck in group.values():
        for pile in (deck.draw_pile, deck.discard_pile):
            for card in pile.cards:
                if card == ident or C.card_def(card) == ident:
                    pile.remove(card)
                    return str(card)
    raise _bad(f"no free copy of the {kind} {ident!r}")


def _item(st: MissionState, i: int, ident: str) -> str:
    if not C.content().has("item", C.card_def(ident)):
        raise _bad(f"no item {ident!r}")
    for deck in st.loot.values():
        for pile in (deck.draw_pile, deck.discard_pile):
            if ident in pile.cards:
                pile.remove(ident)
                return ident
    if "." in ident:
        return ident  # a starting weapon (``<id>.h<n>``) or a copy already taken
    if C.item(ident).deck == "start":
        return f"{ident}.h{i + 1}"
    return _take(st, st.loot, "item", ident)


def _hero(st: MissionState, i: int, data: dict[str, Any]) -> None:
    bad = set(data) - HERO_KEYS
    if bad:
        raise _bad(f"unknown hero keys {sorted(bad)}")
    h = st.heroes[i]
    if "river" in data:
        river = [str(x) for x in data["river"]]
        if sorted(river) != sorted(C.hero(h.hid).actions):
            raise _bad(f"the river of {h.hid} must hold its six tiles once each")
        h.river = river
    if "flipped" in data:
        h.flipped = [str(x) for x in data["flipped"]]
    if "items" in data:
        h.items = [_item(st, i, str(x)) for x in data["items"]]
    if "exhausted" in data:
        h.exhausted = [str(x) for x in data["exhausted"]]
    if "area" in data:
        h.area = _area(data["area"])
    for key, top in (("hp", T.hp_max(h)), ("mana", T.mana_max(h)), ("armor", T.armor_cap(h))):
        if key in data:
            value = int(data[key])
            if not 0 <= value <= top:
                raise _bad(f"{h.hid} {key} {value} is not within 0..{top}")
            setattr(h, key, value)
    for key in ("ko", "vanished"):
        if key in data:
            setattr(h, key, bool(data[key]))
    if "poison" in data:
        h.poison = None if data["poison"] is None else list(data["poison"])
    if "wolf_area" in data:
        h.wolf_area = None if data["wolf_area"] is None else _area(data["wolf_area"])
    if "wolf_hp" in data:
        h.wolf_hp = int(data["wolf_hp"])


def _enemies(st: MissionState, entries: list[Any]) -> None:
    for e in st.living():
        if B.is_boss(st, e):
            continue
        E.remove_enemy(st, e)
        st.decks[T.edef(e).rank].discard_pile.remove(e.card)
        st.decks[T.edef(e).rank].put_top([e.card])
    st.next_uid = 1 + max((e.uid for e in st.living()), default=0)
    for entry in entries:
        if not isinstance(entry, dict) or set(entry) - ENEMY_KEYS or "enemy" not in entry:
            raise _bad(f"bad enemy {entry!r}")
        eid = str(entry["enemy"])
        if not C.content().has("enemy", C.card_def(eid)):
            raise _bad(f"no enemy {eid!r}")
        d = C.enemy(C.card_def(eid))
        card = _take(st, {"deck": st.decks[d.rank]}, "enemy", eid)
        e = E.place_enemy(st, card, _area(entry.get("area", "S")), [])
        if "damage" in entry:
            _damage(e, entry["damage"], eid)
        e.stunned = bool(entry.get("stunned", False))
        e.star = bool(entry.get("star", False))
        e.activated = bool(entry.get("activated", False))


def _damage(e: Any, values: Any, what: str) -> None:
    d = T.edef(e)
    damage = [int(x) for x in values]
    if len(damage) != len(d.zones) or any(
            not 0 <= v <= z.boxes for v, z in zip(damage, d.zones, strict=True)):
        raise _bad(f"damage {damage} does not fit the zones of {what}")
    e.damage = damage
    e.log = [[z, v] for z, v in enumerate(damage) if v]


def _boss(st: MissionState, data: Any) -> None:
    e = B.boss_enemy(st)
    if e is None:
        raise _bad("this tile has no boss")
    if not isinstance(data, dict) or set(data) - BOSS_KEYS:
        raise _bad(f"bad boss {data!r} (keys {sorted(BOSS_KEYS)})")
    if "area" in data:
        E.move_enemy(st, e, _area(data["area"]))
    if "damage" in data:
        _damage(e, data["damage"], "the boss")
    e.stunned = bool(data.get("stunned", e.stunned))
    e.star = bool(data.get("star", e.star))


def _deck_top(st: MissionState, tops: dict[str, Any]) -> None:
    for name, ids in tops.items():
        group = st.decks if name in st.decks else st.loot if name in st.loot else None
        if group is None:
            raise _bad(f"no deck {name!r} (minion, elite, grey, gold; ai and purple on a boss "
                   f"tile)")
        kind = "enemy" if group is st.decks else "item"
        cards = [_take(st, {name: group[name]}, kind, str(x)) for x in ids]
        group[name].put_top(cards)


def apply_setup(st: MissionState, setup: dict[str, Any]) -> None:
    """Overrides a fresh mission from a scenario's ``setup`` mapping."""
    unknown = set(setup) - KEYS
    if unknown:
        raise _bad(f"unknown set-up keys {sorted(unknown)}")
    if "enemies" in setup:  # first: the cards it takes off the tile go back on their decks
        _enemies(st, list(setup["enemies"] or ()))
    if "boss" in setup:
        _boss(st, setup["boss"])
    if "deck_top" in setup:
        _deck_top(st, dict(setup["deck_top"]))
    for i, data in enumerate(setup.get("heroes") or ()):
        if i >= len(st.heroes):
            raise _bad(f"the mission has {len(st.heroes)} heroes")
        if data:
            _hero(st, i, dict(data))
    faces = [str(x) for x in setup.get("attack_dice", ())]
    if set(faces) - FACES:
        raise _bad(f"attack dice show {sorted(FACES)}, not {sorted(set(faces) - FACES)}")
    if faces:
        st.rig["attack"] = faces
    if "defence_dice" in setup:
        st.rig["defence"] = [bool(x) for x in setup["defence_dice"]]
    if "coins" in setup:
        st.rig["coin"] = [bool(x) for x in setup["coins"]]
    if "round" in setup:
        st.round = int(setup["round"])
        if not 0 <= st.round <= len(C.tile(st.tile).tracker):
            raise _bad(f"round {st.round} is not on the tracker")
    if "flags" in setup:
        st.flags = {_area(k): int(v) for k, v in dict(setup["flags"]).items()}
    if "blocked" in setup:
        st.blocked = [_area(x) for x in setup["blocked"]]
    n = len(st.heroes)
    if "token" in setup:
        st.token = int(setup["token"]) % n
    if "active" in setup or "token" in setup:
        st.active = int(setup.get("active", st.token)) % n
        order = [(st.token + k) % n for k in range(n)]
        st.order = order[order.index(st.active) + 1:]
