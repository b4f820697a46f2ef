"""Braille files to emboss: rules, card and table as BRF pages that back-translate."""

from __future__ import annotations

import io

import pytest

from a11y_games.cli import main
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import get_spec
from a11y_games.output.braille import TABLES
from a11y_games.output.brf import BrfBraille
from a11y_games.ui.client import Client
from a11y_games.ui.rulesdoc import read_sections
from a11y_games.ui.terminal import PlainReader, Writer

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def pages(path) -> list[list[str]]:
    text = path.read_bytes().decode("ascii")
    return [page.split("\r\n")[:-1] for page in text.split("\f")]


def test_rules_brf_has_40_cells_25_lines_and_reads_back(tmp_path, capsys) -> None:
    out = tmp_path / "rules.brf"
    assert main(["braille", "pnue", "--lang", "fr", "--out", str(out)]) == 0
    brf = BrfBraille(TABLES["fr"])
    body = []
    for page in pages(out):
        assert len(page) <= 25
        assert all(len(line) <= 40 for line in page)
        body += page[:-1]
    back = " ".join(brf.back(line) for line in body if line.strip())
    first = read_sections("pnue", "fr")[0]
    assert first.title.split()[0].lower() in back.lower()


def test_in_game_braille_save_writes_card_and_table(tmp_path) -> None:
    """PN-01 PN-05: the card file holds my role and the pieces, as the braille edition's."""
    spec = get_spec("pnue")
    match = Match(spec, spec.settings(5, 3), [SeatSpec("human", "Ana")] +
                  [SeatSpec("bot", level="random", name_index=i) for i in range(1, 5)])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("braille save\nbraille save nope\n")),
                    writer=Writer(out))
    client.run()
    lines = out.getvalue().splitlines()
    assert "Type braille save, or braille save rules, card or table." in lines
    card = tmp_path / "data" / "a11y_games" / "braille" / "pnue-card.brf"
    brf = BrfBraille(TABLES["en"])
    text = " ".join(brf.back(line) for page in pages(card) for line in page[:-1]).lower()
    role = match.state.private(0)[0]
    from a11y_games.i18n import Translator

    assert Translator("en").render(role).lower().split(":")[0] in text
    assert "9 ecological (3 climate, 3 health, 3 social) and 14 lobbyist" in text
    assert (tmp_path / "data" / "a11y_games" / "braille" / "pnue-table.brf").exists()


def test_card_without_a_game_says_what_to_do(tmp_path, capsys) -> None:
    assert main(["braille", "pnue", "--what", "card", "--load", "nothing"]) == 2
    assert "There is no save called" in capsys.readouterr().out
