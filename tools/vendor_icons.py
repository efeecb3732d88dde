"""Copies named game-icons.net silhouettes (CC BY 3.0) into assets/icons/<name>.svg.

The icons come from the npm package ``@iconify-json/game-icons``; fetch it once with

    cd /tmp && npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz

then run ``python tools/vendor_icons.py NAME [NAME ...]`` (``--package DIR`` points elsewhere;
the default looks in /tmp/package, /tmp/gi/package and node_modules). Every vendored icon is
listed in assets/CREDITS.md under "Icons". Never commit node_modules.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICON_DIR = ROOT / "assets" / "icons"
CREDITS = ROOT / "assets" / "CREDITS.md"
SEARCH = (
    Path("/tmp/package"),
    Path("/tmp/gi/package"),
    ROOT / "node_modules" / "@iconify-json" / "game-icons",
    Path("/tmp/node_modules/@iconify-json/game-icons"),
)
BEGIN = "<!-- icons:begin (tools/vendor_icons.py keeps this list) -->"
END = "<!-- icons:end -->"
NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def find_package(explicit: str | None) -> Path | None:
    """Returns the folder holding icons.json, or None when the package is not unpacked."""
    candidates = [Path(explicit)] if explicit else list(SEARCH)
    for folder in candidates:
        if (folder / "icons.json").is_file():
            return folder
    return None


def resolve(icons: dict, aliases: dict, name: str) -> tuple[str, dict] | None:
    """Returns (real name, icon record) for a name or alias, or None if unknown."""
    seen = 0
    while name in aliases and name not in icons and seen < 10:
        name = aliases[name]["parent"]
        seen += 1
    record = icons.get(name)
    return (name, record) if record else None


def to_svg(record: dict, width: int, height: int) -> str:
    """Returns a complete SVG document for an iconify icon record."""
    w = record.get("width", width)
    h = record.get("height", height)
    left = record.get("left", 0)
    top = record.get("top", 0)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="{left} {top} {w} {h}">{record["body"]}</svg>\n')


def update_credits(names: list[str], author: str, licence: str, url: str) -> None:
    """Adds the vendored names to the icon list in assets/CREDITS.md (kept sorted, no repeats)."""
    text = CREDITS.read_text(encoding="utf-8") if CREDITS.exists() else "# Credits\n"
    if BEGIN not in text:
        text = text.rstrip("\n") + (
            "\n\n## Icons\n\n"
            f"Silhouette icons from game-icons.net ({url}), by the {author} contributors "
            f"(Lorc, Delapouite and others), licensed {licence} "
            "(https://creativecommons.org/licenses/by/3.0/). Taken from the npm package "
            "`@iconify-json/game-icons`; recoloured at run time.\n\n"
            f"{BEGIN}\n{END}\n")
    head, rest = text.split(BEGIN, 1)
    body, tail = rest.split(END, 1)
    listed = {line[3:-1] for line in body.splitlines() if line.startswith("- `")}
    listed.update(names)
    lines = "".join(f"- `{n}`\n" for n in sorted(listed))
    CREDITS.write_text(f"{head}{BEGIN}\n{lines}{END}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Returns the exit status after vendoring the icons named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="+", help="icon names as on game-icons.net, e.g. castle")
    parser.add_argument("--package", help="folder of the unpacked @iconify-json/game-icons package")
    args = parser.parse_args(argv)
    package = find_package(args.package)
    if package is None:
        print("error: the icon package is missing. Run: cd /tmp && npm pack "
              "@iconify-json/game-icons && mkdir -p gi && tar xzf iconify-json-game-icons-*.tgz "
              "-C gi   (or pass --package DIR)", file=sys.stderr)
        return 1
    data = json.loads((package / "icons.json").read_text(encoding="utf-8"))
    info_path = package / "info.json"
    info = json.loads(info_path.read_text(encoding="utf-8")) if info_path.exists() else {}
    icons, aliases = data["icons"], data.get("aliases", {})
    width, height = data.get("width", 512), data.get("height", 512)
    bad = [n for n in args.names if not NAME.match(n) or resolve(icons, aliases, n) is None]
    if bad:
        print(f"error: unknown icon name(s): {', '.join(bad)} "
              "(see https://game-icons.net for names)", file=sys.stderr)
        return 1
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    for name in args.names:
        _, record = resolve(icons, aliases, name)  # type: ignore[misc]
        (ICON_DIR / f"{name}.svg").write_text(to_svg(record, width, height), encoding="utf-8")
    author = info.get("author", {}).get("name", "GameIcons")
    licence = info.get("license", {}).get("title", "CC BY 3.0")
    url = "https://game-icons.net"
    update_credits(list(args.names), author, licence, url)
    print(f"vendored {len(args.names)} icon(s) into {ICON_DIR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
