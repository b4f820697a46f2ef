"""Crashes, lost connections and spectators: no action lost, seats kept, chat in its place."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from a11y_games.net import protocol as p
from a11y_games.net.table import SNAPSHOT_AFTER
from tests.net.wire import Client, ServerProcess, replay, run


async def _current(client: Client) -> p.PendingMsg:
    """The question now as ``client`` sees it (the last one before an answer asked now)."""
    req = await client.request(p.Ask(what="whose"))
    await client.reply(req)
    return [m for m in client.received if isinstance(m, p.PendingMsg)][-1]


async def _play(client: Client, seat: int, turns: int) -> int:
    """Answer ``turns`` questions put to ``seat`` (first choice); returns how many were
    acknowledged."""
    acked = 0
    while acked < turns:
        pending = await _current(client)
        if seat not in pending.seats:
            await client.expect(p.PendingMsg, lambda m: seat in m.seats and bool(m.choices))
            continue
        req = await client.request(p.Act(action=pending.choices[0][0]))
        reply = await client.reply(req)
        acked += isinstance(reply, p.Acked)
    return acked


@pytest.mark.timeout(60)
def test_kill_9_then_restart_loses_no_action_and_the_seat_resumes(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path).start()
    try:
        async def before_crash() -> tuple[str, str, int, list[p.EventMsg]]:
            ana = await Client.open(server.url, "Ana")
            req = await ana.request(p.Create(game="vanuatu", players=3,
                                             bots={1: "normal", 2: "normal"}))
            joined = await ana.reply(req)
            assert isinstance(joined, p.Joined) and joined.token
            await ana.request(p.Start())
            acked = await _play(ana, 0, 6)
            events = ana.of(p.EventMsg)
            server.kill()  # kill -9 right after the last acknowledgement
            return joined.table.id, joined.token, acked, events

        table, token, acked, seen = run(before_crash(), 30)
        record, log = server.table(table)
        assert sum(1 for seat, _ in log if seat == 0) == acked, "every acknowledged action kept"
        server.start()  # the same data folder, a new port

        async def after_restart() -> None:
            ana = await Client.open(server.url, "Ana")
            last = seen[-1].seq
            req = await ana.request(p.Resume(token=token, last_seq=last - 3))
            joined = await ana.reply(req)
            assert isinstance(joined, p.Joined) and joined.seat == 0
            pending = await ana.expect(p.PendingMsg)
            _, now = server.table(table)  # bots the crash cut short have played on since
            assert now[:len(log)] == log, "the table resumed where it stopped"
            assert pending.log_length == len(now)
            assert joined.table.started and joined.seq == len(replay(record, now).events)
            again = ana.of(p.EventMsg)
            assert [e.seq for e in again] == list(range(last - 2, joined.seq + 1))
            assert again[:3] == seen[-3:], "the same events, the same numbers"
            assert await _play(ana, 0, 2) == 2  # and the game goes on
            await ana.close()

        run(after_restart(), 30)
        said = server.stop()  # SIGTERM: a clean stop, said in the catalogue's words
        assert server.proc is not None and server.proc.returncode == 0
        assert "Server stopped." in said
    finally:
        server.kill()


@pytest.mark.timeout(60)
def test_a_lost_seat_is_played_by_a_bot_after_the_delay_then_handed_back(
        server: ServerProcess) -> None:
    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana")
        bruno = await Client.open(server.url, "Bruno", "fr")
        req = await ana.request(p.Create(game="pnue", players=5, bot_delay=0.3,
                                         bots={2: "random", 3: "random", 4: "random"}))
        table = (await ana.reply(req)).table.id  # type: ignore[union-attr]
        req = await bruno.request(p.Join(table=table))
        token = (await bruno.reply(req)).token  # type: ignore[union-attr]
        await ana.request(p.Start())
        await bruno.expect(p.Started)
        await bruno.ws.close()  # the connection drops
        lost = await ana.expect(p.Presence, lambda m: m.what == "lost")
        assert lost.seat == 1 and lost.name == "Bruno"
        taken = await ana.expect(p.Presence, lambda m: m.what == "bot_took_over")
        assert taken.seat == 1
        # Ana plays on; the bot answers for seat 1 in the meantime
        for _ in range(40):
            if any(seat == 1 for seat, _ in server.table(table)[1]):
                break
            await _play(ana, 0, 1)
        assert any(seat == 1 for seat, _ in server.table(table)[1]), "the bot played seat 1"
        back = await Client.open(server.url, "Bruno", "fr")
        req = await back.request(p.Resume(token=token, last_seq=0))
        joined = await back.reply(req)
        assert isinstance(joined, p.Joined) and joined.seat == 1
        assert not next(s for s in joined.table.seats if s.seat == 1).bot_playing
        handed = await ana.expect(p.Presence, lambda m: m.what == "handed_back")
        assert handed.seat == 1
        assert [e.seq for e in back.of(p.EventMsg)] == list(range(1, joined.seq + 1))
        # from now on the bot no longer answers for Bruno: his turns wait for him
        log_before = len(server.table(table)[1])
        pending = await _current(ana)
        if 1 in pending.seats and not pending.race:
            await asyncio.sleep(0.5)
            assert len(server.table(table)[1]) == log_before
            mine = await _current(back)
            assert mine.choices
        for client in (ana, back):
            await client.close()

    run(scenario(), 40)


@pytest.mark.timeout(60)
def test_spectators_chat_among_themselves_during_a_game(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana")
        eve = await Client.open(server.url, "Eve")
        zoe = await Client.open(server.url, "Zoe", "fr")
        req = await ana.request(p.Create(game="utopia", players=3, public=False,
                                         bots={1: "random", 2: "random"}))
        joined = await ana.reply(req)
        assert isinstance(joined, p.Joined) and joined.table.code
        req = await ana.request(p.ListTables())
        listing = await ana.reply(req)
        assert joined.table.id not in [t.id for t in listing.tables]  # type: ignore[union-attr]
        req = await eve.request(p.Watch(table=joined.table.id))  # an id alone is not enough
        assert isinstance(await eve.reply(req), p.Error)
        for spectator in (eve, zoe):
            req = await spectator.request(p.Watch(code=joined.table.code.lower()))
            seen = await spectator.reply(req)
            assert isinstance(seen, p.Joined) and seen.seat is None and seen.table.code is None
        await ana.request(p.Start())
        await eve.expect(p.Started)
        await eve.request(p.Say(text="Ana will lose"))
        heard = await zoe.expect(p.Chat)
        assert (heard.channel, heard.sender, heard.text) == ("spectators", "Eve", "Ana will lose")
        req = await eve.request(p.Tell(to="ana", text="psst"))
        assert (await eve.reply(req)).msg.id == "net.error.tell_player"  # type: ignore[union-attr]
        await ana.request(p.Say(text="good luck"))
        for spectator in (eve, zoe):
            line = await spectator.expect(p.Chat, lambda m: m.channel == "table")
            assert line.text == "good luck"
        await _current(ana)
        assert ana.of(p.Chat)[0].text == "good luck"  # never the spectators' line
        assert [c.channel for c in ana.of(p.Chat)] == ["table"]
        for spectator in (eve, zoe):  # spectators never get choices nor a private question
            assert all(not m.choices for m in spectator.of(p.PendingMsg))
        for client in (ana, eve, zoe):
            await client.close()

    run(scenario(), 30)


@pytest.mark.timeout(60)
def test_a_long_absence_gets_a_snapshot_and_the_old_connection_is_let_go(
        server: ServerProcess) -> None:
    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana")
        req = await ana.request(p.Create(game="utopia", players=3,
                                         bots={1: "random", 2: "random"}))
        joined = await ana.reply(req)
        assert isinstance(joined, p.Joined) and joined.token
        await ana.request(p.Start())
        while not ana.of(p.EventMsg) or ana.of(p.EventMsg)[-1].seq <= SNAPSHOT_AFTER:
            pending = await _current(ana)
            if pending.choices:
                req = await ana.request(p.Act(action=pending.choices[0][0]))
                await ana.reply(req)
            elif ana.of(p.Over):
                pytest.skip("the game ended before enough events")
        again = await Client.open(server.url, "Ana")
        req = await again.request(p.Resume(token=joined.token, last_seq=0))
        assert isinstance(await again.reply(req), p.Joined)
        snapshot = await again.expect(p.Snapshot)
        assert snapshot.missed == snapshot.seq > SNAPSHOT_AFTER
        assert snapshot.status and snapshot.private  # where things stand, for this seat
        assert not again.of(p.EventMsg), "no flood of old events"
        assert (await again.expect(p.PendingMsg)).choices
        replaced = await ana.expect(p.Error)
        assert replaced.msg.id == "net.error.replaced"
        await asyncio.wait_for(ana.ws.wait_closed(), 5)
        await again.close()

    run(scenario(), 50)


async def _pnue_to_the_end(url: str, players: int) -> tuple[p.Joined, p.Over, int]:
    """Ana alone with normal bots at PNUE, answering first choices to the end, then gone:
    her seat, the end and the last event's number."""
    ana = await Client.open(url, "Ana")
    req = await ana.request(p.Create(game="pnue", players=players,
                                     bots={seat: "normal" for seat in range(1, players)}))
    joined = await ana.reply(req)
    assert isinstance(joined, p.Joined) and joined.token
    await ana.request(p.Start())
    while True:
        message = await ana.expect((p.PendingMsg, p.Over), timeout=30)  # type: ignore[arg-type]
        if isinstance(message, p.Over):
            break
        if 0 in message.seats and message.choices:
            req = await ana.request(p.Act(action=message.choices[0][0]))
            await ana.reply(req)
    last = ana.of(p.EventMsg)[-1].seq
    await ana.close()
    return joined, message, last


@pytest.mark.timeout(90)
def test_a_finished_game_is_heard_again_by_its_token_after_everyone_left_and_a_restart(
        tmp_path: Path) -> None:
    """A player whose connection fell at the end comes back (the server restarted
    meanwhile, so every table left the memory): the seat, the events missed and the end."""
    server = ServerProcess(tmp_path).start()
    try:
        joined, over, last = run(_pnue_to_the_end(server.url, 5), 60)
        table, token = joined.table.id, joined.token
        server.kill()
        server.start()

        async def back() -> None:
            ana = await Client.open(server.url, "Ana")
            req = await ana.request(p.Resume(token=token, last_seq=last - 2))
            joined = await ana.reply(req)
            assert isinstance(joined, p.Joined), joined
            assert joined.seat == 0 and joined.table.id == table and joined.seq == last
            assert await ana.expect(p.Over) == over, "the same end, winners and scores"
            assert [e.seq for e in ana.of(p.EventMsg)] == [last - 1, last]
            await ana.close()
            stranger = await Client.open(server.url, "Eve")
            req = await stranger.request(p.Resume(token="not-a-token", last_seq=0))
            refused = await stranger.reply(req)
            assert isinstance(refused, p.Error) and refused.msg.id == "net.error.token"
            await stranger.close()

        run(back(), 30)
    finally:
        server.kill()


@pytest.mark.timeout(90)
def test_back_after_a_long_game_s_end_the_snapshot_is_followed_by_the_end_itself(
        tmp_path: Path) -> None:
    """More than SNAPSHOT_AFTER events missed at a finished game: the end's public lines
    follow the snapshot (why it ended, every role revealed), as a player hears them at
    the table, and the snapshot adds no status of its own (the score, the winning camp
    and the player's role were said twice: in the status, then by the end)."""
    server = ServerProcess(tmp_path, 1).start()  # a seeded deal: 546 events, past SNAPSHOT_AFTER
    try:
        async def play_and_come_back() -> None:
            joined, _, last = await _pnue_to_the_end(server.url, 12)
            assert last > SNAPSHOT_AFTER
            back = await Client.open(server.url, "Ana")
            req = await back.request(p.Resume(token=joined.token, last_seq=0))
            assert isinstance(await back.reply(req), p.Joined)
            await back.expect(p.Over)
            [snapshot] = back.of(p.Snapshot)
            assert snapshot.missed > SNAPSHOT_AFTER
            assert snapshot.status == [] and snapshot.private == []
            ends = [e.msg.id for e in back.of(p.EventMsg) if e.msg is not None]
            assert ends.count("pnue.end.reveal") == 12, ends
            assert [e.seq for e in back.of(p.EventMsg)][-1] == last
            await back.close()

        run(play_and_come_back(), 80)
    finally:
        server.kill()


@pytest.mark.timeout(30)
def test_a_player_s_quit_ends_the_connection_at_once(server: ServerProcess) -> None:
    """``quit`` closes the connection and the client is gone at once: its close no longer
    waited 3 s for an answer from a loop that had already stopped."""
    import time

    from a11y_games.ui.remote import Session

    session = Session(server.url, name="Ana", lang="en")
    session.start()
    began = time.monotonic()
    session.close()
    took = time.monotonic() - began
    assert not session.thread.is_alive(), "the connection's thread has ended"
    assert took < 1.5, f"quit took {took:.1f} s (3 s before: a wait that could not end)"


@pytest.mark.timeout(90)
def test_a_finished_game_brought_back_by_its_token_keeps_its_place_in_history(
        tmp_path: Path) -> None:
    """Coming back to a finished game after a restart (its seat's token) hears its end
    again; the game is not kept again: its history line keeps the moment it ended (it was
    written anew, and an old game went to the top of the player's history)."""
    server = ServerProcess(tmp_path).start()
    try:
        joined, _, last = run(_pnue_to_the_end(server.url, 5), 60)
        token = joined.token

        async def ended() -> list[float]:
            ana = await Client.open(server.url, "Ana")
            listed = await ana.reply(await ana.request(p.History(tokens=[token])))
            await ana.close()
            assert isinstance(listed, p.HistoryList), listed
            return [g.ended for g in listed.games]

        before = run(ended(), 30)
        server.kill()
        server.start()

        async def back() -> None:
            ana = await Client.open(server.url, "Ana")
            joined = await ana.reply(await ana.request(p.Resume(token=token,
                                                                last_seq=last - 2)))
            assert isinstance(joined, p.Joined), joined
            await ana.expect(p.Over)
            await ana.close()

        run(back(), 30)
        assert len(before) == 1 and run(ended(), 30) == before
    finally:
        server.kill()
