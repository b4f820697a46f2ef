"""Issue 13: at normal verbosity a turn, a roller, a vote, a production is one sentence; every
fact of that sentence is also in the details kept for full verbosity and the log."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from a11y_games.engine import Event, Msg, Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.games.vertigo import SPEC, data
from a11y_games.games.vertigo.kinds import KINDS
from a11y_games.games.vertigo.laws import my_vote
from a11y_games.i18n import Translator
from tests.vertigo.helpers import started

LOCALES = Path(__file__).resolve().parents[2] / "locales"
VIEWER = 0
"""The seat whose log is checked: it holds its own moves and the others' details."""
ITEM_EVENTS = {
    "population": ("vertigo.event.population",), "people_moved": ("vertigo.event.people_moved",),
    "student": ("vertigo.event.bought_student", "vertigo.event.bought_student_more"),
    "diplomat": ("vertigo.event.bought_diplomat",),
    "diplomat_moved": ("vertigo.event.diplomat",),
    "student_moved": ("vertigo.event.student_moved",),
    "transformed": ("vertigo.event.transformed",), "depolluted": ("vertigo.event.depolluted",),
    "trained": ("vertigo.event.trained",),
    "dropped": ("vertigo.event.dropped_student", "vertigo.event.dropped_diplomat",
                "vertigo.event.factory_destroyed"),
}
"""Each item of a turn's sentence, and the detailed events it counts (a factory: ``built``)."""


def played(seeds: range, players: int = 4) -> list[Match]:
    matches = []
    for seed in seeds:
        match = Match(SPEC, SPEC.settings(players, seed),
                      [SeatSpec("bot", level="normal", name_index=i) for i in range(players)])
        play_out(match)
        matches.append(match)
    return matches


@pytest.fixture(scope="module")
def games() -> list[Match]:
    return played(range(6))


def seen(match: Match) -> list[Event]:
    return [e for e in match.events if e.visible(VIEWER)]


def summed_up(event: Event, seat: int, players: int) -> bool:
    """A sentence that sums up a seat's moves: the others hear it at normal verbosity; the
    seat itself heard each move as it came, and has it at full verbosity (and in its log)."""
    own = frozenset({seat})
    return (event.level, event.visible_to) in ((Verbosity.NORMAL, frozenset(range(players)) - own),
                                               (Verbosity.FULL, own))


def where(msg: Msg) -> tuple[int, int]:
    """(region, province) of a place said in a summary ("right J")."""
    region = msg.params["region"].id.rpartition(".")[2]
    return data.REGIONS.index(region), data.PROVINCE_NAMES.index(msg.params["province"])


def at(msg: Msg) -> tuple[int, int]:
    """(region, province) of a detail line ("Right region, province J.")."""
    region = msg.params["region"].id.rpartition(".")[2]
    return data.REGIONS.index(region), data.PROVINCE_NAMES.index(msg.params["province"])


def test_a_turns_sentence_counts_what_its_details_list(games: list[Match]) -> None:
    checked = 0
    for match in games:
        counts: Counter[tuple[int, str]] = Counter()
        upkeep: dict[int, int] = {}
        for event in seen(match):
            msg, seat = event.msg, event.cause
            for item, ids in ITEM_EVENTS.items():
                if msg.id in ids:
                    counts[seat, item] += 1
            if msg.id == "vertigo.event.built":
                counts[seat, msg.params["kind"].id.rpartition(".")[2]] += 1
            if msg.id == "vertigo.event.upkeep":
                upkeep[seat] = msg.params["due"]
            if msg.id in ("vertigo.event.managed", "vertigo.event.managed_nothing"):
                assert summed_up(event, seat, match.state.n)
                said = Counter()
                for item in msg.params.get("items", []):
                    name = item.id.rpartition(".")[2]
                    if name == "upkeep":
                        assert item.params["due"] == upkeep.pop(seat)
                    else:
                        said[seat, name] = item.params["count"]
                assert seat not in upkeep  # an upkeep paid is in the sentence
                mine = Counter({k: v for k, v in counts.items() if k[0] == seat})
                assert said == mine, (said, mine)
                for key in mine:
                    del counts[key]
                checked += 1
    assert checked > 100


def test_each_rollers_sentence_holds_every_roll_and_marker(games: list[Match]) -> None:
    for match in games:
        faces: Counter[tuple[int, str]] = Counter()
        places: Counter[tuple[int, int, int, int]] = Counter()
        removed: Counter[tuple[int, int, int]] = Counter()
        said_faces: Counter[tuple[int, str]] = Counter()
        said_places: Counter[tuple[int, int, int, int]] = Counter()
        said_removed: Counter[tuple[int, int, int]] = Counter()
        events = seen(match)
        for i, event in enumerate(events):
            msg = event.msg
            if msg.id in ("vertigo.event.roll", "vertigo.event.roll_more"):
                faces[msg.params["player"].seat, msg.params["face"].id] += 1
            elif msg.id == "vertigo.event.marker":  # a marker's details: who, on whom; where
                by, owner = msg.params["player"].seat, msg.params["owner"].seat
                places[(by, owner, *at(events[i + 1].msg))] += 1
            elif msg.id in ("vertigo.event.marker_on", "vertigo.event.marker_mine"):  # in a line
                spot, by = msg.params["place"], msg.params["player"].seat
                owner = spot.params["owner"].seat if "owner" in spot.params else by
                places[(by, owner, *where(spot))] += 1
                if events[i - 1].msg.id == "vertigo.event.owner_places":  # said whole to all
                    said_places[(by, owner, *where(spot))] += 1
            elif msg.id == "vertigo.event.cleaned":
                removed[(msg.params["player"].seat, *where(msg.params["place"]))] += 1
            elif msg.id in ("vertigo.event.pollution_by", "vertigo.event.pollution_none",
                            "vertigo.event.rolls_by",
                            "vertigo.event.forced_by", "vertigo.event.cleanup_by",
                            "vertigo.event.places_by"):
                seat = msg.params["player"].seat
                assert summed_up(event, seat, match.state.n)
                for face in msg.params.get("faces", []):
                    said_faces[seat, face.id] += 1
                for spot in msg.params.get("places", []):
                    owner = spot.params["owner"].seat if "owner" in spot.params else seat
                    if msg.id == "vertigo.event.cleanup_by":
                        said_removed[(seat, *where(spot))] += 1
                    else:
                        said_places[(seat, owner, *where(spot))] += 1
        assert said_faces == faces
        assert said_places == places
        assert said_removed == removed


def test_the_votes_and_the_production_in_one_sentence_each(games: list[Match]) -> None:
    tr = Translator("en")
    checked = 0
    for match in games:
        votes: list[Msg] = []
        produced: list[Msg] = []
        for event in seen(match):
            msg = event.msg
            if msg.id == "vertigo.event.vote":
                assert event.level == Verbosity.FULL
                votes.append(msg)
            elif msg.id == "vertigo.event.votes":
                said = [(v.params["player"].seat, v.id) for v in msg.params["votes"]]
                full = [(v.params["player"].seat, v.params) for v in votes]
                assert [s for s, _ in said] == [s for s, _ in full]
                for (_, kind), (_, p) in zip(said, full, strict=True):
                    assert kind.rpartition(".")[2] == (
                        "split" if p["yes"] and p["no"] else "yes" if p["yes"] else
                        "no" if p["no"] else "abstain")
                votes = []
                checked += 1
            elif msg.id in ("vertigo.event.production", "vertigo.event.fined",
                            "vertigo.event.subsidy"):
                produced.append(msg)
            elif msg.id in ("vertigo.event.production_all", "vertigo.event.fines",
                            "vertigo.event.subsidies"):
                assert [(m.params["player"], m.params["amount"]) for m in msg.params["players"]
                        ] == [(m.params["player"], m.params["amount"]) for m in produced]
                assert tr.render(msg).split(": ")[0] in ("Production", "Fines", "Subsidies")
                produced = []
    assert checked > 5


def test_brief_keeps_ones_own_moves_and_markers_put_on_one(games: list[Match]) -> None:
    """Brief verbosity: a player still hears each purchase and vote of their own and each
    marker put on their country, by whom and where, in one line."""
    mine = {"vertigo.event.population", "vertigo.event.built", "vertigo.event.bought_student",
            "vertigo.event.bought_student_more",
            "vertigo.event.my_vote", "vertigo.event.depolluted"}
    heard_own = heard_marker = 0
    for match in games:
        for i, event in enumerate(match.events):
            if event.msg.id in mine and event.visible_to == frozenset({event.cause}):
                if event.msg.id == "vertigo.event.my_vote" and event.level == Verbosity.FULL:
                    # the last vote: the votes said next, as its own move (heard at brief)
                    votes = next(e for e in match.events[i:] if e.msg.id == "vertigo.event.votes"
                                 and e.visible(event.cause))
                    assert votes.cause == event.cause and votes.level == Verbosity.NORMAL
                else:
                    assert event.level == Verbosity.BRIEF
                heard_own += 1
            if event.msg.id in ("vertigo.event.marker_on", "vertigo.event.marker_mine") and (
                    event.level == Verbosity.BRIEF):  # (the others hear one picked by its owner)
                spot = event.msg.params["place"]
                owner = spot.params["owner"].seat if "owner" in spot.params else event.cause
                assert owner in event.visible_to and event.level == Verbosity.BRIEF
                heard_marker += 1
    assert heard_own > 50 and heard_marker > 50


def test_a_country_out_hears_it_said_to_it_once() -> None:
    """VG-31: a country whose last population pawn is polluted away is out; it is told
    once, as "you" ("You are out: no population left."), the others by its name."""
    state = started(3, 1, pawns=1)
    seat = state.order[-1]
    mark = len(state.events)
    state._place(seat, seat, 0, 0, witness=False)  # its one pawn stands in A
    events = state.events[mark:]
    out = [e for e in events if e.msg.id == "vertigo.event.eliminated"]
    assert len(out) == 1 and out[0].level == Verbosity.BRIEF and out[0].visible_to is None
    assert not state.active[seat]
    said = [e.msg for e in events if e.visible(seat)]
    for viewer, line in ((seat, "You are out: no population left."),
                         ((seat + 1) % 3, "Ana is out: no population left.")):
        tr = Translator("en", names=lambda s: "Ana", viewer=lambda v=viewer: v)
        heard = [tr.render(m) for m in said]
        assert heard.count(line) == 1 and not any("out:" in h for h in heard if h != line)


def test_every_kind_has_a_label_and_names_real_announcements() -> None:
    for lang in ("en", "fr"):
        tr = Translator(lang)
        for kind in set(KINDS.values()):
            label = tr.render(Msg(f"vertigo.kind.{kind}"))
            assert label and label != f"vertigo.kind.{kind}"
    text = (LOCALES / "en" / "LC_MESSAGES" / "vertigo.po").read_text(encoding="utf-8")
    ids = {line[7:-1] for line in text.splitlines() if line.startswith('msgid "')}
    for key in KINDS:
        assert any(i == key or (key.endswith(".") and i.startswith(key)) for i in ids), key


def test_a_laws_text_is_said_the_first_time_it_is_proposed_then_kept_for_full(
        games: list[Match]) -> None:
    """The text of a law proposed again is not said again at normal verbosity: it stays in
    the log, at full verbosity (and the ``laws`` query reads every text)."""
    again = 0
    for match in games:
        told: set[str] = set()
        for event in match.events:
            if event.msg.id.startswith("vertigo.law.") and event.msg.id.endswith(".text"):
                first = event.msg.id not in told
                assert event.level == (Verbosity.NORMAL if first else Verbosity.FULL)
                told.add(event.msg.id)
                again += not first
    assert again > 10


def test_ones_own_vote_is_confirmed_in_a_word() -> None:
    tr = Translator("en")
    for vote, said in (((0, 1, 0), "Your vote: no."), ((2, 0, 0), "Your vote: 2 yes."),
                       ((1, 1, 0), "Your vote: 1 yes, 1 no, 0 abstain.")):
        msg = Msg("vertigo.event.my_vote", vote=my_vote(*vote))
        assert tr.render(msg) == said


def test_a_line_with_a_count_of_more_is_muted_and_read_back_with_its_kind() -> None:
    """`mute pollution` silences "Ana rolls sun for the right region; 1 more roll there."
    as it does the plain roll; `log purchases` reads "...; 2 wait there." with the others."""
    for base in ("vertigo.event.roll", "vertigo.event.bought_student"):
        assert KINDS[f"{base}_more"] == KINDS[base]


def test_students_bought_in_a_row_for_one_region_say_how_many_wait_there() -> None:
    """Three students bought for one region were the same line said three times; each one
    after the first says how many wait there now, in both languages."""
    match = Match(SPEC, SPEC.settings(4, 1), [SeatSpec("bot", level="normal", name_index=i)
                                              for i in range(4)])
    seat = match.state.pending().seats[0]
    mark = len(match.events)
    match.act(seat, "step:student")
    for _ in range(3):  # the same question stays: typed "1 1 1"
        match.act(seat, "to:0")
    said = [e.msg for e in match.events[mark:]
            if e.msg.id.startswith("vertigo.event.bought_student") and e.visible(seat)
            and e.level == Verbosity.BRIEF]
    tr = Translator("en", names=match.seat_name)
    name = tr.render(match.seat_name(seat))
    assert [tr.render(m) for m in said] == [
        f"{name} buys a student for the right region, 5 $.",
        f"{name} buys a student for the right region, 5 $; 2 wait there.",
        f"{name} buys a student for the right region, 5 $; 3 wait there."]
    assert Translator("fr", names=match.seat_name).render(said[2]).endswith(
        " ; 3 y attendent.")


def test_the_last_voter_hears_the_votes_not_its_own_vote_before_them() -> None:
    """"Your vote: no." then "Votes: Kyoto yes, Rio no, you no." said the vote twice: the
    seat whose vote completes the count hears the votes as its own move confirmed, at
    brief too; a seat that votes while others still decide hears "Your vote: no." at once
    (the votes come later); every seat hears the votes once, spectators too."""
    from tests.vertigo.test_rules_laws import law_game

    state = law_game(3, (1, 1, 1))
    state.apply(state.order[0], "law:3")
    first, *_, last = state.pending().seats
    mark = len(state.events)
    for seat in state.pending().seats:
        state.apply(seat, "vote:no")
    events = state.events[mark:]
    mine = {e.cause: e for e in events if e.msg.id == "vertigo.event.my_vote"}
    assert mine[first].level == Verbosity.BRIEF and mine[last].level == Verbosity.FULL
    votes = [e for e in events if e.msg.id == "vertigo.event.votes"]
    assert all(sum(e.visible(s) for e in votes) == 1 for s in range(3))
    assert any(e.visible(None) for e in votes)  # spectators
    theirs = next(e for e in votes if e.visible(last))
    assert theirs.cause == last and theirs.level == Verbosity.NORMAL
    heard = Translator("en").for_seat(last).render(theirs.msg)
    assert heard.startswith("Votes: ") and "you no" in heard
