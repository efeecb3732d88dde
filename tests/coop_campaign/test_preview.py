"""Attack previews with rerolls folded in, checked against a brute force over every die face
and every choice of die to reroll (issue #14: "the exact expected damage per target zone (with
and without empowerment, rerolls)")."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from engine.rules.coop_campaign import tableau as T
from tests.coop_campaign.helpers import RULES, legal, mission, put, river

AXE_FIRST_FIRE_CORE = ["barb_axe", "barb_taunt", "barb_disengage", "barb_slash", "barb_leap",
                       "barb_smite"]


def _worth(faces: tuple[str, ...], emp: bool, shield: int, need: int) -> int:
    swords = sum(f.count("S") for f in faces)
    comets = sum(f.count("C") for f in faces) if emp else 0
    return min(max(0, swords + comets - shield), need)


def _best(faces: tuple[str, ...], rerolls: int, value: object) -> Fraction:
    """Returns the best expectation of ``value(faces)`` when up to ``rerolls`` rerolls of any
    die may follow, each binding (no shortcut: every die is tried)."""
    out = Fraction(value(faces))  # type: ignore[operator]
    if rerolls:
        for j in range(len(faces)):
            again = sum((_best(faces[:j] + (f,) + faces[j + 1:], rerolls - 1, value)
                         for f in T.ATTACK_FACES), Fraction(0)) / 6
            out = max(out, again)
    return out


def _brute(dice: int, rerolls: int, value: object) -> Fraction:
    rolls = list(product(T.ATTACK_FACES, repeat=dice))
    return sum((_best(r, rerolls, value) for r in rolls), Fraction(0)) / len(rolls)


def _axe_row(st, uid):
    action = next(a for a in legal(st, "play") if a["tile"] == "barb_axe"
                  and a["picks"][0][1] == ((uid, 0),))
    preview = RULES.annotate(st, 0, [action])[0]
    attack = preview.detail["attacks"][0]
    return preview, attack, attack["targets"][0]


def test_expected_damage_folds_in_the_attacks_rerolls_with_and_without_empowerment() -> None:
    st = mission()
    river(st, 0, AXE_FIRST_FIRE_CORE)  # core fire: the raider's fire zone is empowered
    st.heroes[0].mana = 2
    uid = put(st, "orc_raider", "N")  # 4 boxes, shield 2: the axe is ranged
    preview, attack, row = _axe_row(st, uid)
    assert attack["rerolls"] == row["rerolls"] == 1 and row["dice"] == 2
    assert row["empowered"] is True

    def dmg(emp):
        return lambda f: _worth(f, emp, 2, 4)

    def ko(emp):
        return lambda f: int(_worth(f, emp, 2, 4) >= 4)

    plain, strong = _brute(2, 1, dmg(False)), _brute(2, 1, dmg(True))
    assert row["expected_plain_rerolls"] == pytest.approx(float(plain), abs=5e-4)
    assert row["expected_empowered_rerolls"] == pytest.approx(float(strong), abs=5e-4)
    assert row["expected_rerolls"] == row["expected_empowered_rerolls"]
    assert Fraction(*row["damage_exact_rerolls"]) == strong  # exact, not only rounded
    assert Fraction(*row["knockout_rerolls"]) == _brute(2, 1, ko(True))
    assert row["knockout_rerolls"][1] == 6 ** 3
    # the first roll alone, as before, and the reroll is worth something here
    assert Fraction(*row["damage_exact"]) == _brute(2, 0, dmg(True))
    assert row["expected_rerolls"] > row["expected"]
    assert len(preview.odds) == len(preview.breakdowns) == 1  # one per target row, first roll


def test_two_rerolls_and_a_plain_zone_match_the_brute_force() -> None:
    st = mission()
    river(st, 0, AXE_FIRST_FIRE_CORE)
    st.heroes[0].mana = 2
    uid = put(st, "goblin_cutthroat", "E")  # 4 boxes, water: not empowered by fire
    st.enemy(uid).damage[0] = 2  # two boxes left: overflow is lost
    st.loot["grey"].draw_pile.remove("lucky_coin.1")
    st.heroes[0].items.append("lucky_coin.1")  # a quick reroll item: counted, not folded in
    st.heroes[0].poison = ["barb_axe", 0, 1, False]  # one more reroll on this tile
    _preview, attack, row = _axe_row(st, uid)
    assert row["rerolls"] == 2 and row["empowered"] is False
    assert attack["item_rerolls"] == 1
    expected = _brute(2, 2, lambda f: _worth(f, False, 0, 2))
    assert Fraction(*row["damage_exact_rerolls"]) == expected
    assert Fraction(*row["knockout_rerolls"]) == _brute(
        2, 2, lambda f: int(_worth(f, False, 0, 2) >= 2))


def test_the_wolfs_attack_is_previewed_too() -> None:
    st = mission("huntress,wizard")
    h = st.heroes[0]
    river(st, 0, ["hun_unleash", "hun_volley", "hun_aim", "hun_howl", "hun_pin", "hun_stride"])
    h.mana = 3
    uid = put(st, "goblin_cutthroat", "E")
    action = next(a for a in legal(st, "play") if a["tile"] == "hun_unleash"
                  and a["picks"][0] == "E")
    preview = RULES.annotate(st, 0, [action])[0]
    (attack,) = preview.detail["attacks"]
    assert attack["wolf"] is True and attack["rerolls"] == 0
    row = attack["targets"][0]
    assert row["uid"] == uid and row["dice"] == 2
    emp = row["empowered"]
    assert Fraction(*row["damage_exact"]) == _brute(2, 0, lambda f: _worth(f, emp, 0, 4))
    assert row["expected_rerolls"] == row["expected"]


def _rows_and_breakdowns(st):
    """Returns (row, breakdown) of every attack target of every legal hero action."""
    actions = [a for a in RULES.legal_actions(st) if a.kind in ("play", "standard")]
    out = []
    for preview in RULES.annotate(st, 0, actions):
        rows = [r for attack in (preview.detail or {}).get("attacks", ())
                for r in attack["targets"]]
        out.extend(zip(rows, preview.breakdowns, strict=True))
    return out


def test_every_expected_damage_breakdown_adds_up_to_its_total() -> None:
    # issue: "Expected damage 1.0 = 2 dice: 2.3" did not add up: the capped overflow was missing
    st = mission()
    river(st, 0, AXE_FIRST_FIRE_CORE)
    st.heroes[0].mana = 5
    capped = put(st, "goblin_cutthroat", "S")  # the barbarian's area: melee and ranged
    st.enemy(capped).damage[0] = 3  # one box left: nearly every roll overflows
    put(st, "orc_raider", "S")  # shield 2: many rolls stop at 0
    pairs = _rows_and_breakdowns(st)
    assert len(pairs) >= 6
    keys = set()
    for row, bd in pairs:
        assert bd.total == row["expected"]
        # the terms add up exactly (to the 3 decimals the preview keeps) ...
        assert round(sum(t.value for t in bd.terms), 3) == bd.total
        # ... and so do the terms as the table shows them (one decimal)
        shown = bd.rounded(1)
        assert round(sum(t.value for t in shown.terms), 1) == shown.total == round(bd.total, 1)
        keys |= {t.label.key for t in bd.terms}
        if row["uid"] == capped:
            assert any(t.label.key == "coop.bd.overflow" and t.value < 0 for t in bd.terms)
    assert {"coop.bd.dice", "coop.bd.overflow", "coop.bd.shield",
            "coop.bd.not_below_zero"} <= keys
    # the capped row of the issue: 2 dice, one box left
    row, bd = next((r, b) for r, b in pairs if r["uid"] == capped and r["dice"] == 2
                   and not r["empowered"])
    assert bd.total == pytest.approx(float(Fraction(*row["damage_exact"])), abs=5e-4)


def test_the_rolled_damage_breakdown_shows_the_lost_overflow() -> None:
    st = mission()
    river(st, 0, AXE_FIRST_FIRE_CORE)
    st.heroes[0].mana = 5
    uid = put(st, "goblin_cutthroat", "S")
    st.enemy(uid).damage[0] = 3
    st.rig["attack"] = ["SC", "SC"]  # 2 swords against one empty box: 1 dealt, 1 lost
    action = next(a for a in legal(st, "play") if a["tile"] == "barb_axe"
                  and a["picks"][0][1] == ((uid, 0),))
    evs = RULES.apply(st, action)
    while st.flow.stack and st.attack is not None:  # the reroll window: keep the roll
        evs += RULES.apply(st, next(a for a in RULES.legal_actions(st) if a.kind == "keep"))
    (dmg,) = [e for e in evs if e.key == "coop.ev.damage"]
    (bd,) = dmg.breakdowns
    assert bd.total == dmg.params["damage"] == sum(t.value for t in bd.terms) == 1
    assert [t.value for t in bd.terms if t.label.key == "coop.bd.overflow"] == [-1]
