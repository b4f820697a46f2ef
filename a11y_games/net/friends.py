"""Friends, their comings and goings, and private lines anywhere on the server.

Friends are kept for accounts (a guest's name lasts one visit): ``friend add NAME`` counts
an account as a friend (it hears so, if online); a friend logging in (their first
connection) or going (their last) is announced to those who count them, unless they turned
that off. ``tell NAME TEXT`` reaches whoever is online under that name, in the lobby or at
a table; to an absent account holder it is kept (at most ``Limits.letters``: nobody fills
another's box) and sent when they next log in.
"""

from __future__ import annotations

from typing import Protocol

from a11y_games.engine.messages import Msg
from a11y_games.net import protocol as p
from a11y_games.net.accounts import Accounts
from a11y_games.net.members import NAME_LENGTH, Refused, clean_text, same_name
from a11y_games.net.people import People, where
from a11y_games.net.storage import account_key
from a11y_games.net.table import CHAT_LENGTH, Table

__all__ = ["Friendships", "LetterStore"]



class LetterStore(Protocol):
    """Where friends and kept lines live (:class:`~a11y_games.net.storage.SqliteStorage`)."""

    def friends(self, name: str) -> list[str]: ...
    def set_friend(self, name: str, friend: str, on: bool) -> bool: ...
    def followers(self, name: str) -> list[str]: ...
    def announces(self, name: str) -> bool: ...
    def set_announce(self, name: str, on: bool) -> None: ...
    def keep_letter(self, recipient: str, sender: str, text: str) -> None: ...
    def blocks(self, name: str) -> list[str]: ...
    def set_block(self, name: str, blocked: str, on: bool) -> bool: ...
    def blocked(self, name: str, by: str) -> bool: ...
    def letters_waiting(self, recipient: str) -> int: ...
    def take_letters(self, recipient: str) -> list[tuple[str, str, float]]: ...


class Someone(Protocol):
    """A connection, as friendships see it."""

    name: str
    account: str
    protocol: int
    table: Table | None

    def send(self, message: p.ServerMessage) -> None: ...


class Friendships:
    """Friends and private lines of the server's people."""

    def __init__(self, store: LetterStore | None, accounts: Accounts, people: People,
                 letters: int = 50) -> None:
        self.store = store
        self.letters = letters
        """Lines kept for one absent account at most."""
        self.accounts = accounts
        self.people = people

    def _online(self, account: str, but: object = None) -> list[Someone]:
        """The connections logged in as ``account`` (other than ``but``)."""
        return [c for c in self.people.named()  # type: ignore[misc]
                if c is not but and c.account and same_name(c.account, account)]

    def _store(self, someone: Someone) -> LetterStore:
        if not someone.account:
            raise Refused(Msg("net.error.account_only"))
        if self.store is None or not self.accounts.on:
            raise Refused(Msg("net.error.accounts_off"))
        return self.store

    # --- friends -------------------------------------------------------------------------
    def befriend(self, someone: Someone, request: p.Friend) -> None:
        """Add (or remove) a friend; the one added hears it if online."""
        store = self._store(someone)
        name = self.accounts.registered(request.name.strip())
        if name is None:
            raise Refused(Msg("net.error.no_account",
                              name=clean_text(request.name, NAME_LENGTH)))
        if same_name(name, someone.account):
            raise Refused(Msg("net.error.friend_self"))
        if not request.remove:
            self.may_reach(someone, name)
        changed = store.set_friend(someone.account, name, not request.remove)
        if changed and not request.remove:
            for other in self._online(name):
                other.send(p.Notice(what="added", name=someone.account))
        someone.send(p.Acked(req=request.req))

    def friend_list(self, someone: Someone, req: int | None) -> p.FriendList:
        store = self._store(someone)
        online: dict[str, Someone] = {}  # each account's first connection, people read once
        for other in self.people.named():
            if other.account:
                online.setdefault(account_key(other.account), other)  # type: ignore[arg-type]
        friends = []
        for name in store.friends(someone.account):
            there = online.get(account_key(name))
            if there is not None:
                seen = where(there)  # type: ignore[arg-type]
                friends.append(p.FriendInfo(name=name, online=True, where=seen.where,
                                            game=seen.game))
            else:
                friends.append(p.FriendInfo(name=name))
        return p.FriendList(friends=friends, announce=store.announces(someone.account),
                            req=req)

    def announce(self, someone: Someone, request: p.Announce) -> None:
        self._store(someone).set_announce(someone.account, request.on)
        someone.send(p.Acked(req=request.req))

    # --- blocks ------------------------------------------------------------------------------
    def block(self, someone: Someone, request: p.Block) -> None:
        """Block (or unblock) a name: its tells, invitations and friend requests are
        refused; a blocked friend is no longer one."""
        store = self._store(someone)
        name = clean_text(request.name, NAME_LENGTH)
        if not name:
            raise Refused(Msg("net.error.name"))
        if same_name(name, someone.account):
            raise Refused(Msg("net.error.block_self"))
        store.set_block(someone.account, name, not request.remove)
        if not request.remove:
            store.set_friend(someone.account, name, False)
        someone.send(p.Acked(req=request.req))

    def block_list(self, someone: Someone, req: int | None) -> p.BlockList:
        return p.BlockList(names=self._store(someone).blocks(someone.account), req=req)

    def may_reach(self, someone: Someone, name: str) -> None:
        """Refused if the account ``name`` blocks ``someone``."""
        if self.store is not None and self.accounts.on and self.accounts.registered(
                name) is not None and self.store.blocked(someone.name, by=name):
            raise Refused(Msg("net.error.blocked", name=name))

    # --- invitations -----------------------------------------------------------------------
    def invite(self, someone: Someone, request: p.Invite) -> None:
        """Ask someone online to this table, not started: the way to join in one line."""
        table = someone.table
        if table is None or table.seat_of(someone) is None:  # type: ignore[arg-type]
            raise Refused(Msg("net.error.invite_seat"))
        if table.record.started:
            raise Refused(Msg("net.error.started"))
        targets = [c for c in self.people.using(request.name.strip()) if c is not someone]
        if not targets:
            raise Refused(Msg("net.error.nobody_online",
                              name=clean_text(request.name, NAME_LENGTH)))
        self.may_reach(someone, targets[0].name)
        able = [c for c in targets if c.protocol >= 3]
        if not able:
            raise Refused(Msg("net.error.invite_old", name=targets[0].name,
                              ours=p.PROTOCOL, theirs=targets[0].protocol))
        invitation = p.Invitation(sender=someone.name, game=table.record.game,
                                  table=table.id, code=table.record.code)
        for target in able:
            target.send(invitation)
        someone.send(p.Acked(req=request.req))

    # --- comings and goings --------------------------------------------------------------
    def arrived(self, someone: Someone) -> None:
        """``someone`` logged in: their friends hear it (if it is their first connection),
        and they get what was told them while away."""
        if self.store is None or not someone.account:
            return
        if not self._online(someone.account, but=someone):
            self._tell_followers(someone.account, "online", but=someone)
        letters = self.store.take_letters(someone.account)
        if letters:
            someone.send(p.Letters(letters=[p.Letter(sender=s, text=t, time=w)
                                            for s, t, w in letters]))

    def gone(self, someone: Someone, account: str) -> None:
        """``someone``, logged in as ``account``, left (or logged out): if it was that
        account's last connection, its friends hear it."""
        if self.store is not None and account and not self._online(account, but=someone):
            self._tell_followers(account, "offline", but=someone)

    def _tell_followers(self, account: str, what: str, but: object) -> None:
        assert self.store is not None
        keys = set(self.store.followers(account))
        if not keys:
            return
        notice = p.Notice(what=what, name=account)  # type: ignore[arg-type]
        for other in self.people.named():
            if other is not but and other.account and account_key(other.account) in keys:
                other.send(notice)  # type: ignore[attr-defined]

    # --- private lines -------------------------------------------------------------------
    def tell(self, someone: Someone, to: str, text: str) -> None:
        """A private line to whoever is online as ``to``; kept for an absent account."""
        line = clean_text(text, CHAT_LENGTH)
        if not line:
            raise Refused(Msg("net.error.empty"))
        wanted = to.strip()
        targets = [c for c in self.people.using(wanted) if c is not someone]
        if targets:
            self.may_reach(someone, targets[0].name)
            for target in targets:
                target.send(p.Chat(channel="private", sender=someone.name, text=line))
            someone.send(p.Chat(channel="private", sender=someone.name, text=line,
                                to=targets[0].name))
            return
        name = self.accounts.registered(wanted)
        if name is None or self.store is None or same_name(name, someone.name):
            raise Refused(Msg("net.error.nobody_online", name=clean_text(to, NAME_LENGTH)))
        self.may_reach(someone, name)
        if self.store.letters_waiting(name) >= self.letters:
            raise Refused(Msg("net.error.letters_full", name=name, count=self.letters))
        self.store.keep_letter(name, someone.name, line)
        someone.send(p.Notice(what="kept", name=name))
