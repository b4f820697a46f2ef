"""Where players' ratings are kept: the server's own SQLite database.

``create_rating_tables(connection)`` makes the tables (the server's migrations call it);
``RatingBook(connection)`` reads and writes them; ``rate_game(book, game_id, placing, seats)``
rates a finished rated game once. Every write is committed when the call returns, inside a
savepoint (so it also works in a connection in autocommit mode, as the server's is).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from a11y_games.ratings.bots import bot_rating
from a11y_games.ratings.model import Rating, new_rating, rate
from a11y_games.ratings.placing import Placing
from a11y_games.ratings.records import Change, Entry, Standing

__all__ = ["TOP_LENGTH", "BotSeat", "RatingBook", "Seat", "create_rating_tables", "rate_game"]

TOP_LENGTH = 20
"""Lines ``top GAME`` says."""

TABLES = (
    """CREATE TABLE IF NOT EXISTS ratings (
        game TEXT NOT NULL, account TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
        games INTEGER NOT NULL, PRIMARY KEY (game, account))""",
    """CREATE TABLE IF NOT EXISTS rated_games (
        game_id TEXT PRIMARY KEY, game TEXT NOT NULL, ended REAL NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS rating_changes (
        game_id TEXT NOT NULL, account TEXT NOT NULL, place INTEGER NOT NULL,
        mu_before REAL NOT NULL, sigma_before REAL NOT NULL, mu REAL NOT NULL,
        sigma REAL NOT NULL, PRIMARY KEY (game_id, account))""",
    "CREATE INDEX IF NOT EXISTS ratings_by_account ON ratings (account)",
)


@dataclass(frozen=True)
class BotSeat:
    """A seat held by a bot of ``level``: rated at its level's fixed rating, never changed."""

    level: str


Seat = str | BotSeat | None
"""Who held a seat of a rated game: an account's name, a bot, or None (a guest: counted as a
newcomer, nothing kept)."""


@contextmanager
def _savepoint(connection: sqlite3.Connection) -> Iterator[None]:
    """All or nothing, committed at the end unless the caller holds a transaction."""
    outer = connection.in_transaction
    connection.execute("SAVEPOINT ratings")
    try:
        yield
    except BaseException:
        connection.execute("ROLLBACK TO ratings")
        connection.execute("RELEASE ratings")
        raise
    connection.execute("RELEASE ratings")
    if connection.in_transaction and not outer:
        connection.commit()


def create_rating_tables(connection: sqlite3.Connection) -> None:
    """Create the ratings' tables if missing (idempotent: a migration calls it at start)."""
    with _savepoint(connection):
        for sql in TABLES:
            connection.execute(sql)


class RatingBook:
    """The players' ratings, one per game, in the server's database."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.db = connection

    def standing(self, game: str, account: str) -> Standing | None:
        """``account``'s rating in ``game`` with its games played, or None if never rated."""
        row = self.db.execute("SELECT mu, sigma, games FROM ratings WHERE game=? AND account=?",
                              (game, account)).fetchone()
        return None if row is None else Standing(game, Rating(row[0], row[1]), row[2])

    def standings(self, account: str) -> list[Standing]:
        """Every game ``account`` was rated in, by game name."""
        rows = self.db.execute("SELECT game, mu, sigma, games FROM ratings WHERE account=? "
                               "ORDER BY game", (account,))
        return [Standing(game, Rating(mu, sigma), games) for game, mu, sigma, games in rows]

    def rated_count(self, game: str) -> int:
        """How many accounts have a rating in ``game``."""
        row = self.db.execute("SELECT COUNT(*) FROM ratings WHERE game=?", (game,)).fetchone()
        return int(row[0])

    def top(self, game: str, limit: int = TOP_LENGTH) -> list[Entry]:
        """The first ``limit`` accounts of ``game``, best first; equal figures share a place."""
        return self.ranked(game)[:limit]

    def entry(self, game: str, account: str) -> Entry | None:
        """``account``'s line in ``game``'s list, or None if never rated there."""
        return next((e for e in self.ranked(game) if e.account == account), None)

    def ranked(self, game: str) -> list[Entry]:
        """Every account rated in ``game``, best first; equal figures share a place."""
        rows = self.db.execute(
            "SELECT account, mu, sigma, games FROM ratings WHERE game=? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, account", (game,)).fetchall()
        entries: list[Entry] = []
        for account, mu, sigma, games in rows:
            rating = Rating(mu, sigma)
            same = entries and entries[-1].rating.shown == rating.shown
            place = entries[-1].place if same else len(entries) + 1
            entries.append(Entry(place, account, rating, games))
        return entries

    def change(self, game_id: str, account: str) -> Change | None:
        """What a rated game did to ``account``'s rating, or None."""
        row = self.db.execute(
            "SELECT r.game, c.place, c.mu_before, c.sigma_before, c.mu, c.sigma "
            "FROM rating_changes c JOIN rated_games r USING (game_id) "
            "WHERE c.game_id=? AND c.account=?", (str(game_id), account)).fetchone()
        if row is None:
            return None
        return Change(row[0], row[1], Rating(row[2], row[3]), Rating(row[4], row[5]))

    def is_rated(self, game_id: str) -> bool:
        """Whether the game ``game_id`` was rated already."""
        return self.db.execute("SELECT 1 FROM rated_games WHERE game_id=?",
                               (str(game_id),)).fetchone() is not None

    def record(self, game_id: str, game: str, changes: dict[str, Change]) -> None:
        """Store a rated game's changes, all or nothing; a game is rated once."""
        with _savepoint(self.db):
            self.db.execute("INSERT INTO rated_games VALUES (?, ?, ?)",
                            (str(game_id), game, time.time()))
            for account, change in changes.items():
                after, before = change.after, change.before
                self.db.execute(
                    "INSERT INTO ratings VALUES (?, ?, ?, ?, 1) ON CONFLICT (game, account) "
                    "DO UPDATE SET mu=excluded.mu, sigma=excluded.sigma, games=games + 1",
                    (game, account, after.mu, after.sigma))
                self.db.execute("INSERT INTO rating_changes VALUES (?, ?, ?, ?, ?, ?, ?)",
                                (str(game_id), account, change.place, before.mu, before.sigma,
                                 after.mu, after.sigma))


def rate_game(book: RatingBook, game_id: str, placing: Placing,
              seats: Sequence[Seat]) -> dict[str, Change]:
    """Rate a finished rated game: each account's new rating, stored; bots and guests count
    as opponents and keep theirs; teams of unequal size are evened up (``model.even_up``).
    ``seats[i]`` held seat ``i``. A game already rated, or with no account among its rated
    seats, changes nothing (an empty result)."""
    game = placing.game
    accounts = [seats[s] for s in placing.seats if isinstance(seats[s], str)]
    if len(set(accounts)) != len(accounts):
        raise ValueError(f"an account holds two seats of game {game_id}")
    if not accounts or book.is_rated(game_id):
        return {}
    before = {s: _rating(book, game, seats[s]) for s in placing.seats}
    rated = rate([[before[s] for s in team] for team in placing.teams], placing.ranks)
    changes: dict[str, Change] = {}
    for team, rank, after in zip(placing.teams, placing.ranks, rated, strict=True):
        for seat, new in zip(team, after, strict=True):
            holder = seats[seat]
            if isinstance(holder, str):
                changes[holder] = Change(game, rank, before[seat], new)
    book.record(game_id, game, changes)
    return changes


def _rating(book: RatingBook, game: str, holder: Seat) -> Rating:
    if isinstance(holder, BotSeat):
        return bot_rating(game, holder.level)
    if holder is None:
        return new_rating()
    standing = book.standing(game, holder)
    return new_rating() if standing is None else standing.rating
