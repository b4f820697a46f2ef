"""Chat at a network table: ``say TEXT`` to the table, ``tell NAME TEXT`` to one person.

What others say arrives as lines of the table's transcript (``log chat`` reads them back);
it is said between questions, never in the middle of one.
"""

from __future__ import annotations

from a11y_games.engine import Msg

__all__ = ["ChatCommands"]


class ChatCommands:
    """Part of :class:`~a11y_games.ui.client.Client` (a mixin: it uses the client's
    table and writer)."""

    def cmd_say(self, rest: str) -> None:
        if self.table.local:
            self.say(Msg("online.chat.local"))
            return
        text = rest.strip()
        if not text:
            self.say(Msg("online.chat.say_usage"))
            return
        problem = self.table.say(text)
        if problem is not None:
            self.say(problem)

    def cmd_tell(self, rest: str) -> None:
        if self.table.local:
            self.say(Msg("online.chat.local"))
            return
        words = rest.split(maxsplit=1)
        if len(words) < 2:
            self.say(Msg("online.chat.tell_usage"))
            return
        problem = self.table.tell(words[0], words[1])
        if problem is not None:
            self.say(problem)
