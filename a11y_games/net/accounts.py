"""Accounts: a name registered with a password, and sessions that keep a computer logged in.

Passwords are hashed with argon2id (argon2-cffi's defaults: RFC 9106's second recommended
setting, 64 MiB and 3 passes) on a worker thread, so the server answers everyone else
meanwhile; only the hash is stored, and a password is never logged, stored or sent back.
A name nobody registered is checked against a hash all the same, so the time an answer
takes tells nothing. A session is a random token (256 bits) given to its client once; the
server keeps its SHA-256 hash only. Changing a password ends every session of the account;
logging out ends the one.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Protocol

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from a11y_games.engine.messages import Msg
from a11y_games.net.members import Refused, clean_name, hash_token
from a11y_games.net.storage import AccountRecord

__all__ = ["MODES", "AccountStore", "Accounts"]

MODES = ("off", "optional", "required")
"""``serve --accounts``: none (everyone a guest), for whoever wants one, or for everyone."""
PASSWORD_SHORTEST = 8
PASSWORD_LONGEST = 256
"""A password's length, in characters."""
SESSION_DAYS = 90
"""A session unused for this many days no longer logs in."""


class AccountStore(Protocol):
    """Where accounts and sessions are kept (:class:`~a11y_games.net.storage.SqliteStorage`)."""

    def account(self, name: str) -> AccountRecord | None: ...
    def add_account(self, account: AccountRecord) -> bool: ...
    def set_password(self, name: str, password_hash: str) -> None: ...
    def add_session(self, token_hash: str, name: str) -> None: ...
    def session_account(self, token_hash: str, since: float) -> AccountRecord | None: ...
    def end_session(self, token_hash: str) -> None: ...


class Accounts:
    """The server's accounts, as ``mode`` chooses (no store: ``off``)."""

    def __init__(self, store: AccountStore | None, mode: str = "optional",
                 hasher: PasswordHasher | None = None) -> None:
        if mode not in MODES:
            raise ValueError(mode)
        self.store = store
        self.mode = mode if store is not None else "off"
        self.hasher = hasher or PasswordHasher()
        self._stand_in: str | None = None
        """A hash checked for names nobody registered (made once, on first use)."""

    @property
    def on(self) -> bool:
        return self.mode != "off"

    def registered(self, name: str) -> str | None:
        """``name`` as its owner registered it, if it is (accounts off: never)."""
        if self.store is None or not self.on:
            return None
        account = self.store.account(name)
        return None if account is None else account.name

    # --- sessions ----------------------------------------------------------------------------
    def by_session(self, token: str) -> tuple[str, str] | None:
        """The account a session's token logs in, with the token's hash; None if it is
        unknown, ended or unused for :data:`SESSION_DAYS`."""
        if self.store is None or not self.on or not token:
            return None
        digest = hash_token(token)
        account = self.store.session_account(digest, time.time() - SESSION_DAYS * 86400)
        return None if account is None else (account.name, digest)

    def open_session(self, name: str) -> tuple[str, str]:
        """A new session of account ``name``: its token (for the client) and hash."""
        assert self.store is not None
        token = secrets.token_urlsafe(32)
        digest = hash_token(token)
        self.store.add_session(digest, name)
        return token, digest

    def end_session(self, token_hash: str) -> None:
        if self.store is not None and token_hash:
            self.store.end_session(token_hash)

    # --- passwords ---------------------------------------------------------------------------
    @staticmethod
    def password_problem(password: str, name: str) -> Msg | None:
        """Why ``password`` will not do for ``name``, or None."""
        if len(password) < PASSWORD_SHORTEST:
            return Msg("net.error.password_short", count=PASSWORD_SHORTEST)
        if len(password) > PASSWORD_LONGEST:
            return Msg("net.error.password_long", count=PASSWORD_LONGEST)
        if password.casefold() == name.casefold():
            return Msg("net.error.password_name")
        return None

    async def _hash(self, password: str) -> str:
        return await asyncio.get_running_loop().run_in_executor(
            None, self.hasher.hash, password)

    def _matches(self, password_hash: str, password: str) -> bool:
        try:
            return self.hasher.verify(password_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    async def check(self, name: str, password: str) -> AccountRecord | None:
        """The account ``name`` if ``password`` is its own (argon2 compares in constant
        time; a name nobody has costs the same); None otherwise."""
        self._off_refused()
        assert self.store is not None
        account = self.store.account(name)
        if self._stand_in is None:
            self._stand_in = await self._hash(secrets.token_urlsafe(16))
        stored = account.password if account is not None else self._stand_in
        loop = asyncio.get_running_loop()
        right = await loop.run_in_executor(None, self._matches, stored, password)
        if account is None or not right:
            return None
        if self.hasher.check_needs_rehash(account.password):  # stronger settings since
            self.store.set_password(account.name, await self._hash(password))
        return account

    async def register(self, name: str, password: str) -> str:
        """Register ``name`` (cleaned as a table shows it); returns it. Refused if it is
        taken or the password will not do."""
        self._off_refused()
        assert self.store is not None
        name = clean_name(name)
        problem = self.password_problem(password, name)
        if problem is not None:
            raise Refused(problem)
        if self.store.account(name) is not None:
            raise Refused(Msg("net.error.name_registered_taken", name=name))
        record = AccountRecord(name=name, password=await self._hash(password),
                               created=time.time())
        if not self.store.add_account(record):  # registered meanwhile
            raise Refused(Msg("net.error.name_registered_taken", name=name))
        return name

    async def change(self, name: str, old: str, new: str) -> None:
        """A new password for ``name`` (``old`` checked); every session ends."""
        problem = self.password_problem(new, name)
        if problem is not None:
            raise Refused(problem)
        if await self.check(name, old) is None:
            raise Refused(Msg("net.error.password_wrong"))
        assert self.store is not None
        self.store.set_password(name, await self._hash(new))

    def _off_refused(self) -> None:
        if not self.on or self.store is None:
            raise Refused(Msg("net.error.accounts_off"))
