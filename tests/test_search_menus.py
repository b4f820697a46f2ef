"""The search and a game's menus: a step the search chose against the normal bot's advice is
followed through, not undone by the normal bot's ``back`` out of a menu it would not open."""

from __future__ import annotations

import random
from collections.abc import Sequence

from a11y_games.engine import GameState, Msg, Pending
from a11y_games.engine.actions import BACK
from a11y_games.engine.search import SearchBot, copy_state
from a11y_games.engine.state import Outcome, Settings


class MenuState(GameState):
    """Seat 0 picks a shop, then buys there or goes back; shop ``b`` sells the winning
    item. Seat 1 only ever waits its turn."""

    game = "toy"

    def __init__(self, settings: Settings, rng: random.Random) -> None:
        super().__init__(settings, rng)
        self.path: list[str] = []
        self.bought: str | None = None

    def pending(self) -> Pending | None:
        return None if self.bought else Pending((0,), Msg("toy.ask"))

    def legal_actions(self, seat: int) -> list[str]:
        if self.bought or seat:
            return []
        return ["shop:a", "shop:b"] if not self.path else ["buy", BACK]

    def apply(self, seat: int, action: str) -> None:
        if action == BACK:
            self.path = []
        elif action == "buy":
            self.bought = self.path[0]
        else:
            self.path = [action]

    def observation(self, seat: int) -> dict[str, object]:
        return {"path": tuple(self.path)}

    def describe(self, seat: int, action: str) -> Msg:
        return Msg("toy.ask")

    def outcome(self) -> Outcome | None:
        return None if self.bought is None else Outcome(frozenset({0}), Msg("toy.ask"))

    def status(self, seat: int | None) -> list[Msg]:
        return []

    def board(self, seat: int | None, topic: str = "") -> list[Msg]:
        return []

    def private(self, seat: int) -> list[Msg]:
        return []


class UsualBot:
    """Always shop ``a`` and buy there; back out of any other shop."""

    def choose(self, observation: dict[str, object], legal: list[str]) -> str:
        path = observation["path"]
        if not path:
            return "shop:a"
        return "buy" if path == ("shop:a",) else BACK


class MenuWorlds:
    horizon = 0
    confidence = 1.0

    def view(self, state: GameState, seat: int) -> GameState:
        return copy_state(state)

    def sample(self, view: GameState, rng: random.Random) -> GameState:
        return copy_state(view)

    def evaluate(self, state: GameState) -> Sequence[float]:
        assert isinstance(state, MenuState)
        won = state.bought == "shop:b"
        return [1.0 if won else 0.0, 0.0 if won else 1.0]

    def policy(self, seat: int, rng: random.Random) -> UsualBot:
        return UsualBot()


def test_the_strong_bot_buys_in_the_shop_it_chose_against_the_normal_bots_advice() -> None:
    worlds = MenuWorlds()
    state = MenuState(Settings("toy", 2, 1), random.Random(1))
    # few iterations: the shop's next step is too thinly visited to be replayed as a plan
    bot = SearchBot(0, random.Random(2), worlds=worlds, iterations=10)  # type: ignore[arg-type]
    answers = []
    for _ in range(6):
        if state.pending() is None:
            break
        answer = bot.choose(worlds.view(state, 0), state.legal_actions(0))
        answers.append(answer)
        state.apply(0, answer)
    assert answers == ["shop:b", "buy"]
    assert state.bought == "shop:b"
