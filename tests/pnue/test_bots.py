"""The bots: names, claims, and the normal bot's strength against random play (PN-19)."""

from __future__ import annotations

import random

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out, simulate
from a11y_games.games.pnue import SPEC, data
from a11y_games.games.pnue.bots import NormalBot, suspicion
from a11y_games.games.pnue.data import ECOLOGIST, LOB
from a11y_games.games.pnue.view import Observation
from tests.pnue.helpers import E, act, elect, new, rig


def normal_match(players: int, seed: int) -> Match:
    settings = SPEC.settings(players, seed, {"crises": "on"})
    return Match(SPEC, settings, [SeatSpec("bot", level="normal", name_index=i)
                                  for i in range(players)])


def test_bots_carry_a_first_name_from_their_nation() -> None:
    match = normal_match(7, 1)
    names = [match.seat_name(s) for s in range(7)]
    assert names == list(data.BOT_NAMES[:7])
    assert not set(names) & set(data.NATIONS)


@pytest.mark.rule("PN-19")
def test_pn19_bots_claim_and_ecologists_tell_the_truth() -> None:
    """Normal bots make claims after sessions; an ecologist's claim matches what it saw."""
    claims = 0
    for seed in range(8):
        match = normal_match(7, seed)
        play_out(match)
        state = match.state
        for turn, seat, what, data_ in state.claims:
            claims += 1
            if state.roles[seat] != ECOLOGIST or what == "role":
                continue
            seen = [e for e in state.secrets[seat] if e[0] == turn
                    and e[1] == ("drew" if what == "drew" else "got")][-1][2]
            assert data_ == sum(t == LOB for t in seen)
    assert claims > 20


@pytest.mark.rule("PN-19")
def test_pn19_lobbyists_lie_about_a_discarded_ecological_tile() -> None:
    """A lobbyist President who threw away an ecological tile claims he drew none."""
    bot = NormalBot(0, random.Random(1))
    match = normal_match(5, 3)
    state = match.state
    state.roles = ["lobbyist", "ecologist", "ecologist", "dollar", "ecologist"]
    state.secrets[0] = ((state.turn, "drew", ("lob", "lob", "climate")),
                        (state.turn, "handed", ("lob", "lob")))
    state.phase, state.president, state.drawn = "claim_president", 0, ["lob", "lob", "climate"]
    state._public = None
    state._refresh()
    legal = state.legal_actions(0)
    assert legal == ["claim:none", "claim:lob0", "claim:lob1", "claim:lob2", "claim:lob3"]
    assert bot.choose(state.observation(0), legal) == "claim:lob3"
    state.roles[0] = ECOLOGIST
    assert bot.choose(state.observation(0), legal) == "claim:lob2"


def test_normal_bot_reads_only_its_observation() -> None:
    """The bot's input is the observation: it holds the seat's own role and nothing else."""
    match = normal_match(7, 5)
    obs = match.state.observation(2)
    assert isinstance(obs, Observation) and obs.public.roles is None
    assert set(suspicion(obs)) == set(range(7))
    assert obs.role == match.state.roles[2]


@pytest.mark.parametrize("players", [5, 7])
def test_normal_beats_random_for_either_camp(players: int) -> None:
    """Normal-bot ecologists beat random lobbyists more often than random ecologists do, and
    normal-bot lobbyists beat random ecologists more often than random lobbyists do (a gap
    of about 0.07 at 7 players: 300 games keep the noise under it)."""
    games = 300

    def eco_rate(eco: str, lob: str) -> float:
        report = simulate(SPEC, players=players, games=games, seed=500,
                          camp_levels={"ecologists": eco, "lobbyists": lob})
        return report.camp_wins["ecologists"] / games

    base = eco_rate("random", "random")
    assert eco_rate("normal", "random") > base + 0.25
    assert eco_rate("random", "normal") < base - 0.03


@pytest.mark.rule("PN-19")
def test_pn19_bots_weigh_claims() -> None:
    """A claim moves suspicion: "X is a lobbyist" from a trusted President raises X; a
    Secretary-General who enacted a lobbyist tile while claiming an ecological one is caught."""
    state = rig(new(7), [E, "lobbyist", E, "dollar", E, "lobbyist", E],
                top=["lob", "lob", "climate"])
    before = suspicion(state.observation(6))
    elect(state, 2)
    act(state, 0, "discard:lob")
    act(state, 2, "enact:lob")
    act(state, 0, "claim:lob2")
    act(state, 2, "claim:lob1")  # "I had an ecological tile" - and enacted the other
    after = suspicion(state.observation(6))
    assert after[2] - after[0] > 1.0 and after[2] > before[2]
    state.record = (*state.record, (state.turn, "claim_role", 4, 5, "lobbyist"))
    state._public = None
    assert suspicion(state.observation(6))[5] > after[5] + 1.0


def test_two_players_know_each_other_camp() -> None:
    """At 2 players every pile deals one ecologist and one lobbyist: each knows the other."""
    match = normal_match(2, 4)
    sus = suspicion(match.state.observation(0))
    lobbyist = match.state.roles[0] != ECOLOGIST
    assert (sus[1] < -5) == lobbyist and (sus[1] > 5) == (not lobbyist)
