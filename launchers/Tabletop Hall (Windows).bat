@echo off
rem Double-click to play. Needs Python 3.11+ from python.org (tick "Add python.exe to PATH").
cd /d "%~dp0\.."
where py >nul 2>nul && (py -3 main.py) || (python main.py)
if errorlevel 1 pause
