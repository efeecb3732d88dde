"""The campaign crawler's knowledge for the hard bot (engine/ai/search.py) and the coach.

Every seat is on the party's side, so a playout's reward is the party's: the mission won or
lost, moved a little by how it ended (a won mission with the heroes' hearts left counts more
than one won on the last heart; a lost one counts more the further it got). Playouts are played
by the heuristic hero bot (bots.py) in every seat. The candidates of a hero's activation are the
heuristic's choice, the actions its own score ranks next, and ending the activation; a pending
decision (rerolls, defence items, who takes a hit, loot, a tile's choice) compares its few
answers. The only hidden thing is the order of the draw piles (``rules.determinize``), so every
sample re-deals them, and the dice of every playout are the sample's own.

The terms the coach names as its reason are read a round after the choice: the party's hearts,
heroes still standing, damage on the boss, the enemies' attack strength, enemies on the tile,
plunder flags and mana.
"""

from __future__ import annotations

from typing import Any

from engine.ai.levels import register_levels
from engine.ai.search import SearchKnowledge, register_search
from engine.core.actions import Action, Message
from engine.core.protocol import GameRules
from engine.core.rng import Rng
from engine.rules.coop_campaign import boss as B
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.bots import CoopBot, _threat
from engine.rules.coop_campaign.names import area_names, content_name
from engine.rules.coop_campaign.state import MissionState

GAME = "coop_campaign"
# How much of a playout's reward says how it ended (the rest: won or lost). A won mission
# gains up to this with the party's hearts left; a lost one up to this with the rounds it lasted
# (on a boss tile: the damage on the boss).
MARGIN = 0.1
# The answers to a pending decision, by its kind: the table's button texts.
_PLAIN = {"end": "coop.ui.end", "set_out": "coop.ui.camp.set_out",
          "accept": "coop.ui.accept", "decline": "coop.ui.decline"}
# what each level of a bot teammate does, the set-up screen's tooltip of the seat's difficulty
# (scenes/newgame.py reads ``<game>.bot.level.<difficulty>``)
LEVEL_TEXTS = {"easy": "coop_campaign.bot.level.easy", "normal": "coop_campaign.bot.level.normal",
               "hard": "coop_campaign.bot.level.hard"}
FACE_KEYS = {"S": "coop.ui.face.S", "SC": "coop.ui.face.SC", "C": "coop.ui.face.C",
             "L": "coop.ui.face.L"}


def _text(text: Any) -> dict[str, str]:
    """Returns a content text as an inline ``{en, de}`` parameter."""
    return {"en": str(text["en"]), "de": str(text["de"])}


def _hero_name(st: MissionState, who: int) -> Any:
    """Returns a hero's name, or its wolf's (a ``who`` of E.WOLF + i), as a parameter."""
    if who >= E.WOLF:
        return {"key": "coop.ui.wolf_of",
                "params": {"hero": _text(C.hero(st.heroes[who - E.WOLF].hid).name)}}
    return _text(C.hero(st.heroes[who].hid).name)


def _health(st: MissionState) -> float:
    """Returns the share of the party's hearts left (a dead hero has none)."""
    have = sum(0 if h.dead else h.hp for h in st.heroes)
    return have / max(1, sum(T.hp_max(h) for h in st.heroes))


def _progress(st: MissionState) -> float:
    """Returns how far the party got: the rounds played of the tracker's, or on a boss tile
    the boss's damage out of its boxes."""
    boss = B.boss_enemy(st)
    if boss is not None:
        zones = T.edef(boss).zones
        return sum(boss.damage) / max(1, sum(z.boxes for z in zones))
    return min(1.0, st.round / max(1, len(C.tile(st.tile).tracker)))


class CoopKnowledge(SearchKnowledge):
    """What the search knows about a mission of the campaign crawler."""

    # A mission played out costs 35-40 actions of some 200 µs each (the heuristic lists and
    # scores every target combination of a hero's activation): 3 500 actions are about 0.7 s
    # on the reference machine (docs/coop_campaign/balance.md, "The hard level").
    step_budget = 3_500
    max_candidates = 6
    # the coach reads its terms one round (one turn of the tracker) after the choice
    term_turns = 1
    term_info = {
        "health": (0.25, "coop.coach.why.health"),
        "standing": (1.5, "coop.coach.why.standing"),
        "boss": (0.3, "coop.coach.why.boss"),
        "threat": (0.08, "coop.coach.why.threat"),
        "foes": (0.3, "coop.coach.why.foes"),
        "flags": (0.6, "coop.coach.why.flags"),
        "mana": (0.05, "coop.coach.why.mana"),
    }

    def playout_bot(self, seat: int, seed: int) -> CoopBot:
        """Returns the heuristic hero bot (without the levels' wrapper: playouts play it)."""
        return CoopBot("normal", seed)

    def candidates(self, rules: GameRules[Any], state: Any, seat: int, legal: list[Action],
                   base: Action, rng: Rng) -> list[Action]:
        """Returns the heuristic's choice, then for a hero's activation the actions its score
        ranks next and ending the activation; for a decision or the camp a seeded sample."""
        st: MissionState = state
        if st.stage == "camp":
            return self._camp_candidates(legal, base)
        if st.flow.top is not None or st.active < 0:
            return super().candidates(rules, state, seat, legal, base, rng)
        scorer = CoopBot("normal", 0)
        scored = sorted(((scorer.score(st, a), -k, a) for k, a in enumerate(legal)
                         if a != base), key=lambda x: (x[0], x[1]), reverse=True)
        out = [base]
        end = next((a for a in legal if a.kind == "end"), None)
        room = self.max_candidates - (1 if end is not None and end != base else 0)
        for _score, _k, a in scored:
            if len(out) >= room:
                break
            if a.kind != "end":
                out.append(a)
        if end is not None and end not in out:
            out.append(end)
        return out

    def _camp_candidates(self, legal: list[Action], base: Action) -> list[Action]:
        """Returns the camp's choices worth a mission's playouts: the heuristic's, the other
        wares, roads and scrolls, and setting out. Passing an item on or leaving it behind is
        the heuristic's business (it does so when a pack is over capacity): a dozen samples
        cannot tell a hero's weapon given away from a small loss, so they are not compared."""
        out = [base]
        for a in legal:
            if a.kind in ("buy", "route", "scroll", "set_out") and a not in out:
                out.append(a)
        return out[:self.max_candidates]

    def reward(self, rules: GameRules[Any], state: Any, seat: int) -> float:
        """Returns the party's reward of a finished mission: 1 - MARGIN and up to MARGIN more
        with the hearts left for a win, up to MARGIN with how far it got for a loss."""
        st: MissionState = state
        if st.result == "won":
            return 1.0 - MARGIN + MARGIN * _health(st)
        return MARGIN * _progress(st)

    def won(self, rules: GameRules[Any], state: Any, seat: int) -> float:
        """Returns 1 for a mission the party won (every seat wins it whole), else 0."""
        st: MissionState = state
        return 1.0 if st.result == "won" else 0.0

    def terms(self, rules: GameRules[Any], state: Any, seat: int) -> list[tuple[str, float]]:
        """Returns the party's hearts, heroes standing, damage on the boss, minus the enemies'
        attack strength, enemies and plunder flags, and the party's mana."""
        st: MissionState = state
        won = st.result == "won"
        health = sum(0 if h.dead else h.hp for h in st.heroes)
        standing = sum(1 for h in st.heroes if not h.dead and not h.ko)
        boss = B.boss_enemy(st)
        boss_damage = float(sum(boss.damage)) if boss is not None else 0.0
        if won and st.boss is not None and boss is None:
            boss_damage = 99.0  # the boss fell: more than any damage on it
        living = [] if won else st.living()
        threat = sum(_threat(st, e) for e in living)
        flags = sum(st.flags.values())
        mana = sum(h.mana for h in st.heroes)
        return [("health", float(health)), ("standing", float(standing)),
                ("boss", boss_damage), ("threat", -threat), ("foes", -float(len(living))),
                ("flags", -float(flags)), ("mana", float(mana))]

    # --- the actions in words -------------------------------------------------------------------
    def describe(self, rules: GameRules[Any], state: Any, seat: int, action: Action
                 ) -> Message:
        """Returns the action in words: what is played and at whom, with the table's names."""
        st: MissionState = state
        kind = action.kind
        if kind in _PLAIN:
            return Message(_PLAIN[kind])
        if kind in ("play", "standard", "use"):
            return self._activation(st, action)
        if kind == "reroll":
            faces = (st.attack or {}).get("faces") or []
            k = action["die"]
            face = faces[k] if k < len(faces) else "S"
            return Message("coop.coach.act.reroll",
                           {"n": k + 1, "face": {"key": FACE_KEYS.get(face, "coop.ui.face.S"),
                                                 "params": {}}})
        if kind == "keep":
            top = st.flow.top
            defend = top is not None and top.kind != "reroll"
            return Message("coop.ui.take_hit" if defend else "coop.ui.keep_roll")
        if kind == "quick":
            return Message("coop.coach.act.use", {"item": self._item(action["item"])})
        if kind == "take":
            return Message("coop.coach.act.take", {"who": _hero_name(st, action["who"])})
        if kind in ("drop", "discard"):
            return Message("coop.coach.act.drop", {"item": self._item(action["item"])})
        if kind == "choose":
            return self._choice(st, action["option"])
        if kind == "buy":
            return Message("coop.coach.act.buy", {"item": self._item(action["item"])})
        if kind == "give":
            return Message("coop.coach.act.give", {"item": self._item(action["item"]),
                                                   "who": _hero_name(st, action["to"])})
        if kind == "scroll":
            return Message("coop.coach.act.scroll",
                           {"tile": _text(C.action(action["tile"]).base.name)})
        if kind == "route":
            from engine.rules.coop_campaign import campaign

            s = campaign.station(action["station"])
            return Message("coop.coach.act.route",
                           {"station": s.label, "mission": _text(C.tile(s.tile).name)})
        return super().describe(rules, state, seat, action)

    @staticmethod
    def _item(card: str) -> Any:
        """Returns an item card's name (a hero without a weapon fights with bare hands)."""
        name = content_name("item", card)
        return name if name is not None else {"key": "coop.ui.unarmed", "params": {}}

    def _activation(self, st: MissionState, action: Action) -> Message:
        """Returns a tile, standard action or item played, with its first target or jump."""
        kind = action.kind
        h = st.heroes[st.active] if st.active >= 0 else st.heroes[0]
        if kind == "play":
            side = T.side(h, action["tile"])
            name: Any = _text(side.name)
            effects = side.effects
        elif kind == "standard":
            sd = T.standard_def(st, h, action["action"])
            name, effects = _text(sd.name), sd.effects
        else:
            name, effects = self._item(action["item"]), C.card_item(action["item"]).use
        target: tuple[int, int] | None = None
        jump = None
        extra = 0
        for spec, pick in zip(effects, action["picks"], strict=False):
            if pick is None:
                continue
            if spec.type == "jump" and jump is None and target is None:
                jump = area_names(st.tile).get(pick)
            elif spec.type in ("attack", "basic_attack") and target is None:
                _weapon, targets = pick  # (weapon, ((uid, zone), ...))
                target, extra = targets[0], len(targets) - 1
            elif spec.type == "zone_damage" and target is None:
                target = (pick[0], pick[1])
        params: dict[str, Any] = {"name": name}
        if target is not None:
            e = st.enemies.get(str(target[0]))
            card = content_name("enemy", e.card) if e is not None else None
            params.update({"enemy": card or "?", "zone": int(target[1]) + 1, "more": extra})
        if jump is not None:
            params["area"] = jump
        if target is not None and jump is not None:
            key = "coop.coach.act.jump_attack"
        elif target is not None:
            key = "coop.coach.act.attack_more" if extra else "coop.coach.act.attack"
        elif jump is not None:
            key = "coop.coach.act.jump"
        else:
            key = "coop.coach.act.play"
        return Message(key, params)

    @staticmethod
    def _choice(st: MissionState, option: int) -> Message:
        """Returns a party choice's option by its label on the tile."""
        from engine.rules.coop_campaign.view import choice_labels

        labels = choice_labels(st)
        if 0 <= option < len(labels):
            return Message("coop.coach.act.choose", {"option": labels[option]})
        return Message("coop.coach.act.choose_n", {"n": option + 1})


register_search(CoopKnowledge(GAME))
register_levels(GAME)
