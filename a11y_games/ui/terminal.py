"""Reading commands and writing lines: prompt_toolkit on a terminal, plain lines otherwise.

Output only ever appends whole lines: no redraws, no cursor movement, no colour. Every
line written is spoken once, in order, when the game's voice is on; the prompt (a short
word: the question is the line above it) is spoken as it is shown, never the typed echo.
Any key pressed at the prompt silences speech, as screen readers do.
"""

from __future__ import annotations

import contextlib
import json
import queue
import sys
import threading
from collections.abc import Callable, Iterable
from typing import IO, Any, Protocol

__all__ = ["CLEAR", "PROMPT", "LineReader", "PlainReader", "PromptReader", "Woken", "Writer"]

PROMPT = "> "
"""The prompt of a question that is not the game's turn (set-up, yes or no, hand-over):
the question is the line above it."""


class Woken(Exception):
    """The prompt was ended by news from a network table (``PromptReader.wake``): what was
    typed so far is kept for the next prompt."""


class LineReader(Protocol):
    """Reads one command line. Raises EOFError at end of input, KeyboardInterrupt on Ctrl-C."""

    interactive: bool

    def read(self, prompt: str) -> str: ...


class PlainReader:
    """One command per line from a stream (a pipe, a file): no prompt is drawn."""

    interactive = False

    def __init__(self, stream: IO[str] | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdin
        reconfigure = getattr(self.stream, "reconfigure", None)
        if reconfigure is not None:  # a byte that is not UTF-8 (a Latin-1 script) is no crash
            with contextlib.suppress(OSError, ValueError):  # after a first read: done then
                reconfigure(errors="replace")

        self._lines: queue.Queue[str | None] | None = None
        self._woken = threading.Event()

    def wakeable(self) -> None:
        """Read the stream on a thread from now on, so that ``wake`` can end a read (a
        network table: news is said while a script waits for its next line). Only one
        reader of a stream may do this: the thread reads ahead."""
        if self._lines is not None:
            return
        self._lines = queue.Queue()

        def pump() -> None:
            assert self._lines is not None
            with contextlib.suppress(OSError, ValueError):
                for line in iter(self.stream.readline, ""):
                    self._lines.put(line)
            self._lines.put(None)

        threading.Thread(target=pump, name="a11y-games-input", daemon=True).start()

    def wake(self) -> None:
        """From another thread: the current (or next) read raises Woken."""
        self._woken.set()

    def unwake(self) -> None:
        """Forget a wake: what it was for has been said."""
        self._woken.clear()

    def read(self, prompt: str) -> str:
        if self._lines is None:
            line = self.stream.readline()
        else:
            while True:
                if self._woken.is_set():
                    self._woken.clear()
                    raise Woken
                try:
                    got = self._lines.get(timeout=0.05)
                except queue.Empty:
                    continue
                if got is None:
                    self._lines.put(None)
                line = got or ""
                break
        if not line:
            raise EOFError
        return line.rstrip("\r\n")


class PromptReader:
    """A prompt_toolkit ``PromptSession`` (not full screen) with command completion."""

    interactive = True

    def __init__(self, words: Callable[[], Iterable[str]], *, input: Any = None,
                 output: Any = None, key_bindings: Any = None) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter
        from prompt_toolkit.shortcuts import CompleteStyle

        completer = WordCompleter(lambda: sorted(set(words())), ignore_case=True)
        self.session: PromptSession[str] = PromptSession(
            completer=completer, complete_while_typing=False, input=input, output=output,
            complete_style=CompleteStyle.READLINE_LIKE,  # candidates printed, no pop-up menu
            key_bindings=key_bindings, enable_history_search=False, mouse_support=False,
            color_depth=None)

        self.watchers: list[tuple[int, Callable[[], object]]] = []
        self.pasted: list[str] = []
        """Lines pasted at once (a terminal's bracketed paste gives them as one text): each
        is read in turn, as if typed."""
        self.echo: IO[str] | None = None
        """Where a pasted line is shown after its prompt, as typed lines are (stdout)."""
        self.on_prompt: Callable[[str], None] | None = None
        """Called with each prompt as it is shown (to speak it)."""
        self.on_key: Callable[[], None] | None = None
        """Called at every key pressed at the prompt (to silence speech)."""
        self._loop: Any = None  # the running prompt's event loop, while one runs
        self._calls: list[tuple[Callable[[], object], float]] = []
        """Actions asked while no prompt showed, run as the next shows (``call``)."""
        self._calls_lock = threading.Lock()
        self._woken = threading.Event()
        self._kept = ""
        """What was typed when news ended the last prompt: offered again at the next."""
        self._last: tuple[str, bool] = ("", False)
        """The last prompt shown, and whether news ended it."""
        self.said_once: Callable[[str], bool] = lambda prompt: False
        """Prompts not said again when shown again after news (``Waiting``: bots' moves,
        one after another, each ended it); a turn's prompt is always said."""
        self.session.app.key_processor.before_key_press += self._key_pressed

    def _key_pressed(self, _sender: object) -> None:
        if self.on_key is not None:
            self.on_key()

    def interject(self, action: Callable[[], object]) -> bool:
        """Run ``action`` (which writes lines) above the prompt now showing, from any
        thread; False if no prompt is showing (then the caller writes at once)."""
        loop = self._loop
        if loop is None:
            return False
        from prompt_toolkit.application import run_in_terminal

        try:
            loop.call_soon_threadsafe(lambda: run_in_terminal(action))
        except RuntimeError:  # the prompt ended meanwhile
            return False
        return True

    def call(self, action: Callable[[], object], *, later: bool = False,
             delay: float = 0.0) -> bool:
        """Run ``action`` in the prompt's own thread while the prompt shows (after
        ``delay`` seconds), from any thread, without hiding the prompt (it must write
        nothing: see ``Writer.hold``); False if no prompt is showing (``later``: it runs as
        the next prompt shows). An action that finds the prompt ended does not run."""
        with self._calls_lock:
            loop = self._loop
            if loop is None:
                if later and (action, delay) not in self._calls:
                    self._calls.append((action, delay))
                return False
        app = self.session.app

        def run() -> None:
            if app.is_running and not app.future.done():
                action()

        try:
            if delay:
                loop.call_soon_threadsafe(loop.call_later, delay, run)
            else:
                loop.call_soon_threadsafe(run)
        except RuntimeError:  # the prompt ended meanwhile
            return False
        return True

    WAKE_DELAY = 0.08
    """Seconds news waits before ending the prompt, so that a burst (several bots' moves)
    is said at once, under one new prompt."""

    def wake(self) -> None:
        """From another thread: end the prompt soon (it raises Woken) so that news can be
        said; the typed text is kept. News that comes between two prompts ends the next."""
        self._woken.set()
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop has just closed
            loop.call_soon_threadsafe(loop.call_later, self.WAKE_DELAY, self._stop)

    def take_typed(self) -> str:
        """What was typed when news ended the last prompt, no longer offered at the next
        (the question it was for is gone)."""
        kept, self._kept = self._kept, ""
        return kept

    def unwake(self) -> None:
        """Forget a wake, and actions waiting for the next prompt, asked while no prompt
        showed: what they were for is done."""
        with self._calls_lock:
            if self._loop is None:
                self._woken.clear()
                self._calls.clear()

    def _stop(self) -> None:
        app = self.session.app
        if self._woken.is_set() and app.is_running and not app.future.done():
            self._woken.clear()
            self._kept = app.current_buffer.text
            app.exit(exception=Woken())

    def watch(self, fd: int, callback: Callable[[], object]) -> None:
        """Call ``callback`` whenever ``fd`` is readable while the prompt waits (display keys)."""
        self.watchers.append((fd, callback))

    def read(self, prompt: str) -> str:
        again = (prompt, True) == self._last and self.said_once(prompt)
        if self.on_prompt is not None and not again:
            self.on_prompt(prompt)
        self._last = (prompt, False)
        if self.pasted:
            line = self.pasted.pop(0)
            echo = self.echo or sys.stdout
            echo.write(f"{prompt}{line}".rstrip() + "\n")
            echo.flush()
            return line
        try:
            typed = self._prompt(prompt)
        except Woken:
            self._last = (prompt, True)
            raise
        first, *self.pasted = typed.replace("\r\n", "\n").split("\n")
        while self.pasted and not self.pasted[-1]:  # the paste's last line break
            self.pasted.pop()
        return first

    def _prompt(self, prompt: str) -> str:
        def pre_run() -> None:
            import asyncio

            loop = asyncio.get_running_loop()
            with self._calls_lock:
                self._loop = loop
                calls, self._calls = self._calls, []
            for action, delay in calls:
                self.call(action, delay=delay)
            for fd, callback in self.watchers:
                loop.add_reader(fd, callback)
            if self._woken.is_set():  # news came while no prompt was shown
                loop.call_later(self.WAKE_DELAY, self._stop)

        # each prompt runs its own event loop: the readers end with it
        kept, self._kept = self._kept, ""
        try:
            return self.session.prompt(prompt, pre_run=pre_run, default=kept)
        finally:
            with self._calls_lock:
                self._loop = None


CLEAR = "\x1b[H\x1b[2J\x1b[3J"
"""Home, erase the screen, erase the scrollback (xterm's ``E3``; terminals without it
ignore that part)."""


class Writer:
    """Where lines go: the screen (always), speech (if on), an events file (if asked).

    Lines may come from another thread (speech lost, speech back): :meth:`post` writes
    them above the prompt showing, whole, never in the middle of another block.
    """

    def __init__(self, stream: IO[str] | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self.speak: Callable[[str], None] | None = None
        self.events_file: IO[str] | None = None
        self.history: list[list[str]] = []  # the last blocks written, for repeat N
        self.question: list[str] = []
        """The last question asked, with its choices (a key says it again)."""
        self.interject: Callable[[Callable[[], object]], bool] | None = None
        """Runs an action above the prompt showing (``PromptReader.interject``)."""
        self._lock = threading.RLock()
        self.written = 0
        """Blocks written so far (how the client tells a silence)."""
        self._held: list[tuple[list[str], bool]] | None = None
        self._holder: int | None = None

    def lines(self, texts: Iterable[str], *, remember: bool = True) -> None:
        """Append lines; speak them; remember them for ``repeat``."""
        block = [t for t in texts if t is not None]
        if not block:
            return
        with self._lock:
            self.written += 1
            if self._held is not None and threading.get_ident() == self._holder:
                self._held.append((block, remember))
                return
            self._write(block, remember)

    def hold(self) -> None:
        """Keep this thread's lines instead of writing them (a bot moved while the prompt
        shows, and what it did is said once the prompt has ended): see :meth:`release`."""
        with self._lock:
            if self._held is None:
                self._held, self._holder = [], threading.get_ident()

    def holding(self) -> bool:
        """True if lines are held, to be written by :meth:`release`."""
        return bool(self._held)

    def release(self) -> None:
        """Write the lines held, in order, and write at once from now on."""
        with self._lock:
            held, self._held, self._holder = self._held or [], None, None
            for block, remember in held:
                self._write(block, remember)

    def _write(self, block: list[str], remember: bool) -> None:
        with self._lock:
            self.stream.write("".join(f"{t}\n" for t in block))
            self.stream.flush()
            if remember:
                self.history.append(block)
                del self.history[:-50]
            if self.speak is not None:
                for text in block:
                    self.speak(text)

    def ask(self, texts: Iterable[str]) -> None:
        """Write a question (with its choices) and keep it to be said again."""
        block = [t for t in texts if t is not None]
        self.lines(block)
        self.question = block

    def last_line(self) -> str | None:
        """The last line written and remembered, or None."""
        return self.history[-1][-1] if self.history else None

    def prompt(self, prompt: str) -> None:
        """Speak a prompt as it is shown (its words, not its ``>``)."""
        words = prompt.strip().rstrip(">").strip()
        if words and self.speak is not None:
            with self._lock:
                self.speak(words)

    def post(self, action: Callable[[], object]) -> None:
        """Run ``action`` (which writes lines) from any thread: above the prompt if one
        is showing, else at once, between two blocks."""
        if self.interject is not None and self.interject(action):
            return
        with self._lock:
            action()

    def clear_screen(self) -> bool:
        """Clear the screen and the scrollback, if the output is a terminal; True if done."""
        isatty = getattr(self.stream, "isatty", None)
        try:
            if isatty is None or not isatty():
                return False
        except (OSError, ValueError):
            return False
        with self._lock:
            self.stream.write(CLEAR)
            self.stream.flush()
        self.history.clear()
        self.question = []
        return True

    def forget(self) -> None:
        """Hot-seat: the next player must not be able to repeat the last one's lines."""
        self.history.clear()
        self.question = []

    def line(self, text: str, *, remember: bool = True) -> None:
        self.lines([text], remember=remember)

    def event(self, record: dict[str, Any]) -> None:
        """Write one event as a JSON line to the events file, flushed at once."""
        if self.events_file is not None:
            self.events_file.write(json.dumps(record, ensure_ascii=False) + "\n")
            self.events_file.flush()
