"""Every action and every character's power (VA-11, VA-20 to VA-29)."""

from __future__ import annotations

import pytest

from a11y_games.games.vanuatu.state import Ship
from a11y_games.i18n import Translator
from tests.vanuatu.helpers import S, acting, ids_since, new, play, put_island, put_sea


@pytest.mark.rule("VA-20")
def test_va20_sail_one_to_three_seas_one_vatu_each_through_sea_only() -> None:
    state = new(rising=False)
    seat = state.order[0]
    put_sea(state, "D1", 1, 0)
    put_sea(state, "C5", 0, 0)
    put_sea(state, "C6", 0, 0)
    put_sea(state, "B5", 0, 0)
    put_sea(state, "A4", 0, 0)
    acting(state, seat, "sail", boat="C3")
    state.players[seat].vatu = 2
    play(state, "act:sail")
    options = {a.split(":")[1] for a in state.legal_actions(seat) if a != "back"}
    # C4 and D1 at 1, B2 at 1, C5 at 2 (via C4); B3 is Efate: never entered
    assert options == {"C4", "D1", "B2", "C5"}
    assert "B3" not in options
    state.players[seat].vatu = 3
    state._legal = {}
    assert "sail:C6" in state.legal_actions(seat)  # 3 spaces for 3 vatu
    assert "sail:B5" in state.legal_actions(seat)
    assert "sail:A4" not in state.legal_actions(seat)  # 4 spaces away
    play(state, "sail:C6")
    assert state.players[seat].boat == S["C6"] and state.players[seat].vatu == 0


@pytest.mark.rule("VA-20")
def test_sail_menu_back_returns_to_the_action_menu() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "sail", boat="C3")
    play(state, "act:sail")
    play(state, "back")
    assert state.step == ("act", seat) and state.markers["sail"][seat] == 1


@pytest.mark.rule("VA-21")
def test_va21_fish_takes_a_token_worth_the_fish_then_one_fewer() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "fish", boat="C4")
    play(state, "act:fish")
    assert state.players[seat].fish == [2]
    assert state.archipelago.sea(S["C4"]).fish == 1


@pytest.mark.rule("VA-22")
def test_va22_dive_and_sell_treasure_without_an_action() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "dive", boat="B2")
    play(state, "act:dive")
    assert state.players[seat].treasures == [2]
    assert state.archipelago.sea(S["B2"]).treasure == 1
    acting(state, seat, "draw")
    vatu = state.players[seat].vatu
    play(state, "treasure:2")  # a free move: still this player's turn
    assert state.players[seat].vatu == vatu + 2 and state.players[seat].treasures == []
    assert state.pending().seats == (seat,)


@pytest.mark.rule("VA-23")
def test_va23_sell_fish_next_to_own_hut_price_drops_to_one() -> None:
    state = new(rising=False)
    seat = state.order[0]
    efate = state.archipelago.island(S["B3"])
    acting(state, seat, "sell", boat="C3")
    state.players[seat].fish = [2, 1]
    assert "drop:sell" in state.legal_actions(seat)  # no hut next to the boat
    efate.huts.append(seat)
    acting(state, seat, "sell", boat="C3")
    state.players[seat].vatu = 0
    play(state, "act:sell")
    assert state.players[seat].vatu == 9 and state.players[seat].fish == []
    assert state.fish_price == 2
    for price_after in (1, 1):
        acting(state, seat, "sell", boat="C3")
        state.players[seat].fish = [1]
        play(state, "act:sell")
        assert state.fish_price == price_after


@pytest.mark.rule("VA-24")
def test_va24_build_a_hut_for_three_vatu() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "build", boat="C3")
    state.players[seat].vatu = 3
    play(state, "act:build")
    assert state.legal_actions(seat) == ["hut:B3", "back"]
    play(state, "hut:B3")
    assert state.archipelago.island(S["B3"]).huts == [seat]
    assert state.players[seat].vatu == 0 and state.players[seat].huts == 7


@pytest.mark.rule("VA-24")
def test_va24_no_build_without_free_hut_space_or_money() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "build", boat="C3")
    state.players[seat].vatu = 2
    assert state.legal_actions(seat) == ["drop:build"]
    state.players[seat].vatu = 5
    state.archipelago.island(S["B3"]).huts[:] = [1, 2, 3]
    state._legal = {}
    assert state.legal_actions(seat) == ["drop:build"]


@pytest.mark.rule("VA-25")
def test_va25_export_pays_scores_fills_first_ship_and_bonus() -> None:
    state = new(rising=False)
    seat = state.order[0]
    state.ships = [Ship(("beef", "kava", "kava"), ["kava", "kava"]),
                   Ship(("beef", "beef", "copra"))]
    acting(state, seat, "export", boat="C3")
    state.players[seat].vatu, state.players[seat].pp = 3, 0
    play(state, "act:export")
    assert set(state.legal_actions(seat)) == {
        "export:B3:kava", "export:B3:copra", "export:B3:beef", "back"}
    play(state, "export:B3:beef")
    assert state.players[seat].vatu == 0
    assert state.players[seat].pp == 5 + 2  # beef 5 PP, first ship completed: 2 more
    assert state.ships[0].complete and state.ships[1].loaded == []


@pytest.mark.rule("VA-25")
def test_va25_export_unwanted_good_scores_nothing() -> None:
    state = new(rising=False)
    seat = state.order[0]
    state.ships = [Ship(("beef", "beef", "beef"))]
    acting(state, seat, "export", boat="C3")
    state.players[seat].pp = 0
    play(state, "act:export")
    kava = state.reserve["kava"]
    mark = len(state.events)
    play(state, "export:B3:kava")
    assert state.players[seat].pp == 0 and state.players[seat].vatu == 2
    assert state.reserve["kava"] == kava + 1
    assert "vanuatu.export.unwanted" in ids_since(state, mark)


@pytest.mark.rule("VA-26")
def test_va26_sand_drawing_three_pp_on_free_space() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "draw", boat="C3")
    play(state, "act:draw")
    play(state, "draw:B3")
    assert state.players[seat].pp == 3
    assert state.archipelago.island(S["B3"]).free_drawings == 0
    acting(state, seat, "draw", boat="C3")
    assert state.legal_actions(seat) == ["drop:draw"]


@pytest.mark.rule("VA-27")
def test_va27_tourist_pays_one_vatu_per_hut_of_any_colour() -> None:
    state = new(rising=False)
    seat, other = state.order[0], state.order[1]
    efate = state.archipelago.island(S["B3"])
    efate.huts[:] = [other, other, seat]
    state.tourists_left = 1
    acting(state, seat, "tourist", boat="B2")
    state.players[seat].vatu = 0
    play(state, "act:tourist")
    play(state, "tourist:B3")
    assert state.players[seat].vatu == 3 and efate.tourists == 1
    assert state.tourists_left == 0
    acting(state, seat, "tourist")
    assert state.legal_actions(seat) == ["drop:tourist"]  # none left this round


@pytest.mark.rule("VA-27")
def test_va27_tourist_only_below_capacity() -> None:
    state = new(rising=False)
    seat = state.order[0]
    state.archipelago.island(S["B3"]).tourists = 5
    state.tourists_left = 2
    acting(state, seat, "tourist")
    assert state.legal_actions(seat) == ["drop:tourist"]


@pytest.mark.rule("VA-28")
def test_va28_ten_vatu_become_five_pp_at_once() -> None:
    state = new(rising=False)
    seat = state.order[0]
    state.players[seat].vatu, state.players[seat].pp = 8, 0
    state._gain_vatu(seat, 15)
    assert (state.players[seat].vatu, state.players[seat].pp) == (3, 10)


# --- characters' powers (VA-11) -----------------------------------------------------------------
@pytest.mark.rule("VA-11")
def test_fisherman_scores_fish_value_in_pp() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "fish", character="fisherman", boat="C4")
    assert {"act:fish", "act:fish:power"} <= set(state.legal_actions(seat))
    assert Translator("en").render(state.describe(seat, "act:fish:power")) == (
        "Fish, power: +2 PP")
    play(state, "act:fish:power")
    assert state.players[seat].pp == 2 and state.players[seat].power_used


@pytest.mark.rule("VA-11")
def test_a_power_is_spent_only_when_the_player_chooses_it() -> None:
    """The Fisherman fishes a single fish without the power: it stays for a better haul
    (it used to be spent on any fish, however small)."""
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "fish", character="fisherman", boat="C4")
    play(state, "act:fish")
    assert state.players[seat].pp == 0 and not state.players[seat].power_used


@pytest.mark.rule("VA-11")
def test_diver_earns_treasure_value_in_vatu() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "dive", character="diver", boat="B2")
    play(state, "act:dive:power")
    assert state.players[seat].vatu == 5 and state.players[seat].treasures == [2]


@pytest.mark.rule("VA-11")
def test_vendor_sells_without_a_hut() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "sell", character="vendor", boat="C3")
    state.players[seat].fish = [1]
    play(state, "act:sell")
    assert state.players[seat].vatu == 6


@pytest.mark.rule("VA-11")
def test_builder_hut_costs_one() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "build", character="builder", boat="C3")
    state.players[seat].vatu = 1
    play(state, "act:build")
    play(state, "hut:B3")
    assert state.players[seat].vatu == 0


@pytest.mark.rule("VA-11")
def test_buyer_exports_a_second_identical_good_free() -> None:
    state = new(rising=False)
    seat = state.order[0]
    state.ships = [Ship(("kava", "kava", "beef"))]
    acting(state, seat, "export", character="buyer", boat="C3")
    state.players[seat].pp = 0
    play(state, "act:export")
    assert Translator("en").render(state.describe(seat, "export:B3:kava:power")) == (
        "2 kava from Efate: 1 vatu")  # two for the price of one
    play(state, "export:B3:kava:power")
    assert state.players[seat].pp == 2 and state.players[seat].vatu == 2
    assert state.ships[0].loaded == ["kava", "kava"]


@pytest.mark.rule("VA-11")
def test_buyer_keeps_the_power_when_exporting_without_it() -> None:
    """A Buyer whose second good no ship needs keeps the power for a better export."""
    state = new(rising=False)
    seat = state.order[0]
    state.ships = [Ship(("kava", "beef", "beef"))]
    acting(state, seat, "export", character="buyer", boat="C3")
    play(state, "act:export")
    play(state, "export:B3:kava")
    assert state.ships[0].loaded == ["kava"] and not state.players[seat].power_used


@pytest.mark.rule("VA-11")
def test_artist_drawing_scores_five() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "draw", character="artist", boat="C3")
    play(state, "act:draw")
    play(state, "draw:B3")
    assert state.players[seat].pp == 5


@pytest.mark.rule("VA-11")
def test_guide_tourist_scores_two_per_drawing() -> None:
    state = new(rising=False)
    seat = state.order[0]
    state.archipelago.island(S["B3"]).drawings.append(2)
    state.tourists_left = 1
    acting(state, seat, "tourist", character="guide")
    state.players[seat].pp = 0
    play(state, "act:tourist")
    assert Translator("en").render(state.describe(seat, "tourist:B3:power")).endswith(
        "+2 PP (power)")  # the Guide's bonus, in the menu
    play(state, "tourist:B3:power")
    assert state.players[seat].pp == 2


@pytest.mark.rule("VA-11")
def test_beggar_swaps_up_to_three_pp_for_vatu() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "rest", character="beggar")
    state.players[seat].pp, state.players[seat].vatu = 2, 0
    options = state.legal_actions(seat)
    assert "beg:1" in options and "beg:2" in options and "beg:3" not in options
    play(state, "beg:2")
    assert (state.players[seat].pp, state.players[seat].vatu) == (0, 2)
    assert not [a for a in state.legal_actions(seat) if a.startswith("beg:")]


@pytest.mark.rule("VA-11")
def test_preacher_acts_without_majority() -> None:
    state = new(rising=False)
    a, b = state.order[0], state.order[1]
    acting(state, b, "draw", character="preacher", boat="C3")
    state.markers["draw"][a] = 2
    assert set(state.legal_actions(b)) == {"drop:draw", "preach:draw"}
    play(state, "preach:draw")
    play(state, "draw:B3")
    assert state.players[b].pp == 3 and state.players[b].power_used
    assert state.markers["draw"][b] == 0 and state.markers["draw"][a] == 2


@pytest.mark.rule("VA-11")
def test_governor_moves_a_stack_instead_of_acting() -> None:
    state = new(rising=False)
    a, b = state.order[0], state.order[1]
    acting(state, b, "draw", character="governor", markers=2)
    state.markers["draw"][a] = 3
    state.markers["rest"][a] = 1
    play(state, "govern:draw")
    play(state, "to:rest")
    assert state.markers["draw"][b] == 0 and state.markers["rest"][b] == 2
    assert state.holder("rest") == b
    assert state.pending().seats != (b,) or state.players[b].power_used


def test_islands_next_to_boat_only_for_build_export_draw() -> None:
    state = new(rising=False)
    seat = state.order[0]
    put_sea(state, "D1", 0, 0)
    put_island(state, "C2")
    acting(state, seat, "draw", boat="D1")  # D1 touches C3 and C4 only: no island
    assert state.legal_actions(seat) == ["drop:draw"]


@pytest.mark.rule("VA-13")
def test_majority_won_is_announced_once_when_the_action_happens() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "sail", boat="C3", markers=2)
    mark = len(state.events)
    play(state, "act:sail")
    play(state, "back")
    assert "vanuatu.turn.majority" not in ids_since(state, mark)
    play(state, "act:sail")
    play(state, "sail:C4")
    ids = ids_since(state, mark)
    assert ids.count("vanuatu.turn.majority") == 1
    assert ids.index("vanuatu.turn.majority") < ids.index("vanuatu.sail.done")
