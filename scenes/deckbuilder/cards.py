"""Card faces of the deck-builder, drawn from the view's card data and cached per size.

A face is a framed card coloured by its type (hero, militia, item, weapon, spell, villager,
food, monster, disease, relic), with the name on a banner, the price (or a monster's health)
on a seal, the manifest's silhouette as art, the numbers in badges and, on cards tall enough
to read it, the effect text. Faces are drawn once per (card, size, language, overrides) and
kept, so a steady frame only blits them.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes import assets, theme
from scenes.widgets import blit_centered

BASE_W, BASE_H = 150, 210  # the proportions every face is laid out in
TEXT_MIN_H = 168  # shorter faces leave the effect text to the enlarged card

# frame colours (top, bottom) and the catalog key of the type line, by card category
FRAMES: dict[str, tuple[theme.Colour, theme.Colour, str]] = {
    "hero": ((58, 92, 150), (28, 44, 80), "deckbuilder.ui.cat.hero"),
    "militia": ((120, 100, 78), (66, 52, 40), "deckbuilder.ui.cat.militia"),
    "item": ((40, 122, 128), (18, 62, 68), "deckbuilder.ui.cat.item"),
    "weapon": ((140, 140, 150), (64, 64, 76), "deckbuilder.ui.cat.weapon"),
    "spell": ((112, 72, 168), (54, 30, 92), "deckbuilder.ui.cat.spell"),
    "villager": ((170, 88, 104), (84, 36, 50), "deckbuilder.ui.cat.villager"),
    "food": ((196, 128, 52), (112, 64, 22), "deckbuilder.ui.cat.food"),
    "monster": ((138, 38, 32), (52, 12, 12), "deckbuilder.ui.cat.monster"),
    "disease": ((124, 140, 44), (58, 70, 18), "deckbuilder.ui.cat.disease"),
    "thunderstone": ((70, 140, 210), (24, 60, 110), "deckbuilder.ui.cat.thunderstone"),
}
# badge colours by stat
STAT_COLOURS: dict[str, theme.Colour] = {
    "gold": (196, 150, 40), "light": (214, 160, 40), "attack": (150, 60, 44),
    "magic": (104, 70, 176), "strength": (92, 70, 52), "weight": (84, 84, 96),
    "vp": (150, 112, 30), "xp": (52, 120, 70), "darkness": (40, 40, 90),
}
ROMAN = {1: "I", 2: "II", 3: "III"}

_faces: dict[tuple[Any, ...], pygame.Surface] = {}
_backs: dict[tuple[int, int], pygame.Surface] = {}
FACE_CACHE = 600


def art_id(card_id: str) -> str:
    """Returns the manifest id of a card's art (assets/manifest/deckbuilder.yaml)."""
    return f"deckbuilder.{card_id}"


def frame_of(card: dict[str, Any]) -> tuple[theme.Colour, theme.Colour, str]:
    """Returns the frame colours and type-line key of a card."""
    return FRAMES.get(card.get("category", ""), FRAMES["item"])


def effect_text(app: Any, effect: dict[str, Any], *, full: bool = True) -> str:
    """Returns one effect of a card as a line: "FIGHT: Against undead: magic attack +1 (REPEAT)"
    (without the slot and the costs unless ``full``)."""
    # the view gives each effect its display text as a message (no raw ids, no "+0")
    text = app.msg(effect["text"])
    if not full:
        return text
    costs = [app.msg(c) for c in effect.get("costs", ())]
    if costs:
        text = f"{text} ({', '.join(costs)})"
    return f"{app.t(effect['slot_key'])}: {text}"


# rules that a card carries without an effect record (seed 000, "Krankheit", "Spielende")
RULE_TEXTS = {"disease": "deckbuilder.ui.text.disease",
              "thunderstone": "deckbuilder.ui.text.thunderstone"}


def card_lines(app: Any, card: dict[str, Any]) -> list[str]:
    """Returns the effect lines of a card (translated)."""
    lines = [effect_text(app, e) for e in card.get("effects", ())]
    rule = RULE_TEXTS.get(card.get("category", ""))
    if rule:
        lines.append(app.t(rule))
    return lines


def card_name(app: Any, card: dict[str, Any]) -> str:
    """Returns a card's name in the current language."""
    return app.catalog.text(card.get("name", card.get("id", "")))


def stats(card: dict[str, Any], strength: int | None = None) -> list[tuple[str, int]]:
    """Returns the (stat, value) badges a card shows, in reading order."""
    out: list[tuple[str, int]] = []
    is_monster = card.get("kind") == "monster"
    if card.get("strength") is not None and not is_monster:
        out.append(("strength", card["strength"] if strength is None else strength))
    for key in ("attack", "magic", "gold", "light"):
        if card.get(key):
            out.append((key, card[key]))
    if card.get("weight"):
        out.append(("weight", card["weight"]))
    if is_monster:
        if card.get("darkness"):
            out.append(("darkness", card["darkness"]))
        out.append(("xp", card.get("xp", 0)))
    if card.get("vp"):
        out.append(("vp", card["vp"]))
    return out


def _badge(surf: pygame.Surface, stat: str, value: int, centre: tuple[int, int],
           r: int) -> None:
    colour = STAT_COLOURS.get(stat, theme.WOOD)
    x, y = centre
    w = int(r * 2.9)
    rect = pygame.Rect(0, 0, w, 2 * r)
    rect.center = (x, y)
    pygame.draw.rect(surf, theme.mix(colour, (0, 0, 0), 0.35), rect.move(0, 2),
                     border_radius=r)
    pygame.draw.rect(surf, colour, rect, border_radius=r)
    pygame.draw.rect(surf, theme.mix(colour, (255, 255, 255), 0.45), rect, width=max(1, r // 8),
                     border_radius=r)
    icon = assets.asset_icon(f"deckbuilder.sym.{stat}", int(r * 1.45), (255, 246, 226))
    surf.blit(icon, icon.get_rect(center=(rect.left + int(r * 0.95), y)))
    sign = "−" if value < 0 else ""
    num = assets.text(f"{sign}{abs(value)}", "bold", max(11, int(r * 1.25)), (255, 250, 236))
    surf.blit(num, num.get_rect(center=(rect.right - int(r * 0.9), y)))


def _seal(surf: pygame.Surface, centre: tuple[int, int], r: int, value: int,
          fill: theme.Colour, icon: str | None = None) -> None:
    pygame.draw.circle(surf, (20, 12, 8), (centre[0] + 1, centre[1] + 2), r)
    pygame.draw.circle(surf, fill, centre, r)
    pygame.draw.circle(surf, theme.mix(fill, (255, 255, 255), 0.5), centre, r, max(1, r // 7))
    if icon:
        image = assets.asset_icon(icon, int(r * 1.5), theme.mix(fill, (0, 0, 0), 0.3))
        blit_centered(surf, image, centre)
    num = assets.shadowed(str(value), "bold", max(11, int(r * 1.15)), (255, 250, 236), offset=1)
    blit_centered(surf, num, (centre[0], centre[1] - 1))


def _text_box(app: Any, surf: pygame.Surface, box: pygame.Rect, lines: list[str],
              flavour: str, s: float) -> None:
    pygame.draw.rect(surf, theme.PARCHMENT, box, border_radius=max(3, int(5 * s)))
    pygame.draw.rect(surf, (150, 120, 80), box, width=1, border_radius=max(3, int(5 * s)))
    size = max(11, int(11.5 * s))
    y = box.top + max(3, int(4 * s))
    width = box.width - int(10 * s)
    for line in lines:
        for part in assets.wrap(line, "body", size, width):
            if y + size > box.bottom - 2:
                return
            image = assets.text(part, "body", size, theme.INK_DARK)
            surf.blit(image, (box.left + int(5 * s), y))
            y += assets.line_height("body", size) - 1
    if flavour and y + size < box.bottom - 2:
        for part in assets.wrap(flavour, "italic", size + 1, width):
            if y + size > box.bottom - 2:
                return
            image = assets.text(part, "italic", size + 1, theme.INK_DARK_DIM)
            surf.blit(image, (box.left + int(5 * s), y))
            y += assets.line_height("italic", size + 1) - 1


TITLE_MIN = 13  # the smallest card title, in pixels at 1600×900 (legible on a pile card)
TITLE_ROLE = "heading"  # Cardo Bold: a book face that stays legible at that size
TITLE_LINE = 1.05  # line step of a wrapped title, in font sizes
VOWELS = frozenset("aeiouyäöüéàèâêîôû")
# consonant groups that begin a syllable, for breaking a long compound word (German and English
# names): a break goes before the longest of these that ends a consonant cluster
ONSETS = ("schl", "schm", "schn", "schr", "schw", "spr", "str", "sch", "chr", "ch", "ck", "ph",
          "pf", "qu", "bl", "br", "dr", "fl", "fr", "gl", "gr", "kl", "kn", "kr", "pl", "pr",
          "sp", "st", "tr", "wr", "zw")


def _sounds(cluster: str) -> int:
    """Returns how many consonants a cluster holds, "sch", "ch", "ck", "ph", "pf" and "qu"
    counting as one."""
    for unit in ("sch", "ch", "ck", "ph", "pf", "qu"):
        cluster = cluster.replace(unit, "#")
    return len(cluster)


def _breaks(word: str) -> list[tuple[int, int]]:
    """Returns where a word may be hyphenated, as (position, penalty): before the syllable
    onset of each consonant cluster between two vowels, at least three letters from either end.
    Compound words join at long clusters ("Himmels|greif", "Zwielicht|hund"), so a cluster of
    three or more consonants costs 1, of two 2, a single consonant 3."""
    low = word.lower()
    out = []
    i = 1
    while i < len(low):
        if low[i - 1] in VOWELS and low[i] not in VOWELS and low[i].isalpha():
            j = i
            while j < len(low) and low[j] not in VOWELS and low[j].isalpha():
                j += 1
            if j < len(low) and low[j] in VOWELS:
                cluster = low[i:j]
                onset = next((o for o in ONSETS if cluster.endswith(o)), cluster[-1])
                cut = j - len(onset)
                if 3 <= cut <= len(low) - 3:
                    out.append((cut, 4 - min(3, _sounds(cluster))))
            i = j
        else:
            i += 1
    return out


def _splits(name: str) -> list[tuple[str, str, int]]:
    """Returns every way to cut a name in two lines: (first, second, penalty), 0 at a space or
    after a hyphen, else the hyphenation penalty (the first line then ends with a hyphen)."""
    out = []
    for i, ch in enumerate(name):
        if ch == " ":
            out.append((name[:i], name[i + 1:], 0))
        elif ch == "-" and 0 < i < len(name) - 1:
            out.append((name[:i + 1], name[i + 1:], 0))
    start = 0
    for word in name.replace("-", " ").split(" "):
        for cut, penalty in _breaks(word):
            out.append((name[:start + cut] + "-", name[start + cut:], penalty))
        start += len(word) + 1
    return out


def _first_line(name: str, size: int, width: int, rest_fits: bool) -> tuple[str, str] | None:
    """Returns the best cut of a name whose first line fits (and, with ``rest_fits``, whose
    second line fits too): the lowest penalty, then the longer shorter part (no lone syllable
    on a line), then the fuller first line."""
    best: tuple[int, int, int, str, str] | None = None
    for first, second, penalty in _splits(name):
        if assets.size_of(first, TITLE_ROLE, size)[0] > width:
            continue
        if rest_fits and assets.size_of(second, TITLE_ROLE, size)[0] > width:
            continue
        key = (penalty, -min(len(first), len(second)), -len(first))
        if best is None or key < best[:3]:
            best = (*key, first, second)
    return None if best is None else (best[3], best[4])


def title_lines(name: str, size: int, width: int) -> tuple[tuple[str, ...], int]:
    """Returns a card title's lines and font size: one line at the largest size from ``size``
    down to TITLE_MIN that fits ``width``, else two lines (cut at a space or a hyphen, else
    hyphenated where a compound word most likely joins), else as many lines as it needs at
    TITLE_MIN. Never shortened, never below TITLE_MIN."""
    size = max(size, TITLE_MIN)
    for trial in range(size, TITLE_MIN - 1, -1):
        if assets.size_of(name, TITLE_ROLE, trial)[0] <= width:
            return (name,), trial
    for trial in range(size, TITLE_MIN - 1, -1):
        cut = _first_line(name, trial, width, True)
        if cut is not None:
            return cut, trial
    lines: list[str] = []
    rest = name
    while assets.size_of(rest, TITLE_ROLE, TITLE_MIN)[0] > width:
        cut = _first_line(rest, TITLE_MIN, width, False)
        if cut is None:
            # no break point fits: the word is cut where the line ends
            k = len(rest) - 1
            while k > 1 and assets.size_of(rest[:k] + "-", TITLE_ROLE, TITLE_MIN)[0] > width:
                k -= 1
            cut = (rest[:k] + "-", rest[k:])
        lines.append(cut[0])
        rest = cut[1]
    lines.append(rest)
    return tuple(lines), TITLE_MIN


def title_height(lines: tuple[str, ...], size: int) -> int:
    """Returns the height a title's lines take."""
    return assets.size_of("Äg", TITLE_ROLE, size)[1] + int(size * TITLE_LINE) * (len(lines) - 1)


def banner_rect(app: Any, card: dict[str, Any], size: tuple[int, int]
                ) -> tuple[pygame.Rect, tuple[str, ...], int]:
    """Returns the name banner of a face (it grows for a title of several lines), the title's
    lines and their font size."""
    w, _ = size
    s = w / BASE_W
    pad = max(4, int(7 * s))
    banner = pygame.Rect(pad, pad, w - 2 * pad, max(16, int(24 * s)))
    lines, tsize = title_lines(card_name(app, card), int(16 * s), banner.width - 8)
    banner.height = max(banner.height, title_height(lines, tsize) + 4)
    return banner, lines, tsize


def art_rect(app: Any, card: dict[str, Any], size: tuple[int, int]) -> pygame.Rect:
    """Returns where a face's art lies (the table puts a pile's count on its corner)."""
    w, h = size
    s = w / BASE_W
    pad = max(4, int(7 * s))
    banner, _, _ = banner_rect(app, card, size)
    tsize = max(11, int(11 * s))
    if h >= TEXT_MIN_H and bool(card_lines(app, card) or card.get("flavor")):
        # a taller banner takes its height from the art, not from the effect text
        grown = banner.height - max(16, int(24 * s))
        art_h = max(int(56 * s), int(96 * s) - grown)
    else:
        # without text the art fills the card down to the type line
        art_h = h - banner.bottom - int(4 * s) - pad - tsize - max(6, int(8 * s))
    return pygame.Rect(pad + 2, banner.bottom + int(4 * s), w - 2 * pad - 4, art_h)


def draw_face(app: Any, card: dict[str, Any], size: tuple[int, int],
              strength: int | None = None) -> pygame.Surface:
    """Returns a freshly drawn card face (use ``face`` for the cached one)."""
    w, h = size
    s = w / BASE_W
    top, bottom, type_key = frame_of(card)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(5, int(9 * s))
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        pygame.draw.line(body, (*theme.mix(top, bottom, y / max(1, h - 1)), 255), (0, y),
                         (w - 1, y))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(body, (0, 0))
    pygame.draw.rect(surf, (18, 12, 8), surf.get_rect(), width=max(2, int(2 * s)),
                     border_radius=radius)
    pygame.draw.rect(surf, theme.mix(top, (255, 240, 200), 0.45), surf.get_rect().inflate(
        -int(8 * s), -int(8 * s)), width=1, border_radius=max(3, radius - 3))
    is_monster = card.get("kind") == "monster"
    lines = card_lines(app, card)
    show_text = h >= TEXT_MIN_H and bool(lines or card.get("flavor"))
    pad = max(4, int(7 * s))
    # name banner: the whole width, the title on one or more lines, never cut
    banner, title, title_size = banner_rect(app, card, size)
    pygame.draw.rect(surf, theme.mix(theme.PARCHMENT, top, 0.12), banner,
                     border_radius=max(3, int(5 * s)))
    pygame.draw.rect(surf, theme.mix(bottom, (0, 0, 0), 0.3), banner, width=1,
                     border_radius=max(3, int(5 * s)))
    seal_r = max(10, int(14 * s))
    has_seal = is_monster or card.get("category") not in ("disease", "thunderstone")
    y = banner.centery - title_height(title, title_size) // 2
    for line in title:
        image = assets.text(line, TITLE_ROLE, title_size, theme.INK_DARK)
        surf.blit(image, image.get_rect(midtop=(banner.centerx, y)))
        y += int(title_size * TITLE_LINE)
    # art
    tsize = max(11, int(11 * s))
    art = art_rect(app, card, size)
    ref = assets.ref(art_id(card.get("id", "")))
    ink = ref.colour if ref else theme.INK_DARK
    glow_top = theme.mix(theme.PARCHMENT, top, 0.18)
    for y in range(art.height):
        c = theme.mix(glow_top, theme.PARCHMENT_DARK, y / max(1, art.height - 1))
        pygame.draw.line(surf, c, (art.left, art.top + y), (art.right - 1, art.top + y))
    pygame.draw.rect(surf, theme.mix(bottom, (0, 0, 0), 0.3), art, width=1)
    icon_size = int(min(art.width, art.height) * 0.82)
    blit_centered(surf, assets.asset_icon(art_id(card.get("id", "")), icon_size, ink),
                  art.center)
    # type line
    type_y = art.bottom + max(2, int(2 * s))
    label = app.t(type_key)
    if card.get("level"):
        label = f"{label} · {app.t('deckbuilder.ui.level', level=ROMAN.get(card['level'], card['level']))}"
    type_img = assets.text(assets.fit(label, "bold", tsize, w - 2 * pad), "bold", tsize,
                           (250, 240, 220))
    surf.blit(type_img, type_img.get_rect(midtop=(w // 2, type_y)))
    # badges, over the lower edge of the art
    r = max(9, int(11 * s))
    badges = stats(card, strength)
    gap = int(r * 2.9) + max(2, int(3 * s))
    per_row = max(1, (w - 2 * pad) // gap)
    rows = [badges[i:i + per_row] for i in range(0, len(badges), per_row)]
    for n, row in enumerate(rows):
        y = art.bottom - r - 3 - n * (2 * r + 3)
        x0 = w // 2 - (len(row) * gap - (gap - int(r * 2.9))) // 2 + int(r * 2.9) // 2
        for i, (stat, value) in enumerate(row):
            _badge(surf, stat, value, (x0 + i * gap, y), r)
    # seal: the price, or a monster's health, on the art's upper left corner
    if has_seal:
        centre = (art.left + seal_r - 2, art.top + seal_r - 2)
        if is_monster:
            _seal(surf, centre, seal_r, card.get("health", 0), (170, 40, 36))
        else:
            _seal(surf, centre, seal_r, card.get("cost", 0), (200, 152, 44))
    if show_text:
        box = pygame.Rect(pad + 2, type_y + tsize + int(6 * s), w - 2 * pad - 4, 0)
        box.height = h - pad - box.top
        if box.height > 14:
            flavour = app.catalog.text(card["flavor"]) if card.get("flavor") else ""
            _text_box(app, surf, box, lines, flavour, s)
    return surf


def face(app: Any, card: dict[str, Any], size: tuple[int, int],
         strength: int | None = None) -> pygame.Surface:
    """Returns the cached face of a card at a size (strength overrides the printed one)."""
    key = (card.get("id"), size, app.catalog.lang, strength)
    surf = _faces.get(key)
    if surf is None:
        if len(_faces) >= FACE_CACHE:
            _faces.clear()
        surf = draw_face(app, card, size, strength)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _faces[key] = surf
    return surf


def back(size: tuple[int, int]) -> pygame.Surface:
    """Returns the cached back of a card (the dungeon deck, hidden hands)."""
    surf = _backs.get(size)
    if surf is None:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(5, w // 16)
        pygame.draw.rect(surf, (46, 30, 22), surf.get_rect(), border_radius=radius)
        inner = surf.get_rect().inflate(-w // 8, -w // 8)
        pygame.draw.rect(surf, (86, 52, 36), inner, border_radius=radius)
        for i in range(0, w + h, max(6, w // 12)):
            pygame.draw.line(surf, (102, 64, 44), (inner.left + i, inner.top),
                             (inner.left, inner.top + i), 1)
        pygame.draw.rect(surf, theme.GOLD_DIM, inner, width=2, border_radius=radius)
        pygame.draw.rect(surf, (18, 12, 8), surf.get_rect(), width=2, border_radius=radius)
        emblem = assets.asset_icon("deckbuilder.sym.back", int(w * 0.56), theme.GOLD)
        pygame.draw.circle(surf, (46, 30, 22), inner.center, int(w * 0.34))
        pygame.draw.circle(surf, theme.GOLD_DIM, inner.center, int(w * 0.34), 2)
        blit_centered(surf, emblem, inner.center)
        _backs[size] = surf
    return surf


def clear() -> None:
    """Forgets every cached face (after a language switch the keys differ anyway)."""
    _faces.clear()
    _backs.clear()
