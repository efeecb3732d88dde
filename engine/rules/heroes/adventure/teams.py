"""Team play on the adventure map: the co-operative and the alliance mode (seed 002,
"Spielmodi": "Allianz-Modus", "Kooperativ"; "Rundenablauf", "Bewegungsaktionen", "Handeln",
"Spielende"; spec R-044, R-272..274, AMB-89, §23.8 S3 and S5).

A scenario's ``mode`` says which: ``coop`` puts every player on one team against the bot heroes
of its ``solo`` part (engine/rules/heroes/adventure/bothero.py); ``alliance`` names each seat's
team. Teams are read from the scenario, never stored: the seats are listed in turn order, so the
teams' players alternate (R-044: A1, B1, A2, B2).

- **Allies are friendly.** A hero passes over a field an allied hero stands on (2 MP, like an own
  hero; seed: "Helden dürfen sich durch von verbündeten Helden besetzte Felder bewegen, aber ihre
  Bewegung dort nicht beenden … nicht besucht") and never ends a move there, so allies never
  fight. An ally's town, settlement or flagged location is an empty field to an allied hero
  (seed "Einnehmbar": "Für verbündete Helden gelten eingenommene Orte als leere Felder").
- **Gifts.** In an alliance the player whose turn it is may give resources to an ally at any
  moment of the turn outside combat (R-272); in both modes a player at a trading post may give
  resources to the other players besides the post's own trade (R-273). A gift needs no consent.
- **Asking.** In an alliance the player whose turn it is may ask an ally for resources; the ally
  accepts or declines (a decision of that seat): a gift one way and an ask the other make the
  trade of R-272.
- **Swaps.** Allies whose heroes stand on adjacent fields swap spells and artifacts from their
  hands 1:1 (R-274) in the active player's turn, and both agree (AMB-89): the active player
  offers a card, the ally picks one of its own in return or declines, and the active player
  accepts or declines that pair. Each card is offered to each ally once a turn.
- **Victory.** A team wins together (every player of it, eliminated ones too); alliance:
  a team wins when every rival is eliminated (R-281 for teams), when one of its players flags an
  enemy town, or at the round limit with the most flagged locations of its players; the cube
  victory of a Clash of three or more (R-282) does not apply. Co-op: bothero.check_victory.
"""

from __future__ import annotations

from typing import Any

from engine.core import hexgrid as hx
from engine.core.actions import Action, Event, Message
from engine.core.decisions import ONE, Decision
from engine.rules.heroes import content as C
from engine.rules.heroes.adventure.state import RESOURCES, MapState

Hex = tuple[int, int]
Refusal = tuple[str, str]
MODES = ("coop", "alliance")
SWAP_PICK = "swap_pick"
CONSENT = "ally_consent"
SWAP_KINDS = ("spell", "artifact")  # seed "Handeln": "Zauber und Artefakte von ihrer Hand"
# the rules reference's page on team play (scenes/rules.py shows every ``heroes.rules.*`` key)
RULES_PAGE = "heroes.rules.70"


def mode(st: MapState) -> str:
    """Returns the scenario's mode: clash, campaign, coop or alliance."""
    return str(getattr(R.mc().scenarios[st.scenario], "mode", "clash"))


def is_team_game(st: MapState) -> bool:
    """Returns True in a co-operative or alliance game."""
    return mode(st) in MODES


def _teams(st: MapState) -> tuple[int, ...]:
    """Returns each seat's team, read from the scenario (test fixtures may reuse ids, so
    nothing is cached)."""
    sc = R.mc().scenarios[st.scenario]
    m = getattr(sc, "mode", "clash")
    if m == "coop":
        return (0,) * st.players
    if m == "alliance":
        return tuple(int(getattr(s, "team", None) or 0) for s in sc.seats)
    return tuple(range(st.players))


def team_of(st: MapState, seat: int) -> int:
    """Returns the seat's team (in a clash every seat is a team of its own)."""
    return _teams(st)[seat]


def allied(st: MapState, a: int, b: int) -> bool:
    """Returns True when two different seats play on one team."""
    if a == b or not is_team_game(st):
        return False
    t = _teams(st)
    return a != b and t[a] == t[b]


def partners(st: MapState, seat: int) -> list[int]:
    """Returns the seat's allies still in the game."""
    return [o for o in range(st.players) if allied(st, seat, o) and not st.ps[o].out]


def rivals(st: MapState, seat: int) -> list[int]:
    """Returns the seats not on the seat's team (eliminated ones too)."""
    return [o for o in range(st.players) if o != seat and not allied(st, seat, o)]


def teams(st: MapState) -> list[list[int]]:
    """Returns the teams' seats, by team number."""
    out: dict[int, list[int]] = {}
    for s, t in enumerate(_teams(st)):
        out.setdefault(t, []).append(s)
    return [out[t] for t in sorted(out)]


def ally_fields(st: MapState, seat: int) -> set[Hex]:
    """Returns the fields allied heroes stand on: passed over, never a destination."""
    if not is_team_game(st):
        return set()
    out = set()
    for o in partners(st, seat):
        for h in st.ps[o].pos.values():
            if h is not None:
                out.add(h)
    return out


def allied_place(st: MapState, seat: int, h: Hex) -> bool:
    """Returns True when an ally holds the location on h (its town, settlement or a flag): an
    empty field to the seat's heroes."""
    o = R.owner(st, h)
    return o is not None and allied(st, seat, o)


# --- gifts (R-272, R-273) ----------------------------------------------------------------------
def giver(st: MapState) -> int | None:
    """Returns the seat that may give resources now: at a trading post (both modes), or in an
    alliance the seat whose turn it is, outside combat and decisions."""
    if not is_team_game(st) or st.sub is not None:
        return None
    d = st.flow.top
    if d is not None:
        return d.seat if d.kind == R.TRADE else None
    if mode(st) == "alliance" and st.flow.phase == R.TURN:
        return st.current
    return None


def _amounts(held: int) -> list[int]:
    """Returns the amounts a gift or an ask moves at a time: 1, 5 or all that is held."""
    return sorted({n for n in (1, 5, held) if 1 <= n <= held})


def _opt_gift(rules: Any, st: MapState, out: list[Action]) -> None:
    seat = giver(st)
    if seat is None:
        return
    res = st.ps[seat].res
    for o in partners(st, seat):
        for i, r in enumerate(RESOURCES):
            for n in _amounts(res[i]):
                out.append(Action("gift", (("amount", n), ("res", r), ("to", o))))


def _check_amount(a: Action, names: tuple[str, ...]) -> Refusal | None:
    n = a.get("amount")
    if a.names() != names or a.get("res") not in RESOURCES or not isinstance(n, int) \
            or isinstance(n, bool) or n < 1:
        return ("heroes.rule.bad_action", f"{a.kind} needs {', '.join(names)} (amount ≥ 1)")
    return None


def _check_gift(rules: Any, st: MapState, a: Action) -> Refusal | None:
    seat = giver(st)
    if seat is None:
        return ("heroes.team.rule.no_gift", "gifts: in an alliance during your turn, in a "
                                            "co-operative game at a trading post")
    bad = _check_amount(a, ("amount", "res", "to"))
    if bad is not None:
        return bad
    to = a.get("to")
    if not isinstance(to, int) or isinstance(to, bool) or to not in partners(st, seat):
        return ("heroes.team.rule.not_ally", "resources go to an ally still in the game")
    held = st.ps[seat].res[RESOURCES.index(a["res"])]
    if held < int(a["amount"]):
        return ("heroes.map.rule.cost", "you do not have that much")
    if int(a["amount"]) not in _amounts(held):
        # one way to give: 1, 5 or all of it at a time (more gifts make any amount)
        return ("heroes.team.rule.amount", "give 1, 5 or all of a resource at a time")
    return None


def _apply_gift(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat = giver(st)
    assert seat is not None
    to, n, i = int(a["to"]), int(a["amount"]), RESOURCES.index(a["res"])
    st.ps[seat].res[i] -= n
    st.ps[to].res[i] += n
    got = [0, 0, 0]
    got[i] = n
    ev.append(Event("heroes.team.gift", {"seat": seat, "to": to, "res": got}))
    d = st.flow.top
    if d is not None:  # at a trading post the visit goes on (the gift is besides its trade)
        st.flow.replace(d)


# --- asking an ally (R-272: "handeln") ---------------------------------------------------------
def _asker(st: MapState) -> int | None:
    if mode(st) != "alliance" or st.sub is not None or st.flow.stack \
            or st.flow.phase != R.TURN:
        return None
    return st.current


def _asked(st: MapState) -> list[tuple[int, str]]:
    return [tuple(x) for x in st.battle.get("asked", [])]  # type: ignore[misc]


def _opt_ask(rules: Any, st: MapState, out: list[Action]) -> None:
    seat = _asker(st)
    if seat is None:
        return
    asked = _asked(st)
    for o in partners(st, seat):
        for i, r in enumerate(RESOURCES):
            if (o, r) in asked:
                continue
            for n in _amounts(st.ps[o].res[i]):
                out.append(Action("ask", (("amount", n), ("from", o), ("res", r))))


def _check_ask(rules: Any, st: MapState, a: Action) -> Refusal | None:
    seat = _asker(st)
    if seat is None:
        return ("heroes.team.rule.no_ask", "ask an ally in an alliance, during your turn")
    bad = _check_amount(a, ("amount", "from", "res"))
    if bad is not None:
        return bad
    o = a.get("from")
    if not isinstance(o, int) or isinstance(o, bool) or o not in partners(st, seat):
        return ("heroes.team.rule.not_ally", "ask an ally still in the game")
    if (o, a["res"]) in _asked(st):
        return ("heroes.team.rule.asked", "you asked that ally for that resource this turn")
    held = st.ps[o].res[RESOURCES.index(a["res"])]
    if held < int(a["amount"]):
        return ("heroes.team.rule.ally_short", "your ally does not have that much")
    if int(a["amount"]) not in _amounts(held):
        return ("heroes.team.rule.amount", "ask for 1, 5 or all of a resource")
    return None


def _apply_ask(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat, o, r, n = st.current, int(a["from"]), str(a["res"]), int(a["amount"])
    st.battle.setdefault("asked", []).append([o, r])
    want = [0, 0, 0]
    want[RESOURCES.index(r)] = n
    ev.append(Event("heroes.team.ask", {"seat": seat, "to": o, "res": want}))
    st.flow.push(Decision(CONSENT, o, ONE, Message("heroes.team.prompt.ask",
                                                   {"seat": seat, "to": o, "res": want}),
                          ("ask", seat, o, r, n)))


# --- swaps of spells and artifacts (R-274, AMB-89) ---------------------------------------------
def swappable(card: str) -> bool:
    """Returns True for a hand card allies may swap: a spell or an artifact."""
    return C.card(card).kind in SWAP_KINDS


def neighbours_of(st: MapState, seat: int) -> list[int]:
    """Returns the allies with a hero on a field adjacent to one of the seat's heroes."""
    mine = [h for h in st.ps[seat].pos.values() if h is not None]
    out = []
    for o in partners(st, seat):
        theirs = [h for h in st.ps[o].pos.values() if h is not None]
        if any(hx.distance(a, b) == 1 for a in mine for b in theirs):
            out.append(o)
    return out


def _offered(st: MapState) -> list[tuple[int, str]]:
    return [tuple(x) for x in st.battle.get("offered", [])]  # type: ignore[misc]


def _offerer(st: MapState) -> int | None:
    if not is_team_game(st) or st.sub is not None or st.flow.stack \
            or st.flow.phase != R.TURN:
        return None
    return st.current


def _opt_offer(rules: Any, st: MapState, out: list[Action]) -> None:
    seat = _offerer(st)
    if seat is None:
        return
    near = neighbours_of(st, seat)
    if not near:
        return
    done = _offered(st)
    cards = sorted({c for c in st.ps[seat].hand if swappable(c)})
    for o in near:
        for c in cards:
            if (o, c) not in done:
                out.append(Action("offer", (("card", c), ("to", o))))


def _check_offer(rules: Any, st: MapState, a: Action) -> Refusal | None:
    seat = _offerer(st)
    if seat is None:
        return ("heroes.team.rule.no_swap", "swaps are made in your own turn, outside combat")
    c, o = a.get("card"), a.get("to")
    if a.names() != ("card", "to") or not isinstance(c, str) or not isinstance(o, int) \
            or isinstance(o, bool):
        return ("heroes.rule.bad_action", "offer needs a card and an ally")
    if o not in partners(st, seat):
        return ("heroes.team.rule.not_ally", "swap with an ally still in the game")
    if o not in neighbours_of(st, seat):
        return ("heroes.team.rule.not_adjacent", "your heroes must stand on adjacent fields")
    if c not in st.ps[seat].hand or not swappable(c):
        return ("heroes.team.rule.not_swappable", "offer a spell or an artifact from your hand")
    if (o, c) in _offered(st):
        return ("heroes.team.rule.offered", "you offered that card to that ally this turn")
    return None


def _apply_offer(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    seat, o, c = st.current, int(a["to"]), str(a["card"])
    st.battle.setdefault("offered", []).append([o, c])
    # the ally sees the card offered: hidden until now, so no undo across it
    ev.append(Event("heroes.team.offer", {"seat": seat, "to": o}, reveal=True))
    st.flow.push(Decision(SWAP_PICK, o, ONE, Message("heroes.team.prompt.pick",
                                                     {"seat": seat, "to": o}),
                          ("swap", seat, o, c)))


def _opt_pick(rules: Any, st: MapState, out: list[Action]) -> None:
    d = st.flow.top
    assert d is not None
    for c in sorted({c for c in st.ps[d.seat].hand if swappable(c)}):
        out.append(Action("pick", (("card", c),)))


def _check_pick(rules: Any, st: MapState, a: Action) -> Refusal | None:
    d = st.flow.top
    assert d is not None
    c = a.get("card")
    if a.names() != ("card",) or not isinstance(c, str) or c not in st.ps[d.seat].hand \
            or not swappable(c):
        return ("heroes.team.rule.not_swappable", "pick a spell or an artifact from your hand")
    return None


def _apply_pick(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    d = st.flow.pop()
    _, seat, o, c = d.data
    # the offering seat sees the card picked in return (a reveal: no undo across it)
    ev.append(Event("heroes.team.answer", {"seat": o, "to": seat}, reveal=True))
    st.flow.push(Decision(CONSENT, seat, ONE, Message("heroes.team.prompt.swap",
                                                      {"seat": seat, "to": o}),
                          ("swap", seat, o, c, str(a["card"]))))


def _opt_accept(rules: Any, st: MapState, out: list[Action]) -> None:
    out.append(Action("accept"))


def _opt_decline(rules: Any, st: MapState, out: list[Action]) -> None:
    out.append(Action("decline"))


def _check_answer(rules: Any, st: MapState, a: Action) -> Refusal | None:
    return None if not a.args else ("heroes.rule.bad_action", f"{a.kind} takes nothing")


def _apply_accept(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    d = st.flow.pop()
    if d.data[0] == "ask":
        _, seat, o, r, n = d.data
        i = RESOURCES.index(r)
        n = min(int(n), st.ps[o].res[i])
        st.ps[o].res[i] -= n
        st.ps[seat].res[i] += n
        got = [0, 0, 0]
        got[i] = n
        ev.append(Event("heroes.team.gift", {"seat": o, "to": seat, "res": got}))
    else:
        _, seat, o, mine, theirs = d.data
        p, q = st.ps[seat], st.ps[o]
        if mine in p.hand and theirs in q.hand:
            p.hand.remove(mine)
            q.hand.remove(theirs)
            p.hand.append(theirs)
            q.hand.append(mine)
            ev.append(Event("heroes.team.swap", {"seat": seat, "to": o}, reveal=True))
            from engine.rules.heroes.names import name_of

            for s, gave, got in ((seat, mine, theirs), (o, theirs, mine)):
                ev.append(Event("heroes.team.swap_cards", {
                    "seat": s, "give": gave, "take": got, "give_name": name_of("card", gave),
                    "take_name": name_of("card", got)}, seat=s))
    R.run(rules, st, ev)


def _apply_decline(rules: Any, st: MapState, a: Action, ev: list[Event]) -> None:
    d = st.flow.pop()
    ev.append(Event("heroes.team.declined", {"seat": d.seat, "what": d.data[0]}))
    R.run(rules, st, ev)


def end_turn(st: MapState) -> None:
    """Forgets this turn's offers and asks."""
    st.battle.pop("offered", None)
    st.battle.pop("asked", None)


# --- victory (alliance; co-op: bothero) -------------------------------------------------------
def check_victory(st: MapState, ev: list[Event]) -> None:
    """Ends an alliance game once one team is left, or a player flagged an enemy town."""
    alive = {team_of(st, s) for s, p in enumerate(st.ps) if not p.out}
    if len(alive) <= 1:
        won = next(iter(alive), None)
        R.end_game(st, [] if won is None else team_seats(st, won), "elimination", ev)
        return
    town = R._victory(st, "capture_town")
    if town is None or int(town.get("rounds", 0)):
        return
    for s, p in enumerate(st.ps):
        if p.out:
            continue
        if any(q.town is not None and R.owner(st, q.town) == s
               for o, q in enumerate(st.ps) if o in rivals(st, s)):
            R.end_game(st, team_seats(st, team_of(st, s)), "town", ev)
            return


def team_seats(st: MapState, team: int) -> list[int]:
    """Returns every seat of a team."""
    return [s for s in range(st.players) if team_of(st, s) == team]


def round_limit(st: MapState, ev: list[Event]) -> None:
    """The round limit of an alliance: the team with the most flagged locations of the goal's
    roles, then the most faction cubes of rivals, wins (a tie: both)."""
    goal = R._victory(st, "most_flags_at_limit")
    roles = tuple(goal.get("roles") or (R.MINE, R.SETTLEMENT)) if goal is not None else ()
    alive = sorted({team_of(st, s) for s, p in enumerate(st.ps) if not p.out})

    def score(t: int) -> tuple[int, int]:
        seats = team_seats(st, t)
        flags = sum(1 for h, m in st.marks.items()
                    if m.get("cube") in seats and R.category(st, h) in roles)
        cubes = len({c for s in seats for c in st.ps[s].cubes})
        return (flags, cubes)
    best = max(score(t) for t in alive)
    won = [s for t in alive if score(t) == best for s in team_seats(st, t)]
    R.end_game(st, won, "rounds", ev)


# --- views and previews ------------------------------------------------------------------------
def view_part(st: MapState, seat: int | None) -> dict[str, Any]:
    """Returns the teams, the seats the viewer may swap with, and a pending offer (its cards only
    to the two seats involved)."""
    if not is_team_game(st):
        return {}
    out: dict[str, Any] = {"team_mode": mode(st), "teams": teams(st),
                           "team_of": [team_of(st, s) for s in range(st.players)]}
    if seat is not None:
        out["partners"] = partners(st, seat)
        out["swap_with"] = neighbours_of(st, seat)
        out["gift_now"] = giver(st) == seat
    d = st.flow.top
    if d is not None and d.kind in (SWAP_PICK, CONSENT):
        data = list(d.data)
        offer: dict[str, Any] = {"what": data[0], "seat": data[1], "to": data[2]}
        if data[0] == "ask":
            got = [0, 0, 0]
            got[RESOURCES.index(data[3])] = int(data[4])
            offer["res"] = got
        elif seat in (data[1], data[2]):
            offer["card"] = data[3]
            if len(data) > 4:
                offer["answer"] = data[4]
        out["offer"] = offer
    return out


def preview(st: MapState, a: Action) -> dict[str, Any] | None:
    """Returns what a team action moves: resources from whom to whom, or the card offered."""
    if a.kind == "gift":
        seat = giver(st)
        res = [0, 0, 0]
        res[RESOURCES.index(a["res"])] = int(a["amount"])
        return {"from": seat, "to": int(a["to"]), "res": res}
    if a.kind == "ask":
        res = [0, 0, 0]
        res[RESOURCES.index(a["res"])] = int(a["amount"])
        return {"from": int(a["from"]), "to": st.current, "res": res}
    if a.kind == "offer":
        return {"from": st.current, "to": int(a["to"]), "card": a["card"]}
    if a.kind == "pick":
        d = st.flow.top
        assert d is not None
        return {"from": d.seat, "to": int(d.data[1]), "card": a["card"], "for": d.data[3]}
    return None



def scenario_for(mode: str, players: int, wanted: str = "") -> str:
    """Returns the scenario a team game plays: the one asked for if it is of the mode and the
    player count, else the mode's default for the count (else its first)."""
    from engine.rules.heroes import mapdefs

    fits = mapdefs.scenarios(players, mode)
    found = next((s for s in fits if s.id == wanted), None) \
        or next((s for s in fits if s.default), None) or (fits[0] if fits else None)
    if found is None:
        from engine.core.errors import MalformedAction

        raise MalformedAction(f"heroes: no {mode} scenario for {players} players")
    return str(found.id)


# the map rules import this module while they load (their flow lists the actions above)
from engine.rules.heroes.adventure import rules as R  # noqa: E402
