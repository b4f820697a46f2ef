"""A round: preparation, characters, planning, majorities, rest (VA-10 to VA-14)."""

from __future__ import annotations

import pytest

from a11y_games.engine import Verbosity
from a11y_games.games.vanuatu import data
from a11y_games.games.vanuatu.state import Ship
from tests.vanuatu.helpers import S, acting, ids_since, new, play, to_planning


@pytest.mark.rule("VA-10")
def test_va10_preparation_resets_the_round() -> None:
    state = new(rising=False)
    efate = state.archipelago.island(S["B3"])
    efate.goods = {"kava": 0, "copra": 0, "beef": 0}
    state.reserve = dict(data.GOODS_STOCK)
    done = Ship(("kava", "kava", "kava"), ["kava", "kava", "kava"])
    state.reserve["kava"] -= 3
    state.ships[0] = done
    state.fish_price = 1
    state.tourists_left = 2
    gone = state.tourists_gone
    state._start_round()
    assert state.round == 2
    assert state.tourists_gone == gone + 2  # tourists left are removed
    assert state.tourists_left in data.TOURIST_TILES  # a new tile is revealed
    assert done not in state.ships and len(state.ships) == 3
    assert efate.goods == {"kava": 1, "copra": 1, "beef": 1}  # refilled to its printed goods
    assert state.fish_price == 3
    assert state.phase == "tiles" and len(state.revealed) == 2


@pytest.mark.rule("VA-10")
def test_va10_ships_leaving_and_arriving_are_said_at_normal_verbosity() -> None:
    """Which ship sails and what a new one wants decide what to export: a player hears it
    at normal verbosity, not only at full."""
    state = new(rising=False)
    state.ships[0] = Ship(("kava", "kava", "kava"), ["kava", "kava", "kava"])
    state.reserve["kava"] -= 3
    mark = len(state.events)
    state._start_round()
    said = {e.msg.id: e.level for e in state.events[mark:]}
    for key in ("vanuatu.ship.sails_with", "vanuatu.ship.new"):  # one sentence each
        assert said[key] <= Verbosity.NORMAL, key
    for key in ("vanuatu.ship.sails", "vanuatu.ship.cargo", "vanuatu.ship.arrives",
                "vanuatu.ship.wants"):  # its halves, details
        assert said[key] == Verbosity.FULL, key


@pytest.mark.rule("VA-11")
def test_va11_characters_in_turn_order_never_kept_two_rounds() -> None:
    state = new(players=3, seed=2, rising=False)
    order = list(state.order)
    assert state.pending().seats == (order[0],)
    play(state, "char:navigator")
    assert "char:navigator" not in state.legal_actions(order[1])
    play(state, "char:diver")
    play(state, "char:builder")
    held = {s: state.players[s].character for s in order}
    # next round: the first chooser may take none of the held characters (the later
    # players have not returned theirs yet), nor keep his own
    state.players[order[0]].markers = 0
    state.phase = "characters"
    state.cursor = 0
    state.step = ("character", order[0])
    state._legal = {}
    state._pending = None
    offered = {a.split(":")[1] for a in state.legal_actions(order[0])}
    assert offered.isdisjoint(held.values())
    assert len(offered) == len(data.CHARACTERS) - 3
    play(state, "char:artist")
    offered = {a.split(":")[1] for a in state.legal_actions(order[1])}
    assert "navigator" in offered  # returned by the first player
    assert "diver" not in offered and "artist" not in offered


@pytest.mark.rule("VA-11")
def test_va11_power_usable_once_per_round() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "sail", character="navigator", boat="C3")
    state.markers["fish"][seat] = 1
    state.players[seat].vatu = 3
    play(state, "act:sail")
    play(state, "sail:C4:power")
    assert state.players[seat].vatu == 3  # the Navigator sails for free
    assert state.players[seat].power_used
    # the power is spent for the round: the next sail costs 1 vatu per space
    acting(state, seat, "sail", boat="C4")
    state.players[seat].character = "navigator"
    state.players[seat].power_used = True
    play(state, "act:sail")
    assert not [a for a in state.legal_actions(seat) if a.endswith(":power")]
    play(state, "sail:C3")
    assert state.players[seat].vatu == 2


@pytest.mark.rule("VA-12")
def test_va12_planning_passes_of_2_2_1_in_turn_order() -> None:
    state = new(players=3, rising=False)
    to_planning(state)
    seen = []
    while state.phase == "planning":
        seat = state.pending().seats[0]
        seen.append(seat)
        play(state, "plan:rest")
    o = state.order
    assert seen == [o[0], o[0], o[1], o[1], o[2], o[2]] * 2 + [o[0], o[1], o[2]]
    assert all(p.markers == 0 for p in state.players)


@pytest.mark.rule("VA-12")
def test_va12_only_possible_actions_may_be_planned() -> None:
    state = new(rising=False)
    to_planning(state)
    seat = state.pending().seats[0]
    boat = state.players[seat].boat
    assert boat == S["C3"]  # the starting sea has no fish, no treasure
    offered = {a.split(":")[1] for a in state.legal_actions(seat)}
    assert "fish" not in offered and "dive" not in offered
    assert "sell" not in offered  # no fish to sell
    assert {"sail", "build", "export", "draw", "rest"} <= offered
    play(state, "plan:sail")  # with a sail planned, seas within 3 count
    offered = {a.split(":")[1] for a in state.legal_actions(seat)}
    assert {"fish", "dive"} <= offered


@pytest.mark.rule("VA-13")
def test_va13_majority_ties_go_to_earlier_turn_order_and_stack_returns() -> None:
    state = new(rising=False)
    a, b = state.order[0], state.order[1]
    acting(state, a, "rest")
    state.markers["rest"][b] = 1  # a tie: a is earlier in turn order
    state.markers["export"][b] = 2
    state.markers["export"][a] = 1  # b has more markers on export
    assert state.holder("rest") == a and state.holder("export") == b
    options = state.legal_actions(a)
    assert "act:rest" in options and "act:export" not in options
    play(state, "act:rest")
    assert state.markers["rest"][a] == 0  # the stack is taken back
    assert state.markers["export"][a] == 1


@pytest.mark.rule("VA-13")
def test_va13_without_majority_remove_a_stack_and_round_ends_when_empty() -> None:
    state = new(rising=False)
    a, b = state.order[0], state.order[1]
    acting(state, b, "rest", markers=2, keep=False)
    state.markers["rest"][a] = 3
    assert state.legal_actions(b) == ["drop:rest"]
    mark = len(state.events)
    play(state, "drop:rest")
    assert "vanuatu.turn.dropped" in ids_since(state, mark)
    assert state.pending().seats == (a,)
    play(state, "act:rest")  # the last markers: the round ends
    assert state.round == 2


@pytest.mark.rule("VA-14")
@pytest.mark.rule("VA-29")
def test_va14_rest_bonus_paid_at_round_end_and_first_player_changes() -> None:
    state = new(rising=False)
    seat = state.order[1]
    acting(state, seat, "rest", keep=False)
    state.rest_pool = ["first"]
    before = (state.players[seat].vatu, state.players[seat].pp)
    mark = len(state.events)
    state.markers["rest"][seat] = 1
    state.markers["draw"][seat] = 1
    play(state, "act:rest")
    secret = [e for e in state.events[mark:] if e.msg.id == "vanuatu.rest.yours"]
    assert secret and secret[0].visible_to == frozenset({seat})
    assert state.players[seat].rest == "first" and state.first != seat
    # round over: the token is revealed and takes effect
    while state.round == 1:
        s = state.pending().seats[0]
        state.apply(s, state.legal_actions(s)[0])
    assert state.first == seat and state.order[0] == seat
    assert (state.players[seat].vatu, state.players[seat].pp) >= before


@pytest.mark.rule("VA-29")
def test_va29_rest_tokens_pay_vatu_and_pp() -> None:
    assert sorted(data.REST_TOKENS) == ["first", "pp", "vatu", "vatu_pp"]
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "rest", keep=False)
    state.rest_pool = ["vatu_pp"]
    p = state.players[seat]
    p.vatu, p.pp = 3, 0
    play(state, "act:rest")
    assert (p.vatu, p.pp) == (4, 1)  # paid at once since the round ended
