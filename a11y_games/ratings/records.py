"""What the rating lines say, as plain data: built by the server's book, sent to a client, or
made by a test. Nothing here touches a database or the network."""

from __future__ import annotations

from dataclasses import dataclass

from a11y_games.ratings.model import Rating

__all__ = ["Change", "Entry", "Standing"]


@dataclass(frozen=True)
class Standing:
    """A player's rating in one game, and how many rated games of it they played."""

    game: str
    rating: Rating
    games: int


@dataclass(frozen=True)
class Entry:
    """A line of a game's list: place (shared by equal figures), account, rating, games."""

    place: int
    account: str
    rating: Rating
    games: int


@dataclass(frozen=True)
class Change:
    """What one rated game did to a player's rating: their place, before and after."""

    game: str
    place: int
    before: Rating
    after: Rating

    @property
    def shown_change(self) -> int:
        """The change of the figure a player hears."""
        return self.after.shown - self.before.shown
