"""Kinds of PNUE announcements a player can mute (``mute votes``) and read back (``log
claims``): an event's message id, or an id prefix ending with ``.``, to a kind name. The
longest matching key wins; each name's label is the catalogue message ``pnue.kind.<name>``."""

from __future__ import annotations

__all__ = ["KINDS"]

KINDS: dict[str, str] = {
    "pnue.vote.": "votes",
    "pnue.claim.": "claims",
    "pnue.turn.": "government",
    "pnue.draw.": "government",
    "pnue.hand.": "government",
    "pnue.enact.": "government",
    "pnue.power.": "investigations",
    "pnue.power.revoke": "revocations",
    "pnue.power.revoked": "revocations",
    "pnue.crisis.": "crises",
    "pnue.chaos.": "crises",
    "pnue.fictive.": "fictive",
    "pnue.you.skipped": "crises",
    "pnue.you.sit_out": "crises",
}
