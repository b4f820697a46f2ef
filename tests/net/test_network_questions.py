"""Questions at a network table, with a real server and the plain client: asked once
while it stays the same, never again once answered (strong bots decide at the server)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.net.clients import Player, Server
from tests.net.test_remote_play import create_table, play

pytestmark = pytest.mark.timeout(180)


def test_a_vote_is_asked_once_while_the_bots_answer_it(tmp_path: Path) -> None:
    """Strong bots vote one after another while Bo decides: each of their answers brought
    the vote again ("Approve Priya and Ingrid?", "The same 2 choices."), though it stayed
    the same question: the seats still to answer are not part of it. The count of answers
    waits for Bo's (as chat does): "4 of 5 have answered." then "Bo>" interrupted him."""
    server = Server(tmp_path / "db", tmp_path / "server-home", "--think", "0.2",
                    "--seed", "7").start()
    bo = Player(server.url, tmp_path / "bo", "Bo")
    try:
        create_table(bo, game="pnue", players=5, bots=4, level="3")
        bo.expect(r"you have seat 1 of 5")
        bo.send("start")
        if bo.expect(r"^Your turn: (Nominate|Approve)").group(1) == "Nominate":
            bo.send("1")  # Bo is the first President: a nomination, then the vote
            bo.expect(r"^Approve ")
        asked = bo.seen
        time.sleep(4.0)  # the 4 bots vote meanwhile (0.2 s each)
        bo.send("1")
        bo.expect(r"^Your vote: yes\.")
        meanwhile = bo.lines[asked:bo.seen - 1]
        assert not [line for line in meanwhile
                    if line.startswith(("Approve ", "The same ", "4 of 5"))], meanwhile
        bo.expect(r"^(Approved|Rejected): \d yes, \d no\.")
        bo.send("log 30")  # the log keeps the counts: the bots had voted while Bo decided
        bo.expect(r"^4 of 5 have answered\.$")
        bo.send("quit")
        bo.close_input()
        bo.wait()
    finally:
        bo.kill()
        server.kill()


def test_a_question_answered_is_not_asked_again_while_bots_think_long(
        tmp_path: Path) -> None:
    """Vertigo's setup: Vera buys, then two strong bots make theirs, one decision after
    another, longer than an answer waits for the next question (1 s). Her setup question
    was asked again meanwhile ("Your turn: Which region?"), and her answer refused: "It is
    not your turn."
    """
    server = Server(tmp_path / "db", tmp_path / "server-home", "--think", "1",
                    "--seed", "7").start()
    vera = Player(server.url, tmp_path / "vera", "Vera")
    try:
        create_table(vera, game="vertigo", players=3, bots=2, level="3")
        vera.expect(r"you have seat 1 of 3")
        vera.send("start")
        vera.expect(r"^Setup purchases: you first")
        play({"Vera": (vera, "en")}, seed=3, until=120, until_line=("Vera", r"^Turn 1\."))
        assert "It is not your turn." not in vera.lines, vera.lines[-30:]
        bots = [i for i, line in enumerate(vera.lines)
                if re.match(r"^(Smog|Kyoto) makes the setup purchases\.", line)]
        assert bots and not [line for line in vera.lines[bots[0]:]
                             if line.startswith("Your turn: ")], vera.lines[bots[0]:]
        vera.send("quit")
        vera.close_input()
        vera.wait()
    finally:
        vera.kill()
        server.kill()
