"""The strong bot: it searches from what its seat may know, and the same budget gives the
same move."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from a11y_games.engine.search import SearchBot
from a11y_games.engine.state import GameState
from a11y_games.games.pnue import SPEC, worlds
from a11y_games.games.pnue.data import DOLLAR, ECOLOGIST
from a11y_games.games.pnue.state import Phase, PnueState
from tests.worlds import check_secrets_unread, played


def _swap_roles(state: PnueState, seat: int) -> None:
    """Two other seats the seat knows nothing of exchange their cards."""
    known = {e[2] for e in state.secrets.get(seat, ()) if e[1] == "investigated"}
    known |= {e[3] for e in state.record if e[1] == "revoke"}
    others = [s for s in range(state.seat_count) if s != seat and s not in known]
    a = next(s for s in others if state.roles[s] == ECOLOGIST)
    b = next(s for s in others if state.roles[s] != ECOLOGIST)
    state.roles[a], state.roles[b] = state.roles[b], state.roles[a]
    state.dollar = next((s for s, r in enumerate(state.roles) if r == DOLLAR), None)


def _secrets_changer(seat: int):  # type: ignore[no-untyped-def]
    def change(state: GameState) -> None:
        assert isinstance(state, PnueState)
        _swap_roles(state, seat)
        state.pile.reverse()
        for s in state.votes:
            if s != seat:
                state.votes[s] = not state.votes[s]
        state.rng = random.Random(99)
        state._refresh()
    return change


def _voting_after_another(state: GameState, seat: int) -> bool:
    assert isinstance(state, PnueState)
    return (state.phase == Phase.VOTE and state.turn >= 2
            and any(s != seat for s in state.votes))


def test_the_search_never_reads_roles_tiles_or_votes_cast() -> None:
    state, seat = played(SPEC, 7, 3, _voting_after_another)
    check_secrets_unread(SPEC, state, seat, _secrets_changer(seat))


def test_the_search_as_president_holding_tiles_is_honest_too() -> None:
    state, seat = played(SPEC, 6, 4, lambda s, seat: s.phase == Phase.DISCARD)  # type: ignore[attr-defined]
    check_secrets_unread(SPEC, state, seat, _secrets_changer(seat))


def test_a_small_table_with_fictive_players_is_honest_too() -> None:
    state, seat = played(SPEC, 3, 2, lambda s, seat: s.phase == Phase.NOMINATE)  # type: ignore[attr-defined]

    def change(other: GameState) -> None:
        assert isinstance(other, PnueState)
        other.pile.reverse()
        for tiles in other.fictive.values():
            tiles.reverse()
        other.rng = random.Random(99)
    check_secrets_unread(SPEC, state, seat, change)


def test_sampled_roles_keep_the_table_and_what_the_seat_knows() -> None:
    state, seat = played(SPEC, 7, 5, lambda s, seat: s.phase == Phase.NOMINATE)  # type: ignore[attr-defined]
    assert isinstance(state, PnueState)
    seen = worlds.view(state, seat)
    deals = set()
    for draw in range(20):
        world = worlds.sample(seen, random.Random(draw))
        assert world.roles[seat] == state.roles[seat]
        assert Counter(world.roles) == Counter(state.roles)
        assert world.dollar is not None and world.roles[world.dollar] == DOLLAR
        assert world.tile_total() == state.tile_total()
        deals.add(tuple(world.roles))
    assert len(deals) > 3  # roles are drawn, not copied


def test_the_same_seed_and_budget_give_the_same_move() -> None:
    state, seat = played(SPEC, 7, 8, lambda s, seat: s.phase == Phase.NOMINATE)  # type: ignore[attr-defined]
    legal = state.legal_actions(seat)
    moves = {SearchBot(seat, random.Random(3), worlds=worlds, iterations=8)
             .choose(worlds.view(state, seat), legal) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(legal)


def test_claims_are_left_to_the_normal_bot() -> None:
    """What a seat says of its tiles is not searched: an ecologist searching claims lied
    whenever a lie won a short playout."""
    from a11y_games.engine.search import search
    from a11y_games.games.pnue.bots import NormalBot
    state, seat = played(SPEC, 7, 3, lambda s, seat: s.phase == Phase.CLAIM_PRESIDENT)  # type: ignore[attr-defined]
    legal = state.legal_actions(seat)
    done = [-1]
    move, _ = search(worlds.view(state, seat), seat, legal, worlds, random.Random(1),
                     iterations=30, counter=done)
    assert done == [-1]  # no iteration at all
    assert move == NormalBot(seat, random.Random(0)).choose(state.observation(seat), legal)


def test_a_plan_never_reaches_past_other_seats_moves() -> None:
    """The search's best line is replayed only through the next steps of the same menu: a
    vote's line never holds the seat's next vote, taken after the others have acted."""
    from a11y_games.engine.search import search
    state, seat = played(SPEC, 7, 3, _voting_after_another)
    _, line = search(worlds.view(state, seat), seat, state.legal_actions(seat), worlds,
                     random.Random(2), iterations=60)
    assert line == []


def test_worlds_follow_the_seats_reading_of_the_table() -> None:
    """A Secretary-General who enacted a lobbyist tile the seat handed him beside an
    ecological one is a lobbyist in the worlds the seat searches."""
    from tests.pnue.test_reading import caught_secretary
    state = caught_secretary()
    seen = worlds.view(state, 0)
    drawn = [worlds.sample(seen, random.Random(draw)) for draw in range(40)]
    assert sum(w.roles[1] != ECOLOGIST for w in drawn) >= 38
    assert all(w.roles[0] == ECOLOGIST and Counter(w.roles) == Counter(state.roles)
               for w in drawn)


def test_worlds_never_make_a_cleared_seat_mr_dollar() -> None:
    from tests.pnue.test_reading import late_table
    state = late_table()
    seen = worlds.view(state, 4)
    drawn = [worlds.sample(seen, random.Random(draw)) for draw in range(40)]
    assert all(w.dollar not in (0, 4) for w in drawn)
    assert len({w.dollar for w in drawn}) > 1  # drawn, not copied


def test_a_strong_ecologist_votes_by_its_reading_of_the_table(monkeypatch: Any) -> None:
    """The strong bot leaves an ecologist's vote to the normal bot's reading (no world is
    sampled): at small budgets the search overruled good votes on the noise of a few
    playouts."""
    from a11y_games.games.pnue.bots import NormalBot
    state, seat = played(SPEC, 7, 3, lambda s, seat: (  # type: ignore[attr-defined]
        s.phase == Phase.VOTE and s.roles[seat] == ECOLOGIST and s.turn >= 3))
    assert isinstance(state, PnueState)
    legal = state.legal_actions(seat)
    strong = worlds.strong_bots(iterations=30)(seat, random.Random(3))
    usual = NormalBot(seat, random.Random(3)).choose(state.observation(seat), legal)
    seen = worlds.view(state, seat)

    def no_search(*_: object) -> None:
        raise AssertionError("searched")
    monkeypatch.setattr(worlds, "sample", no_search)
    assert strong.choose(seen, legal) == usual
