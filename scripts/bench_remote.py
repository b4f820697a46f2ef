"""Command latency of a client at a network table, against the same client at home.

A real server process on 127.0.0.1; one client in this process seated at a table whose
other seats are the server's bots; the same commands timed as `scripts/benchmark.py`
times them locally (Enter to all text handed to the output), and a move (Enter to the next
question, the bots' answers included). Bounded: a few hundred commands per game.

    .venv/bin/python scripts/bench_remote.py [--commands 200] [--games pnue,vertigo]
"""

from __future__ import annotations

import argparse
import io
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_server import drain

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import all_specs
from a11y_games.net import protocol as p
from a11y_games.ui.client import Client
from a11y_games.ui.remote import RemoteTable, Session
from a11y_games.ui.terminal import PlainReader, Writer

PLAYERS = {"pnue": 5, "vertigo": 2, "utopia": 3, "vanuatu": 3}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def start_server(data: Path, *extra: str) -> tuple[subprocess.Popen[str], str]:
    """A server on 127.0.0.1 (a free port, ``extra`` arguments); its process and URL."""
    binary = Path(sys.executable).with_name("a11y-games")
    proc = subprocess.Popen([str(binary), "serve", "--port", "0", "--data", str(data),
                             "--quiet", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"ws://[\w.]+:\d+", line)
        if found:
            drain(proc.stdout)
            return proc, found.group(0)
    raise SystemExit("the server did not start")


THINK = 0.0
"""Seconds between a question and the first command (``--think``): a player hears the
question before typing; 0 measures a command typed the instant the question arrives."""


def timed(client: Client, commands: list[str], results: dict[str, list[float]],
          rng: random.Random, over: Callable[[], bool]) -> bool:
    """One round of commands, then a move; False when the game is over or not asked."""
    if THINK:
        time.sleep(THINK)
    for command in commands:
        start = time.perf_counter()
        client.handle(command)
        results[command].append(time.perf_counter() - start)
    mine = client._my_turn()
    if mine is None or over():
        return False
    number = rng.randint(1, len(client.table.choices(mine[0])))
    start = time.perf_counter()
    client.handle(str(number))
    client.advance()
    results["move"].append(time.perf_counter() - start)
    return True


def remote(url: str, game: str, commands: list[str], count: int) -> dict[str, list[float]]:
    specs = all_specs()
    results: dict[str, list[float]] = {c: [] for c in [*commands, "move"]}
    seed = 0
    while min(len(v) for v in results.values()) < count:
        seed += 1
        session = Session(url, name=f"Bench{seed}", lang="en")
        session.start()
        players = PLAYERS[game]
        joined = session.request(p.Create(game=game, players=players,
                                          bots={s: "random" for s in range(1, players)}))
        table = RemoteTable(session, joined, specs)
        session.request(p.Start())
        while table.pending() is None and table.outcome() is None:
            table.wait(table.changes, 1.0)
        client = Client(table, reader=PlainReader(io.StringIO("")), writer=Writer(io.StringIO()))
        rng = random.Random(seed)
        client.advance()
        for _ in range(200):
            if not timed(client, commands, results, rng, lambda t=table: t.over()):
                break
        session.close()
    return results


def local(game: str, commands: list[str], count: int) -> dict[str, list[float]]:
    spec = all_specs()[game]
    results: dict[str, list[float]] = {c: [] for c in [*commands, "move"]}
    seed = 0
    while min(len(v) for v in results.values()) < count:
        seed += 1
        players = PLAYERS[game]
        seats = [SeatSpec("human", "Ana")] + [SeatSpec("bot", level="random", name_index=i)
                                              for i in range(1, players)]
        match = Match(spec, spec.settings(players, seed), seats)
        client = Client(match, reader=PlainReader(io.StringIO("")), writer=Writer(io.StringIO()))
        rng = random.Random(seed)
        client.advance()
        for _ in range(200):
            if not timed(client, commands, results, rng, lambda m=match: m.state.pending() is None):
                break
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument("--games", default="pnue,vertigo,utopia,vanuatu")
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS")
    args = parser.parse_args()
    global THINK
    THINK = args.think
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(Path(tmp))
        try:
            print("| game | command | local median ms | remote median ms | local p99 | "
                  "remote p99 | ratio of medians |")
            print("|---|---|---|---|---|---|---|")
            for game in args.games.split(","):
                commands = ["status", "choices", "board"]
                here = local(game, commands, args.commands)
                there = remote(url, game, commands, args.commands)
                for command in [*commands, "move"]:
                    lm, rm = statistics.median(here[command]), statistics.median(there[command])
                    print(f"| {game} | {command} | {lm * 1000:.2f} | {rm * 1000:.2f} | "
                          f"{percentile(here[command], 0.99) * 1000:.2f} | "
                          f"{percentile(there[command], 0.99) * 1000:.2f} | {rm / lm:.1f} |",
                          flush=True)
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
