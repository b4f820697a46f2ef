"""Bots-only games, for statistics, benchmarks and invariant tests."""

from __future__ import annotations

import gc
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.state import GameState, Settings

__all__ = ["SimulationReport", "play_out", "simulate"]


@dataclass
class SimulationReport:
    """What a batch of bots-only games gave."""

    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    camp_wins: Counter[str] = field(default_factory=Counter)
    camp_games: Counter[str] = field(default_factory=Counter)
    seat_wins: Counter[int] = field(default_factory=Counter)
    level_wins: Counter[str] = field(default_factory=Counter)
    unfinished: int = 0
    seat_scores: dict[int, list[float]] = field(default_factory=dict)
    """Each seat's final score, game by game, for games that count points (a table that
    sinks in Vanuatu has no winner, but its scores still say who played well)."""
    level_scores: dict[str, list[float]] = field(default_factory=dict)
    """The final scores of the seats of each bot level, every seat of every game."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def mean_length(self) -> float:
        return self.actions / self.games if self.games else 0.0

    def mean_score(self, level: str) -> float | None:
        """The mean final score of the seats played at ``level`` (None without scores)."""
        found = self.level_scores.get(level)
        return sum(found) / len(found) if found else None


def play_out(match: Match, *, max_actions: int = 100_000,
             check: Callable[[GameState], None] | None = None) -> int:
    """Play a bots-only match to its end (races decided in a random order).

    ``check`` is called after every action (for invariant tests). Returns actions played.
    """
    race_rng: random.Random | None = None  # made at the first race (many games have none)
    play_bot, pending_of = match.play_bot, match.state.pending  # bound once: the hot path
    played = 0
    while played < max_actions:
        pending = pending_of()
        if pending is None:
            break
        if pending.race:
            if race_rng is None:
                race_rng = random.Random(f"{match.settings.seed}:race")
            seat = race_rng.choice(pending.seats)
            match.act(seat, match.state.legal_actions(seat)[0], trusted=True)
        else:
            play_bot(pending.seats[0])
        played += 1
        if check is not None:
            check(match.state)
    return played


def simulate(spec: GameSpec, *, players: int, games: int, seed: int,
             levels: list[str] | str = "random", options: Mapping[str, str] | None = None,
             check: Callable[[GameState], None] | None = None,
             camp_levels: Mapping[str, str] | None = None) -> SimulationReport:
    """Play ``games`` bots-only games; seat ``i`` gets ``levels[i % len(levels)]``.

    With ``camp_levels`` (``{"ecologists": "normal", "lobbyists": "random"}``) each seat's
    level is its camp's instead, decided after the deal by the harness (bots never see it).
    """
    level_list = [levels] if isinstance(levels, str) else list(levels)
    report = SimulationReport()
    start = time.perf_counter()
    level_seats = [SeatSpec("bot", level=level_list[i % len(level_list)], name_index=i)
                   for i in range(players)]  # the same every game (Match copies the list)
    collecting = gc.isenabled()
    gc.disable()  # one collection after each game instead of hundreds during it (below)
    try:
        for n in range(games):
            _play_one(report, spec, spec.settings(players, seed + n, options), level_seats,
                      camp_levels, check)
            gc.collect(0)  # the game is gone: free what it left in reference cycles
    finally:
        if collecting:
            gc.enable()
    report.seconds = time.perf_counter() - start
    return report


def _play_one(report: SimulationReport, spec: GameSpec, settings: Settings,
              seats: list[SeatSpec], camp_levels: Mapping[str, str] | None,
              check: Callable[[GameState], None] | None) -> None:
    """Play one game of :func:`simulate` and add it to ``report``."""
    players = settings.players
    if camp_levels:
        probe = spec.new_state(settings, random.Random(settings.seed))
        seats = [SeatSpec("bot", level=camp_levels.get(probe.camp_of(i) or "", seats[i].level),
                          name_index=i) for i in range(players)]
    match = Match(spec, settings, seats)
    report.actions += play_out(match, check=check)
    report.games += 1
    for camp in {match.state.camp_of(i) for i in range(match.state.seat_count)} - {None}:
        report.camp_games[camp] += 1  # type: ignore[index]
    worlds = spec.worlds
    points = getattr(worlds, "scores", None)
    final = points(match.state) if points is not None else None
    if final is not None:
        for seat in range(players):
            report.seat_scores.setdefault(seat, []).append(final[seat])
            report.level_scores.setdefault(seats[seat].level, []).append(final[seat])
    outcome = match.state.outcome()
    if outcome is None:
        report.unfinished += 1
        return
    if outcome.camp:
        report.camp_wins[outcome.camp] += 1
    for seat in outcome.winners:
        report.seat_wins[seat] += 1
        if seat < players:
            report.level_wins[seats[seat].level] += 1
