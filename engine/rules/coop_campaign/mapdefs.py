"""Content schema of the campaign map (seed 001, "2. Kampagne"): stations with their routes and
map positions, the shaped checkboxes with what they change, the prologue and the epilogue.

The YAML lives in ``data/coop_campaign/campaign.yaml``. References inside the map (routes,
required boxes, the stations a box changes) and to other content (each station's mission tile,
the enemy cards a box shuffles in) are checked by ``campaign.map_problems``: a campaign cannot
start while one of them does not resolve (docs/coop_campaign/rules.md, "Campaign").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from engine.content.schema import Range, Text, content_kind
from engine.rules.coop_campaign.defs import GAME, Theme

# the shapes of the checkboxes printed on the map (seed 001, 2: "Checkboxes mit einer
# bestimmten Form")
Shape = Literal["circle", "square", "triangle", "star", "diamond", "hexagon"]
# the landscape the map paints around a station
Land = Literal["forest", "graveyard", "ashen"]


@dataclass(frozen=True, slots=True)
class DeckChangeDef:
    """A change a ticked box makes to the enemy decks for the rest of the campaign: one copy of
    a card shuffled into its theme's deck (``add``), every copy of a card taken out
    (``remove``), or every card of a family taken out of a theme's decks (``remove_family``
    with ``theme``). Exactly one of the three."""

    add: str | None = None
    remove: str | None = None
    remove_family: str | None = None
    theme: Theme | None = None


@dataclass(frozen=True, slots=True)
class BoxDef:
    """A shaped checkbox on the map: ticked by a mission, read by later missions or decks."""

    id: str
    shape: Shape
    name: Text
    text: Text  # what it changes, as the map says it
    set_by: str  # the station whose mission may tick it
    affects: tuple[str, ...] = ()  # the stations it changes (marked on the map)
    decks: tuple[DeckChangeDef, ...] = ()


@dataclass(frozen=True, slots=True)
class StationDef:
    """A station of the map: its label, mission tile, place name, position and routes on."""

    id: str
    label: str  # as printed: "1", "4A"
    tile: str  # the mission tile played here
    place: Text  # the place's name on the map
    land: Land
    x: Annotated[int, Range(0, 1000)]
    y: Annotated[int, Range(0, 600)]
    next: tuple[str, ...] = ()  # the stations a route leads to; none: the campaign's end
    requires: str | None = None  # a box that must be ticked to take the route here
    boss: bool = False
    merchant: bool = False  # a merchant waits after this mission


@content_kind(GAME, "campaign")
@dataclass(frozen=True, slots=True)
class CampaignMapDef:
    """The campaign: its map, checkboxes and the texts read before and after it."""

    id: str
    name: Text
    prologue: Text
    epilogue: Text
    defeat: Text  # read when a hard-mode campaign ends with a lost mission
    start: str  # the first station
    origin_x: Annotated[int, Range(0, 1000)]  # where the party marker stands for the prologue
    origin_y: Annotated[int, Range(0, 600)]
    stations: tuple[StationDef, ...]
    boxes: tuple[BoxDef, ...]
    # hard mode: the missions a party may lose and try again in the whole campaign; the next
    # loss ends it (spec §7, AMB-28's "retry allowed" for a softer hard mode)
    hard_retries: Annotated[int, Range(0, 20)] = 0
