"""What a player hears of ratings, in English and in French: ``rating``, ``rating GAME``,
``top GAME``, where the bots stand, and the line after a rated game."""

from __future__ import annotations

import pytest

from a11y_games.i18n import Translator
from a11y_games.ratings import (
    Change,
    Entry,
    Placing,
    Rating,
    RatingBook,
    Standing,
    after_game,
    bot_ratings,
    create_rating_tables,
    game_lines,
    my_lines,
    rate_game,
    top_lines,
)

pytestmark = pytest.mark.timeout(30)

EN, FR = Translator("en"), Translator("fr")


def said(tr: Translator, msgs: list) -> list[str]:
    return tr.render_all(msgs)


def test_rating_says_each_game_played_with_digits() -> None:
    standings = [Standing("utopia", Rating(30.2, 4.0), 12), Standing("vertigo", Rating(25, 8), 1)]
    assert said(EN, my_lines(standings)) == [
        "Utopia: your rating is 18, after 12 games.",
        "Vertigo: your rating is 1, after 1 game."]
    assert said(FR, my_lines(standings)) == [
        "Utopie : votre cote est 18, après 12 parties.",
        "Vertigo : votre cote est 1, après 1 partie."]
    assert said(EN, my_lines([])) == ["You have no rating yet: play at a rated table."]
    assert said(FR, my_lines([])) == [
        "Vous n'avez pas encore de cote : jouez à une table classée."]


def test_rating_game_says_the_place_then_where_the_bots_stand() -> None:
    bots = {"random": Rating(14.0, 1.0), "normal": Rating(28.0, 1.0),
            "strong": Rating(31.4, 1.2)}
    mine = Entry(3, "ana", Rating(20.0, 2.0), 9)
    assert said(EN, game_lines("vanuatu", mine, 40, bots)) == [
        "Vanuatu: your rating is 14, after 9 games.",
        "Your place: 3 of 40 rated players.",
        "Random bots: 11.", "Normal bots: 25.", "Strong bots: 28."]
    assert said(FR, game_lines("vanuatu", mine, 40, bots)) == [
        "Vanuatu : votre cote est 14, après 9 parties.",
        "Votre place : 3 sur 40 joueurs classés.",
        "Robots au hasard : 11.", "Robots normaux : 25.", "Robots forts : 28."]
    assert said(EN, game_lines("pnue", None, 0, bots))[0] == (
        "PNUE — Mr Dollar: you have no rating yet.")


def test_the_shipped_bot_ratings_are_said_for_every_game() -> None:
    for game in ("pnue", "vertigo", "utopia", "vanuatu"):
        lines = said(EN, game_lines(game, None, 0, bot_ratings(game)))
        assert [line.split(":")[0] for line in lines[1:]] == [
            "Random bots", "Normal bots", "Strong bots"]
        assert all(line.rstrip(".").split(": ")[1].lstrip("-").isdigit() for line in lines[1:])


def test_top_lists_the_first_twenty_from_the_book_and_your_place() -> None:
    """25 accounts, ranked by a real book; the listener 24th hears the first 20, then
    their own place; the listener among them hears "You" on their line."""
    import sqlite3

    connection = sqlite3.connect(":memory:", isolation_level=None)
    create_rating_tables(connection)
    book = RatingBook(connection)
    names = [f"player{n:02}" for n in range(25)]
    for n in range(24):  # a ladder: player00 beats player01, who beats player02...
        rate_game(book, f"g{n}", Placing("utopia", ((0,), (1,)), (1, 2)),
                  [names[n], names[n + 1]])
    top = book.top("utopia")
    last = book.entry("utopia", names[24])
    lines = said(EN, top_lines("utopia", top, book.rated_count("utopia"), names[24], last))
    assert lines[0] == "Utopia: the first 20 of 25 rated players."
    assert len(lines) == 22
    assert all(line.startswith(f"{e.place}. {e.account}: ") for line, e in zip(
        lines[1:21], top, strict=True))
    assert lines[21].startswith(f"Your place: {last.place}, rating {last.rating.shown}, ")
    mine = top[0]
    lines_fr = said(FR, top_lines("utopia", top, 25, mine.account, mine))
    assert lines_fr[0] == "Utopie : les 20 premiers sur 25 joueurs classés."
    assert lines_fr[1] == f"{mine.place}. Vous : {mine.rating.shown}, 1 partie."
    assert len(lines_fr) == 21
    connection.close()


def test_top_of_a_few_players_and_of_none() -> None:
    entries = [Entry(1, "Ana", Rating(30, 2), 5), Entry(1, "Bo", Rating(30.1, 2.1), 1)]
    assert said(EN, top_lines("vertigo", entries, 2, "Cy", None)) == [
        "Vertigo: 2 rated players, best first.", "1. Ana: 24, 5 games.", "1. Bo: 24, 1 game.",
        "Vertigo: you have no rating yet."]
    assert said(FR, top_lines("vertigo", [], 0)) == ["Vertigo : personne n'a encore de cote."]


def test_after_a_rated_game_the_new_figure_and_its_move() -> None:
    up = Change("utopia", 1, Rating(25, 8.333), Rating(27.6, 7.2))
    down = Change("utopia", 2, Rating(30, 3), Rating(28, 2.9))
    assert said(EN, after_game(up)) == ["Your rating: 6, up 6."]
    assert said(EN, after_game(down)) == ["Your rating: 19, down 2."]
    assert said(FR, after_game(up)) == ["Votre cote : 6, en hausse de 6."]
    assert said(FR, after_game(down)) == ["Votre cote : 19, en baisse de 2."]
    same = Change("utopia", 1, Rating(25, 8.0), Rating(25.1, 8.0))
    assert said(EN, after_game(same)) == ["Your rating: 1, unchanged."]


def test_every_rating_line_fits_a_braille_display_twice_at_most() -> None:
    """A line is one sentence; most fit 40 cells, none needs more than 2 lines of 40."""
    bots = bot_ratings("pnue")
    mine = Entry(123, "Bartholomew", Rating(31.5, 1.5), 1234)
    msgs = (my_lines([Standing("pnue", mine.rating, 1234)]) + game_lines("pnue", mine, 4567, bots)
            + top_lines("pnue", [mine], 4567, "Ana", Entry(4000, "Ana", Rating(1, 1), 3))
            + after_game(Change("pnue", 1, Rating(25, 8), mine.rating)))
    for tr in (EN, FR):
        for line in said(tr, msgs):
            assert len(line) <= 80, line
