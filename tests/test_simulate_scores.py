"""``simulate`` reports scores as well as wins: a sunk Vanuatu table still tells how each
seat played."""

from __future__ import annotations

import io

from a11y_games.cli import main
from a11y_games.engine.simulate import simulate
from a11y_games.games import get_spec


def test_scores_are_kept_for_every_seat_even_when_nobody_wins() -> None:
    spec = get_spec("vanuatu")
    report = simulate(spec, players=3, games=4, seed=11, levels=["normal", "random"])
    assert sorted(report.seat_scores) == [0, 1, 2]
    assert all(len(points) == 4 for points in report.seat_scores.values())
    assert len(report.level_scores["normal"]) == 8 and len(report.level_scores["random"]) == 4
    normal, random_ = report.mean_score("normal"), report.mean_score("random")
    assert normal is not None and random_ is not None and normal > random_


def test_a_camp_game_reports_no_scores() -> None:
    report = simulate(get_spec("pnue"), players=5, games=2, seed=3)
    assert report.level_scores == {} and report.mean_score("random") is None


def test_the_simulate_command_says_the_mean_score_by_level(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert main(["simulate", "utopia", "--players", "3", "--games", "2", "--level",
                 "normal,random", "--lang", "en"]) == 0
    lines = out.getvalue().splitlines()
    assert any(line.startswith("Bots normal: mean score ") for line in lines)
    assert any(line.startswith("Bots random: mean score ") for line in lines)
