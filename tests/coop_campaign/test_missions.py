"""Whole missions: invariants over seeded bot missions, the end of a tile, previews, the CLI,
content validation, bot strength."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.ai.base import make_bot, seat_seed
from engine.content.loader import validate_game_content
from engine.core.protocol import GameConfig
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from tests.coop_campaign.helpers import RULES, act, events, legal, mission, put, river

ROOT = Path(__file__).resolve().parents[2]


def _cards(st) -> list[str]:
    out = []
    for group in (st.decks, st.loot):
        for d in group.values():
            out += d.draw_pile.cards + d.discard_pile.cards
    for h in st.heroes:
        out += h.items
    out += [e.card for e in st.enemies.values()]
    return out


def check_invariants(st) -> None:
    """Asserts the invariants of a mission state."""
    for i, h in enumerate(st.heroes):
        assert 0 <= h.mana <= T.mana_max(h), (i, h.mana)
        assert 0 <= h.hp <= T.hp_max(h) and 0 <= h.armor <= T.armor_cap(h)
        river = list(h.river)
        r = st.resolving
        if r is not None and r["hero"] == i and r["source"] == "tile" and r["id"] not in river:
            river.append(r["id"])
        assert sorted(river) == sorted(C.hero(h.hid).actions), (i, h.river)
        # over capacity only while a drop is asked, or once the tile is won (sorted in camp)
        assert len(h.items) <= T.carry(h) or E.sorted_in_camp(st) or any(
            d.kind in ("drop", "offer") for d in st.flow.stack)
    cards = _cards(st)
    dupes = [c for c, n in Counter(cards).items() if n > 1]
    assert not dupes, dupes
    placed = [u for d in T.RING for u in st.columns[d]]
    assert sorted(placed) == sorted(int(k) for k in st.enemies)
    for d in T.RING:
        assert all(st.enemy(u).area == d for u in st.columns[d])


def play_mission(players: int, seed: int, bot: str = "heuristic", **options):
    """Plays a whole mission with bots, checking the invariants at every step."""
    config = GameConfig.for_players(players, **options)
    st = RULES.new_game(config, seed)
    first = sorted(_cards(st))
    bots = [make_bot(bot, "coop_campaign", seed=seat_seed(seed, s)) for s in range(players)]
    steps = 0
    while not RULES.is_over(st):
        check_invariants(st)
        seat = RULES.current_actor(st)
        RULES.apply(st, bots[seat].choose(RULES, st, seat))
        steps += 1
        assert steps < 5000
    check_invariants(st)
    assert set(_cards(st)) <= set(first)
    return st


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_seeded_bot_missions_keep_the_invariants(players: int) -> None:
    for seed in range(6):
        options = {"tile": ("bridge", "glade")[seed % 2], "hard": seed % 3 == 0,
                   "theme": ("tile", "graveyard")[seed % 4 == 1]}
        st = play_mission(players, seed, ("heuristic", "random")[seed % 2], **options)
        assert st.result in ("won", "lost")


@pytest.mark.long
def test_a_thousand_seeded_bot_missions_keep_the_invariants() -> None:
    for seed in range(int(os.environ.get("COOP_MISSIONS", "1000"))):
        players = 1 + seed % 4
        play_mission(players, seed, ("heuristic", "random")[seed % 5 == 0],
                     tile=("bridge", "glade")[seed % 2], hard=seed % 3 == 0)


def test_solo_is_one_seat_with_two_heroes() -> None:
    st = RULES.new_game(GameConfig.for_players(1), 3)
    assert [h.seat for h in st.heroes] == [0, 0]
    assert RULES.sides(GameConfig.for_players(3)) == (0, 0, 0)
    assert not RULES.private_information


def test_t20_surviving_the_last_round_gives_the_rewards() -> None:
    st = mission()
    st.round = 7  # the last field is next
    for h in st.heroes:
        h.hp = 2
    st.stage = "start"
    st.active = -1
    ev: list = []
    st.rig = {"defence": [True] * 20}
    E.pump(RULES, st, ev)
    while not RULES.is_over(st):
        top = st.flow.top
        if top is not None:
            RULES.apply(st, RULES.legal_actions(st)[0])
        else:
            act(st, "end")
    assert st.result == "won"
    assert all(h.hp == 5 for h in st.heroes)  # Heal 2, +1 for the saved hermit
    assert "saved_hermit" in st.boxes
    assert all(len(h.items) == 2 for h in st.heroes)  # one grey loot each


def test_preview_gives_costs_and_expected_damage_per_zone() -> None:
    st = mission()
    river(st, 0, ["barb_slash", "barb_smite", "barb_taunt", "barb_disengage", "barb_leap",
                  "barb_axe"])  # core fire
    st.heroes[0].mana = 3
    gob, orc = put(st, "goblin_cutthroat", "S"), put(st, "orc_raider", "S")
    action = next(a for a in legal(st, "play") if a["tile"] == "barb_slash"
                  and len(a["picks"][0][1]) == 2)
    p = RULES.annotate(st, 0, [action])[0]
    assert p.cost[0].total == 2 and p.detail["cost"] == 2
    rows = {r["uid"]: r for r in p.detail["attacks"][0]["targets"]}
    # 2 dice: swords 4/6 each; the fire core empowers the raider (comets 3/6 each), shield 2
    assert rows[gob]["expected"] == pytest.approx(4 / 3, abs=1e-3)
    assert rows[gob]["empowered"] is False and rows[orc]["empowered"] is True
    assert rows[gob]["expected_empowered"] > rows[gob]["expected_plain"]
    assert rows[orc]["expected_plain"] == 0  # at most 2 swords against shield 2
    # empowered: each die is worth 0/1/2 with 1/6, 3/6, 2/6; E[max(0, total - 2)] = 20/36
    assert rows[orc]["expected"] == pytest.approx(20 / 36, abs=1e-3)
    assert rows[orc]["knockout"] == [0, 36]
    assert p.odds and all(o.out_of == 36 for o in p.odds)
    json.dumps(p.to_json())


def test_simulate_plays_one_mission_per_player_count() -> None:
    for players in (1, 4):
        out = subprocess.run([sys.executable, "-m", "engine", "simulate", "--game",
                              "coop_campaign", "--players", str(players), "--bot",
                              "heuristic"], capture_output=True, text=True, cwd=ROOT,
                             timeout=120)
        assert out.returncode == 0, out.stderr
        assert "1 finished" in out.stdout


def test_the_heuristic_bot_beats_random_play() -> None:
    wins = Counter()
    for seed in range(12):
        for bot in ("heuristic", "random"):
            st = play_mission(2, 100 + seed, bot)
            wins[bot] += st.result == "won"
    assert wins["heuristic"] >= 8 and wins["heuristic"] > wins["random"] + 3, wins


def test_same_seed_same_mission() -> None:
    a = play_mission(2, 7)
    b = play_mission(2, 7)
    assert RULES.state_hash(a) == RULES.state_hash(b)


def test_content_errors_are_reported_with_their_place(tmp_path: Path) -> None:
    src = ROOT / "data" / "coop_campaign"
    dst = tmp_path / "coop_campaign"
    dst.mkdir()
    for f in src.glob("*.yaml"):
        text = f.read_text(encoding="utf-8")
        if f.name == "enemies.yaml":
            text = text.replace("    attack: 3\n    keywords: [range]\n    target: lowest_hp",
                                "    attack: 3\n    keywords: [ranged]\n    target: lowest_hp\n"
                                "    colour: red")
        if f.name == "actions.yaml":
            text = text.replace("{type: taunt, count: 1}", "{type: taunt, cout: 1}")
        (dst / f.name).write_text(text, encoding="utf-8")
    problems = validate_game_content("coop_campaign", tmp_path)
    text = "\n".join(problems)
    assert "enemies.yaml:" in text and "colour" in text and "ranged" in text
    assert "actions.yaml:" in text and "cout" in text
    assert validate_game_content("coop_campaign") == []


def test_every_effect_sits_where_its_type_belongs() -> None:
    from engine.rules.coop_campaign.effects import ACTION_EFFECTS, ITEM_EFFECTS, TILE_EFFECTS

    for a in C.all_of("action"):
        for side in (a.base, a.upgraded):
            assert all(e.type in ACTION_EFFECTS for e in side.effects), a.id
    for h in C.all_of("hero"):
        assert len(h.actions) == 6 and sum(C.action(x).ultimate for x in h.actions) == 1
        for s in h.standard:
            assert all(e.type in ACTION_EFFECTS for e in s.effects), h.id
    for i in C.all_of("item"):
        assert all(e.type in ITEM_EFFECTS for e in i.use), i.id
    for t in C.all_of("tile"):
        assert all(e.type in TILE_EFFECTS for e in t.rewards), t.id
        assert sorted(a.dir for a in t.areas) == sorted(T.RING)


def test_names_reach_the_log_in_both_languages() -> None:
    st = mission()
    gob = put(st, "goblin_cutthroat", "S")
    st.heroes[0].river = ["barb_slash", "barb_smite", "barb_taunt", "barb_disengage",
                          "barb_axe", "barb_leap"]
    st.heroes[0].mana = 3
    st.rig = {"attack": ["S", "S"]}
    ev = act(st, "play", tile="barb_slash", picks=[("greatblade.h1", ((gob, 0),))])
    played = events(ev, "play")[0].params
    assert played["tile_name"] == {"en": "Wide Sweep", "de": "Weiter Hieb"}
    assert events(ev, "damage")[0].params["card_name"]["de"] == "Moormesserer"
    assert events(ev, "damage")[0].breakdowns
    st.heroes[0].mana = 2
    ev = act(st, "standard", action="leap", picks=["W"])
    assert events(ev, "jump")[0].params["to_name"] == {"en": "Watchtower", "de": "Wachturm"}
