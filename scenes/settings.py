"""The settings screen: language, display, sound volume and animation speed (saved at once)."""

from __future__ import annotations

from scenes import theme
from scenes.menu import MenuScreen
from scenes.userdata import ANIM_SPEEDS, WINDOW_SIZES
from scenes.widgets import Cycler, Label, Panel, Slider, Toggle

LANGUAGE_NAMES = (("de", "Deutsch"), ("en", "English"))  # each language in its own words
SPEED_LABELS = {0.0: "ui.speed.off", 0.5: "ui.speed.slow", 1.0: "ui.speed.normal",
                1.5: "ui.speed.fast", 2.0: "ui.speed.faster"}


class SettingsScene(MenuScreen):
    """Changes take effect at once and are remembered in settings.json."""

    title_key = "menu.settings"

    def build(self) -> None:
        t = self.app.t
        s = self.app.settings
        panel = Panel((400, 150, 800, 560), "wood")
        self.widgets.insert(0, panel)
        x, w, lw = 460, 680, 300
        y = 190
        self.widgets.append(Label((x, y), t("ui.settings.general"), role="heading",
                                  size=theme.SIZE_H3, colour=theme.GOLD))
        y += 50
        self.widgets.append(Cycler((x, y, w, 46), LANGUAGE_NAMES, self.app.catalog.lang,
                                   self.app.set_language, label=t("ui.settings.language"),
                                   label_width=lw))
        y += 76
        self.widgets.append(Label((x, y), t("ui.settings.display"), role="heading",
                                  size=theme.SIZE_H3, colour=theme.GOLD))
        y += 50
        self.widgets.append(Toggle((x, y, w, 46), t("ui.settings.fullscreen"), s.fullscreen,
                                   lambda _v: self.app.toggle_fullscreen(),
                                   tooltip=t("ui.fullscreen_hint")))
        y += 62
        sizes = [(size, f"{size[0]} × {size[1]}") for size in WINDOW_SIZES]
        if tuple(s.window_size) not in WINDOW_SIZES:
            sizes.append((tuple(s.window_size), f"{s.window_size[0]} × {s.window_size[1]}"))
        self.widgets.append(Cycler((x, y, w, 46), sizes, tuple(s.window_size),
                                   self.app.set_window_size, label=t("ui.settings.window"),
                                   label_width=lw))
        y += 76
        self.widgets.append(Label((x, y), t("ui.settings.sound_anim"), role="heading",
                                  size=theme.SIZE_H3, colour=theme.GOLD))
        y += 50
        self.widgets.append(Slider((x, y, w, 46), s.volume, self._set_volume,
                                   label=t("ui.settings.volume"), label_width=lw))
        y += 62
        speeds = [(v, t(SPEED_LABELS[v])) for v in ANIM_SPEEDS]
        self.widgets.append(Cycler((x, y, w, 46), speeds, s.anim_speed, self._set_speed,
                                   label=t("ui.settings.anim_speed"), label_width=lw))

    def _set_volume(self, value: float) -> None:
        self.app.settings.volume = value
        self.app.settings.save()

    def _set_speed(self, value: float) -> None:
        self.app.settings.anim_speed = value
        self.app.settings.save()
