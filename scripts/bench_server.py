"""Load benchmark of the table server: many tables, many connections, one server process.

Starts ``a11y-games serve`` on loopback (a private data folder), then fills it in stages
(by default 100, 250 and 500 tables) of PNUE 5-player games: 4 scripted people (each its
own WebSocket connection, all in this one asyncio process) and 1 normal bot per table.
A scripted person answers each question after a think time drawn in ``--think`` seconds
(default 0.5-1.5 s, faster than people play), choosing at random; when a game ends its
table's creator opens a new table and the same four play again.

Measured in each stage's window (``--seconds``):
- delay from an ``act`` leaving a person's connection to its consequence (its first event,
  or the next question) reaching every connection at that table: p50, p99, max;
- actions per second stored by the server (people's and bots'), server CPU;
- server memory (RSS) and RSS per table above the empty server's.

Run it with ``nice`` (the machine is shared):
    nice -n 10 .venv/bin/python scripts/bench_server.py --stages 100,250,500 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from a11y_games.net import protocol as p  # noqa: E402

PEOPLE = 4
UNLIMITED = {"A11Y_GAMES_LIMITS": "connections=1000000 tables=1000000"}
"""Every connection comes from loopback here: the per-address limits would refuse them."""
DEBUG = bool(os.environ.get("BENCH_DEBUG"))
PLAYERS = 5


@dataclass
class Probe:
    """One action being timed: sent at ``t0``; done when every connection has seen a
    frame caused after it (an event numbered above ``seq``, a question with a longer
    log, or the end)."""

    t0: float
    seq: int
    log: int
    waiting: set[int]
    req: tuple[int, int | None] = (0, None)


@dataclass
class Stats:
    delays: list[float] = field(default_factory=list)
    measuring: bool = False
    games: int = 0
    errors: Counter[str] = field(default_factory=Counter)


class Person:
    """One scripted person: a connection, the table's probes, random choices."""

    def __init__(self, ws: ClientConnection, number: int, table: TableRun) -> None:
        self.ws = ws
        self.number = number
        self.table = table
        self.seq = 0
        self.acting_on = -1
        self.req = 0
        self.last: object = None

    async def send(self, message: p.ClientMessage) -> None:
        await self.ws.send(p.encode(message).decode())

    async def read(self) -> None:
        table = self.table
        try:
            async for frame in self.ws:
                message = p.decode_server(frame)
                now = time.perf_counter()
                if isinstance(message, p.EventMsg):
                    self.seq = message.seq
                    table.arrived(self.number, now, seq=message.seq)
                elif isinstance(message, p.PendingMsg):
                    self.last = (message.log_length, message.seats, message.race,
                                 message.prompt.id, [c for c, _ in message.choices])
                    table.arrived(self.number, now, log=message.log_length)
                    if not message.choices:  # no longer asked: drop any answer in mind
                        self.acting_on = -1
                    elif self.acting_on != message.log_length:
                        self.acting_on = message.log_length
                        asyncio.get_running_loop().create_task(self.act(message))
                elif isinstance(message, p.Over):
                    table.arrived(self.number, now, over=True)
                    table.over_seen(self.number)
                elif isinstance(message, p.Error):
                    table.stats.errors[message.msg.id] += 1
                    if DEBUG and sum(table.stats.errors.values()) < 6:
                        print("refused:", message, self.last, file=sys.stderr)
                    # a refused act (a question already gone) has no consequence to time
                    table.probes = [x for x in table.probes if x.req != (self.number, message.req)]
                else:
                    table.other(self.number, message)
        except ConnectionClosed:
            pass

    async def act(self, pending: p.PendingMsg) -> None:
        table = self.table
        await asyncio.sleep(table.rng.uniform(*table.think))
        if self.acting_on != pending.log_length:
            return
        action = table.rng.choice(pending.choices)[0]
        self.req += 1
        if table.stats.measuring:
            table.probes.append(Probe(time.perf_counter(), self.seq, pending.log_length,
                                      set(range(PEOPLE)), (self.number, self.req)))
        with contextlib.suppress(ConnectionClosed):  # the run is ending
            await self.send(p.Act(action=action, req=self.req))
        if DEBUG:
            self.sent = (self.req, action, pending.log_length, pending.race)


class TableRun:
    """Four people playing game after game together."""

    def __init__(self, url: str, index: int, stats: Stats, think: tuple[float, float]) -> None:
        self.url = url
        self.index = index
        self.stats = stats
        self.think = think
        self.rng = random.Random(index)
        self.people: list[Person] = []
        self.probes: list[Probe] = []
        self._joined: asyncio.Queue[p.ServerMessage] = asyncio.Queue()
        self._over: set[int] = set()
        self._game_over = asyncio.Event()

    def arrived(self, who: int, now: float, *, seq: int = 0, log: int = -1,
                over: bool = False) -> None:
        done = []
        for probe in self.probes:
            if who in probe.waiting and (over or seq > probe.seq or log > probe.log):
                probe.waiting.discard(who)
                if not probe.waiting:
                    done.append(probe)
                    if self.stats.measuring:
                        self.stats.delays.append(now - probe.t0)
        for probe in done:
            self.probes.remove(probe)

    def other(self, who: int, message: p.ServerMessage) -> None:
        if isinstance(message, p.Joined):
            self._joined.put_nowait(message)

    def over_seen(self, who: int) -> None:
        self._over.add(who)
        if len(self._over) == PEOPLE:
            self._game_over.set()

    async def connect(self) -> None:
        for n in range(PEOPLE):
            ws = await connect(self.url, compression=None, max_size=2**22, open_timeout=60)
            person = Person(ws, n, self)
            self.people.append(person)
            asyncio.get_running_loop().create_task(person.read())
            await person.send(p.Hello(protocol=p.PROTOCOL, name=f"p{self.index}_{n}"))

    async def play_forever(self) -> None:
        while True:
            self._over.clear()
            self._game_over.clear()
            self.probes.clear()
            creator = self.people[0]
            await creator.send(p.Create(game="pnue", players=PLAYERS, bots={4: "normal"}))
            joined = await self._joined.get()
            assert isinstance(joined, p.Joined)
            for person in self.people[1:]:
                await person.send(p.Join(table=joined.table.id))
                await self._joined.get()
            await creator.send(p.Start())
            await self._game_over.wait()
            self.stats.games += 1
            for person in self.people:
                person.acting_on = -1
                await person.send(p.Leave())


def _rss_kib(pid: int) -> int:
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", text).group(1))  # type: ignore[union-attr]


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _run_queue_seconds(pid: int | str) -> float:
    """Seconds ``pid`` spent runnable but waiting for a CPU (the kernel's schedstat)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9


def drain(stream: Any) -> None:
    """Read what the server says after where it listens (its console's lines), so that
    a full pipe never stops it."""
    threading.Thread(target=lambda: [None for _ in stream], daemon=True).start()


def stop_server(server: subprocess.Popen[str], data: Path) -> None:
    """End the benchmark's server and remove its data folder."""
    server.terminate()
    try:
        server.wait(15)
    except subprocess.TimeoutExpired:
        server.kill()
    shutil.rmtree(data, ignore_errors=True)


def _actions(db: Path) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        return con.execute("SELECT count(*) FROM actions").fetchone()[0]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stages", default="100,250,500")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", default="0.5,1.5")
    parser.add_argument("--durable", action="store_true")
    args = parser.parse_args()
    stages = [int(s) for s in args.stages.split(",")]
    low, high = (float(x) for x in args.think.split(","))
    data = Path(tempfile.mkdtemp(prefix="bench_server_"))
    profile = os.environ.get("BENCH_PROFILE")  # a file: the server runs under cProfile
    command = [sys.executable, *(["-m", "cProfile", "-o", profile] if profile else []),
               "-m", "a11y_games", "serve", "--port", "0", "--lang", "en", "--quiet",
               "--data", str(data)] + (["--durable"] if args.durable else [])
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "XDG_CONFIG_HOME": str(data),
                                   "XDG_DATA_HOME": str(data), **UNLIMITED})
    try:
        assert server.stdout is not None
        port = re.search(r":(\d+)\.", server.stdout.readline()).group(1)  # type: ignore[union-attr]
        drain(server.stdout)
        url = f"ws://127.0.0.1:{port}"
        db = data / "tables.sqlite3"
        await asyncio.sleep(0.5)
        base_rss = _rss_kib(server.pid)
        print(f"server pid {server.pid}, empty RSS {base_rss / 1024:.1f} MiB, "
              f"think {low}-{high} s, {'FULL' if args.durable else 'NORMAL'} sync, "
              f"load average {os.getloadavg()[0]:.1f}, nice {os.nice(0)}")
        print("| tables | connections | actions/s | p50 ms | p99 ms | max ms | server CPU % "
              "| server CPU ms/action | server waiting for a CPU % | bench CPU % "
              "| bench waiting % | server RSS MiB | RSS/table KiB | games ended | errors |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        runs: list[TableRun] = []
        tasks = []
        for target in stages:
            stats = Stats()
            while len(runs) < target:
                batch = []
                for _ in range(min(25, target - len(runs))):
                    run = TableRun(url, len(runs), stats, (low, high))
                    runs.append(run)
                    batch.append(run)
                await asyncio.gather(*(r.connect() for r in batch))
                tasks += [asyncio.get_running_loop().create_task(r.play_forever())
                          for r in batch]
            for run in runs:
                run.stats = stats
            await asyncio.sleep(3)  # let the new tables reach their stride
            stats.measuring = True
            actions0, cpu0 = _actions(db), _cpu_seconds(server.pid)
            queued0, mine_queued0 = _run_queue_seconds(server.pid), _run_queue_seconds("self")
            mine0, wall0 = time.process_time(), time.perf_counter()
            await asyncio.sleep(args.seconds)
            stats.measuring = False
            wall = time.perf_counter() - wall0
            actions = _actions(db) - actions0
            cpu_used = _cpu_seconds(server.pid) - cpu0
            queued = (_run_queue_seconds(server.pid) - queued0) / wall * 100
            mine_queued = (_run_queue_seconds("self") - mine_queued0) / wall * 100
            cpu = cpu_used / wall * 100
            mine = (time.process_time() - mine0) / wall * 100
            rss = _rss_kib(server.pid)
            delays = sorted(stats.delays)
            if not delays:
                print(f"| {target} | no action measured |")
                continue
            p50 = statistics.median(delays) * 1000
            p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))] * 1000
            print(f"| {target} | {target * PEOPLE} | {actions / wall:.0f} | {p50:.1f} | "
                  f"{p99:.1f} | {delays[-1] * 1000:.1f} | {cpu:.0f} | "
                  f"{cpu_used * 1000 / max(actions, 1):.2f} | {queued:.0f} | {mine:.0f} | "
                  f"{mine_queued:.0f} | "
                  f"{rss / 1024:.1f} | {(rss - base_rss) / target:.0f} | {stats.games} | "
                  f"{sum(stats.errors.values())} |", flush=True)
            if stats.errors:
                print(f"errors: {dict(stats.errors)}", file=sys.stderr)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*(person.ws.close() for run in runs for person in run.people),
                             return_exceptions=True)
    finally:
        stop_server(server, data)


if __name__ == "__main__":
    asyncio.run(main())
