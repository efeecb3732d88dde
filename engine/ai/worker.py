"""Runs bots in a separate process so that the window never waits for a bot to think.

The child is a fresh interpreter running ``python -m engine.ai.worker`` and speaking JSON lines
over its stdin/stdout. A fresh interpreter rather than ``multiprocessing``'s spawn start: spawn
re-imports the parent's ``__main__`` (the pygame app) in the child, which would load pygame and
cost tens of megabytes; this way the child imports only the engine and the one game it plays.

Requests: ``{"id", "cmd": "choose", "game", "state", "seat", "bot", "difficulty", "seed",
"options"}``, ``{"id", "cmd": "hint", "game", "state", "seat", "seed", "options"}`` (the coach,
engine/ai/coach.py), ``{"id", "cmd": "stats"}``; answers: ``{"id", "action"}`` /
``{"id", "hint"}`` / ``{"id", "stats"}`` / ``{"id", "error"}``. A cancelled request's child is stopped and a new one starts on demand.

The child never sees the true state: ``seat_state`` turns it into a determinization made from
the acting seat's view, with a seed for the bot taken from that view too, so nothing the seat
may not know reaches the bot process.
"""

from __future__ import annotations

import importlib
import json
import os
import queue
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from engine.core.actions import Action

ROOT = Path(__file__).resolve().parents[2]
# A frozen program (the PyInstaller bundle) has no ``-m``: its launcher
# (tabletop_hall.launcher.main) serves requests when started with this first argument.
FROZEN_FLAG = "--bot-worker"


def seat_state(rules: Any, state: Any, seat: int, actions: int) -> tuple[dict[str, Any], int]:
    """Returns what the bot process may be sent for ``seat``: a determinization of ``state``
    (JSON form) and a seed for the bot, both derived from the seat's view alone.

    ``determinize`` depends only on the seat's view for a given RNG (protocol contract), and
    the RNG is seeded from a hash of that view and the number of actions played, so two states
    that differ only in what the seat cannot see give the same request.
    """
    from engine.core.hashing import digest
    from engine.core.rng import Rng

    key = int(digest(rules.view(state, seat))[:16], 16)
    rng = Rng(key ^ ((actions * 0x9E3779B97F4A7C15 + seat) & ((1 << 64) - 1)))
    bot_seed = rng.next_u64()
    return rules.state_to_dict(rules.determinize(state, seat, rng)), bot_seed


class BotWorkerError(RuntimeError):
    """The worker failed: the bot raised, the game is unknown, or the process died."""


def interactive_options(bot_id: str, game_id: str, difficulty: str) -> dict[str, Any]:
    """Returns the options for play at the screen: a CPU-time cap for bots that take one.

    The cap is the difficulty's ``seconds`` (at most one second), given to every bot whose
    factory accepts a ``seconds`` keyword (the generic MCTS bot and games' bots built on it).
    """
    import inspect

    from engine.ai.base import bot_info
    from engine.ai.mcts import PRESETS

    factory = bot_info(bot_id, game_id).factory
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return {}
    if "seconds" not in params or difficulty not in PRESETS:
        return {}
    return {"seconds": PRESETS[difficulty].seconds}


class BotWorker:
    """A bot process: ``request`` a decision, then ``poll`` each frame until it is ready."""

    def __init__(self, init: Sequence[str] = (), python: str | None = None) -> None:
        """``init`` lists ``module:function`` callables the child runs first (e.g. test games)."""
        self.init = tuple(init)
        self.python = python or sys.executable
        self._proc: subprocess.Popen[str] | None = None
        self._answers: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=20)
        self._next_id = 0
        self._pending: int | None = None
        self.last_why: dict[str, Any] | None = None  # the last answered choice's reason

    # --- process ------------------------------------------------------------------------
    def _start(self) -> subprocess.Popen[str]:
        """Returns the running child, starting it if needed."""
        if self._proc is not None and self._proc.poll() is None:
            return self._proc
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
        env.setdefault("PYTHONIOENCODING", "utf-8")
        cmd = worker_command(self.python, self.init)
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                cwd=str(ROOT), env=env, bufsize=1)
        self._answers = queue.Queue()
        answers = self._answers
        assert proc.stdout is not None and proc.stderr is not None
        threading.Thread(target=_read_answers, args=(proc.stdout, answers), daemon=True).start()
        threading.Thread(target=_read_lines, args=(proc.stderr, self._stderr),
                         daemon=True).start()
        self._proc = proc
        return proc

    def _send(self, message: dict[str, Any]) -> int:
        proc = self._start()
        self._next_id += 1
        message["id"] = self._next_id
        assert proc.stdin is not None
        try:
            proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise BotWorkerError(self._death_note()) from None
        self._pending = self._next_id
        return self._next_id

    def _death_note(self) -> str:
        last = next((line for line in reversed(self._stderr) if line.strip()), "")
        return "the bot process stopped" + (f": {last.strip()}" if last else "")

    # --- public API ---------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Returns True while a request waits for its answer."""
        return self._pending is not None

    def request(self, game_id: str, state_dict: dict[str, Any], seat: int,
                bot_id: str = "heuristic", difficulty: str = "normal", seed: int = 0,
                options: dict[str, Any] | None = None) -> int:
        """Asks for the action of ``seat`` in the given state; returns the request id.

        At the table ``state_dict`` and ``seed`` come from ``seat_state``, never from the true
        state. A request still running is cancelled first. ``options`` go to the bot's factory; None
        means the interactive budget (``interactive_options``: at most one CPU second).
        """
        if self.busy:
            self.cancel()
        return self._send({"cmd": "choose", "game": game_id, "state": state_dict, "seat": seat,
                           "bot": bot_id, "difficulty": difficulty, "seed": seed,
                           "options": None if options is None else dict(options)})

    def request_hint(self, game_id: str, state_dict: dict[str, Any], seat: int, seed: int = 0,
                     options: dict[str, Any] | None = None) -> int:
        """Asks the coach what ``seat`` should do (``state_dict`` and ``seed`` from
        ``seat_state``); returns the request id. ``options`` go to the coach (``steps``,
        ``seconds``); None means the coach's own budget and CPU cap (engine/ai/coach.py)."""
        if self.busy:
            self.cancel()
        return self._send({"cmd": "hint", "game": game_id, "state": state_dict, "seat": seat,
                           "seed": seed, "options": None if options is None else dict(options)})

    def poll_hint(self) -> dict[str, Any] | None:
        """Returns the coach's answer once it is ready, else None (never blocks)."""
        answer = self._take(False, None)
        return dict(answer["hint"]) if answer else None

    def wait_hint(self, timeout: float | None = None) -> dict[str, Any] | None:
        """Returns the coach's answer, blocking up to ``timeout`` seconds (None: no limit)."""
        answer = self._take(True, timeout)
        return dict(answer["hint"]) if answer else None

    def _take(self, block: bool, timeout: float | None) -> dict[str, Any] | None:
        """Returns the answer to the pending request, or None if it is not there yet."""
        while self._pending is not None:
            try:
                answer = self._answers.get(block=block, timeout=timeout)
            except queue.Empty:
                return None
            if answer is None:  # the child's stdout closed: it died
                self._pending = None
                raise BotWorkerError(self._death_note())
            if answer.get("id") != self._pending:
                continue  # the answer to a cancelled request
            self._pending = None
            if "error" in answer:
                raise BotWorkerError(str(answer["error"]))
            return answer
        return None

    def poll(self) -> Action | None:
        """Returns the chosen action once it is ready, else None (never blocks); the bot's
        reason for it, if it gave one, is ``last_why`` (a Message's JSON form)."""
        answer = self._take(False, None)
        if answer is None:
            return None
        self.last_why = answer.get("why")
        return Action.from_json(answer["action"])

    def wait(self, timeout: float | None = None) -> Action | None:
        """Returns the chosen action, blocking up to ``timeout`` seconds (None: no limit)."""
        answer = self._take(True, timeout)
        return Action.from_json(answer["action"]) if answer else None

    def stats(self, timeout: float = 30.0) -> dict[str, Any]:
        """Returns the child's peak memory and loaded modules (blocks; for tests and bench)."""
        if self.busy:
            self.cancel()
        self._send({"cmd": "stats"})
        answer = self._take(True, timeout)
        if answer is None:
            raise BotWorkerError("the bot process did not answer")
        return dict(answer["stats"])

    def cancel(self) -> None:
        """Drops the pending request; a child still thinking about it is stopped."""
        if self._pending is None:
            return
        self._pending = None
        self._stop()

    def close(self) -> None:
        """Stops the child process."""
        self._pending = None
        self._stop()

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        if proc.poll() is None:
            proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def __enter__(self) -> BotWorker:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown: nothing left to report to
            pass


def worker_command(python: str, init: Sequence[str] = ()) -> list[str]:
    """Returns the command line that starts a bot process with this interpreter or program."""
    frozen = bool(getattr(sys, "frozen", False)) and python == sys.executable
    cmd = [python, FROZEN_FLAG] if frozen else [python, "-m", "engine.ai.worker"]
    for spec in init:
        cmd += ["--init", spec]
    return cmd


def _read_answers(stream: IO[str], answers: queue.Queue[dict[str, Any] | None]) -> None:
    """Puts every JSON line of the child's stdout into ``answers``; None at the end."""
    for line in stream:
        try:
            answers.put(json.loads(line))
        except json.JSONDecodeError:
            continue
    answers.put(None)


def _read_lines(stream: IO[str], lines: deque[str]) -> None:
    for line in stream:
        lines.append(line)


# --- the child ---------------------------------------------------------------------------
def _answer(message: dict[str, Any]) -> dict[str, Any]:
    """Returns the answer to one request."""
    cmd = message.get("cmd")
    if cmd == "stats":
        return {"stats": _stats()}
    if cmd == "hint":
        return {"hint": _hint(message)}
    if cmd != "choose":
        return {"error": f"unknown command {cmd!r}"}
    from engine import registry
    from engine.ai.base import make_bot

    game_id = str(message["game"])
    rules = registry.rules(game_id)
    state = rules.state_from_dict(message["state"])
    seat = int(message["seat"])
    bot_id = str(message["bot"])
    difficulty = str(message.get("difficulty", "normal"))
    options = message.get("options")
    if options is None:
        options = interactive_options(bot_id, game_id, difficulty)
    bot = make_bot(bot_id, game_id, difficulty, int(message.get("seed", 0)), **options)
    action = bot.choose(rules, state, seat)
    # a bot may say why it chose (a Message's JSON form; the table logs it after the action)
    return {"action": action.to_json(), "stats": bot.last_stats.get("iterations"),
            "why": bot.last_stats.get("why")}


def _hint(message: dict[str, Any]) -> dict[str, Any]:
    """Returns the coach's hint for a request (engine/ai/coach.py)."""
    from engine import registry
    from engine.ai.coach import SECONDS, hint

    rules = registry.rules(str(message["game"]))
    state = rules.state_from_dict(message["state"])
    options = message.get("options")
    if options is None:
        options = {"seconds": SECONDS}
    return hint(rules, state, int(message["seat"]), int(message.get("seed", 0)),
                steps=options.get("steps"), seconds=options.get("seconds"))


def _stats() -> dict[str, Any]:
    """Returns peak memory (kB, where the OS tells) and whether pygame or scenes were loaded."""
    return {"pid": os.getpid(), "maxrss_kb": peak_rss_kb(),
            "pygame": any(m.split(".")[0] in ("pygame", "scenes") for m in sys.modules)}


def peak_rss_kb() -> int | None:
    """Returns this process's peak resident memory in kB (None where the OS does not say).

    Linux: VmHWM of /proc/self/status, because getrusage's ru_maxrss survives exec and so
    reports the parent's size when the parent was bigger than the fresh child.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
    except ImportError:
        return None
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(rss // 1024 if sys.platform == "darwin" else rss)  # macOS reports bytes


def serve(init: Sequence[str] = ()) -> None:
    """Answers requests from stdin until it closes (the child's main loop)."""
    out = sys.stdout
    sys.stdout = sys.stderr  # stray prints must not corrupt the answer stream
    for spec in init:
        module, _, func = spec.partition(":")
        target = importlib.import_module(module)
        if func:
            getattr(target, func)()
    for line in sys.stdin:
        if not line.strip():
            continue
        message: Any = {}
        try:
            message = json.loads(line)
            answer = _answer(message)
        except Exception as exc:  # noqa: BLE001 - every failure goes back to the caller
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        answer["id"] = message.get("id") if isinstance(message, dict) else None
        out.write(json.dumps(answer, separators=(",", ":")) + "\n")
        out.flush()


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of ``python -m engine.ai.worker [--init module:function ...]``."""
    args = list(sys.argv[1:] if argv is None else argv)
    init = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "--init"]
    serve(init)


if __name__ == "__main__":
    main()
