"""The JSON cache of small YAML files: hits skip the parser, edits are never served stale."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.content.yamlcache import load_yaml_files


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))


def test_hit_skips_the_parser_and_edits_are_seen(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    a = tmp_path / "a.yaml"
    a.write_text("x: one\ny: zwei\n", encoding="utf-8")
    assert load_yaml_files([a], "t") == [{"x": "one", "y": "zwei"}]
    monkeypatch.setitem(sys.modules, "yaml", None)  # any import of yaml now fails
    assert load_yaml_files([a], "t") == [{"x": "one", "y": "zwei"}]
    monkeypatch.delitem(sys.modules, "yaml")
    a.write_text("x: eins\n", encoding="utf-8")
    assert load_yaml_files([a], "t") == [{"x": "eins"}]
    assert len(list((tmp_path / "cache" / "yaml").glob("t-*.json"))) == 1


def test_damaged_cache_is_a_miss_and_non_json_data_is_not_cached(tmp_path: Path) -> None:
    a = tmp_path / "a.yaml"
    a.write_text("no: off\n", encoding="utf-8")  # YAML 1.1: {False: False}
    assert load_yaml_files([a], "b") == [{False: False}]
    assert not list((tmp_path / "cache" / "yaml").glob("b-*.json"))
    a.write_text("k: v\n", encoding="utf-8")
    load_yaml_files([a], "b")
    (cache,) = (tmp_path / "cache" / "yaml").glob("b-*.json")
    cache.write_text("{broken", encoding="utf-8")
    assert load_yaml_files([a], "b") == [{"k": "v"}]


def test_invalid_yaml_names_the_file(tmp_path: Path) -> None:
    a = tmp_path / "bad.yaml"
    a.write_text("a: [unclosed\n", encoding="utf-8")
    with pytest.raises(ValueError, match="bad.yaml: not valid YAML"):
        load_yaml_files([a], "c")
