"""What a player hears on asking: status, board by region, private card, planet, laws."""

from __future__ import annotations

from typing import TYPE_CHECKING

from a11y_games.engine import Msg, PlayerRef
from a11y_games.engine.state import Query, Topic, UnknownTopic
from a11y_games.engine.words import number
from a11y_games.games.vertigo import data
from a11y_games.games.vertigo.country import CODE_FACTORY, EMPTY, PEOPLE, POLLUTED, Country

if TYPE_CHECKING:
    from a11y_games.engine.state import GameState
    from a11y_games.games.vertigo.state import VertigoState

REGION_WORDS = {"right": 0, "droite": 0, "centre": 1, "center": 1, "left": 2, "gauche": 2}
COLOUR_WORDS = {"blue": 0, "bleu": 0, "yellow": 1, "jaune": 1, "red": 2, "rouge": 2,
                "green": 3, "vert": 3}
R3 = range(len(data.REGIONS))
LETTER = data.PROVINCE_NAMES
"""A province's name by its 0-based index (VG-02)."""


def region_msg(region: int) -> Msg:
    return Msg(f"vertigo.region.{data.REGIONS[region]}")


def province_msg(code: int, engineers: int = 0) -> Msg:
    """What stands on a province, in words."""
    if code == POLLUTED:
        return Msg("vertigo.what.polluted")
    if code == EMPTY:
        return Msg("vertigo.what.empty")
    if code == PEOPLE:
        return Msg("vertigo.what.people")
    return Msg("vertigo.what.factory", kind=Msg(f"vertigo.factory.{CODE_FACTORY[code]}"),
               count=engineers)


def region_title(region: int) -> Msg:
    return Msg(f"vertigo.region_title.{data.REGIONS[region]}")


def region_short(region: int) -> Msg:
    """The region's name alone, capitalised, to open a short line ("Right", "Droite")."""
    return Msg(f"vertigo.region_short.{data.REGIONS[region]}")


def law_text(law: int) -> list[Msg]:
    """The text of a law: one whole sentence (never cut in two to fit a braille line: a
    display pans it). Its numbers come from the data module."""
    amount = {1: data.POLLUTER_FINE, 2: data.TREATMENT_SUBSIDY, 5: data.PLANET_STEP}.get(law, 0)
    return [Msg(f"vertigo.law.{data.LAW_NAMES[law]}.text", amount=amount)]


def colour_msg(seat: int) -> Msg:
    return Msg(f"vertigo.colour.{data.COLOURS[seat]}")


def region_state(c: Country, region: int) -> Msg:
    """One region's population and pollution, on one short line."""
    return Msg("vertigo.status.region", region=region_short(region), people=c.population(region),
               pollution=c.pollution(region))


# --- status ---
def status(state: VertigoState, seat: int | None) -> list[Msg]:
    """Turn, then the seat's money, factories by kind, regions, pawns; the planet and vault."""
    if state.phase == "setup":  # before turn 1
        lines = [Msg("vertigo.status.setup", turn=state.turn + 1)]
    else:
        lines = [Msg("vertigo.status.turn", turn=state.turn,
                     phase=Msg(f"vertigo.phase.{state.phase}"))]
    if seat is not None and seat < state.n:
        c = state.countries[seat]
        if not state.active[seat]:
            lines.append(Msg("vertigo.status.eliminated"))
        lines.append(Msg("vertigo.status.money", money=c.money, upkeep=c.pawns()))
        lines += [Msg(f"vertigo.status.{kind}", count=c.factories(kind))
                  for kind in data.FACTORY_KINDS]
        lines.append(Msg("vertigo.status.population", count=c.population()))
        lines += [region_state(c, r) for r in R3]
        waiting = [Msg("vertigo.status.waiting", region=region_short(r), count=c.waiting(r))
                   for r in R3 if c.waiting(r)]
        lines += waiting or [Msg("vertigo.status.no_student")]
        lines += [Msg("vertigo.status.engineers", count=c.engineers()),
                  Msg("vertigo.status.diplomats", count=c.diplomats)]
    lines.append(Msg("vertigo.status.planet", planet=state.planet))
    lines.append(Msg("vertigo.status.vault", vault=state.vault, count=state.witnesses,
                     threshold=state.threshold))
    if state.moratorium_turn == state.turn and state.phase not in ("setup",):
        lines.append(Msg("vertigo.status.moratorium"))
    return lines


# --- board ---
def parse_topic(state: VertigoState, seat: int | None, topic: str) -> tuple[int | None, int | None]:
    """(country, region) named by a topic such as ``left``, ``red``, ``2 centre``."""
    country: int | None = None
    region: int | None = None
    for word in topic.lower().split():
        if word in REGION_WORDS:
            region = REGION_WORDS[word]
        elif word in COLOUR_WORDS and COLOUR_WORDS[word] < state.n:
            country = COLOUR_WORDS[word]
        elif (picked := number(word)) is not None and 1 <= picked <= state.n:
            country = picked - 1
    if region is not None and country is None:
        country = seat
    return country, region


TOPICS = (Topic("right", ("droite",)), Topic("centre", ("centre", "center")),
          Topic("left", ("gauche",)), Topic("blue", ("bleu",)), Topic("yellow", ("jaune",)),
          Topic("red", ("rouge",)), Topic("green", ("vert",)))
"""The parts ``board`` shows alone (a region of mine, or a country by colour or number);
the first alias is the French word. ``board 2 left`` combines them."""


def topics(players: int) -> tuple[Topic, ...]:
    """The topics of a game of ``players`` countries: the regions, the colours in play."""
    return tuple(t for t in TOPICS if COLOUR_WORDS.get(t.name, 0) < players)


def board(state: VertigoState, seat: int | None, topic: str = "") -> list[Msg]:
    if not topic.strip():
        lines = [Msg("vertigo.board.planet", planet=state.planet, vault=state.vault)]
        for s in range(state.n):
            lines += country_head(state, s)
        return lines
    country, region = parse_topic(state, seat, topic)
    if country is None and region is not None:  # a spectator: that region of every country
        return [line for c in range(state.n) for line in region_lines(state, c, region)]
    if country is None:
        raise UnknownTopic(topic)
    if region is None:
        return country_lines(state, country)
    return region_lines(state, country, region)


def country_head(state: VertigoState, seat: int) -> list[Msg]:
    """A country's factories (the score), then its population and safe."""
    c = state.countries[seat]
    if not state.active[seat]:
        return [Msg("vertigo.board.out", player=PlayerRef(seat), colour=colour_msg(seat))]
    return [Msg("vertigo.board.country", player=PlayerRef(seat), colour=colour_msg(seat),
                count=c.factories()),
            Msg("vertigo.board.people_money", people=c.population(), money=c.money)]


def country_lines(state: VertigoState, seat: int) -> list[Msg]:
    c = state.countries[seat]
    lines = country_head(state, seat)
    for r in R3:
        lines.append(region_state(c, r))
        lines.append(Msg("vertigo.board.region_line", region=region_short(r),
                         count=c.factories(region=r), students=c.waiting(r)))
    lines.append(Msg("vertigo.board.diplomats", count=c.diplomats))
    return lines


def region_lines(state: VertigoState, seat: int, r: int) -> list[Msg]:
    """One region, province by province in number order, only what is there."""
    c = state.countries[seat]
    lines = [Msg("vertigo.board.region_head", player=PlayerRef(seat), region=region_msg(r),
                 pollution=c.pollution(r))]
    for p, code in enumerate(c.prov[r]):
        if code != EMPTY:
            lines.append(Msg("vertigo.board.province", province=LETTER[p],
                             what=province_msg(code, c.eng[r][p])))
    empty = c.prov[r].count(EMPTY)
    lines.append(Msg("vertigo.board.empty", count=empty))
    lines.append(Msg("vertigo.board.waiting", count=c.waiting(r)))
    return lines


# --- final standings (VG-32) ---
def standings(state: VertigoState) -> list[Msg]:
    """Rank, player and factories, one line each, then the tie-break figures that decided.

    Players who may win are ranked (equal figures share a rank); then those who cannot pay
    their upkeep, then those out of the game, unranked.
    """
    ranked = sorted((s for s in range(state.n) if state.eligible(s)),
                    key=lambda s: (tuple(-v for v in state.ranking_key(s)), s))
    keys = [state.ranking_key(s) for s in ranked]
    lines = [Msg("vertigo.standings.head")]
    for i, seat in enumerate(ranked):
        c = state.countries[seat]
        rank = 1 + sum(1 for k in keys if k > keys[i])
        near = [keys[j] for j in (i - 1, i + 1) if 0 <= j < len(keys)]
        tied = max((_common(keys[i], k) for k in near), default=0)
        lines.append(Msg("vertigo.standings.rank", rank=rank, player=PlayerRef(seat),
                         score=Msg("vertigo.standings.factories", count=c.factories())))
        if tied >= 1:
            lines.append(Msg("vertigo.standings.then",
                             score=Msg("vertigo.standings.pawns", count=c.pawns())))
        if tied >= 2:
            lines.append(Msg("vertigo.standings.then",
                             score=Msg("vertigo.standings.safe", money=c.money)))
    for seat in range(state.n):
        if state.active[seat] and not state.eligible(seat):
            lines.append(Msg("vertigo.standings.cannot_pay", player=PlayerRef(seat)))
    lines += [Msg("vertigo.standings.out", player=PlayerRef(s)) for s in range(state.n)
              if not state.active[s]]
    return lines


def _common(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    """How many leading figures two ranking keys share."""
    n = 0
    while n < len(a) and a[n] == b[n]:
        n += 1
    return n


# --- private ---
def private(state: VertigoState, seat: int) -> list[Msg]:
    """The law card: laws still to propose, one a line (nothing is secret but a vote)."""
    left = [law_title(n) for n in data.LAWS if n not in state.laws_used[seat]]
    lines = [Msg("vertigo.private.laws"), *left] if left else [Msg("vertigo.private.no_law")]
    vote = state.votes.get(seat)
    if state.phase == "vote" and vote is not None:
        lines.append(Msg("vertigo.private.vote", yes=vote[0], no=vote[1], abstain=vote[2]))
    return lines


def law_title(law: int) -> Msg:
    return Msg(f"vertigo.law.{data.LAW_NAMES[law]}.title", number=law)


# --- queries ---
def _planet(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    s: VertigoState = state  # type: ignore[assignment]
    lines = [Msg("vertigo.planet.level", planet=s.planet),
             Msg("vertigo.planet.witnesses", count=s.witnesses, threshold=s.threshold),
             Msg("vertigo.planet.vault", vault=s.vault)]
    if seat is not None and seat < s.n:
        c = s.countries[seat]
        above = [Msg("vertigo.planet.region", region=region_title(r), pollution=c.pollution(r))
                 for r in R3 if c.pollution(r) > s.planet]
        lines += [Msg("vertigo.planet.above"), *above] if above else [
            Msg("vertigo.planet.none_above")]
    if s.turn >= data.COIN_FROM_TURN - 1:
        lines.append(Msg("vertigo.planet.coin", turn=data.COIN_FROM_TURN))
    return lines


def _laws(state: GameState, seat: int | None, argument: str) -> list[Msg]:
    s: VertigoState = state  # type: ignore[assignment]
    lines = []
    for n in data.LAWS:
        used = seat is not None and seat < s.n and n in s.laws_used[seat]
        lines.append(Msg("vertigo.laws.used" if used else "vertigo.laws.open",
                         title=law_title(n)))
        lines += law_text(n)
    return lines


def queries() -> list[Query]:
    return [Query("planet", Msg("vertigo.query.planet"), _planet, ("planete", "planète")),
            Query("laws", Msg("vertigo.query.laws"), _laws, ("lois",))]
