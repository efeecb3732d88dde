@echo off
setlocal
rem Double-click to play. Needs Python 3.11+ from python.org (tick "Add python.exe to PATH").
rem The game starts exactly once: a failed start shows its message and waits for a key.
cd /d "%~dp0\.."
set "TABLETOP_PYTHON=python"
where py >nul 2>nul && set "TABLETOP_PYTHON=py -3"
%TABLETOP_PYTHON% main.py
if errorlevel 1 (
    echo.
    echo Tabletop Hall did not start or stopped with an error: see the message above.
    echo Die Spieltafel wurde nicht gestartet oder mit einem Fehler beendet: siehe oben.
    pause
)
