"""``history`` at the web page: a guest's finished game is found by the seat token the
page keeps (its storage, not the server's disk), on this visit and the next."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.net.clients import Server
from tests.net.test_remote_play import create_table, play
from tests.web.browser import BrowserPlayer
from tests.web.test_browser_play import enter

pytestmark = [pytest.mark.timeout(400), pytest.mark.e2e]
LINE = (r"^1\. \d{4}-\d\d-\d\d \d\d:\d\d, PNUE — Mr Dollar with you(, \w+)+:"
        r" (won by .+|nobody won); you (won|lost)\.$")


def test_a_guest_s_page_keeps_its_finished_games_for_history(
        server: Server, browser: Callable[..., BrowserPlayer]) -> None:
    ana = browser("Ana", "en-US")
    enter(ana, "Ana")
    create_table(ana, game="pnue", players=5, bots=4)
    ana.expect(r"you have seat 1 of 5")
    ana.send("start")
    play({"Ana": (ana, "en")}, seed=4, until=300)
    ana.send("quit")
    ana.expect(r"^Back at the lobby\.")
    ana.send("history")
    ana.expect(r"^1 finished game, newest first:$")
    ana.expect(LINE)
    ana.send("quit")  # leaves the server; Enter on the page comes back: a new visit
    ana.expect(r"^(Goodbye|Bye)")
    ana.send("")
    ana.expect(r"^Lobby: type a number\.", timeout=30)
    ana.send("history")
    ana.expect(r"^1 finished game, newest first:$")
    ana.expect(LINE)
