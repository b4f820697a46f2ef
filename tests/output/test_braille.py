"""Braille: summaries round-trip through the default tables; lines fit the display whole."""

from __future__ import annotations

import itertools
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from a11y_games.i18n import Translator
from a11y_games.output.braille import (
    BLANK,
    CONTRACTED,
    TABLES,
    Braille,
    BrailleError,
    same_print,
    table_for,
    wrap_cells,
)

from .samples import STATUS

pytestmark = pytest.mark.timeout(60)

WIDTHS = (14, 20, 40, 80)


@pytest.fixture(scope="module", params=sorted(TABLES))
def lang(request: pytest.FixtureRequest) -> str:
    return request.param


def is_braille(text: str) -> bool:
    return all("\u2800" <= cell <= "\u28ff" for cell in text)


def test_default_tables_are_the_issues() -> None:
    assert table_for("fr") == "fr-bfu-comp6.utb"
    assert table_for("en") == "en-ueb-g1.ctb"
    assert table_for("fr", contracted=True) == CONTRACTED["fr"] == "fr-bfu-g2.ctb"
    assert table_for("en", contracted=True) == CONTRACTED["en"] == "en-ueb-g2.ctb"
    assert table_for("fr", explicit="fr-bfu-comp8.utb") == "fr-bfu-comp8.utb"
    assert table_for("xx") == TABLES["en"]


def test_every_status_line_round_trips_with_the_default_table(lang: str) -> None:
    braille = Braille(table_for(lang))
    for line in STATUS[lang]:
        cells = braille.translate(line)
        assert cells and is_braille(cells), line
        back = braille.back(cells)
        if lang == "fr":
            assert back == line
        else:  # UEB writes ' and ’ with one cell and gives back ’ inside words
            assert same_print(line, back), (line, back)
            assert back.replace("\u2019", "'") == line


def test_english_apostrophe_is_the_only_print_difference() -> None:
    braille = Braille(table_for("en"))
    assert braille.back(braille.translate("It's your turn.")) == "It’s your turn."
    assert braille.back(braille.translate("It’s your turn.")) == "It’s your turn."
    assert not same_print("It's your turn.", "Its your turn.")


@pytest.mark.parametrize("width", WIDTHS)
def test_wrapped_lines_fit_and_never_split_words(lang: str, width: int) -> None:
    braille = Braille(table_for(lang), width=width)
    for line in STATUS[lang]:
        cells = braille.translate(line)
        wrapped = braille.lines([line])
        assert all(len(row) <= width for row in wrapped)
        assert all(row and row[0] != BLANK and row[-1] != BLANK for row in wrapped)
        longest_word = max(len(word) for word in cells.split(BLANK))
        if longest_word <= width:
            assert BLANK.join(wrapped) == cells, "a word was split or a cell lost"
            for row, following in itertools.pairwise(wrapped):
                assert len(row) + 1 + len(following.split(BLANK)[0]) > width, (
                    "the next word would have fit on this line")


@pytest.mark.parametrize("width", WIDTHS)
def test_each_wrapped_line_back_translates_to_its_words(lang: str, width: int) -> None:
    braille = Braille(table_for(lang), width=width)
    for line in STATUS[lang]:
        if max(len(w) for w in braille.translate(line).split(BLANK)) > width:
            continue
        back = " ".join(braille.back(row) for row in braille.lines([line]))
        assert same_print(line, back), (width, line, back)


def test_each_text_starts_on_its_own_line(lang: str) -> None:
    braille = Braille(table_for(lang), width=80)
    texts = STATUS[lang][:3]
    assert braille.lines(texts) == [braille.translate(text) for text in texts]
    assert braille.lines([""]) == [""]


def test_a_word_longer_than_the_display_is_cut_into_full_lines() -> None:
    braille = Braille(table_for("en"), width=14)
    word = "Anticonstitutionally"
    rows = braille.lines([f"Go {word} now"])
    cells = braille.translate(word)
    assert all(len(row) <= 14 for row in rows)
    go, now = braille.translate("Go"), braille.translate("now")
    assert rows == [go, cells[:14], cells[14:] + BLANK + now]


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.text(alphabet="abcdé", min_size=1, max_size=30), max_size=20),
       width=st.integers(min_value=8, max_value=40))
def test_wrapping_property(words: list[str], width: int) -> None:
    text = " ".join(words)
    rows = wrap_cells(text, width, blank=" ")
    assert all(len(row) <= width for row in rows)
    assert "".join(rows).replace(" ", "") == text.replace(" ", "")
    whole = [w for w in words if len(w) <= width]
    assert all(any(w in row.split(" ") for row in rows) for w in whole)


def test_contracted_tables_give_braille_no_longer_than_uncontracted(lang: str) -> None:
    full, short = Braille(TABLES[lang]), Braille(CONTRACTED[lang])
    for line in STATUS[lang]:
        contracted = short.translate(line)
        assert is_braille(contracted)
        assert len(contracted) <= len(full.translate(line))


def test_missing_table_is_a_message_not_a_traceback(capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(BrailleError) as caught:
        Braille("no-such-table.utb")
    assert capfd.readouterr() == ("", ""), "liblouis must not print to the player's screen"
    msg = caught.value.msg
    assert msg.id == "output.braille.table_missing"
    assert isinstance(caught.value, ValueError)
    for lang in ("en", "fr"):
        text = Translator(lang).render(msg)
        assert "no-such-table.utb" in text and "fr-bfu-comp6.utb" in text
        assert "en-ueb-g1.ctb" in text


def test_table_list_with_one_missing_table_is_refused() -> None:
    with pytest.raises(BrailleError):
        Braille("en-ueb-g1.ctb,missing.cti")


@pytest.mark.parametrize("width", [0, 7, 201])
def test_width_out_of_range_is_a_message(width: int) -> None:
    with pytest.raises(BrailleError) as caught:
        Braille(table_for("en"), width=width)
    assert caught.value.msg.id == "output.braille.width_bad"
    assert str(width) in Translator("fr").render(caught.value.msg)


def test_without_liblouis_braille_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "louis", None)
    with pytest.raises(BrailleError) as caught:
        Braille(table_for("fr"))
    assert caught.value.msg.id == "output.braille.unavailable"
