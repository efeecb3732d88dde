"""Plays a mission the way a player does: every legal action is performed with mouse clicks on
the table (river tiles, enemy zones, areas, heroes, buttons and the chooser's answers)."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.rng import Rng
from scenes.coop_campaign import art, query
from scenes.coop_campaign.table import CoopTableScene
from tests.scenes.mouse import click, press

__all__ = ["act", "choose", "click", "play_by_mouse", "press", "same"]


def _zone_point(table: CoopTableScene, uid: int, zone: int) -> tuple[int, int]:
    rect = table.card_rects(table.view)[uid]
    return table.zone_rect(rect, zone).center


def _card_point(table: CoopTableScene, uid: int) -> tuple[int, int]:
    rect = table.card_rects(table.view)[uid]
    return (rect.left + 24, rect.top + 50)  # on the card's art, clear of its zone rows


def _area_point(table: CoopTableScene, area: str) -> tuple[int, int]:
    col = table.col_rect(area)
    return (col.centerx, col.top + 18)  # the area's column header


def _pick(app: Any, table: CoopTableScene, action: Action) -> None:
    """Clicks what each of an action's choices points at, as the plan asks for them."""
    t = app.t
    for _ in range(40):
        plan = table.plan
        if plan is None:
            return
        k = plan.step
        pick = action["picks"][k]
        effect = plan.effect
        if effect in ("attack", "basic_attack"):
            weapon, targets = pick
            if len(plan.weapons()) > 1 and plan.weapon != weapon:
                press(app, table.buttons, art.item_name(app, weapon))
            for uid, zone in targets:
                if table.plan is not plan or plan.step != k:
                    break
                click(app, _zone_point(table, uid, zone))
            if table.plan is plan and plan.step == k:
                press(app, table.buttons, t("coop.ui.attack_n", n=len(targets)))
        elif effect == "wolf_attack":
            click(app, _zone_point(table, pick[0], pick[1]))
        elif effect in ("jump", "wolf_move"):
            click(app, _area_point(table, pick))
        elif effect in ("taunt", "stun"):
            for uid in pick:
                if table.plan is not plan or plan.step != k:
                    break
                click(app, _card_point(table, uid))
            if table.plan is plan and plan.step == k:
                press(app, table.buttons, t("coop.ui.confirm_group", n=len(pick)))
        elif effect == "armor":
            click(app, table.party_rect(pick).center)
        elif effect in ("poison", "level_up"):
            h = table.view["heroes"][table.view["active"]]
            slot = [r["tile"] for r in h["river"]].index(pick)
            click(app, table.tile_rect(slot).center)
        else:
            raise AssertionError(f"no mouse way for {effect}")
    raise AssertionError("the plan never completed")


def act(app: Any, table: CoopTableScene, action: Action) -> None:
    """Performs a legal action with the mouse."""
    t = app.t
    kind = action.kind
    v = table.view
    if kind == "play":
        assert table.tableau_hero() == v["active"]
        h = v["heroes"][v["active"]]
        slot = [r["tile"] for r in h["river"]].index(action["tile"])
        click(app, table.tile_rect(slot).center)
        _pick(app, table, action)
    elif kind == "standard":
        h = v["heroes"][v["active"]]
        entry = next(s for s in h["standard"] if s["action"] == action["action"])
        name = art.name(app, query.standard(h["hero"], action["action"]).name)
        press(app, table.buttons, t("coop.ui.std_label", name=name, cost=entry["cost"]))
        _pick(app, table, action)
    elif kind == "use":
        h = v["heroes"][v["active"]]
        click(app, table.item_rect(h["items"].index(action["item"])).center)
        _pick(app, table, action)
    elif kind == "end":
        press(app, table.buttons, t("coop.ui.end"))
    else:
        chooser = table.chooser
        assert chooser is not None and not table.chooser_hidden, (action, v["pending"])
        if kind == "reroll":
            rect = next(r for r, k, _f in table.chooser_dice if k == action["die"])
            click(app, rect.center)
        elif kind == "keep":
            label = t("coop.ui.keep_roll") if v["pending"] == "reroll" else t(
                "coop.ui.take_hit")
            press(app, chooser.buttons, label)
        elif kind == "quick":
            press(app, chooser.buttons, art.item_name(app, action["item"]))
        elif kind == "take":
            press(app, chooser.buttons, table.hero_label(action["who"]))
        elif kind == "drop":
            press(app, chooser.buttons, art.item_name(app, action["item"]))
        elif kind in ("accept", "decline"):
            press(app, chooser.buttons, t(f"coop.ui.{kind}"))
        elif kind == "choose":
            label = art.name(app, v["choice"][action["option"]])
            press(app, chooser.buttons, label)
        else:
            raise AssertionError(f"no mouse way for {action}")


def same(a: Action, b: Action) -> bool:
    """Returns True when two actions are the same but for which copy of a card (two copies of
    an item carry one name, and either button drops or uses an equal card)."""
    if a == b:
        return True
    if a.kind != b.kind or a.kind not in ("drop", "quick", "use"):
        return False
    return query.base_id(a["item"]) == query.base_id(b["item"]) and \
        a.get("picks") == b.get("picks")


def choose(rng: Rng, legal: list[Action]) -> Action:
    """Returns a random legal action, keen on playing tiles so that the heroes fight."""
    plays = [a for a in legal if a.kind in ("play", "use")]
    if plays and rng.below(4):
        return rng.choice(plays)
    others = [a for a in legal if a.kind != "end"]
    if others and rng.below(3):
        return rng.choice(others)
    return rng.choice(legal)


def play_by_mouse(app: Any, table: CoopTableScene, seed: int, limit: int = 900,
                  skip_animations: bool = False, bot: Any = None) -> set[str]:
    """Plays the mission to its end, every action by mouse; returns the action kinds used.
    The actions are random (keen on tiles), or the given bot's choices."""
    session = table.session
    rng = Rng(seed)
    kinds: set[str] = set()
    for _ in range(limit):
        if session.is_over:
            break
        assert table.curtain_for is None  # teammates share everything: no curtain
        while table.anim.busy:
            if skip_animations:
                click(app, (600, 120))  # a click anywhere skips the playback
            else:
                app.step([], 0.25)
        assert table.is_my_turn(), session.rules.prompt(session.state)
        legal = session.rules.legal_actions(session.state)
        action = choose(rng, legal) if bot is None else bot.choose(
            session.rules, session.state, session.actor)
        before = len(session.actions)
        act(app, table, action)
        assert len(session.actions) == before + 1, (action, table.plan and table.plan.fixed)
        assert same(session.actions[before], action), (session.actions[before], action)
        kinds.add(action.kind)
    return kinds
