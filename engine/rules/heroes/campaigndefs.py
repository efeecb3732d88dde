"""Content schemas of the heroes solo campaign (seed 002, "Bot-Regeln", "Solo-Kampagnen-Modus",
"Spielende"; spec §14, §17.3, §23.8 S4): bot cards, the campaigns, and the bot part of a campaign
scenario.

The YAML lives under ``data/heroes/campaign/``: ``bot_cards.yaml`` (kind ``bot_card``),
``campaigns.yaml`` (kind ``campaign``) and ``scenarios.yaml`` (kind ``scenario`` with
``mode: campaign``: the map scenario schema of engine/rules/heroes/mapdefs.py with its ``solo``
part, ``SoloDef`` below). docs/heroes/rules.md ("The solo campaign") records the decisions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from engine.content.schema import Effect, Range, Ref, Text, content_kind
from engine.rules.heroes.boteffects import BOT_EFFECTS

GAME = "heroes"
BotCardType = Literal["might", "magic", "skill"]
Coord = Annotated[int, Range(-40, 40)]
Rotation = Annotated[int, Range(0, 5)]


# ---------------------------------------------------------------------------------------------
# Bot cards (seed "Kartendecks der Bot-Helden": name, description, four difficulty modifiers,
# a type)


@dataclass(frozen=True, slots=True)
class BotModifierDef:
    """What a bot card does at one difficulty: a short text and its bot effects."""

    text: Text
    effects: tuple[Effect, ...]

    def __post_init__(self) -> None:
        for e in self.effects:
            if e.type not in BOT_EFFECTS:
                raise ValueError(f"effect '{e.type}' is not a bot effect "
                                 "(see engine/rules/heroes/boteffects.py)")


@dataclass(frozen=True, slots=True)
class BotModifiersDef:
    """The four difficulty modifiers of a bot card (seed: Leicht, Normal, Experte, Unmöglich)."""

    easy: BotModifierDef
    normal: BotModifierDef
    expert: BotModifierDef
    impossible: BotModifierDef


@content_kind(GAME, "bot_card")
@dataclass(frozen=True, slots=True)
class BotCardDef:
    """A bot card: might (attached to the activated unit until the matching attack or defence),
    magic (a cast from the bot spell deck) or skill (the basic or expert effect of the ability
    card ``ability``, set aside at set-up). ``family`` names the design two variants share."""

    id: str
    name: Text
    text: Text
    type: BotCardType
    family: str
    modifiers: BotModifiersDef
    ability: Annotated[str, Ref("card")] | None = None

    def __post_init__(self) -> None:
        if (self.type == "skill") != (self.ability is not None):
            raise ValueError("a skill card names its ability card, and only a skill card does")
        kinds = {e.type for m in (self.modifiers.easy, self.modifiers.normal,
                                  self.modifiers.expert, self.modifiers.impossible)
                 for e in m.effects}
        if "bot_skill" in kinds and self.type != "skill":
            raise ValueError("only a skill card resolves an ability (bot_skill)")
        if "bot_cast" in kinds and self.type != "magic":
            raise ValueError("only a magic card casts from the bot spell deck (bot_cast)")

    def modifier(self, difficulty: str) -> BotModifierDef:
        """Returns the modifier of a difficulty (easy, normal, expert, impossible)."""
        return getattr(self.modifiers, difficulty)  # type: ignore[no-any-return]


# ---------------------------------------------------------------------------------------------
# The bot part of a campaign scenario (seed "Bot-Regeln": static armies set by the scenario; the
# bot deck's count of cards of each type and the bot spell deck's spells)


@dataclass(frozen=True, slots=True)
class BotUnitDef:
    """A unit of a bot hero's static army (a faction or neutral unit, Few or Pack)."""

    unit: Annotated[str, Ref("unit")]
    pack: bool = False


@dataclass(frozen=True, slots=True)
class BotTownDef:
    """A town of the bots: the start tile of the first faction of ``factions`` the player does not
    play, laid face up at ``at`` with ``rotation``; ``walls``: it is defended as a siege."""

    at: tuple[Coord, Coord]
    factions: tuple[Annotated[str, Ref("faction")], ...]
    rotation: Rotation = 0
    walls: bool = False

    def __post_init__(self) -> None:
        if len(self.factions) < 2:
            raise ValueError("name two factions or more (the player may play the first)")


@dataclass(frozen=True, slots=True)
class BotHeroDef:
    """A bot hero: its name, the bot town it starts in (index into ``towns``), its static army,
    and whether it moves (a scenario may keep one home to guard its town)."""

    id: str
    name: Text
    units: tuple[BotUnitDef, ...]
    town: Annotated[int, Range(0, 3)] = 0
    moves: bool = True

    def __post_init__(self) -> None:
        if not 1 <= len(self.units) <= 5:
            raise ValueError("a bot hero leads one to five units (seed: five take part in combat)")


@dataclass(frozen=True, slots=True)
class BotDeckDef:
    """How many bot cards of each type the bot deck holds (chosen at random at set-up) and the
    spells of the bot spell deck (taken out of the spell deck)."""

    might: Annotated[int, Range(0, 6)] = 0
    magic: Annotated[int, Range(0, 4)] = 0
    skill: Annotated[int, Range(0, 4)] = 0
    spells: tuple[Annotated[str, Ref("card")], ...] = ()


@dataclass(frozen=True, slots=True)
class SoloDef:
    """The bot side of a campaign scenario and its own start bonus (alternatives the player picks
    one of; they replace the difficulty's bonus, seed "Szenarien einer Kampagne haben eigene
    Startboni")."""

    towns: tuple[BotTownDef, ...]
    bots: tuple[BotHeroDef, ...]
    deck: BotDeckDef = BotDeckDef()
    bonus: tuple[tuple[Effect, ...], ...] = ()

    def __post_init__(self) -> None:
        if not self.towns or not self.bots:
            raise ValueError("a campaign scenario has a bot town and a bot hero at least")
        for b in self.bots:
            if b.town >= len(self.towns):
                raise ValueError(f"bot {b.id}: no town {b.town}")
        ids = [b.id for b in self.bots]
        if len(set(ids)) != len(ids):
            raise ValueError("two bot heroes share an id")


# ---------------------------------------------------------------------------------------------
# Campaigns


@content_kind(GAME, "campaign")
@dataclass(frozen=True, slots=True)
class CampaignContentDef:
    """A solo campaign: its scenarios in order (each a ``mode: campaign`` scenario) and how many
    cards of choice a hero carries into the next (seed "Spielende": five)."""

    id: str
    name: Text
    text: Text
    scenarios: tuple[Annotated[str, Ref("scenario")], ...]
    keep: Annotated[int, Range(0, 10)] = 5

    def __post_init__(self) -> None:
        if len(self.scenarios) < 1 or len(set(self.scenarios)) != len(self.scenarios):
            raise ValueError("a campaign plays one scenario or more, each once")


# ---------------------------------------------------------------------------------------------
# Checks across entries (run by mapdefs.map_problems)

SOLO_VICTORIES = ("defeat_bot_heroes", "hold_mines", "capture_bot_town", "bots_then_bot_town")


def solo_problems(c: Any) -> list[tuple[str, str, str]]:
    """Returns (kind, id, message) of every problem of the campaign content that needs more than
    one entry to see: campaigns name campaign scenarios, bot decks can be dealt from the bot
    cards, bot spells are spells, a campaign scenario's goals are the campaign's."""
    out: list[tuple[str, str, str]] = []
    for camp in c.all("campaign"):
        for sid in camp.scenarios:
            if c.has("scenario", sid) and c.get("scenario", sid).mode != "campaign":
                out.append(("campaign", camp.id, f"scenario {sid} is no campaign scenario"))
    cards = list(c.all("bot_card"))
    count = {t: sum(1 for b in cards if b.type == t) for t in ("might", "magic", "skill")}
    for sc in c.all("scenario"):
        solo = sc.solo
        if solo is None:
            if any(v.type in SOLO_VICTORIES for v in sc.victory):
                out.append(("scenario", sc.id, "a campaign goal in a clash scenario"))
            continue
        if sc.round_limit is None:
            out.append(("scenario", sc.id, "a campaign scenario needs a round_limit (it is lost "
                                           "when the limit passes)"))
        goals = [v for v in sc.victory if v.type in SOLO_VICTORIES]
        if not goals or len(goals) != len(sc.victory):
            out.append(("scenario", sc.id, f"a campaign scenario's goals are "
                                           f"{', '.join(SOLO_VICTORIES)} (one at least)"))
        for v in goals:
            if v.type == "hold_mines" and (v.count < 1 or v.rounds < 1):
                out.append(("scenario", sc.id, "hold_mines needs a count and rounds"))
        for t in ("might", "magic", "skill"):
            want = getattr(solo.deck, t)
            if want > count[t]:
                out.append(("scenario", sc.id, f"the bot deck wants {want} {t} cards, there "
                                               f"are {count[t]}"))
        for sid in solo.deck.spells:
            if c.has("card", sid) and c.get("card", sid).kind != "spell":
                out.append(("scenario", sc.id, f"bot spell {sid} is not a spell"))
        if solo.deck.magic and not solo.deck.spells:
            out.append(("scenario", sc.id, "magic bot cards need a bot spell deck"))
    return out
