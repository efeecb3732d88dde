"""The mission's events played back step by step: a timeline of steps, each showing one event
(a spawn, an enemy's target and why, the coin, the dice, the damage) while the board shows the
mission as it stood at that moment.

The board during a playback is drawn from a *display view*: the view before the action,
changed event by event with what each event says (a hero's hearts, an enemy's track, a spawned
card). This is only a picture of the past: when the playback ends the board shows the rules'
view again. Nothing here decides a rule; the numbers come from the events.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Event
from scenes.anim import Animation, linear

# seconds each kind of event is shown (at animation speed 1); unlisted events pass at once
DURATIONS: dict[str, float] = {
    "coop.ev.round": 1.1, "coop.ev.spawn": 0.6, "coop.ev.spawn_skip": 0.35,
    "coop.ev.spawn_none": 0.5, "coop.ev.cross": 1.8, "coop.ev.flags_full": 1.8,
    "coop.ev.enemy_turn": 0.8, "coop.ev.enemy_activates": 0.5, "coop.ev.coin": 1.0,
    "coop.ev.target": 1.3, "coop.ev.hit": 1.1, "coop.ev.wound": 0.35,
    "coop.ev.plunder": 1.0, "coop.ev.idle": 0.6, "coop.ev.unstun": 0.6, "coop.ev.pulled": 0.8,
    "coop.ev.enemy_moves": 0.7, "coop.ev.summon": 0.8, "coop.ev.lifesteal": 0.7,
    "coop.ev.knocked_out": 1.0, "coop.ev.died": 1.2, "coop.ev.roll": 0.9,
    "coop.ev.reroll": 0.6, "coop.ev.damage": 0.55, "coop.ev.defeated": 0.6,
    "coop.ev.loot": 1.0, "coop.ev.jump": 0.4, "coop.ev.wolf_hit": 0.8, "coop.ev.taunt": 0.6,
    "coop.ev.stun": 0.4, "coop.ev.heal": 0.35, "coop.ev.armor": 0.3, "coop.ev.chosen": 1.2,
    "coop.ev.won": 0.8, "coop.ev.lost": 0.8, "coop.ev.stand_up": 0.6, "coop.ev.summoned": 0.6,
    # bosses: the AI card is shown long enough to read it
    "coop.ev.ai_card": 2.6, "coop.ev.ai_reshuffle": 0.9, "coop.ev.ai_redraw": 1.0,
    "coop.ev.boss_defeated": 1.8, "coop.ev.boss_alive": 1.8, "coop.ev.command": 1.1,
    "coop.ev.enemy_heal": 0.7, "coop.ev.heal_prevented": 1.0, "coop.ev.boss_stays": 0.7,
    "coop.ev.drain": 0.5, "coop.ev.summon_none": 0.7,
}
# events whose change shows only once their step is over (the card is still there meanwhile)
AFTER = frozenset({"coop.ev.defeated"})


def copy(value: Any) -> Any:
    """Returns a deep copy of plain view data."""
    return json.loads(json.dumps(value))


def _enemy(view: dict[str, Any], uid: int) -> dict[str, Any] | None:
    for column in view["areas"].values():
        for e in column:
            if e["uid"] == uid:
                return e  # type: ignore[no-any-return]
    return None


def _remove(view: dict[str, Any], uid: int) -> dict[str, Any] | None:
    for column in view["areas"].values():
        for k, e in enumerate(column):
            if e["uid"] == uid:
                return column.pop(k)  # type: ignore[no-any-return]
    return None


def apply_event(dv: dict[str, Any], event: Event, final: dict[str, Any],
                zones: Any) -> None:
    """Changes the display view by what one event says happened."""
    p = event.params
    key = event.key
    heroes = dv["heroes"]
    if key == "coop.ev.round":
        dv["round"] = p["round"]
    elif key == "coop.ev.token":
        dv["token"] = p["hero"]
    elif key == "coop.ev.activate":
        dv["active"] = p["hero"]
    elif key == "coop.ev.spawn":
        found = _enemy(final, p["uid"])
        entry = copy(found) if found is not None else {
            "uid": p["uid"], "card": p["card"], "area": p["area"],
            "damage": [0] * zones(p["card"]), "stunned": False, "star": False,
            "keywords": [], "attack": 0, "attack_terms": [], "activated": False,
            "isolated": False}
        entry["area"] = p["area"]
        entry["damage"] = [0] * len(entry["damage"])
        dv["areas"][p["area"]].append(entry)
    elif key == "coop.ev.defeated":
        _remove(dv, p["uid"])
    elif key == "coop.ev.damage":
        e = _enemy(dv, p["uid"])
        if e is not None and p["zone"] < len(e["damage"]):
            e["damage"][p["zone"]] = p["track"]
    elif key == "coop.ev.ai_card":
        boss = dv.get("boss")
        if boss is not None:
            boss["last"] = p["ai"]
            boss["deck"] = p["deck"]
    elif key == "coop.ev.drain":
        h = heroes[p["hero"]]
        h["mana"] = max(0, h["mana"] - p["amount"])
    elif key in ("coop.ev.lifesteal", "coop.ev.star", "coop.ev.enemy_heal"):
        e, f = _enemy(dv, p["uid"]), _enemy(final, p["uid"])
        if e is not None and f is not None:
            e["damage"], e["star"] = list(f["damage"]), f["star"]
    elif key in ("coop.ev.stun", "coop.ev.unstun"):
        e = _enemy(dv, p["uid"])
        if e is not None:
            e["stunned"] = key == "coop.ev.stun"
    elif key in ("coop.ev.enemy_moves", "coop.ev.taunt"):
        e = _remove(dv, p["uid"])
        if e is not None:
            e["area"] = p["to"]
            dv["areas"][p["to"]].append(e)
    elif key == "coop.ev.enemy_activates":
        e = _enemy(dv, p["uid"])
        if e is not None:
            e["activated"] = True
    elif key == "coop.ev.plunder":
        if p["area"] in dv["flags"]:
            dv["flags"][p["area"]]["filled"] = p["filled"]
    elif key in ("coop.ev.jump", "coop.ev.pulled"):
        heroes[p["hero"]]["area"] = p["to"]
    elif key == "coop.ev.wound":
        heroes[p["hero"]]["hp"] = p["hp"]
    elif key in ("coop.ev.heal", "coop.ev.stand_up"):
        h = heroes[p["hero"]]
        h["hp"] = min(h["hp_max"], h["hp"] + p["amount"])
        if key == "coop.ev.stand_up":
            h["ko"] = False
    elif key == "coop.ev.knocked_out":
        heroes[p["hero"]]["ko"] = True
        heroes[p["hero"]]["armor"] = 0
    elif key == "coop.ev.died":
        heroes[p["hero"]]["dead"] = True
    elif key == "coop.ev.hit":
        h = heroes[p["hero"]]
        h["armor"] = max(0, h["armor"] - p["armor"])
    elif key == "coop.ev.armor":
        h = heroes[p["hero"]]
        h["armor"] = min(h["armor_cap"], h["armor"] + p["amount"])
    elif key in ("coop.ev.regen", "coop.ev.recover"):
        h = heroes[p["hero"]]
        h["mana"] = min(h["mana_max"], h["mana"] + p["amount"])
    elif key in ("coop.ev.play", "coop.ev.standard"):
        h = heroes[p["hero"]]
        h["mana"] = max(0, h["mana"] - p["cost"])
    elif key == "coop.ev.drain":
        h = heroes[p["hero"]]
        h["mana"] = max(0, h["mana"] - p["amount"])
    elif key == "coop.ev.wolf_hit":
        wolf = heroes[p["hero"]].get("wolf")
        if wolf is not None:
            wolf["hp"] = p["hp"]
    elif key == "coop.ev.wolf_move":
        wolf = heroes[p["hero"]].get("wolf")
        if wolf is not None:
            wolf["area"] = p["to"]


def start_view(before: dict[str, Any], final: dict[str, Any]) -> dict[str, Any]:
    """Returns the display view a playback starts from: the board before the action, with each
    hero's river, items and standard actions as they are now (they change only with the
    hero's own clicks, which the river shows at once)."""
    dv = copy(before)
    for i, h in enumerate(dv["heroes"]):
        if i < len(final["heroes"]):
            now = final["heroes"][i]
            for key in ("river", "core", "items", "exhausted", "standard", "level", "carry",
                        "hp_max", "mana_max", "armor_cap", "poison", "flipped"):
                if key in now:
                    h[key] = copy(now[key])
    for key in ("tile", "theme", "hard", "rounds", "track"):
        dv[key] = copy(final[key])
    if before.get("boss") is not None and final.get("boss") is not None:
        # the boss's deck and last card change with its AI card events; the rest stays as now
        dv["boss"] = {**copy(final["boss"]), "deck": before["boss"]["deck"],
                      "last": before["boss"]["last"]}
    dv["pending"] = None
    dv["attack"] = None
    dv["strike"] = None
    return dv


@dataclass
class Step:
    """One event on the timeline: when it starts, how long it shows, the board meanwhile."""

    event: Event
    start: float
    duration: float
    view: dict[str, Any]  # the board shown during the step
    index: int = 0
    data: dict[str, Any] = field(default_factory=dict)


class Timeline(Animation):
    """Plays a list of events one after another; ``current`` is the step shown now and
    ``view`` the board as it stood then. ``painter(surface, step, t)`` draws a step."""

    def __init__(self, steps: list[Step], painter: Any, final: dict[str, Any]) -> None:
        total = sum(s.duration for s in steps)
        super().__init__(max(0.05, total), ease=linear)
        self.steps = steps
        self.painter = painter
        self.final = final

    @property
    def now(self) -> float:
        """Returns the seconds played so far."""
        return max(0.0, self.elapsed - self.delay)

    @property
    def current(self) -> Step | None:
        """Returns the step shown now (None once the timeline is over)."""
        if self.done:
            return None
        now = self.now
        for step in self.steps:
            if step.start <= now < step.start + step.duration:
                return step
        return None

    @property
    def view(self) -> dict[str, Any]:
        """Returns the board as it stood at the current step."""
        step = self.current
        return step.view if step is not None else self.final

    def draw(self, surface: Any) -> None:
        """Draws nothing: the table paints the timeline between its board and its panels."""

    def paint(self, surface: Any) -> None:
        """Draws the current step (the table calls it, so a held timeline still shows)."""
        step = self.current
        if step is not None:
            t = (self.now - step.start) / max(1e-6, step.duration)
            self.painter(surface, step, min(1.0, max(0.0, t)))


def build_steps(events: list[Event], before: dict[str, Any], final: dict[str, Any],
                zones: Any) -> list[Step]:
    """Returns the timeline's steps: one per event worth showing, each with the board as it
    stands during that step (changes of instant events are folded into the next step)."""
    dv = start_view(before, final)
    steps: list[Step] = []
    t = 0.0
    for n, event in enumerate(events):
        duration = DURATIONS.get(event.key, 0.0)
        if event.key in AFTER:
            shown = copy(dv)
            apply_event(dv, event, final, zones)
        else:
            apply_event(dv, event, final, zones)
            shown = copy(dv) if duration else dv
        if duration:
            steps.append(Step(event, t, duration, shown, n))
            t += duration
    return steps
