"""The page's files as the server sends them: language, security headers, size, BRF."""

from __future__ import annotations

import http.client
import re
from pathlib import Path

import pytest

from tests.net.clients import Server

pytestmark = pytest.mark.timeout(60)


def get(server: Server, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.request("GET", path, headers=headers)
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        conn.close()


def test_the_page_speaks_the_browsers_language_with_a_strict_policy(server: Server) -> None:
    status, headers, body = get(server, "/", **{"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"})
    page = body.decode("utf-8")
    assert status == 200
    assert '<html lang="fr">' in page
    assert "Journal de la partie" in page and "Envoyer" in page
    # the page's own lines, as a French listener understands them the first time
    assert "navigateur (coupée quand un lecteur" in page
    assert "Vous avez quitté le serveur. Appuyez sur Entrée" in page
    policy = headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy
    assert headers["x-content-type-options"] == "nosniff"
    # no inline script, no inline style, nothing from another host
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)
    assert " style=" not in page and "<style" not in page
    assert not re.search(r"(?:src|href)=\"(?:https?:)?//", page)
    _, _, english = get(server, "/?lang=en", **{"Accept-Language": "fr"})
    assert b'<html lang="en">' in english and b"Game log" in english


def test_the_page_and_its_script_weigh_under_100_kb(server: Server) -> None:
    total = 0
    for path, kind in (("/", "text/html"), ("/app.js", "text/javascript"),
                       ("/app.css", "text/css")):
        status, headers, body = get(server, path)
        assert status == 200 and headers["content-type"].startswith(kind)
        total += len(body)
    assert total < 100_000, total


def test_cues_rules_in_braille_and_a_missing_page(server: Server) -> None:
    status, headers, body = get(server, "/sounds/turn.wav")
    assert status == 200 and headers["content-type"] == "audio/wav" and body[:4] == b"RIFF"
    status, headers, body = get(server, "/brf/pnue-fr.brf")
    assert status == 200 and headers["content-type"] == "application/x-brf"
    text = body.decode("ascii")  # braille ASCII: 40 cells a line, pages of 25 lines
    assert max(len(line) for line in text.replace("\f", "\n").splitlines()) <= 40
    status, _, body = get(server, "/sounds/../../etc/passwd.wav")
    assert status == 404
    status, _, body = get(server, "/nothing", **{"Accept-Language": "fr"})
    assert status == 404 and "Rien ici" in body.decode("utf-8")


def test_the_pages_socket_checks_its_origin(server: Server) -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    url = f"ws://127.0.0.1:{server.port}/web"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin="http://evil.example", open_timeout=5)
    assert refused.value.response.status_code == 403
    with connect(url, origin=f"http://127.0.0.1:{server.port}", open_timeout=5) as ws:
        ws.send('{"t": "hello", "lang": "en", "prefs": {"lang": "en", "name": "Zoe"}}')
        seen = ""
        while "Lobby: type a number." not in seen:
            seen += ws.recv(timeout=10)


def test_no_web_serves_neither_page_nor_socket(tmp_path: Path) -> None:
    server = Server(tmp_path / "db", tmp_path / "home", "--no-web").start()
    try:
        status, _, _ = get(server, "/")
        assert status == 404
    finally:
        server.kill()


def test_the_page_works_under_a_path_of_its_own(server: Server) -> None:
    """Behind a reverse proxy the page lives under a path (``/games/``): every file and
    the socket are found beside it."""
    status, _, page = get(server, "/games/")
    assert status == 200
    assert b'src="app.js"' in page and b'href="app.css"' in page  # relative: beside it
    for path in ("/games/app.js", "/games/app.css", "/games/sounds/vote.wav",
                 "/games/brf/utopia-en.brf"):
        assert get(server, path)[0] == 200, path
