"""Issue 13: a vote round in a few sentences at normal verbosity, every name kept at full; an
investigation and the claims said at every verbosity, who claims in the same line."""

from __future__ import annotations

import re
from pathlib import Path

from a11y_games.engine import Msg, PlayerRef, Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.games.pnue import SPEC
from a11y_games.games.pnue.kinds import KINDS
from a11y_games.i18n import Translator

LOCALES = Path(__file__).resolve().parents[2] / "locales"


def played(players: int, seeds: range) -> list[Match]:
    out = []
    for seed in seeds:
        match = Match(SPEC, SPEC.settings(players, seed),
                      [SeatSpec("bot", level="normal", name_index=i) for i in range(players)])
        play_out(match)
        out.append(match)
    return out


def test_a_vote_names_the_fewer_voters_and_keeps_every_name_at_full() -> None:
    checked = 0
    for match in played(7, range(8)):
        events = match.events
        for i, event in enumerate(events):
            if event.msg.id not in ("pnue.vote.result_yes", "pnue.vote.result_no"):
                continue
            lists = {e.msg.id: e for e in events[i + 1:i + 4]
                     if e.msg.id in ("pnue.vote.who_yes", "pnue.vote.who_no")}
            yes, no = lists["pnue.vote.who_yes"], lists["pnue.vote.who_no"]
            assert len(yes.msg.params["seats"]) == event.msg.params["yes"]
            assert len(no.msg.params["seats"]) == event.msg.params["no"]
            shorter, longer = (no, yes) if event.msg.params["no"] <= event.msg.params["yes"] \
                else (yes, no)
            assert longer.level == Verbosity.FULL  # the shorter list at normal, unless empty:
            assert shorter.level == (Verbosity.NORMAL if shorter.msg.params["seats"]
                                     else Verbosity.FULL)  # "7 yes, 0 no" said it
            assert event.level == Verbosity.BRIEF
            checked += 1
    assert checked > 50


def test_an_investigation_and_every_claim_are_heard_at_brief_with_who_claims() -> None:
    claims = investigations = 0
    for match in played(7, range(8)):
        tr = Translator("en", names=match.seat_name)
        for event in match.events:
            if event.msg.id.startswith("pnue.claim.") and event.msg.id != "pnue.claim.silent":
                assert event.level == Verbosity.BRIEF and event.visible_to is None
                assert event.cause is not None
                assert tr.render(event.msg).startswith(tr.render(match.seat_name(event.cause)))
                claims += 1
            if event.msg.id == "pnue.power.investigated":
                assert event.level == Verbosity.BRIEF
                investigations += 1
    assert claims > 50 and investigations > 3


def test_every_kind_has_a_label_and_names_real_announcements() -> None:
    for lang in ("en", "fr"):
        tr = Translator(lang)
        for kind in set(KINDS.values()):
            assert tr.render(Msg(f"pnue.kind.{kind}")) != f"pnue.kind.{kind}"
    text = (LOCALES / "en" / "LC_MESSAGES" / "pnue.po").read_text(encoding="utf-8")
    ids = {line[7:-1] for line in text.splitlines() if line.startswith('msgid "')}
    for key in KINDS:
        assert any(i == key or (key.endswith(".") and i.startswith(key)) for i in ids), key


def test_what_targets_a_player_is_said_to_them_once_in_their_own_words() -> None:
    """Revoked, investigated, sitting out: the player hears it once, at brief, as "you"
    ("You are out: accreditation revoked."), never also as the others hear it ("Accreditation
    revoked: Ana.")."""
    own_words = {"pnue.turn.skipped": "pnue.you.skipped", "pnue.crisis.loser": "pnue.you.sit_out"}
    said_of = {"pnue.power.revoked": "You are out: accreditation revoked.",
               "pnue.power.investigated": "Bo looks at your interest card."}
    told: set[str] = set()
    for match in played(7, range(8)) + [
            m for m in (Match(SPEC, SPEC.settings(7, s, {"crises": "on"}),
                              [SeatSpec("bot", level="normal", name_index=i) for i in range(7)])
                        for s in range(6))]:
        if match.state.pending() is not None:
            play_out(match)
        events = match.events
        for i, event in enumerate(events):
            target = event.msg.params.get("seat")
            if event.msg.id in own_words:  # the others' words, then the seat's own
                assert not event.visible(target.seat) and event.visible((target.seat + 1) % 7)
                said = events[i + 1]
                assert said.msg.id == own_words[event.msg.id]
                assert said.visible_to == frozenset({target.seat})
                assert said.level == Verbosity.BRIEF
            if event.msg.id in said_of:  # one line for all, said "you" to the seat
                assert event.visible(target.seat) and event.level == Verbosity.BRIEF
                heard = [e for e in events[i + 1:i + 3] if e.visible(target.seat)]
                assert not heard or heard[0].msg.id not in ("pnue.you.revoked",
                                                           "pnue.you.investigated")
                tr = Translator("en", names=lambda seat: "Bo").for_seat(target.seat)
                assert tr.render(event.msg) == said_of[event.msg.id]
                told.add(event.msg.id)
    assert told == set(said_of)


def test_the_president_and_the_secretary_hear_their_tiles_said_once_at_full() -> None:
    """At full verbosity the President heard "You draw 3 tiles." then "You drew 3 tiles:",
    and the Secretary-General "Ana hands 2 tiles to you." then "You receive 2 tiles:": now
    only the second, which says which; the others still hear who drew and handed what."""
    drew = received = others = 0
    for match in played(5, range(4)):
        for seat in range(5):
            tr = Translator("en", names=lambda s: f"Seat{s}").for_seat(seat)
            heard = [tr.render(e.msg) for e in match.events if e.visible(seat)]
            assert not any(line.startswith("You draw ") for line in heard)
            assert not any(line.endswith(" to you.") for line in heard)
            drew += sum(line.startswith("You drew ") for line in heard)
            received += sum(line.startswith("You receive ") for line in heard)
            others += sum(" draws " in line or " hands " in line for line in heard)
    assert drew > 10 and received > 10 and others > 40


class _FirstChoice:
    """Types the first choice offered (Enter in a race), then ``choices`` once when asked
    to nominate, until ``limit`` inputs."""

    interactive = False

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.client = None
        self.asked_whole = False

    def read(self, prompt: str) -> str:
        self.limit -= 1
        mine = self.client._my_turn() if self.limit > 0 else None  # type: ignore[attr-defined]
        if mine is None:
            raise EOFError
        if mine[1].race:
            return ""
        if mine[1].prompt.id == "pnue.ask.nominate" and not self.asked_whole:
            self.asked_whole = True
            return "choices"
        keys = [k for k, _, _ in self.client.keyed_choices(mine[0])]  # type: ignore[attr-defined]
        return next(k for k in keys if k != "0")


def test_a_menu_of_names_says_its_verb_once_and_choices_says_every_label() -> None:
    """"1. Nominate Wanjiru", "2. Ingrid", "3. Priya": the verb said once at normal (9
    characters an entry fewer), as a claim of tiles ("2. Say: lobbyist 0, ecological 3",
    "3. lobbyist 1, ecological 2"); ``choices`` says each label whole."""
    import pytest

    from tests.answering import run_scripted

    for seed in range(1, 6):
        _, _, lines = run_scripted(SPEC, seed, 7, _FirstChoice(300))
        if any(line.endswith("Nominate a Secretary-General.") for line in lines):
            break
    else:
        pytest.fail("Ana was never President")
    def items(start: int) -> list[str]:
        """The entries of the list said after the question at ``start``."""
        out = []
        for line in lines[start + 2:]:
            if not re.match(r"\d+\. ", line):
                return out
            out.append(line.split(". ", 1)[1])
        return out

    asked = next(i for i, line in enumerate(lines)
                 if line.endswith("Nominate a Secretary-General."))
    said = [label for label in items(asked) if label != "Make a public claim"]
    assert said[0].startswith("Nominate ") and len(said) > 2, said
    assert all(re.fullmatch(r"[A-Z][a-z]+", label) for label in said[1:]), said
    whole = next(i for i, line in enumerate(lines)
                 if i > asked and line.endswith("Nominate a Secretary-General."))  # choices
    assert all(label.startswith("Nominate ") for label in items(whole)
               if label != "Make a public claim"), lines[whole:whole + 8]
    claims = [i for i, line in enumerate(lines) if line.startswith("2. Say: lobbyist")]
    assert claims and all(lines[i + 1].startswith("3. lobbyist ") for i in claims)


def test_a_claim_of_tiles_is_said_as_a_claim_of_a_role_is() -> None:
    """"Chloe claims: drew lobbyist 3, ecological 0." (was "Chloe claims to have drawn:
    ..."), as "Mateo claims: Haruto is a lobbyist.": who claims, then the claim; the
    same counts, 10 characters fewer a claim; the player's own too ("You claim: received
    lobbyist 2, ecological 0.")."""
    heard = Translator("en").for_seat(2)
    for msg_id, verb in (("pnue.claim.drew_tiles", "drew"), ("pnue.claim.got_tiles", "received")):
        assert heard.render(Msg(msg_id, seat=PlayerRef(1), lob=3, eco=0)) == \
            f"Player 2 claims: {verb} lobbyist 3, ecological 0."
        assert heard.render(Msg(msg_id, seat=PlayerRef(2), lob=2, eco=1)) == \
            f"You claim: {verb} lobbyist 2, ecological 1."
