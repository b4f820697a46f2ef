"""What a player hears on request: status, board, private, and the game's queries.

One short line a message, key fact first. Only what the asking seat may know.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from a11y_games.engine import Msg, PlayerRef
from a11y_games.engine.state import Query, Topic, UnknownTopic
from a11y_games.engine.words import find_named, number
from a11y_games.games.pnue import data
from a11y_games.games.pnue.data import ECO_KINDS, LOB

if TYPE_CHECKING:
    from a11y_games.engine.state import GameState
    from a11y_games.games.pnue.state import PnueState

__all__ = ["QUERIES", "TOPICS", "board", "name_lines", "private", "seat_lines", "status"]


def _tile(tile: str) -> Msg:
    return Msg(f"pnue.tile.{tile}")


def _seats(seats: list[int] | tuple[int, ...]) -> list[PlayerRef]:
    return [PlayerRef(s) for s in seats]


def name_lines(players: int, label: str, seats: Iterable[int], *,
               first: int = 1) -> list[Msg]:
    """A list of seats as one whole sentence, ``label`` with every name (never cut in two
    for speech to hear fragments: a braille display pans a long one). With ``first`` 0,
    ``label`` is a heading alone, then the names on one line."""
    names = _seats(list(seats))
    if first == 0:
        return [Msg(label)] + ([Msg("pnue.list.names", seats=names)] if names else [])
    return [Msg(label, seats=names)]


def seat_lines(state: PnueState, label: str, seats: Iterable[int], *,
               first: int = 1) -> list[Msg]:
    """``name_lines`` for the seats of this game."""
    return name_lines(state.players, label, seats, first=first)


def now_lines(state: PnueState) -> list[Msg]:
    """Who must act and what is asked."""
    p = PlayerRef(state.president)
    phase = state.phase
    if phase == "over":
        return [Msg("pnue.status.over", camp=Msg(f"pnue.camp.{state.winner}"))]
    if phase == "vote":
        waiting = state.pending()
        return [Msg("pnue.status.vote", president=p, seat=PlayerRef(state.nominee or 0)),
                Msg("pnue.status.to_vote", count=len(waiting.seats) if waiting else 0)]
    if phase == "race":
        return [Msg("pnue.status.race", crisis=_tile(state.crisis or ""))]
    if phase in ("enact", "claim_secretary"):
        return [Msg(f"pnue.status.{phase}", seat=PlayerRef(state.secretary or 0))]
    return [Msg(f"pnue.status.{phase}", seat=p)]


def table_lines(state: PnueState) -> list[Msg]:
    """The tiles enacted, and how many a camp needs."""
    return [Msg("pnue.status.table", eco=state.eco_count(), lob=state.lobbyist_count()),
            Msg("pnue.status.win", win=state.win_at)]


def status(state: PnueState, seat: int | None) -> list[Msg]:
    """A few lines, key facts first."""
    lines = [*now_lines(state), *table_lines(state),
             Msg("pnue.status.failed", count=state.no_consensus,
                 limit=data.NO_CONSENSUS_LIMIT),
             Msg("pnue.status.pile", count=len(state.pile), discards=len(state.discards))]
    if seat is not None and 0 <= seat < state.players and state.phase != "over":
        lines.append(Msg("pnue.status.you", role=Msg(f"pnue.role.{state.roles[seat]}")))
    return lines


TOPICS = (Topic("roles", ("rôles",)), Topic("tiles", ("tuiles",)),
          Topic("government", ("gouvernement",)), Topic("order", ("ordre",)))
"""The parts ``board`` shows alone; the first alias is the French word."""


def board(state: PnueState, seat: int | None, topic: str = "") -> list[Msg]:
    """The full public state, or one part of it: roles, tiles, government, order."""
    found = find_named(TOPICS, topic)
    if topic.strip() and found is None:
        raise UnknownTopic(topic)
    part = found.name if found is not None else ""
    lines = [*now_lines(state), Msg("pnue.board.turn", turn=state.turn)] if not part else []
    if part in ("", "roles"):
        lines += state.role_count_lines()
    if part in ("", "tiles"):
        lines += _tile_lines(state)
    if part in ("", "government"):
        lines += _government_lines(state)
    if part in ("", "order"):
        lines += _order_lines(state)
    return lines


def _tile_lines(state: PnueState) -> list[Msg]:
    lines = table_lines(state)
    lines.append(Msg("pnue.board.eco_kinds", **{k: state.enacted.count(k) for k in ECO_KINDS}))
    lines.append(Msg("pnue.status.failed", count=state.no_consensus,
                     limit=data.NO_CONSENSUS_LIMIT))
    lines.append(Msg("pnue.status.pile", count=len(state.pile), discards=len(state.discards)))
    if state.crises:
        lines.append(Msg("pnue.board.crises_out", count=len(state.removed)))
    return lines


def _government_lines(state: PnueState) -> list[Msg]:
    lines = [Msg("pnue.board.president", seat=PlayerRef(state.president))]
    if state.nominee is not None:
        lines.append(Msg("pnue.board.nominee", seat=PlayerRef(state.nominee)))
    if state.last_government:
        p, sg = state.last_government
        lines += [Msg("pnue.board.last_government"),
                  Msg("pnue.board.last_president", seat=PlayerRef(p)),
                  Msg("pnue.board.last_secretary", seat=PlayerRef(sg))]
    else:
        lines.append(Msg("pnue.board.no_government"))
    if state.players >= data.TERM_LIMIT_FROM and state.open_nomination:
        lines.append(Msg("pnue.board.open"))
    elif state.players >= data.TERM_LIMIT_FROM and state.last_government:
        lines.append(Msg("pnue.board.limited"))
    return lines


def _order_lines(state: PnueState) -> list[Msg]:
    lines = seat_lines(state, "pnue.board.revoked", sorted(state.revoked), first=2)
    lines += seat_lines(state, "pnue.board.skipped", sorted(state.skipped), first=2)
    if state.next_skipped:
        lines += seat_lines(state, "pnue.board.next_skipped", sorted(state.next_skipped),
                            first=2)
    for fictive, tiles in state.fictive.items():
        lines.append(Msg("pnue.board.fictive", seat=PlayerRef(fictive), count=len(tiles)))
    lines += seat_lines(state, "pnue.board.order", state.table, first=0)
    return lines


def private(state: PnueState, seat: int) -> list[Msg]:
    """My role or interest, my nation, tiles in my hand, investigations I made."""
    if not 0 <= seat < state.seat_count:
        return []
    lines = [Msg("pnue.private.role", role=Msg(f"pnue.role.{state.roles[seat]}")),
             Msg("pnue.private.nation", nation=data.NATIONS[seat % len(data.NATIONS)])]
    for target, interest in state.investigations.get(seat, []):
        lines.append(Msg("pnue.private.investigation", seat=PlayerRef(target),
                         role=Msg(f"pnue.role.{interest}")))
    holder = (state.president if state.phase == "discard"
              else state.secretary if state.phase == "enact" else None)
    if holder == seat and state.hand:
        lines.append(Msg("pnue.private.hand", count=len(state.hand)))
        lines += [Msg("pnue.private.tile", tile=_tile(t)) for t in state.hand]
    return lines


# --- queries ---------------------------------------------------------------------------------
def votes(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """Every vote so far: the result, who nominated whom, who voted what (PN-12)."""
    st: PnueState = state  # type: ignore[assignment]
    if not st.vote_history:
        return [Msg("pnue.query.no_votes")]
    lines = []
    for turn, p, nominee, yes, no, approved in st.vote_history:
        lines.append(Msg("pnue.query.vote_yes" if approved else "pnue.query.vote_no",
                         turn=turn, yes=len(yes), no=len(no)))
        lines.append(Msg("pnue.query.vote_pair", president=PlayerRef(p),
                         seat=PlayerRef(nominee)))
        lines += seat_lines(st, "pnue.vote.who_yes", yes)
        lines += seat_lines(st, "pnue.vote.who_no", no)
    return lines


def claims(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """Every public claim so far (PN-19, PN-21): who and when, then what."""
    lines = []
    for entry in state.record:  # type: ignore[attr-defined]
        turn, kind = entry[0], entry[1]
        if kind == "claim":
            _, _, who, what, total, lob = entry
            lines.append(Msg("pnue.query.claim_turn", turn=turn, seat=PlayerRef(who)))
            lines.append(Msg(f"pnue.query.claim_{what}", lob=lob, eco=total - lob))
        elif kind == "claim_role":
            _, _, who, target, role = entry
            lines.append(Msg("pnue.query.claim_turn", turn=turn, seat=PlayerRef(who)))
            lines.append(Msg("pnue.query.claim_role", target=PlayerRef(target),
                             role=Msg(f"pnue.role.{role}")))
        elif kind == "recall":  # a claim made later, about an earlier turn (PN-19)
            _, _, who, about, what, value, said = entry
            lines.append(Msg("pnue.query.recall_turn", turn=turn, seat=PlayerRef(who),
                             about=about))
            if what == "role":
                lines.append(Msg("pnue.query.claim_role", target=PlayerRef(value),
                                 role=Msg(f"pnue.role.{said}")))
            else:
                lines.append(Msg(f"pnue.query.claim_{what}", lob=said, eco=value - said))
    return lines or [Msg("pnue.query.no_claims")]


def _find_seat(state: PnueState, argument: str) -> int | None:
    """The seat at place ``argument``: places are numbered around the table, as `seats` says."""
    place = number(argument)
    if place is not None and 1 <= place <= len(state.table):
        return state.table[place - 1]
    return None


def record(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """The young players' track record: kinds enacted by each player's governments (PN-40)."""
    st: PnueState = state  # type: ignore[assignment]
    chosen = _find_seat(st, argument) if argument.strip() else None
    if argument.strip() and chosen is None:
        return [Msg("pnue.query.record_help", count=st.seat_count)]
    seats = [chosen] if chosen is not None else list(st.table)
    lines = [Msg("pnue.query.record_head")]
    for s in seats:
        tiles = st.records[s]
        lob = tiles.count(LOB)
        lines.append(Msg("pnue.query.record", seat=PlayerRef(s), eco=len(tiles) - lob, lob=lob))
    return lines


def roles(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """The role counts announced at the start (PN-05)."""
    return state.role_count_lines()  # type: ignore[attr-defined, no-any-return]


def seats(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """Every seat in table order, with its place number (1, 2, 3...), nation and public state."""
    st: PnueState = state  # type: ignore[assignment]
    lines = []
    for place, s in enumerate(st.table, 1):
        if s in st.revoked:
            key = "pnue.query.seat_revoked"
        elif st.is_fictive(s):
            key = "pnue.query.seat_fictive"
        else:
            key = "pnue.query.seat"
        lines.append(Msg(key, number=place, seat=PlayerRef(s),
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
