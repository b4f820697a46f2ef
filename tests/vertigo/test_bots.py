"""The normal bot: plays from its observation, beats random bots, never stalls."""

from __future__ import annotations

import random

from a11y_games.engine.simulate import simulate
from a11y_games.games.vertigo import SPEC
from a11y_games.games.vertigo.bots import NormalBot
from a11y_games.games.vertigo.country import EMPTY, PEOPLE, POLLUTED, POLLUTING
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
    """A polluter votes against 'polluter pays'; a clean country for it, when the fine
    costs the polluter more than the proposer's bonus brings him (4 factories: 12 $)."""
    state = started(2, 1, pawns=4)
    dirty, clean = state.order
    state.countries[dirty].prov[1][0:4] = [POLLUTING] * 4
    state.countries[dirty].eng[1][0:4] = [1, 1, 1, 1]
    obs = {**state.observation(dirty), "phase": "vote", "proposal": (clean, 1)}
    assert NormalBot(dirty, random.Random(0)).choose(obs, ["vote:yes", "vote:no",
                                                           "vote:abstain"]) == "vote:no"
    obs = {**state.observation(clean), "phase": "vote", "proposal": (dirty, 1)}
    assert NormalBot(clean, random.Random(0)).choose(obs, ["vote:yes", "vote:no",
                                                           "vote:abstain"]) == "vote:yes"


# --- the flaws seen in play (issue 14) ---------------------------------------------------------
def _vote_on(state, law: int, proposer: int, seat: int) -> str:  # type: ignore[no-untyped-def]
    state.refresh()
    obs = dict(state.observation(seat))
    obs["proposal"], obs["phase"] = (proposer, law), "vote"
    return NormalBot(seat, random.Random(0)).choose(obs, ["vote:yes", "vote:no",
                                                          "vote:abstain"])


def test_a_law_that_brings_nothing_is_not_voted_for_the_proposers_bonus() -> None:
    """Law 2 pays for treatment plants: with none anywhere it only pays the proposer's
    10 $ bonus, so the bot votes no (it voted yes on any law that cost it nothing)."""
    from a11y_games.games.vertigo.country import TREATMENT
    state = started(4, 2)
    assert _vote_on(state, 2, proposer=1, seat=0) == "vote:no"
    state.countries[0].prov[0][0] = TREATMENT  # now it pays the bot 5 $ a plant
    state.countries[0].prov[0][1] = TREATMENT
    assert _vote_on(state, 2, proposer=1, seat=0) == "vote:yes"


def _management(state, seat: int):  # type: ignore[no-untyped-def]
    state.refresh()
    obs = dict(state.observation(seat))
    obs["phase"], obs["path"], obs["step_min"] = "manage", (), 0
    return NormalBot(seat, random.Random(0))._plan_manage(obs, obs["countries"][seat])


def test_money_is_spent_on_training_past_fourteen_pawns() -> None:
    """Pawns rank second at the end and money only breaks ties: a rich country with its
    regions peopled keeps training (it stopped at 14 pawns, ending with money idle)."""
    state = started(2, 3)
    c = state.countries[0]
    for r, k in ((0, 6), (1, 4), (2, 4)):
        c.prov[r] = [PEOPLE] * k + [EMPTY] * (10 - k)
    c.diplomats, c.money = 14, 150
    assert _management(state, 0) == ["step:train", "region:0"]


def test_a_factory_goes_where_the_regions_own_markers_will_not_fall_on_it() -> None:
    """A region with no free province left and one populated province would put its next
    marker on the new factory: the bot builds in a region with room instead."""
    state = started(2, 4)
    c = state.countries[0]
    c.prov[0] = [POLLUTING] + [POLLUTED] * 8 + [PEOPLE]
    c.eng[0][0] = 1
    c.prov[1] = [PEOPLE] * 4 + [EMPTY] * 6
    c.prov[2] = [EMPTY] * 10
    c.fresh = [2, 2, 0]
    c.money, c.diplomats = 100, 1
    plan = _management(state, 0)
    assert plan is not None and plan[:3] == ["step:build", "kind:clean", "region:1"]
