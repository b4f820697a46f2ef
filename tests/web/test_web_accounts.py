"""Accounts at the web page: a password typed in a password field that keeps it out of
the log and of Up's recall, and the page's next visit logged in by itself (its token kept
by the page, as a terminal keeps it in a file only its user reads)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

from tests.net.clients import Server
from tests.web.browser import BrowserPlayer
from tests.web.test_browser_play import enter
from tests.web.test_workers import Page

pytestmark = [pytest.mark.timeout(240)]
SECRET = "correct horse battery"


def field_type(page: BrowserPlayer) -> str:
    return page.driver.find_element("id", "command").get_attribute("type") or ""


@pytest.mark.e2e
def test_a_password_is_typed_unseen_and_the_page_stays_logged_in(
        server: Server, browser: Callable[..., BrowserPlayer]) -> None:
    ana = browser("Ana", "en-US")
    enter(ana, "Ana")
    ana.expect(r"^Lobby: type a number\.")
    assert field_type(ana) == "text"
    ana.send("register")
    ana.expect(r"^Choose a password for Ana: 8 characters or more\. It is not shown\.$")
    assert field_type(ana) == "password", "what is typed is hidden"
    ana.send(SECRET)
    ana.expect(r"^Type it again\.$")
    assert field_type(ana) == "password"
    ana.send(SECRET)
    ana.expect(r"^Ana is registered, and you are logged in\.$")
    ana.expect(r"^Lobby: type a number\.")
    assert field_type(ana) == "text", "a plain field again after it"
    ana.keys(Keys.ARROW_UP)
    assert ana.field_value() == "register", "Up never brings a password back"
    ana.keys(Keys.ESCAPE)
    assert SECRET not in ana.text()
    assert SECRET not in "\n".join(server.output)

    ana.send("quit")  # leaves the server; Enter on the page comes back: a new visit
    ana.expect(r"^(Goodbye|Bye)")
    ana.send("")
    ana.expect(r"^You are logged in as Ana\.$", timeout=30)
    ana.expect(r"^Lobby: type a number\.")
    ana.send("logout")
    ana.expect(r"^You are logged out of Ana")


def test_web_players_share_their_address_limits_with_terminals(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A web player's connection is its page's address to the server (it reaches it over
    the loopback listener): the limit on registrations from one address holds for pages
    too, not only for terminals."""
    monkeypatch.setenv("A11Y_GAMES_LIMITS", "registrations=1")
    server = Server(tmp_path / "db", tmp_path / "home").start()

    async def visit() -> None:
        ana, bo = await Page.open(server), await Page.open(server)
        await ana.to_the_lobby("Ana")
        await bo.to_the_lobby("Bo")
        for page, said in ((ana, "Ana is registered, and you are logged in."),
                           (bo, "1 account registered from your address lately")):
            await page.send("register")
            await page.send(SECRET)
            await page.send(SECRET)
            await page.expect(said)

    try:
        asyncio.run(visit())
    finally:
        server.kill()
