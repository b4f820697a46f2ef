"""What the game announces as it happens: one idea a line, each line fits 40 braille cells."""

from __future__ import annotations

import random

import pytest

from a11y_games.engine import Msg, Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games.pnue import SPEC
from a11y_games.i18n import Translator
from tests.pnue.helpers import LOB, D, E, L, act, elect, enact, ids, new, rig, since, vote
from tests.widths import fits

SEVEN = [E, L, E, D, E, L, E]
PLAYERS = (2, 3, 4, 5, 7, 9, 12)
VARIANTS = ({}, {"crises": "on"}, {"crises": "on", "race": "random"},
            {"roles": "random_lobbyists"}, {"roles": "maybe_dollar"})


def _played(players: int, seed: int, level: str) -> Match:
    """A whole bots-only game; races are won in a random order."""
    variants = VARIANTS if players >= 5 else VARIANTS[:3]
    options = variants[(seed + players) % len(variants)]
    match = Match(SPEC, SPEC.settings(players, seed, options),
                  [SeatSpec("bot", level=level, name_index=i) for i in range(players)])
    race = random.Random(seed)
    while (pending := match.state.pending()) is not None:
        seat = race.choice(pending.seats) if pending.race else pending.seats[0]
        match.act(seat, match.bot_choice(seat))
    return match


CLAIMS = {"pnue.claim.drew_tiles", "pnue.claim.got_tiles", "pnue.claim.says_role",
          "pnue.claim.about_said"}
"""A claim is one whole sentence with who says it ("Cy claims: Ana is a lobbyist."): never
cut in two, where a line alone would lose who said it (a display pans a long one)."""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_events_fit_40_cells(lang: str) -> None:
    """Every event of whole games (2 to 12 players, random and normal bots, every variant),
    rendered with nation and fictive player names, fits a 40-cell braille display (a list
    of names is one whole sentence: never cut, a display pans it)."""
    too_long: dict[str, str] = {}
    for players in PLAYERS:
        for level in ("random", "normal"):
            for seed in range(3):
                match = _played(players, seed, level)
                tr = Translator(lang, names=match.seat_name)
                for event in match.state.events:
                    text = tr.render(event.msg)
                    if not fits(event.msg, text) and not (
                            event.msg.id in CLAIMS and text.endswith(".")):
                        too_long.setdefault(event.msg.id, text)
    assert not too_long, too_long


def test_the_vote_result_and_its_lists_then_the_secretary_general_on_its_own_line() -> None:
    """PN-12, PN-16: the count first, who voted how next (the vote's lines together, not
    split by "Cy is Secretary-General."), then who is Secretary-General; BRIEF."""
    state = rig(new(5), [E, L, E, D, E])
    act(state, 0, "nominate:2")
    mark = len(state.events)
    vote(state, yes=(0, 1, 2, 3))
    said = since(state, mark)
    at = ids(said).index("pnue.vote.result_yes")
    assert ids(said)[at:at + 4] == ["pnue.vote.result_yes", "pnue.vote.who_yes",
                                    "pnue.vote.who_no", "pnue.vote.secretary"]
    result, secretary = said[at], said[at + 3]
    assert result.msg.id == "pnue.vote.result_yes" and result.msg.params == {"yes": 4, "no": 1}
    assert secretary.msg.id == "pnue.vote.secretary" and secretary.msg.params["seat"].seat == 2
    assert result.level == secretary.level == Verbosity.BRIEF
    failed = rig(new(5), [E, L, E, D, E])
    act(failed, 0, "nominate:2")
    vote(failed)
    assert "pnue.vote.secretary" not in ids(failed.events)


@pytest.mark.rule("PN-12")
def test_who_voted_what_is_told_in_one_sentence_in_table_order() -> None:
    """PN-12: with 12 players, the yes voters are one whole sentence, every one named
    (they came over 4 lines, and speech heard "And India, Japan." alone)."""
    state = new(12)
    act(state, 0, "nominate:5")
    mark = len(state.events)
    vote(state, all_yes=True)
    lines = [e for e in since(state, mark) if e.msg.id in ("pnue.vote.who_yes", "pnue.list.more")]
    assert [e.msg.id for e in lines] == ["pnue.vote.who_yes"]
    assert [r.seat for e in lines for r in e.msg.params["seats"]] == state.table
    # the longer list only at full verbosity: the shorter one, and the count, say it all
    assert all(e.level == Verbosity.FULL and e.visible_to is None for e in lines)
    nobody = next(e for e in since(state, mark) if e.msg.id == "pnue.vote.who_no")
    assert nobody.msg.params["seats"] == [] and nobody.level == Verbosity.FULL  # "0 no" said it


@pytest.mark.rule("PN-18")
def test_the_same_tile_drawn_twice_is_one_line_with_its_count() -> None:
    """PN-18: two lobbyist tiles were said "lobbyist." then "lobbyist." again, as if
    repeated by mistake; now one line a kind of tile, with its count, in both languages,
    and the Secretary-General's two tiles likewise. Issue 27: "lobbyist: 2." sounded like a
    count of lobbyists (players): it says tiles."""
    state = rig(new(5), [E, L, E, D, E], top=["lob", "climate", "lob"])
    mark = len(state.events)
    elect(state, 2)
    drew = [e for e in since(state, mark) if e.msg.id.startswith("pnue.draw.")]
    assert [Translator("en").render(e.msg) for e in drew[1:]] == [
        "You drew 3 tiles:", "2 lobbyist tiles.", "ecological climate."]
    assert Translator("fr").render(drew[2].msg) == "2 tuiles : lobbyiste."
    assert all(e.visible_to == frozenset({0}) for e in drew[1:])
    mark = len(state.events)
    act(state, 0, "discard:climate")
    got = [e for e in since(state, mark) if e.msg.id.startswith("pnue.hand.")]
    assert [Translator("en").render(e.msg) for e in got if e.visible_to == {2}] == [
        "You receive 2 tiles:", "2 lobbyist tiles."]


@pytest.mark.rule("PN-18")
def test_tiles_seen_in_secret_come_one_a_line_after_how_many() -> None:
    """PN-18: the President hears how many tiles he drew, then each, in private."""
    state = rig(new(5), [E, L, E, D, E], top=["lob", "climate", "social"])
    mark = len(state.events)
    elect(state, 2)
    drew = [e for e in since(state, mark) if e.msg.id.startswith("pnue.draw.")]
    assert [e.msg.id for e in drew] == ["pnue.draw.public", "pnue.draw.private"] + [
        "pnue.draw.tile"] * 3
    assert drew[1].msg.params == {"count": 3}
    assert [e.msg.params["tile"].id for e in drew[2:]] == [
        "pnue.tile.lob", "pnue.tile.climate", "pnue.tile.social"]
    assert all(e.visible_to == frozenset({0}) for e in drew[1:])
    mark = len(state.events)
    act(state, 0, "discard:lob")
    got = [e for e in since(state, mark) if e.msg.id.startswith("pnue.hand.")]
    assert [e.msg.id for e in got] == ["pnue.hand.public", "pnue.hand.public",
                                       "pnue.hand.private", "pnue.hand.tile", "pnue.hand.tile"]
    assert (got[0].visible_to, got[0].level) == (frozenset({0}), Verbosity.BRIEF)  # his discard
    assert got[1].level == Verbosity.FULL and 0 not in got[1].visible_to  # the others: a detail
    assert all(e.visible_to == frozenset({2}) for e in got[2:])


@pytest.mark.rule("PN-18", "PN-24")
def test_an_enactment_then_the_tiles_on_the_table() -> None:
    """PN-18: what is enacted, then the count on the table, both BRIEF."""
    state = rig(new(7), SEVEN)
    mark = len(state.events)
    enact(state, "health", nominee=2)
    done = next(i for i, e in enumerate(since(state, mark)) if e.msg.id == "pnue.enact.done")
    enacted, table = since(state, mark)[done:done + 2]
    assert enacted.msg.params["tile"].id == "pnue.tile.health"
    assert enacted.msg.params["seat"] == state.refs[2]  # the Secretary-General, by name
    for lang, line in (("en", "Kenya enacts: ecological health."),
                       ("fr", "Kenya adopte : écologique, santé.")):
        assert Translator(lang, names=lambda s: "Kenya").render(enacted.msg) == line
    assert table.msg.id == "pnue.enact.table" and table.msg.params == {"eco": 1, "lob": 0}
    assert enacted.level == table.level == Verbosity.BRIEF


@pytest.mark.rule("PN-27")
def test_the_winning_camp_then_why_on_its_own_line() -> None:
    """PN-27: ``The ecologists win!``, then the reason, which is the outcome's reason."""
    state = rig(new(7), SEVEN)
    state.enacted = ["lob", "lob"]
    enact(state, "lob", nominee=2)
    act(state, 0, "revoke:3")
    at = ids(state.events).index("pnue.end.winner")
    winner, reason = state.events[at:at + 2]
    assert winner.msg.params["camp"].id == "pnue.camp.ecologists"
    assert reason.msg == state.outcome().reason and reason.msg.id == "pnue.end.dollar_revoked"
    assert reason.level == Verbosity.BRIEF and reason.visible_to is None


@pytest.mark.rule("PN-19", "PN-21")
def test_a_claim_says_who_then_what() -> None:
    """PN-21: a role claim is one public line from the claimant, who claims and what ("Ana
    claims: Di is an ecologist."), at every verbosity: log search shows who said it."""
    state = rig(new(7), SEVEN)
    state.enacted = ["lob"]
    enact(state, "lob", nominee=2)
    act(state, 0, "investigate:3")
    mark = len(state.events)
    act(state, 0, "claim:ecologist")
    [says] = [e for e in since(state, mark) if e.msg.id.startswith("pnue.claim.")]
    assert says.msg.id == "pnue.claim.says_role" and says.msg.params["seat"].seat == 0
    claim = says.msg.params["claim"]
    assert claim.id == "pnue.claim.role" and claim.params["target"].seat == 3
    assert says.cause == 0 and says.visible_to is None and says.level == Verbosity.BRIEF
    tr = Translator("en", names=lambda s: ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"][s])
    assert tr.render(says.msg) == "Ana claims: Di is an ecologist."


@pytest.mark.rule("PN-32", "PN-33")
def test_a_crisis_is_told_a_fact_a_line() -> None:
    """PN-32: the crisis resolved, then by which tile; PN-33: react now, then the rule, then
    who sits out."""
    state = rig(new(5, crises="on"), [E, L, E, D, E], top=["crisis_health", "lob", "climate"])
    state.enacted = ["health"]
    elect(state, 2)
    at = ids(state.events).index("pnue.crisis.resolved")
    resolved, by = state.events[at:at + 2]
    assert resolved.msg.params["crisis"].id == "pnue.tile.crisis_health"
    assert by.msg.id == "pnue.crisis.resolved_by" and by.msg.params["tile"].id == "pnue.tile.health"
    race = rig(new(5, crises="on"), [E, L, E, D, E], top=["crisis_climate", "lob", "health"])
    elect(race, 2)
    assert ids(race.events)[-2:] == ["pnue.crisis.race", "pnue.crisis.race_rule"]
    for seat in (3, 2, 4, 1):
        act(race, seat, "react")
    loser = race.events[ids(race.events).index("pnue.crisis.loser")]
    assert loser.msg.params == {"seat": race.refs[1]} and loser.level == Verbosity.BRIEF


@pytest.mark.rule("PN-15")
def test_a_third_failure_is_said_before_the_tile_it_enacts() -> None:
    """PN-15: three failed votes in a row are said first, then the tile enacted."""
    state = rig(new(5), [E, L, E, D, E], top=["social"])
    for _ in range(3):
        act(state, state.president, state.legal_actions(state.president)[0])
        vote(state)
    said = ids(state.events)
    third = said.index("pnue.chaos.third")
    assert said[third + 1:third + 3] == ["pnue.chaos.enact", "pnue.enact.table"]
    assert state.events[third + 1].msg.params["tile"].id == "pnue.tile.social"
    assert state.events[third + 2].msg.params == {"eco": 1, "lob": 0}


@pytest.mark.rule("PN-66", "PN-67")
def test_a_fictive_session_is_told_a_step_a_line() -> None:
    """PN-66: tiles drawn from the fictive player, 1 discarded unseen, then what is
    enacted; PN-67: an empty fictive player is out, said on its own line."""
    state = new(2, seed=5)
    state.fictive[2] = state.fictive[2][-2:]  # its last 2 tiles
    mark = len(state.events)
    president = state.refs[state.president]
    elect(state, 2)
    said = ids(since(state, mark))
    at = said.index("pnue.fictive.session")
    assert said[at:at + 3] == ["pnue.fictive.session", "pnue.fictive.discard", "pnue.enact.done"]
    assert since(state, mark)[at].msg.params == {"seat": state.refs[2], "count": 2}
    enacted = since(state, mark)[at + 2].msg
    assert enacted.params["seat"] == president != state.refs[2]  # the President enacts it
    if state.outcome() is None:
        assert said[said.index("pnue.fictive.empty") + 1] == "pnue.fictive.out"


@pytest.mark.rule("PN-19")
def test_a_player_who_makes_no_claim_is_announced_to_the_others() -> None:
    """Silence after a session is public news: heard at the normal verbosity by the others,
    so no one waits for a claim that will not come."""
    state = rig(new(5), [E, L, E, D, E])
    enact(state, LOB, nominee=1)
    silent = [e for e in state.events if e.msg.id == "pnue.claim.silent"]
    assert [e.msg.params["seat"].seat for e in silent] == [0, 1]
    assert all(e.level <= Verbosity.NORMAL and e.visible(2) for e in silent)


@pytest.mark.rule("PN-66")
def test_french_fictive_session_names_the_fictive_player_first() -> None:
    """"2 tuiles tirées de Joueur fictif 1." lacked its article: the name now comes first."""
    from a11y_games.engine import Msg, PlayerRef

    tr = Translator("fr", names=lambda s: Msg("pnue.fictive.name", number=1))
    line = tr.render(Msg("pnue.fictive.session", seat=PlayerRef(3), count=2))
    assert line == "Joueur fictif 1 : 2 tuiles tirées."


def test_french_names_no_office_in_the_masculine() -> None:
    """The catalogue knows no player's gender: "Priya est Secrétaire général." and "Ingrid
    est Président." are said of women too; the French names the office instead."""
    state = rig(new(5), [E, L, E, D, E])
    act(state, 0, "nominate:2")
    mark = len(state.events)
    vote(state, yes=(0, 1, 2, 3))
    names = ("Ingrid", "Thiago", "Priya", "Chloe", "Mateo")
    french = Translator("fr", names=lambda s: names[s])
    said = [french.render(e.msg) for e in since(state, mark)]
    assert "Priya au secrétariat général." in said
    turn = french.render(Msg("pnue.turn.president", seat=state.refs[0], turn=1))
    assert turn == "Tour 1 : Ingrid à la présidence."
    for msg_id in ("pnue.status.discard", "pnue.status.enact", "pnue.board.president",
                   "pnue.board.last_president", "pnue.board.last_secretary",
                   "pnue.status.claim_secretary", "pnue.status.claim_investigation",
                   "pnue.vote.tie"):
        line = french.render(Msg(msg_id, seat=state.refs[2]))
        assert not any(word in line for word in ("Président", "Secrétaire", " il "))
