"""``a11y-games``: which sub-command runs. Each lives in its own module, loaded only when
asked (the network stack only for ``connect`` and ``serve``)."""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from collections.abc import Sequence

from a11y_games.commandline import HelpWanted, UsageError
from a11y_games.engine.match import SaveError
from a11y_games.engine.spec import OptionError
from a11y_games.i18n import LANGUAGES, Translator, default_language
from a11y_games.ui.settings import load_preferences

__all__ = ["SUBCOMMANDS", "main"]

SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "play": ("a11y_games.play", "cmd_play"),
    "simulate": ("a11y_games.tools", "cmd_simulate"),
    "list": ("a11y_games.tools", "cmd_list"),
    "rules": ("a11y_games.tools", "cmd_rules"),
    "resume": ("a11y_games.play", "cmd_resume"),
    "braille": ("a11y_games.tools", "cmd_braille"),
    "doctor": ("a11y_games.doctor", "cmd_doctor"),
    "serve": ("a11y_games.serve", "cmd_serve"),
    "connect": ("a11y_games.connect", "cmd_connect"),
}
"""Each sub-command's module and function: ``(argv, lang, out)``, and the settings already
read for those that take ``loaded``."""
_TAKE_SETTINGS = ("play", "resume", "connect")


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
    module, name = SUBCOMMANDS[command]
    try:
        try:
            handler = getattr(importlib.import_module(module), name)
            if command in _TAKE_SETTINGS:
                return handler(argv, lang, out, loaded)
            return handler(argv, lang, out)
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
