"""Strong bots at a server's table: they think without holding the server, and a strong
bot can hold a lost person's seat. A real server process, real sockets, loopback."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from a11y_games.net import protocol as p
from tests.net.wire import Client, ServerProcess, run

THINK = "0.4"
"""Seconds a strong bot thinks at these tests' server: a bot's turn of several searched
decisions lasts seconds, room enough to see the server answer in between."""


async def answer_quickly(client: Client, seat: int) -> None:
    """Answer every question put to ``seat`` with a quick way out (end, done, pass) or the
    first choice, until cancelled."""
    while True:
        message = await client.expect(p.PendingMsg, lambda m: seat in m.seats and bool(m.choices),
                                      timeout=60)
        actions = [a for a, _ in message.choices]
        quick = [a for a in actions if a.split(":")[0] in ("end", "done", "pass", "finish")]
        await client.request(p.Act(action=(quick or actions)[0]))


def _watched_table(tmp_path: Path, body: Callable[[Client, Client], Awaitable[None]]) -> None:
    """Vertigo at 3 on a real server: Ana (answering quickly all along) and two strong
    bots, Eve watching; ``body(ana, eve)`` runs meanwhile; everything closed after."""
    server = ServerProcess(tmp_path, 1, "--think", THINK).start()

    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana")
        eve = await Client.open(server.url, "Eve")
        req = await ana.request(p.Create(game="vertigo", players=3,
                                         bots={1: "strong", 2: "strong"}, bot_delay=60))
        joined = await ana.reply(req)
        assert isinstance(joined, p.Joined)
        req = await eve.request(p.Watch(table=joined.table.id))
        await eve.reply(req)
        await ana.request(p.Start())
        playing = asyncio.get_running_loop().create_task(answer_quickly(ana, 0))
        try:
            await body(ana, eve)
        finally:
            playing.cancel()
        for client in (ana, eve):
            await client.close()

    try:
        run(scenario(), 85)
    finally:
        server.kill()


def _ana_asked(message: p.ServerMessage) -> bool:
    return isinstance(message, p.PendingMsg) and 0 in message.seats


async def _answered_between_moves(eve: Client, answers: int) -> bool:
    """Eve asks for the status ``answers`` times, each after a new event; True if every
    answer came while the bots were still at it: an event after each answer, and Ana not
    asked from the first answer to the last event (so they were the bots' events; most of
    them a spectator sees as bare numbers)."""
    await eve.expect(p.EventMsg, timeout=60)
    first = len(eve.received)
    for _ in range(answers):
        req = await eve.request(p.Ask(what="status"))
        answer = await eve.reply(req, timeout=30)
        assert isinstance(answer, p.Answer) and answer.lines
        await eve.expect(p.EventMsg, timeout=60)
    return not any(_ana_asked(m) for m in eve.received[first:])


@pytest.mark.timeout(90)
def test_a_spectator_is_answered_while_strong_bots_think(tmp_path: Path) -> None:
    """Before, a strong bot searched in the server's only thread: the bots' moves until the
    next person's question (dozens, a second each) held every table and connection, and a
    question was answered only when a person was asked again. Now answers come between
    the bots' moves: three in a row, each followed by another move of theirs."""

    async def body(ana: Client, eve: Client) -> None:
        for _ in range(5):  # Ana may be asked in between: try again in the bots' turn
            if await _answered_between_moves(eve, 3):
                return
        pytest.fail("no answer came between the bots' moves: the server waited")

    _watched_table(tmp_path, body)


@pytest.mark.timeout(90)
def test_a_strong_bot_holds_a_lost_seat_and_plays_it(tmp_path: Path) -> None:
    """At a table of strong bots, a person whose connection is lost is replaced after the
    bot delay by a strong bot, which plays the seat (it was given the wrong view of the
    seat, and the table stopped)."""
    server = ServerProcess(tmp_path, 1, "--think", THINK).start()

    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana")
        bruno = await Client.open(server.url, "Bruno")
        req = await ana.request(p.Create(game="vertigo", players=2, bot_delay=0.2,
                                         level="strong"))
        joined = await ana.reply(req)
        assert isinstance(joined, p.Joined) and joined.seat == 0
        req = await bruno.request(p.Join(table=joined.table.id))
        assert (await bruno.reply(req)).seat == 1  # type: ignore[union-attr]
        await ana.request(p.Start())
        await bruno.expect(p.Started)
        await bruno.close()
        took = await ana.expect(p.Presence, lambda m: m.what == "bot_took_over" and m.seat == 1,
                                timeout=30)
        playing = asyncio.get_running_loop().create_task(answer_quickly(ana, 0))
        try:
            for _ in range(300):  # the seat's own moves, made by the strong bot holding it
                since = ana.received[ana.received.index(took):]
                if any(isinstance(m, p.EventMsg) and m.cause == 1 for m in since):
                    break
                await asyncio.sleep(0.2)
            else:
                pytest.fail("the strong bot holding seat 2 never played it")
        finally:
            playing.cancel()
        await ana.close()

    try:
        run(scenario(), 85)
    finally:
        server.kill()


@pytest.mark.timeout(90)
def test_everyone_not_asked_is_told_which_bot_thinks(tmp_path: Path) -> None:
    """Each decision a strong bot searches at the server: the spectator and the player not
    being asked get which bot thinks (their client says it once it has said nothing for a
    while); a player being asked a question is not sent it."""

    async def body(ana: Client, eve: Client) -> None:
        thinking = await eve.expect(p.Presence, lambda m: m.what == "thinking", timeout=30)
        assert thinking.seat in (1, 2)
        for _ in range(300):  # (Ana's own questions are answered meanwhile)
            if len([m for m in ana.of(p.Presence) if m.what == "thinking"]) >= 5:
                break
            await asyncio.sleep(0.1)
        else:
            pytest.fail("Ana, not asked while the bots played, was never told")
        asked = False
        for message in list(ana.received):
            if isinstance(message, p.PendingMsg):
                asked = 0 in message.seats and bool(message.choices)
            elif isinstance(message, p.Acked):  # her answer is in: she waits again
                asked = False
            elif isinstance(message, p.Presence) and message.what == "thinking":
                assert not asked, "told while answering a question"

    _watched_table(tmp_path, body)
