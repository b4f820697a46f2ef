"""Components and setup: VG-01 to VG-10."""

from __future__ import annotations

import pytest

from a11y_games.engine import IllegalAction, Verbosity
from a11y_games.engine.spec import OptionError
from a11y_games.games.vertigo import SPEC, data
from a11y_games.games.vertigo.country import CLEAN, PEOPLE, POLLUTING, TREATMENT
from a11y_games.i18n import Translator
from tests.vertigo.helpers import do, new, people, seat_now, started


def test_vg01_two_to_four_players_with_colours() -> None:
    """VG-01: 2 to 4 players; each country has its colour on the board."""
    with pytest.raises(OptionError):
        SPEC.settings(1, 0)
    with pytest.raises(OptionError):
        SPEC.settings(5, 0)
    state = new(4)
    colours = [line.params["colour"].id for line in state.board(0) if "colour" in line.params]
    assert colours == [f"vertigo.colour.{c}" for c in ("blue", "yellow", "red", "green")]


def test_vg02_three_regions_of_ten_provinces_two_rows() -> None:
    """VG-02: 3 regions of 10 provinces in two rows of five; a central space for students."""
    state = new(2)
    assert [len(row) for row in state.countries[0].prov] == [10, 10, 10]
    assert data.ADJACENT[0] == (1, 5)          # province A touches B and F
    assert data.ADJACENT[4] == (3, 9)          # province E touches D and J
    assert data.ADJACENT[6] == (1, 5, 7)       # province G touches B, F and H
    assert "".join(data.PROVINCE_NAMES) == "ABCDEFGHIJ"
    seat = seat_now(state)
    do(state, seat, "step:student", "to:1")
    assert state.countries[seat].waiting(1) == 1
    assert state.board(seat, "centre")[-1].params["count"] == 1


def test_vg03_stock_limits_refused_with_clear_message() -> None:
    """VG-03: 90 population, 25 students per colour, 20/28/12 factories, 100 markers."""
    assert data.STOCK_POPULATION == 90 and data.STOCK_STUDENTS_PER_COLOUR == 25
    assert data.STOCK_FACTORIES == {"polluting": 20, "clean": 28, "treatment": 12}
    assert data.STOCK_MARKERS == 100
    state = new(4)
    seat = seat_now(state)
    for other in range(4):  # 90 population pawns on the table
        for r in range(3):
            people(state, other, r, *range(10 if other < 3 else 0))
    assert state.population_in_play() == 90
    assert "step:population" not in state.legal_actions(seat)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, "step:population")
    assert info.value.msg.id == "vertigo.error.stock"
    # twenty polluting factories stand elsewhere: none left to buy
    state = new(4)
    seat = seat_now(state)
    other = (seat + 1) % 4
    for r in range(2):
        state.countries[other].prov[r] = [POLLUTING] * 10
        state.countries[other].eng[r] = [1] * 10
    people(state, seat, 0, 0)
    do(state, seat, "step:student", "to:0")
    do(state, seat, "step:student", "to:0")
    do(state, seat)
    assert "step:build+kind:polluting" not in state.legal_actions(seat)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, "step:build+kind:polluting")
    assert info.value.msg.id == "vertigo.error.stock"
    # a colour's 25 students
    state = new(2)
    seat = seat_now(state)
    state.countries[seat].diplomats = 25
    assert "step:student" not in state.legal_actions(seat)


@pytest.mark.rule("VG-03")
def test_vg03_the_build_menu_says_which_factory_is_out_of_stock() -> None:
    """VG-03: the last polluting factory built is announced to all; a player opening the
    build menu afterwards hears why polluting factories are not offered."""
    state = new(4)
    seat = seat_now(state)
    other = state.order[-1]  # the last to buy holds 19 polluting factories: one left
    for r in range(2):
        state.countries[other].prov[r] = [POLLUTING] * 10
        state.countries[other].eng[r] = [1] * 10
    state.countries[other].prov[1][9] = PEOPLE
    state.countries[other].eng[1][9] = 0
    people(state, seat, 0, 0, 1)
    do(state, seat, "step:student", "to:0")
    do(state, seat, "step:student", "to:0")
    mark = len(state.events)
    do(state, seat, "step:build", "kind:polluting", "region:0", "province:0")
    out = [e for e in state.events[mark:] if e.msg.id == "vertigo.stock.out_polluting"]
    assert len(out) == 1 and out[0].visible_to is None
    tr = Translator("en")
    assert tr.render(out[0].msg) == "No polluting factory left: all 20 are built."
    assert Translator("fr").render(out[0].msg) == (
        "Plus d'usine polluante : les 20 sont bâties.")
    do(state, seat, "done")
    nxt = seat_now(state)
    people(state, nxt, 0, 0)
    do(state, nxt, "step:student", "to:0")
    do(state, nxt, "step:student", "to:0")  # two: a clean factory is possible
    mark = len(state.events)
    do(state, nxt, "step:build", "kind:clean")
    said = [e for e in state.events[mark:] if e.msg.id == "vertigo.stock.out_polluting"]
    assert len(said) == 1 and said[0].visible_to == frozenset({nxt})
    do(state, nxt)
    assert "step:build+kind:polluting" not in state.legal_actions(nxt)


@pytest.mark.rule("VG-03")
def test_vg03_a_build_step_gone_for_want_of_stock_is_explained() -> None:
    """VG-03, issue 27: with 9 $ only a polluting factory was affordable; none was left, so
    "Build" left the menu ("Population pawn, Student, Done") without a word. The player
    hears why, once a turn, and only they."""
    state = new(4)
    seat = seat_now(state)
    other = state.order[-1]  # twenty polluting factories stand elsewhere
    for r in range(2):
        state.countries[other].prov[r] = [POLLUTING] * 10
        state.countries[other].eng[r] = [1] * 10
    people(state, seat, 0, 0, 1)
    state.countries[seat].money = 19
    mark = len(state.events)
    do(state, seat, "step:student", "to:0")
    do(state, seat, "step:student", "to:0")
    do(state, seat)  # back to the top: 9 $ left
    assert state.countries[seat].money == 9
    assert not [a for a in state.legal_actions(seat) if a.startswith("step:build")]
    said = [e for e in state.events[mark:] if e.msg.id == "vertigo.stock.out_polluting"]
    assert [e.visible_to for e in said] == [frozenset({seat})]
    do(state, seat, "step:population", "region:0", "province:2")
    do(state, seat)
    assert len([e for e in state.events[mark:] if e.msg.id == "vertigo.stock.out_polluting"]) == 1


def test_vg04_pollution_die_has_six_faces() -> None:
    """VG-04: sun, sun, 1 cloud, 1 cloud, 2 clouds, cloud and arrow."""
    assert sorted(data.DIE_FACES) == sorted(["sun", "sun", "cloud", "cloud", "two_clouds",
                                             "arrow"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_vg05_vault_and_planet_at_start(players: int) -> None:
    """VG-05: the vault holds 25 $ per player; the planet starts at 0 %."""
    state = new(players)
    assert state.vault == 25 * players
    assert state.planet == 0


def test_vg06_each_player_gets_40_dollars_and_a_law_card() -> None:
    """VG-06: 40 $ and a law card with the five laws."""
    state = new(3)
    assert [c.money for c in state.countries] == [40, 40, 40]
    card = state.private(0)
    assert card[0].id == "vertigo.private.laws"
    assert [m.params["number"] for m in card[1:]] == [1, 2, 3, 4, 5]


def test_vg07_setup_order_drawn_at_random() -> None:
    """VG-07: the order of setup purchases is drawn from the seeded source."""
    orders = {tuple(new(4, seed).order) for seed in range(20)}
    assert len(orders) > 3
    assert new(4, 5).order == new(4, 5).order
    state = new(3, 2)
    assert seat_now(state) == state.order[0]
    said = state.events[0].msg  # who buys first, then the others in order: one line
    assert said.id == "vertigo.event.setup_order"
    assert said.params["player"].seat == state.order[0]
    assert [p.seat for p in said.params["players"]] == state.order[1:]
    seat = state.order[0]
    do(state, seat, "step:population", "region:0", "province:0")
    do(state, seat, "done")
    assert seat_now(state) == state.order[1]


def test_vg07_setup_prices_exact() -> None:
    """VG-07: each purchase at setup costs exactly its price; unspent money stays in the safe."""
    state = new(2, 4)
    seat = seat_now(state)
    c = state.countries[seat]
    do(state, seat, "step:population", "region:1", "province:2")
    do(state, seat, "step:population", "region:1", "province:3")
    do(state, seat, "step:student", "to:1")
    do(state, seat, "step:student", "to:1")
    assert c.money == 40 - 2 - 10
    do(state, seat, "step:build", "kind:treatment", "region:1", "province:2")
    assert c.money == 18 and c.prov[1][2] == TREATMENT
    do(state, seat, "done")
    assert c.money == 18


def test_vg08_one_pawn_per_province_and_factory_on_people() -> None:
    """VG-08: one population pawn per province; a factory stands on a populated province."""
    state = new(2)
    seat = seat_now(state)
    do(state, seat, "step:population", "region:0", "province:0")
    do(state, seat, "step:population")
    assert "region:0+first" in state.legal_actions(seat)
    assert state.describe(seat, "region:0+first").params["province"] == "B"  # A is taken
    state.apply(seat, "other")  # another province: the region, then the province
    state.apply(seat, "region:0")
    assert "province:0" not in state.legal_actions(seat)
    do(state, seat, "step:student", "to:0")
    do(state, seat, "step:student", "to:0")
    do(state, seat, "step:build", "kind:polluting")
    assert state.legal_actions(seat) == ["region:0+first", "back", "done"]
    state.apply(seat, "region:0+first")
    assert state.countries[seat].prov[0][0] == POLLUTING
    do(state, seat)
    assert not any(a.startswith("step:build") for a in state.legal_actions(seat))


def test_vg09_factories_take_engineers_from_students() -> None:
    """VG-09: a polluting factory takes 1 student, clean and treatment 2, as engineers."""
    state = new(2)
    seat = seat_now(state)
    c = state.countries[seat]
    people(state, seat, 0, 0, 1)
    do(state, seat, "step:student", "to:0")
    do(state, seat)
    assert [a for a in state.legal_actions(seat) if a.startswith("step:build")] == [
        "step:build+kind:polluting"]
    do(state, seat, "step:student", "to:0")
    do(state, seat, "step:student", "to:0")
    do(state, seat, "step:build", "kind:clean", "region:0", "province:0")
    assert c.eng[0][0] == 2 and c.waiting(0) == 1 and c.prov[0][0] == CLEAN
    do(state, seat, "step:build", "kind:polluting", "region:0", "province:1")
    assert c.eng[0][1] == 1 and c.waiting(0) == 0 and c.engineers() == 3


def test_vg10_students_to_cnu_or_central_space() -> None:
    """VG-10: a student goes to the C.N.U. as diplomat or waits on a central space."""
    state = new(2)
    seat = seat_now(state)
    do(state, seat, "step:student", "to:cnu")
    do(state, seat, "step:student", "to:2")
    c = state.countries[seat]
    assert c.diplomats == 1 and c.waiting(2) == 1 and c.students() == 1


def test_setup_needs_people_before_done() -> None:
    """Decision (VG-07): a country may not finish setup without a population pawn."""
    state = new(2)
    seat = seat_now(state)
    assert "done" not in state.legal_actions(seat)
    for _ in range(7):
        do(state, seat, "step:student", "to:cnu")
    assert state.countries[seat].money == 5
    do(state, seat)
    assert "step:student" not in state.legal_actions(seat)  # 1 $ kept for the first pawn
    do(state, seat, "step:population", "region:0", "province:0")
    do(state, seat)
    assert "done" in state.legal_actions(seat)


def test_started_helper_reaches_turn_one() -> None:
    state = started(3)
    assert state.turn == 1 and state.phase == "manage"
    assert all(c.prov[0][:5] == [PEOPLE] * 5 for c in state.countries)


def test_vg07_done_offered_in_every_setup_menu_once_finishing_is_legal() -> None:
    """VG-07: after a purchase, deep in a menu, the player may say done straight away."""
    state = new(2)
    seat = seat_now(state)
    do(state, seat, "step:population", "region:0", "province:0")
    assert state.path == ["step:population"]  # still in the where menu: one choice a pawn
    assert state.legal_actions(seat)[-2:] == ["back", "done"]
    state.apply(seat, "done")
    assert seat_now(state) != seat and state.countries[seat].money == 39


def test_vg07_money_spent_to_nothing_leaves_only_done() -> None:
    """VG-07: with every dollar spent, the only choice left is done: never stuck."""
    state = new(2)
    seat = seat_now(state)
    do(state, seat, "step:population", "region:0", "province:0")
    for _ in range(7):
        do(state, seat, "step:student", "to:cnu")
    do(state, seat, "step:population", "region:1", "province:0")
    for p in range(1, 4):
        state.apply(seat, "region:1+first")
        assert state.countries[seat].prov[1][p] == PEOPLE
    assert state.countries[seat].money == 0
    assert state.legal_actions(seat) == ["done"]


def test_vg07_setup_prompt_says_why_done_is_missing() -> None:
    """Decision (VG-07): before the first pawn, the prompt says to buy people first."""
    state = new(2)
    seat = seat_now(state)
    pending = state.pending()
    assert pending is not None and pending.prompt.id == "vertigo.prompt.setup_people"
    assert "done" not in state.legal_actions(seat)
    do(state, seat, "step:population", "region:0", "province:0")
    do(state, seat)
    assert state.pending().prompt.id == "vertigo.prompt.setup"  # type: ignore[union-attr]


def shown(state, seat: int | None, start: int, level: Verbosity = Verbosity.NORMAL) -> list[str]:
    """The lines ``seat`` hears from ``start`` on at ``level`` (the client's filter)."""
    tr = Translator("en")
    return [tr.render(e.msg) for e in state.events[start:]
            if e.visible(seat) and e.level <= level]


@pytest.mark.rule("VG-07")
def test_vg07_setup_purchases_are_confirmed_and_placements_said_at_normal() -> None:
    """VG-07: at normal verbosity the buyer hears each pawn placed; once a country is done,
    everybody hears where its population stands."""
    state = new(2)
    seat = seat_now(state)
    other = 1 - seat
    mark = len(state.events)
    do(state, seat, "step:population", "region:0", "province:0")
    said = "adds population: right A, 1 $."  # what, where and the price: one line
    assert shown(state, seat, mark)[-1].endswith(said)
    assert shown(state, other, mark) == []  # each move is for full verbosity
    assert shown(state, other, mark, Verbosity.FULL)[-1].endswith(said)
    do(state, seat, "step:population", "region:0", "province:2")
    do(state, seat, "step:population", "region:2", "province:9")
    mark = len(state.events)
    do(state, seat, "done")
    heard = shown(state, other, mark)
    name = "Player 1" if seat == 0 else "Player 2"
    assert f"{name}, right region: population 2." in heard  # whose region, said
    assert f"{name}, left region: population 1." in heard
    assert not any("centre region" in line for line in heard)
