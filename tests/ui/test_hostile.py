"""Bad input never hurts: odd digits, damaged saves, wrong command-line values."""

from __future__ import annotations

import pytest

from a11y_games.engine.match import Match, SaveError, SeatSpec
from tests.toygame import SPEC

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _toy_match() -> Match:
    return Match(SPEC, SPEC.settings(2, 5), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,  # nested too deep for the JSON reader
    '{"format": 1, "settings": {"game": "toy", "players": 2, "seed": Infinity}, '
    '"seats": [], "log": []}',
    '{"format": 1, "settings": {"game": "toy", "players": -Infinity, "seed": 1}, '
    '"seats": [], "log": []}',
])
def test_a_damaged_save_is_refused_with_a_message_never_a_traceback(tmp_path, text) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveError) as refused:
        Match.load(path, {"toy": SPEC})
    assert refused.value.msg.id == "core.save.corrupt"


def test_a_save_with_an_infinite_log_seat_is_refused(tmp_path) -> None:
    data = _toy_match().to_json()
    data["log"] = [[float("inf"), "take:1"]]
    with pytest.raises(SaveError):
        Match.from_json(data, {"toy": SPEC})
