"""Strong against normal read pairwise, with how often the search overrules the normal
bot (Vertigo's and Utopia's benchmarks; not a test).

    pairwise.add_arguments(parser)           # --pairwise GAMES, --seed, --horizon, --mirrored
    pairwise.section(SPEC, args, rank)       # when --pairwise: the tables

One strong seat (rotating from game to game) among normal seats. Besides its share of the
wins (fair: 1 / players), the *pairwise rate* counts, over every game and every normal
seat, the share of normal seats the strong seat finished above (a tie counts half; fair:
50 %): at 3 or 4 players it uses every game's whole ranking, not only who won. At 2
players both readings are the same. Intervals are 95 % Wilson intervals. An *overrule* is
a searched decision where the strong bot chose other than what the normal bot would have
chosen in its place.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from strength import move_times, wilson

import a11y_games.engine.search as engine_search
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.state import GameState

__all__ = ["PAIR_HEADER", "PairResult", "add_arguments", "kinds", "pair_duel", "pair_line",
           "section"]

Rank = Callable[[GameState, int], Sequence[float]]
"""A seat's standing at the end, compared as a tuple (higher is better)."""


@dataclass
class PairResult:
    games: int = 0
    wins: float = 0.0
    decided: int = 0
    above: float = 0.0
    pairs: int = 0
    searches: int = 0
    overrules: int = 0
    times: list[float] = dataclasses.field(default_factory=list)
    seconds: float = 0.0
    kinds: Counter[str] = dataclasses.field(default_factory=Counter)
    """Overrules by kind: the normal bot's answer's first word, then the search's."""


def strong_among_normal(players: int, strong: int) -> list[SeatSpec]:
    """The seats of a pairwise game: a strong bot at ``strong``, normal bots elsewhere."""
    return [SeatSpec("bot", level="strong" if i == strong else "normal", name_index=i)
            for i in range(players)]


def above(state: GameState, seat: int, rank: Rank) -> float:
    """How many of the other seats ``seat`` finishes above in ``state`` (a tie a half)."""
    mine = tuple(rank(state, seat))
    others = (tuple(rank(state, s)) for s in range(state.seat_count) if s != seat)
    return sum(1.0 if mine > o else 0.5 if mine == o else 0.0 for o in others)


def finish_with_normal_bots(world: Any, seat: int, seed: int, make_bot: Callable[..., Any],
                            rank: Rank) -> float:
    """Normal bots (``make_bot(seat, rng)``, seeded from ``seed``) play ``world`` to its end
    (at most 20,000 steps); the share of the other seats ``seat`` finishes above (a tie a
    half): what the ``--judge`` runs compare after an overrule and after the normal answer."""
    bots = [make_bot(s, random.Random(seed * 7 + s)) for s in range(world.n)]
    for _ in range(20_000):
        pending = world.pending()
        if pending is None:
            break
        s = pending.seats[0]
        legal = world.legal_actions(s)
        choice = legal[0] if len(legal) == 1 else bots[s].choose(world.observation(s), legal)
        world.apply(s, choice if choice in legal else legal[0])
    return above(world, seat, rank) / (world.seat_count - 1)


def pair_duel(spec: GameSpec, *, players: int, games: int, iterations: int, seed: int,
              rank: Rank, mirrored: bool = False) -> PairResult:
    """One strong seat (rotating) against normal seats, read pairwise. ``mirrored``: each
    deal is played once with the strong bot in every seat (``games`` should be a multiple
    of ``players``), so that a deal's luck for one seat counts for it and against it alike
    (on one deal a seat, 300 Utopia games gave a normal bot in that seat 55.5 %)."""
    result = PairResult()
    worlds = spec.worlds
    counts = [0, 0]
    search = engine_search.search

    def counted(view, seat, legal, worlds_, rng, **budget):  # type: ignore[no-untyped-def]
        usual = worlds_.policy(seat, random.Random(0)).choose(view.observation(seat), legal)
        best, line = search(view, seat, legal, worlds_, rng, **budget)
        counts[0] += 1
        if best != usual:
            counts[1] += 1
            result.kinds[f"{usual.split(':')[0]} → {best.split(':')[0]}"] += 1
        return best, line

    game_spec = dataclasses.replace(spec, bots={
        **spec.bots, "strong": engine_search.strong_factory(worlds, iterations=iterations)})  # type: ignore[arg-type]
    start = time.perf_counter()
    engine_search.search = counted  # type: ignore[assignment]
    try:
        _play(game_spec, result, counts, players=players, games=games, seed=seed, rank=rank,
              mirrored=mirrored)
    except KeyboardInterrupt:  # (``timeout -s INT``): the tables of the games played
        print(f"stopped after {result.games} games", file=sys.stderr, flush=True)
    finally:
        engine_search.search = search  # type: ignore[assignment]
    result.searches, result.overrules = counts
    result.seconds = time.perf_counter() - start
    return result


def _play(game_spec: GameSpec, result: PairResult, counts: list[int], *, players: int,
          games: int, seed: int, rank: Rank, mirrored: bool) -> None:
    """The games of ``pair_duel``, counted in ``result`` as each ends."""
    for n in range(games):
        strong = n % players
        seats = strong_among_normal(players, strong)
        deal = seed + (n // players if mirrored else n)
        match = Match(game_spec, game_spec.settings(players, deal), seats)
        for _ in range(20_000):
            pending = match.state.pending()
            if pending is None:
                break
            seat = pending.seats[0]
            begin = time.perf_counter()
            action = match.bot_choice(seat)
            if seat == strong and len(match.state.legal_actions(seat)) > 1:
                result.times.append(time.perf_counter() - begin)
            match.act(seat, action, trusted=True)
        result.games += 1
        outcome = match.state.outcome()
        winners = outcome.winners if outcome else frozenset()
        if winners:
            result.decided += 1
            result.wins += (strong in winners) / len(winners)
        result.above += above(match.state, strong, rank)
        result.pairs += players - 1
        print(f"game {n + 1}: strong seat {strong}, wins {result.wins:g}, pairwise "
              f"{result.above:g} of {result.pairs}, overrules {counts[1]} of {counts[0]}",
              file=sys.stderr, flush=True)
        if (n + 1) % 20 == 0:
            print(f"overrules by kind after {n + 1} games: {kinds(result)}",
                  file=sys.stderr, flush=True)


def kinds(r: PairResult) -> str:
    """The overrules by kind, most frequent first."""
    return ", ".join(f"{kind} {count}" for kind, count in r.kinds.most_common())


PAIR_HEADER = ("| table | games | strong share of wins (95 %) | pairwise: normal seats "
               "finished below strong (95 %) | overrules of searched decisions | strong "
               "move time | run time |\n|---|---|---|---|---|---|---|")


def pair_line(label: str, r: PairResult) -> str:
    """One Markdown table row."""
    wl, wh = wilson(r.wins, r.decided)
    pl, ph = wilson(r.above, r.pairs)
    share = r.overrules / r.searches if r.searches else 0.0
    return (f"| {label} | {r.games} | {r.wins / max(r.decided, 1):.0%} ({wl:.0%}–{wh:.0%}) | "
            f"{r.above / max(r.pairs, 1):.0%} ({pl:.0%}–{ph:.0%}) | {share:.0%} of "
            f"{r.searches} | {move_times(r.times)} | {r.seconds:.0f} s |")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--pairwise GAMES``, ``--seed`` and ``--horizon``, as every game's benchmark takes them."""
    parser.add_argument("--pairwise", type=int, default=0, metavar="GAMES",
                        help="strong against normal read pairwise, with overrules")
    parser.add_argument("--seed", type=int, default=90_000, help="first seed (--pairwise)")
    parser.add_argument("--horizon", type=int, help="the search's playout length (--pairwise)")
    parser.add_argument("--mirrored", action="store_true",
                        help="each deal with the strong bot in every seat (--pairwise)")


def section(spec: GameSpec, args: argparse.Namespace, rank: Rank) -> None:
    """Strong against normal, read pairwise, with the search's overrules: a table a count of
    players in ``args.strong_players``."""
    print(f"\n## Strong against normal, pairwise ({args.iterations} iterations a move, "
          f"horizon {spec.worlds.horizon}, seeds from {args.seed}"
          f"{', each deal in every seat' if args.mirrored else ''})\n")  # type: ignore[union-attr]
    print(PAIR_HEADER)
    for n in args.strong_players:
        result = pair_duel(spec, players=n, games=args.pairwise, iterations=args.iterations,
                           seed=args.seed, rank=rank, mirrored=args.mirrored)
        print(pair_line(f"{n} players, 1 strong", result), flush=True)
        print(f"\nOverrules by kind (the normal bot's answer → the search's): {kinds(result)}\n",
              flush=True)
