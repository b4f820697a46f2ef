"""``history`` and ``replay N``: a finished local game gone over again from one's own seat.

The replay is the client itself (:class:`ReplayClient`) at a table frozen at one step of the
game (:class:`ReplayTable`, over :class:`a11y_games.engine.replay.Replay`): ``status``,
``board``, ``me``, ``log`` and ``verbosity`` answer as in the live game, for the seat
replayed and as it was at that step; ``next``, ``back``, ``next round``, ``round N``,
``turn N``, ``start`` and ``end`` move; ``save`` writes its record as text or BRF.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from a11y_games.engine import Event, IllegalAction, Msg, PlayerRef
from a11y_games.engine.replay import Replay
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.state import Outcome, Pending, Query, Topic
from a11y_games.i18n import Translator
from a11y_games.ui.client import Client
from a11y_games.ui.commands import fold, lookup, number
from a11y_games.ui.handover import Quit
from a11y_games.ui.history import Finished, read_history
from a11y_games.ui.paths import documents_dir
from a11y_games.ui.terminal import PROMPT, LineReader, Writer

__all__ = ["ReplayClient", "ReplayTable", "open_replay", "record_lines", "record_name",
           "record_path", "record_text"]

NEXT = ("next", "n", "suivant", "suivante", "suite")
BACK = ("back", "previous", "retour", "precedent", "avant")
START = ("start", "debut")
END = ("end", "fin")
ROUND = ("round", "turn", "manche", "tour")
RECORD = ("save", "sauver", "sauvegarder", "enregistrer")
"""``save`` in a replay writes its record (PNUE's ``record`` is a query, kept)."""
QUIT = ("quit", "quitter", "exit", "q")
ALLOWED = frozenset(("help", "who", "status", "board", "me", "log", "repeat", "rules",
                     "explain", "braille", "lang", "speech", "verbosity", "kinds", "mute",
                     "unmute", "sound", "sounds"))
"""The live game's commands that a replay answers (the others play or keep a game)."""


class ReplayTable:
    """The table seam over a replay, frozen at its current step: only the replayed seat's
    views, nothing to choose."""

    local = True

    def __init__(self, replay: Replay, names: list[str | Msg], kinds: list[str]) -> None:
        self.replay = replay
        self.spec = replay.spec
        self.names = names
        self.kinds = kinds

    def seat_name(self, seat: int) -> str | Msg:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        extra = self.replay.final.extra_seat_name(seat)
        return extra if extra is not None else Msg("core.seat.default", number=seat + 1)

    def seat_order(self) -> list[int]:
        return self.replay.final.seat_order()

    def humans(self) -> list[int]:
        return [] if self.replay.seat is None else [self.replay.seat]

    def is_human(self, seat: int) -> bool:
        return seat == self.replay.seat

    def seat_kind(self, seat: int) -> str | None:
        return self.kinds[seat] if 0 <= seat < len(self.kinds) else None

    @property
    def events(self) -> list[Event]:
        return self.replay.events[:self.replay.step.seen]

    @property
    def log_length(self) -> int:
        return self.replay.step.position

    def pending(self) -> Pending | None:
        return None

    def pending_for(self, seat: int) -> Pending | None:
        return None

    def choices(self, seat: int) -> list[tuple[str, Msg]]:
        return []

    def act(self, seat: int, action: str) -> None:
        raise IllegalAction(Msg("core.replay.no_play"))

    def outcome(self) -> Outcome | None:
        return self.replay.state().outcome()

    def next_bot(self) -> int | None:
        return None

    def thinks(self, seat: int) -> bool:
        return False

    def play_bot(self, seat: int) -> None:
        return None

    def race(self, human_times: dict[int, float]) -> None:
        return None

    def status(self, seat: int | None) -> list[Msg]:
        return self.replay.state().status(self.replay.seat)

    def board(self, seat: int | None, topic: str) -> list[Msg]:
        return self.replay.state().board(self.replay.seat, topic)

    def private(self, seat: int) -> list[Msg]:
        if seat != self.replay.seat:
            return []
        return self.replay.state().private(seat)

    def queries(self) -> list[Query]:
        return self.replay.state().queries()

    def run_query(self, query: Query, seat: int | None, argument: str) -> list[Msg]:
        return query.run(self.replay.state(), self.replay.seat, argument)

    def board_topics(self) -> tuple[Topic, ...]:
        return self.replay.state().board_topics()

    def board_is_public(self) -> bool:
        return True  # one seat's view only: nobody else at this keyboard

    def reference_card(self) -> list[Msg]:
        reference = getattr(self.replay.state(), "reference_card", None)
        return list(reference()) if reference is not None else []


class ReplayClient(Client):
    """The client going over a finished game from one seat, step by step."""

    def __init__(self, replay: Replay, finished: Finished, *, reader: LineReader,
                 writer: Writer, **options: Any) -> None:
        kinds = ["human" if s in finished.humans else "bot" for s in range(len(finished.names))]
        self.replay = replay
        self.finished = finished
        self.input_ended = False
        super().__init__(ReplayTable(replay, finished.names, kinds),  # type: ignore[arg-type]
                         reader=reader, writer=writer, **options)
        self.keep_history = False
        self.keep_record: Callable[[str, list[str], str, bool], Msg] = self.record_to_file
        """Where ``save`` puts the record (title, lines, the name typed, BRF or text): a
        file on this computer; a web player's page offers it as a download instead."""

    def run(self) -> int:
        """Go over the game until ``quit`` or Ctrl-C (the game menu next) or the end of
        input (``input_ended``)."""
        spec = self.replay.spec
        self.say(Msg("core.replay.opened", game=spec.title, when=self.finished.when,
                     count=len(self.replay.steps)),
                 *self._table_lines()[1:3],
                 Msg("core.replay.hint"))
        self._move(0)
        try:
            while True:
                try:
                    line = self.reader.read(self.prompt_text())
                except EOFError:
                    self.input_ended = True
                    return 0
                except KeyboardInterrupt:
                    line = "quit"
                self.handle(line)
        except Quit:
            return 0

    def prompt_text(self) -> str:
        return self.tr.render(Msg("core.replay.prompt", step=self.replay.index + 1,
                                  total=len(self.replay.steps))) + "> "

    def _table_lines(self) -> list[Msg | str]:
        lines = super()._table_lines()
        if self.viewer is None:
            lines[2:2] = [Msg("core.replay.public")]
        return lines

    # --- moving ------------------------------------------------------------------------------
    def _said(self, told: list[Event]) -> list[str]:
        return [self.tr.render(e.msg) for e in told
                if self._heard_at_level(e) and not self.is_muted(e, self.viewer)]

    def _move(self, index: int, header: bool = False) -> None:
        """Go to step ``index`` and say what the seat learnt there (after where it is)."""
        told = self.replay.go(index)
        self.transcripts[self.viewer] = self.replay.transcript()
        self.log_reading = None
        lines = self._said(told)
        if header:
            own = f"{self.replay.spec.name}.replay.at"  # the game's own word: Turn 3, or Round 3
            at = own if self.tr.has(own) else "core.replay.at"
            lines.insert(0, self.tr.render(Msg(at, round=self.replay.round_now(),
                                               step=self.replay.index + 1,
                                               total=len(self.replay.steps))))
        if self.replay.at_end:
            lines.append(self.tr.render(Msg("core.replay.end")))
        self.out.lines(lines)

    def _next(self) -> None:
        """The next step with something to say at this verbosity."""
        replay = self.replay
        if replay.at_end:
            self.say(Msg("core.replay.end"))
            return
        index = replay.index + 1
        while index < len(replay.steps) - 1 and not self._said(replay.told_at(index)):
            index += 1
        self._move(index)

    def _back(self) -> None:
        replay = self.replay
        if replay.index == 0:
            self.say(Msg("core.replay.at_start"))
            return
        index = replay.index - 1
        while index > 0 and not self._said(replay.told_at(index)):
            index -= 1
        self._move(index, header=True)

    def _round(self, word: str) -> None:
        wanted = number(word)
        if wanted is None:
            self.say(Msg("core.replay.usage"))
            return
        index = self.replay.round_step(wanted)
        if index is None:
            self.say(Msg("core.log.no_round", number=wanted))
            return
        self._move(index, header=True)

    def handle(self, line: str) -> None:
        words = [fold(w) for w in "".join(c if c.isprintable() else " " for c in line).split()]
        if not words:
            self._next()  # Enter: on
            return
        head, rest = words[0], words[1:]
        command = lookup(head)
        pair = {head, rest[0]} if len(rest) == 1 else set()
        if pair & set(NEXT) and pair & set(ROUND):
            self._round(str(self.replay.round_now() + 1))
        elif head in NEXT and not rest:
            self._next()
        elif head in BACK and not rest:
            self._back()
        elif head in START and not rest:
            self._move(0, header=True)
        elif head in END and not rest:
            self._move(len(self.replay.steps) - 1, header=True)
        elif head in ROUND and len(rest) == 1:
            self._round(rest[0])
        elif head in RECORD:
            self._save_record(rest)
        elif head in QUIT:
            self.say(Msg("core.replay.closed"))
            raise Quit
        elif command is not None and command.name == "help" and not rest:
            self.say(*(Msg(f"core.replay.help.{i}") for i in range(1, 6)))
        elif (command is not None and command.name in ALLOWED) or self._query(head) is not None:
            super().handle(line)
        else:
            self.say(Msg("core.replay.unknown", word=line.strip()[:30]))

    # --- the record ----------------------------------------------------------------------------
    def _save_record(self, words: list[str]) -> None:
        """``save [brf] [NAME]``: the whole game as this seat saw it, as text or BRF, where
        the player is (``keep_record``)."""
        from a11y_games.output.braille import BrailleError

        brf = bool(words) and words[0] in ("brf", "braille")
        name = " ".join(words[1:] if brf else words)
        title, lines = record_lines(self.replay, self.finished, self.tr)
        try:
            said = self.keep_record(title, lines, name, brf)
        except BrailleError as error:
            said = error.msg
        self.say(said)

    def record_to_file(self, title: str, lines: list[str], name: str, brf: bool) -> Msg:
        """Write the record in the documents folder (or the path typed); what to say of it."""
        from a11y_games.engine.oserror import os_reason
        from a11y_games.ui.embossing import emboss

        path = record_path(self.replay.spec, self.finished, name, ".brf" if brf else ".txt")
        try:
            if brf:
                emboss(path, title, lines, lang=self.lang, contracted=self.braille.contracted,
                       table=self.braille.table, width=self.braille.width)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(record_text(title, lines), encoding="utf-8")
        except OSError as error:
            return Msg("core.record.failed", path=str(path), reason=os_reason(error))
        return Msg("core.record.written", count=len(lines), path=str(path))


def record_path(spec: GameSpec, finished: Finished, name: str, suffix: str) -> Path:
    """A record's file: the path typed, a name in the documents folder, or by default the
    game and its date there."""
    if name and (os.sep in name or name.startswith("~")):
        path = Path(name).expanduser()
        return path if path.suffix.lower() == suffix else path.with_name(path.name + suffix)
    return documents_dir() / record_name(spec, finished, name, suffix)


def record_name(spec: GameSpec, finished: Finished, name: str, suffix: str) -> str:
    """A record's file name, no folder: the name typed (letters, digits, - and _), or by
    default the game and its date."""
    stem = "".join(c for c in name if c.isalnum() or c in "-_")
    stem = stem or f"{spec.name}-{finished.when.replace(' ', '-').replace(':', '')}"
    return stem + suffix


def record_text(title: str, lines: list[str]) -> str:
    """A record as a text file: its title, a blank line, its lines."""
    return "\n".join([title, "", *lines]) + "\n"


def record_lines(replay: Replay, finished: Finished, tr: Translator) -> tuple[str, list[str]]:
    """A game's record from the replay's seat: its title, the players, and every line the
    seat saw, in order, up to and with what the end reveals."""
    seat = replay.seat
    tr = Translator(tr.lang, names=tr.names, viewer=lambda: seat)
    title = tr.render(Msg("core.record.title", game=replay.spec.title, when=finished.when))
    names = [PlayerRef(s) for s in replay.final.seat_order()]
    lines = [tr.render(Msg("core.intro.players", count=len(names), names=names))]
    if seat is not None:
        lines.append(tr.render(Msg("core.intro.you", seat=finished.seat_name(seat))))
    else:
        lines.append(tr.render(Msg("core.replay.public")))
    lines += [tr.render(e.msg) for e in replay.events if e.visible(seat)]
    return title, lines


def open_replay(wanted: int, specs: Mapping[str, GameSpec], tr: Translator, reader: LineReader,
                writer: Writer) -> tuple[Replay, Finished] | None:
    """Game ``wanted`` of the history, opened from the player's seat (at a shared keyboard,
    the seat asked; a game of bots only: the public view); None, said why, if it cannot."""
    games, _ = read_history()
    if not 1 <= wanted <= len(games):
        writer.line(tr.render(Msg("core.history.no_game", number=wanted, count=len(games))))
        return None
    finished = games[wanted - 1]
    spec = specs.get(finished.game)
    try:
        data = finished.match_json()
        if spec is None or data.get("rules", 1) != spec.rules_version:
            writer.line(tr.render(Msg("core.save.old_rules", game=spec.title if spec
                                      else finished.game)))
            return None
        seat = _seat_replayed(finished, tr, reader, writer)
        return Replay.from_save(data, specs, seat), finished
    except (OSError, ValueError, KeyError, TypeError, IllegalAction, RecursionError):
        writer.line(tr.render(Msg("core.history.damaged", path=str(finished.path))))
        return None


def _seat_replayed(finished: Finished, tr: Translator, reader: LineReader,
                   writer: Writer) -> int | None:
    """The one player's seat; at a shared keyboard the seat asked (0: the public view)."""
    if len(finished.humans) <= 1:
        return finished.humans[0] if finished.humans else None
    named = Translator(tr.lang, names=finished.seat_name)
    writer.lines([named.render(Msg("core.choices.item", number=i, label=PlayerRef(seat)))
                  for i, seat in enumerate(finished.humans, 1)])
    while True:
        writer.line(tr.render(Msg("core.replay.whose", count=len(finished.humans))))
        answer = reader.read(PROMPT).strip()  # EOFError: nothing opened
        picked = number(answer)
        if picked == 0:
            return None
        if picked is not None and 1 <= picked <= len(finished.humans):
            return finished.humans[picked - 1]
