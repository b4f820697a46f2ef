"""What the client needs of its outputs: speech (a protocol) and braille options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = ["BrailleOptions", "SpeechOutput", "table_default"]


class SpeechOutput(Protocol):
    """What the client needs of speech (see ``a11y_games.output.speech.Speech``)."""

    available: bool
    enabled: bool

    def speak(self, text: str, *, interrupt: bool = False) -> None: ...
    def silence(self) -> None: ...


@dataclass
class BrailleOptions:
    """Braille settings: on in every summary (``mode``), table, contracted, width."""

    mode: bool = False
    table: str | None = None
    contracted: bool = False
    width: int = 40
    _cache: dict[str, Any] = field(default_factory=dict)


def table_default(lang: str) -> str:
    """The language's default braille table name (liblouis is imported only when needed)."""
    from a11y_games.output.braille import table_for

    return table_for(lang)
