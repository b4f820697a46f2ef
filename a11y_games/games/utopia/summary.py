"""What a player hears: action labels, status, board, private summary and the city queries
(``map``, ``district``, ``island``). One short line per message, key fact first."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from a11y_games.engine import Msg, PlayerRef
from a11y_games.engine.state import Query, Topic, UnknownTopic
from a11y_games.games.utopia import data
from a11y_games.games.utopia.data import CIVS, DISTRICTS, ISLANDS, NEIGHBOURS, SEA_ROUTES, fold
from a11y_games.games.utopia.menus import STEPS
from a11y_games.games.utopia.names import civ, civ_card, civ_count, civ_n, isle, isle_short

if TYPE_CHECKING:
    from a11y_games.games.utopia.state import UtopiaState

__all__ = ["board", "find_district", "find_island", "label", "private", "queries", "status"]

NC = len(CIVS)
CIV_INDEX = {c: i for i, c in enumerate(CIVS)}


def isle_name(island: str) -> Msg:
    return Msg(f"utopia.island_name.{island}")


def guest_lines(guests: list[tuple[int, str]], islands: tuple[str, ...]) -> list[Msg]:
    """The guests waiting by each island's ship, a few civilisations a line."""
    lines: list[Msg] = []
    for island, counts in guest_counts(guests, islands):
        lines += island_guest_lines(island, counts)
    return lines


def guest_counts(guests: list[tuple[int, str]],
                 islands: tuple[str, ...]) -> list[tuple[str, tuple[int, ...]]]:
    """For each island with guests waiting, in map order: how many of each civilisation."""
    by_island: dict[str, list[int]] = {}
    for c, i in guests:
        counts = by_island.get(i)
        if counts is None:
            counts = by_island[i] = [0] * NC
        counts[c] += 1
    return [(island, tuple(by_island[island])) for island in islands if island in by_island]


@cache
def island_guest_lines(island: str, counts: tuple[int, ...]) -> tuple[Msg, ...]:
    """The guests by one island's ship (``counts`` by civilisation), made once each."""
    return (Msg("utopia.ev.guests", island=isle(island)),
            *(Msg("utopia.ev.guests_line", civs=chunk)
              for chunk in _whole(_civ_counts(counts))))


def _whole(items: list) -> list[list]:
    """A list said whole, as one sentence (never cut in two to fit a width: a braille
    display pans it); nothing when empty."""
    return [items] if items else []


def _civ_counts(counts: list[int] | tuple[int, ...]) -> list[Msg]:
    return [civ_count(k, c) for c, k in enumerate(counts) if k]


# --- labels ------------------------------------------------------------------------------------
def label(state: UtopiaState, seat: int, action: str) -> Msg:
    """A short label for ``action``, with its cost where it has one."""
    parts = action.split(":")
    kind = parts[0]
    if kind in ("back", "end", "pass", "move", "add", "remove", "influence"):
        return Msg(f"utopia.label.{kind}")
    if kind == "guest":
        return _guest_label(state, seat, action, CIV_INDEX[parts[1]], parts[2])
    if kind == "wonder":
        return Msg("utopia.label.wonder", island=isle(parts[1]), points=data.WONDER_POINTS)
    if kind == "monument":
        d = DISTRICTS[parts[1]]
        return Msg("utopia.label.monument", civ=civ_n(CIV_INDEX[parts[2]], 1), district=d.name,
                   value=d.value)
    if kind == "discard":
        c = CIV_INDEX[parts[1]]
        return Msg("utopia.label.discard", civ=civ_card(c), count=state.hands[seat][c])
    choice = state.choice
    if kind == "place":
        c = CIV_INDEX[choice[0].split(":")[1]]
        d = DISTRICTS[parts[1]]
        mine = state.count(d.id, seat, c)
        if not mine:
            return Msg("utopia.label.place_new", district=d.name, value=d.value)
        return Msg("utopia.label.place", district=d.name, value=d.value, civ=civ_n(c, mine),
                   count=mine)
    current = state._civ() if len(choice) > 1 and choice[0] in STEPS else 0
    if kind == "privilege":
        return Msg("utopia.label.privilege")
    if kind == "src":
        d, c = DISTRICTS[parts[1]], CIV_INDEX[parts[2]]
        if choice[0] == "remove":
            mine = sum(state.count(d.id, seat, k) for k in range(NC))
            return Msg("utopia.label.src_remove", district=d.name, civ=civ_n(c, 1),
                       count=mine)
        mine = state.count(d.id, seat, c)
        key = "utopia.label.from" if state.hands[seat][c] else "utopia.label.from_privilege"
        return Msg(key, district=d.name, civ=civ_n(c, mine), count=mine)
    if kind == "up":
        c = CIV_INDEX[parts[1]]
        return Msg("utopia.label.up", civ=civ(c), value=state.value(c) + 1)  # (its cost:
        # in the question)
    if kind == "down":
        c = CIV_INDEX[parts[1]]
        return Msg("utopia.label.down", civ=civ(c))
    if kind == "civp":
        c = CIV_INDEX[parts[1]]
        return Msg("utopia.label.civp", civ=civ(c), value=state.value(c))
    if kind == "civ":
        c = CIV_INDEX[parts[1]]
        held = state.hands[seat][c]
        if held:
            return Msg("utopia.label.civ", civ=civ(c), value=state.value(c), count=held)
        return Msg("utopia.label.civ_privilege", civ=civ(c), value=state.value(c))
    if kind == "from":
        d = DISTRICTS[parts[1]]
        if choice[0] == "remove":
            mine = sum(state.count(d.id, seat, c) for c in range(NC))
            return Msg("utopia.label.from_remove", district=d.name, count=mine)
        mine = state.count(d.id, seat, current)
        return Msg("utopia.label.from", district=d.name, civ=civ_n(current, mine), count=mine)
    if kind == "count":
        count = int(parts[1])
        return Msg("utopia.label.count", count=count, civ=civ_n(current, count))
    if kind == "to":
        d = DISTRICTS[parts[1]]
        if choice[0] == "add":
            owner, _ = state.monuments[d.id]
            return Msg("utopia.label.to_add", district=d.name, seat=PlayerRef(owner))
        src = state.chosen("from")
        by = "land" if d.id in {x for x, _ in NEIGHBOURS[src]} else "sea"
        mine = state.count(d.id, seat, current)
        if not mine:
            return Msg(f"utopia.label.to_{by}_new", district=d.name, value=d.value)
        return Msg(f"utopia.label.to_{by}", district=d.name, value=d.value,
                   civ=civ_n(current, mine), count=mine)
    if kind == "prince":
        c = CIV_INDEX[parts[1]]
        return Msg("utopia.label.prince", civ=civ_n(c, 1),
                   count=state.count(state.chosen("from"), seat, c))
    if kind == "raise":
        return Msg("utopia.label.raise", value=state.value(current) + 1, count=data.RAISE_CARDS)
    if kind == "lower":
        return Msg("utopia.label.lower", count=data.LOWER_CARDS)
    if kind == "pay":
        c = CIV_INDEX[parts[1]]
        if c == current:
            return Msg("utopia.label.pay", civ=civ_card(c))
        return Msg("utopia.label.pay_privilege", card=civ(c), civ=civ(current))
    return Msg("utopia.label.back")


def _guest_label(state: UtopiaState, seat: int, action: str, c: int, island: str) -> Msg:
    """A guest by its island's ship, the island said once: "Water: Persian", then
    "Egyptian" for the next guest of the same island (the menu lists them island by
    island, in map order)."""
    menu = state.legal_actions(seat) if state.current == seat else []
    at = menu.index(action) if action in menu else 0
    if at and menu[at - 1].startswith("guest:") and menu[at - 1].endswith(":" + island):
        return Msg("utopia.label.guest_more", civ=civ_n(c, 1))
    return Msg("utopia.label.guest", civ=civ_n(c, 1), island=isle_short(island))


# --- status, board, private ---------------------------------------------------------------------
def _phase_lines(state: UtopiaState) -> list[Msg]:
    if not state.pending():
        return state.end_lines()  # after a tie, the winners too
    number = {"guests": 1, "discard": 2, "actions": 2}[state.phase]
    return [Msg("utopia.status.round", round=state.round, phase=number)]


def _scores(state: UtopiaState) -> list[Msg]:
    ranked = sorted(range(state.n), key=lambda s: (-state.scores[s], state.reached[s], s))
    return [Msg("utopia.status.score", seat=PlayerRef(s), count=state.scores[s])
            for s in ranked]


def _scale(state: UtopiaState) -> list[Msg]:
    lines = [Msg("utopia.status.scale")]
    for v in range(NC, 0, -1):
        lines.append(Msg("utopia.scale.entry", value=v, civ=civ(state.scale[v - 1])))
    return lines


def _turn(state: UtopiaState) -> list[Msg]:
    pending = state.pending()
    if pending is None:
        return []
    if state.phase == "discard":
        names = [PlayerRef(s) for s in pending.seats]
        return [Msg("utopia.status.discarding"), *_name_lines(names)]  # 3 names a line
    return [Msg("utopia.status.turn", seat=PlayerRef(pending.seats[0]))]


def _hand(state: UtopiaState, seat: int) -> list[Msg]:
    hand = state.hands[seat]
    lines = [Msg("utopia.status.cards", count=sum(hand))]
    lines += [Msg("utopia.status.cards_line", cards=chunk)
              for chunk in _whole(_civ_counts(hand))]
    return lines


def _mine(state: UtopiaState, seat: int) -> list[Msg]:
    lines = [*_hand(state, seat),
             Msg("utopia.status.privileges", count=state.privileges[seat]),
             Msg("utopia.status.bases", count=state.bases[seat])]
    if state.current == seat:
        for b in state.builds(seat):
            parts = b.split(":")
            if parts[0] == "wonder":
                lines.append(Msg("utopia.ev.can_wonder", island=isle(parts[1])))
            else:
                lines.append(Msg("utopia.ev.can_monument", district=DISTRICTS[parts[1]].name,
                                 civ=civ_n(CIV_INDEX[parts[2]], 1)))
    return lines


def status(state: UtopiaState, seat: int | None) -> list[Msg]:
    """Round and phase, whose turn, the score track, the scale, then my cards and tokens."""
    lines = [*_phase_lines(state), *_turn(state), *_scores(state), *_scale(state)]
    if seat is not None and seat < state.n:
        lines += _mine(state, seat)
    return lines


def _guests(state: UtopiaState) -> list[Msg]:
    return guest_lines(state.guests, state.islands) or [Msg("utopia.board.no_guests")]


def _monuments(state: UtopiaState) -> list[Msg]:
    lines = [Msg("utopia.board.monument", district=DISTRICTS[d].name, civ=civ_n(c, 1),
                 seat=PlayerRef(s))
             for d, (s, c) in sorted(state.monuments.items(), key=lambda x: DISTRICTS[x[0]].index)]
    lines += [Msg("utopia.board.wonder", island=isle_name(i), seat=PlayerRef(s))
              for i, s in state.wonders.items()]
    return lines or [Msg("utopia.board.no_monuments")]


TOPICS = (Topic("scores", ("scores",)), Topic("scale", ("échelle",)),
          Topic("guests", ("invités",)), Topic("monuments", ("monuments",)),
          *(Topic(i.id, (i.names[1],)) for i in ISLANDS.values()))
"""The parts ``board`` shows alone (an island too); the first alias is the French word."""


def board(state: UtopiaState, seat: int | None, topic: str = "") -> list[Msg]:
    """The public board; ``topic`` is one of scores, scale, guests, monuments or an island."""
    key = fold(topic)
    if key == "scores":
        return _scores(state)
    if key == "scale":
        return _scale(state)
    if key == "guests":
        return _guests(state)
    if key == "monuments":
        return _monuments(state)
    if key and len(find_island(topic)) == 1:
        return island_query(state, seat, topic)
    if key:
        raise UnknownTopic(topic)
    return [*_scores(state), *_scale(state), *_guests(state), *_monuments(state)]


def private(state: UtopiaState, seat: int) -> list[Msg]:
    """My cards, privileges, bases and princes still in my supply."""
    lines = _mine(state, seat)
    lines += [Msg("utopia.status.supply_line", cards=chunk)
              for chunk in _whole(_civ_counts(state.supply[seat]))]
    return lines


# --- name matching --------------------------------------------------------------------------------
def _match(argument: str, names: dict[str, list[str]]) -> list[str]:
    """Keys whose names match ``argument``: exactly, else by a unique start (folded)."""
    key = fold(argument)
    if not key:
        return []
    exact = [k for k, ns in names.items() if key in (fold(n) for n in ns)]
    if exact:
        return exact
    return [k for k, ns in names.items() if any(fold(n).startswith(key) for n in ns)]


def find_district(argument: str) -> list[str]:
    """District ids matching a typed name (case and accents ignored; a unique start is enough)."""
    return _match(argument, {d.id: [d.name, d.id] for d in DISTRICTS.values()})


def find_island(argument: str) -> list[str]:
    """Island ids matching a typed name, in English or French."""
    return _match(argument, {i.id: list(i.names) for i in ISLANDS.values()})


def _name_lines(names: list[str] | list[PlayerRef] | list[Msg]) -> list[Msg]:
    return [Msg("utopia.query.names", names=chunk) for chunk in _whole(names)]


# --- queries ------------------------------------------------------------------------------------
def map_query(state: UtopiaState, seat: int | None, argument: str = "") -> list[Msg]:
    """Each island in words: districts with value and sea sector, its streets, its bridges."""
    lines = [Msg("utopia.map.intro", islands=len(ISLANDS), count=len(DISTRICTS)),
             Msg("utopia.map.sea", sectors=[Msg(f"utopia.sector.{x}") for x in data.SECTORS]),
             *[Msg("utopia.map.sea_link", a=Msg(f"utopia.sector.{a}"),
                   b=Msg(f"utopia.sector.{b}")) for a, b in data.SECTOR_PAIRS]]
    islands = list(ISLANDS.values())
    if argument.strip():
        found = find_island(argument)
        if len(found) != 1:
            return _unknown_island(argument, found)
        islands = [ISLANDS[found[0]]]
        lines = []
    for island in islands:
        lines.append(Msg("utopia.map.island", island=isle(island.id),
                         count=len(island.districts)))
        if island.id not in state.islands:
            lines.append(Msg("utopia.map.unused"))
        for d in (DISTRICTS[x] for x in island.districts):
            if d.maritime:
                lines.append(Msg("utopia.map.district_sea", district=d.name, value=d.value,
                                 sector=Msg(f"utopia.sector.{d.sector}")))
            else:
                lines.append(Msg("utopia.map.district", district=d.name, value=d.value))
        for a, b in data.STREETS:  # what a player plans moves by (UT-03)
            if DISTRICTS[a].island == island.id:
                lines.append(Msg("utopia.map.street", src=DISTRICTS[a].name,
                                 dst=DISTRICTS[b].name))
        for a, b in data.BRIDGES:
            for here, there in ((a, b), (b, a)):
                if DISTRICTS[here].island == island.id:
                    lines.append(Msg("utopia.map.bridge", src=DISTRICTS[here].name,
                                     dst=DISTRICTS[there].name,
                                     island=isle_name(DISTRICTS[there].island)))
    return lines


def _unknown_district(argument: str, found: list[str]) -> list[Msg]:
    if found:
        return [Msg("utopia.query.ambiguous", name=argument),
                *_name_lines([DISTRICTS[d].name for d in found])]
    head = Msg("utopia.query.unknown_district", name=argument) if argument.strip() \
        else Msg("utopia.query.which_district")
    return [head, *_name_lines([d.name for d in DISTRICTS.values()])]


def _unknown_island(argument: str, found: list[str]) -> list[Msg]:
    head = Msg("utopia.query.unknown_island", name=argument) if argument.strip() \
        else Msg("utopia.query.which_island")
    return [head, Msg("utopia.query.names", names=[isle(i) for i in ISLANDS])]


def _seat_lines(state: UtopiaState, seat: int, counts: list[int]) -> list[Msg]:
    chunks = _whole(_civ_counts(counts))
    return [Msg("utopia.query.princes", seat=PlayerRef(seat), cards=chunk) for chunk in chunks]


def district_query(state: UtopiaState, seat: int | None, argument: str) -> list[Msg]:
    """Who is in a district, who controls it, its value and its neighbours."""
    found = find_district(argument)
    if len(found) != 1:
        return _unknown_district(argument, found)
    d = DISTRICTS[found[0]]
    lines = [Msg("utopia.district.head", district=d.name, island=isle(d.island), value=d.value)]
    if d.maritime:
        lines.append(Msg("utopia.district.sea", sector=Msg(f"utopia.sector.{d.sector}")))
    if d.id not in state.active:
        lines.append(Msg("utopia.map.unused"))
    if d.id in state.monuments:
        owner, c = state.monuments[d.id]
        lines.append(Msg("utopia.district.control", seat=PlayerRef(owner), civ=civ(c),
                         value=state.value(c)))
    else:
        lines.append(Msg("utopia.district.free"))
    anyone = False
    for s in range(state.n):
        counts = [state.count(d.id, s, c) for c in range(NC)]
        if any(counts):
            anyone = True
            lines += _seat_lines(state, s, counts)
    if not anyone:
        lines.append(Msg("utopia.district.empty"))
    streets = [DISTRICTS[x].name for x, k in NEIGHBOURS[d.id] if k == "street"]
    lines += [Msg("utopia.district.streets", names=c) for c in _whole(streets)]
    for x, k in NEIGHBOURS[d.id]:
        if k == "bridge":
            lines.append(Msg("utopia.district.bridge", district=DISTRICTS[x].name,
                             island=isle_name(DISTRICTS[x].island)))
    sea = [DISTRICTS[x].name for x in SEA_ROUTES.get(d.id, ()) if x in state.active]
    lines += [Msg("utopia.district.sea_routes", names=c) for c in _whole(sea)]
    return lines


def island_query(state: UtopiaState, seat: int | None, argument: str) -> list[Msg]:
    """An island: its wonder, then the princes of each civilisation per player."""
    found = find_island(argument)
    if len(found) != 1:
        return _unknown_island(argument, found)
    island = ISLANDS[found[0]]
    lines = [Msg("utopia.map.island", island=isle(island.id), count=len(island.districts))]
    if island.id not in state.islands:
        return [*lines, Msg("utopia.map.unused")]
    owner = state.wonders.get(island.id)
    lines.append(Msg("utopia.island_query.wonder_free") if owner is None
                 else Msg("utopia.board.wonder", island=isle_name(island.id),
                          seat=PlayerRef(owner)))
    for s in range(state.n):
        counts = state.island_civs(island.id, s)
        if any(counts):
            lines.append(Msg("utopia.island_query.civs", seat=PlayerRef(s),
                             count=sum(1 for k in counts if k)))
            lines += _seat_lines(state, s, counts)
    for d in island.districts:
        if d in state.monuments:
            s, c = state.monuments[d]
            lines.append(Msg("utopia.board.monument", district=DISTRICTS[d].name, civ=civ_n(c, 1),
                             seat=PlayerRef(s)))
    return lines


def where_query(state: UtopiaState, seat: int | None, argument: str = "") -> list[Msg]:
    """Where my princes are, district by district, in map order."""
    if seat is None or seat >= state.n:
        return [Msg("utopia.where.none")]
    lines = []
    for d in DISTRICTS.values():
        counts = [state.count(d.id, seat, c) for c in range(NC)]
        if any(counts):
            lines += [Msg("utopia.where.line", district=d.name, cards=chunk)
                      for chunk in _whole(_civ_counts(counts))]
    return lines or [Msg("utopia.where.none")]


def queries() -> list[Query]:
    """The city commands: ``map [island]``, ``district <name>``, ``island <name>``, ``where``
    (all public: the city and the princes in it are in plain view)."""
    return [
        Query("map", Msg("utopia.query.map_help"), map_query, ("carte", "city"), public=True),
        Query("district", Msg("utopia.query.district_help"), district_query,
              ("quartier", "d"), public=True),
        Query("island", Msg("utopia.query.island_help"), island_query, ("ile", "i"),
              public=True),
        Query("where", Msg("utopia.query.where_help"), where_query, ("ou", "w"), public=True),
    ]
