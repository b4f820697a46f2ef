"""An account at a server, from the lobby: register, log in, log out, change the password.

A login is kept on this computer (a session's token in the settings folder, readable by
its user only) and said in the next hello, so the player is logged in by itself until they
log out or change the password. A password is asked without echo (prompt_toolkit's
password mode at a terminal; a reader's own ``read_secret`` where it has one: a web page),
never written, spoken or kept in a history.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from a11y_games.engine import Msg
from a11y_games.engine.files import read_json_dict, write_atomically
from a11y_games.engine.words import fold
from a11y_games.net import protocol as p
from a11y_games.ui.paths import config_dir
from a11y_games.ui.remote import HELD, ConnectionLost, RequestRefused

if TYPE_CHECKING:
    from a11y_games.ui.lobby import Lobby

__all__ = ["FileLogins", "LoginMemory", "Signing", "read_secret"]

PASSWORD_SHORTEST = 8
"""As the server asks (net/accounts.py): said before the player chooses one."""
WORDS = {"register": ("register", "enregistrer", "inscrire"),
         "login": ("login", "connexion", "connecter"),
         "logout": ("logout", "deconnexion", "deconnecter"),
         "password": ("password", "motdepasse", "mdp"),
         "who": ("who", "qui", "online", "enligne")}


ON = ("on", "oui", "yes")
OFF = ("off", "non", "no")
ADD = ("add", "ajouter")
REMOVE = ("remove", "retirer", "del", "supprimer")


def read_secret(reader: Any, prompt: str) -> str:
    """A line typed without echo: the reader's own way (``read_secret``), a password
    prompt of its own at a terminal (no history: Up never brings it back), else a line."""
    own = getattr(reader, "read_secret", None)
    if own is not None:
        return str(own(prompt))
    session = getattr(reader, "session", None)
    if getattr(reader, "interactive", False) and session is not None:
        from prompt_toolkit import PromptSession

        if getattr(reader, "on_prompt", None) is not None:
            reader.on_prompt(prompt)  # spoken as any prompt; the typing is not
        asked: PromptSession[str] = PromptSession(input=session.input, output=session.output)
        return asked.prompt(prompt, is_password=True)
    return str(reader.read(prompt))


class LoginMemory(Protocol):
    """Where a server's session token is kept between visits (None: nowhere)."""

    def remembered(self) -> str | None: ...
    def remember(self, account: str, token: str) -> Msg | None: ...
    def forget(self) -> None: ...


def _logins_file() -> Path:
    return config_dir() / "logins.json"


def _read_logins() -> dict[str, Any]:
    return read_json_dict(_logins_file())


def _write_logins(data: dict[str, Any]) -> Msg | None:
    """Written whole, readable by the user only (0600); a message if it failed."""
    try:
        write_atomically(_logins_file(), json.dumps(data))
    except OSError:
        return Msg("online.account.not_kept")
    return None


class FileLogins:
    """The session kept for server ``uri`` in the settings folder (``logins.json``)."""

    def __init__(self, uri: str) -> None:
        self.uri = uri

    def remembered(self) -> str | None:
        kept = _read_logins().get(self.uri)
        token = kept.get("token") if isinstance(kept, dict) else None
        return token if isinstance(token, str) and token else None

    def remember(self, account: str, token: str) -> Msg | None:
        data = _read_logins()
        data[self.uri] = {"account": account, "token": token}
        return _write_logins(data)

    def forget(self) -> None:
        data = _read_logins()
        if data.pop(self.uri, None) is not None:
            _write_logins(data)


@contextlib.contextmanager
def refusal_said(lobby: Lobby) -> Iterator[None]:
    """A lobby command's requests: one refused, its reason said; the connection lost
    meanwhile, that it was not done."""
    try:
        yield
    except RequestRefused as error:
        lobby.say(error.msg)
    except ConnectionLost:
        lobby.say(Msg("online.lobby.not_done"))


class Signing:
    """The account dialogue of a lobby; ``logins`` keeps the session (None: kept in
    memory only, for this connection's reconnections)."""

    def __init__(self, lobby: Lobby, logins: LoginMemory | None) -> None:
        self.lobby = lobby
        self.logins = logins
        self.left = False
        """The player logged out: they leave the server (a guest may not keep the name)."""

    @property
    def session(self) -> Any:
        return self.lobby.session

    def command(self, word: str, rest: list[str]) -> None:
        """A lobby command of :data:`WORDS` (its words after it in ``rest``)."""
        with refusal_said(self.lobby):
            if word == "who":
                self.lobby.say_who()
            elif word == "register":
                self.register(" ".join(rest) or self.session.name)
            elif word == "login":
                self.login(" ".join(rest) or self.session.name)
            elif word == "logout":
                self.logout()
            else:
                self.change_password()

    def friends(self, listing: bool, words: list[str]) -> None:
        """``friends`` (the list), ``friends on|off`` (hear them come and go or not),
        ``friend add|remove NAME`` (``friend NAME``: add)."""
        with refusal_said(self.lobby):
            if listing and words and fold(words[0]) in ON + OFF:
                on = fold(words[0]) in ON
                self.session.request(p.Announce(on=on))
                self.lobby.say(Msg("online.friends.announce_on" if on
                                   else "online.friends.announce_off"))
            elif listing:
                self._say_friends()
            else:
                remove = bool(words) and fold(words[0]) in REMOVE
                if words and fold(words[0]) in ADD + REMOVE:
                    words = words[1:]
                name = " ".join(words).strip()
                if not name:
                    self.lobby.say(Msg("online.friends.usage"))
                    return
                self.session.request(p.Friend(name=name, remove=remove))
                self.lobby.say(Msg("online.friends.removed" if remove
                                   else "online.friends.added", name=name))

    def blocks(self, listing: bool, remove: bool, words: list[str]) -> None:
        """``blocks`` (the list), ``block NAME``, ``unblock NAME``."""
        name = " ".join(words).strip()
        with refusal_said(self.lobby):
            if listing:
                names = self.session.request(p.Blocks()).names
                self.lobby.say(Msg("online.blocks.list", count=len(names), names=names)
                               if names else Msg("online.blocks.none"))
            elif not name:
                self.lobby.say(Msg("online.blocks.usage"))
            else:
                self.session.request(p.Block(name=name, remove=remove))
                self.lobby.say(Msg("online.blocks.removed" if remove
                                   else "online.blocks.added", name=name))

    def _say_friends(self) -> None:
        answer = self.session.request(p.Friends())
        if not answer.friends:
            self.lobby.say(Msg("online.friends.none"))
            return
        online = sum(1 for friend in answer.friends if friend.online)
        lines = [Msg("online.friends.count", count=len(answer.friends), online=online)]
        for friend in answer.friends:
            spec = self.lobby.specs.get(friend.game)
            lines.append(Msg(f"online.who.{friend.where}", name=friend.name,
                             game=spec.title if spec is not None else friend.game)
                         if friend.online else Msg("online.friends.offline", name=friend.name))
        if not answer.announce:
            lines.append(Msg("online.friends.announce_off"))
        self.lobby.say(*lines)

    # --- at the door ---------------------------------------------------------------------
    def settle(self) -> bool:
        """Before the lobby: a kept login said (or its end); a name the server held
        (registered, or accounts required) settled by a login, a registration or another
        name. False if the player leaves instead."""
        session = self.session
        if session.session_ended and self.logins is not None:
            self.logins.forget()
            self.lobby.say(Msg("online.account.ended"))
        if session.account:
            self.lobby.say(Msg("online.account.logged_in", name=session.account))
        while session.held is not None:
            self.lobby.say(session.held)
            if session.held.id == "net.error.name_registered":
                if not self._registered_name(session.held.params.get("name", session.name)):
                    return False
            elif not self._required():
                return False
        return True

    def _registered_name(self, name: str) -> bool:
        """Its password, or Enter and another name; False if the player leaves."""
        self.lobby.say(Msg("online.account.password_or_name", name=name))
        try:
            password = self.lobby.read(Msg("online.prompt.password"), secret=True)
        except EOFError:
            return False
        if password:
            with contextlib.suppress(RequestRefused):
                self._log_in(name, password)
            return True
        return self._other_name()

    def _other_name(self) -> bool:
        self.lobby.say(Msg("online.name.ask"))
        typed = self.lobby.read(Msg("online.prompt.name")) or ""
        if fold(typed) in ("quit", "quitter", "q"):
            return False
        try:
            self.lobby.rename_to(typed)
        except RequestRefused as error:
            if error.msg.id not in HELD:  # held again: said at the top of the loop
                self.lobby.say(error.msg)
        except ValueError as error:  # not a name: said, asked again
            self.lobby.say(error.args[0])
        return True

    def _required(self) -> bool:
        """Everyone logs in: login, register, or quit; False if the player leaves."""
        self.lobby.say(Msg("online.account.required_menu"))
        typed = (self.lobby.read(Msg("online.prompt.account")) or "").split()
        word = fold(typed[0]) if typed else ""
        if not word or word in ("quit", "quitter", "q"):
            return False
        name = " ".join(typed[1:]) or self.session.name
        try:
            if word in WORDS["register"]:
                self.register(name)
            elif word in WORDS["login"]:
                self.login(name)
            else:
                self.lobby.say(Msg("online.account.required_menu"))
        except RequestRefused as error:
            self.lobby.say(error.msg)
        return True

    # --- the commands --------------------------------------------------------------------
    def login(self, name: str) -> None:
        self.lobby.say(Msg("online.account.password_ask", name=name))
        password = self.lobby.read(Msg("online.prompt.password"), secret=True)
        if password:
            self._log_in(name, password)

    def _log_in(self, name: str, password: str) -> None:
        try:
            done = self.session.request(p.Login(name=name, password=password))
        except RequestRefused as error:
            self.lobby.say(error.msg)
            raise
        self._keep(done)
        self.lobby.say(Msg("online.account.logged_in", name=done.account),
                       Msg("online.account.kept" if self.logins is not None
                           else "online.account.not_kept_here"))

    def register(self, name: str) -> None:
        password = self._new_password(Msg("online.account.choose", name=name,
                                          count=PASSWORD_SHORTEST))
        if password is None:
            return
        done = self.session.request(p.Register(name=name, password=password))
        self._keep(done)
        self.lobby.say(Msg("online.account.registered", name=done.account),
                       Msg("online.account.kept" if self.logins is not None
                           else "online.account.not_kept_here"))

    def logout(self) -> None:
        """The session ends here and on the server; the player leaves (their name is
        registered: no guest takes it, and the server asks a hello again)."""
        self.session.request(p.Logout())
        if self.logins is not None:
            self.logins.forget()
        self.lobby.say(Msg("online.account.logged_out", name=self.session.name))
        self.left = True

    def change_password(self) -> None:
        if not self.session.account:
            self.lobby.say(Msg("net.error.not_logged_in"))
            return
        self.lobby.say(Msg("online.account.old"))
        old = self.lobby.read(Msg("online.prompt.password"), secret=True)
        if not old:
            return
        new = self._new_password(Msg("online.account.new", count=PASSWORD_SHORTEST))
        if new is None:
            return
        done = self.session.request(p.Password(old=old, new=new))
        self._keep(done)
        self.lobby.say(Msg("online.account.changed"))

    def _new_password(self, ask: Msg) -> str | None:
        """A password typed twice, alike; None if not (said) or none given."""
        self.lobby.say(ask)
        first = self.lobby.read(Msg("online.prompt.password"), secret=True)
        if not first:
            return None
        self.lobby.say(Msg("online.account.again"))
        second = self.lobby.read(Msg("online.prompt.password"), secret=True)
        if second != first:
            self.lobby.say(Msg("online.account.differ"))
            return None
        return first

    def _keep(self, done: p.LoggedIn) -> None:
        if self.logins is not None:
            problem = self.logins.remember(done.account, done.session)
            if problem is not None:
                self.lobby.say(problem)
