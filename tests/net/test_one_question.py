"""At a network table, an action and its place are one entry too: the server offers the
same entries as a local table, and one answer plays (and stores) both steps."""

from __future__ import annotations

import asyncio

import pytest

from a11y_games.engine.steps import SEPARATOR, offered, steps
from a11y_games.games import all_specs
from a11y_games.net import protocol as p
from a11y_games.net.lobby import Lobby
from a11y_games.net.members import Refused
from tests.net.test_tables import FlakyStorage, Member


@pytest.mark.timeout(60)
def test_a_remote_player_gets_the_joined_entries_and_plays_both_steps_in_one_answer() -> None:
    async def scenario() -> None:
        storage = FlakyStorage()
        lobby = Lobby(all_specs(), storage, seed=lambda: 5)
        ana = Member("Ana")
        table = lobby.create(ana, p.Create(game="vanuatu", players=4, bots={
            1: "normal", 2: "normal", 3: "normal"}), "en")
        table.start(ana)
        match = table.match
        assert match is not None
        req = 0
        while True:  # Ana answers the first entry until one stands for two steps
            asked = [m for m in ana.got if isinstance(m, p.PendingMsg) and m.choices][-1]
            assert asked.choices == offered(match.state, 0)  # as a local table offers
            joined = [a for a, _ in asked.choices if SEPARATOR in a]
            if joined:
                break
            req += 1
            table.act(ana, asked.choices[0][0], req=req)
            assert match.state.pending() is not None, "no joined entry in a whole game"
        before = len(match.log)
        with pytest.raises(Refused):
            table.act(ana, joined[0] + SEPARATOR + "back", req=req + 1)
        table.act(ana, joined[0], req=req + 2)
        assert match.log[before:before + 2] == [(0, s) for s in steps(joined[0])]
        assert [row[2:] for row in storage.log[before:before + 2]] == [
            (0, s) for s in steps(joined[0])]  # each step stored
        assert ana.got.count(p.Acked(req=req + 2)) == 1

    asyncio.run(asyncio.wait_for(scenario(), 50))
