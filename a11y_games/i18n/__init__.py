"""Catalogue loading and message rendering (French, English).

Catalogues are gettext ``.po`` files, one domain per part of the client: ``core`` and one
per game, under ``locales/<lang>/LC_MESSAGES/<domain>.po``. A message id's first word is
its domain (``pnue.vote.result_yes`` lives in ``pnue.po``). Babel compiles them to ``.mo``;
a stale or missing ``.mo`` is compiled on first use.

>>> from a11y_games.engine import Msg
>>> Translator("en").render(Msg("core.seat.default", number=2))
'Player 2'

A translator may render for a listener, its ``viewer`` seat: a line about that seat says
"you". A message ``X`` whose parameter ``p`` is the viewer's :class:`PlayerRef` is said as
``X.you_p`` when the catalogue has it (``pnue.turn.president.you_seat``: "Turn 5: you are
President."); elsewhere the viewer is "you" ("vous") in place of a name ("Ingrid hands 2
tiles to you."), capitalised at the start of a line ("You: 12 PP.").

>>> from a11y_games.engine import PlayerRef
>>> said = Msg("pnue.turn.president", turn=5, seat=PlayerRef(0))
>>> Translator("en", names=lambda seat: "Ana", viewer=lambda: 0).render(said)
'Turn 5: you are President.'
>>> Translator("en", names=lambda seat: "Ana", viewer=lambda: 1).render(said)
'Turn 5: Ana is President.'
"""

from __future__ import annotations

import contextlib
import gettext
import os
import re
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from a11y_games.engine.messages import Msg, PlayerRef
from a11y_games.engine.text import shown

__all__ = ["LANGUAGES", "LOCALE_DIR", "Translator", "default_language", "elide_french"]

LANGUAGES = ("en", "fr")
DECIMAL_MARK = {"en": ".", "fr": ","}
"""How each language writes a decimal number (``0.53`` seconds, ``0,53`` secondes)."""
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locales"
"""The catalogues: compiled into the package by the wheel's build (``setup.py``), else
the checkout's own ``locales/`` (compiled there on first use)."""
if not LOCALE_DIR.is_dir():
    LOCALE_DIR = Path(__file__).resolve().parent.parent.parent / "locales"


def default_language(environ: dict[str, str] | None = None) -> str:
    """The player's language from the environment (``LANGUAGE``, ``LC_ALL``...), else English."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            code = value.split(":")[0][:2].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def domains(locale_dir: Path = LOCALE_DIR) -> list[str]:
    """Catalogue domains present for English (the reference language)."""
    return sorted(p.stem for p in (locale_dir / "en" / "LC_MESSAGES").glob("*.po"))


def compile_catalogues(locale_dir: Path = LOCALE_DIR, *, force: bool = False) -> list[Path]:
    """Compile every ``.po`` whose ``.mo`` is missing or older; returns the files written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=po.parent.parent.name)
        # a temporary file of this writer's own: processes started together after a
        # catalogue changed (a server and its clients, test workers) each compile, and
        # a reader only ever opens a whole .mo
        handle, tmp = tempfile.mkstemp(prefix=f".{mo.name}.", suffix=".tmp", dir=mo.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                write_mo(out, catalog, use_fuzzy=False)
            os.chmod(tmp, 0o644)  # readable like the .po (a server run as another user)
            os.replace(tmp, mo)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        written.append(mo)
    return written


_ELIDABLE = re.compile(r"\b([Dd]e|[Ll]e|[Qq]ue) \{(\w+)\}")
_VOWELS = frozenset("aeiouAEIOUàâäéèêëîïôöùûüÀÂÄÉÈÊËÎÏÔÖÙÛÜ")  # not y: often not elided
_MUTE_H_NEXT = frozenset("eéèêëyEÉÈÊËY")
"""After an ``H``, the letters of a mute h in names: Hélène, Henri, Hestia, Héphaïstos,
Hythlodée take ``d'``; Hollande, Hongrie, Hugo, Haïti are left alone (aspirated, or usage
varies)."""


def _elides(name: str) -> bool:
    return name[:1] in _VOWELS or (name[:1] in "Hh" and name[1:2] in _MUTE_H_NEXT)


def elide_french(template: str, values: dict[str, str]) -> str:
    """French elision where a name is filled in: ``de {game}`` before ``Utopie`` becomes
    ``d'{game}`` (also ``le``, ``que``). Only a template word just before a parameter changes.

    >>> elide_french("Règles de {game}, près de {place}.", {"game": "Utopie", "place": "Tanna"})
    "Règles d'{game}, près de {place}."
    >>> elide_french("Monument de {seat}", {"seat": "Hythlodée"})  # a mute h
    "Monument d'{seat}"
    """
    def fix(match: re.Match[str]) -> str:
        word, name = match.groups()
        if _elides(values.get(name, "")):
            return f"{word[:-1]}'{{{name}}}"
        return match.group(0)

    return _ELIDABLE.sub(fix, template)


_CACHE: dict[tuple[str, str], gettext.NullTranslations] = {}


def _translations(lang: str, domain: str) -> gettext.NullTranslations:
    key = (lang, domain)
    if key not in _CACHE:
        mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
        po = mo.with_suffix(".po")
        if po.exists() and (not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime):
            with contextlib.suppress(OSError, ImportError):  # Babel: a checkout's tool
                compile_catalogues()
        try:
            with mo.open("rb") as handle:
                _CACHE[key] = gettext.GNUTranslations(handle)
        except OSError:
            _CACHE[key] = gettext.NullTranslations()
    return _CACHE[key]


YOU = "core.seat.you"
"""The viewer in place of its name: "you", "vous"."""


class Translator:
    """Renders messages in one language. ``names`` turns a seat number into its name;
    ``viewer`` tells the seat listening now (None: a spectator, or nobody at the keyboard),
    whose own lines say "you"."""

    def __init__(self, lang: str = "en",
                 names: Callable[[int], str | Msg] | None = None,
                 viewer: Callable[[], int | None] | None = None) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.names = names
        self.viewer = viewer

    def for_seat(self, viewer: int | None) -> Translator:
        """This translator rendering for ``viewer`` (None: names only, as a spectator)."""
        return Translator(self.lang, names=self.names, viewer=lambda: viewer)

    def text(self, msg_id: str, count: int | None = None) -> str:
        """The raw catalogue text of ``msg_id`` (plural form for ``count`` if given)."""
        domain = msg_id.split(".", 1)[0]
        tr = _translations(self.lang, domain)
        if count is None:
            return tr.gettext(msg_id)
        return tr.ngettext(msg_id, msg_id, count)

    def render(self, msg: Msg | str) -> str:
        """The message in this language, parameters filled in.

        Every parameter, and a plain string, is cleaned here, the one place for all: a name,
        a file name, a settings value or a typed word from outside never brings a control
        character (an escape sequence, a bidi override) to the screen (``text.shown``).
        """
        if isinstance(msg, str):
            return shown(msg)
        viewer = None if self.viewer is None else self.viewer()
        text = self._render(msg, viewer)
        if viewer is not None and text.startswith(self.text(YOU)):
            text = text[:1].upper() + text[1:]  # "You: 12 PP."
        return text

    def _render(self, msg: Msg, viewer: int | None) -> str:
        count = msg.params.get("count")
        plural = count if isinstance(count, int) else None
        template = self.text(self.heard_id(msg, viewer), plural)
        if not msg.params:
            return template
        values = {k: self._value(v, viewer) for k, v in msg.params.items()}
        if self.lang == "fr" and "{" in template:
            template = elide_french(template, values)
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return template

    def heard_id(self, msg: Msg, viewer: int | None) -> str:
        """The id of ``msg`` as ``viewer`` hears it: its "you" variant for the first seat
        parameter (or list of seats) that names the viewer and has one (``X.you_p``), else
        its own."""
        if viewer is None:
            return msg.id
        you = PlayerRef(viewer)
        for name, value in msg.params.items():
            if value == you or (isinstance(value, (list, tuple)) and you in value):
                variant = f"{msg.id}.you_{name}"
                if self.has(variant):
                    return variant
        return msg.id

    def has(self, msg_id: str) -> bool:
        """Whether the catalogue has ``msg_id`` (gettext gives back an unknown id)."""
        return self.text(msg_id) != msg_id or self.text(msg_id, 1) != msg_id

    def render_all(self, msgs: Iterable[Msg | str]) -> list[str]:
        return [self.render(m) for m in msgs]

    def _value(self, value: Any, viewer: int | None) -> str:
        if isinstance(value, Msg):
            return self._render(value, viewer)
        if isinstance(value, PlayerRef):
            if value.seat == viewer:
                return self.text(YOU)
            if self.names is None:
                return self._render(Msg("core.seat.default", number=value.seat + 1), None)
            name = self.names(value.seat)
            return shown(name) if isinstance(name, str) else self._render(name, None)
        if isinstance(value, (list, tuple)):
            if not value:
                return self.text("core.list.none")
            return self.text("core.list.separator").join(self._value(v, viewer) for v in value)
        if isinstance(value, float):  # a measure: two decimals, the language's decimal mark
            return f"{value:.2f}".replace(".", DECIMAL_MARK[self.lang])
        return shown(str(value))
