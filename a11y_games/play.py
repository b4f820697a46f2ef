"""``a11y-games [GAME]`` and ``a11y-games resume``: a game played here, the launcher first
when no game is named."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import IO

from a11y_games.commandline import (
    UsageError,
    command_word,
    find_spec,
    parse,
    play_parser,
    variants,
)
from a11y_games.engine import Msg, Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.oserror import os_reason
from a11y_games.engine.spec import GameSpec
from a11y_games.games import all_specs
from a11y_games.i18n import Translator
from a11y_games.launcher import (
    GoOnline,
    LaunchChoice,
    Replaying,
    ask_language,
    launcher,
    unfinished,
)
from a11y_games.ui.client import BrailleOptions, Client
from a11y_games.ui.commands import fold
from a11y_games.ui.paths import is_file, remove_stale_temp_files, save_name_problem, save_path
from a11y_games.ui.settings import WIDTHS, Preferences, load_preferences, save_preferences
from a11y_games.ui.terminal import PlainReader, PromptReader, Writer
from a11y_games.ui.voice import Voice, braille_display, open_sound, open_speech

__all__ = ["WALKTHROUGH_LINES", "cmd_play", "cmd_resume", "save_file"]


WALKTHROUGH_LINES = 10
"""``core.walkthrough.1`` to ``.10``: the first run's five things, one idea a line."""


def cmd_play(argv: Sequence[str], lang: str, out: IO[str],
             loaded: tuple[Preferences, Msg | None] | None = None) -> int:
    """Play (or ``--load``); ``loaded``: the settings file as ``main`` read it already."""
    args = parse(play_parser(), argv)
    remove_stale_temp_files()  # left by a client killed while saving
    prefs, problem = loaded or load_preferences()
    lang = args.lang or prefs.lang or lang
    tr = Translator(lang)
    writer = Writer(out)
    level = args.level or prefs.level
    width = args.braille_width or prefs.braille_width
    if width not in WIDTHS:
        if problem is not None:
            writer.line(tr.render(problem))
        raise UsageError(Msg("core.set.width", value=str(width)))
    voice = Voice(open_speech(args.speech or prefs.speech, lang), writer, lang)
    try:
        if problem is not None:
            writer.line(tr.render(problem))
        voice.start()
        return _play(args, lang, tr, writer, voice, prefs, level, width)
    finally:
        voice.close()


def cmd_resume(argv: Sequence[str], lang: str, out: IO[str],
               loaded: tuple[Preferences, Msg | None] | None = None) -> int:
    asks_help = bool({"-h", "--help"} & set(argv))
    if not is_file(save_path("autosave")) and not asks_help:  # what to do, not a file
        raise UsageError(Msg("core.cli.nothing_to_resume"))
    return cmd_play(["--load", "autosave", *argv], lang, out, loaded)


def _play(args: argparse.Namespace, lang: str, tr: Translator, writer: Writer, voice: Voice,
          prefs: Preferences, level: str, width: int) -> int:
    specs = all_specs()
    speech = voice.speech
    interactive = sys.stdin.isatty()
    if (not prefs.seen_walkthrough and not args.lang and interactive and not args.load
            and not args.game):
        # a machine with no settings, at the launcher: the first question is the language
        first = voice.reader(PromptReader(lambda: []))
        try:
            lang = voice.lang = ask_language(tr, writer, first)
        except SystemExit:
            writer.line(tr.render(Msg("core.quit.bye")))
            raise
        if lang != tr.lang:
            tr = Translator(lang)
            if speech is not None:
                speech.set_language(lang)
        prefs = replace(prefs, lang=lang)
    if not prefs.seen_walkthrough:
        writer.lines(tr.render(Msg(f"core.walkthrough.{i}"))
                     for i in range(1, WALKTHROUGH_LINES + 1))
        prefs = replace(prefs, seen_walkthrough=True)
        problem = save_preferences(prefs)
        if problem is not None:
            writer.line(tr.render(problem))
    choice: LaunchChoice | None = None
    if not args.load and not args.game:
        setup = voice.reader(PlainReader() if not interactive else PromptReader(lambda: []))
        try:
            choice = _menu(tr, writer, specs, setup, level,
                           lambda wanted: _replay(wanted, specs, tr.lang, writer, setup, voice,
                                                  prefs, width, args.verbosity))
        except SystemExit:  # Ctrl-D or Ctrl-C at a set-up question
            writer.line(tr.render(Msg("core.quit.bye")))
            raise
        except GoOnline as online:  # the same client, at a server's table
            from a11y_games.connect import play_online

            return play_online(online.address, tr.lang, writer, voice, prefs, setup,
                               speech_mode=args.speech, sound_mode=args.sound,
                               verbosity=args.verbosity)
        if choice.resume:
            args.load = "autosave"
    if args.load:
        match = Match.load(save_file(args.load), specs)
    else:
        spec = find_spec(args.game) if args.game else None
        options = variants(args.variant)
        humans = args.humans
        if choice is not None:
            spec, players, humans, level = (choice.spec, choice.players, choice.humans,
                                             choice.level)
            options = {**choice.options, **options}
            lang = voice.lang = choice.lang
            if speech is not None and lang != tr.lang:
                speech.set_language(lang)
        else:
            assert spec is not None
            players = args.players if args.players is not None else spec.default_players
        seed = args.seed if args.seed is not None else _fresh_seed()
        settings = spec.settings(players, seed, options)  # first: the players' range
        if not 0 <= humans <= players:
            raise UsageError(Msg("core.cli.humans", count=players))
        names = [n.strip() for n in command_word(args.names).split(",") if n.strip()]
        if choice is not None and choice.names and not names:
            names = choice.names  # asked at the launcher, "" for a default name
        if len(names) > humans:
            writer.line(Translator(lang).render(_unused_names(len(names) - humans, humans)))
        seats = [SeatSpec("human", names[i] if i < len(names) else "") for i in range(humans)]
        seats += [SeatSpec("bot", level=level, name_index=i)
                  for i in range(humans, players)]
        match = Match(spec, settings, seats)
        shared = _shared_name(match, names, Translator(lang))
        if shared is not None:
            raise UsageError(Msg("core.cli.same_name", name=shared))
    try:
        events_file = open(args.events, "a", encoding="utf-8") if args.events else None  # noqa: SIM115
    except OSError as error:
        raise UsageError(Msg("core.cli.events_failed", path=args.events,
                             reason=os_reason(error))) from error
    writer.events_file = events_file
    kept = None if args.load else _keep_unfinished(specs)
    if kept is not None:
        writer.line(Translator(lang).render(kept))
    match.think(args.think if args.think is not None else prefs.think)
    sound = open_sound(args.sound or prefs.sound, prefs)
    reader: PlainReader | PromptReader
    if interactive:
        client_ref: list[Client] = []
        from prompt_toolkit.key_binding import DynamicKeyBindings

        reader = PromptReader(lambda: client_ref[0].completion_words() if client_ref else [],
                              key_bindings=DynamicKeyBindings(
                                  lambda: client_ref[0].key_bindings() if client_ref else None))
    else:
        reader = PlainReader()
    voice.reader(reader)
    client = Client(match, reader=reader, writer=writer, lang=lang,
                    verbosity=Verbosity[(args.verbosity or prefs.verbosity).upper()],
                    speech=speech,
                    sound=sound,
                    braille=BrailleOptions(
                        mode=args.braille, table=args.braille_table or prefs.braille_table or None,
                        contracted=bool(args.braille_contracted)
                        or prefs.braille_contracted == "on", width=width),
                    specs=specs, autosave=save_path("autosave"), prefs=prefs)
    if interactive:
        client_ref.append(client)
    voice.display = lambda: client.display
    voice.render = lambda msg: client.tr.render(msg)
    if args.brlapi:
        client.display = braille_display(client, reader)
    if args.load:
        client.resumed(save_file(args.load))
    try:
        while True:
            status = client.run()
            if client.next_game is None:
                return status
            if client.next_game == "again":  # the same table, a new deal
                match = Match(match.spec, match.spec.settings(
                    match.settings.players, _fresh_seed(), match.settings.options),
                    match.seats)
            else:  # the game menu again (after going over a game, if asked)
                def replay(wanted: int, client: Client = client) -> bool:
                    return _replay(wanted, specs, client.lang, writer, reader, voice,
                                   client.prefs or prefs, width, client.verbosity.name)

                if client.next_game == "replay" and not replay(client.replay_wanted):
                    writer.line(client.tr.render(Msg("core.quit.bye")))
                    return 0
                try:
                    choice = _menu(client.tr, writer, specs, reader, level, replay)
                except SystemExit:
                    writer.line(client.tr.render(Msg("core.quit.bye")))
                    return 0
                except GoOnline as online:
                    from a11y_games.connect import play_online

                    return play_online(online.address, client.lang, writer, voice,
                                       client.prefs or prefs, reader,
                                       speech_mode=args.speech, sound_mode=args.sound,
                                       verbosity=args.verbosity)
                match = _chosen_match(choice, specs)
            match.think(args.think if args.think is not None else prefs.think)
            sound = client.sound
            client = Client(match, reader=reader, writer=writer, lang=client.lang,
                            verbosity=client.verbosity, speech=speech, sound=sound,
                            braille=client.braille, specs=specs,
                            autosave=save_path("autosave"), prefs=client.prefs,
                            display=client.display)  # the same display connection
            if interactive:
                client_ref[:] = [client]
            voice.display = lambda client=client: client.display
            voice.render = lambda msg, client=client: client.tr.render(msg)
    finally:
        if events_file is not None:
            with contextlib.suppress(OSError):  # a full disk was said during play
                events_file.close()
        cues = client.sound  # ``sound on`` during play may have made one
        with contextlib.suppress(Exception, KeyboardInterrupt):  # Ctrl-C: stop waiting
            if client.display is not None:
                client.display.close()  # given back to BRLTTY
            if cues is not None:
                cues.wait_idle(1.0)  # the last cue (won, lost) is heard
                cues.close()


def _menu(tr: Translator, writer: Writer, specs: dict[str, GameSpec],
          reader: PlainReader | PromptReader, level: str,
          replay: Callable[[int], bool]) -> LaunchChoice:
    """The game menu, going over finished games meanwhile (``replay N``) until a game is
    chosen; SystemExit when input ends in a replay."""
    while True:
        try:
            return launcher(tr, writer, specs, reader, level)
        except Replaying as wanted:
            if not replay(wanted.number):
                raise SystemExit(0) from None


def _replay(wanted: int, specs: dict[str, GameSpec], lang: str, writer: Writer,
            reader: PlainReader | PromptReader, voice: Voice, prefs: Preferences, width: int,
            verbosity: str | None) -> bool:
    """Go over game ``wanted`` of the history from the player's seat; False if input
    ended there."""
    from a11y_games.ui.replaying import ReplayClient, open_replay

    tr = Translator(lang)
    try:
        opened = open_replay(wanted, specs, tr, reader, writer)
    except (EOFError, KeyboardInterrupt):
        return False
    if opened is None:
        return True
    client = ReplayClient(*opened, reader=reader, writer=writer, lang=lang,
                          verbosity=Verbosity[(verbosity or prefs.verbosity).upper()],
                          speech=voice.speech, specs=specs, prefs=prefs,
                          braille=BrailleOptions(
                              table=prefs.braille_table or None,
                              contracted=prefs.braille_contracted == "on", width=width))
    voice.render = lambda msg: client.tr.render(msg)
    client.run()
    return not client.input_ended


def _chosen_match(choice: LaunchChoice, specs: dict[str, GameSpec]) -> Match:
    """The table the game menu settled, after a game played to its end: a new deal."""
    if choice.resume:
        return Match.load(save_path("autosave"), specs)
    spec = choice.spec
    settings = spec.settings(choice.players, _fresh_seed(), choice.options)
    seats = [SeatSpec("human", choice.names[i] if i < len(choice.names) else "")
             for i in range(choice.humans)]
    seats += [SeatSpec("bot", level=choice.level, name_index=i)
              for i in range(choice.humans, choice.players)]
    return Match(spec, settings, seats)


def save_file(name: str) -> Path:
    """The file ``--load`` names: a path as typed, or a save name, checked before any file
    call (a name of 300 characters, ``my save``) and said if it cannot be one."""
    path = save_path(name, allow_path=True)
    if path == save_path(name):  # a name, not a path
        problem = save_name_problem(name)
        if problem is not None:
            raise UsageError(problem)
    return path


def _shared_name(match: Match, names: list[str], tr: Translator) -> str | None:
    """A name given with ``--names`` that another seat has too (by ear, case and accents do
    not count): the hand-over could not say who takes the keyboard."""
    said = [fold(tr.render(n) if isinstance(n, Msg) else n)
            for n in map(match.seat_name, range(match.state.seat_count))]
    return next((name for name in names[:len(match.humans())] if said.count(fold(name)) > 1),
                None)


def _keep_unfinished(specs: Mapping[str, GameSpec]) -> Msg | None:
    """A new game: an unfinished one in the autosave, where a human has decided something,
    is moved to the save ``previous`` (the new game's autosave would overwrite it)."""
    old = unfinished(specs)
    if old is None:
        return None
    try:
        os.replace(save_path("autosave"), save_path("previous"))
    except OSError:
        return None
    return Msg("core.cli.kept_previous", game=old.spec.title)


def _unused_names(unused: int, humans: int) -> Msg:
    """``--names`` gave more names than there are human seats: say how many are left out."""
    return Msg("core.cli.names_unused", count=unused,
               seats=Msg("core.cli.human_seats", count=humans))


def _fresh_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)
