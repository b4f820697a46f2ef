"""Spoken names: spaces, actions, characters, directions, goods (as catalogue messages),
and lists cut to fit a braille line."""

from __future__ import annotations

from a11y_games.engine import Msg
from a11y_games.games.vanuatu import data
from a11y_games.games.vanuatu.board import Board, Island, Sea

__all__ = ["action_msg", "character_msg", "direction_msg", "good_msg", "listed", "space_name"]


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


def listed(msg_id: str, key: str, items: list, size: int, **params: object) -> list[Msg]:
    """A message naming at most ``size`` items, then "Also: ..." lines for the rest, so that
    each line fits a 40-cell braille display."""
    lines = [Msg(msg_id, **{key: items[:size]}, **params)]  # type: ignore[arg-type]
    for start in range(size, len(items), size):
        lines.append(Msg("vanuatu.more", items=items[start:start + size]))
    return lines
