"""The web page in a real browser (Debian's chromium), keyboard events only: people in
browsers and in a terminal at one table, each hearing only their own seat in their own
language; the page as a screen reader sees it; hostile text; a reload mid-vote."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.net.clients import Player, Server
from tests.net.test_remote_play import create_table, join_first_table, play
from tests.web.browser import BrowserPlayer

pytestmark = [pytest.mark.timeout(300), pytest.mark.e2e]

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / ".venv" / "node" / "node_modules" / "axe-core" / "axe.min.js"
ROLE = re.compile(r"^(Your role|Votre rôle)")


def enter(page: BrowserPlayer, name: str) -> None:
    """A first visit: the language (the browser's on Enter), then the name."""
    page.expect(r"^Language\? Langue \?|^Langue \? Language\?")
    page.send("")
    page.expect(r"Your name at network tables|Votre nom aux tables")
    page.send(name)


def three_answers_in(page: BrowserPlayer) -> BrowserPlayer:
    """Ana's page at a PNUE game at 5 (4 bots, a lost seat held at once) begun, her first
    3 questions answered."""
    enter(page, "Ana")
    create_table(page, game="pnue", players=5, bots=4, delay_minutes=0)
    page.expect(r"you have seat 1 of 5")
    page.send("start")
    play({"Ana": (page, "en")}, seed=4, until=60, stop_after=("Ana", 3))
    return page


def before_the_end(lines: list[str]) -> list[str]:
    ends = [i for i, line in enumerate(lines) if re.match(r"^(Game over|Partie terminée)", line)]
    return lines[:ends[0]] if ends else lines


def test_two_browsers_a_terminal_and_a_spectator_play_pnue_to_the_end(
        server: Server, browser: Callable[..., BrowserPlayer], tmp_path: Path) -> None:
    ana = browser("Ana", "en-US")
    enter(ana, "Ana")
    create_table(ana, game="pnue", players=5, bots=2)
    ana.expect(r"you have seat 1 of 5")
    bo = browser("Bo", "fr-FR")
    enter(bo, "Bo")
    join_first_table(bo)
    bo.expect(r"vous avez la place \d sur 5")
    cy = Player(server.url, tmp_path / "cy", "Cy", "en")  # a terminal at the same table
    join_first_table(cy)
    cy.expect(r"you have seat \d of 5")
    ana.expect(r"Cy sits at the table\.")
    wim = browser("Wim", "en-GB")
    enter(wim, "Wim")
    wim.expect(r"^Lobby: type a number\.")
    wim.send("4")  # watch a game
    wim.expect(r"Which table")
    wim.send("1")
    wim.expect(r"PNUE — Mr Dollar: you watch\.")
    ana.send("start")
    for player, welcome in ((ana, "Welcome to PNUE"), (bo, "Bienvenue dans PNUE"),
                            (cy, "Welcome to PNUE"), (wim, "Welcome to PNUE")):
        player.expect(welcome, timeout=30)
    play({"Ana": (ana, "en"), "Bo": (bo, "fr"), "Cy": (cy, "en")}, seed=5, until=240)
    wim.expect(r"^Game over\.", timeout=30)
    for page in (ana, bo, wim):
        page._pull(0.5)
    # each seat heard its own role once, and nobody else's, before the end
    for page in (ana, bo):
        roles = [line for line in before_the_end(page.lines) if ROLE.match(line)]
        assert len(roles) == 1, roles
    assert not [line for line in before_the_end(wim.lines) if ROLE.match(line)]
    assert any(re.search(r"is President\.$", line) for line in wim.lines)  # the public view
    french, english = bo.text(), ana.text()
    # Bo's page came in French from his browser; his log is read in French
    assert bo.driver.execute_script("return document.getElementById('log').lang") == "fr"
    assert "Partie terminée." in french and "Game over." not in french
    assert "Game over." in english and "Partie terminée" not in english
    for text in (french, english, wim.text()):
        assert "Traceback" not in text
        assert not re.findall(r"\b(?:online|core|net|pnue|web)\.[a-z_]+\.[a-z_.]+", text)
    cy.close_input()
    assert cy.wait() == 0
    # headings a screen reader jumps to: where the lobby and the table began
    headings = ana.driver.execute_script(
        "return [...document.querySelectorAll('#log h3')].map(h => h.textContent)")
    assert headings[:2] == ["Lobby", "Table: PNUE — Mr Dollar"], headings


def _ax_nodes(page: BrowserPlayer) -> list[dict]:
    page.driver.execute_cdp_cmd("Accessibility.enable", {})
    return page.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]


def _prop(node: dict, name: str) -> object:
    for prop in node.get("properties", []):
        if prop["name"] == name:
            return prop["value"].get("value")
    return None


def _axe(page: BrowserPlayer) -> list[dict]:
    page.driver.execute_script(AXE.read_text(encoding="utf-8"))
    return page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then(r => done(r.violations.map("
        "v => ({id: v.id, nodes: v.nodes.map(n => n.html)}))));")


def test_the_page_as_a_screen_reader_meets_it(server: Server,
                                               browser: Callable[..., BrowserPlayer]) -> None:
    """The log is a live region, the field is labelled and has the focus; axe finds
    nothing wrong in the lobby nor during a game."""
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail(f"axe-core is missing: {AXE} (make install puts it there)")
        pytest.skip("axe-core is not installed (npm)")
    ana = browser("Ana", "en-US")
    enter(ana, "Ana")
    ana.expect(r"^Lobby: type a number\.")
    nodes = _ax_nodes(ana)
    logs = [n for n in nodes if n.get("role", {}).get("value") == "log"]
    assert len(logs) == 1 and _prop(logs[0], "live") == "polite"
    assert logs[0]["name"]["value"] == "Game log"
    focused = [n for n in nodes if _prop(n, "focused")
               and n["role"]["value"] != "RootWebArea"]  # the document has the focus too
    assert len(focused) == 1 and focused[0]["role"]["value"] == "textbox"
    assert focused[0]["name"]["value"] == "Command"
    headings = [n["name"]["value"] for n in nodes if n.get("role", {}).get("value") == "heading"]
    assert "Game log" in headings and "Lobby" in headings
    assert _axe(ana) == []
    ana.seen = ana.lines.index("Lobby: type a number.")  # the create dialogue starts there
    create_table(ana, game="pnue", players=5, bots=4)
    ana.send("start")
    ana.expect(r"^Welcome to PNUE")
    turn = ana.expect(r"^Your turn: ", timeout=30).string
    assert _axe(ana) == []
    # a turn interrupts (the log turns assertive for it, and shows it in bold); others wait
    urgent = ana.driver.execute_script(
        "return [...document.querySelectorAll('#log p.urgent')].map(p => p.textContent)")
    assert turn in urgent and "Welcome to PNUE — Mr Dollar." not in urgent
    # the terminal's cues, played by the page once a key was pressed: the turn's among them
    heard = ana.driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => n.includes('/sounds/'))")
    assert any(name.endswith(("/sounds/turn.wav", "/sounds/vote.wav")) for name in heard)
    ana.send("sound off")
    ana.expect(r"^Sound off\.|^Sound is off")
    assert not ana.driver.find_element("id", "page-sound").is_selected()
    assert ana.driver.switch_to.active_element.get_attribute("id") == "command"
    # the player's card in braille: a download from the page, nothing kept on the server
    ana.send("braille save card")
    ana.expect(r"^Braille file of your card ready: the link below downloads it\.")
    ana.expect(r"^Download the braille file of your card \(pnue-card\.brf\)")
    brf = ana.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const a = document.querySelector('#log a[download=\"pnue-card.brf\"]');"
        "fetch(a.href).then(r => r.text()).then(done);")
    assert brf and all(ord(c) < 128 for c in brf)
    assert max(len(line) for line in brf.replace("\f", "\n").splitlines()) <= 40
    assert not list(server.data.parent.rglob("*.brf"))


def test_hostile_text_is_shown_as_text(server: Server, browser: Callable[..., BrowserPlayer],
                                       tmp_path: Path) -> None:
    hostile = "<img src=x onerror=alert(1)>"
    ana = browser("Ana", "en-US")
    enter(ana, hostile)
    create_table(ana, game="pnue", players=5, bots=3)
    ana.expect(r"you have seat 1 of 5")
    bo = browser("Bo", "en-US")
    enter(bo, "Bo")
    join_first_table(bo)
    bo.expect(r"you have seat \d of 5")
    ana.expect(r"Bo sits at the table\.")
    ana.send("start")
    bo.expect(r"^Welcome to PNUE", timeout=30)
    ana.send(f"say {hostile} <script>document.title='owned'</script>")
    # said once Bo has answered the question he is asked (chat never cuts a question)
    play({"Bo": (bo, "en"), "Ana": (ana, "en")}, seed=2, until=60,
         until_line=("Bo", re.escape(hostile) + r".*<script>document\.title"))
    assert any(line.startswith(f"{hostile} says: {hostile} <script>") for line in bo.lines)
    # a terminal escape sequence sent by a script of the page's protocol
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{server.port}/web", origin=f"http://127.0.0.1:{server.port}",
                 open_timeout=5) as raw:
        raw.send(json.dumps({"t": "hello", "lang": "en",
                             "prefs": {"lang": "en", "name": "Esc\x1b[2J"}}))
        seen = ""
        while "Lobby: type a number." not in seen:
            seen += raw.recv(timeout=10)
        assert "\x1b" not in seen
    for page in (ana, bo):
        made = page.driver.execute_script(
            "return document.querySelectorAll('#log img, #log script').length")
        assert made == 0
        assert page.driver.title != "owned"
        assert page.driver.execute_script("return document.querySelectorAll('img').length") == 0


def test_a_reload_in_the_middle_of_a_vote_asks_the_vote_again(
        server: Server, browser: Callable[..., BrowserPlayer]) -> None:
    ana = browser("Ana", "en-US")
    enter(ana, "Ana")
    create_table(ana, game="pnue", players=5, bots=4)
    ana.expect(r"you have seat 1 of 5")
    ana.send("start")
    play({"Ana": (ana, "en")}, seed=3, until=60, until_line=("Ana", r"^Approve .+\?$"))
    question = ana.lines[ana.seen - 1]
    ana.reload()
    ana.expect(re.escape(question), timeout=20)  # the lines missed come back
    # then the question is asked again in full: a page opened again has lost the list
    ana.expect(r"^Your turn: Approve .+\?$")  # (first said "Approve them?")
    ana.expect(r"^2 choices")
    ana.expect(r"^1\. Yes$")
    assert ana.prompt().strip()  # the prompt is back
    ana.send("1")
    ana.expect(r"^Your vote: ")
    # the same visit: the language is not asked again (its first asking came back, once)
    assert sum(line.startswith("Language?") for line in ana.lines) <= 1


def test_keys_recall_earlier_lines_and_escape_clears(
        server: Server, browser: Callable[..., BrowserPlayer]) -> None:
    from selenium.webdriver.common.keys import Keys

    ana = browser("Ana", "en-US", path="/games/")  # as behind a proxy: its socket beside it
    enter(ana, "Ana")
    ana.expect(r"^Lobby: type a number\.")
    ana.send("help")
    ana.keys(Keys.ARROW_UP)
    assert ana.field_value() == "help"
    ana.keys(Keys.ARROW_UP)
    assert ana.field_value() == "Ana"
    ana.keys(Keys.ARROW_DOWN)
    assert ana.field_value() == "help"
    ana.keys(Keys.ESCAPE)
    assert ana.field_value() == ""
    ana.keys("1 2")
    ana.keys(Keys.ESCAPE)
    assert ana.field_value() == ""


def test_the_page_takes_its_seat_back_after_the_server_restarts(
        tmp_path: Path, browser: Callable[..., BrowserPlayer], server: Server) -> None:
    """The server is killed mid-game and started again on its port: the page reconnects
    by itself and takes its seat back with the token it keeps (no question asked again)."""
    ana = three_answers_in(browser("Ana", "en-US"))
    port = server.port
    server.kill()
    ana.expect(r"^Connection lost: reconnecting by itself\.", timeout=20)
    again = Server(server.data, tmp_path / "server-home", "--seed", "7").start(port=port)
    try:
        ana.expect(r"^Connected again\.", timeout=30)
        back = ana.seen
        ana.expect(r"You take back your seat at PNUE", timeout=30)
        play({"Ana": (ana, "en")}, seed=6, until=60, stop_after=("Ana", 2))
        after = "\n".join(ana.lines[back:])
        assert "Your name at network tables" not in after and "Language?" not in after
    finally:
        again.kill()


def test_at_200_percent_zoom_nothing_scrolls_sideways(
        server: Server, browser: Callable[..., BrowserPlayer]) -> None:
    """A 640-pixel window at 200 % is 320 CSS pixels wide: the page reflows, the lines
    wrap, nothing needs a horizontal scroll."""
    ana = browser("Ana", "en-US")
    ana.driver.set_window_size(640, 800)
    ana.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 320, "height": 400, "deviceScaleFactor": 2, "mobile": False})
    enter(ana, "Ana" * 12)  # a long name: a long line
    ana.expect(r"^Lobby: type a number\.")
    ana.send("help")
    ana._pull(1.0)
    wide = ana.driver.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide[0] <= wide[1], wide
    assert ana.driver.switch_to.active_element.get_attribute("id") == "command"
    # the newest line is in view (the page follows it), above the field
    seen = ana.driver.execute_script(
        "const r = document.getElementById('log').lastElementChild.getBoundingClientRect();"
        "const f = document.getElementById('command').getBoundingClientRect();"
        "return [r.top, r.bottom, f.top];")
    assert seen[0] >= 0 and seen[1] <= seen[2], seen  # [line top, line bottom, field top]


def test_a_language_chosen_on_the_page_is_the_logs_language(
        server: Server, browser: Callable[..., BrowserPlayer]) -> None:
    """An English browser, French chosen: the game speaks French, and the log says so to
    the screen reader (its lang), so that a French voice reads it; kept for next time."""
    ana = browser("Ana", "en-US")
    ana.expect(r"^Language\? Langue \? Enter for 1\.")
    ana.send("2")
    ana.expect(r"^Votre nom aux tables en réseau")
    assert ana.driver.execute_script("return document.getElementById('log').lang") == "fr"
    assert ana.driver.execute_script("return document.documentElement.lang") == "en"
    ana.send("Ana")
    ana.expect(r"^Salon : tapez un numéro\.")
    kept = ana.driver.execute_script(
        "return JSON.parse(localStorage.getItem('prefs:' + location.host))")
    assert kept["lang"] == "fr" and kept["name"] == "Ana"
    ana.send("name Zoé")  # a new name in the lobby: kept by the page too
    ana.expect(r"^Votre nom est maintenant Zoé\.")
    kept = ana.driver.execute_script(
        "return JSON.parse(localStorage.getItem('prefs:' + location.host))")
    assert kept["name"] == "Zoé" and kept["lang"] == "fr"
    ana.driver.execute_script("sessionStorage.clear()")  # a new visit, another day
    ana.reload()
    ana.expect(r"^Salon : tapez un numéro\.")  # straight to the lobby, in French
    assert not any(line.startswith(("Language?", "Langue", "Votre nom")) for line in ana.lines)


def test_a_page_refused_by_the_servers_limits_says_so(
        tmp_path: Path, browser: Callable[..., BrowserPlayer]) -> None:
    """One connection allowed from this address: a second page is refused, and says that
    the server takes no more connections from here (not a silent "reconnecting")."""
    from a11y_games.net.limits import ENVIRONMENT

    tight = Server(tmp_path / "db2", tmp_path / "home2", "--lang", "en")
    tight.env[ENVIRONMENT] = "connections=1"
    tight.start()
    try:
        url = tight.url.replace("ws://", "http://") + "/"
        first = BrowserPlayer(url, tmp_path / "first", name="Ana")
        second = BrowserPlayer(url, tmp_path / "second", name="Bo")
        try:
            enter(first, "Ana")
            first.expect(r"^Lobby: type a number\.")
            second.expect(r"^The server takes no more connections from here for now")
        finally:
            first.quit()
            second.quit()
    finally:
        tight.kill()
