"""The coop_campaign heuristic hero bot.

It reads only open information (everything but the order of draw piles) and scores each legal
action with cheap estimates: the exact expected damage of an attack per target zone (preview
numbers) with a bonus for knocking out a skull zone of a dangerous enemy or of an enemy about to
plunder, mana spent against mana left for the round, the core the tile leaves behind (cycling
the core toward elements the enemies on the tile are weak to), armour and healing when the hero
is threatened, jumping toward enemies when the hero has nothing to hit. For the party's choices
it protects weak heroes: the attack goes to the wolf or to the sturdiest hero. On a boss tile the
boss is the goal (the tile is won when it falls and lost when it outlives the tracker): damage
on its zones toward its skull counts more as the rounds run out, a chance to defeat it
outweighs everything, its star zone is left alone, and melee heroes go where it stands.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.ai.base import Bot, register_bot, register_evaluator
from engine.core.actions import Action
from engine.rules.coop_campaign import boss as B
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.preview import attack_value_numbers
from engine.rules.coop_campaign.state import (
    CHOOSE,
    DEFEND,
    DROP,
    OFFER,
    REROLL,
    TAKE,
    MissionState,
)

GAME = "coop_campaign"
MANA_WEIGHT = 0.45  # worth of one mana cube kept (a cube buys about half a damage)
END_MARGIN = 0.05
BOSS_WIN = 60.0  # worth of a sure defeat of the boss: the tile is won
BOSS_DAMAGE = (1.5, 1.5)  # worth of a point of damage on the boss's way to its skull: at the
# first round, and added by the last (the tracker running out loses the tile)


def _threat(st: MissionState, e: Any, memo: dict[Any, Any] | None = None) -> float:
    """Returns how much an enemy hurts per round (attack, twice with Twinstrike)."""
    if memo is not None:
        key = ("threat", e.uid)
        if key not in memo:
            memo[key] = _threat(st, e)
        return float(memo[key])
    strength = sum(v for _, v in T.attack_terms(st, e))
    kws = T.keywords(st, e)
    return strength * (2 if "twinstrike" in kws else 1) * (1.3 if "aoe" in kws else 1.0)


def _danger(st: MissionState, area: str, memo: dict[Any, Any] | None = None) -> float:
    """Returns the enemy attack strength that can reach a hero in an area next enemy turn."""
    if memo is not None:
        key = ("danger", area)
        if key not in memo:
            memo[key] = _danger_sum(st, area, memo)
        return float(memo[key])
    return _danger_sum(st, area, {})


def _danger_sum(st: MissionState, area: str, memo: dict[Any, Any]) -> float:
    total = 0.0
    for e in st.living():
        far = memo.get(("far", e.uid))
        if far is None:
            kws = T.keywords(st, e)
            far = memo[("far", e.uid)] = "range" in kws or "hunter" in kws
        if e.area == area or far:
            total += _threat(st, e, memo) * (1.0 if e.area == area else 0.4)
    return total


def attack_value(st: MissionState, i: int, weapon: str, targets: Any, kw: dict[str, Any],
                 atype: str, core: str | None, tile: str,
                 memo: dict[Any, Any] | None = None) -> float:
    """Returns the expected worth of an attack: damage, plus kills weighted by threat."""
    value = 0.0
    for uid, z in targets:
        e = st.enemy(uid)
        expected, rerolls, ko, out_of = attack_value_numbers(st, i, weapon, kw, atype, core,
                                                             uid, z, tile, len(targets))
        zone = T.edef(e).zones[z]
        p_ko = ko / out_of
        if B.is_boss(st, e):
            value += boss_value(st, zone, expected, p_ko) + rerolls * 0.15
            continue
        value += expected * 0.6 + rerolls * 0.15
        if zone.final == "skull":
            flags = flag_stake(st, e.area)
            value += p_ko * (1.5 + _threat(st, e, memo) + flags)
        elif zone.final == "star":
            value -= p_ko * 0.5  # knocking the star out makes it stronger
        elif zone.armoured:
            value += p_ko * 1.0  # opens the other zones
    return value


def boss_value(st: MissionState, zone: Any, expected: float, p_ko: float) -> float:
    """Returns the worth of an attack on a zone of the boss: its skull zone (a knockout wins
    the tile) and an armoured zone (which opens the others) are the way there, a star zone only
    makes the boss stronger, any other zone (the phylactery) is worth what it takes away."""
    if zone.final == "star":
        return -p_ko * 2.0
    rounds = len(C.tile(st.tile).tracker)
    weight = BOSS_DAMAGE[0] + BOSS_DAMAGE[1] * st.round / rounds
    if zone.final == "skull":
        return expected * weight + p_ko * BOSS_WIN
    if zone.armoured:
        return expected * weight + p_ko * 1.5
    return expected * 0.6 + p_ko * 2.0


def flag_stake(st: MissionState, area: str) -> float:
    """Returns what stopping a plunderer in an area is worth: nothing without a free flag,
    more as the flags fill, most when the last flag loses the mission."""
    if not E.free_flag(st, area):
        return 0.0
    flags = C.area(st.tile, area).flags
    assert flags is not None
    fill = (st.flags.get(area, 0) + 1) / flags.count
    types = {e.type for e in flags.effects}
    if "game_over" in types:
        return 1.5 + 4.0 * fill
    if "spawn" in types:
        return 1.5 + 1.5 * fill
    return 1.5


def shot_value(st: MissionState, uid: int, z: int, amount: int,
               memo: dict[Any, Any] | None = None) -> float:
    """Returns the worth of a fixed-damage shot at a zone, weighed like an attack: the damage,
    and a kill by threat (a star zone knocked out makes the enemy stronger)."""
    e = st.enemy(uid)
    zone = T.edef(e).zones[z]
    left = zone.boxes - e.damage[z]
    value = min(amount, left) * 0.6
    if amount >= left:
        if zone.final == "skull":
            value += 1.5 + _threat(st, e, memo) + flag_stake(st, e.area)
        elif zone.final == "star":
            value -= 0.5
    return value


@lru_cache(maxsize=4096)
def _weak_to(card: str, damage: tuple[int, ...], element: str) -> bool:
    """Returns whether an enemy card with this damage has a zone an attack with this core may
    name and that the core empowers (the zone's element, not frameless)."""
    d = T.card_enemy(card)
    zones = d.zones
    for z in T.zones_open(d, damage, element):
        if zones[z].element == element and zones[z].style != "frameless":
            return True
    return False


class CoopBot(Bot):
    """A heuristic hero bot for every seat of a mission."""

    bot_id = "heuristic"

    def __init__(self, difficulty: str = "normal", seed: int = 0) -> None:
        super().__init__(difficulty, seed)
        self._memo: dict[Any, Any] = {}

    def choose(self, rules: Any, state: MissionState, seat: int) -> Action:
        """Returns the best-scored legal action."""
        legal = self._legal_for(rules, state, seat)
        if len(legal) == 1:
            return legal[0]
        if state.stage == "camp":
            return camp_choice(state, legal)
        top = state.flow.top
        if top is not None:
            return self.decide(state, top, legal)
        self._memo = {}  # numbers shared by the candidates of one decision
        scores = [self.score(state, a) for a in legal]
        return legal[max(range(len(legal)), key=lambda k: (scores[k], -k))]

    # --- decisions ----------------------------------------------------------------------------
    def decide(self, st: MissionState, top: Any, legal: list[Action]) -> Action:
        """Answers a pending decision."""
        kind = top.kind
        if kind == REROLL:
            return self._reroll(st, legal)
        if kind == DEFEND:
            s = st.strike or {}
            roll = s.get("roll")
            if roll is not None:
                hits = len(roll[1]) - sum(roll[1])
                quick = [a for a in legal if a.kind == "quick"]
                h = st.heroes[top.data[0]]
                if quick and (hits >= 2 or hits >= h.hp):
                    return quick[0]
            return next(a for a in legal if a.kind == "keep")
        if kind == TAKE:
            return max(legal, key=lambda a: self._sturdiness(st, a["who"]))
        if kind == DROP:
            i = top.data[0]
            return min(legal, key=lambda a: self._item_worth(st, i, a["item"]))
        if kind == OFFER:
            j = top.data[0]
            h = st.heroes[j]
            return legal[0] if len(h.items) < T.carry(h) else legal[-1]
        if kind == CHOOSE:
            if len(top.data) > 1:  # a tile event's shot: the zone worth the most
                amount = int(E.tile_effect(st, list(top.data[0])).params["amount"])
                targets = top.data[1]

                def worth(a: Action) -> tuple[float, int]:
                    uid, z = targets[a["option"]]
                    return shot_value(st, uid, z, amount), -a["option"]

                return max(legal, key=worth)
            return legal[0]
        return legal[0]

    def _sturdiness(self, st: MissionState, who: int) -> float:
        if who >= E.WOLF:
            return 3.0 + st.heroes[who - E.WOLF].wolf_hp
        h = st.heroes[who]
        return h.hp + 1.5 * h.armor

    def _item_worth(self, st: MissionState, i: int, card: str) -> float:
        d = C.card_item(card)
        if d.weapon is not None:
            weapons = T.weapons(st.heroes[i])
            return d.weapon.dice * 3 + (5 if len(weapons) <= 1 else 0)
        if d.category == "permanent":
            return 5
        return 3 if d.category == "active" else 2

    def _reroll(self, st: MissionState, legal: list[Action]) -> Action:
        a = st.attack
        rerolls = [x for x in legal if x.kind == "reroll"]
        if a is None or not rerolls:
            return next(x for x in legal if x.kind == "keep")
        emp = False
        for uid, z in a["targets"]:
            e = st.enemies.get(str(uid))
            if e is not None and E.empowered_against(a, T.edef(e).zones[z]):
                emp = True

        def worth(face: str) -> float:
            v = float(face.count("S"))
            if emp:
                v += face.count("C")
            if face == "L" and a["lightning"] == "sword":
                v += 1
            if face == "L" and a["lightning"] == "comet" and emp:
                v += 1
            return v

        mean = sum(worth(f) for f in T.ATTACK_FACES) / 6
        k = min(range(len(a["faces"])), key=lambda d: worth(a["faces"][d]))
        if worth(a["faces"][k]) < mean:
            return Action("reroll", (("die", k),))
        return next(x for x in legal if x.kind == "keep")

    # --- the active hero ------------------------------------------------------------------------
    def score(self, st: MissionState, action: Action) -> float:
        """Returns the estimated worth of a hero-phase action."""
        kind = action.kind
        if kind == "end":
            return END_MARGIN
        h = st.heroes[st.active]
        ident = action["tile"] if kind == "play" else (
            action["action"] if kind == "standard" else action["item"])
        memo = self._memo
        # the candidates of one decision share their tile's cost, core and effects, and many
        # share single choices (a jump before different targets): both are worked out once
        head = memo.get((kind, ident))
        if head is None:
            head = memo[(kind, ident)] = self._head(st, kind, ident)
        value, cost, effects, atype, core, tile = head
        area = h.area
        picks = action["picks"]
        for k, spec in enumerate(effects):
            pick = picks[k]
            key = (kind, ident, k, pick, area)
            v = memo.get(key)
            if v is None:
                v = memo[key] = self._effect_value(st, st.active, spec, pick, atype, core,
                                                   tile, area)
            value += v
            if spec.type == "jump" and pick is not None:
                area = pick
        return value - cost * MANA_WEIGHT

    def _head(self, st: MissionState, kind: str, ident: str) -> tuple[Any, ...]:
        """Returns (starting value, cost, effects, type, core, tile) of a hero-phase action."""
        h = st.heroes[st.active]
        if kind == "play":
            s = T.side(h, ident)
            base, mod = T.tile_cost(h, h.river.index(ident))
            value = self._core_value(st, s.element) - self._core_value(st, T.core(h)) * 0.5
            return value, base + mod, s.effects, s.type, T.core(h), ident
        if kind == "standard":
            sd = T.standard_def(st, h, ident)
            return 0.0, T.standard_cost(h, sd.id, st.tile), sd.effects, "ability", T.core(h), ""
        d = C.card_item(ident)
        return -0.6, 0, d.use, "ability", None, ""  # -0.6: items are kept for a need

    def _core_value(self, st: MissionState, element: str) -> float:
        """Returns how useful a core element is against the enemies on the tile."""
        key = ("core", element)
        if key not in self._memo:
            self._memo[key] = self._core_count(st, element)
        return float(self._memo[key])

    def _core_count(self, st: MissionState, element: str) -> float:
        n = 0
        for e in st.living():
            if _weak_to(e.card, tuple(e.damage), element):
                n += 1
        return min(1.0, 0.25 * n)

    def _effect_value(self, st: MissionState, i: int, spec: Any, pick: Any, atype: str,
                      core: str | None, tile: str, area: str) -> float:
        h = st.heroes[i]
        t = spec.type
        p = spec.params
        if t in ("attack", "basic_attack"):
            if pick is None:
                return -0.5
            weapon, targets = pick
            kw = dict(p)
            kw["basic"] = t == "basic_attack"
            key = ("attack", weapon, targets, tuple(sorted(kw.items())), atype, core, tile)
            if key not in self._memo:
                self._memo[key] = attack_value(st, i, weapon, targets, kw,
                                               "melee" if kw["basic"] else atype,
                                               None if kw["basic"] else core, tile,
                                               self._memo)
            return float(self._memo[key])
        if t == "jump":
            if pick is None:
                return 0.0
            here = len(st.columns[h.area])
            there = len(st.columns[pick])
            melee = any(T.side(h, a).type == "melee" for a in h.river[:4])
            v = 0.0
            if melee and here == 0 and there:
                v += 0.9
            boss = B.boss_enemy(st)
            if melee and boss is not None:  # the boss is the goal: stand where it stands
                v += 0.8 if boss.area == pick else (-0.4 if boss.area == h.area else 0.0)
            if h.hp <= 2 and _danger(st, pick, self._memo) < _danger(st, h.area, self._memo):
                v += 1.0
            if E.free_flag(st, pick) and there:
                v += 0.4 + (flag_stake(st, pick) - 1.5) * 0.5
            for sd in C.area(st.tile, pick).actions:
                # an area's action (the ballista) with something to hit is worth going to
                if any(e.type == "zone_damage" and T.shot_zones(
                        st, str(e.params.get("area", "any")), pick) for e in sd.effects):
                    v += 0.8
            return v - 0.3
        if t == "armor":
            room = T.armor_cap(h) - h.armor
            danger = _danger(st, area, self._memo)
            return min(room, int(p.get("amount", 1))) * (0.9 if danger > 0 else 0.1)
        if t == "heal":
            return min(int(p.get("amount", 1)), T.hp_max(h) - h.hp) * 0.9
        if t == "recover":
            return min(int(p.get("amount", 1)), T.mana_max(h) - h.mana) * 0.4
        if t == "stun":
            return sum(_threat(st, st.enemy(u), self._memo) * 0.45 for u in pick or ())
        if t == "taunt":
            return (0.4 if h.hp >= 4 else -0.4) * len(pick or ())
        if t == "wolf_attack":
            return 0.9 if pick is not None else 0.0
        if t == "wolf_heal":
            return 0.6 if h.wolf_area is None or h.wolf_hp < T.wolf_max(h) else 0.0
        if t == "vanish":
            return 0.5 if _danger(st, area, self._memo) > 0 else 0.0
        if t == "advance_track":
            return 0.1
        if t == "poison":
            return 0.6 if pick is not None else 0.0
        if t == "level_up":
            return 3.0
        if t == "zone_damage":
            if pick is None:
                return -0.5
            return shot_value(st, pick[0], pick[1], int(p["amount"]), self._memo)
        if t == "restore_all":
            return (T.hp_max(h) - h.hp) * 0.9 + (T.mana_max(h) - h.mana) * 0.4 - 2
        return 0.0


# --- the camp of a campaign mission ---------------------------------------------------------------
def item_worth(st: MissionState, i: int, card: str) -> float:
    """Returns how much hero i gains from carrying an item: a level-up scroll most, then a
    weapon better than its own, lasting items, once-per-tile items, one-use items."""
    d = C.card_item(card)
    if any(e.type == "level_up" for e in d.use):
        return 10.0
    if d.weapon is not None:
        best = max((T.weapon_def(w).dice for w in T.weapons(st.heroes[i])
                    if w not in (card, "unarmed")), default=0)
        return 4.0 + 3.0 * max(0, d.weapon.dice - best) + (4.0 if best == 0 else 0.0)
    return {"permanent": 6.0, "active": 5.0}.get(d.category, 3.0)


_FLIP_ORDER = {"melee": 2, "ranged": 2, "ability": 1}


def camp_choice(st: MissionState, legal: list[Action]) -> Action:
    """Returns the camp's choice of the bot: the best ware, the route a ticked box opened, every
    scroll read (the ultimate first, then attacks), items passed on from a hero over capacity
    to one with room (else the least worth left behind), then setting out."""
    kinds: dict[str, list[Action]] = {}
    for a in legal:
        kinds.setdefault(a.kind, []).append(a)
    camp = st.camp
    assert camp is not None
    if "buy" in kinds:
        buyer = camp["market"]["queue"][0]
        return max(kinds["buy"], key=lambda a: item_worth(st, buyer, a["item"]))
    if "route" in kinds and not camp["station"]:
        from engine.rules.coop_campaign import campaign

        return max(kinds["route"],
                   key=lambda a: campaign.station(a["station"]).requires is not None)
    if "scroll" in kinds:
        def flip_worth(a: Action) -> tuple[int, int]:
            tile = C.action(a["tile"])
            return (3 if tile.ultimate else _FLIP_ORDER[tile.base.type], -legal.index(a))
        return max(kinds["scroll"], key=flip_worth)
    over = [i for i, h in enumerate(st.heroes) if len(h.items) > T.carry(h)]
    if over:
        i = over[0]
        h = st.heroes[i]
        card = min(h.items, key=lambda c: (item_worth(st, i, c), c))
        room = [j for j, x in enumerate(st.heroes) if j != i and len(x.items) < T.carry(x)]
        if room:
            j = max(room, key=lambda j: (item_worth(st, j, card), -j))
            return Action("give", (("item", card), ("to", j)))
        return Action("discard", (("item", card),))
    return kinds["set_out"][0] if "set_out" in kinds else legal[0]


def evaluate(rules: Any, state: MissionState) -> list[float]:
    """Scores a mission for MCTS: the party's health and the rounds survived (on a boss tile
    the damage dealt to the boss)."""
    if state.result is not None:
        v = 1.0 if state.result == "won" else 0.0
        return [v] * state.players
    if state.stage == "camp":
        return [0.5] * state.players
    tile = C.tile(state.tile)
    health = sum(h.hp / max(1, T.hp_max(h)) for h in state.heroes) / len(state.heroes)
    progress = state.round / len(tile.tracker)
    boss = B.boss_enemy(state)
    if boss is not None:  # a boss tile is won by the boss's fall, not by the rounds
        zones = T.edef(boss).zones
        progress = sum(boss.damage) / max(1, sum(z.boxes for z in zones))
    v = 0.15 + 0.5 * health * (0.5 + 0.5 * progress) + 0.2 * progress
    return [min(0.95, v)] * state.players


def _factory(difficulty: str = "normal", seed: int = 0, **_: Any) -> CoopBot:
    return CoopBot(difficulty=difficulty, seed=seed)


register_bot("heuristic", _factory, game=GAME)
register_evaluator(GAME, evaluate)


from engine.rules.coop_campaign import search as _search  # noqa: E402,F401 - registers the hard bot
