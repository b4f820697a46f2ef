"""At a table, the lines about the player's own seat say "you", never the player's name.

A player alone with bots, in each game and both languages; players sharing a keyboard,
where "you" is whoever holds it. (Network tables: tests/net/test_remote_play.py.)
"""

from __future__ import annotations

import io
import re

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import all_specs
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import PlainReader, Writer

SPECS = all_specs()
NAMED = {  # lines that name the player on purpose: who they are, who is to take the keyboard
    "en": re.compile(r"^You are (\w+)\.$|^(\w+), (you won|you lost|your turn:|press Enter)"
                     r"|^Pass the keyboard to (\w+)\.$|^Something private for (\w+) now\.$"),
    "fr": re.compile(r"^Vous êtes (\w+)\.$|^(\w+), (vous avez gagné|vous avez perdu|à vous"
                     r"|appuyez sur Entrée)|^Passez le clavier à (\w+)\.$"
                     r"|^Une information privée pour (\w+)\.$"),
}
YOU = {"en": re.compile(r"\b[Yy]ou(r)?\b"), "fr": re.compile(r"\b[Vv]ous\b|\b[Vv]otre\b")}


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _run(match: Match, script: str, lang: str) -> list[str]:
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out),
                    lang=lang)
    client.run()
    return out.getvalue().splitlines()


def _named(line: str, lang: str) -> str | None:
    found = NAMED[lang].search(line)
    return next((g for g in found.groups() if g and g[0].isupper()), None) if found else None


@pytest.mark.timeout(120)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", sorted(SPECS))
def test_a_player_with_bots_hears_you_never_their_name(game: str, lang: str) -> None:
    spec = SPECS[game]
    players = spec.default_players
    match = Match(spec, spec.settings(players, 3),
                  [SeatSpec("human", "Zoltan")] + [
                      SeatSpec("bot", level="random", name_index=i) for i in range(1, players)])
    lines = _run(match, "status\n" + "1\n\n" * 150, lang)
    start = next(i for i, line in enumerate(lines) if "Zoltan" in line)  # "You are Zoltan."
    about_me = [line for line in lines[start + 1:] if "Zoltan" in line
                and _named(line, lang) != "Zoltan"]
    assert not about_me, about_me[:5]
    told = [line for line in lines[start + 1:] if YOU[lang].search(line)]
    assert len(told) > 10, lines[-40:]


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("lang", "nominated"), [
    ("en", ["You nominate Bo.", "Ana nominates you."]),
    ("fr", ["Vous proposez Bo.", "Ana vous propose."])])
def test_at_a_shared_keyboard_you_is_whoever_holds_it(lang: str, nominated: list[str]) -> None:
    """PNUE, Ana and Bo at one keyboard with three bots: each line says "you" for the
    player holding the keyboard when it is said, and names the other (Ana, President,
    nominates Bo: she hears "You nominate Bo.", he, when he takes the keyboard, "Ana
    nominates you.")."""
    spec = SPECS["pnue"]
    seats = [SeatSpec("human", "Ana"), SeatSpec("human", "Bo"),
             *(SeatSpec("bot", level="random", name_index=i) for i in range(2, 5))]
    match = next(m for m in (Match(spec, spec.settings(5, s), seats) for s in range(50))
                 if m.state.president == 0)  # type: ignore[attr-defined]  # Ana presides
    lines = _run(match, "\n1\n\n" * 60, lang)
    holder = None
    held = {"Ana": 0, "Bo": 0}
    for line in lines:
        named = _named(line, lang)
        if named in held and not line.startswith(("You are", "Vous êtes")):
            holder = named  # the keyboard goes to them (or they are asked a public question)
            continue
        if holder is not None:
            assert holder not in line, (holder, line)
            held[holder] += bool(YOU[lang].search(line))
    assert held["Ana"] > 3 and held["Bo"] > 3, held
    said = [line for line in lines if line in nominated]
    assert said[:2] == nominated, said  # each once, to each
