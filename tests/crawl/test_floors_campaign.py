"""The extended solitaire campaign on the campaign layer (engine/rules/crawl/floors.py): one game
per floor, carrying the team, its chests and experience (docs/crawl/rules.md, "The campaign on
the campaign layer")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import registry
from engine.ai import make_bot
from engine.content.i18n import Catalog, load_entries
from engine.core.campaign import CampaignRecord, CampaignSession, replay_campaign
from engine.core.errors import MalformedAction, RecordError
from engine.core.protocol import GameConfig
from engine.core.session import Session
from engine.rules.crawl import floors, solo
from engine.rules.crawl import rules as crawl_rules
from engine.rules.crawl.core import fdef
from engine.rules.crawl.state import CrawlState

RULES = registry.rules("crawl")
CONFIG = GameConfig.for_players(1, floors=True)


def _finish(session: Session, seed: int) -> None:
    bot = make_bot("heuristic", "crawl", seed=seed)
    while not session.is_over:
        session.apply(bot.choose(RULES, session.state, 0))


def _campaign(seed: int, games: int | None = None) -> CampaignSession:
    """Plays a campaign with the heuristic bot to its end (or ``games`` finished floors)."""
    camp = CampaignSession.start("crawl", "floors", CONFIG, seed)
    while not camp.over and (games is None or camp.index < games):
        _finish(camp.current, seed + camp.index)
        camp.advance()
    return camp


def _carry(**changes: Any) -> dict[str, Any]:
    carry = {"floor": 2, "xp": 20, "levels": 1,
             "heroes": [{"hero": "brannoc", "level": 2, "where": "team"},
                        {"hero": "nessa", "level": 1, "where": "left"}],
             "chests": [{"kind": "oak_coffer", "treasure": 2, "used": False, "safe": True}]}
    carry.update(changes)
    return carry


def test_a_seeded_campaign_plays_several_floors_and_its_record_replays() -> None:
    camp = _campaign(29)
    assert camp.over and len(camp.finished) >= 3
    assert [c["floor"] for c in camp.carries] == list(range(2, len(camp.finished) + 2))
    for i, record in enumerate(camp.finished):
        # each floor its own game: the first from the chosen set-up, the others carried
        assert record.config.carry == (camp.carries[i - 1] if i else None)
    for outcome in camp.outcomes[:-1]:
        assert outcome.reason is not None and outcome.reason.key == "crawl.end.floor_done"
    outcome = camp.outcome()
    assert outcome is not None and outcome.reason is not None
    assert outcome.reason.params["floors"] == len(camp.finished)
    data = json.loads(json.dumps(camp.record().to_json()))
    again = replay_campaign(CampaignRecord.from_json(data))
    assert again.over and again.carries == camp.carries and again.outcome() == outcome
    assert [r.hashes for r in again.finished] == [r.hashes for r in camp.finished]


def test_a_campaign_saved_on_its_second_floor_replays_and_plays_on() -> None:
    camp = _campaign(29, games=1)
    session = camp.current
    assert session.state.supply["floor"] == 2 and session.config.carry == camp.carries[0]
    bot = make_bot("heuristic", "crawl", seed=1)
    for _ in range(60):
        session.apply(bot.choose(RULES, session.state, 0))
    data = json.loads(json.dumps(camp.record().to_json()))
    again = replay_campaign(CampaignRecord.from_json(data))
    assert again.index == 1 and again.current.hashes == session.hashes
    _finish(again.current, 2)
    again.advance()


def test_a_floor_ends_after_hiring_and_stashing_and_carries_the_team_out() -> None:
    # seed 004: "Sobald die Etage gesäubert wurde, kannst du neue Mitglieder ... anheuern" and
    # "Du darfst dich entscheiden, einen oder mehrere Schätze nicht mit ins Dungeon zu nehmen":
    # both are the last steps of the cleared floor's game.
    session = Session.start("crawl", CONFIG, 6)
    bot = make_bot("heuristic", "crawl", seed=6)
    hired = []
    while not session.is_over and not session.state.setup.get("stash"):
        events = session.apply(bot.choose(RULES, session.state, 0))
        hired += [e.params["hero"] for e in events if e.key == "crawl.event.hired"]
    state = session.state
    assert state.setup.get("stash") and not session.is_over and len(hired) == 1
    loose = solo.loose_chests(state)
    session.apply(session.rules.legal_actions(state)[0])  # leave the first chest behind
    session.apply(next(a for a in RULES.legal_actions(session.state)
                       if a.kind == "done_stashing"))
    assert session.is_over and session.state.reason == "floor_done"
    outcome = RULES.outcome(session.state)
    assert outcome is not None and outcome.winners == (0,)
    carry = RULES.carry_out(session.state)
    assert carry["floor"] == 2
    team = [f for f in session.state.figures if f.hero and f.where == "below"]
    assert [h["hero"] for h in carry["heroes"] if h["where"] == "team"] == [f.did for f in team]
    assert carry["heroes"][-1] == {"hero": hired[0], "level": 1, "where": "team"}
    stashed = session.state.chest(loose[0])
    assert {"kind": stashed.did, "treasure": stashed.treasure, "used": stashed.used,
            "safe": True} in carry["chests"]
    # The next floor starts from the carry: the team outside the new dungeon, healed to its
    # levels, the chests held, the entrance to choose.
    nxt = RULES.new_game(CONFIG.with_carry(carry), 9)
    assert floors.carry_out(nxt)["heroes"] == carry["heroes"]
    assert sorted(RULES.carry_out(nxt)["chests"], key=str) == sorted(carry["chests"], key=str)
    assert nxt.phase == "entrances" and nxt.supply["floor"] == 2 and solo.is_campaign(nxt)
    for f in nxt.figures:
        if f.hero and f.where == "outside":
            assert f.click == fdef(f).level_starts[f.level - 1]


@pytest.mark.parametrize("change, words", [
    ({"floor": "2"}, "carry.floor: expected a whole number"),
    ({"gold": 5}, "unknown fields ['gold']"),
    ({"heroes": [{"hero": "brannoc", "level": 2}]}, "'where' is missing"),
    ({"chests": [{"kind": "oak_coffer", "treasure": 2, "used": False, "safe": "yes"}]},
     "carry.chests[0].safe: expected true or false"),
    ({"floor": 1}, "the second or a later one"),
    ({"xp": -5}, "not negative"),
    ({"heroes": [{"hero": "nobody", "level": 1, "where": "team"}]}, "no hero 'nobody'"),
    ({"heroes": [{"hero": "brannoc", "level": 6, "where": "team"}]}, "no level 6"),
    ({"heroes": [{"hero": "brannoc", "level": 1, "where": "below"}]}, "where is one of"),
    ({"heroes": [{"hero": "brannoc", "level": 1, "where": "team"}] * 2}, "twice"),
    ({"heroes": [{"hero": "brannoc", "level": 1, "where": "out"}]}, "a team of 1 to 4"),
    ({"heroes": [{"hero": h, "level": 1, "where": "team"}
                 for h in ("brannoc", "nessa", "tamsin", "duvan", "gorvash")]}, "1 to 4"),
    ({"chests": [{"kind": "pirate_gold", "treasure": 0, "used": False, "safe": False}]},
     "no chest 'pirate_gold'"),
    ({"chests": [{"kind": "oak_coffer", "treasure": 6, "used": False, "safe": False}]},
     "no treasure setting 6"),
])
def test_a_bad_carry_is_refused_naming_the_place(change: dict[str, Any], words: str) -> None:
    RULES.check_config(CONFIG.with_carry(_carry()))  # the good one plays
    with pytest.raises(MalformedAction, match=words.replace("[", r"\[").replace("]", r"\]")):
        RULES.check_config(CONFIG.with_carry(_carry(**change)))


@pytest.mark.parametrize("config", [
    GameConfig.for_players(1).with_carry(_carry()),  # a carried floor needs the campaign
    GameConfig.for_players(2, floors=True).with_carry(_carry()),  # solitaire only
    GameConfig.for_players(1, campaign=True, floors=True),  # the old form is no floor game
])
def test_a_carry_outside_the_solitaire_campaign_is_refused(config: GameConfig) -> None:
    with pytest.raises(MalformedAction):
        RULES.check_config(config)


def test_a_tampered_carry_in_a_campaign_save_is_the_campaign_error() -> None:
    camp = _campaign(29, games=1)
    text = json.dumps(camp.record().to_json())
    replay_campaign(CampaignRecord.from_json(json.loads(text)))  # as saved, it loads
    data = json.loads(text)
    data["carries"][0]["xp"] += 50  # more experience than the first floor gave
    with pytest.raises(RecordError) as err:
        replay_campaign(CampaignRecord.from_json(data))
    assert err.value.key == "save.mismatch"
    data = json.loads(text)  # the second floor set up with a carry that does not fit
    data["carries"][0]["heroes"][0]["level"] = "five"
    data["games"][1]["config"]["carry"] = data["carries"][0]
    with pytest.raises(RecordError) as err:
        replay_campaign(CampaignRecord.from_json(data))
    assert err.value.key == "save.mismatch"


def test_the_between_floors_lines_read_in_both_languages() -> None:
    carry = _carry(heroes=[{"hero": "brannoc", "level": 2, "where": "team"},
                           {"hero": "nessa", "level": 1, "where": "left"},
                           {"hero": "tamsin", "level": 3, "where": "team"}],
                   chests=[{"kind": "oak_coffer", "treasure": 2, "used": False, "safe": True},
                           {"kind": "oak_coffer", "treasure": 1, "used": True, "safe": False},
                           {"kind": "oak_coffer", "treasure": 3, "used": False, "safe": False}])
    lines = RULES.carry_lines(carry)
    keys = [m.key for m in lines]
    assert keys == ["crawl.carry.floor", "crawl.carry.hero", "crawl.carry.hero",
                    "crawl.carry.left", "crawl.carry.along", "crawl.carry.stash",
                    "crawl.carry.xp"]  # nobody knocked out: no line for it
    texts = {}
    for lang in ("de", "en"):
        catalog = Catalog(lang, load_entries(lang))
        texts[lang] = [catalog.t(m.key, **m.params) for m in lines]
        assert all("{" not in t and m.key not in t for t, m in zip(texts[lang], lines,
                                                                     strict=True)), texts
    assert "Brannoc" in texts["en"][1] and "2" in texts["en"][1]
    assert texts["de"][4] != texts["en"][4] and "2" in texts["en"][4]  # two chests along
    assert "1" in texts["en"][5] and "chest," in texts["en"][5]  # one left behind


def test_the_set_up_offers_the_campaign_floors_not_the_old_option() -> None:
    ids = [o.id for o in RULES.options]
    assert "floors" in ids and "campaign" not in ids
    assert [c.id for c in RULES.campaigns] == ["floors"]
    camp = RULES.campaigns[0]
    assert camp.applies(CONFIG) and not camp.applies(GameConfig.for_players(2, floors=True))
    # An old save's option still loads; a multi-player set-up ignores the solitaire campaign.
    RULES.check_config(GameConfig.for_players(1, campaign=True))
    state = RULES.new_game(GameConfig.for_players(2, floors=True), 1)
    assert not solo.is_campaign(state)


def _play_floor(state: CrawlState, seed: int) -> list[str]:
    """Returns the event keys of a floor played by the heuristic bot until it ends or the next
    floor is laid in the same state."""
    bot = make_bot("heuristic", "crawl", seed=seed)
    floor = state.supply["floor"]
    keys: list[str] = []
    while not RULES.is_over(state) and state.supply["floor"] == floor:
        keys += [e.key for e in RULES.apply(state, bot.choose(RULES, state, 0))]
    return keys


@pytest.mark.parametrize("seed, options", [(15, {}), (6, {}),
                                           (1, {"board": "builder", "survival": True})])
def test_a_carried_floor_plays_as_the_in_state_campaigns_next_floor(
        seed: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    # The in-state campaign (saves made before) played floor after floor in one state; the
    # carried floor, given the random numbers that state had when it laid the next floor, is
    # set up the same and plays the same, to the end of that floor.
    taken: list[Any] = []
    lay = solo.start_floor

    def spy(s: CrawlState, events: list[Any]) -> None:
        if not taken:
            taken.append((floors.carry_out(s), s.rng.clone()))
        lay(s, events)
        if len(taken) == 1:
            taken.append(RULES.clone(s))

    monkeypatch.setattr(solo, "start_floor", spy)
    state = RULES.new_game(GameConfig.for_players(1, campaign=True, **options), seed)
    bot = make_bot("heuristic", "crawl", seed=seed)
    while not taken:
        RULES.apply(state, bot.choose(RULES, state, 0))
    (carry, rng), old = taken
    monkeypatch.setattr(crawl_rules, "Rng", lambda _seed: rng.clone())
    new = RULES.new_game(GameConfig.for_players(1, floors=True, **options).with_carry(carry), 0)
    monkeypatch.undo()

    def team(s: CrawlState) -> list[Any]:
        return [(f.did, f.level, f.where, f.click if f.where == "outside" else None)
                for f in s.figures if f.hero]

    assert team(new) == team(old)
    assert {**old.supply, "floor_game": True} == new.supply
    assert (new.phase, new.setup, new.layout, new.round) == (old.phase, old.setup, old.layout,
                                                             old.round)
    before, after = _play_floor(old, 7), _play_floor(new, 7)
    if old.over:  # the campaign ended on this floor
        assert after == before
    else:  # the old state laid the next floor where the floor's game ends
        assert before[-1] == "crawl.event.new_floor" and after[-1] == "crawl.event.game_over"
        assert after[:-1] == before[:-1] and new.reason == "floor_done"
