"""The announcer: what happened, said to whoever may hear it, in order.

New events go to each seat's transcript (the `log`), to the screen for the seat at the
keyboard, and to the events file; in hot-seat another player's private lines wait for
the hand-over. Also the welcome, the end, summaries and the braille display.
"""

from __future__ import annotations

import contextlib

from a11y_games.engine import Event, Msg, PlayerRef, Verbosity
from a11y_games.engine.oserror import os_reason
from a11y_games.i18n import Translator
from a11y_games.ui.cues import end_cue
from a11y_games.ui.digest import digest

__all__ = ["Announcer"]


class Announcer:
    """Part of :class:`~a11y_games.ui.client.Client` (a mixin: it uses the client's
    table, writer, translator and settings)."""

    def _absorb_history(self) -> None:
        """A loaded game: its past events go to the transcripts without being announced."""
        for event in self.table.events:
            for seat, transcript in self.transcripts.items():
                if event.visible(seat):
                    transcript.append(event)
        self.cursor = len(self.table.events)

    def say(self, *msgs: Msg | str) -> None:
        """Render and write lines (one message a line)."""
        self.out.lines(self.tr.render(m) for m in msgs)

    def say_summary(self, msgs: list[Msg]) -> None:
        """A summary: its lines, and in braille mode their braille too."""
        texts = [self.tr.render(m) for m in msgs]
        lines = [line for m, text in zip(msgs, texts, strict=True)
                 for line in (text, *(self.tr.render(e) for e in self.first_heard([m])))]
        self.out.lines(lines)  # each line, then the words first heard in it explained
        if self.braille.mode and texts:
            cells = self._braille_lines(texts)
            if cells:
                self.out.lines(cells, remember=False)

    def _braille_lines(self, texts: list[str]) -> list[str] | None:
        from a11y_games.output.braille import Braille, BrailleError, table_for

        table = table_for(self.lang, self.braille.contracted, self.braille.table)
        key = f"{table}:{self.braille.width}"
        try:
            if key not in self.braille._cache:
                self.braille._cache[key] = Braille(table, width=self.braille.width)
            converter = self.braille._cache[key]
            if converter is None:  # why not was said once: the summaries go on in text
                return None
            return [cell for text in texts for cell in converter.lines([text])]
        except BrailleError as error:
            self.braille._cache[key] = None
            self.say(error.msg)
            return None

    def update_display(self) -> None:
        """The braille display shows the status's first line, or the question asked with
        its choices (whole messages: the display's keys pan them, message by message)."""
        if self.display is None:
            return
        mine = self._my_turn()
        msg = (self.turn_msg(mine[0], mine[1].prompt)  # type: ignore[attr-defined]
               if mine else (self.table.status(self.viewer) or [Msg("core.end.over")])[0])
        text = self.tr.render(msg)
        asked = self.out.question  # the question with its choices: the line keys read on
        show_lines = getattr(self.display, "show_lines", None)
        try:
            if mine and asked and asked[0] == text and show_lines is not None:
                show_lines(list(asked))
            else:
                self.display.show(text)
        except OSError as error:  # BRLTTY gone: say it once and go on without the display
            self.display = None
            self.say(getattr(error, "msg", Msg("core.display.lost")))

    def _table_lines(self) -> list[Msg | str]:
        """The game's welcome and who sits where: at the start, and after ``load``."""
        lines: list[Msg | str] = [Msg("core.intro.welcome", game=self.table.spec.title)]
        names = [PlayerRef(s) for s in self.table.seat_order()]
        lines.append(Msg("core.intro.players", count=len(names), names=names))  # one line
        if self.viewer is not None:
            lines.append(Msg("core.intro.you", seat=self.table.seat_name(self.viewer)))
        if len(self.table.humans()) > 1:
            lines += [Msg("core.intro.hotseat", count=len(self.table.humans())),
                      Msg("core.intro.pass")]
        return lines

    def intro(self) -> None:
        lines = [*self._table_lines(), Msg("core.intro.help")]
        if self.table.pending() is not None and (self.table.local or self.table.humans()):
            # a game over, and a spectator, have nothing to choose
            lines.append(Msg("core.intro.choices"))
        speech = self.speech
        if (len(self.table.humans()) > 1 and self.table.local and speech is not None
                and speech.available and speech.enabled):
            lines.append(Msg("core.intro.headphones"))  # private lines are spoken aloud
        self.say(*lines)
        for problem in (self._speech_problem(), self._sound_problem()):
            if problem is not None:
                self.say(problem)

    def flush_events(self) -> None:
        """Announce new events to whoever may see them (others' private ones wait)."""
        events = self.table.events
        first = self.cursor
        new = events[first:]  # a remote table appends from another thread: take a copy
        self.cursor = first + len(new)
        # a remote table's events caught up after a reconnect: logged, counted, not read;
        # and a restarted client's history: logged only
        hushed = getattr(self.table, "hushed", ())
        history = getattr(self.table, "history", ())
        caught_up: list[Event] = []
        shown: list[str] = []
        told: list[Event] = []  # the events shown, for their sound cues
        for index, event in enumerate(new, first):
            self._record(event)
            if event.visible_to is None:
                for transcript in self.transcripts.values():
                    transcript.append(event)
            else:
                for seat in event.visible_to:
                    if seat in self.transcripts:
                        self.transcripts[seat].append(event)
                    if (seat in self.backlog and seat != self.viewer and not event.spectators
                            and self._heard_at_level(event, seat)
                            and not self.is_muted(event, seat)):  # kept as it would be said
                        self.backlog[seat].append(event)
            if index in history:
                continue
            if index in hushed:
                caught_up.append(event)
            elif (event.visible(self.viewer) and self._heard_at_level(event)
                  and not self.is_muted(event, self.viewer)):
                if self.reading:  # the player reads the log: told after, in short
                    self.missed.append(event)
                    continue
                shown.append(self.tr.render(event.msg))
                told.append(event)
        shown, told = _latest_count_only(shown, told)
        shown = self._explained(shown, told)
        if caught_up:  # the count, and the few lines that matter most (ui/digest.py)
            shown[0:0] = [self.tr.render(m) for m in digest(caught_up, self.viewer)
                          or [Msg("online.missed", count=len(caught_up))]]
        if shown:
            self.cue_events(told, self.viewer)  # each cue queued before its line is said
            self.out.lines(shown)

    def _explained(self, shown: list[str], told: list[Event]) -> list[str]:
        """Each line, then the words heard in it for the first time this game, explained."""
        if len(shown) != len(told):  # (a count of lines caught up comes first)
            return shown
        lines: list[str] = []
        for text, event in zip(shown, told, strict=True):
            lines.append(text)
            lines += (self.tr.render(m) for m in self.first_heard([event.msg]))
        return lines

    def _heard_at_level(self, event: Event, seat: int | None = None) -> bool:
        """At the player's verbosity; at ``brief`` also the player's own move confirmed (the
        summary line of an action the viewer took, said at ``normal``), so that every level
        confirms what the player did."""
        if event.level <= self.verbosity:
            return True
        seat = self.viewer if seat is None else seat
        return (self.verbosity == Verbosity.BRIEF and event.level == Verbosity.NORMAL
                and seat is not None and event.cause == seat)

    def _record(self, event: Event) -> None:
        if self.out.events_file is None:
            return
        humans = self.table.humans()
        if event.secret and (len(humans) > 1 or not set(humans) & event.visible_to):  # type: ignore[operator]
            return  # a secret never reaches a file another player could read
        try:
            self.out.event({
                "type": event.type, "params": event.msg.to_json()["params"],
                "visibility": "all" if event.visible_to is None else sorted(event.visible_to),
                "level": event.level.name.lower(), "cause": event.cause,
                "text": self._file_tr().render(event.msg), "lang": self.lang})
        except OSError as error:  # a full disk, a removed drive: say it once, play on
            failed, self.out.events_file = self.out.events_file, None
            with contextlib.suppress(OSError, AttributeError):
                failed.close()  # type: ignore[union-attr]
            self.say(Msg("core.cli.events_failed", path=str(getattr(failed, "name", "")),
                         reason=os_reason(error)))

    def _file_tr(self) -> Translator:
        """The events file's words: "you" for a player alone at the keyboard, names at a
        shared one (the file does not know who held the keyboard)."""
        humans = self.table.humans()
        return self.tr.for_seat(humans[0] if len(humans) == 1 else None)

    def announce_end(self) -> None:
        self.ended = True
        outcome = self.table.outcome()
        if outcome is None:
            return
        winners = sorted(outcome.winners)
        lines: list[Msg | str] = [Msg("core.end.over")]
        recent = [e.msg for e in self.table.events[-40:]]
        if not any(m == outcome.reason or outcome.reason in m.params.values() for m in recent):
            lines.append(outcome.reason)  # unless the game has just said it
        said = Msg("core.end.winners", count=len(winners), names=[PlayerRef(s) for s in winners])
        if self.tr.render(said) not in {self.tr.render(m) for m in recent[-12:]} and not any(
                _names_exactly(m, winners) for m in _end_said(recent[-12:], outcome.reason)):
            lines.append(said)  # unless the game has just said it, or named them as it ended
        for seat in self.table.humans():
            won = "core.end.you_won" if seat in outcome.winners else "core.end.you_lost"
            self.cue(end_cue(seat in outcome.winners))
            lines.append(Msg(won, seat=self.table.seat_name(seat)))
        kept = self.keep_in_history()  # type: ignore[attr-defined]
        lines += [kept] if kept is not None else []
        lines.append(Msg("core.end.hint" if self.table.local else "online.end.hint"))
        self.say(*lines)
        self.autosave_now()


def _end_said(recent: list[Msg], reason: Msg) -> list[Msg]:
    """The game's line saying how it ended (its reason), and after a reason that names
    nobody ("Tie at 58 points.") the line said next (a tie's names: "Won by Ana and Bo.");
    not a ranking that follows ("1. Smog: 0 factories." names the first, not a winner)."""
    start = next((i for i, m in enumerate(recent)
                  if m == reason or reason in m.params.values()), None)
    if start is None:
        return [reason]
    names = any(isinstance(v, PlayerRef) or (isinstance(v, (list, tuple)) and any(
        isinstance(r, PlayerRef) for r in v)) for v in recent[start].params.values())
    return recent[start:start + 1 if names else start + 2]


def _names_exactly(msg: Msg, winners: list[int]) -> bool:
    """Whether a line names the winners, all and only them, as players ("Won by Hythloday,
    50 points.", "Won by Ana and Bo."): then "Winner: Hythloday." would say it again."""
    for value in msg.params.values():
        refs = value if isinstance(value, (list, tuple)) else [value]
        if refs and all(isinstance(r, PlayerRef) for r in refs) \
                and sorted(r.seat for r in refs) == winners:
            return True
    return False


COUNTS = frozenset({"online.progress"})
"""Lines that only count (answers given to a question put to several seats)."""


def _latest_count_only(shown: list[str], told: list[Event]) -> tuple[list[str], list[Event]]:
    """A count of answers is said only when it is the last news of what arrived together:
    one that more news follows (the next count, the votes revealed) stays in the log. (Bots
    answer at once: "1 of 5 has answered." to "4 of 5 have answered." said in a row.)"""
    last = len(told) - 1
    keep = [i for i, event in enumerate(told) if event.msg.id not in COUNTS or i == last]
    if len(keep) == len(told):
        return shown, told
    return [shown[i] for i in keep], [told[i] for i in keep]
