"""How a mission runs: the round (tracker, spawns, events), hero actions A–E with their effects,
attacks against hit zones, the enemy turn with its priorities, tile effects and loot.

``pump`` moves the mission on until a player must act: the active hero (phase ``heroes``) or a
pending decision. Every resumable step keeps its progress in the state (``resolving``,
``attack``, ``strike``, ``tfx``, ``offer``), so a decision can interrupt anything and the state
stays plain data. Seed passages are cited as "seed 001, <section>"; decisions the seed leaves
open follow the spec's resolutions (spec §13) and are listed in docs/coop_campaign/rules.md.
"""

from __future__ import annotations

from typing import Any

from engine.content.effects import REGISTRY
from engine.content.schema import EffectSpec
from engine.core.actions import Breakdown, Event, Message, Term
from engine.core.decisions import Decision
from engine.core.dice import roll_faces
from engine.rules.coop_campaign import boss as B
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.defs import GAME
from engine.rules.coop_campaign.effects import QUICK_ATTACK, QUICK_DEFENCE
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
    EnemyState,
    HeroState,
    MissionState,
)

WOLF = 10  # a "who" of 10 + i names the wolf of hero i (in TAKE decisions)
STAND_UP_HEAL = 2  # spec §9: a knocked-out hero stands up with Heal 2


# --- randomness (rigged results first: scenario tests) ------------------------------------------
def _rigged(st: MissionState, kind: str) -> Any:
    queue = st.rig.get(kind)
    if queue:
        return queue.pop(0)
    return None


def roll_attack(st: MissionState, n: int) -> list[str]:
    """Returns n attack dice faces."""
    out = []
    for _ in range(n):
        face = _rigged(st, "attack")
        out.append(face if face is not None else roll_faces(st.rng, T.ATTACK_FACES))
    return out


def roll_defence(st: MissionState, n: int) -> list[bool]:
    """Returns n defence dice: True for a shield (2 of 6 faces)."""
    out = []
    for _ in range(n):
        face = _rigged(st, "defence")
        out.append(bool(face) if face is not None else st.rng.below(6) < T.DEFENCE_SHIELDS)
    return out


def flip_coin(st: MissionState) -> bool:
    """Returns the direction coin: True = clockwise."""
    face = _rigged(st, "coin")
    return bool(face) if face is not None else st.rng.below(2) == 0


# --- the pump ---------------------------------------------------------------------------------
def pump(rules: Any, st: MissionState, ev: list[Event]) -> None:
    """Moves the mission on until a hero must act, a decision is pending, or it is over."""
    while st.result is None:
        if st.flow.stack:
            return
        if st.tfx:
            run_tile_effects(rules, st, ev)
            continue
        if st.strike is not None:
            run_strike(rules, st, ev)
            continue
        if st.resolving is not None:
            resume_action(rules, st, ev)
            continue
        stage = st.stage
        if stage == "start":
            start_round(st, ev)
        elif stage == "heroes":
            if st.active >= 0:
                st.flow.phase = HEROES
                return
            st.flow.phase = AUTO
            if st.order:
                begin_activation(st, st.order.pop(0), ev)
            else:
                st.stage = "enemies"
                for e in st.living():
                    e.activated = False
                ev.append(Event("coop.ev.enemy_turn", {"round": st.round}))
        elif stage == "enemies":
            nxt = next_enemy(st)
            if nxt is None:
                end_round(st, ev)
            else:
                nxt.activated = True
                st.strike = {"uid": nxt.uid, "left": 1, "stage": "begin", "first": True}
        elif stage == "victory":
            B.victory(st, ev)
        elif stage == "rewards":
            refresh_items(st, ev)
            st.result = "won"
            st.reason = "survived" if st.boss is None else "boss_defeated"
    finish_if_over(st, ev)


def begin_tile(st: MissionState, ev: list[Event]) -> None:
    """What happens as a tile starts, before its first round: items that start each tile
    with armour put it on the tableau (spec §14.5, the Scale Vest)."""
    for i, h in enumerate(st.heroes):
        extra = 0
        for card in h.items:
            passive = C.card_item(card).passive
            if passive is not None:
                extra += passive.tile_armor
        gain = max(0, min(extra, T.armor_cap(h) - h.armor))
        if gain:
            h.armor += gain
            ev.append(Event("coop.ev.armor", {"hero": i, "hid": h.hid, "amount": gain}))
    B.setup(st, ev)


def refresh_items(st: MissionState, ev: list[Event]) -> None:
    """Turns every used active item back once the tile is completed (seed 001, 5.1: "Sobald
    ein Tile geschafft ist, werden alle Active Items wieder in ihre Ausgangslage gedreht")."""
    for i, h in enumerate(st.heroes):
        if h.exhausted:
            ev.append(Event("coop.ev.refresh", {"hero": i, "hid": h.hid,
                                                "items": list(h.exhausted)}))
            h.exhausted = []


def finish_if_over(st: MissionState, ev: list[Event]) -> None:
    """Ends the mission once it is won or lost."""
    if st.result is not None and st.flow.phase != OVER:
        st.flow.clear()
        st.flow.phase = OVER
        st.active = -1
        ev.append(Event(f"coop.ev.{st.result}", {"reason": st.reason}))


# --- the round (seed 001, 3.1–3.3) ---------------------------------------------------------------
def start_round(st: MissionState, ev: list[Event]) -> None:
    """Moves the round marker, spawns for its dots, queues its coloured crosses; then the player
    turn begins: mana regeneration and the start-player token."""
    tile = C.tile(st.tile)
    st.round += 1
    field = tile.tracker[st.round - 1]
    final = st.round == len(tile.tracker)
    ev.append(Event("coop.ev.round", {"round": st.round, "final": final,
                                      "colour": field.colour}))
    n = T.hero_count(st)
    for dot in field.dots:
        if dot.min <= n:  # seed 001, 3.1.1: 3+ dots need three heroes, 4 dots four
            spawn(st, dot.rank, dot.dir, ev)
    if field.colour != "none":
        for d in _ring_from(tile.start):
            for ai, area in enumerate(tile.areas):
                if area.dir != d:
                    continue
                for ci, cross in enumerate(area.crosses):
                    if cross.colour == field.colour:
                        ev.append(Event("coop.ev.cross", {"area": d, "colour": cross.colour,
                                                          "text": dict(cross.text)}))
                        st.tfx += [["areas", ai, "crosses", ci, "effects", k]
                                   for k in range(len(cross.effects))]
    # an area's own round-start rule (the chapel's priest heals), after spawns and crosses
    for d in _ring_from(tile.start):
        for ai, area in enumerate(tile.areas):
            if area.dir == d and area.round_start:
                st.tfx += [["areas", ai, "round_start", k]
                           for k in range(len(area.round_start))]
    for path in st.ongoing:  # effects a tile put in force "from now on, every round"
        st.tfx += [[*path, "effects", k]
                   for k in range(len(tile_effect(st, path).params["effects"]))]
    # seed 001, 3.2.1–3.2.2: every hero regenerates, the token passes clockwise
    for i, h in enumerate(st.heroes):
        if h.dead:
            continue
        gain = min(T.regen(h), T.mana_max(h) - h.mana)
        h.mana += gain
        if gain:
            ev.append(Event("coop.ev.regen", {"hero": i, "hid": h.hid, "amount": gain}))
    if st.round > 1:
        st.token = (st.token + 1) % len(st.heroes)
    st.order = [(st.token + k) % len(st.heroes) for k in range(len(st.heroes))]
    ev.append(Event("coop.ev.token", {"hero": st.token, "hid": st.heroes[st.token].hid}))
    st.stage = "heroes"


def _ring_from(start: str) -> list[str]:
    i = T.RING.index(start)
    return [T.RING[(i + k) % 4] for k in range(4)]


def end_round(st: MissionState, ev: list[Event]) -> None:
    """Ends the round; after the last tracker field the mission is survived (seed 001, 4)."""
    tile = C.tile(st.tile)
    st.turn += 1
    if B.end_round(st, ev):
        return
    if st.round >= len(tile.tracker):
        st.stage = "rewards"
        ev.append(Event("coop.ev.survived", {"round": st.round}))
        st.tfx += [["rewards", k] for k in range(len(tile.rewards))]
    else:
        st.stage = "start"


def spawn(st: MissionState, rank: str, area: str, ev: list[Event]) -> EnemyState | None:
    """Draws from the minion or elite deck until a card's type symbol matches the area, puts it
    at the bottom of the area's column; non-matching cards go face up to the discard."""
    deck = st.decks[rank]
    types = next(a.types for a in C.tile(st.tile).areas if a.dir == area)
    # spec AMB-43: draw through the deck and its reshuffled discard at most twice, then skip
    limit = 2 * len(deck) + 1
    for _ in range(limit):
        card, _ = deck.draw_one(st.rng)
        if card is None:
            break
        d = C.enemy(C.card_def(card))
        if not types or set(d.types) & set(types):
            return place_enemy(st, card, area, ev)
        deck.discard([card])
        ev.append(Event("coop.ev.spawn_skip", {"card": card, "area": area}, reveal=True))
    ev.append(Event("coop.ev.spawn_none", {"area": area, "rank": rank}))
    return None


def place_enemy(st: MissionState, card: str, area: str, ev: list[Event],
                below: int | None = None) -> EnemyState:
    """Puts an enemy card on the tile: at the bottom of the column, or right below ``below``."""
    uid = st.next_uid
    st.next_uid += 1
    e = EnemyState(uid, card, area, len(C.enemy(C.card_def(card)).zones))
    st.enemies[str(uid)] = e
    col = st.columns[area]
    if below is not None and below in col:
        col.insert(col.index(below) + 1, uid)
    else:
        col.append(uid)
    ev.append(Event("coop.ev.spawn", {"uid": uid, "card": card, "area": area}, reveal=True))
    return e


def remove_enemy(st: MissionState, e: EnemyState) -> None:
    """Takes a defeated enemy off the tile; its card goes to its deck's discard pile."""
    st.columns[e.area].remove(e.uid)
    del st.enemies[str(e.uid)]
    rank = C.enemy(C.card_def(e.card)).rank
    if rank in st.decks:  # a boss's stat card belongs to no deck: it leaves the tile
        st.decks[rank].discard([e.card])


def move_enemy(st: MissionState, e: EnemyState, area: str) -> None:
    """Moves an enemy card to the bottom of another area's column."""
    st.columns[e.area].remove(e.uid)
    e.area = area
    st.columns[area].append(e.uid)


def begin_activation(st: MissionState, i: int, ev: list[Event]) -> None:
    """Starts hero i's activation (a knocked-out hero only stands up: spec §9)."""
    h = st.heroes[i]
    if h.dead:
        return
    h.vanished = False  # Vanish lasts until the hero's next activation
    if h.ko:
        h.ko = False
        healed = min(STAND_UP_HEAL, T.hp_max(h) - h.hp)
        h.hp += healed
        ev.append(Event("coop.ev.stand_up", {"hero": i, "hid": h.hid, "amount": healed}))
        return
    st.active = i
    ev.append(Event("coop.ev.activate", {"hero": i, "hid": h.hid}))


def next_enemy(st: MissionState) -> EnemyState | None:
    """Returns the next enemy to activate: from the start area top to bottom, then clockwise
    (seed 001, 3.3; spec AMB-22: a card moved into a later area still activates there)."""
    for d in _ring_from(C.tile(st.tile).start):
        for uid in st.columns[d]:
            e = st.enemy(uid)
            if not e.activated:
                return e
    return None


# --- hero actions (seed 001, 3.2.2 steps A–E) ----------------------------------------------------
def effects_of(st: MissionState, r: dict[str, Any]) -> tuple[Any, ...]:
    """Returns the effect records of the action under resolution."""
    h = st.heroes[r["hero"]]
    if r["source"] == "tile":
        return T.side(h, r["id"]).effects
    if r["source"] == "standard":
        return T.standard_def(st, h, r["id"]).effects
    return C.card_item(r["id"]).use


def start_action(rules: Any, st: MissionState, source: str, ident: str, picks: Any,
                 ev: list[Event]) -> None:
    """Steps A and B: pays the mana, locks the core, takes the tile out of the river."""
    i = st.active
    h = st.heroes[i]
    r: dict[str, Any] = {"hero": i, "source": source, "id": ident, "picks": list(picks),
                         "idx": 0, "core": None, "type": "ability", "slot": -1}
    if source == "tile":
        slot = h.river.index(ident)
        base, mod = T.tile_cost(h, slot)
        cost = base + mod
        r["core"] = T.core(h)  # spec AMB-08: read once, at step A
        r["type"] = T.side(h, ident).type
        r["slot"] = slot
        h.mana -= cost
        h.river.pop(slot)
        ev.append(Event("coop.ev.play", {"hero": i, "hid": h.hid, "tile": ident,
                                         "side": "upgraded" if ident in h.flipped else "base",
                                         "cost": cost, "core": r["core"]},
                        (Breakdown(Message("coop.bd.cost"), cost,
                                   (Term(Message("coop.bd.slot", {"slot": slot + 1}), base),
                                    Term(Message("coop.bd.ultimate"), mod))),)))
    elif source == "standard":
        cost = T.standard_cost(h, ident, st.tile)
        h.mana -= cost
        r["core"] = T.core(h)
        ev.append(Event("coop.ev.standard", {"hero": i, "hid": h.hid, "action": ident,
                                             "cost": cost}))
    else:
        ev.append(Event("coop.ev.use_item", {"hero": i, "hid": h.hid, "item": ident}))
        _spend_item(st, h, ident)
    st.resolving = r


def _spend_item(st: MissionState, h: HeroState, card: str) -> None:
    d = C.card_item(card)
    if d.category == "active":
        h.exhausted.append(card)
    elif d.category == "usable":
        h.items.remove(card)
        if is_deck_card(card) and d.deck in st.loot:
            st.loot[d.deck].discard([card])


def is_deck_card(card: str) -> bool:
    """Returns True for a card of a loot deck (``<id>.<copy number>``); a starting weapon
    (``.h1``) or a tile's reward card (``level_scroll.lanterns-h1``) belongs to no deck and
    leaves the game when it is spent or discarded."""
    return card.rsplit(".", 1)[-1].isdigit()


def resume_action(rules: Any, st: MissionState, ev: list[Event]) -> bool:
    """Step C: resolves the action's effects in order as far as possible; then step E."""
    r = st.resolving
    assert r is not None
    effs = effects_of(st, r)
    while r["idx"] < len(effs):
        k = r["idx"]
        r["idx"] = k + 1
        ctx = Ctx(rules, st, ev, r["hero"], r["picks"][k] if k < len(r["picks"]) else None, r)
        waits = REGISTRY.run(GAME, ctx, effs[k])
        if st.result is not None:
            return False
        if waits or st.flow.stack:
            return True
    h = st.heroes[r["hero"]]
    if r["source"] == "tile":
        h.river.append(r["id"])  # step E: pushed in from the right, the others close up
        ev.append(Event("coop.ev.core", {"hero": r["hero"], "hid": h.hid,
                                         "core": T.core(h)}))
    st.resolving = None
    return False


class Ctx:
    """What effect handlers act through: the state, the acting hero and its choice."""

    __slots__ = ("rules", "st", "ev", "hero", "pick", "r", "path")

    def __init__(self, rules: Any, st: MissionState, ev: list[Event], hero: int, pick: Any,
                 r: dict[str, Any] | None, path: list[Any] | None = None) -> None:
        self.rules = rules
        self.st = st
        self.ev = ev
        self.hero = hero
        self.pick = pick
        self.r = r
        self.path = path

    @property
    def h(self) -> HeroState:
        """Returns the acting hero."""
        return self.st.heroes[self.hero]

    # --- hero effects -------------------------------------------------------------------------
    def fx_attack(self, **kw: Any) -> bool:
        if self.pick is None:
            self.ev.append(Event("coop.ev.no_target", {"hero": self.hero, "hid": self.h.hid}))
            return False
        weapon, targets = self.pick
        r = self.r or {}
        return begin_attack(self.st, self.ev, self.hero, weapon, targets, kw,
                            r.get("type", "melee"), None if kw["basic"] else r.get("core"),
                            r.get("id", ""))

    def fx_jump(self, ignore_root: bool, wolf: bool) -> bool:
        if self.pick is None:
            self.ev.append(Event("coop.ev.jump_blocked", {"hero": self.hero, "hid": self.h.hid}))
            return False
        h = self.h
        src = h.area
        h.area = self.pick
        self.ev.append(Event("coop.ev.jump", {"hero": self.hero, "hid": h.hid, "from": src,
                                              "to": h.area}))
        if wolf and h.wolf_area is not None:
            h.wolf_area = h.area
        into = C.area(self.st.tile, h.area)
        if into.jump_mana:
            drain_hero(self.st, self.ev, self.hero, into.jump_mana)
        if into.jump_damage:
            damage_hero(self.st, self.ev, self.hero, into.jump_damage, "snare")
        return False

    def fx_armor(self, amount: int, who: str) -> bool:
        if who == "self":
            targets = [self.hero]
        elif who == "ally":
            targets = [] if self.pick is None else [self.pick]
        else:
            targets = [i for i, x in enumerate(self.st.heroes)
                       if x.area == self.h.area and not x.dead]
        for i in targets:
            x = self.st.heroes[i]
            gain = max(0, min(amount, T.armor_cap(x) - x.armor))
            x.armor += gain
            key = "coop.ev.armor" if gain else "coop.ev.armor_full"  # none left in the supply
            self.ev.append(Event(key, {"hero": i, "hid": x.hid, "amount": gain}))
        return False

    def fx_heal(self, amount: int) -> bool:
        heal_hero(self.st, self.ev, self.hero, amount)
        return False

    def fx_recover(self, amount: int, who: str = "self") -> bool:
        targets = [self.hero] if who == "self" else [
            i for i, x in enumerate(self.st.heroes) if x.area == self.h.area and T.standing(x)
            or i == self.hero]
        for i in targets:
            h = self.st.heroes[i]
            gain = min(amount, T.mana_max(h) - h.mana)
            h.mana += gain
            self.ev.append(Event("coop.ev.recover", {"hero": i, "hid": h.hid,
                                                     "amount": gain}))
        return False

    def fx_stun(self, count: int) -> bool:
        for uid in self.pick or ():
            e = self.st.enemy(uid)
            e.stunned = True
            self.ev.append(Event("coop.ev.stun", {"uid": uid, "card": e.card}))
        return False

    def fx_taunt(self, count: int) -> bool:
        for uid in self.pick or ():
            e = self.st.enemy(uid)
            src = e.area
            move_enemy(self.st, e, self.h.area)
            self.ev.append(Event("coop.ev.taunt", {"uid": uid, "card": e.card, "from": src,
                                                   "to": e.area}))
        return False

    def fx_advance_track(self) -> bool:
        h = self.h
        tile = h.river.pop(0)
        h.river.append(tile)
        self.ev.append(Event("coop.ev.advance", {"hero": self.hero, "hid": h.hid,
                                                 "tile": tile}))
        return False

    def fx_vanish(self) -> bool:
        self.h.vanished = True
        self.ev.append(Event("coop.ev.vanish", {"hero": self.hero, "hid": self.h.hid}))
        return False

    def fx_poison(self, swords: int, rerolls: int, pierce: bool) -> bool:
        if self.pick is None:
            return False
        self.h.poison = [self.pick, swords, rerolls, pierce]
        self.ev.append(Event("coop.ev.poison", {"hero": self.hero, "hid": self.h.hid,
                                                "tile": self.pick}))
        return False

    def fx_wolf_move(self) -> bool:
        if self.pick is None:
            return False
        self.h.wolf_area = self.pick
        self.ev.append(Event("coop.ev.wolf_move", {"hero": self.hero, "to": self.pick}))
        return False

    def fx_wolf_attack(self, dice: int, stun_if_damage: bool) -> bool:
        if self.pick is None:
            return False
        kw = {"dice": 0, "swords": 0, "pierce": False, "rerolls": 0, "aoe": 1,
              "isolated_swords": 0, "isolated_pierce": False, "fixed_dice": dice,
              "lightning": "none", "stun": "damaged" if stun_if_damage else "none",
              "prismatic": False, "basic": False, "wolf": True}
        r = self.r or {}
        return begin_attack(self.st, self.ev, self.hero, "wolf", (self.pick,), kw, "melee",
                            r.get("core"), "")

    def fx_wolf_heal(self, amount: int, full: bool) -> bool:
        h = self.h
        top = T.wolf_max(h)
        if not top:
            return False
        if h.wolf_area is None:
            h.wolf_area = h.area
            h.wolf_hp = top if full else min(top, amount)
        else:
            h.wolf_hp = top if full else min(top, h.wolf_hp + amount)
        self.ev.append(Event("coop.ev.wolf_heal", {"hero": self.hero, "hp": h.wolf_hp}))
        return False

    # --- items --------------------------------------------------------------------------------
    def fx_add_swords(self, amount: int) -> bool:
        if self.st.attack is not None:
            self.st.attack["bonus"] += amount
        return False

    def fx_reroll_die(self, count: int) -> bool:
        if self.st.attack is not None:
            self.st.attack["rerolls"] += count
        return False

    def fx_set_core(self, element: str) -> bool:
        if self.st.attack is not None and not self.st.attack["basic"]:
            self.st.attack["core"] = element
        return False

    def fx_prevent_damage(self, amount: int) -> bool:
        if self.st.strike is not None:
            self.st.strike["prevent"] = self.st.strike.get("prevent", 0) + amount
        return False

    def fx_level_up(self) -> bool:
        if self.pick is None:
            return False
        level_up(self.st, self.ev, self.hero, self.pick)
        return False

    def fx_restore_all(self) -> bool:
        h = self.h
        h.hp = T.hp_max(h)
        h.mana = T.mana_max(h)
        self.ev.append(Event("coop.ev.restore", {"hero": self.hero, "hid": h.hid}))
        return False

    # --- tile effects -------------------------------------------------------------------------
    def _heroes_in(self, area: str) -> list[int]:
        return [i for i, h in enumerate(self.st.heroes)
                if not h.dead and (area == "all" or h.area == area)]

    def fx_heal_heroes(self, amount: int, area: str) -> bool:
        for i in self._heroes_in(area):
            heal_hero(self.st, self.ev, i, amount)
        return False

    def fx_damage_heroes(self, amount: int, area: str) -> bool:
        for i in self._heroes_in(area):
            if self.st.result is None:
                damage_hero(self.st, self.ev, i, amount, "tile")
        return False

    def fx_attack_heroes(self, strength: int, area: str) -> bool:
        for i in self._heroes_in(area):
            h = self.st.heroes[i]
            if self.st.result is None and not h.ko:
                cubes, shields = defend_roll(self.st, h, strength)
                hit_hero(self.st, self.ev, i, strength, cubes, shields, 0, None, "tile")
        return False

    def fx_block_jump(self, area: str) -> bool:
        if area not in self.st.blocked:
            self.st.blocked.append(area)
        return False

    def fx_check_box(self, box: str) -> bool:
        if box not in self.st.boxes:
            self.st.boxes.append(box)
            self.ev.append(Event("coop.ev.box", {"box": box}))
        return False

    def fx_loot(self, deck: str, who: str) -> bool:
        st = self.st
        if who == "token":
            targets = [st.token]
        else:
            # spec §9: a knocked-out hero receives no tile-completion loot
            targets = [i for i, h in enumerate(st.heroes) if not h.dead and not h.ko]
        st.tfx[0:0] = [["@loot", deck, i] for i in targets]
        return False

    def fx_spawn(self, rank: str, area: str, count: int) -> bool:
        for _ in range(count):
            spawn(self.st, rank, area, self.ev)
        return False

    def fx_game_over(self) -> bool:
        self.st.result = "lost"
        self.st.reason = "tile"
        return False

    def fx_if_flags_free(self, area: str, effects: Any) -> bool:
        tile = C.tile(self.st.tile)
        a = next(x for x in tile.areas if x.dir == area)
        if a.flags is not None and self.st.flags.get(area, 0) < a.flags.count:
            assert self.path is not None
            self.st.tfx[0:0] = [[*self.path, "effects", k] for k in range(len(effects))]
        return False

    def fx_party_choice(self, options: Any) -> bool:
        st = self.st
        seat = st.heroes[st.token].seat
        st.flow.push(Decision(CHOOSE, seat, data=(list(self.path or []),),
                              reason=Message("coop.prompt.choose", {"seat": seat})))
        return True

    def _nested(self, effects: Any, key: str) -> None:
        """Queues nested effects of the effect at ``self.path`` to resolve next: in the tile's
        queue, or for a boss's AI card (a path ``["@ai", ...]``) in the card's own queue."""
        assert self.path is not None
        paths = [[*self.path, key, k] for k in range(len(effects))]
        if self.path[0] == "@ai" and self.st.strike is not None and "ai" in self.st.strike:
            self.st.strike["ai"]["queue"][0:0] = paths
        else:
            self.st.tfx[0:0] = paths

    def fx_if_box(self, box: str, effects: Any, otherwise: Any) -> bool:
        # on a tile played alone no box is ticked: the ``otherwise`` branch resolves
        if box in self.st.boxes:
            self._nested(effects, "effects")
        else:
            self._nested(otherwise, "otherwise")
        return False

    def fx_if_round(self, at_most: int, effects: Any) -> bool:
        if self.st.round <= at_most:
            self._nested(effects, "effects")
        return False

    def fx_drain_mana(self, amount: int, area: str) -> bool:
        for i in self._heroes_in(area):
            drain_hero(self.st, self.ev, i, amount)
        return False

    def fx_each_round(self, effects: Any) -> bool:
        assert self.path is not None
        if self.path not in self.st.ongoing:
            self.st.ongoing.append(list(self.path))
        return False

    def fx_spawn_card(self, enemy: str, area: str) -> bool:
        deck = self.st.decks.get(C.enemy(enemy).rank)
        card = None if deck is None else next(
            (c for pile in (deck.draw_pile, deck.discard_pile) for c in pile.cards
             if C.card_def(c) == enemy), None)
        if deck is None or card is None:
            self.ev.append(Event("coop.ev.spawn_none", {"area": area, "rank": "card"}))
            return False
        if not deck.draw_pile.remove(card):
            deck.discard_pile.remove(card)
        place_enemy(self.st, card, area, self.ev)
        return False

    def fx_if_hero_in(self, area: str, effects: Any, otherwise: Any) -> bool:
        # a knocked-out hero lies in the area but can do nothing there (spec §9)
        if any(h.area == area and not (h.ko or h.dead) for h in self.st.heroes):
            self._nested(effects, "effects")
        else:
            self._nested(otherwise, "otherwise")
        return False

    def fx_move_enemies(self, area: str, clockwise: bool) -> bool:
        st = self.st
        # every card moves once, all at the same time: the columns are read before anyone moves
        moving = [(d, list(st.columns[d])) for d in (T.RING if area == "all" else (area,))]
        for d, uids in moving:
            to = T.ring_step(d, clockwise)
            for uid in uids:
                e = st.enemy(uid)
                move_enemy(st, e, to)
                self.ev.append(Event("coop.ev.enemy_moves", {"uid": uid, "card": e.card,
                                                             "from": d, "to": to}))
        return False

    def fx_area_keyword(self, area: str, keyword: str) -> bool:
        have = self.st.area_keywords.setdefault(area, [])
        if keyword not in have:
            have.append(keyword)
            self.ev.append(Event("coop.ev.area_keyword", {"area": area, "keyword": keyword}))
        return False

    def fx_zone_damage(self, amount: int, area: str) -> bool:
        st = self.st
        if self.r is not None:  # a hero's action: the target was chosen with the action
            if self.pick is None:
                self.ev.append(Event("coop.ev.no_target", {"hero": self.hero,
                                                           "hid": self.h.hid}))
                return False
            uid, z = self.pick
            if str(uid) in st.enemies and not T.knocked_out(st.enemy(uid), z):
                shoot_zone(st, self.ev, uid, z, amount, self.hero)
            return False
        # a tile event: the party chooses the zone (the start player confirms, spec AMB-24)
        targets = T.shot_zones(st, area, None)
        if not targets:
            self.ev.append(Event("coop.ev.shot_none", {}))
            return False
        if len(targets) == 1:
            shoot_zone(st, self.ev, targets[0][0], targets[0][1], amount, None)
            return False
        seat = st.heroes[st.token].seat
        st.flow.push(Decision(CHOOSE, seat, data=(list(self.path or []),
                                                  [list(t) for t in targets]),
                              reason=Message("coop.prompt.aim", {"seat": seat})))
        return True

    def fx_gain_item(self, item: str, who: str) -> bool:
        st = self.st
        if who == "token":
            targets = [st.token]
        else:  # spec §9: a knocked-out hero receives no tile-completion reward
            targets = [i for i, h in enumerate(st.heroes) if not h.dead and not h.ko]
        st.tfx[0:0] = [["@gain", item, i] for i in targets]
        return False

    def fx_boss(self, name: str, **kw: Any) -> bool:
        """Resolves a boss effect (engine/rules/coop_campaign/boss.py, ``fx_<name>``)."""
        return bool(getattr(B, f"fx_{name}")(self, **kw))


# --- heroes: healing, damage, levels ---------------------------------------------------------------
def heal_hero(st: MissionState, ev: list[Event], i: int, amount: int) -> None:
    """Moves wounded heart cubes back; excess healing is lost (seed 001, 3.3)."""
    h = st.heroes[i]
    if h.dead:
        return
    gain = min(amount, T.hp_max(h) - h.hp)
    h.hp += gain
    if gain:
        ev.append(Event("coop.ev.heal", {"hero": i, "hid": h.hid, "amount": gain}))


def damage_hero(st: MissionState, ev: list[Event], i: int, amount: int, why: str) -> int:
    """Removes heart cubes (no armour, no dice); returns the cubes moved."""
    h = st.heroes[i]
    lost = min(amount, h.hp)
    h.hp -= lost
    ev.append(Event("coop.ev.wound", {"hero": i, "hid": h.hid, "amount": lost, "why": why,
                                      "hp": h.hp}))
    if h.hp == 0 and not h.ko:
        fall(st, ev, i)
    return lost


def fall(st: MissionState, ev: list[Event], i: int) -> None:
    """A hero lost all hearts: hard mode loses at once, normal mode knocks the hero out."""
    h = st.heroes[i]
    if st.hard:
        h.dead = True
        st.result = "lost"
        st.reason = "hero_died"
        ev.append(Event("coop.ev.died", {"hero": i, "hid": h.hid}))
        return
    h.ko = True
    h.armor = 0
    ev.append(Event("coop.ev.knocked_out", {"hero": i, "hid": h.hid}))
    if all(x.ko or x.dead for x in st.heroes):
        st.result = "lost"
        st.reason = "all_down"


def defend_roll(st: MissionState, h: HeroState, strength: int) -> tuple[int, list[bool]]:
    """Returns (armour cubes spent, defence dice) against an attack: armour first, mandatory."""
    cubes = min(strength, h.armor)
    return cubes, roll_defence(st, strength - cubes)


def hit_hero(st: MissionState, ev: list[Event], i: int, strength: int, cubes: int,
             shields: list[bool], prevent: int, enemy: EnemyState | None, why: str,
             terms: list[tuple[str, int]] | None = None) -> int:
    """Applies an attack on hero i after armour and the defence roll; returns the damage."""
    h = st.heroes[i]
    h.armor -= cubes
    blocked = sum(shields)
    prevent = min(prevent, strength - cubes - blocked)  # "up to 2": only what was left
    dmg = strength - cubes - blocked - prevent
    bd_terms = [Term(Message(f"coop.bd.{k}"), v) for k, v in (terms or [("printed", strength)])]
    bd = (Breakdown(Message("coop.bd.enemy_attack"), strength, tuple(bd_terms)),
          Breakdown(Message("coop.bd.damage"), dmg,
                    (Term(Message("coop.bd.strength"), strength),
                     Term(Message("coop.bd.armor_cubes"), -cubes),
                     Term(Message("coop.bd.shields"), -blocked),
                     Term(Message("coop.bd.prevented"), -prevent))))
    params: dict[str, Any] = {"hero": i, "hid": h.hid, "strength": strength, "armor": cubes,
                              "dice": [1 if s else 0 for s in shields], "damage": dmg,
                              "why": why}
    if enemy is not None:
        params.update(uid=enemy.uid, card=enemy.card)
    ev.append(Event("coop.ev.hit", params, bd))
    lost = damage_hero(st, ev, i, dmg, why) if dmg else 0
    if enemy is not None and lost and "lifesteal" in T.keywords(st, enemy):
        lifesteal(st, ev, enemy, lost)
    return lost


def hit_wolf(st: MissionState, ev: list[Event], i: int, strength: int,
             enemy: EnemyState) -> None:
    """An enemy attack taken by the wolf: defence dice only (spec §2.13)."""
    h = st.heroes[i]
    shields = roll_defence(st, strength)
    dmg = max(0, strength - sum(shields))
    h.wolf_hp = max(0, h.wolf_hp - dmg)
    ev.append(Event("coop.ev.wolf_hit", {"hero": i, "uid": enemy.uid, "card": enemy.card,
                                         "damage": dmg, "hp": h.wolf_hp}))
    if h.wolf_hp == 0:
        h.wolf_area = None
        ev.append(Event("coop.ev.wolf_down", {"hero": i}))


def lifesteal(st: MissionState, ev: list[Event], e: EnemyState, amount: int,
              key: str = "coop.ev.lifesteal") -> None:
    """Heals the enemy by ``amount``, the most recent damage first; knocked-out zones are
    skipped (spec AMB-16). ``key``: the event (Lifesteal, or a heal of a card)."""
    healed = 0
    for entry in reversed(e.log):
        while amount > 0 and entry[1] > 0 and not T.knocked_out(e, entry[0]):
            entry[1] -= 1
            e.damage[entry[0]] -= 1
            amount -= 1
            healed += 1
    e.log = [x for x in e.log if x[1] > 0]
    if healed:
        ev.append(Event(key, {"uid": e.uid, "card": e.card, "amount": healed}))


def level_up(st: MissionState, ev: list[Event], i: int, aid: str) -> None:
    """Flips a tile to its upgraded side; new hearts arrive healthy, new mana spent, new armour
    in the supply (spec AMB-05)."""
    h = st.heroes[i]
    old_hp = T.hp_max(h)
    h.flipped.append(aid)
    h.hp += max(0, T.hp_max(h) - old_hp)
    if h.wolf_area is not None:
        h.wolf_hp = min(h.wolf_hp, T.wolf_max(h))
    ev.append(Event("coop.ev.level_up", {"hero": i, "hid": h.hid, "tile": aid,
                                         "level": T.level(h)}))


# --- hero attacks (seed 001, 3.2.3) --------------------------------------------------------------
def begin_attack(st: MissionState, ev: list[Event], i: int, weapon: str, targets: Any,
                 kw: dict[str, Any], atype: str, core: str | None, tile: str) -> bool:
    """Rolls an attack and opens the reroll window if the attacker has rerolls or quick items;
    otherwise resolves it at once. Returns True while a decision is pending."""
    h = st.heroes[i]
    # choices made at the start stay, but a target defeated or a zone knocked out by an
    # earlier effect of the same action drops out ("as far as possible", seed 001, step C)
    targets = [t for t in targets if str(t[0]) in st.enemies
               and not T.knocked_out(st.enemy(t[0]), t[1])]
    if not targets:
        ev.append(Event("coop.ev.no_target", {"hero": i, "hid": h.hid}))
        return False
    wolf = kw.get("wolf", False)
    wd = T.weapon_def(weapon) if not wolf else None
    dice = kw["fixed_dice"] or ((wd.dice if wd else 0) + kw["dice"])
    rerolls = kw["rerolls"]
    swords = kw["swords"]
    pierce = kw["pierce"]
    if wd is not None:
        rerolls += wd.rerolls
        if atype == "ranged":
            rerolls += wd.ranged_rerolls
        else:
            rerolls += wd.melee_rerolls
        if kw["basic"] and wd.basic_pierce:
            pierce = True
    poisoned = False
    if h.poison is not None and tile and h.poison[0] == tile:
        # seed 001, "Poison Token": the attack gains the token's swords and reroll
        swords += h.poison[1]
        rerolls += h.poison[2]
        pierce = pierce or bool(h.poison[3])
        poisoned = True
    faces = roll_attack(st, max(0, dice))
    st.attack = {"hero": i, "weapon": weapon, "targets": [list(t) for t in targets],
                 "faces": faces, "rerolls": rerolls, "bonus": 0, "swords": swords,
                 "pierce": pierce, "core": core, "basic": kw["basic"], "aoe": kw["aoe"],
                 "isolated_swords": kw["isolated_swords"] + (wd.isolated_swords if wd else 0),
                 "isolated_pierce": kw["isolated_pierce"],
                 "lightning": kw["lightning"] if kw["lightning"] != "none" else
                 (wd.lightning if wd else "none"),
                 "empowered_comets": wd.empowered_comets if wd else 0,
                 "aoe_swords": wd.aoe_swords if wd and len(targets) > 1 else 0,
                 "stun": kw["stun"], "prismatic": kw["prismatic"], "wolf": wolf,
                 "poisoned": poisoned,
                 "isolated": [T.isolated(st, st.enemy(t[0])) for t in targets]}
    ev.append(Event("coop.ev.roll", {"hero": i, "hid": h.hid, "faces": list(faces),
                                     "weapon": weapon, "core": core}))
    if not wolf and (rerolls > 0 or quick_items(st, i, QUICK_ATTACK)):
        st.flow.push(Decision(REROLL, h.seat, reason=Message(
            "coop.prompt.reroll", {"seat": h.seat, "hero": i, "hid": h.hid})))
        return True
    finish_attack(st, ev)
    return bool(st.flow.stack)


def quick_items(st: MissionState, i: int, kinds: frozenset[str]) -> list[str]:
    """Returns hero i's usable quick items whose effects work in the given window."""
    h = st.heroes[i]
    out = []
    for card in h.items:
        d = C.card_item(card)
        if d.quick and d.use and card not in h.exhausted and all(
                e.type in kinds for e in d.use):
            out.append(card)
    return out


def strength_against(a: dict[str, Any], e: EnemyState, z: int, n: int,
                     st: MissionState) -> tuple[int, bool, list[tuple[str, int]]]:
    """Returns (damage, empowered, breakdown terms) of the rolled attack against a zone."""
    zone = T.edef(e).zones[z]
    emp = empowered_against(a, zone)
    faces = a["faces"]
    swords = sum(1 for f in faces if "S" in f)
    comets = sum(1 for f in faces if "C" in f)
    lightning = sum(1 for f in faces if f == "L")
    terms: list[tuple[str, int]] = [("swords", swords)]
    if a["lightning"] == "sword" and lightning:
        terms.append(("lightning", lightning))
    if a["swords"] or a["bonus"]:
        terms.append(("bonus_swords", a["swords"] + a["bonus"]))
    iso = a["isolated"][n]
    if iso and a["isolated_swords"]:
        terms.append(("isolated", a["isolated_swords"]))
    if a["aoe_swords"]:
        terms.append(("aoe_swords", a["aoe_swords"]))
    if emp:
        terms.append(("comets", comets))
        if a["lightning"] == "comet" and lightning:
            terms.append(("lightning_comets", lightning))
        if a["empowered_comets"]:
            terms.append(("weapon_comets", a["empowered_comets"]))
    strength = sum(v for _, v in terms)
    pierce = a["pierce"] or (a["isolated_pierce"] and iso)
    if zone.shield:
        terms.append(("pierced" if pierce else "shield", 0 if pierce else -zone.shield))
    raw = strength - (0 if pierce else zone.shield)
    if raw < 0:
        terms.append(("not_below_zero", -raw))  # a shield stops the attack, it never heals
    left = zone.boxes - e.damage[z]
    if raw > left:
        # seed 001, 3.2.3: "überschüssiger Schaden … ist immer „verloren“"
        terms.append(("overflow", left - raw))
    return max(0, min(raw, left)), emp, terms


def empowered_against(a: dict[str, Any], zone: Any) -> bool:
    """Returns whether the attack under resolution is empowered against a zone."""
    if a["basic"]:
        return False  # seed 001, 5.2: Basic Attacks are never empowered
    return T.empowered(zone, a["core"], a["prismatic"])


def finish_attack(st: MissionState, ev: list[Event]) -> None:
    """Applies the rolled attack to every target zone (one roll for all targets, comets per
    target), knocks out zones, defeats enemies, gives loot to the striker, stuns."""
    a = st.attack
    assert a is not None
    st.attack = None
    i = a["hero"]
    h = st.heroes[i]
    loot: list[str] = []
    knocked = 0
    for n, (uid, z) in enumerate(a["targets"]):
        e = st.enemies.get(str(uid))
        if e is None:
            continue
        # the damage is already capped at the zone's empty boxes (overflow is lost)
        dealt, emp, terms = strength_against(a, e, z, n, st)
        bd = Breakdown(Message("coop.bd.attack_damage"), dealt,
                       tuple(Term(Message(f"coop.bd.{k}"), v) for k, v in terms))
        defeated, reward = land_damage(st, ev, i, e, z, dealt, emp, bd)
        if dealt and e.damage[z] >= T.edef(e).zones[z].boxes:
            knocked += 1  # this attack knocked the zone out (the censer counts them)
        if defeated:
            if reward != "none":
                loot.append(reward)
            continue
        stun = a["stun"]
        if stun == "always" or stun == "survive" or (stun == "damaged" and dealt) or (
                stun == "isolated" and a["isolated"][n]):
            e.stunned = True
            ev.append(Event("coop.ev.stun", {"uid": uid, "card": e.card}))
    if a["poisoned"]:
        h.poison = None  # spec AMB-03: the token returns to the supply after the attack
    if knocked and not a["wolf"]:
        heal = sum(p.knockout_heal for p in (C.card_item(c).passive for c in h.items) if p)
        if heal:  # a relic: "whenever your attack knocks out a zone, you heal 1"
            heal_hero(st, ev, i, heal * knocked)
    # seed 001, 5.1: the hero who struck last gets the reward (the wolf's: the Huntress)
    st.tfx[0:0] = [["@loot", deck, i] for deck in loot]


def land_damage(st: MissionState, ev: list[Event], i: int | None, e: EnemyState, z: int,
                dealt: int, emp: bool, bd: Breakdown) -> tuple[bool, str]:
    """Moves the damage cube of zone z along its track (``dealt`` is already capped at the
    empty boxes), knocks the zone out on its last box and resolves the final box (seed 001,
    3.2.3): a star strengthens the enemy, a skull defeats it. ``i`` is the hero who struck
    (None for a tile event). Returns (defeated, the enemy's reward)."""
    zone = T.edef(e).zones[z]
    e.damage[z] += dealt
    if dealt:
        e.log.append([z, dealt])
    params: dict[str, Any] = {"uid": e.uid, "card": e.card, "zone": z, "damage": dealt,
                              "empowered": emp, "track": e.damage[z], "boxes": zone.boxes}
    if i is not None:
        params = {"hero": i, "hid": st.heroes[i].hid, **params}
    ev.append(Event("coop.ev.damage", params, (bd,)))
    defeated = False
    if dealt and e.damage[z] >= zone.boxes:
        ev.append(Event("coop.ev.zone_out", {"uid": e.uid, "card": e.card, "zone": z,
                                             "final": zone.final}))
        B.zone_out(st, e, z)
        if zone.final == "skull":
            defeated = True
        elif zone.final == "star":
            e.star = True
            ev.append(Event("coop.ev.star", {"uid": e.uid, "card": e.card}))
    if not defeated:
        return False, "none"
    who: dict[str, Any] = {} if i is None else {"hero": i, "hid": st.heroes[i].hid}
    ev.append(Event("coop.ev.defeated", {"uid": e.uid, "card": e.card, **who}))
    remove_enemy(st, e)
    if B.is_boss(st, e):
        B.defeated(st, ev, e)
    return True, str(T.edef(e).reward)


def shoot_zone(st: MissionState, ev: list[Event], uid: int, z: int, amount: int,
               i: int | None) -> None:
    """Deals a fixed amount of damage to one zone (a ballista bolt, a tile event's shot): no
    dice, no shield, never empowered; overflow is lost. A hero who shot gets the reward of a
    defeated enemy; a tile event's kill gives none (spec AMB-37)."""
    e = st.enemy(uid)
    zone = T.edef(e).zones[z]
    left = zone.boxes - e.damage[z]
    dealt = min(amount, left)
    terms = [Term(Message("coop.bd.fixed"), amount)]
    if amount > left:
        terms.append(Term(Message("coop.bd.overflow"), left - amount))
    who: dict[str, Any] = {} if i is None else {"hero": i, "hid": st.heroes[i].hid}
    ev.append(Event("coop.ev.shot", {"uid": uid, "card": e.card, "zone": z,
                                     "amount": amount, **who}))
    bd = Breakdown(Message("coop.bd.attack_damage"), dealt, tuple(terms))
    defeated, reward = land_damage(st, ev, i, e, z, dealt, False, bd)
    if defeated and i is not None and reward != "none":
        st.tfx[0:0] = [["@loot", reward, i]]


# --- loot and carrying (seed 001, 5.1) ------------------------------------------------------------
def sorted_in_camp(st: MissionState) -> bool:
    """Returns True once the tile is won (the boss fell, or the last round ended) and only its
    rewards are left to resolve (never for a mission of a campaign saved by an earlier
    version, which asked every drop at once: ``drop_after_tile``)."""
    return st.stage in ("victory", "rewards") and not st.drop_after_tile


def give_loot(st: MissionState, ev: list[Event], i: int, deck: str) -> bool:
    """Draws a loot card for hero i; over capacity the hero must drop one (during the tile).
    Returns True while a decision is pending."""
    card, _ = st.loot[deck].draw_one(st.rng)
    h = st.heroes[i]
    if card is None:
        ev.append(Event("coop.ev.loot_empty", {"deck": deck}))
        return False
    h.items.append(card)
    ev.append(Event("coop.ev.loot", {"hero": i, "hid": h.hid, "item": card, "deck": deck},
                    reveal=True))
    return settle_carry(st, i)


def give_item(st: MissionState, ev: list[Event], i: int, item: str) -> bool:
    """Gives hero i a tile's reward card (a scroll of ascent after missions 5 and 9, a boss's
    relic: spec §14.6): a card of its own, not one of the loot deck's copies. Returns True while
    a drop decision is pending."""
    h = st.heroes[i]
    card = f"{item}.{st.tile}-h{i + 1}"
    n = 1
    while any(card in x.items for x in st.heroes):  # never two cards with one id
        n += 1
        card = f"{item}.{st.tile}-h{i + 1}-{n}"
    h.items.append(card)
    ev.append(Event("coop.ev.loot", {"hero": i, "hid": h.hid, "item": card,
                                     "deck": "reward"}))
    return settle_carry(st, i)


def drain_hero(st: MissionState, ev: list[Event], i: int, amount: int) -> None:
    """Hero i loses up to ``amount`` available mana (to spent)."""
    h = st.heroes[i]
    lost = min(amount, h.mana)
    if lost:
        h.mana -= lost
        ev.append(Event("coop.ev.drain", {"hero": i, "hid": h.hid, "amount": lost,
                                          "area": h.area}))


def settle_carry(st: MissionState, i: int) -> bool:
    """After hero i received a card: while more cards of the same find follow (an attack that
    defeats several enemies, loot for each hero) nothing is asked yet, so that every card is
    seen before anyone chooses what to drop; after the last, the first hero over capacity is
    asked. Returns True while a decision is pending. (A campaign saved before asks at each
    card, ``drop_after_tile``.)"""
    if st.drop_after_tile:
        return check_carry(st, i)
    if st.tfx and st.tfx[0][0] in ("@loot", "@gain"):
        return False  # the find goes on: seed 5.1 asks the drop "so dass die Maximalgrenze
        # nicht überstiegen wird", which holds once every card of the find is drawn
    return recheck_carry(st)


def recheck_carry(st: MissionState) -> bool:
    """Asks the first hero (in hero order) who carries too much to drop an item; returns True
    if one must (a find of several cards may leave a hero more than one over capacity)."""
    return any(check_carry(st, i) for i in range(len(st.heroes)))


def check_carry(st: MissionState, i: int) -> bool:
    """Asks hero i to drop an item when over capacity during the tile; returns True if it must.

    Loot that comes once the tile is won (a boss's or enemy's last reward, the tile's rewards)
    asks nothing: seed 001, 5.1, "Davon abgesehen dürfen Items unter den Helden nur zwischen
    den Tiles/Missionen frei getauscht und verteilt werden" - between tiles the party trades
    freely anyway, so it sorts every find at once in the next camp, where nobody sets out over
    capacity (camp.py ``set_out``; docs/coop_campaign/rules.md "Loot after a won tile")."""
    h = st.heroes[i]
    if len(h.items) > T.carry(h) and not sorted_in_camp(st):
        st.flow.push(Decision(DROP, h.seat, reason=Message(
            "coop.prompt.drop", {"seat": h.seat, "hero": i, "hid": h.hid,
                                 "carry": T.carry(h)}), data=(i,)))
        return True
    return False


def drop_item(st: MissionState, ev: list[Event], i: int, card: str) -> None:
    """Hero i drops an item; the other heroes may take it at once, in any area, clockwise."""
    h = st.heroes[i]
    h.items.remove(card)
    if card in h.exhausted:
        h.exhausted.remove(card)
    ev.append(Event("coop.ev.drop", {"hero": i, "hid": h.hid, "item": card}))
    offer = st.offer or {"moved": []}
    n = len(st.heroes)
    queue = [(i + k) % n for k in range(1, n) if not st.heroes[(i + k) % n].dead]
    if card in offer["moved"] or not queue:
        discard_item(st, ev, card)
        st.offer = None
        if not st.drop_after_tile:
            recheck_carry(st)  # a find of several cards: the next drop
        return
    offer["moved"].append(card)
    offer["item"] = card
    offer["queue"] = queue
    st.offer = offer
    push_offer(st)


def push_offer(st: MissionState) -> None:
    """Offers the dropped item to the next hero in the queue."""
    o = st.offer
    assert o is not None
    j = o["queue"][0]
    seat = st.heroes[j].seat
    st.flow.push(Decision(OFFER, seat, data=(j,), reason=Message(
        "coop.prompt.offer", {"seat": seat, "hero": j, "hid": st.heroes[j].hid,
                              "item": o["item"]})))


def discard_item(st: MissionState, ev: list[Event], card: str) -> None:
    """Puts an item nobody keeps on its loot deck's discard pile (starting weapons leave)."""
    d = C.card_item(card)
    if d.deck in st.loot and is_deck_card(card):
        st.loot[d.deck].discard([card])
    ev.append(Event("coop.ev.discard_item", {"item": card}))


# --- tile effects -------------------------------------------------------------------------------
def tile_effect(st: MissionState, path: list[Any]) -> Any:
    """Returns the effect record at ``path`` inside the tile definition (or, for a path
    ``["@ai", card, ...]``, inside a boss's AI card)."""
    node: Any = C.tile(st.tile)
    if path[0] == "@ai":
        node = C.boss_card(path[1])
        path = path[2:]
    for step in path:
        if isinstance(step, int):
            node = node[step]
        elif isinstance(node, EffectSpec):
            node = node.params[step]
        else:
            node = getattr(node, step)
    return node


def run_tile_effects(rules: Any, st: MissionState, ev: list[Event]) -> None:
    """Resolves queued tile effects in order until one waits for a decision."""
    while st.tfx and st.result is None and not st.flow.stack:
        path = st.tfx.pop(0)
        if path[0] == "@loot":
            give_loot(st, ev, path[2], path[1])
            continue
        if path[0] == "@gain":
            give_item(st, ev, path[2], path[1])
            continue
        ctx = Ctx(rules, st, ev, st.token, None, None, path)
        REGISTRY.run(GAME, ctx, tile_effect(st, path))


def plunder(st: MissionState, ev: list[Event], e: EnemyState) -> None:
    """The enemy puts a plunder cube on a free flag; the last one triggers the flags' effect."""
    area = C.area(st.tile, e.area)
    assert area.flags is not None  # only called for an area with a free flag
    st.flags[e.area] = st.flags.get(e.area, 0) + 1
    count = st.flags[e.area]
    ev.append(Event("coop.ev.plunder", {"uid": e.uid, "card": e.card, "area": e.area,
                                        "filled": count, "flags": area.flags.count}))
    if count == area.flags.count:
        ai = next(k for k, a in enumerate(C.tile(st.tile).areas) if a.dir == e.area)
        ev.append(Event("coop.ev.flags_full", {"area": e.area, "text": dict(area.flags.text)}))
        st.tfx += [["areas", ai, "flags", "effects", k] for k in range(len(area.flags.effects))]


def free_flag(st: MissionState, area: str) -> bool:
    """Returns True when the area has a plunder flag without a cube."""
    a = C.area(st.tile, area)
    return a.flags is not None and st.flags.get(area, 0) < a.flags.count


# --- the enemy turn (seed 001, 3.3; keywords 5.3) ----------------------------------------------
def _who_in(st: MissionState, area: str) -> list[int]:
    """Returns who may take an attack in an area: standing heroes, and wolves (10 + i)."""
    out = [i for i, h in enumerate(st.heroes) if T.standing(h) and h.area == area]
    out += [WOLF + i for i, h in enumerate(st.heroes)
            if h.wolf_area == area and not h.dead and out]
    return out


def bodyguards(st: MissionState, aimed: list[int]) -> list[int]:
    """Returns the standing heroes with Bodyguard who may take an attack aimed at another hero
    in their area although the enemy chose its target itself (spec §14.1, the barbarian:
    "he may take an attack aimed at another hero in his area even from a Target: x enemy")."""
    areas = {st.heroes[i].area for i in aimed}
    return [i for i, h in enumerate(st.heroes)
            if i not in aimed and T.standing(h) and h.area in areas
            and C.hero(h.hid).special == "bodyguard"]


def _has_hero(st: MissionState, area: str) -> bool:
    return any(T.standing(h) and h.area == area for h in st.heroes)


def run_strike(rules: Any, st: MissionState, ev: list[Event]) -> None:
    """Resolves the activation of one enemy as far as it can go without a decision."""
    s = st.strike
    assert s is not None
    while st.result is None and not st.flow.stack and st.strike is not None:
        e = st.enemies.get(str(s["uid"]))
        if e is None:
            st.strike = None
            return
        stage = s["stage"]
        if stage == "begin":
            kws = T.keywords(st, e)
            if s.get("first"):
                s["first"] = False
                s["left"] = 2 if "twinstrike" in kws else 1
                if e.stunned:  # seed 001, 5.2: the activation only turns the card back
                    e.stunned = False
                    ev.append(Event("coop.ev.unstun", {"uid": e.uid, "card": e.card}))
                    if not (B.is_boss(st, e) and B.stunned(st, ev, e, s)):
                        st.strike = None
                        return
                ev.append(Event("coop.ev.enemy_activates", {"uid": e.uid, "card": e.card,
                                                            "area": e.area}))
            if s["left"] <= 0:
                st.strike = None
                return
            if B.is_boss(st, e):  # a boss never follows the priority list: it draws
                B.draw(st, ev, e, s)
                continue
            _route(st, ev, e, kws, s)
        elif stage == "ai":
            B.run_card(rules, st, ev, e, s)
        elif stage == "pull":
            if "chosen" not in s:
                if len(s["cands"]) == 1:
                    s["chosen"] = s["cands"][0]
                else:
                    _ask_take(st, s, "pull")
                    return
            h = st.heroes[s.pop("chosen")]
            src = h.area
            h.area = e.area
            ev.append(Event("coop.ev.pulled", {"uid": e.uid, "card": e.card,
                                               "hero": st.heroes.index(h), "hid": h.hid,
                                               "from": src, "to": e.area}))
            s["stage"] = "ai" if "ai" in s else "begin"
        elif stage == "pick":
            if "summon" in s:
                _summon(st, ev, e)
                del s["summon"]
            if "chosen" not in s:
                if len(s["cands"]) == 1:
                    s["chosen"] = s["cands"][0]
                else:
                    _ask_take(st, s, s["why"])
                    return
            who = s.pop("chosen")
            if who not in s.pop("aimed", [who]):
                s["why"] = "bodyguard"  # the bodyguard stepped in front of the hunted hero
            if who >= WOLF:
                s["queue"] = [who]
            else:
                area = st.heroes[who].area
                others = [i for i, h in enumerate(st.heroes)
                          if i != who and T.standing(h) and h.area == area]
                aoe = s["ai_aoe"] if "ai_aoe" in s else T.has_keyword(st, e, "aoe")
                s["queue"] = [who] + (others if aoe else [])
            s["stage"] = "hit"
            ev.append(Event("coop.ev.target", {"uid": e.uid, "card": e.card, "who": who,
                                               "why": s["why"]}))
        elif stage == "hit":
            if not s["queue"]:
                for k in ("cands", "why", "queue", "roll", "prevent", "coin", "pulled",
                          "aimed", *B.STRIKE_KEYS):
                    s.pop(k, None)
                if "ai" in s:  # back to the boss's AI card
                    s["stage"] = "ai"
                    continue
                s["left"] -= 1
                s["stage"] = "begin"
                continue
            who = s["queue"][0]
            terms = ([(str(k), int(v)) for k, v in s["ai_terms"]] if "ai_terms" in s
                     else T.attack_terms(st, e))
            strength = sum(v for _, v in terms)
            if who >= WOLF:
                s["queue"].pop(0)
                if st.heroes[who - WOLF].wolf_area is not None:
                    hit_wolf(st, ev, who - WOLF, strength, e)
                continue
            h = st.heroes[who]
            if not T.standing(h) and "roll" not in s:
                s["queue"].pop(0)
                continue
            if "roll" not in s:
                cubes, shields = defend_roll(st, h, strength)
                s["roll"] = [cubes, [1 if x else 0 for x in shields]]
                s["prevent"] = 0
                if quick_items(st, who, QUICK_DEFENCE) and strength - cubes > 0:
                    st.flow.push(Decision(DEFEND, h.seat, data=(who,), reason=Message(
                        "coop.prompt.defend", {"seat": h.seat, "hero": who, "hid": h.hid,
                                               "dice": list(s["roll"][1])})))
                    return
            cubes, shields = s.pop("roll")
            prevent = s.pop("prevent", 0)
            s["queue"].pop(0)
            hit_hero(st, ev, who, strength, cubes, [bool(x) for x in shields], prevent, e,
                     "enemy", terms)
            if "ai" in s:
                B.after_hit(st, ev, s, who)


def _ask_take(st: MissionState, s: dict[str, Any], why: str) -> None:
    seat = st.heroes[st.token].seat
    st.flow.push(Decision(TAKE, seat, data=tuple(s["cands"]), reason=Message(
        "coop.prompt.take_pull" if why == "pull" else "coop.prompt.take",
        {"seat": seat, "uid": s["uid"], "card": st.enemy(s["uid"]).card})))


def _route(st: MissionState, ev: list[Event], e: EnemyState, kws: list[str],
           s: dict[str, Any]) -> None:
    """Applies the priority list to one strike of an enemy (seed 001, 3.3; spec §3.5)."""
    d = T.edef(e)
    ranged = "range" in kws
    if "summon" not in s and d.summon is not None and not s.get("summoned"):
        s["summon"] = True
        s["summoned"] = True
    if d.target == "lowest_hp":
        legal = [i for i, h in enumerate(st.heroes)
                 if T.standing(h) and (ranged or h.area == e.area)]
        # spec §3.5: "if has Target:x and a legal hero exists: (EnemyTaunt first) attack that
        # hero" - the pulled hero is then among those it may choose
        if legal and "taunt" in kws and not s.get("pulled") and _pull(st, ev, e, s):
            return
        if legal:
            low = min(st.heroes[i].hp for i in legal)
            aimed = [i for i in legal if st.heroes[i].hp == low]
            guards = bodyguards(st, aimed)
            s.update(stage="pick", cands=aimed + guards, why="lowest_hp")
            if guards:
                s["aimed"] = aimed  # who the enemy hunts; a bodyguard may take it instead
            return
    if "berzerk" not in kws and free_flag(st, e.area):
        s.pop("summon", None)
        s["summoned"] = False
        plunder(st, ev, e)
        s["left"] -= 1
        return
    if "taunt" in kws and not s.get("pulled") and _pull(st, ev, e, s):
        return
    here = _who_in(st, e.area)
    if here:
        s.update(stage="pick", cands=here, why="area")
        return
    if ranged or "hunter" in kws or "berzerk" in kws:
        cw = flip_coin(st)
        area = T.nearest(st, e.area, cw, lambda a: _has_hero(st, a))
        ev.append(Event("coop.ev.coin", {"uid": e.uid, "card": e.card, "clockwise": cw,
                                         "why": "range" if ranged else "hunt"}))
        if area is not None:
            if not ranged:
                src = e.area
                move_enemy(st, e, area)
                ev.append(Event("coop.ev.enemy_moves", {"uid": e.uid, "card": e.card,
                                                        "from": src, "to": area}))
            s.update(stage="pick", cands=_who_in(st, area), why="range" if ranged else "hunt")
            return
    s.pop("summon", None)
    ev.append(Event("coop.ev.idle", {"uid": e.uid, "card": e.card}))
    s["left"] -= 1


def _pull(st: MissionState, ev: list[Event], e: EnemyState, s: dict[str, Any]) -> bool:
    """Enemy Taunt: before attacking, pulls a hero from the nearest area with heroes in the
    coin's direction (heroes in its own area are ignored, seed 001, 5.3); True when a hero is
    to be pulled."""
    s["pulled"] = True
    cw = flip_coin(st)
    area = T.nearest(st, e.area, cw, lambda a: _has_hero(st, a))
    ev.append(Event("coop.ev.coin", {"uid": e.uid, "card": e.card, "clockwise": cw,
                                     "why": "taunt"}))
    if area is None:
        return False
    s.update(stage="pull", cands=[i for i, h in enumerate(st.heroes)
                                  if T.standing(h) and h.area == area])
    return True


def _summon(st: MissionState, ev: list[Event], e: EnemyState) -> None:
    """Summon X: find X in its deck (draw pile, then discard) and put it right below the
    summoner; nothing happens if no copy is there (spec AMB-19)."""
    target = T.edef(e).summon
    deck = st.decks[C.enemy(target).rank]
    for pile in (deck.draw_pile, deck.discard_pile):
        for card in pile.cards:
            if C.card_def(card) == target:
                pile.remove(card)
                place_enemy(st, card, e.area, ev, below=e.uid)
                ev.append(Event("coop.ev.summon", {"uid": e.uid, "card": e.card,
                                                   "summoned": card}))
                return
