"""Moderation over real sockets against a real server: the first admin named at the start,
roles given by an admin, kick (the seat to a bot, for good), mute, ban of an account and of
an address, the message of the day, announcements; what the person concerned hears, and
every action in the record."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from a11y_games.net import protocol as p
from tests.net.clients import Player, Server
from tests.net.test_account_client import SECRET as PASSWORD
from tests.net.test_accounts import _ask, _error, _hello
from tests.net.test_friendships import _account
from tests.net.test_remote_play import create_table
from tests.net.wire import ServerProcess, run

pytestmark = pytest.mark.timeout(120)


def _moderate(action: str, name: str = "", **fields: object) -> p.Moderate:
    return p.Moderate(action=action, name=name, **fields)  # type: ignore[arg-type]


def test_moderators_act_and_the_person_concerned_hears_why(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path)
    try:
        server.start()

        async def accounts() -> None:
            for name in ("Root", "Mia", "Eve"):
                client, _ = await _account(server.url, name)
                await client.close()

        run(accounts(), 60)
        server.kill()
        server.options = ("--admin", "Root")
        server.start()
        assert server.proc is not None and server.proc.stdout is not None
        after = [server.proc.stdout.readline() for _ in range(2)]  # the web page, the admin
        assert "Root is an admin of this server.\n" in after

        async def scenario() -> None:
            root, _ = await _hello(server.url, "Root")
            root = root  # logged in below
            done = await _ask(root, p.Login(name="Root", password=PASSWORD))
            assert isinstance(done, p.LoggedIn) and done.role == "admin"
            mia, _ = await _hello(server.url, "Mia")
            await _ask(mia, p.Login(name="Mia", password=PASSWORD))
            eve, _ = await _hello(server.url, "Eve")
            await _ask(eve, p.Login(name="Eve", password=PASSWORD))
            refused = await _ask(mia, _moderate("mute", "Eve", minutes=5, reason="spam"))
            assert _error(refused) == "net.error.not_moderator"
            assert isinstance(await _ask(root, _moderate("role", "Mia", text="moderator")),
                              p.Acked)
            assert (await mia.expect(p.Moderated)).role == "moderator"
            assert _error(await _ask(mia, _moderate("motd", text="Hi"))) == \
                "net.error.not_admin"
            assert _error(await _ask(mia, _moderate("mute", "Root", minutes=5,
                                                    reason="x"))) == "net.error.moderate_rank"
            assert _error(await _ask(mia, _moderate("mute", "Eve", minutes=5))) == \
                "net.error.reason_needed"

            # kick: Eve's seat goes to a bot, and her token no longer takes it back
            table = await _ask(eve, p.Create(game="vanuatu", players=3,
                                             bots={1: "normal"}, bot_delay=0))
            assert isinstance(table, p.Joined)
            bo, _ = await _hello(server.url, "Bo")
            assert isinstance(await _ask(bo, p.Join(table=table.table.id)), p.Joined)
            await eve.request(p.Start())
            await eve.expect(p.PendingMsg)
            assert isinstance(await _ask(mia, _moderate("kick", "Eve", reason="rude")),
                              p.Acked)
            kicked = await eve.expect(p.Moderated)
            assert (kicked.what, kicked.by, kicked.reason) == ("kicked", "Mia", "rude")
            await bo.expect(p.Presence, lambda m: m.what == "bot_took_over")
            back = await _ask(eve, p.Resume(token=table.token or ""))
            assert _error(back) == "net.error.token"

            # mute: told why and until when; chat refused meanwhile; lifted
            assert isinstance(await _ask(mia, _moderate("mute", "Eve", minutes=10,
                                                        reason="spam")), p.Acked)
            muted = await eve.expect(p.Moderated)
            assert muted.what == "muted" and 590 < muted.until - time.time() <= 600
            said = await _ask(eve, p.Tell(to="Bo", text="hello"))
            assert _error(said) == "net.error.muted"
            assert said.msg.params["reason"] == "spam" and said.msg.params["by"] == "Mia"
            assert isinstance(await _ask(mia, _moderate("unmute", "Eve")), p.Acked)
            assert isinstance(await _ask(eve, p.Tell(to="Bo", text="hello")), p.Acked)

            # the message of the day, an announcement
            assert isinstance(await _ask(root, _moderate("motd", text="Tournament at 8.")),
                              p.Acked)
            assert isinstance(await _ask(mia, _moderate("announce", text="Restart soon.")),
                              p.Acked)
            heard = await bo.expect(p.Announcement)
            assert (heard.by, heard.text) == ("Mia", "Restart soon.")
            guest, welcome = await _hello(server.url, "Cy")
            assert isinstance(welcome, p.Welcome) and welcome.motd == "Tournament at 8."
            other, _ = await _hello(server.url, "Mia")  # a login by password hears it too
            logged = await _ask(other, p.Login(name="Mia", password=PASSWORD))
            assert isinstance(logged, p.LoggedIn) and logged.motd == "Tournament at 8."
            assert logged.role == "moderator"
            await other.close()

            # ban an account: told, closed, refused at the door with why and until when
            assert isinstance(await _ask(mia, _moderate("ban", "Eve", minutes=24 * 60,
                                                        reason="cheating")), p.Acked)
            banned = await eve.expect(p.Moderated)
            assert (banned.what, banned.reason) == ("banned", "cheating")
            await asyncio.wait_for(eve.ws.wait_closed(), 5)
            again, answer = await _hello(server.url, "Eve")
            assert _error(answer) == "net.error.banned"
            assert answer.msg.params["reason"] == "cheating"
            assert answer.msg.params["until"].id == "net.until.time"

            # ban an address (loopback here): everyone from it, until lifted
            assert isinstance(await _ask(root, _moderate("ban", "127.0.0.1", minutes=0,
                                                         reason="flood")), p.Acked)
            await asyncio.wait_for(guest.ws.wait_closed(), 5)
            closed, answer = await _hello(server.url, "Dee")
            assert _error(answer) == "net.error.banned"
            assert answer.msg.params["until"].id == "net.until.forever"
            for client in (root, mia, bo, again, closed):
                await client.close()

        run(scenario(), 90)
    finally:
        server.kill()


def test_the_record_lists_every_action_with_who_when_and_why(tmp_path: Path) -> None:
    server = _admin_server(tmp_path)
    try:
        root = Player(server.url, tmp_path / "root", "Root")
        root.expect(r"^Type the password of Root")
        root.send(PASSWORD)
        root.expect(r"^Lobby: type a number\.")
        root.send("motd Tournament at 8.")
        root.expect(r"^Done\.$")
        root.send("announce Restart soon.")
        root.expect(r"^Announcement from Root: Restart soon\.$")
        root.send("mute Zed 5 spam")
        root.expect(r"^Done\.$")
        root.send("modlog")
        root.expect(r"^4 actions, oldest first\.$")
        root.expect(r": server made Root an admin\.$")
        root.expect(r"^\d{4}-\d\d-\d\d \d\d:\d\d UTC: Root set the message of the day:"
                    r" Tournament at 8\.$")
        root.expect(r": Root announced: Restart soon\.$")
        root.expect(r": Root muted Zed until \d{4}-\d\d-\d\d \d\d:\d\d UTC: spam\.$")
        cy = Player(server.url, tmp_path / "cy", "Cy", "fr")
        cy.expect(r"^Message du jour : Tournament at 8\.$")
        elsewhere = Player(server.url, tmp_path / "elsewhere", "Root")  # by password
        elsewhere.expect(r"^Type the password of Root")
        elsewhere.send(PASSWORD)
        elsewhere.expect(r"^You are logged in as Root\.$")
        elsewhere.expect(r"^Message of the day: Tournament at 8\.$")
        for player in (root, cy, elsewhere):
            player.kill()
    finally:
        server.kill()


def _admin_server(tmp_path: Path, *extra: str) -> Server:
    """A server whose admin is the account Root (registered before the start); ``extra``:
    more of ``serve``'s options."""
    server = Server(tmp_path / "db", tmp_path / "home", "--admin", "Root", *extra)
    server.data.mkdir(parents=True)
    from a11y_games.net.accounts import Accounts
    from a11y_games.net.storage import SqliteStorage

    storage = SqliteStorage(server.data / "tables.sqlite3")

    async def register() -> None:
        await Accounts(storage).register("Root", PASSWORD)

    asyncio.run(register())
    storage.close()
    return server.start()


def _root(server: Server, tmp_path: Path) -> Player:
    root = Player(server.url, tmp_path / "root", "Root")
    root.expect(r"^Type the password of Root")
    root.send(PASSWORD)
    root.expect(r"^Lobby: type a number\.")
    return root


def _playing(server: Server, tmp_path: Path, name: str) -> Player:
    """A guest playing Vanuatu at 3 against 2 bots, its game begun."""
    player = Player(server.url, tmp_path / name.lower(), name)
    create_table(player, game="vanuatu", players=3, bots=2)
    player.send("start")
    player.expect(r"^Welcome to Vanuatu\.")
    return player


def test_a_kicked_player_is_back_in_the_lobby_by_themselves(tmp_path: Path) -> None:
    """Kicked mid-game, Eve hears by whom and why, then is in the lobby with its menu
    (no `quit` to type), and what she types there is the lobby's: she opens another
    table. Bo, kicked from a waiting room, is back at the lobby's menu too."""
    server = _admin_server(tmp_path)
    try:
        root, eve = _root(server, tmp_path), _playing(server, tmp_path, "Eve")
        root.send("kick Eve rude")
        root.expect(r"^Done\.$")
        eve.expect(r"^Root removed you from your table: rude\.$")
        eve.expect(r"^Back at the lobby\.$")
        create_table(eve, game="vertigo", players=3, bots=1)  # the lobby's menu first
        eve.expect(r"you have seat 1 of 3")
        bo = Player(server.url, tmp_path / "bo", "Bo")
        bo.expect(r"^Lobby: type a number\.")
        bo.send("1")
        bo.expect(r"Which table")
        bo.send("1")
        bo.expect(r"you have seat 2 of 3")
        root.send("kick Bo spam")
        root.expect(r"^Done\.$")
        bo.expect(r"^Root removed you from your table: spam\.$")
        bo.expect(r"^Back at the lobby\.$")
        bo.expect(r"^Lobby: type a number\.")
        eve.expect(r"^Bo left the table\.$|Bo leaves")
        assert "Type quit" not in eve.text() + bo.text()
        assert "Traceback" not in eve.text() + bo.text()
        for player in (root, eve, bo):
            player.kill()
    finally:
        server.kill()


def test_a_banned_player_hears_until_when_and_the_client_ends(tmp_path: Path) -> None:
    """Banned at a table (for a day) or in the lobby (for good): the reason and until
    when, once, then the last line; the client ends with a non-zero status and tries
    no reconnection."""
    server = _admin_server(tmp_path)
    try:
        root, eve = _root(server, tmp_path), _playing(server, tmp_path, "Eve")
        bo = Player(server.url, tmp_path / "bo", "Bo")
        bo.expect(r"^Lobby: type a number\.")
        root.send("ban Eve 1 cheating")
        root.expect(r"^Done\.$")
        until = eve.expect(r"^Root banned you from this server until "
                           r"(\d{4}-\d\d-\d\d \d\d:\d\d UTC): cheating\.$").group(1)
        eve.expect(rf"^You cannot play on this server until {until}\.$")
        assert eve.wait(15) == 1
        root.send("ban Bo 0 insults")
        root.expect(r"^Done\.$")
        bo.expect(r"^Root banned you from this server for good: insults\.$")
        bo.expect(r"^You can no longer play on this server\.$")
        assert bo.wait(15) == 1
        for player in (eve, bo):
            text = player.text()
            assert text.count("banned you") == 1 and "reconnect" not in text.casefold()
            assert "Traceback" not in text
        root.kill()
    finally:
        server.kill()


def test_on_the_web_page_a_kick_goes_to_the_lobby_and_a_ban_ends_the_page(
        tmp_path: Path) -> None:
    """The page's player is the same client: kicked, back at the lobby's menu; banned,
    the reason, the last line, and the page's end (its socket closes, nothing retried)."""
    import json

    from tests.web.test_workers import Page

    server = _admin_server(tmp_path, "--web-workers", "0")

    async def root_does(request: p.Moderate) -> None:
        root, _ = await _hello(server.url, "Root")
        assert isinstance(await _ask(root, p.Login(name="Root", password=PASSWORD)),
                          p.LoggedIn)
        assert isinstance(await _ask(root, request), p.Acked)
        await root.close()

    async def scenario() -> None:
        page = await Page.open(server)  # type: ignore[arg-type]
        await page.to_the_lobby("Eve")
        await page.send("create vanuatu 3 bots 2")
        await page.expect("you have seat 1 of 3")
        await page.send("start")
        await page.expect("Welcome to Vanuatu.")
        await root_does(_moderate("kick", "Eve", reason="rude"))
        await page.expect("Root removed you from your table: rude.")
        await page.expect("Back at the lobby.")
        back = page.lines.index("Back at the lobby.")
        while "Lobby: type a number." not in page.lines[back:]:  # the menu again
            frame = json.loads(await asyncio.wait_for(page.ws.recv(), 10))
            page.lines += [line["text"] for line in frame.get("lines", [])]
        await root_does(_moderate("ban", "Eve", minutes=0, reason="cheating"))
        await page.expect("Root banned you from this server for good: cheating.")
        await page.expect("You can no longer play on this server.")
        frames: list[dict[str, object]] = []
        while not any(f.get("t") == "end" for f in frames):
            frames.append(json.loads(await asyncio.wait_for(page.ws.recv(), 10)))
        assert sum("banned you" in line for line in page.lines) == 1
        assert not any("reconnect" in line.casefold() for line in page.lines)

    try:
        run(scenario(), 90)
    finally:
        server.kill()


@pytest.mark.e2e
def test_what_was_half_typed_at_the_table_is_not_read_by_the_lobby(tmp_path: Path) -> None:
    """In a real terminal: Eve has typed 1 for her question, not Enter, when she is
    kicked. She hears that it was not sent; the lobby's prompt is empty, so her Enter
    there joins no table (1 is the lobby's "Join a table")."""
    from tests.e2e.tmuxdriver import TmuxPlayer, tmux_available
    from tests.net.clients import private_env

    if not tmux_available():
        pytest.skip("tmux or the client missing")
    server = _admin_server(tmp_path)
    env = {k: v for k, v in private_env(tmp_path / "eve").items()
           if k in ("SPEECHD_CMD", "NO_SOUND", "HOME")}
    eve = TmuxPlayer(tmp_path / "eve", ["connect", server.url.removeprefix("ws://"),
                                        "--name", "Eve", "--speech", "off"], env=env)
    try:
        root = _root(server, tmp_path)
        eve.wait_for(lambda lines: bool(lines) and lines[-1].startswith("Lobby>"))
        eve.type("create vanuatu 3 bots 2 delay 2")
        eve.wait_for(lambda lines: any("you have seat 1 of 3" in line for line in lines))
        eve.wait_for(lambda lines: bool(lines) and lines[-1].startswith("Start>"))
        eve.type("start")
        eve.wait_for(lambda lines: any("Type a number" in line for line in lines), 60)
        eve.wait_for(lambda lines: bool(lines) and lines[-1].startswith("Eve"), 60)
        eve._tmux("send-keys", "-l", "1")  # typed, not sent
        eve.wait_for(lambda lines: lines[-1].rstrip().endswith("1"))
        root.send("kick Eve rude")
        root.expect(r"^Done\.$")
        eve.wait_for(lambda lines: any(line.startswith("Not sent to the table: 1.")
                                       for line in lines))
        screen = eve.wait_for(lambda lines: lines[-1].startswith("Lobby>"))
        assert screen[-1].rstrip() == "Lobby>"  # nothing carried to the lobby's prompt
        eve.type("")
        time.sleep(1.0)
        assert not any("Which table" in line for line in eve.screen())
        assert "Traceback" not in "\n".join(eve.screen())
        root.kill()
    finally:
        eve.close()
        server.kill()


def test_a_player_banned_while_away_hears_it_when_the_client_reconnects(
        tmp_path: Path) -> None:
    """The server goes down; Eve is banned meanwhile (the record written by the server's
    machine); when it is back, her client's reconnection is refused: she hears why and
    until when, then the last line, and the client ends (no more tries)."""
    server = Server(tmp_path / "db", tmp_path / "home").start()
    try:
        eve = Player(server.url, tmp_path / "eve", "Eve")
        eve.expect(r"^Lobby: type a number\.")
        port = server.port
        server.kill()
        eve.expect(r"^Connection lost: reconnecting\.", timeout=30)
        from a11y_games.net.storage import SqliteStorage

        storage = SqliteStorage(server.data / "tables.sqlite3")
        storage.sanction("ban", "Eve", time.time() + 3600, "cheating", "Mia")
        storage.close()
        server = Server(tmp_path / "db", tmp_path / "home").start(port=port)
        until = eve.expect(r"^Mia banned you from this server until "
                           r"(\d{4}-\d\d-\d\d \d\d:\d\d UTC): cheating\.$", timeout=30).group(1)
        eve.expect(rf"^You cannot play on this server until {until}\.$")
        assert eve.wait(15) == 1
        assert "Traceback" not in eve.text()
    finally:
        server.kill()


def test_a_french_admin_gives_roles_in_french(tmp_path: Path) -> None:
    """The French help names the roles in French (modérateur, administrateur, joueur):
    typed so, with or without accents, in the feminine too, they give the role."""
    from tests.net.test_account_client import _registered

    server = _admin_server(tmp_path)
    try:
        root = Player(server.url, tmp_path / "root", "Root", "fr")
        root.expect(r"^Tapez le mot de passe de Root")
        root.send(PASSWORD)
        root.expect(r"^Salon : tapez un numéro\.")
        mia = _registered(server, tmp_path / "mia", "Mia", "fr")
        root.send("rôle Mia modératrice")
        root.expect(r"^Fait\.$")
        mia.expect(r"^Root a fait de vous un modérateur de ce serveur\.$")
        root.send("role Mia joueur")
        root.expect(r"^Fait\.$")
        mia.expect(r"^Root a fait de vous un joueur de ce serveur\.$")
        root.send("rôle Mia chef")
        root.expect(r"^Aucun compte nommé Mia, ou pas de tel rôle : modérateur,"
                    r" administrateur ou joueur\.$")
        root.send("journal")  # the record says the roles as words, "player" too
        root.expect(r" : server a fait de Root un administrateur\.$")
        root.expect(r" : Root a fait de Mia un modérateur\.$")
        root.expect(r" : Root a fait de Mia un joueur\.$")
        for player in (root, mia):
            player.kill()
    finally:
        server.kill()
