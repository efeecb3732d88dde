"""Catalog labels for the options of the map game's ``choose`` decisions and its effect records.

The view hands ``choice_labels`` (one message per option, in the order of ``choice``) so a table
need not read raw option strings such as ``"reinforce:u1"`` or ``"0"`` (an index into effect
alternatives). Each label is the JSON of a Message; content names travel as inline ``{en, de}``
texts and nested messages, which the catalog translates on the way in.
"""

from __future__ import annotations

from typing import Any

from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.state import RESOURCES, MapState
from engine.rules.heroes.names import name_of

# option words every purpose shares
WORDS = {"skip": "heroes.map.opt.skip", "none": "heroes.map.opt.none",
         "done": "heroes.map.opt.done", "fight": "heroes.map.opt.fight",
         "yield": "heroes.map.opt.yield", "look": "heroes.map.opt.look",
         "take": "heroes.map.opt.take", "discard": "heroes.map.opt.discard",
         "defend": "heroes.map.opt.defend"}
# effect types described by their amount ``n`` (the parameter named in the second place)
COUNTED = {"xp": ("heroes.map.eff.xp", "amount", 1), "mp": ("heroes.map.eff.mp", "amount", 1),
           "treasure_die": ("heroes.map.eff.treasure_die", "dice", 1),
           "resource_die": ("heroes.map.eff.resource_die", "dice", 1),
           "resource_dice_pick": ("heroes.map.eff.resource_dice_pick", "dice", 2),
           "search_artifact": ("heroes.map.eff.search_artifact", "look", 2),
           "search_spell": ("heroes.map.eff.search_spell", "look", 2)}


# the catalog keys of content words (spelled out: tests/test_i18n.py looks for every key)
RES_AMOUNT = {"gold": "heroes.map.eff.gold", "materials": "heroes.map.eff.materials",
              "valuables": "heroes.map.eff.valuables"}
RES_NAME = {"gold": "heroes.map.res.gold", "materials": "heroes.map.res.materials",
            "valuables": "heroes.map.res.valuables"}
TIER = {"bronze": "heroes.map.tier.bronze", "silver": "heroes.map.tier.silver",
        "gold": "heroes.map.tier.gold"}
RARITY = {"minor": "heroes.map.rarity.minor", "major": "heroes.map.rarity.major",
          "relic": "heroes.map.rarity.relic"}
KIND = {"far": "heroes.map.kind.far", "near": "heroes.map.kind.near",
        "centre": "heroes.map.kind.centre", "start": "heroes.map.kind.start"}
PLAIN = {"morale_plus": "heroes.map.eff.morale_plus", "morale_minus": "heroes.map.eff.morale_minus",
         "recruit_neutral": "heroes.map.eff.recruit_neutral"}
MORALE = {"draw": "heroes.map.opt.morale_draw", "cycle": "heroes.map.opt.morale_cycle",
          "lose": "heroes.map.opt.morale_lose"}


def msg(key: str, **params: Any) -> dict[str, Any]:
    """Returns the JSON form of a Message."""
    return {"key": key, "params": params}


def _join(parts: list[dict[str, Any]]) -> dict[str, Any]:
    if not parts:
        return msg("heroes.map.eff.nothing")
    out = parts[-1]
    for p in reversed(parts[:-1]):
        out = msg("heroes.map.eff.and", a=p, b=out)
    return out


def resources(res: list[int] | tuple[int, ...]) -> dict[str, Any]:
    """Returns a label of amounts of gold, materials and valuables."""
    return _join([msg(RES_AMOUNT[name], n=int(n))
                  for name, n in zip(RESOURCES, res, strict=True) if n])


def describe(eff: dict[str, Any]) -> dict[str, Any]:
    """Returns a label of one effect record (docs/heroes/map-data.md lists the types)."""
    kind = eff.get("type", "")
    if kind in COUNTED:
        key, param, default = COUNTED[kind]
        return msg(key, n=int(eff.get(param, default)))
    if kind in ("gain", "income"):
        return resources([int(eff.get(r, 0)) for r in RESOURCES])
    if kind == "pay":
        return msg("heroes.map.eff.pay",
                   cost=resources([int(eff.get(r, 0)) for r in RESOURCES]),
                   what=effects(eff.get("then") or ()))
    if kind == "twice":
        return msg("heroes.map.eff.twice", what=effects(eff.get("then") or ()))
    if kind == "free_reinforce":
        return msg("heroes.map.eff.free_reinforce",
                   tier=msg(TIER[str(eff.get("max_tier", "bronze"))]))
    if kind == "reveal_artifact":
        return msg("heroes.map.eff.reveal_artifact",
                   rarity=msg(RARITY[str(eff.get("rarity", "minor"))]))
    if kind in PLAIN:
        return msg(PLAIN[kind])
    return msg("heroes.map.eff.other")


def effects(effs: Any) -> dict[str, Any]:
    """Returns a label of a list of effect records."""
    return _join([describe(dict(e)) for e in effs])


def choice_labels(st: MapState) -> list[dict[str, Any]]:
    """Returns a label for each option of the ``choose`` decision on top (else [])."""
    top = st.flow.top
    if top is None or top.kind != R.CHOOSE:
        return []
    purpose, options, key = top.data
    ctx = st.battle.get("ctx", {}).get(key, [])
    return [option_label(st, top.seat, purpose, str(o), ctx) for o in options]


def _unit(uid: str) -> dict[str, Any]:
    return msg("heroes.map.opt.unit", unit=name_of("unit", uid))


def _card(cid: str) -> dict[str, Any]:
    return msg("heroes.map.opt.card", card=name_of("card", cid))


def option_label(st: MapState, seat: int, purpose: str, opt: str,
                 ctx: list[Any]) -> dict[str, Any]:
    """Returns the label of one option of a choice of ``purpose`` (rules.py, ``_CHOICES``)."""
    content = R.mc()
    if purpose in R.expansion.PURPOSES:  # the expansion rules' choices (adventure/expansion.py)
        return R.expansion.label(st, seat, purpose, opt, ctx)
    if purpose == "pay" and opt == "pay":
        return msg("heroes.map.eff.pay", cost=resources(ctx[1]), what=effects(ctx[2]))
    if opt in WORDS:
        return msg(WORDS[opt])
    if purpose == "reroll":
        if opt == "keep":
            return msg("heroes.map.opt.keep_roll")
        i = int(opt.split(":")[1])
        face = int(ctx[2][i])
        return msg("heroes.map.opt.reroll", n=i + 1, face=effects(R.face_effects(st, ctx[1],
                                                                                 face)))
    if purpose == "morale_second":
        return msg(MORALE[opt])
    if purpose == "settlement":
        if opt in RESOURCES:
            return msg("heroes.map.opt.income", res=msg(RES_NAME[opt]))
        return msg("heroes.map.opt.reinforce", unit=name_of("unit", opt.split(":", 1)[1]))
    if purpose == "die":
        return effects(R.face_effects(st, ctx[1], int(opt)))
    if purpose == "effect":
        return effects(ctx[1][int(opt)])
    if purpose == "bonus":  # the difficulty's, or a campaign scenario's own
        return effects(R.bothero.bonus_alternatives(st)[int(opt)])
    if purpose in ("relocate", "portal"):
        h = R._h(opt.split(","))
        field = R.board(st).fields[h]
        loc = field.location
        if loc is not None:
            # the tile's label tells two settlements apart (three buttons all said "Settlement")
            return msg("heroes.map.opt.place_named", place=content.locations[loc].name,
                       tile=content.tiles[field.tile].label, at=[h[0], h[1]])
        return msg("heroes.map.opt.field", at=[h[0], h[1]])
    if purpose == "explore":
        parts = opt.split(":")
        if parts[0] == "discover":
            at = R._h(parts[1].split(","))
            kind = next((s[0] for s in st.slots if (s[1], s[2]) == at), "far")
            return msg("heroes.map.opt.discover", kind=msg(KIND[kind]),
                       at=[at[0], at[1]])
        at = R._h(parts[2].split(","))
        return msg("heroes.map.opt.place", tile=content.tiles[parts[1]].label, at=[at[0], at[1]])
    if purpose == "witch" and opt.startswith("remove:"):
        return msg("heroes.map.opt.remove", card=name_of("card", opt[7:]))
    if purpose == "after_combat":
        cost = R._discounted(R.unit_cost(st, opt, True), int(ctx[1]))
        return msg("heroes.map.opt.reinforce_for", unit=name_of("unit", opt),
                   cost=resources(cost))
    if purpose in ("start_unit", "reinforce", "neutral"):
        if purpose == "neutral":
            return msg("heroes.map.opt.recruit", unit=name_of("unit", opt),
                       cost=resources(R.unit_cost(st, opt, False)))
        return _unit(opt)
    if purpose in ("spring", "recover", "cycle", "carry_card"):
        return _card(opt)
    return msg("heroes.map.opt.other", option=opt)
