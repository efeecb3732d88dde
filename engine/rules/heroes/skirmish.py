"""The ``heroes`` game, mode ``skirmish``: pick a hero, build an army by a budget, fight one battle.

Our own definition (the seed's battlefield rules are not in it; spec §23.6): each seat leads a
hero of its faction at the chosen level with the hero's starting deck (plus specialties IV and
VI by level, one Search (2) of the ability deck per silver level, and optionally two spells and
an artifact drawn at random), and buys up to five units with a budget counted in gold (building
materials at 2 gold, valuables at 6 gold: the trade rates). The battle is the ``heroes_battle``
game run as a sub-game (engine/core/subgame.py): player against player, against the neutral
army of a chosen field level and difficulty (automatic, or controlled by the second seat as in a
Clash game), or a siege in which the second seat defends its town behind walls.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import subgame
from engine.core.actions import Action, Breakdown, Event, Message
from engine.core.decisions import ONE, Decision
from engine.core.deck import Deck, Pile
from engine.core.flow import ActionKind, DecisionKind, Flow, FlowState, Phase
from engine.core.protocol import GameConfig, GameRules, OptionDef, Outcome, Preview
from engine.core.rng import Rng
from engine.core.subgame import SubGame, SubGameHost
from engine.rules.heroes import content as C
from engine.rules.heroes import decks
from engine.rules.heroes.adventure.campaign import CARRY_SCHEMA, HeroesSolo, carry_lines, carry_out
from engine.rules.heroes.battle import RULES as BATTLE
from engine.rules.heroes.names import add_names

SEARCH = "search"
BUILD = "build"
FIGHT = "battle"
OVER = "over"
KEEP = "keep"
MAX_UNITS = 5  # seed 002, "Einheiten": up to five units take part in a combat
FACTIONS = ("sunward", "underhold", "gravemoor")
_NAMES = {"sunward": {"en": "Sunward Keep", "de": "Sonnwacht"},
          "underhold": {"en": "Underhold", "de": "Unterfeste"},
          "gravemoor": {"en": "Gravemoor", "de": "Grabmoor"}}


def cost_value(cost: Any) -> int:
    """Returns a cost in gold at the trade rates (spec §16: 2 gold buy 1 building material,
    6 gold 1 valuable)."""
    if cost is None:
        return 0
    return cost.gold + 2 * cost.materials + 6 * cost.valuables


@cache
def unit_price(did: str, pack: bool) -> int:
    """Returns the skirmish price of a unit, Few or Pack: its skirmish price when the content gives
    one (every faction unit does), else its recruitment plus, for a Pack, its reinforcement."""
    d = C.unit(did)
    if d.skirmish is not None:
        return d.skirmish.pack if pack else d.skirmish.few
    return cost_value(d.recruit) + (cost_value(d.reinforce) if pack else 0)


class SkirmishState:
    """The skirmish: options, each seat's hero, deck and army, the shared decks, the battle."""

    __slots__ = ("rng", "flow", "opts", "current", "factions", "heroes", "decks", "armies",
                 "searches", "looking", "abilities", "sub", "winners",
                 "reason", "turn", "players", "survivors")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.flow = FlowState(SEARCH)
        self.opts: dict[str, Any] = {}
        self.current = 0
        self.players = 1
        self.factions: list[str] = []
        self.heroes: list[str] = []
        self.decks: list[list[str]] = []  # each hero's Might & Magic deck (composition is public)
        self.armies: list[list[list[Any]]] = []  # [[unit id, pack], ...] per seat
        self.searches: list[int] = []  # ability Searches left per seat
        self.looking: list[str] = []  # cards the current seat looks at (hidden from others)
        self.abilities = Deck()  # the shared ability deck and its discard pile (setup 15.)
        self.sub: SubGame | None = None
        self.winners: list[int] = []
        self.survivors: list[int] = []  # per seat, its units standing when the battle ended
        self.reason = ""
        self.turn = 0

    def clone(self) -> SkirmishState:
        """Returns an independent copy (a running battle shares the copy's rng)."""
        s = SkirmishState.__new__(SkirmishState)
        s.rng = self.rng.clone()
        s.flow = self.flow.clone()
        s.opts = self.opts
        s.current = self.current
        s.players = self.players
        s.factions = self.factions[:]
        s.heroes = self.heroes[:]
        s.decks = [d[:] for d in self.decks]
        s.armies = [[e[:] for e in a] for a in self.armies]
        s.searches = self.searches[:]
        s.looking = self.looking[:]
        s.abilities = self.abilities.clone()
        s.sub = self.sub.clone(s.rng) if self.sub is not None else None
        s.winners = self.winners[:]
        s.survivors = self.survivors[:]
        s.reason = self.reason
        s.turn = self.turn
        return s

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"rng": self.rng.to_dict(), "flow": self.flow.to_json(), "opts": dict(self.opts),
                "current": self.current, "players": self.players,
                "factions": self.factions[:], "heroes": self.heroes[:],
                "decks": [d[:] for d in self.decks], "armies": [[e[:] for e in a]
                                                                 for a in self.armies],
                "searches": self.searches[:], "looking": self.looking[:],
                "abilities": self.abilities.to_dict(),
                "sub": self.sub.to_dict() if self.sub is not None else None,
                "winners": self.winners[:], "reason": self.reason, "turn": self.turn,
                "survivors": self.survivors[:]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SkirmishState:
        """Returns the state stored by ``to_dict``."""
        s = cls(Rng.from_dict(data["rng"]))
        s.flow = FlowState.from_json(data["flow"])
        s.opts = dict(data["opts"])
        s.current = int(data["current"])
        s.players = int(data["players"])
        s.factions = list(data["factions"])
        s.heroes = list(data["heroes"])
        s.decks = [list(d) for d in data["decks"]]
        s.armies = [[list(e) for e in a] for a in data["armies"]]
        s.searches = list(data["searches"])
        s.looking = list(data["looking"])
        s.abilities = Deck.from_dict(data["abilities"])
        s.sub = SubGame.from_dict(data["sub"], s.rng) if data["sub"] is not None else None
        s.winners = list(data["winners"])
        s.survivors = [int(n) for n in data.get("survivors", [])]  # absent in older saves
        s.reason = str(data["reason"])
        s.turn = int(data["turn"])
        return s


# the neutral army's field level and difficulty matter only against the neutrals
SKIRMISH_ONLY = (("mode", ("skirmish",)),)
# the map game (engine/rules/heroes/adventure), also in teams (adventure/teams.py)
CLASH_ONLY = (("mode", ("clash", "coop", "alliance")),)
SCENARIO_ONLY = (("mode", ("clash",)),)  # the clash scenarios (a team mode plays its own)
# the map game and the solo campaign on it (engine/rules/heroes/adventure/campaign.py)
MAP_ONLY = (("mode", ("clash", "campaign", "coop", "alliance")),)
ALLIANCE_ONLY = (("mode", ("alliance",)),)  # the fourth seat: two against two
NEUTRAL_ONLY = (*SKIRMISH_ONLY, ("opponent", ("neutral",)))


_OPTIONS: list[Any] = []  # [scenario ids, the options built for them]


def _faction_labels() -> tuple[Any, ...]:
    return ("heroes.opt.random", *(_NAMES[f] for f in FACTIONS))


class HeroesRules(SubGameHost, GameRules[SkirmishState]):
    """The heroes game; this issue delivers its skirmish mode (the map game comes next)."""

    game_id = "heroes"
    rules_version = "1"
    min_players = 1
    max_players = 4  # issue #17: the alliance of two against two (adventure/teams.py)
    # issue #17: the solo campaign (engine/rules/heroes/adventure/campaign.py)
    carry_schema = CARRY_SCHEMA
    campaigns = (HeroesSolo(),)
    base_options = (
        # issue #15: the map game is the default for every player count (the skirmish, one
        # battle, stays a choice for one or two)
        # issue #17: the solo campaign against bot heroes (one player)
        # issue #17: co-operative against bot heroes, and alliances of two (adventure/teams.py)
        OptionDef("mode", "heroes.opt.mode", "clash",
                  choices=("clash", "skirmish", "campaign", "coop", "alliance"),
                  choice_labels=("heroes.opt.mode.clash", "heroes.opt.mode.skirmish",
                                 "heroes.opt.mode.campaign", "heroes.opt.mode.coop",
                                 "heroes.opt.mode.alliance")),
        # the map game (mode clash, engine/rules/heroes/adventure): the scenario ("" the first
        # one for the player count) and who leads the neutral armies
        # the scenario: "" plays the first for the player count; the named ones are filled in
        # from the content (HeroesRules.options)
        OptionDef("scenario", "heroes.opt.scenario", "", when=SCENARIO_ONLY),
        # who leads the neutrals: a rival (Clash, alliance); co-operative: they act by themselves
        OptionDef("neutrals", "heroes.opt.neutrals", "player", choices=("player", "auto"),
                  choice_labels=("heroes.opt.neutrals.player", "heroes.opt.neutrals.auto"),
                  when=(("mode", ("clash", "alliance")),)),
        OptionDef("map_difficulty", "heroes.opt.map_difficulty", "normal",
                  choices=("easy", "normal", "expert", "impossible"),
                  choice_labels=("heroes.opt.difficulty.easy", "heroes.opt.difficulty.normal",
                                 "heroes.opt.difficulty.expert",
                                 "heroes.opt.difficulty.impossible"), when=MAP_ONLY),
        OptionDef("opponent", "heroes.opt.opponent", "player", choices=("player", "neutral"),
                  choice_labels=("heroes.opt.opponent.player", "heroes.opt.opponent.neutral"),
                  when=SKIRMISH_ONLY),
        OptionDef("faction_1", "heroes.opt.faction_1", "random", choices=("random", *FACTIONS),
                  choice_labels=_faction_labels()),
        OptionDef("faction_2", "heroes.opt.faction_2", "random", choices=("random", *FACTIONS),
                  choice_labels=_faction_labels()),
        OptionDef("hero_1", "heroes.opt.hero_1", "might", choices=("might", "magic"),
                  choice_labels=("heroes.opt.might", "heroes.opt.magic")),
        OptionDef("hero_2", "heroes.opt.hero_2", "might", choices=("might", "magic"),
                  choice_labels=("heroes.opt.might", "heroes.opt.magic")),
        # the third seat of a map game for three (its pre-game step chooses them)
        OptionDef("faction_3", "heroes.opt.faction_3", "random", choices=("random", *FACTIONS),
                  choice_labels=_faction_labels(), when=CLASH_ONLY),
        OptionDef("hero_3", "heroes.opt.hero_3", "might", choices=("might", "magic"),
                  choice_labels=("heroes.opt.might", "heroes.opt.magic"), when=CLASH_ONLY),
        OptionDef("faction_4", "heroes.opt.faction_4", "random", choices=("random", *FACTIONS),
                  choice_labels=_faction_labels(), when=ALLIANCE_ONLY),
        OptionDef("hero_4", "heroes.opt.hero_4", "might", choices=("might", "magic"),
                  choice_labels=("heroes.opt.might", "heroes.opt.magic"), when=ALLIANCE_ONLY),
        OptionDef("level", "heroes.opt.level", 3, minimum=1, maximum=7),
        OptionDef("budget", "heroes.opt.budget", 40, minimum=10, maximum=120),
        OptionDef("field", "heroes.opt.field", 4, minimum=1, maximum=7, when=NEUTRAL_ONLY),
        OptionDef("difficulty", "heroes.opt.difficulty", "normal",
                  choices=("easy", "normal", "expert", "impossible"),
                  choice_labels=("heroes.opt.difficulty.easy", "heroes.opt.difficulty.normal",
                                 "heroes.opt.difficulty.expert",
                                 "heroes.opt.difficulty.impossible"), when=NEUTRAL_ONLY),
        OptionDef("siege", "heroes.opt.siege", False, choices=(False, True), when=SKIRMISH_ONLY),
        OptionDef("bonus_cards", "heroes.opt.bonus_cards", True, choices=(True, False)),
        OptionDef("max_rounds", "heroes.opt.max_rounds", 12, minimum=0, maximum=40,
                  when=SKIRMISH_ONLY),
        # the battle's damage variants, for the skirmish and the map game's battles alike
        OptionDef("min_damage", "heroes.opt.min_damage", False, choices=(False, True),
                  variant=True),
        OptionDef("no_die_damage", "heroes.opt.no_die_damage", False, choices=(False, True),
                  variant=True),
        # the map game's adjustments and variants (seed "Optionale Anpassungen", spec §15.3)
        OptionDef("start_bonus", "heroes.opt.start_bonus", True, choices=(True, False),
                  variant=True, when=MAP_ONLY),
        OptionDef("free_extend", "heroes.opt.free_extend", False, choices=(False, True),
                  variant=True, when=MAP_ONLY),
        OptionDef("double_income", "heroes.opt.double_income", False, choices=(False, True),
                  variant=True, when=MAP_ONLY),
        OptionDef("astrologers", "heroes.opt.astrologers", "even",
                  choices=("even", "every", "none"), variant=True,
                  choice_labels=("heroes.opt.astrologers.even", "heroes.opt.astrologers.every",
                                 "heroes.opt.astrologers.none"), when=MAP_ONLY),
        # the rest of the seed's list (engine/rules/heroes/adventure/rules.py; spec §15.3)
        OptionDef("captured_town_no_income", "heroes.opt.captured_town_no_income", False,
                  choices=(False, True), variant=True, when=MAP_ONLY),
        OptionDef("no_rerolls", "heroes.opt.no_rerolls", False, choices=(False, True),
                  variant=True, when=MAP_ONLY),
        OptionDef("one_resource_per_die", "heroes.opt.one_resource_per_die", False,
                  choices=(False, True), variant=True, when=MAP_ONLY),
        OptionDef("extra_secondary_hero", "heroes.opt.extra_secondary_hero", False,
                  choices=(False, True), variant=True, when=MAP_ONLY),
        OptionDef("trade_anytime", "heroes.opt.trade_anytime", False, choices=(False, True),
                  variant=True, when=MAP_ONLY),
        OptionDef("clear_status_cubes", "heroes.opt.clear_status_cubes", False,
                  choices=(False, True), variant=True, when=MAP_ONLY),
        OptionDef("gains_to_discard", "heroes.opt.gains_to_discard", False,
                  choices=(False, True), variant=True, when=MAP_ONLY),
        # the expansion rules (seed "Spielregeln aus Erweiterungen"; spec §18;
        # engine/rules/heroes/adventure/expansion.py): events only in multiplayer games
        OptionDef("expansion_locations", "heroes.opt.expansion_locations", False,
                  choices=(False, True), variant=True, when=MAP_ONLY),
        OptionDef("war_machines", "heroes.opt.war_machines", False, choices=(False, True),
                  variant=True, when=MAP_ONLY),
        OptionDef("events", "heroes.opt.events", False, choices=(False, True), variant=True,
                  when=CLASH_ONLY),
        OptionDef("summoning", "heroes.opt.summoning", False, choices=(False, True),
                  variant=True, when=MAP_ONLY),
    )

    @property
    def options(self) -> tuple[OptionDef, ...]:  # type: ignore[override]
        """Returns the set-up options; the scenario is a choice among the content's scenarios
        (their names on the set-up screen), read once the content is loaded."""
        from engine.rules.heroes import mapdefs

        scenarios = mapdefs.scenarios()
        key = tuple(s.id for s in scenarios)
        if _OPTIONS and _OPTIONS[0] == key:
            return _OPTIONS[1]  # type: ignore[no-any-return]
        scenario = OptionDef("scenario", "heroes.opt.scenario", "", choices=("", *key),
                             choice_labels=("heroes.opt.scenario.default",
                                            *(s.name for s in scenarios)), when=SCENARIO_ONLY)
        opts = tuple(scenario if o.id == "scenario" else o for o in self.base_options)
        _OPTIONS[:] = [key, opts]
        return opts

    def option_defaults(self, players: int) -> dict[str, Any]:
        """Returns the mode by the number of players: the map game wherever a scenario is made
        for that many (two and three), else the skirmish (one player: no map scenario is)."""
        from engine.rules.heroes import mapdefs

        if mapdefs.scenarios(players):
            return {"mode": "clash"}
        # four players: the alliance of two against two (adventure/teams.py)
        return {"mode": "alliance" if mapdefs.scenarios(players, "alliance") else "skirmish"}

    def team_scenario(self, mode: str, players: int, wanted: str = "") -> str:
        """Returns the scenario a team mode (coop, alliance) plays for a player count (the
        set-up page names it; engine/rules/heroes/adventure/teams.py)."""
        from engine.rules.heroes.adventure import teams

        return teams.scenario_for(mode, players, wanted)

    def sides(self, config: GameConfig) -> tuple[int, ...]:
        """Returns each seat's team: one for every seat in a co-operative game, the scenario's
        two teams in an alliance, else every seat for itself (adventure/teams.py)."""
        mode = str(config.options.get("mode") or self.option_defaults(config.players)["mode"])
        if mode not in ("coop", "alliance"):
            return tuple(range(config.players))
        from engine.core.errors import MalformedAction
        from engine.rules.heroes.adventure.rules import mc

        try:
            sid = self.team_scenario(mode, config.players, str(config.options.get("scenario", "")))
        except MalformedAction:  # no scenario of the mode for that many: no teams either
            return tuple(range(config.players))
        if mode == "coop":
            return (0,) * config.players
        return tuple(int(getattr(s, "team", None) or 0) for s in mc().scenarios[sid].seats)

    def check_config(self, config: GameConfig) -> None:
        """Refuses, with a rule the set-up screen can name, a skirmish for three players, the
        map game for a number of players no scenario is made for, and a map scenario for another
        number of players."""
        super().check_config(config)
        from engine.core.errors import IllegalAction
        from engine.rules.heroes import mapdefs

        mode = self.option(config, "mode")
        if mode == "campaign" and config.players != 1:
            raise IllegalAction("heroes.rule.campaign_players", players=config.players)
        if config.carry is not None:
            from engine.rules.heroes.adventure.campaign import check_carry

            if mode != "campaign":
                raise IllegalAction("heroes.rule.campaign_players", players=config.players)
            check_carry(config.carry, config.players)
        if mode == "skirmish" and config.players > 2:
            raise IllegalAction("heroes.rule.skirmish_players", players=config.players)
        if mode == "clash" and not mapdefs.scenarios(config.players):
            raise IllegalAction("heroes.rule.clash_players", players=config.players)
        if mode in ("coop", "alliance") and not mapdefs.scenarios(config.players, mode):
            raise IllegalAction({"coop": "heroes.team.rule.coop_players",
                                 "alliance": "heroes.team.rule.alliance_players"}[mode],
                                players=config.players)
        sid = config.options.get("scenario", "")
        if mode == "clash" and sid:
            from engine.rules.heroes import mapdefs

            found = {s.id: s for s in mapdefs.scenarios()}.get(sid)
            if found is not None and config.players != found.players:
                raise IllegalAction("heroes.rule.scenario_players", players=config.players)

    # --- set-up ------------------------------------------------------------------------------
    def new_game(self, config: GameConfig, seed: int) -> Any:
        """Returns a skirmish (heroes chosen, decks built, the ability deck shuffled) or, with
        mode clash, a map game (engine/rules/heroes/adventure)."""
        self.check_config(config)
        opts = {o.id: self.option(config, o.id) for o in self.options}
        if opts["mode"] != "alliance":
            # the fourth seat's options (an alliance's): other games keep their former state,
            # so records made before them replay to the same hashes
            opts.pop("faction_4", None)
            opts.pop("hero_4", None)
        if opts["mode"] == "campaign":
            # a scenario of the solo campaign: the first, or the one the carry names
            # (engine/rules/heroes/adventure/campaign.py)
            from engine.rules.heroes.adventure.campaign import scenario_for

            opts["scenario"] = scenario_for(config.carry)
            return _clash().start(config, seed, opts)
        if opts["mode"] in ("coop", "alliance"):
            # a team game plays its mode's scenario for the player count (adventure/teams.py)
            opts["scenario"] = self.team_scenario(str(opts["mode"]), config.players,
                                                  str(config.options.get("scenario", "")))
            return _clash().start(config, seed, opts)
        if opts["mode"] == "clash":
            return _clash().start(config, seed, opts)
        if config.players > 2:
            from engine.core.errors import MalformedAction

            raise MalformedAction("the heroes skirmish takes 1–2 players")
        st = SkirmishState(Rng(seed))
        st.opts = opts
        st.players = config.players
        rng = st.rng
        armies = 1 if self.neutral_opponent(st) else config.players
        st.abilities = Deck(decks.shared_deck("ability"))
        st.abilities.shuffle(rng)
        _refill_discard(st)  # seed setup 15.: the top card is discarded
        spells = Pile([c for c in decks.shared_deck("spell") if c != "magic_arrow"]
                      + ["magic_arrow"] * 2)
        spells.shuffle(rng)
        artifacts = Pile(decks.shared_deck("artifact"))
        artifacts.shuffle(rng)
        level = int(opts["level"])
        for seat in range(armies):
            faction = opts[f"faction_{seat + 1}"]
            if faction == "random":
                faction = FACTIONS[rng.below(len(FACTIONS))]
            hero = _hero_of(faction, opts[f"hero_{seat + 1}"])
            deck = decks.starting_deck(hero, level)
            if opts["bonus_cards"]:
                deck += spells.take_top(2) + artifacts.take_top(1)
            st.factions.append(faction)
            st.heroes.append(hero)
            st.decks.append(deck)
            st.armies.append([])
            st.searches.append(sum(1 for lvl in decks.SEARCH_LEVELS if lvl <= level))
        st.current = 0
        st.flow.phase = SEARCH
        ev: list[Event] = []
        _advance_setup(self, st, ev)
        return st

    def carry_out(self, state: Any) -> dict[str, Any]:
        """Returns what a finished scenario of the solo campaign carries into the next."""
        if getattr(state, "solo", None) is None:
            raise NotImplementedError("only a campaign scenario carries something out")
        return carry_out(state)

    def carry_lines(self, carry: dict[str, Any]) -> list[Message]:
        """Returns the between-scenarios lines of what the campaign carries on."""
        return carry_lines(carry)

    def neutral_opponent(self, st: SkirmishState) -> bool:
        """Returns True when the army fights neutral units."""
        return st.players == 1 or st.opts["opponent"] == "neutral"

    def content_hash(self) -> str:
        """Returns the hash of the heroes content."""
        return C.content().hash

    def progress(self, state: SkirmishState) -> Message:
        """Returns the combat round while the battle runs, else that the armies are raised."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().progress(state)
        if state.flow.phase == OVER:
            return Message("heroes.ui.progress_over")
        if state.sub is None:
            return Message("heroes.ui.progress_setup")
        return Message("heroes.ui.progress_round", {"round": state.sub.state.round})

    def turn_number(self, state: SkirmishState) -> int:
        """Returns a counter for autosaves (set-up steps, then the battle's activations)."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().turn_number(state)
        return state.turn + (state.sub.state.turn if state.sub is not None else 0)

    # --- protocol with the running battle ----------------------------------------------------
    # The battle's rules are called directly (the SubGameHost helpers look them up in the
    # registry on every call, a third of a bot battle's time).
    def current_actor(self, state: SkirmishState) -> int | None:
        """Returns the seat to act (inside the battle while it runs)."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().current_actor(state)
        sub = state.sub
        if sub is not None:
            actor = BATTLE.current_actor(sub.state)
            return None if actor is None else sub.seats[actor]
        return super().current_actor(state)

    def legal_actions(self, state: SkirmishState) -> list[Action]:
        """Returns the legal actions (the battle's while it runs)."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().legal_actions(state)
        if state.sub is not None:
            return BATTLE.legal_actions(state.sub.state)
        return super().legal_actions(state)

    def prompt(self, state: SkirmishState) -> Message:
        """Returns what the actor must decide."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().prompt(state)
        if state.sub is not None:
            return self.sub_prompt(state)
        return super().prompt(state)

    def validate(self, state: SkirmishState, action: Action) -> None:
        """Lets the battle judge its own actions."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            _clash().validate(state, action)
            return
        if state.sub is not None:
            BATTLE.validate(state.sub.state, action)
            return
        super().validate(state, action)

    def do_apply(self, state: SkirmishState, action: Action) -> list[Event]:
        """Applies a validated action (in the battle while it runs)."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().do_apply(state, action)
        sub = state.sub
        if sub is not None:
            events = BATTLE.do_apply(sub.state, action)  # named by the battle
            if BATTLE.is_over(sub.state):
                outcome = BATTLE.outcome(sub.state)
                state.sub = None
                assert outcome is not None
                events.extend(add_names(self.sub_game_over(state, sub, outcome)))
            return events
        return add_names(super().do_apply(state, action))

    def sub_game_over(self, state: SkirmishState, sub: SubGame, outcome: Outcome) -> list[Event]:
        """Ends the skirmish with the battle's result."""
        state.flow.phase = OVER
        state.winners = [sub.host_seat(w) for w in outcome.winners]  # type: ignore[misc]
        state.reason = sub.state.reason
        state.survivors = [0] * state.players
        for u in sub.state.units:
            seat = sub.host_seat(sub.state.sides[u.side].seat)
            if u.alive and seat is not None:
                state.survivors[seat] += 1
        return [Event("heroes.ev.skirmish_over", {"winners": list(state.winners),
                                                  "reason": state.reason})]

    def annotate(self, state: SkirmishState, seat: int | None,
                 actions: list[Action]) -> list[Preview]:
        """Returns the battle's previews while it runs; prices during army building."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().annotate(state, seat, actions)
        sub = state.sub
        if sub is not None:
            return BATTLE.annotate(sub.state, sub.sub_seat(seat), actions)
        out = []
        for a in actions:
            problem = FLOW.check(self, state, a)
            if problem is not None:
                out.append(Preview(refused=Message(problem[0], {})))
            elif a.kind in ("recruit", "reinforce"):
                pack = a.kind == "reinforce"
                price = unit_price(a["unit"], pack) - (unit_price(a["unit"], False)
                                                       if pack else 0)
                cost = Breakdown(Message("heroes.bd.price", {}), price, ())
                out.append(Preview(cost=(cost,), detail={"left": budget_left(state) - price}))
            else:
                out.append(Preview())
        return out

    # --- reading -----------------------------------------------------------------------------
    def view(self, state: SkirmishState, seat: int | None) -> dict[str, Any]:
        """Returns the skirmish as ``seat`` sees it (the battle inside while it runs)."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().view(state, seat)
        out: dict[str, Any] = {
            "game": "heroes", "mode": state.opts["mode"], "phase": state.flow.phase,
            "step": state.flow.step, "current": state.current, "seat": seat,
            "options": dict(state.opts), "factions": state.factions[:],
            "heroes": state.heroes[:], "budget": state.opts["budget"],
            "armies": [[e[:] for e in a] for a in state.armies],
            "spent": [army_cost(a) for a in state.armies],
            # each seat's faction units priced as Few and as Pack (the build screen shows the
            # prices of units the budget no longer covers too)
            "prices": [{did: [unit_price(did, False), unit_price(did, True)]
                        for did in C.faction(f).units} for f in state.factions],
            # a deck's cards to its owner only (a card kept from the ability deck's hidden top
            # is named to its owner alone); the others see how many
            "decks": [sorted(d) if i == seat else None for i, d in enumerate(state.decks)],
            "deck_sizes": [len(d) for d in state.decks], "searches": state.searches[:],
            "ability_discard_top": state.abilities.discard_pile.top(),
            "ability_deck_count": state.abilities.draw_count(),
            "looking": state.looking[:] if seat == state.current and state.looking else [],
            "winners": state.winners[:], "reason": state.reason,
            "survivors": state.survivors[:],
            "prompt": self.prompt(state).to_json() if not self.is_over(state) else None,
        }
        if state.sub is not None:
            out["battle"] = self.sub_view(state, seat)
        return out

    def is_over(self, state: SkirmishState) -> bool:
        """Returns True once the battle has ended."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().is_over(state)
        return state.flow.phase == OVER

    def outcome(self, state: SkirmishState) -> Outcome | None:
        """Returns the winning seat (none after a draw or retreat)."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().outcome(state)
        if state.flow.phase != OVER:
            return None
        scores = tuple(1.0 if p in state.winners else 0.0 for p in range(state.players))
        return Outcome(tuple(state.winners), scores, Message(f"heroes.end.{state.reason}", {}))

    # --- persistence -------------------------------------------------------------------------
    def state_to_dict(self, state: SkirmishState) -> dict[str, Any]:
        """Returns the state as JSON data."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().state_to_dict(state)
        return state.to_dict()

    def state_from_dict(self, data: dict[str, Any]) -> SkirmishState:
        """Returns the state stored by state_to_dict."""
        if data.get("mode") == "clash":
            return _clash().state_from_dict(data)  # type: ignore[return-value]
        return SkirmishState.from_dict(data)

    def clone(self, state: SkirmishState) -> SkirmishState:
        """Returns a hand-written copy."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().clone(state)
        return state.clone()

    def determinize(self, state: SkirmishState, seat: int, rng: Rng) -> SkirmishState:
        """Re-deals what ``seat`` cannot see: the ability deck's order (with the cards another
        seat is looking at) and, in the battle, decks and the other hands."""
        if state.__class__ is not SkirmishState:  # the map game (mode clash)
            return _clash().determinize(state, seat, rng)
        out = state.clone()
        draw = out.abilities.draw_pile
        hidden = draw.cards + (out.looking if seat != out.current else [])
        hidden.sort()
        rng.shuffle(hidden)
        if seat != out.current and out.looking:
            out.looking = hidden[:len(out.looking)]
            hidden = hidden[len(out.looking):]
        draw.cards = hidden
        if state.sub is not None:
            self.sub_determinize(state, out, seat, rng)
        out.rng = Rng(rng.next_u64())
        if out.sub is not None:
            out.sub.state.rng = out.rng
        return out

    def setup_scenario(self, state: SkirmishState, setup_map: dict[str, Any]) -> None:
        """Scenario files set a skirmish up through its options; the battle has its own
        vocabulary (game ``heroes_battle``)."""
        if state.__class__ is not SkirmishState:
            _clash().setup_scenario(state, setup_map)
            return
        if setup_map:
            from engine.core.errors import MalformedAction

            raise MalformedAction("heroes: use game heroes_battle for battle set-ups")


@cache
def _clash() -> Any:
    """Returns the map game's rules (imported on first use: the skirmish does not need them)."""
    from engine.rules.heroes.adventure.game import CLASH

    return CLASH


def _hero_of(faction: str, kind: str) -> str:
    for hid in C.faction(faction).heroes:
        if C.hero(hid).type == kind:
            return hid
    return C.faction(faction).heroes[0]


def army_cost(army: list[list[Any]]) -> int:
    """Returns what an army cost."""
    return sum(unit_price(did, pack) for did, pack in army)


def budget_left(st: SkirmishState) -> int:
    """Returns the current seat's budget left."""
    return int(st.opts["budget"]) - army_cost(st.armies[st.current])


# --- set-up flow ---------------------------------------------------------------------------------
def _advance_setup(rules: HeroesRules, st: SkirmishState, ev: list[Event]) -> None:
    """Moves through the seats' Searches and army building, then starts the battle."""
    n = len(st.armies)
    while st.flow.phase in (SEARCH, BUILD) and not st.flow.stack:
        if st.flow.phase == SEARCH:
            if st.current < n and st.searches[st.current] > 0:
                return
            if st.current + 1 < n:
                st.current += 1
                continue
            st.current = 0
            st.flow.phase = BUILD
            continue
        return


def _opt_look(rules: HeroesRules, st: SkirmishState, out: list[Action]) -> None:
    out.append(Action("search", (("from", "deck"),)))
    if st.abilities.discard_pile:
        out.append(Action("search", (("from", "discard"),)))


def _apply_search(rules: HeroesRules, st: SkirmishState, action: Action, ev: list[Event]) -> None:
    """seed card rule 5: Search (2) looks at the top two cards of the ability deck and keeps one,
    or takes the top card of its discard pile."""
    st.turn += 1
    st.searches[st.current] -= 1
    if action["from"] == "discard":
        card = st.abilities.discard_pile.take_top(1)[0]
        _gain(st, card, ev)
        if _refill_discard(st):
            # The next card of the hidden deck now lies face up: an irreversible point.
            ev.append(Event("heroes.ev.discard_top", {"card": st.abilities.discard_pile.top()},
                            reveal=True))
    else:
        # seed card rule 3: what is left, then the shuffled discard pile; rule 6: an emptied
        # discard pile is refilled from the deck
        looked = st.abilities.draw(2, st.rng)
        if looked.reshuffled:
            _refill_discard(st)
        st.looking = looked.cards
        if st.looking:
            ev.append(Event("heroes.ev.look", {"seat": st.current, "cards": st.looking[:]},
                            reveal=True, seat=st.current))
            st.flow.push(Decision(KEEP, st.current, ONE))
            return
    _advance_setup(rules, st, ev)


def _gain(st: SkirmishState, card: str, ev: list[Event], private: bool = False) -> None:
    """Adds a found card to the hero's deck; ``private``: a card kept from the hidden deck's
    top is named to its owner only (the other card goes face up to the discard pile)."""
    c = C.card(card)
    deck = st.decks[st.current]
    if c.faction is not None and c.faction != st.factions[st.current]:
        # seed 002 (faction cards): a card of another faction is of no use; it is discarded
        st.abilities.discard((card,))
        ev.append(Event("heroes.ev.unusable", {"seat": st.current, "card": card}))
        return
    deck.append(card)
    ev.append(Event("heroes.ev.gain", {"seat": st.current, "card": card},
                    seat=st.current if private else None))


def _refill_discard(st: SkirmishState) -> bool:
    """Turns the ability deck's top card onto an empty discard pile; returns True if it did."""
    deck = st.abilities
    if not deck.discard_pile and deck.draw_pile:
        deck.discard(deck.draw_pile.take_top(1))
        return True
    return False


def _opt_keep(rules: HeroesRules, st: SkirmishState, out: list[Action]) -> None:
    seen: set[str] = set()
    for c in st.looking:
        if c not in seen:
            seen.add(c)
            out.append(Action("keep", (("card", c),)))


def _apply_keep(rules: HeroesRules, st: SkirmishState, action: Action, ev: list[Event]) -> None:
    card = action["card"]
    st.looking.remove(card)
    _gain(st, card, ev, private=True)
    st.abilities.discard(st.looking)
    st.looking = []


def _close_keep(rules: HeroesRules, st: SkirmishState, d: Decision, ev: list[Event]) -> None:
    _advance_setup(rules, st, ev)


def _buyable(st: SkirmishState) -> tuple[list[str], list[str]]:
    """Returns the units the current seat may recruit and those it may reinforce."""
    army = st.armies[st.current]
    left = budget_left(st)
    have = {e[0] for e in army}
    recruit = []
    if len(army) < MAX_UNITS:
        for did in C.faction(st.factions[st.current]).units:
            if did not in have and unit_price(did, False) <= left:
                recruit.append(did)
    reinforce = [did for did, pack in army if not pack
                 and unit_price(did, True) - unit_price(did, False) <= left]
    return recruit, reinforce


@cache
def _unit_action(kind: str, did: str) -> Action:
    return Action(kind, (("unit", did),))


def _opt_recruit(rules: HeroesRules, st: SkirmishState, out: list[Action]) -> None:
    out.extend(_unit_action("recruit", u) for u in _buyable(st)[0])


def _opt_reinforce(rules: HeroesRules, st: SkirmishState, out: list[Action]) -> None:
    out.extend(_unit_action("reinforce", u) for u in _buyable(st)[1])


def _refuse_buy(rules: HeroesRules, st: SkirmishState, action: Action) -> tuple[str, str]:
    did = action.get("unit")
    if not isinstance(did, str) or did not in C.faction(st.factions[st.current]).units:
        return ("heroes.rule.not_faction_unit", f"{did!r} is no unit of your faction")
    if action.kind == "recruit" and len(st.armies[st.current]) >= MAX_UNITS:
        return ("heroes.rule.five_units", "at most five units fight")
    return ("heroes.rule.budget", "the budget does not cover it (or it is taken)")


# The checks of one given action (validate), as the option lists above would judge it.
def _not_listed(action: Action) -> tuple[str, str]:
    return ("rule.not_legal_now", f"{action} is not a legal action now")


def _check_search(rules: HeroesRules, st: SkirmishState, action: Action) -> tuple[str, str] | None:
    where = action.args[0][1] if action.names() == ("from",) else None
    if where == "deck" or (where == "discard" and st.abilities.discard_pile):
        return None
    return _not_listed(action)


def _check_keep(rules: HeroesRules, st: SkirmishState, action: Action) -> tuple[str, str] | None:
    if action.names() == ("card",) and action.args[0][1] in st.looking:
        return None
    return _not_listed(action)


def _check_recruit(rules: HeroesRules, st: SkirmishState,
                   action: Action) -> tuple[str, str] | None:
    army = st.armies[st.current]
    if action.names() == ("unit",) and len(army) < MAX_UNITS:
        did = action.args[0][1]
        if did in C.faction(st.factions[st.current]).units and all(e[0] != did for e in army) \
                and unit_price(did, False) <= budget_left(st):
            return None
    return _refuse_buy(rules, st, action)


def _check_reinforce(rules: HeroesRules, st: SkirmishState,
                     action: Action) -> tuple[str, str] | None:
    if action.names() == ("unit",):
        did = action.args[0][1]
        if any(e[0] == did and not e[1] for e in st.armies[st.current]) \
                and unit_price(did, True) - unit_price(did, False) <= budget_left(st):
            return None
    return _refuse_buy(rules, st, action)


def _apply_recruit(rules: HeroesRules, st: SkirmishState, action: Action, ev: list[Event]) -> None:
    st.turn += 1
    st.armies[st.current].append([action["unit"], False])
    ev.append(Event("heroes.ev.recruit", {"seat": st.current, "unit": action["unit"]}))


def _apply_reinforce(rules: HeroesRules, st: SkirmishState, action: Action,
                     ev: list[Event]) -> None:
    st.turn += 1
    for e in st.armies[st.current]:
        if e[0] == action["unit"]:
            e[1] = True
    ev.append(Event("heroes.ev.reinforce", {"seat": st.current, "unit": action["unit"]}))


def _opt_ready(rules: HeroesRules, st: SkirmishState, out: list[Action]) -> None:
    if st.armies[st.current]:
        out.append(Action("ready"))


def _check_ready(rules: HeroesRules, st: SkirmishState, action: Action) -> tuple[str, str] | None:
    if action.args or not st.armies[st.current]:
        return ("heroes.rule.empty_army", "recruit at least one unit")
    return None


def _apply_ready(rules: HeroesRules, st: SkirmishState, action: Action, ev: list[Event]) -> None:
    st.turn += 1
    ev.append(Event("heroes.ev.ready", {"seat": st.current}))
    if st.current + 1 < len(st.armies):
        st.current += 1
        return
    start_battle(rules, st, ev)


def battle_spec(rules: HeroesRules, st: SkirmishState) -> dict[str, Any]:
    """Returns the battle specification of the skirmish (engine/rules/heroes/battle/setup.py)."""
    o = st.opts
    level = int(o["level"])
    sides = []
    for seat in range(len(st.armies)):
        side = {"seat": seat, "hero": st.heroes[seat], "level": level,
                "deck": st.decks[seat][:], "faction": st.factions[seat],
                "units": [{"unit": did, "pack": pack} for did, pack in st.armies[seat]],
                "gold": 10}
        sides.append(side)
    if rules.neutral_opponent(st):
        controller = 1 if st.players == 2 else None
        sides.append({"seat": controller, "neutral": {"field": int(o["field"]),
                                                      "difficulty": o["difficulty"]}})
    elif o["siege"]:
        sides[1]["town"] = True
    variants = {k: True for k in ("min_damage", "no_die_damage") if o[k]}
    return {"kind": "siege" if o["siege"] and not rules.neutral_opponent(st) else "field",
            "sides": sides, "max_rounds": int(o["max_rounds"]), "variants": variants}


def start_battle(rules: HeroesRules, st: SkirmishState, ev: list[Event]) -> None:
    """Starts the battle as a sub-game; seat i of the battle is host seat i."""
    spec = battle_spec(rules, st)
    seats = tuple(range(st.players))
    config = GameConfig.for_players(st.players, bots=False, battle=spec)
    st.flow.phase = FIGHT
    opening: list[Event] = []
    st.sub = subgame.start("heroes_battle", config, seats, st.rng, {"mode": "skirmish"}, opening)
    ev.append(Event("heroes.ev.battle", {"kind": spec["kind"]}))
    ev.extend(opening)  # the neutral army drawn, automatic deployment, walls


def _prompt_setup(rules: HeroesRules, st: SkirmishState) -> Message:
    if st.flow.phase == SEARCH:
        return Message("heroes.prompt.search", {"seat": st.current,
                                                "left": st.searches[st.current]})
    if st.flow.phase == BUILD:
        return Message("heroes.prompt.build", {"seat": st.current, "left": budget_left(st)})
    return Message("heroes.prompt.over", {})


def _running_battle(st: SkirmishState) -> SubGame | None:
    return st.sub


def _current(st: SkirmishState) -> int:
    return st.current


def _no_params(rules: HeroesRules, st: SkirmishState, action: Action) -> tuple[str, str] | None:
    return None if not action.args else ("heroes.rule.bad_action", f"{action} takes nothing")


FLOW = Flow(
    "heroes",
    phases=(
        Phase(SEARCH, ("search",), _prompt_setup),
        Phase(BUILD, ("recruit", "reinforce", "ready"), _prompt_setup),
        Phase(FIGHT, (), "heroes.prompt.battle", sub=_running_battle),
        Phase(OVER, (), "heroes.prompt.over", terminal=True),
    ),
    decisions=(
        DecisionKind(KEEP, ("keep",), "heroes.prompt.keep", on_close=_close_keep),
    ),
    actions=(
        ActionKind("search", _opt_look, _check_search, _apply_search),
        ActionKind("keep", _opt_keep, _check_keep, _apply_keep),
        ActionKind("recruit", _opt_recruit, _check_recruit, _apply_recruit),
        ActionKind("reinforce", _opt_reinforce, _check_reinforce, _apply_reinforce),
        ActionKind("ready", _opt_ready, _check_ready, _apply_ready),
    ),
    turn_seat=_current,
    closed=("heroes.rule.wrong_step", "{kind} is not possible during {step}"),
)
FLOW.install(HeroesRules)
RULES = HeroesRules()
