"""Speech and braille output: knows no game, only texts.

- :mod:`.speech` — :class:`Speech` through accessible_output2 (Speech Dispatcher on Linux).
- :mod:`.braille` — :class:`Braille`, Unicode braille lines through liblouis.
- :mod:`.brf` — braille files to emboss (:func:`brf_pages`, :func:`write_brf`).
- :mod:`.brlapi_display` — :class:`BrailleDisplay`, a braille display through BRLTTY.

Each fails softly: a missing service or table becomes a :class:`Msg` to show, never a
traceback or a stray print.
"""

from __future__ import annotations

from .braille import CONTRACTED, TABLES, Braille, BrailleError, same_print, table_for
from .brf import brf_layout, brf_pages, write_brf
from .brlapi_display import BrailleDisplay, DisplayUnavailable
from .speech import MODES, Speech

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
