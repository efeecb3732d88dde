"""The fast paths of the heroes battle give exactly what the plain rules they stand for give.

Card plays listed from per-card mode conditions (and a per-hand filter cache) are compared with
the plain definition (every mode of every card in hand judged by ``playable`` and
``mode_targets``); the bot's attack search (targets and squares read from the legal actions, one
score per target unless a charge makes the distance count) with the earlier search that scored
every square at its true distance; ``quick_values`` with ``prepare_hit``; the unit faces with the
content. The positions come from seeded skirmishes between heuristic and random bots.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.ai import make_bot
from engine.core.actions import Action
from engine.core.protocol import GameConfig
from engine.rules.heroes import RULES, cards, combat
from engine.rules.heroes import board as B
from engine.rules.heroes import content as C
from engine.rules.heroes.battle import RULES as BATTLE
from engine.rules.heroes.battle import setup
from engine.rules.heroes.bots import HeroesBot, attack_score
from engine.rules.heroes.moves import attack_targets, move_squares, move_steps
from engine.rules.heroes.state import BATTLE as BATTLE_PHASE
from engine.rules.heroes.state import BattleState

OPTIONS = ({}, {"level": 7, "budget": 80, "hero_1": "magic", "hero_2": "magic"},
           {"siege": True}, {"opponent": "neutral", "field": 6, "difficulty": "expert"})
# Sunward's lancers, whose Pack charges: the one score that counts the squares moved
LANCERS = [("lancer", True), ("pike_guard", True), ("crossbowman", True), ("stormwing", False)]


def _battles(games: int = 20) -> Iterator[BattleState]:
    """Yields the battle state before every decision of seeded skirmishes."""
    for seed in range(games):
        config = GameConfig.for_players(2, mode="skirmish", **OPTIONS[seed % len(OPTIONS)])
        kinds = ("heuristic", "random") if seed % 3 == 2 else ("heuristic", "heuristic")
        bots = [make_bot(kinds[p], "heroes", seed=seed + p) for p in range(2)]
        st = RULES.new_game(config, 500 + seed)
        while not RULES.is_over(st):
            if st.sub is not None:
                yield st.sub.state
            seat = RULES.current_actor(st)
            RULES.apply(st, bots[seat].choose(RULES, st, seat))
    for seed in range(6):
        spec = {"kind": "field", "max_rounds": 12, "sides": [
            setup.hero_side(0, "adelmar", 3, LANCERS),
            setup.hero_side(1, "kasimir", 3, setup.STANDARD_ARMIES["gravemoor"])]}
        bots = [make_bot("heuristic", "heroes_battle", seed=seed + p) for p in range(2)]
        st = BATTLE.new_game(GameConfig.for_players(2, battle=spec), 900 + seed)
        while not BATTLE.is_over(st):
            yield st
            seat = BATTLE.current_actor(st)
            BATTLE.apply(st, bots[seat].choose(BATTLE, st, seat))


def _plain_play_options(st: BattleState, side: int) -> list[Action]:
    """Returns the card plays by the plain definition (the listing before the fast path)."""
    s = st.sides[side]
    out: list[Action] = []
    if not s.hand:
        return out
    inst, act = cards.can_play_now(st, side)
    if not inst and not act:
        return out
    seen: set[str] = set()
    for cid in s.hand:
        if cid in seen:
            continue
        seen.add(cid)
        card = C.card(cid)
        for mode in card.modes:
            if cards.playable(st, side, cid, mode, inst, act) is not None:
                continue
            targets = cards.mode_targets(st, side, card, mode)
            for t in targets or ():
                out.append(cards.play_action(cid, mode, t))
    return out


def _plain_best_attack(st: BattleState, u: Any) -> tuple[float, Any]:
    """Returns the bot's best attack as the earlier search found it (every square scored)."""
    best: tuple[float, Any] = (-99.0, None)
    units, walls = attack_targets(st, u)
    for uid in units:
        s = attack_score(st, u, st.units[uid])
        if s > best[0]:
            best = (s, (u.sq, uid, None))
    if walls and B.utype(u) != "ranged":
        best = max(best, (0.2, (u.sq, -1, walls[0])), key=lambda x: x[0])
    steps = move_steps(st, u)
    if B.utype(u) != "ranged" and steps and not st.attacked:
        home, moved = u.sq, st.moved
        dist = B.reach(st, u, steps)
        for sq in move_squares(st, u, steps):
            near = [e for e in st.units if e.alive and e.side != u.side and e.sq >= 0
                    and e.sq in B.ADJACENT[sq]]
            u.sq, st.moved = sq, dist.get(sq, 1)
            try:
                for e in near:
                    s = attack_score(st, u, e) - 0.05
                    if s > best[0]:
                        best = (s, (sq, e.uid, None))
            finally:
                u.sq, st.moved = home, moved
    return best


def test_fast_paths_match_the_plain_rules_on_seeded_battles() -> None:
    bot = HeroesBot(seed=1)
    plays = attacks = hits = 0
    for st in _battles():
        for side in (0, 1):
            fast: list[Action] = []
            cards.play_options(st, side, fast)
            assert fast == _plain_play_options(st, side)
            plays += len(fast)
        if st.flow.phase != BATTLE_PHASE or st.flow.stack or st.active < 0:
            continue
        u = st.units[st.active]
        legal = BATTLE.legal_actions(st)
        expected = _plain_best_attack(st, u)
        assert bot._best_attack(st, u, legal) == expected
        assert bot._best_attack(st, u) == expected
        attacks += 1
        for t in combat.enemies(st, u.side):
            for retaliation in (False, True):
                h = combat.prepare_hit(st, u, t, retaliation, not retaliation)
                assert combat.quick_values(st, u, t, retaliation, not retaliation) == (
                    h.attack, h.defence, h.pick, h.fixed, h.die_bonus, h.defend, h.protection)
                assert h.attack == sum(x.value for x in h.atk_terms)
                assert h.defence == -sum(x.value for x in h.def_terms)
                hits += 1
    assert plays > 1000 and attacks > 200 and hits > 1000  # the sample reaches the fast paths


def test_unit_faces_read_the_content() -> None:
    for d in C.all_of("unit"):
        for pack in (False, True):
            face = B.FACES[d.id][pack]
            printed = d.pack if pack and d.pack is not None else d.few
            assert face.stats == printed and face.hp == printed.hp
            assert face.type == d.type and face.rank == ("bronze", "silver", "gold",
                                                          "azure").index(d.tier)
            assert face.traits is B.traits_of(d.id, pack and d.pack is not None)
            assert face.below == (d.few.hp if pack and d.pack is not None else 0)


def test_the_attack_search_counts_the_squares_moved_for_a_charge() -> None:
    # a lancer Pack (+1 attack after moving two squares) next to two squares beside its target,
    # one a step away and one three steps away: only the far one earns the charge
    spec = {"kind": "field", "sides": [setup.hero_side(0, "adelmar", 3, []),
                                       setup.hero_side(1, "kasimir", 3, [])]}
    st = BATTLE.new_game(GameConfig.for_players(2, battle=spec), 1)
    BATTLE.setup_scenario(st, {
        "units": [{"unit": "lancer", "side": 0, "pack": True, "square": 4},
                  {"unit": "bone_warrior", "side": 1, "square": 9}],
        "sides": [{"hand": []}, {"hand": []}]})
    u = st.units[st.active]
    assert u.did == "lancer" and B.traits(u).charge == (2, 1)
    legal = BATTLE.legal_actions(st)
    best = HeroesBot(seed=1)._best_attack(st, u, legal)
    assert best == _plain_best_attack(st, u)
    assert best[1][0] in (10, 13) and best[1][1] == 1  # from three squares away, charging
