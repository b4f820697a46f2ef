"""While a strong bot thinks at a local table: how long a command typed then waits.

Vertigo, 2 players: Ana (here, at a prompt_toolkit prompt fed through a pipe) and a strong
bot at its default second a decision. Ana ends each of her steps at once (``00``, else
the first choice); 0.3 s after each of her answers, while the bot plays its turn (several
decisions), ``help keys`` is typed, and the time from then to its first line written is
one sample. Measured both ways: the bot deciding on a thread while the prompt stays open
(as the client plays), and the bot deciding in the client's own thread (as before, the
line waiting for the bot's whole turn).

    .venv/bin/python scripts/bench_waiting.py [--samples 15] [--think 1.0]
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games.vertigo import SPEC as VERTIGO
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import PromptReader, Writer

KEYS_LINE = "F2, or Alt+s: stop speech now."
"""The first line ``help keys`` writes."""


class Stamped(Writer):
    """Calls ``seen(text)`` as each line is written."""

    def __init__(self, seen) -> None:
        super().__init__(io.StringIO())
        self.seen = seen

    def _write(self, block: list[str], remember: bool) -> None:
        super()._write(block, remember)
        for text in block:
            self.seen(text)


def waits(aside: bool, samples: int, think: float, seed: int) -> list[float]:
    """Seconds from ``help keys`` typed during the bot's turn to its first line."""
    found: list[float] = []
    while len(found) < samples:
        seed += 1
        match = Match(VERTIGO, VERTIGO.settings(2, seed), [SeatSpec("human", "Ana"),
                                                           SeatSpec("bot", level="strong")])
        match.think(think)
        typed: list[float] = []

        def seen(text: str, typed: list[float] = typed) -> None:
            if text == KEYS_LINE and typed:
                found.append(time.perf_counter() - typed.pop())

        with create_pipe_input() as pipe:
            reader = PromptReader(lambda: [], input=pipe, output=DummyOutput())
            client = Client(match, reader=reader, writer=Stamped(seen))
            if not aside:
                client._thinks_aside = lambda bot: False  # type: ignore[method-assign]

            def type_during_turn(pipe=pipe, match=match, typed=typed) -> None:
                pending = match.state.pending()
                if pending is not None and 1 in pending.seats and not typed:
                    typed.append(time.perf_counter())
                    pipe.send_text("help keys\n")

            quitting: list[bool] = []

            def prompted(prompt: str, client=client, pipe=pipe, quitting=quitting,
                         type_during_turn=type_during_turn) -> None:
                if prompt == "Waiting> " or quitting:
                    return
                if len(found) >= samples or client.table.outcome() is not None:
                    quitting.append(True)  # (the game over, or enough samples)
                    pipe.send_text("quit\nyes\nno\n")
                    return
                if prompt != "Ana> ":
                    return
                mine = client._my_turn()
                if mine is None:
                    return
                keys = [key for key, _, _ in client.keyed_choices(mine[0])]
                pipe.send_text(("00" if "00" in keys else keys[0]) + "\n")
                threading.Timer(0.3, type_during_turn).start()

            reader.on_prompt = prompted
            client.run()
    return found[:samples]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=15)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = home
        print(f"Vertigo, 2 players, a strong bot at {args.think:g} s a decision; "
              f"{args.samples} commands typed during its turns\n")
        print("| the bot decides | median wait (ms) | worst (ms) |")
        print("|---|---|---|")
        for aside, label in ((False, "in the client's thread (before)"),
                             (True, "on a thread, the prompt open (now)")):
            found = waits(aside, args.samples, args.think, args.seed)
            print(f"| {label} | {statistics.median(found) * 1000:.0f} | "
                  f"{max(found) * 1000:.0f} |", flush=True)


if __name__ == "__main__":
    main()
