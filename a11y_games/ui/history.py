"""The finished local games, kept for ``history`` and ``replay N``.

Each finished game is a file of its own in the data folder's ``history`` folder, written
atomically: its first line is the summary that ``history`` reads (date, game, players,
winners, places), its second the game itself (settings and action log, as a save). So
keeping a game never reads nor rewrites the others: a damaged file loses nothing but
itself, and is said when the list is read. Only the newest ``KEPT`` are kept.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from a11y_games.engine import Msg, PlayerRef
from a11y_games.engine.files import write_atomically
from a11y_games.engine.match import Match
from a11y_games.engine.oserror import os_reason
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.words import number
from a11y_games.i18n import Translator
from a11y_games.ui.handover import Quit
from a11y_games.ui.paths import data_dir

__all__ = ["KEPT", "Finished", "HistoryCommands", "finished_lines", "history_dir",
           "history_lines", "keep_finished", "read_history", "when_said"]

KEPT = 300
"""Finished games kept: the newest 300 (a game is 5 to 40 kB: at most about 12 MB)."""
FORMAT = 1


def history_dir() -> Path:
    return data_dir() / "history"


@dataclass(frozen=True)
class Finished:
    """One finished game as ``history`` lists it."""

    path: Path | None
    """Its file here (None: a game at a server, listed by the server)."""
    when: str
    """Local date and time it ended, ``2026-12-07 19:40``."""
    game: str
    names: list[str | Msg]
    humans: list[int]
    winners: list[int]
    places: dict[int, int] | None
    """Each seat's place by the game's scores (1: first), None for a game of camps."""

    def seat_name(self, seat: int) -> str | Msg:
        return self.names[seat] if 0 <= seat < len(self.names) else Msg(
            "core.seat.default", number=seat + 1)

    def line(self, number: int, title: Msg | str) -> Msg:
        """Its line in the list: number, date, game, players, result, the player's place."""
        you = self.humans[0] if len(self.humans) == 1 else None
        names = [PlayerRef(s) for s in range(len(self.names))]
        result = (Msg("core.history.won_by", count=len(self.winners),
                      names=[PlayerRef(s) for s in self.winners])
                  if self.winners else Msg("core.history.nobody_won"))
        places = [self._place(seat, you) for seat in self.humans]
        return Msg("core.history.line", number=number, when=self.when, game=title,
                   names=names, result=result,
                   place=places if places else Msg("core.history.watched"))

    def _place(self, seat: int, you: int | None) -> Msg:
        who = PlayerRef(seat)
        if self.places is None or not self.winners:  # camps; or lost by all (a drowned
            won = seat in self.winners               # archipelago: a tie at "place 1")
            return Msg("core.history.camp_won" if won else "core.history.camp_lost", seat=who)
        return Msg("core.history.place", seat=who, place=self.places.get(seat, len(self.names)),
                   count=len(self.names))

    def match_json(self) -> dict[str, Any]:
        """The game itself (settings, seats, log), read when it is replayed; ValueError or
        OSError if the file is damaged."""
        if self.path is None:
            raise ValueError("a game at a server: not in a file here")
        with open(self.path, encoding="utf-8") as handle:
            handle.readline()
            data = json.loads(handle.readline())
        if not isinstance(data, dict) or not isinstance(data.get("log"), list):
            raise ValueError("no game in this file")
        return data


def places(match: Match) -> dict[int, int] | None:
    """Each player's place by the game's own final ranking (ties share a place: the one
    the ratings use); None for a game of camps (PNUE: its camps win or lose together)."""
    from a11y_games.ratings.placing import places as ranked  # when a game ends only

    return ranked(match.state)


def when_said(when: float) -> str:
    """A date and time as history says it, local: ``2026-12-07 19:40``."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(when))


def summary(match: Match, when: float) -> dict[str, Any]:
    outcome = match.state.outcome()
    names = [match.seat_name(s) for s in range(len(match.seats))]
    return {"format": FORMAT, "when": when_said(when),
            "game": match.spec.name,
            "names": [n.to_json() if isinstance(n, Msg) else n for n in names],
            "humans": match.humans(),
            "winners": sorted(outcome.winners) if outcome is not None else [],
            "places": places(match)}


def keep_finished(match: Match, now: float | None = None) -> Msg | None:
    """Keep a finished local game (atomically, a file of its own) and drop the oldest
    beyond ``KEPT``. None when kept, else why not (said; the game is not lost: its
    autosave is written as before)."""
    when = time.time() if now is None else now
    folder = history_dir()
    game = json.dumps(match.to_json(), ensure_ascii=False)
    if _newest_game() == game:
        return None  # kept already (a finished game loaded again, and over again)
    text = json.dumps(summary(match, when), ensure_ascii=False) + "\n" + game + "\n"
    stamp = int(when * 1000)
    while (target := folder / f"{stamp:015d}-{match.spec.name}.json").exists():
        stamp += 1  # two games over in one millisecond: both kept, in order
    try:
        write_atomically(target, text)
    except OSError as error:
        return Msg("core.history.not_kept", reason=os_reason(error))
    for old in _files()[KEPT:]:
        try:
            old.unlink()
        except OSError:
            continue
    return None


def _newest_game() -> str | None:
    """The game line of the newest file kept, if it can be read."""
    files = _files()
    try:
        with open(files[0], encoding="utf-8") as handle:
            handle.readline()
            return handle.readline().rstrip("\n")
    except (IndexError, OSError, ValueError):
        return None


def _files() -> list[Path]:
    """The history's files, newest first."""
    try:
        return sorted(history_dir().glob("[0-9]*.json"), reverse=True)
    except OSError:
        return []


def read_history() -> tuple[list[Finished], list[Path]]:
    """The finished games, newest first, and the files that could not be read."""
    games: list[Finished] = []
    damaged: list[Path] = []
    for path in _files():
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.loads(handle.readline())
            names = [Msg.from_json(n) if isinstance(n, dict) else str(n) for n in data["names"]]
            places = data["places"]
            games.append(Finished(
                path, str(data["when"]), str(data["game"]), names,
                [int(s) for s in data["humans"]], [int(s) for s in data["winners"]],
                {int(k): int(v) for k, v in places.items()} if places is not None else None))
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            damaged.append(path)
    return games, damaged


def history_lines(tr: Translator, specs: Mapping[str, GameSpec]) -> list[str]:
    """``history``: the finished games kept here, newest first, a line each."""
    games, damaged = read_history()
    lines = finished_lines(tr, games, len(games), specs)
    lines[1 + len(games):1 + len(games)] = [
        tr.render(Msg("core.history.damaged", path=str(p))) for p in damaged]
    return lines


def finished_lines(tr: Translator, games: list[Finished], total: int,
                   specs: Mapping[str, GameSpec], *, hint: bool = True) -> list[str]:
    """A list of finished games (here, or at a server: ``total`` in all), a line each,
    numbered from 1, each said to the seat its player held ("you")."""
    lines = [tr.render(Msg("core.history.header", count=total) if games
                       else Msg("core.history.none"))]
    for index, game in enumerate(games, 1):
        spec = specs.get(game.game)
        you = game.humans[0] if len(game.humans) == 1 else None
        each = Translator(tr.lang, names=game.seat_name, viewer=lambda you=you: you)
        lines.append(each.render(game.line(index, spec.title if spec else game.game)))
    if games and hint:
        lines.append(tr.render(Msg("core.history.hint")))
    return lines


class HistoryCommands:
    """Part of :class:`~a11y_games.ui.client.Client`: ``history``, and ``replay N`` after a
    local game (the game menu then opens it)."""

    server_history: Callable[[], None] | None = None
    """At a network table: says the server's history for this player (the lobby's own
    ``history``, given by :func:`a11y_games.connect.play_at_server`)."""

    def cmd_history(self, rest: str) -> None:
        if not self.table.local:  # type: ignore[attr-defined]
            # the server's games, never files here (a web player's client runs at the server)
            if self.server_history is not None:
                self.server_history()
            else:
                self.say(Msg("core.history.not_here"))  # type: ignore[attr-defined]
            return
        self.out.lines(history_lines(self.tr, self.specs))  # type: ignore[attr-defined]

    def cmd_replay(self, rest: str) -> None:
        wanted = number(rest.strip()) if rest.strip() else 1
        if not self.table.local:  # type: ignore[attr-defined]
            self.say(Msg("core.replay.in_lobby"))  # type: ignore[attr-defined]
            return
        if not self.ended:  # type: ignore[attr-defined]
            self.say(Msg("core.replay.after_game"))  # type: ignore[attr-defined]
            return
        if wanted is None:
            self.say(Msg("core.replay.usage"))  # type: ignore[attr-defined]
            return
        self.replay_wanted = wanted
        self.next_game = "replay"
        raise Quit

    def keep_in_history(self) -> Msg | None:
        """A local game over: kept for ``history`` and ``replay``; what to say of it. A
        network game is kept by its server: at a rated table, how the seat's rating moved
        is said instead."""
        if not self.table.local:  # type: ignore[attr-defined]
            rated = getattr(self.table, "rated", [])  # type: ignore[attr-defined]
            return rated[0] if rated else None
        if not self.keep_history:  # type: ignore[attr-defined]
            return None
        return keep_finished(self.match) or Msg("core.history.kept")  # type: ignore[attr-defined]
