"""The spoken names of civilisations and islands, one shared message each (messages never
change): for the rules' announcements and for the summaries alike."""

from __future__ import annotations

from functools import cache

from a11y_games.engine import Msg
from a11y_games.games.utopia.data import CIVS, ISLANDS

__all__ = ["civ", "civ_card", "civ_count", "civ_n", "isle", "isle_short"]

_CIV_MSGS = tuple(Msg(f"utopia.civ.{c}") for c in CIVS)
_CIV_CARD_MSGS = tuple(Msg(f"utopia.civ_card.{c}") for c in CIVS)
_ISLE_MSGS = {i: Msg(f"utopia.island.{i}") for i in ISLANDS}
_ISLE_SHORT_MSGS = {i: Msg(f"utopia.isle.{i}") for i in ISLANDS}


def civ(c: int) -> Msg:
    """The civilisation's people, as a noun ("the Persians", FR "les Perses")."""
    return _CIV_MSGS[c]


@cache
def civ_n(c: int, count: int) -> Msg:
    """The civilisation as an adjective for ``count`` princes, guests or cards (French agrees)."""
    return Msg(f"utopia.civs.{CIVS[c]}", count=count)


def civ_card(c: int) -> Msg:
    """The civilisation as an adjective for one card (feminine in French)."""
    return _CIV_CARD_MSGS[c]


@cache
def civ_count(count: int, c: int) -> Msg:
    """``count`` cards, princes or guests of civilisation ``c``."""
    return Msg("utopia.cards.civ", count=count, civ=civ_n(c, count))


def isle(island: str) -> Msg:
    return _ISLE_MSGS[island]


def isle_short(island: str) -> Msg:
    """The island by its element alone ("Water", FR "Eau"): in a list of guests."""
    return _ISLE_SHORT_MSGS[island]
