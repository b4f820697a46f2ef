"""Drive the real client in a private tmux server by keystrokes, as a player would."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable
from itertools import count
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / ".venv" / "bin" / "a11y-games"


_SERVERS = count(1)


def tmux_available() -> bool:
    return shutil.which("tmux") is not None and CLIENT.exists()


class TmuxPlayer:
    """A client running in a private tmux server (its own socket, no user config).

    Each player gets a socket of its own, so a second client started in the same
    directory never meets the first one's server while that one is still shutting down.
    """

    def __init__(self, tmp: Path, args: list[str], *, width: int = 100, height: int = 40,
                 env: dict[str, str] | None = None) -> None:
        self.socket = str(tmp / f"tmux{next(_SERVERS)}.sock")
        conf = tmp / "tmux.conf"
        conf.write_text("set -g history-limit 200000\nset -g remain-on-exit on\n")
        full_env = {**os.environ, "XDG_DATA_HOME": str(tmp / "data"),
                    "XDG_CONFIG_HOME": str(tmp / "config"), "NO_COLOR": "1",
                    "TERM": "xterm", **(env or {})}
        command = " ".join([str(CLIENT), *args])
        started = self._run("-f", str(conf), "new-session", "-d", "-x", str(width),
                            "-y", str(height), command, env=full_env)
        if started.returncode != 0:
            raise AssertionError(f"tmux did not start the client: {started.stderr.strip()}")

    def _run(self, *args: str, env: dict[str, str] | None = None
             ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["tmux", "-S", self.socket, *args], capture_output=True,
                              text=True, timeout=10, env=env, check=False)

    def _tmux(self, *args: str, env: dict[str, str] | None = None) -> str:
        return self._run(*args, env=env).stdout

    def screen(self) -> list[str]:
        """Everything the terminal has shown (scrollback included), blank tail removed."""
        text = self._tmux("capture-pane", "-p", "-J", "-S", "-")
        lines = [line.rstrip() for line in text.splitlines()]
        while lines and not lines[-1]:
            lines.pop()
        return lines

    def type(self, text: str) -> None:
        """Type ``text`` then Enter."""
        if text:
            self._tmux("send-keys", "-l", text)
        self._tmux("send-keys", "Enter")

    def dead(self) -> bool:
        return self._tmux("display-message", "-p", "#{pane_dead}").strip() == "1"

    def waiting(self) -> bool:
        """True when the client waits at a prompt: the cursor sits just after a prompt
        (every prompt of the client ends with "> "), not merely after some text a line
        still being written left behind (a slow machine pauses between two lines)."""
        x, row, _ = self.cursor()
        return x > 0 and row[:x].rstrip().endswith(">")

    def cursor(self) -> tuple[int, str, str]:
        """Where the cursor is: its column, its row's text and the row above's text."""
        where = self._tmux("display-message", "-p", "#{cursor_x} #{cursor_y}").split()
        if len(where) != 2 or not all(part.isdigit() for part in where):
            return 0, "", ""
        x, y = (int(part) for part in where)
        visible = [*self._tmux("capture-pane", "-p").splitlines(), ""]
        above = visible[y - 1] if 0 < y < len(visible) else ""
        return x, visible[min(y, len(visible) - 1)], above

    def wait_for(self, predicate: Callable[[list[str]], bool], timeout: float = 20) -> list[str]:
        """Wait until the screen satisfies ``predicate``; AssertionError with the screen if not."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = self.screen()
            if predicate(lines):
                return lines
            time.sleep(0.05)
        raise AssertionError("timed out; screen was:\n" + "\n".join(self.screen()[-40:]))

    def settled(self, quiet: float = 1.0, timeout: float = 20) -> list[str]:
        """Wait until the screen has not changed for ``quiet`` seconds (a prompt shown
        again blank after news has no "> " for :meth:`waiting` to see)."""
        deadline = time.monotonic() + timeout
        lines, since = self.screen(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = self.screen()
            if now != lines:
                lines, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return lines
        raise AssertionError("never settled; screen was:\n" + "\n".join(lines[-40:]))

    def wait_prompt(self, previous: list[str], timeout: float = 20) -> list[str]:
        """Wait for a new, settled prompt: the screen changed since ``previous``, the cursor
        waits after a prompt, and two looks in a row agree."""
        deadline = time.monotonic() + timeout
        last: list[str] | None = None
        while time.monotonic() < deadline:
            ready = self.waiting()  # before the screen: a screen read after it shows the prompt
            lines = self.screen()
            if self.dead():
                return lines
            if (ready and lines != previous and lines == last and lines
                    and lines[-1].endswith(">")):
                return lines
            last = lines
            time.sleep(0.05)
        raise AssertionError("no prompt; screen was:\n" + "\n".join(self.screen()[-40:]))

    def close(self, timeout: float = 5) -> None:
        """Kill the server (the client gets a hang-up, as when a terminal is closed) and
        wait until it is gone."""
        self._tmux("kill-server")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self._run("has-session").returncode == 0:
            time.sleep(0.05)


def play_to_the_end(player: TmuxPlayer, *, over: str, choose: str = "1", seed: int = 1,
                    max_inputs: int = 5000, timeout: float = 240) -> list[str]:
    """Answer every prompt until ``over`` appears; returns the screen.

    ``choose="1"`` types the first choice listed; ``choose="random"`` one of the keys the
    question offers (seeded), as a player trying things would (see ``tests.answering``).
    Enter (or 1) when nothing is listed: a race, a hand-over.
    """
    from tests.answering import Answerer

    reader = Answerer(seed, first=choose != "random")
    deadline = time.monotonic() + timeout
    lines: list[str] = []
    read = 0
    for _ in range(max_inputs):
        assert time.monotonic() < deadline, "game did not end in time"
        lines = player.wait_prompt(lines)
        if any(over in line for line in lines[-60:]):
            return lines
        for line in lines[read:]:
            reader.feed(line)
        read = len(lines)
        answer = reader.answer()
        player.type(answer if answer is not None else "1")
    raise AssertionError("too many inputs")


def answered_before(player: TmuxPlayer, command: str, answer: str,
                    move: str | tuple[str, ...]) -> None:
    """At a ``Waiting>`` prompt while a bot decides: ``command`` typed is answered (a line
    starting ``answer``) before the bot's move (a line starting ``move``) is said."""
    player.wait_for(lambda lines: bool(lines) and lines[-1].startswith("Waiting>"))
    player.type(command)
    lines = player.wait_for(lambda lines: any(line.startswith(answer) for line in lines),
                            timeout=10)
    assert not any(line.startswith(move) for line in lines)  # the bot still decides
    lines = player.wait_for(lambda lines: any(line.startswith(move) for line in lines),
                            timeout=90)
    said = next(i for i, line in enumerate(lines) if line.startswith(answer))
    moved = next(i for i, line in enumerate(lines) if line.startswith(move))
    assert said < moved
    assert "Traceback" not in "\n".join(lines)
