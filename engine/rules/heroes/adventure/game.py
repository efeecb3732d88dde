"""The protocol of the map game (``heroes`` with mode ``clash``): views, previews, hidden
information, persistence, and the battles it runs as ``heroes_battle`` sub-games.

``engine.rules.heroes.skirmish.HeroesRules`` hands every call on a ``MapState`` to ``CLASH``.
The view's keys are listed in docs/heroes/rules.md ("The map game: views").
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action, Breakdown, Event, Message
from engine.core.protocol import GameConfig, GameRules, Outcome, Preview
from engine.core.rng import Rng
from engine.core.subgame import SubGame, SubGameHost
from engine.rules.heroes import decks as D
from engine.rules.heroes.adventure import board as B
from engine.rules.heroes.adventure import bothero, expansion
from engine.rules.heroes.adventure import labels as L
from engine.rules.heroes.adventure import mapdata as M
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure import teams as T
from engine.rules.heroes.adventure.state import MAIN, SECONDARY, MapState
from engine.rules.heroes.battle import RULES as BATTLE
from engine.rules.heroes.names import add_names

Hex = tuple[int, int]


class ClashRules(SubGameHost, GameRules[MapState]):
    """The map game; reached through the ``heroes`` game with option mode ``clash``."""

    game_id = "heroes"
    min_players = 2
    max_players = 4  # an alliance of two against two (adventure/teams.py)

    def new_game(self, config: GameConfig, seed: int) -> MapState:
        """Returns a map game (the options are the ``heroes`` game's)."""
        raise NotImplementedError("start it through the heroes game with mode clash")

    def start(self, config: GameConfig, seed: int, opts: dict[str, Any]) -> MapState:
        """Returns a new map game for the config and the heroes options."""
        from engine.core.errors import MalformedAction

        if not 2 <= config.players <= 4 and opts.get("mode") != "campaign":
            raise MalformedAction("heroes map games take 2–4 players")
        return R.new_map_game(self, config, seed, opts)

    # --- the running battle ------------------------------------------------------------------
    def current_actor(self, state: MapState) -> int | None:
        """Returns the seat to act (inside the battle while it runs)."""
        sub = state.sub
        if sub is not None and not state.flow.stack:
            a = BATTLE.current_actor(sub.state)
            return None if a is None else sub.seats[a]
        return R.FLOW.current_actor(self, state)

    def legal_actions(self, state: MapState) -> list[Action]:
        """Returns the legal actions (the battle's while it runs)."""
        if state.sub is not None and not state.flow.stack:
            return BATTLE.legal_actions(state.sub.state)
        return R.FLOW.legal_actions(self, state)

    def prompt(self, state: MapState) -> Message:
        """Returns what the actor must decide."""
        if state.sub is not None and not state.flow.stack:
            return BATTLE.prompt(state.sub.state)
        return R.FLOW.prompt(self, state)

    def validate(self, state: MapState, action: Action) -> None:
        """Raises IllegalAction naming the rule (the battle judges its own actions)."""
        if state.sub is not None and not state.flow.stack:
            BATTLE.validate(state.sub.state, action)
            return
        R.FLOW.validate(self, state, action)

    def do_apply(self, state: MapState, action: Action) -> list[Event]:
        """Applies a validated action (in the battle while it runs)."""
        sub = state.sub
        if sub is not None and not state.flow.stack:
            # a private event names its battle seat: the log reads host seats
            events = sub.host_events(BATTLE.do_apply(sub.state, action))
            if BATTLE.is_over(sub.state):
                state.sub = None
                more: list[Event] = []
                R.battle_ended(self, state, sub, more)
                # the map's battle_over says it, with the result: the battle's own line
                # ("The battle is over.") would come twice
                events = [e for e in events if e.key != "heroes.ev.over"]
                events.extend(add_names(more))
            return events
        if action.kind not in ("recruit", "reinforce", "trade"):
            # a trade between two recruits (option trade_anytime) keeps the moment open
            R.close_population(state, R.actor(state))
        return add_names(R.FLOW.apply(self, state, action))

    def sub_game_over(self, state: MapState, sub: SubGame, outcome: Outcome) -> list[Event]:
        """Carries the battle's result back onto the map."""
        ev: list[Event] = []
        R.battle_ended(self, state, sub, ev)
        return ev

    # --- reading -----------------------------------------------------------------------------
    def is_over(self, state: MapState) -> bool:
        """Returns True once the game has ended."""
        return state.flow.phase == R.OVER

    def outcome(self, state: MapState) -> Outcome | None:
        """Returns the winners (several on a shared lead at the round limit)."""
        if state.flow.phase != R.OVER:
            return None
        scores = tuple(1.0 if p in state.winners else 0.0 for p in range(state.players))
        key = R.ENDS[state.reason]
        if state.reason == "rounds" and R.TOWN in R.flag_roles(state):
            key = "heroes.map.end.rounds_towns"  # The Wide Frontier counts flagged towns too
        if state.players > 1:  # a shared side: "a player is eliminated", not "you are"
            key = R.TEAM_ENDS.get(state.reason, key)
        return Outcome(tuple(state.winners), scores, Message(key, {}))

    def progress(self, state: MapState) -> Message:
        """Returns the scenario (in both languages: the load list names it) and the round;
        saves written before carry ``heroes.map.progress`` (the round alone), still shown."""
        name = R.mc().scenarios[state.scenario].name
        return Message("heroes.map.progress_in", {"scenario": {"en": name["en"], "de": name["de"]},
                                                  "round": state.round})

    def turn_number(self, state: MapState) -> int:
        """Returns the number of turns played (plus the battle's activations)."""
        return state.turn + (state.sub.state.turn if state.sub is not None else 0)

    def view(self, state: MapState, seat: int | None) -> dict[str, Any]:
        """Returns what ``seat`` may see: the revealed map, face-down tiles as their kind only,
        every hand but its own as a count, deck orders never."""
        st = state
        b = R.board(st)
        content = R.mc()
        fields = []
        for h in sorted(b.fields):
            f = b.fields[h]
            m = st.marks.get(h, {})
            info = None if f.location is None else content.locations[f.location]
            cat = None if info is None else R.location_kind(st, info)
            fields.append({"at": [h[0], h[1]], "tile": f.tile, "index": f.index,
                           "location": f.location, "category": cat, "guard": f.guard,
                           "blocked": f.blocked, "cube": m.get("cube"),
                           "cleared": bool(m.get("cleared")), "choice": m.get("choice", "")})
            if m.get("bot") is not None:  # a bot hero's flag (solo campaign): who set it
                fields[-1]["bot"] = m["bot"]
        players = []
        for s, p in enumerate(st.ps):
            players.append({
                "seat": s, "faction": p.faction, "hero": p.hero, "level": p.level, "xp": p.xp,
                "hand_limit": D.hand_limit(p.level), "crowns": p.crowns,
                "hand_count": len(p.hand), "deck_count": p.deck.draw_count(),
                "discard": p.deck.discard_pile.cards[:], "morale": p.morale,
                "resources": p.res[:], "income": R.income(st, s), "built": p.built[:],
                "tokens": dict(p.tokens), "pop_use": p.pop_use,
                "units": [u[:] for u in p.units], "supply_count": len(p.supply),
                "heroes": {k: (None if v is None else [v[0], v[1]]) for k, v in p.pos.items()},
                "mp": dict(p.mp), "cubes": p.cubes[:], "out": p.out, "homeless": p.homeless,
                "town": None if p.town is None else [p.town[0], p.town[1]]})
        top = st.flow.top
        asked = top is not None and seat is not None and top.seat == seat
        sc = content.scenarios[st.scenario]
        # the roles whose flags decide at the round limit: none without that goal (then the
        # standings' flags are 0 and the end screen shows the faction cubes alone)
        roles = R.flag_roles(st) if R._victory(st, "most_flags_at_limit") is not None else ()
        out: dict[str, Any] = {
            "mode": "clash", "scenario": st.scenario, "round": st.round,
            "max_rounds": sc.round_limit,
            "income_round": st.round % 2 == 1 and st.round >= 3,
            "astrologer_round": st.round % 2 == 0, "astrologer": st.astro_card,
            "current": st.current, "step": st.flow.step,
            "tiles": [{"tile": t[0], "at": [t[1], t[2]], "rotation": t[3],
                       "kind": content.tiles[t[0]].kind} for t in st.placed],
            "fields": fields, "walls": b.walls.to_list(),
            "facedown": [{"kind": s[0], "at": [s[1], s[2]]} for s in st.slots],
            "players": players,
            "decks": {k: {"draw": d.draw_count(), "discard": d.discard_count(),
                          "discard_top": d.discard_pile.top()}
                      for k, d in sorted(st.decks.items())},
            "hand": st.ps[seat].hand[:] if seat is not None else None,
            "supply": st.ps[seat].supply[:] if seat is not None else None,
            "looking": _looking(st, seat),
            # a decision's options only for the seat it asks (the lookout tower's place:<tile>
            # names the tiles of a supply, the hedge witch's remove:<card> a hand's cards);
            # every seat sees who is choosing and the kind of choice (``choosing``, the prompt)
            "choice": list(top.data[1]) if asked and top is not None and top.kind == R.CHOOSE
            else [],
            "choice_labels": L.choice_labels(st) if asked else [],
            "rotations": list(top.data[3]) if asked and top is not None and top.kind == R.ROTATE
            else [],
            "rotating": {"tile": top.data[0], "at": [top.data[1], top.data[2]]}
            if top is not None and top.kind == R.ROTATE else None,
            "winners": st.winners[:], "reason": st.reason,
            # per seat what decides the round limit (public: flags lie on the map): flagged
            # locations of the scenario's roles, faction cubes held (the end screen's column)
            "standings": [{"flags": f, "cubes": c} for f, c in
                          (R.standing(st, s, roles) for s in range(st.players))],
            "flag_roles": list(roles),
            "prompt": self.prompt(st).to_json() if not self.is_over(st) else None,
            "reach": reach_view(st, seat) if seat is not None else {},
        }
        if top is not None and top.kind == R.CHOOSE:
            out["choosing"] = {"seat": top.seat, "purpose": top.data[0]}
        out.update(bothero.view_part(st))  # the bot heroes of a campaign scenario
        out.update(T.view_part(st, seat))  # teams: co-operative and alliance games
        out.update(expansion.view_part(st))  # the expansion rules' public part
        if st.sub is not None:
            out["battle"] = self.sub_view(st, seat)
            # who fights on each side: the attacker's hero, and the defender's (None: the
            # neutral army; "garrison": a town or settlement defended by its units alone)
            tag = st.battle.get("tag") or {}
            foe = tag.get("foe_hero") or ("garrison" if tag.get("kind") == "pvp" else None)
            out["battle"]["heroes"] = [tag.get("hero"), foe]
            if tag.get("kind") == "bot" and tag.get("attacker") == "bot":
                # a bot hero attacks (adventure/bothero.py): the player defends as side 1, with
                # a hero or the town's units (a secondary hero's side was named "neutral army")
                out["battle"]["heroes"] = [None, tag.get("hero") or "garrison"]
            out["battle"]["field"] = tag.get("level")  # a neutral army's field level
        return out

    def annotate(self, state: MapState, seat: int | None,
                 actions: list[Action]) -> list[Preview]:
        """Returns per action its cost and what follows (a move: the field's preview)."""
        sub = state.sub
        if sub is not None and not state.flow.stack:
            return BATTLE.annotate(sub.state, sub.sub_seat(seat), actions)
        out = []
        for a in actions:
            problem = R.FLOW.check(self, state, a)
            if problem is not None:
                # a refused town action keeps its price (the town shows what it would cost)
                out.append(Preview(refused=Message(problem[0], {}),
                                   detail=_refused_cost(state, a)))
                continue
            if a.kind == "move":
                h = (int(a["to"][0]), int(a["to"][1]))
                cost = R.move_targets(state, state.current, a["hero"]).get(h, 1)
                what = field_preview(state, state.current, a["hero"], h)
                out.append(Preview(cost=(Breakdown(Message("heroes.map.bd.mp", {}), cost, ()),),
                                   consequences=(Message(R.WHAT[what["kind"]], {}),),
                                   detail=what))
            elif a.kind in ("revisit", "discover", "place"):
                out.append(Preview(cost=(Breakdown(Message("heroes.map.bd.mp", {}), 1, ()),)))
            elif a.kind in ("build", "recruit", "reinforce", "hire", "spellbook"):
                out.append(Preview(detail={"cost": list(_town_cost(state, a))}))
            elif a.kind in ("gift", "ask", "offer", "pick"):
                out.append(Preview(detail=T.preview(state, a)))
            elif a.kind == "trade":
                # the rate: what one lot pays and gets (economy.yaml)
                n, m = R.eco().trade[(a["sell"], a["get"])]
                pay, get = [0, 0, 0], [0, 0, 0]
                pay[R.RESOURCES.index(a["sell"])] = n * int(a["lots"])
                get[R.RESOURCES.index(a["get"])] = m * int(a["lots"])
                out.append(Preview(detail={"pay": pay, "get": get}))
            else:
                out.append(Preview())
        return out

    # --- persistence -------------------------------------------------------------------------
    def state_to_dict(self, state: MapState) -> dict[str, Any]:
        """Returns the state as JSON data."""
        return state.to_dict()

    def state_from_dict(self, data: dict[str, Any]) -> MapState:
        """Returns the state stored by state_to_dict."""
        return MapState.from_dict(data)

    def clone(self, state: MapState) -> MapState:
        """Returns a hand-written copy."""
        return state.clone()

    def determinize(self, state: MapState, seat: int, rng: Rng) -> MapState:
        """Re-deals what ``seat`` cannot see: face-down tiles and the tile pools, the other
        seats' supplies and hands, every deck's order, the cards another seat looks at."""
        out = state.clone()
        # tiles: the face-down slots and the pools of each kind; far tiles also the other
        # seats' supplies
        for kind in M.KINDS[1:]:
            slots = [s for s in out.slots if s[0] == kind]
            hidden = [s[3] for s in slots] + out.pool.get(kind, [])
            supplies: list[tuple[int, int]] = []
            if kind == "far":
                for o, p in enumerate(out.ps):
                    if o != seat:
                        supplies.append((o, len(p.supply)))
                        hidden += p.supply
            hidden.sort()
            rng.shuffle(hidden)
            for s in slots:
                s[3] = hidden.pop()
            for o, n in supplies:
                out.ps[o].supply = sorted(hidden[:n])
                del hidden[:n]
            out.pool[kind] = hidden
        top = out.flow.top
        looker = top.seat if top is not None and top.kind == R.KEEP else None
        for o, p in enumerate(out.ps):
            draw = p.deck.draw_pile
            if o == seat:
                cards = sorted(draw.cards)
                rng.shuffle(cards)
                draw.cards = cards
            else:
                n = len(p.hand)
                pool = sorted(draw.cards + p.hand)
                rng.shuffle(pool)
                p.hand = sorted(pool[len(pool) - n:]) if n else []
                draw.cards = pool[:len(pool) - n]
        for kind in sorted(out.decks):
            draw = out.decks[kind].draw_pile
            cards = sorted(draw.cards)
            if looker is not None and looker != seat and top is not None \
                    and top.data[0] == kind:
                cards = sorted(cards + out.looking)
                rng.shuffle(cards)
                out.looking = cards[:len(out.looking)]
                cards = cards[len(out.looking):]
            else:
                rng.shuffle(cards)
            draw.cards = cards
        astro = sorted(out.astro.draw_pile.cards)
        rng.shuffle(astro)
        out.astro.draw_pile.cards = astro
        bothero.determinize(out, rng)
        expansion.determinize(out, rng)
        if state.sub is not None:
            self.sub_determinize(state, out, seat, rng)
        out.rng = Rng(rng.next_u64())
        if out.sub is not None:
            out.sub.state.rng = out.rng
        out.board_cache = state.board_cache
        return out


def _refused_cost(st: MapState, a: Action) -> dict[str, Any] | None:
    """Returns the price of a refused town action that names a real building or unit."""
    if a.kind not in ("build", "recruit", "reinforce", "hire", "spellbook"):
        return None
    try:
        return {"cost": list(_town_cost(st, a))}
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def _looking(st: MapState, seat: int | None) -> list[str]:
    """Returns the cards the seat looks at now: a Search's, or the hedge witch's card while its
    looker takes or discards it."""
    top = st.flow.top
    if top is None or seat is None or top.seat != seat:
        return []
    if top.kind == R.KEEP:
        return st.looking[:]
    if top.kind == R.CHOOSE and top.data[0] == "witch_card":
        return [str(c) for c in st.battle.get("ctx", {}).get(top.data[2], [])[:1]]
    return []


def _town_cost(st: MapState, a: Action) -> tuple[int, int, int]:
    p = st.ps[R.actor(st)]
    if a.kind == "build":
        try:
            return tuple(R.mc().building(p.faction, a["building"]).cost)  # type: ignore
        except KeyError:
            return (0, 0, 0)
    if a.kind in ("recruit", "reinforce"):
        return R.unit_cost(st, a["unit"], a.kind == "reinforce")
    if a.kind == "hire":
        return R.eco().secondary  # type: ignore[no-any-return]
    return R.spell_price(st, R.actor(st))


def field_preview(st: MapState, seat: int, hero: str, h: Hex) -> dict[str, Any]:
    """Returns what arriving on field h will do: kind neutral, quick, pvp, defend (a town or
    settlement an enemy may defend), visit, visited, flagged (own already) or empty; with the
    location, its category and effects, and the guard."""
    f = R.board(st).fields[h]
    m = st.marks.get(h, {})
    out: dict[str, Any] = {"at": [h[0], h[1]], "location": f.location, "guard": f.guard,
                           "category": None, "effects": []}
    if f.location is not None:
        info = R.mc().locations[f.location]
        out["category"] = R.location_kind(st, info)
        out["effects"] = [dict(e) for e in info.effects]
    enemies = [s for s, _ in R.heroes_at(st, h) if s != seat and not T.allied(st, s, seat)]
    o = R.owner(st, h)
    bot = bothero.bot_at(st, h)
    if bot is not None:  # a bot hero of the solo campaign: a battle with it
        out["kind"] = "bot"
        out["bot"] = bot
    elif enemies:
        out["kind"] = "pvp"
        out["foe"] = enemies[0]
    elif o is not None and T.allied(st, o, seat):
        out["kind"] = "ally"  # seed "Einnehmbar": an ally's place is an empty field
        out["ally"] = o
    elif out["category"] in (R.TOWN, R.SETTLEMENT) and o is not None and o != seat:
        out["kind"] = "defend"
        out["foe"] = o
    elif f.guard and m.get("cube") is None and not m.get("flagged") and not m.get("cleared"):
        out["kind"] = "quick" if R.hero_level(st, seat) > f.guard else "neutral"
    elif f.location is None:
        out["kind"] = "empty"
    elif out["category"] == R.VISITABLE and m.get("cube") == -1:
        out["kind"] = "visited"
    elif out["category"] != R.REVISITABLE and out["category"] != R.VISITABLE and o == seat:
        out["kind"] = "flagged"
    else:
        out["kind"] = "visit"
    return out


def reach_view(st: MapState, seat: int) -> dict[str, Any]:
    """Returns, on the seat's own turn, each hero's reachable fields with their MP cost and
    what arriving there will do (a walk stops at a combat)."""
    if st.current != seat or st.flow.phase != R.TURN or st.flow.stack:
        return {}
    p = st.ps[seat]
    b = R.board(st)
    out: dict[str, Any] = {}
    # an enemy hero on a sanctuary: passed over, never a destination (seed "Heiligtum")
    passed = R._closed_fields(st, seat)
    for hero in (MAIN, SECONDARY):
        here = p.pos[hero]
        if here is None or p.mp[hero] < 1:
            continue
        stops = set()
        for h in b.fields:
            kind = field_preview(st, seat, hero, h)["kind"]
            if kind in ("pvp", "defend", "neutral", "bot") and h not in passed:
                stops.add(h)
        other = p.pos[SECONDARY if hero == MAIN else MAIN]
        cm = B.reach(b, here, p.mp[hero], stops, passed, set())
        fields = []
        for h in sorted(cm.costs):
            if h == here or h == other or h in passed:
                continue
            fields.append({"at": [h[0], h[1]], "mp": int(cm.costs[h]),
                           "path": [[x[0], x[1]] for x in cm.path(h) or []],
                           "visit": field_preview(st, seat, hero, h)})
        out[hero] = fields
    return out


CLASH = ClashRules()
