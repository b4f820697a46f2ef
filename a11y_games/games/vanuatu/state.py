"""Vanuatu's rules as a state machine, with La montée des eaux (VA-01 to VA-56)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from a11y_games.engine import Event, GameState, IllegalAction, Msg, Pending, PlayerRef, Verbosity
from a11y_games.engine.state import Outcome, Query, Settings, Topic
from a11y_games.games.inputs import well_formed
from a11y_games.games.vanuatu import data
from a11y_games.games.vanuatu import events as said
from a11y_games.games.vanuatu.actions import ActionTurn
from a11y_games.games.vanuatu.board import Board, Island, Sea
from a11y_games.games.vanuatu.names import (
    action_msg,
    character_msg,
    direction_msg,
    good_msg,
    joined,
    listed,
    space_name,
)

__all__ = ["Player", "Ship", "VanuatuState"]

BRIEF, NORMAL, FULL = Verbosity.BRIEF, Verbosity.NORMAL, Verbosity.FULL
WITH_PLACES = 6
"""An action whose place has at most this many answers is offered with each of them in the
action menu (one question, one input); more (a long sail, many dikes) asks where after."""
WITH_PLACES_OF = ("sail", "build", "export", "draw", "tourist")
COSTLY = ("sail", "build", "export")
"""Actions whose places are paid: the action question then says the money."""


@dataclass
class Player:
    """One player's boat, money, points and pieces."""

    boat: int
    vatu: int = data.START_VATU
    pp: int = data.START_PP
    huts: int = data.HUTS  # in hand
    huts_lost: int = 0  # on submerged islands
    fish: list[int] = field(default_factory=list)
    treasures: list[int] = field(default_factory=list)
    character: str | None = None
    power_used: bool = False
    markers: int = 0  # in hand during planning
    rest: str | None = None  # rest token drawn this round: secret until the round ends


@dataclass
class Ship:
    """A displayed ship card: the goods it asks for and those already loaded."""

    wants: tuple[str, ...]
    loaded: list[str] = field(default_factory=list)

    def needs(self, good: str) -> bool:
        return self.wants.count(good) > self.loaded.count(good)

    @property
    def complete(self) -> bool:
        return len(self.loaded) == len(self.wants)


class VanuatuState(ActionTurn, GameState):
    """A game of Vanuatu: tiles, characters, planning, majorities, actions, rising waters."""

    game = "vanuatu"

    def __init__(self, settings: Settings, rng: random.Random) -> None:
        super().__init__(settings, rng)
        n = settings.players
        self.rising = settings.option("rising_waters", "on") == "on"
        self.archipelago = Board()
        start = data.SPACE_OF[data.BOAT_START]
        self.players = [Player(boat=start) for _ in range(n)]
        self.reserve = dict(data.GOODS_STOCK)
        efate = Island(data.EFATE)
        self.archipelago.tiles[data.SPACE_OF[data.EFATE_SPACE]] = efate
        for code, sea in data.START_SEAS:
            self.archipelago.tiles[data.SPACE_OF[code]] = Sea(sea.fish, sea.treasure)
        self._stock_island(efate)
        # two face-down stacks sorted by letter; within a letter, which stack is random
        self.stacks_of_tiles: tuple[list[Any], list[Any]] = ([], [])
        for letter in data.LETTERS:
            pair = [spec for lt, spec in data.TILES if lt == letter]
            rng.shuffle(pair)
            self.stacks_of_tiles[0].append(pair[0])
            self.stacks_of_tiles[1].append(pair[1])
        self.revealed: list[Any] = []
        tiles = list(data.TOURIST_TILES)
        tiles.remove(data.TOURIST_TILE_REMOVED[n])
        rng.shuffle(tiles)
        self.tourist_tiles = tiles
        self.tourists_left = 0
        self.tourists_revealed = 0
        self.tourists_gone = 0  # left over at a round's end, or drowned
        self.ship_deck = list(data.SHIPS)
        rng.shuffle(self.ship_deck)
        self.ships: list[Ship] = []
        self.fish_price = data.FISH_PRICE_START
        self.rest_pool: list[str] = []
        self.dikes = data.DIKES
        self.dikes_lost = 0
        self.countdown: int | None = None
        self.round = 0
        self.first = rng.randrange(n)
        self.order: list[int] = []
        self.markers: dict[str, list[int]] = {a: [0] * n for a in data.ACTIONS}
        self.two_players = n == 2  # the two-player variant (VA-60)
        self.neutral: dict[str, int] = dict.fromkeys(data.ACTIONS, 0)
        self.offered: list[str] = list(data.CHARACTERS)
        self.last_round_characters: set[str] = set()
        self.powers_said: dict[str, int] = {}
        """For each character: in how many rounds its power was said in the choices (after
        two, its label is its name alone; the power stays in ``rules`` and ``me``)."""
        self.phase = "setup"
        self.step: tuple[Any, ...] = ()
        self.cursor = 0  # index into the turn order
        self.pass_index = 0
        self.pass_placed = 0
        self.pass_spaces: list[str] = []  # where the seat planning now placed this pass
        self.acting: str | None = None  # the action space being performed
        self.lost_to_sea = False
        self.sea_end = Msg("vanuatu.end.sea", count=data.SUBMERGED_LOSS)  # the sea's win
        self.winners: frozenset[int] | None = None
        self._legal: dict[int, list[str]] = {}
        self._pending: Pending | None = None
        self._board_copy: Board | None = None
        self._reach: dict[int, dict[int, int]] = {}
        self._areas: dict[int, tuple[list[Sea], dict[int, Island]]] = {}
        self._plannable: dict[tuple[int, frozenset[str]], list[str]] = {}
        self._start_round()

    # --- small helpers ---------------------------------------------------------------------
    def _say(self, msg: Msg, level: Verbosity = NORMAL, *, to: int | None = None,
             cause: int | None = None, informs: bool = True) -> None:
        visible = None if to is None else frozenset({to})
        self.events.append(Event(msg, visible, level, cause, informs))

    def name(self, space: int) -> Msg | str:
        return space_name(self.archipelago, space)

    def _stock_island(self, island: Island) -> None:
        for good, count in island.spec.goods:
            take = min(count, self.reserve[good])
            self.reserve[good] -= take
            island.goods[good] += take

    def _gain_vatu(self, seat: int, amount: int) -> None:
        """Add vatu; each 10 vatu held become 5 PP at once (VA-28)."""
        player = self.players[seat]
        player.vatu += amount
        while player.vatu >= data.MONEY_PACKET:
            player.vatu -= data.MONEY_PACKET
            player.pp += data.MONEY_PACKET_PP
            self._say(Msg("vanuatu.money.converted", player=PlayerRef(seat),
                          pp=data.MONEY_PACKET_PP, vatu=data.MONEY_PACKET), cause=seat)

    def _pay(self, seat: int, amount: int) -> None:
        self.players[seat].vatu -= amount

    def holder(self, action: str) -> int | None:
        """Who has the majority on an action space: most markers, ties to turn order (VA-13);
        with two players, more markers than the neutral stack too (VA-60)."""
        counts = self.markers[action]
        best, best_n = None, self.neutral[action]
        for seat in self.order:
            if counts[seat] > best_n:
                best, best_n = seat, counts[seat]
        return best

    def _changed(self) -> None:
        """The map may have changed: drop what was computed from it."""
        self._board_copy = None
        self._reach = {}
        self._areas = {}
        self._plannable = {}

    def reach(self, space: int) -> dict[int, int]:
        """Sea spaces within sailing range of ``space`` (cached while the map is unchanged)."""
        found = self._reach.get(space)
        if found is None:
            found = self._reach[space] = self.archipelago.reach(space)
        return found

    def _set_order(self) -> None:
        n = len(self.players)
        self.order = [(self.first + i) % n for i in range(n)]

    # --- the round ---------------------------------------------------------------------------
    def _start_round(self) -> None:
        """Preparation (VA-10)."""
        self.round += 1
        self._set_order()
        # one line: the round and who plays first; each a detail after it
        self._say(Msg("vanuatu.round.header", round=self.round, last=data.ROUNDS,
                      player=PlayerRef(self.first)), BRIEF)
        self._say(Msg("vanuatu.round.start", round=self.round, last=data.ROUNDS), FULL)
        self._say(Msg("vanuatu.round.first", player=PlayerRef(self.first)), FULL)
        if self.tourists_left:
            self.tourists_gone += self.tourists_left
            self._say(Msg("vanuatu.tourists.leave", count=self.tourists_left), FULL)
        self.tourists_left = self.tourist_tiles.pop()
        self.tourists_revealed += self.tourists_left
        self._say(Msg("vanuatu.tourists.arrive", count=self.tourists_left))
        kept = []
        for ship in self.ships:
            if ship.complete:
                for good in ship.loaded:
                    self.reserve[good] += 1
                goods = self._goods_list(ship.wants)  # one sentence; its two halves details
                self._say(Msg("vanuatu.ship.sails_with", goods=goods))
                self._say(Msg("vanuatu.ship.sails"), FULL)
                self._say(Msg("vanuatu.ship.cargo", goods=goods), FULL)
            else:
                kept.append(ship)
        self.ships = kept
        while len(self.ships) < data.SHIP_DISPLAY and self.ship_deck:
            ship = Ship(self.ship_deck.pop())
            self.ships.append(ship)
            goods = self._goods_list(ship.wants)
            self._say(Msg("vanuatu.ship.new", goods=goods))
            self._say(Msg("vanuatu.ship.arrives"), FULL)
            self._say(Msg("vanuatu.ship.wants", goods=goods), FULL)
        for _, island in self.archipelago.live_islands():
            if island.goods_total() == 0:
                self._stock_island(island)
                self._say(Msg("vanuatu.goods.refilled", island=island.name), FULL)
        self.fish_price = data.FISH_PRICE_START
        self.rest_pool = list(data.REST_TOKENS)
        self.rng.shuffle(self.rest_pool)
        for player in self.players:
            player.power_used = False
            player.rest = None
        if self.round in data.TILE_ROUNDS:
            self.revealed = [stack.pop(0) for stack in self.stacks_of_tiles]
            placer = frozenset((self.first,))  # asked at once, in short: "Place the sea."
            others = frozenset(range(len(self.players))) - placer
            for spec in self.revealed:
                what, *rest = self._tile_lines(spec)
                self.events += (Event(what, others, NORMAL, spectators=True),
                                Event(what, placer, BRIEF))  # its question says no more
                for line in rest:
                    self._say(line)
            self.phase = "tiles"
            self.step = ("tile",)
        else:
            self._after_tiles()

    def _tile_lines(self, spec: Any) -> list[Msg]:
        """A revealed tile, one short line each: what it is, its marks, its goods."""
        if isinstance(spec, data.IslandSpec):
            return [Msg("vanuatu.tile.island", island=spec.name),
                    Msg("vanuatu.tile.island_marks", huts=spec.huts, drawings=spec.drawings,
                        capacity=spec.capacity),
                    Msg("vanuatu.tile.island_goods", goods=self._goods_list(
                        g for g, c in spec.goods for _ in range(c)))]
        return [Msg("vanuatu.tile.sea", fish=spec.fish, treasure=spec.treasure)]

    def _goods_list(self, goods: Any) -> list[Msg]:
        counted: dict[str, int] = {}
        for good in goods:
            counted[good] = counted.get(good, 0) + 1
        return [good_msg(g, c) for g, c in counted.items()]

    def _after_tiles(self) -> None:
        if self.rising and self.round in data.WATER_ROUNDS:
            die = self.rng.randint(1, data.DIE_FACES)
            self.countdown = die
            # who rolled is a detail: the countdown that follows says the die
            self._say(Msg("vanuatu.water.die", player=PlayerRef(self.first), die=die), FULL)
            self.events.append(said.countdown(die, BRIEF))
        else:
            self.countdown = None
        self.phase = "characters"
        self.cursor = 0
        if self.two_players:
            pool = [c for c in data.CHARACTERS if c not in self.last_round_characters]
            self.offered = sorted(self.rng.sample(pool, data.TWO_PLAYER_CHARACTERS_OFFERED),
                                  key=data.CHARACTERS.index)
            self.last_round_characters = set()
            for line in listed("vanuatu.character.offered", "characters",
                               [character_msg(c) for c in self.offered]):
                self._say(line)
        self.step = ("character", self.order[0])

    def _start_planning(self) -> None:
        self._plannable = {}  # boats, fish, characters and tourists are settled now
        for player in self.players:
            player.markers = data.MARKERS
        self.phase = "planning"
        self.pass_index = 0
        self.pass_placed = 0
        self.pass_spaces = []
        self.cursor = 0
        self._say(Msg("vanuatu.start.planning"), BRIEF if self.round == 1 else FULL)
        if self.two_players:
            self.neutral = dict.fromkeys(data.ACTIONS, 0)
            for _ in range(data.NEUTRAL_MARKERS[self.round]):
                self.neutral[self.rng.choice(data.ACTIONS)] += 1
            self._say(Msg("vanuatu.neutral.placed", count=sum(self.neutral.values())))
            for action, count in self.neutral.items():  # one stack a line
                if count:
                    self._say(Msg("vanuatu.neutral.stack", action=action_msg(action),
                                  count=count))
        self.step = ("plan", self.order[0])

    def _start_actions(self) -> None:
        self.phase = "actions"
        self._say_planning()
        self._say(Msg("vanuatu.start.actions"), FULL)
        self.cursor = 0
        self._next_actor(first=True)

    def _say_planning(self) -> None:
        """The planning as it ends (each pass was said as it came, as the player's own is:
        "Ambae: 1 on Build and Fish."). Each player's whole plan, one sentence a player in
        turn order ("Ambae: 1 on Sail, Fish and Rest, 2 on Build."), is for spectators, and a detail
        (full) to the players; `board plan` reads the stacks."""
        everyone = frozenset(range(len(self.players)))
        for seat in self.order:
            placed = self._placed(seat, [a for a in data.ACTIONS if self.markers[a][seat]])
            if placed:
                msg = Msg("vanuatu.plan.seat", player=PlayerRef(seat), actions=placed)
                self.events += (Event(msg, frozenset(), NORMAL, spectators=True),
                                Event(msg, everyone, FULL))

    def _placed(self, seat: int, spaces: list[str]) -> list[Msg]:
        """``seat``'s markers on ``spaces``, those with as many said together: "1 on Sail,
        Fish and Rest", "2 on Build"."""
        counts: dict[int, list[Msg]] = {}
        for a in spaces:
            counts.setdefault(self.markers[a][seat], []).append(action_msg(a))
        return [Msg("vanuatu.plan.item", action=joined(names), number=number)
                for number, names in counts.items()]

    def _next_actor(self, first: bool = False) -> None:
        n = len(self.order)
        for k in range(0 if first else 1, n + 1):
            seat = self.order[(self.cursor + k) % n]
            if any(self.markers[a][seat] for a in data.ACTIONS):
                self.cursor = (self.cursor + k) % n
                self.step = ("act", seat)
                return
        self._end_round()

    def _end_round(self) -> None:
        self._changed()
        if self.countdown:  # Decision: a rise not reached in its round happens at its end
            self.countdown = 0
            self._say(Msg("vanuatu.water.round_end"), BRIEF)
            if self._rise():
                return
        self.countdown = None
        self.neutral = dict.fromkeys(data.ACTIONS, 0)
        for seat in self.order:
            player = self.players[seat]
            token = player.rest
            if token is None:
                continue
            vatu, pp = data.REST_BONUS[token]
            msg = Msg("vanuatu.rest.reveal", player=PlayerRef(seat),
                      token=Msg(f"vanuatu.rest.{token}"))  # its player heard it when drawn
            everyone = frozenset(range(len(self.players)))
            # the first player's token: the next round's line says who is first, and the
            # last round's scoring its points
            level = FULL if token == "first" else NORMAL
            self.events += (Event(msg, everyone - {seat}, level, spectators=True),
                            Event(msg, frozenset((seat,)), FULL))
            player.pp += pp
            self._gain_vatu(seat, vatu)
            if token == "first":
                self.first = seat
            player.rest = None
        if self.round == data.ROUNDS:
            self._end_game()
        else:
            self._start_round()

    # --- rising waters (VA-50 to VA-54) ------------------------------------------------------
    def _count_action(self) -> None:
        """One performed action lowers the countdown (VA-51); at 0 the water rises."""
        if not self.countdown:
            return
        self.countdown -= 1
        if self.countdown:
            self.events.append(said.countdown(self.countdown, FULL))
        else:
            now = len(self.events)
            self._say(Msg("vanuatu.water.now"), BRIEF)
            self._rise(now)

    def _rise(self, now: int | None = None) -> bool:
        """Water on every island, one marker per open sea-facing side. True if the sea won.
        ``now``: where "The water rises!" was said, which the rise's sentence then says
        ("The water rises: Efate 1 of 5, Tanna 2 of 5."; that line a detail)."""
        start = len(self.events)
        risen: list[Msg] = []
        for space, island in self.archipelago.live_islands():
            sides = self.archipelago.open_sides(space)
            if not sides:
                self._say(Msg("vanuatu.water.safe", island=island.name), FULL)
                continue
            island.water = min(data.SUBMERGE_AT, island.water + len(sides))
            self._say(Msg("vanuatu.water.flood", island=island.name, count=len(sides)), FULL)
            self._say(Msg("vanuatu.water.level", water=island.water, limit=data.SUBMERGE_AT),
                      FULL)
            risen.append(Msg("vanuatu.water.island", island=island.name, water=island.water,
                             limit=data.SUBMERGE_AT))
            if island.water >= data.SUBMERGE_AT:
                self._submerge(island)
        if risen:  # the whole rise in one sentence, before its details and what sank
            said = "vanuatu.water.risen" if now is None else "vanuatu.water.rises"
            self.events.insert(start, Event(Msg(said, islands=risen), None, BRIEF))
            if now is not None:
                self.events[now] = Event(Msg("vanuatu.water.now"), None, FULL)
        self._changed()
        drowned = sum(1 for _, i in self.archipelago.islands() if i.submerged)
        if drowned >= data.SUBMERGED_LOSS:
            self.lost_to_sea = True
            self.winners = frozenset()
            self.phase = "over"
            self.step = ()
            self.sea_end = Msg("vanuatu.end.sea", count=drowned)  # all sunk in this rise
            self._say(self.sea_end, BRIEF)
            return True
        return False

    def _submerge(self, island: Island) -> None:
        """Everything on the island is removed; it takes no more part (VA-53)."""
        for owner in island.huts:
            self.players[owner].huts_lost += 1
        for good, count in island.goods.items():
            self.reserve[good] += count
            island.goods[good] = 0
        self.tourists_gone += island.tourists
        self.dikes_lost += len(island.dikes)
        huts = len(island.huts)
        island.huts.clear()
        island.drawings.clear()
        island.tourists = 0
        island.dikes.clear()
        island.submerged = True
        self._say(Msg("vanuatu.water.submerged", island=island.name), BRIEF)
        if huts:  # nothing is said of huts where there were none
            self._say(Msg("vanuatu.water.huts_lost", count=huts), BRIEF)

    # --- end (VA-40, VA-56) ------------------------------------------------------------------
    def _end_game(self) -> None:
        self._say(Msg("vanuatu.end.scoring"), BRIEF)
        # each step a detail; one sentence a player says its points by source
        parts: dict[int, dict[str, int]] = {s: {} for s in range(len(self.players))}
        for seat, player in enumerate(self.players):
            who = PlayerRef(seat)
            fish = sum(player.fish)
            if fish:
                player.fish.clear()
                self._say(Msg("vanuatu.end.fish", player=who, count=fish), FULL)
                self._gain_vatu(seat, fish)
            pp = player.vatu // data.END_VATU_PER_PP
            if pp:
                self._say(Msg("vanuatu.end.vatu", player=who, vatu=player.vatu, count=pp), FULL)
                player.pp += pp
                parts[seat]["vatu"] = pp
            treasure = sum(player.treasures) * data.END_TREASURE_FACTOR
            if treasure:
                self._say(Msg("vanuatu.end.treasure", player=who, count=treasure), FULL)
                player.pp += treasure
                parts[seat]["treasures"] = treasure
        for _, island in self.archipelago.live_islands():
            for owner in island.huts:
                gain = data.END_PP_PER_TOURIST * island.tourists
                loss = data.WATER_PENALTY[min(island.water, 4)] if self.rising else 0
                player = self.players[owner]
                if gain:
                    player.pp += gain
                    self._say(Msg("vanuatu.end.hut", player=PlayerRef(owner),
                                  island=island.name, count=gain), FULL)
                    parts[owner]["huts"] = parts[owner].get("huts", 0) + gain
                if loss:
                    player.pp = max(0, player.pp - loss)
                    self._say(Msg("vanuatu.end.penalty", player=PlayerRef(owner), count=loss),
                              FULL)
                    self._say(Msg("vanuatu.end.penalty_why", island=island.name,
                                  water=island.water), FULL)
                    parts[owner]["water"] = parts[owner].get("water", 0) + loss
        for seat in self.order:
            if parts[seat]:
                said = joined([Msg(f"vanuatu.end.part_{k}", count=v)
                               for k, v in parts[seat].items()])
                water = "_water" if "water" in parts[seat] else ""
                self._say(Msg(f"vanuatu.end.scored{water}", player=PlayerRef(seat),
                              parts=said))
        self.players[self.first].pp += data.END_FIRST_PLAYER_PP
        self._say(Msg("vanuatu.end.first", player=PlayerRef(self.first),
                      count=data.END_FIRST_PLAYER_PP))
        def key(seat: int) -> tuple[int, int, int]:
            p = self.players[seat]
            return (p.pp, self.huts_on_board(seat), p.vatu)
        best = max(key(s) for s in range(len(self.players)))
        self.winners = frozenset(s for s in range(len(self.players)) if key(s) == best)
        for seat in sorted(range(len(self.players)), key=key, reverse=True):
            self._say(Msg("vanuatu.end.score", player=PlayerRef(seat),
                          count=self.players[seat].pp), BRIEF)
        self._say(Msg("vanuatu.end.winners", players=[PlayerRef(s) for s in sorted(
            self.winners)], count=len(self.winners)), BRIEF)
        self.phase = "over"
        self.step = ()

    def huts_on_board(self, seat: int) -> int:
        return data.HUTS - self.players[seat].huts - self.players[seat].huts_lost

    # --- the contract ------------------------------------------------------------------------
    def pending(self) -> Pending | None:
        if not self.step:
            return None
        if self._pending is None:
            kind, seat = self.step[0], self.step[1] if len(self.step) > 1 else self.first
            # a treasure sold (or the Beggar's swap) brings the action menu back: the
            # sale and the action may be typed on one line
            several = False
            if kind == "act":
                legal = self._legal.get(seat)
                if legal is None:
                    legal = self._legal[seat] = self._compute_legal(seat)
                several = any(a.startswith(("treasure:", "beg:")) for a in legal)
            self._pending = Pending((seat,), self._prompt(kind, seat), several=several)
        return self._pending

    def _prompt(self, kind: str, seat: int) -> Msg:
        """What is asked, with the fact that matters for it (the tile, markers, money)."""
        if kind == "tile":  # the tile, said to its placer at every verbosity just before
            spec = self.revealed[0]
            seas = sum(not isinstance(s, data.IslandSpec) for s in self.revealed)
            if isinstance(spec, data.IslandSpec):
                tile = Msg("vanuatu.tile.short_island", island=spec.name)
            elif seas > 1:  # which of the two seas
                tile = Msg("vanuatu.tile.short_sea", fish=spec.fish, treasure=spec.treasure)
            else:
                tile = Msg("vanuatu.tile.the_sea")
            return Msg("vanuatu.ask.tile", tile=tile)
        if kind == "plan":  # one question a pass: its markers may be typed on one line
            # the markers in hand (always 5, 3, then 1 as a pass starts) are not said
            now = data.PLANNING_PASSES[self.pass_index] - self.pass_placed
            # "2 numbers" teaches typing a pass on one line: in the first round only
            return Msg("vanuatu.ask.plan" if self.round == 1 else "vanuatu.ask.plan_known",
                       count=now, answers=now, left=self.players[seat].markers)
        if kind == "character":
            return Msg("vanuatu.ask.character")  # the round: said as it starts
        if kind == "act" and any(self.markers[a][seat] and self.holder(a) == seat
                                 for a in COSTLY):  # its places' costs are in the menu
            return Msg("vanuatu.ask.act_vatu", vatu=self.players[seat].vatu)
        if kind == "dike":  # every dike costs the same: said once, in the question
            return Msg("vanuatu.ask.dike", cost=data.DIKE_COST, vatu=self.players[seat].vatu)
        return Msg(f"vanuatu.ask.{kind}", vatu=self.players[seat].vatu)  # said where spent

    def seat_to_act(self) -> int | None:
        pending = self.pending()
        return pending.seats[0] if pending else None

    def final_rank_key(self, seat: int) -> tuple[int, ...]:
        """VA-40: prestige, huts, vatu; an archipelago lost to the sea is lost by all."""
        if self.lost_to_sea:
            return (0,)
        player = self.players[seat]
        return (player.pp, self.huts_on_board(seat), player.vatu)

    def outcome(self) -> Outcome | None:
        if self.winners is None:
            return None
        if self.lost_to_sea:
            return Outcome(frozenset(), self.sea_end)
        return Outcome(self.winners, Msg("vanuatu.end.winners", players=[
            PlayerRef(s) for s in sorted(self.winners)], count=len(self.winners)))

    def legal_actions(self, seat: int) -> list[str]:
        return list(self._legal_now(seat))

    def _legal_now(self, seat: int) -> list[str]:
        """The legal actions, computed once per state (callers get copies)."""
        if seat != self.seat_to_act():
            return []
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._compute_legal(seat)
        return cached

    def apply(self, seat: int, action: str) -> None:
        if not well_formed(self, seat, action) or action not in self._legal_now(seat):
            raise IllegalAction(Msg("core.error.illegal"))
        self._legal = {}
        self._pending = None
        kind, _, arg = action.partition(":")
        handler = getattr(self, f"_do_{self.step[0]}")
        handler(seat, kind, arg)

    # --- legal actions -------------------------------------------------------------------------
    def _compute_legal(self, seat: int) -> list[str]:
        kind = self.step[0]
        if kind == "tile":
            spec = self.revealed[0]
            return [f"tile:{data.CODES[i]}" for i in self.archipelago.placements(
                isinstance(spec, data.IslandSpec))]
        if kind == "character":
            return [f"char:{c}" for c in self.free_characters(seat)]
        if kind == "plan":
            return [f"plan:{a}" for a in self.plannable(seat)]
        if kind == "act":
            return self._turn_options(seat)
        if kind == "govern":
            return [f"to:{a}" for a in data.ACTIONS if a != self.step[2]] + ["back"]
        if kind == "sail":
            return [*self.sail_choices(seat), "back"]
        if kind == "hut":
            out = [f"hut:{data.CODES[s]}" for s in self.hut_options(seat)]
            if self.dike_options(seat):
                out.append("nohut")
            return [*out, "back"]
        if kind == "dike":
            out = [f"dike:{data.CODES[s]}:{d}" for s, d in self.dike_options(seat)]
            return [*out, "nodike"] if self.step[2] else [*out, "back"]
        if kind == "export":
            return [*self.export_choices(seat), "back"]
        if kind == "draw":
            return [f"draw:{data.CODES[s]}" for s in self.draw_options(seat)] + ["back"]
        if kind == "tourist":
            return [*self.tourist_choices(seat), "back"]
        return []

    # --- applying: tiles, characters, planning -----------------------------------------------
    def _do_tile(self, seat: int, kind: str, arg: str) -> None:
        self._changed()
        spec = self.revealed.pop(0)
        space = data.SPACE_OF[arg]
        if isinstance(spec, data.IslandSpec):
            island = Island(spec)
            self.archipelago.tiles[space] = island
            self._stock_island(island)
        else:
            self.archipelago.tiles[space] = Sea(spec.fish, spec.treasure)
        tile = Msg("vanuatu.brief.island", island=self.name(space), code=arg) if isinstance(
            spec, data.IslandSpec) else self.name(space)
        self._say(Msg("vanuatu.tile.placed", player=PlayerRef(seat), tile=tile), cause=seat)
        for side in self._touching(space):  # one neighbour a line: details
            self._say(Msg("vanuatu.tile.touches", side=side), FULL, cause=seat)
        if not self.revealed:
            self._after_tiles()

    def _touching(self, space: int) -> list[Msg]:
        return [Msg("vanuatu.side", direction=direction_msg(d), place=self.name(j))
                for d, j in data.NEIGHBOURS[space] if self.archipelago.tiles[j] is not None]

    def _do_character(self, seat: int, kind: str, arg: str) -> None:
        player = self.players[seat]
        old = player.character
        player.character = arg
        self.last_round_characters.add(arg)
        self.events.append(said.character_taken(seat, arg))
        if old:
            self.events.append(said.character_returned(seat, old))
        self.cursor += 1
        if self.cursor < len(self.order):
            self.step = ("character", self.order[self.cursor])
        else:
            for character in self.offered:
                self.powers_said[character] = self.powers_said.get(character, 0) + 1
            self._say(Msg("vanuatu.character.all", players=[
                Msg("vanuatu.character.one", player=PlayerRef(s),
                    character=character_msg(self.players[s].character or ""))
                for s in self.order]))
            self._start_planning()

    def _do_plan(self, seat: int, kind: str, arg: str) -> None:
        player = self.players[seat]
        player.markers -= 1
        self.markers[arg][seat] += 1
        self.events.append(said.planned(seat, arg, self.markers[arg][seat]))
        self.pass_placed += 1
        self.pass_spaces.append(arg)
        size = data.PLANNING_PASSES[self.pass_index]
        if self.pass_placed < size:
            return
        # the pass confirmed to its player in one sentence (each marker a detail)
        spaces = [a for a in data.ACTIONS if a in self.pass_spaces]
        placed = self._placed(seat, spaces)
        self._say(Msg("vanuatu.plan.pass", player=PlayerRef(seat), actions=placed), BRIEF,
                  to=seat, cause=seat)
        others = frozenset(range(len(self.players))) - {seat}  # and spectators: as it comes
        self.events.append(Event(Msg("vanuatu.plan.pass_by", player=PlayerRef(seat),
                                     actions=placed), others, NORMAL, seat, spectators=True))
        self.pass_placed = 0
        self.pass_spaces = []
        self.cursor += 1
        if self.cursor == len(self.order):
            self.cursor = 0
            self.pass_index += 1
            if self.pass_index == len(data.PLANNING_PASSES):
                self._start_actions()
                return
        self.step = ("plan", self.order[self.cursor])

    # --- labels ----------------------------------------------------------------------------------
    def describe(self, seat: int, action: str) -> Msg:
        from a11y_games.games.vanuatu.summary import describe
        return describe(self, seat, action)

    def asks_with(self, seat: int, action: str) -> bool:
        """An action and its place asked as one question ("Hut on Efate: 1 vatu" in the
        action menu), when the place has at most ``WITH_PLACES`` answers; the steps stay
        two (bots, saves and the network play them as before)."""
        kind, _, arg = action.partition(":")
        if kind == "nohut":  # "Dike only": each dike an entry too
            return 1 <= len(self.dike_options(seat)) <= WITH_PLACES
        if kind != "act" or arg not in WITH_PLACES_OF:
            return False
        return 1 <= self._places(seat, arg) <= WITH_PLACES

    def _places(self, seat: int, action: str) -> int:
        """How many answers the question of ``action``'s place would have."""
        if action == "sail":
            return len(self.sail_choices(seat))
        if action == "build":  # each hut, and each dike (or "Dike only") without a hut
            huts, dikes = len(self.hut_options(seat)), len(self.dike_options(seat))
            return huts + (dikes if not huts or dikes <= WITH_PLACES else 1)
        if action == "export":
            return len(self.export_choices(seat))
        if action == "draw":
            return len(self.draw_options(seat))
        return len(self.tourist_choices(seat))

    def describe_with(self, seat: int, action: str, then: str) -> Msg:
        from a11y_games.games.vanuatu.summary import describe_with
        return describe_with(self, seat, then)

    # --- what a seat may know ----------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        """Everything public, plus this seat's own rest token. Never the stacks' order."""
        return {
            "seat": seat, "round": self.round, "phase": self.phase, "step": self.step,
            "first": self.first, "order": list(self.order), "rising": self.rising,
            "board": self._public_board(), "countdown": self.countdown,
            "players": [(p.vatu, p.pp, p.boat, p.huts, tuple(p.fish), tuple(p.treasures),
                         p.character, p.power_used, p.markers) for p in self.players],
            "rest": self.players[seat].rest,
            "markers": {a: c[:] for a, c in self.markers.items()},
            "neutral": dict(self.neutral), "offered": list(self.offered),
            "ships": [(s.wants, tuple(s.loaded)) for s in self.ships],
            "reserve": dict(self.reserve), "fish_price": self.fish_price,
            "tourists_left": self.tourists_left, "dikes": self.dikes,
            "revealed": list(self.revealed),
        }

    def _public_board(self) -> Board:
        """A copy of the archipelago, made once between changes (planning changes nothing)."""
        if self._board_copy is None:
            self._board_copy = self.archipelago.copy()
        return self._board_copy

    def status(self, seat: int | None) -> list[Msg]:
        from a11y_games.games.vanuatu.summary import status
        return status(self, seat)

    def board(self, seat: int | None, topic: str = "") -> list[Msg]:
        from a11y_games.games.vanuatu.summary import board
        return board(self, seat, topic)

    def board_topics(self) -> tuple[Topic, ...]:
        from a11y_games.games.vanuatu.summary import TOPICS
        return TOPICS

    def private(self, seat: int) -> list[Msg]:
        from a11y_games.games.vanuatu.summary import private
        return private(self, seat)

    def queries(self) -> list[Query]:
        from a11y_games.games.vanuatu.summary import queries
        return queries()
