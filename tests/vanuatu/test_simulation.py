"""Random games at 3 to 5 players, with and without the rising waters: invariants after every
step, hidden information, replay determinism."""

from __future__ import annotations

import random

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out, simulate
from a11y_games.games.vanuatu import SPEC, data
from a11y_games.games.vanuatu.board import Island, Sea
from a11y_games.games.vanuatu.state import VanuatuState

GAMES = 200


def check(state: VanuatuState) -> None:
    """Conservation and bounds that hold after every step (one pass over the map)."""
    arch = state.archipelago
    n = len(state.players)
    goods = dict(state.reserve)
    for ship in state.ships:
        for good in ship.loaded:
            goods[good] += 1
    huts = [0] * n
    dikes = tourists = submerged = 0
    for space, tile in enumerate(arch.tiles):
        if isinstance(tile, Sea):
            assert 0 <= tile.fish <= 3 and 0 <= tile.treasure <= 3
        elif isinstance(tile, Island):
            for good, count in tile.goods.items():
                goods[good] += count
            for owner in tile.huts:
                huts[owner] += 1
            dikes += len(tile.dikes)
            tourists += tile.tourists
            assert 0 <= tile.water <= data.SUBMERGE_AT
            assert tile.submerged == (tile.water == data.SUBMERGE_AT)
            if tile.submerged:
                submerged += 1
                assert not tile.huts and not tile.dikes and not tile.drawings
                assert tile.tourists == 0 and tile.goods_total() == 0
            assert len(tile.huts) <= tile.spec.huts
            assert len(tile.drawings) <= tile.spec.drawings
            assert tile.tourists <= tile.spec.capacity
            if tile.dikes:
                assert tile.dikes <= set(arch.sea_sides(space))
    assert goods == data.GOODS_STOCK  # goods: reserve + islands + ships
    assert state.dikes + dikes + state.dikes_lost == data.DIKES
    if not state.rising:
        assert state.dikes == data.DIKES and submerged == 0
    assert state.tourists_left + tourists + state.tourists_gone == state.tourists_revealed
    placed = [0] * n
    for counts in state.markers.values():
        for seat, c in enumerate(counts):
            assert c >= 0
            placed[seat] += c
    for seat, p in enumerate(state.players):
        assert p.huts + huts[seat] + p.huts_lost == data.HUTS
        assert p.vatu >= 0 and p.pp >= 0
        assert p.vatu < data.MONEY_PACKET  # 10 vatu never stay in hand
        assert isinstance(arch.tiles[p.boat], Sea)
        assert p.markers >= 0
        if state.phase == "planning":
            assert p.markers + placed[seat] == data.MARKERS
        else:
            assert placed[seat] <= data.MARKERS
    assert data.FISH_PRICE_MIN <= state.fish_price <= data.FISH_PRICE_START
    assert (submerged >= data.SUBMERGED_LOSS) == state.lost_to_sea


@pytest.mark.parametrize("rising", ["on", "off"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_invariants(players: int, rising: str) -> None:
    report = simulate(SPEC, players=players, games=GAMES, seed=1000 * players,
                      options={"rising_waters": rising}, check=check)
    assert report.games == GAMES and report.unfinished == 0
    if rising == "off":
        assert sum(report.seat_wins.values()) >= GAMES  # every game has a winner


@pytest.mark.parametrize("rising", ["on", "off"])
def test_normal_bots_finish_games_with_invariants(rising: str) -> None:
    report = simulate(SPEC, players=4, games=20, seed=77, levels="normal",
                      options={"rising_waters": rising}, check=check)
    assert report.unfinished == 0


def _public(obs: dict) -> dict:
    out = dict(obs)
    out["board"] = obs["board"].tiles
    return out


def test_hidden_information_rest_tokens_and_stacks() -> None:
    """A seat never sees another's rest token before the round ends, nor face-down tiles."""
    for seed in range(12):
        match = Match(SPEC, SPEC.settings(4, seed), [
            SeatSpec("bot", level="random", name_index=i) for i in range(4)])

        def probe(state: VanuatuState) -> None:
            for seat in range(4):
                obs = state.observation(seat)
                assert obs["rest"] == state.players[seat].rest
                # a copy of the map as it is now, never the map itself
                assert obs["board"].tiles == state.archipelago.tiles
                assert all(a is not b or a is None for a, b in zip(
                    obs["board"].tiles, state.archipelago.tiles, strict=True))
                for hidden in ("stacks_of_tiles", "tourist_tiles", "ship_deck", "rest_pool"):
                    assert hidden not in obs
                assert obs["revealed"] == state.revealed  # only tiles already face up
            for other, p in enumerate(state.players):
                if p.rest is None:
                    continue
                seat = (other + 1) % 4
                before = _public(state.observation(seat))
                saved = p.rest
                p.rest = "pp" if saved != "pp" else "vatu"
                after = _public(state.observation(seat))
                p.rest = saved
                assert before == after

        play_out(match, check=probe)
        for event in match.events:
            if event.msg.id == "vanuatu.rest.yours":
                assert event.visible_to == frozenset({event.cause})


def fingerprint(state: VanuatuState) -> tuple:
    return (state.round, state.phase, state.first, state.players, state.archipelago.tiles,
            state.markers, state.ships, state.reserve, state.winners, state.dikes,
            state.tourists_left, state.countdown)


@pytest.mark.parametrize("rising", ["on", "off"])
def test_replay_determinism(tmp_path, rising: str) -> None:
    for seed in (5, 6):
        seats = [SeatSpec("bot", level="normal", name_index=0),
                 SeatSpec("bot", level="random", name_index=1),
                 SeatSpec("bot", level="normal", name_index=2)]
        match = Match(SPEC, SPEC.settings(3, seed, {"rising_waters": rising}), seats)
        play_out(match)
        path = tmp_path / f"v{seed}.json"
        match.save(path)
        again = Match.load(path, {"vanuatu": SPEC})
        assert again.log == match.log
        assert fingerprint(again.state) == fingerprint(match.state)
        assert [(e.msg, e.visible_to, e.level) for e in again.events] == [
            (e.msg, e.visible_to, e.level) for e in match.events]


def test_same_seed_same_archipelago_other_seed_differs() -> None:
    def game(seed: int) -> list:
        match = Match(SPEC, SPEC.settings(4, seed), [
            SeatSpec("bot", level="random", name_index=i) for i in range(4)])
        play_out(match)
        return [type(t).__name__ for t in match.state.archipelago.tiles] + [
            t.name for t in match.state.archipelago.tiles if isinstance(t, Island)]

    assert game(3) == game(3)
    assert len({tuple(game(s)) for s in range(3, 9)}) > 1


def test_illegal_action_changes_nothing() -> None:
    state = SPEC.new_state(SPEC.settings(4, 1), random.Random(1))
    seat = state.pending().seats[0]
    before = (len(state.events), state.step)
    with pytest.raises(Exception):  # noqa: B017
        state.apply(seat, "plan:nowhere")
    with pytest.raises(Exception):  # noqa: B017
        state.apply((seat + 1) % 4, state.legal_actions(seat)[0])
    assert (len(state.events), state.step) == before
