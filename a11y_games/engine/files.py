"""Files written whole or not at all: saves, settings, the seats and logins kept, the
finished games. A good file is never replaced by a partial one (a crash, a full disk)."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["read_json_dict", "sync_folder", "write_atomically"]


def write_atomically(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` through a temporary file beside it, synced, then
    renamed over it; the folder is made if needed. The file is readable by its user only
    (``mkstemp``'s mode). OSError if anything failed (the old file is then untouched and
    no temporary file is left)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
        sync_folder(target.parent)  # or a power cut may lose the new name
    finally:
        with contextlib.suppress(OSError):
            if os.path.exists(tmp):
                os.unlink(tmp)


def read_json_dict(path: Path) -> dict[str, Any]:
    """A JSON object kept in ``path``, or {} if it is missing or unreadable."""
    with contextlib.suppress(OSError, ValueError, RecursionError):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            return data
    return {}


def sync_folder(folder: str | os.PathLike[str]) -> None:
    """Flush a folder's entries to disk after a rename in it, where the system allows it
    (not on Windows, where a folder cannot be opened so)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse to sync a folder: the file itself is synced
    finally:
        os.close(fd)
