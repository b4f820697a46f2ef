"""Going over a finished game (issue 31): how long a replay takes to open and to move, how
long ``history`` takes with a full history, and how short the digest of missed events is.

1. Replays: for each game at its most players, the longest of ``--seeds`` games of random
   bots (the most decisions: a long game) is kept in a private history folder, then
   opened as ``replay 1`` does (the file read, the game rebuilt, the client made) from
   seat 0, moved to its end with ``end``, back to the start step by step with ``back``,
   and forward again with ``next`` to the end; ``status`` after a jump rebuilds the state
   there from the nearest checkpoint. Times are wall clock, through the real client.
2. ``history`` with ``KEPT`` (300) games kept: the time to list them.
3. The digest: windows of 8 to 200 consecutive events of these games, for every seat,
   as a player away (or reading the log) misses them; the lines and characters the seat
   would have heard (the events it may see, rendered in English) against the digest's.

Run: ``.venv/bin/python scripts/bench_replay.py [--seeds 20]``. Not a test: nothing here
asserts.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import tempfile
import time

from a11y_games.engine.match import Match, SeatSpec, make_bot
from a11y_games.games import all_specs
from a11y_games.i18n import Translator
from a11y_games.ui.digest import digest
from a11y_games.ui.history import KEPT, history_lines, keep_finished
from a11y_games.ui.replaying import ReplayClient, open_replay
from a11y_games.ui.terminal import PlainReader, Writer

WINDOWS = (8, 20, 50, 100, 200)


def longest(spec, players: int, seeds: int) -> Match:
    best: Match | None = None
    for seed in range(seeds):
        match = Match(spec, spec.settings(players, seed), [
            SeatSpec("human", "Ana"),
            *(SeatSpec("bot", level="random", name_index=s) for s in range(1, players))])
        ana = make_bot(spec, "random", 0, random.Random(seed))  # Ana plays as it would
        while (pending := match.state.pending()) is not None:
            seat = pending.seats[0]
            match.act(seat, match.bot_choice(seat, ana if seat == 0 else None))
        if best is None or len(match.log) > len(best.log):
            best = match
    assert best is not None
    return best


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def bench_replays(specs, seeds: int) -> list[Match]:
    print("game | players | decisions | steps | open ms | end ms | back to start ms (per step)"
          " | next to end ms (per step) | status after a jump ms")
    kept = []
    for spec in specs.values():
        match = longest(spec, spec.max_players, seeds)
        kept.append(match)
        assert keep_finished(match) is None
        print(bench_one(spec, match, specs), flush=True)
    return kept


def bench_one(spec, match: Match, specs) -> str:
    """Game 1 of the history (``match``, just kept) opened, moved, asked its status."""
    out = io.StringIO()
    opened: list[ReplayClient] = []

    def open_it() -> None:
        found = open_replay(1, specs, Translator("en"), PlainReader(io.StringIO("")),
                            Writer(out))
        assert found is not None
        opened.append(ReplayClient(*found, reader=PlainReader(io.StringIO("")),
                                   writer=Writer(out), lang="en", specs=specs))

    opening = timed(open_it)
    client = opened[0]
    steps = len(client.replay.steps)
    end = timed(lambda: client.handle("end"))
    back = timed(lambda: [client.handle("back") for _ in range(steps)])
    forward = timed(lambda: [client.handle("next") for _ in range(steps)])
    client.handle("round 2")
    status = timed(lambda: client.handle("status"))
    return (f"{spec.name} | {spec.max_players} | {len(match.log)} | {steps} | {opening:.1f} |"
            f" {end:.1f} | {back:.0f} ({back / steps:.2f}) | {forward:.0f} "
            f"({forward / steps:.2f}) | {status:.2f}")


def bench_history(specs, match: Match) -> None:
    for second in range(KEPT):  # the same game, told apart (a game kept is not kept twice)
        match.seats[0] = SeatSpec("human", f"Ana {second}")
        keep_finished(match, now=1_000_000_000 + second)
    lines: list[str] = []
    took = timed(lambda: lines.extend(history_lines(Translator("en"), specs)))
    print(f"\nhistory with {KEPT} games kept ({len(lines)} lines): {took:.0f} ms")


def bench_digest(matches: list[Match]) -> None:
    print("\nwindow | games x seats x windows | missed lines (mean) | digest lines (mean, max)"
          " | missed characters (mean) | digest characters (mean) | digest / missed characters")
    for size in WINDOWS:
        missed_lines, digest_lines, missed_chars, digest_chars = [], [], [], []
        for match in matches:
            events = match.events
            for seat in range(len(match.seats)):
                tr = Translator("en", names=match.seat_name, viewer=lambda seat=seat: seat)
                for start in range(0, max(1, len(events) - size), max(1, len(events) // 10)):
                    window = events[start:start + size]
                    heard = [tr.render(e.msg) for e in window if e.visible(seat)]
                    if not heard:
                        continue
                    told = [tr.render(m) for m in digest(window, seat)]
                    missed_lines.append(len(heard))
                    digest_lines.append(len(told))
                    missed_chars.append(sum(map(len, heard)))
                    digest_chars.append(sum(map(len, told)))
        print(f"{size} | {len(missed_lines)} | {statistics.mean(missed_lines):.1f} | "
              f"{statistics.mean(digest_lines):.1f}, {max(digest_lines)} | "
              f"{statistics.mean(missed_chars):.0f} | {statistics.mean(digest_chars):.0f} | "
              f"{sum(digest_chars) / sum(missed_chars):.0%}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["XDG_DATA_HOME"] = home
        specs = all_specs()
        print(f"load average {os.getloadavg()[0]:.1f}")
        matches = bench_replays(specs, args.seeds)
        bench_history(specs, max(matches, key=lambda m: len(m.log)))
        bench_digest(matches)
    return 0


if __name__ == "__main__":
    sys.exit(main())
