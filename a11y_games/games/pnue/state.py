"""PNUE — Mr Dollar: the rules as a state machine (PN-01..PN-69).

A turn: the President nominates, everybody votes in secret, then the government draws,
discards and enacts. Phases are small decisions; fictive players (2 to 4 players) act inside
:meth:`PnueState.apply` and are never asked.
"""

from __future__ import annotations

import random
from typing import Any

from a11y_games.engine import Event, GameState, IllegalAction, Msg, Pending, Verbosity
from a11y_games.engine.state import Outcome, Query, Settings, Topic
from a11y_games.games.inputs import well_formed
from a11y_games.games.pnue import data, events, summary
from a11y_games.games.pnue.data import (
    ARGUE,
    CRISIS_KIND,
    DOLLAR,
    ECOLOGIST,
    LOB,
    LOBBYIST,
    Role,
    Tile,
)
from a11y_games.games.pnue.events import role_msg, tile_msg
from a11y_games.games.pnue.setup import Deal, deal
from a11y_games.games.pnue.view import Observation, observe

__all__ = ["Phase", "PnueState"]

BRIEF, NORMAL, FULL = Verbosity.BRIEF, Verbosity.NORMAL, Verbosity.FULL


class Phase:
    """What the game waits for."""

    NOMINATE = "nominate"
    VOTE = "vote"
    RACE = "race"
    DISCARD = "discard"
    ENACT = "enact"
    CLAIM_PRESIDENT = "claim_president"
    CLAIM_SECRETARY = "claim_secretary"
    INVESTIGATE = "investigate"
    CLAIM_INVESTIGATION = "claim_investigation"
    REVOKE = "revoke"
    OVER = "over"


VOTES = ("vote:yes", "vote:no")
REACT = ("react",)
NOMINATE = tuple(f"nominate:{s}" for s in range(data.MAX_PLAYERS))
CLAIMS = ("claim:none", *(f"claim:lob{k}" for k in range(data.HAND_SIZE + 1)))
"""Tile claims: none, then 0 to 3 lobbyist tiles (the first ``n + 2`` for ``n`` tiles)."""
ARGUE_PHASES = ("nominate", "vote")
"""Where a claim may be made at any time: every active player votes every turn."""
Subject = tuple[int, str, int]
"""Something a seat saw: (turn, "drew" or "got", tiles) or (turn, "role", target)."""


def _claim_tiles(lob: int, eco: int) -> Msg:
    """A claim of tiles in a menu: "Say: lobbyist 1, ecological 2", then the next entries
    by their counts alone ("lobbyist 2, ecological 1")."""
    return Msg("pnue.action.claim_tiles", lob=lob, eco=eco,
               continued=Msg("pnue.action.claim_tiles_next", lob=lob, eco=eco))


def camp(role: Role) -> str:
    return "ecologists" if role == ECOLOGIST else "lobbyists"


class PnueState(GameState):
    """One game of PNUE — Mr Dollar."""

    game = "pnue"

    def __init__(self, settings: Settings, rng: random.Random) -> None:
        super().__init__(settings, rng)
        players = settings.players
        self.players = players
        self.crises = settings.option("crises", "off") == "on"
        self.race_timed = settings.option("race", "timed") == "timed"
        self.variant = settings.option("roles", "standard") if players >= 5 else "standard"
        self.setup: Deal = deal(players, self.variant, self.crises, rng)
        self.roles: list[Role] = self.setup.roles
        self.table: list[int] = self.setup.table
        self.table_tuple = tuple(self.table)
        self._left = {s: self.table[(i + 1) % len(self.table)] for i, s in enumerate(self.table)}
        self.pile: list[Tile] = self.setup.pile
        self.fictive: dict[int, list[Tile]] = self.setup.fictive
        self._seats = len(self.roles)
        self.refs = events.refs(self._seats)  # immutable, shared
        self.dollar: int | None = next((s for s, r in enumerate(self.roles) if r == DOLLAR), None)
        if players >= 5:
            self.win_at = data.WIN_AT
            self.investigate_at: tuple[int, ...] = data.INVESTIGATE_AT
            self.revoke_at: tuple[int, ...] = data.REVOKE_AT
        else:
            self.win_at = data.SMALL_WIN_AT[players]
            self.investigate_at = data.SMALL_INVESTIGATE_AT[players]
            self.revoke_at = data.SMALL_REVOKE_AT[players]
        self.discards: list[Tile] = []
        self.enacted: list[Tile] = []
        self.removed: list[Tile] = []  # crises out of the game
        self.crisis: Tile | None = None  # a crisis on the table during its race
        self.hand: list[Tile] = []  # the President's, then the Secretary-General's tiles
        self.drawn: list[Tile] = []  # what the President drew this turn (without crises)
        self.crisis_queue: list[Tile] = []
        self.handed = 0
        self.revoked: set[int] = set()
        self.skipped: frozenset[int] = frozenset()  # skip the current turn (PN-33)
        self.next_skipped: set[int] = set()
        self.racers: list[int] = []
        self.reacted: list[int] = []
        self.turn = 0
        self.president = -1
        self.nominee: int | None = None
        self.secretary: int | None = None
        self.last_government: tuple[int, ...] = ()
        self.no_consensus = 0  # PN-14, PN-15
        self.open_nomination = False  # the previous turn ended without consensus (PN-11)
        self.votes: dict[int, bool] = {}
        self.voters: list[int] = []  # players still to vote
        self.phase = Phase.NOMINATE
        self.target: int | None = None  # the investigated seat
        self._pending_power: str | None = None  # a power due after the claims
        self.investigations: dict[int, list[tuple[int, Role]]] = {}
        self.records: dict[int, list[Tile]] = {s: [] for s in range(self._seats)}  # PN-40
        self.vote_history: list[tuple[int, int, int, tuple[int, ...], tuple[int, ...], bool]] = []
        self.claims: list[tuple[int, int, str, Any]] = []
        self.subjects: dict[int, list[Subject]] = {}  # what each seat saw, to claim (PN-19)
        self.arguing: dict[int, Subject | None] = {}  # seats in the claim menu, and its subject
        self.argued: set[int] = set()  # seats that made a claim this turn (one a turn)
        self.record: tuple[tuple[Any, ...], ...] = ()  # the public record bots read
        self.secrets: dict[int, tuple[tuple[Any, ...], ...]] = {}  # each seat's own record
        self.winner: str | None = None
        self.reason: Msg | None = None
        self._pending: Pending | None = None
        self._public: Any = None  # the public part of observations, until it changes
        self._nominees: list[str] = []
        self._legal: tuple[int, tuple[str, ...]] | None = None  # (seat, its actions) until a change
        self._ballot = (0, 0)  # (President, nominee) of the vote under way
        self._announce_setup()
        first = settings.option("first", "random")
        seat = self.rng.randrange(players) if first == "random" else (int(first) - 1) % players
        self._begin_turn(seat)
        self._refresh()

    # --- small helpers ---------------------------------------------------------------------
    @property
    def seat_count(self) -> int:
        return self._seats

    def extra_seat_name(self, seat: int) -> Msg | None:
        if seat in self.fictive:
            return Msg("pnue.fictive.name", number=seat - self.players + 1)
        return None

    def say(self, msg_id: str, level: Verbosity = NORMAL, *, to: int | None = None,
            cause: int | None = None, informs: bool = True, **params: Any) -> None:
        """Append an event: public, or visible to one seat only (``to``)."""
        self.events.append(Event(Msg(msg_id, **params),
                                 None if to is None else frozenset((to,)),
                                 level, cause, informs))

    def _tell(self, seat: int, msg_id: str, *, cause: int | None = None, **params: Any) -> None:
        """Say to ``seat`` alone, at every verbosity, what just happened to it ("You are
        out: your accreditation was revoked."); a fictive player hears nothing."""
        if not self.is_fictive(seat):
            self.say(msg_id, BRIEF, to=seat, cause=cause, **params)

    def _said_of(self, seat: int, msg_id: str, level: Verbosity, mine: str) -> None:
        """A fact about ``seat`` told to the other seats and spectators ("Ana will sit out
        next turn."), and to ``seat`` in its own words ("You will sit out next turn."):
        each hears it once."""
        others = frozenset(s for s in range(self.seat_count) if s != seat)
        self.events.append(Event(Msg(msg_id, seat=self.refs[seat]), others, level,
                                 spectators=True))
        self._tell(seat, mine)

    def note(self, *entry: Any) -> None:
        """Add a line to the public record (what every seat saw happen)."""
        self.record = (*self.record, (self.turn, *entry))

    def secret(self, seat: int, *entry: Any) -> None:
        """Add a line to one seat's own record (what only it saw)."""
        self.secrets[seat] = (*self.secrets.get(seat, ()), (self.turn, *entry))

    def is_fictive(self, seat: int) -> bool:
        return seat >= self.players

    def active(self, seat: int) -> bool:
        """Takes part this turn: not revoked, not skipped, not an empty fictive player."""
        if seat in self.revoked or seat in self.skipped:
            return False
        return seat < self.players or bool(self.fictive.get(seat))

    def left_of(self, seat: int) -> int:
        return self._left[seat]

    def lobbyist_count(self) -> int:
        return self.enacted.count(LOB)

    def eco_count(self) -> int:
        return len(self.enacted) - self.enacted.count(LOB)

    def camp_of(self, seat: int) -> str | None:
        return camp(self.roles[seat]) if 0 <= seat < self._seats else None

    def tile_total(self) -> int:
        """Every tile, wherever it is (conserved: 23, or 26 with crises)."""
        total = (len(self.pile) + len(self.discards) + len(self.enacted) + len(self.hand)
                 + len(self.removed) + len(self.crisis_queue) + (self.crisis is not None))
        for tiles in self.fictive.values():
            total += len(tiles)
        return total

    # --- setup -------------------------------------------------------------------------------
    def _announce_setup(self) -> None:
        if self.fictive:  # the intro's "5 players: ..." counts the fictive ones too
            self.events.append(events.counted("pnue.setup.start", BRIEF, self.players))
        for line in self.role_count_lines():
            self.say(line.id, NORMAL, **line.params)
        if self.fictive:
            self.say("pnue.setup.piles", NORMAL, count=len(data.FICTIVE_PILES[self.players]))
            for seat in self.fictive:
                self.say("pnue.setup.fictive", NORMAL, seat=self.refs[seat],
                         left=self.refs[self._human_left(seat)])
                self.say("pnue.setup.fictive_tiles", NORMAL, count=len(self.fictive[seat]))
        if self.crises:
            self.say("pnue.setup.crises", NORMAL)
        for seat in range(self.players):
            self.events += events.role_dealt(seat, self.roles[seat])

    def _human_left(self, seat: int) -> int:
        """The player just before a fictive seat, to say where it sits."""
        table = self.table
        place = table.index(seat)
        return table[(place - 1) % len(table)]

    def seat_order(self) -> list[int]:
        """Seats in presidency order, fictive players where they sit (PN-63)."""
        return list(self.table)

    def reference_card(self) -> list[Msg]:
        """The pieces of the game, for a braille card to keep on the table."""
        return summary.reference_card(self)

    def role_count_lines(self) -> list[Msg]:
        """The role counts, as announced at the start (PN-05), one short line each."""
        n = self.players
        if n < 5:
            lines = []
            for number, pile in enumerate(data.FICTIVE_PILES[n], start=1):
                humans = [e[0] for e in pile if e[1] + e[2] == 0]
                fictive = [e[0] for e in pile if e[1] + e[2] > 0]
                lines.append(Msg("pnue.roles.pile", number=number,
                                 eco=humans.count(ECOLOGIST), lob=humans.count(LOBBYIST)))
                lines.append(Msg("pnue.roles.pile_fictive",
                                 eco=fictive.count(ECOLOGIST), lob=fictive.count(LOBBYIST)))
            return lines
        dollar, lob, eco = data.ROLE_COUNTS[n]
        if self.variant == "random_lobbyists":
            return [Msg("pnue.roles.random_lobbyists", lob=lob + dollar),
                    Msg("pnue.roles.envelopes_eco", eco=eco),
                    Msg("pnue.roles.random_lobbyists_how")]
        if self.variant == "maybe_dollar":
            dollar, lob, eco = data.ROLE_COUNTS[n + 1]
            return [Msg("pnue.roles.maybe_dollar", count=n + 1),
                    Msg("pnue.roles.maybe_dollar_roles", lob=lob, eco=eco),
                    Msg("pnue.roles.maybe_dollar_how")]
        return [Msg("pnue.roles.standard", lob=lob), Msg("pnue.roles.ecologists", eco=eco)]

    # --- the engine contract ---------------------------------------------------------------
    def pending(self) -> Pending | None:
        return self._pending

    def _refresh(self) -> None:
        """After a change: who is asked now (and forget the legal actions of before)."""
        self._legal = None
        phase = self.phase
        p = self.president
        if phase == Phase.OVER:
            self._pending = None
        elif phase == Phase.VOTE:
            # one question for every voter: a voter in the claim menu hears its own (prompt_for)
            self._pending = events.asked_to_vote(tuple(self.voters), *self._ballot)
        elif phase == Phase.RACE:
            left = tuple(s for s in self.racers if s not in self.reacted)
            self._pending = Pending(left, Msg("pnue.ask.race", crisis=tile_msg(self.crisis or "")),
                                    race=True)
        elif phase in (Phase.ENACT, Phase.CLAIM_SECRETARY):
            who = self.secretary if self.secretary is not None else p
            self._pending = events.asked(who, phase)
        elif phase == Phase.DISCARD and len(self.hand) < data.HAND_SIZE:
            self._pending = events.asked(p, "discard_optional")  # PN-34
        elif phase == Phase.NOMINATE and p in self.arguing:  # the claim menu's own question
            self._pending = self._claim_question(p)
        else:
            self._pending = events.asked(p, phase)

    def prompt_for(self, seat: int) -> Msg:
        """A voter in the claim menu hears the claim's question, the others the vote's."""
        if self.phase == Phase.VOTE and seat in self.arguing and seat in self.voters:
            return self._claim_question(seat).prompt
        return super().prompt_for(seat)

    def _claim_question(self, seat: int) -> Pending:
        """What ``seat`` is asked in the claim menu: which turn, then what it says of it."""
        subject = self.arguing[seat]
        if subject is None:
            return events.asked(seat, "argue")
        return Pending((seat,), Msg("pnue.ask.argue_say", turn=subject[0]))

    def legal_actions(self, seat: int) -> list[str]:
        if self.phase == Phase.VOTE:  # the most frequent question: no cache churn
            if seat not in self.voters:
                return []
            if seat in self.arguing or (seat not in self.argued and self.subjects.get(seat)):
                return self._or_argue(seat, VOTES)
            return list(VOTES)
        return list(self._legal_now(seat))

    def _legal_now(self, seat: int) -> tuple[str, ...]:
        """``seat``'s legal actions outside votes, built once until the state changes."""
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        actions = tuple(self._list_legal(seat))
        self._legal = (seat, actions)
        return actions

    def _list_legal(self, seat: int) -> list[str]:
        phase = self.phase
        if phase == Phase.VOTE:
            return self._or_argue(seat, VOTES) if seat in self.voters else []
        pending = self._pending
        if pending is None or seat not in pending.seats:
            return []
        if phase == Phase.RACE:
            return list(REACT)
        if phase == Phase.NOMINATE:
            return self._or_argue(seat, self._nominees)
        if phase == Phase.DISCARD:
            kinds = sorted(set(self.hand), key=data.TILE_KINDS.index)
            actions = [f"discard:{k}" for k in kinds]
            if len(self.hand) < data.HAND_SIZE:
                actions.append("keep")  # PN-34: after a crisis, discarding is optional
            return actions
        if phase == Phase.ENACT:
            return [f"enact:{k}" for k in sorted(set(self.hand), key=data.TILE_KINDS.index)]
        if phase == Phase.CLAIM_PRESIDENT:
            return list(CLAIMS[:len(self.drawn) + 2])
        if phase == Phase.CLAIM_SECRETARY:
            return list(CLAIMS[:self.handed + 2])
        if phase == Phase.INVESTIGATE:
            return [*(f"investigate:{s}" for s in self.investigable()), "investigate:none"]
        if phase == Phase.CLAIM_INVESTIGATION:
            return ["claim:none", "claim:ecologist", "claim:lobbyist"]
        if phase == Phase.REVOKE:
            return [f"revoke:{s}" for s in self.revocable()]
        return []

    def _or_argue(self, seat: int, actions: tuple[str, ...] | list[str]) -> list[str]:
        """The phase's answers and the claim menu's entry, or the claim menu when open."""
        if seat in self.arguing:
            subject = self.arguing[seat]
            if subject is None:
                found = self.subjects[seat]
                return [*(f"about:{i}" for i in reversed(range(len(found)))), "back"]
            if subject[1] == "role":
                return ["say:ecologist", "say:lobbyist", "back"]
            return [*(f"say:lob{k}" for k in range(subject[2] + 1)), "back"]
        if self.subjects.get(seat) and seat not in self.argued:
            return [*actions, ARGUE]
        return list(actions)

    def nominees(self) -> list[int]:
        """Who the President may nominate (PN-10, PN-11, PN-33, PN-67)."""
        p = self.president
        limited = (self.players >= data.TERM_LIMIT_FROM and not self.open_nomination)
        barred = self.last_government if limited else ()
        return [s for s in self.table if s != p and s not in barred and self.active(s)]

    def investigable(self) -> list[int]:
        return [s for s in self.table if s != self.president and s not in self.revoked]

    def revocable(self) -> list[int]:
        return [s for s in self.table if s != self.president and s not in self.revoked]

    def describe(self, seat: int, action: str) -> Msg:
        name, _, arg = action.partition(":")
        if name == "vote":
            return Msg(f"pnue.action.vote_{arg}")
        if name == "react":
            return Msg("pnue.action.react")
        if name == "keep":
            return Msg("pnue.action.keep", count=len(self.hand))
        if name in ("discard", "enact"):
            return Msg(f"pnue.action.{name}", tile=tile_msg(arg))
        if name in ("nominate", "revoke"):  # "1. Nominate Wanjiru", then "2. Ingrid"
            who = self.refs[int(arg)]
            return Msg(f"pnue.action.{name}", seat=who,
                       continued=Msg("pnue.action.seat_next", seat=who))
        if name == "investigate" and arg != "none":
            return Msg(f"pnue.action.{name}", seat=self.refs[int(arg)])
        if name == "investigate":
            return Msg("pnue.action.investigate_none")
        if name in (ARGUE, "about", "say") or (name == "back" and seat in self.arguing):
            return self._describe_argue(seat, name, arg)
        if name == "claim":
            if arg == "none":
                return Msg("pnue.action.claim_none")
            if arg in (ECOLOGIST, LOBBYIST):
                return Msg("pnue.action.claim_role", seat=self.refs[self.target or 0],
                           role=role_msg(arg))
            lob = int(arg[3:])
            total = len(self.drawn) if self.phase == Phase.CLAIM_PRESIDENT else self.handed
            return _claim_tiles(lob, total - lob)
        return Msg("pnue.action.unknown")

    def apply(self, seat: int, action: str) -> None:
        phase = self.phase
        if (phase == Phase.VOTE and action in VOTES and seat in self.voters
                and seat not in self.arguing):
            self._vote(seat, action == "vote:yes")  # the hot path: no list built
            return
        if not well_formed(self, seat, action) or action not in self._legal_now(seat):
            raise IllegalAction(Msg("pnue.error.illegal"))
        name, _, arg = action.partition(":")
        if phase in ARGUE_PHASES and (name in (ARGUE, "about", "say") or action == "back"):
            self._argue(seat, name, arg)
        elif phase == Phase.NOMINATE:
            self._nominate(int(arg))
        elif phase == Phase.RACE:
            self._react(seat)
        elif phase == Phase.DISCARD:
            self._discard(None if name == "keep" else arg)
        elif phase == Phase.ENACT:
            self._enact_choice(arg)
        elif phase in (Phase.CLAIM_PRESIDENT, Phase.CLAIM_SECRETARY):
            self._claim_tiles(seat, arg)
        elif phase == Phase.INVESTIGATE:
            self._investigate(None if arg == "none" else int(arg))
        elif phase == Phase.CLAIM_INVESTIGATION:
            self._claim_role(seat, arg)
        elif phase == Phase.REVOKE:
            self._revoke(int(arg))
        self._public = None
        self._refresh()

    def outcome(self) -> Outcome | None:
        if self.winner is None or self.reason is None:
            return None
        winners = frozenset(s for s in range(self._seats) if camp(self.roles[s]) == self.winner)
        return Outcome(winners, self.reason, self.winner)

    # --- claims at any time (PN-19) ------------------------------------------------------------
    def _saw(self, seat: int, what: str, value: int) -> None:
        """``seat`` saw something it may claim about later: tiles, or an interest card."""
        self.subjects.setdefault(seat, []).append((self.turn, what, value))

    def _argue(self, seat: int, name: str, arg: str) -> None:
        """A step through the claim menu; its last step is a public claim, kept and logged."""
        if name == ARGUE:
            self.arguing[seat] = None
        elif name == "about":
            self.arguing[seat] = self.subjects[seat][int(arg)]
        elif name == "back":
            if self.arguing[seat] is None:
                del self.arguing[seat]
            else:
                self.arguing[seat] = None
        else:
            subject = self.arguing.pop(seat)
            assert subject is not None
            self.argued.add(seat)
            self._recall(seat, subject, arg)

    def _recall(self, seat: int, subject: Subject, said: str) -> None:
        """A public claim about an earlier turn: who and which turn, then what."""
        about, what, value = subject
        if what == "role":
            self.claims.append((self.turn, seat, "role", (value, said)))
            self.note("recall", seat, about, "role", value, said)
            claim = Msg("pnue.claim.role", target=self.refs[value], role=role_msg(said))
        else:
            lob = int(said[3:])
            self.claims.append((self.turn, seat, what, lob))
            self.note("recall", seat, about, what, value, lob)
            claim = Msg(f"pnue.query.claim_{what}", lob=lob, eco=value - lob)
        # who, which turn and what, in one line: "Cy says of turn 3: Ana is a lobbyist."
        self.say("pnue.claim.about_said", BRIEF, cause=seat, seat=self.refs[seat], about=about,
                 claim=claim)

    def _describe_argue(self, seat: int, name: str, arg: str) -> Msg:
        if name == ARGUE:
            return Msg("pnue.action.argue")
        if name == "back":
            return Msg("pnue.action.argue_back")
        if name == "about":
            turn, what, value = self.subjects[seat][int(arg)]
            if what == "role":
                return Msg("pnue.action.about_role", turn=turn, seat=self.refs[value])
            return Msg(f"pnue.action.about_{what}", turn=turn)
        subject = self.arguing.get(seat)
        if arg in (ECOLOGIST, LOBBYIST):
            target = subject[2] if subject is not None else 0
            return Msg("pnue.action.claim_role", seat=self.refs[target], role=role_msg(arg))
        total = subject[2] if subject is not None else 0
        lob = int(arg[3:])
        return _claim_tiles(lob, total - lob)

    # --- a turn ------------------------------------------------------------------------------
    def _begin_turn(self, candidate: int) -> None:
        """Start a turn: ``candidate`` or the first active seat to its left presides (PN-20)."""
        while True:
            self.turn += 1
            self.argued.clear()
            self.arguing.clear()
            self.skipped = frozenset(self.next_skipped)
            self.next_skipped = set()
            for s in sorted(self.skipped):
                self._said_of(s, "pnue.turn.skipped", NORMAL, "pnue.you.skipped")
            seat = candidate
            for _ in range(len(self.table)):
                if self.active(seat):
                    break
                seat = self.left_of(seat)
            self.president = seat
            self.nominee = self.secretary = None
            self.votes = {}
            self.hand, self.drawn, self.handed, self.target = [], [], 0, None
            if not self.is_fictive(seat):
                self._nominees = [NOMINATE[s] for s in self.nominees()]
                if self._nominees:
                    self.phase = Phase.NOMINATE
                    self.events.append(events.president(seat, self.turn))
                    return
                self.events += (events.presides(seat, self.turn),
                                events.plain("pnue.turn.no_nominee", NORMAL))
            else:
                self.events += (events.presides(seat, self.turn),
                                events.plain("pnue.turn.fictive_passes", NORMAL))  # PN-64
            self.note("pass", seat)
            if self._fail_consensus():
                return
            candidate = self.left_of(seat)

    def _fail_consensus(self) -> bool:
        """A "No consensus" card (PN-14); the third enacts the top tile (PN-15).

        Returns True when the game ended.
        """
        self.no_consensus += 1
        self.open_nomination = True
        if self.no_consensus < data.NO_CONSENSUS_LIMIT:
            self.events.append(events.counted("pnue.vote.no_consensus", NORMAL,
                                              self.no_consensus))
            return False
        self.no_consensus = 0
        self.say("pnue.chaos.third", BRIEF, limit=data.NO_CONSENSUS_LIMIT)
        tile = self._draw_one()
        while tile is not None and tile in CRISIS_KIND:  # our decision: set aside, unresolved
            self.removed.append(tile)
            self.say("pnue.chaos.crisis", NORMAL, crisis=tile_msg(tile))
            tile = self._draw_one()
        if tile is None:
            return False
        self.say("pnue.chaos.enact", BRIEF, tile=tile_msg(tile))
        self.note("enact", None, None, tile, "chaos")
        self.enacted.append(tile)
        self.events.append(events.table(self.lobbyist_count(), self.eco_count()))
        return self._check_tiles_win()

    def _draw_one(self) -> Tile | None:
        """The top tile (PN-15), or None when no tile is left anywhere."""
        tiles = self._draw_tiles(1)
        return tiles[0] if tiles else None

    def _draw_tiles(self, count: int) -> list[Tile]:
        """The ``count`` tiles on top, taken at once (PN-18): the pile is rebuilt before or
        after a draw when fewer than 3 remain (PN-23), never in its middle."""
        self._reshuffle_if_low()
        pile = self.pile  # the same list after a reshuffle (extended in place)
        tiles = [pile.pop() for _ in range(min(count, len(pile)))]
        self._reshuffle_if_low()
        return tiles

    def _reshuffle_if_low(self) -> None:
        """Fewer than 3 tiles left: they and the discards make a new pile (PN-23)."""
        if len(self.pile) < data.RESHUFFLE_BELOW and self.discards:
            self.pile.extend(self.discards)
            self.discards.clear()
            self.rng.shuffle(self.pile)
            self.events.append(events.counted("pnue.pile.reshuffled", NORMAL, len(self.pile)))

    def _nominate(self, nominee: int) -> None:
        self.nominee = nominee
        self.phase = Phase.VOTE
        self.votes = {}
        self._ballot = (self.president, nominee)
        self.events.append(events.nominated(self.president, nominee))
        players, revoked, skipped = self.players, self.revoked, self.skipped
        self.voters = [s for s in self.table  # the players taking part (``active``)
                       if s < players and s not in revoked and s not in skipped]
        for s in self.table:  # PN-65: fictive players vote at once
            if s >= players and self.active(s):
                self.votes[s] = s == nominee
        if not self.voters:
            self._count_votes()

    def _vote(self, seat: int, yes: bool) -> None:
        """A secret vote. The most frequent action, so while votes are still to come it only
        updates who is asked (nothing else changed) instead of a full ``_refresh``."""
        self.votes[seat] = yes
        voters = self.voters
        voters.remove(seat)
        self.events += (events.vote_mine(seat, yes), events.vote_cast(seat, self._seats))
        if voters:  # more votes to come: only the seats asked changed
            self._legal = None
            self._pending = events.asked_to_vote(tuple(voters), *self._ballot)
            return
        self._count_votes()
        self._public = None
        self._refresh()

    def _count_votes(self) -> None:
        """Reveal every vote at once (PN-12); a tie goes the President's way (PN-13)."""
        votes = self.votes
        ayes: list[int] = []
        noes: list[int] = []
        for s in self.table:
            if s in votes:
                (ayes if votes[s] else noes).append(s)
        yes, no = tuple(ayes), tuple(noes)
        approved = len(yes) > len(no) or (len(yes) == len(no) and self.votes.get(self.president,
                                                                                   False))
        p, nominee = self.president, self.nominee if self.nominee is not None else -1
        self.vote_history.append((self.turn, p, nominee, yes, no, approved))
        self.note("vote", p, nominee, yes, no, approved)
        said = self.events.extend
        self.events.append(events.vote_result(approved, len(yes), len(no)))
        # the fewer names at normal verbosity (every name at full): "No: Priya."
        few_no = len(no) <= len(yes)
        said(events.seat_list("pnue.vote.who_yes", yes, self.players, FULL if few_no else NORMAL))
        said(events.seat_list("pnue.vote.who_no", no, self.players, NORMAL if few_no else FULL))
        if approved and len(yes) == len(no):
            self.events.append(events.about("pnue.vote.tie", NORMAL, p))
        if approved:  # the vote's lines together, then what it made
            self.events.append(events.secretary(self.refs[nominee].seat))
        if not approved:  # PN-14
            if not self._fail_consensus():
                self._begin_turn(self.left_of(p))
            return
        self.no_consensus = 0  # PN-16
        self.open_nomination = False
        self.secretary = nominee
        self.last_government = (p, nominee)
        if (nominee == self.dollar and self.lobbyist_count() >= data.DOLLAR_THRESHOLD):
            self._end("lobbyists", Msg("pnue.end.dollar_elected"))
            return  # PN-17, PN-26
        if self.is_fictive(nominee):
            self._fictive_session(nominee)
        else:
            self._draw_hand()

    def _fictive_session(self, fictive: int) -> None:
        """PN-66: two tiles from the fictive pile, shuffled; one discarded unseen, one enacted."""
        pile = self.fictive[fictive]
        tiles = [pile.pop() for _ in range(min(2, len(pile)))]
        self.rng.shuffle(tiles)
        self.say("pnue.fictive.session", NORMAL, seat=self.refs[fictive], count=len(tiles))
        if len(tiles) > 1:
            self.discards.append(tiles.pop())
            self.events.append(events.plain("pnue.fictive.discard", NORMAL))
        if self._enacted(tiles[0]):
            return
        if not pile:
            self.say("pnue.fictive.empty", NORMAL, seat=self.refs[fictive])  # PN-67
            self.events.append(events.plain("pnue.fictive.out", NORMAL))
        power = self._power_due()  # no claims: nobody saw the tiles
        if power:
            self._start_power(power)
        else:
            self._end_turn()

    def _draw_hand(self) -> None:
        """The President draws 3 (PN-18); crises are handled first (PN-31)."""
        hand = self._draw_tiles(data.HAND_SIZE)
        p = self.president
        self.events.append(events.drawn(p, len(hand), self.players))
        self.crisis_queue = [t for t in hand if t in CRISIS_KIND]
        self.hand = [t for t in hand if t not in CRISIS_KIND]
        self.drawn = list(self.hand)
        self.secret(p, "drew", tuple(hand))
        self.events += events.drew_or_got("pnue.draw.private", "pnue.draw.tile", p, tuple(hand))
        self._next_crisis()

    def _next_crisis(self) -> None:
        """Handle the crises drawn, one after another (PN-31..PN-33), then go on (PN-34)."""
        while self.crisis_queue:
            tile = self.crisis_queue.pop(0)
            kind = CRISIS_KIND[tile]
            self.say("pnue.crisis.drawn", BRIEF, seat=self.refs[self.president],
                     crisis=tile_msg(tile))
            if kind in self.enacted:  # PN-32
                self.removed.append(tile)
                self.say("pnue.crisis.resolved", NORMAL, crisis=tile_msg(tile))
                self.say("pnue.crisis.resolved_by", NORMAL, tile=tile_msg(kind))
                self.note("crisis", self.president, tile, None)
                continue
            racers = [s for s in self.table if s < self.players and s != self.president
                      and s not in self.revoked]
            if not racers:
                self.removed.append(tile)
                self.note("crisis", self.president, tile, None)
                continue
            if self.race_timed:
                self.crisis = tile
                self.racers, self.reacted = racers, []
                self.phase = Phase.RACE
                self.say("pnue.crisis.race", BRIEF, crisis=tile_msg(tile))
                self.events.append(events.plain("pnue.crisis.race_rule", BRIEF))
                return
            self.removed.append(tile)
            self.say("pnue.crisis.random", NORMAL)  # why one seat sits out (no race)
            self._skip(self.rng.choice(racers), tile)
        self._after_crises()

    def _react(self, seat: int) -> None:
        self.reacted.append(seat)
        self.say("pnue.crisis.reacted", FULL, cause=seat, seat=self.refs[seat],
                 count=len(self.reacted))
        if len(self.reacted) == len(self.racers):
            tile = self.crisis or ""
            self.removed.append(tile)
            self.crisis = None
            self._skip(seat, tile)
            self._next_crisis()

    def _skip(self, seat: int, tile: Tile) -> None:
        self.next_skipped.add(seat)
        self._said_of(seat, "pnue.crisis.loser", BRIEF, "pnue.you.sit_out")
        self.note("crisis", self.president, tile, seat)

    def _after_crises(self) -> None:
        if not self.hand:  # PN-34: nothing to hand on, the turn ends
            self.say("pnue.draw.nothing_left", NORMAL)
            self._end_turn()
            return
        self.phase = Phase.DISCARD

    def _discard(self, tile: Tile | None) -> None:
        p, sg = self.president, self.secretary
        if tile is not None:
            self.hand.remove(tile)
            self.discards.append(tile)
        self.handed = len(self.hand)
        self.note("hand", p, sg, self.handed)
        if not self.hand or sg is None:  # PN-34: he threw away the last tile
            self.say("pnue.draw.nothing_left", NORMAL, cause=p)
            self._end_turn()
            return
        self.events += events.hand_public(p, sg, self.handed, self.players)
        handed = tuple(self.hand)
        self.secret(p, "handed", handed)
        self.secret(sg, "got", handed)
        self.events += events.drew_or_got("pnue.hand.private", "pnue.hand.tile", sg, handed)
        if len(self.hand) == 1:
            self._enact_choice(self.hand[0])
        else:
            self.phase = Phase.ENACT

    def _enact_choice(self, tile: Tile) -> None:
        """The Secretary-General enacts one tile and discards the rest (PN-18)."""
        self.hand.remove(tile)
        self.discards.extend(self.hand)
        self.hand = []
        if self.secretary is not None:  # they may claim about it later, at any vote (PN-19)
            self._saw(self.president, "drew", len(self.drawn))
            self._saw(self.secretary, "got", self.handed)
        if self._enacted(tile):
            return
        self._pending_power = self._power_due()
        self.phase = Phase.CLAIM_PRESIDENT

    def _enacted(self, tile: Tile) -> bool:
        """A government enacts ``tile`` (PN-18, PN-40). Returns True when the game ended."""
        p, sg = self.president, self.secretary
        self.enacted.append(tile)
        self.records[p].append(tile)
        if sg is not None:
            self.records[sg].append(tile)
        self.note("enact", p, sg, tile, "fictive" if self.is_fictive(sg or 0) else "gov")
        by = p if sg is None or self.is_fictive(sg) else sg  # PN-66: the President, for a fictive
        self.events += events.enacted(tile, self.lobbyist_count(), self.eco_count(), by)
        return self._check_tiles_win()

    def _power_due(self) -> str | None:
        if self.enacted[-1] != LOB:
            return None
        count = self.lobbyist_count()
        if count in self.revoke_at:
            return Phase.REVOKE
        if count in self.investigate_at:
            return Phase.INVESTIGATE
        return None

    def _start_power(self, power: str) -> None:
        self.phase = power
        self.events.append(events.about(f"pnue.power.{power}", BRIEF, self.president))

    def _check_tiles_win(self) -> bool:
        if self.eco_count() >= self.win_at:  # PN-24, PN-68, PN-69
            self._end("ecologists", Msg("pnue.end.eco_tiles", count=self.win_at))
        elif self.lobbyist_count() >= self.win_at:  # PN-25
            self._end("lobbyists", Msg("pnue.end.lob_tiles", count=self.win_at))
        return self.winner is not None

    def _claim_tiles(self, seat: int, arg: str) -> None:
        """A public claim about the tiles seen this turn (PN-19)."""
        president = self.phase == Phase.CLAIM_PRESIDENT
        total = len(self.drawn) if president else self.handed
        if arg != "none":
            lob = int(arg[3:])
            self.claims.append((self.turn, seat, "drew" if president else "got", lob))
            self.note("claim", seat, "drew" if president else "got", total, lob)
            self.events += events.claim_tiles("pnue.claim.drew_tiles" if president
                                              else "pnue.claim.got_tiles", seat, lob, total - lob)
        else:
            self.events.append(events.claim_silent(seat))
        if president:
            self.phase = Phase.CLAIM_SECRETARY
            return
        power = self._pending_power
        if power:
            self._start_power(power)
        else:
            self._end_turn()

    def _investigate(self, target: int | None) -> None:
        """PN-21: the President looks at one interest card, privately."""
        p = self.president
        if target is None:
            self.say("pnue.power.investigate_none", NORMAL, cause=p, seat=self.refs[p])
            self._end_turn()
            return
        interest = LOBBYIST if self.roles[target] == DOLLAR else self.roles[target]
        self.target = target
        self._saw(p, "role", target)
        self.investigations.setdefault(p, []).append((target, interest))
        self.secret(p, "investigated", target, interest)
        self.note("investigate", p, target)
        # it targets a player: said at every verbosity; the target hears "your card"
        self.say("pnue.power.investigated", BRIEF, cause=p, president=self.refs[p],
                 seat=self.refs[target])
        self.say("pnue.power.result", BRIEF, to=p, seat=self.refs[target],
                 role=role_msg(interest))
        self.phase = Phase.CLAIM_INVESTIGATION

    def _claim_role(self, seat: int, arg: str) -> None:
        target = self.target if self.target is not None else 0
        if arg != "none":
            self.claims.append((self.turn, seat, "role", (target, arg)))
            self.note("claim_role", seat, target, arg)
            self.say("pnue.claim.says_role", BRIEF, cause=seat, seat=self.refs[seat],
                     claim=Msg("pnue.claim.role", target=self.refs[target], role=role_msg(arg)))
        else:
            self.events.append(events.claim_silent(seat))
        self._end_turn()

    def _revoke(self, target: int) -> None:
        """PN-22: the revoked player takes no further part; Mr Dollar must say so (PN-27)."""
        p = self.president
        self.revoked.add(target)
        self.note("revoke", p, target, target == self.dollar)
        self.say("pnue.power.revoked", BRIEF, cause=p, seat=self.refs[target])  # "You are out"
        if target == self.dollar:
            self._end("ecologists", Msg("pnue.end.dollar_revoked"))
            return
        self._end_turn()

    def _end_turn(self) -> None:
        if self.winner is None:
            self._begin_turn(self.left_of(self.president))

    def _end(self, winner: str, reason: Msg) -> None:
        """The game is over: every role revealed (PN-28)."""
        self.winner = winner
        self.reason = reason
        self.phase = Phase.OVER
        self.say("pnue.end.winner", BRIEF, camp=Msg(f"pnue.camp.{winner}"))
        self.events.append(Event(reason, None, BRIEF))
        for seat in self.table:
            self.events.append(events.reveal(seat, self.roles[seat]))

    # --- views ---------------------------------------------------------------------------------
    def observation(self, seat: int) -> Observation:
        return observe(self, seat)

    def status(self, seat: int | None) -> list[Msg]:
        return summary.status(self, seat)

    def board(self, seat: int | None, topic: str = "") -> list[Msg]:
        return summary.board(self, seat, topic)

    def board_topics(self) -> tuple[Topic, ...]:
        return summary.TOPICS

    def private(self, seat: int) -> list[Msg]:
        return summary.private(self, seat)

    def queries(self) -> list[Query]:
        return list(summary.QUERIES)
