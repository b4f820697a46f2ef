"""Strong against normal bots, for every game's benchmark script (not a test).

    from scripts.strength import duel, camp_duel, move_times, report_line

A strong seat searches with a fixed iteration budget (deterministic, and calibrated with
``move_times`` to stay under a second a move); its seat rotates from game to game. Win
rates come with their 95 % Wilson interval.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.spec import Bot, GameSpec

__all__ = ["DuelResult", "camp_duel", "duel", "move_times", "wilson"]


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class DuelResult:
    """What strong seats did against normal seats."""

    games: int = 0
    strong_wins: float = 0.0  # shared wins count as a share
    normal_wins: float = 0.0
    nobody: int = 0
    strong_scores: list[float] = field(default_factory=list)
    normal_scores: list[float] = field(default_factory=list)
    strong_times: list[float] = field(default_factory=list)
    normal_times: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def rate(self) -> tuple[float, float, float]:
        """The strong seats' share of the wins (games with a winner), and its interval."""
        decided = self.games - self.nobody
        if not decided:
            return 0.0, 0.0, 1.0
        low, high = wilson(self.strong_wins, decided)
        return self.strong_wins / decided, low, high


def _spec(spec: GameSpec, iterations: int) -> GameSpec:
    """The game with its own ``strong`` level (PNUE's reads the table for an ecologist's
    votes) on an iteration budget instead of its time budget."""
    strong = spec.bots["strong"]

    def make(seat: int, rng: random.Random) -> Bot:
        bot = strong(seat, rng)
        bot.iterations = iterations  # type: ignore[attr-defined]
        return bot

    return dataclasses.replace(spec, bots={**spec.bots, "strong": make})


def _play(match: Match, result: DuelResult, strong: set[int], limit: int = 20_000) -> None:
    """Play a bots-only match, timing every decision that offered a choice."""
    for _ in range(limit):
        pending = match.state.pending()
        if pending is None:
            return
        seat = pending.seats[0]
        if pending.race:
            match.act(seat, match.state.legal_actions(seat)[0], trusted=True)
            continue
        many = len(match.state.legal_actions(seat)) > 1
        start = time.perf_counter()
        action = match.bot_choice(seat)
        took = time.perf_counter() - start
        if many and seat < match.settings.players:
            (result.strong_times if seat in strong else result.normal_times).append(took)
        match.act(seat, action, trusted=True)


def duel(spec: GameSpec, *, players: int, games: int, iterations: int, seed: int,
         options: Mapping[str, str] | None = None) -> DuelResult:
    """One strong seat (rotating) against normal seats."""
    result = DuelResult()
    game_spec = _spec(spec, iterations)
    points = getattr(spec.worlds, "scores", None)
    start = time.perf_counter()
    for n in range(games):
        strong = n % players
        seats = [SeatSpec("bot", level="strong" if i == strong else "normal", name_index=i)
                 for i in range(players)]
        match = Match(game_spec, game_spec.settings(players, seed + n, options), seats)
        _play(match, result, {strong})
        result.games += 1
        outcome = match.state.outcome()
        winners = [s for s in (outcome.winners if outcome else ()) if s < players]
        if not winners:
            result.nobody += 1
        for s in winners:
            share = 1 / len(winners)
            if s == strong:
                result.strong_wins += share
            else:
                result.normal_wins += share
        final = points(match.state) if points is not None else None
        if final is not None:
            for s in range(players):
                (result.strong_scores if s == strong else result.normal_scores).append(final[s])
    result.seconds = time.perf_counter() - start
    return result


def camp_duel(spec: GameSpec, *, players: int, games: int, iterations: int, seed: int,
              strong_camp: str, options: Mapping[str, str] | None = None) -> DuelResult:
    """Every seat of ``strong_camp`` strong, every other seat normal (decided after the
    deal by the harness: the bots never see it). A win is the strong camp's win."""
    result = DuelResult()
    game_spec = _spec(spec, iterations)
    start = time.perf_counter()
    for n in range(games):
        settings = game_spec.settings(players, seed + n, options)
        probe = spec.new_state(settings, random.Random(settings.seed))
        strong = {s for s in range(players) if probe.camp_of(s) == strong_camp}
        seats = [SeatSpec("bot", level="strong" if i in strong else "normal", name_index=i)
                 for i in range(players)]
        match = Match(game_spec, settings, seats)
        _play(match, result, strong)
        result.games += 1
        outcome = match.state.outcome()
        if outcome is None or outcome.camp is None:
            result.nobody += 1
        elif outcome.camp == strong_camp:
            result.strong_wins += 1
        else:
            result.normal_wins += 1
    result.seconds = time.perf_counter() - start
    return result


def move_times(times: list[float]) -> str:
    """Median and worst of decision times, in milliseconds."""
    if not times:
        return "-"
    return f"{statistics.median(times) * 1e3:.1f} ms median, {max(times) * 1e3:.0f} ms worst"


def report_line(label: str, result: DuelResult) -> str:
    """One Markdown table row: games, strong share of wins with its interval, scores."""
    rate, low, high = result.rate()
    scores = ""
    if result.strong_scores:
        scores = (f"{statistics.mean(result.strong_scores):.1f} / "
                  f"{statistics.mean(result.normal_scores):.1f}")
    return (f"| {label} | {result.games} | {rate:.0%} ({low:.0%}–{high:.0%}) | "
            f"{result.nobody} | {scores or '-'} | {move_times(result.strong_times)} | "
            f"{move_times(result.normal_times)} | {result.seconds:.0f} s |")


HEADER = ("| table | games | strong share of wins (95 %) | no winner | mean score strong / "
          "normal | strong move time | normal move time | run time |\n"
          "|---|---|---|---|---|---|---|---|")


def calibrate(spec: GameSpec, *, players: int, seed: int, positions: int = 12,
              seconds: float = 1.0, options: Mapping[str, str] | None = None) -> str:
    """Time a strong bot with the default 1 s budget on positions of a normal game, and
    count the iterations it makes: what an iteration budget of at most 1 s may be."""
    from a11y_games.engine.search import search

    worlds = spec.worlds
    match = Match(spec, spec.settings(players, seed, options),
                  [SeatSpec("bot", level="normal", name_index=i) for i in range(players)])
    times: list[float] = []
    counts: list[int] = []
    step = 0
    while (pending := match.state.pending()) is not None and len(times) < positions:
        seat = pending.seats[0]
        legal = match.state.legal_actions(seat)
        step += 1
        if len(legal) > 1 and not pending.race and step % 7 == 0:
            start = time.perf_counter()
            view = worlds.view(match.state, seat)  # type: ignore[union-attr]
            done = [0]
            search(view, seat, legal, worlds, random.Random(step), seconds=seconds,  # type: ignore[arg-type]
                   counter=done)
            times.append(time.perf_counter() - start)
            counts.append(done[0])
        match.play_bot(seat)
    return (f"1 s budget, {len(times)} positions: {move_times(times)}; iterations made "
            f"{min(counts)} to {max(counts)} (median {statistics.median(counts):.0f})")


def add_arguments(parser: object, iterations: int, players: list[int]) -> None:
    """The strong-bot options every benchmark script takes."""
    add = parser.add_argument  # type: ignore[attr-defined]
    add("--strong", type=int, default=0, metavar="GAMES",
        help="strong against normal: games per table (300 to 1,000 for the figures)")
    add("--iterations", type=int, default=iterations,
        help="the strong bot's iterations a move (deterministic; at most 1 s a move here)")
    add("--strong-players", type=int, nargs="*", default=players)
    add("--strong-only", action="store_true", help="only the strong section")
    add("--calibrate", action="store_true", help="time the 1 s budget and count iterations")


def section(spec: GameSpec, args: object, *, seed: int = 90_000,
            options: Mapping[str, str] | None = None,
            camps: tuple[str, ...] = ()) -> None:
    """Print the strong-against-normal section of a benchmark (Markdown)."""
    a = args
    if getattr(a, "calibrate", False):
        print("\n## Strong bot: the 1 s budget\n")
        for n in a.strong_players:  # type: ignore[attr-defined]
            print(f"- {n} players: {calibrate(spec, players=n, seed=seed, options=options)}.")
    games = getattr(a, "strong", 0)
    if not games:
        return
    iterations = a.iterations  # type: ignore[attr-defined]
    print(f"\n## Strong against normal ({iterations} iterations a move, seeds from {seed})\n")
    print(HEADER)
    for n in a.strong_players:  # type: ignore[attr-defined]
        if camps:
            for camp in camps:
                result = camp_duel(spec, players=n, games=games, iterations=iterations,
                                   seed=seed, strong_camp=camp, options=options)
                print(report_line(f"{n} players, strong {camp}", result), flush=True)
        else:
            result = duel(spec, players=n, games=games, iterations=iterations, seed=seed,
                          options=options)
            print(report_line(f"{n} players, 1 strong", result), flush=True)
