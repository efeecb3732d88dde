"""The content cache: hits skip YAML, misses and damaged files rebuild, the hash tracks changes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.content import cache, loader
from engine.content.effects import effect
from engine.content.loader import content_hash, load_game_content
from tests.content.conftest import FIXTURES

GOOD = FIXTURES / "good"


def copy_good(tmp_path: Path) -> Path:
    """Returns a private copy of the good fixture's data folder."""
    target = tmp_path / "data"
    shutil.copytree(GOOD, target)
    return target


def no_parse(*args: object) -> None:
    raise AssertionError("YAML was parsed although the cache should have answered")


def test_warm_load_comes_from_the_cache(game: str, cache_dir: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    cold = load_game_content(game, GOOD)
    files = list((cache_dir / "content").glob("testgame-*.json"))
    assert [f.name for f in files] == [f"testgame-{cold.hash}.json"]
    loader.clear_memory_cache()
    monkeypatch.setattr(loader, "_parse", no_parse)
    warm = load_game_content(game, GOOD)
    assert warm is not cold and warm.hash == cold.hash
    for kind in ("monster", "monster_group"):
        assert warm.all(kind) == cold.all(kind)
        assert [type(v) for v in warm.all(kind)] == [type(v) for v in cold.all(kind)]
        assert [warm.where(kind, i) for i in warm.ids(kind)] == \
            [cold.where(kind, i) for i in cold.ids(kind)]
    rat = warm.get("monster", "grave_rat")
    assert type(rat.name).__name__ == "Text" and type(rat.reward.weight) is float
    assert type(rat.size) is tuple and type(rat.effects[1]).__name__ == "EffectSpec"
    assert load_game_content(game, GOOD) is warm  # same process: memory


@pytest.mark.parametrize("damage", [
    lambda raw: raw[: len(raw) // 2],
    lambda raw: b"garbage",
    lambda raw: b"",
    lambda raw: raw.replace(b"Grave Rat", b"Grave Bat"),  # digest no longer matches
])
def test_damaged_cache_is_ignored_and_rebuilt(game: str, cache_dir: Path,
                                              damage: object) -> None:
    cold = load_game_content(game, GOOD)
    path = cache.cache_path(game, cold.hash)
    path.write_bytes(damage(path.read_bytes()))  # type: ignore[operator]
    loader.clear_memory_cache()
    again = load_game_content(game, GOOD)
    assert again.get("monster", "grave_rat").name.en == "Grave Rat"
    assert cache.read_cache(game, cold.hash) is not None  # rewritten whole


def test_cache_with_a_valid_digest_but_foreign_shape_is_a_miss(game: str, cache_dir: Path) -> None:
    cold = load_game_content(game, GOOD)
    cache.write_cache(game, cold.hash, {"monster": [["x.yaml:1", {"id": "only_an_id"}]],
                                        "monster_group": []})
    loader.clear_memory_cache()
    again = load_game_content(game, GOOD)
    assert again.ids("monster") == cold.ids("monster")


def test_changing_a_file_changes_the_hash_and_drops_the_old_cache(game: str, cache_dir: Path,
                                                                 tmp_path: Path) -> None:
    data = copy_good(tmp_path)
    first = load_game_content(game, data)
    extra = data / "testgame" / "more" / "extra.yaml"
    extra.write_text(extra.read_text(encoding="utf-8").replace("health: 1", "health: 2"),
                     encoding="utf-8")
    second = load_game_content(game, data)
    assert second.hash != first.hash and second.get("monster", "cave_bat").health == 2
    names = sorted(p.name for p in (cache_dir / "content").iterdir())
    assert names == [f"testgame-{second.hash}.json"]


def test_hash_is_independent_of_where_the_data_lives(game: str, tmp_path: Path) -> None:
    assert content_hash(game, copy_good(tmp_path)) == content_hash(game, GOOD)
    assert load_game_content(game, GOOD, use_cache=False).hash == content_hash(game, GOOD)


def test_hash_covers_the_schemas(game: str) -> None:
    before = content_hash(game, GOOD)

    def louder(ctx: object, *, amount: int = 1) -> None:
        """Makes noise."""

    effect(game, "louder")(louder)
    assert content_hash(game, GOOD) != before


def test_use_cache_false_writes_nothing(game: str, cache_dir: Path) -> None:
    load_game_content(game, GOOD, use_cache=False)
    assert not (cache_dir / "content").exists()


def test_unwritable_cache_still_loads(game: str, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(blocker))
    assert load_game_content(game, GOOD).ids("monster_group") == ["rats", "dead", "beasts"]


def test_cache_dir_defaults_to_the_user_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLETOP_CACHE_DIR", raising=False)
    assert cache.cache_dir() == Path.home() / ".cache" / "tabletop-hall"
