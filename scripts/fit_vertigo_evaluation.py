"""Fit the balance of Vertigo's search evaluation (``worlds.worth``) on normal bots' games
(not a test; pure Python, about a minute).

    .venv/bin/python scripts/fit_vertigo_evaluation.py [--games 600] [--seed 300000] [--players 4]

Every ``--every`` actions, each seat's worth in parts, minus the same part of the best
other seat: what the worth counts in factories now and bought with money in hand
(factories + pawns / 25 + (money + students' fees) / 20 × the discount), the income over
the turns left (in the same factories), the factories its own pollution threatens, and 1
if it could not pay its upkeep. A logistic regression (Newton's method, no intercept) on
whether the seat won, for each stage (turns up to 4, 5 to 8, 9 on) and the whole game:
its weights, log-likelihood, and that of ``worth``'s own balance (1, 1, -1, -3 over its
scale 1.5). The ratio income / base says how much a dollar of income to come counts
against a dollar in hand (1 in ``worth``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games.vertigo import SPEC, data
from a11y_games.games.vertigo.country import EMPTY
from a11y_games.games.vertigo.state import VertigoState
from a11y_games.games.vertigo.worlds import MONEY_PER_FACTORY, SOURCE_MARKERS, turns_left

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_utopia_evaluation import fit, likelihood

PARTS = ("base", "income", "threatened", "ineligible")
STAGES = ((1, 5), (5, 9), (9, 100), (1, 100))
WORTH = (1 / 1.5, 1 / 1.5, -1 / 1.5, -3 / 1.5)
"""``worth``'s balance of the parts, as logistic weights (``prospects``' scale 1.5)."""


def parts(state: VertigoState, seat: int) -> list[float]:
    """``seat``'s worth in ``PARTS`` (``worlds.worth`` without its floor at no funds)."""
    c = state.countries[seat]
    ahead = turns_left(state)
    discount = ahead / (ahead + 2) / MONEY_PER_FACTORY
    income = (c.population() + data.PRODUCTION["clean"] * c.factories("clean")
              + data.PRODUCTION["polluting"] * c.factories("polluting")
              - c.pawns() * data.UPKEEP_PER_PAWN)
    threatened = 0.0
    for r in range(len(data.REGIONS)):
        excess = c.sources(r) * SOURCE_MARKERS * min(ahead, 3.0) - c.prov[r].count(EMPTY)
        if excess > 0:
            threatened += excess * c.factories(region=r) / max(c.population(r), 1)
    base = c.factories() + c.pawns() / 25 + (c.money + data.TRAIN_PRICE * c.students()) * discount
    return [base, income * ahead * discount, threatened, float(not state.eligible(seat))]


def rows(games: int, seed: int, players: int, every: int) -> list[tuple[int, list[float], float]]:
    """(turn, part differences, won) for each seat every ``every`` actions."""
    out = []
    for n in range(games):
        match = Match(SPEC, SPEC.settings(players, seed + n),
                      [SeatSpec("bot", level="normal", name_index=i) for i in range(players)])
        state = match.state
        assert isinstance(state, VertigoState)
        points, step = [], 0
        while (pending := state.pending()) is not None:
            match.act(pending.seats[0], match.bot_choice(pending.seats[0]), trusted=True)
            step += 1
            if step % every == 0 and state.turn >= 1 and state.pending() is not None:
                points.append((state.turn, [parts(state, s) for s in range(players)]))
        outcome = state.outcome()
        winners = outcome.winners if outcome else frozenset()
        if not winners:
            continue
        for turn, table in points:
            for seat in range(players):
                others = [table[s] for s in range(players) if s != seat]
                diff = [table[seat][i] - max(o[i] for o in others) for i in range(len(PARTS))]
                out.append((turn, diff, (seat in winners) / len(winners)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=300_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--every", type=int, default=25)
    args = parser.parse_args()
    data_ = rows(args.games, args.seed, args.players, args.every)
    print(f"{len(data_)} rows from {args.games} games, {args.players} players\n")
    print("| turns | rows | " + " | ".join(PARTS) + " | income / base | log-likelihood: "
          "fit / worth |\n|---|---|" + "---|" * (len(PARTS) + 2))
    for low, high in STAGES:
        part = [(x, y) for turn, x, y in data_ if low <= turn < high]
        w, ll = fit(part)
        print(f"| {low} to {min(high - 1, 12)} | {len(part)} | "
              + " | ".join(f"{v:.3f}" for v in w)
              + f" | {w[1] / w[0]:.2f} | {ll:.3f} / {likelihood(part, WORTH):.3f} |")


if __name__ == "__main__":
    main()
