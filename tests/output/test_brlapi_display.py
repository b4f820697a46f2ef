"""BrlAPI: a clear message where BRLTTY does not run; where it can run, the real display path.

The real path starts a private BRLTTY with its TTY braille driver on a pseudo-terminal:
that driver draws the display's cells as Unicode braille on the terminal and turns the
terminal's arrow keys into panning commands, so the test sees exactly what a braille
display would show and presses its keys.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from a11y_games.engine import Msg
from a11y_games.i18n import Translator
from a11y_games.output.braille import BLANK, Braille, table_for
from a11y_games.output.brlapi_display import BrailleDisplay, DisplayUnavailable, dots

pytestmark = pytest.mark.timeout(60)

BRLTTY = shutil.which("brltty") or ("/usr/sbin/brltty" if os.path.exists("/usr/sbin/brltty")
                                    else None)
try:
    import brlapi  # noqa: F401
except ImportError:
    HAVE_BRLAPI = False
else:
    HAVE_BRLAPI = True


BRLAPI_SOCKETS = Path("/var/lib/BrlAPI")


def unused_host() -> str:
    """A local BrlAPI address that no BRLTTY serves."""
    for number in range(90 + os.getpid() % 50, 200):
        if not (BRLAPI_SOCKETS / str(number)).exists():
            return f":{number}"
    raise RuntimeError("no free BrlAPI socket number")


def test_dots_follow_brlapi_bit_order() -> None:
    assert dots("\u2800\u2801\u2802\u2804\u2808\u2810\u2820\u2840\u2880") == bytes(
        [0, 1, 2, 4, 8, 16, 32, 64, 128])
    assert dots("a") == b"\x00"


@pytest.mark.skipif(not HAVE_BRLAPI, reason="python3-brlapi is not installed")
def test_no_brltty_is_a_prompt_clear_message(monkeypatch: pytest.MonkeyPatch,
                                             capfd: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("BRLAPI_HOST", unused_host())
    started = time.monotonic()
    with pytest.raises(DisplayUnavailable) as caught:
        BrailleDisplay(table_for("fr"))
    assert time.monotonic() - started < 2.0
    assert capfd.readouterr() == ("", "")
    msg = caught.value.msg
    assert msg.id == "output.display.unavailable"
    assert "BRLTTY" in Translator("fr").render(msg)
    assert "BRLTTY" in Translator("en").render(msg)


def test_without_brlapi_the_message_names_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "brlapi", None)
    with pytest.raises(DisplayUnavailable) as caught:
        BrailleDisplay(table_for("en"))
    assert caught.value.msg.id == "output.display.no_brlapi"
    assert "python3-brlapi" in Translator("en").render(caught.value.msg)


@dataclass
class VirtualDisplay:
    host: str
    master: int
    daemon: subprocess.Popen[bytes]
    seen: bytes = b""

    def stop(self) -> None:
        """BRLTTY goes away (killed, or the display unplugged)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.daemon.pid, signal.SIGTERM)
        try:
            self.daemon.wait(timeout=1)
        except subprocess.TimeoutExpired:
            os.killpg(self.daemon.pid, signal.SIGKILL)
            self.daemon.wait(timeout=5)
        number = self.host.lstrip(":")  # a killed BRLTTY leaves its socket and lock behind
        for name in (number, f".{number}"):
            with contextlib.suppress(OSError):
                (BRLAPI_SOCKETS / name).unlink()

    def read(self, timeout: float = 0.3) -> str:
        while select.select([self.master], [], [], timeout)[0]:
            try:
                self.seen += os.read(self.master, 65536)
            except OSError:
                break
        return self.seen.decode("utf-8", errors="replace")

    def wait_for(self, cells: str, timeout: float = 5.0) -> bool:
        """True once the display shows ``cells``, from the last time it was cleared."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if cells in self.read(0.1):
                self.seen = b""
                return True
        return False

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)


def display_size(host: str) -> tuple[int, int] | None:
    """The display size BRLTTY's API reports at ``host``, or None if it does not answer."""
    import brlapi

    try:
        probe = brlapi.Connection(host.encode(), None)
    except brlapi.ConnectionError:
        return None
    try:
        return tuple(probe.displaySize)
    finally:
        probe.closeConnection()


def start_brltty(folder: Path, driver: str) -> VirtualDisplay:
    """A private BRLTTY serving BrlAPI on its own socket, with ``driver`` for the display."""
    master, slave = os.openpty()
    host = unused_host()
    display_args = ["-b", driver]
    if driver == "tt":
        display_args += ["-d", f"serial:{os.ttyname(slave)}", "-B", "columns=40,lines=1"]
    daemon = subprocess.Popen(
        [str(BRLTTY), "-n", "-q", "-e", "-f", "/dev/null", *display_args, "-x", "no",
         "-s", "no", "-A", f"auth=none,host={host}", "-P", str(folder / "brltty.pid"),
         "-W", str(folder), "-U", str(folder)],
        cwd=folder, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True)
    os.close(slave)  # BRLTTY opens the terminal by name
    return VirtualDisplay(host, master, daemon)


@pytest.fixture
def brltty(short_dir: Path) -> Iterator[Callable[[str, tuple[int, int]], VirtualDisplay]]:
    """Start a private BRLTTY; every one started is stopped at the end."""
    if BRLTTY is None or not HAVE_BRLAPI:
        pytest.skip("BRLTTY (Debian package brltty) or python3-brlapi is not installed")
    started: list[VirtualDisplay] = []

    def start(driver: str, size: tuple[int, int]) -> VirtualDisplay:
        display = start_brltty(short_dir, driver)
        started.append(display)
        deadline = time.monotonic() + 10
        while display_size(display.host) != size:  # ready once the driver's display is up
            if display.daemon.poll() is not None or time.monotonic() > deadline:
                pytest.skip("BRLTTY could not start here")
            display.read(0.1)
        return display

    try:
        yield start
    finally:
        for display in started:
            display.stop()
            os.close(display.master)


@pytest.fixture
def virtual_display(brltty: Callable[[str, tuple[int, int]], VirtualDisplay]) -> VirtualDisplay:
    """BRLTTY's TTY driver on a pseudo-terminal: a 40-cell display the test reads and types."""
    return brltty("tt", (40, 1))


def test_brltty_without_a_display_is_a_clear_message(
        brltty: Callable[[str, tuple[int, int]], VirtualDisplay]) -> None:
    server = brltty("no", (1, 1))
    with pytest.raises(DisplayUnavailable) as caught:
        BrailleDisplay(table_for("fr"), host=server.host)
    assert caught.value.msg.id == "output.display.none"
    assert "BRLTTY" in Translator("fr").render(caught.value.msg)


def test_status_line_reaches_the_display_and_its_keys_scroll(
        virtual_display: VirtualDisplay) -> None:
    text = "Président : Kenya. 3 tuiles lobbyistes, 2 écologiques. Tour 12 : Mali doit nommer."
    braille = Braille(table_for("fr"), width=40)
    windows = [window.ljust(40, BLANK) for window in braille.lines([text])]
    assert len(windows) >= 2
    with BrailleDisplay(table_for("fr"), host=virtual_display.host) as display:
        assert display.cells == 40
        display.show(text)
        assert virtual_display.wait_for(windows[0]), virtual_display.read()
        virtual_display.press(b"\x1bOC")  # right arrow: the TTY driver's "next window" key
        code = display.read_key(timeout=3)
        assert code is not None and display.handle_key(code)
        assert display.position == 1
        assert virtual_display.wait_for(windows[1])
        virtual_display.press(b"\x1bOD")  # left arrow: back
        code = display.read_key(timeout=3)
        assert code is not None and display.handle_key(code)
        assert virtual_display.wait_for(windows[0])
        assert not display.scroll(-1), "already at the first window"
        assert display.read_key(timeout=0.05) is None


@pytest.mark.skipif(not HAVE_BRLAPI, reason="python3-brlapi is not installed")
def test_missing_table_is_refused_before_the_display_is_taken() -> None:
    from a11y_games.output.braille import BrailleError

    with pytest.raises(BrailleError):
        BrailleDisplay("no-such-table.utb", host=unused_host())


def test_keys_waiting_are_pumped_without_blocking(virtual_display: VirtualDisplay) -> None:
    text = "Dernier gouvernement : Égypte et Brésil. Pioche : 17 tuiles ; défausse : 4."
    braille = Braille(table_for("fr"), width=40)
    windows = [window.ljust(40, BLANK) for window in braille.lines([text])]
    with BrailleDisplay(table_for("fr"), host=virtual_display.host) as display:
        display.show(text)
        assert virtual_display.wait_for(windows[0])
        assert display.pump() == 0
        virtual_display.press(b"\x1bOC")
        readable = select.select([display.fileno()], [], [], 3)[0]
        assert readable, "the display's key should wake the event loop"
        assert display.pump() == 1
        assert virtual_display.wait_for(windows[1])


def test_brltty_gone_mid_game_is_the_same_clear_message(
        virtual_display: VirtualDisplay) -> None:
    display = BrailleDisplay(table_for("en"), host=virtual_display.host)
    display.show("Round 12: Mali must nominate a chancellor.")
    virtual_display.stop()
    with pytest.raises(DisplayUnavailable) as caught:
        for _ in range(50):  # the loss shows at the next exchange with BRLTTY
            display.show("Your turn.")
            display.read_key(0.02)
    assert caught.value.msg.id == "output.display.unavailable"
    display.close()


def test_the_client_shows_its_question_on_the_braille_display(
        virtual_display: VirtualDisplay) -> None:
    """The client, playing PNUE with --brlapi, writes the question it asks to the display."""
    import io

    from a11y_games.engine.match import Match, SeatSpec
    from a11y_games.games import get_spec
    from a11y_games.ui.client import Client
    from a11y_games.ui.terminal import PlainReader, Writer

    spec = get_spec("pnue")
    match = Match(spec, spec.settings(5, 4), [SeatSpec("human", "Ana")] +
                  [SeatSpec("bot", level="random", name_index=i) for i in range(1, 5)])
    with BrailleDisplay(table_for("en"), host=virtual_display.host) as display:
        client = Client(match, reader=PlainReader(io.StringIO("")), writer=Writer(io.StringIO()),
                        display=display)
        client.advance()
        client.update_display()
        question = client.tr.render(Msg("core.turn.yours",
                                        question=match.state.pending().prompt))
        braille = Braille(table_for("en"), width=40)
        first = braille.lines([question])[0].ljust(40, BLANK)
        assert virtual_display.wait_for(first), virtual_display.read()
        header = braille.lines([client.out.question[1]])[0].ljust(40, BLANK)
        virtual_display.press(b"\x1bOB")  # down: the next message, the choices' header
        code = display.read_key(timeout=3)
        assert code is not None and display.handle_key(code)
        assert virtual_display.wait_for(header), "the choices follow the question"


def test_whole_messages_are_panned_into_the_next_and_the_line_keys_go_message_by_message(
        virtual_display: VirtualDisplay) -> None:
    """A question and its choices: never cut, each panned; down goes to the next message."""
    question = "Mali, your turn: vote on the government of Kenya as president and Egypt."
    choices = ["1. Yes", "2. No"]
    braille = Braille(table_for("en"), width=40)
    first = [w.ljust(40, BLANK) for w in braille.lines([question])]
    yes, no = (braille.lines([c])[0].ljust(40, BLANK) for c in choices)
    assert len(first) == 2

    def press(keys: bytes) -> None:
        virtual_display.press(keys)
        code = display.read_key(timeout=3)
        assert code is not None and display.handle_key(code)

    with BrailleDisplay(table_for("en"), host=virtual_display.host) as display:
        display.show_lines([question, *choices])
        assert virtual_display.wait_for(first[0])
        press(b"\x1bOC")  # right: the question's second window
        assert virtual_display.wait_for(first[1])
        press(b"\x1bOC")  # right again: on into the first choice
        assert virtual_display.wait_for(yes)
        press(b"\x1bOB")  # down: the next message
        assert virtual_display.wait_for(no)
        press(b"\x1bOA")  # up: back a message
        assert virtual_display.wait_for(yes)
        press(b"\x1bOA")  # up again: the question, from its start
        assert virtual_display.wait_for(first[0])
        assert not display.message(-1), "already at the first message"


# -- the real command line on the display ------------------------------------------------
# ``a11y-games GAME --brlapi`` shows its lines through one BrlAPI connection, held while
# it runs and closed when it ends; ``doctor`` reads the display's size and gives it back.
# ``ss`` lists the connections BRLTTY has accepted on its socket.

PROGRAM = Path(sys.executable).with_name("a11y-games")


def connections(display: VirtualDisplay) -> int:
    """How many BrlAPI clients BRLTTY has connected on this display's socket now."""
    socket = str(BRLAPI_SOCKETS / display.host.lstrip(":"))
    listed = subprocess.run(["ss", "-x", "state", "established"], capture_output=True,
                            text=True, check=True, timeout=10).stdout
    return sum(f" {socket} " in f" {line} " for line in listed.splitlines())


def _settled(display: VirtualDisplay, wanted: int, timeout: float = 5.0) -> int:
    deadline = time.monotonic() + timeout
    while (now := connections(display)) != wanted and time.monotonic() < deadline:
        time.sleep(0.05)
    return now


def _env(home: Path, display: VirtualDisplay) -> dict[str, str]:
    return {**os.environ, "BRLAPI_HOST": display.host, "XDG_DATA_HOME": str(home),
            "XDG_CONFIG_HOME": str(home), "NO_SOUND": "1", "SPEECHD_CMD": "/bin/false"}


@pytest.mark.skipif(shutil.which("ss") is None, reason="no ss (iproute2)")
def test_a_game_shows_its_question_on_the_display_through_one_connection_closed_at_exit(
        virtual_display: VirtualDisplay, tmp_path: Path) -> None:
    assert _settled(virtual_display, 0) == 0
    game = subprocess.Popen(
        [str(PROGRAM), "vertigo", "--players", "2", "--brlapi", "--speech", "off",
         "--seed", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, env=_env(tmp_path, virtual_display), text=True)
    try:
        question = Braille(table_for("en"), width=40).lines(["Your turn: Setup, 40 $ left."])
        assert virtual_display.wait_for(question[0], timeout=15), virtual_display.read()
        assert _settled(virtual_display, 1) == 1
        assert game.stdin is not None
        game.stdin.write("status\nchoices\n")  # more lines shown: still the one connection
        game.stdin.flush()
        time.sleep(0.5)
        assert connections(virtual_display) == 1
        out, _ = game.communicate("quit\nyes\nno\n", timeout=20)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 0, out
    assert _settled(virtual_display, 0) == 0


@pytest.mark.skipif(shutil.which("ss") is None, reason="no ss (iproute2)")
def test_doctor_reads_the_display_size_and_gives_it_back(virtual_display: VirtualDisplay,
                                                         tmp_path: Path) -> None:
    done = subprocess.run([str(PROGRAM), "doctor"], capture_output=True, text=True,
                          env=_env(tmp_path, virtual_display), timeout=40, check=True)
    lines = done.stdout.splitlines()
    assert "Braille display: 40 cells, BRLTTY driver TTY." in lines
    assert _settled(virtual_display, 0) == 0
