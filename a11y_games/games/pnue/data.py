"""PNUE — Mr Dollar: every number and table of the rules, in one place.

Tiles are short strings: ``"lob"`` (a lobbyist resolution), ``"climate"``, ``"health"``,
``"social"`` (ecological resolutions by kind) and ``"crisis_climate"`` and so on (the advanced
rule's crises). Roles are ``"dollar"``, ``"lobbyist"`` and ``"ecologist"``.
"""

from __future__ import annotations

from typing import Final

from a11y_games.engine.messages import Msg

Tile = str
Role = str

# --- tiles (PN-01) ---------------------------------------------------------------------------
LOB: Final = "lob"
ECO_KINDS: Final = ("climate", "health", "social")
ECO_PER_KIND: Final = 3
LOB_TILES: Final = 14
CRISES: Final = tuple(f"crisis_{kind}" for kind in ECO_KINDS)
CRISIS_KIND: Final = {f"crisis_{kind}": kind for kind in ECO_KINDS}
TILE_KINDS: Final = (LOB, *ECO_KINDS)
BASE_TILES: Final = LOB_TILES + ECO_PER_KIND * len(ECO_KINDS)  # 23
CRISIS_TILES: Final = BASE_TILES + len(CRISES)  # 26
HAND_SIZE: Final = 3  # the President draws 3 (PN-18)
RESHUFFLE_BELOW: Final = 3  # PN-23
ARGUE: Final = "argue"
"""The claim menu's entry (PN-19): what I saw, on which past turn, then what I say it was."""


def base_tiles(crises: bool) -> list[Tile]:
    """The resolution tiles in play, unshuffled (PN-01, PN-30)."""
    tiles = [LOB] * LOB_TILES + [k for k in ECO_KINDS for _ in range(ECO_PER_KIND)]
    return tiles + list(CRISES) if crises else tiles


# --- roles (PN-03) ---------------------------------------------------------------------------
DOLLAR: Final = "dollar"
LOBBYIST: Final = "lobbyist"
ECOLOGIST: Final = "ecologist"
ROLE_COUNTS: Final[dict[int, tuple[int, int, int]]] = {
    # players: (Mr Dollar, lobbyists, ecologists). 10 players: 1/3/6 (Decision, PN-03).
    5: (1, 1, 3), 6: (1, 2, 3), 7: (1, 2, 4), 8: (1, 2, 5), 9: (1, 3, 5),
    10: (1, 3, 6), 11: (1, 4, 6), 12: (1, 4, 7),
    # Our decision for the "maybe Mr Dollar" variant at 12 players (PN-51 needs N + 1).
    13: (1, 5, 7),
}
NO_CONSENSUS_LIMIT: Final = 3  # PN-15
TERM_LIMIT_FROM: Final = 7  # PN-11
WIN_AT: Final = 6  # PN-24, PN-25
DOLLAR_THRESHOLD: Final = 3  # PN-17, PN-26
INVESTIGATE_AT: Final = (2,)  # PN-21: lobbyist resolutions on the table
REVOKE_AT: Final = (3, 5)  # PN-22

# --- 2, 3 or 4 players (PN-60..PN-69) --------------------------------------------------------
# An envelope: (interest, lobbyist tiles, ecological tiles). With tiles it is a fictive player.
Envelope = tuple[Role, int, int]
E: Final[Envelope] = (ECOLOGIST, 0, 0)
L: Final[Envelope] = (LOBBYIST, 0, 0)
FICTIVE_PILES: Final[dict[int, tuple[tuple[Envelope, ...], ...]]] = {
    2: ((E, L, (LOBBYIST, 5, 1)),
        (L, E, (ECOLOGIST, 1, 5))),  # pile 2: our mirror of pile 1 (Decision)
    3: ((E, L, L, (LOBBYIST, 3, 1), (ECOLOGIST, 1, 3)),
        (L, E, E, (ECOLOGIST, 1, 3), (LOBBYIST, 3, 1)),
        (E, E, E, (LOBBYIST, 3, 1), (LOBBYIST, 3, 1))),
    4: ((E, E, L, L, (ECOLOGIST, 1, 5)),
        (L, L, E, E, (LOBBYIST, 5, 1))),  # pile 2: missing in the seed (Decision)
}
SMALL_WIN_AT: Final = {2: 4, 3: 5, 4: 5}  # PN-68, PN-69
SMALL_INVESTIGATE_AT: Final = {2: (), 3: (2,), 4: (2,)}
SMALL_REVOKE_AT: Final = {2: (), 3: (3,), 4: (3,)}

# --- nations (PN-04): seat i holds NATIONS[i]; a bot's name is a first name from its nation --
NATION_KEYS: Final = ("kenya", "brazil", "norway", "india", "japan", "canada", "chile",
                      "senegal", "vietnam", "mexico", "fiji", "iceland")
NATIONS: Final = tuple(Msg(f"pnue.nation.{key}") for key in NATION_KEYS)
BOT_NAMES: Final = tuple(Msg(f"pnue.bot.{key}") for key in NATION_KEYS)
"""Not the nations themselves: ``seats`` said "2: Brazil, Brazil." for a bot."""

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 12
DEFAULT_PLAYERS: Final = 7
