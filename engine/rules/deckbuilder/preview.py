"""Previews of deck-builder actions (``annotate``; documented in docs/deckbuilder/view.md,
"Previews").

- ``buy(card)``: the price in gold (``cost``) and the gold left after it (``detail``).
- ``level(card, to)``: the XP it costs.
- ``attack(rank)`` and ``diseases(magic)`` (the split that decides the fight): the fight's
  attack breakdown and every consequence the fight will have, each as the message of the event
  that will log it: victory or defeat, heroes destroyed at the end of the fight (the monster's
  battle effects; ``deckbuilder.preview.too_weak`` for strength 0 or less), diseases gained, XP lost or won, spoils, the monster
  going back under the dungeon deck; cards the player must pick to destroy are named by filter.
  An attack that leads to the disease split shows the best split.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action, Breakdown, Message
from engine.core.protocol import Preview
from engine.rules.deckbuilder import battle
from engine.rules.deckbuilder.cards import MILITIA, MILITIA_LEVEL_COST, STONE, matches, table
from engine.rules.deckbuilder.keys import FILTER_KEYS
from engine.rules.deckbuilder.state import DUNGEON, SPLIT, VILLAGE, DeckState


def fight_consequences(st: DeckState, f: battle.Fight, r: battle.Result) -> list[Message]:
    """Returns what resolving the fight ``f`` with result ``r`` will do, in the order the rules
    do it (``DeckRules._resolve`` and ``_fight_over``)."""
    cards = table().cards
    cur = st.current
    mon = f.monster
    mp = mon.mon
    assert mp is not None
    out = [Message("deckbuilder.ev.win" if r.win else "deckbuilder.ev.lose",
                   {"player": cur, "monster": mon.name, "attack": r.total,
                    "health": mon.health})]
    doomed: list[int] = list(st.doomed)
    if st.variants.get("strength") != "printed":
        # seed 000, online rule change 1: strength 0 or less -> destroyed at end of turn
        for h in f.low:
            if h not in doomed:
                doomed.append(h)
                out.append(Message("deckbuilder.preview.too_weak",
                                   {"player": cur, "card": cards[str(st.play[h])].name}))
    if mp.diseases:
        out.append(Message("deckbuilder.ev.disease", {"player": cur, "count": mp.diseases}))
    if f.curse:
        out.append(Message("deckbuilder.ev.disease", {"player": cur, "count": f.curse}))
    xp = st.players[cur].xp
    if mp.lose_xp and min(mp.lose_xp, xp):
        out.append(Message("deckbuilder.ev.xp_lost",
                           {"player": cur, "amount": min(mp.lose_xp, xp)}))
    for what, count in mp.destroys:
        cands = [i for i, c in enumerate(st.play)
                 if c is not None and i not in doomed and matches(cards[c], what)]
        if not cands:
            continue
        if len(cands) <= count or len({st.play[i] for i in cands}) == 1:
            for i in cands[:count]:
                doomed.append(i)
                out.append(Message("deckbuilder.ev.doomed",
                                   {"player": cur, "card": cards[str(st.play[i])].name}))
        else:
            out.append(Message("deckbuilder.preview.destroy_choice",
                               {"player": cur, "count": count,
                                "what": {"key": FILTER_KEYS[what]}}))
    if r.win:
        out.append(Message("deckbuilder.ev.xp", {"player": cur, "amount": mon.xp}))
        spoils = len(mp.spoils) + len(f.spoils)
        if spoils:
            out.append(Message("deckbuilder.preview.spoils", {"player": cur, "count": spoils}))
    elif not mp.defeat_only:
        out.append(Message("deckbuilder.preview.monster_returns", {"monster": mon.name}))
    if (r.win or not mp.defeat_only) and f.rank == 1 and len(st.hall) > 1:
        # the gap at rank 1 closes (DeckRules._refill): what moves up from rank 2 is known
        front = st.hall[1]
        if front == STONE:
            out.append(Message("deckbuilder.preview.stone_taken", {"player": cur}) if r.win
                       else Message("deckbuilder.preview.stone_reached", {}))
        elif front and cards[front].breach:
            out.append(Message("deckbuilder.preview.breach", {"monster": cards[front].name}))
    return out


def hall_previews(st: DeckState) -> list[dict[str, Any]]:
    """Returns every hall monster's exact fight result with its breakdown and consequences
    (the view's ``preview``, docs/deckbuilder/view.md)."""
    cards = table().cards
    printed = st.variants.get("disease") == "printed"
    out = []
    for rank in (1, 2, 3):
        mid = st.hall[rank - 1]
        if mid is None or mid == STONE:
            continue
        f = battle.prepare(st, rank, explain=True)
        res = battle.finish(f, max(st.split, 0)) if printed else battle.best_split(f)
        # every disease split the player could choose, each with its own result
        ks = range(f.diseases + 1) if printed else range(f.kmin, f.kmax + 1)
        consequences = fight_consequences(st, f, res) if f.attackable else []
        splits = []
        for k in ks:
            alt = battle.finish(f, k)
            splits.append({"magic": alt.split, "physical": f.diseases - alt.split,
                           "attack": alt.total, "win": alt.win})
        out.append({
            "rank": rank, "monster": mid, "attackable": f.attackable, "reason": f.reason or None,
            "win": res.win, "attack": res.total, "health": cards[mid].health,
            "physical": res.physical, "magic": res.magic, "light_penalty": res.penalty,
            "light": f.light, "diseases": f.diseases, "disease_split": res.split,
            "attackers": f.attackers, "stopped": f.prevented,
            "splits": splits if f.diseases else [],
            "breakdown": battle.breakdown(f, res).to_json(),
            "consequences": [m.to_json() for m in consequences],
            "losses": _losses(consequences),
        })
    return out


def _losses(consequences: list[Message]) -> dict[str, int]:
    """Returns how many of the player's cards a fight destroys and how many diseases it
    brings, counted from its consequences."""
    cards = diseases = 0
    for m in consequences:
        if m.key in ("deckbuilder.ev.doomed", "deckbuilder.preview.too_weak"):
            cards += 1
        elif m.key == "deckbuilder.preview.destroy_choice":
            cards += int(m.params["count"])
        elif m.key == "deckbuilder.ev.disease":
            diseases += int(m.params["count"])
    return {"cards": cards, "diseases": diseases}


def _fight_preview(st: DeckState, rank: int, split: int | None) -> Preview:
    """Returns the breakdown and consequences of fighting the monster on ``rank`` with the
    disease split ``split`` (None: the one the attack will use, or the best of the choices)."""
    mid = st.hall[rank - 1] if 1 <= rank <= len(st.hall) else None
    if mid is None or mid in ("", STONE) or table().cards[mid].mon is None:
        return Preview()
    f = battle.prepare(st, rank, explain=True)
    if split is not None:
        r = battle.finish(f, split)
    elif st.variants.get("disease") == "printed":
        r = battle.finish(f, max(st.split, 0))
    else:
        r = battle.best_split(f)
    consequences = fight_consequences(st, f, r)
    if split is None and st.variants.get("disease") != "printed" and f.kmax > f.kmin:
        consequences.insert(0, Message("deckbuilder.preview.split_next",
                                       {"player": st.current, "count": f.diseases}))
    return Preview(breakdowns=(battle.breakdown(f, r),), consequences=tuple(consequences),
                   detail={"win": r.win, "attack": r.total, "health": f.monster.health,
                           "split": r.split, "physical": r.physical, "magic": r.magic})


def preview(rules: Any, st: DeckState, seat: int | None, action: Action) -> Preview:
    """Returns what ``action`` of the current player would do now."""
    kind = action.kind
    cards = table().cards
    if kind == "buy" and st.phase == VILLAGE:
        pile = st.piles.get(str(action.get("card")))
        if not pile:
            return Preview()
        price = cards[pile[-1]].cost
        return Preview(cost=(Breakdown(Message("deckbuilder.preview.gold"), price),),
                       detail={"gold_left": rules.gold_total(st) - st.spent - price})
    if kind == "level" and st.phase == VILLAGE:
        i = action.get("card")
        if not isinstance(i, int) or not 0 <= i < len(st.play) or st.play[i] is None:
            return Preview()
        c = cards[str(st.play[i])]
        cost = MILITIA_LEVEL_COST if c.hclass == MILITIA else c.xp_cost
        return Preview(cost=(Breakdown(Message("deckbuilder.preview.xp"), cost),))
    if kind == "attack" and st.phase == DUNGEON and isinstance(action.get("rank"), int):
        return _fight_preview(st, int(action["rank"]), None)
    if kind == "diseases" and st.phase == SPLIT and isinstance(action.get("magic"), int):
        return _fight_preview(st, st.target, int(action["magic"]))
    return Preview()


class DeckPreviews:
    """The deck-builder's ``annotate``, mixed into DeckRules."""

    __slots__ = ()

    def annotate(self, state: DeckState, seat: int | None, actions: list[Action]
                 ) -> list[Preview]:
        """Returns the preview of each action (see the module docstring)."""
        return [preview(self, state, seat, a) for a in actions]
