"""What one person may hold on the server: connections and waiting tables per address, the
time to say hello, wrong seat tokens, wrong passwords; and the table list's pages.

A person is a connection and its address. Connections of the web page's players come over
the server's own loopback listener (``address`` None here): the page's socket is the
person, so these limits do not count them. Tests and benchmarks that open hundreds of
connections from loopback raise the limits with ``A11Y_GAMES_LIMITS`` (``"connections=500
tables=100"``); the server reads it once, at its start.
"""

from __future__ import annotations

import os
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import TypeVar

from a11y_games.engine.messages import Msg
from a11y_games.net import protocol as p

T = TypeVar("T")

__all__ = ["ENVIRONMENT", "Doorman", "Limits", "Warden", "page_of"]

ENVIRONMENT = "A11Y_GAMES_LIMITS"
"""The environment variable that changes limits: ``name=value`` words (``Limits`` fields)."""


@dataclass(frozen=True)
class Limits:
    """The server's limits; each refusal has its own message."""

    hello: float = 10.0
    """Seconds a new connection has to say hello before it is closed."""
    connections: int = 50
    """Connections open at once from one address (loopback included)."""
    tables: int = 3
    """Tables not started that one address (or connection) has created and are still open."""
    tokens: int = 20
    """Wrong seat tokens one address may try in ``token_window`` seconds."""
    token_window: float = 60.0
    waiting: float = 30.0
    """Seconds a seat of a table not started is kept for a player whose connection dropped;
    then it is free, as if they had left (a table left with nobody closes)."""
    passwords: int = 10
    """Wrong passwords for one name (from anywhere) in ``password_window`` seconds; then
    its logins by password wait (a session kept on its owner's computer still logs in)."""
    passwords_address: int = 20
    """Wrong passwords from one address (any names) in ``password_window`` seconds."""
    password_window: float = 300.0
    registrations: int = 5
    """Accounts one address may register in ``registration_window`` seconds (each costs
    the server a password's hashing)."""
    registration_window: float = 3600.0
    letters: int = 50
    """Private lines kept for one absent account; more are refused."""
    page: int = 20
    """Tables in one page of the table list."""
    page_bytes: int = 48 * 1024
    """Largest page of the table list, encoded (under any client's frame limit)."""

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> Limits:
        """The defaults, changed by ``A11Y_GAMES_LIMITS`` (unknown or bad words ignored)."""
        env = os.environ if environ is None else environ
        known = {f.name: f.type for f in fields(cls)}
        changes: dict[str, float | int] = {}
        for word in env.get(ENVIRONMENT, "").replace(",", " ").split():
            name, _, value = word.partition("=")
            try:
                changes[name] = (int if known.get(name) == "int" else float)(value)
            except ValueError:
                continue
        return replace(cls(), **{k: v for k, v in changes.items() if k in known})


class Warden:
    """Counts, per address, what the limits bound; says each refusal on the console
    (once per address and limit every ``quiet`` seconds: a flood fills no disk)."""

    def __init__(self, limits: Limits, said: Callable[[Msg], None],
                 clock: Callable[[], float] = time.monotonic, quiet: float = 10.0) -> None:
        self.limits = limits
        self._said = said
        self._clock = clock
        self._quiet = quiet
        self._last_said: dict[tuple[str, str], float] = {}
        self.connections: Counter[str] = Counter()
        self._bad_tokens: dict[str, deque[float]] = {}
        self.created: dict[str, tuple[object, str]] = {}
        """Tables not started, by id: the connection and the address that created them."""

    def now(self) -> float:
        """The warden's clock (seconds, monotonic)."""
        return self._clock()

    def refused(self, address: str, msg: Msg) -> None:
        """One console line for a refusal, unless the same was said of ``address`` lately."""
        now = self._clock()
        key = (address, msg.id)
        if now - self._last_said.get(key, -self._quiet) < self._quiet:
            return
        if len(self._last_said) > 10_000:
            self._last_said.clear()
        self._last_said[key] = now
        self._said(msg)

    # --- connections ---------------------------------------------------------------------
    def arrive(self, address: str) -> bool:
        """A connection from ``address``: counted and True, or False past the limit."""
        if self.connections[address] >= self.limits.connections:
            self.refused(address, Msg("net.serve.refused.connections", address=address,
                                      count=self.limits.connections))
            return False
        self.connections[address] += 1
        return True

    def gone(self, address: str) -> None:
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]

    # --- waiting tables ------------------------------------------------------------------
    def may_create(self, connection: object, address: str,
                   waiting: Callable[[str], bool]) -> bool:
        """True if ``connection`` (from ``address``) may open one more table not started;
        ``waiting(table_id)`` tells whether a table is still open and not started."""
        for table_id in [t for t in self.created if not waiting(t)]:
            del self.created[table_id]
        mine = sum(1 for who, where in self.created.values()
                   if who is connection or where == address)
        if mine < self.limits.tables:
            return True
        self.refused(address, Msg("net.serve.refused.tables", address=address,
                                  count=self.limits.tables))
        return False

    def opened(self, table_id: str, connection: object, address: str) -> None:
        self.created[table_id] = (connection, address)

    # --- seat tokens ---------------------------------------------------------------------
    def may_try_token(self, address: str) -> bool:
        """False while ``address`` has tried ``tokens`` wrong tokens within the window."""
        tries = self._bad_tokens.get(address)
        if tries is None:
            return True
        now = self._clock()
        while tries and now - tries[0] > self.limits.token_window:
            tries.popleft()
        if not tries:
            del self._bad_tokens[address]
            return True
        if len(tries) < self.limits.tokens:
            return True
        self.refused(address, Msg("net.serve.refused.tokens", address=address,
                                  count=self.limits.tokens))
        return False

    def wrong_token(self, address: str) -> None:
        if len(self._bad_tokens) > 100_000:  # addresses by the thousand: forget the oldest
            self._bad_tokens.pop(next(iter(self._bad_tokens)))
        self._bad_tokens.setdefault(address, deque()).append(self._clock())


class Doorman:
    """Counts wrong passwords per name and per address; past either limit, logins by
    password wait for the window to pass, right ones too (an answer would tell a guesser
    it hit)."""

    def __init__(self, warden: Warden) -> None:
        self.warden = warden
        self._names: dict[str, deque[float]] = {}
        self._addresses: dict[str, deque[float]] = {}
        self._registered: dict[str, deque[float]] = {}

    def _recent(self, book: dict[str, deque[float]], key: str, window: float) -> int:
        tries = book.get(key)
        if tries is None:
            return 0
        now = self.warden.now()
        while tries and now - tries[0] > window:
            tries.popleft()
        if not tries:
            del book[key]
        return len(tries)

    def refusal(self, name: str, address: str | None, *,
                registering: bool = False) -> Msg | None:
        """Why a login as ``name`` from ``address`` (``registering``: a new account) may
        not be tried now, or None."""
        limits = self.warden.limits
        if registering:
            if address is None or self._recent(self._registered, address,
                                               limits.registration_window) < limits.registrations:
                return None
            self.warden.refused(address, Msg("net.serve.refused.registrations",
                                             address=address, count=limits.registrations))
            return Msg("net.error.too_many_registrations", count=limits.registrations,
                       minutes=max(1, round(limits.registration_window / 60)))
        minutes = max(1, round(limits.password_window / 60))
        key = name.casefold()
        if self._recent(self._names, key, limits.password_window) >= limits.passwords:
            self.warden.refused(address or "127.0.0.1", Msg(
                "net.serve.refused.passwords", name=name, count=limits.passwords,
                minutes=minutes))
            return Msg("net.error.too_many_passwords", name=name, count=limits.passwords,
                       minutes=minutes)
        if address is not None and self._recent(
                self._addresses, address, limits.password_window) >= limits.passwords_address:
            self.warden.refused(address, Msg(
                "net.serve.refused.passwords_address", address=address,
                count=limits.passwords_address, minutes=minutes))
            return Msg("net.error.too_many_passwords_address",
                       count=limits.passwords_address, minutes=minutes)
        return None

    def registered(self, address: str | None) -> None:
        """An account registered from ``address``: counted."""
        if address is not None:
            self._registered.setdefault(address, deque()).append(self.warden.now())

    def forgive(self, name: str, address: str | None) -> None:
        """A password counted wrong as it was tried proved right: no longer counted."""
        for book, key in ((self._names, name.casefold()), (self._addresses, address)):
            times = book.get(key) if key is not None else None
            if times:
                times.pop()

    def wrong(self, name: str, address: str | None) -> None:
        """A wrong password for ``name`` from ``address``: counted."""
        now = self.warden.now()
        for book, key in ((self._names, name.casefold()), (self._addresses, address)):
            if key is None:
                continue
            if len(book) > 100_000:  # by the thousand: forget the oldest
                book.pop(next(iter(book)))
            book.setdefault(key, deque()).append(now)


def page_of(tables: Iterable[T], start: int, limits: Limits,
            size: Callable[[T], int] | None = None) -> tuple[list[T], int]:
    """The page of ``tables`` from ``start``: at most ``limits.page`` tables and
    ``limits.page_bytes`` encoded; and how many tables follow it. ``size``: the bytes
    an item takes in its answer (by default a table's in ``table_list``)."""
    measure = size or (lambda info: len(p.encode(p.TableList(tables=[info]))))  # type: ignore[list-item]
    every = list(tables)
    page: list[T] = []
    total = 0
    for info in every[max(start, 0):]:
        total += measure(info)
        if len(page) >= limits.page or (page and total > limits.page_bytes):
            break
        page.append(info)
    return page, max(len(every) - max(start, 0) - len(page), 0)
