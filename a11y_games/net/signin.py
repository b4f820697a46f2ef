"""A connection's name: ``hello``, registering, logging in and out, changing a password.

A guest says hello with a name; a registered name is refused to a guest (its owner logs
in with the password, or with the session kept on their computer, sent in the hello); a
server that asks everyone to log in names no guest. Passwords are checked on a worker
thread (``Accounts``), so these requests are answered by a task of their own; wrong ones
are limited per name and per address (``Doorman``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from a11y_games import __version__
from a11y_games.engine.messages import Msg
from a11y_games.net import protocol as p
from a11y_games.net.accounts import Accounts
from a11y_games.net.limits import Doorman
from a11y_games.net.members import Refused, clean_name, same_name
from a11y_games.net.people import People
from a11y_games.net.storage import StorageError
from a11y_games.net.table import Table

__all__ = ["SERVER_NAME", "Caller", "SignIn"]

SERVER_NAME = f"a11y-games {__version__}"
_log = logging.getLogger("a11y_games.net")


class Caller(Protocol):
    """A connection, as signing in sees it."""

    name: str
    lang: str
    address: str | None
    table: Table | None
    protocol: int
    """The version its hello said (0: none yet)."""
    account: str
    session_hash: str
    held: Msg | None
    """Why it has no name yet, though it said hello (a registered name, accounts needed)."""

    def send(self, message: p.ServerMessage) -> None: ...
    def refuse(self, msg: Msg, req: int | None = None) -> None: ...
    def close(self, code: int, reason: str) -> None: ...


def _from(caller: Caller) -> str | Msg:
    """Where ``caller`` comes from, for the console: its address, or the web page."""
    return caller.address or Msg("net.serve.console.web")


class _Closed(Exception):
    """The connection was told why and closed: nothing more to answer."""


class SignIn:
    """Names and accounts of the server's connections. ``said``: a line for the console."""

    def __init__(self, accounts: Accounts, doorman: Doorman, people: People,
                 said: Callable[[Msg], None] = lambda msg: None) -> None:
        self.accounts = accounts
        self.doorman = doorman
        self.people = people
        self.said = said
        self.on_login: Callable[[Caller], None] = lambda caller: None
        """Called when a connection logs in as an account it was not (friends, letters)."""
        self.on_logout: Callable[[Caller, str], None] = lambda caller, account: None
        """Called when a connection logs out of ``account``."""
        self.barred: Callable[[str, str | None], Msg | None] = lambda name, address: None
        """Why a name (from an address) may not come in (a ban), or None."""
        self.role_of: Callable[[str], str] = lambda name: ""
        self.motd: Callable[[], str] = lambda: ""
        self._tasks: set[asyncio.Task[None]] = set()

    # --- hello ---------------------------------------------------------------------------
    def hello(self, caller: Caller, hello: p.Hello) -> None:
        """A name for ``caller``: a guest's, or the account its session logs in."""
        if not p.OLDEST <= hello.protocol <= p.PROTOCOL:
            newer = hello.protocol > p.PROTOCOL
            caller.send(p.Error(msg=Msg("net.error.protocol_newer" if newer
                                        else "net.error.protocol",
                                        theirs=hello.protocol, ours=p.PROTOCOL),
                                req=hello.req))
            caller.close(1002, "protocol version")
            return
        if caller.table is not None:
            raise Refused(Msg("net.error.at_table"))
        caller.protocol = hello.protocol
        caller.lang = hello.lang if hello.lang in ("en", "fr") else "en"
        name = clean_name(hello.name)
        self._not_barred(caller, name, hello.req)
        if hello.session and hello.protocol >= 3:
            found = self.accounts.by_session(hello.session)
            if found is not None:
                self._not_barred(caller, found[0], hello.req)
                arrived = self._logged_in(caller, *found)
                self.said(Msg("net.serve.console.session", name=caller.name,
                              address=_from(caller)))
                self._welcome(caller, hello.req)
                arrived()  # after the welcome: a client reads that first
                return
        if caller.account:
            if not same_name(name, caller.account):
                raise Refused(Msg("net.error.logged_in", name=caller.account))
            self._welcome(caller, hello.req)
            return
        old = hello.protocol < 3
        registered = self.accounts.registered(name)
        if registered is not None:
            self._hold(caller, Msg("net.error.name_registered_old", name=registered,
                                   ours=p.PROTOCOL, theirs=hello.protocol) if old
                       else Msg("net.error.name_registered", name=registered))
        if self.accounts.mode == "required":
            if old:  # it cannot log in: told why, and which version can
                caller.send(p.Error(msg=Msg("net.error.accounts_required_old",
                                            ours=p.PROTOCOL, theirs=hello.protocol),
                                    req=hello.req))
                caller.close(1008, "net.error.accounts_required_old")
                return
            self._hold(caller, Msg("net.error.accounts_required"))
        if not caller.name:
            self.said(Msg("net.serve.console.connected", name=name, address=_from(caller)))
        caller.name = name
        caller.held = None
        self._welcome(caller, hello.req)

    def _not_barred(self, caller: Caller, name: str, req: int | None) -> None:
        """A banned name or address: told why and until when, then closed."""
        why = self.barred(name, caller.address)
        if why is not None:
            caller.send(p.Error(msg=why, req=req))
            caller.close(1008, "net.error.banned")
            raise _Closed

    def _hold(self, caller: Caller, why: Msg) -> None:
        """No name for ``caller`` (a first hello), for ``why``; a name it had stays."""
        if not caller.name:
            caller.held = why
        raise Refused(why)

    def _welcome(self, caller: Caller, req: int | None) -> None:
        if caller.protocol < 3:  # the welcome of version 2, field for field
            caller.send(p.Welcome(protocol=caller.protocol, server=SERVER_NAME, req=req))
            return
        caller.send(p.Welcome(protocol=p.PROTOCOL, server=SERVER_NAME,
                              accounts=self.accounts.mode, account=caller.account,
                              online=self.people.count, motd=self.motd(),
                              role=self.role_of(caller.account) if caller.account else "",
                              req=req))

    def _logged_in(self, caller: Caller, account: str, session_hash: str
                   ) -> Callable[[], None]:
        """``caller`` is ``account`` now; returns what follows once it has been told so
        (friends hear it, lines kept for it are given)."""
        before = caller.account
        caller.account = account
        caller.session_hash = session_hash
        caller.name = account
        caller.held = None
        if same_name(before, account):
            return lambda: None

        def arrived() -> None:
            if before:
                self.on_logout(caller, before)
            self.on_login(caller)
        return arrived

    # --- accounts ------------------------------------------------------------------------
    def register(self, caller: Caller, request: p.Register) -> None:
        """A new account, and its first session."""
        self._may_sign_in(caller)
        name = clean_name(request.name)
        self._not_barred(caller, name, request.req)
        if any(other is not caller for other in self.people.using(name)):
            raise Refused(Msg("net.error.name_online", name=name))
        refusal = self.doorman.refusal(name, caller.address, registering=True)
        if refusal is not None:
            raise Refused(refusal)
        problem = self.accounts.password_problem(request.password, name)
        if problem is not None:
            raise Refused(problem)
        # counted as it starts: registrations sent together, before the first is hashed,
        # are each counted before the next is looked at
        self.doorman.registered(caller.address)

        async def register() -> None:
            account = await self.accounts.register(name, request.password)
            self._new_session(caller, account, request.req)
            self.said(Msg("net.serve.console.registered", name=account,
                          address=_from(caller)))
        self._run(caller, request.req, register())

    def login(self, caller: Caller, request: p.Login) -> None:
        """Log in by password: a new session (its token for the client to keep)."""
        self._may_sign_in(caller)
        refusal = self.doorman.refusal(request.name, caller.address)
        if refusal is not None:
            raise Refused(refusal)
        self._not_barred(caller, request.name.strip(), request.req)
        # counted wrong as it starts (forgiven if right): guesses sent together, before the
        # first is checked, are each counted before the next is looked at
        self.doorman.wrong(request.name, caller.address)

        async def login() -> None:
            account = await self.accounts.check(request.name, request.password)
            if account is not None:
                self.doorman.forgive(request.name, caller.address)
            else:
                self.said(Msg("net.serve.console.wrong_password",
                              name=clean_name(request.name) if request.name.strip()
                              else "?", address=_from(caller)))
                raise Refused(Msg("net.error.login_wrong"))
            self._new_session(caller, account.name, request.req)
            self.said(Msg("net.serve.console.logged_in", name=account.name,
                          address=_from(caller)))
        self._run(caller, request.req, login())

    def logout(self, caller: Caller, request: p.Logout) -> None:
        """This connection's session ends; it says hello again before anything else."""
        if not caller.account:
            raise Refused(Msg("net.error.not_logged_in"))
        if caller.table is not None:
            raise Refused(Msg("net.error.at_table"))
        self.accounts.end_session(caller.session_hash)
        self.said(Msg("net.serve.console.logged_out", name=caller.account))
        account = caller.account
        caller.account = caller.session_hash = caller.name = ""
        self.on_logout(caller, account)
        caller.held = None
        caller.send(p.LoggedOut(req=request.req))

    def password(self, caller: Caller, request: p.Password) -> None:
        """A new password: every session of the account ends, this one gets a new one."""
        account = caller.account
        if not account:
            raise Refused(Msg("net.error.not_logged_in"))
        refusal = self.doorman.refusal(account, caller.address)
        if refusal is not None:
            raise Refused(refusal)

        async def change() -> None:
            try:
                await self.accounts.change(account, request.old, request.new)
            except Refused as refused:
                if refused.msg.id == "net.error.password_wrong":
                    self.doorman.wrong(account, caller.address)
                raise
            self._new_session(caller, account, request.req)
            self.said(Msg("net.serve.console.password", name=account))
        self._run(caller, request.req, change())

    def _may_sign_in(self, caller: Caller) -> None:
        if not caller.protocol:
            raise Refused(Msg("net.error.hello_first"))
        if caller.table is not None:
            raise Refused(Msg("net.error.at_table"))
        if not self.accounts.on:
            raise Refused(Msg("net.error.accounts_off"))

    def _new_session(self, caller: Caller, account: str, req: int | None) -> None:
        """``caller`` is logged in as ``account`` with a new session (a previous one of
        this connection ends: its client keeps the new token instead)."""
        if caller.session_hash:
            self.accounts.end_session(caller.session_hash)
        token, digest = self.accounts.open_session(account)
        arrived = self._logged_in(caller, account, digest)
        caller.send(p.LoggedIn(account=account, session=token, role=self.role_of(account),
                               motd=self.motd(), req=req))
        arrived()

    def _run(self, caller: Caller, req: int | None, work: Coroutine[Any, Any, None]) -> None:
        """Answer a request by a task (a password is checked on a worker thread)."""
        async def guarded() -> None:
            try:
                await work
            except Refused as refused:
                caller.refuse(refused.msg, req)
            except StorageError:
                _log.exception("storage failed while signing in")
                caller.send(p.Error(msg=Msg("net.error.storage"), req=req))
            except Exception:
                _log.exception("while signing in")
                caller.send(p.Error(msg=Msg("net.error.internal"), req=req))

        task = asyncio.get_running_loop().create_task(guarded())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
