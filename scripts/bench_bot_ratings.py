"""The bots' fixed ratings, measured by bot-versus-bot games (issue 31; not a test).

    .venv/bin/python scripts/bench_bot_ratings.py --games 24 --write
    .venv/bin/python scripts/bench_bot_ratings.py --games 4 --game utopia   # a quick look

Each level (random, normal, strong) is rated as one player would be, with the model the
server rates players with (``a11y_games.ratings.model``), starting as a newcomer, game after
game in a fixed order (seeds from ``--seed``):

- Vertigo, Utopia, Vanuatu: 3 players, one seat per level, the six seatings in turn; the
  places are the game's own final ranking (``ratings.placing``).
- PNUE: 5 and 7 players in turn, levels dealt round the table (shifted each game); the
  ecologists against the lobbyists, evened up as the server rates them. Where a level
  holds several seats of one game, each seat is rated from the level's rating and the
  level moves by the mean of its seats' changes (the mean uncertainty is kept).

The strong bots search with a fixed iteration budget (deterministic; the budgets of
docs/benchmarks/strong.md, each move well under the 1 s a live strong bot takes). ``--write``
stores the ratings in ``a11y_games/ratings/bots.json``, which the wheel ships.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.games import get_spec
from a11y_games.ratings.bots import BOT_RATINGS, LEVELS
from a11y_games.ratings.model import Rating, new_rating, rate
from a11y_games.ratings.placing import placing

sys.path.insert(0, str(Path(__file__).resolve().parent))
import strength as strong_bench

ITERATIONS = {"pnue": 40, "vertigo": 10, "utopia": 8, "vanuatu": 10}
"""The strong bots' iteration budget by game (docs/benchmarks/strong.md)."""

GAMES = ("pnue", "vertigo", "utopia", "vanuatu")
SEATINGS = list(itertools.permutations(LEVELS))


def levels_for(game: str, n: int) -> list[str]:
    """The level of each seat in game number ``n``."""
    if game == "pnue":
        players = (5, 7)[n % 2]
        return [LEVELS[(seat + n) % len(LEVELS)] for seat in range(players)]
    return list(SEATINGS[n % len(SEATINGS)])


def rate_levels(ratings: dict[str, Rating], levels: list[str],
                teams: tuple[tuple[int, ...], ...], ranks: tuple[int, ...]) -> None:
    """One game's update of the levels' ratings (a level's seats pooled)."""
    rated = rate([[ratings[levels[s]] for s in team] for team in teams], ranks)
    moves: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for team, after in zip(teams, rated, strict=True):
        for seat, new in zip(team, after, strict=True):
            moves[levels[seat]].append((new.mu - ratings[levels[seat]].mu, new.sigma))
    for level, changes in moves.items():
        ratings[level] = Rating(ratings[level].mu + statistics.fmean(c[0] for c in changes),
                                statistics.fmean(c[1] for c in changes))


def measure(game: str, games: int, seed: int, iterations: int) -> dict[str, object]:
    """Play ``games`` games of ``game`` and rate the levels; the figures for the report."""
    spec = strong_bench._spec(get_spec(game), iterations)
    ratings = {level: new_rating() for level in LEVELS}
    places: dict[str, list[int]] = defaultdict(list)
    start = time.perf_counter()
    for n in range(games):
        levels = levels_for(game, n)
        seats = [SeatSpec("bot", level=level, name_index=i) for i, level in enumerate(levels)]
        match = Match(spec, spec.settings(len(levels), seed + n), seats)
        play_out(match)
        result = placing(match.state)
        if result is None:
            continue
        rate_levels(ratings, levels, result.teams, result.ranks)
        for seat in result.seats:
            places[levels[seat]].append(result.place_of(seat) or 0)
    seconds = time.perf_counter() - start
    return {"ratings": ratings, "places": places, "seconds": seconds, "games": games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24, help="games per game (default 24)")
    parser.add_argument("--seed", type=int, default=31_000)
    parser.add_argument("--game", action="append", choices=GAMES, help="only these games")
    parser.add_argument("--iterations", type=int, help="strong bots' budget (default: by game)")
    parser.add_argument("--write", action="store_true", help=f"write {BOT_RATINGS.name}")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 2_000:
        parser.error("--games: 1 to 2000")
    stored: dict[str, dict[str, dict[str, float]]] = {}
    budgets = dict(ITERATIONS)
    if args.write and BOT_RATINGS.exists():
        old = json.loads(BOT_RATINGS.read_text(encoding="utf-8"))
        stored, budgets = old["games"], {**budgets, **old.get("strong_iterations", {})}
    print("| game | games | random | normal | strong | mean place r / n / s | run time |")
    print("|---|---|---|---|---|---|---|")
    for game in args.game or GAMES:
        iterations = args.iterations or ITERATIONS[game]
        found = measure(game, args.games, args.seed, iterations)
        ratings: dict[str, Rating] = found["ratings"]  # type: ignore[assignment]
        places: dict[str, list[int]] = found["places"]  # type: ignore[assignment]
        cells = [f"{ratings[lv].shown} ({ratings[lv].mu:.1f} ± {ratings[lv].sigma:.1f})"
                 for lv in LEVELS]
        mean_places = " / ".join(f"{statistics.fmean(places[lv]):.2f}" if places[lv] else "-"
                                 for lv in LEVELS)
        print(f"| {game} ({iterations} it.) | {found['games']} | {' | '.join(cells)} | "
              f"{mean_places} | {found['seconds']:.0f} s |", flush=True)
        budgets[game] = iterations
        stored[game] = {lv: {"mu": round(ratings[lv].mu, 4), "sigma": round(ratings[lv].sigma, 4)}
                        for lv in LEVELS}
    if args.write:
        text = json.dumps({"method": "scripts/bench_bot_ratings.py", "seed": args.seed,
                           "games_each": args.games, "strong_iterations": budgets,
                           "games": stored}, indent=1, sort_keys=True)
        BOT_RATINGS.write_text(text + "\n", encoding="utf-8")
        print(f"written: {BOT_RATINGS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
