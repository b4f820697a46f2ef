"""A finished game played back from one seat: at each step what that seat knew then.

A game is its settings plus its action log, so a replay rebuilds it once, keeping where
each action's events begin. A *step* is a point of the log after which the seat learnt
something (a line it was shown); the seat's transcript at a step is the events it could
see up to there, exactly as the live game gave them to it. The state at a step (for the
seat's status, board and private view) is rebuilt on demand from the nearest checkpoint.
Knows no terminal and no network: the local client and the server use it alike.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from a11y_games.engine.messages import Event
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.state import GameState, Settings

__all__ = ["CHECKPOINT_EVERY", "Replay", "Step", "round_of"]

CHECKPOINT_EVERY = 64
"""A copy of the state is kept every this many actions: moving back or to a round rebuilds
at most this many actions."""


def round_of(event: Event) -> int | None:
    """The round or turn an event opens or names (``round=``, ``turn=``, ``*.round number=``)."""
    params = event.msg.params
    for key in ("round", "turn"):
        if isinstance(params.get(key), int):
            return params[key]
    if event.msg.id.endswith(".round") and isinstance(params.get("number"), int):
        return params["number"]
    return None


@dataclass(frozen=True)
class Step:
    """A point of the replay: after ``position`` actions; the seat has then seen the
    game's first ``seen`` events (those of them visible to it)."""

    position: int
    seen: int


class Replay:
    """The game of ``settings`` and ``log`` as ``seat`` lived it (None: the public view)."""

    def __init__(self, spec: GameSpec, settings: Settings, log: list[tuple[int, str]],
                 seat: int | None) -> None:
        self.spec = spec
        self.settings = settings
        self.log = list(log)
        self.seat = seat
        from a11y_games.engine.search import copy_state  # (not at start-up: issue 30)

        state = self._fresh()
        self._checkpoints: dict[int, GameState] = {0: copy_state(state)}
        marks = [len(state.events)]  # events before each action, then after the last
        for position, (actor, action) in enumerate(self.log, 1):
            state.apply(actor, action)  # IllegalAction: a log that is not this game's
            marks.append(len(state.events))
            if position % CHECKPOINT_EVERY == 0:
                self._checkpoints[position] = copy_state(state)
        self._marks = marks
        self.events: list[Event] = list(state.events)
        """Every event of the game (filter with :meth:`visible`)."""
        self.final = state
        self.steps: list[Step] = [Step(0, marks[0])]
        for position in range(1, len(self.log) + 1):
            if any(e.visible(seat) for e in self.events[marks[position - 1]:marks[position]]):
                self.steps.append(Step(position, marks[position]))
        self.index = 0
        """The step the replay is at."""
        self._state: tuple[int, GameState] = (len(self.log), state)

    @classmethod
    def from_save(cls, data: Mapping[str, Any], specs: Mapping[str, GameSpec],
                  seat: int | None) -> Replay:
        """From a saved match's JSON (``Match.to_json``): its settings and log."""
        raw = data["settings"]
        spec = specs[raw["game"]]
        options = {str(k): str(v) for k, v in dict(raw.get("options", {})).items()}
        settings = spec.settings(int(raw["players"]), int(raw["seed"]), options)
        return cls(spec, settings, [(int(s), str(a)) for s, a in data["log"]], seat)

    def _fresh(self) -> GameState:
        return self.spec.new_state(self.settings, random.Random(self.settings.seed))

    # --- where the replay is ---------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def at_end(self) -> bool:
        return self.index == len(self.steps) - 1

    def visible(self, event: Event) -> bool:
        return event.visible(self.seat)

    def transcript(self, index: int | None = None) -> list[Event]:
        """What the seat had seen at step ``index`` (now, by default), in order."""
        step = self.steps[self.index if index is None else index]
        return [e for e in self.events[:step.seen] if e.visible(self.seat)]

    def told_at(self, index: int) -> list[Event]:
        """What the seat learnt at step ``index`` (the events of step 0: the opening)."""
        start = self.steps[index - 1].seen if index else 0
        return [e for e in self.events[start:self.steps[index].seen] if e.visible(self.seat)]

    def go(self, index: int) -> list[Event]:
        """Move to step ``index`` (kept within the game); returns what the seat learnt
        there."""
        self.index = max(0, min(index, len(self.steps) - 1))
        return self.told_at(self.index)

    def round_step(self, number: int) -> int | None:
        """The step at which the seat first heard of round (or turn) ``number``, or None."""
        for index, step in enumerate(self.steps):
            start = self.steps[index - 1].seen if index else 0
            if any(e.visible(self.seat) and round_of(e) == number
                   for e in self.events[start:step.seen]):
                return index
        return None

    def round_now(self) -> int:
        """The last round (or turn) the seat had heard of at the current step (0: none)."""
        for event in reversed(self.transcript()):
            number = round_of(event)
            if number is not None:
                return number
        return 0

    def state(self) -> GameState:
        """The game's state at the current step, rebuilt from the nearest checkpoint (for
        the seat's summaries only: ask it for ``seat``'s views, never another's)."""
        from a11y_games.engine.search import copy_state

        position = self.step.position
        if self._state[0] != position:
            base = max(p for p in self._checkpoints if p <= position)
            state = copy_state(self._checkpoints[base])
            state.events = self.events[:self._marks[base]]
            for actor, action in self.log[base:position]:
                state.apply(actor, action)
            self._state = (position, state)
        return self._state[1]

