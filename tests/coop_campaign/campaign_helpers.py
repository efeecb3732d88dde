"""Helpers of the campaign tests: the real campaign map played on the tiles that exist everywhere
(tiles 1 and 2), so that the campaign's own rules are tested whatever missions the content has.

``short_map()`` is the map of data/coop_campaign/campaign.yaml with every station's tile replaced
by ``bridge`` or ``glade`` in turn (the route, the fork, the merchant, the boxes stay), and the
card the "bridge burned" box shuffles in replaced by a forest minion that exists
(``forest_stalker``). The fixture ``short`` (conftest.py) puts it in place of the real map.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.core.campaign import CampaignSession
from engine.core.protocol import GameConfig
from engine.rules.coop_campaign import campaign as K
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign.mapdefs import CampaignMapDef, DeckChangeDef

RAIDER = "forest_stalker"  # stands in for the vengeful raider of the real map


def short_map() -> CampaignMapDef:
    """Returns the real map on tiles 1 and 2."""
    real = C.content().get("campaign", K.MAP_ID)
    stations = tuple(dataclasses.replace(s, tile=("bridge", "glade")[k % 2])
                     for k, s in enumerate(real.stations))
    boxes = []
    for b in real.boxes:
        decks = tuple(DeckChangeDef(add=RAIDER) if c.add is not None else c for c in b.decks)
        boxes.append(dataclasses.replace(b, decks=decks))
    return dataclasses.replace(real, stations=stations, boxes=tuple(boxes))


def config(players: int = 2, hard: bool = False, bots: bool = True,
           **options: Any) -> GameConfig:
    """Returns a campaign set-up of heuristic bot seats (or humans)."""
    from engine.core.protocol import BOT, HUMAN, SeatConfig

    seats = tuple(SeatConfig(kind=BOT if bots else HUMAN, bot="heuristic", name=f"P{i + 1}")
                  for i in range(players))
    return GameConfig(seats, {"mode": "campaign", "hard": hard, **options})


def play_game(camp: CampaignSession, limit: int = 5000) -> int:
    """Plays the current game of a campaign with heuristic bots; returns the actions taken."""
    from engine.ai.base import make_bot, seat_seed

    s = camp.current
    bots = [make_bot("heuristic", "coop_campaign", seed=seat_seed(s.seed, i))
            for i in range(s.config.players)]
    n = 0
    while not s.is_over:
        actor = s.actor
        assert actor is not None
        s.apply(bots[actor].choose(s.rules, s.state, actor))
        n += 1
        assert n < limit
    return n


def use_short_map() -> None:
    """Puts the short map in place of the real one for the rest of the process (a CLI plugin:
    ``python -m engine --plugin tests.coop_campaign.campaign_helpers:use_short_map ...``)."""
    m = short_map()
    K.the_map = lambda: m  # type: ignore[assignment]


def carry_for(route: list[str], station: str, **over: Any) -> dict[str, Any]:
    """Returns a carry of barbarian and wizard at level 1 (hearts 4 of 5) after ``route``."""
    heroes = []
    for i, hid in enumerate(("barbarian", "wizard")):
        d = C.hero(hid)
        heroes.append({"hero": hid, "river": list(d.actions), "flipped": [], "hp": 4,
                       "items": [f"{d.weapon}.h{i + 1}"]})
    out = {"station": station, "attempt": 1, "route": route, "heroes": heroes, "token": 0,
           "boxes": [], "decks": [],
           "news": {"station": route[-1] if route else "", "won": True, "gained": [[], []],
                    "boxes": []}}
    out.update(over)
    return out
