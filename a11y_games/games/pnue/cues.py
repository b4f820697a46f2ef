"""PNUE's sound cues: which of its events sound which cue (see ``a11y_games.ui.cues``).

An enacted tile has a cue of its own by kind: ``lobby`` (coins) or ``eco`` (a bird).
"""

from __future__ import annotations

__all__ = ["CUES"]

CUES: dict[str, str] = {
    "pnue.turn.president": "round",
    "pnue.vote.result_yes": "passed",
    "pnue.vote.result_no": "failed",
    "pnue.enact.done/pnue.tile.lob": "lobby",
    "pnue.enact.done/pnue.tile.climate": "eco",
    "pnue.enact.done/pnue.tile.health": "eco",
    "pnue.enact.done/pnue.tile.social": "eco",
    "pnue.power.investigated": "targeted",
    "pnue.power.revoked": "targeted",
}
