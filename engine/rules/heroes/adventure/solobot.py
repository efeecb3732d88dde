"""The map bot's play in a campaign scenario (the player's side against bot heroes): what it
marches on and when, whether it attacks a bot hero, defends against one, and which cards it
carries into the next scenario. engine/rules/heroes/adventure/bots.py asks here whenever the
game has bot heroes (``MapState.solo``); everything else it plays as in a clash.

- **Goal.** ``capture_bot_town``: the bot town; ``defeat_bot_heroes``: the nearest bot hero
  still on the map; ``hold_mines``: the nearest mine it does not hold.
- **Strength.** A bot hero's army is measured like a player's (``bots.army_power``), raised by a
  fifth for its bot cards and, behind walls, by the siege factor of the clash bot. The main hero
  attacks a bot at the clash bot's dare (1.3 times as strong, less in the last rounds), sets
  out for a bot goal from round 3 once it is 0.8 times as strong (it grows on the way) or when
  the scenario's last four rounds have come, and fights neutrals on the way as the clash bot
  does.
- **Defence.** A bot at its town or settlement is fought off for 8 gold when the garrison is at
  least 0.9 times as strong as the bot; else the place is yielded (it can be taken back).
- **Carried cards.** Artifacts first (relics, then major), then spells that deal damage, other
  spells, battle abilities, and last the cards that act only on the map.
"""

from __future__ import annotations

from typing import Any

from engine.core import hexgrid as hx
from engine.rules.heroes import content as C
from engine.rules.heroes.adventure import bothero
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.state import MAIN, MapState

Hex = tuple[int, int]
_BOT_CARDS = 1.2  # a bot hero's army fights this much better for its bot cards
_DEFEND = 0.9  # the garrison's strength over the bot's at which a town is defended
_LATE = 4  # the last rounds in which the main hero marches whatever its strength
_APPROACH = 0.8  # the strength over the goal's at which the main hero sets out for it
_RARITY = {"relic": 3.0, "major": 2.0, "minor": 1.0}


def _goal_types(st: MapState) -> list[str]:
    return [str(v.get("type")) for v in R.mc().scenarios[st.scenario].victory]


def bot_power(st: MapState, i: int, at: Hex | None = None) -> float:
    """Returns bot hero ``i``'s fighting strength (behind walls if it stands in a walled bot
    town)."""
    from engine.rules.heroes.adventure.bots import _WALLS, army_power

    b = bothero.bots(st)[i]
    power = army_power(b["units"]) * _BOT_CARDS
    pos = at if at is not None else (None if b["pos"] is None else bothero._h(b["pos"]))
    t = bothero.bot_town_at(st, pos) if pos is not None else None
    if t is not None and bothero.solo_of(st)["towns"][t]["walls"]:
        power *= _WALLS
    return power


def target(st: MapState, seat: int) -> Hex | None:
    """Returns the field the main hero marches on (see the module), or None."""
    here = st.ps[seat].pos[MAIN]
    if here is None:
        return None
    goals = _goal_types(st)
    if "bots_then_bot_town" in goals:  # a co-operative scenario: the bots, then their town
        found = [bothero._h(b["pos"]) for b in bothero.bots(st)
                 if not b["out"] and b["pos"] is not None]
        if not found:
            found = [bothero._h(t["at"]) for t in bothero.solo_of(st)["towns"]]
        return min(found, key=lambda t: (hx.distance(here, t), t)) if found else None
    if "capture_bot_town" in goals:
        towns = [bothero._h(t["at"]) for t in bothero.solo_of(st)["towns"]]
        return min(towns, key=lambda t: (hx.distance(here, t), t)) if towns else None
    if "defeat_bot_heroes" in goals:
        found = [bothero._h(b["pos"]) for b in bothero.bots(st)
                 if not b["out"] and b["pos"] is not None]
        return min(found, key=lambda t: (hx.distance(here, t), t)) if found else None
    mines = [h for h in R.board(st).fields if R.category(st, h) == R.MINE
             and st.marks.get(h, {}).get("cube") != seat]
    return min(mines, key=lambda t: (hx.distance(here, t), t)) if mines else None


def _foe_power(st: MapState, h: Hex) -> float:
    """Returns the strength waiting on a goal field: the bots there (in their town's walls)."""
    return sum(bot_power(st, i, h) for i, b in enumerate(bothero.bots(st))
               if not b["out"] and b["pos"] is not None and bothero._h(b["pos"]) == h)


def marching(st: MapState, seat: int) -> bool:
    """Returns True when the main hero marches on its goal: from round 3 once it is nearly as
    strong as what waits there (it grows on the way and attacks only at the dare), from the
    scenario's last rounds whatever its strength; a mine goal at once."""
    from engine.rules.heroes.adventure.bots import strength

    goal = target(st, seat)
    if goal is None:
        return False
    limit = R.mc().scenarios[st.scenario].round_limit or 99
    if st.round > limit - _LATE or "hold_mines" in _goal_types(st):
        return True
    return st.round >= 3 and strength(st, seat) >= _APPROACH * _foe_power(st, goal)


def bot_value(st: MapState, seat: int, what: dict[str, Any], hero: str,
              dare: float | None = None) -> float | None:
    """Returns what attacking the bot hero on a field is worth (None: never); ``dare``: the
    strength over the bot's the player bot's level attacks at (default the clash bot's)."""
    from engine.rules.heroes.adventure.bots import _dare, strength

    if not st.ps[seat].units:
        return None
    h = (int(what["at"][0]), int(what["at"][1]))
    ratio = strength(st, seat) / max(1.0, _foe_power(st, h))
    if ratio < (_dare(st) if dare is None else dare) * (1.0 if hero == MAIN else 1.4):
        return None
    return 30.0


def threatened(st: MapState, seat: int) -> bool:
    """Returns True when a bot hero stands near the seat's town (keep the gold to defend)."""
    from engine.rules.heroes.adventure.bots import _DEFENCE_RANGE

    town = st.ps[seat].town
    return town is not None and any(
        not b["out"] and b["pos"] is not None and b["moves"]
        and hx.distance(bothero._h(b["pos"]), town) <= _DEFENCE_RANGE
        for b in bothero.bots(st))


def card_value(cid: str) -> tuple[float, str]:
    """Returns how much the bot wants to carry a card on (higher first; the id breaks ties)."""
    card = C.card(cid)
    timings = {m.timing for m in card.modes}
    if card.kind == "artifact":
        return 10.0 + _RARITY.get(card.rarity or "minor", 1.0), cid
    if timings <= {"adventure"}:
        return 1.0, cid
    if card.kind == "spell":
        damage = any(e.type in ("damage", "damage_adjacent") for m in card.modes
                     for e in m.effects)
        return 8.0 if damage else 6.0, cid
    return 4.0, cid


def choose(st: MapState, seat: int, purpose: str, legal: list[Any]) -> Any:
    """Returns the answer to a campaign choice: a carried card, or defend or yield."""
    from engine.rules.heroes.adventure.bots import army_power

    if purpose == "carry_card":
        return max(legal, key=lambda a: card_value(str(a["option"])))
    if purpose == "bot_defend":
        d = st.flow.top
        assert d is not None
        tag = st.battle["ctx"][d.data[2]][0]
        mine = army_power(st.ps[seat].units)
        want = "defend" if mine >= _DEFEND * bot_power(st, int(tag["bot"])) else "yield"
        return next((a for a in legal if a["option"] == want), legal[-1])
    return legal[0]
