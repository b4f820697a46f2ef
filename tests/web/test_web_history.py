"""``history`` at the web page: a guest's finished game is found by the seat token the
page keeps (its storage, not the server's disk), on this visit and the next."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.net.clients import Server
from tests.net.test_remote_play import a_game_to_its_end, create_table, play
from tests.web.browser import BrowserPlayer
from tests.web.test_browser_play import enter

pytestmark = [pytest.mark.timeout(400), pytest.mark.e2e]
LINE = (r"^1\. \d{4}-\d\d-\d\d \d\d:\d\d, PNUE — Mr Dollar with you(, \w+)+:"
        r" (won by .+|nobody won); you (won|lost)\.$")


def test_a_guest_s_page_keeps_its_finished_games_for_history(
        server: Server, browser: Callable[..., BrowserPlayer]) -> None:
    ana = browser("Ana", "en-US")
    enter(ana, "Ana")
    a_game_to_its_end(ana, game="pnue", players=5, seed=4, until=300)
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


def test_a_page_that_watched_a_game_finds_it_in_history_on_its_next_visit(
        server: Server, tmp_path: Path, browser: Callable[..., BrowserPlayer]) -> None:
    """Eve watches Ana's game from her browser to its end: history says "you watched",
    replay 1 is the public view (no role of anyone's), and her next visit of the page still
    finds it (the watch token is kept by her page, not by the server's disk)."""
    from tests.net.clients import Player

    ana = Player(server.url, tmp_path / "ana", "Ana")
    create_table(ana, game="pnue", players=5, bots=4)
    ana.expect(r"you have seat 1 of 5")
    eve = browser("Eve", "en-US")
    enter(eve, "Eve")
    eve.send("4")  # watch a game
    eve.expect(r"Which table")
    eve.send("1")
    eve.expect(r"PNUE — Mr Dollar: you watch\.")
    ana.send("start")
    play({"Ana": (ana, "en")}, seed=5)
    eve.expect(r"^Game over\.", timeout=60)
    eve.send("quit")
    eve.expect(r"^Back at the lobby\.")
    watched = (r"^1\. \d{4}-\d\d-\d\d \d\d:\d\d, PNUE — Mr Dollar with Ana(, \w+)+:"
               r" (won by .+|nobody won); you watched\.$")
    eve.send("history")
    eve.expect(r"^1 finished game, newest first:$")
    eve.expect(watched)
    eve.send("replay 1")
    eve.expect(r"^You see the public view\.$")
    eve.send("end")
    eve.expect(r"^Game over\.|^The (ecologists|lobbyists) win|^Mr Dollar")
    eve.send("quit")
    eve.expect(r"^Replay closed\.$")
    eve.send("quit")  # leaves the server; Enter on the page comes back: a new visit
    eve.expect(r"^(Goodbye|Bye)")
    eve.send("")
    eve.expect(r"^Lobby: type a number\.", timeout=30)
    eve.send("history")
    eve.expect(r"^1 finished game, newest first:$")
    eve.expect(watched)
    ana.close_input()
    assert ana.wait() == 0
