"""How much a player hears and types: seeded whole games through the real client.

One seat is a human answered by a scripted policy (the game's normal bot deciding from
that seat's view, its answer typed as the number the client shows); the other seats are
normal bots. A question that invites several numbers on one line is answered with the
bot's successive decisions on one line, each decided on a copy of the seat's own view
(``worlds.view``), while the next question is the seat's own with nobody else acting: one
input. Two kinds of invitation: ``Pending.several`` (the same question comes back after
each answer: Vertigo's purchases and markers), and a prompt parameter ``answers`` (the
next questions of one move: Vanuatu's planning pass, Utopia's guest then its district, its
civilisation then how many and where, its discards). Reported per round of the game: the
human's inputs (lines typed), the lines and characters announced to that seat (everything
written to it: events, questions, choice lists), and the seconds of speech they take at
espeak-ng's default rate (175 words a minute). Not a test: nothing here asserts.

``--new-player``: the seat is answered as a new player does, who remembers no list and
types nothing ahead: one number a line (a question that invites several is answered one
number at a time, as it comes back), and ``choices`` first whenever the question was said
with its list in part ("The same 5 choices.", "4 choices left; gone: ...", "6 choices;
changed: ..."): the characters and inputs that memory saves the benchmark's player.

Run: ``.venv/bin/python scripts/bench_listening.py GAME [--players N] [--games K]
[--verbosity brief|normal|full] [--new-player] [--by-kind] [--by-id N]``: ``--by-kind`` splits the
characters a round by what produced them (the question, its "Your turn:", the choice
lists, the seat's own doings, others' by the game's kinds, the table's lines, the
client's own) and counts the inputs by question; ``--by-id`` by message id. It imports
only the installed ``a11y_games`` package, so another worktree's venv measures its own
code with this script.
"""

from __future__ import annotations

import argparse
import copy
import io
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from a11y_games.engine import Event, PlayerRef, Verbosity
from a11y_games.engine.actions import BACK
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.search import copy_state
from a11y_games.games import all_specs

try:  # an action and its place offered as one entry (issue 13's fifth pass)
    from a11y_games.engine.steps import SEPARATOR, offered
except ImportError:  # an older tree: one step, one question
    SEPARATOR, offered = None, None  # type: ignore[assignment]
try:  # a question first said short (issue 27's measure, 7 December)
    from a11y_games.ui.asking import said_prompt
except ImportError:  # an older tree: every question said whole
    def said_prompt(prompt: Any, humans: int) -> Any:  # type: ignore[misc]
        return prompt
from a11y_games.ui.client import Client
from a11y_games.ui.listening import kind_of
from a11y_games.ui.numbering import menu_key
from a11y_games.ui.terminal import Writer

WORDS_PER_MINUTE = 175
"""espeak-ng's default rate."""


@dataclass
class Heard:
    """What one game cost the human seat."""

    rounds: int = 0
    inputs: int = 0
    choices: int = 0
    """Of ``inputs``: ``choices`` typed (a new player's, after a list said in part)."""
    lines: int = 0
    chars: int = 0
    asked_chars: int = 0
    """Of ``chars``: the questions with their choice lists."""
    words: int = 0
    by_kind: dict[str, list[int]] = field(default_factory=dict)
    """Lines and characters by what produced them (``--by-kind``): see :func:`source`."""
    by_id: dict[str, list[int]] = field(default_factory=dict)
    """Lines and characters of each event's message id, and of the client's own kinds."""
    inputs_by_question: dict[str, int] = field(default_factory=dict)
    before_first_question: int = 0
    finished: bool = False
    texts: list[str] = field(default_factory=list)

    @property
    def seconds(self) -> float:
        return self.words * 60 / WORDS_PER_MINUTE


def source(event: Event, seat: int, kinds: dict[str, str]) -> str:
    """What produced an announced event, for ``--by-kind``: whose (the seat's own doing,
    another seat's, or the table's: a round's opening, the water, scoring; a sentence the
    table says on one player's doings counts as that player's), then its kind (the game's
    kinds for ``mute``, else the section of its message id: ``round``, ``end``)."""
    cause, kind = event.cause, kind_of(event, kinds)
    player = event.msg.params.get("player", event.msg.params.get("seat"))
    if cause is None and kind is not None and isinstance(player, PlayerRef):
        cause = player.seat  # the table's sentence on a player's doings, of a kind a
        # player may mute ("Ifira: 5 on Build.", "Erakor, rest token: 1 vatu.")
    who = "own" if cause == seat else "table" if cause is None else "others"
    kind = kind or event.msg.id.split(".")[1]
    return f"{who}: {kind}"


def round_of(event: Event) -> int | None:
    """The round or turn an event opens or names (as ``log round N`` finds rounds)."""
    params = event.msg.params
    for key in ("round", "turn"):
        if isinstance(params.get(key), int):
            return int(params[key])
    if event.msg.id.endswith(".round") and isinstance(params.get("number"), int):
        return int(params["number"])
    return None


class Policy:
    """The scripted human: the normal bot's choice for the seat, typed as the client's
    number for it (Enter in a race). Ends input when the game is over."""

    interactive = False

    def __init__(self, seat: int, seed: int, limit: int, *, new: bool = False) -> None:
        self.seat = seat
        self.new = new
        """A new player: one number a line, and ``choices`` after a list said in part."""
        self.in_part = False
        """The question was just said with its list in part (a new player asks it whole)."""
        self.asked_whole = 0
        """Inputs that were ``choices`` (a new player's)."""
        self.seed = seed
        self.limit = limit
        self.client: Client | None = None
        self.bot: Any = None
        self.inputs = 0
        self.asked: dict[str, int] = {}
        """Inputs by the message id of the question they answered (``--by-kind``)."""

    def read(self, prompt: str) -> str:
        client = self.client
        assert client is not None
        match = client.match
        pending = match.state.pending()
        if pending is None or self.inputs >= self.limit:
            raise EOFError
        self.inputs += 1
        self.asked[pending.prompt.id] = self.asked.get(pending.prompt.id, 0) + 1
        if pending.race:
            return ""
        if self.new and self.in_part:
            self.in_part = False
            self.asked_whole += 1
            return "choices"
        mine = client._my_turn()
        if mine is None:
            raise EOFError
        seat = mine[0]
        if self.bot is None:
            factory = match.spec.bots.get("normal") or match.spec.bots["random"]
            self.bot = factory(seat, random.Random(f"{self.seed}:policy:{seat}"))
        if getattr(pending, "several", False) and not self.new:
            return " ".join(self.several(client, seat))
        legal = match.state.legal_actions(seat)
        # a single action (offered with its places) is not the bot's to decide: its draws
        # stay those of the games where the client answered it alone
        action = legal[0] if len(legal) == 1 else self.bot.choose(
            match.state.observation(seat), legal)
        if action not in legal:
            action = legal[0]
        number_of = getattr(client, "choice_number", None)  # stable numbers, once they exist
        if number_of is None:
            actions = [a for a, _ in client.table.choices(seat)]
            return str(actions.index(action) + 1)
        action = self.with_place(match.state, seat, action,
                                 [a for a, _ in client.table.choices(seat)])
        keys = [str(number_of(seat, action))]
        invited = pending.prompt.params.get("answers")
        if isinstance(invited, int) and invited > 1 and not self.new:
            keys += self.ahead(seat, action, invited - 1)
        return " ".join(keys)

    def with_place(self, state: Any, seat: int, action: str, offered: list[str]) -> str:
        """The entry the client offers for ``action``: the action itself, or the action
        with its place (the client asks both as one question, each place an entry of the
        list just heard): the bot decides the place on a copy of the seat's own view."""
        if action in offered or SEPARATOR is None:
            return action
        worlds = self.client.match.spec.worlds if self.client else None
        view = worlds.view(state, seat) if worlds else copy_state(state)
        joined, then = action, action
        while joined not in offered and any(e.startswith(joined + SEPARATOR)
                                            for e in offered):
            view.apply(seat, then)
            legal = view.legal_actions(seat)
            real = [a for a in legal if a != BACK]
            then = real[0] if len(real) == 1 else self.bot.choose(view.observation(seat),
                                                                  legal)
            joined += SEPARATOR + (then if then in real else real[0])
        return joined if joined in offered else action

    def ahead(self, seat: int, action: str, more: int) -> list[str]:
        """The keys of the next answers, for a question that invites several on one line
        (its prompt's ``answers``): the bot decides each next step on a copy of the seat's
        own view, while the next question is the same seat's and nobody else acted; a
        question with a single answer, or a single one besides back, is skipped (the
        client answers it alone)."""
        client = self.client
        assert client is not None
        view = client.match.spec.worlds.view(client.match.state, seat)
        numbering = copy.deepcopy(client.numbering)
        keys: list[str] = []
        while len(keys) < more:
            view.events = []
            view.apply(seat, action)
            pending = view.pending()
            if (pending is None or pending.seats != (seat,) or pending.race
                    or any(e.cause != seat for e in view.events)):
                break
            legal = view.legal_actions(seat)
            real = [a for a in legal if a != BACK]
            if len(real) == 1 and (len(legal) == 1 or not pending.several):
                action = real[0]  # the client answers it alone (one choice, or it and back)
                continue
            action = self.bot.choose(view.observation(seat), legal)
            if action not in legal:
                break
            keyed = numbering.keys(menu_key(seat, pending.prompt), legal)
            keys.append(next(k for k, a in keyed if a == action))
        return keys

    def several(self, client: Client, seat: int) -> list[str]:
        """A question that invites several numbers on one line (``Pending.several``): the
        bot's successive answers to it, decided on a copy of the game, typed at once (each
        as the number the client's stable numbering gives it), for as long as the same
        question comes back to the seat with nothing else asked or done between."""
        match = client.match
        worlds = match.spec.worlds  # the seat's own view as a state: nothing it may not know
        state = worlds.view(match.state, seat) if worlds else copy_state(match.state)
        numbering = copy.deepcopy(client.numbering)
        keys: list[str] = []
        while True:
            pending = state.pending()
            legal = state.legal_actions(seat)
            action = legal[0] if len(legal) == 1 else self.bot.choose(
                state.observation(seat), legal)
            if action not in legal:
                action = legal[0]
            menu = menu_key(seat, pending.prompt)
            entries = [a for a, _ in offered(state, seat)] if offered else legal
            action = self.with_place(state, seat, action, entries)
            keys.append(next(k for k, a in numbering.keys(menu, entries) if a == action))
            for step in action.split(SEPARATOR or "\0"):
                state.apply(seat, step)
            after = state.pending()
            if (after is None or after.seats != (seat,)
                    or menu_key(seat, after.prompt) != menu
                    or any(e.cause != seat for e in state.events)
                    or len(offered(state, seat) if offered
                            else state.legal_actions(seat)) < 2):
                return keys


def play(game: str, players: int, seed: int, verbosity: Verbosity, limit: int, *,
         new: bool = False) -> Heard:
    """One whole game; the human sits at ``seed % players`` (``new``: a new player)."""
    spec = all_specs()[game]
    seat = seed % players
    seats = [SeatSpec("human", "Ana") if s == seat else
             SeatSpec("bot", level="normal", name_index=s) for s in range(players)]
    match = Match(spec, spec.settings(players, seed), seats)
    heard = Heard()
    writer = Writer(io.StringIO())

    told: list[Event] = []  # the events whose lines are being said, in order
    asking: list[int] = []  # lines said so far by the question being asked
    alone: list[bool] = []  # a question answered alone ("Only one choice: Rest.")
    turn_prefix: list[Any] = ["", 0]  # the question with "Your turn:", and its length
    prompt: list[str] = [""]  # the message id of the question being asked

    def count(kind: str, text: str, message: str | None = None, *, line: int = 1) -> None:
        for table, key in ((heard.by_kind, kind), (heard.by_id, message or kind)):
            figures = table.setdefault(key, [0, 0])
            figures[0] += line
            figures[1] += len(text)

    def speak(text: str) -> None:
        heard.lines += 1
        heard.chars += len(text)
        heard.words += len(text.split())
        heard.texts.append(text)
        if told:
            event = told.pop(0)
            count(source(event, seat, spec.kinds), text, event.msg.id)
        elif asking:
            if asking[0] == 0 and text == turn_prefix[0]:  # a part of the question's line
                count('question: its "Your turn:"', text[:turn_prefix[1]], line=0)
                text = text[turn_prefix[1]:]
            if asking[0] == 0:
                count("question", text, f"question {prompt[0]}")
            else:
                count("choices" if asking[0] > 1 else "choices: their header line", text,
                      f"choices of {prompt[0]}")
            asking[0] += 1
        else:
            count("only one choice" if alone else "client", text)

    writer.speak = speak
    policy = Policy(seat, seed, limit, new=new)
    ticks = iter(range(10**9))
    client = Client(match, reader=policy, writer=writer, verbosity=verbosity,
                    clock=lambda: float(next(ticks)))  # a race answered in 1 s
    policy.client = client
    first: list[int] = []
    asked = client.ask

    def ask(asked_seat: int, pending: Any, **kwargs: Any) -> None:
        if not first:
            first.append(heard.lines)
        before = heard.chars
        question = said_prompt(pending.prompt, 1)  # as first asked ("Approve them?")
        turn = client.tr.render(client.turn_msg(asked_seat, question))
        turn_prefix[:] = [turn, len(turn) - len(client.tr.render(question))]
        prompt[0] = pending.prompt.id
        asking[:] = [0]
        try:
            asked(asked_seat, pending, **kwargs)
            # in part: not every choice said (a short list heard before may be said on
            # one line, every entry in it); an older client: fewer lines than the whole
            whole = getattr(client, "listed_whole", None)
            policy.in_part = (not whole) if whole is not None else (
                asking[0] < len(client.out.question))
        finally:
            asking.clear()
        heard.asked_chars += heard.chars - before

    cued = client.cue_events

    def cue_events(events: Any, viewer: int | None) -> None:
        told[:] = list(events)  # the lines said next are theirs, one each
        cued(events, viewer)

    answered_alone = client.answer_alone

    def answer_alone(*args: Any) -> bool:
        alone.append(True)
        try:
            return answered_alone(*args)
        finally:
            alone.clear()

    client.ask = ask  # type: ignore[method-assign]
    client.cue_events = cue_events  # type: ignore[method-assign]
    client.answer_alone = answer_alone  # type: ignore[method-assign]
    client.run()
    heard.inputs = policy.inputs
    heard.choices = policy.asked_whole
    heard.inputs_by_question = policy.asked
    heard.before_first_question = first[0] if first else heard.lines
    heard.finished = match.state.outcome() is not None
    rounds = [r for e in match.events if e.visible(seat) and (r := round_of(e)) is not None]
    heard.rounds = max(rounds, default=0) or 1
    return heard


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(all_specs()))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--verbosity", default="normal", choices=["brief", "normal", "full"])
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--limit", type=int, default=3000,
                        help="inputs after which a game is abandoned (a stuck policy)")
    parser.add_argument("--new-player", action="store_true",
                        help="a new player: one number a line, and `choices` whenever a "
                             "question's list is said in part")
    parser.add_argument("--by-kind", action="store_true",
                        help="characters per round by what produced them: the question, "
                             "its choices, the seat's own doings, others' by kind, the "
                             "table's (round, water, scoring), the client's own lines")
    parser.add_argument("--by-id", type=int, default=0, metavar="N",
                        help="the N message ids that cost the most characters per round")
    parser.add_argument("--show", action="store_true",
                        help="print what the first game said to the human seat")
    args = parser.parse_args(argv)
    spec = all_specs()[args.game]
    players = args.players or spec.default_players
    verbosity = Verbosity[args.verbosity.upper()]
    started = time.perf_counter()
    games = [play(args.game, players, args.seed + i, verbosity, args.limit,
                  new=args.new_player)
             for i in range(args.games)]
    if args.show:
        print("\n".join(games[0].texts))

    def per_round(values: list[float]) -> str:
        return f"{statistics.mean(values):.1f}"

    rows = {
        "inputs": [g.inputs / g.rounds for g in games],
        "of which choices": [g.choices / g.rounds for g in games],
        "lines": [g.lines / g.rounds for g in games],
        "characters": [g.chars / g.rounds for g in games],
        "of which questions": [g.asked_chars / g.rounds for g in games],
        "speech (s)": [g.seconds / g.rounds for g in games],
    }
    print(f"## {args.game}, {players} players, {args.verbosity}, "
          f"{'a new player, ' if args.new_player else ''}"
          f"{len(games)} games from seed {args.seed}")
    print()
    print(f"Rounds per game: {statistics.mean(g.rounds for g in games):.1f}; "
          f"games finished: {sum(g.finished for g in games)} of {len(games)}; "
          f"lines before the first question: "
          f"{statistics.mean(g.before_first_question for g in games):.0f}; "
          f"{time.perf_counter() - started:.1f} s.")
    print()
    print("| per round | mean | min | max |")
    print("|---|---|---|---|")
    for name, values in rows.items():
        print(f"| {name} | {per_round(values)} | {min(values):.1f} | {max(values):.1f} |")
    totals = (f"Per game: {statistics.mean(g.inputs for g in games):.0f} inputs, "
              f"{statistics.mean(g.lines for g in games):.0f} lines, "
              f"{statistics.mean(g.chars for g in games):.0f} characters, "
              f"{statistics.mean(g.seconds for g in games) / 60:.1f} minutes of speech.")
    print()
    print(totals)
    for wanted, title, attribute in ((args.by_kind, "produced by", "by_kind"),
                                     (args.by_id, "message id", "by_id")):
        if not wanted:
            continue
        names = {name for g in games for name in getattr(g, attribute)}
        means = {name: [statistics.mean(getattr(g, attribute).get(name, [0, 0])[i]
                                        / g.rounds for g in games) for i in (0, 1)]
                 for name in names}  # per round, as the figures above
        ranked = sorted(means.items(), key=lambda item: -item[1][1])
        if attribute == "by_id":
            ranked = ranked[:int(wanted)]
        print()
        print(f"| {title} | characters per round | lines per round |")
        print("|---|---|---|")
        for name, (lines, chars) in ranked:
            print(f"| {name} | {chars:.0f} | {lines:.1f} |")
    if args.by_kind:
        asked = {name for g in games for name in g.inputs_by_question}
        inputs = {name: statistics.mean(g.inputs_by_question.get(name, 0) / g.rounds
                                        for g in games) for name in asked}
        print()
        print("| inputs answering | per round |")
        print("|---|---|")
        for name, count in sorted(inputs.items(), key=lambda item: -item[1]):
            print(f"| {name} | {count:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
