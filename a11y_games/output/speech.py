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
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from a11y_games.engine.messages import Msg

__all__ = ["MODES", "Speech", "SpeechdAddress", "speechd_address"]

MODES = ("auto", "on", "off")
"""``auto`` speaks when a service answers; ``on`` too, and says so if none does; ``off``."""

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

    ``mode`` is ``auto``, ``on`` or ``off``. ``lang`` sets the voice's language (``fr``,
    ``en``). ``timeout`` bounds each step of the start-up check (connect, spawn).
    ``spawn=False`` never starts a Speech Dispatcher daemon. ``threaded`` (default: all
    but Windows) hands texts to a speech thread; on Windows the screen reader and SAPI
    outputs are called on the caller's thread, which owns their COM objects.

    ``enabled`` is the player's ``speech on|off``: setting it to True connects if no
    service answered yet (after ``off``, or a failed start), and sets ``problem`` again if
    still none answers. Show ``take_problem()`` after construction and after each command.
    """

    stall_seconds = 5.0
    """A request the service has not answered after this long means the service is lost."""

    def __init__(self, mode: str = "auto", *, lang: str | None = None,
                 timeout: float = 1.5, spawn: bool = True,
                 threaded: bool | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"speech mode must be one of {MODES}, not {mode!r}")
        self.mode = mode
        self.available = False
        self.problem: Msg | None = None
        self._problem_taken = False
        self._enabled = mode != "off"
        self._lang = lang
        self._timeout = timeout
        self._spawn = spawn
        self._threaded = sys.platform != "win32" if threaded is None else threaded
        self._output: Any = None
        self._queue: queue.Queue[Any] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._busy_since: float | None = None
        if mode != "off":
            self._start(asked=mode == "on")

    def _start(self, *, asked: bool) -> None:
        """Connect and start the speech thread; else set ``problem`` (to be shown again)."""
        self.close()
        output = self._connect(self._timeout, self._spawn)
        self._problem_taken = False
        if output is None:
            self.problem = Msg("output.speech.unavailable_asked" if asked
                               else "output.speech.unavailable")
            return
        self.problem = None
        self._output = output
        self._queue = queue.Queue()
        self.available = True
        if self._threaded:
            self._thread = threading.Thread(target=self._run, args=(output, self._queue),
                                            name="a11y-games speech", daemon=True)
            self._thread.start()
        if self._lang:
            self._submit(("lang", self._lang))

    # -- start-up -------------------------------------------------------------------------

    @staticmethod
    def _connect(timeout: float, spawn: bool) -> Any:
        """The first active accessible_output2 output, or None. Prints nothing."""
        if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
            try:
                import speechd  # noqa: F401  (Speech Dispatcher's client: Debian's python3-speechd)
            except ImportError:
                return None
            address = speechd_address()
            if not _answers(address, timeout) and not (
                    spawn and _spawn(address, timeout) and _wait_answers(address, timeout)):
                return None
        with _muted():
            try:
                from accessible_output2.outputs.auto import Auto

                output = Auto().get_first_available_output()
            except Exception:  # any failure of a third-party output means: no speech
                return None
        return output

    # -- the player's controls --------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        """Whether the player wants speech now (``speech on|off``). Turning off silences."""
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        """Turning speech on when no service answered tries again (the player asked for it)."""
        if self._enabled and not value:
            self.silence()
        self._enabled = bool(value)
        if self._enabled and not self.available:
            self._start(asked=True)

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Queue ``text``; with ``interrupt``, first stop what is being said and queued."""
        if not (self.available and self._enabled) or not text.strip() or self._stalled():
            return
        if interrupt:
            self._drop_queued()
            self._submit(("silence", None), ("speak", text))
        else:
            self._submit(("speak", text))

    def silence(self) -> None:
        """Stop speaking now and forget what was queued."""
        if not self.available or self._stalled():
            return
        self._drop_queued()
        self._submit(("silence", None))

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
        with self._queue.all_tasks_done:
            while self._queue.unfinished_tasks:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._queue.all_tasks_done.wait(remaining)
        return True

    def close(self) -> None:
        """Stop the speech thread and close the connection (quickly, even if the service hangs)."""
        thread, output = self._thread, self._output
        self._thread = self._output = None
        self.available = False
        if thread is not None:
            self._drop_queued(keep_settings=False)
            self._queue.put(_STOP)
            thread.join(timeout=1.0)
        close = getattr(output, "close", None)
        if close is not None:
            with _muted(), contextlib.suppress(Exception):
                close()

    def __enter__(self) -> Speech:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the speech thread ------------------------------------------------------------------

    def _stalled(self) -> bool:
        """True (and the service given up) if a request has hung for ``stall_seconds``."""
        since = self._busy_since
        if since is None or time.monotonic() - since < self.stall_seconds:
            return False
        self._lose()
        self._thread = None  # left blocked in the speechd client: a daemon thread, abandoned
        return True

    def _lose(self) -> None:
        self.available = False
        self.problem = Msg("output.speech.lost")
        self._problem_taken = False
        self._busy_since = None
        self._drop_queued(keep_settings=False)

    def _drop_queued(self, *, keep_settings: bool = True) -> None:
        """Forget queued texts (settings such as the language stay queued, in order)."""
        kept = []
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if keep_settings and isinstance(item, tuple) and item[0] == "lang":
                kept.append(item)
            self._queue.task_done()
        for item in kept:
            self._queue.put(item)

    def _submit(self, *jobs: tuple[str, Any]) -> None:
        """Hand jobs to the speech thread, or (unthreaded) do them now."""
        if self._thread is not None:
            for job in jobs:
                self._queue.put(job)
            return
        for kind, arg in jobs:
            try:
                _perform(self._output, kind, arg)
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
                _perform(output, *item)
            except Exception:  # the service died or refused: say so once, go on silently
                if jobs is self._queue:
                    self._lose()
                return
            finally:
                if jobs is self._queue:
                    self._busy_since = None
                jobs.task_done()


def _perform(output: Any, kind: str, arg: Any) -> None:
    """One job on an accessible_output2 output: speak, silence, or set the voice language."""
    if kind == "speak":
        output.speak(arg)
    elif kind == "silence":
        output.silence()
    elif kind == "lang":
        client = getattr(output, "_client", None)  # Speech Dispatcher's SSIP client
        if client is not None and hasattr(client, "set_language"):
            client.set_language(arg)
