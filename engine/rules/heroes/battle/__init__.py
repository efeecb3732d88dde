"""One battle on the 4×5 combat board as a game of its own: ``heroes_battle``.

The battle conforms to the protocol alone, so the map game runs it as a sub-game
(engine/core/subgame.py) and the skirmish mode (engine/rules/heroes/skirmish.py) does too. What
fights is given by the option ``battle`` (see ``setup.DEFAULT`` and docs/heroes/rules.md, "The
battle specification"); without it a standard battle of two armies (two seats) or of an army
against neutrals (one seat) is set up.

The turn flow is declared once in ``FLOW`` (engine/core/flow.py): the phases deploy, gate,
battle and over; the decisions respond (the window before an attack), school, pick, tie,
order and time; and every action kind with its options, its check and its effect.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.actions import Action, Event, Message
from engine.core.decisions import ONE, Decision
from engine.core.flow import ActionKind, DecisionKind, Flow, Phase
from engine.core.protocol import GameConfig, GameRules, OptionDef, Outcome, Preview
from engine.core.rng import Rng
from engine.rules.heroes import auto, cards, combat
from engine.rules.heroes import board as B
from engine.rules.heroes import content as C
from engine.rules.heroes.battle import setup
from engine.rules.heroes.moves import (
    attack_targets,
    move_squares,
    move_steps,
    must_attack,
)
from engine.rules.heroes.names import add_names
from engine.rules.heroes.state import (
    BATTLE,
    DEPLOY,
    GATE,
    GATE_PIECE,
    ORDER,
    OVER,
    PICK,
    REROLL,
    RESPOND,
    SCHOOL,
    SWAP,
    TIE,
    TIME,
    WALL,
    BattleState,
    Unit,
    bottom_first,
)

Refusal = tuple[str, str]
# the reasons a battle ends (Outcome.reason is "heroes.end.<reason>")
END_KEYS = ("heroes.end.defeat", "heroes.end.surrender", "heroes.end.retreat",
            "heroes.end.round_limit")
SURRENDER_GOLD = 10  # seed 002, "Ende des Kampfes": surrender costs 10 gold


class BattleRules(GameRules[BattleState]):
    """A battle of seed 002 between an attacker (side 0) and a defender (side 1)."""

    game_id = "heroes_battle"
    rules_version = "1"
    min_players = 1
    max_players = 2
    options = (
        OptionDef("battle", "heroes.opt.battle", None),
    )

    # --- set-up ------------------------------------------------------------------------------
    def new_game(self, config: GameConfig, seed: int) -> BattleState:
        """Returns a battle set up from the ``battle`` option (or the standard battle)."""
        return self.opening(config, seed)[0]

    def opening(self, config: GameConfig, seed: int) -> tuple[BattleState, list[Event]]:
        """Returns a new battle and the events of its set-up that needed nobody: the neutral
        army drawn, automatic sides deployed, the walls, the first cards drawn (a host's log
        shows them: engine/core/subgame.py ``start``)."""
        self.check_config(config)
        spec = config.options.get("battle") or setup.default_spec(config.players)
        st = setup.build(spec, config.players, Rng(seed))
        ev: list[Event] = []
        begin(self, st, ev)
        return st, add_names(ev)

    def content_hash(self) -> str:
        """Returns the hash of the heroes content."""
        return C.content().hash

    def turn_number(self, state: BattleState) -> int:
        """Returns the number of activations so far."""
        return state.turn

    def do_apply(self, state: BattleState, action: Action) -> list[Event]:
        """Applies a validated action; the events carry readable names."""
        return add_names(FLOW.apply(self, state, action))

    # --- reading -----------------------------------------------------------------------------
    def view(self, state: BattleState, seat: int | None) -> dict[str, Any]:
        """Returns what ``seat`` may see (docs/heroes/view.md)."""
        from engine.rules.heroes.view import battle_view

        return battle_view(self, state, seat)

    def annotate(self, state: BattleState, seat: int | None,
                 actions: list[Action]) -> list[Preview]:
        """Returns per action what a player needs before committing (engine/rules/heroes/
        preview.py): exact damage odds, retaliation, breakdowns, reachable squares, refusals."""
        from engine.rules.heroes.preview import annotate

        return annotate(self, state, seat, actions)

    def is_over(self, state: BattleState) -> bool:
        """Returns True once the battle has ended."""
        return state.flow.phase == OVER

    def outcome(self, state: BattleState) -> Outcome | None:
        """Returns the seat of the winning side (none after a retreat or a draw)."""
        if state.flow.phase != OVER:
            return None
        n = len({s.seat for s in state.sides if s.seat is not None})
        winners: tuple[int, ...] = ()
        if state.winner is not None and state.winner >= 0:
            seat = state.sides[state.winner].seat
            if seat is not None:
                winners = (seat,)
        scores = tuple(1.0 if p in winners else 0.0 for p in range(n))
        return Outcome(winners, scores, Message(f"heroes.end.{state.reason}",
                                                {"winner": state.winner}))

    def result(self, state: BattleState) -> dict[str, Any]:
        """Returns what the battle leaves behind for a host game: the winner, survivors (all
        damage healed), the fallen, and each hero's cards and expert uses left."""
        out: dict[str, Any] = {"winner": state.winner, "reason": state.reason,
                               "rounds": state.round, "sides": []}
        for i, s in enumerate(state.sides):
            units = [u for u in state.units if u.side == i and not u.tower]
            out["sides"].append({
                "survivors": [{"unit": u.did, "pack": u.pack} for u in units if u.alive],
                "fallen": [u.did for u in units if not u.alive],
                "deck": bottom_first(s.deck.draw_pile), "hand": s.hand[:],
                "discard": bottom_first(s.deck.discard_pile),
                "in_play": s.in_play[:], "crowns": s.crowns, "mp": s.mp, "gold": s.gold,
                "morale": s.morale})
        return out

    # --- persistence -------------------------------------------------------------------------
    def state_to_dict(self, state: BattleState) -> dict[str, Any]:
        """Returns the state as JSON data."""
        return state.to_dict()

    def state_from_dict(self, data: dict[str, Any]) -> BattleState:
        """Returns the state stored by state_to_dict."""
        return BattleState.from_dict(data)

    def clone(self, state: BattleState) -> BattleState:
        """Returns a hand-written copy."""
        return state.clone()

    def determinize(self, state: BattleState, seat: int, rng: Rng) -> BattleState:
        """Re-deals what ``seat`` cannot see: every deck's order, the other heroes' hands and the
        neutral decks not yet drawn from."""
        st = state.clone()
        for s in st.sides:
            draw = s.deck.draw_pile
            if s.seat == seat:
                cards = sorted(draw.cards)
                rng.shuffle(cards)
                draw.cards = cards
            else:
                pool = sorted(draw.cards + s.hand)
                rng.shuffle(pool)
                n = len(s.hand)
                s.hand = sorted(pool[len(pool) - n:]) if n else []
                draw.cards = pool[:len(pool) - n]
        for tier in sorted(st.neutral_decks):
            draw = st.neutral_decks[tier].draw_pile
            cards = sorted(draw.cards)
            rng.shuffle(cards)
            draw.cards = cards
        st.rng = Rng(rng.next_u64())
        return st

    def setup_scenario(self, state: BattleState, setup_map: dict[str, Any]) -> None:
        """Overrides parts of a fresh battle (vocabulary in docs/scenarios.md, "heroes")."""
        from engine.rules.heroes.scenario import apply_battle_setup

        apply_battle_setup(self, state, setup_map)

    def rules_pages(self) -> list[str]:
        """Returns the catalog keys of the rules reference pages."""
        return ["heroes.rules.1", "heroes.rules.2", "heroes.rules.3", "heroes.rules.4"]


# --- deployment ----------------------------------------------------------------------------------
def begin(rules: Any, st: BattleState, ev: list[Event]) -> None:
    """Runs the deployment that needs nobody (automatic sides) and starts the battle when both
    sides stand on the board."""
    while st.flow.phase == DEPLOY:
        side = st.deploying
        s = st.sides[side]
        if side == 1 and st.spec.get("sides", [{}, {}])[1].get("neutral") and \
                not any(u.side == 1 for u in st.units):
            setup.draw_neutrals(st, ev)
        waiting = [u for u in st.units if u.side == side and not u.deployed]
        placed = [u for u in st.units if u.side == side and u.deployed and not u.tower]
        if waiting and len(placed) < 5 and s.seat is not None:
            return
        if waiting and len(placed) < 5:
            auto.deploy(st, side, ev)
        st.deploying += 1
        if st.deploying > 1:
            if st.spec.get("kind") == "siege" and not st.walls:
                st.flow.phase = GATE
                if st.sides[1].seat is None:
                    place_gate(rules, st, 1, ev)
                return
            start_battle(rules, st, ev)


def place_gate(rules: Any, st: BattleState, c: int, ev: list[Event]) -> None:
    """Puts the gate in column ``c`` and walls in the other three middle squares, and the arrow
    tower beside the board (seed 002, "Belagerungskampf")."""
    st.walls = [GATE_PIECE if i == c else WALL for i in range(B.COLS)]
    ev.append(Event("heroes.ev.walls", {"gate": c}))
    start_battle(rules, st, ev)


def start_battle(rules: Any, st: BattleState, ev: list[Event]) -> None:
    """Begins combat round 1: heroes draw what their units grant, then units activate."""
    st.flow.phase = BATTLE
    for u in st.units:
        if u.deployed and u.alive and not u.tower:
            n = B.traits(u).draw_at_start
            if n:
                cards.draw(st, u.side, n, ev)
    ev.append(Event("heroes.ev.round", {"round": st.round}))
    combat.advance(rules, st, ev)


# --- the flow: phases, decisions, action kinds ---------------------------------------------------
MOVES = tuple(Action("move", (("to", sq),)) for sq in range(B.SQUARES))  # move(to=sq)


def attack_action(name: str, value: int) -> Action:
    """Returns the attack on a unit (``target``) or a wall (``wall``)."""
    return _act1("attack", name, value)


@cache
def _act1(kind: str, name: str, value: Any) -> Action:
    """Returns an action with one parameter (actions are values: one object per value)."""
    return Action(kind, ((name, value),))


@cache
def _act2(kind: str, n1: str, v1: Any, n2: str, v2: Any) -> Action:
    """Returns an action with two parameters given in sorted order."""
    return Action(kind, ((n1, v1), (n2, v2)))


def _actor(st: BattleState) -> int:
    phase = st.flow.phase
    if phase == DEPLOY:
        return _seat(st, st.deploying)
    if phase == GATE:
        return _seat(st, 1)
    if st.active >= 0:
        return _seat(st, st.units[st.active].side)
    return _seat(st, 0)


def _seat(st: BattleState, side: int) -> int:
    seat = st.sides[side].seat
    return seat if seat is not None else 0


def _active(st: BattleState) -> Unit | None:
    return st.units[st.active] if st.active >= 0 else None


def _no_params(rules: Any, st: BattleState, action: Action) -> Refusal | None:
    return None if not action.args else ("heroes.rule.bad_action", f"{action} takes nothing")


def _done(rules: Any, st: BattleState, ev: list[Event]) -> None:
    """Moves the battle on after a phase action."""
    if st.flow.phase == BATTLE:
        combat.advance(rules, st, ev)


# place / deploy_done
def _placeable(st: BattleState) -> tuple[list[Unit], list[int]]:
    side = st.deploying
    waiting = [u for u in st.units if u.side == side and not u.deployed]
    placed = [u for u in st.units if u.side == side and u.deployed and not u.tower]
    if len(placed) >= 5:
        return [], []
    free = B.free_squares(st)
    squares = [sq for sq in B.deploy_squares(side) if free[sq]]
    return waiting, squares


def _allowed_squares(st: BattleState, u: Unit, squares: list[int]) -> list[int]:
    # seed 002, "Kampfaufbau" (Clash): the opponent places neutral ranged units in the back row
    # if possible
    if st.sides[u.side].neutral and B.utype(u) == "ranged":
        back = [sq for sq in squares if B.is_back_row(sq, u.side)]
        if back:
            return back
    return squares


def _opt_place(rules: Any, st: BattleState, out: list[Action]) -> None:
    waiting, squares = _placeable(st)
    for u in waiting:
        for sq in _allowed_squares(st, u, squares):
            out.append(_act2("place", "square", sq, "unit", u.uid))


def _check_place(rules: Any, st: BattleState, action: Action) -> Refusal | None:
    uid, sq = action.get("unit"), action.get("square")
    waiting, squares = _placeable(st)
    unit = next((u for u in waiting if u.uid == uid), None)
    if unit is None or action.names() != ("square", "unit"):
        return ("heroes.rule.not_yours", f"unit {uid!r} cannot be placed now")
    if sq not in _allowed_squares(st, unit, squares):
        return ("heroes.rule.deploy_zone", f"square {sq!r} is not free in your rows")
    return None


def _apply_place(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    u = st.units[action["unit"]]
    u.sq = action["square"]
    u.deployed = True
    ev.append(Event("heroes.ev.deploy", {"unit": u.uid, "did": u.did, "square": u.sq,
                                         "side": u.side}))
    waiting, squares = _placeable(st)
    if not waiting or not squares:
        _finish_deploy(rules, st, ev)


def _opt_deploy_done(rules: Any, st: BattleState, out: list[Action]) -> None:
    side = st.deploying
    if st.sides[side].neutral:
        return  # every neutral unit takes part
    if any(u.side == side and u.deployed and not u.tower for u in st.units):
        out.append(Action("deploy_done"))


def _check_deploy_done(rules: Any, st: BattleState, action: Action) -> Refusal | None:
    out: list[Action] = []
    _opt_deploy_done(rules, st, out)
    if action.args or not out:
        return ("heroes.rule.deploy_first", "place at least one unit first")
    return None


def _finish_deploy(rules: Any, st: BattleState, ev: list[Event]) -> None:
    st.deploying += 1
    if st.deploying > 1:
        if st.spec.get("kind") == "siege" and not st.walls:
            st.flow.phase = GATE
            if st.sides[1].seat is None:
                place_gate(rules, st, 1, ev)
            return
        start_battle(rules, st, ev)
        return
    begin(rules, st, ev)


def _apply_deploy_done(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    _finish_deploy(rules, st, ev)


# gate
def _opt_gate(rules: Any, st: BattleState, out: list[Action]) -> None:
    out.extend(Action("gate", (("col", c),)) for c in range(B.COLS))


def _apply_gate(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    place_gate(rules, st, action["col"], ev)


def _opt_move(rules: Any, st: BattleState, out: list[Action]) -> None:
    u = _active(st)
    if u is None:
        return
    steps = move_steps(st, u)
    if steps:
        out += [MOVES[sq] for sq in move_squares(st, u, steps)]


def _check_move(rules: Any, st: BattleState, action: Action) -> Refusal | None:
    u = _active(st)
    if u is None:
        return ("heroes.rule.no_active", "no unit is active")
    steps = move_steps(st, u)
    if not steps:
        return ("heroes.rule.moved", "this unit cannot move now")
    if action.names() != ("to",) or action.get("to") not in B.reach(st, u, steps):
        return ("heroes.rule.out_of_reach", f"{action.get('to')!r} is out of reach")
    # move_squares is the reach map unless a neutral unit must keep a target in reach
    if must_attack(st, u) and action.get("to") not in move_squares(st, u, steps):
        return ("heroes.rule.must_attack", "a neutral unit that can attack must attack")
    return None


def _apply_move(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    u = st.units[st.active]
    to = action["to"]
    dist = B.reach(st, u, move_steps(st, u))[to]
    auto.move(st, u, to, dist, ev)
    if B.utype(u) == "ranged":
        # seed 002, "Einheitentypen": a ranged unit attacks and then moves, or only moves
        combat.end_activation(rules, st, ev)
    _done(rules, st, ev)


# attack
def _opt_attack(rules: Any, st: BattleState, out: list[Action]) -> None:
    u = _active(st)
    if u is None:
        return
    units, walls = attack_targets(st, u)
    out.extend(_act1("attack", "target", t) for t in units)
    out.extend(_act1("attack", "wall", c) for c in walls)


def _check_attack(rules: Any, st: BattleState, action: Action) -> Refusal | None:
    u = _active(st)
    if u is None:
        return ("heroes.rule.no_active", "no unit is active")
    units, walls = attack_targets(st, u)
    if action.names() == ("target",) and action.get("target") in units:
        return None
    if action.names() == ("wall",) and action.get("wall") in walls:
        return None
    if st.attacked:
        return ("heroes.rule.attacked", "this unit has attacked already")
    if B.utype(u) == "ranged" and combat.adjacent_enemies(st, u):
        return ("heroes.rule.ranged_adjacent",
                "a ranged unit next to an enemy may only attack that enemy")
    return ("heroes.rule.no_target", f"{action} is not a legal target")


def _apply_attack(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    u = st.units[st.active]
    if "wall" in action.params:
        combat.destroy_wall(st, action["wall"], u.uid, ev)
        st.attacked += 1
        combat.end_activation(rules, st, ev)
    else:
        combat.start_attack(rules, st, u, st.units[action["target"]], ev)
    _done(rules, st, ev)


# defend / end / surrender
def _can_defend(st: BattleState) -> bool:
    u = _active(st)
    if u is None or u.tower or st.attacked or u.defended_last:
        return False
    # seed 002: in neutral combats enemy neutral units never defend
    return not st.sides[u.side].neutral


def _opt_defend(rules: Any, st: BattleState, out: list[Action]) -> None:
    if _can_defend(st):
        out.append(_DEFEND)


def _check_defend(rules: Any, st: BattleState, action: Action) -> Refusal | None:
    if action.args:
        return ("heroes.rule.bad_action", "defend takes nothing")
    if _can_defend(st):
        return None
    u = _active(st)
    if u is not None and u.defended_last:
        return ("heroes.rule.defend_twice", "a unit may not defend two activations in a row")
    return ("heroes.rule.cannot_defend", "this unit cannot defend now")


def _apply_defend(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    u = st.units[st.active]
    u.defending = True
    ev.append(Event("heroes.ev.defend", {"unit": u.uid, "did": u.did}))
    combat.end_activation(rules, st, ev, defended=True)
    _done(rules, st, ev)


def _opt_end(rules: Any, st: BattleState, out: list[Action]) -> None:
    u = _active(st)
    if u is None or not must_attack(st, u):
        out.append(_END)


def _check_end(rules: Any, st: BattleState, action: Action) -> Refusal | None:
    if action.args:
        return ("heroes.rule.bad_action", "end takes nothing")
    u = _active(st)
    if u is not None and must_attack(st, u):
        return ("heroes.rule.must_attack", "a neutral unit that can attack must attack")
    return None


def _apply_end(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    u = st.units[st.active]
    ev.append(Event("heroes.ev.end", {"unit": u.uid, "did": u.did}))
    combat.end_activation(rules, st, ev)
    _done(rules, st, ev)


def _can_surrender(st: BattleState) -> bool:
    u = _active(st)
    if u is None:
        return False
    mine, other = st.sides[u.side], st.sides[1 - u.side]
    # seed 002: surrender to another player for 10 gold; never when defending a town, never
    # before neutral units or a bot hero (spec R-235)
    return (mine.seat is not None and other.seat is not None and not other.neutral
            and not mine.neutral and not mine.town and mine.gold >= SURRENDER_GOLD
            and st.spec.get("surrender", True))


def _opt_surrender(rules: Any, st: BattleState, out: list[Action]) -> None:
    if _can_surrender(st):
        out.append(_SURRENDER)


def _check_surrender(rules: Any, st: BattleState, action: Action) -> Refusal | None:
    if not action.args and _can_surrender(st):
        return None
    u = _active(st)
    if u is not None and st.sides[u.side].town:
        return ("heroes.rule.no_surrender_town", "you cannot surrender while defending a town")
    return ("heroes.rule.no_surrender", "surrender is not possible here")


def _apply_surrender(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    side = st.units[st.active].side
    st.sides[side].gold -= SURRENDER_GOLD
    st.sides[1 - side].gold += SURRENDER_GOLD
    ev.append(Event("heroes.ev.surrender", {"side": side, "gold": SURRENDER_GOLD}))
    combat.finish(st, 1 - side, "surrender", ev)


# alternative actions of units (seed 002, "Alternative Aktionen")
def _ability_options(st: BattleState) -> list[Action]:
    u = _active(st)
    if u is None or st.moved != 0 or st.attacked or must_attack(st, u):
        return []
    t = B.traits(u)
    out: list[Action] = []
    for kind in t.alternatives:
        if kind == "heal_ally" and u.sq >= 0:
            for x in st.units:
                if x.alive and x.side == u.side and x.sq in B.ADJACENT[u.sq] and x.damage:
                    out.append(Action("ability", (("kind", kind), ("target", x.uid))))
        elif kind == "breach" and u.side == 0:
            out.extend(Action("ability", (("kind", kind), ("wall", c)))
                       for c, p in enumerate(st.walls) if p is not None)
            if any(x.tower and x.alive for x in st.units):
                out.append(Action("ability", (("kind", kind), ("wall", -1))))
    return out


def _opt_ability(rules: Any, st: BattleState, out: list[Action]) -> None:
    out.extend(_ability_options(st))


def _check_ability(rules: Any, st: BattleState, action: Action) -> Refusal | None:
    if action in _ability_options(st):
        return None
    return ("heroes.rule.no_ability", "this unit has no such action now")


def _apply_ability(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    u = st.units[st.active]
    kind = action["kind"]
    ev.append(Event("heroes.ev.ability", {"unit": u.uid, "did": u.did, "kind": kind}))
    if kind == "heal_ally":
        combat.heal(st.units[action["target"]], B.traits(u).heal_ally, ev)
    elif action["wall"] >= 0:
        combat.destroy_wall(st, action["wall"], u.uid, ev)
    else:
        for x in st.units:
            if x.tower and x.alive:
                x.alive = False
                st.defeated.append(x.uid)
                ev.append(Event("heroes.ev.tower_down", {"unit": x.uid}))
    combat.end_activation(rules, st, ev)
    _done(rules, st, ev)


# cards
def _card_side(st: BattleState) -> int:
    stack = st.flow.stack
    seat = stack[-1].seats[stack[-1].at] if stack else _actor(st)
    return combat.side_of_seat(st, seat)


def _opt_play(rules: Any, st: BattleState, out: list[Action]) -> None:
    side = _card_side(st)
    if side >= 0:
        cards.play_options(st, side, out)


def _check_play(rules: Any, st: BattleState, action: Action) -> Refusal | None:
    side = _card_side(st)
    if side < 0:
        return ("heroes.rule.no_hero", "this seat has no hero in the battle")
    return cards.check_play(st, side, action)


def _apply_play(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    cards.play(rules, st, _card_side(st), action, ev)
    if not st.flow.stack:
        _done(rules, st, ev)


# morale (seed "Moralaktionen": a good token "jederzeit" for one of: draw a card, discard cards
# and draw as many, reroll a die just rolled); the token is the map game's, given to the battle
# in the side's ``morale`` and handed back in its result
def _morale_side(st: BattleState) -> int:
    """Returns the side of the seat that has the say, when it may spend a good morale token
    on its hand (a main hero leads it), else -1."""
    side = _card_side(st)
    if side < 0:
        return -1
    s = st.sides[side]
    return side if s.morale > 0 and s.hero is not None and not s.neutral else -1


def _opt_morale(rules: Any, st: BattleState, out: list[Action]) -> None:
    side = _morale_side(st)
    if side >= 0:
        out.append(_MORALE_DRAW)
        if st.sides[side].hand:  # then the cards are picked one at a time (decision swap)
            out.append(_MORALE_CYCLE)


def _check_morale(rules: Any, st: BattleState, action: Action) -> Refusal | None:
    side = _morale_side(st)
    if side < 0:
        return ("heroes.map.rule.no_morale", "you hold no good morale token")
    use = action.get("use")
    if action.names() == ("use",) and (use == "draw" or use == "cycle" and st.sides[side].hand):
        return None
    return ("heroes.rule.bad_action", "morale: use draw, or cycle (with cards in hand)")


def _apply_morale(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    side = _morale_side(st)
    s = st.sides[side]
    s.morale = 0
    if action["use"] == "cycle":
        # discard any part of the hand, then draw as many: a card at a time, then done
        assert s.seat is not None
        st.flow.push(Decision(SWAP, s.seat, ONE, data=[side, 0]))
        return
    ev.append(Event("heroes.ev.morale_use", {"side": side, "use": "draw", "count": 1}))
    cards.draw(st, side, 1, ev)


def _opt_swap(rules: Any, st: BattleState, out: list[Action]) -> None:
    side = int(st.flow.stack[-1].data[0])
    out.extend(_act1("swap", "card", c) for c in sorted(set(st.sides[side].hand)))


def _apply_swap(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    d = st.flow.stack[-1]
    side, done = int(d.data[0]), int(d.data[1]) + 1
    s = st.sides[side]
    s.hand.remove(action["card"])
    s.deck.discard((action["card"],))
    ev.append(Event("heroes.ev.discard", {"side": side, "card": action["card"]}))
    if s.hand:
        st.flow.replace(Decision(SWAP, d.seat, ONE, data=[side, done]))
        return
    _swap_done(rules, st, side, done, ev)


def _opt_swap_done(rules: Any, st: BattleState, out: list[Action]) -> None:
    out.append(_SWAP_DONE)


def _apply_swap_done(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    d = st.flow.stack[-1]
    _swap_done(rules, st, int(d.data[0]), int(d.data[1]), ev)


def _swap_done(rules: Any, st: BattleState, side: int, done: int, ev: list[Event]) -> None:
    """Ends a good-morale swap: as many cards drawn as were discarded."""
    st.flow.pop()
    ev.append(Event("heroes.ev.morale_use", {"side": side, "use": "cycle", "count": done}))
    if done:
        cards.draw(st, side, done, ev)


def _prompt_swap(rules: Any, st: BattleState, d: Decision) -> Message:
    return Message("heroes.prompt.swap", {"seat": d.seat, "n": int(d.data[1])})


def _opt_reroll(rules: Any, st: BattleState, out: list[Action]) -> None:
    rolled = st.flow.stack[-1].data[6]
    out.extend(_act1("reroll", "die", i) for i in range(len(rolled)))


def _apply_reroll(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    combat.answer_reroll(rules, st, list(st.flow.stack[-1].data), int(action["die"]), ev)
    _after_decision(rules, st, ev)


def _opt_keep_roll(rules: Any, st: BattleState, out: list[Action]) -> None:
    out.append(_KEEP_ROLL)


def _apply_keep_roll(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    combat.answer_reroll(rules, st, list(st.flow.stack[-1].data), None, ev)
    _after_decision(rules, st, ev)


def _prompt_reroll(rules: Any, st: BattleState, d: Decision) -> Message:
    a = st.units[d.data[0]] if d.data[2] == combat.HIT else st.units[d.data[1]]
    return Message("heroes.prompt.reroll", {"seat": d.seat, "unit": a.uid, "did": a.did,
                                            "dice": list(d.data[6])})


_MORALE_DRAW = Action("morale", (("use", "draw"),))
_MORALE_CYCLE = Action("morale", (("use", "cycle"),))
_SWAP_DONE = Action("swap_done")
_KEEP_ROLL = Action("keep_roll")
_DECLINE = Action("decline")
_SURRENDER = Action("surrender")
_END = Action("end")
_DEFEND = Action("defend")


def _opt_pass(rules: Any, st: BattleState, out: list[Action]) -> None:
    out.append(_DECLINE)


# decisions: school, pick, tie, order, time
def _opt_school(rules: Any, st: BattleState, out: list[Action]) -> None:
    out.extend(Action("school", (("school", s),)) for s in cards.school_choices())


def _apply_school(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    st.pending = [*st.pending[:4], action["school"]]


def _close_school(rules: Any, st: BattleState, d: Decision, ev: list[Event]) -> None:
    side, cid, mode, target, school = st.pending
    st.pending = []
    ev.append(Event("heroes.ev.school", {"side": side, "card": cid, "school": school}))
    cards.resolve(rules, st, side, cid, mode, target, ev, school)
    _after_decision(rules, st, ev)


def _opt_pick(rules: Any, st: BattleState, out: list[Action]) -> None:
    out.extend(Action("pick", (("unit", u),)) for u in cards.pick_options(st))


def _apply_pick(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    st.pending = [st.pending[0], st.pending[1], action["unit"]]


def _close_pick(rules: Any, st: BattleState, d: Decision, ev: list[Event]) -> None:
    second = st.pending[2]
    cards.finish_pick(rules, st, second, ev)
    _after_decision(rules, st, ev)


def _opt_choose(rules: Any, st: BattleState, out: list[Action]) -> None:
    top = st.flow.stack[-1]
    out.extend(_act1("choose", "unit", u) for u in top.data)


def _apply_choose(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    st.pending = [*st.pending[:3], action["unit"]]


def _close_tie(rules: Any, st: BattleState, d: Decision, ev: list[Event]) -> None:
    chosen = st.pending[3]
    # the side that chose: the automatic unit's foe (auto._choose; the table names its player)
    side = 1 - st.units[st.pending[0]].side
    st.pending = st.pending[:3]
    ev.append(Event("heroes.ev.tie_broken", {"unit": chosen, "side": side}))
    auto.resume_tie(rules, st, chosen, ev)
    _after_decision(rules, st, ev)


def _opt_activate(rules: Any, st: BattleState, out: list[Action]) -> None:
    top = st.flow.stack[-1]
    out.extend(_act1("activate", "unit", u) for u in top.data)


def _apply_activate(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    st.pending = [action["unit"]]


def _close_order(rules: Any, st: BattleState, d: Decision, ev: list[Event]) -> None:
    uid = st.pending[0]
    st.pending = []
    combat.start_activation(rules, st, st.units[uid], ev)
    _after_decision(rules, st, ev)


def _opt_extend(rules: Any, st: BattleState, out: list[Action]) -> None:
    if st.sides[0].mp > 0 or st.variants.get("free_extend"):
        out.append(Action("extend"))


def _refuse_extend(rules: Any, st: BattleState, action: Action) -> Refusal:
    return ("heroes.rule.no_mp", "extending needs a movement point of the fighting hero")


def _opt_retreat(rules: Any, st: BattleState, out: list[Action]) -> None:
    out.append(Action("retreat"))


def _apply_extend(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    st.pending = ["extend"]


def _apply_retreat(rules: Any, st: BattleState, action: Action, ev: list[Event]) -> None:
    st.pending = ["retreat"]


def _close_time(rules: Any, st: BattleState, d: Decision, ev: list[Event]) -> None:
    choice = st.pending[0] if st.pending else "retreat"
    st.pending = []
    if choice == "extend":
        if not st.variants.get("free_extend"):
            st.sides[0].mp -= 1
        ev.append(Event("heroes.ev.extend", {"mp": st.sides[0].mp}))
        _after_decision(rules, st, ev)
        return
    ev.append(Event("heroes.ev.retreat", {}))
    combat.finish(st, -1, "retreat", ev)


def _after_decision(rules: Any, st: BattleState, ev: list[Event]) -> None:
    if not combat.check_over(rules, st, ev) and not st.flow.stack:
        combat.advance(rules, st, ev)


def _close_respond(rules: Any, st: BattleState, d: Decision, ev: list[Event]) -> None:
    combat.close_window(rules, st, d, ev)


def _prompt_battle(rules: Any, st: BattleState) -> Message:
    u = _active(st)
    if u is None:
        return Message("heroes.prompt.wait", {})
    if st.attacked:
        return Message("heroes.prompt.after_attack", {"unit": u.uid, "did": u.did})
    if must_attack(st, u):
        # seed "Kampfrunden": "Neutrale Einheiten, kontrolliert von einem Gegenspieler, müssen
        # immer angreifen, sofern möglich" (and never defend): no End, no Defend
        return Message("heroes.prompt.must_attack", {"unit": u.uid, "did": u.did,
                                                     "seat": _actor(st)})
    return Message("heroes.prompt.activate", {"unit": u.uid, "did": u.did,
                                              "seat": _actor(st)})


def _prompt_deploy(rules: Any, st: BattleState) -> Message:
    return Message("heroes.prompt.deploy", {"seat": _actor(st), "side": st.deploying})


def _prompt_respond(rules: Any, st: BattleState, d: Decision) -> Message:
    chain = d.data
    a, t = (chain[0], chain[1]) if chain[2] == combat.HIT else (chain[1], chain[0])
    key = "heroes.prompt.respond" if chain[2] == combat.HIT else "heroes.prompt.respond_back"
    return Message(key, {"seat": d.seats[d.at], "attacker": a,
                                             "attacker_did": st.units[a].did, "target": t,
                                             "target_did": st.units[t].did})


FLOW = Flow(
    "heroes_battle",
    phases=(
        Phase(DEPLOY, ("place", "deploy_done"), _prompt_deploy),
        Phase(GATE, ("gate",), "heroes.prompt.gate"),
        Phase(BATTLE, ("move", "attack", "ability", "play", "defend", "end", "surrender",
                       "morale"), _prompt_battle),
        Phase(OVER, (), "heroes.prompt.over", terminal=True),
    ),
    decisions=(
        DecisionKind(RESPOND, ("play", "morale", "decline"), _prompt_respond,
                     pass_kind="decline", on_close=_close_respond),
        DecisionKind(REROLL, ("reroll", "keep_roll"), _prompt_reroll),
        DecisionKind(SWAP, ("swap", "swap_done"), _prompt_swap),
        DecisionKind(SCHOOL, ("school",), "heroes.prompt.school", on_close=_close_school),
        DecisionKind(PICK, ("pick",), "heroes.prompt.pick", on_close=_close_pick),
        DecisionKind(TIE, ("choose",), "heroes.prompt.tie", on_close=_close_tie),
        DecisionKind(ORDER, ("activate",), "heroes.prompt.order", on_close=_close_order),
        DecisionKind(TIME, ("extend", "retreat"), "heroes.prompt.time", on_close=_close_time),
    ),
    actions=(
        ActionKind("place", _opt_place, _check_place, _apply_place),
        ActionKind("deploy_done", _opt_deploy_done, _check_deploy_done, _apply_deploy_done),
        ActionKind("gate", _opt_gate, None, _apply_gate),
        ActionKind("move", _opt_move, _check_move, _apply_move),
        ActionKind("attack", _opt_attack, _check_attack, _apply_attack),
        ActionKind("ability", _opt_ability, _check_ability, _apply_ability),
        ActionKind("play", _opt_play, _check_play, _apply_play),
        ActionKind("defend", _opt_defend, _check_defend, _apply_defend),
        ActionKind("end", _opt_end, _check_end, _apply_end),
        ActionKind("surrender", _opt_surrender, _check_surrender, _apply_surrender),
        ActionKind("decline", _opt_pass, _no_params),
        ActionKind("school", _opt_school, None, _apply_school),
        ActionKind("pick", _opt_pick, None, _apply_pick),
        ActionKind("choose", _opt_choose, None, _apply_choose),
        ActionKind("activate", _opt_activate, None, _apply_activate),
        ActionKind("extend", _opt_extend, None, _apply_extend, _refuse_extend),
        ActionKind("retreat", _opt_retreat, None, _apply_retreat),
        ActionKind("morale", _opt_morale, _check_morale, _apply_morale),
        ActionKind("reroll", _opt_reroll, None, _apply_reroll),
        ActionKind("keep_roll", _opt_keep_roll, None, _apply_keep_roll),
        ActionKind("swap", _opt_swap, None, _apply_swap),
        ActionKind("swap_done", _opt_swap_done, None, _apply_swap_done),
    ),
    turn_seat=_actor,
    closed=("heroes.rule.wrong_step", "{kind} is not possible during {step}"),
)
FLOW.install(BattleRules)
RULES = BattleRules()
