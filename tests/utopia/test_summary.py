"""What a player hears: the city queries, status, labels; lines fit a 40-cell display."""

from __future__ import annotations

import pytest

from a11y_games.engine import Msg, PlayerRef
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.engine.state import UnknownTopic
from a11y_games.games.utopia import SPEC
from a11y_games.games.utopia.data import DISTRICTS, ISLANDS
from a11y_games.i18n import Translator
from tests.utopia.helpers import CIV, empty_city, give, new_state, put, turn_of
from tests.widths import fits

LANGS = ("en", "fr")


def mid_game(players: int = 4, seed: int = 3, steps: int = 700) -> Match:
    match = Match(SPEC, SPEC.settings(players, seed),
                  [SeatSpec("bot", level="random", name_index=i) for i in range(players)])
    for _ in range(steps):
        pending = match.state.pending()
        if pending is None:
            break
        seat = pending.seats[0]
        match.act(seat, match.bot_choice(seat))
    return match


def run(state, name: str, argument: str = "", seat: int | None = 0):
    query = {q.name: q for q in state.queries()}[name]
    return query.run(state, seat, argument)


def text(match: Match, lang: str, msgs) -> list[str]:
    return Translator(lang, names=match.seat_name).render_all(msgs)


def test_map_describes_every_island_district_sector_and_bridge() -> None:
    match = mid_game()
    lines = text(match, "en", run(match.state, "map"))
    joined = "\n".join(lines)
    for district in DISTRICTS.values():
        assert district.name in joined
    assert "Etna, value 4, sea South." in lines
    assert "Bridge: Calypso to Héphaïstos (Fire)" in lines
    assert "Sea West touches sea South." in lines
    only_fire = text(match, "fr", run(match.state, "map", "feu"))
    assert only_fire[0] == "Sur l'île du Feu, 6 quartiers."


def test_map_says_water_is_out_with_two_players() -> None:
    state = new_state(2)
    lines = text(mid_game(2, steps=0), "en", run(state, "map", "water"))
    assert lines[1] == "Out of play with 2 players."


@pytest.mark.parametrize("typed", ["Gaïa", "gaia", "GAIA", " gaïa ", "ga"])
def test_district_names_match_without_case_or_accents(typed: str) -> None:
    state = new_state(3)
    lines = run(state, "district", typed)
    assert lines[0].id == "utopia.district.head" and lines[0].params["district"] == "Gaïa"


def test_district_says_who_is_there_control_value_and_neighbours() -> None:
    state = empty_city(new_state(3))
    put(state, "etna", 1, "maya", 2)
    put(state, "etna", 2, "greek", 1)
    state.monuments["etna"] = (1, CIV["maya"])
    match = mid_game(3, steps=0)
    match.state = state
    lines = text(match, "en", run(state, "district", "etna"))
    assert lines[0] == "Etna, Fire island, value 4."
    assert lines[1] == "Maritime, sector South."
    assert lines[2].startswith("Held by Raphael: Maya, at ")
    assert "Raphael: 2 Maya" in lines and "Hythloday: 1 Greek" in lines
    assert "Streets to Salamandre, Vesta." in lines  # two names a line
    assert any(line.startswith("By sea to ") for line in lines)


def test_unknown_or_ambiguous_names_list_the_valid_ones() -> None:
    match = mid_game(3, steps=0)
    state = match.state
    lines = text(match, "en", run(state, "district", "Atlantis"))
    assert lines[0] == "No district named Atlantis. Districts:"
    listed = ", ".join(lines[1:])
    assert all(d.name in listed for d in DISTRICTS.values())
    lines = text(match, "fr", run(state, "district", "p"))
    assert lines[0] == "Plusieurs noms pour p :"
    assert "Pan" in lines[1] and "Phénix" in ", ".join(lines[1:])
    lines = text(match, "en", run(state, "island", "Atlantis"))
    assert lines == ["No island named Atlantis. Islands:",
                     "Water island, Earth island, Fire island, Wind island"]
    assert text(match, "en", run(state, "district", ""))[0] == "Which district? Districts:"


@pytest.mark.parametrize("typed", ["fire", "FEU", "Fire", "fe"])
def test_island_in_either_language(typed: str) -> None:
    state = empty_city(new_state(3))
    for k, civ in enumerate(("maya", "persian", "egyptian", "greek", "chinese")):
        put(state, ISLANDS["fire"].districts[k], 0, civ)
    state.wonders["fire"] = 0
    lines = run(state, "island", typed)
    assert lines[0].params["island"].id == "utopia.island.fire"
    ids = [m.id for m in lines]
    assert "utopia.board.wonder" in ids
    civs = next(m for m in lines if m.id == "utopia.island_query.civs")
    assert civs.params["count"] == 5


def test_status_gives_scores_scale_cards_privileges_bases_and_builds() -> None:
    state = empty_city(new_state(3))
    state.scale = [CIV[c] for c in ("maya", "persian", "egyptian", "greek", "chinese")]
    state.scores = [3, 12, 7]
    give(state, 0, maya=2, greek=1)
    put(state, "gaia", 0, "greek", 3)
    turn_of(state, 0)
    match = mid_game(3, steps=0)
    match.state = state
    lines = text(match, "en", state.status(0))
    start = lines.index("Prestige scale, top first:")
    assert lines[start + 1:start + 6] == ["5: Chinese", "4: Greek", "3: Egyptian", "2: Persian",
                                          "1: Maya"]
    scores = [line for line in lines if line.endswith("points")]
    assert scores == ["Raphael: 12 points", "Hythloday: 7 points", "Thomas: 3 points"]
    assert "You hold 3 cards." in lines and "Cards: 2 Maya, 1 Greek" in lines
    assert "Privileges left: 2" in lines and "Bases left: 8" in lines
    assert "Greek monument possible: Gaïa." in lines


@pytest.mark.parametrize("lang", LANGS)
def test_summaries_fit_40_cells(lang: str) -> None:
    for players in (2, 5):
        match = mid_game(players, seed=players)
        state = match.state
        msgs = [*state.status(0), *state.board(0), *state.private(0), *run(state, "map")]
        for topic in ("scores", "scale", "guests", "monuments", "fire"):
            msgs += state.board(0, topic)
        for district in DISTRICTS.values():
            msgs += run(state, "district", district.id)
        for island in ISLANDS:
            msgs += run(state, "island", island)
        for msg, line in zip(msgs, text(match, lang, msgs), strict=True):
            assert fits(msg, line), line


@pytest.mark.parametrize("lang", LANGS)
def test_events_fit_40_cells(lang: str) -> None:
    """Every announcement is one short line, or a whole list (never cut in two)."""
    seen = set()
    for players in (2, 3, 4, 5):
        for seed in range(3):
            levels = ["normal", "random"] if seed % 2 else ["random"]
            match = Match(SPEC, SPEC.settings(players, 40 + seed),
                          [SeatSpec("bot", level=levels[i % len(levels)], name_index=i)
                           for i in range(players)])
            play_out(match)
            for event, line in zip(match.events, text(match, lang, [e.msg for e in match.events]),
                                   strict=True):
                seen.add(event.msg.id)
                if event.msg.id in SENTENCES:  # a whole action, one sentence: never cut
                    assert len(line) <= SENTENCE_WIDTH, line
                else:
                    assert fits(event.msg, line), line
    assert {"utopia.ev.moved_land", "utopia.ev.scale_now", "utopia.ev.dealt_cards",
            "utopia.ev.gain", "utopia.ev.scored", "utopia.ev.order"} <= seen


SENTENCES = frozenset(f"utopia.ev.{k}" for k in (
    "moved_land", "moved_sea", "added", "removed", "removed_more", "wonder_built",
    "monument_built",
    "privilege_used", "gain", "guest_monument", "guest_wonder"))
"""Whole sentences that say one action or gain (once two half lines cut mid-sentence):
most fit 40 cells, a long name makes a few a little longer, panned on a braille display."""
SENTENCE_WIDTH = 80


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_and_label_renders_fully(lang: str) -> None:
    match = mid_game(4, seed=8, steps=3000)
    state = match.state
    labels = []
    pending = state.pending()
    if pending is not None:
        labels = [state.describe(pending.seats[0], a)
                  for a in state.legal_actions(pending.seats[0])]
    for line in text(match, lang, [e.msg for e in match.events] + labels):
        assert "{" not in line and "utopia." not in line, line


def test_labels_state_costs_before_confirming() -> None:
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "maya")
    give(state, 0, greek=2)
    turn_of(state, 0)
    state.apply(0, "move")
    label = state.describe(0, "src:gaia:maya")
    assert label.id == "utopia.label.from_privilege"
    state.apply(0, "back")
    state.apply(0, "influence")  # the costs, in the question: the same for each choice
    from a11y_games.i18n import Translator
    asked = Translator("en").render(state.pending().prompt)
    assert asked == "Raise for 1 card, or put at 1 for 2?"
    kinds = {a.split(":")[0] for a in state.legal_actions(0)}
    assert {"up", "down"} <= kinds


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_of_a_whole_game_renders(lang: str) -> None:
    match = Match(SPEC, SPEC.settings(3, 21),
                  [SeatSpec("bot", level="random", name_index=i) for i in range(3)])
    tr = Translator(lang, names=match.seat_name)
    kinds = set()
    while (pending := match.state.pending()) is not None:
        for seat in pending.seats:
            for action in match.state.legal_actions(seat):
                line = tr.render(match.state.describe(seat, action))
                assert line and "{" not in line and "utopia." not in line, (action, line)
                kinds.add(action.split(":")[0])
        line = tr.render(pending.prompt)
        assert "{" not in line and "utopia." not in line
        seat = pending.seats[0]
        match.act(seat, match.bot_choice(seat))
    assert {"guest", "place", "move", "src", "to", "pay", "up", "down", "end",
            "back", "discard", "influence"} <= kinds


def test_board_topics_and_unknown_topic() -> None:
    match = mid_game(3, steps=0)
    state = match.state
    assert text(match, "en", state.board(0, "scale"))[0] == "Prestige scale, top first:"
    assert state.board(0, "Vent")[0].params["island"].id == "utopia.island.wind"
    with pytest.raises(UnknownTopic):
        state.board(0, "weather")
    assert [t.name for t in state.board_topics()] == [
        "scores", "scale", "guests", "monuments", "water", "earth", "fire", "wind"]


def test_where_lists_my_princes_by_district() -> None:
    state = empty_city(new_state(3))
    match = mid_game(3, steps=0)
    match.state = state
    assert text(match, "en", run(state, "where")) == ["You have no prince in the city."]
    put(state, "etna", 0, "maya", 2)
    put(state, "gaia", 0, "greek")
    put(state, "gaia", 1, "chinese")
    assert text(match, "en", run(state, "where")) == ["Gaïa: 1 Greek", "Etna: 2 Maya"]


@pytest.mark.parametrize("lang", LANGS)
def test_final_status_names_the_winner_and_fits(lang: str) -> None:
    match = Match(SPEC, SPEC.settings(5, 4),
                  [SeatSpec("bot", level="normal", name_index=i) for i in range(5)])
    match.play_bots()
    state = match.state
    assert state.pending() is None
    lines = text(match, lang, state.status(0))
    winner = text(match, lang, [match.seat_name(min(state.winners))])[0]
    assert winner in lines[0]
    assert all(len(line) <= 40 for line in lines), lines


@pytest.mark.parametrize("lang", LANGS)
def test_status_while_discarding_names_who_still_must_in_one_line(lang: str) -> None:
    match = Match(SPEC, SPEC.settings(5, 3), [SeatSpec("bot", level="random", name_index=i)
                                               for i in range(5)])
    state = match.state
    state._start_development()  # the deal: everybody but the last discards
    waiting = state.pending().seats
    status = state.status(0)
    lines = text(match, lang, status)
    assert all(fits(msg, line) for msg, line in zip(status, lines, strict=True)), lines
    names = text(match, lang, [Msg("utopia.query.names", names=[PlayerRef(s)]) for s in waiting])
    joined = "\n".join(lines)
    assert len(waiting) >= 4 and all(name in joined for name in names)


@pytest.mark.rule("UT-20")
@pytest.mark.parametrize("lang", LANGS)
def test_final_status_after_a_shared_win_names_every_winner(lang: str) -> None:
    """Status after a tie says the score and who shares the win (not the score alone)."""
    match = mid_game(5, steps=0)
    state = match.state
    state.scores = [50, 50, 12, 50, 9]
    state._score_round()
    assert state.winners == frozenset({0, 1, 3})
    msgs = state.status(2)
    ending = msgs[:[m.id for m in msgs].index("utopia.status.score")]  # before the scores
    lines = text(match, lang, ending)
    assert lines[0] == text(match, lang, [state.end_msg()])[0]
    joined = "\n".join(lines)
    for seat in (0, 1, 3):
        assert text(match, lang, [match.seat_name(seat)])[0] in joined
    assert text(match, lang, [match.seat_name(2)])[0] not in joined
    assert all(len(line) <= 40 for line in text(match, lang, msgs)), lines
