"""Utopia's sound cues: which of its events sound which cue (see ``a11y_games.ui.cues``)."""

from __future__ import annotations

__all__ = ["CUES"]

CUES: dict[str, str] = {
    "utopia.ev.round_order": "round",
}
