"""Phase 3, pollution: dice, markers, witnesses and the planet (VG-20..VG-25)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from a11y_games.engine import Event, Msg, PlayerRef, Verbosity
from a11y_games.games.vertigo import data, summary
from a11y_games.games.vertigo.country import CODE_FACTORY, EMPTY, PEOPLE, POLLUTED
from a11y_games.games.vertigo.manage import (
    at,
    detail,
    kind_msg,
    place,
    region_msg,
    region_pollution,
    region_title,
)
from a11y_games.games.vertigo.tasks import ARROW, CLEANUP, PLACE, Task

BRIEF, NORMAL, FULL = Verbosity.BRIEF, Verbosity.NORMAL, Verbosity.FULL
R3 = range(len(data.REGIONS))
LETTER = data.PROVINCE_NAMES
"""A province's name by its 0-based index (VG-02)."""

if TYPE_CHECKING:
    from a11y_games.games.vertigo.state import VertigoState

    _State = VertigoState
else:
    _State = object


FACE = {face: Msg(f"vertigo.die.{face}") for face in set(data.DIE_FACES)}


@cache
def rolled(seat: int, face: str, region: int, more: int = 0) -> Msg:
    """A roll; ``more``: rolls still to come for that region (two sources there would
    otherwise say the same line twice, "Ana rolls sun for the right region.")."""
    if more:
        return Msg("vertigo.event.roll_more", player=PlayerRef(seat), face=FACE[face],
                   region=region_msg(region), count=more)
    return Msg("vertigo.event.roll", player=PlayerRef(seat), face=FACE[face],
               region=region_msg(region))


@cache
def marker(by: int, owner: int) -> Msg:
    return Msg("vertigo.event.marker", player=PlayerRef(by), owner=PlayerRef(owner))


class PollutionPhase(_State):
    """Rolls, marker placement and removal tasks; mixed into the state."""

    # --- what the table hears: one sentence per roller (details at full verbosity) ---
    def _spill(self, seat: int, kind: str) -> tuple[list[Msg], list[Msg]]:
        """Dice and places of ``seat``'s ``kind`` of markers: roll, forced or cleanup."""
        key = (seat, kind)
        entry = self.spill.get(key)
        if entry is None:
            entry = self.spill[key] = ([], [])
        return entry

    def _say_spill(self, *, to_come: bool = False) -> None:
        """Say each roller's dice and markers in one sentence, in the order they came: to
        the others and spectators; the roller heard each roll and marker as it came
        (brief), so hears the sentence at full verbosity only. Said before what a roll
        does to someone else (cause first); ``to_come``: its markers are still to come
        (an arrow whose owner picks the province)."""
        for (seat, kind), (faces, places) in self.spill.items():
            who = PlayerRef(seat)
            if kind != "roll":  # forced markers, or markers removed
                msg = Msg(f"vertigo.event.{kind}_by", player=who, places=places)
            elif places and faces:
                msg = Msg("vertigo.event.pollution_by", player=who, faces=faces, places=places)
            elif places:  # the rest of a roll said before the planet rose
                msg = Msg("vertigo.event.places_by", player=who, places=places)
            elif faces:
                key = "vertigo.event.rolls_by" if to_come else "vertigo.event.pollution_none"
                msg = Msg(key, player=who, faces=faces)
            else:
                continue
            own = frozenset((seat,))
            self.events += (Event(msg, frozenset(range(self.n)) - own, NORMAL,
                                  spectators=True),
                            Event(msg, own, FULL))
        self.spill.clear()

    def _to_them(self, seats: frozenset[int], msg: Msg, cause: int | None) -> None:
        """``seats`` hear ``msg`` at brief verbosity (it is theirs), the others at full."""
        self.events += (Event(msg, seats, BRIEF, cause),
                        Event(msg, frozenset(range(self.n)) - seats, FULL, cause,
                              spectators=True))

    def _start_pollution(self) -> None:
        self.phase = "pollution"
        self.roller_index = 0
        self.rolls.clear()
        self.pollution_closed = False
        self.events.append(Event(Msg("vertigo.event.phase_pollution"), level=NORMAL))
        self._advance()

    def _pollution_step(self) -> bool:
        """One automatic pollution step; False when the phase handed over to another."""
        if self.rolls:
            self._roll(self.order[self.roller_index - 1], self.rolls.popleft())
            return True
        if self.roller_index < len(self.order):
            seat = self.order[self.roller_index]
            self.roller_index += 1
            self._say_spill()
            if self.active[seat]:
                c = self.countries[seat]
                for r in R3:
                    self.rolls.extend([r] * c.sources(r))
                self.events.append(Event(Msg("vertigo.event.sources", player=PlayerRef(seat),
                                             count=len(self.rolls)), level=FULL))
            return True
        if not self.pollution_closed:
            self.pollution_closed = True
            self._say_spill()
            if not self.placed:
                self._planet_falls()
            return True
        self._production()
        self._start_laws()
        return False

    def _roll(self, seat: int, region: int) -> None:
        face = self.rng.choice(data.DIE_FACES)
        own, others = frozenset((seat,)), frozenset(range(self.n)) - {seat}
        said = rolled(seat, face, region, self.rolls.count(region))
        self.events += (detail(said, None, BRIEF, own),
                        detail(said, None, FULL, others, spectators=True))
        self._spill(seat, "roll")[0].append(FACE[face])
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
            self._say_spill()  # the dice first, then the marker they could not place
            self.events += (Event(Msg("vertigo.event.marker_lost", player=PlayerRef(task.by)),
                                  level=NORMAL),
                            Event(Msg("vertigo.event.no_room"), level=NORMAL))

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
            return Msg("vertigo.prompt.cleanup", region=region_title(task.region))
        if task.kind == PLACE:
            if not self.countries[task.owner].provinces(task.region, EMPTY):
                key = "vertigo.prompt.full"  # the marker destroys what stands there (VG-22)
            elif not task.witness:
                key = "vertigo.prompt.forced"
            elif task.by == task.seat:
                key = "vertigo.prompt.place_own"
            else:
                key = "vertigo.prompt.place"
            return Msg(key, region=region_title(task.region), player=PlayerRef(task.by))
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
            return Msg("vertigo.menu.region_pollution", region=region_title(int(arg)),
                       pollution=self.countries[target].pollution(int(arg)))
        owner = int(self.path[0].split(":")[1]) if task.kind == ARROW else task.owner
        region = int(self.path[1].split(":")[1]) if task.kind == ARROW else task.region
        row = self.countries[owner].prov[region]
        code = row[int(arg)]
        if code == EMPTY and all(row[int(a.partition(":")[2])] == EMPTY
                                 for a in self._task_options(task) if a.startswith("province:")):
            return Msg("vertigo.menu.province_free", province=LETTER[int(arg)],  # all empty
                       continued=Msg("vertigo.menu.province_next", province=LETTER[int(arg)]))
        return Msg("vertigo.menu.province_what", province=LETTER[int(arg)],
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
                    self._say_spill(to_come=True)  # the roll, then where it goes
                    self.events += (
                        Event(Msg("vertigo.event.arrow_owner", player=PlayerRef(seat),
                                  owner=PlayerRef(target), region=region_msg(r)), cause=seat),
                        Event(Msg("vertigo.event.owner_places", owner=PlayerRef(target)),
                              cause=seat))
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
                own, others = frozenset((seat,)), frozenset(range(self.n)) - {seat}
                cleaned = Msg("vertigo.event.cleaned", player=PlayerRef(seat),
                              place=place(seat, task.region, p))
                self.events += (Event(cleaned, own, BRIEF, seat),
                                Event(cleaned, others, FULL, seat, spectators=True))
                self._spill(seat, "cleanup")[1].append(place(seat, task.region, p, True))
        else:
            self.tasks.popleft()
            self._place(task.by, task.owner, task.region, int(action.split(":")[1]),
                        witness=task.witness)
        if not self.tasks:
            self._say_cleanup()
        self._advance()

    def _say_cleanup(self) -> None:
        """Markers removed (the planet healed, or the great clean-up): said once all are."""
        if any(kind == "cleanup" for _, kind in self.spill):
            self._say_spill()

    def _place(self, by: int, owner: int, region: int, province: int, *, witness: bool) -> None:
        """Put a marker; anything on the province is removed (VG-21..VG-23, VG-31)."""
        c = self.countries[owner]
        was, lost = c.pollute(region, province)
        self.placed = True
        where = at(region, province)
        theirs = frozenset((by, owner))
        others = frozenset(range(self.n)) - theirs
        spot = place(owner, region, province, by == owner)  # "right I", or "Ana's right I"
        key = "vertigo.event.marker_mine" if by == owner else "vertigo.event.marker_on"
        said = Msg(key, player=PlayerRef(by), place=spot, pollution=c.pollution(region))
        faces, places = self._spill(by, "roll" if witness else "forced")
        if by != owner and witness and not faces:  # the owner picked: the dice were said
            self.events += (Event(said, theirs, BRIEF, by),
                            Event(said, others, NORMAL, by, spectators=True))
        else:
            places.append(place(owner, region, province, by == owner))
            if (by != owner or was >= PEOPLE) and (faces or not witness):
                self._say_spill()  # the dice before what they did to someone (cause first)
            self.events += (Event(said, theirs, BRIEF, by),
                            detail(marker(by, owner), by, FULL, others, spectators=True),
                            detail(where, by, FULL, others, spectators=True),
                            detail(region_pollution(region, c.pollution(region)), by, FULL,
                                   others, spectators=True))
        if was >= PEOPLE:
            what = (Msg("vertigo.lost.people") if was == PEOPLE else
                    Msg("vertigo.lost.factory", kind=kind_msg(CODE_FACTORY[was])))
            self.events.append(Event(Msg("vertigo.event.wiped", owner=PlayerRef(owner), what=what,
                                         place=place(owner, region, province)),
                                     cause=by, level=BRIEF))
            if lost:
                self.events.append(Event(Msg("vertigo.event.engineers_lost", count=lost),
                                         cause=by, level=BRIEF))
            if c.population() == 0:
                self._eliminate(owner)
                if self.result is not None:
                    return
        if not witness:
            return
        self.witnesses += 1
        self.events.append(Event(Msg("vertigo.event.witnesses", count=self.witnesses,
                                     threshold=self.threshold), level=FULL, cause=by))
        if self.witnesses >= self.threshold:
            self.witnesses = 0
            self._planet_rises()

    def _planet_rises(self) -> None:
        self._say_spill()
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

