"""Storage and the small rules of tables, in process (fast; the server tests use the real one)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from a11y_games.net.members import Refused, clean_name, clean_text, hash_token
from a11y_games.net.storage import ChatRecord, SeatRecord, SqliteStorage, TableRecord


def _record(table_id: str, *, over: bool = False) -> TableRecord:
    return TableRecord(id=table_id, game="pnue", players=5, seed=7, rules=1,
                       options={"race": "timed"}, public=False, code="ABCD2345", over=over,
                       started=True, creator="Ana",
                       seats=[SeatRecord(kind="human", name="Ana", token_hash=hash_token("t")),
                              SeatRecord(kind="bot", level="normal", name_index=1)])


def test_unfinished_tables_come_back_with_their_log_in_order(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    storage = SqliteStorage(db)
    storage.save_table(_record("a"))
    storage.save_table(_record("b", over=True))
    for index, (seat, action) in enumerate([(0, "nominate:1"), (1, "vote:yes"), (0, "x")]):
        storage.append_action("a", index, seat, action)
    storage.append_chat("a", ChatRecord("table", "Ana", "hello"))
    storage.close()
    again = SqliteStorage(db)
    [(record, log)] = again.load_unfinished()
    assert record == _record("a")
    assert log == [(0, "nominate:1"), (1, "vote:yes"), (0, "x")]
    assert [c.text for c in again.chat("a")] == ["hello"]
    again.delete_table("a")
    assert again.load_unfinished() == []
    assert again.chat("a") == []
    again.close()


def test_tokens_are_stored_hashed(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    storage = SqliteStorage(db)
    storage.save_table(_record("a"))
    storage.close()
    raw = b"".join(row[0].encode() for row in sqlite3.connect(db).execute(
        "SELECT record FROM tables"))
    assert hash_token("t").encode() in raw and b'"t"' not in raw


def test_names_and_chat_lose_control_and_bidi_characters() -> None:
    assert clean_name("  Ana\u202e\u2067 \x07 Bo ") == "Ana Bo"
    assert clean_name("x" * 100) == "x" * 32
    assert clean_text("a\nb\u2028c\u200fd", 300) == "a b c d"
    with pytest.raises(Refused):
        clean_name("\x1b\u202e ")
