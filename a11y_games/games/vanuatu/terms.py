"""Vanuatu's glossary: each term and the messages it is heard in (``explain WORD``; said once
a game where first heard). The catalogue says it, ``vanuatu.term.<name>``, and explains it,
``vanuatu.term.<name>.means``."""

from __future__ import annotations

__all__ = ["TERMS"]

TERMS: dict[str, tuple[str, ...]] = {
    "majority": ("vanuatu.start.actions", "vanuatu.board.holder", "vanuatu.board.holder_neutral"),
    "pp": ("vanuatu.status.me",),
    "vatu": ("vanuatu.status.me",),
    "neutral": ("vanuatu.neutral.placed", "vanuatu.stack_neutral"),
}
