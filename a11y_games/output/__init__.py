"""Speech and braille output: knows no game, only texts.

- :mod:`.speech` — :class:`Speech` through accessible_output2 (Speech Dispatcher on Linux).
- :mod:`.braille` — :class:`Braille`, Unicode braille lines through liblouis.
- :mod:`.brf` — braille files to emboss (:func:`brf_pages`, :func:`write_brf`).
- :mod:`.brlapi_display` — :class:`BrailleDisplay`, a braille display through BRLTTY.

Each fails softly: a missing service or table becomes a :class:`Msg` to show, never a
traceback or a stray print.

Nothing is imported with the package: each name below loads its module when first used,
so that a game started with speech off never loads speech (start-up, see benchmarks).
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {"CONTRACTED": "braille", "TABLES": "braille", "Braille": "braille",
          "BrailleError": "braille", "same_print": "braille", "table_for": "braille",
          "brf_layout": "brf", "brf_pages": "brf", "write_brf": "brf",
          "BrailleDisplay": "brlapi_display", "DisplayUnavailable": "brlapi_display",
          "MODES": "speech", "Speech": "speech"}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(name)
    return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)


__all__ = [
    "CONTRACTED",
    "MODES",
    "TABLES",
    "Braille",
    "BrailleDisplay",
    "BrailleError",
    "DisplayUnavailable",
    "Speech",
    "brf_layout",
    "brf_pages",
    "same_print",
    "table_for",
    "write_brf",
]
