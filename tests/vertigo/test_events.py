"""What the table hears as the game goes: one idea a line, each fitting a braille display."""

from __future__ import annotations

import itertools

import pytest

from a11y_games.engine import Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.games.vertigo import SPEC
from a11y_games.i18n import Translator

DETAILS = ("vertigo.event.at", "vertigo.event.region_pollution",
           "vertigo.event.owner_places", "vertigo.event.no_room",
           "vertigo.event.engineers_lost",
           "vertigo.event.upkeep_vault", "vertigo.event.out_money", "vertigo.event.cannot_win")
"""Lines that only carry the detail of the line before them."""


def games() -> list[Match]:
    """Random and normal bots, 3 seeds each, at 2, 3 and 4 players, played to the end."""
    matches = []
    for players in (2, 3, 4):
        for seed in range(3):
            for level in ("random", "normal"):
                match = Match(SPEC, SPEC.settings(players, 100 * players + seed),
                              [SeatSpec("bot", level=level, name_index=i + 2 * seed)
                               for i in range(players)])  # every bot name, Nimbus included
                play_out(match)
                matches.append(match)
    return matches


SUMMARIES = {"vertigo.event.managed", "vertigo.event.pollution_by", "vertigo.event.places_by",
             "vertigo.event.pollution_none", "vertigo.event.forced_by",
             "vertigo.event.production_all", "vertigo.event.cleanup_by", "vertigo.event.votes",
             "vertigo.event.marker_on", "vertigo.event.marker_mine", "vertigo.event.fines",
             "vertigo.event.subsidies",
             # one move whole: what, where, what it cost (issue 13: no detail lines)
             "vertigo.event.bought_student", "vertigo.event.built", "vertigo.event.transformed",
             "vertigo.event.depolluted", "vertigo.event.population",
             "vertigo.event.people_moved", "vertigo.event.trained",
             "vertigo.event.dropped_student", "vertigo.event.factory_destroyed",
             "vertigo.event.diplomat", "vertigo.event.student_moved", "vertigo.event.cleaned",
             "vertigo.event.wiped", "vertigo.event.roll", "vertigo.event.roll_more",
             "vertigo.event.bought_student_more",
             "vertigo.event.arrow_owner",
             "vertigo.event.law_passed", "vertigo.event.law_failed", "vertigo.event.first",
             "vertigo.event.setup_order"}
"""Announcements that say one move whole or sum up several in one sentence, which may pass
40 cells."""


@pytest.fixture(scope="module")
def played() -> list[Match]:
    return games()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_events_fit_40_cells(played: list[Match], lang: str) -> None:
    """Every announcement of real games fits a 40-cell display, in English and French; a
    law's text and a summary (a turn, a roller, a production in one sentence) are one whole
    sentence, never cut in two (a display pans it)."""
    checked = 0
    for match in played:
        tr = Translator(lang, names=match.seat_name)
        for event in match.events:
            for line in tr.render_all([event.msg]):
                whole = (event.msg.id.startswith("vertigo.law.") or event.msg.id in SUMMARIES
                         ) and line.endswith(".")
                assert len(line) <= 40 or whole, (event.msg.id, line)
                checked += 1
    assert checked > 15_000  # (normal bots that keep their factories make shorter logs)


def test_a_detail_line_keeps_the_audience_and_cause_of_its_key_fact(played: list[Match]) -> None:
    """A split announcement stays one event's worth: same cause, seen by the same seats, and
    never quieter than needed (a detail is at its key fact's level, or FULL)."""
    seen = set()
    for match in played:
        before = match.events[0]
        for event in match.events:
            if event.msg.id not in DETAILS:
                before = event  # the key fact the next detail lines belong to
                continue
            seen.add(event.msg.id)
            assert event.cause == before.cause, event.msg.id
            assert event.visible_to == before.visible_to, event.msg.id
            assert event.informs == before.informs, event.msg.id
            assert event.level in (before.level, Verbosity.FULL), event.msg.id
    assert {"vertigo.event.at", "vertigo.event.region_pollution"} <= seen



def test_a_roller_with_two_sources_in_a_region_never_hears_the_same_roll_line_twice(
        played: list[Match]) -> None:
    """VG-20: one roll per source. Two sources in a region said "Ana rolls sun for the
    right region." twice, as if repeated by mistake; every roll but a region's last now
    says how many are still to come there ("...; 1 more roll there.")."""
    tr = Translator("en")
    seen = 0
    for match in played:
        rolls, phase = [], 0  # the roller's own lines (each roll once), by phase
        for e in match.events:
            phase += e.msg.id == "vertigo.event.phase_pollution"
            if e.msg.id.startswith("vertigo.event.roll") and e.level == Verbosity.BRIEF:
                rolls.append((phase, e))
        for (phase, before), (then, after) in itertools.pairwise(rolls):
            if phase == then and before.msg.params["region"] == after.msg.params["region"] \
                    and before.msg.params["player"] == after.msg.params["player"]:
                assert before.msg.id == "vertigo.event.roll_more", tr.render(before.msg)
                assert tr.render(before.msg) != tr.render(after.msg)
                seen += 1
    assert seen > 20
