"""The table seam: what the client plays through, a match in this process or a seat at a
server (``a11y_games.ui.remote``). The command code is written once for both.

A table answers for the seats played at this keyboard (``humans``) and shows each of them
only what it may see: a local table holds the whole match (hot-seat filtering is the
client's), a remote one only ever receives its own seat's view.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from a11y_games.engine import Event, IllegalAction, Msg, Pending
from a11y_games.engine.match import Match
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.state import Outcome, Query, Topic
from a11y_games.engine.steps import offered, offers, steps

__all__ = ["LocalTable", "Table", "TableUnavailable"]


class TableUnavailable(Exception):
    """The table cannot answer now (a network table whose connection is lost): ``msg``
    says it; nothing was played, and the question is asked again once it is back."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg

Choice = tuple[str, Msg]
"""An action id and its label, as offered to a seat."""


class Table(Protocol):
    """What the client needs of the game it plays, wherever the game is held."""

    spec: GameSpec
    local: bool
    """True for a match in this process (save, load, undo, races timed here)."""

    # --- who is who -------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str | Msg: ...
    def seat_order(self) -> list[int]: ...
    def humans(self) -> list[int]:
        """The seats played at this keyboard (none for a spectator)."""
    def is_human(self, seat: int) -> bool:
        """True if ``seat`` is played at this keyboard."""

    def seat_kind(self, seat: int) -> str | None:
        """Who holds ``seat``: "human" (a person, here or elsewhere), "bot", or None (a
        seat the rules add, where nobody sits)."""

    # --- the game now -----------------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        """Every event known here, in order (a remote table: those its seat may see)."""
    @property
    def log_length(self) -> int:
        """How many decisions have been played (changes whenever anyone acts)."""
    def pending(self) -> Pending | None: ...
    def pending_for(self, seat: int) -> Pending | None:
        """The question now as ``seat`` hears it, when asked: its own prompt (a voter in
        PNUE's claim menu hears the claim's question, not the vote's); else ``pending``."""
    def choices(self, seat: int) -> list[Choice]:
        """What ``seat`` may choose now, each with its label (empty if not asked)."""
    def act(self, seat: int, action: str) -> None:
        """Play ``action`` for ``seat``; IllegalAction (with its message) if refused."""
    def outcome(self) -> Outcome | None: ...
    def next_bot(self) -> int | None:
        """The bot here asked to play now (local tables), or None."""
    def thinks(self, seat: int) -> bool:
        """True if the bot here at ``seat`` searches (a strong bot: the ``think`` setting)."""
    def play_bot(self, seat: int) -> None:
        """Let the bot at ``seat`` here play (the one ``next_bot`` gave)."""
    def race(self, human_times: dict[int, float]) -> None:
        """End a reaction race: the humans here reacted after these times (seconds)."""

    # --- views, for one seat (None: the public view) ------------------------------------------
    def status(self, seat: int | None) -> list[Msg]: ...
    def board(self, seat: int | None, topic: str) -> list[Msg]:
        """The board or one of its topics; UnknownTopic for a topic the game lacks."""
    def private(self, seat: int) -> list[Msg]: ...
    def queries(self) -> list[Query]: ...
    def run_query(self, query: Query, seat: int | None, argument: str) -> list[Msg]: ...
    def board_topics(self) -> tuple[Topic, ...]: ...
    def board_is_public(self) -> bool: ...
    def reference_card(self) -> list[Msg]:
        """The game's reference card (a summary of the rules in play), if it has one."""


class LocalTable:
    """A match held in this process: bots play here, races are timed here."""

    local = True

    def __init__(self, match: Match) -> None:
        self.match = match
        self.spec = match.spec
        self.joined: set[int] = set()
        """Log positions of the later steps of entries played as one (an action with its
        place): undo takes the whole entry back."""
        self._offered: tuple[object, int, int, list[Choice]] | None = None

    # --- who is who -------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str | Msg:
        return self.match.seat_name(seat)

    def seat_order(self) -> list[int]:
        return self.match.state.seat_order()

    def humans(self) -> list[int]:
        return self.match.humans()

    def is_human(self, seat: int) -> bool:
        return self.match.is_human(seat)

    def seat_kind(self, seat: int) -> str | None:
        seats = self.match.seats
        return seats[seat].kind if 0 <= seat < len(seats) else None

    # --- the game now -----------------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        return self.match.events

    @property
    def log_length(self) -> int:
        return len(self.match.log)

    def pending(self) -> Pending | None:
        return self.match.state.pending()

    def pending_for(self, seat: int) -> Pending | None:
        state = self.match.state
        pending = state.pending()
        if pending is None or seat not in pending.seats:
            return pending
        prompt = state.prompt_for(seat)
        return pending if prompt == pending.prompt else replace(pending, prompt=prompt)

    def choices(self, seat: int) -> list[Choice]:
        """The seat's choices, an action with its place as one entry where the game asks
        them together (:mod:`a11y_games.engine.steps`); computed once per decision."""
        state = self.match.state
        key = (state, len(self.match.log), seat)
        if self._offered is None or self._offered[:3] != key:
            self._offered = (*key, offered(state, seat))
        return list(self._offered[3])

    def act(self, seat: int, action: str) -> None:
        """Play a choice: an entry standing for several steps plays each in turn (the
        log keeps the steps)."""
        parts = steps(action)
        if len(parts) > 1 and not offers(self.match.state, seat, action, self.choices(seat)):
            raise IllegalAction(Msg("core.error.illegal"))
        for index, step in enumerate(parts):
            position = len(self.match.log)
            self.joined.discard(position)
            if index:
                self.joined.add(position)
            self.match.act(seat, step)

    def outcome(self) -> Outcome | None:
        return self.match.state.outcome()

    def thinks(self, seat: int) -> bool:
        return self.match.thinks(seat)

    def next_bot(self) -> int | None:
        bots = self.match.waiting_bots()
        return bots[0] if bots else None

    def play_bot(self, seat: int) -> None:
        self.match.act(seat, self.match.bot_choice(seat))

    def position(self) -> tuple[int, object]:
        """Where the game is (the log's length and its last decision), for a bot's move
        worked out meanwhile: an ``undo`` or a ``load`` since moves it."""
        log = self.match.log
        return len(log), log[-1] if log else None

    def race(self, human_times: dict[int, float]) -> None:
        """Bots react after a random delay drawn from the game's seed, and so do humans
        not timed here (several at one keyboard cannot race fairly); the order of the
        ``react`` actions is logged."""
        pending = self.match.state.pending()
        assert pending is not None and pending.race
        rng = random.Random(f"{self.match.settings.seed}:race:{len(self.match.log)}")
        times = {s: rng.uniform(0.4, 2.0) for s in pending.seats if self.match.is_bot(s)}
        for seat in pending.seats:
            if seat not in times:
                times[seat] = human_times.get(seat, 0.0) if seat in human_times \
                    else rng.uniform(0.4, 2.0)
        for seat in sorted(pending.seats, key=lambda s: times[s]):
            self.match.act(seat, self.match.state.legal_actions(seat)[0])

    # --- views ------------------------------------------------------------------------------
    def status(self, seat: int | None) -> list[Msg]:
        return self.match.state.status(seat)

    def board(self, seat: int | None, topic: str) -> list[Msg]:
        return self.match.state.board(seat, topic)

    def private(self, seat: int) -> list[Msg]:
        return self.match.state.private(seat)

    def queries(self) -> list[Query]:
        return self.match.state.queries()

    def run_query(self, query: Query, seat: int | None, argument: str) -> list[Msg]:
        return query.run(self.match.state, seat, argument)

    def board_topics(self) -> tuple[Topic, ...]:
        return self.match.state.board_topics()

    def board_is_public(self) -> bool:
        return self.match.state.board_is_public()

    def reference_card(self) -> list[Msg]:
        reference = getattr(self.match.state, "reference_card", None)
        return list(reference()) if reference is not None else []

    # --- only here: saving, undo ------------------------------------------------------------
    def save(self, path: Path) -> None:
        self.match.save(path)

    def undo(self, seat: int) -> None:
        self.match.undo(seat)

