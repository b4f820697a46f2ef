"""Setup purchases (VG-07) and country management (VG-14..VG-19) as short menus.

A menu path is the list of choices made so far in one step, e.g.
``["step:build", "kind:clean", "region:1"]``; the next choice completes or extends it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from a11y_games.engine import Event, Msg, PlayerRef, Verbosity
from a11y_games.games.vertigo import data
from a11y_games.games.vertigo.country import (
    CLEAN,
    CODE_FACTORY,
    EMPTY,
    FACTORY_CODE,
    PEOPLE,
    POLLUTED,
    POLLUTING,
    Country,
)

if TYPE_CHECKING:
    from a11y_games.games.vertigo.state import VertigoState

FIRST = "first"
"""In a where menu, after a region: its first possible province (in letter order). The id
stays the same while the menu is open, so its number does too, as the province changes."""
OTHER = "other"
"""In a where menu: choose a province other than the first one offered with its region."""
SETUP_STEPS = ("population", "student", "build")
MANAGE_STEPS = ("move", "build", "transform", "depollute", "population", "train")
STEP_INDEX = {"move": 1, "build": 2, "transform": 2, "depollute": 3, "population": 4,
              "train": 5}
"""Management steps b) to f) happen in this order (VG-13): a later step closes earlier ones."""
DEPTH = {"move": 2, "student": 1, "build": 3, "transform": 2, "depollute": 2, "train": 1,
         "population": 2, "pop:buy": 3, "pop:move": 5}
"""Choices that complete a step (population in play depends on its second choice)."""

R3 = range(len(data.REGIONS))
LETTER = data.PROVINCE_NAMES
"""A province's name by its 0-based index (VG-02)."""
_SETUP_IDS = tuple(f"step:{st}" for st in SETUP_STEPS)
_MANAGE_IDS = tuple((f"step:{st}", STEP_INDEX[st]) for st in MANAGE_STEPS)


def _num(action: str, index: int = 1) -> int:
    return int(action.split(":")[index])


REGION_MSG = tuple(Msg(f"vertigo.region.{name}") for name in data.REGIONS)
REGION_TITLE = tuple(Msg(f"vertigo.region_title.{name}") for name in data.REGIONS)
"""Region names, built once: messages are immutable and shared by many events."""


def region_msg(region: int) -> Msg:
    return REGION_MSG[region]


def region_title(region: int) -> Msg:
    """The region's name as a heading or a menu label."""
    return REGION_TITLE[region]


def kind_msg(kind: str) -> Msg:
    return Msg(f"vertigo.factory.{kind}")


WHERE = tuple(Msg(f"vertigo.where.{name}") for name in data.REGIONS)
"""A region's name in one word, for places said in a list ("right J, centre B")."""
SIDE = tuple(Msg(f"vertigo.side.{name}") for name in data.REGIONS)
"""The same word at the head of a menu label ("Right E, 5 $")."""


@cache
def at(region: int, province: int) -> Msg:
    """Where a marker went, on its own short line ("Centre region, province D."): a detail
    said at full verbosity."""
    return Msg("vertigo.event.at", region=region_title(region), province=LETTER[province])


@cache
def region_pollution(region: int, pollution: int) -> Msg:
    """A region's pollution after a change, on its own short line."""
    return Msg("vertigo.event.region_pollution", region=region_title(region),
               pollution=pollution)


@cache
def place(owner: int, region: int, province: int, own: bool = True) -> Msg:
    """A province in a few words: "right J", or "Ana's right J" in another's country."""
    if own:
        return Msg("vertigo.place.own", region=WHERE[region], province=LETTER[province])
    return Msg("vertigo.place.other", owner=PlayerRef(owner), region=WHERE[region],
               province=LETTER[province])


@cache
def said(key: str, seat: int, **params: int | Msg) -> Msg:
    """A frequent fact about a seat, built once: ``vertigo.event.<key>``."""
    return Msg(f"vertigo.event.{key}", player=PlayerRef(seat), **params)


_DETAILS: dict[tuple[int, int | None, Verbosity, frozenset[int] | None, bool], Event] = {}


def detail(msg: Msg, cause: int | None, level: Verbosity,
           to: frozenset[int] | None = None, spectators: bool = False) -> Event:
    """A shared event for a shared, pre-built message (events are immutable too).

    Keyed by the message's identity: it is kept alive by its event, so the key stays its own.
    """
    key = (id(msg), cause, level, to, spectators)
    event = _DETAILS.get(key)
    if event is None:
        event = _DETAILS[key] = Event(msg, to, level, cause, spectators=spectators)
    return event


class Menus:
    """Options and effects of the setup and management menus for one state."""

    def __init__(self, state: VertigoState) -> None:
        self.s = state
        self._handlers = {f"step:{st}": getattr(self, f"_opt_{st}")
                          for st in (*SETUP_STEPS, *MANAGE_STEPS)}

    # --- helpers ---
    def _setup(self) -> bool:
        return self.s.phase == "setup"

    def _price(self, item: str) -> int:
        if self._setup():
            return data.SETUP_PRICES[item]
        if item == "population":
            return data.POPULATION_PRICE
        return data.BUILD_PRICES[item]

    def _engineer_pool(self, c: Country, region: int) -> int:
        """Students who may become engineers in the region now: unmoved ones (VG-15)."""
        return c.waiting(region) if self._setup() else c.fresh[region]

    def stock_error(self, seat: int, item: str) -> Msg | None:
        """Why ``item`` cannot be had from stock, or None (VG-03)."""
        s = self.s
        if item == "population" and s.population_in_play() >= data.STOCK_POPULATION:
            return Msg("vertigo.error.stock", item=Msg("vertigo.item.population"))
        if item == "student" and s.countries[seat].pawns() >= data.STOCK_STUDENTS_PER_COLOUR:
            return Msg("vertigo.error.stock", item=Msg("vertigo.item.student"))
        if item in data.FACTORY_KINDS and s.factories_in_play(item) >= data.STOCK_FACTORIES[item]:
            return Msg("vertigo.error.stock", item=kind_msg(item))
        return None

    def _can_pay(self, seat: int, amount: int, *, people: bool = False) -> bool:
        """Enough money; at setup a country without people keeps 1 $ for its first pawn."""
        c = self.s.countries[seat]
        if self._setup() and not people and not c.population():
            amount += data.SETUP_PRICES["population"]
        return c.money >= amount

    def may_finish(self, seat: int) -> bool:
        """Whether the seat may say done now.

        Always in management; at setup once the country has people, or when it can buy none
        (Decision, VG-07: a country starts with people, else it would be out at once, VG-31).
        """
        if not self._setup() or self.s.countries[seat].population():
            return True
        return not self.options(seat, ["step:population"])

    def step_price(self, path: list[str]) -> int:
        """What one more purchase of the step under way costs (0: a move of students)."""
        step = path[0].partition(":")[2]
        if step == "build":
            return self._price(path[1].partition(":")[2])
        if step == "population":
            return 0 if "pop:move" in path else self._price("population")
        if step == "student":
            return self._price("student")
        return {"depollute": data.DEPOLLUTE_PRICE, "transform": data.TRANSFORM_PRICE,
                "train": data.TRAIN_PRICE}.get(step, 0)

    def again(self, seat: int, path: list[str]) -> bool:
        """Whether the where menu of ``path`` may come back after a purchase: the money
        for two of them (a move of students is free)."""
        return self.s.countries[seat].money >= 2 * self.step_price(path)

    # --- options ---
    def steps(self, seat: int) -> list[str]:
        """Steps with at least one option now, in menu order."""
        if self._setup():
            return [step for step in _SETUP_IDS if self.options(seat, [step])]
        low = self.s.step_min
        return [step for step, index in _MANAGE_IDS if index >= low and self.options(seat, [step])]

    def what(self, seat: int) -> list[str]:
        """The top menu: each step, a factory's kind or buying and moving people named in it
        ("step:build+kind:clean"), so that what to do is one choice."""
        actions = []
        for step in self.steps(seat):
            if step == "step:build" or (step == "step:population" and not self._setup()):
                actions += [f"{step}+{choice}" for choice in self.options(seat, [step])]
            else:
                actions.append(step)
        return actions

    def first(self, seat: int, path: list[str], region: str) -> str:
        """The province ``region+first`` stands for after ``path``: the first possible one."""
        return self.options(seat, [*path, region])[0]

    def where(self, seat: int, path: list[str]) -> list[str]:
        """The next choices after ``path``; a region whose province is still to choose comes
        with its first possible province ("region:0+first": where is one choice); when a
        region has others, "other" (last) leads to the regions, then their provinces."""
        if path[-1] == OTHER:
            return [a for a in self._where(seat, path[:-1]) if "+" not in a]
        actions = self._where(seat, path)
        if any("+" not in a for a in actions if a.startswith("region:")) and any(
                "+" in a for a in actions):
            return [a for a in actions if "+" in a or not a.startswith("region:")] + [OTHER]
        return actions

    def _where(self, seat: int, path: list[str]) -> list[str]:
        """Each region with its first province, then each region that has other provinces."""
        options = self.options(seat, path)
        if not options or not options[0].startswith("region:"):
            return options
        actions, others = [], []
        for region in options:
            deeper = [*path, region]
            provinces = [] if self.complete(deeper) else self.options(seat, deeper)
            if provinces and provinces[0].startswith("province:"):
                actions.append(f"{region}+{FIRST}")
                if len(provinces) > 1:
                    others.append(region)
            else:
                actions.append(region)
        return actions + others

    @staticmethod
    def back_to(path: list[str]) -> int:
        """How much of ``path`` stays after ``back``: the last choice goes, whole."""
        if len(path) > 1 and path[-1].startswith("province:") and path[-2].startswith("region:"):
            return len(path) - 2
        if len(path) == 2 and path[1].startswith(("kind:", "pop:")):
            return 0
        return len(path) - 1

    def options(self, seat: int, path: list[str], *, check: bool = False) -> list[str]:
        """The next choices after ``path`` (which starts with a step), legal ones only.

        ``check`` first makes sure every earlier choice of the path is still possible (after
        a purchase has spent money or students); a path built by legal choices needs not.
        """
        if check and len(path) > 1 and path[-1] not in self.options(seat, path[:-1], check=True):
            return []
        return self._handlers[path[0]](seat, self.s.countries[seat], path[1:])

    def _opt_move(self, seat: int, c: Country, rest: list[str]) -> list[str]:
        if not rest:
            return [f"from:{r}" for r in R3 if c.fresh[r]]
        src = _num(rest[0])
        return [f"to:{r}" for r in R3 if r != src] + ["to:cnu"]

    def _opt_student(self, seat: int, c: Country, rest: list[str]) -> list[str]:
        if self.stock_error(seat, "student") or not self._can_pay(seat, self._price("student")):
            return []
        return [f"to:{r}" for r in R3] + ["to:cnu"]

    def _build_regions(self, seat: int, c: Country, kind: str) -> list[int]:
        need = data.ENGINEERS[kind]
        return [r for r in R3 if self._engineer_pool(c, r) >= need and PEOPLE in c.prov[r]]

    def _opt_build(self, seat: int, c: Country, rest: list[str]) -> list[str]:
        if not rest:
            kinds = []
            for kind in data.FACTORY_KINDS:
                if self.build_error(seat, kind) is None and self._build_regions(seat, c, kind):
                    kinds.append(f"kind:{kind}")
            return kinds
        kind = rest[0].split(":")[1]
        if len(rest) == 1:
            return [f"region:{r}" for r in self._build_regions(seat, c, kind)]
        return [f"province:{p}" for p in c.provinces(_num(rest[1]), PEOPLE)]

    def build_error(self, seat: int, kind: str) -> Msg | None:
        """Why a factory of ``kind`` cannot be bought now (money, stock, moratorium)."""
        error = self.stock_error(seat, kind)
        if error:
            return error
        if kind == "polluting" and self.s.moratorium_turn == self.s.turn and not self._setup():
            return Msg("vertigo.error.moratorium")
        if not self._can_pay(seat, self._price(kind)):
            return Msg("vertigo.error.money", price=self._price(kind))
        return None

    def _opt_transform(self, seat: int, c: Country, rest: list[str]) -> list[str]:
        if (self.stock_error(seat, "clean") or not self._can_pay(seat, data.TRANSFORM_PRICE)):
            return []
        if not rest:
            return [f"region:{r}" for r in R3 if POLLUTING in c.prov[r]
                    and c.fresh[r] >= data.TRANSFORM_ENGINEERS]
        return [f"province:{p}" for p in c.provinces(_num(rest[0]), POLLUTING)]

    def _opt_depollute(self, seat: int, c: Country, rest: list[str]) -> list[str]:
        if not self._can_pay(seat, data.DEPOLLUTE_PRICE):
            return []
        if not rest:
            return [f"region:{r}" for r in R3 if c.pollution(r) > self.s.planet]
        return [f"province:{p}" for p in c.provinces(_num(rest[0]), POLLUTED)]

    def _opt_population(self, seat: int, c: Country, rest: list[str]) -> list[str]:
        if self._setup():
            return self._opt_buy_people(seat, c, rest)
        if not rest:
            choices = []
            if self._opt_buy_people(seat, c, []):
                choices.append("pop:buy")
            if self._opt_move_people(seat, c, []):
                choices.append("pop:move")
            return choices
        if rest[0] == "pop:buy":
            return self._opt_buy_people(seat, c, rest[1:])
        return self._opt_move_people(seat, c, rest[1:])

    def _opt_buy_people(self, seat: int, c: Country, rest: list[str]) -> list[str]:
        if self.stock_error(seat, "population") or not self._can_pay(
                seat, self._price("population"), people=True):
            return []
        if not rest:
            return [f"region:{r}" for r in R3 if EMPTY in c.prov[r]]
        return [f"province:{p}" for p in c.provinces(_num(rest[0]), EMPTY)]

    def _move_destinations(self, c: Country, src: int) -> list[int]:
        pay = c.money >= data.MOVE_BETWEEN_REGIONS
        return [r for r in R3 if EMPTY in c.prov[r] and (r == src or pay)]

    def _opt_move_people(self, seat: int, c: Country, rest: list[str]) -> list[str]:
        if not rest:
            empties = [EMPTY in row for row in c.prov]
            if not any(empties):
                return []
            pay = c.money >= data.MOVE_BETWEEN_REGIONS
            return [f"region:{r}" for r in R3 if PEOPLE in c.prov[r] and (pay or empties[r])]
        src = _num(rest[0])
        if len(rest) == 1:
            return [f"province:{p}" for p in c.provinces(src, PEOPLE)]
        if len(rest) == 2:
            return [f"region:{r}" for r in self._move_destinations(c, src)]
        return [f"province:{p}" for p in c.provinces(_num(rest[2]), EMPTY)]

    def _opt_train(self, seat: int, c: Country, rest: list[str]) -> list[str]:
        if self.stock_error(seat, "student") or not self._can_pay(seat, data.TRAIN_PRICE):
            return []
        return [f"region:{r}" for r in R3 if not c.trained[r]
                and c.population(r) >= data.TRAIN_MIN_POPULATION]

    # --- effects ---
    def complete(self, path: list[str]) -> bool:
        step = path[0].split(":")[1]
        if step == "population" and not self._setup():
            return len(path) > 1 and len(path) - 1 == DEPTH[path[1]]
        return len(path) - 1 == DEPTH[step]

    def execute(self, seat: int, path: list[str]) -> None:
        """Carry out a completed step choice: pay, place, announce (and a stock it empties)."""
        step = path[0].split(":")[1]
        getattr(self, f"_do_{step}")(seat, self.s.countries[seat], path[1:])
        item = {"build": path[1].partition(":")[2], "student": "student", "train": "student",
                "population": "population" if "pop:move" not in path else ""}.get(step, "")
        if item:
            self.s._memo = None  # counts changed: count the stock again
            if self.stock_error(seat, item):  # that purchase took the last one (VG-03)
                self._stock_out(seat, item, None)
                self.s.stock_said.add(item)

    def say_out_of_stock(self, seat: int, path: list[str]) -> None:
        """Opening a menu whose items are partly out of stock: say which, to the player
        only, rather than leave them out without a word (VG-03)."""
        if path == ["step:build"]:
            items: tuple[str, ...] = data.FACTORY_KINDS
        elif path == ["step:population"] and not self._setup():
            items = ("population",)
        else:
            return
        for item in items:
            if self.stock_error(seat, item):
                self._stock_out(seat, item, frozenset((seat,)))

    def say_why_no_build(self, seat: int) -> None:
        """The build step gone from the menu only for want of stock: say which factory is
        out, to the player, once a turn; else the menu just lacks it (VG-03)."""
        s, c = self.s, self.s.countries[seat]
        out = [k for k in data.FACTORY_KINDS if k not in s.stock_said and self.stock_error(seat, k)]
        if not out or self._opt_build(seat, c, []):
            return
        for kind in out:
            barred = kind == "polluting" and s.moratorium_turn == s.turn and not self._setup()
            if not barred and self._can_pay(seat, self._price(kind)) and self._build_regions(
                    seat, c, kind):
                s.stock_said.add(kind)
                self._stock_out(seat, kind, frozenset((seat,)))

    def _stock_out(self, seat: int, item: str, to: frozenset[int] | None) -> None:
        if item == "student":
            msg = Msg("vertigo.stock.out_student", player=PlayerRef(seat),
                      total=data.STOCK_STUDENTS_PER_COLOUR)
        elif item == "population":
            msg = Msg("vertigo.stock.out_population", total=data.STOCK_POPULATION)
        else:
            msg = Msg(f"vertigo.stock.out_{item}", total=data.STOCK_FACTORIES[item])
        self.s.events.append(Event(msg, to, Verbosity.NORMAL, seat, informs=to is None))

    def _event(self, seat: int, msg: Msg, *, item: str = "") -> None:
        """Announce one move in one sentence, where and what it cost included: the mover
        hears it (brief: their own action confirmed), the others only at full verbosity,
        since they hear the whole turn in one sentence (:meth:`summary`). ``item`` counts
        the move in that sentence (``vertigo.did.<item>``)."""
        own = frozenset((seat,))
        self.s.events += (Event(msg, own, Verbosity.BRIEF, seat),
                          Event(msg, frozenset(range(self.s.n)) - own, Verbosity.FULL, seat,
                                spectators=True))
        if item:
            did = self.s.did
            did[item] = did.get(item, 0) + 1

    def summary(self, seat: int) -> Msg:
        """A seat's whole turn of purchases in one sentence: what, how many, money left."""
        s = self.s
        items = [Msg(f"vertigo.did.{item}", count=count) for item, count in s.did.items()]
        if s.upkeep_paid:
            items.insert(0, Msg("vertigo.did.upkeep", due=s.upkeep_paid))
        money = s.countries[seat].money
        if not items:
            return Msg("vertigo.event.managed_nothing", player=PlayerRef(seat), money=money)
        return Msg("vertigo.event.managed", player=PlayerRef(seat), items=items, money=money)

    def _do_move(self, seat: int, c: Country, rest: list[str]) -> None:
        src = _num(rest[0])
        c.fresh[src] -= 1
        if rest[1] == "to:cnu":
            c.diplomats += 1
            self._event(seat, Msg("vertigo.event.diplomat", player=PlayerRef(seat),
                                  region=region_msg(src)), item="diplomat_moved")
        else:
            dst = _num(rest[1])
            c.moved[dst] += 1
            self._event(seat, Msg("vertigo.event.student_moved", player=PlayerRef(seat),
                                  source=region_msg(src), region=region_msg(dst)),
                        item="student_moved")

    def _do_student(self, seat: int, c: Country, rest: list[str]) -> None:
        self.s.pay_bank(seat, self._price("student"))
        if rest[0] == "to:cnu":
            c.diplomats += 1
            self._event(seat, Msg("vertigo.event.bought_diplomat", player=PlayerRef(seat),
                                  price=self._price("student")), item="diplomat")
        else:
            r = _num(rest[0])
            c.fresh[r] += 1
            # with others bought before: how many wait there (three purchases in a row
            # were one line said three times)
            more = {"count": c.fresh[r]} if c.fresh[r] > 1 else {}
            self._event(seat, Msg("vertigo.event.bought_student_more" if more else
                                  "vertigo.event.bought_student", player=PlayerRef(seat),
                                  price=self._price("student"), region=region_msg(r), **more),
                        item="student")

    def _do_build(self, seat: int, c: Country, rest: list[str]) -> None:
        kind = rest[0].split(":")[1]
        r, p = _num(rest[1]), _num(rest[2])
        price = self._price(kind)
        self.s.pay_bank(seat, price)
        need = data.ENGINEERS[kind]
        take = min(need, c.fresh[r])
        c.fresh[r] -= take
        c.moved[r] -= need - take  # at setup only: every waiting student may serve
        c.prov[r][p] = FACTORY_CODE[kind]
        c.eng[r][p] = need
        self._event(seat, Msg("vertigo.event.built", player=PlayerRef(seat), kind=kind_msg(kind),
                              place=place(seat, r, p), price=price), item=kind)

    def _do_transform(self, seat: int, c: Country, rest: list[str]) -> None:
        r, p = _num(rest[0]), _num(rest[1])
        self.s.pay_bank(seat, data.TRANSFORM_PRICE)
        c.fresh[r] -= data.TRANSFORM_ENGINEERS
        c.eng[r][p] += data.TRANSFORM_ENGINEERS
        c.prov[r][p] = CLEAN
        self._event(seat, Msg("vertigo.event.transformed", player=PlayerRef(seat),
                              place=place(seat, r, p), price=data.TRANSFORM_PRICE),
                    item="transformed")

    def _do_depollute(self, seat: int, c: Country, rest: list[str]) -> None:
        r, p = _num(rest[0]), _num(rest[1])
        self.s.pay_vault(seat, data.DEPOLLUTE_PRICE)
        c.prov[r][p] = EMPTY
        self._event(seat, Msg("vertigo.event.depolluted", player=PlayerRef(seat),
                              place=place(seat, r, p), price=data.DEPOLLUTE_PRICE,
                              pollution=c.pollution(r)), item="depolluted")

    def _do_population(self, seat: int, c: Country, rest: list[str]) -> None:
        if self._setup() or rest[0] == "pop:buy":
            rest = rest if self._setup() else rest[1:]
            r, p = _num(rest[0]), _num(rest[1])
            price = self._price("population")
            self.s.pay_bank(seat, price)
            c.prov[r][p] = PEOPLE
            # the others hear where the people stand once the turn is done (VG-07)
            self._event(seat, said("population", seat, place=place(seat, r, p), price=price),
                        item="population")
            return
        src, sp, dst, dp = (_num(a) for a in rest[1:])
        cost = 0 if src == dst else data.MOVE_BETWEEN_REGIONS
        if cost:
            self.s.pay_bank(seat, cost)
        c.prov[src][sp] = EMPTY
        c.prov[dst][dp] = PEOPLE
        self._event(seat, said("people_moved", seat, price=cost, source=place(seat, src, sp),
                               place=place(seat, dst, dp)), item="people_moved")

    def _do_train(self, seat: int, c: Country, rest: list[str]) -> None:
        r = _num(rest[0])
        self.s.pay_bank(seat, data.TRAIN_PRICE)
        c.trained[r] = True
        c.moved[r] += 1  # trained after the moves of step b): it waits for next turn
        self._event(seat, Msg("vertigo.event.trained", player=PlayerRef(seat),
                              price=data.TRAIN_PRICE, region=region_msg(r)), item="trained")

    # --- labels ---
    def label(self, seat: int, path: list[str], action: str) -> Msg:
        """A short label for ``action`` offered after ``path``, costs stated."""
        if action == "done":
            return Msg("vertigo.menu.done")
        if action == "back":
            return Msg("vertigo.menu.back")
        if action == OTHER:
            return Msg("vertigo.menu.other_province")
        if path and path[-1] == OTHER:
            return Msg("vertigo.menu.region", region=region_title(_num(action)))
        c = self.s.countries[seat]
        if "+" in action:
            first, _, then = action.partition("+")
            if first.startswith("region:"):
                province = _num(self.first(seat, path, first)) if then == FIRST else _num(then)
                price = self._province_label(c, [*path, first], province).params.get("price")
                where = {"region": SIDE[_num(first)], "province": LETTER[province]}  # "Right E"
                if price is None:
                    return Msg("vertigo.menu.region_province", **where)
                return Msg("vertigo.menu.region_province_price", price=price, **where)
            if first == "step:build":
                kind = then.partition(":")[2]
                return Msg("vertigo.menu.build", kind=kind_msg(kind), price=self._price(kind))
            return self.label(seat, [first], then)
        head, _, arg = action.partition(":")
        if head == "step":
            if self._setup() and arg == "population":
                return Msg("vertigo.menu.step.setup_population",
                           price=data.SETUP_PRICES["population"])
            if self._setup() and arg == "student":
                return Msg("vertigo.menu.step.student", price=data.SETUP_PRICES["student"])
            return Msg(f"vertigo.menu.step.{arg}")
        if head == "pop":
            if arg == "buy":
                return Msg("vertigo.menu.pop.buy", price=self._price("population"))
            return Msg("vertigo.menu.pop.move")  # the price comes with each region
        if head == "kind":
            return Msg("vertigo.menu.kind", kind=Msg(f"vertigo.menu.factory.{arg}"),
                       price=self._price(arg), count=data.ENGINEERS[arg])
        if head == "from":
            r = int(arg)
            return Msg("vertigo.menu.from", region=region_title(r), count=c.fresh[r])
        if head == "to":
            if arg == "cnu":
                return Msg("vertigo.menu.to_cnu")
            return Msg("vertigo.menu.to_region", region=region_msg(int(arg)))
        if head == "region":
            return self._region_label(c, path, int(arg))
        if head == "province":
            return self._province_label(c, path, int(arg))
        return Msg("vertigo.menu.unknown", action=action)

    def _region_label(self, c: Country, path: list[str], r: int) -> Msg:
        step = path[0].split(":")[1] if path else ""
        if step == "train":
            return Msg("vertigo.menu.train_region", region=region_title(r), price=data.TRAIN_PRICE)
        if step == "depollute":
            return Msg("vertigo.menu.region_pollution", region=region_title(r),
                       pollution=c.pollution(r))
        if step == "population" and len(path) == 4:  # destination of a moved pawn
            src = _num(path[2])
            price = 0 if src == r else data.MOVE_BETWEEN_REGIONS
            return Msg("vertigo.menu.region_price", region=region_title(r), price=price)
        return Msg("vertigo.menu.region", region=region_title(r))

    def _province_label(self, c: Country, path: list[str], p: int) -> Msg:
        step = path[0].split(":")[1]
        if step == "build":
            kind = path[1].split(":")[1]
            return Msg("vertigo.menu.province_price", province=LETTER[p], price=self._price(kind))
        if step == "transform":
            return Msg("vertigo.menu.province_price", province=LETTER[p],
                       price=data.TRANSFORM_PRICE)
        if step == "depollute":
            return Msg("vertigo.menu.province_price", province=LETTER[p],
                       price=data.DEPOLLUTE_PRICE)
        if step == "population":
            if self._setup() or path[1] == "pop:buy":
                return Msg("vertigo.menu.province_price", province=LETTER[p],
                           price=self._price("population"))
            if len(path) == 3:
                return _province(p)
            price = 0 if _num(path[2]) == _num(path[4]) else data.MOVE_BETWEEN_REGIONS
            return Msg("vertigo.menu.province_price", province=LETTER[p], price=price)
        return _province(p)

    # --- upkeep (VG-14) ---
    def upkeep_options(self, seat: int, path: list[str]) -> list[str]:
        """Pawns to give up: students, a diplomat, or a factory (region, then province)."""
        c = self.s.countries[seat]
        if path:
            r = _num(path[0])
            return [f"drop:factory:{r}:{p}" for p in range(data.PROVINCES) if c.eng[r][p]] + [
                "back"]
        opts = [f"drop:student:{r}" for r in R3 if c.waiting(r)]
        if c.diplomats:
            opts.append("drop:diplomat")
        return opts + [f"region:{r}" for r in R3 if any(c.eng[r])]

    def upkeep_label(self, seat: int, action: str) -> Msg:
        c = self.s.countries[seat]
        if action == "back":
            return Msg("vertigo.menu.back")
        if action.startswith("region:"):
            r = _num(action)
            return Msg("vertigo.menu.drop_region", region=region_title(r),
                       count=c.factories(region=r))
        parts = action.split(":")
        if parts[1] == "student":
            return Msg("vertigo.menu.drop_student", region=region_msg(int(parts[2])))
        if parts[1] == "diplomat":
            return Msg("vertigo.menu.drop_diplomat")
        r, p = int(parts[2]), int(parts[3])
        return Msg("vertigo.menu.drop_factory", kind=kind_msg(CODE_FACTORY[c.prov[r][p]]),
                   region=region_title(r), province=LETTER[p], count=c.eng[r][p])

    def drop(self, seat: int, action: str) -> None:
        """Remove one unpaid pawn; a factory losing an engineer is destroyed (VG-14)."""
        c = self.s.countries[seat]
        parts = action.split(":")
        if parts[1] == "student":
            r = int(parts[2])
            if c.moved[r]:
                c.moved[r] -= 1
            else:
                c.fresh[r] -= 1
            self._event(seat, Msg("vertigo.event.dropped_student", player=PlayerRef(seat),
                                  region=region_msg(r)), item="dropped")
        elif parts[1] == "diplomat":
            c.diplomats -= 1
            self._event(seat, Msg("vertigo.event.dropped_diplomat", player=PlayerRef(seat)),
                        item="dropped")
        else:
            r, p = int(parts[2]), int(parts[3])
            kind = CODE_FACTORY[c.prov[r][p]]
            c.prov[r][p] = PEOPLE
            c.eng[r][p] = 0
            self._event(seat, Msg("vertigo.event.factory_destroyed", player=PlayerRef(seat),
                                  kind=kind_msg(kind), place=place(seat, r, p)), item="dropped")


def _province(p: int) -> Msg:
    """"Province B", said "C" after it in a list (the head said once)."""
    return Msg("vertigo.menu.province", province=LETTER[p],
               continued=Msg("vertigo.menu.province_next", province=LETTER[p]))
