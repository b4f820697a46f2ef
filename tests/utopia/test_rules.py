"""Every rule of the specification (UT-01 to UT-20), checked on set-up positions."""

from __future__ import annotations

from collections import Counter

import pytest

from a11y_games.engine import IllegalAction, PlayerRef, Verbosity
from a11y_games.games.utopia import data
from a11y_games.games.utopia.data import CIVS, DISTRICTS, ISLANDS
from a11y_games.games.utopia.state import ACTIONS, DISCARD, GUESTS, NC
from tests.utopia.helpers import CIV, empty_city, give, new_state, play, put, turn_of


# --- components and board ------------------------------------------------------------------------
@pytest.mark.rule("UT-01")
def test_components_per_player_and_in_the_box() -> None:
    state = new_state(5)
    for seat in range(5):
        assert sum(state.supply[seat]) == 40 and set(state.supply[seat]) == {8}
        assert state.bases[seat] == 8 and state.privileges[seat] == 2
    assert sum(state.monument_supply) == 40
    assert len(state.bag) + len(state.guests) == 40
    assert Counter(c for c, _ in state.bag + state.guests) == Counter({c: 8 for c in range(NC)})
    cards = len(state.deck) + len(state.discard) + sum(map(sum, state.hands))
    assert cards == 50 and Counter(state.deck) == Counter({c: 10 for c in range(NC)})


@pytest.mark.rule("UT-11")
def test_a_seat_that_can_take_no_guest_passes_without_being_asked() -> None:
    """Nobody is asked a question with one possible answer: the pass is announced instead."""
    state = turn_of(new_state(3), 0, GUESTS)
    state.guests = [(CIV["maya"], "fire")] * 4
    state.supply[1][CIV["maya"]] = 0
    mark = len(state.events)
    play(state, 0, "guest:maya:fire")
    play(state, 0, "place:hephaistos")
    said = [(e.msg.id, e.msg.params.get("seat")) for e in state.events[mark:]]
    assert ("utopia.ev.pass", PlayerRef(1)) in said
    assert ("utopia.ev.turn_guest", PlayerRef(1)) not in said
    assert state.current == 2 and state.legal_actions(2)[0] == "guest:maya:fire"


@pytest.mark.rule("UT-01")
def test_a_player_without_princes_of_a_guest_civilisation_cannot_take_it() -> None:
    state = turn_of(new_state(3), 0, GUESTS)
    state.guests = [(CIV["maya"], "fire")]
    state.supply[0][CIV["maya"]] = 0
    state._changed()
    assert state.legal_actions(0)[0] == "pass"
    play(state, 0, "pass")
    assert state.current == 1


@pytest.mark.rule("UT-03")
def test_two_players_leave_the_water_island_out() -> None:
    state = new_state(2)
    assert "water" not in state.islands
    assert len(state.bag) + len(state.guests) == 30
    assert all(i != "water" for _, i in state.bag + state.guests)
    assert not state.active & set(ISLANDS["water"].districts)
    empty_city(state)
    put(state, "atlas", 0, "maya")  # maritime West: its sea partner Nérée is out of play
    give(state, 0, maya=1)
    turn_of(state, 0)
    play(state, 0, "move", "src:atlas:maya")
    targets = [a for a in state.legal_actions(0) if a.startswith("to:")]
    assert "to:neree" not in targets and "to:gaia" in targets


@pytest.mark.rule("UT-04")
def test_scale_orders_the_five_civilisations_drawn_at_random() -> None:
    scales = {tuple(new_state(3, seed).scale) for seed in range(12)}
    assert all(sorted(s) == list(range(NC)) for s in scales)
    assert len(scales) > 3
    state = new_state(3, 4)
    assert [state.value(c) for c in state.scale] == [1, 2, 3, 4, 5]
    assert state.events[0].msg.id == "utopia.ev.scale_now"


@pytest.mark.rule("UT-05")
def test_every_minister_starts_at_0() -> None:
    assert new_state(4).scores == [0, 0, 0, 0]


# --- turn order --------------------------------------------------------------------------------
@pytest.mark.rule("UT-10")
def test_first_round_starts_with_a_random_player() -> None:
    firsts = {new_state(4, seed).order[0] for seed in range(20)}
    assert len(firsts) > 2
    state = new_state(4, 3)
    first = state.order[0]
    assert state.order == [first, *[(first + k) % 4 for k in (1, 2, 3)]]


@pytest.mark.rule("UT-10")
def test_leader_first_then_highest_score_ties_to_who_reached_it_first() -> None:
    state = new_state(4)
    state._gain(2, 9, data_why())
    state._gain(0, 5, data_why())
    state._gain(3, 5, data_why())  # 3 reached 5 after 0
    state._start_round()
    assert state.order == [2, 0, 3, 1]
    state._gain(1, 9, data_why())  # 1 ties the leader, later
    state._start_round()
    assert state.order == [2, 1, 0, 3]


def data_why():
    from a11y_games.engine import Msg
    return Msg("utopia.why.remove")


# --- phase 1 ---------------------------------------------------------------------------------
@pytest.mark.rule("UT-11")
def test_three_guests_per_player_each_places_a_prince_on_the_guest_island() -> None:
    state = new_state(3, 7)
    assert len(state.guests) == 9 and state.phase == GUESTS
    taken = Counter()
    for _ in range(9):
        seat = state.current
        guest = next(a for a in state.legal_actions(seat) if a.startswith("guest:"))
        _, civ, island = guest.split(":")
        play(state, seat, guest)
        places = [a for a in state.legal_actions(seat) if a.startswith("place:")]
        assert {p.split(":")[1] for p in places} == set(ISLANDS[island].districts)
        before = state.count(places[-1].split(":")[1], seat, CIV[civ])
        play(state, seat, places[-1])
        assert state.count(places[-1].split(":")[1], seat, CIV[civ]) == before + 1
        taken[seat] += 1
        while state.current == seat and state.phase == GUESTS:
            play(state, seat, "end")
    assert taken == Counter({0: 3, 1: 3, 2: 3})
    assert state.phase in (DISCARD, ACTIONS)


@pytest.mark.rule("UT-11")
def test_guests_are_taken_in_turn_order() -> None:
    state = new_state(4, 2)
    seen = []
    while state.phase == GUESTS:
        seat = state.current
        seen.append(seat)
        actions = state.legal_actions(seat)
        play(state, seat, next(a for a in actions if a.startswith(("guest:", "pass", "end"))))
        if state.current == seat and state.phase == GUESTS and state.choice:
            play(state, seat, next(a for a in state.legal_actions(seat)
                                   if a.startswith("place:")))
    assert seen[:4] == state.order and seen[4:8] == state.order[:4]


# --- wonders and monuments ----------------------------------------------------------------------
def _five_civs(state, seat: int, island: str) -> None:
    for k, civ in enumerate(CIVS):
        put(state, ISLANDS[island].districts[k % 3], seat, civ)


@pytest.mark.rule("UT-12")
def test_wonder_needs_all_five_civilisations_on_the_island_and_scores_6() -> None:
    state = empty_city(new_state(3))
    for k, civ in enumerate(CIVS[:4]):
        put(state, ISLANDS["fire"].districts[k], 0, civ)
    turn_of(state, 0)
    assert "wonder:fire" not in state.legal_actions(0)
    put(state, "etna", 0, "chinese")
    state._changed()
    assert "wonder:fire" in state.legal_actions(0)
    play(state, 0, "wonder:fire")
    assert state.wonders == {"fire": 0} and state.scores[0] == 6 and state.bases[0] == 7
    assert "wonder:fire" not in state.legal_actions(0)
    _five_civs(state, 1, "fire")
    turn_of(state, 1)
    assert "wonder:fire" not in state.legal_actions(1)  # one wonder per island


@pytest.mark.rule("UT-12")
def test_wonder_may_be_built_in_phase_1_and_is_optional() -> None:
    state = empty_city(new_state(3))
    _five_civs(state, 0, "wind")
    turn_of(state, 0, GUESTS)
    assert "wonder:wind" in state.legal_actions(0)
    guest = next(a for a in state.legal_actions(0) if a.startswith("guest:"))
    play(state, 0, guest)
    play(state, 0, state.legal_actions(0)[0])
    assert state.current == 0 and set(state.legal_actions(0)) >= {"wonder:wind", "end"}
    play(state, 0, "end")
    assert state.wonders == {} and state.current == state.order[1]


@pytest.mark.rule("UT-12")
def test_player_is_told_when_a_wonder_becomes_possible() -> None:
    state = empty_city(new_state(3))
    for k, civ in enumerate(CIVS[:4]):
        put(state, ISLANDS["earth"].districts[k], 0, civ)
    put(state, "phenix", 0, "chinese")  # Phénix (Fire) is bridged to Rhéa (Earth)
    give(state, 0, chinese=1)
    turn_of(state, 0)
    play(state, 0, "move", "src:phenix:chinese", "to:rhea")
    told = [e for e in state.events if e.msg.id == "utopia.ev.can_wonder"]
    assert told and told[-1].visible_to == frozenset({0})


@pytest.mark.rule("UT-13")
def test_three_princes_of_one_civilisation_take_a_free_district() -> None:
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "greek", 2)
    turn_of(state, 0)
    assert not [a for a in state.legal_actions(0) if a.startswith("monument")]
    put(state, "gaia", 0, "greek")
    state._changed()
    play(state, 0, "monument:gaia:greek")
    assert state.monuments == {"gaia": (0, CIV["greek"])}
    assert state.bases[0] == 7 and state.monument_supply[CIV["greek"]] == 7
    assert state.count("gaia", 0, CIV["greek"]) == 3  # the princes stay
    put(state, "gaia", 1, "maya", 3)
    turn_of(state, 1)
    assert "monument:gaia:maya" not in state.legal_actions(1)  # one per district, for good


@pytest.mark.rule("UT-12")
@pytest.mark.rule("UT-13")
def test_builds_another_seat_made_are_gone_at_the_next_turn() -> None:
    """A seat's possible builds are worked out once and kept: a monument or a wonder built by
    another seat (or the last monument of a civilisation taken) must still withdraw them."""
    state = empty_city(new_state(3))
    _five_civs(state, 1, "fire")
    put(state, "gaia", 1, "greek", 3)
    put(state, "pan", 1, "maya", 3)
    _five_civs(state, 0, "fire")
    put(state, "gaia", 0, "chinese", 3)
    put(state, "neree", 0, "maya", 3)
    state.monument_supply[CIV["maya"]] = 1
    turn_of(state, 0)
    assert state.builds(1) == ["wonder:fire", "monument:gaia:greek", "monument:pan:maya"]
    play(state, 0, "wonder:fire")
    play(state, 0, "monument:gaia:chinese")
    play(state, 0, "monument:neree:maya")
    mark = len(state.events)
    play(state, 0, "end")
    assert state.current == 1
    assert not [a for a in state.legal_actions(1) if a.startswith(("wonder", "monument"))]
    assert not [e for e in state.events[mark:] if e.msg.id.startswith("utopia.ev.can_")]


@pytest.mark.rule("UT-13")
def test_no_monument_without_a_base_left() -> None:
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "greek", 3)
    state.bases[0] = 0
    turn_of(state, 0)
    assert not [a for a in state.legal_actions(0) if a.startswith(("monument", "wonder"))]


@pytest.mark.rule("UT-13")
def test_told_when_a_monument_becomes_possible() -> None:
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "greek", 2)
    put(state, "pan", 0, "greek", 1)
    give(state, 0, greek=1)
    turn_of(state, 0)
    play(state, 0, "move", "src:pan:greek", "to:gaia")
    told = [e for e in state.events if e.msg.id == "utopia.ev.can_monument"]
    assert told and told[-1].msg.params["district"] == "Gaïa"
    # news of the player's own step: the question after it keeps its menu open
    assert told[-1].cause == 0 and told[-1].visible_to == frozenset({0})
    # and lists it at once (a new entry): the line itself is a detail (full)
    assert told[-1].level == Verbosity.FULL
    assert state.pending().prompt.id == "utopia.ask.main"
    assert "monument:gaia:greek" in state.legal_actions(0)


@pytest.mark.rule("UT-14")
def test_wonder_owner_scores_the_value_of_a_district_taken_on_its_island() -> None:
    state = empty_city(new_state(3))
    state.wonders["earth"] = 2
    put(state, "cybele", 0, "maya", 3)
    turn_of(state, 0)
    play(state, 0, "monument:cybele:maya")
    assert state.scores[2] == DISTRICTS["cybele"].value == 4
    assert state.scores[0] == 0


# --- phase 2 ---------------------------------------------------------------------------------
def _to_phase_2(state) -> None:
    state.guests = []
    state.pick = data.GUESTS_PER_PLAYER - 1
    state.pos = len(state.order) - 1
    state._next_turn()


@pytest.mark.rule("UT-15")
def test_five_cards_each_then_leader_discards_2_last_0_others_1() -> None:
    state = new_state(4)
    for seat, points in enumerate((10, 20, 5, 7)):
        state._gain(seat, points, data_why())
    _to_phase_2(state)
    assert state.phase == DISCARD
    assert [sum(h) for h in state.hands] == [5, 5, 5, 5]
    assert state.to_discard == [1, 2, 0, 1]
    assert set(state.pending().seats) == {0, 1, 3}
    play(state, 1, f"discard:{CIVS[state.hands[1].index(max(state.hands[1]))]}")
    assert 1 in state.pending().seats  # still one to go
    for seat in (0, 1, 3):
        while state.to_discard[seat]:
            c = next(c for c in range(NC) if state.hands[seat][c])
            play(state, seat, f"discard:{CIVS[c]}")
    assert state.phase == ACTIONS
    assert [sum(h) for h in state.hands] == [4, 3, 5, 4]


@pytest.mark.rule("UT-15")
def test_a_deck_running_short_mid_deal_is_reshuffled_from_the_discards() -> None:
    """Five cards each even when the deck empties during a deal: the discards are shuffled
    into a new deck (announced once) and the deal goes on; no card is lost or made."""
    state = new_state(3)
    state.deck, state.discard = [0, 1, 2, 3, 4, 0, 1], [2] * 8 + [3] * 7
    first = state.order[0]
    mark = len(state.events)
    _to_phase_2(state)
    assert [sum(h) for h in state.hands] == [5, 5, 5]
    assert state.hands[first] == [1, 1, 1, 1, 1]  # the top five of the old deck
    said = [e.msg.id for e in state.events[mark:]]
    assert said.count("utopia.ev.reshuffle") == 1
    assert not state.discard and len(state.deck) == 22 - 3 * 5
    held = Counter(state.deck)
    for hand in state.hands:
        held.update({c: k for c, k in enumerate(hand)})
    assert held == Counter({0: 2, 1: 2, 2: 9, 3: 8, 4: 1})


@pytest.mark.rule("UT-15")
def test_ties_discard_as_the_better_rank() -> None:
    state = new_state(4)
    assert state.discards_due() == [2, 2, 2, 2]  # all tied first
    for seat, points in enumerate((9, 9, 3, 3)):
        state._gain(seat, points, data_why())
    assert state.discards_due() == [2, 2, 1, 1]
    two = new_state(2)
    two._gain(0, 4, data_why())
    assert two.discards_due() == [2, 0]


@pytest.mark.rule("UT-16")
def test_move_one_or_two_princes_by_land() -> None:
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "maya", 3)
    give(state, 0, maya=2)
    turn_of(state, 0)
    play(state, 0, "move", "src:gaia:maya")
    assert state.legal_actions(0) == ["count:1", "count:2", "back"]
    play(state, 0, "count:2")
    targets = {a.split(":")[1] for a in state.legal_actions(0) if a.startswith("to:")}
    assert targets == {"atlas", "pan", "demeter", "arethuse"}  # streets and the bridge
    play(state, 0, "to:arethuse")
    assert state.count("gaia", 0, CIV["maya"]) == 1
    assert state.count("arethuse", 0, CIV["maya"]) == 2
    assert state.hands[0][CIV["maya"]] == 1 and state.choice == ()


@pytest.mark.rule("UT-16")
def test_sea_move_between_maritime_districts_of_touching_sectors() -> None:
    state = empty_city(new_state(3))
    put(state, "neree", 0, "persian")  # West
    put(state, "zephyr", 0, "persian")  # East
    give(state, 0, persian=2)
    turn_of(state, 0)
    play(state, 0, "move", "src:neree:persian")
    targets = {a.split(":")[1] for a in state.legal_actions(0) if a.startswith("to:")}
    assert {"atlas", "thalassa", "vesta", "etna"} <= targets  # West and South
    assert not targets & {"zephyr", "notos"}  # East does not touch West
    play(state, 0, "to:etna")
    assert state.events[-1].msg.id == "utopia.ev.moved_sea"
    play(state, 0, "move", "src:zephyr:persian")
    targets = {a.split(":")[1] for a in state.legal_actions(0) if a.startswith("to:")}
    assert {"notos", "vesta", "etna", "thalassa"} <= targets and "atlas" not in targets


@pytest.mark.rule("UT-16")
def test_add_a_prince_only_where_a_monument_of_that_civilisation_stands() -> None:
    state = empty_city(new_state(3))
    state.monuments["hestia"] = (1, CIV["egyptian"])
    state.monuments["vesta"] = (2, CIV["greek"])
    give(state, 0, egyptian=1)
    turn_of(state, 0)
    play(state, 0, "add", "civ:egyptian")
    assert state.legal_actions(0) == ["to:hestia", "back"]
    play(state, 0, "to:hestia")
    assert state.count("hestia", 0, CIV["egyptian"]) == 1 and state.supply[0][CIV["egyptian"]] == 7


@pytest.mark.rule("UT-16")
def test_remove_a_prince_from_a_monument_district_for_2_points() -> None:
    state = empty_city(new_state(3))
    state.monuments["hestia"] = (1, CIV["egyptian"])
    put(state, "hestia", 0, "maya")
    put(state, "pan", 0, "egyptian")
    give(state, 0, egyptian=1)
    turn_of(state, 0)
    play(state, 0, "remove")  # the civilisation and the district: one question
    assert state.legal_actions(0) == ["src:hestia:egyptian", "back"]
    play(state, 0, "src:hestia:egyptian")
    assert state.count("hestia", 0, CIV["maya"]) == 0 and state.supply[0][CIV["maya"]] == 8
    assert state.scores[0] == 2 and state.monuments["hestia"] == (1, CIV["egyptian"])


@pytest.mark.rule("UT-16")
def test_influence_raises_one_step_or_puts_at_1_for_two_cards() -> None:
    state = new_state(3)
    state.scale = [CIV[c] for c in ("maya", "persian", "egyptian", "greek", "chinese")]
    give(state, 0, persian=1, greek=2)
    state.privileges[0] = 0
    turn_of(state, 0)
    play(state, 0, "influence")  # the civilisation and the mode: one question
    assert state.legal_actions(0) == ["up:persian", "up:greek", "down:greek", "back"]
    play(state, 0, "up:persian")  # (put at 1 needs 2 cards: not offered for Persian)
    assert [CIVS[c] for c in state.scale] == ["maya", "egyptian", "persian", "greek", "chinese"]
    play(state, 0, "influence", "down:greek")
    assert [CIVS[c] for c in state.scale] == ["greek", "maya", "egyptian", "persian", "chinese"]
    assert sum(state.hands[0]) == 0


@pytest.mark.rule("UT-16")
def test_top_civilisation_cannot_rise_and_bottom_cannot_be_put_at_1() -> None:
    state = new_state(3)
    top, bottom = state.scale[-1], state.scale[0]
    give(state, 0, **{CIVS[top]: 2, CIVS[bottom]: 2})
    turn_of(state, 0)
    play(state, 0, "influence")
    legal = state.legal_actions(0)
    assert f"down:{CIVS[top]}" in legal and f"up:{CIVS[top]}" not in legal
    assert f"up:{CIVS[bottom]}" in legal and f"down:{CIVS[bottom]}" not in legal


@pytest.mark.rule("UT-16")
def test_actions_need_a_card_of_their_civilisation() -> None:
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "maya")
    give(state, 0, greek=1)
    state.privileges[0] = 0
    turn_of(state, 0)
    assert "move" not in state.legal_actions(0)
    put(state, "pan", 0, "greek")
    state._changed()
    play(state, 0, "move")
    assert "civ:maya" not in state.legal_actions(0)
    with pytest.raises(IllegalAction):
        state.apply(0, "civ:maya")


@pytest.mark.rule("UT-17")
def test_privilege_plays_a_card_as_another_civilisation_once() -> None:
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "maya")
    give(state, 0, greek=2)
    state.privileges[0] = 1
    turn_of(state, 0)
    play(state, 0, "move", "src:gaia:maya", "to:pan")  # the one way to pay: automatic
    assert state.privileges[0] == 0 and state.hands[0][CIV["greek"]] == 1
    assert any(e.msg.id == "utopia.ev.privilege_used" for e in state.events)
    assert "move" not in state.legal_actions(0)  # no token left: greek cannot pay for maya


@pytest.mark.rule("UT-17")
def test_own_card_pays_unasked_and_a_privilege_is_asked_for() -> None:
    """The action's own card pays without a question; "Pay with a privilege" (an extra
    choice among the civilisations) lets the player choose the card."""
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "maya")
    give(state, 0, maya=1, greek=1)
    turn_of(state, 0)
    play(state, 0, "move")
    assert "privilege" in state.legal_actions(0)
    play(state, 0, "src:gaia:maya", "to:pan")
    assert state.pending().prompt.id == "utopia.ask.main"  # carried out, nothing asked
    assert state.privileges[0] == 2 and state.hands[0] == [0, 0, 0, 1, 0]
    assert state.count("pan", 0, CIV["maya"]) == 1


@pytest.mark.rule("UT-17")
def test_pay_step_offers_the_own_card_or_a_privilege_when_asked() -> None:
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "maya")
    give(state, 0, maya=1, greek=1)
    turn_of(state, 0)
    play(state, 0, "move", "privilege")
    assert state.legal_actions(0) == ["src:gaia:maya", "back"]  # no second "privilege"
    play(state, 0, "src:gaia:maya", "to:pan")
    assert state.legal_actions(0) == ["pay:maya", "pay:greek", "back"]
    play(state, 0, "pay:greek")
    assert state.privileges[0] == 1 and state.hands[0] == [1, 0, 0, 0, 0]


@pytest.mark.rule("UT-17")
def test_no_privilege_choice_with_one_civilisation_in_hand() -> None:
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "maya")
    give(state, 0, maya=2)
    turn_of(state, 0)
    play(state, 0, "move")
    assert "privilege" not in state.legal_actions(0)


@pytest.mark.rule("UT-18")
def test_card_limit_at_the_end_of_the_turn() -> None:
    state = new_state(3)
    give(state, 0, maya=4, greek=3)
    turn_of(state, 0)
    play(state, 0, "end")
    assert state.current == 0 and "back" in state.legal_actions(0)
    play(state, 0, "discard:maya")
    assert "back" not in state.legal_actions(0)
    play(state, 0, "discard:greek")
    assert state.current == 1 and sum(state.hands[0]) == 5


@pytest.mark.rule("UT-16")
def test_a_turn_ended_without_acting_is_said_at_normal_verbosity() -> None:
    """Players hear that a player (a bot, often) let its turn go; after acting, the end of the
    turn is a detail (full verbosity)."""
    state = new_state(3)
    turn_of(state, 0)
    play(state, 0, "end")
    ends = [e for e in state.events if e.msg.id.startswith("utopia.ev.end_turn")]
    assert [e.msg.id for e in ends] == ["utopia.ev.end_turn_idle"]
    idle = ends[0]
    assert idle.level == Verbosity.NORMAL and idle.msg.params["seat"].seat == 0
    give(state, 1, maya=1)
    state.scale = [CIV[c] for c in ("maya", "persian", "egyptian", "greek", "chinese")]
    play(state, 1, "influence")
    play(state, 1, "up:maya")
    assert state.current == 1 and not state.choice  # raised, paid with the one card
    play(state, 1, "end")
    last = [e for e in state.events if e.msg.id.startswith("utopia.ev.end_turn")][-1]
    assert last.msg.id == "utopia.ev.end_turn" and last.level == Verbosity.FULL


@pytest.mark.rule("UT-18")
def test_unplayed_cards_carry_over_to_the_next_round() -> None:
    state = new_state(3)
    give(state, 0, chinese=3)
    for seat in (1, 2):
        give(state, seat)
    state._score_round()
    assert state.hands[0][CIV["chinese"]] == 3 and state.round == 2


# --- phase 3 and the end -------------------------------------------------------------------------
@pytest.mark.rule("UT-19")
def test_scoring_by_the_scale_value_of_each_controlled_district() -> None:
    state = new_state(3)
    state.scale = [CIV[c] for c in ("maya", "persian", "egyptian", "greek", "chinese")]
    state.monuments = {"gaia": (0, CIV["chinese"]), "pan": (0, CIV["maya"]),
                       "etna": (1, CIV["greek"])}
    order = list(state.order)
    state._score_round()
    assert state.scores == [5 + 1, 4, 0]
    gains = [e.msg.params["seat"].seat for e in state.events if e.msg.id == "utopia.ev.gain"]
    assert gains == [s for s in order if s in (0, 1)]  # in turn order
    said = [e for e in state.events if e.msg.id == "utopia.ev.scored"]
    assert len(said) == 1 and said[0].level == Verbosity.BRIEF  # one sentence for all, at brief too
    assert [m.params["seat"].seat for m in said[0].msg.params["seats"]] == gains


@pytest.mark.rule("UT-19")
def test_a_scoring_where_nobody_scores_says_so() -> None:
    """"Phase 3: scoring." is not left hanging when no one controls a district."""
    state = new_state(3)
    state._score_round()
    ids = [e.msg.id for e in state.events]
    phase3 = ids.index("utopia.ev.phase3")
    assert ids[phase3 + 1:phase3 + 3] == ["utopia.ev.scale_now", "utopia.ev.no_score"]
    assert state.events[phase3 + 2].level <= Verbosity.NORMAL


@pytest.mark.rule("UT-20")
def test_game_ends_at_50_after_scoring_highest_wins() -> None:
    state = new_state(3)
    state.scores = [45, 49, 10]
    state.monuments = {"gaia": (0, state.scale[-1])}
    state._score_round()
    assert state.pending() is None and state.scores[0] == 50
    assert state.outcome().winners == frozenset({0})


@pytest.mark.rule("UT-20")
def test_below_50_the_game_goes_on() -> None:
    state = new_state(3)
    state.scores = [45, 40, 10]
    state._score_round()
    assert state.pending() is not None and state.round == 2


@pytest.mark.rule("UT-20")
def test_tie_goes_to_more_districts_then_shared() -> None:
    state = new_state(3)
    state.scores = [50, 50, 1]
    state.monuments = {"gaia": (1, state.scale[0]), "pan": (1, state.scale[0]),
                       "etna": (0, state.scale[0])}
    state.scores = [49, 48, 1]  # +1 per district: 50 and 50
    state._score_round()
    assert state.scores[:2] == [50, 50] and state.outcome().winners == frozenset({1})
    state = new_state(3)
    state.scores = [50, 50, 1]
    state._score_round()
    assert state.outcome().winners == frozenset({0, 1})


@pytest.mark.rule("UT-20")
def test_a_shared_win_is_told_score_first_then_every_winner_in_one_sentence() -> None:
    """A tie says the score, then the winners in one whole sentence (never cut in two)."""
    state = new_state(5)
    state.scores = [50, 50, 50, 1, 50]
    start = len(state.events)
    state._score_round()
    said = [e.msg for e in state.events[start:]][-3:]
    assert [m.id for m in said] == ["utopia.ev.tie", "utopia.ev.tie_names", "utopia.ev.final"]
    assert said[0].params["score"] == 50
    assert said[1].params["seats"] == [PlayerRef(0), PlayerRef(1), PlayerRef(2), PlayerRef(4)]
    assert state.outcome().reason == said[0]  # the client names the winners after it


@pytest.mark.rule("UT-10")
def test_players_tied_without_scoring_keep_the_previous_first_then_round_the_table() -> None:
    state = new_state(4, 5)
    first = state.order[0]
    state._start_round()
    assert state.order == [first, *[(first + k) % 4 for k in (1, 2, 3)]]


@pytest.mark.rule("UT-16")
def test_back_from_paying_returns_to_the_last_question_asked() -> None:
    """One prince in Gaia: how many to move is answered for the player. Back at the payment
    goes to "To which district?", never to a "How many?" question with 1 as the only answer."""
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "maya")
    give(state, 0, maya=1, greek=1)
    turn_of(state, 0)
    play(state, 0, "move", "privilege", "src:gaia:maya")
    to_menu = state.legal_actions(0)
    assert state.pending().prompt.id == "utopia.ask.to_from"  # "1 Maya from Gaïa: where to?"
    play(state, 0, "to:pan")
    assert state.pending().prompt.id == "utopia.ask.pay"
    play(state, 0, "back")
    assert state.pending().prompt.id == "utopia.ask.to_from"
    assert state.legal_actions(0) == to_menu
    play(state, 0, "back")  # and back again: the civilisation and the district it leaves
    assert state.pending().prompt.id == "utopia.ask.civ_move"
    assert "src:gaia:maya" in state.legal_actions(0)
