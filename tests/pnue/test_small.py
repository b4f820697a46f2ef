"""2, 3 or 4 players, with fictive players (PN-60..PN-69)."""

from __future__ import annotations

import pytest

from a11y_games.games.pnue import data
from a11y_games.games.pnue.data import DOLLAR, LOB
from tests.pnue.helpers import act, elect, enact, fail_vote, human_nominee, ids, new


def fictive_left_of_human(players: int) -> tuple[object, int, int]:
    """A state whose first President has a fictive player on the left: (state, human, fictive)."""
    for seed in range(200):
        state = new(players, seed=seed)
        for human in range(players):
            left = state.left_of(human)
            if state.is_fictive(left):
                return new(players, seed=seed, first=str(human + 1)), human, left
    raise AssertionError("no seating found")


@pytest.mark.rule("PN-60")
@pytest.mark.parametrize(("players", "fictive"), [(2, 1), (3, 2), (4, 1)])
def test_pn60_fictive_players_sit_as_extra_seats_without_mr_dollar(players: int,
                                                                    fictive: int) -> None:
    """PN-60: no Mr Dollar card; each fictive player is an extra seat with a name."""
    for seed in range(20):
        state = new(players, seed=seed)
        assert DOLLAR not in state.roles and state.dollar is None
        assert state.seat_count == players + fictive
        assert sorted(state.fictive) == list(range(players, players + fictive))
        assert state.extra_seat_name(players).id == "pnue.fictive.name"
        assert state.extra_seat_name(0) is None
        assert all(s < players for s in state.pending().seats)


@pytest.mark.rule("PN-61")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_pn61_envelope_piles_as_in_the_table(players: int) -> None:
    """PN-61: the kept pile's envelopes: players' interests, fictive interests and tiles."""
    for seed in range(30):
        state = new(players, seed=seed)
        kept = data.FICTIVE_PILES[players][state.setup.pile_choice]
        humans = sorted(e[0] for e in kept if e[1] + e[2] == 0)
        fictive = sorted((e[0], e[1], e[2]) for e in kept if e[1] + e[2])
        assert sorted(state.roles[:players]) == humans
        got = sorted((state.roles[s], tiles.count(LOB), len(tiles) - tiles.count(LOB))
                     for s, tiles in state.fictive.items())
        assert got == fictive


@pytest.mark.rule("PN-62")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_pn62_pile_kept_at_random_unseen_tiles_back_in_the_draw(players: int) -> None:
    """PN-62: the kept pile varies; nobody is told which; set-aside tiles go back unseen."""
    choices = set()
    for seed in range(30):
        state = new(players, seed=seed)
        choices.add(state.setup.pile_choice)
        assert state.tile_total() == 23
        in_fictive = sum(len(t) for t in state.fictive.values())
        assert len(state.pile) == 23 - in_fictive
        assert all(e.msg.id != "pnue.roles.pile" or e.visible_to is None for e in state.events)
        for e in state.events:
            assert "pile_choice" not in e.msg.params
    assert choices == set(range(len(data.FICTIVE_PILES[players])))


@pytest.mark.rule("PN-63")
def test_pn63_three_players_fictive_never_side_by_side() -> None:
    for seed in range(60):
        state = new(3, seed=seed)
        a, b = state.fictive
        assert state.left_of(a) != b and state.left_of(b) != a


@pytest.mark.rule("PN-64")
def test_pn64_fictive_president_passes_with_no_consensus() -> None:
    """PN-64: a fictive President passes at once: a No consensus card, the next presides."""
    state, _, fictive = fictive_left_of_human(4)
    fail_vote(state)
    assert state.no_consensus == 2  # the rejection, then the fictive pass
    assert state.president == state.left_of(fictive)
    assert "pnue.turn.fictive_passes" in ids(state.events)


@pytest.mark.rule("PN-65")
def test_pn65_fictive_votes_for_itself_only() -> None:
    """PN-65: a fictive player votes Approved when nominated, Rejected otherwise."""
    state = new(3, seed=2)
    a, b = state.fictive
    act(state, 0, f"nominate:{a}")
    assert state.votes == {a: True, b: False}
    assert all(s < 3 for s in state.pending().seats)


@pytest.mark.rule("PN-66")
def test_pn66_fictive_secretary_two_tiles_unseen() -> None:
    """PN-66: two tiles from the fictive pile, shuffled; one discarded unseen, one enacted."""
    state = new(2, seed=5)
    fictive = 2
    before = list(state.fictive[fictive])
    elect(state, fictive)
    assert len(state.fictive[fictive]) == len(before) - 2
    assert len(state.enacted) == 1 and len(state.discards) == 1
    assert sorted(state.enacted + state.discards) == sorted(before[-2:])
    assert state.records[fictive] == state.enacted and state.records[0] == state.enacted
    assert not any(e.msg.id == "pnue.draw.private" for e in state.events)
    assert state.president == 1 or state.phase in ("investigate", "revoke")


@pytest.mark.rule("PN-67")
def test_pn67_empty_fictive_player_no_longer_plays() -> None:
    """PN-67: no tiles left: never nominated, no vote, never presides."""
    state = new(4, seed=1)
    fictive = 4
    state.fictive[fictive] = []
    state._begin_turn(state.president)
    state._refresh()
    assert f"nominate:{fictive}" not in state.legal_actions(state.president)
    act(state, state.president, state.legal_actions(state.president)[0])
    assert fictive not in state.votes
    for _ in range(6):
        assert state.president != fictive
        fail_vote(state)


@pytest.mark.rule("PN-68")
def test_pn68_two_players_end_at_four_without_powers() -> None:
    """PN-68: 2 players: 4 tiles of a kind end the game; lobbyist tiles grant no power."""
    state = new(2, seed=3)
    for count in range(1, 4):
        enact(state, LOB, nominee=human_nominee(state))
        assert state.lobbyist_count() == count and state.phase == "nominate"
    enact(state, LOB, nominee=human_nominee(state))
    assert state.outcome().camp == "lobbyists"
    eco = new(2, seed=3)
    eco.enacted = ["climate", "health", "social"]
    enact(eco, "climate", nominee=human_nominee(eco))
    assert eco.outcome().camp == "ecologists"


@pytest.mark.rule("PN-69")
@pytest.mark.parametrize("players", [3, 4])
def test_pn69_three_four_players_end_at_five_revoke_at_third(players: int) -> None:
    """PN-69: 5 of a kind end the game; the 3rd lobbyist tile lets the President revoke a
    player or a fictive player; other rules unchanged (the 2nd still lets him look)."""
    state = new(players, seed=1)
    state.enacted = [LOB]
    enact(state, LOB, nominee=human_nominee(state))
    assert state.phase == "investigate"
    act(state, state.president, "investigate:none")
    state.enacted = [LOB, LOB]
    enact(state, LOB, nominee=human_nominee(state))
    assert state.phase == "revoke"
    fictive = next(iter(state.fictive))
    assert f"revoke:{fictive}" in state.legal_actions(state.president)
    act(state, state.president, f"revoke:{fictive}")
    assert fictive in state.revoked and state.outcome() is None
    assert fictive not in state.votes
    state.enacted = [LOB] * 4
    enact(state, LOB, nominee=human_nominee(state))
    assert state.outcome().camp == "lobbyists" and state.win_at == 5
