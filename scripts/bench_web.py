"""Load benchmark of the web page's players, side by side with terminal-protocol players.

Starts ``a11y-games serve`` on loopback, then fills it with PNUE 5-player tables of 4
people and 1 normal bot: ``--web`` tables whose people are scripted pages (the page's own
protocol on ``/web``: hello, typed lines; the server runs a client for each), and
``--wire`` tables whose people speak the table protocol as the terminal client does
(``bench_server.TableRun``), all in the same server process at once. A scripted page
types what a person types: `create` in one line (by invitation) and its code, then
a number from the last list heard after a think time (``--think``), Enter in a race, and
``quit`` after each game to open the next.

Measured over ``--seconds``:
- web pages: from an answer leaving a page to the next line reaching each page at its
  table (the acting page's own echo, and every page): p50, p99, max; terminal-protocol
  people: ``bench_server``'s exact measure (an event numbered after the action);
- server CPU per stored action, memory (RSS) per web player above the empty server's;
- before the load: the page's size and, for a new visitor, the first line's delay (GET /,
  then the socket's hello, to the first line).

    nice -n 10 .venv/bin/python scripts/bench_web.py --web 125 --wire 125 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

import bench_server  # noqa: E402

from tests.answering import Answerer  # noqa: E402

PEOPLE = 4


@dataclass
class Delays:
    own: list[float] = field(default_factory=list)
    every: list[float] = field(default_factory=list)
    measuring: bool = False
    games: int = 0
    answers: int = 0


class Page:
    """One scripted person at the web page: a socket to ``/web``, lines, typed answers."""

    def __init__(self, run: WebTable, number: int) -> None:
        self.run = run
        self.number = number
        self.ws: ClientConnection | None = None
        self.lines: list[str] = []
        self.seen = 0
        self.arrived = asyncio.Event()
        self.answerer = Answerer(run.index * 10 + number)
        self.playing = False
        self.acting = False

    async def open(self, base: str) -> None:
        self.ws = await connect(f"{base}/web", origin=base.replace("ws://", "http://"),
                                compression=None, max_size=2**22, open_timeout=60)
        await self.ws.send(json.dumps({"t": "hello", "lang": "en", "prefs": {
            "lang": "en", "name": f"w{self.run.index}_{self.number}"}}))
        asyncio.get_running_loop().create_task(self.read())

    async def read(self) -> None:
        assert self.ws is not None
        try:
            async for frame in self.ws:
                message = json.loads(frame)
                if message.get("t") != "lines":
                    continue
                now = time.perf_counter()
                texts = [line["text"] for line in message["lines"]]
                self.run.arrived(self.number, now, texts)
                self.lines += texts
                self.arrived.set()
                if self.playing:
                    self.play_on()
        except ConnectionClosed:
            pass

    def play_on(self) -> None:
        while self.seen < len(self.lines):
            line = self.lines[self.seen]
            self.seen += 1
            if line.startswith("Race! "):
                asyncio.get_running_loop().create_task(self.type(""))
            elif line.startswith("Game over."):
                self.playing = False
                self.run.over_seen(self.number)
                return
            self.answerer.feed(line)
        if not self.acting:
            answer = self.answerer.answer()
            if answer is not None:
                self.acting = True
                asyncio.get_running_loop().create_task(self.act(answer))

    async def act(self, answer: str) -> None:
        await asyncio.sleep(self.run.rng.uniform(*self.run.think))
        self.acting = False
        if not self.playing:
            return
        self.run.probe(self.number, answer != "choices")
        await self.type(answer)

    async def type(self, text: str) -> None:
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self.ws.send(json.dumps({"t": "line", "text": text}))

    async def expect(self, pattern: str, timeout: float = 60.0) -> re.Match[str]:
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            while self.seen < len(self.lines):
                line = self.lines[self.seen]
                self.seen += 1
                found = regex.search(line)
                if found:
                    return found
            self.arrived.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"page {self.run.index}/{self.number}: {pattern!r}: "
                                   + " | ".join(self.lines[-6:]))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), left)


NOMINATES = re.compile(r"\bnominates? ")
"""A nomination is said to every seat at once: the line each page waits for."""


@dataclass
class Probe:
    """An answer being timed: the acting page's next line ("own"); if that line says the
    page nominated ("You nominate ..."), the line that says the nomination at every page
    of the table ("every": it is said to every seat at once)."""

    t0: float
    actor: int
    own_done: bool = False
    firsts: dict[int, float] = field(default_factory=dict)


class WebTable:
    """Four pages playing game after game at a table by invitation."""

    def __init__(self, base: str, index: int, delays: Delays, think: tuple[float, float]):
        self.base = base
        self.index = index
        self.delays = delays
        self.think = think
        self.rng = random.Random(index)
        self.pages = [Page(self, n) for n in range(PEOPLE)]
        self.probes: list[Probe] = []
        self._over: set[int] = set()
        self._game_over = asyncio.Event()

    def probe(self, actor: int, counted: bool) -> None:
        self.delays.answers += counted
        if self.delays.measuring and counted:
            self.probes = [p for p in self.probes if p.actor != actor]  # its last answer
            self.probes.append(Probe(time.perf_counter(), actor))

    def arrived(self, who: int, now: float, texts: list[str]) -> None:
        naming = any(NOMINATES.search(t) for t in texts)
        for probe in list(self.probes):
            if now <= probe.t0:
                continue
            if who == probe.actor and not probe.own_done:
                probe.own_done = True
                if self.delays.measuring:
                    self.delays.own.append(now - probe.t0)
                if not texts[0].startswith("You nominate "):
                    self.probes.remove(probe)  # not a nomination: its own line only
                    continue
            if naming:
                probe.firsts.setdefault(who, now)
            if probe.own_done and len(probe.firsts) == PEOPLE:
                if self.delays.measuring:
                    self.delays.every.append(max(probe.firsts.values()) - probe.t0)
                self.probes.remove(probe)

    def over_seen(self, who: int) -> None:
        self._over.add(who)
        if len(self._over) == PEOPLE:
            self._game_over.set()

    async def connect(self) -> None:
        for page in self.pages:
            await page.open(self.base)

    async def create(self) -> str:
        host = self.pages[0]
        await host.expect(r"^Lobby: type a number\.")
        await host.type("create pnue 5 bots 1 normal code delay 2")  # as one who knows
        return (await host.expect(r"Invitation code: (\S+)\.")).group(1)

    async def play_forever(self) -> None:
        while True:
            self._over.clear()
            self._game_over.clear()
            self.probes.clear()
            code = await self.create()
            for page in self.pages[1:]:
                await page.expect(r"^Lobby: type a number\.")
                await page.type("3")
                await page.expect(r"Type the invitation code\.")
                await page.type(code)
                await page.expect(r"you have seat \d of 5")
            for page in self.pages:
                page.answerer = Answerer(self.rng.randrange(10**6))
                page.playing = True
            await self.pages[0].type("start")
            await self._game_over.wait()
            self.delays.games += 1
            for page in self.pages:
                await page.type("quit")


def page_weight(host: str, port: int) -> int:
    total = 0
    for path in ("/", "/app.js", "/app.css"):
        conn = http.client.HTTPConnection(host, port, timeout=10)
        conn.request("GET", path)
        total += len(conn.getresponse().read())
        conn.close()
    return total


async def first_line(base: str, port: int, visits: int = 20) -> list[float]:
    """A new visitor: GET the page, open the socket, say hello; until the first line."""
    delays = []
    for _ in range(visits):
        t0 = time.perf_counter()
        await asyncio.to_thread(page_weight, "127.0.0.1", port)
        async with connect(f"{base}/web", origin=base.replace("ws://", "http://")) as ws:
            await ws.send(json.dumps({"t": "hello", "lang": "en"}))
            while json.loads(await ws.recv()).get("t") != "lines":
                pass
            delays.append(time.perf_counter() - t0)
    return delays


def _ms(values: list[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.1f}"


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(x) for x in (task / "children").read_text().split()]
    return found


def _family(measure: Callable[[int], float], pid: int) -> float:
    """``measure`` summed over the server and its worker processes."""
    return sum(measure(each) for each in [pid, *_children(pid)])


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--web", type=int, default=25, help="tables of web pages")
    parser.add_argument("--wire", type=int, default=25, help="tables of protocol clients")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", default="0.5,1.5")
    parser.add_argument("--web-workers", default=None,
                        help="the server's worker processes for web players (its default)")
    args = parser.parse_args()
    low, high = (float(x) for x in args.think.split(","))
    data = Path(tempfile.mkdtemp(prefix="bench_web_"))
    server = subprocess.Popen(
        [sys.executable, "-m", "a11y_games", "serve", "--port", "0", "--lang", "en", "--quiet",
         "--data", str(data),
         *(["--web-workers", args.web_workers] if args.web_workers is not None else [])],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
        env={"PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": str(data),
             "XDG_DATA_HOME": str(data), "SPEECHD_CMD": "/bin/false", "NO_SOUND": "1",
             # every page and connection comes from loopback: no per-address limits
             "A11Y_GAMES_LIMITS": "connections=1000000 tables=1000000"})
    try:
        assert server.stdout is not None
        port = int(re.search(r":(\d+)\.", server.stdout.readline()).group(1))  # type: ignore[union-attr]
        bench_server.drain(server.stdout)
        base = f"ws://127.0.0.1:{port}"
        await asyncio.sleep(0.5)
        weight = page_weight("127.0.0.1", port)
        firsts = await first_line(base, port)
        print(f"page, script and style: {weight / 1024:.1f} KiB; a new visitor's first line: "
              f"median {statistics.median(firsts) * 1000:.0f} ms, "
              f"max {max(firsts) * 1000:.0f} ms ({len(firsts)} visits)")
        base_rss = _family(bench_server._rss_kib, server.pid)
        delays = Delays()
        wire_stats = bench_server.Stats()
        webs = [WebTable(base, i, delays, (low, high)) for i in range(args.web)]
        wires = [bench_server.TableRun(base, i, wire_stats, (low, high))
                 for i in range(args.wire)]
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(  # a send cut by the end of the run is no finding
            lambda loop, context: None if isinstance(context.get("exception"), ConnectionClosed)
            else loop.default_exception_handler(context))
        tasks = []
        for start in range(0, len(webs), 25):  # the pages first: their memory on its own
            batch = webs[start:start + 25]
            await asyncio.gather(*(t.connect() for t in batch))
            tasks += [loop.create_task(t.play_forever()) for t in batch]
        await asyncio.sleep(10)  # the dialogues done, the games under way
        web_rss = _family(bench_server._rss_kib, server.pid)
        for start in range(0, len(wires), 25):
            batch = wires[start:start + 25]
            await asyncio.gather(*(t.connect() for t in batch))
            tasks += [loop.create_task(t.play_forever()) for t in batch]
        await asyncio.sleep(5)
        delays.measuring = wire_stats.measuring = True
        actions0 = bench_server._actions(data / "tables.sqlite3")
        cpu0, wall0 = _family(bench_server._cpu_seconds, server.pid), time.perf_counter()
        own0 = bench_server._cpu_seconds(server.pid)
        await asyncio.sleep(args.seconds)
        delays.measuring = wire_stats.measuring = False
        wall = time.perf_counter() - wall0
        actions = bench_server._actions(data / "tables.sqlite3") - actions0
        cpu = _family(bench_server._cpu_seconds, server.pid) - cpu0
        own = bench_server._cpu_seconds(server.pid) - own0
        rss = _family(bench_server._rss_kib, server.pid)
        pages = max(args.web * PEOPLE, 1)
        print(f"{args.web} web tables ({args.web * PEOPLE} pages) and {args.wire} protocol "
              f"tables ({args.wire * PEOPLE} connections), {wall:.0f} s, think {low}-{high} s")
        print("| players | answers timed | own next line p50 / p99 / max ms "
              "| a nomination at every page p50 / p99 / max ms |")
        print("|---|---|---|---|")
        print(f"| web pages | {len(delays.own)} | {_ms(delays.own, .5)} / {_ms(delays.own, .99)}"
              f" / {_ms(delays.own, 1)} | {_ms(delays.every, .5)} / {_ms(delays.every, .99)} / "
              f"{_ms(delays.every, 1)} |")
        print(f"| protocol | {len(wire_stats.delays)} | - | {_ms(wire_stats.delays, .5)} / "
              f"{_ms(wire_stats.delays, .99)} / {_ms(wire_stats.delays, 1)} |")
        print(f"actions stored {actions / wall:.0f}/s; server CPU with its workers "
              f"{cpu / wall * 100:.0f} % (its own {own / wall * 100:.0f} %), "
              f"{cpu * 1000 / max(actions, 1):.2f} ms per action; RSS {rss / 1024:.0f} MiB "
              f"({(web_rss - base_rss) / pages:.0f} KiB per web player above the empty "
              f"server's {base_rss / 1024:.0f} MiB); games ended: web {delays.games}, "
              f"protocol {wire_stats.games}; protocol errors {dict(wire_stats.errors)}")
        for task in tasks:
            task.cancel()
    finally:
        bench_server.stop_server(server, data)


if __name__ == "__main__":
    asyncio.run(main())
