"""Vanuatu's normal bot: plans majorities it can win, sails to fish and sell, builds where
tourists come, and keeps the archipelago afloat: it dikes first the islands the table must
keep (the cheapest to save), keeps a vatu for a dike while the table is short of them, and
plans Build behind another player's stack when the others' dikes are not enough.

It reads only its observation (the public table and its own rest token).
"""

from __future__ import annotations

import math
import random
from typing import Any

from a11y_games.games.vanuatu import data
from a11y_games.games.vanuatu.board import Board, Island

__all__ = ["NormalBot"]

VATU = 0.5  # one vatu is worth about half a PP (10 vatu make 5 PP)
POWER_KEEP = 1.5
"""What an unspent power is still worth (PP): a power is spent only on a gain above it
(the Navigator on a sail of 2 spaces or more, the Fisherman on 2 fish or more...)."""
SINKING = (1.0, 2.0, 5.0)
"""How much the table's survival weighs on a dike with 0, 1 or 2 islands drowned (the
third loses the game for everybody)."""
ISLANDS = 1 + sum(isinstance(spec, data.IslandSpec) for _, spec in data.TILES)
"""Islands in a whole game: Efate and the lettered ones (all placed by round 5)."""
RESCUE = 5.0
"""What a dike is worth (PP) on an island the table must keep: the cheapest islands to
save, as many as the sea may not take (three drowned and everybody loses). A lost table is
every seat's loss, whoever builds the dikes."""
COMING_RISK = 0.5
"""The chance reckoned that an island still to come will drown."""
GENERAL = 5.0
"""What a dike is worth (PP) on any island at risk, before its cost to save and the
table's count of drowned islands."""
KEEP_VATU = 1
"""Vatu a seat keeps for dikes while the table is short of them."""
RESERVE_PP = 3.0
"""What spending a vatu kept for a dike costs (PP)."""
LATE_DIKE = 0.6
"""A marker behind another player's stack on Build still builds a dike once that stack is
gone (20 dikes: a dike is not taken first): its share of the dike's worth."""
CHARACTER_TASTE = ("artist", "fisherman", "builder", "navigator", "buyer", "diver", "guide",
                   "vendor", "preacher", "governor", "beggar")
"""The characters that serve most rounds, best first: a tie-breaker beside what each
brings this round."""
BID_DECAY = 0.6
"""Each marker already on a space makes one more there worth less: a bid is limited by
what the action is worth, not pushed for ever against a rival."""


class View:
    """The observation unpacked, with a few questions a player would ask of the table."""

    def __init__(self, obs: dict[str, Any]) -> None:
        self.obs = obs
        self.seat: int = obs["seat"]
        self.board: Board = obs["board"]
        (self.vatu, self.pp, self.boat, self.huts, self.fish, self.treasures,
         self.character, self.power_used, self.markers_left) = obs["players"][self.seat]
        self.markers: dict[str, list[int]] = obs["markers"]
        self.order: list[int] = obs["order"]
        self.rising: bool = obs["rising"]
        self._rescue: dict[int, float] | None = None

    def power(self, character: str) -> bool:
        return self.character == character and not self.power_used

    def rises_left(self) -> int:
        """Rises still to come, counting this round's if it has not happened yet."""
        rnd = self.obs["round"]
        later = sum(1 for r in data.WATER_ROUNDS if r > rnd)
        if rnd in data.WATER_ROUNDS and self.obs["countdown"]:
            later += 1
        return later if self.rising else 0

    def danger(self, space: int, island: Island) -> float:
        """How close an island is to drowning: 0 safe, above 1 submerged by the end."""
        rises = self.rises_left()
        if not rises or island.submerged:
            return 0.0
        open_sides = len(self.board.open_sides(space))
        if not open_sides:
            return 0.0
        soon = island.water + open_sides >= data.SUBMERGE_AT
        final = island.water + open_sides * rises
        return (2.0 if soon else 0.0) + final / data.SUBMERGE_AT

    def drowned(self) -> int:
        return sum(1 for _, i in self.board.islands() if i.submerged)

    def wanted(self, good: str) -> bool:
        return any(wants.count(good) > loaded.count(good) for wants, loaded in self.obs["ships"])

    def completes(self, good: str) -> bool:
        for wants, loaded in self.obs["ships"]:
            if wants.count(good) > loaded.count(good):
                return len(loaded) == len(wants) - 1
        return False

    def reachable(self) -> list[int]:
        """Seas the boat can afford to reach in one sail."""
        free = self.character == "navigator" and not self.power_used
        return [s for s, d in self.board.reach(self.boat).items()
                if free or d * data.SAIL_COST <= self.vatu]

    def positions(self, planned: set[str]) -> list[int]:
        if "sail" in planned:
            return [self.boat, *self.reachable()]
        return [self.boat]

    # --- what a place is worth ---------------------------------------------------------------
    def spot_value(self, space: int, planned: set[str]) -> float:
        """What the boat could do on ``space`` with the actions planned (or any, if none)."""
        want = planned or set(data.ACTIONS)
        sea = self.board.sea(space)
        value = 0.0
        if sea is not None:
            if "fish" in want:
                value = max(value, sea.fish * 1.2 + (sea.fish if self.power("fisherman") else 0))
            if "dive" in want:
                value = max(value, sea.treasure * 2.0)
        for j, island in self.board.islands_near(space):
            if "build" in want and island.free_huts and self.huts:
                value = max(value, self.hut_value(j, island))
            if "build" in want and self.rising and self.dike_need(j, island) > 0:
                value = max(value, self.dike_need(j, island))
            if "draw" in want and island.free_drawings:
                value = max(value, 3.0)
            if "export" in want:
                for good in data.GOODS:
                    if island.goods[good] and self.wanted(good):
                        value = max(value, data.EXPORT_PP[good] - data.EXPORT_PRICE[good] * VATU)
            if "sell" in want and self.fish and (self.seat in island.huts
                                                  or self.power("vendor")):
                value = max(value, sum(self.fish) * self.obs["fish_price"] * VATU)
        return value

    def hut_value(self, space: int, island: Island) -> float:
        """A hut scores 2 PP per tourist there at the end, and opens fish sales."""
        rounds_left = data.ROUNDS - self.obs["round"]
        tourists = min(island.spec.capacity, island.tourists + 0.4 * rounds_left)
        risk = min(1.0, self.dikes_to_save(space, island) / 3.0)
        market = 1.0 if not any(self.seat in i.huts for _, i in self.board.islands()) else 0.0
        cost = data.HUT_COST if self.character != "builder" else 1
        return (data.END_PP_PER_TOURIST * tourists + market) * (1.0 - risk) - self.money(
            cost) - self.reserve(cost)

    def money(self, vatu: float) -> float:
        """What vatu are worth now: more when poor (dikes and huts need them)."""
        return vatu * (1.0 if self.vatu < 4 else VATU)

    def reserve(self, vatu: float) -> float:
        """What spending ``vatu`` costs beyond their worth: the vatu kept for the dikes the
        table is short of (a dike costs 1 vatu, and a seat without one cannot build it)."""
        if not self.rising or not self.rescue():
            return 0.0
        keep = min(KEEP_VATU, self.short())
        return max(0.0, keep - max(0.0, self.vatu - vatu)) * RESERVE_PP

    def dikes_to_save(self, space: int, island: Island) -> float:
        """Dikes still needed so that the island outlives the remaining rises (sides facing
        empty spaces count half: a sea tile may come there)."""
        rises = self.rises_left()
        if not rises or island.submerged:
            return 0.0
        open_sides = len(self.board.open_sides(space))
        empty = sum(1 for _, j in data.NEIGHBOURS[space] if self.board.tiles[j] is None)
        exposure = open_sides + 0.5 * empty * max(0, rises - 1) / max(1, rises)
        room = (data.SUBMERGE_AT - 1 - island.water) / rises  # sides it can bear
        return max(0.0, exposure - room)

    def rescue(self) -> dict[int, float]:
        """The islands the table must keep, by space, with the dikes each still needs.

        The sea may still take ``SUBMERGED_LOSS - 1 - drowned`` islands (islands still to
        come may take some of that room); the islands at risk beyond that many must be
        saved, and the cheapest to save (fewest dikes needed) are the ones to save. Every
        seat reads the same public table, so the normal bots agree on which.
        """
        if self._rescue is not None:
            return self._rescue
        self._rescue = {}
        if not self.rising or not self.rises_left():
            return self._rescue
        risky = sorted((c, j) for j, i in self.board.live_islands()
                       if (c := self.dikes_to_save(j, i)) > 0)
        coming = ISLANDS - len(self.board.islands())
        spare = data.SUBMERGED_LOSS - 1 - self.drowned() - COMING_RISK * coming
        for c, j in risky[:max(0, math.ceil(len(risky) - spare))]:
            self._rescue[j] = c
        return self._rescue

    def short(self) -> int:
        """Dikes the table is short of, on the islands it must keep."""
        return sum(math.ceil(c - 1e-6) for c in self.rescue().values())

    def dike_need(self, space: int, island: Island, others: int = 0) -> float:
        """How much a dike on this island is worth to this player: for the table (three
        drowned islands and everybody loses) and its own huts. Islands that a few dikes
        save come first, and the islands the table must keep (``rescue``) before all,
        unless ``others`` dikes coming from other seats already make up the shortfall."""
        if self.vatu + sum(self.treasures) < data.DIKE_COST or not self.obs["dikes"]:
            return 0.0
        needed = self.dikes_to_save(space, island)
        if needed <= 0:
            return 0.0
        mine = island.huts.count(self.seat)
        table = SINKING[min(self.drowned(), len(SINKING) - 1)]
        soon = self.obs["countdown"] and island.water + len(
            self.board.open_sides(space)) >= data.SUBMERGE_AT
        urgency = 1.5 if soon else 1.0
        rescue = RESCUE if space in self.rescue() and self.short() > others else 0.0
        return ((GENERAL + 1.5 * mine) * table / max(1.0, needed) ** 0.5 + rescue) * urgency

    def builders(self) -> int:
        """Other seats with markers on Build and a vatu for a dike: dikes coming anyway."""
        return sum(1 for s, counts in enumerate(self.markers["build"])
                   if s != self.seat and counts and self.obs["players"][s][0] >= data.DIKE_COST)

    def dike_value(self, planned: set[str], others: int = 0) -> float:
        """The best dike the boat could build this round, from where it may be."""
        if not self.rising or not self.obs["dikes"]:
            return 0.0
        return max((self.dike_need(j, i, others) for s in self.positions(planned)
                    for j, i in self.board.islands_near(s)), default=0.0)

    def action_value(self, action: str, planned: set[str]) -> float:
        """A rough PP value of performing ``action`` this round."""
        spots = self.positions(planned)
        if action == "sail":
            here = self.spot_value(self.boat, planned - {"sail"})
            best = max((self.spot_value(s, set()) for s in self.reachable()), default=0.0)
            return max(0.0, best - here) * 0.6 + (0.5 if self.power("navigator") else 0.0)
        if action == "fish":
            best = max((self.board.sea(s).fish for s in spots  # type: ignore[union-attr]
                        if self.board.sea(s) is not None), default=0)
            return best * 1.5 + (best if self.character == "fisherman" else 0)
        if action == "dive":
            best = max((self.board.sea(s).treasure for s in spots  # type: ignore[union-attr]
                        if self.board.sea(s) is not None), default=0)
            return best * 2.0 + (best * VATU if self.character == "diver" else 0)
        if action == "sell":
            fish = sum(self.fish) or (2 if "fish" in planned else 0)
            market = self.power("vendor") or any(
                self.seat in i.huts for s in self.reachable_or_here()
                for _, i in self.board.islands_near(s))
            # fish unsold are worth a third of a PP each at the end: a sale is worth more
            return fish * (self.obs["fish_price"] * VATU - 1 / data.END_VATU_PER_PP) + (
                1.0 if fish else 0.0) if market else 0.0
        if action == "build":
            best = 0.0
            for s in spots:
                for j, island in self.board.islands_near(s):
                    if island.free_huts and self.huts and (
                            self.vatu >= data.HUT_COST or (self.character == "builder"
                                                           and self.vatu >= 1)):
                        best = max(best, self.hut_value(j, island))
                    if self.rising and self.obs["dikes"]:
                        best = max(best, self.dike_need(j, island))
            return best
        if action == "export":
            best = 0.0
            for s in spots:
                for _, island in self.board.islands_near(s):
                    for good in data.GOODS:
                        if island.goods[good] and self.wanted(good) and (
                                self.vatu >= data.EXPORT_PRICE[good]):
                            gain = data.EXPORT_PP[good] - data.EXPORT_PRICE[good] * VATU - (
                                self.reserve(data.EXPORT_PRICE[good]))
                            if self.character == "buyer":
                                gain *= 2
                            best = max(best, gain + (2 if self.completes(good) else 0))
            return best
        if action == "draw":
            return data.ARTIST_DRAWING_PP if self.character == "artist" else data.DRAWING_PP
        if action == "tourist":
            best = 0.0
            for _, island in self.board.live_islands():
                if island.room:
                    mine = island.huts.count(self.seat)
                    best = max(best, len(island.huts) * VATU + mine * 2.0)
            return best
        return 0.5 + self.money(0.5)  # rest: on average half a vatu and half a PP

    def reachable_or_here(self) -> list[int]:
        return [self.boat, *self.reachable()]

    def character_value(self, character: str) -> float:
        """What a character's power would bring this round, from where the boat is and
        what the bot holds (a rough PP value), and for the table's survival: a navigator
        sails free to an island that needs dikes (the Builder's discount is for huts only)."""
        own = self._power_value(character)
        if character == "navigator" and self.rising and self.rises_left():
            need = max((self.dike_need(j, i) for j, i in self.board.live_islands()),
                       default=0.0)
            own += 0.4 * need
        return own

    def _power_value(self, character: str) -> float:
        seas = [self.board.sea(s) for s in self.reachable_or_here()]
        seas = [sea for sea in seas if sea is not None]
        near = [(j, i) for s in self.reachable_or_here() for j, i in self.board.islands_near(s)]
        if character == "navigator":
            return 1.0 + 0.5 * max((d for d in self.board.reach(self.boat).values()),
                                   default=0) * data.SAIL_COST * VATU
        if character == "fisherman":
            return float(max((sea.fish for sea in seas), default=0))
        if character == "diver":
            return max((sea.treasure for sea in seas), default=0) * VATU
        if character == "vendor":
            market = any(self.seat in i.huts for _, i in near)
            return sum(self.fish) * self.obs["fish_price"] * VATU * (0.3 if market else 1.0)
        if character == "builder":
            if not self.huts or not any(i.free_huts for _, i in near):
                return 0.0
            saved = (data.HUT_COST - data.BUILDER_HUT_COST) * VATU
            return saved + (2.0 if data.BUILDER_HUT_COST <= self.vatu < data.HUT_COST else 0.0)
        if character == "buyer":
            return max((data.EXPORT_PP[g] for _, i in near for g in data.GOODS
                        if i.goods[g] and self.wanted(g)
                        and self.vatu >= data.EXPORT_PRICE[g]), default=0) * 0.8
        if character == "artist":
            drawing = any(i.free_drawings for _, i in near)
            return float(data.ARTIST_DRAWING_PP - data.DRAWING_PP) if drawing else 0.0
        if character == "guide":
            if not self.obs["tourists_left"]:
                return 0.0
            return max((data.GUIDE_PP_PER_DRAWING * len(i.drawings) * 0.7
                        for _, i in self.board.live_islands() if i.room), default=0.0)
        if character == "beggar":
            return 1.5 if self.vatu < data.HUT_COST else 0.3
        return 1.0  # preacher, governor: a way out when a majority is lost

    def can_here(self, action: str, space: int | None = None) -> bool:
        """Whether ``action`` could be performed with the boat on ``space`` (default: here)."""
        where = self.boat if space is None else space
        sea = self.board.sea(where)
        near = self.board.islands_near(where)
        if action == "fish":
            return sea is not None and sea.fish > 0
        if action == "dive":
            return sea is not None and sea.treasure > 0
        if action == "sell":
            return bool(self.fish) and (self.power("vendor") or any(
                self.seat in i.huts for _, i in near))
        if action == "build":
            return any(i.free_huts and self.huts and self.vatu >= data.HUT_COST for _, i in near
                       ) or any(self.dike_need(j, i) > 0 for j, i in near)
        if action == "export":
            return any(i.goods[g] and self.vatu >= data.EXPORT_PRICE[g]
                       for _, i in near for g in data.GOODS)
        if action == "draw":
            return any(i.free_drawings for _, i in near)
        return True

    def need(self, action: str) -> int:
        """Markers needed on a space to hold its majority now (ties go to turn order)."""
        counts = self.markers[action]
        need = self.obs["neutral"][action] + 1
        rank = self.order.index(self.seat)
        for other in self.order:
            if other == self.seat or not counts[other]:
                continue
            earlier = self.order.index(other) < rank
            need = max(need, counts[other] + (1 if earlier else 0))
        return need


class NormalBot:
    """A greedy player that scores each legal choice from its observation only."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, observation: Any, legal: list[str]) -> str:
        view = View(observation)
        kind = observation["step"][0] if observation["step"] else ""
        scorer = getattr(self, f"_score_{kind}", None)
        if scorer is None:
            return self.rng.choice(legal)
        scored = [(scorer(view, action) + self.rng.random() * 0.01, action) for action in legal]
        return max(scored)[1]

    # --- one scorer per menu ---------------------------------------------------------------
    def _score_tile(self, view: View, action: str) -> float:
        space = data.SPACE_OF[action.split(":")[1]]
        spec = view.obs["revealed"][0]
        board = view.board
        near = [j for _, j in data.NEIGHBOURS[space]]
        if isinstance(spec, data.IslandSpec):
            # fewer sides that are or may become sea: less water
            return -sum(1.0 if board.sea(j) is not None else 0.7 for j in near
                        if board.island(j) is None)
        coasts = sum(1 for j in near if board.island(j) is not None
                     and not board.island(j).submerged)  # type: ignore[union-attr]
        near_boat = space in [j for _, j in data.NEIGHBOURS[view.boat]]
        return (0.5 if near_boat else 0.0) - (2.0 * coasts if view.rising else 0.0)

    def _score_character(self, view: View, action: str) -> float:
        character = action.split(":")[1]
        return view.character_value(character) + 0.4 * (
            len(CHARACTER_TASTE) - CHARACTER_TASTE.index(character))

    def _score_plan(self, view: View, action: str) -> float:
        space = action.split(":")[1]
        planned = {a for a in data.ACTIONS if view.markers[a][view.seat]}
        value = view.action_value(space, planned)
        mine = view.markers[space][view.seat]
        need = view.need(space)
        worth = value * BID_DECAY ** mine  # what one more marker here is still worth
        if mine >= need:
            return worth * 0.2  # already held: a marker more only guards it
        if mine + 1 >= need:
            return worth
        behind = worth * 0.3 / (need - mine)
        if space == "build" and not mine:  # one marker builds a dike once the others built
            return max(behind, view.dike_value(planned, view.builders()) * LATE_DIKE)
        return behind

    def _score_act(self, view: View, action: str) -> float:
        kind, _, space = action.partition(":")
        space, _, use = space.partition(":")
        planned = {a for a in data.ACTIONS if view.markers[a][view.seat]}
        if use:  # the Fisherman's or Diver's power on this haul
            sea = view.board.sea(view.boat)
            haul = 0 if sea is None else (sea.fish if space == "fish" else sea.treasure)
            gain = haul if space == "fish" else haul * VATU
            return 2.0 + view.action_value(space, planned - {"sail"}) + gain - POWER_KEEP
        if kind in ("act", "preach"):
            if space == "sail":
                stuck = [a for a in planned - {"sail"} if not view.can_here(a)]
                better = stuck and any(view.can_here(a, s) for a in stuck
                                       for s in view.reachable())
                return 5.0 if better else 0.3
            return 2.0 + view.action_value(space, planned - {"sail"})
        if kind == "treasure":
            # sell a treasure to pay for a dike the table needs now
            held = {a for a in planned if view.need(a) <= view.markers[a][view.seat]}
            dike = view.vatu < data.DIKE_COST and "build" in held and any(
                view.dike_need(j, i) > 0 for j, i in view.board.islands_near(view.boat))
            return 10.0 if dike else -5.0
        if kind == "drop":
            return -1.0 - view.markers[space][view.seat] * 0.1
        return -3.0  # beg, govern: rarely worth it

    def _score_sail(self, view: View, action: str) -> float:
        if action == "back":
            return -100.0
        _, code, *use = action.split(":")
        space = data.SPACE_OF[code]
        planned = {a for a in data.ACTIONS if view.markers[a][view.seat]} - {"sail"}
        if use:  # free by the Navigator's power
            return view.spot_value(space, planned) - POWER_KEEP * VATU
        steps = view.board.reach(view.boat)[space]
        return view.spot_value(space, planned) - steps * VATU - view.reserve(steps)

    def _score_hut(self, view: View, action: str) -> float:
        if action == "back":
            return -100.0
        if action == "nohut":
            return 0.0
        space = data.SPACE_OF[action.split(":")[1]]
        island = view.board.island(space)
        assert island is not None
        value = view.hut_value(space, island)
        cost = data.HUT_COST if view.character != "builder" else data.BUILDER_HUT_COST
        if view.vatu - cost < data.DIKE_COST:  # the dike that follows a hut needs a vatu more
            value -= view.dike_value(set())
        return value

    def _score_dike(self, view: View, action: str) -> float:
        if action in ("back", "nodike"):
            return 0.5 if action == "nodike" else -100.0
        _, code, _ = action.split(":")
        space = data.SPACE_OF[code]
        island = view.board.island(space)
        assert island is not None
        return view.dike_need(space, island)

    def _score_export(self, view: View, action: str) -> float:
        if action == "back":
            return -100.0
        _, _, good, *use = action.split(":")
        if not view.wanted(good):
            return -1.0
        value = data.EXPORT_PP[good] - data.EXPORT_PRICE[good] * VATU + (
            2 if view.completes(good) else 0) - view.reserve(data.EXPORT_PRICE[good])
        if use:  # the Buyer's second good scores only if a ship still needs it
            room = sum(max(0, wants.count(good) - loaded.count(good))
                       for wants, loaded in view.obs["ships"])
            value += (data.EXPORT_PP[good] if room >= 2 else 0.0) - POWER_KEEP
        return value

    def _score_draw(self, view: View, action: str) -> float:
        return -100.0 if action == "back" else 1.0

    def _score_tourist(self, view: View, action: str) -> float:
        if action == "back":
            return -100.0
        _, code, *use = action.split(":")
        island = view.board.island(data.SPACE_OF[code])
        assert island is not None
        value = len(island.huts) * VATU + island.huts.count(view.seat) * 2.0
        if use:  # the Guide's power: 2 PP per drawing there
            value += data.GUIDE_PP_PER_DRAWING * len(island.drawings) - POWER_KEEP
        return value

    def _score_govern(self, view: View, action: str) -> float:
        if action == "back":
            return 0.0
        space = action.split(":")[1]
        return view.action_value(space, set()) if view.need(space) <= view.markers[
            view.obs["step"][2]][view.seat] + view.markers[space][view.seat] else -1.0
