"""End of the game: final scoring and ties (VA-40)."""

from __future__ import annotations

import pytest

from tests.vanuatu.helpers import S, new


@pytest.mark.rule("VA-40")
def test_va40_final_scoring() -> None:
    state = new(players=3, rising=False)
    a, b, _c = state.order
    state.first = b
    efate = state.archipelago.island(S["B3"])
    efate.huts[:] = [a, a]
    state.players[a].huts -= 2
    efate.tourists = 3
    pa = state.players[a]
    pa.pp, pa.vatu, pa.fish, pa.treasures = 10, 4, [3, 2], [2, 1]
    state._end_game()
    # fish 5 -> 9 vatu -> 3 PP; treasures (2+1)*2 = 6; 2 huts * 3 tourists * 2 = 12
    assert pa.pp == 10 + 3 + 6 + 12
    assert pa.fish == []
    assert state.players[b].pp == 3 + 1  # first player 3 PP, 3 vatu give 1 PP
    assert state.phase == "over" and state.pending() is None
    assert state.outcome().winners == frozenset({a})


@pytest.mark.rule("VA-40")
def test_va40_end_money_over_ten_becomes_pp_first() -> None:
    state = new(players=3, rising=False)
    a = state.order[1]
    p = state.players[a]
    p.pp, p.vatu, p.fish = 0, 8, [3]
    state._end_game()
    assert p.pp == 5 + 0  # 11 vatu: 10 become 5 PP, 1 vatu left gives nothing


@pytest.mark.rule("VA-40")
def test_va40_ties_broken_by_huts_then_vatu_then_shared() -> None:
    state = new(players=3, rising=False)
    a, b, c = state.order
    state.first = a
    for seat in (a, b, c):
        state.players[seat].pp, state.players[seat].vatu = 3, 0
    state.players[a].pp = 0  # the first player's 3 PP bring a level with the others
    state.players[b].huts -= 1
    state.archipelago.island(S["B3"]).huts.append(b)
    state._end_game()
    assert state.outcome().winners == frozenset({b})  # most huts
    state = new(players=3, rising=False)
    a, b, c = state.order
    state.first = a
    for seat in (a, b, c):
        state.players[seat].pp, state.players[seat].vatu = 3, 2
    state.players[a].pp = 0
    state.players[c].vatu = 1
    state._end_game()
    assert state.outcome().winners == frozenset({a, b})  # c has less vatu: a shared win
