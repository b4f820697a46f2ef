"""Hot-seat: several humans at one keyboard, and who is looking at it.

`viewer` is the seat holding the keyboard (None between players); `answering` a human
asked a public question without a hand-over. Nothing private shows before the right
player has taken the keyboard.
"""

from __future__ import annotations

from a11y_games.engine import Event, Msg, Pending
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
        """The seat at the keyboard and its question as it hears it, if it is asked."""
        actor = self._seat_in_view()
        pending = None if actor is None else self.table.pending_for(actor)
        if pending is None or actor is None or actor not in pending.seats:
            return None
        return actor, pending

    def turn_to(self, seat: int) -> None:
        """Hot-seat, a public question: ask ``seat`` at once, showing only public lines until
        a private command or question hands the keyboard over (see ``hand_over``)."""
        if self.answering != seat or self.viewer is not None:
            self._keyboard_leaves(seat)
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
        self._keyboard_leaves(seat)
        self.viewer, self.answering = None, None
        self.out.forget()
        if previous not in (None, seat) and self._clears() and self.out.clear_screen():
            self.say(Msg("core.handover.cleared"))
        name = self.table.seat_name(seat)  # who is to take the keyboard: by name
        self.say(Msg("core.handover.private_now" if answering == seat else "core.handover",
                     seat=name), Msg("core.handover.prompt", seat=name))
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
        away = self._public_news_missed(seat) if previous not in (None, seat) else []
        if away:
            self.say(Msg("core.handover.away"))
            self.out.lines(self._explained([self.tr.render(e.msg) for e in away], away))
        held, self.backlog[seat] = self.backlog[seat], []
        if held:
            self.cue_events(held, seat)
            self.say(Msg("core.handover.private", count=len(held)))
            self.out.lines(self._explained([self.tr.render(e.msg) for e in held], held))

    def _keyboard_leaves(self, seat: int) -> None:
        """The keyboard goes to ``seat``: the player holding it heard everything said so far
        (before anyone took it, everyone did)."""
        self.log_reading = None  # log next/back page one player's transcript, never another's
        heard = self._heard_to
        previous = self.viewer if self.viewer is not None else self.answering
        if previous is None:
            for human in self.table.humans():
                heard.setdefault(human, self.cursor)
        elif previous != seat:
            heard[previous] = self.cursor

    def _public_news_missed(self, seat: int) -> list[Event]:
        """The public lines said while others held the keyboard since ``seat`` last held
        it, as the seat would have heard them (its verbosity, its mutes): the screen that
        showed them was cleared, or read to another player. Nothing private of anyone."""
        start = self._heard_to.get(seat, self.cursor)
        return [event for event in self.table.events[start:self.cursor]
                if event.visible_to is None and self._heard_at_level(event, seat)
                and not self.is_muted(event, seat)]

    def _clears(self) -> bool:
        """Hot-seat clearing of what the last player saw (the screen, and the scrollback
        where the terminal allows it): on unless turned off (``set hotseat_clear off``)."""
        prefs = getattr(self, "prefs", None)
        return len(self.table.humans()) > 1 and getattr(prefs, "hotseat_clear", "on") == "on"
