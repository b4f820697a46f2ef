"""``replay N`` in a server's lobby: a finished network game gone over from one's seat.

The server sends only what the seat saw, step by step (``replay_page``), and answers
``status``, ``board``, ``me`` and the game's queries at a step for that seat
(``replay_ask``). :class:`ServerReplay` gives those the shape of the engine's ``Replay``,
so the local replay's client (``ui/replaying.py``: moving, the log, verbosity) goes over
it unchanged.
"""

from __future__ import annotations

from typing import Any

from a11y_games.engine import Event, Msg, Verbosity
from a11y_games.engine.replay import Replay, Step
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.state import Outcome, Query, Topic, UnknownTopic
from a11y_games.net import protocol as p
from a11y_games.ui.remote import RequestRefused, Session

__all__ = ["ServerReplay"]


class _Final:
    """Who sat where at the game's end, as the server said it."""

    def __init__(self, page: p.ReplayPage) -> None:
        self.names = page.names
        self.order = list(page.order)

    def seat_order(self) -> list[int]:
        return list(self.order)

    def extra_seat_name(self, seat: int) -> str | Msg | None:
        return self.names.get(seat)


class _StepState:
    """The game at one step, for the replayed seat only: each summary asked of the server."""

    def __init__(self, replay: ServerReplay) -> None:
        self.replay = replay
        self.step = replay.index

    def _ask(self, what: str, **fields: str) -> list[Msg]:
        key = (self.step, what, tuple(sorted(fields.items())))
        cached = self.replay.answers.get(key)
        if cached is None:
            answer = self.replay.session.request(p.ReplayAsk(step=self.step, what=what,  # type: ignore[arg-type]
                                                             **fields))
            cached = self.replay.answers[key] = list(answer.lines)
        return cached

    def status(self, seat: int | None) -> list[Msg]:
        return self._ask("status")

    def board(self, seat: int | None, topic: str) -> list[Msg]:
        try:
            return self._ask("board", topic=topic)
        except RequestRefused as error:
            raise UnknownTopic(topic) from error

    def private(self, seat: int) -> list[Msg]:
        return self._ask("private")

    def queries(self) -> list[Query]:
        def run(name: str) -> Any:
            return lambda state, seat, argument: self._ask("query", name=name, arg=argument)
        return [Query(q.name, q.help, run(q.name), tuple(q.aliases), q.public)
                for q in self.replay.page.queries]

    def board_topics(self) -> tuple[Topic, ...]:
        return tuple(Topic(t.name, tuple(t.aliases)) for t in self.replay.page.topics)

    def outcome(self) -> Outcome | None:
        page = self.replay.page
        if not self.replay.at_end or page.reason is None:
            return None
        return Outcome(frozenset(page.winners), page.reason)


class ServerReplay(Replay):
    """A ``Replay`` made of what the server sent of one seat's game: its events by step,
    its summaries asked at a step. No log and no other seat's view is ever here."""

    def __init__(self, session: Session, spec: GameSpec, page: p.ReplayPage) -> None:
        self.session = session
        self.spec = spec
        self.page = page
        self.seat = page.seat
        self.log = []
        self.events = []
        self.steps = []
        for step in page.steps:
            for sent in step:
                if sent.msg is not None:
                    visible = frozenset({self.seat}) if sent.private and self.seat is not None \
                        else None
                    self.events.append(Event(sent.msg, visible,
                                             Verbosity(max(0, min(2, sent.level))), sent.cause))
            self.steps.append(Step(len(self.steps), len(self.events)))
        self.index = 0
        self.final = _Final(page)  # type: ignore[assignment]
        self.answers: dict[tuple[Any, ...], list[Msg]] = {}

    def state(self) -> Any:
        return _StepState(self)

