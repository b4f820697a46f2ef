"""The player-facing rules (``docs/rules/<game>.<lang>.md``), read section by section."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from a11y_games.engine.words import number

__all__ = ["RULES_DIR", "Section", "find_section", "read_sections"]

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"
"""The rules pages: copied into the package by the wheel's build (``setup.py``), else the
checkout's own ``docs/rules/``."""
if not RULES_DIR.is_dir():
    RULES_DIR = Path(__file__).resolve().parent.parent.parent / "docs" / "rules"


@dataclass(frozen=True)
class Section:
    """A ``## `` section of a rules page: its title and its lines as plain text.

    ``lines`` keeps the page's line breaks (the ``rules`` command); ``paragraphs`` joins
    the lines of each Markdown paragraph, list item and numbered step into one text, for
    a BRF page to reflow to its width without orphan words.
    """

    title: str
    lines: tuple[str, ...]
    paragraphs: tuple[str, ...] = ()

    @property
    def sentences(self) -> tuple[str, ...]:
        """One whole sentence a line, as the ``rules`` command says them: the page's own
        line breaks cut sentences in two ("...of the last elected government" /
        "cannot be nominated..."), which speech and braille hear as two fragments."""
        return tuple(sentence for paragraph in (self.paragraphs or self.lines)
                     for sentence in _SENTENCE_END.split(paragraph) if sentence)


_SENTENCE_END = re.compile(
    r"(?:(?<=[a-zà-ÿ%)»\"'’][.!?])|(?<= [A-ZÀ-Ý][.!?]))\s+(?=[A-ZÀ-Ý0-9«\"])")
"""Where a sentence ends and the next begins: after a word's last letter or a one-letter
word ("F sous A."), never after "1." of a numbered step nor inside "C.N.U.", before a
capital or a digit."""

_STARTS_BLOCK = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|#|\||>)")
"""A Markdown line that starts a new block: a list item, a numbered step, a heading, a
table row, a quotation."""


def _paragraphs(raw_lines: list[str]) -> tuple[str, ...]:
    """The section's Markdown lines joined into paragraphs (a blank line or a new block
    ends one; an indented line continues a list item); table rows stay one a line."""
    paragraphs: list[str] = []
    current: list[str] = []

    def close() -> None:
        text = " ".join(current)
        if text and not set(text) <= set("-|: "):
            paragraphs.append(text)
        current.clear()

    for raw in raw_lines:
        text = _plain(raw)
        if not text:
            close()
            continue
        if _STARTS_BLOCK.match(raw) or raw.lstrip().startswith("|"):
            close()
        current.append(text)
        if raw.lstrip().startswith("|"):
            close()
    close()
    return tuple(paragraphs)


def _plain(line: str) -> str:
    """Markdown to plain speakable text: no markers, no emphasis, no table bars."""
    line = re.sub(r"^\s*#+\s*", "", line)
    line = re.sub(r"^\s*[-*+]\s+", "", line)
    line = re.sub(r"[`*_]{1,3}", "", line)
    line = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", line)
    line = line.strip().strip("|").replace(" | ", ", ")
    return line.strip()


def read_sections(game: str, lang: str, rules_dir: Path = RULES_DIR) -> list[Section] | None:
    """The sections of a game's rules in ``lang`` (English if missing); None if no page."""
    for code in (lang, "en"):
        path = rules_dir / f"{game}.{code}.md"
        if path.exists():
            break
    else:
        return None
    sections: list[Section] = []
    title, lines, raws = "", [], []
    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.startswith("## "):
            if title or lines:
                sections.append(Section(title, tuple(lines), _paragraphs(raws)))
            title, lines, raws = _plain(raw), [], []
        elif raw.startswith("# "):
            continue
        else:
            raws.append(raw)
            text = _plain(raw)
            if text and not set(text) <= set("-|: "):
                lines.append(text)
    if title or lines:
        sections.append(Section(title, tuple(lines), _paragraphs(raws)))
    return [s for s in sections if s.title] or sections


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text.lower())
                   if unicodedata.category(c) != "Mn")


def find_section(sections: list[Section], wanted: str) -> Section | None:
    """A section by number (from 1) or by a word of its title (accents and case ignored)."""
    wanted = wanted.strip()
    if wanted.isdecimal():
        index = number(wanted)  # None for 10 digits or more: no such section
        return sections[index - 1] if index is not None and 1 <= index <= len(sections) else None
    key = _fold(wanted)
    for section in sections:
        if key and key in _fold(section.title):
            return section
    return None
