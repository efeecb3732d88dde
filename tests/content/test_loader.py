"""Loading and validating content: values, every problem kind with file and line, YAML traps."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.content.loader import load_game_content, validate_all, validate_game_content
from engine.content.schema import EffectSpec, FrozenDict, Text
from engine.core.errors import ContentError
from tests.content.conftest import FIXTURES, write_game
from tests.content.testgame import MonsterDef, Reward

GOOD = FIXTURES / "good"
BAD = FIXTURES / "bad"
GROUPS = "monster_group:\n  - id: rats\n    name: {en: Rats, de: Ratten}\n"


def monster(extra: str = "", *, health: str = "3") -> str:
    """Returns one monster entry in YAML (lines 1-5), with extra field lines appended."""
    return ("monster:\n  - id: grave_rat\n    name: {en: Grave Rat, de: Grabratte}\n"
            f"    group: rats\n    health: {health}\n" + extra)


def problems_of(tmp_path: Path, game: str, text: str) -> list[str]:
    """Returns the problems of a toy game made of the groups file and ``text``."""
    data = write_game(tmp_path / "data", {"groups.yaml": GROUPS, "monsters.yaml": text})
    return validate_game_content(game, data)


def test_good_fixture_loads_every_field_type(game: str) -> None:
    content = load_game_content(game, GOOD, use_cache=False)
    assert content.ids("monster") == ["grave_rat", "bone_knight", "cave_bat"]
    assert content.ids("monster_group") == ["rats", "dead", "beasts"]
    rat = content.get("monster", "grave_rat")
    assert isinstance(rat, MonsterDef)
    assert rat.name == {"en": "Grave Rat", "de": "Grabratte"} and isinstance(rat.name, Text)
    assert rat.name.de == "Grabratte"
    assert rat.keywords == ("small", "no")  # quoted "no" stays text
    assert rat.effects == (EffectSpec.make("gain_gold", amount=2),
                           EffectSpec.make("summon", monster="bone_knight", count=2))
    assert rat.reward == Reward(gold=1, weight=2.0) and isinstance(rat.reward.weight, float)
    assert rat.tags == {"bite": 1, "on": 2} and isinstance(rat.tags, FrozenDict)
    assert rat.version == "1.10" and rat.speed == 1.5 and rat.size == (1, 2)
    assert rat.flying is False and rat.kind == "beast" and rat.note is None
    knight = content.get("monster", "bone_knight")
    assert knight.kind == "undead" and knight.allies == ("grave_rat",)
    assert knight.note == Text({"en": "Ignores light.", "de": "Ignoriert Licht."})
    assert knight.effects[0].params["text"].de == "Erhebt euch!"
    bat = content.get("monster", "cave_bat")
    assert bat.light == -1 and bat.flying is True
    assert content.where("monster", "cave_bat").endswith("good/testgame/more/extra.yaml:2")
    assert len(content.hash) == 64 and len(content) == 6


def test_get_and_all_explain_what_is_missing(game: str) -> None:
    content = load_game_content(game, GOOD, use_cache=False)
    with pytest.raises(KeyError, match="no monster 'grave_ra'.*did you mean 'grave_rat'"):
        content.get("monster", "grave_ra")
    with pytest.raises(KeyError, match="no content kind 'monstr'.*did you mean 'monster'"):
        content.all("monstr")
    assert content.has("monster", "cave_bat") and not content.has("monster", "ghost")
    assert [m.id for m in content.all("monster")] == content.ids("monster")


# Every problem of the bad fixture, as (file, line, fragment): all must be reported in one go.
EXPECTED_BAD = [
    ("a_groups.yaml", 4, "monster_group rats: id: duplicate id (first defined at "),
    ("a_groups.yaml", 6, "monster_group #3: id: expected a lowercase id (a-z, 0-9, _), "
                         "got 'Big Rats'"),
    ("a_groups.yaml", 7, "monster_group #3: name: missing the German text (de)"),
    ("a_groups.yaml", 8, "unknown content kind 'monstr' for testgame (did you mean 'monster'?)"),
    ("b_monsters.yaml", 2, "monster grave_rat: health: missing; expected an integer 1..99"),
    ("b_monsters.yaml", 4, "monster grave_rat: group: no monster_group 'ratz' "
                           "(did you mean 'rats'?)"),
    ("b_monsters.yaml", 5, "monster grave_rat: helth: unknown field (did you mean 'health'?)"),
    ("b_monsters.yaml", 6, "monster #2: id: expected a lowercase id (a-z, 0-9, _), got on "
                           "(YAML reads this as a yes/no value; quote it"),
    ("b_monsters.yaml", 7, "monster #2: name.en: expected a non-empty string, got no (YAML"),
    ("b_monsters.yaml", 9, "monster #2: health: expected an integer 1..99, got 'x'"),
    ("b_monsters.yaml", 13, "monster bone_knight: health: expected an integer 1..99, got true"),
    ("b_monsters.yaml", 14, "monster bone_knight: light: expected an integer, got 12:30 "
                            "(YAML 1.1 reads this as 750"),
    ("b_monsters.yaml", 15, "monster bone_knight: flying: expected true or false, got yes"),
    ("b_monsters.yaml", 16, "monster bone_knight: version: expected a string, got 1.10 "
                            "(YAML reads this as a number"),
    ("b_monsters.yaml", 17, "monster bone_knight: kind: expected one of 'undead', 'beast', "
                            "got 'undaed' (did you mean 'undead'?)"),
    ("b_monsters.yaml", 21, "monster cave_bat: health: expected an integer 1..99, got 120"),
    ("b_monsters.yaml", 22, "monster cave_bat: speed: expected a number 0..5, got 1:30"),
    ("b_monsters.yaml", 23, "monster cave_bat: keywords: expected a list of str, got 'small'"),
    ("b_monsters.yaml", 24, "monster cave_bat: size: expected a list of 2: an integer, an "
                            "integer, got a list with 3 items"),
    ("b_monsters.yaml", 25, "monster cave_bat: reward.silver: unknown field"),
    ("b_monsters.yaml", 26, "monster cave_bat: tags.a: expected an integer, got 'x'"),
    ("b_monsters.yaml", 28, "monster cave_bat: effects[0].type: unknown effect type "
                            "'gain_glod' (did you mean 'gain_gold'?)"),
    ("b_monsters.yaml", 29, "monster cave_bat: effects[1].amout: unknown parameter of "
                            "gain_gold (did you mean 'amount'?)"),
    ("b_monsters.yaml", 29, "monster cave_bat: effects[1].amount: missing parameter of "
                            "gain_gold; expected an integer 1..9"),
    ("b_monsters.yaml", 30, "monster cave_bat: effects[2].amount: missing parameter of "
                            "gain_gold"),
    ("b_monsters.yaml", 31, "monster cave_bat: effects[3].monster: no monster 'ghost' "
                            "(did you mean 'ghoul'?)"),
    ("b_monsters.yaml", 32, "monster cave_bat: effects[4].count: expected an integer, got '2'"),
    ("b_monsters.yaml", 37, "monster ghoul: health: given twice (first on line 36)"),
    ("b_monsters.yaml", 38, "monster ghoul: keywords[1]: expected a string, got 12"),
    ("b_monsters.yaml", 39, "monster ghoul: speed: expected a number 0..5, got 9"),
    ("c_broken.yaml", 4, "not valid YAML: while parsing a flow mapping, did not find "
                         "expected ',' or '}'"),
]


def test_bad_fixture_reports_every_problem_with_file_and_line(game: str) -> None:
    problems = validate_game_content(game, BAD)
    assert len(problems) == len(EXPECTED_BAD), "\n".join(problems)
    prefix = "tests/content/fixtures/bad/testgame/"
    for (file, line, fragment), problem in zip(EXPECTED_BAD, problems, strict=True):
        assert problem.startswith(f"{prefix}{file}:{line}: {fragment}"), problem


def test_load_raises_one_content_error_with_all_problems(game: str) -> None:
    with pytest.raises(ContentError) as info:
        load_game_content(game, BAD)
    assert info.value.problems == validate_game_content(game, BAD)
    assert str(info.value).count("\n") == len(EXPECTED_BAD) - 1


@pytest.mark.parametrize(("line", "fragment"), [
    ("    name2: {en: a, de: b}\n", "name2: unknown field (did you mean 'name'?)"),
    ("    light: true\n", "light: expected an integer, got true"),
    ("    light: 010\n", "light: expected an integer, got 010 (YAML 1.1 reads this as 8"),
    ("    light: 0x1f\n", "light: expected an integer, got 0x1f"),
    ("    light: 1.5\n", "light: expected an integer, got 1.5"),
    ("    speed: .inf\n", "speed: expected a number 0..5, got .inf"),
    ("    speed: '1.5'\n", "speed: expected a number 0..5, got '1.5'"),
    ("    flying: 1\n", "flying: expected true or false, got 1"),
    ("    flying: 'yes'\n", "flying: expected true or false, got 'yes'"),
    ("    flying: on\n", "flying: expected true or false, got on (write true or false)"),
    ("    version: 12:30\n", "version: expected a string, got 12:30 (YAML reads this as a "
                             "number"),
    ("    version: 2024-01-01\n", "version: expected a string, got 2024-01-01 (YAML reads this "
                                  "as a date"),
    ("    version:\n", "version: expected a string, got nothing"),
    ("    note: {en: Yes, de: Ja}\n", "note.en: expected a non-empty string, got Yes (YAML "
                                      "reads this as a yes/no value"),
    ("    note: {en: '', de: Ja}\n", "note.en: expected a non-empty string, got ''"),
    ("    note: {en: a, de: b, fr: c}\n", "note.fr: unknown language; texts have en and de"),
    ("    note: plain words\n", "note: expected a text {en: ..., de: ...}, got 'plain words'"),
    ("    kind: 1\n", "kind: expected one of 'undead', 'beast', got 1"),
    ("    allies: [grave_rat, Ghost]\n", "allies[1]: expected the id of a monster, got 'Ghost'"),
    ("    effects: {type: gain_gold, amount: 1}\n", "effects: expected a list of effect, got a "
                                                   "mapping"),
    ("    effects: [{amount: 1}]\n", "effects[0]: missing 'type' (which effect this is)"),
    ("    effects: [{type: no}]\n", "effects[0].type: expected an effect type id, got no"),
    ("    effects: [{type: gain_gold, amount: 0}]\n", "effects[0].amount: expected an integer "
                                                      "1..9, got 0"),
    ("    effects: [{type: shout, text: hi}]\n", "effects[0].text: expected a text"),
    ("    <<: {light: 2}\n", "merge keys (<<) are not supported"),
    ("    1: 2\n", "keys must be text, got 1"),
])
def test_wrong_values_are_rejected(game: str, tmp_path: Path, line: str, fragment: str) -> None:
    problems = problems_of(tmp_path, game, monster(line))
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{_monsters_path(tmp_path)}:6: monster grave_rat: {fragment}"), \
        problems


def _monsters_path(tmp_path: Path) -> str:
    return (tmp_path / "data" / "testgame" / "monsters.yaml").resolve().as_posix()


@pytest.mark.parametrize(("line", "field", "value"), [
    ("    version: '1.10'\n", "version", "1.10"),
    ("    version: \"on\"\n", "version", "on"),
    ("    version: !!str 12\n", "version", "12"),
    ("    speed: 2\n", "speed", 2.0),
    ("    speed: -0.0\n", "speed", 0.0),
    ("    light: -3\n", "light", -3),
    ("    flying: True\n", "flying", True),
    ("    note: ~\n", "note", None),
    ("    keywords: []\n", "keywords", ()),
    ("    tags: {}\n", "tags", {}),
    ("    reward: {}\n", "reward", Reward()),
])
def test_right_values_are_accepted(game: str, tmp_path: Path, line: str, field: str,
                                   value: object) -> None:
    data = write_game(tmp_path / "data", {"groups.yaml": GROUPS, "monsters.yaml": monster(line)})
    entry = load_game_content(game, data, use_cache=False).get("monster", "grave_rat")
    got = getattr(entry, field)
    assert got == value and type(got) is type(value) or isinstance(got, type(value))


def test_file_level_problems(game: str, tmp_path: Path) -> None:
    data = write_game(tmp_path / "data", {
        "a.yaml": "- just\n- a list\n",
        "b.yaml": "monster: {id: x}\n",
        "c.yml": GROUPS,
        "d.yaml": "",
        "e.yaml": "monster:\n",
        "f.yaml": "monster:\n  - plain\n",
        "g.yaml": "monster: []\n---\nmonster: []\n",
    })
    (data / "testgame" / "h.yaml").write_bytes(b"monster:\n  - id: \xff\n")
    problems = validate_game_content(game, data)
    text = "\n".join(problems)
    assert len(problems) == 6, text
    assert "a.yaml:1: a content file is a mapping of kind: [entries], got a list" in text
    assert "b.yaml:1: monster: expected a list of monster entries, got a mapping" in text
    assert "c.yml: content files end in .yaml; rename this file" in text
    assert "f.yaml:2: monster #1: expected a mapping (MonsterDef), got 'plain'" in text
    assert ("g.yaml:2: not valid YAML: expected a single document in the stream, but "
            "found another document") in text
    assert "h.yaml: not UTF-8 text (byte 17)" in text


def test_duplicate_ids_across_files_name_the_first_place(game: str, tmp_path: Path) -> None:
    data = write_game(tmp_path / "data", {"groups.yaml": GROUPS, "x/more.yaml": GROUPS})
    problems = validate_game_content(game, data)
    assert len(problems) == 1
    assert problems[0].endswith("x/more.yaml:2: monster_group rats: id: duplicate id (first "
                                "defined at " + _display(data) + "/groups.yaml:2)")


def _display(data: Path) -> str:
    return (data / "testgame").resolve().as_posix()


def test_bad_entry_with_good_id_does_not_cause_dangling_references(game: str,
                                                                   tmp_path: Path) -> None:
    text = monster("    allies: [bone_knight]\n") + "  - id: bone_knight\n    health: 2\n"
    problems = problems_of(tmp_path, game, text)
    assert len(problems) == 2, problems  # name and group missing; the ally reference is fine
    assert all("monster bone_knight" in p and "missing" in p for p in problems)


def test_unregistered_game_reports_unknown_kinds(cache_dir: Path, tmp_path: Path) -> None:
    data = write_game(tmp_path / "data", {"groups.yaml": GROUPS})
    problems = validate_game_content("testgame", data)
    assert problems == [f"{_display(data)}/groups.yaml:1: unknown content kind 'monster_group' "
                        "for testgame (known: none; import the testgame package first)"]


def test_validate_all_covers_registered_games(game: str) -> None:
    result = validate_all(GOOD)
    assert result[game] == []
    assert game in result


def test_missing_libyaml_is_an_error_not_a_fallback(game: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yaml, "__with_libyaml__", False)
    with pytest.raises(ContentError, match="without LibYAML"):
        load_game_content(game, GOOD, use_cache=False)


def test_missing_game_folder_gives_empty_content(game: str, tmp_path: Path) -> None:
    content = load_game_content(game, tmp_path, use_cache=False)
    assert content.all("monster") == [] and content.ids("monster_group") == []
