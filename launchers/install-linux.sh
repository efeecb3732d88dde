#!/bin/sh
# Adds Tabletop Hall to this user's applications menu (Linux desktops), for this game folder.
# Run it again after moving the folder; remove the menu entry with --remove.
set -eu
game=$(cd "$(dirname "$0")/.." && pwd)
target="${XDG_DATA_HOME:-$HOME/.local/share}/applications/tabletop-hall.desktop"
if [ "${1:-}" = "--remove" ]; then
    rm -f "$target"
    echo "removed $target"
    exit 0
fi
if [ ! -f "$game/main.py" ]; then
    echo "install-linux.sh: $game holds no main.py; keep this script in the game's launchers/ folder" >&2
    exit 1
fi
mkdir -p "$(dirname "$target")"
# Path= is a plain string value: only backslashes need escaping there.
path=$(printf '%s' "$game" | sed 's/\\/\\\\/g')
sed -e '/^#/d' -e '/^Exec=/d' "$game/launchers/tabletop-hall.desktop" > "$target.tmp"
printf 'Path=%s\nExec=python3 main.py\n' "$path" >> "$target.tmp"
mv "$target.tmp" "$target"
chmod +x "$target"
if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$target"
fi
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$(dirname "$target")" || true
fi
echo "added $target (starts $game/main.py)"
