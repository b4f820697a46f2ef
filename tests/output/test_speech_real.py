"""End to end: a real Speech Dispatcher, private and headless, receives what the game says."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from a11y_games.output.speech import Speech

SPEECH_DISPATCHER = shutil.which("speech-dispatcher") or (
    "/usr/bin/speech-dispatcher" if os.path.exists("/usr/bin/speech-dispatcher") else None)
ESPEAK_CONF = Path("/etc/speech-dispatcher/modules/espeak-ng.conf")

pytestmark = [
    pytest.mark.timeout(60),
    pytest.mark.skipif(SPEECH_DISPATCHER is None, reason="speech-dispatcher is not installed"),
]


def _config(folder: Path) -> Path:
    conf = folder / "conf"
    (conf / "modules").mkdir(parents=True)
    if ESPEAK_CONF.exists():
        shutil.copy(ESPEAK_CONF, conf / "modules" / ESPEAK_CONF.name)
    (conf / "speechd.conf").write_text(
        "LogLevel 3\n"
        f'LogDir "{folder}"\n'
        'AudioOutputMethod "alsa"\n'
        'AudioALSADevice "null"\n'
        f'CustomLogFile "protocol" "{folder / "protocol.log"}"\n'
        'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
        "DefaultModule espeak-ng\n",
        encoding="utf-8")
    return conf


@pytest.fixture
def real_speechd(short_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private speech-dispatcher on its own socket; killed (with its modules) at the end."""
    home = short_dir / "home"
    home.mkdir()
    conf = _config(short_dir)
    sock = short_dir / "speechd.sock"
    env = {**os.environ, "HOME": str(home), "XDG_RUNTIME_DIR": str(short_dir)}
    daemon = subprocess.Popen(
        [str(SPEECH_DISPATCHER), "-s", "-t", "0", "-C", str(conf), "-S", str(sock),
         "-P", str(short_dir / "pid"), "-L", str(short_dir)],
        env=env, cwd=short_dir, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 10
        while not sock.exists() and daemon.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        if not sock.exists():
            pytest.fail("speech-dispatcher did not open its socket")
        monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{sock}")
        monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
        yield short_dir / "protocol.log"
    finally:
        _stop(daemon)


def _stop(daemon: subprocess.Popen[bytes]) -> None:
    for sig, wait in ((signal.SIGTERM, 3.0), (signal.SIGKILL, 3.0)):
        try:
            os.killpg(daemon.pid, sig)
        except ProcessLookupError:
            break
        try:
            daemon.wait(timeout=wait)
            break
        except subprocess.TimeoutExpired:
            continue
    # the output modules share the daemon's session: none may outlive the test
    with contextlib.suppress(ProcessLookupError):
        os.killpg(daemon.pid, signal.SIGKILL)


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
