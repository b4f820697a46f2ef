"""The server's console says in plain lines who connects and leaves, and which tables are
created, started, over or closed; ``--quiet`` leaves only what needs its runner (limits)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from a11y_games.net import protocol as p
from tests.net.test_games import pick
from tests.net.wire import Client, ServerProcess, run

pytestmark = pytest.mark.timeout(120)


async def _play_to_the_end(ana: Client) -> None:
    rng = random.Random(3)
    while True:
        message = await ana.expect((p.PendingMsg, p.Over), timeout=30)  # type: ignore[arg-type]
        if isinstance(message, p.Over):
            return
        if 0 in message.seats and message.choices:
            await ana.reply(await ana.request(p.Act(action=pick(message.choices, rng))))


def test_the_console_says_who_comes_and_what_tables_do(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path).start()
    try:
        async def scenario() -> tuple[str, str]:
            ana = await Client.open(server.url, "Ana")
            bo = await Client.open(server.url, "Bo")
            joined = await ana.reply(await ana.request(p.Create(
                game="vertigo", players=2, bots={1: "normal"})))
            assert isinstance(joined, p.Joined)
            await ana.request(p.Start())  # its pending comes before its acked
            await _play_to_the_end(ana)
            left = await bo.reply(await bo.request(p.Create(game="pnue", players=5)))
            assert isinstance(left, p.Joined)
            await bo.reply(await bo.request(p.Leave()))
            await ana.close()
            await bo.close()
            return joined.table.id, left.table.id

        played, closed = run(scenario(), 90)
        said = server.stop()
    finally:
        server.kill()
    assert "Ana connected from 127.0.0.1." in said
    assert f"Ana created table {played}: Vertigo, 2 players." in said
    assert re.search(rf"^Table {played} started: Vertigo, Ana, \w+\.$", said, re.M)
    assert re.search(rf"^Table {played} is over: Vertigo(, won by .+)?\.$", said, re.M)
    assert f"Table {closed} closed before its start." in said
    assert "Bo left the server." in said


def test_quiet_says_only_the_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("A11Y_GAMES_LIMITS", "tables=1")
    server = ServerProcess(tmp_path, None, "--quiet").start()
    try:
        async def scenario() -> None:
            ana = await Client.open(server.url, "Ana")
            await ana.reply(await ana.request(p.Create(game="pnue", players=5)))
            await ana.reply(await ana.request(p.Leave()))
            await ana.reply(await ana.request(p.Create(game="pnue", players=5)))
            bo = await Client.open(server.url, "Bo")
            refused = await bo.reply(await bo.request(p.Create(game="pnue", players=5)))
            assert isinstance(refused, p.Error)
            await ana.close()
            await bo.close()

        run(scenario(), 60)
        said = server.stop()
    finally:
        server.kill()
    assert "Refused a table to 127.0.0.1: 1 of its tables waits to start." in said
    for quiet in ("connected from", "created table", "closed before", "left the server"):
        assert quiet not in said
