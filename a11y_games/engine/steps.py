"""A question and its follow-up asked as one: what the client offers, never the game's steps.

A game may say that the question following one of its answers (the place of an action:
"Hut where?", with a ``back`` to this menu) is offered with that answer
(:meth:`GameState.asks_with`): each answer of the follow-up becomes one entry of this
question ("Hut on Efate: 1 vatu" instead of "Build", then "Hut where?"), computed on a copy
of the state. The entry's id is the steps joined by :data:`SEPARATOR`; playing it plays
each step in turn, so the action log, bots, saves and replays see the same steps as
before. Local tables and the server offer the same entries.
"""

from __future__ import annotations

from a11y_games.engine.actions import BACK
from a11y_games.engine.messages import Msg
from a11y_games.engine.state import GameState

__all__ = ["SEPARATOR", "STEP", "first_step", "offered", "offers", "steps"]

SEPARATOR = "|"
"""Joins the steps of one offered entry (no game's action id contains it)."""
MAX_DEPTH = 2
"""How many follow-ups deep an entry may go (the action, its kind of place, the place)."""


def steps(choice: str) -> list[str]:
    """The game's actions an offered entry stands for, in order (one for a plain action)."""
    return choice.split(SEPARATOR)


def offers(state: GameState, seat: int, action: str,
           choices: list[tuple[str, Msg]] | None = None) -> bool:
    """Whether ``action`` is one of ``seat``'s choices now: a legal action, or an entry
    offered with its place (``choices``: what :func:`offered` gave, if at hand)."""
    if SEPARATOR not in action:
        return action in state.legal_actions(seat)
    return action in dict(offered(state, seat) if choices is None else choices)


def offered(state: GameState, seat: int) -> list[tuple[str, Msg]]:
    """What ``seat`` is offered now, each with its label: the legal actions, an action the
    game asks with its follow-up replaced by one entry per answer of that follow-up (in
    place, in the follow-up's order; an answer the game asks with its own follow-up in
    turn: "Build", then "Dike only", then where). Only a follow-up asked of the same seat,
    with a ``back`` to this question, is offered so."""
    return [(action, label) for action, label, _ in _offered(state, seat, None)]


def _offered(state: GameState, seat: int, before: str | None,
             depth: int = 0) -> list[tuple[str, Msg, str]]:
    """(entry, label, last step) for each answer of ``state``'s question; ``before``: the
    step that led here (None at the question asked), which labels the answers."""
    from a11y_games.engine.search import copy_state  # with a game: its package loads search

    out: list[tuple[str, Msg, str]] = []
    for action in state.legal_actions(seat):
        if before is not None and action == BACK:
            continue
        if action != BACK and depth < MAX_DEPTH and state.asks_with(seat, action):
            after = copy_state(state)
            after.apply(seat, action)
            pending = after.pending()
            legal = after.legal_actions(seat) if pending is not None else []
            if pending is not None and pending.seats == (seat,) and not pending.race \
                    and BACK in legal and len(legal) > 1:
                step = state.describe(seat, action) if before is None else \
                    state.describe_with(seat, before, action)
                out += [(action + SEPARATOR + entry, _with_step(label, step, depth), last)
                        for entry, label, last in _offered(after, seat, action, depth + 1)]
                continue
        label = state.describe(seat, action) if before is None else state.describe_with(
            seat, before, action)
        out.append((action, label, action))
    return out


STEP = "step"
"""The parameter of an entry's label that holds its first step's own label ("Build" for
"Hut on Efate: 3 vatu"): not said, but a player who types the action's name ("build")
answers that step alone, and is asked its place next."""


def _with_step(label: Msg, step: Msg, depth: int) -> Msg:
    """``label`` carrying the label of the step that leads to it (the first step only)."""
    if depth or STEP in label.params:
        return label
    return Msg(label.id, **label.params, **{STEP: step})


def first_step(choice: str) -> str:
    """The first of an entry's steps."""
    return choice.split(SEPARATOR, 1)[0]
