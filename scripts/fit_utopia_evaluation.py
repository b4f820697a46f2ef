"""Fit the weights of Utopia's search evaluation (``worlds.STAGES``) on normal bots' games
(not a test; pure Python, about half a minute).

    .venv/bin/python scripts/fit_utopia_evaluation.py [--games 400] [--seed 300000] [--players 2]

Just after each round's scoring (where the strong bot's playouts stop), each seat's
features minus those of the best other seat: prestige, its monuments' present value times
the rounds left, what its princes promise (the normal bot's estimate), cards in hand (up to
the limit). A logistic regression (Newton's method, no intercept) on whether the seat won,
for each stage of the game (the table's best score under 20, 20 to 34, 35 and more), with
the mean best score of each stage (the weights' anchor in ``worlds.STAGES``) and the
log-likelihood of the weights the search uses at that count and of the 2-player ones.
"""

from __future__ import annotations

import argparse
import math

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games.utopia import SPEC
from a11y_games.games.utopia.bots import Position
from a11y_games.games.utopia.data import HAND_LIMIT
from a11y_games.games.utopia.state import UtopiaState
from a11y_games.games.utopia.worlds import weights

STAGES = ((0, 20), (20, 35), (35, 1000))


def features(state: UtopiaState, seat: int) -> list[float]:
    pos = Position(state.observation(seat))
    built = sum(pos.view.value(civ) for _, owner, civ in pos.view.monuments if owner == seat)
    return [state.scores[seat], pos.rounds_left * built, pos.potential(set(state.active)),
            min(sum(state.hands[seat]), HAND_LIMIT)]


def rows(games: int, seed: int, players: int) -> list[tuple[float, list[float], float]]:
    """(the table's best score, feature differences, won) for each seat after each scoring."""
    out = []
    for n in range(games):
        match = Match(SPEC, SPEC.settings(players, seed + n),
                      [SeatSpec("bot", level="normal", name_index=i) for i in range(players)])
        state = match.state
        assert isinstance(state, UtopiaState)
        rnd, points = state.round, []
        while (pending := state.pending()) is not None:
            match.act(pending.seats[0], match.bot_choice(pending.seats[0]), trusted=True)
            if state.round != rnd:
                rnd = state.round
                points.append((max(state.scores), [features(state, s) for s in range(players)]))
        winners = state.winners
        for best, table in points:
            for seat in range(players):
                others = [table[s] for s in range(players) if s != seat]
                diff = [table[seat][i] - max(o[i] for o in others) for i in range(4)]
                out.append((best, diff, (seat in winners) / len(winners)))
    return out


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*a[i], b[i]] for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(data: list[tuple[list[float], float]]) -> tuple[list[float], float]:
    """Logistic regression weights and the mean log-likelihood."""
    k = len(data[0][0])
    w = [0.0] * k
    ll = 0.0
    for _ in range(25):
        g = [0.0] * k
        h = [[1e-6 * (i == j) for j in range(k)] for i in range(k)]
        ll = 0.0
        for x, y in data:
            z = max(-30.0, min(30.0, sum(wi * xi for wi, xi in zip(w, x, strict=True))))
            p = 1 / (1 + math.exp(-z))
            ll += y * math.log(max(p, 1e-12)) + (1 - y) * math.log(max(1 - p, 1e-12))
            for i in range(k):
                g[i] += (y - p) * x[i]
                for j in range(k):
                    h[i][j] += p * (1 - p) * x[i] * x[j]
        w = [wi + s for wi, s in zip(w, _solve(h, g), strict=True)]
    return w, ll / len(data)


def likelihood(data: list[tuple[list[float], float]], w: list[float] | tuple[float, ...]) -> float:
    """The mean log-likelihood of weights ``w`` on ``data``."""
    ll = 0.0
    for x, y in data:
        z = max(-30.0, min(30.0, sum(wi * xi for wi, xi in zip(w, x, strict=True))))
        p = 1 / (1 + math.exp(-z))
        ll += y * math.log(max(p, 1e-12)) + (1 - y) * math.log(max(1 - p, 1e-12))
    return ll / len(data)


def in_use(data: list[tuple[float, list[float], float]], players: int) -> None:
    """How the weights the search uses at this count (``worlds.weights``) and the 2-player
    ones score on these rows, stage by stage."""
    for label, count in (("in use", players), ("of 2 players", 2)):
        lls = []
        for low, high in STAGES:
            part = [(x, y) for best, x, y in data if low <= best < high]
            lls.append(sum(likelihood([(x, y)], weights(best, count))
                           for best, x, y in data if low <= best < high) / max(len(part), 1))
        print(f"- the weights {label}: log-likelihood "
              + ", ".join(f"{ll:.3f}" for ll in lls))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=300_000)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    data = rows(args.games, args.seed, args.players)
    print(f"{len(data)} rows from {args.games} games, {args.players} players")
    print("| table's best score | rows | its mean | prestige | monuments × rounds left "
          "| promise | cards | log-likelihood (a coin: -0.693) |\n"
          "|---|---|---|---|---|---|---|---|")
    for low, high in STAGES:
        part = [(x, y) for best, x, y in data if low <= best < high]
        w, ll = fit(part)
        mean = sum(best for best, _, _ in data if low <= best < high) / max(len(part), 1)
        print(f"| {low} to {high - 1} | {len(part)} | {mean:.0f} | "
              + " | ".join(f"{v:.3f}" for v in w) + f" | {ll:.3f} |")
    in_use(data, args.players)


if __name__ == "__main__":
    main()
