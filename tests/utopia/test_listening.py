"""Less to hear: condensed announcements at normal verbosity keep every fact at full, and
each kind of announcement a player may mute is named in both languages."""

from __future__ import annotations

import itertools
import random

import pytest

from a11y_games.engine import Msg, Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.games.utopia import SPEC
from a11y_games.games.utopia.data import DISTRICTS
from a11y_games.games.utopia.kinds import KINDS
from a11y_games.i18n import Translator
from tests.answering import run_scripted
from tests.utopia.helpers import empty_city, give, new_state, play, put, turn_of


def _games(players: int = 4, seeds: range = range(3)) -> list[Match]:
    out = []
    for seed in seeds:
        match = Match(SPEC, SPEC.settings(players, 70 + seed),
                      [SeatSpec("bot", level="normal", name_index=i) for i in range(players)])
        play_out(match)
        out.append(match)
    return out


def _after(events: list, i: int, ids: set[str]) -> list:
    """The events right after event ``i`` while their id is one of ``ids``."""
    out = []
    for e in events[i + 1:]:
        if e.msg.id not in ids:
            break
        out.append(e)
    return out


@pytest.mark.timeout(120)
def test_condensed_lines_keep_every_fact_in_the_full_details() -> None:
    checked = {"guests": 0, "scored": 0, "discards": 0, "removed": 0, "wonder_gain": 0,
               "wonder": 0}
    for match in _games():
        events = match.events
        for i, e in enumerate(events):
            if e.msg.id == "utopia.ev.guests_count":
                assert e.level == Verbosity.FULL  # (each guest question lists them)
                details = _after(events, i, {"utopia.ev.guests", "utopia.ev.guests_line"})
                assert all(d.level == Verbosity.FULL for d in details)
                heads = [d.msg.params["island"].id.rsplit(".")[-1] for d in details
                         if d.msg.id == "utopia.ev.guests"]
                said = [m.params["island"].id.rsplit(".")[-1] for m in e.msg.params["islands"]]
                assert said == heads
                lines = [d for d in details if d.msg.id == "utopia.ev.guests_line"]
                for m, line in zip(e.msg.params["islands"], lines, strict=True):
                    assert m.params["number"] == sum(c.params["count"]
                                                     for c in line.msg.params["civs"])
                checked["guests"] += 1
            elif e.msg.id in ("utopia.ev.removed", "utopia.ev.removed_more"):
                gain = next(g for g in events[i + 1:] if g.msg.id != e.msg.id)  # a detail
                assert gain.msg.id == "utopia.ev.gain" and gain.level == Verbosity.FULL
                for key in ("seat", "points", "total"):
                    assert e.msg.params[key] == gain.msg.params[key]
                checked["removed"] += 1
            elif e.msg.id == "utopia.ev.gain" and e.level < Verbosity.FULL:
                raise AssertionError(e)  # (a gain is said short, or with what caused it)
            elif e.msg.id == "utopia.ev.gain_short":
                # "Ana +4: wonder.": the district taken and the total a detail just before
                assert e.msg.params["why"].id == "utopia.why.wonder"
                detail = events[i - 1]
                assert detail.msg.id == "utopia.ev.gain" and detail.level == Verbosity.FULL
                assert detail.msg.params["why"].id == "utopia.why.wonder_district"
                assert detail.visible_to == e.visible_to
                for key in ("seat", "points", "total"):
                    assert e.msg.params[key] == detail.msg.params[key]
                checked["wonder_gain"] += 1
            elif e.msg.id == "utopia.ev.wonder_built" and e.visible_to == {e.cause}:
                # "Ana builds a 6-point wonder on Wind island.": its gain a detail
                gain = next(g for g in events[i + 1:] if g.msg.id != e.msg.id)
                assert gain.msg.id == "utopia.ev.gain" and gain.level == Verbosity.FULL
                assert gain.msg.params["points"] == e.msg.params["points"]
                assert gain.msg.params["seat"] == e.msg.params["seat"]
                checked["wonder"] += 1
            elif e.msg.id == "utopia.ev.scored":
                gains = [g for g in events[:i] if g.msg.id == "utopia.ev.gain"][-len(
                    e.msg.params["seats"]):]
                assert all(g.level == Verbosity.FULL for g in gains)
                for m, g in zip(e.msg.params["seats"], gains, strict=True):
                    for key in ("seat", "points", "total"):
                        assert m.params[key] == g.msg.params[key]
                checked["scored"] += 1
            elif e.msg.id == "utopia.ev.dealt_discard":  # how many, to its player
                (seat,) = e.visible_to
                due = next(d for d in events[i + 1:] if d.msg.id == "utopia.ev.must_discard")
                assert due.msg.params["seat"].seat == seat and due.level == Verbosity.FULL
                assert due.msg.params["count"] == e.msg.params["number"]
                checked["discards"] += 1
    assert all(checked.values()), checked


@pytest.mark.timeout(120)
def test_a_round_in_one_line_and_the_scale_at_scoring_only_when_it_changed() -> None:
    """"Round 3: Ana, Cy, Bo." at brief, its number and order details at full; at a
    scoring the scale is said at normal only when it differs from the scale last said
    whole and somebody scores (a detail at full otherwise), and the phase's name is a
    detail the scores' line (said at brief) stands for."""
    rounds = scales = 0
    for match in _games():
        events = match.events
        heard: object = None
        for i, e in enumerate(events):
            if e.msg.id == "utopia.ev.round_order":
                assert e.level == Verbosity.BRIEF
                number, order = events[i + 1], events[i + 2]
                assert number.msg.id == "utopia.ev.round" and number.level == Verbosity.FULL
                assert number.msg.params["number"] == e.msg.params["round"]
                assert order.msg.id == "utopia.ev.order" and order.level == Verbosity.FULL
                assert order.msg.params["seats"] == e.msg.params["seats"]
                rounds += 1
            elif e.msg.id == "utopia.ev.phase3":
                assert e.level == Verbosity.FULL
                scale = events[i + 1]
                assert scale.msg.id == "utopia.ev.scale_now"
                said = scale.msg.params["scale"]
                after = [x.msg.id for x in events[i + 2:i + 8] if x.level == Verbosity.BRIEF]
                nobody = "utopia.ev.no_score" in after  # (then the scale is no news)
                assert nobody or "utopia.ev.scored" in after
                assert (scale.level == Verbosity.NORMAL) == (said != heard and not nobody)
                scales += scale.level == Verbosity.FULL
                heard = said if scale.level == Verbosity.NORMAL else heard
            elif e.msg.id == "utopia.ev.scale_now" and e.level == Verbosity.NORMAL:
                heard = e.msg.params["scale"]
    assert rounds and scales


@pytest.mark.timeout(120)
def test_a_guest_and_the_build_it_makes_in_one_sentence_keep_both_in_the_full_details() -> None:
    """"Thomas: Greek to Etna, and a monument." (or "..., and a 6-point wonder.") to all
    as the phase 1 turn ends, at brief as the build is; the guest and the build are public
    details at full just before it, and the guest is not said alone as well."""
    checked = wonders = 0
    for match in _games():
        events = match.events
        for i, e in enumerate(events):
            if e.msg.id not in ("utopia.ev.guest_monument", "utopia.ev.guest_wonder"):
                continue
            guest, built = events[i - 2], events[i - 1]
            for said in (e, guest, built):  # public: nothing to hand over at a shared keyboard
                assert said.visible_to is None and said.cause == e.cause
            assert e.level == Verbosity.BRIEF
            assert guest.level == built.level == Verbosity.FULL
            assert guest.msg.id == "utopia.ev.guest"
            assert all(e.msg.params[k] == v for k, v in guest.msg.params.items())
            if e.msg.id == "utopia.ev.guest_wonder":  # its island: the district's
                assert built.msg.id == "utopia.ev.wonder_built"
                assert built.msg.params["points"] == e.msg.params["points"]
                island = built.msg.params["island"].id.rsplit(".", 1)[-1]
                district = next(d for d in DISTRICTS.values()
                                if d.name == guest.msg.params["district"])
                assert district.island == island
                wonders += 1
            else:
                assert built.msg.id == "utopia.ev.monument_built"
                assert built.msg.params["district"] == guest.msg.params["district"]
                assert built.msg.params["civ"] == guest.msg.params["civ"]
            start = max(k for k in range(i) if events[k].msg.id == "utopia.ev.turn_guest")
            assert not any(x.msg == guest.msg and x.level < Verbosity.FULL
                           for x in events[start:i])  # not said alone in the turn too
            checked += 1
    assert checked and wonders


_STEP_IDS = {"utopia.ev.moved_land": "move", "utopia.ev.moved_sea": "move",
             "utopia.ev.added": "add", "utopia.ev.removed": "remove",
             "utopia.ev.removed_more": "remove",
             "utopia.ev.raise": "raise", "utopia.ev.lower": "lower",
             "utopia.ev.monument_built": "monument", "utopia.ev.wonder_built": "wonder"}


def _step_facts(kind: str, params: dict) -> tuple:
    """What a step says, from a detail's or a sentence part's parameters (counts aside)."""
    civ = params.get("civ")
    civ_id = getattr(civ, "id", "")
    return (kind, civ_id.rsplit(".", 1)[-1] if civ_id else "",
            params.get("src", params.get("district", "")), params.get("dst", ""),
            params.get("value"), getattr(params.get("island"), "id", ""))


_LOUD = {"raise", "lower", "monument", "wonder"}


def _expected_steps(details: list) -> list[list]:
    """The steps the details say, alike steps as one: [facts, count] (the same princes on
    the same way anywhere in the turn; the same civilisation raised again in a row). The
    privileges a turn used are details only."""
    expected: list[list] = []
    for d in details:
        if d.msg.id == "utopia.ev.privilege_used":
            continue
        kind = _STEP_IDS[d.msg.id]
        facts = _step_facts(kind, d.msg.params)
        count = d.msg.params.get("count", 1)
        same = [e for e in expected if e[0] == facts] if kind in ("move", "add", "remove") \
            else []
        if same:
            same[0][1] += count
        elif expected and kind == "raise" and expected[-1][0][:2] == facts[:2]:
            expected[-1] = [facts, 1]
        else:
            expected.append([facts, count])
    return expected


def _said_steps(sentence) -> list[list]:
    said = []
    for part in sentence.msg.params["steps"]:
        kind = part.id.rsplit(".", 1)[-1].removesuffix("_more")
        count = part.params.get("count", 1) if kind != "raise" else 1
        said.append([_step_facts(kind, part.params), count])
        if kind == "remove":
            assert part.params["points"] == 2 * count
    return said


@pytest.mark.timeout(120)
def test_a_turn_in_two_sentences_keeps_every_step_in_the_full_details() -> None:
    """Others hear a phase 2 turn in at most two sentences (moves, additions and removals at
    normal; builds and influence at brief); each of their steps is a detail the others have
    at full, and the player who acted heard each step at once."""
    checked = 0
    for match in _games():
        events = match.events
        start = 0
        for i, e in enumerate(events):
            if e.msg.id in ("utopia.ev.turn", "utopia.ev.phase2"):
                start = i
            if e.msg.id == "utopia.ev.end_turn":
                turn = events[start:i]
                said = [t for t in turn if t.msg.id in ("utopia.ev.turn_done",
                                                         "utopia.ev.turn_built")
                        and t.level < Verbosity.FULL]
                if not said:
                    continue
                seat = e.cause
                assert all(t.cause == seat and seat not in t.visible_to
                           and len(t.visible_to) == match.state.n - 1 for t in said)
                mine = [d for d in turn if d.cause == seat and d.visible_to is not None
                        and (d.msg.id in _STEP_IDS or d.msg.id == "utopia.ev.privilege_used")]
                details = [d for d in mine if d.visible_to == said[0].visible_to]
                assert details and all(d.level == Verbosity.FULL for d in details)
                own = [d.msg for d in mine if d.visible_to == frozenset({seat})]
                assert [d.msg for d in details] == own  # the same steps, said to the actor
                quiet, loud = [], []
                for k, d in enumerate(details):  # a privilege goes with the step after it
                    target = loud if _STEP_IDS.get(d.msg.id) in _LOUD else quiet
                    if d.msg.id == "utopia.ev.privilege_used":
                        nxt = next(x for x in details[k:] if x.msg.id in _STEP_IDS)
                        target = loud if _STEP_IDS[nxt.msg.id] in _LOUD else quiet
                    target.append(d)
                groups = [(g, level) for g, level in ((quiet, Verbosity.NORMAL),
                                                      (loud, Verbosity.BRIEF)) if g]
                assert [t.level for t in said] == [level for _, level in groups]
                assert [t.msg.id for t in said] == [  # (muted as moves, or as builds)
                    "utopia.ev.turn_built" if g is loud else "utopia.ev.turn_done"
                    for g, _ in groups]
                for t, (group, _) in zip(said, groups, strict=True):
                    assert _said_steps(t) == _expected_steps(group)
                checked += 1
    assert checked


@pytest.mark.timeout(120)
def test_normal_verbosity_says_each_action_in_one_line_and_hides_turn_starts() -> None:
    match = _games(seeds=range(1))[0]
    normal = [e for e in match.events if e.level <= Verbosity.NORMAL]
    ids = {e.msg.id for e in normal}
    assert "utopia.ev.turn" not in ids and "utopia.ev.turn_guest" not in ids
    assert "utopia.ev.turn_done" in ids  # the others' turns, one sentence each
    moves = [e for e in normal if e.msg.id in ("utopia.ev.moved_land", "utopia.ev.moved_sea")]
    assert moves and all(e.visible_to == frozenset({e.cause}) for e in moves)  # to its player
    full = [e for e in match.events if e.level == Verbosity.FULL]
    assert len(normal) < len(match.events) and full  # the details stay in the log


def test_a_phase_one_turn_with_nothing_left_to_build_ends_unasked() -> None:
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "maya", 3)
    give(state, 0)
    turn_of(state, 0)
    state.phase, state.placed = "guests", True
    state._set_choice(())
    assert state.legal_actions(0) == ["monument:gaia:maya", "end"]
    play(state, 0, "monument:gaia:maya")
    assert state.current != 0  # the next player's turn: "end" was the only answer left


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_kind_has_its_word_in_both_languages(lang: str) -> None:
    tr = Translator(lang)
    for kind in set(KINDS.values()):
        word = tr.text(f"utopia.kind.{kind}")
        assert word != f"utopia.kind.{kind}" and " " not in word
    assert SPEC.kinds is KINDS


@pytest.mark.timeout(120)
def test_brief_confirms_your_own_discards_and_builds() -> None:
    """At brief a player still hears which card they discarded, and what they built; a
    discard with another due says so, so that two of the same card are not one line said
    twice ("Discarded: Maya; 1 more.", then "Discarded: Maya.")."""
    match = _games(seeds=range(1))[0]
    discards = [e for e in match.events
                if e.msg.id in ("utopia.ev.discarded_own", "utopia.ev.discarded_own_more")]
    assert discards and all(e.level == Verbosity.BRIEF and e.visible_to == frozenset({e.cause})
                            for e in discards)
    tr = Translator("en")
    said = [tr.render(e.msg) for e in discards]
    assert any(line.endswith("; 1 more.") for line in said)
    assert all(a != b for a, b in itertools.pairwise(said) if "more" in a)
    events = match.events
    built = [i for i, e in enumerate(events) if e.msg.id in ("utopia.ev.monument_built",
                                                             "utopia.ev.wonder_built")]
    heard = [i for i in built if events[i].visible_to is None
             or events[i].visible_to == {events[i].cause}]
    for i in heard:  # (to the others in phase 2: a detail of the turn's sentence, said at
        # brief when the turn builds; in phase 1 with the guest that made it possible)
        if events[i].level != Verbosity.BRIEF:
            merged = events[i + 1]
            assert events[i].level == Verbosity.FULL and merged.level == Verbosity.BRIEF
            assert merged.msg.id in ("utopia.ev.guest_monument", "utopia.ev.guest_wonder")
    assert heard
    turns = [e for e in match.events if e.msg.id == "utopia.ev.turn_built"
             and e.cause not in e.visible_to]  # the others' builds and influence
    assert turns and all(e.level == Verbosity.BRIEF for e in turns)


class _GuestAndDistrict:
    """A player who, at the first guest question, types the first guest and the first
    district of its island on one line ("1 1"), then stops."""

    interactive = False

    def __init__(self) -> None:
        self.client: object = None
        self.typed = 0

    def read(self, prompt: str) -> str:
        state = self.client.match.state  # type: ignore[attr-defined]
        pending = state.pending()
        if self.typed or pending is None or pending.prompt.id != "utopia.ask.guest":
            raise EOFError
        self.typed += 1
        return "1 1"


@pytest.mark.timeout(60)
def test_a_guest_and_its_district_on_one_line() -> None:
    match, _, lines = run_scripted(SPEC, 2, 3, _GuestAndDistrict())
    mine = [a for s, a in match.log if s == 0]
    assert mine[0].startswith("guest:") and mine[1].startswith("place:")
    assert "Your turn: Take a guest, then where?" in lines
    assert not any(line.startswith("Your turn: Where on") for line in lines)
    assert any(line.startswith("You: ") and " to " in line for line in lines)


@pytest.mark.timeout(60)
def test_brief_confirms_your_own_guest_but_not_the_bots() -> None:
    """At brief the player hears the guest they just placed (their own move confirmed),
    while the bots' guests, said at normal, are not read."""
    match, client, lines = run_scripted(SPEC, 2, 3, _GuestAndDistrict(),
                                        verbosity=Verbosity.BRIEF)
    tr = client.tr  # with the seats' names
    mine = [tr.render(e.msg) for e in match.events
            if e.cause == 0 and e.level == Verbosity.NORMAL and e.msg.id.startswith("utopia.ev.")]
    others = [tr.render(e.msg) for e in match.events
              if e.cause in (1, 2) and e.level == Verbosity.NORMAL]
    assert mine and all(line in lines for line in mine), (mine, lines[-20:])
    assert others and not any(line in lines for line in others)


def test_the_guest_menu_names_each_island_once_before_its_first_guest() -> None:
    """"1. Water: Persian", "2. Egyptian", "3. Earth: Persian": the island is said once,
    before its first guest (the menu lists them island by island)."""
    match = Match(SPEC, SPEC.settings(4, 5), [SeatSpec("bot", level="normal", name_index=i)
                                              for i in range(4)])
    state = match.state
    seat = state.pending().seats[0]
    guests = [a for a in state.legal_actions(seat) if a.startswith("guest:")]
    islands = [a.split(":")[2] for a in guests]
    assert len(set(islands)) > 1 and len(islands) > len(set(islands))
    tr = Translator("en")
    labels = [tr.render(state.describe(seat, a)) for a in guests]
    for i, (label, island) in enumerate(zip(labels, islands, strict=True)):
        civ = guests[i].split(":")[1]
        head = tr.render(Msg(f"utopia.isle.{island}"))
        if i == 0 or islands[i - 1] != island:
            assert label.startswith(f"{head}: ") and civ in label.lower()
        else:
            assert ":" not in label and civ in label.lower()


@pytest.mark.timeout(60)
def test_the_first_round_teaches_the_numbers_on_one_line_then_questions_say_only_what() -> None:
    """"Take a guest, then where?" in the first round; "Which guest?" after it, inviting
    the same numbers on one line (and likewise for moves, additions, removals, discards)."""
    match = Match(SPEC, SPEC.settings(4, 71), [SeatSpec("bot", level="normal", name_index=i)
                                               for i in range(4)])
    tr = Translator("en")
    bots = [SPEC.bots["normal"](seat, random.Random(seat)) for seat in range(4)]
    asked: dict[tuple[str, bool], set[int]] = {}
    state = match.state
    while state.pending() is not None and state.round <= 3:
        pending = state.pending()
        prompt = pending.prompt
        asked.setdefault((prompt.id, state.round > 1), set()).add(
            prompt.params.get("answers", 1))
        assert tr.render(prompt) != prompt.id
        seat = pending.seats[0]
        match.act(seat, bots[seat].choose(state.observation(seat), state.legal_actions(seat)))
        state = match.state
    assert ("utopia.ask.guest", False) in asked and ("utopia.ask.guest_next", True) in asked
    assert ("utopia.ask.guest", True) not in asked
    assert ("utopia.ask.guest_next", False) not in asked
    assert asked["utopia.ask.guest", False] == asked["utopia.ask.guest_next", True] == {2}
    assert ("utopia.ask.civ_move_next", True) in asked
    assert not any(ident.endswith("_next") for ident, later in asked if not later)


def test_a_build_made_possible_by_ones_guest_is_said_by_the_question_that_lists_it() -> None:
    """After the guest is placed, "Greek monument possible: Gaïa." is a detail (full): the
    question that follows at once lists the build ("Build, or end your turn.")."""
    state = empty_city(new_state(3))
    put(state, "gaia", 0, "greek", 2)
    give(state, 0)
    turn_of(state, 0)
    state.phase = "guests"
    state._set_choice(())
    state.guests = [(3, "earth")]  # a Greek guest by Earth island's ship
    play(state, 0, "guest:greek:earth")
    play(state, 0, "place:gaia")
    said = [e for e in state.events if e.msg.id == "utopia.ev.can_monument"]
    assert said and all(e.level == Verbosity.FULL and e.visible_to == {0} for e in said)
    assert state.pending().prompt.id == "utopia.ask.after"
    assert state.legal_actions(0) == ["monument:gaia:greek", "end"]


@pytest.mark.timeout(120)
def test_a_removal_with_princes_left_there_says_how_many() -> None:
    """Two removals from one district were one line said twice ("Ana removes 1 Greek from
    Éole: +2."); a removal that leaves princes of that civilisation there says how many,
    so that two in a row are told apart, in both languages."""
    seen = 0
    for match in _games(seeds=range(2)):
        state = match.state
        own, turn = [], 0  # (turn, event): removals as their player heard them
        for e in match.events:
            turn += e.msg.id == "utopia.ev.end_turn"
            if e.msg.id.startswith("utopia.ev.removed") and e.visible_to == {e.cause}:
                own.append((turn, e))
        for (turn, before), (then, after) in itertools.pairwise(own):
            if turn == then and before.msg.params["district"] == after.msg.params["district"] \
                    and before.msg.params["civ"] == after.msg.params["civ"]:
                assert before.msg.id == "utopia.ev.removed_more"
                assert before.msg.params["left"] >= 1
                seen += 1
        for _, e in own:
            if e.msg.id == "utopia.ev.removed_more":
                tr = Translator("en", names=match.seat_name)
                assert tr.render(e.msg).endswith(f"; {e.msg.params['left']} left there.")
                assert Translator("fr", names=match.seat_name).render(e.msg).endswith(
                    f" ; il en reste {e.msg.params['left']}.")
        assert state.pending() is None
    assert seen
