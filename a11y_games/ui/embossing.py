"""Braille files to emboss (BRF): the rules, a player's private card, the table summary."""

from __future__ import annotations

import contextlib
from pathlib import Path

from a11y_games.engine import Msg
from a11y_games.engine.match import Match
from a11y_games.engine.spec import GameSpec
from a11y_games.i18n import Translator
from a11y_games.output.braille import table_for
from a11y_games.output.brf import write_brf
from a11y_games.ui.paths import data_dir
from a11y_games.ui.rulesdoc import read_sections
from a11y_games.ui.table import LocalTable, Table

__all__ = ["KINDS", "NeedsGame", "brf_path", "document", "emboss"]

KINDS = ("rules", "card", "table")
"""What can be embossed: the rules, my private card (role, hand...), the table summary."""


class NeedsGame(ValueError):
    """A card or a table needs a game in progress."""

    def __init__(self) -> None:
        super().__init__("core.brf.needs_game")
        self.msg = Msg("core.brf.needs_game")


def document(kind: str, spec: GameSpec, lang: str, table: Table | Match | None = None,
             seat: int | None = None) -> tuple[str, list[str]]:
    """The title and the lines of a document, rendered in ``lang`` (the card and the table
    need a game: a match, or the table the client plays at)."""
    if isinstance(table, Match):
        table = LocalTable(table)
    tr = Translator(lang, names=table.seat_name if table else None)
    title = tr.render(Msg(f"core.brf.title.{kind}", game=spec.title))
    if kind == "rules":
        lines: list[str] = []
        for section in read_sections(spec.name, lang) or []:
            lines += [section.title, *(section.paragraphs or section.lines), ""]
        return title, lines
    if table is None:
        raise NeedsGame
    if kind == "card":
        viewer = seat if seat is not None else (table.humans() or [0])[0]
        tr = tr.for_seat(viewer)  # the card's own lines say "you"; its title, the name
        msgs = [Msg("core.brf.card_of", seat=table.seat_name(viewer)), *table.private(viewer)]
        reference = table.reference_card()
        if reference:
            msgs += [Msg("core.brf.reference"), *reference]
        return title, [tr.render(m) for m in msgs]
    return title, [tr.for_seat(seat).render(m) for m in table.board(seat, "")]


def brf_path(spec: GameSpec, kind: str, seat: int | None = None) -> Path:
    """Where ``braille save`` writes: the user's data folder; in hot-seat, a card per seat."""
    suffix = "" if seat is None else f"-{seat + 1}"
    return data_dir() / "braille" / f"{spec.name}-{kind}{suffix}.brf"


def brf_text(title: str, lines: list[str], *, lang: str, contracted: bool = False,
             table: str | None = None, width: int = 40) -> str:
    """A BRF document as text (a web page's download); BrailleError as :func:`emboss`."""
    from a11y_games.output.brf import brf_pages

    return brf_pages(lines, table=table_for(lang, contracted, table), width=width, title=title)


def emboss(path: Path, title: str, lines: list[str], *, lang: str, contracted: bool = False,
           table: str | None = None, width: int = 40, page_lines: int = 25) -> Path:
    """Write the BRF file; BrailleError (with a message) if the table or size is wrong."""
    with contextlib.suppress(OSError):  # a bad folder: writing the file says why
        path.parent.mkdir(parents=True, exist_ok=True)
    return write_brf(path, lines, table=table_for(lang, contracted, table), width=width,
                     lines=page_lines, title=title)
