"""The entry point stays thin and its modules form no circle: the terminal and the web front
ends share the command line, the launcher and the voice through public names."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import a11y_games

PACKAGE = Path(a11y_games.__file__).parent
ENTRY = ("cli", "connect", "play", "launcher", "commandline", "ui.voice")


def _imports(module: str) -> set[str]:
    """Every a11y_games module ``module`` imports, at the top or inside a function."""
    tree = ast.parse((PACKAGE / (module.replace(".", "/") + ".py")).read_text("utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name.removeprefix("a11y_games.") for name in found
            if name.startswith("a11y_games.")}


def _entry_graph() -> dict[str, set[str]]:
    return {module: _imports(module) & set(ENTRY) for module in ENTRY}


@pytest.mark.timeout(120)
def test_every_module_imports() -> None:
    names = [info.name for info in pkgutil.walk_packages([str(PACKAGE)], "a11y_games.")
             if not info.name.endswith("__main__")]
    assert "a11y_games.commandline" in names and "a11y_games.ui.voice" in names
    for name in names:
        importlib.import_module(name)


@pytest.mark.timeout(10)
def test_the_shared_modules_import_no_front_end() -> None:
    graph = _entry_graph()
    for shared in ("commandline", "ui.voice"):
        assert not graph[shared] & {"cli", "play", "connect", "launcher"}, shared
    assert not graph["connect"] & {"cli", "play"}
    assert not any("cli" in imported for imported in graph.values())


@pytest.mark.timeout(10)
def test_no_import_circle_among_the_entry_modules() -> None:
    graph = _entry_graph()
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module not in done:
            for imported in graph[module]:
                visit(imported, (*path, module))
            done.add(module)

    for module in ENTRY:
        visit(module, ())


@pytest.mark.timeout(10)
def test_cli_stays_thin() -> None:
    assert len((PACKAGE / "cli.py").read_text("utf-8").splitlines()) < 150


@pytest.mark.timeout(60)
def test_a_command_that_plays_nowhere_loads_no_network_stack() -> None:
    """``list`` (and any command but ``connect`` and ``serve``) starts without it."""
    code = ("import io, sys\n"
            "from a11y_games.cli import main\n"
            "sys.stdout = io.StringIO()\n"
            "assert main(['list', '--lang', 'en']) == 0\n"
            "loaded = sorted(m for m in sys.modules\n"
            "                if m.startswith(('a11y_games.net', 'a11y_games.connect')))\n"
            "sys.__stdout__.write(repr(loaded))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=50, check=True)
    assert done.stdout == "[]", done.stdout
