"""Issue 13: a Vertigo question that comes back after each answer (the where menu of a
purchase, a second marker in the same region) invites several numbers on one line, and
they buy or place one after another, each confirmed."""

from __future__ import annotations

import io

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games.vertigo import SPEC
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import PlainReader, Writer
from tests.vertigo.helpers import do, new, seat_now, started, to_pollution


def test_a_purchase_menu_comes_back_while_the_money_pays_for_two() -> None:
    state = new(2)
    seat = seat_now(state)
    do(state, seat, "step:population")
    pending = state.pending()
    assert pending is not None and pending.several  # 40 $ at setup, 1 $ a pawn
    state.countries[seat].money = 1
    state.refresh()
    pending = state.pending()
    assert pending is not None and not pending.several  # one pawn only: no invitation


def test_the_first_of_two_markers_in_a_region_invites_the_second() -> None:
    state = started(2, 1)
    first = state.order[0]
    to_pollution(state, "two_clouds", *["sun"] * 20)
    asked = state.pending()
    assert asked is not None and asked.seats == (first,) and asked.several
    state.apply(first, state.legal_actions(first)[0])
    again = state.pending()
    assert again is not None and again.prompt == asked.prompt and not again.several


def test_numbers_on_one_line_buy_several_pawns_each_confirmed() -> None:
    match = Match(SPEC, SPEC.settings(2, 1), [SeatSpec("human", "Ana"),
                                              SeatSpec("bot", level="normal")])
    seat = 0
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("")), writer=Writer(out))
    client.advance()
    while seat_now(match.state) != seat:  # the bot buys first
        client.advance()
    client.handle("1")  # population pawns
    client.advance()
    lines = out.getvalue().splitlines()
    assert any(line.endswith("choices, one or several:") for line in lines)
    mark = len(lines)
    client.handle("1 1 1")  # three pawns, the next free province of the right region each
    client.advance()
    said = out.getvalue().splitlines()[mark:]
    # each pawn confirmed, the question not asked between them; then asked once again
    assert said[:3] == [f"You add population: right {p}, 1 $." for p in "ABC"]
    assert said[3] == "Which region?" and "Which region?" not in said[4:]
    assert [a for s, a in match.log if s == seat][-3:] == ["region:0+first"] * 3
