"""The solo campaign of heroes on the shared campaign layer (engine/core/campaign.py; seed 002,
"Solo-Kampagnen-Modus", "Spielende"; spec §17.3, R-285, AMB-93..95).

The option ``mode=campaign`` (one player) starts the campaign of data/heroes/campaign/
campaigns.yaml: each scenario is one game of the map game against bot heroes
(engine/rules/heroes/adventure/bothero.py). A won scenario carries out the campaign, the number
of the next scenario, the hero and every card the hero owns at the end (deck, hand and discard
pile, spec AMB-93), and the scenarios won; the next scenario is a game of its own set up from
that carry: the same faction and hero, level 1, and instead of setup 11.-13. every statistic
card carried, specialty I and five cards of the player's choice among the rest (no specialty),
chosen one by one at the start of that scenario (decision ``carry_card``, recorded like every
action). Units, resources, buildings and every card not chosen stay behind (spec AMB-94/95).
A lost scenario (eliminated, or the round limit passed) ends the campaign; so does the last.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.actions import Message
from engine.core.campaign import CampaignDef
from engine.core.errors import MalformedAction
from engine.core.protocol import GameConfig, Outcome
from engine.rules.heroes import content as C
from engine.rules.heroes.adventure.state import MapState

# What a scenario carries into the next (checked strictly by check_schema, then check_carry).
CARRY_SCHEMA = {
    "campaign": str,  # the campaign (data/heroes/campaign/campaigns.yaml)
    "next": int,  # the index of the scenario the next game plays (1 = the second)
    "faction": str,
    "hero": str,
    "cards": [str],  # every card the hero owns at the end (deck, hand, discard pile)
    "won": [str],  # the scenarios won so far, in order
}
MAX_CARDS = 200  # a bound for hostile saves: a hero owns far fewer


@cache
def campaign_content(cid: str) -> Any:
    """Returns a campaign of the content (KeyError naming it when there is none)."""
    content = C.content()
    if not content.has("campaign", cid):
        raise KeyError(f"heroes has no campaign {cid!r}")
    return content.get("campaign", cid)


def first_campaign() -> Any:
    """Returns the campaign the option ``mode=campaign`` plays (the first of the content)."""
    found = C.all_of("campaign")
    if not found:
        raise MalformedAction("heroes: the content has no campaign")
    return found[0]


def scenario_for(carry: dict[str, Any] | None) -> str:
    """Returns the scenario a campaign game plays: the first, or the carry's next one."""
    camp = first_campaign() if carry is None else campaign_content(carry["campaign"])
    index = 0 if carry is None else int(carry["next"])
    return str(camp.scenarios[index])


def check_carry(carry: dict[str, Any], players: int) -> None:
    """Raises MalformedAction when a carry (already fitting CARRY_SCHEMA) cannot be played."""
    if players != 1:
        raise MalformedAction("carry: the campaign is played by one player")
    try:
        camp = campaign_content(carry["campaign"])
    except KeyError as exc:
        raise MalformedAction(f"carry.campaign: {exc.args[0]}") from None
    if not 1 <= carry["next"] < len(camp.scenarios):
        raise MalformedAction(f"carry.next: a scenario from 2 to {len(camp.scenarios)} "
                              "follows a won one")
    content = C.content()
    if not content.has("hero", carry["hero"]):
        raise MalformedAction(f"carry.hero: no hero {carry['hero']!r}")
    if C.hero(carry["hero"]).faction != carry["faction"]:
        raise MalformedAction("carry.faction: the hero's own faction")
    if len(carry["cards"]) > MAX_CARDS:
        raise MalformedAction("carry.cards: too many cards")
    for i, cid in enumerate(carry["cards"]):
        if not content.has("card", cid):
            raise MalformedAction(f"carry.cards[{i}]: no card {cid!r}")
    for i, sid in enumerate(carry["won"]):
        if sid not in camp.scenarios:
            raise MalformedAction(f"carry.won[{i}]: {sid!r} is no scenario of the campaign")


def owned_cards(st: MapState, seat: int = 0) -> list[str]:
    """Returns every card a hero owns (spec AMB-93): deck, hand and discard pile, sorted."""
    p = st.ps[seat]
    return sorted(p.deck.draw_pile.cards + p.deck.discard_pile.cards + p.hand)


def carry_out(st: MapState) -> dict[str, Any]:
    """Returns what a finished campaign scenario hands to the next."""
    solo = st.solo
    assert solo is not None
    camp_id = solo["campaign"]
    index = int(solo["index"])
    won = list(solo["won"])
    if 0 in st.winners:
        won.append(st.scenario)
    p = st.ps[0]
    return {"campaign": str(camp_id), "next": index + 1, "faction": p.faction, "hero": p.hero,
            "cards": owned_cards(st), "won": won}


def carry_lines(carry: dict[str, Any]) -> list[Message]:
    """Returns what the campaign carries into the next scenario, one line each."""
    camp = campaign_content(carry["campaign"])
    nxt = camp.scenarios[carry["next"]] if carry["next"] < len(camp.scenarios) else None
    lines = []
    if nxt is not None:
        sc = C.content().get("scenario", nxt)
        lines.append(Message("heroes.campaign.carry.next", {
            "name": {"en": str(sc.name["en"]), "de": str(sc.name["de"])},
            "number": carry["next"] + 1, "of": len(camp.scenarios)}))
    hero = C.hero(carry["hero"])
    lines.append(Message("heroes.campaign.carry.hero", {
        "hero_name": {"en": str(hero.name["en"]), "de": str(hero.name["de"])}}))
    stats = sum(1 for c in carry["cards"] if C.card(c).kind == "stat")
    choice = sum(1 for c in carry["cards"] if C.card(c).kind not in ("stat", "specialty"))
    if choice > camp.keep:
        lines.append(Message("heroes.campaign.carry.deck", {"stats": stats, "keep": camp.keep,
                                                           "count": choice}))
    else:  # no more cards than may go along: every one does, without a choice
        lines.append(Message("heroes.campaign.carry.all", {"stats": stats, "count": choice}))
    lines.append(Message("heroes.campaign.carry.rest", {}))
    return lines


def _name(name: Any) -> dict[str, str]:
    """Returns a content name ({en:, de:}) as the plain dict a Message carries."""
    return {"en": str(name["en"]), "de": str(name["de"])}


class HeroesSolo(CampaignDef):
    """The solo campaign (seed 002): its scenarios one after another while the player wins."""

    id = "solo"
    label = "heroes.campaign.solo"
    texts = {"next": "heroes.campaign.next", "game_won": "heroes.campaign.game_won",
             "of": "heroes.campaign.of", "result_line": "heroes.campaign.result_line",
             "carry": "heroes.campaign.carry",
             "over": "heroes.campaign.over", "over_lost": "heroes.campaign.over_lost",
             "load": "heroes.campaign.load", "results": "heroes.campaign.results",
             "results_final": "heroes.campaign.results_final",
             "result_line_lost": "heroes.campaign.result_line_lost",
             "end": "heroes.campaign.end",
             "score": ""}  # the end reason counts the scenarios won ("2 of 3 scenarios won.")

    def chosen_by(self) -> dict[str, Any]:
        """Returns the option that starts the campaign: mode campaign."""
        return {"mode": "campaign"}

    def applies(self, config: GameConfig) -> bool:
        """Returns True for one player (the campaign is solitaire)."""
        return config.players == 1

    def next_config(self, config: GameConfig, index: int, outcome: Outcome,
                    carry: dict[str, Any]) -> GameConfig | None:
        """Returns the next scenario's set-up after a won scenario (the hero's faction and kind
        fixed, so that the same hero leads), else None."""
        camp = campaign_content(carry["campaign"])
        if 0 not in outcome.winners or carry["next"] >= len(camp.scenarios):
            return None
        options = dict(config.options)
        options["faction_1"] = carry["faction"]
        options["hero_1"] = C.hero(carry["hero"]).type
        return GameConfig(config.seats, options, carry)

    def outcome(self, outcomes: list[Outcome], carries: list[dict[str, Any]]) -> Outcome:
        """Returns the campaign's end: won once its last scenario is won; the score counts the
        scenarios won."""
        last = carries[-1]
        camp = campaign_content(last["campaign"])
        won = len(last["won"])
        done = won == len(camp.scenarios)
        key = "heroes.campaign.won" if done else "heroes.campaign.lost"
        return Outcome((0,) if done else (), (float(won),),
                       Message(key, {"won": won, "of": len(camp.scenarios)}))

    def title(self) -> dict[str, str] | None:
        """Returns the name of the campaign the option plays ("The Rising Banner")."""
        return _name(first_campaign().name)

    def game_name(self, index: int, carries: list[dict[str, Any]]) -> Any:
        """Returns the name of scenario ``index`` of the campaign (games are its scenarios in
        order)."""
        camp = campaign_content(carries[-1]["campaign"])
        if not 0 <= index < len(camp.scenarios):
            return None
        return _name(C.content().get("scenario", camp.scenarios[index]).name)

    def end_lines(self, outcomes: list[Outcome], carries: list[dict[str, Any]]) -> list[Any]:
        """Returns the scenarios a lost campaign did not reach, and the hero with every card it
        owned at the end (spec AMB-93: deck, hand and discard pile), copies counted."""
        last = carries[-1]
        camp = campaign_content(last["campaign"])
        lines: list[Any] = [
            Message("heroes.campaign.not_played", {
                "game": i + 1,
                "name": _name(C.content().get("scenario", camp.scenarios[i]).name)})
            for i in range(len(outcomes), len(camp.scenarios))]
        counts: dict[str, int] = {}
        for cid in last["cards"]:
            counts[cid] = counts.get(cid, 0) + 1
        cards = {lang: ", ".join(
            str(C.card(cid).name[lang]) + (f" ×{n}" if n > 1 else "")
            for cid, n in counts.items()) for lang in ("en", "de")}
        lines.append(Message("heroes.campaign.end_hero", {
            "hero_name": _name(C.hero(last["hero"]).name), "count": len(last["cards"]),
            "cards": cards}))
        return lines

    def sample_carries(self, config: GameConfig) -> list[dict[str, Any]]:
        """Returns the second and third scenarios reached by a might hero of Sunward Keep with
        five cards gained (seven to choose five from): a conformance run, and the balance tool,
        play them whatever the bots reach."""
        if not self.applies(config):
            return []
        camp = first_campaign()
        hero = next(h.id for h in C.all_of("hero") if h.faction == "sunward"
                    and h.type == "might")
        from engine.rules.heroes import decks

        cards = sorted(decks.starting_deck(hero, 4) + ["lightning_bolt", "offense", "haste",
                                                       "curse", "first_aid"])
        return [{"campaign": camp.id, "next": n, "faction": "sunward", "hero": hero,
                 "cards": cards, "won": list(camp.scenarios[:n])}
                for n in range(1, len(camp.scenarios))]
