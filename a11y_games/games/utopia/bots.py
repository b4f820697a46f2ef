"""Utopia bots. ``normal`` reads only its :class:`View`: it plans monuments and wonders,
raises the civilisations it controls and lowers the leader's, and races opponents to the
districts they are about to take (blocking them).

The bot keeps no memory between calls: at each menu step it lists the complete actions it
could take from its observation, scores them, and answers the step the best one needs.
"""

from __future__ import annotations

import random

from a11y_games.games.utopia import data
from a11y_games.games.utopia.data import CIVS, DISTRICTS, ISLANDS
from a11y_games.games.utopia.state import View, destinations

__all__ = ["NormalBot"]

NC = len(CIVS)
CIV_INDEX = {c: i for i, c in enumerate(CIVS)}
CARD_COST = 1.2        # a card kept is worth about this much prestige later
SURPLUS_COST = 0.2     # a card above the limit would be discarded anyway
PRIVILEGE_COST = 2.0
WONDER_STEPS = (0.0, 0.3, 0.9, 1.8, 3.2, 6.0)  # worth of k civilisations on an island
PRESENCE = (0.0, 0.12, 0.45, 1.0)              # share of a monument's worth at 0..3 princes
THRESHOLD = 0.3
STAKE = 0.5
"""How much a district where a seat may build a monument counts, beside a monument built,
when the scale moves: so the first rounds' influence has a purpose."""


def can_pay(hand: list[int] | tuple[int, ...], privileges: int, civ: int, cards: int) -> bool:
    own = hand[civ]
    return own + min(privileges, sum(hand) - own) >= cards


class Position:
    """The bot's working copy of its princes and the board, from a :class:`View`."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.me = view.seat
        self.n = view.players
        self.mine: dict[tuple[str, int], int] = {}
        self.on_island = {i: [0] * NC for i in ISLANDS}
        self.threat: set[str] = set()  # districts an opponent could take soon
        monuments = {d for d, _, _ in view.monuments}
        self.monuments = {d: (s, c) for d, s, c in view.monuments}
        self.wonders = dict(view.wonders)
        for d in DISTRICTS.values():
            if d.id not in view.active:
                continue
            for seat in range(self.n):
                base = (d.index * self.n + seat) * NC
                for c in range(NC):
                    k = view.princes[base + c]
                    if not k:
                        continue
                    if seat == self.me:
                        self.mine[(d.id, c)] = k
                        self.on_island[d.island][c] += k
                    elif k >= 2 and d.id not in monuments:
                        self.threat.add(d.id)
        self.rounds_left = max(1.0, min(3.0, (data.WIN_SCORE - max(view.scores)) / 10))

    def at(self, district: str, civ: int) -> int:
        return self.mine.get((district, civ), 0)

    def monument_worth(self, district: str, civ: int) -> float:
        """What controlling ``district`` with a ``civ`` monument is worth to the bot."""
        worth = self.view.value(civ) * self.rounds_left + 2.0
        owner = self.wonders.get(DISTRICTS[district].island)
        if owner == self.me:
            worth += DISTRICTS[district].value
        elif owner is not None:
            worth -= DISTRICTS[district].value * 0.5
        if district in self.threat:
            worth += 2.0  # taking it first blocks an opponent
        return worth

    def district_potential(self, district: str) -> float:
        if district in self.monuments or district not in self.view.active:
            return 0.0
        best, rest = 0.0, 0.0
        for c in range(NC):
            k = min(self.at(district, c), 3)
            if not k:
                continue
            if k >= 3 and (self.view.monument_supply[c] <= 0 or self.view.bases[self.me] <= 0):
                k = 2
            worth = PRESENCE[k] * self.monument_worth(district, c)
            if worth > best:
                best, rest = worth, rest + best
            else:
                rest += worth
        return best + 0.3 * rest

    def island_potential(self, island: str) -> float:
        if island in self.wonders or self.view.bases[self.me] <= 0:
            return 0.0
        kinds = sum(1 for k in self.on_island[island] if k > 0)
        return WONDER_STEPS[kinds]

    def potential(self, districts: set[str]) -> float:
        islands = {DISTRICTS[d].island for d in districts}
        return (sum(self.district_potential(d) for d in districts)
                + sum(self.island_potential(i) for i in islands))

    def shift(self, district: str, civ: int, delta: int) -> None:
        self.mine[(district, civ)] = self.at(district, civ) + delta
        self.on_island[DISTRICTS[district].island][civ] += delta

    def gain_of(self, changes: list[tuple[str, int, int]]) -> float:
        """The change of potential if the bot's princes changed as listed."""
        touched = {d for d, _, _ in changes}
        before = self.potential(touched)
        for d, c, k in changes:
            self.shift(d, c, k)
        after = self.potential(touched)
        for d, c, k in changes:
            self.shift(d, c, -k)
        return after - before


def _merged(choice: tuple[str, ...]) -> list[str]:
    """The menu so far as the bot's plans write it: a civilisation with its district (move,
    remove) or its mode (influence) is one answer, as the game asks it."""
    if len(choice) >= 3 and choice[0] in ("move", "remove", "influence"):
        civ = choice[1].split(":")[1]
        if choice[0] == "influence":
            second = f"{'up' if choice[2] == 'raise' else 'down'}:{civ}"
        else:
            second = f"src:{choice[2].split(':')[1]}:{civ}"
        return [choice[0], second, *choice[3:]]
    return list(choice)


class NormalBot:
    """Plans monuments and wonders, steers the scale, blocks; only its observation."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self._memo: tuple[View, list[tuple[float, list[str]]]] | None = None

    def choose(self, observation: object, legal: list[str]) -> str:
        view = observation
        assert isinstance(view, View)
        if len(legal) == 1:
            return legal[0]
        builds = [a for a in legal if a.startswith(("wonder:", "monument:"))]
        pos = Position(view)
        if builds:
            return self._best_build(pos, builds)
        if all(a.startswith("discard:") or a == "back" for a in legal):
            return self._discard(view, pos, [a for a in legal if a != "back"])
        if view.phase == "guests":
            return self._guest(view, pos, legal)
        key = view._replace(choice=())  # the same position through the steps of one action
        if self._memo is not None and self._memo[0] == key:
            plans = self._memo[1]
        else:
            plans = self._plans(view, pos)
            self._memo = (key, plans)
        prefix = _merged(view.choice)
        fitting = [(score, plan) for score, plan in plans
                   if plan[:len(prefix)] == prefix and len(plan) > len(prefix)
                   and plan[len(prefix)] in legal]
        if not prefix:
            fitting = [(s, p) for s, p in fitting if s > THRESHOLD]
            if not fitting:
                return "end" if "end" in legal else legal[0]
        if not fitting:
            return "back" if "back" in legal else legal[0]
        fitting.sort(key=lambda sp: -sp[0])
        return fitting[0][1][len(prefix)]

    # --- builds and discards -----------------------------------------------------------------
    def _best_build(self, pos: Position, builds: list[str]) -> str:
        def worth(action: str) -> float:
            parts = action.split(":")
            if parts[0] == "wonder":
                return 100.0
            return pos.monument_worth(parts[1], CIV_INDEX[parts[2]])

        return max(builds, key=worth)

    @staticmethod
    def _usefulness(view: View, pos: Position, civ: int) -> float:
        mine = sum(1 for _, s, c in view.monuments if s == view.seat and c == civ)
        near = sum(1 for (d, c), k in pos.mine.items()
                   if c == civ and d not in pos.monuments and k >= 1)
        return 1.5 * mine + 0.5 * near + 0.1 * view.value(civ)

    def _discard(self, view: View, pos: Position, options: list[str]) -> str:
        return min(options, key=lambda a: (
            self._usefulness(view, pos, CIV_INDEX[a.split(":")[1]]), a))

    # --- phase 1 -----------------------------------------------------------------------------
    def _guest(self, view: View, pos: Position, legal: list[str]) -> str:
        if "end" in legal:
            return "end"
        if "pass" in legal:
            return "pass"
        if view.choice:  # placing: the best district of the guest's island
            civ = CIV_INDEX[view.choice[0].split(":")[1]]
            places = [a for a in legal if a.startswith("place:")]
            return max(places, key=lambda a: self._arrival(pos, a.split(":")[1], civ))
        best, best_score = legal[0], float("-inf")
        for action in legal:
            if not action.startswith("guest:"):
                continue
            _, civ_id, island = action.split(":")
            civ = CIV_INDEX[civ_id]
            score = max(self._arrival(pos, d, civ) for d in ISLANDS[island].districts)
            if score > best_score:
                best, best_score = action, score
        return best

    @staticmethod
    def _arrival(pos: Position, district: str, civ: int) -> float:
        return pos.gain_of([(district, civ, 1)]) + 0.01 * DISTRICTS[district].value

    # --- phase 2: every complete action, scored ------------------------------------------------
    def _pay(self, view: View, pos: Position, civ: int,
             cards: int) -> tuple[list[str], float] | None:
        hand = list(view.hand)
        priv = view.privileges[view.seat]
        if not can_pay(hand, priv, civ, cards):
            return None
        surplus = max(0, sum(hand) - data.HAND_LIMIT)
        ids, cost = [], 0.0
        for _ in range(cards):
            if hand[civ] > 0:
                pick = civ
            else:
                others = [c for c in range(NC) if hand[c] > 0 and c != civ]
                pick = min(others, key=lambda c: self._usefulness(view, pos, c))
                priv -= 1
                cost += PRIVILEGE_COST
            hand[pick] -= 1
            ids.append(f"pay:{CIVS[pick]}")
            cost += SURPLUS_COST if surplus > 0 else CARD_COST
            surplus -= 1
        return ids, cost

    def _plans(self, view: View, pos: Position) -> list[tuple[float, list[str]]]:
        plans: list[tuple[float, list[str]]] = []
        active = view.active
        mon_by_civ: dict[int, list[str]] = {}
        for d, _, c in view.monuments:
            mon_by_civ.setdefault(c, []).append(d)
        for civ in range(NC):
            paid = self._pay(view, pos, civ, 1)
            if paid is None:
                continue
            pay_ids, cost = paid
            name = f"civ:{CIVS[civ]}"  # (own cards first, as the game pays them unasked)
            for (d, c), k in list(pos.mine.items()):
                if c != civ or k <= 0:
                    continue
                for count in range(1, min(data.MAX_MOVE, k) + 1):
                    for dst, _ in destinations(d, active):
                        gain = pos.gain_of([(d, civ, -count), (dst, civ, count)])
                        plans.append((gain - cost, ["move", f"src:{d}:{CIVS[civ]}",
                                                    f"count:{count}", f"to:{dst}", *pay_ids]))
            for d in mon_by_civ.get(civ, []):
                if view.supply[civ] > 0:
                    gain = pos.gain_of([(d, civ, 1)])
                    plans.append((gain - cost, ["add", name, f"to:{d}", *pay_ids]))
                for pc in range(NC):
                    if pos.at(d, pc) > 0:
                        gain = data.REMOVE_POINTS + pos.gain_of([(d, pc, -1)])
                        plans.append((gain - cost, ["remove", f"src:{d}:{CIVS[civ]}",
                                                    f"prince:{CIVS[pc]}", *pay_ids]))
            value = view.value(civ)
            if value < NC:
                scale = list(view.scale)
                scale.remove(civ)
                scale.insert(value, civ)
                plans.append((self._scale_gain(view, scale) - cost,
                              ["influence", f"up:{CIVS[civ]}", *pay_ids]))
            twice = self._pay(view, pos, civ, data.LOWER_CARDS)
            if value > 1 and twice is not None:
                scale = list(view.scale)
                scale.remove(civ)
                scale.insert(0, civ)
                plans.append((self._scale_gain(view, scale) - twice[1],
                              ["influence", f"down:{CIVS[civ]}", *twice[0]]))
        return plans

    @staticmethod
    def _stakes(view: View) -> list[list[float]]:
        """For each seat and civilisation: its monuments, and a share of one for each
        district where its princes may build one (the scale pays for those later)."""
        owned = [[0.0] * NC for _ in range(view.players)]
        built = set()
        for d, s, c in view.monuments:
            owned[s][c] += 1
            built.add(d)
        for d in view.active:
            if d in built:
                continue
            for seat in range(view.players):
                for c in range(NC):
                    k = view.at(d, seat, c)
                    if k:
                        owned[seat][c] += STAKE * PRESENCE[min(k, 3)]
        return owned

    def _scale_gain(self, view: View, scale: list[int]) -> float:
        """Prestige per round the new scale gives the bot, minus what it gives the leader."""
        owned = self._stakes(view)
        old = {c: v + 1 for v, c in enumerate(view.scale)}
        new = {c: v + 1 for v, c in enumerate(scale)}

        def delta(seat: int) -> float:
            return sum(owned[seat][c] * (new[c] - old[c]) for c in range(NC))

        others = [s for s in range(view.players) if s != view.seat]
        leader = max(others, key=lambda s: view.scores[s])
        rounds_left = max(1.0, min(2.0, (data.WIN_SCORE - max(view.scores)) / 10))
        harm = delta(leader) + 0.3 * sum(delta(s) for s in others if s != leader)
        return (delta(view.seat) - harm) * rounds_left
