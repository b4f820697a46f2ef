"""Claims at any time (PN-19): any player may say, at any vote or nomination, what they saw
in an earlier turn; the claim is public, kept with its turn, read by `claims`, weighed by
bots."""

from __future__ import annotations

import pytest

from a11y_games.games.pnue.bots import suspicion
from a11y_games.i18n import Translator
from tests.pnue.helpers import D, E, L, act, elect, ids, new, rig

SEVEN = [E, L, E, D, E, L, E]


def after_a_session() -> object:
    """Turn 1: seat 0 presides, seat 2 is Secretary-General, a lobbyist tile enacted; both
    stay silent. Turn 2: seat 1 nominates seat 3, everybody votes."""
    state = rig(new(7), SEVEN, top=["lob", "lob", "climate"])
    elect(state, 2)
    act(state, 0, "discard:climate")
    act(state, 2, "enact:lob")
    act(state, 0, "claim:none")
    act(state, 2, "claim:none")
    act(state, 1, "nominate:3")
    return state


def claims_text(state: object, lang: str = "en") -> list[str]:
    query = {q.name: q for q in state.queries()}["claims"]
    return Translator(lang).render_all(query.run(state, 4, ""))


@pytest.mark.rule("PN-19")
def test_pn19_a_player_claims_at_a_later_vote_what_they_drew() -> None:
    state = after_a_session()
    assert state.phase == "vote"
    assert state.legal_actions(0) == ["vote:yes", "vote:no", "argue"]
    assert state.legal_actions(2)[-1] == "argue"
    assert "argue" not in state.legal_actions(4)  # nothing seen: nothing to claim
    act(state, 0, "argue")
    assert state.legal_actions(0) == ["about:0", "back"]
    assert Translator("en").render(state.describe(0, "about:0")) == (
        "Turn 1: what you drew as President")
    act(state, 0, "about:0")
    assert state.legal_actions(0) == ["say:lob0", "say:lob1", "say:lob2", "say:lob3", "back"]
    mark = len(state.events)
    act(state, 0, "say:lob3")  # a lie: one was ecological
    said = state.events[mark:]
    assert [e.msg.id for e in said] == ["pnue.claim.about_said"]
    assert all(e.visible_to is None for e in said)
    tr = Translator("en", names=lambda s: ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"][s])
    assert tr.render_all([e.msg for e in said]) == [
        "Ana says of turn 1: Drew: lobbyist 3, ecological 0."]
    assert state.legal_actions(0) == ["vote:yes", "vote:no"]  # one claim a turn
    assert claims_text(state)[-2:] == ["Turn 2, Player 1 says of turn 1:",
                                       "Drew: lobbyist 3, ecological 0."]
    assert claims_text(state, "fr")[-2] == "Tour 2, Joueur 1 dit du tour 1 :"
    act(state, 0, "vote:yes")  # the vote goes on
    assert 0 not in state.pending().seats


@pytest.mark.rule("PN-19")
def test_pn19_back_leaves_the_claim_menu_without_a_word() -> None:
    state = after_a_session()
    mark = len(state.events)
    act(state, 2, "argue")
    act(state, 2, "about:0")
    assert state.legal_actions(2) == ["say:lob0", "say:lob1", "say:lob2", "back"]
    act(state, 2, "back")
    act(state, 2, "back")
    assert state.legal_actions(2) == ["vote:yes", "vote:no", "argue"]
    assert ids(state.events[mark:]) == [] and claims_text(state) == ["No claim yet."]


@pytest.mark.rule("PN-19")
def test_pn19_the_president_claims_while_nominating_and_about_an_investigation() -> None:
    state = after_a_session()
    for seat in state.pending().seats:
        act(state, seat, "vote:no")
    state.subjects[state.president] = [(1, "role", 5)]  # as if it had investigated seat 5
    p = state.president
    assert state.legal_actions(p)[-1] == "argue"
    act(state, p, "argue")
    act(state, p, "about:0")
    assert state.legal_actions(p) == ["say:ecologist", "say:lobbyist", "back"]
    act(state, p, "say:ecologist")
    assert ids(state.events[-1:]) == ["pnue.claim.about_said"]
    assert state.events[-1].msg.params["claim"].id == "pnue.claim.role"
    assert state.phase == "nominate" and "argue" not in state.legal_actions(p)


@pytest.mark.rule("PN-19")
def test_pn19_bots_weigh_a_changed_story() -> None:
    """Seat 2 said it received two lobbyist tiles, then later that it had an ecological
    one: the teller of two stories grows more suspect to an onlooker."""
    state = rig(new(7), SEVEN, top=["lob", "lob", "climate"])
    elect(state, 2)
    act(state, 0, "discard:climate")
    act(state, 2, "enact:lob")
    act(state, 0, "claim:lob2")
    act(state, 2, "claim:lob2")
    act(state, 1, "nominate:3")
    before = suspicion(state.observation(6))[2]
    act(state, 2, "argue")
    act(state, 2, "about:0")
    act(state, 2, "say:lob1")
    assert suspicion(state.observation(6))[2] > before + 0.5


@pytest.mark.rule("PN-19")
def test_the_president_in_the_claim_menu_hears_the_claim_question() -> None:
    """"Nominate a Secretary-General." over "Say: lobbyist 0, ecological 2" said a question
    the choices did not answer; the claim menu asks its own, then the nomination again."""
    state = after_a_session()
    for seat in state.pending().seats:
        act(state, seat, "vote:no")
    state.subjects[state.president] = [(1, "got", 2)]
    p = state.president
    english = Translator("en")
    act(state, p, "argue")
    assert english.render(state.pending().prompt) == "Claim about which turn?"
    act(state, p, "about:0")
    assert state.pending().seats == (p,)
    assert english.render(state.pending().prompt) == "What do you say of turn 1?"
    act(state, p, "back")
    assert english.render(state.pending().prompt) == "Claim about which turn?"
    act(state, p, "back")
    assert english.render(state.pending().prompt) == "Nominate a Secretary-General."


@pytest.mark.rule("PN-19")
def test_a_voter_in_the_claim_menu_is_asked_the_claim_s_question_the_others_the_vote() -> None:
    """The vote is one question for all; a voter who opens the claim menu hears its own
    (``prompt_for``) while the vote, and who is still to answer it, stays as it was."""
    state = after_a_session()
    english = Translator("en")
    vote = state.pending()
    act(state, 0, "argue")
    assert state.pending() == vote  # nobody answered the vote
    assert english.render(state.prompt_for(0)) == "Claim about which turn?"
    assert state.prompt_for(2) == state.prompt_for(4) == vote.prompt
    act(state, 0, "about:0")
    assert english.render(state.prompt_for(0)) == "What do you say of turn 1?"
    act(state, 0, "back")
    act(state, 0, "back")
    assert state.prompt_for(0) == vote.prompt
    act(state, 0, "argue")
    act(state, 0, "about:0")
    act(state, 0, "say:lob1")
    assert state.prompt_for(0) == vote.prompt  # claimed: the vote again
    assert state.pending() == vote
