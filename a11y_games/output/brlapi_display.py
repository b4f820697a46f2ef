"""A braille display through BrlAPI (BRLTTY's client library, Debian's ``python3-brlapi``).

Messages are translated with the chosen liblouis table and written as dots, so the
display shows exactly the table's braille, whatever BRLTTY's own text table is. A
message is never cut to fit: one longer than the display is shown a window at a time
(windows end at blank cells), and the display's keys pan (:meth:`BrailleDisplay.handle_key`):
the panning keys window by window, on from one message into the next, the line keys
from message to message, top and bottom to the first and last.

Where BRLTTY does not run, construction raises :class:`DisplayUnavailable` at once
(connecting to a missing local socket fails immediately) and the client goes on. So it
does where BRLTTY runs without a braille display (its ``no`` driver reports one cell).
"""

from __future__ import annotations

import contextlib
from typing import Any

from a11y_games.engine.messages import Msg

from .braille import BLANK, MAX_WIDTH, MIN_WIDTH, Braille

__all__ = ["BrailleDisplay", "DisplayUnavailable", "display_size", "dots"]


class DisplayUnavailable(OSError):
    """No braille display can be used; ``msg`` says why, in the player's language."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg


def dots(braille: str) -> bytes:
    """Unicode braille as BrlAPI dot patterns (bit 0 is dot 1 ... bit 7 is dot 8).

    >>> list(dots("⠁⠃⣿"))
    [1, 3, 255]
    """
    return bytes((ord(cell) - 0x2800) & 0xFF if "\u2800" <= cell <= "\u28ff" else 0
                 for cell in braille)


class BrailleDisplay:
    """The status line on a braille display, with scrolling by the display's keys.

    ``host`` and ``auth`` default to BrlAPI's own defaults (``$BRLAPI_HOST``,
    ``$BRLAPI_AUTH``). ``tty`` is the virtual terminal to take over; by default the one
    BrlAPI finds for this process (``$CONTROLVT``, ``$WINDOWPATH``), else, with no virtual
    terminal at all (ssh, a pseudo-terminal), the root: the display whatever is on screen.
    """

    def __init__(self, table: str, *, host: str | None = None, auth: str | None = None,
                 tty: int | None = None) -> None:
        try:
            import brlapi
        except ImportError as exc:
            from .missing import how_to_get

            raise DisplayUnavailable(Msg("output.display.no_brlapi",
                                         how=how_to_get("brlapi"))) from exc
        self._brlapi: Any = brlapi
        Braille(table)  # a missing table is a BrailleError before the display is taken
        try:
            self._conn: Any = brlapi.Connection(_bytes(host), _bytes(auth))
        except (brlapi.ConnectionError, OSError) as exc:
            raise DisplayUnavailable(Msg("output.display.unavailable")) from exc
        try:
            columns, rows = self._conn.displaySize
        except (brlapi.ConnectionError, brlapi.OperationError, OSError) as exc:
            self._close_quietly()
            raise DisplayUnavailable(Msg("output.display.unavailable")) from exc
        self.cells = columns * rows
        if self.cells < MIN_WIDTH:  # BRLTTY runs (for speech, say) but drives no display
            self._close_quietly()
            raise DisplayUnavailable(Msg("output.display.none"))
        self.braille = Braille(table, width=min(self.cells, MAX_WIDTH))
        try:
            self._enter_tty(tty)
        except (brlapi.ConnectionError, brlapi.OperationError, OSError) as exc:
            self._close_quietly()
            raise DisplayUnavailable(Msg("output.display.unavailable")) from exc
        self.windows: list[str] = [""]
        self.starts: list[int] = [0]
        """Where each message's first window is in ``windows``."""
        self.position = 0

    def _enter_tty(self, tty: int | None) -> None:
        """Take the display for our terminal: ``tty``, else BrlAPI's guess, else the root."""
        if tty is not None:
            self._conn.enterTtyMode(tty)
            return
        try:
            self._conn.enterTtyMode()  # $CONTROLVT, $WINDOWPATH or the controlling VT
        except self._brlapi.OperationError:
            self._conn.enterTtyModeWithPath([])  # no virtual terminal (ssh, a pty): the root

    # -- writing -------------------------------------------------------------------------

    def show(self, text: str) -> None:
        """Show ``text`` from its first window."""
        self.show_lines([text])

    def show_lines(self, texts: list[str]) -> None:
        """Show whole messages (a question, then its choices) from the first one's start."""
        windows: list[str] = []
        starts: list[int] = []
        for text in texts:
            starts.append(len(windows))
            windows += self.braille.lines([text]) or [""]
        self.windows, self.starts = windows or [""], starts or [0]
        self.position = 0
        self._write()

    def message(self, step: int) -> bool:
        """Move to the start of the message ``step`` messages on (or back); False at an end.

        Back from inside a message goes first to its own start."""
        current = max(i for i, start in enumerate(self.starts) if start <= self.position)
        if step < 0 and self.position > self.starts[current]:
            step += 1
        target = current + step
        if not 0 <= target < len(self.starts):
            return False
        self.position = self.starts[target]
        self._write()
        return True

    def scroll(self, step: int) -> bool:
        """Move ``step`` windows forward (or back, if negative); False at either end."""
        target = self.position + step
        if not 0 <= target < len(self.windows):
            return False
        self.position = target
        self._write()
        return True

    def _write(self) -> None:
        window = self.windows[self.position][:self.cells]
        try:
            self._conn.writeDots(dots(window.ljust(self.cells, BLANK)))
        except (self._brlapi.ConnectionError, self._brlapi.OperationError, OSError) as exc:
            raise DisplayUnavailable(Msg("output.display.unavailable")) from exc

    # -- reading keys ----------------------------------------------------------------------

    def read_key(self, timeout: float = 0.0) -> int | None:
        """The next key code from the display, or None if none came within ``timeout`` s."""
        try:
            code = self._conn.readKeyWithTimeout(int(timeout * 1000))
        except (self._brlapi.ConnectionError, self._brlapi.OperationError, OSError) as exc:
            raise DisplayUnavailable(Msg("output.display.unavailable")) from exc
        return code

    def pump(self) -> int:
        """Handle every key already waiting, without blocking; returns how many scrolled.

        Call it when :meth:`fileno` is readable (e.g. from the prompt's event loop).
        """
        used = 0
        while (code := self.read_key(0)) is not None:
            used += self.handle_key(code)
        return used

    def fileno(self) -> int:
        """The connection's file descriptor, readable when a key is waiting (for event loops)."""
        return int(self._conn.fileDescriptor)

    def handle_key(self, code: int) -> bool:
        """Scroll for the display's panning and line keys; True if the key was used."""
        b = self._brlapi
        command = self._conn.expandKeyCode(code)["command"]
        if command in (b.KEY_CMD_FWINRT, b.KEY_CMD_FWINRTSKIP):
            self.scroll(1)
        elif command in (b.KEY_CMD_FWINLT, b.KEY_CMD_FWINLTSKIP):
            self.scroll(-1)
        elif command == b.KEY_CMD_LNDN:
            self.message(1)
        elif command == b.KEY_CMD_LNUP:
            self.message(-1)
        elif command == b.KEY_CMD_TOP:
            self.scroll(-self.position)
        elif command == b.KEY_CMD_BOT:
            self.scroll(len(self.windows) - 1 - self.position)
        else:
            return False
        return True

    # -- closing ---------------------------------------------------------------------------

    def close(self) -> None:
        """Give the display back to BRLTTY."""
        self._close_quietly()

    def _close_quietly(self) -> None:
        conn, self._conn = getattr(self, "_conn", None), None
        if conn is None:
            return
        for step in ("leaveTtyMode", "closeConnection"):
            try:
                getattr(conn, step)()
            except Exception:  # already gone: nothing more to give back
                continue

    def __enter__(self) -> BrailleDisplay:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def display_size(host: str | None = None, auth: str | None = None) -> tuple[int, str]:
    """The cells of BRLTTY's display and its driver's name, the display left as it was
    (nothing written, the connection closed at once); DisplayUnavailable says why not."""
    try:
        import brlapi
    except ImportError as exc:
        from .missing import how_to_get

        raise DisplayUnavailable(Msg("output.display.no_brlapi",
                                     how=how_to_get("brlapi"))) from exc
    try:
        conn = brlapi.Connection(_bytes(host), _bytes(auth))
    except (brlapi.ConnectionError, OSError) as exc:
        raise DisplayUnavailable(Msg("output.display.unavailable")) from exc
    try:
        columns, rows = conn.displaySize
        driver = conn.driverName
    except (brlapi.ConnectionError, brlapi.OperationError, OSError) as exc:
        raise DisplayUnavailable(Msg("output.display.unavailable")) from exc
    finally:
        with contextlib.suppress(Exception):  # already gone
            conn.closeConnection()
    if columns * rows < MIN_WIDTH:
        raise DisplayUnavailable(Msg("output.display.none"))
    driver = driver.decode() if isinstance(driver, bytes) else str(driver)
    return columns * rows, driver


def _bytes(value: str | None) -> bytes | None:
    """BrlAPI's Python binding takes its host and auth strings as bytes."""
    return value.encode() if isinstance(value, str) else value

