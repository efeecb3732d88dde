#!/bin/bash
# Double-click to play. Needs Python 3.11+ (python.org installer or Homebrew).
cd "$(dirname "$0")/.." || exit 1
exec python3 main.py
