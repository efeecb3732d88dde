"""Operations on a duel state shared by rules and effects: dice, stats, damage, XP, game end."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Breakdown, Event, Message, Term
from engine.core.dice import roll_batch, shuffle_batch
from engine.rules.duel.cards import cards
from engine.rules.duel.state import (
    BETWEEN,
    M_ARM_CLAN,
    M_ARM_MAIN,
    M_CLAN_ATT,
    M_CLAN_DEF,
    M_CLAN_LIFE,
    M_COURAGE,
    M_MAGIC,
    M_MAIN_ATT,
    M_MAIN_DEF,
    M_MAIN_LIFE,
    MAIN_UID,
    N_MODS,
    OVER,
    DuelState,
    Fighter,
    PlayerState,
)

HAND_SIZE = 7  # seed 003: "Starthand von 7 Karten", refilled to 7 after each round
START_POOL = 5  # seed 003: "Startwürfelpool von 5 Würfeln"
MAX_CLAN = 3  # seed 003: "maximal 3 Clan-Members gleichzeitig"
MAX_EQUIPMENT = 5  # seed 003: "bis zu 5 Ausrüstungen"
MAX_DICE = 6  # docs/duel/rules.md "Dice counts": a character rolls 1 to 6 dice
FLEE_XP_PER_LEVEL = 100  # seed 003: "100 Erfahrungspunkte für jeden seiner momentanen LV"


class _Stats(dict):  # type: ignore[type-arg]
    """(life, attack dice, defence dice) of every main and clan card, filled on first use."""

    def __missing__(self, card: str) -> tuple[int, int, int]:
        value = cards().stats[card]  # an unknown id still raises KeyError
        self.update(cards().stats)
        return value


_STATS: dict[str, tuple[int, int, int]] = _Stats()
STATS = _STATS  # (life, attack dice, defence dice) by main or clan card id


class _Names(dict):  # type: ignore[type-arg]
    """Inline name {en, de} of every card id, filled on first use (copied when handed out)."""

    def __missing__(self, card: str) -> dict[str, str]:
        value = cards().names[card]  # an unknown id still raises KeyError
        self.update(cards().names)
        return value


NAMES: dict[str, dict[str, str]] = _Names()


def msg(key: str, **params: Any) -> Message:
    """Returns a catalog message."""
    return Message(key, params)


def roll(state: DuelState, n: int) -> list[int]:
    """Returns n six-sided die results (scenario dice first, then the state's RNG)."""
    forced = state.forced
    if not forced:
        return roll_batch(state.rng, n)
    take = min(n, len(forced))
    out = forced[:take]
    del forced[:take]
    if n > take:
        out += roll_batch(state.rng, n - take)
    return out


def shuffle(state: DuelState, cards_: list[str]) -> None:
    """Shuffles a pile with the state's RNG (several swaps per 64-bit output)."""
    shuffle_batch(state.rng, cards_)


# --- stats -----------------------------------------------------------------------------------

def is_main(f: Fighter) -> bool:
    """Returns True for the main character."""
    return f.uid == MAIN_UID


def life_of(state: DuelState, seat: int, f: Fighter) -> int:
    """Returns a character's life points (its card, level-ups and lasting bonuses)."""
    p = state.players[seat]
    if f.uid == MAIN_UID:
        return max(1, _STATS[f.card][0] + p.life_bonus + p.mods[M_MAIN_LIFE])
    return max(1, _STATS[f.card][0] + p.mods[M_CLAN_LIFE])


def attack_of(state: DuelState, seat: int, f: Fighter) -> int:
    """Returns a character's AN-W: how many attack dice it rolls (1 to MAX_DICE)."""
    p = state.players[seat]
    if f.uid == MAIN_UID:
        base = _STATS[f.card][1] + p.level - 1 + p.mods[M_MAIN_ATT]
    else:
        base = _STATS[f.card][1] + p.mods[M_CLAN_ATT]
    return min(MAX_DICE, max(1, base + f.temp_att))


def defence_of(state: DuelState, seat: int, f: Fighter) -> int:
    """Returns a character's VT-W: how many defence dice it rolls (1 to MAX_DICE)."""
    p = state.players[seat]
    if f.uid == MAIN_UID:
        base = _STATS[f.card][2] + p.level - 1 + p.mods[M_MAIN_DEF]
    else:
        base = _STATS[f.card][2] + p.mods[M_CLAN_DEF]
    return min(MAX_DICE, max(1, base + f.temp_def))


def numbers(state: DuelState, seat: int, f: Fighter) -> tuple[int, int, int, int]:
    """Returns (attack dice, defence dice, armour, life) at once (as the four functions above)."""
    return fresh_numbers(state.players[seat], f)


def fresh_numbers(p: PlayerState, f: Fighter) -> tuple[int, int, int, int]:
    """Returns ``numbers`` of a character of side ``p``, worked out from the card and bonuses."""
    mods = p.mods
    life, att, dfc = _STATS[f.card]
    if f.uid == MAIN_UID:
        up = p.level - 1
        life += p.life_bonus + mods[M_MAIN_LIFE]
        att += up + mods[M_MAIN_ATT]
        dfc += up + mods[M_MAIN_DEF]
        armour = mods[M_ARM_MAIN]
    else:
        life += mods[M_CLAN_LIFE]
        att += mods[M_CLAN_ATT]
        dfc += mods[M_CLAN_DEF]
        armour = mods[M_ARM_CLAN]
    att += f.temp_att
    dfc += f.temp_def
    return (MAX_DICE if att > MAX_DICE else 1 if att < 1 else att,
            MAX_DICE if dfc > MAX_DICE else 1 if dfc < 1 else dfc,
            armour if armour > 0 else 0, life if life > 1 else 1)


def refresh(state: DuelState) -> None:
    """Brings every character's cached ``Fighter.nums`` up to date (after any bonus change)."""
    for p in state.players:
        p.hero.nums = fresh_numbers(p, p.hero)
        for f in p.clan:
            f.nums = fresh_numbers(p, f)


def magic_of(state: DuelState, seat: int) -> int:
    """Returns the main character's MG-W: most pool dice for one magic roll (at least 1)."""
    p = state.players[seat]
    return max(1, cards().main[p.hero.card].magic + p.level - 1 + p.mods[M_MAGIC])


def courage_of(state: DuelState, seat: int) -> int:
    """Returns the main character's MUT, added to summoning and magic rolls (at least 0)."""
    p = state.players[seat]
    return max(0, cards().main[p.hero.card].courage + p.level - 1 + p.mods[M_COURAGE])


def armour_of(state: DuelState, seat: int, f: Fighter) -> int:
    """Returns how much fight damage a character ignores per fight."""
    p = state.players[seat]
    return max(0, p.mods[M_ARM_MAIN] if f.uid == MAIN_UID else p.mods[M_ARM_CLAN])


def _stat_terms(state: DuelState, seat: int, f: Fighter, stat: str) -> list[Term]:
    p = state.players[seat]
    attack = stat == "attack"
    if f.uid == MAIN_UID:
        card = cards().main[f.card]
        terms = [Term(msg("duel.term.card", card=dict(card.name)),
                      card.attack if attack else card.defence)]
        if p.level > 1:
            # seed 003: each level-up brings one more die in AN-W and VT-W
            terms.append(Term(msg("duel.term.level", level=p.level), p.level - 1))
        bonus = p.mods[M_MAIN_ATT] if attack else p.mods[M_MAIN_DEF]
    else:
        clan = cards().clan[f.card]
        terms = [Term(msg("duel.term.card", card=dict(clan.name)),
                      clan.attack if attack else clan.defence)]
        bonus = p.mods[M_CLAN_ATT] if attack else p.mods[M_CLAN_DEF]
    if bonus:
        terms.append(Term(msg("duel.term.lasting"), bonus))
    temp = f.temp_att if attack else f.temp_def
    if temp:
        terms.append(Term(msg("duel.term.this_turn"), temp))
    return terms


_BREAKDOWNS: dict[tuple[Any, ...], Breakdown] = {}


def stat_breakdown(state: DuelState, seat: int, f: Fighter, stat: str) -> Breakdown:
    """Returns how a character's attack or defence dice count is made up.

    A pure function of the card, level, lasting bonus and this turn's bonus, memoised because
    every fight builds two; the breakdown is shared by the events and never changed.
    """
    p = state.players[seat]
    attack = stat == "attack"
    if f.uid == MAIN_UID:
        key: tuple[Any, ...] = (f.card, True, attack, p.level,
                                p.mods[M_MAIN_ATT] if attack else p.mods[M_MAIN_DEF],
                                f.temp_att if attack else f.temp_def)
    else:
        key = (f.card, False, attack, 1, p.mods[M_CLAN_ATT] if attack else p.mods[M_CLAN_DEF],
               f.temp_att if attack else f.temp_def)
    hit = _BREAKDOWNS.get(key)
    if hit is None:
        if len(_BREAKDOWNS) > 1 << 14:
            _BREAKDOWNS.clear()
        hit = _BREAKDOWNS[key] = _stat_breakdown(state, seat, f, stat)
    return hit


def _stat_breakdown(state: DuelState, seat: int, f: Fighter, stat: str) -> Breakdown:
    terms = _stat_terms(state, seat, f, stat)
    raw = sum(t.value for t in terms)
    total = min(MAX_DICE, max(1, raw))
    if total != raw:
        terms.append(Term(msg("duel.term.dice_limit"), total - raw))
    return Breakdown(msg("duel.bd.attack_dice" if stat == "attack" else "duel.bd.defence_dice",
                         fighter=fighter_name(state, seat, f)), total, tuple(terms))


# Where a lasting bonus comes from, by the kind of card in play (catalog term keys).
_SOURCE_TERMS = {"equipment": "duel.term.from_equipment", "clan": "duel.term.from_clan",
                 "treasure": "duel.term.from_treasure", "land": "duel.term.from_land"}


def stat_sources(state: DuelState, seat: int, f: Fighter, stat: str) -> Breakdown:
    """Returns a character's attack or defence dice with every lasting bonus named by its card.

    The same total as ``stat_breakdown``; instead of one "lasting" term each card in play that
    moves the number (an own sword, the enemy's hex doll, a clan member, the land) is a term.
    """
    attack = stat == "attack"
    main = f.uid == MAIN_UID
    if main:
        slot = M_MAIN_ATT if attack else M_MAIN_DEF
    else:
        slot = M_CLAN_ATT if attack else M_CLAN_DEF
    c = cards()
    p = state.players[seat]
    base = _STATS[f.card][1 if attack else 2]
    terms = [Term(msg("duel.term.card", card=dict(c.names[f.card])), base)]
    if main and p.level > 1:
        # seed 003: each level-up brings one more die in AN-W and VT-W
        terms.append(Term(msg("duel.term.level", level=p.level), p.level - 1))
    held: list[tuple[int, str]] = []
    for owner, q in enumerate(state.players):
        held += [(owner, card) for _uid, card in q.equipment]
        held += [(owner, g.card) for g in q.clan]
        held += [(owner, card) for _o, card in q.inventory]
    if state.land is not None:
        held.append((state.land[0], state.land[1]))
    for owner, card in held:
        amount = sum(a for side, s, a in _DELTAS[card] if s == slot and owner ^ side == seat)
        if amount:
            terms.append(Term(msg(_SOURCE_TERMS[c.kind[card]], card=dict(c.names[card])),
                              amount))
    temp = f.temp_att if attack else f.temp_def
    if temp:
        terms.append(Term(msg("duel.term.this_turn"), temp))
    raw = sum(t.value for t in terms)
    total = min(MAX_DICE, max(1, raw))
    if total != raw:
        terms.append(Term(msg("duel.term.dice_limit"), total - raw))
    return Breakdown(msg("duel.bd.attack_dice" if attack else "duel.bd.defence_dice",
                         fighter=fighter_name(state, seat, f)), total, tuple(terms))


def fighter_name(state: DuelState, seat: int, f: Fighter) -> dict[str, Any]:
    """Returns the inline name of a character."""
    return dict(NAMES[f.card])


# --- lasting effects -------------------------------------------------------------------------

def _summed_mods(state: DuelState) -> tuple[list[int], list[int]]:
    """Returns both sides' lasting bonuses summed from equipment, clan, treasures and the
    land."""
    mods = ([0] * N_MODS, [0] * N_MODS)
    deltas = _DELTAS
    for seat, p in enumerate(state.players):
        for _uid, card in p.equipment:
            for side, slot, amount in deltas[card]:
                mods[seat ^ side][slot] += amount
        for f in p.clan:
            for side, slot, amount in deltas[f.card]:
                mods[seat ^ side][slot] += amount
        for _owner, card in p.inventory:
            for side, slot, amount in deltas[card]:
                mods[seat ^ side][slot] += amount
    if state.land is not None:
        owner, card = state.land
        for side, slot, amount in deltas[card]:
            mods[owner ^ side][slot] += amount
    return mods


def recompute_mods(state: DuelState) -> None:
    """Recomputes both sides' lasting bonuses from equipment, clan, treasures and the land."""
    RECOMPUTED[0] += 1
    mods = _summed_mods(state)
    state.players[0].mods = mods[0]
    state.players[1].mods = mods[1]
    refresh(state)


def update_mods(state: DuelState) -> None:
    """``recompute_mods`` after cards came into play or left it (and nothing else changed a
    character's numbers): refreshes ``Fighter.nums`` only on the sides whose bonuses changed.

    The characters' other inputs (card, level, life bonus, this turn's bonus) refresh their own
    numbers where they change; a character new in play gets its numbers from its caller.
    """
    RECOMPUTED[0] += 1
    old = [p.mods for p in state.players]
    mods = _summed_mods(state)
    for p, new, was in zip(state.players, mods, old, strict=True):
        if new != was:
            p.mods = new
            p.hero.nums = fresh_numbers(p, p.hero)
            for f in p.clan:
                f.nums = fresh_numbers(p, f)


# How many times the bonuses were summed afresh (``recompute_mods``, ``update_mods``): a card
# coming into play shifts the bonuses by its own only when no sum ran since it was placed (one
# that did counted the card already).
RECOMPUTED = [0]
_MAIN_SLOTS = frozenset({M_MAIN_ATT, M_MAIN_DEF, M_MAIN_LIFE, M_ARM_MAIN})
_CLAN_SLOTS = frozenset({M_CLAN_ATT, M_CLAN_DEF, M_CLAN_LIFE, M_ARM_CLAN})


def shift_mods(state: DuelState, seat: int, card: str, sign: int) -> None:
    """Adds (``sign`` 1) or takes away (-1) the lasting bonuses of one card of ``seat`` that came
    into play or left it, and refreshes the numbers they touch.

    The same as ``update_mods`` when the bonuses were the sum of the cards in play but this
    one: each side's bonuses are that sum (``_DELTAS``), kept in a new list (a state's lists
    are never changed in place, so a copy sharing one stays right).
    """
    players = state.players
    fresh: list[list[int] | None] = [None, None]
    heroes = [False, False]
    clans = [False, False]
    for side, slot, amount in _DELTAS[card]:
        s = seat ^ side
        mods = fresh[s]
        if mods is None:
            mods = fresh[s] = players[s].mods[:]
        mods[slot] += sign * amount
        if slot in _MAIN_SLOTS:
            heroes[s] = True
        elif slot in _CLAN_SLOTS:
            clans[s] = True
    for s in (0, 1):
        mods = fresh[s]
        if mods is None:
            continue
        p = players[s]
        p.mods = mods
        if heroes[s]:
            p.hero.nums = fresh_numbers(p, p.hero)
        if clans[s]:
            for f in p.clan:
                f.nums = fresh_numbers(p, f)


def placed(state: DuelState, seat: int, card: str, since: int) -> None:
    """Brings the bonuses up to date after ``card`` of ``seat`` came into play, when
    ``RECOMPUTED[0]`` was ``since`` as it was placed (its effects may have summed them)."""
    if RECOMPUTED[0] == since:
        shift_mods(state, seat, card, 1)
    else:
        update_mods(state)


class _Deltas(dict):  # type: ignore[type-arg]
    """Card id -> its lasting bonuses as (0 own / 1 enemy side, mods slot, amount) triples.

    Each card's lasting effects are run once through their registered handlers on a blank
    probe; a handler adds fixed amounts to fixed slots, so replaying the triples gives the
    same sums as running the handlers for every card in play on every recompute.
    """

    def __missing__(self, card: str) -> tuple[tuple[int, int, int], ...]:
        from engine.rules.duel.effects import STATS, EffectCtx, run

        specs = cards().lasting[card]
        probe = _Probe()
        for spec in specs:
            run(EffectCtx(probe, 0, card, STATS), spec)  # type: ignore[arg-type]
        out = tuple((side, slot, amount) for side in (0, 1)
                    for slot, amount in enumerate(probe.players[side].mods) if amount)
        self[card] = out
        return out


class _ProbeSide:
    __slots__ = ("mods",)

    def __init__(self) -> None:
        self.mods = [0] * N_MODS


class _Probe:
    """A stand-in state with only the two sides' bonus slots (see ``_Deltas``)."""

    __slots__ = ("players",)

    def __init__(self) -> None:
        self.players = [_ProbeSide(), _ProbeSide()]


_DELTAS: dict[str, tuple[tuple[int, int, int], ...]] = _Deltas()
DELTAS = _DELTAS  # card id -> its lasting bonuses (empty for most cards)

# Effects on playing a card that can neither add damage nor lower life points.
_HARMLESS = frozenset({"heal", "rally", "draw", "gain_dice", "gain_xp", "neutralise", "discard",
                       "revive"})


class _MayDefeat(dict):  # type: ignore[type-arg]
    """Card id -> (whether playing it can defeat a character, whether its leaving play can).

    Playing it can when an effect on playing may hurt (damage, or destroying equipment whose
    bonus held life points up) or a lasting bonus lowers life points; its leaving play can when
    a lasting bonus raised them. Otherwise ``check_defeats`` after it finds nobody (everybody
    was above zero before), and the rules skip it.
    """

    def __missing__(self, card: str) -> tuple[bool, bool]:
        life = (M_MAIN_LIFE, M_CLAN_LIFE)
        deltas = _DELTAS[card]
        entry = any(e.type not in _HARMLESS for e in cards().instant[card]) or any(
            slot in life and amount < 0 for _side, slot, amount in deltas)
        value = self[card] = (entry, any(slot in life and amount > 0
                                         for _side, slot, amount in deltas))
        return value


MAY_DEFEAT: dict[str, tuple[bool, bool]] = _MayDefeat()


# --- cards and damage ------------------------------------------------------------------------

def draw(state: DuelState, seat: int, n: int, events: list[Event]) -> None:
    """Draws n cards; an empty draw deck is refilled from the shuffled graveyard."""
    p = state.players[seat]
    drawn: list[str] = []
    for _ in range(n):
        if not p.deck:
            if not p.grave:
                break
            # seed 003, FRAGEN: "Die Karten aus dem Friedhof werden gemischt und wieder als
            # Draw-Deck abgelegt."
            p.deck = p.grave
            p.grave = []
            shuffle(state, p.deck)
            events.append(Event("duel.ev.reshuffle", {"seat": seat, "count": len(p.deck)}))
        drawn.append(p.deck.pop())
    if drawn:
        p.hand.extend(drawn)
        events.append(Event("duel.ev.draw", {"seat": seat, "count": len(drawn),
                                             "cards": drawn}, reveal=True, seat=seat))


def hurt(state: DuelState, seat: int, f: Fighter, amount: int, events: list[Event],
         breakdown: Breakdown | None = None) -> None:
    """Adds damage to a character (defeat is checked afterwards by ``check_defeats``)."""
    if amount <= 0:
        return
    f.damage += amount
    events.append(Event("duel.ev.damage", {
        "seat": seat, "uid": f.uid, "card": fighter_name(state, seat, f), "amount": amount,
        "damage": f.damage, "life": life_of(state, seat, f)},
        breakdowns=(breakdown,) if breakdown is not None else ()))


def heal(state: DuelState, seat: int, f: Fighter, amount: int, events: list[Event]) -> None:
    """Removes up to ``amount`` damage from a character."""
    healed = min(amount, f.damage)
    if healed > 0:
        f.damage -= healed
        events.append(Event("duel.ev.heal", {"seat": seat, "uid": f.uid, "amount": healed,
                                             "card": fighter_name(state, seat, f)}))


def gain_xp(state: DuelState, seat: int, amount: int, events: list[Event],
            reason: str = "duel.term.xp_defeat") -> None:
    """Adds XP to a main character and applies every level it reaches."""
    if amount <= 0:
        return
    p = state.players[seat]
    p.xp += amount
    events.append(Event("duel.ev.xp", {"seat": seat, "amount": amount, "xp": p.xp,
                                       "reason": {"key": reason, "params": {}}}))
    levels = cards().main[p.hero.card].levels
    while p.level - 1 < len(levels) and p.xp >= levels[p.level - 1]:
        # seed 003, FRAGEN: one die more in AN-W, VT-W and MG-W, MUT +1, LP + W6 + 1
        die = roll(state, 1)[0]
        p.level += 1
        p.life_bonus += die + 1
        p.hero.nums = fresh_numbers(p, p.hero)
        events.append(Event("duel.ev.level_up", {"seat": seat, "level": p.level,
                                                 "die": die, "life": die + 1},
                            breakdowns=(Breakdown(msg("duel.bd.level_life"), die + 1, (
                                Term(msg("duel.term.die"), die),
                                Term(msg("duel.term.plus_one"), 1))),)))


def grave_xp(state: DuelState, seat: int) -> int:
    """Returns the XP of the clan members lying in a player's graveyard."""
    clan = cards().clan
    return sum(clan[c].xp for c in state.players[seat].grave if c in clan)


def check_defeats(state: DuelState, events: list[Event], first_to_fall: int) -> None:
    """Sends defeated characters to the graveyard, pays XP and ends the game on a main's fall.

    seed 003, FRAGEN: a character whose damage reaches its LP is out; its XP goes to the
    opposing main character. Clan members fall first (their XP may raise a level and life);
    if both main characters fall at once, ``first_to_fall`` loses (docs/duel/rules.md).
    """
    if state.flow.phase in (OVER, BETWEEN):  # a finished game has nothing pending on top
        return
    for seat in (first_to_fall, 1 - first_to_fall):
        p = state.players[seat]
        # this runs after every change and almost always finds nobody: cached life first
        for f in p.clan:
            if f.damage >= f.nums[3]:
                break
        else:
            continue
        fallen: list[Fighter] = []
        alive: list[Fighter] = []
        for f in p.clan:
            (fallen if f.damage >= f.nums[3] else alive).append(f)
        p.clan = alive
        clan_defs = cards().clan
        for f in fallen:
            p.grave.append(f.card)
            events.append(Event("duel.ev.defeated", {"seat": seat, "uid": f.uid,
                                                     "card": fighter_name(state, seat, f)}))
            gain_xp(state, 1 - seat, clan_defs[f.card].xp, events)
        for f in fallen:
            if _DELTAS[f.card]:
                shift_mods(state, seat, f.card, -1)  # a fallen clan member's lasting bonus ends
    for seat in (first_to_fall, 1 - first_to_fall):
        hero = state.players[seat].hero
        if hero.damage >= hero.nums[3]:
            end_game(state, 1 - seat, "duel.end.main_defeated", events)
            return


def end_game(state: DuelState, winner: int, reason: str, events: list[Event]) -> None:
    """Ends the current game: flight XP, the winner's share, day score and what comes next."""
    loser = 1 - winner
    lp = state.players[loser]
    state.fight = None
    state.cast = None
    # seed 003, FRAGEN: the loser flees with 100 XP per level; the winner gets half the XP
    # lying in the loser's graveyard.
    flee = FLEE_XP_PER_LEVEL * lp.level
    share = grave_xp(state, loser) // 2
    events.append(Event("duel.ev.game_over", {"winner": winner, "reason": {"key": reason,
                                                                           "params": {}},
                                              "game": state.game_no}))
    gain_xp(state, loser, flee, events, "duel.term.xp_flee")
    gain_xp(state, winner, share, events, "duel.term.xp_grave")
    state.winner = winner
    state.end_reason = reason
    state.players[winner].wins += 1
    state.flow.clear()  # whatever was pending ends with the game
    if state.day and state.players[winner].wins < 2:
        state.flow.phase = BETWEEN
        return
    state.flow.phase = OVER
    if state.day:
        state.day_winner = winner
        # seed 003, "Inventar": emptied at the end of the day; treasures go home
        for p in state.players:
            for owner, card in p.inventory:
                state.players[owner].treasures.append(card)
            p.inventory = []
        recompute_mods(state)
        events.append(Event("duel.ev.day_over", {"winner": winner,
                                                 "wins": [q.wins for q in state.players]}))
