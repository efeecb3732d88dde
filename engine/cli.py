"""The headless command line: ``python -m engine <command>``.

Commands: list-games, simulate, match, record, replay, validate-data, scenario, conform, bench. Bad
arguments or files give one line on stderr and a non-zero exit code, never a traceback (set
ENGINE_DEBUG=1 to see one). The output is for developers and scripts, so it is English and JSON, not catalog text.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

EXIT_OK = 0
EXIT_FAIL = 1  # the command ran and found a problem (mismatch, failed scenario, bad content)
EXIT_USAGE = 2  # bad arguments or unusable input


class CliError(Exception):
    """A problem with the command's input, reported as one line."""

    def __init__(self, message: str, code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.code = code


class _Parser(argparse.ArgumentParser):
    """An argument parser that reports errors in one line instead of usage + message."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        raise SystemExit(EXIT_USAGE)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description="Headless tools of the game engine.")
    parser.add_argument("--plugin", action="append", default=[], metavar="MODULE:FUNC",
                        help="import MODULE and call FUNC first (registers extra games or bots)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("list-games", help="list the registered games")
    p.add_argument("--json", action="store_true", help="one JSON object per game")
    p.add_argument("--lang", default="en", help="language of the titles (de or en)")

    def game_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--game", required=True, help="game id (see list-games)")
        p.add_argument("--players", type=int, help="number of seats (default: the minimum)")
        p.add_argument("--seed", type=int, default=0, help="seed of the (first) game")
        p.add_argument("--bot", default=None, help="bot id for every seat (default: the "
                       "game's default bot, random for most games)")
        p.add_argument("--bots", help="comma-separated bot ids, one per seat")
        p.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"))
        p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help="game option or variant (value read as JSON, else as text)")
        p.add_argument("--max-actions", type=int, default=50_000,
                       help="stop a game that has not ended after this many actions")

    p = sub.add_parser("simulate", help="play bot games and report the results")
    game_args(p)
    p.add_argument("--games", type=int, default=1, help="number of games (seeds S, S+1, ...)")
    p.add_argument("--json", action="store_true", help="one JSON object per game per line")
    p.add_argument("--max-games", type=int, default=200, help="a campaign (an option chose "
                   "one) stops unfinished after this many games")

    p = sub.add_parser("match", help="play two bots against each other with seats "
                       "alternating; report won/tied/lost and the first bot's decision times")
    p.add_argument("--game", required=True, help="game id (see list-games)")
    p.add_argument("--bots", default="hard,heuristic",
                   help="the two bot ids, the measured one first (default hard,heuristic); "
                   "id:difficulty gives one its own level (heuristic:easy,heuristic)")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=1000, help="seed of the first game")
    p.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"),
                   help="difficulty of the bots (the hard bot is always hard)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="game option or variant (value read as JSON, else as text)")
    p.add_argument("--json", action="store_true", help="one JSON object per game per line")

    p = sub.add_parser("record", help="play one bot game and write its record")
    game_args(p)
    p.add_argument("--out", required=True, type=Path, help="record file to write")

    p = sub.add_parser("replay", help="re-simulate a record or save file")
    p.add_argument("file", type=Path)
    p.add_argument("--verify", action="store_true", help="check every stored hash")

    p = sub.add_parser("validate-data", help="check every content file, print every problem")
    p.add_argument("--game", help="only this game's content")

    p = sub.add_parser("scenario", help="run scenario files like tests")
    p.add_argument("files", nargs="+", type=Path)
    p.add_argument("-v", "--verbose", action="store_true", help="print every step")

    p = sub.add_parser("conform", help="play every game in its modes, options and player "
                       "counts with every conformance check (engine/conform.py)")
    p.add_argument("--game", action="append", default=[], help="game id (repeatable; "
                   "default: every registered game)")
    p.add_argument("--games", type=int, default=100, help="games per game id (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the sample (with --exact: of "
                   "the one game)")
    p.add_argument("--bot", action="append", default=[], help="bot id (repeatable; default: "
                   "random and heuristic alternating)")
    p.add_argument("--players", type=int, help="only this number of seats")
    p.add_argument("--seats", help="seat kinds, h (human) or b (bot) per seat, e.g. hbh")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="fix an option (value read as JSON, else as text)")
    p.add_argument("--cover", action="store_true", help="the small covering sample of the "
                   "test suite instead of --games")
    p.add_argument("--exact", action="store_true", help="play exactly one game: --game, "
                   "--players, --seats, one --bot, --seed and the options given (a repro line)")
    p.add_argument("--campaign", default="", help="with --exact: play this campaign of the "
                   "game game after game")
    p.add_argument("--carry", default=None, metavar="JSON", help="with --exact and "
                   "--campaign: start the campaign at a later game carrying this")
    p.add_argument("--no-undo", action="store_true", help="skip the undo checks")
    p.add_argument("--no-views", action="store_true", help="skip the per-step views")
    p.add_argument("--max-actions", type=int, default=30_000,
                   help="fail a game that has not ended after this many actions")
    p.add_argument("--part", default="0/1", metavar="K/N",
                   help="play only every N-th game of the sample from the K-th (parallel runs)")
    p.add_argument("--start", type=int, default=0, metavar="M",
                   help="skip the first M games of the selection (resume a run)")
    p.add_argument("--progress", type=int, default=100, metavar="N",
                   help="print a progress line every N games (0: never)")

    p = sub.add_parser("bench", help="run the benchmarks and print JSON")
    p.add_argument("--only", action="append", default=[], metavar="NAME",
                   help="run only this benchmark (repeatable; a prefix selects a group)")
    p.add_argument("--quick", action="store_true", help="fewer samples")
    p.add_argument("--list", action="store_true", help="list the benchmark names")
    p.add_argument("--strict", action="store_true", help="exit 1 when a goal is missed")
    p.add_argument("--markdown", action="store_true", help="print a Markdown table instead")
    return parser


# --- helpers ------------------------------------------------------------------------------
def _load_plugins(specs: Sequence[str]) -> None:
    for spec in specs:
        module, _, func = spec.partition(":")
        try:
            target = importlib.import_module(module)
        except ImportError as exc:
            raise CliError(f"cannot import plugin {module!r}: {exc}") from None
        if func:
            if not callable(getattr(target, func, None)):
                raise CliError(f"plugin {module!r} has no function {func!r}")
            getattr(target, func)()


def _rules(game_id: str) -> Any:
    from engine import registry

    if game_id not in registry.game_ids():
        known = ", ".join(registry.game_ids()) or "none"
        raise CliError(f"unknown game {game_id!r} (known: {known})")
    try:
        return registry.rules(game_id)
    except (ImportError, AttributeError) as exc:
        raise CliError(f"the rules of {game_id} cannot be loaded: {exc}", EXIT_FAIL) from None


def _option_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _config(args: argparse.Namespace) -> tuple[Any, Any]:
    """Returns (rules, config) for the game arguments of simulate/record."""
    from engine.ai.base import bot_info, check_difficulty
    from engine.ai.play import bot_config
    from engine.core.errors import MalformedAction

    rules = _rules(args.game)
    if args.bots:
        bots = [b.strip() for b in args.bots.split(",")]
        if args.players is not None and args.players != len(bots):
            raise CliError(f"--players {args.players} does not match {len(bots)} bots in --bots")
    else:
        bot = args.bot if args.bot is not None else rules.default_bot
        bots = [bot] * (args.players if args.players is not None else rules.min_players)
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise CliError(f"--option needs KEY=VALUE, not {item!r}")
        options[key] = _option_value(value)
    check_difficulty(args.difficulty)
    for bot in dict.fromkeys(bots):
        try:
            bot_info(bot, args.game)
        except KeyError as exc:
            raise CliError(str(exc.args[0])) from None
    if args.max_actions < 1:
        raise CliError("--max-actions must be at least 1")
    try:
        return rules, bot_config(args.game, bots, args.difficulty, options)
    except MalformedAction as exc:
        raise CliError(str(exc)) from None


# --- commands -----------------------------------------------------------------------------
def cmd_list_games(args: argparse.Namespace) -> int:
    """Prints the registered games."""
    from engine import registry
    from engine.content.i18n import Catalog

    try:
        catalog = Catalog.load(args.lang)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    for game_id in registry.game_ids():
        info = registry.info(game_id)
        entry: dict[str, Any] = {"id": game_id, "title": catalog.t(info.title)}
        try:
            rules = registry.rules(game_id)
            entry["players"] = [rules.min_players, rules.max_players]
            entry["rules_version"] = rules.rules_version
        except (ImportError, AttributeError) as exc:
            entry["error"] = f"rules not loadable: {exc}"
        if args.json:
            print(json.dumps(entry, ensure_ascii=False))
        elif "error" in entry:
            print(f"{game_id:16} {entry['title']}  ({entry['error']})")
        else:
            lo, hi = entry["players"]
            print(f"{game_id:16} {lo}-{hi} players  {entry['title']}")
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    """Plays K bot games and prints one result per game plus a summary."""
    from engine.ai.play import play_game

    rules, config = _config(args)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if args.max_games < 1:
        raise CliError("--max-games must be at least 1")
    from engine.core.campaign import chosen_campaign
    from engine.core.errors import MalformedAction

    try:
        camp = chosen_campaign(args.game, config)
    except MalformedAction as exc:
        raise CliError(str(exc)) from None
    if camp is not None:
        return _simulate_campaigns(args, rules, config, camp.id)

    def one(seed: int) -> dict[str, Any]:
        game = play_game(args.game, config, seed, max_actions=args.max_actions)
        outcome = rules.outcome(game.state) if game.finished else None
        return {
            **_result_head(args, config, seed, game.finished, outcome),
            "turns": rules.turn_number(game.state),
            "actions": len(game.actions),
            "final_hash": rules.state_hash(game.state),
        }

    return _print_results(args, one)


def _result_head(args: argparse.Namespace, config: Any, seed: int, finished: bool,
                 outcome: Any, campaign: str = "") -> dict[str, Any]:
    """Returns the first fields of a simulated game's (or campaign's) result line."""
    head: dict[str, Any] = {"game": args.game}
    if campaign:
        head["campaign"] = campaign
    head.update({"seed": seed, "players": config.players,
                 "bots": [s.bot for s in config.seats], "difficulty": args.difficulty,
                 "finished": finished,
                 "winners": list(outcome.winners) if outcome else [],
                 "scores": list(outcome.scores) if outcome else []})
    return head


def _print_results(args: argparse.Namespace, one: Any) -> int:
    """Plays ``one(seed)`` for each of the ``--games`` seeds from ``--seed``, adds the CPU
    seconds it took and prints each result (a line or, with ``--json``, a JSON object) and
    then the summary."""
    results = []
    for seed in range(args.seed, args.seed + args.games):
        start = time.process_time()  # ok-determinism: reported duration only
        result = one(seed)
        seconds = time.process_time() - start  # ok-determinism: reported duration only
        result["seconds"] = round(seconds, 4)
        results.append(result)
        if args.json:
            print(json.dumps(result), flush=True)
        else:
            print(_game_line(result), flush=True)
    if not args.json:
        for line in _summary(results):
            print(line)
    return EXIT_OK


def _simulate_campaigns(args: argparse.Namespace, rules: Any, config: Any,
                        campaign_id: str) -> int:
    """Plays K bot campaigns (the set-up's option chose one) and prints one result per
    campaign plus a summary; a campaign counts as one "game" of the report."""
    from engine.ai.play import play_campaign

    def one(seed: int) -> dict[str, Any]:
        played = play_campaign(args.game, campaign_id, config, seed,
                               max_actions=args.max_actions, max_games=args.max_games)
        camp = played.campaign
        outcome = camp.outcome() if played.finished else None
        return {
            **_result_head(args, config, seed, played.finished, outcome, campaign=campaign_id),
            "games": len(played.actions),
            "turns": sum(played.turns),
            "actions": sum(played.actions),
            "final_hash": rules.state_hash(camp.current.state),
        }

    return _print_results(args, one)


def cmd_match(args: argparse.Namespace) -> int:
    """Plays a seeded 2-player match with seats alternating (engine/ai/match.py)."""
    from engine.ai.base import bot_info, check_difficulty
    from engine.ai.match import play_match, split_bot

    rules = _rules(args.game)
    bots = tuple(b.strip() for b in args.bots.split(","))
    if len(bots) != 2:
        raise CliError("--bots needs exactly two bot ids, the measured one first")
    if not rules.min_players <= 2 <= rules.max_players:
        raise CliError(f"{args.game} is not played by two")
    if args.games < 1:
        raise CliError("--games must be at least 1")
    for spec in dict.fromkeys(bots):
        bot, level = split_bot(spec, args.difficulty)
        try:
            bot_info(bot, args.game)
            check_difficulty(level)
        except KeyError as exc:
            raise CliError(str(exc.args[0])) from None
        except ValueError as exc:
            raise CliError(str(exc)) from None
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise CliError(f"--option needs KEY=VALUE, not {item!r}")
        options[key] = _option_value(value)

    def show(game: Any) -> None:
        times = sorted(game.times)
        if args.json:
            print(json.dumps({"seed": game.seed, "seat": game.seat, "result": game.result,
                              "scores": game.scores, "actions": game.actions,
                              "decisions": len(times), "switched": game.switched,
                              "max_seconds": round(max(times, default=0.0), 4)}), flush=True)
        else:
            print(f"seed {game.seed}, {bots[0]} in seat {game.seat + 1}: {game.result} "
                  f"(scores {', '.join(f'{s:g}' for s in game.scores)}), {game.actions} "
                  f"actions, {len(times)} decisions timed, slowest "
                  f"{max(times, default=0.0):.3f} s", flush=True)

    report = play_match(args.game, (bots[0], bots[1]), args.games, args.seed,
                        args.difficulty, options, on_game=show)
    if not args.json:
        print(report.summary())
    return EXIT_OK


def _game_line(r: dict[str, Any]) -> str:
    if r["finished"]:
        winners = ", ".join(f"P{w + 1}" for w in r["winners"]) or "nobody"
        scores = ", ".join(f"{s:g}" for s in r["scores"])
        end = f"won by {winners} (scores {scores})"
    elif "games" in r:
        end = "unfinished (game or action cap)"
    else:
        end = "unfinished (action cap)"
    games = ""
    if "games" in r:
        games = f"{r['games']} game{'s' if r['games'] != 1 else ''}, "
    return (f"seed {r['seed']}: {end} after {games}{r['turns']} turns, {r['actions']} actions, "
            f"{r['seconds']:.2f} s, hash {r['final_hash'][:12]}")


def _summary(results: list[dict[str, Any]]) -> list[str]:
    """Returns the closing lines of a readable simulation report: wins per seat and averages."""
    games = len(results)
    finished = [r for r in results if r["finished"]]
    seats = results[0]["players"]
    bots = results[0]["bots"]
    wins = [sum(1 for r in finished if seat in r["winners"]) for seat in range(seats)]
    lines = [f"{games} game(s), {len(finished)} finished"]
    for seat in range(seats):
        share = 100.0 * wins[seat] / games
        lines.append(f"  P{seat + 1} ({bots[seat]}): {wins[seat]} win(s), {share:.0f}%")
    lines.append(f"  average {sum(r['turns'] for r in results) / games:.1f} turns, "
                 f"{sum(r['actions'] for r in results) / games:.1f} actions, "
                 f"{sum(r['seconds'] for r in results) / games:.3f} s per game")
    return lines


def cmd_record(args: argparse.Namespace) -> int:
    """Plays one bot game and writes its record (usable as a golden game)."""
    from engine.ai.play import seat_bots
    from engine.core.record import save_record
    from engine.core.session import Session

    rules, config = _config(args)
    session = Session.start(args.game, config, args.seed)
    bots = seat_bots(args.game, config, args.seed)
    while not session.is_over and len(session.actions) < args.max_actions:
        actor = session.actor
        if actor is None:
            break
        session.apply(bots[actor].choose(rules, session.state, actor))
    meta = {"generator": "python -m engine record",
            "bots": [s.bot for s in config.seats], "difficulty": args.difficulty}
    try:
        save_record(args.out, session.record(meta=meta))
    except OSError as exc:
        raise CliError(f"cannot write {args.out}: {exc.strerror or exc}", EXIT_FAIL) from None
    state = "finished" if session.is_over else "unfinished (action cap)"
    print(f"wrote {args.out}: {args.game}, seed {args.seed}, {len(session.actions)} actions, "
          f"{state}, final hash {session.hashes[-1][:12]}")
    return EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-simulates a record; with --verify every hash must match."""
    from engine.core.campaign import FORMAT as CAMPAIGN
    from engine.core.errors import RecordError
    from engine.core.record import GameRecord, content_changed, read_json, replay

    try:
        data = read_json(args.file)
        if isinstance(data, dict) and data.get("format") == CAMPAIGN:
            return _replay_campaign(args, data)
        record = GameRecord.from_json(data)
        if record.game_id not in _registered():
            raise RecordError("save.unknown_game", f"the record is for a game this program does "
                              f"not know ({record.game_id})")
        session = replay(record, verify=args.verify)
    except RecordError as exc:
        raise CliError(f"{args.file}: {exc}", EXIT_FAIL) from None
    rules = session.rules
    status = "over" if session.is_over else "in progress"
    outcome = rules.outcome(session.state) if session.is_over else None
    extra = ""
    if outcome is not None:
        extra = " winners " + ",".join(f"P{w + 1}" for w in outcome.winners)
    checked = "all hashes verified" if args.verify else "not verified"
    if content_changed(record):
        # The record is whole and (with --verify) still replays; the data it was made with
        # is not what this program has, which a reader of "verified" should know.
        checked += "; note: the game's content changed since the record was made"
        print(f"{args.file}: warning: content hash {record.content_hash[:12]} differs from this "
              f"program's {rules.content_hash()[:12]}", file=sys.stderr)
    print(f"{args.file}: {record.game_id}, {len(record.actions)} actions, {status}{extra}; "
          f"{checked}; final hash {session.hashes[-1][:12]}")
    return EXIT_OK


def _replay_campaign(args: argparse.Namespace, data: Any) -> int:
    """Re-simulates a campaign save: every game's record (each checked to be set up as the
    campaign says and to carry out the same data again); prints one line per game."""
    from engine.core.campaign import CampaignRecord, replay_campaign
    from engine.core.errors import RecordError

    try:
        record = CampaignRecord.from_json(data)
        if record.game_id not in _registered():
            raise RecordError("save.unknown_game", f"the campaign is of a game this program "
                              f"does not know ({record.game_id})")
        camp = replay_campaign(record, verify=args.verify)
    except RecordError as exc:
        raise CliError(f"{args.file}: {exc}", EXIT_FAIL) from None
    sessions = [*camp.finished, camp.current.record()] if not camp.over else camp.finished
    for i, game in enumerate(sessions):
        outcome = camp.outcomes[i] if i < len(camp.outcomes) else None
        end = "in progress" if outcome is None else (
            "won by " + ",".join(f"P{w + 1}" for w in outcome.winners) if outcome.winners
            else "lost")
        print(f"{args.file}: game {i + 1}: {len(game.actions)} actions, {end}")
    checked = "all hashes verified" if args.verify else "not verified"
    status = "over" if camp.over else "in progress"
    print(f"{args.file}: {record.game_id} campaign {record.campaign_id}, {len(record.games)} "
          f"games, {status}; {checked}")
    return EXIT_OK


def _registered() -> list[str]:
    from engine import registry

    return registry.game_ids()


def cmd_validate_data(args: argparse.Namespace) -> int:
    """Prints every content problem of every game (or one); exits 1 if there is any."""
    from engine import registry
    from engine.content import loader

    games = [args.game] if args.game else registry.game_ids()
    if args.game and args.game not in registry.game_ids():
        raise CliError(f"unknown game {args.game!r} (known: {', '.join(registry.game_ids())})")
    problems: list[str] = []
    for game_id in games:
        # A game registers its content kinds and effects when its package is imported.
        try:
            importlib.import_module(registry.info(game_id).module)
        except Exception as exc:  # noqa: BLE001 - a broken package is a problem to list
            problems.append(f"{game_id}: the rules package cannot be imported: "
                            f"{type(exc).__name__}: {exc}")
    if args.game:
        problems += loader.validate_game_content(args.game)
    else:
        for found in loader.validate_all().values():
            problems += found
    for problem in problems:
        print(problem)
    scope = args.game or "all games"
    if problems:
        print(f"{len(problems)} content problem(s) in {scope}", file=sys.stderr)
        return EXIT_FAIL
    print(f"content of {scope}: no problems")
    return EXIT_OK


def cmd_scenario(args: argparse.Namespace) -> int:
    """Runs scenario files and reports pass/fail like a test runner."""
    from engine.core.scenario import run_scenario_file

    failed = 0
    for path in args.files:
        result = run_scenario_file(path)
        if result.passed:
            print(f"PASS {path}" + (f"  ({result.name})" if result.name else ""))
        else:
            failed += 1
            print(f"FAIL {path}" + (f"  ({result.name})" if result.name else ""))
            for failure in result.failures:
                print(f"  - {failure}")
        if args.verbose:
            for line in result.log:
                print(f"    {line}")
    total = len(args.files)
    print(f"{total - failed} passed, {failed} failed")
    return EXIT_FAIL if failed else EXIT_OK


def cmd_conform(args: argparse.Namespace) -> int:
    """Runs conformance games and prints every failure with its repro, then a summary."""
    from engine import conform, registry
    from engine.ai.base import bot_info

    games = args.game or registry.game_ids()
    for game_id in games:
        rules = _rules(game_id)
        for bot in args.bot:
            try:
                bot_info(bot, game_id)
            except KeyError as exc:
                raise CliError(str(exc.args[0])) from None
        if args.players is not None and not rules.min_players <= args.players \
                <= rules.max_players:
            raise CliError(f"{game_id} takes {rules.min_players}-{rules.max_players} players")
    if args.seats is not None and (set(args.seats) - {"h", "b"} or (
            args.players is not None and len(args.seats) != args.players)):
        raise CliError("--seats needs one h or b per seat")
    if args.games < 1:
        raise CliError("--games must be at least 1")
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise CliError(f"--option needs KEY=VALUE, not {item!r}")
        options[key] = _option_value(value)
    bots = tuple(args.bot) or conform.BOTS
    carry = _carry_arg(args)
    part, _, parts = args.part.partition("/")
    if not (part.isdigit() and parts.isdigit() and int(part) < int(parts)):
        raise CliError(f"--part needs K/N with 0 <= K < N, not {args.part!r}")
    if args.exact and (len(games) != 1 or args.players is None or args.seats is None
                       or len(bots) != 1):
        raise CliError("--exact needs one --game, --players, --seats and one --bot")
    total = found = 0
    kinds: dict[str, list[Any]] = {}
    for game_id in games:
        if args.exact:
            cases = [conform.Case(game_id, args.players, options, args.seed, bots[0],
                                  args.seats, args.campaign, carry)]
        elif args.cover:
            cases = conform.covering_cases(game_id, args.seed, bots=bots)
        else:
            cases = conform.sample_cases(game_id, args.games, args.seed, bots=bots,
                                         players=args.players, fixed=options, seats=args.seats)
        cases = cases[int(part)::int(parts)][args.start:]
        if not cases:
            print(f"{game_id}: no option set of this selection is playable")
            continue
        start = time.process_time()  # ok-determinism: reported duration only
        done = bad = 0
        for case in cases:
            failures = conform.run_case(case, undo=not args.no_undo, views=not args.no_views,
                                        max_actions=args.max_actions)
            done += 1
            bad += bool(failures)
            for failure in failures:
                print(f"FAIL {failure}", flush=True)
                kinds.setdefault(f"{game_id} {failure.kind}", []).append(failure)
            if args.progress and done % args.progress == 0:
                seconds = time.process_time() - start  # ok-determinism: reported duration only
                print(f"{game_id}: {done}/{len(cases)} games, {bad} with failures, "
                      f"{seconds:.0f} s", flush=True)
        seconds = time.process_time() - start  # ok-determinism: reported duration only
        combos = {_case_key(c) for c in cases}
        print(f"{game_id}: {done} games ({len(combos)} distinct player/option/seat sets), "
              f"{bad} with failures, {seconds:.0f} s", flush=True)
        total += done
        found += bad
    print(f"{total} games, {found} with failures")
    for kind, failures in sorted(kinds.items()):
        print(f"  {kind}: {len(failures)} game(s); first: {failures[0].case.repro()}")
    return EXIT_FAIL if found else EXIT_OK


def _carry_arg(args: argparse.Namespace) -> dict[str, Any] | None:
    """Returns the --carry of a conform repro line (an object), checking it goes with
    --exact and --campaign (a campaign the game has)."""
    from engine import registry

    if (args.campaign or args.carry is not None) and not args.exact:
        raise CliError("--campaign and --carry need --exact")
    if args.campaign:
        for game_id in args.game:
            if args.campaign not in {c.id for c in registry.rules(game_id).campaigns}:
                raise CliError(f"{game_id} has no campaign {args.campaign!r}")
    if args.carry is None:
        return None
    if not args.campaign:
        raise CliError("--carry needs --campaign")
    try:
        carry = json.loads(args.carry)
    except ValueError:
        raise CliError("--carry needs a JSON object") from None
    if not isinstance(carry, dict):
        raise CliError("--carry needs a JSON object")
    return carry


def _case_key(case: Any) -> str:
    """Returns a key of a conformance case's table: players, options and seat kinds."""
    from engine.core.hashing import canonical_json

    return canonical_json([case.players, case.options, case.seats])


def cmd_bench(args: argparse.Namespace) -> int:
    """Runs the benchmarks and prints JSON."""
    from engine import bench

    bench.PLUGINS[:] = args.plugin
    if args.list:
        for name in bench.benchmark_names():
            print(name)
        return EXIT_OK
    try:
        results = bench.run(only=args.only, quick=args.quick)
    except KeyError as exc:
        raise CliError(str(exc.args[0])) from None
    if args.markdown:
        print(bench.markdown_table(results))
    else:
        print(json.dumps(results, indent=2))
    if args.strict and any(r.get("ok") is False for r in results.values()):
        return EXIT_FAIL
    return EXIT_OK


COMMANDS = {
    "list-games": cmd_list_games,
    "simulate": cmd_simulate,
    "match": cmd_match,
    "record": cmd_record,
    "replay": cmd_replay,
    "validate-data": cmd_validate_data,
    "scenario": cmd_scenario,
    "conform": cmd_conform,
    "bench": cmd_bench,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Runs one command; returns the exit code."""
    from engine.core.errors import EngineError

    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error already printed (2)
        return int(exc.code or 0)
    try:
        _load_plugins(args.plugin)
        return COMMANDS[args.command](args)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    except (EngineError, ValueError) as exc:
        if os.environ.get("ENGINE_DEBUG"):
            raise
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_FAIL
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - one line, never a traceback, for any failure
        if os.environ.get("ENGINE_DEBUG"):
            raise
        print(f"error: internal error: {type(exc).__name__}: {exc} (ENGINE_DEBUG=1 shows the "
              "traceback)", file=sys.stderr)
        return EXIT_FAIL
