"""The menus of a Utopia turn, kept as a stack of choices (``choice``): an action, then the
civilisation, then the prince(s), then the destination, then the card(s) paying for it.

Each step lists only what is legal. A step with a single possible answer (one prince, one
way to pay) is answered for the player; ``back`` pops the last real choice.
"""

from __future__ import annotations

from functools import cache

from a11y_games.games.utopia import data
from a11y_games.games.utopia.data import (
    CIVS,
    DISTRICTS,
    ISLANDS,
    NEIGHBOURS,
    SEA_ROUTES,
)

__all__ = ["ACTIONS", "DISCARD", "GUESTS", "NC", "OVER", "STEPS", "MenuStack",
           "destinations", "parts"]

NC = len(CIVS)
CIV_INDEX = {c: i for i, c in enumerate(CIVS)}
DISTRICT_INDEX = {d: DISTRICTS[d].index for d in DISTRICTS}
GUESTS, DISCARD, ACTIONS, OVER = "guests", "discard", "actions", "over"
ACTION_WORDS = ("move", "add", "remove", "influence")

# Action ids, made once (menus are rebuilt whenever the city or a hand changes).
CIV_IDS = tuple(f"civ:{c}" for c in CIVS)
CIVP_IDS = tuple(f"civp:{c}" for c in CIVS)
"""A civilisation whose action the player pays choosing each card (a privilege)."""
CIV_OF_ID = {**{f"civ:{c}": i for i, c in enumerate(CIVS)},
             **{f"civp:{c}": i for i, c in enumerate(CIVS)}}
DISCARD_IDS = tuple(f"discard:{c}" for c in CIVS)
PAY_IDS = tuple(f"pay:{c}" for c in CIVS)
PAY_CIV = {f"pay:{c}": i for i, c in enumerate(CIVS)}
PRINCE_IDS = tuple(f"prince:{c}" for c in CIVS)
FROM_IDS = {d: f"from:{d}" for d in DISTRICTS}
TO_IDS = {d: f"to:{d}" for d in DISTRICTS}
PLACE_IDS = {i: tuple(f"place:{d}" for d in ISLANDS[i].districts) for i in ISLANDS}
SRC_IDS = {(d, c): f"src:{d}:{CIVS[c]}" for d in DISTRICTS for c in range(len(CIVS))}
"""A move's or removal's civilisation and district in one answer (then ``civ:`` and ``from:``
on the menu stack)."""
UP_IDS = tuple(f"up:{c}" for c in CIVS)
DOWN_IDS = tuple(f"down:{c}" for c in CIVS)
"""An influence's civilisation and mode in one answer (then ``civ:`` and ``raise``/``lower``)."""
GUEST_IDS = {(c, i): f"guest:{CIVS[c]}:{i}" for c in range(len(CIVS)) for i in ISLANDS}
GUEST_RANK = {(c, i): ISLANDS[i].index * len(CIVS) + c for c in range(len(CIVS)) for i in ISLANDS}
"""The order of guests in the menu: by island in map order, then by civilisation."""
COUNT_IDS = tuple(f"count:{k}" for k in range(1, data.MAX_MOVE + 1))
MENU_ANSWERS = frozenset((*ACTION_WORDS, "raise", "lower", *CIV_IDS, *CIVP_IDS, *PAY_IDS,
                          *PRINCE_IDS,
                          *FROM_IDS.values(), *TO_IDS.values(), *COUNT_IDS))
"""The answers that build a phase 2 action up, step by step."""

_PARTS: dict[str, list[str]] = {}


def parts(action: str) -> list[str]:
    """``action`` split at its colons (``"to:neree"`` gives ``["to", "neree"]``), made once.

    The lists are shared: never change one.
    """
    found = _PARTS.get(action)
    if found is None:
        found = _PARTS[action] = action.split(":")
    return found


STEPS = {
    "end": ("limit",),
    "move": ("civ", "from", "count", "to"),
    "add": ("civ", "to"),
    "remove": ("civ", "from", "prince"),
    "influence": ("civ", "mode"),
}
"""For each action: its steps after the main menu, then payment ("end" is the card limit)."""
STEP_AT = {what: (*steps, *("pay",) * (data.LOWER_CARDS + 1)) for what, steps in STEPS.items()}
"""For each action: the step after k answers (its own steps, then the cards paying)."""


def destinations(district: str, active: frozenset[str]) -> list[tuple[str, str]]:
    """Where princes in ``district`` may go: (district, "land" or "sea"), land first."""
    found = [(d, "land") for d, _ in NEIGHBOURS[district] if d in active]
    seen = {d for d, _ in found}
    for d in SEA_ROUTES.get(district, ()):
        if d in active and d not in seen:
            found.append((d, "sea"))
    return found


@cache
def destination_ids(district: str, active: frozenset[str]) -> tuple[str, ...]:
    """The ``to:`` answers of a move from ``district`` (the city never changes in a game)."""
    return tuple(TO_IDS[d] for d, _ in destinations(district, active))


class MenuStack:
    """The menu steps and their legal answers, for :class:`UtopiaState` (a mixin)."""

    # provided by the state
    n: int
    phase: str
    privileged: bool
    """The player asked to pay the action being built with a privilege (``privilege``)."""
    placed: bool
    choice: tuple[str, ...]
    auto: tuple[bool, ...]
    _step_cache: str | None
    _menu: list[str] | None
    hands: list[list[int]]
    privileges: list[int]
    supply: list[list[int]]
    scale: list[int]
    princes: list[int]
    on_island: list[int]
    on_board: list[int]
    where: list[set[str]]
    islands: tuple[str, ...]
    active: frozenset[str]
    monuments: dict[str, tuple[int, int]]
    guests: list[tuple[int, str]]
    guest_kinds: list[tuple[int, str]]
    guest_ids: list[str]

    def builds(self, seat: int) -> list[str]:
        raise NotImplementedError

    def value(self, civ: int) -> int:
        raise NotImplementedError

    def count(self, district: str, seat: int, civ: int) -> int:
        raise NotImplementedError

    # --- paying (UT-16, UT-17) -------------------------------------------------------------------
    @staticmethod
    def can_pay(hand: list[int] | tuple[int, ...], privileges: int, civ: int, cards: int) -> bool:
        """Whether ``cards`` cards of ``civ`` can be paid, other cards needing a privilege each."""
        own = hand[civ]
        return own + min(privileges, sum(hand) - own) >= cards

    def _pay_state(self, seat: int, paid: list[int]) -> tuple[list[int], int]:
        civ = self._civ()
        hand = list(self.hands[seat])
        priv = self.privileges[seat]
        for c in paid:
            hand[c] -= 1
            if c != civ:
                priv -= 1
        return hand, priv

    # --- the menu stack --------------------------------------------------------------------------
    def _set_choice(self, ids: tuple[str, ...]) -> None:
        self.choice = ids
        self.auto = (False,) * len(ids)
        self.privileged = False
        self._step_cache = self._menu = None

    def _push(self, action: str, auto: bool = False) -> None:
        self.choice += (action,)
        self.auto += (auto,)
        self.privileged = False
        self._step_cache = self._menu = None

    def _pop(self) -> None:
        self.choice = self.choice[:-1]
        self.auto = self.auto[:-1]
        self.privileged = False
        self._step_cache = self._menu = None

    def chosen(self, key: str) -> str:
        """What the menu so far says for ``key`` (``chosen("from")`` is a district id)."""
        for a in self.choice:
            if a == key or a.startswith(key + ":"):
                return a.split(":", 1)[1] if ":" in a else a  # (a district or civ id)
        return ""

    def _civ(self) -> int:
        """The civilisation chosen for the action being built (its second choice)."""
        return CIV_OF_ID[self.choice[1]]

    def _paid(self) -> int:
        """How many cards the player has chosen so far to pay for the action being built."""
        ids = self.choice
        return max(0, len(ids) - 1 - len(STEPS[ids[0]]))

    def _paid_cards(self) -> list[int]:
        """The civilisations of those cards (the answers after the action's own steps)."""
        ids = self.choice
        return [PAY_CIV[a] for a in ids[1 + len(STEPS[ids[0]]):]]

    def _cost(self) -> int:
        return data.LOWER_CARDS if "lower" in self.choice else data.RAISE_CARDS

    def _step(self) -> str:
        """The name of the current menu step of the player whose turn it is (remembered until
        the choices change: ``self._step_cache or self._step()`` spares a call)."""
        ids = self.choice
        if self.phase == GUESTS:
            step = "after" if self.placed else "place" if ids else "guest"
        elif ids:
            step = STEP_AT[ids[0]][len(ids) - 1]
        else:
            step = "main"
        self._step_cache = step
        return step

    def _options(self, seat: int) -> list[str]:
        step = self._step_cache or self._step()
        if self.phase == GUESTS:
            return self._guest_options(seat, step)
        if step == "main":
            return self._main_options(seat)
        if step == "limit":
            hand = self.hands[seat]
            opts = [DISCARD_IDS[c] for c in range(NC) if hand[c]]
            return opts if self.limit_started else [*opts, "back"]
        if step == "civ":
            what = self.choice[0]
            civs = sorted(self._civs_for(seat, what))
            if what == "add":
                opts = [(CIVP_IDS if self.privileged else CIV_IDS)[c] for c in civs]
            else:
                opts = self._merged_options(seat, what, civs)
            if self.privileged:
                return [*opts, "back"]
            hand = self.hands[seat]
            if self.privileges[seat] > 0 and sum(1 for k in hand if k) >= 2:
                opts.append("privilege")  # UT-17: asked for, never in the way
            return [*opts, "back"]
        opts = self._detail_options(seat, step)
        return [*opts, "back"]

    def _guest_options(self, seat: int, step: str) -> list[str]:
        if step == "after":
            return [*self.builds(seat), "end"]
        if step == "place":
            island = parts(self.choice[0])[2]
            return [*PLACE_IDS[island], "back"]
        supply = self.supply[seat]
        if min(supply) > 0:  # (nearly always: a seat rarely runs out of a civilisation)
            opts = self.guest_ids
        else:
            opts = [GUEST_IDS[g] for g in self.guest_kinds if supply[g[0]] > 0]
        return [*opts, *self.builds(seat)] if opts else ["pass", *self.builds(seat)]

    def _merged_options(self, seat: int, what: str, civs: list[int]) -> list[str]:
        """The civilisation with its district (move, remove) or its mode (influence): one
        question instead of two."""
        if what == "influence":
            hand, priv = self.hands[seat], self.privileges[seat]
            out = []
            for c in civs:
                v = self.value(c)
                if v < NC and self.can_pay(hand, priv, c, data.RAISE_CARDS):
                    out.append(UP_IDS[c])
                if v > 1 and self.can_pay(hand, priv, c, data.LOWER_CARDS):
                    out.append(DOWN_IDS[c])
            return out
        pairs = []
        for c in civs:
            for a in self._details(seat, what, c, "from"):
                d = a[5:]
                pairs.append((DISTRICT_INDEX[d], c, d))
        pairs.sort()  # in map order, then civilisation
        return [SRC_IDS[d, c] for _, c, d in pairs]

    def _main_options(self, seat: int) -> list[str]:
        return [*self._actions_open(seat), *self.builds(seat), "end"]

    def _actions_open(self, seat: int) -> list[str]:
        """The actions ``seat`` can pay for and carry out with at least one civilisation.

        The same answers as ``_civs_for`` (a test checks it), in one pass: the main menu is
        made after every action, so it must be cheap.
        """
        hand = self.hands[seat]
        total = sum(hand)
        if not total:
            return []
        priv = self.privileges[seat]
        out = []
        base = seat * NC
        row = self.on_board[base:base + NC]
        if any(row) if priv > 0 else any(map(int.__mul__, row, hand)):
            out.append("move")
        monuments = self.monuments
        if monuments:
            supply = self.supply[seat]
            for _, c in monuments.values():
                if supply[c] > 0 and (priv > 0 or hand[c] > 0):
                    out.append("add")
                    break
            p, n = self.princes, self.n
            for d, (_, c) in monuments.items():
                if priv > 0 or hand[c] > 0:
                    at = (DISTRICTS[d].index * n + seat) * NC
                    if any(p[at:at + NC]):
                        out.append("remove")
                        break
        for v, c in enumerate(self.scale, start=1):
            reach = hand[c] + min(priv, total - hand[c])
            if (v < NC and reach >= data.RAISE_CARDS) or (v > 1 and reach >= data.LOWER_CARDS):
                out.append("influence")
                break
        return out

    def _civs_for(self, seat: int, what: str) -> list[int]:
        """The civilisations for which ``seat`` can pay for and carry out action ``what``."""
        hand, priv = self.hands[seat], self.privileges[seat]
        total = sum(hand)
        if not total:
            return []
        out: list[int] = []
        if what == "influence":
            for v, c in enumerate(self.scale, start=1):
                reach = hand[c] + min(priv, total - hand[c])
                if (v < NC and reach >= data.RAISE_CARDS) or (v > 1 and reach >= data.LOWER_CARDS):
                    out.append(c)
            return out
        if what == "move":  # princes on the board are on islands in play
            board, base = self.on_board, seat * NC
            for c in range(NC):
                if board[base + c] and (priv > 0 or hand[c] > 0):
                    out.append(c)
            return out
        if not self.monuments:
            return out
        if what == "add":
            supply = self.supply[seat]
            for _, c in self.monuments.values():
                if c not in out and supply[c] > 0 and (priv > 0 or hand[c] > 0):
                    out.append(c)
        else:  # remove
            p, n = self.princes, self.n
            for d, (_, c) in self.monuments.items():
                if c not in out and (priv > 0 or hand[c] > 0):
                    base = (DISTRICTS[d].index * n + seat) * NC
                    if any(p[base:base + NC]):
                        out.append(c)
        out.sort()
        return out

    def _details(self, seat: int, what: str, civ: int, step: str) -> list[str]:
        n = self.n
        if what == "move":
            if step == "from":
                found = sorted(self.where[seat * NC + civ], key=DISTRICT_INDEX.__getitem__)
                return [FROM_IDS[d] for d in found]  # in map order
            src = self.chosen("from")
            if step == "count":
                return list(COUNT_IDS[:self.count(src, seat, civ)])
            return list(destination_ids(src, self.active))
        if what == "add":
            if self.supply[seat][civ] <= 0:
                return []
            return [TO_IDS[d] for d in sorted(self.monuments, key=lambda x: DISTRICTS[x].index)
                    if self.monuments[d][1] == civ]
        if what == "remove":
            if step == "from":
                out = []
                for d in sorted(self.monuments, key=lambda x: DISTRICTS[x].index):
                    base = (DISTRICTS[d].index * n + seat) * NC
                    if self.monuments[d][1] == civ and any(self.princes[base:base + NC]):
                        out.append(FROM_IDS[d])
                return out
            src = self.chosen("from")
            return [PRINCE_IDS[c] for c in range(NC) if self.count(src, seat, c)]
        return []

    def _detail_options(self, seat: int, step: str) -> list[str]:
        ids = self.choice
        what, civ = ids[0], self._civ()
        if step == "mode":
            hand, priv = self.hands[seat], self.privileges[seat]
            v = self.value(civ)
            out = []
            if v < NC and self.can_pay(hand, priv, civ, data.RAISE_CARDS):
                out.append("raise")
            if v > 1 and self.can_pay(hand, priv, civ, data.LOWER_CARDS):
                out.append("lower")
            return out
        if step == "pay":
            paid = self._paid_cards()
            if not paid and self._cost() == 1:  # one card: its own, or another for a privilege
                hand, priv = self.hands[seat], self.privileges[seat]
                return [PAY_IDS[c] for c in range(NC) if hand[c] > 0 and (c == civ or priv > 0)]
            hand, priv = self._pay_state(seat, paid)
            left = self._cost() - len(paid)
            out = []
            for c in range(NC):
                if hand[c] <= 0:
                    continue
                extra = 0 if c == civ else 1
                if priv < extra:
                    continue
                hand[c] -= 1
                if self.can_pay(hand, priv - extra, civ, left - 1):
                    out.append(PAY_IDS[c])
                hand[c] += 1
            return out
        return self._details(seat, what, civ, step)

