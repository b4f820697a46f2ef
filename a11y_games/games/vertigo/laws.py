"""Phase 5, laws: proposals, secret votes by diplomat, the five laws (VG-27..VG-30)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from a11y_games.engine import Event, Msg, PlayerRef, Verbosity
from a11y_games.games.vertigo import data, summary
from a11y_games.games.vertigo.tasks import CLEANUP, Task

BRIEF, NORMAL, FULL = Verbosity.BRIEF, Verbosity.NORMAL, Verbosity.FULL
R3 = range(len(data.REGIONS))

if TYPE_CHECKING:
    from a11y_games.games.vertigo.state import VertigoState

    _State = VertigoState
else:
    _State = object


def vote_said(seat: int, yes: int, no: int, abstain: int) -> Msg:
    """A seat's vote in a few words, for the one sentence of all votes ("Gaia 2 yes")."""
    who = PlayerRef(seat)
    if yes and no:
        return Msg("vertigo.vote.split", player=who, yes=yes, no=no)
    if yes:
        return Msg("vertigo.vote.yes", player=who, count=yes)
    if no:
        return Msg("vertigo.vote.no", player=who, count=no)
    return Msg("vertigo.vote.abstain", player=who)


def my_vote(yes: int, no: int, abstain: int) -> Msg:
    """The seat's own vote in a few words ("no", "2 yes", "1 yes, 1 no, 0 abstain")."""
    if [yes, no, abstain].count(0) < 2:
        return Msg("vertigo.mine.split", yes=yes, no=no, abstain=abstain)
    if yes:
        return Msg("vertigo.mine.yes", count=yes)
    if no:
        return Msg("vertigo.mine.no", count=no)
    return Msg("vertigo.mine.abstain", count=abstain)


class LawPhase(_State):
    """Law proposals and votes; mixed into the state."""

    def _start_laws(self) -> None:
        self.phase = "laws"
        self.cursor = 0
        self.events.append(Event(Msg("vertigo.event.phase_laws"), level=FULL))  # a proposal
        # or the next turn says it
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
        return Msg("vertigo.menu.law", title=self._law_msg(law))  # its text: "laws" query

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
                                     law=self._law_msg(law)), cause=seat, level=BRIEF))
        level = FULL if law in self.laws_told else NORMAL  # its text once a game is enough
        self.laws_told.add(law)
        self.events += (Event(line, cause=seat, level=level) for line in summary.law_text(law))
        if len(self.laws_this_turn) == 1:  # the turn's first vote: who has none, and why
            voters = set(self.vote_paths)
            mute = frozenset(s for s in self.order if self.active[s] and s not in voters)
            if mute:
                self.events.append(Event(Msg("vertigo.event.no_vote"), mute, NORMAL, seat))

    def _vote_options(self, seat: int) -> list[str]:
        """Whole votes, or a split one diplomat at a time: a short menu however many (VG-28)."""
        path = self.vote_paths[seat]
        if not path:
            k = self.countries[seat].diplomats
            return ["vote:yes", "vote:no", "vote:abstain"] + (["vote:split"] if k > 1 else [])
        return ["vote:more_yes", "vote:more_no", "vote:rest_abstain", "back"]

    def _split_tally(self, seat: int) -> tuple[int, int, int]:
        """(yes, no, still free) of a split vote in progress."""
        path = self.vote_paths[seat]
        yes = path.count("vote:more_yes")
        no = path.count("vote:more_no")
        return yes, no, self.countries[seat].diplomats - yes - no

    def _vote_label(self, seat: int, action: str) -> Msg:
        if action == "back":
            return Msg("vertigo.menu.back")
        arg = action.partition(":")[2]
        yes, no, free = self._split_tally(seat) if self.vote_paths.get(seat) else (0, 0, 0)
        if arg == "more_yes":
            return Msg("vertigo.menu.more_yes", count=yes + 1)
        if arg == "more_no":
            return Msg("vertigo.menu.more_no", count=no + 1)
        if arg == "rest_abstain":
            return Msg("vertigo.menu.rest_abstain", count=free)
        return Msg(f"vertigo.menu.vote_{arg}", count=self.countries[seat].diplomats)

    def _apply_vote(self, seat: int, action: str) -> None:
        path = self.vote_paths[seat]
        k = self.countries[seat].diplomats
        if action == "back":
            path.pop()
            return
        if action in ("vote:yes", "vote:no", "vote:abstain"):
            vote = {"vote:yes": (k, 0, 0), "vote:no": (0, k, 0), "vote:abstain": (0, 0, k)}[action]
        else:
            if action != "vote:rest_abstain":
                path.append(action)
            yes, no, free = self._split_tally(seat)
            if free and action != "vote:rest_abstain":
                return  # diplomats still to split
            vote = (yes, no, free)
        self.votes[seat] = vote
        last = len(self.votes) == len(self.vote_paths)  # the votes said next, "you no" in them
        self.events.append(Event(Msg("vertigo.event.my_vote", vote=my_vote(*vote), yes=vote[0],
                                     no=vote[1], abstain=vote[2]), visible_to=frozenset({seat}),
                                 level=FULL if last else BRIEF, cause=seat,
                                 informs=False))  # one's own vote
        if last:
            self._count_votes(seat)

    def _count_votes(self, last: int) -> None:
        """Every vote said at once; the seat that voted ``last`` hears them as its own
        move confirmed ("Votes: Kyoto yes, you no."), at brief too, instead of "Your vote:
        no." then the same vote again in the next line."""
        assert self.proposal is not None
        proposer, law = self.proposal
        said = []
        for s in self.vote_paths:
            yes, no, abstain = self.votes[s]
            self.events.append(Event(Msg("vertigo.event.vote", player=PlayerRef(s), yes=yes,
                                         no=no, abstain=abstain), level=FULL))
            said.append(vote_said(s, yes, no, abstain))
        votes = Msg("vertigo.event.votes", votes=said)
        self.events += (Event(votes, frozenset(range(self.n)) - {last}, NORMAL,
                              spectators=True),
                        Event(votes, frozenset({last}), NORMAL, last))
        yes = sum(v[0] for v in self.votes.values())
        no = sum(v[1] for v in self.votes.values())
        passed = yes > no
        self.events.append(Event(Msg("vertigo.event.law_passed" if passed
                                     else "vertigo.event.law_failed", number=law,
                                     yes=yes, no=no), level=BRIEF))
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
        if name in ("polluter_pays", "green_subsidy"):  # each country's sum, then all in one
            paid_each = []
            for s in alive:
                c = self.countries[s]
                if name == "polluter_pays":
                    paid = due = min(c.money, data.POLLUTER_FINE * c.factories("polluting"))
                    self.pay_vault(s, paid)
                else:
                    due = data.TREATMENT_SUBSIDY * c.factories("treatment")
                    paid = self.from_vault(s, due) if due else 0
                if due:
                    key = "fined" if name == "polluter_pays" else "subsidy"
                    self.events.append(Event(Msg(f"vertigo.event.{key}", player=PlayerRef(s),
                                                 amount=paid), level=FULL))
                    paid_each.append(Msg("vertigo.event.earned", player=PlayerRef(s),
                                         amount=paid))
            if paid_each:
                key = "fines" if name == "polluter_pays" else "subsidies"
                self.events.append(Event(Msg(f"vertigo.event.{key}", players=paid_each),
                                         level=NORMAL))
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

