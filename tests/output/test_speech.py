"""Speech against a fake Speech Dispatcher: texts arrive, interrupts cancel, failures are quiet."""

from __future__ import annotations

import os
import stat
import sys
import threading
import time
from pathlib import Path

import pytest

from a11y_games.i18n import Translator
from a11y_games.output.speech import Speech, speechd_address

from .fake_ssip import FakeSSIP

pytestmark = pytest.mark.timeout(20)


def spoken(server: FakeSSIP, *texts: str) -> bool:
    return server.wait_for(lambda s: all(t in s.spoken for t in texts))


def test_spoken_texts_arrive_in_order(fake_ssip: FakeSSIP,
                                      capfd: pytest.CaptureFixture[str]) -> None:
    with Speech("auto") as speech:
        assert capfd.readouterr() == ("", ""), "accessible_output2's prints reached the player"
        assert speech.available and speech.problem is None
        speech.speak("Président : Kenya.")
        speech.speak("3 tuiles lobbyistes, 2 écologiques.")
        assert spoken(fake_ssip, "Président : Kenya.", "3 tuiles lobbyistes, 2 écologiques.")
    assert fake_ssip.spoken == ["Président : Kenya.", "3 tuiles lobbyistes, 2 écologiques."]


def test_interrupt_cancels_what_is_said_before_speaking(fake_ssip: FakeSSIP) -> None:
    with Speech("auto") as speech:
        speech.speak("A long summary of the table.")
        assert spoken(fake_ssip, "A long summary of the table.")
        speech.speak("Your turn.", interrupt=True)
        assert spoken(fake_ssip, "Your turn.")
    commands = fake_ssip.commands
    cancel = max(i for i, c in enumerate(commands) if c.upper().startswith(("CANCEL", "STOP")))
    last_speak = max(i for i, c in enumerate(commands) if c.upper() == "SPEAK")
    assert cancel < last_speak
    assert commands.count("SPEAK") == 2


def test_silence_sends_cancel_at_once(fake_ssip: FakeSSIP) -> None:
    with Speech("auto") as speech:
        speech.speak("Round 3.")
        assert spoken(fake_ssip, "Round 3.")
        speech.silence()
        assert fake_ssip.wait_for(lambda s: any(c.upper().startswith("CANCEL")
                                                for c in s.commands))


def test_speech_turned_off_at_runtime_says_nothing_until_on(fake_ssip: FakeSSIP) -> None:
    with Speech("auto") as speech:
        speech.enabled = False
        speech.speak("Secret role: ecologist.")
        assert speech.wait_idle()
        speech.enabled = True
        speech.speak("Speech is back.")
        assert spoken(fake_ssip, "Speech is back.")
    assert fake_ssip.spoken == ["Speech is back."]


def test_off_mode_never_connects_nor_speaks(fake_ssip: FakeSSIP) -> None:
    speech = Speech("off")
    speech.speak("Nothing to hear.")
    speech.close()
    time.sleep(0.1)
    assert not speech.available and speech.problem is None
    assert fake_ssip.commands == [] and fake_ssip.spoken == []


def test_voice_language_follows_the_game(fake_ssip: FakeSSIP) -> None:
    with Speech("on", lang="fr") as speech:
        speech.set_language("en")
        assert speech.wait_idle()
    assert fake_ssip.wait_for(lambda s: "SET self LANGUAGE en" in s.commands)
    languages = [c for c in fake_ssip.commands if c.startswith("SET self LANGUAGE")]
    assert languages == ["SET self LANGUAGE fr", "SET self LANGUAGE en"]


@pytest.mark.parametrize(("mode", "msg_id"), [
    ("auto", "output.speech.unavailable"),
    ("on", "output.speech.unavailable_asked"),
])
def test_no_service_gives_one_message_no_exception_no_print(
        no_spawn: Path, capfd: pytest.CaptureFixture[str], mode: str, msg_id: str) -> None:
    speech = Speech(mode)
    speech.speak("Président : Kenya.", interrupt=True)
    speech.silence()
    speech.enabled = False
    speech.close()
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")
    assert not speech.available
    assert speech.problem is not None and speech.problem.id == msg_id
    assert speech.take_problem() == speech.problem
    assert speech.take_problem() is None, "the client shows the problem once"
    for lang in ("en", "fr"):
        text = Translator(lang).render(speech.problem)
        assert text != msg_id and text.endswith(".")


def test_no_speechd_client_library_means_no_speech(
        no_spawn: Path, monkeypatch: pytest.MonkeyPatch,
        capfd: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "speechd", None)
    speech = Speech("auto")
    assert not speech.available and speech.problem is not None
    assert capfd.readouterr() == ("", "")


def test_hung_service_does_not_hold_the_game(no_spawn: Path, monkeypatch: pytest.MonkeyPatch,
                                             capfd: pytest.CaptureFixture[str]) -> None:
    server = FakeSSIP(no_spawn / "hung.sock", answer=False)
    monkeypatch.setenv("SPEECHD_ADDRESS", server.address)
    try:
        started = time.monotonic()
        speech = Speech("auto", timeout=0.3)
        elapsed = time.monotonic() - started
    finally:
        server.close()
    assert not speech.available and speech.problem is not None
    assert elapsed < 2.0, f"construction took {elapsed:.2f} s"
    assert capfd.readouterr().out == ""


def test_spawn_asks_speech_dispatcher_for_the_same_socket(
        no_spawn: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No daemon answers: the client starts one as speechd would, then speaks to it."""
    sock = no_spawn / "spawned.sock"
    args_file = no_spawn / "args"
    script = no_spawn / "fake-speech-dispatcher"
    script.write_text(f'#!/bin/sh\necho "$@" > {args_file}\nexit 0\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("SPEECHD_CMD", str(script))
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{sock}")
    servers: list[FakeSSIP] = []

    def start_when_spawned() -> None:  # plays the daemon that the script would fork
        deadline = time.monotonic() + 5
        while not args_file.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        servers.append(FakeSSIP(sock))

    watcher = threading.Thread(target=start_when_spawned, daemon=True)
    watcher.start()
    try:
        with Speech("auto", timeout=2.0) as speech:
            assert speech.available
            speech.speak("Spawned and speaking.")
            assert spoken(servers[0], "Spawned and speaking.")
    finally:
        watcher.join(timeout=5)
        for server in servers:
            server.close()
    assert args_file.read_text().split() == [
        "--spawn", "--communication-method", "unix_socket", "--socket-path", str(sock)]


def test_spawn_refused_is_quiet(no_spawn: Path, capfd: pytest.CaptureFixture[str]) -> None:
    assert os.environ["SPEECHD_CMD"] == "/bin/false"
    speech = Speech("on", timeout=0.5)
    assert not speech.available
    assert capfd.readouterr() == ("", "")


def test_lost_service_is_reported_once_and_speech_goes_quiet(fake_ssip: FakeSSIP) -> None:
    speech = Speech("auto")
    assert speech.available
    speech.speak("Heard.")  # it has spoken: then it is lost (it never spoke: it never began)
    assert spoken(fake_ssip, "Heard.") and speech.began(2.0)
    fake_ssip.close()
    time.sleep(0.5)
    speech.speak("Anyone there?")
    speech.wait_idle()
    assert not speech.available
    problem = speech.take_problem()
    assert problem is not None and problem.id == "output.speech.lost"
    assert speech.take_problem() is None
    speech.speak("Still no exception.")
    speech.close()


def test_default_address_is_the_users_runtime_socket() -> None:
    address = speechd_address({"XDG_RUNTIME_DIR": "/run/user/1000"})
    assert address.path == "/run/user/1000/speech-dispatcher/speechd.sock"
    inet = speechd_address({"SPEECHD_ADDRESS": "inet_socket:localhost:6561"})
    assert (inet.method, inet.host, inet.port) == ("inet_socket", "localhost", 6561)


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError):
        Speech("loud")


def test_interrupt_keeps_the_voice_language(fake_ssip: FakeSSIP) -> None:
    with Speech("auto", lang="fr") as speech:
        speech.speak("Premier.")
        speech.speak("Second.", interrupt=True)
        assert spoken(fake_ssip, "Second.")
    assert "SET self LANGUAGE fr" in fake_ssip.commands


def test_speech_on_at_runtime_connects_after_starting_off(fake_ssip: FakeSSIP) -> None:
    with Speech("off", lang="fr") as speech:
        assert not speech.available and fake_ssip.commands == []
        speech.enabled = True
        assert speech.available and speech.take_problem() is None
        speech.speak("La parole revient.")
        assert spoken(fake_ssip, "La parole revient.")
    assert "SET self LANGUAGE fr" in fake_ssip.commands


def test_speech_on_without_service_says_so_again(no_spawn: Path,
                                                 capfd: pytest.CaptureFixture[str]) -> None:
    speech = Speech("auto")
    assert speech.take_problem().id == "output.speech.unavailable"
    speech.enabled = False
    speech.enabled = True  # the player types "speech on": try again, and answer
    problem = speech.take_problem()
    assert problem is not None and problem.id == "output.speech.unavailable_asked"
    assert not speech.available
    assert capfd.readouterr() == ("", "")


def test_speech_comes_back_after_the_service_restarts(
        fake_ssip: FakeSSIP, no_spawn: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    speech = Speech("auto")
    fake_ssip.close()
    speech.speak("Lost.")
    speech.wait_idle()
    assert speech.take_problem().id == "output.speech.never"  # gone before a first word
    again = FakeSSIP(no_spawn / "again.sock")
    monkeypatch.setenv("SPEECHD_ADDRESS", again.address)
    try:
        speech.enabled = True
        assert speech.available
        speech.speak("Back again.")
        assert spoken(again, "Back again.")
    finally:
        speech.close()
        again.close()


def test_service_that_stops_answering_is_given_up_without_blocking(
        fake_ssip: FakeSSIP, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Speech, "stall_seconds", 0.3)
    speech = Speech("auto")
    assert speech.available
    speech.speak("Heard.")  # a first line said: the service has started
    assert spoken(fake_ssip, "Heard.") and speech.wait_idle(2.0)
    time.sleep(0.2)  # its end reported
    fake_ssip.answer = False
    speech.speak("This request will hang.")
    assert not speech.wait_idle(0.5)
    started = time.monotonic()
    speech.speak("The game goes on.")
    speech.silence()
    speech.close()
    assert time.monotonic() - started < 2.0
    assert not speech.available
    assert speech.take_problem().id == "output.speech.lost"


@pytest.mark.timeout(20)
def test_a_service_slow_to_say_its_first_line_is_waited_for_not_said_lost(
        fake_ssip: FakeSSIP, monkeypatch: pytest.MonkeyPatch) -> None:
    """A daemon that takes a second to say its first line (loading a voice): the player
    does not hear "Speech stopped" at once; the line is said, speech goes on."""
    monkeypatch.setattr(Speech, "stall_seconds", 0.3)
    monkeypatch.setattr(Speech, "first_stall_seconds", 5.0)
    speech = Speech("auto")
    try:
        assert speech.available
        fake_ssip.slow_until = time.monotonic() + 1.0
        speech.speak("Welcome.")
        assert spoken(fake_ssip, "Welcome.")
        assert speech.wait_idle(3.0)
        assert speech.available
        assert speech.take_problem() is None
    finally:
        speech.close()


def test_unthreaded_speech_as_on_windows_speaks_and_fails_softly(fake_ssip: FakeSSIP) -> None:
    speech = Speech("auto", lang="en", threaded=False)
    speech.speak("First.")
    speech.speak("Second.", interrupt=True)
    assert spoken(fake_ssip, "First.", "Second.") and speech.began(2.0)
    assert "SET self LANGUAGE en" in fake_ssip.commands
    assert any(c.startswith("CANCEL") for c in fake_ssip.commands)
    fake_ssip.close()
    time.sleep(0.5)
    speech.speak("Nobody listens.")
    assert not speech.available
    assert speech.take_problem().id == "output.speech.lost"
    speech.close()


def test_a_dead_service_is_said_at_once_and_what_it_missed_is_said_when_it_is_back(
        no_spawn: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The daemon dies while speaking: the player is told without typing anything, and
    the lines it never finished are said again, in order, once it answers again."""
    monkeypatch.setattr(Speech, "retry_seconds", 0.2)
    sock = no_spawn / "dies.sock"
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{sock}")
    first = FakeSSIP(sock)
    told: list[str] = []
    speech = Speech("auto")
    speech.notify = lambda msg: told.append(msg.id)
    try:
        speech.speak("Heard whole.")
        assert spoken(first, "Heard whole.")
        time.sleep(0.2)  # its END arrives: heard whole, never said again
        first.ends = False  # from now on the daemon is still speaking when it dies
        speech.speak("Round 3: Mali nominates.")
        speech.speak("Vote: yes or no?")
        assert spoken(first, "Round 3: Mali nominates.", "Vote: yes or no?")
        first.close()
        deadline = time.monotonic() + 3
        while "output.speech.lost" not in told and time.monotonic() < deadline:
            time.sleep(0.02)
        assert told == ["output.speech.lost"], "the loss must be said without a command"
        assert speech.take_problem() is None, "said once, not again after the next command"
        speech.speak("Said while lost.")
        assert speech.missed == ["Round 3: Mali nominates.", "Vote: yes or no?",
                                 "Said while lost."]
        sock.unlink()
        second = FakeSSIP(sock)
        try:
            deadline = time.monotonic() + 5
            while "output.speech.back" not in told and time.monotonic() < deadline:
                time.sleep(0.02)
            assert told == ["output.speech.lost", "output.speech.back"]
            assert speech.replay_missed() == 3
            assert spoken(second, "Round 3: Mali nominates.", "Vote: yes or no?",
                          "Said while lost.")
            assert second.spoken == ["Round 3: Mali nominates.", "Vote: yes or no?",
                                     "Said while lost."]
            assert "Heard whole." not in second.spoken
        finally:
            speech.close()
            second.close()
    finally:
        speech.close()


def test_speech_on_after_a_loss_says_the_missed_lines(
        fake_ssip: FakeSSIP, no_spawn: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Speech, "retry_seconds", 60)
    speech = Speech("auto")
    fake_ssip.ends = False
    speech.speak("Never finished.")
    assert spoken(fake_ssip, "Never finished.") and speech.began(2.0)
    fake_ssip.close()
    deadline = time.monotonic() + 3
    while speech.available and time.monotonic() < deadline:
        time.sleep(0.02)
    assert speech.take_problem().id == "output.speech.lost"
    again = FakeSSIP(no_spawn / "again.sock")
    monkeypatch.setenv("SPEECHD_ADDRESS", again.address)
    try:
        speech.enabled = True  # "speech on": the player asks for it back
        assert spoken(again, "Never finished.")
    finally:
        speech.close()
        again.close()


def test_silenced_lines_are_not_said_again(fake_ssip: FakeSSIP) -> None:
    with Speech("auto") as speech:
        fake_ssip.ends = False
        speech.speak("A long summary nobody wants.")
        assert spoken(fake_ssip, "A long summary nobody wants.")
        speech.silence()
        assert speech.wait_idle()
        fake_ssip.close()
        deadline = time.monotonic() + 3
        while speech.available and time.monotonic() < deadline:
            time.sleep(0.02)
        assert speech.missed == []
