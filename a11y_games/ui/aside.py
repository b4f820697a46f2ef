"""A searching bot's move worked out on a thread, so that the player's prompt stays open
while it thinks: ``repeat``, ``status``, ``log``, F2 (silence) answer at once, not after a
strong bot's second a decision, move after move.

The bot decides from its seat's own observation, a copy taken here (``Match.bot_input``):
the state is never read by two threads. Its move is played in the client's own thread,
and only if the game is still where it was when the bot began (an ``undo`` or a ``load``
meanwhile: the move is dropped, and the bot decides again).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from a11y_games.engine.match import bot_answer
from a11y_games.ui.table import LocalTable

__all__ = ["Thought"]


class Thought:
    """The bot at ``seat`` of a local table deciding on a thread; ``done`` is called from
    that thread when it has decided."""

    def __init__(self, table: LocalTable, seat: int, done: Callable[[], None]) -> None:
        self.table = table
        self.seat = seat
        self._at = table.position()
        self._done = done
        self.choice: str | None = None
        self.error: BaseException | None = None
        self.decided = threading.Event()
        self.told = threading.Event()
        """Set once ``done`` has returned (what it asked of the prompt is asked)."""
        bot, observation, legal = table.match.bot_input(seat)
        self._legal = legal
        threading.Thread(target=self._think, args=(bot, observation, legal),
                         name="a11y-games-bot", daemon=True).start()

    def _think(self, bot: object, observation: object, legal: list[str]) -> None:
        try:
            self.choice = bot.choose(observation, legal)  # type: ignore[attr-defined]
        except Exception as error:  # said by the client's thread, as if played there
            self.error = error
        finally:
            self.decided.set()
            try:
                self._done()
            finally:
                self.told.set()

    def fits(self, table: object, seat: int) -> bool:
        """True if the game is where it was when the bot began, the same bot to play."""
        return (table is self.table and self.table.position() == self._at
                and self.table.next_bot() == seat == self.seat)

    def play(self) -> None:
        """Play the move decided (the client's thread, the game where it was when the bot
        began: the same answers legal); a bot's error is raised here."""
        if self.error is not None:
            raise self.error
        self.table.act(self.seat, bot_answer(self.choice, self._legal))
