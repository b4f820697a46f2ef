"""Spoken names: spaces, actions, characters, directions, goods (as catalogue messages),
and lists cut to fit a braille line."""

from __future__ import annotations

from a11y_games.engine import Msg
from a11y_games.games.vanuatu import data
from a11y_games.games.vanuatu.board import Board, Island, Sea

__all__ = ["action_msg", "character_msg", "direction_msg", "good_msg", "joined", "listed",
           "space_name", "squeezed"]


def space_name(board: Board, space: int) -> Msg | str:
    """The spoken name of a space: an island's name, "sea C3", or "open C3" when empty."""
    tile = board.tiles[space]
    code = data.CODES[space]
    if isinstance(tile, Island):
        return tile.name
    if isinstance(tile, Sea):
        return Msg("vanuatu.space.sea", code=code)
    return Msg("vanuatu.space.empty", code=code)


def action_msg(action: str) -> Msg:
    return Msg(f"vanuatu.action.{action}")


def character_msg(character: str) -> Msg:
    return Msg(f"vanuatu.character.{character}")


def direction_msg(direction: int) -> Msg:
    return Msg(f"vanuatu.dir.{data.DIRECTIONS[direction][0]}")


def good_msg(good: str, count: int = 1) -> Msg:
    return Msg(f"vanuatu.good.{good}", count=count)


def joined(items: list[Msg]) -> Msg:
    """Names said together, the last after "and": "Sail, Fish and Rest" (one name alone)."""
    if len(items) == 1:
        return items[0]
    return Msg("vanuatu.and", first=items[:-1], last=items[-1])


def listed(msg_id: str, key: str, items: list, **params: object) -> list[Msg]:
    """A message naming every item: one whole sentence, never cut with "Also: ..." lines
    for speech to hear fragments (a braille display pans a long one)."""
    return [Msg(msg_id, **{key: items}, **params)]  # type: ignore[arg-type]


SPACE_NAME_SIZE = 6
"""Characters of a tile's name that is a catalogue message: "sea C4", "mer C4"."""


def squeezed(names: list[str | Msg], room: int) -> list[str | Msg]:
    """As many names as fit ``room`` characters joined by ", ", then "+2" for the others,
    so that a choice stays on one braille line. Proper names are the same in every
    language; a sea's name counts ``SPACE_NAME_SIZE``."""
    sizes = [len(n) if isinstance(n, str) else SPACE_NAME_SIZE for n in names]
    if sum(sizes) + 2 * (len(names) - 1) <= room:
        return names
    used = len(", +9")
    kept: list[str | Msg] = []
    for name, size in zip(names, sizes, strict=True):
        used += size + (2 if kept else 0)
        if used > room:
            break
        kept.append(name)
    return [*kept, Msg("vanuatu.label.more", count=len(names) - len(kept))]
