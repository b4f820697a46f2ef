"""Settings that stay between runs: a small JSON file in the user's configuration folder.

A corrupt or unreadable file is reported and replaced by defaults, never a crash.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from a11y_games.engine import Msg
from a11y_games.engine.files import write_atomically
from a11y_games.engine.match import think_seconds
from a11y_games.engine.oserror import os_reason
from a11y_games.engine.words import number
from a11y_games.output.sound import VOLUMES, known_cues
from a11y_games.ui.paths import config_dir

__all__ = ["CHOICES", "CUE_PREFIX", "FRENCH_CUES", "FRENCH_NAMES", "WIDTHS", "Preferences",
           "cue_name", "load_preferences", "save_preferences", "seconds", "setting_name",
           "shown_cue", "shown_name", "shown_value"]

WIDTHS = range(12, 85)
"""The braille widths a player may set (cells): 12 to 84."""

CHOICES: dict[str, tuple[str, ...] | None] = {
    "lang": ("en", "fr"),
    "speech": ("auto", "on", "off"),
    "verbosity": ("brief", "normal", "full"),
    "braille_table": None,  # any liblouis table name; "" for the language's default
    "braille_width": None,  # 12 to 84 cells
    "braille_contracted": ("off", "on"),
    "level": ("random", "normal", "strong"),
    "think": None,  # seconds a strong bot takes a decision: 0.1 to 30
    "sound": ("on", "off"),
    "volume": None,  # 0 to 100
    "name": None,  # the name said at network tables
    "hotseat_clear": ("on", "off"),  # several humans: clear the screen at each hand-over
    "only_choice": ("on", "off"),  # a question with one answer is answered at once
}

CUE_PREFIX = "sound."
"""``set sound.turn off``: each cue on or off by name (``son.tour arret`` in French)."""


FRENCH_NAMES: dict[str, str] = {
    "lang": "langue",
    "speech": "parole",
    "verbosity": "verbosite",
    "braille_table": "table_braille",
    "braille_width": "largeur_braille",
    "braille_contracted": "braille_abrege",
    "level": "niveau_bots",
    "think": "reflexion",
    "sound": "son",
    "volume": "volume",
    "name": "nom",
    "hotseat_clear": "effacer_ecran",
    "only_choice": "choix_unique",
}
"""Each setting's French name: accepted in either language, shown in French."""

FRENCH_CUES: dict[str, str] = {
    "turn": "tour", "vote": "vote", "passed": "adopte", "failed": "rejete",
    "private": "secret", "targeted": "cible", "acted": "action", "round": "manche",
    "won": "gagne", "lost": "perdu", "chat": "message", "joined": "arrivee",
    "left": "depart", "disconnected": "coupure",
}
"""Each common cue's French name (a game's own cues keep one name in both languages)."""

FRENCH_VALUES: dict[str, str] = {"brief": "bref", "full": "complet", "random": "hasard",
                                 "on": "marche", "off": "arret", "strong": "fort"}
"""Value words shown in French (``set`` also takes them, and the English ones)."""


def _fold(word: str) -> str:
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFD", word.strip().lower())
                   if unicodedata.category(c) != "Mn").replace("-", "_")


def setting_name(word: str) -> str | None:
    """The setting a typed word names, in English or French (``largeur-braille``,
    ``son.tour``), or None."""
    key = _fold(word)
    if key in CHOICES:
        return key
    head, dot, cue = key.partition(".")
    if dot and head in ("sound", "son"):
        found = cue_name(cue)
        return CUE_PREFIX + found if found is not None else None
    return next((name for name, french in FRENCH_NAMES.items() if french == key), None)


def cue_name(word: str) -> str | None:
    """The cue a typed word names, in English or French (``tour``), or None."""
    key = _fold(word)
    if key in known_cues():
        return key
    return next((name for name, french in FRENCH_CUES.items() if french == key), None)


def shown_cue(cue: str, lang: str) -> str:
    """A cue's name as shown in ``lang``."""
    return FRENCH_CUES.get(cue, cue) if lang == "fr" else cue


def shown_name(name: str, lang: str) -> str:
    """A setting's name as shown in ``lang``."""
    if name.startswith(CUE_PREFIX):
        head = "son." if lang == "fr" else CUE_PREFIX
        return head + shown_cue(name[len(CUE_PREFIX):], lang)
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
    think: float = 1.0
    """Seconds a strong bot takes a decision (more: a stronger bot, a longer wait)."""
    sound: str = "on"
    volume: int = 80
    sounds_off: str = ""
    """The cues turned off, by name, separated by commas."""
    name: str = ""
    """The player's name at network tables (asked once)."""
    hotseat_clear: str = "on"
    """Several humans at one keyboard: clear the screen and scrollback at each hand-over."""
    seen_walkthrough: bool = False
    only_choice: str = "on"
    """A question with a single possible answer is answered at once, and said."""
    muted_kinds: str = ""
    """Kinds of announcements not said (``mute KIND``), separated by commas: ``game.kind``
    for a game's kinds, the bare name for the client's own (``chat``, ``others``, ``mine``)."""

    @property
    def kinds_muted_list(self) -> list[str]:
        """The muted kinds, as stored."""
        return [k for k in self.muted_kinds.split(",") if k]

    @property
    def muted(self) -> frozenset[str]:
        """The cues the player turned off."""
        return frozenset(n for n in self.sounds_off.split(",") if n)

    def with_value(self, name: str, value: str) -> Preferences:
        """A copy with one setting changed; ValueError (with ``.args[0]`` a Msg) if invalid."""
        if name.startswith(CUE_PREFIX) or name == "sounds_off":
            return self._with_cues(name, value)
        if name == "muted_kinds":
            entries = [k.strip() for k in value.split(",") if k.strip()]
            if any(not k.replace(".", "").replace("_", "").isalnum() or not k.isascii()
                   for k in entries):
                raise ValueError(Msg("core.set.bad_value", name=name, value=value,
                                     values="-"))
            return replace(self, muted_kinds=",".join(dict.fromkeys(entries)))
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
        if name == "think":
            try:
                return replace(self, think=think_seconds(value))
            except ValueError:
                raise ValueError(Msg("core.set.think", value=value)) from None
        if name == "volume":
            volume = number(value)
            if volume not in VOLUMES:
                raise ValueError(Msg("sound.set.volume", value=value))
            return replace(self, volume=volume)
        return replace(self, **{name: value})

    def _with_cues(self, name: str, value: str) -> Preferences:
        """``sound.NAME on|off``, or the whole ``sounds_off`` list (from the file)."""
        known = known_cues()
        if name == "sounds_off":
            names = [n.strip() for n in value.split(",") if n.strip()]
            unknown = [n for n in names if n not in known]
            if unknown:
                raise ValueError(Msg("sound.set.unknown", name=unknown[0],
                                     names=", ".join(known)))
            return replace(self, sounds_off=",".join(n for n in known if n in names))
        cue = name[len(CUE_PREFIX):]
        if cue not in known:
            raise ValueError(Msg("sound.set.unknown", name=cue, names=", ".join(known)))
        if value not in ("on", "off"):
            raise ValueError(Msg("core.set.bad_value", name=name, value=value,
                                 values="on, off"))
        off = self.muted - {cue} | ({cue} if value == "off" else set())
        return replace(self, sounds_off=",".join(n for n in known if n in off))


def seconds(value: float, lang: str = "en") -> str:
    """A number of seconds as a player reads it: ``1``, ``0.5`` (``0,5`` in French)."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang == "fr" else text


def _path() -> Path:
    return config_dir() / "settings.json"


def load_preferences(path: Path | None = None) -> tuple[Preferences, Msg | None]:
    """The saved preferences, or defaults and a message saying why they were not read.

    A value out of range (a hand-edited file) costs that value only: the others are kept.
    """
    target = path or _path()
    try:
        text = target.read_text(encoding="utf-8-sig")  # a BOM: Notepad
    except FileNotFoundError:
        return Preferences(), None
    except OSError as error:  # a folder, no permission, a name too long: say why
        return Preferences(), Msg("core.settings.read_failed", path=str(target),
                                  reason=os_reason(error))
    except ValueError:  # not UTF-8
        return Preferences(), Msg("core.settings.corrupt", path=str(target))
    try:
        data: Any = json.loads(text)
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
    except (RecursionError, ValueError, TypeError):  # RecursionError: [[[[... deep
        return Preferences(), Msg("core.settings.corrupt", path=str(target))


def save_preferences(prefs: Preferences, path: Path | None = None) -> Msg | None:
    """Write the preferences atomically; a message if that failed (play goes on)."""
    target = path or _path()
    try:
        write_atomically(target, json.dumps(asdict(prefs), indent=1))
    except OSError as error:
        return Msg("core.settings.write_failed", path=str(target),
                   reason=os_reason(error))
    return None
