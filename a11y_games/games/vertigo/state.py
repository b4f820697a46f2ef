"""The Vertigo state machine: setup, then turns of five phases (VG-11..VG-32)."""

from __future__ import annotations

import random
from collections import deque
from types import MappingProxyType
from typing import Any

from a11y_games.engine import Event, IllegalAction, Msg, Pending, PlayerRef, Verbosity
from a11y_games.engine.state import GameState, Outcome, Query, Settings
from a11y_games.games.vertigo import data, summary
from a11y_games.games.vertigo.country import (
    CODE_FACTORY,
    EMPTY,
    FACTORY_CODE,
    PEOPLE,
    POLLUTED,
    TREATMENT,
    Country,
)
from a11y_games.games.vertigo.manage import Menus, region_msg
from a11y_games.games.vertigo.tasks import ARROW, CLEANUP, PLACE, Task

BRIEF, NORMAL, FULL = Verbosity.BRIEF, Verbosity.NORMAL, Verbosity.FULL
ENGINEERS_ON = tuple(data.ENGINEERS[CODE_FACTORY[code]] if code in CODE_FACTORY else 0
                     for code in range(6))
"""Engineers a province must hold, by province code (VG-09)."""
R3 = range(len(data.REGIONS))


class VertigoState(GameState):
    """One game of Vertigo. Phases: setup, first, manage, upkeep, pollution, laws, vote, over."""

    game = "vertigo"

    def __init__(self, settings: Settings, rng: random.Random) -> None:
        super().__init__(settings, rng)
        n = settings.players
        self.n = n
        self.countries = [Country() for _ in range(n)]
        for c in self.countries:
            c.money = data.START_MONEY
        self.active = [True] * n
        self.vault = data.VAULT_PER_PLAYER * n
        self.bank = 0
        """Money the bank took in minus what it paid out (production, setup grants)."""
        self.total = (data.START_MONEY + data.VAULT_PER_PLAYER) * n
        self.planet = 0
        self.witnesses = 0
        self.threshold = data.witness_threshold(n)
        self.turn = 0
        self.first: int | None = None
        self.phase = "setup"
        self.order = list(range(n))
        rng.shuffle(self.order)
        self.cursor = 0
        self.path: list[str] = []
        self.step_min = 0
        self.tasks: deque[Task] = deque()
        self.rolls: deque[int] = deque()
        self.roller_index = 0
        self.pollution_closed = False
        self.placed = False
        self.moratorium_turn = 0
        self.laws_used: list[set[int]] = [set() for _ in range(n)]
        self.laws_this_turn: set[int] = set()
        self.proposal: tuple[int, int] | None = None
        self.votes: dict[int, tuple[int, int, int]] = {}
        self.vote_paths: dict[int, list[str]] = {}
        self.result: Outcome | None = None
        self.menus = Menus(self)
        self._cache_pending: tuple[Pending | None] | None = None
        self._cache_legal: dict[int, list[str]] = {}
        self._memo: dict[str, int] | None = None
        self._snapshot: tuple[dict[str, object], ...] | None = None
        self.events.append(Event(Msg("vertigo.event.setup_order",
                                     players=[PlayerRef(s) for s in self.order]), level=BRIEF))
        self._say_turn_of(self.order[0], "vertigo.event.setup_turn")

    # --- money ---
    def pay_bank(self, seat: int, amount: int) -> None:
        self.countries[seat].money -= amount
        self.bank += amount

    def pay_vault(self, seat: int, amount: int) -> None:
        self.countries[seat].money -= amount
        self.vault += amount

    def from_bank(self, seat: int, amount: int) -> None:
        self.countries[seat].money += amount
        self.bank -= amount

    def from_vault(self, seat: int, amount: int) -> int:
        """Pay up to ``amount`` from the vault; an empty vault pays partially (VG-28)."""
        paid = min(amount, self.vault)
        self.vault -= paid
        self.countries[seat].money += paid
        return paid

    # --- stocks ---
    def population_in_play(self) -> int:
        memo = self._memo
        if memo is not None and "population" in memo:
            return memo["population"]
        total = sum(c.population() for c in self.countries)
        if memo is not None:
            memo["population"] = total
        return total

    def factories_in_play(self, kind: str) -> int:
        memo = self._memo
        if memo is not None and kind in memo:
            return memo[kind]
        total = sum(c.factories(kind) for c in self.countries)
        if memo is not None:
            memo[kind] = total
        return total

    def markers_in_play(self) -> int:
        return sum(c.polluted(r) for c in self.countries for r in R3)

    def players_in_game(self) -> list[int]:
        return [s for s in range(self.n) if self.active[s]]

    # --- contract ---
    def pending(self) -> Pending | None:
        if self._cache_pending is None:
            self._cache_pending = (self._pending(),)
        return self._cache_pending[0]

    def _pending(self) -> Pending | None:
        if self.result is not None:
            return None
        if self.tasks:
            task = self.tasks[0]
            return Pending((task.seat,), self._task_prompt(task))
        if self.phase == "vote":
            seats = tuple(s for s in self._voters() if s not in self.votes)
            return Pending(seats, Msg("vertigo.prompt.vote", law=self._law_msg(self.proposal[1]),
                                      player=PlayerRef(self.proposal[0])))
        if self.phase == "first":
            return Pending((self.first,), Msg("vertigo.prompt.first"))
        seat = self.order[self.cursor]
        if self.phase == "upkeep":
            c = self.countries[seat]
            return Pending((seat,), Msg("vertigo.prompt.upkeep", due=c.pawns(), money=c.money))
        if self.phase == "laws":
            return Pending((seat,), Msg("vertigo.prompt.law"))
        return Pending((seat,), self._menu_prompt(seat))

    def _menu_prompt(self, seat: int) -> Msg:
        c = self.countries[seat]
        if not self.path:
            key = "vertigo.prompt.setup" if self.phase == "setup" else "vertigo.prompt.manage"
            return Msg(key, money=c.money)
        options = self._menu_actions(seat)
        head = options[0].split(":")[0] if options[0] != "back" else "pop"
        return Msg(f"vertigo.prompt.choose_{head}", money=c.money)

    def legal_actions(self, seat: int) -> list[str]:
        cached = self._cache_legal.get(seat)
        if cached is None:
            cached = self._cache_legal[seat] = self._legal_actions(seat)
        return list(cached)

    def _legal_actions(self, seat: int) -> list[str]:
        pending = self.pending()
        if pending is None or seat not in pending.seats:
            return []
        if self.tasks:
            return self._task_options(self.tasks[0])
        if self.phase == "vote":
            return self._vote_options(seat)
        if self.phase == "first":
            return [f"first:{s}" for s in self.players_in_game() if s != self.first]
        if self.phase == "upkeep":
            return self.menus.upkeep_options(seat, self.path)
        if self.phase == "laws":
            return self._law_options(seat)
        return self._menu_actions(seat)

    def _menu_actions(self, seat: int) -> list[str]:
        """The setup or management menu now (computed once per state, shared with the prompt)."""
        cached = self._cache_legal.get(seat)
        if cached is not None:
            return cached
        self._memo = {}
        try:
            if not self.path:
                actions = self.menus.steps(seat)
                if not (self.phase == "setup" and not self.countries[seat].population()
                        and "step:population" in actions):
                    actions.append("done")  # a country starts with people (Decision, VG-07)
            else:
                actions = [*self.menus.options(seat, self.path), "back"]
        finally:
            self._memo = None
        self._cache_legal[seat] = actions
        return actions

    def describe(self, seat: int, action: str) -> Msg:
        head, _, arg = action.partition(":")
        if head == "first":
            return Msg("vertigo.menu.first", player=PlayerRef(int(arg)))
        if head == "drop" or self.phase == "upkeep":
            return self.menus.upkeep_label(seat, action)
        if head in ("law", "pass"):
            return self._law_label(action)
        if head in ("vote", "yes", "no") or (self.phase == "vote" and action == "back"):
            return self._vote_label(action)
        if self.tasks:
            return self._task_label(self.tasks[0], action)
        return self.menus.label(seat, self.path, action)

    def apply(self, seat: int, action: str) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction(self._why_illegal(seat, action))
        self._cache_pending = None
        self._cache_legal = {}
        countries = self._snapshot
        self._snapshot = None
        if self.tasks:
            self._apply_task(seat, action)
        elif self.phase == "vote":
            self._apply_vote(seat, action)
        elif self.phase == "first":
            self._set_first(int(action.split(":")[1]))
        elif self.phase == "upkeep":
            if action == "back":
                self.path.pop()
            elif action.startswith("region:"):
                self.path.append(action)
            else:
                self.path = []
                self.menus.drop(seat, action)
                self._settle_upkeep(seat)
        elif self.phase == "laws":
            self._apply_law(seat, action)
        else:
            if self._apply_menu(seat, action):
                self._snapshot = countries  # a step through the menus changes no country
        self._cache_pending = None
        self._cache_legal = {}

    def refresh(self) -> None:
        """Forget cached menus after a direct change of the state (tests, tools)."""
        self._cache_pending = None
        self._cache_legal = {}
        self._snapshot = None

    def _why_illegal(self, seat: int, action: str) -> Msg:
        """A clear reason for a refused action: stock and money first (VG-03)."""
        pending = self.pending()
        if pending is None:
            return Msg("core.error.game_over")
        if seat not in pending.seats:
            return Msg("core.error.not_your_turn")
        error = None
        if action.startswith("kind:") and self.path == ["step:build"]:
            error = self.menus.build_error(seat, action.split(":")[1])
        elif action in ("step:population", "pop:buy") and self.phase in ("setup", "manage"):
            error = self.menus.stock_error(seat, "population")
        elif action in ("step:train", "step:student") and self.phase in ("setup", "manage"):
            error = self.menus.stock_error(seat, "student")
        return error or Msg("core.error.illegal")

    def outcome(self) -> Outcome | None:
        return self.result

    # --- menus (setup and management) ---
    def _apply_menu(self, seat: int, action: str) -> bool:
        """Play a menu choice; True when it only moved through the menus."""
        if action == "done":
            self._end_menu(seat)
            return False
        if action == "back":
            self.path.pop()
            return True
        self.path.append(action)
        if not self.menus.complete(self.path):
            return True
        step = self.path[0]
        self.menus.execute(seat, self.path)
        if self.phase == "manage":
            self.step_min = max(self.step_min, _step_index(step))
        # stay as deep as still makes sense: same region, same kind, for the next purchase
        keep = self.path[:2] if self.path[1:2] == ["pop:move"] else self.path[:-1]
        while keep and not self.menus.options(seat, keep, check=True):
            keep = keep[:-1]
        self.path = keep
        return False

    def _end_menu(self, seat: int) -> None:
        self.path = []
        if self.phase == "setup":
            self.events.append(Event(Msg("vertigo.event.setup_done", player=PlayerRef(seat),
                                         money=self.countries[seat].money), cause=seat))
            self.cursor += 1
            if self.cursor < self.n:
                self._say_turn_of(self.order[self.cursor], "vertigo.event.setup_turn")
            else:
                self._start_turn()
            return
        self.events.append(Event(Msg("vertigo.event.manage_done", player=PlayerRef(seat)),
                                 cause=seat, level=FULL))
        self.cursor += 1
        self._next_manager()

    def _say_turn_of(self, seat: int, key: str) -> None:
        self.events.append(Event(Msg(key, player=PlayerRef(seat)), level=BRIEF))

    # --- phase 1: turn and first player (VG-11, VG-12) ---
    def _start_turn(self) -> None:
        self.turn += 1
        for seat in self.players_in_game():
            self.countries[seat].new_turn()
            if self.turn == 1 and self.countries[seat].population() == 0:
                self._eliminate(seat)
        if self.result is not None:
            return
        self.laws_this_turn = set()
        self.placed = False
        self.events.append(Event(Msg("vertigo.event.turn", turn=self.turn), level=BRIEF))
        if self.turn >= data.COIN_FROM_TURN:
            ends = self.rng.random() < 0.5
            self.events.append(Event(Msg("vertigo.event.coin_end" if ends
                                         else "vertigo.event.coin_continue"), level=BRIEF))
            if ends:
                self._finish(Msg("vertigo.end.coin"))
                return
        alive = self.players_in_game()
        if self.turn == 1 or self.first is None:
            self._set_first(self.rng.choice(alive))
            return
        chooser = self.first
        while not self.active[chooser]:
            chooser = (chooser + 1) % self.n
        self.first = chooser
        others = [s for s in alive if s != chooser]
        if len(others) == 1:
            self._set_first(others[0])
            return
        self.phase = "first"
        self.events.append(Event(Msg("vertigo.event.designating", player=PlayerRef(chooser)),
                                 level=NORMAL))

    def _set_first(self, seat: int) -> None:
        self.first = seat
        self.order = [(seat + i) % self.n for i in range(self.n)
                      if self.active[(seat + i) % self.n]]
        self.events.append(Event(Msg("vertigo.event.first", player=PlayerRef(seat),
                                     order=[PlayerRef(s) for s in self.order]), level=BRIEF))
        self.phase = "manage"
        self.cursor = 0
        self._next_manager()

    # --- phase 2: management (VG-13, VG-14) ---
    def _next_manager(self) -> None:
        while self.cursor < len(self.order) and not self.active[self.order[self.cursor]]:
            self.cursor += 1
        if self.cursor >= len(self.order):
            self._start_pollution()
            return
        seat = self.order[self.cursor]
        self.phase = "manage"
        self.path = []
        self.step_min = 0
        self._say_turn_of(seat, "vertigo.event.manage_turn")
        if self.turn == 1:
            return  # no upkeep in turn 1 (VG-14, Decision)
        self._settle_upkeep(seat)

    def _settle_upkeep(self, seat: int) -> None:
        c = self.countries[seat]
        due = c.pawns() * data.UPKEEP_PER_PAWN
        if due > c.money:
            self.phase = "upkeep"
            return
        self.phase = "manage"
        to_vault = c.diplomats * data.UPKEEP_PER_PAWN
        self.pay_vault(seat, to_vault)
        self.pay_bank(seat, due - to_vault)
        self.events.append(Event(Msg("vertigo.event.upkeep", player=PlayerRef(seat), due=due,
                                     vault=to_vault), cause=seat, level=NORMAL))

    # --- phase 3: pollution (VG-20..VG-25) ---
    def _start_pollution(self) -> None:
        self.phase = "pollution"
        self.roller_index = 0
        self.rolls.clear()
        self.pollution_closed = False
        self.events.append(Event(Msg("vertigo.event.phase_pollution"), level=NORMAL))
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps until someone must decide or the game ends."""
        while self.result is None:
            self._drop_dead_tasks()
            if self.tasks:
                return
            if self.phase == "pollution":
                if not self._pollution_step():
                    return
            elif self.phase == "laws":
                self._next_proposer()
                return
            else:
                return

    def _pollution_step(self) -> bool:
        """One automatic pollution step; False when the phase handed over to another."""
        if self.rolls:
            self._roll(self.order[self.roller_index - 1], self.rolls.popleft())
            return True
        if self.roller_index < len(self.order):
            seat = self.order[self.roller_index]
            self.roller_index += 1
            if self.active[seat]:
                c = self.countries[seat]
                for r in R3:
                    self.rolls.extend([r] * c.sources(r))
                self.events.append(Event(Msg("vertigo.event.sources", player=PlayerRef(seat),
                                             count=len(self.rolls)), level=FULL))
            return True
        if not self.pollution_closed:
            self.pollution_closed = True
            if not self.placed:
                self._planet_falls()
            return True
        self._production()
        self._start_laws()
        return False

    def _roll(self, seat: int, region: int) -> None:
        face = self.rng.choice(data.DIE_FACES)
        self.events.append(Event(Msg("vertigo.event.roll", player=PlayerRef(seat),
                                     region=region_msg(region),
                                     face=Msg(f"vertigo.die.{face}")), level=NORMAL))
        if face == data.CLOUD:
            self.tasks.append(Task(PLACE, seat, seat, region, by=seat))
        elif face == data.TWO_CLOUDS:
            self.tasks.extend([Task(PLACE, seat, seat, region, by=seat)] * 2)
        elif face == data.ARROW:
            self.tasks.append(Task(ARROW, seat, seat, region, by=seat))

    def _drop_dead_tasks(self) -> None:
        """Tasks nobody can do any more are announced and dropped (VG-22, Decision)."""
        while self.tasks:
            task = self.tasks[0]
            if not self.active[task.seat] or not self.active[task.owner]:
                self.tasks.popleft()
                continue
            if task.kind == CLEANUP:
                if self.countries[task.owner].polluted(task.region):
                    return
                self.tasks.popleft()
                continue
            if self._task_options(task) and self.markers_in_play() < data.STOCK_MARKERS:
                return
            self.tasks.popleft()
            self.events.append(Event(Msg("vertigo.event.marker_lost", player=PlayerRef(task.by)),
                                     level=NORMAL))

    def _task_options(self, task: Task) -> list[str]:
        if task.kind == PLACE:
            return [f"province:{p}" for p in self.countries[task.owner].marker_targets(task.region)]
        if task.kind == CLEANUP:
            return [f"province:{p}" for p in
                    self.countries[task.owner].provinces(task.region, POLLUTED)] + ["skip"]
        if not self.path:
            return [f"target:{s}" for s in self.players_in_game()
                    if s != task.seat and self._arrow_regions(s)]
        target = int(self.path[0].split(":")[1])
        if len(self.path) == 1:
            return [f"region:{r}" for r in self._arrow_regions(target)] + ["back"]
        r = int(self.path[1].split(":")[1])
        return [f"province:{p}" for p in self.countries[target].arrow_targets(r)] + ["back"]

    def _arrow_regions(self, target: int) -> list[int]:
        c = self.countries[target]
        return [r for r in R3 if (c.arrow_targets(r) if c.polluted(r) else c.marker_targets(r))]

    def _task_prompt(self, task: Task) -> Msg:
        if task.kind == CLEANUP:
            return Msg("vertigo.prompt.cleanup", region=region_msg(task.region))
        if task.kind == PLACE:
            key = "vertigo.prompt.place" if task.witness else "vertigo.prompt.forced"
            return Msg(key, region=region_msg(task.region), player=PlayerRef(task.by))
        stage = ("target", "region", "province")[len(self.path)]
        return Msg(f"vertigo.prompt.arrow_{stage}")

    def _task_label(self, task: Task, action: str) -> Msg:
        head, _, arg = action.partition(":")
        if action == "skip":
            return Msg("vertigo.menu.skip")
        if action == "back":
            return Msg("vertigo.menu.back")
        if head == "target":
            return Msg("vertigo.menu.target", player=PlayerRef(int(arg)))
        if head == "region":
            target = int(self.path[0].split(":")[1])
            return Msg("vertigo.menu.region_pollution", region=region_msg(int(arg)),
                       pollution=self.countries[target].pollution(int(arg)))
        owner = int(self.path[0].split(":")[1]) if task.kind == ARROW else task.owner
        region = int(self.path[1].split(":")[1]) if task.kind == ARROW else task.region
        code = self.countries[owner].prov[region][int(arg)]
        return Msg("vertigo.menu.province_what", province=int(arg) + 1,
                   what=summary.province_msg(code, self.countries[owner].eng[region][int(arg)]))

    def _apply_task(self, seat: int, action: str) -> None:
        task = self.tasks[0]
        if task.kind == ARROW:
            if action == "back":
                self.path.pop()
                return
            self.path.append(action)
            if len(self.path) == 2:
                target, r = (int(a.split(":")[1]) for a in self.path)
                if not self.countries[target].polluted(r):
                    self.tasks.popleft()
                    self.path = []
                    self.events.append(Event(Msg("vertigo.event.arrow_owner",
                                                 player=PlayerRef(seat), owner=PlayerRef(target),
                                                 region=region_msg(r)), cause=seat))
                    self.tasks.appendleft(Task(PLACE, target, target, r, by=seat))
                    self._advance()
                return
            if len(self.path) < 3:
                return
            target, r, p = (int(a.split(":")[1]) for a in self.path)
            self.path = []
            self.tasks.popleft()
            self._place(seat, target, r, p, witness=True)
        elif task.kind == CLEANUP:
            self.tasks.popleft()
            if action != "skip":
                p = int(action.split(":")[1])
                self.countries[task.owner].prov[task.region][p] = EMPTY
                self.events.append(Event(Msg("vertigo.event.cleaned", player=PlayerRef(seat),
                                             region=region_msg(task.region), province=p + 1),
                                         cause=seat))
        else:
            self.tasks.popleft()
            self._place(task.by, task.owner, task.region, int(action.split(":")[1]),
                        witness=task.witness)
        self._advance()

    def _place(self, by: int, owner: int, region: int, province: int, *, witness: bool) -> None:
        """Put a marker; anything on the province is removed (VG-21..VG-23, VG-31)."""
        c = self.countries[owner]
        was, lost = c.pollute(region, province)
        self.placed = True
        self.events.append(Event(Msg("vertigo.event.marker", player=PlayerRef(by),
                                     owner=PlayerRef(owner), region=region_msg(region),
                                     province=province + 1, pollution=c.pollution(region)),
                                 cause=by, level=NORMAL))
        if was >= PEOPLE:
            what = summary.province_msg(was, lost)
            self.events.append(Event(Msg("vertigo.event.wiped", owner=PlayerRef(owner),
                                         region=region_msg(region), province=province + 1,
                                         what=what), cause=by, level=BRIEF))
            if c.population() == 0:
                self._eliminate(owner)
                if self.result is not None:
                    return
        if not witness:
            return
        self.witnesses += 1
        self.events.append(Event(Msg("vertigo.event.witnesses", count=self.witnesses,
                                     threshold=self.threshold), level=FULL))
        if self.witnesses >= self.threshold:
            self.witnesses = 0
            self._planet_rises()

    def _planet_rises(self) -> None:
        self.planet += data.PLANET_STEP
        self.events.append(Event(Msg("vertigo.event.planet_up", planet=self.planet), level=BRIEF))
        if self.planet >= data.PLANET_MAX:
            self._finish(Msg("vertigo.end.planet"), planet_dead=True)
            return
        forced = [Task(PLACE, s, s, r, witness=False, by=s)
                  for s in self.order if self.active[s] for r in R3]
        self.tasks.extendleft(reversed(forced))

    def _planet_falls(self) -> None:
        """Nobody placed a marker: the planet heals and markers may go (VG-24)."""
        key = "vertigo.event.planet_down" if self.planet else "vertigo.event.no_pollution"
        self.planet = max(0, self.planet - data.PLANET_STEP)
        self.events.append(Event(Msg(key, planet=self.planet), level=BRIEF))
        self.tasks.extend(Task(CLEANUP, s, s, r) for s in self.order if self.active[s]
                          for r in R3 if self.countries[s].polluted(r))

    # --- phase 4: production (VG-26) ---
    def _production(self) -> None:
        for seat in self.order:
            if not self.active[seat]:
                continue
            c = self.countries[seat]
            amount = (c.population() * data.PRODUCTION["population"]
                      + c.factories("clean") * data.PRODUCTION["clean"]
                      + c.factories("polluting") * data.PRODUCTION["polluting"])
            self.from_bank(seat, amount)
            self.events.append(Event(Msg("vertigo.event.production", player=PlayerRef(seat),
                                         amount=amount, money=c.money), level=NORMAL))

    # --- phase 5: laws (VG-27..VG-30) ---
    def _start_laws(self) -> None:
        self.phase = "laws"
        self.cursor = 0
        self.events.append(Event(Msg("vertigo.event.phase_laws"), level=NORMAL))
        self._next_proposer()

    def _law_options(self, seat: int) -> list[str]:
        return [f"law:{n}" for n in data.LAWS
                if n not in self.laws_used[seat] and n not in self.laws_this_turn] + ["pass"]

    def _next_proposer(self) -> None:
        while self.cursor < len(self.order):
            seat = self.order[self.cursor]
            if self.active[seat] and self.countries[seat].diplomats and len(
                    self._law_options(seat)) > 1:
                self.phase = "laws"
                return
            self.cursor += 1
        self._end_turn()

    @staticmethod
    def _law_msg(law: int) -> Msg:
        return Msg(f"vertigo.law.{data.LAW_NAMES[law]}.title", number=law)

    def _law_label(self, action: str) -> Msg:
        if action == "pass":
            return Msg("vertigo.menu.pass")
        law = int(action.split(":")[1])
        return Msg("vertigo.menu.law", title=self._law_msg(law),
                   text=summary.law_text(law))

    def _voters(self) -> list[int]:
        return [s for s in self.order if self.active[s] and self.countries[s].diplomats]

    def _apply_law(self, seat: int, action: str) -> None:
        if action == "pass":
            self.events.append(Event(Msg("vertigo.event.law_pass", player=PlayerRef(seat)),
                                     cause=seat, level=FULL))
            self.cursor += 1
            self._next_proposer()
            return
        law = int(action.split(":")[1])
        self.laws_used[seat].add(law)
        self.laws_this_turn.add(law)
        self.proposal = (seat, law)
        self.votes = {}
        self.vote_paths = {s: [] for s in self._voters()}
        self.phase = "vote"
        self.events.append(Event(Msg("vertigo.event.law_proposed", player=PlayerRef(seat),
                                     law=self._law_msg(law),
                                     text=summary.law_text(law)),
                                 cause=seat, level=BRIEF))

    def _vote_options(self, seat: int) -> list[str]:
        k = self.countries[seat].diplomats
        path = self.vote_paths[seat]
        if not path:
            return ["vote:yes", "vote:no", "vote:abstain"] + (["vote:split"] if k > 1 else [])
        if len(path) == 1:
            return [f"yes:{i}" for i in range(k + 1)] + ["back"]
        yes = int(path[1].split(":")[1])
        return [f"no:{i}" for i in range(k - yes + 1)] + ["back"]

    def _vote_label(self, action: str) -> Msg:
        if action == "back":
            return Msg("vertigo.menu.back")
        head, _, arg = action.partition(":")
        if head == "vote":
            return Msg(f"vertigo.menu.vote_{arg}")
        return Msg(f"vertigo.menu.{head}_count", count=int(arg))

    def _apply_vote(self, seat: int, action: str) -> None:
        path = self.vote_paths[seat]
        k = self.countries[seat].diplomats
        if action == "back":
            path.pop()
            return
        if action in ("vote:yes", "vote:no", "vote:abstain"):
            vote = {"vote:yes": (k, 0, 0), "vote:no": (0, k, 0), "vote:abstain": (0, 0, k)}[action]
        else:
            path.append(action)
            if len(path) < 3:
                return
            yes, no = int(path[1].split(":")[1]), int(path[2].split(":")[1])
            vote = (yes, no, k - yes - no)
        self.votes[seat] = vote
        self.events.append(Event(Msg("vertigo.event.my_vote", yes=vote[0], no=vote[1],
                                     abstain=vote[2]), visible_to=frozenset({seat}),
                                 cause=seat, informs=False))
        if len(self.votes) == len(self.vote_paths):
            self._count_votes()

    def _count_votes(self) -> None:
        assert self.proposal is not None
        proposer, law = self.proposal
        for s in self.vote_paths:
            yes, no, abstain = self.votes[s]
            self.events.append(Event(Msg("vertigo.event.vote", player=PlayerRef(s), yes=yes,
                                         no=no, abstain=abstain), level=NORMAL))
        yes = sum(v[0] for v in self.votes.values())
        no = sum(v[1] for v in self.votes.values())
        passed = yes > no
        self.events.append(Event(Msg("vertigo.event.law_passed" if passed
                                     else "vertigo.event.law_failed",
                                     law=self._law_msg(law), yes=yes, no=no), level=BRIEF))
        self.phase = "laws"
        self.proposal = None
        self.vote_paths = {}
        self.cursor += 1
        if passed:
            paid = self.from_vault(proposer, data.LAW_BONUS)
            self.events.append(Event(Msg("vertigo.event.bonus", player=PlayerRef(proposer),
                                         amount=paid), level=NORMAL))
            self._law_effect(law)
        self._advance()

    def _law_effect(self, law: int) -> None:
        name = data.LAW_NAMES[law]
        alive = [s for s in self.order if self.active[s]]
        if name == "polluter_pays":
            for s in alive:
                c = self.countries[s]
                fine = min(c.money, data.POLLUTER_FINE * c.factories("polluting"))
                self.pay_vault(s, fine)
                if fine:
                    self.events.append(Event(Msg("vertigo.event.fined", player=PlayerRef(s),
                                                 amount=fine), level=NORMAL))
        elif name == "green_subsidy":
            for s in alive:
                due = data.TREATMENT_SUBSIDY * self.countries[s].factories("treatment")
                paid = self.from_vault(s, due) if due else 0
                if due:
                    self.events.append(Event(Msg("vertigo.event.subsidy", player=PlayerRef(s),
                                                 amount=paid), level=NORMAL))
        elif name == "moratorium":
            self.moratorium_turn = self.turn + 1
            self.events.append(Event(Msg("vertigo.event.moratorium", turn=self.turn + 1),
                                     level=NORMAL))
        elif name == "cleanup":
            self.tasks.extend(Task(CLEANUP, s, s, r) for s in alive for r in R3
                              if self.countries[s].pollution(r) > self.planet)
        else:
            self.planet = max(0, self.planet - data.PLANET_STEP)
            self.events.append(Event(Msg("vertigo.event.planet_down", planet=self.planet),
                                     level=BRIEF))

    def _end_turn(self) -> None:
        self.witnesses = 0
        self.events.append(Event(Msg("vertigo.event.turn_end", turn=self.turn), level=FULL))
        self._start_turn()

    # --- elimination and end (VG-31, VG-32, VG-25) ---
    def _eliminate(self, seat: int) -> None:
        c = self.countries[seat]
        self.active[seat] = False
        money = c.money
        self.pay_vault(seat, money)
        self.events.append(Event(Msg("vertigo.event.eliminated", player=PlayerRef(seat),
                                     amount=money), level=BRIEF))
        if self.phase == "pollution" and self.roller_index and \
                self.order[self.roller_index - 1] == seat:
            self.rolls.clear()
        if len(self.players_in_game()) <= 1:
            self._finish(Msg("vertigo.end.last"))

    def ranking_key(self, seat: int) -> tuple[int, int, int]:
        """Factories, then students/engineers/diplomats, then safe (VG-32)."""
        c = self.countries[seat]
        return (c.factories(), c.pawns(), c.money)

    def eligible(self, seat: int) -> bool:
        """In the game and able to pay the upkeep of all his pawns (VG-32)."""
        c = self.countries[seat]
        return self.active[seat] and c.money >= c.pawns() * data.UPKEEP_PER_PAWN

    def _finish(self, reason: Msg, *, planet_dead: bool = False) -> None:
        self.phase = "over"
        self.tasks.clear()
        winners: frozenset[int] = frozenset()
        if not planet_dead:
            eligible = [s for s in range(self.n) if self.eligible(s)]
            if eligible:
                best = max(self.ranking_key(s) for s in eligible)
                winners = frozenset(s for s in eligible if self.ranking_key(s) == best)
        for s in range(self.n):
            if self.active[s] and not self.eligible(s) and not planet_dead:
                self.events.append(Event(Msg("vertigo.event.cannot_pay", player=PlayerRef(s)),
                                         level=NORMAL))
        if winners:
            result = Msg("vertigo.end.winners", reason=reason,
                         players=[PlayerRef(s) for s in sorted(winners)])
        else:
            result = Msg("vertigo.end.nobody", reason=reason)
        self.result = Outcome(winners, result)
        self.events.append(Event(result, level=BRIEF))

    # --- views ---
    def observation(self, seat: int) -> dict[str, Any]:
        task = self.tasks[0] if self.tasks and self.tasks[0].seat == seat else None
        pending = self.pending()
        own_turn = pending is not None and seat in pending.seats
        return {
            "seat": seat, "players": self.n, "phase": self.phase, "turn": self.turn,
            "planet": self.planet, "witnesses": self.witnesses, "threshold": self.threshold,
            "vault": self.vault, "active": tuple(self.active), "order": tuple(self.order),
            "countries": self._countries_view(),
            "path": tuple(self.path) if own_turn else (),
            "step_min": self.step_min,
            "task": None if task is None else (task.kind, task.owner, task.region, task.by),
            "laws_used": tuple(frozenset(u) for u in self.laws_used),
            "proposal": self.proposal,
            "my_vote_path": tuple(self.vote_paths.get(seat, ())),
            "moratorium_turn": self.moratorium_turn,
        }

    def _countries_view(self) -> tuple[MappingProxyType[str, object], ...]:
        if self._snapshot is None:
            self._snapshot = tuple(c.snapshot() for c in self.countries)
        return tuple(MappingProxyType(view) for view in self._snapshot)

    def status(self, seat: int | None) -> list[Msg]:
        return summary.status(self, seat)

    def board(self, seat: int | None, topic: str = "") -> list[Msg]:
        return summary.board(self, seat, topic)

    def private(self, seat: int) -> list[Msg]:
        return summary.private(self, seat)

    def queries(self) -> list[Query]:
        return summary.queries()

    def invariant_errors(self) -> list[str]:
        """Broken invariants (for tests): money, stocks, provinces, engineers."""
        errors = []
        if sum(c.money for c in self.countries) + self.vault + self.bank != self.total:
            errors.append("money not conserved")
        if self.vault < 0 or any(c.money < 0 for c in self.countries):
            errors.append("negative money")
        counts = [0] * 6
        for seat, c in enumerate(self.countries):
            students = sum(c.fresh) + sum(c.moved)
            engineers = 0
            for row, eng in zip(c.prov, c.eng, strict=True):
                if list(map(ENGINEERS_ON.__getitem__, row)) != eng:
                    errors.append(f"a factory of {seat} lacks its engineers")
                engineers += sum(eng)
            flat = c.prov[0] + c.prov[1] + c.prov[2]
            for code in range(6):
                counts[code] += flat.count(code)
            if students + engineers + c.diplomats > data.STOCK_STUDENTS_PER_COLOUR:
                errors.append(f"student stock exceeded for {seat}")
            if min(c.fresh + c.moved) < 0 or c.diplomats < 0:
                errors.append(f"negative students for {seat}")
        if sum(counts[PEOPLE:]) > data.STOCK_POPULATION:
            errors.append("population stock exceeded")
        for kind, limit in data.STOCK_FACTORIES.items():
            if counts[FACTORY_CODE[kind]] > limit:
                errors.append(f"{kind} stock exceeded")
        if counts[POLLUTED] > data.STOCK_MARKERS:
            errors.append("marker stock exceeded")
        return errors


def _step_index(step: str) -> int:
    from a11y_games.games.vertigo.manage import STEP_INDEX

    return STEP_INDEX[step.split(":")[1]]


__all__ = ["TREATMENT", "VertigoState"]
