"""Moderation: admins and moderators keep a community server livable.

The first admin is named when the server starts (``serve --admin NAME``, an account);
admins give the roles (``moderator``, ``admin``, ``player``) and the message of the day;
moderators and admins kick someone from their table (a bot holds the seat, which its
token no longer takes back), mute for a time, ban an account or an address for a time,
lift those, and make announcements. A moderator acts on players only; an address's ban
spares the moderators and admins who come from it. The person
concerned is told what happened, by whom, why and until when; every action is stored
with who, when and why, and ``mod_log`` lists them.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Protocol

from a11y_games.engine.messages import Msg
from a11y_games.net import protocol as p
from a11y_games.net.members import NAME_LENGTH, Refused, clean_text
from a11y_games.net.people import People
from a11y_games.net.storage import AccountRecord
from a11y_games.net.table import CHAT_LENGTH, Table

__all__ = ["ROLES", "Moderation", "until_text"]

ROLES = {"player": "", "moderator": "moderator", "admin": "admin"}
"""The roles as typed, and as stored."""
RANK = {"": 0, "moderator": 1, "admin": 2}
LOG_LENGTH = 50
"""Actions ``mod_log`` lists (the latest)."""


class ModStore(Protocol):
    """Where roles, sanctions and the record live (:class:`SqliteStorage`)."""

    def account(self, name: str) -> AccountRecord | None: ...
    def set_role(self, name: str, role: str) -> bool: ...
    def sanction(self, kind: str, target: str, until: float, reason: str, by: str) -> None: ...
    def sanction_of(self, kind: str, target: str, now: float
                    ) -> tuple[float, str, str] | None: ...
    def record(self, by: str, action: str, target: str, reason: str, until: float) -> None: ...
    def records(self, last: int) -> list[tuple[float, str, str, str, str, float]]: ...
    def note(self, key: str) -> str: ...
    def set_note(self, key: str, value: str) -> None: ...


class Someone(Protocol):
    name: str
    account: str
    address: str | None
    protocol: int
    table: Table | None

    def send(self, message: p.ServerMessage) -> None: ...
    def close(self, code: int, reason: str) -> None: ...


def until_text(until: float) -> Msg:
    """Until when, as the person concerned hears it (UTC), or "for good"."""
    if not until:
        return Msg("net.until.forever")
    when = datetime.fromtimestamp(until, UTC).strftime("%Y-%m-%d %H:%M UTC")
    return Msg("net.until.time", when=when)


def _address(text: str) -> str | None:
    """``text`` as an address (IPv4 or IPv6), or None if it is a name."""
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


class Moderation:
    """Roles, sanctions and their record; ``unseat`` takes someone from their table."""

    def __init__(self, store: ModStore | None, people: People,
                 unseat: Callable[[Someone], None],
                 said: Callable[[Msg], None] = lambda msg: None) -> None:
        self.store = store
        self.people = people
        self.unseat = unseat
        self.said = said

    # --- who may -------------------------------------------------------------------------
    def role(self, name: str) -> str:
        account = self.store.account(name) if self.store is not None and name else None
        return account.role if account is not None else ""

    def appoint(self, name: str) -> bool:
        """``serve --admin NAME``: that account is an admin (False: no such account)."""
        if self.store is None or not self.store.set_role(name, "admin"):
            return False
        self.store.record("server", "role", name, "admin", 0.0)
        return True

    @property
    def motd(self) -> str:
        return self.store.note("motd") if self.store is not None else ""

    # --- what holds ----------------------------------------------------------------------
    def barred(self, name: str, address: str | None) -> Msg | None:
        """Why ``name`` (from ``address``) may not come in: a ban in force, or None."""
        if self.store is None:
            return None
        now = time.time()
        staff = bool(name) and bool(self.role(name))  # an address ban spares its staff
        found = (self.store.sanction_of("ban", name, now) if name else None) or (
            self.store.sanction_of("ban_address", address, now)
            if address and not staff else None)
        if found is None:
            return None
        until, reason, by = found
        return Msg("net.error.banned", by=by, reason=reason, until=until_text(until))

    def may_speak(self, someone: Someone) -> None:
        """Refused while ``someone`` is muted."""
        if self.store is None or not someone.name:
            return
        found = self.store.sanction_of("mute", someone.name, time.time())
        if found is not None:
            until, reason, by = found
            raise Refused(Msg("net.error.muted", by=by, reason=reason,
                              until=until_text(until)))

    # --- acting ----------------------------------------------------------------------------
    def act(self, someone: Someone, request: p.Moderate) -> None:
        store = self.store
        mine = RANK.get(self.role(someone.account), 0) if someone.account else 0
        if store is None or mine == 0:
            raise Refused(Msg("net.error.not_moderator"))
        action, by = request.action, someone.account
        reason = clean_text(request.reason, CHAT_LENGTH)
        text = clean_text(request.text, CHAT_LENGTH)
        if action in ("motd", "role") and mine < RANK["admin"]:
            raise Refused(Msg("net.error.not_admin"))
        if action == "announce":
            if not text:
                raise Refused(Msg("net.error.empty"))
            store.record(by, action, "", text, 0.0)
            for other in self.people.named():
                if other.protocol >= 3:  # type: ignore[attr-defined]
                    other.send(p.Announcement(text=text, by=by))  # type: ignore[attr-defined]
        elif action == "motd":
            store.set_note("motd", text)
            store.record(by, action, "", text, 0.0)
        else:
            self._on_someone(someone, request, reason, text, mine)
        self.said(Msg("net.serve.console.moderated", by=by, action=action,
                      name=clean_text(request.name, NAME_LENGTH) or "-",
                      reason=reason or text or "-"))
        someone.send(p.Acked(req=request.req))

    def _on_someone(self, someone: Someone, request: p.Moderate, reason: str, text: str,
                    mine: int) -> None:
        store = self.store
        assert store is not None
        action, by = request.action, someone.account
        target = clean_text(request.name, NAME_LENGTH)
        address = _address(target) if action in ("ban", "unban") else None
        if not target:
            raise Refused(Msg("net.error.moderate_usage"))
        if address is None and RANK.get(self.role(target), 0) >= mine:
            raise Refused(Msg("net.error.moderate_rank", name=target))
        online = self.people.using(target) if address is None else [  # staff stay
            c for c in self.people.named() if c.address == address  # type: ignore[attr-defined]
            and not (c.account and self.role(c.account))]
        if action == "role":
            role = ROLES.get(text.casefold())
            if role is None or not store.set_role(target, role):
                raise Refused(Msg("net.error.moderate_role", name=target))
            store.record(by, action, target, text.casefold(), 0.0)
            for other in online:
                other.send(p.Moderated(what="role", by=by, role=role))
            return
        if action in ("kick", "mute", "ban") and not reason:
            raise Refused(Msg("net.error.reason_needed"))
        minutes = max(0, request.minutes)
        until = time.time() + minutes * 60 if minutes else 0.0
        if action == "kick":
            seated = [c for c in online if c.table is not None]
            if not seated:
                raise Refused(Msg("net.error.not_at_table", name=target))
            store.record(by, action, target, reason, 0.0)
            for other in seated:
                self.unseat(other)
                other.send(p.Moderated(what="kicked", by=by, reason=reason))
            return
        kind = "ban_address" if address is not None else action.removeprefix("un")
        lifting = action.startswith("un")
        store.sanction(kind, address or target, -1.0 if lifting else until, reason, by)
        store.record(by, action, address or target, reason, 0.0 if lifting else until)
        if action == "mute" or action == "unmute":
            for other in online:
                other.send(p.Moderated(what="muted" if action == "mute" else "unmuted",
                                       by=by, reason=reason, until=until))
        elif action == "ban":
            for other in online:
                other.send(p.Moderated(what="banned", by=by, reason=reason, until=until))
                other.close(1008, "net.error.banned")

    def log(self, someone: Someone, req: int | None) -> p.ModRecords:
        if self.store is None or not someone.account or not self.role(someone.account):
            raise Refused(Msg("net.error.not_moderator"))
        return p.ModRecords(records=[
            p.ModRecord(time=when, by=by, action=action, target=target, reason=reason,
                        until=until)
            for when, by, action, target, reason, until in self.store.records(LOG_LENGTH)],
            req=req)
