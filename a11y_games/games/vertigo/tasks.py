"""Small decisions that interrupt a phase: placing or removing pollution markers."""

from __future__ import annotations

from dataclasses import dataclass

PLACE, ARROW, CLEANUP = "place", "arrow", "cleanup"


@dataclass(frozen=True)
class Task:
    """A marker to place or remove.

    ``kind``: PLACE (``seat`` puts one marker in ``owner``'s ``region``), ARROW (``seat``
    picks another country, region and province), CLEANUP (``seat`` may remove one marker
    from his ``region``). ``witness``: the marker adds a witness (VG-23). ``by``: who caused
    the marker (the roller), for announcements.
    """

    kind: str
    seat: int
    owner: int
    region: int = 0
    witness: bool = True
    by: int = -1
