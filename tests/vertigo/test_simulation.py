"""Random games at 2, 3 and 4 players: invariants after every step, secrets, replay."""

from __future__ import annotations

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out, simulate
from a11y_games.games.vertigo import SPEC
from a11y_games.games.vertigo.state import VertigoState
from a11y_games.i18n import Translator

GAMES = {2: 200, 3: 200, 4: 200}
"""Games per player count in the suite, each checked after every action: a 4-player game
with its checks takes about 0.1 s, so the counts fit about 12 s per configuration."""

VAULT_IN = {"vertigo.event.upkeep_vault": "vault", "vertigo.event.depolluted": "price",
            "vertigo.event.fined": "amount", "vertigo.event.out_money": "amount"}
VAULT_OUT = {"vertigo.event.bonus": "amount", "vertigo.event.subsidy": "amount"}


class Checker:
    """Invariants checked after every action of a game."""

    def __init__(self, state: VertigoState) -> None:
        self.vault = state.vault
        self.seen = len(state.events)
        self.total = state.total

    def __call__(self, state: VertigoState) -> None:  # type: ignore[override]
        errors = state.invariant_errors()
        assert not errors, errors
        assert state.total == self.total
        for event in state.events[self.seen:]:
            if event.msg.id == "vertigo.event.my_vote":
                assert event.visible_to == frozenset({event.cause})  # a vote stays secret
            if not event.visible(0):
                continue  # each fact once in each seat's log: the mover's and the others'
            key = VAULT_IN.get(event.msg.id)
            if key:
                self.vault += event.msg.params[key]
            key = VAULT_OUT.get(event.msg.id)
            if key:
                self.vault -= event.msg.params[key]
        self.seen = len(state.events)
        assert state.vault == self.vault, "the vault moved outside VG-29's sources"
        if state.phase == "vote":
            pending = state.pending()
            assert pending is not None
            assert set(pending.seats) == {s for s in state.vote_paths if s not in state.votes}
            for seat in range(state.n):
                obs = state.observation(seat)
                assert "votes" not in obs
                assert obs["my_vote_path"] == tuple(state.vote_paths.get(seat, ()))


def new_match(players: int, seed: int, level: str = "random") -> Match:
    return Match(SPEC, SPEC.settings(players, seed),
                 [SeatSpec("bot", level=level, name_index=i) for i in range(players)])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    """VG-03, VG-08, VG-09, VG-29: money conserved between safes, bank and vault (production
    and purchases go through the bank's ledger), stocks never exceeded, one pawn and one
    factory per province, every factory with its engineers, after every action."""
    ends = set()
    for n in range(GAMES[players]):
        match = new_match(players, 1000 * players + n)
        checker = Checker(match.state)  # type: ignore[arg-type]
        play_out(match, check=checker)
        outcome = match.state.outcome()
        assert outcome is not None
        ends.add(outcome.reason.params["reason"].id)
    assert "vertigo.end.coin" in ends


def test_replay_gives_identical_state_log_and_events(tmp_path) -> None:
    """Save, load: the same state, log and events; the same seed plays the same game."""
    match = new_match(3, 77)
    play_out(match)
    path = tmp_path / "vertigo.json"
    match.save(path)
    again = Match.load(path, {"vertigo": SPEC})
    assert again.log == match.log
    assert [(e.msg, e.visible_to, e.level) for e in again.events] == [
        (e.msg, e.visible_to, e.level) for e in match.events]
    a, b = match.state, again.state
    assert [c.snapshot() for c in a.countries] == [  # type: ignore[attr-defined]
        c.snapshot() for c in b.countries]  # type: ignore[attr-defined]
    assert (a.vault, a.bank, a.planet, a.turn) == (b.vault, b.bank, b.planet, b.turn)
    assert a.outcome() == b.outcome()
    twin = new_match(3, 77)
    play_out(twin)
    assert twin.log == match.log


def test_every_message_renders_in_both_languages() -> None:
    """Every prompt, label, event and summary met in play exists in English and French."""
    translators = [Translator("en"), Translator("fr")]
    missing: set[str] = set()

    def render(msgs) -> None:  # type: ignore[no-untyped-def]
        for tr in translators:
            for msg in msgs:
                text = tr.render(msg)
                if "vertigo." in text or "{" in text:
                    missing.add(msg.id)

    for seed in range(6):
        match = new_match(2 + seed % 3, seed)
        state = match.state
        steps = 0
        while state.pending() is not None:
            pending = state.pending()
            render([pending.prompt])
            seat = pending.seats[0]
            render([state.describe(seat, a) for a in state.legal_actions(seat)])
            if steps % 40 == 0:
                for s in range(state.n):
                    render(state.status(s) + state.board(s) + state.private(s))
                    for topic in ("right", "centre", "gauche", "bleu", "2", "1 left"):
                        render(state.board(s, topic))
                    for query in state.queries():
                        render(query.run(state, s, ""))
            match.act(seat, match.bot_choice(seat))
            steps += 1
        render([e.msg for e in state.events])
    assert not missing, sorted(missing)


@pytest.mark.parametrize("players", [2, 4])
def test_normal_bots_finish_games(players: int) -> None:
    report = simulate(SPEC, players=players, games=6, seed=5, levels=["normal", "random"])
    assert report.games == 6 and report.unfinished == 0
