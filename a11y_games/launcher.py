"""The launcher: a few questions, each with a default on Enter, that settle the game and
who sits at the table (or a server's table instead)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from a11y_games.commandline import UsageError
from a11y_games.engine import Msg
from a11y_games.engine.match import Match, SaveError
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.text import player_name
from a11y_games.i18n import LANGUAGES, Translator
from a11y_games.ui.commands import fold, number
from a11y_games.ui.history import history_lines
from a11y_games.ui.paths import is_file, save_path
from a11y_games.ui.terminal import PROMPT, PlainReader, PromptReader, Writer
from a11y_games.ui.wording import game_words

__all__ = [
    "LANGUAGE_WORDS",
    "GoOnline",
    "LaunchChoice",
    "Replaying",
    "ask_language",
    "ask_number",
    "launcher",
    "read_answer",
    "unfinished",
    "unfinished_or_damaged",
]


class GoOnline(Exception):
    """The launcher's network entry: connect to ``address`` instead of playing here."""

    def __init__(self, address: str) -> None:
        super().__init__(address)
        self.address = address


class Replaying(Exception):
    """The game menu's ``replay N``: go over finished game ``number`` of the history."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


HISTORY_WORDS = ("history", "parties")
REPLAY_WORDS = ("replay", "revoir")


def history_answer(answer: str, tr: Translator, writer: Writer,
                   specs: Mapping[str, GameSpec]) -> bool:
    """At the game menu: ``history`` lists the finished games (True: answered, ask again);
    ``replay N`` raises Replaying. False for any other answer."""
    words = [fold(w) for w in answer.split()]
    if words == [] or words[0] not in (*HISTORY_WORDS, *REPLAY_WORDS):
        return False
    if words[0] in HISTORY_WORDS:
        writer.lines(history_lines(tr, specs))
        return True
    wanted = number(words[1]) if len(words) == 2 else 1 if len(words) == 1 else None
    if wanted is None:
        writer.lines([tr.render(Msg("core.replay.usage"))])
        return True
    raise Replaying(wanted)


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


def unfinished(specs: Mapping[str, GameSpec]) -> Match | None:
    """The unfinished game in the autosave where a human has decided something, if any."""
    try:
        return unfinished_or_damaged(specs)
    except SaveError:
        return None


def unfinished_or_damaged(specs: Mapping[str, GameSpec]) -> Match | None:
    """As :func:`unfinished`, but SaveError when an autosave is there and cannot be read
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
    picked = ask_number(tr, writer, reader, Msg("core.launcher.lang_first", default=default),
                         1, len(langs), default, [LANGUAGE_WORDS.get(c, (c,)) for c in langs])
    return langs[picked - 1]


def launcher(tr: Translator, writer: Writer, specs: Mapping[str, GameSpec],
              reader: PlainReader | PromptReader, level: str) -> LaunchChoice:
    """Three answers, each with a default on Enter: game, players, start (or ``more``).
    An unfinished game in the autosave is offered first."""
    games = list(specs.values())
    if not games:
        raise UsageError(Msg("core.cli.no_games"))
    try:
        old = unfinished_or_damaged(specs)
    except SaveError:
        old = None
        writer.lines([tr.render(Msg("core.launcher.resume_damaged"))])
    if old is not None:
        answer = read_answer(reader, tr.render(Msg("core.launcher.resume", game=old.spec.title,
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
    picked = ask_number(tr, writer, reader, Msg("core.launcher.game", default=1),
                         1, online, 1, [*(game_words(g, tr) for g in games),
                                        ("online", "reseau", "network", "ligne")],
                         others=lambda answer: history_answer(answer, tr, writer, specs),
                         more_help=Msg("core.launcher.help_history"))
    if picked == online:
        address = read_answer(reader, tr.render(Msg("online.launcher.address")), writer)
        raise GoOnline(address or "127.0.0.1")
    spec = games[picked - 1]
    writer.lines([tr.render(spec.summary)])  # the list's few words, said whole
    players = ask_number(tr, writer, reader,
                          Msg("core.launcher.players", low=spec.min_players,
                              high=spec.max_players, default=spec.default_players),
                          spec.min_players, spec.max_players, spec.default_players)
    choice = LaunchChoice(spec, players, level=level, lang=tr.lang)
    writer.lines([tr.render(Msg("core.launcher.summary", game=spec.title, players=players,
                                level=level))])
    answer = read_answer(reader, tr.render(Msg("core.launcher.start")), writer)
    if fold(answer) not in ("more", "plus"):
        return choice
    choice.humans = ask_number(tr, writer, reader,
                                Msg("core.launcher.humans", high=players, default=1),
                                0, players, 1)
    if choice.humans > 1:
        for seat in range(1, choice.humans + 1):
            name = read_answer(reader, tr.render(Msg("core.launcher.name", number=seat)), writer)
            choice.names.append(player_name(name))  # "": the default name
    levels = ("random", "normal", "strong")
    picked = ask_number(tr, writer, reader,
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
        picked = ask_number(tr, writer, reader, Msg("core.launcher.option", default=default),
                             1, len(values), default)
        choice.options[option.name] = values[picked - 1]
    langs = list(LANGUAGES)
    default = langs.index(tr.lang) + 1
    writer.lines([tr.render(Msg("core.choices.item", number=i,  # each in its own language
                                label=Msg("core.launcher.lang_line",
                                          name=_capital(Translator(code).render(
                                              Msg(f"core.lang.{code}"))))))
                  for i, code in enumerate(langs, 1)])
    choice.lang = langs[ask_number(tr, writer, reader, Msg("core.launcher.lang",
                                                            default=default),
                                    1, len(langs), default,
                                    [LANGUAGE_WORDS.get(c, (c,)) for c in langs]) - 1]
    return choice


QUIT_WORDS = ("quit", "quitter", "exit", "q")
HELP_WORDS = ("help", "aide", "?", "h")


def read_answer(reader: PlainReader | PromptReader, question: str, writer: Writer) -> str:
    """Ask ``question``: written (and spoken) as a line, then a short prompt."""
    writer.line(question.strip())
    try:
        return reader.read(PROMPT).strip()
    except (EOFError, KeyboardInterrupt):
        raise SystemExit(0) from None


def ask_number(tr: Translator, writer: Writer, reader: PlainReader | PromptReader,
                question: Msg, low: int, high: int, default: int,
                words: Sequence[Sequence[str]] = (),
                others: Callable[[str], bool] | None = None,
                more_help: Msg | None = None) -> int:
    """A number from ``low`` to ``high`` (Enter: ``default``); ``words[i]`` also name
    answer ``low + i`` (accents and case ignored); ``others`` answers any other words
    (True: answered, the question is asked again), and ``more_help`` is said after the
    help."""
    while True:
        answer = read_answer(reader, tr.render(question), writer)
        if not answer:
            return default
        if fold(answer) in QUIT_WORDS:
            raise SystemExit(0)
        if fold(answer) in HELP_WORDS:
            writer.lines([tr.render(Msg("core.launcher.help", low=low, high=high)),
                          *([tr.render(more_help)] if more_help is not None else [])])
            continue
        picked = number(answer)
        if picked is not None and low <= picked <= high:
            return picked
        named = [low + i for i, names in enumerate(words)
                 if fold(answer) in {fold(n) for n in names}]
        if len(named) == 1:
            return named[0]
        if others is not None and others(answer):
            continue
        writer.lines([tr.render(Msg("core.launcher.range", low=low, high=high))])
