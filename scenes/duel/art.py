"""Card faces, card backs, character tokens and card texts of the duel, drawn once and cached.

Every card gets a drawn frame in the colour of its kind, its game-icons silhouette (the asset
manifest maps ``duel.<card id>`` to an icon and a tint) and its numbers. Card texts are built from
the card's effect records through the ``duel.ui.fx.*`` catalog keys, so the same words appear in
hand, on the table, in tooltips and in the deck builder.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine import registry
from scenes import assets, theme


def cards() -> Any:
    """Returns the duel's card tables (names, kinds, levels, targets) from its rules object."""
    return registry.rules("duel").cards()


# Frame colours per card kind: (band, border).
KIND_COLOURS: dict[str, tuple[theme.Colour, theme.Colour]] = {
    "main": ((128, 38, 30), (214, 176, 98)),
    "clan": ((96, 64, 38), (176, 132, 74)),
    "magic": ((76, 50, 120), (168, 140, 214)),
    "equipment": ((70, 76, 86), (176, 182, 194)),
    "land": ((52, 96, 52), (150, 200, 120)),
    "treasure": ((136, 100, 28), (240, 200, 100)),
}
KIND_KEYS = {"main": "duel.ui.kind.main", "clan": "duel.ui.kind.clan",
             "magic": "duel.ui.kind.magic", "equipment": "duel.ui.kind.equipment",
             "land": "duel.ui.kind.land", "treasure": "duel.ui.kind.treasure"}
ONE_KEYS = {"main": "duel.ui.one.main", "clan": "duel.ui.one.clan", "magic": "duel.ui.one.magic",
            "equipment": "duel.ui.one.equipment", "land": "duel.ui.one.land",
            "treasure": "duel.ui.one.treasure"}
STAT_KEYS = {"attack": "duel.ui.stat.attack", "defence": "duel.ui.stat.defence",
             "magic": "duel.ui.stat.magic", "courage": "duel.ui.stat.courage",
             "life": "duel.ui.stat.life"}
WHO_KEYS = {("own", "main"): "duel.ui.who.own_main", ("own", "clan"): "duel.ui.who.own_clan",
            ("own", "all"): "duel.ui.who.own_all", ("enemy", "main"): "duel.ui.who.enemy_main",
            ("enemy", "clan"): "duel.ui.who.enemy_clan",
            ("enemy", "all"): "duel.ui.who.enemy_all", ("both", "main"): "duel.ui.who.both_main",
            ("both", "clan"): "duel.ui.who.both_clan", ("both", "all"): "duel.ui.who.both_all"}
SIDE_KEYS = {"own": "duel.ui.side.own", "enemy": "duel.ui.side.enemy",
             "both": "duel.ui.side.both"}
DAMAGE_TARGET_KEYS = {"enemy": "duel.ui.target.enemy", "enemy_clan": "duel.ui.target.enemy_clan",
                      "enemy_main": "duel.ui.target.enemy_main",
                      "all_enemy_clan": "duel.ui.target.all_enemy_clan"}
HEAL_TARGET_KEYS = {"own": "duel.ui.target.own", "own_main": "duel.ui.target.own_main",
                    "all_own": "duel.ui.target.all_own"}
FX_KEYS = {"boost": "duel.ui.fx.boost", "armour": "duel.ui.fx.armour",
           "pool_bonus": "duel.ui.fx.pool_bonus", "damage": "duel.ui.fx.damage",
           "heal": "duel.ui.fx.heal", "rally": "duel.ui.fx.rally", "draw": "duel.ui.fx.draw",
           "gain_dice": "duel.ui.fx.gain_dice", "gain_xp": "duel.ui.fx.gain_xp",
           "neutralise": "duel.ui.fx.neutralise",
           "destroy_equipment": "duel.ui.fx.destroy_equipment",
           "discard": "duel.ui.fx.discard", "revive": "duel.ui.fx.revive"}

_faces: dict[tuple[Any, ...], pygame.Surface] = {}


def kind_of(card: str) -> str:
    """Returns a card's kind (main, clan, magic, equipment, land, treasure)."""
    return cards().kind[card]


def card_name(app: Any, card: str) -> str:
    """Returns a card's name in the current language."""
    return app.catalog.text(cards().name(card))


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def effect_text(app: Any, spec: Any) -> str:
    """Returns one effect record as a sentence in the current language."""
    t = app.t
    p = dict(spec.params)
    kind = spec.type
    if kind == "boost":
        who = t(WHO_KEYS[(p.get("side", "own"), p.get("who", "main"))])
        if p["stat"] in ("magic", "courage"):
            who = t(WHO_KEYS[(p.get("side", "own"), "main")])
        return t("duel.ui.fx.boost", who=who, stat=t(STAT_KEYS[p["stat"]]),
                 amount=_signed(int(p["amount"])))
    if kind == "armour":
        who = t(WHO_KEYS[(p.get("side", "own"), p.get("who", "main"))])
        return t("duel.ui.fx.armour", who=who, amount=p["amount"])
    if kind == "pool_bonus":
        return t("duel.ui.fx.pool_bonus", side=t(SIDE_KEYS[p.get("side", "own")]),
                 amount=_signed(int(p["amount"])), count=abs(int(p["amount"])))
    if kind == "damage":
        return t("duel.ui.fx.damage", amount=p["amount"],
                 target=t(DAMAGE_TARGET_KEYS[p.get("target", "enemy")]))
    if kind == "heal":
        return t("duel.ui.fx.heal", amount=p["amount"],
                 target=t(HEAL_TARGET_KEYS[p.get("target", "own")]))
    if kind == "rally":
        return t("duel.ui.fx.rally", amount=p["amount"], stat=t(STAT_KEYS[p["stat"]]))
    if kind in FX_KEYS:
        return t(FX_KEYS[kind], **{k: v for k, v in p.items()})
    return t("duel.ui.fx.other", name=kind.replace("_", " "))


def card_effects(app: Any, card: str) -> list[str]:
    """Returns the sentences of a card's effects (empty for cards without any)."""
    definition = getattr(cards(), kind_of(card))[card]
    return [effect_text(app, spec) for spec in getattr(definition, "effects", ())]


def stat_line(app: Any, card: str) -> str:
    """Returns a card's printed numbers as one line (dice, life, XP, roll needed)."""
    c = cards()
    kind = kind_of(card)
    t = app.t
    if kind == "main":
        d = c.main[card]
        return t("duel.ui.card.main_stats", attack=d.attack, defence=d.defence, magic=d.magic,
                 courage=d.courage, life=d.life)
    if kind == "clan":
        d = c.clan[card]
        return t("duel.ui.card.clan_stats", need=d.level, life=d.life, attack=d.attack,
                 defence=d.defence, xp=d.xp)
    if kind == "magic":
        return t("duel.ui.card.magic_stats", need=c.magic[card].level)
    return t(ONE_KEYS[kind])


def tooltip_lines(app: Any, card: str) -> list[str]:
    """Returns a card's tooltip: name, kind, numbers and effect sentences."""
    kind = kind_of(card)
    lines = [card_name(app, card)]
    line = stat_line(app, card)
    lines.append(app.t(ONE_KEYS[kind]) if line == app.t(ONE_KEYS[kind])
                 else app.t(ONE_KEYS[kind]) + " · " + line)
    lines += card_effects(app, card)
    if card in cards().counters:
        lines.append(app.t("duel.ui.card.counter_hint"))
    return lines


def _badge(surface: pygame.Surface, centre: tuple[int, int], radius: int, value: str,
           fill: theme.Colour, ink: theme.Colour = theme.INK) -> None:
    pygame.draw.circle(surface, fill, centre, radius)
    pygame.draw.circle(surface, theme.GOLD, centre, radius, 2)
    image = assets.text(value, "bold", max(12, radius), ink)
    surface.blit(image, image.get_rect(center=centre))


NAME_SMALLEST = 10  # px: the smallest name size before a name takes two lines
TEXT_SIZES = (12, 11, 10)  # px: card text sizes tried, largest first
ART_MIN = 0.5  # the art may shrink to half its height to leave room for a card's text


def fit_lines(s: str, role: str, sizes: Any, width: int, max_lines: int
              ) -> tuple[tuple[str, ...], int] | None:
    """Returns (lines, size): s wrapped at the largest of sizes in at most max_lines lines of
    at most width pixels, or None when no size fits (a word wider than the width)."""
    for size in sizes:
        lines = assets.wrap(s, role, size, width)
        if len(lines) <= max_lines and all(assets.size_of(line, role, size)[0] <= width
                                           for line in lines):
            return lines, size
    return None


def _name_layout(name: str, w: int) -> tuple[tuple[str, ...], int]:
    """Returns a card name's lines and size: one line shrinking a little, else two lines."""
    base = theme.SIZE_TINY if w < 120 else theme.SIZE_SMALL
    one = fit_lines(name, "bold", range(base, NAME_SMALLEST - 1, -1), w - 16, 1)
    if one is not None and one[1] >= base - 3:
        return one
    two = fit_lines(name, "bold", range(base - 1, NAME_SMALLEST - 1, -1), w - 16, 2)
    if two is not None:
        return two
    # a single long word: the smallest size that still holds it whole, else cut (never seen
    # with the shipped cards; tests/scenes_duel checks every card at every size)
    return one if one is not None else ((assets.fit(name, "bold", NAME_SMALLEST, w - 16),),
                                        NAME_SMALLEST)


def face_layout(app: Any, card: str, size: tuple[int, int], stats: bool = True,
                art_share: float = 0.0) -> dict[str, Any]:
    """Returns where a card face puts its parts: name lines, band height, art height, the
    body's start, the text lines and size, and ``fits`` (the whole text on the card)."""
    w, h = size
    kind = kind_of(card)
    name_lines, name_size = _name_layout(card_name(app, card), w)
    head = max(22, h // 7, len(name_lines) * assets.line_height("bold", name_size) + 2)
    art_h = int(h * (art_share or (0.46 if stats else 0.56)))
    if stats and kind in ("main", "clan"):
        extra = 6 + 28 + assets.line_height("body", theme.SIZE_TINY) + 2
    else:
        extra = 4 + assets.line_height("italic", theme.SIZE_TINY) - 2
    text = " ".join(card_effects(app, card)) if stats else ""
    out = {"name": name_lines, "name_size": name_size, "head": head, "art_h": art_h,
           "text": (), "text_size": TEXT_SIZES[0], "fits": True}
    if not text:
        return out
    # The card's text fits whole, never cut: a size smaller, then less art (the text matters
    # more than the picture), then the smallest size.
    lowest = max(24, int(art_h * ART_MIN))
    tries = [(TEXT_SIZES[0], art_h)] + [(tsize, art) for tsize in TEXT_SIZES[1:]
                                        for art in range(art_h, lowest - 1, -2)]
    for tsize, art in tries:
        top = head + 8 + art + extra
        lines = assets.wrap(text, "body", tsize, w - 16)
        if top + len(lines) * assets.line_height("body", tsize) <= h - 6 and all(
                assets.size_of(line, "body", tsize)[0] <= w - 16 for line in lines):
            out.update(art_h=art, text=lines, text_size=tsize)
            return out
    lines = assets.wrap(text, "body", TEXT_SIZES[-1], w - 16)
    out.update(art_h=lowest, text=lines, text_size=TEXT_SIZES[-1], fits=False)
    return out


def card_face(app: Any, card: str, size: tuple[int, int], stats: bool = True,
              art_share: float = 0.0) -> pygame.Surface:
    """Returns a card's face at size (with its printed numbers and text, or with name and art
    only), cached."""
    key = (card, size, app.catalog.lang, stats, art_share)
    surf = _faces.get(key)
    if surf is not None:
        return surf
    w, h = size
    kind = kind_of(card)
    band, border = KIND_COLOURS[kind]
    layout = face_layout(app, card, size, stats, art_share)
    surf = theme.panel(size, "parchment").copy()
    head = layout["head"]
    pygame.draw.rect(surf, band, (4, 4, w - 8, head), border_top_left_radius=theme.RADIUS - 2,
                     border_top_right_radius=theme.RADIUS - 2)
    # A long name shrinks a little, then takes two lines (cards are narrow, German names long).
    name_size = layout["name_size"]
    lh = assets.line_height("bold", name_size)
    y = 4 + (head - lh * len(layout["name"])) // 2
    for line in layout["name"]:
        image = assets.text(line, "bold", name_size, theme.INK)
        surf.blit(image, image.get_rect(midtop=(w // 2, y)))
        y += lh
    art = pygame.Rect(8, head + 8, w - 16, layout["art_h"])
    pygame.draw.rect(surf, theme.WOOD_DEEP, art, border_radius=8)
    pygame.draw.rect(surf, border, art, 2, border_radius=8)
    icon_size = min(art.width, art.height) - 14
    surf.blit(assets.asset_icon(f"duel.{card}", icon_size), assets.icon(
        "swords-emblem", icon_size).get_rect(center=art.center))
    if kind in ("clan", "magic"):
        need = cards().clan[card].level if kind == "clan" else cards().magic[card].level
        _badge(surf, (art.left + 14, art.top + 14), 13, str(need), band)
    if stats:
        y = art.bottom + 6
        if kind in ("main", "clan"):
            d = cards().main[card] if kind == "main" else cards().clan[card]
            values = [("duel.ui.attack", d.attack), ("duel.ui.defence", d.defence),
                      ("duel.ui.life", d.life)]
            _stat_row(surf, pygame.Rect(6, y, w - 12, 24), values)
            y += 28
            if kind == "clan":
                line = app.t("duel.ui.card.xp", xp=cards().clan[card].xp)
            else:
                line = app.t("duel.ui.card.courage", magic=cards().main[card].magic,
                             courage=cards().main[card].courage)
            line, line_size = assets.shrink_to_fit(line, "body", theme.SIZE_TINY, w - 12,
                                                   NAME_SMALLEST)
            image = assets.text(line, "body", line_size, theme.INK_DARK_DIM)
            surf.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += assets.line_height("body", theme.SIZE_TINY) + 2
        else:
            label = assets.text(app.t(ONE_KEYS[kind]), "italic", theme.SIZE_TINY,
                                theme.INK_DARK_DIM)
            surf.blit(label, label.get_rect(midtop=(w // 2, y - 2)))
            y += assets.line_height("italic", theme.SIZE_TINY) - 2
        tsize = layout["text_size"]
        lh = assets.line_height("body", tsize)
        for line in layout["text"]:
            image = assets.text(line, "body", tsize, theme.INK_DARK)
            surf.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += lh
    pygame.draw.rect(surf, border, surf.get_rect(), 3, border_radius=theme.RADIUS)
    _faces[key] = surf
    return surf


def card_tile(card: str, size: tuple[int, int]) -> pygame.Surface:
    """Returns a small nameless tile of a card (its frame colour and icon) for lists that print
    the name beside it, cached."""
    key = ("tile", card, size)
    surf = _faces.get(key)
    if surf is not None:
        return surf
    w, h = size
    band, border = KIND_COLOURS[kind_of(card)]
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, band, surf.get_rect(), border_radius=6)
    inner = surf.get_rect().inflate(-6, -6)
    pygame.draw.rect(surf, theme.WOOD_DEEP, inner, border_radius=5)
    icon_size = min(inner.width, inner.height) - 4
    image = assets.asset_icon(f"duel.{card}", icon_size)
    surf.blit(image, image.get_rect(center=inner.center))
    pygame.draw.rect(surf, border, surf.get_rect(), 2, border_radius=6)
    _faces[key] = surf
    return surf


def _stat_row(surf: pygame.Surface, rect: pygame.Rect, values: list[tuple[str, int]]) -> None:
    # Narrow cards (the deck builder's tiles) take smaller icons and digits so that the three
    # numbers never run into each other.
    icon_px, digits = 18, theme.SIZE_SMALL
    step = rect.width // len(values)
    widest = max(assets.size_of(str(v), "bold", digits)[0] for _i, v in values)
    if icon_px + 3 + widest > step - 4:
        icon_px, digits = 15, theme.SIZE_TINY
    for i, (icon, value) in enumerate(values):
        cx = rect.left + step * i + step // 2
        image = assets.asset_icon(icon, icon_px)
        number = assets.text(str(value), "bold", digits, theme.INK_DARK)
        total = image.get_width() + 2 + number.get_width()
        x = cx - total // 2
        pygame.draw.circle(surf, theme.WOOD_DARK, (x + icon_px // 2, rect.centery),
                           icon_px // 2 + 2)
        surf.blit(image, (x, rect.centery - icon_px // 2))
        surf.blit(number, (x + image.get_width() + 2, rect.centery - number.get_height() // 2))


def card_back(size: tuple[int, int], colour: theme.Colour = (120, 40, 32)) -> pygame.Surface:
    """Returns the back of a duel card (draw deck, hidden hand, face-down treasure), cached."""
    key = ("back", size, colour)
    surf = _faces.get(key)
    if surf is not None:
        return surf
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, theme.mix(colour, theme.WOOD_DEEP, 0.45), surf.get_rect(),
                     border_radius=theme.RADIUS)
    inner = surf.get_rect().inflate(-10, -10)
    pygame.draw.rect(surf, colour, inner, border_radius=theme.RADIUS - 3)
    for i in range(-h, w, 12):
        pygame.draw.line(surf, theme.mix(colour, (0, 0, 0), 0.2), (inner.left + i, inner.top),
                         (inner.left + i + inner.height, inner.bottom), 2)
    pygame.draw.rect(surf, theme.GOLD, inner, 2, border_radius=theme.RADIUS - 3)
    emblem = assets.icon("rolling-dices", min(w, h) // 2, theme.GOLD)
    pygame.draw.circle(surf, theme.WOOD_DEEP, inner.center, min(w, h) // 3)
    pygame.draw.circle(surf, theme.GOLD, inner.center, min(w, h) // 3, 2)
    surf.blit(emblem, emblem.get_rect(center=inner.center))
    pygame.draw.rect(surf, theme.GOLD_DIM, surf.get_rect(), 2, border_radius=theme.RADIUS)
    _faces[key] = surf
    return surf


def dimmed(surface: pygame.Surface) -> pygame.Surface:
    """Returns a darker copy of a face (for cards that cannot be played now), cached."""
    key = ("dim", surface.get_size(), id(surface))  # cosmetic cache key only
    surf = _faces.get(key)
    if surf is None:
        surf = surface.copy()
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 95))
        surf.blit(shade, (0, 0))
        _faces[key] = surf
    return surf


def clear() -> None:
    """Forgets every cached face (after a language switch the names change)."""
    _faces.clear()
