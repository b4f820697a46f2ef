"""A count of answers waits for the player's own answer, whatever the timing.

On a busy machine Bo heard "4 of 5 have answered." before he had voted (the vote-once test
failed now and then under load): news that came before his question ("Priya nominates
Ingrid.") asked the prompt to end; the question was asked with that news, but the request
stayed, and ended the vote's prompt once the bots' answers had come. The client's own loop
is driven here step by step, the server's messages given to Bo's table in the order a busy
machine delivers them.
"""

from __future__ import annotations

import io
import os
from typing import Any

import pytest

from a11y_games.engine import Msg, PlayerRef
from a11y_games.games import all_specs
from a11y_games.net import protocol as p
from a11y_games.ui.client import Client
from a11y_games.ui.remote import RemoteTable
from a11y_games.ui.terminal import PlainReader, Woken, Writer

pytestmark = pytest.mark.timeout(30)

NAMES = ("Bo", "Priya", "Ingrid", "Thiago", "Haruto")


class _Socket:
    """The connection's end a table attaches to: the test hands it the server's messages."""

    def __init__(self) -> None:
        self.on_state: Any = None
        self.push: Any = None
        self.last_seq = 0

    def attach(self, on_push: Any) -> None:
        self.push = on_push

    def ask_soon(self, message: Any, done: Any) -> None:
        """Summaries asked ahead: not answered here (none is typed)."""


def test_a_count_of_answers_that_comes_while_the_player_decides_waits_for_the_answer(
        ) -> None:
    socket = _Socket()
    info = p.TableInfo(id="t1", game="pnue", players=5, started=True,
                       names=dict(enumerate(NAMES)), order=list(range(5)))
    table = RemoteTable(socket, p.Joined(table=info, seat=0, token="tok", you="Bo"),  # type: ignore[arg-type]
                        all_specs())
    keys, typing = os.pipe()
    reader = PlainReader(os.fdopen(keys))
    reader.wakeable()
    out = io.StringIO()
    client = Client(table, reader=reader, writer=Writer(out), lang="en")
    try:
        # news before Bo is asked: his prompt is asked to end, to say it
        socket.push(p.EventMsg(seq=1, msg=Msg("pnue.turn.nominated", president=PlayerRef(1),
                                              seat=PlayerRef(2)), level=0, cause=1), False)
        vote = Msg("pnue.ask.vote", president=PlayerRef(1), seat=PlayerRef(2))
        socket.push(p.PendingMsg(seats=list(range(5)), prompt=vote, log_length=1,
                                 choices=[("vote:yes", Msg("pnue.action.vote_yes")),
                                          ("vote:no", Msg("pnue.action.vote_no"))]), False)
        client.advance()  # the loop says the news and asks the vote
        asked = len(out.getvalue().splitlines())
        assert "Approve" in out.getvalue()
        # the bots answer before Bo's prompt shows (a busy machine)
        socket.push(p.Progress(done=4, of=5), False)
        os.write(typing, b"1\n")
        try:
            line = client._read_line()
        except Woken:  # the prompt ended for news already said: the loop says what came
            client.advance()
            line = client._read_line()
        assert line == "1"
        assert out.getvalue().splitlines()[asked:] == []  # nothing said before his answer
    finally:
        os.close(typing)
