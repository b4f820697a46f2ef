"""A game's words explained: ``explain WORD`` at any time, and once a game, in a few words,
right after the line where a player first hears one.

A game lists its terms in ``GameSpec.terms`` (a term's name to the message ids it is heard
in); the catalogue says each one (``<game>.term.<name>``) and what it means
(``<game>.term.<name>.means``, one short sentence that starts with the word).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from a11y_games.engine import Msg, Verbosity
from a11y_games.engine.words import fold
from a11y_games.i18n import Translator

__all__ = ["GlossaryCommands", "heard_terms", "ids_in", "matching_terms"]


def ids_in(msg: Msg) -> Iterator[str]:
    """The id of ``msg`` and of every message among its parameters, outermost first."""
    yield msg.id
    for value in msg.params.values():
        items = value if isinstance(value, (list, tuple)) else (value,)
        for item in items:
            if isinstance(item, Msg):
                yield from ids_in(item)


def _heard_in(msg_id: str, keys: tuple[str, ...]) -> bool:
    return any(msg_id == key or (key.endswith(".") and msg_id.startswith(key)) for key in keys)


def heard_terms(msgs: Iterable[Msg | str], terms: Mapping[str, tuple[str, ...]]) -> list[str]:
    """The terms heard in ``msgs``, in the order first heard."""
    found: list[str] = []
    for msg in msgs:
        if not isinstance(msg, Msg):
            continue
        for msg_id in ids_in(msg):
            for name, keys in terms.items():
                if name not in found and _heard_in(msg_id, keys):
                    found.append(name)
    return found


def matching_terms(game: str, terms: Iterable[str], wanted: str) -> list[str]:
    """The terms a player means by ``wanted``, in either language: the whole term, else the
    terms one of whose words starts with it ("witness" for "witnesses"; accents and case
    ignored)."""
    wanted = fold(wanted.strip())
    said = {name: [fold(Translator(lang).render(Msg(f"{game}.term.{name}")))
                   for lang in ("en", "fr")] for name in terms}
    whole = [name for name, words in said.items() if wanted in words or wanted == name]
    if whole or not wanted:
        return whole
    return [name for name, words in said.items()
            if any(w.startswith(wanted) for text in words for w in text.split())]


class GlossaryCommands:
    """Part of :class:`~a11y_games.ui.client.Client` (a mixin: it uses the client's
    table, translator and verbosity)."""

    def _terms(self) -> Mapping[str, tuple[str, ...]]:
        return self.table.spec.terms

    def cmd_explain(self, rest: str) -> None:
        game, terms = self.table.spec.name, self._terms()
        if not terms:
            self.say(Msg("core.explain.none", game=self.table.spec.title))
            return
        if not rest.strip():
            self.say(Msg("core.explain.list", count=len(terms),
                         terms=[Msg(f"{game}.term.{name}") for name in terms]),
                     Msg("core.explain.hint"))
            return
        found = matching_terms(game, terms, rest)
        if not found:
            self.say(Msg("core.explain.unknown", word=rest.strip()[:30]), Msg("core.explain.hint"))
            return
        self.say(*(Msg(f"{game}.term.{name}.means") for name in found))
        self.glossary_told(self.viewer).update(found)

    def glossary_told(self, seat: int | None) -> set[str]:
        """The terms already explained to ``seat`` in this game (a new table: none)."""
        told: dict[int | None, set[str]] = self.__dict__.setdefault("glossary", {})
        return told.setdefault(seat, set())

    def first_heard(self, msgs: Iterable[Msg | str]) -> list[Msg]:
        """The explanations of the terms the player hears in ``msgs`` for the first time in
        this game (none at brief verbosity), now counted as told."""
        terms = self._terms()
        if not terms or self.verbosity <= Verbosity.BRIEF:
            return []
        told = self.glossary_told(self.viewer)
        new = [name for name in heard_terms(msgs, terms) if name not in told]
        told.update(new)
        return [Msg(f"{self.table.spec.name}.term.{name}.means") for name in new]
