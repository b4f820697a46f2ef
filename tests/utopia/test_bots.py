"""The normal bot: builds, steers the scale, blocks, and beats random."""

from __future__ import annotations

import random

from a11y_games.engine.simulate import simulate
from a11y_games.games.utopia import SPEC
from a11y_games.games.utopia.bots import NormalBot
from tests.utopia.helpers import CIV, empty_city, give, new_state, put, turn_of


def bot_plays(state, seat: int, steps: int = 8) -> list[str]:
    """Let the normal bot answer until its action is done; returns its choices."""
    bot = NormalBot(seat, random.Random(1))
    chosen = []
    for _ in range(steps):
        if state.current != seat:
            break
        action = bot.choose(state.observation(seat), state.legal_actions(seat))
        chosen.append(action)
        state.apply(seat, action)
        if not state.choice:
            break
    return chosen


def test_normal_builds_a_monument_when_it_can() -> None:
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "greek", 3)
    turn_of(state, 0)
    assert bot_plays(state, 0) == ["monument:gaia:greek"]


def test_normal_raises_the_civilisation_it_controls() -> None:
    state = empty_city(new_state(3))
    state.scale = [CIV[c] for c in ("maya", "persian", "egyptian", "greek", "chinese")]
    state.monuments = {"gaia": (0, CIV["maya"]), "pan": (0, CIV["maya"])}
    give(state, 0, maya=1)
    turn_of(state, 0)
    assert bot_plays(state, 0)[:3] == ["influence", "up:maya"]
    assert state.value(CIV["maya"]) == 2


def test_normal_puts_the_leader_civilisation_down() -> None:
    state = empty_city(new_state(3))
    state.scale = [CIV[c] for c in ("maya", "persian", "egyptian", "greek", "chinese")]
    state.monuments = {"gaia": (1, CIV["chinese"]), "pan": (1, CIV["chinese"]),
                       "etna": (1, CIV["chinese"])}
    state.scores = [10, 30, 5]
    give(state, 0, chinese=2)
    state.privileges[0] = 0
    turn_of(state, 0)
    assert bot_plays(state, 0)[:3] == ["influence", "down:chinese"]
    assert state.value(CIV["chinese"]) == 1


def test_normal_moves_to_take_a_district_an_opponent_threatens() -> None:
    state = empty_city(new_state(3))
    put(state, "cybele", 1, "persian", 2)  # an opponent is one prince away
    put(state, "cybele", 0, "greek", 2)
    put(state, "demeter", 0, "greek", 1)
    give(state, 0, greek=1)
    turn_of(state, 0)
    chosen = bot_plays(state, 0)
    assert chosen == ["move", "src:demeter:greek", "to:cybele"]
    assert "monument:cybele:greek" in state.legal_actions(0)


def test_normal_beats_random() -> None:
    report = simulate(SPEC, players=3, games=12, seed=3, levels=["normal", "random", "random"])
    assert report.unfinished == 0
    assert report.level_wins["normal"] >= 9, report.level_wins


def test_normal_moves_to_complete_a_wonder() -> None:
    state = empty_city(new_state(3))
    for district, civ in (("hephaistos", "maya"), ("promethee", "persian"),
                          ("vesta", "egyptian"), ("etna", "greek")):
        put(state, district, 0, civ)
    put(state, "rhea", 0, "chinese")  # Rhéa (Earth) has a bridge to Phénix (Fire)
    give(state, 0, chinese=1)
    turn_of(state, 0)
    assert bot_plays(state, 0) == ["move", "src:rhea:chinese", "to:phenix"]
    assert bot_plays(state, 0) == ["wonder:fire"]
    assert state.scores[0] == 6


# --- the flaws seen in play (issue 14) ---------------------------------------------------------
def test_raising_a_civilisation_pays_before_any_monument_is_built() -> None:
    """Princes gathering in a district will make a monument: raising their civilisation on
    the scale is worth something already (the bot saw no use in influence before the
    first monument, and passed its first turns)."""
    state = empty_city(new_state(3, 2))
    me = state.order[0] if state.order else 0
    put(state, "gaia", me, "maya", 2)
    view = state.observation(me)
    bot = NormalBot(me, random.Random(0))
    scale = list(view.scale)
    maya = CIV["maya"]
    if scale.index(maya) == len(scale) - 1:  # already on top: lower it instead
        scale.remove(maya)
        scale.insert(0, maya)
        assert bot._scale_gain(view, scale) < 0
    else:
        scale.remove(maya)
        scale.insert(scale.index(scale[-1]) + 1, maya)
        assert bot._scale_gain(view, scale) > 0

