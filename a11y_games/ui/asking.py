"""Questions and answers: the question with its numbered choices, the prompt, a choice
typed by number or by name, and reaction races."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from a11y_games.engine import Event, IllegalAction, Msg, Pending, PlayerRef, Verbosity
from a11y_games.engine.actions import BACK, is_finish
from a11y_games.engine.steps import STEP, first_step
from a11y_games.ui.commands import fold
from a11y_games.ui.numbering import FINISH_KEY, menu_key
from a11y_games.ui.terminal import PROMPT, Woken

__all__ = ["SHORT", "Asking", "said_prompt"]


CONTINUED = "continued"
"""A choice label's parameter (not said in the label itself): the shorter label said when
the entry follows one with the same kind of label for the same first step ("Sail to A3, 1
vatu", then "B2, 2 vatu"): the head the two share is said once."""


def _continuing(label: Msg, before: Msg | None) -> Msg:
    """``label``, or its shorter form when it continues ``before`` (see :data:`CONTINUED`)."""
    short = label.params.get(CONTINUED)
    if (isinstance(short, Msg) and before is not None and before.id == label.id
            and before.params.get(STEP) == label.params.get(STEP)):
        return short
    return label


SHORT = "short"
"""A question's parameter (not said in the question itself): the question as said when it
is first asked, just after the lines that named what it is about ("Your vote on Law 5?"
after "Gaia proposes Law 5, climate accord."; "Approve them?" after "Ingrid nominates
Priya."). Come back to by ``0. Back`` (from a claim menu), and at Enter, ``choices``,
full verbosity and a shared keyboard, it is said whole."""


def said_prompt(prompt: Msg, humans: int) -> Msg:
    """The question as first said to the player (see :data:`SHORT`)."""
    short = prompt.params.get(SHORT)
    return short if isinstance(short, Msg) and humans <= 1 else prompt


INLINE = 40
"""At most this many characters for a list heard before to be said on one line."""

LITTLE = 2
"""At most this many entries new, changed or gone for a menu to be said in part."""


@dataclass
class HeardList:
    """A menu's list as the seat heard it last: its numbering, its labels by number, its
    entries' actions; the turn (``Numbering.turns``) in which it was last heard whole;
    ``left`` once the seat finished or left that question."""

    opened: int
    labels: dict[str, str]
    actions: frozenset[str]
    whole_turn: int = -1
    left: bool = False


def _anothers(event: Event, seat: int) -> bool:
    """Whether an event tells another player's doing: caused by another seat, or the
    table's sentence about another player ("Erakor, rest token: 1 vatu.")."""
    if event.cause is not None:
        return event.cause != seat
    return any(isinstance(value, PlayerRef) and value.seat != seat
               for value in event.msg.params.values())


class Asking:
    """Part of :class:`~a11y_games.ui.client.Client` (a mixin: it uses the client's
    table, writer, translator and settings)."""

    def ask(self, seat: int, pending: Pending, *, choices: bool = False) -> None:
        """The question, and its choices unless the verbosity is brief (``choices``: always,
        every one).

        At normal verbosity a list the seat has just heard is not said again: the same
        choices are one short line, and a menu asked again after a step in it says only
        the choices that are new or changed (their numbers stay); a question that follows
        the seat's own step, or no other player's doing, is said without "Your turn:" (see
        :meth:`_follows` and :meth:`_turn_implied`). The question
        is one whole line, never cut to fit a width (a braille display pans it); it is
        kept, with whose turn it is and all its choices, for the key that says it again.
        The question is the seat's own (a voter in PNUE's claim menu: the claim's)."""
        pending = self.table.pending_for(seat) or pending
        turn = self.turn_msg(seat, pending.prompt)
        follows = self._follows(seat) or self._turn_implied(seat)
        taught = getattr(self, "_taught", False)
        full = [turn, *self._choice_lines(seat)]
        self._taught = taught  # the list said below is the one that teaches
        whole = True
        if choices or self.verbosity >= Verbosity.FULL:
            said = full
        else:
            back = getattr(self, "_went_back", None) == (seat, self.table.log_length)
            asked = pending.prompt if back else said_prompt(pending.prompt,
                                                            len(self.table.humans()))
            question = [asked if follows else self.turn_msg(seat, asked)]
            said = question
            if self.verbosity >= Verbosity.NORMAL:
                news, whole = self._choices_news(seat, pending)
                said = question + (self._inline(seat, pending, news) if whole else news)
        if said is full or len(said) > 1:  # brief: no list was heard
            self._remember_choices(seat, pending, whole=whole)
            self._taught = True
        self.listed_whole = whole and (said is full or len(said) > 1)
        """Whether the question was said with every one of its choices (a list said in
        part, or none at brief: False)."""
        if any(m.id.endswith("_several") for m in said):  # "one or several" heard
            self.__dict__.setdefault("_several_taught", set()).add((seat, pending.prompt.id))
        texts = [self.tr.render(m) for m in said]
        self.out.lines([*texts, *(self.tr.render(m) for m in self.first_heard(said))])
        self.out.question = [self.tr.render(m) for m in full] if said is not full else texts
        if self.braille.mode:
            cells = self._braille_lines(texts)
            if cells:
                self.out.lines(cells, remember=False)

    def _inline(self, seat: int, pending: Pending, lines: list[Msg]) -> list[Msg]:
        """A short list said whole (its header, then an entry a line), or on one line
        without its header when this seat heard this very list whole before in the game,
        every entry the same (the third vote's "1. Yes; 2. No; 3. Abstain."), and it fits
        :data:`INLINE` cells: every entry is still said, the header taught nothing new."""
        items = [self.tr.render(m) for m in lines[1:]]
        known: set[tuple[object, ...]] = self.__dict__.setdefault("_lists_heard", set())
        key = (seat, pending.prompt.id, *items)
        if key not in known:
            known.add(key)
            return lines
        joined = self.tr.render(Msg("core.choices.names_separator")).join(items)
        inline = Msg("core.choices.inline", items=joined)
        return [inline] if len(self.tr.render(inline)) <= INLINE else lines

    def turn_msg(self, seat: int, question: Msg) -> Msg:
        """"Your turn: QUESTION"; named ("Ana, your turn: ...") when several people share
        this keyboard: one player alone, or at a network table, knows who they are."""
        if len(self.table.humans()) > 1:
            return Msg("core.turn.you", seat=self.table.seat_name(seat), question=question)
        return Msg("core.turn.yours", question=question)

    def _follows(self, seat: int) -> bool:
        """Whether this question follows the seat's own last answer with nothing heard
        between but its own doings: then it is said without "Ana, your turn:" (a question
        after others played, or after the game's own steps, names whose turn it is)."""
        events = self.table.events
        last = getattr(self, "_last_asked", None)
        self._last_asked = (seat, len(events))
        return (last is not None and last[0] == seat and last[1] <= len(events)
                and all(e.cause == seat for e in events[last[1]:]
                        if e.visible(seat) and e.level <= self.verbosity))

    def _turn_implied(self, seat: int) -> bool:
        """Whether the question may go without "Your turn:" although others played since
        the seat's last answer: one person plays at this keyboard (several are named), it
        is not the game's first question, and the last line the seat heard was not another
        player's doing (the round's opening, the water, the seat's own doings: the question
        is the seat's own); after another player's move the turn is said to come back."""
        if len(self.table.humans()) > 1 or not getattr(self, "_taught", False):
            return False
        for event in reversed(self.table.events):  # the last line heard before the question
            if (event.visible(seat) and self._heard_at_level(event)
                    and not self.is_muted(event, seat)):
                return not _anothers(event, seat)
        return False

    def _said_list(self, seat: int, pending: Pending) -> tuple[object, dict[str, str],
                                                               frozenset[str]]:
        """The menu's key, its labels as said by number, and its entries' actions (back
        and the finishing answer aside)."""
        keyed = self.keyed_choices(seat)
        return (menu_key(seat, pending.prompt),
                {key: self.tr.render(label) for key, _, label in keyed},
                frozenset(action for key, action, _ in keyed if key.strip("0")))

    def _heard_list(self, menu: object, actions: frozenset[str]) -> HeardList | None:
        """The list heard last of this very question: the same prompt, not finished or
        left since (``done``, ``back``), and sharing an entry with the list now. Another
        question asked with the same words (Vertigo's "Which region?" of the setup's
        population, of a purchase, of a clean-up) is not it."""
        heard: dict[object, list[HeardList]] = getattr(self, "_heard_choices", {})
        return next((h for h in reversed(heard.get(menu, []))
                     if not h.left and h.actions & actions), None)

    def _remember_choices(self, seat: int, pending: Pending, *, whole: bool) -> None:
        """The list as the seat heard it now (``whole``: every entry said)."""
        heard: dict[object, Any] = self.__dict__.setdefault("_heard_choices", {})
        if len(heard) > 500:
            heard.clear()
        menu, labels, actions = self._said_list(seat, pending)
        known = self._heard_list(menu, actions)
        if known is None:
            known = HeardList(self.numbering.opened, labels, actions)
            heard.setdefault(menu, []).append(known)
            del heard[menu][:-8]  # a few questions share a prompt, not more
        known.opened, known.labels, known.actions = self.numbering.opened, labels, actions
        if whole:
            known.whole_turn = self.numbering.turns
        heard[("last", seat)] = known

    def _choices_news(self, seat: int, pending: Pending) -> tuple[list[Msg], bool]:
        """The choices to say at normal verbosity, and whether that is the whole list.

        A list is said in part only when the seat heard the whole of it this turn (no
        other seat acted since) and little changed (:data:`LITTLE`): the same list is one
        short line, else what is new or changed by number and what went by name ("4
        choices left; gone: Depollute a region."). Otherwise, or when the whole list is
        no longer, it is said whole: a player need not remember a list heard before
        others played, nor numbers without their names."""
        menu, now, actions = self._said_list(seat, pending)
        whole = self._choice_lines(seat, continued=True)
        heard = getattr(self, "_heard_choices", {})
        before = self._heard_list(menu, actions)
        turn = self.numbering.turns
        last = heard.get(("last", seat))
        if last is not None and last.labels == now and last.whole_turn == turn:
            return [Msg("core.choices.same", count=len(now))], False
        if (before is None or before.opened != self.numbering.opened
                or before.whole_turn != turn):
            return whole, True
        news = [(key, label) for key, label in now.items() if before.labels.get(key) != label]
        gone = [label for key, label in before.labels.items() if key not in now]
        if len(news) + len(gone) > LITTLE:
            return whole, True
        names = self.tr.render(Msg("core.choices.names_separator")).join(
            label.rstrip(".") for label in gone)
        if not news:
            said = [Msg("core.choices.gone", count=len(now), names=names) if gone
                    else Msg("core.choices.same", count=len(now))]
        else:
            said = ([Msg("core.choices.changed_one", count=len(now), number=news[0][0],
                         label=news[0][1])] if len(news) == 1 else
                    [Msg("core.choices.changed", count=len(now), new=len(news))] + [
                        Msg("core.choices.item", number=key, label=label)
                        for key, label in news])
            said += [Msg("core.choices.gone_also", names=names)] if gone else []
        if sum(map(len, self.tr.render_all(whole))) <= sum(map(len, self.tr.render_all(said))):
            return whole, True  # the whole list is no longer
        return said, False

    def prompt_text(self) -> str:
        """A short prompt (``Ana>``, ``Waiting>``): the question is the line above it."""
        pending = self.table.pending()
        if pending is None and self.table.outcome() is not None:
            return self.tr.render(Msg("core.prompt.over")) + "> "
        if pending is None:  # a network table's first question not yet here
            return self.tr.render(Msg("core.prompt.wait")) + "> "
        actor = self._seat_in_view()
        if actor is not None and actor in pending.seats:
            return self.tr.render(Msg("core.prompt.turn", seat=self.table.seat_name(actor))) + "> "
        return self.tr.render(Msg("core.prompt.wait")) + "> "

    def _waiting_prompt(self, prompt: str) -> bool:
        """True for a prompt shown while nothing is asked of the player (others play, or
        the game is over): said once, not again after each move, departure or chat line."""
        return prompt in (self.tr.render(Msg("core.prompt.wait")) + "> ",
                          self.tr.render(Msg("core.prompt.over")) + "> ")

    def repeat_question(self) -> None:
        """Enter alone: the question with every choice, at every verbosity (as ``choices``
        and F5), or whose turn it is."""
        mine = self._my_turn()
        if mine is None:
            self.cmd_whose("")
        else:
            self.ask(*mine, choices=True)

    def keyed_choices(self, seat: int) -> list[tuple[str, str, Msg]]:
        """(key, action, label) of each choice the seat has now, numbered stably while the
        same menu stays open (see :mod:`a11y_games.ui.numbering`)."""
        legal = self.table.choices(seat)
        pending = self.table.pending_for(seat)  # its own question: its own menu's numbers
        labels = dict(legal)
        if pending is None or not legal:
            return []
        keyed = self.numbering.keys(menu_key(seat, pending.prompt), [a for a, _ in legal])
        return [(key, action, labels[action]) for key, action in keyed]

    def choice_number(self, seat: int, action: str) -> str:
        """The key the player types for ``action`` now (``0`` for back, ``00`` to finish)."""
        return next(k for k, a, _ in self.keyed_choices(seat) if a == action)

    def choose(self, key: int | str) -> bool:
        """Answer the question by a choice's key; False (and said why) if refused."""
        mine = self._my_turn()
        if mine is None:
            self.say(Msg("core.error.no_choice_now"))
            self.cmd_whose("")
            return False
        seat, _ = mine
        word = str(key)
        word = word if word == FINISH_KEY else str(int(word))
        keyed = self.keyed_choices(seat)
        action = next((a for k, a, _ in keyed if k == word), None)
        if action is None:
            self.say(Msg("core.error.choice_key", number=word, count=len(keyed)))
            return False
        return self._act_own(seat, action)

    def answer_alone(self, seat: int, pending: Pending) -> bool:
        """A question with one possible answer (not back, not a race) is answered at once,
        and said, unless the player turned that off; so is a question whose only answer
        besides ``0. Back`` is one choice, when it follows the seat's own step ("Draw on
        which island? 1. Tanna / 0. Back" after choosing to draw): the step that led here
        chose it. At a local table, below ``full``, the line saying it is left out when
        the answer's own lines confirm it ("Ana gives up Tourist.", "Your rest token: first
        player.": "Only one choice: Rest." would say it twice). Never a question the player
        came back to by ``0. Back``: answered again, Back would never get out of it (PNUE's
        claim menu with one turn to claim about). True if answered."""
        if not self.only_choice or pending.race or seat != self.viewer:
            return False
        if getattr(self, "_went_back", None) == (seat, self.table.log_length):
            return False
        legal = self.table.choices(seat)
        real = [choice for choice in legal if choice[0] != BACK]
        if len(real) != 1 or (len(legal) > 1 and (pending.several
                                                  or not self._after_own_step(seat))):
            return False
        key = (seat, pending, self.table.log_length)
        if key == getattr(self, "_answered_alone", None):
            return False  # refused once: ask it
        self._answered_alone = key
        said = Msg("core.choices.only", label=real[0][1])
        if not self.table.local or self.verbosity >= Verbosity.FULL:
            self.say(said)  # a remote table's events come later: said before them
            return self._act_own(seat, real[0][0])
        before = len(self.table.events)
        if not self._act_own(seat, real[0][0]):
            return False
        if not any(e.cause == seat and e.visible(seat) and self._heard_at_level(e)
                   and not self.is_muted(e, seat) for e in self.table.events[before:]):
            self.say(said)  # nothing of the player's own said: before what follows
        return True

    def _act_own(self, seat: int, action: str) -> bool:
        """The seat's own answer, played; remembered as its last step. False if refused
        (and said why)."""
        before = len(self.table.events)
        try:
            self.table.act(seat, action)
        except IllegalAction as error:
            self.say(error.msg)
            return False
        self._own_step = (seat, before)
        self._went_back = (seat, self.table.log_length) if action == BACK else None
        if action == BACK or is_finish(action):  # the question is over: asked again, whole
            for known in getattr(self, "_heard_choices", {}).get(self.numbering.menu, []):
                known.left = True
        return True

    def _after_own_step(self, seat: int) -> bool:
        """Whether nothing but the seat's own doings happened since its last answer (the
        question comes from that answer, as a sub-question comes from its menu)."""
        last = getattr(self, "_own_step", None)
        events = self.table.events
        return (last is not None and last[0] == seat and last[1] <= len(events)
                and all(e.cause == seat for e in events[last[1]:]))

    def answer_keys(self, words: list[str]) -> None:
        """Several keys typed on one line (``1 3 2``) answer successive questions, each
        only if the next question is asked of the same seat with nothing done by others
        meanwhile; the first refusal stops. The keys not taken are said, with why (others
        played first, nothing is asked of the seat, a race, the key before refused): the
        question asked instead follows."""
        mine = self._my_turn()
        if mine is None:
            self.choose(words[0])
            return
        seat = mine[0]
        before = len(self.table.events)
        for index, word in enumerate(words):
            if index:
                self.advance(ask=False)
                mine = self._my_turn()
                others = any(e.cause != seat for e in self.table.events[before:])
                why = ("core.choices.ahead_not_asked" if mine is None or mine[0] != seat
                       else "core.choices.ahead_race" if mine[1].race
                       else "core.choices.ahead_others" if others else None)
                if why is not None:
                    self.say(Msg(why, count=len(words) - index, numbers=words[index:]))
                    return
            before = len(self.table.events)
            if not self.choose(word):
                if index + 1 < len(words):
                    self.say(Msg("core.choices.ahead_refused", count=len(words) - index - 1,
                                 numbers=words[index + 1:]))
                return

    def _choice_named(self, line: str) -> str | None:
        """The key of the one choice whose label (or id, or the label's head before a
        comma, colon or bracket) is what was typed: "back" for "0. Back", "termine" for
        "00. Terminé", "gaia" for "2. Gaïa (4)", "sail" for "1. Sail: no marker"; else of
        the one choice with a word of its label that no other choice has ("brazil" for
        "Nominate Brazil"); None if no single choice is named."""
        mine = self._my_turn()
        if mine is None:
            return None
        seat, key = mine[0], fold(line)
        if not key:
            return None
        named: list[str] = []
        worded: list[str] = []
        for choice, action, described in self.keyed_choices(seat):
            label = fold(self.tr.render(described))
            if key in (fold(action), label, fold(re.split(r"[,:]| \(", label)[0])):
                named.append(choice)
            if key in re.findall(r"\w+", label):
                worded.append(choice)
        if len(named) == 1:
            return named[0]
        if not named and len(worded) == 1:
            return worded[0]
        return None

    def _choices_sharing(self, line: str) -> list[str]:
        """The keys of the choices whose label has the word typed ("greek" at "3. Greek",
        "8. Greek"): a word that names several choices, said as such, not as unknown."""
        mine = self._my_turn()
        key = fold(line)
        if mine is None or not key:
            return []
        return [choice for choice, action, described in self.keyed_choices(mine[0])
                if key == fold(action) or re.search(rf"\b{re.escape(key)}\b",
                                                    fold(self.tr.render(described)))]

    def _step_named(self, line: str) -> tuple[int, str] | None:
        """The seat asked and the action whose name was typed when the menu offers it with
        its places ("build" for "Hut on Efate: 3 vatu", "Hut on Tanna: 3 vatu"): that step
        alone, its place then asked as its own question; None if no single action is so
        named."""
        mine = self._my_turn()
        key = fold(line)
        if mine is None or not key:
            return None
        found = set()
        for _, action, described in self.keyed_choices(mine[0]):
            step = described.params.get(STEP)
            if isinstance(step, Msg):
                label = fold(self.tr.render(step))
                if key in (label, fold(re.split(r"[,:]| \(", label)[0])) or (
                        key in re.findall(r"\w+", label)):
                    found.add(first_step(action))
        return (mine[0], found.pop()) if len(found) == 1 else None

    def _choice_lines(self, seat: int, *, continued: bool = False) -> list[Msg]:
        """Every choice, numbered; the first list of the game says how to answer.
        ``continued``: an entry that continues the one before it (the same kind of label,
        for the same first step) is said by its shorter label, the game's ``continued``
        parameter ("3. Tourist to Efate: 2 vatu, 1 of 5", "4. Tanna: 0 vatu, 0 of 4"):
        the list said at normal verbosity; ``choices`` and full say every label whole.
        That a question takes several numbers ("6 choices, one or several:") is said with
        its list the first time in a game, and in every list said whole by ``choices``
        or at full; said at normal again, the same question's header is "6 choices:"."""
        keyed = self.keyed_choices(seat)
        header = "core.choices.header_short" if getattr(self, "_taught", False) \
            else "core.choices.header"
        pending = self.table.pending()
        if pending is not None and pending.several and not (  # it comes back after an answer
                continued and (seat, pending.prompt.id) in getattr(self, "_several_taught", ())):
            header += "_several"  # said with the list the first time, then in full lists
        self._taught = True
        labels = [label for _, _, label in keyed]
        if continued:
            labels = [_continuing(label, before) for before, label
                      in zip([None, *labels], labels, strict=False)]
        return [Msg(header, count=len(keyed))] + [
            Msg("core.choices.item", number=key, label=label)
            for (key, _, _), label in zip(keyed, labels, strict=True)]

    def show_choices(self, seat: int) -> None:
        self.say_summary(self._choice_lines(seat))

    def racing_here(self, pending: Pending) -> list[int]:
        """The seats here that still race (not those that have reacted)."""
        return [s for s in pending.seats if self.table.is_human(s) and self.table.choices(s)]

    def run_race(self, pending: Pending) -> bool:
        """A reaction race: the human here presses Enter; bots react after a random delay
        (at a server, the order of arrival there decides). False if nobody here races."""
        humans = self.racing_here(pending)
        if not humans and not self.table.local:
            return False
        times: dict[int, float] = {}
        if len(humans) == 1:
            self.cue("turn")
            self.say(Msg("core.race.go", seat=self.table.seat_name(humans[0])))
            start = self.clock()
            while True:  # news from a network table does not end the race: Enter does
                try:
                    self.reader.read(PROMPT)  # the line above says: press Enter now
                except (EOFError, KeyboardInterrupt):
                    break
                except Woken:
                    continue
                break
            times[humans[0]] = self.clock() - start
            self.say(Msg("core.race.time", seconds=round(times[humans[0]], 2)))
            if not self.table.local:
                self.table.act(humans[0], self.table.choices(humans[0])[0][0])
                return True
        elif humans:
            self.say(Msg("core.race.hotseat"))
        self.table.race(times)
        return True
