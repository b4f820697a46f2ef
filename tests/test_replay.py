"""A finished game played back from one seat shows at each step exactly what that seat
knew then: the live game's own lines for it, its own summaries, and nobody else's secret."""

from __future__ import annotations

import io
import random

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.replay import Replay
from a11y_games.games import all_specs
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import Writer

SPECS = all_specs()
GAMES = [("pnue", 5), ("pnue", 7), ("pnue", 10), ("vertigo", 4), ("utopia", 4),
         ("vanuatu", 4)]


def bots_game(game: str, players: int, seed: int = 3) -> Match:
    spec = SPECS[game]
    match = Match(spec, spec.settings(players, seed), [
        SeatSpec("bot", level="normal" if seat % 2 else "random", name_index=seat)
        for seat in range(players)])
    match.play_bots()
    assert match.state.outcome() is not None
    return match


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_step_shows_the_seat_its_own_view_and_no_other_secret(
        game: str, players: int) -> None:
    """Each seat (and a spectator) replayed step by step beside the live game rebuilt to the
    same point: the transcript is exactly the events the seat could see, its summaries are
    the live ones, and no event secret to other seats is ever in it."""
    match = bots_game(game, players)
    spec = match.spec
    for seat in [*range(players), None]:
        replay = Replay(spec, match.settings, match.log, seat)
        live = Match(spec, match.settings, [SeatSpec("human")] * players)
        for index in range(len(replay.steps)):
            told = replay.go(index)
            assert told or index == 0
            while len(live.log) < replay.step.position:
                live.act(*match.log[len(live.log)])
            seen = replay.transcript()
            assert seen == [e for e in live.events if e.visible(seat)]
            assert not [e for e in seen if e.secret and seat not in e.visible_to]  # type: ignore[operator]
            state = replay.state()
            assert state.status(seat) == live.state.status(seat)
            assert state.board(seat, "") == live.state.board(seat, "")
            if seat is not None:
                assert state.private(seat) == live.state.private(seat)
            if game == "pnue":  # roles are told at the end, never before
                revealed = [e for e in seen if e.msg.id == "pnue.end.reveal"]
                assert len(revealed) == (players if live.state.outcome() else 0)
        assert replay.at_end and replay.state().outcome() is not None


class _Player:
    """Ana at seat 0 types a choice offered (never back) and notes, at each question, the
    transcript the live client holds for her."""

    interactive = False

    def __init__(self) -> None:
        self.client: Client | None = None
        self.rng = random.Random(1)
        self.seen: list[tuple[int, list]] = []

    def read(self, prompt: str) -> str:
        client = self.client
        assert client is not None
        self.seen.append((client.table.log_length, list(client.transcripts[0])))
        mine = client._my_turn()
        if mine is None or len(self.seen) > 600:
            raise EOFError
        if mine[1].race:
            return ""
        keys = [k for k, _, _ in client.keyed_choices(mine[0])]
        return self.rng.choice([k for k in keys if k != "0"] or keys)


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("game", "players"), [("pnue", 5), ("vertigo", 3), ("utopia", 3),
                                               ("vanuatu", 3)])
def test_a_replay_moved_forward_and_back_equals_the_live_transcript(
        game: str, players: int) -> None:
    spec = SPECS[game]
    match = Match(spec, spec.settings(players, 11), [SeatSpec("human", "Ana")] + [
        SeatSpec("bot", level="random", name_index=i) for i in range(1, players)])
    player = _Player()
    client = Client(match, reader=player, writer=Writer(io.StringIO()), lang="en")
    player.client = client
    client.run()
    assert match.state.outcome() is not None, "the scripted game ended"
    replay = Replay(spec, match.settings, match.log, 0)

    def step_at(position: int) -> int:
        return max(i for i, step in enumerate(replay.steps) if step.position <= position)

    for position, transcript in player.seen:  # forward
        replay.go(step_at(position))
        assert replay.transcript() == transcript
    replay.go(len(replay.steps) - 1)
    assert replay.transcript() == client.transcripts[0]
    for position, transcript in reversed(player.seen):  # and back, from the end
        target = step_at(position)
        while replay.index > target:
            replay.go(replay.index - 1)
        assert replay.transcript() == transcript
