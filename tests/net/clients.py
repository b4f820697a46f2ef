"""Drive real `a11y-games serve` and `a11y-games connect` processes over loopback.

A `Player` is a scripted client (stdin a pipe, so the plain, non-terminal client): its
output lines are read on a thread; `expect` waits for a line, `send` types one. Every
wait has a timeout, and every process is killed at the end.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

BIN = Path(sys.executable).with_name("a11y-games")
STARTED: list[subprocess.Popen[str]] = []
"""Every process started here: a test that fails half-way leaves none behind
(``kill_leftovers``, run after each test)."""


def kill_leftovers() -> None:
    """Kill whatever this module started and is still running."""
    while STARTED:
        proc = STARTED.pop()
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def private_env(home: Path) -> dict[str, str]:
    """Private folders, no speech daemon, no sound: a client that touches nothing else."""
    home.mkdir(parents=True, exist_ok=True)
    return {**os.environ, "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"), "HOME": str(home),
            "SPEECHD_CMD": "/bin/false", "NO_SOUND": "1", "NO_COLOR": "1",
            "PYTHONUNBUFFERED": "1"}


class Server:
    """A real server process on 127.0.0.1 (a free port), its database in ``data``."""

    def __init__(self, data: Path, home: Path, *extra: str) -> None:
        self.extra = list(extra)
        """More options for ``serve`` (``--certfile``...)."""
        self.data = data
        self.env = private_env(home)
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""
        self.output: list[str] = []

    def start(self, port: int = 0, timeout: float = 20.0) -> Server:
        self.proc = subprocess.Popen(
            [str(BIN), "serve", "--host", "127.0.0.1", "--port", str(port),
             "--data", str(self.data), *self.extra],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=self.env)
        STARTED.append(self.proc)
        deadline = time.monotonic() + timeout
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            found = re.search(r"wss?://[\w.\[\]-]+:\d+", line)
            if found:
                self.url = found.group(0)
                threading.Thread(target=self._keep_output, daemon=True).start()
                return self
        raise AssertionError("the server did not say where it listens")

    def _keep_output(self) -> None:
        """What the server prints after it listens (errors shown when a test fails)."""
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            self.output.append(line.rstrip("\n"))

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(10)


class Player:
    """A scripted client process connected to ``url``."""

    def __init__(self, url: str, home: Path, name: str, lang: str = "en", *,
                 env: dict[str, str] | None = None, command: list[str] | None = None) -> None:
        """``command``: other words for ``a11y-games`` than ``connect URL`` (the
        launcher)."""
        self.name = name
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        self.proc = subprocess.Popen(
            [str(BIN), *(command or ["connect", url.removeprefix("ws://"), "--name", name,
                                     "--lang", lang, "--speech", "off"])],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, env={**private_env(home), **(env or {})}, bufsize=1)
        STARTED.append(self.proc)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.seen = 0
        """How many lines ``expect`` has gone past."""

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def _pull(self, timeout: float) -> bool:
        try:
            line = self._queue.get(timeout=timeout)
        except queue.Empty:
            return False
        if line is None:
            self._queue.put(None)
            return False
        self.lines.append(line)
        return True

    def expect(self, pattern: str, timeout: float = 20.0) -> re.Match[str]:
        """The next line (after those already gone past) that matches ``pattern``."""
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            while self.seen < len(self.lines):
                found = regex.search(self.lines[self.seen])
                answerer = getattr(self, "answerer", None)
                if answerer is not None:  # a player playing on hears these lines too
                    answerer.feed(self.lines[self.seen])
                self.seen += 1
                if found:
                    return found
            left = deadline - time.monotonic()
            ended = left > 0 and not self._pull(min(left, 0.5)) and self.proc.poll() is not None
            if left <= 0 or ended:
                tail = "\n".join(self.lines[-25:])
                raise AssertionError(f"{self.name}: no line matching {pattern!r}:\n{tail}")

    def send(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def close_input(self) -> None:
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def wait(self, timeout: float = 20.0) -> int:
        code = self.proc.wait(timeout)
        self._reader.join(5)
        while self._pull(0):
            pass
        return code

    def text(self) -> str:
        while self._pull(0):
            pass
        return "\n".join(self.lines)
