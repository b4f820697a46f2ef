"""The normal bot: plays from its observation, beats random bots, never stalls."""

from __future__ import annotations

import random

from a11y_games.engine.simulate import simulate
from a11y_games.games.vertigo import SPEC
from a11y_games.games.vertigo.bots import NormalBot
from a11y_games.games.vertigo.country import POLLUTED, POLLUTING
from tests.vertigo.helpers import seat_now, started, to_pollution


def test_normal_beats_random_at_two_players() -> None:
    report = simulate(SPEC, players=2, games=20, seed=40, levels=["normal", "random"])
    assert report.unfinished == 0
    assert report.level_wins["normal"] >= 15


def test_arrow_goes_to_the_leader() -> None:
    """The normal bot sends its arrow to the country with the most factories."""
    state = started(3, 1, pawns=5)
    roller = state.order[0]
    leader = state.order[2]
    state.countries[leader].prov[1][0] = POLLUTING
    state.countries[leader].eng[1][0] = 1
    state.countries[leader].prov[1][1] = POLLUTED
    to_pollution(state, "arrow")
    bot = NormalBot(roller, random.Random(0))
    choice = bot.choose(state.observation(roller), state.legal_actions(roller))
    assert choice == f"target:{leader}"
    assert seat_now(state) == roller


def test_votes_by_interest() -> None:
    """A polluter votes against 'polluter pays'; a clean country for it."""
    state = started(2, 1, pawns=4)
    dirty, clean = state.order
    state.countries[dirty].prov[1][0:3] = [POLLUTING] * 3
    state.countries[dirty].eng[1][0:3] = [1, 1, 1]
    obs = {**state.observation(dirty), "phase": "vote", "proposal": (clean, 1)}
    assert NormalBot(dirty, random.Random(0)).choose(obs, ["vote:yes", "vote:no",
                                                           "vote:abstain"]) == "vote:no"
    obs = {**state.observation(clean), "phase": "vote", "proposal": (dirty, 1)}
    assert NormalBot(clean, random.Random(0)).choose(obs, ["vote:yes", "vote:no",
                                                           "vote:abstain"]) == "vote:yes"
