"""Ratings at the server: a rated table's end rates its accounts (``ratings.rate_game``),
each rated player connected hears how their rating moved; ``rating``, ``rating GAME`` and
``top GAME`` are answered from the book in the server's database.

Only seats held by accounts are rated; a guest's seat counts as a newcomer and keeps
nothing; a bot counts at its level's fixed rating and is never changed.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable

from a11y_games.engine.messages import Msg
from a11y_games.net import protocol as p
from a11y_games.net.members import Refused
from a11y_games.net.table import RATED_PROTOCOL, Table
from a11y_games.ratings import (
    BotSeat,
    RatingBook,
    Seat,
    after_game,
    bot_ratings,
    game_lines,
    my_lines,
    placing,
    rate_game,
    top_lines,
)
from a11y_games.ratings.book import TOP_LENGTH

__all__ = ["TableRatings"]

_log = logging.getLogger("a11y_games.net")


class TableRatings:
    """The ratings of a server with accounts (``book`` None: none kept here)."""

    def __init__(self, book: RatingBook | None,
                 spec_named: Callable[[str], str]) -> None:
        self.book = book
        self.spec_named = spec_named
        """A game's name from what a player typed (Refused if the server has none)."""

    def over(self, table: Table) -> dict[int, list[Msg]]:
        """A table's game is over: rated if it is a rated table, once; what each rated
        seat's player, here with a client that knows ratings, hears of their change."""
        match = table.match
        if self.book is None or not table.record.rated or match is None:
            return {}
        placed = placing(match.state)
        if placed is None:  # nobody to rate (a PNUE game whose players all sat in one camp)
            return {}
        seats: list[Seat] = [BotSeat(s.record.level) if s.record.kind == "bot"
                             else (s.record.account or None) for s in table.seats]
        try:
            changes = rate_game(self.book, table.id, placed, seats)
        except (sqlite3.Error, ValueError):
            _log.exception("rating table %s", table.id)
            return {}
        heard: dict[int, list[Msg]] = {}
        for seat in table.seats:
            change = changes.get(seat.record.account) if seat.record.account else None
            member = seat.member
            if change is not None and member is not None and getattr(
                    member, "protocol", p.PROTOCOL) >= RATED_PROTOCOL:
                heard[seat.number] = after_game(change)
        return heard

    def answer(self, account: str, request: p.Ratings) -> p.Answer:
        """``rating``, ``rating GAME``, ``top GAME`` for ``account`` ("" a guest: only
        ``top``)."""
        book = self.book
        if book is None:
            raise Refused(Msg("net.error.ratings_off"))
        if request.what == "mine" and not request.game:
            if not account:
                raise Refused(Msg("net.error.ratings_guest"))
            return p.Answer(lines=my_lines(book.standings(account)), req=request.req)
        if not request.game:
            raise Refused(Msg("net.error.ratings_game"))
        game = self.spec_named(request.game)
        top = request.what == "top"
        if not top and not account:
            raise Refused(Msg("net.error.ratings_guest"))
        ranked = book.ranked(game)  # one read: the list, the player's line and the count
        mine = next((e for e in ranked if e.account == account), None) if account else None
        if top:
            return p.Answer(lines=top_lines(game, ranked[:TOP_LENGTH], len(ranked),
                                            account or None, mine), req=request.req)
        return p.Answer(lines=game_lines(game, mine, len(ranked), bot_ratings(game)),
                        req=request.req)
