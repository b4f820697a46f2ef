"""What you missed, in short: a digest of at most 5 lines (the count, with ``log`` for
every line, then what changed for you, who led, what was decided), after a read of the
log while strong bots played here, and for any client from the seat's missed events."""

from __future__ import annotations

import io
import random
import threading

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from a11y_games.engine import Msg, Verbosity
from a11y_games.engine.bots import ForwardRandomBot
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.replay import round_of
from a11y_games.games import all_specs
from a11y_games.ui.client import Client
from a11y_games.ui.digest import digest
from a11y_games.ui.terminal import PromptReader, Writer

pytestmark = pytest.mark.timeout(60)
SPECS = all_specs()


def bots_game(game: str, players: int, seed: int) -> Match:
    spec = SPECS[game]
    match = Match(spec, spec.settings(players, seed), [
        SeatSpec("bot", level="random", name_index=s) for s in range(players)])
    match.play_bots()
    return match


@pytest.mark.parametrize(("game", "players"), [("pnue", 10), ("vertigo", 4), ("utopia", 5),
                                               ("vanuatu", 5)])
def test_a_digest_is_5_lines_of_what_the_seat_saw_and_its_own_news_first(
        game: str, players: int) -> None:
    match = bots_game(game, players, 3)
    rng = random.Random(1)
    for _ in range(20):
        seat = rng.randrange(players)
        start = rng.randrange(len(match.events) - 40)
        missed = match.events[start:start + rng.choice((8, 20, 40))]
        seen = [e for e in missed if e.visible(seat)]
        told = digest(missed, seat)
        assert 1 <= len(told) <= 5
        assert told[0] == Msg("online.missed", count=len(seen))
        picks = told[1:]
        assert all(any(m is e.msg for e in seen) for m in picks)  # only the seat's lines
        at = -1
        for m in picks:  # in the order they happened
            at = next(i for i, e in enumerate(seen) if i > at and e.msg is m)
        private = [e for e in seen if e.secret and e.informs]
        if private:  # what changed for you comes before anything else
            assert private[-1].msg in picks
        opened = [e for e in seen if round_of(e) is not None and not e.secret]
        yours = [e for e in seen if e.informs and (
            e.secret or f"PlayerRef(seat={seat})" in repr(e.msg))]
        if opened and len(yours) < 4:  # then who led a round
            assert any(round_of(e) is not None for e in seen if e.msg in picks)


class GatedBot(ForwardRandomBot):
    """A strong bot's long search made exact: it decides once the test opens the gate."""

    def __init__(self, seat: int, gate: threading.Event) -> None:
        super().__init__(seat, random.Random(seat))
        self.gate = gate

    def choose(self, observation: object, legal: list[str]) -> str:
        if not self.gate.wait(10):
            raise TimeoutError("the bot was never let decide")
        return super().choose(observation, legal)


def test_moves_made_while_the_player_reads_the_log_are_told_in_short_after() -> None:
    """Ana reads the log while the bots before her think; their turns come meanwhile, and
    are not read out under the log page: when her question comes, what she missed is said
    in at most 5 lines (``log`` has every line), then her question."""
    spec = SPECS["utopia"]
    match = Match(spec, spec.settings(5, 1), [  # 4 bots play first: 8 lines
        *(SeatSpec("bot", level="random", name_index=s) for s in range(4)),
        SeatSpec("human", "Ana")])
    gate = threading.Event()
    for seat in range(4):
        match._bots[seat] = GatedBot(seat, gate)  # type: ignore[assignment]
    match.thinks = lambda seat: seat != 4  # type: ignore[method-assign]
    out = io.StringIO()
    asked = threading.Event()

    class Watched(Writer):
        def _write(self, block: list[str], remember: bool) -> None:
            super()._write(block, remember)
            if any(t.startswith("Messages ") for t in block):  # a log page, read
                gate.set()
            if any(t.startswith("Your turn") for t in block):
                asked.set()

    with create_pipe_input() as pipe:
        reader = PromptReader(lambda: [], input=pipe, output=DummyOutput())
        client = Client(match, reader=reader, writer=Watched(out), lang="en",
                        verbosity=Verbosity.FULL)  # every bot's step: 8 lines

        def type_when_asked() -> None:
            asked.wait(20)
            pipe.send_text("quit\nyes\nno\n")

        threading.Thread(target=type_when_asked, daemon=True).start()
        pipe.send_text("log\n")
        assert client.run() == 0
    lines = out.getvalue().splitlines()
    first = next(i for i, t in enumerate(lines) if t.startswith("Messages "))
    question = next(i for i, t in enumerate(lines) if t.startswith("Your turn"))
    between = lines[first + 1:question]
    header = next(i for i, t in enumerate(between) if " while you were reading: type log" in t)
    missed = int(between[header].split()[0])
    heard = client.transcripts[4]
    assert missed > 5 and len(heard) > missed
    assert len(between) - header <= 5 + 2  # the digest (and the question's own lines)
    assert "Your turn" in lines[question]


def test_after_a_reconnect_the_missed_count_comes_with_what_changed_for_you() -> None:
    """A network table's events caught up after a reconnect (``hushed``, as the remote
    table marks them; a stand-in table for speed, the sockets are in tests/net): the count
    as before, then at most 4 lines, the line to this seat alone among them."""
    from a11y_games.engine import Event, PlayerRef
    from tests.ui.test_network_prompt import NetworkTable

    table = NetworkTable()
    table.news += [Event(Msg("toy.took", seat=PlayerRef(1), count=n % 3 + 1)) for n in range(6)]
    table.news.append(Event(Msg("toy.card", card=42), frozenset({0})))
    table.news += [Event(Msg("toy.took", seat=PlayerRef(1), count=1)) for _ in range(6)]
    table.hushed = set(range(len(table.news)))  # type: ignore[attr-defined]
    out = io.StringIO()
    client = Client(table, reader=PromptReader(lambda: []), writer=Writer(out))
    client.flush_events()
    lines = out.getvalue().splitlines()
    assert lines[0] == "13 events while you were away: type log to hear them."
    assert 2 <= len(lines) <= 5 and "toy.card" in lines
    assert len(client.transcripts[0]) == 13  # log has every line


def test_history_and_replay_at_a_network_table_read_no_file_here() -> None:
    """A web player's client runs at the server: ``history`` there must never list the
    server's own games."""
    from a11y_games.ui.history import keep_finished
    from tests.ui.test_network_prompt import NetworkTable

    finished = bots_game("vertigo", 2, 1)
    assert keep_finished(finished) is None
    out = io.StringIO()
    client = Client(NetworkTable(), reader=PromptReader(lambda: []), writer=Writer(out))
    client.handle("history")
    client.handle("replay 1")
    lines = out.getvalue().splitlines()
    assert lines == ["This server's games: type history in the lobby.",
                     "Replay opens in the lobby, after this game."]
