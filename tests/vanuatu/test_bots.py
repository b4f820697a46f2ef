"""The normal bot: better than random, dikes when islands are at risk, quick."""

from __future__ import annotations

import random

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out, simulate
from a11y_games.games.vanuatu import SPEC
from a11y_games.games.vanuatu.bots import NormalBot
from tests.vanuatu.helpers import S, acting, new, play, put_sea, reset_caches


def test_normal_beats_random_without_rising_waters() -> None:
    report = simulate(SPEC, players=3, games=30, seed=5, levels=["normal", "random", "random"],
                      options={"rising_waters": "off"})
    assert report.level_wins["normal"] >= 18  # a third would be chance


def drowned(level: str, games: int) -> int:
    lost = 0
    for seed in range(games):
        match = Match(SPEC, SPEC.settings(4, seed), [
            SeatSpec("bot", level=level, name_index=i) for i in range(4)])
        play_out(match)
        lost += match.state.lost_to_sea
    return lost


def test_normal_table_survives_the_sea_more_often_than_random() -> None:
    assert drowned("random", 20) >= 18  # a random table nearly always drowns
    assert drowned("normal", 20) <= 14


def test_normal_builds_a_dike_on_an_island_at_risk() -> None:
    state = new()
    seat = state.order[0]
    efate = state.archipelago.island(S["B3"])
    efate.water = 3  # the next rise drowns it
    efate.huts.append(seat)
    state.players[seat].huts -= 1
    state.countdown = 2
    acting(state, seat, "build", boat="C3")
    state.players[seat].vatu = 4
    play(state, "act:build")
    bot = NormalBot(seat, random.Random(1))
    choice = bot.choose(state.observation(seat), state.legal_actions(seat))
    if choice.startswith("hut:") or choice == "nohut":
        play(state, choice)
        choice = bot.choose(state.observation(seat), state.legal_actions(seat))
    assert choice.startswith("dike:B3:")


def test_normal_bot_spends_a_power_only_where_it_gains_more_than_it_keeps() -> None:
    """The Fisherman keeps the power for one fish and spends it on three; the Navigator
    pays a one-space sail and sails two spaces free."""
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "fish", character="fisherman", boat="C4")
    bot = NormalBot(seat, random.Random(1))
    state.archipelago.sea(S["C4"]).fish = 1
    legal = state.legal_actions(seat)
    assert {"act:fish", "act:fish:power"} <= set(legal)
    assert bot.choose(state.observation(seat), legal) == "act:fish"
    state.archipelago.sea(S["C4"]).fish = 3
    reset_caches(state)
    assert bot.choose(state.observation(seat), state.legal_actions(seat)) == "act:fish:power"
    state = new(rising=False)
    for code, space in S.items():  # open sea all around: seas 1 to 3 spaces away
        if state.archipelago.tiles[space] is None:
            put_sea(state, code)
    acting(state, seat, "sail", character="navigator", boat="C3")
    state.players[seat].vatu = 5
    play(state, "act:sail")
    bot = NormalBot(seat, random.Random(1))
    obs = state.observation(seat)
    steps = state.archipelago.reach(S["C3"])
    for action in state.legal_actions(seat):
        if action == "back":
            continue
        code = action.split(":")[1]
        other = f"sail:{code}" if action.endswith(":power") else f"sail:{code}:power"
        pick = bot.choose(obs, [action, other])
        assert pick.endswith(":power") == (steps[S[code]] >= 2), (action, pick)
    assert {1, 2} <= set(steps.values())
