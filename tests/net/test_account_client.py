"""Accounts as a player meets them: real `a11y-games connect` processes (input a pipe) at
a real server. Register in the lobby, stay logged in on this computer (a file only its
user reads), a registered name asked for its password on another computer, `who`, log
out; a server that asks everyone to log in."""

from __future__ import annotations

import stat
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.clients import Player, Server

pytestmark = pytest.mark.timeout(120)
SECRET = "correct horse battery"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "db", tmp_path / "server-home").start()
    yield running
    running.kill()


def test_register_stay_logged_in_who_and_log_out(server: Server, tmp_path: Path) -> None:
    ana = Player(server.url, tmp_path / "ana", "Ana")
    ana.expect(r"^1 person online\.$")
    ana.expect(r"^Lobby: type a number\.")
    ana.send("register")
    ana.expect(r"^Choose a password for Ana: 8 characters or more\. It is not shown\.$")
    ana.send("short")
    ana.send("short")
    ana.expect(r"^A password needs at least 8 characters\.$")
    ana.send("register")
    ana.send(SECRET)
    ana.send("another password")
    ana.expect(r"^The 2 passwords differ\. Nothing changed\.$")  # numbers as digits
    ana.send("register")
    ana.send(SECRET)
    ana.expect(r"^Type it again\.$")
    ana.send(SECRET)
    ana.expect(r"^Ana is registered, and you are logged in\.$")
    ana.expect(r"^This computer stays logged in; logout ends that\.$")
    kept = tmp_path / "ana" / "config" / "a11y_games" / "logins.json"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600, "readable by its user only"
    assert SECRET not in kept.read_text()
    ana.send("quit")
    ana.wait()

    again = Player(server.url, tmp_path / "ana", "Ana")  # the same computer
    again.expect(r"^You are logged in as Ana\.$")
    # its runner reads no "session" jargon: the login kept on Ana's computer
    kept_line = "Ana logged in from 127.0.0.1 (login kept on their computer)."
    deadline = time.monotonic() + 10
    while kept_line not in server.output and time.monotonic() < deadline:
        time.sleep(0.05)
    assert kept_line in server.output
    bo = Player(server.url, tmp_path / "bo", "Bo")
    bo.expect(r"^Lobby: type a number\.")
    bo.send("create vanuatu 3")
    bo.expect(r"you have seat 1 of 3")
    again.expect(r"^Lobby: type a number\.")
    again.send("who")
    again.expect(r"^2 people online\.$")
    again.expect(r"^You: in the lobby\.$")
    again.expect(r"^Bo \(guest\): waiting to play Vanuatu\.$")

    other = Player(server.url, tmp_path / "elsewhere", "ana")  # another computer
    other.expect(r"^The name Ana is registered here\. Log in with its password, or choose"
                 r" another name\.$")
    other.expect(r"^Type the password of Ana, or Enter alone for another name\.")
    other.send("wrong password")
    other.expect(r"^Wrong name or password\.$")
    other.expect(r"^Type the password of Ana, or Enter alone for another name\.")
    other.send("")
    other.expect(r"^Your name at network tables\?")
    other.send("Cy")
    other.expect(r"^Your name is now Cy\.$")
    other.expect(r"^Lobby: type a number\.")

    again.send("logout")
    again.expect(r"^You are logged out of Ana, here and on this computer\.$")
    again.wait()
    assert "Ana" not in kept.read_text()
    last = Player(server.url, tmp_path / "ana", "Ana")
    last.expect(r"^The name Ana is registered here\.")
    last.expect(r"^Type the password of Ana")
    last.send(SECRET)
    last.expect(r"^You are logged in as Ana\.$")
    last.expect(r"^Lobby: type a number\.")
    text = "\n".join(ana.lines + again.lines + other.lines + last.lines)
    assert SECRET not in text, "never shown"
    for player in (bo, other, last):
        player.kill()
    assert not [line for line in server.output if SECRET in line]


def test_a_server_that_asks_everyone_to_log_in(tmp_path: Path) -> None:
    server = Server(tmp_path / "db", tmp_path / "server-home", "--accounts",
                    "required").start()
    try:
        ana = Player(server.url, tmp_path / "ana", "Ana", "fr")
        ana.expect(r"^Ce serveur demande à chacun de se connecter : connectez-vous, ou"
                   r" enregistrez un nom\.$")
        ana.expect(r"^Tapez connexion, ou enregistrer, puis un nom ; ou quitter\.$")
        ana.send("enregistrer")
        ana.expect(r"^Choisissez un mot de passe pour Ana : 8 caractères ou plus\.")
        ana.send(SECRET)
        ana.send(SECRET)
        ana.expect(r"^Le nom Ana est enregistré, et la connexion est faite\.$")
        ana.expect(r"^Salon : tapez un numéro\.")
        ana.send("quitter")
        ana.wait()
        back = Player(server.url, tmp_path / "ana", "Ana", "fr")
        back.expect(r"^Connexion faite avec le compte Ana\.$")
        back.expect(r"^Salon : tapez un numéro\.")
        back.kill()
    finally:
        server.kill()


@pytest.mark.timeout(20)
def test_a_password_at_the_terminal_is_not_echoed_nor_kept_in_the_history() -> None:
    from io import StringIO

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    from a11y_games.ui.account import read_secret
    from a11y_games.ui.terminal import PromptReader

    screen = StringIO()
    with create_pipe_input() as typed:
        reader = PromptReader(lambda: [], input=typed, output=Vt100_Output(
            screen, lambda: Size(rows=24, columns=80), term="xterm"))
        spoken: list[str] = []
        reader.on_prompt = spoken.append
        typed.send_text("join\r")
        assert reader.read("Lobby> ") == "join"
        typed.send_text(SECRET + "\r")
        assert read_secret(reader, "Password> ") == SECRET
    assert SECRET not in screen.getvalue() and "*" * len(SECRET) in screen.getvalue()
    assert spoken == ["Lobby> ", "Password> "], "the prompt is said, the typing is not"
    assert SECRET not in list(reader.session.history.get_strings()), "Up never brings it"


def _registered(server: Server, home: Path, name: str, lang: str = "en") -> Player:
    player = Player(server.url, home, name, lang)
    player.expect(r"^Lobby: type a number\.|^Salon : tapez un numéro\.")
    player.send("register" if lang == "en" else "enregistrer")
    player.send(SECRET)
    player.send(SECRET)
    player.expect(r"registered, and you are logged in\.$|est enregistré, et la connexion est faite")
    return player


def test_friends_and_lines_kept_while_away_in_the_lobby(server: Server,
                                                         tmp_path: Path) -> None:
    ana = _registered(server, tmp_path / "ana", "Ana")
    bo = _registered(server, tmp_path / "bo", "Bo", "fr")
    ana.send("friend add Bo")
    ana.expect(r"^Bo is now your friend\.$")
    bo.expect(r"^Ana vous compte maintenant parmi ses amis\.$")
    bo.send("chuchoter Ana Une partie ?")
    bo.expect(r"^Vous dites à Ana : Une partie \?$")
    ana.expect(r"^Bo tells you: Une partie \?$")
    bo.send("quitter")
    bo.wait()
    ana.expect(r"^Bo went offline\.$")
    ana.send("tell Bo Tomorrow at 8?")
    ana.expect(r"^Bo is away: your message waits for their next login\.$")
    ana.send("tell Bo Bring the rules.")
    ana.expect(r"^Bo is away: your message waits for their next login\.$")
    ana.send("friends")
    ana.expect(r"^1 friend, 0 online\.$")
    ana.expect(r"^Bo: offline\.$")
    back = Player(server.url, tmp_path / "bo", "Bo", "fr")
    back.expect(r"^Connexion faite avec le compte Bo\.$")
    back.expect(r"^2 messages pendant votre absence\.$")
    back.expect(r"^Ana vous dit : Tomorrow at 8\?$")
    back.expect(r"^Ana vous dit : Bring the rules\.$")
    ana.expect(r"^Bo is online\.$")
    ana.send("friends")
    ana.expect(r"^1 friend, 1 online\.$")
    ana.expect(r"^Bo: in the lobby\.$")
    for player in (ana, back):
        player.kill()
