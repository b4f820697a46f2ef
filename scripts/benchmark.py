"""Benchmarks: start-up, command latency, games per second, bot move time.

Run: ``make bench`` or ``.venv/bin/python scripts/benchmark.py [--games N] [--only GAME]``.
Prints Markdown tables; docs/benchmarks.md records a run. Not a test: nothing here asserts.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from a11y_games.engine.match import Match, SeatSpec  # noqa: E402
from a11y_games.engine.simulate import simulate  # noqa: E402
from a11y_games.games import all_specs  # noqa: E402
from a11y_games.ui.client import Client  # noqa: E402
from a11y_games.ui.terminal import PlainReader, Writer  # noqa: E402

PLAYERS = {"pnue": [5, 7, 10], "vertigo": [2, 3, 4], "utopia": [2, 3, 4, 5],
           "vanuatu": [3, 4, 5]}
"""The player counts each game's issue asks to measure."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def startup(game: str, runs: int = 10, *, sound: str = "off") -> float:
    """Median seconds from process start to the first question, stdin a pipe, speech off;
    ``sound`` on loads miniaudio, decodes the cues and opens the default device."""
    return statistics.median(_startups(game, runs, sound))


def sound_cost(game: str, runs: int = 20) -> tuple[float, float, float]:
    """Start-up with sound off and on, runs alternated so that a busy machine weighs on
    both alike: (median off, median on, median of the paired differences), seconds."""
    off, on = [], []
    for _ in range(runs):
        off += _startups(game, 1, "off")
        on += _startups(game, 1, "on")
    return (statistics.median(off), statistics.median(on),
            statistics.median(b - a for a, b in zip(off, on, strict=True)))


def sound_opening(backend: str, runs: int = 10) -> float:
    """Median seconds a fresh process takes to import miniaudio, decode every cue and open
    a device (``null``, or ``auto``: the default device). The client does it on a thread
    of its own once the first question is asked, so the player never waits for it."""
    code = ("import time; t = time.perf_counter(); from a11y_games.output.sound import Sound; "
            f"s = Sound('on', backend={backend!r}, environ={{}}); s.ready(10); "
            "print(time.perf_counter() - t, s.available)")
    times = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, timeout=60)
        times.append(float(done.stdout.split()[0]))
    return statistics.median(times)


def _startups(game: str, runs: int, sound: str) -> list[float]:
    times = []
    client = ROOT / ".venv" / "bin" / "a11y-games"
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            env = {**os.environ, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home}
            env.pop("NO_SOUND", None)
            start = time.perf_counter()
            proc = subprocess.Popen([str(client), game, "--seed", "1", "--speech", "off",
                                     "--sound", sound],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                    env=env)
            assert proc.stdout is not None
            for line in proc.stdout:
                if "1. " in line:  # the first numbered choice: the client is ready
                    break
            times.append(time.perf_counter() - start)
            proc.kill()
            proc.wait()
    return times


def latency(game: str, commands: int = 200) -> dict[str, tuple[float, float]]:
    """Enter-to-all-text-handed-to-output for status, choices and a move (ms: median, p99)."""
    spec = all_specs()[game]
    probe = Match(spec, spec.settings(spec.default_players, 1),
                  [SeatSpec("bot", level="random", name_index=i)
                   for i in range(spec.default_players)])
    queries = ["board", *(q.name for q in probe.state.queries())]
    results: dict[str, list[float]] = {"status": [], "choices": [], "move": [],
                                       **{q: [] for q in queries}}
    seed = 0
    while min(len(v) for v in results.values()) < commands:
        seed += 1
        seats = [SeatSpec("human", "Ana")] + [SeatSpec("bot", level="random", name_index=i)
                                              for i in range(1, spec.default_players)]
        match = Match(spec, spec.settings(spec.default_players, seed), seats)
        client = Client(match, reader=PlainReader(io.StringIO("")), writer=Writer(io.StringIO()))
        rng = random.Random(seed)
        client.advance()
        for _ in range(400):
            if match.state.pending() is None:
                break
            for name, line in (("status", "status"), ("choices", "choices"),
                               *((q, q) for q in queries)):
                start = time.perf_counter()
                client.handle(line)
                results[name].append(time.perf_counter() - start)
            mine = client._my_turn()
            if mine is None:
                break
            number = rng.randint(1, len(match.state.legal_actions(mine[0])))
            start = time.perf_counter()
            client.handle(str(number))
            client.advance()  # the bots' answers are part of the move's latency
            results["move"].append(time.perf_counter() - start)
    return {k: (statistics.median(v) * 1000, percentile(v, 0.99) * 1000)
            for k, v in results.items()}


def bot_move_time(game: str, players: int, level: str = "normal", games: int = 20) -> float:
    """Mean milliseconds per bot decision at ``level``."""
    spec = all_specs()[game]
    total, count = 0.0, 0
    for seed in range(games):
        seats = [SeatSpec("bot", level=level, name_index=i) for i in range(players)]
        match = Match(spec, spec.settings(players, seed), seats)
        for _ in range(20000):
            pending = match.state.pending()
            if pending is None:
                break
            seat = pending.seats[0]
            if pending.race:
                match.act(seat, match.state.legal_actions(seat)[0])
                continue
            start = time.perf_counter()
            action = match.bot_choice(seat)
            total += time.perf_counter() - start
            count += 1
            match.act(seat, action)
    return total / max(count, 1) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    specs = all_specs()
    names = [args.only] if args.only else list(specs)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores\n")
    print("| game | start-up, sound off (ms, median of 20) | sound on | sound costs (paired) |")
    print("|---|---|---|---|")
    for name in names:
        off, on, cost = (t * 1000 for t in sound_cost(name))
        print(f"| {name} | {off:.0f} | {on:.0f} | {cost:+.0f} |")
    print(f"\nSound device opened in the background: null backend "
          f"{sound_opening('null') * 1000:.0f} ms, default device "
          f"{sound_opening('auto') * 1000:.0f} ms (median of 10).")
    print("\n| game | command | median ms | p99 ms |")
    print("|---|---|---|---|")
    for name in names:
        for command, (median, p99) in latency(name).items():
            print(f"| {name} | {command} | {median:.2f} | {p99:.2f} |")
    print("\n| game | players | level | games | games/s | mean actions | normal bot ms/move |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        spec = specs[name]
        counts = PLAYERS.get(name) or sorted({spec.min_players, spec.default_players,
                                              spec.max_players})
        for players in counts:
            for level in ("random", "normal"):
                games = args.games if level == "random" else max(args.games // 10, 20)
                report = simulate(spec, players=players, games=games, seed=1, levels=level)
                bot = bot_move_time(name, players) if level == "normal" else float("nan")
                print(f"| {name} | {players} | {level} | {report.games} | "
                      f"{report.games_per_second:.0f} | {report.mean_length:.0f} | "
                      f"{'' if level == 'random' else f'{bot:.2f}'} |")


if __name__ == "__main__":
    main()
