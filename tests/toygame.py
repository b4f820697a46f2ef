"""A tiny game for engine tests: secret-card Nim.

Two seats take 1 to 3 sticks from a pile of 7 in turn; whoever takes the last wins. At the
start each seat is dealt a secret card (from the seeded source) that only it may see.
"""

from __future__ import annotations

import random

from a11y_games.engine import Event, GameState, IllegalAction, Msg, Pending, PlayerRef
from a11y_games.engine.bots import RandomBot
from a11y_games.engine.spec import GameSpec, Option
from a11y_games.engine.state import Outcome, Settings


class ToyState(GameState):
    game = "toy"

    def __init__(self, settings: Settings, rng: random.Random) -> None:
        super().__init__(settings, rng)
        self.sticks = int(settings.option("sticks", "7"))
        self.turn = 0
        self.winner: int | None = None
        self.cards = [rng.randint(1, 100) for _ in range(settings.players)]
        for seat, card in enumerate(self.cards):
            self.events.append(Event(Msg("toy.card", card=card), frozenset({seat})))

    def pending(self) -> Pending | None:
        if self.winner is not None:
            return None
        return Pending((self.turn,), Msg("toy.ask"))

    def legal_actions(self, seat: int) -> list[str]:
        if self.winner is not None or seat != self.turn:
            return []
        return [f"take:{n}" for n in range(1, min(3, self.sticks) + 1)]

    def describe(self, seat: int, action: str) -> Msg:
        return Msg("toy.take", count=int(action.split(":")[1]))

    def apply(self, seat: int, action: str) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction(Msg("core.error.illegal"))
        n = int(action.split(":")[1])
        self.sticks -= n
        self.events.append(Event(Msg("toy.took", seat=PlayerRef(seat), count=n), cause=seat,
                                 informs=False))
        if self.sticks == 0:
            self.winner = seat
            self.events.append(Event(Msg("toy.won", seat=PlayerRef(seat)), cause=seat))
        else:
            self.turn = 1 - self.turn

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome(frozenset({self.winner}), Msg("toy.won", seat=PlayerRef(self.winner)))

    def observation(self, seat: int) -> dict[str, int]:
        return {"sticks": self.sticks, "card": self.cards[seat]}

    def status(self, seat: int | None) -> list[Msg]:
        return [Msg("toy.sticks", count=self.sticks)]

    def board(self, seat: int | None, topic: str = "") -> list[Msg]:
        return self.status(seat)

    def private(self, seat: int) -> list[Msg]:
        return [Msg("toy.card", card=self.cards[seat])]


SPEC = GameSpec(
    name="toy", title=Msg("toy.title"), summary=Msg("toy.summary"),
    min_players=2, max_players=2, default_players=2, new_state=ToyState,
    bots={"random": RandomBot, "normal": RandomBot},
    bot_names=(Msg("toy.bot.a"), Msg("toy.bot.b")),
    options=(Option("sticks", Msg("toy.option.sticks"), ("5", "7", "9"), "7"),),
)
