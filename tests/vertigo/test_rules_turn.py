"""A turn's first two phases: VG-11 to VG-19."""

from __future__ import annotations

import random

import pytest

from a11y_games.games.vertigo.country import CLEAN, EMPTY, PEOPLE, POLLUTED, POLLUTING
from a11y_games.i18n import Translator
from tests.vertigo.helpers import do, finish_management, ids, people, seat_now, started


def to_turn(state, turn: int) -> None:
    """Play quiet turns (everybody done, no law) until ``turn`` starts."""
    while state.turn < turn:
        seat = seat_now(state)
        actions = state.legal_actions(seat)
        if state.phase == "first":
            state.apply(seat, actions[0])
        elif "done" in actions and not state.path:
            state.apply(seat, "done")
        elif "pass" in actions:
            state.apply(seat, "pass")
        else:
            state.apply(seat, actions[0])


def test_vg11_turn_marker_and_first_player_designation() -> None:
    """VG-11: the turn advances; the last first player names another; play goes clockwise."""
    state = started(4, 2, pawns=4)
    assert state.turn == 1
    first = state.first
    assert state.order == [(first + i) % 4 for i in range(4)]
    finish_management(state)
    while state.phase != "first":
        seat = seat_now(state)
        state.apply(seat, "pass" if "pass" in state.legal_actions(seat)
                    else state.legal_actions(seat)[0])
    assert state.turn == 2 and seat_now(state) == first
    options = state.legal_actions(first)
    assert f"first:{first}" not in options and len(options) == 3
    chosen = (first + 2) % 4
    state.apply(first, f"first:{chosen}")
    assert state.order == [chosen, (chosen + 1) % 4, (chosen + 2) % 4, (chosen + 3) % 4]
    firsts = {started(4, seed, pawns=4).first for seed in range(12)}
    assert len(firsts) > 1  # turn 1: drawn at random


def test_vg12_coin_from_turn_eleven() -> None:
    """VG-12: no coin before turn 11; from turn 11 a fair coin may end the game."""
    state = started(2, 1, pawns=4)
    to_turn(state, 10)
    assert "vertigo.event.coin_end" not in ids(state)
    assert "vertigo.event.coin_continue" not in ids(state)
    ends = 0
    for seed in range(200):
        trial = started(2, 1, pawns=4)
        trial.turn = 10
        trial.rng = random.Random(seed)
        mark = len(trial.events)
        trial._start_turn()
        tossed = ids(trial, mark)
        assert ("vertigo.event.coin_end" in tossed) != ("vertigo.event.coin_continue" in tossed)
        ends += trial.outcome() is not None
    assert 70 < ends < 130


def test_vg13_steps_in_order() -> None:
    """VG-13: management goes a) to f): after building, students may no longer move."""
    state = started(2, 1)
    seat = seat_now(state)
    c = state.countries[seat]
    c.fresh[0] = 3
    do(state, seat)
    assert "step:move" in state.legal_actions(seat)
    do(state, seat, "step:build", "kind:polluting", "region:0", "province:0")
    do(state, seat)
    assert "step:move" not in state.legal_actions(seat)
    assert "step:build+kind:polluting" in state.legal_actions(seat)
    do(state, seat, "step:train", "region:0")
    do(state, seat)
    assert state.legal_actions(seat) == ["done"]
    do(state, seat, "done")
    assert seat_now(state) == state.order[1]


def test_vg14_upkeep_paid_to_bank_and_vault_not_in_turn_one() -> None:
    """VG-14: 1 $ per student, engineer, diplomat; diplomats' to the vault; none in turn 1."""
    state = started(2, 1, pawns=4)
    seat = state.order[0]
    c = state.countries[seat]
    c.fresh[0], c.diplomats = 2, 3
    assert "vertigo.event.upkeep" not in ids(state)
    to_turn(state, 2)
    while seat_now(state) != seat:
        do(state, seat_now(state), "done")
    events = state.events
    paid = [(e.msg.params["due"], events[i + 1].msg) for i, e in enumerate(events)
            if e.msg.id == "vertigo.event.upkeep" and e.msg.params["player"].seat == seat
            and e.visible_to == frozenset({seat})]  # what the payer hears (brief)
    assert [(due, m.id, m.params["vault"]) for due, m in paid] == [
        (5, "vertigo.event.upkeep_vault", 3)]  # the vault's share on the next line
    money, vault, bank = c.money, state.vault, state.bank
    state._settle_upkeep(seat)  # what the same upkeep does to the money, once more
    assert (c.money, state.vault, state.bank) == (money - 5, vault + 3, bank + 2)


def test_vg14_unpaid_pawns_removed_by_choice_and_factory_destroyed() -> None:
    """VG-14: short of money, the player removes pawns; a factory without engineers goes."""
    state = started(2, 1, pawns=4)
    seat = state.order[0]
    c = state.countries[seat]
    c.prov[0][0], c.eng[0][0] = CLEAN, 2
    c.fresh[1] = 1
    c.diplomats = 1
    to_turn(state, 2)
    while seat_now(state) != seat:
        other = seat_now(state)
        do(state, other, "done")
    c.money = 2
    state.refresh()
    state._settle_upkeep(seat)
    state.refresh()
    assert state.phase == "upkeep"
    prompt = state.pending().prompt  # 4 pawns, 4 $ due, 2 $ in the safe
    assert Translator("en").render(prompt) == "Upkeep 4 $: remove 2 pawns."
    assert Translator("fr").render(prompt) == "Entretien 4 $ : retirez 2 pions."
    options = state.legal_actions(seat)
    assert set(options) == {"drop:student:1", "drop:diplomat", "region:0"}
    state.apply(seat, "region:0")
    assert state.legal_actions(seat) == ["drop:factory:0:0", "back"]
    assert state.describe(seat, "drop:factory:0:0").params["count"] == 2
    state.apply(seat, "drop:factory:0:0")
    assert c.prov[0][0] == PEOPLE and c.eng[0][0] == 0
    assert "vertigo.event.factory_destroyed" in ids(state)
    assert state.phase == "manage" and c.money == 0  # 2 pawns left, 2 $ paid


def test_vg15_students_move_once_engineers_and_diplomats_never() -> None:
    """VG-15: one free move per student per turn: region, C.N.U. or a factory."""
    state = started(2, 1)
    seat = seat_now(state)
    c = state.countries[seat]
    c.fresh[0] = 2
    do(state, seat, "step:move", "from:0", "to:1")
    assert c.fresh == [1, 0, 0] and c.moved == [0, 1, 0]
    do(state, seat, "step:move")
    assert state.legal_actions(seat) == ["from:0", "back", "done"]  # the moved one may not go on
    state.apply(seat, "from:0")
    state.apply(seat, "to:cnu")
    assert c.diplomats == 1 and c.fresh == [0, 0, 0]
    assert "step:move" not in state.legal_actions(seat)
    assert c.money == 35  # moves are free
    c.prov[1][0] = PEOPLE
    do(state, seat)
    assert "step:build" not in state.legal_actions(seat)  # the mover already moved


def test_vg16_build_and_transform_prices_and_engineers() -> None:
    """VG-16: 5/10/10 $ with engineers from the region's centre; transform 5 $ + 1 engineer."""
    state = started(2, 1)
    seat = seat_now(state)
    c = state.countries[seat]
    c.money = 100
    c.fresh[0] = 6
    do(state, seat, "step:build", "kind:polluting", "region:0", "province:0")
    assert c.money == 95 and c.prov[0][0] == POLLUTING and c.eng[0][0] == 1
    do(state, seat, "step:build", "kind:clean", "region:0", "province:1")
    do(state, seat, "step:build", "kind:treatment", "region:0", "province:2")
    assert c.money == 75 and c.fresh[0] == 1
    do(state, seat, "step:transform")
    assert state.legal_actions(seat) == ["region:0+first", "back", "done"]
    labels = state.describe(seat, "region:0+first")
    assert labels.params["price"] == 5
    state.apply(seat, "region:0+first")
    assert c.money == 70 and c.prov[0][0] == CLEAN and c.eng[0][0] == 2 and c.fresh[0] == 0
    c.fresh[1] = 2  # students of an unpeopled region build nothing in the right region
    do(state, seat)
    assert not any(a.startswith("step:build") for a in state.legal_actions(seat))


def test_vg17_depollution_down_to_planet_level() -> None:
    """VG-17: a region above the planet may be cleaned to its level, 5 $ a province, to vault."""
    state = started(2, 1)
    seat = seat_now(state)
    c = state.countries[seat]
    c.prov[1][:4] = [POLLUTED] * 4
    state.planet = 20
    vault = state.vault
    do(state, seat, "step:depollute")
    assert state.legal_actions(seat) == ["region:1+first", "other", "back", "done"]
    assert state.describe(seat, "region:1+first").params["price"] == 5
    state.apply(seat, "region:1+first")
    state.apply(seat, "region:1+first")  # still in the where menu: the next one, B
    assert c.prov[1][:2] == [EMPTY, EMPTY]
    assert c.pollution(1) == 20 and state.vault == vault + 10 and c.money == 25
    assert "step:depollute" not in state.legal_actions(seat)  # at the planet's level now


def test_vg18_population_price_and_moves() -> None:
    """VG-18: new pawns 5 $ on empty provinces; free moves inside a region, 1 $ between."""
    state = started(2, 1)
    seat = seat_now(state)
    c = state.countries[seat]
    c.prov[0][9] = POLLUTED
    do(state, seat, "step:population", "pop:buy", "region:0")
    assert "province:9" not in state.legal_actions(seat)  # polluted is not empty
    state.apply(seat, "province:5")
    assert c.money == 30 and c.prov[0][5] == PEOPLE
    do(state, seat, "step:population", "pop:move", "region:0", "province:0", "region:0")
    assert state.describe(seat, "province:6").params["price"] == 0
    state.apply(seat, "province:6")
    assert c.money == 30 and c.prov[0][0] == EMPTY and c.prov[0][6] == PEOPLE
    do(state, seat, "step:population", "pop:move", "region:0", "province:1", "region:2",
       "province:3")
    assert c.money == 29 and c.prov[2][3] == PEOPLE and c.prov[0][1] == EMPTY


def test_vg19_training_needs_five_people_once_per_turn() -> None:
    """VG-19: a region with 5 pawns trains one student a turn, 5 $, on its central space."""
    state = started(2, 1, pawns=5)
    seat = seat_now(state)
    c = state.countries[seat]
    people(state, seat, 1, 0, 1, 2, 3)
    do(state, seat, "step:train")
    assert state.legal_actions(seat) == ["region:0", "back", "done"]
    state.apply(seat, "region:0")
    assert c.money == 30 and c.waiting(0) == 1
    do(state, seat)
    assert "step:train" not in state.legal_actions(seat)


@pytest.mark.parametrize("players", [2, 4])
def test_management_labels_state_costs(players: int) -> None:
    """Menus state the cost before confirming (VG-16, VG-18)."""
    state = started(players, 1)
    seat = seat_now(state)
    state.countries[seat].fresh[0] = 2
    do(state, seat)
    kinds = {a.partition("+")[2]: state.describe(seat, a)
             for a in state.legal_actions(seat) if a.startswith("step:build+")}
    assert kinds["kind:polluting"].params["price"] == 5
    assert kinds["kind:clean"].params["price"] == 10
