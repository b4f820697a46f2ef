"""End to end: a real Speech Dispatcher, private and headless, receives what the game says."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from a11y_games.output.speech import Speech

from .conftest import SPEECH_DISPATCHER

pytestmark = [
    pytest.mark.timeout(60),
    pytest.mark.skipif(SPEECH_DISPATCHER is None, reason="speech-dispatcher is not installed"),
]


def _logged(log: Path, text: str, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log.exists() and f"DATA:|{text}" in log.read_text(encoding="utf-8", errors="replace"):
            return True
        time.sleep(0.1)
    return False


def test_real_speech_dispatcher_receives_the_spoken_text(real_speechd: Path) -> None:
    with Speech("on", lang="fr") as speech:
        assert speech.available, speech.problem
        speech.speak("Président : Kenya. 3 tuiles lobbyistes, 2 écologiques.")
        assert speech.wait_idle(5)
        assert _logged(real_speechd, "Président : Kenya. 3 tuiles lobbyistes, 2 écologiques.")
        speech.speak("C'est à Mali de nommer.", interrupt=True)
        assert speech.wait_idle(5)
        assert _logged(real_speechd, "C'est à Mali de nommer.")
    log = real_speechd.read_text(encoding="utf-8", errors="replace")
    assert "DATA:|SET self LANGUAGE fr" in log
    assert "DATA:|CANCEL self" in log


def test_the_client_speaks_the_game_to_a_real_speech_dispatcher(real_speechd: Path,
                                                                 tmp_path: Path) -> None:
    """The whole client, speech on, in French: what it writes is what Speech Dispatcher gets."""
    client = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "a11y-games"
    if not client.exists():
        pytest.skip("the client is not installed")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [str(client), "pnue", "--players", "5", "--seed", "3", "--lang", "fr",
         "--speech", "on"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdin is not None
        # the player listens to the welcome (a fresh daemon is slow to say its first
        # words), then asks for the status: a new command interrupts what is queued
        assert _logged(real_speechd, "Bienvenue dans PNUE — Mr Dollar.", timeout=20)
        proc.stdin.write("etat\n")
        proc.stdin.flush()
        out, err = proc.communicate("", timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    written = out.splitlines()
    assert "Bienvenue dans PNUE — Mr Dollar." in written
    status_line = next(line for line in written if line.startswith("Table :"))
    assert _logged(real_speechd, status_line)
    assert "DATA:|SET self LANGUAGE fr" in real_speechd.read_text(encoding="utf-8",
                                                                   errors="replace")
