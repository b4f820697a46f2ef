"""Both catalogues are complete and agree: ids, parameters, plural forms; code uses known ids."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from a11y_games.i18n import LOCALE_DIR, domains

ROOT = Path(__file__).resolve().parent.parent
DOMAINS = domains()


def load(lang: str, domain: str):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("domain", DOMAINS)
def test_both_languages_have_the_same_messages(domain: str) -> None:
    en, fr = load("en", domain), load("fr", domain)
    en_ids = {m.id if isinstance(m.id, str) else m.id[0] for m in en if m.id}
    fr_ids = {m.id if isinstance(m.id, str) else m.id[0] for m in fr if m.id}
    assert en_ids - fr_ids == set(), "only in English"
    assert fr_ids - en_ids == set(), "only in French"


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_translated_with_the_same_parameters(domain: str) -> None:
    en, fr = load("en", domain), load("fr", domain)
    for message in en:
        if not message.id:
            continue
        other = fr.get(message.id)
        assert other is not None, message.id
        assert message.pluralizable == other.pluralizable, f"plural form differs: {message.id}"
        en_forms = list(message.string) if message.pluralizable else [message.string]
        fr_forms = list(other.string) if other.pluralizable else [other.string]
        assert all(en_forms) and all(fr_forms), f"untranslated: {message.id}"
        en_fields = set().union(*(fields(s) for s in en_forms))
        fr_fields = set().union(*(fields(s) for s in fr_forms))
        assert en_fields == fr_fields, f"parameters differ: {message.id}"


_DOMAIN_ALT = "|".join(DOMAINS)
ID_IN_CODE = re.compile(rf"""["']((?:{_DOMAIN_ALT})\.[a-z0-9_]+(?:\.[a-z0-9_]+)+)["']""")


def test_code_names_only_known_ids() -> None:
    known = set()
    for domain in DOMAINS:
        known |= {m.id if isinstance(m.id, str) else m.id[0] for m in load("en", domain) if m.id}
    missing = set()
    for path in (ROOT / "a11y_games").rglob("*.py"):
        for found in ID_IN_CODE.findall(path.read_text(encoding="utf-8")):
            if found not in known and not found.endswith("."):
                missing.add(f"{path.relative_to(ROOT)}: {found}")
    assert not missing, sorted(missing)


def test_processes_compiling_at_once_leave_whole_catalogues(tmp_path: Path) -> None:
    """A server and its clients started together after a catalogue changed each compile
    it: every process then reads a whole catalogue (a player never hears raw message ids),
    readable by others, with no temporary file left behind."""
    import shutil
    import subprocess
    import sys

    locales = tmp_path / "locales"
    shutil.copytree(LOCALE_DIR, locales, ignore=shutil.ignore_patterns("*.mo", "*.tmp"))
    script = (
        "import gettext, sys\n"
        "from pathlib import Path\n"
        "from a11y_games.i18n import compile_catalogues\n"
        "locales = Path(sys.argv[1])\n"
        "for _ in range(3):\n"
        "    compile_catalogues(locales, force=True)\n"
        "    mo = locales / 'fr' / 'LC_MESSAGES' / 'online.mo'\n"
        "    with mo.open('rb') as handle:\n"
        "        text = gettext.GNUTranslations(handle).gettext('online.reconnecting')\n"
        "    assert text.startswith('Connexion perdue'), text\n"
    )
    runs = [subprocess.Popen([sys.executable, "-c", script, str(locales)]) for _ in range(4)]
    assert [run.wait(timeout=120) for run in runs] == [0, 0, 0, 0]
    assert not list(locales.glob("*/LC_MESSAGES/*.tmp"))
    assert (locales / "en" / "LC_MESSAGES" / "core.mo").stat().st_mode & 0o044 == 0o044


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_message_id_is_written_twice(lang: str, domain: str) -> None:
    """A second entry of an id silently replaces the first (one of them is never said)."""
    text = (LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
    ids = re.findall(r'^msgid "(.+)"$', text, flags=re.MULTILINE)
    twice = sorted({i for i in ids if ids.count(i) > 1})
    assert twice == [], twice
