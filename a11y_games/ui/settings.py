"""Settings that stay between runs: a small JSON file in the user's configuration folder.

A corrupt or unreadable file is reported and replaced by defaults, never a crash.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from a11y_games.engine import Msg
from a11y_games.engine.oserror import os_reason
from a11y_games.engine.words import number
from a11y_games.ui.paths import config_dir

__all__ = ["CHOICES", "FRENCH_NAMES", "WIDTHS", "Preferences", "load_preferences",
           "save_preferences", "setting_name", "shown_name", "shown_value"]

WIDTHS = range(12, 85)
"""The braille widths a player may set (cells): 12 to 84."""

CHOICES: dict[str, tuple[str, ...] | None] = {
    "lang": ("en", "fr"),
    "speech": ("auto", "on", "off"),
    "verbosity": ("brief", "normal", "full"),
    "braille_table": None,  # any liblouis table name; "" for the language's default
    "braille_width": None,  # 12 to 84 cells
    "braille_contracted": ("off", "on"),
    "level": ("random", "normal"),
    "name": None,  # the name said at network tables
    "hotseat_clear": ("on", "off"),  # several humans: clear the screen at each hand-over
}


FRENCH_NAMES: dict[str, str] = {
    "lang": "langue",
    "speech": "parole",
    "verbosity": "verbosite",
    "braille_table": "table_braille",
    "braille_width": "largeur_braille",
    "braille_contracted": "braille_abrege",
    "level": "niveau_bots",
    "name": "nom",
    "hotseat_clear": "effacer_ecran",
}
"""Each setting's French name: accepted in either language, shown in French."""

FRENCH_VALUES: dict[str, str] = {"brief": "bref", "full": "complet", "random": "hasard",
                                 "on": "marche", "off": "arret"}
"""Value words shown in French (``set`` also takes them, and the English ones)."""


def _fold(word: str) -> str:
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFD", word.strip().lower())
                   if unicodedata.category(c) != "Mn").replace("-", "_")


def setting_name(word: str) -> str | None:
    """The setting a typed word names, in English or French (``largeur-braille``), or None."""
    key = _fold(word)
    if key in CHOICES:
        return key
    return next((name for name, french in FRENCH_NAMES.items() if french == key), None)


def shown_name(name: str, lang: str) -> str:
    """A setting's name as shown in ``lang``."""
    return FRENCH_NAMES.get(name, name) if lang == "fr" else name


def shown_value(value: str, lang: str) -> str:
    """A setting's value word as shown in ``lang``."""
    return FRENCH_VALUES.get(value, value) if lang == "fr" else value


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
    name: str = ""
    """The player's name at network tables (asked once)."""
    hotseat_clear: str = "on"
    """Several humans at one keyboard: clear the screen and scrollback at each hand-over."""
    seen_walkthrough: bool = False

    def with_value(self, name: str, value: str) -> Preferences:
        """A copy with one setting changed; ValueError (with ``.args[0]`` a Msg) if invalid."""
        if name not in CHOICES:
            raise ValueError(Msg("core.set.unknown", name=name, names=", ".join(CHOICES)))
        allowed = CHOICES[name]
        if allowed is not None and value not in allowed:
            raise ValueError(Msg("core.set.bad_value", name=name, value=value,
                                 values=", ".join(allowed)))
        if name == "name":
            clean = " ".join("".join(c if c.isprintable() else " " for c in value).split())
            if not clean or len(clean) > 40:
                raise ValueError(Msg("online.name.bad"))
            return replace(self, name=clean)
        if name == "braille_width":
            width = number(value)
            if width not in WIDTHS:
                raise ValueError(Msg("core.set.width", value=value))
            return replace(self, braille_width=width)
        return replace(self, **{name: value})


def _path() -> Path:
    return config_dir() / "settings.json"


def load_preferences(path: Path | None = None) -> tuple[Preferences, Msg | None]:
    """The saved preferences, or defaults and a message saying why they were not read.

    A value out of range (a hand-edited file) costs that value only: the others are kept.
    """
    target = path or _path()
    if not target.exists():
        return Preferences(), None
    try:
        data: Any = json.loads(target.read_text(encoding="utf-8-sig"))  # a BOM: Notepad
        if not isinstance(data, dict):
            raise ValueError("not an object")
        prefs, problem = Preferences(), None
        for item in fields(Preferences):
            if item.name in data:
                value = data[item.name]
                if item.name == "seen_walkthrough" and isinstance(value, bool):
                    prefs = replace(prefs, seen_walkthrough=value)
                elif item.name == "seen_walkthrough":  # "false" (a string) is not false
                    problem = problem or Msg("core.settings.bad_value", path=str(target),
                                             name=item.name, value=str(value))
                elif item.name in ("lang", "name") and value == "":
                    continue
                else:
                    try:
                        prefs = prefs.with_value(item.name, str(value))
                    except ValueError:
                        problem = problem or Msg("core.settings.bad_value", path=str(target),
                                                 name=item.name, value=str(value))
        return prefs, problem
    except (OSError, RecursionError, ValueError, TypeError):  # RecursionError: [[[[... deep
        return Preferences(), Msg("core.settings.corrupt", path=str(target))


def save_preferences(prefs: Preferences, path: Path | None = None) -> Msg | None:
    """Write the preferences atomically; a message if that failed (play goes on)."""
    target = path or _path()
    tmp = ""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".settings.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(asdict(prefs), handle, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            if tmp:
                os.unlink(tmp)  # no stray file left behind
        return Msg("core.settings.write_failed", path=str(target),
                   reason=os_reason(error))
    return None
