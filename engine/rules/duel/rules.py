"""The duel's GameRules: turn structure, summoning, equipment, magic, fights, lands, treasures,
the best-of-three day (seed 003; every gap closed in docs/duel/rules.md).

The phases (main, between, over), the decisions pushed on top (the land-and-treasure window,
defend, arrange, and the response window in which a magic card may be neutralised) and every
action kind are declared once in ``FLOW`` at the end of this module (engine/core/flow.py).
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action, Breakdown, Event, Message, Term
from engine.core.campaign import CampaignDef
from engine.core.errors import MalformedAction
from engine.core.flow import ActionKind, DecisionKind, Flow, Phase
from engine.core.protocol import GameConfig, GameRules, OptionDef, Outcome
from engine.core.rng import Rng
from engine.rules.duel import decks, ops, pairing
from engine.rules.duel.cards import cards
from engine.rules.duel.effects import PLAY, EffectCtx, run
from engine.rules.duel.ops import msg
from engine.rules.duel.preview import DuelPreviews
from engine.rules.duel.state import (
    ACT_ATTACK,
    ACT_MAGIC,
    ARRANGE,
    BETWEEN,
    DECISIONS,
    DEFEND,
    M_POOL,
    MAIN,
    MAIN_UID,
    OVER,
    RESPOND,
    WINDOW,
    DuelState,
    Fighter,
    PlayerState,
)

# The player rules reference, one catalog page each (title line, then text).
RULES_PAGES = ("duel.rules.1", "duel.rules.2", "duel.rules.3", "duel.rules.4", "duel.rules.5",
               "duel.rules.6", "duel.rules.7", "duel.rules.8")



class DuelRules(DuelPreviews, GameRules[DuelState]):
    """Seed 003: two main characters, clan members, dice pool, attack dice against defence dice."""

    game_id = "duel"
    rules_version = "1"
    min_players = 2
    max_players = 2
    options = (
        OptionDef("day", "duel.option.day", False, choices=(False, True),
                  choice_labels=("duel.option.day.single", "duel.option.day.day")),
        OptionDef("deck_a", "duel.option.deck_a", ""),
        OptionDef("deck_b", "duel.option.deck_b", ""),
        OptionDef("round_limit", "duel.option.round_limit", 30, minimum=5, maximum=99,
                  variant=True),
        OptionDef("arrange", "duel.option.arrange", "human", choices=("human", "never"),
                  choice_labels=("duel.option.arrange.human", "duel.option.arrange.never"),
                  variant=True),
    )

    # --- set-up -------------------------------------------------------------------------
    def content_hash(self) -> str:
        """Returns the hash of the duel content."""
        return cards().hash

    def _check_config(self, config: GameConfig) -> None:
        super().check_config(config)
        for seat, key in enumerate(("deck_a", "deck_b")):
            try:
                decks.resolve(config.options.get(key, ""), seat)
            except ValueError as exc:
                raise MalformedAction(f"option {key}: {exc}") from None

    # The day as a campaign (docs/duel/rules.md "The day"): what one game of the day hands on.
    carry_schema = {"game": int, "opener": int,
                    "players": [{"level": int, "xp": int, "life_bonus": int, "wins": int,
                                 "inventory": [{"owner": int, "card": str}]}]}

    def check_config(self, config: GameConfig) -> None:
        """Raises MalformedAction for a bad seat count, option, deck or carried day."""
        self._check_config(config)
        carry = config.carry
        if carry is not None:
            if self.option(config, "day"):
                raise MalformedAction("a game of a day campaign is a single game (no option day)")
            if len(carry["players"]) != 2 or carry["opener"] not in (0, 1) or carry["game"] < 1:
                raise MalformedAction("carry: two players, an opener 0 or 1, a game from 1")
            for p in carry["players"]:
                if p["level"] < 1 or min(p["xp"], p["life_bonus"], p["wins"]) < 0:
                    raise MalformedAction("carry: level from 1, xp, life and wins not negative")
                for item in p["inventory"]:
                    if item["owner"] not in (0, 1) or item["card"] not in cards().treasure:
                        raise MalformedAction(f"carry: no treasure {item['card']!r}")

    def carry_out(self, state: DuelState) -> dict[str, Any]:
        """Returns what a finished game hands to the next game of the day."""
        assert state.winner is not None
        return {"game": state.game_no + 1, "opener": 1 - state.winner,
                "players": [{"level": p.level, "xp": p.xp, "life_bonus": p.life_bonus,
                             "wins": p.wins,
                             "inventory": [{"owner": o, "card": c} for o, c in p.inventory]}
                            for p in state.players]}

    def carry_lines(self, carry: dict[str, Any]) -> list[Message]:
        """Returns what the day carries into the next game, one line each (for the shell)."""
        lines = [msg("duel.carry.player", seat=i, level=p["level"], xp=p["xp"], wins=p["wins"],
                     treasures=len(p["inventory"])) for i, p in enumerate(carry["players"])]
        return lines + [msg("duel.carry.opener", seat=carry["opener"])]

    def new_game(self, config: GameConfig, seed: int) -> DuelState:
        """Returns a fresh duel (the first game of an old in-state day, or a game of a day
        campaign carrying levels, wins and inventories)."""
        state = DuelState(Rng(seed))
        state.day = bool(self.option(config, "day"))
        state.round_limit = int(self.option(config, "round_limit"))
        arrange = self.option(config, "arrange") == "human"
        state.arrange = [arrange and s.is_human for s in config.seats]
        for seat, key in enumerate(("deck_a", "deck_b")):
            deck = decks.resolve(config.options.get(key, ""), seat)
            p = state.players[seat]
            p.deckdef = deck
            p.hero = Fighter(MAIN_UID, deck["main"])
            p.treasures = list(deck["treasures"])
        carry = config.carry
        if carry is None:
            start_game(state, 0, [])
            return state
        # docs/duel/rules.md "The day": XP, levels, level-up life, wins and inventories last
        # the day; the loser of the last game opens this one
        state.game_no = carry["game"]
        for p, c in zip(state.players, carry["players"], strict=True):
            p.level, p.xp, p.life_bonus, p.wins = c["level"], c["xp"], c["life_bonus"], c["wins"]
            p.inventory = [[i["owner"], i["card"]] for i in c["inventory"]]
        start_game(state, carry["opener"], [])
        return state

    # --- turn structure and acting: declared in FLOW -------------------------------------
    def explain_illegal(self, state: DuelState, action: Action) -> tuple[str, str]:
        """Returns (rule key, detail) for an action that is not legal now."""
        return check(state, action) or ("rule.not_legal_now", f"{action} is legal")

    # --- reading ------------------------------------------------------------------------
    def view(self, state: DuelState, seat: int | None) -> dict[str, Any]:
        """Returns what ``seat`` may see (None: the public view)."""
        from engine.rules.duel.view import build_view

        return build_view(self, state, seat)

    def is_over(self, state: DuelState) -> bool:
        """Returns True when the game (or the day) has ended."""
        return state.flow.phase == OVER

    def outcome(self, state: DuelState) -> Outcome | None:
        """Returns the winner; scores are games won (a day) or 1/0 (a single game)."""
        if state.flow.phase != OVER or state.winner is None:
            return None
        scores = tuple(float(p.wins) for p in state.players)
        return Outcome((state.winner,), scores, msg(state.end_reason or "duel.end.main_defeated"))

    # --- persistence --------------------------------------------------------------------
    def state_to_dict(self, state: DuelState) -> dict[str, Any]:
        """Returns the whole state as JSON data."""
        return state.to_dict()

    def state_from_dict(self, data: dict[str, Any]) -> DuelState:
        """Returns the state stored by ``state_to_dict``."""
        state = DuelState.from_dict(data)
        ops.recompute_mods(state)
        return state

    def clone(self, state: DuelState) -> DuelState:
        """Returns an independent copy (hand-written)."""
        return state.clone()

    def progress(self, state: DuelState) -> Message:
        """Returns the round and game the table shows."""
        return Message("duel.ui.round_game", {"round": state.round, "game": state.game_no})

    def turn_number(self, state: DuelState) -> int:
        """Returns the number of turns ended so far."""
        return state.turn

    # --- hidden information -------------------------------------------------------------
    def determinize(self, state: DuelState, seat: int, rng: Rng) -> DuelState:
        """Returns a copy with everything hidden from ``seat`` re-dealt from public knowledge.

        Deck lists are public (chosen on the set-up screen); hidden are the order of both draw
        decks, the opponent's hand and the opponent's face-down treasures.
        """
        s = state.clone()
        s.rng = rng.fork()
        me = s.players[seat]
        me.deck.sort()
        rng.shuffle(me.deck)
        other = 1 - seat
        op = s.players[other]
        unseen = sorted(op.hand + op.deck)
        rng.shuffle(unseen)
        n = len(op.hand)
        op.hand = unseen[:n]
        op.deck = unseen[n:]
        hidden = [i for i, (owner, _card) in enumerate(s.table) if owner == other]
        if hidden:
            pile = sorted(op.treasures + [s.table[i][1] for i in hidden])
            rng.shuffle(pile)
            for i in hidden:
                s.table[i] = [other, pile.pop()]
            op.treasures = pile
        ops.recompute_mods(s)
        return s

    # --- scenario files -----------------------------------------------------------------
    def setup_scenario(self, state: DuelState, setup: dict[str, Any]) -> None:
        """Overrides a fresh state from a scenario file's ``setup`` (docs/duel/scenarios.md)."""
        from engine.rules.duel.scenario import apply_setup

        apply_setup(state, setup)


# --- helpers -----------------------------------------------------------------------------------

# Actions are immutable values: the legal-action lists reuse one object per distinct action
# instead of building (and sorting the parameters of) hundreds per call. Keys hold only ids,
# uids and dice counts, so the memo is small; it is emptied if it ever grows past the bound.
_MEMO_LIMIT = 1 << 15
_ONE: dict[tuple[str, Any], Action] = {}
_DICE: dict[tuple[str, str, int], tuple[Action, ...]] = {}
_CASTS: dict[tuple[str, int, Any], tuple[Action, ...]] = {}
_END_TURN = Action.make("end_turn")
_PASS_COUNTER = Action.make("pass_counter")
_PASS_WINDOW = Action.make("pass_window")
_NEXT_GAME = Action.make("next_game")


def _one(kind: str, name: str, value: Any) -> Action:
    """Returns the action ``kind(name=value)`` (shared instance)."""
    key = (kind, value)
    action = _ONE.get(key)
    if action is None:
        if len(_ONE) > _MEMO_LIMIT:
            _ONE.clear()
        action = _ONE[key] = Action.make(kind, **{name: value})
    return action


def _dice_actions(kind: str, card: str, most: int) -> tuple[Action, ...]:
    """Returns ``kind(card=card, dice=k)`` for k = 1..most (shared instances)."""
    key = (kind, card, most)
    actions = _DICE.get(key)
    if actions is None:
        if len(_DICE) > _MEMO_LIMIT:
            _DICE.clear()
        actions = _DICE[key] = tuple(Action.make(kind, card=card, dice=k)
                                     for k in range(1, most + 1))
    return actions


def _cast_actions(card: str, most: int, target: Any) -> tuple[Action, ...]:
    """Returns ``cast(card=card, dice=k, target=target)`` for k = 1..most (shared instances)."""
    key = (card, most, target)
    actions = _CASTS.get(key)
    if actions is None:
        if len(_CASTS) > _MEMO_LIMIT:
            _CASTS.clear()
        actions = _CASTS[key] = tuple(Action.make("cast", card=card, dice=k, target=target)
                                      for k in range(1, most + 1))
    return actions

def _distinct(cards_: list[str]) -> list[str]:
    """Returns the distinct ids in first-seen order."""
    return list(dict.fromkeys(cards_))


def _arrangement_choices(att: tuple[int, ...], dfc: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Returns the automatic arrangement first, then every other placement."""
    auto = pairing.auto_arrangement(att, dfc)
    return [auto] + [o for o in pairing.arrangements(len(att), dfc) if o != auto]


def _can_cast(state: DuelState) -> bool:
    # seed 003: "2 aus 3 Aktionen" - magic is one action; it may not resume after the other.
    # "Nachdem Kampf kann sich der Spieler noch mal für einen anderen Kampf oder für „Runde
    # beenden" entscheiden": after a fight only another fight or the end of the turn follows
    # (docs/duel/rules.md "Magic after a fight").
    if state.round == 1 or state.players[state.active].pool == 0 or \
            state.acts_used & ACT_ATTACK:
        return False
    if state.act_current == ACT_MAGIC:
        return state.casts_left > 0
    return not state.acts_used & ACT_MAGIC


def _can_attack(state: DuelState) -> bool:
    if state.round == 1:  # docs/duel/rules.md "Round 1": deployment only
        return False
    return state.act_current == ACT_ATTACK or not state.acts_used & ACT_ATTACK


def targets(state: DuelState, seat: int, card: str) -> list[Any]:
    """Returns the targets a magic card may be cast at ([None] when it needs no choice)."""
    kind = cards().target[card]
    if kind is None:
        return [None]
    me = state.players[seat]
    op = state.players[1 - seat]
    if kind == "enemy":
        return [f.uid for f in (op.hero, *op.clan)]
    if kind == "enemy_clan":
        return [f.uid for f in op.clan]
    if kind == "own":
        return [f.uid for f in (me.hero, *me.clan)]
    if kind == "enemy_equipment":
        return [uid for uid, _card in op.equipment]
    if kind == "own_grave":
        clan = cards().clan
        return _distinct([c for c in me.grave if c in clan])
    return []


def _int_param(action: Action, name: str) -> int | None:
    return _int_value(action.get(name))


def _int_value(value: Any) -> int | None:
    """Returns ``value`` if it is an int (not a bool), else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def check(state: DuelState, action: Action) -> tuple[str, str] | None:
    """Returns (rule key, detail) when ``action`` is illegal now, else None."""
    return FLOW.check(None, state, action)  # the duel's checks read the state alone


# --- the action kinds: options, check and effect of each ------------------------------------
# Option lists reuse one shared action per distinct value (see _one); checks take the given
# action directly and name the rule (seed 003, docs/duel/rules.md) that refuses it.

Refusal = tuple[str, str]


def _no_params(rules: Any, state: DuelState, action: Action) -> Refusal | None:
    return None if not action.args else ("duel.rule.bad_params", f"{action.kind} takes none")


def _in_hand(p: PlayerState, action: Action) -> tuple[str, Refusal | None]:
    card = action.get("card")
    if not isinstance(card, str) or card not in p.hand:
        return "", ("duel.rule.not_in_hand", f"{card!r} is not in the hand")
    return card, None


def _options_summon(rules: Any, state: DuelState, out: list[Action]) -> None:
    p = state.players[state.active]
    if state.acts_used or len(p.clan) >= ops.MAX_CLAN:
        return
    kinds = cards().kind
    for card in _distinct(p.hand):
        if kinds[card] == "clan" and card not in p.tried:
            out += _dice_actions("summon", card, p.pool)


def _check_summon(rules: Any, state: DuelState, action: Action) -> Refusal | None:
    p = state.players[state.active]
    card, problem = _in_hand(p, action)
    if problem is not None:
        return problem
    if action.names() != ("card", "dice"):
        return ("duel.rule.bad_params", "summon(card=id, dice=n)")
    if cards().kind[card] != "clan":
        return ("duel.rule.not_clan", f"{card} is not a clan member")
    if state.acts_used:
        return ("duel.rule.prepare_first", "summon and equip before acting")
    if len(p.clan) >= ops.MAX_CLAN:
        return ("duel.rule.clan_full", "at most 3 clan members fight at once")
    if card in p.tried:
        return ("duel.rule.tried_already", "this summoning failed this turn")
    dice = _int_value(action.args[1][1])  # the names are ("card", "dice")
    if dice is None or not 1 <= dice <= p.pool:
        return ("duel.rule.pool_dice", "take 1 to all dice of the pool")
    return None


def _options_equip(rules: Any, state: DuelState, out: list[Action]) -> None:
    p = state.players[state.active]
    if state.acts_used or len(p.equipment) >= ops.MAX_EQUIPMENT:
        return
    kinds = cards().kind
    out += [_one("equip", "card", card) for card in _distinct(p.hand)
            if kinds[card] == "equipment"]


def _check_equip(rules: Any, state: DuelState, action: Action) -> Refusal | None:
    p = state.players[state.active]
    card, problem = _in_hand(p, action)
    if problem is not None:
        return problem
    if action.names() != ("card",):
        return ("duel.rule.bad_params", "equip(card=id)")
    if cards().kind[card] != "equipment":
        return ("duel.rule.not_equipment", f"{card} is not equipment")
    if state.acts_used:
        return ("duel.rule.prepare_first", "summon and equip before acting")
    if len(p.equipment) >= ops.MAX_EQUIPMENT:
        return ("duel.rule.equipment_full", "at most 5 equipment cards in play")
    return None


def _options_cast(rules: Any, state: DuelState, out: list[Action]) -> None:
    if not _can_cast(state):
        return
    seat = state.active
    p = state.players[seat]
    c = cards()
    kinds = c.kind
    counters = c.counters
    most = min(ops.magic_of(state, seat), p.pool)
    for card in _distinct(p.hand):
        if kinds[card] != "magic" or card in counters:
            continue
        for target in targets(state, seat, card):
            out += _cast_actions(card, most, target)


def _check_cast(rules: Any, state: DuelState, action: Action) -> Refusal | None:
    p = state.players[state.active]
    card, problem = _in_hand(p, action)
    if problem is not None:
        return problem
    c = cards()
    if action.names() != ("card", "dice", "target"):
        return ("duel.rule.bad_params", "cast(card=id, dice=n, target=...)")
    if c.kind[card] != "magic":
        return ("duel.rule.not_magic", f"{card} is not a magic card")
    if card in c.counters:
        return ("duel.rule.counter_only", "a neutraliser only answers magic")
    if state.round == 1:
        return ("duel.rule.deploy_round", "no magic in the first round")
    if not _can_cast(state):
        if state.acts_used & ACT_ATTACK:
            return ("duel.rule.magic_after_fight", "after a fight: another fight or end turn")
        if state.act_current == ACT_MAGIC or p.pool == 0:
            return ("duel.rule.magic_slots", "no magic card may be played now")
        return ("duel.rule.two_actions", "the magic action is over for this turn")
    (_c, _card), (_d, dice), (_t, target) = action.args  # the names checked above
    dice = _int_value(dice)
    if dice is None or not 1 <= dice <= min(ops.magic_of(state, state.active), p.pool):
        return ("duel.rule.magic_dice", "take 1 to MG-W dice from the pool")
    if target not in targets(state, state.active, card):
        return ("duel.rule.bad_target", "not a target of this card")
    return None


def _options_attack(rules: Any, state: DuelState, out: list[Action]) -> None:
    if _can_attack(state):
        p = state.players[state.active]
        out += [_one("attack", "attacker", f.uid) for f in (p.hero, *p.clan) if not f.attacked]


def _check_attack(rules: Any, state: DuelState, action: Action) -> Refusal | None:
    if action.names() != ("attacker",):
        return ("duel.rule.bad_params", "attack(attacker=uid)")
    if state.round == 1:
        return ("duel.rule.deploy_round", "no attacks in the first round")
    if not _can_attack(state):
        return ("duel.rule.two_actions", "the attack action is over for this turn")
    uid = _int_value(action.args[0][1])  # the name is "attacker"
    f = state.players[state.active].fighter(uid) if uid is not None else None
    if f is None:
        return ("duel.rule.no_such_character", "no such attacker")
    if f.attacked:
        return ("duel.rule.attacked_already", "each character attacks once a turn")
    return None


def _options_end_turn(rules: Any, state: DuelState, out: list[Action]) -> None:
    out.append(_END_TURN)


def _options_defend(rules: Any, state: DuelState, out: list[Action]) -> None:
    p = state.players[1 - state.active]
    out += [_one("defend", "defender", f.uid) for f in (p.hero, *p.clan)]


def _check_defend(rules: Any, state: DuelState, action: Action) -> Refusal | None:
    if action.names() != ("defender",):
        return ("duel.rule.no_such_character", "choose one of your characters")
    uid = _int_value(action.args[0][1])
    if uid is None or state.players[1 - state.active].fighter(uid) is None:
        return ("duel.rule.no_such_character", "choose one of your characters")
    return None


def _options_arrange(rules: Any, state: DuelState, out: list[Action]) -> None:
    assert state.fight is not None
    _a, _d, att, dfc = state.fight
    out += [_one("arrange", "order", o) for o in _arrangement_choices(att, dfc)]


def _check_arrange(rules: Any, state: DuelState, action: Action) -> Refusal | None:
    assert state.fight is not None
    order = action.get("order")
    if action.names() != ("order",) or not isinstance(order, tuple) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in order) or \
            not pairing.is_arrangement(len(state.fight[2]), state.fight[3], order):
        return ("duel.rule.bad_arrangement", "place your own dice, one under each")
    return None


def _options_counter(rules: Any, state: DuelState, out: list[Action]) -> None:
    seat = 1 - state.active
    p = state.players[seat]
    most = min(ops.magic_of(state, seat), p.pool)
    counters = cards().counters
    for card in _distinct(p.hand):
        if card in counters:
            out += _dice_actions("counter", card, most)


def _check_counter(rules: Any, state: DuelState, action: Action) -> Refusal | None:
    seat = 1 - state.active
    p = state.players[seat]
    card = action.get("card")
    if action.names() != ("card", "dice"):
        return ("duel.rule.bad_params", "counter(card=id, dice=n)")
    if not isinstance(card, str) or card not in p.hand:
        return ("duel.rule.not_in_hand", f"{card!r} is not in the hand")
    if card not in cards().counters:
        return ("duel.rule.not_counter", f"{card} cannot neutralise magic")
    dice = _int_param(action, "dice")
    if dice is None or not 1 <= dice <= min(ops.magic_of(state, seat), p.pool):
        return ("duel.rule.magic_dice", "take 1 to MG-W dice from the pool")
    return None


def _options_pass_counter(rules: Any, state: DuelState, out: list[Action]) -> None:
    out.append(_PASS_COUNTER)


def _check_pass(rules: Any, state: DuelState, action: Action) -> Refusal | None:
    return None if not action.args else ("duel.rule.bad_params", "takes none")


def _options_play_land(rules: Any, state: DuelState, out: list[Action]) -> None:
    if not state.window[0]:
        out += [_one("play_land", "card", card)
                for card in _distinct(state.players[1 - state.active].lands)]


def _check_play_land(rules: Any, state: DuelState, action: Action) -> Refusal | None:
    if action.names() != ("card",):
        return ("duel.rule.bad_params", "play_land(card=id)")
    if state.window[0]:
        return ("duel.rule.one_land", "one land per opposing turn")
    card = action.get("card")
    if card not in state.players[1 - state.active].lands:
        return ("duel.rule.not_available", f"{card!r} is not among your lands")
    return None


def _options_play_treasure(rules: Any, state: DuelState, out: list[Action]) -> None:
    if not state.window[1]:
        out += [_one("play_treasure", "card", card)
                for card in _distinct(state.players[1 - state.active].treasures)]


def _check_play_treasure(rules: Any, state: DuelState, action: Action) -> Refusal | None:
    if action.names() != ("card",):
        return ("duel.rule.bad_params", "play_treasure(card=id)")
    if state.window[1]:
        return ("duel.rule.one_treasure", "one treasure per opposing turn")
    card = action.get("card")
    if card not in state.players[1 - state.active].treasures:
        return ("duel.rule.not_available", f"{card!r} is not among your treasures")
    return None


def _options_pass_window(rules: Any, state: DuelState, out: list[Action]) -> None:
    out.append(_PASS_WINDOW)


def _options_next_game(rules: Any, state: DuelState, out: list[Action]) -> None:
    out.append(_NEXT_GAME)


# --- flow ----------------------------------------------------------------------------------------

def start_game(state: DuelState, first: int, events: list[Event]) -> None:
    """Sets up one game: main characters, starting clan members, decks, pools and hands."""
    c = cards()
    state.land = None
    state.table = []
    state.next_uid = 1
    state.fight = None
    state.cast = None
    state.last_fight = None
    state.winner = None
    state.end_reason = ""
    in_inventory = [card for p in state.players for _owner, card in p.inventory]
    for p in state.players:
        deck = p.deckdef
        p.hero = Fighter(MAIN_UID, deck["main"])
        # seed 003: "Dann wird 1 Clan-Member in Position gebracht" - the deck names it
        p.clan = [Fighter(state.next_uid, deck["starter"])]
        state.next_uid += 1
        rest = list(deck["cards"])
        rest.remove(deck["starter"])
        ops.shuffle(state, rest)
        p.deck = rest
        p.hand = []
        p.grave = []
        p.equipment = []
        p.lands = list(deck["lands"])
        # a treasure kept in an inventory stays there for the whole day (seed 003, "Inventar")
        p.treasures = [t for t in deck["treasures"] if not _take(in_inventory, t)]
        p.tried = []
        p.pool = ops.START_POOL
        p.spent = 0
    ops.recompute_mods(state)
    for seat, p in enumerate(state.players):
        p.pool = max(1, ops.START_POOL + p.mods[M_POOL])
        events.append(Event("duel.ev.setup", {"seat": seat, "main": c.name(p.hero.card),
                                              "starter": c.name(p.clan[0].card),
                                              "game": state.game_no}))
    for seat in (first, 1 - first):
        ops.draw(state, seat, ops.HAND_SIZE, events)
    state.round = 1
    state.first = first
    begin_turn(state, first, events)


def _take(pile: list[str], card: str) -> bool:
    if card in pile:
        pile.remove(card)
        return True
    return False


def begin_turn(state: DuelState, seat: int, events: list[Event]) -> None:
    """Starts a player's turn, opening the land-and-treasure window for the other player."""
    state.active = seat
    state.acts_used = 0
    state.act_current = 0
    state.casts_left = 0
    state.window = [False, False]
    p = state.players[seat]
    p.tried = []
    p.hero.attacked = False
    for f in p.clan:
        f.attacked = False
    other = state.players[1 - seat]
    events.append(Event("duel.ev.turn", {"seat": seat, "round": state.round}))
    # seed 003, "Länderein und Schätze": the player not on turn may play one land and one
    # treasure per opposing turn; we offer it at the start of that turn.
    flow = state.flow
    flow.phase = MAIN  # nothing is pending between turns (nor between the games of a day)
    if other.lands or other.treasures:
        flow.push(DECISIONS[WINDOW, 1 - seat])


def end_turn(state: DuelState, events: list[Event]) -> None:
    """Ends the active turn; after both turns of a round, hands refill and pools reset."""
    seat = state.active
    for p in state.players:
        for f in (p.hero, *p.clan):
            if f.temp_att or f.temp_def:
                f.temp_att = 0
                f.temp_def = 0
                f.nums = ops.fresh_numbers(p, f)
    state.turn += 1
    if seat != state.first:
        state.round += 1
        if state.round > state.round_limit:
            _sundown(state, events)
            return
        # seed 003: both refill to 7; the pool is reset to 5 plus one die per round
        for s in (state.first, 1 - state.first):
            p = state.players[s]
            ops.draw(state, s, ops.HAND_SIZE - len(p.hand), events)
            p.pool = max(1, ops.START_POOL + state.round - 1 + p.mods[M_POOL])
            p.spent = 0
        events.append(Event("duel.ev.round", {"round": state.round,
                                              "pools": [p.pool for p in state.players]}))
    begin_turn(state, 1 - seat, events)


def _sundown(state: DuelState, events: list[Event]) -> None:
    """Ends a game that reached the round limit (docs/duel/rules.md "Round limit")."""
    def standing(seat: int) -> tuple[int, int, int]:
        p = state.players[seat]
        left = ops.life_of(state, seat, p.hero) - p.hero.damage
        return (left, p.xp, 1 if seat != state.first else 0)

    winner = 0 if standing(0) > standing(1) else 1
    ops.end_game(state, winner, "duel.end.round_limit", events)


_DIE_TERMS: dict[int, Term] = {}
_COURAGE_TERMS: dict[int, Term] = {}
_ROLL_NAMES: dict[tuple[str, int], Message] = {}


def _roll_check(state: DuelState, seat: int, dice: int, need: int,
                name: str) -> tuple[bool, list[int], Breakdown]:
    """Rolls pool dice for a summoning or magic roll: success when sum + MUT reaches need."""
    rolled = ops.roll(state, dice)
    courage = ops.courage_of(state, seat)
    # breakdown lines are shared values (never changed once made), one per die face
    die_terms = _DIE_TERMS
    if not die_terms:
        die_terms.update((d, Term(msg("duel.term.die"), d)) for d in range(1, 7))
    terms = [die_terms[d] for d in rolled]
    if courage:
        term = _COURAGE_TERMS.get(courage)
        if term is None:
            term = _COURAGE_TERMS[courage] = Term(msg("duel.term.courage"), courage)
        terms.append(term)
    total = sum(rolled) + courage
    label = _ROLL_NAMES.get((name, need))
    if label is None:
        label = _ROLL_NAMES[(name, need)] = msg(name, need=need)
    bd = Breakdown(label, total, tuple(terms))
    return total >= need, rolled, bd


def _apply_summon(rules: Any, state: DuelState, action: Action, events: list[Event]) -> None:
    seat = state.active
    p = state.players[seat]
    (_c, card), (_d, dice) = action.args  # validated: exactly card and dice, sorted by name
    clan = cards().clan[card]
    ok, rolled, bd = _roll_check(state, seat, dice, clan.level, "duel.bd.summon")
    params = {"seat": seat, "card": dict(ops.NAMES[card]), "dice": rolled, "need": clan.level,
              "total": bd.total, "pool_dice": dice}
    if not ok:
        # docs/duel/rules.md "Failed rolls": dice stay in the pool, the card in the hand
        p.tried.append(card)
        events.append(Event("duel.ev.summon_failed", params, breakdowns=(bd,)))
        return
    # seed 003: "Ist der Wurf geglückt, werden alle benutzten Würfel auf den Friedhof gelegt"
    p.pool -= dice
    p.spent += dice
    p.hand.remove(card)
    f = Fighter(state.next_uid, card)
    state.next_uid += 1
    p.clan.append(f)
    events.append(Event("duel.ev.summoned", {**params, "uid": f.uid}, breakdowns=(bd,)))
    since = ops.RECOMPUTED[0]
    _play_effects(state, seat, card, None, events)
    if ops.DELTAS[card]:
        ops.placed(state, seat, card, since)
    f.nums = ops.fresh_numbers(p, f)  # (the bonuses' refresh may leave its side out)
    if ops.MAY_DEFEAT[card][0]:
        ops.check_defeats(state, events, 1 - seat)


def _play_effects(state: DuelState, seat: int, card: str, target: Any,
                  events: list[Event]) -> None:
    specs = cards().instant[card]
    if specs:
        ctx = EffectCtx(state, seat, card, PLAY, target, events)
        for spec in specs:
            run(ctx, spec)


def _apply_equip(rules: Any, state: DuelState, action: Action, events: list[Event]) -> None:
    seat = state.active
    p = state.players[seat]
    card = action["card"]
    p.hand.remove(card)
    uid = state.next_uid
    state.next_uid += 1
    p.equipment.append([uid, card])
    events.append(Event("duel.ev.equipped", {"seat": seat, "uid": uid,
                                             "card": cards().name(card)}))
    since = ops.RECOMPUTED[0]
    # seed 003: "Der Text auf der Karte ist sofort auszuführen."
    _play_effects(state, seat, card, None, events)
    if ops.DELTAS[card]:  # a card without lasting bonuses leaves every number as it was
        ops.placed(state, seat, card, since)
    if ops.MAY_DEFEAT[card][0]:
        ops.check_defeats(state, events, 1 - seat)


def _apply_cast(rules: Any, state: DuelState, action: Action, events: list[Event]) -> None:
    seat = state.active
    p = state.players[seat]
    (_c, card), (_d, dice), (_t, target) = action.args  # validated: card, dice, target
    magic = cards().magic[card]
    if state.act_current != ACT_MAGIC:
        state.acts_used |= ACT_MAGIC
        state.act_current = ACT_MAGIC
        # seed 003: one magic card per used equipment slot on the opponent's side; at least
        # one (docs/duel/rules.md "Magic allowance")
        state.casts_left = max(1, len(state.players[1 - seat].equipment))
    state.casts_left -= 1
    ok, rolled, bd = _roll_check(state, seat, dice, magic.level, "duel.bd.magic")
    params = {"seat": seat, "card": dict(magic.name), "dice": rolled, "need": magic.level,
              "total": bd.total, "pool_dice": dice}
    if not ok:
        events.append(Event("duel.ev.cast_failed", params, breakdowns=(bd,)))
        return
    p.pool -= dice
    p.spent += dice
    p.hand.remove(card)
    events.append(Event("duel.ev.cast", {**params, "target": target}, breakdowns=(bd,)))
    state.cast = [card, target, bd.total]
    op = state.players[1 - seat]
    counters = cards().counters
    if op.pool > 0 and any(c in counters for c in op.hand):
        # the opponent may answer it (seed 003, "Neutralisieren"): a response window
        state.flow.push(DECISIONS[RESPOND, 1 - seat])
        return
    _resolve_cast(state, events)


def _resolve_cast(state: DuelState, events: list[Event]) -> None:
    """Lets a cast magic card take effect unless it was neutralised; then it goes to the grave."""
    seat = state.active
    cast = state.cast
    if cast is None:
        return
    card, target, _total = cast
    state.cast = None
    _play_effects(state, seat, card, target, events)
    state.players[seat].grave.append(card)  # "Die Magiekarten werden dann auf den Friedhof"
    if ops.MAY_DEFEAT[card][0]:
        ops.check_defeats(state, events, 1 - seat)


def _close_respond(rules: Any, state: DuelState, window: Any, events: list[Event]) -> None:
    """The response window closed without an answer: the magic card takes effect."""
    _resolve_cast(state, events)


def _apply_counter(rules: Any, state: DuelState, action: Action, events: list[Event]) -> None:
    state.flow.pop()  # one answer per magic card: the response window closes
    seat = 1 - state.active
    p = state.players[seat]
    card = action["card"]
    magic = cards().magic[card]
    assert state.cast is not None
    original = state.cast[0]
    ok, rolled, bd = _roll_check(state, seat, action["dice"], magic.level, "duel.bd.magic")
    params = {"seat": seat, "card": dict(magic.name), "dice": rolled, "need": magic.level,
              "total": bd.total, "pool_dice": action["dice"]}
    if ok:
        p.pool -= action["dice"]
        p.spent += action["dice"]
        p.hand.remove(card)
        events.append(Event("duel.ev.counter", params, breakdowns=(bd,)))
        _play_effects(state, seat, card, None, events)  # neutralise clears state.cast
        p.grave.append(card)
    else:
        events.append(Event("duel.ev.cast_failed", params, breakdowns=(bd,)))
    if state.cast is None:
        state.players[state.active].grave.append(original)
        return
    _resolve_cast(state, events)


def _apply_attack(rules: Any, state: DuelState, action: Action, events: list[Event]) -> None:
    seat = state.active
    if state.act_current != ACT_ATTACK:
        state.acts_used |= ACT_ATTACK
        state.act_current = ACT_ATTACK
    f = state.players[seat].fighter(action.args[0][1])  # validated: attack(attacker=uid)
    assert f is not None
    f.attacked = True
    state.fight = [f.uid, -1, (), ()]
    state.flow.push(DECISIONS[DEFEND, 1 - seat])
    # seed 003: "Der Gegner wählt dann einen seiner Charaktere aus, der angegriffen wird"
    events.append(Event("duel.ev.attack", {"seat": seat, "uid": f.uid, "by": 1 - seat,
                                           "card": ops.fighter_name(state, seat, f)}))


def _apply_defend(rules: Any, state: DuelState, action: Action, events: list[Event]) -> None:
    seat = state.active
    dseat = 1 - seat
    fight = state.fight
    assert fight is not None
    att_f = state.players[seat].fighter(fight[0])
    def_f = state.players[dseat].fighter(action.args[0][1])  # validated: defend(defender=uid)
    assert att_f is not None and def_f is not None
    names = _NAMES
    # the log names who chose the defender (the defending player, not the attacker)
    events.append(Event("duel.ev.defend", {"seat": dseat, "uid": def_f.uid,
                                           "card": dict(names[def_f.card]),
                                           "attacker_card": dict(names[att_f.card])}))
    a_bd = ops.stat_breakdown(state, seat, att_f, "attack")
    d_bd = ops.stat_breakdown(state, dseat, def_f, "defence")
    # seed 003: "Die Würfel werden gleichzeitig gerollt" - attacker's dice first in the RNG
    a_n = int(a_bd.total)
    rolled = ops.roll(state, a_n + int(d_bd.total))  # one draw for both rows of dice
    att = tuple(sorted(rolled[:a_n], reverse=True))
    dfc = tuple(sorted(rolled[a_n:]))
    state.fight = [att_f.uid, def_f.uid, att, dfc]
    events.append(Event("duel.ev.roll", {
        "seat": seat, "attacker": att_f.uid, "defender": def_f.uid,
        "attack": list(att), "defence": list(dfc),
        "attacker_card": dict(names[att_f.card]),
        "defender_card": dict(names[def_f.card])}, breakdowns=(a_bd, d_bd)))
    if state.arrange[dseat]:
        state.flow.push(DECISIONS[ARRANGE, dseat])  # answered, the defend decision goes
        return
    # both dice rows are sorted already: the automatic placement needs no second sort
    _fight_result(state, att_f, def_f, att, pairing.auto_sorted(att, dfc), events)


def _apply_arrange(rules: Any, state: DuelState, action: Action, events: list[Event]) -> None:
    _resolve_fight(state, tuple(action["order"]), events)


def _resolve_fight(state: DuelState, slots: tuple[int, ...], events: list[Event]) -> None:
    """Scores each pair, applies armour and damage, hands over treasures, checks defeats."""
    assert state.fight is not None
    a_uid, d_uid, att, _dfc = state.fight
    att_f = state.players[state.active].fighter(a_uid)
    def_f = state.players[1 - state.active].fighter(d_uid)
    assert att_f is not None and def_f is not None
    _fight_result(state, att_f, def_f, att, slots, events)


_NAMES = ops.NAMES
_ARMOUR_TERMS: dict[int, Term] = {}
_DEALT = msg("duel.bd.dealt")  # shared labels: messages in events are never changed
_TAKEN = msg("duel.bd.taken")


def _armour_term(amount: int) -> Term:
    """Returns the (shared) breakdown line of armour that stopped ``amount`` damage."""
    term = _ARMOUR_TERMS.get(amount)
    if term is None:
        term = _ARMOUR_TERMS[amount] = Term(msg("duel.term.armour"), -amount)
    return term


def _fight_result(state: DuelState, att_f: Fighter, def_f: Fighter, att: tuple[int, ...],
                  slots: tuple[int, ...], events: list[Event]) -> None:
    """Scores the pairs of a fight, applies armour and damage, hands over treasures."""
    seat = state.active
    dseat = 1 - seat
    scored, dealt_terms, taken_terms, raw_dealt, raw_taken = _scored_pairs(att, slots)
    pairs = list(map(list.copy, scored))  # fresh rows: the scored ones are shared
    # armour (ops.armour_of, cached with the life points), at most the damage the pairs did
    _a, _d, d_arm, d_life = def_f.nums
    _a, _d, a_arm, a_life = att_f.nums
    d_arm = raw_dealt if d_arm > raw_dealt else d_arm
    a_arm = raw_taken if a_arm > raw_taken else a_arm
    if d_arm:
        dealt_terms = (*dealt_terms, _armour_term(d_arm))
    if a_arm:
        taken_terms = (*taken_terms, _armour_term(a_arm))
    dealt = raw_dealt - d_arm
    taken = raw_taken - a_arm
    dealt_bd = Breakdown(_DEALT, dealt, dealt_terms)
    taken_bd = Breakdown(_TAKEN, taken, taken_terms)
    def_falls = def_f.damage + dealt >= d_life
    att_falls = att_f.damage + taken >= a_life
    # docs/duel/rules.md "Winner of a fight": a fallen side loses; else more damage wins
    if def_falls:
        winner: int | None = seat
    elif att_falls:
        winner = dseat
    elif dealt != taken:
        winner = seat if dealt > taken else dseat
    else:
        winner = None
    names = _NAMES
    a_uid = att_f.uid
    d_uid = def_f.uid
    state.last_fight = {
        "attacker": {"seat": seat, "uid": a_uid, "card": dict(names[att_f.card])},
        "defender": {"seat": dseat, "uid": d_uid, "card": dict(names[def_f.card])},
        "attack": list(att), "slots": list(slots), "pairs": pairs,
        "armour": [a_arm, d_arm], "dealt": dealt, "taken": taken, "winner": winner,
    }
    events.append(Event("duel.ev.fight", {"seat": seat, "pairs": pairs, "dealt": dealt,
                                          "taken": taken, "winner": winner},
                        breakdowns=(dealt_bd, taken_bd)))
    # ops.hurt for both sides (defender first); life does not depend on damage
    if dealt > 0:
        def_f.damage += dealt
        events.append(Event("duel.ev.damage", {
            "seat": dseat, "uid": d_uid, "card": dict(names[def_f.card]), "amount": dealt,
            "damage": def_f.damage, "life": d_life}, breakdowns=(dealt_bd,)))
    if taken > 0:
        att_f.damage += taken
        events.append(Event("duel.ev.damage", {
            "seat": seat, "uid": a_uid, "card": dict(names[att_f.card]), "amount": taken,
            "damage": att_f.damage, "life": a_life}, breakdowns=(taken_bd,)))
    state.fight = None
    if winner is not None and state.table:
        # seed 003: the winner of the next fight after a treasure takes it into the inventory
        won = state.table
        state.table = []
        inv = state.players[winner].inventory
        since = ops.RECOMPUTED[0]
        for owner, card in won:
            inv.append([owner, card])
            events.append(Event("duel.ev.treasure_won", {
                "seat": winner, "owner": owner, "card": cards().name(card)}, reveal=True))
            _play_effects(state, winner, card, None, events)
        if ops.RECOMPUTED[0] == since:
            for _owner, card in won:
                ops.shift_mods(state, winner, card, 1)
        else:
            ops.update_mods(state)
    elif not def_falls and not att_falls:
        return  # only these two took damage, and neither falls: nobody is defeated
    ops.check_defeats(state, events, dseat)


_PAIRS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Any, ...]] = {}


def _scored_pairs(att: tuple[int, ...], slots: tuple[int, ...]) -> tuple[Any, ...]:
    """Returns (pairs, dealt terms, taken terms, raw dealt, raw taken) of one dice placement.

    A pure function of the dice, memoised: the same placements recur fight after fight. The
    pair rows are copied by the caller; the terms are shared and never changed after creation.
    """
    key = (att, slots)
    hit = _PAIRS.get(key)
    if hit is None:
        pairs = []
        dealt_terms = []
        taken_terms = []
        raw_dealt = raw_taken = 0
        pair_table = _PAIR_TABLE
        for i, (a, d) in enumerate(zip(att, slots, strict=True)):
            scored = pair_table.get((i, a, d)) or _pair_entry(i, a, d)
            row, dealt_term, taken_term = scored
            pairs.append(row)
            if dealt_term is not None:
                dealt_terms.append(dealt_term)
                raw_dealt += row[2]
            if taken_term is not None:
                taken_terms.append(taken_term)
                raw_taken += row[3]
        if len(_PAIRS) > _MEMO_LIMIT:
            _PAIRS.clear()
        hit = _PAIRS[key] = (tuple(pairs), tuple(dealt_terms), tuple(taken_terms),
                             raw_dealt, raw_taken)
    return hit


_PAIR_TABLE: dict[tuple[int, int, int], tuple[list[int], Term | None, Term | None]] = {}


def _pair_entry(i: int, a: int, d: int) -> tuple[list[int], Term | None, Term | None]:
    """Returns the scored row [a, d, dealt, taken] of pair i and its breakdown lines."""
    x, y = pairing.pair_damage(a, d)
    label = msg("duel.term.pair", n=i + 1, a=a, d=d) if d else \
        msg("duel.term.unpaired", n=i + 1, a=a)
    entry = _PAIR_TABLE[(i, a, d)] = ([a, d, x, y], Term(label, x) if x else None,
                                      Term(label, y) if y else None)
    return entry


def _apply_end_turn(rules: Any, state: DuelState, action: Action, events: list[Event]) -> None:
    end_turn(state, events)


def _apply_play_land(rules: Any, state: DuelState, action: Action, events: list[Event]) -> None:
    seat = 1 - state.active
    p = state.players[seat]
    card = action["card"]
    p.lands.remove(card)
    old = state.land
    state.land = [seat, card]
    state.window[0] = True
    events.append(Event("duel.ev.land", {"seat": seat, "card": cards().name(card),
                                         "replaces": cards().name(old[1]) if old else None}))
    since = ops.RECOMPUTED[0]
    _play_effects(state, seat, card, None, events)
    if ops.RECOMPUTED[0] != since:
        ops.update_mods(state)
    else:
        if old:
            ops.shift_mods(state, old[0], old[1], -1)  # the land it replaces leaves play
        ops.shift_mods(state, seat, card, 1)
    if ops.MAY_DEFEAT[card][0] or (old and ops.MAY_DEFEAT[old[1]][1]):
        ops.check_defeats(state, events, state.active)
    _close_window(state)


def _apply_play_treasure(rules: Any, state: DuelState, action: Action, events: list[Event]) -> None:
    seat = 1 - state.active
    p = state.players[seat]
    card = action["card"]
    p.treasures.remove(card)
    state.table.append([seat, card])
    state.window[1] = True
    events.append(Event("duel.ev.treasure_hidden", {"seat": seat}))
    _close_window(state)


def _close_window(state: DuelState) -> None:
    stack = state.flow.stack
    if not stack or stack[-1].kind != WINDOW:  # the land ended the game
        return
    p = state.players[1 - state.active]
    if (state.window[0] or not p.lands) and (state.window[1] or not p.treasures):
        state.flow.pop()  # nothing left to play: the window closes by itself


def _apply_next_game(rules: Any, state: DuelState, action: Action, events: list[Event]) -> None:
    assert state.winner is not None
    loser = 1 - state.winner
    state.game_no += 1
    events.append(Event("duel.ev.next_game", {"game": state.game_no,
                                              "wins": [p.wins for p in state.players]}))
    # docs/duel/rules.md "The day": the loser of the last game opens the next one
    start_game(state, loser, events)


# --- the turn flow -----------------------------------------------------------------------------

def _main_prompt(rules: Any, state: DuelState) -> Message:
    seat = state.active
    if state.round == 1:
        return msg("duel.prompt.deploy", seat=seat)
    if state.acts_used == 0:
        return msg("duel.prompt.main", seat=seat)
    if state.acts_used & ACT_ATTACK:  # docs/duel/rules.md "Magic after a fight"
        return msg("duel.prompt.after_fight", seat=seat)
    if _can_cast(state):
        return msg("duel.prompt.act", seat=seat)
    return msg("duel.prompt.attack_or_end", seat=seat)


def _defend_prompt(rules: Any, state: DuelState, decision: Any) -> Message:
    fight = state.fight
    f = state.players[state.active].fighter(fight[0]) if fight is not None else None
    card = dict(_NAMES[f.card]) if f is not None else ""
    return msg("duel.prompt.defend", seat=decision.seat, card=card)


def _between_prompt(rules: Any, state: DuelState) -> Message:
    return msg("duel.prompt.between", seat=_loser(state), game=state.game_no + 1)


def _over_prompt(rules: Any, state: DuelState) -> Message:
    return msg("duel.prompt.over", winner=state.winner)


def _respond_prompt(rules: Any, state: DuelState, window: Any) -> Message:
    assert state.cast is not None
    return msg("duel.prompt.respond", seat=window.seat, card=cards().name(state.cast[0]))


def _loser(state: DuelState) -> int:
    # docs/duel/rules.md "The day": the loser of the last game opens the next one
    return 1 - state.winner if state.winner is not None else 0


_ON_TURN = ("duel.rule.wrong_phase", "{kind} is not possible now")
_WINDOW_ONLY = ("duel.rule.window_only",
                "lands and treasures come at the start of the opponent's turn")
_NO_MAGIC = ("duel.rule.wrong_phase", "there is no magic to answer")

FLOW = Flow(
    "duel",
    phases=(
        Phase(MAIN, ("summon", "equip", "cast", "attack", "end_turn"), _main_prompt),
        Phase(BETWEEN, ("next_game",), _between_prompt, actor=_loser),
        Phase(OVER, (), _over_prompt, terminal=True),
    ),
    decisions=(
        DecisionKind(WINDOW, ("play_land", "play_treasure"), "duel.prompt.window",
                     pass_kind="pass_window"),
        DecisionKind(DEFEND, ("defend",), _defend_prompt),
        DecisionKind(ARRANGE, ("arrange",), "duel.prompt.arrange"),
        DecisionKind(RESPOND, ("counter",), _respond_prompt, pass_kind="pass_counter",
                     on_close=_close_respond),
    ),
    actions=(
        ActionKind("summon", _options_summon, _check_summon, _apply_summon, closed=_ON_TURN),
        ActionKind("equip", _options_equip, _check_equip, _apply_equip, closed=_ON_TURN),
        ActionKind("cast", _options_cast, _check_cast, _apply_cast, closed=_ON_TURN),
        ActionKind("attack", _options_attack, _check_attack, _apply_attack, closed=_ON_TURN),
        ActionKind("end_turn", _options_end_turn, _no_params, _apply_end_turn, closed=_ON_TURN),
        ActionKind("defend", _options_defend, _check_defend, _apply_defend,
                   closed=("duel.rule.wrong_phase", "nobody is attacked now")),
        ActionKind("arrange", _options_arrange, _check_arrange, _apply_arrange,
                   closed=("duel.rule.wrong_phase", "there are no dice to arrange")),
        ActionKind("counter", _options_counter, _check_counter, _apply_counter,
                   closed=_NO_MAGIC),
        ActionKind("pass_counter", _options_pass_counter, _check_pass, closed=_NO_MAGIC),
        ActionKind("play_land", _options_play_land, _check_play_land, _apply_play_land,
                   closed=_WINDOW_ONLY),
        ActionKind("play_treasure", _options_play_treasure, _check_play_treasure,
                   _apply_play_treasure, closed=_WINDOW_ONLY),
        ActionKind("pass_window", _options_pass_window, _check_pass, closed=_WINDOW_ONLY),
        ActionKind("next_game", _options_next_game, _check_pass, _apply_next_game,
                   closed=("duel.rule.wrong_phase", "no game of the day is waiting")),
    ),
    turn_seat="active",
    unknown=("duel.rule.unknown_action", "there is no action {kind}"),
)
FLOW.install(DuelRules)


class DuelDay(CampaignDef):
    """The best-of-three day (seed 003): single games until a player has won two."""

    id = "day"
    label = "duel.option.day.day"

    def first_config(self, config: GameConfig) -> GameConfig:
        """Returns the first game's set-up: the chosen one as a single game."""
        options = {k: v for k, v in config.options.items() if k != "day"}
        return GameConfig(config.seats, options, None)

    def next_config(self, config: GameConfig, index: int, outcome: Outcome,
                    carry: dict[str, Any]) -> GameConfig | None:
        """Returns the next game's set-up, or None once a player has won two games."""
        if max(p["wins"] for p in carry["players"]) >= 2:
            return None
        return config.with_carry(carry)

    def outcome(self, outcomes: list[Outcome], carries: list[dict[str, Any]]) -> Outcome:
        """Returns the day's winner; scores are games won."""
        wins = tuple(float(p["wins"]) for p in carries[-1]["players"])
        best = max(wins)
        return Outcome(tuple(i for i, w in enumerate(wins) if w == best), wins,
                       msg("duel.end.day"))


DuelRules.campaigns = (DuelDay(),)
KINDS = tuple(FLOW.actions)

__all__ = ["DuelDay", "DuelRules", "KINDS", "RULES_PAGES", "PlayerState", "check", "start_game", "targets"]
