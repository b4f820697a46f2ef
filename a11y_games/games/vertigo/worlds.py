"""What the search needs from Vertigo: a seat's world view, worlds drawn from it, scores.

Vertigo hides little: the votes other countries have cast on the law in progress (secret
until the count), their half-made split votes, and the random source (pollution dice, the
coin that may end the game from turn 8). The view keeps who has voted (the table sees who
is still to vote) but not how: each cast vote becomes an abstention, and a sampled world
draws it again, all yes or all no, at even odds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from a11y_games.engine.search import copy_state, prospects
from a11y_games.engine.spec import Bot
from a11y_games.games.vertigo import data
from a11y_games.games.vertigo.bots import NormalBot
from a11y_games.games.vertigo.country import EMPTY
from a11y_games.games.vertigo.state import VertigoState

__all__ = ["confidence", "confidence_at", "evaluate", "horizon", "policy", "reach", "sample",
           "scores", "searched", "stop", "view", "worth"]

horizon = 15
"""Normal-bot actions after the tree: about the rest of the step in hand. The evaluation
projects the turns ahead (income, money, pollution to come); longer playouts mostly add
the noise of the dice (2 players, 40 iterations, 60 games: 40 actions won 54 %, 15 won
65 %, and 70 % with the menu loop mended: docs/benchmarks/strong.md)."""


MOMENT_FROM = 4
"""From this count of players a playout is scored at one moment (``stop``), not after
``horizon`` actions."""
moment: str | None = None
"""Where playouts stop from ``MOMENT_FROM`` players: ``handover``, once the seat's own
setup or management is over (the others as they were: no die is rolled in between);
``round``, once the round's pollution and production are played (from the setup, turn
1's); None: ``horizon``."""
stop_in_tree = True
"""The moment ends the walk through the tree too (engine.search)."""
LONGEST = 400
"""Actions a playout may take to reach its moment, at most (a round of 4 countries took
at most 113 actions in 20 games of normal bots)."""


def _block(state: VertigoState) -> tuple[int, str, int]:
    """Which stretch of the game ``state`` is in: the turn, the phase (management and its
    upkeep as one) and whose turn within it."""
    phase = "manage" if state.phase == "upkeep" else state.phase
    return state.turn, phase, state.cursor


def reach(players: int) -> int:
    """The playout's bound: ``horizon`` actions, or room to reach the moment."""
    return LONGEST if players >= MOMENT_FROM and moment else horizon


def stop(state: VertigoState) -> bool:  # type: ignore[override]
    """True once the playout has reached the moment every answer is scored at (from
    ``MOMENT_FROM`` players): the end of the seat's own setup or management (``handover``;
    from other decisions, as ``round``), or the end of the round's pollution and
    production (``round``; from the setup, turn 1's)."""
    if not moment:  # (the default: the first test, every step of every playout)
        return False
    start = getattr(state, "_start", None)
    if start is None or state.n < MOMENT_FROM:
        return False
    turn, phase, _ = start
    if moment == "handover" and phase in ("manage", "setup"):
        return _block(state) != start
    last = turn + 1 if phase in ("laws", "vote") else max(turn, 1)
    return state.turn > last or (state.turn == last and state.phase in ("laws", "vote"))


def view(state: VertigoState, seat: int) -> VertigoState:  # type: ignore[override]
    """``seat``'s world view: the other seats' secret votes made neutral, a fresh random
    source."""
    world = copy_state(state, ("_snapshot",))
    assert isinstance(world, VertigoState)
    hidden = []
    if world.phase == "vote":
        for other in list(world.vote_paths):
            if other == seat:
                continue
            world.vote_paths[other] = []
            if other in world.votes:
                hidden.append(other)
                world.votes[other] = (0, 0, world.countries[other].diplomats)
    pending = world.pending()
    if pending is None or seat not in pending.seats:
        world.path = []
    world._hidden_votes = tuple(hidden)  # type: ignore[attr-defined]
    world.rng = random.Random(0)
    world._cache_pending, world._cache_legal, world._memo = None, {}, {}
    world._snapshot = None
    return world


def sample(seen: VertigoState, rng: random.Random) -> VertigoState:  # type: ignore[override]
    """A world consistent with the view ``seen``: hidden votes drawn again, new dice."""
    world = copy_state(seen, ("_snapshot",))
    assert isinstance(world, VertigoState)
    for other in world._hidden_votes:  # type: ignore[attr-defined]
        k = world.countries[other].diplomats
        world.votes[other] = (k, 0, 0) if rng.random() < 0.5 else (0, k, 0)
    world.rng = random.Random(rng.getrandbits(64))
    world._start = _block(seen)  # type: ignore[attr-defined]  # (for ``stop``)
    return world


MONEY_PER_FACTORY = 20
"""Dollars a new factory costs with its engineers trained (a clean one: 10 $ and 2 students)."""
SOURCE_MARKERS = 4 / 6
"""Markers a pollution source puts in its own region per turn, on average (VG-21)."""
confidence = 2.0
"""The search overrules the normal bot on a lead of two standard errors (engine.search): on
few iterations, only clear gains."""
confidence_4 = 1.5
"""The bar from 4 players, lower: there the overrules pay on the whole (20 mirrored deals:
63 % pairwise at 2.0, 66 % at 1.5, 47 % at 3.0; then 1.5: 60.6 % of 412 new games;
docs/benchmarks/strong.md, eighth pass)."""


def confidence_at(players: int) -> float:
    """The overrule bar by the count of players."""
    return confidence_4 if players >= 4 else confidence


def most(players: int) -> int | None:
    """Iterations the search stops at within its second, by the count of players: 60 at 4
    (there 120 iterations lost to the normal bot where 60 beat it: the overrules doubled
    and lost; docs/benchmarks/strong.md, fifth pass); at 2 and 3 more helped: the second."""
    return 60 if players >= 4 else None


def searched(legal: list[str]) -> bool:
    """False for what the search judged no better than the normal bot (VG third pass:
    counterfactual playouts of its overrules): a pollution marker placed in one's own
    region (every answer a province; the normal bot's rule, the least valuable province
    away from crowds, is kept), a marker cleaned up (a province or ``skip``), a law to
    propose and a vote. The search's budget goes to the setup and what to buy, and where."""
    if all(action.startswith("province:") for action in legal):
        return False
    if "skip" in legal or "pass" in legal:
        return False
    return not any(action.startswith("vote:") for action in legal)


def turns_left(state: VertigoState) -> float:
    """Management phases still to come after this turn, on average (the coin from turn 11
    ends the game at even odds, VG-12)."""
    return max(0, data.COIN_FROM_TURN - state.turn) + 1.0


def worth(state: VertigoState, seat: int) -> float:
    """How the end-of-game ranking would see ``seat`` (VG-32), projected: factories, less
    those its own pollution will destroy, plus the factories its money and income will buy
    in the turns left, then pawns; nothing for a country that could not pay its upkeep."""
    c = state.countries[seat]
    if not state.active[seat]:
        return -10.0
    ahead = turns_left(state)
    income = (c.population() + data.PRODUCTION["clean"] * c.factories("clean")
              + data.PRODUCTION["polluting"] * c.factories("polluting")
              - c.pawns() * data.UPKEEP_PER_PAWN)
    funds = max(0.0, c.money + income * ahead + data.TRAIN_PRICE * c.students())
    value = c.factories() + c.pawns() / 25 + funds / MONEY_PER_FACTORY * ahead / (ahead + 2)
    for r in range(len(data.REGIONS)):
        excess = c.sources(r) * SOURCE_MARKERS * min(ahead, 3.0) - c.prov[r].count(EMPTY)
        if excess > 0:
            value -= excess * c.factories(region=r) / max(c.population(r), 1)
    if not state.eligible(seat):
        value -= 3.0
    return value


def scores(state: VertigoState) -> list[float]:  # type: ignore[override]
    """Factories by seat (the first ranking criterion, VG-32)."""
    return [float(c.factories()) for c in state.countries]


def evaluate(state: VertigoState) -> Sequence[float]:  # type: ignore[override]
    """Each seat's ranking worth as prospects; a dead planet is lost for everyone."""
    if state.result is not None and not state.result.winners:
        return [0.0] * state.n
    values = [worth(state, s) for s in range(state.n)]
    out = prospects(values, 1.5, state.result.winners if state.result else None)
    # every step of planetary pollution brings the end where nobody wins a little closer
    doom = 1.0 - 0.5 * (state.planet / data.PLANET_MAX) ** 2
    return [v * doom for v in out]


def policy(seat: int, rng: random.Random) -> Bot:
    """The playout bot: the normal bot."""
    return NormalBot(seat, rng)
