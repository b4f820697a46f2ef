"""Utopia plugs into the client: registry, players, bots, undo of menu steps."""

from __future__ import annotations

import pytest

from a11y_games.engine.match import Match, SeatSpec, UndoRefused
from a11y_games.engine.spec import OptionError
from a11y_games.games import get_spec
from a11y_games.games.utopia import SPEC


def test_registered_by_name_and_french_alias() -> None:
    assert get_spec("utopia") is SPEC and get_spec("utopie") is SPEC
    assert (SPEC.min_players, SPEC.max_players, SPEC.default_players) == (2, 5, 4)
    assert set(SPEC.bots) == {"random", "normal", "strong"}
    assert len(SPEC.bot_names) >= SPEC.max_players
    with pytest.raises(OptionError):
        SPEC.settings(6, 1)


def test_a_human_can_undo_a_menu_step_but_not_past_what_bots_revealed() -> None:
    seats = [SeatSpec("human", "Ana")] + [SeatSpec("bot", level="normal", name_index=i)
                                          for i in range(2)]
    match = Match(SPEC, SPEC.settings(3, 12), seats)
    match.play_bots()
    assert match.state.pending().seats == (0,)
    guest = next(a for a in match.state.legal_actions(0) if a.startswith("guest:"))
    before = match.state.legal_actions(0)
    match.act(0, guest)
    match.undo(0)  # picking a guest taught nobody anything
    assert match.state.legal_actions(0) == before
    match.act(0, guest)
    match.act(0, next(a for a in match.state.legal_actions(0) if a.startswith("place:")))
    if match.state.pending() and match.state.pending().seats == (0,):
        match.act(0, "end")
    match.play_bots()
    with pytest.raises(UndoRefused):
        match.undo(0)


def test_a_human_can_undo_a_move_of_phase_2() -> None:
    """A move is confirmed to its player now and told to the others with the rest of the
    turn: neither teaches its player anything, so the move can still be undone."""
    seats = [SeatSpec("human", "Ana")] + [SeatSpec("bot", level="normal", name_index=i)
                                          for i in range(2)]
    import copy
    import random

    from a11y_games.games.utopia.bots import NormalBot

    match = Match(SPEC, SPEC.settings(3, 12), seats)
    ana = NormalBot(0, random.Random(1))  # Ana's choices until her move
    for _ in range(500):
        match.play_bots()
        state = match.state
        legal = state.legal_actions(0)
        if state.phase == "actions" and state.current == 0 and "move" in legal:
            break
        match.act(0, ana.choose(state.observation(0), legal))
    else:
        pytest.fail("no move for the human")
    before, logged = copy.deepcopy(match.state.snapshot()), len(match.log)
    match.act(0, "move")
    while match.state.choice:
        match.act(0, next(a for a in match.state.legal_actions(0) if a != "back"))
    assert match.state.steps and match.state.steps[-1][0] == "move"  # carried out
    while len(match.log) > logged:
        match.undo(0)  # (refused if the move had taught Ana something)
    assert match.state.snapshot() == before
