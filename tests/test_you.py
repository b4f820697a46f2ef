"""A line about the listener's own seat says "you", in every game and both languages.

Bots play whole games; every event a seat sees, its questions, its choices' labels, its
summaries and the game's queries are rendered for that seat. The seat's name never appears
in them, and where "you" ("vous") stands in place of the name it stands where a name may be
replaced by it (before a colon or a comma, after "to" or "à", in a list); elsewhere the
message has a "you" variant (``X.you_p``: "Turn 5: you are President.").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

from a11y_games.engine import Msg, PlayerRef
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import all_specs
from a11y_games.i18n import Translator

SPECS = all_specs()


def name(seat: int) -> str:
    return f"Nm{seat}q"


@cache
def heard(game: str) -> tuple[tuple[int, Msg], ...]:
    """(seat, message) for everything a seat is shown in a few bots' games of ``game``."""
    spec = SPECS[game]
    said: dict[tuple[int, str], tuple[int, Msg]] = {}

    def keep(seat: int, msg: Msg) -> None:
        said.setdefault((seat, repr(msg)), (seat, msg))

    counts = sorted({spec.min_players, spec.max_players, min(4, spec.max_players)})
    for players in counts:
        for seed in range(3):
            level = "random" if seed == 0 else "normal"
            match = Match(spec, spec.settings(players, seed),
                          [SeatSpec("bot", level=level, name_index=i) for i in range(players)])
            for step in range(6000):
                state = match.state
                pending = state.pending()
                if step % 7 == 0 or pending is None:
                    for seat in range(players):
                        for msg in state.status(seat) + state.board(seat, "") + \
                                state.private(seat):
                            keep(seat, msg)
                        for query in state.queries():
                            for msg in query.run(state, seat, ""):
                                keep(seat, msg)
                if pending is None:
                    break
                for seat in pending.seats:
                    if seat < players:
                        keep(seat, state.prompt_for(seat))
                        if step % 3 == 0:
                            for action in state.legal_actions(seat):
                                keep(seat, state.describe(seat, action))
                seat = pending.seats[0]
                if pending.race:
                    match.act(seat, state.legal_actions(seat)[0], trusted=True)
                else:
                    match.play_bot(seat)
            for event in match.events:
                for seat in range(players):
                    if event.visible(seat):
                        keep(seat, event.msg)
            outcome = match.state.outcome()
            if outcome is not None:
                for seat in range(players):
                    keep(seat, outcome.reason)
    return tuple(said.values())


def _nodes(msg: Msg) -> Iterator[Msg]:
    yield msg
    for value in msg.params.values():
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, Msg):
                yield from _nodes(item)


def _names(value: object, seat: int) -> bool:
    items = value if isinstance(value, (list, tuple)) else [value]
    return any(isinstance(item, PlayerRef) and item.seat == seat for item in items)


_AFTER = re.compile(r"^(\s?[:,.?!;)]|$| and | et | or | ou )")
"""What may follow "you" standing for a name: punctuation, the end, "and" (and not come
before it: "of", "monument of you" is said "your monument")."""
_BEFORE_FR = re.compile(r"(^|^À |[:,.(]\s*|\b(par|chez|et|ou|pour|avec|sur|puis|après|avant) )$",
                        re.IGNORECASE)
"""What may come before "vous" standing for a name in French (not "de": "la région de
vous" is no French, "votre région" is; nor "à" after a verb: "Ana vous donne 2 tuiles",
not "Ana donne 2 tuiles à vous")."""


THIRD_PERSON = {"en": re.compile(r"\b[Yy]ou (is|has|was|does|(?!yes\b)[a-z]+[^s\W]s)\b"),
                "fr": re.compile(r"(^|[:,] )[Vv]ous (?!ne\b)[a-zâêéèîôû]+(e|it|t)\b")}
""""You" with a verb said of someone else ("You raises", "Vous déplace"): a message in
the line (a step of a turn's sentence) lacks its "you" variant."""


def misplaced_you(tr: Translator, msg: Msg, seat: int) -> list[str]:
    """The parameters of ``msg`` (and of the messages in it) where "you" would stand for
    ``seat`` in a place no name should become "you" ("you is", "Pays de vous")."""
    wrong = []
    for node in _nodes(msg):
        count = node.params.get("count")
        template = tr.text(tr.heard_id(node, seat), count if isinstance(count, int) else None)
        for param, value in node.params.items():
            if not _names(value, seat):
                continue
            for found in re.finditer(r"\{" + param + r"\}", template):
                before, after = template[:found.start()], template[found.end():]
                if not _AFTER.match(after) or before.endswith(" of ") or (
                        tr.lang == "fr" and not _BEFORE_FR.search(before)):
                    wrong.append(f"{tr.heard_id(node, seat)} ({param}): {template!r}")
    return wrong


@pytest.mark.timeout(300)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", sorted(SPECS))
def test_a_seat_hears_you_never_its_own_name(game: str, lang: str) -> None:
    viewer: list[int | None] = [None]
    tr = Translator(lang, names=name, viewer=lambda: viewer[0])
    wrong: set[str] = set()
    about_you = 0
    for seat, msg in heard(game):
        viewer[0] = seat
        line = tr.render(msg)
        assert name(seat) not in line, f"{seat} hears its name: {line!r} ({msg})"
        mine = [node for node in _nodes(msg)
                if any(_names(v, seat) for v in node.params.values())]
        if mine:
            about_you += 1
            wrong.update(misplaced_you(tr, msg, seat))
            if THIRD_PERSON[lang].search(line):
                wrong.add(f"{msg.id}: {line!r}")
    assert about_you > 20, "the games said little about the seats"
    assert not wrong, "\n".join(sorted(wrong))
