"""Braille files to emboss (BRF): braille ASCII pages through liblouis.

A BRF file is braille ASCII (the 64 characters from space to ``_``, one per 6-dot cell),
lines ended by CR LF, pages separated by a form feed. liblouis gives braille ASCII
directly when its display table ``en-us-brf.dis`` comes first in the table list, so the
content table must be a 6-dot one (``fr-bfu-comp6.utb``, ``en-ueb-g1.ctb``, or a
contracted table); an 8-dot table is refused with a clear message.

Layout, by the usual embossing convention (BANA's braille page number in the bottom right
corner): each page holds ``lines - 1`` lines of text and ends with a line that holds only
the braille page number at the right margin. The title, if any, is centred on the first
lines of page 1 and followed by a blank line. Each text starts on a new line and is
wrapped at spaces to ``width`` cells; an empty text is a blank line.

>>> brf_layout(["Kenya, 3 tiles."], table="en-ueb-g1.ctb", width=14, lines=4)
[[',KENYA1 #C', 'TILES4', '            #A']]
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path

from a11y_games.engine.messages import Msg
from a11y_games.engine.oserror import os_reason

from .braille import (
    TABLES,
    BrailleError,
    check_width,
    load_tables,
    split_tables,
    wrap_cells,
)

__all__ = [
    "BRF_CHARS",
    "BrfBraille",
    "brf_layout",
    "brf_pages",
    "write_brf",
]

BRF_CHARS = frozenset(chr(code) for code in range(0x20, 0x60))
"""Braille ASCII: one character per 6-dot cell, space being the blank cell."""
BRF_TABLE = "en-us-brf.dis"
LINE_END = "\r\n"
FORM_FEED = "\f"
MIN_LINES = 3
MAX_LINES = 200


class BrfBraille:
    """Translates print to braille ASCII and back with one 6-dot table."""

    def __init__(self, table: str) -> None:
        self.table = table
        self.tables = [BRF_TABLE, *split_tables(table)]
        self._louis = load_tables(self.tables, table)

    def ascii(self, text: str) -> str:
        """``text`` in braille ASCII; BrailleError if the table needs more than 6 dots."""
        brf = self._louis.translateString(self.tables, text)
        if not set(brf) <= BRF_CHARS:
            raise BrailleError(Msg("output.braille.not_six_dot", table=self.table,
                                   defaults=", ".join(sorted(TABLES.values()))))
        return brf

    def back(self, brf: str) -> str:
        """Back-translation of braille ASCII to print."""
        return self._louis.backTranslateString(self.tables, brf)


def _check_lines(lines: int) -> None:
    if not MIN_LINES <= lines <= MAX_LINES:
        raise BrailleError(Msg("output.brf.lines_bad", low=MIN_LINES, high=MAX_LINES,
                               lines=lines))


def brf_layout(texts: Iterable[str], *, table: str, width: int = 40, lines: int = 25,
               title: str = "") -> list[list[str]]:
    """The pages as lists of braille ASCII lines, the page number line last on each."""
    check_width(width)
    _check_lines(lines)
    brf = BrfBraille(table)
    body: list[str] = []
    if title:
        for line in wrap_cells(brf.ascii(title), width, blank=" "):
            body.append(line.center(width).rstrip())
        body.append("")
    for text in texts:
        for paragraph in text.split("\n"):
            body.extend(wrap_cells(brf.ascii(paragraph), width, blank=" "))
    per_page = lines - 1
    pages: list[list[str]] = []
    for start in range(0, max(len(body), 1), per_page):
        number = brf.ascii(str(len(pages) + 1))
        pages.append([*body[start:start + per_page], number.rjust(width)])
    return pages


def brf_pages(texts: Iterable[str], *, table: str, width: int = 40, lines: int = 25,
              title: str = "") -> str:
    """A whole BRF document: ``width`` cells by ``lines`` lines pages, form feed between."""
    pages = brf_layout(texts, table=table, width=width, lines=lines, title=title)
    return FORM_FEED.join("".join(line + LINE_END for line in page) for page in pages)


def write_brf(path: str | os.PathLike[str], texts: Iterable[str], *, table: str,
              width: int = 40, lines: int = 25, title: str = "") -> Path:
    """Write a BRF file atomically (temporary file, fsync, rename); returns its path."""
    target = Path(path)
    data = brf_pages(texts, table=table, width=width, lines=lines, title=title).encode("ascii")
    tmp = target.with_name(f".{target.name}.tmp")
    try:
        with tmp.open("wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise BrailleError(Msg("output.brf.write_failed", path=str(target),
                               reason=os_reason(exc))) from exc
    return target

