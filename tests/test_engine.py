"""The shared engine: matches, replay, saves, undo, hidden information."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from a11y_games.engine import IllegalAction
from a11y_games.engine.actions import BACK
from a11y_games.engine.bots import ForwardRandomBot, RandomBot
from a11y_games.engine.match import Match, SaveError, SeatSpec, UndoRefused
from a11y_games.engine.simulate import play_out, simulate
from a11y_games.engine.spec import OptionError
from tests.toygame import SPEC

SPECS = {"toy": SPEC}


def new_match(seed: int = 1, seats: list[SeatSpec] | None = None) -> Match:
    seats = seats or [SeatSpec("human", "Ana"), SeatSpec("bot", level="random")]
    return Match(SPEC, SPEC.settings(2, seed), seats)


def test_illegal_action_changes_nothing() -> None:
    match = new_match()
    before = (match.state.sticks, list(match.log), len(match.events))
    with pytest.raises(IllegalAction):
        match.act(0, "take:9")
    with pytest.raises(IllegalAction):
        match.act(1, "take:1")  # not seat 1's turn
    assert (match.state.sticks, match.log, len(match.events)) == before


def test_settings_refuse_unknown_options_and_counts() -> None:
    with pytest.raises(OptionError):
        SPEC.settings(3, 1)
    with pytest.raises(OptionError):
        SPEC.settings(2, 1, {"colour": "red"})
    with pytest.raises(OptionError):
        SPEC.settings(2, 1, {"sticks": "8"})
    assert SPEC.settings(2, 1).options == {"sticks": "7"}


def test_replay_rebuilds_identical_state(tmp_path) -> None:
    match = new_match(seed=42, seats=[SeatSpec("bot", level="random"),
                                      SeatSpec("bot", level="random")])
    play_out(match)
    path = tmp_path / "game.json"
    match.save(path)
    again = Match.load(path, SPECS)
    assert again.log == match.log
    assert again.state.cards == match.state.cards
    assert again.state.winner == match.state.winner
    assert [e.msg for e in again.events] == [e.msg for e in match.events]


def test_same_seed_same_game_different_seed_differs() -> None:
    cards = {tuple(new_match(seed=s).state.cards) for s in (1, 1)}
    assert len(cards) == 1
    assert new_match(seed=1).state.cards != new_match(seed=2).state.cards


def test_bad_save_never_replaces_good_one(tmp_path) -> None:
    match = new_match()
    match.act(0, "take:2")
    path = tmp_path / "s.json"
    match.save(path)
    good = path.read_text()
    blocked = tmp_path / "dir"
    blocked.mkdir()
    with pytest.raises(SaveError):
        match.save(blocked)  # a folder cannot be replaced by a file
    assert path.read_text() == good
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_name_with_an_escape_sequence_never_reaches_the_screen(tmp_path) -> None:
    """A hand-made save (or ``--names``) with control characters in a name: they become
    spaces, so no escape sequence is written to the terminal, speech or braille."""
    match = new_match()
    path = tmp_path / "s.json"
    match.save(path)
    data = json.loads(path.read_text())
    data["seats"][0]["name"] = "Ana\x1b[2J\x07 \n Bo"
    path.write_text(json.dumps(data))
    loaded = Match.load(path, {"toy": SPEC})
    assert loaded.seat_name(0) == "Ana [2J Bo"
    assert SeatSpec("human", "  Ana\tBo ").name == "Ana Bo"


@pytest.mark.parametrize("content", ["", "{", "[]", '{"format": 1}', '{"format": 9}',
                                     json.dumps({"format": 1, "settings": {"game": "toy",
                                     "players": 2, "seed": 1}, "seats": [{"kind": "human"},
                                     {"kind": "bot"}], "log": [[1, "take:1"]]})])
def test_corrupt_saves_are_refused_clearly(tmp_path, content) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError) as info:
        Match.load(path, SPECS)
    assert info.value.msg.id.startswith("core.save.")


def test_undo_own_decision_against_bot() -> None:
    match = new_match()
    match.act(0, "take:1")
    match.undo(0)
    assert match.state.sticks == 7 and match.log == []
    with pytest.raises(UndoRefused):
        match.undo(0)


def test_undo_refused_after_learning() -> None:
    match = new_match()
    match.act(0, "take:1")
    match.act(1, "take:1")  # an informing event? no: toy echoes are not informing
    match.act(0, "take:3")
    match.act(1, "take:2")  # bot takes the last: the win is news
    with pytest.raises(UndoRefused) as info:
        match.undo(0)
    assert info.value.msg.id == "core.undo.learnt"


def test_undo_refused_after_another_human() -> None:
    match = new_match(seats=[SeatSpec("human", "A"), SeatSpec("human", "B")])
    match.act(0, "take:1")
    match.act(1, "take:1")
    with pytest.raises(UndoRefused) as info:
        match.undo(0)
    assert info.value.msg.id == "core.undo.other_human"


def test_private_events_are_visible_to_their_seat_only() -> None:
    match = new_match()
    deals = [e for e in match.events if e.msg.id == "toy.card"]
    assert [sorted(e.visible_to or ()) for e in deals] == [[0], [1]]
    assert deals[0].visible(0) and not deals[0].visible(1) and not deals[0].visible(None)


def test_simulation_reports_every_game() -> None:
    report = simulate(SPEC, players=2, games=50, seed=3)
    assert report.games == 50 and report.unfinished == 0
    assert sum(report.seat_wins.values()) == 50


def test_a_save_from_older_rules_is_refused_with_its_reason(tmp_path) -> None:
    """A save records its game's rules version: after a change that replays logs differently
    (Utopia 2 draws guests another way) an old save is refused, never replayed into
    another game."""
    from dataclasses import replace

    from a11y_games.games.utopia import SPEC as UTOPIA

    match = new_match()
    match.act(0, "take:2")
    path = tmp_path / "s.json"
    match.save(path)
    assert json.loads(path.read_text())["rules"] == 1
    newer = {"toy": replace(SPECS["toy"], rules_version=2)}
    with pytest.raises(SaveError) as info:
        Match.load(path, newer)
    assert info.value.msg.id == "core.save.old_rules"
    assert Match.load(path, SPECS).log == [(0, "take:2")]
    old = Match(UTOPIA, UTOPIA.settings(3, 1), [SeatSpec("bot", level="random")] * 3).to_json()
    del old["rules"]  # written before saves had a rules version
    with pytest.raises(SaveError) as info:
        Match.from_json(old, {"utopia": UTOPIA})
    assert info.value.msg.id == "core.save.old_rules"


def test_random_bot_draws_as_random_choice_does() -> None:
    """The same seed gives the same answers as ``random.choice`` (saved seeds keep working)."""
    menus = [["a"], ["a", "b"], ["a", "b", "c"], [str(i) for i in range(9)], ["x", "back"]]
    bot, rng = RandomBot(0, random.Random(7)), random.Random(7)
    for _ in range(200):
        for legal in menus:
            assert bot.choose(None, legal) == rng.choice(legal)


def test_forward_random_bot_goes_back_only_when_nothing_else_is_offered() -> None:
    bot = ForwardRandomBot(0, random.Random(3))
    answers = Counter(bot.choose(None, ["a", "b", BACK]) for _ in range(600))
    assert set(answers) == {"a", "b"}
    assert min(answers.values()) > 200  # still uniform over the others
    assert bot.choose(None, [BACK]) == BACK
    wanderer = RandomBot(0, random.Random(3))
    assert BACK in {wanderer.choose(None, ["a", "b", BACK]) for _ in range(100)}
    for player in (bot, wanderer):  # nothing legal: a clear error, never a hang
        with pytest.raises(IndexError, match="no legal action"):
            player.choose(None, [])
