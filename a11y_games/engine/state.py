"""The game state machine every game implements (after OpenSpiel's ``State``).

A state is built from :class:`Settings` and one seeded ``random.Random``; every shuffle,
deal and die roll draws from that source, so a game is its settings plus its action log.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from a11y_games.engine.messages import Event, Msg

__all__ = ["GameState", "Outcome", "Pending", "Query", "Settings", "Topic", "UnknownTopic"]


@dataclass(frozen=True)
class Settings:
    """What a game is set up with: player count, seed and variant options (all strings)."""

    game: str
    players: int
    seed: int
    options: Mapping[str, str] = field(default_factory=dict)

    def option(self, name: str, default: str = "") -> str:
        """The value of a variant option, or ``default``."""
        return self.options.get(name, default)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "seed": self.seed,
                "options": dict(self.options)}


@dataclass(frozen=True)
class Pending:
    """What the game waits for.

    ``seats`` are the seats asked to act now. Several seats mean a simultaneous decision
    (a secret vote): each acts once, in any order, and nobody sees another's choice until
    the game reveals it. ``race`` marks a reaction race: the order in which the seats act
    is the result (the client times it, or offers an untimed alternative). ``public`` says
    the question and its choices show nothing private (taking a guest everyone can see): at
    a shared keyboard the client then needs no hand-over pause before asking it.
    ``several`` says the same question comes back after an answer (buying one pawn after
    another, placing one marker after another): the client invites several numbers on
    one line, each answering the next asking.
    """

    seats: tuple[int, ...]
    prompt: Msg
    race: bool = False
    public: bool = False
    several: bool = False


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won, their camp if the game has camps, and why."""

    winners: frozenset[int]
    reason: Msg
    camp: str | None = None


@dataclass(frozen=True)
class Query:
    """A game-specific read-only command (``map``, ``district``, ``where``...).

    ``run(state, seat, argument)`` returns the lines to show; it must only use what ``seat``
    may see. ``argument_help`` names what the argument may be (or None if it takes none).
    ``public``: it shows nothing a seat keeps from the others (the map, princes on the
    board), so in hot-seat it needs no hand-over while a public question is asked.
    """

    name: str
    help: Msg
    run: Callable[[GameState, int | None, str], list[Msg]]
    aliases: tuple[str, ...] = ()
    public: bool = False


@dataclass(frozen=True)
class Topic:
    """A part of the table ``board`` can show alone (``board ships``).

    ``name`` is the English word the game's ``board`` receives; ``aliases`` are other words
    for it, the first being the French one (as for queries and commands).
    """

    name: str
    aliases: tuple[str, ...] = ()


class UnknownTopic(ValueError):
    """Raised by ``board`` for a topic the game does not know; the client says so."""

    def __init__(self, topic: str) -> None:
        super().__init__(topic)
        self.topic = topic


class GameState(ABC):
    """One game in progress. Subclasses implement the rules of one game.

    Contract:
    - ``pending()`` says who must act (``None`` once the game is over);
    - ``legal_actions(seat)`` lists stable string ids, ``describe(seat, a)`` labels them;
    - ``apply(seat, a)`` changes the state and appends :class:`Event` values to ``events``;
      it raises :class:`~a11y_games.engine.actions.IllegalAction` and changes nothing when
      the action is not legal;
    - ``observation(seat)`` is everything ``seat`` may know, and nothing more: bots get only
      this;
    - ``status``/``board``/``private`` are the summaries a player asks for, as messages.
    """

    game: ClassVar[str] = ""

    def __init__(self, settings: Settings, rng: random.Random) -> None:
        self.settings = settings
        self.rng = rng
        self.events: list[Event] = []

    # --- seats -----------------------------------------------------------------------------
    @property
    def seat_count(self) -> int:
        """Seats at the table, including any the rules add (fictive players)."""
        return self.settings.players

    def seat_order(self) -> list[int]:
        """The seats in their order around the table (fictive players where they sit)."""
        return list(range(self.seat_count))

    def extra_seat_name(self, seat: int) -> Msg | None:
        """The name of a seat that no player fills (a fictive player), or None."""
        return None

    # --- the state machine -------------------------------------------------------------------
    @abstractmethod
    def pending(self) -> Pending | None:
        """Who must act now, and what is asked; None when the game is over."""

    def prompt_for(self, seat: int) -> Msg:
        """The question as ``seat``, one of the seats asked now, hears it: its own when it
        has stepped into a menu of its own during a decision shared with others (PNUE's
        claim menu at a vote). Presentation only: who is asked, and whether the shared
        decision is answered, stay ``pending()``'s. Default: the shared prompt."""
        pending = self.pending()
        if pending is None:
            raise ValueError("no question: the game is over")
        return pending.prompt

    @abstractmethod
    def legal_actions(self, seat: int) -> list[str]:
        """The action ids ``seat`` may choose now (empty if it is not asked)."""

    @abstractmethod
    def describe(self, seat: int, action: str) -> Msg:
        """A short label for ``action`` as offered to ``seat``."""

    def asks_with(self, seat: int, action: str) -> bool:
        """Whether the question that follows ``action`` (its place: "Hut where?", with a
        ``back`` here) is offered with it, each of its answers one entry of this question
        (see :mod:`a11y_games.engine.steps`). Presentation only: the steps stay two.
        Default: never."""
        return False

    def describe_with(self, seat: int, action: str, then: str) -> Msg:
        """On the state after ``action``: the label of ``then`` offered with it as one
        entry ("Sail to C4, 2 vatu"). Default: ``then``'s own label."""
        return self.describe(seat, then)

    @abstractmethod
    def apply(self, seat: int, action: str) -> None:
        """Play ``action`` for ``seat``; raise IllegalAction (changing nothing) if not legal."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def observation(self, seat: int) -> Any:
        """What ``seat`` may know: the only input a bot gets. Never another seat's secret."""

    # --- summaries for players ---------------------------------------------------------------
    @abstractmethod
    def status(self, seat: int | None) -> list[Msg]:
        """A short summary, key facts first, as ``seat`` sees it."""

    @abstractmethod
    def board(self, seat: int | None, topic: str = "") -> list[Msg]:
        """The full public state (or one part of it, named by ``topic``).

        A game with parts lists them in ``board_topics`` and raises :class:`UnknownTopic`
        for a topic it does not know."""

    @abstractmethod
    def private(self, seat: int) -> list[Msg]:
        """``seat``'s private information (role, hand...)."""

    def board_topics(self) -> tuple[Topic, ...]:
        """The parts of the table ``board`` takes as a topic (none by default)."""
        return ()

    def board_is_public(self) -> bool:
        """True if ``board`` shows nothing a seat keeps from the others (for any topic): in
        hot-seat it then needs no hand-over while a public question is asked."""
        return False

    def queries(self) -> list[Query]:
        """Game-specific read-only commands."""
        return []

    def camp_of(self, seat: int) -> str | None:
        """The camp a seat plays for, if the game has camps (for simulation harnesses and the
        end-of-game reveal only: never shown to players or bots during play)."""
        return None

    def final_rank_key(self, seat: int) -> tuple[int, ...]:
        """Where ``seat`` finished, as a key (greater is better, equal is a tie), by the
        game's own final ranking: history's places and the ratings compare these. By
        default: the winners above the others."""
        outcome = self.outcome()
        return (int(outcome is not None and seat in outcome.winners),)

    def is_terminal(self) -> bool:
        return self.pending() is None
