"""Text from outside (files, names, the command line) made safe to show and to say.

A terminal acts on control characters instead of showing them: ESC starts a sequence that
can retitle the window or write the clipboard (OSC 52), C1 controls do the same in one
byte, line breaks cut a sentence in two, and bidi overrides (U+202E) turn the rest of a
line around on the screen. :func:`shown` makes each of them a space.

>>> shown("chess\\x1b]0;pwned\\x07")
'chess ]0;pwned '
>>> shown("Ana\\u202eoB")
'Ana oB'
"""

from __future__ import annotations

import unicodedata

__all__ = ["BIDI_CONTROLS", "NAME_LENGTH", "is_control", "player_name", "shown"]

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
"""Marks, embeddings, overrides and isolates that reorder what follows them."""

NAME_LENGTH = 40
"""The most characters of a player's name said and shown: a name typed at the launcher,
given by ``--names`` or read from a save (a hand-made save's 1 MB name was said whole)."""


def is_control(char: str) -> bool:
    """A character a terminal acts on or that reorders a line: C0, DEL, C1, line and
    paragraph separators, bidi controls."""
    return unicodedata.category(char) in ("Cc", "Zl", "Zp") or char in BIDI_CONTROLS


def shown(text: str) -> str:
    """``text`` with every control character (see :func:`is_control`) made a space."""
    if text.isprintable():  # the usual case, at C speed (bidi controls are not printable)
        return text
    return "".join(" " if is_control(c) else c for c in text)


def player_name(text: str) -> str:
    """A player's name as it is said and shown: controls made spaces, runs of blanks one,
    at most :data:`NAME_LENGTH` characters.

    >>> player_name("  Ana\\n  Bo ")
    'Ana Bo'
    >>> len(player_name("x" * 10**6))
    40
    """
    return " ".join(shown(text).split())[:NAME_LENGTH].rstrip()
