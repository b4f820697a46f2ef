"""A seat at a server: the remote side of the table seam (:mod:`a11y_games.ui.table`).

The connection lives on a thread of its own with an asyncio loop (websockets); the client
calls this table's plain methods from its own thread. Everything the server pushes
(events, the question, progress of a secret vote, chat, arrivals and departures) is kept
here in order, and ``on_news`` is called so that a waiting prompt can show it. A lost
connection is retried every few seconds (the player is told now and then that it still
is); the seat is taken back with its token and the events missed meanwhile arrive quietly
(they go to the log, and a short summary is said).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import threading
from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from a11y_games.engine import Event, IllegalAction, Msg, Pending, PlayerRef, Verbosity
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.state import Outcome, Query, Topic, UnknownTopic
from a11y_games.net import protocol as p
from a11y_games.ui.table import TableUnavailable

__all__ = ["ConnectionLost", "RemoteTable", "Session"]

REPLY_TIMEOUT = 15.0
"""Seconds a request waits for the server's answer before the player is told."""
NEXT_QUESTION = 1.0
"""Seconds an answer waits for the question that follows it (bots at the server play in
between) before the prompt shows again, ``Waiting>``: no prompt meanwhile, and what is
typed then is not read."""

RETRY_DELAYS = (0.5, 1.0, 2.0, 3.0)
RETRY_EVERY = 5.0
"""Seconds between tries to connect again: soon at first, then every 5 s for as long as
it takes (one client and one server: no crowd to spread, and a player back at the table
within seconds of the server, not after a backoff of minutes)."""

HELD = ("net.error.name_registered", "net.error.accounts_required")
"""A hello's refusals that leave the connection open for a login (or another name)."""

STILL_TRYING = (10, 30, 60)
"""Seconds after a loss at which the player hears that it is still being tried; then
every minute (silence after "reconnecting" would sound like a hung client)."""


def _retry_delays() -> Iterator[float]:
    yield from RETRY_DELAYS
    while True:
        yield RETRY_EVERY


def _still_trying_marks() -> Iterator[int]:
    yield from STILL_TRYING
    yield from itertools.count(STILL_TRYING[-1] + 60, 60)


def connection_news(what: str, seconds: int, *, seated: bool) -> Msg:
    """What the player hears of ``Session.on_state``: the loss, "Still reconnecting, for 30
    seconds now." (minutes from 1 minute on), the return (with the seat, if ``seated``)."""
    if what == "lost":
        return Msg("online.reconnecting")
    if what == "still":
        if seconds >= 60:
            return Msg("online.still_trying_minutes", count=seconds // 60)
        return Msg("online.still_trying_seconds", count=seconds)
    return Msg("online.reconnected" if seated else "online.lobby.back")


_NOTICES = (p.Notice, p.Letters, p.Invitation, p.Moderated, p.Announcement)
"""The messages that are no table's, private lines aside (said by :func:`notice_lines`)."""


def _for_anywhere(message: Any) -> bool:
    """A message that is no table's: said wherever its player is."""
    return isinstance(message, _NOTICES) or (
        isinstance(message, p.Chat) and message.channel == "private")


def notice_lines(message: Any, specs: dict[str, GameSpec] | None = None) -> list[Msg]:
    """What the player hears of a private line, a friend's coming or going, the lines
    kept while they were away ("2 messages while you were away.", then each), an
    invitation (with the way to take it)."""
    if isinstance(message, p.Announcement):
        return [Msg("online.announcement", by=message.by, text=message.text)]
    if isinstance(message, p.Moderated):
        until = Msg("online.until.time", when=_when(message.until)) if message.until \
            else Msg("online.until.forever")
        return [Msg(f"online.moderated.{message.what}", by=message.by,
                    reason=message.reason or "-", until=until,
                    role=Msg(f"online.role.{message.role or 'player'}"))]
    if isinstance(message, p.Invitation):
        spec = (specs or {}).get(message.game)
        return [Msg("online.invitation", name=message.sender,
                    game=spec.title if spec is not None else message.game)]
    if isinstance(message, p.Notice):
        return [Msg(f"online.notice.{message.what}", name=message.name)]
    if isinstance(message, p.Letters):
        return [Msg("online.letters.count", count=len(message.letters)),
                *(Msg("online.chat.private", name=letter.sender, text=letter.text)
                  for letter in message.letters)]
    if isinstance(message, p.Chat):
        if message.to:
            return [Msg("online.chat.private_to", name=message.sender, text=message.text,
                        to=message.to)]
        return [Msg("online.chat.private", name=message.sender, text=message.text)]
    return []


class ConnectionLost(TableUnavailable):
    """The server cannot be reached (a request timed out, or the connection is closed for
    good). ``msg`` says it to the player."""


class RequestRefused(Exception):
    """The server refused a request: ``msg`` says why, in its catalogue words."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg


def _no_run(state: Any, seat: int | None, argument: str) -> list[Msg]:
    raise RuntimeError("a remote query runs on the server")


class Session:
    """One connection to a server, on its own thread: requests and pushed messages.

    ``uri`` is ``ws://host:port`` (or ``wss://``). ``name`` and ``lang`` go in the hello.
    ``loop``: an event loop already running on another thread, shared with other sessions
    (the server's own, for its web players: no thread and loop each); by default the
    session runs a loop of its own on a thread of its own.
    """

    def __init__(self, uri: str, *, name: str, lang: str,
                 loop: asyncio.AbstractEventLoop | None = None,
                 headers: dict[str, str] | None = None) -> None:
        self.uri = uri
        self.headers = headers or {}
        """Sent with the connection's request (a web player's: its page's address)."""
        self.name = name
        self.lang = lang
        self._on_push: Callable[[Any, bool], None] | None = None
        """Called on the connection's thread with every message, and whether it answers a
        request (pushes come in the order the server sent them). Until one is attached,
        messages wait in ``_held`` (nothing between a ``joined`` and its table is lost)."""
        self._held: list[tuple[Any, bool]] = []
        self._push_lock = threading.Lock()
        self.on_state: Callable[[str, int], None] = lambda what, seconds: None
        """Called with "lost" or "back" when the connection changes, and with "still" and
        the seconds since the loss while it is being tried again."""
        self.token: str | None = None
        """The seat's reconnect token once a seat is taken (resumed with on reconnect)."""
        self.login_token = ""
        """The account's session (a kept one, or the last login's): said in every hello."""
        self.account = ""
        """The account logged in ("" for a guest)."""
        self.accounts = ""
        """The server's choice of accounts (``off``, ``optional``, ``required``; "" for a
        server of protocol 2, which has none)."""
        self.online = 0
        """How many people the welcome said are online."""
        self.motd = ""
        """The server's message of the day, said in the lobby."""
        self.held: Msg | None = None
        """Why the first hello gave no name (a registered name, accounts needed): the
        player logs in, registers or takes another name before anything else."""
        self.session_ended = False
        """The kept session sent in the first hello logs in no more (forget it)."""
        self.invitation: p.Invitation | None = None
        """The last invitation to a table (``accept`` in the lobby takes it)."""
        self.notices: list[Any] = []
        """Private lines, friends' comings and goings, lines kept while away, that came
        while no table was attached (in the lobby): said at its next prompt."""
        self.on_notice: Callable[[], None] = lambda: None
        """Called on the connection's thread when a notice is kept so (the lobby wakes)."""
        self.watching: str | None = None
        """The table watched as a spectator (watched again on reconnect)."""
        self.kicked = False
        """A moderator took this player from their table (the lobby clears it)."""
        self.banned: p.Moderated | None = None
        """The ban heard on this connection (its reason and end were said then)."""
        self.ended: list[Msg] = []
        """Shut out for good (a ban): the lines still to say, the last one last; the
        connection is not tried again."""
        self.last_seq = 0
        self._reqs = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._ws: Any = None
        self._ready = threading.Event()
        self._closing = False
        self._first: BaseException | None = None
        self._shared = loop is not None
        self.loop = loop if loop is not None else asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="a11y-games-net", daemon=True)
        self._main: asyncio.Task[None] | None = None

    # --- the connection thread -----------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> None:
        """Connect and say hello; ConnectionLost if the server does not answer."""
        if self._shared:
            def begin() -> None:
                self._main = self.loop.create_task(self._connection())

            self.loop.call_soon_threadsafe(begin)
        else:
            self.thread.start()
        if not self._ready.wait(timeout) or self._first is not None:
            self.close()
            if isinstance(self._first, ConnectionLost):  # the server's answer to hello
                raise ConnectionLost(self._first.msg)     # (a limit, another protocol)
            raise ConnectionLost(Msg("online.unreachable", address=self.uri))

    def _run(self) -> None:
        loop = self.loop
        asyncio.set_event_loop(loop)
        self._main = loop.create_task(self._connection())
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(self._main)
        with contextlib.suppress(Exception):
            loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()

    async def _connection(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        first = True
        still: asyncio.Task[None] | None = None  # while lost: "still reconnecting" now and then
        try:
            async for ws in connect(self.uri, max_size=2**20, open_timeout=5,
                                    additional_headers=self.headers,
                                    ping_interval=10, ping_timeout=20,
                                    reconnect_delays=_retry_delays):
                try:
                    await self._greet(ws, first)
                    self._ws = ws  # requests go out once the seat is taken back
                    if still is not None:
                        still.cancel()
                        still = None
                    if not first:
                        self.on_state("back", 0)
                    first = False
                    self._ready.set()
                    async for frame in ws:
                        self._receive(frame)
                except ConnectionClosed:
                    pass
                self._ws = None
                self._fail_waiting()
                if self._closing:
                    return
                if ws.close_code == 1008 and ws.close_reason == "net.error.banned":
                    self._end(self.banned)  # banned: no reconnection, the last line said
                    return
                self.on_state("lost", 0)
                still = asyncio.get_running_loop().create_task(self._still_trying())
        except (OSError, ValueError, ConnectionLost) as error:
            # the first connection failed (connect retries later ones), or a bad address
            if not first and isinstance(error, ConnectionLost):  # refused on the way back
                self._end(None, error.msg)  # (banned meanwhile): said, then the end
                return
            self._first = error
            self._ready.set()
        finally:
            if still is not None:
                still.cancel()

    def _end(self, ban: p.Moderated | None, why: Msg | None = None) -> None:
        """Shut out for good: ``why`` (a refusal not heard yet), then the last line (a
        ban: until when this player can no longer play here); ``on_state("ended")``
        tells the client, which stops."""
        when = _when(ban.until) if ban is not None and ban.until else ""
        until = why.params.get("until") if why is not None else None
        if isinstance(until, Msg) and until.id == "net.until.time":
            when = str(until.params.get("when", ""))
        last = Msg("online.banned.end.time", when=when) if when else \
            Msg("online.banned.end.forever")
        if why is not None and why.id != "net.error.banned":
            last = Msg("online.lost")  # refused for another reason: the connection ends
        self.ended = [*([why] if why is not None else []), last]
        self.on_state("ended", 0)

    async def _still_trying(self) -> None:
        """While the connection is lost: now and then, that it is still being tried."""
        loop = asyncio.get_running_loop()
        lost = loop.time()
        for mark in _still_trying_marks():
            await asyncio.sleep(max(0.0, lost + mark - loop.time()))
            if self._closing:
                return
            self.on_state("still", mark)

    async def _greet(self, ws: Any, first: bool) -> None:
        await ws.send(p.encode(p.Hello(protocol=p.PROTOCOL, name=self.name, lang=self.lang,
                                       session=self.login_token)))
        welcome = p.decode_server(await asyncio.wait_for(ws.recv(), REPLY_TIMEOUT))
        if isinstance(welcome, p.Error):
            if first and welcome.msg.id in HELD:  # the lobby logs in first
                self.held = welcome.msg
                self.accounts = "required" if welcome.msg.id.endswith("required") \
                    else "optional"  # (a server with accounts: its welcome comes later)
                self.session_ended = bool(self.login_token)
                self.login_token = ""
                return
            raise ConnectionLost(welcome.msg)
        if isinstance(welcome, p.Welcome):
            self.accounts, self.online = welcome.accounts, welcome.online
            self.motd = welcome.motd
            if self.login_token and not welcome.account:
                self.session_ended, self.login_token = True, ""
            if welcome.account:
                self.account = self.name = welcome.account
        if not first and self.token is not None:
            await ws.send(p.encode(p.Resume(token=self.token, last_seq=self.last_seq)))
        elif not first and self.watching is not None:
            await ws.send(p.encode(p.Watch(table=self.watching, last_seq=self.last_seq)))

    def _receive(self, frame: Any) -> None:
        try:
            message = p.decode_server(frame)
        except p.ProtocolError:
            return  # a frame of another version: nothing to say with it
        req = getattr(message, "req", None)
        future = self._waiting.pop(req, None) if req is not None else None
        if isinstance(message, p.EventMsg):
            self.last_seq = max(self.last_seq, message.seq)
        elif isinstance(message, p.Joined):
            self.last_seq = max(self.last_seq, message.seq)
            if message.token:
                self.token = message.token
        elif isinstance(message, p.LoggedIn):  # the next hello (a reconnection) logs in
            self.login_token, self.account, self.name = (message.session, message.account,
                                                         message.account)
            self.held = None
            self.motd = message.motd
        elif isinstance(message, p.LoggedOut):
            self.login_token = self.account = ""
        elif isinstance(message, p.Invitation):
            self.invitation = message
        elif isinstance(message, p.Moderated) and message.what == "kicked":
            self.kicked = True
        elif isinstance(message, p.Moderated) and message.what == "banned":
            self.banned = message
        elif isinstance(message, p.Welcome):
            self.held = None
            self.accounts, self.motd = message.accounts, message.motd
        with self._push_lock:
            if self._on_push is None and _for_anywhere(message):
                self.notices.append(message)  # the lobby's, not the next table's
                del self.notices[:-1000]
                self.on_notice()
            elif self._on_push is None:
                self._held.append((message, future is not None))
                del self._held[:-10_000]
            else:
                self._on_push(message, future is not None)
        if future is not None and not future.done():
            future.set_result(message)

    def _fail_waiting(self) -> None:
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(ConnectionLost(Msg("online.lost")))
                future.exception()  # retrieved: a prefetch nobody waits for is no error
        self._waiting.clear()

    # --- called from the client's thread ---------------------------------------------------
    def detach(self) -> None:
        """The table left (back at the lobby): messages wait again for the next table's
        ``attach`` (those between its ``joined`` and its table went to the old one)."""
        with self._push_lock:
            self._on_push = None
            self._held = []

    def attach(self, on_push: Callable[[Any, bool], None]) -> None:
        """Send every message from now on to ``on_push``, those held so far first."""
        with self._push_lock:
            self._on_push = on_push
            held, self._held = self._held, []
            for message, reply in held:
                on_push(message, reply)

    def _expect_answer(self, message: Any) -> asyncio.Future[Any]:
        """On the connection's thread: number ``message`` and wait for its answer."""
        message.req = next(self._reqs)
        future = self.loop.create_future()
        self._waiting[message.req] = future
        return future

    @property
    def connected(self) -> bool:
        """False while the connection is lost (until the seat is taken back)."""
        return self._ws is not None

    def request(self, message: Any, *, timeout: float = REPLY_TIMEOUT) -> Any:
        """Send ``message`` and wait for its answer; RequestRefused for an ``error``."""
        async def send() -> Any:
            if self._ws is None:
                raise ConnectionLost(Msg("online.lost"))
            future = self._expect_answer(message)
            try:
                await self._ws.send(p.encode(message))
            except Exception:
                self._waiting.pop(message.req, None)
                raise
            return await future

        try:
            answer = asyncio.run_coroutine_threadsafe(send(), self.loop).result(timeout)
        except TimeoutError as error:
            raise ConnectionLost(Msg("online.no_answer")) from error
        except ConnectionLost:
            raise
        except Exception as error:  # closed while sending
            raise ConnectionLost(Msg("online.lost")) from error
        if isinstance(answer, p.Error):
            raise RequestRefused(answer.msg)
        return answer

    def ask_soon(self, message: Any, done: Callable[[Any], None]) -> None:
        """From any thread: send ``message`` without waiting; ``done`` gets its answer on
        the connection's thread (nothing on an error or a lost connection)."""

        def send() -> None:
            if self._ws is None:
                return
            future = self._expect_answer(message)

            def finished(f: asyncio.Future[Any]) -> None:
                if not f.cancelled() and f.exception() is None \
                        and not isinstance(f.result(), p.Error):
                    done(f.result())

            future.add_done_callback(finished)
            sending = self.loop.create_task(self._ws.send(p.encode(message)))
            sending.add_done_callback(_lost_is_said)

        with contextlib.suppress(RuntimeError):  # the loop has closed
            self.loop.call_soon_threadsafe(send)

    def close(self) -> None:
        """Close the connection and end the thread (a shared loop goes on)."""
        self._closing = True
        running = self._main is not None if self._shared else self.thread.is_alive()
        if not running or self.loop.is_closed():
            return

        async def shut() -> None:
            if self._ws is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._ws.close(), 2)
            if self._main is not None:
                self._main.cancel()

        with contextlib.suppress(Exception):
            shutting = asyncio.run_coroutine_threadsafe(shut(), self.loop)
            if self._shared:
                shutting.result(3)
        if not self._shared:  # its loop stops as the connection ends: shut's result never
            self.thread.join(3)  # comes (a player's quit waited 3 s for it)


def _when(until: float) -> str:
    from a11y_games.ui.moderating import when_text

    return when_text(until)


def _lost_is_said(task: asyncio.Task[None]) -> None:
    """A send cut by a lost connection: the connection's end says it (not a traceback)."""
    if not task.cancelled():
        task.exception()


class RemoteTable:
    """A seat (or a spectator's chair) at a table held by a server."""

    local = False

    def __init__(self, session: Session, joined: p.Joined, specs: dict[str, GameSpec], *,
                 heard: int = 0) -> None:
        """``heard``: a client started again takes its seat back; the events up to this
        number were heard before (they go to the log unsaid), those after it were missed
        (counted, to the log)."""
        self.session = session
        self.info = joined.table
        self.seat = joined.seat
        self.you = joined.you
        self.spec = specs[self.info.game]
        self._specs = specs
        self._lock = threading.Condition()
        self._events: list[Event] = []
        self._pending: p.PendingMsg | None = None
        self._outcome: Outcome | None = None
        self.rated: list[Msg] = []
        """At a rated table's end: how this seat's rating moved (said with the end)."""
        self.quiet = bool(heard)
        """True while the events missed during a lost connection are caught up."""
        self.hushed: set[int] = set()
        """Indexes of the events caught up so: the log has them, the player hears a count."""
        self.on_thinking: Callable[[int], None] = lambda seat: None
        """Called on the connection's thread when a bot at the server searches a decision."""
        self.known_seq = heard
        self.history: set[int] = set()
        self.on_checkpoint: Callable[[int], None] = lambda seq: None
        """Called when the player is asked: remember how far this seat has heard."""
        self.changes = 0
        """Counts every push (a waiting loop sees whether something came)."""
        self.questions = 0
        """Counts the questions (``pending``, ``over``) received."""
        self._acked_at = 0
        self._acts = 0
        self._cache: dict[str, tuple[int, list[Msg]]] = {}
        """Answers asked ahead, with the question number they belong to."""
        self.kicked = False
        """A moderator took this seat (or chair) away: the player goes back to the lobby."""
        self.ended: Msg | None = None
        """Shut out of the server (a ban): the last line, its others noted before."""
        self.on_news: Callable[[bool], None] = lambda urgent: None
        """Called on the connection's thread when something arrived; ``urgent`` for a new
        question, arrivals and departures, and the connection lost or back (what may
        interrupt a question being answered; chat and votes counted wait)."""
        session.on_state = self._connection_state
        session.attach(self._push)  # last: held messages are taken now

    # --- what the server pushes --------------------------------------------------------------
    def _push(self, message: Any, reply: bool) -> None:
        if isinstance(message, p.Presence) and message.what == "thinking":
            if message.seat is not None:
                self.on_thinking(message.seat)  # no news: said only after a silence
            return
        with self._lock:
            before = self._pending
            self._take(message)
            if isinstance(message, p.Acked):
                self._acked_at = self.questions
            if not reply:
                self.changes += 1
            self._lock.notify_all()
        if not reply:
            self.on_news(self._urgent(message, before))

    def _urgent(self, message: Any, before: p.PendingMsg | None) -> bool:
        """News that may interrupt this seat's answer: a new question (not the one it is
        answering, sent again as others answer it: a vote), the end, comings and goings."""
        if isinstance(message, p.PendingMsg):
            return not (before is not None and self.seat in before.seats
                        and self.seat in message.seats and message.prompt == before.prompt
                        and message.race == before.race and message.choices == before.choices)
        return isinstance(message, (p.Over, p.Presence)) or (
            isinstance(message, p.Moderated) and message.what == "kicked")

    def _take(self, message: Any) -> None:
        if isinstance(message, p.EventMsg):
            if message.msg is not None:
                visible = frozenset({self.seat}) if message.private and self.seat is not None \
                    else None
                level = Verbosity(max(0, min(2, message.level)))
                if message.seq <= self.known_seq:
                    self.history.add(len(self._events))
                elif self.quiet:
                    self.hushed.add(len(self._events))
                self._events.append(Event(message.msg, visible, level, message.cause))
        elif isinstance(message, p.PendingMsg):
            self._pending = message
            self.quiet = False
            self.questions += 1
            if self.seat is not None and self.seat in message.seats:
                self._prefetch(self.questions)
        elif isinstance(message, p.Over):
            if self.quiet:
                self._say_the_end()
            self._outcome = Outcome(frozenset(message.winners), message.reason)
            self.rated = list(message.rated) or self.rated
            self._pending = None
            self.quiet = False
            self.questions += 1
        elif isinstance(message, (p.Started, p.TableUpdate)):
            self.info = message.table
        elif isinstance(message, p.Joined):
            self.info = message.table
            self.seat = message.seat
        elif isinstance(message, p.Progress):
            if message.done < message.of:  # all answered: the reveal says it
                self._note(Msg("online.progress", count=message.done, of=message.of))
        elif isinstance(message, p.Presence):
            own = message.seat == self.seat if message.seat is not None \
                else self.seat is None and message.name == self.you
            if own:
                return  # this seat's (or spectator's) own comings and goings are said apart
            self._note(self._presence_line(message), level=Verbosity.BRIEF)
        elif isinstance(message, _NOTICES):
            for line in notice_lines(message, self._specs):
                self._note(line, level=Verbosity.BRIEF)
            if isinstance(message, p.Moderated) and message.what == "kicked":
                self.kicked = True  # after its line: the client says it, then leaves
        elif isinstance(message, p.Chat):
            msg_id = f"online.chat.{message.channel}"
            if message.channel == "private" and message.to:
                msg_id = "online.chat.private_to"
            self._note(Msg(msg_id, name=message.sender, text=message.text, to=message.to or ""),
                       level=Verbosity.BRIEF)
        elif isinstance(message, p.Snapshot):
            # a spectator arriving at a long game has missed nothing: it is where things stand
            arriving = not message.missed or (self.seat is None and not self._events
                                              and not self.known_seq)
            self._note(Msg("online.snapshot_now") if arriving
                       else Msg("online.snapshot", count=message.missed))
            for line in [*message.status, *message.private]:
                self._note(line)

    def _presence_line(self, message: p.Presence) -> Msg:
        """Someone came or went; a connection lost mid-game says what follows, once."""
        if message.what == "lost" and self.info.started and not self.info.over:
            minutes = round(self.info.bot_delay / 60)
            if self.info.bot_delay > 0:
                return Msg("online.presence.lost_bot", name=message.name,
                           count=max(1, minutes))
            return Msg("online.presence.lost_now", name=message.name)
        return Msg(f"online.presence.{message.what}", name=message.name)

    def seat_state(self, seat: int) -> Msg | None:
        """A person's seat away from the table, in one sentence (None: playing)."""
        info = next((s for s in self.info.seats if s.seat == seat), None)
        if info is None or info.kind != "human" or info.connected or seat == self.seat:
            return None
        name = self.seat_name(seat)
        if info.bot_playing:
            return Msg("online.state.bot", name=name)
        return Msg("online.state.away", name=name)

    def _say_the_end(self) -> None:
        """The game ended while this seat was away: its last public lines of the table
        (the winning move's result, why it ended, the roles revealed) are said, not only
        counted; the turns before stay in the log."""
        index = len(self._events) - 1
        while index in self.hushed:
            event = self._events[index]
            if event.visible_to is not None or event.cause is not None:
                break
            self.hushed.discard(index)
            index -= 1

    PREFETCH = ("status", "private", "board")
    """Asked ahead when this seat is asked (what a player most often asks then): the
    answer is here when the command is typed, with no round trip."""

    def _prefetch(self, question: int) -> None:
        for what in self.PREFETCH:
            def keep(answer: Any, what: str = what) -> None:
                with self._lock:
                    self._cache[what] = (question, list(answer.lines))

            self.session.ask_soon(p.Ask(what=what), keep)  # type: ignore[arg-type]

    def _cached(self, what: str) -> list[Msg] | None:
        with self._lock:
            held = self._cache.get(what)
            return held[1] if held is not None and held[0] == self.questions else None

    def _note(self, msg: Msg, *, level: Verbosity = Verbosity.NORMAL) -> None:
        """A line of the table's own (chat, arrivals, votes counted) in the transcript."""
        self._events.append(Event(msg, None, level))

    @property
    def started(self) -> bool:
        return self.info.started

    def _connection_state(self, what: str, seconds: int) -> None:
        with self._lock:
            if what == "ended":  # the client says the last line as it stops (``removed``)
                for line in self.session.ended[:-1]:
                    self._note(line, level=Verbosity.BRIEF)
                self.ended = self.session.ended[-1]
            else:
                self._note(connection_news(what, seconds, seated=self.seat is not None),
                           level=Verbosity.BRIEF)
            if what == "back":
                self.quiet = True
                self._acts += 1  # the question is asked again, whole, once it is back
            self.changes += 1
            self._lock.notify_all()
        self.on_news(True)

    def wait(self, seen: int, timeout: float) -> int:
        """Block until something arrives after change number ``seen`` (or ``timeout``);
        returns the change number now."""
        with self._lock:
            self._lock.wait_for(lambda: self.changes != seen, timeout)
            return self.changes

    # --- who is who -------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str | Msg:
        name = self.info.names.get(seat)
        if name is None:
            name = next((s.name for s in self.info.seats if s.seat == seat), None)
        return name if name else Msg("core.seat.default", number=seat + 1)

    def seat_order(self) -> list[int]:
        return list(self.info.order) or [s.seat for s in self.info.seats]

    def humans(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    def is_human(self, seat: int) -> bool:
        return seat == self.seat

    def seat_kind(self, seat: int) -> str | None:
        info = next((s for s in self.info.seats if s.seat == seat), None)
        return None if info is None or info.kind == "free" else info.kind

    # --- the game now -----------------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        return self._events

    @property
    def log_length(self) -> int:
        """The decisions played from here: the same question is asked again only after
        this seat has answered it (others voting meanwhile do not repeat it)."""
        return self._acts

    def pending(self) -> Pending | None:
        pending = self._pending
        if pending is None:
            return None
        return Pending(tuple(pending.seats), pending.prompt, pending.race, pending.public,
                       pending.several)

    def pending_for(self, seat: int) -> Pending | None:
        """The server sends this seat its own question (``_pending_for``)."""
        return self.pending()

    def choices(self, seat: int) -> list[tuple[str, Msg]]:
        pending = self._pending
        if pending is None or seat != self.seat or seat not in pending.seats:
            return []
        return list(pending.choices)

    def act(self, seat: int, action: str) -> None:
        """Send the action; once stored, wait a moment for the question that follows it
        (its events come first), so that what the client says next is up to date; bots
        that take longer (strong ones) play on while the player waits at the prompt."""
        if not self.session.connected:  # surely not sent: the question is asked again
            raise ConnectionLost(Msg("online.not_sent"))
        try:
            self.session.request(p.Act(action=action))
        except RequestRefused as error:
            raise IllegalAction(error.msg) from None
        self._acts += 1
        with self._lock:
            if not self._lock.wait_for(lambda: self.questions > self._acked_at, NEXT_QUESTION):
                self._answered()

    def _answered(self) -> None:
        """No question followed this seat's answer at once (bots at the server decide on):
        the one answered is no longer this seat's, so it is not asked again (its answer
        refused: "not your turn"); the next comes as the server sends it."""
        pending = self._pending
        if pending is None or self.seat not in pending.seats:
            return
        others = [s for s in pending.seats if s != self.seat] or [
            s for s in self.seat_order() if s != self.seat]  # whoever the server waits for
        self._pending = msgspec.structs.replace(
            pending, seats=others, choices=[], several=False,
            prompt=Msg("net.waiting", count=len(others), players=[PlayerRef(s) for s in others]))

    def outcome(self) -> Outcome | None:
        return self._outcome

    def checkpoint(self) -> None:
        """The player is asked: what was said so far is heard (for a restarted client)."""
        self.on_checkpoint(self.session.last_seq)

    def over(self) -> bool:
        return self._outcome is not None or self.info.over

    def removed(self) -> bool:
        """True once a moderator took this seat away (the player goes back to the lobby);
        ConnectionLost with its last line once the server shut the player out (a ban)."""
        if self.ended is not None:
            raise ConnectionLost(self.ended)
        return self.kicked

    def next_bot(self) -> int | None:
        return None  # bots play on the server

    def thinks(self, seat: int) -> bool:
        return False  # the server's bots: its own setting

    def held_by_bot(self, seat: int) -> bool:
        """True if a bot plays a person's seat now (they lost the connection or left)."""
        return any(s.seat == seat and s.kind == "human" and s.bot_playing
                   for s in self.info.seats)

    def others_here(self) -> bool:
        """Another person holds a seat here and is connected (alone, the game waits)."""
        return any(s.kind == "human" and s.connected and s.seat != self.seat
                   for s in self.info.seats)

    def play_bot(self, seat: int) -> None:
        return None  # never asked (``next_bot`` is None): bots play on the server

    def race(self, human_times: dict[int, float]) -> None:
        return None  # the order of arrival at the server decides

    # --- views ------------------------------------------------------------------------------
    def _ask(self, what: str, **fields: str) -> list[Msg]:
        """The server's answer for this seat (one asked ahead, if it is still current); a
        refusal is said as its message."""
        if what in self.PREFETCH and not any(fields.values()):
            held = self._cached(what)
            if held:
                return held
        try:
            return list(self.session.request(p.Ask(what=what, **fields)).lines)  # type: ignore[arg-type]
        except RequestRefused as error:
            if what == "board" and "topic" in error.msg.id:
                raise UnknownTopic(fields["topic"]) from None
            return [error.msg]

    def status(self, seat: int | None) -> list[Msg]:
        return self._ask("status")

    def board(self, seat: int | None, topic: str) -> list[Msg]:
        return self._ask("board", topic=topic)

    def private(self, seat: int) -> list[Msg]:
        return self._ask("private")

    def queries(self) -> list[Query]:
        return [Query(q.name, q.help, _no_run, tuple(q.aliases), q.public)
                for q in self.info.queries]

    def run_query(self, query: Query, seat: int | None, argument: str) -> list[Msg]:
        return self._ask("query", name=query.name, arg=argument)

    def board_topics(self) -> tuple[Topic, ...]:
        return tuple(Topic(t.name, tuple(t.aliases)) for t in self.info.topics)

    def board_is_public(self) -> bool:
        return self.info.board_is_public

    def reference_card(self) -> list[Msg]:
        return []

    def leave(self) -> None:
        """Leave the table: a bot holds the seat until this player comes back."""
        with contextlib.suppress(RequestRefused, ConnectionLost):
            self.session.request(p.Leave(), timeout=5)

    # --- chat -------------------------------------------------------------------------------
    def say(self, text: str) -> Msg | None:
        """Chat to the table (spectators: to the spectators); a refusal's message, or None."""
        return self._chat(p.Say(text=text))

    def tell(self, name: str, text: str) -> Msg | None:
        return self._chat(p.Tell(to=name, text=text))

    def _chat(self, message: Any) -> Msg | None:
        try:
            self.session.request(message)
        except RequestRefused as error:
            return error.msg
        return None
