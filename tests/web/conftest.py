"""A real server process serving the web page, and real browsers at it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.net.clients import Server, kill_leftovers
from tests.web.browser import BrowserPlayer, have_browser


@pytest.fixture(autouse=True)
def _no_process_left() -> Iterator[None]:
    yield
    kill_leftovers()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "db", tmp_path / "server-home", "--seed", "7").start()
    yield running
    running.kill()


@pytest.fixture
def browser(tmp_path: Path, server: Server) -> Iterator[Callable[..., BrowserPlayer]]:
    """``browser(name, lang="en-US", path="/")``: a browser of its own at the server's
    page."""
    if not have_browser():
        pytest.fail("chromium, chromium-driver and selenium are needed: run make install")
    opened: list[BrowserPlayer] = []

    def open_one(name: str, lang: str = "en-US", path: str = "/") -> BrowserPlayer:
        page = BrowserPlayer(server.url.replace("ws://", "http://") + path,
                             tmp_path / f"profile-{name.lower()}-{len(opened)}", lang=lang,
                             name=name)
        opened.append(page)
        return page

    yield open_one
    for page in opened:
        page.quit()
