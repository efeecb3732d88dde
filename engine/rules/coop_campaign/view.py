"""The view of a mission: everything is open to every seat (co-operative), except the order of
the draw piles, which nobody knows; their sizes and the face-up discards are shown."""

from __future__ import annotations

from typing import Any

from engine.rules.coop_campaign import boss as B
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.state import CHOOSE, DROP, OFFER, MissionState


def hero_view(st: MissionState, i: int) -> dict[str, Any]:
    """Returns a hero's tableau as a board shows it, with the current cost of every tile."""
    h = st.heroes[i]
    river = []
    for slot, aid in enumerate(h.river):
        entry: dict[str, Any] = {"tile": aid, "side": "upgraded" if aid in h.flipped else "base",
                                 "element": T.side(h, aid).element,
                                 "type": T.side(h, aid).type,
                                 "ultimate": C.action(aid).ultimate}
        if slot < 4:
            base, mod = T.tile_cost(h, slot)
            entry["cost"] = base + mod
        else:
            entry["cooldown"] = True
        if h.poison is not None and h.poison[0] == aid:
            entry["poison"] = True
        river.append(entry)
    return {"hero": h.hid, "seat": h.seat, "area": h.area, "level": T.level(h),
            "hp": h.hp, "hp_max": T.hp_max(h), "mana": h.mana, "mana_max": T.mana_max(h),
            "armor": h.armor, "armor_cap": T.armor_cap(h), "regen": T.regen(h),
            "carry": T.carry(h), "river": river, "core": T.core(h) if len(h.river) == 6
            else None, "items": list(h.items), "exhausted": list(h.exhausted),
            "ko": h.ko, "dead": h.dead, "vanished": h.vanished,
            "poison": None if h.poison is None else list(h.poison),
            "wolf": None if T.wolf_max(h) == 0 else {"area": h.wolf_area, "hp": h.wolf_hp,
                                                      "hp_max": T.wolf_max(h)},
            "standard": [{"action": s.id, "cost": T.standard_cost(h, s.id, st.tile)}
                         for s in C.hero(h.hid).standard]
            + [{"action": s.id, "cost": T.standard_cost(h, s.id, st.tile), "area": h.area}
               for s in C.area(st.tile, h.area).actions]}


def enemy_view(st: MissionState, uid: int) -> dict[str, Any]:
    """Returns an enemy card on the tile with its tracks and effective keywords."""
    e = st.enemy(uid)
    return {"uid": uid, "card": e.card, "area": e.area, "damage": list(e.damage),
            "stunned": e.stunned, "star": e.star, "keywords": T.keywords(st, e),
            "attack": sum(v for _, v in T.attack_terms(st, e)),
            "attack_terms": [[k, v] for k, v in T.attack_terms(st, e)],
            "activated": e.activated, "isolated": T.isolated(st, e)}


def enemy_order(st: MissionState) -> list[int]:
    """Returns every enemy on the tile in the order of the enemy turn: from the start area top
    to bottom, then clockwise (the order engine.next_enemy walks)."""
    start = T.RING.index(C.tile(st.tile).start)
    ring = T.RING[start:] + T.RING[:start]
    return [uid for d in ring for uid in st.columns[d]]


def attack_outcome(st: MissionState) -> list[dict[str, Any]]:
    """Returns what the rolled attack under resolution does to each target as the dice lie."""
    a = st.attack
    assert a is not None
    out = []
    for n, (uid, z) in enumerate(a["targets"]):
        e = st.enemies.get(str(uid))
        if e is None:
            continue
        dmg, emp, terms = E.strength_against(a, e, z, n, st)
        out.append({"uid": uid, "zone": z, "damage": dmg, "empowered": emp,
                    "terms": [[k, v] for k, v in terms]})
    return out


def camp_hero_view(st: MissionState, i: int) -> dict[str, Any]:
    """Returns a hero as the camp shows it: level, hearts, carrying capacity, items and the
    river with each tile's side (no mission numbers: the hero stands on no tile yet)."""
    h = st.heroes[i]
    river = [{"tile": aid, "side": "upgraded" if aid in h.flipped else "base",
              "element": T.side(h, aid).element, "type": T.side(h, aid).type,
              "ultimate": C.action(aid).ultimate} for aid in h.river]
    return {"hero": h.hid, "seat": h.seat, "level": T.level(h), "hp": h.hp,
            "hp_max": T.hp_max(h), "mana_max": T.mana_max(h), "armor_cap": T.armor_cap(h),
            "carry": T.carry(h), "items": list(h.items), "exhausted": list(h.exhausted),
            "river": river}


def camp_view(st: MissionState) -> dict[str, Any]:
    """Returns the open view of a campaign mission's camp (camp.py): the station ahead, the
    routes on (open or locked by a box), the party, the news of the last mission, the
    merchant's wares."""
    from engine.rules.coop_campaign import camp as K
    from engine.rules.coop_campaign import campaign

    camp = st.camp
    assert camp is not None
    top = st.flow.stack[-1] if st.flow.stack else None
    market = camp["market"]
    return {
        "stage": "camp", "tile": st.tile, "hard": st.hard, "token": st.token,
        "leader": K.leader(st), "station": camp["station"], "attempt": camp["attempt"],
        "lost": camp.get("lost", 0), "retries": retries(st),
        "route": list(camp["route"]), "choices": list(camp["choices"]),
        "routes": [{"station": sid, "open": campaign.is_open(sid, st.boxes),
                    "requires": campaign.station(sid).requires}
                   for sid in campaign.successors(camp["route"])],
        "boxes": list(st.boxes), "decks": [dict(c) for c in camp["decks"]],
        "news": None if camp["news"] is None else {
            "station": camp["news"]["station"], "won": camp["news"]["won"],
            "gained": [list(g) for g in camp["news"]["gained"]],
            "boxes": list(camp["news"]["boxes"])},
        "market": None if market is None else {"wares": list(market["wares"]),
                                               "hero": market["queue"][0]},
        "pending": None if top is None else top.kind,
        "over_capacity": K.over_capacity(st),
        "heroes": [camp_hero_view(st, i) for i in range(len(st.heroes))],
        "loot": {k: {"draw": d.draw_count(), "discard": list(d.discard_pile.cards)}
                 for k, d in sorted(st.loot.items())},
        "result": None, "reason": "", "round": 0,
    }


def _choice_text(st: MissionState, path: list[Any]) -> dict[str, str] | None:
    """Returns the text printed beside a party choice: that of the nearest part of the tile
    holding it (a coloured cross, a flag row), or None (a boss tile's relic reward)."""
    if path and path[0] == "@ai":
        return None
    for k in range(len(path) - 1, 0, -1):
        node = E.tile_effect(st, path[:k])
        text = getattr(node, "text", None)
        if text is not None and not isinstance(node, (list, tuple)):
            return dict(text)
    return None


def _option_note(effects: Any) -> dict[str, Any]:
    """Returns what an option of a party choice brings beyond its label: the campaign
    checkboxes it ticks, the items it hands out (searched through nested effects) and whether
    one of them goes to the start player's hero (``token``: a boss's relic, spec §14.6)."""
    boxes: list[str] = []
    items: list[str] = []
    token: list[bool] = []

    def walk(specs: Any) -> None:
        for spec in specs:
            if spec.type == "check_box":
                boxes.append(str(spec.params["box"]))
            elif spec.type == "gain_item":
                items.append(str(spec.params["item"]))
                token.append(spec.params.get("who") == "token")
            for key in ("effects", "otherwise"):
                if key in spec.params:
                    walk(spec.params[key])

    walk(effects)
    return {"boxes": boxes, "items": items, "token": any(token)}


def campaign_info(st: MissionState) -> dict[str, Any] | None:
    """Returns where a campaign mission stands on the map (None for a single mission)."""
    camp = st.camp
    if camp is None:
        return None
    return {"station": camp["station"], "attempt": camp["attempt"],
            "route": list(camp["route"]), "boxes": list(st.boxes),
            "lost": camp.get("lost", 0), "retries": retries(st)}


def retries(st: MissionState) -> int | None:
    """Returns how many more lost missions a hard-mode campaign may try again (None in normal
    mode, which has no limit)."""
    from engine.rules.coop_campaign import campaign

    camp = st.camp
    assert camp is not None
    return max(0, campaign.retries_left(camp)) if st.hard else None


def strike_strength(st: MissionState) -> int | None:
    """Returns the strength of the enemy attack under resolution (a boss's AI card may give
    its own), or None when the striking card is gone."""
    s = st.strike
    assert s is not None
    if "ai_terms" in s:
        return sum(int(v) for _k, v in s["ai_terms"])
    e = st.enemies.get(str(s["uid"]))
    return None if e is None else sum(v for _, v in T.attack_terms(st, e))


def boss_view(st: MissionState) -> dict[str, Any] | None:
    """Returns the boss of a boss tile: its stat card (chosen by the hero count) and zones, its
    AI deck (cards left to draw, the face-up discard, cards taken out), the AI card resolved
    last and the one being resolved now, the round's command bonus, defeated or not."""
    if st.boss is None:
        return None
    b = st.boss
    e = B.boss_enemy(st)
    card = C.card_def(b["card"])
    deck = st.decks.get(B.AI)
    s = st.strike
    return {"id": b["id"], "uid": b["uid"], "card": b["card"], "stat_card": card,
            "heroes": B.stat_cards_heroes(b["id"], card),
            "area": None if e is None else e.area,
            "damage": None if e is None else list(e.damage),
            "zones": None if e is None else [
                {"boxes": zone.boxes, "damage": e.damage[z], "out": T.knocked_out(e, z),
                 "final": zone.final} for z, zone in enumerate(T.edef(e).zones)],
            "deck": 0 if deck is None else deck.draw_count(),
            "discard": [] if deck is None else list(deck.discard_pile.cards),
            "removed": list(b["removed"]), "last": b["last"],
            "drawn": s["ai"]["card"] if s is not None and "ai" in s else None,
            "command": b["command"], "defeated": b["defeated"],
            "lost_keywords": [] if e is None else T.lost_keywords(e)}


def _shot_label(st: MissionState, uid: int, z: int) -> dict[str, str]:
    """Returns the ``{en, de}`` label of a shot's target: the enemy with the number its card
    shows (its place in the enemy turn), its area, the zone and its track."""
    e = st.enemy(uid)
    d = T.edef(e)
    n = enemy_order(st).index(uid) + 1
    area = C.area(st.tile, e.area).name
    track = f"{e.damage[z]}/{d.zones[z].boxes}"
    return {"en": f"{d.name['en']} #{n} ({area['en']}), zone {z + 1}: {track}",
            "de": f"{d.name['de']} #{n} ({area['de']}), Zone {z + 1}: {track}"}


def choice_labels(st: MissionState) -> list[dict[str, str]]:
    """Returns the ``{en, de}`` labels of a pending party choice's options (a tile event's
    shot: its targets), or [] when no choice is pending."""
    top = st.flow.stack[-1] if st.flow.stack else None
    if top is None or top.kind != CHOOSE:
        return []
    if len(top.data) > 1:
        return [_shot_label(st, uid, z) for uid, z in top.data[1]]
    spec = E.tile_effect(st, list(top.data[0]))
    return [dict(o.label) for o in spec.params["options"]]


def mission_view(rules: Any, st: MissionState) -> dict[str, Any]:
    """Returns the whole open view of the mission (of its camp before a campaign mission sets
    out)."""
    if st.stage == "camp":
        return camp_view(st)
    tile = C.tile(st.tile)
    coming = []
    for k in range(st.round, len(tile.tracker)):
        f = tile.tracker[k]
        coming.append({"round": k + 1, "colour": f.colour,
                       "dots": [{"dir": d.dir, "rank": d.rank, "min": d.min,
                                 "active": d.min <= T.hero_count(st)} for d in f.dots]})
    n = T.hero_count(st)
    track = [{"round": k + 1, "colour": f.colour,
              "dots": [{"dir": d.dir, "rank": d.rank, "min": d.min, "active": d.min <= n}
                       for d in f.dots]} for k, f in enumerate(tile.tracker)]
    top = st.flow.stack[-1] if st.flow.stack else None
    choice = choice_text = None
    choice_notes: list[dict[str, Any]] = []
    if top is not None and top.kind == CHOOSE:
        choice = choice_labels(st)
        if len(top.data) == 1:
            spec = E.tile_effect(st, list(top.data[0]))
            choice_text = _choice_text(st, list(top.data[0]))
            choice_notes = [_option_note(o.effects) for o in spec.params["options"]]
    return {
        "tile": st.tile, "theme": st.theme, "hard": st.hard, "round": st.round,
        "rounds": len(tile.tracker), "stage": st.stage, "token": st.token,
        "active": st.active, "order": list(st.order), "result": st.result,
        "reason": st.reason, "boxes": list(st.boxes), "blocked": list(st.blocked),
        "area_keywords": {a: list(k) for a, k in sorted(st.area_keywords.items())},
        "flags": {a.dir: {"filled": st.flags.get(a.dir, 0), "count": a.flags.count}
                  for a in tile.areas if a.flags is not None},
        "heroes": [hero_view(st, i) for i in range(len(st.heroes))],
        "areas": {d: [enemy_view(st, u) for u in st.columns[d]] for d in T.RING},
        "enemy_order": enemy_order(st),
        "tracker": coming, "track": track,
        "pending": None if top is None else top.kind, "choice": choice,
        "choice_text": choice_text, "choice_notes": choice_notes,
        "asked": top.data[0] if top is not None and top.kind in (DROP, OFFER) else None,
        "decks": {k: {"draw": d.draw_count(), "discard": list(d.discard_pile.cards)}
                  for k, d in sorted(st.decks.items())},
        "loot": {k: {"draw": d.draw_count(), "discard": list(d.discard_pile.cards)}
                 for k, d in sorted(st.loot.items())},
        "attack": None if st.attack is None else {
            "hero": st.attack["hero"], "faces": list(st.attack["faces"]),
            "rerolls": st.attack["rerolls"], "targets": [list(t) for t in
                                                         st.attack["targets"]],
            "weapon": st.attack["weapon"], "core": st.attack["core"],
            "basic": st.attack["basic"], "outcome": attack_outcome(st)},
        "strike": None if st.strike is None else {
            "uid": st.strike["uid"], "why": st.strike.get("why"),
            "strength": strike_strength(st), "ai": st.strike.get("ai", {}).get("card"),
            "roll": st.strike.get("roll"), "cands": list(st.strike.get("cands", [])),
            "aimed": list(st.strike.get("aimed", st.strike.get("cands", []))),
            "prevent": st.strike.get("prevent", 0)},
        "offer": None if st.offer is None else {"item": st.offer.get("item")},
        "campaign": campaign_info(st),
        "boss": boss_view(st),
    }
