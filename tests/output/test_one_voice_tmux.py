"""One voice at a real terminal: the client in tmux, speaking to a fake Speech Dispatcher.

What the screen shows and what the voice says are compared line by line: each line once,
in order, each prompt as its words (``Player 1>`` is said "Player 1"), never the typed
echo; and the first key typed at the prompt silences the voice.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.e2e.tmuxdriver import TmuxPlayer, tmux_available

from .fake_ssip import FakeSSIP

pytestmark = [pytest.mark.timeout(90),
              pytest.mark.skipif(not tmux_available(), reason="tmux or the client missing")]


def settled(server: FakeSSIP, timeout: float = 5.0) -> list[str]:
    """What was spoken, once nothing new has come for a moment."""
    deadline = time.monotonic() + timeout
    last = -1
    while time.monotonic() < deadline:
        count = len(server.spoken)
        if count == last:
            return list(server.spoken)
        last = count
        time.sleep(0.3)
    return list(server.spoken)


def heard(screen: list[str], typed: set[str]) -> list[str]:
    """What the voice should have said for ``screen``: each line, and for a prompt line
    (``Player 1> status``) the prompt's words only."""
    said = []
    for line in screen:
        if line.startswith("Pane is dead"):  # tmux's own note once the client has left
            continue
        head, sep, echo = line.partition("> ")
        if line.endswith(">") or (sep and echo in typed):
            words = line.rstrip(">") if line.endswith(">") else head
            if words.strip():
                said.append(words.strip())
        elif line.strip():
            said.append(line)
    return said


def test_a_terminal_session_is_heard_line_by_line_prompts_included(
        fake_ssip: FakeSSIP, short_dir: Path) -> None:
    player = TmuxPlayer(short_dir, ["pnue", "--players", "5", "--seed", "3", "--speech", "on"],
                        env={"SPEECHD_ADDRESS": fake_ssip.address, "SPEECHD_CMD": "/bin/false"})
    try:
        lines = player.wait_prompt([])
        assert settled(fake_ssip) == heard(lines, set())
        before = len(fake_ssip.commands)
        player._tmux("send-keys", "-l", "s")  # the first key of "status"
        assert fake_ssip.wait_for(lambda s: any(c.upper().startswith("CANCEL")
                                                for c in s.commands[before:])), \
            "a key at the prompt silences the voice"
        player._tmux("send-keys", "-l", "tatus")
        player._tmux("send-keys", "Enter")
        lines = player.wait_prompt(lines)
        player.type("quit")
        lines = player.wait_prompt(lines)
        player.type("yes")
        lines = player.wait_prompt(lines)
        player.type("no")
        lines = player.wait_for(lambda ls: "Goodbye." in ls)
        spoken = settled(fake_ssip)
    finally:
        player.close()
    assert spoken == heard(lines, {"status", "quit", "yes", "no"})
    assert "status" not in spoken and "quit" not in spoken, "the typed echo is never said"
    assert "Leave the game?" in spoken and "Type yes to leave, no to go on." in spoken


def test_a_voice_lost_at_the_prompt_is_said_at_once_and_comes_back(
        no_spawn: Path, short_dir: Path) -> None:
    """The speech service dies while the player thinks: the screen says so at once,
    above the prompt, without a key pressed; when it answers again, that is said too, and
    the lines it had not finished are said again."""
    sock = no_spawn / "speech.sock"
    first = FakeSSIP(sock, ends=False)  # still speaking the last lines when it dies
    player = TmuxPlayer(short_dir, ["vanuatu", "--players", "3", "--seed", "2", "--speech",
                                    "on"],
                        env={"SPEECHD_ADDRESS": f"unix_socket:{sock}", "SPEECHD_CMD": "/bin/false"})
    second = None
    try:
        lines = player.wait_prompt([])
        unfinished = settled(first)
        first.close()
        lines = player.wait_for(lambda ls: any(
            line.startswith("Speech stopped: the speech service no longer answers.")
            for line in ls), timeout=10)
        assert lines[-1].endswith(">"), "said above the prompt, which still waits"
        sock.unlink()
        second = FakeSSIP(sock)
        lines = player.wait_for(lambda ls: any(line.startswith("Speech is back: ")
                                               for line in ls), timeout=15)
        assert second.wait_for(lambda s: unfinished[-1] in s.spoken)
        back = next(line for line in lines if line.startswith("Speech is back: "))
        assert second.spoken[0] == back
        assert second.spoken[1:] == unfinished[-len(second.spoken) + 1:], \
            "the lines not heard, in order, after the notice"
    finally:
        player.close()
        if second is not None:
            second.close()
