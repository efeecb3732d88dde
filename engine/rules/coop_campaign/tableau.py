"""Derived numbers of heroes and enemies: level table rows, costs, the core, keywords, targeting.

Everything here reads the state and content and changes nothing.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign.defs import DIRECTIONS, SideDef, StandardDef, ZoneDef
from engine.rules.coop_campaign.state import EnemyState, HeroState, MissionState

RING = DIRECTIONS
LEVELS = 6
# attack die (spec §10.2, a product decision): sword, sword, sword+comet ×2, comet, lightning
ATTACK_FACES = ("S", "S", "SC", "SC", "C", "L")
DEFENCE_SHIELDS = 2  # of 6 faces: "33 %" (seed 001, 3.3)


# --- heroes -------------------------------------------------------------------------------------
def level(h: HeroState) -> int:
    """Returns the hero's level: 1 + flipped tiles (seed 001, 5.1), the table's last row at most."""
    return 1 + len(h.flipped)


def row(h: HeroState) -> Any:
    """Returns the level-table row in force (Lv6 for a sixth flip: spec AMB-04)."""
    d = C.hero(h.hid)
    return d.levels[min(level(h), len(d.levels)) - 1]


def _passive(h: HeroState, field: str) -> int:
    total = 0
    for card in h.items:
        p = C.card_item(card).passive
        if p is not None:
            total += getattr(p, field)
    return total


def hp_max(h: HeroState) -> int:
    """Returns the hero's heart cubes."""
    return int(row(h).hp)


def mana_max(h: HeroState) -> int:
    """Returns the hero's mana cubes (available plus spent)."""
    return int(row(h).mana) + _passive(h, "mana")


def armor_cap(h: HeroState) -> int:
    """Returns the hero's grey armour cubes (the most that fit on the tableau)."""
    return int(row(h).armor) + _passive(h, "armor_cap")


def regen(h: HeroState) -> int:
    """Returns the mana the hero regenerates at the start of a player turn."""
    return int(row(h).regen) + _passive(h, "regen")


def carry(h: HeroState) -> int:
    """Returns the hero's carrying capacity."""
    return int(row(h).carry)


def wolf_max(h: HeroState) -> int:
    """Returns the wolf's hearts (Huntress only)."""
    return int(row(h).wolf) if C.hero(h.hid).special == "wolf" else 0


def side(h: HeroState, aid: str) -> SideDef:
    """Returns the side of an action tile the hero shows."""
    a = C.action(aid)
    return a.upgraded if aid in h.flipped else a.base


def core(h: HeroState) -> str:
    """Returns the Active Core: the element of the tile in the last river slot (seed 001, D)."""
    return side(h, h.river[-1]).element


def tile_cost(h: HeroState, slot: int) -> tuple[int, int]:
    """Returns (slot cost, tile modifier) of the river tile in ``slot`` (0-based, 0..3)."""
    track = C.hero(h.hid).cost_track
    return int(track[slot]), int(side(h, h.river[slot]).cost_mod)


def standard_cost(h: HeroState, sid: str, tile: str = "") -> int:
    """Returns the mana cost of a standard action (a carried item may lower the leap) or, with
    the mission's tile, of an area's action."""
    s = _standard(h.hid, tile, sid)
    cost = s.cost
    if s.effects and s.effects[0].type == "jump":
        for card in h.items:
            p = C.card_item(card).passive
            if p is not None and p.jump_cost is not None:
                cost = min(cost, p.jump_cost)
    return int(cost)


@cache
def _standard(hid: str, tile: str, sid: str) -> StandardDef:
    for s in C.hero(hid).standard:
        if s.id == sid:
            return s
    if tile:
        for a in C.tile(tile).areas:
            for s in a.actions:
                if s.id == sid:
                    return s
    raise KeyError(sid)


def standard_def(st: MissionState, h: HeroState, sid: str) -> StandardDef:
    """Returns a standard action of the hero's tableau or an action of one of the tile's
    areas."""
    return _standard(h.hid, st.tile, sid)


def standards(st: MissionState, h: HeroState) -> list[StandardDef]:
    """Returns what a hero may do for a printed cost: the tableau's standard actions, then the
    actions of the area it stands in (the ballista of the keep's walls)."""
    return [*C.hero(h.hid).standard, *C.area(st.tile, h.area).actions]


def weapons(h: HeroState) -> list[str]:
    """Returns the hero's weapon cards, or ``["unarmed"]`` (1 die: spec AMB-13)."""
    out = [c for c in h.items if C.card_item(c).weapon is not None]
    return out or ["unarmed"]


def weapon_def(card: str) -> Any:
    """Returns the weapon definition of a weapon card (``unarmed``: 1 die)."""
    if card == "unarmed":
        return _UNARMED
    return C.card_item(card).weapon


class _Unarmed:
    dice = 1
    isolated_swords = 0
    lightning = "none"
    rerolls = 0
    ranged_rerolls = 0
    melee_rerolls = 0
    basic_pierce = False
    melee_only = False
    empowered_comets = 0
    aoe_swords = 0


_UNARMED = _Unarmed()


def standing(h: HeroState) -> bool:
    """Returns True for a hero that enemies may attack (not knocked out, dead or vanished)."""
    return not (h.ko or h.dead or h.vanished)


# --- enemies ------------------------------------------------------------------------------------
def edef(e: EnemyState) -> Any:
    """Returns the enemy's card definition."""
    return _card_enemy(e.card)


@cache
def card_enemy(card: str) -> Any:
    """Returns the definition of a physical enemy card."""
    return C.enemy(C.card_def(card))


_card_enemy = card_enemy


@cache
def _leads(card: str) -> bool:
    return card_enemy(card).leader is not None


def _leaders(st: MissionState) -> list[EnemyState]:
    # most tiles have one leader at most; only several need the ring order (which decides the
    # order of their keywords and attack terms)
    found = [e for e in st.enemies.values() if _leads(e.card)]
    if len(found) < 2:
        return found
    return [e for e in st.living() if _leads(e.card)]


@cache
def _losses(card: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Returns (zone, keywords lost when it is knocked out) of an enemy card's zones."""
    return tuple((z, tuple(zone.loses)) for z, zone in enumerate(card_enemy(card).zones)
                 if zone.loses)


def lost_keywords(e: EnemyState) -> list[str]:
    """Returns the keywords the enemy has lost with knocked-out zones (a boss's phylactery)."""
    return [k for z, kws in _losses(e.card) if knocked_out(e, z) for k in kws]


def keywords(st: MissionState, e: EnemyState) -> list[str]:
    """Returns the enemy's keywords: printed, from its star, from leaders on the tile, without
    those lost with a knocked-out zone."""
    d = edef(e)
    if _losses(e.card):
        lost = lost_keywords(e)
        return [k for k in _keywords(st, e, d) if k not in lost]
    return _keywords(st, e, d)


def _keywords(st: MissionState, e: EnemyState, d: Any) -> list[str]:
    leaders = _leaders(st)
    area = st.area_keywords.get(e.area) if st.area_keywords else None
    if not leaders and not (e.star and d.star is not None) and not area:
        return list(d.keywords)  # printed keywords are unique (checked with the content)
    out = list(d.keywords)
    if area:
        out += area  # a tile event gave the area's enemies a keyword (a snuffed lantern)
    if e.star and d.star is not None:
        out += list(d.star.keywords)
    for lead in leaders:
        ld = edef(lead).leader
        if d.family in ld.families and not (ld.others and lead.uid == e.uid):
            out += list(ld.keywords)
    return list(dict.fromkeys(out))


@cache
def _leader_keywords() -> frozenset[str]:
    """Returns every keyword some leader in the content grants."""
    return frozenset(k for d in C.all_of("enemy") if d.leader is not None
                     for k in d.leader.keywords)


def has_keyword(st: MissionState, e: EnemyState, kw: str) -> bool:
    """Returns whether the enemy has a keyword now (printed, star or a leader's)."""
    d = edef(e)
    if _losses(e.card) and kw in lost_keywords(e):
        return False
    if kw in d.keywords:
        return True
    if e.star and d.star is not None and kw in d.star.keywords:
        return True
    if st.area_keywords and kw in st.area_keywords.get(e.area, ()):
        return True
    if kw not in _leader_keywords():
        return False
    for lead in _leaders(st):
        ld = edef(lead).leader
        if kw in ld.keywords and d.family in ld.families and not (
                ld.others and lead.uid == e.uid):
            return True
    return False


def attack_terms(st: MissionState, e: EnemyState) -> list[tuple[str, int]]:
    """Returns the parts of the enemy's attack strength (printed, gang, leaders, star)."""
    d = edef(e)
    terms = [("printed", int(d.attack))]
    if has_keyword(st, e, "gang"):
        others = len(st.columns[e.area]) - 1
        if others:
            terms.append(("gang", others))
    for lead in _leaders(st):
        ld = edef(lead).leader
        if ld.attack and d.family in ld.families and not (ld.others and lead.uid == e.uid):
            terms.append(("leader", int(ld.attack)))
    if e.star and d.star is not None and d.star.attack:
        terms.append(("star", int(d.star.attack)))
    boss = st.boss
    if boss is not None and boss["command"] and e.uid != boss["uid"]:
        terms.append(("command", int(boss["command"])))  # a boss's command, this round
    return terms


def knocked_out(e: EnemyState, z: int) -> bool:
    """Returns True when zone z's track is full."""
    return e.damage[z] >= edef(e).zones[z].boxes


def empowered(zone: ZoneDef, element: str | None, prismatic: bool = False) -> bool:
    """Returns whether an attack with this core counts as empowered against the zone."""
    if element is None or zone.style == "frameless":
        return False  # seed 001, 3.2.4: frameless zones are never empowered
    if prismatic and zone.style == "framed":
        return True
    return zone.element == element


def legal_zones(e: EnemyState, element: str | None) -> list[int]:
    """Returns the zones an attack with this core may name (armoured first, sealed only when
    empowered against them, knocked-out zones never)."""
    return zones_open(edef(e), e.damage, element)


def zones_open(d: Any, damage: Any, element: str | None) -> list[int]:
    """Returns the zones of an enemy definition with this damage an attack may name."""
    zones = d.zones
    intact = [z for z in range(len(zones)) if damage[z] < zones[z].boxes]
    armoured = [z for z in intact if zones[z].armoured]
    if armoured:
        intact = armoured
    return [z for z in intact if zones[z].style != "sealed" or empowered(zones[z], element)]


def shot_zones(st: MissionState, area: str, from_area: str | None) -> list[tuple[int, int]]:
    """Returns every (enemy, zone) a fixed-damage shot may hit in an area (``any``: all areas):
    intact zones without the armour symbol that are not sealed (a sealed zone takes only
    empowered attacks, seed 001, 3.2.4; the armour symbol is what the shot must avoid). A hero
    shooting from ``from_area`` respects Stealth and Guard (seed 001, 5.3: they bind every
    action of a hero); a tile event (None) does not."""
    areas = RING if area == "any" else (area,)
    guarded = guards(st, areas) if from_area is not None else {}
    out: list[tuple[int, int]] = []
    for a in areas:
        for u in st.columns[a]:
            e = st.enemy(u)
            if from_area is not None and (not targetable(st, e, from_area)
                                          or not guard_ok(st, [u], guarded)):
                continue
            for z, zone in enumerate(edef(e).zones):
                if not (zone.armoured or zone.style == "sealed" or knocked_out(e, z)):
                    out.append((u, z))
    return out


def isolated(st: MissionState, e: EnemyState) -> bool:
    """Returns True when no other enemy card is in the enemy's area (seed 001, 5.2)."""
    return len(st.columns[e.area]) == 1


def targetable(st: MissionState, e: EnemyState, from_area: str) -> bool:
    """Returns False for a Stealth enemy seen from another area (seed 001, 5.3)."""
    return e.area == from_area or not has_keyword(st, e, "stealth")


def guards(st: MissionState, areas: Any = RING) -> dict[str, list[int]]:
    """Returns the Guard enemies per area (of ``areas``), for the areas that have any."""
    out: dict[str, list[int]] = {}
    for area in areas:
        found = [u for u in st.columns[area] if has_keyword(st, st.enemy(u), "guard")]
        if found:
            out[area] = found
    return out


def guard_ok(st: MissionState, uids: list[int] | tuple[int, ...],
             guarded: dict[str, list[int]] | None = None) -> bool:
    """Returns True when the targets respect Guard: in an area with a Guard enemy, others may
    be targeted only together with a Guard enemy (``guarded``: ``guards(st)``, if known)."""
    if guarded is None:
        guarded = guards(st)
    if not guarded:
        return True
    for area in dict.fromkeys(st.enemy(u).area for u in uids):
        here = guarded.get(area)
        if not here:
            continue
        mine = [u for u in uids if st.enemy(u).area == area]
        if any(u not in here for u in mine) and not any(u in here for u in mine):
            return False
    return True


def runs(st: MissionState, area: str, size: int) -> list[list[int]]:
    """Returns the contiguous runs of 1..size enemy cards in an area's column (AoE x)."""
    col = st.columns[area]
    out = []
    for n in range(1, size + 1):
        for i in range(len(col) - n + 1):
            out.append(col[i:i + n])
    return out


def ring_step(area: str, clockwise: bool) -> str:
    """Returns the next area on the ring in the given direction."""
    i = RING.index(area)
    return RING[(i + (1 if clockwise else -1)) % 4]


def nearest(st: MissionState, area: str, clockwise: bool, has: Any) -> str | None:
    """Returns the nearest other area in the direction for which ``has(area)`` holds."""
    a = area
    for _ in range(3):
        a = ring_step(a, clockwise)
        if has(a):
            return a
    return None


def hero_areas(st: MissionState) -> dict[str, list[int]]:
    """Returns the standing heroes per area."""
    out: dict[str, list[int]] = {d: [] for d in RING}
    for i, h in enumerate(st.heroes):
        if standing(h):
            out[h.area].append(i)
    return out


def rooted(st: MissionState, area: str) -> bool:
    """Returns True when a Root enemy is in the area (no hero may jump away)."""
    return any(has_keyword(st, st.enemy(u), "root") for u in st.columns[area])


def hero_count(st: MissionState) -> int:
    """Returns the number of heroes (spawn thresholds count heroes: spec AMB-17)."""
    return len(st.heroes)
