"""A network replay keeps every seat's secrets, in all four games (issue 31).

Two people (guests) play each game to its end at one real server, against bots, asking
their status, board and private view at each of their questions and at the end. Then each
goes over the game from its own seat over a fresh connection: every step the server sends
is exactly what that seat's live connection was sent (whose every frame passed the live
tests' own per-seat check, ``check_view``), and the seat's summaries at a step are the
ones it was answered live at that point, never holding a line of another seat's private
view. The replay's client (``ServerReplay`` under the replay client) moved with ``back``,
``round N``, ``end`` and ``start`` says at each step what it said there going forward.
"""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

import pytest

from a11y_games.engine.match import Match
from a11y_games.engine.messages import Msg
from a11y_games.engine.replay import Replay
from a11y_games.games import all_specs
from a11y_games.i18n import Translator
from a11y_games.net import protocol as p
from a11y_games.ui.lobby import _finished
from a11y_games.ui.remote import Session
from a11y_games.ui.remote_replay import ServerReplay
from a11y_games.ui.replaying import ReplayClient
from a11y_games.ui.terminal import Writer
from tests.net.test_games import check_view, pick
from tests.net.wire import Client, ServerProcess, replay, run

SPECS = all_specs()
GAMES = [("vertigo", 4), ("utopia", 4), ("vanuatu", 4), ("pnue", 5), ("pnue", 7),
         ("pnue", 10)]
SEED = 5
"""The server's seed: its tables' deals (taken in this file's order) end fast."""
VIEWS = ("status", "board", "private")
pytestmark = pytest.mark.xdist_group("replay_games")  # one server, one worker


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> ServerProcess:
    """One seeded server for the whole module (each game a table of its own)."""
    process = ServerProcess(Path(tmp_path_factory.mktemp("server")), SEED).start()
    try:
        yield process  # type: ignore[misc]
    finally:
        process.kill()


@pytest.fixture(scope="module")
def session(server: ServerProcess) -> Session:
    """Ana's client's connection to the server, for the replay's client (one for the
    module: a session's close waits 3 s for its thread)."""
    connection = Session(server.url, name="Ana", lang="en")
    connection.start()
    try:
        yield connection  # type: ignore[misc]
    finally:
        connection.close()


@dataclass
class Asked:
    """A live answer about the asker's own view, at a known point of the game."""

    position: int
    """Actions played when it was answered."""
    seq: int
    """Events of the table sent by then (those the seat may not see as bare numbers)."""
    seen: int
    """Events the seat had seen by then."""
    what: str
    lines: list[Msg]


@dataclass
class Seat:
    """One person's live connection: what it was sent, what it was answered."""

    number: int
    token: str
    events: list[p.EventMsg] = field(default_factory=list)
    """Every event frame it could read (its own view), in order."""
    asked: list[Asked] = field(default_factory=list)


@dataclass
class Game:
    """A game played to its end at the server, as its people lived it."""

    table: str
    match: Match
    """Rebuilt from the server's stored log (for the test's bookkeeping only)."""
    seats: list[Seat]

    @property
    def log(self) -> list[tuple[int, str]]:
        return self.match.log


PLAYED: dict[tuple[str, str, int], Game] = {}


async def _ask(client: Client, message: object) -> p.ServerMessage:
    return await client.reply(await client.request(message))


async def _views(client: Client, asks: dict[int, str]) -> None:
    """Status, board and private view asked together (noted by request number)."""
    reqs = [await client.request(p.Ask(what=what)) for what in VIEWS]  # type: ignore[arg-type]
    for req, what in zip(reqs, VIEWS, strict=True):
        asks[req] = what
        assert isinstance(await client.reply(req), p.Answer)


async def _live(client: Client, seat: int, rng: random.Random, asks: dict[int, str]) -> None:
    """Answer each question put to ``seat`` (asking its views first) until the end; its
    views once more at the end."""
    while True:
        message = await client.expect((p.PendingMsg, p.Over), timeout=30)  # type: ignore[arg-type]
        if isinstance(message, p.Over):
            await _views(client, asks)
            return
        if seat not in message.seats or not message.choices:
            continue
        await _views(client, asks)
        reply = await _ask(client, p.Act(action=pick(message.choices, rng)))
        assert isinstance(reply, p.Acked) or message.race, reply


def _pinned(client: Client, asks: dict[int, str], length: int) -> list[Asked]:
    """The answers given when no event had come since the last question (or the end):
    the point of the game each answered is then known."""
    found: list[Asked] = []
    seq = seen = position = 0
    fresh = False
    for message in client.received:
        if isinstance(message, p.EventMsg):
            seq, seen, fresh = message.seq, seen + (message.msg is not None), False
        elif isinstance(message, p.PendingMsg):
            position, fresh = message.log_length, True
        elif isinstance(message, p.Over):
            position, fresh = length, True
        elif isinstance(message, p.Answer) and message.req in asks and fresh:
            found.append(Asked(position, seq, seen, asks[message.req], list(message.lines)))
    return found


def played(server: ServerProcess, game: str, players: int) -> Game:
    """The game of ``game`` at ``players`` (Ana at seat 0, Bo at 1, bots else) played to its
    end once for the module; each person's frames pass the live per-seat check."""
    key = (server.url, game, players)
    if key not in PLAYED:
        PLAYED[key] = run(_play(server, game, players), timeout=60)
    return PLAYED[key]


async def _play(server: ServerProcess, game: str, players: int) -> Game:
    ana = await Client.open(server.url, "Ana")
    bo = await Client.open(server.url, "Bo")
    bots = {seat: "normal" if seat % 2 else "random" for seat in range(2, players)}
    joined = await _ask(ana, p.Create(game=game, players=players, bots=bots, bot_delay=0))
    assert isinstance(joined, p.Joined) and joined.token
    seated = await _ask(bo, p.Join(table=joined.table.id))
    assert isinstance(seated, p.Joined) and seated.token and seated.seat == 1
    await ana.request(p.Start())
    asks: list[dict[int, str]] = [{}, {}]
    await asyncio.gather(_live(ana, 0, random.Random(1), asks[0]),
                         _live(bo, 1, random.Random(2), asks[1]))
    record, log = server.table(joined.table.id)
    match = replay(record, log)
    assert match.state.outcome() is not None
    seats = []
    for number, (client, token) in enumerate(((ana, joined.token), (bo, seated.token))):
        check_view(client, number, match.events, len(log))  # the live test's own check
        seats.append(Seat(number, token, [e for e in client.of(p.EventMsg) if e.msg],
                          _pinned(client, asks[number], len(log))))
        assert isinstance(await _ask(client, p.Leave()), p.Left)
        await client.close()
    return Game(joined.table.id, match, seats)


async def _opened(client: Client, table: str, token: str) -> p.ReplayPage:
    """Every page of a replay, its steps together in the first (as the lobby does)."""
    first = await _ask(client, p.ReplayOpen(table=table, tokens=[token]))
    assert isinstance(first, p.ReplayPage), first
    while len(first.steps) < first.total:
        page = await _ask(client, p.ReplayOpen(table=table, tokens=[token],
                                               start=len(first.steps)))
        assert isinstance(page, p.ReplayPage) and page.steps
        first.steps += page.steps
    return first


def _said(event: p.EventMsg) -> tuple[object, ...]:
    """An event frame without its number (live: the table's; in a replay: the step's)."""
    return (event.msg, event.level, event.cause, event.private)


def _others_secrets(match: Match, seat: int, own: set[Msg]) -> set[Msg]:
    """Lines of the other people's private views now that ``seat`` was never told in its
    own summaries at this point."""
    return {line for other in range(len(match.seats)) if other != seat
            for line in match.state.private(other)} - own


@pytest.mark.timeout(90)
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_each_seat_s_replay_is_what_its_live_connection_was_sent(
        server: ServerProcess, game: str, players: int) -> None:
    """Every step of each person's replay is its live frames, in the same steps as the
    live game gave them; its status, board and private view at a step are its live
    answers there (the last step included); no other seat's private line in any."""
    lived = played(server, game, players)
    spec = SPECS[game]

    async def scenario() -> None:
        for seat in lived.seats:
            client = await Client.open(server.url, "Reader")
            page = await _opened(client, lived.table, seat.token)
            assert page.seat == seat.number
            steps = Replay(spec, lived.match.settings, lived.log, seat.number).steps
            assert len(steps) == page.total == len(page.steps)
            for index, step in enumerate(steps):  # the live frames of the step's actions
                after = steps[index - 1].seen if index else 0
                assert [_said(e) for e in page.steps[index]] == [
                    _said(e) for e in seat.events if after < e.seq <= step.seen], index
            assert sum(map(len, page.steps)) == len(seat.events), "and nothing else"
            stepper = replay(*server.table(lived.table), 0)
            compared = 0
            for asked in seat.asked:
                index = next((i for i, s in enumerate(steps) if s.position == asked.position),
                             None)
                if index is None:  # the seat learnt nothing at that action: no step there
                    continue
                assert steps[index].seen == asked.seq
                assert sum(len(s) for s in page.steps[:index + 1]) == asked.seen, \
                    "the step holds what the seat had heard when it asked"
                answer = await _ask(client, p.ReplayAsk(step=index, what=asked.what))  # type: ignore[arg-type]
                assert isinstance(answer, p.Answer) and answer.lines == asked.lines, \
                    (index, asked.what)
                while len(stepper.log) < asked.position:
                    stepper.act(*lived.log[len(stepper.log)])
                own = {line for a in seat.asked if a.position == asked.position
                       for line in a.lines}
                assert not set(answer.lines) & _others_secrets(stepper, seat.number, own)
                compared += 1
            assert seat.asked[-1].position == len(lived.log) == steps[-1].position, \
                "the last answers are the end's, and so is the last step"
            assert compared >= 3 * 3, f"only {compared} answers could be compared"
            await client.close()

    run(scenario(), timeout=80)




class _Script:
    """The replay's keyboard: types what ``plan`` gives at each prompt (None: the input
    ends) and keeps what the client said to each command, with the step it left."""

    interactive = False

    def __init__(self, out: io.StringIO, plan: Callable[[ServerReplay, str], str | None]
                 ) -> None:
        self.out = out
        self.plan = plan
        self.replay: ServerReplay | None = None
        self.typed: list[Typed] = []
        self._read = 0
        self._last = ""

    def read(self, prompt: str) -> str:
        replay = self.replay
        assert replay is not None
        text = self.out.getvalue()
        self.typed.append(Typed(self._last, replay.index, text[self._read:].splitlines(),
                                [e.msg for e in replay.transcript()]))
        self._read = len(text)
        command = self.plan(replay, self._last)
        if command is None:
            raise EOFError
        self._last = command
        return command


@dataclass
class Typed:
    """A command typed in a replay (the opening: ""), and what followed."""

    command: str
    step: int
    """The step it left the replay at."""
    said: list[str]
    log: list[Msg]
    """The seat's transcript there (what ``log`` reads)."""


def _replay_client(session: Session, game: p.PlayedGame, token: str,
                   plan: Callable[[ServerReplay, str], str | None]) -> list[Typed]:
    """``replay N`` as the lobby opens it (every page, then the replay's client), the
    commands of ``plan`` typed; what it said to each."""
    page = session.request(p.ReplayOpen(table=game.table, tokens=[token]))
    while len(page.steps) < page.total:
        page.steps += session.request(p.ReplayOpen(table=game.table, tokens=[token],
                                                   start=len(page.steps))).steps
    out = io.StringIO()
    script = _Script(out, plan)
    script.replay = ServerReplay(session, SPECS[game.game], page)
    ReplayClient(script.replay, _finished(game), reader=script, writer=Writer(out),
                       lang="en", specs=SPECS).run()
    return script.typed


def _forward(replay: ServerReplay, last: str) -> str | None:
    """``me`` at each step, then ``next``, to the end."""
    if last != "me":
        return "me"
    return None if replay.at_end else "next"


def _unexplained(lines: list[str], game: str) -> list[str]:
    """Lines without the explanations of the game's words (each said the first time it is
    heard in a replay: the second replay's ``me`` explains what the first had)."""
    tr = Translator("en")
    means = {tr.render(Msg(f"{game}.term.{name}.means")) for name in SPECS[game].terms}
    return [line for line in lines if line not in means]


def _typing(commands: list[str]) -> Callable[[ServerReplay, str], str | None]:
    left = list(commands)
    return lambda replay, last: left.pop(0) if left else None


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("game", "players"), GAMES[:4])
def test_the_replay_client_says_at_each_step_what_it_said_there_going_forward(
        server: ServerProcess, session: Session, game: str, players: int) -> None:
    """Ana's replay at the terminal's client, over the server: gone through with next
    (and me at each step), each step's log is her live frames so far; then end, back,
    round N, next round and start land on steps whose lines and me are those said
    there going forward."""
    lived = played(server, game, players)
    ana = lived.seats[0]
    history = session.request(p.History(tokens=[ana.token]))
    kept = next(g for g in history.games if g.table == lived.table)
    went = _replay_client(session, kept, ana.token, _forward)
    lines = {t.step: t.said for t in went if t.command in ("", "next")}
    lines[0] = lines[0][4:]  # the opening: its title, the players, you, the hint first
    mine = {t.step: t.said for t in went if t.command == "me"}
    for typed in went:  # the log at each step: her live view so far, nothing else
        assert typed.log == [e.msg for e in ana.events[:len(typed.log)]]
    assert went[-1].log == [e.msg for e in ana.events]
    last = max(t.step for t in went)
    moves = ["end", "me", "back", "me", "back", "back", "me", "round 2", "me",
             "next round", "me", "start", "me", "next", "round 1", "turn 3", "me"]
    moved = _replay_client(session, kept, ana.token, _typing(moves))
    assert [t.command for t in moved[1:]] == moves
    local = Replay(SPECS[game], lived.match.settings, lived.log, ana.number)
    asked = 0
    for before, typed in pairwise(moved):
        if typed.command == "me":  # (the game's words explained once a replay)
            if typed.step in mine:  # (not if a round began at a step next passed)
                assert _unexplained(typed.said, game) == _unexplained(mine[typed.step], game)
                asked += 1
            continue
        assert typed.step == _landing(local, set(lines), before.step, typed.command), typed
        said = typed.said if typed.command == "next" else typed.said[1:]  # after where
        assert said == lines.get(typed.step, []), typed  # (a step next passed: silent)
        assert typed.log == [e.msg for e in ana.events[:len(typed.log)]]
    assert last in {t.step for t in moved} and 0 in {t.step for t in moved[1:]}
    assert asked >= 4, "me at the end, after back and at the start at least"


def _landing(local: Replay, visited: set[int], step: int, command: str) -> int | None:
    """Where ``command`` typed at ``step`` goes: by the local replay of the same seat;
    ``next`` and ``back`` to the steps that had something to say going forward
    (``visited``)."""
    local.go(step)
    words = command.split()
    if words == ["end"]:
        return len(local.steps) - 1
    if words == ["start"]:
        return 0
    if words == ["next", "round"]:
        return local.round_step(local.round_now() + 1)
    if words[0] in ("round", "turn"):
        return local.round_step(int(words[1]))
    if words == ["back"]:
        return max(i for i in visited if i < step)
    return min(i for i in visited if i > step)
