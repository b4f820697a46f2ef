"""Vanuatu benchmarks: random games per second, normal bot move time, query latency,
normal against random, and how often the table loses to the sea.

    .venv/bin/python scripts/bench_vanuatu.py [--games 1000] [--quick]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out, simulate
from a11y_games.games.vanuatu import SPEC
from a11y_games.i18n import Translator

sys.path.insert(0, str(Path(__file__).resolve().parent))
import strength as strong_bench


def games_per_second(players: int, rising: str, games: int) -> tuple[float, float]:
    """Games per wall-clock second and per CPU second (the machine may be shared)."""
    cpu = time.process_time()
    report = simulate(SPEC, players=players, games=games, seed=1,
                      options={"rising_waters": rising})
    cpu = time.process_time() - cpu
    return report.games_per_second, games / cpu


def bot_move_times(games: int) -> tuple[float, float]:
    """Mean and worst time of one normal bot decision (ms), 4 normal bots."""
    times: list[float] = []
    for seed in range(games):
        match = Match(SPEC, SPEC.settings(4, seed), [
            SeatSpec("bot", level="normal", name_index=i) for i in range(4)])
        while match.state.pending() is not None:
            seat = match.state.pending().seats[0]  # type: ignore[union-attr]
            start = time.perf_counter()
            action = match.bot_choice(seat)
            times.append(time.perf_counter() - start)
            match.act(seat, action)
    return statistics.mean(times) * 1000, max(times) * 1000


def query_latency(samples: int) -> dict[str, float]:
    """Mean time (ms) to build and render `where` and `map` mid-game, in English."""
    match = Match(SPEC, SPEC.settings(4, 3), [
        SeatSpec("bot", level="random", name_index=i) for i in range(4)])
    for _ in range(300):
        if match.state.pending() is None:
            break
        seat = match.state.pending().seats[0]  # type: ignore[union-attr]
        match.act(seat, match.bot_choice(seat))
    tr = Translator("en", names=match.seat_name)
    queries = {q.name: q for q in match.state.queries()}
    out = {}
    for name, arg in (("where", ""), ("map", ""), ("island", "efate")):
        start = time.perf_counter()
        for _ in range(samples):
            tr.render_all(queries[name].run(match.state, 0, arg))
        out[name] = (time.perf_counter() - start) / samples * 1000
    return out


def normal_against_random(players: int, rising: str, games: int) -> dict[str, float]:
    """One normal bot (its seat rotating) against random bots."""
    wins = lost = 0
    rng = random.Random(players)
    for n in range(games):
        normal = n % players
        seats = [SeatSpec("bot", level="normal" if i == normal else "random", name_index=i)
                 for i in range(players)]
        match = Match(SPEC, SPEC.settings(players, rng.randrange(10**9),
                                          {"rising_waters": rising}), seats)
        play_out(match)
        outcome = match.state.outcome()
        assert outcome is not None
        lost += match.state.lost_to_sea
        wins += normal in outcome.winners
    dry = games - lost
    return {"normal_win_rate": wins / games, "fair_share": 1 / players, "sea": lost / games,
            "win_when_dry": wins / dry if dry else 0.0}


def table_loss(level: str, players: int, games: int) -> float:
    lost = 0
    for seed in range(games):
        match = Match(SPEC, SPEC.settings(players, seed), [
            SeatSpec("bot", level=level, name_index=i) for i in range(players)])
        play_out(match)
        lost += match.state.lost_to_sea
    return lost / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--quick", action="store_true", help="small counts, for a smoke run")
    parser.add_argument("--speed", action="store_true", help="only the speed section")
    strong_bench.add_arguments(parser, 10, [3])
    args = parser.parse_args()
    if args.strong_only or args.calibrate:
        strong_bench.section(SPEC, args)
        return
    games = 20 if args.quick else args.games
    print("## Speed")
    for rising in ("on", "off"):
        wall, cpu = games_per_second(4, rising, 10 if args.quick else 200)
        print(f"random 4 players, rising waters {rising}: {wall:.1f} games/s"
              f" ({cpu:.1f} per CPU second)")
    mean, worst = bot_move_times(2 if args.quick else 20)
    print(f"normal bot move: mean {mean:.2f} ms, worst {worst:.1f} ms")
    for name, ms in query_latency(50 if args.quick else 500).items():
        print(f"query {name}: {ms:.2f} ms (built and rendered)")
    if args.speed:
        return
    print("## Normal against random")
    for rising in ("on", "off"):
        for players in (3, 4, 5):
            r = normal_against_random(players, rising, games)
            print(f"{players} players, rising {rising}: normal wins {r['normal_win_rate']:.1%}"
                  f" (fair share {r['fair_share']:.0%}), {r['win_when_dry']:.1%} of the games"
                  f" not lost to the sea; table lost to the sea {r['sea']:.1%}"
                  f" over {games} games")
    print("## Tables of one level, rising waters on")
    for level in ("random", "normal"):
        for players in (3, 4, 5):
            share = table_loss(level, players, max(20, games // 5))
            print(f"all {level}, {players} players: lost to the sea {share:.1%}"
                  f" over {max(20, games // 5)} games")
    strong_bench.section(SPEC, args)


if __name__ == "__main__":
    main()
