"""The hero tableau and the river: costs by position, cooldown, the Active Core, levels, mana
(seed 001, 1.1, 3.2.1–3.2.2, 5.1; spec T-01, T-02, T-03, T-13, T-14)."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from tests.coop_campaign.helpers import RULES, act, events, legal, mission, play, put, river

BARB = ["barb_smite", "barb_taunt", "barb_disengage", "barb_axe", "barb_slash", "barb_leap"]


def _costs(st) -> dict[str, int]:
    h = st.heroes[0]
    return {h.river[s]: sum(T.tile_cost(h, s)) for s in range(4)}


def test_t01_barbarian_costs_and_cooldown() -> None:
    # seed 001, 3.2.2 example: Smite 3 (with its +1), Taunt 2, Disengage 3, Throwing Axe 3
    st = mission()
    river(st, 0, BARB)
    st.heroes[0].mana = 5
    assert _costs(st) == {"barb_smite": 3, "barb_taunt": 2, "barb_disengage": 3, "barb_axe": 3}
    playable = {a["tile"] for a in legal(st, "play")}
    assert "barb_slash" not in playable and "barb_leap" not in playable
    why = RULES.explain(st, 0, Action.make("play", tile="barb_slash", picks=[None])).refused
    assert why is not None and why.key == "coop.rule.cooldown"
    h = st.heroes[0]
    assert [T.standard_cost(h, s) for s in ("brace", "basic", "leap")] == [1, 2, 2]


def test_t02_playing_taunt_shifts_the_river() -> None:
    st = mission()
    river(st, 0, BARB)
    st.heroes[0].mana = 5
    put(st, "orc_raider", "N")
    pick = legal(st, "play")
    taunt = next(a for a in pick if a["tile"] == "barb_taunt")
    RULES.apply(st, taunt)
    h = st.heroes[0]
    assert h.river == ["barb_smite", "barb_disengage", "barb_axe", "barb_slash", "barb_leap",
                       "barb_taunt"]
    assert _costs(st) == {"barb_smite": 3, "barb_disengage": 2, "barb_axe": 3, "barb_slash": 3}
    assert T.core(h) == "nature" and h.mana == 3


def test_t03_the_core_is_the_previous_tile_and_basic_attack_has_none() -> None:
    st = mission()
    river(st, 0, ["barb_axe", "barb_smite", "barb_taunt", "barb_disengage", "barb_slash",
                  "barb_leap"])
    st.heroes[0].mana = 5
    uid = put(st, "orc_raider", "N")
    st.rig = {"attack": ["S", "S"]}
    ev = play(st, "barb_axe", ("greatblade.h1", ((uid, 0),)))
    roll = events(ev, "roll") or events(ev, "roll")
    assert roll[0].params["core"] == "nature"  # Leap Strike in the core slot
    if st.flow.stack:
        act(st, "keep")
    assert T.core(st.heroes[0]) == "fire"
    st.rig = {"attack": ["SC", "SC"]}
    near = put(st, "orc_raider", st.heroes[0].area)
    ev = act(st, "standard", action="basic", picks=[("greatblade.h1", ((near, 0),))])
    if st.flow.stack:
        act(st, "keep")
    # Basic Attack: the standard action enters no river slot, so the core stays, and the
    # attack is never empowered (its roll names no core)
    assert events(ev, "roll")[0].params["core"] is None and T.core(st.heroes[0]) == "fire"


def test_play_is_refused_without_mana_and_nothing_changes() -> None:
    st = mission()
    river(st, 0, BARB)
    st.heroes[0].mana = 1
    before = RULES.state_hash(st)
    try:
        RULES.apply(st, Action.make("play", tile="barb_taunt", picks=[None, None]))
    except IllegalAction as exc:
        assert exc.rule == "coop.rule.mana"
    else:
        raise AssertionError("a tile played without mana")
    assert RULES.state_hash(st) == before


def test_advance_track_moves_the_leftmost_tile_to_the_core() -> None:
    st = mission()
    h = st.heroes[1]
    st.active = 1
    h.mana = 5
    first = h.river[0]
    act(st, "standard", action="attune", picks=[None])
    assert h.river[-1] == first and T.core(h) == T.side(h, first).element


def test_t13_level_from_flips_and_a_level_up_mid_tile() -> None:
    st = mission()
    h = st.heroes[0]
    h.flipped = ["barb_axe", "barb_slash"]
    assert (T.level(h), T.hp_max(h), T.mana_max(h), T.armor_cap(h), T.carry(h),
            T.regen(h)) == (3, 6, 6, 1, 4, 3)
    h.flipped = ["barb_axe"]
    h.hp = 3
    E.level_up(st, [], 0, "barb_slash")
    assert (h.hp, T.hp_max(h)) == (4, 6)


def test_t14_mana_regeneration() -> None:
    st = mission()
    h = st.heroes[0]
    assert h.mana == 3  # tile start: 0 available, round 1 regenerates 3
    for spent, gain, flips in ((2, 2, 0), (5, 3, 0), (6, 4, 4)):
        h.flipped = BARB[:flips]
        h.mana = T.mana_max(h) - spent
        before = h.mana
        st.stage = "start"
        st.active = -1
        E.start_round(st, [])
        assert h.mana - before == gain, (spent, flips)
        st.round = 0


def test_several_actions_per_activation_while_mana_lasts() -> None:
    st = mission()
    river(st, 0, BARB)
    st.heroes[0].mana = 5
    act(st, "standard", action="brace", picks=[None])
    assert st.heroes[0].armor == 1 and st.active == 0
    assert not [a for a in legal(st, "standard") if a["action"] == "brace"]  # supply empty
    act(st, "standard", action="leap", picks=["N"])
    assert st.heroes[0].area == "N" and st.heroes[0].mana == 2 and st.active == 0
    act(st, "end")
    assert st.active == 1
