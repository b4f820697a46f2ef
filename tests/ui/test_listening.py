"""Less to hear, fewer keys (issue 13): muted kinds, one answer taken at once, stable numbers,
a choice named by a word, several numbers on a line, whole entries in log search."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import ClassVar

import pytest

from a11y_games.engine import Event, IllegalAction, Msg, Pending, PlayerRef, Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.state import Outcome
from a11y_games.ui.client import Client
from a11y_games.ui.numbering import Numbering
from a11y_games.ui.settings import Preferences, load_preferences
from a11y_games.ui.terminal import PlainReader, Writer
from tests.toygame import SPEC, ToyState


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _label(text: str) -> Msg:
    """A label that renders as ``text`` (the toy game has no catalogue of its own)."""
    return Msg("core.choices.only", label=text)


class ShopState(ToyState):
    """One seat buys from a shop menu until it is done: a menu that stays open."""

    ITEMS = ("Nominate Brazil", "Nominate Chile", "Buy Élan")

    def __init__(self, settings, rng) -> None:
        super().__init__(settings, rng)
        self.left = list(range(len(self.ITEMS)))
        self.finished = False

    def pending(self) -> Pending | None:
        return None if self.finished else Pending((0,), Msg("toy.ask"))

    def legal_actions(self, seat: int) -> list[str]:
        if self.finished or seat != 0:
            return []
        return [f"buy:{i}" for i in self.left] + ["done", "back"]

    def describe(self, seat: int, action: str) -> Msg:
        if action.startswith("buy:"):
            return _label(self.ITEMS[int(action[4:])])
        return _label(action.capitalize())

    def apply(self, seat: int, action: str) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction(Msg("core.error.illegal"))
        if action == "done":
            self.finished = True
        elif action.startswith("buy:"):
            self.left.remove(int(action[4:]))
            self.events.append(Event(Msg("toy.took", seat=PlayerRef(0), count=1), cause=0))

    def outcome(self) -> Outcome | None:
        return Outcome(frozenset({0}), Msg("toy.won", seat=PlayerRef(0))) if self.finished \
            else None


SHOP = replace(SPEC, name="toy", new_state=ShopState)


def _shop(script: str, **kwargs):
    match = Match(SHOP, SHOP.settings(2, 1), [SeatSpec("human", "Ana"),
                                              SeatSpec("bot", level="random")])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out), **kwargs)
    client.run()
    return out.getvalue().splitlines(), match, client


def _toy(script: str, **kwargs):
    match = Match(SPEC, SPEC.settings(2, 5), [SeatSpec("human", "Ana"),
                                              SeatSpec("bot", level="random")])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out), **kwargs)
    return out, match, client


# --- stable numbers, fixed keys -------------------------------------------------------------
def test_an_entry_keeps_its_number_while_the_menu_stays_open() -> None:
    lines, match, _ = _shop("1\nchoices\n2\n")
    assert "1. Only one choice: Nominate Brazil." in lines  # the toy label, said in full
    assert "00. Only one choice: Done." in lines and "0. Only one choice: Back." in lines
    later = lines[lines.index("choices") if "choices" in lines else 0:]
    assert "2. Only one choice: Nominate Chile." in later  # still 2 after buying 1
    assert not any(line.startswith("1. ") for line in lines[-8:])  # 1 is not reused
    assert match.log == [(0, "buy:0"), (0, "buy:1")]


def test_the_same_menu_after_others_played_keeps_its_numbers_if_nothing_left_it() -> None:
    """Others acted between two askings of one menu (Vanuatu's planning passes): every
    entry still there keeps its number and new ones come after (Build stays 2 when Fish
    and Dive appear); entries only gone keep the others' numbers too (Utopia's guests that
    others took); entries gone and others new make a new menu, numbered from 1."""
    from a11y_games.ui.numbering import Numbering

    numbering = Numbering()
    plan = ("plan", 0)
    assert numbering.keys(plan, ["sail", "build", "rest"]) == [
        ("1", "sail"), ("2", "build"), ("3", "rest")]
    numbering.close()  # the others placed their markers
    opened = numbering.opened
    assert numbering.keys(plan, ["sail", "fish", "build", "rest"]) == [
        ("1", "sail"), ("2", "build"), ("3", "rest"), ("4", "fish")]
    assert numbering.opened == opened  # the same menu: only what changed is said
    numbering.close()
    assert numbering.keys(plan, ["fish", "build"]) == [("2", "build"), ("4", "fish")]
    assert numbering.opened == opened  # entries only gone: the same menu
    numbering.close()
    assert numbering.keys(plan, ["fish", "dive"]) == [("1", "fish"), ("2", "dive")]
    assert numbering.opened != opened  # one gone, one new: a new menu, said whole
    numbering.close()
    assert numbering.keys(("other", 0), ["fish", "build"]) == [("1", "fish"), ("2", "build")]


def test_a_menu_asked_again_after_another_menu_of_the_same_turn_keeps_its_numbers() -> None:
    """Utopia's action menu, after the questions of a move (which princes, where to), is
    the same menu before anyone else played: its numbers, not a new list."""
    numbering = Numbering()
    actions = ("actions", 0)
    assert numbering.keys(actions, ["move", "add", "end"]) == [
        ("1", "move"), ("2", "add"), ("00", "end")]
    opened = numbering.opened
    assert numbering.keys(("which", 0), ["p1", "p2", "back"])[0] == ("1", "p1")
    assert numbering.keys(actions, ["add", "move", "end"]) == [
        ("1", "move"), ("2", "add"), ("00", "end")]
    assert numbering.opened == opened  # the same menu: only what changed is said
    numbering.close()  # another seat played: that menu forgotten
    numbering.keys(("which", 0), ["p1", "back"])
    numbering.keys(actions, ["add", "end"])
    assert numbering.opened != opened


def test_00_is_done_and_0_is_back_in_every_menu() -> None:
    numbering = Numbering()
    keys = numbering.keys("m", ["a", "pass", "back", "b"])
    assert keys == [("1", "a"), ("2", "b"), ("00", "pass"), ("0", "back")]
    assert numbering.keys("m", ["b", "c", "pass", "back"])[:2] == [("2", "b"), ("3", "c")]
    assert numbering.keys("other", ["c", "claim:done"]) == [("1", "c"), ("00", "claim:done")]
    _, match, _ = _shop("00\n")
    assert match.log == [(0, "done")]


def test_a_menu_asked_again_says_only_what_changed() -> None:
    lines, _, _ = _shop("1\n")
    again = lines[lines.index("toy.took") + 1:]
    assert again[1] == "4 choices left; gone: Only one choice: Nominate Brazil."  # by name
    assert "Type a number" not in " ".join(again)


def test_a_list_heard_before_the_other_played_is_said_whole_and_enter_reads_it() -> None:
    """The bot moved since Ana heard the list: it is said whole again (issue 27), every
    entry (on one line: the same short list heard whole before), and Enter reads it whole
    with its header, an entry a line."""
    out, _, client = _toy("1\n\n")  # 7 sticks: 3 choices again after the bot's move
    client.run()
    lines = out.getvalue().splitlines()
    assert lines.count("3 choices. Type a number.") == 1  # the first list teaches
    assert "The same 3 choices." not in lines
    asked = lines.index("Your turn: toy.ask", lines.index("toy.took"))
    assert lines[asked + 1] == "1. toy.take; 2. toy.take; 3. toy.take."
    assert lines[asked + 2:asked + 7] == ["Your turn: toy.ask", "3 choices:",
                                           "1. toy.take", "2. toy.take", "3. toy.take"]


def test_a_question_after_ones_own_step_says_no_name_again_after_others_it_does() -> None:
    """"Your turn:" only after others played; one player alone is not named (several at
    one keyboard are, below)."""
    lines, _, _ = _shop("1\n")
    took = lines.index("toy.took")
    assert lines[took - 7] == "Your turn: toy.ask"  # the first question, 6 lines of list
    assert lines[took + 1] == "toy.ask"  # after Ana's own purchase: the same turn goes on
    out, _, client = _toy("1\n")
    client.run()
    asked = [line for line in out.getvalue().splitlines() if line.endswith("toy.ask")]
    assert len(asked) >= 2 and all(line == "Your turn: toy.ask" for line in asked)


class RoundsState(ToyState):
    """Nim whose table says a line of its own after the bot's move (a new round, the
    water): ``NAMED`` makes that line name the bot ("Bo, rest token: 1 vatu.")."""

    NAMED = False

    def apply(self, seat: int, action: str) -> None:
        super().apply(seat, action)
        if seat == 1 and self.winner is None:
            self.events.append(Event(Msg("toy.took", seat=PlayerRef(1), count=0) if self.NAMED
                                     else Msg("toy.sticks", count=self.sticks)))


def _rounds(named: bool) -> list[str]:
    state = type("Named" if named else "Table", (RoundsState,), {"NAMED": named})
    spec = replace(SPEC, new_state=state)
    match = Match(spec, spec.settings(2, 5), [SeatSpec("human", "Ana"),
                                              SeatSpec("bot", level="random")])
    out = io.StringIO()
    Client(match, reader=PlainReader(io.StringIO("1\n1\n1\n")), writer=Writer(out)).run()
    return out.getvalue().splitlines()


def test_the_turn_coming_back_after_another_players_line_says_your_turn() -> None:
    """One player at the keyboard: after the table's own line (a round's opening) the
    question is plainly theirs and goes without "Your turn:"; after another player's
    doing, or the table's line about another player, the turn is said to come back; the
    game's first question always says it."""
    lines = _rounds(named=False)
    asked = [i for i, line in enumerate(lines) if line.endswith("toy.ask")]
    assert len(asked) >= 2 and lines[asked[0]] == "Your turn: toy.ask"
    for at in asked[1:]:
        assert lines[at - 1].startswith("toy.sticks") and lines[at] == "toy.ask"
    lines = _rounds(named=True)
    asked = [i for i, line in enumerate(lines) if line.endswith("toy.ask")]
    assert len(asked) >= 2
    assert all(lines[at] == "Your turn: toy.ask" for at in asked)
    out, _, client = _toy("1\n1\n")  # plain Nim: the bot's move is the last line heard
    client.run()
    asked = [line for line in out.getvalue().splitlines() if line.endswith("toy.ask")]
    assert len(asked) >= 2 and all(line == "Your turn: toy.ask" for line in asked)


def test_several_people_at_one_keyboard_are_named_at_their_turn() -> None:
    match = Match(SPEC, SPEC.settings(2, 1), [SeatSpec("human", "Ana"),
                                             SeatSpec("human", "Bo")])
    out = io.StringIO()
    Client(match, reader=PlainReader(io.StringIO("\n1\n\n1\n")), writer=Writer(out),
           prefs=Preferences(hotseat_clear="off")).run()
    lines = out.getvalue().splitlines()
    assert "Ana, your turn: toy.ask" in lines and "Bo, your turn: toy.ask" in lines


class NominatingShop(ShopState):
    """A shop whose nominations continue one another: "Nominate Brazil", then "Chile"."""

    def describe(self, seat: int, action: str) -> Msg:
        label = super().describe(seat, action)
        item = self.ITEMS[int(action[4:])] if action.startswith("buy:") else ""
        if item.startswith("Nominate "):
            return Msg("toy.took", seat=PlayerRef(0), count=len(item), continued=_label(
                item.removeprefix("Nominate ")))
        return label


def test_an_entry_continuing_the_one_before_is_said_by_its_shorter_label() -> None:
    """In a list said whole at normal, an entry with the same kind of label as the one
    before it is said by the game's shorter label (its ``continued`` parameter); an entry
    of another kind is said whole; ``choices`` and full say every label whole."""
    shop = replace(SHOP, new_state=NominatingShop)
    match = Match(shop, shop.settings(2, 1), [SeatSpec("human", "Ana"),
                                              SeatSpec("bot", level="random")])
    out = io.StringIO()
    Client(match, reader=PlainReader(io.StringIO("choices\n")), writer=Writer(out)).run()
    lines = out.getvalue().splitlines()
    listed = lines[lines.index("Your turn: toy.ask") + 2:lines.index("Your turn: toy.ask") + 7]
    assert listed == ["1. toy.took", "2. Only one choice: Chile.",
                      "3. Only one choice: Buy Élan.", "00. Only one choice: Done.",
                      "0. Only one choice: Back."]
    again = [i for i, line in enumerate(lines) if line == "1. toy.took"][1]  # `choices`
    assert lines[again + 1] == "2. toy.took"  # every label whole


class ChangingShop(ShopState):
    """A shop whose first entry says how many were bought: one label changes a purchase."""

    bought = 0

    def describe(self, seat: int, action: str) -> Msg:
        if action == "buy:0":
            return _label(f"Nominate Brazil, {self.bought} bought")
        return super().describe(seat, action)

    def apply(self, seat: int, action: str) -> None:
        if action == "buy:0":  # Brazil stays on offer; only the count in its label changes
            self.bought += 1
            self.events.append(Event(Msg("toy.took", seat=PlayerRef(0), count=1), cause=0))
            return
        super().apply(seat, action)


class AgainShop(ShopState):
    """A shop whose question says it comes back after each purchase."""

    def pending(self) -> Pending | None:
        pending = super().pending()
        return None if pending is None else replace(pending, several=True)


def test_one_choice_changed_is_one_line() -> None:
    match = Match(replace(SHOP, new_state=ChangingShop), SHOP.settings(2, 1),
                  [SeatSpec("human", "Ana"), SeatSpec("bot", level="random")])
    out = io.StringIO()
    Client(match, reader=PlainReader(io.StringIO("1\n")), writer=Writer(out)).run()
    lines = out.getvalue().splitlines()
    again = lines[lines.index("toy.took") + 1:]
    assert again[:2] == ["toy.ask",
                         "5 choices; 1 is now Only one choice: Nominate Brazil, 1 bought.."]


def test_a_question_that_comes_back_invites_several_numbers_on_one_line() -> None:
    match = Match(replace(SHOP, new_state=AgainShop), SHOP.settings(2, 1),
                  [SeatSpec("human", "Ana"), SeatSpec("bot", level="random")])
    out = io.StringIO()
    Client(match, reader=PlainReader(io.StringIO("1 2\n")), writer=Writer(out)).run()
    lines = out.getvalue().splitlines()
    assert "5 choices. Type a number, or several on one line." in lines
    assert match.log == [(0, "buy:0"), (0, "buy:1")]
    assert lines.count("toy.took") == 2  # each purchase confirmed; the question not said


# --- a choice named by a word ---------------------------------------------------------------
def test_a_unique_word_of_a_label_names_the_choice_accents_and_case_ignored() -> None:
    lines, match, _ = _shop("nominate\nCHILE\nelan\n")
    assert match.log == [(0, "buy:1"), (0, "buy:2")]
    assert "nominate fits 2 choices: 1, 2. Type one number." in lines  # two have that word


# --- several numbers on one line --------------------------------------------------------------
def test_numbers_on_one_line_answer_successive_questions() -> None:
    _, match, _ = _shop("1 2\n")
    assert match.log == [(0, "buy:0"), (0, "buy:1")]


def test_the_first_refusal_stops_the_numbers_typed_ahead_and_says_it() -> None:
    lines, match, _ = _shop("1 9 2\n")
    assert match.log == [(0, "buy:0")]
    assert "Not taken either: 2, typed after it." in lines


def test_numbers_typed_ahead_stop_when_another_seat_plays_between() -> None:
    out, match, client = _toy("")
    client.advance()
    client.handle("1 1 1")
    assert [seat for seat, _ in match.log] == [0, 1]  # Ana's first answer, then the bot's
    assert "Not taken: 1, 1; others played first." in out.getvalue().splitlines()


# --- one possible answer ----------------------------------------------------------------------
def test_a_single_answer_is_taken_at_once_and_said() -> None:
    """Said by the move's own line ("toy.took", Ana's), once: "Only one choice:" would say
    it again; at full both are said."""
    out, match, client = _toy("3\n")  # 7 sticks: Ana takes 3, the bot some, 1 left at most
    match.state.sticks = 1
    client.run()
    lines = out.getvalue().splitlines()
    assert "Only one choice: toy.take." not in lines
    assert match.log == [(0, "take:1")] and match.state.outcome() is not None
    assert lines[lines.index("toy.won") - 1] == "toy.took"  # confirmed, unasked
    assert not any(line.endswith("toy.ask") for line in lines)
    out, match, client = _toy("3\n", verbosity=Verbosity.FULL)
    match.state.sticks = 1
    client.run()
    lines = out.getvalue().splitlines()
    assert lines[lines.index("Only one choice: toy.take.") + 1] == "toy.took"


def test_a_single_answer_is_asked_when_the_player_turned_that_off() -> None:
    out, match, client = _toy("")
    client.only_choice = False
    match.state.sticks = 1
    client.run()
    assert "Only one choice: toy.take." not in out.getvalue()
    assert match.log == []


class StepState(ToyState):
    """Seat 0 picks a move, then where: a sub-question with its back (to the move menu)."""

    WHERE: ClassVar[dict[str, tuple[str, ...]]] = {"near": ("go:shore",),
                                                 "far": ("go:reef", "go:bay")}

    def __init__(self, settings, rng) -> None:
        super().__init__(settings, rng)
        self.move: str | None = None
        self.went: str | None = None

    def pending(self) -> Pending | None:
        return None if self.went else Pending((0,), Msg("toy.ask"))

    def legal_actions(self, seat: int) -> list[str]:
        if self.went or seat != 0:
            return []
        if self.move is None:
            return ["move:near", "move:far"]
        return [*self.WHERE[self.move], "back"]

    def describe(self, seat: int, action: str) -> Msg:
        return _label(action.split(":")[-1].capitalize())

    def apply(self, seat: int, action: str) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction(Msg("core.error.illegal"))
        if action == "back":
            self.move = None
        elif action.startswith("move:"):
            self.move = action[5:]
        else:
            self.went = action[3:]

    def outcome(self) -> Outcome | None:
        return Outcome(frozenset({0}), Msg("toy.won", seat=PlayerRef(0))) if self.went \
            else None


STEPS = replace(SPEC, name="toy", new_state=StepState)


def _steps(script: str, *, start: str | None = None):
    match = Match(STEPS, STEPS.settings(2, 1), [SeatSpec("human", "Ana"),
                                                SeatSpec("bot", level="random")])
    match.state.move = start
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out))
    client.run()
    return out.getvalue().splitlines(), match


def _taken_alone(lines: list[str]) -> list[str]:
    """The lines saying a choice was taken at once (a toy label is itself "Only one
    choice: ...", so the line says it twice)."""
    return [line for line in lines if line.startswith("Only one choice: Only one choice:")]


def test_the_only_choice_besides_back_after_ones_own_step_is_taken_and_said() -> None:
    lines, match = _steps("1\n")  # Near: its only place, Shore, is taken at once
    assert _taken_alone(lines) == ["Only one choice: Only one choice: Shore.."]
    assert [a for _, a in match.log] == ["move:near", "go:shore"]
    lines, match = _steps("2\n3\n")  # Far: two places, asked (Reef is 3: the same menu)
    assert _taken_alone(lines) == []
    assert [a for _, a in match.log] == ["move:far", "go:reef"]


def test_the_only_choice_besides_back_is_asked_when_no_own_step_led_there() -> None:
    lines, match = _steps("1\n", start="near")  # asked at once, the menu not chosen here
    assert _taken_alone(lines) == []
    assert [a for _, a in match.log] == ["go:shore"]


# --- kinds: mute, unmute, log KIND ----------------------------------------------------------
def test_muting_others_hides_their_moves_but_logs_them_and_the_mute_stays() -> None:
    prefs = Preferences()
    out, match, client = _toy("mute others\n2\nlog others\nkinds\n", prefs=prefs)
    client.run()
    lines = out.getvalue().splitlines()
    said_at = lines.index("Muted: others.")
    bot_moves = [e for e in match.events if e.cause == 1]
    assert bot_moves
    shown = lines[said_at:lines.index("1 message of kind others:")]
    assert shown.count("toy.took") == 1  # mine only: the bot's move is not said...
    assert lines[lines.index("1 message of kind others:") + 1] == "toy.took"  # ...but logged
    assert "Muted: others." in lines[lines.index("3 kinds of announcements."):]
    saved, _ = load_preferences()
    assert saved.muted_kinds == "others"
    again = Client(Match(SPEC, SPEC.settings(2, 5), [SeatSpec("human", "Ana"),
                                                     SeatSpec("bot", level="random")]),
                   reader=PlainReader(io.StringIO("")), writer=Writer(io.StringIO()),
                   prefs=saved)
    assert again.muted_kinds == {"others"}


def test_french_kind_words_and_unmute() -> None:
    out, _, client = _toy("taire autres\nretablir autres\ntaire rien\n", lang="fr")
    client.run()
    lines = out.getvalue().splitlines()
    assert "Ne sera plus dit : autres." in lines and "Dit de nouveau : autres." in lines
    assert any(line.startswith("Aucun genre nommé rien.") for line in lines)
    assert client.muted_kinds == set()


def test_what_targets_the_player_is_never_muted() -> None:
    out, match, client = _toy("", verbosity=Verbosity.NORMAL)
    client.muted_kinds = {"others"}
    match.state.events.append(Event(Msg("toy.won", seat=PlayerRef(0)), level=Verbosity.BRIEF,
                                    cause=1))
    match.state.events.append(Event(Msg("toy.took", seat=PlayerRef(1), count=2), cause=1))
    client.flush_events()
    lines = out.getvalue().splitlines()
    assert "toy.won" in lines and "toy.took" not in lines


def test_a_game_kind_is_found_by_the_longest_matching_id() -> None:
    from a11y_games.ui.listening import kind_of

    kinds = {"pnue.vote.": "votes", "pnue.vote.result": "results"}
    assert kind_of(Event(Msg("pnue.vote.result")), kinds) == "results"
    assert kind_of(Event(Msg("pnue.vote.cast")), kinds) == "votes"
    assert kind_of(Event(Msg("pnue.claim.says")), kinds) is None


# --- log search -----------------------------------------------------------------------------
def test_log_search_shows_who_said_it_counts_and_pages_through_all() -> None:
    out, match, client = _toy("")
    for n in range(12):
        claim = Msg("pnue.claim.role", target=PlayerRef(0), role=f"liar {n}")
        match.state.events.append(Event(Msg("pnue.claim.says_role", seat=PlayerRef(1),
                                            claim=claim), cause=1))
    client.flush_events()
    client.handle("log search liar")
    client.handle("log next")
    lines = out.getvalue().splitlines()
    assert "12 messages contain liar; 1 to 10:" in lines  # one header, not two
    assert "Messages 1 to 10 of 12:" not in lines
    assert "toy.bot.a claims: you are liar 0." in lines
    assert "Messages 11 to 12 of 12:" in lines
    assert lines[-1] == "toy.bot.a claims: you are liar 11."


def test_log_kind_counts_what_matched_and_pages_through_all_from_the_oldest() -> None:
    out, match, client = _toy("")
    for n in range(12):
        match.state.events.append(Event(Msg("toy.took", seat=PlayerRef(1), count=n),
                                        cause=1))
    match.state.events.append(Event(Msg("toy.took", seat=PlayerRef(0), count=1), cause=0))
    client.flush_events()
    client.handle("log others")
    client.handle("log next")
    client.handle("log next")
    lines = out.getvalue().splitlines()
    first = lines.index("12 messages of kind others; 1 to 10:")  # one header, not two
    assert lines[first + 1] == "toy.took"
    assert "Messages 11 to 12 of 12:" in lines
    assert lines[-1] == "End of the log: nothing newer."  # Ana's own move is not "others"


# --- the launcher -----------------------------------------------------------------------------
def _launch(monkeypatch, capsys, script: str) -> list[str]:
    import sys

    from a11y_games.cli import main

    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    assert main(["--speech", "off", "--seed", "1", "--sound", "off"]) == 0
    return capsys.readouterr().out.splitlines()


def test_the_launcher_takes_game_and_language_by_word_and_names_the_humans(
        monkeypatch, capsys) -> None:
    lines = _launch(monkeypatch, capsys,
                    "Mr-Dollar\n5\nmore\n2\nZoé\n\nhasard\n\n\n\nfrançais\n")
    assert "Bienvenue dans PNUE — Mr Dollar." in lines
    assert any(line.startswith("5 joueurs : Zoé, Joueur 2,") for line in lines)
    assert not any(line == "Crisis race" for line in lines)  # crises are off: not asked
    first = lines.index("First President")
    assert lines[first + 1:first + 7] == ["1. Drawn at random", "2. Seat 1", "3. Seat 2",
                                          "4. Seat 3", "5. Seat 4", "6. Seat 5"]  # 1 to 5 only
    assert lines[first + 7].startswith("Your choice?")


def test_the_launcher_lists_each_game_short_with_its_player_count_first(monkeypatch,
                                                                        capsys) -> None:
    """"1. PNUE — Mr Dollar: Hidden roles: ecologists against ... 2 to 12 players." ran to
    100 characters with the count last; now a few words, and the summary once chosen."""
    lines = _launch(monkeypatch, capsys, "1\n\n\nquit\nyes\nno\n")
    listed = lines.index("a11y games. Choose a game:")
    assert lines[listed + 1:listed + 5] == [
        "1. PNUE — Mr Dollar, 2 to 12 players: hidden roles.",
        "2. Vertigo, 2 to 4 players: factories and pollution.",
        "3. Utopia, 2 to 5 players: princes and monuments.",
        "4. Vanuatu, 2 to 5 players: islands and boats."]
    asked = lines.index("Game number? Enter for 1.")
    assert lines[asked + 1] == ("Hidden roles: ecologists against lobbyists and their"
                                " secret leader, Mr Dollar.")
    assert lines[asked + 2].startswith("How many players, 2 to 12?")


def test_the_rising_waters_variant_says_what_each_answer_means(monkeypatch, capsys) -> None:
    """"1. on" / "2. off" were bare values: each answer now says the game it makes, as
    PNUE's "With the 3 crises" does."""
    lines = _launch(monkeypatch, capsys, "vanuatu\n\nmore\n\n\n\n\nquit\nyes\nno\n")
    asked = lines.index("Rising waters (expansion)")
    assert lines[asked + 1:asked + 3] == ["1. With rising waters", "2. Without rising waters"]


def test_the_launcher_offers_to_resume_the_unfinished_game(monkeypatch, capsys) -> None:
    _launch(monkeypatch, capsys, "vertigo\n\n\n1\n")  # one decision, then input ends
    lines = _launch(monkeypatch, capsys, "yes\n")
    offer = next(line for line in lines if line.startswith("Unfinished: Vertigo, "))
    assert offer.endswith("Resume it? Type yes, or Enter for a new game.")
    assert any(line.startswith("Loaded Vertigo from ") for line in lines)


def test_a_fresh_machine_is_asked_its_language_first_by_word() -> None:
    from a11y_games.i18n import Translator
    from a11y_games.launcher import ask_language

    out = io.StringIO()
    lang = ask_language(Translator("en"), Writer(out), PlainReader(io.StringIO("Français\n")))
    assert lang == "fr"
    assert out.getvalue().splitlines()[:3] == ["1. English", "2. Français",
                                               "Language? Langue ? Enter for 1."]


def test_the_first_question_speaks_to_a_french_speaker_too() -> None:
    """On a fresh machine nobody has chosen a language yet: the question is heard in
    both, whichever the system's own."""
    from a11y_games.i18n import Translator
    from a11y_games.launcher import ask_language

    for system, question in (("en", "Language? Langue ? Enter for 1."),
                             ("fr", "Langue ? Language? Entrée pour 2.")):
        out = io.StringIO()
        assert ask_language(Translator(system), Writer(out),
                            PlainReader(io.StringIO("\n"))) == system  # Enter: the system's
        assert out.getvalue().splitlines()[2] == question


def test_the_launcher_says_when_the_unfinished_game_cannot_be_read(monkeypatch,
                                                                   capsys) -> None:
    """A damaged autosave is not skipped in silence: the player hears why no game is
    offered to resume, then the game list."""
    from a11y_games.ui.paths import save_path

    _launch(monkeypatch, capsys, "vertigo\n\n\n1\n")  # one decision, then input ends
    autosave = save_path("autosave")
    autosave.write_text(autosave.read_text()[:200])  # cut short, as by a full disk
    lines = _launch(monkeypatch, capsys, "\n\n\nquit\nyes\nno\n")
    said = "Your unfinished game cannot be resumed: its save is damaged."
    assert said in lines
    assert lines.index(said) < lines.index("a11y games. Choose a game:")


def test_the_launcher_names_each_language_in_its_own_words_after_more(monkeypatch,
                                                                      capsys) -> None:
    """The language question after "more" reads as the first one does: "2. Français" for
    a player who chose English by mistake, never "2. French"."""
    lines = _launch(monkeypatch, capsys, "vertigo\n\nmore\n\n\n\nquit\nyes\nno\n")
    asked = next(i for i, line in enumerate(lines) if line.startswith("Language?"))
    assert lines[asked - 2:asked] == ["1. English", "2. Français"]


def test_resuming_names_the_save_not_its_whole_path(monkeypatch, capsys) -> None:
    """"Loaded Vertigo from /home/ana/.local/share/a11y_games/saves/autosave.json: ..." read
    a path aloud at every resume; the save's name is what the player can type."""
    import re

    _launch(monkeypatch, capsys, "vertigo\n\n\n1\n")  # one decision, then input ends
    lines = _launch(monkeypatch, capsys, "yes\n")
    loaded = next(line for line in lines if line.startswith("Loaded Vertigo from "))
    assert re.fullmatch(r"Loaded Vertigo from autosave: \d+ moves? replayed\.", loaded), loaded
