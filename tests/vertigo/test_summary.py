"""What a player hears: status, board by region or player, planet, laws, announcements."""

from __future__ import annotations

import re

import pytest

from a11y_games.engine import Msg, Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.engine.state import UnknownTopic
from a11y_games.games.vertigo import SPEC
from a11y_games.games.vertigo.country import CLEAN, POLLUTED, POLLUTING
from a11y_games.games.vertigo.data import PROVINCE_NAMES as LETTER
from a11y_games.i18n import Translator
from tests.vertigo.helpers import do, new, seat_now, started


def rendered(msgs, lang: str = "en") -> list[str]:  # type: ignore[no-untyped-def]
    names = {0: "Ana", 1: "Bruno", 2: "Chloé", 3: "Djamila"}
    return Translator(lang, names=lambda s: names[s]).render_all(msgs)


def test_status_gives_money_factories_people_students_pollution_vault() -> None:
    state = started(2, 1, pawns=5)
    c = state.countries[0]
    c.prov[1][0], c.eng[1][0] = POLLUTING, 1
    c.prov[1][1], c.eng[1][1] = CLEAN, 2
    c.prov[2][0] = POLLUTED
    c.fresh[1], c.diplomats = 2, 1
    state.planet = 10
    lines = rendered(state.status(0))
    assert lines == [
        "Turn 1, management.",
        f"Money {c.money} $, upkeep 6 $.",
        "1 polluting factory.",
        "1 clean factory.",
        "0 treatment plants.",
        "Population 7.",
        "Right: population 5, pollution 0 %.",
        "Centre: population 2, pollution 0 %.",
        "Left: population 0, pollution 10 %.",
        "Centre: 2 students waiting.",
        "3 engineers on factories.",
        "1 diplomat at the C.N.U.",
        "Planetary pollution 10 %.",
        f"Vault {state.vault} $, 0 witnesses of 3."]


def test_board_reads_one_region_province_by_province() -> None:
    state = started(2, 1, pawns=2)
    c = state.countries[1]
    c.prov[2][3], c.eng[2][3] = CLEAN, 2
    c.prov[2][3 - 3] = POLLUTED
    c.prov[2][7] = 2
    c.fresh[2] = 1
    lines = rendered(state.board(1, "left"))
    assert lines == ["Bruno, left region: 10 %.", "A: polluted.", "D: clean factory, 2 engineers.",
                     "H: people.", "7 empty provinces.", "1 student waiting."]
    assert rendered(state.board(0, "yellow left")) == lines
    assert rendered(state.board(0, "2 gauche")) == lines
    french = rendered(state.board(1, "gauche"), "fr")
    assert french[0] == "Bruno, région de gauche : 10 %."
    assert all(len(line) <= 40 for line in lines + french)


def test_board_by_player_and_overview() -> None:
    state = started(3, 1, pawns=3)
    lines = rendered(state.board(0, "red"))
    money = state.countries[2].money
    assert lines[:4] == ["Chloé, red: 0 factories.", f"Population 3, {money} $.",
                         "Right: population 3, pollution 0 %.", "Right: 0 factories, 0 waiting."]
    assert lines[-1] == "0 diplomats at the C.N.U."
    overview = rendered(state.board(0))
    assert overview[0] == f"Planet 0 %, vault {state.vault} $." and len(overview) == 7
    with pytest.raises(UnknownTopic):  # the client says so, with the topics
        state.board(0, "purple")


def test_planet_query_gives_pollution_witnesses_vault() -> None:
    state = started(2, 1, pawns=3)
    state.planet, state.witnesses = 20, 1
    state.countries[0].prov[1][5:8] = [POLLUTED] * 3
    planet = {q.name: q for q in state.queries()}["planet"]
    assert rendered(planet.run(state, 0, "")) == [
        "Planetary pollution 20 %.", "1 witness; 3 raise the planet.",
        f"C.N.U. vault {state.vault} $.", "Your regions above the planet:",
        "Centre region: 30 %."]
    laws = {q.name: q for q in state.queries()}["laws"]
    text = rendered(laws.run(state, 0, ""))
    assert text[:2] == ["Law 1, polluter pays: available.",
                        "Each country pays the vault 3 $ per polluting factory."]


def test_table_events_are_announced_at_their_level() -> None:
    """Rolls, markers (where, by whom), planet changes, laws, votes and results are told."""
    levels: dict[str, set[Verbosity]] = {}
    for seed in range(4):
        match = Match(SPEC, SPEC.settings(3, seed), [SeatSpec("bot", level="normal")] * 3)
        play_out(match)
        events = match.events
        for i, event in enumerate(events):
            levels.setdefault(event.msg.id, set()).add(event.level)
            if event.msg.id == "vertigo.event.marker":  # by whom, on whom; then where
                assert {"player", "owner"} <= set(event.msg.params)
                where = events[i + 1]
                assert where.msg.id == "vertigo.event.at" and where.level == event.level
                assert {"region", "province"} <= set(where.msg.params)
    # the roller hears each roll, the players of a marker each marker in a line; the table, one
    # sentence per roller at normal verbosity, each detail at full
    assert levels["vertigo.event.roll"] == {Verbosity.BRIEF, Verbosity.FULL}
    assert levels["vertigo.event.marker"] == {Verbosity.FULL}
    assert levels["vertigo.event.marker_mine"] == {Verbosity.BRIEF}
    # one its owner picked (an arrow to a clean region): the others hear it at normal
    assert levels["vertigo.event.marker_on"] == {Verbosity.BRIEF, Verbosity.NORMAL}
    # the others hear a roller's or a manager's sentence at normal; the seat itself, which
    # heard each of its moves, at full (tests/vertigo/test_condensed.py checks who hears what)
    assert levels["vertigo.event.pollution_by"] == {Verbosity.NORMAL, Verbosity.FULL}
    assert levels["vertigo.event.managed"] == {Verbosity.NORMAL, Verbosity.FULL}
    assert levels["vertigo.event.planet_up"] == {Verbosity.BRIEF}
    assert levels["vertigo.event.law_proposed"] == {Verbosity.BRIEF}
    assert levels["vertigo.event.vote"] == {Verbosity.FULL}
    assert levels["vertigo.event.votes"] == {Verbosity.NORMAL}  # all votes in one sentence
    assert levels["vertigo.event.law_passed"] | levels.get("vertigo.event.law_failed",
                                                           set()) == {Verbosity.BRIEF}
    assert levels["vertigo.event.turn"] == {Verbosity.BRIEF}


def test_menus_stay_short() -> None:
    """No menu offers more than a dozen choices, the vote split included (VG-28)."""
    longest = 0
    for seed in range(6):
        match = Match(SPEC, SPEC.settings(4, seed), [SeatSpec("bot", level="random")] * 4)
        while match.state.pending() is not None:
            seat = match.state.pending().seats[0]  # type: ignore[union-attr]
            legal = match.state.legal_actions(seat)
            longest = max(longest, len(legal))
            match.act(seat, match.bot_choice(seat))
    assert longest <= 12


def summary_lines(state) -> list:  # type: ignore[no-untyped-def]
    """Every summary a seat may ask for: status, board (every topic), me, planet, laws."""
    msgs = [*state.status(0), *state.status(None), *state.board(0), *state.private(0)]
    topics = ["right", "centre", "left", "red left", "2 gauche"]
    for topic in topics + ["blue", "yellow", "red", "green"][:state.n]:
        msgs += state.board(0, topic)
    for query in state.queries():
        msgs += query.run(state, 0, "")
    return msgs


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_summaries_fit_40_cells(lang: str) -> None:
    """status, board, me, planet and laws: every line fits a 40-cell display, in real games."""
    checked = 0
    for players in (2, 4):
        for seed in range(3):
            level = "normal" if seed % 2 else "random"
            match = Match(SPEC, SPEC.settings(players, seed),
                          [SeatSpec("bot", level=level, name_index=i) for i in range(players)])
            tr = Translator(lang, names=match.seat_name)
            steps = 0
            while match.state.pending() is not None:
                seat = match.state.pending().seats[0]  # type: ignore[union-attr]
                match.act(seat, match.bot_choice(seat))
                steps += 1
                if steps % 150 == 0 or match.state.pending() is None:
                    for msg in summary_lines(match.state):
                        line = tr.render(msg)  # a law's text: one whole sentence, panned
                        assert len(line) <= 40 or msg.id.startswith("vertigo.law."), line
                        checked += 1
    assert checked > 1000


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_province_menus_name_provinces_by_letter_not_by_a_number(lang: str) -> None:
    """VG-02: after a purchase the menu renumbers, but "1. Province B" cannot be misheard."""
    state = new(2)
    seat = seat_now(state)
    do(state, seat, "step:population", "region:0", "province:0")
    tr = Translator(lang)
    legal = state.legal_actions(seat)
    lines = [tr.render(Msg("core.choices.item", number=i, label=state.describe(seat, a)))
             for i, a in enumerate(legal, 1)]
    assert lines[0] == ("1. Right B, 1 $" if lang == "en"  # the region's side and a letter
                        else "1. Droite B, 1 $")
    assert legal[:3] == ["region:0+first", "region:1+first", "region:2+first"]
    assert legal[3:] == ["other", "back", "done"]
    assert tr.render(state.describe(seat, "other")) in ("Another province", "Une autre province")
    state.apply(seat, "other")
    assert state.legal_actions(seat)[:3] == ["region:0", "region:1", "region:2"]
    state.apply(seat, "region:0")  # another province of the right region
    legal = state.legal_actions(seat)
    lines = [tr.render(Msg("core.choices.item", number=i, label=state.describe(seat, a)))
             for i, a in enumerate(legal, 1)]
    assert lines[0] == ("1. Province B, pay 1 $" if lang == "en" else "1. Province B, payer 1 $")
    assert lines[8].startswith("9. Province J")
    assert legal[:9] == [f"province:{p}" for p in range(1, 10)]  # in their own order


def test_every_province_choice_of_a_game_is_named_by_its_letter() -> None:
    """VG-02: building, buying, moving, polluting, upkeep: a province label never says a digit."""
    seen = set()
    for seed in range(3):
        match = Match(SPEC, SPEC.settings(3, seed), [SeatSpec("bot", level="random")] * 3)
        tr = Translator("en", names=match.seat_name)
        while (pending := match.state.pending()) is not None:
            seat = pending.seats[0]
            for action in match.state.legal_actions(seat):
                parts = action.split(":")
                if action.startswith(("province:", "drop:factory:")):
                    label = tr.render(match.state.describe(seat, action))
                    letter = LETTER[int(parts[-1])]  # "Province B, pay 1 $" or "B: empty"
                    assert re.match(rf"(Province )?{letter}(\W|$)", label), label
                    assert not re.match(r"(Province )?\d", label), label
                    seen.add(match.state.describe(seat, action).id)
            match.act(seat, match.bot_choice(seat))
    assert {"vertigo.menu.province_price", "vertigo.menu.province_what"} <= seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_topics_listed_are_only_those_board_accepts(players: int) -> None:
    """`help board` and an unknown topic list the topics: with 2 or 3 countries, a colour
    nobody plays must not be offered (board red would then answer: unknown topic)."""
    state = started(players, 1, pawns=3)
    names = [t.name for t in state.board_topics()]
    for name in names:
        assert state.board(0, name)  # never UnknownTopic for a topic the game lists
    assert names[-players:] == ["blue", "yellow", "red", "green"][:players]


def test_a_spectator_asking_a_region_hears_that_region_of_every_country() -> None:
    match = Match(SPEC, SPEC.settings(3, 5), [SeatSpec("bot", level="random", name_index=i)
                                               for i in range(3)])
    lines = rendered(match.state.board(None, "left"))
    heads = [line for line in lines if ", left region: " in line]
    assert len(heads) == 3 and len({line.split(",")[0] for line in heads}) == 3, lines
    assert not any("right region" in line or "centre region" in line for line in lines)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_status_during_the_setup_purchases_names_no_turn_0(lang: str) -> None:
    """The setup purchases come before turn 1: status said "Turn 0, setup purchases.", a turn
    that `log round 0` then could not find."""
    state = new(3)
    assert state.phase == "setup"
    first = rendered(state.status(0), lang)[0]
    assert first == {"en": "Setup purchases, before turn 1.",
                     "fr": "Achats de départ, avant le tour 1."}[lang]
