"""``a11y-games connect HOST[:PORT]``: play at a server's table with the same client.

The name is asked once and remembered. A seat held at that server (a client closed or
crashed mid-game) is taken back at once; otherwise the lobby opens.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Sequence
from typing import IO, TYPE_CHECKING, Any

from a11y_games.commandline import UsageError, connect_parser, parse
from a11y_games.engine import Msg, Verbosity
from a11y_games.engine.words import fold
from a11y_games.games import all_specs
from a11y_games.i18n import Translator
from a11y_games.launcher import read_answer
from a11y_games.net import protocol as p
from a11y_games.ui.account import FileLogins, LoginMemory
from a11y_games.ui.client import BrailleOptions, Client
from a11y_games.ui.lobby import FileSeats, Lobby, SeatMemory, server_uri
from a11y_games.ui.remote import ConnectionLost, RemoteTable, RequestRefused, Session
from a11y_games.ui.settings import WIDTHS, Preferences, load_preferences, save_preferences
from a11y_games.ui.terminal import PlainReader, PromptReader, Writer
from a11y_games.ui.voice import Voice, braille_display, open_sound, open_speech

if TYPE_CHECKING:
    from a11y_games.engine.replay import Replay
    from a11y_games.ui.history import Finished
    from a11y_games.ui.replaying import ReplayClient

__all__ = ["ask_name", "cmd_connect", "play_at_server",
           "play_online", "take_back"]


def ask_name(prefs: Preferences, reader: Any, writer: Writer, tr: Translator, *,
             keep: Callable[[Preferences], Msg | None] = save_preferences) -> Preferences:
    """The name at network tables, asked once and remembered (``keep``: the settings file;
    a web page keeps its own)."""
    writer.line(tr.render(Msg("online.name.ask")))
    while True:
        prompt = tr.render(Msg("online.prompt.name")) + "> "
        if not reader.interactive:
            writer.line(prompt.rstrip())
        try:
            typed = reader.read(prompt)
        except (EOFError, KeyboardInterrupt):
            raise SystemExit(0) from None
        try:
            prefs = prefs.with_value("name", typed)
        except ValueError as error:
            writer.line(tr.render(error.args[0]))
            continue
        problem = keep(prefs)
        if problem is not None:
            writer.line(tr.render(problem))
        return prefs


def cmd_connect(argv: Sequence[str], lang: str, out: IO[str],
                loaded: tuple[Preferences, Msg | None] | None = None) -> int:
    """Connect to a server, take back a seat or open the lobby, then play."""
    args = parse(connect_parser(), argv)
    prefs, problem = loaded or load_preferences()
    lang = args.lang or prefs.lang or lang
    tr = Translator(lang)
    writer = Writer(out)
    width = args.braille_width or prefs.braille_width
    if width not in WIDTHS:
        raise UsageError(Msg("core.set.width", value=str(width)))
    given = _given_settings(args)
    try:
        kept = prefs
        for name, value in given.items():
            kept = kept.with_value(name, value)
    except ValueError as error:
        raise UsageError(error.args[0]) from None
    if kept != prefs:  # what was typed on the command line holds next time too
        prefs = kept
        problem = problem or save_preferences(prefs)
    voice = Voice(open_speech(args.speech or prefs.speech, lang), writer, lang)
    try:  # the voice speaks from the first line: the lobby is heard too
        if problem is not None:
            writer.line(tr.render(problem))
        voice.start()
        return _connect(args, lang, tr, writer, voice, prefs, width)
    finally:
        voice.close()


def _given_settings(args: Any) -> dict[str, str]:
    """The settings given on the command line, by their names in the settings file."""
    given = {"lang": args.lang, "name": args.name, "speech": args.speech,
             "sound": args.sound, "verbosity": args.verbosity,
             "braille_table": args.braille_table,
             "braille_width": None if args.braille_width is None else str(args.braille_width),
             "braille_contracted": "on" if args.braille_contracted else None}
    return {name: value for name, value in given.items() if value}


def keep_name(name: str) -> Msg | None:
    """A name changed in the lobby, kept in the settings file for the next visits."""
    prefs, _ = load_preferences()
    return save_preferences(prefs.with_value("name", name))


def _connect(args: Any, lang: str, tr: Translator, writer: Writer, voice: Voice,
             prefs: Preferences, width: int, *, again: bool = False) -> int:
    """``again``: an address no server answers is asked again (the launcher's entry)."""
    specs = all_specs()
    interactive = sys.stdin.isatty()
    client_ref: list[Client] = []
    if interactive:
        from prompt_toolkit.key_binding import DynamicKeyBindings

        reader: Any = PromptReader(
            lambda: client_ref[0].completion_words() if client_ref else [],
            key_bindings=DynamicKeyBindings(
                lambda: client_ref[0].key_bindings() if client_ref else None))
    else:
        reader = PlainReader()
        reader.wakeable()  # news from the table is said while a script waits
    voice.reader(reader)
    if not prefs.name:
        prefs = ask_name(prefs, reader, writer, tr)
    while True:
        uri = server_uri(args.address, tls=args.tls)
        session = Session(uri, name=prefs.name, lang=lang)
        logins = FileLogins(uri)
        session.login_token = logins.remembered() or ""  # logged in by itself
        try:
            session.start()
            break
        except ConnectionLost as error:
            writer.line(tr.render(error.msg))
            if not again:
                return 1
        # the launcher's network entry: another address, rather than the end at the shell
        try:
            address = read_answer(reader, tr.render(Msg("online.launcher.address_again")),
                                  writer)
        except SystemExit:
            return 0
        if fold(address) in ("quit", "q", "quitter", "exit"):
            writer.line(tr.render(Msg("core.quit.bye")))
            return 0
        args.address = address or "127.0.0.1"
    made: list[Client] = []

    def options() -> dict[str, Any]:
        """The player's settings for a client (a game's or a replay's): those in force in
        the last one (changed in play), else the command line's and the settings file's."""
        if made:
            last = made[-1]
            return {"lang": last.lang, "verbosity": last.verbosity, "sound": last.sound,
                    "braille": last.braille, "prefs": last.prefs}
        return {"lang": lang, "verbosity": Verbosity[(args.verbosity or prefs.verbosity).upper()],
                "sound": open_sound(args.sound or prefs.sound, prefs),
                "braille": BrailleOptions(
                    mode=args.braille, table=args.braille_table or prefs.braille_table or None,
                    contracted=bool(args.braille_contracted) or prefs.braille_contracted == "on",
                    width=width),
                "prefs": prefs}

    def wired(client: Client) -> Client:
        """The client given the display, the voice and the completion of this terminal."""
        if made:  # the next game after the lobby: the same display connection, not a new one
            client.display = made[-1].display
        elif args.brlapi:
            client.display = braille_display(client, reader)
        made.append(client)
        client_ref[:] = [client]
        voice.display = lambda client=client: client.display
        voice.render = lambda msg, client=client: client.tr.render(msg)
        return client

    def make_client(table: RemoteTable) -> Client:
        return wired(Client(table, reader=reader, writer=writer, speech=voice.speech,
                            specs=specs, **options()))

    def make_replay(replay: Replay, finished: Finished) -> ReplayClient:
        """``replay N``: its record (``save``) is written here, on the player's computer."""
        from a11y_games.ui.replaying import ReplayClient

        client = ReplayClient(replay, finished, reader=reader, writer=writer,
                              speech=voice.speech, specs=specs, **options())
        wired(client)
        return client

    try:
        return play_at_server(session, reader=reader, writer=writer, tr=tr, specs=specs,
                              prefs=prefs, seats=FileSeats(uri), make_client=make_client,
                              make_replay=make_replay, keep_name=keep_name,
                              logins=logins)
    except ConnectionLost as error:
        writer.line(tr.render(error.msg))
        return 1
    finally:
        session.close()
        cues = made[-1].sound if made else None
        display = made[-1].display if made else None
        with contextlib.suppress(Exception, KeyboardInterrupt):
            if display is not None:
                display.close()  # given back to BRLTTY
            if cues is not None:
                cues.wait_idle(1.0)
                cues.close()


def play_at_server(session: Session, *, reader: Any, writer: Writer, tr: Translator,
                   specs: dict[str, Any], prefs: Preferences, seats: SeatMemory,
                   make_client: Callable[[RemoteTable], Client],
                   on_lobby: Callable[[], None] = lambda: None,
                   address: str | None = None,
                   keep_name: Callable[[str], Msg | None] | None = None,
                   logins: LoginMemory | None = None,
                   make_replay: Callable[[Replay, Finished], ReplayClient] | None = None
                   ) -> int:
    """A player at a server, from the seat held or the lobby, through games, until they
    leave: the terminal (``connect``) and the web page (:mod:`a11y_games.web`) both play
    here, each with its own reader, writer and client (``make_client``); ``address``: the
    server's address as the player knows it. ConnectionLost when the server is gone for
    good. ``keep_name``: where a name changed in the lobby is kept (None: not kept);
    ``logins``: where a login is kept (None: for this connection only); ``make_replay``:
    the client of the lobby's ``replay N``, with the player's settings and where its
    record goes."""
    lobby = Lobby(session, reader=reader, writer=writer, tr=tr, specs=specs, level=prefs.level,
                  seats=seats, address=address, keep_name=keep_name, logins=logins,
                  make_replay=make_replay, on_lobby=on_lobby)
    try:
        settled = lobby.signing.settle()  # a name first: a registered one logs in
    except EOFError:
        settled = False
    if not settled:
        writer.line(tr.render(Msg("core.quit.bye")))
        return 0
    table = take_back(session, seats, specs, writer, tr)
    played = False
    while True:  # a game, then the lobby again if the player goes back to it
        if table is None:
            on_lobby()
            try:
                table = lobby.run(again=played)
            except EOFError:
                table = None
            if table is None:
                writer.line(tr.render(Msg("core.quit.bye")))
                return 0
        token = session.token
        held = table

        def checkpoint(seq: int, token: str | None = token, held: RemoteTable = held) -> None:
            if token is not None:
                seats.remember(token, held.info.id, seq)

        table.on_checkpoint = checkpoint
        client = make_client(table)
        client.server_history = lobby.history_at_table
        played = True
        status = client.run()
        table.on_news, table.on_thinking = (lambda urgent: None), (lambda seat: None)
        if hasattr(reader, "unwake"):
            reader.unwake()  # what the table asked of the prompt is done with it
        if table.over():
            seats.finish()  # kept for history: the server finds its game by it
        if not client.to_lobby:
            return status
        with contextlib.suppress(RequestRefused):  # the game is over: back at the lobby
            session.request(p.Leave())
        session.watching = None  # a spectator who left is not watching again on reconnect
        session.detach()  # after "left": nothing of the old table comes any more
        table = None


def take_back(session: Session, seats: SeatMemory, specs: dict[str, Any], writer: Writer,
              tr: Translator) -> RemoteTable | None:
    """The seat held at this server, taken back with its token; None if there is none (or
    its game is gone)."""
    held = seats.remembered()
    if held is None:
        return None
    session.token = held["token"]
    try:
        joined = session.request(p.Resume(token=held["token"], last_seq=0))
    except RequestRefused:
        session.token = None
        seats.forget()
        writer.line(tr.render(Msg("online.resume_failed")))
        return None
    heard = held.get("seq", 0)
    table = RemoteTable(session, joined, specs,
                        heard=heard if isinstance(heard, int) and heard > 0 else 0)
    writer.line(tr.render(Msg("online.resumed", game=table.spec.title)))
    return table


def play_online(address: str, lang: str, writer: Writer, voice: Voice, prefs: Preferences,
                setup: Any, *, speech_mode: str | None = None, sound_mode: str | None = None,
                verbosity: str | None = None) -> int:
    """The launcher's network entry: the lobby of ``address``, with the voice already
    speaking (``setup``, the launcher's reader, is done with)."""
    try:
        args = parse(connect_parser(), [address])
    except UsageError as error:
        writer.line(Translator(lang).render(error.msg))
        return 2
    args.speech, args.sound, args.verbosity = speech_mode, sound_mode, verbosity
    width = prefs.braille_width if prefs.braille_width in WIDTHS else 40
    return _connect(args, lang, Translator(lang), writer, voice, prefs, width, again=True)
