"""The Utopia state machine: rounds of guests (phase 1), city development (phase 2) and
scoring (phase 3), with wonders and monuments at any moment of one's own turn.

The menus (what, then which civilisation, then where) live in :mod:`.menus`; this module
carries decisions out and announces them.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, NamedTuple

from a11y_games.engine import Event, GameState, IllegalAction, Msg, Pending, PlayerRef, Verbosity
from a11y_games.engine.state import Outcome, Query, Settings, Topic
from a11y_games.games.inputs import well_formed
from a11y_games.games.utopia import data
from a11y_games.games.utopia.data import CIVS, DISTRICTS, ISLANDS, NEIGHBOURS
from a11y_games.games.utopia.menus import (
    ACTIONS,
    CIV_IDS,
    CIVP_IDS,
    DISCARD,
    DISCARD_IDS,
    DISTRICT_INDEX,
    FROM_IDS,
    GUEST_IDS,
    GUEST_RANK,
    GUESTS,
    MENU_ANSWERS,
    NC,
    OVER,
    PAY_IDS,
    STEPS,
    MenuStack,
    destinations,
    parts,
)
from a11y_games.games.utopia.names import civ as civ_name
from a11y_games.games.utopia.names import civ_card, civ_count, civ_n, isle, isle_short

__all__ = ["ACTIONS", "DISCARD", "GUESTS", "NC", "OVER", "UtopiaState", "View", "destinations"]

CIV_INDEX = {c: i for i, c in enumerate(CIVS)}
AUTO_STEPS = frozenset(("count", "prince", "pay"))
"""Steps a player may find answered for him (a single answer), and the payment."""
_PUBLIC_STEPS = frozenset(("guest", "place", "after"))
"""Phase 1 questions: guests, districts and builds are all in plain view."""
_ANSWERS = {"guest": 2, "civ": 3}
"""Questions that invite their next steps on the same line (``answers``: how many numbers):
a guest then its district; a civilisation then how many princes and where (numbers that
stay the same for the same island or district)."""
_ASKS: tuple[dict[tuple[str, str, bool], Pending], ...] = tuple(
    {} for _ in range(data.MAX_PLAYERS))
"""For each seat: the question of each menu step (and island, for a guest's district), made
once."""
_DISCARD_ASKS: dict[tuple[tuple[int, ...], int, bool], Pending] = {}
"""The discard question for each set of seats still discarding, the most cards one of
them still discards and whether the first round is over, made once."""
_TAUGHT = frozenset(("guest", "civ_move", "civ_add", "civ_remove", "civ_influence", "discard",
                     "after"))
"""Questions that say how to answer them on one line ("Take a guest, then where?") or what
an answer costs ("Raise for 1 card, or put at 1 for 2?") in the first round, and after it
only what they ask ("Which guest?", "Raise, or put at 1?"): the players have heard it
(the rules say it too), and the numbers typed ahead work the same."""


_WONDER_IDS = {i: f"wonder:{i}" for i in ISLANDS}
_MONUMENT_IDS = {(d, c): f"monument:{d}:{CIVS[c]}" for d in DISTRICTS for c in range(NC)}
_SCALE_ENTRIES = tuple(tuple(Msg("utopia.scale.said", value=v + 1, civ=civ_name(c))
                             for c in range(NC)) for v in range(NC))
"""For each value (from 0) and civilisation: its entry in the scale said whole ("Greek 5")."""
_ISLAND_OF = {d: ISLANDS[DISTRICTS[d].island].index for d in DISTRICTS}
"""For each district: its island's index."""
_SCALE_EVENTS: dict[tuple[int | bool, ...], tuple[Event, ...]] = {}
_LAND = {d: frozenset(x for x, _ in NEIGHBOURS[d]) for d in DISTRICTS}
"""For each district: the districts one street or bridge away."""


_REFS = tuple(PlayerRef(s) for s in range(data.MAX_PLAYERS))
_WHY_WONDER = Msg("utopia.why.wonder")
_ONLY = tuple(frozenset({s}) for s in range(data.MAX_PLAYERS))


def _per_seat(msg_id: str, level: Verbosity, *, cause: bool, informs: bool) -> tuple[Event, ...]:
    """One shared public event per seat for a message naming only that seat.

    Events and messages are never changed once made, so the frequent ones (a turn begins,
    a card is discarded) are made once at import instead of at every turn.
    """
    return tuple(Event(Msg(msg_id, seat=_REFS[s]), None, level, s if cause else None, informs)
                 for s in range(data.MAX_PLAYERS))


_TURN_GUEST = _per_seat("utopia.ev.turn_guest", Verbosity.FULL, cause=False, informs=False)
_TURN = _per_seat("utopia.ev.turn", Verbosity.FULL, cause=False, informs=False)
_END_TURN = _per_seat("utopia.ev.end_turn", Verbosity.FULL, cause=True, informs=False)
_DISCARDED = _per_seat("utopia.ev.discarded", Verbosity.FULL, cause=True, informs=True)
_IDLE = _per_seat("utopia.ev.end_turn_idle", Verbosity.NORMAL, cause=True, informs=True)
_PASS = _per_seat("utopia.ev.pass", Verbosity.NORMAL, cause=True, informs=True)
_DISCARDED_OWN = tuple(
    tuple(Event(Msg("utopia.ev.discarded_own", civ=civ_card(c)), _ONLY[s], Verbosity.BRIEF, s,
                False) for c in range(NC))
    for s in range(data.MAX_PLAYERS))
"""For each seat and civilisation: the discard as its player hears it."""


@cache
def _discarded_more(seat: int, civ: int, more: int) -> Event:
    """A discard with more to come, as its player hears it ("Discarded: Maya; 1 more.")."""
    return Event(Msg("utopia.ev.discarded_own_more", civ=civ_card(civ), count=more),
                 _ONLY[seat], Verbosity.BRIEF, seat, False)


@cache
def _said(msg_id: str, cause: int | None, level: Verbosity = Verbosity.NORMAL,
          **params: Any) -> Event:
    """A public event, made once for each message and parameters (events never change):
    for the frequent ones (a guest placed, a move, the scale changed)."""
    return Event(Msg(msg_id, **params), None, level, cause)


@cache
def _step_events(msg_id: str, actor: int, players: int, level: Verbosity,
                 **params: Any) -> tuple[Event, Event]:
    """A step of ``actor``'s phase 2 turn: confirmed at once to its player (at ``level``); a
    detail (FULL) for the others, who hear the whole turn in sentences when it ends (those
    teach: a step's copies are echoes of a public move, which its player may still undo)."""
    msg = Msg(msg_id, **params)
    return (Event(msg, _ONLY[actor], level, actor, False),
            Event(msg, frozenset(range(players)) - _ONLY[actor], Verbosity.FULL, actor, False,
                  spectators=True))


Step = tuple[Any, ...]
"""One step of a phase 2 turn, for its sentence: (kind, civilisation, place, place, count,
privileges); steps alike and in a row are said as one (3 princes moved by two actions)."""
_LOUD_STEPS = frozenset(("raise", "lower", "monument", "wonder"))
"""Steps said even at brief: a turn's builds and influence, its second sentence."""


def _step_msg(step: Step, seat: int, after: str = "") -> Msg:
    """One step of ``seat``'s turn's sentence; a step after one of its kind without the verb
    ("moves 2 Maya from Etna to Atlas, 1 Greek from Pan to Gaïa"). A verb names its seat
    for its "you" variant ("You move...")."""
    kind, c, a, b, k, _privileges = step
    more = "_more" if after == kind and kind in _SHARED_VERBS else ""
    who = {} if more else {"seat": _REFS[seat]}
    if kind == "move":
        msg = Msg(f"utopia.step.move{more}", count=k, civ=civ_n(c, k), src=DISTRICTS[a].name,
                  dst=DISTRICTS[b].name, **who)
    elif kind == "add":
        msg = Msg(f"utopia.step.add{more}", count=k, civ=civ_n(c, k),
                  district=DISTRICTS[a].name, **who)
    elif kind == "remove":
        msg = Msg(f"utopia.step.remove{more}", count=k, civ=civ_n(c, k),
                  district=DISTRICTS[a].name, points=k * data.REMOVE_POINTS, **who)
    elif kind in ("raise", "lower"):
        msg = Msg(f"utopia.step.{kind}{more}", civ=civ_name(c), value=a, **who)
    elif kind == "monument":
        msg = Msg(f"utopia.step.monument{more}", civ=Msg(f"utopia.a_civ.{CIVS[c]}"),
                  district=DISTRICTS[a].name, **who)  # ("an Egyptian", FR "égyptien")
    else:
        msg = Msg("utopia.step.wonder", island=isle(a), points=data.WONDER_POINTS, **who)
    return msg  # (the privileges it used: details, ``utopia.ev.privilege_used``)


_SHARED_VERBS = frozenset(("move", "add", "remove", "raise", "monument"))
"""Steps whose verb a step of the same kind right after shares."""


def _merged_steps(steps: list[Step]) -> list[Step]:
    """Steps alike as one: the same princes on the same way, added to or removed from the
    same district (anywhere in the turn: the sentence says where princes went, and the
    turn's builds are in its other sentence), or the same civilisation raised again in a
    row (its last value)."""
    out: list[Step] = []
    alike: dict[tuple, int] = {}
    for step in steps:
        kind = step[0]
        if kind in ("move", "add", "remove"):
            at = alike.get(step[:4])
            if at is not None:
                last = out[at]
                out[at] = (*last[:4], last[4] + step[4], last[5] + step[5])
                continue
            alike[step[:4]] = len(out)
        elif out and kind == out[-1][0] == "raise" and step[1] == out[-1][1]:
            out[-1] = (*step[:5], out[-1][5] + step[5])
            continue
        out.append(step)
    return out


@cache
def _order_events(order: tuple[int, ...]) -> tuple[Event, ...]:
    """The turn order of a round, one whole sentence (made once per order): a detail, said
    with the round's number in the round's line."""
    return (Event(Msg("utopia.ev.order", seats=[_REFS[s] for s in order]), None,
                  Verbosity.FULL),)


def _guest_events(guests: list[tuple[int, str]], islands: tuple[str, ...]) -> list[Event]:
    """The guests of a round by each island's ship (the lines of each ship made once)."""
    from a11y_games.games.utopia.summary import guest_counts
    found = guest_counts(guests, islands)
    out: list[Event] = [_guests_summary(tuple((island, sum(counts)) for island, counts in found))]
    for island, counts in found:
        out += _island_guest_events(island, counts)
    return out


@cache
def _guests_summary(counts: tuple[tuple[str, int], ...]) -> Event:
    """The guests of a round in one sentence: how many by each island (the details: FULL).
    A detail too: each guest question lists the guests left, island by island."""
    return Event(Msg("utopia.ev.guests_count", islands=[
        Msg("utopia.ev.guests_island", island=isle_short(i), number=k) for i, k in counts]),
        None, Verbosity.FULL)


@cache
def _island_guest_events(island: str, counts: tuple[int, ...]) -> tuple[Event, ...]:
    from a11y_games.games.utopia.summary import island_guest_lines
    return tuple(Event(line, None, Verbosity.FULL) for line in island_guest_lines(island, counts))


@cache
def _dealt_events(seat: int, got: tuple[int, ...], discard: int) -> tuple[Event, ...]:
    """The cards dealt to ``seat`` (``got`` by civilisation) and how many it discards, as its
    player hears them (how many each discards: a detail, ``must_discard``)."""
    cards = [civ_count(k, c) for c, k in enumerate(got) if k]
    msg = Msg("utopia.ev.dealt_discard", count=sum(got), cards=cards, number=discard) \
        if discard else Msg("utopia.ev.dealt_cards", count=sum(got), cards=cards)
    return (Event(msg, _ONLY[seat], Verbosity.BRIEF),)




class View(NamedTuple):
    """What one seat may know (the public board, its own hand): the only input of a bot."""

    seat: int
    players: int
    phase: str
    round: int
    turn: int | None
    active: frozenset[str]
    scores: tuple[int, ...]
    scale: tuple[int, ...]          # civilisation indices from value 1 to value 5
    princes: tuple[int, ...]        # flat: (district index * players + seat) * 5 + civ
    monuments: tuple[tuple[str, int, int], ...]  # (district, seat, civ)
    wonders: tuple[tuple[str, int], ...]         # (island, seat)
    bases: tuple[int, ...]
    privileges: tuple[int, ...]
    hand: tuple[int, ...]           # own cards per civilisation
    hand_sizes: tuple[int, ...]
    supply: tuple[int, ...]         # own princes left per civilisation
    monument_supply: tuple[int, ...]
    guests: tuple[tuple[int, str], ...]
    choice: tuple[str, ...]         # own menu so far
    to_discard: int

    def at(self, district: str, seat: int, civ: int) -> int:
        """Princes of ``civ`` that ``seat`` has in ``district``."""
        return self.princes[(DISTRICTS[district].index * self.players + seat) * NC + civ]

    def value(self, civ: int) -> int:
        """The civilisation's value on the prestige scale (1 to 5)."""
        return self.scale.index(civ) + 1


class UtopiaState(MenuStack, GameState):
    """One game of Utopia."""

    game = "utopia"

    def __init__(self, settings: Settings, rng: random.Random) -> None:
        super().__init__(settings, rng)
        n = self.n = settings.players
        self.islands: tuple[str, ...] = tuple(
            i for i in ISLANDS if not (n == 2 and i == data.TWO_PLAYER_ISLAND_OUT))  # UT-03
        self.active: frozenset[str] = frozenset(
            d for i in self.islands for d in ISLANDS[i].districts)
        self.princes = [0] * (len(DISTRICTS) * n * NC)
        self.on_island = [0] * (len(ISLANDS) * n * NC)  # princes per island, seat, civ
        self.on_board = [0] * (n * NC)  # princes in the city per seat and civ
        self.where: list[set[str]] = [set() for _ in range(n * NC)]
        """For each seat and civilisation (seat * 5 + civ): the districts where it has princes."""
        self.kinds = [[0] * len(ISLANDS) for _ in range(n)]
        """For each seat and island (by index): how many civilisations it has princes of there."""
        self.triples: list[set[tuple[str, int]]] = [set() for _ in range(n)]
        """For each seat: (district, civ) where it has 3 or more princes of ``civ``."""
        self._builds: dict[int, list[str]] = {}
        self.supply = [[data.PRINCES_PER_CIV] * NC for _ in range(n)]
        self.monuments: dict[str, tuple[int, int]] = {}
        self.monument_supply = [data.MONUMENTS_PER_CIV] * NC
        self.wonders: dict[str, int] = {}
        self.bases = [data.BASES] * n
        self.privileges = [data.PRIVILEGES] * n
        self.hands = [[0] * NC for _ in range(n)]
        self.deck = [c for c in range(NC) for _ in range(data.CARDS_PER_CIV)]
        rng.shuffle(self.deck)
        self.discard: list[int] = []
        self.bag = [(c, i) for i in self.islands for c in range(NC)
                    for _ in range(data.GUESTS_PER_CIV_PER_ISLAND)]
        self.guests = []
        self.scores = [0] * n
        self.reached = [0] * n       # when each seat reached its score (UT-10 ties)
        self._clock = 0
        self.scale = list(range(NC))
        rng.shuffle(self.scale)      # UT-04: initial order drawn at random
        self.round = 0
        self.phase = GUESTS
        self.order: list[int] = []
        self.pos = 0
        self.pick = 0
        self.placed = False
        self.acted = False
        self.steps: list[Step] = []  # this phase 2 turn's steps, said in one sentence at its end
        self._later: list[Event] = []  # gains the others hear after that sentence
        self._placed_said: list[tuple[Step, Msg, Verbosity]] = []
        """A phase 1 guest placed and the builds after it, said (to all) as the turn ends."""
        self._paid_privileges = 0
        self.privileged = False
        self.choice: tuple[str, ...] = ()  # the menu so far
        self.auto: tuple[bool, ...] = ()   # for each choice: answered for the player
        self.limit_started = False
        self.to_discard = [0] * n
        self.winners: frozenset[int] = frozenset()
        self._known_builds: set[str] = set()
        self._told: list[str] | None = None  # the builds() list _known_builds was made from
        self._menu: list[str] | None = None
        self._pending: Pending | None = None
        self._step_cache: str | None = None
        self._current: int | None = None
        self._princes_view: tuple[int, ...] | None = None
        self._public: tuple[tuple[int, str, int | None], tuple] | None = None
        self._scale_heard: tuple[int, ...] = ()  # the scale last said whole at normal
        self._announce_scale(informs=True)
        self._start_round()

    @property
    def guests(self) -> list[tuple[int, str]]:
        """The guests waiting by the ships this round: (civilisation, island)."""
        return self._guests

    @guests.setter
    def guests(self, guests: list[tuple[int, str]]) -> None:
        self._guests = guests
        self.guest_kinds = sorted(set(guests), key=GUEST_RANK.__getitem__)
        """The different guests waiting, in menu order (by island, then civilisation)."""
        self.guest_ids = [GUEST_IDS[g] for g in self.guest_kinds]
        """Their menu answers (``guest:maya:earth``), in the same order."""
        self._changed()

    # --- small helpers -----------------------------------------------------------------------
    def _i(self, district: str, seat: int, civ: int) -> int:
        return (DISTRICTS[district].index * self.n + seat) * NC + civ

    def count(self, district: str, seat: int, civ: int) -> int:
        """Princes of ``civ`` that ``seat`` has in ``district``."""
        return self.princes[self._i(district, seat, civ)]

    def value(self, civ: int) -> int:
        """The civilisation's value on the prestige scale (1 to 5)."""
        return self.scale.index(civ) + 1

    def _announce_scale(self, *, informs: bool, unless_heard: bool = False) -> None:
        """The prestige scale, top first, on one line: said at the start and at each
        scoring; a detail after an influence (its line says the change), and at a scoring
        when it is the scale last said whole (``unless_heard``)."""
        heard = unless_heard and tuple(self.scale) == self._scale_heard
        if informs and not heard:
            self._scale_heard = tuple(self.scale)
        key = (*self.scale, informs and not heard)
        found = _SCALE_EVENTS.get(key)
        if found is None:  # events are never changed: one list per order of the scale
            entries = self._scale_msgs()
            level = Verbosity.NORMAL if key[-1] else Verbosity.FULL
            found = _SCALE_EVENTS[key] = (  # the scale whole on one line, never cut
                Event(Msg("utopia.ev.scale_now", scale=entries), None, level, None, key[-1]),)
        self.events += found

    def _scale_msgs(self) -> list[Msg]:
        return [_SCALE_ENTRIES[v][c] for v, c in reversed(list(enumerate(self.scale)))]

    def _event(self, msg: Msg, *, level: Verbosity = Verbosity.NORMAL,
               cause: int | None = None, to: int | None = None, informs: bool = True) -> None:
        self.events.append(Event(msg, None if to is None else _ONLY[to], level, cause, informs))

    def _gain(self, seat: int, points: int, why: Msg,
              level: Verbosity = Verbosity.NORMAL, short: Msg | None = None) -> None:
        """``seat`` scores ``points`` for ``why``; ``short``: the reason said at ``level``
        without the new total ("Ana +4: wonder."; the whole ``why`` and the total then a
        detail at full, just before it)."""
        if points <= 0:
            return
        self.scores[seat] += points
        self._clock += 1
        self.reached[seat] = self._clock
        total = self.scores[seat]
        said = [(Msg("utopia.ev.gain", seat=_REFS[seat], points=points, why=why, total=total),
                 level if short is None else Verbosity.FULL)]
        if short is not None:
            said.append((Msg("utopia.ev.gain_short", seat=_REFS[seat], points=points,
                             why=short, total=total), level))  # (its total: the detail's)
        actor = self._current
        for msg, heard in said:
            if self.phase == ACTIONS and actor is not None \
                    and level < Verbosity.FULL:
                # the actor hears it now; the others after the sentence of the turn that
                # caused it
                everyone = frozenset(range(self.n))
                teaches = seat != actor  # (the actor's own gain: an echo of its public move)
                self._event(msg, cause=seat, level=heard, to=actor, informs=teaches)
                self._later.append(Event(msg, everyone - _ONLY[actor], heard, seat, teaches,
                                         spectators=True))
            elif self._placed_said:  # (after the phase 1 turn's sentence)
                self._later.append(Event(msg, None, heard, seat))
            else:
                self._event(msg, cause=seat, level=heard)

    def _place(self, district: str, seat: int, civ: int, delta: int) -> None:
        n = self.n
        i = (DISTRICT_INDEX[district] * n + seat) * NC + civ
        here = self.princes[i] = self.princes[i] + delta
        if here == delta:
            self.where[seat * NC + civ].add(district)
        elif not here:
            self.where[seat * NC + civ].discard(district)
        self._princes_view = None
        k = _ISLAND_OF[district]
        j = (k * n + seat) * NC + civ
        before = self.on_island[j]
        self.on_island[j] = before + delta
        if not before:
            self.kinds[seat][k] += 1
        elif before + delta == 0:
            self.kinds[seat][k] -= 1
        self.on_board[seat * NC + civ] += delta
        if here >= data.MONUMENT_PRINCES:
            self.triples[seat].add((district, civ))
        else:
            self.triples[seat].discard((district, civ))
        self._builds.pop(seat, None)  # (only this seat's princes changed)
        self._menu = None  # (_changed(), written out: a move places twice)

    def _changed(self) -> None:
        """Forget the menus computed so far: the board, a hand or the guests changed."""
        self._menu = None

    def island_civs(self, island: str, seat: int) -> list[int]:
        """How many princes of each civilisation ``seat`` has on ``island``."""
        base = (ISLANDS[island].index * self.n + seat) * NC
        return self.on_island[base:base + NC]

    @property
    def current(self) -> int | None:
        """The seat whose turn it is (None while discarding, scoring or once over)."""
        return self._current

    # --- rounds, turns and phases --------------------------------------------------------------
    def _rank_key(self, seat: int) -> tuple[int, int]:
        return (-self.scores[seat], self.reached[seat])

    def _start_round(self) -> None:
        self._changed()
        self.round += 1
        n = self.n
        if self.round == 1:
            first = self.rng.randrange(n)  # UT-10 decision: a random first player
        else:
            last = self.order[0]  # tied, never scored: the last first player, then round the table
            first = min(range(n), key=lambda s: (*self._rank_key(s), (s - last) % n))
        others = sorted((s for s in range(n) if s != first),
                        key=lambda s: (*self._rank_key(s), (s - first) % n))
        self.order = [first, *others]
        self._event(Msg("utopia.ev.round_order", round=self.round,
                        seats=[_REFS[s] for s in self.order]), level=Verbosity.BRIEF)
        self._event(Msg("utopia.ev.round", number=self.round), level=Verbosity.FULL)
        self.events += _order_events(tuple(self.order))
        # UT-11: 3 guests per player, from a bag holding every guest of the islands in play
        bag = self.bag
        bag.extend(self.guests)
        take = min(len(bag), data.GUESTS_PER_PLAYER * n)
        randbelow, size = self.rng.random, len(bag)
        for k in range(take):  # draw from the bag: the first k places of a shuffle
            j = k + int(randbelow() * (size - k))
            bag[k], bag[j] = bag[j], bag[k]
        self.guests, self.bag = bag[:take], bag[take:]
        self.events += _guest_events(self.guests, self.islands)
        self.phase, self.pos, self.pick = GUESTS, -1, 0
        self._next_turn()

    def _start_turn(self) -> None:
        self._set_choice(())  # (forgets the last menu)
        self.placed = False
        self.limit_started = False
        self.acted = False  # an action or a build this turn (else its end is said as a pass)
        self.steps, self._later = [], []
        ok = self.phase in (GUESTS, ACTIONS) and self.pos < len(self.order)
        self._current = seat = self.order[self.pos] if ok else None
        if seat is None:
            return
        self.events.append((_TURN_GUEST if self.phase == GUESTS else _TURN)[seat])
        self._known_builds = set()
        self._told = None
        self._tell_builds(seat)

    def _next_turn(self) -> None:
        """The next turn that asks its player something (then phase 2, or the scoring)."""
        if self._placed_said:
            self._say_placed()
        while True:
            self.pos += 1
            if self.pos >= len(self.order):
                if self.phase != GUESTS:
                    self._score_round()
                    return
                self.pick += 1
                if self.pick >= data.GUESTS_PER_PLAYER:
                    self._start_development()
                    return
                self.pos = 0
            if not self._passes_unasked(self.order[self.pos]):
                self._start_turn()
                return

    def _passes_unasked(self, seat: int) -> bool:
        """UT-11: a seat that can take no guest and build nothing passes without a question."""
        if self.phase != GUESTS:
            return False
        supply = self.supply[seat]
        for c, _ in self.guest_kinds:
            if supply[c] > 0:
                return False  # a guest it can take
        if self.builds(seat):
            return False
        self.events.append(_PASS[seat])
        return True

    def _draw(self) -> int | None:
        if not self.deck:
            if not self.discard:
                return None
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self._event(Msg("utopia.ev.reshuffle"), level=Verbosity.FULL)
        return self.deck.pop()

    def discards_due(self) -> list[int]:
        """UT-15: cards each seat discards after the deal (leader 2, last 0, others 1)."""
        top, bottom = max(self.scores), min(self.scores)
        lasts = [s for s in range(self.n) if self.scores[s] == bottom]
        due = []
        for s in range(self.n):
            if self.scores[s] == top:
                due.append(data.DISCARD_LEADER)
            elif self.scores[s] == bottom and len(lasts) == 1:
                due.append(data.DISCARD_LAST)
            else:
                due.append(data.DISCARD_OTHER)
        return due

    def _start_development(self) -> None:
        self.bag.extend(self.guests)  # guests not taken go back to the bag
        self.guests = []  # (the setter forgets the menus)
        self.phase = DISCARD
        self._current = None
        self._event(Msg("utopia.ev.phase2"), level=Verbosity.BRIEF)
        due = self.discards_due()
        deck = self.deck
        for seat in self.order:
            hand = self.hands[seat]
            got = [0] * NC
            if len(deck) >= data.HAND_DEAL:  # (the same cards as drawing them one by one)
                cards = deck[-data.HAND_DEAL:]
                del deck[-data.HAND_DEAL:]
            else:
                cards = [c for c in (self._draw() for _ in range(data.HAND_DEAL)) if c is not None]
                deck = self.deck  # (a reshuffle made a new deck)
            for card in cards:
                got[card] += 1
                hand[card] += 1
            self.to_discard[seat] = min(due[seat], sum(hand))
            self.events += _dealt_events(seat, tuple(got), self.to_discard[seat])
            if self.to_discard[seat]:
                self.events.append(_said("utopia.ev.must_discard", None, Verbosity.FULL,
                                         seat=_REFS[seat], count=self.to_discard[seat]))
        if not any(self.to_discard):
            self._start_actions()

    def _start_actions(self) -> None:
        self.phase, self.pos = ACTIONS, 0
        self._start_turn()

    def _score_round(self) -> None:
        """UT-19 and UT-20: each seat in turn order scores its districts; 50 ends the game."""
        self.phase = OVER  # no decisions while scoring
        self._current = None
        self._event(Msg("utopia.ev.phase3"), level=Verbosity.FULL)  # (the scores' line says it)
        self._announce_scale(informs=bool(self.monuments), unless_heard=True)
        # (nobody scores without a monument: the scale then a detail)
        gains = []
        for seat in self.order:
            mine = [(d, c) for d, (s, c) in self.monuments.items() if s == seat]
            points = sum(self.value(c) for _, c in mine)
            if points:
                self._gain(seat, points, Msg("utopia.why.districts", count=len(mine)),
                           Verbosity.FULL)
                gains.append(Msg("utopia.ev.scored_one", seat=_REFS[seat], points=points,
                                 total=self.scores[seat]))
        if gains:
            self._event(Msg("utopia.ev.scored", seats=gains), level=Verbosity.BRIEF)
        if not self.monuments:
            self._event(Msg("utopia.ev.no_score"), level=Verbosity.BRIEF)
        if max(self.scores) >= data.WIN_SCORE:
            self._finish()
            return
        self._start_round()

    def controlled(self, seat: int) -> int:
        return sum(1 for s, _ in self.monuments.values() if s == seat)

    def _finish(self) -> None:
        top = max(self.scores)
        best = [s for s in range(self.n) if self.scores[s] == top]
        most = max(self.controlled(s) for s in best)  # UT-20 decision: then districts
        self.winners = frozenset(s for s in best if self.controlled(s) == most)
        self.phase = OVER
        self.order, self.pos = [], 0
        for msg in self.end_lines():
            self._event(msg, level=Verbosity.BRIEF)
        ranked = sorted(range(self.n), key=lambda s: -self.scores[s])  # everyone's total
        self._event(Msg("utopia.ev.final", seats=[
            Msg("utopia.ev.final_one", seat=_REFS[s], score=self.scores[s]) for s in ranked]),
            level=Verbosity.BRIEF)

    def end_msg(self) -> Msg:
        """How the game ended, in one short line: who won and with what, or a tie's score."""
        winners = sorted(self.winners)
        if len(winners) == 1:
            return Msg("utopia.ev.over", seats=[_REFS[winners[0]]], score=max(self.scores))
        return Msg("utopia.ev.tie", score=max(self.scores))

    def end_lines(self) -> list[Msg]:
        """How the game ended: :meth:`end_msg`, then after a tie the winners, one sentence."""
        lines = [self.end_msg()]
        winners = [_REFS[s] for s in sorted(self.winners)]
        if len(winners) > 1:  # a tie: the names on their own line
            lines.append(Msg("utopia.ev.tie_names", seats=winners))
        return lines

    # --- builds (UT-12, UT-13) -------------------------------------------------------------------
    def builds(self, seat: int) -> list[str]:
        """Wonders and monuments ``seat`` may build now (if it were its turn)."""
        found = self._builds.get(seat)
        if found is not None:
            return found
        out: list[str] = []
        if self.bases[seat] > 0:
            kinds = self.kinds[seat]
            if NC in kinds:  # all five civilisations on an island (island_civs)
                for island in self.islands:
                    if kinds[ISLANDS[island].index] == NC and island not in self.wonders:
                        out.append(_WONDER_IDS[island])
            triples = self.triples[seat]
            if triples:
                monuments, left = self.monuments, self.monument_supply
                mine = [(DISTRICT_INDEX[d], c, d) for d, c in triples
                        if d not in monuments and left[c] > 0]
                mine.sort()  # in map order, then civilisation
                out += [_MONUMENT_IDS[d, c] for _, c, d in mine]
        self._builds[seat] = out
        return out

    def _tell_builds(self, seat: int, cause: int | None = None) -> None:
        """Tell the player when a wonder or a monument becomes possible; ``cause``: the
        seat whose own step made it possible (then its menu stays open: the build is said
        as a new entry, not the whole list again)."""
        found = self.builds(seat)
        if found is self._told:
            return  # the same list as last time (builds() caches it until the city changes)
        self._told = found
        if not found and not self._known_builds:
            return
        now = set(found)
        level = Verbosity.FULL if cause == seat else Verbosity.BRIEF
        # (after the player's own step, the question that follows at once lists the new
        # build, said as a new entry of a menu kept open; at brief when asked. At the start
        # of a turn it comes before a whole list, which it sums up)
        for b in sorted(now - self._known_builds):
            parts = b.split(":")
            if parts[0] == "wonder":
                msg = Msg("utopia.ev.can_wonder", island=isle(parts[1]))
            else:
                msg = Msg("utopia.ev.can_monument", district=DISTRICTS[parts[1]].name,
                          civ=civ_n(CIV_INDEX[parts[2]], 1))
            self._event(msg, to=seat, level=level, cause=cause, informs=False)
        self._known_builds = now

    def _build(self, seat: int, action: str) -> None:
        parts = action.split(":")
        self.acted = True
        self._builds.clear()
        self._changed()
        self.bases[seat] -= 1
        if parts[0] == "wonder":
            island = parts[1]
            self.wonders[island] = seat
            self._said_step(seat, ("wonder", 0, island, "", 1), "utopia.ev.wonder_built",
                       Verbosity.BRIEF, seat=_REFS[seat], island=isle(island),
                       points=data.WONDER_POINTS)
            self._gain(seat, data.WONDER_POINTS, Msg("utopia.why.wonder"), Verbosity.FULL)
            # (said with the wonder: "+6")
            return
        district, civ = parts[1], CIV_INDEX[parts[2]]
        self.monuments[district] = (seat, civ)
        self.monument_supply[civ] -= 1
        self._said_step(seat, ("monument", civ, district, "", 1), "utopia.ev.monument_built",
                   Verbosity.BRIEF, seat=_REFS[seat], civ=civ_n(civ, 1),
                   district=DISTRICTS[district].name)
        owner = self.wonders.get(DISTRICTS[district].island)
        if owner is not None:  # UT-14
            self._gain(owner, DISTRICTS[district].value,
                       Msg("utopia.why.wonder_district", district=DISTRICTS[district].name),
                       short=_WHY_WONDER)

    # --- the engine contract ---------------------------------------------------------------------
    def pending(self) -> Pending | None:
        found = self._pending  # (forgotten at every action, so never stale once over)
        if found is not None:
            return found
        phase = self.phase
        if phase == OVER:
            return None
        taught = self.round > 1
        if phase == DISCARD:
            seats = tuple(s for s in self.order if self.to_discard[s] > 0)
            most = max(self.to_discard[s] for s in seats)  # typed on one line
            found = _DISCARD_ASKS.get((seats, most, taught))
            if found is None:
                found = _DISCARD_ASKS[seats, most, taught] = Pending(
                    seats, Msg("utopia.ask.discard_next" if taught else "utopia.ask.discard",
                               answers=most))
        else:
            seat: int = self._current  # type: ignore[assignment]  # (a turn: never None)
            step = self._step_cache or self._step()
            asks = _ASKS[seat]
            where = ""  # the island of a guest, or the princes a move takes
            if step == "place":
                where = parts(self.choice[0])[2]
            elif step == "to" and self.choice[0] == "move":
                where = f"{self.chosen('from')}:{self._civ()}:{self.chosen('count')}"
            elif step == "civ":
                where = self.choice[0]  # each action its own question
            found = asks.get((step, where, taught))
            if found is None:  # frozen values: one per seat, step and place is enough
                found = asks[step, where, taught] = Pending(
                    (seat,), self._ask(step, where, taught), public=step in _PUBLIC_STEPS)
        self._pending = found
        return found

    @staticmethod
    def _ask(step: str, where: str, taught: bool = False) -> Msg:
        """The question of a menu step. A guest's district names its island, a move's
        destination the princes moving: each its own menu, so a list heard again
        unchanged is "the same choices". ``taught``: after the first round (``_TAUGHT``)."""
        params: dict[str, Any] = {"answers": _ANSWERS[step]} if step in _ANSWERS else {}
        if step == "place":
            return Msg("utopia.ask.place", island=isle(where), **params)
        if step == "civ":
            name = f"civ_{where}"
            return Msg(f"utopia.ask.{name}_next" if taught and name in _TAUGHT
                       else f"utopia.ask.{name}", **params)
        if where:
            src, civ, count = where.split(":")
            k = int(count)
            return Msg("utopia.ask.to_from", count=k, civ=civ_n(int(civ), k),
                       src=DISTRICTS[src].name)
        if taught and step in _TAUGHT:
            return Msg(f"utopia.ask.{step}_next", **params)
        return Msg(f"utopia.ask.{step}", **params)

    def legal_actions(self, seat: int) -> list[str]:
        return list(self._legal(seat))

    def _legal(self, seat: int) -> list[str]:
        """The legal answers of ``seat`` now; during a turn, its menu at the current step
        (made once a step: any change of the choices, the board, the hands or the guests
        forgets it)."""
        if not well_formed(self, seat, ""):
            return []
        if seat == self._current:  # (None while discarding or once over)
            menu = self._menu
            if menu is None:
                menu = self._menu = self._options(seat)
            return menu
        if self.phase == DISCARD and self.to_discard[seat] > 0:
            hand = self.hands[seat]
            return [DISCARD_IDS[c] for c in range(NC) if hand[c]]
        return []

    def describe(self, seat: int, action: str) -> Msg:
        from a11y_games.games.utopia.summary import label
        return label(self, seat, action)

    def apply(self, seat: int, action: str) -> None:
        menu = self._menu  # the current seat's menu, when already made
        legal = menu if menu and seat == self._current else self._legal(seat)
        if not well_formed(self, seat, action) or action not in legal:
            raise IllegalAction(Msg("core.error.illegal"))
        self._menu = self._pending = None
        if action in MENU_ANSWERS:  # one more answer of an action: carried out once complete
            self._push(action)
            if self._step() in AUTO_STEPS:  # answered for the player, or carried out
                self._advance(seat)
                if not self.choice:  # carried out
                    self._news(seat)
            return
        self._step_cache = None
        words = parts(action)
        kind = words[0]
        if kind == "privilege":  # the civilisations again, each card then chosen
            self.privileged = True
            return
        if kind in ("src", "up", "down"):  # two answers in one: the second answered for him
            civ = CIV_INDEX[words[-1]]
            self._push((CIVP_IDS if self.privileged else CIV_IDS)[civ])
            second = FROM_IDS[words[1]] if kind == "src" else "raise" if kind == "up" else "lower"
            self._push(second, auto=True)
            self._advance(seat)
            if not self.choice:  # carried out
                self._news(seat)
            return
        if kind == "back":  # nothing changes but the menus
            while self.auto and self.auto[-1]:
                self._pop()
            if self.choice:  # the last real choice: its question is asked again
                self._pop()
            return
        elif kind == "guest":  # the guest first, then where it goes
            self._push(action)
            return
        elif self.phase == DISCARD:
            self.to_discard[seat] -= 1
            self._discard(seat, CIV_INDEX[words[1]], self.to_discard[seat])
            if not any(self.to_discard):
                self._start_actions()
            return
        elif kind in ("wonder", "monument"):
            self._build(seat, action)
            if self.phase == GUESTS and self.placed and not self.builds(seat):
                self._next_turn()  # nothing left to do but end the turn: ended for the player
                return
        elif self.phase == GUESTS:
            self._apply_guest(seat, words)
        elif kind == "end":
            if sum(self.hands[seat]) <= data.HAND_LIMIT:
                self._end_turn(seat)
                return
            self._set_choice(("end",))
        elif kind == "discard":  # UT-18: the card limit at the end of the turn
            self.limit_started = True
            self._discard(seat, CIV_INDEX[words[1]],
                          max(0, sum(self.hands[seat]) - 1 - data.HAND_LIMIT))
            if sum(self.hands[seat]) <= data.HAND_LIMIT:
                self._end_turn(seat)
                return
        self._news(seat)

    def _news(self, seat: int) -> None:
        """After a change in ``seat``'s turn: tell it of a wonder or monument now possible."""
        if self._current == seat and self.phase != OVER:
            known = self._builds.get(seat)  # no news while builds() gives the same list
            if known is None or known is not self._told:
                self._tell_builds(seat, cause=seat)

    def _end_turn(self, seat: int) -> None:
        if self.steps:
            self._say_turn(seat)
        self.events.append((_END_TURN if self.acted else _IDLE)[seat])
        self._next_turn()

    def _say_turn(self, seat: int) -> None:
        """The others hear ``seat``'s phase 2 turn in a sentence: its moves, additions and
        removals at normal, then its builds and influence (said at brief too) in another;
        its player, who heard each step, has them as details."""
        everyone = frozenset(range(self.n))
        for loud in (False, True):
            steps = _merged_steps([s for s in self.steps if (s[0] in _LOUD_STEPS) == loud])
            if not steps:
                continue
            said = [_step_msg(s, seat, steps[i - 1][0] if i else "")
                    for i, s in enumerate(steps)]
            msg = Msg("utopia.ev.turn_built" if loud else "utopia.ev.turn_done",
                      seat=_REFS[seat], steps=said)  # (muted as builds, or as moves)
            self.events += (Event(msg, everyone - _ONLY[seat],
                                  Verbosity.BRIEF if loud else Verbosity.NORMAL, seat,
                                  spectators=True),
                            Event(msg, _ONLY[seat], Verbosity.FULL, seat, False))
        self.events += self._later
        self.steps, self._later = [], []

    def _said_step(self, actor: int, step: Step, msg_id: str,
                   level: Verbosity = Verbosity.NORMAL, **params: Any) -> None:
        """A move, an addition, a removal, an influence or a build of ``actor``: in phase 2
        said to its player now and to the others with the rest of the turn."""
        if self.phase == ACTIONS:
            self.events += _step_events(msg_id, actor, self.n, level, **params)
            self.steps.append((*step, self._paid_privileges))
            self._paid_privileges = 0
        elif self._placed_said or (step[0] == "guest" and self.builds(actor)):
            # a guest after which the player may build: said with what the player does next
            self._placed_said.append((step, Msg(msg_id, **params), level))
            self._public = None  # (the board changed with no event yet: a new view)
        else:
            self.events.append(_said(msg_id, actor, level, **params))

    def _say_placed(self) -> None:
        """A phase 1 turn's guest, placed where it makes a build possible, and the builds
        after it, said to everyone as the turn ends: a guest and the monument or wonder it
        made in one sentence ("Thomas: Greek to Etna, and a monument.", at brief as the
        build is; each a detail at full), then the gains they gave. Its player hears it
        then too, having been asked at once "Build, or end?" (which follows from it)."""
        said, self._placed_said = self._placed_said, []
        i = 0
        while i < len(said):
            step, msg, level = said[i]
            after = said[i + 1][0] if i + 1 < len(said) else None
            merged = None
            if step[0] == "guest" and after is not None:
                if after[0] == "monument" and after[1:3] == step[1:3]:
                    merged = Msg("utopia.ev.guest_monument", **msg.params)
                elif after[0] == "wonder" and DISTRICTS[step[2]].island == after[2]:
                    merged = Msg("utopia.ev.guest_wonder", **msg.params,
                                 points=data.WONDER_POINTS)
            cause = msg.params["seat"].seat
            if merged is not None:
                self.events += (Event(msg, None, Verbosity.FULL, cause),
                                Event(said[i + 1][1], None, Verbosity.FULL, cause),
                                Event(merged, None, Verbosity.BRIEF, cause))
                i += 2
                continue
            self.events.append(Event(msg, None, level, cause))
            i += 1
        self.events += self._later
        self._later = []

    def _discard(self, seat: int, civ: int, more: int = 0) -> None:
        """``seat`` discards a card of ``civ``; ``more``: discards still due after it (said
        to the player: two of the same card said "Discarded: Maya." twice)."""
        self._changed()
        self.hands[seat][civ] -= 1
        self.discard.append(civ)
        own = _discarded_more(seat, civ, more) if more else _DISCARDED_OWN[seat][civ]
        self.events += (own, _DISCARDED[seat])

    def _apply_guest(self, seat: int, words: list[str]) -> None:
        kind = words[0]
        if kind == "pass":
            self.events.append(_PASS[seat])
            self._next_turn()
        elif kind == "end":
            self._next_turn()
        else:  # place: UT-11
            _, civ_id, island = parts(self.choice[0])
            civ, district = CIV_INDEX[civ_id], words[1]
            self.guests.remove((civ, island))
            if (civ, island) not in self.guests:
                self.guest_kinds.remove((civ, island))
                self.guest_ids.remove(GUEST_IDS[civ, island])
            self.bag.append((civ, island))
            self.supply[seat][civ] -= 1
            self._place(district, seat, civ, 1)
            self._said_step(seat, ("guest", civ, district, "", 1), "utopia.ev.guest",
                            seat=_REFS[seat], civ=civ_n(civ, 1),
                            district=DISTRICTS[district].name)
            self._set_choice(())  # (forgets the last menu)
            self.placed = True
            if not self.builds(seat):
                self._next_turn()

    def _advance(self, seat: int) -> None:
        """Answer single-answer steps for the player; carry out a complete action."""
        while True:
            step = self._step_cache or self._step()
            if step == "pay":
                paid = self._paid()
                if paid >= self._cost():
                    self._execute(seat)
                    return
                civ = self._civ()
                if self.choice[1][3] == ":" and self.hands[seat][civ] > paid:
                    self._push(PAY_IDS[civ], auto=True)  # its own card, unless asked
                    continue
            if step not in AUTO_STEPS:
                return
            opts = self._legal(seat)  # the step's answers, then "back"
            if len(opts) != 2:
                return
            self._push(opts[0], auto=True)

    def _execute(self, seat: int) -> None:
        ids = self.choice
        what, civ = ids[0], self._civ()
        got = {step: parts(a)[-1] for step, a in zip(STEPS[what], ids[1:], strict=False)}
        paid = self._paid_cards()
        self._set_choice(())  # (forgets the last menu)
        self.acted = True
        for c in paid:
            self.hands[seat][c] -= 1
            self.discard.append(c)
            if c != civ:  # UT-17
                self.privileges[seat] -= 1
                self.events += _step_events("utopia.ev.privilege_used", seat, self.n,
                                            Verbosity.NORMAL, seat=_REFS[seat],
                                            card=civ_card(c), civ=civ_card(civ))
                self._paid_privileges += 1
        if what == "move":
            src, dst, k = got["from"], got["to"], int(got["count"])
            self._place(src, seat, civ, -k)
            self._place(dst, seat, civ, k)
            by = "utopia.ev.moved_land" if dst in _LAND[src] else "utopia.ev.moved_sea"
            self._said_step(seat, ("move", civ, src, dst, k), by, seat=_REFS[seat], count=k,
                       civ=civ_n(civ, k), src=DISTRICTS[src].name, dst=DISTRICTS[dst].name)
        elif what == "add":
            dst = got["to"]
            self.supply[seat][civ] -= 1
            self._place(dst, seat, civ, 1)
            self._said_step(seat, ("add", civ, dst, "", 1), "utopia.ev.added", seat=_REFS[seat],
                       civ=civ_n(civ, 1), district=DISTRICTS[dst].name)
        elif what == "remove":
            src, pc = got["from"], CIV_INDEX[got["prince"]]
            self._place(src, seat, pc, -1)
            self.supply[seat][pc] += 1
            points = data.REMOVE_POINTS  # said with the removal (the gain: a detail)
            # with more of them there, how many (two removals from one district were one
            # line said twice)
            left = self.princes[(DISTRICT_INDEX[src] * self.n + seat) * NC + pc]
            more = {"left": left} if left else {}  # ("count": the princes a step moves)
            self._said_step(seat, ("remove", pc, src, "", 1),
                            "utopia.ev.removed_more" if left else "utopia.ev.removed",
                            seat=_REFS[seat], civ=civ_n(pc, 1), district=DISTRICTS[src].name,
                            points=points, total=self.scores[seat] + points, **more)
            self._gain(seat, points, Msg("utopia.why.remove"), Verbosity.FULL)
        else:
            v = self.value(civ)
            self.scale.remove(civ)
            if "raise" in ids:
                self.scale.insert(v, civ)  # swaps with the civilisation above
                key = "utopia.ev.raise"
            else:
                self.scale.insert(0, civ)  # to value 1, the ones below move up
                key = "utopia.ev.lower"
            value = self.value(civ)
            self._said_step(seat, (key[10:], civ, value, "", 1), key, Verbosity.BRIEF,
                       seat=_REFS[seat], civ=civ_name(civ), value=value)
            self._announce_scale(informs=False)

    def final_rank_key(self, seat: int) -> tuple[int, ...]:
        """UT-20: prestige, then districts."""
        return (self.scores[seat], self.controlled(seat))

    def outcome(self) -> Outcome | None:
        if not self.winners:
            return None
        return Outcome(self.winners, self.end_msg())

    def _princes_tuple(self) -> tuple[int, ...]:
        if self._princes_view is None:
            self._princes_view = tuple(self.princes)
        return self._princes_view

    def observation(self, seat: int) -> View:
        key = (len(self.events), self.phase, self._current)
        if self._public is None or self._public[0] != key:
            # every change of the board comes with an event: the event count keys the cache
            self._public = (key, (
                self.n, self.phase, self.round, self._current, self.active,
                tuple(self.scores), tuple(self.scale), self._princes_tuple(),
                tuple((d, s, c) for d, (s, c) in self.monuments.items()),
                tuple(self.wonders.items()), tuple(self.bases), tuple(self.privileges)))
        (n, phase, rnd, turn, active, scores, scale, princes, monuments, wonders, bases,
         privileges) = self._public[1]
        return View(seat, n, phase, rnd, turn, active, scores, scale, princes, monuments,
                    wonders, bases, privileges, tuple(self.hands[seat]),
                    tuple(map(sum, self.hands)), tuple(self.supply[seat]),
                    tuple(self.monument_supply), tuple(self.guests),
                    self.choice if turn == seat else (),
                    self.to_discard[seat])

    # --- summaries -------------------------------------------------------------------------------
    def status(self, seat: int | None) -> list[Msg]:
        from a11y_games.games.utopia.summary import status
        return status(self, seat)

    def board(self, seat: int | None, topic: str = "") -> list[Msg]:
        from a11y_games.games.utopia.summary import board
        return board(self, seat, topic)

    def board_topics(self) -> tuple[Topic, ...]:
        from a11y_games.games.utopia.summary import TOPICS
        return TOPICS

    def board_is_public(self) -> bool:
        return True  # scores, the scale, guests, monuments and the islands: all in plain view

    def private(self, seat: int) -> list[Msg]:
        from a11y_games.games.utopia.summary import private
        return private(self, seat)

    def queries(self) -> list[Query]:
        from a11y_games.games.utopia.summary import queries
        return queries()

    def snapshot(self) -> dict[str, Any]:
        """Everything that defines the state (for replay tests)."""
        caches = ("rng", "events", "_menu", "_told", "_pending", "_step_cache",
                  "_princes_view", "_public", "_builds")
        return {k: v for k, v in vars(self).items() if k not in caches}
