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
