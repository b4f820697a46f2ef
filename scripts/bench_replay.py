"""Going over a finished game (issue 31): how long a replay takes to open and to move, how
long ``history`` takes with a full history, and how short the digest of missed events is.

1. Replays: for each game at its most players, the longest of ``--seeds`` games of random
   bots (the most decisions: a long game) is kept in a private history folder, then
   opened as ``replay 1`` does (the file read, the game rebuilt, the client made) from
   seat 0, moved to its end with ``end``, back to the start step by step with ``back``,
   and forward again with ``next`` to the end; ``status`` after a jump rebuilds the state
   there from the nearest checkpoint. Times are wall clock, through the real client.
2. ``history`` with ``KEPT`` (300) games kept: the time to list them.
3. The digest: windows of 8 to 200 consecutive events of these games, for every seat,
   as a player away (or reading the log) misses them; the lines and characters the seat
   would have heard (the events it may see, rendered in English) against the digest's.

4. ``--server``: a server's loop while a long game's replay opens (issue 31). The longest
   of ``--seeds`` Utopia games at 4 is stored as a finished game of a real server
   process's database; a client opens its replay (a new connection each time: nothing
   cached) while another sends ``who`` every 10 ms (within the server's limit); the round
   trips during the opening, against the same with no replay opening. Then a question at
   the replay's last step (``replay_ask``: the state rebuilt there).

With ``--network``, the replay of a network game instead (``replay N`` in a server's
lobby): the same longest games are stored finished in a fresh server database, each held by
a guest's seat token; a real server (``a11y-games serve``, loopback) is started on it, and
the client of the lobby's ``replay N`` (a ``Session``, ``ServerReplay``, the replay's
client) opens each from seat 0 (every page: the server rebuilds the game and sends the
seat's steps), moves to its end, back to the start and forward again, and asks ``status``
after a jump (the server rebuilds that step). Meanwhile a second connection asks the
server for its table list again and again: the slowest answer in each phase is how long
the server's loop was held (every other player waited as long).

Run: ``.venv/bin/python scripts/bench_replay.py [--seeds 20] [--server [--opens 10]]
[--network]``. Not a test:
nothing here asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from a11y_games.engine.match import Match, SeatSpec, make_bot
from a11y_games.engine.spec import GameSpec
from a11y_games.games import all_specs
from a11y_games.i18n import Translator
from a11y_games.net import protocol as p
from a11y_games.net.members import hash_token
from a11y_games.net.played import summary_of
from a11y_games.net.storage import SeatRecord, SqliteStorage, TableRecord
from a11y_games.ui.digest import digest
from a11y_games.ui.history import KEPT, history_lines, keep_finished
from a11y_games.ui.lobby import _finished
from a11y_games.ui.remote import Session
from a11y_games.ui.remote_replay import ServerReplay
from a11y_games.ui.replaying import ReplayClient, open_replay
from a11y_games.ui.terminal import PlainReader, Writer

WINDOWS = (8, 20, 50, 100, 200)
ROOT = Path(__file__).resolve().parents[1]


def longest(spec, players: int, seeds: int) -> Match:
    best: Match | None = None
    for seed in range(seeds):
        match = Match(spec, spec.settings(players, seed), [
            SeatSpec("human", "Ana"),
            *(SeatSpec("bot", level="random", name_index=s) for s in range(1, players))])
        ana = make_bot(spec, "random", 0, random.Random(seed))  # Ana plays as it would
        while (pending := match.state.pending()) is not None:
            seat = pending.seats[0]
            match.act(seat, match.bot_choice(seat, ana if seat == 0 else None))
        if best is None or len(match.log) > len(best.log):
            best = match
    assert best is not None
    return best


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def moved(client: ReplayClient) -> tuple[int, float, float, float]:
    """A replay's steps, and the ms of ``end``, of ``back`` to its start and ``next`` to
    its end again; then at round 2 (a jump: its status is rebuilt)."""
    steps = len(client.replay.steps)
    end = timed(lambda: client.handle("end"))
    back = timed(lambda: [client.handle("back") for _ in range(steps)])
    forward = timed(lambda: [client.handle("next") for _ in range(steps)])
    client.handle("round 2")
    return steps, end, back, forward


def bench_replays(specs, seeds: int) -> list[Match]:
    print("game | players | decisions | steps | open ms | end ms | back to start ms (per step)"
          " | next to end ms (per step) | status after a jump ms")
    kept = []
    for spec in specs.values():
        match = longest(spec, spec.max_players, seeds)
        kept.append(match)
        assert keep_finished(match) is None
        print(bench_one(spec, match, specs), flush=True)
    return kept


def bench_one(spec, match: Match, specs) -> str:
    """Game 1 of the history (``match``, just kept) opened, moved, asked its status."""
    out = io.StringIO()
    opened: list[ReplayClient] = []

    def open_it() -> None:
        found = open_replay(1, specs, Translator("en"), PlainReader(io.StringIO("")),
                            Writer(out))
        assert found is not None
        opened.append(ReplayClient(*found, reader=PlainReader(io.StringIO("")),
                                   writer=Writer(out), lang="en", specs=specs))

    opening = timed(open_it)
    client = opened[0]
    steps, end, back, forward = moved(client)
    status = timed(lambda: client.handle("status"))
    return (f"{spec.name} | {spec.max_players} | {len(match.log)} | {steps} | {opening:.1f} |"
            f" {end:.1f} | {back:.0f} ({back / steps:.2f}) | {forward:.0f} "
            f"({forward / steps:.2f}) | {status:.2f}")


def bench_history(specs, match: Match) -> None:
    for second in range(KEPT):  # the same game, told apart (a game kept is not kept twice)
        match.seats[0] = SeatSpec("human", f"Ana {second}")
        keep_finished(match, now=1_000_000_000 + second)
    lines: list[str] = []
    took = timed(lambda: lines.extend(history_lines(Translator("en"), specs)))
    print(f"\nhistory with {KEPT} games kept ({len(lines)} lines): {took:.0f} ms")


def bench_digest(matches: list[Match]) -> None:
    print("\nwindow | games x seats x windows | missed lines (mean) | digest lines (mean, max)"
          " | missed characters (mean) | digest characters (mean) | digest / missed characters")
    for size in WINDOWS:
        missed_lines, digest_lines, missed_chars, digest_chars = [], [], [], []
        for match in matches:
            events = match.events
            for seat in range(len(match.seats)):
                tr = Translator("en", names=match.seat_name, viewer=lambda seat=seat: seat)
                for start in range(0, max(1, len(events) - size), max(1, len(events) // 10)):
                    window = events[start:start + size]
                    heard = [tr.render(e.msg) for e in window if e.visible(seat)]
                    if not heard:
                        continue
                    told = [tr.render(m) for m in digest(window, seat)]
                    missed_lines.append(len(heard))
                    digest_lines.append(len(told))
                    missed_chars.append(sum(map(len, heard)))
                    digest_chars.append(sum(map(len, told)))
        print(f"{size} | {len(missed_lines)} | {statistics.mean(missed_lines):.1f} | "
              f"{statistics.mean(digest_lines):.1f}, {max(digest_lines)} | "
              f"{statistics.mean(missed_chars):.0f} | {statistics.mean(digest_chars):.0f} | "
              f"{sum(digest_chars) / sum(missed_chars):.0%}")


async def _pings(url: str, until: asyncio.Event) -> list[float]:
    """``who`` round trips (ms), one every 10 ms (within the server's limit of messages a
    second), until ``until`` is set."""
    from websockets.asyncio.client import connect

    from a11y_games.net import protocol as p

    times: list[float] = []
    async with connect(url) as ws:
        await ws.send(p.encode(p.Hello(protocol=p.PROTOCOL, name="Pinger")).decode())
        await ws.recv()
        while not until.is_set():
            began = time.perf_counter()
            await ws.send(p.encode(p.Who(req=1)).decode())
            while '"req":1' not in str(await ws.recv()):
                pass
            times.append((time.perf_counter() - began) * 1000)
            await asyncio.sleep(0.01)
    return times


async def _open(url: str, table: str, token: str, far: bool) -> tuple[float, float]:
    """A replay opened by a new connection (ms), and a question at its last step (ms)."""
    from websockets.asyncio.client import connect

    from a11y_games.net import protocol as p

    async with connect(url, max_size=2**24) as ws:
        await ws.send(p.encode(p.Hello(protocol=p.PROTOCOL, name="Ana")).decode())
        await ws.recv()
        began = time.perf_counter()
        await ws.send(p.encode(p.ReplayOpen(table=table, tokens=[token], req=1)).decode())
        while True:
            message = p.decode_server(await ws.recv())
            if getattr(message, "req", None) == 1:
                break
        opened = (time.perf_counter() - began) * 1000
        assert isinstance(message, p.ReplayPage), message
        asked = 0.0
        if far:
            began = time.perf_counter()
            await ws.send(p.encode(p.ReplayAsk(step=message.total - 1, what="status",
                                               req=2)).decode())
            while '"req":2' not in str(await ws.recv()):
                pass
            asked = (time.perf_counter() - began) * 1000
    return opened, asked


def _stats(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"{name}: {len(values)} round trips, median {statistics.median(values):.1f} ms,"
            f" p99 {p99:.1f} ms, worst {ordered[-1]:.1f} ms")


async def _loop_latency(url: str, table: str, token: str, opens: int) -> None:
    quiet = asyncio.Event()
    pinging = asyncio.create_task(_pings(url, quiet))
    await asyncio.sleep(2.0)
    quiet.set()
    print(_stats("who, nothing else", await pinging))
    during: list[float] = []
    slowest: list[float] = []
    opened: list[float] = []
    asked: list[float] = []
    for _ in range(opens):
        done = asyncio.Event()
        pinging = asyncio.create_task(_pings(url, done))
        await asyncio.sleep(0.05)
        took, far = await _open(url, table, token, far=True)
        done.set()
        pings = await pinging
        during += pings
        slowest.append(max(pings))
        opened.append(took)
        asked.append(far)
    print(_stats("who, while a replay opens", during))
    print(f"the slowest who of each opening: median {statistics.median(slowest):.1f} ms,"
          f" {sum(t > 50 for t in during)} of {len(during)} round trips over 50 ms")
    print(f"replay opened in {statistics.median(opened):.0f} ms median"
          f" ({min(opened):.0f}-{max(opened):.0f}); status at its last step"
          f" {statistics.median(asked):.1f} ms median")


def bench_server(seeds: int, opens: int) -> None:
    """The longest Utopia game at 4 of ``seeds``, its replay opened ``opens`` times."""
    match = longest(all_specs()["utopia"], 4, seeds)
    print(f"server: Utopia at 4, {len(match.log)} decisions")
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        [(table, token)] = store_finished(data, [match])
        proc, url = start_server(data)
        try:
            asyncio.run(_loop_latency(url, table, token, opens))
        finally:
            proc.terminate()
            proc.wait(15)


# --- a network game's replay ------------------------------------------------------------------
def store_finished(data: Path, matches: list[Match]) -> list[tuple[str, str]]:
    """The matches kept finished in a server database in ``data``, seat 0 a guest's; each
    one's table id and seat token."""
    storage = SqliteStorage(data / "tables.sqlite3")
    kept = []
    for number, match in enumerate(matches):
        table, token = f"long{number}", f"token-{number}"
        settings = match.state.settings
        record = TableRecord(
            id=table, game=match.spec.name, players=settings.players, seed=settings.seed,
            rules=match.spec.rules_version, options=dict(settings.options), started=True,
            over=True, seats=[SeatRecord(kind="human", name="Ana", token_hash=hash_token(token))]
            + [SeatRecord(kind="bot", level="random", name_index=s)
               for s in range(1, len(match.seats))])
        storage.save_table(record)
        for index, (seat, action) in enumerate(match.log):
            storage.append_action(table, index, seat, action)
        storage.keep_finished(record, summary_of(match))
        kept.append((table, token))
    storage.close()
    return kept


class Prober:
    """A second connection asking the server's table list again and again, on a thread of
    its own: each answer's wait, by when it was asked."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.waits: list[tuple[float, float]] = []
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    def __enter__(self) -> Prober:
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(10)

    async def _run(self) -> None:
        from websockets.asyncio.client import connect

        async with connect(self.url, max_size=2**22) as ws:
            await ws.send(p.encode(p.Hello(protocol=p.PROTOCOL, name="Probe", lang="en")))
            while not isinstance(p.decode_server(await ws.recv()), p.Welcome):
                pass
            self._ready.set()
            req = 0
            while not self._stop.is_set():
                req += 1
                asked = time.perf_counter()
                await ws.send(p.encode(p.ListTables(req=req)))
                while getattr(p.decode_server(await ws.recv()), "req", None) != req:
                    pass
                self.waits.append((asked, time.perf_counter() - asked))
                await asyncio.sleep(0.002)

    def held(self, start: float, end: float) -> float:
        """The longest wait of an answer waited for between ``start`` and ``end`` (ms)."""
        return max((w for t, w in self.waits if t <= end and t + w >= start),
                   default=0.0) * 1000


def start_server(data: Path) -> tuple[subprocess.Popen[str], str]:
    """``a11y-games serve`` on a free loopback port over ``data``; it and its address."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(data / "config"), "SPEECHD_CMD": "/bin/false"}
    proc = subprocess.Popen([sys.executable, "-m", "a11y_games", "serve", "--host", "127.0.0.1",
                             "--port", "0", "--lang", "en", "--data", str(data)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    found = re.search(r"ws://[\w.]+:\d+", proc.stdout.readline())
    assert found, "the server did not say where it listens"
    threading.Thread(target=proc.stdout.read, daemon=True).start()  # (never blocks it)
    return proc, found.group(0)


def bench_network(specs: dict[str, GameSpec], seeds: int) -> None:
    matches = [longest(spec, spec.max_players, seeds) for spec in specs.values()]
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        kept = store_finished(data, matches)
        proc, url = start_server(data)
        session = Session(url, name="Ana", lang="en")
        try:
            session.start()
            with Prober(url) as probe:
                time.sleep(0.5)
                idle = sorted(w for _, w in probe.waits)
                print(f"server at {url}; the probe's answer when idle: median"
                      f" {statistics.median(idle) * 1000:.2f} ms, worst {idle[-1] * 1000:.2f}"
                      f" ms ({len(idle)} asked)\n")
                print("game | players | decisions | steps | pages | open ms (first page;"
                      " server held ms) | end ms | back to start ms (per step)"
                      " | next to end ms (per step) | status after a jump ms (server held ms)")
                for match, (table, token) in zip(matches, kept, strict=True):
                    print(network_one(match, table, token, session, probe, specs), flush=True)
        finally:
            session.close()
            proc.kill()
            proc.wait(10)


def network_one(match: Match, table: str, token: str, session: Session, probe: Prober,
                specs: dict[str, GameSpec]) -> str:
    """One stored game opened from seat 0 at the server, moved, asked its status."""
    spec = match.spec
    listed = session.request(p.History(tokens=[token]))
    game = next(g for g in listed.games if g.table == table)
    out = io.StringIO()
    opened: list[ReplayClient] = []
    pages: list[float] = []  # when each page came

    def open_it() -> None:  # as the lobby's replay N does
        page = session.request(p.ReplayOpen(table=table, tokens=[token]))
        pages.append(time.perf_counter())
        while len(page.steps) < page.total:
            page.steps += session.request(p.ReplayOpen(table=table, tokens=[token],
                                                       start=len(page.steps))).steps
            pages.append(time.perf_counter())
        opened.append(ReplayClient(ServerReplay(session, spec, page), _finished(game),
                                         reader=PlainReader(io.StringIO("")),
                                         writer=Writer(out), lang="en", specs=specs))

    began = time.perf_counter()
    opening = timed(open_it)
    held_open = probe.held(began, time.perf_counter())
    first = (pages[0] - began) * 1000
    client = opened[0]
    steps, end, back, forward = moved(client)
    began = time.perf_counter()
    status = timed(lambda: client.handle("status"))
    time.sleep(0.05)  # the probe asked meanwhile has its answer
    held_status = probe.held(began, time.perf_counter())
    return (f"{spec.name} | {spec.max_players} | {len(match.log)} | {steps} | {len(pages)} |"
            f" {opening:.1f} ({first:.1f}; {held_open:.0f}) | {end:.1f} |"
            f" {back:.0f} ({back / steps:.2f}) | {forward:.0f} ({forward / steps:.2f}) |"
            f" {status:.2f} ({held_status:.1f})")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--server", action="store_true",
                        help="only a server's loop while a long replay opens")
    parser.add_argument("--opens", type=int, default=10)
    parser.add_argument("--network", action="store_true",
                        help="a network game's replay, through a real loopback server")
    args = parser.parse_args()
    if args.server:
        print(f"load average {os.getloadavg()[0]:.1f}")
        bench_server(args.seeds, args.opens)
        return 0
    with tempfile.TemporaryDirectory() as home:
        os.environ["XDG_DATA_HOME"] = home
        specs = all_specs()
        print(f"load average {os.getloadavg()[0]:.1f}")
        if args.network:
            bench_network(specs, args.seeds)
            return 0
        matches = bench_replays(specs, args.seeds)
        bench_history(specs, max(matches, key=lambda m: len(m.log)))
        bench_digest(matches)
    return 0


if __name__ == "__main__":
    sys.exit(main())
