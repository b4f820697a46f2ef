"""The rating model: openskill's Plackett-Luce with its defaults, and the value a player hears.

A rating is a belief about a player's skill: a mean ``mu`` and an uncertainty ``sigma``
(25 and 8.33 for a newcomer). What a player hears is its *ordinal*, ``mu - 3 sigma``, rounded:
a skill the player has almost surely reached. A newcomer hears 0, and the number rises as
games played make the model surer, even at an even record.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

__all__ = ["MODEL", "Rating", "even_up", "new_rating", "rate"]

MODEL = PlackettLuce()
"""The one model every game is rated with (openskill's defaults: mu 25, sigma 25/3)."""


@dataclass(frozen=True)
class Rating:
    """A skill belief: mean and uncertainty."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The skill reached with 99.7 % confidence (openskill's ``ordinal()``)."""
        return self.mu - 3.0 * self.sigma

    @property
    def shown(self) -> int:
        """What a player hears: the ordinal rounded to a whole number."""
        return round(self.ordinal)

    def model_rating(self) -> PlackettLuceRating:
        """This rating as openskill's object, for ``MODEL.rate``."""
        return MODEL.rating(mu=self.mu, sigma=self.sigma)


def new_rating() -> Rating:
    """A newcomer's rating."""
    return Rating(MODEL.mu, MODEL.sigma)


def even_up(teams: Sequence[Sequence[Rating]]) -> list[list[Rating]]:
    """The teams, each smaller one completed to the largest one's size by a stand-in worth
    its missing members at the team's own average (mean skill times their number, their
    uncertainties added). openskill adds the members' skills: without this, 3 ecologists
    against 2 lobbyists (PNUE at 5) are expected to win 90 % of games between newcomers and
    99.7 % once ratings settle, so a camp's rating would follow the role dealt, not the play.
    Evened up, teams are compared by their members' mean skill; free-for-all is unchanged."""
    size = max(len(team) for team in teams)
    evened = []
    for team in teams:
        missing = size - len(team)
        if missing:
            mu = statistics.fmean(r.mu for r in team)
            variance = statistics.fmean(r.sigma ** 2 for r in team)
            team = [*team, Rating(missing * mu, math.sqrt(missing * variance))]
        evened.append(list(team))
    return evened


def rate(teams: Sequence[Sequence[Rating]], ranks: Sequence[int]) -> list[list[Rating]]:
    """Every member's rating after a game: openskill's Plackett-Luce update of the teams
    evened up (``even_up``), the stand-ins dropped. ``ranks``: 1 first, equal for a tie."""
    rated = MODEL.rate([[r.model_rating() for r in team] for team in even_up(teams)],
                       ranks=list(ranks))
    return [[Rating(new.mu, new.sigma) for new in after[:len(team)]]
            for team, after in zip(teams, rated, strict=True)]
