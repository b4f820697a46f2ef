"""Vertigo benchmarks: random games per second, normal bot move time, summary latency,
normal against random.

    .venv/bin/python scripts/bench_vertigo.py [--games 1000] [--speed 200]
    .venv/bin/python scripts/bench_vertigo.py --judge 40 --iterations 40 --rollouts 4
    .venv/bin/python scripts/bench_vertigo.py --judge 40 --judge-players 4 --iterations 60

``--judge``: which of the strong bot's overrules pay, by kind of decision (each finished
by normal bots both ways, with the same dice); from 3 players read pairwise.

Prints Markdown for docs/benchmarks/vertigo.md. Not a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import TextIO

import a11y_games.engine.search as engine_search
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.search import copy_state
from a11y_games.engine.simulate import play_out, simulate
from a11y_games.engine.state import GameState
from a11y_games.games.vertigo import SPEC, worlds
from a11y_games.games.vertigo.bots import NormalBot
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


# --- which overrules pay: counterfactual playouts (the third pass's instrument) ---

def _judge_kind(state: VertigoState, seat: int, usual: str, best: str) -> str:
    """The kind of a decision, for the overrule table: the phase, the task, or the menu."""
    obs = state.observation(seat)
    if obs["task"] is not None:
        return "pollution: " + obs["task"][0]
    if state.phase in ("vote", "laws", "upkeep", "first"):
        return state.phase
    path = [p for p in obs["path"] if p != "other"]
    if state.phase == "setup":
        return "setup"
    if not path:
        return "management: which step"
    return f"management: {path[0].split('+')[0].split(':')[1]}, where"


def _finish_normal(state: VertigoState, seat: int, actions: list[str], seed: int) -> float:
    """``seat`` plays ``actions`` from a copy of ``state``, then normal bots finish the game
    (dice from ``seed``); 1 if ``seat`` ranks first, a half on a tie, else 0; from 3
    players the share of the other seats it finishes above (pairwise, a tie a half)."""
    world = copy_state(state, ("_snapshot",))
    assert isinstance(world, VertigoState)
    world.rng = random.Random(seed)
    world.refresh()
    for action in actions:
        if action not in world.legal_actions(seat):
            break
        world.apply(seat, action)
    return pairwise.finish_with_normal_bots(world, seat, seed, NormalBot, rank)


def judge(games: int, iterations: int, rollouts: int, seed: int, players: int = 2) -> None:
    """1 strong against normal bots (its seat rotating); each overrule (with the steps the
    strong bot played on in the same menu) and the normal bot's answer are each finished
    ``rollouts`` times by normal bots with the same dice: the table gives, by kind of
    decision (and by the normal answer's first word → the search's), the strong seat's
    share of wins (pairwise from 3 players) after the overrule and after the normal
    answer."""
    seen: list[tuple[str, str]] = []
    search = engine_search.search

    def counted(view, seat, legal, worlds_, rng, **budget):  # type: ignore[no-untyped-def]
        usual = worlds_.policy(seat, random.Random(0)).choose(view.observation(seat), legal)
        best, line = search(view, seat, legal, worlds_, rng, **budget)
        if best != usual:
            seen.append((usual, best))
        return best, line

    spec = dataclasses.replace(SPEC, bots={**SPEC.bots, "strong": engine_search.strong_factory(
        SPEC.worlds, iterations=iterations)})  # type: ignore[arg-type]
    table: dict[str, list[float]] = {}
    fine_table: dict[str, list[float]] = {}
    wins = 0.0
    engine_search.search = counted  # type: ignore[assignment]
    try:
        for n in range(games):
            strong = n % players
            seats = pairwise.strong_among_normal(players, strong)
            match = Match(spec, spec.settings(players, seed + n), seats)
            state = match.state
            assert isinstance(state, VertigoState)
            pending_overrule: tuple[VertigoState, str, list[str], str] | None = None

            def settle(at: VertigoState, usual: str, played: list[str], kind: str,
                       n: int = n, strong: int = strong) -> None:
                row = table.setdefault(kind, [0, 0.0, 0.0])
                row[0] += 1
                words = f"{kind.split(',')[0]}: {usual.split(':')[0]} → {played[0].split(':')[0]}"
                fine = fine_table.setdefault(words, [0, 0.0, 0.0])
                fine[0] += 1
                for k in range(rollouts):
                    after = _finish_normal(at, strong, played, 1000 * n + k) / rollouts
                    before = _finish_normal(at, strong, [usual], 1000 * n + k) / rollouts
                    row[1] += after
                    row[2] += before
                    fine[1] += after
                    fine[2] += before

            while state.pending() is not None:
                seat = state.pending().seats[0]  # type: ignore[union-attr]
                seen.clear()
                action = match.bot_choice(seat)
                if pending_overrule is not None:
                    if seat == strong and state.path and len(pending_overrule[2]) < 8:
                        pending_overrule[2].append(action)
                    else:
                        settle(*pending_overrule)
                        pending_overrule = None
                if seat == strong and seen and seen[0][1] == action and pending_overrule is None:
                    at = copy_state(state, ("_snapshot",))
                    assert isinstance(at, VertigoState)
                    pending_overrule = (at, seen[0][0], [action],
                                        _judge_kind(state, seat, seen[0][0], action))
                match.act(seat, action, trusted=True)
            if pending_overrule is not None:
                settle(*pending_overrule)
            wins += pairwise.above(state, strong, rank) / (players - 1)
            print(f"game {n + 1}: strong wins {wins:g} (pairwise from 3 players)",
                  file=sys.stderr, flush=True)
            if (n + 1) % 10 == 0:
                _judge_table(table, fine_table, file=sys.stderr)
    finally:
        engine_search.search = search  # type: ignore[assignment]
    print(f"\n## Which overrules pay ({games} games, {players} players, {iterations} "
          f"iterations, {rollouts} playouts each way, seeds from {seed})\n")
    _judge_table(table, fine_table, file=sys.stdout)


def _judge_table(table: dict[str, list[float]], fine: dict[str, list[float]],
                 file: TextIO) -> None:
    print("| decision | overrules | strong wins after the overrule | after the normal "
          "answer |\n|---|---|---|---|", file=file)
    for rows in (table, fine):
        for kind, (count, after, usual) in sorted(rows.items(), key=lambda kv: -kv[1][0]):
            print(f"| {kind} | {count:g} | {after / count:.0%} | {usual / count:.0%} |",
                  file=file)
    file.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--speed", type=int, default=200)
    parser.add_argument("--no-duel", action="store_true", help="speed and latency only")
    strong_bench.add_arguments(parser, 12, [4])
    pairwise.add_arguments(parser)
    parser.add_argument("--judge", type=int, default=0, metavar="GAMES",
                        help="which overrules pay, by kind (from --seed)")
    parser.add_argument("--judge-players", type=int, default=2, help="players (--judge)")
    parser.add_argument("--rollouts", type=int, default=4, help="playouts each way (--judge)")
    parser.add_argument("--moment", choices=("handover", "round", "none"),
                        help="where playouts stop from 4 players (worlds.moment)")
    parser.add_argument("--confidence-4", type=float,
                        help="the overrule bar from 4 players (worlds.confidence_4)")
    args = parser.parse_args()
    if args.horizon is not None:
        SPEC.worlds.horizon = args.horizon  # type: ignore[union-attr]
    if args.moment is not None:
        worlds.moment = None if args.moment == "none" else args.moment
    if args.confidence_4 is not None:
        worlds.confidence_4 = args.confidence_4
    print(f"Vertigo strong bot from 4 players: playouts stop at {worlds.moment or 'the horizon'}"
          f", overrule bar {worlds.confidence_4}", file=sys.stderr, flush=True)
    if args.judge:
        judge(args.judge, args.iterations, args.rollouts, args.seed, args.judge_players)
        return
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
