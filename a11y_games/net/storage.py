"""Where the server keeps its tables: a small interface, and SQLite behind it by default.

A table is its record (settings, seats, flags) plus its action log and its chat. Every
call is committed when it returns: an action is in the database before the server
acknowledges it or sends its events. On start the server loads every unfinished table and
replays its log.

SQLite runs in WAL mode with ``synchronous=NORMAL`` by default: each commit is written to
the WAL before the call returns, so a crash of the server process (``kill -9``) loses
nothing; only a power cut or a kernel crash may lose the last commits not yet synced to the
disk. ``synchronous=FULL`` (``durable=True``) also survives those, at the cost of one fsync
per action (about 6 ms on the benchmark machine instead of 0.02 ms): see docs/network.md.

The database carries its schema's version (``PRAGMA user_version``). At start, the
:data:`MIGRATIONS` it has not had yet are applied in order, each in one transaction with
the version it brings: a server upgraded in place keeps every table, log and line of chat;
a migration that fails leaves the database as it was. A database from a newer server (a
version this one does not know) is refused, never written.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import msgspec

from a11y_games.ratings.book import TABLES as RATING_TABLES

__all__ = ["MIGRATIONS", "AccountRecord", "ChatRecord", "Migration", "NewerSchema", "Played",
           "SeatRecord",
           "SqliteStorage", "Storage", "StorageError", "TableRecord", "account_key",
           "migrate", "schema_version"]


class StorageError(RuntimeError):
    """The database refused a write (disk full, file gone): nothing was stored."""


class NewerSchema(StorageError):
    """The database was written by a newer server: this one does not know its schema."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(f"schema version {found}; this server knows up to {known}")
        self.found = found
        self.known = known


@dataclass
class SeatRecord:
    """A seat as stored: who holds it, and the hash of its reconnect token."""

    kind: str  # "human", "bot" or "free"
    name: str = ""
    level: str = "normal"
    name_index: int = 0
    token_hash: str = ""
    account: str = ""
    """The account that took the seat ("" for a guest): its ``history`` finds the game."""


@dataclass
class TableRecord:
    """A table's settings and seats: with its action log, all it takes to rebuild it."""

    id: str
    game: str
    players: int
    seed: int
    rules: int
    options: dict[str, str] = field(default_factory=dict)
    public: bool = True
    code: str = ""
    level: str = "normal"
    bot_delay: float = 120.0
    host_lang: str = "en"
    creator: str = ""
    started: bool = False
    over: bool = False
    seats: list[SeatRecord] = field(default_factory=list)
    created: float = 0.0
    rated: bool = False
    """Chosen at creation (a server with accounts): the ratings of its accounts change
    at its end."""


@dataclass(frozen=True)
class ChatRecord:
    """A line of chat: its channel, sender, recipient (private ones) and text."""

    channel: str
    sender: str
    text: str
    to: str = ""
    time: float = 0.0


@dataclass(frozen=True)
class AccountRecord:
    """A registered name: as its owner wrote it, its password's hash (argon2id, never the
    password), when it was made, its role on the server ("" for a player)."""

    name: str
    password: str
    created: float = 0.0
    role: str = ""


def account_key(name: str) -> str:
    """The key a name is registered under: case ignored (Ana and ANA are one name)."""
    return name.casefold()


Loaded = tuple[TableRecord, list[tuple[int, str]]]
"""A table's record with its action log, as loaded."""


@dataclass(frozen=True)
class Played:
    """A finished game as ``history`` finds it: when it ended, its summary (None: not yet
    computed, a game over before the history), and the seats the asker held (none: a
    game they watched)."""

    table_id: str
    ended: float
    summary: str | None
    seats: tuple[int, ...]
    """Empty: the asker held no seat, they watched it."""


class Storage(Protocol):
    """What the server needs from a database. Each call is committed when it returns."""

    def save_table(self, table: TableRecord) -> None:
        """Insert or replace a table's record (settings, seats, flags). Every write raises
        :class:`StorageError` when nothing could be stored."""

    def delete_table(self, table_id: str) -> None:
        """Forget a table that never started (its log and chat too)."""

    def append_action(self, table_id: str, index: int, seat: int, action: str) -> None:
        """Append action number ``index`` (0-based) of the table's log."""

    def append_chat(self, table_id: str, chat: ChatRecord) -> None:
        """Keep a line of the table's chat."""

    def load_unfinished(self) -> list[tuple[TableRecord, list[tuple[int, str]]]]:
        """Every table not over, with its action log in order."""

    def finished_by_token(self, token_hash: str) -> Loaded | None:
        """The finished table a seat of which holds this token's hash, with its log."""

    def keep_finished(self, table: TableRecord, summary: str) -> None:
        """A table just over: its summary (``history``'s line) and who held its seats."""

    def keep_watcher(self, table_id: str, token_hash: str, account: str) -> None:
        """Someone watches the game under way at ``table_id``: by ``account`` (its key;
        "" a guest) or the hash of the watch token its client keeps, ``history`` finds the
        game once over."""

    def played(self, account: str, token_hashes: list[str]) -> list[Played]:
        """The finished games an account (its key; "" none) or these tokens' hashes held a
        seat of or watched (no seat), newest first."""

    def set_summary(self, table_id: str, summary: str) -> None:
        """The summary of a game over before summaries were kept, once computed."""

    def table(self, table_id: str) -> Loaded:
        """One table's record and log; KeyError if none."""

    def close(self) -> None:
        """Release the database."""


def _record(text: str) -> TableRecord:
    return msgspec.json.decode(text, type=TableRecord)


@dataclass(frozen=True)
class Migration:
    """One step of the schema: what it brings, and its SQL statements, run in order in one
    transaction. Its number is its place in :data:`MIGRATIONS`, from 1."""

    about: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration("tables, their action logs and chat (the schema before versions)", (
        """CREATE TABLE IF NOT EXISTS tables (
            id TEXT PRIMARY KEY, over INTEGER NOT NULL, record TEXT NOT NULL)""",
        """CREATE TABLE IF NOT EXISTS actions (
            table_id TEXT NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL,
            action TEXT NOT NULL, PRIMARY KEY (table_id, idx)) WITHOUT ROWID""",
        """CREATE TABLE IF NOT EXISTS chat (
            id INTEGER PRIMARY KEY, table_id TEXT NOT NULL, time REAL NOT NULL,
            channel TEXT NOT NULL, sender TEXT NOT NULL, recipient TEXT NOT NULL,
            text TEXT NOT NULL)""",
        "CREATE INDEX IF NOT EXISTS chat_table ON chat (table_id)",
    )),
    Migration("accounts (a name, its password's hash) and their sessions (tokens' hashes)", (
        """CREATE TABLE accounts (
            key TEXT PRIMARY KEY, name TEXT NOT NULL, password TEXT NOT NULL,
            created REAL NOT NULL, role TEXT NOT NULL DEFAULT '')""",
        """CREATE TABLE sessions (
            token_hash TEXT PRIMARY KEY, account TEXT NOT NULL, created REAL NOT NULL,
            used REAL NOT NULL)""",
        "CREATE INDEX sessions_account ON sessions (account)",
    )),
    Migration("friends, whether friends are announced, messages kept for the absent", (
        """CREATE TABLE friends (
            account TEXT NOT NULL, friend TEXT NOT NULL,
            PRIMARY KEY (account, friend)) WITHOUT ROWID""",
        "CREATE INDEX friends_friend ON friends (friend)",
        "ALTER TABLE accounts ADD COLUMN announce INTEGER NOT NULL DEFAULT 1",
        """CREATE TABLE letters (
            id INTEGER PRIMARY KEY, recipient TEXT NOT NULL, sender TEXT NOT NULL,
            text TEXT NOT NULL, time REAL NOT NULL)""",
        "CREATE INDEX letters_recipient ON letters (recipient)",
    )),
    Migration("blocks: names whose tells, invitations and friend requests an account refuses", (
        """CREATE TABLE blocks (
            account TEXT NOT NULL, blocked TEXT NOT NULL, name TEXT NOT NULL,
            PRIMARY KEY (account, blocked)) WITHOUT ROWID""",
    )),
    Migration("moderation: sanctions in force, the record of every action, notes", (
        """CREATE TABLE sanctions (
            kind TEXT NOT NULL, target TEXT NOT NULL, until REAL NOT NULL,
            reason TEXT NOT NULL, by TEXT NOT NULL,
            PRIMARY KEY (kind, target)) WITHOUT ROWID""",
        """CREATE TABLE moderation (
            id INTEGER PRIMARY KEY, time REAL NOT NULL, by TEXT NOT NULL,
            action TEXT NOT NULL, target TEXT NOT NULL, reason TEXT NOT NULL,
            until REAL NOT NULL)""",
        "CREATE TABLE notes (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    )),
    Migration("history: the finished games and who held their seats (an account, a token's "
              "hash), the games already over found too", (
        """CREATE TABLE finished (
            table_id TEXT PRIMARY KEY, ended REAL NOT NULL, summary TEXT)""",
        """CREATE TABLE finished_seats (
            table_id TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT NOT NULL,
            account TEXT NOT NULL, PRIMARY KEY (table_id, seat)) WITHOUT ROWID""",
        "CREATE INDEX finished_seats_token ON finished_seats (token_hash)",
        "CREATE INDEX finished_seats_account ON finished_seats (account)",
        """INSERT INTO finished (table_id, ended, summary)
            SELECT id, coalesce(json_extract(record, '$.created'), 0), NULL
            FROM tables WHERE over = 1""",
        """INSERT INTO finished_seats (table_id, seat, token_hash, account)
            SELECT t.id, s.key, coalesce(json_extract(s.value, '$.token_hash'), ''),
                   lower(coalesce(json_extract(s.value, '$.account'), ''))
            FROM tables t, json_each(t.record, '$.seats') s
            WHERE t.over = 1 AND json_extract(s.value, '$.kind') = 'human'""",
    )),
    Migration("ratings: one per game and account, the games rated and what each changed",
              RATING_TABLES),
    Migration("spectators: who watched a game under way (an account, a watch token's hash), "
              "for their history; nobody's before this step", (
        """CREATE TABLE watchers (
            table_id TEXT NOT NULL, token_hash TEXT NOT NULL, account TEXT NOT NULL)""",
        "CREATE UNIQUE INDEX watchers_one ON watchers (table_id, token_hash, account)",
        "CREATE INDEX watchers_token ON watchers (token_hash)",
        "CREATE INDEX watchers_account ON watchers (account)",
    )),
)
"""The schema, step by step: a database at version N gets steps N+1 onwards. Append a
step; never change one a server may already have applied. Step 1 uses ``IF NOT EXISTS``:
a database from before versions (version 0, these tables already there) takes it as is."""


def schema_version(db: sqlite3.Connection) -> int:
    """The version of the schema ``db`` holds (0: new, or from before versions)."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate(db: sqlite3.Connection, migrations: tuple[Migration, ...] = MIGRATIONS) -> int:
    """Bring ``db`` (autocommit mode) to the last of ``migrations``, each step in one
    transaction with its version; returns the version reached. NewerSchema for a
    database beyond them; StorageError (the database as before that step) if one fails."""
    found = schema_version(db)
    if found > len(migrations):
        raise NewerSchema(found, len(migrations))
    for number, step in enumerate(migrations[found:], found + 1):
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                for statement in step.statements:
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {number:d}")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except (sqlite3.Error, OSError) as error:
            raise StorageError(f"migration {number} ({step.about}): {error}") from error
    return len(migrations)


class SqliteStorage:
    """The default storage: one SQLite file, WAL, every call its own transaction."""

    def __init__(self, path: str | Path, *, durable: bool = False) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            found = schema_version(self._db)  # before anything is written, even WAL's mark
            if found > len(MIGRATIONS):
                raise NewerSchema(found, len(MIGRATIONS))
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            migrate(self._db)
        except StorageError:
            self._db.close()
            raise

    def _write(self, sql: str, values: tuple[object, ...]) -> int:
        """One statement, committed; returns the rows it changed. StorageError if refused."""
        try:
            return self._db.execute(sql, values).rowcount
        except (sqlite3.Error, OSError) as error:
            raise StorageError(str(error)) from error

    def save_table(self, table: TableRecord) -> None:
        record = msgspec.json.encode(table).decode()  # a tenth of json.dumps(asdict(...))
        self._write("INSERT OR REPLACE INTO tables (id, over, record) VALUES (?, ?, ?)",
                         (table.id, int(table.over), record))

    def delete_table(self, table_id: str) -> None:
        try:
            with self._db:
                self._db.execute("BEGIN")
                for sql in ("DELETE FROM tables WHERE id = ?",
                            "DELETE FROM actions WHERE table_id = ?",
                            "DELETE FROM chat WHERE table_id = ?",
                            "DELETE FROM watchers WHERE table_id = ?"):
                    self._db.execute(sql, (table_id,))
        except (sqlite3.Error, OSError) as error:
            raise StorageError(str(error)) from error

    def append_action(self, table_id: str, index: int, seat: int, action: str) -> None:
        self._write("INSERT INTO actions (table_id, idx, seat, action) VALUES (?, ?, ?, ?)",
                         (table_id, index, seat, action))

    def append_chat(self, table_id: str, chat: ChatRecord) -> None:
        self._write(
            "INSERT INTO chat (table_id, time, channel, sender, recipient, text)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, chat.time or time.time(), chat.channel, chat.sender, chat.to, chat.text))

    def load_unfinished(self) -> list[tuple[TableRecord, list[tuple[int, str]]]]:
        return [(table, self.actions(table.id)) for table in (
            _record(text) for (text,) in self._db.execute(
                "SELECT record FROM tables WHERE over = 0 ORDER BY rowid"))]

    def finished_by_token(self, token_hash: str) -> Loaded | None:
        if not token_hash:
            return None
        for (text,) in self._db.execute(
                "SELECT record FROM tables WHERE over = 1 AND instr(record, ?) > 0",
                (token_hash,)):
            table = _record(text)
            if any(seat.token_hash == token_hash for seat in table.seats):
                return table, self.actions(table.id)
        return None

    def keep_finished(self, table: TableRecord, summary: str) -> None:
        try:
            with self._db:
                self._db.execute("BEGIN")
                self._db.execute("INSERT OR REPLACE INTO finished (table_id, ended, summary)"
                                 " VALUES (?, ?, ?)", (table.id, time.time(), summary))
                self._db.executemany(
                    "INSERT OR REPLACE INTO finished_seats (table_id, seat, token_hash, account)"
                    " VALUES (?, ?, ?, ?)",
                    [(table.id, n, seat.token_hash, account_key(seat.account))
                     for n, seat in enumerate(table.seats) if seat.kind == "human"])
        except (sqlite3.Error, OSError) as error:
            raise StorageError(str(error)) from error

    def keep_watcher(self, table_id: str, token_hash: str, account: str) -> None:
        self._write("INSERT OR IGNORE INTO watchers (table_id, token_hash, account)"
                    " VALUES (?, ?, ?)",
                    (table_id, token_hash, account_key(account)))

    def played(self, account: str, token_hashes: list[str]) -> list[Played]:
        held: dict[str, tuple[float, str | None, set[int]]] = {}
        rows: list[tuple[str, float, str | None, int | None]] = []
        seated = ("SELECT f.table_id, f.ended, f.summary, s.seat FROM finished_seats s"
                  " JOIN finished f ON f.table_id = s.table_id WHERE ")
        watched = ("SELECT f.table_id, f.ended, f.summary, NULL FROM watchers w"
                   " JOIN finished f ON f.table_id = w.table_id WHERE ")
        if account:
            for select, column in ((seated, "s.account"), (watched, "w.account")):
                rows += self._db.execute(f"{select}{column} = ?", (account_key(account),))
        hashes = sorted(set(filter(None, token_hashes)))
        for first in range(0, len(hashes), 500):  # (SQLite's limit of parameters)
            part = hashes[first:first + 500]
            marks = ", ".join("?" * len(part))
            for select, column in ((seated, "s.token_hash"), (watched, "w.token_hash")):
                rows += self._db.execute(f"{select}{column} IN ({marks})", part)
        for table_id, ended, summary, seat in rows:
            seats = held.setdefault(table_id, (float(ended), summary, set()))[2]
            if seat is not None:  # a seat held there and a watch: a player's game
                seats.add(seat)
        games = [Played(table_id, ended, summary, tuple(sorted(seats)))
                 for table_id, (ended, summary, seats) in held.items()]
        return sorted(games, key=lambda game: (game.ended, game.table_id), reverse=True)

    def set_summary(self, table_id: str, summary: str) -> None:
        self._write("UPDATE finished SET summary = ? WHERE table_id = ?", (summary, table_id))

    def table(self, table_id: str) -> tuple[TableRecord, list[tuple[int, str]]]:
        """One table's record and log (for tests and tools); KeyError if none."""
        row = self._db.execute("SELECT record FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise KeyError(table_id)
        return _record(row[0]), self.actions(table_id)

    def chat(self, table_id: str) -> list[ChatRecord]:
        """A table's chat, oldest first (for tests and moderation)."""
        return [ChatRecord(channel=c, sender=s, text=t, to=r, time=w) for w, c, s, r, t in
                self._db.execute("SELECT time, channel, sender, recipient, text FROM chat"
                                 " WHERE table_id = ? ORDER BY id", (table_id,))]

    def actions(self, table_id: str) -> list[tuple[int, str]]:
        """A table's action log (for tests)."""
        return [(seat, action) for seat, action in self._db.execute(
            "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY idx", (table_id,))]

    # --- accounts ----------------------------------------------------------------------------
    def account(self, name: str) -> AccountRecord | None:
        """The account registered under ``name`` (case ignored), if any."""
        row = self._db.execute("SELECT name, password, created, role FROM accounts"
                               " WHERE key = ?", (account_key(name),)).fetchone()
        return None if row is None else AccountRecord(*row)

    def add_account(self, account: AccountRecord) -> bool:
        """Register ``account``; False if its name already is."""
        try:
            self._db.execute("INSERT INTO accounts (key, name, password, created, role)"
                             " VALUES (?, ?, ?, ?, ?)",
                             (account_key(account.name), account.name, account.password,
                              account.created or time.time(), account.role))
        except sqlite3.IntegrityError:
            return False
        except (sqlite3.Error, OSError) as error:
            raise StorageError(str(error)) from error
        return True

    def set_password(self, name: str, password_hash: str) -> None:
        """A new password's hash; every session of the account ends with the old one."""
        try:
            with self._db:
                self._db.execute("BEGIN")
                self._db.execute("UPDATE accounts SET password = ? WHERE key = ?",
                                 (password_hash, account_key(name)))
                self._db.execute("DELETE FROM sessions WHERE account = ?",
                                 (account_key(name),))
        except (sqlite3.Error, OSError) as error:
            raise StorageError(str(error)) from error

    def add_session(self, token_hash: str, name: str) -> None:
        """A session of account ``name``, known by its token's hash only."""
        now = time.time()
        self._write("INSERT INTO sessions (token_hash, account, created, used)"
                    " VALUES (?, ?, ?, ?)", (token_hash, account_key(name), now, now))

    def session_account(self, token_hash: str, since: float) -> AccountRecord | None:
        """The account of the session whose token has this hash, if it was used after
        ``since`` (older ones are forgotten); its use is noted."""
        row = self._db.execute("SELECT account, used FROM sessions WHERE token_hash = ?",
                               (token_hash,)).fetchone()
        if row is None:
            return None
        if row[1] < since:
            self._write("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))
            return None
        self._write("UPDATE sessions SET used = ? WHERE token_hash = ?",
                    (time.time(), token_hash))
        return self.account(row[0])

    def end_session(self, token_hash: str) -> None:
        """Forget one session (its player logged out)."""
        self._write("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))

    def set_role(self, name: str, role: str) -> bool:
        """``name``'s role ("" a player, "moderator", "admin"); False if no such account."""
        return self._write("UPDATE accounts SET role = ? WHERE key = ?",
                           (role, account_key(name))) > 0

    # --- moderation ----------------------------------------------------------------------------
    def sanction(self, kind: str, target: str, until: float, reason: str, by: str) -> None:
        """A ``kind`` (``mute``, ``ban``, ``ban_address``) on ``target`` until then (0:
        for good); a negative ``until`` lifts it."""
        key = target if kind == "ban_address" else account_key(target)
        if until < 0:
            self._write("DELETE FROM sanctions WHERE kind = ? AND target = ?", (kind, key))
        else:
            self._write("INSERT OR REPLACE INTO sanctions (kind, target, until, reason, by)"
                        " VALUES (?, ?, ?, ?, ?)", (kind, key, until, reason, by))

    def sanction_of(self, kind: str, target: str, now: float) -> tuple[float, str, str] | None:
        """The ``kind`` in force on ``target`` (until, reason, by), if any."""
        key = target if kind == "ban_address" else account_key(target)
        row = self._db.execute("SELECT until, reason, by FROM sanctions WHERE kind = ?"
                               " AND target = ?", (kind, key)).fetchone()
        if row is None or (row[0] and row[0] <= now):
            return None
        return float(row[0]), str(row[1]), str(row[2])

    def record(self, by: str, action: str, target: str, reason: str, until: float) -> None:
        """One moderation action, kept for good."""
        self._write("INSERT INTO moderation (time, by, action, target, reason, until)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (time.time(), by, action, target, reason, until))

    def records(self, last: int) -> list[tuple[float, str, str, str, str, float]]:
        """The ``last`` moderation actions, oldest first."""
        rows = self._db.execute("SELECT time, by, action, target, reason, until FROM"
                                " moderation ORDER BY id DESC LIMIT ?", (last,)).fetchall()
        return [tuple(row) for row in reversed(rows)]  # type: ignore[misc]

    def note(self, key: str) -> str:
        row = self._db.execute("SELECT value FROM notes WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else ""

    def set_note(self, key: str, value: str) -> None:
        self._write("INSERT OR REPLACE INTO notes (key, value) VALUES (?, ?)", (key, value))

    # --- friends and letters -----------------------------------------------------------------
    def friends(self, name: str) -> list[str]:
        """The accounts ``name`` counts as friends, as they registered their names."""
        return [row[0] for row in self._db.execute(
            "SELECT a.name FROM friends f JOIN accounts a ON a.key = f.friend"
            " WHERE f.account = ? ORDER BY a.name", (account_key(name),))]

    def set_friend(self, name: str, friend: str, on: bool) -> bool:
        """``friend`` added to (or removed from) ``name``'s friends; False if nothing
        changed."""
        return self._write(
            "INSERT OR IGNORE INTO friends (account, friend) VALUES (?, ?)" if on else
            "DELETE FROM friends WHERE account = ? AND friend = ?",
            (account_key(name), account_key(friend))) > 0

    def followers(self, name: str) -> list[str]:
        """The accounts that count ``name`` as a friend and hear of it (keys)."""
        return [row[0] for row in self._db.execute(
            "SELECT f.account FROM friends f JOIN accounts a ON a.key = f.account"
            " WHERE f.friend = ? AND a.announce = 1", (account_key(name),))]

    def announces(self, name: str) -> bool:
        row = self._db.execute("SELECT announce FROM accounts WHERE key = ?",
                               (account_key(name),)).fetchone()
        return bool(row and row[0])

    def set_announce(self, name: str, on: bool) -> None:
        """Whether ``name`` hears its friends come and go."""
        self._write("UPDATE accounts SET announce = ? WHERE key = ?",
                    (int(on), account_key(name)))

    def blocks(self, name: str) -> list[str]:
        """The names ``name`` blocks, as written when blocked."""
        return [row[0] for row in self._db.execute(
            "SELECT name FROM blocks WHERE account = ? ORDER BY blocked",
            (account_key(name),))]

    def set_block(self, name: str, blocked: str, on: bool) -> bool:
        """``blocked`` blocked (or no longer) by account ``name``; False if no change."""
        if on:
            return self._write("INSERT OR IGNORE INTO blocks (account, blocked, name)"
                               " VALUES (?, ?, ?)",
                               (account_key(name), account_key(blocked), blocked)) > 0
        return self._write("DELETE FROM blocks WHERE account = ? AND blocked = ?",
                           (account_key(name), account_key(blocked))) > 0

    def blocked(self, name: str, by: str) -> bool:
        """True if account ``by`` blocks ``name``."""
        return self._db.execute("SELECT 1 FROM blocks WHERE account = ? AND blocked = ?",
                                (account_key(by), account_key(name))).fetchone() is not None

    def keep_letter(self, recipient: str, sender: str, text: str) -> None:
        """A message for an absent account (:meth:`letters_waiting` counts them)."""
        self._write("INSERT INTO letters (recipient, sender, text, time) VALUES (?, ?, ?, ?)",
                    (account_key(recipient), sender, text, time.time()))

    def letters_waiting(self, recipient: str) -> int:
        return int(self._db.execute("SELECT count(*) FROM letters WHERE recipient = ?",
                                    (account_key(recipient),)).fetchone()[0])

    def take_letters(self, recipient: str) -> list[tuple[str, str, float]]:
        """The messages kept for ``recipient`` (sender, text, time), oldest first; gone
        from the database once taken."""
        key = account_key(recipient)
        rows = self._db.execute("SELECT id, sender, text, time FROM letters"
                                " WHERE recipient = ? ORDER BY id", (key,)).fetchall()
        if rows:
            self._write("DELETE FROM letters WHERE recipient = ? AND id <= ?",
                        (key, rows[-1][0]))
        return [(sender, text, when) for _, sender, text, when in rows]

    @property
    def connection(self) -> sqlite3.Connection:
        """The database itself, for the ratings' book (its own tables, in this file)."""
        return self._db

    def close(self) -> None:
        self._db.close()
