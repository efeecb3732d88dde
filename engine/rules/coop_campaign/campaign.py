"""The campaign of the co-operative crawler on the core's campaign layer (seed 001, "2. Kampagne"
and "4. Ende"; spec §6, §7, §9, §14.8).

Each mission is one game (set-up option ``mode=campaign``). Its first phase is the camp
(camp.py): the story of the coming mission, the route where the map forks, trading, level-up
scrolls and the merchant; then the party sets out and the tile is played. A finished mission
carries the party out (``carry_out``): the heroes' rivers with their flipped sides, hearts,
items and levels, the checkboxes, the campaign's changes to the enemy decks, the start-player
token, the route so far and the station the next game plays. A lost mission carries the party
as it set out, so that the next game retries the same station; in hard mode after a rest (every
hero heals 2) and only as often as the map's ``hard_retries`` allow, the next loss ends the
campaign (``Chronicle.next_config``). docs/coop_campaign/rules.md, "Campaign", records every
decision.
"""

from __future__ import annotations

import re
from typing import Any

from engine.content.loader import register_cross_check
from engine.content.schema import Content
from engine.core.actions import Message
from engine.core.campaign import CampaignDef
from engine.core.errors import MalformedAction
from engine.core.protocol import GameConfig, Outcome
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign.mapdefs import BoxDef, CampaignMapDef, DeckChangeDef, StationDef
from engine.rules.coop_campaign.state import HeroState, MissionState

MAP_ID = "hollowmere"
CHANGES = ("add", "remove", "remove_family")
# What a mission carries into the next (checked by check_schema, then by check_carry).
CARRY_SCHEMA = {
    "station": str,  # the station the next game plays; "" while the route is still to choose
    "attempt": int,  # 1 = the first try of that station, 2 and more after a lost mission
    "route": [str],  # the stations won so far, in order
    "heroes": [{"hero": str, "river": [str], "flipped": [str], "hp": int, "items": [str]}],
    "token": int,  # the hero holding the start-player token
    "boxes": [str],  # the checkboxes ticked
    "decks": [{"change": str, "what": str, "theme?": str}],  # changes to the enemy decks
    "news": {"station": str, "won": bool, "gained": [[str]], "boxes": [str]},  # the last game
    "lost?": int,  # hard mode: the missions lost so far in the whole campaign (absent: none)
}
MAX_LOST = 10_000  # a bound for a carry's count of lost missions (normal mode has no limit)
RETRY_HEAL = 2  # hard mode: a party that lost a mission rests before its retry: Heal 2 each
_COPY = re.compile(r"[1-9][0-9]{0,2}")  # a copy of a loot deck: healing_draught.2
_WEAPON_COPY = re.compile(r"h[1-4]")  # a hero's starting weapon: greatblade.h1
# a tile's reward card of its own (a scroll, a relic): level_scroll.lanterns-h1, ...-h1-2
_REWARD_COPY = re.compile(r"([a-z0-9_]+)-h[1-4](-[1-9][0-9]{0,2})?")


# --- the map ---------------------------------------------------------------------------------
def the_map() -> CampaignMapDef:
    """Returns the campaign map (data/coop_campaign/campaign.yaml)."""
    return C.content().get("campaign", MAP_ID)


def station(sid: str) -> StationDef:
    """Returns a station of the map; raises KeyError for an unknown one."""
    for s in the_map().stations:
        if s.id == sid:
            return s
    raise KeyError(f"the campaign map has no station {sid!r}")


def box(bid: str) -> BoxDef:
    """Returns a checkbox of the map; raises KeyError for an unknown one."""
    for b in the_map().boxes:
        if b.id == bid:
            return b
    raise KeyError(f"the campaign map has no checkbox {bid!r}")


def has_station(sid: str) -> bool:
    """Returns whether the map has a station ``sid``."""
    return any(s.id == sid for s in the_map().stations)


def successors(route: list[str]) -> list[str]:
    """Returns the stations a route leads to next: the map's start before the first mission,
    else the routes on from the last station won (none after the last mission)."""
    m = the_map()
    return [m.start] if not route else list(station(route[-1]).next)


def is_open(sid: str, boxes: list[str]) -> bool:
    """Returns whether the route to a station is open: it needs no box, or its box is ticked
    (spec §14.8: 4A only with "saved the hermit")."""
    need = station(sid).requires
    return need is None or need in boxes


def open_routes(route: list[str], boxes: list[str]) -> list[str]:
    """Returns the stations the party may go to next, in map order."""
    return [s for s in successors(route) if is_open(s, boxes)]


def next_station(route: list[str], boxes: list[str]) -> str:
    """Returns the station the next game plays: the only open route on, or "" when the party
    chooses between several (or none is left: the campaign is over)."""
    found = open_routes(route, boxes)
    return found[0] if len(found) == 1 else ""


def is_final(sid: str) -> bool:
    """Returns whether the station is the campaign's last (no route leads on)."""
    return not station(sid).next


def map_problems(m: CampaignMapDef | None = None, content: bool = True,
                 source: Content | None = None) -> list[str]:
    """Returns every problem of the map: routes, boxes and stations that do not resolve,
    stations the start does not reach, loops, and (with ``content``) tiles and enemy cards the
    content does not have. ``source`` is the content to check against (default: the loaded
    one; ``validate-data`` gives the content it is validating)."""
    c = source if source is not None else C.content()
    m = m or (the_map() if source is None else c.get("campaign", MAP_ID))
    where = c.where("campaign", m.id) if c.has("campaign", m.id) else f"campaign {m.id}"
    out: list[str] = []

    def bad(text: str) -> None:
        out.append(f"{where}: campaign {m.id}: {text}")

    ids = [s.id for s in m.stations]
    boxes = [b.id for b in m.boxes]
    for kind, found in (("station", ids), ("checkbox", boxes)):
        for x in sorted({x for x in found if found.count(x) > 1}):
            bad(f"the {kind} {x!r} is listed twice")
    if m.start not in ids:
        bad(f"start: no station {m.start!r}")
    for s in m.stations:
        if content and not c.has("tile", s.tile):
            bad(f"station {s.id}: tile: no mission tile {s.tile!r}")
        for n in s.next:
            if n not in ids:
                bad(f"station {s.id}: next: no station {n!r}")
        if s.requires is not None and s.requires not in boxes:
            bad(f"station {s.id}: requires: no checkbox {s.requires!r}")
        by_id = {x.id: x for x in m.stations}
        if s.next and all(n in by_id and by_id[n].requires is not None for n in s.next):
            bad(f"station {s.id}: next: every road on needs a checkbox (one must be open)")
    for b in m.boxes:
        if b.set_by not in ids:
            bad(f"checkbox {b.id}: set_by: no station {b.set_by!r}")
        for a in b.affects:
            if a not in ids:
                bad(f"checkbox {b.id}: affects: no station {a!r}")
        for k, change in enumerate(b.decks):
            problem = _change_problem(change, c if content else None)
            if problem:
                bad(f"checkbox {b.id}: decks[{k}]: {problem}")
    if m.start in ids and not [p for p in out if "no mission tile" not in p
                               and "no enemy card" not in p]:
        _walk_problems(m, bad)
    return out


def _change_problem(change: DeckChangeDef, c: Content | None) -> str:
    """Returns what is wrong with a box's change to the enemy decks ("" when nothing); the
    enemy card is looked up in ``c`` (None: not checked)."""
    given = [k for k in CHANGES if getattr(change, k) is not None]
    if len(given) != 1:
        return "give exactly one of add, remove, remove_family"
    if change.remove_family is not None:
        return "" if change.theme is not None else "remove_family needs a theme"
    enemy = change.add or change.remove
    assert enemy is not None
    return "" if c is None or c.has("enemy", enemy) else f"no enemy card {enemy!r}"


def _walk_problems(m: CampaignMapDef, bad: Any) -> None:
    """Reports stations the start does not reach and routes that lead in a circle."""
    nexts = {s.id: s.next for s in m.stations}
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(sid: str) -> None:
        state[sid] = 1
        for n in nexts[sid]:
            if state.get(n) == 1:
                bad(f"station {sid}: next: the route to {n!r} leads in a circle")
            elif n not in state:
                visit(n)
        state[sid] = 2

    visit(m.start)
    for s in m.stations:
        if s.id not in state:
            bad(f"station {s.id}: no route from the start reaches it")


def content_problems(c: Content) -> list[str]:
    """Returns the problems of every campaign map in ``c`` (the cross check ``validate-data``
    runs: a station's tile or a box's enemy card that the content lacks)."""
    return [p for m in c.all("campaign") for p in map_problems(m, source=c)]


# ``python -m engine validate-data --game coop_campaign`` lists these with the schema's problems
register_cross_check(C.GAME, content_problems)


# --- deck changes --------------------------------------------------------------------------
def box_changes(bid: str) -> list[dict[str, Any]]:
    """Returns the deck changes a ticked box makes, in the carry's form."""
    out: list[dict[str, Any]] = []
    for change in box(bid).decks:
        if change.add is not None:
            out.append({"change": "add", "what": change.add,
                        "theme": C.enemy(change.add).theme})
        elif change.remove is not None:
            out.append({"change": "remove", "what": change.remove})
        elif change.remove_family is not None:
            out.append({"change": "remove_family", "what": change.remove_family,
                        "theme": str(change.theme)})
    return out


def campaign_cards() -> frozenset[str]:
    """Returns the enemy cards a checkbox shuffles in: they belong to no deck until then."""
    return frozenset(c.add for b in the_map().boxes for c in b.decks if c.add is not None)


def apply_changes(cards: list[str], theme: str, rank: str,
                  changes: list[dict[str, Any]]) -> list[str]:
    """Returns a theme's deck of physical cards after the campaign's changes, in their order:
    an added card gets the next free copy number; removals take every copy."""
    out = list(cards)
    for ch in changes:
        what = ch["what"]
        if ch["change"] == "add":
            d = C.enemy(what)
            if d.theme != theme or d.rank != rank:
                continue
            n = 1
            while f"{what}.{n}" in out:
                n += 1
            out.append(f"{what}.{n}")
        elif ch["change"] == "remove":
            out = [c for c in out if C.card_def(c) != what]
        elif ch.get("theme") == theme:
            out = [c for c in out if C.enemy(C.card_def(c)).family != what]
    return out


# --- the party -------------------------------------------------------------------------------
def hero_entry(h: HeroState, resolving: dict[str, Any] | None = None) -> dict[str, Any]:
    """Returns a hero as the carry holds it (a tile out of the river while an action resolves
    goes back to the right end, as step E would put it)."""
    river = list(h.river)
    if resolving is not None and resolving.get("source") == "tile" and \
            resolving["id"] not in river:
        river.append(resolving["id"])
    return {"hero": h.hid, "river": river, "flipped": list(h.flipped), "hp": h.hp,
            "items": list(h.items)}


def party(st: MissionState) -> dict[str, Any]:
    """Returns the carry of the party as it stands now (heroes, token, boxes and decks; the
    route, station and attempt of the camp)."""
    camp = st.camp
    assert camp is not None
    r = st.resolving
    heroes = [hero_entry(h, r if r is not None and r["hero"] == i else None)
              for i, h in enumerate(st.heroes)]
    out = {"station": camp["station"], "attempt": camp["attempt"], "route": list(camp["route"]),
           "heroes": heroes, "token": st.token, "boxes": list(st.boxes),
           "decks": [dict(c) for c in camp["decks"]],
           "news": {"station": "", "won": False, "gained": [[] for _ in heroes], "boxes": []}}
    if camp.get("lost", 0):
        out["lost"] = camp["lost"]  # written only once a mission was lost (older saves)
    return out


def carry_out(st: MissionState) -> dict[str, Any]:
    """Returns what a finished mission hands on: won, the party as it stands (rewards applied,
    active items refreshed, seed 001, 4 and 5.1) with the station added to the route and the
    new boxes' deck changes; lost, the party as it set out, to try the same station again
    (spec §7; AMB-28)."""
    camp = st.camp
    if camp is None or camp.get("entry") is None:
        raise ValueError("only a campaign mission that set out carries anything out")
    entry = camp["entry"]
    sid = camp["station"]
    if st.result != "won":
        out = {**entry, "attempt": entry["attempt"] + 1}
        if st.hard:
            # hard mode: a retry spends one of the campaign's, and the party rests first: every
            # hero heals 2 (a fallen hero stands up; our rule, docs/coop_campaign/rules.md
            # "Hard mode in a campaign"). Normal mode retries as it set out.
            out["heroes"] = [{**h, "hp": min(h["hp"] + RETRY_HEAL, _hp_max(h))}
                             for h in entry["heroes"]]
            out["lost"] = entry.get("lost", 0) + 1
        out["news"] = {"station": sid, "won": False, "gained": [[] for _ in st.heroes],
                       "boxes": []}
        return out
    now = party(st)
    new_boxes = [b for b in st.boxes if b not in entry["boxes"]]
    decks = now["decks"]
    for b in new_boxes:
        if has_box(b):
            decks += box_changes(b)
    route = [*entry["route"], sid]
    gained = [[c for c in h["items"] if c not in e["items"]]
              for h, e in zip(now["heroes"], entry["heroes"], strict=True)]
    boxes = [b for b in now["boxes"] if has_box(b)]
    return {**now, "station": "" if is_final(sid) else next_station(route, boxes),
            "attempt": 1, "route": route, "boxes": boxes, "decks": decks,
            "news": {"station": sid, "won": True, "gained": gained,
                     "boxes": [b for b in new_boxes if has_box(b)]}}


def _hp_max(entry: dict[str, Any]) -> int:
    """Returns the hearts of a carried hero's level (1 + its flipped tiles, seed 001, 5.1)."""
    d = C.hero(entry["hero"])
    return d.levels[min(len(entry["flipped"]), len(d.levels) - 1)].hp


def retries_left(carry_or_camp: dict[str, Any]) -> int:
    """Returns how many more missions a hard-mode party may lose and try again (the map's
    ``hard_retries`` less the missions lost so far; below 0 the campaign is over)."""
    return the_map().hard_retries - int(carry_or_camp.get("lost", 0))


def has_box(bid: str) -> bool:
    """Returns whether the map has a checkbox ``bid`` (a tile may tick a box no map shows)."""
    return any(b.id == bid for b in the_map().boxes)


# --- checking a carry -------------------------------------------------------------------------
def check_carry(carry: dict[str, Any], heroes: int) -> None:
    """Raises MalformedAction naming the field when a carry (already fitting CARRY_SCHEMA)
    cannot be a party of this campaign: unknown heroes, tiles or items, a river that is not the
    hero's six tiles, hearts beyond the level's, a card held twice, a station the route does
    not lead to."""

    def bad(where: str, text: str) -> MalformedAction:
        return MalformedAction(f"carry.{where}: {text}")

    c = C.content()
    party_ = carry["heroes"]
    if len(party_) != heroes:
        raise bad("heroes", f"{heroes} heroes play this set-up, the carry has {len(party_)}")
    seen: set[str] = set()
    for i, h in enumerate(party_):
        where = f"heroes[{i}]"
        if not c.has("hero", h["hero"]):
            raise bad(where, f"no hero {h['hero']!r}")
        d = C.hero(h["hero"])
        if sorted(h["river"]) != sorted(d.actions):
            raise bad(f"{where}.river", "the river holds each of the hero's six tiles once")
        if len(set(h["flipped"])) != len(h["flipped"]) or not set(h["flipped"]) <= set(
                d.actions):
            raise bad(f"{where}.flipped", "flipped tiles are the hero's own, each once")
        level = min(1 + len(h["flipped"]), len(d.levels))
        if not 0 <= h["hp"] <= d.levels[level - 1].hp:
            raise bad(f"{where}.hp", f"hearts from 0 to {d.levels[level - 1].hp}")
        for card in h["items"]:
            problem = _card_problem(card)
            if problem:
                raise bad(f"{where}.items", problem)
            if card in seen:
                raise bad(f"{where}.items", f"the card {card!r} is carried twice")
            seen.add(card)
    if not 0 <= carry["token"] < heroes:
        raise bad("token", f"a hero from 0 to {heroes - 1}")
    _check_progress(carry, bad)


def _card_problem(card: str) -> str:
    """Returns what is wrong with a physical item card id, or ""."""
    iid, _, copy = card.partition(".")
    if not C.content().has("item", iid):
        return f"no item {iid!r}"
    d = C.item(iid)
    reward = _REWARD_COPY.fullmatch(copy)
    if reward is not None:
        return "" if C.has_tile(reward.group(1)) else f"no mission tile {reward.group(1)!r}"
    if d.deck == "start":
        return "" if _WEAPON_COPY.fullmatch(copy) else f"no starting weapon {card!r}"
    if not _COPY.fullmatch(copy) or int(copy) > d.copies:
        return f"no card {card!r} ({d.copies} copies)"
    return ""


def is_deck_copy(card: str) -> bool:
    """Returns whether an item card is one of its loot deck's copies (a starting weapon or a
    tile's reward card of its own goes to no deck when it is left behind or used up)."""
    return _COPY.fullmatch(card.partition(".")[2]) is not None


def _check_progress(carry: dict[str, Any], bad: Any) -> None:
    """Checks boxes, deck changes, route, station, attempt and news against the map."""
    for b in carry["boxes"]:
        if not has_box(b) or carry["boxes"].count(b) > 1:
            raise bad("boxes", f"no checkbox {b!r}, or listed twice")
    for k, ch in enumerate(carry["decks"]):
        kind, what = ch["change"], ch["what"]
        if kind not in CHANGES:
            raise bad(f"decks[{k}]", f"a change is one of {list(CHANGES)}")
        if kind == "remove_family":
            if ch.get("theme") is None:
                raise bad(f"decks[{k}]", "remove_family needs a theme")
        elif not C.content().has("enemy", what):
            raise bad(f"decks[{k}]", f"no enemy card {what!r}")
    route = carry["route"]
    for k, sid in enumerate(route):
        if not has_station(sid) or sid not in successors(route[:k]):
            raise bad(f"route[{k}]", f"no route leads to a station {sid!r} there")
    if route and is_final(route[-1]):
        raise bad("route", "the campaign is over: nothing follows its last mission")
    sid = carry["station"]
    choices = open_routes(route, carry["boxes"])
    if sid == "":
        if len(choices) < 2:
            raise bad("station", "a station is needed where the map does not fork")
    elif sid not in choices:
        raise bad("station", f"the route does not lead to the station {sid!r}")
    if carry["attempt"] < 1:
        raise bad("attempt", "tries count from 1")
    if not 0 <= carry.get("lost", 0) <= MAX_LOST:
        raise bad("lost", f"missions lost from 0 to {MAX_LOST}")
    news = carry["news"]
    if news["station"] and not has_station(news["station"]):
        raise bad("news.station", f"no station {news['station']!r}")
    if len(news["gained"]) != len(carry["heroes"]):
        raise bad("news.gained", "one list per hero")


# --- the campaign definition ------------------------------------------------------------------
class Chronicle(CampaignDef):
    """The Hollowmere chronicle: mission after mission along the map until the last one is won
    (or, in hard mode, a mission is lost with no retry left)."""

    id = "chronicle"
    label = "coop.campaign.name"
    own_slot = True  # played over evenings: every campaign keeps a save slot of its own
    texts = {"load": "coop.campaign.load"}

    def chosen_by(self) -> dict[str, Any]:
        """Returns the set-up option that starts the campaign: mode "campaign"."""
        return {"mode": "campaign"}

    def new_config(self, config: GameConfig) -> GameConfig:
        """Returns the set-up with loot after a won tile sorted in camp (``loot_camp``; a
        campaign saved by an earlier version lacks it and replays with the drops it had)."""
        return GameConfig(config.seats, {**config.options, "loot_camp": True}, config.carry)

    def applies(self, config: GameConfig) -> bool:
        """Returns whether the campaign can be played to its end: every station's tile and
        every card a box shuffles in is in the content (a single campaign mission needs only
        its own station's tile: ``camp.check_camp_config``)."""
        return not map_problems()

    def unavailable(self, config: GameConfig) -> str:
        """Returns what the map names that does not resolve ("" when it can be played)."""
        return "; ".join(map_problems())

    def first_config(self, config: GameConfig) -> GameConfig:
        """Returns the first mission's set-up: the chosen one in campaign mode, nothing carried
        (the prologue's camp)."""
        return GameConfig(config.seats, {**config.options, "mode": "campaign"}, None)

    def next_config(self, config: GameConfig, index: int, outcome: Outcome,
                    carry: dict[str, Any]) -> GameConfig | None:
        """Returns the next mission's set-up, or None after the last mission won or, in hard
        mode, a mission lost when the campaign's retries are spent (seed 001, 3.3: "verlieren
        die Spieler sofort das Spiel", softened by the map's ``hard_retries``)."""
        if not outcome.winners:
            if config.options.get("hard") is True and retries_left(carry) < 0:
                return None
            return config.with_carry(carry)
        if is_final(carry["route"][-1]):
            return None
        return config.with_carry(carry)

    def outcome(self, outcomes: list[Outcome], carries: list[dict[str, Any]]) -> Outcome:
        """Returns the whole party as winners when the last mission was won; the score is the
        number of missions won."""
        last = outcomes[-1]
        won = bool(last.winners) and bool(carries[-1]["route"]) and is_final(
            carries[-1]["route"][-1])
        n = len(last.scores)
        missions = len(carries[-1]["route"])
        if won:
            return Outcome(tuple(range(n)), tuple(float(missions) for _ in range(n)),
                           Message("coop.end.campaign_won", {"missions": missions}))
        sid = carries[-1]["news"]["station"]
        return Outcome((), tuple(float(missions) for _ in range(n)),
                       Message("coop.end.campaign_lost", {"station": station(sid).label
                                                          if has_station(sid) else sid}))

    def sample_carries(self, config: GameConfig) -> list[dict[str, Any]]:
        """Returns later starts for a conformance run: a veteran party at the fork (the route
        to choose), and one at the station after the merchant, where their tiles exist."""
        from engine.rules.coop_campaign.rules import RULES

        try:
            ids = RULES.hero_ids(config)
        except MalformedAction:
            return []
        out = []
        for route in _sample_routes():
            boxes = [b.id for b in the_map().boxes if b.set_by in route]
            sid = next_station(route, boxes)
            targets = open_routes(route, boxes) if sid == "" else [sid]
            if all(C.has_tile(station(t).tile) for t in targets):
                out.append(_veteran(ids, route, sid, boxes))
        return out


def _sample_routes() -> list[list[str]]:
    """Returns the routes of the sample carries: up to the fork, and up to the merchant."""
    m = the_map()
    out: list[list[str]] = []
    route: list[str] = []
    sid: str | None = m.start
    while sid is not None:
        route = [*route, sid]
        s = station(sid)
        if len(s.next) > 1 or s.merchant:
            out.append(route)
        sid = s.next[-1] if s.next else None
    return out


def _veteran(ids: list[str], route: list[str], sid: str, boxes: list[str]) -> dict[str, Any]:
    """Returns a carry of a party of level 3 (two tiles flipped) at ``sid`` after ``route``,
    with ``boxes`` ticked."""
    heroes: list[dict[str, Any]] = []
    for i, hid in enumerate(ids):
        d = C.hero(hid)
        heroes.append({"hero": hid, "river": list(d.actions), "flipped": list(d.actions[:2]),
                       "hp": d.levels[2].hp - 1, "items": [f"{d.weapon}.h{i + 1}"]})
    heroes[0]["items"].append("healing_draught.1")
    decks: list[dict[str, Any]] = []
    for b in boxes:
        if all(_change_problem(ch, C.content()) == "" for ch in box(b).decks):
            decks += box_changes(b)
    return {"station": sid, "attempt": 1, "route": route, "heroes": heroes, "token": 0,
            "boxes": boxes, "decks": decks,
            "news": {"station": route[-1], "won": True, "gained": [[] for _ in heroes],
                     "boxes": []}}
