"""What a player at a network table hears while the others play: lines, characters, the
count of answers to a vote, and the prompts a screen reader reads again.

A real server process on 127.0.0.1 (``--seed``: the same deals each run); in this process,
Ana's client at a prompt_toolkit prompt fed through a pipe, as at a terminal, at a PNUE
table whose other seats are the server's normal bots. Ana answers every question with its
first choice a moment after it is asked; the game is played to its end. Counted from what
her client writes (the lines said) and the prompts it shows (each one a screen reader
reads, blank ones included): how many were shown again with nothing said since the last,
how many ``Waiting>`` prompts, how many "N of M have answered." lines, per vote.

    .venv/bin/python scripts/bench_heard_online.py [--games 5] [--players 5 7]

Run it on two commits (``PYTHONPATH`` to a worktree of each) to compare them.
"""

from __future__ import annotations

import argparse
import io
import itertools
import re
import sys
import tempfile
import threading
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from a11y_games.games import all_specs
from a11y_games.net import protocol as p
from a11y_games.ui.client import Client
from a11y_games.ui.remote import RemoteTable, Session
from a11y_games.ui.terminal import PromptReader, Writer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_remote import start_server

ANSWER_AFTER = 0.2
"""Seconds between a question's prompt and Ana's answer."""
COUNT = re.compile(r"^\d+ of \d+ ha(s|ve) answered\.$")
VOTE = re.compile(r"^(Approved|Rejected): \d+ yes, \d+ no\.$")


def one_game(url: str, players: int) -> dict[str, int]:
    """Ana's game to its end; what she was told."""
    session = Session(url, name="Ana", lang="en")
    session.start()
    joined = session.request(p.Create(game="pnue", players=players,
                                      bots={s: "normal" for s in range(1, players)}))
    table = RemoteTable(session, joined, all_specs())
    session.request(p.Start())
    out = io.StringIO()
    writer = Writer(out)
    prompts: list[tuple[str, int]] = []  # (prompt, lines written before it)
    with create_pipe_input() as pipe:
        reader = PromptReader(lambda: [], input=pipe, output=DummyOutput())
        client = Client(table, reader=reader, writer=writer, lang="en")

        drawn = reader._prompt  # every prompt drawn (one said again is still read)
        timers: list[threading.Timer] = []

        def shown(prompt: str) -> str:
            said = len(out.getvalue().splitlines())
            again = bool(prompts) and prompts[-1] == (prompt, said)
            prompts.append((prompt, said))
            if again:  # drawn again with nothing new: its question is answered already
                return drawn(prompt)
            answer = ("1\n" if prompt.startswith("Ana> ") else
                      "quit\n" if prompt.startswith("Game over> ") else
                      "yes\n" if prompt == "> " else "")  # leave the game? yes
            if answer:
                timer = threading.Timer(ANSWER_AFTER, pipe.send_text, (answer,))
                timers.append(timer)
                timer.start()
            return drawn(prompt)

        reader._prompt = shown  # type: ignore[method-assign]
        guard = threading.Timer(300.0, pipe.send_text, ("quit\nyes\n",))
        guard.start()
        client.run()
        guard.cancel()
        for timer in timers:
            timer.cancel()
            timer.join()
    session.close()
    lines = out.getvalue().splitlines()
    again = sum(1 for (_, a), (_, b) in itertools.pairwise(prompts) if a == b)
    return {"games": 1, "lines": len(lines), "characters": sum(len(t) for t in lines),
            "counts": sum(1 for t in lines if COUNT.match(t)),
            "votes": sum(1 for t in lines if VOTE.match(t)),
            "waiting": sum(1 for t, _ in prompts if t.startswith("Waiting>")),
            "prompts": len(prompts), "again": again}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, nargs="*", default=[5, 7])
    parser.add_argument("--seed", type=int, default=4100)
    args = parser.parse_args()
    print("| players | games | votes | lines | characters | counts said | counts a vote | "
          "prompts shown | `Waiting>` shown | shown again, nothing said between |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for players in args.players:
        with tempfile.TemporaryDirectory() as tmp:
            proc, url = start_server(Path(tmp), "--seed", str(args.seed))
            try:
                total: dict[str, int] = {}
                for _ in range(args.games):
                    for key, value in one_game(url, players).items():
                        total[key] = total.get(key, 0) + value
            finally:
                proc.kill()
                proc.wait()
        votes = max(1, total["votes"])
        print(f"| {players} | {total['games']} | {total['votes']} | {total['lines']} | "
              f"{total['characters']:,} | {total['counts']} | {total['counts'] / votes:.2f} | "
              f"{total['prompts']} | {total['waiting']} | {total['again']} |", flush=True)


if __name__ == "__main__":
    main()
