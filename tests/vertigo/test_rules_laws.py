"""Laws, votes, elimination and the end: VG-27 to VG-32."""

from __future__ import annotations

import pytest

from a11y_games.engine import Verbosity
from a11y_games.games.vertigo.country import CLEAN, POLLUTED, POLLUTING, TREATMENT
from a11y_games.games.vertigo.state import VertigoState
from a11y_games.i18n import Translator
from tests.vertigo.helpers import ids, seat_now, started, to_laws, to_pollution


def law_game(players: int = 3, diplomats: tuple[int, ...] = (1, 1, 1)) -> VertigoState:
    state = started(players, 1, pawns=4)
    for seat, count in enumerate(diplomats):
        state.countries[seat].diplomats = count
    to_laws(state)
    return state


def vote_all(state: VertigoState, votes: dict[int, str]) -> None:
    for seat, vote in votes.items():
        state.apply(seat, vote)


def test_vg27_only_diplomats_propose_each_law_once() -> None:
    """VG-27: players with a diplomat propose in turn order; a law once a turn; never twice."""
    state = law_game(3, (1, 0, 1))
    proposers = [s for s in state.order if state.countries[s].diplomats]
    assert seat_now(state) == proposers[0]
    state.apply(proposers[0], "law:3")
    vote_all(state, {s: "vote:no" for s in proposers})
    assert seat_now(state) == proposers[1]
    assert "law:3" not in state.legal_actions(proposers[1])  # proposed this turn already
    state.apply(proposers[1], "pass")
    assert state.turn == 2
    again = law_game(3, (1, 0, 1))
    first = seat_now(again)
    again.laws_used[first] = {3}  # proposed in an earlier turn, passed or not
    again.refresh()
    assert "law:3" not in again.legal_actions(first)
    assert "law:1" in again.legal_actions(first) and "pass" in again.legal_actions(first)


def test_vg28_a_country_with_no_diplomat_hears_it_has_no_vote_and_why() -> None:
    """VG-28, issue 27: a player with no diplomat heard laws pass without knowing why they
    were not asked; told once a turn, at the first proposal, they alone."""
    state = law_game(3, (1, 0, 1))
    first = seat_now(state)
    start = len(state.events)
    state.apply(first, "law:3")
    told = [e for e in state.events[start:] if e.msg.id == "vertigo.event.no_vote"]
    assert [e.visible_to for e in told] == [frozenset({1})]
    assert Translator("en").render(told[0].msg) == "No vote for you this turn: no diplomat."
    vote_all(state, {0: "vote:no", 2: "vote:no"})
    start = len(state.events)
    state.apply(seat_now(state), "law:1")  # the second proposal: said once is enough
    assert "vertigo.event.no_vote" not in ids(state, start)


def test_vg28_majority_passes_bonus_and_tie_fails() -> None:
    """VG-28: secret votes by diplomat; more yes than no passes; proposer gets 10 $."""
    state = law_game(2, (2, 3))
    proposer, other = state.order
    state.apply(proposer, "law:5")
    pending = state.pending()
    assert pending is not None and set(pending.seats) == {0, 1}
    state.apply(other, "vote:split")
    for action in ("vote:more_yes", "vote:more_no", "vote:more_no"):  # 1 yes, 2 no
        state.apply(other, action)
    assert state.pending().seats == (proposer,)  # type: ignore[union-attr]
    money, vault = state.countries[proposer].money, state.vault
    state.apply(proposer, "vote:yes")  # 2 + 1 yes against 2 no
    assert "vertigo.event.law_passed" in ids(state)
    assert state.countries[proposer].money == money + 10 and state.vault == vault - 10


def test_vg28_tie_fails_and_empty_vault_pays_partially() -> None:
    """VG-28: a tie rejects the law; an empty vault pays what it has."""
    state = law_game(2, (1, 1))
    proposer, other = state.order
    state.apply(proposer, "law:1")
    vote_all(state, {proposer: "vote:yes", other: "vote:no"})
    assert "vertigo.event.law_failed" in ids(state)
    state = law_game(2, (1, 1))
    proposer, other = state.order
    state.vault = 4
    money = state.countries[proposer].money
    state.apply(proposer, "law:4")
    vote_all(state, {proposer: "vote:yes", other: "vote:abstain"})
    assert state.countries[proposer].money == money + 4 and state.vault == 0


def test_vg29_vault_fed_by_diplomats_depollution_fines() -> None:
    """VG-29: diplomats' upkeep, depollution and fines go to the vault; nothing else."""
    state = started(2, 1, pawns=4)
    first = state.order[0]
    state.countries[first].diplomats = 2
    vault = state.vault
    state.turn = 2
    state._settle_upkeep(first)
    assert state.vault == vault + 2  # the diplomats' share only


@pytest.mark.parametrize("law", [1, 2, 3, 4, 5])
def test_vg30_each_law_has_its_exact_effect(law: int) -> None:
    """VG-30: the five laws, passed unanimously, do exactly what their text says."""
    state = law_game(2, (1, 1))
    proposer, other = state.order
    o = state.countries[other]
    o.prov[1][0:3], o.eng[1][0:3] = [POLLUTING, POLLUTING, TREATMENT], [1, 1, 2]
    o.prov[2][0:3] = [POLLUTED] * 3
    state.planet = 20
    money, vault = o.money, state.vault
    state.apply(proposer, f"law:{law}")
    vote_all(state, {proposer: "vote:yes", other: "vote:yes"})
    vault -= 10  # the proposer's bonus
    if law == 1:
        assert o.money == money - 6 and state.vault == vault + 6
    elif law == 2:
        assert o.money == money + 5 and state.vault == vault - 5
    elif law == 3:
        assert state.moratorium_turn == 2
        while state.turn == 1 or seat_now(state) != other or state.phase != "manage":
            seat = seat_now(state)
            legal = state.legal_actions(seat)
            state.apply(seat, "done" if "done" in legal else legal[0])
        o.fresh[0] = 2
        state.refresh()
        assert "step:build+kind:clean" in state.legal_actions(other)
        assert "step:build+kind:polluting" not in state.legal_actions(other)
        assert state.menus.build_error(other, "polluting").id == "vertigo.error.moratorium"
    elif law == 4:
        assert seat_now(state) == other and state.tasks[0].region == 2
        state.apply(other, "province:0")
        assert o.polluted(2) == 2
    else:
        assert state.planet == 10


def test_vg31_no_population_eliminated_safe_to_vault() -> None:
    """VG-31: a country without population is out; its safe goes to the vault."""
    state = started(3, 1, pawns=1)
    first, victim = state.order[0], state.order[1]
    c = state.countries[first]
    c.prov[0][0], c.eng[0][0] = POLLUTING, 1
    v = state.countries[victim]
    v.prov[0][1:] = [POLLUTED] * 9
    money, vault = v.money, state.vault
    to_pollution(state, "arrow", *["sun"] * 5)
    state.apply(first, f"target:{victim}")
    state.apply(first, "region:0")
    assert state.legal_actions(first) == ["province:0", "back"]
    state.apply(first, "province:0")
    assert not state.active[victim] and v.money == 0 and state.vault >= vault + money
    assert "vertigo.event.eliminated" in ids(state)
    assert victim not in state.order or state.turn == 2


def finish(state: VertigoState) -> frozenset[int]:
    from a11y_games.engine import Msg

    state._finish(Msg("vertigo.end.coin"))
    outcome = state.outcome()
    assert outcome is not None
    return outcome.winners


def test_vg32_most_factories_win_if_upkeep_paid() -> None:
    """VG-32: most factories wins, if the safe pays the upkeep; ties: pawns, then safe."""
    state = started(3, 1, pawns=4)
    a, b, c = (state.countries[s] for s in range(3))
    a.prov[1][0:2], a.eng[1][0:2] = [CLEAN, CLEAN], [2, 2]
    b.prov[1][0], b.eng[1][0] = CLEAN, 2
    assert finish(state) == frozenset({0})
    state = started(3, 1, pawns=4)
    a, b, c = (state.countries[s] for s in range(3))
    a.prov[1][0:2], a.eng[1][0:2] = [CLEAN, CLEAN], [2, 2]
    b.prov[1][0], b.eng[1][0] = CLEAN, 2
    a.money = 3  # 4 engineers to pay: not enough
    assert finish(state) == frozenset({1})
    state = started(3, 1, pawns=4)
    a, b, c = (state.countries[s] for s in range(3))
    a.prov[1][0], a.eng[1][0] = POLLUTING, 1
    b.prov[1][0], b.eng[1][0] = POLLUTING, 1
    b.diplomats = 1  # tie on factories: more pawns wins
    assert finish(state) == frozenset({1})
    state = started(3, 1, pawns=4)
    a, b, c = (state.countries[s] for s in range(3))
    for x in (a, b, c):
        x.prov[1][0], x.eng[1][0] = POLLUTING, 1
    a.money, b.money, c.money = 20, 30, 30  # then the fullest safe; a full tie shares
    assert finish(state) == frozenset({1, 2})


def test_vg28_split_vote_is_a_short_menu_whatever_the_diplomats() -> None:
    """VG-28: 12 diplomats split yes / no / abstain one at a time, in a 4-item menu."""
    state = law_game(2, (1, 12))
    proposer, other = state.order
    state.apply(proposer, "law:5")
    state.apply(other, "vote:split")
    assert state.legal_actions(other) == ["vote:more_yes", "vote:more_no",
                                          "vote:rest_abstain", "back"]
    for action in ["vote:more_yes"] * 5 + ["vote:more_no"] * 2 + ["back"]:
        state.apply(other, action)
        assert len(state.legal_actions(other)) <= 4
    tr = Translator("en")
    labels = [tr.render(state.describe(other, a)) for a in state.legal_actions(other)]
    assert labels == ["1 more yes, 6 yes in all", "1 more no, 2 no in all",
                      "Done: the other 6 abstain", "Back"]
    state.apply(other, "vote:rest_abstain")
    assert state.votes[other] == (5, 1, 6)
    mine = [e for e in state.events if e.msg.id == "vertigo.event.my_vote"]
    assert tr.render(mine[-1].msg) == "Your vote: 5 yes, 1 no, 6 abstain."


def test_vg28_split_vote_ends_when_every_diplomat_has_voted() -> None:
    """VG-28: the last diplomat's yes or no casts the split vote; back undoes one step."""
    state = law_game(2, (1, 2))
    proposer, other = state.order
    state.apply(proposer, "law:5")
    state.apply(other, "vote:split")
    state.apply(other, "back")
    assert "vote:split" in state.legal_actions(other)
    for action in ("vote:split", "vote:more_no", "vote:more_yes"):
        state.apply(other, action)
    assert state.votes[other] == (1, 1, 0)


def standing_lines(state: VertigoState) -> list[tuple[str, Verbosity]]:
    names = {0: "Ana", 1: "Bruno", 2: "Chloé", 3: "Djamila"}
    tr = Translator("en", names=lambda s: names[s])
    start = next(i for i, e in enumerate(state.events) if e.msg.id == "vertigo.standings.head")
    return [(tr.render(e.msg), e.level) for e in state.events[start:]]


def test_vg32_final_standings_are_announced_with_the_deciding_tie_break() -> None:
    """VG-32: the end names every rank, factories first, and the tie-break figure that decided."""
    state = started(4, 1, pawns=4)
    a, b, c, d = state.countries
    a.prov[1][0:2], a.eng[1][0:2] = [CLEAN, CLEAN], [2, 2]
    b.prov[1][0], b.eng[1][0] = POLLUTING, 1
    c.prov[1][0], c.eng[1][0] = POLLUTING, 1
    c.diplomats = 1  # Chloé beats Bruno on student pawns, not on factories
    d.diplomats, d.money = 30, 3  # cannot pay the upkeep of 30 diplomats
    for x in (a, b, c):
        x.money = 20
    assert finish(state) == frozenset({0})
    assert standing_lines(state) == [
        ("Final standings:", Verbosity.NORMAL),
        ("1. Ana: 2 factories.", Verbosity.BRIEF),
        ("2. Chloé: 1 factory.", Verbosity.NORMAL),
        ("Then 2 student pawns.", Verbosity.NORMAL),
        ("3. Bruno: 1 factory.", Verbosity.NORMAL),
        ("Then 1 student pawn.", Verbosity.NORMAL),
        ("Unranked: Djamila, upkeep unpaid.", Verbosity.NORMAL)]


def test_vg32_equal_figures_share_a_rank_and_the_safe_is_told() -> None:
    """VG-32: a tie on factories and pawns is decided by the safe; a full tie shares rank 1."""
    state = started(3, 1, pawns=4)
    for x in state.countries:
        x.prov[1][0], x.eng[1][0] = POLLUTING, 1
    a, b, c = state.countries
    a.money, b.money, c.money = 20, 30, 30
    assert finish(state) == frozenset({1, 2})
    assert standing_lines(state)[1:] == [
        ("1. Bruno: 1 factory.", Verbosity.BRIEF),
        ("Then 1 student pawn.", Verbosity.BRIEF),
        ("Then 30 $ in the safe.", Verbosity.BRIEF),
        ("1. Chloé: 1 factory.", Verbosity.BRIEF),
        ("Then 1 student pawn.", Verbosity.BRIEF),
        ("Then 30 $ in the safe.", Verbosity.BRIEF),
        ("3. Ana: 1 factory.", Verbosity.NORMAL),
        ("Then 1 student pawn.", Verbosity.NORMAL),
        ("Then 20 $ in the safe.", Verbosity.NORMAL)]


@pytest.mark.rule("VG-32")
def test_vg32_the_end_names_the_winner_once_then_the_standings() -> None:
    """The end said "Winner: Smog." twice (the game's line and the client's): once now, after
    the standings."""
    import io

    from a11y_games.engine.match import Match, SeatSpec
    from a11y_games.games.vertigo import SPEC
    from a11y_games.ui.client import Client
    from a11y_games.ui.terminal import PlainReader, Writer

    match = Match(SPEC, SPEC.settings(2, 4), [SeatSpec("bot", level="normal", name_index=i)
                                             for i in range(2)])
    out = io.StringIO()
    Client(match, reader=PlainReader(io.StringIO("")), writer=Writer(out)).run()
    lines = out.getvalue().splitlines()
    assert match.state.outcome() is not None and match.state.outcome().winners
    assert sum(line.startswith(("Winner", "Winners")) for line in lines) == 1
    assert lines.index("Final standings:") < next(
        i for i, line in enumerate(lines) if line.startswith("Winner"))
