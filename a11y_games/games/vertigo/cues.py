"""Vertigo's sound cues: which of its events sound which cue (see ``a11y_games.ui.cues``)."""

from __future__ import annotations

__all__ = ["CUES"]

CUES: dict[str, str] = {
    "vertigo.event.turn": "round",
    "vertigo.event.law_passed": "passed",
    "vertigo.event.law_failed": "failed",
    "vertigo.event.marker": "targeted",
    "vertigo.event.arrow_owner": "targeted",
    "vertigo.event.wiped": "targeted",
    "vertigo.event.fined": "targeted",
}
