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
from a11y_games.output.sound import Sound as REAL_SOUND
from a11y_games.ui.cues import all_cues, event_cue, game_cues, line_cues, question_cue

pytestmark = pytest.mark.timeout(120)

SPECS = all_specs()


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    """Clients save when input ends: into a private folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


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


# -- in the client: each cue before its line, hidden lines never cued -----------------------

class Tape:
    """The screen and the speakers on one tape: ("line", text) and ("cue", name)."""

    def __init__(self) -> None:
        self.log: list[tuple[str, str]] = []
        # the recorder a Client expects of Sound
        self.available = self.enabled = True
        self.volume = 80
        self.muted: set[str] = set()

    def write(self, text: str) -> int:
        self.log += [("line", line) for line in text.splitlines()]
        return len(text)

    def flush(self) -> None:
        pass

    def play(self, name: str, *, learning: bool = False) -> None:
        if self.enabled and (learning or name not in self.muted):
            self.log.append(("cue", name))

    def silence(self) -> None:
        pass

    def take_problem(self) -> None:
        return None

    def cues(self) -> list[str]:
        return [what for kind, what in self.log if kind == "cue"]

    def before(self, cue: str, line: str) -> bool:
        """True if ``cue`` sounds before ``line`` and no other line comes between them
        but the lines of the same block (cues of a block precede its lines)."""
        at = self.log.index(("line", line))
        head = at
        while head > 0 and self.log[head - 1][0] == "line":
            head -= 1
        return ("cue", cue) in self.log[:head] and self.log[head - 1][0] == "cue"


def play_client(script: str, *, humans: int = 1, game: str = "pnue", seed: int = 1,
                tape: Tape | None = None, **options: object):
    import io

    from a11y_games.ui.client import Client
    from a11y_games.ui.terminal import PlainReader, Writer

    spec = SPECS.get(game, TOY)
    tape = tape or Tape()
    players = spec.default_players
    seats = [SeatSpec("human", f"H{i}") for i in range(humans)]
    seats += [SeatSpec("bot", level="random", name_index=i) for i in range(humans, players)]
    match = Match(spec, spec.settings(players, seed), seats)
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(tape),
                    sound=tape, **options)  # type: ignore[arg-type]
    client.run()
    return tape, client


from tests.toygame import SPEC as TOY  # noqa: E402


def test_pnue_cues_the_secret_role_then_the_vote_each_before_its_line() -> None:
    tape, _ = play_client("")
    assert tape.cues()[:4] == ["private", "round", "acted", "vote"]
    assert tape.before("private", "Your role: a lobbyist.")
    assert tape.before("round", "Turn 1: Chloe is President.")
    assert tape.before("acted", "Chloe nominates Priya.")
    assert tape.before("vote", "Your turn: Approve them?")


def test_bots_moves_tick_and_results_sound_in_the_order_of_their_lines() -> None:
    tape, _ = play_client("1\n" * 40)
    lines = [what for kind, what in tape.log if kind == "line"]
    heard = tape.cues()
    assert "acted" in heard and "round" in heard and ("passed" in heard or "failed" in heard)
    # every "Approved:" or "Rejected:" line was preceded by its cue in its block
    for text in lines:
        if text.startswith("Approved:"):
            assert tape.before("passed", text)
        if text.startswith("Turn "):
            assert tape.before("round", text)


def test_the_end_sounds_won_or_lost_before_its_line() -> None:
    tape, client = play_client("1\n" * 30, game="toy", seed=2)
    outcome = client.table.outcome()
    assert outcome is not None
    mine = "won" if 0 in outcome.winners else "lost"
    assert tape.cues()[-1] == mine
    assert tape.before(mine, f"H0, you {mine}.") or tape.before(mine, f"H0 {mine}.")


def test_hot_seat_private_lines_cue_only_once_their_player_has_the_keyboard() -> None:
    tape, _ = play_client("\n", humans=2, game="toy")
    handover = next(i for i, (kind, what) in enumerate(tape.log)
                    if kind == "line" and "H0" in what)
    assert "private" not in [what for kind, what in tape.log[:handover] if kind == "cue"]
    assert "private" in tape.cues()


def test_a_muted_cue_is_not_played_and_sounds_plays_and_lists_every_cue() -> None:
    tape = Tape()
    tape.muted.add("vote")
    tape, _ = play_client("sounds\n", tape=tape)
    assert "vote" not in tape.cues()[:2]
    learned = tape.cues()[-16:]
    assert learned == list(all_cues([SPECS["pnue"]]))
    assert ("line", "2. vote: a secret vote opens. Off.") in tape.log
    assert ("line", "15. lobby: a lobbyist tile enacted.") in tape.log


def test_sound_off_silences_and_on_plays_again() -> None:
    tape, _ = play_client("sound off\n1\nsounds 1\nsound on\nsounds 1\n")
    off, on = tape.log.index(("line", "Sound off.")), tape.log.index(("line", "Sound on."))
    assert ("line", "Sound is off: type sound on to hear them.") in tape.log[off:on]
    assert ("line", "Approved: 6 yes, 1 no.") in tape.log[off:on]  # a vote went by...
    assert [entry for entry in tape.log[off:on] if entry[0] == "cue"] == []  # ...in silence
    assert tape.log[on + 1:on + 2] == [("cue", "turn")]


def test_through_the_null_backend_the_client_cues_play_in_order_and_spaced() -> None:
    from a11y_games.output.sound import GAP, RATE, Sound

    with Sound("on", backend="null", environ={}) as sound:
        assert sound.ready(5)
        tape = Tape()
        tape.play = sound.play  # type: ignore[method-assign]  # the real player, on tape
        play_client("", tape=tape)
        assert sound.wait_idle(5)
        assert [name for name, _ in sound.played] == ["private", "round", "acted", "vote"]
        for (name, start), (_, following) in zip(sound.played, sound.played[1:],
                                                  strict=False):
            length = cue_path(name).stat().st_size - 44  # the WAV header: 44 bytes
            assert following - start == pytest.approx(length / 2 / RATE + GAP, abs=1e-3)


def _cli(monkeypatch, tmp_path, argv: list[str]) -> list[object]:
    """Run ``a11y-games`` on an empty script; the Sound objects it made."""
    import io
    import sys

    from a11y_games import cli
    from a11y_games.output import sound as sound_module

    made: list[object] = []

    class Recording(REAL_SOUND):
        def __init__(self, *args: object, **kwargs: object) -> None:
            made.append(self)
            super().__init__(*args, backend="null", **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sound_module, "Sound", Recording)
    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli.main(["pnue", "--speech", "off", "--seed", "1", *argv]) == 0
    return made


def test_sound_off_on_the_command_line_or_no_sound_opens_nothing(monkeypatch,
                                                                tmp_path) -> None:
    monkeypatch.delenv("NO_SOUND", raising=False)
    assert _cli(monkeypatch, tmp_path, ["--sound", "off"]) == []
    monkeypatch.setenv("NO_SOUND", "1")
    assert _cli(monkeypatch, tmp_path, []) == []
    monkeypatch.delenv("NO_SOUND")
    made = _cli(monkeypatch, tmp_path, [])
    assert len(made) == 1 and [n for n, _ in made[0].played][:1] == ["private"]


def test_a_device_that_fails_is_said_once_in_the_players_language() -> None:
    def fail(backend: str) -> object:
        raise OSError("no sound card")

    sound = REAL_SOUND("on", open_device=fail, environ={})
    tape = Tape()
    tape.play, tape.take_problem = sound.play, sound.take_problem  # type: ignore[method-assign]
    play_client("status\n1\nsounds 1\n", tape=tape, lang="fr")
    said = [what for kind, what in tape.log if kind == "line" and what.startswith("Son coupé")]
    assert said == ["Son coupé : aucun appareil audio ne s'ouvre. Le texte et la parole "
                    "continuent."]
    assert tape.log.index(("line", said[0])) < 12  # at the start, with the welcome


def test_a_failed_device_is_not_tried_again_at_each_prompt_but_on_sound_on() -> None:
    tries: list[str] = []

    def fail(backend: str) -> object:
        tries.append(backend)
        raise OSError("no sound card")

    sound = REAL_SOUND("on", open_device=fail, deferred=True, environ={})
    tape = Tape()
    tape.take_problem = sound.take_problem  # type: ignore[method-assign]
    tape.start = sound.start  # type: ignore[attr-defined]
    play_client("status\nstatus\nstatus\n", tape=tape)
    assert len(tries) == 1
    said = [what for kind, what in tape.log if kind == "line" and "no sound device" in what]
    assert len(said) == 1
    sound.enabled = True  # what "sound on" does
    assert sound.take_problem() is not None and len(tries) == 2


def test_network_tables_cue_chat_arrivals_departures_and_lost_connections() -> None:
    """A network table's own lines (they come with no cause) sound as the learn-the-sounds
    page says; one's own chat echo and the count of votes do not."""
    from a11y_games.ui.cues import event_cue

    def cue(msg_id: str) -> str | None:
        return event_cue(Event(Msg(msg_id, name="Bo", text="hi", to="")), 0, {})

    assert cue("online.chat.table") == "chat"
    assert cue("online.chat.private") == "chat"
    assert cue("online.presence.joined") == "joined"
    assert cue("online.presence.left") == "left"
    assert cue("online.presence.lost") == "disconnected"
    assert cue("online.chat.private_to") is None
    assert cue("online.progress") is None
