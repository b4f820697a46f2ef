"""Start-up loads what the game played needs, and what a player turns on when it is turned
on: another game's rules and bots, the network, sound, braille and speech libraries cost
every start (scripts/bench_startup.py measures it, docs/benchmarks.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(60)

LOADED = """
import json, sys
from a11y_games.cli import main
code = main(sys.argv[1:])
print(json.dumps(sorted(sys.modules)))
"""
LATER = ("asyncio", "websockets", "msgspec", "miniaudio", "louis", "brlapi", "speechd",
         "accessible_output2", "sqlite3", "aiosqlite", "a11y_games.net", "a11y_games.web")


def _modules_after(tmp_path: Path, *argv: str, stdin: str = "quit\nyes\n") -> list[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path),
           "NO_SOUND": "1", "SPEECHD_CMD": "/bin/false"}
    done = subprocess.run([sys.executable, "-c", LOADED, *argv], input=stdin,
                          capture_output=True, text=True, env=env, timeout=50, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def _under(modules: list[str], *roots: str) -> list[str]:
    return [m for m in modules if any(m == r or m.startswith(r + ".") for r in roots)]


def test_a_game_named_loads_that_game_only_and_nothing_turned_off(tmp_path: Path) -> None:
    modules = _modules_after(tmp_path, "vertigo", "--speech", "off", "--sound", "off")
    games = {m.split(".")[2] for m in _under(modules, "a11y_games.games") if m.count(".") >= 2}
    assert games == {"vertigo", "inputs"}
    assert _under(modules, *LATER) == []


def test_help_loads_no_game_and_no_search(tmp_path: Path) -> None:
    modules = _modules_after(tmp_path, "--help")
    assert _under(modules, "a11y_games.games.pnue", "a11y_games.games.vertigo",
                  "a11y_games.engine.search", *LATER) == []
