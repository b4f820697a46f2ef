"""The server's database keeps its schema's version and upgrades in place: a server's data
from before versions (today's tables, a game under way, its chat) is upgraded at start and
its game resumes; a failed step changes nothing; a newer server's data is refused."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import all_specs
from a11y_games.net import protocol as p
from a11y_games.net.members import hash_token
from a11y_games.net.storage import (
    MIGRATIONS,
    Migration,
    NewerSchema,
    SqliteStorage,
    StorageError,
    migrate,
    schema_version,
)
from tests.net.wire import ROOT, Client, ServerProcess, run

TODAY = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, over INTEGER NOT NULL, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chat (
    id INTEGER PRIMARY KEY, table_id TEXT NOT NULL, time REAL NOT NULL, channel TEXT NOT NULL,
    sender TEXT NOT NULL, recipient TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chat_table ON chat (table_id);
"""
"""The schema of the servers before versions (PRAGMA user_version 0), as they wrote it."""
TOKEN = "a-seat-token-kept-by-ana-s-client"


def _todays_database(path: Path) -> list[tuple[int, str]]:
    """A server's database as today's servers leave it: a Vanuatu game under way (Ana at
    seat 0, two bots), its action log and a line of chat. Returns the log."""
    spec = all_specs()["vanuatu"]
    settings = spec.settings(3, 7, {})
    match = Match(spec, settings, [SeatSpec(kind="human", name="Ana"),
                                   SeatSpec(kind="bot", level="normal", name_index=1),
                                   SeatSpec(kind="bot", level="normal", name_index=2)])
    while len(match.log) < 12 or 0 not in match.state.pending().seats:
        seat = match.state.pending().seats[0]
        match.act(seat, match.state.legal_actions(seat)[0])
    record = {"id": "t0d4y", "game": "vanuatu", "players": 3, "seed": 7,
              "rules": spec.rules_version, "options": dict(settings.options),
              "public": True, "code": "", "level": "normal", "bot_delay": 120.0,
              "host_lang": "en", "creator": "Ana", "started": True, "over": False,
              "seats": [{"kind": "human", "name": "Ana", "level": "normal", "name_index": 0,
                         "token_hash": hash_token(TOKEN)},
                        {"kind": "bot", "name": "", "level": "normal", "name_index": 1,
                         "token_hash": ""},
                        {"kind": "bot", "name": "", "level": "normal", "name_index": 2,
                         "token_hash": ""}],
              "created": 1.0}
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.executescript(TODAY)
    db.execute("INSERT INTO tables VALUES (?, 0, ?)", ("t0d4y", json.dumps(record)))
    db.executemany("INSERT INTO actions VALUES ('t0d4y', ?, ?, ?)",
                   [(i, seat, action) for i, (seat, action) in enumerate(match.log)])
    db.execute("INSERT INTO chat (table_id, time, channel, sender, recipient, text)"
               " VALUES ('t0d4y', 1.0, 'table', 'Ana', '', 'good luck')")
    db.commit()
    assert schema_version(db) == 0
    db.close()
    return list(match.log)


@pytest.mark.timeout(60)
def test_a_database_from_before_versions_is_upgraded_and_its_game_resumes(
        tmp_path: Path) -> None:
    path = tmp_path / "server" / "tables.sqlite3"
    log = _todays_database(path)
    server = ServerProcess(tmp_path)
    try:
        server.start()

        async def resume() -> None:
            ana = await Client.open(server.url, "Ana")
            joined = await ana.reply(await ana.request(p.Resume(token=TOKEN, last_seq=0)))
            assert isinstance(joined, p.Joined) and joined.seat == 0
            assert joined.table.started and joined.table.id == "t0d4y"
            pending = await ana.expect(p.PendingMsg, lambda m: 0 in m.seats and bool(
                m.choices))
            acked = await ana.reply(await ana.request(p.Act(action=pending.choices[0][0])))
            assert isinstance(acked, p.Acked), "the game goes on where it was"
            await ana.close()

        run(resume(), 30)
    finally:
        server.kill()
    storage = SqliteStorage(path)
    try:
        _, now = storage.table("t0d4y")
        assert now[:len(log)] == log and len(now) > len(log)
        assert [c.text for c in storage.chat("t0d4y")] == ["good luck"]
    finally:
        storage.close()
    db = sqlite3.connect(path)
    assert schema_version(db) == len(MIGRATIONS)
    db.close()


@pytest.mark.timeout(90)
def test_a_server_of_schema_7_upgraded_during_a_game_keeps_who_watches_it(
        tmp_path: Path) -> None:
    """A database of the last schema before spectators were kept (7), a game under way:
    upgraded at start, the game resumes; Bo, a guest, watches it to its end, and his
    history (by the watch token his client keeps) then lists it, watched (no seat)."""
    import asyncio
    import random

    from tests.net.test_games import play

    path = tmp_path / "server" / "tables.sqlite3"
    _todays_database(path)
    db = sqlite3.connect(path, isolation_level=None)
    assert migrate(db, MIGRATIONS[:7]) == 7
    db.close()
    server = ServerProcess(tmp_path).start()
    try:
        async def scenario() -> None:
            ana = await Client.open(server.url, "Ana")
            bo = await Client.open(server.url, "Bo")
            joined = await ana.reply(await ana.request(p.Resume(token=TOKEN, last_seq=0)))
            assert isinstance(joined, p.Joined) and joined.table.id == "t0d4y"
            watching = await bo.reply(await bo.request(p.Watch(table="t0d4y")))
            assert isinstance(watching, p.Joined) and watching.watched
            await asyncio.gather(play(ana, 0, random.Random(5), []), bo.expect(p.Over, timeout=60))
            listed = await bo.reply(await bo.request(p.History(tokens=[watching.watched])))
            assert isinstance(listed, p.HistoryList)
            assert [(g.table, g.seats) for g in listed.games] == [("t0d4y", [])]
            for client in (ana, bo):
                await client.close()

        run(scenario(), 80)
    finally:
        server.kill()
    db = sqlite3.connect(path)
    assert schema_version(db) == len(MIGRATIONS) == 8
    db.close()


def test_a_step_that_fails_changes_nothing_and_later_starts_finish_it(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    _todays_database(path)
    db = sqlite3.connect(path, isolation_level=None)
    broken = (*MIGRATIONS, Migration("a column, then a mistake", (
        "ALTER TABLE chat ADD COLUMN seen INTEGER NOT NULL DEFAULT 0",
        "CREATE TABLE tables (id TEXT)")))  # exists: fails after the first statement
    with pytest.raises(StorageError, match="migration"):
        migrate(db, broken)
    assert schema_version(db) == len(MIGRATIONS), "the steps before it stay"
    columns = [row[1] for row in db.execute("PRAGMA table_info(chat)")]
    assert "seen" not in columns, "the failed step left nothing behind"
    assert db.execute("SELECT count(*) FROM actions").fetchone()[0] > 0
    fixed = (*MIGRATIONS, Migration("a column", (
        "ALTER TABLE chat ADD COLUMN seen INTEGER NOT NULL DEFAULT 0",)))
    assert migrate(db, fixed) == len(MIGRATIONS) + 1
    assert migrate(db, fixed) == len(MIGRATIONS) + 1, "applied once only"
    assert db.execute("SELECT text, seen FROM chat").fetchall() == [("good luck", 0)]
    db.close()


def test_a_newer_servers_data_is_refused_unwritten_with_its_version(tmp_path: Path) -> None:
    path = tmp_path / "server" / "tables.sqlite3"
    _todays_database(path)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(NewerSchema):
        SqliteStorage(path)
    done = subprocess.run(
        [sys.executable, "-m", "a11y_games", "serve", "--port", "0", "--lang", "en",
         "--data", str(path.parent)], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert f"schema {len(MIGRATIONS) + 5}; this one knows up to {len(MIGRATIONS)}" in \
        done.stdout
    assert path.read_bytes() == before
