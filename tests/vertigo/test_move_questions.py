"""Population said by ear: a move asks where from, then where to (never "Which region?"
twice); another country's people are said with the country's name."""

from __future__ import annotations

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games.vertigo import SPEC
from a11y_games.i18n import Translator


@pytest.mark.parametrize(("lang", "asked"), [
    ("en", ["Move population from which region?", "To which region?",
            "Another province: to which region?", "To which province?"]),
    ("fr", ["Déplacer depuis quelle région ?", "Vers quelle région ?",
            "Autre province : vers quelle région ?", "Vers quelle province ?"]),
])
def test_a_population_move_asks_from_then_to(lang: str, asked: list[str]) -> None:
    """From a region, to a region, "Another province" there: its region (a question of its
    own, numbered from 1), its province."""
    match = Match(SPEC, SPEC.settings(2, 1),
                  [SeatSpec("bot", level="random", name_index=i) for i in range(2)])
    tr = Translator(lang, names=match.seat_name)
    state = match.state
    heard: list[str] = []
    for _ in range(400):
        pending = state.pending()
        assert pending is not None, "the game ended before a population move"
        seat = pending.seats[0]
        legal = state.legal_actions(seat)
        move = next((a for a in legal if "pop:move" in a), None)
        if state.phase == "manage" and move is not None and not state.path:
            match.act(seat, move)
            for _ in asked:
                heard.append(tr.render(state.pending().prompt))
                places = [a for a in state.legal_actions(seat) if a not in ("back", "done")]
                match.act(seat, "other" if "other" in places else places[0])
            break
        match.act(seat, match.bot_choice(seat))
    assert heard == asked


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_where_another_country_s_people_stand_names_that_country(lang: str) -> None:
    """After a bot's setup purchases: "Smog, right region: population 4.", not "Right region:
    population 4." (whose right region?)."""
    match = Match(SPEC, SPEC.settings(3, 5),
                  [SeatSpec("bot", level="random", name_index=i) for i in range(3)])
    tr = Translator(lang, names=match.seat_name)
    state = match.state
    while state.phase == "setup":
        seat = state.pending().seats[0]
        match.act(seat, match.bot_choice(seat))
    said = [(e.cause, tr.render(e.msg)) for e in match.events
            if e.msg.id == "vertigo.event.setup_people"]
    assert said
    for seat, line in said:
        assert line.startswith(f"{tr.render(match.seat_name(seat))}, "), line


def test_a_forced_marker_menu_names_provinces_not_bare_letters() -> None:
    """"1. B", "2. C": a letter alone did not say what it was; "1. Province B"."""
    from tests.vertigo.helpers import seat_now, started, to_pollution

    state = started(2, 1, pawns=5)
    to_pollution(state, "two_clouds", "two_clouds", *["sun"] * 10)
    while not state.tasks or state.tasks[0].witness:  # witnesses, until markers are forced
        state.apply(seat_now(state), state.legal_actions(seat_now(state))[0])
    seat = seat_now(state)
    for lang in ("en", "fr"):
        tr = Translator(lang)
        labels = [tr.render(state.describe(seat, a)) for a in state.legal_actions(seat)
                  if a.startswith("province:")]
        assert labels and all(label.startswith("Province ") or " : " in label or ": " in label
                              for label in labels)  # a free one by name, else what stands
        assert not any(len(label) == 1 for label in labels)


def test_finishing_from_a_region_menu_says_the_management_is_over() -> None:
    """`00` (done) typed at "Which region?" ended the whole management step with no word
    to the manager; now "Management over, 38 $ left." at every verbosity, said once."""
    from a11y_games.engine import Verbosity
    from tests.vertigo.helpers import seat_now, started

    state = started(2, 1, pawns=5)
    seat = seat_now(state)
    state.apply(seat, "step:population+pop:buy")
    money = state.countries[seat].money
    mark = len(state.events)
    state.apply(seat, "done")  # from the region menu
    heard = [e for e in state.events[mark:] if e.visible(seat)]
    for lang, said in (("en", f"Management over, {money} $ left."),
                       ("fr", f"Gestion terminée, {money} $ au coffre.")):
        tr = Translator(lang)
        lines = [tr.render(e.msg) for e in heard if e.level <= Verbosity.NORMAL]
        assert said in lines
    assert not any(e.msg.id == "vertigo.event.manage_done" for e in heard)  # not twice
    other = 1 - seat
    assert any(e.msg.id == "vertigo.event.manage_done" and e.visible(other)
               for e in state.events[mark:])


class _AnyChoice:
    """Types a choice offered, drawn at random but never back (Enter in a race), until
    ``limit`` inputs."""

    interactive = False

    def __init__(self, limit: int) -> None:
        import random

        self.limit = limit
        self.client = None
        self.rng = random.Random(1)

    def read(self, prompt: str) -> str:
        self.limit -= 1
        mine = self.client._my_turn() if self.limit > 0 else None  # type: ignore[attr-defined]
        if mine is None:
            raise EOFError
        if mine[1].race:
            return ""
        keys = [k for k, _, _ in self.client.keyed_choices(mine[0])]  # type: ignore[attr-defined]
        return self.rng.choice([k for k in keys if k != "0"] or keys)


@pytest.mark.timeout(120)
def test_a_province_list_says_province_once_then_the_letters() -> None:
    """A list of provinces said whole at normal: "1. Province B", then "2. C", "3. D" (the
    head said once, as Vanuatu's "2. Tanna: 1 vatu")."""
    import re

    from a11y_games.games.vertigo import SPEC
    from tests.answering import run_scripted

    _, _, lines = run_scripted(SPEC, 1, 4, _AnyChoice(400))
    firsts = [i for i, line in enumerate(lines) if re.fullmatch(r"1\. Province [A-J]", line)]
    assert firsts
    lists = [lines[i + 1] for i in firsts if re.match(r"2\. ", lines[i + 1])]
    assert lists and all(re.fullmatch(r"2\. [A-J]", line) for line in lists)
