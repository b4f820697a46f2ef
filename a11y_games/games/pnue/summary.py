"""What a player hears on request: status, board, private, and the game's queries.

One short line a message, key fact first. Only what the asking seat may know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from a11y_games.engine import Msg, PlayerRef
from a11y_games.engine.state import Query
from a11y_games.games.pnue import data
from a11y_games.games.pnue.data import ECO_KINDS, LOB

if TYPE_CHECKING:
    from a11y_games.engine.state import GameState
    from a11y_games.games.pnue.state import PnueState

__all__ = ["QUERIES", "board", "private", "status"]


def _tile(tile: str) -> Msg:
    return Msg(f"pnue.tile.{tile}")


def _seats(seats: list[int] | tuple[int, ...]) -> list[PlayerRef]:
    return [PlayerRef(s) for s in seats]


def now_line(state: PnueState) -> Msg:
    """Who must act and what is asked."""
    p = PlayerRef(state.president)
    phase = state.phase
    if phase == "over":
        return Msg("pnue.status.over", camp=Msg(f"pnue.camp.{state.winner}"))
    if phase == "vote":
        waiting = state.pending()
        return Msg("pnue.status.vote", president=p, seat=PlayerRef(state.nominee or 0),
                   count=len(waiting.seats) if waiting else 0)
    if phase == "race":
        return Msg("pnue.status.race", crisis=_tile(state.crisis or ""))
    if phase in ("enact", "claim_secretary"):
        return Msg(f"pnue.status.{phase}", seat=PlayerRef(state.secretary or 0))
    return Msg(f"pnue.status.{phase}", seat=p)


def table_line(state: PnueState) -> Msg:
    return Msg("pnue.status.table", eco=state.eco_count(), lob=state.lobbyist_count(),
               win=state.win_at)


def status(state: PnueState, seat: int | None) -> list[Msg]:
    """A few lines, key facts first."""
    lines = [now_line(state), table_line(state),
             Msg("pnue.status.failed", count=state.no_consensus,
                 limit=data.NO_CONSENSUS_LIMIT),
             Msg("pnue.status.pile", count=len(state.pile), discards=len(state.discards))]
    if seat is not None and 0 <= seat < state.players and state.phase != "over":
        lines.append(Msg("pnue.status.you", role=Msg(f"pnue.role.{state.roles[seat]}")))
    return lines


def board(state: PnueState, seat: int | None, topic: str = "") -> list[Msg]:
    """The full public state."""
    lines = [now_line(state), Msg("pnue.board.turn", turn=state.turn)]
    lines += state.role_count_lines()
    lines.append(table_line(state))
    lines.append(Msg("pnue.board.eco_kinds", **{k: state.enacted.count(k) for k in ECO_KINDS}))
    lines.append(Msg("pnue.status.failed", count=state.no_consensus,
                     limit=data.NO_CONSENSUS_LIMIT))
    lines.append(Msg("pnue.status.pile", count=len(state.pile), discards=len(state.discards)))
    if state.crises:
        lines.append(Msg("pnue.board.crises_out", count=len(state.removed)))
    lines.append(Msg("pnue.board.president", seat=PlayerRef(state.president)))
    if state.nominee is not None:
        lines.append(Msg("pnue.board.nominee", seat=PlayerRef(state.nominee)))
    if state.last_government:
        p, sg = state.last_government
        lines.append(Msg("pnue.board.last_government", president=PlayerRef(p),
                         seat=PlayerRef(sg)))
    else:
        lines.append(Msg("pnue.board.no_government"))
    if state.players >= data.TERM_LIMIT_FROM:
        key = "pnue.board.open" if state.open_nomination else "pnue.board.limited"
        lines.append(Msg(key))
    lines.append(Msg("pnue.board.revoked", seats=_seats(sorted(state.revoked))))
    lines.append(Msg("pnue.board.skipped", seats=_seats(sorted(state.skipped))))
    if state.next_skipped:
        lines.append(Msg("pnue.board.next_skipped", seats=_seats(sorted(state.next_skipped))))
    for fictive, tiles in state.fictive.items():
        lines.append(Msg("pnue.board.fictive", seat=PlayerRef(fictive), count=len(tiles)))
    lines.append(Msg("pnue.board.order", seats=_seats(state.table)))
    return lines


def private(state: PnueState, seat: int) -> list[Msg]:
    """My role or interest, my nation, tiles in my hand, investigations I made."""
    if not 0 <= seat < state.seat_count:
        return []
    lines = [Msg("pnue.private.role", role=Msg(f"pnue.role.{state.roles[seat]}")),
             Msg("pnue.private.nation", nation=data.NATIONS[seat % len(data.NATIONS)])]
    holder = (state.president if state.phase == "discard"
              else state.secretary if state.phase == "enact" else None)
    if holder == seat and state.hand:
        lines.append(Msg("pnue.private.hand", tiles=[_tile(t) for t in state.hand]))
    for target, interest in state.investigations.get(seat, []):
        lines.append(Msg("pnue.private.investigation", seat=PlayerRef(target),
                         role=Msg(f"pnue.role.{interest}")))
    return lines


# --- queries ---------------------------------------------------------------------------------
def votes(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """Every vote so far: who nominated whom, the result, who voted what (PN-12)."""
    st: PnueState = state  # type: ignore[assignment]
    if not st.vote_history:
        return [Msg("pnue.query.no_votes")]
    lines = []
    for turn, p, nominee, yes, no, approved in st.vote_history:
        lines.append(Msg("pnue.query.vote_yes" if approved else "pnue.query.vote_no",
                         turn=turn, president=PlayerRef(p), seat=PlayerRef(nominee),
                         yes=len(yes), no=len(no)))
        lines.append(Msg("pnue.vote.who_yes", seats=_seats(yes)))
        lines.append(Msg("pnue.vote.who_no", seats=_seats(no)))
    return lines


def claims(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """Every public claim so far (PN-19, PN-21)."""
    lines = []
    for entry in state.record:  # type: ignore[attr-defined]
        turn, kind = entry[0], entry[1]
        if kind == "claim":
            _, _, who, what, total, lob = entry
            lines.append(Msg(f"pnue.query.claim_{what}", turn=turn, seat=PlayerRef(who),
                             lob=lob, eco=total - lob))
        elif kind == "claim_role":
            _, _, who, target, role = entry
            lines.append(Msg("pnue.query.claim_role", turn=turn, seat=PlayerRef(who),
                             target=PlayerRef(target), role=Msg(f"pnue.role.{role}")))
    return lines or [Msg("pnue.query.no_claims")]


def _find_seat(state: PnueState, argument: str) -> int | None:
    text = argument.strip()
    if text.isdigit() and 1 <= int(text) <= state.seat_count:
        return int(text) - 1
    return None


def record(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """The young players' track record: kinds enacted by each player's governments (PN-40)."""
    st: PnueState = state  # type: ignore[assignment]
    chosen = _find_seat(st, argument) if argument.strip() else None
    if argument.strip() and chosen is None:
        return [Msg("pnue.query.record_help", count=st.seat_count)]
    seats = [chosen] if chosen is not None else list(st.table)
    lines = []
    for s in seats:
        tiles = st.records[s]
        lob = tiles.count(LOB)
        lines.append(Msg("pnue.query.record", seat=PlayerRef(s), eco=len(tiles) - lob, lob=lob))
    return lines


def roles(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """The role counts announced at the start (PN-05)."""
    return state.role_count_lines()  # type: ignore[attr-defined, no-any-return]


def seats(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """Every seat in table order, with its number, nation and public state."""
    st: PnueState = state  # type: ignore[assignment]
    lines = []
    for s in st.table:
        if s in st.revoked:
            key = "pnue.query.seat_revoked"
        elif st.is_fictive(s):
            key = "pnue.query.seat_fictive"
        else:
            key = "pnue.query.seat"
        lines.append(Msg(key, number=s + 1, seat=PlayerRef(s),
                         nation=data.NATIONS[s % len(data.NATIONS)]))
    return lines


QUERIES = (
    Query("votes", Msg("pnue.query.votes_help"), votes, ("scrutins",)),
    Query("claims", Msg("pnue.query.claims_help"), claims, ("declarations",)),
    Query("record", Msg("pnue.query.record_help_short"), record, ("bilan",)),
    Query("roles", Msg("pnue.query.roles_help"), roles, ("rôles",)),
    Query("seats", Msg("pnue.query.seats_help"), seats, ("places",)),
)


def reference_card(state: PnueState) -> list[Msg]:
    """The pieces, as on the braille edition's cards: tiles, roles, goals (for BRF files)."""
    lines = [Msg("pnue.card.tiles", eco=data.ECO_PER_KIND * len(ECO_KINDS),
                 each=data.ECO_PER_KIND, lob=data.LOB_TILES)]
    if state.crises:
        lines.append(Msg("pnue.card.crises", count=len(data.CRISES)))
    lines += state.role_count_lines()
    lines.append(Msg("pnue.card.goal", count=state.win_at))
    if state.players >= 5:
        lines.append(Msg("pnue.card.dollar", count=data.DOLLAR_THRESHOLD))
        lines.append(Msg("pnue.card.powers"))
    lines.append(Msg("pnue.card.vote"))
    return lines
