"""A fake Speech Dispatcher: a unix-socket SSIP server that records what it is told.

It answers ``SPEAK`` (then receives the text up to a lone ``.``), ``HISTORY GET
CLIENT_ID`` and ``QUIT`` as Speech Dispatcher does, and ``200 OK`` to everything else.
After queuing a text it sends BEGIN and END events a few tens of milliseconds later
(sooner would race the client's callback registration).
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from pathlib import Path

CRLF = b"\r\n"


class FakeSSIP:
    """Serve SSIP on ``path`` in background threads; ``commands`` and ``spoken`` record."""

    def __init__(self, path: Path, *, answer: bool = True, ends: bool = True) -> None:
        self.path = path
        self.answer = answer
        self.ends = ends
        """False: texts are queued but never end (a long speech the daemon dies in)."""
        self.slow_until = 0.0
        """``time.monotonic()`` before which a ``SPEAK`` is answered only then (a daemon
        still loading its voice)."""
        self.commands: list[str] = []
        self.spoken: list[str] = []
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._msg_id = 0
        self._conns: list[socket.socket] = []
        self._server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._server.bind(str(path))
        self._server.listen(8)
        self._closed = False
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    @property
    def address(self) -> str:
        return f"unix_socket:{self.path}"

    def wait_for(self, predicate, timeout: float = 3.0) -> bool:
        """Wait until ``predicate(self)`` holds (checked at every received line)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not predicate(self):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._changed.wait(remaining)
        return True

    def close(self) -> None:
        self._closed = True
        for conn in [self._server, *self._conns]:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
            conn.close()
        self._thread.join(timeout=2)

    def _accept(self) -> None:
        while not self._closed:
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            self._conns.append(conn)
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _record(self, command: str | None = None, spoken: str | None = None) -> None:
        with self._changed:
            if command is not None:
                self.commands.append(command)
            if spoken is not None:
                self.spoken.append(spoken)
            self._changed.notify_all()

    def _serve(self, conn: socket.socket) -> None:
        buffer = b""
        data: list[str] | None = None
        send_lock = threading.Lock()

        def send(*lines: str) -> None:
            with send_lock, contextlib.suppress(OSError):
                conn.sendall(b"".join(line.encode() + CRLF for line in lines))

        while True:
            while CRLF not in buffer:
                try:
                    chunk = conn.recv(4096)
                except OSError:
                    return
                if not chunk:
                    return
                buffer += chunk
            raw, buffer = buffer.split(CRLF, 1)
            line = raw.decode("utf-8")
            if not self.answer:
                self._record(command=line)
                continue
            if data is not None:
                if line == ".":
                    text = "\n".join(data)
                    data = None
                    self._msg_id += 1
                    msg_id = self._msg_id
                    send(f"225-{msg_id}", "225 OK MESSAGE QUEUED")
                    self._record(spoken=text)
                    threading.Timer(0.03, send, args=(
                        f"701-{msg_id}", "701-1", "701 BEGIN")).start()
                    if self.ends:
                        threading.Timer(0.06, send, args=(
                            f"702-{msg_id}", "702-1", "702 END")).start()
                else:
                    data.append(line[1:] if line.startswith("..") else line)
                continue
            self._record(command=line)
            upper = line.upper()
            if upper == "SPEAK":
                time.sleep(max(0.0, self.slow_until - time.monotonic()))
                data = []
                send("230 OK RECEIVING DATA")
            elif upper == "HISTORY GET CLIENT_ID":
                send("245-1", "245 OK CLIENT ID SENT")
            elif upper == "QUIT":
                send("231 HAPPY HACKING")
                with contextlib.suppress(OSError):
                    conn.shutdown(socket.SHUT_RDWR)
                conn.close()
                return
            else:
                send("200 OK")
