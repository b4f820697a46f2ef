"""Moderation from the lobby, for moderators and admins: kick, mute, unmute, ban, unban,
announce, motd, role, modlog. The server checks who may; this only reads the words.

``kick NAME REASON``, ``mute NAME MINUTES REASON`` (0: for good), ``ban NAME|ADDRESS DAYS
REASON`` (0: for good), ``unmute NAME``, ``unban NAME|ADDRESS``, ``announce TEXT``,
``motd TEXT``, ``role NAME moderator|admin|player``, ``modlog``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from a11y_games.engine import Msg
from a11y_games.engine.words import fold, number
from a11y_games.net import protocol as p
from a11y_games.ui.account import refusal_said

if TYPE_CHECKING:
    from a11y_games.ui.lobby import Lobby

__all__ = ["WORDS", "Moderating", "when_text"]

WORDS = {"kick": ("kick", "expulser"), "mute": ("mute", "silence"),
         "unmute": ("unmute", "parole"), "ban": ("ban", "bannir"),
         "unban": ("unban", "gracier"), "announce": ("announce", "annoncer"),
         "motd": ("motd", "message"), "role": ("role",), "modlog": ("modlog", "journal")}
ROLE_WORDS = {"moderator": ("moderator", "moderateur", "moderatrice"),
              "admin": ("admin", "administrateur", "administratrice"),
              "player": ("player", "joueur", "joueuse")}
"""The roles as an admin types them, in either language (the server knows the first)."""
TIMED = {"mute": 1, "ban": 24 * 60}
"""Minutes in the unit each timed action is typed in (mute: minutes; ban: days)."""


def when_text(seconds: float) -> str:
    """A moment as the log says it (UTC, to the minute)."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


class Moderating:
    """The moderation commands of a lobby."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby

    def command(self, word: str, words: list[str]) -> None:
        with refusal_said(self.lobby):
            if word == "modlog":
                self._log()
                return
            request = self._request(word, words)
            if request is None:
                self.lobby.say(Msg(f"online.moderate.usage.{word}"))
                return
            self.lobby.session.request(request)
            self.lobby.say(Msg("online.moderate.done"))

    @staticmethod
    def _request(word: str, words: list[str]) -> p.Moderate | None:
        if word in ("announce", "motd"):
            text = " ".join(words)
            return p.Moderate(action=word, text=text) if text or word == "motd" else None
        if not words:
            return None
        name, rest = words[0], words[1:]
        if word in TIMED:
            amount = number(rest[0]) if rest else None
            if amount is None or len(rest) < 2:
                return None
            return p.Moderate(action=word, name=name, minutes=amount * TIMED[word],
                              reason=" ".join(rest[1:]))
        if word == "role":
            if not rest:
                return None
            typed = fold(rest[0])
            role = next((r for r, names in ROLE_WORDS.items() if typed in names), typed)
            return p.Moderate(action="role", name=name, text=role)
        if word == "kick" and not rest:
            return None
        return p.Moderate(action=word, name=name, reason=" ".join(rest))  # type: ignore[arg-type]

    def _log(self) -> None:
        records = self.lobby.session.request(p.ModLog()).records
        if not records:
            self.lobby.say(Msg("online.modlog.none"))
            return
        self.lobby.say(Msg("online.modlog.count", count=len(records)), *(
            Msg(f"online.modlog.{r.action}", when=when_text(r.time), by=r.by,
                target=r.target, reason=r.reason or "-",
                role=Msg(f"online.role.{r.reason if r.reason in ROLE_WORDS else 'player'}"),
                until=Msg("online.until.time", when=when_text(r.until)) if r.until
                else Msg("online.until.forever"))
            for r in records))
