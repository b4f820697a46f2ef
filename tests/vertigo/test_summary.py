"""What a player hears: status, board by region or player, planet, laws, announcements."""

from __future__ import annotations

from a11y_games.engine import Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.games.vertigo import SPEC
from a11y_games.games.vertigo.country import CLEAN, POLLUTED, POLLUTING
from a11y_games.i18n import Translator
from tests.vertigo.helpers import started


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
    assert lines[0] == "Turn 1, management."
    assert lines[1] == f"Money {c.money} $, upkeep 6 $."
    assert lines[2] == "Factories: 1 polluting, 1 clean, 0 treatment."
    assert lines[3] == "Population 7: right 5, centre 2, left 0."
    assert lines[4] == "2 students waiting: right 0, centre 2, left 0."
    assert lines[5] == "3 engineers on factories."
    assert lines[6] == "1 diplomat at the C.N.U."
    assert lines[7] == "Pollution: right 0 %, centre 0 %, left 10 %, planet 10 %."
    assert lines[8] == f"Vault {state.vault} $, 0 witnesses of 3."
    assert len(lines) == 9


def test_board_reads_one_region_province_by_province() -> None:
    state = started(2, 1, pawns=2)
    c = state.countries[1]
    c.prov[2][3], c.eng[2][3] = CLEAN, 2
    c.prov[2][3 - 3] = POLLUTED
    c.prov[2][7] = 2
    c.fresh[2] = 1
    lines = rendered(state.board(1, "left"))
    assert lines == ["Bruno, left region: 10 %.", "1: polluted.", "4: clean factory, 2 engineers.",
                     "8: people.", "7 empty provinces.", "1 student waiting."]
    assert rendered(state.board(0, "yellow left")) == lines
    assert rendered(state.board(0, "2 gauche")) == lines
    french = rendered(state.board(1, "gauche"), "fr")
    assert french[0] == "Bruno, région de gauche : 10 %."
    assert all(len(line) <= 40 for line in lines + french)


def test_board_by_player_and_overview() -> None:
    state = started(3, 1, pawns=3)
    lines = rendered(state.board(0, "red"))
    assert lines[0].startswith("Chloé, red: 0 factories, population 3")
    assert lines[1] == "Right region: 0 factories, population 3, 0 %, 0 waiting."
    assert lines[-1] == "0 diplomats at the C.N.U."
    overview = rendered(state.board(0))
    assert overview[0] == f"Planet 0 %, vault {state.vault} $." and len(overview) == 4
    assert rendered(state.board(0, "purple")) == [
        "No such place: purple. Try right, centre, left or a colour."]


def test_planet_query_gives_pollution_witnesses_vault() -> None:
    state = started(2, 1, pawns=3)
    state.planet, state.witnesses = 20, 1
    state.countries[0].prov[1][5:8] = [POLLUTED] * 3
    planet = {q.name: q for q in state.queries()}["planet"]
    assert rendered(planet.run(state, 0, "")) == [
        "Planetary pollution 20 %.", "1 witness; 3 raise the planet.",
        f"C.N.U. vault {state.vault} $.", "Your regions above the planet: centre region."]
    laws = {q.name: q for q in state.queries()}["laws"]
    text = rendered(laws.run(state, 0, ""))
    assert text[0] == "Law 1, polluter pays: you may propose it."
    assert text[1] == "Each country pays 3 $ per polluting factory to the vault."


def test_table_events_are_announced_at_their_level() -> None:
    """Rolls, markers (where, by whom), planet changes, laws, votes and results are told."""
    levels: dict[str, set[Verbosity]] = {}
    for seed in range(4):
        match = Match(SPEC, SPEC.settings(3, seed), [SeatSpec("bot", level="normal")] * 3)
        play_out(match)
        for event in match.events:
            levels.setdefault(event.msg.id, set()).add(event.level)
            if event.msg.id == "vertigo.event.marker":
                assert {"player", "owner", "region", "province"} <= set(event.msg.params)
    assert levels["vertigo.event.roll"] == {Verbosity.NORMAL}
    assert levels["vertigo.event.marker"] == {Verbosity.NORMAL}
    assert levels["vertigo.event.planet_up"] == {Verbosity.BRIEF}
    assert levels["vertigo.event.law_proposed"] == {Verbosity.BRIEF}
    assert levels["vertigo.event.vote"] == {Verbosity.NORMAL}
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
