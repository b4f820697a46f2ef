"""PNUE benchmarks: bot strength by camp, random games per second, normal bot move time.

    .venv/bin/python scripts/bench_pnue.py [--games 1000] [--players 5 7 10] [--speed 500]
    .venv/bin/python scripts/bench_pnue.py --versus 04742f3 --skip-speed --skip-strength
    .venv/bin/python scripts/bench_pnue.py --strong 40 --strong-only --iterations 20 --overrules

``--versus REF``: this normal bot against the normal bot of commit REF (its ``bots.py``
read from git), camp against camp, both ways round. ``--overrules``: the strong camps'
games played here, counting the decisions where the search overruled the normal bot.

Prints Markdown tables (copied into docs/benchmarks/pnue.md). Bots-only games through the
engine's ``simulate`` (the same path as ``a11y-games simulate``); ``camp_levels`` gives
each seat its camp's bot level after the deal, without the bots seeing it.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import subprocess
import sys
import time
import types
from collections import Counter
from pathlib import Path

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.search import strong_factory
from a11y_games.engine.simulate import simulate
from a11y_games.engine.spec import GameSpec
from a11y_games.games.pnue import SPEC, worlds
from a11y_games.games.pnue.bots import NormalBot

VOTES_READ = True
"""PNUE's strong bot (``worlds.strong_bots``: an ecologist's vote is its reading); False
(``--search-votes``): the engine's search bot for every decision, as before."""
SETUPS = [("random", "random"), ("normal", "random"), ("random", "normal"), ("normal", "normal")]


sys.path.insert(0, str(Path(__file__).resolve().parent))
import strength as strong_bench  # noqa: E402


def strength(players: list[int], games: int, seed: int) -> None:
    print("| players | ecologists | lobbyists | ecologists win | lobbyists win | games |")
    print("|---|---|---|---|---|---|")
    for n in players:
        for eco, lob in SETUPS:
            report = simulate(SPEC, players=n, games=games, seed=seed,
                              camp_levels={"ecologists": eco, "lobbyists": lob})
            done = report.games - report.unfinished
            e = report.camp_wins["ecologists"] / done
            print(f"| {n} | {eco} | {lob} | {e:.1%} | {1 - e:.1%} | {report.games} |",
                  flush=True)


def old_normal(ref: str) -> type:
    """The normal bot of commit ``ref`` (its ``bots.py`` from git, run with today's rules)."""
    root = Path(__file__).resolve().parent.parent
    source = subprocess.run(["git", "show", f"{ref}:a11y_games/games/pnue/bots.py"], cwd=root,
                            check=True, capture_output=True, text=True).stdout
    module = types.ModuleType(f"pnue_bots_{ref}")
    exec(compile(source, f"{ref}:bots.py", "exec"), module.__dict__)
    bot: type = module.NormalBot
    return bot


def versus(players: list[int], games: int, seed: int, ref: str) -> None:
    """This normal bot's camps against the normal bot of ``ref``, and each against itself."""
    spec = dataclasses.replace(SPEC, bots={**SPEC.bots, "old": old_normal(ref)})
    print("| players | ecologists | lobbyists | ecologists win (95 %) | lobbyists win | "
          "games |\n|---|---|---|---|---|---|")
    for n in players:
        for eco, lob in (("old", "old"), ("normal", "old"), ("old", "normal"),
                         ("normal", "normal")):
            report = simulate(spec, players=n, games=games, seed=seed,
                              camp_levels={"ecologists": eco, "lobbyists": lob})
            done = report.games - report.unfinished
            wins = report.camp_wins["ecologists"]
            low, high = strong_bench.wilson(wins, done)
            name = {"old": f"normal {ref}", "normal": "normal"}
            print(f"| {n} | {name[eco]} | {name[lob]} | {wins / done:.1%} ({low:.1%}–"
                  f"{high:.1%}) | {1 - wins / done:.1%} | {report.games} |", flush=True)


ENDS = {"pnue.end.dollar_elected": "Mr Dollar elected",
        "pnue.end.eco_tiles": "six ecological resolutions",
        "pnue.end.lob_tiles": "six lobbyist resolutions",
        "pnue.end.dollar_revoked": "Mr Dollar revoked"}
"""How a game ended (its reason's message id), in a few words (``--overrules``)."""


def overrules(players: list[int], games: int, iterations: int, seed: int,
              camps: tuple[str, ...] = ("ecologists", "lobbyists")) -> None:
    """Strong camps against normal camps, counting where the search overruled the normal
    bot (the normal bot's answer from the same observation) and how those games ended."""
    spec: GameSpec = dataclasses.replace(SPEC, bots={
        **SPEC.bots, "strong": (worlds.strong_bots(iterations=iterations) if VOTES_READ
                                else strong_factory(worlds, iterations=iterations))})
    print("| table | games | strong camp wins (95 %) | decisions searched | overruled, by "
          "phase | wins in games with / without an overrule | strong move time |")
    print("|---|---|---|---|---|---|---|")
    for n in players:
        for camp in camps:
            wins = decisions = 0
            phases: Counter[str] = Counter()
            split = {True: [0, 0], False: [0, 0]}
            times: list[float] = []
            ends: Counter[str] = Counter()
            start = time.perf_counter()
            for g in range(games):
                settings = spec.settings(n, seed + g, None)
                probe = spec.new_state(settings, random.Random(settings.seed))
                strong = {s for s in range(n) if probe.camp_of(s) == camp}
                match = Match(spec, settings, [SeatSpec(
                    "bot", level="strong" if i in strong else "normal", name_index=i)
                    for i in range(n)])
                overruled = False
                while (pending := match.state.pending()) is not None:
                    seat = pending.seats[0]
                    legal = match.state.legal_actions(seat)
                    if pending.race:
                        match.act(seat, legal[0], trusted=True)
                        continue
                    if seat in strong and len(legal) > 1:
                        twin = random.Random()  # the search's own first draw: its default
                        twin.setstate(match._bots[seat].rng.getstate())  # type: ignore[attr-defined]
                        usual = NormalBot(seat, twin).choose(match.state.observation(seat), legal)
                        began = time.perf_counter()
                        action = match.bot_choice(seat)
                        times.append(time.perf_counter() - began)
                        decisions += 1
                        if action != usual:
                            phases[str(match.state.phase)] += 1
                            overruled = True
                    else:
                        action = match.bot_choice(seat)
                    match.act(seat, action, trusted=True)
                outcome = match.state.outcome()
                won = outcome is not None and outcome.camp == camp
                ends[ENDS.get(outcome.reason.id, outcome.reason.id) if outcome else "none"] += 1
                wins += won
                split[overruled][0] += won
                split[overruled][1] += 1
                if (g + 1) % 5 == 0:  # a long run stopped early still says something
                    print(f"{n} players, strong {camp}: {wins} of {g + 1} "
                          f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
            low, high = strong_bench.wilson(wins, games)
            by_phase = ", ".join(f"{k} {v}" for k, v in phases.most_common()) or "none"
            w, o = split[True], split[False]
            print(f"| {n} players, strong {camp}, {iterations} it. | {games} | "
                  f"{wins / games:.0%} ({low:.0%}–{high:.0%}) | {decisions} | {by_phase} | "
                  f"{w[0]}/{w[1]} / {o[0]}/{o[1]} | {strong_bench.move_times(times)} "
                  f"({time.perf_counter() - start:.0f} s) |", flush=True)
            print(f"How they ended: {', '.join(f'{k} {v}' for k, v in ends.most_common())}.",
                  file=sys.stderr, flush=True)


def speed(players: list[int], games: int, seed: int) -> None:
    """Games per second by the wall clock (as ``simulate`` reports) and by CPU time (what the
    process itself used: steadier on a shared machine)."""
    print("| players | level | games | games/s (wall) | games/s (CPU) | actions/game |")
    print("|---|---|---|---|---|---|")
    for n in players:
        for level, count in (("random", games), ("normal", max(50, games // 5))):
            cpu = time.process_time()
            report = simulate(SPEC, players=n, games=count, seed=seed, levels=level)
            cpu = time.process_time() - cpu
            print(f"| {n} | {level} | {count} | {report.games_per_second:.0f} | "
                  f"{count / cpu:.0f} | {report.mean_length:.0f} |", flush=True)


def move_time(players: int, games: int, seed: int) -> None:
    """Time every normal bot decision (observation + choice) over whole games."""
    times: list[float] = []
    for g in range(games):
        settings = SPEC.settings(players, seed + g, {"crises": "on"})
        match = Match(SPEC, settings, [SeatSpec("bot", level="normal", name_index=i)
                                       for i in range(players)])
        race = random.Random(g)
        while (pending := match.state.pending()) is not None:
            seat = race.choice(pending.seats) if pending.race else pending.seats[0]
            start = time.perf_counter()
            action = match.bot_choice(seat)
            times.append(time.perf_counter() - start)
            match.act(seat, action)
    times.sort()
    p99 = times[int(len(times) * 0.99)]
    print(f"normal bot, {players} players, {len(times)} decisions: "
          f"median {statistics.median(times) * 1e6:.0f} µs, p99 {p99 * 1e6:.0f} µs, "
          f"max {times[-1] * 1e3:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per strength line")
    parser.add_argument("--players", type=int, nargs="*", default=[5, 7, 10])
    parser.add_argument("--speed", type=int, default=500, help="games per speed line")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--skip-strength", action="store_true")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--versus", metavar="REF", help="against the normal bot of commit REF")
    parser.add_argument("--overrules", action="store_true",
                        help="strong camps, counting the search's overrules")
    parser.add_argument("--strong-camps", nargs="*", default=["ecologists", "lobbyists"])
    parser.add_argument("--strong-seed", type=int, default=90_000)
    parser.add_argument("--search-votes", action="store_true",
                        help="the engine's search bot for every decision, ecologists' votes too")
    strong_bench.add_arguments(parser, 40, [5, 7, 10])
    args = parser.parse_args()
    if args.versus:
        print(f"## Normal against the normal bot of {args.versus}\n")
        versus(args.players, args.games, args.seed, args.versus)
    if args.search_votes:
        global VOTES_READ
        VOTES_READ = False
    if args.overrules or (args.strong and args.strong_only):  # PNUE's own camp duel
        overrules(args.strong_players, args.strong, args.iterations, args.strong_seed,
                  tuple(args.strong_camps))
        return
    if args.strong_only or args.calibrate:
        strong_bench.section(SPEC, args, camps=("ecologists", "lobbyists"))
        return
    if not args.skip_speed:
        print("## Speed\n")
        speed(args.players, args.speed, args.seed)
        print()
        for n in args.players:
            move_time(n, 30, args.seed)
    if not args.skip_strength:
        print("\n## Strength\n")
        strength(args.players, args.games, args.seed)
    strong_bench.section(SPEC, args, camps=("ecologists", "lobbyists"))


if __name__ == "__main__":
    main()
