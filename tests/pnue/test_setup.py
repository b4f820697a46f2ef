"""Components, setup and role deals (PN-01..PN-07, PN-50, PN-51)."""

from __future__ import annotations

from collections import Counter

import pytest

from a11y_games.games.pnue import SPEC, data
from a11y_games.games.pnue.data import DOLLAR, ECOLOGIST, LOBBYIST
from tests.pnue.helpers import act, elect, enact, new


@pytest.mark.rule("PN-01")
def test_pn01_resolution_tiles_and_crises() -> None:
    """PN-01: 9 ecological (3 of each kind) and 14 lobbyist tiles; 3 crises only when asked."""
    plain = Counter(new(5).pile)
    assert plain == {"lob": 14, "climate": 3, "health": 3, "social": 3}
    advanced = new(5, crises="on")
    assert Counter(advanced.pile) == {**plain, "crisis_climate": 1, "crisis_health": 1,
                                      "crisis_social": 1}
    assert advanced.tile_total() == 26 and new(5).tile_total() == 23


@pytest.mark.rule("PN-02")
def test_pn02_vote_cards_no_consensus_cards_and_name_plates() -> None:
    """PN-02: every voter has exactly Approved and Rejected; 2 No consensus cards at most;
    the President and the nominee are shown on the board."""
    state = new(7)
    state.apply(0, "nominate:3")
    for seat in state.pending().seats:
        assert state.legal_actions(seat) == ["vote:yes", "vote:no"]
    board = [m.id for m in state.board(None)]
    assert "pnue.board.president" in board and "pnue.board.nominee" in board
    for seat in list(state.pending().seats):
        state.apply(seat, "vote:no")
    assert state.no_consensus == 1
    for _ in range(2):
        state.apply(state.president, state.legal_actions(state.president)[0])
        for seat in list(state.pending().seats):
            state.apply(seat, "vote:no")
        assert state.no_consensus <= 2  # the third card is never laid: the cards are discarded


@pytest.mark.rule("PN-03")
@pytest.mark.parametrize("players", range(5, 13))
def test_pn03_role_counts(players: int) -> None:
    """PN-03: the role counts per player count (10 players: 1/3/6, our decision)."""
    roles = Counter(new(players, seed=players).roles)
    assert (roles[DOLLAR], roles[LOBBYIST], roles[ECOLOGIST]) == data.ROLE_COUNTS[players]
    assert data.ROLE_COUNTS[10] == (1, 3, 6)


@pytest.mark.rule("PN-04")
def test_pn04_each_player_learns_only_their_own_role_and_nation() -> None:
    """PN-04: a secret interest card and nation card each; nobody learns anyone else's role,
    not even the lobbyists each other's."""
    state = new(9, seed=4)
    deals = [e for e in state.events if e.msg.id == "pnue.setup.role"]
    nations = [e for e in state.events if e.msg.id == "pnue.setup.nation"]
    assert len(deals) == len(nations) == 9
    for seat, (event, nation) in enumerate(zip(deals, nations, strict=True)):
        assert event.visible_to == nation.visible_to == frozenset({seat})
        assert event.msg.params["role"].id == f"pnue.role.{state.roles[seat]}"
        assert nation.msg.params["nation"] == data.NATIONS[seat]
    lobbyists = [s for s, r in enumerate(state.roles) if r != ECOLOGIST]
    for seat in lobbyists:
        seen = [e for e in state.events if e.visible(seat)]
        assert sum(e.msg.id == "pnue.setup.role" for e in seen) == 1
        assert state.observation(seat).public.roles is None


@pytest.mark.rule("PN-05")
def test_pn05_role_counts_announced_and_recalled() -> None:
    """PN-05: the counts are announced at the start and the `roles` query recalls them."""
    state = new(8)
    announced = [e.msg for e in state.events if e.msg.id.startswith("pnue.roles.")]
    assert [m.params for m in announced] == [{"lob": 2}, {"eco": 5}]
    assert all(m in state.board(None) for m in announced)
    query = {q.name: q for q in state.queries()}["roles"]
    assert query.run(state, 3, "") == announced


@pytest.mark.rule("PN-06")
def test_pn06_pile_shuffled_face_down() -> None:
    """PN-06: the draw pile is shuffled from the seeded source: seeds differ, a seed repeats;
    its content is never shown to anyone."""
    assert new(7, seed=1).pile == new(7, seed=1).pile
    assert new(7, seed=1).pile != new(7, seed=2).pile
    state = new(7)
    assert all(e.msg.id != "pnue.draw.private" for e in state.events)
    assert state.observation(0).public.pile == len(state.pile)


@pytest.mark.rule("PN-07")
def test_pn07_first_president_random_or_chosen() -> None:
    """PN-07: the option chooses the first President; else a random player, never fictive."""
    assert new(7, first="4").president == 3
    firsts = {new(7, seed=s, first="random").president for s in range(40)}
    assert len(firsts) > 3 and firsts <= set(range(7))
    small = {new(3, seed=s, first="random").president for s in range(40)}
    assert small <= {0, 1, 2}
    assert new(5, first="7").president == 1  # beyond the player count: round the table


@pytest.mark.rule("PN-50")
def test_pn50_random_lobbyist_count_always_has_mr_dollar() -> None:
    """PN-50: N envelopes with Mr Dollar counted as a lobbyist, one removed, Mr Dollar added."""
    seen = Counter()
    for seed in range(60):
        state = new(7, seed=seed, roles="random_lobbyists")
        roles = Counter(state.roles)
        assert roles[DOLLAR] == 1 and len(state.roles) == 7
        assert state.setup.removed_envelope in (LOBBYIST, ECOLOGIST)
        seen[(roles[LOBBYIST], roles[ECOLOGIST])] += 1
        if state.setup.removed_envelope == LOBBYIST:
            assert (roles[LOBBYIST], roles[ECOLOGIST]) == (2, 4)
        else:
            assert (roles[LOBBYIST], roles[ECOLOGIST]) == (3, 3)
    assert set(seen) == {(2, 4), (3, 3)}
    announced = new(7, roles="random_lobbyists").role_count_lines()[0]
    assert announced.id == "pnue.roles.random_lobbyists"


@pytest.mark.rule("PN-51")
def test_pn51_maybe_no_mr_dollar() -> None:
    """PN-51: envelopes for N + 1 players, one removed: sometimes nobody is Mr Dollar."""
    without = 0
    for seed in range(80):
        state = new(7, seed=seed, roles="maybe_dollar")
        roles = Counter(state.roles)
        assert len(state.roles) == 7
        assert roles[DOLLAR] + roles[LOBBYIST] + roles[ECOLOGIST] == 7
        if state.setup.removed_envelope == DOLLAR:
            without += 1
            assert state.dollar is None and roles[DOLLAR] == 0
    assert 0 < without < 80
    at_twelve = Counter(new(12, seed=3, roles="maybe_dollar").roles)
    assert sum(at_twelve.values()) == 12  # the 13-player table is ours (Decision)


@pytest.mark.rule("PN-51", "PN-17", "PN-27")
def test_pn51_without_mr_dollar_nobody_wins_by_election_or_revocation() -> None:
    """PN-51: with no Mr Dollar, electing or revoking anyone never ends the game."""
    seed = next(s for s in range(200)
                if new(7, seed=s, roles="maybe_dollar").setup.removed_envelope == DOLLAR)
    state = new(7, seed=seed, roles="maybe_dollar")
    state.enacted = ["lob", "lob", "lob"]
    for nominee in (1, 2, 3):
        elect(state, nominee)
        assert state.outcome() is None
        state = new(7, seed=seed, roles="maybe_dollar")
        state.enacted = ["lob", "lob", "lob"]
    state.enacted = ["lob", "lob"]
    enact(state, "lob", nominee=2)
    assert state.phase == "revoke"
    for target in (1, 3, 4, 5, 6):
        trial = new(7, seed=seed, roles="maybe_dollar")
        trial.enacted = ["lob", "lob"]
        enact(trial, "lob", nominee=2)
        act(trial, 0, f"revoke:{target}")
        assert trial.outcome() is None


def test_spec_describes_the_game() -> None:
    assert SPEC.name == "pnue" and "mrdollar" in SPEC.aliases
    assert (SPEC.min_players, SPEC.max_players, SPEC.default_players) == (2, 12, 7)
    assert SPEC.bot_names == data.BOT_NAMES and len(set(SPEC.bot_names)) == 12
