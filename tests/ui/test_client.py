"""The prompt client, driven by scripted input (plain pipe and prompt_toolkit pipe)."""

from __future__ import annotations

import io
import json

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from a11y_games.engine import Event, Msg, PlayerRef
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import PlainReader, PromptReader, Writer
from tests.toygame import SPEC

pytestmark = pytest.mark.timeout(30)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def play(script: str, *, seats=None, seed: int = 5, lang: str = "en", events=None):
    match = Match(SPEC, SPEC.settings(2, seed),
                  seats or [SeatSpec("human", "Ana"), SeatSpec("bot", level="random")])
    out = io.StringIO()
    writer = Writer(out)
    writer.events_file = events
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=writer, lang=lang)
    status = client.run()
    return status, out.getvalue().splitlines(), match, client


def test_out_of_range_and_unknown_input_change_nothing() -> None:
    _, lines, match, _ = play("9\n0\nfly\n")
    assert "No choice 9 here: 3 choices, type choices to hear them." in lines
    assert "Unknown command: fly." in lines
    assert match.log == []
    assert match.state.sticks == 7


def test_a_number_plays_that_choice_and_bots_answer() -> None:
    _, _lines, match, _ = play("2\n")
    assert match.log[0] == (0, "take:2")
    assert len(match.log) == 2 and match.log[1][0] == 1  # the bot answered at once


def test_output_is_plain_lines_without_escape_codes() -> None:
    _, lines, _, _ = play("help\nstatus\nchoices\nlog\n")
    assert all("\x1b" not in line for line in lines)
    assert all(len(line) <= 120 for line in lines)


def test_french_and_language_switch() -> None:
    _, lines, _, _ = play("lang en\nstatus\n", lang="fr")
    assert "Tapez aide pour les commandes." in lines
    assert "Language: English." in lines


def test_end_of_input_saves_and_says_goodbye(tmp_path) -> None:
    status, lines, match, _ = play("1\n")
    assert status == 0
    assert lines[-1] == "Goodbye."
    saved = tmp_path / "data" / "a11y_games" / "saves" / "last.json"
    assert json.loads(saved.read_text())["log"] == [list(e) for e in match.log]


def test_quit_asks_and_no_keeps_playing() -> None:
    _, lines, match, _ = play("quit\nno\n1\nquit\nmaybe\nyes\nno\n")
    assert "The game goes on." in lines
    assert "Please type yes or no." in lines
    assert match.log and lines[-1] == "Goodbye."


def test_save_and_load_by_name_restore_the_game() -> None:
    _, lines, match, client = play("1\nsave mine\n1\nload mine\nstatus\n")
    assert any(line.startswith("Loaded toy.title from") for line in lines)
    assert client.match.log == match.log[:2] or len(client.match.log) == 2


def test_load_of_a_corrupt_save_says_so_and_keeps_the_game(tmp_path) -> None:
    saves = tmp_path / "data" / "a11y_games" / "saves"
    saves.mkdir(parents=True)
    (saves / "bad.json").write_text("{not json")
    (saves / "binary.json").write_bytes(b"\x00\xff\xfe")
    _, lines, match, client = play("1\nload bad\nload binary\nload nothing\n")
    assert lines.count("This save is damaged and cannot be read. Nothing was changed.") == 2
    missing = next(i for i, line in enumerate(lines)
                   if line.startswith("There is no save called") and "nothing.json" in line)
    assert lines[missing + 1] == "Type saves to list your saved games."  # what to do next
    assert client.match is match and len(match.log) == 2


def test_save_names_stay_in_the_saves_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    _, lines, _, _ = play("save ../../evil\nsave a/b\n")
    saves = tmp_path / "data" / "a11y_games" / "saves"
    assert lines.count("A save name is 1 to 50 letters, digits, - or _.") == 2
    assert not (saves / "evil.json").exists() and not (saves / "ab.json").exists()
    assert not (tmp_path.parent.parent / "evil").exists() and not (tmp_path / "a").exists()


def test_hot_seat_private_lines_wait_for_their_player() -> None:
    seats = [SeatSpec("human", "Ana"), SeatSpec("human", "Bo")]
    _, lines, _, client = play("\n1\n\nlog\n", seats=seats)
    to_ana = lines.index("Pass the keyboard to Ana.")
    to_bo = lines.index("Pass the keyboard to Bo.")
    assert "toy.card" not in lines[:to_ana]  # nothing private before the first hand-over
    assert "Ana, press Enter when ready." in lines  # said even in a script
    assert lines[to_ana:to_bo].count("toy.card") == 1  # Ana's card, then Bo's, each alone
    assert lines[to_bo:].count("1 private message for you:") == 1
    bo_log = client.transcripts[1]
    assert all(e.visible(1) for e in bo_log)
    assert not any(e.visible_to == frozenset({0}) for e in bo_log)


def test_events_file_has_json_lines_and_no_secret_of_bots(tmp_path) -> None:
    path = tmp_path / "events.jsonl"
    with path.open("w") as handle:
        play("1\n", events=handle)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert records[0]["type"] == "toy.card" and records[0]["visibility"] == [0]
    assert all(r["visibility"] == "all" or r["visibility"] == [0] for r in records)
    assert {"type", "params", "visibility", "text"} <= set(records[0])


def test_undo_takes_back_my_move_against_a_bot() -> None:
    _, lines, match, _ = play("1\nundo\n")
    assert "Your last decision is taken back." in lines
    assert match.log == []


def test_prompt_toolkit_session_through_a_pipe() -> None:
    match = Match(SPEC, SPEC.settings(2, 5), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])
    out = io.StringIO()
    with create_pipe_input() as pipe:
        holder: list[Client] = []
        reader = PromptReader(lambda: holder[0].completion_words(), input=pipe,
                              output=DummyOutput())
        client = Client(match, reader=reader, writer=Writer(out))
        holder.append(client)
        pipe.send_text("status\n")
        pipe.send_text("1\n")
        pipe.send_text("\x03")  # Ctrl-C asks before leaving
        pipe.send_text("no\n")
        pipe.send_text("quit\nyes\nno\n")
        assert client.run() == 0
    lines = out.getvalue().splitlines()
    assert "toy.sticks" in lines
    assert "Leave the game?" in lines and "The game goes on." in lines
    assert match.log[0] == (0, "take:1")


def test_tab_completion_offers_commands_and_french_aliases() -> None:
    from prompt_toolkit.document import Document

    match = Match(SPEC, SPEC.settings(2, 5), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])
    with create_pipe_input() as pipe:
        holder: list[Client] = []
        reader = PromptReader(lambda: holder[0].completion_words(), input=pipe,
                              output=DummyOutput())
        holder.append(Client(match, reader=reader, writer=Writer(io.StringIO())))
        completer = reader.session.completer
        found = {c.text for c in completer.get_completions(Document("sta"), None)}
        assert found == {"status"}
        assert "regles" in {c.text for c in completer.get_completions(Document("reg"), None)}


def test_keys_repeat_and_read_status_at_the_prompt() -> None:
    match = Match(SPEC, SPEC.settings(2, 5), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])
    out = io.StringIO()
    with create_pipe_input() as pipe:
        holder: list[Client] = []
        reader = PromptReader(lambda: [], input=pipe, output=DummyOutput(),
                              key_bindings=None)
        client = Client(match, reader=reader, writer=Writer(out))
        reader.session.key_bindings = client.key_bindings()
        holder.append(client)
        pipe.send_text("\x1bOS")  # F4: status, read above the prompt
        pipe.send_text("\x1bt")  # Alt+T: the same, for terminals without F keys
        pipe.send_text("help keys\nquit\nyes\n")
        assert client.run() == 0
    lines = out.getvalue().splitlines()
    assert lines.count("toy.sticks") == 2
    assert "F2, or Alt+s: stop speech now." in lines


def test_log_pages_searches_and_repeat_goes_back() -> None:
    _, lines, _, _ = play("1\n1\nlog 2\nlog back\nlog next\nlog search toy.card\nlog 0\n"
                          "status\nrepeat 1\n")
    assert "Messages 6 to 7 of 7:" in lines
    assert "Messages 1 to 5 of 7:" in lines  # a page of 10 back from message 6
    assert "1 message contains toy.card:" in lines
    assert any(line.startswith("Type log, log 20") for line in lines)
    # repeat 1: the block before the last one (the status), i.e. the log error line
    # (the game is over, so no save is said before goodbye)
    assert lines[-2].startswith("Type log, log 20") and lines[-3] == "toy.sticks"


def test_log_round_reads_one_turn_of_a_real_game() -> None:
    from a11y_games.games import get_spec

    spec = get_spec("pnue")
    match = Match(spec, spec.settings(5, 4), [SeatSpec("human", "Ana")] +
                  [SeatSpec("bot", level="random", name_index=i) for i in range(1, 5)])
    out = io.StringIO()
    script = "1\n" * 12 + "log round 2\nlog round 99\n"
    Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out)).run()
    lines = out.getvalue().splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("Turn 2:"))
    assert lines[start].startswith("Turn 2:")
    following = lines[start:lines.index("No round 99 in the log.")]
    assert not any(line.startswith("Turn 3:") for line in following)
    assert "No round 99 in the log." in lines


def test_log_round_0_reads_the_setup_before_turn_1() -> None:
    """Vertigo's setup purchases come before turn 1: ``log round 0`` reads them (it said
    "No round 0 in the log." while the setup was being played), and stops at turn 1."""
    from a11y_games.games import get_spec

    spec = get_spec("vertigo")
    match = Match(spec, spec.settings(2, 3), [SeatSpec("human", "Ana"),
                                              SeatSpec("bot", level="random", name_index=1)])
    out = io.StringIO()
    script = "log round 0\n" + "1\n00\n" * 150 + "log round 0\n"
    Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out)).run()
    lines = out.getvalue().splitlines()
    assert "No round 0 in the log." not in lines
    opening = "Setup purchases: Smog first, then you."
    assert lines.count(opening) == 3  # said once, then read back twice
    turn_1 = next(i for i, line in enumerate(lines) if line.startswith("Turn 1"))
    read_back = lines[max(i for i, line in enumerate(lines) if line == opening):]
    assert turn_1 < len(lines) - len(read_back)  # turn 1 was played before the last read
    assert not any(line.startswith("Turn 1") for line in read_back)
    assert any(line.startswith("You are done") for line in read_back)


def _game_client(game: str, script: str, lang: str):
    from a11y_games.games import get_spec

    spec = get_spec(game)
    players = spec.default_players
    match = Match(spec, spec.settings(players, 4),
                  [SeatSpec("human", "Ana")] + [SeatSpec("bot", level="random", name_index=i)
                                                for i in range(1, players)])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out),
                    lang=lang)
    client.run()
    return out.getvalue().splitlines(), match


UNKNOWN_TOPIC = {  # the topics line is one whole sentence, never cut at a comma
    ("pnue", "en"): ["Unknown board topic: weather.", "Topics: roles, tiles, government, order."],
    ("pnue", "fr"): ["Sujet de table inconnu : weather.",
                     "Sujets : rôles, tuiles, gouvernement, ordre."],
    ("vanuatu", "en"): ["Unknown board topic: weather.",
                        "Topics: players, ships, plan, map, goods."],
    ("vanuatu", "fr"): ["Sujet de table inconnu : weather.",
                        "Sujets : joueurs, navires, plan, carte, marchandises."],
}


def _has_block(lines: list[str], block: list[str]) -> bool:
    """``block`` appears in ``lines`` as consecutive lines."""
    return any(lines[i:i + len(block)] == block for i in range(len(lines)))


@pytest.mark.parametrize(("game", "lang"), sorted(UNKNOWN_TOPIC))
def test_unknown_board_topic_is_said_then_the_topics_and_nothing_else(game, lang) -> None:
    lines, _ = _game_client(game, "board weather\nrepeat\n", lang)
    said = UNKNOWN_TOPIC[game, lang]
    at = lines.index(said[0])
    assert lines[at:at + len(said)] == said
    assert lines[at + len(said):at + 2 * len(said)] == said  # repeat: that was the whole answer


@pytest.mark.parametrize("game", ["utopia", "vertigo"])
def test_unknown_board_topic_in_utopia_and_vertigo(game) -> None:
    lines, _ = _game_client(game, "board weather\n", "en")
    at = lines.index("Unknown board topic: weather.")
    assert lines[at + 1] == {
        "utopia": "Topics: scores, scale, guests, monuments, water, earth, fire, wind.",
        "vertigo": "Topics: right, centre, left, blue, yellow, red, green."}[game]


def test_board_topic_words_of_utopia_and_vertigo_in_french() -> None:
    lines, _ = _game_client("utopia", "table échelle\ntable météo\n", "fr")
    assert "Sujet de table inconnu : météo." in lines
    assert "Sujets : scores, échelle, invités, monuments, eau, terre, feu, vent." in lines
    lines, _ = _game_client("vertigo", "table gauche\n", "fr")
    assert not any(line.startswith("Sujet de table inconnu") for line in lines)


@pytest.mark.parametrize(("game", "lang"), sorted(UNKNOWN_TOPIC))
def test_help_board_lists_the_games_board_topics(game, lang) -> None:
    lines, _ = _game_client(game, "help board\n", lang)
    assert _has_block(lines, UNKNOWN_TOPIC[game, lang][1:])


def test_board_topic_in_french_shows_that_part() -> None:
    lines, _ = _game_client("vanuatu", "table navires\n", "fr")
    assert any(line.startswith("Navire 1 : ") for line in lines)
    assert not any(line.startswith("Réserve") for line in lines)


def test_french_elides_de_before_a_game_or_name_with_a_vowel() -> None:
    from a11y_games.engine import Msg, PlayerRef
    from a11y_games.i18n import Translator

    tr = Translator("fr", names=lambda seat: ["Inde", "Japon"][seat])
    assert tr.render(Msg("core.rules.header", game=Msg("utopia.title"), count=5)) == (
        "Règles d'Utopie : 5 sections.")
    assert tr.render(Msg("core.rules.header", game=Msg("vanuatu.title"), count=5)) == (
        "Règles de Vanuatu : 5 sections.")
    assert tr.render(Msg("core.help.game_header", game=Msg("utopia.title"))) == (
        "Commandes d'Utopie :")
    assert tr.render(Msg("core.brf.card_of", seat=PlayerRef(0))) == "Carte d'Inde."
    assert tr.render(Msg("core.brf.card_of", seat=PlayerRef(1))) == "Carte de Japon."
    assert tr.render(Msg("pnue.power.result", seat=PlayerRef(0),
                         role=Msg("pnue.role.ecologist"))) == "Intérêt d'Inde : écologiste."


def test_help_board_says_nothing_of_topics_a_game_does_not_declare() -> None:
    _, lines, _, _ = play("help board\n")
    at = lines.index("the table, as everyone sees it.")
    assert not any(line.startswith(("Topics:", "This game's board")) for line in lines[at:])


def _utopia_hot_seat(script: str) -> tuple[list[str], Match]:
    from a11y_games.games import get_spec

    spec = get_spec("utopia")
    match = Match(spec, spec.settings(3, 4), [SeatSpec("human", "Ana"), SeatSpec("human", "Bo"),
                                              SeatSpec("bot", level="random", name_index=2)])
    out = io.StringIO()
    Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out), lang="en").run()
    return out.getvalue().splitlines(), match


def test_hot_seat_public_questions_need_no_hand_over() -> None:
    """Taking guests shows nothing private: the two humans are asked in turn without the
    keyboard pause; the first private moment (the cards of phase 2) hands over."""
    lines, match = _utopia_hot_seat("1\n1\n" * 9 + "\n" * 3)
    phase2 = lines.index("Phase 2: city development.")
    humans_picked = [seat for seat, action in match.log if action.startswith("guest")
                     and seat in (0, 1)]
    assert len(set(humans_picked)) == 2  # both humans answered in phase 1
    assert not any(line.startswith("Pass the keyboard") for line in lines[:phase2])
    assert any(line.startswith("Pass the keyboard") for line in lines[phase2:])
    assert not any(line.startswith("You receive") for line in lines[:phase2])
    assert any(line.startswith("You receive") for line in lines[phase2:])


def test_hot_seat_private_command_during_a_public_question_hands_over_first() -> None:
    lines, _ = _utopia_hot_seat("me\n")
    handover = next(i for i, line in enumerate(lines) if line.startswith("Something private"))
    asked = next(line for line in lines if "your turn: Take a guest" in line)
    seat = asked.split(",")[0]
    assert lines[handover] == f"Something private for {seat} now."
    assert lines[handover + 1] == f"{seat}, press Enter when ready."
    assert lines.index(asked) < handover  # asked at once, handed over only for "me"


def test_hot_seat_public_commands_during_a_public_question_need_no_hand_over() -> None:
    """The board, the map, a district and where my princes are show nothing private: the
    player asked a guest gets them at once, without the keyboard pause."""
    lines, match = _utopia_hot_seat("board\nmap\ndistrict hephaistos\nwhere\n")
    asked = next(line for line in lines if "your turn: Take a guest" in line)
    seat = asked.split(",")[0]
    after = lines[lines.index(asked):]
    assert not any(line.startswith(("Pass the keyboard", "Something private")) for line in after)
    assert "You: 0 points" in after and "Prestige scale, top first:" in after  # board
    assert f"{seat}: 0 points" not in after  # the player asked hears "you", not their name
    assert "The city: 4 islands, 24 districts." in after  # map
    assert "Héphaïstos, Fire island, value 4." in after  # district
    assert after[-2] == "You have no prince in the city."  # where: the princes of the one asked
    assert match.log == []  # nothing was chosen meanwhile


class _KeysAtHandOver:
    """A script whose reader presses F4 (status) and F3 (repeat) at every hand-over prompt,
    as the player taking the keyboard may, before pressing Enter."""

    interactive = False

    def __init__(self, script: str) -> None:
        self.lines = io.StringIO(script)
        self.client: Client | None = None
        self.shown: list[list[str]] = []

    def read(self, prompt: str) -> str:
        written = self.client.out.stream.getvalue().splitlines() if self.client else []
        if written and written[-1].endswith("press Enter when ready.") and self.client:
            out = self.client.out
            start = len(out.stream.getvalue().splitlines())
            self.client.cmd_status("")
            self.client.cmd_repeat("")
            self.shown.append(out.stream.getvalue().splitlines()[start:])
        line = self.lines.readline()
        if not line:
            raise EOFError
        mine = self.client._my_turn() if self.client else None
        if line == "1\n" and mine:  # the first choice listed (numbers stay while a menu is open)
            return self.client.keyed_choices(mine[0])[0][0]
        return line.rstrip("\n")


def test_hot_seat_keys_at_the_hand_over_prompt_show_nothing_private() -> None:
    """F4 while "Bo, press Enter when ready" waits: the next player has the keyboard,
    so the status must not give the last player's cards ("You hold...")."""
    from a11y_games.games import get_spec

    spec = get_spec("utopia")
    match = Match(spec, spec.settings(3, 4), [SeatSpec("human", "Ana"), SeatSpec("human", "Bo"),
                                              SeatSpec("bot", level="random", name_index=2)])
    reader = _KeysAtHandOver("1\n1\n" * 9 + "\n1\n" * 12)
    client = Client(match, reader=reader, writer=Writer(io.StringIO()), lang="en")
    reader.client = client
    client.run()
    assert len(reader.shown) >= 2  # the hand-overs of phase 2 came
    assert reader.shown and not any(line.startswith(("You hold", "Privileges left",
                                                      "Bases left", "Possible:", "You receive"))
                                    for lines in reader.shown for line in lines)


def test_pnue_board_topic_in_french_is_spelt_with_its_accent_and_typed_either_way() -> None:
    """Sujets : rôles (as the rôles query is named); table roles and table rôles both work."""
    lines, _ = _game_client("pnue", "aide table\ntable roles\ntable rôles\n", "fr")
    assert _has_block(lines, UNKNOWN_TOPIC["pnue", "fr"][1:])
    assert not any(line.startswith("Sujet de table inconnu") for line in lines)


def test_hot_seat_private_news_for_the_player_answering_is_not_a_hand_over() -> None:
    """A player answering public questions already holds the keyboard: private news for him
    (a monument now possible: after his own step a detail, heard at full) is introduced as
    such, not as "Pass the keyboard"."""
    from a11y_games.engine import Verbosity
    from a11y_games.games import get_spec
    from tests.utopia.helpers import CIV, put

    spec = get_spec("utopia")
    match = Match(spec, spec.settings(2, 4), [SeatSpec("human", "Ana"), SeatSpec("human", "Bo")])
    state = match.state
    first = state.current
    put(state, "hephaistos", first, "maya", 2)
    state.guests = [(CIV["maya"], "fire")] * 6
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("1\n1\n\n")), writer=Writer(out),
                    lang="en", verbosity=Verbosity.FULL)
    client.run()
    lines = out.getvalue().splitlines()
    name = ["Ana", "Bo"][first]
    at = lines.index(f"Something private for {name} now.")
    assert f"Pass the keyboard to {name}." not in lines[:at + 1]
    assert lines[at + 1] == f"{name}, press Enter when ready."
    assert any("monument possible" in line for line in lines[at:])


def test_hot_seat_a_command_typed_at_the_hand_over_is_run_not_lost(tmp_path) -> None:
    """Typing "save mine" instead of just Enter at "press Enter when ready" takes the
    keyboard and saves; a number typed there is not played blind (the choices were unheard)."""
    seats = [SeatSpec("human", "Ana"), SeatSpec("human", "Bo")]
    _, lines, match, _ = play("save mine\n2\n", seats=seats)
    ready = lines.index("Ana, press Enter when ready.")
    assert "Game saved: mine." in lines[ready:]
    assert (tmp_path / "data" / "a11y_games" / "saves" / "mine.json").exists()
    assert match.log == [(0, "take:2")]


@pytest.mark.parametrize("typed", ["2", "take:1"])
def test_hot_seat_a_choice_typed_at_the_hand_over_is_not_played(typed: str) -> None:
    seats = [SeatSpec("human", "Ana"), SeatSpec("human", "Bo")]
    _, _lines, match, _ = play(f"{typed}\n", seats=seats)
    assert match.log == []


def test_choices_lists_the_choices_even_at_brief_verbosity() -> None:
    """Brief verbosity leaves the list out of each question; choices (and F5) still read it."""
    _, lines, _, _ = play("verbosity brief\nchoices\n")
    brief = lines.index("Verbosity: brief.")
    assert "3 choices:" in lines[brief:]  # how to answer was said with the first list
    assert "3. toy.take" in lines[brief:]


def test_loading_another_games_save_says_its_welcome_and_players() -> None:
    """``load`` of a Utopia save in a game of toy: the players did not hear who is who in
    the loaded game. Its welcome and players are said, its history is not read again."""
    from a11y_games.games import all_specs
    from a11y_games.i18n import Translator
    from a11y_games.ui.paths import save_path

    specs = {**all_specs(), SPEC.name: SPEC}
    utopia = specs["utopia"]
    other = Match(utopia, utopia.settings(3, 2), [SeatSpec("human", "Zoe"),
                                                   SeatSpec("bot", level="random", name_index=1),
                                                   SeatSpec("bot", level="random", name_index=2)])
    while other.waiting_bots():
        other.act(other.waiting_bots()[0], other.bot_choice(other.waiting_bots()[0]))
    other.save(save_path("other"))
    tr = Translator("en", names=other.seat_name)
    past = {tr.render(e.msg) for e in other.events}
    players = tr.for_seat(0).render(Msg("core.intro.players", count=3,
                            names=[PlayerRef(s) for s in other.state.seat_order()]))

    match = Match(SPEC, SPEC.settings(2, 5), [SeatSpec("human", "Ana"),
                                              SeatSpec("bot", level="random")])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("load other\n")), writer=Writer(out),
                    specs=specs)
    client.run()
    lines = out.getvalue().splitlines()
    after = lines[next(i for i, line in enumerate(lines) if line.startswith("Loaded")):]
    assert "Welcome to Utopia." in after
    assert players in after and "You are Zoe." in after
    assert not past & set(after[:after.index("You are Zoe.")])


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["braille alone: the status in braille.", "braille save: files to emboss."]),
    ("fr", ["braille seul : l'état en braille.", "braille sauver : fichiers à embosser."]),
])
def test_an_unknown_word_after_braille_says_what_braille_takes(lang: str,
                                                                said: list[str]) -> None:
    """``braille foo`` showed the status as if foo were not there."""
    _, lines, _, _ = play("braille foo\n", lang=lang)
    start = lines.index(said[0])
    assert lines[start:start + 2] == said
    assert not any("\u2800" <= c <= "\u28ff" for line in lines for c in line)


def test_pasted_lines_run_in_order_as_if_typed() -> None:
    """A terminal pastes several lines at once (bracketed paste): the prompt got them as one
    line and ran the first only; the others were dropped without a word."""
    with create_pipe_input() as pipe:
        output = io.StringIO()
        reader = PromptReader(lambda: [], input=pipe, output=DummyOutput())
        reader.echo = output
        pipe.send_text("\x1b[200~whose\nstatus\n\nlog 2\n\x1b[201~\r")
        assert reader.read("> ") == "whose"
        assert reader.read("> ") == "status"
        assert reader.read("> ") == ""  # an empty line, as if Enter alone was typed
        assert reader.read("> ") == "log 2"
        pipe.send_text("me\r")
        assert reader.read("> ") == "me"
    assert output.getvalue().splitlines() == ["> status", ">", "> log 2"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_hand_over_question_fits_a_braille_line(lang: str) -> None:
    """The hand-over question, with the longest default name, is one 40-cell line."""
    from a11y_games.i18n import Translator

    tr = Translator(lang)
    line = tr.render(Msg("core.handover.prompt", seat=tr.render(Msg("core.seat.default",
                                                                    number=12))))
    assert len(line) <= 40, line


def test_a_race_time_is_said_with_the_language_s_decimal_mark(tmp_path) -> None:
    """PNUE's crisis race at one keyboard: the reaction time is "0,53 s" in French, not the
    English "0.53" (the client passes a number, the catalogue writes it)."""
    from a11y_games.engine import Msg
    from a11y_games.i18n import Translator

    line = Translator("fr").render(Msg("core.race.time", seconds=round(0.5312, 2)))
    assert line == "Vous avez réagi en 0,53 s."
    assert Translator("en").render(Msg("core.race.time", seconds=0.5)) == \
        "You reacted in 0.50 seconds."


def test_board_takes_a_player_s_name_as_the_game_takes_a_number() -> None:
    """Vertigo: ``board NAME`` shows that player's country, as ``board 2`` does (it said
    the topic was unknown)."""
    from a11y_games.games import get_spec
    from a11y_games.i18n import Translator

    spec = get_spec("vertigo")

    def said(command: str) -> list[str]:
        match = Match(spec, spec.settings(2, 3), [SeatSpec("human", "Ana"),
                                                   SeatSpec("bot", level="normal")])
        out = io.StringIO()
        Client(match, reader=PlainReader(io.StringIO(command + "\n")), writer=Writer(out)).run()
        return out.getvalue().splitlines()

    match = Match(spec, spec.settings(2, 3), [SeatSpec("human", "Ana"),
                                               SeatSpec("bot", level="normal")])
    bot = Translator("en").render(match.seat_name(1))
    by_number, by_name = said("board 2"), said(f"board {bot.lower()}")
    assert by_name == by_number
    assert not any(line.startswith("Unknown") for line in by_name)


def test_french_names_the_reserved_saves_in_french() -> None:
    """"tapez charger precedente": the French words load the saves the game keeps under its
    own names (it said "charger previous")."""
    from a11y_games.i18n import Translator
    from a11y_games.ui.paths import save_path

    assert save_path("precedente") == save_path("previous")
    assert save_path("précédente") == save_path("previous")
    assert save_path("dernière") == save_path("last")
    said = Translator("fr").render(Msg("core.cli.kept_previous", game="Utopia"))
    assert "charger precedente" in said and "previous" not in said


def test_news_from_a_network_table_never_breaks_a_yes_no_question() -> None:
    """At a network table, news may end a read at any time (the reader is woken): the
    client's own questions ("Leave the game?") are asked on, never broken off."""
    from a11y_games.ui.handover import Quit

    match = Match(SPEC, SPEC.settings(2, 5), [SeatSpec("human", "Ana"),
                                              SeatSpec("bot", level="random")])
    out = io.StringIO()
    reader = PlainReader(io.StringIO("yes\n"))
    reader.wakeable()
    client = Client(match, reader=reader, writer=Writer(out))
    reader.wake()  # news arrived: the next read is ended once
    with pytest.raises(Quit):
        client.confirm_quit()
    assert out.getvalue().splitlines()[-1] == "Goodbye."


def test_hot_seat_held_lines_keep_the_player_s_verbosity() -> None:
    """PNUE, two humans at normal verbosity: "Ana hands 2 tiles to Bo." is a detail said
    at full only; it was handed to the other player as "1 private message for you:"."""
    from a11y_games.games.pnue import SPEC as PNUE

    seats = [SeatSpec("human", "Ana"), SeatSpec("human", "Bo"),
             *(SeatSpec("bot", level="random", name_index=i) for i in range(2, 5))]
    match = Match(PNUE, PNUE.settings(5, 1), seats)
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("\n1\n" * 20)), writer=Writer(out))
    client.run()
    lines = out.getvalue().splitlines()
    held = [lines[i + 1] for i, line in enumerate(lines[:-1])
            if line.endswith(("private message for you:", "private messages for you:"))]
    assert held, "no private line was held for a player: the test proves nothing"
    assert not [line for line in held if " hands " in line], held


def test_a_count_of_answers_is_said_only_when_it_is_the_latest_news() -> None:
    """News arriving together (a network table where bots answer at once) said "1 of 5
    has answered." to "4 of 5 have answered." in a row: only the latest count is said, and
    none once more news follows it; the log keeps every count."""
    match = Match(SPEC, SPEC.settings(2, 5),
                  [SeatSpec("human", "Ana"), SeatSpec("bot", level="random")])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("")), writer=Writer(out))
    client.flush_events()
    said = len(out.getvalue().splitlines())
    match.events.extend(Event(Msg("online.progress", count=n, of=5)) for n in (1, 2, 3))
    client.flush_events()
    assert out.getvalue().splitlines()[said:] == ["3 of 5 have answered."]
    said = len(out.getvalue().splitlines())
    match.events.extend([Event(Msg("online.progress", count=4, of=5)),
                         Event(Msg("online.presence.joined", name="Bo"))])
    client.flush_events()
    assert out.getvalue().splitlines()[said:] == ["Bo sits at the table."]
    assert sum(e.msg.id == "online.progress" for e in client.transcripts[0]) == 4
