"""Questions and answers: the question with its numbered choices, the prompt, a choice
typed by number or by name, and reaction races."""

from __future__ import annotations

import contextlib
import re

from a11y_games.engine import IllegalAction, Msg, Pending, PlayerRef, Verbosity
from a11y_games.ui.commands import fold
from a11y_games.ui.terminal import PROMPT

__all__ = ["Asking"]


class Asking:
    """Part of :class:`~a11y_games.ui.client.Client` (a mixin: it uses the client's
    table, writer, translator and settings)."""

    def ask(self, seat: int, pending: Pending, *, choices: bool = False) -> None:
        """The question, and its choices unless the verbosity is brief (``choices``: always).

        The question is one whole line, never cut to fit a width (a braille display pans
        it); it is kept, with its choices, for the key that says it again."""
        question: list[Msg] = [Msg("core.turn.you", seat=PlayerRef(seat),
                                   question=pending.prompt)]
        if choices or self.verbosity >= Verbosity.NORMAL:
            question += self._choice_lines(seat)
        texts = [self.tr.render(m) for m in question]
        self.out.ask(texts)
        if self.braille.mode:
            cells = self._braille_lines(texts)
            if cells:
                self.out.lines(cells, remember=False)

    def prompt_text(self) -> str:
        """A short prompt (``Ana>``, ``Waiting>``): the question is the line above it."""
        pending = self.table.pending()
        if pending is None:
            return self.tr.render(Msg("core.prompt.over")) + "> "
        actor = self._seat_in_view()
        if actor is not None and actor in pending.seats:
            return self.tr.render(Msg("core.prompt.turn", seat=PlayerRef(actor))) + "> "
        return self.tr.render(Msg("core.prompt.wait")) + "> "

    def repeat_question(self) -> None:
        mine = self._my_turn()
        if mine is None:
            self.cmd_whose("")
        else:
            self.ask(*mine)

    def choose(self, number: int) -> None:
        mine = self._my_turn()
        if mine is None:
            self.say(Msg("core.error.no_choice_now"))
            self.cmd_whose("")
            return
        seat, _ = mine
        legal = self.table.choices(seat)
        if not 1 <= number <= len(legal):
            self.say(Msg("core.error.choice_range", number=number, count=len(legal)))
            return
        try:
            self.table.act(seat, legal[number - 1][0])
        except IllegalAction as error:
            self.say(error.msg)

    def _choice_named(self, line: str) -> int | None:
        """The number of the one choice whose label (or id, or the label's head before a
        comma, colon or bracket) is what was typed: "back" for "10. Back", "termine" for
        "11. Terminé", "gaia" for "2. Gaïa (4)", "sail" for "1. Sail: no marker"; None if
        no single choice is named."""
        mine = self._my_turn()
        if mine is None:
            return None
        seat, key = mine[0], fold(line)
        named = []
        for choice, (action, described) in enumerate(self.table.choices(seat), 1):
            label = fold(self.tr.render(described))
            if key in (fold(action), label, fold(re.split(r"[,:]| \(", label)[0])):
                named.append(choice)
        return named[0] if len(named) == 1 else None

    def _choice_lines(self, seat: int) -> list[Msg]:
        legal = self.table.choices(seat)
        return [Msg("core.choices.header", count=len(legal))] + [
            Msg("core.choices.item", number=i, label=label)
            for i, (_, label) in enumerate(legal, 1)]

    def show_choices(self, seat: int) -> None:
        self.say_summary(self._choice_lines(seat))

    def run_race(self, pending: Pending) -> bool:
        """A reaction race: the human here presses Enter; bots react after a random delay
        (at a server, the order of arrival there decides). False if nobody here races."""
        humans = [s for s in pending.seats if self.table.is_human(s) and self.table.choices(s)]
        if not humans and not self.table.local:
            return False
        times: dict[int, float] = {}
        if len(humans) == 1:
            self.cue("turn")
            self.say(Msg("core.race.go", seat=PlayerRef(humans[0])))
            start = self.clock()
            with contextlib.suppress(EOFError, KeyboardInterrupt):
                self.reader.read(PROMPT)  # the line above says: press Enter now
            times[humans[0]] = self.clock() - start
            self.say(Msg("core.race.time", seconds=round(times[humans[0]], 2)))
            if not self.table.local:
                self.table.act(humans[0], self.table.choices(humans[0])[0][0])
                return True
        elif humans:
            self.say(Msg("core.race.hotseat"))
        self.table.race(times)
        return True
