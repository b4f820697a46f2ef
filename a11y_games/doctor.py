"""``a11y-games doctor``: what works on this system, one line each, in the player's
language, then a short game of bots to show that a game runs. A player who writes for
help pastes its output.

Each line comes as soon as it is known (a speech service may take a second to answer).
The game is played without speech or sound, its lines kept aside: the doctor shows its
first lines and its last, and how long it took.
"""

from __future__ import annotations

import io
import platform
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import IO

from a11y_games.commandline import doctor_parser, parse
from a11y_games.engine import Msg
from a11y_games.i18n import Translator

__all__ = ["GAME", "checks", "cmd_doctor"]

GAME = ("vertigo", 2, 7)
"""The game the doctor plays: its name, players (random bots), seed."""
SHOWN = 3
"""Lines of the doctor's game shown from its start, and again from its end."""

Said = Msg | str
"""A line: a catalogue message, or a line the doctor's game said already rendered."""
Check = Callable[[str], Said | list[Said]]
"""One line to say (or a few), given the player's language."""


def cmd_doctor(argv: Sequence[str], lang: str, out: IO[str]) -> int:
    args = parse(doctor_parser(), argv)
    tr = Translator(args.lang or lang)
    for check in checks():
        said = check(tr.lang)
        for line in said if isinstance(said, list) else [said]:
            out.write((line if isinstance(line, str) else tr.render(line)) + "\n")
        out.flush()
    return 0


def checks() -> Iterator[Check]:
    """Every check, in the order said."""
    yield version
    yield screen_reader
    yield speech
    yield braille
    yield braille_display
    yield sound
    yield folders
    yield game


def version(lang: str) -> Msg:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        ours = installed("a11y_games")
    except PackageNotFoundError:  # run from a checkout that was never installed
        ours = "?"
    system = {"Darwin": "macOS"}.get(platform.system(), platform.system())
    return Msg("core.doctor.version", version=ours, python=platform.python_version(),
               system=f"{system} {platform.release()}".strip())


def screen_reader(lang: str) -> Msg:
    from a11y_games.output.screenreader import detect

    try:
        found = detect()
    except Exception:  # a probe that fails finds nothing, as in play
        found = None
    if found is None:
        return Msg("core.doctor.reader.none")
    return Msg("core.doctor.reader.found", reader=found.name,
               why=Msg(f"core.doctor.found.{found.why}"))


def speech(lang: str) -> Msg:
    """What ``--speech auto`` does here: the screen reader speaks, the game's voice, or
    nobody and why."""
    from a11y_games.output.missing import how_to_get
    from a11y_games.output.speech import Speech

    voice = Speech("auto", lang=lang)
    try:
        if voice.reader is not None:
            return Msg("core.doctor.speech.reader", reader=voice.reader.name)
        if voice.available:
            return Msg("core.doctor.speech.voice", service=voice.service)
        if voice.missing is not None:
            return Msg("core.doctor.speech.missing", how=how_to_get(voice.missing))
        return Msg("core.doctor.speech.none")
    finally:
        voice.close()


def braille(lang: str) -> Msg:
    from a11y_games.output.braille import BrailleError, load_tables, louis_module, table_for

    table = table_for(lang)
    try:
        louis = louis_module()
        load_tables([table], table)
    except BrailleError as error:
        return error.msg
    return Msg("core.doctor.braille", version=str(louis.version()), table=table)


def braille_display(lang: str) -> Msg:
    from a11y_games.output.brlapi_display import DisplayUnavailable, display_size

    try:
        cells, driver = display_size()
    except DisplayUnavailable as error:
        return error.msg
    return Msg("core.doctor.display", count=cells, driver=driver)


def sound(lang: str) -> Msg:
    from a11y_games.output.sound import Sound, known_cues, sound_disabled

    if sound_disabled():
        return Msg("core.doctor.sound.off")
    cues = Sound("on")
    try:
        if cues.ready(3.0):
            return Msg("core.doctor.sound.device", count=len(known_cues()))
        return Msg("core.doctor.sound.none")
    finally:
        cues.close()


def folders(lang: str) -> list[Said]:
    from a11y_games.ui.paths import config_dir, save_path

    return [Msg("core.doctor.settings", path=str(config_dir())),
            Msg("core.doctor.saves", path=str(save_path("autosave").parent))]


def game(lang: str) -> list[Said]:
    """A whole game of random bots, played by the client itself, without speech: its
    first and last lines, and how long it took."""
    from a11y_games.engine.match import Match, SeatSpec
    from a11y_games.games import get_spec
    from a11y_games.ui.client import Client
    from a11y_games.ui.terminal import PlainReader, Writer

    name, players, seed = GAME
    spec = get_spec(name)
    match = Match(spec, spec.settings(players, seed),
                  [SeatSpec("bot", level="random", name_index=i) for i in range(players)])
    shown = io.StringIO()
    started = time.perf_counter()
    try:
        Client(match, reader=PlainReader(io.StringIO("")), writer=Writer(shown),
               lang=lang).run()
    except Exception as error:  # what a player pastes when a game does not run
        return [Msg("core.doctor.game.failed", game=spec.title,
                    error=f"{type(error).__name__}: {error}")]
    seconds = time.perf_counter() - started
    lines = [line for line in shown.getvalue().splitlines() if line.strip()]
    head, tail = lines[:SHOWN], lines[max(SHOWN, len(lines) - SHOWN):]
    return [Msg("core.doctor.game.start", game=spec.title, count=players),
            *head, Msg("core.doctor.game.gap"), *tail,
            Msg("core.doctor.game.done", count=len(match.log),
                seconds=round(seconds, 2)),
            Msg("core.doctor.done" if match.state.outcome() else "core.doctor.game.unfinished")]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(cmd_doctor(sys.argv[1:], "en", sys.stdout))
