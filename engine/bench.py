"""Benchmarks: ``python -m engine bench [--only NAME] [--quick]``.

Every benchmark is measured against a reference workload on the same machine, in the same
process (or in twin fresh subprocesses), with samples of the two interleaved so that a busy
machine slows both alike; the result is the median of the samples in CPU time
(``time.thread_time``/``time.process_time``: timing is what this module is for, so those calls
are marked ``ok-determinism``; nothing here feeds back into a game). Each result reads
``{value, unit, reference, ratio, goal, ok}``; the goal applies to the ratio or to the value.

Games add benchmarks with ``register_benchmark`` in a ``bench`` module of their rules package
(``engine/rules/<id>/bench.py``), which ``run`` imports. The UI benchmarks run in a subprocess
with the dummy video driver and import the scenes only there, so this module never loads pygame.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# Preferred games for the "long game" and MCTS benchmarks: the largest first.
GAME_PREFERENCE = ("deckbuilder", "duel", "coop_campaign", "heroes", "crawl")
# Modules every headless start needs (CLI, app and worker all import these first).
ENGINE_IMPORT = "engine.registry, engine.core.session, engine.core.record, engine.ai"

Sample = float | tuple[float, float] | None


class BenchmarkSkipped(Exception):
    """A benchmark that cannot run here (no game with content yet, no scenes yet)."""


@dataclass(frozen=True)
class Benchmark:
    """A registered benchmark.

    ``fn`` and ``reference_fn`` return None to be timed by the harness (CPU milliseconds), a
    number that is already the sample, or (for ``fn`` without a reference) a pair
    ``(value, reference)`` measured together.
    """

    name: str
    fn: Callable[[], Sample]
    reference_fn: Callable[[], Sample] | None
    goal: float
    unit: str = "ms"
    goal_on: str = "ratio"  # "ratio" or "value"
    samples: int = 7
    quick_samples: int = 3
    description: str = ""
    note: Callable[[], str] | None = None  # what was measured (which game, which screen)


_BENCHMARKS: dict[str, Benchmark] = {}
PLUGINS: list[str] = []  # ``module:function`` set by the CLI's --plugin, forwarded to workers
_QUICK = False  # set by ``run``: benchmarks that scale their own workload read it


def register_benchmark(name: str, fn: Callable[[], Sample],
                       reference_fn: Callable[[], Sample] | None, goal: float, *,
                       unit: str = "ms", goal_on: str = "ratio", samples: int = 7,
                       quick_samples: int = 3, description: str = "",
                       paired: bool = False, note: Callable[[], str] | None = None) -> None:
    """Registers a benchmark; ``goal`` is the largest acceptable ratio (or value).

    ``paired``: ``fn`` measures value and reference together and returns both.
    """
    if goal_on not in ("ratio", "value"):
        raise ValueError("goal_on must be 'ratio' or 'value'")
    if goal_on == "ratio" and reference_fn is None and not paired:
        raise ValueError(f"benchmark {name}: a ratio goal needs a reference workload")
    _BENCHMARKS[name] = Benchmark(name, fn, reference_fn, goal, unit, goal_on, samples,
                                  quick_samples, description, note)


def _load_game_benchmarks() -> None:
    """Imports ``engine.rules.<id>.bench`` of every registered game that has one."""
    from engine import registry

    for game_id in registry.game_ids():
        module = registry.info(game_id).module
        try:
            if importlib.util.find_spec(module + ".bench") is not None:
                importlib.import_module(module + ".bench")
        except ImportError:
            continue


def _decision_p99(game_id: str, games: int = 4) -> float:
    """Returns the p99 CPU ms of a heuristic decision over whole 2-player heuristic games."""
    from engine import registry
    from engine.ai import make_bot
    from engine.core.protocol import GameConfig

    rules = registry.rules(game_id)
    times: list[float] = []
    for seed in range(games):
        state = rules.new_game(GameConfig.for_players(max(2, rules.min_players)), 7000 + seed)
        seats = range(max(2, rules.min_players))
        bots = [make_bot("heuristic", game_id, seed=seed * 10 + i) for i in seats]
        steps = 0
        while not rules.is_over(state) and steps < 20_000:
            seat = rules.current_actor(state)
            assert seat is not None
            start = time.thread_time()  # ok-determinism: benchmark timing
            action = bots[seat].choose(rules, state, seat)
            times.append((time.thread_time() - start) * 1000.0)  # ok-determinism: timing
            rules.do_apply(state, action)
            steps += 1
    times.sort()
    return times[min(len(times) - 1, int(0.99 * (len(times) - 1) + 0.5))]


_NEXT_SEED: dict[str, int] = {}  # per game, the first seed no batch has played yet


def simulate_games(game_id: str, games: int, options: dict[str, Any] | None = None) -> int:
    """Plays ``games`` 2-player games between heuristic bots as ``python -m engine simulate``
    plays them (``engine.ai.play.play_game``: every action through ``apply``, so validated, as
    in the window), each on a seed no earlier batch played; returns the player-turns played.

    New seeds every call: replaying the same games would let the bots' memos answer from
    earlier samples, which a long run of new games never gets.
    """
    from engine import registry
    from engine.ai.play import bot_config, play_game

    rules = registry.rules(game_id)
    config = bot_config(game_id, ["heuristic", "heuristic"], "normal", options)
    first = _NEXT_SEED.get(game_id, 0)
    _NEXT_SEED[game_id] = first + games
    turns = 0
    for seed in range(first, first + games):
        game = play_game(game_id, config, seed)
        assert game.finished, f"{game_id} seed {seed} did not finish"
        turns += rules.turn_number(game.state)
    return turns


def _register_decision_benchmarks() -> None:
    """Adds ``<game>.decision_p99`` (goal 2 ms, every game's issue) for every registered game."""
    from engine import registry

    def p99_of(game_id: str) -> Callable[[], Sample]:
        return lambda: _decision_p99(game_id)

    for game_id in registry.game_ids():
        register_benchmark(
            f"{game_id}.decision_p99", p99_of(game_id), None, 2.0,
            goal_on="value", samples=1, quick_samples=1,
            description="p99 CPU ms of one heuristic decision over four whole 2-player games")


def benchmark_names() -> list[str]:
    """Returns the names of every benchmark, game benchmarks included."""
    _load_game_benchmarks()
    _register_decision_benchmarks()
    return list(_BENCHMARKS)


def _timed(fn: Callable[[], Sample]) -> tuple[float, float | None]:
    """Returns (sample, paired reference or None) of one call."""
    start = time.thread_time()  # ok-determinism: benchmark timing
    out = fn()
    elapsed = (time.thread_time() - start) * 1000.0  # ok-determinism: benchmark timing
    if out is None:
        return elapsed, None
    if isinstance(out, tuple):
        return float(out[0]), float(out[1])
    return float(out), None


def measure(bench: Benchmark, quick: bool = False) -> dict[str, Any]:
    """Returns one benchmark's result: medians of interleaved samples and the verdict."""
    n = bench.quick_samples if quick else bench.samples
    values: list[float] = []
    refs: list[float] = []
    try:
        for i in range(n):
            # Alternate which one goes first, so warm-up and drift hit both alike.
            order = (0, 1) if i % 2 == 0 else (1, 0)
            for which in order:
                if which == 0:
                    value, paired = _timed(bench.fn)
                    values.append(value)
                    if paired is not None:
                        refs.append(paired)
                elif bench.reference_fn is not None:
                    refs.append(_timed(bench.reference_fn)[0])
    except BenchmarkSkipped as exc:
        return {"skipped": str(exc), "goal": bench.goal, "ok": None}
    value = statistics.median(values)
    reference = statistics.median(refs) if refs else None
    ratio = value / reference if reference else None
    judged = ratio if bench.goal_on == "ratio" else value
    result = {
        "value": round(value, 3),
        "unit": bench.unit,
        "reference": round(reference, 3) if reference is not None else None,
        "ratio": round(ratio, 3) if ratio is not None else None,
        "goal": bench.goal,
        "goal_on": bench.goal_on,
        "ok": None if judged is None else judged <= bench.goal,
        "samples": n,
    }
    if bench.note is not None:
        result["note"] = bench.note()
    return result


def run(only: list[str] | None = None, quick: bool = False) -> dict[str, dict[str, Any]]:
    """Runs the selected benchmarks (all by default; a name or a prefix selects)."""
    names = benchmark_names()
    selected = names
    if only:
        selected = [n for n in names if any(n == o or n.startswith(o) for o in only)]
        missing = [o for o in only if not any(n == o or n.startswith(o) for n in names)]
        if missing:
            raise KeyError(f"no benchmark {', '.join(missing)} (known: {', '.join(names)})")
    global _QUICK
    _QUICK = quick
    with _private_dirs():
        return {name: measure(_BENCHMARKS[name], quick) for name in selected}


@contextmanager
def _private_dirs() -> Iterator[None]:
    """Points the content cache and the user folder at a temporary place during the run."""
    saved = {k: os.environ.get(k) for k in ("TABLETOP_CACHE_DIR", "TABLETOP_HOME")}
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        os.environ["TABLETOP_CACHE_DIR"] = str(Path(tmp) / "cache")
        os.environ["TABLETOP_HOME"] = str(Path(tmp) / "home")
        try:
            yield
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def machine() -> dict[str, Any]:
    """Returns the machine description for the performance table."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"nproc": os.cpu_count(), "cpu": model or "unknown",
            "python": sys.version.split()[0], "platform": sys.platform}


def markdown_table(results: dict[str, dict[str, Any]]) -> str:
    """Returns the results as a Markdown table (for docs/performance.md)."""
    lines = ["| benchmark | goal | measured | reference | ok |", "|---|---|---|---|---|"]
    for name, r in results.items():
        bench = _BENCHMARKS.get(name)
        if "skipped" in r:
            lines.append(f"| `{name}` | {_goal_text(bench)} | skipped: {r['skipped']} | | |")
            continue
        measured = f"{r['value']:g} {r['unit']}"
        if r["ratio"] is not None:
            measured += f" (×{r['ratio']:g})"
        ref = "" if r["reference"] is None else f"{r['reference']:g} {r['unit']}"
        ok = {True: "yes", False: "**no**", None: "–"}[r["ok"]]
        lines.append(f"| `{name}` | {_goal_text(bench)} | {measured} | {ref} | {ok} |")
    return "\n".join(lines)


def _goal_text(bench: Benchmark | None) -> str:
    if bench is None:
        return ""
    if bench.goal_on == "ratio":
        return f"≤ {bench.goal:g}× reference"
    return f"≤ {bench.goal:g} {bench.unit}"


# --- subprocess helpers -------------------------------------------------------------------
def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


def _child_json(code: str, *args: str, timeout: float = 300) -> dict[str, Any]:
    """Runs Python code in a fresh interpreter; returns the JSON object it prints last."""
    return _run_json([sys.executable, "-c", code, *args], timeout)


def _probe_json(*args: str) -> dict[str, Any]:
    """Runs a UI benchmark child (scenes/benchprobe.py); returns the JSON object it prints."""
    return _run_json([sys.executable, "-m", "scenes.benchprobe", *args], 300)


def _run_json(command: list[str], timeout: float) -> dict[str, Any]:
    proc = subprocess.run(command, cwd=ROOT, env=_child_env(),
                          capture_output=True, text=True, timeout=timeout)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        if "BenchmarkSkipped" in last or "ScreenshotError" in last or "ModuleNotFound" in last:
            raise BenchmarkSkipped(last.split(":", 1)[-1].strip())
        raise RuntimeError(f"benchmark subprocess failed: {last}")
    return dict(json.loads(lines[-1]))


_IMPORT_CODE = (
    "import time, json\n"
    "t = time.process_time()\n"
    "import {modules}\n"
    "print(json.dumps({{'ms': (time.process_time() - t) * 1000}}))\n"
)


def _import_cost(modules: str) -> float:
    return float(_child_json(_IMPORT_CODE.format(modules=modules))["ms"])


# --- games and content ------------------------------------------------------------------
def _plugins() -> None:
    for spec in PLUGINS:
        module, _, func = spec.partition(":")
        target = importlib.import_module(module)
        if func:
            getattr(target, func)()


def _playable_games() -> list[str]:
    """Returns registered games whose rules load, preferred ones first."""
    from engine import registry

    _plugins()
    ids = registry.game_ids()
    ordered = [g for g in GAME_PREFERENCE if g in ids] + [g for g in ids
                                                          if g not in GAME_PREFERENCE]
    out = []
    for game_id in ordered:
        try:
            registry.rules(game_id)
        except (ImportError, AttributeError):
            continue
        out.append(game_id)
    return out


def _content_games() -> list[tuple[str, list[Path]]]:
    """Returns games with registered content kinds and their YAML files."""
    from engine import registry
    from engine.content import loader
    from engine.content.schema import KINDS

    for game_id in registry.game_ids():
        try:
            importlib.import_module(registry.info(game_id).module)
        except ImportError:
            continue
    out = []
    for game_id in KINDS.games():
        files = sorted((loader.DATA_DIR / game_id).rglob("*.yaml"))
        if files:
            out.append((game_id, files))
    if not out:
        raise BenchmarkSkipped("no game has content files yet")
    return out


def _bare_parse() -> None:
    import yaml

    for _game, files in _content_games():
        for path in files:
            yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader)


def _cold_load() -> None:
    from engine.content import loader

    for game_id, _files in _content_games():
        loader.load_game_content(game_id, use_cache=False)


def _warm_load() -> float:
    from engine.content import loader

    games = _content_games()
    for game_id, _files in games:
        loader.load_game_content(game_id)  # fills the disk cache (untimed after the first)
    loader.clear_memory_cache()
    start = time.thread_time()  # ok-determinism: benchmark timing
    for game_id, _files in games:
        loader.load_game_content(game_id)
    return (time.thread_time() - start) * 1000.0  # ok-determinism: benchmark timing


@functools.lru_cache(maxsize=1)
def _long_game() -> Any:
    """Returns a Session of the longest available game, played to the end by random bots."""
    from engine import registry
    from engine.ai.play import bot_config, seat_bots
    from engine.core.session import Session

    problems = []
    for game_id in _playable_games():
        rules = registry.rules(game_id)
        players = min(max(rules.min_players, 4), rules.max_players)
        try:
            config = bot_config(game_id, ["random"] * players)
            session = Session.start(game_id, config, 20240601)
            bots = seat_bots(game_id, config, 20240601)
            while not session.is_over and len(session.actions) < 20_000:
                actor = session.actor
                assert actor is not None
                session.apply(bots[actor].choose(rules, session.state, actor))
        except Exception as exc:  # noqa: BLE001 - a game still being written is passed over
            problems.append(f"{game_id}: {type(exc).__name__}: {exc}")
            continue
        return session
    raise BenchmarkSkipped("no registered game plays to the end" +
                           (f" ({'; '.join(problems)})" if problems else ""))


def _long_game_note() -> str:
    session = _long_game()
    return f"{session.game_id}, {session.config.players} players, {len(session.actions)} actions"


@functools.lru_cache(maxsize=1)
def _save_file() -> Path:
    from engine.core.record import save_record

    path = Path(tempfile.mkdtemp(prefix="bench-save-")) / "long.save"
    save_record(path, _long_game().record())
    return path


def _save() -> None:
    from engine.core.record import save_record

    session = _long_game()
    save_record(_save_file().with_name("again.save"), session.record())


def _save_reference() -> None:
    json.dumps(_long_game().record(snapshot=False).to_json(), separators=(",", ":"))


def _load() -> None:
    from engine.core.record import read_record, replay

    replay(read_record(_save_file()), verify=True)


def _load_reference() -> None:
    json.loads(_save_file().read_bytes())


@functools.lru_cache(maxsize=1)
def _decision_state() -> tuple[str, dict[str, Any], int]:
    """Returns (game, state dict, seat) of a position a third into the long game."""
    from engine import registry
    from engine.core.session import Session

    session = _long_game()
    game_id = session.game_id
    rules = registry.rules(game_id)
    replayed = Session.start(game_id, session.config, session.seed)
    for action in session.actions[: max(1, len(session.actions) // 3)]:
        replayed.apply(action)
    while not replayed.is_over and len(rules.legal_actions(replayed.state)) < 2:
        replayed.apply(rules.legal_actions(replayed.state)[0])
    actor = replayed.actor
    if actor is None:
        raise BenchmarkSkipped("the long game has no decision left to benchmark")
    return game_id, rules.state_to_dict(replayed.state), actor


def _mcts_decision() -> None:
    from engine import registry
    from engine.ai import make_bot

    game_id, data, seat = _decision_state()
    rules = registry.rules(game_id)
    make_bot("mcts", game_id, "normal", seed=1).choose(rules, rules.state_from_dict(data), seat)


def _reference_loop() -> None:
    """A fixed pure-Python workload (SplitMix64 draws and dict updates): the machine's pace."""
    from engine.core.rng import Rng

    rng = Rng(1)
    counts: dict[int, int] = {}
    for _ in range(60_000):
        k = rng.below(97)
        counts[k] = counts.get(k, 0) + 1


def _worker_memory() -> float:
    from engine.ai.worker import BotWorker

    game_id, data, seat = _decision_state()
    with BotWorker(init=PLUGINS) as worker:
        worker.request(game_id, data, seat, "mcts", "normal", 1)
        worker.wait(120)
        kb = worker.stats().get("maxrss_kb")
    if kb is None:
        raise BenchmarkSkipped("this system does not report peak memory")
    return float(kb) / 1024.0


_BASELINE_MEMORY = (
    "import json, yaml\n"
    "from engine.ai.worker import peak_rss_kb\n"
    "print(json.dumps({'mb': (peak_rss_kb() or 0) / 1024}))\n"
)


def _baseline_memory() -> float:
    return float(_child_json(_BASELINE_MEMORY)["mb"])


# --- UI: child programs in scenes/benchprobe.py (this module never imports pygame) ---------
def _ui_autosave_frame() -> float:
    _scenes_ready()
    return float(_probe_json("autosave", "5" if _QUICK else "20")["ms"])


def _scenes_ready() -> None:
    if importlib.util.find_spec("scenes.screens") is None:
        raise BenchmarkSkipped("the scenes package has no screens module yet")


def _ui_first_frame() -> float:
    _scenes_ready()
    return float(_probe_json("menu")["ms"])


def _ui_bare_window() -> float:
    return float(_probe_json("bare_window")["ms"])


_LAST_UI: dict[str, Any] = {}


def _ui_frames() -> tuple[float, float]:
    _scenes_ready()
    data = _probe_json("frames", "60" if _QUICK else "200", "1" if _QUICK else "0")
    _LAST_UI.update(data)
    return float(data["ms"]), float(data["ref_ms"])


def _ui_memory() -> float:
    _scenes_ready()
    return float(_probe_json("frames", "30", "0")["mb"])


def _ui_bare_memory() -> float:
    return float(_probe_json("bare_window")["mb"])


# --- the foundation benchmarks ------------------------------------------------------------
register_benchmark(
    "ui_autosave_frame", _ui_autosave_frame, None, 16.7, goal_on="value", samples=1,
    quick_samples=1,
    description="longest frame (ms) of the deck-builder table with an autosave in it, late in "
                "a long game")
register_benchmark(
    "engine_import", lambda: _import_cost(ENGINE_IMPORT), lambda: _import_cost("yaml"), 1.5,
    samples=9, quick_samples=3,
    description="CPU ms to import the headless engine core vs `import yaml`, fresh processes")
register_benchmark(
    "content_cold_load", _cold_load, _bare_parse, 1.3, samples=7, quick_samples=3,
    description="validated load of every game's content without cache vs bare LibYAML parse")
register_benchmark(
    "content_warm_cache", _warm_load, _bare_parse, 30.0, goal_on="value",
    description="load of every game's content from the disk cache (ms)")
register_benchmark(
    "save_serialise", _save, _save_reference, 20.0, goal_on="value",
    description="record + snapshot of a long game written as a save file (ms)",
    note=_long_game_note)
register_benchmark(
    "save_load", _load, _load_reference, 50.0, goal_on="value",
    description="read + verified replay of a long game's save file (ms)",
    note=_long_game_note)
register_benchmark(
    "mcts_decision", _mcts_decision, _reference_loop, 1000.0, goal_on="value",
    samples=3, quick_samples=1,
    description="one normal-difficulty MCTS decision (iteration budget) in the long game (ms)",
    note=_long_game_note)
register_benchmark(
    "worker_memory", _worker_memory, _baseline_memory, 60.0, unit="MB", goal_on="value",
    samples=1, quick_samples=1,
    description="peak RSS of a headless bot worker after one decision vs python + yaml",
    note=_long_game_note)
register_benchmark(
    "ui_menu_first_frame", _ui_first_frame, _ui_bare_window, 2.5, samples=5, quick_samples=2,
    description="CPU ms from start to the menu's first frame vs a bare pygame window")
register_benchmark(
    "ui_frame_p99", _ui_frames, None, 2.5, samples=1, quick_samples=1, paired=True,
    description="p99 frame of the busiest screen vs fill + 120 alpha cards + 200 labels + flip",
    note=lambda: f"busiest screen: {_LAST_UI.get('screen')}; could not build: "
                 f"{len(_LAST_UI.get('skipped', []))} screen(s)")
register_benchmark(
    "ui_window_memory", _ui_memory, _ui_bare_memory, 350.0, unit="MB", goal_on="value",
    samples=1, quick_samples=1,
    description="peak RSS of the window process after visiting every screen")
