"""What a player hears about ratings, as catalogue messages made from plain data.

The lobby (or a test) gives records (``records.py``) and the bots' ratings; nothing here
reads a database or the network. Ratings are said as the rounded figure (``Rating.shown``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from a11y_games.engine.messages import Msg
from a11y_games.ratings.model import Rating
from a11y_games.ratings.records import Change, Entry, Standing

__all__ = ["after_game", "bot_lines", "game_lines", "my_lines", "top_lines"]

BOT_LINES = {"random": "rating.bots.random", "normal": "rating.bots.normal",
             "strong": "rating.bots.strong"}


def title(game: str) -> Msg:
    """A game's name as its catalogue says it."""
    return Msg(f"{game}.title")


def my_lines(standings: Sequence[Standing]) -> list[Msg]:
    """``rating``: the player's rating in each game played, with the games played."""
    if not standings:
        return [Msg("rating.mine.none")]
    return [Msg("rating.mine.game", game=title(s.game), rating=s.rating.shown, count=s.games)
            for s in standings]


def game_lines(game: str, mine: Entry | None, rated: int,
               bots: Mapping[str, Rating]) -> list[Msg]:
    """``rating GAME``: the player's rating and place there, then where the bots stand."""
    if mine is None:
        lines = [Msg("rating.game.none", game=title(game))]
    else:
        lines = [Msg("rating.mine.game", game=title(game), rating=mine.rating.shown,
                     count=mine.games),
                 Msg("rating.game.place", place=mine.place, count=rated)]
    return lines + bot_lines(bots)


def bot_lines(bots: Mapping[str, Rating]) -> list[Msg]:
    """Where the bots stand, weakest level first ("Normal bots: 25.")."""
    return [Msg(BOT_LINES[level], rating=bots[level].shown) for level in BOT_LINES
            if level in bots]


def top_lines(game: str, entries: Sequence[Entry], rated: int, me: str | None = None,
              mine: Entry | None = None) -> list[Msg]:
    """``top GAME``: the first players (``entries``, best first), then the listener's own
    place when it is not among them (``me``: the listener's account, ``mine`` its entry)."""
    if not entries:
        return [Msg("rating.top.none", game=title(game))]
    if rated > len(entries):
        lines = [Msg("rating.top.first", game=title(game), shown=len(entries), count=rated)]
    else:
        lines = [Msg("rating.top.all", game=title(game), count=rated)]
    for e in entries:
        if e.account == me:
            lines.append(Msg("rating.top.line_you", place=e.place, rating=e.rating.shown,
                             count=e.games))
        else:
            lines.append(Msg("rating.top.line", place=e.place, name=e.account,
                             rating=e.rating.shown, count=e.games))
    if me is not None and all(e.account != me for e in entries):
        if mine is None:
            lines.append(Msg("rating.game.none", game=title(game)))
        else:
            lines.append(Msg("rating.top.you", place=mine.place, rating=mine.rating.shown,
                             count=mine.games))
    return lines


def after_game(change: Change) -> list[Msg]:
    """After a rated game: the player's new figure and how it moved."""
    moved = change.shown_change
    rating = change.after.shown
    if moved > 0:
        return [Msg("rating.after.up", rating=rating, change=moved)]
    if moved < 0:
        return [Msg("rating.after.down", rating=rating, change=-moved)]
    return [Msg("rating.after.same", rating=rating)]
