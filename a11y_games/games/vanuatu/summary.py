"""What players hear: labels, status, board, private summary and map queries."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from a11y_games.engine import Msg, PlayerRef
from a11y_games.engine.state import GameState, Query, Topic, UnknownTopic
from a11y_games.engine.words import find_named, fold
from a11y_games.games.vanuatu import data
from a11y_games.games.vanuatu.board import Island, Sea
from a11y_games.games.vanuatu.names import listed, squeezed
from a11y_games.games.vanuatu.state import action_msg, character_msg, direction_msg, good_msg

if TYPE_CHECKING:
    from a11y_games.games.vanuatu.state import VanuatuState

__all__ = ["board", "describe", "describe_with", "find_island", "private", "queries", "status"]


# --- labels ------------------------------------------------------------------------------------
TILE_ROOM = 31
"""Characters left for a tile's neighbours after "B4 : " (36 in all)."""
SAIL_ROOM = 23
"""Characters left for the islands by a sea after "C4, 2 vatu : " (36 in all)."""


POWERS_SAID = 1
"""A character's label says its power in the first rounds it is offered, then its name."""


def describe(state: VanuatuState, seat: int, action: str) -> Msg:
    """A short label for an action id, costs first where there are any; each fits 36
    characters, the rest of a space's surroundings being in the ``where`` query."""
    kind, _, arg = action.partition(":")
    arch = state.archipelago
    player = state.players[seat]
    if kind == "tile":
        return Msg("vanuatu.label.tile", code=arg,
                   near=squeezed(touching(state, data.SPACE_OF[arg]), TILE_ROOM))
    if kind == "char":
        if state.powers_said.get(arg, 0) >= POWERS_SAID:
            return character_msg(arg)
        return Msg("vanuatu.label.character", character=character_msg(arg),
                   power=Msg(f"vanuatu.power.{arg}"))
    if kind == "plan":
        return plan_label(state, arg, seat)
    if kind == "act":
        action, _, use = arg.partition(":")
        if use:  # the Fisherman's or the Diver's power on this haul
            sea = arch.sea(player.boat)
            value = 0 if sea is None else (sea.fish if action == "fish" else sea.treasure)
            return Msg(f"vanuatu.label.{action}_power", value=value)
        return Msg("vanuatu.label.act", action=action_msg(arg))
    if kind == "drop":
        # the markers taken back: in ``board plan`` (they matter no more this round)
        return Msg("vanuatu.label.drop", action=action_msg(arg))
    if kind == "preach":
        return Msg("vanuatu.label.preach", action=action_msg(arg))
    if kind == "govern":
        return Msg("vanuatu.label.govern", action=action_msg(arg),
                   count=state.markers[arg][seat])
    if kind == "to":
        return Msg("vanuatu.label.to", action=action_msg(arg))
    if kind == "beg":
        return Msg("vanuatu.label.beg", count=int(arg))
    if kind == "treasure":
        return Msg("vanuatu.label.treasure", count=int(arg))
    if kind == "sail":
        return sail_label(state, seat, arg)
    if kind == "hut":
        island, cost = state.name(data.SPACE_OF[arg]), state.hut_cost(seat)
        return Msg("vanuatu.label.hut", island=island, cost=cost, **{
            CONTINUED: Msg("vanuatu.label.hut_next", island=island, cost=cost)})
    if kind == "dike":
        code, _, d = arg.partition(":")
        space = data.SPACE_OF[code]
        facing = dict((dd, j) for dd, j in data.NEIGHBOURS[space])[int(d)]
        return Msg("vanuatu.label.dike", island=state.name(space),
                   direction=direction_msg(int(d)), place=state.name(facing))
    if kind == "export":
        code, good, *use = arg.split(":")
        if use:  # the Buyer's power: a second one free
            return Msg("vanuatu.label.export_power", good=good_msg(good, 2),
                       island=state.name(data.SPACE_OF[code]), cost=data.EXPORT_PRICE[good])
        wanted = any(not s.complete and s.needs(good) for s in state.ships)
        if not wanted:
            return Msg("vanuatu.label.export_unwanted", good=good_msg(good),  # 0 PP
                       island=state.name(data.SPACE_OF[code]), cost=data.EXPORT_PRICE[good])
        return Msg("vanuatu.label.export", good=good_msg(good),
                   island=state.name(data.SPACE_OF[code]), cost=data.EXPORT_PRICE[good],
                   count=data.EXPORT_PP[good])
    if kind == "draw":
        pp = data.ARTIST_DRAWING_PP if state._power(seat, "artist") else data.DRAWING_PP
        island = state.name(data.SPACE_OF[arg])
        return Msg("vanuatu.label.draw", island=island, count=pp, **{
            CONTINUED: Msg("vanuatu.label.draw_next", island=island, count=pp)})
    if kind == "tourist":
        code, _, use = arg.partition(":")
        island = arch.island(data.SPACE_OF[code])
        assert island is not None
        if use:  # the Guide's power: 2 PP per drawing there
            return Msg("vanuatu.label.tourist_power", island=island.name, vatu=len(island.huts),
                       pp=data.GUIDE_PP_PER_DRAWING * len(island.drawings))
        return Msg("vanuatu.label.tourist", island=island.name, count=len(island.huts),
                   tourists=island.tourists, capacity=island.spec.capacity)
    return Msg(f"vanuatu.label.{kind}")


CONTINUED = "continued"
"""A choice label's parameter, not said in it: the shorter label the client says when the
entry follows one of the same kind in a list ("Tourist to Efate: 2 vatu, 1 of 5", then
"Tanna: 0 vatu, 0 of 4"; ``a11y_games.ui.asking.CONTINUED``)."""

WITH_ROOM = 9
"""What "Sail to " takes of a sail label offered with its action (the French "Cap sur "
and a space)."""
WITH = {"sail": "vanuatu.label.with_sail", "export": "vanuatu.label.with_export",
        "tourist": "vanuatu.label.with_tourist", "dike": "vanuatu.label.with_dike"}
"""The label of a place offered with its action, by the place's kind (the others say
their action already: "Hut on Efate: 1 vatu", "Drawing on Tanna: 3 PP")."""


def describe_with(state: VanuatuState, seat: int, then: str) -> Msg:
    """A place offered with its action as one entry, on the state after the action: "Sail
    to C4, 2 vatu: Efate", "Export 1 kava from Efate: 2 vatu, 1 PP", "A dike, no hut"."""
    kind, _, arg = then.partition(":")
    if kind == "sail":
        label = sail_label(state, seat, arg, SAIL_ROOM - WITH_ROOM)
        return Msg(WITH[kind], label=label, **{CONTINUED: label})
    if kind == "nohut":
        return Msg("vanuatu.label.dike_only", cost=data.DIKE_COST)
    if kind == "dike":  # "Dike, 1 vatu: Efate east, sea B4"
        code, _, d = arg.partition(":")
        space = data.SPACE_OF[code]
        facing = dict(data.NEIGHBOURS[space])[int(d)]
        where = {"island": state.name(space), "direction": direction_msg(int(d)),
                 "place": state.name(facing)}
        return Msg(WITH[kind], cost=data.DIKE_COST, **where, **{
            CONTINUED: Msg("vanuatu.label.dike_next", **where)})
    if kind == "tourist" and ":" not in arg:  # "Tourist to Efate: 2 vatu, 1 of 5"
        island = state.archipelago.island(data.SPACE_OF[arg])
        assert island is not None
        said = {"island": island.name, "count": len(island.huts),
                "tourists": island.tourists, "capacity": island.spec.capacity}
        return Msg("vanuatu.label.tourist_to", **said, **{
            CONTINUED: Msg("vanuatu.label.tourist_next", **said)})
    if kind in WITH:
        label = describe(state, seat, then)
        return Msg(WITH[kind], label=label, **{CONTINUED: label})
    return describe(state, seat, then)


CATCH_ROOM = {"fish": 12, "treasure": 11, "power": 1}
"""What the catch of a sea and a free sail take of a sail label (the French, longest)."""


def sail_label(state: VanuatuState, seat: int, arg: str, room: int = SAIL_ROOM) -> Msg:
    """A sea to sail to: its code, the cost (or free by the Navigator's power), the fish and
    treasures there, then the islands it touches, as many as fit ``room`` (none when the
    catch fills the line: ``where`` says them)."""
    code, _, use = arg.partition(":")
    space = data.SPACE_OF[code]
    arch = state.archipelago
    steps = arch.reach(state.players[seat].boat).get(space, 0)
    room -= CATCH_ROOM["power"] if use else 0
    catch: list[str | Msg] = []
    sea = arch.sea(space)
    if sea is not None and sea.fish:
        catch.append(Msg("vanuatu.catch.fish", fish=sea.fish))
        room -= CATCH_ROOM["fish"]
    if sea is not None and sea.treasure:
        catch.append(Msg("vanuatu.catch.treasure", treasure=sea.treasure))
        room -= CATCH_ROOM["treasure"]
    islands: list[str | Msg] = [i.name for _, i in arch.islands_near(space)]
    near = squeezed(islands, room) if islands else [Msg("vanuatu.label.open_sea")]
    key = "vanuatu.label.sail_power" if use else "vanuatu.label.sail"
    cost = steps * data.SAIL_COST
    if not catch:
        return Msg(key, code=code, cost=cost, near=near)
    if room < len(", +9"):  # not even a count of islands fits
        return Msg(f"{key}_catch_only", code=code, cost=cost, catch=catch)
    return Msg(f"{key}_catch", code=code, cost=cost, catch=catch, near=near)


def touching(state: VanuatuState, space: int) -> list[str | Msg]:
    """The placed tiles touching ``space``: islands first (they decide where a tile may
    go), then seas, each in direction order."""
    tiles = [j for _, j in data.NEIGHBOURS[space] if state.archipelago.tiles[j] is not None]
    islands = [j for j in tiles if isinstance(state.archipelago.tiles[j], Island)]
    return [state.name(j) for j in islands + [j for j in tiles if j not in islands]]


def plan_label(state: VanuatuState, action: str, seat: int | None = None) -> Msg:
    """An action space while planning: the stack that would act now (VA-13, VA-60), then
    how many markers are there in all, or how many are ``seat``'s when theirs is the only
    other stack (both would not fit a line); every stack is in ``board plan``."""
    total = state.neutral[action] + sum(state.markers[action])
    if not total:
        return Msg("vanuatu.label.plan_free", action=action_msg(action))
    holder = state.holder(action)
    if holder is None:  # only the neutral stack can stop every player (VA-60)
        most = state.neutral[action]
        lead = Msg("vanuatu.stack_neutral", count=most)
    else:  # "has": "Sail: Player 1 1" could not be told apart by ear
        most = state.markers[action][holder]
        lead = (Msg("vanuatu.stack_mine", count=most) if holder == seat  # "you have 2"
                else Msg("vanuatu.stack", player=PlayerRef(holder), count=most))
    if most == total:
        return Msg("vanuatu.label.plan_one", action=action_msg(action), stack=lead)
    mine = state.markers[action][seat] if seat is not None and seat != holder else 0
    if mine and total == most + mine:  # two stacks, the leader's and yours: both said
        if holder is not None:  # shorter: "Fish: Ana 2, you 1"
            lead = Msg("vanuatu.stack_short", player=PlayerRef(holder), markers=most)
        return Msg("vanuatu.label.plan_you", action=action_msg(action), stack=lead, mine=mine)
    # a third stack is never left out ("Build: Ambae 2, you 2" hid Lenakel's 1): the total
    return Msg("vanuatu.label.plan", action=action_msg(action), stack=lead, count=total)


def stacks_on(state: VanuatuState, action: str) -> list[Msg]:
    """The stacks on an action space in turn order, the neutral stack first (VA-60)."""
    stacks = [Msg("vanuatu.stack_neutral", count=state.neutral[action])
              ] if state.neutral[action] else []
    return stacks + [Msg("vanuatu.stack", player=PlayerRef(s), count=state.markers[action][s])
                     for s in state.order if state.markers[action][s]]


# --- spaces ------------------------------------------------------------------------------------
def boats_at(state: VanuatuState, space: int) -> list[PlayerRef]:
    return [PlayerRef(s) for s, p in enumerate(state.players) if p.boat == space]


def label(state: VanuatuState, space: int) -> Msg | str:
    """A space's name with its code: "Efate (B3)", "sea C3", "empty C1"."""
    tile = state.archipelago.tiles[space]
    if isinstance(tile, Island):
        key = "vanuatu.brief.submerged" if tile.submerged else "vanuatu.brief.island"
        return Msg(key, island=tile.name, code=data.CODES[space])
    return state.name(space)


def details(state: VanuatuState, space: int) -> list[Msg]:
    """Short lines about what is on a space: huts, drawings, tourists, goods and water on an
    island; fish, treasures and boats on a sea."""
    tile = state.archipelago.tiles[space]
    if isinstance(tile, Island) and not tile.submerged:
        lines = listed("vanuatu.brief.huts", "owners", owners(tile.huts)) if tile.huts \
            else [Msg("vanuatu.brief.no_huts")]
        lines += [Msg("vanuatu.brief.tourists", drawings=len(tile.drawings),
                     tourists=tile.tourists, capacity=tile.spec.capacity),
                 Msg("vanuatu.brief.goods", goods=goods_list(tile))]
        if state.rising:
            lines.append(Msg("vanuatu.brief.water", water=tile.water, limit=data.SUBMERGE_AT,
                             dikes=len(tile.dikes)))
        return lines
    if isinstance(tile, Sea):
        lines = [Msg("vanuatu.brief.sea", fish=tile.fish, treasure=tile.treasure)]
        boats = boats_at(state, space)
        if boats:
            lines += listed("vanuatu.brief.boats", "boats", boats)
        return lines
    return []


def goods_list(island: Island) -> list[Msg]:
    return [good_msg(g, c) for g, c in island.goods.items() if c]


def around(state: VanuatuState, space: int, *, full: bool = True) -> list[Msg]:
    """The neighbouring spaces by direction, clockwise from north-east, with their details."""
    lines: list[Msg] = []
    for d, j in data.NEIGHBOURS[space]:
        lines.append(Msg("vanuatu.where.side", direction=direction_msg(d), what=label(state, j)))
        if full:
            lines += details(state, j)
    return lines


def find_island(state: VanuatuState, name: str) -> int | None:
    """The space of the placed island called ``name`` (accents and case ignored; a unique
    beginning is enough)."""
    wanted = fold(name)
    islands = state.archipelago.islands()
    exact = [s for s, i in islands if fold(i.name) == wanted]
    if exact:
        return exact[0]
    starts = [s for s, i in islands if wanted and fold(i.name).startswith(wanted)]
    return starts[0] if len(starts) == 1 else None


def find_space(state: VanuatuState, text: str) -> int | None:
    """A space by code ("C3", "sea C3") or by island name."""
    words = fold(text).upper().split()
    if words and words[-1] in data.SPACE_OF:
        return data.SPACE_OF[words[-1]]
    return find_island(state, text)


# --- queries -----------------------------------------------------------------------------------
def query_where(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """Where my boat is (or the named space) and what touches it."""
    state = cast("VanuatuState", state)
    if argument.strip():
        space = find_space(state, argument)
        if space is None:
            return unknown_space(state, argument)
        lines = [Msg("vanuatu.where.space", place=label(state, space))]
    else:
        if seat is None:
            return [Msg("vanuatu.query.no_boat")]
        space = state.players[seat].boat
        lines = [Msg("vanuatu.where.boat", place=state.name(space))]
    return lines + details(state, space) + around(state, space)


def query_map(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """The archipelago row by row, west to east."""
    state = cast("VanuatuState", state)
    lines = [Msg("vanuatu.map.intro")]
    for row, xs in enumerate(data.ROW_X):
        lines.append(Msg("vanuatu.map.row", row=data.ROW_LETTERS[row], count=len(xs)))
        for space, (r, _, _) in enumerate(data.SPACES):
            if r == row:
                lines.append(Msg("vanuatu.map.space", place=label(state, space)))
                lines += details(state, space)
    return lines


def query_island(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """One island in full: huts by owner, drawings, tourists, goods, water, dikes."""
    state = cast("VanuatuState", state)
    if not argument.strip():
        return [Msg("vanuatu.query.islands", names=island_names(state))]
    space = find_island(state, argument)
    if space is None:
        return [Msg("vanuatu.query.unknown_island", name=argument.strip(),
                    names=island_names(state))]
    island = state.archipelago.island(space)
    assert island is not None
    head = Msg("vanuatu.island.head", island=island.name, code=data.CODES[space])
    if island.submerged:
        return [head, Msg("vanuatu.island.submerged")]
    arch = state.archipelago
    lines = [head]
    if island.huts:
        lines += listed("vanuatu.island.huts", "owners", owners(island.huts),
                        count=len(island.huts), total=island.spec.huts)
    else:
        lines.append(Msg("vanuatu.island.no_huts", total=island.spec.huts))
    if island.drawings:
        lines += listed("vanuatu.island.drawings", "owners", owners(island.drawings),
                        count=len(island.drawings), total=island.spec.drawings)
    else:
        lines.append(Msg("vanuatu.island.no_drawings", total=island.spec.drawings))
    lines += [Msg("vanuatu.island.tourists", count=island.tourists,
                  capacity=island.spec.capacity),
              Msg("vanuatu.island.goods", goods=goods_list(island))]
    if state.rising:
        lines.append(Msg("vanuatu.island.water", count=island.water, limit=data.SUBMERGE_AT))
        dikes = [direction_msg(d) for d in sorted(island.dikes)]
        lines += listed("vanuatu.island.dikes", "sides", dikes, count=len(dikes)) \
            if dikes else [Msg("vanuatu.island.no_dikes")]
        sides = [direction_msg(d) for d in arch.open_sides(space)]
        lines += listed("vanuatu.island.open", "sides", sides, count=len(sides)) \
            if sides else [Msg("vanuatu.island.no_open")]
    return lines + around(state, space, full=False)


def owners(seats: list[int]) -> list[Msg]:
    counted: dict[int, int] = {}
    for s in seats:
        counted[s] = counted.get(s, 0) + 1
    return [Msg("vanuatu.stack", player=PlayerRef(s), count=c) for s, c in counted.items()]


def island_names(state: VanuatuState) -> list[str]:
    return [i.name for _, i in state.archipelago.islands()]


def unknown_space(state: VanuatuState, text: str) -> list[Msg]:
    return [Msg("vanuatu.query.unknown_space", name=text.strip(), names=island_names(state))]


def query_powers(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    """Every character's power, one a line (once said twice, the choices name them only)."""
    return [Msg("vanuatu.label.character", character=character_msg(c),
                power=Msg(f"vanuatu.power.{c}")) for c in data.CHARACTERS]


def queries() -> list[Query]:
    return [
        Query("where", Msg("vanuatu.query.where_help"), query_where, ("ou", "boat")),
        Query("map", Msg("vanuatu.query.map_help"), query_map, ("carte", "archipelago")),
        Query("island", Msg("vanuatu.query.island_help"), query_island, ("ile", "isle")),
        Query("powers", Msg("vanuatu.query.powers_help"), query_powers,
              ("pouvoirs", "characters", "personnages"), public=True),
    ]


# --- summaries ---------------------------------------------------------------------------------
def status(state: VanuatuState, seat: int | None) -> list[Msg]:
    lines = [Msg("vanuatu.status.round", round=state.round, last=data.ROUNDS,
                 phase=Msg(f"vanuatu.phase.{state.phase}"))]
    pending = state.pending()
    if pending is not None:
        lines.append(Msg("vanuatu.status.turn", player=PlayerRef(pending.seats[0])))
    outcome = state.outcome()
    if outcome is not None:
        lines.append(outcome.reason)
    lines.append(Msg("vanuatu.status.first", player=PlayerRef(state.first)))
    if state.countdown:
        lines.append(Msg("vanuatu.water.countdown", count=state.countdown))
    if seat is not None:
        p = state.players[seat]
        lines.append(Msg("vanuatu.status.me", vatu=p.vatu, pp=p.pp))
    lines.append(Msg("vanuatu.status.tourists", count=state.tourists_left,
                     price=state.fish_price))
    if state.rising:
        drowned = sum(1 for _, i in state.archipelago.islands() if i.submerged)
        lines.append(Msg("vanuatu.status.submerged", count=drowned,
                         limit=data.SUBMERGED_LOSS, dikes=state.dikes))
    return lines


def player_lines(state: VanuatuState, seat: int) -> list[Msg]:
    p = state.players[seat]
    lines = [Msg("vanuatu.board.player", player=PlayerRef(seat), pp=p.pp, vatu=p.vatu,
                 character=character_msg(p.character) if p.character else Msg(
                     "vanuatu.character.none")),
             Msg("vanuatu.board.boat", place=state.name(p.boat), huts=state.huts_on_board(seat))]
    if p.fish or p.treasures:
        lines.append(Msg("vanuatu.board.catch", fish=len(p.fish), treasure=len(p.treasures)))
    return lines


TOPICS = (Topic("players", ("joueurs",)), Topic("ships", ("navires",)), Topic("plan", ()),
          Topic("map", ("carte",)), Topic("goods", ("marchandises",)))
"""The parts ``board`` shows alone; the first alias is the French word."""


def board(state: VanuatuState, seat: int | None, topic: str = "") -> list[Msg]:
    """The public state; ``topic`` one of players, ships, plan, map, goods (or in French)."""
    found = find_named(TOPICS, topic)
    if topic.strip() and found is None:
        raise UnknownTopic(topic)
    topic = found.name if found is not None else ""
    lines: list[Msg] = []
    if topic in ("", "players"):
        for s in state.order:
            lines += player_lines(state, s)
    if topic in ("", "ships"):
        for number, ship in enumerate(state.ships, 1):
            lines.append(Msg("vanuatu.board.ship", number=number,
                             wants=state._goods_list(ship.wants)))
            if ship.complete:
                lines.append(Msg("vanuatu.board.full", number=number))
            elif ship.loaded:
                lines.append(Msg("vanuatu.board.loaded", number=number,
                                 goods=state._goods_list(ship.loaded)))
    if topic in ("", "plan"):
        for action in data.ACTIONS:
            stacks = stacks_on(state, action)
            if stacks or topic:
                lines += listed("vanuatu.board.space", "stacks", stacks,
                                action=action_msg(action))
            if stacks:  # who would act there now (VA-13, VA-60)
                holder = state.holder(action)
                lines.append(Msg("vanuatu.board.holder_neutral") if holder is None
                             else Msg("vanuatu.board.holder", player=PlayerRef(holder)))
    if topic in ("", "goods"):
        lines.append(Msg("vanuatu.board.reserve", goods=[
            good_msg(g, c) for g, c in state.reserve.items()]))
    if topic == "map":
        lines += query_map(state, seat, "")
    return lines


def private(state: VanuatuState, seat: int) -> list[Msg]:
    p = state.players[seat]
    lines = []
    if p.character:
        lines.append(Msg("vanuatu.private.character", character=character_msg(p.character)))
        lines.append(Msg("vanuatu.private.power", power=Msg(f"vanuatu.power.{p.character}")))
        if p.power_used:
            lines.append(Msg("vanuatu.private.power_used"))
    lines.append(Msg("vanuatu.private.money", vatu=p.vatu, pp=p.pp))
    lines.append(Msg("vanuatu.private.fish", count=len(p.fish), values=list(p.fish))
                 if p.fish else Msg("vanuatu.private.no_fish"))
    lines.append(Msg("vanuatu.private.treasures", count=len(p.treasures),
                     values=list(p.treasures)) if p.treasures
                 else Msg("vanuatu.private.no_treasure"))
    lines.append(Msg("vanuatu.private.huts", count=p.huts))
    if state.phase == "planning":
        lines.append(Msg("vanuatu.private.markers", count=p.markers))
    if p.rest:
        lines.append(Msg("vanuatu.rest.yours", token=Msg(f"vanuatu.rest.{p.rest}")))
    return lines
