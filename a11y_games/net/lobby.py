"""The lobby: every table of the server, found by id, invitation code or seat token;
tables created, restored after a restart, and forgotten when nobody will play them.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable

from a11y_games.engine.actions import IllegalAction
from a11y_games.engine.messages import Msg
from a11y_games.engine.spec import GameSpec, OptionError
from a11y_games.engine.words import fold
from a11y_games.net import protocol as p
from a11y_games.net.members import Member, Refused, clean_text, hash_token
from a11y_games.net.storage import SeatRecord, Storage, TableRecord
from a11y_games.net.table import Seat, Table

__all__ = ["Lobby"]

MAX_BOT_DELAY = 86400.0
IDLE_TABLE = 600.0
"""Seconds a table not started stays with nobody connected before it is forgotten."""


class Lobby:
    """Every table of the server, by id, invitation code and seat token."""

    def __init__(self, specs: dict[str, GameSpec], storage: Storage,
                 *, seed: Callable[[], int] | None = None, think: float | None = None,
                 said: Callable[[Msg], None] = lambda msg: None) -> None:
        self.specs = specs
        self.storage = storage
        self.said = said
        """A line for the server's console: tables created, started, over, closed."""
        self.tables: dict[str, Table] = {}
        self._seed = seed or (lambda: secrets.randbits(48))
        self.think = think
        """Seconds each strong bot takes a decision at every table (None: the default)."""
        self.on_over: Callable[[Table], dict[int, list[Msg]]] = lambda table: {}
        """A table's game over (the server's ratings rate a rated table): what each seat
        hears of its rating."""

    def _table(self, record: TableRecord, spec: GameSpec) -> Table:
        table = Table(record, spec, self.storage, self.think, self.said)
        table.on_over = self.on_over
        return table

    def spec_named(self, game: str) -> GameSpec:
        """A game by its name or an alias, case and accents ignored; Refused if the
        server has none."""
        wanted = fold(game)
        for spec in self.specs.values():
            if wanted in {fold(spec.name), *map(fold, spec.aliases)}:
                return spec
        return self._spec(game)

    def _spec(self, game: str) -> GameSpec:
        for spec in self.specs.values():
            if game == spec.name or game in spec.aliases:
                return spec
        raise Refused(Msg("net.error.game", game=clean_text(game, 40)))

    def restore(self) -> int:
        """Load and replay every unfinished table; returns how many were restored."""
        restored = 0
        for record, log in self.storage.load_unfinished():
            spec = self.specs.get(record.game)
            if spec is None or spec.rules_version != record.rules:
                continue  # a game gone or changed: its log would replay into another game
            table = self._table(record, spec)
            try:
                table.restore(log)
            except (IllegalAction, OptionError, ValueError):
                continue
            self.tables[record.id] = table
            restored += 1
        return restored

    def listing(self) -> list[p.TableInfo]:
        return [t.info() for t in self.tables.values() if t.record.public and not t.record.over]

    def find(self, table_id: str | None, code: str | None) -> Table:
        """A table by its id (public ones) or its code; Refused if none."""
        given = (code or "").strip().upper().encode("utf-8", "replace")
        for table in self.tables.values():
            known = table.record.code.encode()
            by_code = bool(given and known) and secrets.compare_digest(given, known)
            if by_code and table_id in (None, "", table.id):
                return table
            if table_id is not None and table.id == table_id and table.record.public:
                return table
        raise Refused(Msg("net.error.no_table"))

    def by_token(self, token: str) -> tuple[Table, Seat]:
        """A seat by its reconnect token: at a table in memory, else at a finished table
        on disk (everyone had left, or the server restarted), brought back to hear its end."""
        digest = hash_token(token)
        found = self._seat_by_token(self.tables.values(), digest)
        if found is None:
            found = self._finished(digest)
        if found is None:
            raise Refused(Msg("net.error.token"))
        return found

    @staticmethod
    def _seat_by_token(tables: Iterable[Table], digest: str) -> tuple[Table, Seat] | None:
        for table in tables:
            for seat in table.seats:
                if seat.record.kind == "human" and seat.record.token_hash and \
                        secrets.compare_digest(seat.record.token_hash, digest):
                    return table, seat
        return None

    def _finished(self, digest: str) -> tuple[Table, Seat] | None:
        """A finished table from the storage, replayed; None if none holds the token."""
        loaded = self.storage.finished_by_token(digest)
        if loaded is None:
            return None
        record, log = loaded
        spec = self.specs.get(record.game)
        if spec is None or spec.rules_version != record.rules or record.id in self.tables:
            return None
        table = self._table(record, spec)
        try:
            table.restore(log)
        except (IllegalAction, OptionError, ValueError):
            return None
        self.tables[record.id] = table
        return self._seat_by_token([table], digest)

    def create(self, member: Member, request: p.Create, host_lang: str) -> Table:
        """A new table; its creator sits at the first seat not given to a bot."""
        spec = self._spec(request.game)
        seed = self._seed()
        try:
            settings = spec.settings(request.players, seed, request.options)
        except OptionError as error:
            raise Refused(error.msg) from error
        levels = set(spec.bots)
        if request.level not in levels:
            raise Refused(Msg("net.error.level", level=clean_text(request.level, 20),
                              levels=", ".join(sorted(levels))))
        for seat, level in request.bots.items():
            if not 0 <= seat < settings.players:
                raise Refused(Msg("net.error.no_seat", seat=seat + 1, count=settings.players))
            if level not in levels:
                raise Refused(Msg("net.error.level", level=clean_text(level, 20),
                                  levels=", ".join(sorted(levels))))
        if len(request.bots) >= settings.players:
            raise Refused(Msg("net.error.all_bots"))
        if not 0 <= request.bot_delay <= MAX_BOT_DELAY or request.bot_delay != request.bot_delay:
            raise Refused(Msg("net.error.bot_delay", most=int(MAX_BOT_DELAY)))
        seats = []
        for n in range(settings.players):
            level = request.bots.get(n)
            seats.append(SeatRecord(kind="bot", level=level, name_index=len(seats))
                         if level is not None else SeatRecord(kind="free"))
        table_id = secrets.token_hex(4)
        while table_id in self.tables:
            table_id = secrets.token_hex(4)
        record = TableRecord(
            id=table_id, game=spec.name, players=settings.players, seed=seed,
            rules=spec.rules_version, options=dict(settings.options), public=request.public,
            code="" if request.public else _code(), level=request.level,
            bot_delay=float(request.bot_delay), host_lang=host_lang, creator=member.name,
            seats=seats, created=time.time(), rated=request.rated)
        table = self._table(record, spec)
        self.tables[table_id] = table
        first = next(n for n, s in enumerate(seats) if s.kind == "free")
        table.sit(member, first, request.req)
        self.said(Msg("net.serve.console.created", name=member.name, table=table_id,
                      game=spec.title, count=settings.players))
        return table

    def sweep(self, idle: float = IDLE_TABLE) -> int:
        """Forget tables nobody will play: not started and nobody connected for ``idle``
        seconds (deleted), or over with nobody left (out of memory; kept on disk)."""
        now = time.monotonic()
        gone = 0
        for table in list(self.tables.values()):
            if table.members():
                table.last_active = now
                continue
            if table.record.over:
                del self.tables[table.id]
                gone += 1
            elif not table.record.started and now - table.last_active > idle:
                del self.tables[table.id]
                self.storage.delete_table(table.id)
                self.said(Msg("net.serve.console.closed", table=table.id))
                gone += 1
        return gone

    def drop_if_abandoned(self, table: Table) -> None:
        if table.abandoned and not table.spectators:
            if self.tables.pop(table.id, None) is not None:
                self.said(Msg("net.serve.console.closed", table=table.id))
            self.storage.delete_table(table.id)
        elif table.record.over and not table.members():
            self.tables.pop(table.id, None)


_CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read out over voice chat


def _code() -> str:
    """An invitation code: 8 letters and digits, easy to spell aloud (40 bits)."""
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(8))
