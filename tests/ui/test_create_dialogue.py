"""The network create dialogue's words: one style of default, whole French."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from a11y_games.engine import Msg
from a11y_games.i18n import Translator
from a11y_games.ui.lobby import Lobby


def _who(lang: str, players: int, taken: list[str], mine: int | None = None) -> str:
    seats = [SimpleNamespace(kind="human", name=n, seat=i) for i, n in enumerate(taken)]
    seats += [SimpleNamespace(kind="free", name="", seat=len(taken) + i)
              for i in range(players - len(taken))]
    table = SimpleNamespace(info=SimpleNamespace(seats=seats, players=players), seat=mine)
    return Translator(lang).render(Lobby._seated_line(None, table))  # type: ignore[arg-type]


@pytest.mark.parametrize(("lang", "full", "one", "two"), [
    ("en", "2 seated (Ana, Bo), none free.", "1 seated (Ana), 1 free.",
     "1 seated (Ana), 2 free."),
    ("fr", "2 places prises (Ana, Bo), aucune libre.", "1 place prise (Ana), 1 libre.",
     "1 place prise (Ana), 2 libres.")])
def test_a_full_table_says_none_free_not_free_0(lang: str, full: str, one: str,
                                                two: str) -> None:
    assert _who(lang, 2, ["Ana", "Bo"]) == full
    assert _who(lang, 2, ["Ana"]) == one
    assert _who(lang, 3, ["Ana"]) == two


@pytest.mark.parametrize(("lang", "said"), [("en", "3 seated (Ana, you, Cy), 1 free."),
                                            ("fr", "3 places prises (Ana, vous, Cy), 1 libre.")])
def test_the_seated_list_says_you_for_the_listener(lang: str, said: str) -> None:
    """At the table the players' list says "you"; the lobby's list of who sits says it too
    (it said the listener's own name among the others)."""
    assert _who(lang, 4, ["Ana", "Bo", "Cy"], mine=1) == said


@pytest.mark.parametrize(("lang", "bots", "public"), [
    ("en", "How many bots, 0 to 4? Enter for 0.", "List the table in the lobby? Enter for yes."),
    ("fr", "Combien de robots, de 0 à 4 ? Entrée pour 0.",
     "Montrer la table au salon ? Entrée pour oui.")])
def test_the_create_questions_say_their_default_as_the_launcher_does(lang: str, bots: str,
                                                                     public: str) -> None:
    """"How many players, 2 to 12? Enter for 7." then "How many bots, 0 to 4? Enter: 0."
    were two styles in one dialogue."""
    tr = Translator(lang)
    assert tr.render(Msg("online.create.bots", high=4, default=0)) == bots
    assert tr.render(Msg("online.create.public")) == public
    for msg_id in ("online.create.game", "online.create.level", "online.create.delay",
                   "online.create.same_level", "online.create.seat_level"):
        text = tr.render(Msg(msg_id, default=1, seat=2))
        assert ("Enter for " if lang == "en" else "Entrée pour ") in text
