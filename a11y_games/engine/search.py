"""The search behind every game's ``strong`` bots: information-set Monte Carlo tree search.

A strong bot never sees the true state. It receives its seat's *world view*: a copy of the
game in which everything the seat may not know has been replaced by neutral placeholders
(other hands emptied into one unknown pool, piles unordered, a fresh random source). The
game builds it (``Worlds.view``) and tests that it depends on ``observation(seat)`` only.
Each iteration of the search then draws one concrete world consistent with that view
(``Worlds.sample``: the unknown cards dealt at random, roles drawn among those still
possible), walks the tree of its own decisions (single-observer ISMCTS, after Cowling,
Powley and Whitehouse 2012: an action counts as available each time it is legal in a
sampled world; the other seats answer as the game's normal bots would, from their own view
of that world), plays on with the normal bots for a bounded number of actions, and scores
the end position with the game's evaluation (``Worlds.evaluate``).

Budgets: ``seconds`` (default 1 s a move, wall clock) or ``iterations`` (deterministic: the
same seed and iterations give the same move). A decision with one answer is never
searched, and the search's own best line of consecutive menu steps (what, then where) is
followed without searching again while its steps stay legal and were well visited.
"""

from __future__ import annotations

import hashlib
import math
import pickle
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from a11y_games.engine.actions import BACK
from a11y_games.engine.spec import Bot
from a11y_games.engine.state import GameState

__all__ = ["DEFAULT_SECONDS", "SearchBot", "Worlds", "copy_state", "prospects", "search",
           "strong_factory"]

DEFAULT_SECONDS = 1.0
"""The thinking time of a strong bot for one decision, when none is set."""
RESERVE = 0.95
"""The share of the time budget the search may use: the rest covers building the world
view and the last iteration running over."""
EXPLORATION = 0.7
"""UCB's exploration constant, for rewards between 0 and 1."""
PLAN_VISITS = 12
"""A step of the best line is replayed without a new search only if visited this often."""
MARGIN = 0.02
"""The search overrules the normal bot's choice only for an answer that scored this much
better on average (out of 1), plus half over the square root of the fewer visits of the
two (the noise of a mean of rewards between 0 and 1): between near equals, and on thin
evidence, the normal bot's purposeful move."""

ONWARD_STEPS = 4
"""After an overrule, the next steps of the menu the search entered (what, which kind,
where) go on without the normal bot's ``back``; then its ``back`` counts again (else a
menu that stays open after each purchase, like moving population, never closes)."""

Key = tuple[int, str]
"""An edge of the tree: the seat that decided and its action."""


class Worlds(Protocol):
    """What a game gives the search (its ``worlds`` module)."""

    horizon: int
    """Actions played by the normal bots after the tree before the position is scored."""

    def view(self, state: GameState, seat: int) -> GameState:
        """The seat's world view: a copy with every secret of the others made neutral."""
        ...

    def sample(self, view: GameState, rng: random.Random) -> GameState:
        """A full world consistent with ``view``, drawn from ``rng`` (a fresh object)."""
        ...

    def evaluate(self, state: GameState) -> Sequence[float]:
        """Each seat's prospects in ``state``, from 0 (lost) to 1 (won)."""
        ...

    def policy(self, seat: int, rng: random.Random) -> Bot:
        """The playout bot for ``seat`` (the game's normal bot)."""
        ...

    # Optional: ``searched(legal) -> bool``, False for decisions the search must leave to
    # the normal bot (PNUE's claims: a lie that wins a playout costs trust in later games
    # of talk the playouts do not model).
    # Optional: ``follow = True``: inside the tree too, the seat's own decisions that are
    # not ``searched`` are the normal bot's (the tree then values a choice as it will be
    # carried out).
    # Optional: ``stop(state) -> bool``: a playout ends early once it holds (Utopia: once
    # the round's scoring is done, so every playout is scored at the same moment).
    # Optional: ``stop_in_tree = True``: ``stop`` ends the walk through the tree too (the
    # others' moves between two of the seat's decisions, Vertigo at 4 players: else an
    # answer that ends the seat's turn is scored after the whole round, the others later).
    # Optional: ``reach(players) -> int``: the horizon at that count of players (else
    # ``horizon``): room for ``stop`` to be met.
    # Optional: ``confidence: float`` (a z value): overrule the normal bot when an answer's
    # mean reward leads by MARGIN plus ``confidence`` standard errors of the difference,
    # measured from the rewards' own spread, instead of the worst-case noise of ``_lead``.
    # Optional: ``confidence_at(players) -> float | None``: ``confidence`` by the count of
    # players (a stricter bar where overrules measured even).
    # Optional: ``most(players) -> int | None``: within the time budget, the iterations a
    # search stops at for that count of players (where more measured weaker: Vertigo at 4);
    # an explicit ``iterations`` budget (tests, benchmarks) is not capped.


def _lead(chosen: _Node, usual: _Node, confidence: float | None) -> float:
    """The lead ``chosen`` needs over ``usual`` (mean rewards) to overrule it."""
    if confidence is None:  # the worst-case noise of a mean of rewards between 0 and 1
        return MARGIN + 0.5 / math.sqrt(min(chosen.visits, usual.visits))
    error = 0.0
    for node in (chosen, usual):
        mean = node.total / node.visits
        spread = max(node.squares / node.visits - mean * mean, 0.0025)  # at least 0.05 std
        error += spread / node.visits
    return MARGIN + confidence * math.sqrt(error)


def copy_state(state: GameState, caches: Sequence[str] = ()) -> GameState:
    """A deep copy of a state without its events (pickled: several times faster than
    ``copy.deepcopy`` on these states). The copy's events start empty, and the attributes
    named in ``caches`` are None in the copy (left as they are in ``state``)."""
    kept = {name: getattr(state, name) for name in ("events", *caches)}
    state.events = []
    for name in caches:
        setattr(state, name, None)
    try:
        copy: GameState = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    finally:
        for name, value in kept.items():
            setattr(state, name, value)
    return copy


def prospects(scores: Sequence[float], scale: float,
              winners: frozenset[int] | None = None) -> list[float]:
    """Each seat's prospects from scores: a logistic of its lead over the best other seat
    (``scale`` points of lead give about 73 %). Once the game is over (``winners`` given),
    a win counts 0.8 and the margin the rest."""
    out = []
    for seat, mine in enumerate(scores):
        others = max((s for i, s in enumerate(scores) if i != seat), default=0.0)
        lead = max(-30.0, min(30.0, (mine - others) / scale))
        value = 1.0 / (1.0 + math.exp(-lead))
        if winners is not None:
            value = 0.8 * (seat in winners) + 0.2 * value
        out.append(value)
    return out


class _Node:
    """Statistics of one edge (the decision leading here) and the edges below it."""

    __slots__ = ("available", "children", "direct", "squares", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Key, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        """The sum of the squared rewards (their spread, for ``Worlds.confidence``)."""
        self.available = 1
        self.direct = True
        """No other seat acted between the parent decision and this one, in any world: the
        next step of the same menu (only such steps are replayed as a plan)."""


def _ucb(node: _Node) -> float:
    return node.total / node.visits + EXPLORATION * math.sqrt(math.log(node.available)
                                                              / node.visits)


def _iterate(root: _Node, view: GameState, worlds: Worlds, rng: random.Random,
             policies: dict[int, Bot], prefer: Key) -> None:
    """One iteration: sample, select and expand, play out, back up.

    Only the searching seat's decisions make the tree; the other seats answer as the
    normal bot would from their own observation of the sampled world. (Statistics of
    another seat's decisions kept across worlds mix its different hidden roles and hands:
    in PNUE strong ecologists lost most games against a tree of all-knowing opponents.)
    """
    world = worlds.sample(view, rng)
    me = prefer[0]
    searched = getattr(worlds, "searched", None) if getattr(worlds, "follow", False) else None
    stop = getattr(worlds, "stop", None)
    halt = stop if getattr(worlds, "stop_in_tree", False) else None
    node = root
    path: list[tuple[_Node, int]] = []
    expanded = False
    direct = True
    while True:
        if halt is not None and halt(world):
            break
        pending = world.pending()
        if pending is None:
            break
        seat = rng.choice(pending.seats) if len(pending.seats) > 1 else pending.seats[0]
        legal = world.legal_actions(seat)
        if seat != me:
            direct = False
        if pending.race or len(legal) == 1:
            world.apply(seat, legal[0])  # forced (or a race, decided by its order): no node
            continue
        if seat != me or (searched is not None and not searched(legal)):
            _policy_move(world, seat, legal, policies)  # (and what the game leaves to it)
            continue
        if legal[-1] == BACK:  # the tree only goes forward: a menu's back changes nothing
            legal = legal[:-1]
        if expanded:
            break
        children = node.children
        untried = []
        best, best_value = None, -1.0
        for action in legal:
            child = children.get((seat, action))
            if child is None:
                untried.append(action)
                continue
            child.available += 1
            if child.visits:
                value = _ucb(child)
                if value > best_value:
                    best, best_value = child, value
        if untried:
            if node is root and prefer[0] == seat and prefer[1] in untried:
                action = prefer[1]  # the normal bot's choice is tried first
            else:
                action = untried[rng.randrange(len(untried))]
            best = children[(seat, action)] = _Node()
            expanded = True
        else:
            action = next(a for a in legal if children.get((seat, a)) is best)
        assert best is not None
        if not direct and node is not root:
            best.direct = False
        direct = True
        world.apply(seat, action)
        path.append((best, seat))
        node = best
    reach = getattr(worlds, "reach", None)
    horizon = worlds.horizon if reach is None else reach(world.seat_count)
    _play_out(world, horizon, policies, stop)
    rewards = worlds.evaluate(world)
    for child, seat in path:
        reward = rewards[seat]
        child.visits += 1
        child.total += reward
        child.squares += reward * reward


def _policy_move(world: GameState, seat: int, legal: list[str],
                 policies: dict[int, Bot]) -> None:
    """The normal bot's answer for ``seat`` in ``world``, played."""
    bot = policies[seat]
    choice = bot.choose(None if getattr(bot, "blind", False) else world.observation(seat),
                        legal)
    world.apply(seat, choice if choice in legal else legal[0])


def _play_out(world: GameState, horizon: int, policies: dict[int, Bot],
              stop: Callable[[GameState], bool] | None = None) -> None:
    """The normal bots play on for at most ``horizon`` actions (and until ``stop``)."""
    for _ in range(horizon):
        if stop is not None and stop(world):
            return
        pending = world.pending()
        if pending is None:
            return
        seat = pending.seats[0]
        legal = world.legal_actions(seat)
        if pending.race or len(legal) == 1:
            world.apply(seat, legal[0])
            continue
        _policy_move(world, seat, legal, policies)


def search(view: GameState, seat: int, legal: list[str], worlds: Worlds, rng: random.Random,
           *, seconds: float | None = DEFAULT_SECONDS, iterations: int | None = None,
           counter: list[int] | None = None, onward: bool = False,
           overruled: list[Any] | None = None) -> tuple[str, list[tuple[str, int]]]:
    """The best of ``legal`` for ``seat`` from its world view, and the line that follows.

    The line is the seat's own next steps (action, visits) along the most visited edges,
    as long as the seat keeps deciding. With ``iterations`` the search is deterministic and
    ``seconds`` is ignored. ``counter[0]`` receives the iterations made (benchmarks).
    ``onward``: one of the seat's last few decisions overruled the normal bot, so this menu is the
    search's own choice: the normal bot's ``back`` out of it is no answer here.
    ``overruled`` receives whether the answer overrules the normal bot's, that answer, and
    whether the search went on where the normal bot would have gone back (``onward``).
    """
    start = time.perf_counter()
    root = _Node()
    policies = {s: worlds.policy(s, rng) for s in range(view.seat_count)}
    default = _normal_answer(policies[seat], view, seat, legal)
    searched = getattr(worlds, "searched", None)
    if searched is not None and not searched(legal):
        return default, []  # a decision the game leaves to the normal bot's judgement
    own = False
    if default == BACK:  # the normal bot leaves this menu: the search works one step up
        forward = [action for action in legal if action != BACK]
        if not onward or not forward:
            return default, []
        legal, default, own = forward, forward[0], True  # unless it chose this menu itself
    deadline = None if iterations is not None or seconds is None else (
        start + RESERVE * seconds)
    most = getattr(worlds, "most", None)
    limit = iterations if iterations is not None or most is None else most(view.seat_count)
    done = 0
    while True:
        if limit is not None and done >= limit:
            break
        if deadline is not None and done:
            now = time.perf_counter()  # stop before an iteration that would end too late
            if now + (now - start) / done >= deadline:
                break
        _iterate(root, view, worlds, rng, policies, (seat, default))
        done += 1
    if counter is not None:
        counter[0] = done
    ranked = sorted(((child.visits, child.total, action)
                     for (s, action), child in root.children.items()
                     if s == seat and action in legal), reverse=True)
    if not ranked:
        return default, []
    best = ranked[0][2]
    usual = root.children.get((seat, default))
    if usual is not None and best != default and not own:
        chosen = root.children[(seat, best)]
        # overrule the normal bot only on evidence: a lead beyond the noise of few visits
        bar = getattr(worlds, "confidence_at", None)
        need = _lead(chosen, usual, getattr(worlds, "confidence", None) if bar is None
                     else bar(view.seat_count))
        if chosen.total / chosen.visits < usual.total / usual.visits + need:
            best = default
    line: list[tuple[str, int]] = []
    node = root.children[(seat, best)]
    while node.children:
        key, child = max(node.children.items(), key=lambda kv: kv[1].visits)
        if key[0] != seat or not child.direct:
            break
        line.append((key[1], child.visits))
        node = child
    if overruled is not None:
        overruled[:] = [best != default and not own, default, own]
    return best, line


class SearchBot:
    """A strong bot: searches from its world view for a time or iteration budget."""

    world_view = True
    """It is given ``Worlds.view(state, seat)`` (its observation as a state), not
    ``observation(seat)``."""

    def __init__(self, seat: int, rng: random.Random, *, worlds: Worlds,
                 seconds: float | None = DEFAULT_SECONDS,
                 iterations: int | None = None) -> None:
        self.seat = seat
        self.rng = rng
        self.worlds = worlds
        self.seconds = seconds
        self.iterations = iterations
        self._plan: list[tuple[str, int]] = []
        self._onward = 0
        """Decisions left in which the normal bot's ``back`` is no answer (see ``search``):
        ONWARD_STEPS after an overrule, one less at each decision."""
        self._overrule: tuple[str, tuple[str, ...]] | None = None
        """The last overrule and the answers it was chosen from, while only steps on into
        its menu and ``back`` answers followed it."""
        self._positions: set[bytes] = set()
        """The positions this bot has decided in (fingerprints): one met again is a cycle."""

    def choose(self, observation: Any, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        position = _position(observation, legal)
        if position in self._positions:  # back where it already decided: a cycle of menus
            # (Vertigo's management, in and out of the same submenus, for ever at 3
            # players and 120 iterations); the normal bot's answer this time ends it
            self._plan = []
            return self._usual(observation, legal)
        if position:
            self._positions.add(position)
        searched = getattr(self.worlds, "searched", None)
        if searched is not None and not searched(legal):
            self._plan = []  # left to the normal bot: no step of a searched line
        if self._plan:
            action, visits = self._plan.pop(0)
            if action in legal and visits >= PLAN_VISITS:
                return action
            self._plan = []
        overruled: list[Any] = [False, None, False]
        best, self._plan = search(observation, self.seat, legal, self.worlds, self.rng,
                                  seconds=self.seconds, iterations=self.iterations,
                                  onward=self._onward > 0, overruled=overruled)
        if overruled[0]:
            again = (best, tuple(legal)) == self._overrule
            self._overrule = None if again else (best, tuple(legal))
            if again:  # the same overrule from the same menu, just backed out of it: a
                # loop (moving population to and fro); the normal bot's answer this time
                best, self._plan, overruled[0] = overruled[1], [], False
        elif best != BACK and not overruled[2]:
            self._overrule = None  # only a way straight back to the same menu is a loop
        self._onward = ONWARD_STEPS if overruled[0] else max(0, self._onward - 1)
        return best

    def _usual(self, observation: Any, legal: list[str]) -> str:
        """The normal bot's answer (the playout policy's) from this world view."""
        return _normal_answer(self.worlds.policy(self.seat, self.rng), observation, self.seat,
                              legal)


def _normal_answer(policy: Bot, view: GameState, seat: int, legal: list[str]) -> str:
    """``policy``'s answer for ``seat`` from the world ``view`` (the first legal one if it
    answers something else)."""
    answer = policy.choose(view.observation(seat), legal)
    return answer if answer in legal else legal[0]


def _position(view: Any, legal: list[str]) -> bytes:
    """A fingerprint of a decision: the world view's attributes (but its random source,
    events and caches) and the answers; empty when they cannot be pickled."""
    fields = {name: value for name, value in vars(view).items()
              if name not in _NOT_POSITION} if hasattr(view, "__dict__") else view
    try:
        data = pickle.dumps((fields, legal), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return b""
    return hashlib.blake2b(data, digest_size=16).digest()


_NOT_POSITION = frozenset({"rng", "events", "_snapshot"})


def strong_factory(worlds: Worlds, **budget: Any) -> Callable[[int, random.Random], SearchBot]:
    """A bot factory for a game's ``strong`` level (``budget``: seconds or iterations)."""

    def make(seat: int, rng: random.Random) -> SearchBot:
        return SearchBot(seat, rng, worlds=worlds, **budget)

    return make
