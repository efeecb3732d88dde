"""The map bot's play with allies (co-operative and alliance games, adventure/teams.py):
engine/rules/heroes/adventure/bots.py asks here for gifts and for the answers a partner gives.

- **Help.** With gold to spare (20 above the town's defence reserve) the bot gives an ally
  still in the game 5 gold at a time while the ally holds less than half its gold: in an
  alliance during its turn, in a co-operative game at a trading post.
- **Asked.** It gives what an ally asks when it keeps at least as much as it gives.
- **Swaps.** Offered a card, it gives its least valued spell or artifact in return, or declines
  when it holds none; it accepts a pair when the card it gets is worth at least the card it
  gives (solobot.card_value: artifacts, damage spells, other spells).
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.rules.heroes.adventure import solobot
from engine.rules.heroes.adventure import teams as T
from engine.rules.heroes.adventure.state import RESOURCES, MapState

_SPARE = 20  # gold the bot keeps above its reserve before it gives
_GIFT = 5


def gift(st: MapState, seat: int, legal: list[Action], reserve: int) -> Action | None:
    """Returns a gift of gold to a poorer ally, or None."""
    gold = st.ps[seat].res[0]
    if gold < _SPARE + reserve + _GIFT:
        return None
    for a in legal:
        if a.kind == "gift" and a["res"] == "gold" and a["amount"] == _GIFT \
                and st.ps[int(a["to"])].res[0] * 2 < gold:
            return a
    return None


def answer(st: MapState, seat: int, top: Any, legal: list[Action]) -> Action:
    """Returns the answer to an ally's ask, swap offer or swap pair."""
    decline = next(a for a in legal if a.kind == "decline")
    if top.kind == T.SWAP_PICK:
        picks = [a for a in legal if a.kind == "pick"]
        return min(picks, key=lambda a: solobot.card_value(str(a["card"]))) if picks \
            else decline
    what = top.data[0]
    if what == "ask":
        _, _asker, _o, res, n = top.data
        held = st.ps[seat].res[RESOURCES.index(res)]
        ok = held - int(n) >= int(n)
    else:
        _, _seat, _o, mine, theirs = top.data
        ok = solobot.card_value(str(theirs))[0] >= solobot.card_value(str(mine))[0]
    return next(a for a in legal if a.kind == "accept") if ok else decline
