"""Keeping and leaving a game: save, load, saves, undo, quit, end of input, autosave."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from a11y_games.engine import Event, Msg, PlayerRef, Verbosity
from a11y_games.engine.match import Match, SaveError, UndoRefused, save_game
from a11y_games.ui.commands import fold
from a11y_games.ui.handover import Quit
from a11y_games.ui.paths import data_dir, save_name_problem, save_path, save_said
from a11y_games.ui.table import LocalTable
from a11y_games.ui.terminal import PROMPT, Woken

AFTER_GAME = {"again": ("again", "encore", "rejouer"),
              "menu": ("menu", "jeux", "games")}
"""The words that follow a local game over: the same table again, or the game menu."""

__all__ = ["KeepingCommands"]

UNDO_NOTE = "core.undo.logged"
"""The line every log gets where a decision was taken back."""
YES = {"y", "yes", "o", "oui"}
NO = {"n", "no", "non"}


class KeepingCommands:
    """Part of :class:`~a11y_games.ui.client.Client` (a mixin: it uses the client's
    table, writer, translator and settings)."""

    def cmd_save(self, rest: str) -> None:
        if not self.table.local:
            self.say(Msg("online.kept"))
            return
        path = self._named_save(rest)
        if path is not None:
            self._save(path)

    def _named_save(self, rest: str) -> Path | None:
        """The file a typed save name means (``last`` if none); None, after saying why,
        for a name that cannot be one (checked before any file call: a name of 300
        characters ended the game with a traceback)."""
        name = rest.strip() or "last"
        problem = save_name_problem(name)
        if problem is not None:
            self.say(problem)
            return None
        return save_path(name)

    def _save(self, path: Path, *if_failed: Msg) -> bool:
        """Save the game to ``path`` and say where, or say why not (then ``if_failed``);
        True if saved."""
        try:
            self.match.save(path)
        except SaveError as error:
            self.say(error.msg, *if_failed)
            return False
        self.say(self._saved(path))
        return True

    def _saved(self, path: Path) -> Msg:
        """"Game saved: last.": the save's name, as typed to load it; its whole file at
        ``full`` verbosity only (``saves`` says the folder)."""
        name = save_said(path, self.lang)
        if self.verbosity >= Verbosity.FULL and name != str(path):
            return Msg("core.save.done_path", name=name, path=str(path))
        return Msg("core.save.done", name=name)

    def cmd_load(self, rest: str) -> None:
        if not self.table.local:
            self.say(Msg("online.no_load"))
            return
        path = self._named_save(rest)
        if path is None:
            return
        try:
            match = Match.load(path, self.specs)
        except SaveError as error:
            self.say(error.msg)
            if error.msg.id == "core.save.missing":
                self.say(Msg("core.save.list_hint"))
            return
        if self.table.log_length and not self.ended and not self._save(save_path("previous")):
            return  # the game in progress is kept, not lost
        table = self.tr.render_all(self._table_lines())  # the old names, in the old game
        if self.prefs is not None:
            match.think(self.prefs.think)
        self._set_table(LocalTable(match))
        self._absorb_history()
        self.say(Msg("core.load.done", path=save_said(path, self.lang), game=match.spec.title,
                     count=len(match.log)))
        lines = self._table_lines()
        if self.tr.render_all(lines) != table:
            self.say(*lines)  # another game, other players: who is who

    def cmd_undo(self, rest: str) -> None:
        if self.viewer is None:
            self.say(Msg("core.error.spectator"))
            return
        if not self.table.local:
            self.say(Msg("online.no_undo"))
            return
        before = list(self.table.events)
        try:
            self.match.undo(self.viewer)
        except UndoRefused as error:
            self.say(error.msg)
            return
        joined = getattr(self.table, "joined", set())
        while len(self.match.log) in joined:  # an action played with its place: both
            try:
                self.match.undo(self.viewer)
            except UndoRefused:
                break  # its place is taken back: the question of the place is asked
        self._forget_undone(before[:len(self.table.events)], self.viewer)
        self.cursor = len(self.table.events)
        self.asked = None
        self.ended = False
        self.say(Msg("core.undo.done"))
        self.autosave_now()

    def _forget_undone(self, kept: list[Event], seat: int) -> None:
        """After an undo: the transcripts (``log``) and the lines waiting for a hand-over
        lose the events taken back, and every log says the undo (the events file too)."""
        alive = {id(event) for event in kept}

        def still(event: Event) -> bool:
            return id(event) in alive or event.msg.id == UNDO_NOTE

        for transcript in self.transcripts.values():
            transcript[:] = [e for e in transcript if still(e)]
        for waiting in self.backlog.values():
            waiting[:] = [e for e in waiting if id(e) in alive]
        note = Event(Msg(UNDO_NOTE, seat=PlayerRef(seat)), cause=seat, informs=False)
        for transcript in self.transcripts.values():
            transcript.append(note)
        self._record(note)

    def cmd_saves(self, rest: str) -> None:
        folder = data_dir() / "saves"
        found: list[tuple[float, Path]] = []
        for path in folder.glob("*.json"):
            with contextlib.suppress(OSError):  # a dangling link, a save removed meanwhile
                if path.is_file():
                    found.append((path.stat().st_mtime, path))
        saves = sorted(found, reverse=True)
        where = Msg("core.saves.folder", path=str(folder))
        if not saves:
            self.say(Msg("core.saves.none"), where)
            return
        lines: list[Msg | str] = [Msg("core.saves.header", count=len(saves))]
        for mtime, path in saves:
            stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(mtime))
            lines.append(Msg("core.saves.line", name=path.stem, date=stamp,
                             game=self._game_of(path)))
        self.say(*lines, where)

    def _game_of(self, path: Path) -> str | Msg:
        """The game a save holds, by its title (a game this client lacks: its name)."""
        game = save_game(path)
        if game is None:
            return Msg("core.saves.damaged")
        spec = self.specs.get(game)
        return spec.title if spec is not None else game

    def cmd_quit(self, rest: str) -> None:
        self.confirm_quit()

    def _yes_no(self, question: Msg) -> bool | None:
        """Ask a yes/no question (a line, heard, then a short prompt); None at end of input.
        The question is written again after an answer that is neither."""
        while True:
            self.say(question)
            try:
                answer = fold(self._read_through_news())
            except EOFError:
                return None
            except KeyboardInterrupt:
                return False
            if answer in YES:
                return True
            if answer in NO:
                return False
            self.say(Msg("core.yes_no"))

    def _read_through_news(self) -> str:
        """An answer to a question of the client's own: news from a network table waits
        until it is answered (it is said after)."""
        while True:
            try:
                return self.reader.read(PROMPT)
            except Woken:
                continue

    def after_game(self, word: str) -> bool:
        """After the game over at a local table: ``again`` (the same table, a new deal) or
        ``menu`` (the game menu) ends this game for the next (``next_game``). False for
        any other word."""
        key = fold(word)
        chosen = next((name for name, words in AFTER_GAME.items() if key in words), None)
        if chosen is None or not self.ended or not self.table.local:
            return False
        self.next_game = chosen
        raise Quit

    def confirm_quit(self) -> None:
        """Ctrl-C or ``quit``: confirm, offer to save, then leave (the game over: at once)."""
        spectator = not self.table.local and not self.table.humans()
        if self.ended or self.table.outcome() is not None or spectator:
            if not self.table.local:
                self.to_lobby = True  # the lobby again, for the next one
            else:
                self.say(Msg("core.quit.bye"))
            raise Quit
        self.say(Msg("core.quit.ask"))
        sure = self._yes_no(Msg("core.quit.prompt"))
        if sure is False:
            self.say(Msg("core.quit.stay"))
            return
        save = None
        if sure and not self.table.local:
            if self.table.outcome() is None:  # a bot holds the seat until you come back
                alone = not self.table.others_here()  # type: ignore[attr-defined]
                self.table.leave()  # type: ignore[attr-defined]
                self.say(Msg("online.left_paused" if alone else "online.left"),
                         Msg("core.quit.bye"))
            else:  # the game is over: the lobby again, for the next one
                self.to_lobby = True
            raise Quit
        if sure and not self.ended and self.table.log_length:
            save = self._yes_no(Msg("core.quit.save_prompt"))
            if save and not self._save(save_path("last"), Msg("core.quit.stay")):
                return  # not saved: stay, the game is not lost
        if sure is None or (save is None and not self.ended and self.table.log_length):
            self.end_of_input()  # input closed at a question: save quietly, as at the prompt
            raise Quit
        self.say(Msg("core.quit.bye"))
        raise Quit

    def end_of_input(self) -> None:
        """Input closed (Ctrl-D, a script's end): save quietly and say goodbye."""
        if not self.ended and self.table.log_length and self.table.local:
            path = save_path("last")
            try:
                self.match.save(path)
                self.say(self._saved(path))
            except SaveError as error:
                self.say(error.msg)
        self.say(Msg("core.quit.bye"))

    def autosave_now(self) -> None:
        if not self.table.local:
            self.table.checkpoint()  # type: ignore[attr-defined]
            return
        if self.autosave is None:
            return
        try:
            self.match.save(self.autosave)
        except SaveError as error:  # never interrupt play for an autosave: say it once
            if not self.autosave_failed:
                self.autosave_failed = True
                self.say(error.msg)
