"""A part that is not installed says, in one sentence, how to get it on this system."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from a11y_games.engine import Msg
from a11y_games.i18n import Translator
from a11y_games.output.braille import Braille, BrailleError, table_for
from a11y_games.output.missing import how_to_get


@pytest.fixture
def debian_louis(tmp_path: Path) -> Path:
    """A folder of Debian's Python packages that holds liblouis's module."""
    (tmp_path / "louis").mkdir()
    return tmp_path


def _said(lang: str, how: Msg) -> str:
    return Translator(lang).render(Msg("output.braille.unavailable", how=how))


def test_on_debian_without_the_package_says_the_apt_command(tmp_path: Path) -> None:
    how = how_to_get("louis", platform="linux", apt=True, system=tmp_path, search=[])
    assert _said("en", how) == ("Braille is off: liblouis is missing; install it with: "
                                "sudo apt install python3-louis.")
    assert _said("fr", how) == ("Braille coupé : liblouis manque ; installez-le avec : "
                                "sudo apt install python3-louis.")


def test_a_venv_that_cannot_see_debian_s_package_says_the_pipx_option(
        debian_louis: Path) -> None:
    how = how_to_get("louis", platform="linux", apt=True, system=debian_louis, search=[])
    assert "python3-louis is installed, but not for this Python" in _said("en", how)
    assert "--system-site-packages" in _said("fr", how)
    seen = how_to_get("louis", platform="linux", apt=True, system=debian_louis,
                      search=[str(debian_louis)])
    assert seen.id == "output.missing.debian"  # it sees them: the package itself is broken


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_windows_and_macos_point_to_the_install_guide(platform: str) -> None:
    how = how_to_get("louis", platform=platform)
    assert _said("en", how) == ("Braille is off: liblouis is missing; the Braille part of "
                                "install.md says how to add it.")
    assert _said("fr", how).endswith("la partie Braille d'install.fr.md dit comment l'ajouter.")


def test_braille_without_liblouis_is_one_sentence_never_a_traceback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "louis", None)
    with pytest.raises(BrailleError) as caught:
        Braille(table_for("en"))
    said = Translator("en").render(caught.value.msg)
    assert said.startswith("Braille is off: liblouis is missing; ")
    assert said.endswith(".") and "\n" not in said


@pytest.mark.timeout(30)
def test_summaries_in_braille_without_liblouis_say_it_once_and_go_on_in_text(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    from a11y_games.cli import main

    monkeypatch.setitem(sys.modules, "louis", None)
    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    monkeypatch.setattr(sys, "stdin", io.StringIO("status\nstatus\nquit\nyes\n"))
    assert main(["vertigo", "--players", "2", "--braille", "--speech", "off", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len([line for line in lines if "liblouis" in line]) == 1
    assert lines[-1] == "Goodbye."
