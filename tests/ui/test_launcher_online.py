"""The launcher's network entry: an address no server answers is asked again."""

from __future__ import annotations

import os
import socket
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(60)

CLIENT = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "a11y-games"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_an_address_nobody_answers_is_asked_again_not_the_end(tmp_path: Path) -> None:
    if not CLIENT.exists():
        pytest.skip("the client is not installed")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path),
           "SPEECHD_CMD": "/bin/false", "NO_SOUND": "1"}
    port = _free_port()
    done = subprocess.run(  # the network entry (5), a dead address, the name, then quit
        [str(CLIENT), "--speech", "off", "--lang", "en"],
        input=f"5\n127.0.0.1:{port}\nAna\nquit\n",
        capture_output=True, text=True, env=env, timeout=50, check=False)
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stderr
    refused = [line for line in lines if line.startswith("No server answers at")]
    assert len(refused) == 1, lines
    assert lines.count("Server address? Enter for 127.0.0.1; quit to leave.") == 1
    assert lines[-1] == "Goodbye."


@pytest.mark.parametrize(("lang", "said"), [("en", "Your screen reader speaks them too."),
                                            ("fr", "Votre lecteur d'écran les lit aussi.")])
def test_braille_help_says_speech_reads_the_signs(capsys, lang: str, said: str) -> None:
    """``--braille`` writes braille signs where the screen reader reads: its help says so."""
    from a11y_games.cli import main

    assert main(["--help", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("--braille"))
    assert lines[at + 1] == said
