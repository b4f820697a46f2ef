"""The Vertigo state machine: setup, then turns of five phases (VG-11..VG-32)."""

from __future__ import annotations

import random
from collections import deque
from types import MappingProxyType
from typing import Any

from a11y_games.engine import Event, IllegalAction, Msg, Pending, PlayerRef, Verbosity
from a11y_games.engine.state import GameState, Outcome, Query, Settings, Topic
from a11y_games.games.inputs import well_formed
from a11y_games.games.vertigo import data, summary
from a11y_games.games.vertigo.country import (
    CODE_FACTORY,
    FACTORY_CODE,
    PEOPLE,
    POLLUTED,
    Country,
)
from a11y_games.games.vertigo.laws import LawPhase
from a11y_games.games.vertigo.manage import FIRST, OTHER, STEP_INDEX, Menus
from a11y_games.games.vertigo.pollution import PollutionPhase
from a11y_games.games.vertigo.tasks import PLACE, Task

__all__ = ["VertigoState"]

BRIEF, NORMAL, FULL = Verbosity.BRIEF, Verbosity.NORMAL, Verbosity.FULL
ENGINEERS_ON = tuple(data.ENGINEERS[CODE_FACTORY[code]] if code in CODE_FACTORY else 0
                     for code in range(6))
"""Engineers a province must hold, by province code (VG-09)."""
R3 = range(len(data.REGIONS))
AGAIN = frozenset(("vertigo.prompt.choose_region", "vertigo.prompt.choose_to",
                   "vertigo.prompt.people_from", "vertigo.prompt.people_to",
                   "vertigo.prompt.other_region", "vertigo.prompt.other_people_from",
                   "vertigo.prompt.other_people_to"))
PEOPLE_MOVE = ("people_from", "people_from_province", "people_to", "people_to_province")
"""The questions of a population move, in order: not "Which region?" twice."""
"""Menus that come back after a purchase (the next pawn, the next student): several
numbers on one line buy several."""


class VertigoState(PollutionPhase, LawPhase, GameState):
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
        self.laws_told: set[int] = set()
        """Laws proposed once already: their text is said at full verbosity after that."""
        self.proposal: tuple[int, int] | None = None
        self.votes: dict[int, tuple[int, int, int]] = {}
        self.vote_paths: dict[int, list[str]] = {}
        self.result: Outcome | None = None
        self.spill: dict[tuple[int, bool], tuple[list[Msg], list[Msg]]] = {}
        """The pollution phase so far, by roller (and forced or not): dice and places, to be
        said in one sentence each."""
        self.did: dict[str, int] = {}
        """What the seat managing now has done this turn, by item (for its summary line)."""
        self.upkeep_paid = 0
        self.stock_said: set[str] = set()
        """Factories the seat managing now was told are out of stock (said once a turn)."""
        self.menus = Menus(self)
        self._cache_pending: tuple[Pending | None] | None = None
        self._cache_legal: dict[int, list[str]] = {}
        self._memo: dict[str, int] | None = {}
        """Stock totals, kept while only menu navigation happens; None during an action."""
        self._snapshot: tuple[MappingProxyType[str, object], ...] | None = None
        self.events.append(Event(Msg("vertigo.event.setup_order", player=PlayerRef(self.order[0]),
                                     players=[PlayerRef(s) for s in self.order[1:]]),
                                 level=BRIEF))
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
            again = len(self.tasks) > 1 and self.tasks[1] == task and task.kind == PLACE
            return Pending((task.seat,), self._task_prompt(task), several=again)
        if self.phase == "vote":
            seats = tuple(s for s in self._voters() if s not in self.votes)
            law = self.proposal[1]  # said just after its proposal: its number alone
            return Pending(seats, Msg("vertigo.prompt.vote", law=self._law_msg(law),
                                      short=Msg("vertigo.prompt.vote_short", number=law)))
        if self.phase == "first":
            return Pending((self.first,), Msg("vertigo.prompt.first"))
        seat = self.order[self.cursor]
        if self.phase == "upkeep":
            return Pending((seat,), self._upkeep_prompt(seat))
        if self.phase == "laws":
            return Pending((seat,), Msg("vertigo.prompt.law"))
        prompt = self._menu_prompt(seat)
        return Pending((seat,), prompt,
                       several=prompt.id in AGAIN and self.menus.again(seat, self.path))

    def _upkeep_prompt(self, seat: int) -> Msg:
        """The upkeep due and how many pawns must go before it can be paid (VG-14)."""
        c = self.countries[seat]
        due = c.pawns() * data.UPKEEP_PER_PAWN
        short = -(-(due - c.money) // data.UPKEEP_PER_PAWN)
        return Msg("vertigo.prompt.upkeep", due=due, count=short)

    def _menu_prompt(self, seat: int) -> Msg:
        c = self.countries[seat]
        if not self.path:
            key = "vertigo.prompt.setup" if self.phase == "setup" else "vertigo.prompt.manage"
            if self.phase == "setup" and not self.menus.may_finish(seat):
                key = "vertigo.prompt.setup_people"  # why there is no "done" yet
            return Msg(key, money=c.money)
        # another province: the regions, a question of its own (numbered from 1)
        other = "other_" if self.path[-1] == OTHER else ""
        if "pop:move" in self.path:
            rest = self.path[self.path.index("pop:move") + 1:]
            depth = len(rest) - bool(other)
            if depth < len(PEOPLE_MOVE):
                return Msg(f"vertigo.prompt.{other}{PEOPLE_MOVE[depth]}", money=c.money)
        if other:
            return Msg("vertigo.prompt.other_region", money=c.money)
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
        if not self.path:
            actions = self.menus.what(seat)
        else:
            actions = [*self.menus.where(seat, self.path), "back"]
        if self.menus.may_finish(seat):
            actions.append("done")  # from every menu: the turn may end after a purchase
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
            return self._vote_label(seat, action)
        if self.tasks:
            return self._task_label(self.tasks[0], action)
        return self.menus.label(seat, self.path, action)

    def apply(self, seat: int, action: str) -> None:
        if not well_formed(self, seat, action):
            raise IllegalAction(Msg("core.error.illegal"))
        if action not in self.legal_actions(seat):
            raise IllegalAction(self._why_illegal(seat, action))
        self._cache_pending = None
        self._cache_legal = {}
        countries, memo = self._snapshot, self._memo
        self._snapshot, self._memo = None, None
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
                self._memo = memo
        if self._memo is None:
            self._memo = {}
        if self.phase in ("setup", "manage") and not self.path and not self.tasks:
            self.menus.say_why_no_build(self.order[self.cursor])
        self._cache_pending = None
        self._cache_legal = {}

    def refresh(self) -> None:
        """Forget cached menus after a direct change of the state (tests, tools)."""
        self._cache_pending = None
        self._cache_legal = {}
        self._snapshot = None
        self._memo = {}

    def _why_illegal(self, seat: int, action: str) -> Msg:
        """A clear reason for a refused action: stock and money first (VG-03)."""
        pending = self.pending()
        if pending is None:
            return Msg("core.error.game_over")
        if seat not in pending.seats:
            return Msg("core.error.not_your_turn")
        error = None
        if action.startswith("step:build+kind:") and not self.path:
            kind = action.partition("+kind:")[2]
            if kind in data.FACTORY_KINDS:
                error = self.menus.build_error(seat, kind)
        elif action in ("step:population", "step:population+pop:buy") and self.phase in (
                "setup", "manage"):
            error = self.menus.stock_error(seat, "population")
        elif action in ("step:train", "step:student") and self.phase in ("setup", "manage"):
            error = self.menus.stock_error(seat, "student")
        return error or Msg("core.error.illegal")

    def final_rank_key(self, seat: int) -> tuple[int, ...]:
        """VG-32: those who may win (by factories, pawns and safe), then those who cannot
        pay their upkeep, then those out; a dead planet (VG-25) is lost by all alike."""
        if self.planet >= data.PLANET_MAX:
            return (0,)
        if self.eligible(seat):
            return (2, *self.ranking_key(seat))
        return (1,) if self.active[seat] else (0,)

    def outcome(self) -> Outcome | None:
        return self.result

    # --- menus (setup and management) ---
    def _apply_menu(self, seat: int, action: str) -> bool:
        """Play a menu choice; True when it only moved through the menus."""
        if action == "done":
            self._end_menu(seat)
            return False
        if action == "back":
            del self.path[self.menus.back_to(self.path):]
            return True
        if action == OTHER:
            self.path.append(action)
            return True
        if self.path and self.path[-1] == OTHER:
            self.path.pop()  # the region chosen: its provinces come next
        if not self.path:  # what (a step, or a step and its kind), then where
            self.menus.say_out_of_stock(seat, [action.partition("+")[0]])
        choices = action.split("+")
        if choices[-1] == FIRST:  # the region's first possible province, now
            choices[-1] = self.menus.first(seat, self.path, choices[0])
        self.path += choices
        if not self.menus.complete(self.path):
            return True
        step = self.path[0]
        self.menus.execute(seat, self.path)
        if self.phase == "manage":
            self.step_min = max(self.step_min, STEP_INDEX[step.split(":")[1]])
        # stay where the next purchase of the same kind is one choice away
        keep = self.path[:2] if self.path[1:2] == ["pop:move"] else self.path[:-1]
        if len(keep) > 1 and keep[-1].startswith("region:") and self.path[-1].startswith(
                "province:"):
            keep = keep[:-1]
        while keep and not self.menus.options(seat, keep, check=True):
            keep = keep[:-1]
        self.path = keep
        return False

    def _end_menu(self, seat: int) -> None:
        self.path = []
        own = frozenset((seat,))
        others = frozenset(range(self.n)) - own
        said = self.menus.summary(seat)  # the seat heard each of its moves: full for it
        summary_lines = (Event(said, others, NORMAL, seat, spectators=True),
                         Event(said, own, FULL, seat))
        self.did, self.upkeep_paid, self.stock_said = {}, 0, set()
        if self.phase == "setup":
            self.events += (Event(Msg("vertigo.event.setup_done", player=PlayerRef(seat),
                                      money=self.countries[seat].money), cause=seat, level=FULL),
                            *summary_lines)
            country = self.countries[seat]
            for r in range(len(data.REGIONS)):  # where its people stand, region by region
                people = country.population(r)
                if people:
                    msg = Msg("vertigo.event.setup_people", region=summary.region_msg(r),
                              people=people, player=PlayerRef(seat))  # whose region
                    self.events += (Event(msg, others, NORMAL, seat, spectators=True),
                                    Event(msg, own, FULL, seat))
            self.cursor += 1
            if self.cursor < self.n:
                self._say_turn_of(self.order[self.cursor], "vertigo.event.setup_turn")
            else:
                self._start_turn()
            return
        self.events += (Event(Msg("vertigo.event.manage_done", player=PlayerRef(seat)),
                              others, FULL, seat, spectators=True),
                        # the manager hears its management end, even from a region menu (00)
                        Event(Msg("vertigo.event.manage_done_own",
                                  money=self.countries[seat].money), own, NORMAL, seat),
                        *summary_lines)
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
                                 level=FULL))  # the choice made is said at brief

    def _set_first(self, seat: int) -> None:
        self.first = seat
        self.order = [(seat + i) % self.n for i in range(self.n)
                      if self.active[(seat + i) % self.n]]
        if len(self.order) > 1:  # (one country left has ended the game)
            self.events.append(Event(Msg("vertigo.event.first", player=PlayerRef(seat),
                                         players=[PlayerRef(s) for s in self.order[1:]]),
                                     level=BRIEF))
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
        # full verbosity: the player hears the question, the others the turn in one sentence
        self.events.append(Event(Msg("vertigo.event.manage_turn", player=PlayerRef(seat)),
                                 level=FULL))
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
        self.upkeep_paid = due  # said in the turn's summary line
        own = frozenset((seat,))
        upkeep = Msg("vertigo.event.upkeep", player=PlayerRef(seat), due=due)
        for to, level in ((own, BRIEF), (frozenset(range(self.n)) - own, FULL)):
            public = to != own  # the others' copy: spectators hear it too
            self.events.append(Event(upkeep, to, level, seat, spectators=public))
            if to_vault:  # the diplomats' share (VG-29)
                self.events.append(Event(Msg("vertigo.event.upkeep_vault", vault=to_vault),
                                         to, FULL, seat, spectators=public))

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

    # --- phase 4: production (VG-26) ---
    def _production(self) -> None:
        self._say_cleanup()
        earned: list[Msg] = []
        for seat in self.order:
            if not self.active[seat]:
                continue
            c = self.countries[seat]
            amount = (c.population() * data.PRODUCTION["population"]
                      + c.factories("clean") * data.PRODUCTION["clean"]
                      + c.factories("polluting") * data.PRODUCTION["polluting"])
            self.from_bank(seat, amount)
            self.events.append(Event(Msg("vertigo.event.production", player=PlayerRef(seat),
                                         amount=amount, money=c.money), level=FULL))
            earned.append(Msg("vertigo.event.earned", player=PlayerRef(seat), amount=amount))
        self.events.append(Event(Msg("vertigo.event.production_all", players=earned),
                                 level=NORMAL))

    def _end_turn(self) -> None:
        self._say_cleanup()
        self.witnesses = 0
        self.events.append(Event(Msg("vertigo.event.turn_end", turn=self.turn), level=FULL))
        self._start_turn()

    # --- elimination and end (VG-31, VG-32, VG-25) ---
    def _eliminate(self, seat: int) -> None:
        self._say_spill()
        c = self.countries[seat]
        self.active[seat] = False
        money = c.money
        self.pay_vault(seat, money)
        self.events.append(Event(Msg("vertigo.event.eliminated", player=PlayerRef(seat)),
                                 level=BRIEF))  # "You are out" to them
        if money:
            self.events.append(Event(Msg("vertigo.event.out_money", amount=money), level=BRIEF))
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
                self.events += (Event(Msg("vertigo.event.cannot_pay", player=PlayerRef(s)),
                                      level=NORMAL),
                                Event(Msg("vertigo.event.cannot_win", player=PlayerRef(s)),
                                      level=NORMAL))
        result = Msg("vertigo.end.result", reason=reason)
        self.result = Outcome(winners, result)
        self.events.append(Event(result, level=BRIEF))  # why; the client names the winners
        if not winners:
            self.events.append(Event(Msg("vertigo.end.nobody"), level=BRIEF))
        if not planet_dead:
            level = NORMAL
            for msg in summary.standings(self):  # a tie-break line goes with its rank line
                if msg.id != "vertigo.standings.then":
                    level = BRIEF if msg.params.get("rank") == 1 else NORMAL
                self.events.append(Event(msg, level=level))

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
            "laws_used": tuple(map(frozenset, self.laws_used)),
            "proposal": self.proposal,
            "my_vote_path": tuple(self.vote_paths.get(seat, ())),
            "moratorium_turn": self.moratorium_turn,
        }

    def _countries_view(self) -> tuple[MappingProxyType[str, object], ...]:
        if self._snapshot is None:  # read-only views of copies: safe to hand out again
            self._snapshot = tuple(MappingProxyType(c.snapshot()) for c in self.countries)
        return self._snapshot

    def status(self, seat: int | None) -> list[Msg]:
        return summary.status(self, seat)

    def board(self, seat: int | None, topic: str = "") -> list[Msg]:
        return summary.board(self, seat, topic)

    def board_topics(self) -> tuple[Topic, ...]:
        return summary.topics(self.n)

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
