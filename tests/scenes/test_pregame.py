"""The pre-game hook between the set-up screen and the table, the game tools on the set-up screen,
and the set-up screen's layout (nothing cut, in German and English, for every game)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine import registry
from engine.core.protocol import GameConfig
from scenes import games
from scenes.menu import MainMenuScene, MenuScreen
from scenes.newgame import (
    CHOICE_FITS,
    LABEL_FITS,
    OPTIONS_PANEL,
    PLAYERS_PANEL,
    GameSelectScene,
    OptionLabel,
    SetupCycler,
    SetupScene,
    fit_lines,
)
from scenes.table import TableScene
from scenes.widgets import Button, Label, Panel

LANGS = ["de", "en"]


class FakePregame(MenuScreen):
    """A pre-game step for the toy game: doubles the target, then starts the table."""

    OPTIONS = ("target",)
    opened: list[FakePregame] = []

    def __init__(self, app: Any, game_id: str, config: GameConfig, seed: int) -> None:
        super().__init__(app)
        self.game_id, self.config, self.seed = game_id, config, seed
        FakePregame.opened.append(self)

    @classmethod
    def wants(cls, config: GameConfig) -> bool:
        """Returns False for the largest target (a set-up that already settles the step)."""
        return config.options.get("target") != 50

    def go(self) -> bool:
        """Starts the table with a changed option, as a real pre-game scene would."""
        options = {**self.config.options, "target": 2 * self.config.options["target"]}
        return games.start_table(self.app, self.game_id, GameConfig(self.config.seats, options),
                                 self.seed)


@pytest.fixture
def fake_pregame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registers FakePregame as the toy game's pre-game scene."""
    monkeypatch.setitem(games.PREGAME, "toy", f"{__name__}:FakePregame")
    FakePregame.opened = []


def _click(app: Any, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)


def _setup(app: Any, game_id: str, lang: str) -> SetupScene:
    app.set_language(lang)
    app.push(MainMenuScene(app))
    setup = SetupScene(app, game_id)
    app.push(setup)
    app.step([], 1 / 60)
    return setup


@pytest.mark.parametrize("lang", LANGS)
def test_start_goes_through_the_pregame_scene_which_starts_the_table(
        app: Any, fake_pregame: None, lang: str) -> None:
    setup = _setup(app, "toy", lang)
    setup.options["target"] = 15
    setup.seed_text = "41"
    _click(app, next(w for w in setup.widgets if isinstance(w, Button)
                     and w.label == app.t("ui.start")).rect.center)
    pre = app.top
    assert isinstance(pre, FakePregame) and FakePregame.opened == [pre]
    assert pre.game_id == "toy" and pre.seed == 41 and pre.config.options["target"] == 15
    assert not any(isinstance(s, TableScene) for s in app.stack), "no table before the step"
    assert pre.go()
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.config.options["target"] == 30 and table.session.seed == 41
    assert [type(s) for s in app.stack] == [MainMenuScene, type(table)]


def test_pregame_can_go_back_to_the_setup(app: Any, fake_pregame: None) -> None:
    setup = _setup(app, "toy", "en")
    setup.start()
    assert isinstance(app.top, FakePregame)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.top is setup


def test_pregame_that_does_not_want_the_setup_is_skipped(app: Any, fake_pregame: None) -> None:
    config = GameConfig.for_players(2, bots=False, target=50)
    assert games.begin(app, "toy", config, 5)
    assert FakePregame.opened == [] and isinstance(app.top, TableScene)


def test_options_the_pregame_decides_are_not_on_the_setup(app: Any, fake_pregame: None) -> None:
    setup = _setup(app, "toy", "en")
    assert games.pregame_options("toy") == ("target",)
    assert setup.shown_options() == []
    texts = [w.text for w in setup.widgets if isinstance(w, Label)]
    assert app.t("ui.setup.no_options") in texts


def test_a_rejected_setup_never_opens_the_pregame(app: Any, fake_pregame: None) -> None:
    setup = _setup(app, "toy", "en")
    setup.options["target"] = -3
    setup.start()
    assert app.top is setup and FakePregame.opened == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_rejected_setup_says_so_in_the_players_language_only(app: Any, lang: str) -> None:
    setup = _setup(app, "duel", lang)
    setup.options["deck_a"] = "no_such_deck"  # e.g. a user deck deleted since it was chosen
    setup.start()
    assert app.top is setup
    text, kind, _ = app._toasts[-1]
    assert kind == "error" and text == app.t("ui.setup.invalid")
    assert "no_such_deck" not in text and "option" not in text  # the engine's English detail


@pytest.mark.parametrize("lang", LANGS)
def test_menu_reaches_the_duel_deck_builder_without_starting_a_game(app: Any,
                                                                    lang: str) -> None:
    from scenes.duel.decks import DeckBuilderScene

    app.set_language(lang)
    app.push(MainMenuScene(app))
    app.step([], 1 / 60)
    app.top.new_game()
    chooser = app.top
    assert isinstance(chooser, GameSelectScene)
    card = next(w for w in chooser.widgets if getattr(w, "game_id", None) == "duel")
    _click(app, card.rect.center)
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.game_id == "duel"
    button = next(w for w in setup.widgets if isinstance(w, Button)
                  and w.label == app.t("duel.ui.pick.builder"))
    _click(app, button.rect.center)
    builder = app.top
    assert isinstance(builder, DeckBuilderScene)
    app.step([], 1 / 60)
    assert not any(isinstance(s, TableScene) for s in app.stack)
    builder.back()
    assert app.top is setup


def test_only_games_with_tools_show_tool_buttons(app: Any) -> None:
    setup = _setup(app, "crawl", "en")
    labels = {w.label for w in setup.widgets if isinstance(w, Button)}
    assert app.t("duel.ui.pick.builder") not in labels


def _inside(rect: pygame.Rect, panel: pygame.Rect) -> bool:
    return panel.contains(rect)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", ["deckbuilder", "duel", "crawl", "heroes", "coop_campaign"])
def test_setup_shows_every_label_and_choice_in_full(app: Any, game_id: str, lang: str) -> None:
    if game_id not in registry.game_ids():
        pytest.skip(f"{game_id} is not registered")
    setup = _setup(app, game_id, lang)
    setup._set_players(setup.rules.max_players)
    app.step([], 1 / 60)
    for option in setup.shown_options():
        label = app.t(option.label)
        assert not fit_lines(label, "body", 280, LABEL_FITS)[2], label
    cyclers = [w for w in setup.widgets if isinstance(w, SetupCycler)]
    labels = [w for w in setup.widgets if isinstance(w, OptionLabel)]
    assert labels and cyclers
    for widget in labels:
        assert not fit_lines(widget.text, "body", widget.rect.width, LABEL_FITS)[2], widget.text
    for cycler in cyclers:
        for (_value, text), (lines, _size, cut) in zip(cycler.options, cycler.fitted,
                                                        strict=True):
            assert not cut, f"{game_id}/{lang}: {text!r} is cut"
            assert " ".join(lines) == text
    # Every seat row and option row stays inside its panel, even with the most players.
    for widget in setup.widgets:
        if isinstance(widget, Panel) or not widget.visible:
            continue
        if widget.rect.top >= 810:  # the button bar under the panels
            continue
        assert _inside(widget.rect, PLAYERS_PANEL) or _inside(widget.rect, OPTIONS_PANEL), (
            widget, widget.rect)


def test_option_cycler_tooltip_names_the_option_and_the_whole_choice(app: Any) -> None:
    setup = _setup(app, "duel", "de")
    cycler = next(w for w in setup.widgets if isinstance(w, SetupCycler) and w.title)
    app.mouse = cycler.box.center
    app.step([], 1 / 60)
    assert app._tooltip is not None
    assert app._tooltip[1][:2] == [cycler.title, cycler.options[cycler.index][1]]
    # ... and then what the option does, from the catalog's "<label>.tip".
    assert cycler.tip and app._tooltip[1][2:] == [cycler.tip]


def test_long_choice_shrinks_and_wraps_before_it_is_cut(app: Any) -> None:
    text = "chosen while preparing, before the target (printed rule)"
    lines, size, cut = fit_lines(text, "bold", 330, CHOICE_FITS)
    assert not cut and len(lines) <= 2
    lines, size, cut = fit_lines(text * 3, "bold", 330, CHOICE_FITS)
    assert cut and len(lines) == 2 and lines[-1].endswith("…")


def test_setup_remembers_only_typed_names(app: Any) -> None:
    setup = _setup(app, "toy", "en")
    setup.seats[0]["kind"] = setup.seats[1]["kind"] = "human"
    setup.seats[0]["name"], setup.seats[1]["name"] = "  Rhea ", ""
    setup.start()
    assert app.settings.last_names[:2] == ("Rhea", "")  # not the placeholder "Player 2"


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_game_cards_stay_on_the_screen_apart_and_clear_of_the_back_button(
        app: Any, count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    ids = ["deckbuilder", "duel", "crawl", "heroes", "heroes_battle", "duel"][:count]
    monkeypatch.setattr(registry, "listed_ids", lambda: ids)
    app.push(GameSelectScene(app))
    app.step([], 1 / 60)
    cards = [w for w in app.top.widgets if getattr(w, "game_id", None)]
    back = next(w for w in app.top.widgets if isinstance(w, Button))
    assert len(cards) == count
    screen = pygame.Rect(0, 0, 1600, 900)
    for i, card in enumerate(cards):
        assert screen.contains(card.rect), card.rect
        assert not card.rect.colliderect(back.rect)
        assert not any(card.rect.colliderect(other.rect) for other in cards[i + 1:])


def test_an_option_appears_only_when_the_options_it_depends_on_allow_it(app: Any) -> None:
    # heroes: the neutral army's field level and difficulty matter only against the neutrals
    # of a skirmish (the map game is the default mode: its own options show first)
    setup = _setup(app, "heroes", "en")
    assert "opponent" not in [o.id for o in setup.shown_options()]
    mode = next(w for w in setup.widgets if isinstance(w, SetupCycler)
                and w.title == app.t("heroes.opt.mode"))
    mode.on_change("skirmish")
    shown = [o.id for o in setup.shown_options()]
    assert "opponent" in shown and "field" not in shown and "difficulty" not in shown
    labels = [w.text for w in setup.widgets if isinstance(w, OptionLabel)]
    assert app.t("heroes.opt.field") not in labels
    cycler = next(w for w in setup.widgets if isinstance(w, SetupCycler)
                  and w.title == app.t("heroes.opt.opponent"))
    cycler.on_change("neutral")  # what a click on its arrow does
    shown = [o.id for o in setup.shown_options()]
    assert "field" in shown and "difficulty" in shown
    labels = [w.text for w in setup.widgets if isinstance(w, OptionLabel)]
    assert app.t("heroes.opt.field") in labels


def test_solitaire_variants_show_and_travel_only_with_one_player(app: Any) -> None:
    setup = _setup(app, "crawl", "en")
    setup._set_players(1)
    assert {"survival", "floors"} <= {o.id for o in setup.shown_options()}
    setup.options["survival"] = True
    setup._set_players(2)
    assert not {"survival", "floors"} & {o.id for o in setup.shown_options()}
    assert setup.config().options["survival"] is False  # hidden: back to its default


@pytest.mark.parametrize("lang", LANGS)
def test_a_setup_the_rules_refuse_says_which_rule_in_the_players_language(app: Any,
                                                                         lang: str) -> None:
    # three players cannot play a skirmish: the toast names the rule, the set-up stays open
    setup = _setup(app, "heroes", lang)
    setup._set_players(3)
    assert setup.options["mode"] == "clash"  # the default for three is the map game
    next(w for w in setup.widgets if isinstance(w, SetupCycler)
         and w.title == app.t("heroes.opt.mode")).on_change("skirmish")
    setup.start()
    app.step([], 1 / 60)
    assert app.top is setup
    assert app._toasts and app._toasts[-1][0] == app.t("heroes.rule.skirmish_players", players=3)


def test_a_mode_default_follows_the_player_count_until_the_player_picks_one(app: Any) -> None:
    # heroes: the map game for two and three players, the skirmish for one (no map scenario)
    setup = _setup(app, "heroes", "en")
    assert setup.options["mode"] == "clash"
    setup._set_players(1)
    assert setup.options["mode"] == "skirmish"
    assert setup.rules.option(setup.config(), "mode") == "skirmish"
    setup._set_players(3)
    assert setup.options["mode"] == "clash"
    next(w for w in setup.widgets if isinstance(w, SetupCycler)
         and w.title == app.t("heroes.opt.mode")).on_change("skirmish")
    setup._set_players(2)
    assert setup.options["mode"] == "skirmish"  # chosen: the count no longer changes it


@pytest.mark.parametrize("lang", LANGS)
def test_options_that_do_not_fit_go_on_further_pages(app: Any, lang: str) -> None:
    # heroes: the map game's options and its thirteen rule variants need more than one page
    setup = _setup(app, "heroes", lang)
    pages = setup.option_pages()
    assert len(pages) > 1
    rows = [o for page in pages for o in page if o is not None]
    assert rows == setup.shown_options()  # every option once, in order
    seen: list[str] = []
    for n in range(len(pages)):
        pager = next(w for w in setup.widgets if isinstance(w, SetupCycler)
                     and w.options and w.options[0][1] == app.t("ui.setup.page", n=1,
                                                                 of=len(pages)))
        assert pager.value == n and OPTIONS_PANEL.contains(pager.rect)
        labels = [w for w in setup.widgets if isinstance(w, OptionLabel)
                  and OPTIONS_PANEL.contains(w.rect) and w.text != app.t("ui.setup.seed")]
        seen += [w.text for w in labels]
        for widget in setup.widgets:
            if widget.rect.colliderect(OPTIONS_PANEL) and widget is not pager \
                    and not isinstance(widget, Panel) and widget.rect.top < 700:
                assert widget.rect.bottom <= 700, (widget, widget.rect)  # clear of the seed
        pager.on_change((n + 1) % len(pages))  # what a click on its arrow does
    assert seen == [app.t(o.label) for o in rows]
    assert setup.options_page == 0
