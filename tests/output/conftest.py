"""Fixtures for output tests: a private socket folder, a fake Speech Dispatcher."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .fake_ssip import FakeSSIP

SPEECH_DISPATCHER = shutil.which("speech-dispatcher") or (
    "/usr/bin/speech-dispatcher" if os.path.exists("/usr/bin/speech-dispatcher") else None)
ESPEAK_CONF = Path("/etc/speech-dispatcher/modules/espeak-ng.conf")


@pytest.fixture(autouse=True)
def no_screen_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """Speech's ``auto`` finds no screen reader (the machine running the tests may have
    one); tests of the detection give their own environments."""
    monkeypatch.setattr("a11y_games.output.speech._detect_reader", lambda: None)


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A short private folder (unix socket paths must stay under 108 bytes)."""
    path = Path(tempfile.mkdtemp(prefix="a11y-out-", dir="/tmp"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def no_spawn(monkeypatch: pytest.MonkeyPatch, short_dir: Path) -> Path:
    """Speech Dispatcher's client may not start any daemon, nor find the user's one."""
    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(short_dir))
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{short_dir / 'none.sock'}")
    return short_dir


@pytest.fixture
def fake_ssip(monkeypatch: pytest.MonkeyPatch, no_spawn: Path) -> Iterator[FakeSSIP]:
    """A fake Speech Dispatcher that the speech client finds through SPEECHD_ADDRESS."""
    server = FakeSSIP(no_spawn / "ssip.sock")
    monkeypatch.setenv("SPEECHD_ADDRESS", server.address)
    yield server
    server.close()


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
        stderr=subprocess.DEVNULL, start_new_session=True, preexec_fn=_before_the_others)
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


def _before_the_others() -> None:
    """A speech daemon is served before busy programs, as on a desktop (its audio thread is
    real-time there): on a machine loaded by other tests a request held 5 s makes the
    client give speech up, which is right for a hung daemon and not what is tested here.
    Raising a priority needs root (as in CI); otherwise the daemon runs as it is."""
    with contextlib.suppress(OSError):
        os.nice(-10)


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
