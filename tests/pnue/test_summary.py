"""What players hear: status, board, private, queries, and every message in both languages."""

from __future__ import annotations

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games.pnue import SPEC
from a11y_games.i18n import Translator
from tests.pnue.helpers import D, E, L, act, elect, enact, new, rig
from tests.widths import fits

SEVEN = [E, L, E, D, E, L, E]


def test_status_is_short_with_whose_turn_first() -> None:
    state = rig(new(7), SEVEN)
    lines = state.status(2)
    assert lines[0].id == "pnue.status.nominate" and lines[0].params["seat"].seat == 0
    assert [m.id for m in lines[1:5]] == ["pnue.status.table", "pnue.status.win",
                                         "pnue.status.failed", "pnue.status.pile"]
    assert lines[-1].id == "pnue.status.you" and len(lines) <= 6
    assert all(m.id != "pnue.status.you" for m in state.status(None))


@pytest.mark.rule("PN-05", "PN-12")
@pytest.mark.parametrize("players", [7, 10])
def test_board_before_any_government_says_nobody_is_barred(players: int) -> None:
    """Turn 1 at 7+ players: no government yet, so no line about its eligibility."""
    ids = [m.id for m in new(players).board(0, "government")]
    assert "pnue.board.no_government" in ids
    assert "pnue.board.limited" not in ids


def test_board_shows_every_public_fact() -> None:
    """Role counts, tiles by kind, failed votes, pile and discards, governments, revoked and
    skipped players: all on the board at any time."""
    state = rig(new(7, crises="on"), SEVEN)
    enact(state, "climate", nominee=2)
    state.revoked.add(6)
    ids = [m.id for m in state.board(4)]
    for wanted in ("pnue.roles.standard", "pnue.status.table", "pnue.board.eco_kinds",
                   "pnue.status.failed", "pnue.status.pile", "pnue.board.president",
                   "pnue.board.last_government", "pnue.board.revoked", "pnue.board.skipped",
                   "pnue.board.crises_out", "pnue.board.order", "pnue.board.limited"):
        assert wanted in ids, wanted
    kinds = next(m for m in state.board(4) if m.id == "pnue.board.eco_kinds")
    assert kinds.params == {"climate": 1, "health": 0, "social": 0}
    pile = next(m for m in state.board(4) if m.id == "pnue.status.pile")
    assert pile.params == {"count": len(state.pile), "discards": 2}


def test_private_shows_role_nation_hand_and_investigations() -> None:
    state = rig(new(7), SEVEN, top=["lob", "climate", "social"])
    assert [m.id for m in state.private(3)] == ["pnue.private.role", "pnue.private.nation"]
    assert state.private(3)[0].params["role"].id == "pnue.role.dollar"
    elect(state, 2)
    assert [m.id for m in state.private(0)[-4:]] == ["pnue.private.hand"] + [
        "pnue.private.tile"] * 3
    assert all(m.id != "pnue.private.hand" for m in state.private(2))
    act(state, 0, "discard:lob")
    assert [m.id for m in state.private(2)[-3:]] == ["pnue.private.hand"] + [
        "pnue.private.tile"] * 2
    assert all(m.id != "pnue.private.hand" for m in state.private(0))


def test_queries_are_listed_with_help() -> None:
    names = {q.name for q in new(7).queries()}
    assert names == {"votes", "claims", "record", "roles", "seats"}
    seats = {q.name: q for q in new(3).queries()}["seats"].run(new(3), 0, "")
    assert sum(m.id == "pnue.query.seat_fictive" for m in seats) == 2


@pytest.mark.parametrize("players", [3, 7])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_message_of_whole_games_renders(players: int, lang: str) -> None:
    """Every event, summary, query and choice label of whole games renders in both
    languages: no raw id, no unfilled parameter."""
    for seed in range(3):
        settings = SPEC.settings(players, seed, {"crises": "on"})
        match = Match(SPEC, settings, [SeatSpec("bot", level="normal", name_index=i)
                                       for i in range(players)])
        tr = Translator(lang, names=match.seat_name)
        texts = []
        while (pending := match.state.pending()) is not None:
            seat = pending.seats[0]
            state = match.state
            texts += [tr.render(state.describe(seat, a)) for a in state.legal_actions(seat)]
            texts += tr.render_all([pending.prompt, *state.status(seat), *state.private(seat)])
            match.act(seat, match.bot_choice(seat))
        state = match.state
        texts += [tr.render(e.msg) for e in state.events]
        texts += tr.render_all(state.board(None))
        for query in state.queries():
            texts += tr.render_all(query.run(state, 0, ""))
        for text in texts:
            assert "{" not in text and "pnue." not in text, text


def _random_match(players: int, seed: int, **options: str) -> Match:
    return Match(SPEC, SPEC.settings(players, seed, options),
                 [SeatSpec("bot", level="random", name_index=i) for i in range(players)])


def _whose_lines(match: Match, lang: str) -> list[str]:
    """What ``whose`` says through the client, for a spectator of this match."""
    import io

    from a11y_games.ui.client import Client
    from a11y_games.ui.terminal import PlainReader, Writer

    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("")), writer=Writer(out), lang=lang)
    client.cmd_whose("")
    return out.getvalue().splitlines()


VARIANTS = [{}, {"crises": "on"}, {"roles": "random_lobbyists"}, {"roles": "maybe_dollar"}]


@pytest.mark.parametrize("players", [2, 3, 4, 7, 12])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_summaries_fit_40_cells(players: int, lang: str) -> None:
    """Every line of status, board (every topic), me and the queries fits a 40-cell
    braille display over random games, with nation and fictive player names. (``whose``
    is one whole sentence however many are asked: never cut, a display pans it.)"""
    topics = [t.name for t in new(players).board_topics()]
    for seed, options in enumerate(VARIANTS if players >= 5 else VARIANTS[:2]):
        match = _random_match(players, seed, **options)
        tr = Translator(lang, names=match.seat_name)
        step = 0
        while True:
            state = match.state
            pending = state.pending()
            if step % 5 == 0 or pending is None:
                msgs = [*state.status(None), *state.board(None)]
                for seat in {0, state.president, *(pending.seats if pending else ())}:
                    msgs += [*state.status(seat), *state.private(seat)]
                for topic in topics:
                    msgs += state.board(0, topic)
                for query in state.queries():
                    msgs += query.run(state, 0, "")
                too_long = [text for msg in msgs
                            if not fits(msg, text := tr.render(msg))]
                assert not too_long, too_long
            if pending is None:
                break
            match.act(pending.seats[0], match.bot_choice(pending.seats[0]))
            step += 1


def test_whose_names_every_voter_in_one_sentence_then_the_question() -> None:
    """Item 5: ``whose`` names every seat asked, in order, in one whole sentence (never
    cut in two for speech to hear fragments), then what is asked."""
    match = _random_match(12, 1)
    state = match.state
    act(state, state.president, state.legal_actions(state.president)[0])
    pending = state.pending()
    assert state.phase == "vote" and len(pending.seats) == 12
    lines = _whose_lines(match, "en")
    assert len(lines) == 2
    tr = Translator("en", names=match.seat_name)
    names = [tr.render(match.seat_name(s)) for s in pending.seats]
    assert lines[0] == "Waiting for 12 players: " + ", ".join(names) + "."
    assert lines[-1] == tr.render(pending.prompt)
    assert lines[-1].startswith("Approve ") and lines[-1].endswith("?")


def test_board_order_lists_every_seat_in_table_order_after_splitting() -> None:
    """Item 5: the split ``Around the table`` lines still give every seat once, in order."""
    for players in (3, 12):
        match = _random_match(players, 2)
        state = match.state
        tr = Translator("en", names=match.seat_name)
        lines = tr.render_all(state.board(None, "order"))
        start = lines.index("Around the table:")
        named = ", ".join(line.removeprefix("And ").rstrip(".") for line in lines[start + 1:])
        assert named == ", ".join(tr.render(match.seat_name(s)) for s in state.table)


def test_votes_query_keeps_every_voter_after_splitting() -> None:
    """PN-12: the split vote history still names who voted yes and who voted no."""
    match = _random_match(12, 3)
    while not match.state.vote_history:
        pending = match.state.pending()
        match.act(pending.seats[0], match.bot_choice(pending.seats[0]))
    state = match.state
    _turn, president, nominee, yes, _no, approved = state.vote_history[0]
    tr = Translator("en", names=match.seat_name)
    lines = tr.render_all({q.name: q for q in state.queries()}["votes"].run(state, 0, ""))
    assert lines[0].startswith("Turn ") and ("approved" in lines[0]) == approved
    assert lines[1] == (f"{tr.render(match.seat_name(president))} nominated "
                        f"{tr.render(match.seat_name(nominee))}.")
    yes_at = next(i for i, line in enumerate(lines) if line.startswith("Yes: "))
    no_at = next(i for i, line in enumerate(lines) if line.startswith("No: "))
    said_yes = ", ".join(line.removeprefix("Yes: ").removeprefix("And ").rstrip(".")
                         for line in lines[yes_at:no_at])
    expected = ", ".join(tr.render(match.seat_name(s)) for s in yes) or "none"
    assert said_yes == expected


@pytest.mark.parametrize(("typed", "first"), [("tiles", "pnue.status.table"),
                                              ("tuiles", "pnue.status.table"),
                                              ("government", "pnue.board.president"),
                                              ("roles", "pnue.roles.standard"),
                                              ("ordre", "pnue.board.revoked")])
def test_board_topics_show_one_part(typed: str, first: str) -> None:
    state = new(7)
    lines = state.board(0, typed)
    assert lines[0].id == first
    assert len(lines) < len(state.board(0))


def test_board_with_an_unknown_topic_is_refused() -> None:
    from a11y_games.engine.state import UnknownTopic

    with pytest.raises(UnknownTopic):
        new(7).board(0, "weather")


def test_a_long_question_is_one_whole_line_with_whose_turn() -> None:
    """``Your turn: Approve ...?`` is one sentence, never cut in two (speech heard "Your
    turn:" alone); the choices follow, each within 40 cells."""
    import io

    from a11y_games.ui.client import Client
    from a11y_games.ui.terminal import PlainReader, Writer

    match = Match(SPEC, SPEC.settings(7, 1, {"first": "2"}),
                  [SeatSpec("human", "Ana")] + [SeatSpec("bot", level="random", name_index=i)
                                                for i in range(1, 7)])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("")), writer=Writer(out))
    client.run()
    lines = out.getvalue().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Your turn: "))
    assert lines[at].removeprefix("Your turn: ").startswith("Approve ")
    assert lines[at].endswith("?")
    assert all(len(line) <= 40 for line in lines[at + 1:at + 4])


@pytest.mark.rule("PN-40", "PN-63")
def test_seats_numbers_places_in_table_order_and_record_takes_the_same_numbers() -> None:
    """With fictive players sitting among the players, `seats` counts 1, 2, 3... around the
    table, and `record N` reads the seat that `seats` calls N."""
    for seed in range(6):
        state = new(3, seed=seed)
        queries = {q.name: q for q in state.queries()}
        lines = queries["seats"].run(state, 0, "")
        assert [m.params["number"] for m in lines] == list(range(1, 6))
        for line in lines:
            one = queries["record"].run(state, 0, str(line.params["number"]))
            assert one[1].params["seat"] == line.params["seat"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_seats_says_each_bots_name_and_nation_once(lang: str) -> None:
    """'2: Brazil, Brazil.' told nothing twice: a bot's name is not its nation."""
    match = Match(SPEC, SPEC.settings(5, 3, {"first": "1"}),
                  [SeatSpec("human", "Ana")] + [SeatSpec("bot", level="random", name_index=i)
                                                for i in range(1, 5)])
    tr = Translator(lang, names=match.seat_name)
    query = {q.name: q for q in match.state.queries()}["seats"]
    for line in tr.render_all(query.run(match.state, 0, "")):
        words = [w.strip(" .") for w in line.split(":", 1)[1].split(",")]
        assert len(set(words)) == len(words), line
