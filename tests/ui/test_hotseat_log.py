"""Hot-seat: `log` pages one player's transcript; the next player never pages on in it."""

from __future__ import annotations

import io
import sys

import pytest

from a11y_games.cli import main

pytestmark = pytest.mark.timeout(60)

ANA_ROLE = "Your role: Mr Dollar, a lobbyist."
BO_ROLE = "Your role: an ecologist."


def _hotseat(monkeypatch, tmp_path, capsys, script: str) -> list[str]:
    """PNUE at 5, Ana and Bo at one keyboard (seed 3: Ana is Mr Dollar); output lines."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    assert main(["pnue", "--players", "5", "--humans", "2", "--names", "Ana,Bo",
                 "--seed", "3", "--speech", "off", "--sound", "off"]) == 0
    return capsys.readouterr().out.splitlines()


def _after_bo_takes_the_keyboard(lines: list[str]) -> list[str]:
    start = max(i for i, line in enumerate(lines) if line == "Bo, press Enter when ready.")
    return lines[start:]


@pytest.mark.parametrize("paging", ["log back", "log start", "log next", "log back\nlog back"])
def test_the_next_player_never_pages_on_in_the_last_ones_log(monkeypatch, tmp_path, capsys,
                                                            paging: str) -> None:
    # Ana reads the last 2 lines of her log, nominates, votes; Bo takes the keyboard and pages
    lines = _hotseat(monkeypatch, tmp_path, capsys, f"\nlog 2\n1\n1\n\n{paging}\n")
    assert ANA_ROLE in lines  # Ana heard her own role
    bo = _after_bo_takes_the_keyboard(lines)
    assert ANA_ROLE not in bo
    assert BO_ROLE in bo


def test_a_search_is_dropped_at_the_hand_over(monkeypatch, tmp_path, capsys) -> None:
    # Ana searches her log for her role, then pages back from the last line; Bo pages on
    lines = _hotseat(monkeypatch, tmp_path, capsys,
                     "\nlog search role\nlog 1\n1\n1\n\nlog next\nlog back\nlog back\n")
    bo = _after_bo_takes_the_keyboard(lines)
    assert ANA_ROLE not in bo
    assert BO_ROLE in bo
