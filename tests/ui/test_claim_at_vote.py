"""PNUE's claim menu opened at a vote (PN-19): the voter in it hears the claim's own
question, numbered from 1, not the vote's over choices numbered on from the vote's; Back
returns to the vote with the vote's own numbers; at one keyboard, each player hears their
own question."""

from __future__ import annotations

import io

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import get_spec
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import PlainReader, Writer

pytestmark = pytest.mark.timeout(60)

TURN_1 = [(0, "nominate:2"), (0, "vote:yes"), (1, "vote:yes"), (2, "vote:yes"),
          (3, "vote:yes"), (4, "vote:yes"), (0, "discard:lob"), (2, "enact:health"),
          (0, "claim:none"), (2, "claim:none"), (1, "nominate:2")]
"""Turn 1: seat 0 presides (it drew 3 tiles: something to claim), seat 2 is
Secretary-General; turn 2: seat 1 nominates seat 2, and everyone votes."""


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _at_the_vote(humans: list[str], script: str) -> list[str]:
    spec = get_spec("pnue")
    seats = [*(SeatSpec("human", name) for name in humans),
             *(SeatSpec("bot", level="random", name_index=i) for i in range(len(humans), 5))]
    match = Match(spec, spec.settings(5, 3, {"first": "1"}), seats)
    for seat, action in TURN_1:
        match.act(seat, action)
    assert match.state.phase == "vote"
    out = io.StringIO()
    Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out)).run()
    return out.getvalue().splitlines()


def _from(lines: list[str], first: str, count: int) -> list[str]:
    start = lines.index(first)
    return lines[start:start + count]


def test_a_voter_in_the_claim_menu_hears_the_claim_s_question_numbered_from_1() -> None:
    """"Your turn: Approve Thiago and Ingrid?" over "4. Say: lobbyist 0, ecological 3" said
    a question the choices did not answer, and numbers that were not the menu's."""
    lines = _at_the_vote(["Ana"], "3\n0\n0\n2\n")
    assert _from(lines, "Your turn: Approve them?", 5) == [  # just after the nomination
        "Your turn: Approve them?", "3 choices. Type a number.",
        "1. Yes", "2. No", "3. Make a public claim"]
    # one turn to claim about: chosen at once, then what Ana says of it, numbered from 1
    assert _from(lines, "Only one choice: Turn 1: what you drew as President.", 8) == [
        "Only one choice: Turn 1: what you drew as President.",
        "What do you say of turn 1?", "5 choices:",
        "1. Say: lobbyist 0, ecological 3", "2. lobbyist 1, ecological 2",  # "Say:" once
        "3. lobbyist 2, ecological 1", "4. lobbyist 3, ecological 0", "0. Back"]
    # Back: the turn asked again (not chosen again at once: Back gets out), then the vote
    assert _from(lines, "Claim about which turn?", 7) == [
        "Claim about which turn?", "2 choices:", "1. Turn 1: what you drew as President",
        "0. Back", "Approve Thiago and Ingrid?", "The same 3 choices.", "Your vote: no."]
    claim_menu = lines[lines.index("3. Make a public claim") + 1:lines.index("Your vote: no.")]
    assert claim_menu.count("Approve Thiago and Ingrid?") == 1  # once back at the vote


def test_at_one_keyboard_each_voter_hears_their_own_question() -> None:
    """Ana (in the claim menu) and Bo (the President) vote at one keyboard: Ana hears the
    claim's question, Bo the vote's, with its own numbers."""
    lines = _at_the_vote(["Ana", "Bo"], "\n3\n2\n1\n\n1\n")
    assert "Ana, your turn: Approve Bo and Ingrid?" in lines
    said = _from(lines, "Only one choice: Turn 1: what you drew as President.", 3)
    assert said == ["Only one choice: Turn 1: what you drew as President.",
                    "What do you say of turn 1?", "5 choices:"]
    assert "Ana says of turn 1: Drew: lobbyist 1, ecological 2." in lines
    asked = "Bo, your turn: Approve Ingrid, with you as President?"  # Bo, the President
    assert _from(lines, asked, 4) == [asked, "2 choices:", "1. Yes", "2. No"]
