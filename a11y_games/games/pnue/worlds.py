"""What the search needs from PNUE: a seat's world view, worlds drawn from it, camps.

Secret in PNUE: every other seat's interest card (and Mr Dollar's seat), the tiles in the
pile, the discards, a hand the seat does not hold and the fictive players' tiles, the
votes already cast on the government under way, the other Presidents' investigations and
the random source. The view keeps the seat's own role, hand and record, and the public
record; it puts every tile the seat cannot see in one sorted pool.

A sampled world deals roles again the way the set-up deals them (the same envelopes, the
same variant), keeps only deals that agree with what the seat knows (its own card, what it
investigated, whether a revoked player was Mr Dollar), and among a few such deals prefers
those that make lobbyists of the seats the normal bot suspects most; then it deals the
unknown tiles by the sizes the table can count.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from a11y_games.engine.search import DEFAULT_SECONDS, SearchBot, copy_state
from a11y_games.engine.spec import Bot
from a11y_games.games.pnue import data
from a11y_games.games.pnue.belief import belief
from a11y_games.games.pnue.bots import NormalBot, suspicion
from a11y_games.games.pnue.data import DOLLAR, ECOLOGIST, LOBBYIST, Role
from a11y_games.games.pnue.setup import envelopes
from a11y_games.games.pnue.state import Phase, PnueState

__all__ = ["StrongBot", "evaluate", "horizon", "policy", "sample", "scores", "searched",
           "strong_bots", "view"]

horizon = 60
"""Normal-bot actions after the tree: two or three governments."""
CANDIDATES = 12
"""Deals that agree with the seat's knowledge, drawn before one is chosen by suspicion."""
BELIEF = 0.5
"""How strongly the normal bot's suspicion weighs a deal (per point of suspicion)."""
TRIES = 400


def _interest(role: Role) -> Role:
    return LOBBYIST if role == DOLLAR else role


def view(state: PnueState, seat: int) -> PnueState:  # type: ignore[override]
    """``seat``'s world view: others' cards, hidden tiles and secret votes made neutral."""
    world = copy_state(state, ("_public",))
    assert isinstance(world, PnueState)
    me = world.observation(seat)
    world._suspicion = suspicion(me)  # type: ignore[attr-defined]
    world._belief = (belief(me, me.public.variant)  # type: ignore[attr-defined]
                     if world.players >= 5 else None)
    world._me = me  # type: ignore[attr-defined]
    holder = (world.president if world.phase == Phase.DISCARD
              else world.secretary if world.phase == Phase.ENACT else None)
    pool = list(world.pile) + list(world.discards)
    hand_size = 0
    if holder != seat and world.hand:
        hand_size = len(world.hand)
        pool += world.hand
        world.hand = []
    for tiles in world.fictive.values():
        pool += tiles
        tiles[:] = [data.LOB] * len(tiles)
    world._unknown = (seat, sorted(pool), hand_size, len(world.pile),  # type: ignore[attr-defined]
                      len(world.discards))
    world.pile, world.discards = [], []
    if world.president != seat:
        world.drawn = [data.LOB] * len(world.drawn)  # only its size is public
    voted = [s for s in world.votes if s != seat and s < world.players]  # fictive: public
    for s in voted:
        world.votes[s] = True
    world._voted = tuple(voted)  # type: ignore[attr-defined]
    world.investigations = {p: found for p, found in world.investigations.items() if p == seat}
    world.secrets = {s: entries for s, entries in world.secrets.items() if s == seat}
    world.roles = [world.roles[seat] if s == seat else ECOLOGIST for s in range(world._seats)]
    world.dollar = seat if world.roles[seat] == DOLLAR else None
    world.setup = None  # type: ignore[assignment]
    world.subjects, world.arguing = {}, {}  # later claims are not searched: no claim menu
    world.rng = random.Random(0)
    world._refresh()
    return world


def _deal_roles(world: PnueState, rng: random.Random) -> list[Role]:
    """Roles for every seat as the set-up deals them (fictive players last)."""
    players = world.players
    if players >= 5:
        return envelopes(players, world.variant, rng)[0]
    piles = data.FICTIVE_PILES[players]
    kept = piles[rng.randrange(len(piles))]
    humans = [env[0] for env in kept if env[1] + env[2] == 0]
    rng.shuffle(humans)
    return humans + [env[0] for env in kept if env[1] + env[2] > 0]


def _agrees(world: PnueState, seat: int, roles: list[Role]) -> bool:
    """True if the deal fits what ``seat`` knows."""
    me = world._me  # type: ignore[attr-defined]
    if roles[seat] != me.role:
        return False
    for entry in me.secrets:
        if entry[1] == "investigated" and _interest(roles[entry[2]]) != entry[3]:
            return False
    for entry in me.public.record:
        if entry[1] == "revoke" and (roles[entry[3]] == DOLLAR) != entry[4]:
            return False
    return True


def _read_roles(world: PnueState, seat: int, rng: random.Random) -> list[Role] | None:
    """From 5 players: a lobbyists' camp drawn from the seat's reading of the table (every
    camp it cannot rule out, weighed by how well it explains the record), Mr Dollar one of
    its seats not cleared."""
    read = world._belief  # type: ignore[attr-defined]
    if read is None or not read.sets:
        return None
    me = world._me  # type: ignore[attr-defined]
    camps = [c for c in read.sets if c[1] > 0.0]
    if not camps:
        return None
    mask, _, dealt = rng.choices(camps, [c[1] for c in camps])[0]
    roles = [LOBBYIST if mask >> s & 1 else ECOLOGIST for s in range(world.players)]
    if me.role == DOLLAR:
        roles[seat] = DOLLAR
    elif dealt:
        free = [s for s in range(world.players) if mask >> s & 1 and s not in read.cleared]
        if not free:
            return None
        roles[rng.choice(free)] = DOLLAR
    return roles


def _roles(world: PnueState, seat: int, rng: random.Random) -> list[Role]:
    """A deal that agrees with the seat's knowledge, lobbyists where suspicion points."""
    if world.players >= 5:
        for _ in range(CANDIDATES):
            read = _read_roles(world, seat, rng)
            if read is None:
                break
            if _agrees(world, seat, read):
                return read
    found: list[list[Role]] = []
    for _ in range(TRIES):
        roles = _deal_roles(world, rng)
        if _agrees(world, seat, roles):
            found.append(roles)
            if len(found) >= CANDIDATES:
                break
    if not found:  # nothing fits in time: any deal with the seat's own card
        roles = _deal_roles(world, rng)
        own = world._me.role  # type: ignore[attr-defined]
        if roles[seat] != own:
            other = next((s for s, r in enumerate(roles) if r == own), None)
            if other is not None:
                roles[other] = roles[seat]
            roles[seat] = own
        return roles
    sus = world._suspicion  # type: ignore[attr-defined]
    weights = [math.exp(BELIEF * max(-10.0, min(10.0, sum(
        sus.get(s, 0.0) for s, r in enumerate(roles) if r != ECOLOGIST and s != seat))))
        for roles in found]
    return rng.choices(found, weights)[0]


def sample(seen: PnueState, rng: random.Random) -> PnueState:  # type: ignore[override]
    """A world consistent with the view ``seen``."""
    world = copy_state(seen, ("_public",))
    assert isinstance(world, PnueState)
    seat, pool, hand_size, pile, discards = world._unknown  # type: ignore[attr-defined]
    world.roles = _roles(world, seat, rng)
    world.dollar = next((s for s, r in enumerate(world.roles) if r == DOLLAR), None)
    tiles = list(pool)
    rng.shuffle(tiles)
    if hand_size:
        world.hand, tiles = tiles[:hand_size], tiles[hand_size:]
    for held in world.fictive.values():
        held[:], tiles = tiles[:len(held)], tiles[len(held):]
    world.discards, world.pile = tiles[:discards], tiles[discards:discards + pile]
    for s in world._voted:  # type: ignore[attr-defined]
        world.votes[s] = rng.random() < 0.5
    secrets: dict[int, Any] = dict(world.secrets)
    for entry in world._me.public.record:  # type: ignore[attr-defined]
        if entry[1] == "investigate" and entry[2] != seat:
            president, target = entry[2], entry[3]
            interest = _interest(world.roles[target])
            world.investigations.setdefault(president, []).append((target, interest))
            secrets[president] = (*secrets.get(president, ()),
                                  (entry[0], "investigated", target, interest))
    world.secrets = secrets
    world.rng = random.Random(rng.getrandbits(64))
    world._refresh()
    return world


def scores(state: PnueState) -> None:  # type: ignore[override]
    """PNUE is won by a camp: no points to report."""
    return None


def evaluate(state: PnueState) -> Sequence[float]:  # type: ignore[override]
    """1 for the winning camp's seats, 0 for the others; before the end, each camp's
    share of the resolutions it needs."""
    outcome = state.outcome()
    camps = [state.camp_of(s) for s in range(state.seat_count)]
    if outcome is not None:
        return [1.0 if s in outcome.winners else 0.0 for s in range(state.seat_count)]
    eco = state.eco_count() / state.win_at
    lob = state.lobbyist_count() / state.win_at
    lead = 0.5 + 0.5 * (eco - lob)
    return [lead if camp == "ecologists" else 1.0 - lead for camp in camps]


def searched(legal: list[str]) -> bool:
    """Claims are left to the normal bot: what a seat says about its tiles or an
    investigation is judged by the others over the whole game, which a playout of a few
    governments does not see (searched, ecologists lied when a lie won the playout)."""
    return not legal[0].startswith(("claim", "claim_role"))


def policy(seat: int, rng: random.Random) -> Bot:
    """The playout bot: the normal bot."""
    return NormalBot(seat, rng)


READ = (Phase.VOTE, Phase.DISCARD, Phase.ENACT)
"""An ecologist's decisions left to its reading of the table: its vote, and which tile it
throws away or enacts (an ecologist keeps ecological tiles)."""


class StrongBot(SearchBot):
    """PNUE's strong bot: it searches from its world view, but an ecologist's votes and tiles
    follow its reading of the table (``READ``). (At small budgets the search overruled them
    on the noise of a few playouts, and strong ecologists won less than normal ones.)"""

    def __init__(self, seat: int, rng: random.Random, **budget: Any) -> None:
        super().__init__(seat, rng, worlds=sys.modules[__name__], **budget)  # type: ignore[arg-type]
        self._reader = NormalBot(seat, rng)

    def choose(self, observation: Any, legal: list[str]) -> str:
        if (isinstance(observation, PnueState) and observation.phase in READ
                and observation.roles[self.seat] == ECOLOGIST):  # its own card, in its view
            return self._reader.choose(observation.observation(self.seat), legal)
        return super().choose(observation, legal)


def strong_bots(*, seconds: float | None = DEFAULT_SECONDS,
                iterations: int | None = None) -> Callable[[int, random.Random], StrongBot]:
    """PNUE's ``strong`` level (a budget: seconds, or iterations for the same moves)."""

    def make(seat: int, rng: random.Random) -> StrongBot:
        return StrongBot(seat, rng, seconds=seconds, iterations=iterations)

    return make
