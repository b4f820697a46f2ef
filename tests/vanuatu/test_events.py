"""Events as they are said: one idea a line, each fitting a 40-cell braille display."""

from __future__ import annotations

import pytest

from a11y_games.engine import Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.games.vanuatu import SPEC
from a11y_games.i18n import Translator
from tests.vanuatu.helpers import acting, new, play, put_island
from tests.widths import fits

BRAILLE = 40

TABLES = [(players, rising) for players in (2, 3, 4, 5) for rising in ("on", "off")]
"""Every player count, with and without La montée des eaux."""


def _games(players: int, rising: str) -> list[Match]:
    """Three random games and one normal game at this table, played out."""
    matches = []
    for seed, level in ((1, "random"), (2, "random"), (3, "random"), (4, "normal")):
        match = Match(SPEC, SPEC.settings(players, seed, {"rising_waters": rising}), [
            SeatSpec("bot", level=level, name_index=i) for i in range(players)])
        play_out(match)
        matches.append(match)
    return matches


@pytest.fixture(scope="module")
def played() -> list[Match]:
    return [m for players, rising in TABLES for m in _games(players, rising)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_events_fit_40_cells(played: list[Match], lang: str) -> None:
    """Every event of random and normal games, at 2 to 5 players, with and without the
    rising waters, fits a braille line once rendered with the bots' names, and with the
    default names ("Player 2", "Joueur 2"). Only a list may be longer: it is one whole
    sentence, never cut in two (a braille display pans it)."""
    too_long: dict[str, str] = {}
    said = 0
    for match in played:
        for tr in (Translator(lang, names=match.seat_name), Translator(lang)):
            for event in match.events:
                text = tr.render(event.msg)
                said += 1
                if not fits(event.msg, text):
                    too_long.setdefault(event.msg.id, text)
    assert said > 1000
    assert not too_long, too_long


def _said(state, mark: int, lang: str = "en") -> list[tuple[str, Verbosity]]:
    tr = Translator(lang)
    return [(tr.render(e.msg), e.level) for e in state.events[mark:]]


def test_a_dike_is_said_in_three_lines_the_island_first() -> None:
    """Who builds where, then the side, then the cost: one idea a line."""
    state = new()
    seat = state.order[0]
    acting(state, seat, "build", boat="C3")
    state.players[seat].huts = 0  # no hut to build: straight to the dike
    mark = len(state.events)
    play(state, "act:build")
    play(state, "dike:B3:4")
    lines = [text for text, _ in _said(state, mark)]
    i = lines.index(f"Player {seat + 1} builds a dike on Efate.")
    assert lines[i + 1:i + 3] == ["Side: west.", "Cost: 1 vatu."]
    fr = [text for text, _ in _said(state, mark, "fr")]
    i = fr.index(f"Joueur {seat + 1} bâtit une digue à Efate.")
    assert fr[i + 1:i + 3] == ["Côté ouest.", "Coût : 1 vatu."]


def test_a_majority_then_its_size_as_a_detail() -> None:
    """The majority and its size are details (full): the action's line names its player;
    the sail's length and cost are a detail too."""
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "sail", boat="C3", markers=3)
    mark = len(state.events)
    play(state, "act:sail")
    play(state, "sail:C4")
    said = _said(state, mark)
    i = said.index((f"Player {seat + 1} wins Sail.", Verbosity.FULL))
    assert said[i + 1] == ("Majority of 3 markers.", Verbosity.FULL)
    assert said[i + 2] == (f"Player {seat + 1} sails to C4.", Verbosity.NORMAL)
    assert said[i + 3] == ("1 space, 1 vatu.", Verbosity.FULL)  # a detail, as every cost


def test_split_events_keep_who_sees_them_and_their_cause() -> None:
    """The detail lines of an event share its visibility and cause, and inform too."""
    state = new()
    seat = state.order[0]
    put_island(state, "C2")
    acting(state, seat, "export", boat="C3")
    mark = len(state.events)
    play(state, "act:export")
    play(state, state.legal_actions(seat)[0])
    events = state.events[mark:]
    ids = [e.msg.id for e in events]
    i = ids.index("vanuatu.export.bought")
    assert ids[i + 1] == "vanuatu.cost"
    assert ids[:2] == ["vanuatu.turn.majority", "vanuatu.turn.majority_count"]
    for e in events[:2] + events[i:i + 2]:
        assert e.cause == seat and e.visible_to is None and e.informs


def test_offered_characters_in_one_sentence() -> None:
    """With two players, the 5 characters offered are one whole sentence (VA-60), never
    cut in two with "Also: ..." lines."""
    match = Match(SPEC, SPEC.settings(2, 1), [
        SeatSpec("bot", level="random", name_index=i) for i in range(2)])
    lines = Translator("en").render_all([
        e.msg for e in match.events if e.msg.id == "vanuatu.character.offered"])
    assert len(lines) == 1 and lines[0].startswith("Offered: ")
    assert lines[0].count(",") == 4 and lines[0].endswith(".")


def test_shared_events_are_built_once_and_equal_to_fresh_ones() -> None:
    """The frequent announcements are shared values, equal to freshly built events."""
    from a11y_games.engine import Event, Msg, PlayerRef
    from a11y_games.games.vanuatu import events as said

    assert said.planned(2, "draw", 3) is said.planned(2, "draw", 3)
    msg = Msg("vanuatu.plan.placed", player=PlayerRef(2), action=Msg("vanuatu.action.draw"),
              count=3)
    # a detail: its player hears the pass in one sentence, the others the planning's end
    assert said.planned(2, "draw", 3) == Event(msg, None, Verbosity.FULL, 2)
    assert said.rest_yours(1, "pp").visible_to == frozenset({1})
    assert said.character_returned(0, "guide").informs is False


@pytest.mark.rule("VA-10")
def test_a_round_starts_with_its_number_then_the_first_player() -> None:
    """One line, the round first (the line ``log round N`` finds), then who plays first;
    each said again on its own line, a detail."""
    state = new(seed=2)
    msgs = [e.msg for e in state.events]
    k = [m.id for m in msgs].index("vanuatu.round.header")
    assert msgs[k].params["round"] == 1
    lines = Translator("en").render_all(msgs[k:k + 3])
    assert lines == [f"Round 1 of 8: Player {state.first + 1} first.",
                     "Round 1 of 8.", f"First player: Player {state.first + 1}."]
    assert state.events[k].level == Verbosity.BRIEF
    assert state.events[k + 1].level == state.events[k + 2].level == Verbosity.FULL


def test_french_lines_read_as_french_sentences() -> None:
    """A treasure is sold *for* its price, the boat sails to a space, a tile is laid."""
    from a11y_games.engine import Msg, PlayerRef

    tr = Translator("fr", names=lambda s: "Ifira")
    ana = PlayerRef(0)
    sea = Msg("vanuatu.space.sea", code="C4")
    assert tr.render(Msg("vanuatu.treasure.sold", player=ana, count=2)) == (
        "Ifira vend un trésor : 2 vatu.")
    assert tr.render(Msg("vanuatu.sail.done", player=ana, place="C4")) == (
        "Ifira navigue vers C4.")
    assert tr.render(Msg("vanuatu.tile.placed", player=ana, tile=sea)) == "Ifira pose : mer C4."
