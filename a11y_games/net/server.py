"""The table server: one asyncio process, WebSocket connections, the lobby and its tables.

Each connection says ``hello`` first, then lists, creates, joins, watches or resumes a
table and plays there. Frames that do not decode, unknown types and wrong fields are
answered with an ``error`` and the connection stays; a flood of them closes it. Replies
are queued synchronously (no task per message) and each connection's frames of one turn
of the event loop leave in one write; a client that stops reading while its buffer grows
past :data:`WRITE_LIMIT` is closed (it resumes its seat by token when it comes back).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import random
import signal
import ssl
import time
from collections import deque
from collections.abc import Callable
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import msgspec
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from a11y_games.engine.messages import Msg
from a11y_games.engine.spec import GameSpec
from a11y_games.net import protocol as p
from a11y_games.net.accounts import Accounts
from a11y_games.net.friends import Friendships
from a11y_games.net.limits import Doorman, Limits, Warden, page_of
from a11y_games.net.lobby import Lobby
from a11y_games.net.members import Refused
from a11y_games.net.memory import quiet_collections, tidy
from a11y_games.net.moderation import Moderation
from a11y_games.net.outbox import Outbox
from a11y_games.net.people import People
from a11y_games.net.played import Replays, SeatReplay
from a11y_games.net.proxies import FORWARDED_FOR, TrustedProxies
from a11y_games.net.rating import TableRatings
from a11y_games.net.signin import SignIn, _Closed
from a11y_games.net.storage import SqliteStorage, Storage, StorageError
from a11y_games.net.table import RATED_PROTOCOL, Seat, Table
from a11y_games.ratings import RatingBook

__all__ = ["Connection", "TableServer", "run"]

MAX_FRAME = 64 * 1024
"""Largest frame a client may send; a bigger one closes the connection (code 1009)."""
CHAT_BURST = 5
CHAT_WINDOW = 10.0
"""At most CHAT_BURST lines of chat per connection in CHAT_WINDOW seconds."""
MESSAGE_BURST = 3000
MESSAGE_WINDOW = 10.0
"""At most MESSAGE_BURST messages of any kind per connection in MESSAGE_WINDOW seconds
(a person sends a few a minute; a scripted test client up to a few hundred a second)."""
BAD_BURST = 20
BAD_WINDOW = 10.0
"""More than BAD_BURST refused frames in BAD_WINDOW seconds closes the connection."""
LOOPBACK_FRAME = 16 * 1024 * 1024
"""Bytes of a frame on the loopback listener: a worker's batch of its pages' lines."""
WEB_PATH = "/web"
"""The web pages' WebSocket (a path ending so: behind a proxy, under a path of its own);
every other path speaks the table protocol."""
_log = logging.getLogger("a11y_games.net")


class Connection(Outbox):
    """One client: its name and language, the table it is at, its limits."""

    def __init__(self, ws: ServerConnection, server: TableServer,
                 clock: Callable[[], float] = time.monotonic, address: str | None = None
                 ) -> None:
        super().__init__(ws, clock)
        self.server = server
        self.address = address
        """The peer's address; None on the web players' own listener (not limited by it)."""
        self.name = ""
        self.lang = "en"
        self.protocol = 0
        """The version its hello said (0: none yet)."""
        self.account = ""
        """The account it is logged in as ("" for a guest)."""
        self.session_hash = ""
        self.held: Msg | None = None
        """Why it has no name though it said hello (net/signin.py)."""
        self.table: Table | None = None
        self.replay: SeatReplay | None = None
        """The finished game this person goes over, if any."""
        self.replay_asked: asyncio.Task[None] | None = None
        """Its last replay request (``net.played.Replays``): the next is answered after."""
        self.replays_waiting = 0
        self.finished: Table | None = None
        """The table whose game this person played to its end, then left: told when they
        open the next one (the others there may follow)."""
        self._chat: deque[float] = deque()
        self._bad: deque[float] = deque()
        self._all: deque[float] = deque()

    # --- Member --------------------------------------------------------------------------------
    def send(self, message: p.ServerMessage) -> None:
        self.send_frame(p.encode(message))

    def replaced(self) -> None:
        """Another connection resumed this seat: say so and go."""
        self.send(p.Error(msg=Msg("net.error.replaced")))
        self.table = None
        self.close(1000, "replaced")

    # --- limits -------------------------------------------------------------------------------
    def refuse(self, msg: Msg, req: int | None = None) -> None:
        """An error for the client; too many in a row and the connection closes."""
        self.send(p.Error(msg=msg, req=req))
        if not self.within(self._bad, BAD_BURST, BAD_WINDOW):
            self.close(1008, msg.id)  # the close frame says why too (answers may be dropped)

    # --- receiving ----------------------------------------------------------------------------
    def receive(self, frame: str | bytes) -> None:
        if not self.within(self._all, MESSAGE_BURST, MESSAGE_WINDOW):
            self.refuse(Msg("net.error.too_fast"))
            return
        try:
            message = p.decode_client(frame)
        except p.ProtocolError:
            self.refuse(Msg("net.error.bad_message"))
            return
        req = getattr(message, "req", None)
        try:
            self.handle(message)
        except _Closed:
            pass
        except Refused as refused:
            self.refuse(refused.msg, req)
        except StorageError:
            _log.exception("storage failed while handling %s", type(message).__name__)
            self.send(p.Error(msg=Msg("net.error.storage"), req=req))
        except Exception:  # a bug (a game's query on an odd argument): told, logged, served on
            _log.exception("while handling %s from %r", type(message).__name__, self.name)
            self.send(p.Error(msg=Msg("net.error.internal"), req=req))

    def handle(self, message: p.ClientMessage) -> None:
        lobby = self.server.lobby
        signin = self.server.signin
        if isinstance(message, p.Hello):
            signin.hello(self, message)
        elif isinstance(message, p.Login):
            signin.login(self, message)
        elif isinstance(message, p.Register):
            signin.register(self, message)
        elif not self.name:
            raise Refused(self.held or Msg("net.error.hello_first"))
        elif isinstance(message, p.Logout):
            signin.logout(self, message)
        elif isinstance(message, p.Password):
            signin.password(self, message)
        elif isinstance(message, p.Who):
            self.send(self.server.people.who(message.req))
        elif isinstance(message, p.Friend):
            self.server.friends.befriend(self, message)
        elif isinstance(message, p.Friends):
            self.send(self.server.friends.friend_list(self, message.req))
        elif isinstance(message, p.Announce):
            self.server.friends.announce(self, message)
        elif isinstance(message, p.Block):
            self.server.friends.block(self, message)
        elif isinstance(message, p.Blocks):
            self.send(self.server.friends.block_list(self, message.req))
        elif isinstance(message, p.Invite):
            self.server.friends.invite(self, message)
        elif isinstance(message, p.Moderate):
            self.server.moderation.act(self, message)
        elif isinstance(message, p.ModLog):
            self.send(self.server.moderation.log(self, message.req))
        elif isinstance(message, p.Tell) and not self._at_table_with(message.to):
            self._chat_flood()
            self.server.friends.tell(self, message.to, message.text)  # anywhere on the server
            self.send(p.Acked(req=message.req))
        elif isinstance(message, p.ListTables):
            self.send(self._table_page(message))
        elif isinstance(message, (p.History, p.ReplayOpen, p.ReplayAsk)):
            self.server.replays.request(self, message)  # logs replayed off the loop, in order
        elif isinstance(message, p.Ratings):
            self.send(self.server.ratings.answer(self.account, message))
        elif isinstance(message, p.Create):
            if message.rated and self.server.ratings.book is None:
                raise Refused(Msg("net.error.rated_off"))
            self._free()
            self._may_create()
            self.table = lobby.create(self, message, self.lang)
            self.server.warden.opened(self.table.id, self, self.address or "")
            finished, self.finished = self.finished, None
            if finished is not None:
                finished.next_opened(self.name, self.table)
        elif isinstance(message, p.Join):
            self._free()
            table = lobby.find(message.table, message.code)
            table.sit(self, message.seat, message.req)
            self.table = table
        elif isinstance(message, p.Watch):
            self._free()
            table = lobby.find(message.table, message.code)
            table.watch(self, message.req, message.last_seq)
            self.table = table
        elif isinstance(message, p.Resume):
            table, seat = self._by_token(message.token)
            held = self.table.seat_of(self) if self.table is not None else None
            if held is not None and held is not seat:
                raise Refused(Msg("net.error.one_seat"))  # else lost, it stays "connected"
            if held is None:
                self._free()  # a spectator stops watching
            self.name = seat.record.name  # the seat's name, whatever hello said
            self.table = table
            table.resume(self, seat, message.token, message.last_seq, message.req)
        elif isinstance(message, p.Leave):
            self._leave()
            self.send(p.Left(req=message.req))
        else:
            self._at_table(message)

    def _at_table(self, message: p.ClientMessage) -> None:
        table = self.table
        if table is None:
            raise Refused(Msg("net.error.no_table_joined"))
        if isinstance(message, p.Start):
            table.start(self)  # refused with an error, or started: then acknowledged
            self.send(p.Acked(req=message.req))
        elif isinstance(message, p.Act):
            table.act(self, message.action, message.req)
        elif isinstance(message, p.Ask):
            self.send(table.ask(self, message))
        elif isinstance(message, (p.Say, p.Tell)):
            self._chat_flood()
            if isinstance(message, p.Say):
                table.say(self, message.text)
            else:
                self.server.friends.may_reach(self, message.to)  # blocks hold at a table too
                table.tell(self, message.to, message.text)
            self.send(p.Acked(req=message.req))

    def _chat_flood(self) -> None:
        self.server.moderation.may_speak(self)  # muted: refused, with why and until when
        if not self.within(self._chat, CHAT_BURST, CHAT_WINDOW):
            raise Refused(Msg("net.error.chat_flood", count=CHAT_BURST,
                              seconds=int(CHAT_WINDOW)))

    def _at_table_with(self, name: str) -> bool:
        """True if someone named ``name`` is at this connection's table (a tell stays
        the table's: a spectator still cannot write to a player during a game)."""
        return self.table is not None and self.table.member_named(name) is not None

    # --- the limits (net/limits.py) -----------------------------------------------------------
    def _table_page(self, request: p.ListTables) -> p.TableList:
        """A page of the table list (of one game, or with a free seat, when asked)."""
        lobby = self.server.lobby
        game = lobby.spec_named(request.game).name if request.game else ""
        tables = [t for t in lobby.listing() if (not game or t.game == game) and (
            not request.joinable or (not t.started and any(s.kind == "free" for s in t.seats)))]
        if self.protocol < RATED_PROTOCOL:  # a word it does not know: never sent
            tables = [msgspec.structs.replace(t, rated=False) for t in tables]
        page, more = page_of(tables, request.start or 0, self.server.warden.limits)
        return p.TableList(tables=page, more=None if request.start is None else more,
                           req=request.req)

    def _may_create(self) -> None:
        warden = self.server.warden
        lobby = self.server.lobby

        def waiting(table_id: str) -> bool:
            table = lobby.tables.get(table_id)
            return table is not None and not table.record.started
        if self.address is not None and not warden.may_create(self, self.address, waiting):
            raise Refused(Msg("net.error.too_many_tables", count=warden.limits.tables))

    def _by_token(self, token: str) -> tuple[Table, Seat]:
        """The seat of ``token``; wrong tokens from one address are limited."""
        warden = self.server.warden
        if self.address is not None and not warden.may_try_token(self.address):
            raise Refused(Msg("net.error.too_many_tokens", count=warden.limits.tokens,
                              seconds=int(warden.limits.token_window)))
        try:
            return self.server.lobby.by_token(token)
        except Refused:
            if self.address is not None:
                warden.wrong_token(self.address)
            raise

    def hello_late(self) -> None:
        """No hello within the limit: told, closed, said on the console."""
        if self.protocol or self.closing:
            return
        seconds = self.server.warden.limits.hello
        self.send(p.Error(msg=Msg("net.error.hello_late", count=int(seconds))))
        self.close(1008, "net.error.hello_late")
        self.server.warden.refused(self.address or "127.0.0.1", Msg(
            "net.serve.refused.hello", address=self.address or "127.0.0.1",
            count=int(seconds)))

    def _free(self) -> None:
        """Before sitting elsewhere: a spectator stops watching; a seated player must leave."""
        table = self.table
        if table is None:
            return
        if table.seat_of(self) is not None:
            raise Refused(Msg("net.error.at_table"))
        self._leave()

    def _leave(self) -> None:
        table, self.table = self.table, None
        if table is not None and table.record.over and table.seat_of(self) is not None:
            self.finished = table
        if table is not None:
            table.leave(self)
            self.server.lobby.drop_if_abandoned(table)

    def lost(self) -> None:
        """The connection is gone."""
        if self.name:
            self.server.events(Msg("net.serve.console.gone", name=self.name))
        table, self.table = self.table, None
        if table is not None:
            seat = table.seat_of(self)
            table.lost(self)
            self.server.lobby.drop_if_abandoned(table)
            if seat is not None and not table.record.started:
                self.server.release_later(table, seat)


class TableServer:
    """The lobby, its storage, and the WebSocket handler; with ``web``, the web page and
    its players too (:mod:`a11y_games.web`)."""

    def __init__(self, specs: dict[str, GameSpec], storage: Storage,
                 *, seed: int | None = None, think: float | None = None,
                 web: bool = False, web_workers: int = 1, limits: Limits | None = None,
                 accounts: Accounts | None = None,
                 said: Callable[[Msg], None] = lambda msg: None,
                 events: Callable[[Msg], None] = lambda msg: None,
                 proxies: TrustedProxies | None = None) -> None:
        self.storage = storage
        self.proxies = proxies or TrustedProxies()
        """Whose ``X-Forwarded-For`` names the player (``serve --trusted-proxy``)."""
        self.warden = Warden(limits or Limits.from_environ(), said)
        """The limits per address and connection (``said``: a refusal, on the console)."""
        self.events = events
        """A line for the console of what happens (who comes, logs in, leaves; tables
        created, started, over): ``serve --quiet`` says none."""
        self.people = People()
        self.signin = SignIn(accounts or Accounts(None, "off"), Doorman(self.warden),
                             self.people, events)
        signin = self.signin
        self.friends = Friendships(signin.accounts.store, signin.accounts,  # type: ignore[arg-type]
                                   self.people, self.warden.limits.letters)
        signin.on_login = self.friends.arrived  # type: ignore[assignment]
        signin.on_logout = self.friends.gone  # type: ignore[assignment]
        self.moderation = Moderation(signin.accounts.store, self.people,  # type: ignore[arg-type]
                                     self._unseat, events)
        signin.barred = self.moderation.barred
        signin.role_of = self.moderation.role
        signin.motd = lambda: self.moderation.motd
        draws = random.Random(seed) if seed is not None else None
        self.lobby = Lobby(specs, storage, think=think, said=events,
                           seed=None if draws is None else lambda: draws.getrandbits(48))
        connection = getattr(storage, "connection", None)
        self.ratings = TableRatings(
            RatingBook(connection) if signin.accounts.on and connection is not None else None,
            lambda game: self.lobby.spec_named(game).name)
        self.lobby.on_over = self.ratings.over
        self.replays = Replays(storage, specs, lambda: self.warden.limits)
        self.connections = 0
        self.gateway: Any = None
        if web:
            from a11y_games.web.gateway import Gateway

            self.gateway = Gateway(web_workers)

    def process_request(self, connection: ServerConnection, request: Request) -> Any:
        """Plain GETs: the web page's files (404 without ``web``); a page's WebSocket only
        from the page's own address (its Origin is this Host)."""
        upgrade = "websocket" in request.headers.get("Upgrade", "").lower()
        route = urlsplit(request.path).path
        if not upgrade:
            if self.gateway is None:
                return connection.respond(HTTPStatus.NOT_FOUND, "Not found.\n")
            from a11y_games.web.page import HEADERS, respond

            page = respond(request.path, request.headers.get("Accept-Language"))
            headers = Headers({**HEADERS, "Content-Type": page.content_type,
                               "Content-Length": str(len(page.body))})
            return Response(page.status, HTTPStatus(page.status).phrase, headers, page.body)
        if route.endswith(WEB_PATH):
            origin = request.headers.get("Origin")
            if self.gateway is None:
                return connection.respond(HTTPStatus.NOT_FOUND, "Not found.\n")
            if origin is None or urlsplit(origin).netloc != request.headers.get("Host"):
                from a11y_games.web.page import refused

                return connection.respond(HTTPStatus.FORBIDDEN, refused(
                    request.path, request.headers.get("Accept-Language")))
        return None

    async def handler(self, ws: ServerConnection, inner: bool = False) -> None:
        """A connection; ``inner``: on the web players' own loopback listener, where one
        address is every web player (the page's socket is the person)."""
        address = _peer_of_page(ws) if inner else self.proxies.client(
            _address(ws), ws.request.headers.get_all(FORWARDED_FOR) if ws.request else [])
        counted = None if inner else address  # a web player: its page is what is counted
        route = urlsplit(ws.request.path)
        if inner and self.gateway is not None and route.path == p.HOST_PATH:
            await self.gateway.host(ws, parse_qs(route.query).get("key", [""])[0])
            return
        if self.gateway is not None and route.path.endswith(WEB_PATH):
            await self._page(ws, address)
            return
        if counted is not None and not self.warden.arrive(counted):
            with contextlib.suppress(ConnectionClosed):  # told why (a client reads it as
                await ws.send(p.encode(p.Error(msg=Msg(  # the answer to its hello)
                    "net.error.too_many_connections", count=self.warden.limits.connections))
                    ).decode())
            await ws.close(1008, "net.error.too_many_connections")
            return
        connection = Connection(ws, self, address=address)
        self.connections += 1
        self.people.arrived(connection)
        late = asyncio.get_running_loop().call_later(self.warden.limits.hello,
                                                     connection.hello_late)
        try:
            async for frame in ws:
                connection.receive(frame)
        except ConnectionClosed:
            pass
        finally:
            late.cancel()
            self.connections -= 1
            self.people.gone(connection)
            if connection.account:
                self.friends.gone(connection, connection.account)
            if counted is not None:
                self.warden.gone(counted)
            connection.lost()

    async def _page(self, ws: ServerConnection, address: str | None) -> None:
        """A web page's socket: a person, counted at its address like a connection (its
        player's own connection, on the loopback listener, is not)."""
        if address is not None and not self.warden.arrive(address):
            await ws.close(1008, "net.error.too_many_connections")
            return
        try:
            await self.gateway.page(ws, address)
        finally:
            if address is not None:
                self.warden.gone(address)

    def _unseat(self, connection: Connection) -> None:  # type: ignore[override]
        """Kicked: out of their table; a seat during a game goes to a bot for good (its
        token no longer takes it back)."""
        table = connection.table
        if table is None:
            return
        seat = table.seat_of(connection)
        connection._leave()
        if seat is not None and table.record.started:
            seat.record.token_hash = ""
            table.storage.save_table(table.record)

    def release_later(self, table: Table, seat: Seat) -> None:
        """A seat of a table not started, whose connection dropped: freed after the limit
        unless its player resumes it first (the start or a resume cancels the timer); a
        table left with nobody closes."""
        def release() -> None:
            table.release(seat)
            self.lobby.drop_if_abandoned(table)
        seat.cancel_timer()
        seat.timer = asyncio.get_running_loop().call_later(self.warden.limits.waiting, release)

    def release_restored(self) -> None:
        """After a restart: the seats of tables not started wait as if just lost."""
        for table in list(self.lobby.tables.values()):
            if not table.record.started:
                for seat in table.seats:
                    if seat.record.kind == "human" and seat.member is None:
                        self.release_later(table, seat)


def default_web_workers() -> int:
    """Worker processes for the web players: one per core, at most 4 (measured on 2 cores:
    500 web players' p99 93 ms with 2, 120 ms with 1; docs/benchmarks.md)."""
    return min(4, max(1, os.cpu_count() or 1))


def _peer_of_page(ws: ServerConnection) -> str | None:
    """On the loopback listener: the address of the page a web player's connection is for
    (said by the gateway's worker; this listener is reachable from this machine only), so
    that bans and the limits on logins and registrations hold for web players too."""
    text = ws.request.headers.get(p.PEER_HEADER, "") if ws.request else ""
    return text[:64] or None


def _address(ws: ServerConnection) -> str:
    """The peer's address (host only; the port changes with each connection)."""
    peer = ws.remote_address
    return str(peer[0]) if isinstance(peer, tuple) and peer else str(peer or "?")


async def _sweep(lobby: Lobby, every: float = 60.0, full_every: int = 60) -> None:
    """Once a minute: forget the tables nobody will play, then tidy the memory
    (:mod:`a11y_games.net.memory`)."""
    await tidy(every, full_every, lobby.sweep)


def _tls(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    if not certfile:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile or None)
    return context


async def serve_forever(server: TableServer, host: str, port: int, *,
                        tls: ssl.SSLContext | None,
                        listening: Callable[[str], None]) -> None:
    """Serve until SIGTERM or SIGINT; ``listening`` gets the address once bound."""
    loop = asyncio.get_running_loop()
    stop = loop.create_future()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))
    restored = server.lobby.restore()  # said once listening (the first line says where)
    server.release_restored()
    quiet_collections()  # modules, caches and restored tables: never scanned again
    async with serve(server.handler, host, port, max_size=MAX_FRAME, ssl=tls,
                     compression=None, close_timeout=2,
                     process_request=server.process_request) as ws_server:
        bound: Any = next(iter(ws_server.sockets)).getsockname()
        scheme = "wss" if tls is not None else "ws"
        shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
        tasks = [loop.create_task(_sweep(server.lobby))]
        async with contextlib.AsyncExitStack() as stack:
            if server.gateway is not None:
                # the web players' clients sit at this server as terminal players do, over
                # a connection of their own on loopback (never seen from outside)
                inner = await stack.enter_async_context(serve(
                    functools.partial(server.handler, inner=True), "127.0.0.1", 0,
                    max_size=LOOPBACK_FRAME, compression=None, close_timeout=2))
                inner_port = next(iter(inner.sockets)).getsockname()[1]
                server.gateway.uri = f"ws://127.0.0.1:{inner_port}"
                server.gateway.loop = loop
            listening(f"{scheme}://{shown}:{bound[1]}")
            if restored:
                server.events(Msg("net.serve.console.restored", count=restored))
            await stop
            for task in tasks:
                task.cancel()
            if server.gateway is not None:
                server.gateway.close()
                await server.gateway.closed()


def run(specs: dict[str, GameSpec], *, host: str, port: int, data: Path,
        certfile: str | None = None, keyfile: str | None = None, durable: bool = False,
        seed: int | None = None, think: float | None = None, web: bool = True,
        web_workers: int | None = None, accounts: str = "optional", admin: str = "",
        proxies: TrustedProxies | None = None,
        listening: Callable[[str], None] = lambda url: None,
        said: Callable[[Msg], None] = lambda msg: None,
        events: Callable[[Msg], None] = lambda msg: None) -> None:
    """``a11y-games serve``: open the storage, replay unfinished tables, serve.

    ``seed`` makes every table's seed a draw from it (tests and benchmarks only: whoever
    knows it knows every deal). ``think``: seconds each strong bot takes a decision.
    ``web``: the same port serves the web page (``/``) and its players (``/web``), whose
    clients run in ``web_workers`` processes (None: one per core, at most 4; 0: in this one).
    ``said``: a line for the console (a connection refused by a limit); ``events``: one
    of what happens (who comes and goes, tables: none with ``--quiet``). ``accounts``:
    ``off``, ``optional`` or ``required`` (net/accounts.py). ``proxies``: whose
    ``X-Forwarded-For`` names the player (net/proxies.py)."""
    storage = SqliteStorage(data / "tables.sqlite3", durable=durable)
    try:
        workers = default_web_workers() if web_workers is None else web_workers
        server = TableServer(specs, storage, seed=seed, think=think, web=web,
                             web_workers=workers, said=said, events=events,
                             accounts=Accounts(storage, accounts), proxies=proxies)
        appointed = Msg("net.serve.admin" if server.moderation.appoint(admin)
                        else "net.serve.admin_unknown", name=admin) if admin else None

        def listening_then(url: str) -> None:  # where first; then the first admin named
            listening(url)
            if appointed is not None:
                said(appointed)
        asyncio.run(serve_forever(server, host, port, tls=_tls(certfile, keyfile),
                                  listening=listening_then))
    finally:
        storage.close()
