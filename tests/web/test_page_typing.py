"""Every line a page sends is read by its player, however fast the lines come.

A player answering at once (a script, a braille display's keys, a paste) typed more than
30 lines in 10 s: the page's socket dropped the rest without a word, and a PNUE game at 3
seemed stalled at the claim menu of a vote (the answer typed there was never read). The
lines beyond the limit now wait their turn; only a flood no person types closes the page.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from a11y_games.web.gateway import FLOOD, LINES_BURST, LINES_HELD
from tests.answering import Answerer
from tests.net.clients import Server
from tests.web.browser import BrowserPlayer
from tests.web.test_workers import Page

pytestmark = pytest.mark.timeout(150)


async def _count(page: Page, text: str, count: int, timeout: float) -> None:
    """Wait until ``count`` lines of the page are ``text``."""
    deadline = time.monotonic() + timeout
    while sum(line == text for line in page.lines) < count:
        left = deadline - time.monotonic()
        assert left > 0, f"{sum(line == text for line in page.lines)} of {count}: {text!r}"
        try:
            message = json.loads(await asyncio.wait_for(page.ws.recv(), left))
        except TimeoutError:
            continue  # said by the assertion above
        if message.get("t") == "lines":
            page.lines += [line["text"] for line in message["lines"]]


def test_lines_typed_faster_than_the_limit_are_each_answered_in_turn(tmp_path: Path) -> None:
    server = Server(tmp_path / "db", tmp_path / "home").start()

    async def visit() -> None:
        page = await Page.open(server)
        await page.to_the_lobby("Ana")
        typed = LINES_BURST + 10
        for _ in range(typed):
            await page.send("who")
        await _count(page, "You: in the lobby.", typed, 60)  # none lost
        await page.ws.close()

    try:
        asyncio.run(asyncio.wait_for(visit(), 100))
    finally:
        server.kill()


def test_lines_still_waiting_when_the_page_goes_are_read_all_the_same(tmp_path: Path) -> None:
    """A reload (or a lost connection) just after lines typed fast: the player, who
    outlives the page, reads them all, and the page opened again shows their answers."""
    server = Server(tmp_path / "db", tmp_path / "home").start()

    async def visit() -> None:
        page = await Page.open(server)
        session = ""
        while not session:  # the page's player, to come back to
            message = json.loads(await asyncio.wait_for(page.ws.recv(), 10))
            session = message.get("id", "") if message.get("t") == "session" else ""
            if message.get("t") == "lines":
                page.lines += [line["text"] for line in message["lines"]]
        await page.to_the_lobby("Ana")
        typed = LINES_BURST + 10
        for _ in range(typed):
            await page.send("who")
        await page.ws.close()
        again = Page(await connect(f"{server.url}/web",
                                   origin=server.url.replace("ws://", "http://")))
        await again.ws.send(json.dumps({"t": "hello", "lang": "en", "session": session}))
        await _count(again, "You: in the lobby.", typed, 60)
        await again.ws.close()

    try:
        asyncio.run(asyncio.wait_for(visit(), 100))
    finally:
        server.kill()


def test_a_flood_of_lines_no_person_types_closes_the_page(tmp_path: Path) -> None:
    server = Server(tmp_path / "db", tmp_path / "home").start()

    async def visit() -> int | None:
        page = await Page.open(server)
        await page.to_the_lobby("Ana")
        for _ in range(LINES_BURST + LINES_HELD + 1):
            await page.send("who")
        with pytest.raises(ConnectionClosed):
            while True:
                await asyncio.wait_for(page.ws.recv(), 20)
        return page.ws.close_code

    try:
        assert asyncio.run(asyncio.wait_for(visit(), 60)) == FLOOD
    finally:
        server.kill()


def test_a_pnue_game_at_3_answered_at_once_with_claims_at_votes_ends(tmp_path: Path) -> None:
    """Ana answers every question the moment it is asked, at random, so she opens the
    claim menu at votes and steps back out of it (PN-19): with the normal bots' instant
    answers that is more than 30 lines in 10 s. The game ends: no answer of hers lost."""
    server = Server(tmp_path / "db", tmp_path / "home", "--seed", "819").start()

    async def visit() -> list[str]:
        page = await Page.open(server)
        await page.to_the_lobby("Ana")
        await page.send("create pnue 3 bots 2 delay 1")
        await page.expect("you have seat 1 of 3")
        await page.send("start")
        answerer, read = Answerer(8190), len(page.lines)
        deadline = time.monotonic() + 90
        while not any(line.startswith("Game over.") for line in page.lines):
            left = deadline - time.monotonic()
            assert left > 0, "\n".join(page.lines[-30:])
            try:
                message = json.loads(await asyncio.wait_for(page.ws.recv(), min(left, 20)))
            except TimeoutError:
                raise AssertionError("stalled:\n" + "\n".join(page.lines[-30:])) from None
            if message.get("t") == "lines":
                page.lines += [line["text"] for line in message["lines"]]
            for line in page.lines[read:]:
                answerer.feed(line)
                if re.match(r"^Race! ", line):
                    await page.send("")
            read = len(page.lines)
            answer = answerer.answer()
            if answer is not None:
                await page.send(answer)
        await page.ws.close()
        return page.lines

    try:
        lines = asyncio.run(asyncio.wait_for(visit(), 120))
    finally:
        server.kill()
    assert any(line.startswith("Claim about which turn?") or "public claim" in line
               for line in lines)


@pytest.mark.e2e
def test_a_page_closed_as_a_flood_says_why(server: Server, browser: Callable[..., BrowserPlayer]
                                           ) -> None:
    """A flood closes the page's socket; the page says why in the player's language (not
    that the server takes no more connections from here), and comes back by itself."""
    from tests.web.test_browser_play import enter

    eve = browser("Eve", "fr-FR")
    enter(eve, "Eve")
    eve.expect(r"^Salon : tapez un numéro\.")
    for _ in range(LINES_BURST + LINES_HELD + 2):
        eve.send("qui")
    eve.expect(r"^Trop de lignes d'un coup : les dernières n'ont pas été envoyées\."
               r" Reconnexion automatique\.$", timeout=30)
    eve.expect(r"^Salon : tapez un numéro\.", timeout=30)


@pytest.mark.timeout(10)
def test_lines_sent_for_a_table_taken_away_are_not_read_by_the_next_prompt() -> None:
    """A kick at the page: the answers sent for the table and not read yet are handed back
    (the client says them as not sent), never read by the lobby's prompt, where "1" would
    join a table; the page's end stays the end."""
    from a11y_games.web.player import PageReader

    reader = PageReader()
    reader.typed("1\n3")
    reader.typed("  ")
    reader.closed()
    assert reader.take_typed() == "1, 3"
    assert reader.take_typed() == ""
    with pytest.raises(EOFError):
        reader.read("Lobby> ")
