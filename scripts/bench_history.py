"""How long a server's ``history`` takes: an account with many finished games, a guest
sending the most tokens a client keeps.

Fills a fresh SQLite database with ``--games`` finished PNUE 5-player tables (a few
played out by bots, the others sharing their summaries: what is measured is the lookup,
not the games), every one held by the account Ana and a seat token of its own; then
times ``history``'s first page, and every page, for the account and for a guest sending
the newest ``HISTORY_TOKENS`` tokens. In process, no socket (the frame is small).

    .venv/bin/python scripts/bench_history.py --games 1000
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import all_specs
from a11y_games.net import protocol as p
from a11y_games.net.limits import Limits
from a11y_games.net.members import hash_token
from a11y_games.net.played import history_page, summary_of
from a11y_games.net.storage import SeatRecord, SqliteStorage, TableRecord

PLAYED = 20
"""Games really played out (their summaries are shared by the others)."""


def fill(storage: SqliteStorage, games: int) -> list[str]:
    """``games`` finished tables of Ana's; their seat tokens, oldest first."""
    specs = all_specs()
    spec = specs["pnue"]
    rng = random.Random(1)
    summaries: list[str] = []
    tokens: list[str] = []
    for number in range(games):
        seed = rng.getrandbits(32)
        if number < PLAYED:
            match = Match(spec, spec.settings(5, seed), [SeatSpec("human", name="Ana")] + [
                SeatSpec("bot", level="random", name_index=k) for k in range(1, 5)])
            while (pending := match.state.pending()) is not None:
                seat = pending.seats[0]
                match.act(seat, match.state.legal_actions(seat)[0] if seat == 0
                          else match.bot_choice(seat))
            summaries.append(summary_of(match))
        token = f"token-{number}"
        tokens.append(token)
        record = TableRecord(
            id=f"t{number}", game="pnue", players=5, seed=seed, rules=spec.rules_version,
            started=True, over=True,
            seats=[SeatRecord(kind="human", name="Ana", token_hash=hash_token(token),
                              account="Ana")]
            + [SeatRecord(kind="bot", name_index=k) for k in range(1, 5)])
        storage.save_table(record)
        storage.keep_finished(record, summaries[number % PLAYED])
    return tokens


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    specs = all_specs()
    storage = SqliteStorage(Path(tempfile.mkdtemp()) / "tables.sqlite3")
    tokens = fill(storage, args.games)
    limits = Limits()
    for label, account, sent in (("account", "Ana", []),
                                 ("guest", "", tokens[-p.HISTORY_TOKENS:])):
        began = time.perf_counter()
        page = history_page(storage, specs, account, sent, 0, limits)
        first = time.perf_counter() - began
        frame = len(p.encode(page))
        began = time.perf_counter()
        start, pages = 0, 0
        while True:
            page = history_page(storage, specs, account, sent, start, limits)
            pages += 1
            start = page.total - page.more
            if not page.more:
                break
        every = time.perf_counter() - began
        print(f"{label}: {page.total} games; first page {first * 1000:.1f} ms, "
              f"{frame} bytes; {pages} pages in {every * 1000:.0f} ms")
    storage.close()


if __name__ == "__main__":
    main()
