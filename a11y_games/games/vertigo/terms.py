"""Vertigo's glossary: each term and the messages it is heard in (``explain WORD``; said once
a game where first heard). The catalogue says it, ``vertigo.term.<name>``, and explains it,
``vertigo.term.<name>.means``."""

from __future__ import annotations

__all__ = ["TERMS"]

TERMS: dict[str, tuple[str, ...]] = {
    "forced": ("vertigo.prompt.forced", "vertigo.event.forced_by"),
    "witness": ("vertigo.event.witnesses", "vertigo.status.vault", "vertigo.planet.witnesses"),
    "sun": ("vertigo.die.sun",),
    "cloud": ("vertigo.die.cloud", "vertigo.die.two_clouds"),
    "arrow": ("vertigo.die.arrow",),
    "planet": ("vertigo.event.planet_up", "vertigo.event.planet_down", "vertigo.status.planet"),
    "vault": ("vertigo.status.vault", "vertigo.event.upkeep_vault"),
    "diplomat": ("vertigo.event.bought_diplomat", "vertigo.event.diplomat",
                 "vertigo.did.diplomat", "vertigo.status.diplomats", "vertigo.event.no_vote"),
}
