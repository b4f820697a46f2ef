"""Accounts over real sockets against a real server: register, log in, a wrong password, a
guest refused a registered name, a session kept and ended, a password changed, the limits
on wrong passwords and registrations, clients of version 2, and no password in clear in
the database or on the console."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from a11y_games.net import protocol as p
from tests.net.wire import Client, ServerProcess, run

pytestmark = pytest.mark.timeout(90)
SECRET = "correct horse battery"
"""A password the tests look for, in clear, where it must never be."""


@pytest.fixture
def limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small limits, so that tests reach them quickly."""
    monkeypatch.setenv("A11Y_GAMES_LIMITS", "passwords=3 passwords_address=5 registrations=2")


@pytest.fixture
def server(tmp_path: Path, limits: None) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path).start()
    try:
        yield process
    finally:
        process.kill()


async def _hello(url: str, name: str, *, protocol: int = p.PROTOCOL, session: str = ""
                 ) -> tuple[Client, p.ServerMessage]:
    """A connection and the answer to its hello (a welcome, or an error)."""
    ws = await connect(url, max_size=2**22, compression=None)
    client = Client(ws, name)
    req = await client.request(p.Hello(protocol=protocol, name=name, session=session))
    return client, await client.reply(req)


async def _ask(client: Client, message: object) -> p.ServerMessage:
    return await client.reply(await client.request(message))


def _error(answer: p.ServerMessage) -> str:
    assert isinstance(answer, p.Error), answer
    return answer.msg.id


def test_register_log_in_and_a_guest_refused_the_name(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana, welcome = await _hello(server.url, "Ana")
        assert isinstance(welcome, p.Welcome) and welcome.accounts == "optional"
        assert welcome.account == "" and welcome.online == 1
        short = await _ask(ana, p.Register(name="Ana", password="short"))
        assert _error(short) == "net.error.password_short"
        done = await _ask(ana, p.Register(name="Ana", password=SECRET))
        assert isinstance(done, p.LoggedIn) and done.account == "Ana"
        assert len(done.session) >= 43  # 256 random bits, URL-safe
        again = await _ask(ana, p.Register(name="ANA", password=SECRET))
        assert _error(again) == "net.error.name_registered_taken"

        guest, answer = await _hello(server.url, "ana")  # any case: the same name
        assert _error(answer) == "net.error.name_registered"
        assert answer.msg.params["name"] == "Ana"
        refused = await _ask(guest, p.ListTables())
        assert _error(refused) == "net.error.name_registered", "no name: nothing else"
        wrong = await _ask(guest, p.Login(name="Ana", password="not the password"))
        assert _error(wrong) == "net.error.login_wrong"
        nobody = await _ask(guest, p.Login(name="Nobody", password=SECRET))
        assert _error(nobody) == "net.error.login_wrong", "the same answer"
        right = await _ask(guest, p.Login(name="ana", password=SECRET))
        assert isinstance(right, p.LoggedIn) and right.account == "Ana"
        assert right.session != done.session, "a session per computer"
        listed = await _ask(guest, p.ListTables())
        assert isinstance(listed, p.TableList)
        for client in (ana, guest):
            await client.close()

    run(scenario(), 60)


def test_a_kept_session_logs_in_until_logout_or_a_new_password(
        server: ServerProcess) -> None:
    async def scenario() -> None:
        ana, _ = await _hello(server.url, "Ana")
        first = await _ask(ana, p.Register(name="Ana", password=SECRET))
        assert isinstance(first, p.LoggedIn)
        await ana.close()

        back, welcome = await _hello(server.url, "Whoever", session=first.session)
        assert isinstance(welcome, p.Welcome) and welcome.account == "Ana"
        renamed = await _ask(back, p.Hello(protocol=p.PROTOCOL, name="Bo"))
        assert _error(renamed) == "net.error.logged_in"
        other, _ = await _hello(server.url, "Ana", session=first.session)  # a 2nd computer
        changed = await _ask(back, p.Password(old=SECRET, new="a new pass phrase"))
        assert isinstance(changed, p.LoggedIn) and changed.account == "Ana"
        stale, answer = await _hello(server.url, "Ana", session=first.session)
        assert _error(answer) == "net.error.name_registered", "every session ended"
        old = await _ask(stale, p.Login(name="Ana", password=SECRET))
        assert _error(old) == "net.error.login_wrong"
        fresh, welcome = await _hello(server.url, "Ana", session=changed.session)
        assert isinstance(welcome, p.Welcome) and welcome.account == "Ana"
        wrong = await _ask(fresh, p.Password(old=SECRET, new="another pass phrase"))
        assert _error(wrong) == "net.error.password_wrong"

        out = await _ask(fresh, p.Logout())
        assert isinstance(out, p.LoggedOut)
        nameless = await _ask(fresh, p.ListTables())
        assert _error(nameless) == "net.error.hello_first"
        gone, answer = await _hello(server.url, "Ana", session=changed.session)
        assert _error(answer) == "net.error.name_registered", "logged out: ended"
        for client in (back, other, stale, fresh, gone):
            await client.close()

    run(scenario(), 60)


def test_wrong_passwords_are_limited_per_name_then_per_address(
        server: ServerProcess) -> None:
    async def scenario() -> None:
        ana, _ = await _hello(server.url, "Ana")
        first = await _ask(ana, p.Register(name="Ana", password=SECRET))
        assert isinstance(first, p.LoggedIn)
        eve, _ = await _hello(server.url, "Eve")
        for _ in range(3):
            wrong = await _ask(eve, p.Login(name="Ana", password="guess guess"))
            assert _error(wrong) == "net.error.login_wrong"
        right = await _ask(eve, p.Login(name="Ana", password=SECRET))
        assert _error(right) == "net.error.too_many_passwords", "a right one waits too"
        assert right.msg.params == {"name": "Ana", "count": 3, "minutes": 5}
        kept, welcome = await _hello(server.url, "Ana", session=first.session)
        assert isinstance(welcome, p.Welcome) and welcome.account == "Ana", \
            "its owner's kept session still logs in"
        for name in ("Bo", "Cy"):  # 5 wrong from this address in all: then any name waits
            wrong = await _ask(eve, p.Login(name=name, password="guess guess"))
            assert _error(wrong) == "net.error.login_wrong"
        other = await _ask(eve, p.Login(name="Dee", password="guess guess"))
        assert _error(other) == "net.error.too_many_passwords_address"
        for client in (ana, eve, kept):
            await client.close()

    run(scenario(), 60)
    said = server.stop()
    assert "Refused logins as Ana: 3 wrong passwords within 5 minutes." in said
    assert "Refused logins from 127.0.0.1: 5 wrong passwords within 5 minutes." in said


def test_registrations_are_limited_per_address(server: ServerProcess) -> None:
    async def scenario() -> None:
        for n in range(2):
            client, _ = await _hello(server.url, f"Bot{n}")
            done = await _ask(client, p.Register(name=f"Bot{n}", password=SECRET))
            assert isinstance(done, p.LoggedIn)
            await client.close()
        third, _ = await _hello(server.url, "Bot2")
        refused = await _ask(third, p.Register(name="Bot2", password=SECRET))
        assert _error(refused) == "net.error.too_many_registrations"
        await third.close()

    run(scenario(), 60)


def test_no_password_in_clear_in_the_database_or_on_the_console(
        server: ServerProcess) -> None:
    async def scenario() -> None:
        ana, _ = await _hello(server.url, "Ana")
        done = await _ask(ana, p.Register(name="Ana", password=SECRET))
        assert isinstance(done, p.LoggedIn)
        bo, _ = await _hello(server.url, "Ana")
        await _ask(bo, p.Login(name="Ana", password=SECRET + " typo"))
        await _ask(bo, p.Login(name="Ana", password=SECRET))
        await _ask(ana, p.Password(old=SECRET, new=SECRET + " two"))
        await ana.close()
        await bo.close()
        return done.session

    session = run(scenario(), 60)
    said = server.stop()
    assert "Ana registered from 127.0.0.1." in said
    assert "Wrong password for Ana from 127.0.0.1." in said
    folder = server.data / "server"
    stored = b"".join(path.read_bytes() for path in folder.iterdir() if path.is_file())
    assert b"$argon2id$" in stored, "the hash is there"
    for clear in (SECRET, SECRET + " typo", SECRET + " two", session):
        assert clear.encode() not in stored and clear not in said


def test_a_version_2_client_plays_as_a_guest_and_hears_why_a_name_is_refused(
        server: ServerProcess) -> None:
    async def scenario() -> None:
        async with connect(server.url) as ws:  # what a client of version 2 sends and reads
            await ws.send(json.dumps({"type": "hello", "protocol": 2, "name": "Old",
                                      "lang": "en", "req": 1}))
            welcome = json.loads(await ws.recv())
            assert welcome.keys() == {"type", "protocol", "server", "req"}
            assert welcome["protocol"] == 2
        ana, _ = await _hello(server.url, "Ana")
        await _ask(ana, p.Register(name="Ana", password=SECRET))
        old, answer = await _hello(server.url, "Ana", protocol=2)
        assert _error(answer) == "net.error.name_registered_old"
        assert answer.msg.params == {"name": "Ana", "ours": p.PROTOCOL, "theirs": 2}
        newer, answer = await _hello(server.url, "Next", protocol=p.PROTOCOL + 1)
        assert _error(answer) == "net.error.protocol_newer"
        for client in (ana, old, newer):
            await client.close()

    run(scenario(), 60)


@pytest.mark.parametrize("mode", ["required", "off"])
def test_the_servers_choice_of_accounts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        mode: str) -> None:
    monkeypatch.setenv("A11Y_GAMES_LIMITS", "hello=1")
    server = ServerProcess(tmp_path, None, "--accounts", mode).start()

    async def required() -> None:
        old, answer = await _hello(server.url, "Old", protocol=2)
        assert _error(answer) == "net.error.accounts_required_old"
        assert answer.msg.params == {"ours": p.PROTOCOL, "theirs": 2}
        await asyncio.wait_for(old.ws.wait_closed(), 5)
        ana, answer = await _hello(server.url, "Ana")
        assert _error(answer) == "net.error.accounts_required"
        assert _error(await _ask(ana, p.ListTables())) == "net.error.accounts_required"
        await asyncio.sleep(1.5)  # past the hello's limit: a hello said, it stays
        done = await _ask(ana, p.Register(name="Ana", password=SECRET))
        assert isinstance(done, p.LoggedIn)
        assert isinstance(await _ask(ana, p.ListTables()), p.TableList)
        await ana.close()

    async def off() -> None:
        ana, welcome = await _hello(server.url, "Ana")
        assert isinstance(welcome, p.Welcome) and welcome.accounts == "off"
        refused = await _ask(ana, p.Register(name="Ana", password=SECRET))
        assert _error(refused) == "net.error.accounts_off"
        await ana.close()

    try:
        run(required() if mode == "required" else off(), 60)
    finally:
        server.kill()
    assert os.path.exists(server.data / "server" / "tables.sqlite3")


def test_registrations_sent_together_are_each_counted(server: ServerProcess) -> None:
    """Hostile: registrations sent at once from one address, before the first is hashed,
    do not slip past the limit together (each is counted as it starts)."""
    async def scenario() -> None:
        clients = [(await _hello(server.url, f"Rush{n}"))[0] for n in range(4)]
        asked = [await c.request(p.Register(name=f"Rush{n}", password=SECRET))
                 for n, c in enumerate(clients)]
        answers = [await c.reply(req) for c, req in zip(clients, asked, strict=True)]
        done = [a for a in answers if isinstance(a, p.LoggedIn)]
        assert len(done) == 2, answers  # the limit: registrations=2
        assert all(_error(a) == "net.error.too_many_registrations"
                   for a in answers if not isinstance(a, p.LoggedIn))
        for client in clients:
            await client.close()

    run(scenario(), 60)


def test_guesses_sent_together_are_each_counted(server: ServerProcess) -> None:
    """Hostile: wrong passwords sent at once for one name, before the first is checked,
    are each counted: past the limit, the next is refused unchecked."""
    async def scenario() -> None:
        owner, _ = await _hello(server.url, "Ana")
        assert isinstance(await _ask(owner, p.Register(name="Ana", password=SECRET)),
                          p.LoggedIn)
        await owner.close()
        guessers = [(await _hello(server.url, f"Guess{n}"))[0] for n in range(5)]
        asked = [await g.request(p.Login(name="Ana", password=f"wrong guess {n}"))
                 for n, g in enumerate(guessers)]
        answers = [await g.reply(req) for g, req in zip(guessers, asked, strict=True)]
        refused = [_error(a) for a in answers]
        assert refused.count("net.error.login_wrong") == 3, refused  # passwords=3
        assert refused.count("net.error.login_wrong") + refused.count(
            "net.error.too_many_passwords") == 5, refused
        for guesser in guessers:
            await guesser.close()

    run(scenario(), 60)
