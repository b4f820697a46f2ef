"""A web player's network replay: its record goes to the page as a download (text, or BRF
at the player's braille settings), and nothing is written in the server's or its web
workers' folders (their client runs there, not on the player's computer)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.net.clients import Server
from tests.net.test_remote_play import create_table, play
from tests.web.browser import BrowserPlayer
from tests.web.test_browser_play import enter

pytestmark = [pytest.mark.timeout(400), pytest.mark.e2e]
TITLE = r"PNUE — Mr Dollar, \d{4}-\d\d-\d\d \d\d:\d\d"


def _downloaded(page: BrowserPlayer, name: str) -> str:
    """The text behind the page's download link for ``name``."""
    return page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const a = [...document.querySelectorAll('#log a[download]')]"
        "  .filter(a => a.download === arguments[0]).pop();"
        "fetch(a.href).then(r => r.text()).then(done);", name)


def _written(server: Server) -> list[Path]:
    """Records and braille files in the server's folders (its home and XDG folders, which
    its web workers share, and its database's)."""
    folders = (server.data, Path(server.env["HOME"]))
    return sorted(p for folder in folders for p in folder.rglob("*")
                  if p.suffix in (".txt", ".brf"))


def test_a_web_player_s_replay_record_is_a_download_from_the_page(
        server: Server, browser: Callable[..., BrowserPlayer]) -> None:
    """Ana sets a 20-cell braille width during her game, then goes over it from the lobby:
    ``save`` and ``save brf`` each give a link on the page with the record (its title, her
    seat's lines, "you"), the BRF 20 cells wide; her replay's ``braille save table`` is a
    download too; the server's folders hold no file of hers."""
    ana = browser("Ana", "en-US")
    enter(ana, "Ana")
    create_table(ana, game="pnue", players=5, bots=4)
    ana.expect(r"you have seat 1 of 5")
    ana.send("start")
    ana.expect(r"^Welcome to PNUE")
    ana.send("set braille_width 20")
    ana.expect(r"is now 20\. Remembered for next time\.$")
    ana.send("choices")  # the question again, for the game's answers to come
    play({"Ana": (ana, "en")}, seed=4, until=300)
    ana.send("quit")
    ana.expect(r"^Back at the lobby\.")
    ana.send("replay 1")
    ana.expect(rf"^Replay of {TITLE}: \d+ steps\.$")

    ana.send("save")
    count = int(ana.expect(r"^Record ready, (\d+) lines: the link below downloads it\.$")
                .group(1))
    name = ana.expect(r"^Download the record as text \((pnue-[\d-]+\.txt)\)$").group(1)
    text = _downloaded(ana, name).splitlines()
    assert re.fullmatch(TITLE, text[0]) and text[1] == "" and len(text) - 2 == count
    assert text[2].startswith("5 players: you, ") and text[3] == "You are Ana."
    assert any(re.search(r"(ecologists|lobbyists) win", line) for line in text[-12:])

    ana.send("save brf")
    ana.expect(rf"^Record ready, {count} lines: the link below downloads it\.$")
    name = ana.expect(r"^Download the record in braille \((pnue-[\d-]+\.brf)\)$").group(1)
    brf = _downloaded(ana, name)
    assert brf and all(ord(c) < 128 for c in brf)
    assert max(len(line) for line in brf.replace("\f", "\n").splitlines()) == 20, \
        "her braille width, set in the game, not the default 40"

    ana.send("braille save table")
    ana.expect(r"^Braille file of the table ready: the link below downloads it\.$")
    assert _written(server) == []
    # headings a screen reader jumps to: the replay's own, then the lobby's again
    ana.send("quit")
    ana.expect(r"^Replay closed\.$")
    ana.send("help")  # a lobby's answer: the heading came before it
    ana.expect(r"^create vanuatu 4 rated")
    headings = ana.driver.execute_script(
        "return [...document.querySelectorAll('#log h3')].map(h => h.textContent)")
    assert headings[-2:] == ["Replay: PNUE — Mr Dollar", "Lobby"], headings
