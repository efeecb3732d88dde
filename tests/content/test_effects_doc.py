"""docs/effects.md must match what the effect registry generates."""

from __future__ import annotations

from engine.content.docs import DOC_PATH, REGENERATE, import_rule_packages, render_effects_markdown


def test_effects_doc_is_current() -> None:
    import_rule_packages()
    expected = render_effects_markdown()
    current = DOC_PATH.read_text(encoding="utf-8") if DOC_PATH.exists() else ""
    assert current == expected, (f"docs/effects.md is out of date with the effect registry; "
                                 f"regenerate it with `{REGENERATE}` and commit the result")


def test_rendering_lists_each_effect_with_its_parameters(game: str) -> None:
    text = render_effects_markdown([game])
    assert "## testgame" in text and "### `gain_gold`" in text
    assert "Adds ``amount`` gold to the purse this turn." in text
    assert "| `amount` | int 1..9 | required | gold to add |" in text
    assert "| `repeat` | bool | `false` | whether the gold comes again next turn |" in text
    assert "| `volume` | 'low' \\| 'high' | `\"low\"` | — |" in text
    assert "| `monster` | id of monster | required | — |" in text
    assert text.index("### `gain_gold`") < text.index("### `shout`") < text.index("### `summon`")
    assert game not in render_effects_markdown()  # toy games stay out of the real document
