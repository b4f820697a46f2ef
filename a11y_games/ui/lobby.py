"""The lobby of a server: list the open tables, create one, join a seat or watch, wait for
the start. Then the game is played by the same client as at home, through a RemoteTable.

Everything is a short numbered menu or a question with a default on Enter, said as whole
lines before a short prompt. A seat taken is remembered (its token, per server) so that a
client started again after a crash or a closed terminal takes its seat back by itself. A
connection lost in the lobby is said as it happens and tried again; the lobby goes on
once it is back.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from a11y_games.engine import Msg
from a11y_games.engine.files import read_json_dict, write_atomically
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.words import fold, number
from a11y_games.i18n import LANGUAGES, Translator
from a11y_games.net import protocol as p
from a11y_games.ui.account import WORDS as ACCOUNT_WORDS
from a11y_games.ui.account import LoginMemory, Signing, read_secret
from a11y_games.ui.creating import Draft, draft_for, game_named, read_words
from a11y_games.ui.history import Finished, finished_lines, when_said
from a11y_games.ui.keeping import NO, YES
from a11y_games.ui.moderating import WORDS as MOD_WORDS
from a11y_games.ui.moderating import Moderating
from a11y_games.ui.paths import data_dir
from a11y_games.ui.remote import (
    HELD,
    ConnectionLost,
    RemoteTable,
    RequestRefused,
    Session,
    connection_news,
    notice_lines,
)
from a11y_games.ui.settings import Preferences
from a11y_games.ui.terminal import Woken, Writer
from a11y_games.ui.wording import game_words

if TYPE_CHECKING:
    from a11y_games.engine.replay import Replay
    from a11y_games.ui.replaying import ReplayClient

__all__ = ["FileSeats", "Lobby", "SeatMemory", "forget_seat", "remembered_seat", "server_uri"]

DEFAULT_PORT = 8765
_BACK = object()
"""A question answered by going back."""

MENU = ("join", "create", "code", "watch", "quit")
WORDS = {"join": ("join", "rejoindre", "tables", "list", "liste"),
         "create": ("create", "creer", "new", "nouvelle"),
         "code": ("code", "invitation"),
         "watch": ("watch", "regarder", "spectator", "spectateur"),
         "quit": ("quit", "quitter", "exit", "q", "leave", "partir")}
HELP = ("help", "aide", "?", "h")
TELL = ("tell", "chuchoter", "murmurer")
BLOCK = ("block", "bloquer")
UNBLOCK = ("unblock", "debloquer")
BLOCKS = ("blocks", "bloques", "blocages")
ACCEPT = ("accept", "accepter")
FRIEND = ("friend", "ami")
FRIENDS = ("friends", "amis")
NAME = ("name", "nom")
HISTORY = ("history", "historique", "parties")
REPLAY = ("replay", "revoir")
RATING = ("rating", "ratings", "cote", "cotes")
TOP = ("top", "meilleurs")
LOBBY_HELP = 17
"""``online.lobby.help.1`` to ``.17``: the lobby's commands, one a line (then ``rating``'s
and ``top``'s, where the server keeps ratings)."""
HISTORY_PAGES = 20
"""Pages of ``history`` asked at most (the server's pages hold 20 games)."""
WAIT_HELP = 7
"""``online.wait.help.1`` to ``.7``: the waiting room's commands, one a line."""
WAIT_WORDS = {"start": ("start", "commencer", "go", "demarrer"),
              "who": ("who", "qui", "seats", "places"),
              "settings": ("settings", "table", "reglages", "parametres"),
              "say": ("say", "dire", "dis"),
              "tell": ("tell", "chuchoter", "murmurer"),
              "invite": ("invite", "inviter")}


def server_uri(address: str, *, tls: bool = False) -> str:
    """``HOST[:PORT]`` (or a ``ws://``/``wss://`` address) as a WebSocket address."""
    if address.startswith(("ws://", "wss://")):
        return address
    host, _, port = address.rpartition(":") if address.count(":") == 1 else (address, "", "")
    if not host:
        host, port = address, ""
    return f"{'wss' if tls else 'ws'}://{host}:{port or DEFAULT_PORT}"


def _seats_file() -> Path:
    return data_dir() / "online.json"


def _read_seats() -> dict[str, Any]:
    return read_json_dict(_seats_file())


def _write_seats(data: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):  # not kept: the seat is taken back by its name
        write_atomically(_seats_file(), json.dumps(data))


def remembered_seat(uri: str) -> dict[str, Any] | None:
    """The seat this machine holds at ``uri`` (its token and table), if any."""
    seat = _read_seats().get(uri)
    return seat if isinstance(seat, dict) and isinstance(seat.get("token"), str) else None


def remember_seat(uri: str, token: str, table: str, seq: int = 0) -> None:
    """Keep the seat's token (and how far its player has heard, ``seq``)."""
    data = _read_seats()
    data[uri] = {"token": token, "table": table, "seq": seq}
    _write_seats(data)


def forget_seat(uri: str) -> None:
    data = _read_seats()
    if data.pop(uri, None) is not None:
        _write_seats(data)


def _finished_key(uri: str) -> str:
    return f"finished {uri}"


def finished_tokens(uri: str) -> list[str]:
    """The tokens of the seats this machine held at ``uri`` in finished games, newest
    first: the server finds their games for ``history``."""
    return _finished_in(_read_seats(), uri)


def _finished_in(data: dict[str, Any], uri: str) -> list[str]:
    kept = data.get(_finished_key(uri))
    return [t for t in kept if isinstance(t, str)] if isinstance(kept, list) else []


def kept_tokens(token: str, kept: list[str], most: int) -> list[str]:
    """``token`` first, then the others kept, at most ``most``."""
    return [token, *(t for t in kept if t != token)][:most]


def keep_watched(uri: str, token: str) -> None:
    """A game watched at ``uri``: its watch token kept with the finished games' tokens
    (the server lists it in ``history`` once over)."""
    data = _read_seats()
    data[_finished_key(uri)] = kept_tokens(token, _finished_in(data, uri), p.HISTORY_TOKENS)
    _write_seats(data)


def finish_seat(uri: str) -> None:
    """The seat held at ``uri`` is a finished game's: its token goes to the finished ones
    (the newest ``HISTORY_TOKENS``), the seat is no longer taken back."""
    data = _read_seats()
    held = data.pop(uri, None)
    if isinstance(held, dict) and isinstance(held.get("token"), str):
        data[_finished_key(uri)] = kept_tokens(held["token"], _finished_in(data, uri),
                                               p.HISTORY_TOKENS)
    _write_seats(data)


class SeatMemory(Protocol):
    """Where a seat's reconnect token is kept between two visits: a file per server for a
    terminal (:class:`FileSeats`), the page's storage for a web player."""

    def remembered(self) -> dict[str, Any] | None: ...
    def remember(self, token: str, table: str, seq: int) -> None: ...
    def forget(self) -> None: ...
    def finish(self) -> None:
        """The seat's game is over: its token is kept with the finished ones, newest
        first (bounded), for ``history``; the seat is no longer taken back."""
    def finished(self) -> list[str]:
        """The tokens of finished games kept, newest first."""
    def watched(self, token: str) -> None:
        """A game watched: its watch token kept with the finished ones (newest first,
        bounded); the held seat, if any, stays as it was."""


class FileSeats:
    """The seat held at ``uri``, kept in the user's data folder."""

    def __init__(self, uri: str) -> None:
        self.uri = uri

    def remembered(self) -> dict[str, Any] | None:
        return remembered_seat(self.uri)

    def remember(self, token: str, table: str, seq: int) -> None:
        remember_seat(self.uri, token, table, seq)

    def forget(self) -> None:
        forget_seat(self.uri)

    def finish(self) -> None:
        finish_seat(self.uri)

    def finished(self) -> list[str]:
        return finished_tokens(self.uri)

    def watched(self, token: str) -> None:
        keep_watched(self.uri, token)


class Lobby:
    """The lobby dialogue; ``run`` returns the table to play at, or None to leave.
    ``seats`` keeps the seat's token (a file per server by default); ``address`` is the
    server as the player knows it (the session's by default)."""

    def __init__(self, session: Session, *, reader: Any, writer: Writer, tr: Translator,
                 specs: dict[str, GameSpec], level: str = "normal",
                 seats: SeatMemory | None = None, address: str | None = None,
                 keep_name: Callable[[str], Msg | None] | None = None,
                 logins: LoginMemory | None = None,
                 make_replay: Callable[[Replay, Finished], ReplayClient] | None = None,
                 on_lobby: Callable[[], None] = lambda: None) -> None:
        self.make_replay = make_replay or self._replay_client
        """The client of ``replay N``, with the player's settings and where its record
        goes (``keep_record``)."""
        self.on_lobby = on_lobby
        """Said when the player is back in the lobby from a replay (a web page's heading)."""
        self.keep_name = keep_name
        """Where a name changed in the lobby is kept (the settings file; None: not kept)."""
        self.session = session
        self.seats: SeatMemory = seats if seats is not None else FileSeats(session.uri)
        self.address = address or session.uri
        self.reader = reader
        self.out = writer
        self.tr = tr
        self.specs = specs
        self.level = level
        self.played: list[p.PlayedGame] = []
        """The finished games ``history`` last listed: ``replay N`` opens game N."""
        self.last: p.Create | None = None
        """The table this player last created here: the next one's answers on Enter."""
        self._news: list[Msg] = []
        """The connection's comings and goings, said at the next prompt (from its thread)."""
        self._news_lock = threading.Lock()
        self.signing = Signing(self, logins)
        """The account here: register, login, logout, password (``logins`` keeps it)."""
        session.on_notice = self._notice
        self.moderating = Moderating(self)

    def _connection_state(self, what: str, seconds: int) -> None:
        """On the connection's thread: a loss, a retry still going, a return, the end (a
        ban: said by ``read``, which stops the lobby)."""
        with self._news_lock:
            if what == "ended":
                self._news.extend(self.session.ended[:-1])
            else:
                self._news.append(connection_news(what, seconds, seated=False))
        wake = getattr(self.reader, "wake", None)
        if wake is not None:
            wake()

    def _say_news(self) -> None:
        with self._news_lock:
            news, self._news = self._news, []
            notices, self.session.notices = self.session.notices, []
        for notice in notices:  # private lines and friends' news, in the lobby
            news.extend(notice_lines(notice, self.specs))
        if news:
            self.say(*news)

    def _notice(self) -> None:
        """On the connection's thread: a private line or a friend's news, said now."""
        wake = getattr(self.reader, "wake", None)
        if wake is not None:
            wake()

    # --- speaking and asking ------------------------------------------------------------------
    def say(self, *msgs: Msg | str) -> None:
        self.out.lines(self.tr.render(m) for m in msgs)

    def read(self, prompt: Msg, *, wakeable: bool = False, secret: bool = False
             ) -> str | None:
        """One answer; EOFError at end of input (the caller leaves). ``wakeable``: None
        when news from the table ended the prompt (the caller says it, then asks again).
        ``secret``: typed without echo, kept whole (a password)."""
        text = self.tr.render(prompt) + "> "
        self._stop_if_ended()
        self._say_news()
        if not self.reader.interactive:
            self.out.line(text.rstrip())  # a script sees each question
        while True:
            try:
                if secret:
                    return read_secret(self.reader, text).rstrip("\r\n")
                return self.reader.read(text).strip()
            except Woken:
                self._stop_if_ended()
                if wakeable:
                    return None
                self._say_news()  # the connection lost or back: said, then asked again
            except KeyboardInterrupt:
                raise EOFError from None

    def _stop_if_ended(self) -> None:
        """Shut out for good (a ban): what is left to say, then ConnectionLost with the
        last line (the client's end, not another prompt)."""
        if self.session.ended:
            self._say_news()
            raise ConnectionLost(self.session.ended[-1])

    def ask_number(self, question: Msg, low: int, high: int, default: int | None,
                   words: Callable[[str], int | None] | None = None) -> int | None:
        """A number from ``low`` to ``high`` (Enter: ``default``; back, or 0 where 0 is
        not an answer: None)."""
        self.say(question)
        while True:
            answer = self.read(Msg("online.prompt.number")) or ""
            if not answer and default is not None:
                return default
            if fold(answer) in ("back", "retour", *WORDS["quit"]) or (
                    answer == "0" and low > 0):
                return None  # quit leaves the question: back at the lobby
            picked = number(answer)
            if picked is None and words is not None:
                picked = words(answer)
            if picked is not None and low <= picked <= high:
                return picked
            self.say(Msg("core.launcher.range", low=low, high=high))

    def ask_yes_no(self, question: Msg, default: bool) -> bool:
        self.say(question)
        while True:
            answer = fold(self.read(Msg("online.prompt.yes_no")) or "")
            if not answer:
                return default
            if answer in YES:
                return True
            if answer in NO:
                return False
            self.say(Msg("core.yes_no"))

    # --- the lobby ----------------------------------------------------------------------------
    def run(self, *, again: bool = False) -> RemoteTable | None:
        """The menu until a seat is taken (or a game watched) and started, or the player
        leaves (None). ``again``: back from a game that ended, still connected."""
        self._kicked()
        self.say(Msg("online.lobby.again" if again else "online.lobby.welcome",
                     address=self.address))
        self._say_online()
        if self.session.motd and not again:
            self.say(Msg("online.motd", text=self.session.motd))
        listed = False  # the menu's items said since the lobby began (or Enter asked them)
        while True:
            self.session.on_state = self._connection_state  # a table's own, while at one
            self.say(Msg("online.lobby.menu_header"), *([] if listed else (
                Msg("core.choices.item", number=i, label=Msg(f"online.lobby.{word}"))
                for i, word in enumerate(MENU, 1))))
            listed = True  # after history, tell, help...: the header alone, not 5 lines more
            typed = (self.read(Msg("online.prompt.lobby")) or "").split()
            answer = fold(typed[0]) if typed else ""
            if not answer:  # Enter: the menu again
                listed = False
                continue
            picked = number(answer)
            word = MENU[picked - 1] if picked is not None and 1 <= picked <= len(MENU) else \
                next((w for w, names in WORDS.items() if answer in names), None)
            if answer in HELP:
                self.say(*(Msg(f"online.lobby.help.{i}") for i in range(1, LOBBY_HELP + 1)))
                if self.session.accounts not in ("", "off"):
                    self.say(Msg("online.lobby.help.rated"), Msg("rating.help.rating"),
                             Msg("rating.help.top"))
                continue
            if answer in NAME:
                self._rename(" ".join(typed[1:]))
                continue
            if answer in HISTORY:
                self._history()
                continue
            if answer in REPLAY:
                self._replay(" ".join(typed[1:]))
                continue
            if answer in RATING or answer in TOP:
                self._ratings(answer in TOP, " ".join(typed[1:]))
                continue
            if answer in TELL:
                self._tell(" ".join(typed[1:]))
                continue
            if answer in FRIEND or answer in FRIENDS:
                self.signing.friends(answer in FRIENDS, typed[1:])
                continue
            if answer in BLOCK or answer in UNBLOCK or answer in BLOCKS:
                self.signing.blocks(answer in BLOCKS, answer in UNBLOCK, typed[1:])
                continue
            if answer in ACCEPT:
                word = "accept"
            moderation = next((w for w, names in MOD_WORDS.items() if answer in names), None)
            if moderation is not None and self.session.accounts:
                self.moderating.command(moderation, typed[1:])
                continue
            account = next((w for w, names in ACCOUNT_WORDS.items() if answer in names), None)
            if account is not None and (account == "who" or self.session.accounts):
                self.signing.command(account, typed[1:])
                if self.signing.left:
                    return None
                continue
            if word is None:
                self.say(Msg("online.lobby.unknown", last=len(MENU)))
                listed = False
                continue
            if word == "quit":
                return None
            try:
                joined = self._create(typed[1:]) if word == "create" else \
                    getattr(self, f"_{word}")()
            except (RequestRefused, ConnectionLost) as error:
                self._not_done(error)
                continue
            if joined is not None:
                table = RemoteTable(self.session, joined, self.specs)
                if self.wait_for_start(table, joined):
                    return table
                self._kicked()
            listed = False  # back from a table's choice or waiting room: the menu whole

    def _played_games(self) -> tuple[list[p.PlayedGame], int]:
        """The player's finished games at this server, newest first, and how many in all
        (an account's every game; a guest's, those of the seat tokens kept here)."""
        tokens = self.seats.finished()
        games: list[p.PlayedGame] = []
        total, start = 0, 0
        for _ in range(HISTORY_PAGES):
            page = self.session.request(p.History(tokens=tokens, start=start))
            total = page.total
            games += page.games
            start = total - page.more
            if not page.more or not page.games:
                break
        self.played = games
        return games, total

    def _not_done(self, error: RequestRefused | ConnectionLost) -> None:
        """A request refused (its reason said), or the connection lost meanwhile (the news
        so far, then that it was not done)."""
        if isinstance(error, RequestRefused):
            self.say(error.msg)
        elif self.session.ended:
            raise error
        else:
            self._say_news()
            self.say(Msg("online.lobby.not_done"))

    def _history(self, *, at_table: bool = False) -> None:
        """``history``: the player's finished games here, a line each, numbered for
        ``replay`` (typed at a table: ``replay`` opens in the lobby, after the game)."""
        try:
            games, total = self._played_games()
        except (RequestRefused, ConnectionLost) as error:
            self._not_done(error)
            return
        lines = finished_lines(self.tr, [_finished(g) for g in games], total, self.specs,
                               hint=bool(games) and not at_table)
        if games and at_table:
            lines.append(self.tr.render(Msg("core.replay.in_lobby")))
        self.out.lines(lines)

    def history_at_table(self) -> None:
        """``history`` typed at a network table: the lobby's list, said there."""
        self._history(at_table=True)

    def _replay(self, rest: str) -> None:
        """``replay N``: game N of the history (the newest by default) gone over from the
        player's seat; the server sends only what that seat saw."""
        from a11y_games.ui.remote_replay import ServerReplay

        wanted = number(rest.strip()) if rest.strip() else 1
        if wanted is None:
            self.say(Msg("core.replay.usage"))
            return
        try:
            games = self.played or self._played_games()[0]
            if not 1 <= wanted <= len(games):
                self.say(Msg("core.history.no_game", number=wanted, count=len(games)))
                return
            game = games[wanted - 1]
            spec = self.specs.get(game.game)
            if spec is None:
                self.say(Msg("online.create.unknown", word=game.game))
                return
            tokens = self.seats.finished()
            page = self.session.request(p.ReplayOpen(table=game.table, tokens=tokens))
            while len(page.steps) < page.total:
                more = self.session.request(p.ReplayOpen(table=game.table, tokens=tokens,
                                                         start=len(page.steps)))
                if not more.steps:
                    break
                page.steps += more.steps
        except (RequestRefused, ConnectionLost) as error:
            self._not_done(error)
            return
        client = self.make_replay(ServerReplay(self.session, spec, page), _finished(game))
        try:
            client.run()
        except (RequestRefused, ConnectionLost) as error:  # the server gone meanwhile
            self.on_lobby()
            self._say_news()
            self.say(error.msg, Msg("online.lobby.not_done"))
            return
        self.on_lobby()
        if client.input_ended:
            raise EOFError

    def _replay_client(self, replay: Replay, finished: Finished) -> ReplayClient:
        """A replay's client at the lobby's defaults (the player's own settings are given
        by ``make_replay``: :mod:`a11y_games.connect`)."""
        from a11y_games.ui.replaying import ReplayClient

        return ReplayClient(replay, finished, reader=self.reader, writer=self.out,
                            lang=self.tr.lang, specs=self.specs)

    def _ratings(self, top: bool, game: str) -> None:
        """``rating``, ``rating GAME``, ``top GAME``: the server's answer, said."""
        spec = game_named(game, list(self.specs.values()), self.tr) if game else None
        if game and spec is None:
            self.say(Msg("online.create.unknown", word=game))
            return
        what = "top" if top else "game" if spec is not None else "mine"
        try:
            answer = self.session.request(p.Ratings(
                what=what, game=spec.name if spec is not None else ""))
        except (RequestRefused, ConnectionLost) as error:
            self._not_done(error)
            return
        self.say(*answer.lines)

    def _refresh(self) -> list[p.TableInfo]:
        return list(self.session.request(p.ListTables()).tables)

    def _table_line(self, index: int, info: p.TableInfo) -> Msg:
        spec = self.specs.get(info.game)
        taken = sum(1 for s in info.seats if s.kind != "free")
        variants = ", ".join(f"{k} {v}" for k, v in sorted(info.options.items())
                             if spec is None or v != _default(spec, k))
        game: str | Msg = spec.title if spec else info.game
        if info.rated:  # said with the game: the first thing a player weighs
            game = Msg("online.table.rated_game", game=game)
        return Msg("core.choices.item", number=index, label=Msg(
            "online.table.line", game=game, count=taken,
            players=info.players,
            lang=Msg(f"core.lang.{info.host_lang}") if info.host_lang in LANGUAGES
            else info.host_lang,
            state=Msg("online.table.playing" if info.started else "online.table.waiting"),
            variants=variants or Msg("online.table.no_variants")))

    def _pick_table(self, *, watching: bool) -> p.TableInfo | None:
        """A table from the server's list, a page at a time: ``more`` says the next page,
        a game's name that game's tables only."""
        tables, more = self._tables_page(watching, "", 0)
        if not tables:
            self.say(Msg("online.tables.none_to_watch" if watching else "online.tables.none"))
            return None
        self._say_tables(tables, 1, more)
        return self._table_wanted(tables, more, watching)

    def _tables_page(self, watching: bool, game: str, start: int
                     ) -> tuple[list[p.TableInfo], int]:
        """A page of the tables to join (or watch) from ``start``, and how many follow; a
        server from before pages sends them all (they are filtered here)."""
        try:
            page = self.session.request(p.ListTables(game=game, joinable=not watching,
                                                     start=start))
            return list(page.tables), page.more or 0
        except RequestRefused as error:
            if error.msg.id != "net.error.bad_message" or start:
                raise
        tables = [t for t in self._refresh() if (watching or (
            not t.started and any(s.kind == "free" for s in t.seats))) and (
            not game or t.game == game)]
        return tables, 0

    def _say_tables(self, tables: list[p.TableInfo], first: int, more: int) -> None:
        """The tables numbered from ``first`` (a header before the first page), then how
        many more there are."""
        lines = [self._table_line(i, t) for i, t in enumerate(tables[first - 1:], first)]
        if first == 1:
            lines.insert(0, Msg("online.tables.header", count=len(tables) + more))
        if more:
            lines += [Msg("online.tables.more", count=more), Msg("online.tables.by_game")]
        self.say(*lines)

    def _table_wanted(self, tables: list[p.TableInfo], more: int,
                      watching: bool) -> p.TableInfo | None:
        """The number of a table said; ``more``: the next page; a game's name: its tables
        only; back (or 0): None."""
        self.say(Msg("online.tables.which"))
        only = ""  # the game whose tables are shown (empty: every game)
        while True:
            answer = self.read(Msg("online.prompt.number")) or ""
            word = fold(answer)
            if word in ("back", "retour") or answer == "0":
                return None
            picked = number(answer)
            if picked is not None and 1 <= picked <= len(tables):
                return tables[picked - 1]
            game = next((g for g in self.specs.values()
                         if word and word in map(fold, game_words(g, self.tr))), None)
            if word in ("more", "plus") and more:
                page, more = self._tables_page(watching, only, len(tables))
                tables += page
                self._say_tables(tables, len(tables) - len(page) + 1, more)
            elif game is not None:
                found, more = self._tables_page(watching, game.name, 0)
                if not found:
                    self.say(Msg("online.tables.none_of_game", game=game.title))
                    continue
                tables, only = found, game.name
                self._say_tables(tables, 1, more)
            else:
                self.say(Msg("core.launcher.range", low=1, high=len(tables)))

    def _join(self) -> p.Joined | None:
        info = self._pick_table(watching=False)
        if info is None:
            return None
        seat = self._pick_seat(info)
        if seat is _BACK:
            return None
        return self._take(p.Join(table=info.id, seat=seat))

    def _pick_seat(self, info: p.TableInfo) -> int | object | None:
        """The seat to take, as players number them (1 to N): asked only when more than one
        is free (Enter: the first free one). ``_BACK`` if the player goes back."""
        free = [s.seat for s in info.seats if s.kind == "free"]
        if len(free) < 2:
            return None
        names = [str(seat + 1) for seat in free]
        while True:
            picked = self.ask_number(Msg("online.join.seat", free=names, default=names[0]),
                                     1, info.players, free[0] + 1)
            if picked is None:
                return _BACK
            if picked - 1 in free:
                return picked - 1
            self.say(Msg("online.join.taken", seat=picked, free=names))

    def _watch(self) -> p.Joined | None:
        info = self._pick_table(watching=True)
        if info is None:
            return None
        return self._take(p.Watch(table=info.id))

    def _code(self) -> p.Joined | None:
        self.say(Msg("online.code.ask"))
        code = self.read(Msg("online.prompt.code")) or ""
        if not code:
            return None
        return self._take(p.Join(code=code))

    def _take(self, request: Any) -> p.Joined | None:
        """Send a join, watch or create; a name already at that table is asked again at
        once (None if the player gives none)."""
        while True:
            try:
                joined = self.session.request(request)
                break
            except RequestRefused as error:
                if error.msg.id != "net.error.name_taken":
                    raise
                self.say(error.msg)
                if not self._rename(""):
                    return None
        if joined.token:
            self.seats.remember(joined.token, joined.table.id, 0)
        if joined.watched:  # a spectator's (protocol 5): its history finds the game
            self.seats.watched(joined.watched)
        self.session.watching = joined.table.id if joined.seat is None else None
        if joined.seat is None:
            self.session.token = None  # a seat left before is not taken back on reconnect
        return joined

    def _rename(self, typed: str) -> bool:
        """The player's name at this server changed (asked if not ``typed``); kept for the
        next visits. False if none is given."""
        while True:
            if not typed:
                self.say(Msg("online.name.other", name=self.session.name))
                typed = self.read(Msg("online.prompt.name")) or ""
                if not typed or fold(typed) in ("back", "retour"):
                    return False
            try:
                name = Preferences().with_value("name", typed).name
            except ValueError as error:
                self.say(error.args[0])
                typed = ""
                continue
            try:
                self.rename_to(name)
            except (RequestRefused, ConnectionLost) as error:
                self.say(getattr(error, "msg", Msg("online.lost")))
                return False
            return True

    def rename_to(self, typed: str) -> None:
        """The server's hello with the name ``typed``, said and kept for the next visits;
        ValueError (its message first) for a name that will not do, RequestRefused or
        ConnectionLost if the server does not take it (the name before stays)."""
        name = Preferences().with_value("name", typed).name
        before = self.session.name
        self.session.name = name  # the hello on a reconnection says it too
        try:
            self.session.request(p.Hello(protocol=p.PROTOCOL, name=name,
                                         lang=self.session.lang))
        except RequestRefused as error:
            self.session.name = before
            if self.session.held is not None and error.msg.id in HELD:
                self.session.held = error.msg  # still no name: this one is registered too
            raise
        except ConnectionLost:
            self.session.name = before
            raise
        self.say(Msg("online.name.now", name=name))
        problem = self.keep_name(name) if self.keep_name is not None else None
        if problem is not None:
            self.say(problem)

    def _accept(self) -> p.Joined | None:
        """The table of the last invitation."""
        invitation = self.session.invitation
        if invitation is None:
            self.say(Msg("online.accept.none"))
            return None
        self.session.invitation = None
        return self._take(p.Join(table=invitation.table, code=invitation.code or None))

    def _tell(self, rest: str) -> None:
        """``tell NAME TEXT`` from the lobby: to anyone online, or kept for an absent
        account holder (the echo, or that it is kept, comes back as news)."""
        name, _, text = rest.strip().partition(" ")
        if not text.strip():
            self.say(Msg("online.chat.tell_usage"))
            return
        try:
            self.session.request(p.Tell(to=name, text=text))
        except (RequestRefused, ConnectionLost) as error:
            self.say(getattr(error, "msg", Msg("online.lost")))
            return
        self._say_news()

    # --- who is here ------------------------------------------------------------------------
    def _say_online(self) -> None:
        """How many people are online (a server of protocol 2 does not say)."""
        if not self.session.accounts:
            return
        with contextlib.suppress(RequestRefused, ConnectionLost):
            people = self.session.request(p.Who()).people
            self.say(Msg("online.who.count", count=len(people)))

    def say_who(self) -> None:
        """Who is online and where: how many, then one line each (you first)."""
        if not self.session.accounts:
            self.say(Msg("online.who.old_server"))
            return
        people = list(self.session.request(p.Who()).people)
        mine = next((i for i, person in enumerate(people)
                     if person.name == self.session.name), None)
        if mine is not None:
            people.insert(0, people.pop(mine))
        lines: list[Msg] = [Msg("online.who.count", count=len(people))]
        for index, person in enumerate(people):
            spec = self.specs.get(person.game)
            name: Msg | str = Msg("online.who.you") if index == 0 and mine is not None \
                else person.name if person.account else Msg("online.who.guest",
                                                             name=person.name)
            lines.append(Msg(f"online.who.{person.where}", name=name,
                             game=spec.title if spec is not None else person.game))
        self.say(*lines)

    def _create(self, words: list[str] | None = None) -> p.Joined | None:
        """A table: ``create pnue 5`` makes it at once; otherwise the game is asked, then
        one line sums the table up, Enter creates it, a word changes one setting."""
        games = list(self.specs.values())
        words = list(words or [])
        spec = game_named(words[0], games, self.tr) if words else None
        if spec is None:
            if words:
                self.say(Msg("online.create.unknown", word=words[0]))
            spec = self._ask_game(games)
            if spec is None:
                return None
            at_once = False
        else:
            words = words[1:]
            at_once = True
        draft = draft_for(spec, self.last, self.level,
                          ratings=self.session.accounts not in ("", "off"))
        draft, asked, unknown = read_words(draft, words)
        while not (at_once and asked is None and unknown is None):
            if unknown is not None:
                self.say(Msg("online.create.unknown", word=unknown))
            if asked is not None:
                draft = self._ask_setting(draft, asked)
            self.say(draft.summary(), Msg("online.create.enter_rated" if draft.ratings
                                          else "online.create.enter"))
            answer = self.read(Msg("online.prompt.create")) or ""
            if fold(answer) in ("back", "retour", "0", *WORDS["quit"]):
                return None
            if not answer:
                break
            draft, asked, unknown = read_words(draft, answer.split())
            at_once = False  # a setting changed: the summary again, Enter creates
        request = draft.request()
        joined = self._take(request)
        self.last = request
        return joined

    def _ask_game(self, games: list[GameSpec]) -> GameSpec | None:
        self.say(Msg("online.create.games"),
                 *(Msg("core.choices.item", number=i, label=g.title)
                   for i, g in enumerate(games, 1)))
        last = self.last
        first = next((i for i, g in enumerate(games, 1) if last and g.name == last.game), 1)

        def named(word: str) -> int | None:
            spec = game_named(word, games, self.tr)
            return games.index(spec) + 1 if spec is not None else None

        picked = self.ask_number(Msg("online.create.game", default=first), 1, len(games),
                                 first, named)
        return games[picked - 1] if picked is not None else None

    def _ask_setting(self, draft: Draft, setting: str) -> Draft:
        """One setting of the table asked as its own question (back: unchanged)."""
        spec = draft.spec
        if setting == "players":
            players = self.ask_number(Msg("core.launcher.players", low=spec.min_players,
                                          high=spec.max_players, default=draft.players),
                                      spec.min_players, spec.max_players, draft.players)
            return draft.with_players(players) if players is not None else draft
        if setting == "bots":
            bots = self.ask_number(Msg("online.create.bots", high=draft.players - 1,
                                       default=draft.bot_count),
                                   0, draft.players - 1, draft.bot_count)
            if bots is None:
                return draft
            draft = draft.with_bots(bots)
            if bots > 1 and not self.ask_yes_no(Msg("online.create.same_level"), True):
                levels = tuple(spec.bots)
                usual = levels.index(draft.level) + 1
                for seat in draft.bots:  # numbered as players know them
                    answer = self.ask_number(Msg("online.create.seat_level", seat=seat + 1,
                                                 default=usual), 1, len(levels), usual)
                    draft.bots[seat] = levels[(answer or usual) - 1]
            return draft
        if setting == "level":
            levels = tuple(spec.bots)
            usual = levels.index(draft.level) + 1 if draft.level in levels else 1
            self.say(*(Msg("core.choices.item", number=i, label=Msg(f"online.level.{name}"))
                       for i, name in enumerate(levels, 1)))
            chosen = self.ask_number(Msg("online.create.level", default=usual),
                                     1, len(levels), usual)
            return draft.with_level(levels[chosen - 1]) if chosen is not None else draft
        if setting == "delay":
            delay = self.ask_number(Msg("online.create.delay", default=draft.delay), 0, 60,
                                    draft.delay)
            return replace(draft, delay=delay) if delay is not None else draft
        options: dict[str, str] = {}  # the variants, one question each
        for option in spec.options:
            values = option.offered(options, spec.options, draft.players)
            if values is None:
                continue  # a variant's sub-question, the variant off: its default holds
            labels = [option.value_label(v) for v in values]
            usual = draft.options.get(option.name, option.default)
            default = values.index(usual) + 1 if usual in values else 1
            self.say(option.label, *(Msg("core.choices.item", number=i, label=label)
                                     for i, label in enumerate(labels, 1)))
            answer = self.ask_number(Msg("core.launcher.option", default=default), 1,
                                     len(values), default)
            options[option.name] = values[(answer or default) - 1]
        return replace(draft, options=options)

    # --- before the start -------------------------------------------------------------------
    def wait_for_start(self, table: RemoteTable, joined: p.Joined) -> bool:
        """Say where the player sits; until the start, the waiting room: chat, help, who,
        the table's settings; the creator starts the game. False if the player leaves
        before the start."""
        info = joined.table
        spec = table.spec
        wake = getattr(self.reader, "wake", None)
        if wake is not None and not table.started:
            table.on_news = lambda urgent: wake()
        told = len(table.events)  # what comes from now on is said (a kick while the seat
        #                           was said was lost, and the prompt never woken)
        if joined.seat is None:
            self.say(Msg("online.seat.watching", game=spec.title))
        else:
            self.say(Msg("online.seat.taken", game=spec.title, seat=joined.seat + 1,
                         players=info.players))
        if info.code:
            self.say(Msg("online.seat.code", code=info.code))
        if table.started:  # a spectator at a game under way: the game's own lines follow
            self.say(*self._who_lines(table), Msg("online.watch.hint"))
            return True
        creator = info.creator == joined.you
        table.history.update(range(told))
        self.say(*self._who_lines(table),
                 Msg("online.start.ask" if creator else "online.start.waiting",
                     name=info.creator), Msg("online.wait.hint"))
        while not table.started:
            news = table.events[told:]
            if news:
                self.say(*(e.msg for e in news))
                table.history.update(range(told, told + len(news)))
                told += len(news)
            if table.removed():  # kicked before the start: the lobby's menu again
                self.session.detach()
                self.say(Msg("online.lobby.again"))
                return False
            creator = table.info.creator == joined.you  # the creator left: the next starts
            seen = table.changes
            try:
                typed = self.read(Msg("online.prompt.start" if creator
                                      else "online.prompt.wait"), wakeable=True)
            except EOFError:
                return False
            if typed is not None and not self._in_waiting_room(table, typed, seen):
                self._leave()
                return False
        return True

    def _in_waiting_room(self, table: RemoteTable, typed: str, seen: int) -> bool:
        """One line typed before the start; False if the player leaves."""
        word, _, rest = typed.strip().partition(" ")
        answer = fold(word)
        command = next((w for w, names in WAIT_WORDS.items() if answer in names), None)
        if answer in WORDS["quit"]:
            return False
        if answer in HELP:
            self.say(*(Msg(f"online.wait.help.{i}") for i in range(1, WAIT_HELP + 1)))
        elif command == "start":
            if table.info.creator != table.you:
                self.say(Msg("online.start.not_creator", name=table.info.creator))
                return True
            try:
                self.session.request(p.Start())
            except RequestRefused as error:
                self.say(error.msg)
            table.wait(seen, 5.0)
        elif command == "who" or not answer:
            self.say(*self._who_lines(table))
        elif command == "settings":
            self.say(self._settings_line(table))
        elif command == "say":
            problem = table.say(rest) if rest.strip() else Msg("online.chat.say_usage")
            if problem is not None:
                self.say(problem)
        elif command == "invite":
            if not rest.strip():
                self.say(Msg("online.invite.usage"))
                return True
            try:
                self.session.request(p.Invite(name=rest.strip()))
                self.say(Msg("online.invite.sent", name=rest.strip()))
            except RequestRefused as error:
                self.say(error.msg)
        elif command == "tell":
            name, _, text = rest.strip().partition(" ")
            problem = table.tell(name, text) if text.strip() else \
                Msg("online.chat.tell_usage")
            if problem is not None:
                self.say(problem)
        else:
            self.say(Msg("online.wait.unknown"))
        return True

    def _settings_line(self, table: RemoteTable) -> Msg:
        """The table's settings, as its creator's summary said them."""
        info = table.info
        return Draft(table.spec, info.players, info.level,
                     {s.seat: s.level for s in info.seats if s.kind == "bot"},
                     dict(info.options), info.public, round(info.bot_delay / 60),
                     info.rated, self.session.accounts not in ("", "off")).summary()

    def _who_lines(self, table: RemoteTable) -> list[Msg]:
        """Who sits, and who watches (if anyone does)."""
        lines = [self._seated_line(table)]
        watching: list[Msg | str] = [Msg("core.seat.you") if name == table.you else name
                                     for name in table.info.spectators]
        if watching:
            lines.append(Msg("online.seat.spectators", count=len(watching), names=watching))
        return lines

    def _seated_line(self, table: RemoteTable) -> Msg:
        taken = [s for s in table.info.seats if s.kind != "free"]
        # the listener's own seat is "you" in the list, as at the table ("5 players: you, …")
        names: list[Msg | str] = [Msg("core.seat.you") if s.seat == table.seat else s.name
                                  for s in taken]
        free = table.info.players - len(taken)
        return Msg("online.seat.who", count=len(taken), names=names,
                   free=Msg("online.seat.free", count=free) if free
                   else Msg("online.seat.none_free"))  # "aucune libre", not "libres : 0"

    def _kicked(self) -> None:
        """After a kick: the seat's token takes it back no more (forgotten here)."""
        if self.session.kicked:
            self.session.kicked = False
            self.session.token = None
            self.seats.forget()

    def _leave(self) -> None:
        with contextlib.suppress(RequestRefused, ConnectionLost):
            self.session.request(p.Leave())
        self.session.watching = None
        self.seats.forget()
        self.say(Msg("online.lobby.left"))


def _finished(game: p.PlayedGame) -> Finished:
    """A game of the server's history as the local history's lines say it."""
    return Finished(None, when_said(game.ended), game.game, list(game.names), game.seats,
                    game.winners, game.places)


def _default(spec: GameSpec, name: str) -> str:
    option = next((o for o in spec.options if o.name == name), None)
    return option.default if option is not None else ""
