"""What a seat believes of the others' camps, read from the table (its observation only).

Every way the lobbyists' camp may have been dealt (at 5 to 12 players: a few dozen to a few
hundred sets of seats) is weighed by how well it explains what the table has shown, in the
way an attentive player reads it:

- a government's enactment with its two claims, by a small model of how each camp plays a
  session (ecologists discard lobbyist tiles and tell the truth; lobbyists pass lobbyist
  tiles and cover them with a plausible story), so that a claim that contradicts the
  enacted tile convicts its author, two stories that do not fit convict one of the two,
  and a lobbyist tile is more likely from a government with a lobbyist in it;
- what the seat saw itself (tiles drawn, handed or received, its investigations);
- investigation claims (an ecologist tells the truth, a lobbyist may frame or cover);
- votes for governments that enacted lobbyist tiles, and who nominated whom (mildly);
- stories told again differently.

Mr Dollar is one of the lobbyists' camp; a seat revoked without being him, or elected
Secretary-General with 3 lobbyist tiles on the table without the game ending, is *cleared*:
it cannot be Mr Dollar. The result: each seat's chance of being a lobbyist and of being
Mr Dollar, and each government's chance of holding a lobbyist.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb
from operator import itemgetter
from typing import Any, NamedTuple

from a11y_games.games.pnue import data
from a11y_games.games.pnue.data import DOLLAR, ECOLOGIST, LOB, LOBBYIST
from a11y_games.games.pnue.view import Observation

__all__ = ["Belief", "belief"]

EPS = 0.02
"""The chance that a seat acts against the play of its camp (a mistake, a bluff)."""
LOB_PASSES = 0.85
"""How often a lobbyist Secretary-General enacts a lobbyist tile it may choose."""
LOB_DISCARDS_ECO = 0.85
"""How often a lobbyist President throws away an ecological tile it holds."""
LOB_COVERS = 0.8
"""How often a lobbyist covers a lobbyist tile with "I had no choice"."""
LOB_WILD = 0.25
"""How often a lobbyist's claim is none of the above: any number at all (so that a claim no
ecologist would make convicts its author)."""
ALLY_WILD = 0.05
"""The same, for a lobbyist looking for allies: it reads a wild claim more carefully (at
tables of beginners, ecologists' mistakes would pass for allies)."""
VOTE_LOB = 1.15
"""A vote for a government that enacted a lobbyist tile (or against one that enacted an
ecological tile): this much more likely from a lobbyist."""
NOMINATION = 1.15
"""A President and his nominee: this much more likely of one camp."""
CHANGED = 4.0
"""A seat that tells another story of the same tiles or card later."""
CLAIM_TRUE = 0.97
"""An ecologist's investigation claim is the truth."""
LOB_FRAMES = 0.6
"""A lobbyist calls an ecologist a lobbyist at this rate, and covers a lobbyist at
1 minus this rate."""


class Belief(NamedTuple):
    """A seat's reading of the table."""

    lob: dict[int, float]
    """Each seat's chance of being in the lobbyists' camp (Mr Dollar included)."""
    dollar: dict[int, float]
    """Each seat's chance of being Mr Dollar."""
    cleared: frozenset[int]
    """Seats that cannot be Mr Dollar (revoked without the game ending, or elected
    Secretary-General with 3 lobbyist tiles on the table)."""
    sets: tuple[tuple[int, float, bool], ...]
    """The lobbyists' camps still possible: a bit mask of seats, its weight, and whether
    Mr Dollar is among them (always, but in the "maybe Mr Dollar" variant)."""

    def any_lobbyist(self, *seats: int) -> float:
        """The chance that at least one of ``seats`` is a lobbyist."""
        mask = 0
        for seat in seats:
            mask |= 1 << seat
        total = sum(w for _, w, _ in self.sets) or 1.0
        return sum(w for camp, w, _ in self.sets if camp & mask) / total


@lru_cache(maxsize=64)
def _priors(players: int, variant: str) -> tuple[tuple[int, bool, float], ...]:
    """(size of the lobbyists' camp, Mr Dollar dealt, chance) for this table (PN-03, PN-50,
    PN-51)."""
    dollar, lob, eco = data.ROLE_COUNTS[players]
    if variant == "random_lobbyists":
        n = dollar + lob + eco
        return ((dollar + lob, True, (dollar + lob) / n), (dollar + lob + 1, True, eco / n))
    if variant == "maybe_dollar":
        dollar, lob, eco = data.ROLE_COUNTS[players + 1]
        n = dollar + lob + eco
        return ((lob, False, dollar / n), (lob, True, lob / n), (lob + 1, True, eco / n))
    return ((dollar + lob, True, 1.0),)


def _draws(lob_share: float) -> tuple[float, float, float, float]:
    """The chance of drawing 0, 1, 2 or 3 lobbyist tiles of 3."""
    p = min(0.95, max(0.05, lob_share))
    q = 1 - p
    return q * q * q, 3 * p * q * q, 3 * p * p * q, p * p * p


def _hands(drew: int, lobbyist: bool) -> tuple[tuple[int, float], ...]:
    """(lobbyist tiles handed of 2, chance) for a President who drew ``drew`` of 3."""
    eco_hand = (max(0, drew - 1) if drew < 3 else 2, 1.0)
    if not lobbyist:
        return (eco_hand,)
    lob_hand = min(2, drew)
    if lob_hand == eco_hand[0]:
        return ((lob_hand, 1.0),)
    return ((lob_hand, LOB_DISCARDS_ECO), (eco_hand[0], 1 - LOB_DISCARDS_ECO))


def _president_claims(drew: int, handed: int, lobbyist: bool,
                      wild: float) -> tuple[float, ...]:
    """The chance of each claim, 0 to 3 lobbyist tiles drawn."""
    if not lobbyist:
        return _told(drew, (drew,), (1.0,), EPS, 4)
    if handed == 2 and drew < 3:  # he threw an ecological tile away: "I drew 3 lobbyist"
        return _told(drew, (3, drew), (LOB_COVERS, 1 - LOB_COVERS), LOB_WILD, 4)
    return _told(drew, (drew,), (1.0,), wild, 4)


def _told(truth: int, said: tuple[int, ...], chances: tuple[float, ...], wild: float,
          options: int) -> tuple[float, ...]:
    """Claims as the camp tells them, and any claim at all at the rate ``wild``."""
    out = [wild / options] * options
    for k, p in zip(said, chances, strict=True):
        out[k] += (1 - wild) * p
    return tuple(out)


def _enacts(handed: int, lobbyist: bool) -> tuple[tuple[bool, float], ...]:
    """(a lobbyist tile enacted, chance) for a Secretary-General handed ``handed`` of 2."""
    if handed == 2:
        return ((True, 1.0),)
    if handed == 0:
        return ((False, 1.0),)
    if lobbyist:
        return ((True, LOB_PASSES), (False, 1 - LOB_PASSES))
    return ((False, 1 - EPS), (True, EPS))


def _secretary_claims(got: int, lob: bool, lobbyist: bool,
                      wild: float) -> tuple[float, ...]:
    """The chance of each claim, 0 to 2 lobbyist tiles received."""
    if not lobbyist:
        return _told(got, (got,), (1.0,), EPS, 3)
    if lob and got < 2:  # "I had no choice"
        return _told(got, (2, got), (LOB_COVERS, 1 - LOB_COVERS), LOB_WILD, 3)
    return _told(got, (got,), (1.0,), wild, 3)


@lru_cache(maxsize=4096)
def _session(lob: bool, said_drew: int | None, said_got: int | None, drew: int | None,
             handed: int | None, share: int, wild: float) -> tuple[float, float, float, float]:
    """How likely a session ended so, for a President and a Secretary-General who are
    (ecologist, ecologist), (ecologist, lobbyist), (lobbyist, ecologist), (lobbyist,
    lobbyist). ``None``: not known to the reader (a claim not made, tiles not seen).
    ``share``: the lobbyist tiles' share of the unseen tiles, in hundredths."""
    odds = _draws(share / 100)
    out = []
    for p_lob in (False, True):
        for s_lob in (False, True):
            total = 0.0
            for d in range(4):
                if drew is not None and d != drew:
                    continue
                pd = odds[d] if drew is None else 1.0
                for h, ph in _hands(d, p_lob):
                    if handed is not None and h != handed:
                        continue
                    for enacted, pe in _enacts(h, s_lob):
                        if enacted != lob:
                            continue
                        pk = 1.0
                        if said_drew is not None:
                            pk = _president_claims(d, h, p_lob, wild)[said_drew]
                        pj = 1.0
                        if said_got is not None:
                            pj = _secretary_claims(h, lob, s_lob, wild)[said_got]
                        total += pd * ph * pe * pk * pj
            out.append(max(total, 1e-4))
    return out[0], out[1], out[2], out[3]


def _sessions(obs: Observation) -> dict[int, dict[str, Any]]:
    """The record by turn: votes, enactments, the last story told of each thing seen."""
    turns: dict[int, dict[str, Any]] = {}
    for entry in obs.public.record:
        turn, kind = entry[0], entry[1]
        info = turns.setdefault(turn, {})
        if kind in ("vote", "enact", "revoke"):
            info[kind] = entry[2:]
        elif kind == "claim":  # (seat, what, total, lobbyist)
            info[entry[3]] = (entry[2], entry[4], entry[5])
        elif kind == "claim_role":
            info.setdefault("roles", {})[(entry[2], entry[3])] = entry[4]
        elif kind == "recall":  # a later story of an earlier turn (PN-19): the last counts
            _, _, seat, about, what, value, said = entry
            told = turns.setdefault(about, {})
            if what == "role":
                roles = told.setdefault("roles", {})
                if roles.get((seat, value), said) != said:
                    told.setdefault("changed", []).append(seat)
                roles[(seat, value)] = said
            else:
                before = told.get(what)
                if before is not None and before[0] == seat and before[2] != said:
                    told.setdefault("changed", []).append(seat)
                told[what] = (seat, value, said)
    for entry in obs.secrets:
        info = turns.setdefault(entry[0], {})
        info["my_" + entry[1]] = entry[2:]
    return turns


Item = tuple[int, str, int, int, Any]
"""A piece of evidence: (turn, kind, seat, other seat, weights). Kinds: ``odds`` (the seat's
odds of being a lobbyist times a number), ``pair`` (weights for the two seats being
(ecologist, ecologist), (ecologist, lobbyist), (lobbyist, ecologist), (lobbyist, lobbyist))."""


class _Evidence:
    """Factors on the lobbyists' camp, gathered from the record in its order."""

    def __init__(self, wild: float) -> None:
        self.items: list[Item] = []
        self.turn = 0
        self.wild = wild

    def odds(self, seat: int, factor: float) -> None:
        self.items.append((self.turn, "odds", seat, seat, factor))

    def pair(self, a: int, b: int, w: tuple[float, float, float, float]) -> None:
        if a != b:
            self.items.append((self.turn, "pair", a, b, w))


def _read(obs: Observation, ev: _Evidence) -> frozenset[int]:
    """Fill ``ev`` from the record; return the seats cleared of being Mr Dollar."""
    pub = obs.public
    me = obs.seat
    players = pub.players
    turns = _sessions(obs)
    cleared: set[int] = set()
    lob_on_table = 0
    tiles_seen = 0
    for turn in sorted(turns):
        info = turns[turn]
        ev.turn = turn
        vote = info.get("vote")
        if vote is not None:
            president, nominee, _, _, approved = vote
            if 0 <= nominee < players:
                ev.pair(president, nominee, (NOMINATION, 1.0, 1.0, NOMINATION))
            if approved and lob_on_table >= data.DOLLAR_THRESHOLD and 0 <= nominee < players:
                cleared.add(nominee)  # Mr Dollar elected then would have won (PN-17)
        enact = info.get("enact")
        if enact is not None:
            president, secretary, tile, how = enact
            lob = tile == LOB
            if how == "gov" and secretary is not None and secretary < players:
                _government(info, president, secretary, lob, lob_on_table, tiles_seen, me, ev)
                if vote is not None:
                    for seat in vote[2]:
                        ev.odds(seat, VOTE_LOB if lob else 1 / VOTE_LOB)
                    for seat in vote[3]:
                        ev.odds(seat, 1 / VOTE_LOB if lob else VOTE_LOB)
            lob_on_table += lob
            tiles_seen += 1
        for seat in info.get("changed", ()):
            ev.odds(seat, CHANGED)
        for (claimer, target), role in info.get("roles", {}).items():
            says_lob = role == LOBBYIST
            if claimer == me:
                continue
            eco_says = CLAIM_TRUE if says_lob else 1 - CLAIM_TRUE  # P(claim | target lob)
            lob_says = 1 - LOB_FRAMES if says_lob else LOB_FRAMES
            ev.pair(claimer, target, (1 - eco_says, eco_says, 1 - lob_says, lob_says))
        mine = info.get("my_investigated")
        if mine is not None:  # what I saw myself
            ev.odds(mine[0], 1 / (EPS * EPS) if mine[1] != ECOLOGIST else EPS * EPS)
        revoke = info.get("revoke")
        if revoke is not None and not revoke[2]:
            cleared.add(revoke[1])
    return frozenset(cleared)


def _government(info: dict[str, Any], president: int, secretary: int, lob: bool,
                lob_on_table: int, tiles_seen: int, me: int, ev: _Evidence) -> None:
    """The factor of one government's session on (President, Secretary-General)."""
    drew_claim = info.get("drew")
    got_claim = info.get("got")
    said_drew = drew_claim[2] if drew_claim and drew_claim[0] == president and \
        drew_claim[1] == 3 else None
    said_got = got_claim[2] if got_claim and got_claim[0] == secretary and \
        got_claim[1] == 2 else None
    mine_drew = info.get("my_drew")
    mine_handed = info.get("my_handed") or info.get("my_got")
    drew = handed = None
    if mine_drew is not None and me == president:
        tiles = mine_drew[0]
        if len(tiles) != 3 or any(t in data.CRISIS_KIND for t in tiles):
            return _loose(president, secretary, lob, ev)
        drew = sum(t == LOB for t in tiles)
    if mine_handed is not None and me in (president, secretary):
        tiles = mine_handed[0]
        if len(tiles) != 2:
            return _loose(president, secretary, lob, ev)
        handed = sum(t == LOB for t in tiles)
    if (drew_claim and drew_claim[1] != 3) or (got_claim and got_claim[1] != 2):
        return _loose(president, secretary, lob, ev)  # a crisis changed the session
    unseen_lob = data.LOB_TILES - lob_on_table
    unseen = data.BASE_TILES - tiles_seen
    share = round(100 * unseen_lob / max(1, unseen))
    w = _session(lob, said_drew, said_got, drew, handed, share, ev.wild)
    ev.pair(president, secretary, w)
    if drew_claim is None and president != me:
        ev.odds(president, 1.3)
    if got_claim is None and secretary != me:
        ev.odds(secretary, 1.3)


def _loose(president: int, secretary: int, lob: bool, ev: _Evidence) -> None:
    """A session changed by a crisis: only the tile counts."""
    ev.pair(president, secretary, (0.4, 1.0, 1.0, 1.0) if lob else (1.0, 0.6, 0.6, 0.4))


@lru_cache(maxsize=512)
def _camps(players: int, me: int, mine_lob: bool, dollar_me: bool,
           variant: str) -> tuple[tuple[int, ...], tuple[float, ...], tuple[bool, ...]]:
    """Every lobbyists' camp the seat cannot rule out from its own card: bit masks, prior
    weights, and whether Mr Dollar was dealt."""
    others = [s for s in range(players) if s != me]
    masks: list[int] = []
    bases: list[float] = []
    dealt: list[bool] = []
    for size, with_dollar, chance in _priors(players, variant):
        if dollar_me and not with_dollar:
            continue
        need = size - mine_lob
        if need < 0 or need > len(others):
            continue
        base = chance / comb(players, size)
        for chosen in combinations(others, need):
            mask = (1 << me) if mine_lob else 0
            for seat in chosen:
                mask |= 1 << seat
            masks.append(mask)
            bases.append(base)
            dealt.append(with_dollar)
    return tuple(masks), tuple(bases), tuple(dealt)


@lru_cache(maxsize=4096)
def _pair_index(masks: tuple[int, ...], a: int, b: int) -> tuple[int, ...]:
    """For each camp, which weight of a pair factor on (a, b) applies."""
    abit, bbit = 1 << a, 1 << b
    return tuple((2 if m & abit else 0) + (1 if m & bbit else 0) for m in masks)


@lru_cache(maxsize=512)
def _getters(masks: tuple[int, ...], players: int) -> tuple[Any, ...]:
    """For each seat, what picks the camps that hold it out of a list of weights."""
    out: list[Any] = []
    for seat in range(players):
        found = [i for i, m in enumerate(masks) if m >> seat & 1]
        out.append(itemgetter(*found) if len(found) > 1 else
                   (lambda w, i=found[0]: (w[i],)) if found else (lambda w: ()))
    return tuple(out)


def _total(get: Any, values: list[float]) -> float:
    picked: tuple[float, ...] = get(values)
    return sum(picked)


class Memo:
    """A seat's reading kept between its decisions: the weights of the camps after the
    turns already over, extended when the record grows (recomputed when a later claim
    changes an earlier turn)."""

    __slots__ = ("items", "key", "weights")

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.items: list[Item] = []
        self.weights: list[float] = []


def _apply(weights: list[float], items: list[Item], masks: tuple[int, ...]) -> list[float]:
    for _, kind, a, b, w in items:
        if kind == "pair":
            weights = [x * w[i] for x, i in zip(weights, _pair_index(masks, a, b), strict=True)]
        else:
            bit = 1 << a
            weights = [x * w if m & bit else x for x, m in zip(weights, masks, strict=True)]
    return weights


def belief(obs: Observation, variant: str = "standard", memo: Memo | None = None) -> Belief:
    """``obs.seat``'s reading of the table (5 to 12 players). With ``memo``, the work of
    the turns already over is kept for the seat's next decisions."""
    pub = obs.public
    players = pub.players
    me = obs.seat
    ev = _Evidence(LOB_WILD if obs.role == ECOLOGIST else ALLY_WILD)
    cleared = set(_read(obs, ev))
    mine_lob = obs.role != ECOLOGIST
    if obs.role == LOBBYIST:
        cleared.add(me)
    key = (players, me, obs.role, variant)
    masks, bases, dealt = _camps(players, me, mine_lob, obs.role == DOLLAR, variant)
    items = [it for it in ev.items if it[2] != me or it[3] != me]
    now = pub.turn
    settled = [it for it in items if it[0] < now]
    current = [it for it in items if it[0] >= now]
    done = len(memo.items) if memo is not None else 0
    if memo is not None and memo.key == key and memo.items == settled[:done]:
        weights = _apply(memo.weights, settled[done:], masks)
    else:
        weights = _apply(list(bases), settled, masks)
    if memo is not None:
        memo.key, memo.items, memo.weights = key, settled, weights
    weights = _apply(weights, current, masks)
    counts: list[int] = []
    if obs.role != DOLLAR:  # Mr Dollar, when dealt, is a camp's seat not yet cleared
        free = ~sum(1 << s for s in cleared)
        counts = [(m & free).bit_count() if d else -1 for m, d in zip(masks, dealt, strict=True)]
        weights = [x if c else 0.0 for x, c in zip(weights, counts, strict=True)]
    total = sum(weights) or 1.0
    getters = _getters(masks, players)
    lob_sum = [_total(get, weights) for get in getters[:players]]
    if obs.role != DOLLAR:
        shares = [x / c if c > 0 else 0.0 for x, c in zip(weights, counts, strict=True)]
        dollar_sum = [0.0 if s in cleared else _total(get, shares)
                      for s, get in enumerate(getters[:players])]
    else:
        dollar_sum = [0.0] * players
        dollar_sum[me] = total
    lob_of = {s: v / total for s, v in enumerate(lob_sum)}
    dollar_of = {s: v / total for s, v in enumerate(dollar_sum)}
    sets = tuple(zip(masks, weights, dealt, strict=True))
    return Belief(lob_of, dollar_of, frozenset(cleared), sets)
