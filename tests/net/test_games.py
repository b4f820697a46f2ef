"""Whole games of each game through a real server: each seat gets only what it may see.

Two scripted people (one French) play each game against bots; a spectator watches. Every
frame each receives is kept; after the end the game is replayed from the server's stored
log, and every event frame must be exactly the seat's view of that event (a bare number
when the seat may not see it), every ``private`` answer exactly that seat's private
summary at that point, and no question or choices reach a seat not asked.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from a11y_games.engine.messages import Msg
from a11y_games.net import protocol as p
from tests.net.wire import Client, ServerProcess, replay, run

GAMES = [("pnue", 5, {}), ("pnue", 5, {"crises": "on"}), ("vertigo", 3, {}),
         ("utopia", 3, {}), ("vanuatu", 3, {})]
QUICK = ("done", "end", "pass", "finish")
SEED = 1
"""The server's seed: its first table's deal has a crisis race in PNUE with crises on."""


def pick(choices: list[tuple[str, Msg]], rng: random.Random) -> str:
    """A scripted player: sometimes ends a menu, else any choice (``back`` included, so
    Vertigo's free moves inside a region do not go on for ever)."""
    actions = [a for a, _ in choices]
    quick = [a for a in actions if a.split(":")[0] in QUICK]
    return quick[0] if quick and rng.random() < 0.3 else rng.choice(actions)


async def play(client: Client, seat: int, rng: random.Random,
               privates: list[tuple[int, list[Msg]]]) -> p.Over:
    """Answer every question put to this seat until the end; ask ``private`` on each turn."""
    while True:
        message = await client.expect((p.PendingMsg, p.Over), timeout=30)  # type: ignore[arg-type]
        if isinstance(message, p.Over):
            return message
        if seat not in message.seats or not message.choices:
            continue
        req = await client.request(p.Ask(what="private"))
        answer = await client.reply(req)
        assert isinstance(answer, p.Answer)
        privates.append((message.log_length, answer.lines))
        req = await client.request(p.Act(action=pick(message.choices, rng)))
        reply = await client.reply(req)
        # a race may have moved on between the question and the answer
        assert isinstance(reply, p.Acked) or message.race, reply


def check_view(client: Client, seat: int | None, match_events: list, log_length: int) -> None:
    """Every event frame is exactly ``seat``'s view of that event, in order, none missing."""
    frames = client.of(p.EventMsg)
    assert [f.seq for f in frames] == list(range(1, len(match_events) + 1))
    for frame, event in zip(frames, match_events, strict=True):
        if event.visible(seat):
            assert frame.msg == event.msg
            assert frame.private == event.secret
        else:
            assert frame == p.EventMsg(seq=frame.seq), "a hidden event must be a bare number"
    for progress in client.of(p.Progress):  # "3 of 5 have voted": counts, never who
        assert 1 <= progress.done <= progress.of and progress.of >= 2
    for pending in client.of(p.PendingMsg):
        asked = seat is not None and seat in pending.seats
        if not asked:
            assert pending.choices == []
            assert not pending.several, "the invitation to type several numbers is the asked seat's"
            if not pending.public:
                assert pending.prompt.id == "net.waiting"


@pytest.mark.timeout(90)
@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_a_whole_game_shows_each_seat_only_its_own_view(
        tmp_path: Path, game: str, players: int, options: dict[str, str]) -> None:
    server = ServerProcess(tmp_path, seed=SEED).start()  # its own: the same deals every run
    try:
        _play_and_check(server, game, players, options)
    finally:
        server.kill()


@pytest.mark.timeout(120)
def test_strong_bots_think_while_people_vote_and_see_only_their_view(tmp_path: Path) -> None:
    """PNUE with three strong bots (a tenth of a second a decision, in the server's worker
    thread; people asked with them, at a vote, answer meanwhile): the game ends, and every
    seat still sees only its own view."""
    server = ServerProcess(tmp_path, SEED, "--think", "0.1").start()
    try:
        _play_and_check(server, "pnue", 5, {}, level="strong")
    finally:
        server.kill()


def _play_and_check(server: ServerProcess, game: str, players: int,
                    options: dict[str, str], level: str = "") -> None:
    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana", "en")
        bruno = await Client.open(server.url, "Bruno", "fr")
        eve = await Client.open(server.url, "Eve", "en")
        bots = {seat: level or ("normal" if seat % 2 else "random")
                for seat in range(2, players)}
        req = await ana.request(p.Create(game=game, players=players, bots=bots,
                                         options=options, bot_delay=60))
        joined = await ana.reply(req)
        assert isinstance(joined, p.Joined) and joined.seat == 0
        table = joined.table.id
        req = await bruno.request(p.Join(table=table))
        assert (await bruno.reply(req)).seat == 1  # type: ignore[union-attr]
        req = await eve.request(p.Watch(table=table))
        assert (await eve.reply(req)).seat is None  # type: ignore[union-attr]
        await ana.request(p.Start())
        started = await bruno.expect(p.Started)
        assert set(started.table.names) == set(range(players)) or started.table.names
        privates: dict[int, list[tuple[int, list[Msg]]]] = {0: [], 1: []}
        over = await asyncio.gather(play(ana, 0, random.Random(1), privates[0]),
                                    play(bruno, 1, random.Random(2), privates[1]))
        assert over[0] == over[1]
        await eve.expect(p.Over)
        for client in (ana, bruno, eve):
            await client.close()
        record, log = server.table(table)
        assert record.over
        match = replay(record, log)
        assert match.state.pending() is None
        assert sorted(match.state.outcome().winners) == over[0].winners  # type: ignore[union-attr]
        for seat, client in ((0, ana), (1, bruno), (None, eve)):
            check_view(client, seat, match.events, len(log))
            if game == "pnue":  # every seat votes on each government
                assert client.of(p.Progress)
            if options.get("crises") == "on":  # crisis races, ordered by arrival
                assert any(m.race for m in client.of(p.PendingMsg))
        heard = {f.msg.id for f in eve.of(p.EventMsg) if f.msg is not None}
        if game == "utopia":  # a turn told in sentences to all but its player: and watchers
            assert heard & {"utopia.ev.turn_done", "utopia.ev.turn_built"}
        if game == "vanuatu":  # each player's planning in a sentence, to watchers too
            assert "vanuatu.plan.seat" in heard
        if game == "vertigo":  # a purchase menu that comes back invites several numbers
            assert any(m.several for c in (ana, bruno) for m in c.of(p.PendingMsg))
        stepper = replay(record, log, 0)
        asks = sorted((length, seat, lines) for seat, asked in privates.items()
                      for length, lines in asked)
        assert {seat for _, seat, _ in asks} == {0, 1}, "each person was asked"
        for length, seat, lines in asks:
            while len(stepper.log) < length:
                stepper.act(*log[len(stepper.log)])
            assert stepper.state.private(seat) == lines

    run(scenario(), 85)
