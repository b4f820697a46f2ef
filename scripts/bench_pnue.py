"""PNUE benchmarks: bot strength by camp, random games per second, normal bot move time.

    .venv/bin/python scripts/bench_pnue.py [--games 1000] [--players 5 7 10] [--speed 500]

Prints Markdown tables (copied into docs/benchmarks/pnue.md). Bots-only games through the
engine's ``simulate`` (the same path as ``a11y-games simulate``); ``camp_levels`` gives
each seat its camp's bot level after the deal, without the bots seeing it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import simulate
from a11y_games.games.pnue import SPEC

SETUPS = [("random", "random"), ("normal", "random"), ("random", "normal"), ("normal", "normal")]


sys.path.insert(0, str(Path(__file__).resolve().parent))
import strength as strong_bench  # noqa: E402


def strength(players: list[int], games: int, seed: int) -> None:
    print("| players | ecologists | lobbyists | ecologists win | lobbyists win | games |")
    print("|---|---|---|---|---|---|")
    for n in players:
        for eco, lob in SETUPS:
            report = simulate(SPEC, players=n, games=games, seed=seed,
                              camp_levels={"ecologists": eco, "lobbyists": lob})
            done = report.games - report.unfinished
            e = report.camp_wins["ecologists"] / done
            print(f"| {n} | {eco} | {lob} | {e:.1%} | {1 - e:.1%} | {report.games} |",
                  flush=True)


def speed(players: list[int], games: int, seed: int) -> None:
    """Games per second by the wall clock (as ``simulate`` reports) and by CPU time (what the
    process itself used: steadier on a shared machine)."""
    print("| players | level | games | games/s (wall) | games/s (CPU) | actions/game |")
    print("|---|---|---|---|---|---|")
    for n in players:
        for level, count in (("random", games), ("normal", max(50, games // 5))):
            cpu = time.process_time()
            report = simulate(SPEC, players=n, games=count, seed=seed, levels=level)
            cpu = time.process_time() - cpu
            print(f"| {n} | {level} | {count} | {report.games_per_second:.0f} | "
                  f"{count / cpu:.0f} | {report.mean_length:.0f} |", flush=True)


def move_time(players: int, games: int, seed: int) -> None:
    """Time every normal bot decision (observation + choice) over whole games."""
    times: list[float] = []
    for g in range(games):
        settings = SPEC.settings(players, seed + g, {"crises": "on"})
        match = Match(SPEC, settings, [SeatSpec("bot", level="normal", name_index=i)
                                       for i in range(players)])
        race = random.Random(g)
        while (pending := match.state.pending()) is not None:
            seat = race.choice(pending.seats) if pending.race else pending.seats[0]
            start = time.perf_counter()
            action = match.bot_choice(seat)
            times.append(time.perf_counter() - start)
            match.act(seat, action)
    times.sort()
    p99 = times[int(len(times) * 0.99)]
    print(f"normal bot, {players} players, {len(times)} decisions: "
          f"median {statistics.median(times) * 1e6:.0f} µs, p99 {p99 * 1e6:.0f} µs, "
          f"max {times[-1] * 1e3:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per strength line")
    parser.add_argument("--players", type=int, nargs="*", default=[5, 7, 10])
    parser.add_argument("--speed", type=int, default=500, help="games per speed line")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--skip-strength", action="store_true")
    parser.add_argument("--skip-speed", action="store_true")
    strong_bench.add_arguments(parser, 40, [5, 7, 10])
    args = parser.parse_args()
    if args.strong_only or args.calibrate:
        strong_bench.section(SPEC, args, camps=("ecologists", "lobbyists"))
        return
    if not args.skip_speed:
        print("## Speed\n")
        speed(args.players, args.speed, args.seed)
        print()
        for n in args.players:
            move_time(n, 30, args.seed)
    if not args.skip_strength:
        print("\n## Strength\n")
        strength(args.players, args.games, args.seed)
    strong_bench.section(SPEC, args, camps=("ecologists", "lobbyists"))


if __name__ == "__main__":
    main()
