"""Random games at 2 to 5 players with the invariants checked after every step; hidden cards;
replay determinism."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from a11y_games.engine.actions import BACK
from a11y_games.engine.bots import RandomBot
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out, simulate
from a11y_games.games.utopia import SPEC, data
from a11y_games.games.utopia.data import ISLANDS
from a11y_games.games.utopia.menus import ACTION_WORDS, GUEST_RANK
from a11y_games.games.utopia.state import ACTIONS, NC, UtopiaState

GAMES = {2: 200, 3: 200, 4: 200, 5: 200}  # with the full check after every step


class Invariants:
    """Checks what must always hold; remembers scores to see they never go down."""

    def __init__(self) -> None:
        self.scores: list[int] | None = None
        self.steps = 0

    def __call__(self, state: UtopiaState) -> None:
        self.steps += 1
        n = state.n
        stride = n * NC
        # princes: supply + board = 8 per civilisation per player (UT-01)
        for seat in range(n):
            for c in range(NC):
                on_board = sum(state.princes[seat * NC + c::stride])
                assert on_board + state.supply[seat][c] == data.PRINCES_PER_CIV
                assert state.supply[seat][c] >= 0
        if self.steps % 50 == 0:  # the island counts the rules keep agree with the board
            for seat in range(n):
                for island in ISLANDS:
                    counts = [sum(state.count(d, seat, c) for d in ISLANDS[island].districts)
                              for c in range(NC)]
                    assert counts == state.island_civs(island, seat)
                    assert state.kinds[seat][ISLANDS[island].index] == sum(map(bool, counts))
            self._kept_counts_agree(state)
        # monuments, wonders, bases (UT-01, UT-12, UT-13)
        per_civ = [0] * NC
        for _, c in state.monuments.values():
            per_civ[c] += 1
        for c in range(NC):
            assert state.monument_supply[c] + per_civ[c] == data.MONUMENTS_PER_CIV
        assert set(state.monuments) <= state.active  # a dict: one monument per district
        assert set(state.wonders) <= set(state.islands)  # a dict: one wonder per island
        for seat in range(n):
            owned = state.controlled(seat) + sum(1 for s in state.wonders.values() if s == seat)
            assert owned + state.bases[seat] == data.BASES
            assert 0 <= state.privileges[seat] <= data.PRIVILEGES
        # cards: 10 per civilisation in deck, discards and hands (UT-01)
        for c in range(NC):
            held = sum(hand[c] for hand in state.hands)
            assert state.deck.count(c) + state.discard.count(c) + held == data.CARDS_PER_CIV
        # guests: the bag and the ships hold every guest of the islands in play
        assert len(state.bag) + len(state.guests) == self._all_guests(state).total()
        if self.steps % 50 == 0:
            assert Counter(state.bag + state.guests) == self._all_guests(state)
        assert sorted(state.scale) == list(range(NC))
        # UT-18: whoever has ended his turn in phase 2 holds at most 5 cards
        if state.phase == ACTIONS:
            for seat in state.order[:state.pos]:
                assert sum(state.hands[seat]) <= data.HAND_LIMIT
        # scores never decrease
        if self.scores is not None:
            assert all(a >= b for a, b in zip(state.scores, self.scores, strict=True))
        self.scores = list(state.scores)
        # no menu leads to a question with nothing to answer but "back" (what lets the random
        # bot never go back, and a player never enter a dead end)
        if state.current is not None:
            assert state.legal_actions(state.current) != [BACK]

    @staticmethod
    def _kept_counts_agree(state: UtopiaState) -> None:
        """What the state keeps up to date for speed agrees with the board recomputed."""
        for seat in range(state.n):
            for c in range(NC):
                where = {d for d in state.active if state.count(d, seat, c)}
                assert state.where[seat * NC + c] == where
            triples = {(d, c) for d in state.active for c in range(NC)
                       if state.count(d, seat, c) >= data.MONUMENT_PRINCES}
            assert state.triples[seat] == triples
            # the main menu's quick test gives the same actions as the civilisation menus
            assert state._actions_open(seat) == [w for w in ACTION_WORDS
                                                 if state._civs_for(seat, w)]
        assert state.guest_kinds == sorted(set(state.guests), key=GUEST_RANK.__getitem__)

    @staticmethod
    def _all_guests(state: UtopiaState) -> Counter:
        return Counter({(c, i): data.GUESTS_PER_CIV_PER_ISLAND
                        for i in state.islands for c in range(NC)})


def test_water_stays_empty_with_two_players() -> None:
    match = Match(SPEC, SPEC.settings(2, 5), bots(2))
    play_out(match)
    water = ISLANDS["water"].districts
    assert not any(match.state.count(d, s, c) for d in water for s in range(2)
                   for c in range(NC))


def bots(players: int, level: str = "random") -> list[SeatSpec]:
    return [SeatSpec("bot", level=level, name_index=i) for i in range(players)]


WANDERING = replace(SPEC, bots={**SPEC.bots, "wander": RandomBot})
"""Utopia with random players that also go back in the menus (half the games below)."""


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.rule("UT-20")
def test_random_games_end_with_invariants_after_every_step(players: int) -> None:
    for seed in range(GAMES[players]):
        level = "wander" if seed % 2 else "random"
        match = Match(WANDERING, SPEC.settings(players, 1000 + seed), bots(players, level))
        check = Invariants()
        play_out(match, check=check)
        state = match.state
        outcome = state.outcome()
        assert outcome is not None and max(state.scores) >= data.WIN_SCORE
        top = max(state.scores)
        assert all(state.scores[s] == top for s in outcome.winners)


def test_simulate_reports_every_game() -> None:
    report = simulate(SPEC, players=3, games=20, seed=77)
    assert report.games == 20 and report.unfinished == 0
    assert sum(report.seat_wins.values()) >= 20


def _other_hands_hidden(state: UtopiaState) -> None:
    """Changing another seat's cards (same count) changes nothing a seat may observe."""
    for seat in range(state.n):
        before = state.observation(seat)
        for other in range(state.n):
            hand = state.hands[other]
            if other == seat or sum(hand) == 0:
                continue
            saved = list(hand)
            total = sum(hand)
            hand[:] = [0] * NC
            hand[(saved.index(max(saved)) + 1) % NC] = total
            assert state.observation(seat) == before
            hand[:] = saved


@pytest.mark.parametrize("players", [2, 4])
def test_hands_and_discards_stay_hidden(players: int) -> None:
    for seed in range(4):
        match = Match(SPEC, SPEC.settings(players, 50 + seed), bots(players))
        steps = 0

        def check(state: UtopiaState) -> None:
            nonlocal steps
            steps += 1
            if steps % 7 == 0:
                _other_hands_hidden(state)

        play_out(match, check=check)
        private = {"utopia.ev.dealt_cards", "utopia.ev.discarded_own",
                   "utopia.ev.discarded_own_more", "utopia.ev.can_wonder",
                   "utopia.ev.can_monument"}
        for event in match.events:
            if event.msg.id in private:
                assert event.visible_to is not None and len(event.visible_to) == 1
            if event.msg.id == "utopia.ev.discarded":  # the table hears who, never what
                assert event.visible_to is None and set(event.msg.params) == {"seat"}


@pytest.mark.parametrize("level", ["random", "normal"])
def test_replay_gives_the_identical_game(tmp_path, level: str) -> None:
    match = Match(SPEC, SPEC.settings(4, 4242), bots(4, level))
    play_out(match)
    path = tmp_path / "utopia.json"
    match.save(path)
    again = Match.load(path, {"utopia": SPEC})
    assert again.log == match.log
    assert again.state.snapshot() == match.state.snapshot()
    assert [(e.msg, e.visible_to, e.level) for e in again.events] == \
        [(e.msg, e.visible_to, e.level) for e in match.events]


def test_same_seed_same_game() -> None:
    logs = []
    for _ in range(2):
        match = Match(SPEC, SPEC.settings(3, 99), bots(3))
        play_out(match)
        logs.append(match.log)
    assert logs[0] == logs[1]
