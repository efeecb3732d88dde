"""Sound: the synthesized files, the event manifest, the lazy and fail-safe player, and the
table, buttons and volume slider asking for the right sounds."""

from __future__ import annotations

import importlib.util
import logging
import math
import wave
from array import array
from pathlib import Path
from typing import Any

import pygame
import pytest

from engine.content.i18n import load_entries
from engine.core.actions import Action
from engine.core.protocol import BOT, HUMAN, GameConfig, Outcome, SeatConfig
from engine.core.session import Session
from scenes import assets, sound
from scenes.generic import GenericTableScene
from scenes.sound import SoundMap, SoundPlayer
from scenes.userdata import Settings
from scenes.widgets import Button, Slider

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("deckbuilder", "duel", "crawl")


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MAKE = _tool()


def _read(name: str) -> tuple[Any, array]:
    with wave.open(str(sound.SOUND_DIR / f"{name}.wav"), "rb") as wav:
        params = wav.getparams()
        frames = array("h", wav.readframes(params.nframes))
    return params, frames


def _db(value: float) -> float:
    return 20 * math.log10(max(value, 1e-9))


# --- the files ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(MAKE.SOUNDS))
def test_sound_file_is_a_short_normalised_mono_wav(name: str) -> None:
    params, frames = _read(name)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100)
    seconds = params.nframes / params.framerate
    assert 0.05 <= seconds <= 1.5, f"{name} lasts {seconds:.2f} s"
    peak = max(abs(x) for x in frames) / 32768
    rms = math.sqrt(sum(x * x for x in frames) / len(frames)) / 32768
    assert _db(peak) == pytest.approx(MAKE.SOUNDS[name][1], abs=0.1), "peak-normalised"
    assert -32 < _db(rms) < -8, f"{name}: RMS {_db(rms):.1f} dBFS is inaudible or harsh"
    assert abs(sum(frames) / len(frames)) < 200, "no DC offset"
    assert abs(frames[0]) < 400 and abs(frames[-1]) < 40, "starts and ends without a pop"


def test_every_sound_is_rebuilt_byte_for_byte_by_the_tool() -> None:
    for name in MAKE.SOUNDS:
        _, frames = _read(name)
        assert MAKE.render(name) == frames.tobytes(), f"{name}.wav is stale: rerun the tool"


def test_the_tool_writes_readable_files(tmp_path: Path) -> None:
    assert MAKE.main(["--out", str(tmp_path), "--only", "click"]) == 0
    with wave.open(str(tmp_path / "click.wav"), "rb") as wav:
        assert wav.getnframes() == int(0.06 * 44100)
    assert [p.name for p in tmp_path.iterdir()] == ["click.wav"]


# --- the manifest ------------------------------------------------------------------------------
def test_manifest_names_exactly_the_sounds_on_disk() -> None:
    mapping = SoundMap.load()
    on_disk = {p.stem for p in sound.SOUND_DIR.glob("*.wav")}
    assert set(mapping.priorities) == on_disk == set(MAKE.SOUNDS)
    used = set(mapping.exact.values()) | {v for _, v in mapping.prefixes}
    assert used <= on_disk
    assert {"victory", "defeat", "bell", "click", "error"} <= on_disk


def test_manifest_keys_are_real_event_keys_of_the_games() -> None:
    mapping = SoundMap.load()
    for lang in ("en", "de"):
        entries = load_entries(lang)
        events = {k for k in entries if ".ev." in k or ".event." in k}
        for key in mapping.exact:
            assert key in events, f"{key} is not an event key of the {lang} catalog"
        for prefix, _ in mapping.prefixes:
            assert any(k.startswith(prefix) for k in events), f"{prefix}* matches no event"
    for game in GAMES:
        mapped = [k for k in mapping.exact if k.startswith(game + ".")]
        mapped += [p for p, _ in mapping.prefixes if p.startswith(game + ".")]
        assert len(mapped) >= 8, f"{game} has hardly any sounds"


@pytest.mark.parametrize(("key", "expected"), [
    ("deckbuilder.ev.buy", "coin"), ("deckbuilder.ev.draw", "card_draw"),
    ("deckbuilder.ev.win", "hit"), ("deckbuilder.ev.lose", "whoosh"),
    ("deckbuilder.ev.level", "level_up"), ("duel.ev.summoned", "dice"),
    ("duel.ev.summon_failed", "dice"), ("duel.ev.damage", "hit"), ("duel.ev.level_up", "level_up"),
    ("crawl.event.melee", "whoosh"), ("crawl.event.damage", "hit"), ("crawl.event.loot", "coin"),
    ("crawl.event.move", None), ("deckbuilder.ev.game_over", None), ("ui.saved", None),
])
def test_real_events_map_to_their_sounds(key: str, expected: str | None) -> None:
    assert sound.sound_map().sound_for(key) == expected


def test_pick_orders_by_priority_keeps_two_and_puts_the_tables_sounds_first() -> None:
    mapping = SoundMap({"victory": 100, "hit": 70, "dice": 50, "card_draw": 20, "bell": 15},
                       {"g.ev.roll": "dice", "g.ev.damage": "hit", "g.ev.draw": "card_draw",
                        "g.ev.sum*": "dice", "g.ev.summon_big*": "hit"})
    assert mapping.pick(["g.ev.draw", "g.ev.roll", "g.ev.damage"]) == ["hit", "dice"]
    assert mapping.pick(["g.ev.roll", "g.ev.roll", "g.ev.draw"]) == ["dice", "card_draw"]
    assert mapping.pick(["g.ev.draw", "g.ev.damage"], first=["bell"]) == ["bell", "hit"]
    assert mapping.pick(["g.ev.damage"], first=["victory"], limit=1) == ["victory"]
    assert mapping.pick(["g.ev.summoned", "x.unknown"]) == ["dice"]
    assert mapping.sound_for("g.ev.summon_big_one") == "hit", "the longer prefix wins"
    assert mapping.pick([]) == []


def test_manifest_problems_are_all_reported(tmp_path: Path) -> None:
    path = tmp_path / "manifest.yaml"
    path.write_text("sounds: {hit: 1, coin: loud}\nevents: {a.ev.x: boom, a.ev.y: coin}\n",
                    encoding="utf-8")
    with pytest.raises(assets.AssetError) as err:
        SoundMap.load(path)
    assert "coin: priority" in str(err.value) and "unknown sound 'boom'" in str(err.value)


# --- the player --------------------------------------------------------------------------------
class FakeMixer:
    """Counts mixer starts; can pretend that no audio device exists."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *, broken: bool = False) -> None:
        self.inits = 0
        self.loads: list[str] = []
        self.broken = broken
        monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
        monkeypatch.setattr(pygame.mixer, "init", self.init)
        monkeypatch.setattr(pygame.mixer, "Sound", self.make_sound)

    def init(self, *args: Any, **kwargs: Any) -> None:
        self.inits += 1
        if self.broken:
            raise pygame.error("No available audio device")

    def make_sound(self, path: str) -> Any:
        self.loads.append(Path(path).name)
        if not Path(path).exists():
            raise FileNotFoundError(path)
        return FakeSound()


class FakeSound:
    """Remembers its volume and how often it played."""

    def __init__(self) -> None:
        self.volume = 1.0
        self.plays = 0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> object:
        self.plays += 1
        return object()


def test_volume_zero_never_starts_the_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    mixer = FakeMixer(monkeypatch)
    player = SoundPlayer(Settings(volume=0.0))
    assert not player.play("click") and not player.play_all(["coin", "hit"])
    assert mixer.inits == 0 and not player.mixer_ready and not mixer.loads


def test_the_mixer_starts_on_the_first_sound_and_sounds_are_cached(
        monkeypatch: pytest.MonkeyPatch) -> None:
    mixer = FakeMixer(monkeypatch)
    settings = Settings(volume=0.5)
    player = SoundPlayer(settings)
    assert mixer.inits == 0, "creating the player starts nothing"
    assert player.play("coin") and player.play("coin") and player.play("hit")
    assert mixer.inits == 1 and mixer.loads == ["coin.wav", "hit.wav"]
    coin = player._cache["coin"]
    assert coin.plays == 2 and coin.volume == 0.5
    settings.volume = 0.2
    assert player.play("hit")
    assert coin.volume == 0.2, "a new volume applies to every loaded sound at once"


def test_a_missing_sound_is_logged_once_and_stays_silent(monkeypatch: pytest.MonkeyPatch,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    mixer = FakeMixer(monkeypatch)
    player = SoundPlayer(Settings(volume=1.0))
    with caplog.at_level(logging.WARNING, logger="scenes.sound"):
        assert not player.play("no_such_sound") and not player.play("no_such_sound")
    assert len(caplog.records) == 1 and mixer.loads == ["no_such_sound.wav"]
    assert player.play("click"), "other sounds still play"


def test_a_broken_audio_device_turns_sound_off_quietly(monkeypatch: pytest.MonkeyPatch,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    mixer = FakeMixer(monkeypatch, broken=True)
    player = SoundPlayer(Settings(volume=0.8))
    with caplog.at_level(logging.WARNING, logger="scenes.sound"):
        for name in ("click", "coin", "victory", "click"):
            assert player.play(name) is False
    assert mixer.inits == 1, "no retry on every sound"
    assert player.failed and not player.is_active
    assert len(caplog.records) == 1 and "no audio device" in caplog.records[0].getMessage()


def test_headless_app_plays_nothing_and_leaves_the_mixer_alone(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    mixer = FakeMixer(monkeypatch)
    from scenes.menu import MainMenuScene

    app.push(MainMenuScene(app))
    app.step([], 1 / 60)
    app.play_sound("click")
    assert mixer.inits == 0 and not app.sound.mixer_ready


def test_dummy_audio_driver_really_plays_the_files() -> None:
    player = SoundPlayer(Settings(volume=0.3))
    try:
        assert player.play_all(["click", "dice"]) == 2
        assert player._cache["dice"].get_length() == pytest.approx(0.72, abs=0.01)
        player.settings.volume = 0.0
        assert not player.play("click")
    finally:
        player.close()
    assert not player.mixer_ready


# --- the shell asks for sounds -----------------------------------------------------------------
def _recorder(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    played: list[str] = []
    monkeypatch.setattr(app, "play_sound", played.append)
    return played


def _click(widget: Any, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        widget.handle(pygame.event.Event(kind, button=1, pos=pos))


def test_buttons_click(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    played = _recorder(app, monkeypatch)
    pressed: list[int] = []
    button = Button((10, 10, 100, 40), "OK", lambda: pressed.append(1), hotkey=pygame.K_RETURN)
    _click(button, (400, 400))
    assert played == [] and pressed == []
    _click(button, (20, 20))
    button.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert played == ["click", "click"] and pressed == [1, 1]


def test_the_volume_slider_applies_at_once_and_plays_a_sample(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.settings import SettingsScene

    played = _recorder(app, monkeypatch)
    app.push(SettingsScene(app))
    app.step([], 1 / 60)
    slider = next(w for w in app.top.widgets if isinstance(w, Slider))
    _click(slider, (slider.track.left + slider.track.width // 5, slider.track.centery))
    assert app.settings.volume == pytest.approx(0.2)
    assert app.sound.volume == pytest.approx(0.2), "the player reads the new volume"
    assert played == ["click"]


def _table(app: Any, *kinds: str, seed: int = 4) -> Any:
    seats = tuple(SeatConfig(kind=k, name=f"N{i}", colour="azure") for i, k in enumerate(kinds))
    session = Session.start("toy", GameConfig(seats, {"target": 20}), seed)
    table = GenericTableScene(app, session)
    app.push(table)
    app.step([], 1 / 60)
    return table


TOY_SOUNDS = SoundMap({"victory": 100, "defeat": 100, "hit": 70, "dice": 50, "coin": 60,
                       "bell": 15, "error": 35},
                      {"toy.event.roll": "dice", "toy.event.bust": "hit",
                       "toy.event.bank": "coin"})


def test_the_table_plays_the_sounds_of_an_actions_events(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sound, "_sound_map", TOY_SOUNDS)
    played = _recorder(app, monkeypatch)
    table = _table(app, HUMAN, BOT)
    assert table.send(Action.make("roll"))
    rolled = table.session.log[-1].key
    assert played == (["dice"] if rolled == "toy.event.roll" else ["hit"])


def test_the_table_rings_the_bell_on_a_hot_seat_handover(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sound, "_sound_map", TOY_SOUNDS)
    played = _recorder(app, monkeypatch)
    table = _table(app, HUMAN, HUMAN)
    table.lift_curtain()
    while table.session.actor == 0:
        played.clear()
        legal = table.legal_actions()
        hold = [a for a in legal if a.kind in ("hold", "bank")]
        assert table.send(hold[0] if hold else legal[0])
    assert table.curtain_for == 1
    assert played[0] == "bell" and played[1:] in (["hit"], ["coin"])


def test_the_table_buzzes_on_an_illegal_action(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    played = _recorder(app, monkeypatch)
    table = _table(app, HUMAN, BOT)
    assert not table.send(Action.make("hold"))
    assert played == ["error"]


@pytest.mark.parametrize(("winners", "expected"), [((0,), "victory"), ((1,), "defeat"),
                                                   ((), "defeat")])
def test_the_end_of_the_game_sounds_victory_or_defeat(
        app: Any, monkeypatch: pytest.MonkeyPatch, winners: tuple[int, ...],
        expected: str) -> None:
    monkeypatch.setattr(sound, "_sound_map", TOY_SOUNDS)
    played = _recorder(app, monkeypatch)
    table = _table(app, HUMAN, BOT)
    monkeypatch.setattr(type(table.session), "is_over", property(lambda s: True))
    monkeypatch.setattr(table.rules, "outcome", lambda state: Outcome(winners, (0.0, 0.0)))
    from engine.core.actions import Event

    table.play_event_sounds(0, [Event("toy.event.bank", {"seat": 0})])
    assert played == [expected, "coin"]
