"""Scenario helpers: a mission at the first activation with a clean board, literal set-ups."""

from __future__ import annotations

from typing import Any

from engine import registry
from engine.core.actions import Action
from engine.core.protocol import GameConfig
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.state import MissionState

RULES = registry.rules("coop_campaign")


def mission(heroes: str = "barbarian,wizard", players: int | None = None, seed: int = 0,
            clean: bool = True, **options: Any) -> MissionState:
    """Returns a mission at hero 0's first activation; ``clean`` puts every spawned enemy
    back on top of its deck (a boss stays where it is)."""
    n = len(heroes.split(","))
    players = players if players is not None else (1 if n == 2 else n)
    st = RULES.new_game(GameConfig.for_players(players, heroes=heroes, **options), seed)
    if clean:
        for e in st.living():
            if T.edef(e).rank == "boss":
                continue
            st.columns[e.area].remove(e.uid)
            del st.enemies[str(e.uid)]
            st.decks[T.edef(e).rank].put_top([e.card])
    return st


def put(st: MissionState, eid: str, area: str) -> int:
    """Takes a copy of enemy ``eid`` out of its deck and puts it at the bottom of ``area``."""
    deck = st.decks[C.enemy(eid).rank]
    for pile in (deck.draw_pile, deck.discard_pile):
        for card in pile.cards:
            if C.card_def(card) == eid:
                pile.remove(card)
                return E.place_enemy(st, card, area, []).uid
    raise AssertionError(f"no free copy of {eid}")


def river(st: MissionState, i: int, tiles: list[str]) -> None:
    """Sets hero i's river (slot 1 first)."""
    assert sorted(tiles) == sorted(st.heroes[i].river)
    st.heroes[i].river = list(tiles)


def play(st: MissionState, tile: str, *picks: Any) -> list[Any]:
    """Plays a river tile with the given picks; returns the events."""
    return RULES.apply(st, Action.make("play", tile=tile, picks=list(picks)))


def act(st: MissionState, kind: str, **params: Any) -> list[Any]:
    """Applies any action; returns the events."""
    return RULES.apply(st, Action.make(kind, **params))


def legal(st: MissionState, kind: str) -> list[Action]:
    """Returns the legal actions of a kind."""
    return [a for a in RULES.legal_actions(st) if a.kind == kind]


def events(evs: list[Any], key: str) -> list[Any]:
    """Returns the events with a key (``coop.ev.`` may be left out)."""
    full = key if key.startswith("coop.") else f"coop.ev.{key}"
    return [e for e in evs if e.key == full]


def strike(st: MissionState, uid: int) -> list[Any]:
    """Activates one enemy as the enemy turn would (nothing else moves); returns the events."""
    ev: list[Any] = []
    st.strike = {"uid": uid, "left": 1, "stage": "begin", "first": True}
    E.run_strike(RULES, st, ev)
    if not st.flow.stack:
        E.run_tile_effects(RULES, st, ev)
    return ev
