"""The strong bot: it searches from what its seat may know, and the same budget gives the
same move."""

from __future__ import annotations

import random

from a11y_games.engine.search import SearchBot
from a11y_games.engine.state import GameState
from a11y_games.games.vanuatu import SPEC, worlds
from a11y_games.games.vanuatu.state import VanuatuState
from tests.worlds import check_secrets_unread, played


def _asked_after_another_rested(state: GameState, seat: int) -> bool:
    assert isinstance(state, VanuatuState)
    return any(p.rest is not None for s, p in enumerate(state.players) if s != seat)


def _change_secrets(state: GameState) -> None:
    """Another player's rest token, the stacks, the decks and the dice all change."""
    assert isinstance(state, VanuatuState)
    holder = next(p for p in state.players if p.rest is not None)
    if state.rest_pool:
        holder.rest, state.rest_pool[0] = state.rest_pool[0], holder.rest
    first, second = state.stacks_of_tiles
    for i in range(min(len(first), len(second))):
        first[i], second[i] = second[i], first[i]
    state.ship_deck.reverse()
    state.tourist_tiles.reverse()
    state.rng = random.Random(99)


def test_the_search_never_reads_rest_tokens_stacks_or_decks() -> None:
    state, seat = played(SPEC, 4, 3, _asked_after_another_rested)
    check_secrets_unread(SPEC, state, seat, _change_secrets)


def test_a_sampled_world_hands_out_the_unknown_tokens() -> None:
    state, seat = played(SPEC, 4, 3, _asked_after_another_rested)
    assert isinstance(state, VanuatuState)
    seen = worlds.view(state, seat)
    holders = [s for s, p in enumerate(state.players) if s != seat and p.rest is not None]
    drawn = set()
    for draw in range(12):
        world = worlds.sample(seen, random.Random(draw))
        assert world.players[seat].rest == state.players[seat].rest
        assert all(world.players[s].rest is not None for s in holders)
        assert sorted(world.rest_pool + [world.players[s].rest for s in holders]) == \
            sorted(state.rest_pool + [state.players[s].rest for s in holders])
        drawn.add(tuple(world.players[s].rest for s in holders))
    assert len(drawn) > 1


def test_the_same_seed_and_budget_give_the_same_move() -> None:
    state, seat = played(SPEC, 3, 8, lambda s, seat: s.phase == "planning")  # type: ignore[attr-defined]
    legal = state.legal_actions(seat)
    moves = {SearchBot(seat, random.Random(3), worlds=worlds, iterations=8)
             .choose(worlds.view(state, seat), legal) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(legal)


def test_the_search_sees_what_a_hut_brings_at_the_end() -> None:
    """A hut is 3 vatu now and 2 PP a tourist at the end: the strong bot's evaluation counts
    the tourists its island has (it used to see only the 3 vatu spent), less the water."""
    from tests.vanuatu.helpers import S, new
    state = new(players=3)
    state.round = 8  # the last round: no more tourists to come
    seat = state.order[0]
    efate = state.archipelago.island(S["B3"])
    assert efate is not None
    efate.tourists = 3
    before = worlds.evaluate(state)[seat]
    state.players[seat].vatu -= 3
    state.players[seat].huts -= 1
    efate.huts.append(seat)
    assert worlds.evaluate(state)[seat] > before
    efate.water = 4  # 7 PP lost at the end, more than the hut gains here
    assert worlds.evaluate(state)[seat] < before
