"""The command line's words: each sub-command's parser, and what its errors and ``--help``
say, in the player's language (never argparse's English)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from typing import IO, Any, NoReturn

from a11y_games.engine import Msg
from a11y_games.engine.match import think_seconds
from a11y_games.engine.spec import GameSpec
from a11y_games.games import all_specs, get_spec
from a11y_games.i18n import LANGUAGES

__all__ = [
    "HelpWanted",
    "Parser",
    "Seconds",
    "UsageError",
    "braille_parser",
    "choice",
    "command_word",
    "connect_parser",
    "doctor_parser",
    "find_spec",
    "game_names",
    "parse",
    "play_parser",
    "rules_parser",
    "serve_parser",
    "simulate_parser",
    "variants",
    "whole_number",
    "with_help",
]


class UsageError(Exception):
    """Bad command-line words: ``msg`` says what is allowed."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg


class Seconds:
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


def whole_number(parser: argparse.ArgumentParser, option: str, **kwargs: Any) -> None:
    """A whole-number option."""
    parser.add_argument(option, type=_Whole(option), **kwargs)


def choice(parser: argparse.ArgumentParser, option: str, values: Sequence[str],
            **kwargs: Any) -> None:
    """An option taking one of ``values`` (said, in the player's language, when it is not)."""
    parser.add_argument(option, choices=values, type=_one_of(option, values), **kwargs)


def game_names() -> str:
    """The games' names, as typed: ``pnue, utopia, vanuatu, vertigo``."""
    return ", ".join(sorted(all_specs()))


class HelpWanted(Exception):
    """``--help``: the command's help lines, said from the catalogues."""

    def __init__(self, lines: Sequence[Msg]) -> None:
        super().__init__("help")
        self.lines = lines


class Parser(argparse.ArgumentParser):
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


def variants(pairs: Sequence[str]) -> dict[str, str]:
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
               Msg("core.clihelp.cmd_braille"), Msg("core.clihelp.cmd_doctor"),
               Msg("core.clihelp.more"))


def with_help(*lines: Msg) -> tuple[Msg, ...]:
    """A command's help: its lines, then ``--help`` itself."""
    return (*lines, Msg("core.clihelp.help"))


def _common(parser: Parser) -> None:
    choice(parser, "--lang", LANGUAGES, default=None)
    whole_number(parser, "--seed", default=None)
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=VALUE")


def play_parser() -> Parser:
    p = Parser(prog="a11y-games", help_lines=(
        Msg("core.clihelp.play"), Msg("core.clihelp.play_what"),
        Msg("core.clihelp.games", games=game_names()),
        Msg("core.clihelp.no_game"), Msg("core.clihelp.options"), *_COMMON_HELP,
        Msg("core.clihelp.players"), Msg("core.clihelp.humans"), Msg("core.clihelp.names"),
        Msg("core.clihelp.level"), Msg("core.clihelp.think"), Msg("core.clihelp.speech"),
        Msg("core.clihelp.sound"),
        Msg("core.clihelp.braille"), Msg("core.clihelp.braille_spoken"),
        Msg("core.clihelp.braille_table"), Msg("core.clihelp.braille_contracted"),
        Msg("core.clihelp.braille_width"), Msg("core.clihelp.brlapi"),
        Msg("core.clihelp.verbosity"), Msg("core.clihelp.events"), Msg("core.clihelp.load"),
        Msg("core.clihelp.help"), Msg("core.clihelp.commands"), *_GAMES_HELP))
    p.add_argument("game", nargs="?")
    _common(p)
    whole_number(p, "--players")
    whole_number(p, "--humans", default=1)
    p.add_argument("--names", default="")
    choice(p, "--level", ("random", "normal", "strong"), default=None)
    p.add_argument("--think", type=Seconds(), default=None, metavar="SECONDS")
    choice(p, "--speech", ("auto", "on", "off"), default=None)
    choice(p, "--sound", ("on", "off"), default=None)
    p.add_argument("--braille", action="store_true")
    p.add_argument("--braille-table", default=None)
    p.add_argument("--braille-contracted", action="store_true", default=None)
    whole_number(p, "--braille-width", default=None)
    p.add_argument("--brlapi", action="store_true")
    choice(p, "--verbosity", ("brief", "normal", "full"), default=None)
    p.add_argument("--events", metavar="FILE")
    p.add_argument("--load", metavar="SAVE")
    return p


def simulate_parser() -> Parser:
    p = Parser(prog="a11y-games simulate", help_lines=with_help(
        Msg("core.clihelp.simulate"), Msg("core.clihelp.simulate_what"),
        Msg("core.clihelp.games", games=game_names()),
        Msg("core.clihelp.options"), *_COMMON_HELP, Msg("core.clihelp.players"),
        Msg("core.clihelp.games_count"), Msg("core.clihelp.levels"),
        Msg("core.clihelp.camp_levels")))
    p.add_argument("game", nargs="?")
    _common(p)
    whole_number(p, "--players")
    whole_number(p, "--games", default=100)
    p.add_argument("--level", default="random")
    p.add_argument("--camp-levels", default="", metavar="CAMP=LEVEL,...")
    return p


def parse(parser: Parser, argv: Sequence[str]) -> argparse.Namespace:
    """``parse_args``, but words it does not know are said in the player's language."""
    try:
        args, unknown = parser.parse_known_args(argv)
    except argparse.ArgumentError as error:
        raise parser.option_error(error) from None
    if unknown:
        raise UsageError(Msg("core.cli.unknown_words", words=" ".join(unknown),
                             program=parser.prog))
    return args


def find_spec(name: str | None) -> GameSpec:
    """The game the command names, else a UsageError naming the games."""
    if not name:
        raise UsageError(Msg("core.cli.no_game", games=game_names()))
    try:
        return get_spec(name)
    except KeyError:
        raise UsageError(Msg("core.cli.unknown_game", game=name,
                             games=game_names())) from None


def command_word(word: str) -> str:
    """A command-line word whose bytes are not UTF-8 (a Latin-1 terminal: 'Zo\\udce9') read
    as Latin-1: such a name could not be saved, and the first autosave ended the game."""
    raw = os.fsencode(word)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def rules_parser() -> Parser:
    parser = Parser(prog="a11y-games rules", help_lines=with_help(
        Msg("core.clihelp.rules"), Msg("core.clihelp.rules_what"),
        Msg("core.clihelp.games", games=game_names()),
        Msg("core.clihelp.options"), Msg("core.clihelp.lang")))
    parser.add_argument("game", nargs="?")
    parser.add_argument("section", nargs="?", default="")
    choice(parser, "--lang", LANGUAGES, default=None)
    return parser


def doctor_parser() -> Parser:
    parser = Parser(prog="a11y-games doctor", help_lines=with_help(
        Msg("core.clihelp.doctor"), Msg("core.clihelp.doctor_what"),
        Msg("core.clihelp.doctor_paste"), Msg("core.clihelp.options"),
        Msg("core.clihelp.lang")))
    choice(parser, "--lang", LANGUAGES, default=None)
    return parser


def braille_parser() -> Parser:
    from a11y_games.ui.embossing import KINDS

    parser = Parser(prog="a11y-games braille", help_lines=with_help(
        Msg("core.clihelp.braille_cmd"), Msg("core.clihelp.braille_what"),
        Msg("core.clihelp.games", games=game_names()),
        Msg("core.clihelp.options"), Msg("core.clihelp.what"), Msg("core.clihelp.out"),
        Msg("core.clihelp.lang"), Msg("core.clihelp.width"), Msg("core.clihelp.lines"),
        Msg("core.clihelp.contracted"), Msg("core.clihelp.table"),
        Msg("core.clihelp.card_from")))
    parser.add_argument("game", nargs="?")
    choice(parser, "--what", KINDS, default="rules")
    parser.add_argument("--out", default=None, metavar="FILE.brf")
    choice(parser, "--lang", LANGUAGES, default=None)
    whole_number(parser, "--width", default=40)
    whole_number(parser, "--lines", default=25)
    parser.add_argument("--contracted", action="store_true")
    parser.add_argument("--table", default=None)
    parser.add_argument("--load", default="autosave", metavar="SAVE")
    return parser


def serve_parser() -> Parser:
    parser = Parser(prog="a11y-games serve", help_lines=with_help(
        Msg("net.clihelp.serve"), Msg("core.clihelp.options"), Msg("net.clihelp.host"),
        Msg("net.clihelp.port"), Msg("net.clihelp.data"), Msg("net.clihelp.tls"),
        Msg("net.clihelp.no_web"), Msg("net.clihelp.web_workers"), Msg("net.clihelp.durable"),
        Msg("net.clihelp.think"), Msg("net.clihelp.seed"), Msg("net.clihelp.accounts"),
        Msg("net.clihelp.admin"), Msg("net.clihelp.trusted_proxy"), Msg("net.clihelp.quiet"),
        Msg("core.clihelp.lang")))
    parser.add_argument("--host", default="127.0.0.1")
    whole_number(parser, "--port", default=8765)
    parser.add_argument("--data", default=None, metavar="DIR")
    parser.add_argument("--certfile", default=None, metavar="FILE")
    parser.add_argument("--keyfile", default=None, metavar="FILE")
    parser.add_argument("--durable", action="store_true")
    parser.add_argument("--no-web", action="store_true")
    whole_number(parser, "--web-workers", default=None)
    parser.add_argument("--think", type=Seconds(), default=None, metavar="SECONDS")
    choice(parser, "--lang", LANGUAGES, default=None)
    whole_number(parser, "--seed", default=None)
    choice(parser, "--accounts", ("off", "optional", "required"), default="optional")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--admin", default=None, metavar="NAME")
    parser.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDR")
    return parser


def connect_parser() -> Parser:
    parser = Parser(prog="a11y-games connect", help_lines=(
        Msg("online.clihelp.connect"), Msg("online.clihelp.address"),
        Msg("online.clihelp.name"), Msg("online.clihelp.tls"), Msg("core.clihelp.lang"),
        Msg("core.clihelp.speech"),
        Msg("core.clihelp.sound"),
        Msg("core.clihelp.braille"), Msg("core.clihelp.braille_spoken"),
        Msg("core.clihelp.braille_width"),
        Msg("core.clihelp.verbosity"), Msg("core.clihelp.help")))
    parser.add_argument("address", nargs="?", default="127.0.0.1")
    choice(parser, "--lang", LANGUAGES, default=None)
    parser.add_argument("--name", default=None)
    parser.add_argument("--tls", action="store_true")
    choice(parser, "--speech", ("auto", "on", "off"), default=None)
    choice(parser, "--sound", ("on", "off"), default=None)
    parser.add_argument("--braille", action="store_true")
    parser.add_argument("--braille-table", default=None)
    parser.add_argument("--braille-contracted", action="store_true", default=None)
    whole_number(parser, "--braille-width", default=None)
    parser.add_argument("--brlapi", action="store_true")
    choice(parser, "--verbosity", ("brief", "normal", "full"), default=None)
    return parser
