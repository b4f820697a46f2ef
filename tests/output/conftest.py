"""Fixtures for output tests: a private socket folder, a fake Speech Dispatcher."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from .fake_ssip import FakeSSIP


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
