"""An action and its place asked as one question: "Hut on Efate: 3 vatu" in the action
menu, one input, the game's two steps in the log (bots, saves and replays unchanged)."""

from __future__ import annotations

import io
import random

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.steps import SEPARATOR, offered, steps
from a11y_games.games.vanuatu import SPEC, data
from a11y_games.games.vanuatu.bots import NormalBot
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import Writer
from tests.vanuatu.helpers import acting


class Typed:
    """Types the given lines, then ends input."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.interactive = False
        self.client: Client | None = None

    def read(self, prompt: str) -> str:
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        return line(self.client) if callable(line) else line


def _at_a_joined_menu(seed: int) -> Match | None:
    """A game (Ana human at seat 0, normal bots) played by bots until Ana's action menu
    offers an action with its place; None if the game ends first."""
    match = Match(SPEC, SPEC.settings(4, seed), [SeatSpec("human", "Ana")] + [
        SeatSpec("bot", level="normal", name_index=i) for i in range(1, 4)])
    ana = NormalBot(0, random.Random(seed))
    while (pending := match.state.pending()) is not None:
        seat = pending.seats[0]
        if seat == 0 and match.state.step[0] == "act" and any(
                SEPARATOR in a for a, _ in offered(match.state, 0)):
            return match
        if seat == 0:
            match.act(0, ana.choose(match.state.observation(0), match.state.legal_actions(0)))
        else:
            match.act(seat, match.bot_choice(seat))
    return None


def _client(match: Match, lines: list[str]) -> tuple[Client, io.StringIO]:
    out = io.StringIO()
    reader = Typed(lines)
    client = Client(match, reader=reader, writer=Writer(out), lang="en")
    reader.client = client
    return client, out


@pytest.mark.timeout(60)
def test_an_action_with_its_place_is_one_entry_and_one_input() -> None:
    match = next(m for m in map(_at_a_joined_menu, range(1, 20)) if m is not None)
    client, _ = _client(match, [])
    keyed = client.keyed_choices(0)
    assert [a for _, a, _ in keyed] == [a for a, _ in offered(match.state, 0)]  # `choices`
    key, entry, label = next(k for k in keyed if SEPARATOR in k[1])
    before = len(match.log)
    client.handle(key)
    assert match.log[before:before + 2] == [(0, step) for step in steps(entry)]
    assert len(client.tr.render(label)) <= 50


@pytest.mark.timeout(60)
def test_a_unique_word_names_an_entry_and_undo_takes_the_whole_entry_back() -> None:
    match = next(m for m in map(_at_a_joined_menu, range(1, 20)) if m is not None)
    client, _ = _client(match, [])
    client.advance()
    keyed = client.keyed_choices(0)
    before = list(match.log)
    words: dict[str, list[str]] = {}
    for key, _, label in keyed:
        for word in client.tr.render(label).lower().replace(",", " ").replace(":", " ").split():
            words.setdefault(word, []).append(key)
    word, keys = next((w, k) for w, k in words.items() if len(k) == 1 and w.isalpha())
    assert client._choice_named(word) == keys[0]
    client.handle(word)
    assert len(match.log) > len(before)
    client.handle("undo")
    assert match.log == before  # both steps of the entry, not its place alone
    assert [a for _, a, _ in client.keyed_choices(0)] == [a for _, a, _ in keyed]


@pytest.mark.timeout(60)
def test_a_dike_only_entry_asks_where_and_back_returns_to_the_action_menu(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from a11y_games.games.vanuatu import state as rules

    match = Match(SPEC, SPEC.settings(4, 3), [SeatSpec("human", "Ana")] + [
        SeatSpec("bot", level="normal", name_index=i) for i in range(1, 4)])
    state = match.state
    acting(state, 0, "build")  # the boat at its start, by Efate
    state.players[0].vatu = 5
    assert len(state.dike_options(0)) > 2
    client, out = _client(match, [])
    assert [a for _, a, _ in client.keyed_choices(0)] == ["act:build|hut:B3"] + [
        f"act:build|nohut|dike:{data.CODES[s]}:{d}" for s, d in state.dike_options(0)]
    assert client.tr.render(client.keyed_choices(0)[1][2]).startswith("Dike, 1 vatu: Efate ")
    monkeypatch.setattr(rules, "WITH_PLACES", 2)  # more dikes than that: "Dike only"
    state._legal, state._pending = {}, None
    client, out = _client(match, [])
    client.advance()
    text = out.getvalue()
    assert "Your turn: Action? You have 5 vatu." in text  # not "Your turn: Your action?"
    from a11y_games.i18n import Translator

    assert Translator("fr").render(state.pending().prompt) == "Action ? Vous avez 5 vatu."
    assert "1. Hut on Efate: 3 vatu" in text and "2. Dike only, 1 vatu" in text
    assert "Hut where?" not in text
    client.handle("2")
    client.advance()
    assert state.step[0] == "dike" and "0. Back" in out.getvalue()
    client.handle("0")
    client.advance()
    assert state.step == ("act", 0)
    assert [a for _, a, _ in client.keyed_choices(0)] == ["act:build|hut:B3",
                                                         "act:build|nohut"]


@pytest.mark.timeout(240)
def test_an_action_with_its_place_fits_a_braille_line_and_a_pan() -> None:
    """An entry says its action and its place: at most 46 characters in both languages
    ("Exporter 1 coprah de Pentecôte : 2 vatu, 3 PP"), so "12. " and the label pan once
    on a 40-cell display; a place alone keeps its 36."""
    from a11y_games.i18n import Translator

    longest = ""
    for players in (3, 4, 5):
        for seed in range(3):
            match = Match(SPEC, SPEC.settings(players, seed), [
                SeatSpec("bot", level="normal", name_index=i) for i in range(players)])
            trs = [Translator(lang, names=match.seat_name) for lang in ("en", "fr")]
            while (pending := match.state.pending()) is not None:
                seat = pending.seats[0]
                if match.state.step[0] == "act":
                    for entry, label in offered(match.state, seat):
                        if SEPARATOR in entry:
                            longest = max([longest, *(tr.render(label) for tr in trs)],
                                          key=len)
                match.act(seat, match.bot_choice(seat))
    assert longest and len(longest) <= 46, longest


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("lang", "word", "asked"), [("en", "build", "Hut where?"),
                                                     ("fr", "construire", "Cabane où ?")])
def test_the_action_s_name_answers_the_action_alone_and_asks_its_place(
        lang: str, word: str, asked: str) -> None:
    match = Match(SPEC, SPEC.settings(4, 3), [SeatSpec("human", "Ana")] + [
        SeatSpec("bot", level="normal", name_index=i) for i in range(1, 4)])
    state = match.state
    acting(state, 0, "build")
    state.players[0].vatu = 5
    out = io.StringIO()
    client = Client(match, reader=Typed([]), writer=Writer(out), lang=lang)
    client.advance()
    assert all(SEPARATOR in a for _, a, _ in client.keyed_choices(0))
    client.handle(word)
    client.advance()
    assert match.log[-1] == (0, "act:build") and state.step[0] == "hut"
    assert any(asked in line for line in out.getvalue().splitlines()[-8:])
    client.handle("0")
    client.advance()
    assert state.step == ("act", 0)


@pytest.mark.timeout(120)
def test_an_entry_s_continued_label_is_its_own_label_without_the_shared_head() -> None:
    """The shorter label said after an entry of the same kind ("Tanna: 1 vatu" after "Hut
    on Efate: 1 vatu", "B2, 1 vatu" after "Sail to A3, 1 vatu") is the end of its whole
    label, in both languages: only the head the two share is left out."""
    from a11y_games.i18n import Translator
    from a11y_games.ui.asking import CONTINUED

    checked: dict[str, int] = {}
    for seed in range(3):
        match = Match(SPEC, SPEC.settings(4, seed), [
            SeatSpec("bot", level="normal", name_index=i) for i in range(4)])
        trs = [Translator(lang, names=match.seat_name) for lang in ("en", "fr")]
        while (pending := match.state.pending()) is not None:
            seat = pending.seats[0]
            if match.state.step[0] == "act":
                for _, label in offered(match.state, seat):
                    short = label.params.get(CONTINUED)
                    if short is None:
                        continue
                    for tr in trs:
                        whole, said = tr.render(label), tr.render(short)
                        assert whole.endswith(said) and len(said) < len(whole), (whole, said)
                    checked[label.id] = checked.get(label.id, 0) + 1
            match.act(seat, match.bot_choice(seat))
    assert {"vanuatu.label.with_sail", "vanuatu.label.hut",
            "vanuatu.label.with_dike"} <= set(checked), checked
