"""Ratings (issue 31): one openskill Plackett-Luce rating per game and account, kept in the
server's database; bots at fixed ratings by level. The server calls ``create_rating_tables``
at start, ``placing`` and ``rate_game`` when a rated table ends, and the book and the line
renderers for ``rating``, ``rating GAME`` and ``top GAME``.
"""

from __future__ import annotations

from a11y_games.ratings.book import BotSeat, RatingBook, Seat, create_rating_tables, rate_game
from a11y_games.ratings.bots import LEVELS, bot_rating, bot_ratings
from a11y_games.ratings.lines import after_game, bot_lines, game_lines, my_lines, top_lines
from a11y_games.ratings.model import MODEL, Rating, even_up, new_rating, rate
from a11y_games.ratings.placing import Placing, placing
from a11y_games.ratings.records import Change, Entry, Standing

__all__ = ["LEVELS", "MODEL", "BotSeat", "Change", "Entry", "Placing", "Rating", "RatingBook",
           "Seat", "Standing", "after_game", "bot_lines", "bot_rating", "bot_ratings",
           "create_rating_tables", "even_up", "game_lines", "my_lines", "new_rating", "placing",
           "rate", "rate_game", "top_lines"]
