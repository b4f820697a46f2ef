"""Play by ear: spoken names, where, map, island, summaries that fit a braille line."""

from __future__ import annotations

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.games.vanuatu import SPEC, data
from a11y_games.games.vanuatu.summary import find_island
from a11y_games.i18n import Translator
from tests.vanuatu.helpers import S, new, put_island, put_sea, reset_caches
from tests.widths import fits

BRAILLE = 40


def run(state, name: str, seat: int | None, arg: str = "") -> list:
    query = {q.name: q for q in state.queries()}[name]
    return query.run(state, seat, arg)


def render(lines, lang: str = "en", match: Match | None = None) -> list[str]:
    tr = Translator(lang, names=match.seat_name if match else None)
    return tr.render_all(lines)


def test_every_space_has_a_spoken_name() -> None:
    state = new()
    tr = Translator("en")
    names = [tr.render(state.name(i)) for i in range(len(data.SPACES))]
    assert names[S["B3"]] == "Efate"
    assert names[S["C3"]] == "sea C3"
    assert names[S["A1"]] == "empty A1"
    assert len(set(names)) == 16
    assert Translator("fr").render(state.name(S["C3"])) == "mer C3"


def test_directions_are_named_consistently() -> None:
    assert [d for d, _, _ in data.DIRECTIONS] == [
        "north_east", "east", "south_east", "south_west", "west", "north_west"]
    # opposite directions really are opposite on the grid
    for d, (_, dr, dx) in enumerate(data.DIRECTIONS):
        _, odr, odx = data.DIRECTIONS[(d + 3) % 6]
        assert (dr + odr, dx + odx) == (0, 0)
    state = new()
    text = render(run(state, "where", state.order[0]))
    assert text[0] == "Your boat: sea C3."
    assert "north-east: Efate (B3)" in text
    assert "east: sea C4" in text and "north-west: sea B2" in text
    assert "south-east: empty D1" in text


def test_where_tells_what_touches_the_boat() -> None:
    state = new()
    seat = state.order[0]
    text = render(run(state, "where", seat))
    # every boat starts here: one whole sentence
    assert "Boats: Player 1, Player 2, Player 3, Player 4." in text
    i = text.index("north-east: Efate (B3)")
    assert text[i + 1] == "No hut."
    assert text[i + 2] == "Drawings 0. Tourists 0 of 5."
    assert text[i + 3] == "Goods: 1 kava, 1 copra, 1 beef."
    assert text[i + 4] == "Water 0 of 5. Dikes 0."
    i = text.index("east: sea C4")
    assert text[i + 1] == "Fish 2. Treasures 0."
    # where on another space, by code or by name
    assert render(run(state, "where", seat, "sea c4"))[0] == "sea C4:"
    assert render(run(state, "where", seat, "nowhere"))[0].startswith("No space called nowhere")


def test_map_reads_row_by_row() -> None:
    state = new()
    text = render(run(state, "map", None))
    rows = [line for line in text if line.startswith("Row ")]
    assert rows == ["Row A, 4 spaces:", "Row B, 5 spaces:", "Row C, 6 spaces:",
                    "Row D, 1 space:"]
    order = [line for line in text if line.startswith(("empty", "sea", "Efate"))]
    assert order[:5] == ["empty A1", "empty A2", "empty A3", "empty A4", "empty B1"]
    assert order[5:8] == ["sea B2", "Efate (B3)", "empty B4"]


def test_island_query_case_and_accent_insensitive() -> None:
    state = new()
    put_island(state, "D1", 3)  # Pentecôte
    for spelling in ("Pentecôte", "pentecote", "PENTECOTE", "pent"):
        assert find_island(state, spelling) == S["D1"]
    text = render(run(state, "island", 0, "EFATÉ"))
    assert text[:5] == ["Efate, space B3.", "Huts 0 of 3.", "Drawings 0 of 1.",
                        "Tourists 0 of 5.", "Goods: 1 kava, 1 copra, 1 beef."]
    assert "Water 0 of 5." in text
    assert "3 open sides: south-east, south-west, west." in text
    unknown = render(run(state, "island", 0, "Atlantis"))
    assert unknown == ["No island called Atlantis. Islands: Efate, Pentecôte."]
    french = render(run(state, "island", 0, "atlantis"), "fr")
    assert french == ["Aucune île nommée atlantis. Îles : Efate, Pentecôte."]


def test_island_query_shows_dikes_and_submersion() -> None:
    state = new()
    efate = state.archipelago.island(S["B3"])
    efate.dikes.add(4)
    assert "1 dike: west." in render(run(state, "island", 0, "efate"))
    efate.submerged, efate.water = True, 5
    assert render(run(state, "island", 0, "efate")) == [
        "Efate, space B3.", "Submerged: nothing left."]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_summaries_and_queries_fit_a_40_cell_line(lang: str) -> None:
    longest: list[tuple[int, str]] = []
    for seed in range(4):
        match = Match(SPEC, SPEC.settings(5, seed), [
            SeatSpec("bot", level="random", name_index=i) for i in range(5)])
        steps = 0

        def look(state, match: Match = match) -> None:
            nonlocal steps
            steps += 1
            if steps % 37:
                return
            lines = state.status(0) + state.board(0) + state.private(0)
            for topic in state.board_topics():
                lines += state.board(0, topic.name)
            for name in ("where", "map"):
                lines += run(state, name, 0)
            for _, island in state.archipelago.islands():
                lines += run(state, "island", 0, island.name)
            for msg, text in zip(lines, render(lines, lang, match), strict=True):
                longest.append((0 if fits(msg, text) else len(text), text))

        play_out(match, check=look)
    too_long = [t for n, t in longest if n > BRAILLE]
    assert longest and not too_long, too_long[:5]


def test_menus_state_costs_before_confirming() -> None:
    state = new()
    from tests.vanuatu.helpers import acting, play
    seat = state.order[0]
    acting(state, seat, "sail", boat="C3")
    play(state, "act:sail")
    labels = render([state.describe(seat, a) for a in state.legal_actions(seat)])
    assert "C4, 1 vatu, fish 2: Efate" in labels  # the catch there too
    assert labels[-1] == "Back"


def test_prompts_name_the_tile_the_markers_left_and_the_money() -> None:
    state = new(rising=False, seed=3)
    tr = Translator("en")
    while state.phase != "tiles":
        seat = state.pending().seats[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert tr.render(state.pending().prompt) in {  # the tile itself: the line before
        "Place Tanna.", "Place the sea."}
    while state.phase != "planning":
        seat = state.pending().seats[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert tr.render(state.pending().prompt) == "Place 2 markers."  # round 2: taught
    seat = state.pending().seats[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert tr.render(state.pending().prompt) == "Place 1 marker."


@pytest.mark.parametrize("players", [2, 4])
def test_every_label_prompt_and_event_renders_in_both_languages(players: int) -> None:
    translators = [Translator(lang) for lang in ("en", "fr")]
    for seed in range(3):
        match = Match(SPEC, SPEC.settings(players, seed), [
            SeatSpec("bot", level="random", name_index=i) for i in range(players)])

        def look(state) -> None:
            pending = state.pending()
            if pending is None:
                return
            seat = pending.seats[0]
            msgs = [pending.prompt] + [state.describe(seat, a) for a in state.legal_actions(seat)]
            for tr in translators:
                for text in tr.render_all(msgs):
                    assert text and "{" not in text and "vanuatu." not in text, text

        play_out(match, check=look)
        for tr in translators:
            for event in match.events:
                text = tr.render(event.msg)
                assert text and "{" not in text and "vanuatu." not in text, text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_tile_lines_fit_a_40_cell_line(lang: str) -> None:
    """A revealed tile and its placement are said in short lines: what it is, its marks, its
    goods; who placed it where; then each neighbour on a line of its own."""
    said = []
    for players, seed in ((2, 1), (5, 2)):
        match = Match(SPEC, SPEC.settings(players, seed), [
            SeatSpec("bot", level="random", name_index=i) for i in range(players)])
        play_out(match)
        tiles = [e.msg for e in match.events if e.msg.id.startswith("vanuatu.tile.")]
        said += render(tiles, lang, match)
    assert any("Pentecôte" in line or "Efate" in line for line in said)
    too_long = [line for line in said if len(line) > BRAILLE]
    assert said and not too_long, too_long[:5]


def test_a_revealed_island_tile_is_said_in_three_lines() -> None:
    lines = Translator("en").render_all(new(seed=3)._tile_lines(data.EFATE))
    assert lines == ["Tile: island Efate.", "Huts 3, drawings 1, tourists 5.",
                     "Goods: 1 kava, 1 copra, 1 beef."]


def test_french_elides_de_before_an_island_name_with_a_vowel() -> None:
    """``de Efate`` is ``d'Efate``; ``de Tanna`` keeps ``de``."""
    from a11y_games.engine import Msg

    tr = Translator("fr")
    kava = tr.render(Msg("vanuatu.label.export", good=Msg("vanuatu.good.kava"), island="Ambae",
                         cost=1, count=2))
    assert " d'Ambae : " in kava and " de Ambae" not in kava
    beef = tr.render(Msg("vanuatu.label.export_unwanted", good=Msg("vanuatu.good.beef", count=1),
                         island="Tanna", cost=3))
    assert beef == "1 bœuf de Tanna : 3 vatu, 0 PP"
    moved = tr.render(Msg("vanuatu.power.governor_from", count=1,
                          action=Msg("vanuatu.action.export")))
    assert moved == "Depuis Exporter, 1 marqueur."


def test_giving_up_an_action_is_worded_plainly() -> None:
    """The choice to take back one's markers without acting names what is given up."""
    from a11y_games.engine import Msg

    label = Msg("vanuatu.label.drop", action=Msg("vanuatu.action.fish"))
    assert Translator("fr").render(label) == "Renoncer à Pêcher"
    assert Translator("en").render(label) == "Give up Fish"


def crowded_match() -> Match:
    """Five bots; islands around B4 with the longest names; every stack on every space."""
    match = Match(SPEC, SPEC.settings(5, 1), [
        SeatSpec("bot", level="random", name_index=i) for i in range(5)])
    state = match.state
    for code, index in (("A3", 0), ("A4", 3), ("B5", 1), ("C5", 2)):
        put_island(state, code, index)  # Tanna, Pentecôte, Malekula, Ambrym
    put_sea(state, "B4")
    state.order = list(range(5))
    for action in data.ACTIONS:
        state.markers[action] = [5, 1, 2, 1, 1]
    return match


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_choice_labels_and_questions_fit_a_braille_line_at_their_longest(lang: str) -> None:
    """Every label fits 36 cells ("12. " comes first) and every question 40, with the longest
    names, five stacks on a space, three islands by a sea, six tiles around a space."""
    match = crowded_match()
    state = match.state
    codes = data.CODES
    islands = [data.CODES[s] for s, _ in state.archipelago.islands()]
    actions = [f"tile:{c}" for c in codes] + [f"sail:{c}" for c in codes]
    actions += [f"char:{c}" for c in data.CHARACTERS]
    actions += [f"{k}:{a}" for k in ("plan", "act", "drop", "preach", "govern", "to")
                for a in data.ACTIONS]
    actions += [f"{k}:{c}" for k in ("hut", "draw", "tourist") for c in islands]
    actions += [f"export:{c}:{g}" for c in islands for g in data.GOODS]
    actions += [f"dike:{c}:{d}" for c in islands
                for d in state.archipelago.sea_sides(data.SPACE_OF[c])]
    actions += ["beg:3", "treasure:3", "nohut", "nodike", "back"]
    actions += [f"sail:{c}:power" for c in codes] + ["act:fish:power", "act:dive:power"]
    actions += [f"tourist:{c}:power" for c in islands]  # a power's choice, its worth said
    actions += [f"export:{c}:{g}:power" for c in islands for g in data.GOODS]
    for a in data.ACTIONS:  # seat 0 holds a marker on every space, the others more
        state.markers[a][0] = max(1, state.markers[a][0])
    labels = render([state.describe(0, a) for a in actions], lang, match)
    too_long = [text for text in labels if len(text) > 36]
    assert not too_long and any("Pentecôte" in t and "+" in t for t in labels), too_long
    state.players[0].vatu = 99
    questions = []
    for spec in [spec for _, spec in data.TILES]:
        state.revealed = [spec]
        questions.append(state._prompt("tile", 0))
    questions += [state._prompt(k, 0) for k in (
        "character", "plan", "act", "govern", "sail", "hut", "dike", "export", "draw",
        "tourist")]
    assert all(len(text) <= BRAILLE for text in render(questions, lang, match))


@pytest.mark.rule("VA-13")
def test_planning_labels_name_the_stack_that_would_act_and_the_markers_there() -> None:
    """VA-13: the most markers act, a tie going to the earlier player in turn order."""
    match = crowded_match()
    state = match.state
    state.markers["fish"] = [0, 1, 2, 2, 0]
    state.markers["dive"] = [0, 0, 0, 3, 0]
    state.markers["sell"] = [0] * 5
    names = render([state.describe(0, f"plan:{a}") for a in ("fish", "dive", "sell")],
                   "en", match)
    ambae, erakor = render([match.seat_name(2), match.seat_name(3)], "en", match)
    # an action nobody planned is its name alone: fewer words in a menu said 5 times a round
    assert names == [f"Fish: {ambae} has 2 of 5", f"Dive: {erakor} has 3", "Sell fish"]


@pytest.mark.rule("VA-13")
def test_planning_labels_say_how_many_markers_are_yours_and_board_plan_who_holds() -> None:
    """A player weighing a space hears its own markers there; `board plan` says who holds
    each majority, not only the stacks. Issue 27: "Build: Ambae 2, you 2" left out a third
    stack (Lenakel 1) that `board plan` listed: with a third stack the label gives the total
    (both would not fit 36 cells in French)."""
    match = crowded_match()
    state = match.state
    state.markers["fish"] = [1, 0, 2, 2, 0]
    names = render([match.seat_name(s) for s in range(5)], "en", match)
    holder = state.holder("fish")
    assert holder not in (None, 0)
    assert render([state.describe(0, "plan:fish")], "en", match) == [
        f"Fish: {names[holder]} has 2 of 5"]  # another player's 2 are there too
    state.markers["fish"] = [1, 0, 2, 0, 0]
    assert render([state.describe(0, "plan:fish")], "en", match) == [
        f"Fish: {names[holder]} 2, you 1"]  # two stacks: all said
    lines = render(state.board(0, "plan"), "en", match)
    at = next(i for i, line in enumerate(lines) if line.startswith("Fish:"))
    said = next(line for line in lines[at:] if line.startswith("Majority"))
    assert said == f"Majority: {names[holder]}."  # after the space's stacks


@pytest.mark.rule("VA-60")
def test_planning_labels_show_a_neutral_stack_that_blocks_every_player() -> None:
    """VA-60: with two players, a player needs more markers than the neutral stack."""
    state = new(players=2)
    state.order = [0, 1]
    state.neutral["fish"], state.markers["fish"] = 1, [1, 0]
    state.neutral["dive"], state.markers["dive"] = 1, [0, 2]
    tr = Translator("fr")
    assert tr.render(state.describe(0, "plan:fish")) == "Pêcher : neutre 1, vous 1"
    assert tr.render(state.describe(0, "plan:dive")).endswith(" 2 sur 3")


def test_tile_and_sail_labels_name_islands_first_and_count_what_does_not_fit() -> None:
    """B4 touches 5 islands and a sea: the label names what fits, then "+3"."""
    state = crowded_match().state
    tr = Translator("fr")
    assert tr.render(state.describe(0, "tile:B4")) == "B4 : Pentecôte, Malekula, Ambrym, +3"
    assert tr.render(state.describe(0, "sail:B4")) == "B4, 2 vatu : Pentecôte, Malekula, +3"
    assert tr.render(state.describe(0, "sail:C4")) == "C4, 1 vatu, poissons 2 : Ambrym, +1"
    state.archipelago.tiles[S["B3"]] = state.archipelago.tiles[S["C5"]] = None
    reset_caches(state)
    assert tr.render(state.describe(0, "sail:C4")) == "C4, 1 vatu, poissons 2 : pleine mer"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_sea_name_is_as_long_as_labels_count_it(lang: str) -> None:
    """Tile labels measure a sea's name without rendering it: "sea C4" and "mer C4"."""
    from a11y_games.engine import Msg
    from a11y_games.games.vanuatu.names import SPACE_NAME_SIZE

    for code in data.CODES:
        name = Translator(lang).render(Msg("vanuatu.space.sea", code=code))
        assert len(name) <= SPACE_NAME_SIZE


def test_character_labels_say_the_power_once_then_the_name_and_powers_says_them_all() -> None:
    match = Match(SPEC, SPEC.settings(4, 3), [
        SeatSpec("bot", level="normal", name_index=i) for i in range(4)])
    state = match.state
    tr = Translator("en")
    labels: list[list[str]] = []
    while state.round <= 3 and state.outcome() is None:
        pending = state.pending()
        assert pending is not None
        seat = pending.seats[0]
        legal = state.legal_actions(seat)
        if state.step[0] == "character" and state.cursor == 0:
            labels.append([tr.render(state.describe(seat, a)) for a in legal])
        match.act(seat, match.bot_choice(seat))
    assert "Fisherman: PP for the fish caught" in labels[0]
    assert all(":" in label for label in labels[0])  # every character offered in round 1
    assert all(":" not in label for label in labels[1] + labels[2])
    query = {q.name: q for q in state.queries()}["powers"]
    powers = [tr.render(m) for m in query.run(state, None, "")]
    assert len(powers) == len(data.CHARACTERS) and "Fisherman: PP for the fish caught" in powers
