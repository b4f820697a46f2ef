"""Utopia benchmarks: random games per second, normal bot move time, query latency, and
normal against random. Prints Markdown for docs/benchmarks/utopia.md.

    .venv/bin/python scripts/bench_utopia.py --games 1000
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import simulate
from a11y_games.engine.state import GameState
from a11y_games.games.utopia import SPEC
from a11y_games.games.utopia.state import UtopiaState
from a11y_games.i18n import Translator

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pairwise
import strength as strong_bench


def random_speed(players: int, games: int, runs: int) -> None:
    """Games per second over ``runs`` runs of the same games (the machine is shared: the
    median and the best say more than one run)."""
    simulate(SPEC, players=players, games=min(games, 20), seed=1)  # warm-up
    cpu_rates, wall_rates = [], []
    for _ in range(runs):
        cpu = time.process_time()
        report = simulate(SPEC, players=players, games=games, seed=1)
        cpu_rates.append(games / (time.process_time() - cpu))
        wall_rates.append(report.games_per_second)
    print(f"- random, {players} players: {statistics.median(cpu_rates):.1f} games/s CPU "
          f"(median of {runs} runs; best {max(cpu_rates):.1f}, worst {min(cpu_rates):.1f}), "
          f"{statistics.median(wall_rates):.1f} wall; {report.mean_length:.0f} steps a game "
          f"({games} games, {report.unfinished} unfinished)")


def bot_time(games: int) -> None:
    times: list[float] = []
    for players in (2, 3, 4, 5):
        for seed in range(games):
            seats = [SeatSpec("bot", level="normal", name_index=i) for i in range(players)]
            match = Match(SPEC, SPEC.settings(players, 500 + seed), seats)
            while (pending := match.state.pending()) is not None:
                seat = pending.seats[0]
                start = time.perf_counter()
                action = match.bot_choice(seat)
                times.append(time.perf_counter() - start)
                match.act(seat, action)
    times.sort()
    print(f"- normal bot, {len(times)} decisions (2 to 5 players, {games} games each): "
          f"mean {statistics.mean(times) * 1000:.2f} ms, "
          f"99th percentile {times[int(len(times) * 0.99)] * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms")


def query_latency(runs: int) -> None:
    seats = [SeatSpec("bot", level="random", name_index=i) for i in range(4)]
    match = Match(SPEC, SPEC.settings(4, 3), seats)
    for _ in range(700):  # a city well built (random games are shorter now: stop at the end)
        pending = match.state.pending()
        if pending is None:
            break
        match.act(pending.seats[0], match.bot_choice(pending.seats[0]))
    tr = Translator("en", names=match.seat_name)
    queries = {q.name: q for q in match.state.queries()}
    for name, argument in (("map", ""), ("district", "hephaistos"), ("island", "feu")):
        start = time.perf_counter()
        for _ in range(runs):
            tr.render_all(queries[name].run(match.state, 0, argument))
        mean = (time.perf_counter() - start) / runs
        print(f"- `{name} {argument}`: {mean * 1000:.2f} ms (query and English rendering)")


def normal_vs_random(games: int) -> None:
    print("| players | games | normal wins | share | fair share | unfinished | mean steps |")
    print("|---|---|---|---|---|---|---|")
    for players in (2, 3, 4, 5):
        report = simulate(SPEC, players=players, games=games, seed=10_000,
                          levels=["normal"] + ["random"] * (players - 1))
        wins = report.level_wins["normal"]
        print(f"| {players} | {report.games} | {wins} | {wins / report.games:.1%} | "
              f"{1 / players:.0%} | {report.unfinished} | {report.mean_length:.0f} |",
              flush=True)


def rank(state: GameState, seat: int) -> tuple[int, ...]:
    """The end-of-game ranking (UT-20): prestige, then districts controlled."""
    assert isinstance(state, UtopiaState)
    return (state.scores[seat], state.controlled(seat))


def null_line(players: int, games: int, seed: int) -> None:
    """The same seeds and seats as ``--pairwise``, a normal bot in the strong seat: what the
    seeds alone give that seat (the figure an equal bot would get, instead of 50 %)."""
    wins = above = 0.0
    for n in range(games):
        me = n % players
        match = Match(SPEC, SPEC.settings(players, seed + n),
                      [SeatSpec("bot", level="normal", name_index=i) for i in range(players)])
        while (pending := match.state.pending()) is not None:
            match.act(pending.seats[0], match.bot_choice(pending.seats[0]), trusted=True)
        winners = match.state.winners  # type: ignore[attr-defined]
        wins += (me in winners) / len(winners)
        mine = rank(match.state, me)
        above += sum(1.0 if mine > rank(match.state, o) else 0.5 if mine == rank(match.state, o)
                     else 0.0 for o in range(players) if o != me)
    pl, ph = strong_bench.wilson(above, games * (players - 1))
    print(f"- the strong seat played by a normal bot, {players} players, {games} games, seeds "
          f"from {seed}: share of wins {wins / games:.1%} (fair {1 / players:.0%}), pairwise "
          f"{above / (games * (players - 1)):.1%} ({pl:.0%}–{ph:.0%})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="normal vs random, per count")
    parser.add_argument("--random-games", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5, help="runs of the random games")
    parser.add_argument("--bot-games", type=int, default=5)
    parser.add_argument("--skip-vs", action="store_true")
    strong_bench.add_arguments(parser, 8, [4])
    pairwise.add_arguments(parser)
    parser.add_argument("--null", type=int, default=0, metavar="GAMES",
                        help="the --pairwise seeds with a normal bot in the strong seat")
    args = parser.parse_args()
    if args.null:
        for n in args.strong_players:
            null_line(n, args.null, args.seed)
        return
    if args.horizon is not None:
        SPEC.worlds.horizon = args.horizon  # type: ignore[union-attr]
    if args.pairwise:
        pairwise.section(SPEC, args, rank)
        return
    if args.strong_only or args.calibrate:
        strong_bench.section(SPEC, args)
        return
    print(f"Python {platform.python_version()}, {platform.machine()}")
    print()
    for players in (2, 3, 4, 5):
        random_speed(players, args.random_games, args.runs)
    bot_time(args.bot_games)
    query_latency(200)
    if not args.skip_vs:
        print()
        normal_vs_random(args.games)
    strong_bench.section(SPEC, args)


if __name__ == "__main__":
    main()
