"""The prompt at a network table while news arrives (the connection's thread calls
``on_news``): what a player at a terminal sees, with a table that stands in for a server's
(for speed: the real sockets are in tests/net and tests/e2e)."""

from __future__ import annotations

import io
import threading

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from a11y_games.engine import Event, Msg, Pending, PlayerRef
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.state import Outcome
from a11y_games.ui.client import Client
from a11y_games.ui.table import LocalTable
from a11y_games.ui.terminal import PromptReader, Woken, Writer
from tests.toygame import SPEC

pytestmark = pytest.mark.timeout(30)


class NetworkTable(LocalTable):
    """A seat at a "server": its question and end are set by the test, as pushed."""

    local = False

    def __init__(self) -> None:
        super().__init__(Match(SPEC, SPEC.settings(2, 5),
                               [SeatSpec("human", "Ana"), SeatSpec("bot", level="random")]))
        self.asked: Pending | None = Pending((1,), Msg("toy.ask"))
        self.ended: Outcome | None = None
        self.news: list[Event] = []

    @property
    def events(self) -> list[Event]:
        return self.news

    def pending(self) -> Pending | None:
        return self.asked

    def pending_for(self, seat: int) -> Pending | None:
        return self.asked

    def choices(self, seat: int) -> list:  # type: ignore[type-arg]
        return []  # Ana is never asked here

    def outcome(self) -> Outcome | None:
        return self.ended

    def next_bot(self) -> int | None:
        return None  # bots play at the server

    def held_by_bot(self, seat: int) -> bool:
        return False

    def checkpoint(self) -> None:
        return None


def _client(table: NetworkTable, pipe) -> tuple[Client, list[str]]:  # type: ignore[no-untyped-def]
    shown: list[str] = []
    reader = PromptReader(lambda: [], input=pipe, output=DummyOutput())
    reader.on_prompt = shown.append
    client = Client(table, reader=reader, writer=Writer(io.StringIO()))
    client.flush_events()
    return client, shown


def _news_soon(client: Client, seconds: float = 0.3) -> None:
    """The connection's thread, a moment after the prompt shows: news arrived."""
    threading.Timer(seconds, lambda: client._news(True)).start()


def test_news_at_the_quit_question_leaves_its_prompt_alone() -> None:
    """News while the player answers "Leave the game?" waits for the answer: its "> " was
    ended and shown again, twice in a row with nothing between (a race's Enter too)."""
    table = NetworkTable()
    with create_pipe_input() as pipe:
        client, shown = _client(table, pipe)
        table.news.append(Event(Msg("online.presence.joined", name="Bo")))
        _news_soon(client)
        threading.Timer(1.0, lambda: pipe.send_text("no\n")).start()
        client.confirm_quit()
    assert shown == ["> "], shown  # one prompt, answered
    client.flush_events()  # the loop says the news after the dialogue
    assert client.transcripts[0][-1].msg.id == "online.presence.joined"


def test_a_race_among_others_ends_no_prompt() -> None:
    """Ana has reacted (or was not in the race); the bots still race at the server: their
    news says nothing to her, so her waiting prompt stays (it was shown again, blank, at
    each bot's reaction)."""
    table = NetworkTable()
    table.asked = Pending((1,), Msg("toy.ask"), race=True)
    with create_pipe_input() as pipe:
        client, shown = _client(table, pipe)
        _news_soon(client)
        threading.Timer(1.0, lambda: pipe.send_text("status\n")).start()
        assert client._read_line() == "status"  # typed at the same prompt, not ended
    assert shown == ["Waiting> "], shown


def test_a_race_this_seat_is_in_ends_the_prompt() -> None:
    """The honest counterpart: a race Ana must react to ends her waiting prompt."""
    table = NetworkTable()
    with create_pipe_input() as pipe:
        client, _ = _client(table, pipe)
        table.asked = Pending((0, 1), Msg("toy.ask"), race=True)
        table.choices = lambda seat: [("react", Msg("toy.ask"))]  # type: ignore[method-assign]
        _news_soon(client)
        typed = threading.Timer(3.0, lambda: pipe.send_text("late\n"))
        typed.start()
        try:
            with pytest.raises(Woken):  # ended for the loop to run the race
                client._read_line()
        finally:
            typed.cancel()


def test_the_prompt_before_a_network_table_s_first_question_says_waiting() -> None:
    """The game has started but its first question is not here yet (a strong bot thinks):
    the prompt said "Game over" to a player who had just sat down."""
    table = NetworkTable()
    table.asked = None
    client = Client(table, reader=PromptReader(lambda: [], output=DummyOutput()),
                    writer=Writer(io.StringIO()))
    assert client.prompt_text() == "Waiting> "
    table.ended = Outcome(frozenset({1}), Msg("toy.won", seat=PlayerRef(1)))
    assert client.prompt_text() == "Game over> "


def test_enter_pressed_as_news_ends_the_prompt_leaves_the_next_prompt_alone() -> None:
    """News ends the prompt a moment after it is looked at; a line typed in that moment
    is taken, and the news said after it. The next prompt then stays: it was ended at
    once, shown twice with nothing between (or a quit dialogue's "> ")."""
    table = NetworkTable()
    with create_pipe_input() as pipe:
        client, shown = _client(table, pipe)

        def news_then_enter() -> None:
            table.news.append(Event(Msg("online.presence.joined", name="Bo")))
            client._news_at_prompt()  # held, and the prompt asked to end
            pipe.send_text("status\n")  # ...but the player pressed Enter first

        threading.Timer(0.3, lambda: client.reader.call(news_then_enter)).start()
        assert client._read_line() == "status"
        assert client.transcripts[0][-1].msg.id == "online.presence.joined"  # said
        typed = threading.Timer(0.6, lambda: pipe.send_text("whose\n"))
        typed.start()
        try:
            assert client._read_line() == "whose"  # not ended unseen
        finally:
            typed.cancel()
    assert shown == ["Waiting> ", "Waiting> "], shown


def test_news_after_the_game_shows_no_game_over_prompt_again() -> None:
    """The game over, others leave or chat: each line ended the prompt and "Game over>"
    was drawn again under it, for a screen reader to read each time; now the prompt drawn
    again after news is blank, as while others play."""
    table = NetworkTable()
    table.asked = None
    table.ended = Outcome(frozenset({1}), Msg("toy.won", seat=PlayerRef(1)))
    with create_pipe_input() as pipe:
        client, shown = _client(table, pipe)
        client.ended = True  # the end already said
        table.news.append(Event(Msg("online.presence.left", name="Bo")))
        _news_soon(client)
        with pytest.raises(Woken):  # a line to say: the prompt ends
            client._read_line()
        client._after_news = True  # as the loop marks a prompt ended by news
        client.flush_events()
        threading.Timer(0.5, lambda: pipe.send_text("log\n")).start()
        assert client._read_line() == "log"
    assert shown == ["Game over> ", ""], shown


def test_the_end_arriving_as_news_shows_the_game_over_prompt() -> None:
    """Ana waits while others play; the game ends: the prompt after the end says "Game
    over>" (blank only when the same prompt is drawn again after news)."""
    table = NetworkTable()
    with create_pipe_input() as pipe:
        client, shown = _client(table, pipe)

        def the_end() -> None:
            table.asked = None
            table.ended = Outcome(frozenset({1}), Msg("toy.won", seat=PlayerRef(1)))
            client._news(True)

        threading.Timer(0.3, the_end).start()
        with pytest.raises(Woken):
            client._read_line()
        client._after_news = True  # as the loop marks a prompt ended by news
        client.advance()  # the end said
        threading.Timer(0.5, lambda: pipe.send_text("log\n")).start()
        assert client._read_line() == "log"
    assert shown == ["Waiting> ", "Game over> "], shown
