"""The strong bot: it searches from what its seat may know, and the same budget gives the
same move."""

from __future__ import annotations

import random

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.search import SearchBot
from a11y_games.engine.state import GameState
from a11y_games.games.utopia import SPEC, worlds
from a11y_games.games.utopia.state import UtopiaState
from tests.worlds import check_secrets_unread, played


def _asked_in_phase_2(state: GameState, seat: int) -> bool:
    assert isinstance(state, UtopiaState)
    return state.round >= 2 and state.phase == "actions" and state.current == seat


def _change_secrets(state: GameState) -> None:
    """Other hands trade a card for one of the deck; the deck and the dice change too."""
    assert isinstance(state, UtopiaState)
    seat = state.current
    other = next(s for s in range(state.n) if s != seat and sum(state.hands[s]))
    civ = next(c for c, k in enumerate(state.hands[other]) if k)
    swap = next(i for i, c in enumerate(state.deck) if c != civ)
    state.hands[other][civ] -= 1
    state.hands[other][state.deck[swap]] += 1
    state.deck[swap] = civ
    state.deck.reverse()
    state.rng = random.Random(99)


def test_the_search_never_reads_other_hands_or_the_deck() -> None:
    state, seat = played(SPEC, 3, 4, _asked_in_phase_2)
    check_secrets_unread(SPEC, state, seat, _change_secrets)


def test_a_sampled_world_deals_the_unknown_cards_and_keeps_every_count() -> None:
    state, seat = played(SPEC, 4, 6, _asked_in_phase_2)
    assert isinstance(state, UtopiaState)
    seen = worlds.view(state, seat)
    hands = set()
    for draw in range(8):
        world = worlds.sample(seen, random.Random(draw))
        assert world.hands[seat] == state.hands[seat]
        assert [sum(h) for h in world.hands] == [sum(h) for h in state.hands]
        assert len(world.deck) == len(state.deck)
        assert sorted(world.deck + world.discard + [c for s in range(4) if s != seat
                                                     for c in range(5)
                                                     for _ in range(world.hands[s][c])]) == \
            sorted(state.deck + state.discard + [c for s in range(4) if s != seat
                                                 for c in range(5)
                                                 for _ in range(state.hands[s][c])])
        hands.add(tuple(map(tuple, world.hands)))
    assert len(hands) > 1  # the unknown cards are drawn, not copied


def test_the_same_seed_and_budget_give_the_same_move() -> None:
    state, seat = played(SPEC, 3, 8, _asked_in_phase_2)
    legal = state.legal_actions(seat)
    moves = {SearchBot(seat, random.Random(3), worlds=worlds, iterations=8)
             .choose(worlds.view(state, seat), legal) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(legal)


def test_the_strong_level_is_offered_and_sees_a_world_view() -> None:
    match = Match(SPEC, SPEC.settings(3, 2), [SeatSpec("bot", level="strong"),
                                               SeatSpec("bot", level="normal"),
                                               SeatSpec("bot", level="normal")])
    assert "strong" in SPEC.bots
    seen: list[object] = []
    bot = match._bots[0]
    assert isinstance(bot, SearchBot)
    bot.iterations = 2
    original = bot.choose
    bot.choose = lambda observation, legal: seen.append(observation) or original(  # type: ignore[method-assign]
        observation, legal)
    for _ in range(200):
        pending = match.state.pending()
        if pending is None or seen:
            break
        match.play_bot(pending.seats[0])
    assert seen and isinstance(seen[0], UtopiaState)
    assert seen[0] is not match.state
    assert all(sum(seen[0].hands[s]) == 0 for s in (1, 2))  # other hands are not in it


def test_the_evaluation_counts_cards_in_hand_and_monuments_before_they_score() -> None:
    state, seat = played(SPEC, 3, 4, _asked_in_phase_2)
    assert isinstance(state, UtopiaState)
    world = worlds.view(state, seat)
    before = worlds.worth(world, seat)
    if sum(world.hands[seat]) < 5:
        more = worlds.view(state, seat)
        more.hands[seat][0] += 1
        assert worlds.worth(more, seat) > before
    empty = next(d for d in world.active if d not in world.monuments
                 and not any(world.observation(seat).at(d, seat, c) for c in range(5)))
    world.monuments[empty] = (seat, 0)
    world._public = world._princes_view = None
    assert worlds.worth(world, seat) > before


def test_a_playout_ends_just_after_the_round_is_scored() -> None:
    from a11y_games.engine.search import _play_out

    state, seat = played(SPEC, 2, 5, lambda state, seat: _asked_in_phase_2(state, seat)
                         and bool(state.monuments))  # type: ignore[attr-defined]
    assert isinstance(state, UtopiaState)
    world = worlds.sample(worlds.view(state, seat), random.Random(1))
    scores = list(world.scores)
    _play_out(world, 200, {s: worlds.policy(s, random.Random(0)) for s in range(2)},
              worlds.stop)
    assert world.round == state.round + 1 or world.winners  # scored once, no further
    assert world.phase == "guests" or world.winners
    assert world.scores != scores  # the round's monuments scored


def test_the_evaluation_weighs_a_prestige_lead_more_late_in_the_game() -> None:
    state, seat = played(SPEC, 2, 4, _asked_in_phase_2)
    assert isinstance(state, UtopiaState)
    world = worlds.view(state, seat)
    other = 1 - seat
    world.scores[seat], world.scores[other] = 15, 10
    early = worlds.evaluate(world)[seat]
    world.scores[seat], world.scores[other] = 45, 40
    late = worlds.evaluate(world)[seat]
    assert 0.5 < early < late


def test_the_evaluation_takes_the_count_of_players() -> None:
    """Fitted at each count: early in a 2-player game a card in hand counts more than a
    point of prestige; at 4 players a point of prestige counts more (three rivals, and the
    cards go round the table less often)."""
    early_2, early_4 = worlds.weights(5.0, 2), worlds.weights(5.0, 4)
    assert early_2[3] > early_2[0]
    assert early_4[0] > early_4[3]
    state, seat = played(SPEC, 4, 4, _asked_in_phase_2)
    assert isinstance(state, UtopiaState)
    world = worlds.view(state, seat)
    best = max(world.scores)
    assert worlds.worth(world, seat) == worlds.worth(world, seat, worlds.weights(best, 4))
    assert worlds.worth(world, seat) != worlds.worth(world, seat, worlds.weights(best, 2))


def test_where_a_guest_goes_is_the_normal_bots_unless_the_steps_are_searched(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The search picks the guest; by default the normal bot places it (``DETAILS``
    empty: the moves measured); named in ``DETAILS``, the placement is searched too."""
    state, seat = played(SPEC, 4, 7, lambda state, seat: state.phase == "guests"  # type: ignore[attr-defined]
                         and bool(state.choice) and state.current == seat)  # type: ignore[attr-defined]
    legal = state.legal_actions(seat)
    assert legal[0].startswith("place:") and legal[-1] == "back"
    assert not worlds.searched(legal)
    assert worlds.searched(["guest:a:b", "end"])
    assert not worlds.searched(["discard:x", "discard:y"])
    monkeypatch.setattr(worlds, "DETAILS", ("place",))
    assert worlds.searched(legal)
