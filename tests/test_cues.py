"""Which cue marks which line: each game's mapping, the default rules, real games' events."""

from __future__ import annotations

from collections import Counter

import pytest
from babel.messages.pofile import read_po

from a11y_games.engine import Event, Msg, Pending, PlayerRef
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.games import all_specs
from a11y_games.i18n import LOCALE_DIR
from a11y_games.output.sound import CUES, cue_path, known_cues
from a11y_games.ui.cues import all_cues, event_cue, game_cues, line_cues, question_cue

pytestmark = pytest.mark.timeout(120)

SPECS = all_specs()


def catalogue_ids(domain: str) -> set[str]:
    with (LOCALE_DIR / "en" / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}


@pytest.mark.parametrize("game", sorted(SPECS))
def test_a_games_mapping_names_real_messages_and_cues_with_files(game: str) -> None:
    spec = SPECS[game]
    assert spec.cues, f"{game} names no cue"
    ids = catalogue_ids(game)
    for key, cue in spec.cues.items():
        for part in key.split("/"):
            assert part in ids, f"{key}: {part} is no message of {game}"
        assert cue_path(cue).is_file(), f"{key}: no file for cue {cue}"
    for cue in game_cues(spec):
        assert f"{game}.cue.{cue}" in ids, f"no label for {game}'s own cue {cue}"


def test_every_cue_has_a_label_and_every_file_a_cue() -> None:
    ids = catalogue_ids("sound")
    assert all(f"sound.cue.{name}" in ids for name in CUES)
    assert set(all_cues(SPECS.values())) == set(known_cues())


ANA, BO, CY = 0, 1, 2
CUES_MAP = {"g.round": "round", "g.pollute": "targeted", "g.quiet": "",
            "g.enact/g.tile.lob": "lobby", "g.enact": "passed"}


def ev(msg_id: str, *, to: set[int] | None = None, cause: int | None = None,
       **params: object) -> Event:
    return Event(Msg(msg_id, **params), None if to is None else frozenset(to), cause=cause)


def test_targeted_only_for_the_seat_named_and_not_its_own_doing() -> None:
    hit = ev("g.pollute", cause=BO, player=PlayerRef(BO), owner=PlayerRef(ANA))
    assert event_cue(hit, ANA, CUES_MAP) == "targeted"
    assert event_cue(hit, CY, CUES_MAP) == "acted"  # others hear that Bo acted
    assert event_cue(hit, BO, CUES_MAP) is None  # Bo did it
    listed = ev("g.pollute", owners=[PlayerRef(CY), PlayerRef(ANA)])
    assert event_cue(listed, ANA, CUES_MAP) == "targeted"
    assert event_cue(listed, None, CUES_MAP) is None  # a spectator is never targeted


def test_default_rules_private_and_acted_but_not_ones_own_echo() -> None:
    assert event_cue(ev("g.card", to={ANA}), ANA, CUES_MAP) == "private"
    assert event_cue(ev("g.vote", to={ANA}, cause=ANA), ANA, CUES_MAP) is None
    assert event_cue(ev("g.took", cause=BO), ANA, CUES_MAP) == "acted"
    assert event_cue(ev("g.took", cause=ANA), ANA, CUES_MAP) is None
    assert event_cue(ev("g.table"), ANA, CUES_MAP) is None  # chance, the table: no cue
    assert event_cue(ev("g.quiet", cause=BO), ANA, CUES_MAP) is None  # the game said none


def test_a_cue_by_a_parameters_message_comes_first() -> None:
    assert event_cue(ev("g.enact", tile=Msg("g.tile.lob")), ANA, CUES_MAP) == "lobby"
    assert event_cue(ev("g.enact", tile=Msg("g.tile.eco")), ANA, CUES_MAP) == "passed"


def test_a_run_from_one_cause_cues_once() -> None:
    events = [ev("g.claim", cause=BO), ev("g.claim_tiles", cause=BO), ev("g.took", cause=CY),
              ev("g.round", turn=2), ev("g.card", to={ANA}), ev("g.card_line", to={ANA})]
    assert line_cues(events, ANA, CUES_MAP) == ["acted", None, "acted", "round", "private",
                                                None]


def test_a_question_to_several_seats_is_a_vote() -> None:
    assert question_cue(Pending((ANA, BO, CY), Msg("g.ask.vote"))) == "vote"
    assert question_cue(Pending((ANA,), Msg("g.ask"))) == "turn"
    assert question_cue(Pending((ANA, BO), Msg("g.ask.race"), race=True)) == "turn"


@pytest.mark.parametrize("game", sorted(SPECS))
def test_a_real_game_cues_what_a_player_would_want(game: str) -> None:
    """A bots-only game seen from seat 0: rounds, results and secrets cue as the game says,
    and every cue marks a line seat 0 may see."""
    spec = SPECS[game]
    players = spec.default_players
    match = Match(spec, spec.settings(players, 3),
                  [SeatSpec("bot", level="random", name_index=i) for i in range(players)])
    play_out(match)
    seen = [e for e in match.events if e.visible(0)]
    cues = line_cues(seen, 0, spec.cues)
    heard = Counter(c for c in cues if c)
    kinds = Counter(e.msg.id for e in seen)
    round_ids = [k for k, v in spec.cues.items() if v == "round"]
    assert heard["round"] == sum(kinds[k] for k in round_ids) > 0
    assert heard["acted"] > 0
    for cue, event in zip(cues, seen, strict=True):
        if cue == "private":
            assert event.visible_to is not None and 0 in event.visible_to
        if cue == "targeted":
            assert event.cause != 0
    if game == "pnue":
        enacted = [e.msg.params["tile"].id for e in seen if e.msg.id == "pnue.enact.done"]
        assert heard["lobby"] == enacted.count("pnue.tile.lob")
        assert heard["eco"] + heard["lobby"] == len(enacted)
        assert heard["passed"] == kinds["pnue.vote.result_yes"]
        assert heard["private"] >= 1  # the role, the tiles drawn or handed
