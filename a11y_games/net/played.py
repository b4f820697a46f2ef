"""The finished games of this server, as ``history`` lists them.

When a table's game ends, its summary is kept with who held each seat (an account, a seat
token's hash): one line's worth of JSON (the game, every seat's name, the winners, each
seat's place by the ratings' own placing). ``history`` reads those, for an account every
game it played here, for a guest the games of the seat tokens its client kept. A game over
before summaries were kept has its summary computed once, from its log, when first asked.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from a11y_games.engine.actions import IllegalAction
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.messages import Msg
from a11y_games.engine.spec import GameSpec, OptionError
from a11y_games.net import protocol as p
from a11y_games.net.limits import Limits, page_of
from a11y_games.net.members import hash_token
from a11y_games.net.storage import Played, Storage, TableRecord
from a11y_games.ratings.placing import placing

__all__ = ["history_page", "summary_of"]


def summary_of(match: Match) -> str:
    """A finished match's line for ``history`` (JSON): game, names, winners, places."""
    state = match.state
    outcome = state.outcome()
    names = [match.seat_name(s) for s in range(len(match.seats))]
    placed = placing(state)
    places: dict[int, int] | None = None
    if state.camp_of(0) is None and placed is not None:  # camps win or lose together
        places = {seat: placed.place_of(seat) or len(names) for seat in range(len(names))}
    return json.dumps({"game": match.spec.name,
                       "names": [n.to_json() if isinstance(n, Msg) else n for n in names],
                       "winners": sorted(outcome.winners) if outcome is not None else [],
                       "places": places}, ensure_ascii=False)


def _replayed(record: TableRecord, log: list[tuple[int, str]],
              specs: Mapping[str, GameSpec]) -> Match | None:
    """A stored game played again from its log (None: its game is gone or changed)."""
    spec = specs.get(record.game)
    if spec is None or spec.rules_version != record.rules:
        return None
    try:
        match = Match(spec, spec.settings(record.players, record.seed, record.options),
                      [SeatSpec(kind="bot", level=s.level, name_index=s.name_index)
                       if s.kind == "bot" else SeatSpec(kind="human", name=s.name)
                       for s in record.seats])
        for seat, action in log:
            match.act(seat, action)
    except (IllegalAction, OptionError, ValueError):
        return None
    return match


def _game(played: Played, storage: Storage,
          specs: Mapping[str, GameSpec]) -> p.PlayedGame | None:
    summary = played.summary
    if summary is None:  # over before the history: computed once, then kept
        match = _replayed(*storage.table(played.table_id), specs)
        if match is None or match.state.outcome() is None:
            return None
        summary = summary_of(match)
        storage.set_summary(played.table_id, summary)
    data: dict[str, Any] = json.loads(summary)
    places = data["places"]
    return p.PlayedGame(ended=played.ended, game=str(data["game"]), names=data["names"],
                        winners=list(data["winners"]),
                        places=None if places is None else {
                            int(k): int(v) for k, v in places.items()},
                        seats=list(played.seats))


def history_page(storage: Storage, specs: Mapping[str, GameSpec], account: str,
                 tokens: list[str], start: int, limits: Limits,
                 req: int | None = None) -> p.HistoryList:
    """A page of the games ``account`` (a guest: "") or the seats of ``tokens`` played
    here, newest first, within a frame."""
    hashes = [hash_token(t) for t in tokens[:p.HISTORY_TOKENS] if t]
    everything = storage.played(account, hashes)
    start = max(start, 0)
    window = everything[start:start + limits.page]
    games = [(n, g) for n, g in enumerate(_game(played, storage, specs) for played in window)
             if g is not None]  # a game whose rules changed since: left out

    def size(item: tuple[int, p.PlayedGame]) -> int:
        return len(p.encode(p.HistoryList(games=[item[1]])))
    page, follow = page_of(games, 0, limits, size)
    went = page[-1][0] + 1 if follow else len(window)  # how far into the list this page went
    return p.HistoryList(games=[g for _, g in page], total=len(everything),
                         more=max(len(everything) - start - went, 0), req=req)
