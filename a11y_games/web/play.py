"""What a web player's client does: the language, the name, then the server's lobby and
tables, exactly as ``a11y-games connect`` (:func:`a11y_games.connect.play_at_server`)."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from typing import TYPE_CHECKING, Any

from a11y_games.engine import Msg, Verbosity
from a11y_games.games import all_specs
from a11y_games.i18n import LANGUAGES, Translator
from a11y_games.net.protocol import PEER_HEADER
from a11y_games.ui.client import BrailleOptions, Client
from a11y_games.ui.lobby import kept_tokens
from a11y_games.ui.remote import ConnectionLost, RemoteTable, Session
from a11y_games.ui.settings import Preferences
from a11y_games.web.player import PageSound, PageSpeech, WebPlayer, page_preferences

if TYPE_CHECKING:
    from a11y_games.engine.replay import Replay
    from a11y_games.ui.history import Finished
    from a11y_games.ui.replaying import ReplayClient

__all__ = ["PageLogins", "PageSeats", "play_for_page"]


PAGE_TOKENS = 150
"""Finished games' seat tokens a page keeps for ``history`` (fewer than a terminal's 300:
they come back in the page's hello, a frame of at most 16 KB)."""


class PageSeats:
    """The seat's reconnect token, kept by the page (its local storage) instead of a file:
    a page opened again, or after the server restarted, takes the seat back. The tokens of
    finished games are kept with it (``finished``), for ``history``."""

    def __init__(self, player: WebPlayer, held: Any) -> None:
        self.player = player
        held = held if isinstance(held, dict) else {}
        kept = held.get("finished")
        self.kept = [t for t in kept if isinstance(t, str)][:PAGE_TOKENS] \
            if isinstance(kept, list) else []
        self.held = held if isinstance(held.get("token"), str) else None

    def remembered(self) -> dict[str, Any] | None:
        held = self.held
        if held is None or not isinstance(held.get("token"), str):
            return None
        return held

    def _keep(self) -> None:
        value = dict(self.held or {}, finished=self.kept) if self.kept else self.held
        self.player.keep("seat", None if value is None else _json(value))

    def remember(self, token: str, table: str, seq: int) -> None:
        self.held = {"token": token, "table": table, "seq": seq}
        self._keep()

    def forget(self) -> None:
        self.held = None
        self._keep()

    def finish(self) -> None:
        held = self.remembered()
        if held is not None:
            self.kept = kept_tokens(held["token"], self.kept, PAGE_TOKENS)
        self.forget()

    def finished(self) -> list[str]:
        return list(self.kept)

    def watched(self, token: str) -> None:
        self.kept = kept_tokens(token, self.kept, PAGE_TOKENS)
        self._keep()


class PageLogins:
    """A login's session token, kept by the page (its local storage) instead of the
    settings folder: the page's next visit is logged in by itself."""

    def __init__(self, player: WebPlayer, kept: Any) -> None:
        self.player = player
        self.kept = kept if isinstance(kept, str) and 0 < len(kept) <= 200 else None

    def remembered(self) -> str | None:
        return self.kept

    def remember(self, account: str, token: str) -> Msg | None:
        self.kept = token
        self.player.keep("login", token)
        return None

    def forget(self) -> None:
        self.kept = None
        self.player.keep("login", None)


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _held_seat(text: Any) -> dict[str, Any] | None:
    if not isinstance(text, str) or len(text) > 1000 + 40 * PAGE_TOKENS:
        return None
    with contextlib.suppress(ValueError):
        held = json.loads(text)
        if isinstance(held, dict):
            return held
    return None


class _PageSettings:
    """The player's settings, kept by the page (its storage), not by the server's disk;
    the latest of them, whoever changed them (the client's ``set``, the lobby's ``name``)."""

    def __init__(self, player: WebPlayer, prefs: Preferences) -> None:
        self.player = player
        self.prefs = prefs

    def keep(self, prefs: Preferences) -> Msg | None:
        self.prefs = prefs
        self.player.keep("prefs", json.dumps(dataclasses.asdict(prefs), separators=(",", ":")))
        return None

    def keep_name(self, name: str) -> Msg | None:
        """A name changed in the lobby, for the page's next visit too."""
        try:
            return self.keep(self.prefs.with_value("name", name))
        except ValueError as error:
            return error.args[0]


def _download(player: WebPlayer, client: Client, kind: str, title: str,
              lines: list[str]) -> Msg:
    """``braille save`` for a web player: the BRF document goes to the page, which offers
    it as a link to download (nothing is written on the server)."""
    text = _brf(client, title, lines)
    name = f"{client.table.spec.name}-{kind}.brf"
    what = Msg(f"core.brf.kind.{kind}")
    _offer(player, name, text, client.tr.render(Msg("web.brf.link", what=what, name=name)))
    return Msg("web.brf.ready", what=what)


def _download_record(player: WebPlayer, client: ReplayClient, title: str, lines: list[str],
                     name: str, brf: bool) -> Msg:
    """A replay's ``save [brf] [NAME]`` for a web player: the record (text, or BRF at the
    player's braille settings) goes to the page as a download, never to the server's disk."""
    from a11y_games.ui.replaying import record_name, record_text

    text = _brf(client, title, lines) if brf else record_text(title, lines)
    kind = "brf" if brf else "txt"
    file = record_name(client.replay.spec, client.finished, name, f".{kind}")
    _offer(player, file, text, client.tr.render(Msg(f"web.record.link.{kind}", name=file)),
           kind="text/plain;charset=utf-8" if kind == "txt" else None)
    return Msg("web.record.ready", count=len(lines))


def _brf(client: Client, title: str, lines: list[str]) -> str:
    """A BRF document at the player's braille settings; BrailleError if they cannot be."""
    from a11y_games.ui.embossing import brf_text

    options = client.braille
    return brf_text(title, lines, lang=client.lang, contracted=options.contracted,
                    table=options.table, width=options.width)


def _offer(player: WebPlayer, name: str, text: str, label: str, *,
           kind: str | None = None) -> None:
    """A document shown on the page as a link to download, just after the line that says it
    (``kind``: its media type; BRF by default)."""
    message = {"t": "download", "name": name, "text": text, "label": label}
    if kind is not None:
        message["type"] = kind
    player.after_next_line(message)


def play_for_page(player: WebPlayer) -> int:
    """The web player's whole visit: language, name, lobby, tables, until it leaves."""
    from a11y_games.connect import ask_name, play_at_server
    from a11y_games.launcher import ask_language

    hello = player.hello
    browser = str(hello.get("lang") or "en")[:2].lower()
    browser = browser if browser in LANGUAGES else "en"
    prefs = page_preferences(hello.get("prefs"))
    settings = _PageSettings(player, prefs)
    keep = settings.keep
    reader, writer = player.reader, player.writer
    try:
        if not prefs.lang:  # asked first, the browser's language on Enter
            lang = ask_language(Translator(browser), writer, reader)
            prefs = prefs.with_value("lang", lang)
            keep(prefs)
        lang = prefs.lang or browser
        tr = Translator(lang)
        player.language(lang)
        if not prefs.name:
            prefs = ask_name(prefs, reader, writer, tr, keep=keep)
    except SystemExit:  # the page went away at a first question
        return 0
    player.speech = PageSpeech(player, enabled=prefs.speech == "on")
    player.sound = PageSound(player, enabled=prefs.sound != "off", volume=prefs.volume,
                             muted=prefs.muted)
    player.sound.start()
    specs = all_specs()
    peer = hello.get("peer")
    session = Session(player.uri, name=prefs.name, lang=lang, loop=player.loop,
                      headers={PEER_HEADER: peer} if isinstance(peer, str) and peer else None)
    logins = PageLogins(player, hello.get("login"))
    session.login_token = logins.remembered() or ""  # the page's next visit: logged in
    try:
        session.start()
    except ConnectionLost as error:
        writer.line(tr.render(error.msg))
        return 1

    def options() -> dict[str, Any]:
        """The player's settings for a client (a game's or a replay's), as the page keeps
        them (changed in play too)."""
        now = settings.prefs
        return {"reader": reader, "writer": writer, "lang": lang, "specs": specs,
                "verbosity": Verbosity[now.verbosity.upper()], "prefs": now,
                "speech": player.speech, "sound": player.sound,
                "braille": BrailleOptions(table=now.braille_table or None,
                                          contracted=now.braille_contracted == "on",
                                          width=now.braille_width)}

    def kept_by_page(client: Client) -> None:
        """Its settings kept by the page, its braille files downloaded from it."""
        client.keep_prefs = keep
        client.keep_brf = lambda kind, title, lines, seat: _download(
            player, client, kind, title, lines)

    def make_client(table: RemoteTable) -> Client:
        player.section(Msg("web.section.table", game=table.spec.title), tr)
        client = Client(table, **options())
        kept_by_page(client)
        player.client = client
        return client

    def make_replay(replay: Replay, finished: Finished) -> ReplayClient:
        """``replay N``: its record (``save``) goes to the page, never the server's disk."""
        from a11y_games.ui.replaying import ReplayClient

        player.section(Msg("web.section.replay", game=replay.spec.title), tr)
        client = ReplayClient(replay, finished, **options())
        kept_by_page(client)
        client.keep_record = lambda title, lines, name, brf: _download_record(
            player, client, title, lines, name, brf)
        return client

    try:
        return play_at_server(session, reader=reader, writer=writer, tr=tr, specs=specs,
                              prefs=prefs, seats=PageSeats(player, _held_seat(hello.get("seat"))),
                              make_client=make_client, make_replay=make_replay,
                              address=hello.get("address") or None,
                              keep_name=settings.keep_name, logins=logins,
                              on_lobby=lambda: player.section(Msg("web.section.lobby"), tr))
    except ConnectionLost as error:
        writer.line(tr.render(error.msg))
        return 1
    finally:
        session.close()
