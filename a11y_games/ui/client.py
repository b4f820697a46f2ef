"""The linear prompt client: one game, several seats, announced line by line.

It knows no game's rules: it asks the table who must act and what is legal, renders
messages in the player's language, speaks them, and only ever appends lines. The table is
a match in this process or a seat at a server (:mod:`a11y_games.ui.table`); each room of
the client is a module of its own: the announcer, the hot-seat hand-over, the questions,
and the commands that tell, tune and keep.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from a11y_games.engine import Event, Msg, PlayerRef, Verbosity
from a11y_games.engine.match import Match
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.state import Pending
from a11y_games.engine.words import find_named, fold
from a11y_games.i18n import LANGUAGES, Translator
from a11y_games.ui.announcer import Announcer
from a11y_games.ui.aside import Thought
from a11y_games.ui.asking import Asking
from a11y_games.ui.chatting import ChatCommands
from a11y_games.ui.commands import COMMANDS, lookup
from a11y_games.ui.digest import digest
from a11y_games.ui.glossary import GlossaryCommands
from a11y_games.ui.handover import HandOver, Quit
from a11y_games.ui.history import HistoryCommands
from a11y_games.ui.info import InfoCommands, LogReading
from a11y_games.ui.keeping import KeepingCommands
from a11y_games.ui.listening import ListeningCommands
from a11y_games.ui.numbering import Numbering, is_key
from a11y_games.ui.outputs import BrailleOptions, SpeechOutput
from a11y_games.ui.paths import save_said
from a11y_games.ui.settings import Preferences, save_preferences
from a11y_games.ui.sounding import SoundCommands
from a11y_games.ui.table import LocalTable, Table, TableUnavailable
from a11y_games.ui.terminal import LineReader, Woken, Writer
from a11y_games.ui.tuning import TuningCommands

__all__ = ["BrailleOptions", "Client"]


THINKING_SAID = (3.0, 15.0)
"""Seconds of silence while a bot plays before who is thinking is said, then between two
"still thinking" lines: a long silence sounds like a game that stopped. The client
decides, from what it said itself: before each move of its own bots, and at a network
table whenever the server says a bot searches a decision."""

READING = frozenset(("log", "rules", "help", "explain"))
"""Commands that read something other than the game now: news that comes meanwhile (a
strong bot's move, a network table's) is kept, and told as a digest afterwards."""

MENU_WORDS = frozenset(("back", "retour", "done", "termine", "finish", "finir", "pass",
                        "passer", "end", "fin", "skip"))
"""Words for ``0`` and ``00`` (back, and the answer that finishes a menu): typed where the
menu has no such answer, they are said to be missing, not unknown."""


class Client(Announcer, HandOver, Asking, InfoCommands, TuningCommands, KeepingCommands,
             ChatCommands, SoundCommands, ListeningCommands, GlossaryCommands, HistoryCommands):
    """Plays one game with the humans at this keyboard, through a table."""

    def __init__(self, table: Table | Match, *, reader: LineReader, writer: Writer,
                 lang: str = "en", verbosity: Verbosity = Verbosity.NORMAL,
                 speech: SpeechOutput | None = None, braille: BrailleOptions | None = None,
                 specs: Mapping[str, GameSpec] | None = None,
                 autosave: Path | None = None,
                 prefs: Preferences | None = None,
                 display: Any = None,
                 sound: Any = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if isinstance(table, Match):
            table = LocalTable(table)
        self.reader = reader
        self.out = writer
        self.verbosity = verbosity
        self.speech = speech
        self.braille = braille or BrailleOptions()
        self.specs = specs or {table.spec.name: table.spec}
        self.autosave = autosave
        self.autosave_failed = False  # said once, then play goes on
        self.prefs = prefs  # None: nothing is remembered (tests, scripts)
        self.keep_prefs: Callable[[Preferences], Msg | None] = save_preferences
        """Where settings changed in play are kept: the settings file; a web player's
        page keeps its own (:mod:`a11y_games.web`)."""
        self.keep_brf: Callable[[str, str, list[str], int | None], Msg] = self.brf_to_file
        """Where ``braille save`` puts a BRF document (kind, title, lines, seat): the data
        folder; a web player's page offers it as a download."""
        self.display = display  # a BrlAPI braille display, or None
        self.sound = sound  # sound cues (a11y_games.output.sound.Sound), or None
        self.clock = clock
        self.thinking_said = THINKING_SAID
        self.lang = lang if lang in LANGUAGES else "en"
        self.keep_history = True
        """A local game over is kept for ``history`` and ``replay`` (not a replay's)."""
        self.replay_wanted = 1
        """``replay N`` after a game: the game of the history to open (``next_game``)."""
        self.only_choice = prefs is None or prefs.only_choice == "on"
        """A question with a single possible answer is answered at once, and said."""
        self._set_table(table)
        if not table.local:
            table.on_news = self._news  # type: ignore[attr-defined]
            unwake = getattr(reader, "unwake", None)
            if unwake is not None:  # the lobby's news, said before this table's first prompt
                unwake()
            table.on_thinking = self._thinking_at_server  # type: ignore[attr-defined]
        if speech is not None and speech.available and speech.enabled:
            self.out.speak = self._speak
        if hasattr(reader, "said_once"):
            reader.said_once = self._waiting_prompt  # type: ignore[attr-defined]

    def asks_now(self) -> bool:
        """True if the player at this keyboard is asked a question now (a page opened again
        asks it again in full)."""
        return not self.ended and self._my_turn() is not None

    # --- set-up -----------------------------------------------------------------------------
    @property
    def match(self) -> Match:
        """The match of a local table (save, load, undo, embossing); remote tables have
        none."""
        match = getattr(self.table, "match", None)
        if match is None:
            raise AttributeError("a remote table holds no match here")
        return match

    def _set_table(self, table: Table) -> None:
        self.table = table
        self.tr = Translator(self.lang, names=table.seat_name, viewer=self._seat_in_view)
        self.glossary: dict[int | None, set[str]] = {}
        """The game's words explained to each player so far (once a game each)."""
        humans = table.humans()
        # hot-seat: nobody holds the keyboard until the first hand-over, so no private
        # line is shown before the right player has taken it
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.answering: int | None = None
        """Hot-seat: the human asked a public question without a hand-over (``viewer`` is
        None meanwhile, so only public lines show); a private command hands over first."""
        self.transcripts: dict[int | None, list[Event]] = {s: [] for s in humans} or {None: []}
        self.backlog: dict[int, list[Event]] = {s: [] for s in humans}
        self.cursor = 0
        self._quiet: tuple[int, float, bool] = (0, self.clock(), False)
        """Blocks written when the last silence began, its start (the player's last
        input, or the last line said), and whether a bot's thinking was said in it
        (:meth:`_thinking_line`)."""
        self._think_told = False
        """The setting that makes this table's bots quicker was said (once a game)."""
        self._thought: Thought | None = None
        """A bot here deciding on a thread while the prompt shows (:mod:`.aside`)."""
        self._aside_error: Exception | None = None
        self._reading = False
        """The loop's own prompt shows (not a dialogue's: quit? save first?)."""
        self._after_news = False
        """The last prompt was ended by news (a bot's move, others' moves to say)."""
        self._shown_prompt = ""
        """The words of the client's prompt showing (before a blank one replaces them)."""
        self._news_due = False
        """News from a network table will be looked at from the prompt (:meth:`_news`)."""
        self._heard_to: dict[int, int] = {}
        """Hot-seat: how far each player heard the events, when the keyboard last left them."""
        self.log_reading: LogReading | None = None
        """What `log` is paging, for the seat at the keyboard only (dropped at a hand-over)."""
        self.asked: tuple[Any, ...] | None = None
        self.reading = False
        """The player reads the log, the rules or help: news is kept for a digest."""
        self.missed: list[Event] = []
        """What happened while the player read, told as a digest when they are back."""
        self.ended = False
        self.to_lobby = False
        """A network game over, the player quit it: back to the lobby, still connected."""
        self.next_game: str | None = None
        """A local game over: ``again`` (the same table) or ``menu`` (the game menu)."""
        self.typed_ahead = ""
        """A command typed at the hand-over instead of Enter, run once the question is asked."""
        self.numbering = Numbering()
        self.load_muted_kinds()

    def _speak(self, text: str) -> None:
        if self.speech is not None and self.speech.enabled:
            self.speech.speak(text)

    # --- the loop ---------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the players quit or input ends. Returns an exit status."""
        try:
            self.intro()
            while True:
                seen = getattr(self.table, "changes", 0)
                self.advance()
                self.update_display()
                if self._removed():
                    return 0
                if self._waits_for_others():
                    self.table.wait(seen, 1.0)  # type: ignore[attr-defined]
                    continue
                self.open_sound()  # the first wait for the player: the device opens meanwhile
                try:
                    line, self.typed_ahead = self._read_line(), ""
                except Woken:  # news from the table: say it, then ask again
                    self._after_news = True
                    continue
                except KeyboardInterrupt:
                    self.confirm_quit()
                    continue
                except EOFError:
                    self.end_of_input()
                    return 0
                self._quiet = (self.out.written, self.clock(), False)  # a silence starts
                if (self.reader.interactive and self.speech is not None
                        and self.speech.available and line.strip()):
                    self.speech.silence()  # a script's lines never cut what is said
                if self.sound is not None and line.strip():
                    self.sound.silence()  # cues still waiting belong to what was said
                try:
                    self.handle(line)
                except TableUnavailable as lost:  # said; the question comes again once back
                    self.say(lost.msg)
                for problem in (self._speech_problem(), self._sound_problem()):
                    if problem is not None:
                        self.say(problem)
        except Quit:
            return 0

    def _removed(self) -> bool:
        """A network table taken from this player, its lines said: kicked (True: back at
        the lobby) or shut out (a ban: ConnectionLost with the last line, the end)."""
        removed = getattr(self.table, "removed", None)
        try:
            gone = removed is not None and removed()
        except TableUnavailable:
            self.flush_events()
            raise
        if gone:
            self.flush_events()
            typed = getattr(self.reader, "take_typed", lambda: "")().strip()
            if typed:  # half typed for the table: said, never read by the lobby
                self.say(Msg("online.kicked.not_sent", text=typed))
            self.to_lobby = True
        return gone

    def _waits_for_others(self) -> bool:
        """A script at a remote table reads its next line only when its seat is asked (or
        the game is over): others decide at their own machines meanwhile."""
        if self.table.local or self.reader.interactive or self.typed_ahead:
            return False
        if self.table.outcome() is not None or self.viewer is None:
            return False
        return self._my_turn() is None

    def _news(self, urgent: bool) -> None:
        """The connection's thread: something arrived. A prompt waiting for others ends to
        say it (:meth:`_news_at_prompt`); a question being answered is interrupted only by
        ``urgent`` news (a new question, arrivals, departures, lost connections), not by
        chat or votes counted (said after the answer)."""
        if urgent or self._my_turn() is None:
            call = getattr(self.reader, "call", None)
            if call is not None:  # said at the prompt (or at the next, if none shows)
                if not self._news_due:  # a burst (bots answering at once) looked at once
                    self._news_due = True
                    self._look_at_news()
                return
            wake = getattr(self.reader, "wake", None)
            if wake is not None:
                wake()

    def _look_at_news(self) -> None:
        """Have :meth:`_news_at_prompt` run at the prompt, a moment on (a burst gathered),
        or at the next prompt if none shows."""
        self.reader.call(self._news_at_prompt, later=True,  # type: ignore[attr-defined]
                         delay=self.reader.WAKE_DELAY)  # type: ignore[attr-defined]

    def _news_at_prompt(self) -> None:
        """The prompt's thread, at a network table: the news is said once the prompt has
        ended, and the prompt ends only when there is something to say or its words change
        (this seat asked, the game over): news that says nothing to this seat (a question
        put to another) shows no prompt again for a screen reader to read. A dialogue's
        prompt (quit? save first? a race's Enter) stays: the news waits for its answer, and
        the loop says it after (ended, it only showed its "> " again, twice in a row)."""
        self._news_due = False
        if not self._reading:
            return
        shown = self._shown_prompt

        def takes_over() -> bool:
            asked = self.advance(aside=True)
            pending = self.table.pending()
            if pending is not None and pending.race:  # others still racing: nothing here
                return bool(self.racing_here(pending))
            return asked or self.prompt_text() != shown

        if not self._held_at_prompt(takes_over):
            self.update_display()

    def resumed(self, path: Path) -> None:
        """A game continued from a save: its history goes to the log, not to the speakers."""
        self._absorb_history()
        self.say(Msg("core.load.done", path=save_said(path, self.lang),
                     game=self.table.spec.title, count=self.table.log_length),
                 Msg("core.load.hint"))

    def advance(self, *, ask: bool = True, aside: bool = False) -> bool:
        """Let bots play and show what happened, until a human here must decide or the game
        ends (at a remote table, until this seat is asked: the others play elsewhere).
        ``ask=False``: the question is not asked (the player typed its answer ahead).

        A searching bot here decides on a thread while the prompt stays open (a player at
        a terminal): this returns meanwhile, and is called again at the prompt when it has
        decided (``aside``), to play bots only: True then when the client's loop must take
        over (a question, a race, the end). News from a network table is said at the
        prompt the same way."""
        while True:
            if not aside:
                self._news_served()
            self.flush_events()
            pending = self.table.pending()
            if aside and (pending is None or pending.race):
                return True
            if pending is None:  # over (a remote table: or its first question not yet here)
                if not self.ended and self.table.outcome() is not None:
                    self.tell_missed()
                    self.announce_end()
                return False
            if pending.race:
                self.tell_missed()
                if self.run_race(pending):
                    continue
                return False
            self.note_question(pending)  # before bots vote: a vote opened for all
            bot = self.table.next_bot()
            thinks_aside = bot is not None and self._thinks_aside(bot)
            if thinks_aside and any(self.table.is_human(s) for s in pending.seats):
                bot = None  # asked together (a vote): the player first, the bots think after
            if bot is not None:
                if thinks_aside:
                    if self._aside_played(bot, at_prompt=aside):
                        continue
                    return False  # it thinks on a thread; the prompt is open meanwhile
                self._say_thinking(bot)
                self.table.play_bot(bot)
                continue
            seat = next((s for s in pending.seats if self.table.is_human(s)), None)
            if aside:  # a question here not yet asked, for the client's loop to ask
                return seat is not None and self._question_key(seat, pending) != self.asked
            if seat is None:
                return False  # someone at another keyboard decides
            if seat != self.viewer:
                if pending.public and not self.backlog.get(seat):
                    self.turn_to(seat)
                else:
                    self.hand_over(seat)
            if self.answer_alone(seat, pending):
                continue
            key = self._question_key(seat, pending)
            if not ask:
                return False
            if key != self.asked:
                self.asked = key
                self._close_menu_if_others_acted(seat)
                self.autosave_now()  # a closed terminal loses at most this decision
                self.tell_missed()
                self.cue_question(pending)
                self.ask(seat, pending)
            return False

    def _news_served(self) -> None:
        """The loop says now all that has come: a wake or a look asked by news until now
        is served. Left set, it ended the prompt of the question asked next, and said there
        what waits for the player's answer (a count of answers, chat): "4 of 5 have
        answered." before Bo had voted, on a busy machine."""
        unwake = getattr(self.reader, "unwake", None)
        if unwake is not None and not self._reading:
            unwake()
            self._news_due = False

    def _question_key(self, seat: int, pending: Pending) -> tuple[Any, ...]:
        """What makes a question new: asked once, not again while it stays the same (others
        answering a question put to several, a vote, leave it the same)."""
        return (seat, pending.prompt, pending.race, pending.public, pending.several,
                tuple(action for action, _ in self.table.choices(seat)), self.table.log_length)

    def _say_thinking(self, bot: int) -> None:
        """Say which bot is thinking, after a silence (:meth:`_thinking_line`), and the
        first time in a game how to make bots quicker."""
        thinking = self._thinking_line(bot) if self.table.thinks(bot) else None
        if thinking is not None:  # (one block: the silence goes on after it)
            tell, self._think_told = not self._think_told, True
            self.say(thinking, *([Msg("core.wait.quicker")] if tell else []))

    def _thinks_aside(self, bot: int) -> bool:
        """True if ``bot`` (here) decides on a thread: a searching bot, one player at a
        terminal. A script's lines answer questions in order, and at a keyboard shared by
        several players the keyboard changes hands between two questions (nobody holds it
        while bots play): their bots play at once."""
        return (self.table.local and self.reader.interactive
                and len(self.table.humans()) == 1
                and hasattr(self.reader, "call") and self.table.thinks(bot))

    def _aside_played(self, bot: int, *, at_prompt: bool) -> bool:
        """Play ``bot``'s move if it has decided (True); else start it thinking, unless it
        already is (False). Played by the client's loop (not ``at_prompt``), the prompt it
        asked to end, if none was showing, need not end."""
        thought = self._thought
        if thought is not None and not thought.fits(self.table, bot):
            if not thought.decided.is_set():
                return False  # (one search a bot at a time: the next once this one ends)
            thought = None  # the game moved meanwhile (an undo): it decides again
        if thought is None:
            self._say_thinking(bot)
            self._thought = Thought(self.table, bot, self._thought_done)  # type: ignore[arg-type]
            self._watch(self._thought)
            return False
        if not thought.decided.is_set():
            return False
        self._thought = None
        if not at_prompt:
            thought.told.wait(1.0)
            unwake = getattr(self.reader, "unwake", None)
            if unwake is not None:
                unwake()
        thought.play()
        return True

    def _watch(self, thought: Thought) -> None:
        """While ``thought`` goes on, look again when a silence would be long enough to
        say who is thinking (a long search: ``set think 10``), from the prompt's thread."""
        delay = self.thinking_said[1 if self._quiet[2] else 0]

        def look() -> None:
            if thought is not self._thought or thought.decided.is_set():
                return
            if not self.reader.call(lambda: self._thinking_meanwhile(thought)):  # type: ignore[attr-defined]
                self._watch(thought)  # no prompt now (a command runs): later

        timer = threading.Timer(delay, look)
        timer.daemon = True
        timer.start()

    def _thinking_meanwhile(self, thought: Thought) -> None:
        """The prompt's thread: the bot still thinks; say so if the silence is long (not
        at a dialogue's prompt: later)."""
        if thought is not self._thought or thought.decided.is_set():
            return
        if self._reading:
            self._held_at_prompt(lambda: self._say_thinking(thought.seat))
        self._watch(thought)

    def _thought_done(self) -> None:
        """The bot's thread: it has decided. Played at the prompt showing, else by the
        client's loop when it next reads (the prompt opening now ends at once)."""
        if not self.reader.call(self._bots_at_prompt):  # type: ignore[attr-defined]
            self.reader.wake()  # type: ignore[attr-defined]

    def _bots_at_prompt(self) -> None:
        """The prompt's thread, the prompt showing: bots play on; what they did is said
        once the prompt has ended (never written under it), and the prompt ends only when
        there is something to say or a question to ask: no prompt shown again for a
        decision that said nothing. At a prompt of a dialogue (quit? save first?) nothing
        is played: the loop plays the move once the dialogue is over."""
        if self._reading and not self._held_at_prompt(lambda: self.advance(aside=True)):
            self.update_display()

    def _held_at_prompt(self, act: Callable[[], bool | None]) -> bool:
        """The prompt's thread: run ``act``, its lines held; the prompt ends (True) to say
        them, or when ``act`` returns True (the loop takes over), else it stays."""
        self.out.hold()
        try:
            take_over = act()
        except Exception as error:  # raised by the client's loop, as if played there
            self._aside_error, take_over = error, True
        if take_over or self.out.holding():
            self.reader.wake()  # type: ignore[attr-defined]
            return True
        self.out.release()
        return False

    def _read_line(self) -> str:
        """The next line typed (or typed ahead); lines held while the prompt showed are
        written first, and a bot's error at the prompt is raised here."""
        try:
            if self.typed_ahead:
                return self.typed_ahead
            prompt, after_news, self._after_news = self.prompt_text(), self._after_news, False
            again = after_news and prompt == self._shown_prompt  # the same words: no news
            self._shown_prompt = prompt
            if self._news_due:  # a look asked at the last prompt may have ended with it
                self._look_at_news()
            if again and self._waiting_prompt(prompt):
                prompt = ""  # others' moves said: no "Waiting>" again for a screen reader
            self._reading = True
            line = self.reader.read(prompt)
            unwake = getattr(self.reader, "unwake", None)
            if unwake is not None:  # news that asked the prompt to end, as a line was
                unwake()  # typed, is said now: the loop looks again before the next prompt
            return line
        finally:
            self._reading = False
            self.out.release()
            error, self._aside_error = self._aside_error, None
            if error is not None:
                raise error

    def _thinking_line(self, seat: int, who: Msg | None = None) -> Msg | None:
        """What to say as ``seat``'s bot decides: which bot is thinking (``who``: as it is
        named, when not by the seat's name), once this player has heard nothing for a while
        since their last input (a strong bot searching move after move; a long silence
        sounds like a game that stopped), or None."""
        written, since, noticed = self._quiet
        now = self.clock()
        if self.out.written != written:  # something was said: the silence starts again
            self._quiet = (self.out.written, now, False)
            return None
        if now - since < self.thinking_said[1 if noticed else 0]:
            return None
        self._quiet = (self.out.written + 1, now, True)  # (the line about to be said)
        return Msg("core.wait.still_thinking" if noticed else "core.wait.thinking",
                   seat=who or PlayerRef(seat))

    def _thinking_at_server(self, seat: int) -> None:
        """The connection's thread: a bot at the server searches a decision."""
        if seat == self.viewer:
            return  # a bot holding this seat while its player was away
        standin = self.table.held_by_bot(seat)  # type: ignore[attr-defined]
        thinking = self._thinking_line(seat, Msg("core.wait.standin", seat=PlayerRef(seat))
                                       if standin else None)
        if thinking is not None:
            self.out.post(lambda: self.say(thinking))

    def _close_menu_if_others_acted(self, seat: int) -> None:
        """A menu stays open (its numbers kept) only while nothing but the seat's own
        steps happened since it was asked."""
        events = self.table.events
        start = getattr(self, "_menu_events", len(events))
        if any(e.cause != seat for e in events[start:]):
            self.numbering.close()
        self._menu_events = len(events)

    def handle(self, line: str) -> None:
        """Run one line of input: a number (a choice), a command, or a game query."""
        # control characters (an escape sequence) must never be echoed back
        words = "".join(c if c.isprintable() else " " for c in line).split()
        reading = bool(words) and (command := lookup(words[0])) is not None \
            and command.name in READING
        if not reading:  # back from the log, the rules or help: what was missed, in short
            self.tell_missed()
        self.reading = reading and self.viewer is not None
        if not words:
            self.repeat_question()
            return
        head, rest = words[0], " ".join(words[1:])
        if is_key(head):
            if len(words) > 1 and all(is_key(w) for w in words):
                self.answer_keys(words)  # 1 3 2: successive questions
            else:
                self.choose(head)
            return
        if head.lstrip("-+").replace(".", "", 1).replace(",", "", 1).isdigit():
            mine = self._my_turn()
            self.say(Msg("core.error.choice_key", number=head,
                         count=len(self.table.choices(mine[0]))) if mine
                     else Msg("core.error.no_choice_now"))
            return
        if self.ended and self.after_game(head):
            return
        command = lookup(head)
        if command is not None:
            public = command.name in self.PUBLIC_COMMANDS or (
                command.name == "board" and self.table.board_is_public())
            if not public:
                self._private_view()
            getattr(self, f"cmd_{command.name}")(rest)
            return
        query = self._query(head)
        if query is not None:
            if not query.public:
                self._private_view()
            self.say_summary(self.table.run_query(query, self._seat_in_view(), rest))
            return
        named = self._choice_named(line)
        if named is not None:
            self.choose(named)
            return
        step = self._step_named(line)  # "build": the action alone, its place asked next
        if step is not None:
            self._act_own(*step)
            return
        shown = head if len(head) <= 30 else head[:29] + "…"  # not a pasted page, read back
        mine = self._my_turn()
        if mine is not None and fold(line) in MENU_WORDS:  # "back" where the menu has none
            self.say(Msg("core.error.menu_word", word=line.strip(),
                         count=len(self.table.choices(mine[0]))))
            return
        sharing = self._choices_sharing(line)
        if len(sharing) > 1:
            self.say(Msg("core.error.several_choices", word=line.strip(), count=len(sharing),
                         keys=", ".join(sharing)))
            return
        self.say(Msg("core.error.unknown_command", word=shown), Msg("core.error.try_help"))

    def tell_missed(self) -> None:
        """What happened while the player read, as a digest (``log`` has every line)."""
        missed, self.missed, self.reading = self.missed, [], False
        if missed:
            self.say(*digest(missed, self.viewer, header="core.digest.reading",
                             count_always=False))

    PUBLIC_COMMANDS = frozenset(("help", "choices", "whose", "repeat", "rules", "explain",
                                 "lang", "speech",
                                 "verbosity", "set", "save", "saves", "load", "quit",
                                 "say", "tell", "sound", "sounds", "kinds", "mute",
                                 "unmute", "history", "replay"))
    """Commands that show nothing of a seat's own: no hand-over needed before them."""

    def _query(self, word: str) -> Any:
        return find_named(self.table.queries(), word)

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
        actions = {"silence": self._silence, "repeat": self._repeat_line,
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

    def _repeat_line(self) -> None:
        """The key that says the last line again (``repeat`` says the last message)."""
        last = self.out.last_line()
        if last is None:
            self.say(Msg("core.repeat.nothing"))
        else:
            self.out.line(last, remember=False)

    def _silence(self) -> None:
        if self.speech is not None and self.speech.available:
            self.speech.silence()

    def completion_words(self) -> list[str]:
        words = [w for c in COMMANDS for w in c.words if w.isalpha()]
        words += [q.name for q in self.table.queries()]
        return words
