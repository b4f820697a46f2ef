"""Heard right the first time (issue 27): a menu said in part only when its player heard
it whole this same turn and little changed, what went said by name, numbers from 1 for a
new question, Enter reading every choice at every verbosity, numbers typed ahead and not
taken said with why; a missing sound device said by `sound` and `sounds`; a log page
repeated with its header; a saved name bounded."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from a11y_games.engine import Event, IllegalAction, Msg, Pending, PlayerRef, Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.state import Outcome
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import PlainReader, Writer
from tests.toygame import SPEC, ToyState


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _label(text: str) -> Msg:
    """A label that renders as ``text`` (the toy game has no catalogue of its own)."""
    return Msg("core.launcher.lang_line", name=text)


class StoreState(ToyState):
    """Seat 0 manages a store, then the bot at seat 1 takes a stick, in turn. The store's
    menu: buy or train (each asks "toy.where", the same words), raise the first three
    prices, done.
    Buying takes an item out of the stock; the bot's move takes the dearest one."""

    def __init__(self, settings, rng) -> None:
        super().__init__(settings, rng)
        self.stock = {"Ant": 5, "Bee": 5, "Cat": 5, "Dog": 5, "Emu": 5, "Gnu": 5}
        self.step = ""  # "", "buy" or "train": which question seat 0 is asked

    def pending(self) -> Pending | None:
        if self.winner is not None:
            return None
        if self.turn == 1:
            return Pending((1,), Msg("toy.ask"))
        return Pending((0,), Msg("toy.where" if self.step else "toy.ask"))

    def legal_actions(self, seat: int) -> list[str]:
        if self.winner is not None or seat != self.turn:
            return []
        if seat == 1:
            return ["take:1"]
        if self.step == "buy":
            return [f"buy:{name}" for name in self.stock] + ["back"]
        if self.step == "train":
            return ["train:Elk", "train:Fox", "back"]
        return ["buy", "train", "raise", "done"]

    def describe(self, seat: int, action: str) -> Msg:
        if action.startswith("buy:"):
            name = action[4:]
            return _label(f"{name}, {self.stock[name]} $")
        return _label(action.replace(":", " ").capitalize())

    def apply(self, seat: int, action: str) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction(Msg("core.error.illegal"))
        if seat == 1:
            self.stock.pop(next(iter(self.stock)), None)
            self.events.append(Event(Msg("toy.took", seat=PlayerRef(1), count=1), cause=1))
            self.turn = 0
            return
        if action in ("buy", "train"):
            self.step = action
        elif action == "back":
            self.step = ""
        elif action == "raise":
            self.stock = {name: price + (index < 3)
                          for index, (name, price) in enumerate(self.stock.items())}
        elif action == "done":
            self.turn = 1
        else:
            self.step = ""
            self.stock.pop(action[4:], None)
            self.events.append(Event(Msg("toy.took", seat=PlayerRef(0), count=1), cause=0))
        if not self.stock:
            self.winner = 0

    def outcome(self) -> Outcome | None:
        return None if self.winner is None else Outcome(
            frozenset({self.winner}), Msg("toy.won", seat=PlayerRef(self.winner)))


STORE = replace(SPEC, name="toy", new_state=StoreState)


def _store(script: str, **kwargs) -> list[str]:
    match = Match(STORE, STORE.settings(2, 1), [SeatSpec("human", "Ana"),
                                                SeatSpec("bot", level="random")])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out),
                    **kwargs)
    client.run()
    return out.getvalue().splitlines()


def _after(lines: list[str], line: str, nth: int = 1) -> list[str]:
    """The lines after the ``nth`` ``line``."""
    at = [i for i, text in enumerate(lines) if text == line][nth - 1]
    return lines[at + 1:]


@pytest.mark.timeout(30)
def test_a_question_in_the_same_words_is_a_new_question_numbered_from_1() -> None:
    """Vertigo's "Which region?" of a purchase, then of a training: the training's list
    starts at 1 (it took 5 after the purchase's 1 to 4), and is said whole."""
    lines = _store("1\n1\n2\n")  # buy, Ant; then train
    train = _after(lines, "toy.where", 2)
    assert train[:4] == ["3 choices:", "1. Train elk", "2. Train fox", "0. Back"]


@pytest.mark.timeout(30)
def test_what_went_is_said_by_name_in_the_same_turn() -> None:
    """The buying list asked again in the same turn, one entry gone: "gone: Ant, 5 $",
    never a number alone ("gone: 1.")."""
    lines = _store("1\n1\n1\n")  # buy, Ant; buy again
    again = _after(lines, "toy.where", 2)
    assert again[0] == "6 choices left; gone: Ant, 5 $."
    assert not any("gone: 1" in line for line in lines)


@pytest.mark.timeout(30)
def test_a_menu_heard_before_others_played_is_said_whole() -> None:
    """The store's menu after the bot played (its stock changed) is said whole, with its
    numbers, not "4 choices left; gone: ..." against a list heard last turn (the same
    short list heard whole before: every entry on one line)."""
    lines = _store("00\n1\n")  # done; the bot takes Ant; then buy
    assert _after(lines, "toy.took")[:2] == ["Your turn: toy.ask",
                                             "1. Buy; 2. Train; 3. Raise; 00. Done."]
    assert _after(lines, "toy.where")[:3] == ["6 choices:", "1. Bee, 5 $", "2. Cat, 5 $"]


@pytest.mark.timeout(30)
def test_a_menu_with_many_changes_is_said_whole_even_in_the_same_turn() -> None:
    """One entry gone and three prices raised: more than a player follows by ear ("6
    choices; changed:", three of them, "Gone: 1."): the list said whole."""
    lines = _store("1\n1\n3\n1\n")  # buy Ant; raise; buy
    where = _after(lines, "toy.where", 2)
    assert where[:7] == ["6 choices:", "2. Bee, 6 $", "3. Cat, 6 $", "4. Dog, 6 $",
                         "5. Emu, 5 $", "6. Gnu, 5 $", "0. Back"]


@pytest.mark.timeout(30)
def test_the_same_list_in_the_same_turn_is_one_line() -> None:
    """Little to remember: the store's menu after going back from a question, unchanged,
    heard whole moments ago."""
    lines = _store("2\n0\n")  # train, back
    assert _after(lines, "toy.where")[4] == "toy.ask"
    assert _after(lines, "toy.where")[5] == "The same 4 choices."


@pytest.mark.timeout(30)
def test_enter_reads_every_choice_at_brief() -> None:
    """Enter alone, like ``choices`` and F5, reads the choices at every verbosity."""
    lines = _store("\n", verbosity=Verbosity.BRIEF)
    assert lines.count("Your turn: toy.ask") == 2  # asked, then Enter
    assert _after(lines, "Your turn: toy.ask", 2)[1:5] == ["1. Buy", "2. Train", "3. Raise",
                                                           "00. Done"]


@pytest.mark.timeout(30)
def test_numbers_typed_ahead_and_not_taken_are_said_with_why() -> None:
    """"00 1 1": done, then two numbers for after the bot's move: not taken, because the
    bot played first; a refused number says which typed after it were not taken."""
    lines = _store("00 1 1\n9 1\n")
    assert "Not taken: 1, 1; others played first." in lines
    refused = lines.index("No choice 9 here: 4 choices, type choices to hear them.")
    assert lines[refused + 1] == "Not taken either: 1, typed after it."


def _no_device(backend: str) -> object:
    raise OSError("no sound card")


@pytest.mark.timeout(30)
def test_a_missing_sound_device_is_said_by_sound_and_sounds_never_type_sound_on() -> None:
    """With sound on and no device, `sounds 3` said "Sound is off: type sound on" and the
    next `sound on` "no sound device opens": `sounds` and `sound` say the device, and the
    problem is said once, not again after the command."""
    from a11y_games.output.sound import Sound

    sound = Sound("on", open_device=_no_device, deferred=True, environ={})
    lines = _store("sounds 3\nsound\nsounds\n", sound=sound)
    device = "No sound device opens: no cue can play."
    assert not any("type sound on" in line for line in lines)
    assert lines.count(device) == 2  # after the cue's line, after the list
    assert lines.count("Sound is off: no sound device opens. Text and speech go on.") == 1


@pytest.mark.timeout(30)
def test_repeat_says_a_log_page_with_its_header_never_the_header_alone() -> None:
    """`repeat 2` after `log` and `status` re-read "Messages 1 to 10 of 19:" alone."""
    lines = _store("log\nstatus\nrepeat 1\n")
    page = lines.index("Messages 1 to 1 of 1:")
    status = lines.index("toy.sticks", page)
    assert lines[page:status] == ["Messages 1 to 1 of 1:", "toy.card"]
    assert lines[status + 1:status + 3] == lines[page:status]  # repeat 1: header and page


@pytest.mark.timeout(60)
def test_a_saved_name_of_a_megabyte_is_said_bounded_as_a_typed_name(tmp_path) -> None:
    """A hand-made save with a 1 MB seat name printed it whole (4 MB of output): a loaded
    name is bounded as a name typed at the launcher is (40 characters)."""
    import json

    from a11y_games.engine.text import NAME_LENGTH

    match = Match(STORE, STORE.settings(2, 1), [SeatSpec("human", "Ana"),
                                                SeatSpec("bot", level="random")])
    path = tmp_path / "s.json"
    match.save(path)
    data = json.loads(path.read_text())
    data["seats"][0]["name"] = "Ana" + "x" * 10**6
    path.write_text(json.dumps(data))
    loaded = Match.load(path, {"toy": STORE})
    out = io.StringIO()
    Client(loaded, reader=PlainReader(io.StringIO("status\n")), writer=Writer(out)).run()
    assert len(out.getvalue()) < 5000
    assert "Ana" + "x" * (NAME_LENGTH - 3) in out.getvalue()
    assert loaded.seat_name(0) == "Ana" + "x" * (NAME_LENGTH - 3)
