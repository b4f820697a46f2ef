"""The normal bot: income against pollution, read from its observation only.

It plans one complete choice at the top of a menu (``["step:build", "kind:clean",
"region:0", "province:3"]``) and walks the menus towards it, going back if a menu does not
offer the next step. Its rules of thumb:

- setup: people in each region, a diplomat, students, a clean and a polluting factory;
- management: keep a reserve for next turn's upkeep; a treatment plant where a region is
  crowded, clean factories first, polluting ones only while the planet is healthy; turn
  polluting factories clean and depollute when the planet is at risk; train students;
- pollution: its own markers on the least valuable provinces, the arrow on the leader;
- laws: propose and vote by its own interest, with the planet's health as a common good;
  a yes also weighs the bonus it hands the proposer;
- money idle at the end only breaks ties: it trains and grows while upkeep stays covered;
- a factory goes only where free or merely populated provinces remain for the region's own
  markers (they fall on factories last).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from a11y_games.games.vertigo import data
from a11y_games.games.vertigo.country import (
    CLEAN,
    EMPTY,
    PEOPLE,
    POLLUTED,
    POLLUTING,
    TREATMENT,
)

VALUE = {EMPTY: 0, POLLUTED: 0, PEOPLE: 1, TREATMENT: 3, CLEAN: 6, POLLUTING: 10}
"""What losing a province costs, roughly, in dollars a turn."""
POP_TARGET = (5, 4, 4)
"""Population wanted per region: the right region grows to train students."""
RISK = 40
"""Planetary pollution from which the bot stops building polluting factories."""

Country = Mapping[str, Any]


def _num(action: str, index: int = 1) -> int:
    return int(action.split(":")[index])


def population(c: Country, region: int) -> int:
    return sum(1 for code in c["prov"][region] if code >= PEOPLE)


def count(c: Country, code: int, region: int | None = None) -> int:
    rows = c["prov"] if region is None else (c["prov"][region],)
    return sum(row.count(code) for row in rows)


def factories(c: Country) -> int:
    return count(c, POLLUTING) + count(c, CLEAN) + count(c, TREATMENT)


def pawns(c: Country) -> int:
    return sum(c["fresh"]) + sum(c["moved"]) + sum(map(sum, c["eng"])) + c["diplomats"]


def _walk(rest: list[str], legal: list[str]) -> str | None:
    """The offered choice that takes the most of the plan's next steps in one (a menu may
    offer a step and its kind, or a region and its province, as one choice)."""
    best, most = None, 0
    for action in legal:
        parts = action.split("+")
        if parts[-1] == "first" and len(rest) >= len(parts) and rest[len(parts) - 1].startswith(
                "province:"):
            # a region's first possible province: the bot's plans take the first province of
            # its kind in letter order (the first empty, populated, polluted...), as this does
            parts[-1] = rest[len(parts) - 1]
        if len(parts) > most and parts == rest[:len(parts)]:
            best, most = action, len(parts)
    if best is None and "other" in legal and rest and rest[0].startswith("region:"):
        return "other"  # a province other than the one offered first
    return best


class NormalBot:
    """Balances income against pollution; see the module docstring."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self._failed: tuple[int, list[str]] | None = None
        """A plan the menus refused this turn: not tried again (no endless back and forth)."""

    # --- entry point ---
    def choose(self, observation: Mapping[str, Any], legal: list[str]) -> str:
        obs = observation
        if obs["task"] is not None:
            return self._task(obs, legal)
        phase = obs["phase"]
        if phase == "vote":
            return self._vote(obs, legal)
        if phase == "laws":
            return self._propose(obs, legal)
        if phase == "first":
            return self._designate(obs, legal)
        if phase == "upkeep":
            return self._drop(obs, legal)
        return self._menu(obs, legal)

    # --- menus: plan a full path at the top, then walk it ---
    def _menu(self, obs: Mapping[str, Any], legal: list[str]) -> str:
        path = [choice for choice in obs["path"] if choice != "other"]
        plan = self._plan(obs, legal) if not path else self._replan(obs, path)
        if plan is None:
            return "back" if "back" in legal else ("done" if "done" in legal else legal[0])
        step = _walk(plan[len(path):], legal)
        if step is not None:
            return step
        if path:
            self._failed = (obs["turn"], plan)
        return "back" if "back" in legal else ("done" if "done" in legal else legal[0])

    def _replan(self, obs: Mapping[str, Any], path: list[str]) -> list[str] | None:
        """Deep in a menu after a purchase: continue if the plan starts the same way, or end
        the turn there if that is the plan."""
        plan = self._plan(obs, None)
        if plan and (plan[:len(path)] == path or plan == ["done"]):
            return plan if plan != ["done"] else [*path, "done"]
        return None

    def _plan(self, obs: Mapping[str, Any], legal: list[str] | None) -> list[str] | None:
        me: Country = obs["countries"][self.seat]
        plan = self._plan_setup(me) if obs["phase"] == "setup" else self._plan_manage(obs, me)
        if plan is None or (obs["turn"], plan) == self._failed:
            return ["done"]
        if legal is not None and _walk(plan, legal) is None:
            return ["done"] if "done" in legal else [legal[0]]
        return plan

    def _empty(self, me: Country, region: int) -> int | None:
        row = me["prov"][region]
        return row.index(EMPTY) if EMPTY in row else None

    def _site(self, me: Country, region: int) -> int | None:
        """A populated province without factory in the region, if a factory there leaves
        room for the markers the region will draw: its own pollution markers go on free
        provinces first, then on populated ones, and only then on factories."""
        row = me["prov"][region]
        if PEOPLE not in row:
            return None
        room = row.count(EMPTY) + row.count(PEOPLE) - 1
        if room < self._sources(row) + 1 and factories(me):
            return None
        return row.index(PEOPLE)

    @staticmethod
    def _sources(row: Sequence[int]) -> int:
        """Pollution rolls the region draws each turn (VG-20): a polluting factory each,
        and one for a crowd without treatment plant."""
        crowd = sum(1 for code in row if code >= PEOPLE) >= data.CROWD_SOURCE
        return row.count(POLLUTING) + (1 if crowd and TREATMENT not in row else 0)

    def _plan_setup(self, me: Country) -> list[str] | None:
        money = me["money"]
        waiting = [me["fresh"][r] + me["moved"][r] for r in range(3)]
        if population(me, 0) < 4 and money >= 1 and self._empty(me, 0) is not None:
            return ["step:population", "region:0", f"province:{self._empty(me, 0)}"]
        if me["diplomats"] == 0 and money >= 5:
            return ["step:student", "to:cnu"]
        if factories(me) == 0 and waiting[0] < 3 and money >= 5:
            return ["step:student", "to:0"]
        site = self._site(me, 0)
        if site is not None and waiting[0] >= 2 and money >= 10 and count(me, CLEAN) == 0:
            return ["step:build", "kind:clean", "region:0", f"province:{site}"]
        if site is not None and waiting[0] >= 1 and money >= 5:
            return ["step:build", "kind:polluting", "region:0", f"province:{site}"]
        for r in (1, 2, 0):
            if population(me, r) < POP_TARGET[r] and money >= 1 and \
                    self._empty(me, r) is not None:
                return ["step:population", f"region:{r}", f"province:{self._empty(me, r)}"]
        return None

    def _plan_manage(self, obs: Mapping[str, Any], me: Country) -> list[str] | None:
        money = me["money"]
        planet = obs["planet"]
        reserve = pawns(me) + 3
        spare = money - reserve
        low = obs["step_min"]
        fresh = me["fresh"]
        if low <= 1 and me["diplomats"] == 0 and any(fresh):
            r = max(range(3), key=lambda i: fresh[i])
            return ["step:move", f"from:{r}", "to:cnu"]
        if low <= 2:
            build = self._plan_build(obs, me, spare)
            if build:
                return build
        if low <= 3 and spare >= data.DEPOLLUTE_PRICE:
            for r in range(3):
                polluted = me["prov"][r].count(POLLUTED)
                free = me["prov"][r].count(EMPTY)
                if polluted * data.PERCENT_PER_PROVINCE > planet and (free <= 2
                                                                      or planet >= RISK):
                    p = me["prov"][r].index(POLLUTED)
                    return ["step:depollute", f"region:{r}", f"province:{p}"]
        if low <= 4 and spare >= data.POPULATION_PRICE + 2:
            for r in range(3):
                target = self._population_target(me, r, spare)
                empty = self._empty(me, r)
                if population(me, r) < target and empty is not None:
                    return ["step:population", "pop:buy", f"region:{r}", f"province:{empty}"]
        if spare >= data.TRAIN_PRICE:  # pawns rank second at the end: money only breaks ties
            for r in range(3):
                if population(me, r) >= data.TRAIN_MIN_POPULATION and not me["trained"][r]:
                    return ["step:train", f"region:{r}"]
        return None

    @staticmethod
    def _population_target(me: Country, region: int, spare: int) -> int:
        """Population wanted in a region: more where a treatment plant keeps a crowd clean,
        and more again when money would otherwise lie idle (it only breaks ties)."""
        row = me["prov"][region]
        target = POP_TARGET[region]
        if TREATMENT in row:
            target += 1 + (2 if spare >= 20 else 0)
        elif spare >= 30 and region == 0:
            target += 1  # the training region: a crowd is worth a treatment plant soon
        return target

    def _plan_build(self, obs: Mapping[str, Any], me: Country, spare: int) -> list[str] | None:
        fresh = me["fresh"]
        planet = obs["planet"]
        for r in range(3):  # a crowded region without treatment plant pollutes
            site = self._site(me, r)
            if (population(me, r) >= data.CROWD_SOURCE and TREATMENT not in me["prov"][r]
                    and fresh[r] >= 2 and site is not None and spare >= 10):
                return ["step:build", "kind:treatment", f"region:{r}", f"province:{site}"]
        if planet >= RISK - 10 and spare >= data.TRANSFORM_PRICE:
            for r in range(3):
                if POLLUTING in me["prov"][r] and fresh[r] >= 1:
                    p = me["prov"][r].index(POLLUTING)
                    return ["step:transform", f"region:{r}", f"province:{p}"]
        for r in range(3):
            site = self._site(me, r)
            if site is None:
                continue
            if fresh[r] >= 2 and spare >= 10:
                return ["step:build", "kind:clean", f"region:{r}", f"province:{site}"]
            if (fresh[r] >= 1 and spare >= 5 and planet < RISK
                    and obs["moratorium_turn"] != obs["turn"]):
                return ["step:build", "kind:polluting", f"region:{r}", f"province:{site}"]
        return None

    # --- upkeep, first player ---
    def _drop(self, obs: Mapping[str, Any], legal: list[str]) -> str:
        me = obs["countries"][self.seat]
        for prefix in ("drop:student", "drop:diplomat"):
            for action in legal:
                if action.startswith(prefix):
                    return action
        factories_ = [a for a in legal if a.startswith("drop:factory")]
        if factories_:
            return min(factories_, key=lambda a: VALUE[me["prov"][_num(a, 2)][_num(a, 3)]])
        return legal[0]

    def _designate(self, obs: Mapping[str, Any], legal: list[str]) -> str:
        countries = obs["countries"]
        return min(legal, key=lambda a: (factories(countries[_num(a)]), _num(a)))

    # --- pollution tasks ---
    def _leader_key(self, obs: Mapping[str, Any], seat: int) -> tuple[int, int]:
        c = obs["countries"][seat]
        return (factories(c), c["money"])

    def _task(self, obs: Mapping[str, Any], legal: list[str]) -> str:
        kind, owner, region, _ = obs["task"]
        path = obs["path"]
        countries = obs["countries"]
        if kind == "cleanup":
            spots = [a for a in legal if a.startswith("province:")]
            return spots[0] if spots else "skip"
        if kind == "arrow":
            if not path:
                targets = [a for a in legal if a.startswith("target:")]
                return max(targets, key=lambda a: self._leader_key(obs, _num(a)))
            target = countries[_num(path[0])]
            if len(path) == 1:
                regions = [a for a in legal if a.startswith("region:")]
                if not regions:
                    return "back"
                return max(regions, key=lambda a: (sum(VALUE[c] for c in target["prov"][_num(a)]),
                                                   -_num(a)))
            row = target["prov"][_num(path[1])]
            spots = [a for a in legal if a.startswith("province:")]
            if not spots:
                return "back"
            return max(spots, key=lambda a: VALUE[row[_num(a)]])
        row = countries[owner]["prov"][region]
        spots = [a for a in legal if a.startswith("province:")]
        return min(spots, key=lambda a: (VALUE[row[_num(a)]], self._crowding(row, _num(a))))

    @staticmethod
    def _crowding(row: Sequence[int], province: int) -> int:
        """Populated neighbours: a marker there invites arrows next to them."""
        return sum(1 for q in data.ADJACENT[province] if row[q] >= PEOPLE)

    # --- laws ---
    def _gain(self, obs: Mapping[str, Any], law: int, seat: int) -> float:
        """What a passed law is worth to ``seat``, against the others, plus the common good."""
        countries = obs["countries"]
        alive = [s for s in range(obs["players"]) if obs["active"][s]]

        def money(s: int) -> float:
            c = countries[s]
            if law == 1:
                return -data.POLLUTER_FINE * count(c, POLLUTING)
            if law == 2:
                return data.TREATMENT_SUBSIDY * count(c, TREATMENT)
            if law == 4:
                return data.DEPOLLUTE_PRICE * sum(
                    1 for r in range(3)
                    if c["prov"][r].count(POLLUTED) * data.PERCENT_PER_PROVINCE > obs["planet"])
            return 0.0

        others = [money(s) for s in alive if s != seat]
        relative = money(seat) - (sum(others) / len(others) if others else 0.0)
        planet = obs["planet"]
        common = 0.0
        if law == 5:
            common = 4.0 if planet >= 20 else (1.0 if planet else -1.0)
        if law == 3:
            common = 2.0 if planet >= RISK else -1.0
            relative -= 3.0 * count(countries[seat], PEOPLE) / 30  # it may hinder me too
        return relative + common

    def _propose(self, obs: Mapping[str, Any], legal: list[str]) -> str:
        laws = [a for a in legal if a.startswith("law:")]
        if not laws:
            return "pass"
        best = max(laws, key=lambda a: (self._support(obs, _num(a)), self._gain(obs, _num(a),
                                                                                 self.seat)))
        if self._gain(obs, _num(best), self.seat) + 10 < 0:
            return "pass"
        return best

    def _support(self, obs: Mapping[str, Any], law: int) -> int:
        """Diplomats likely to vote yes minus those likely to vote no, me included."""
        total = 0
        for s in range(obs["players"]):
            c = obs["countries"][s]
            if not obs["active"][s] or not c["diplomats"]:
                continue
            yes = s == self.seat or self._gain(obs, law, s) >= 0
            total += c["diplomats"] if yes else -c["diplomats"]
        return 1 if total > 0 else 0

    def _vote(self, obs: Mapping[str, Any], legal: list[str]) -> str:
        if "vote:yes" not in legal:
            return "back" if "back" in legal else legal[0]
        proposer, law = obs["proposal"]
        if proposer == self.seat or self._gain(obs, law, self.seat) - self._bonus_share(
                obs, proposer) >= 0:
            return "vote:yes"
        return "vote:no"

    def _bonus_share(self, obs: Mapping[str, Any], proposer: int) -> float:
        """What the proposer's bonus for a passed law costs the bot against the table: the
        others' mean money rises by the bonus over their number."""
        alive = [s for s in range(obs["players"]) if obs["active"][s] and s != self.seat]
        return data.LAW_BONUS / max(len(alive), 1)
