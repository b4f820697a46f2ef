"""The web page's files, served by the table server itself: one HTML page in the player's
language, one script, one style sheet, the sound cues and the rules as BRF.

No framework, no build step, nothing fetched from another host. The page's own words come
from the catalogues (domain ``web``), escaped into the HTML; every game line arrives later
over the page's WebSocket and is inserted as text by the script.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from a11y_games.engine import Msg
from a11y_games.games import all_specs
from a11y_games.i18n import LANGUAGES, Translator

__all__ = ["CSP", "Page", "page_language", "refused", "respond"]

STATIC = Path(__file__).resolve().parent / "static"
SOUNDS = Path(__file__).resolve().parent.parent / "sounds"

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "media-src 'self'; connect-src 'self' blob:; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")
"""No inline script or style, nothing from another host; the WebSocket to this host only."""

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}

_CUE = re.compile(r"/sounds/([a-z_]{1,40})\.wav$")
_BRF = re.compile(r"/brf/([a-z]{1,20})-(en|fr)\.brf$")

_WORDS = ("title", "connecting", "connected", "lost", "back", "ended", "refused", "flood",
          "log_heading", "command_label", "command_hint", "send", "settings_heading",
          "speech_label", "sound_label", "braille_heading", "noscript")


@dataclass(frozen=True)
class Page:
    """One answer to a GET: status, content type, body (headers: :data:`HEADERS`)."""

    status: int
    content_type: str
    body: bytes


def page_language(path: str, accept_language: str | None) -> str:
    """``?lang=fr`` if given, else the first of the browser's languages we have, else
    English."""
    query = parse_qs(urlsplit(path).query)
    asked = (query.get("lang") or [""])[0]
    if asked in LANGUAGES:
        return asked
    for part in (accept_language or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


@lru_cache(maxsize=4)
def _index(lang: str) -> bytes:
    tr = Translator(lang)
    words = {name: html.escape(tr.render(Msg(f"web.page.{name}")), quote=True)
             for name in _WORDS}
    links = []
    for spec in all_specs().values():
        for code in LANGUAGES:
            label = tr.render(Msg("web.page.brf_link", game=spec.title,
                                  language=Msg(f"core.lang.{code}")))
            links.append(f'<li><a href="brf/{spec.name}-{code}.brf" download>'
                         f"{html.escape(label)}</a></li>")
    text = (STATIC / "index.html").read_text(encoding="utf-8")
    # the status line carries the page's own words for a lost and returning connection
    text = text.replace(
        '<p id="status" class="status">',
        '<p id="status" class="status" data-connected="{connected}" data-lost="{lost}" '
        'data-back="{back}" data-ended="{ended}" data-refused="{refused}" '
        'data-flood="{flood}">')
    return text.format(lang=lang, brf_links="\n".join(links), **words).encode("utf-8")


@lru_cache(maxsize=32)
def _file(path: Path) -> bytes:
    return path.read_bytes()


def _rules_brf(game: str, lang: str) -> bytes | None:
    from a11y_games.output.braille import BrailleError
    from a11y_games.ui.embossing import brf_text, document

    spec = all_specs().get(game)
    if spec is None:
        return None
    title, lines = document("rules", spec, lang)
    try:
        return brf_text(title, lines, lang=lang).encode("ascii")
    except BrailleError:
        return None


def respond(path: str, accept_language: str | None = None) -> Page:
    """The answer to ``GET path``: the page, its script and style, a cue, a BRF file, or
    404 (in the browser's language)."""
    route = urlsplit(path).path  # behind a proxy, under a path of its own: by the end
    if route.endswith(("/", "/index.html")):
        return Page(200, "text/html; charset=utf-8",
                    _index(page_language(path, accept_language)))
    if route.endswith("/app.js"):
        return Page(200, "text/javascript; charset=utf-8", _file(STATIC / "app.js"))
    if route.endswith("/app.css"):
        return Page(200, "text/css; charset=utf-8", _file(STATIC / "app.css"))
    cue = _CUE.search(route)
    if cue and (SOUNDS / f"{cue.group(1)}.wav").is_file():
        return Page(200, "audio/wav", _file(SOUNDS / f"{cue.group(1)}.wav"))
    brf = _BRF.search(route)
    if brf:
        body = _rules_brf(brf.group(1), brf.group(2))
        if body is not None:
            return Page(200, "application/x-brf", body)
    lang = page_language(path, accept_language)
    return Page(404, "text/plain; charset=utf-8",
                Translator(lang).render(Msg("web.page.not_found")).encode("utf-8"))


def refused(path: str, accept_language: str | None) -> str:
    """Why a page's socket from another address is refused, in the browser's language."""
    lang = page_language(path, accept_language)
    return Translator(lang).render(Msg("web.error.origin")) + "\n"
