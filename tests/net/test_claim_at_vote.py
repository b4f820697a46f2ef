"""PNUE's claim menu opened at a vote, at a network table over real sockets: the voter in
it is sent the claim's own question; the other voters keep the vote's, and the count of
answers to the vote does not move until the voter has voted."""

from __future__ import annotations

import pytest

from a11y_games.net import protocol as p
from tests.net.wire import Client, ServerProcess, run

pytestmark = pytest.mark.timeout(90)

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")


def _actions(asked: p.PendingMsg) -> list[str]:
    return [action for action, _ in asked.choices]


def test_the_claimant_is_sent_the_claim_s_question_the_other_voters_the_vote_s(
        server: ServerProcess) -> None:
    async def scenario() -> None:
        people = [await Client.open(server.url, name, "en") for name in NAMES]
        joined = await people[0].reply(await people[0].request(p.Create(
            game="pnue", players=5, bots={}, options={})))
        assert isinstance(joined, p.Joined)
        for person in people[1:]:
            answer = await person.reply(await person.request(p.Join(table=joined.table.id)))
            assert isinstance(answer, p.Joined)
        seat_of = {}
        for person in people:
            seat_of[person.name] = next(m.seat for m in person.of(p.Joined))
        by_seat = {seat_of[person.name]: person for person in people}
        await people[0].request(p.Start())
        length = 0

        async def latest() -> dict[int, p.PendingMsg]:
            return {seat: await person.expect(p.PendingMsg, lambda m: m.log_length >= length)
                    for seat, person in by_seat.items()}

        async def play(seat: int, action: str) -> dict[int, p.PendingMsg]:
            nonlocal length
            person = by_seat[seat]
            answer = await person.reply(await person.request(p.Act(action=action)))
            assert isinstance(answer, p.Acked), answer
            length += 1
            return await latest()

        asked = await latest()
        while True:  # a first turn played plainly, until a voter may claim what it saw
            mine = {seat: m for seat, m in asked.items() if m.choices}
            assert mine, "nobody asked"
            voting = [seat for seat, m in mine.items() if "vote:yes" in _actions(m)]
            claimant = next((s for s in voting if "argue" in _actions(mine[s])), None)
            if claimant is not None and len(voting) == 5:
                break
            seat = min(mine)
            action = "vote:yes" if voting else next(
                a for a in _actions(mine[seat]) if a not in ("argue", "back"))
            asked = await play(seat, action)
        vote = asked[claimant].prompt
        assert vote.id == "pnue.ask.vote"
        other = next(s for s in voting if s != claimant)
        asked = await play(other, "vote:no")  # one of 5 has answered
        progress = [len(person.of(p.Progress)) for person in people]
        assert [m.done for m in people[0].of(p.Progress)][-1:] == [1]

        asked = await play(claimant, "argue")
        assert asked[claimant].prompt.id == "pnue.ask.argue"
        whose = await by_seat[claimant].reply(await by_seat[claimant].request(
            p.Ask(what="whose")))
        assert isinstance(whose, p.Answer) and whose.lines[-1].id == "pnue.ask.argue"
        assert _actions(asked[claimant])[-1] == "back"
        assert all(asked[s].prompt == vote for s in voting if s not in (claimant, other))
        about = _actions(asked[claimant])[0]
        asked = await play(claimant, about)
        assert asked[claimant].prompt.id == "pnue.ask.argue_say"
        assert all(asked[s].prompt == vote for s in voting if s not in (claimant, other))
        asked = await play(claimant, "back")
        assert asked[claimant].prompt.id == "pnue.ask.argue"
        asked = await play(claimant, "back")
        assert asked[claimant].prompt == vote  # back at the vote
        assert [len(person.of(p.Progress)) for person in people] == progress  # not answered
        whose = await by_seat[claimant].reply(await by_seat[claimant].request(
            p.Ask(what="whose")))
        assert isinstance(whose, p.Answer) and whose.lines[-1] == vote

        asked = await play(claimant, "vote:yes")
        assert [m.done for m in people[0].of(p.Progress)][-1] == 2  # 2 of 5 have answered
        assert all(m.of == 5 for m in people[0].of(p.Progress))
        for person in people:
            await person.close()

    run(scenario(), 80)
