"""PNUE's glossary: each term and the messages it is heard in (``explain WORD``; said once a
game where first heard, unless it lists none). The catalogue says it, ``pnue.term.<name>``,
and explains it, ``pnue.term.<name>.means``."""

from __future__ import annotations

__all__ = ["TERMS"]

TERMS: dict[str, tuple[str, ...]] = {
    "no_consensus": ("pnue.vote.no_consensus", "pnue.chaos.third", "pnue.status.failed"),
    "accreditation": ("pnue.power.revoke", "pnue.power.revoked", "pnue.ask.revoke",
                      "pnue.status.revoke", "pnue.end.dollar_revoked"),
    "interest": ("pnue.power.investigate", "pnue.power.investigated"),
    "crisis": (),  # asked for only: said unasked it would come just before a timed race
}
