"""Vanuatu benchmarks: random games per second, normal bot move time, query latency,
normal against random, and how often the table loses to the sea.

    .venv/bin/python scripts/bench_vanuatu.py [--games 1000] [--quick]
    .venv/bin/python scripts/bench_vanuatu.py --sea 1000      # normal tables and the sea
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out, simulate
from a11y_games.games.vanuatu import SPEC
from a11y_games.i18n import Translator

sys.path.insert(0, str(Path(__file__).resolve().parent))
import strength as strong_bench


def games_per_second(players: int, rising: str, games: int) -> tuple[float, float]:
    """Games per wall-clock second and per CPU second (the machine may be shared)."""
    cpu = time.process_time()
    report = simulate(SPEC, players=players, games=games, seed=1,
                      options={"rising_waters": rising})
    cpu = time.process_time() - cpu
    return report.games_per_second, games / cpu


def bot_move_times(games: int) -> tuple[float, float]:
    """Mean and worst time of one normal bot decision (ms), 4 normal bots."""
    times: list[float] = []
    for seed in range(games):
        match = Match(SPEC, SPEC.settings(4, seed), [
            SeatSpec("bot", level="normal", name_index=i) for i in range(4)])
        while match.state.pending() is not None:
            seat = match.state.pending().seats[0]  # type: ignore[union-attr]
            start = time.perf_counter()
            action = match.bot_choice(seat)
            times.append(time.perf_counter() - start)
            match.act(seat, action)
    return statistics.mean(times) * 1000, max(times) * 1000


def query_latency(samples: int) -> dict[str, float]:
    """Mean time (ms) to build and render `where` and `map` mid-game, in English."""
    match = Match(SPEC, SPEC.settings(4, 3), [
        SeatSpec("bot", level="random", name_index=i) for i in range(4)])
    for _ in range(300):
        if match.state.pending() is None:
            break
        seat = match.state.pending().seats[0]  # type: ignore[union-attr]
        match.act(seat, match.bot_choice(seat))
    tr = Translator("en", names=match.seat_name)
    queries = {q.name: q for q in match.state.queries()}
    out = {}
    for name, arg in (("where", ""), ("map", ""), ("island", "efate")):
        start = time.perf_counter()
        for _ in range(samples):
            tr.render_all(queries[name].run(match.state, 0, arg))
        out[name] = (time.perf_counter() - start) / samples * 1000
    return out


def normal_against_random(players: int, rising: str, games: int) -> dict[str, float]:
    """One normal bot (its seat rotating) against random bots."""
    wins = lost = 0
    rng = random.Random(players)
    for n in range(games):
        normal = n % players
        seats = [SeatSpec("bot", level="normal" if i == normal else "random", name_index=i)
                 for i in range(players)]
        match = Match(SPEC, SPEC.settings(players, rng.randrange(10**9),
                                          {"rising_waters": rising}), seats)
        play_out(match)
        outcome = match.state.outcome()
        assert outcome is not None
        lost += match.state.lost_to_sea
        wins += normal in outcome.winners
    dry = games - lost
    return {"normal_win_rate": wins / games, "fair_share": 1 / players, "sea": lost / games,
            "win_when_dry": wins / dry if dry else 0.0}


def table_loss(level: str, players: int, games: int, seed: int = 0) -> float:
    return sea_tables(level, players, games, seed)[0] / games


def sea_tables(level: str, players: int, games: int, seed: int) -> tuple[int, float, float]:
    """Tables of one level with the rising waters: tables lost to the sea, and the mean
    prestige of a seat over all games and over the games the sea did not take (a sunk
    table has no winner, its seats' points still say how they played)."""
    lost = 0
    every: list[int] = []
    dry: list[int] = []
    for n in range(games):
        match = Match(SPEC, SPEC.settings(players, seed + n), [
            SeatSpec("bot", level=level, name_index=i) for i in range(players)])
        play_out(match)
        lost += match.state.lost_to_sea
        points = [p.pp for p in match.state.players]
        every += points
        if not match.state.lost_to_sea:
            dry += points
    return lost, statistics.mean(every), statistics.mean(dry) if dry else 0.0


def sea_section(games: int, seed: int = 130_000) -> None:
    """Tables of normal bots lost to the sea at 3, 4 and 5 players (Markdown rows)."""
    print(f"\n## Tables of normal bots and the sea ({games} games a line, seeds from {seed})\n")
    print("| players | lost to the sea (95 %) | mean prestige of a seat, all games / dry |")
    print("|---|---|---|")
    for players in (3, 4, 5):
        lost, every, dry = sea_tables("normal", players, games, seed)
        low, high = strong_bench.wilson(lost, games)
        print(f"| {players} | {lost / games:.1%} ({low:.1%}–{high:.1%}) | "
              f"{every:.1f} / {dry:.1f} |", flush=True)


def final_key(state: object, seat: int) -> tuple[int, int, int]:
    """The final count's order (VA-40): prestige, then huts, then vatu."""
    player = state.players[seat]  # type: ignore[attr-defined]
    return player.pp, state.huts_on_board(seat), player.vatu  # type: ignore[attr-defined]


def strong_pairwise(players: int, games: int, iterations: int, seed: int = 90_000) -> None:
    """One strong seat (rotating) against normal seats: its share of the wins, its pairwise
    rate (the share of normal seats it finishes above, ties half), scores, and how often
    the search overrules the normal bot's choice."""
    from a11y_games.games.vanuatu.bots import NormalBot

    spec = strong_bench._spec(SPEC, iterations)
    wins = nobody = 0.0
    above = pairs = 0.0
    dry_above = dry_pairs = 0.0
    scores: dict[str, list[int]] = {"strong": [], "normal": []}
    decisions = overruled = 0
    times: list[float] = []
    start = time.perf_counter()
    for n in range(games):
        strong = n % players
        seats = [SeatSpec("bot", level="strong" if i == strong else "normal", name_index=i)
                 for i in range(players)]
        match = Match(spec, spec.settings(players, seed + n), seats)
        judge = NormalBot(strong, random.Random(n))
        while (pending := match.state.pending()) is not None:
            seat = pending.seats[0]
            legal = match.state.legal_actions(seat)
            if seat == strong and len(legal) > 1 and not pending.race:
                usual = judge.choose(match.state.observation(seat), legal)
                began = time.perf_counter()
                action = match.bot_choice(seat)
                times.append(time.perf_counter() - began)
                decisions += 1
                overruled += action != usual
            else:
                action = match.bot_choice(seat)
            match.act(seat, action, trusted=True)
        state = match.state
        outcome = state.outcome()
        winners = outcome.winners if outcome else frozenset()
        if not winners:
            nobody += 1
        elif strong in winners:
            wins += 1 / len(winners)
        mine = final_key(state, strong)
        for other in range(players):
            if other == strong:
                continue
            theirs = final_key(state, other)
            point = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            above += point
            pairs += 1
            if not state.lost_to_sea:
                dry_above += point
                dry_pairs += 1
        for s in range(players):
            scores["strong" if s == strong else "normal"].append(state.players[s].pp)
        if (n + 1) % 25 == 0 or n + 1 == games:  # a line so far: a long run may be cut
            played = n + 1
            decided = played - nobody
            low, high = strong_bench.wilson(wins, int(decided))
            plow, phigh = strong_bench.wilson(above, int(pairs))
            dlow, dhigh = strong_bench.wilson(dry_above, int(dry_pairs))
            print(f"| {players} players, 1 strong, {iterations} it. | {played} | "
                  f"{wins / max(1, decided):.0%} ({low:.0%}–{high:.0%}) | "
                  f"{above / pairs:.0%} ({plow:.0%}–{phigh:.0%}) | "
                  f"{dry_above / max(1, dry_pairs):.0%} ({dlow:.0%}–{dhigh:.0%}) | "
                  f"{int(nobody)} | {statistics.mean(scores['strong']):.1f} / "
                  f"{statistics.mean(scores['normal']):.1f} | {overruled} of {decisions} | "
                  f"{strong_bench.move_times(times)} | {time.perf_counter() - start:.0f} s |",
                  flush=True)


PAIRWISE_HEADER = (
    "| table | games | strong share of wins (95 %) | pairwise, all games | pairwise, dry "
    "games | sunk | mean prestige strong / normal | normal's choice overruled | strong move "
    "time | run time |\n|---|---|---|---|---|---|---|---|---|---|")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--quick", action="store_true", help="small counts, for a smoke run")
    parser.add_argument("--speed", action="store_true", help="only the speed section")
    parser.add_argument("--sea", type=int, default=0, metavar="GAMES",
                        help="only the tables of normal bots and the sea, GAMES a line")
    parser.add_argument("--pairwise", type=int, default=0, metavar="GAMES",
                        help="only strong against normal with pairwise rates, GAMES a table")
    parser.add_argument("--seed", type=int, default=90_000, help="the first seed (--pairwise)")
    strong_bench.add_arguments(parser, 10, [3])
    args = parser.parse_args()
    if args.sea:
        sea_section(args.sea)
        return
    if args.pairwise:
        print(PAIRWISE_HEADER)
        for players in args.strong_players:
            strong_pairwise(players, args.pairwise, args.iterations, args.seed)
        return
    if args.strong_only or args.calibrate:
        strong_bench.section(SPEC, args)
        return
    games = 20 if args.quick else args.games
    print("## Speed")
    for rising in ("on", "off"):
        wall, cpu = games_per_second(4, rising, 10 if args.quick else 200)
        print(f"random 4 players, rising waters {rising}: {wall:.1f} games/s"
              f" ({cpu:.1f} per CPU second)")
    mean, worst = bot_move_times(2 if args.quick else 20)
    print(f"normal bot move: mean {mean:.2f} ms, worst {worst:.1f} ms")
    for name, ms in query_latency(50 if args.quick else 500).items():
        print(f"query {name}: {ms:.2f} ms (built and rendered)")
    if args.speed:
        return
    print("## Normal against random")
    for rising in ("on", "off"):
        for players in (3, 4, 5):
            r = normal_against_random(players, rising, games)
            print(f"{players} players, rising {rising}: normal wins {r['normal_win_rate']:.1%}"
                  f" (fair share {r['fair_share']:.0%}), {r['win_when_dry']:.1%} of the games"
                  f" not lost to the sea; table lost to the sea {r['sea']:.1%}"
                  f" over {games} games")
    print("## Tables of one level, rising waters on")
    for level in ("random", "normal"):
        for players in (3, 4, 5):
            share = table_loss(level, players, max(20, games // 5))
            print(f"all {level}, {players} players: lost to the sea {share:.1%}"
                  f" over {max(20, games // 5)} games")
    strong_bench.section(SPEC, args)


if __name__ == "__main__":
    main()
