"""The reader and writer side of one voice: prompts spoken, keys silence, lines from the
speech thread written whole above the prompt, hot-seat clearing."""

from __future__ import annotations

import io
import threading
import time

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from a11y_games.ui.terminal import CLEAR, PromptReader, Writer

pytestmark = pytest.mark.timeout(20)


class Recorder:
    """A fake voice: what it was asked to say, and its silences, in order."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def speak(self, text: str) -> None:
        self.said.append(text)

    def silence(self) -> None:
        self.said.append("<silence>")


def test_every_line_is_spoken_once_in_order_and_the_prompt_without_its_echo() -> None:
    voice = Recorder()
    writer = Writer(io.StringIO())
    writer.speak = voice.speak
    with create_pipe_input() as pipe:
        reader = PromptReader(lambda: [], input=pipe, output=DummyOutput())
        reader.on_prompt = writer.prompt
        writer.lines(["Round 3.", "Mali nominates Kenya."])
        writer.ask(["Vote: yes or no?", "1. Yes", "2. No"])
        pipe.send_text("2\n")
        assert reader.read("Vote> ") == "2"
    assert voice.said == ["Round 3.", "Mali nominates Kenya.", "Vote: yes or no?", "1. Yes",
                          "2. No", "Vote"], "the typed 2 is not said back"
    assert writer.question == ["Vote: yes or no?", "1. Yes", "2. No"]
    assert writer.last_line() == "2. No"


def test_any_key_at_the_prompt_silences_speech() -> None:
    voice = Recorder()
    with create_pipe_input() as pipe:
        reader = PromptReader(lambda: [], input=pipe, output=DummyOutput())
        reader.on_key = voice.silence
        pipe.send_text("st")
        pipe.send_text("\n")
        assert reader.read("> ") == "st"
    assert voice.said.count("<silence>") >= 2, "each key press stops the voice"


def test_a_line_from_another_thread_is_written_above_the_waiting_prompt() -> None:
    screen = io.StringIO()
    writer = Writer(screen)
    done = threading.Event()
    with create_pipe_input() as pipe:
        reader = PromptReader(lambda: [], input=pipe, output=DummyOutput())
        writer.interject = reader.interject

        def speech_thread() -> None:
            while reader._loop is None:
                time.sleep(0.01)
            writer.post(lambda: (writer.line("Speech stopped."), done.set()))
            done.wait(5)
            pipe.send_text("\n")

        thread = threading.Thread(target=speech_thread)
        thread.start()
        reader.read("Vote> ")
        thread.join(5)
    assert done.is_set(), "the line waited for the player to press Enter"
    assert screen.getvalue() == "Speech stopped.\n"


def test_without_a_prompt_a_posted_line_is_written_at_once() -> None:
    screen = io.StringIO()
    writer = Writer(screen)
    thread = threading.Thread(target=writer.post, args=(lambda: writer.line("Speech back."),))
    thread.start()
    thread.join(5)
    assert screen.getvalue() == "Speech back.\n"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_clearing_wipes_screen_and_scrollback_only_on_a_terminal() -> None:
    piped = Writer(io.StringIO())
    piped.line("Your role: ecologist.")
    assert not piped.clear_screen(), "a pipe or a file keeps its lines"
    terminal = Writer(Terminal())
    terminal.ask(["Your role: ecologist.", "1. Yes"])
    assert terminal.clear_screen()
    assert terminal.stream.getvalue().endswith(CLEAR)
    assert "\x1b[3J" in CLEAR, "the scrollback too, where the terminal allows it"
    assert terminal.last_line() is None and terminal.question == [], "no repeat after it"


# -- the client: what a player hears and sees ------------------------------------------------

from a11y_games.engine.match import Match, SeatSpec  # noqa: E402
from a11y_games.games import get_spec  # noqa: E402
from a11y_games.output.screenreader import ScreenReader  # noqa: E402
from a11y_games.ui.client import Client  # noqa: E402
from a11y_games.ui.settings import Preferences  # noqa: E402
from a11y_games.ui.terminal import PlainReader  # noqa: E402


class FakeVoice(Recorder):
    """The client's view of speech: on, or left to a screen reader."""

    def __init__(self, in_force: str = "on") -> None:
        super().__init__()
        self.available = in_force == "on"
        self.enabled = in_force == "on"
        self.in_force = in_force
        self.reader = ScreenReader("Orca", "process") if in_force == "reader" else None

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self.said.append(text)


@pytest.fixture(autouse=True)
def private_folders(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """Saves and settings in a private folder, never the user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def two_humans(script: str, *, stream: io.StringIO | None = None, speech: object = None,
               prefs: Preferences | None = None) -> tuple[list[str], str]:
    spec = get_spec("utopia")
    match = Match(spec, spec.settings(2, 6), [SeatSpec("human", "Ana"), SeatSpec("human", "Bo")])
    out = stream if stream is not None else io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out),
                    speech=speech, prefs=prefs)  # type: ignore[arg-type]
    client.run()
    return out.getvalue().split(CLEAR)[-1].splitlines(), out.getvalue()


def test_hand_over_clears_screen_and_scrollback_and_says_so() -> None:
    _, raw = two_humans("1\n" * 40, stream=Terminal())
    before = raw.split(CLEAR)[0]
    assert before.startswith("Welcome to Utopia."), "the welcome is not wiped unread"
    assert raw.count(CLEAR) >= 2, "each hand-over to the other player clears"
    after = raw.split(CLEAR)[1].splitlines()
    assert after[0] == "Screen and scrollback cleared for the next player."
    assert after[1].startswith("Pass the keyboard to ")
    assert after[2].endswith(", press Enter when ready.")


def test_hand_over_clearing_can_be_turned_off_and_never_touches_a_pipe() -> None:
    _, raw = two_humans("1\n" * 40, stream=Terminal(), prefs=Preferences(hotseat_clear="off"))
    assert raw.count("Pass the keyboard to") >= 2
    assert CLEAR not in raw and "Screen and scrollback cleared" not in raw
    _, raw = two_humans("1\n" * 40)
    assert CLEAR not in raw and "Screen and scrollback cleared" not in raw


def test_headphones_are_advised_when_humans_share_a_speaking_keyboard() -> None:
    advice = "Speech is on at a shared keyboard: use headphones."
    lines, _ = two_humans("", speech=FakeVoice("on"))
    assert advice in lines
    lines, _ = two_humans("", speech=FakeVoice("reader"))
    assert advice not in lines, "the game's voice is off: its own lines are not spoken"


def one_human(script: str, speech: object = None, lang: str = "en") -> list[str]:
    spec = get_spec("vanuatu")
    match = Match(spec, spec.settings(3, 4), [SeatSpec("human", "Ana")] +
                  [SeatSpec("bot", level="random", name_index=i) for i in (1, 2)])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out),
                    speech=speech, lang=lang, prefs=Preferences())  # type: ignore[arg-type]
    client.run()
    return out.getvalue().splitlines()


@pytest.mark.parametrize(("in_force", "lang", "shown"), [
    ("reader", "en", "speech: left to your screen reader, Orca. Possible: auto, on, off."),
    ("reader", "fr", "parole : laissée à votre lecteur d'écran, Orca. "
                     "Possible : auto, marche, arret."),
    ("off", "en", "speech: off. Possible: auto, on, off."),
    ("on", "en", "speech: on. Possible: auto, on, off."),
])
def test_set_shows_the_speech_in_force(in_force: str, lang: str, shown: str) -> None:
    """Started with --speech off, or with a screen reader speaking, ``set`` says so (it said
    "speech: on", the saved preference)."""
    lines = one_human("set\n", FakeVoice(in_force), lang)
    assert shown in lines


def test_a_yes_no_question_is_a_line_heard_before_its_prompt() -> None:
    lines = one_human("quit\nmaybe\nno\n")
    at = lines.index("Leave the game?")
    assert lines[at + 1] == "Type yes to leave, no to go on."
    assert lines[at + 2] == "Please type yes or no."
    assert lines[at + 3] == "Type yes to leave, no to go on.", "asked again, whole"


def test_the_question_is_one_whole_line_and_the_prompt_is_short() -> None:
    spec = get_spec("pnue")
    match = Match(spec, spec.settings(7, 1, {"first": "2"}),
                  [SeatSpec("human", "Ana")] + [SeatSpec("bot", level="random", name_index=i)
                                                for i in range(1, 7)])
    prompts: list[str] = []

    class Reader(PlainReader):
        def read(self, prompt: str) -> str:
            prompts.append(prompt)
            return super().read(prompt)

    writer = Writer(io.StringIO())
    client = Client(match, reader=Reader(io.StringIO("")), writer=writer)
    client.run()
    question = next(line for line in writer.stream.getvalue().splitlines()
                    if line.startswith("Your turn: "))
    from a11y_games.engine import Msg
    from a11y_games.ui.asking import said_prompt

    asked = match.state.pending().prompt  # said shortly just after the nomination
    short = client.tr.render(Msg("core.turn.yours", question=said_prompt(asked, 1)))
    whole = client.tr.render(Msg("core.turn.yours", question=asked))
    assert question == short and question.endswith("?"), "one whole line"
    assert writer.question[0] == whole, "kept whole for the key that says it again"
    assert prompts[0] == "Ana> "


def test_the_repeat_key_says_the_last_line_once_more() -> None:
    spec = get_spec("vanuatu")
    match = Match(spec, spec.settings(3, 4), [SeatSpec("human", "Ana")] +
                  [SeatSpec("bot", level="random", name_index=i) for i in (1, 2)])
    voice = FakeVoice("on")
    writer = Writer(io.StringIO())
    client = Client(match, reader=PlainReader(io.StringIO("")), writer=writer, speech=voice)
    client.say("Round 1 of 8.", "Ana, your turn: sail?")
    client._repeat_line()
    assert voice.said[-2:] == ["Ana, your turn: sail?", "Ana, your turn: sail?"]
    assert writer.stream.getvalue().splitlines()[-1] == "Ana, your turn: sail?"


def test_the_command_line_with_a_screen_reader_says_so_and_never_speaks(
        monkeypatch: pytest.MonkeyPatch, fake_ssip, capsys: pytest.CaptureFixture[str]) -> None:
    """``a11y-games`` (speech auto) where Orca reads the terminal: the first line says who
    speaks, ``set`` shows it, and the game's own voice never starts."""
    import sys

    from a11y_games.cli import main

    monkeypatch.setattr("a11y_games.output.speech._detect_reader",
                        lambda: ScreenReader("Orca", "process"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("set\nquit\nyes\nno\n"))
    assert main(["vanuatu", "--players", "3", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Speech: your screen reader, Orca."
    assert "speech: left to your screen reader, Orca. Possible: auto, on, off." in lines
    assert fake_ssip.commands == [] and fake_ssip.spoken == []
