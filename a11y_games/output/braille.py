"""Braille through liblouis: Unicode braille lines for a display, wrapped at word boundaries.

>>> braille = Braille(table_for("en"), width=14)
>>> braille.translate("Kenya, 3 tiles")
'⠠⠅⠑⠝⠽⠁⠂⠀⠼⠉⠀⠞⠊⠇⠑⠎'
>>> braille.lines(["Kenya, 3 tiles"])
['⠠⠅⠑⠝⠽⠁⠂⠀⠼⠉', '⠞⠊⠇⠑⠎']
>>> braille.back(braille.translate("Kenya, 3 tiles"))
'Kenya, 3 tiles'

liblouis comes from Debian (``python3-louis``); it is imported when a :class:`Braille` is
made, so the rest of the client works without it. Print characters that share one braille
cell cannot be told apart by back-translation: in Unified English Braille the straight
and typographic apostrophes (``'`` and ``’``) are one cell, and back-translation gives
``’`` inside words; :func:`same_print` compares texts with that in mind.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable
from typing import Any

from a11y_games.engine.messages import Msg

__all__ = [
    "BLANK",
    "CONTRACTED",
    "MAX_WIDTH",
    "MIN_WIDTH",
    "TABLES",
    "Braille",
    "BrailleError",
    "same_print",
    "table_for",
    "wrap_cells",
]

TABLES = {"fr": "fr-bfu-comp6.utb", "en": "en-ueb-g1.ctb"}
"""Default (uncontracted, 6-dot) table per language."""
CONTRACTED = {"fr": "fr-bfu-g2.ctb", "en": "en-ueb-g2.ctb"}
"""Contracted (grade 2) table per language."""
BLANK = "\u2800"
"""The blank braille cell: where a Unicode braille line may be broken."""
MIN_WIDTH = 8
MAX_WIDTH = 200
DEFAULTS = ", ".join(TABLES[lang] for lang in sorted(TABLES))


class BrailleError(ValueError):
    """Braille cannot be produced as asked; ``msg`` says why, in the player's language."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg


def table_for(lang: str, contracted: bool = False, explicit: str | None = None) -> str:
    """The table to use: ``explicit`` if given, else the language's default or contracted one.

    >>> table_for("fr"), table_for("en", contracted=True), table_for("de")
    ('fr-bfu-comp6.utb', 'en-ueb-g2.ctb', 'en-ueb-g1.ctb')
    """
    if explicit:
        return explicit
    tables = CONTRACTED if contracted else TABLES
    return tables.get(lang, tables["en"])


def split_tables(table: str) -> list[str]:
    """A liblouis table list from a comma-separated name (``"a.utb,b.ctb"``)."""
    return [name.strip() for name in table.split(",") if name.strip()]


_LOG_SINK: Any = None


def louis_module() -> Any:
    """liblouis's Python module, its stderr logging silenced; BrailleError when absent."""
    global _LOG_SINK
    try:
        import louis
    except ImportError as exc:  # the pyenv Python, or python3-louis not installed
        from .missing import how_to_get

        raise BrailleError(Msg("output.braille.unavailable", how=how_to_get("louis"))) from exc
    if _LOG_SINK is None:

        @louis.LogCallback
        def _sink(level: int, message: bytes) -> None:
            """liblouis logs table errors to stderr by default: keep them off the screen."""

        _LOG_SINK = _sink  # keep a reference: liblouis holds only the C pointer
        with contextlib.suppress(Exception):
            louis.registerLogCallback(_LOG_SINK)
    return louis


MAX_TABLE_NAME = 1024
"""Longer table names are refused: liblouis overflows a buffer and aborts the program on a
name of about 4,069 characters (a pasted page after ``set braille_table``)."""


def load_tables(tables: list[str], table: str) -> Any:
    """liblouis, once ``tables`` compiled; BrailleError naming ``table`` if they do not."""
    louis = louis_module()
    try:
        if not tables:
            raise RuntimeError("no table")
        if any(len(name) > MAX_TABLE_NAME for name in tables):
            raise RuntimeError("liblouis aborts on a name of 4,069 characters")
        louis.checkTable(tables)
    except (RuntimeError, UnicodeError) as exc:  # UnicodeError: a name with a non-UTF-8 byte
        raise BrailleError(Msg("output.braille.table_missing", table=table,
                               defaults=DEFAULTS)) from exc
    return louis


def check_width(width: int) -> None:
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise BrailleError(Msg("output.braille.width_bad", low=MIN_WIDTH, high=MAX_WIDTH,
                               width=width))


def wrap_cells(cells: str, width: int, blank: str = BLANK) -> list[str]:
    """Break a line of cells at blank cells into lines of at most ``width`` cells.

    A word is split only when it alone is longer than ``width``. Blank cells at a break
    are dropped, blanks between words on one line kept as they were; an empty text gives
    one empty line.

    >>> wrap_cells("ab cd efghij", 5, blank=" ")
    ['ab cd', 'efghi', 'j']
    """
    lines: list[str] = []
    current = ""
    gap = ""
    for token in re.split(f"({re.escape(blank)}+)", cells):
        if not token:
            continue
        if token[0] == blank:
            gap = token
            continue
        word = token
        if current and len(current) + len(gap) + len(word) <= width:
            current += gap + word
        else:
            if current:
                lines.append(current)
            while len(word) > width:
                lines.append(word[:width])
                word = word[width:]
            current = word
        gap = ""
    if current or not lines:
        lines.append(current)
    return lines


def same_print(text: str, back: str) -> bool:
    """True if ``back`` is ``text`` up to print characters that share one braille cell.

    >>> same_print("it's", "it’s")
    True
    """
    return _fold(text) == _fold(back)


def _fold(text: str) -> str:
    return text.replace("\u2019", "'")


class Braille:
    """Translates texts with one liblouis table (or comma-separated list) for a display.

    Raises :class:`BrailleError` at construction when liblouis is missing, the table does
    not load, or ``width`` is not a display's width.
    """

    def __init__(self, table: str, width: int = 40) -> None:
        check_width(width)
        self.table = table
        self.width = width
        self.tables = split_tables(table)
        self._louis = load_tables(self.tables, table)
        self._back_tables = ["unicode.dis", *self.tables]
        load_tables(self._back_tables, table)

    def translate(self, text: str) -> str:
        """``text`` as Unicode braille (U+2800..U+28FF), one line."""
        louis = self._louis
        return louis.translateString(self.tables, text, mode=louis.dotsIO | louis.ucBrl)

    def back(self, braille: str) -> str:
        """Back-translation of Unicode braille to print."""
        return self._louis.backTranslateString(self._back_tables, braille)

    def lines(self, texts: Iterable[str]) -> list[str]:
        """Each text as one or more braille lines of at most ``width`` cells."""
        out: list[str] = []
        for text in texts:
            for paragraph in text.split("\n"):
                out.extend(wrap_cells(self.translate(paragraph), self.width))
        return out
