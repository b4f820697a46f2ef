"""BRF files: pages fit the embosser, carry page numbers, and back-translate to the source."""

from __future__ import annotations

import pytest

from a11y_games.i18n import Translator
from a11y_games.output.braille import TABLES, BrailleError, same_print
from a11y_games.output.brf import BRF_CHARS, BrfBraille, brf_layout, brf_pages, write_brf

from .samples import STATUS

pytestmark = pytest.mark.timeout(60)

SIZES = [(40, 25), (32, 28), (20, 10), (14, 4)]


def long_document(lang: str) -> list[str]:
    """Enough lines for several pages, with an empty line between sections."""
    return [*STATUS[lang], "", *STATUS[lang], "", *STATUS[lang]]


def parse(document: str) -> list[list[str]]:
    """Pages as lists of lines, from the raw BRF text (CR LF lines, form feed pages)."""
    pages = document.split("\f")
    parsed = []
    for page in pages:
        assert page.endswith("\r\n")
        lines = page[:-2].split("\r\n")
        assert all("\r" not in line and "\n" not in line for line in lines)
        parsed.append(lines)
    return parsed


@pytest.mark.parametrize("lang", sorted(TABLES))
@pytest.mark.parametrize(("width", "lines"), SIZES)
def test_pages_fit_and_content_back_translates(lang: str, width: int, lines: int) -> None:
    table = TABLES[lang]
    texts = long_document(lang)
    document = brf_pages(texts, table=table, width=width, lines=lines, title="Mr Dollar")
    assert set(document) <= BRF_CHARS | {"\r", "\n", "\f"}
    pages = parse(document)
    brf = BrfBraille(table)
    body: list[str] = []
    for number, page in enumerate(pages, start=1):
        assert len(page) <= lines, f"page {number} has {len(page)} lines"
        assert all(len(line) <= width for line in page)
        assert brf.back(page[-1].strip()) == str(number), "page number at the bottom right"
        assert page[-1].endswith(brf.ascii(str(number)))
        body.extend(page[:-1])
    if lines > 4:
        assert len(pages) > 1, "the long document needs several pages"
    title_rows = body.index("")
    assert brf.back(" ".join(row.strip() for row in body[:title_rows])) == "Mr Dollar"
    body = body[title_rows + 1:]
    # each source text starts on a new line; an empty text is a blank line
    back = [brf.back(row) if row else "" for row in body]
    rebuilt: list[str] = []
    for text in texts:
        count = len(brf_layout([text], table=table, width=width, lines=200)[0]) - 1
        rebuilt.append(" ".join(back[:count]))
        back = back[count:]
    assert back == []
    for text, again in zip(texts, rebuilt, strict=True):
        assert same_print(text, again), (text, again)


@pytest.mark.parametrize("lang", sorted(TABLES))
def test_status_lines_round_trip_through_braille_ascii(lang: str) -> None:
    brf = BrfBraille(TABLES[lang])
    for line in STATUS[lang]:
        cells = brf.ascii(line)
        assert set(cells) <= BRF_CHARS
        assert same_print(line, brf.back(cells))


def test_default_page_is_40_cells_by_25_lines() -> None:
    pages = parse(brf_pages(long_document("en") * 3, table=TABLES["en"]))
    assert len(pages) >= 2
    assert max(len(line) for page in pages for line in page) <= 40
    assert max(len(page) for page in pages) == 25


def test_empty_document_is_one_numbered_page() -> None:
    assert brf_layout([], table=TABLES["fr"], width=20, lines=5) == [[",*".rjust(20)]]


def test_eight_dot_table_is_refused_for_files() -> None:
    with pytest.raises(BrailleError) as caught:
        brf_pages(["Élu : Égypte."], table="fr-bfu-comp8.utb")
    assert caught.value.msg.id == "output.braille.not_six_dot"
    assert "fr-bfu-comp8.utb" in Translator("fr").render(caught.value.msg)


@pytest.mark.parametrize("lines", [2, 201])
def test_page_length_out_of_range_is_a_message(lines: int) -> None:
    with pytest.raises(BrailleError) as caught:
        brf_pages(["x"], table=TABLES["en"], lines=lines)
    assert caught.value.msg.id == "output.brf.lines_bad"


def test_missing_table_is_a_message(capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(BrailleError) as caught:
        brf_pages(["x"], table="nowhere.ctb")
    assert caught.value.msg.id == "output.braille.table_missing"
    assert capfd.readouterr() == ("", "")


def test_write_brf_replaces_the_file_atomically(tmp_path) -> None:
    target = tmp_path / "role.brf"
    target.write_text("old")
    written = write_brf(target, STATUS["fr"], table=TABLES["fr"], title="Votre rôle")
    assert written == target
    data = target.read_bytes()
    assert data == brf_pages(STATUS["fr"], table=TABLES["fr"], title="Votre rôle").encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["role.brf"], "no temporary left"


def test_write_brf_into_a_missing_folder_is_a_message(tmp_path) -> None:
    target = tmp_path / "missing" / "table.brf"
    with pytest.raises(BrailleError) as caught:
        write_brf(target, ["x"], table=TABLES["en"])
    assert caught.value.msg.id == "output.brf.write_failed"
    assert str(target) in Translator("en").render(caught.value.msg)
    assert not target.exists()


@pytest.mark.parametrize("lang", sorted(TABLES))
def test_contracted_tables_make_valid_braille_files(lang: str) -> None:
    from a11y_games.output.braille import CONTRACTED

    pages = parse(brf_pages(STATUS[lang], table=CONTRACTED[lang], width=30, lines=6))
    assert all(len(page) <= 6 and all(len(line) <= 30 for line in page) for page in pages)
    assert set("".join(line for page in pages for line in page)) <= BRF_CHARS
