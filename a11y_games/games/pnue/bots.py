"""PNUE bots: ``random`` from the engine, and ``normal``, which reasons from its view only.

From 5 players the normal bot reads the table (:mod:`a11y_games.games.pnue.belief`): each
seat's chance of being a lobbyist and of being Mr Dollar, weighed from everything the seat
saw. Ecologists nominate and elect the least suspect, refuse a likely Mr Dollar once 3
lobbyist tiles are down, investigate where a look tells the most and revoke the likeliest
Mr Dollar; lobbyists back their likely allies, vote as an ecologist would otherwise (they
keep up appearances), discard and enact for their camp and lie plausibly about it. At 2 to
4 players (fictive players) it keeps a suspicion score per seat, rebuilt at each decision
from the public record and its own secrets.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from a11y_games.engine.bots import RandomBot
from a11y_games.games.pnue.belief import Belief, Memo, belief
from a11y_games.games.pnue.data import (
    ARGUE,
    CRISIS_KIND,
    DOLLAR,
    DOLLAR_THRESHOLD,
    ECOLOGIST,
    FICTIVE_PILES,
    LOB,
    LOBBYIST,
    REVOKE_AT,
    SMALL_REVOKE_AT,
)
from a11y_games.games.pnue.view import Observation

__all__ = ["NormalBot", "RandomBot", "RandomPlayer", "suspicion"]

CERTAIN = 10.0
# weights of the evidence (tuned by simulation, see docs/benchmarks/pnue.md)
LOB_ENACTED = 1.0
ECO_ENACTED = -0.7
EXCUSED = -0.8
CAUGHT = 1.2
SILENT = 0.3
VOTE_FOR_LOB = 0.3
VOTE_AGAINST_ECO = 0.2
LOBBYIST_YES = 0.5  # a lobbyist lets an unknown government through at this rate
FRIEND = 1.5  # a lobbyist trusts a President this suspect with a revocation
ALLY_WEIGHT = 10.0  # how much a lobbyist reads its allies from votes like its own
SURE_ECOLOGIST = 1.0  # below minus this, a lobbyist takes a seat for an ecologist
DOLLAR_CLEAN_PLAY = 0.3  # chance that Mr Dollar plays like an ecologist before 3 lobbyist tiles
CHANGED_STORY = 0.8  # a seat that tells another story of the same tiles or card later
# from 5 players, decisions read the table (belief.py): chances, not scores
ALLY = 0.6  # a lobbyist takes a seat this likely a lobbyist for an ally
DOLLAR_FEAR = 2.0  # an ecologist's nomination weighs Mr Dollar's chance this much more
DOLLAR_VOTE = 1.0  # an ecologist rejects a nominee likelier Mr Dollar than this times average
VOTE_SLACK = 0.0  # an ecologist approves a government this much riskier than the average
CHAOS_SLACK = 0.15  # and this much more when a rejection would enact the top tile (PN-15)
INVESTIGATE_DOUBT = 0.5  # an investigation is worth more on a seat still in doubt


def _revoke_next(obs: Observation) -> bool:
    """Would one more lobbyist tile give the President a revocation?"""
    pub = obs.public
    at = REVOKE_AT if pub.players >= 5 else SMALL_REVOKE_AT[pub.players]
    return pub.enacted.count(LOB) + 1 in at


def _target(action: str) -> int:
    return int(action.split(":")[1])


def _late(obs: Observation) -> bool:
    """3 lobbyist tiles on the table: Mr Dollar elected Secretary-General wins (PN-17)."""
    return obs.public.enacted.count(LOB) >= DOLLAR_THRESHOLD


def _eco_vote(obs: Observation, b: Belief, president: int, nominee: int) -> str:
    """An ecologist's vote: for a government likelier clean than the table's average, never
    for a likely Mr Dollar once 3 lobbyist tiles are on the table."""
    pub = obs.public
    active = [s for s in range(pub.players)
              if s != obs.seat and s not in pub.revoked and s not in pub.skipped]
    if _late(obs) and nominee not in b.cleared:
        mean_dollar = sum(b.dollar[s] for s in active) / max(1, len(active))
        if b.dollar[nominee] > DOLLAR_VOTE * mean_dollar + (0.1 if pub.no_consensus >= 2 else 0):
            return "vote:no"
    clean = [1 - b.lob[s] for s in active]
    pairs = len(clean) * (len(clean) - 1) / 2 or 1
    mean_clean = (sum(clean) ** 2 - sum(c * c for c in clean)) / 2 / pairs
    risk = 1 - (1 - b.lob[president]) * (1 - b.lob[nominee])
    slack = VOTE_SLACK + (CHAOS_SLACK if pub.no_consensus >= 2 else 0.0)
    return "vote:yes" if risk <= 1 - mean_clean + slack else "vote:no"


def _turns(record: tuple[tuple[Any, ...], ...]) -> dict[int, dict[str, Any]]:
    """The public record grouped by turn."""
    turns: dict[int, dict[str, Any]] = defaultdict(dict)
    for entry in record:
        turn, kind = entry[0], entry[1]
        info = turns[turn]
        if kind == "vote":
            info["vote"] = entry[2:]
        elif kind == "enact":
            info["enact"] = entry[2:]
        elif kind == "hand":
            info["handed"] = entry[4]
        elif kind == "claim":
            info[entry[3]] = (entry[2], entry[4], entry[5])  # drew / got: (seat, total, lob)
        elif kind == "claim_role":
            info.setdefault("roles", []).append(entry[2:])
        elif kind == "recall":  # a later claim about an earlier turn (PN-19): it replaces
            _recall(turns, entry)
        elif kind == "revoke":
            info["revoke"] = entry[2:]
    return turns


def _recall(turns: dict[int, dict[str, Any]], entry: tuple[Any, ...]) -> None:
    """A claim made later about turn ``about``: the story that counts is the last one told;
    one that changes makes the teller suspect (``changed`` in that turn's info)."""
    _, _, seat, about, what, value, said = entry
    info = turns[about]
    if what == "role":
        roles = info.setdefault("roles", [])
        before = [r for r in roles if r[0] == seat and r[1] == value]
        if any(r[2] != said for r in before):
            info.setdefault("changed", []).append(seat)
        roles[:] = [r for r in roles if not (r[0] == seat and r[1] == value)]
        roles.append((seat, value, said))
        return
    before = info.get(what)
    if before is not None and before[0] == seat and before[2] != said:
        info.setdefault("changed", []).append(seat)
    info[what] = (seat, value, said)


def suspicion(obs: Observation) -> dict[int, float]:
    """How much ``obs.seat`` believes each seat is a lobbyist (0 = no idea)."""
    pub = obs.public
    me = obs.seat
    sus: dict[int, float] = dict.fromkeys(pub.table, 0.0)
    turns = _turns(pub.record)
    for turn in sorted(turns):
        info = turns[turn]
        enact = info.get("enact")
        vote = info.get("vote")
        if enact is None:
            continue
        president, secretary, tile, how = enact
        lob = tile == LOB
        if how == "fictive":
            sus[secretary] += LOB_ENACTED if lob else ECO_ENACTED
            sus[president] += 0.3 if lob else -0.2
        elif how == "gov":
            for seat in (president, secretary):
                sus[seat] += LOB_ENACTED if lob else ECO_ENACTED
            drew, got = info.get("drew"), info.get("got")
            if lob:
                if drew is None:
                    sus[president] += SILENT
                elif drew[2] == drew[1]:
                    sus[president] += EXCUSED
                if got is None:
                    sus[secretary] += SILENT
                elif got[2] == got[1]:
                    sus[secretary] += EXCUSED
                elif got[2] < got[1]:
                    sus[secretary] += CAUGHT  # says he had an ecological tile
                if drew and got and drew[1] - drew[2] >= 2 and got[2] == got[1]:
                    sus[president] += CAUGHT  # stories do not fit: one of them lies
                    sus[secretary] += CAUGHT
        if vote is not None and how == "gov":
            _, _, yes, no, _ = vote
            for seat in yes:
                sus[seat] += VOTE_FOR_LOB if lob else -VOTE_AGAINST_ECO
            for seat in no:
                sus[seat] += -VOTE_AGAINST_ECO if lob else VOTE_AGAINST_ECO
    for turn in sorted(turns):
        for seat in turns[turn].get("changed", ()):
            sus[seat] += CHANGED_STORY
        for claimer, target, role in turns[turn].get("roles", ()):
            trust = 1.0 if sus[claimer] < 0.8 else -0.5
            sus[target] += (1.5 if role == LOBBYIST else -1.2) * trust
    _own_secrets(obs, sus, turns)
    sus[me] = CERTAIN if obs.role != ECOLOGIST else -CERTAIN
    _known_from_piles(obs, sus)
    return sus


def _known_from_piles(obs: Observation, sus: dict[int, float]) -> None:
    """The public piles of envelopes may tell the other players' camps: at 2 players every
    pile deals one ecologist and one lobbyist, so the other player is of the other camp."""
    pub = obs.public
    if pub.players >= 5:
        return
    splits = {(sum(e[0] == ECOLOGIST for e in pile if e[1] + e[2] == 0),
               sum(e[0] != ECOLOGIST for e in pile if e[1] + e[2] == 0))
              for pile in FICTIVE_PILES[pub.players]}
    if len(splits) != 1:
        return
    eco, lob = splits.pop()
    others = [s for s in range(pub.players) if s != obs.seat]
    mine = obs.role == ECOLOGIST
    if (eco - mine) == 0 or (lob - (not mine)) == 0:  # the others are all of one camp
        value = -CERTAIN if (eco - mine) else CERTAIN
        for seat in others:
            sus[seat] = value


def _own_secrets(obs: Observation, sus: dict[int, float],
                 turns: dict[int, dict[str, Any]]) -> None:
    """What only I saw: tiles handed to me or by me, and investigations."""
    for entry in obs.secrets:
        turn, kind = entry[0], entry[1]
        info = turns.get(turn, {})
        enact = info.get("enact")
        if kind == "investigated":
            sus[entry[2]] = CERTAIN if entry[3] == LOBBYIST else -CERTAIN
        elif kind == "got" and enact is not None:
            president = enact[0]
            tiles = entry[2]
            drew = info.get("drew")
            if all(t == LOB for t in tiles):
                if drew is not None and drew[2] < drew[1]:
                    sus[president] += 3.0  # claims an ecological tile he did not pass me
            else:
                sus[president] -= 0.6
        elif kind == "handed" and enact is not None:
            secretary, tile = enact[1], enact[2]
            if tile == LOB and any(t != LOB for t in entry[2]):
                sus[secretary] += 4.0  # I passed an ecological tile; he chose the other
            elif tile == LOB:
                sus[secretary] -= LOB_ENACTED


def affinity(obs: Observation) -> dict[int, float]:
    """How often each seat voted as I did, from -1 (always against) to 1 (always with me).

    Bots of one camp vote alike: a lobbyist uses this to guess who its allies are.
    """
    me = obs.seat
    agree: dict[int, list[int]] = {s: [0, 0] for s in obs.public.table}
    for entry in obs.public.record:
        if entry[1] != "vote":
            continue
        yes, no = entry[4], entry[5]
        mine = me in yes
        if not mine and me not in no:
            continue
        for seat in yes:
            agree[seat][0 if mine else 1] += 1
        for seat in no:
            agree[seat][1 if mine else 0] += 1
    return {s: (a - d) / (a + d) if a + d else 0.0 for s, (a, d) in agree.items()}


class RandomPlayer(RandomBot):
    """PNUE's random level: uniform over the answers, but never opens the claim menu.

    A later claim (``argue``, always the last answer) changes no rule: random players
    wandering into it made random games half again as long without playing more. Drawn as
    :class:`RandomBot` draws, so random games are those of before claims at any time.
    """

    def choose(self, observation: object, legal: list[str]) -> str:
        n = len(legal)
        if n > 1 and legal[-1] == ARGUE:
            n -= 1
        elif not n:
            raise IndexError("no legal action")
        k = n.bit_length()  # RandomBot's draw, written out: the simulations' hot path
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return legal[r]


class NormalBot:
    """Nominates, votes, discards, enacts, claims, investigates and revokes by belief."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self.clean: dict[int, bool] = {}  # Mr Dollar's choice to play clean, per turn
        self._read: tuple[Any, Any, Belief] | None = None
        self._memo = Memo()

    def choose(self, observation: object, legal: list[str]) -> str:
        obs = observation
        legal = [a for a in legal if a != ARGUE] or legal  # it claims right after a session
        if not isinstance(obs, Observation) or len(legal) == 1:
            return legal[0]
        if legal[-1] == "back":  # in the claim menu (opened by another level): it leaves
            return "back"
        phase = obs.public.phase
        eco = self._plays_ecologist(obs)
        if obs.public.players >= 5:  # it reads the table (belief.py)
            reader = getattr(self, f"_read_{phase}", None)
            if reader is not None:
                choice: str = reader(obs, legal, self._belief(obs), eco)
                return choice
        sus = suspicion(obs)
        if obs.role != ECOLOGIST:  # a lobbyist also trusts those who vote like it
            for seat, value in affinity(obs).items():
                if seat != obs.seat:
                    sus[seat] += ALLY_WEIGHT * value
        handler = getattr(self, f"_{phase}", None)
        if handler is None:
            return self.rng.choice(legal)
        choice = handler(obs, legal, sus, eco)
        return choice

    def _belief(self, obs: Observation) -> Belief:
        """The reading of the table, kept while the record and the seat's secrets stand."""
        record, secrets = obs.public.record, obs.secrets
        cached = self._read
        if cached is not None and cached[0] is record and cached[1] is secrets:
            return cached[2]
        found = belief(obs, obs.public.variant, self._memo)
        self._read = (record, secrets, found)
        return found

    def _plays_ecologist(self, obs: Observation) -> bool:
        """Ecologists play for ecology; Mr Dollar sometimes pretends to, early on."""
        if obs.role == ECOLOGIST:
            return True
        if obs.role != DOLLAR or obs.public.enacted.count(LOB) >= 3:
            return False
        turn = obs.public.turn
        if turn not in self.clean:
            self.clean[turn] = self.rng.random() < DOLLAR_CLEAN_PLAY
        return self.clean[turn]

    # --- one method per phase ----------------------------------------------------------------
    def _nominate(self, obs: Observation, legal: list[str], sus: dict[int, float],
                  eco: bool) -> str:
        def score(action: str) -> float:
            s = sus[int(action.split(":")[1])] + self.rng.random() * 0.1
            return s if obs.role != ECOLOGIST else -s
        return max(legal, key=score)

    def _vote(self, obs: Observation, legal: list[str], sus: dict[int, float],
              eco: bool) -> str:
        pub = obs.public
        p, n = pub.president, pub.nominee if pub.nominee is not None else pub.president
        me = obs.seat
        lob_on_table = pub.enacted.count(LOB)
        if obs.role == DOLLAR and n == me and lob_on_table >= 3:
            return "vote:yes"
        if obs.role == ECOLOGIST:
            if me in (p, n):
                return "vote:yes"
            worst = max(sus[p], sus[n])
            limit = 0.9 if pub.no_consensus < 2 else 1.6
            if lob_on_table >= 3 and sus[n] > 0.2:
                return "vote:no"
            return "vote:yes" if worst < limit else "vote:no"
        if me in (p, n):
            return "vote:yes"
        if _revoke_next(obs) and sus[p] < FRIEND:
            return "vote:no"  # a stranger would get to revoke: better a chaos, which grants none
        if lob_on_table >= 3:  # anyone might be Mr Dollar: let governments through
            return "vote:no" if sus[n] < -CERTAIN / 2 else "vote:yes"
        friendly = max(sus[p], sus[n]) > 0.5
        return "vote:yes" if friendly or self.rng.random() < LOBBYIST_YES else "vote:no"

    def _discard(self, obs: Observation, legal: list[str], sus: dict[int, float],
                 eco: bool) -> str:
        hand = list(obs.hand)
        lobs = [t for t in hand if t == LOB]
        ecos = [t for t in hand if t != LOB]
        if eco:
            if lobs and (ecos or len(hand) < 3 or "keep" not in legal):
                return f"discard:{LOB}" if f"discard:{LOB}" in legal else legal[0]
            return "keep" if "keep" in legal else f"discard:{ecos[0]}"
        if ecos:
            return f"discard:{ecos[0]}"
        return "keep" if "keep" in legal else f"discard:{LOB}"

    def _enact(self, obs: Observation, legal: list[str], sus: dict[int, float],
               eco: bool) -> str:
        ecos = [a for a in legal if a != f"enact:{LOB}"]
        if eco or (ecos and _revoke_next(obs) and sus[obs.public.president] < FRIEND):
            return ecos[0] if ecos else legal[0]  # (a lobbyist: no revocation for a stranger)
        return f"enact:{LOB}" if f"enact:{LOB}" in legal else legal[0]

    def _claim_president(self, obs: Observation, legal: list[str], sus: dict[int, float],
                         eco: bool) -> str:
        drew = self._secret(obs, "drew")
        handed = self._secret(obs, "handed")
        regular = [t for t in drew if t not in CRISIS_KIND]
        truth = sum(t == LOB for t in regular)
        if obs.role != ECOLOGIST and handed and all(t == LOB for t in handed) and truth < len(
                regular):
            return f"claim:lob{len(regular)}"  # hide the ecological tile thrown away
        return f"claim:lob{truth}"

    def _claim_secretary(self, obs: Observation, legal: list[str], sus: dict[int, float],
                         eco: bool) -> str:
        got = self._secret(obs, "got")
        truth = sum(t == LOB for t in got)
        enacted = obs.public.enacted[-1] if obs.public.enacted else ""
        if obs.role != ECOLOGIST and enacted == LOB and truth < len(got):
            return f"claim:lob{len(got)}"  # "I had no choice"
        return f"claim:lob{truth}"

    def _investigate(self, obs: Observation, legal: list[str], sus: dict[int, float],
                     eco: bool) -> str:
        known = {e[2] for e in obs.secrets if e[1] == "investigated"}
        options = [a for a in legal if a != "investigate:none"
                   and int(a.split(":")[1]) not in known]
        if not options:
            return "investigate:none"
        return max(options, key=lambda a: sus[int(a.split(":")[1])] + self.rng.random() * 0.1)

    def _claim_investigation(self, obs: Observation, legal: list[str], sus: dict[int, float],
                             eco: bool) -> str:
        found = self._secret(obs, "investigated")
        interest = found[1] if found else ECOLOGIST
        if obs.role == ECOLOGIST:
            return f"claim:{interest}"
        return f"claim:{ECOLOGIST if interest == LOBBYIST else LOBBYIST}"

    def _revoke(self, obs: Observation, legal: list[str], sus: dict[int, float],
                eco: bool) -> str:
        """Ecologists revoke the most suspect; lobbyists the surest ecologist, and when
        nobody is sure, anyone but the likeliest allies (Mr Dollar may hide among them)."""
        seats = [int(a.split(":")[1]) for a in legal]
        if obs.role == ECOLOGIST:
            return f"revoke:{max(seats, key=lambda s: sus[s] + self.rng.random() * 0.1)}"
        surest = min(seats, key=lambda s: sus[s] + self.rng.random() * 0.1)
        if sus[surest] < -SURE_ECOLOGIST:
            return f"revoke:{surest}"
        seats.sort(key=lambda s: sus[s])
        keep = max(1, len(seats) * 2 // 3)
        return f"revoke:{self.rng.choice(seats[:keep])}"

    # --- from 5 players: the same phases, by the reading of the table ---------------------------
    def _read_nominate(self, obs: Observation, legal: list[str], b: Belief, eco: bool) -> str:
        """Ecologists nominate the seat least likely a lobbyist, and from 3 lobbyist tiles
        the least likely Mr Dollar; lobbyists their likeliest ally, then their likeliest
        Mr Dollar (Mr Dollar himself: an ally)."""
        late = _late(obs)
        noise = self.rng.random
        if obs.role == ECOLOGIST or (eco and not late):
            def risk(action: str) -> float:
                s = _target(action)
                return b.lob[s] + (DOLLAR_FEAR * b.dollar[s] if late else 0.0) + noise() * 0.01
            return min(legal, key=risk)
        if late and obs.role != DOLLAR:
            return max(legal, key=lambda a: b.dollar[_target(a)] + noise() * 0.01)
        return max(legal, key=lambda a: b.lob[_target(a)] + noise() * 0.01)

    def _read_vote(self, obs: Observation, legal: list[str], b: Belief, eco: bool) -> str:
        pub = obs.public
        me = obs.seat
        p = pub.president
        n = pub.nominee if pub.nominee is not None else p
        late = _late(obs)
        if me in (p, n):
            return "vote:yes"
        if obs.role == DOLLAR and late:
            return "vote:yes" if b.lob[p] > ALLY or b.lob[n] > ALLY else _eco_vote(obs, b, p, n)
        if obs.role == ECOLOGIST:
            return _eco_vote(obs, b, p, n)
        if _revoke_next(obs) and b.lob[p] < ALLY:
            return "vote:no"  # a stranger would get to revoke: better a chaos, which grants none
        if late and obs.role == LOBBYIST:
            return "vote:yes" if b.dollar[n] > 0.02 else _eco_vote(obs, b, p, n)
        if not eco and (b.lob[p] > ALLY or b.lob[n] > ALLY):
            return "vote:yes"
        return _eco_vote(obs, b, p, n)  # keeps up appearances

    def _read_investigate(self, obs: Observation, legal: list[str], b: Belief,
                          eco: bool) -> str:
        known = {e[2] for e in obs.secrets if e[1] == "investigated"}
        options = [a for a in legal if a != "investigate:none" and _target(a) not in known]
        if not options:
            return "investigate:none"
        noise = self.rng.random
        if obs.role == ECOLOGIST:
            def worth(action: str) -> float:
                s = _target(action)
                p = b.lob[s]
                return b.dollar[s] + INVESTIGATE_DOUBT * p * (1 - p) + noise() * 0.01
            return max(options, key=worth)
        return max(options, key=lambda a: b.lob[_target(a)] + noise() * 0.01)

    def _read_revoke(self, obs: Observation, legal: list[str], b: Belief, eco: bool) -> str:
        """Ecologists revoke the likeliest Mr Dollar; lobbyists the surest ecologist among
        those who cannot be Mr Dollar for them."""
        noise = self.rng.random
        if obs.role == ECOLOGIST:
            return max(legal, key=lambda a: b.dollar[_target(a)] + 0.1 * b.lob[_target(a)]
                       + noise() * 0.001)
        return min(legal, key=lambda a: 10 * b.dollar[_target(a)] + b.lob[_target(a)]
                   + noise() * 0.01)

    def _read_enact(self, obs: Observation, legal: list[str], b: Belief, eco: bool) -> str:
        ecos = [a for a in legal if a != f"enact:{LOB}"]
        if eco or (ecos and _revoke_next(obs) and b.lob[obs.public.president] < ALLY):
            return ecos[0] if ecos else legal[0]  # (a lobbyist: no revocation for a stranger)
        return f"enact:{LOB}" if f"enact:{LOB}" in legal else legal[0]

    @staticmethod
    def _secret(obs: Observation, kind: str) -> tuple[Any, ...]:
        """This turn's secret of that kind (tiles, or (target, interest))."""
        turn = obs.public.turn
        for entry in reversed(obs.secrets):
            if entry[0] == turn and entry[1] == kind:
                return entry[2] if kind != "investigated" else entry[2:]
        return ()
