"""Hot-seat: several humans at one keyboard, and who is looking at it.

`viewer` is the seat holding the keyboard (None between players); `answering` a human
asked a public question without a hand-over. Nothing private shows before the right
player has taken the keyboard.
"""

from __future__ import annotations

from a11y_games.engine import Msg, Pending, PlayerRef
from a11y_games.ui.commands import lookup
from a11y_games.ui.terminal import PROMPT

__all__ = ["HandOver", "Quit"]


class Quit(Exception):
    """The player has left."""


class HandOver:
    """Part of :class:`~a11y_games.ui.client.Client` (a mixin: it uses the client's
    table, writer, translator and settings)."""

    def _seat_in_view(self) -> int | None:
        """The seat whose public view a command shows: the viewer, or in hot-seat the player
        answering a public question (public commands only reach here without a hand-over)."""
        return self.viewer if self.viewer is not None else self.answering

    def _my_turn(self) -> tuple[int, Pending] | None:
        pending = self.table.pending()
        actor = self._seat_in_view()
        if pending is None or actor is None or actor not in pending.seats:
            return None
        return actor, pending

    def turn_to(self, seat: int) -> None:
        """Hot-seat, a public question: ask ``seat`` at once, showing only public lines until
        a private command or question hands the keyboard over (see ``hand_over``)."""
        if self.answering != seat or self.viewer is not None:
            self.viewer, self.answering = None, seat
            self.out.forget()  # repeat must not bring back the last player's lines

    def _private_view(self) -> None:
        """Before a command that shows a seat's own view: the hand-over, if not done yet."""
        if self.answering is not None:
            self.hand_over(self.answering)

    def hand_over(self, seat: int) -> None:
        """Hot-seat: ask the right player to take the keyboard before anything private."""
        # while the prompt waits the keyboard changes hands: the keys (F3, F4) show public
        # lines only, never the last player's
        answering = self.answering  # asked public questions so far: at the keyboard already
        previous = self.viewer if self.viewer is not None else answering
        self.viewer, self.answering = None, None
        self.out.forget()
        if previous not in (None, seat) and self._clears() and self.out.clear_screen():
            self.say(Msg("core.handover.cleared"))
        self.say(Msg("core.handover.private_now" if answering == seat else "core.handover",
                     seat=PlayerRef(seat)), Msg("core.handover.prompt", seat=PlayerRef(seat)))
        while True:
            try:
                typed = self.reader.read(PROMPT)
                break
            except KeyboardInterrupt:
                self.confirm_quit()
            except EOFError:
                self.end_of_input()
                raise Quit from None
        self.viewer, self.answering = seat, None
        self.out.forget()
        words = typed.split()
        if words and (lookup(words[0]) or self._query(words[0])):  # a command, not Enter: run
            self.typed_ahead = typed  # it next; never a choice the player has not heard yet
        held, self.backlog[seat] = self.backlog[seat], []
        if held:
            self.cue_events(held, seat)
            self.say(Msg("core.handover.private", count=len(held)))
            self.out.lines(self.tr.render(e.msg) for e in held)

    def _clears(self) -> bool:
        """Hot-seat clearing of what the last player saw (the screen, and the scrollback
        where the terminal allows it): on unless turned off (``set hotseat_clear off``)."""
        prefs = getattr(self, "prefs", None)
        return len(self.table.humans()) > 1 and getattr(prefs, "hotseat_clear", "on") == "on"
