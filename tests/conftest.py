"""Every test: no sound from the speakers (``NO_SOUND``), also in the clients tests start;
saves and settings in private folders.

Sound tests pass their own environment (``Sound(environ={})``) and a null or recording
device, so they still play, silently.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("NO_SOUND", "1")


@pytest.fixture(autouse=True)
def _private_folders(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps its saves and settings in folders of its own, never the user's
    (a test that wants particular folders sets them again)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
