"""While a strong bot here thinks, the player's prompt stays open: what they type is
answered at once, the bot's move comes when it has decided, and the waiting prompt is said
once for a bot's several silent decisions, not once each."""

from __future__ import annotations

import io
import threading

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games.pnue import SPEC as PNUE
from a11y_games.games.vertigo import SPEC as VERTIGO
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import PlainReader, PromptReader, Woken, Writer
from tests.toygame import SPEC as TOY

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


class GatedBot:
    """A bot that decides only once the test opens its gate: a strong bot's long search,
    made exact (how long it takes is the test's to say, not the machine's)."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.threads: list[str] = []

    def choose(self, observation: object, legal: list[str]) -> str:
        self.threads.append(threading.current_thread().name)
        if not self.gate.wait(10):
            raise TimeoutError("the player's command was not answered while the bot thought")
        return legal[0]


class Watched(Writer):
    """A writer that calls ``seen`` with each line as it is written."""

    def __init__(self, stream: io.StringIO, seen) -> None:
        super().__init__(stream)
        self.seen = seen

    def _write(self, block: list[str], remember: bool) -> None:
        super()._write(block, remember)
        for text in block:
            self.seen(text)


def _toy_with_a_thinking_bot() -> tuple[Match, GatedBot]:
    """Secret-card Nim: the bot (seat 0) plays first, then Ana (seat 1)."""
    match = Match(TOY, TOY.settings(2, 5), [SeatSpec("bot", level="random"),
                                           SeatSpec("human", "Ana")])
    bot = GatedBot()
    match._bots[0] = bot  # type: ignore[assignment]
    match.thinks = lambda seat: seat == 0  # type: ignore[method-assign]
    return match, bot


def _run_at_prompt(match: Match, first: str, on_line, *, prompted=None,
                   tune=None) -> list[str]:
    """The client at a prompt_toolkit prompt: ``first`` typed at once, ``on_line(text,
    pipe)`` told of every line written and ``prompted(prompt, pipe)`` of every prompt shown
    (to open a gate, or type more); ``tune(client)`` before it runs."""
    out = io.StringIO()
    with create_pipe_input() as pipe:
        reader = PromptReader(lambda: [], input=pipe, output=DummyOutput())
        client = Client(match, reader=reader,
                        writer=Watched(out, lambda text: on_line(text, pipe)))
        if prompted is not None:
            reader.on_prompt = lambda prompt: prompted(prompt, pipe)
        if tune is not None:
            tune(client)
        pipe.send_text(first)
        assert client.run() == 0
    return out.getvalue().splitlines()


def test_a_command_typed_while_a_bot_thinks_is_answered_before_its_move() -> None:
    match, bot = _toy_with_a_thinking_bot()

    def on_line(text: str, pipe) -> None:
        if text == "toy.sticks":  # the status, answered while the bot still thinks
            bot.gate.set()
        if text.endswith("toy.ask"):  # Ana's question, after the bot's move
            pipe.send_text("quit\nyes\nno\n")

    lines = _run_at_prompt(match, "status\n", on_line)
    assert lines.index("toy.sticks") < lines.index("toy.took")
    assert bot.threads == ["a11y-games-bot"]
    assert match.log == [(0, "take:1")]


def test_a_long_search_says_who_is_thinking_while_it_goes_on() -> None:
    """One search longer than the silence the player is told of (``set think 10``): who
    is thinking is said during it, then "still thinking", not only at the next move (the
    silences here shortened to 0.3 s and 0.8 s; the bot decides after 2.5 s)."""
    match, bot = _toy_with_a_thinking_bot()
    threading.Timer(2.5, bot.gate.set).start()

    def on_line(text: str, pipe) -> None:
        if text == "Your turn: toy.ask":
            pipe.send_text("quit\nyes\nno\n")

    def shorter(client: Client) -> None:
        client.thinking_said = (0.3, 0.8)

    prompts: list[str] = []
    lines = _run_at_prompt(match, "", on_line, tune=shorter,
                           prompted=lambda prompt, pipe: prompts.append(prompt))
    said = lines[lines.index("toy.card") + 1:lines.index("toy.took")]
    # the prompt shown again after each of those lines is blank: no "Waiting>" to read again
    assert prompts[0] == "Waiting> " and prompts.count("Waiting> ") == 1
    again = prompts[1:prompts.index("Ana> ")]
    assert again and set(again) == {""}
    assert said[:2] == ["toy.bot.a is thinking.",
                        "Quicker bots, less strong: type set think 0.3."]
    assert said[2:] and set(said[2:]) == {"toy.bot.a is still thinking."}


def test_a_number_typed_while_a_bot_thinks_is_refused_and_nothing_is_lost() -> None:
    """Not the player's turn yet: said so; the bot's move and the question then come."""
    match, bot = _toy_with_a_thinking_bot()

    def on_line(text: str, pipe) -> None:
        if text == "You have nothing to choose right now.":
            bot.gate.set()
        if text == "Your turn: toy.ask":
            pipe.send_text("2\nquit\nyes\nno\n")

    lines = _run_at_prompt(match, "1\n", on_line)
    refused = lines.index("You have nothing to choose right now.")
    assert lines[refused + 1] == "Waiting for toy.bot.a."  # whose turn it is, and what
    assert refused < lines.index("toy.took")
    assert match.log == [(0, "take:1"), (1, "take:2")]


def test_a_bot_deciding_during_the_quit_question_plays_after_it_nothing_stuck() -> None:
    """``quit`` typed while the bot thinks, "no" once it has decided: the game goes on,
    its move is said then, and the question comes without another key pressed."""
    match, bot = _toy_with_a_thinking_bot()
    asked: list[str] = []

    def on_line(text: str, pipe) -> None:
        if text == "Your turn: toy.ask":
            asked.append(text)
            pipe.send_text("quit\nyes\nno\n")

    def prompted(prompt: str, pipe) -> None:
        if prompt == "> " and not bot.gate.is_set():  # the quit question's prompt shows
            threading.Timer(0.3, bot.gate.set).start()  # the bot decides meanwhile
            threading.Timer(0.8, lambda: pipe.send_text("no\n")).start()

    lines = _run_at_prompt(match, "quit\n", on_line, prompted=prompted)
    assert asked
    assert lines.index("The game goes on.") < lines.index("toy.took") < lines.index(
        "Your turn: toy.ask")
    assert match.log == [(0, "take:1")]


def test_undo_while_a_bot_thinks_drops_its_move_and_it_decides_again() -> None:
    """Ana takes back her move while the bot thinks about its reply: the reply decided
    for the old position is never played; the bot thinks again after her new move."""
    match = Match(TOY, TOY.settings(2, 5), [SeatSpec("human", "Ana"),
                                           SeatSpec("bot", level="random")])
    bot = GatedBot()
    match._bots[1] = bot  # type: ignore[assignment]
    match.thinks = lambda seat: seat == 1  # type: ignore[method-assign]
    said: list[str] = []

    def on_line(text: str, pipe) -> None:
        if not text.endswith("toy.ask"):
            return
        said.append(text)
        if len(said) == 2:  # asked again after the undo
            bot.gate.set()  # the first search ends now, for a position gone
            pipe.send_text("3\n")
        if len(said) == 3:
            pipe.send_text("quit\nyes\nno\n")

    lines = _run_at_prompt(match, "1\nundo\n", on_line)
    assert match.log[:2] == [(0, "take:3"), (1, "take:1")]
    assert len(bot.threads) == 2  # the bot thought twice: before and after the undo
    assert lines.count("toy.took") == 3


def test_a_strong_bot_thinking_aside_plays_the_same_moves_and_the_prompt_is_said_once() -> None:
    """Vertigo, 2 players: Gaia (strong, 5 iterations a decision: the same moves every
    run) makes its setup purchases, several decisions that say nothing until their
    summary. At a prompt it decides on a thread: the same moves as without a prompt, and
    "Waiting" is said once for them all, not once a decision."""
    def new_match() -> Match:
        match = Match(VERTIGO, VERTIGO.settings(2, 5), [SeatSpec("human", "Ana"),
                                                       SeatSpec("bot", level="strong")])
        match._bots[1].iterations = 5  # type: ignore[attr-defined]
        return match

    plain = new_match()
    Client(plain, reader=PlainReader(io.StringIO("1\n1\n00\n")),
           writer=Writer(io.StringIO())).run()
    asked = len(plain.log)

    match = new_match()
    prompts: list[str] = []

    def prompted(prompt: str, pipe) -> None:
        prompts.append(prompt)
        if prompt == "Ana> " and len(match.log) >= asked:
            pipe.send_text("quit\nyes\nno\n")

    lines = _run_at_prompt(match, "1\n1\n00\n", lambda text, pipe: None, prompted=prompted)
    assert any(line.startswith("Gaia: ") for line in lines)
    assert match.log[:asked] == plain.log
    assert len(match.log) == asked
    assert prompts.count("Waiting> ") == 1


def test_the_waiting_prompt_shown_again_after_news_is_not_said_again() -> None:
    """News ends the prompt (a move said); the same waiting prompt shown again is not
    spoken again, a turn's prompt always is, and after a line typed the waiting prompt is
    said again."""
    said: list[str] = []
    with create_pipe_input() as pipe:
        reader = PromptReader(lambda: [], input=pipe, output=DummyOutput())
        reader.on_prompt = said.append
        reader.said_once = lambda prompt: prompt == "Waiting> "
        for prompt in ("Waiting> ", "Waiting> ", "Ana> ", "Ana> "):
            threading.Timer(0.3, reader.wake).start()
            with pytest.raises(Woken):
                reader.read(prompt)
        pipe.send_text("status\n")
        assert reader.read("Waiting> ") == "status"
        pipe.send_text("log\n")
        assert reader.read("Waiting> ") == "log"
    assert said == ["Waiting> ", "Ana> ", "Ana> ", "Waiting> ", "Waiting> "]


def test_at_a_keyboard_shared_by_several_players_bots_play_at_once() -> None:
    """Hot-seat: the keyboard changes hands between two questions, and nobody holds it
    while bots play: no prompt is opened for them (one player alone: one is)."""
    def client_for(seats: list[SeatSpec]) -> Client:
        match = Match(VERTIGO, VERTIGO.settings(3, 5), seats)
        with create_pipe_input() as pipe:
            reader = PromptReader(lambda: [], input=pipe, output=DummyOutput())
            return Client(match, reader=reader, writer=Writer(io.StringIO()))

    shared = client_for([SeatSpec("human", "Ana"), SeatSpec("human", "Bo"),
                         SeatSpec("bot", level="strong")])
    alone = client_for([SeatSpec("human", "Ana"), SeatSpec("bot", level="normal"),
                        SeatSpec("bot", level="strong")])
    assert not shared._thinks_aside(2)
    assert alone._thinks_aside(2) and not alone._thinks_aside(1)


def test_a_vote_put_to_all_asks_the_player_at_once_the_bots_think_after() -> None:
    """PNUE, 5 players, 4 strong bots: the government's vote is put to everyone at once.
    The player is asked at once (not after four searches); the bots vote after, and the
    count is said."""
    match = Match(PNUE, PNUE.settings(5, 11), [SeatSpec("human", "Ana")] + [
        SeatSpec("bot", level="strong", name_index=i) for i in range(1, 5)])
    for seat in range(1, 5):
        match._bots[seat].iterations = 5  # type: ignore[attr-defined]
    at_question: list[int] = []

    def on_line(text: str, pipe) -> None:
        if text.startswith("Approve ") and not at_question:  # "Approve them?" after
            # Ana's nomination (the vote asked just after it names nobody again)
            at_question.append(len(match.log))
            pipe.send_text("1\n")
        if text.startswith("Approved:") or text.startswith("Rejected:"):
            pipe.send_text("quit\nyes\nno\n")

    _run_at_prompt(match, "2\n", on_line)  # Ana, President, nominates
    assert at_question == [1]  # the nomination only: no bot had voted yet
    votes = [action for seat, action in match.log[1:]]
    assert len(votes) == 5 and match.log[1][0] == 0  # Ana's vote first, then the bots'


def test_an_action_asked_while_no_prompt_shows_runs_at_the_next_one() -> None:
    """News from a network table that comes between two prompts is looked at once the next
    prompt shows (``call(later=True)``), where it ends that prompt only if it has
    something to say: it no longer ends the next prompt unseen (a prompt shown twice)."""
    ran: list[bool] = []
    with create_pipe_input() as pipe:
        reader = PromptReader(lambda: [], input=pipe, output=DummyOutput())
        assert not reader.call(lambda: ran.append(True))  # no prompt: dropped
        assert not reader.call(lambda: ran.append(False), later=True)  # kept for the next
        threading.Timer(0.5, lambda: pipe.send_text("status\n")).start()
        assert reader.read("Waiting> ") == "status"  # not ended by the news
    assert ran == [False]
