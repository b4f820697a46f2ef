"""Start-up in a terminal, side by side with a bare prompt_toolkit prompt started the same way.

Each run starts a program on a pseudo-terminal of 80 by 24 and times how long until its
prompt is drawn: the bare prompt (``PromptSession().prompt("> ")`` and nothing else), then
``a11y-games GAME`` (speech and sound off, private folders) until the prompt after its
first question. Runs alternate between the two, so that a busy machine slows both alike;
the ratio of the medians is the figure (target: 1.5 at most).

    .venv/bin/python scripts/bench_startup.py [--runs 20] [--program PATH] [--import-times]
                                              [--no-bytecode]

``--program``: another ``a11y-games`` (an installed wheel's). ``--import-times``: also the
modules that cost the game's start-up the most (``python -X importtime``).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import re
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BARE = "from prompt_toolkit import PromptSession; PromptSession().prompt('Number> ')"
GAMES = ("pnue", "vertigo", "utopia", "vanuatu")
FIRST_PROMPT = re.compile(rb"\n1\. .*\w>\x1b\[", re.DOTALL)
"""The game's prompt (``Player 1>``) drawn after its first question's choices."""


def time_to_prompt(command: list[str], ready: re.Pattern[bytes], env: dict[str, str],
                   timeout: float = 20.0) -> float:
    """Seconds from starting ``command`` on a new terminal until its output matches ``ready``."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True, close_fds=True, cwd=env["HOME"])
    os.close(slave)
    seen = b""
    try:
        while time.perf_counter() - start < timeout:
            readable, _, _ = select.select([master], [], [], 0.5)
            if not readable:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if b"\x1b[6n" in chunk:  # prompt_toolkit asks where the cursor is: answer
                os.write(master, b"\x1b[1;1R")
            seen += chunk
            if ready.search(seen):
                return time.perf_counter() - start
        raise RuntimeError(f"no prompt from {command}: {seen[-300:]!r}")
    finally:
        proc.kill()
        proc.wait()
        os.close(master)


def side_by_side(program: Path, game: str, runs: int, *,
                 bytecode: bool = True) -> tuple[float, float]:
    """Median seconds to the bare prompt and to the game's first prompt, alternated.
    ``bytecode=False``: the package's modules compiled from their source at each start, as
    in a checkout with ``PYTHONDONTWRITEBYTECODE`` set (pip compiles a wheel's)."""
    bare, ours = [], []
    if not bytecode:
        _forget_bytecode(program)
    for _ in range(runs + 1):
        with tempfile.TemporaryDirectory() as home:
            env = {**os.environ, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home, "HOME": home,
                   "TERM": "xterm", "NO_SOUND": "1", "SPEECHD_CMD": "/bin/false"}
            env.pop("PYTHONDONTWRITEBYTECODE", None)  # as on a player's machine: the
            # first run (not counted) writes the compiled modules, as pip does at install
            if not bytecode:
                env["PYTHONDONTWRITEBYTECODE"] = "1"
            bare.append(time_to_prompt([str(program.with_name("python")), "-c", BARE],
                                       re.compile(rb"Number>"), env))
            ours.append(time_to_prompt(
                [str(program), game, "--seed", "1", "--speech", "off", "--sound", "off"],
                FIRST_PROMPT, env))
    return statistics.median(bare[1:]), statistics.median(ours[1:])


def _forget_bytecode(program: Path) -> None:
    """Remove the compiled modules of the program's own package (only its ``__pycache__``
    folders: Python and the libraries keep theirs, as where the package is a checkout)."""
    done = subprocess.run([str(program.with_name("python")), "-c",
                           "import a11y_games, os; print(os.path.dirname(a11y_games.__file__))"],
                          capture_output=True, text=True, check=True, cwd=tempfile.gettempdir())
    for cache in Path(done.stdout.strip()).rglob("__pycache__"):
        shutil.rmtree(cache)


def import_times(program: Path, game: str, top: int = 15) -> list[tuple[int, str]]:
    """The modules whose import costs most (cumulative microseconds), with a pipe as input."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home,
               "NO_SOUND": "1", "SPEECHD_CMD": "/bin/false"}
        done = subprocess.run(
            [str(program.with_name("python")), "-X", "importtime", "-c",
             "import sys; from a11y_games.cli import main; sys.exit(main())",
             game, "--seed", "1", "--speech", "off"], input="quit\nyes\n",
            capture_output=True, text=True, env=env, timeout=60, check=False, cwd=home)
    rows = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--program", type=Path, default=ROOT / ".venv" / "bin" / "a11y-games")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--import-times", action="store_true")
    parser.add_argument("--no-bytecode", action="store_true",
                        help="compile every module at each start (PYTHONDONTWRITEBYTECODE)")
    args = parser.parse_args()
    print(f"| game | bare prompt (ms, median of {args.runs}) | a11y-games (ms) | ratio |")
    print("|---|---|---|---|")
    for game in args.games.split(","):
        bare, ours = side_by_side(args.program, game, args.runs, bytecode=not args.no_bytecode)
        print(f"| {game} | {bare * 1000:.0f} | {ours * 1000:.0f} | {ours / bare:.2f} |")
        sys.stdout.flush()
    if args.import_times:
        print("\nSlowest imports (cumulative ms):")
        for micros, name in import_times(args.program, args.games.split(",")[0]):
            print(f"{micros / 1000:8.1f}  {name}")


if __name__ == "__main__":
    main()
