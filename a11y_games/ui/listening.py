"""Kinds of announcements the player controls: ``mute KIND``, ``unmute KIND``, ``kinds``,
and ``log KIND`` (in :mod:`a11y_games.ui.info`) to read one kind back.

A game names its kinds in ``GameSpec.kinds`` (a message id, or an id prefix ending with
``.``, to a kind name); the client adds three that every game has: ``chat``, ``others``
(what another seat's action caused) and ``mine`` (what the player's own actions caused).
A muted kind is not said but is logged; a brief-level event that targets the player (said
to that seat alone, or naming it) is never muted.
"""

from __future__ import annotations

from collections.abc import Iterable

from a11y_games.engine import Event, Msg, PlayerRef, Verbosity
from a11y_games.engine.words import fold

__all__ = ["CLIENT_KINDS", "ListeningCommands", "kind_of", "targets"]

CLIENT_KINDS: dict[str, str] = {"online.chat.": "chat"}
"""Kinds by message id that every game has (``others`` and ``mine`` go by the cause)."""

BY_CAUSE = ("others", "mine")


def kind_of(event: Event, kinds: dict[str, str]) -> str | None:
    """The kind an event's message id belongs to: the longest matching key wins (an exact
    id, or a prefix ending with ``.``); None if none matches."""
    msg_id = event.msg.id
    best: tuple[int, str] | None = None
    for key, name in kinds.items():
        matches = msg_id == key or (key.endswith(".") and msg_id.startswith(key))
        if matches and (best is None or len(key) > best[0]):
            best = (len(key), name)
    return best[1] if best else None


def _names(value: object, seat: int) -> bool:
    if isinstance(value, PlayerRef):
        return value.seat == seat
    if isinstance(value, Msg):
        return any(_names(v, seat) for v in value.params.values())
    if isinstance(value, (list, tuple)):
        return any(_names(v, seat) for v in value)
    return False


def targets(event: Event, seat: int | None) -> bool:
    """A brief-level event that concerns ``seat`` itself: said to it alone (hidden
    information revealed), or naming it (investigated, revoked, attacked...)."""
    if seat is None or event.level > Verbosity.BRIEF:
        return False
    if event.visible_to is not None and seat in event.visible_to:
        return True
    return _names(event.msg, seat)


class ListeningCommands:
    """Part of :class:`~a11y_games.ui.client.Client` (a mixin: it uses the client's
    table, writer, translator and settings)."""

    muted_kinds: set[str]

    # --- which kinds -----------------------------------------------------------------------
    def _id_kinds(self) -> dict[str, str]:
        return {**CLIENT_KINDS, **dict(self.table.spec.kinds)}

    def kind_names(self) -> list[str]:
        """The kinds of this game, then the client's own, each once."""
        names = list(dict.fromkeys(self.table.spec.kinds.values()))
        return names + [n for n in ("chat", *BY_CAUSE) if n not in names]

    def kinds_of(self, event: Event, seat: int | None) -> set[str]:
        """Every kind an event is, for the seat at the keyboard."""
        found = set()
        by_id = kind_of(event, self._id_kinds())
        if by_id is not None:
            found.add(by_id)
        if event.cause is not None and seat is not None:
            found.add("mine" if event.cause == seat else "others")
        return found

    def is_muted(self, event: Event, seat: int | None) -> bool:
        """Not said: one of its kinds is muted, and it does not target the seat."""
        if not self.muted_kinds:
            return False
        return bool(self.kinds_of(event, seat) & self.muted_kinds) and not targets(event, seat)

    def kind_label(self, name: str) -> str:
        """A kind's name in the player's language (``<game>.kind.<name>``, or
        ``core.kind.<name>`` for the client's own kinds)."""
        domain = "core" if name in ("chat", *BY_CAUSE) and name not in \
            self.table.spec.kinds.values() else self.table.spec.name
        msg_id = f"{domain}.kind.{name}"
        text = self.tr.text(msg_id)
        return name if text == msg_id else text

    def find_kind(self, word: str) -> str | None:
        """The kind a typed word names: its English name or its label in either language."""
        key = fold(word)
        if not key:
            return None
        from a11y_games.i18n import Translator

        other = Translator("fr" if self.lang == "en" else "en")
        for name in self.kind_names():
            words = {fold(name), fold(self.kind_label(name))}
            for domain in ("core", self.table.spec.name):
                msg_id = f"{domain}.kind.{name}"
                text = other.text(msg_id)
                if text != msg_id:
                    words.add(fold(text))
            if key in words:
                return name
        return None

    def _kinds_list(self, names: Iterable[str]) -> str:
        return ", ".join(self.kind_label(n) for n in names)

    # --- the commands ------------------------------------------------------------------------
    def cmd_kinds(self, rest: str) -> None:
        """kinds: every kind of announcement and whether it is said."""
        names = self.kind_names()
        said = [n for n in names if n not in self.muted_kinds]
        muted = [n for n in names if n in self.muted_kinds]
        lines: list[Msg | str] = [Msg("core.kinds.header", count=len(names))]
        if said:
            lines.append(Msg("core.kinds.said", count=len(said), names=self._kinds_list(said)))
        if muted:
            lines.append(Msg("core.kinds.muted", count=len(muted),
                             names=self._kinds_list(muted)))
        lines.append(Msg("core.kinds.usage"))
        self.say(*lines)

    def cmd_mute(self, rest: str) -> None:
        self._set_muted(rest, muted=True)

    def cmd_unmute(self, rest: str) -> None:
        self._set_muted(rest, muted=False)

    def _set_muted(self, rest: str, *, muted: bool) -> None:
        words = rest.split()
        if not words:
            self.cmd_kinds("")
            return
        kinds = []
        for word in words:
            kind = self.find_kind(word)
            if kind is None:
                self.say(Msg("core.kinds.unknown", word=word[:30],
                             names=self._kinds_list(self.kind_names())))
                return
            kinds.append(kind)
        for kind in kinds:
            if muted:
                self.muted_kinds.add(kind)
            else:
                self.muted_kinds.discard(kind)
        self.say(Msg("core.kinds.now_muted" if muted else "core.kinds.now_said",
                     count=len(kinds), names=self._kinds_list(kinds)))
        if muted:
            self.say(Msg("core.kinds.logged"))
        self._remember_kinds()

    def _remember_kinds(self) -> None:
        """Mutes stay as a setting: ``game.kind`` for a game's kinds, the bare name for
        the client's own."""
        prefs = getattr(self, "prefs", None)
        if prefs is None:
            return
        game = self.table.spec.name
        client = ("chat", *BY_CAUSE)
        kept = [k for k in prefs.kinds_muted_list
                if not (k.startswith(game + ".") or k in client)]
        own = [k if k in client else f"{game}.{k}" for k in sorted(self.muted_kinds)]
        self._remember("muted_kinds", ",".join(kept + own))  # type: ignore[attr-defined]

    def load_muted_kinds(self) -> None:
        """The kinds this game's player muted before (the settings)."""
        prefs = getattr(self, "prefs", None)
        self.muted_kinds = set()
        if prefs is None:
            return
        game = self.table.spec.name
        names = set(self.kind_names())
        for entry in prefs.kinds_muted_list:
            head, dot, kind = entry.partition(".")
            name = kind if dot and head == game else (entry if not dot else "")
            if name in names:
                self.muted_kinds.add(name)
