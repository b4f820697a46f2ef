"""One voice, end to end: whole games through a private, real Speech Dispatcher.

Each game is played from the command line with ``--speech on`` (bots, one human answering
1 to everything, or two humans at one keyboard), in English and in French. Speech
Dispatcher's protocol log is then compared with the screen: every printed line was spoken
once, in order, and nothing was spoken that was not printed.
"""

from __future__ import annotations

import os
import re
import subprocess
import threading
import time
from pathlib import Path
from typing import IO

import pytest

from .conftest import SPEECH_DISPATCHER

pytestmark = [
    pytest.mark.timeout(180),
    pytest.mark.skipif(SPEECH_DISPATCHER is None, reason="speech-dispatcher is not installed"),
]

CLIENT = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "a11y-games"
SPOKEN = re.compile(r"DATA:\|SPEAK\r?\n.*?DATA:\|(.*?)\r?\n\| \(\d+\)", re.DOTALL)


def spoken_texts(log: Path) -> list[str]:
    """The texts Speech Dispatcher received to speak, in order."""
    return SPOKEN.findall(log.read_text(encoding="utf-8", errors="replace"))


def session(log: Path, home: Path, argv: list[str], script: str,
            tail: str = "") -> tuple[list[str], list[str]]:
    """Run the client with piped input: ``script``, then (once speech has caught up with
    the screen, as a listening player would wait) ``tail`` and the end of input; its
    printed lines and what was spoken. A leaving client waits only 3 s for speech, so a
    loaded machine's backlog would be cut at the end: the tail is typed after it."""
    if not CLIENT.exists():
        pytest.skip("the client is not installed")
    before = len(spoken_texts(log)) if log.exists() else 0
    env = {**os.environ, "XDG_DATA_HOME": str(home), "XDG_CONFIG_HOME": str(home)}
    client = subprocess.Popen([str(CLIENT), *argv, "--speech", "on"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=env)
    printed: list[str] = []
    errors: list[str] = []
    readers = [threading.Thread(target=_collect, args=(stream, into), daemon=True)
               for stream, into in ((client.stdout, printed), (client.stderr, errors))]
    for reader in readers:
        reader.start()
    try:
        assert client.stdin is not None
        client.stdin.write(script)
        client.stdin.flush()
        _catch_up(log, before, printed, settle=1.0)
        client.stdin.write(tail)
        client.stdin.close()
        assert client.wait(timeout=40) == 0, "".join(errors)
    finally:
        if client.poll() is None:
            client.kill()
            client.wait()
    for reader in readers:
        reader.join(timeout=5)
    _catch_up(log, before, printed, settle=0.0)
    return printed, spoken_texts(log)[before:]


def _collect(stream: IO[str] | None, into: list[str]) -> None:
    assert stream is not None
    for line in stream:
        into.append(line.rstrip("\n"))


def _catch_up(log: Path, before: int, printed: list[str], settle: float) -> None:
    """Wait until every line printed so far (and nothing new for ``settle`` s) is in the
    daemon's log: up to 20 s without progress and 60 s in all (a loaded machine)."""
    start = time.monotonic()
    last, quiet_since, shown, shown_since = -1, start, -1, start
    while True:
        heard = len(spoken_texts(log)) - before if log.exists() else 0
        said = sum(1 for line in list(printed) if line.strip())
        now = time.monotonic()
        if len(printed) != shown:
            shown, shown_since = len(printed), now
        if heard >= said and now - shown_since >= settle:
            return
        if now - quiet_since > 20 or now - start > 60:
            return
        if heard != last:
            last, quiet_since = heard, now
        time.sleep(0.1)


def assert_one_voice(printed: list[str], spoken: list[str]) -> None:
    said = [line for line in printed if line.strip()]
    assert spoken == said, _first_difference(said, spoken)


def _first_difference(printed: list[str], spoken: list[str]) -> str:
    for i, (a, b) in enumerate(zip(printed, spoken, strict=False)):
        if a != b:
            return f"line {i}: printed {a!r}, spoken {b!r}"
    return f"printed {len(printed)} lines, spoke {len(spoken)}"


ANSWERS = "1\n" * 150


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_launcher_a_game_to_its_end_and_goodbye_are_heard_once(
        real_speechd: Path, tmp_path: Path, lang: str) -> None:
    """PNUE from the launcher: its questions, the first-time tips, the game, leaving."""
    # seed 4's game asks Player 1 13 times: a few answers more hear "Game over." again
    printed, spoken = session(real_speechd, tmp_path, ["--lang", lang, "--seed", "4"],
                              "1\n5\n\n" + "1\n" * 20, "quit\nyes\nno\n")
    assert_one_voice(printed, spoken)
    assert printed[0] == ("Speech: Speech Dispatcher." if lang == "en"
                          else "Parole : Speech Dispatcher.")
    question = {"en": "Game number? Enter for 1.", "fr": "Numéro du jeu ? Entrée pour 1."}
    assert question[lang] in spoken, "the launcher's question is heard"
    assert ("Game over." if lang == "en" else "Partie terminée.") in spoken
    assert spoken[-1] in ("Goodbye.", "Au revoir.")


@pytest.mark.parametrize(("game", "lang"), [("vertigo", "fr"), ("vanuatu", "en"),
                                            ("vanuatu", "fr"), ("vertigo", "en")])
def test_a_game_against_bots_with_a_kept_game_and_a_yes_no_question(
        real_speechd: Path, tmp_path: Path, game: str, lang: str) -> None:
    """A first game left unfinished (end of input), then a new one: the notice that the
    unfinished game is kept, the game, the quit question and its answer, all heard once."""
    players = "2" if game == "vertigo" else "3"
    argv = [game, "--players", players, "--lang", lang, "--seed", "5"]
    session(real_speechd, tmp_path, argv, "1\n" * 3)
    printed, spoken = session(real_speechd, tmp_path, argv, "1\n" * 40, "quit\nyes\nno\n")
    assert_one_voice(printed, spoken)
    kept = {"en": "Your unfinished game of", "fr": "Votre partie non finie de"}
    assert any(line.startswith(kept[lang]) for line in spoken)
    quit_question = {"en": "Type yes to leave, no to go on.",
                     "fr": "Tapez oui pour partir, non pour continuer."}
    assert quit_question[lang] in spoken


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_two_humans_at_one_keyboard_hear_the_hand_over(real_speechd: Path, tmp_path: Path,
                                                       lang: str) -> None:
    """Utopia, two humans: hand-overs, headphones advice, every line heard once."""
    printed, spoken = session(real_speechd, tmp_path,
                              ["utopia", "--players", "2", "--humans", "2", "--names",
                               "Ana,Bo", "--lang", lang, "--seed", "6"], ANSWERS)
    assert_one_voice(printed, spoken)
    hand_over = {"en": "Pass the keyboard to Bo.", "fr": "Passez le clavier à Bo."}
    assert hand_over[lang] in spoken
    ready = {"en": "Bo, press Enter when ready.", "fr": "Bo, à vous : appuyez sur Entrée."}
    assert ready[lang] in spoken, "the hand-over's question is a line, heard"
    headphones = {"en": "Speech is on at a shared keyboard: use headphones.",
                  "fr": "Parole en marche à un clavier partagé : prenez un casque."}
    assert headphones[lang] in spoken
