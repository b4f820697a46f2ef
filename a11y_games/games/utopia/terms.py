"""Utopia's glossary: each term and the messages it is heard in (``explain WORD``; said once
a game where first heard). The catalogue says it, ``utopia.term.<name>``, and explains it,
``utopia.term.<name>.means``."""

from __future__ import annotations

__all__ = ["TERMS"]

TERMS: dict[str, tuple[str, ...]] = {
    "bases": ("utopia.status.bases",),
    "privilege": ("utopia.status.privileges", "utopia.label.pay_privilege",
                  "utopia.label.civ_privilege", "utopia.ev.privilege_used"),
    "scale": ("utopia.status.scale", "utopia.ev.scale_now"),
}
