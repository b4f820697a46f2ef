"""What players hear: status, board, private, queries, and every message in both languages."""

from __future__ import annotations

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games.pnue import SPEC
from a11y_games.i18n import Translator
from tests.pnue.helpers import D, E, L, act, elect, enact, new, rig

SEVEN = [E, L, E, D, E, L, E]


def test_status_is_short_with_whose_turn_first() -> None:
    state = rig(new(7), SEVEN)
    lines = state.status(2)
    assert lines[0].id == "pnue.status.nominate" and lines[0].params["seat"].seat == 0
    assert [m.id for m in lines[1:4]] == ["pnue.status.table", "pnue.status.failed",
                                         "pnue.status.pile"]
    assert lines[-1].id == "pnue.status.you" and len(lines) <= 5
    assert all(m.id != "pnue.status.you" for m in state.status(None))


@pytest.mark.rule("PN-05", "PN-12")
def test_board_shows_every_public_fact() -> None:
    """Role counts, tiles by kind, failed votes, pile and discards, governments, revoked and
    skipped players: all on the board at any time."""
    state = rig(new(7, crises="on"), SEVEN)
    enact(state, "climate", nominee=2)
    state.revoked.add(6)
    ids = [m.id for m in state.board(4)]
    for wanted in ("pnue.roles.standard", "pnue.status.table", "pnue.board.eco_kinds",
                   "pnue.status.failed", "pnue.status.pile", "pnue.board.president",
                   "pnue.board.last_government", "pnue.board.revoked", "pnue.board.skipped",
                   "pnue.board.crises_out", "pnue.board.order", "pnue.board.limited"):
        assert wanted in ids, wanted
    kinds = next(m for m in state.board(4) if m.id == "pnue.board.eco_kinds")
    assert kinds.params == {"climate": 1, "health": 0, "social": 0}
    pile = next(m for m in state.board(4) if m.id == "pnue.status.pile")
    assert pile.params == {"count": len(state.pile), "discards": 2}


def test_private_shows_role_nation_hand_and_investigations() -> None:
    state = rig(new(7), SEVEN, top=["lob", "climate", "social"])
    assert [m.id for m in state.private(3)] == ["pnue.private.role", "pnue.private.nation"]
    assert state.private(3)[0].params["role"].id == "pnue.role.dollar"
    elect(state, 2)
    assert state.private(0)[-1].id == "pnue.private.hand"
    assert all(m.id != "pnue.private.hand" for m in state.private(2))
    act(state, 0, "discard:lob")
    assert state.private(2)[-1].id == "pnue.private.hand"
    assert all(m.id != "pnue.private.hand" for m in state.private(0))


def test_queries_are_listed_with_help() -> None:
    names = {q.name for q in new(7).queries()}
    assert names == {"votes", "claims", "record", "roles", "seats"}
    seats = {q.name: q for q in new(3).queries()}["seats"].run(new(3), 0, "")
    assert sum(m.id == "pnue.query.seat_fictive" for m in seats) == 2


@pytest.mark.parametrize("players", [3, 7])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_message_of_whole_games_renders(players: int, lang: str) -> None:
    """Every event, summary, query and choice label of whole games renders in both
    languages: no raw id, no unfilled parameter."""
    for seed in range(3):
        settings = SPEC.settings(players, seed, {"crises": "on"})
        match = Match(SPEC, settings, [SeatSpec("bot", level="normal", name_index=i)
                                       for i in range(players)])
        tr = Translator(lang, names=match.seat_name)
        texts = []
        while (pending := match.state.pending()) is not None:
            seat = pending.seats[0]
            state = match.state
            texts += [tr.render(state.describe(seat, a)) for a in state.legal_actions(seat)]
            texts += tr.render_all([pending.prompt, *state.status(seat), *state.private(seat)])
            match.act(seat, match.bot_choice(seat))
        state = match.state
        texts += [tr.render(e.msg) for e in state.events]
        texts += tr.render_all(state.board(None))
        for query in state.queries():
            texts += tr.render_all(query.run(state, 0, ""))
        for text in texts:
            assert "{" not in text and "pnue." not in text, text
