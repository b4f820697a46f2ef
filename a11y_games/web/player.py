"""A web player: the terminal's own client, run by the server for one page.

The page only shows lines and sends what is typed. Everything between is the client that
``a11y-games connect`` runs: the same lobby, commands, catalogues and announcer, over the
player's own seat connection to this server (a real WebSocket on loopback), so the seat's
view is filtered exactly as a terminal player's is. Here its reader waits for the page's
lines, its writer sends lines to the page, its speech and sound are the page's.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import json
import logging
import queue
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from a11y_games.engine import Msg
from a11y_games.i18n import Translator
from a11y_games.ui.settings import Preferences
from a11y_games.ui.terminal import Woken, Writer

__all__ = ["PageReader", "PageSound", "PageSpeech", "WebPlayer", "page_preferences"]

KEPT_LINES = 400
"""Lines a player's page gets again after a reload or a lost connection (the page keeps
its own last 1,000; ``log`` has everything)."""
URGENT_CUES = frozenset({"turn", "vote", "private", "targeted"})
"""Cues whose line interrupts what a screen reader is saying: your turn, a vote opened,
a secret received, something done to you."""
MAX_LINE = 2000
"""Characters of one typed line taken from a page (a terminal line is no longer)."""
_log = logging.getLogger("a11y_games.web")


class _Later:
    """One thread for every player's delayed actions (a prompt's wake, a call after a
    delay): a timer thread each would be hundreds of threads at a busy server."""

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, Callable[[], None]]] = []
        self._count = itertools.count()
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None

    def at(self, delay: float, action: Callable[[], None]) -> None:
        with self._cv:
            heapq.heappush(self._heap, (time.monotonic() + delay, next(self._count), action))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="a11y-web-later",
                                                daemon=True)
                self._thread.start()
            self._cv.notify()

    def _run(self) -> None:
        while True:
            with self._cv:
                while not self._heap or self._heap[0][0] > time.monotonic():
                    wait = self._heap[0][0] - time.monotonic() if self._heap else None
                    self._cv.wait(wait)
                _, _, action = heapq.heappop(self._heap)
            with contextlib.suppress(Exception):
                action()


LATER = _Later()


class PageReader:
    """The prompt of a page: ``read`` waits for a line the page sends.

    It keeps the promises of the terminal's ``PromptReader`` that the client relies on:
    ``call`` runs an action in the reader's thread while a prompt waits (or at the next,
    ``later``), ``wake`` ends the prompt soon so that news is said (``Woken``), what is
    typed while no prompt waits is read at the next (typed ahead).
    """

    interactive = True
    WAKE_DELAY = 0.01
    """Seconds news waits before the prompt ends to say it: a burst arriving together is
    said together. A page draws no prompt again (the terminal waits 0.08 s), so less."""

    def __init__(self, show_prompt: Callable[[str, bool], None]
                 = lambda prompt, secret: None) -> None:
        self.show_prompt = show_prompt
        """Shows a prompt on the page; ``secret``: what is typed there is a password."""
        self._secret = False
        self._items: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._reading = False
        self._generation = 0
        self._calls: list[tuple[Callable[[], object], float]] = []
        self._woken = threading.Event()
        self._last: tuple[str, bool] = ("", False)
        self.said_once: Callable[[str], bool] = lambda prompt: False
        self.on_prompt: Callable[[str], None] | None = None

    # --- from the page ----------------------------------------------------------------------
    def typed(self, text: str) -> None:
        """A line the player sent (several lines pasted at once are read in turn)."""
        for line in text.replace("\r\n", "\n").split("\n")[:50]:
            self._items.put(("line", line[:MAX_LINE]))

    def closed(self) -> None:
        """No more lines will come: the next read ends the client (EOFError)."""
        self._items.put(("eof",))

    def take_typed(self) -> str:
        """The lines sent but not yet read (the table they were for is gone: a kick), no
        longer read by the next prompt (the lobby's, where "1" would join a table)."""
        lines: list[str] = []
        others: list[tuple[Any, ...]] = []
        while True:
            try:
                item = self._items.get_nowait()
            except queue.Empty:
                break
            if item[0] == "line":
                lines.append(item[1])
            else:
                others.append(item)
        for item in others:  # the end of the page, calls: kept, in order
            self._items.put(item)
        return ", ".join(line.strip() for line in lines if line.strip())

    # --- the client's side ------------------------------------------------------------------
    def read_secret(self, prompt: str) -> str:
        """A password: the page's field hides it, keeps it out of its recall, and shows
        the prompt again as a plain one after it."""
        self._secret = True
        try:
            return self.read(prompt)
        finally:
            self._secret = False

    def read(self, prompt: str) -> str:
        again = (prompt, True) == self._last and self.said_once(prompt) and not self._secret
        if not again:
            self.show_prompt(prompt, self._secret)
            if self.on_prompt is not None:
                self.on_prompt(prompt)
        self._last = (prompt, False)
        with self._lock:
            self._reading = True
            generation = self._generation
            calls, self._calls = self._calls, []
        for action, delay in calls:
            self.call(action, delay=delay)
        if self._woken.is_set():  # news came while no prompt waited
            LATER.at(self.WAKE_DELAY, lambda: self._items.put(("stop", generation)))
        try:
            while True:
                item = self._items.get()
                kind = item[0]
                if kind == "line":
                    return item[1]
                if kind == "eof":
                    self._items.put(item)  # every later read ends too
                    raise EOFError
                if item[1] != generation:
                    continue  # meant for a prompt that has ended
                if kind == "call":
                    item[2]()
                elif kind == "stop" and self._woken.is_set():
                    self._woken.clear()
                    self._last = (prompt, True)
                    raise Woken
        finally:
            with self._lock:
                self._reading = False
                self._generation += 1

    def call(self, action: Callable[[], object], *, later: bool = False,
             delay: float = 0.0) -> bool:
        """Run ``action`` in the reader's thread while the prompt waits; False if none
        waits (``later``: it runs as the next waits)."""
        with self._lock:
            if not self._reading:
                if later and (action, delay) not in self._calls:
                    self._calls.append((action, delay))
                return False
            item = ("call", self._generation, action)
        if delay:
            LATER.at(delay, lambda: self._items.put(item))
        else:
            self._items.put(item)
        return True

    def wake(self) -> None:
        """From another thread: end the prompt soon (``Woken``) so that news can be said."""
        self._woken.set()
        with self._lock:
            if not self._reading:
                return
            item = ("stop", self._generation)
        LATER.at(self.WAKE_DELAY, lambda: self._items.put(item))

    def unwake(self) -> None:
        """Forget a wake and the actions waiting for the next prompt, asked while none
        waited: what they were for is done."""
        with self._lock:
            if not self._reading:
                self._woken.clear()
                self._calls.clear()


class _PageStream:
    """The writer's stream: each block written goes to the page as lines."""

    def __init__(self, player: WebPlayer) -> None:
        self.player = player
        self._text = ""

    def write(self, text: str) -> int:
        self._text += text
        return len(text)

    def flush(self) -> None:
        text, self._text = self._text, ""
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if lines:
            self.player.lines(lines)

    def isatty(self) -> bool:
        return False


class _PageSwitch:
    """An output the page runs, on or off: each change is sent to the page (its box)."""

    available = True
    kind = ""

    def __init__(self, player: WebPlayer, *, enabled: bool) -> None:
        self.player = player
        self._enabled = enabled

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = value
        self.player.send({"t": self.kind, "on": value})


class PageSound(_PageSwitch):
    """Sound cues played by the page (after its first key press, as browsers require).

    Every cue the client plays also marks the line that follows it: a turn, a vote, a
    secret, something done to you make that line urgent (it interrupts the screen reader).
    """

    kind = "sound"

    def __init__(self, player: WebPlayer, *, enabled: bool, volume: int,
                 muted: Iterable[str]) -> None:
        super().__init__(player, enabled=enabled)
        self.volume = volume
        self.muted = set(muted)

    def set_volume(self, volume: int) -> None:
        self.volume = volume

    def play(self, name: str, *, learning: bool = False) -> None:
        if not learning and name in URGENT_CUES:
            self.player.urgent_next()
        if self._enabled and (learning or name not in self.muted):
            self.player.send({"t": "cue", "name": name, "volume": self.volume})

    def silence(self) -> None:
        """Cues waiting belong to what was said: the page drops none (each is short)."""

    def start(self) -> None:
        self.player.send({"t": "sound", "on": self._enabled})

    def ready(self, timeout: float = 1.0) -> bool:
        return True

    def take_problem(self) -> Msg | None:
        return None

    def wait_idle(self, timeout: float = 3.0) -> bool:
        return True

    def close(self) -> None:
        """Nothing to close: the page plays its own sounds."""


class PageSpeech(_PageSwitch):
    """The browser's own voice (``speechSynthesis``), off by default: a screen reader
    already reads the page. On, the page speaks each line and its log stops announcing
    them, so that one voice speaks, never two."""

    kind = "speech"

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """The page speaks the lines it shows: nothing more to send."""

    def silence(self) -> None:
        if self._enabled:
            self.player.send({"t": "silence"})

    def set_language(self, lang: str) -> None:
        """The player chose another language: the page reads its log in that language."""
        self.player.language(lang)


def page_preferences(sent: Any) -> Preferences:
    """The settings a page keeps for its player (its local storage), each checked as a
    typed ``set`` is: a bad or unknown value costs that value only."""
    prefs = Preferences()
    if isinstance(sent, Mapping):
        for name, value in list(sent.items())[:40]:
            if not isinstance(name, str) or not isinstance(value, str | int | list):
                continue
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                prefs = prefs.with_value(name, value)
    return prefs


class WebPlayer:
    """One page's player: the client on a thread of its own, lines kept for the page.

    ``send`` may be called from any thread; ``deliver`` (given by the gateway) runs on the
    server's event loop and writes to the page attached, if any.
    """

    def __init__(self, *, uri: str, hello: Mapping[str, Any],
                 deliver: Callable[[WebPlayer, dict[str, Any]], None],
                 on_end: Callable[[WebPlayer], None],
                 loop: Any = None) -> None:
        self.id = secrets.token_urlsafe(18)
        self.uri = uri
        self.loop = loop
        """The server's event loop: the player's seat connection runs on it (no thread and
        loop of its own)."""
        self.hello = hello
        self._deliver = deliver
        self._on_end = on_end
        self._seq = 0
        self._lock = threading.Lock()
        self.kept: deque[dict[str, Any]] = deque(maxlen=KEPT_LINES)
        self.prompt = ""
        self.secret = False
        """The prompt shown asks a password."""
        self.lang = ""
        self._urgent = False
        self._following: list[dict[str, Any]] = []
        self.page: Any = None
        """The page connection attached now (the gateway's), or None while it is away."""
        self.away_since: float | None = time.monotonic()
        self.reader = PageReader(self._show_prompt)
        self.writer = Writer(_PageStream(self))
        self.ended = threading.Event()
        self.speech: PageSpeech | None = None
        self.sound: PageSound | None = None
        self.client: Any = None
        """The client playing now (None in the lobby)."""
        self.thread = threading.Thread(target=self._run, name="a11y-web-player", daemon=True)

    # --- to the page ------------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        self._deliver(self, message)

    def urgent_next(self) -> None:
        """The next block of lines interrupts (a cue for a turn, a vote, a secret)."""
        self._urgent = True

    def lines(self, texts: list[str], *, heading: bool = False) -> None:
        with self._lock:
            entries = []
            for text in texts:
                self._seq += 1
                entry: dict[str, Any] = {"seq": self._seq, "text": text}
                if heading:
                    entry["heading"] = True
                entries.append(entry)
            self.kept.extend(entries)
            urgent, self._urgent = self._urgent, False
        self.send({"t": "lines", "lines": entries, "urgent": urgent and not heading})
        following, self._following = self._following, []
        for message in following:
            self.send(message)

    def after_next_line(self, message: dict[str, Any]) -> None:
        """Send ``message`` just after the next line (a link after the line that says it)."""
        self._following.append(message)

    def section(self, msg: Msg, tr: Translator) -> None:
        """A heading in the log where the lobby or a table begins (a screen reader's
        heading keys jump there)."""
        self.lines([tr.render(msg)], heading=True)

    def _show_prompt(self, prompt: str, secret: bool = False) -> None:
        self.prompt, self.secret = prompt, secret
        self.send(self._prompt_message())

    def _prompt_message(self) -> dict[str, Any]:
        message: dict[str, Any] = {"t": "prompt", "text": self.prompt}
        if self.secret:
            message["secret"] = True
        return message

    def language(self, lang: str) -> None:
        """The game's language: the page's log is read in it (its ``lang``)."""
        self.lang = lang
        self.send({"t": "lang", "lang": lang})

    def keep(self, key: str, value: str | None) -> None:
        """Ask the page to keep ``value`` (its local storage): settings, the seat."""
        self.send({"t": "keep", "key": key, "value": value})

    def replay(self, seen: int) -> list[dict[str, Any]]:
        """What a page that has heard up to line ``seen`` missed: lines, then the prompt."""
        with self._lock:
            missed = [e for e in self.kept if e["seq"] > seen]
        messages: list[dict[str, Any]] = [{"t": "session", "id": self.id}]
        if self.lang:
            messages.append({"t": "lang", "lang": self.lang})
        if missed:
            messages.append({"t": "lines", "lines": missed, "urgent": False})
        if self.speech is not None:
            messages.append({"t": "speech", "on": self.speech.enabled})
        if self.sound is not None:
            messages.append({"t": "sound", "on": self.sound.enabled})
        messages.append(self._prompt_message())
        return messages

    def page_opened_again(self) -> None:
        """A page that shows nothing yet (a reload, another device): the lines kept came
        back; a question waiting is asked again in full, as ``choices`` would."""
        client = self.client
        if client is not None and client.asks_now():
            self.reader.typed("choices")

    # --- the client's thread ----------------------------------------------------------------
    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        from a11y_games.web.play import play_for_page

        try:
            play_for_page(self)
        except Exception:  # a bug: logged; the page is told the player has left
            _log.exception("web player ended by an error")
        finally:
            self.ended.set()
            self.send({"t": "end"})
            self._on_end(self)

    def stop(self) -> None:
        """The page is gone for good: the client ends as at the end of input."""
        self.reader.closed()


def encode(message: Mapping[str, Any]) -> str:
    """A message to the page, as one JSON text frame."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
