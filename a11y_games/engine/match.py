"""A match: a game state, who sits where (humans, bots), and the action log.

A match is its settings plus its action log. ``replay`` rebuilds the identical state;
``save`` writes JSON atomically; ``undo`` rebuilds the state without a human's last
decision when nothing has been learnt since.
"""

from __future__ import annotations

import json
import os
import random
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from a11y_games.engine.actions import IllegalAction, NotYourTurn
from a11y_games.engine.files import write_atomically
from a11y_games.engine.messages import Event, Msg
from a11y_games.engine.oserror import os_reason
from a11y_games.engine.spec import Bot, GameSpec
from a11y_games.engine.state import GameState, Settings
from a11y_games.engine.text import NAME_LENGTH, player_name

__all__ = ["MAX_SAVE_BYTES", "SAVE_FORMAT", "THINK_SECONDS", "Match", "SaveError", "SeatSpec",
           "UndoRefused", "bot_answer", "make_bot", "read_save_text", "save_game", "searches",
           "set_think", "think_seconds"]

SAVE_FORMAT = 1
MAX_SAVE_BYTES = 4 * 1024 * 1024
"""The biggest file read as a save: 4 MB. A random game at the most players is 5 to 33 kB
(Utopia's 1,000 decisions the most), so a real save is far below it, and ``/dev/zero``
or a huge file is refused unread."""


class SaveError(ValueError):
    """A save that cannot be read, written or replayed. ``msg`` says why, for the player."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg


class UndoRefused(ValueError):
    """Undo is not possible now. ``msg`` says why."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat: a human (with a name) or a bot (with a level and a name)."""

    kind: str  # "human" or "bot"
    name: str = ""
    level: str = "normal"
    name_index: int = 0  # for bots: index into the game's bot names

    def __post_init__(self) -> None:
        """A name is said, shown and brailled: control characters (an escape sequence from
        a hand-made save or ``--names``, a bidi override) become spaces, runs of spaces one,
        and it is bounded as a name typed at the launcher is (:func:`player_name`).
        (A name that is not text, a lone surrogate, is kept for ``load`` to refuse.)"""
        if (not self.name.isprintable() or "  " in self.name or self.name != self.name.strip()
                or len(self.name) > NAME_LENGTH):
            object.__setattr__(self, "name", player_name(self.name))

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "level": self.level,
                "name_index": self.name_index}


THINK_SECONDS = (0.1, 30.0)
"""The thinking time a player may give strong bots, in seconds a decision (1 by default)."""


def think_seconds(text: str) -> float:
    """Seconds of thinking typed as ``2``, ``0.5`` or ``0,5``; ValueError if not a number in
    ``THINK_SECONDS``."""
    seconds = float(text.strip().replace(",", ".", 1))
    if not THINK_SECONDS[0] <= seconds <= THINK_SECONDS[1]:  # NaN is refused too
        raise ValueError(text)
    return seconds


def bot_answer(choice: str | None, legal: list[str]) -> str:
    """A bot's choice if it is legal, else the first legal answer: a bot bug must never
    stall a game."""
    return choice if choice in legal else legal[0]  # type: ignore[return-value]


def make_bot(spec: GameSpec, level: str, seat: int, rng: random.Random,
             think: float | None = None) -> Bot:
    """A bot of ``level`` (an unknown level plays at random) for ``seat``; ``think``: the
    seconds a searching (strong) bot takes a decision, None for its default."""
    factory = spec.bots.get(level) or spec.bots["random"]
    bot = factory(seat, rng)
    if think is not None:
        set_think(bot, think)
    return bot


def set_think(bot: Bot, seconds: float) -> None:
    """Give a searching bot ``seconds`` a decision (one with an iteration budget, a test's or
    a benchmark's, and a bot that does not search are left as they are)."""
    if searches(bot) and getattr(bot, "iterations", None) is None:
        bot.seconds = seconds  # type: ignore[attr-defined]


def searches(bot: Bot | None) -> bool:
    """True for a bot that searches (a strong bot): it thinks for a while, and takes the
    seat's observation in the shape of a state (``Worlds.view``)."""
    return bot is not None and getattr(bot, "world_view", False)


class Match:
    """A game being played: state, seats, log. Knows no terminal."""

    def __init__(self, spec: GameSpec, settings: Settings, seats: list[SeatSpec]) -> None:
        if len(seats) != settings.players:
            raise ValueError("one SeatSpec per player")
        self.spec = spec
        self.settings = settings
        self.seats = list(seats)
        self.state: GameState = spec.new_state(settings, random.Random(settings.seed))
        self.log: list[tuple[int, str]] = []
        self._marks: list[int] = []  # len(events) before each logged action
        self._bots: dict[int, Bot] = {}
        for seat, seat_spec in enumerate(self.seats):
            if seat_spec.is_bot:
                self._bots[seat] = make_bot(spec, seat_spec.level, seat,
                                            random.Random(f"{settings.seed}:bot:{seat}"))
        # Bots that never look at their observation (``blind``) are spared building one.
        self._blind = frozenset(s for s, bot in self._bots.items() if getattr(bot, "blind", False))
        # Strong bots search from their world view (``spec.worlds.view``): the state with
        # every secret of the other seats made neutral, a function of observation(seat) only.
        self._world_bots = frozenset(s for s, bot in self._bots.items() if searches(bot))

    # --- who is who --------------------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        return self.state.events

    def is_human(self, seat: int) -> bool:
        return seat < len(self.seats) and not self.seats[seat].is_bot

    def is_bot(self, seat: int) -> bool:
        return seat in self._bots

    def humans(self) -> list[int]:
        return [s for s in range(len(self.seats)) if self.is_human(s)]

    def seat_name(self, seat: int) -> str | Msg:
        """The seat's name: a human's own, a bot's from the game's list, a fictive seat's."""
        if seat < len(self.seats):
            spec = self.seats[seat]
            if spec.is_bot and not spec.name:
                names = self.spec.bot_names
                return names[spec.name_index % len(names)]
            return spec.name or Msg("core.seat.default", number=seat + 1)
        extra = self.state.extra_seat_name(seat)
        return extra if extra is not None else Msg("core.seat.default", number=seat + 1)

    # --- playing -----------------------------------------------------------------------------
    def act(self, seat: int, action: str, *, trusted: bool = False) -> None:
        """Play ``action`` for ``seat`` after checking it is asked and legal.

        ``trusted`` skips the checks for an action just taken from ``legal_actions``
        (bots in simulations); the state's own ``apply`` still refuses illegal ones.
        """
        if not trusted:
            pending = self.state.pending()
            if pending is None:
                raise IllegalAction(Msg("core.error.game_over"))
            if seat not in pending.seats:
                raise NotYourTurn(Msg("core.error.not_your_turn"))
            if action not in self.state.legal_actions(seat):
                raise IllegalAction(Msg("core.error.illegal"))
        self._record(seat, action)

    def _record(self, seat: int, action: str) -> None:
        """Apply ``action`` (the state refuses illegal ones) and log it."""
        state = self.state
        mark = len(state.events)
        state.apply(seat, action)
        self.log.append((seat, action))
        self._marks.append(mark)

    def think(self, seconds: float) -> None:
        """Every searching bot of this match takes ``seconds`` a decision from now on."""
        for bot in self._bots.values():
            set_think(bot, seconds)

    def thinks(self, seat: int) -> bool:
        """True if the bot at ``seat`` searches (takes a while to decide)."""
        return seat in self._world_bots

    def bot_input(self, seat: int, bot: Bot | None = None) -> tuple[Bot, Any, list[str]]:
        """The bot at ``seat`` (or ``bot``, a stand-in for the seat's absent human), what it
        decides from (the seat's own observation, a copy: it may decide in another thread
        while the state moves on) and the legal answers."""
        state = self.state
        legal = state.legal_actions(seat)
        if bot is None:  # the hot path of simulations: what each seat's bot takes, known
            player, blind, world = self._bots[seat], seat in self._blind, seat in self._world_bots
        else:
            player, blind, world = bot, getattr(bot, "blind", False), searches(bot)
        if blind:
            observation = None
        elif world:  # the seat's observation in the shape of a state
            observation = self.spec.worlds.view(state, seat)  # type: ignore[union-attr]
        else:
            observation = state.observation(seat)
        return player, observation, legal

    def bot_choice(self, seat: int, bot: Bot | None = None) -> str:
        """What the bot at ``seat`` (or ``bot``, a stand-in for the seat's absent human)
        chooses now, from the seat's own observation only."""
        player, observation, legal = self.bot_input(seat, bot)
        return bot_answer(player.choose(observation, legal), legal)

    def play_bot(self, seat: int) -> str:
        """The bot at ``seat`` chooses and plays; returns its action.

        ``act(seat, bot_choice(seat), trusted=True)``: the hot path of bots-only simulations.
        """
        choice = self.bot_choice(seat)
        self._record(seat, choice)
        return choice

    def waiting_bots(self) -> list[int]:
        """Bots asked to act now (non-race decisions)."""
        pending = self.state.pending()
        if pending is None or pending.race:
            return []
        return [s for s in pending.seats if s in self._bots]

    def play_bots(self) -> int:
        """Let every bot asked to act do so, until a human must act or the game ends.

        Returns the number of bot actions played. Races are left to the caller.
        """
        played = 0
        while True:
            bots = self.waiting_bots()
            if not bots:
                return played
            seat = bots[0]
            self.act(seat, self.bot_choice(seat))
            played += 1

    # --- undo ----------------------------------------------------------------------------------
    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last decision, replaying the log without it.

        Refused with other humans at the table after another human acted, or when an event
        since that decision taught ``seat`` something (it cannot be unlearnt).
        """
        mine = [i for i, (s, _) in enumerate(self.log) if s == seat]
        if not mine:
            raise UndoRefused(Msg("core.undo.nothing"))
        last = mine[-1]
        if any(not self.is_bot(s) and s != seat for s, _ in self.log[last + 1:]):
            raise UndoRefused(Msg("core.undo.other_human"))
        for event in self.state.events[self._marks[last]:]:
            if event.informs and event.visible(seat) and event.cause != seat:
                raise UndoRefused(Msg("core.undo.learnt"))
            if event.informs and event.visible_to is not None and event.cause == seat:
                raise UndoRefused(Msg("core.undo.learnt"))
        self._rebuild(self.log[:last])

    def _rebuild(self, log: list[tuple[int, str]]) -> None:
        self.state = self.spec.new_state(self.settings, random.Random(self.settings.seed))
        self.log = []
        self._marks = []
        for seat, action in log:
            self.act(seat, action)

    # --- saving --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "rules": self.spec.rules_version,
                "settings": self.settings.to_json(),
                "seats": [s.to_json() for s in self.seats],
                "log": [[seat, action] for seat, action in self.log]}

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the match atomically: a good save is never replaced by a partial one."""
        target = Path(path)
        data = json.dumps(self.to_json(), ensure_ascii=False, indent=1)
        earlier = False  # "your previous save is untouched" only if there is one
        try:
            earlier = target.is_file()  # a name too long raises here already
            write_atomically(target, data)
        except OSError as error:
            raise SaveError(Msg("core.save.write_failed" if earlier else "core.save.first_failed",
                                path=str(target),
                                reason=os_reason(error))) from error

    @classmethod
    def from_json(cls, data: Any, specs: Mapping[str, GameSpec]) -> Match:
        """Rebuild a match by replaying its log; SaveError if anything does not fit."""
        try:
            if data.get("format") != SAVE_FORMAT:
                raise SaveError(Msg("core.save.bad_format"))
            raw = data["settings"]
            spec = specs.get(raw["game"])
            if spec is None:
                raise SaveError(Msg("core.save.unknown_game", game=str(raw["game"])))
            if data.get("rules", 1) != spec.rules_version:
                raise SaveError(Msg("core.save.old_rules", game=spec.title))
            options = {str(k): str(v) for k, v in dict(raw.get("options", {})).items()}
            settings = spec.settings(int(raw["players"]), int(raw["seed"]), options)
            seats = [SeatSpec(kind=str(s["kind"]), name=str(s.get("name", "")),
                              level=str(s.get("level", "normal")),
                              name_index=int(s.get("name_index", 0))) for s in data["seats"]]
            log = [(int(seat), str(action)) for seat, action in data["log"]]
            for seat_spec in seats:
                seat_spec.name.encode("utf-8")  # a lone surrogate is no name: it cannot be saved
        except SaveError:
            raise
        except (AttributeError, KeyError, OverflowError, TypeError, ValueError) as error:
            raise SaveError(Msg("core.save.corrupt")) from error
        try:
            match = cls(spec, settings, seats)
            match._rebuild(log)
        except (IllegalAction, ValueError) as error:
            raise SaveError(Msg("core.save.replay_failed")) from error
        return match

    @classmethod
    def load(cls, path: str | os.PathLike[str], specs: Mapping[str, GameSpec]) -> Match:
        """Read and replay a save written by :meth:`save`."""
        text = read_save_text(path)
        try:
            data = json.loads(text)
        except (RecursionError, ValueError) as error:  # nested too deep, or not JSON
            raise SaveError(Msg("core.save.corrupt")) from error
        if not isinstance(data, dict):
            raise SaveError(Msg("core.save.corrupt"))
        return cls.from_json(data, specs)


def read_save_text(path: str | os.PathLike[str]) -> str:
    """A save file's text; SaveError if it is missing, unreadable, not a regular file (a
    device, a named pipe: opened without waiting for a writer) or over MAX_SAVE_BYTES."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError as error:
        raise SaveError(Msg("core.save.missing", path=str(path))) from error
    except OSError as error:
        raise SaveError(Msg("core.save.read_failed", path=str(path),
                            reason=os_reason(error))) from error
    try:
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise SaveError(Msg("core.save.not_regular", path=str(path)))
            if info.st_size > MAX_SAVE_BYTES:
                raise SaveError(Msg("core.save.too_big", path=str(path),
                                    size=MAX_SAVE_BYTES // (1024 * 1024)))
            data = handle.read(MAX_SAVE_BYTES + 1)  # it may have grown since
    except OSError as error:
        raise SaveError(Msg("core.save.read_failed", path=str(path),
                            reason=os_reason(error))) from error
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(Msg("core.save.too_big", path=str(path),
                            size=MAX_SAVE_BYTES // (1024 * 1024)))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveError(Msg("core.save.corrupt")) from error


def save_game(path: str | os.PathLike[str]) -> str | None:
    """The name of the game a save holds (``"pnue"``), read without replaying it; None if
    the file is no readable save."""
    try:
        data = json.loads(read_save_text(path))
        game = data["settings"]["game"]
    except (SaveError, RecursionError, ValueError, TypeError, KeyError):
        return None
    return game if isinstance(game, str) else None
