"""The wheel, installed as a player installs it: a new venv on Debian's Python without
the system's packages (no liblouis, no Speech Dispatcher client, no BrlAPI), its
dependencies from PyPI, and nothing from this checkout.

The venv is built once for the module (about 20 s: the wheel, then pip), and the module's
tests run together on one test worker (``xdist_group``) while the others run the rest.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net import clients
from tests.net.clients import Player, Server, kill_leftovers, private_env
from tests.net.test_remote_play import create_table, play

ROOT = Path(__file__).resolve().parents[1]
SYSTEM_PYTHON = Path("/usr/bin/python3")
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "a11y_games", "locales",
           "docs/rules")
"""What a build needs: copied to a folder of its own, so that nothing else of the checkout
(its compiled catalogues, an old build/) can slip into the wheel."""

MESSAGE_ID = re.compile(r"\b(?:core|output|online|net|sound|web|rating|pnue|vertigo|utopia|vanuatu)"
                        r"\.[a-z_]+\.[a-z_]")
"""A catalogue id printed instead of its sentence (``core.clihelp.play``)."""

pytestmark = [pytest.mark.xdist_group("install"), pytest.mark.timeout(240)]


def _run(*command: str | Path, cwd: Path | None = None) -> None:
    done = subprocess.run([str(word) for word in command], capture_output=True, text=True,
                          cwd=cwd, timeout=180, check=False,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"


def _sources(source: Path) -> Path:
    """A copy of what a build needs, in ``source``."""
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.mo", "*.tmp", "*.egg-info"))
        elif (ROOT / name).exists():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    return source


def test_the_source_archive_builds_a_wheel_that_speaks(tmp_path: Path) -> None:
    """The source archive carries the catalogues, the rules pages and the web page's files;
    a wheel built from it alone has every compiled catalogue."""
    import tarfile
    import zipfile

    source = _sources(tmp_path / "source")
    _run(sys.executable, "setup.py", "-q", "sdist", "-d", tmp_path / "dist", cwd=source)
    [archive] = (tmp_path / "dist").glob("a11y_games-*.tar.gz")
    with tarfile.open(archive) as tar:
        names = tar.getnames()
    for wanted in ("locales/fr/LC_MESSAGES/core.po", "docs/rules/pnue.fr.md",
                   "a11y_games/web/static/app.js", "a11y_games/sounds/turn.wav"):
        assert any(name.endswith(wanted) for name in names), wanted
    _run(sys.executable, "-m", "pip", "wheel", archive, "--no-deps", "-q", "-w",
         tmp_path / "wheels")
    [wheel] = (tmp_path / "wheels").glob("a11y_games-*.whl")
    with zipfile.ZipFile(wheel) as built:
        inside = built.namelist()
    assert sum(name.endswith(".mo") for name in inside) == 2 * len(
        list((ROOT / "locales" / "en" / "LC_MESSAGES").glob("*.po")))
    assert "a11y_games/web/static/index.html" in inside
    assert "a11y_games/ratings/bots.json" in inside  # the bots' fixed ratings


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv with the wheel built from this checkout installed: its ``bin`` folder."""
    if not SYSTEM_PYTHON.exists():
        pytest.skip("no Debian Python at /usr/bin/python3")
    root = tmp_path_factory.mktemp("install")
    source = _sources(root / "source")
    _run(sys.executable, "-m", "pip", "wheel", source, "--no-deps", "-q", "-w", root / "wheels")
    [wheel] = (root / "wheels").glob("a11y_games-*.whl")
    target = root / "venv"
    _run(SYSTEM_PYTHON, "-m", "venv", "--without-pip", target)  # no system site packages
    _run(sys.executable, "-m", "pip", "--python", target / "bin" / "python", "install", "-q",
         "--disable-pip-version-check", wheel)
    return target / "bin"


@pytest.fixture
def program(venv: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The installed ``a11y-games``, also the one the network test helpers start."""
    monkeypatch.setattr(clients, "BIN", venv / "a11y-games")
    yield venv / "a11y-games"
    kill_leftovers()


def _says(program: Path, home: Path, *argv: str, stdin: str = "") -> list[str]:
    """What the installed program prints, run from a folder outside the checkout."""
    home.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in private_env(home).items() if k != "PYTHONPATH"}
    done = subprocess.run([str(program), *argv], input=stdin, capture_output=True, text=True,
                          cwd=home, env=env, timeout=60, check=False)
    assert not done.stderr, done.stderr
    return done.stdout.splitlines()


def test_the_installed_package_is_the_wheel_and_sees_no_system_package(venv: Path,
                                                                        tmp_path: Path) -> None:
    done = subprocess.run(
        [str(venv / "python"), "-c",
         "import a11y_games, importlib.util as u; print(a11y_games.__file__);"
         "print([m for m in ('louis', 'speechd', 'brlapi') if u.find_spec(m)])"],
        capture_output=True, text=True, cwd=tmp_path, timeout=30, check=True)
    where, system = done.stdout.splitlines()
    assert where.startswith(str(venv.parent)), where
    assert system == "[]"


def test_a_plain_install_brings_only_what_a_game_needs(venv: Path) -> None:
    """Babel compiles catalogues at build time: a player never downloads its 10 MB."""
    done = subprocess.run([str(venv / "python"), "-m", "pip", "--version"], capture_output=True,
                          check=False)
    assert done.returncode != 0  # the venv was made without pip: list its folders instead
    site = next((venv.parent / "lib").glob("python3.*/site-packages"))
    installed = {p.name.split("-")[0].lower() for p in site.glob("*.dist-info")}
    assert installed == {"a11y_games", "accessible_output2", "prompt_toolkit", "wcwidth",
                         "websockets", "msgspec", "miniaudio", "cffi", "pycparser",
                         "libloader", "platform_utils", "platformdirs", "openskill",
                         "argon2_cffi", "argon2_cffi_bindings"}  # accounts: net/accounts.py


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["a11y-games [GAME] [options]", "Plays a game by ear and braille."]),
    ("fr", ["a11y-games [JEU] [options]", "Un jeu, à l'oreille et en braille."]),
])
def test_help_is_said_in_sentences_in_each_language(program: Path, tmp_path: Path, lang: str,
                                                    said: list[str]) -> None:
    lines = _says(program, tmp_path, "--help", "--lang", lang)
    assert lines[:2] == said
    assert not [line for line in lines if MESSAGE_ID.search(line)]


def test_the_command_alone_opens_the_launcher(program: Path, tmp_path: Path) -> None:
    lines = _says(program, tmp_path, "--speech", "off", stdin="2\n\n\nquit\nyes\n")
    assert "a11y games. Choose a game:" in lines
    assert "Welcome to Vertigo." in lines


@pytest.mark.parametrize(("lang", "heading"), [("en", "Goal"), ("fr", "But")])
def test_rules_pages_come_with_the_wheel(program: Path, tmp_path: Path, lang: str,
                                         heading: str) -> None:
    lines = _says(program, tmp_path, "rules", "vertigo", "--lang", lang)
    assert lines[0] == heading
    assert len(lines) > 20


@pytest.mark.parametrize(("game", "players", "lang"), [
    ("vertigo", 2, "en"), ("utopia", 3, "fr"), ("vanuatu", 3, "en"), ("pnue", 5, "fr")])
def test_a_whole_game_through_the_installed_command(program: Path, tmp_path: Path, game: str,
                                                    players: int, lang: str) -> None:
    """A player at a pipe answers every question (random bots) until the game is over."""
    ana = Player("", tmp_path, "Ana", lang, command=[
        game, "--players", str(players), "--level", "random", "--seed", "3", "--lang", lang,
        "--speech", "off", "--names", "Ana"])
    welcome = {"en": r"^Welcome to ", "fr": r"^Bienvenue "}[lang]
    ana.expect(welcome)
    play({"Ana": (ana, lang)}, seed=3, until=60)
    ana.close_input()
    assert ana.wait() == 0
    assert not MESSAGE_ID.search(ana.text())  # sentences, never message ids


def test_the_installed_server_seats_clients_and_serves_its_page(program: Path,
                                                                tmp_path: Path) -> None:
    server = Server(tmp_path / "db", tmp_path / "server").start()
    try:
        ana = Player(server.url, tmp_path / "ana", "Ana")
        create_table(ana, game="vertigo", players=2, bots=1)
        ana.expect(r"^Type start when ready")
        ana.send("start")
        ana.expect(r"^Welcome to Vertigo\.", timeout=30)
        play({"Ana": (ana, "en")}, seed=5, until=60)
        bo = Player(server.url, tmp_path / "bo", "Bo", "fr")
        bo.expect(r"^Salon :")
        page = server.url.replace("ws://", "http://")
        for path, has in (("/", "<html"), ("/app.js", "textContent"),
                          ("/app.css", "forced-colors"), ("/sounds/turn.wav", "RIFF")):
            with urllib.request.urlopen(page + path, timeout=10) as answer:
                assert answer.status == 200
                assert has in answer.read().decode("latin-1"), path
    finally:
        server.kill()


def test_braille_without_liblouis_says_what_is_missing_in_one_line(program: Path,
                                                                    tmp_path: Path) -> None:
    lines = _says(program, tmp_path, "braille", "pnue", "--out", str(tmp_path / "r.brf"))
    assert lines == ["Braille is off: liblouis is missing; python3-louis is installed, but not "
                     "for this Python: install the game again with pipx's "
                     "--system-site-packages."]
    assert not (tmp_path / "r.brf").exists()


def test_braille_summaries_asked_without_liblouis_say_so_and_the_game_goes_on(
        program: Path, tmp_path: Path) -> None:
    lines = _says(program, tmp_path, "vertigo", "--players", "2", "--braille", "--speech", "off",
                  "--lang", "fr", stdin="status\nquit\nyes\n")
    missing = [line for line in lines if "liblouis" in line]
    assert len(missing) == 1 and missing[0].startswith("Braille coupé : liblouis manque ; ")
    assert "Bienvenue dans Vertigo." in lines
    assert lines[-1] == "Au revoir."


@pytest.mark.parametrize(("lang", "speech", "braille", "done"), [
    ("en", "Speech: none, Speech Dispatcher's client is missing; python3-speechd is installed",
     "Braille is off: liblouis is missing; ", "The games run on this system."),
    ("fr", "Parole : aucune, le client de Speech Dispatcher manque ; python3-speechd est",
     "Braille coupé : liblouis manque ; ", "Les jeux marchent sur ce système.")])
def test_doctor_of_a_plain_install(program: Path, tmp_path: Path, lang: str, speech: str,
                                   braille: str, done: str) -> None:
    lines = _says(program, tmp_path, "doctor", "--lang", lang)
    assert re.fullmatch(r"a11y-games 0\.\d+\.\d+, Python 3\.11\.\d+, Linux .*\.", lines[0])
    assert lines[2].startswith(speech)
    assert lines[3].startswith(braille)
    assert "BrlAPI" in lines[4]
    assert lines[-1] == done
    assert not [line for line in lines if MESSAGE_ID.search(line)]
