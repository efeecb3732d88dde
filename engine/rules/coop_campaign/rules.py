"""The rules object of ``coop_campaign``: set-up, the declared turn flow and every action kind.

Phases: ``camp`` (a campaign mission before the party sets out: camp.py), ``heroes`` (the
active hero plays river tiles, standard actions and items, or ends its activation), ``auto``
(the rules resolve; only decisions interrupt) and ``over``. Decisions: reroll (the attacker's
window after a roll), defend (the defender's window after a defence roll), take (the party
chooses who takes an enemy attack or is pulled), drop and offer (loot over carrying capacity),
choose (a party choice printed on a tile), merchant (a hero takes one of the merchant's wares).
"""

from __future__ import annotations

from typing import Any

from engine.content.schema import SLUG
from engine.core.actions import Action, Event, Message
from engine.core.errors import MalformedAction
from engine.core.flow import ActionKind, DecisionKind, Flow, Phase
from engine.core.hashing import digest
from engine.core.protocol import GameConfig, GameRules, OptionDef, Outcome, Preview
from engine.core.rng import Rng
from engine.rules.coop_campaign import camp as K
from engine.rules.coop_campaign import campaign
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.deckset import build_decks
from engine.rules.coop_campaign.effects import QUICK_ATTACK, QUICK_DEFENCE
from engine.rules.coop_campaign.names import add_names
from engine.rules.coop_campaign.options import picks
from engine.rules.coop_campaign.state import (
    AUTO,
    CHOOSE,
    DEFEND,
    DROP,
    HEROES,
    OFFER,
    OVER,
    REROLL,
    TAKE,
    UNHASHED,
    HeroState,
    MissionState,
)

Refusal = tuple[str, str]
DEFAULT_HEROES = ("barbarian", "wizard", "assassin", "huntress")
TILES = ("bridge", "glade", "warcamp", "chapel", "kings_road", "lanterns", "ossuary", "abbey",
         "fields", "keep_walls", "queen")  # in station order (1-10, 4A before 4B)
THEMES = ("tile", "forest", "graveyard", "ashen")
MODES = ("mission", "campaign")
MISSION_ONLY = (("mode", ("mission",)),)
# standard actions' effects that need a target; one without any does nothing but cost mana
TARGETED = frozenset({"attack", "basic_attack", "jump", "zone_damage"})


class CoopRules(GameRules[MissionState]):
    """One mission of the co-operative campaign crawler (seed 001) for 1–4 seats."""

    game_id = "coop_campaign"
    rules_version = "1"
    min_players = 1
    max_players = 4
    private_information = False  # co-operative and open: no curtain between teammates
    # random heroes never win a mission, so a campaign simulated with them would never end
    default_bot = "heuristic"
    options = (
        OptionDef("mode", "coop.opt.mode", "mission", MODES,
                  choice_labels=("coop.opt.mode.mission", "coop.opt.mode.campaign")),
        OptionDef("tile", "coop.opt.tile", "bridge", TILES,
                  choice_labels=("coop.opt.tile.bridge", "coop.opt.tile.glade",
                                 "coop.opt.tile.warcamp", "coop.opt.tile.chapel",
                                 "coop.opt.tile.kings_road", "coop.opt.tile.lanterns",
                                 "coop.opt.tile.ossuary", "coop.opt.tile.abbey",
                                 "coop.opt.tile.fields", "coop.opt.tile.keep_walls",
                                 "coop.opt.tile.queen"), when=MISSION_ONLY),
        OptionDef("hard", "coop.opt.hard", False, (False, True), variant=True),
        OptionDef("theme", "coop.opt.theme", "tile", THEMES,
                  choice_labels=("coop.opt.theme.tile", "coop.opt.theme.forest",
                                 "coop.opt.theme.graveyard", "coop.opt.theme.ashen"),
                  when=MISSION_ONLY),
        OptionDef("heroes", "coop.opt.heroes", ""),
        OptionDef("boxes", "coop.opt.boxes", "", when=MISSION_ONLY),
        # loot after a won tile is sorted in the next camp (docs/coop_campaign/rules.md "Loot
        # after a won tile"); set by every new campaign, never shown: a campaign saved before
        # lacks it and its missions ask the drops they asked then
        OptionDef("loot_camp", "coop.opt.loot_camp", True, (False, True), when=(("mode", ()),)),
    )
    # The campaign (campaign.py): each mission a game; what one hands to the next.
    carry_schema = campaign.CARRY_SCHEMA
    campaigns = (campaign.Chronicle(),)

    # --- set-up ---------------------------------------------------------------------------
    def hero_ids(self, config: GameConfig) -> list[str]:
        """Returns the heroes of the mission: one per seat, two for a single seat."""
        n = 2 if config.players == 1 else config.players
        text = str(config.options.get("heroes", "") or "")
        ids = [x.strip() for x in text.split(",") if x.strip()] if text else list(
            DEFAULT_HEROES[:n])
        if len(ids) != n:
            raise MalformedAction(f"coop_campaign: {n} heroes needed, got {len(ids)}")
        known = C.content().ids("hero")
        for hid in ids:
            if hid not in known:
                raise MalformedAction(f"coop_campaign: no hero {hid!r}")
        return ids

    def boxes(self, config: GameConfig) -> list[str]:
        """Returns the campaign checkboxes ticked before the mission (the ``boxes`` option:
        comma-separated ids, so that a tile plays alone as a campaign would bring it)."""
        text = str(config.options.get("boxes", "") or "")
        out = [x.strip() for x in text.split(",") if x.strip()]
        for box in out:
            if not SLUG.fullmatch(box):
                raise MalformedAction(f"coop_campaign: {box!r} is not a checkbox id")
        return list(dict.fromkeys(out))

    def check_config(self, config: GameConfig) -> None:
        """Raises MalformedAction for an unplayable config (seats, options, hero list; in
        campaign mode the map and the carried party)."""
        super().check_config(config)
        self.hero_ids(config)
        if self.option(config, "mode") == "campaign":
            K.check_camp_config(config)
        elif config.carry is not None:
            raise MalformedAction("coop_campaign: only a campaign mission carries a party in")
        self.boxes(config)

    def new_game(self, config: GameConfig, seed: int) -> MissionState:
        """Returns a mission set up for the config (seed 001, 1 and 2); in campaign mode the
        mission starts at its camp (camp.py)."""
        if self.option(config, "mode") == "campaign":
            self.check_config(config)
            return K.new_camp(self, config, seed)
        return self.start_mission(config, seed)

    def carry_out(self, state: MissionState) -> dict[str, Any]:
        """Returns what a finished campaign mission hands to the next (campaign.py)."""
        return campaign.carry_out(state)

    def carry_lines(self, carry: dict[str, Any]) -> list[Message]:
        """Returns per hero its level, hearts and items (of its capacity) as the next mission
        receives them, and a line for the camp when a pack is too full (loot after a won tile is
        sorted there: docs/coop_campaign/rules.md "Loot after a won tile")."""
        out = []
        over = False
        for i, h in enumerate(carry["heroes"]):
            d = C.hero(h["hero"])
            level = min(1 + len(h["flipped"]), len(d.levels))
            capacity = d.levels[level - 1].carry
            over = over or len(h["items"]) > capacity
            out.append(Message("coop.carry.hero", {
                "hero": i, "hid": h["hero"], "hero_name": {"en": d.name["en"], "de": d.name["de"]},
                "level": level, "hp": h["hp"], "items": len(h["items"]), "carry": capacity}))
        if over:
            out.append(Message("coop.carry.over", {}))
        return out

    def progress(self, state: MissionState) -> Message:
        """Returns how far the game is: the campaign's station and round, or the round."""
        camp = state.camp
        if camp is None:
            return super().progress(state)
        sid = camp["station"]
        if not sid:  # the road forks and no route is chosen yet
            return Message("coop.progress.camp", {"station": "?"})
        label = campaign.station(sid).label
        name = dict(C.tile(campaign.station(sid).tile).name)
        if state.stage == "camp":
            return Message("coop.progress.camp_named", {"station": label, "mission": name})
        return Message("coop.progress.mission_named", {"station": label, "mission": name,
                                                        "round": state.round})

    def party(self, state: MissionState) -> Message:
        """Returns the heroes and the difficulty, which tell two campaigns apart."""
        # the given name alone ("Nyx", not "Nyx the Shade"): four heroes still fit one line
        names = {lang: ", ".join(str(C.hero(h.hid).name[lang]).split()[0] for h in state.heroes)
                 for lang in ("en", "de")}
        key = "coop.progress.party_hard" if state.hard else "coop.progress.party"
        return Message(key, {"heroes": names})

    def start_mission(self, config: GameConfig, seed: int,
                      carried: list[list[str]] | None = None) -> MissionState:
        """Returns a mission set up for the config; ``carried`` gives each hero the physical
        item cards it brings from an earlier tile (instead of its starting weapon; the campaign
        hands them over), which then leave this mission's loot decks."""
        self.check_config(config)
        st = MissionState()
        st.rng = Rng(seed)
        st.tile = str(self.option(config, "tile"))
        tile = C.tile(st.tile)
        theme = str(self.option(config, "theme"))
        st.theme = tile.theme if theme == "tile" else theme
        st.hard = bool(self.option(config, "hard"))
        st.players = config.players
        st.boxes = self.boxes(config)  # read by a tile's set-up (a boss tile's if_box)
        ids = self.hero_ids(config)
        if carried is not None and len(carried) != len(ids):
            raise MalformedAction(f"coop_campaign: items for {len(ids)} heroes needed")
        for i, hid in enumerate(ids):
            d = C.hero(hid)
            h = HeroState(hid, 0 if config.players == 1 else i, tile.start)
            river = list(d.actions)
            st.rng.shuffle(river)  # seed 001, 1.1: shuffled, base side up
            h.river = river
            h.items = [f"{d.weapon}.h{i + 1}"] if carried is None else list(carried[i])
            h.hp = T.hp_max(h)
            h.mana = 0  # seed 001, 1.1: all mana cubes start spent
            if d.special == "wolf":
                h.wolf_area = tile.start
                h.wolf_hp = T.wolf_max(h)
            st.heroes.append(h)
        build_decks(st)
        if carried is not None:
            for card in (c for items in carried for c in items):
                deck = st.loot.get(C.card_item(card).deck)
                if deck is not None and card in deck.draw_pile.cards:
                    deck.draw_pile.remove(card)
        ev: list[Event] = []
        E.begin_tile(st, ev)
        E.pump(self, st, ev)
        return st

    def content_hash(self) -> str:
        """Returns the hash of the coop_campaign content."""
        return C.content().hash

    def turn_number(self, state: MissionState) -> int:
        """Returns the number of finished rounds."""
        return state.turn

    def do_apply(self, state: MissionState, action: Action) -> list[Event]:
        """Applies a validated action; the events carry readable names."""
        ev = FLOW.apply(self, state, action)
        E.finish_if_over(state, ev)
        return add_names(ev, state.tile)

    def search_apply(self, state: MissionState, action: Action) -> None:
        """Applies a legal action for a search: as do_apply, without the log's names."""
        E.finish_if_over(state, FLOW.apply(self, state, action))

    # --- reading -----------------------------------------------------------------------------
    def sides(self, config: GameConfig) -> tuple[int, ...]:
        """Returns side 0 for every seat: the party wins or loses together."""
        return tuple(0 for _ in range(config.players))

    def view(self, state: MissionState, seat: int | None) -> dict[str, Any]:
        """Returns the open view (the same for every seat: nothing is hidden between
        teammates; only the order of the draw piles is unknown)."""
        from engine.rules.coop_campaign.view import mission_view

        return mission_view(self, state)

    def annotate(self, state: MissionState, seat: int | None,
                 actions: list[Action]) -> list[Preview]:
        """Returns per action its mana cost and, for attacks, the expected damage per target
        zone with and without empowerment and its breakdown (preview.py)."""
        from engine.rules.coop_campaign.preview import annotate

        return annotate(self, state, actions)

    def is_over(self, state: MissionState) -> bool:
        """Returns True once the mission is won or lost."""
        return state.flow.phase == OVER

    def outcome(self, state: MissionState) -> Outcome | None:
        """Returns every seat as winner when the party survived, none when it lost."""
        if state.flow.phase != OVER:
            return None
        won = state.result == "won"
        n = state.players
        return Outcome(tuple(range(n)) if won else (), tuple(1.0 if won else 0.0
                                                              for _ in range(n)),
                       Message(f"coop.end.{state.reason}", {"round": state.round}))

    # --- persistence -------------------------------------------------------------------------
    def state_to_dict(self, state: MissionState) -> dict[str, Any]:
        """Returns the state as JSON data."""
        return state.to_dict()

    def state_from_dict(self, data: dict[str, Any]) -> MissionState:
        """Returns the state stored by state_to_dict."""
        return MissionState.from_dict(data)

    def state_hash(self, state: MissionState) -> str:
        """Returns the canonical hash of the position (the rules markers left out, as the
        record's rules version is: a campaign saved before keeps its hashes)."""
        data = state.to_dict()
        for key in UNHASHED:
            data.pop(key, None)
        return digest(data)

    def clone(self, state: MissionState) -> MissionState:
        """Returns a hand-written copy."""
        return state.clone()

    def determinize(self, state: MissionState, seat: int, rng: Rng) -> MissionState:
        """Re-deals the only hidden things: the order of every draw pile."""
        st = state.clone()
        for group in (st.decks, st.loot):
            for key in sorted(group):
                cards = sorted(group[key].draw_pile.cards)
                rng.shuffle(cards)
                group[key].draw_pile.cards = cards
        st.rng = Rng(rng.next_u64())
        return st

    def setup_scenario(self, state: MissionState, setup: dict[str, Any]) -> None:
        """Overrides a fresh mission from a scenario's ``setup`` (docs/scenarios.md)."""
        from engine.rules.coop_campaign.scenario import apply_setup

        apply_setup(state, setup)

    def rules_pages(self) -> list[str]:
        """Returns the catalog keys of the rules reference pages."""
        return ["coop.rules.1", "coop.rules.2", "coop.rules.3"]


# --- helpers -------------------------------------------------------------------------------------
def _actor(st: MissionState) -> int:
    return st.heroes[st.active].seat if st.active >= 0 else 0


def _no_params(action: Action) -> Refusal | None:
    return None if not action.args else ("coop.rule.bad_action", f"{action} takes nothing")


def _pending(st: MissionState) -> Any:
    return st.flow.stack[-1]


# --- hero phase: play / standard / use / end --------------------------------------------------------
def _play_options(st: MissionState, only: str | None = None) -> list[Action]:
    h = st.heroes[st.active]
    out = []
    for slot in range(4):
        aid = h.river[slot]
        if only is not None and aid != only:
            continue
        base, mod = T.tile_cost(h, slot)
        if base + mod > h.mana:
            continue
        s = T.side(h, aid)
        for p in picks(st, st.active, s.effects, s.type, T.core(h), aid):
            out.append(Action("play", (("picks", p), ("tile", aid))))
    return out


def _opt_play(rules: Any, st: MissionState, out: list[Action]) -> None:
    out.extend(_play_options(st))


def _check_play(rules: Any, st: MissionState, action: Action) -> Refusal | None:
    aid = action.get("tile")
    h = st.heroes[st.active]
    if set(action.params) != {"tile", "picks"} or not isinstance(aid, str):
        return ("coop.rule.bad_action", f"{action} needs a tile and its picks")
    if aid not in h.river:
        return ("coop.rule.no_tile", f"{aid!r} is not in the river")
    slot = h.river.index(aid)
    if slot >= 4:
        return ("coop.rule.cooldown", f"{aid} is on cooldown")
    base, mod = T.tile_cost(h, slot)
    if base + mod > h.mana:
        return ("coop.rule.mana", f"{aid} costs {base + mod} mana, {h.mana} available")
    if action not in _play_options(st, aid):
        return ("coop.rule.bad_pick", f"{action.get('picks')!r} are not legal choices")
    return None


def _apply_play(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    E.start_action(rules, st, "tile", action["tile"], action["picks"], ev)
    E.pump(rules, st, ev)


def _standard_options(st: MissionState, only: str | None = None) -> list[Action]:
    h = st.heroes[st.active]
    out = []
    for s in T.standards(st, h):
        if only is not None and s.id != only:
            continue
        if T.standard_cost(h, s.id, st.tile) > h.mana:
            continue
        if s.effects and s.effects[0].type == "armor" and h.armor >= T.armor_cap(h):
            continue  # spec AMB-40: no cube left in the supply
        for p in picks(st, st.active, s.effects, "ability", T.core(h)):
            if all(e.type in TARGETED and k is None for e, k in zip(s.effects, p, strict=True)):
                continue  # nothing to strike or to jump to: it would only cost mana
            out.append(Action("standard", (("action", s.id), ("picks", p))))
    return out


def _opt_standard(rules: Any, st: MissionState, out: list[Action]) -> None:
    out.extend(_standard_options(st))


def _check_standard(rules: Any, st: MissionState, action: Action) -> Refusal | None:
    sid = action.get("action")
    h = st.heroes[st.active]
    if set(action.params) != {"action", "picks"} or not isinstance(sid, str):
        return ("coop.rule.bad_action", f"{action} needs an action and its picks")
    if sid not in [s.id for s in T.standards(st, h)]:
        return ("coop.rule.no_standard", f"{sid!r} is neither on the tableau nor in the area")
    if T.standard_cost(h, sid, st.tile) > h.mana:
        return ("coop.rule.mana", f"{sid} costs {T.standard_cost(h, sid, st.tile)} mana")
    sd = T.standard_def(st, h, sid)
    if sd.effects and sd.effects[0].type == "armor" and h.armor >= T.armor_cap(h):
        return ("coop.rule.armor_full", f"{h.hid} already has {h.armor} armour, the most")
    if action not in _standard_options(st, sid):
        if not _standard_options(st, sid):
            return ("coop.rule.no_target", f"{sid} finds nothing to strike or to reach")
        return ("coop.rule.bad_pick", f"{action.get('picks')!r} are not legal choices")
    return None


def _apply_standard(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    E.start_action(rules, st, "standard", action["action"], action["picks"], ev)
    E.pump(rules, st, ev)


def _usable_now(st: MissionState, card: str) -> bool:
    h = st.heroes[st.active]
    d = C.card_item(card)
    if not d.use or card in h.exhausted:
        return False
    return not any(e.type in QUICK_ATTACK or e.type in QUICK_DEFENCE for e in d.use)


def _use_options(st: MissionState, only: str | None = None) -> list[Action]:
    h = st.heroes[st.active]
    out = []
    for card in h.items:
        if (only is not None and card != only) or not _usable_now(st, card):
            continue
        d = C.card_item(card)
        for p in picks(st, st.active, d.use, "ability", None):
            if d.use[0].type == "level_up" and p[0] is None:
                continue
            out.append(Action("use", (("item", card), ("picks", p))))
    return out


def _opt_use(rules: Any, st: MissionState, out: list[Action]) -> None:
    out.extend(_use_options(st))


def _check_use(rules: Any, st: MissionState, action: Action) -> Refusal | None:
    card = action.get("item")
    h = st.heroes[st.active]
    if set(action.params) != {"item", "picks"} or not isinstance(card, str):
        return ("coop.rule.bad_action", f"{action} needs an item and its picks")
    if card not in h.items:
        return ("coop.rule.no_item", f"{card!r} is not carried by the active hero")
    if card in h.exhausted:
        return ("coop.rule.exhausted", f"{card} was used this tile")
    if action not in _use_options(st, card):
        return ("coop.rule.bad_pick", f"{action} is not a legal use now")
    return None


def _apply_use(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    E.start_action(rules, st, "item", action["item"], action["picks"], ev)
    E.pump(rules, st, ev)


_END = Action("end")


def _opt_end(rules: Any, st: MissionState, out: list[Action]) -> None:
    out.append(_END)


def _check_end(rules: Any, st: MissionState, action: Action) -> Refusal | None:
    return _no_params(action)


def _apply_end(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    h = st.heroes[st.active]
    ev.append(Event("coop.ev.end", {"hero": st.active, "hid": h.hid}))
    st.active = -1
    st.flow.phase = AUTO
    E.pump(rules, st, ev)


# --- decisions ----------------------------------------------------------------------------------
_KEEP = Action("keep")


def _reroll_open(st: MissionState) -> bool:
    a = st.attack
    return a is not None and (a["rerolls"] > 0 or bool(E.quick_items(st, a["hero"],
                                                                          QUICK_ATTACK)))


def _opt_reroll(rules: Any, st: MissionState, out: list[Action]) -> None:
    a = st.attack
    if a is not None and a["rerolls"] > 0:
        out.extend(Action("reroll", (("die", k),)) for k in range(len(a["faces"])))


def _apply_reroll(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    a = st.attack
    assert a is not None
    st.flow.pop()
    k = action["die"]
    old = a["faces"][k]
    a["faces"][k] = E.roll_attack(st, 1)[0]  # the new result is binding (seed 001, 3.2.3)
    a["rerolls"] -= 1
    ev.append(Event("coop.ev.reroll", {"hero": a["hero"], "die": k, "old": old,
                                       "new": a["faces"][k]}))
    _reopen_or_finish(rules, st, ev)


def _reopen_or_finish(rules: Any, st: MissionState, ev: list[Event]) -> None:
    a = st.attack
    assert a is not None
    if _reroll_open(st):
        h = st.heroes[a["hero"]]
        from engine.core.decisions import Decision

        st.flow.push(Decision(REROLL, h.seat, reason=Message(
            "coop.prompt.reroll", {"seat": h.seat, "hero": a["hero"], "hid": h.hid})))
        return
    E.finish_attack(st, ev)
    E.pump(rules, st, ev)


def _opt_quick(rules: Any, st: MissionState, out: list[Action]) -> None:
    top = _pending(st)
    if top.kind == REROLL and st.attack is not None:
        cards = E.quick_items(st, st.attack["hero"], QUICK_ATTACK)
    elif top.kind == DEFEND:
        cards = E.quick_items(st, top.data[0], QUICK_DEFENCE)
    else:
        cards = []
    out.extend(Action("quick", (("item", c),)) for c in cards)


def _apply_quick(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    top = st.flow.pop()
    card = action["item"]
    i = st.attack["hero"] if top.kind == REROLL and st.attack is not None else top.data[0]
    h = st.heroes[i]
    ev.append(Event("coop.ev.quick", {"hero": i, "hid": h.hid, "item": card}))
    E._spend_item(st, h, card)
    ctx = E.Ctx(rules, st, ev, i, None, None)
    from engine.content.effects import REGISTRY

    for spec in C.card_item(card).use:
        REGISTRY.run(C.GAME, ctx, spec)
    if top.kind == REROLL:
        _reopen_or_finish(rules, st, ev)
    else:
        st.flow.push(top)
        if not E.quick_items(st, i, QUICK_DEFENCE):
            st.flow.pop()
            E.pump(rules, st, ev)


def _opt_keep(rules: Any, st: MissionState, out: list[Action]) -> None:
    out.append(_KEEP)


def _apply_keep(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    top = st.flow.pop()
    if top.kind == REROLL:
        E.finish_attack(st, ev)
    E.pump(rules, st, ev)


def _opt_take(rules: Any, st: MissionState, out: list[Action]) -> None:
    out.extend(Action("take", (("who", w),)) for w in _pending(st).data)


def _apply_take(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    st.flow.pop()
    assert st.strike is not None
    st.strike["chosen"] = action["who"]
    E.pump(rules, st, ev)


def _opt_drop(rules: Any, st: MissionState, out: list[Action]) -> None:
    i = _pending(st).data[0]
    out.extend(Action("drop", (("item", c),)) for c in st.heroes[i].items)


def _apply_drop(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    i = st.flow.pop().data[0]
    E.drop_item(st, ev, i, action["item"])
    E.pump(rules, st, ev)


_ACCEPT = Action("accept")
_DECLINE = Action("decline")


def _opt_accept(rules: Any, st: MissionState, out: list[Action]) -> None:
    out.append(_ACCEPT)


def _opt_decline(rules: Any, st: MissionState, out: list[Action]) -> None:
    out.append(_DECLINE)


def _apply_accept(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    j = st.flow.pop().data[0]
    o = st.offer
    assert o is not None
    card = o["item"]
    st.heroes[j].items.append(card)
    ev.append(Event("coop.ev.pick_up", {"hero": j, "hid": st.heroes[j].hid, "item": card}))
    if not E.check_carry(st, j):
        st.offer = None
        if not st.drop_after_tile:
            E.recheck_carry(st)  # a find of several cards: the next drop
    E.pump(rules, st, ev)


def _apply_decline(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    st.flow.pop()
    o = st.offer
    assert o is not None
    o["queue"].pop(0)
    if o["queue"]:
        E.push_offer(st)
    else:
        E.discard_item(st, ev, o["item"])
        st.offer = None
        if not st.drop_after_tile:
            E.recheck_carry(st)  # a find of several cards: the next drop
    E.pump(rules, st, ev)


def _opt_choose(rules: Any, st: MissionState, out: list[Action]) -> None:
    data = _pending(st).data
    if len(data) > 1:  # a tile event's shot: one option per (enemy, zone)
        out.extend(Action("choose", (("option", k),)) for k in range(len(data[1])))
        return
    spec = E.tile_effect(st, list(data[0]))
    out.extend(Action("choose", (("option", k),)) for k in range(len(spec.params["options"])))


def _apply_choose(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    data = st.flow.pop().data
    path = list(data[0])
    spec = E.tile_effect(st, path)
    k = action["option"]
    if len(data) > 1:
        uid, z = data[1][k]
        E.shoot_zone(st, ev, uid, z, int(spec.params["amount"]), None)
        E.pump(rules, st, ev)
        return
    opt = spec.params["options"][k]
    ev.append(Event("coop.ev.chosen", {"option": k, "label": dict(opt.label)}))
    st.tfx[0:0] = [[*path, "options", k, "effects", j] for j in range(len(opt.effects))]
    E.pump(rules, st, ev)


def _prompt_heroes(rules: Any, st: MissionState) -> Message:
    h = st.heroes[st.active]
    return Message("coop.prompt.activate", {"seat": h.seat, "hero": st.active, "hid": h.hid,
                                            "mana": h.mana})


FLOW = Flow(
    "coop_campaign",
    phases=(
        K.PHASE,
        Phase(HEROES, ("play", "standard", "use", "end"), _prompt_heroes),
        Phase(AUTO, (), "coop.prompt.wait"),
        Phase(OVER, (), "coop.prompt.over", terminal=True),
    ),
    decisions=(
        DecisionKind(REROLL, ("reroll", "quick", "keep"), "coop.prompt.reroll"),
        DecisionKind(DEFEND, ("quick", "keep"), "coop.prompt.defend"),
        DecisionKind(TAKE, ("take",), "coop.prompt.take"),
        DecisionKind(DROP, ("drop",), "coop.prompt.drop"),
        DecisionKind(OFFER, ("accept", "decline"), "coop.prompt.offer"),
        DecisionKind(CHOOSE, ("choose",), "coop.prompt.choose"),
        K.DECISION,
    ),
    actions=(
        ActionKind("play", _opt_play, _check_play, _apply_play),
        ActionKind("standard", _opt_standard, _check_standard, _apply_standard),
        ActionKind("use", _opt_use, _check_use, _apply_use),
        ActionKind("end", _opt_end, _check_end, _apply_end),
        ActionKind("reroll", _opt_reroll, None, _apply_reroll),
        ActionKind("quick", _opt_quick, None, _apply_quick),
        ActionKind("keep", _opt_keep, None, _apply_keep),
        ActionKind("take", _opt_take, None, _apply_take),
        ActionKind("drop", _opt_drop, None, _apply_drop),
        ActionKind("accept", _opt_accept, None, _apply_accept),
        ActionKind("decline", _opt_decline, None, _apply_decline),
        ActionKind("choose", _opt_choose, None, _apply_choose),
        *K.ACTIONS,
    ),
    turn_seat=_actor,
    closed=("coop.rule.wrong_step", "{kind} is not possible during {step}"),
)
FLOW.install(CoopRules)
RULES = CoopRules()
