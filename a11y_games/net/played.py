"""The finished games of this server, as ``history`` lists them, and their replays.

When a table's game ends, its summary is kept with who held each seat (an account, a seat
token's hash): one line's worth of JSON (the game, every seat's name, the winners, each
seat's place by the ratings' own placing). Who watched the game under way is kept too (an
account, a watch token's hash). ``history`` reads those, for an account every game it
played or watched here, for a guest the games of the tokens its client kept. A game over
before summaries were kept has its summary computed once, from its log, when first asked.

``replay N`` goes over a game from the asker's seat, or the public view for a game they
watched. Its replay is built from the whole log (up to about 0.2 s): on a worker thread,
never on the server's loop (:class:`Replays`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from a11y_games.engine.actions import IllegalAction
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.messages import Msg
from a11y_games.engine.replay import Replay
from a11y_games.engine.spec import GameSpec, OptionError
from a11y_games.engine.state import Outcome, UnknownTopic
from a11y_games.engine.words import find_named
from a11y_games.net import protocol as p
from a11y_games.net.limits import Limits, page_of
from a11y_games.net.members import Refused, clean_text, hash_token
from a11y_games.net.storage import Loaded, Played, Storage, StorageError, TableRecord
from a11y_games.net.table import Table
from a11y_games.ratings.placing import places

__all__ = ["REPLAYS_AT_ONCE", "REPLAYS_WAITING", "Replays", "SeatReplay", "build_replay",
           "history_page", "played_by", "replay_wanted", "summaries",
           "summary_of", "unsummed"]

REPLAY_STEPS = 400
"""Steps in one page of a replay at most (the frame's bytes bound it first: a step is a
few events; pages of the table list's 20 took Utopia's 810 steps 41 round trips)."""

REPLAYS_AT_ONCE = 2
"""Replays built (or asked at a step) at once, each on a worker thread: with the server's
loop, no more threads than this compete for the interpreter."""
REPLAYS_WAITING = 16
"""Replay requests waiting or running in the whole server at most; one more is refused
(the server is busy): a crowd opening replays together never queues without end."""
REPLAYS_EACH = 4
"""A connection's replay requests waiting or running at most (the rest refused busy)."""
_log = logging.getLogger("a11y_games.net")


def summary_of(match: Match) -> str:
    """A finished match's line for ``history`` (JSON): game, names, winners, places."""
    state = match.state
    outcome = state.outcome()
    names = [match.seat_name(s) for s in range(len(match.seats))]
    return json.dumps({"game": match.spec.name,
                       "names": [n.to_json() if isinstance(n, Msg) else n for n in names],
                       "winners": sorted(outcome.winners) if outcome is not None else [],
                       "places": places(state)}, ensure_ascii=False)


def _seated(record: TableRecord, specs: Mapping[str, GameSpec]) -> Match | None:
    """A stored game's match before its first action: its settings and seats (None: its
    game is gone or changed)."""
    spec = specs.get(record.game)
    if spec is None or spec.rules_version != record.rules:
        return None
    try:
        return Match(spec, spec.settings(record.players, record.seed, record.options),
                     [SeatSpec(kind="bot", level=s.level, name_index=s.name_index)
                      if s.kind == "bot" else SeatSpec(kind="human", name=s.name)
                      for s in record.seats])
    except (OptionError, ValueError):
        return None


def _replayed(record: TableRecord, log: list[tuple[int, str]],
              specs: Mapping[str, GameSpec]) -> Match | None:
    """A stored game played again from its log (None: its game is gone or changed)."""
    match = _seated(record, specs)
    if match is None:
        return None
    try:
        for seat, action in log:
            match.act(seat, action)
    except (IllegalAction, ValueError):
        return None
    return match


def _summary(loaded: Loaded, specs: Mapping[str, GameSpec]) -> str | None:
    """The line of a game over before the history, from its log (None: its game is gone
    or changed)."""
    match = _replayed(*loaded, specs)
    if match is None or match.state.outcome() is None:
        return None
    return summary_of(match)


def _game(played: Played, storage: Storage, specs: Mapping[str, GameSpec],
          computed: Mapping[str, str | None]) -> p.PlayedGame | None:
    summary = played.summary
    if summary is None:  # over before the history: computed once, then kept
        summary = computed[played.table_id] if played.table_id in computed else _summary(
            storage.table(played.table_id), specs)
        if summary is None:
            return None
        storage.set_summary(played.table_id, summary)
    data: dict[str, Any] = json.loads(summary)
    places = data["places"]
    return p.PlayedGame(ended=played.ended, game=str(data["game"]), names=data["names"],
                        winners=list(data["winners"]),
                        places=None if places is None else {
                            int(k): int(v) for k, v in places.items()},
                        seats=list(played.seats), table=played.table_id)


def played_by(storage: Storage, account: str, tokens: list[str]) -> list[Played]:
    """Every game of the asker (played or watched): ``account``'s, and those of the
    ``tokens`` it kept (at most :data:`~a11y_games.net.protocol.HISTORY_TOKENS`)."""
    return storage.played(account, [hash_token(t) for t in tokens[:p.HISTORY_TOKENS] if t])


def _window(everything: list[Played], start: int, limits: Limits) -> list[Played]:
    """Those of the asker's games a page from ``start`` may hold."""
    start = max(start, 0)
    return everything[start:start + limits.page]


def unsummed(storage: Storage, everything: list[Played], start: int,
             limits: Limits) -> dict[str, Loaded]:
    """The games of a page of ``history`` (from :func:`played_by`) over before the
    history, whose line is not computed yet, as stored (read on the server's loop)."""
    return {g.table_id: storage.table(g.table_id)
            for g in _window(everything, start, limits) if g.summary is None}


def summaries(loaded: Mapping[str, Loaded],
              specs: Mapping[str, GameSpec]) -> dict[str, str | None]:
    """The lines of those games, each log played again: on a worker thread."""
    return {table_id: _summary(game, specs) for table_id, game in loaded.items()}


def history_page(storage: Storage, specs: Mapping[str, GameSpec], account: str,
                 tokens: list[str], start: int, limits: Limits,
                 req: int | None = None,
                 computed: Mapping[str, str | None] | None = None,
                 everything: list[Played] | None = None) -> p.HistoryList:
    """A page of the games ``account`` (a guest: "") or the seats of ``tokens`` played
    or watched here, newest first, within a frame. ``computed``: the lines of games over
    before the history (:func:`summaries`); others missing are computed here.
    ``everything``: those games as :func:`played_by` read them (None: read here)."""
    if everything is None:
        everything = played_by(storage, account, tokens)
    window = _window(everything, start, limits)
    start = max(start, 0)
    games = [(n, g) for n, g in enumerate(_game(played, storage, specs, computed or {})
                                          for played in window)
             if g is not None]  # a game whose rules changed since: left out

    def size(item: tuple[int, p.PlayedGame]) -> int:
        return len(p.encode(p.HistoryList(games=[item[1]])))
    page, follow = page_of(games, 0, limits, size)
    went = page[-1][0] + 1 if follow else len(window)  # how far into the list this page went
    return p.HistoryList(games=[g for _, g in page], total=len(everything),
                         more=max(len(everything) - start - went, 0), req=req)


class SeatReplay:
    """A finished game of this server gone over from one seat (``engine.replay``): what
    leaves the server is that seat's events, step by step, and its summaries at a step;
    never the action log, never another seat's view."""

    def __init__(self, table_id: str, replay: Replay, names: dict[int, str | Msg],
                 outcome: Outcome | None) -> None:
        self.table_id = table_id
        self.replay = replay
        self.names = names
        self.outcome = outcome

    def told(self, index: int) -> list[p.EventMsg]:
        """What the seat learnt at step ``index``, as the live table sent it."""
        seat = self.replay.seat
        return [Table.event_message(n, event, seat)
                for n, event in enumerate(self.replay.told_at(index), 1)]

    def page(self, start: int, limits: Limits, req: int | None) -> p.ReplayPage:
        """The steps from ``start``, within a frame; the first page says the rest too."""
        total = len(self.replay.steps)
        start = max(0, min(start, total))
        window = [self.told(i) for i in range(start, min(total, start + REPLAY_STEPS))]

        def size(step: list[p.EventMsg]) -> int:
            return len(p.encode(p.ReplayPage(steps=[step]))) + 1
        steps, _ = page_of(window, 0, dataclasses.replace(limits, page=REPLAY_STEPS), size)
        page = p.ReplayPage(steps=steps, total=total, more=total - start - len(steps),
                            seat=self.replay.seat, req=req)
        if start == 0:
            final = self.replay.final
            page.names, page.order = dict(self.names), final.seat_order()
            if self.outcome is not None:
                page.winners = sorted(self.outcome.winners)
                page.reason = self.outcome.reason
            page.queries = [p.QueryInfo(name=q.name, aliases=list(q.aliases), help=q.help,
                                        public=q.public) for q in final.queries()]
            page.topics = [p.TopicInfo(name=t.name, aliases=list(t.aliases))
                           for t in final.board_topics()]
        return page

    def ask(self, question: p.ReplayAsk) -> p.Answer:
        """The seat's own summaries at a step."""
        replay = self.replay
        replay.go(question.step)
        state, seat = replay.state(), replay.seat
        if question.what == "status":
            lines = state.status(seat)
        elif question.what == "board":
            try:
                lines = state.board(seat, question.topic)
            except UnknownTopic as error:
                raise Refused(Msg("net.error.topic", topic=clean_text(question.topic, 40))
                              ) from error
        elif question.what == "private":
            lines = state.private(seat) if seat is not None else []
        else:
            query = find_named(state.queries(), question.name)
            if query is None:
                raise Refused(Msg("net.error.query", name=clean_text(question.name, 40)))
            lines = query.run(state, seat, question.arg)
        return p.Answer(lines=lines, req=question.req)


def replay_wanted(storage: Storage, account: str, tokens: list[str],
                  table_id: str) -> tuple[Loaded, int | None]:
    """Game ``table_id`` as stored, and the seat the asker held there (its account, or a
    token it kept; None: a game it watched, the public view); Refused if it held no seat
    and watched nothing there. Reads the storage: on the server's loop."""
    held = next((g for g in played_by(storage, account, tokens) if g.table_id == table_id),
                None)
    if held is None:
        raise Refused(Msg("net.error.no_game"))
    return storage.table(table_id), held.seats[0] if held.seats else None


def build_replay(table_id: str, loaded: Loaded, seat: int | None,
                 specs: Mapping[str, GameSpec]) -> SeatReplay:
    """The replay of a stored game from ``seat`` (None: the public view); Refused if the
    game's rules changed since. The whole log played again: on a worker thread."""
    record, log = loaded
    match = _seated(record, specs)  # the seats' names; the log is played once, by Replay
    if match is None:
        raise Refused(Msg("net.error.no_game"))
    try:
        replay = Replay(match.spec, match.state.settings, log, seat)
    except (IllegalAction, ValueError) as error:
        raise Refused(Msg("net.error.no_game")) from error
    final = replay.final
    names = {s: match.seat_name(s) for s in final.seat_order()}
    return SeatReplay(table_id, replay, names, final.outcome())


Wanted = p.History | p.ReplayOpen | p.ReplayAsk
"""The requests :class:`Replays` answers."""


class Asker(Protocol):
    """A connection asking for replays, as :class:`Replays` sees it."""

    account: str
    replay: SeatReplay | None
    replay_asked: asyncio.Task[None] | None
    """Its last replay request: the next is answered after it (in order)."""
    replays_waiting: int

    def send(self, message: p.ServerMessage) -> None: ...
    def refuse(self, msg: Msg, req: int | None = None) -> None: ...


class Replays:
    """The server's replays, off its event loop. A connection's requests (``history``,
    ``replay``, ``replay_ask``) are answered in the order sent; the storage is read on
    the loop (its one SQLite connection is the loop's), a log played again (a replay, the
    line of a game over before the history) and a step's state rebuilt on a worker
    thread, :data:`REPLAYS_AT_ONCE` at a time; beyond :data:`REPLAYS_WAITING` requests
    (:data:`REPLAYS_EACH` a connection), one is refused: the server is busy."""

    def __init__(self, storage: Storage, specs: Mapping[str, GameSpec],
                 limits: Callable[[], Limits], at_once: int = REPLAYS_AT_ONCE) -> None:
        self.storage = storage
        self.specs = specs
        self.limits = limits
        self.slots = asyncio.Semaphore(at_once)
        self.waiting = 0
        self._tasks: set[asyncio.Task[None]] = set()

    def request(self, asker: Asker, message: Wanted) -> None:
        """Answer ``message`` once the asker's earlier replay requests are; Refused (busy)
        when too many wait."""
        if self.waiting >= REPLAYS_WAITING or asker.replays_waiting >= REPLAYS_EACH:
            raise Refused(Msg("net.error.replay_busy"))
        self.waiting += 1
        asker.replays_waiting += 1
        task = asyncio.get_running_loop().create_task(
            self._answer(asker, message, asker.replay_asked))
        asker.replay_asked = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _answer(self, asker: Asker, message: Wanted,
                      before: asyncio.Task[None] | None) -> None:
        try:
            if before is not None:
                await asyncio.wait([before])  # answered in order (it reports its own errors)
            asker.send(await self._answer_of(asker, message))
        except Refused as refused:
            asker.refuse(refused.msg, message.req)
        except StorageError:
            _log.exception("storage failed while opening a replay")
            asker.send(p.Error(msg=Msg("net.error.storage"), req=message.req))
        except Exception:  # a bug (a game's query on an odd argument): told, logged
            _log.exception("while answering %s", type(message).__name__)
            asker.send(p.Error(msg=Msg("net.error.internal"), req=message.req))
        finally:
            self.waiting -= 1
            asker.replays_waiting -= 1

    async def _answer_of(self, asker: Asker, message: Wanted) -> p.ServerMessage:
        if isinstance(message, p.History):
            limits = self.limits()
            everything = played_by(self.storage, asker.account, message.tokens)
            missing = unsummed(self.storage, everything, message.start, limits)
            computed: dict[str, str | None] = {}
            if missing:  # games over before the history: their logs played again, once
                async with self.slots:
                    computed = await asyncio.to_thread(summaries, missing, self.specs)
            return history_page(self.storage, self.specs, asker.account, message.tokens,
                                message.start, limits, message.req, computed, everything)
        if isinstance(message, p.ReplayAsk):
            replay = asker.replay
            if replay is None:
                raise Refused(Msg("net.error.no_game"))
            async with self.slots:
                return await asyncio.to_thread(replay.ask, message)
        if asker.replay is None or asker.replay.table_id != message.table:
            asker.replay = None  # one game gone over at a time
            loaded, seat = replay_wanted(self.storage, asker.account, message.tokens,
                                         message.table)
            async with self.slots:
                asker.replay = await asyncio.to_thread(build_replay, message.table, loaded,
                                                       seat, self.specs)
        async with self.slots:  # a page of up to REPLAY_STEPS steps, each encoded: not on the loop
            return await asyncio.to_thread(asker.replay.page, message.start, self.limits(),
                                           message.req)
