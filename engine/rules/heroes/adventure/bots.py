"""The heuristic bot of the map game, playing toward the scenario's victory (the bots of issue 3
come later): flag the enemy town, beat weaker heroes, hold mines and settlements.

It reads what its seat may see (the revealed map, the kinds of the face-down tiles, its own hand
and resources, the public armies and purses) and plans each decision afresh:

- **Fights it can win.** A neutral army's strength is known from the field's level, the
  scenario's difficulty and the neutral table; the bot's chance to beat it comes from a
  logistic model fitted to 8,000 seeded battles of the battle bot (docs/heroes/balance.md, "The
  map game: how bot games end"; neutrals led by a player and automatic ones apart). The main
  hero fights only at a chance of 85 % or more, the
  secondary hero (the same units, no cards) at 95 %; a quick combat (a higher level than the
  field) is always taken. In a battle that goes badly the battle bot retreats at the round's end
  to the field it came from (seed "Zeitlimit", spec AMB-61).
- **A route to the goal.** From round 3, or once its army is the strongest, the main hero
  marches on the enemy town (three players: the nearest rival whose faction cube it lacks) along
  the cheapest route over the revealed fields and the face-down tiles between: a step costs 1, a
  guard it passes by quick combat nothing more, a fight it would likely win a little, one it
  would not a great deal. It discovers the face-down tile its route crosses, and turns a tile
  it reveals the way that makes its route cheapest.
- **Worth on the way.** Every move is scored by what arriving does (a flag on a mine or a
  settlement, a visit, a quick combat, an attack on a weaker hero or an undefended town) plus,
  for the marching main hero, the progress along the route; the best move above a threshold is
  made, else a discovery, a placement or the end of the turn.
- **Town with a plan.** Each round: the silver dwelling first, then units (the most strength a
  gold, recruiting and reinforcing at one moment), then the citadel and the other buildings; a
  secondary hero early; the spell book when gold is left. While an enemy main hero is near
  its town it keeps 8 gold to defend it (seed "Kampf beginnen").

Decisions are deterministic for a seed (ties broken by the bot's own generator) and cheap (one
route search a decision). The battles are played by the heroes bot
(engine/rules/heroes/bots.py).

**Levels** (issue #17, ``LEVELS``): easy takes a quarter of its map decisions (and a tenth of its
battle decisions) at random, fights only near-sure battles, marches late and never trades;
normal is the plan above; hard dares closer fights and attacks players sooner, weighs the
options of a die, an effect or the start bonus, and over the last rounds (or while its march is
blocked) goes for the flags counted at the round limit. docs/heroes/balance.md has the numbers.
**Reasons**: ``decide`` returns with each action a log line that says why
(``heroes.map.why.*``); the heroes bot hands it to the table through ``last_stats["why"]``.
**Enemies** are the seats ``rivals`` returns (one place for alliance modes to change).
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any, NamedTuple

from engine.core import hexgrid as hx
from engine.core import pathing
from engine.core.actions import Action, Message
from engine.core.rng import Rng
from engine.rules.heroes import content as C
from engine.rules.heroes.adventure import board as B
from engine.rules.heroes.adventure import bothero, solobot, teambot
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure import teams as T
from engine.rules.heroes.adventure.game import field_preview
from engine.rules.heroes.adventure.state import MAIN, SECONDARY, MapState

Hex = tuple[int, int]
_PREFER = {"defend": "defend", "yield": "fight", "pay": "pay", "settlement": "gold"}
_TIER_LETTERS = {"B": "bronze", "S": "silver", "G": "gold", "A": "azure"}
# the fitted model of a neutral battle (8,000 seeded battles each, the hero with 1 MP to extend
# the combat, docs/heroes/balance.md): logit(win) = A * ln(army / neutrals) + L * level + K;
# neutrals led by another player (the Clash rule) fight better than automatic ones
_WIN_LED = (2.62, 0.085, -0.63)
_WIN_AUTO = (2.86, 0.097, -0.10)
_FIGHT_MAIN, _FIGHT_SECONDARY = 0.85, 0.95  # the chance a hero fights at
_FIGHT_ROUTE = 0.7  # the chance the marching main hero fights at when the route leads there
_BUILD_ORDER = ("citadel", "dwelling_silver", "dwelling_gold", "mage_guild", "town_hall",
                "city_hall", "faction_1", "faction_2")
_DEFENCE_RANGE = 6  # an enemy main hero this near the town: keep the gold to defend it
_MARCH_STRONG, _MARCH_ALWAYS = 1, 3  # the rounds the main hero marches from (when stronger)
_UNKNOWN_STEP = 1.7  # a field of a face-down tile on the route (a discovery, unknown guards)
_BLOCKED = 30.0  # a route this dear runs into guards the bot would not fight
_WALLS = 1.8  # a walled town's garrison fights as this much more (the skirmish's sieges)


class Level(NamedTuple):
    """How one difficulty of the bot plays (docs/heroes/balance.md, "The Clash computer
    player"): the fights it takes, when it marches and attacks, how its town spends."""

    name: str
    whim: float  # the share of its map decisions with a choice made at random (easy)
    battle_whim: float  # the share of its battle decisions made at random (easy)
    fight_main: float  # the chance the main hero fights neutrals at
    fight_secondary: float  # the chance the secondary hero fights at
    fight_route: float  # the chance the marching main hero fights at on its route
    dare: float  # the strength over an enemy player's it attacks at (before the last rounds)
    march_strong: int  # the round from which it marches when its army is the strongest
    march_always: int  # the round from which it marches in any case
    trades: bool  # it trades at trading posts for the next building
    bypass: bool  # it lays a supply tile to open a blocked route
    endgame: bool  # it counts the flags that decide at the round limit (see _endgame)
    weighs: bool  # it weighs the options of a die, an effect or the start bonus (_worth)


LEVELS = {
    "easy": Level("easy", whim=0.25, battle_whim=0.1, fight_main=0.95, fight_secondary=0.99,
                  fight_route=0.9, dare=1.7, march_strong=3, march_always=6, trades=False,
                  bypass=False, endgame=False, weighs=False),
    "normal": Level("normal", whim=0.0, battle_whim=0.0, fight_main=_FIGHT_MAIN,
                    fight_secondary=_FIGHT_SECONDARY, fight_route=_FIGHT_ROUTE, dare=1.3,
                    march_strong=_MARCH_STRONG, march_always=_MARCH_ALWAYS, trades=True,
                    bypass=True, endgame=False, weighs=False),
    "hard": Level("hard", whim=0.0, battle_whim=0.0, fight_main=0.8, fight_secondary=0.92,
                  fight_route=0.65, dare=1.0, march_strong=1, march_always=3, trades=True,
                  bypass=True, endgame=True, weighs=True),
}
NORMAL = LEVELS["normal"]


def level_of(difficulty: str) -> Level:
    """Returns the level of a difficulty (easy, normal, hard; the others play normal)."""
    return LEVELS.get(difficulty, NORMAL)


def rivals(st: MapState, seat: int) -> list[int]:
    """Returns the seats the bot plays against: every other seat still in the game. The one
    place that says who is an enemy (an alliance mode plugs its teams in here)."""
    return [o for o, p in enumerate(st.ps) if o != seat and not p.out
            and not T.allied(st, seat, o)]  # an ally is no enemy (adventure/teams.py)


# the log lines that say why the bot chose, by reason
WHY_KEYS = {"whim": "heroes.map.why.whim", "draw": "heroes.map.why.draw",
            "hand_limit": "heroes.map.why.hand_limit", "trade": "heroes.map.why.trade",
            "no_trade": "heroes.map.why.no_trade", "play": "heroes.map.why.play",
            "solo_carry_card": "heroes.map.why.solo_carry_card",
            "solo_bot_defend": "heroes.map.why.solo_bot_defend",
            "choice": "heroes.map.why.choice", "weigh": "heroes.map.why.weigh",
            "keep_token": "heroes.map.why.keep_token",
            "lacking": "heroes.map.why.lacking", "defend": "heroes.map.why.defend",
            "search": "heroes.map.why.search", "pass": "heroes.map.why.pass",
            "rotate_any": "heroes.map.why.rotate_any", "rotate": "heroes.map.why.rotate",
            "build_plan": "heroes.map.why.build_plan", "units": "heroes.map.why.units",
            "build_spare": "heroes.map.why.build_spare", "hire": "heroes.map.why.hire",
            "spellbook": "heroes.map.why.spellbook", "flag": "heroes.map.why.flag",
            "flag_count": "heroes.map.why.flag_count", "visit": "heroes.map.why.visit",
            "walk": "heroes.map.why.walk", "trade_post": "heroes.map.why.trade_post",
            "bot_hero": "heroes.map.why.bot_hero", "undefended": "heroes.map.why.undefended",
            "attack": "heroes.map.why.attack", "fight": "heroes.map.why.fight",
            "quick": "heroes.map.why.quick", "route": "heroes.map.why.route",
            "discover": "heroes.map.why.discover",
            "discover_route": "heroes.map.why.discover_route",
            "revisit": "heroes.map.why.revisit", "bypass": "heroes.map.why.bypass",
            "place": "heroes.map.why.place", "end_turn": "heroes.map.why.end_turn",
            "gift": "heroes.map.why.gift", "ally": "heroes.map.why.ally",
            # a map battle's round end (engine/rules/heroes/bots.py HeroesBot._time_why)
            "extend": "heroes.map.why.extend", "retreat": "heroes.map.why.retreat",
            "retreat_mp": "heroes.map.why.retreat_mp"}
# what each level does, in one line (the set-up page's tooltip: scenes/newgame.py reads
# "<game>.bot.level.<difficulty>")
LEVEL_TEXTS = {"easy": "heroes.bot.level.easy", "normal": "heroes.bot.level.normal",
               "hard": "heroes.bot.level.hard"}


def _why(key: str, seat: int, **params: Any) -> Message:
    """Returns the log line that says why the bot chose (``WHY_KEYS``)."""
    return Message(WHY_KEYS[key], {"seat": seat, **params})


# --- strength -----------------------------------------------------------------------------------
@cache
def unit_power(uid: str, pack: bool) -> float:
    """Returns a unit's strength in the fitted model: attack times (health + 3 × defence),
    a Pack's health being both its sides', ranged units a little more."""
    d = C.unit(uid)
    side = d.pack if pack and d.pack is not None else d.few
    hp = side.hp + (d.few.hp if pack and d.pack is not None else 0)
    return side.attack * (hp + 3 * side.defence) * (1.15 if d.type == "ranged" else 1.0)


def army_power(units: list[list[Any]]) -> float:
    """Returns an army's strength: the square of the sum of its units' roots (several small
    units are worth less than their sum)."""
    return sum(math.sqrt(unit_power(u, bool(p))) for u, p in units) ** 2


@cache
def _tier_power(tier: str) -> float:
    units = [u for u in C.all_of("unit") if u.role == "neutral" and u.tier == tier]
    total = sum(u.copies for u in units)
    return sum(unit_power(u.id, False) * u.copies for u in units) / max(1, total)


@cache
def neutral_power(level: int, difficulty: str, table: str) -> float:
    """Returns the expected strength of the neutral army of a field level (seed 002, back
    cover: the tiers of the difficulty's column, each its tier's mean unit)."""
    row = C.content().get("neutral_table", table).rows[max(1, min(7, level)) - 1]
    letters = getattr(row, difficulty)
    return sum(math.sqrt(_tier_power(_TIER_LETTERS[ch])) for ch in letters) ** 2


def win_chance(st: MapState, seat: int, guard: int) -> float:
    """Returns the chance that the seat's army beats the guards of a field of level ``guard``
    (an astrologer card may make this round's neutrals a level stronger or weaker)."""
    p = st.ps[seat]
    if not p.units:
        return 0.0
    level = min(7, max(1, guard + st.battle.get("mods", {}).get("neutral", 0)))
    theirs = neutral_power(level, R._difficulty(st), R.mc().scenarios[st.scenario].table)
    led = st.opts.get("neutrals", "player") == "player" and sum(
        1 for o in st.ps if not o.out) > 1
    a, lv, k = _WIN_LED if led else _WIN_AUTO
    x = a * math.log(max(1e-6, army_power(p.units)) / theirs) + lv * p.level + k
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))


def strength(st: MapState, seat: int) -> float:
    """Returns a seat's fighting strength against another player: its army, raised by the
    main hero's level (cards, expert effects)."""
    return army_power(st.ps[seat].units) * (1 + 0.08 * st.ps[seat].level)


# --- where to go --------------------------------------------------------------------------------
def _target(st: MapState, seat: int) -> Hex | None:
    """Returns the enemy town the main hero marches on: the nearest town of a rival still in
    the game whose faction cube it lacks (two players: the rival's); in a campaign scenario its
    goal (adventure/solobot.py)."""
    if st.solo is not None:
        return solobot.target(st, seat)
    here = st.ps[seat].pos[MAIN]
    mine = st.ps[seat].cubes
    towns = [(t, o) for o in rivals(st, seat) if (t := st.ps[o].town)]
    if here is None or not towns:
        return None
    wanted = [t for t, o in towns if o not in mine] or [t for t, _ in towns]
    return min(wanted, key=lambda t: (hx.distance(here, t), t))


def _enter_cost(st: MapState, seat: int, b: B.Board, h: Hex, memo: dict[int, float],
                lv: Level = NORMAL) -> float:
    """Returns what entering a revealed field costs the marching main hero (see the module)."""
    f = b.fields[h]
    m = st.marks.get(h, {})
    if f.guard and m.get("cube") is None and not m.get("flagged") and not m.get("cleared") \
            and st.ps[seat].level <= f.guard:
        w = memo.get(f.guard)
        if w is None:
            w = memo[f.guard] = win_chance(st, seat, f.guard)
        return 1.5 if w >= lv.fight_main else 5.0 if w >= 0.6 else 40.0
    return 1.0


_ROUTES: dict[Any, dict[Hex, float]] = {}  # the last routes, by what they depend on
_ROUTES_KEPT = 32


def route(st: MapState, seat: int, target: Hex, b: B.Board | None = None,
          slots: list[Hex] | None = None, stop: Hex | None = None,
          lv: Level = NORMAL) -> dict[Hex, float]:
    """Returns each field's cost to reach ``target`` for the seat's main hero: over the
    revealed fields (walls and blocked fields as the board has them) and the fields of the
    face-down tiles (their kind is public, what they hold is not). A route depends on the
    board, the face-down slots, the guards still standing and the seat's army and level only,
    so the last ones are kept (a turn's moves ask for the same route again and again). With
    ``stop`` (on a board tried out) the search ends once that field's cost is known."""
    if b is not None:  # a board tried out (a tile's turn, a placement): never kept
        return _route(st, seat, target, b, slots, stop, lv)
    b = R.board(st)
    p = st.ps[seat]
    marks = st.marks
    standing = tuple(h for h, f in b.fields.items() if f.guard and not (
        marks.get(h, {}).get("cube") is not None or marks.get(h, {}).get("flagged")
        or marks.get(h, {}).get("cleared")))
    key = (tuple(tuple(t) for t in st.placed), target, tuple(slots) if slots is not None else
           tuple((s[1], s[2]) for s in st.slots), standing, p.level,
           tuple((u, bool(k)) for u, k in p.units), st.battle.get("mods", {}).get("neutral", 0),
           R._difficulty(st), st.opts.get("neutrals", "player"), sum(1 for o in st.ps if o.out),
           lv.fight_main)
    found = _ROUTES.get(key)
    if found is None:
        found = _route(st, seat, target, b, slots, lv=lv)
        if len(_ROUTES) >= _ROUTES_KEPT:
            del _ROUTES[next(iter(_ROUTES))]
        _ROUTES[key] = found
    return found


def _route(st: MapState, seat: int, target: Hex, b: B.Board,
           slots: list[Hex] | None, stop: Hex | None = None,
           lv: Level = NORMAL) -> dict[Hex, float]:
    unknown: set[Hex] = set()
    for anchor in slots if slots is not None else [(s[1], s[2]) for s in st.slots]:
        unknown.update(hx.tile_fields(anchor))
    unknown -= set(b.fields)
    memo: dict[int, float] = {}

    def cost_in(h: Hex) -> float:
        if h in unknown:
            return _UNKNOWN_STEP
        return _enter_cost(st, seat, b, h, memo, lv)

    fields = b.fields

    def nbrs(a: Hex) -> list[tuple[Hex, float]]:
        step = cost_in(a)  # the search runs from the target: entering ``a`` from its neighbour
        if a in unknown:  # walls of a face-down tile are unknown: any open neighbour
            return [(n, step) for n in hx.neighbours(a)
                    if n in unknown or (n in fields and not fields[n].blocked)]
        # a revealed field: its steps (open, no wall) both ways, and the unknown beside it
        out = [(n, step) for n in b.steps(a)]
        if unknown:
            out += [(n, step) for n in hx.neighbours(a) if n in unknown]
        return out

    if target not in b.fields:
        return {}
    return dict(pathing.cost_map(target, nbrs, stop_at=None if stop is None
                                 else lambda h: h == stop).costs)


def _marching(st: MapState, seat: int, lv: Level = NORMAL) -> bool:
    """Returns True when the main hero marches on the target: from round 3 when its army is
    at least as strong as every rival's, from round 5 in any case (a campaign scenario:
    adventure/solobot.py)."""
    if st.solo is not None:
        return solobot.marching(st, seat)
    theirs = [strength(st, o) for o in rivals(st, seat)]
    if not theirs:
        return False
    return st.round >= lv.march_always or (st.round >= lv.march_strong
                                           and strength(st, seat) >= max(theirs))


def _dare(st: MapState, lv: Level = NORMAL) -> float:
    """Returns the strength over the enemy's the bot wants before it attacks a player: 1.3
    (the level's), falling to 0.9 over the last three rounds (a scenario decided at the round
    limit leaves nothing to keep an army for)."""
    limit = R.mc().scenarios[st.scenario].round_limit or 99
    left = limit - st.round
    return lv.dare if left >= 3 else min(lv.dare, 0.9 + 0.2 * left)


def _threatened(st: MapState, seat: int) -> bool:
    """Returns True when an enemy main hero (or a bot hero) stands near the own town."""
    if st.solo is not None:
        return solobot.threatened(st, seat)
    town = st.ps[seat].town
    if town is None:
        return False
    for o in rivals(st, seat):
        at = st.ps[o].pos[MAIN]
        if at is not None and hx.distance(at, town) <= _DEFENCE_RANGE:
            return True
    return False


# --- the decision -------------------------------------------------------------------------------
def choose(st: MapState, seat: int, legal: list[Action], rng: Rng,
           lv: Level = NORMAL) -> Action:
    """Returns the map action for ``seat``."""
    return decide(st, seat, legal, rng, lv)[0]


def decide(st: MapState, seat: int, legal: list[Action], rng: Rng,
           lv: Level = NORMAL) -> tuple[Action, Message | None]:
    """Returns the map action for ``seat`` at level ``lv`` and the log line that says why
    (None for a decision without a choice)."""
    if len(legal) == 1:
        return legal[0], None
    if lv.whim and rng.below(1000) < lv.whim * 1000:
        # the easy level: now and then a legal action on a whim (never giving up the game)
        pick = legal[rng.below(len(legal))]
        return pick, _why("whim", seat)
    top = st.flow.top
    kinds = {a.kind for a in legal}
    if top is not None:
        return _decide(st, seat, top, legal, kinds, rng, lv)
    if "draw" in kinds:
        return next(a for a in legal if a.kind == "draw"), _why("draw", seat)
    if "discard" in kinds and "move" not in kinds and "end_turn" not in kinds:
        return next(a for a in legal if a.kind == "discard"), _why("hand_limit", seat)
    if "gift" in kinds:  # an ally short of gold (adventure/teambot.py)
        given = teambot.gift(st, seat, legal, _reserve(st, seat))
        if given is not None:
            return given, _why("gift", seat)
    if "trade" in kinds and lv.trades:  # option trade_anytime: what the next building lacks
        trade = _trade(st, seat, legal)
        if trade is not None:
            return trade, _trade_why(st, seat)
    town = _town_action(st, seat, legal, kinds)
    if town is not None:
        return town
    plays = [a for a in legal if a.kind == "play" and a["card"] != "town_portal"
             and a["hero"] == MAIN and not a["boost"]]
    if plays:
        return plays[0], _why("play", seat)
    return _movement(st, seat, legal, kinds, rng, lv)


def _trade_why(st: MapState, seat: int) -> Message:
    goal = _goal(st, seat)
    return _why("trade", seat, building=goal.id if goal is not None else "")


def _decide(st: MapState, seat: int, top: Any, legal: list[Action], kinds: set[str],
            rng: Rng, lv: Level) -> tuple[Action, Message | None]:
    """Answers a pending decision."""
    if top.kind == R.CHOOSE:
        what = str(top.data[0])
        if what in ("carry_card", "bot_defend"):  # the solo campaign's choices
            return solobot.choose(st, seat, what, legal), _why(f"solo_{what}", seat)
        want = _PREFER.get(what)
        why = _why("choice", seat)
        if what == "reroll":  # keep the token for another use
            want = "keep"
            why = _why("keep_token", seat)
        elif what == "settlement":  # the income the next building lacks most
            want = _lacking(st, seat) or "gold"
            why = _why("lacking", seat, choice=want)
        elif what == "defend":
            why = _why("defend", seat)
        elif lv.weighs and what in ("die", "effect", "bonus"):
            return _weigh(st, seat, top, legal), _why("weigh", seat)
        return next((a for a in legal if a["option"] == want), legal[0]), why
    if top.kind == R.SEARCH:
        return next((a for a in legal if a["from"] == "deck"), legal[0]), _why("search", seat)
    if top.kind in (T.SWAP_PICK, T.CONSENT):  # an ally's ask or swap (adventure/teambot.py)
        return teambot.answer(st, seat, top, legal), _why("ally", seat)
    if top.kind == R.TRADE:
        given = teambot.gift(st, seat, legal, _reserve(st, seat))
        if given is not None:
            return given, _why("gift", seat)
        trade = _trade(st, seat, legal) if lv.trades else None
        if trade is not None:
            return trade, _trade_why(st, seat)
        return next(a for a in legal if a.kind == "leave"), _why("no_trade", seat)
    if top.kind == R.ROTATE:
        return _rotation(st, seat, top, legal, lv)
    town = _town_action(st, seat, legal, kinds)
    if town is not None:
        return town
    return next((a for a in legal if a.kind == "pass"), legal[0]), _why("pass", seat)


def _worth(st: MapState, seat: int, effects: Any) -> float:
    """Returns what map effects are worth to the seat now: resources (a valuable 4 gold, a
    building material 1.5, what the next building lacks 2 more each), experience, cards and
    dice at their mean (the resource die's faces average 3.5 gold's worth)."""
    if isinstance(effects, dict):
        effects = [effects]
    short = _short(st, seat)
    total = 0.0
    for e in effects if isinstance(effects, (list, tuple)) else ():
        if not isinstance(e, dict):
            continue
        kind = e.get("type")
        if kind == "gain":
            for i, (name, each) in enumerate((("gold", 1.0), ("materials", 1.5),
                                              ("valuables", 4.0))):
                n = int(e.get(name, 0))
                total += n * each + 2.0 * min(n, short[i])
        elif kind == "twice":
            total += 2 * _worth(st, seat, e.get("then", []))
        else:
            total += {"xp": 3.0, "search_artifact": 2.5, "reveal_artifact": 2.0, "mp": 1.5,
                      "resource_die": 3.5 * int(e.get("dice", 1)),
                      "resource_dice_pick": 4.5}.get(str(kind), 1.0)
    return total


def _weigh(st: MapState, seat: int, top: Any, legal: list[Action]) -> Action:
    """Returns the option of a die, an effect choice or the start bonus worth most (_worth)."""
    purpose, _options, key = top.data
    ctx = st.battle.get("ctx", {}).get(key, [])

    def effects(opt: str) -> Any:
        if purpose == "die":
            return R.face_effects(st, str(ctx[1]), int(opt))
        if purpose == "effect":
            return ctx[1][int(opt)]
        return bothero.bonus_alternatives(st)[int(opt)]

    def value(a: Action) -> float:
        try:
            return _worth(st, seat, effects(str(a["option"])))
        except (IndexError, KeyError, ValueError, TypeError):
            return -1.0  # an option the bot cannot read: the others first
    return max(legal, key=value)


def _rotation(st: MapState, seat: int, top: Any, legal: list[Action],
              lv: Level) -> tuple[Action, Message | None]:
    """Turns a tile the way that makes the main hero's route to its target cheapest."""
    target = _target(st, seat)
    here = st.ps[seat].pos[MAIN]
    tile, q, r, _rots, how = top.data
    if target is None or here is None or how == "start":
        return legal[0], _why("rotate_any", seat)
    slots = [(s[1], s[2]) for s in st.slots if (s[1], s[2]) != (q, r)]
    best: tuple[float, int, Action] | None = None
    for i, a in enumerate(legal):
        b = B.with_tile(R.board(st), R.mc(), tile, (q, r), int(a["rotation"]))
        cost = route(st, seat, target, b, slots, here, lv).get(here, 999.0)
        if best is None or cost < best[0]:
            best = (cost, i, a)
    assert best is not None
    return best[2], _why("rotate", seat, cost=round(best[0], 1))


# --- the town -----------------------------------------------------------------------------------
def _goal(st: MapState, seat: int) -> Any:
    """Returns the next building of the plan whose requirements stand (None: all built)."""
    p = st.ps[seat]
    for bid in _BUILD_ORDER:
        try:
            b = R.mc().building(p.faction, bid)
        except KeyError:
            continue
        if bid not in p.built and all(r in p.built for r in b.requires):
            return b
    return None


def _short(st: MapState, seat: int) -> list[int]:
    """Returns what the next building of the plan still lacks, per resource."""
    goal = _goal(st, seat)
    if goal is None:
        return [0, 0, 0]
    res = st.ps[seat].res
    return [max(0, int(c) - r) for c, r in zip(goal.cost, res, strict=True)]


def _lacking(st: MapState, seat: int) -> str | None:
    """Returns the resource the next building lacks most (valuables first), or None."""
    short = _short(st, seat)
    for i in (2, 1, 0):
        if short[i]:
            return ("gold", "materials", "valuables")[i]
    return None


def _trade(st: MapState, seat: int, legal: list[Action]) -> Action | None:
    """Returns a trade at a trading post that covers what the next building lacks from what
    it does not need (seed "Handeln": the trade rates), or None."""
    goal = _goal(st, seat)
    if goal is None:
        return None
    short = _short(st, seat)
    res = st.ps[seat].res
    need = [int(c) for c in goal.cost]
    need[0] += _reserve(st, seat)
    names = ("gold", "materials", "valuables")
    for i in (2, 1, 0):
        if not short[i]:
            continue
        for a in legal:
            if a.kind != "trade" or a["get"] != names[i]:
                continue
            sell = names.index(str(a["sell"]))
            n, _m = R.eco().trade[(a["sell"], a["get"])]
            if res[sell] - n >= need[sell] and short[sell] == 0:
                return a
    return None


def _reserve(st: MapState, seat: int) -> int:
    """Returns the gold kept back: the town's defence while an enemy main hero is near."""
    return R.eco().defence[0] if _threatened(st, seat) and st.ps[seat].units else 0


def _spare(st: MapState, seat: int, cost: Any) -> bool:
    """Returns True when the seat can pay ``cost`` and keep its reserve."""
    p = st.ps[seat]
    return p.res[0] - int(cost[0]) >= _reserve(st, seat)


def _town_action(st: MapState, seat: int, legal: list[Action],
                 kinds: set[str]) -> tuple[Action, Message] | None:
    """Returns the town action the plan wants now (see the module) and why, or None."""
    if not kinds & {"build", "recruit", "reinforce", "hire", "spellbook"}:
        return None
    p = st.ps[seat]
    builds = {a["building"]: a for a in legal if a.kind == "build"}

    def building(bid: str) -> Action | None:
        a = builds.get(bid)
        if a is None:
            return None
        return a if _spare(st, seat, R.mc().building(p.faction, bid).cost) else None

    goal = _goal(st, seat)
    if goal is not None:
        first = building(goal.id)
        if first is not None:
            return first, _why("build_plan", seat, building=goal.id)
    # units from the gold the plan's next building does not need (its materials and
    # valuables stay untouched: units cost gold, gold units valuables too); a building far
    # out of reach (two valuables or four materials short) holds nothing back
    short = _short(st, seat)
    near = goal is not None and short[2] <= 1 and short[1] <= 3
    keep = [int(c) for c in goal.cost] if near and goal is not None else [0, 0, 0]
    keep[0] = keep[0] // 2  # half its gold: units first, the building a round later

    def spare_for_units(cost: Any) -> bool:
        return _spare(st, seat, cost) and all(
            r - int(c) >= (k if i else 0) or int(c) == 0
            for i, (r, c, k) in enumerate(zip(p.res, cost, keep, strict=True))) \
            and p.res[0] - int(cost[0]) >= keep[0] + _reserve(st, seat)

    units = [a for a in legal if a.kind in ("recruit", "reinforce")
             and spare_for_units(R.unit_cost(st, a["unit"], a.kind == "reinforce"))]
    if units:
        def gain(a: Action) -> float:
            uid = a["unit"]
            value = unit_power(uid, a.kind == "reinforce") - (
                unit_power(uid, False) if a.kind == "reinforce" else 0)
            cost = R.unit_cost(st, uid, a.kind == "reinforce")
            return value / max(1, cost[0] + 2 * cost[1] + 6 * cost[2])
        pick = max(units, key=lambda a: (gain(a), str(a["unit"]), a.kind))
        return pick, _why("units", seat)
    for bid in _BUILD_ORDER:  # another building only from what the next one does not need
        found = building(bid)
        if found is not None and (not near or goal is None or all(
                r - int(c) >= int(k) for r, c, k in zip(
                    p.res, R.mc().building(p.faction, bid).cost, goal.cost, strict=True))):
            return found, _why("build_spare", seat, building=bid)
    hire = [a for a in legal if a.kind == "hire"]
    if hire and st.round <= 6 and _spare(st, seat, (R.eco().secondary[0] + keep[0], 0, 0)):
        town = p.town
        pick = min(hire, key=lambda a: (0 if town is not None and tuple(a["at"]) == town
                                        else 1, tuple(a["at"])))
        return pick, _why("hire", seat)
    if "spellbook" in kinds and _spare(st, seat, R.spell_price(st, seat)):
        return next(a for a in legal if a.kind == "spellbook"), _why("spellbook", seat)
    return None


# --- movement -----------------------------------------------------------------------------------
def _place_value(st: MapState, info: Any) -> float:
    """Returns what visiting or flagging a location is worth to the bot."""
    kind = R.location_kind(st, info)
    if kind in (R.MINE, R.SETTLEMENT):
        return 4.0
    if kind == R.VISITABLE:
        # experience is what lets the main hero pass guards by quick combat
        return 2.5 + 1.5 * sum(1 for e in info.effects if e.get("type") == "xp")
    if kind == R.REVISITABLE:
        if any(e.get("type") == "mp" for e in info.effects):
            return 1.0
        return 0.3
    if kind == R.TOWN:
        return 0.0
    return 1.5  # another flaggable location (a standing stone, a dragon roost)


def _trade_wanted(st: MapState, seat: int) -> bool:
    """Returns True when a trading post would help: the next building lacks what the seat
    holds in plenty (six gold, or three building materials, to spare for a valuable)."""
    goal = _goal(st, seat)
    if goal is None:
        return False
    short = _short(st, seat)
    res = st.ps[seat].res
    spare_gold = res[0] - int(goal.cost[0]) - _reserve(st, seat)
    spare_mat = res[1] - int(goal.cost[1])
    return (short[2] > 0 and (spare_gold >= 6 or spare_mat >= 3)) or (
        short[1] > 0 and spare_gold >= 2)


def _endgame(st: MapState, seat: int, lv: Level, blocked: bool) -> bool:
    """Returns True when the hard level plays for the round limit's count of flagged mines
    and settlements (``most_flags_at_limit``): over the last three rounds, or while its
    march is blocked by guards it would not fight."""
    if not lv.endgame or st.solo is not None or R._victory(st, "most_flags_at_limit") is None:
        return False
    limit = R.mc().scenarios[st.scenario].round_limit or 99
    return blocked or limit - st.round <= 2


def _move_value(st: MapState, seat: int, a: Action, route_fight: bool = False,
                lv: Level = NORMAL, late: bool = False) -> tuple[float, str, dict[str, Any]] | None:
    """Returns what a move is worth for arriving, with the reason's key and parameters (None:
    never make it); ``route_fight``: the marching main hero's route leads through this field,
    so a fight of a lesser chance (70 % at normal) is taken rather than wait before it."""
    hero = str(a["hero"])
    h = (int(a["to"][0]), int(a["to"][1]))
    p = st.ps[seat]
    what = field_preview(st, seat, hero, h)
    kind = what["kind"]
    loc = what["location"]
    worth = _place_value(st, R.mc().locations[loc]) if loc is not None else 0.0
    flag = loc is not None and R.location_kind(st, R.mc().locations[loc]) in (R.MINE,
                                                                               R.SETTLEMENT)
    why = "flag" if flag and kind == "visit" else "visit" if loc is not None else "walk"
    if loc is not None and kind in ("visit", "quick") and any(
            e.get("type") == "trading_post" for e in R.mc().locations[loc].effects) \
            and lv.trades and _trade_wanted(st, seat):
        worth += 3.0  # resources turned into what the next building lacks
        why = "trade_post"
    if late and flag and kind in ("visit", "quick", "neutral"):
        # the flags counted at the round limit; a rival's flag taken counts twice
        worth += 6.0 + (3.0 if R.owner(st, h) in rivals(st, seat) else 0.0)
        why = "flag_count"
    if kind == "bot":  # a bot hero of the solo campaign
        value = solobot.bot_value(st, seat, what, hero, _dare(st, lv))
        return None if value is None else (value, "bot_hero", {})
    if kind in ("pvp", "defend"):
        foe = int(what.get("foe", -1))
        if foe not in rivals(st, seat) or not p.units:
            return None
        fo = st.ps[foe]
        theirs = strength(st, foe)
        if kind == "defend":
            if fo.res[0] < R.eco().defence[0] or not fo.units:
                return 30.0, "undefended", {"foe": foe}  # flagged without a combat
            theirs = army_power(fo.units)  # the garrison fights without the hero's cards
            if what["category"] == R.TOWN and R._unlocked(st, foe, "walls"):
                theirs *= _WALLS  # walls, gate and arrow tower (seed "Belagerungskampf")
        ratio = strength(st, seat) / max(1.0, theirs)
        if ratio < _dare(st, lv) * (1.0 if hero == MAIN else 1.4):
            return None
        return 8.0 + (20.0 if what["category"] == R.TOWN else 0.0), "attack", {
            "foe": foe, "ratio": round(ratio, 1)}
    if kind == "neutral":
        w = win_chance(st, seat, int(what["guard"]))
        if w < (lv.fight_main if hero == MAIN else lv.fight_secondary) and not (
                route_fight and w >= lv.fight_route):
            return None
        # the XP of a guard of the hero's own level draws it there; a higher guard's 2 XP
        # (rules.battle_xp) come with the route's fights anyway (measured: valuing them sent
        # the hero into dearer fights and fewer games ended)
        xp = 1.0 if hero == MAIN and p.level == int(what["guard"]) else 0.0
        return worth + 1.0 + xp - (1.0 - w) * 8.0, "fight", {"chance": round(100 * w)}
    if kind == "quick":
        return worth + 0.5, "quick", {}
    if kind == "visit":
        return worth, why, {}
    return 0.0, "walk", {}  # empty, visited or flagged already


def _movement(st: MapState, seat: int, legal: list[Action], kinds: set[str],
              rng: Rng, lv: Level = NORMAL) -> tuple[Action, Message | None]:
    """Picks the best move, discovery or placement of the turn, or ends it."""
    p = st.ps[seat]
    march = _marching(st, seat, lv)
    target = _target(st, seat) if march else None
    dist = route(st, seat, target, lv=lv) if target is not None else {}
    here = p.pos[MAIN]
    late = _endgame(st, seat, lv, bool(dist) and here in dist and dist[here] >= _BLOCKED)
    best: tuple[float, int, Action, Message] | None = None

    def consider(score: float, a: Action, why: Message) -> None:
        nonlocal best
        tie = rng.below(1000)
        if best is None or (score, tie) > (best[0], best[1]):
            best = (score, tie, a, why)

    for a in legal:
        if a.kind != "move":
            continue
        hero = str(a["hero"])
        h = (int(a["to"][0]), int(a["to"][1]))
        on_route = hero == MAIN and bool(dist) and here in dist and h in dist \
            and dist[h] < dist[here] and all(dist[h] <= dist.get(n, 999.0)
                                             for n in hx.neighbours(here) if n in dist)
        found = _move_value(st, seat, a, on_route, lv, late)
        if found is None:
            continue
        value, key, params = found
        if h == p.prev[hero]:
            value -= 1.0  # no wandering back and forth
        if hero == MAIN and dist and here in dist and h in dist:
            value += 2.5 * (dist[here] - dist[h])
            if key == "walk" and dist[h] < dist[here]:
                key, params = "route", {"left": round(dist[h])}
        consider(value, a, _why(key, seat, hero=hero, field=[h[0], h[1]], **params))
    for a in legal:
        if a.kind == "discover":
            anchor = (int(a["at"][0]), int(a["at"][1]))
            value, key = 1.2, "discover"
            if a["hero"] == MAIN and dist and here in dist:
                fields = [x for x in hx.tile_fields(anchor) if x in dist]
                if fields and min(dist[x] for x in fields) < dist[here]:
                    value, key = 3.0, "discover_route"  # the route crosses it
            consider(value, a, _why(key, seat))
        elif a.kind == "revisit" and a["hero"] == SECONDARY:
            consider(0.2, a, _why("revisit", seat))
    if lv.bypass and dist and here in dist and dist[here] >= _BLOCKED and "place" in kinds:
        # the route runs into guards it cannot beat: a tile of the own supply may open
        # another way (seed "Gebiete platzieren"); the turn is chosen when it is laid
        bypass = _bypass(st, seat, legal, target, dist[here], lv)
        if bypass is not None:
            consider(5.0, bypass, _why("bypass", seat))
    if best is not None and best[0] >= 0.6:
        return best[2], best[3]
    if "place" in kinds and rng.below(2) == 0:
        return next(a for a in legal if a.kind == "place"), _why("place", seat)
    if best is not None and best[0] > 0.0:
        return best[2], best[3]
    return next((a for a in legal if a.kind == "end_turn"), legal[0]), _why("end_turn", seat)


def _bypass(st: MapState, seat: int, legal: list[Action], target: Hex | None,
            now: float, lv: Level = NORMAL) -> Action | None:
    """Returns the placement of a supply tile by the main hero that makes its route much
    cheaper in its best turn (at most a dozen placements weighed), or None."""
    if target is None:
        return None
    here = st.ps[seat].pos[MAIN]
    slots = [(s[1], s[2]) for s in st.slots]
    best: tuple[float, Action] | None = None
    for a in [a for a in legal if a.kind == "place" and a["hero"] == MAIN][:12]:
        anchor = (int(a["at"][0]), int(a["at"][1]))
        for rot in range(6):
            b = B.with_tile(R.board(st), R.mc(), str(a["tile"]), anchor, rot)
            cost = route(st, seat, target, b, slots, here, lv).get(here, 999.0) if here \
                else 999.0
            if best is None or cost < best[0]:
                best = (cost, a)
    if best is not None and best[0] <= now - 10:
        return best[1]
    return None


def is_map_turn(state: Any) -> bool:
    """Returns True when a map game waits for a map action (not one of its battle)."""
    return isinstance(state, MapState) and (state.sub is None or bool(state.flow.stack))
