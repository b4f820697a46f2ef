"""Settings that stay between runs: a small JSON file in the user's configuration folder.

A corrupt or unreadable file is reported and replaced by defaults, never a crash.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from a11y_games.engine import Msg
from a11y_games.ui.paths import config_dir

__all__ = ["CHOICES", "Preferences", "load_preferences", "save_preferences"]

CHOICES: dict[str, tuple[str, ...] | None] = {
    "lang": ("en", "fr"),
    "speech": ("auto", "on", "off"),
    "verbosity": ("brief", "normal", "full"),
    "braille_table": None,  # any liblouis table name; "" for the language's default
    "braille_width": None,  # 12 to 84 cells
    "braille_contracted": ("off", "on"),
    "level": ("random", "normal"),
}


@dataclass(frozen=True)
class Preferences:
    """What the player chose once and finds again next time."""

    lang: str = ""
    speech: str = "auto"
    verbosity: str = "normal"
    braille_table: str = ""
    braille_width: int = 40
    braille_contracted: str = "off"
    level: str = "normal"
    seen_walkthrough: bool = False

    def with_value(self, name: str, value: str) -> Preferences:
        """A copy with one setting changed; ValueError (with ``.args[0]`` a Msg) if invalid."""
        if name not in CHOICES:
            raise ValueError(Msg("core.set.unknown", name=name, names=", ".join(CHOICES)))
        allowed = CHOICES[name]
        if allowed is not None and value not in allowed:
            raise ValueError(Msg("core.set.bad_value", name=name, value=value,
                                 values=", ".join(allowed)))
        if name == "braille_width":
            if not value.isdigit() or not 12 <= int(value) <= 84:
                raise ValueError(Msg("core.set.width", value=value))
            return replace(self, braille_width=int(value))
        return replace(self, **{name: value})


def _path() -> Path:
    return config_dir() / "settings.json"


def load_preferences(path: Path | None = None) -> tuple[Preferences, Msg | None]:
    """The saved preferences, or defaults and a message saying why they were not read."""
    target = path or _path()
    if not target.exists():
        return Preferences(), None
    try:
        data: Any = json.loads(target.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not an object")
        prefs = Preferences()
        for item in fields(Preferences):
            if item.name in data:
                value = data[item.name]
                if item.name == "seen_walkthrough":
                    prefs = replace(prefs, seen_walkthrough=bool(value))
                elif item.name == "lang" and value == "":
                    continue
                else:
                    prefs = prefs.with_value(item.name, str(value))
        return prefs, None
    except (OSError, ValueError, TypeError):
        return Preferences(), Msg("core.settings.corrupt", path=str(target))


def save_preferences(prefs: Preferences, path: Path | None = None) -> Msg | None:
    """Write the preferences atomically; a message if that failed (play goes on)."""
    target = path or _path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".settings.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(asdict(prefs), handle, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except OSError as error:
        return Msg("core.settings.write_failed", path=str(target),
                   reason=error.strerror or str(error))
    return None
