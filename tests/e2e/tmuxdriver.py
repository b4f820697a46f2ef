"""Drive the real client in a private tmux server by keystrokes, as a player would."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / ".venv" / "bin" / "a11y-games"


def tmux_available() -> bool:
    return shutil.which("tmux") is not None and CLIENT.exists()


class TmuxPlayer:
    """A client running in a private tmux server (its own socket, no user config)."""

    def __init__(self, tmp: Path, args: list[str], *, width: int = 100, height: int = 40,
                 env: dict[str, str] | None = None) -> None:
        self.socket = str(tmp / "tmux.sock")
        conf = tmp / "tmux.conf"
        conf.write_text("set -g history-limit 200000\nset -g remain-on-exit on\n")
        full_env = {**os.environ, "XDG_DATA_HOME": str(tmp / "data"),
                    "XDG_CONFIG_HOME": str(tmp / "config"), "NO_COLOR": "1",
                    "TERM": "xterm", **(env or {})}
        command = " ".join([str(CLIENT), *args])
        self._tmux("-f", str(conf), "new-session", "-d", "-x", str(width), "-y", str(height),
                   command, env=full_env)

    def _tmux(self, *args: str, env: dict[str, str] | None = None) -> str:
        result = subprocess.run(["tmux", "-S", self.socket, *args], capture_output=True,
                                text=True, timeout=10, env=env, check=False)
        return result.stdout

    def screen(self) -> list[str]:
        """Everything the terminal has shown (scrollback included), trailing blanks stripped."""
        text = self._tmux("capture-pane", "-p", "-J", "-S", "-")
        return [line.rstrip() for line in text.splitlines()]

    def type(self, text: str) -> None:
        """Type ``text`` then Enter."""
        if text:
            self._tmux("send-keys", "-l", text)
        self._tmux("send-keys", "Enter")

    def dead(self) -> bool:
        return self._tmux("display-message", "-p", "#{pane_dead}").strip() == "1"

    def wait_for(self, predicate: Callable[[list[str]], bool], timeout: float = 20) -> list[str]:
        """Wait until the screen satisfies ``predicate``; AssertionError with the screen if not."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = self.screen()
            if predicate(lines):
                return lines
            time.sleep(0.05)
        raise AssertionError("timed out; screen was:\n" + "\n".join(self.screen()[-40:]))

    def wait_prompt(self, count_before: int, timeout: float = 20) -> list[str]:
        """Wait for a new prompt line (ending with '>' or a question) after the last input."""
        def ready(lines: list[str]) -> bool:
            body = [line for line in lines if line]
            return len(lines) > count_before and bool(body) and (
                body[-1].endswith((">", "?", "!", ".", ":")) or self.dead())
        return self.wait_for(ready, timeout)

    def close(self) -> None:
        self._tmux("kill-server")


def play_to_the_end(player: TmuxPlayer, *, over: str, choose: str = "1",
                    max_inputs: int = 3000, timeout: float = 240) -> list[str]:
    """Answer every prompt with ``choose`` until ``over`` appears; returns the screen."""
    deadline = time.monotonic() + timeout
    last_len = 0
    for _ in range(max_inputs):
        assert time.monotonic() < deadline, "game did not end in time"
        lines = player.wait_prompt(last_len)
        if any(over in line for line in lines):
            return lines
        last_len = len(lines)
        player.type(choose)
        # wait until the client has consumed the input and printed something more
        player.wait_for(lambda ls, n=last_len: len(ls) > n, timeout=20)
        time.sleep(0.02)
    raise AssertionError("too many inputs")
