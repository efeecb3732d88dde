"""The view: what one seat may see, as JSON data for scenes (shape in docs/deckbuilder/view.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules.deckbuilder.cards import DISEASE, MILITIA, MILITIA_LEVEL_COST, STONE, Card, table
from engine.rules.deckbuilder.keys import EFFECT_KEYS, SLOT_KEYS
from engine.rules.deckbuilder.preview import hall_previews
from engine.rules.deckbuilder.state import CHOOSE, DUNGEON, OVER, SPLIT, VILLAGE, DeckState
from engine.rules.deckbuilder.texts import cost_messages, effect_message

if TYPE_CHECKING:
    from engine.rules.deckbuilder.rules import DeckRules


def card_data(c: Card) -> dict[str, Any]:
    """Returns the static data of a card for display (texts are content texts or catalog keys)."""
    out: dict[str, Any] = {"id": c.id, "name": c.name, "kind": c.kind, "category": c.cat,
                           "tags": sorted(c.tags), "gold": c.gold, "cost": c.cost, "vp": c.vp,
                           "light": c.light, "attack": c.attack, "magic": c.magic}
    if c.is_hero:
        out.update(strength=c.strength, level=c.level, hero_class=c.hclass,
                   xp_cost=MILITIA_LEVEL_COST if c.hclass == MILITIA else c.xp_cost)
    if c.is_weapon:
        out["weight"] = c.weight
    if c.is_monster:
        out.update(health=c.health, xp=c.xp, darkness=c.darkness, group=c.group)
    effects = []
    for slot in ("village", "dungeon", "combat", "battle", "traits", "breach"):
        for spec in c.specs.get(slot, ()):
            params = spec["params"]
            # key/params name the effect record; text is what the player reads (no raw ids)
            effects.append({"slot": slot, "slot_key": SLOT_KEYS[slot],
                            "key": EFFECT_KEYS[spec["type"]], "params": params,
                            "text": effect_message(spec["type"], params).to_json(),
                            "costs": [m.to_json() for m in cost_messages(params)]})
    out["effects"] = effects
    if c.flavor:
        out["flavor"] = c.flavor
    return out


def _counters(st: DeckState, p: int, own: bool) -> list[dict[str, Any]]:
    """Returns the seed's "x/y" deck counters (seed 000, "Anzeige der Karten im Nachziehstapel")."""
    pl = st.players[p]
    total: dict[str, int] = {}
    owned = pl.deck + pl.hand + pl.discard
    if p == st.current:
        owned = owned + [c for c in st.play if c is not None]
    for c in owned:
        total[c] = total.get(c, 0) + 1
    pool = pl.deck if own else pl.deck + pl.hand
    left: dict[str, int] = {}
    for c in pool:
        left[c] = left.get(c, 0) + 1
    return [{"card": c, "x": left.get(c, 0), "y": total[c]} for c in sorted(total)]


def build_view(rules: DeckRules, st: DeckState, seat: int | None) -> dict[str, Any]:
    """Returns the view of ``seat`` (None: the public view)."""
    t = table()
    cards = t.cards
    seen: set[str] = set()
    village = []
    for pid, pile in st.piles.items():
        top = pile[-1] if pile else None
        if top:
            seen.add(top)
        village.append({"pile": pid, "top": top, "remaining": len(pile),
                        "cost": cards[top].cost if top else None,
                        "kind": "basic" if pid in t.basics else
                        ("hero" if pid in t.classes else "village")})
    hall = []
    for r, mid in enumerate(st.hall, start=1):
        if mid:
            seen.add(mid)
        hall.append({"rank": r, "card": mid,
                     "light_penalty": r + (cards[mid].darkness if mid and mid != STONE else 0)})
    players = []
    for p, pl in enumerate(st.players):
        own = seat == p
        entry: dict[str, Any] = {
            "seat": p, "xp": pl.xp, "vp": rules.victory_points(st, p), "deck": len(pl.deck),
            "hand": len(pl.hand), "discard": pl.discard[:], "counters": _counters(st, p, own),
            "has_stone": st.holder == p,
        }
        if own:
            entry["hand_cards"] = pl.hand[:]
            seen.update(pl.hand)
        seen.update(pl.discard)
        seen.update(c["card"] for c in entry["counters"])
        players.append(entry)
    play = [{"index": i, "card": c} for i, c in enumerate(st.play) if c is not None]
    # which card each possible level-up turns the hero into (seed 000, "Das Hochstufen")
    levels = []
    if st.phase == VILLAGE:
        for i, to, nxt, xp in rules.level_targets(st):
            levels.append({"card": i, "to": to, "next": nxt, "xp": xp})
            seen.add(nxt)
    seen.update(c for c in st.play if c is not None)
    seen.update(st.trash)
    view: dict[str, Any] = {
        "game": "deckbuilder", "seat": seat, "current": st.current, "phase": st.phase,
        "step": st.step, "turn": st.turn, "turn_limit": st.last_turn,
        "prompt": rules.prompt(st).to_json() if st.phase != OVER else None,
        "setup": {k: st.setup[k] for k in ("groups", "heroes", "village", "code")},
        "variants": dict(st.variants),
        "village": village,
        "dungeon": {"deck": len(st.dungeon), "hall": hall},
        "trash": st.trash[:],
        "diseases_out": st.diseases_out,
        "players": players,
        "play": play,
        "turn_state": {
            "gold": rules.gold_total(st), "spent": st.spent,
            "gold_breakdown": rules.gold_breakdown(st).to_json(),
            "buys_left": st.buys - st.bought, "equip": sorted([w, h] for w, h in st.equip.items()),
            "strength": {str(i): rules.prep_strength(st, i) for i, c in enumerate(st.play)
                         if c is not None and cards[c].is_hero},
            "used": sorted(st.used), "target": st.target or None,
            "pending": list(st.pend), "spoils": st.spoils[:], "levels": levels,
            "destroyed_after_fight": st.doomed[:],
            # the revealed diseases the split divides (seed 000, "Krankheiten")
            "diseases": sum(1 for c in st.play if c is not None and DISEASE in cards[c].tags),
        },
        "preview": [],
    }
    if st.phase in (DUNGEON, SPLIT):
        view["preview"] = hall_previews(st)
    elif st.phase == CHOOSE and seat == st.current:
        # what the hand would do in the dungeon, before any ability or weapon is used
        probe = st.clone()
        probe.play = list(probe.players[st.current].hand)
        view["preview"] = hall_previews(probe)
    if st.phase == OVER:
        out = rules.outcome(st)
        view["outcome"] = out.to_json() if out else None
    seen.discard("")
    view["cards"] = {cid: card_data(cards[cid]) for cid in sorted(seen) if cid}
    return view
