"""Speech through accessible_output2: Speech Dispatcher on Linux, the screen reader elsewhere.

Speech never blocks the game and never breaks it. Construction checks, with a short
timeout, that a speech service answers (on Linux: Speech Dispatcher's socket, starting
the daemon the way its own client would, through ``speech-dispatcher --spawn`` or
``$SPEECHD_CMD``). Texts are then handed to one background thread, so a slow or hung
service delays only the voice, never the prompt. Without a service, ``available`` is
False and ``problem`` holds the message to show once; nothing is printed.

>>> speech = Speech("off")
>>> speech.available, speech.problem
(False, None)
>>> speech.speak("Président : Kenya.")  # nothing happens, nothing fails
"""

from __future__ import annotations

import contextlib
import io
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from a11y_games.engine.messages import Msg

from .screenreader import ScreenReader
from .voices import candidates, first_active, service_name

__all__ = ["MODES", "Speech", "SpeechdAddress", "speechd_address"]

MODES = ("auto", "on", "off")
"""``auto`` leaves speech to a screen reader reading the terminal, else speaks when a
service answers; ``on`` speaks (and says so if no service answers); ``off``."""

_STOP = object()


@dataclass(frozen=True)
class SpeechdAddress:
    """Where Speech Dispatcher listens: a unix socket path, or an inet host and port."""

    method: str
    path: str = ""
    host: str = "127.0.0.1"
    port: int = 6560

    def spawn_args(self) -> list[str]:
        """The arguments Speech Dispatcher's own client passes to ``--spawn``."""
        if self.method == "inet_socket":
            return ["--communication-method", "inet_socket", "--port", str(self.port)]
        return ["--communication-method", "unix_socket", "--socket-path", self.path]


def speechd_address(environ: Mapping[str, str] | None = None) -> SpeechdAddress:
    """The address the ``speechd`` client library will use (``$SPEECHD_ADDRESS`` first).

    >>> speechd_address({"SPEECHD_ADDRESS": "unix_socket:/tmp/s.sock"}).path
    '/tmp/s.sock'
    """
    env = os.environ if environ is None else environ
    home = env.get("HOME") or os.path.expanduser("~")
    runtime = env.get("XDG_RUNTIME_DIR") or env.get("XDG_CACHE_HOME") or os.path.join(
        home, ".cache")
    default_path = os.path.join(runtime, "speech-dispatcher", "speechd.sock")
    address = env.get("SPEECHD_ADDRESS", "")
    if address:
        parts = address.split(":")
        if parts[0] == "inet_socket":
            host = parts[1] if len(parts) > 1 and parts[1] else "127.0.0.1"
            try:
                port = int(parts[2]) if len(parts) > 2 else 6560
            except ValueError:
                port = 6560
            return SpeechdAddress("inet_socket", host=host, port=port)
        path = parts[1] if len(parts) > 1 and parts[1] else default_path
        return SpeechdAddress("unix_socket", path=path)
    return SpeechdAddress("unix_socket", path=env.get("SPEECHD_SOCKET") or default_path)


def _answers(address: SpeechdAddress, timeout: float) -> bool:
    """True if a server at ``address`` replies to SSIP ``QUIT`` within ``timeout`` seconds."""
    try:
        if address.method == "inet_socket":
            sock = socket.create_connection((address.host, address.port), timeout=timeout)
        else:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.settimeout(timeout)
            sock.connect(address.path)
    except OSError:
        return False
    with sock:
        try:
            sock.sendall(b"QUIT\r\n")
            reply = sock.recv(64)
        except OSError:
            return False
    return reply[:3].isdigit()


def _spawn(address: SpeechdAddress, timeout: float) -> bool:
    """Start Speech Dispatcher as its client library would; False if it refuses or is absent."""
    cmd = os.environ.get("SPEECHD_CMD") or "/usr/bin/speech-dispatcher"
    if not os.path.exists(cmd):
        return False
    try:
        done = subprocess.run([cmd, "--spawn", *address.spawn_args()], stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=timeout, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def _wait_answers(address: SpeechdAddress, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        if _answers(address, min(remaining, 0.5)):
            return True
        time.sleep(min(0.05, max(remaining, 0)))


@contextlib.contextmanager
def _muted() -> Iterator[None]:
    """Swallow Python-level prints (accessible_output2 reports its failures with print)."""
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        yield


class Speech:
    """Speaks texts, interruptibly, without ever blocking or failing the game.

    ``mode`` is ``auto``, ``on`` or ``off``. ``auto`` first asks ``screen_reader`` (a
    probe, by default :func:`a11y_games.output.screenreader.detect`) whether a screen
    reader already reads the terminal: then the game's own voice stays off (``reader``
    names it) so that nothing is heard twice. ``on`` speaks whatever reads the terminal.
    ``lang`` sets the voice's language (``fr``, ``en``). ``timeout`` bounds each step of
    the start-up check (connect, spawn). ``spawn=False`` never starts a Speech Dispatcher
    daemon. ``threaded`` (default: all but Windows) hands texts to a speech thread; on
    Windows the screen reader and SAPI outputs are called on the caller's thread, which
    owns their COM objects. ``platform`` (default: this one) and ``outputs`` (default:
    :func:`a11y_games.output.voices.candidates`, the outputs to try in order) are there
    for tests that fake another system.

    ``enabled`` is the player's ``speech on|off``: setting it to True connects if no
    service answered yet (after ``off``, a screen reader found, or a failed start), and
    sets ``problem`` again if still none answers. Show ``take_problem()`` after
    construction and after each command. ``notify``, if set, is called at once (from a
    background thread) with ``output.speech.lost`` when the service goes away and with
    ``output.speech.back`` when it answers again; it should show the message, then call
    :meth:`replay_missed`.
    """

    stall_seconds = 5.0
    """A request the service has not answered after this long means the service is lost."""
    first_stall_seconds = 20.0
    """Until it has said a first line, a service just started (a daemon loading its voice)
    is given this long: a slow start is waited for, not said to be lost."""
    spawn_seconds = 5.0
    """How long a daemon spawned here is given to answer at all."""
    retry_seconds = 3.0
    """While the service is lost, how often to look whether it answers again."""
    missed_limit = 200
    """How many lines not heard are kept to be said again when the service comes back."""

    def __init__(self, mode: str = "auto", *, lang: str | None = None,
                 timeout: float = 1.5, spawn: bool = True,
                 threaded: bool | None = None,
                 screen_reader: Callable[[], ScreenReader | None] | None = None,
                 platform: str = sys.platform,
                 outputs: Callable[[], Sequence[Any]] | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"speech mode must be one of {MODES}, not {mode!r}")
        self.mode = mode
        self.available = False
        self.problem: Msg | None = None
        self.reader: ScreenReader | None = None
        """The screen reader found reading the terminal (``auto``), which speaks instead."""
        self.notify: Callable[[Msg], None] | None = None
        self.missed: list[str] = []
        """Lines sent but not heard when the service went away, and those said since."""
        self._problem_taken = False
        self._lang = lang
        self._timeout = timeout
        self._spawn = spawn
        self._platform = platform
        self._outputs = outputs or partial(candidates, platform)
        self.missing: str | None = None
        """The Python module a voice needs and that is not installed (``speechd``)."""
        self._threaded = platform != "win32" if threaded is None else threaded
        self._output: Any = None
        self._queue: queue.Queue[Any] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._busy_since: float | None = None
        self._lock = threading.RLock()
        self._unheard: dict[object, str] = {}  # sent to the service, not yet ended, in order
        self._lost = False
        self._closed = False
        self._watchdog: threading.Thread | None = None
        self._heard_once = False
        """The service has ended a line: from now on a request is given ``stall_seconds``."""
        self._began = threading.Event()
        """The service has begun to say a line (it speaks): set once, for good."""
        if mode == "auto":
            probe = screen_reader if screen_reader is not None else _detect_reader
            try:
                self.reader = probe()
            except Exception:  # a probe that fails finds nothing: the game speaks
                self.reader = None
        self._enabled = mode != "off" and self.reader is None
        if self._enabled:
            self._start(asked=mode == "on")

    def _start(self, *, asked: bool) -> None:
        """Connect and start the speech thread; else set ``problem`` (to be shown again)."""
        self._shut()
        output = self._connect(self._timeout, self._spawn)
        self._problem_taken = False
        if output is None:
            self.problem = Msg("output.speech.unavailable_asked" if asked
                               else "output.speech.unavailable")
            return
        self._attach(output)

    def _attach(self, output: Any) -> None:
        """Speak through ``output`` from now on."""
        self.problem = None
        self._lost = False
        self._output = output
        self._queue = queue.Queue()
        self._unheard = {}
        self.available = True
        if self._threaded:
            self._thread = threading.Thread(target=self._run, args=(output, self._queue),
                                            name="a11y-games speech", daemon=True)
            self._thread.start()
            self._watch()
        if self._lang:
            self._submit(("lang", self._lang))

    # -- start-up -------------------------------------------------------------------------

    def _connect(self, timeout: float, spawn: bool) -> Any:
        """The first active output (:mod:`a11y_games.output.voices`), or None. Prints
        nothing."""
        if _unix(self._platform):
            try:
                import speechd  # noqa: F401  (Speech Dispatcher's client: Debian's python3-speechd)
            except ImportError:
                self.missing = "speechd"
                return None
            address = speechd_address()
            if not _answers(address, timeout) and not (
                    spawn and _spawn(address, timeout)
                    and _wait_answers(address, max(timeout, Speech.spawn_seconds))):
                return None
        with _muted():
            try:
                return first_active(self._outputs())
            except Exception:  # any failure of a third-party output means: no speech
                return None

    # -- what is in force -------------------------------------------------------------------

    @property
    def in_force(self) -> str:
        """``on`` (the game's voice speaks), ``reader`` (a screen reader speaks instead) or
        ``off``: what ``set`` shows."""
        if self._enabled and self.available:
            return "on"
        return "reader" if self.reader is not None else "off"

    def choice(self) -> Msg | None:
        """The line said once at start: who speaks. None when a problem says it instead."""
        if self._enabled and self.available:
            return Msg("output.speech.choice.voice", service=self.service)
        if self.reader is not None:
            return Msg("output.speech.choice.reader", reader=self.reader.name)
        if self.mode == "off":
            return Msg("output.speech.choice.off")
        return None

    @property
    def service(self) -> str:
        """The speech service's name (``Speech Dispatcher``, ``NVDA``, ``SAPI 5``...)."""
        if _unix(self._platform):
            return "Speech Dispatcher"
        return service_name(self._output)

    # -- the player's controls --------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        """Whether the game's voice should speak now (``speech on|off``)."""
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        """Turning speech on when no service answers tries again (the player asked for it),
        and says again what the service missed."""
        if self._enabled and not value:
            self.silence()
        self._enabled = bool(value)
        if self._enabled and not self.available:
            missed = self.missed
            self._start(asked=True)
            if self.available:
                self.missed = missed
                self.replay_missed()

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Queue ``text``; with ``interrupt``, first stop what is being said and queued."""
        if not self._enabled or not text.strip():
            return
        if self._lost or self._stalled():
            self._miss([text])
            return
        if not self.available:
            return
        if interrupt:
            self._drop_queued()
            self._submit(("silence", None), ("speak", text))
        else:
            self._submit(("speak", text))

    def silence(self) -> None:
        """Stop speaking now and forget what was queued (not a loss: nothing to say again)."""
        if not self.available or self._stalled():
            return
        self._drop_queued()
        self._submit(("silence", None))

    def replay_missed(self) -> int:
        """Say again the lines the service missed; returns how many."""
        with self._lock:
            missed, self.missed = self.missed, []
        if not (self.available and self._enabled):
            self.missed = missed
            return 0
        for text in missed:
            self._submit(("speak", text))
        return len(missed)

    def set_language(self, lang: str) -> None:
        """Speak with a voice for ``lang`` (an ISO 639 code such as ``fr``) from now on."""
        self._lang = lang
        if self.available:
            self._submit(("lang", lang))

    def take_problem(self) -> Msg | None:
        """The current problem if not yet taken: the client shows each problem once."""
        if self.problem is None or self._problem_taken:
            return None
        self._problem_taken = True
        return self.problem

    def wait_idle(self, timeout: float = 2.0) -> bool:
        """Wait until every queued text was handed to the service; False on timeout."""
        deadline = time.monotonic() + timeout
        jobs = self._queue
        with jobs.all_tasks_done:
            while jobs.unfinished_tasks:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                jobs.all_tasks_done.wait(remaining)
        return True

    def close(self) -> None:
        """Stop the speech thread and close the connection (quickly, even if the service hangs)."""
        self._closed = True
        self._shut()

    def _shut(self) -> None:
        thread, output = self._thread, self._output
        self._thread = self._output = None
        self.available = False
        if thread is not None:
            self._drop_queued(keep_settings=False)
            self._queue.put(_STOP)
            thread.join(timeout=1.0)
        close = getattr(output, "close", None)
        if close is not None:
            closer = threading.Thread(target=_close_quietly, args=(close,), daemon=True)
            closer.start()  # a hung connection must not hold the game
            closer.join(timeout=1.0)

    def __enter__(self) -> Speech:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- losing and finding the service -----------------------------------------------------

    def _stalled(self) -> bool:
        """True (and the service given up) if a request has hung for ``stall_seconds``."""
        since = self._busy_since
        if self._lost:
            return True
        limit = self.stall_seconds if self._heard_once else max(self.stall_seconds,
                                                                 self.first_stall_seconds)
        if since is None or time.monotonic() - since < limit:
            return False
        self._lose()
        return True

    def _connection_gone(self) -> bool:
        """Speech Dispatcher's client has seen its socket close (the daemon died)."""
        conn = getattr(getattr(self._output, "_client", None), "_conn", None)
        reader = getattr(conn, "_communication_thread", None)
        return reader is not None and not reader.is_alive()

    def _lose(self) -> None:
        """The service is gone: keep what it did not say, tell the player at once."""
        with self._lock:
            if self._lost:
                return
            self._lost = True
            self.available = False
            # a service that never began a line never spoke: it did not start, rather
            self.problem = Msg("output.speech.lost" if self._began.is_set()
                               else "output.speech.never")
            self._problem_taken = False
            self._busy_since = None
            unheard = list(self._unheard.values())
            self._unheard = {}
            queued = self._drop_queued(keep_settings=False)
            self._miss(unheard + queued)
            self._queue = queue.Queue()  # the old one may never be served again
            self._thread = None  # left blocked in the client library: abandoned (a daemon)
            output, self._output = self._output, None
        close = getattr(output, "close", None)
        if close is not None:
            threading.Thread(target=_close_quietly, args=(close,), daemon=True).start()
        self._tell(self.problem)

    def _tell(self, msg: Msg) -> None:
        notify = self.notify
        if notify is None:
            return
        if msg is self.problem:
            self._problem_taken = True
        with contextlib.suppress(Exception):  # the game's own failure to show is not ours
            notify(msg)

    def _miss(self, texts: list[str]) -> None:
        with self._lock:
            self.missed.extend(texts)
            del self.missed[:-self.missed_limit]

    def _watch(self) -> None:
        """One watchdog thread: notices a dead or hung service, then its return."""
        if self._watchdog is not None and self._watchdog.is_alive():
            return
        self._watchdog = threading.Thread(target=self._watching, name="a11y-games speech watch",
                                          daemon=True)
        self._watchdog.start()

    def _watching(self) -> None:
        last_try = 0.0
        while not self._closed:
            time.sleep(0.1)
            if not self._lost:
                if self._output is not None and (self._connection_gone() or self._stalled()):
                    self._lose()
                    last_try = time.monotonic()
                continue
            if not self._enabled or time.monotonic() - last_try < self.retry_seconds:
                continue
            last_try = time.monotonic()
            if _unix(self._platform) and _answers(speechd_address(), self._timeout):
                output = self._connect(self._timeout, spawn=False)
                if output is not None and not self._closed and self._lost:
                    with self._lock:
                        self._attach(output)
                    self._tell(Msg("output.speech.back", count=len(self.missed)))

    # -- the speech thread ------------------------------------------------------------------

    def _drop_queued(self, *, keep_settings: bool = True) -> list[str]:
        """Forget queued texts (settings such as the language stay queued, in order);
        returns the texts dropped."""
        kept, dropped = [], []
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if isinstance(item, tuple):
                if keep_settings and item[0] == "lang":
                    kept.append(item)
                elif item[0] == "speak":
                    dropped.append(item[1])
            self._queue.task_done()
        for item in kept:
            self._queue.put(item)
        return dropped

    def _submit(self, *jobs: tuple[str, Any]) -> None:
        """Hand jobs to the speech thread, or (unthreaded) do them now."""
        if self._thread is not None:
            for job in jobs:
                self._queue.put(job)
            return
        for kind, arg in jobs:
            try:
                self._perform(self._output, kind, arg)
            except Exception:  # the service died or refused: say so once, go on silently
                self._lose()
                return

    def _run(self, output: Any, jobs: queue.Queue[Any]) -> None:
        while True:
            item = jobs.get()
            try:
                if item is _STOP:
                    return
                self._busy_since = time.monotonic()
                self._perform(output, *item)
            except Exception:  # the service died or refused: say so once, go on silently
                if jobs is self._queue:
                    self._lose()
                return
            finally:
                if jobs is self._queue:
                    self._busy_since = None
                jobs.task_done()

    def _perform(self, output: Any, kind: str, arg: Any) -> None:
        """One job on an accessible_output2 output: speak, silence, or set the language.

        Speech Dispatcher's own client is asked to report the end of each text, so that
        the texts not yet heard when it dies can be said again."""
        client = getattr(output, "_client", None)  # Speech Dispatcher's SSIP client
        if kind == "speak":
            token = object()
            with self._lock:
                self._unheard[token] = arg
            if client is None or not hasattr(client, "speak"):
                output.speak(arg)  # no end reported: handed over is as good as heard
                self._began.set()
                self._ended(token)
                return
            client.speak(arg, callback=partial(self._event, token),
                         event_types=_events())
        elif kind == "silence":
            with self._lock:
                self._unheard = {}
            output.silence()
        elif kind == "lang" and client is not None and hasattr(client, "set_language"):
            client.set_language(arg)

    def _event(self, token: object, kind: object = None, *_: object, **__: object) -> None:
        """Speech Dispatcher began, ended or cancelled a text."""
        self._began.set()
        if kind != _begin_event():
            self._ended(token)

    def began(self, timeout: float = 0.0) -> bool:
        """True once the service has begun to say a line (waiting up to ``timeout``)."""
        return self._began.wait(timeout) if timeout > 0 else self._began.is_set()

    def give_up(self) -> None:
        """The service has not begun its first line in the time given: lost (said once,
        ``output.speech.never``); it is looked for again as after any loss."""
        if self.available and not self._began.is_set():
            self._lose()

    def _ended(self, token: object, *_: object, **__: object) -> None:
        """Speech Dispatcher ended or cancelled a text: it and every earlier one are done."""
        with self._lock:
            self._heard_once = True
            if token not in self._unheard:
                return
            for key in list(self._unheard):
                del self._unheard[key]
                if key is token:
                    break


def _events() -> tuple[Any, ...]:
    import speechd

    return (speechd.CallbackType.BEGIN, speechd.CallbackType.END,
            speechd.CallbackType.CANCEL)


def _begin_event() -> Any:
    import speechd

    return speechd.CallbackType.BEGIN


def _close_quietly(close: Callable[[], object]) -> None:
    with _muted(), contextlib.suppress(BaseException):  # speechd's thread may sys.exit()
        close()


def _unix(platform: str = sys.platform) -> bool:
    return platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))


def _detect_reader() -> ScreenReader | None:
    from .screenreader import detect

    return detect()
