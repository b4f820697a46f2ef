"""One table on the server: seats, members, the game (a ``Match``), bots, and what each sees.

A :class:`Table` knows no socket: its members are :class:`Member` values it sends protocol
messages to. Every change is stored before anyone hears of it. Each member gets only what
its seat may see: events it may not see arrive as a bare sequence number.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from a11y_games.engine.actions import IllegalAction
from a11y_games.engine.match import Match, SeatSpec, bot_answer, make_bot, searches
from a11y_games.engine.messages import Event, Msg, PlayerRef
from a11y_games.engine.spec import Bot, GameSpec
from a11y_games.engine.state import Pending, UnknownTopic
from a11y_games.engine.steps import offered, offers, steps
from a11y_games.engine.words import find_named
from a11y_games.net import protocol as p
from a11y_games.net.members import (
    NAME_LENGTH,
    Member,
    Refused,
    clean_text,
    hash_token,
    same_name,
)
from a11y_games.net.storage import ChatRecord, SeatRecord, Storage, StorageError, TableRecord

__all__ = ["Seat", "Table"]

CHAT_LENGTH = 300
"""Longest line of chat, in characters."""
SNAPSHOT_AFTER = 300
"""A member that missed more events than this gets a snapshot instead of them all."""
BOT_BURST = 64
"""Bot actions played in one go before other tables get their turn of the event loop."""
RACE_DELAY = (0.4, 2.0)
"""Seconds a bot takes to react in a race, drawn as the local client draws them."""
RATED_PROTOCOL = 4
"""The first version that knows rated tables (an older client is never sent the word)."""
WATCH_PROTOCOL = 5
"""The first version whose spectators are given a watch token (for ``history``)."""
STORAGE_RETRY = 1.0
"""Seconds before a strong bot's decision the storage refused is searched again."""


@dataclass(eq=False)
class Seat:
    """A seat at a table: its record, and who holds it now."""

    number: int
    record: SeatRecord
    member: Member | None = None
    bot_playing: bool = False
    """A stand-in bot plays this human's seat (its player lost the connection or left)."""
    timer: asyncio.TimerHandle | None = None
    standin: Bot | None = None

    def cancel_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None


@dataclass(eq=False)
class _Decision:
    """A simultaneous secret decision in progress: how many seats were asked."""

    prompt: Msg
    seats: frozenset[int]
    of: int = 0
    done: int = 0


class Table:
    """One table: seats, members, its match once started."""

    def __init__(self, record: TableRecord, spec: GameSpec, storage: Storage,
                 think: float | None = None,
                 said: Callable[[Msg], None] = lambda msg: None) -> None:
        self.record = record
        self.spec = spec
        self.storage = storage
        self.said = said
        """A line for the server's console (the table started, its game over)."""
        self.think = think
        """Seconds a strong bot takes a decision (the server's setting; None: the default)."""
        self._thinking: asyncio.Future[str] | None = None
        """A strong bot's decision being searched in a worker thread."""
        self.seats = [Seat(n, s) for n, s in enumerate(record.seats)]
        self.spectators: list[Member] = []
        self._watchers: dict[Member, tuple[str, str]] = {}
        """Spectators not yet kept as having watched the game under way: the hash of the
        watch token each was given ("" none) and its account ("" a guest)."""
        self._watchers_lost: dict[str, tuple[str, str]] = {}
        """The same of spectators whose connection dropped before the start, by name: one
        back (``last_seq``) takes its watch token's hash again."""
        self.match: Match | None = None
        self.published = 0  # events sent out so far
        self._race_rng: random.Random | None = None
        self._race: tuple[Msg, frozenset[int]] | None = None
        self._race_timers: dict[int, asyncio.TimerHandle] = {}
        self._decision: _Decision | None = None
        self._continue: asyncio.Handle | None = None
        self.last_active = time.monotonic()
        self.on_over: Callable[[Table], dict[int, list[Msg]]] = lambda table: {}
        """Its game over, before anyone hears it: the lobby rates a rated table, and
        returns what each rated seat hears of its rating."""

    # --- what members see ------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.record.id

    @property
    def running(self) -> bool:
        return self.record.started and not self.record.over

    def seat_of(self, member: Member) -> Seat | None:
        return next((s for s in self.seats if s.member is member), None)

    def members(self) -> list[Member]:
        return [s.member for s in self.seats if s.member is not None] + self.spectators

    def member_named(self, name: str) -> Member | None:
        """The member connected here as ``name`` (case and outer blanks ignored), if any."""
        name = name.strip()
        return next((m for m in self.members() if same_name(m.name, name)), None)

    def _seat_name(self, seat: Seat) -> str | Msg:
        record = seat.record
        if record.kind == "human":
            return record.name
        if record.kind == "bot":
            names = self.spec.bot_names
            return names[record.name_index % len(names)]
        return Msg("core.seat.default", number=seat.number + 1)

    def info(self, member: Member | None = None) -> p.TableInfo:
        """The table as ``member`` sees it (the code goes to the creator only)."""
        r = self.record
        seats = [p.SeatInfo(seat=s.number, name=self._seat_name(s), kind=s.record.kind,  # type: ignore[arg-type]
                            level=s.record.level, connected=s.member is not None,
                            bot_playing=s.bot_playing) for s in self.seats]
        mine = self.seat_of(member) if member is not None else None
        is_creator = mine is not None and same_name(mine.record.name, r.creator)
        info = p.TableInfo(id=r.id, game=r.game, players=r.players, options=dict(r.options),
                           public=r.public, started=r.started, over=r.over,
                           host_lang=r.host_lang, level=r.level, bot_delay=r.bot_delay,
                           creator=r.creator, seats=seats,
                           code=r.code if is_creator and r.code else None,
                           spectators=[m.name for m in self.spectators],
                           rated=r.rated and (member is None or getattr(
                               member, "protocol", p.PROTOCOL) >= RATED_PROTOCOL))
        if self.match is not None:
            match, state = self.match, self.match.state
            order = state.seat_order()
            info.names = {seat: match.seat_name(seat) for seat in order}
            info.order = order
            info.queries = [p.QueryInfo(name=q.name, aliases=list(q.aliases), help=q.help,
                                        public=q.public) for q in state.queries()]
            info.topics = [p.TopicInfo(name=t.name, aliases=list(t.aliases))
                           for t in state.board_topics()]
            info.board_is_public = state.board_is_public()
        return info

    def _to_all(self, message: p.ServerMessage, *, spectators: bool = True) -> None:
        frame = p.encode(message)
        for seat in self.seats:
            if seat.member is not None:
                seat.member.send_frame(frame)
        if spectators:
            for member in self.spectators:
                member.send_frame(frame)

    def _table_changed(self) -> None:
        """Everyone gets the table again (seats changed)."""
        for member in self.members():
            member.send(p.TableUpdate(table=self.info(member)))

    def _presence(self, what: str, seat: Seat | None, name: str | Msg) -> None:
        self._to_all(p.Presence(what=what, name=name,  # type: ignore[arg-type]
                                seat=None if seat is None else seat.number))

    def next_opened(self, name: str, table: Table) -> None:
        """``name``, who played this finished game, opened ``table``: everyone still here
        hears it (how to follow: the lobby's list, or the table's code for an invited
        table)."""
        if self.record.over:
            self._presence("next" if table.record.public else "next_private", None, name)

    def _save(self) -> None:
        self.record.seats = [s.record for s in self.seats]
        self.storage.save_table(self.record)

    # --- joining and leaving ---------------------------------------------------------------
    def name_taken(self, name: str) -> bool:
        return any(s.record.kind == "human" and same_name(s.record.name, name)
                   for s in self.seats) or any(same_name(m.name, name) for m in self.spectators)

    def sit(self, member: Member, seat_number: int | None, req: int | None) -> None:
        """Take a free seat before the start; ``joined`` with the seat's token."""
        if self.record.started:
            raise Refused(Msg("net.error.started"))
        if self.name_taken(member.name):
            raise Refused(Msg("net.error.name_taken", name=member.name))
        free = [s for s in self.seats if s.record.kind == "free"]
        if seat_number is None:
            if not free:
                raise Refused(Msg("net.error.full"))
            seat = free[0]
        else:
            if not 0 <= seat_number < len(self.seats):
                raise Refused(Msg("net.error.no_seat", seat=seat_number + 1,
                                  count=len(self.seats)))
            seat = self.seats[seat_number]
            if seat.record.kind != "free":
                raise Refused(Msg("net.error.seat_taken", seat=seat_number + 1))
        token = secrets.token_urlsafe(24)
        seat.record = SeatRecord(kind="human", name=member.name, level=self.record.level,
                                 token_hash=hash_token(token),
                                 account=getattr(member, "account", ""))
        seat.member = member
        self._save()
        member.send(p.Joined(table=self.info(member), seat=seat.number, token=token,
                             you=member.name, seq=self.published, req=req))
        self._presence("joined", seat, member.name)
        self._table_changed()

    def watch(self, member: Member, req: int | None, last_seq: int | None = None) -> None:
        """Join as a spectator: the public view, the spectators' chat. ``last_seq``: a
        spectator back after a lost connection hears what was missed since, as a seat."""
        if self.name_taken(member.name):
            raise Refused(Msg("net.error.name_taken", name=member.name))
        self.spectators.append(member)
        watched = secrets.token_urlsafe(24) if last_seq is None and getattr(
            member, "protocol", p.PROTOCOL) >= WATCH_PROTOCOL else ""  # (back: its own)
        lost = self._watchers_lost.pop(member.name.casefold(), ("", "")) \
            if last_seq is not None else ("", "")
        self._watchers[member] = (hash_token(watched) if watched else lost[0],
                                  getattr(member, "account", ""))
        member.send(p.Joined(table=self.info(member), seat=None, token=None, you=member.name,
                             seq=self.published, watched=watched, req=req))
        if self.running:
            self._keep_watcher(member)
        self._presence("watching" if last_seq is None else "back", None, member.name)
        self._table_changed()
        if self.match is not None:
            if last_seq is None:
                self._snapshot(member, None, self.published)
            else:
                self._missed(member, None, last_seq)
            self._send_state(member)

    def _keep_watcher(self, member: Member) -> None:
        """``member`` watches the game under way: kept, so that its ``history`` lists the
        game once over (a failed write loses that line only: watching goes on)."""
        token_hash, account = self._watchers.pop(member, ("", ""))
        if not token_hash and not account:
            return
        try:
            self.storage.keep_watcher(self.id, token_hash, account)
        except StorageError:
            logging.getLogger("a11y_games.net").exception("watcher of table %s", self.id)

    def resume(self, member: Member, seat: Seat, token: str, last_seq: int,
               req: int | None) -> None:
        """Take a seat back by its token: the missed events (or a snapshot), the question."""
        previous = seat.member
        if previous is not None and previous is not member:
            seat.member = None
            previous.replaced()
        seat.cancel_timer()
        was_bot = seat.bot_playing
        seat.bot_playing = False
        seat.standin = None
        timer = self._race_timers.pop(seat.number, None)
        if timer is not None:
            timer.cancel()
        seat.member = member
        member.send(p.Joined(table=self.info(member), seat=seat.number, token=token,
                             you=member.name, seq=self.published, req=req))
        if self.match is not None:
            self._missed(member, seat.number, last_seq)
        self._presence("back", seat, self._seat_name(seat))
        if was_bot:
            self._presence("handed_back", seat, self._seat_name(seat))
        self._table_changed()
        if self.running:
            for other in self.seats:  # paused while nobody was here: their delays begin
                if (other.record.kind == "human" and other.member is None
                        and not other.bot_playing and other.timer is None):
                    self._wait_for(other)
        if self.match is not None:
            self._send_state(member)
        pending = self.match.state.pending() if self.running and self.match else None
        if pending is not None and self._thinking is None and any(
                self._bot_now(s) for s in pending.seats):
            self.advance()  # stand-ins that waited with the game play on

    def _seat_going(self, member: Member) -> Seat | None:
        """``member`` goes: a spectator is said to leave (None); a seated member's seat is
        left without its connection and returned."""
        if member in self.spectators:
            self.spectators.remove(member)
            watcher = self._watchers.pop(member, None)
            if watcher is not None and not self.record.started:
                self._watchers_lost[member.name.casefold()] = watcher
            self._presence("left", None, member.name)
            self._table_changed()
            return None
        seat = self.seat_of(member)
        if seat is not None:
            seat.member = None
        return seat

    def leave(self, member: Member) -> None:
        """``member`` leaves: a spectator goes; a seat frees (before the start) or a bot
        holds it (during the game, until its owner resumes)."""
        seat = self._seat_going(member)
        if seat is None:
            return
        name = self._seat_name(seat)
        if not self.record.started:
            self._free_waiting(seat, name, member.name)
            return
        self._presence("left", seat, name)
        if self.running:
            self._take_over(seat)
        else:
            self._table_changed()

    def lost(self, member: Member) -> None:
        """``member``'s connection dropped. A seat waits ``bot_delay`` for its owner."""
        seat = self._seat_going(member)
        if seat is None:
            return
        self._presence("lost", seat, self._seat_name(seat))
        self._table_changed()
        if self.running:
            self._wait_for(seat)

    def release(self, seat: Seat) -> None:
        """Before the start, a seat whose player's connection dropped a while ago is freed,
        as if they had left: the creator's part passes to the next person seated."""
        seat.timer = None
        if self.record.started or seat.member is not None or seat.record.kind != "human":
            return
        self._free_waiting(seat, seat.record.name, seat.record.name)

    def _free_waiting(self, seat: Seat, name: str | Msg, who: str) -> None:
        """Before the start: ``seat`` is free again; if ``who`` created the table, the next
        person seated takes that part (nobody: the table is not kept)."""
        seat.record = SeatRecord(kind="free")
        if same_name(self.record.creator, who):
            heir = next((s for s in self.seats if s.record.kind == "human"), None)
            self.record.creator = heir.record.name if heir is not None else ""
        if self.record.creator:
            self._save()
        self._presence("left", seat, name)
        self._table_changed()

    def _wait_for(self, seat: Seat) -> None:
        seat.cancel_timer()
        seat.timer = asyncio.get_running_loop().call_later(
            self.record.bot_delay, self._take_over, seat)

    @property
    def anyone_here(self) -> bool:
        """A person holds a seat and is connected: with nobody, the game pauses (bots do
        not play it to its end without its people)."""
        return any(s.member is not None for s in self.seats)

    def _take_over(self, seat: Seat) -> None:
        """A bot of the table's level plays ``seat`` until its owner comes back (none
        while nobody is here: the game waits; the first back starts the others' delay)."""
        seat.timer = None
        if not self.running or seat.member is not None or seat.bot_playing:
            return
        if not self.anyone_here:
            return
        played = len(self.match.log) if self.match is not None else 0
        seat.standin = make_bot(self.spec, self.record.level, seat.number, random.Random(
            f"{self.record.seed}:standin:{seat.number}:{played}"), self.think)
        seat.bot_playing = True
        self._presence("bot_took_over", seat, self._seat_name(seat))
        self._table_changed()
        self.advance()

    @property
    def abandoned(self) -> bool:
        """No human holds a seat of a table not started: it goes."""
        return not self.record.started and not any(
            s.record.kind == "human" for s in self.seats)

    # --- starting ----------------------------------------------------------------------------
    def start(self, member: Member) -> None:
        """The creator starts: free seats get bots of the table's level."""
        if self.record.started:
            raise Refused(Msg("net.error.started"))
        seat = self.seat_of(member)
        if seat is None or not same_name(member.name, self.record.creator):
            raise Refused(Msg("net.error.not_creator"))
        used = {s.record.name_index for s in self.seats if s.record.kind == "bot"}
        free_indexes = (i for i in range(len(self.seats) * 2) if i not in used)
        for s in self.seats:
            if s.record.kind == "free":
                s.record = SeatRecord(kind="bot", level=self.record.level,
                                      name_index=next(free_indexes))
        self.record.started = True
        self._save()
        self._build_match([])
        self.said(Msg("net.serve.console.started", table=self.id, game=self.spec.title,
                      players=[self._seat_name(s) for s in self.seats]))
        self.published = 0  # the opening events (deals, first player) go out after started
        for m in list(self.spectators):
            self._keep_watcher(m)
        for m in self.members():
            m.send(p.Started(table=self.info(m)))
        self._publish()
        for s in self.seats:
            if s.record.kind == "human" and s.member is None:
                self._wait_for(s)
        self.advance()

    def _build_match(self, log: list[tuple[int, str]]) -> None:
        r = self.record
        settings = self.spec.settings(r.players, r.seed, r.options)
        specs = [SeatSpec(kind="bot", level=s.record.level, name_index=s.record.name_index)
                 if s.record.kind == "bot" else SeatSpec(kind="human", name=s.record.name)
                 for s in self.seats]
        match = Match(self.spec, settings, specs)
        if self.think is not None:
            match.think(self.think)
        for seat, action in log:
            match.act(seat, action)
        self.match = match
        self.published = len(match.events)

    def restore(self, log: list[tuple[int, str]]) -> None:
        """After a restart: replay the log; every human seat waits for its owner."""
        if not self.record.started:
            return
        self._build_match(log)
        if self.match is not None and self.match.state.pending() is None:
            if not self.record.over:  # over before the server stopped: kept, rated now
                self.record.over = True
                self._save()
                self._keep_finished()
                self.on_over(self)
            return  # (a finished table a token brought back: kept and rated already)
        for s in self.seats:
            if s.record.kind == "human":
                self._wait_for(s)
        self.advance()

    # --- playing -------------------------------------------------------------------------------
    def act(self, member: Member, action: str, req: int | None) -> None:
        """A seated member plays ``action``: checked, stored, acknowledged, then told."""
        seat = self.seat_of(member)
        if seat is None:
            raise Refused(Msg("net.error.spectator" if member in self.spectators
                              else "net.error.not_seated"))
        match = self.match
        if match is None:
            raise Refused(Msg("net.error.not_started"))
        pending = match.state.pending()
        if pending is None:
            raise Refused(Msg("net.error.over"))
        if seat.number not in pending.seats or seat.bot_playing:
            raise Refused(Msg("net.error.not_your_turn"))
        if not offers(match.state, seat.number, action):  # an action, or one with its place
            raise Refused(Msg("net.error.illegal", action=clean_text(action, 40)))
        parts = steps(action)
        try:
            for index, step in enumerate(parts):  # each step stored as it is played
                last = index == len(parts) - 1
                self._record(seat.number, step, ack=(member, req) if last else None)
        except IllegalAction as error:
            raise Refused(error.msg) from error
        self.advance()

    def _record(self, seat: int, action: str,
                ack: tuple[Member, int | None] | None = None) -> None:
        """Play, store, acknowledge, then send the new events and any progress."""
        match = self.match
        assert match is not None
        before = match.state.pending()
        match.act(seat, action)
        try:
            self.storage.append_action(self.record.id, len(match.log) - 1, seat, action)
        except StorageError as error:  # not stored: not played (nobody has heard of it)
            self._build_match(match.log[:-1])
            raise Refused(Msg("net.error.storage")) from error
        self.last_active = time.monotonic()
        if ack is not None:
            ack[0].send(p.Acked(req=ack[1]))
        self._publish()
        self._progress(before, seat)

    def _progress(self, before: Pending | None, seat: int) -> None:
        """After an answer to a simultaneous secret decision: how many have answered."""
        if before is None or before.race or (len(before.seats) < 2 and self._decision is None):
            return
        decision = self._decision
        if decision is None or decision.prompt != before.prompt or not set(
                before.seats) <= decision.seats:
            decision = self._decision = _Decision(before.prompt, frozenset(before.seats),
                                                  len(before.seats))
        after = self.match.state.pending() if self.match else None
        left = 0
        if after is not None and after.prompt == decision.prompt and not after.race:
            left = len(set(after.seats) & decision.seats)
        done = decision.of - left
        if decision.of > 1 and done > decision.done:  # a seat finished (not a sub-step)
            decision.done = done
            self._to_all(p.Progress(done=done, of=decision.of))
        if left == 0:
            self._decision = None

    def _event_frame(self, seq: int, viewer: int | None) -> bytes:
        assert self.match is not None
        event = self.match.events[seq - 1]
        return p.encode(self.event_message(seq, event, viewer))

    @staticmethod
    def event_message(seq: int, event: Event, viewer: int | None) -> p.EventMsg:
        if not event.visible(viewer):
            return p.EventMsg(seq=seq)
        return p.EventMsg(seq=seq, msg=event.msg, level=int(event.level), cause=event.cause,
                          private=event.secret)

    def _publish(self) -> None:
        """Send the events not yet sent, each member its own view."""
        assert self.match is not None
        events = self.match.events
        while self.published < len(events):
            self.published += 1
            seq, event = self.published, events[self.published - 1]
            if event.visible_to is None:
                self._to_all(self.event_message(seq, event, None))
                continue
            hidden = p.encode(p.EventMsg(seq=seq))
            seen = p.encode(self.event_message(seq, event, next(iter(event.visible_to)))) \
                if event.visible_to else hidden  # (no seat: for spectators only)
            for s in self.seats:
                if s.member is not None:
                    s.member.send_frame(seen if s.number in event.visible_to else hidden)
            watched = p.encode(self.event_message(seq, event, None)) if event.spectators \
                else hidden  # a public fact told to all but its own player
            for member in self.spectators:
                member.send_frame(watched)

    def _pending_for(self, viewer: int | None, pending: Pending) -> p.PendingMsg:
        """The question as ``viewer`` sees it: a private prompt only to the seats asked, each
        its own (a voter in PNUE's claim menu: the claim's question; ``_progress`` still
        counts answers to the shared one)."""
        assert self.match is not None
        state = self.match.state
        asked = viewer is not None and viewer in pending.seats
        if asked and viewer is not None:
            prompt = state.prompt_for(viewer)
        elif pending.public:
            prompt = pending.prompt
        else:
            prompt = Msg("net.waiting", count=len(pending.seats),
                         players=[PlayerRef(s) for s in pending.seats])
        choices: list[tuple[str, Msg]] = []
        if asked and viewer is not None and not self.seats[viewer].bot_playing:
            choices = offered(state, viewer)  # an action with its place as one entry
        return p.PendingMsg(seats=list(pending.seats), prompt=prompt, race=pending.race,
                            public=pending.public, several=pending.several and asked,
                            choices=choices,
                            log_length=len(self.match.log))

    def _send_state(self, member: Member) -> None:
        """The question now (or the end) to one member."""
        assert self.match is not None
        state = self.match.state
        pending = state.pending()
        if pending is None:
            member.send(self._over_message())
            return
        seat = self.seat_of(member)
        member.send(self._pending_for(None if seat is None else seat.number, pending))

    def _ask_everyone(self) -> None:
        """The question now to every member: one encoding for all who are not asked."""
        assert self.match is not None
        pending = self.match.state.pending()
        if pending is None:
            return
        others = p.encode(self._pending_for(None, pending))
        for seat in self.seats:
            if seat.member is not None:
                if seat.number in pending.seats:
                    seat.member.send(self._pending_for(seat.number, pending))
                else:
                    seat.member.send_frame(others)
        for member in self.spectators:
            member.send_frame(others)

    def _over_message(self) -> p.Over:
        assert self.match is not None
        outcome = self.match.state.outcome()
        if outcome is None:
            return p.Over(winners=[], reason=Msg("net.over.unknown"))
        return p.Over(winners=sorted(outcome.winners), reason=outcome.reason)

    def _missed(self, member: Member, viewer: int | None, last_seq: int) -> None:
        """The events after ``last_seq`` as ``viewer`` sees them, or a snapshot if many."""
        last_seq = max(0, min(last_seq, self.published))
        if self.published - last_seq > SNAPSHOT_AFTER:
            self._snapshot(member, viewer, last_seq)
        else:
            for event_seq in range(last_seq + 1, self.published + 1):
                member.send_frame(self._event_frame(event_seq, viewer))

    def _snapshot(self, member: Member, viewer: int | None, last_seq: int) -> None:
        assert self.match is not None
        state = self.match.state
        over = state.outcome() is not None
        # at a finished game the end's own lines below say where things stand (the
        # score, every role): the status would say it twice
        member.send(p.Snapshot(seq=self.published, missed=self.published - last_seq,
                               status=[] if over else state.status(viewer),
                               private=state.private(viewer)
                               if viewer is not None and not over else []))
        if over:  # the end itself is heard, not only summed up
            first = self.published + 1  # back over the last public lines of the table
            while first > last_seq + 1:
                event = self.match.events[first - 2]
                if event.visible_to is not None or event.cause is not None:
                    break
                first -= 1
            for event_seq in range(first, self.published + 1):
                member.send_frame(self._event_frame(event_seq, viewer))

    def _bot_now(self, seat: int) -> bool:
        """True if a bot plays ``seat`` now (a bot seat, or a human's held by a stand-in
        while someone is here: alone, stand-ins wait with the game)."""
        if seat >= len(self.seats):
            return False
        s = self.seats[seat]
        return s.record.kind == "bot" or (s.bot_playing and self.anyone_here)

    def _bot_choice(self, seat: int) -> str:
        assert self.match is not None
        return self.match.bot_choice(seat, self.seats[seat].standin)

    def _thinks(self, seat: int) -> bool:
        """True if the bot playing ``seat`` now searches (a strong bot or stand-in)."""
        assert self.match is not None
        standin = self.seats[seat].standin
        return searches(standin) if standin is not None else self.match.thinks(seat)

    def _think(self, seat: int) -> None:
        """A strong bot decides in a worker thread, so the server goes on answering every
        table meanwhile (a second a decision, dozens in a row, held the whole server);
        its answer is played when it comes if the table is where it was."""
        match = self.match
        assert match is not None
        pending = match.state.pending()
        assert pending is not None
        length = len(match.log)
        # its view is taken here, in the server's thread: a copy the search alone then uses,
        # while people's answers change the state itself (copying it meanwhile lost events)
        bot, view, legal = match.bot_input(seat, self.seats[seat].standin)
        future = asyncio.get_running_loop().run_in_executor(None, bot.choose, view, legal)
        self._thinking = future
        self._say_thinking(seat)
        future.add_done_callback(
            lambda done: self._thought(done, seat, match, length, pending.prompt))
        if any(not self._bot_now(s) for s in pending.seats):  # people asked at the same
            self._ask_everyone()  # time (a vote): they answer while the bot thinks

    def _say_thinking(self, seat: int) -> None:
        """A bot's decision searched: everyone not asked a question now is told which bot
        thinks (each client says it after a silence of its own: what it heard)."""
        assert self.match is not None
        pending = self.match.state.pending()
        asked = set() if pending is None else {
            s for s in pending.seats if not self._bot_now(s)}  # answering: not interrupted
        frame = p.encode(p.Presence(what="thinking", name=self._seat_name(self.seats[seat]),
                                    seat=seat))
        for s in self.seats:
            if s.member is not None and s.number not in asked:
                s.member.send_frame(frame)
        for member in self.spectators:
            member.send_frame(frame)

    def _thought(self, future: asyncio.Future[str], seat: int, match: Match, length: int,
                 prompt: Msg) -> None:
        """A strong bot's decision is back: played if the seat is still asked the same
        question (others asked with it may have answered meanwhile) and a bot still holds
        it; dropped if the table moved on (its owner came back, the game ended). Then the
        table goes on."""
        if self._thinking is not future:
            return
        self._thinking = None
        if future.cancelled():
            return
        choice = None if future.exception() is not None else future.result()
        pending = match.state.pending()
        if (self.match is match and not self.record.over and pending is not None
                and not pending.race and pending.prompt == prompt and seat in pending.seats
                and self._bot_now(seat) and all(s != seat for s, _ in match.log[length:])):
            legal = match.state.legal_actions(seat)
            try:
                self._record(seat, bot_answer(choice, legal))
            except Refused:  # not stored, so not played: try again in a while
                self._continue = asyncio.get_running_loop().call_later(
                    STORAGE_RETRY, self.advance)
                return
        self.advance()

    def advance(self) -> None:
        """Bots play until a human must act, a race waits, or the game ends; then every
        member hears the question (or the end)."""
        self._continue = None
        match = self.match
        if match is None or self.record.over or self._thinking is not None:
            return  # thinking: the bot's answer, when it comes, goes on from here
        played = 0
        while True:
            pending = match.state.pending()
            if pending is None:
                self._finish()
                return
            if pending.race:
                self._run_race(pending)
                break
            self._end_race()
            bots = [s for s in pending.seats if self._bot_now(s)]
            if not bots:
                break
            if self._thinks(bots[0]):
                self._think(bots[0])
                return
            if played >= BOT_BURST:  # let other tables and connections breathe
                self._continue = asyncio.get_running_loop().call_soon(self.advance)
                return
            self._record(bots[0], self._bot_choice(bots[0]))
            played += 1
        self._ask_everyone()

    def _run_race(self, pending: Pending) -> None:
        """A reaction race: humans by arrival, bots after a delay from the table's seed."""
        assert self.match is not None
        race = (pending.prompt, frozenset(pending.seats))
        if self._race is None or race[0] != self._race[0] or not race[1] <= self._race[1]:
            self._end_race()  # a new race: the delays drawn as the local client draws them
            self._race = race
            self._race_rng = random.Random(f"{self.record.seed}:race:{len(self.match.log)}")
        loop = asyncio.get_running_loop()
        assert self._race_rng is not None
        for seat in pending.seats:
            if self._bot_now(seat) and seat not in self._race_timers:
                delay = self._race_rng.uniform(*RACE_DELAY)
                self._race_timers[seat] = loop.call_later(delay, self._react, seat)

    def _react(self, seat: int) -> None:
        self._race_timers.pop(seat, None)
        match = self.match
        if match is None or self.record.over:
            return
        pending = match.state.pending()
        if pending is None or not pending.race or seat not in pending.seats or not self._bot_now(
                seat):
            return
        self._record(seat, match.state.legal_actions(seat)[0])
        self.advance()

    def _end_race(self) -> None:
        for timer in self._race_timers.values():
            timer.cancel()
        self._race_timers.clear()
        self._race = None
        self._race_rng = None

    def _finish(self) -> None:
        """The game is over: everyone hears it; the table is stored as over."""
        self._end_race()
        for seat in self.seats:
            seat.cancel_timer()
        self.record.over = True
        self._save()
        self._keep_finished()
        over = self._over_message()
        rated = self.on_over(self)  # each rated seat hears its own change with the end
        frame = p.encode(over)
        for seat in self.seats:
            if seat.member is not None:
                if rated.get(seat.number):
                    seat.member.send(p.Over(winners=over.winners, reason=over.reason,
                                            rated=rated[seat.number]))
                else:
                    seat.member.send_frame(frame)
        for member in self.spectators:
            member.send_frame(frame)
        self._table_changed()
        winners = [self.match.seat_name(w) if self.match is not None else str(w)
                   for w in over.winners]
        self.said(Msg("net.serve.console.over", table=self.id, game=self.spec.title,
                      winners=winners) if winners else
                  Msg("net.serve.console.over_none", table=self.id, game=self.spec.title))

    def _keep_finished(self) -> None:
        """The game over, kept for its players' ``history``: its line and who sat where."""
        from a11y_games.net.played import summary_of

        assert self.match is not None
        try:
            self.storage.keep_finished(self.record, summary_of(self.match))
        except StorageError:  # the end is heard all the same; only its history line is lost
            logging.getLogger("a11y_games.net").exception("history of table %s", self.id)

    # --- questions -------------------------------------------------------------------------
    def ask(self, member: Member, question: p.Ask) -> p.Answer:
        """A read-only question, answered for the asking member's own view."""
        match = self.match
        if match is None:
            raise Refused(Msg("net.error.not_started"))
        seat = self.seat_of(member)
        viewer = None if seat is None else seat.number
        state = match.state
        what = question.what
        if what == "status":
            return p.Answer(lines=state.status(viewer), req=question.req)
        if what == "board":
            try:
                return p.Answer(lines=state.board(viewer, question.topic), req=question.req)
            except UnknownTopic as error:
                raise Refused(Msg("net.error.topic", topic=clean_text(question.topic, 40))
                              ) from error
        if what == "private":
            if viewer is None:
                raise Refused(Msg("net.error.spectator"))
            return p.Answer(lines=state.private(viewer), req=question.req)
        if what == "query":
            query = find_named(state.queries(), question.name)
            if query is None:
                raise Refused(Msg("net.error.query", name=clean_text(question.name, 40)))
            return p.Answer(lines=query.run(state, viewer, question.arg), req=question.req)
        pending = state.pending()
        if what == "choices":
            if viewer is None or pending is None or viewer not in pending.seats or (
                    seat is not None and seat.bot_playing):
                return p.Answer(lines=[], choices=[], req=question.req)
            return p.Answer(choices=offered(state, viewer), req=question.req)
        if pending is None:
            return p.Answer(lines=[self._over_message().reason], req=question.req)
        shown = self._pending_for(viewer, pending)
        return p.Answer(lines=[Msg("net.whose", count=len(pending.seats),
                                   players=[PlayerRef(s) for s in pending.seats]),
                               shown.prompt], req=question.req)

    # --- chat ----------------------------------------------------------------------------------
    def say(self, member: Member, text: str) -> None:
        """To the table; a spectator's to the spectators (and to all when no game runs)."""
        line = clean_text(text, CHAT_LENGTH)
        if not line:
            raise Refused(Msg("net.error.empty"))
        if member in self.spectators:
            chat = p.Chat(channel="spectators", sender=member.name, text=line)
            self.storage.append_chat(self.id, ChatRecord("spectators", member.name, line))
            if self.running:  # seated players never hear spectators during a game
                for spectator in self.spectators:
                    spectator.send(chat)
            else:
                self._to_all(chat)
            return
        self.storage.append_chat(self.id, ChatRecord("table", member.name, line))
        self._to_all(p.Chat(channel="table", sender=member.name, text=line))

    def tell(self, member: Member, to: str, text: str) -> None:
        """A private line to one member by name."""
        line = clean_text(text, CHAT_LENGTH)
        if not line:
            raise Refused(Msg("net.error.empty"))
        target = self.member_named(to)
        if target is None or target is member:
            raise Refused(Msg("net.error.nobody", name=clean_text(to, NAME_LENGTH)))
        if member in self.spectators and self.running and target not in self.spectators:
            raise Refused(Msg("net.error.tell_player"))
        self.storage.append_chat(self.id, ChatRecord("private", member.name, line, to=target.name))
        target.send(p.Chat(channel="private", sender=member.name, text=line))
        member.send(p.Chat(channel="private", sender=member.name, text=line, to=target.name))
