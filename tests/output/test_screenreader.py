"""Screen-reader detection with fake environments: process lists, Speakup's sysfs folder,
the desktop's screen-reader switch, Windows' readers; and ``auto`` never adds a voice."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from a11y_games.i18n import Translator
from a11y_games.output.screenreader import ScreenReader, detect, processes
from a11y_games.output.speech import Speech

from .fake_ssip import FakeSSIP

pytestmark = pytest.mark.timeout(20)

NOTHING = Path("/nonexistent/speakup")
DESKTOP = {"DISPLAY": ":0"}
PTS, VT = "/dev/pts/3", "/dev/tty2"


def linux(procs: list[list[str]], *, tty: str | None = PTS, environ: dict[str, str] | None = None,
          sysfs: Path = NOTHING, setting: object = False,
          conf: Path = Path("/nonexistent/brltty.conf")) -> ScreenReader | None:
    return detect(platform="linux", processes=procs, tty=tty,
                  environ=DESKTOP if environ is None else environ, sysfs=sysfs,
                  brltty_conf=conf, desktop_setting=setting)  # type: ignore[arg-type]


def speakup(folder: Path, synth: str) -> Path:
    sysfs = folder / "speakup"
    sysfs.mkdir()
    (sysfs / "synth").write_text(synth + "\n")
    return sysfs


def test_orca_running_in_a_desktop_session_is_found() -> None:
    found = linux([["bash"], ["/usr/bin/python3", "/usr/bin/orca", "--replace"]])
    assert found == ScreenReader("Orca", "process")


def test_orca_through_the_desktop_setting_is_found() -> None:
    assert linux([["bash"]], setting=True) == ScreenReader("Orca", "setting")
    assert linux([["bash"]], setting=lambda: True) == ScreenReader("Orca", "setting")
    assert linux([["bash"]], setting=lambda: None) is None


def test_orca_does_not_read_the_linux_console() -> None:
    asked: list[bool] = []
    found = linux([["orca"]], tty=VT, setting=lambda: asked.append(True) or True)
    assert found is None and asked == [], "Orca reads windows, not the virtual consoles"


def test_orca_without_a_desktop_is_not_reading_this_terminal() -> None:
    assert linux([["orca"]], environ={}) is None


def test_speakup_is_found_through_its_sysfs_folder(tmp_path: Path) -> None:
    assert linux([], tty=VT, sysfs=speakup(tmp_path, "soft")) == ScreenReader("Speakup",
                                                                               "sysfs")


def test_speakup_loaded_without_a_synthesiser_is_silent(tmp_path: Path) -> None:
    assert linux([], tty=VT, sysfs=speakup(tmp_path, "none")) is None


def test_speakup_does_not_read_a_terminal_window(tmp_path: Path) -> None:
    assert linux([], tty=PTS, sysfs=speakup(tmp_path, "soft")) is None


def test_fenrir_is_found_as_a_python_program() -> None:
    found = linux([["/usr/bin/python3", "/usr/bin/fenrir", "-f"]], tty=VT, environ={})
    assert found == ScreenReader("Fenrir", "process")


def test_brltty_counts_only_when_it_speaks(tmp_path: Path) -> None:
    assert linux([["/sbin/brltty", "-b", "tt", "-s", "es"]], tty=VT) == ScreenReader(
        "BRLTTY", "config")
    assert linux([["/sbin/brltty", "-b", "tt", "-s", "no"]], tty=VT) is None
    assert linux([["brltty", "--speech-driver=no"]], tty=VT) is None
    conf = tmp_path / "brltty.conf"
    conf.write_text("# speech-driver es\nbraille-driver auto\n")
    assert linux([["brltty"]], tty=VT, conf=conf) is None
    conf.write_text("speech-driver es\n")
    assert linux([["brltty"]], tty=VT, conf=conf) == ScreenReader("BRLTTY", "config")


def test_a_pipe_with_a_console_reader_running_counts(tmp_path: Path) -> None:
    """No terminal known (a pipe): any reader found is taken to read what we write."""
    assert linux([["fenrir"]], tty="", environ={}) == ScreenReader("Fenrir", "process")


def test_over_ssh_the_remote_machines_readers_are_not_ours() -> None:
    assert linux([["orca"]], environ={**DESKTOP, "SSH_CONNECTION": "10.0.0.2 5 10.0.0.1 22"}
                 ) is None


def test_nothing_running_is_nothing_found(tmp_path: Path) -> None:
    assert linux([["bash"], ["sshd"], ["speech-dispatcher"]], tty=VT) is None
    assert linux([["bash"]]) is None


def test_windows_readers_come_from_accessible_output2_and_narrator_from_processes() -> None:
    def win(active: list[str], procs: list[list[str]]) -> ScreenReader | None:
        return detect(platform="win32", processes=procs, windows=lambda: active)

    assert win(["JAWS"], [["explorer.exe"]]) == ScreenReader("JAWS", "api")
    assert win(["NVDA"], [["nvda.exe"]]) == ScreenReader("NVDA", "api")
    assert win([], [["Narrator.exe"]]) == ScreenReader("Narrator", "process")
    assert win([], [["explorer.exe"]]) is None


def test_this_machines_process_list_is_read(tmp_path: Path) -> None:
    proc = tmp_path / "proc"
    (proc / "12").mkdir(parents=True)
    (proc / "12" / "cmdline").write_bytes(b"/usr/bin/python3\0/usr/bin/orca\0")
    (proc / "self").mkdir()
    assert processes(proc) == [["/usr/bin/python3", "/usr/bin/orca"]]
    if os.path.isdir("/proc"):
        assert any(words for words in processes())


# -- auto: one voice -------------------------------------------------------------------------

ORCA = ScreenReader("Orca", "process")


def test_auto_with_a_screen_reader_never_starts_a_second_voice(fake_ssip: FakeSSIP) -> None:
    with Speech("auto", screen_reader=lambda: ORCA) as speech:
        speech.speak("Président : Kenya.")
        speech.speak("Your turn.", interrupt=True)
        speech.silence()
        assert speech.wait_idle(0.5)
        assert speech.in_force == "reader" and speech.reader == ORCA
        assert speech.take_problem() is None, "nothing is wrong: the screen reader speaks"
        choice = speech.choice()
    assert choice is not None
    assert Translator("en").render(choice) == "Speech: your screen reader, Orca."
    assert Translator("fr").render(choice) == "Parole : votre lecteur d'écran, Orca."
    assert fake_ssip.commands == [] and fake_ssip.spoken == [], "a second voice was started"


def test_on_speaks_even_with_a_screen_reader(fake_ssip: FakeSSIP) -> None:
    asked: list[bool] = []
    with Speech("on", screen_reader=lambda: asked.append(True) or ORCA) as speech:
        assert asked == [], "on forces the game's voice: no need to look"
        speech.speak("Forced voice.")
        assert fake_ssip.wait_for(lambda s: "Forced voice." in s.spoken)
        assert speech.in_force == "on"
        assert Translator("en").render(speech.choice()) == "Speech: Speech Dispatcher."


def test_speech_on_after_a_screen_reader_was_found_starts_the_voice(fake_ssip: FakeSSIP) -> None:
    with Speech("auto", screen_reader=lambda: ORCA) as speech:
        speech.enabled = True
        assert speech.in_force == "on"
        speech.speak("Now both.")
        assert fake_ssip.wait_for(lambda s: "Now both." in s.spoken)
        speech.enabled = False
        assert speech.in_force == "reader"


def test_off_is_off_and_says_so(fake_ssip: FakeSSIP) -> None:
    with Speech("off", screen_reader=lambda: ORCA) as speech:
        assert speech.in_force == "off"
        assert Translator("fr").render(speech.choice()) == "Parole : coupée."


def test_a_failing_probe_means_no_reader(fake_ssip: FakeSSIP) -> None:
    def broken() -> ScreenReader | None:
        raise PermissionError("/proc")

    with Speech("auto", screen_reader=broken) as speech:
        assert speech.in_force == "on"
