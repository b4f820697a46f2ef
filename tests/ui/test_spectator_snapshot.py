"""A spectator arriving at a long game hears where things stand, not "missed events"."""

from __future__ import annotations

from typing import Any

import pytest

from a11y_games.games import all_specs
from a11y_games.i18n import Translator
from a11y_games.net import protocol as p
from a11y_games.ui.remote import RemoteTable

pytestmark = pytest.mark.timeout(20)


class _Session:
    """What a RemoteTable needs of a session to take pushed messages (no connection)."""

    def __init__(self) -> None:
        self.on_state: Any = None

    def attach(self, on_push: Any) -> None:
        self.push = on_push


def _table(seat: int | None, heard: int = 0) -> tuple[RemoteTable, _Session]:
    session = _Session()
    joined = p.Joined(table=p.TableInfo(id="t1", game="pnue", players=5, started=True),
                      seat=seat, token=None if seat is None else "tok", you="Wim")
    return RemoteTable(session, joined, all_specs(), heard=heard), session  # type: ignore[arg-type]


def _said(table: RemoteTable) -> list[str]:
    tr = Translator("en")
    return [tr.render(event.msg) for event in table.events]


def test_a_spectator_arriving_hears_where_things_stand() -> None:
    table, session = _table(None)
    session.push(p.Snapshot(seq=350, missed=350, status=[], private=[]), False)
    assert _said(table) == ["Where things stand:"]


def test_a_seat_back_after_a_long_absence_hears_what_it_missed() -> None:
    table, session = _table(2, heard=12)
    session.push(p.Snapshot(seq=350, missed=338, status=[], private=[]), False)
    assert _said(table) == ["Where things stand after 338 missed events:"]
