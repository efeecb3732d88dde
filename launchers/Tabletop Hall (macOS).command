#!/bin/bash
# Double-click to play. Needs Python 3.11+ (python.org installer or Homebrew).
# The game starts exactly once: a failed start leaves its message on screen until Enter.
cd "$(dirname "$0")/.." || exit 1
python3 main.py
status=$?
if [ "$status" -ne 0 ]; then
    echo
    echo "Tabletop Hall did not start or stopped with an error: see the message above."
    echo "Die Spieltafel wurde nicht gestartet oder mit einem Fehler beendet: siehe oben."
    read -r -p "Press Enter to close. / Enter schließt das Fenster." _ || true
fi
exit "$status"
