"""Vertigo benchmarks: random games per second, normal bot move time, summary latency,
normal against random.

    .venv/bin/python scripts/bench_vertigo.py [--games 1000] [--speed 200]

Prints Markdown for docs/benchmarks/vertigo.md. Not a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out, simulate
from a11y_games.engine.state import GameState
from a11y_games.games.vertigo import SPEC
from a11y_games.games.vertigo.state import VertigoState

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pairwise
import strength as strong_bench


def speed(games: int) -> None:
    cpu = time.process_time()
    report = simulate(SPEC, players=4, games=games, seed=1, levels="random")
    cpu = time.process_time() - cpu
    print(f"- Random bots, 4 players: {report.games_per_second:.1f} games/s wall clock, "
          f"{report.games / cpu:.1f} games per CPU second "
          f"({report.games} games, {report.mean_length:.0f} actions a game).")


def bot_time(games: int) -> None:
    wall: list[float] = []
    cpu: list[float] = []
    for n in range(games):
        match = Match(SPEC, SPEC.settings(4, 500 + n),
                      [SeatSpec("bot", level="normal", name_index=i) for i in range(4)])
        while match.state.pending() is not None:
            seat = match.state.pending().seats[0]  # type: ignore[union-attr]
            start, start_cpu = time.perf_counter(), time.process_time()
            action = match.bot_choice(seat)
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            match.act(seat, action)
    wall.sort()
    cpu.sort()
    print(f"- Normal bot, 4 players: mean {sum(wall) / len(wall) * 1e6:.0f} µs a decision, "
          f"99th percentile {wall[int(len(wall) * 0.99)] * 1e6:.0f} µs, "
          f"slowest {cpu[-1] * 1e3:.1f} ms of CPU ({wall[-1] * 1e3:.0f} ms wall clock, "
          f"{len(wall)} decisions).")


def latency() -> None:
    match = Match(SPEC, SPEC.settings(4, 9), [SeatSpec("bot", level="normal")] * 4)
    play_out(match, max_actions=1500)
    state = match.state
    for name, call in (("status", lambda: state.status(0)),
                       ("board", lambda: state.board(0)),
                       ("board left", lambda: state.board(0, "left")),
                       ("planet", lambda: state.queries()[0].run(state, 0, ""))):
        start = time.perf_counter()
        for _ in range(2000):
            call()
        print(f"- `{name}`: {(time.perf_counter() - start) / 2000 * 1e6:.0f} µs.")


def peak(match: Match) -> int:
    """The highest planetary pollution of a game."""
    return max([e.msg.params["planet"] for e in match.events
                if e.msg.id == "vertigo.event.planet_up"] or [0])


def duel(players: int, games: int) -> None:
    """Normal at one seat (rotating), random elsewhere; and counts of dead planets."""
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    peaks: list[int] = []
    start = time.perf_counter()
    for n in range(games):
        normal = n % players
        seats = [SeatSpec("bot", level="normal" if i == normal else "random", name_index=i)
                 for i in range(players)]
        match = Match(SPEC, SPEC.settings(players, 10_000 * players + n), seats)
        play_out(match)
        peaks.append(peak(match))
        outcome = match.state.outcome()
        assert outcome is not None
        reasons[outcome.reason.params["reason"].id.rsplit(".", 1)[1]] += 1
        kinds = {seats[s].level for s in outcome.winners}
        for kind in kinds:
            wins[kind] += 1
        if not outcome.winners:
            wins["nobody"] += 1
    seconds = time.perf_counter() - start
    print(f"| {players} | {games} | {wins['normal']} | {wins['random']} | {wins['nobody']} "
          f"| {reasons['planet']} | {sum(peaks) / len(peaks):.0f} % | {max(peaks)} % "
          f"| {reasons['coin']} | {reasons['last']} | {seconds:.0f} s |")


def planet_normal(players: int, games: int) -> None:
    reasons: Counter[str] = Counter()
    peaks: list[int] = []
    for n in range(games):
        match = Match(SPEC, SPEC.settings(players, 20_000 * players + n),
                      [SeatSpec("bot", level="normal", name_index=i) for i in range(players)])
        play_out(match)
        peaks.append(peak(match))
        outcome = match.state.outcome()
        assert outcome is not None
        reasons[outcome.reason.params["reason"].id.rsplit(".", 1)[1]] += 1
    print(f"| {players} | {games} | {reasons['planet']} | {sum(peaks) / len(peaks):.0f} % "
          f"| {max(peaks)} % | {reasons['coin']} | {reasons['last']} |")


def rank(state: GameState, seat: int) -> tuple[int, ...]:
    """The end-of-game ranking (VG-32): eligible first, then factories, pawns, money."""
    assert isinstance(state, VertigoState)
    return (int(state.eligible(seat)), *state.ranking_key(seat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--speed", type=int, default=200)
    parser.add_argument("--no-duel", action="store_true", help="speed and latency only")
    strong_bench.add_arguments(parser, 12, [4])
    pairwise.add_arguments(parser)
    args = parser.parse_args()
    if args.horizon is not None:
        SPEC.worlds.horizon = args.horizon  # type: ignore[union-attr]
    if args.pairwise:
        pairwise.section(SPEC, args, rank)
        return
    if args.strong_only or args.calibrate:
        strong_bench.section(SPEC, args)
        return
    print("## Speed\n")
    speed(args.speed)
    bot_time(20)
    print("\n## Command latency\n")
    latency()
    if args.no_duel:
        return
    print("\n## Normal against random\n")
    print("One normal bot (its seat rotates), random bots elsewhere.\n")
    print("| players | games | normal wins | random wins | nobody | planet 100 % "
          "| mean peak | highest | coin | last left | time |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for players in (2, 3, 4):
        duel(players, args.games)
    print("\n## Normal bots only: how often the planet dies\n")
    print("| players | games | planet 100 % | mean peak | highest | coin | last left |")
    print("|---|---|---|---|---|---|---|")
    for players in (2, 3, 4):
        planet_normal(players, max(args.games // 5, 1))
    strong_bench.section(SPEC, args)


if __name__ == "__main__":
    main()
