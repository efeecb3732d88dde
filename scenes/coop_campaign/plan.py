"""A hero action put together click by click.

A river tile, a standard action or an item is one legal action per combination of its choices
(``picks``: one per effect, in the printed order: the jump's destination, the attack's weapon
and targets, the taunted enemies ...). A ``Plan`` holds every legal action of the chosen tile and
the choices made so far; each click fixes the next effect's choice among those the remaining
actions still offer, until one action is left. Nothing here knows a rule: the choices are read
off the legal actions.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action

ATTACKS = ("attack", "basic_attack")


class Plan:
    """The legal actions of one tile, standard action or item, narrowed by the player's clicks."""

    def __init__(self, source: str, key: str, actions: list[Action],
                 effects: list[tuple[str, dict[str, Any]]]) -> None:
        self.source = source  # "play", "standard" or "use"
        self.key = key  # the tile id, standard action id or item card
        self.actions = list(actions)
        self.effects = effects  # (type, params) of each effect, in order
        self.fixed: list[Any] = []  # the choices made so far, one per effect
        self.weapon: Any = None  # the weapon the next attack will use
        self.chosen: list[tuple[int, int]] = []  # targets picked so far for an area attack
        self.group: list[int] = []  # enemies picked so far for a taunt or a stun

    @property
    def step(self) -> int:
        """Returns the index of the effect whose choice is asked next."""
        return len(self.fixed)

    @property
    def effect(self) -> str:
        """Returns the type of the effect whose choice is asked next."""
        return self.effects[self.step][0] if self.step < len(self.effects) else ""

    def candidates(self) -> list[Action]:
        """Returns the legal actions that agree with every choice made so far."""
        k = self.step
        fixed = tuple(self.fixed)
        return [a for a in self.actions if tuple(a["picks"][:k]) == fixed]

    def options(self) -> list[Any]:
        """Returns the distinct choices the next effect offers, in the order of the actions."""
        k = self.step
        out: list[Any] = []
        for a in self.candidates():
            value = a["picks"][k]
            if value not in out:
                out.append(value)
        return out

    def settle(self) -> Action | None:
        """Fixes every choice that has only one option; returns the action once one is left."""
        while True:
            cands = self.candidates()
            if len(cands) == 1:
                return cands[0]
            if not cands or self.step >= len(self.effects):
                return cands[0] if cands else None
            opts = self.options()
            if len(opts) != 1:
                self._default_weapon()
                return None
            self.fixed.append(opts[0])

    def choose(self, value: Any) -> Action | None:
        """Fixes the next effect's choice; returns the action once one is left."""
        self.fixed.append(value)
        self.chosen, self.group, self.weapon = [], [], None
        return self.settle()

    def back(self) -> bool:
        """Takes back the last free choice; returns False when there is none left."""
        self.chosen, self.group, self.weapon = [], [], None
        while self.fixed:
            self.fixed.pop()
            if len(self.options()) > 1:
                self._default_weapon()
                return True
        return False

    # --- attacks ------------------------------------------------------------------------------
    def _default_weapon(self) -> None:
        if self.effect in ATTACKS and self.weapon not in self.weapons():
            weapons = self.weapons()
            self.weapon = weapons[0] if weapons else None

    def weapons(self) -> list[Any]:
        """Returns the weapons the next attack may use."""
        out: list[Any] = []
        for value in self.options():
            if value is not None and value[0] not in out:
                out.append(value[0])
        return out

    def target_sets(self) -> list[tuple[tuple[int, int], ...]]:
        """Returns the target sets of the next attack with the chosen weapon."""
        return [tuple(tuple(t) for t in v[1]) for v in self.options()
                if v is not None and v[0] == self.weapon]

    def zones(self) -> list[tuple[int, int]]:
        """Returns every (enemy, zone) the next attack may still add to its targets."""
        chosen = set(self.chosen)
        uids = {u for u, _ in chosen}
        out: list[tuple[int, int]] = []
        for ts in self.target_sets():
            if chosen <= set(ts):
                for t in ts:
                    if t not in out and (t in chosen or t[0] not in uids):
                        out.append(t)
        return out

    def pick_zone(self, uid: int, zone: int) -> Action | None:
        """Adds a target zone (or swaps the zone of an enemy already chosen); a click on a chosen
        zone, or a choice that cannot grow any more, fixes the attack. Returns the action once
        one is left."""
        t = (uid, zone)
        sets = self.target_sets()
        if t in self.chosen and self.exact() is not None:
            return self.confirm()
        trial = [c for c in self.chosen if c[0] != uid] + [t]
        if not any(set(trial) <= set(ts) for ts in sets):
            trial = [t]
        self.chosen = trial
        if self.exact() is not None and not self.can_grow():
            return self.confirm()
        return None

    def trial(self, uid: int, zone: int) -> list[tuple[int, int]]:
        """Returns the targets a click on a zone would make (for its preview)."""
        t = (uid, zone)
        trial = [c for c in self.chosen if c[0] != uid] + [t]
        if not any(set(trial) <= set(ts) for ts in self.target_sets()):
            trial = [t]
        return trial

    def exact(self, chosen: list[tuple[int, int]] | None = None) -> tuple[Any, ...] | None:
        """Returns the target set that is exactly the chosen targets, if the attack allows it."""
        want = set(self.chosen if chosen is None else chosen)
        for ts in self.target_sets():
            if set(ts) == want:
                return ts
        return None

    def can_grow(self) -> bool:
        """Returns True when another enemy may still join the chosen targets."""
        want = set(self.chosen)
        return any(set(ts) > want for ts in self.target_sets())

    def confirm(self) -> Action | None:
        """Fixes the attack on exactly the chosen targets."""
        ts = self.exact()
        if ts is None:
            return None
        return self.choose((self.weapon, ts))

    def action_for(self, targets: list[tuple[int, int]]) -> Action | None:
        """Returns a legal action whose next attack has exactly these targets (for a preview)."""
        want = set(targets)
        k = self.step
        for a in self.candidates():
            value = a["picks"][k]
            if value is not None and value[0] == self.weapon and \
                    {tuple(t) for t in value[1]} == want:
                return a
        return None

    def attack_index(self) -> int:
        """Returns which attack of the action's preview the next choice is (the preview lists
        one entry per attack that has targets)."""
        return sum(1 for j, (kind, _p) in enumerate(self.effects[:self.step])
                   if kind in ATTACKS and self.fixed[j] is not None)

    # --- groups of enemies (taunt, stun) ------------------------------------------------------
    def groups(self) -> list[tuple[int, ...]]:
        """Returns the enemy groups the next taunt or stun may take."""
        return [tuple(v) for v in self.options() if v is not None]

    def pick_enemy(self, uid: int) -> Action | None:
        """Adds an enemy to the group (or takes it out again); the group is fixed once it
        cannot grow. Returns the action once one is left."""
        groups = self.groups()
        if uid in self.group:
            if self.group[-1] == uid and self.group_exact() is not None:
                return self.confirm_group()  # a second click on the last one fixes the group
            self.group = [u for u in self.group if u != uid]
            return None
        trial = self.group + [uid]
        if not any(set(trial) <= set(g) for g in groups):
            trial = [uid]
            if not any(uid in g for g in groups):
                return None
        self.group = trial
        if self.group_exact() is not None and not any(set(g) > set(self.group)
                                                      for g in groups):
            return self.confirm_group()
        return None

    def group_exact(self) -> tuple[int, ...] | None:
        """Returns the group that is exactly the chosen enemies, if the effect allows it."""
        want = set(self.group)
        for g in self.groups():
            if set(g) == want:
                return g
        return None

    def group_enemies(self) -> list[int]:
        """Returns every enemy the group may still take."""
        chosen = set(self.group)
        out: list[int] = []
        for g in self.groups():
            if chosen <= set(g):
                for u in g:
                    if u not in out:
                        out.append(u)
        return out

    def confirm_group(self) -> Action | None:
        """Fixes the taunt or stun on exactly the chosen enemies."""
        g = self.group_exact()
        if g is None:
            return None
        return self.choose(g)
