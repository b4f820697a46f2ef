"""Ratings (issue 31): a finished game's places, openskill's own updates, the book kept in
SQLite across a restart, bots at fixed ratings, and the lines in both languages."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.games import get_spec
from a11y_games.ratings import (
    BotSeat,
    Placing,
    RatingBook,
    bot_rating,
    create_rating_tables,
    placing,
    rate_game,
)

pytestmark = pytest.mark.timeout(120)


def finished(game: str, players: int, seed: int, level: str = "normal") -> Match:
    spec = get_spec(game)
    match = Match(spec, spec.settings(players, seed),
                  [SeatSpec("bot", level=level, name_index=i) for i in range(players)])
    play_out(match)
    assert match.state.outcome() is not None
    return match


def book_at(path: Path | str = ":memory:") -> tuple[sqlite3.Connection, RatingBook]:
    """A book on a connection made as the server makes its own (autocommit)."""
    connection = sqlite3.connect(path, isolation_level=None)
    create_rating_tables(connection)
    return connection, RatingBook(connection)


def openskill_says(before: list[list[tuple[float, float]]], ranks: list[int]) -> list[
        list[tuple[float, float]]]:
    """What a fresh openskill Plackett-Luce model makes of these teams and ranks."""
    model = PlackettLuce()
    teams = [[model.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in before]
    return [[(r.mu, r.sigma) for r in team] for team in model.rate(teams, ranks=ranks)]


def mu_sigma(book: RatingBook, game: str, account: str) -> tuple[float, float]:
    standing = book.standing(game, account)
    assert standing is not None
    return standing.rating.mu, standing.rating.sigma


# --- places from the games' own endings ---------------------------------------------------

@pytest.mark.parametrize(("game", "players", "seed"), [
    ("vertigo", 4, 3), ("utopia", 4, 5), ("vanuatu", 4, 7), ("vanuatu", 3, 11)])
def test_free_for_all_places_follow_the_games_final_ranking(game: str, players: int,
                                                           seed: int) -> None:
    """One side per seat; the winners alone are first (ties as ties); Utopia and Vanuatu
    place the others by their final points."""
    state = finished(game, players, seed).state
    result = placing(state)
    assert result is not None
    assert result.teams == tuple((s,) for s in range(players))
    winners = state.outcome().winners
    if winners:
        assert {s for s in range(players) if result.place_of(s) == 1} == set(winners)
    if game == "utopia":
        for a in range(players):
            for b in range(players):
                if state.scores[a] > state.scores[b]:
                    assert result.place_of(a) < result.place_of(b)
    if game == "vanuatu" and not state.lost_to_sea:
        for a in range(players):
            for b in range(players):
                if state.players[a].pp > state.players[b].pp:
                    assert result.place_of(a) < result.place_of(b)


@pytest.mark.parametrize("players", [5, 7])
def test_pnue_is_rated_camp_against_camp(players: int) -> None:
    """PNUE: the ecologists and the lobbyists (Mr Dollar with them), the winners first."""
    state = finished("pnue", players, 20 + players).state
    result = placing(state)
    assert result is not None
    outcome = state.outcome()
    camps = {camp: {s for s in range(players) if state.camp_of(s) == camp}
             for camp in ("ecologists", "lobbyists")}
    assert [set(team) for team in result.teams] == [
        camps[outcome.camp], camps[({"ecologists", "lobbyists"} - {outcome.camp}).pop()]]
    assert result.ranks == (1, 2)


def test_pnue_with_every_player_in_one_camp_rates_nobody() -> None:
    """At 3 players, fictive players may hold the other camp alone: nobody to compare."""
    spec = get_spec("pnue")
    for seed in range(400):
        state = spec.new_state(spec.settings(3, seed), random.Random(seed))
        if len({state.camp_of(s) for s in range(3)}) == 1:
            break
    else:
        pytest.skip("no deal of one camp in 400 seeds")
    match = Match(spec, spec.settings(3, seed),
                  [SeatSpec("bot", name_index=i) for i in range(3)])
    play_out(match)
    assert placing(match.state) is None


def test_no_placing_before_the_end() -> None:
    spec = get_spec("utopia")
    state = spec.new_state(spec.settings(3, 1), random.Random(1))
    assert placing(state) is None


# --- updates equal openskill's own ----------------------------------------------------------

def test_free_for_all_updates_equal_openskills_own() -> None:
    """Three accounts, one already rated, places 1, 2 and 2 (a tie): the book holds what
    openskill computes for the same teams and ranks."""
    connection, book = book_at()
    rate_game(book, "warm-up", Placing("utopia", ((0,), (1,)), (1, 2)), ["ana", "bo"])
    ana, bo = mu_sigma(book, "utopia", "ana"), mu_sigma(book, "utopia", "bo")
    expected_first = openskill_says([[(25.0, 25 / 3)], [(25.0, 25 / 3)]], [1, 2])
    assert [ana, bo] == [expected_first[0][0], expected_first[1][0]]

    changes = rate_game(book, "g1", Placing("utopia", ((0,), (1,), (2,)), (2, 1, 2)),
                        ["ana", "cy", "bo"])
    expected = openskill_says([[ana], [(25.0, 25 / 3)], [bo]], [2, 1, 2])
    assert mu_sigma(book, "utopia", "ana") == expected[0][0]
    assert mu_sigma(book, "utopia", "cy") == expected[1][0]
    assert mu_sigma(book, "utopia", "bo") == expected[2][0]
    assert {a: c.place for a, c in changes.items()} == {"ana": 2, "cy": 1, "bo": 2}
    assert book.standing("utopia", "ana").games == 2
    assert book.standing("vertigo", "ana") is None  # one rating per game
    connection.close()


@pytest.mark.parametrize("players", [5, 7])
def test_pnue_team_updates_equal_openskills_own(players: int) -> None:
    """A finished PNUE game at 5 and 7: each camp a team, and everyone moves as openskill
    moves them when the smaller camp is completed by average members of its own."""
    state = finished("pnue", players, 40 + players).state
    result = placing(state)
    names = [f"p{s}" for s in range(players)]
    connection, book = book_at()
    rate_game(book, "pnue-1", result, names)
    size = max(len(team) for team in result.teams)
    expected = openskill_says([[(25.0, 25 / 3)] * size for _ in result.teams],
                              list(result.ranks))
    for team, after in zip(result.teams, expected, strict=True):
        for seat, new in zip(team, after[:len(team)], strict=True):
            assert mu_sigma(book, "pnue", names[seat]) == pytest.approx(new, rel=1e-12)
    winners = state.outcome().winners
    for seat in range(players):
        moved = book.standing("pnue", names[seat]).rating.mu - 25.0
        assert (moved > 0) == (seat in winners)
    connection.close()


@pytest.mark.parametrize("players", [5, 7, 10])
def test_the_camp_dealt_is_worth_nothing_between_equal_players(players: int) -> None:
    """Between newcomers, a lobbyists' win moves each winner (and each loser) as far as an
    ecologists' win does: the larger camp is not expected to win for its head count."""
    spec = get_spec("pnue")
    state = spec.new_state(spec.settings(players, 1), random.Random(1))
    eco = tuple(s for s in range(players) if state.camp_of(s) == "ecologists")
    lob = tuple(s for s in range(players) if state.camp_of(s) == "lobbyists")
    assert len(eco) > len(lob)
    names = [f"p{s}" for s in range(players)]
    moves = {}
    for winner in ("ecologists", "lobbyists"):
        connection, book = book_at()
        teams = (eco, lob) if winner == "ecologists" else (lob, eco)
        changes = rate_game(book, "g", Placing("pnue", teams, (1, 2)), names)
        won, lost = changes[names[teams[0][0]]], changes[names[teams[1][0]]]
        moves[winner] = (won.after.mu - won.before.mu, lost.after.mu - lost.before.mu)
        connection.close()
    assert moves["ecologists"] == pytest.approx(moves["lobbyists"], rel=1e-9)
    assert moves["ecologists"][0] > 1.0


# --- bots -----------------------------------------------------------------------------------

def test_bots_count_as_opponents_at_their_fixed_rating_and_keep_it() -> None:
    """A strong bot beats two accounts: they move as against a player of the strong bots'
    rating; the bot's rating is not changed and it gets no line in the book."""
    strong = bot_rating("vanuatu", "strong")
    connection, book = book_at()
    rate_game(book, "v1", Placing("vanuatu", ((0,), (1,), (2,)), (2, 1, 3)),
              ["ana", BotSeat("strong"), "bo"])
    expected = openskill_says([[(25.0, 25 / 3)], [(strong.mu, strong.sigma)],
                               [(25.0, 25 / 3)]], [2, 1, 3])
    assert mu_sigma(book, "vanuatu", "ana") == expected[0][0]
    assert mu_sigma(book, "vanuatu", "bo") == expected[2][0]
    assert bot_rating("vanuatu", "strong") == strong
    assert book.rated_count("vanuatu") == 2
    connection.close()


def test_a_pnue_team_with_bots_and_a_guest() -> None:
    """Bots and a guest fill seats of both camps; only the accounts are kept. The smaller
    camp is completed by its average member (mean skill, mean variance)."""
    normal = bot_rating("pnue", "normal")
    connection, book = book_at()
    seats = ["ana", BotSeat("normal"), None, "bo", BotSeat("normal")]
    rate_game(book, "p1", Placing("pnue", ((0, 1, 2), (3, 4)), (2, 1)), seats)
    new = (25.0, 25 / 3)
    average = ((25.0 + normal.mu) / 2, (((25 / 3) ** 2 + normal.sigma ** 2) / 2) ** 0.5)
    expected = openskill_says([[new, (normal.mu, normal.sigma), new],
                               [new, (normal.mu, normal.sigma), average]], [2, 1])
    assert mu_sigma(book, "pnue", "ana") == pytest.approx(expected[0][0], rel=1e-12)
    assert mu_sigma(book, "pnue", "bo") == pytest.approx(expected[1][0], rel=1e-12)
    assert book.rated_count("pnue") == 2
    connection.close()


def test_every_game_has_bot_ratings_weakest_level_lowest() -> None:
    """The shipped figures: the random bots below the normal bots in every game."""
    for game in ("pnue", "vertigo", "utopia", "vanuatu"):
        ratings = {level: bot_rating(game, level) for level in ("random", "normal", "strong")}
        assert all(r.sigma < 25 / 3 for r in ratings.values()), game  # measured, not default
        assert ratings["random"].mu < ratings["normal"].mu, game


# --- the book in the database ---------------------------------------------------------------

def test_a_restart_keeps_the_ratings(tmp_path: Path) -> None:
    """Close the server's database file and open it again: the ratings, games played and
    the game's change are there; rating the same game again changes nothing."""
    path = tmp_path / "server.db"
    connection, book = book_at(path)
    rate_game(book, "t1", Placing("vertigo", ((0,), (1,)), (1, 2)), ["ana", "bo"])
    before = [mu_sigma(book, "vertigo", "ana"), mu_sigma(book, "vertigo", "bo")]
    connection.close()

    connection, book = book_at(path)  # the migration runs again at start
    assert [mu_sigma(book, "vertigo", "ana"), mu_sigma(book, "vertigo", "bo")] == before
    assert book.standing("vertigo", "ana").games == 1
    assert book.change("t1", "ana").after.mu == before[0][0]
    assert rate_game(book, "t1", Placing("vertigo", ((0,), (1,)), (2, 1)), ["ana", "bo"]) == {}
    assert mu_sigma(book, "vertigo", "ana") == before[0]
    connection.close()


def test_a_connection_in_pythons_default_mode_is_committed(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    connection = sqlite3.connect(path)  # isolation_level "" : Python opens transactions
    create_rating_tables(connection)
    rate_game(RatingBook(connection), "t1", Placing("utopia", ((0,), (1,)), (1, 2)),
              ["ana", "bo"])
    other = sqlite3.connect(path)
    assert other.execute("SELECT COUNT(*) FROM ratings").fetchone() == (2,)
    other.close()
    connection.close()


def test_one_account_in_two_seats_is_refused() -> None:
    connection, book = book_at()
    with pytest.raises(ValueError):
        rate_game(book, "x", Placing("utopia", ((0,), (1,)), (1, 2)), ["ana", "ana"])
    assert book.rated_count("utopia") == 0
    connection.close()


def test_the_list_is_best_first_and_equal_figures_share_a_place() -> None:
    connection, book = book_at()
    rate_game(book, "a", Placing("utopia", ((0,), (1,), (2,)), (1, 2, 3)), ["ana", "bo", "cy"])
    rate_game(book, "b", Placing("utopia", ((0,), (1,)), (1, 1)), ["dee", "eve"])
    top = book.top("utopia")
    assert [e.account for e in top][:1] == ["ana"]
    assert [e.rating.ordinal for e in top] == sorted((e.rating.ordinal for e in top),
                                                    reverse=True)
    dee, eve = book.entry("utopia", "dee"), book.entry("utopia", "eve")
    assert dee.place == eve.place
    assert len(book.top("utopia", limit=2)) == 2
    connection.close()


def test_vertigo_places_those_who_cannot_pay_then_those_out_and_a_dead_planet_ties() -> None:
    """VG-32: those who may win first, by factories; then those who cannot pay their
    upkeep; then those out of the game. VG-25: a dead planet is lost by all alike."""
    state = finished("vertigo", 4, 3).state
    broke = next(s for s in range(1, 4) if state.countries[s].pawns() > 0)
    out = next(s for s in range(1, 4) if s != broke)
    state.countries[broke].money = 0
    state.active[out] = False
    result = placing(state)
    rest = [s for s in range(4) if s not in (broke, out)]
    assert all(result.place_of(s) <= 2 for s in rest)
    assert result.place_of(broke) == 3
    assert result.place_of(out) == 4
    state.planet = 100
    assert placing(state).ranks == (1, 1, 1, 1)


def test_a_rated_game_with_a_bot_from_its_end_to_what_a_player_hears() -> None:
    """The server's path: a finished Vanuatu game (two accounts and a strong bot) is placed,
    rated, and each account hears its new figure; the winner's rose, the last one's fell."""
    from a11y_games.i18n import Translator
    from a11y_games.ratings import after_game, bot_ratings, game_lines

    state = finished("vanuatu", 3, 11).state
    result = placing(state)
    seats = ["ana", BotSeat("strong"), "bo"]
    connection, book = book_at()
    for n in range(3):  # three games, the same result: surer each time
        changes = rate_game(book, f"v{n}", result, seats)
    assert set(changes) == {"ana", "bo"}
    best, worst = sorted(("ana", "bo"), key=lambda a: result.place_of(seats.index(a)))
    if result.place_of(0) != result.place_of(2):
        assert book.standing("vanuatu", best).rating.mu > book.standing("vanuatu", worst).rating.mu
    mine = book.entry("vanuatu", "ana")
    lines = Translator("en").render_all(
        game_lines("vanuatu", mine, book.rated_count("vanuatu"), bot_ratings("vanuatu"))
        + after_game(changes["ana"]))
    assert lines[0] == f"Vanuatu: your rating is {mine.rating.shown}, after 3 games."
    assert lines[1] == f"Your place: {mine.place} of 2 rated players."
    assert lines[4] == f"Strong bots: {bot_ratings('vanuatu')['strong'].shown}."
    assert lines[5].startswith(f"Your rating: {mine.rating.shown}")
    connection.close()
