"""Conformance runs: bots play every game in its modes, option sets and player counts to the end,
and every step is checked. Used by tests/test_conformance.py and ``python -m engine conform``.

Checks of a case (one game):

- Turns: until the game ends the current actor has at least one legal action and no legal action
  twice; at the end there is no actor, no legal action, and a sound outcome. A game that does not
  end within the action cap fails.
- Views: after every step ``view`` of every seat and the public view is JSON data.
- Undo reveals nothing: after an undoable step (``Session.can_undo()`` right after it) with actor
  ``a``, take two determinizations ``D`` of the state before the step from ``a``'s point of view
  (all that ``a`` cannot see re-dealt). The action must be legal in ``D`` and applying it must
  give ``a`` the same view as the real step; the first ``D`` must do the same for every other
  seat ``s`` to which it looked the same as the real state before the step. ``D`` agrees with
  the real state on all that ``a`` (and ``s``) see, so a different view means the step showed
  something hidden from them (a draw, roll or reveal), which must end undo. What ``a`` alone
  knew (a card it plays) may be shown to others.
- Handover: with human and bot seats mixed, undo never returns to a state in which another
  human was in charge (the human to act, else the human who acted last).
- Campaigns: a campaign case plays a campaign (engine/core/campaign.py) game after game with
  the checks above on each game; one started at its first game must then replay from its
  campaign record (through JSON) to the same hashes and carries. The covering sample holds
  one such case per campaign and one per sample carry of the campaign (a later game, so that
  games beyond the first are played whatever the bots reach).

Rules that reject an option set (``check_config`` or ``new_game`` raising MalformedAction, or
IllegalAction naming the rule) do not fail: the case is skipped. Everything here is seeded: a case is fully given by its fields.
"""

from __future__ import annotations

import traceback
from collections import namedtuple
from itertools import product

from engine import registry
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.hashing import canonical_json
from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from engine.core.rng import Rng

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from engine.core.protocol import GameRules, OptionDef
    from engine.core.session import Session

MAX_ACTIONS = 30_000
MAX_CAMPAIGN_GAMES = 4  # a campaign case stops after this many games (a crawl may go on)
BOTS = ("random", "heuristic")


class Case(namedtuple("Case", "game players options seed bot seats campaign carry",
                      defaults=("", None))):
    """One conformance game: game id, player count, options, seed, bot id of every seat, and
    the seat kinds as a string of ``h`` (human) and ``b`` (bot).

    With ``campaign`` (a campaign id of the game) the case plays that campaign game after game
    (up to MAX_CAMPAIGN_GAMES), each game checked like a single one: from its first game, or
    from a later game set up with ``carry`` (a carry of the campaign's ``sample_carries``).
    """

    __slots__ = ()
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    bot: str
    seats: str
    campaign: str
    carry: dict[str, Any] | None

    def config(self) -> GameConfig:
        """Returns the game's config: every seat played by ``bot``, kinds as ``seats`` says."""
        return GameConfig(tuple(
            SeatConfig(kind=HUMAN if k == "h" else BOT, bot=self.bot, name=f"P{i + 1}")
            for i, k in enumerate(self.seats)), dict(self.options))

    def repro(self) -> str:
        """Returns the command line that plays this case again."""
        opts = " ".join(f"--option {k}={canonical_json(v)}" for k, v in sorted(
            self.options.items()))
        if self.campaign:
            opts += f" --campaign {self.campaign}"
        if self.carry is not None:
            opts += f" --carry '{canonical_json(self.carry)}'"
        return (f"python -m engine conform --exact --game {self.game} --players "
                f"{self.players} --seats {self.seats} --bot {self.bot} --seed {self.seed} "
                f"{opts}").rstrip()


class Failure(namedtuple("Failure", "case step check kind message")):
    """A conformance failure: the case, the number of actions taken, which check, a short
    kind that groups equal findings (check plus action kind or crash site), and what."""

    __slots__ = ()
    case: Case
    step: int
    check: str
    kind: str
    message: str

    def __str__(self) -> str:
        c = self.case
        return (f"{c.game} players={c.players} options={canonical_json(c.options)} "
                f"seed={c.seed} bot={c.bot} seats={c.seats} step={self.step}: "
                f"[{self.check}] {self.message}\n  repro: {c.repro()}")


class _Found(Exception):
    """Raised by a check that fails."""

    def __init__(self, check: str, kind: str, message: str) -> None:
        super().__init__(message)
        self.check = check
        self.kind = kind
        self.message = message


# --- option sets --------------------------------------------------------------------------
def option_values(option: OptionDef) -> tuple[Any, ...]:
    """Returns the values a run tries: every choice, the two ends of a range, else the default
    (free text such as a set-up code cannot be enumerated)."""
    if option.choices:
        return tuple(option.choices)
    if option.minimum is not None or option.maximum is not None:
        ends = (option.minimum, option.maximum)
        return tuple(dict.fromkeys(v if v is not None else option.default for v in ends))
    return (option.default,)


def variable_options(rules: GameRules[Any]) -> list[tuple[str, tuple[Any, ...]]]:
    """Returns (option id, values) of every option with more than one value to try."""
    return [(o.id, vals) for o in rules.options if len(vals := option_values(o)) > 1]


# A game whose player counts and option values multiply to more combinations than this is
# sampled without listing them all (heroes: two modes, each with its own options).
LARGE = 100_000


def space_size(game_id: str, fixed: dict[str, Any] | None = None) -> int:
    """Returns how many (player count, option set) combinations a game has (``fixed`` options
    do not vary)."""
    rules = registry.rules(game_id)
    n = rules.max_players - rules.min_players + 1
    for oid, vals in variable_options(rules):
        if not fixed or oid not in fixed:
            n *= len(vals)
    return n


def _random_combo(game_id: str, rng: Rng, players: int | None,
                  fixed: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Returns one combination drawn at random (each option's value uniformly)."""
    rules = registry.rules(game_id)
    p = players if players is not None else rules.min_players + rng.below(
        rules.max_players - rules.min_players + 1)
    options = {oid: vals[rng.below(len(vals))] for oid, vals in variable_options(rules)}
    options.update(fixed)
    return p, options


def _large_sample(game_id: str, count: int, rng: Rng, players: int | None,
                  fixed: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """Returns ``count`` allowed combinations drawn at random from a large space."""
    out: list[tuple[int, dict[str, Any]]] = []
    tries = 0
    while len(out) < count and tries < 100 * count:
        tries += 1
        combo = _random_combo(game_id, rng, players, fixed)
        if allowed(game_id, *combo):
            out.append(combo)
    return out


def _large_cover(game_id: str, rng: Rng) -> list[tuple[int, dict[str, Any]]]:
    """Returns allowed combinations of a large space that play every player count and every
    value of every option at least once where some allowed set holds it: each next combination
    puts not yet played values into a random one and keeps it when the rules accept it."""
    rules = registry.rules(game_id)
    opts = variable_options(rules)
    counts = list(range(rules.min_players, rules.max_players + 1))
    open_targets = {("players", str(p)) for p in counts} | {(oid, canonical_json(v))
                                                        for oid, vals in opts for v in vals}
    picked: list[tuple[int, dict[str, Any]]] = []
    misses = 0
    while open_targets and misses < 400:
        p, options = _random_combo(game_id, rng, None, {})
        want = sorted(open_targets)
        rng.shuffle(want)
        for oid, value in want:
            if oid == "players":
                p = int(value)
            else:
                for o, vals in opts:
                    if o == oid:
                        options[oid] = next(v for v in vals if canonical_json(v) == value)
        # keep as many wanted values as the rules accept: drop them one by one until allowed
        while not allowed(game_id, p, options) and want:
            oid, value = want.pop()
            p, options = (p, options) if oid != "players" else (
                counts[rng.below(len(counts))], options)
            if oid != "players":
                vals = dict(opts)[oid]
                options[oid] = vals[rng.below(len(vals))]
        if not allowed(game_id, p, options):
            misses += 1
            continue
        got = {("players", str(p))} | {(oid, canonical_json(options[oid])) for oid, _ in opts}
        if not got & open_targets:
            misses += 1
            continue
        picked.append((p, options))
        open_targets -= got
    return picked


def all_combinations(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """Returns every (player count, option set) of a game, options that vary only."""
    rules = registry.rules(game_id)
    opts = variable_options(rules)
    out = []
    for players in range(rules.min_players, rules.max_players + 1):
        for values in product(*(vals for _, vals in opts)):
            out.append((players, {oid: v for (oid, _), v in zip(opts, values, strict=True)}))
    return out


def seat_patterns(players: int) -> list[str]:
    """Returns the seat-kind patterns a run uses: all bots, all humans, humans and bots
    alternating from each end (a human, a bot, a human: the handover case)."""
    pats = ["b" * players, "h" * players, ("hb" * players)[:players], ("bh" * players)[:players]]
    return list(dict.fromkeys(pats))


def allowed(game_id: str, players: int, options: dict[str, Any]) -> bool:
    """Returns False when the rules reject the option set (a set-up code left empty, ...)."""
    key = (game_id, players, canonical_json(options))
    if key not in _ALLOWED:
        _ALLOWED[key] = _allowed(game_id, players, options)
    return _ALLOWED[key]


_ALLOWED: dict[tuple[str, int, str], bool] = {}


def _allowed(game_id: str, players: int, options: dict[str, Any]) -> bool:
    rules = registry.rules(game_id)
    config = GameConfig.for_players(players, **options)
    try:
        rules.check_config(config)
        rules.new_game(config, 0)
    except (MalformedAction, IllegalAction):  # refused, with or without a named rule
        return False
    return True


def _mix(*parts: int) -> int:
    rng = Rng(0x5EED)
    for p in parts:
        rng = Rng(rng.next_u64() ^ (p & ((1 << 64) - 1)))
    return rng.next_u64()


def _game_key(game_id: str) -> int:
    return int.from_bytes(game_id.encode("utf-8")[:8].ljust(8, b"\0"), "big")


def sample_cases(game_id: str, count: int, seed: int = 0, *, bots: tuple[str, ...] = BOTS,
                 players: int | None = None, fixed: dict[str, Any] | None = None,
                 seats: str | None = None) -> list[Case]:
    """Returns ``count`` seeded cases that walk the game's combinations in a shuffled order (each
    combination once before any repeats), alternating the bots and cycling the seat patterns.

    ``players``, ``fixed`` options and ``seats`` narrow the walk (a repro line fixes them all).
    """
    fixed = dict(fixed or {})
    if space_size(game_id, fixed) > LARGE:
        rng = Rng(_mix(seed, _game_key(game_id), 0x1A26E))
        drawn = _large_sample(game_id, count, rng, players, fixed)
        out = []
        for i, (p, options) in enumerate(drawn):
            pats = [seats] if seats is not None else seat_patterns(p)
            game_seed = _mix(seed, _game_key(game_id), i) % 1_000_000_007
            out.append(Case(game_id, p, options, game_seed, bots[i % len(bots)],
                            pats[(i // len(bots)) % len(pats)]))
        return out
    combos = [(p, {**o, **fixed}) for p, o in all_combinations(game_id)
              if players is None or p == players]
    seen: set[str] = set()
    unique = []
    for p, o in combos:
        key = canonical_json([p, o])
        if key not in seen:
            seen.add(key)
            unique.append((p, o))
    combos = [c for c in unique if allowed(game_id, *c)]
    if not combos:
        return []
    order_rng = Rng(_mix(seed, _game_key(game_id)))
    cases: list[Case] = []
    i = 0
    while len(cases) < count:
        if i % len(combos) == 0:
            order = list(combos)
            order_rng.shuffle(order)
        p, options = order[i % len(combos)]
        pats = [seats] if seats is not None else seat_patterns(p)
        # Bots alternate fastest, seat patterns next, so each bot meets each pattern.
        pattern = pats[(i // len(bots) + i // len(combos)) % len(pats)]
        game_seed = _mix(seed, _game_key(game_id), i) % 1_000_000_007
        cases.append(Case(game_id, p, options, game_seed, bots[i % len(bots)], pattern))
        i += 1
    return cases


def covering_cases(game_id: str, seed: int = 0, *, bots: tuple[str, ...] = BOTS) -> list[Case]:
    """Returns a small seeded sample in which every player count and every value of every
    option is played at least once (values the rules reject in every set stay out), the bots
    alternate and the seat patterns rotate, the largest table getting humans and bots mixed.

    Greedy: the next case is the first combination, in a seeded shuffled order, that plays the
    most values not yet played.
    """
    rules = registry.rules(game_id)
    if space_size(game_id) > LARGE:
        large = _large_cover(game_id, Rng(_mix(seed, _game_key(game_id), 0xC0FE)))
        return _cover_cases(game_id, rules, large, seed, bots)
    combos = all_combinations(game_id)
    Rng(_mix(seed, _game_key(game_id), 0xC0FE)).shuffle(combos)

    def targets(players: int, options: dict[str, Any]) -> list[str]:
        return [f"players={players}"] + [f"{k}={canonical_json(v)}" for k, v in options.items()]

    open_targets = {t for p, o in combos for t in targets(p, o)}
    picked: list[tuple[int, dict[str, Any]]] = []
    while open_targets and combos:
        best = max(range(len(combos)), key=lambda i: (
            sum(t in open_targets for t in targets(*combos[i])), -i))
        if not any(t in open_targets for t in targets(*combos[best])):
            break
        p, o = combos.pop(best)
        if allowed(game_id, p, o):
            picked.append((p, o))
            open_targets.difference_update(targets(p, o))
    return _cover_cases(game_id, rules, picked, seed, bots)


def _cover_cases(game_id: str, rules: GameRules[Any], picked: list[tuple[int, dict[str, Any]]],
                 seed: int, bots: tuple[str, ...]) -> list[Case]:
    """Returns the covering cases of the picked combinations (bots, seats, campaigns)."""
    # Every bot plays at least once, also in a game with few combinations (no options).
    while picked and len(picked) < len(bots):
        picked.append(picked[len(picked) % len(picked)])
    rng = Rng(_mix(seed, _game_key(game_id), 0xCA5E))
    cases = []
    for j, (p, o) in enumerate(picked):
        pats = seat_patterns(p)
        cases.append(Case(game_id, p, o, rng.below(1_000_000_007), bots[j % len(bots)],
                          pats[(j // len(bots) + j) % len(pats)]))
    if cases and rules.max_players >= 2:
        # Humans and bots mixed at the largest table: with three or more seats the handover
        # case (a human, a bot, a human).
        j = max(range(len(cases)), key=lambda i: (cases[i].players, -i))
        cases[j] = cases[j]._replace(seats=("hb" * cases[j].players)[:cases[j].players])
    return cases + campaign_cases(game_id, seed, bots=bots)


def campaign_cases(game_id: str, seed: int = 0, *, bots: tuple[str, ...] = BOTS) -> list[Case]:
    """Returns, per campaign of the game, a case that plays it from its first game and one per
    sample carry that starts it at a later game (so later games are played whatever the bots
    reach): default options (the campaign's yes/no option on, where it has one), the fewest
    players it applies to, the bot that gets furthest."""
    rules = registry.rules(game_id)
    rng = Rng(_mix(seed, _game_key(game_id), 0xCA4A))
    bot = "heuristic" if "heuristic" in bots else bots[0]
    cases = []
    for camp in rules.campaigns:
        # The set-up screen starts a campaign through the option that chooses it.
        options = {oid: next(o.default for o in rules.options if o.id == oid)
                   for oid, _ in variable_options(rules)}
        options.update({k: v for k, v in camp.chosen_by().items() if k in options})
        counts = [p for p in range(rules.min_players, rules.max_players + 1)
                  if allowed(game_id, p, options)
                  and camp.applies(GameConfig.for_players(p, **options))]
        if not counts:
            continue
        p = counts[0]
        pats = seat_patterns(p)
        for carry in [None, *camp.sample_carries(GameConfig.for_players(p, **options))]:
            cases.append(Case(game_id, p, dict(options), rng.below(1_000_000_007), bot,
                              pats[rng.below(len(pats))], camp.id, carry))
    return cases


# --- one run ------------------------------------------------------------------------------
def run_case(case: Case, *, undo: bool = True, views: bool = True,
             max_actions: int = MAX_ACTIONS,
             start: Callable[[str, GameConfig, int], Session] | None = None) -> list[Failure]:
    """Plays one case to the end with every check; returns its failures, the first of each
    kind (a broken view or undo check is not repeated; a broken turn ends the game). A
    campaign case plays game after game, each checked alike, and at the end checks that the
    campaign's record replays.

    ``start`` makes the session (default ``Session.start``; tests pass a faulty one).
    """
    from engine.core.session import Session

    start = start or Session.start
    run = _Run(case, undo, views, max_actions)
    try:
        if not case.campaign:
            run.play(start(case.game, case.config(), case.seed))
            return list(run.found.values())
        camp = _start_campaign(case, start)
        for _ in range(MAX_CAMPAIGN_GAMES):
            run.play(camp.current)
            if not camp.advance():
                break
        if case.carry is None:
            _check_campaign_record(camp)
    except _Found as f:
        run.note(f.check, f.kind, f.message)
    except Exception as exc:  # noqa: BLE001 - any crash is a finding, reported with its repro
        run.note("crash", "crash:" + _where(exc), _crash(exc))
    return list(run.found.values())


def _start_campaign(case: Case, start: Callable[[str, GameConfig, int], Session]) -> Any:
    """Returns the CampaignSession of a campaign case: at its first game, or at a later game
    set up with the case's carry."""
    from engine.core.campaign import CampaignSession, campaign_of

    config = case.config()
    if case.carry is None:
        return CampaignSession.start(case.game, case.campaign, config, case.seed)
    later = campaign_of(case.game, case.campaign).first_config(config).with_carry(case.carry)
    return CampaignSession(case.game, case.campaign, config, case.seed,
                           start(case.game, later, case.seed))


def _check_campaign_record(camp: Any) -> None:
    """Checks that the campaign's record, through JSON, replays to the same hashes."""
    import json

    from engine.core.campaign import CampaignRecord, replay_campaign
    from engine.core.errors import RecordError

    data = json.loads(json.dumps(camp.record().to_json()))
    try:
        again = replay_campaign(CampaignRecord.from_json(data))
    except RecordError as exc:
        raise _Found("replay", "replay:campaign", f"the campaign's record does not replay: "
                     f"{exc.key}: {exc}") from None
    if [r.hashes for r in again.finished] != [r.hashes for r in camp.finished] or \
            again.current.hashes != camp.current.hashes or again.carries != camp.carries:
        raise _Found("replay", "replay:campaign", "the campaign's record replays to other "
                     "hashes or carries")


class _Run:
    """The checks of one case across its games: what was found, and the checks still on."""

    def __init__(self, case: Case, undo: bool, views: bool, max_actions: int) -> None:
        self.case = case
        self.undo = undo
        self.views = views
        self.max_actions = max_actions
        self.found: dict[str, Failure] = {}
        self.step = 0  # actions taken, over every game of the case

    def note(self, check: str, kind: str, message: str) -> None:
        """Keeps the first failure of each kind."""
        self.found.setdefault(kind, Failure(self.case, self.step, check, kind, message))

    def play(self, session: Session) -> None:
        """Plays one game of the case to its end with every check (raises _Found for a broken
        turn or end)."""
        from engine.ai.play import seat_bots

        case = self.case
        rules = registry.rules(case.game)
        config = session.config
        bots = seat_bots(case.game, config, case.seed)
        humans = [s.is_human for s in config.seats]
        handover = self.undo and sum(humans) > 1
        in_charge = [_in_charge(rules, session.state, humans, None)]
        actors: list[int] = []
        seen_before: list[Any] | None = None
        if self.undo:
            seen_before = [rules.view(session.state, s) for s in range(case.players)]
        last_human: int | None = None
        while not rules.is_over(session.state):
            if self.step >= self.max_actions:
                raise _Found("end", "end", f"no end after {self.max_actions} actions")
            state = session.state
            actor = rules.current_actor(state)
            if actor is None:
                raise _Found("turns", "turns", "the game is not over but nobody is to act")
            legal = rules.legal_actions(state)
            if not legal:
                raise _Found("turns", "turns", f"seat {actor} has no legal action")
            if len(set(legal)) != len(legal):
                self.note("turns", "turns:twice", "a legal action is listed twice")
            action = bots[actor].choose(rules, state, actor)
            if action not in legal:
                raise _Found("turns", "turns", f"the bot of seat {actor} chose {action}, "
                             "which is not legal")
            before = rules.clone(state) if self.undo else None
            session.apply(action)
            self.step += 1
            if humans[actor]:
                last_human = actor
            seen: list[Any] | None = None
            if self.views:
                try:
                    seen = _check_views(rules, session.state, case.players)
                except _Found as f:
                    self.note(f.check, f.kind, f.message)
                    self.views = False
                except Exception as exc:  # noqa: BLE001 - a crashing view is the finding
                    self.note("views", "views:" + _where(exc), _crash(exc))
                    self.views = False
            if self.undo and seen is None:
                try:
                    seen = [rules.view(session.state, s) for s in range(case.players)]
                except Exception:  # noqa: BLE001 - noted by the view check; undo needs views
                    self.undo = handover = False
            if self.undo and seen is not None and seen_before is not None \
                    and session.can_undo():
                try:
                    _check_undo_reveals_nothing(rules, before, action, actor, session.state,
                                                seen_before, seen, self.step)
                except _Found as f:
                    self.note(f.check, f.kind, f.message)
                except Exception as exc:  # noqa: BLE001 - a crash in a determinized copy
                    self.note("undo", "undo:" + _where(exc), _crash(exc))
                    self.undo = handover = False
            seen_before = seen
            if handover:
                in_charge.append(_in_charge(rules, session.state, humans, last_human))
                actors.append(actor)
                try:
                    _check_handover(session, in_charge, actors, humans)
                except _Found as f:
                    self.note(f.check, f.kind, f.message)
                    handover = False
        _check_end(rules, session.state, case.players)


def _where(exc: BaseException) -> str:
    tb = traceback.extract_tb(exc.__traceback__)
    frame = tb[-1] if tb else None
    if frame is None:
        return type(exc).__name__
    return f"{type(exc).__name__}@{frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}"


def _crash(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc} ({_where(exc)})"


def _check_views(rules: GameRules[Any], state: Any, players: int) -> list[Any]:
    """Returns every seat's view after checking that each (and the public one) is JSON data."""
    import json

    views = []
    for seat in [*range(players), None]:
        view = rules.view(state, seat)
        try:
            json.dumps(view, allow_nan=False, check_circular=False)
        except (TypeError, ValueError) as exc:
            raise _Found("views", "views",
                         f"the view of seat {seat} is not JSON data: {exc}") from None
        views.append(view)
    return views[:-1]


def _check_end(rules: GameRules[Any], state: Any, players: int) -> None:
    outcome = rules.outcome(state)
    if outcome is None or len(outcome.scores) != players:
        raise _Found("end", "end", f"the outcome is {outcome!r}")
    if not all(0 <= w < players for w in outcome.winners):
        raise _Found("end", "end", f"winners {outcome.winners} are not seats")
    if rules.legal_actions(state) or rules.current_actor(state) is not None:
        raise _Found("end", "end", "the game is over but an actor or legal actions remain")


def _check_undo_reveals_nothing(rules: GameRules[Any], before: Any, action: Any, actor: int,
                                after: Any, before_views: list[Any], after_views: list[Any],
                                step: int) -> None:
    """Checks an undoable step against re-deals of the state before it (module doc)."""
    for k in (1, 2):
        d = rules.determinize(before, actor, Rng(_mix(step, actor, k)))
        # The first re-deal also serves every other seat it looks the same to.
        seats = [actor] + [s for s in range(len(after_views)) if k == 1 and s != actor
                           and rules.view(d, s) == before_views[s]]
        try:
            rules.apply(d, action)
        except IllegalAction:
            raise _Found("undo", f"undo:{action.kind}", f"{action} of seat {actor} is legal but "
                         "not after a re-deal of what that seat cannot see: its legality reads "
                         "hidden information") from None
        for seat in seats:
            other = rules.view(d, seat)
            if other != after_views[seat]:
                nxt = rules.current_actor(after)
                passed = f"; the turn passed to seat {nxt}" if nxt != actor else ""
                raise _Found("undo", f"undo:{action.kind}", f"the undoable step {action} of "
                             f"seat {actor} shows seat {seat} information hidden before it: "
                             f"after a re-deal of what it could not see its view differs at "
                             f"{_first_diff(after_views[seat], other)}{passed}; the step must "
                             "end undo (a draw, roll or reveal)")


def _first_diff(a: Any, b: Any, path: str = "view") -> str:
    """Returns the path of the first place where two views differ, with both values."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_diff(a.get(key), b.get(key), f"{path}.{key}")
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_diff(x, y, f"{path}[{i}]")
    return f"{path} ({_short(a)} / {_short(b)})"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _in_charge(rules: GameRules[Any], state: Any, humans: list[bool],
               last_human: int | None) -> int | None:
    """Returns the human in charge of the screen: the human to act, else the last one who
    acted (None while only bots have acted)."""
    actor = rules.current_actor(state)
    if actor is not None and humans[actor]:
        return actor
    return last_human


def _check_handover(session: Session, in_charge: list[int | None], actors: list[int],
                    humans: list[bool]) -> None:
    """Checks that undo cannot reach a state in which another human was in charge
    (``in_charge[k]`` after k actions; ``actors[k]`` took action k + 1)."""
    now = in_charge[-1]
    if now is None or not session.can_undo():
        return
    n = len(in_charge) - 1  # actions taken
    # The latest earlier state with another human in charge; undo must stop short of it.
    target = next((k for k in range(n - 1, -1, -1)
                   if in_charge[k] is not None and in_charge[k] != now), None)
    if target is None:
        return
    # Humans who see the same (an open-information game) hand over without an undo barrier
    # (DESIGN "Game metadata"; Session._is_handover).
    other = in_charge[target]
    if other is not None and session.rules.shares_view(session.config, now, other):
        return
    # Session keeps its undoable steps in ``_undo``: when they cannot reach that far, nothing
    # needs trying; otherwise undo and redo through the public calls tell.
    stack = getattr(session, "_undo", None)
    if stack is not None and len(stack) < n - target:
        return
    depth = _undo_depth(session, n - target)
    if depth >= n - target:
        bots = sorted({a for a in actors[target:] if not humans[a]})
        via = f", across the turn of bot seat(s) {bots}" if bots else ""
        raise _Found("handover", "handover", f"undo goes back {n - target} action(s){via} to "
                     f"where seat {in_charge[target]} was the human in charge; seat {now} is now")


def _undo_depth(session: Session, want: int) -> int:
    """Returns how many actions undo can take back, counting up to ``want`` (the session is
    left as it was)."""
    done = 0
    while done < want and session.can_undo():
        session.undo()
        done += 1
    for _ in range(done):
        session.redo()
    return done


# --- many runs ----------------------------------------------------------------------------
def run_cases(cases: list[Case], *, undo: bool = True, views: bool = True,
              on_result: Callable[[Case, list[Failure]], None] | None = None,
              max_actions: int = MAX_ACTIONS) -> list[Failure]:
    """Runs every case; returns all their failures."""
    failures = []
    for case in cases:
        found = run_case(case, undo=undo, views=views, max_actions=max_actions)
        failures.extend(found)
        if on_result is not None:
            on_result(case, found)
    return failures
