"""The linear prompt client: one game, several seats, announced line by line.

It knows no game's rules: it asks the state who must act and what is legal, renders
messages in the player's language, speaks them, and only ever appends lines.
"""

from __future__ import annotations

import contextlib
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from a11y_games.engine import Event, IllegalAction, Msg, Pending, PlayerRef, Verbosity
from a11y_games.engine.match import Match, SaveError, UndoRefused
from a11y_games.engine.oserror import os_reason
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.state import UnknownTopic
from a11y_games.engine.words import find_named
from a11y_games.i18n import LANGUAGES, Translator
from a11y_games.ui.commands import COMMANDS, fold, lookup, number
from a11y_games.ui.paths import data_dir, save_path
from a11y_games.ui.rulesdoc import find_section, read_sections
from a11y_games.ui.settings import (
    CHOICES,
    WIDTHS,
    Preferences,
    save_preferences,
    setting_name,
    shown_name,
    shown_value,
)
from a11y_games.ui.terminal import LineReader, Writer

__all__ = ["BrailleOptions", "Client"]


def table_default(lang: str) -> str:
    """The language's default braille table name (liblouis is imported only when needed)."""
    from a11y_games.output.braille import table_for

    return table_for(lang)


YES = {"y", "yes", "o", "oui"}
NO = {"n", "no", "non"}
VERBOSITY_WORDS = {"brief": Verbosity.BRIEF, "bref": Verbosity.BRIEF,
                   "normal": Verbosity.NORMAL, "full": Verbosity.FULL,
                   "complet": Verbosity.FULL}
ON_WORDS, OFF_WORDS = {"on", "oui", "yes", "marche"}, {"off", "non", "no", "arret"}
SET_WORDS = {"bref": "brief", "complet": "full", "hasard": "random", "marche": "on",
             "oui": "on", "arret": "off", "non": "off", "francais": "fr", "anglais": "en",
             "normaux": "normal"}
"""French value words accepted by ``set`` (``regler verbosity bref``)."""


class SpeechOutput(Protocol):
    """What the client needs of speech (see ``a11y_games.output.speech.Speech``)."""

    available: bool
    enabled: bool

    def speak(self, text: str, *, interrupt: bool = False) -> None: ...
    def silence(self) -> None: ...


@dataclass
class BrailleOptions:
    """Braille settings: on in every summary (``mode``), table, contracted, width."""

    mode: bool = False
    table: str | None = None
    contracted: bool = False
    width: int = 40
    _cache: dict[str, Any] = field(default_factory=dict)


def _query_word(query: Any, lang: str) -> str:
    """A game query's name as said in ``lang`` (its first alias is the French one)."""
    if lang == "fr" and query.aliases:
        return str(query.aliases[0])
    return str(query.name)


def _sentences(text: str) -> list[str]:
    """One sentence a line (help texts): split after a full stop that ends a word, not after
    an initial (C.N.U.)."""
    return re.split(r"(?<=[^\sA-Z]\.) (?=\S)", text)


def _at_commas(text: str, width: int) -> list[str]:
    """A list line ("Topics: scores, scale, ...") cut after commas into lines of at most
    ``width`` characters (a word longer than that keeps its own line)."""
    lines: list[str] = []
    for piece in re.split(r"(?<=,) ", text):
        if lines and len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return lines


def _round_of(event: Event) -> int | None:
    """The round or turn an event opens or names (``round=``, ``turn=``, ``*.round number=``)."""
    params = event.msg.params
    for key in ("round", "turn"):
        if isinstance(params.get(key), int):
            return params[key]
    if event.msg.id.endswith(".round") and isinstance(params.get("number"), int):
        return params["number"]
    return None


def _round_span(events: list[Event], number: int) -> tuple[int | None, int]:
    """Where round ``number`` starts in a transcript (its first mention) and ends. Round 0
    is what came before round 1 (a setup, the opening lines)."""
    if number == 0:
        end = next((i for i, e in enumerate(events) if (_round_of(e) or 0) >= 1), len(events))
        return (0, end) if end else (None, 0)
    start = next((i for i, e in enumerate(events) if _round_of(e) == number), None)
    if start is None:
        return None, 0
    end = next((i for i, e in enumerate(events) if i > start and (_round_of(e) or 0) > number),
               len(events))
    return start, end


class _Quit(Exception):
    """The player has left."""


class Client:
    """Plays one match with the humans at this keyboard."""

    def __init__(self, match: Match, *, reader: LineReader, writer: Writer,
                 lang: str = "en", verbosity: Verbosity = Verbosity.NORMAL,
                 speech: SpeechOutput | None = None, braille: BrailleOptions | None = None,
                 specs: dict[str, GameSpec] | None = None,
                 autosave: Path | None = None,
                 prefs: Preferences | None = None,
                 display: Any = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.reader = reader
        self.out = writer
        self.verbosity = verbosity
        self.speech = speech
        self.braille = braille or BrailleOptions()
        self.specs = specs or {match.spec.name: match.spec}
        self.autosave = autosave
        self.autosave_failed = False  # said once, then play goes on
        self.prefs = prefs  # None: nothing is remembered (tests, scripts)
        self.display = display  # a BrlAPI braille display, or None
        self.clock = clock
        self.lang = lang if lang in LANGUAGES else "en"
        self._set_match(match)
        if speech is not None and speech.available and speech.enabled:
            self.out.speak = self._speak

    # --- set-up -----------------------------------------------------------------------------
    def _set_match(self, match: Match) -> None:
        self.match = match
        self.tr = Translator(self.lang, names=match.seat_name)
        humans = match.humans()
        # hot-seat: nobody holds the keyboard until the first hand-over, so no private
        # line is shown before the right player has taken it
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.answering: int | None = None
        """Hot-seat: the human asked a public question without a hand-over (``viewer`` is
        None meanwhile, so only public lines show); a private command hands over first."""
        self.transcripts: dict[int | None, list[Event]] = {s: [] for s in humans} or {None: []}
        self.backlog: dict[int, list[Event]] = {s: [] for s in humans}
        self.cursor = 0
        self.asked: tuple[Any, ...] | None = None
        self.ended = False
        self.typed_ahead = ""
        """A command typed at the hand-over instead of Enter, run once the question is asked."""

    def _absorb_history(self) -> None:
        """A loaded game: its past events go to the transcripts without being announced."""
        for event in self.match.events:
            for seat, transcript in self.transcripts.items():
                if event.visible(seat):
                    transcript.append(event)
        self.cursor = len(self.match.events)

    def _speak(self, text: str) -> None:
        if self.speech is not None and self.speech.enabled:
            self.speech.speak(text)

    def say(self, *msgs: Msg | str) -> None:
        """Render and write lines (one message a line)."""
        self.out.lines(self.tr.render(m) for m in msgs)

    def say_summary(self, msgs: list[Msg]) -> None:
        """A summary: its lines, and in braille mode their braille too."""
        texts = [self.tr.render(m) for m in msgs]
        self.out.lines(texts)
        if self.braille.mode and texts:
            cells = self._braille_lines(texts)
            if cells:
                self.out.lines(cells, remember=False)

    # --- the loop ---------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the players quit or input ends. Returns an exit status."""
        try:
            self.intro()
            while True:
                self.advance()
                self.update_display()
                try:
                    line, self.typed_ahead = self.typed_ahead or self.reader.read(
                        self.prompt_text()), ""
                except KeyboardInterrupt:
                    self.confirm_quit()
                    continue
                except EOFError:
                    self.end_of_input()
                    return 0
                if self.speech is not None and self.speech.available and line.strip():
                    self.speech.silence()
                self.handle(line)
                problem = self._speech_problem()
                if problem is not None:
                    self.say(problem)
        except _Quit:
            return 0

    def resumed(self, path: Path) -> None:
        """A game continued from a save: its history goes to the log, not to the speakers."""
        self._absorb_history()
        self.say(Msg("core.load.done", path=str(path), game=self.match.spec.title,
                     count=len(self.match.log)), Msg("core.load.hint"))

    def update_display(self) -> None:
        """The braille display shows the status's first line (or the question when asked)."""
        if self.display is None:
            return
        mine = self._my_turn()
        msg = (Msg("core.turn.you", seat=PlayerRef(mine[0]), question=mine[1].prompt)
               if mine else (self.match.state.status(self.viewer) or [Msg("core.end.over")])[0])
        try:
            self.display.show(self.tr.render(msg))
        except OSError as error:  # BRLTTY gone: say it once and go on without the display
            self.display = None
            self.say(getattr(error, "msg", Msg("core.display.lost")))

    def _table_lines(self) -> list[Msg | str]:
        """The game's welcome and who sits where: at the start, and after ``load``."""
        lines: list[Msg | str] = [Msg("core.intro.welcome", game=self.match.spec.title)]
        names = [PlayerRef(s) for s in self.match.state.seat_order()]
        players = self.tr.render(Msg("core.intro.players", count=len(names), names=names))
        lines += _at_commas(players, self.braille.width)
        if self.viewer is not None:
            lines.append(Msg("core.intro.you", seat=PlayerRef(self.viewer)))
        if len(self.match.humans()) > 1:
            lines += [Msg("core.intro.hotseat", count=len(self.match.humans())),
                      Msg("core.intro.pass")]
        return lines

    def intro(self) -> None:
        self.say(*self._table_lines(), Msg("core.intro.help"), Msg("core.intro.choices"))
        problem = self._speech_problem()
        if problem is not None:
            self.say(problem)

    def advance(self) -> None:
        """Let bots play and show what happened, until a human must decide or the game ends."""
        while True:
            self.flush_events()
            pending = self.match.state.pending()
            if pending is None:
                if not self.ended:
                    self.announce_end()
                return
            if pending.race:
                self.run_race(pending)
                continue
            bots = self.match.waiting_bots()
            if bots:
                self.match.act(bots[0], self.match.bot_choice(bots[0]))
                continue
            seat = next(s for s in pending.seats if self.match.is_human(s))
            if seat != self.viewer:
                if pending.public and not self.backlog.get(seat):
                    self.turn_to(seat)
                else:
                    self.hand_over(seat)
            key = (seat, pending, len(self.match.log))
            if key != self.asked:
                self.asked = key
                self.autosave_now()  # a closed terminal loses at most this decision
                self.ask(seat, pending)
            return

    def flush_events(self) -> None:
        """Announce new events to whoever may see them (others' private ones wait)."""
        events = self.match.events
        new, self.cursor = events[self.cursor:], len(events)
        shown: list[str] = []
        for event in new:
            self._record(event)
            if event.visible_to is None:
                for transcript in self.transcripts.values():
                    transcript.append(event)
            else:
                for seat in event.visible_to:
                    if seat in self.transcripts:
                        self.transcripts[seat].append(event)
                    if seat in self.backlog and seat != self.viewer:
                        self.backlog[seat].append(event)
            if event.visible(self.viewer) and event.level <= self.verbosity:
                shown.append(self.tr.render(event.msg))
        if shown:
            self.out.lines(shown)

    def _record(self, event: Event) -> None:
        if self.out.events_file is None:
            return
        humans = self.match.humans()
        if event.visible_to is not None and (len(humans) > 1 or not set(humans) & event.visible_to):
            return  # a secret never reaches a file another player could read
        try:
            self.out.event({
                "type": event.type, "params": event.msg.to_json()["params"],
                "visibility": "all" if event.visible_to is None else sorted(event.visible_to),
                "level": event.level.name.lower(), "cause": event.cause,
                "text": self.tr.render(event.msg), "lang": self.lang})
        except OSError as error:  # a full disk, a removed drive: say it once, play on
            failed, self.out.events_file = self.out.events_file, None
            with contextlib.suppress(OSError, AttributeError):
                failed.close()  # type: ignore[union-attr]
            self.say(Msg("core.cli.events_failed", path=str(getattr(failed, "name", "")),
                         reason=os_reason(error)))

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
        self.viewer, self.answering = None, None
        self.out.forget()
        self.say(Msg("core.handover.private_now" if answering == seat else "core.handover",
                     seat=PlayerRef(seat)))
        if not self.reader.interactive:  # a script sees the question it must answer
            self.say(Msg("core.handover.prompt", seat=PlayerRef(seat)))
        while True:
            try:
                typed = self.reader.read(self.tr.render(Msg("core.handover.prompt",
                                                            seat=PlayerRef(seat))) + " ")
                break
            except KeyboardInterrupt:
                self.confirm_quit()
            except EOFError:
                self.end_of_input()
                raise _Quit from None
        self.viewer, self.answering = seat, None
        self.out.forget()
        words = typed.split()
        if words and (lookup(words[0]) or self._query(words[0])):  # a command, not Enter: run
            self.typed_ahead = typed  # it next; never a choice the player has not heard yet
        held, self.backlog[seat] = self.backlog[seat], []
        if held:
            self.say(Msg("core.handover.private", count=len(held)))
            self.out.lines(self.tr.render(e.msg) for e in held)

    def ask(self, seat: int, pending: Pending, *, choices: bool = False) -> None:
        """The question, and its choices unless the verbosity is brief (``choices``: always)."""
        question: list[Msg] = [Msg("core.turn.you", seat=PlayerRef(seat),
                                   question=pending.prompt)]
        if len(self.tr.render(question[0])) > self.braille.width:  # one idea a line
            question = [Msg("core.turn.yours", seat=PlayerRef(seat)), pending.prompt]
        if choices or self.verbosity >= Verbosity.NORMAL:
            question += self._choice_lines(seat)
        self.say_summary(question)

    def prompt_text(self) -> str:
        pending = self.match.state.pending()
        if pending is None:
            return self.tr.render(Msg("core.prompt.over")) + "> "
        actor = self._seat_in_view()
        if actor is not None and actor in pending.seats:
            return self.tr.render(Msg("core.prompt.turn", seat=PlayerRef(actor),
                                      question=pending.prompt)) + "> "
        return self.tr.render(Msg("core.prompt.wait")) + "> "

    def announce_end(self) -> None:
        self.ended = True
        outcome = self.match.state.outcome()
        if outcome is None:
            return
        winners = sorted(outcome.winners)
        lines: list[Msg | str] = [Msg("core.end.over")]
        recent = [e.msg for e in self.match.events[-40:]]
        if not any(m == outcome.reason or outcome.reason in m.params.values() for m in recent):
            lines.append(outcome.reason)  # unless the game has just said it
        lines.append(Msg("core.end.winners", count=len(winners),
                         names=[PlayerRef(s) for s in winners]))
        for seat in self.match.humans():
            won = "core.end.you_won" if seat in outcome.winners else "core.end.you_lost"
            lines.append(Msg(won, seat=PlayerRef(seat)))
        lines.append(Msg("core.end.hint"))
        self.say(*lines)
        self.autosave_now()

    # --- races ------------------------------------------------------------------------------
    def run_race(self, pending: Pending) -> None:
        """A reaction race: the human presses Enter; bots react after a random delay."""
        rng = random.Random(f"{self.match.settings.seed}:race:{len(self.match.log)}")
        times = {s: rng.uniform(0.4, 2.0) for s in pending.seats if self.match.is_bot(s)}
        humans = [s for s in pending.seats if self.match.is_human(s)]
        if len(humans) == 1:
            self.say(Msg("core.race.go", seat=PlayerRef(humans[0])))
            start = self.clock()
            with contextlib.suppress(EOFError, KeyboardInterrupt):
                self.reader.read(self.tr.render(Msg("core.race.prompt")) + " ")
            times[humans[0]] = self.clock() - start
            self.say(Msg("core.race.time", seconds=f"{times[humans[0]]:.2f}"))
        elif humans:
            self.say(Msg("core.race.hotseat"))
            for seat in humans:
                times[seat] = rng.uniform(0.4, 2.0)
        for seat in pending.seats:
            times.setdefault(seat, rng.uniform(0.4, 2.0))
        for seat in sorted(pending.seats, key=lambda s: times[s]):
            self.match.act(seat, self.match.state.legal_actions(seat)[0])

    # --- commands ---------------------------------------------------------------------------
    def handle(self, line: str) -> None:
        """Run one line of input: a number (a choice), a command, or a game query."""
        # control characters (an escape sequence) must never be echoed back
        words = "".join(c if c.isprintable() else " " for c in line).split()
        if not words:
            self.repeat_question()
            return
        head, rest = words[0], " ".join(words[1:])
        picked = number(head)
        if picked is not None:
            self.choose(picked)
            return
        if head.lstrip("-+").replace(".", "", 1).replace(",", "", 1).isdigit():
            mine = self._my_turn()
            count = len(self.match.state.legal_actions(mine[0])) if mine else 0
            self.say(Msg("core.error.choice_range", number=head, count=count) if mine
                     else Msg("core.error.no_choice_now"))
            return
        command = lookup(head)
        if command is not None:
            public = command.name in self.PUBLIC_COMMANDS or (
                command.name == "board" and self.match.state.board_is_public())
            if not public:
                self._private_view()
            getattr(self, f"cmd_{command.name}")(rest)
            return
        query = self._query(head)
        if query is not None:
            if not query.public:
                self._private_view()
            self.say_summary(query.run(self.match.state, self._seat_in_view(), rest))
            return
        named = self._choice_named(line)
        if named is not None:
            self.choose(named)
            return
        shown = head if len(head) <= 30 else head[:29] + "…"  # not a pasted page, read back
        self.say(Msg("core.error.unknown_command", word=shown), Msg("core.error.try_help"))

    def _choice_named(self, line: str) -> int | None:
        """The number of the one choice whose label (or id, or the label's head before a
        comma, colon or bracket) is what was typed: "back" for "10. Back", "termine" for
        "11. Terminé", "gaia" for "2. Gaïa (4)", "sail" for "1. Sail: no marker"; None if
        no single choice is named."""
        mine = self._my_turn()
        if mine is None:
            return None
        seat, key = mine[0], fold(line)
        state = self.match.state
        named = []
        for choice, action in enumerate(state.legal_actions(seat), 1):
            label = fold(self.tr.render(state.describe(seat, action)))
            if key in (fold(action), label, fold(re.split(r"[,:]| \(", label)[0])):
                named.append(choice)
        return named[0] if len(named) == 1 else None

    PUBLIC_COMMANDS = frozenset(("help", "choices", "whose", "repeat", "rules", "lang", "speech",
                                 "verbosity", "set", "save", "saves", "load", "quit"))
    """Commands that show nothing of a seat's own: no hand-over needed before them."""

    def _query(self, word: str) -> Any:
        return find_named(self.match.state.queries(), word)

    def _seat_in_view(self) -> int | None:
        """The seat whose public view a command shows: the viewer, or in hot-seat the player
        answering a public question (public commands only reach here without a hand-over)."""
        return self.viewer if self.viewer is not None else self.answering

    def _my_turn(self) -> tuple[int, Pending] | None:
        pending = self.match.state.pending()
        actor = self._seat_in_view()
        if pending is None or actor is None or actor not in pending.seats:
            return None
        return actor, pending

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
        legal = self.match.state.legal_actions(seat)
        if not 1 <= number <= len(legal):
            self.say(Msg("core.error.choice_range", number=number, count=len(legal)))
            return
        try:
            self.match.act(seat, legal[number - 1])
        except IllegalAction as error:
            self.say(error.msg)

    def _choice_lines(self, seat: int) -> list[Msg]:
        state = self.match.state
        legal = state.legal_actions(seat)
        return [Msg("core.choices.header", count=len(legal))] + [
            Msg("core.choices.item", number=i, label=state.describe(seat, a))
            for i, a in enumerate(legal, 1)]

    def show_choices(self, seat: int) -> None:
        self.say_summary(self._choice_lines(seat))

    KEYS: tuple[tuple[str, str, str], ...] = (("f2", "s", "silence"), ("f3", "r", "repeat"),
                                              ("f4", "t", "status"), ("f5", "c", "choices"))
    """Function key, its Alt+letter twin, and what it does."""

    def key_bindings(self) -> Any:
        """prompt_toolkit key bindings: F2 stops speech, F3 repeats, F4 status, F5 choices.

        Alt+letter twins (Escape then the letter) serve terminals without function keys.
        """
        from prompt_toolkit.application import run_in_terminal
        from prompt_toolkit.key_binding import KeyBindings

        bindings = KeyBindings()
        actions = {"silence": self._silence, "repeat": lambda: self.cmd_repeat(""),
                   "status": lambda: self.cmd_status(""), "choices": lambda: self.cmd_choices("")}
        for key, alt, name in self.KEYS:
            action = actions[name]

            def handler(event: Any, action: Callable[[], None] = action,
                        name: str = name) -> None:
                if name == "silence":
                    action()
                else:
                    run_in_terminal(action)

            bindings.add(key)(handler)
            bindings.add("escape", alt)(handler)
        return bindings

    def _silence(self) -> None:
        if self.speech is not None and self.speech.available:
            self.speech.silence()

    def help_keys(self) -> None:
        lines: list[Msg | str] = [Msg("core.keys.header")]
        lines += [Msg("core.keys.line", key=key.upper(), alt=alt,
                      action=Msg(f"core.keys.{name}")) for key, alt, name in self.KEYS]
        lines += [Msg("core.keys.tab"), Msg("core.keys.ctrl_c"), Msg("core.keys.ctrl_d")]
        self.say(*lines)

    def cmd_help(self, rest: str) -> None:
        if rest and fold(rest.split()[0]) in ("keys", "touches", "clavier"):
            self.help_keys()
            return
        if rest:
            command = lookup(rest.split()[0])
            if command is not None:
                more = self.tr.render(Msg(f"core.help.{command.name}.more"))
                also = self.tr.render(Msg("core.help.aliases", words=", ".join(command.words)))
                lines = [Msg(f"core.help.{command.name}"), *_sentences(more),
                         *_at_commas(also, self.braille.width)]
                if command.name == "board" and self.match.state.board_topics():
                    lines += self._topics_lines()
                self.say(*lines)
                return
            query = self._query(rest.split()[0])
            if query is not None:
                self.say(query.help)
                return
            self.say(Msg("core.error.unknown_command", word=rest.split()[0]))
        lines: list[Msg | str] = [Msg("core.help.header")]
        lines += [Msg("core.help.line", word=c.word(self.lang), help=Msg(f"core.help.{c.name}"))
                  for c in COMMANDS]
        queries = self.match.state.queries()
        if queries:
            lines.append(Msg("core.help.game_header", game=self.match.spec.title))
            lines += [Msg("core.help.line", word=_query_word(q, self.lang), help=q.help)
                      for q in queries]
        lines += [Msg("core.help.footer"), Msg("core.help.footer_enter"),
                  Msg("core.help.footer_more")]
        self.say(*lines)

    def cmd_choices(self, rest: str) -> None:
        mine = self._my_turn()
        if mine is None:
            self.say(Msg("core.error.no_choice_now"))
            self.cmd_whose("")
            return
        self.ask(*mine, choices=True)

    def cmd_whose(self, rest: str) -> None:
        pending = self.match.state.pending()
        if pending is None:
            self.say(Msg("core.end.over"))
            return
        names = [PlayerRef(s) for s in pending.seats]
        one = Msg("core.whose", count=len(names), names=names)
        if len(self.tr.render(one)) <= self.braille.width:
            self.say(one, pending.prompt)
            return
        lines: list[Msg | str] = [Msg("core.whose.many", count=len(names))]
        lines += self._name_lines(names)
        self.say(*lines, pending.prompt)

    def _name_lines(self, names: list[PlayerRef]) -> list[Msg]:
        """Names over as many lines as the braille width needs, in table order."""
        lines: list[Msg] = []
        chunk: list[PlayerRef] = []
        for name in names:
            wider = Msg("core.whose.names", names=[*chunk, name])
            if chunk and len(self.tr.render(wider)) > self.braille.width:
                lines.append(Msg("core.whose.names", names=chunk))
                chunk = []
            chunk.append(name)
        return [*lines, Msg("core.whose.names", names=chunk)]

    def cmd_status(self, rest: str) -> None:
        self.say_summary(self.match.state.status(self.viewer))

    def cmd_board(self, rest: str) -> None:
        """board, or board TOPIC (in English or French); an unknown topic is said, with the
        game's topics."""
        state = self.match.state
        wanted = rest.strip()
        topic = find_named(state.board_topics(), wanted)
        try:
            lines = state.board(self._seat_in_view(), topic.name if topic is not None else wanted)
        except UnknownTopic:
            self.say(Msg("core.board.unknown", topic=wanted), *self._topics_lines())
            return
        self.say_summary(lines)

    def _topics_lines(self) -> list[Msg | str]:
        """The game's board topics, in the player's words, within the braille width."""
        topics = self.match.state.board_topics()
        if not topics:
            return [Msg("core.board.no_topics")]
        line = Msg("core.board.topics", topics=", ".join(_query_word(t, self.lang)
                                                         for t in topics))
        return list(_at_commas(self.tr.render(line), self.braille.width))

    def cmd_me(self, rest: str) -> None:
        if self.viewer is None:
            self.say(Msg("core.error.spectator"))
            return
        self.say_summary(self.match.state.private(self.viewer))

    LOG_PAGE = 10

    def cmd_log(self, rest: str) -> None:
        """log [N] | log next | log back | log start | log search WORD | log round N."""
        events = self.transcripts.get(self.viewer, [])
        words = rest.split()
        verb = fold(words[0]) if words else ""
        if not events:
            self.say(Msg("core.log.empty"))
            return
        size = self.LOG_PAGE
        wanted = number(verb)
        if not words or wanted is not None:
            if wanted is not None and wanted < 1:
                self.say(Msg("core.error.log_number"))
                return
            size = wanted or size
            self._log_page(events, max(0, len(events) - size), len(events))
        elif verb in ("next", "suite", "suivant"):
            start = getattr(self, "_log_end", len(events))
            if start >= len(events):
                self.say(Msg("core.log.at_end"))
                return
            self._log_page(events, start, min(len(events), start + size))
        elif verb in ("back", "previous", "precedent", "avant"):
            end = getattr(self, "_log_start", len(events))
            if end <= 0:
                self.say(Msg("core.log.at_start"))
                return
            self._log_page(events, max(0, end - size), end)
        elif verb in ("start", "debut", "all", "tout"):
            self._log_page(events, 0, min(len(events), size))
        elif verb in ("search", "chercher", "cherche") and len(words) > 1:
            key = fold(" ".join(words[1:]))
            found = [e for e in events if key in fold(self.tr.render(e.msg))]
            if not found:
                self.say(Msg("core.log.not_found", word=" ".join(words[1:])))
                return
            self.say(Msg("core.log.found", count=len(found), word=" ".join(words[1:])))
            self.out.lines(self.tr.render(e.msg) for e in found[-size:])
        elif (verb in ("round", "tour", "manche") and len(words) > 1
              and (round_number := number(words[1])) is not None):
            start, end = _round_span(events, round_number)
            if start is None:
                self.say(Msg("core.log.no_round", number=round_number))
                return
            self._log_page(events, start, end, header=False)
        else:
            self.say(Msg("core.error.log_number"))

    def _log_page(self, events: list[Event], start: int, end: int, *,
                  header: bool = True) -> None:
        self._log_start, self._log_end = start, end
        if header:
            self.say(Msg("core.log.page", first=start + 1, last=end, total=len(events)))
        self.out.lines(self.tr.render(e.msg) for e in events[start:end])

    def cmd_repeat(self, rest: str) -> None:
        """repeat: the last message; repeat N: the Nth message before it."""
        word = rest.strip()
        if word and number(word) is None:
            self.say(Msg("core.repeat.usage"))
            return
        back = number(word) or 0
        history = self.out.history
        if not history or back >= len(history):
            self.say(Msg("core.repeat.nothing"))
            return
        self.out.lines(list(history[-1 - back]), remember=False)

    def cmd_rules(self, rest: str) -> None:
        sections = read_sections(self.match.spec.name, self.lang)
        if not sections:
            self.say(Msg("core.rules.missing", game=self.match.spec.title))
            return
        if not rest.strip():
            lines: list[Msg | str] = [Msg("core.rules.header", game=self.match.spec.title,
                                          count=len(sections))]
            lines += [Msg("core.choices.item", number=i, label=s.title)
                      for i, s in enumerate(sections, 1)]
            lines.append(Msg("core.rules.hint"))
            self.say(*lines)
            return
        section = find_section(sections, rest)
        if section is None:
            self.say(Msg("core.rules.unknown", wanted=rest.strip(), count=len(sections)))
            return
        self.out.lines([section.title, *section.lines])

    def _braille_lines(self, texts: list[str]) -> list[str] | None:
        from a11y_games.output.braille import Braille, BrailleError, table_for

        table = table_for(self.lang, self.braille.contracted, self.braille.table)
        key = f"{table}:{self.braille.width}"
        try:
            if key not in self.braille._cache:
                self.braille._cache[key] = Braille(table, width=self.braille.width)
            converter = self.braille._cache[key]
            return [cell for text in texts for cell in converter.lines([text])]
        except BrailleError as error:
            self.say(error.msg)
            return None

    def cmd_braille(self, rest: str) -> None:
        words = [fold(w) for w in rest.split()]
        if words and words[0] in ("save", "sauver", "file", "fichier"):
            self._braille_save(words[1] if len(words) > 1 else "all")
            return
        if words:  # "braille foo": say what it takes, not the status as if foo were not there
            self.say(Msg("core.braille.usage"), Msg("core.braille.usage_save"))
            return
        texts = [self.tr.render(m) for m in self.match.state.status(self.viewer)]
        cells = self._braille_lines(texts)
        if cells is not None:
            self.out.lines(cells)

    def _braille_save(self, kind: str) -> None:
        """``braille save [rules|card|table|all]``: BRF files to emboss, in the data folder."""
        from a11y_games.output.braille import BrailleError
        from a11y_games.ui.embossing import KINDS, brf_path, document, emboss

        aliases = {"regles": "rules", "carte": "card", "tout": "all"}
        kind = aliases.get(kind, kind)
        if kind not in (*KINDS, "all"):
            self.say(Msg("core.brf.usage"))
            return
        for each in KINDS if kind == "all" else (kind,):
            title, lines = document(each, self.match.spec, self.lang, self.match, self.viewer)
            try:
                seat = self.viewer if each == "card" and len(self.match.humans()) > 1 else None
                path = emboss(brf_path(self.match.spec, each, seat), title, lines,
                              lang=self.lang,
                              contracted=self.braille.contracted, table=self.braille.table,
                              width=self.braille.width)
            except (BrailleError, OSError) as error:
                self.say(getattr(error, "msg", Msg("core.brf.failed")))
                return
            self.say(Msg("core.brf.written", what=Msg(f"core.brf.kind.{each}"), path=str(path)))

    def cmd_lang(self, rest: str) -> None:
        wanted = fold(rest)[:2]
        if wanted not in LANGUAGES:
            self.say(Msg("core.lang.usage", current=self.lang, languages=", ".join(LANGUAGES)))
            return
        self.lang = wanted
        self.tr = Translator(self.lang, names=self.match.seat_name)
        set_language = getattr(self.speech, "set_language", None)
        if set_language is not None:
            set_language(self.lang)
        self.say(Msg("core.lang.set"))
        self._remember("lang", wanted)

    def cmd_speech(self, rest: str) -> None:
        word = fold(rest)
        if self.speech is None:
            self.say(Msg("core.speech.unavailable"))
            return
        if word in ON_WORDS:
            self.speech.enabled = True
            if self.speech.available:
                self.out.speak = self._speak
                self.say(Msg("core.speech.on"))
                self._remember("speech", "on")
            else:
                self.say(self._speech_problem() or Msg("core.speech.unavailable"))
        elif word in OFF_WORDS:
            self.say(Msg("core.speech.off"))
            self.speech.silence()
            self.speech.enabled = False
            self._remember("speech", "off")
        else:
            on = self.speech.enabled and self.speech.available
            self.say(Msg("core.speech.usage", state=Msg("core.word.on" if on else "core.word.off")))

    def _speech_problem(self) -> Msg | None:
        """A speech problem not yet told (lost service, none found), if any."""
        take = getattr(self.speech, "take_problem", None)
        return take() if take is not None else None

    def cmd_verbosity(self, rest: str) -> None:
        level = VERBOSITY_WORDS.get(fold(rest))
        if level is None:
            self.say(Msg("core.verbosity.usage",
                         current=Msg(f"core.verbosity.{self.verbosity.name.lower()}")))
            return
        self.verbosity = level
        self.say(Msg("core.verbosity.set", level=Msg(f"core.verbosity.{level.name.lower()}")))
        self._remember("verbosity", level.name.lower())

    def cmd_save(self, rest: str) -> None:
        self._save(save_path(rest.strip() or "last"))

    def _save(self, path: Path, *if_failed: Msg) -> bool:
        """Save the game to ``path`` and say where, or say why not (then ``if_failed``);
        True if saved."""
        try:
            self.match.save(path)
        except SaveError as error:
            self.say(error.msg, *if_failed)
            return False
        self.say(Msg("core.save.done", path=str(path)))
        return True

    def cmd_load(self, rest: str) -> None:
        path = save_path(rest.strip() or "last")
        try:
            match = Match.load(path, self.specs)
        except SaveError as error:
            self.say(error.msg)
            if error.msg.id == "core.save.missing":
                self.say(Msg("core.save.list_hint"))
            return
        if self.match.log and not self.ended and not self._save(save_path("previous")):
            return  # the game in progress is kept, not lost
        table = self.tr.render_all(self._table_lines())  # the old names, in the old game
        self._set_match(match)
        self._absorb_history()
        self.say(Msg("core.load.done", path=str(path), game=match.spec.title,
                     count=len(match.log)))
        lines = self._table_lines()
        if self.tr.render_all(lines) != table:
            self.say(*lines)  # another game, other players: who is who

    def cmd_undo(self, rest: str) -> None:
        if self.viewer is None:
            self.say(Msg("core.error.spectator"))
            return
        try:
            self.match.undo(self.viewer)
        except UndoRefused as error:
            self.say(error.msg)
            return
        self.cursor = len(self.match.events)
        self.asked = None
        self.ended = False
        self.say(Msg("core.undo.done"))
        self.autosave_now()

    def _remember(self, name: str, value: str) -> None:
        if self.prefs is None:
            return
        self.prefs = self.prefs.with_value(name, value)
        problem = save_preferences(self.prefs)
        if problem is not None:
            self.say(problem)

    def cmd_set(self, rest: str) -> None:
        """set: the settings in the player's language; set NAME VALUE (English or French)."""
        words = rest.split()
        if self.prefs is None:
            self.prefs = Preferences(lang=self.lang)
        if len(words) != 2:
            self._list_settings()
            return
        name = setting_name(words[0])
        if name is None:
            self.say(Msg("core.set.unknown", name=words[0],
                         names=", ".join(shown_name(n, self.lang) for n in CHOICES)))
            return
        value = SET_WORDS.get(fold(words[1]), words[1].lower())
        allowed = CHOICES[name]
        if allowed is not None and value not in allowed:
            self.say(Msg("core.set.bad_value", name=shown_name(name, self.lang),
                         value=words[1],
                         values=", ".join(shown_value(v, self.lang) for v in allowed)))
            return
        try:
            self.prefs.with_value(name, value)
        except ValueError as error:
            self.say(error.args[0])
            return
        if name == "lang":
            self.cmd_lang(value)
            return
        if name == "speech":
            self.cmd_speech(value if value != "auto" else "on")
            return
        if name == "verbosity":
            self.cmd_verbosity(value)
            return
        if name == "braille_table":
            from a11y_games.output.braille import Braille, BrailleError

            try:
                Braille(value, width=self.braille.width)
            except BrailleError as error:
                self.say(error.msg)
                return
            self.braille.table = value or None
        elif name == "braille_width":
            self.braille.width = int(value)
        elif name == "braille_contracted":
            self.braille.contracted = value == "on"
        self._remember(name, value)
        self.say(Msg("core.set.done", name=shown_name(name, self.lang),
                     value=shown_value(value, self.lang)))

    def _list_settings(self) -> None:
        """Every setting, its value in force and the values it takes, in the player's words."""
        assert self.prefs is not None
        current = {"lang": self.lang, "verbosity": self.verbosity.name.lower(),
                   "braille_table": self.braille.table or table_default(self.lang),
                   "braille_width": self.braille.width,
                   "braille_contracted": "on" if self.braille.contracted else "off"}
        lines: list[Msg | str] = [Msg("core.set.header")]
        for name, allowed in CHOICES.items():
            value = str(current.get(name, getattr(self.prefs, name)) or "-")
            values: str | Msg = (", ".join(shown_value(v, self.lang) for v in allowed)
                                 if allowed else Msg("core.set.any_table"))
            if name == "braille_width":
                values = Msg("core.set.range", low=WIDTHS[0], high=WIDTHS[-1])
            lines.append(Msg("core.set.line", name=shown_name(name, self.lang),
                             value=shown_value(value, self.lang), values=values))
        lines.append(Msg("core.set.usage"))
        self.say(*lines)

    def cmd_saves(self, rest: str) -> None:
        folder = data_dir() / "saves"
        found: list[tuple[float, Path]] = []
        for path in folder.glob("*.json"):
            with contextlib.suppress(OSError):  # a dangling link, a save removed meanwhile
                if path.is_file():
                    found.append((path.stat().st_mtime, path))
        saves = sorted(found, reverse=True)
        if not saves:
            self.say(Msg("core.saves.none"))
            return
        lines: list[Msg | str] = [Msg("core.saves.header", count=len(saves))]
        for mtime, path in saves:
            stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(mtime))
            lines.append(Msg("core.saves.line", name=path.stem, date=stamp))
        self.say(*lines)

    def cmd_quit(self, rest: str) -> None:
        self.confirm_quit()

    # --- leaving ----------------------------------------------------------------------------
    def _yes_no(self, question: Msg) -> bool | None:
        """Ask a yes/no question; None at end of input."""
        while True:
            try:
                answer = fold(self.reader.read(self.tr.render(question) + " "))
            except EOFError:
                return None
            except KeyboardInterrupt:
                return False
            if answer in YES:
                return True
            if answer in NO:
                return False
            self.say(Msg("core.yes_no"))

    def confirm_quit(self) -> None:
        """Ctrl-C or ``quit``: confirm, offer to save, then leave."""
        self.say(Msg("core.quit.ask"))
        sure = self._yes_no(Msg("core.quit.prompt"))
        if sure is False:
            self.say(Msg("core.quit.stay"))
            return
        save = None
        if sure and not self.ended and self.match.log:
            save = self._yes_no(Msg("core.quit.save_prompt"))
            if save and not self._save(save_path("last"), Msg("core.quit.stay")):
                return  # not saved: stay, the game is not lost
        if sure is None or (save is None and not self.ended and self.match.log):
            self.end_of_input()  # input closed at a question: save quietly, as at the prompt
            raise _Quit
        self.say(Msg("core.quit.bye"))
        raise _Quit

    def end_of_input(self) -> None:
        """Input closed (Ctrl-D, a script's end): save quietly and say goodbye."""
        if not self.ended and self.match.log:
            path = save_path("last")
            try:
                self.match.save(path)
                self.say(Msg("core.save.done", path=str(path)))
            except SaveError as error:
                self.say(error.msg)
        self.say(Msg("core.quit.bye"))

    def autosave_now(self) -> None:
        if self.autosave is None:
            return
        try:
            self.match.save(self.autosave)
        except SaveError as error:  # never interrupt play for an autosave: say it once
            if not self.autosave_failed:
                self.autosave_failed = True
                self.say(error.msg)

    def completion_words(self) -> list[str]:
        words = [w for c in COMMANDS for w in c.words if w.isalpha()]
        words += [q.name for q in self.match.state.queries()]
        return words
