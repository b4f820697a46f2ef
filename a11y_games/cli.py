"""``a11y-games``: argument parsing and wiring. Plays, simulates, lists, reads rules."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import IO, Any, NoReturn

from a11y_games.engine import Msg, Verbosity
from a11y_games.engine.match import Match, SaveError, SeatSpec, think_seconds
from a11y_games.engine.oserror import os_reason
from a11y_games.engine.simulate import simulate
from a11y_games.engine.spec import GameSpec, OptionError
from a11y_games.games import all_specs, get_spec
from a11y_games.i18n import LANGUAGES, Translator, default_language
from a11y_games.ui.client import BrailleOptions, Client
from a11y_games.ui.commands import fold, number
from a11y_games.ui.paths import (
    is_file,
    remove_stale_temp_files,
    save_name_problem,
    save_path,
)
from a11y_games.ui.rulesdoc import find_section, read_sections
from a11y_games.ui.settings import WIDTHS, Preferences, load_preferences, save_preferences
from a11y_games.ui.terminal import PROMPT, PlainReader, PromptReader, Writer
from a11y_games.ui.wording import game_words

__all__ = ["main"]

SUBCOMMANDS = ("play", "simulate", "list", "rules", "resume", "braille", "serve", "connect")
WALKTHROUGH_LINES = 10
"""``core.walkthrough.1`` to ``.10``: the first run's five things, one idea a line."""


class UsageError(Exception):
    """Bad command-line words: ``msg`` says what is allowed."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg


class _Seconds:
    """An argparse type: the seconds a strong bot thinks (``THINK_SECONDS``, said in the
    message), else a UsageError in the player's language."""

    def __call__(self, text: str) -> float:
        try:
            return think_seconds(text)
        except ValueError:
            raise UsageError(Msg("core.cli.think", value=text)) from None


class _Whole:
    """An argparse type: a whole number, else a UsageError said in the player's language
    (argparse catches only ValueError and TypeError, and says them in English)."""

    def __init__(self, option: str) -> None:
        self.option = option

    def __call__(self, text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise UsageError(Msg("core.cli.not_number", option=self.option,
                                 value=text)) from None


def _one_of(option: str, values: Sequence[str]) -> Callable[[str], str]:
    """An argparse type: one of ``values``, else a UsageError in the player's language."""

    def convert(text: str) -> str:
        if text not in values:
            raise UsageError(Msg("core.cli.bad_choice", option=option, value=text,
                                 values=", ".join(values)))
        return text

    return convert


def _number(parser: argparse.ArgumentParser, option: str, **kwargs: Any) -> None:
    """A whole-number option."""
    parser.add_argument(option, type=_Whole(option), **kwargs)


def _choice(parser: argparse.ArgumentParser, option: str, values: Sequence[str],
            **kwargs: Any) -> None:
    """An option taking one of ``values`` (said, in the player's language, when it is not)."""
    parser.add_argument(option, choices=values, type=_one_of(option, values), **kwargs)


def _game_names() -> str:
    return ", ".join(sorted(all_specs()))


class GoOnline(Exception):
    """The launcher's network entry: connect to ``address`` instead of playing here."""

    def __init__(self, address: str) -> None:
        super().__init__(address)
        self.address = address


class HelpWanted(Exception):
    """``--help``: the command's help lines, said from the catalogues."""

    def __init__(self, lines: Sequence[Msg]) -> None:
        super().__init__("help")
        self.lines = lines


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are UsageErrors in the player's language, never
    argparse's English usage text on stderr; its ``--help`` is ``help_lines``, said in the
    player's language too (one option a line, short enough for a braille line)."""

    def __init__(self, help_lines: Sequence[Msg] = (), **kwargs: object) -> None:
        super().__init__(exit_on_error=False, **kwargs)  # type: ignore[arg-type]
        self.help_lines = help_lines

    def print_help(self, file: IO[str] | None = None) -> NoReturn:
        raise HelpWanted(self.help_lines)

    def error(self, message: str) -> NoReturn:
        """What argparse does not raise as an ArgumentError (an ambiguous ``--b``)."""
        raise UsageError(Msg("core.cli.not_understood", program=self.prog))

    def option_error(self, error: argparse.ArgumentError) -> UsageError:
        """An option with no value after it (or one it does not take): what to type."""
        action = next((a for a in self._actions
                       if "/".join(a.option_strings) == error.argument_name), None)
        if action is None or not action.option_strings:
            return UsageError(Msg("core.cli.not_understood", program=self.prog))
        option = action.option_strings[-1]
        if action.nargs == 0:
            return UsageError(Msg("core.cli.no_value", option=option))
        if action.choices:
            return UsageError(Msg("core.cli.needs_choice", option=option,
                                  values=", ".join(action.choices)))
        if isinstance(action.type, _Whole):
            return UsageError(Msg("core.cli.needs_number", option=option))
        return UsageError(Msg("core.cli.needs_value", option=option))


def _variants(pairs: Sequence[str]) -> dict[str, str]:
    """``--variant crises=on --variant no-rising-waters`` into an options dict."""
    options: dict[str, str] = {}
    for pair in pairs:
        if "=" in pair:
            name, value = pair.split("=", 1)
        elif pair.startswith("no-"):
            name, value = pair[3:], "off"
        else:
            name, value = pair, "on"
        options[name.strip().replace("-", "_")] = value.strip()
    return options


_COMMON_HELP = (Msg("core.clihelp.lang"), Msg("core.clihelp.seed"), Msg("core.clihelp.variant"))
_GAMES_HELP = (Msg("core.clihelp.cmd_list"), Msg("core.clihelp.cmd_rules"),
               Msg("core.clihelp.cmd_resume"), Msg("core.clihelp.cmd_simulate"),
               Msg("core.clihelp.cmd_braille"), Msg("core.clihelp.more"))


def _help(*lines: Msg) -> tuple[Msg, ...]:
    """A command's help: its lines, then ``--help`` itself."""
    return (*lines, Msg("core.clihelp.help"))


def _common(parser: _Parser) -> None:
    _choice(parser, "--lang", LANGUAGES, default=None)
    _number(parser, "--seed", default=None)
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=VALUE")


def _play_parser() -> _Parser:
    p = _Parser(prog="a11y-games", help_lines=(
        Msg("core.clihelp.play"), Msg("core.clihelp.play_what"),
        Msg("core.clihelp.games", games=_game_names()),
        Msg("core.clihelp.no_game"), Msg("core.clihelp.options"), *_COMMON_HELP,
        Msg("core.clihelp.players"), Msg("core.clihelp.humans"), Msg("core.clihelp.names"),
        Msg("core.clihelp.level"), Msg("core.clihelp.think"), Msg("core.clihelp.speech"),
        Msg("core.clihelp.sound"),
        Msg("core.clihelp.braille"),
        Msg("core.clihelp.braille_table"), Msg("core.clihelp.braille_contracted"),
        Msg("core.clihelp.braille_width"), Msg("core.clihelp.brlapi"),
        Msg("core.clihelp.verbosity"), Msg("core.clihelp.events"), Msg("core.clihelp.load"),
        Msg("core.clihelp.help"), Msg("core.clihelp.commands"), *_GAMES_HELP))
    p.add_argument("game", nargs="?")
    _common(p)
    _number(p, "--players")
    _number(p, "--humans", default=1)
    p.add_argument("--names", default="")
    _choice(p, "--level", ("random", "normal", "strong"), default=None)
    p.add_argument("--think", type=_Seconds(), default=None, metavar="SECONDS")
    _choice(p, "--speech", ("auto", "on", "off"), default=None)
    _choice(p, "--sound", ("on", "off"), default=None)
    p.add_argument("--braille", action="store_true")
    p.add_argument("--braille-table", default=None)
    p.add_argument("--braille-contracted", action="store_true", default=None)
    _number(p, "--braille-width", default=None)
    p.add_argument("--brlapi", action="store_true")
    _choice(p, "--verbosity", ("brief", "normal", "full"), default=None)
    p.add_argument("--events", metavar="FILE")
    p.add_argument("--load", metavar="SAVE")
    return p


def _simulate_parser() -> _Parser:
    p = _Parser(prog="a11y-games simulate", help_lines=_help(
        Msg("core.clihelp.simulate"), Msg("core.clihelp.simulate_what"),
        Msg("core.clihelp.games", games=_game_names()),
        Msg("core.clihelp.options"), *_COMMON_HELP, Msg("core.clihelp.players"),
        Msg("core.clihelp.games_count"), Msg("core.clihelp.levels"),
        Msg("core.clihelp.camp_levels")))
    p.add_argument("game", nargs="?")
    _common(p)
    _number(p, "--players")
    _number(p, "--games", default=100)
    p.add_argument("--level", default="random")
    p.add_argument("--camp-levels", default="", metavar="CAMP=LEVEL,...")
    return p


def _parse(parser: _Parser, argv: Sequence[str]) -> argparse.Namespace:
    """``parse_args``, but words it does not know are said in the player's language."""
    try:
        args, unknown = parser.parse_known_args(argv)
    except argparse.ArgumentError as error:
        raise parser.option_error(error) from None
    if unknown:
        raise UsageError(Msg("core.cli.unknown_words", words=" ".join(unknown),
                             program=parser.prog))
    return args


def _spec(name: str | None) -> GameSpec:
    if not name:
        raise UsageError(Msg("core.cli.no_game", games=_game_names()))
    try:
        return get_spec(name)
    except KeyError:
        raise UsageError(Msg("core.cli.unknown_game", game=name,
                             games=_game_names())) from None


def _speech(mode: str, lang: str) -> Any:
    """Speech through accessible_output2 (``auto`` leaves it to a screen reader reading the
    terminal); ``off`` still allows ``speech on`` later."""
    try:
        from a11y_games.output.speech import Speech
    except ImportError:
        return None
    return Speech(mode, lang=lang)


class _Voice:
    """The game's voice wired to the writer: every line written is spoken once, prompts
    as shown; a key silences; a lost or returning service is said at once."""

    def __init__(self, speech: Any, writer: Writer, lang: str) -> None:
        self.speech = speech
        self.writer = writer
        self.lang = lang
        self.render: Callable[[Msg], str] = lambda msg: Translator(self.lang).render(msg)
        """In the player's language of the moment (the client's, once it runs)."""
        self.display: Callable[[], Any] = lambda: None
        """The braille display, if any: a lost or returning voice is shown there too."""
        if speech is None:
            return
        if speech.available and speech.enabled:
            writer.speak = self.speak
        speech.notify = self.notify

    def speak(self, text: str) -> None:
        if self.speech is not None and self.speech.enabled:
            self.speech.speak(text)

    def silence(self) -> None:
        if self.speech is not None and self.speech.available:
            self.speech.silence()

    def start(self) -> None:
        """Say once who speaks (the game's voice, the screen reader, nobody), or why none."""
        if self.speech is None:
            return
        take = getattr(self.speech, "take_problem", None)
        choice = getattr(self.speech, "choice", None)
        said = (take() if take else None) or (choice() if choice else None)
        if said is not None:
            self.writer.line(Translator(self.lang).render(said))

    def notify(self, msg: Msg) -> None:
        """From the speech thread: the service was lost, or is back (then what it missed)."""
        def show() -> None:
            text = self.render(msg)
            back = msg.id == "output.speech.back"
            speak, self.writer.speak = self.writer.speak, None
            self.writer.line(text)  # the loss is not kept to be said when the voice is back
            self.writer.speak = self.speak if back else speak
            if back:
                self.speak(text)
            display = self.display()
            if display is not None:
                with contextlib.suppress(OSError):  # a display lost is said by the client
                    display.show(text)
            if back:
                self.speech.replay_missed()

        self.writer.post(show)

    def reader(self, reader: PlainReader | PromptReader) -> PlainReader | PromptReader:
        """Prompts spoken as shown, any key silencing, lines from threads above the prompt."""
        if isinstance(reader, PromptReader):
            reader.on_prompt = self.writer.prompt
            reader.on_key = self.silence
            self.writer.interject = reader.interject
        return reader

    def close(self) -> None:
        """Let the last words be said, then close the connection."""
        speech = self.speech
        with contextlib.suppress(Exception, KeyboardInterrupt):  # Ctrl-C: stop waiting
            if speech is not None and speech.available:
                speech.wait_idle(3.0)
            if speech is not None:
                speech.close()


def _sound(mode: str, prefs: Preferences) -> object | None:
    """Sound cues (miniaudio, loaded only now); None when off (``--sound off``, the
    setting, or ``NO_SOUND``): ``sound on`` during play opens the device then."""
    from a11y_games.output.sound import Sound, sound_disabled

    if mode == "off" or sound_disabled():
        return None
    return Sound("on", volume=prefs.volume, muted=prefs.muted, deferred=True)


def cmd_play(argv: Sequence[str], lang: str, out: IO[str],
             loaded: tuple[Preferences, Msg | None] | None = None) -> int:
    """Play (or ``--load``); ``loaded``: the settings file as ``main`` read it already."""
    args = _parse(_play_parser(), argv)
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
    voice = _Voice(_speech(args.speech or prefs.speech, lang), writer, lang)
    try:
        if problem is not None:
            writer.line(tr.render(problem))
        voice.start()
        return _play(args, lang, tr, writer, voice, prefs, level, width)
    finally:
        voice.close()


def _play(args: argparse.Namespace, lang: str, tr: Translator, writer: Writer, voice: _Voice,
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
            choice = _launcher(tr, writer, specs, setup, level)
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
        match = Match.load(_save_file(args.load), specs)
    else:
        spec = _spec(args.game) if args.game else None
        options = _variants(args.variant)
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
        names = [n.strip() for n in _text(args.names).split(",") if n.strip()]
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
    sound = _sound(args.sound or prefs.sound, prefs)
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
        client.display = _display(client, reader)
    if args.load:
        client.resumed(_save_file(args.load))
    try:
        return client.run()
    finally:
        if events_file is not None:
            with contextlib.suppress(OSError):  # a full disk was said during play
                events_file.close()
        cues = client.sound  # ``sound on`` during play may have made one
        with contextlib.suppress(Exception, KeyboardInterrupt):  # Ctrl-C: stop waiting
            if cues is not None:
                cues.wait_idle(1.0)  # the last cue (won, lost) is heard
                cues.close()


def _save_file(name: str) -> Path:
    """The file ``--load`` names: a path as typed, or a save name, checked before any file
    call (a name of 300 characters, ``my save``) and said if it cannot be one."""
    path = save_path(name, allow_path=True)
    if path == save_path(name):  # a name, not a path
        problem = save_name_problem(name)
        if problem is not None:
            raise UsageError(problem)
    return path


def _text(word: str) -> str:
    """A command-line word whose bytes are not UTF-8 (a Latin-1 terminal: 'Zo\\udce9') read
    as Latin-1: such a name could not be saved, and the first autosave ended the game."""
    raw = os.fsencode(word)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _shared_name(match: Match, names: list[str], tr: Translator) -> str | None:
    """A name given with ``--names`` that another seat has too (by ear, case and accents do
    not count): the hand-over could not say who takes the keyboard."""
    said = [fold(tr.render(n) if isinstance(n, Msg) else n)
            for n in map(match.seat_name, range(match.state.seat_count))]
    return next((name for name in names[:len(match.humans())] if said.count(fold(name)) > 1),
                None)


def _keep_unfinished(specs: dict[str, GameSpec]) -> Msg | None:
    """A new game: an unfinished one in the autosave, where a human has decided something,
    is moved to the save ``previous`` (the new game's autosave would overwrite it)."""
    old = _unfinished(specs)
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


def _display(client: Client, reader: object) -> object | None:
    """The braille display through BrlAPI, or None after one clear message."""
    from a11y_games.output.braille import BrailleError, table_for
    from a11y_games.output.brlapi_display import BrailleDisplay, DisplayUnavailable

    try:
        display = BrailleDisplay(table_for(client.lang, client.braille.contracted,
                                           client.braille.table))
    except (DisplayUnavailable, BrailleError) as error:
        client.say(error.msg)
        return None
    watch = getattr(reader, "watch", None)
    if watch is not None:
        watch(display.fileno(), display.pump)
    return display


def _fresh_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


@dataclass
class LaunchChoice:
    """What the launcher settled: the game and who sits at the table."""

    spec: GameSpec
    players: int
    humans: int = 1
    level: str = "normal"
    options: dict[str, str] = field(default_factory=dict)
    lang: str = "en"
    names: list[str] = field(default_factory=list)
    """Names of the humans at a shared keyboard (empty: the default names)."""
    resume: bool = False
    """Continue the unfinished game in the autosave instead."""


LANGUAGE_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("en", "english", "anglais"), "fr": ("fr", "french", "francais", "français")}
"""Words naming each language, in either language (accents and case ignored)."""


def _unfinished(specs: dict[str, GameSpec]) -> Match | None:
    """The unfinished game in the autosave where a human has decided something, if any."""
    try:
        return _unfinished_or_damaged(specs)
    except SaveError:
        return None


def _unfinished_or_damaged(specs: dict[str, GameSpec]) -> Match | None:
    """As :func:`_unfinished`, but SaveError when an autosave is there and cannot be read
    (the launcher tells the player, not left wondering where the game went)."""
    autosave = save_path("autosave")
    if not is_file(autosave):
        return None
    old = Match.load(autosave, specs)
    if old.state.pending() is None or not any(old.is_human(s) for s, _ in old.log):
        return None
    return old


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def ask_language(tr: Translator, writer: Writer, reader: PlainReader | PromptReader) -> str:
    """The first question on a machine with no settings: the language, by number or word."""
    langs = list(LANGUAGES)
    default = langs.index(tr.lang) + 1 if tr.lang in langs else 1
    writer.lines([tr.render(Msg("core.choices.item", number=i,
                                label=Msg("core.launcher.lang_line",
                                          name=_capital(Translator(code).render(
                                              Msg(f"core.lang.{code}"))))))
                  for i, code in enumerate(langs, 1)])
    # asked before anyone chose a language: the question speaks both
    picked = _ask_number(tr, writer, reader, Msg("core.launcher.lang_first", default=default),
                         1, len(langs), default, [LANGUAGE_WORDS.get(c, (c,)) for c in langs])
    return langs[picked - 1]


def _launcher(tr: Translator, writer: Writer, specs: dict[str, GameSpec],
              reader: PlainReader | PromptReader, level: str) -> LaunchChoice:
    """Three answers, each with a default on Enter: game, players, start (or ``more``).
    An unfinished game in the autosave is offered first."""
    games = list(specs.values())
    if not games:
        raise UsageError(Msg("core.cli.no_games"))
    try:
        old = _unfinished_or_damaged(specs)
    except SaveError:
        old = None
        writer.lines([tr.render(Msg("core.launcher.resume_damaged"))])
    if old is not None:
        answer = _read(reader, tr.render(Msg("core.launcher.resume", game=old.spec.title,
                                             count=len(old.log))), writer)
        if fold(answer) in ("yes", "y", "oui", "o", "1"):
            return LaunchChoice(old.spec, old.settings.players, lang=tr.lang, resume=True)
    writer.lines([tr.render(Msg("core.launcher.welcome"))])
    writer.lines([tr.render(Msg("core.choices.item", number=i,
                                label=Msg("core.launcher.game_line", game=g.title,
                                          tagline=g.tagline or g.summary,
                                          low=g.min_players, high=g.max_players)))
                  for i, g in enumerate(games, 1)])
    online = len(games) + 1  # the last entry: a table held by a server
    writer.lines([tr.render(Msg("core.choices.item", number=online,
                                label=Msg("online.launcher.entry")))])
    picked = _ask_number(tr, writer, reader, Msg("core.launcher.game", default=1),
                         1, online, 1, [*(game_words(g, tr) for g in games),
                                        ("online", "reseau", "network", "ligne")])
    if picked == online:
        address = _read(reader, tr.render(Msg("online.launcher.address")), writer)
        raise GoOnline(address or "127.0.0.1")
    spec = games[picked - 1]
    writer.lines([tr.render(spec.summary)])  # the list's few words, said whole
    players = _ask_number(tr, writer, reader,
                          Msg("core.launcher.players", low=spec.min_players,
                              high=spec.max_players, default=spec.default_players),
                          spec.min_players, spec.max_players, spec.default_players)
    choice = LaunchChoice(spec, players, level=level, lang=tr.lang)
    writer.lines([tr.render(Msg("core.launcher.summary", game=spec.title, players=players,
                                level=level))])
    answer = _read(reader, tr.render(Msg("core.launcher.start")), writer)
    if fold(answer) not in ("more", "plus"):
        return choice
    choice.humans = _ask_number(tr, writer, reader,
                                Msg("core.launcher.humans", high=players, default=1),
                                0, players, 1)
    if choice.humans > 1:
        for seat in range(1, choice.humans + 1):
            name = _read(reader, tr.render(Msg("core.launcher.name", number=seat)), writer)
            choice.names.append(" ".join(name.split())[:40])  # "": the default name
    levels = ("random", "normal", "strong")
    picked = _ask_number(tr, writer, reader,
                         Msg("core.launcher.level", default=levels.index(level) + 1),
                         1, len(levels), levels.index(level) + 1,
                         [("random", "hasard"), ("normal", "normaux"), ("strong", "fort")])
    choice.level = levels[picked - 1]
    for option in spec.options:
        values = option.offered(choice.options, spec.options, choice.players)
        if values is None:
            continue
        labels = [option.value_label(v) for v in values]
        writer.lines([tr.render(option.label)] + [
            tr.render(Msg("core.choices.item", number=i, label=label))
            for i, label in enumerate(labels, 1)])
        default = values.index(option.default) + 1 if option.default in values else 1
        picked = _ask_number(tr, writer, reader, Msg("core.launcher.option", default=default),
                             1, len(values), default)
        choice.options[option.name] = values[picked - 1]
    langs = list(LANGUAGES)
    default = langs.index(tr.lang) + 1
    writer.lines([tr.render(Msg("core.choices.item", number=i,  # each in its own language
                                label=Msg("core.launcher.lang_line",
                                          name=_capital(Translator(code).render(
                                              Msg(f"core.lang.{code}"))))))
                  for i, code in enumerate(langs, 1)])
    choice.lang = langs[_ask_number(tr, writer, reader, Msg("core.launcher.lang",
                                                            default=default),
                                    1, len(langs), default,
                                    [LANGUAGE_WORDS.get(c, (c,)) for c in langs]) - 1]
    return choice


def _read(reader: PlainReader | PromptReader, question: str, writer: Writer) -> str:
    """Ask ``question``: written (and spoken) as a line, then a short prompt."""
    writer.line(question.strip())
    try:
        return reader.read(PROMPT).strip()
    except (EOFError, KeyboardInterrupt):
        raise SystemExit(0) from None


def _ask_number(tr: Translator, writer: Writer, reader: PlainReader | PromptReader,
                question: Msg, low: int, high: int, default: int,
                words: Sequence[Sequence[str]] = ()) -> int:
    """A number from ``low`` to ``high`` (Enter: ``default``); ``words[i]`` also name
    answer ``low + i`` (accents and case ignored)."""
    while True:
        answer = _read(reader, tr.render(question), writer)
        if not answer:
            return default
        picked = number(answer)
        if picked is not None and low <= picked <= high:
            return picked
        named = [low + i for i, names in enumerate(words)
                 if fold(answer) in {fold(n) for n in names}]
        if len(named) == 1:
            return named[0]
        writer.lines([tr.render(Msg("core.launcher.range", low=low, high=high))])


def cmd_simulate(argv: Sequence[str], lang: str, out: IO[str]) -> int:
    args = _parse(_simulate_parser(), argv)
    tr = Translator(args.lang or lang)
    spec = _spec(args.game)
    players = args.players if args.players is not None else spec.default_players
    camp_levels = dict(p.split("=", 1) for p in args.camp_levels.split(",") if "=" in p)
    for level in [*args.level.split(","), *camp_levels.values()]:
        if level not in spec.bots:
            raise UsageError(Msg("core.cli.level", level=level,
                                 levels=", ".join(sorted(spec.bots))))
    if args.games < 1:
        raise UsageError(Msg("core.cli.games", value=args.games))
    report = simulate(spec, players=players, games=args.games,
                      seed=args.seed if args.seed is not None else 1,
                      levels=args.level.split(","), options=_variants(args.variant),
                      camp_levels=camp_levels or None)
    lines = [Msg("core.sim.header", game=spec.title, count=report.games, players=players)]
    for camp, wins in sorted(report.camp_wins.items()):
        lines.append(Msg("core.sim.camp", camp=Msg(f"{spec.name}.camp.{camp}"), wins=wins,
                         percent=f"{100 * wins / max(report.games, 1):.1f}"))
    for level, wins in sorted(report.level_wins.items()):
        lines.append(Msg("core.sim.level", level=Msg(f"core.level.{level}"), wins=wins))
    for level in sorted(report.level_scores):
        mean = report.mean_score(level)
        lines.append(Msg("core.sim.level_score", level=Msg(f"core.level.{level}"),
                         mean=f"{mean:.1f}"))
    lines.append(Msg("core.sim.length", mean=f"{report.mean_length:.1f}"))
    if report.unfinished:
        lines.append(Msg("core.sim.unfinished", count=report.unfinished))
    lines.append(Msg("core.sim.speed", rate=f"{report.games_per_second:.0f}",
                     seconds=f"{report.seconds:.2f}"))
    out.write("".join(tr.render(m) + "\n" for m in lines))
    return 0


def cmd_list(argv: Sequence[str], lang: str, out: IO[str]) -> int:
    tr = Translator(lang)
    for spec in all_specs().values():
        out.write(tr.render(Msg("core.list.game", name=spec.name, game=spec.title,
                                summary=spec.summary, low=spec.min_players,
                                high=spec.max_players)) + "\n")
    return 0


def _rules_parser() -> _Parser:
    parser = _Parser(prog="a11y-games rules", help_lines=_help(
        Msg("core.clihelp.rules"), Msg("core.clihelp.rules_what"),
        Msg("core.clihelp.games", games=_game_names()),
        Msg("core.clihelp.options"), Msg("core.clihelp.lang")))
    parser.add_argument("game", nargs="?")
    parser.add_argument("section", nargs="?", default="")
    _choice(parser, "--lang", LANGUAGES, default=None)
    return parser


def cmd_rules(argv: Sequence[str], lang: str, out: IO[str]) -> int:
    parser = _rules_parser()
    args = _parse(parser, argv)
    lang = args.lang or lang
    tr = Translator(lang)
    spec = _spec(args.game)
    sections = read_sections(spec.name, lang)
    if not sections:
        out.write(tr.render(Msg("core.rules.missing", game=spec.title)) + "\n")
        return 1
    chosen = [find_section(sections, args.section)] if args.section else sections
    if chosen == [None]:
        out.write(tr.render(Msg("core.rules.unknown", wanted=args.section,
                                count=len(sections))) + "\n")
        return 1
    for section in chosen:
        if section is not None:
            out.write("\n".join([section.title, *section.sentences]) + "\n")
    return 0


def _braille_parser() -> _Parser:
    from a11y_games.ui.embossing import KINDS

    parser = _Parser(prog="a11y-games braille", help_lines=_help(
        Msg("core.clihelp.braille_cmd"), Msg("core.clihelp.braille_what"),
        Msg("core.clihelp.games", games=_game_names()),
        Msg("core.clihelp.options"), Msg("core.clihelp.what"), Msg("core.clihelp.out"),
        Msg("core.clihelp.lang"), Msg("core.clihelp.width"), Msg("core.clihelp.lines"),
        Msg("core.clihelp.contracted"), Msg("core.clihelp.table"),
        Msg("core.clihelp.card_from")))
    parser.add_argument("game", nargs="?")
    _choice(parser, "--what", KINDS, default="rules")
    parser.add_argument("--out", default=None, metavar="FILE.brf")
    _choice(parser, "--lang", LANGUAGES, default=None)
    _number(parser, "--width", default=40)
    _number(parser, "--lines", default=25)
    parser.add_argument("--contracted", action="store_true")
    parser.add_argument("--table", default=None)
    parser.add_argument("--load", default="autosave", metavar="SAVE")
    return parser


def cmd_braille(argv: Sequence[str], lang: str, out: IO[str]) -> int:
    """``a11y-games braille GAME --what rules|card|table --out FILE.brf``."""
    from a11y_games.output.braille import BrailleError
    from a11y_games.ui.embossing import NeedsGame, brf_path, document, emboss

    parser = _braille_parser()
    args = _parse(parser, argv)
    lang = args.lang or lang
    tr = Translator(lang)
    spec = _spec(args.game)
    match = None
    if args.what != "rules":
        match = Match.load(_save_file(args.load), all_specs())
        if match.spec.name != spec.name:  # say what to type instead
            out.write("".join(tr.render(m) + "\n" for m in (
                Msg("core.brf.other_game", game=match.spec.title),
                Msg("core.brf.other_game_card", name=match.spec.name, what=args.what),
                Msg("core.brf.other_game_load", game=spec.title))))
            return 2
    try:
        title, lines = document(args.what, spec, lang, match)
        path = emboss(Path(args.out) if args.out else brf_path(spec, args.what), title, lines,
                      lang=lang, contracted=args.contracted, table=args.table,
                      width=args.width, page_lines=args.lines)
    except (BrailleError, NeedsGame) as error:
        out.write(tr.render(error.msg) + "\n")
        return 2
    out.write(tr.render(Msg("core.brf.written", what=Msg(f"core.brf.kind.{args.what}"),
                            path=str(path))) + "\n")
    return 0


def cmd_resume(argv: Sequence[str], lang: str, out: IO[str],
               loaded: tuple[Preferences, Msg | None] | None = None) -> int:
    asks_help = bool({"-h", "--help"} & set(argv))
    if not is_file(save_path("autosave")) and not asks_help:  # what to do, not a file
        raise UsageError(Msg("core.cli.nothing_to_resume"))
    return cmd_play(["--load", "autosave", *argv], lang, out, loaded)


def _connect(argv: Sequence[str], lang: str, out: IO[str],
             loaded: tuple[Preferences, Msg | None] | None = None) -> int:
    """``connect``: its module is loaded only when asked (the network stack)."""
    from a11y_games.connect import cmd_connect

    return cmd_connect(argv, lang, out, loaded)


def _serve_parser() -> _Parser:
    parser = _Parser(prog="a11y-games serve", help_lines=_help(
        Msg("net.clihelp.serve"), Msg("core.clihelp.options"), Msg("net.clihelp.host"),
        Msg("net.clihelp.port"), Msg("net.clihelp.data"), Msg("net.clihelp.tls"),
        Msg("net.clihelp.durable"), Msg("net.clihelp.think"), Msg("net.clihelp.seed"),
        Msg("core.clihelp.lang")))
    parser.add_argument("--host", default="127.0.0.1")
    _number(parser, "--port", default=8765)
    parser.add_argument("--data", default=None, metavar="DIR")
    parser.add_argument("--certfile", default=None, metavar="FILE")
    parser.add_argument("--keyfile", default=None, metavar="FILE")
    parser.add_argument("--durable", action="store_true")
    parser.add_argument("--think", type=_Seconds(), default=None, metavar="SECONDS")
    _choice(parser, "--lang", LANGUAGES, default=None)
    _number(parser, "--seed", default=None)
    return parser


def cmd_serve(argv: Sequence[str], lang: str, out: IO[str]) -> int:
    """``a11y-games serve``: the table server for network play, until SIGTERM or Ctrl+C."""
    from a11y_games.net.server import run
    from a11y_games.ui.paths import data_dir

    args = _parse(_serve_parser(), argv)
    tr = Translator(args.lang or lang)
    data = Path(args.data) if args.data else data_dir() / "server"
    if args.keyfile and not args.certfile:
        raise UsageError(Msg("net.serve.key_without_cert"))

    def listening(url: str) -> None:
        out.write(tr.render(Msg("net.serve.listening", url=url, data=str(data))) + "\n")
        out.flush()

    try:
        run(all_specs(), host=args.host, port=args.port, data=data, certfile=args.certfile,
            keyfile=args.keyfile, durable=args.durable, seed=args.seed, think=args.think,
            listening=listening)
    except OSError as error:
        out.write(tr.render(Msg("net.serve.failed", reason=os_reason(error))) + "\n")
        return 1
    out.write(tr.render(Msg("net.serve.stopped")) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``a11y-games``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    loaded = load_preferences()  # read once: the language of errors too, then play's settings
    lang = loaded[0].lang or default_language()
    for i, word in enumerate(argv[:-1]):
        if word == "--lang" and argv[i + 1] in LANGUAGES:
            lang = argv[i + 1]
    out = sys.stdout
    command = argv[0] if argv and argv[0] in SUBCOMMANDS else "play"
    if argv and argv[0] in SUBCOMMANDS:
        argv = argv[1:]
    handlers: dict[str, Callable[[Sequence[str], str, IO[str]], int]] = {
        "play": partial(cmd_play, loaded=loaded), "simulate": cmd_simulate, "list": cmd_list,
        "rules": cmd_rules, "resume": partial(cmd_resume, loaded=loaded),
        "braille": cmd_braille, "serve": cmd_serve,
        "connect": partial(_connect, loaded=loaded)}
    try:
        try:
            return handlers[command](argv, lang, out)
        except HelpWanted as wanted:
            out.write("".join(Translator(lang).render(line) + "\n" for line in wanted.lines))
            return 0
        except (UsageError, OptionError, SaveError) as error:
            out.write(Translator(lang).render(error.msg) + "\n")
            return 2
        finally:
            out.flush()
    except BrokenPipeError:  # ``| head -1``: nobody reads any more, end quietly
        with contextlib.suppress(OSError):  # and no second error when Python flushes stdout
            os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
