"""Utopia's kinds of announcements, which a player may mute (``mute KIND``) and read back
(``log KIND``): an event's message id, or an id prefix ending with ``.``, to a kind name
(its label: ``utopia.kind.<name>``)."""

from __future__ import annotations

__all__ = ["KINDS"]

KINDS: dict[str, str] = {
    "utopia.ev.guests_count": "guests",
    "utopia.ev.guests": "guests",
    "utopia.ev.guests_line": "guests",
    "utopia.ev.guest": "guests",
    "utopia.ev.pass": "guests",
    "utopia.ev.moved_land": "moves",
    "utopia.ev.moved_sea": "moves",
    "utopia.ev.added": "moves",
    "utopia.ev.removed": "moves",
    "utopia.ev.removed_more": "moves",
    "utopia.ev.turn_done": "moves",
    "utopia.ev.turn_built": "builds",
    "utopia.ev.wonder_built": "builds",
    "utopia.ev.monument_built": "builds",
    "utopia.ev.guest_monument": "builds",
    "utopia.ev.guest_wonder": "builds",
    "utopia.ev.can_monument": "builds",
    "utopia.ev.can_wonder": "builds",
    "utopia.ev.raise": "scale",
    "utopia.ev.lower": "scale",
    "utopia.ev.scale_now": "scale",
    "utopia.ev.gain": "scoring",
    "utopia.ev.gain_short": "scoring",
    "utopia.ev.scored": "scoring",
    "utopia.ev.no_score": "scoring",
    "utopia.ev.phase3": "scoring",
    "utopia.ev.dealt_cards": "cards",
    "utopia.ev.dealt_discard": "cards",
    "utopia.ev.must_discard": "cards",
    "utopia.ev.discarded": "cards",
    "utopia.ev.discarded_own": "cards",
    "utopia.ev.discarded_own_more": "cards",
    "utopia.ev.privilege_used": "cards",
    "utopia.ev.reshuffle": "cards",
    "utopia.ev.turn": "turns",
    "utopia.ev.turn_guest": "turns",
    "utopia.ev.end_turn": "turns",
    "utopia.ev.end_turn_idle": "turns",
    "utopia.ev.order": "turns",
}
