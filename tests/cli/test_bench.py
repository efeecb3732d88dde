"""The benchmark harness: registry, interleaved medians, verdicts, skips, and one real run."""

from __future__ import annotations

import json

import pytest

from engine import bench
from engine.cli import main


@pytest.fixture
def scratch():
    """Registers benchmarks for one test and removes them afterwards."""
    added: list[str] = []

    def add(name: str, *args, **kwargs) -> None:
        bench.register_benchmark(name, *args, **kwargs)
        added.append(name)

    yield add
    for name in added:
        bench._BENCHMARKS.pop(name, None)


def test_ratio_value_and_skip_verdicts(scratch) -> None:
    calls: list[str] = []

    def fn() -> float:
        calls.append("fn")
        return 30.0

    def ref() -> float:
        calls.append("ref")
        return 10.0

    scratch("t_ratio", fn, ref, 2.5)
    scratch("t_value", lambda: 12.0, lambda: 1.0, 20.0, goal_on="value", unit="MB")
    scratch("t_paired", lambda: (4.0, 2.0), None, 1.5, paired=True, note=lambda: "pair")

    def skip() -> None:
        raise bench.BenchmarkSkipped("nothing to measure")

    scratch("t_skip", skip, ref, 1.0)
    results = bench.run(only=["t_"], quick=True)
    assert list(results) == ["t_ratio", "t_value", "t_paired", "t_skip"]
    assert results["t_ratio"] | {} == {"value": 30.0, "unit": "ms", "reference": 10.0,
                                       "ratio": 3.0, "goal": 2.5, "goal_on": "ratio",
                                       "ok": False, "samples": 3}
    assert results["t_value"]["ok"] is True and results["t_value"]["unit"] == "MB"
    assert results["t_paired"]["ratio"] == 2.0 and results["t_paired"]["note"] == "pair"
    assert results["t_skip"] == {"skipped": "nothing to measure", "goal": 1.0, "ok": None}
    # Samples are interleaved: the order alternates so drift hits both alike.
    assert calls[:6] == ["fn", "ref", "ref", "fn", "fn", "ref"]
    table = bench.markdown_table(results)
    assert "| `t_ratio` | ≤ 2.5× reference | 30 ms (×3) | 10 ms | **no** |" in table
    assert "skipped: nothing to measure" in table


def test_the_harness_times_workloads_that_return_nothing(scratch) -> None:
    def busy() -> None:
        sum(i * i for i in range(20_000))

    scratch("t_timed", busy, lambda: None, 1000.0)
    result = bench.run(only=["t_timed"], quick=True)["t_timed"]
    assert result["value"] > 0 and result["reference"] >= 0


def test_a_ratio_goal_needs_a_reference() -> None:
    with pytest.raises(ValueError, match="reference"):
        bench.register_benchmark("t_bad", lambda: 1.0, None, 1.0)
    with pytest.raises(ValueError, match="goal_on"):
        bench.register_benchmark("t_bad", lambda: 1.0, None, 1.0, goal_on="speed")


def test_foundation_benchmarks_are_registered() -> None:
    names = bench.benchmark_names()
    for name in ("engine_import", "content_cold_load", "content_warm_cache", "save_serialise",
                 "save_load", "worker_memory", "mcts_decision", "ui_menu_first_frame",
                 "ui_frame_p99", "ui_window_memory"):
        assert name in names


def test_bench_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--plugin", "tests.toy:register_toy", "bench", "--quick", "--only",
                 "save_"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert set(results) == {"save_serialise", "save_load"}
    for result in results.values():
        if "skipped" not in result:
            assert result["value"] > 0 and result["ok"] in (True, False)


@pytest.mark.parametrize("name", ["deckbuilder.games", "duel.games", "crawl.games"])
def test_game_benchmarks_play_as_simulate_does(name: str, monkeypatch) -> None:
    """Each sample validates every action (``apply``, as simulate and the window) and plays
    seeds no earlier sample played."""
    from engine import registry

    bench.benchmark_names()  # loads the games' benchmark modules
    rules = registry.rules(name.split(".")[0])
    seeds: list[int] = []
    counts = {"validate": 0, "do_apply": 0}
    new_game, validate, do_apply = rules.new_game, rules.validate, rules.do_apply

    def counting_new_game(config, seed):
        seeds.append(seed)
        return new_game(config, seed)

    def counting(name: str, method):
        def call(state, action):
            counts[name] += 1
            return method(state, action)
        return call

    monkeypatch.setattr(rules, "new_game", counting_new_game)
    monkeypatch.setattr(rules, "validate", counting("validate", validate))
    monkeypatch.setattr(rules, "do_apply", counting("do_apply", do_apply))
    workload = bench._BENCHMARKS[name].fn
    workload()
    workload()
    assert counts["do_apply"] > 0 and counts["validate"] == counts["do_apply"]
    assert len(seeds) == len(set(seeds)) and len(seeds) >= 2 * 5


def test_the_pyminion_comparison_skips_without_pyminion(monkeypatch) -> None:
    import sys

    bench.benchmark_names()
    monkeypatch.setitem(sys.modules, "pyminion", None)  # as if not installed
    monkeypatch.setitem(sys.modules, "pyminion.bots.examples", None)
    result = bench.measure(bench._BENCHMARKS["deckbuilder.vs_pyminion"], quick=True)
    assert result["ok"] is None and "pyminion is not installed" in result["skipped"]


def test_the_pyminion_comparison_runs_when_pyminion_is_installed() -> None:
    pytest.importorskip("pyminion", reason="pyminion (an optional dev dependency) is absent")
    bench.benchmark_names()
    result = bench.measure(bench._BENCHMARKS["deckbuilder.vs_pyminion"], quick=True)
    assert "skipped" not in result, result
    # CPU ms per player-turn of each engine, and their ratio
    assert result["value"] > 0 and result["reference"] > 0 and result["ratio"] > 0
