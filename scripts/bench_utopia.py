"""Utopia benchmarks: random games per second, normal bot move time, query latency, and
normal against random. Prints Markdown for docs/benchmarks/utopia.md.

    .venv/bin/python scripts/bench_utopia.py --games 1000
    .venv/bin/python scripts/bench_utopia.py --judge 24 --strong-players 4 --confidence 0

``--judge``: which of the strong bot's overrules pay, by kind and by the search's own
confidence in them (each finished both ways by normal bots from a copy of the position).
"""

from __future__ import annotations

import argparse
import dataclasses
import platform
import random
import statistics
import sys
import time
from pathlib import Path

import a11y_games.engine.search as engine_search
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.search import copy_state
from a11y_games.engine.simulate import simulate
from a11y_games.engine.state import GameState
from a11y_games.games.utopia import SPEC
from a11y_games.games.utopia.bots import NormalBot
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
        above += pairwise.above(match.state, me, rank)
    pl, ph = strong_bench.wilson(above, games * (players - 1))
    print(f"- the strong seat played by a normal bot, {players} players, {games} games, seeds "
          f"from {seed}: share of wins {wins / games:.1%} (fair {1 / players:.0%}), pairwise "
          f"{above / (games * (players - 1)):.1%} ({pl:.0%}–{ph:.0%})", flush=True)


def _finish_normal(state: UtopiaState, seat: int, action: str, seed: int) -> float:
    """``seat`` plays ``action`` in a copy of ``state``, then normal bots finish the game
    (the next guests and reshuffles from ``seed``): the share of the other seats ``seat``
    finishes above (a tie a half)."""
    world = copy_state(state)
    assert isinstance(world, UtopiaState)
    world.rng = random.Random(seed)
    world.apply(seat, action)
    return pairwise.finish_with_normal_bots(world, seat, seed, NormalBot, rank)


BINS = ((float("-inf"), 1.0), (1.0, 2.0), (2.0, 3.0), (3.0, float("inf")))
"""The search's lead over the normal answer, in standard errors beyond the margin."""


def judge(players: int, games: int, iterations: int, rollouts: int, seed: int,
          confidence: float | None) -> None:
    """1 strong seat (rotating, each deal in every seat) among normal seats, overruling on
    the lead ``confidence`` (standard errors; None: the game's own). At each overrule the
    position is copied and finished ``rollouts`` times each way by normal bots, the same
    dice both ways: after the search's answer and after the normal bot's. Tables: the
    strong seat's pairwise share after each, by the search's lead (z) and by kind."""
    worlds = SPEC.worlds
    if confidence is not None:
        worlds.confidence = confidence  # type: ignore[union-attr]
    leads: list[float] = []
    lead = engine_search._lead

    def measured(chosen, usual, confidence_):  # type: ignore[no-untyped-def]
        error = 0.0
        for node in (chosen, usual):
            mean = node.total / node.visits
            spread = max(node.squares / node.visits - mean * mean, 0.0025)
            error += spread / node.visits
        gap = chosen.total / chosen.visits - usual.total / usual.visits - engine_search.MARGIN
        leads.append(gap / error ** 0.5)
        return lead(chosen, usual, confidence_)

    seen: list[tuple[str, str, float]] = []
    search = engine_search.search

    def counted(view, seat, legal, worlds_, rng, **budget):  # type: ignore[no-untyped-def]
        usual = worlds_.policy(seat, random.Random(0)).choose(view.observation(seat), legal)
        leads.clear()
        best, line = search(view, seat, legal, worlds_, rng, **budget)
        if best != usual:
            seen.append((usual, best, leads[-1] if leads else float("nan")))
        return best, line

    spec = dataclasses.replace(SPEC, bots={**SPEC.bots, "strong": engine_search.strong_factory(
        worlds, iterations=iterations)})  # type: ignore[arg-type]
    rows: list[tuple[str, float, float, float]] = []
    above = 0.0
    engine_search.search = counted  # type: ignore[assignment]
    engine_search._lead = measured  # type: ignore[assignment]
    try:
        for n in range(games):
            strong = n % players
            seats = pairwise.strong_among_normal(players, strong)
            match = Match(spec, spec.settings(players, seed + n // players), seats)
            state = match.state
            assert isinstance(state, UtopiaState)
            while (pending := state.pending()) is not None:
                seat = pending.seats[0]
                seen.clear()
                action = match.bot_choice(seat)
                if seat == strong and seen and seen[0][1] == action:
                    usual, best, z = seen[0]
                    after = sum(_finish_normal(state, seat, best, 1000 * n + k)
                                for k in range(rollouts)) / rollouts
                    before = sum(_finish_normal(state, seat, usual, 1000 * n + k)
                                 for k in range(rollouts)) / rollouts
                    kind = f"{usual.split(':')[0]} → {best.split(':')[0]}"
                    rows.append((kind, z, after, before))
                    print(f"overrule: game {n + 1}, round {state.round}, {kind}, z {z:.2f}, "
                          f"after {after:.3f}, normal {before:.3f}", file=sys.stderr,
                          flush=True)
                match.act(seat, action, trusted=True)
            above += pairwise.above(state, strong, rank)
            print(f"game {n + 1}: strong seat {strong}, pairwise {above:g} of "
                  f"{(n + 1) * (players - 1)}", file=sys.stderr, flush=True)
    finally:
        engine_search.search = search  # type: ignore[assignment]
        engine_search._lead = lead  # type: ignore[assignment]
    sure = "the game's" if confidence is None else f"{confidence:g}"
    print(f"\n## Which overrules pay ({players} players, {games} games, {iterations} "
          f"iterations, confidence {sure}, {rollouts} finishes each way, seeds from {seed})\n")
    print("| the search's lead (z) | overrules | pairwise after the overrule | after the "
          "normal answer | difference (95 %) |\n|---|---|---|---|---|")
    for low, high in BINS:
        _judged_row(f"{low:g} to {high:g}", [r for r in rows if low <= r[1] < high])
    print("\n| kind (z ≥ 1) | overrules | after the overrule | after the normal answer | "
          "difference (95 %) |\n|---|---|---|---|---|")
    kinds = sorted({r[0] for r in rows}, key=lambda k: -sum(r[0] == k for r in rows))
    for kind in kinds:
        _judged_row(kind, [r for r in rows if r[0] == kind and r[1] >= 1.0])


def _judged_row(label: str, rows: list[tuple[str, float, float, float]]) -> None:
    if not rows:
        return
    diffs = [after - before for _, _, after, before in rows]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    print(f"| {label} | {len(rows)} | {statistics.mean(r[2] for r in rows):.1%} | "
          f"{statistics.mean(r[3] for r in rows):.1%} | {mean:+.1%} (±{half:.1%}) |",
          flush=True)


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
    parser.add_argument("--judge", type=int, default=0, metavar="GAMES",
                        help="which overrules pay: each finished both ways (mirrored deals)")
    parser.add_argument("--rollouts", type=int, default=8, help="finishes each way (--judge)")
    parser.add_argument("--confidence", type=float,
                        help="the search's confidence (z) to overrule (--judge)")
    parser.add_argument("--details", nargs="*", default=[],
                        help="steps of an action searched too (worlds.DETAILS)")
    args = parser.parse_args()
    if args.details:
        SPEC.worlds.DETAILS = tuple(args.details)  # type: ignore[union-attr]
    if args.judge:
        for n in args.strong_players:
            judge(n, args.judge, args.iterations, args.rollouts, args.seed, args.confidence)
        return
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
