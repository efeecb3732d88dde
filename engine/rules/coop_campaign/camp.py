"""The camp: the first phase of every campaign mission, before the party sets out.

What happens between two tiles (seed 001, "4. Ende": the heroes travel to the next station;
5.1: "Items dürfen unter den Helden nur zwischen den Tiles/Missionen frei getauscht und verteilt
werden"; spec §6, §14.5, §15 WP-2 "between-tile phase") is the first phase of the next mission's
game, so that every choice is an action like any other: recorded, replayed, saved, undone and
played by bots. The tile's rewards were already applied when it ended.

The camp shows the story of the coming mission (the prologue before the first). Where the map
forks the party chooses its route (``route``; a locked one is refused with the box it needs).
After mission 8 the merchant lays out three gold cards and each hero in turn, from the holder of
the start-player token, takes one (``buy``, a decision of that hero's seat; the gap is filled from
the gold deck). Then the party trades freely (``give``), leaves items behind (``discard``) and
reads level-up scrolls (``scroll``), until it ``set_out``: every hero within its carrying
capacity, the route chosen. The party's choices are made by the seat of the start-player token's
hero, as every party decision of the game (spec AMB-24). Setting out sets the tile up: heroes in
its start area with all mana spent, armour in the supply, the wolf at full hearts, active items
refreshed, the theme's enemy decks shuffled with the campaign's changes (spec §6).
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action, Event, Message
from engine.core.decisions import Decision
from engine.core.errors import MalformedAction
from engine.core.flow import ActionKind, DecisionKind, Phase
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.rules.coop_campaign import campaign as K
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.deckset import build_enemy_decks, build_loot_decks
from engine.rules.coop_campaign.state import AUTO, CAMP, MERCHANT, HeroState, MissionState

Refusal = tuple[str, str]
WARES = 3  # the merchant's face-up gold cards (spec §14.5: "1 of 3 face-up gold cards")
KINDS = ("route", "give", "discard", "scroll", "set_out")


# --- set-up ------------------------------------------------------------------------------------
def new_camp(rules: Any, config: GameConfig, seed: int) -> MissionState:
    """Returns a campaign mission at its camp: a fresh party before the first mission (the
    prologue), else the party the config carries."""
    st = MissionState()
    st.rng = Rng(seed)
    st.hard = bool(rules.option(config, "hard"))
    st.players = config.players
    # a campaign saved before loot after a won tile was sorted in camp lacks the option: its
    # missions ask every drop at once, as they did when they were played
    st.drop_after_tile = config.options.get("loot_camp") is not True
    carry = config.carry
    if carry is None:
        sid, attempt, route, decks, news = K.the_map().start, 1, [], [], None
        for i, hid in enumerate(rules.hero_ids(config)):
            d = C.hero(hid)
            h = HeroState(hid, 0 if config.players == 1 else i, "")
            river = list(d.actions)
            st.rng.shuffle(river)  # seed 001, 1.1: shuffled, base side up
            h.river = river
            h.items = [f"{d.weapon}.h{i + 1}"]
            h.hp = T.hp_max(h)
            st.heroes.append(h)
    else:
        sid, attempt, route = carry["station"], carry["attempt"], list(carry["route"])
        decks, news = [dict(c) for c in carry["decks"]], dict(carry["news"])
        for i, entry in enumerate(carry["heroes"]):
            h = HeroState(entry["hero"], 0 if config.players == 1 else i, "")
            h.river = list(entry["river"])
            h.flipped = list(entry["flipped"])
            h.hp = entry["hp"]
            h.items = list(entry["items"])
            st.heroes.append(h)
        st.boxes = list(carry["boxes"])
        st.token = carry["token"]
    st.camp = {"station": sid, "attempt": attempt, "route": route, "decks": decks,
               "choices": K.open_routes(route, st.boxes) if sid == "" else [],
               "news": news, "entry": None, "market": None}
    lost = 0 if carry is None else carry.get("lost", 0)
    if lost:
        st.camp["lost"] = lost  # missions lost so far (hard mode: the retries spent)
    if sid:
        st.tile = K.station(sid).tile
    build_loot_decks(st, [c for h in st.heroes for c in h.items])
    st.stage = "camp"
    st.flow.phase = CAMP
    if attempt == 1 and route and K.station(route[-1]).merchant:
        open_market(st, [])
    return st


def leader(st: MissionState) -> int:
    """Returns the seat that makes the party's choices in camp: the token holder's."""
    return st.heroes[st.token].seat


# --- the merchant (spec §14.5) ------------------------------------------------------------------
def open_market(st: MissionState, ev: list[Event]) -> None:
    """Lays out the merchant's wares and asks the first hero, from the token holder on."""
    camp = st.camp
    assert camp is not None
    n = len(st.heroes)
    wares = [c for c in (st.loot["gold"].draw_one(st.rng)[0] for _ in range(WARES)) if c]
    camp["market"] = {"wares": wares, "queue": [(st.token + k) % n for k in range(n)]}
    ev.append(Event("coop.ev.wares", {"items": list(wares)}, reveal=True))
    _ask_buyer(st)


def _ask_buyer(st: MissionState) -> None:
    camp = st.camp
    assert camp is not None
    market = camp["market"]
    if not market["queue"] or not market["wares"]:
        st.loot["gold"].discard(market["wares"])  # what nobody took goes back to the deck
        camp["market"] = None
        return
    i = market["queue"][0]
    h = st.heroes[i]
    st.flow.push(Decision(MERCHANT, h.seat, data=(i,), reason=Message(
        "coop.prompt.merchant", {"seat": h.seat, "hero": i, "hid": h.hid})))


def _opt_buy(rules: Any, st: MissionState, out: list[Action]) -> None:
    camp = st.camp
    if camp is not None and camp["market"] is not None:
        out.extend(Action("buy", (("item", c),)) for c in camp["market"]["wares"])


def _apply_buy(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    i = st.flow.pop().data[0]
    camp = st.camp
    assert camp is not None
    market = camp["market"]
    card = action["item"]
    h = st.heroes[i]
    market["wares"].remove(card)
    market["queue"].pop(0)
    h.items.append(card)
    ev.append(Event("coop.ev.buy", {"hero": i, "hid": h.hid, "item": card}))
    if market["queue"]:
        refill, _ = st.loot["gold"].draw_one(st.rng)
        if refill is not None:
            market["wares"].append(refill)
            ev.append(Event("coop.ev.wares", {"items": [refill]}, reveal=True))
    _ask_buyer(st)


# --- the party's choices -------------------------------------------------------------------------
def holder(st: MissionState, card: Any) -> int:
    """Returns the hero who carries a card, or -1."""
    for i, h in enumerate(st.heroes):
        if card in h.items:
            return i
    return -1


def is_scroll(card: str) -> bool:
    """Returns whether an item card is a level-up scroll (its use flips a tile)."""
    return any(e.type == "level_up" for e in C.card_item(card).use)


def over_capacity(st: MissionState) -> list[int]:
    """Returns the heroes who carry more than their capacity."""
    return [i for i, h in enumerate(st.heroes) if len(h.items) > T.carry(h)]


def _opt_route(rules: Any, st: MissionState, out: list[Action]) -> None:
    camp = st.camp
    assert camp is not None
    out.extend(Action("route", (("station", s),)) for s in camp["choices"]
               if s != camp["station"])


def _check_route(rules: Any, st: MissionState, action: Action) -> Refusal | None:
    camp = st.camp
    assert camp is not None
    sid = action.get("station")
    if set(action.params) != {"station"} or not isinstance(sid, str):
        return ("coop.rule.bad_action", f"{action} needs a station")
    if not camp["choices"]:
        return ("coop.rule.no_fork", "the road does not fork here")
    if sid not in K.successors(camp["route"]):
        return ("coop.rule.no_route", f"no route leads to {sid!r} from here")
    if not K.is_open(sid, st.boxes):
        need = K.station(sid).requires
        return ("coop.rule.route_locked", f"the route to {sid} needs the box {need}")
    if sid == camp["station"]:
        return ("coop.rule.route_taken", f"the party already takes the route to {sid}")
    return None


def _apply_route(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    camp = st.camp
    assert camp is not None
    sid = action["station"]
    camp["station"] = sid
    s = K.station(sid)
    st.tile = s.tile
    ev.append(Event("coop.ev.route", {"station": sid, "label": s.label,
                                      "place": dict(s.place)}))


def _opt_give(rules: Any, st: MissionState, out: list[Action]) -> None:
    for i, h in enumerate(st.heroes):
        for card in h.items:
            out.extend(Action("give", (("item", card), ("to", j)))
                       for j in range(len(st.heroes)) if j != i)


def _check_give(rules: Any, st: MissionState, action: Action) -> Refusal | None:
    card, to = action.get("item"), action.get("to")
    if set(action.params) != {"item", "to"} or not isinstance(card, str) \
            or not isinstance(to, int) or isinstance(to, bool):
        return ("coop.rule.bad_action", f"{action} needs an item and a hero")
    i = holder(st, card)
    if i < 0:
        return ("coop.rule.no_item", f"nobody carries {card!r}")
    if not 0 <= to < len(st.heroes) or to == i:
        return ("coop.rule.bad_pick", f"hero {to} cannot take it")
    return None


def _apply_give(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    card, j = action["item"], action["to"]
    i = holder(st, card)
    st.heroes[i].items.remove(card)
    st.heroes[j].items.append(card)
    ev.append(Event("coop.ev.give", {"hero": i, "hid": st.heroes[i].hid, "item": card,
                                     "receiver": j, "to_hid": st.heroes[j].hid}))


def _opt_discard(rules: Any, st: MissionState, out: list[Action]) -> None:
    for h in st.heroes:
        out.extend(Action("discard", (("item", c),)) for c in h.items)


def _check_discard(rules: Any, st: MissionState, action: Action) -> Refusal | None:
    card = action.get("item")
    if set(action.params) != {"item"} or not isinstance(card, str):
        return ("coop.rule.bad_action", f"{action} needs an item")
    if holder(st, card) < 0:
        return ("coop.rule.no_item", f"nobody carries {card!r}")
    return None


def _apply_discard(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    card = action["item"]
    i = holder(st, card)
    h = st.heroes[i]
    h.items.remove(card)
    ev.append(Event("coop.ev.leave", {"hero": i, "hid": h.hid, "item": card}))
    deck = C.card_item(card).deck
    if deck in st.loot and K.is_deck_copy(card):  # else it leaves the game (a starting
        st.loot[deck].discard([card])  # weapon, a tile's reward card of its own)


def _opt_scroll(rules: Any, st: MissionState, out: list[Action]) -> None:
    for h in st.heroes:
        for card in h.items:
            if is_scroll(card):
                out.extend(Action("scroll", (("item", card), ("tile", a)))
                           for a in C.hero(h.hid).actions if a not in h.flipped)


def _check_scroll(rules: Any, st: MissionState, action: Action) -> Refusal | None:
    card, aid = action.get("item"), action.get("tile")
    if set(action.params) != {"item", "tile"} or not isinstance(card, str) \
            or not isinstance(aid, str):
        return ("coop.rule.bad_action", f"{action} needs a scroll and a tile")
    i = holder(st, card)
    if i < 0:
        return ("coop.rule.no_item", f"nobody carries {card!r}")
    if not is_scroll(card):
        return ("coop.rule.not_scroll", f"{card} is no level-up scroll")
    h = st.heroes[i]
    if aid not in C.hero(h.hid).actions:
        return ("coop.rule.no_tile", f"{aid!r} is not a tile of {h.hid}")
    if aid in h.flipped:
        return ("coop.rule.flipped", f"{aid} is already upgraded")
    return None


def _apply_scroll(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    card, aid = action["item"], action["tile"]
    i = holder(st, card)
    h = st.heroes[i]
    h.items.remove(card)
    ev.append(Event("coop.ev.use_item", {"hero": i, "hid": h.hid, "item": card}))
    E.level_up(st, ev, i, aid)  # seed 001, 5.1: flip any tile; the level rises by one
    deck = C.card_item(card).deck
    if deck in st.loot and K.is_deck_copy(card):
        st.loot[deck].discard([card])


_SET_OUT = Action("set_out")


def _opt_set_out(rules: Any, st: MissionState, out: list[Action]) -> None:
    if _check_set_out(rules, st, _SET_OUT) is None:
        out.append(_SET_OUT)


def _check_set_out(rules: Any, st: MissionState, action: Action) -> Refusal | None:
    camp = st.camp
    assert camp is not None
    if action.args:
        return ("coop.rule.bad_action", f"{action} takes nothing")
    if not camp["station"]:
        return ("coop.rule.choose_route", "the party must choose its route first")
    over = over_capacity(st)
    if over:
        h = st.heroes[over[0]]
        return ("coop.rule.over_capacity", f"{h.hid} carries {len(h.items)} items, "
                f"{T.carry(h)} at most")
    return None


def _apply_set_out(rules: Any, st: MissionState, action: Action, ev: list[Event]) -> None:
    set_out(rules, st, ev)


def set_out(rules: Any, st: MissionState, ev: list[Event]) -> None:
    """Sets the mission's tile up with the party as it stands and starts its first round."""
    camp = st.camp
    assert camp is not None
    camp["entry"] = K.party(st)  # a lost mission is tried again from here (spec §7)
    s = K.station(camp["station"])
    tile = C.tile(s.tile)
    st.tile = s.tile
    st.theme = tile.theme
    for h in st.heroes:
        # spec §6: all mana spent (seed 001, 4), armour back to the supply, active items
        # refreshed, the poison token in the supply, the wolf back at full hearts
        h.area = tile.start
        h.mana = 0
        h.armor = 0
        h.exhausted = []
        h.vanished = False
        h.poison = None
        h.ko = h.hp == 0  # a hero who ended the last tile knocked out stands up later (§9)
        if C.hero(h.hid).special == "wolf":
            h.wolf_area = tile.start
            h.wolf_hp = T.wolf_max(h)
    build_enemy_decks(st, camp["decks"])
    st.stage = "start"
    st.flow.phase = AUTO
    ev.append(Event("coop.ev.set_out", {"station": s.id, "label": s.label,
                                        "place": dict(s.place), "attempt": camp["attempt"]}))
    E.begin_tile(st, ev)
    E.pump(rules, st, ev)


def prompt(rules: Any, st: MissionState) -> Message:
    """Returns what the party must do in camp."""
    camp = st.camp
    assert camp is not None
    seat = leader(st)
    if not camp["station"]:
        return Message("coop.prompt.camp_route", {"seat": seat})
    if over_capacity(st):
        return Message("coop.prompt.camp_over", {"seat": seat})
    return Message("coop.prompt.camp", {"seat": seat})


def check_camp_config(config: GameConfig) -> None:
    """Raises MalformedAction when a campaign mission cannot be played: a map whose routes or
    boxes do not resolve, a carry that is no party of this campaign, or a station ahead (the
    one to play, or each open route where the map forks) whose tile the content lacks. Whether
    the whole campaign can be played to its end is ``Chronicle.applies``."""
    problems = K.map_problems(content=False)
    if problems:
        raise MalformedAction("coop_campaign: the campaign map cannot be played: "
                              + "; ".join(problems))
    carry = config.carry
    if carry is not None:
        n = 2 if config.players == 1 else config.players
        K.check_carry(carry, n)
    route = [] if carry is None else carry["route"]
    sid = K.the_map().start if carry is None else carry["station"]
    boxes = [] if carry is None else carry["boxes"]
    for s in [sid] if sid else K.open_routes(route, boxes):
        tile = K.station(s).tile
        if not C.has_tile(tile):
            raise MalformedAction(f"coop_campaign: station {K.station(s).label} needs the "
                                  f"mission tile {tile!r}, which the content lacks")


PHASE = Phase(CAMP, KINDS, prompt, actor=leader)
DECISION = DecisionKind(MERCHANT, ("buy",), "coop.prompt.merchant")
ACTIONS = (
    ActionKind("route", _opt_route, _check_route, _apply_route),
    ActionKind("give", _opt_give, _check_give, _apply_give),
    ActionKind("discard", _opt_discard, _check_discard, _apply_discard),
    ActionKind("scroll", _opt_scroll, _check_scroll, _apply_scroll),
    ActionKind("set_out", _opt_set_out, _check_set_out, _apply_set_out),
    ActionKind("buy", _opt_buy, None, _apply_buy),
)
