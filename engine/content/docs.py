"""The generated effect reference ``docs/effects.md``, rendered from the effect registry.

``python -m engine.content.docs`` imports every game package under ``engine/rules/`` (which
registers their effects) and rewrites the file; ``--check`` only reports whether it is current.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
from pathlib import Path

from engine.content.effects import REGISTRY, EffectParam, EffectType
from engine.content.schema import plain

DOC_PATH = Path(__file__).resolve().parents[2] / "docs" / "effects.md"
REGENERATE = ".venv/bin/python -m engine.content.docs"


def import_rule_packages() -> list[str]:
    """Imports every game package under engine/rules/ and returns their module names."""
    import engine.rules

    names = []
    for info in sorted(pkgutil.iter_modules(engine.rules.__path__), key=lambda i: i.name):
        if info.ispkg:
            name = f"engine.rules.{info.name}"
            importlib.import_module(name)
            names.append(name)
    return names


def shipped_games() -> list[str]:
    """Returns the games whose effects come from the engine's own rule packages."""
    return [game for game in REGISTRY.games()
            if any(t.module.startswith("engine.rules.") for t in REGISTRY.types(game))]


def render_effects_markdown(games: list[str] | None = None) -> str:
    """Returns docs/effects.md: one section per game, one parameter table per effect type."""
    chosen = shipped_games() if games is None else list(games)
    lines = [
        "# Effect vocabulary",
        "",
        f"Generated from the effect registry by `{REGENERATE}`; do not edit by hand.",
        "",
        "Content describes behaviour with effect records such as `{type: gain_gold, amount: 2}`:",
        "`type` names an effect type of the same game, the other keys are its parameters.",
        "Unknown parameters are errors; parameters without a default are required.",
    ]
    if not chosen:
        lines += ["", "No effect types are registered yet."]
    for game in chosen:
        types = REGISTRY.types(game)
        lines += ["", f"## {game}", "", f"{len(types)} effect types: " +
                  ", ".join(f"[`{t.id}`](#{game}-{t.id})" for t in types) + "."]
        for etype in types:
            lines += _section(game, etype)
    return "\n".join(lines) + "\n"


def _section(game: str, etype: EffectType) -> list[str]:
    out = ["", f'<a id="{game}-{etype.id}"></a>', "", f"### `{etype.id}`", "",
           _cell(etype.doc) if etype.doc else "*(no description)*", ""]
    if not etype.params:
        return out + ["No parameters."]
    out += ["| parameter | type | default | meaning |", "|---|---|---|---|"]
    out += [f"| `{p.name}` | {_cell(p.type)} | {_default(p)} | {_cell(p.doc) or '—'} |"
            for p in etype.params]
    return out


def _default(param: EffectParam) -> str:
    if param.required:
        return "required"
    return "`" + _cell(json.dumps(plain(param.default), ensure_ascii=False)) + "`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def main(argv: list[str] | None = None) -> int:
    """Writes docs/effects.md (or with --check, returns 1 when it is out of date)."""
    args = sys.argv[1:] if argv is None else argv
    import_rule_packages()
    text = render_effects_markdown()
    current = DOC_PATH.read_text(encoding="utf-8") if DOC_PATH.exists() else None
    if "--check" in args:
        if current != text:
            print(f"{DOC_PATH} is out of date; regenerate it with `{REGENERATE}`")
            return 1
        return 0
    if current != text:
        DOC_PATH.parent.mkdir(parents=True, exist_ok=True)
        DOC_PATH.write_text(text, encoding="utf-8")
        print(f"wrote {DOC_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
