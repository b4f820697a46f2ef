"""Where the client keeps saves and settings: the platform's usual user folders."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from a11y_games.engine.messages import Msg

__all__ = ["MAX_SAVE_NAME", "config_dir", "data_dir", "documents_dir", "is_file",
           "remove_stale_temp_files", "save_name_problem", "save_path"]

APP = "a11y_games"
STALE_SECONDS = 60
"""A temporary file older than this is left by a process that was killed while writing
(a save takes milliseconds): it is removed on start."""
MAX_SAVE_NAME = 50
"""Characters in a save name: 50 of up to 4 UTF-8 bytes each, with ``.json`` and the
temporary file's affixes, stay within the 255 bytes a file name may have."""


def data_dir() -> Path:
    """User data folder (saves): ``$XDG_DATA_HOME/a11y_games`` or the platform's equivalent."""
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home())) / APP
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP


def config_dir() -> Path:
    """User configuration folder: ``$XDG_CONFIG_HOME/a11y_games`` or the equivalent."""
    if sys.platform in ("win32", "darwin"):
        return data_dir()
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / APP


def documents_dir() -> Path:
    """Where a game's record is written: ``$XDG_DOCUMENTS_DIR``, else the home folder's
    ``Documents`` when there is one, else the data folder's ``records``."""
    named = os.environ.get("XDG_DOCUMENTS_DIR")
    if named:
        return Path(named).expanduser()
    documents = Path.home() / "Documents"
    return documents if documents.is_dir() else data_dir() / "records"


def save_name_problem(name: str) -> Msg | None:
    """Why ``name`` (as typed after ``save`` or ``load``) cannot name a save, or None.

    Checked before any file call: 1 to 50 letters, digits, ``-`` or ``_`` (``.json`` may
    end it). Nothing is silently dropped from what the player typed.
    """
    stem = name[:-5] if name.endswith(".json") else name
    if 1 <= len(stem) <= MAX_SAVE_NAME and all(c.isalnum() or c in "-_" for c in stem):
        return None
    return Msg("core.save.bad_name", high=MAX_SAVE_NAME)


def is_file(path: Path) -> bool:
    """``path.is_file()``, False when the system refuses to look (a name too long)."""
    try:
        return path.is_file()
    except OSError:
        return False


FRENCH_NAMES = {"derniere": "last", "precedente": "previous", "auto": "autosave"}
"""The reserved save names in French words: ``charger precedente`` loads ``previous``."""


def save_said(path: Path, lang: str) -> str:
    """A save as the player names it: its name when it is in the saves folder ("autosave",
    "auto" in French), not the whole path read aloud; any other file by its path."""
    if path.parent != data_dir() / "saves":
        return str(path)
    if lang == "fr":
        return next((fr for fr, en in FRENCH_NAMES.items() if en == path.stem), path.stem)
    return path.stem


def save_path(name: str, *, allow_path: bool = False) -> Path:
    """The file for a save name, always inside the saves folder.

    A name keeps only letters, digits, ``-`` and ``_`` (``../x`` becomes ``x``). With
    ``allow_path`` (the command line's ``--load``), an existing file named by a path is
    taken as it is, and a path with a folder in it always (a missing one is said as typed).
    """
    if allow_path and (os.sep in name or name.endswith(".json")):
        candidate = Path(name).expanduser()
        if is_file(candidate) or os.sep in name:
            return candidate
    stem = name[:-5] if name.endswith(".json") else name
    stem = FRENCH_NAMES.get(stem.lower().replace("è", "e").replace("é", "e"), stem)
    safe = "".join(c for c in stem if c.isalnum() or c in "-_") or "save"
    return data_dir() / "saves" / f"{safe}.json"


def remove_stale_temp_files(now: float | None = None) -> int:
    """Remove the temporary files (``.NAME.json.XXXXXXXX.tmp``, ``.settings.XXXXXXXX.tmp``,
    ``.NAME.brf.tmp``) that a process killed while writing left in the saves, settings and
    braille folders; a recent one may be another client's save under way and stays.
    Returns how many were removed; never raises."""
    import time

    limit = (time.time() if now is None else now) - STALE_SECONDS
    removed = 0
    for folder in {data_dir() / "saves", config_dir(), data_dir() / "braille"}:
        try:
            candidates = list(folder.glob(".*.tmp"))
        except OSError:
            continue
        for path in candidates:
            try:
                if path.is_file() and path.stat().st_mtime < limit:
                    path.unlink()
                    removed += 1
            except OSError:
                continue
    return removed
