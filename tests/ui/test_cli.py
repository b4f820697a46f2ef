"""The command line: simulate, list, rules, bad words."""

from __future__ import annotations

import pytest

from a11y_games.cli import main

pytestmark = pytest.mark.timeout(60)


def test_simulate_prints_camps_levels_length_and_speed(capsys) -> None:
    assert main(["simulate", "pnue", "--players", "7", "--games", "30", "--seed", "1",
                 "--camp-levels", "ecologists=normal,lobbyists=random", "--lang", "fr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "PNUE — Mr Dollar : 30 parties à 7 joueurs."
    assert any(line.startswith("Les écologistes : ") for line in lines)
    assert any(line.startswith("Robots au hasard : ") for line in lines)
    assert any(line.startswith("Durée moyenne : ") for line in lines)
    assert lines[-1].endswith("s).") and "parties par seconde" in lines[-1]
    wins = sum(int(line.split(": ")[1].split()[0]) for line in lines
               if line.startswith(("Les écologistes", "Les lobbyistes")))
    assert wins == 30


def test_unknown_game_and_bad_variant_say_what_is_allowed(capsys) -> None:
    assert main(["simulate", "chess"]) == 2
    assert "Games: pnue, utopia, vanuatu, vertigo." in capsys.readouterr().out
    assert main(["simulate", "pnue", "--variant", "crises=maybe"]) == 2
    assert "Allowed: off, on." in capsys.readouterr().out
    assert main(["simulate", "pnue", "--players", "13"]) == 2
    assert "2 to 12 players" in capsys.readouterr().out


def test_list_and_rules_outside_a_game(capsys) -> None:
    assert main(["list", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "vanuatu : Vanuatu." in out
    assert main(["rules", "vertigo", "1", "--lang", "fr"]) == 0
    assert capsys.readouterr().out.strip()
    assert main(["rules", "vertigo", "zzz"]) == 1
    assert "No section zzz." in capsys.readouterr().out


def test_piped_launcher_prints_each_question_it_reads(tmp_path) -> None:
    import os
    import subprocess
    from pathlib import Path

    client = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "a11y-games"
    if not client.exists():
        pytest.skip("the client is not installed")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run([str(client), "--speech", "off"], input="3\n\n\nquit\nyes\nno\n",
                          capture_output=True, text=True, env=env, timeout=30, check=False)
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stderr
    assert "Game number? Enter for 1." in lines
    assert "How many players, 2 to 5? Enter for 4." in lines
    assert "Welcome to Utopia." in lines
