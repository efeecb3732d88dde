"""What a seat may see of a duel, as JSON-like data for scenes and bots (docs/duel/view.md)."""

from __future__ import annotations

from typing import Any

from engine.rules.duel import ops, pairing
from engine.rules.duel.cards import cards
from engine.rules.duel.preview import fight_odds
from engine.rules.duel.state import (
    ACT_ATTACK,
    ACT_MAGIC,
    ARRANGE,
    DEFEND,
    MAIN,
    MAIN_UID,
    DuelState,
    Fighter,
)


def fighter_view(state: DuelState, seat: int, f: Fighter) -> dict[str, Any]:
    """Returns a character as shown on the table."""
    life = ops.life_of(state, seat, f)
    out = {"uid": f.uid, "card": f.card, "name": cards().name(f.card), "life": life,
           "damage": f.damage, "left": life - f.damage,
           "attack": ops.attack_of(state, seat, f), "defence": ops.defence_of(state, seat, f),
           "armour": ops.armour_of(state, seat, f), "attacked": f.attacked,
           "temp_attack": f.temp_att, "temp_defence": f.temp_def,
           # where each die comes from: card, level, each piece of equipment, clan, land …
           "sources": {"attack": ops.stat_sources(state, seat, f, "attack").to_json(),
                       "defence": ops.stat_sources(state, seat, f, "defence").to_json()}}
    if f.uid != MAIN_UID:
        clan = cards().clan[f.card]
        out["xp"] = clan.xp
        out["level"] = clan.level
    return out


def side_view(state: DuelState, seat: int, viewer: int | None) -> dict[str, Any]:
    """Returns one player's side; the hand and hidden treasures only for its owner."""
    p = state.players[seat]
    own = viewer == seat
    levels = cards().main[p.hero.card].levels
    deck = p.deckdef
    return {
        "seat": seat,
        "deck": {"id": deck.get("id", ""), "name": deck.get("name", ""),
                 "main": deck["main"], "starter": deck["starter"],
                 "cards": list(deck["cards"]), "lands": list(deck["lands"])},
        "main": fighter_view(state, seat, p.hero),
        "level": p.level, "xp": p.xp,
        "next_level": levels[p.level - 1] if p.level - 1 < len(levels) else None,
        "magic": ops.magic_of(state, seat), "courage": ops.courage_of(state, seat),
        "clan": [fighter_view(state, seat, f) for f in p.clan],
        "equipment": [{"uid": uid, "card": card, "name": cards().name(card)}
                      for uid, card in p.equipment],
        "hand": list(p.hand) if own else None,
        "hand_count": len(p.hand),
        "deck_count": len(p.deck),
        "grave": list(p.grave),
        "grave_xp": ops.grave_xp(state, seat),
        "pool": p.pool, "spent": p.spent,
        "lands": list(p.lands),
        "treasures": list(p.treasures) if own else None,
        "treasure_count": len(p.treasures),
        "inventory": [{"owner": o, "card": c, "name": cards().name(c)} for o, c in p.inventory],
        "wins": p.wins,
        "tried": list(p.tried),
    }


def odds_view(state: DuelState, attacker_seat: int, att: Fighter,
              defender: Fighter) -> dict[str, Any]:
    """Returns the exact damage distributions of one possible fight, armour included."""
    return fight_odds(state, attacker_seat, att, defender)


def roll_odds(dice_max: int, need: int, courage: int) -> list[float]:
    """Returns P(success) of a summoning or magic roll with 1..dice_max dice."""
    return [pairing.sum_at_least(k, need - courage) for k in range(1, dice_max + 1)]


def build_view(rules: Any, state: DuelState, seat: int | None) -> dict[str, Any]:
    """Returns the whole view for ``seat`` (None: public)."""
    from engine.rules.duel.rules import _can_attack

    c = cards()
    actor = rules.current_actor(state)
    view: dict[str, Any] = {
        "game": "duel", "phase": state.phase, "actor": actor, "active": state.active,
        "round": state.round, "turn": state.turn, "first": state.first,
        "game_no": state.game_no, "day": state.day, "winner": state.winner,
        "day_winner": state.day_winner, "end_reason": state.end_reason,
        "prompt": rules.prompt(state).to_json(),
        "actions": {"magic_used": bool(state.acts_used & ACT_MAGIC),
                    "attack_used": bool(state.acts_used & ACT_ATTACK),
                    "current": {0: None, ACT_MAGIC: "magic", ACT_ATTACK: "attack"}[
                        state.act_current],
                    "casts_left": state.casts_left},
        "players": [side_view(state, s, seat) for s in (0, 1)],
        "land": None if state.land is None else {
            "owner": state.land[0], "card": state.land[1], "name": c.name(state.land[1])},
        "table_treasures": [{"owner": o, "card": card if seat == o else None}
                            for o, card in state.table],
        "window": {"land": state.window[0], "treasure": state.window[1]},
        "last_fight": state.last_fight,
        "fight": None, "cast": None, "odds": [], "roll_odds": {},
    }
    if state.fight is not None:
        a_uid, d_uid, att, dfc = state.fight
        fight: dict[str, Any] = {"attacker_seat": state.active, "attacker": a_uid,
                                 "defender": d_uid if d_uid >= 0 else None}
        if state.phase == ARRANGE:
            auto = pairing.auto_arrangement(att, dfc)
            fight.update({"attack": list(att), "defence": list(dfc), "auto": list(auto),
                          "auto_damage": list(pairing.score(att, auto))})
        view["fight"] = fight
    if state.cast is not None:
        view["cast"] = {"seat": state.active, "card": state.cast[0],
                        "name": c.name(state.cast[0]), "target": state.cast[1]}
    if seat is not None and seat == actor:
        me = state.players[seat]
        op = state.players[1 - seat]
        if state.phase == MAIN and _can_attack(state):
            view["odds"] = [odds_view(state, seat, f, g)
                            for f in (me.hero, *me.clan) if not f.attacked
                            for g in (op.hero, *op.clan)]
        elif state.phase == DEFEND and state.fight is not None:
            att_f = op.fighter(state.fight[0])
            if att_f is not None:
                view["odds"] = [odds_view(state, 1 - seat, att_f, g)
                                for g in (me.hero, *me.clan)]
        if state.phase == MAIN:
            courage = ops.courage_of(state, seat)
            most_magic = min(ops.magic_of(state, seat), me.pool)
            for card in dict.fromkeys(me.hand):
                if c.kind[card] == "clan":
                    view["roll_odds"][card] = roll_odds(me.pool, c.clan[card].level, courage)
                elif c.kind[card] == "magic":
                    view["roll_odds"][card] = roll_odds(most_magic, c.magic[card].level,
                                                        courage)
    return view
