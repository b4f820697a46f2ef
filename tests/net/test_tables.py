"""Tables in process, with a storage that can fail: nothing is played that is not stored."""

from __future__ import annotations

import asyncio
import gc

import pytest

from a11y_games.games import all_specs
from a11y_games.net import protocol as p
from a11y_games.net.lobby import Lobby
from a11y_games.net.members import Refused
from a11y_games.net.server import _sweep
from a11y_games.net.storage import ChatRecord, StorageError, TableRecord


class FlakyStorage:
    """Keeps everything in memory; ``failing`` makes every write refuse."""

    def __init__(self) -> None:
        self.failing = False
        self.log: list[tuple[str, int, int, str]] = []

    def _check(self) -> None:
        if self.failing:
            raise StorageError("disk full")

    def save_table(self, table: TableRecord) -> None:
        self._check()

    def delete_table(self, table_id: str) -> None:
        self._check()

    def append_action(self, table_id: str, index: int, seat: int, action: str) -> None:
        self._check()
        self.log.append((table_id, index, seat, action))

    def append_chat(self, table_id: str, chat: ChatRecord) -> None:
        self._check()

    def load_unfinished(self) -> list:
        return []

    def finished_by_token(self, token_hash: str) -> None:
        return None

    def keep_finished(self, table: TableRecord, summary: str) -> None:
        self._check()

    def close(self) -> None:
        pass


class Member:
    def __init__(self, name: str) -> None:
        self.name = name
        self.got: list[p.ServerMessage] = []

    def send(self, message: p.ServerMessage) -> None:
        self.got.append(message)

    def send_frame(self, frame: bytes) -> None:
        self.got.append(p.decode_server(frame))

    def replaced(self) -> None:
        pass


def test_an_action_the_storage_refuses_is_not_played() -> None:
    async def scenario() -> None:
        storage = FlakyStorage()
        lobby = Lobby(all_specs(), storage, seed=lambda: 5)
        ana = Member("Ana")
        table = lobby.create(ana, p.Create(game="vanuatu", players=2, bots={1: "normal"}),
                             "en")
        table.start(ana)
        assert table.match is not None
        asked = [m for m in ana.got if isinstance(m, p.PendingMsg) and m.choices][-1]
        log, events, heard = list(table.match.log), len(table.match.events), len(ana.got)
        storage.failing = True
        with pytest.raises(Refused) as refused:
            table.act(ana, asked.choices[0][0], req=1)
        assert refused.value.msg.id == "net.error.storage"
        assert table.match.log == log and len(table.match.events) == events
        assert len(ana.got) == heard, "nothing was acknowledged or announced"
        storage.failing = False
        table.act(ana, asked.choices[0][0], req=2)
        assert p.Acked(req=2) in ana.got
        assert storage.log[len(log)][2:] == (0, asked.choices[0][0])

    asyncio.run(asyncio.wait_for(scenario(), 20))


def test_the_minute_sweep_forgets_idle_tables_and_keeps_playing_ones() -> None:
    async def scenario() -> None:
        lobby = Lobby(all_specs(), FlakyStorage(), seed=lambda: 5)
        ana, bo = Member("Ana"), Member("Bo")
        idle = lobby.create(ana, p.Create(game="pnue", players=5), "en")
        idle.lost(ana)
        idle.last_active -= 3600  # nobody for an hour, never started
        playing = lobby.create(bo, p.Create(game="vanuatu", players=2, bots={1: "normal"}),
                               "en")
        playing.start(bo)
        sweeper = asyncio.get_running_loop().create_task(
            _sweep(lobby, every=0.01, full_every=2))
        await asyncio.sleep(0.2)
        sweeper.cancel()
        assert list(lobby.tables) == [playing.id]

    try:
        asyncio.run(asyncio.wait_for(scenario(), 20))
    finally:
        gc.unfreeze()
