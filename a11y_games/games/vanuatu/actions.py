"""The action turn: what a player may do now, and doing it (VA-11, VA-13, VA-20 to VA-29,
VA-55)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from a11y_games.engine import Event, Msg, PlayerRef, Verbosity
from a11y_games.games.vanuatu import data
from a11y_games.games.vanuatu import events as said
from a11y_games.games.vanuatu.board import Board, Island, Sea
from a11y_games.games.vanuatu.names import action_msg, direction_msg, good_msg

__all__ = ["ActionTurn"]

NORMAL, FULL = Verbosity.NORMAL, Verbosity.FULL
HAUL_POWERS = {"fish": "fisherman", "dive": "diver"}
"""Hauls a power may add to: the player chooses the haul worth it (``act:fish:power``)."""
_HAULS = {"fish": ("fish", "fish", "vanuatu.fish.caught", "vanuatu.fish.value"),
          "dive": ("treasure", "treasures", "vanuatu.dive.found", "vanuatu.dive.value")}
"""Fishing and diving: the sea's pile, the player's list, what is said (in one sentence
``<taken>_worth`` at normal; the deed, then its worth, details), and its worth."""


class ActionTurn:
    """The options of the action phase and their effects; mixed into the game state, which
    provides the attributes and helpers named below."""

    archipelago: Board
    players: list[Any]
    markers: dict[str, list[int]]
    ships: list[Any]
    reserve: dict[str, int]
    step: tuple[Any, ...]
    acting: str | None
    winners: frozenset[int] | None
    fish_price: int
    tourists_left: int
    dikes: int
    rising: bool
    two_players: bool
    rest_pool: list[str]
    _areas: dict[int, tuple[list[Sea], dict[int, Island]]]
    _plannable: dict[tuple[int, frozenset[str]], list[str]]
    events: list[Event]
    _say: Callable[..., None]
    name: Callable[[int], Msg | str]
    reach: Callable[[int], dict[int, int]]
    holder: Callable[[str], int | None]
    _gain_vatu: Callable[[int, int], None]
    _pay: Callable[[int, int], None]
    _count_action: Callable[[], None]
    _next_actor: Callable[[], None]
    _changed: Callable[[], None]

    def free_characters(self, seat: int) -> list[str]:
        """Characters nobody else holds, and not one's own of last round (VA-11); with two
        players, only the 5 offered this round (VA-60)."""
        held = {p.character for p in self.players}
        return [c for c in self.offered if c not in held]

    def plannable(self, seat: int) -> list[str]:
        """Actions ``seat`` could perform given the boat and what is planned (VA-12).

        **Decision (ours):** money is not checked when planning (it changes during the
        round); a planned Sail lets every sea space within 3 count as a position.
        """
        planned = frozenset(a for a in data.ACTIONS if self.markers[a][seat])
        key = (seat, planned)
        found = self._plannable.get(key)
        if found is None:
            found = self._plannable[key] = self._plannable_now(seat, planned)
        return found

    def _plannable_now(self, seat: int, planned: frozenset[str]) -> list[str]:
        player = self.players[seat]
        reach = self.reach(player.boat)
        seas, near = self._area(player.boat, "sail" in planned)
        out = []
        for action in data.ACTIONS:
            if action in planned:
                out.append(action)
                continue
            ok = False
            if action == "sail":
                ok = bool(reach)
            elif action == "fish":
                ok = any(s.fish for s in seas)
            elif action == "dive":
                ok = any(s.treasure for s in seas)
            elif action == "sell":
                has_fish = bool(player.fish) or "fish" in planned
                ok = has_fish and (player.character == "vendor" or "build" in planned
                                   or any(seat in i.huts for i in near.values()))
            elif action == "build":
                ok = (player.huts > 0 and any(i.free_huts for i in near.values())) or (
                    self.rising and self.dikes > 0
                    and any(self.archipelago.open_sides(i) for i in near))
            elif action == "export":
                ok = any(i.goods_total() for i in near.values())
            elif action == "draw":
                ok = any(i.free_drawings for i in near.values())
            elif action == "tourist":
                ok = self.tourists_left > 0 and any(
                    i.room for _, i in self.archipelago.live_islands())
            elif action == "rest":
                ok = True
            if ok:
                out.append(action)
        return out

    def _area(self, boat: int, sailing: bool) -> tuple[list[Sea], dict[int, Island]]:
        """The seas a boat may use and the islands it may be next to, this round (cached
        while the map is unchanged)."""
        key = boat * 2 + sailing
        found = self._areas.get(key)
        if found is None:
            positions = [boat, *self.reach(boat)] if sailing else [boat]
            seas = [t for t in (self.archipelago.sea(s) for s in positions) if t is not None]
            near: dict[int, Island] = {}
            for s in positions:
                for i, island in self.archipelago.islands_near(s):
                    near[i] = island
            found = self._areas[key] = (seas, near)
        return found

    def _power(self, seat: int, character: str) -> bool:
        player = self.players[seat]
        return player.character == character and not player.power_used

    def can_perform(self, seat: int, action: str) -> bool:
        """Whether ``seat`` could perform ``action`` right now (position, money, stock)."""
        player = self.players[seat]
        here = self.archipelago.sea(player.boat)
        if action == "sail":
            return bool(self.sail_options(seat))
        if action == "fish":
            return here is not None and here.fish > 0
        if action == "dive":
            return here is not None and here.treasure > 0
        if action == "sell":
            return bool(player.fish) and (self._power(seat, "vendor") or any(
                seat in i.huts for _, i in self.archipelago.islands_near(player.boat)))
        if action == "build":
            return bool(self.hut_options(seat) or self.dike_options(seat))
        if action == "export":
            return bool(self.export_options(seat))
        if action == "draw":
            return bool(self.draw_options(seat))
        if action == "tourist":
            return bool(self.tourist_options())
        return action == "rest"

    def sail_options(self, seat: int) -> list[tuple[int, int]]:
        player = self.players[seat]
        free = self._power(seat, "navigator")
        taken = {p.boat for p in self.players} if self.two_players else set()
        return [(s, d) for s, d in sorted(self.reach(player.boat).items())
                if (free or d * data.SAIL_COST <= player.vatu) and s not in taken]

    # A power whose worth depends on when it is spent is the player's choice: each answer
    # it could improve comes twice, plain and with ``:power`` (Navigator, Fisherman, Diver,
    # Buyer, Guide). Builder, Artist and Vendor always gain the same: spent when they apply.
    def sail_choices(self, seat: int) -> list[str]:
        """Each sea in reach: paying (if affordable), or free by the Navigator's power."""
        vatu = self.players[seat].vatu
        free = self._power(seat, "navigator")
        out = []
        for s, d in self.sail_options(seat):
            if d * data.SAIL_COST <= vatu:
                out.append(f"sail:{data.CODES[s]}")
            if free:
                out.append(f"sail:{data.CODES[s]}:power")
        return out

    def export_choices(self, seat: int) -> list[str]:
        """Each good to export; with the Buyer's power, a second one free from the reserve."""
        buyer = self._power(seat, "buyer")
        out = []
        for s, g in self.export_options(seat):
            out.append(f"export:{data.CODES[s]}:{g}")
            if buyer and self.reserve[g]:
                out.append(f"export:{data.CODES[s]}:{g}:power")
        return out

    def tourist_choices(self, seat: int) -> list[str]:
        """Each island with room; with the Guide's power, also scoring its drawings."""
        guide = self._power(seat, "guide")
        out = []
        for s in self.tourist_options():
            out.append(f"tourist:{data.CODES[s]}")
            island = self.archipelago.island(s)
            if guide and island is not None and island.drawings:
                out.append(f"tourist:{data.CODES[s]}:power")
        return out

    def hut_cost(self, seat: int) -> int:
        return data.BUILDER_HUT_COST if self._power(seat, "builder") else data.HUT_COST

    def hut_options(self, seat: int) -> list[int]:
        player = self.players[seat]
        if player.huts == 0 or player.vatu < self.hut_cost(seat):
            return []
        return [s for s, i in self.archipelago.islands_near(player.boat) if i.free_huts]

    def dike_options(self, seat: int) -> list[tuple[int, int]]:
        player = self.players[seat]
        if not self.rising or self.dikes == 0 or player.vatu < data.DIKE_COST:
            return []
        return [(s, d) for s, _ in self.archipelago.islands_near(player.boat)
                for d in self.archipelago.open_sides(s)]

    def export_options(self, seat: int) -> list[tuple[int, str]]:
        player = self.players[seat]
        return [(s, g) for s, i in self.archipelago.islands_near(player.boat) for g in data.GOODS
                if i.goods[g] and data.EXPORT_PRICE[g] <= player.vatu]

    def draw_options(self, seat: int) -> list[int]:
        return [s for s, i in self.archipelago.islands_near(self.players[seat].boat)
                if i.free_drawings]

    def tourist_options(self) -> list[int]:
        if not self.tourists_left:
            return []
        return [s for s, i in self.archipelago.live_islands() if i.room]

    def _turn_options(self, seat: int) -> list[str]:
        player = self.players[seat]
        mine = [a for a in data.ACTIONS if self.markers[a][seat]]
        won = [a for a in mine if self.holder(a) == seat]
        out = []
        for action in won:
            out.append(f"act:{action}" if self.can_perform(seat, action) else f"drop:{action}")
            if action in HAUL_POWERS and self._power(seat, HAUL_POWERS[action]) \
                    and self.can_perform(seat, action):
                out.append(f"act:{action}:power")
        if not won:
            out += [f"drop:{a}" for a in mine]
            if self._power(seat, "preacher"):
                out += [f"preach:{a}" for a in mine if self.can_perform(seat, a)]
        if self._power(seat, "governor"):
            out += [f"govern:{a}" for a in mine]
        if self._power(seat, "beggar"):
            out += [f"beg:{n}" for n in range(1, min(data.BEGGAR_MAX, player.pp) + 1)]
        out += [f"treasure:{v}" for v in sorted(set(player.treasures))]
        return out

    # --- applying: the action turn -------------------------------------------------------------
    def _do_act(self, seat: int, kind: str, arg: str) -> None:
        player = self.players[seat]
        if kind == "treasure":
            value = int(arg)
            player.treasures.remove(value)
            self._say(Msg("vanuatu.treasure.sold", player=PlayerRef(seat), count=value),
                      cause=seat)
            self._gain_vatu(seat, value)
            return
        if kind == "beg":
            n = int(arg)
            player.power_used = True
            player.pp -= n
            self._say(Msg("vanuatu.power.beggar_used", player=PlayerRef(seat), count=n),
                      cause=seat)
            self._gain_vatu(seat, n)
            return
        if kind == "drop":
            count = self.markers[arg][seat]
            # the seat's only answer: no decision, a detail to the others
            forced = self._turn_options(seat) == [f"drop:{arg}"]
            self.markers[arg][seat] = 0
            self.events.extend(said.dropped(seat, arg, count, forced, len(self.players)))
            self._next_actor()
            return
        if kind == "govern":
            self.step = ("govern", seat, arg)
            return
        action, _, use = arg.partition(":")
        self._begin(seat, action, power=use == "power")

    def _do_govern(self, seat: int, kind: str, arg: str) -> None:
        if kind == "back":
            self.step = ("act", seat)
            return
        source = self.step[2]
        count = self.markers[source][seat]
        self.markers[source][seat] = 0
        self.markers[arg][seat] += count
        self.players[seat].power_used = True
        self._say(Msg("vanuatu.power.governor_used", player=PlayerRef(seat)), cause=seat)
        self._say(Msg("vanuatu.power.governor_from", action=action_msg(source), count=count),
                  cause=seat)
        self._say(Msg("vanuatu.power.governor_to", action=action_msg(arg)), cause=seat)
        self._next_actor()

    def _begin(self, seat: int, action: str, *, power: bool = False) -> None:
        """Start performing ``action``: immediate ones now, the others through a menu.
        ``power``: the Fisherman or the Diver spends the power on this haul."""
        self.acting = action
        player = self.players[seat]
        if action in ("fish", "dive", "sell", "rest"):
            self._announce(seat)
        if action == "sail":
            self.step = ("sail", seat)
        elif action == "build":
            self.step = ("hut", seat) if self.hut_options(seat) else ("dike", seat, False)
        elif action in ("export", "draw", "tourist"):
            self.step = (action, seat)
        elif action == "fish":
            value = self._haul(seat, "fish")
            if power:
                player.power_used = True
                player.pp += value
                self._say(Msg("vanuatu.power.fisherman_used", player=PlayerRef(seat),
                              count=value), cause=seat)
            self._finish(seat)
        elif action == "dive":
            value = self._haul(seat, "dive")
            if power:
                player.power_used = True
                self._say(Msg("vanuatu.power.diver_used", player=PlayerRef(seat),
                              count=value), cause=seat)
                self._gain_vatu(seat, value)
            self._finish(seat)
        elif action == "sell":
            if not any(seat in i.huts for _, i in self.archipelago.islands_near(player.boat)):
                player.power_used = True  # the Vendor sells without a hut
                self._say(Msg("vanuatu.power.vendor_used", player=PlayerRef(seat)), FULL,
                          cause=seat)  # a detail: the sale's own line follows
            total = sum(player.fish)
            earned = total * self.fish_price
            self._say(Msg("vanuatu.fish.sold", player=PlayerRef(seat), count=earned),
                      cause=seat)
            self._say(Msg("vanuatu.fish.sold_value", fish=total, price=self.fish_price),
                      cause=seat)
            player.fish.clear()
            self.fish_price = max(data.FISH_PRICE_MIN, self.fish_price - 1)
            self._gain_vatu(seat, earned)
            self._finish(seat)
        else:  # rest
            if self.rest_pool:
                token = self.rest_pool.pop()
                player.rest = token
                self.events += (*said.rest_taken(seat, len(self.players)),
                                said.rest_yours(seat, token))
            else:
                self._say(Msg("vanuatu.rest.none", player=PlayerRef(seat)), cause=seat)
            self._finish(seat)

    def _haul(self, seat: int, action: str) -> int:
        """Fish or dive where the boat is: the top fish or treasure of that sea goes to the
        player, and is said. Returns its value."""
        pile, kept, taken, worth = _HAULS[action]
        player = self.players[seat]
        sea = self.archipelago.sea(player.boat)
        assert sea is not None
        value = getattr(sea, pile)
        setattr(sea, pile, value - 1)
        getattr(player, kept).append(value)
        place = data.CODES[player.boat]  # "B2": always a sea, as in the sail menu
        self._say(Msg(f"{taken}_worth", player=PlayerRef(seat), place=place, worth=value),
                  cause=seat)
        self._say(Msg(taken, player=PlayerRef(seat), place=place), FULL, cause=seat)
        self._say(Msg(worth, count=value), FULL, cause=seat)
        return value

    def _announce(self, seat: int) -> None:
        """Say who won the majority being acted on, once the action is really under way."""
        action = self.acting
        assert action is not None
        if self.holder(action) == seat:
            self.events.extend(said.majority(seat, action, self.markers[action][seat]))

    def _finish(self, seat: int) -> None:
        """The action is done: take back the stack, count it for the water, next player."""
        self._changed()
        action = self.acting
        assert action is not None
        if self.holder(action) != seat:  # no majority: the Preacher acted anyway
            self.players[seat].power_used = True
            self._say(Msg("vanuatu.power.preacher_used", player=PlayerRef(seat)), cause=seat)
            self._say(Msg("vanuatu.power.preacher_action", action=action_msg(action)), FULL,
                      cause=seat)
        self.markers[action][seat] = 0
        self.acting = None
        self._count_action()
        if self.winners is not None:
            return
        self._next_actor()

    def _do_sail(self, seat: int, kind: str, arg: str) -> None:
        if kind == "back":
            self.step = ("act", seat)
            return
        self._announce(seat)
        player = self.players[seat]
        code, _, use = arg.partition(":")
        target = data.SPACE_OF[code]
        steps = self.reach(player.boat)[target]
        cost = 0 if use == "power" else steps * data.SAIL_COST
        if cost == 0:
            player.power_used = True
            self._say(Msg("vanuatu.power.navigator_used", player=PlayerRef(seat)), FULL,
                      cause=seat)  # a detail, as a sail's cost
        self._pay(seat, cost)
        player.boat = target
        self._say(Msg("vanuatu.sail.done", player=PlayerRef(seat),
                      place=data.CODES[target]), cause=seat)  # always a sea: "to B2"
        self._say(Msg("vanuatu.sail.cost", count=steps, cost=cost), FULL, cause=seat)
        self._finish(seat)

    def _do_hut(self, seat: int, kind: str, arg: str) -> None:
        if kind == "back":
            self.step = ("act", seat)
            return
        if kind == "hut":
            self._announce(seat)
            player = self.players[seat]
            space = data.SPACE_OF[arg]
            island = self.archipelago.island(space)
            assert island is not None
            cost = self.hut_cost(seat)
            if cost != data.HUT_COST:
                player.power_used = True
            self._pay(seat, cost)
            player.huts -= 1
            island.huts.append(seat)
            self._changed()
            self._say(Msg("vanuatu.build.hut", player=PlayerRef(seat), island=island.name),
                      cause=seat)
            self.events.append(said.cost(seat, cost))
            if self.dike_options(seat):
                self.step = ("dike", seat, True)
                return
            self._finish(seat)
            return
        self.step = ("dike", seat, False)

    def _do_dike(self, seat: int, kind: str, arg: str) -> None:
        if kind == "back":
            self.step = ("act", seat)
            return
        if not self.step[2]:  # no hut came first: the build starts here
            self._announce(seat)
        if kind == "dike":
            code, _, d = arg.partition(":")
            space = data.SPACE_OF[code]
            island = self.archipelago.island(space)
            assert island is not None
            island.dikes.add(int(d))
            self.dikes -= 1
            self._pay(seat, data.DIKE_COST)
            self._say(Msg("vanuatu.build.dike", player=PlayerRef(seat), island=island.name),
                      cause=seat)
            self._say(Msg("vanuatu.build.dike_side", direction=direction_msg(int(d))), FULL,
                      cause=seat)
            self.events.append(said.cost(seat, data.DIKE_COST))
        self._finish(seat)

    def _do_export(self, seat: int, kind: str, arg: str) -> None:
        if kind == "back":
            self.step = ("act", seat)
            return
        self._announce(seat)
        code, good, *use = arg.split(":")
        island = self.archipelago.island(data.SPACE_OF[code])
        assert island is not None
        island.goods[good] -= 1
        self._pay(seat, data.EXPORT_PRICE[good])
        wanted = any(not s.complete and s.needs(good) for s in self.ships)
        if wanted:  # one sentence; the purchase and the loading are details
            self._say(Msg("vanuatu.export.shipped", player=PlayerRef(seat), good=good_msg(good),
                          count=data.EXPORT_PP[good]), cause=seat)  # where: a detail
        level = FULL if wanted else NORMAL
        self._say(Msg("vanuatu.export.bought", player=PlayerRef(seat), good=good_msg(good),
                      island=island.name), level, cause=seat)
        self.events.append(said.cost(seat, data.EXPORT_PRICE[good]))
        self._ship(seat, good, level)
        if use:  # the Buyer's power: a second one, free, from the reserve
            self.players[seat].power_used = True
            self.reserve[good] -= 1
            self._say(Msg("vanuatu.power.buyer_used", player=PlayerRef(seat),
                          good=good_msg(good)), cause=seat)
            self._ship(seat, good)
        self._finish(seat)

    def _ship(self, seat: int, good: str, level: Verbosity = NORMAL) -> None:
        """Load a good on the first displayed ship that needs it (VA-25); the loading said
        at ``level`` (a detail when the export's sentence said it)."""
        player = self.players[seat]
        for ship in self.ships:
            if not ship.complete and ship.needs(good):
                ship.loaded.append(good)
                player.pp += data.EXPORT_PP[good]
                self._say(Msg("vanuatu.export.loaded", player=PlayerRef(seat),
                              good=good_msg(good), count=data.EXPORT_PP[good]), level,
                          cause=seat)
                if ship.complete:
                    player.pp += data.SHIP_BONUS_PP
                    self._say(Msg("vanuatu.export.complete", player=PlayerRef(seat),
                                  count=data.SHIP_BONUS_PP), cause=seat)
                return
        self.reserve[good] += 1
        self._say(Msg("vanuatu.export.unwanted", good=good_msg(good)), cause=seat)

    def _do_draw(self, seat: int, kind: str, arg: str) -> None:
        if kind == "back":
            self.step = ("act", seat)
            return
        self._announce(seat)
        island = self.archipelago.island(data.SPACE_OF[arg])
        assert island is not None
        player = self.players[seat]
        pp = data.DRAWING_PP
        if self._power(seat, "artist"):
            player.power_used = True
            pp = data.ARTIST_DRAWING_PP
        island.drawings.append(seat)
        player.pp += pp
        self._say(Msg("vanuatu.draw.done", player=PlayerRef(seat), island=island.name,
                      count=pp), cause=seat)
        self._finish(seat)

    def _do_tourist(self, seat: int, kind: str, arg: str) -> None:
        if kind == "back":
            self.step = ("act", seat)
            return
        self._announce(seat)
        code, _, use = arg.partition(":")
        island = self.archipelago.island(data.SPACE_OF[code])
        assert island is not None
        self.tourists_left -= 1
        island.tourists += 1
        earned = len(island.huts)
        # one sentence ("Erakor brings a tourist to Efate: 2 vatu."); its halves details
        self._say(Msg("vanuatu.tourist.brought_earned", player=PlayerRef(seat),
                      island=island.name, count=earned), cause=seat)
        self._say(Msg("vanuatu.tourist.brought", player=PlayerRef(seat), island=island.name),
                  FULL, cause=seat)
        self._say(Msg("vanuatu.tourist.earned", count=earned), FULL, cause=seat)
        if use and island.drawings:  # the Guide's power
            self.players[seat].power_used = True
            pp = data.GUIDE_PP_PER_DRAWING * len(island.drawings)
            self.players[seat].pp += pp
            self._say(Msg("vanuatu.power.guide_used", player=PlayerRef(seat), count=pp),
                      cause=seat)
        self._gain_vatu(seat, earned)
        self._finish(seat)
