"""What a blind player's review found at the client (2 December): the public news a
hot-seat player missed, a changed list compared with another question's, the save's
path read aloud, the winner said twice."""

from __future__ import annotations

import io

import pytest

from a11y_games.engine import Msg, Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import get_spec
from a11y_games.i18n import Translator
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import PlainReader, Writer

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _hot_seat(game: str, players: int, seed: int, script: str, *,
              verbosity: Verbosity = Verbosity.NORMAL, lang: str = "en") -> list[str]:
    spec = get_spec(game)
    seats = [SeatSpec("human", "Ana"), SeatSpec("human", "Bo"),
             *(SeatSpec("bot", level="random", name_index=i) for i in range(2, players))]
    match = Match(spec, spec.settings(players, seed), seats)
    out = io.StringIO()
    Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out), lang=lang,
           verbosity=verbosity).run()
    return out.getvalue().splitlines()


def _after_hand_over(lines: list[str], name: str) -> list[list[str]]:
    """What each hand-over to ``name`` said, from its Enter to the question."""
    said = []
    for i, line in enumerate(lines):
        if line == f"{name}, press Enter when ready.":
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith(name + ","))
            said.append(lines[i + 1:end])
    return said


def test_hot_seat_pnue_the_vote_result_is_heard_by_the_player_who_was_away() -> None:
    """PNUE 5, Ana and Bo at one keyboard: Bo's vote closes the vote while Bo holds the
    keyboard; Ana, given it back, hears the result before her question, and nothing of
    Bo's own."""
    lines = _hot_seat("pnue", 5, 1, "\n1\n" * 6)
    result = lines.index("Approved: 4 yes, 1 no.")
    back = next(i for i in range(result, len(lines)) if lines[i] == "Ana, press Enter when ready.")
    heard = lines[back + 1:next(i for i in range(back, len(lines))
                                if lines[i].startswith("Ana, your turn"))]
    assert heard[:4] == ["While you were away:", "Approved: 4 yes, 1 no.", "No: Priya.",
                         "Bo is Secretary-General."], heard
    private = next(i for i, line in enumerate(heard) if line.endswith(" private messages for you:"))
    assert heard[private + 1] == "You drew 3 tiles:", heard  # hers, after the news
    assert not any(line.startswith(("Your vote", "You receive", "Your role")) for line
                   in heard[:private]), heard


def test_hot_seat_pnue_news_is_said_at_the_player_s_verbosity_in_french() -> None:
    lines = _hot_seat("pnue", 5, 1, "\n1\n" * 6, lang="fr", verbosity=Verbosity.BRIEF)
    assert "Pendant votre absence :" in lines
    away = lines.index("Pendant votre absence :")
    assert not any(" donne " in line for line in lines[away:away + 5])  # said at full


def test_hot_seat_utopia_the_phase_opened_by_another_player_is_heard() -> None:
    """Utopia, Ana's last guest opens phase 2 and the keyboard goes to Bo: he hears her
    move and the new phase before his cards."""
    lines = _hot_seat("utopia", 3, 4, "1\n1\n" * 9 + "\n1\n" * 4)
    said = _after_hand_over(lines, "Bo")
    assert said and said[0][:3] == ["While you were away:", "Ana: Persian to Éole.",
                                    "Phase 2: city development."], said


def test_hot_seat_the_same_player_kept_at_the_keyboard_hears_no_recap() -> None:
    lines = _hot_seat("pnue", 5, 1, "\n1\n" * 6)
    first = _after_hand_over(lines, "Ana")[0]
    assert "While you were away:" not in first  # nobody held the keyboard before her


def _solo(game: str, players: int, seed: int, script: str, **options) -> list[str]:
    spec = get_spec(game)
    seats = [SeatSpec("human", "Ana"),
             *(SeatSpec("bot", level="random", name_index=i) for i in range(1, players))]
    match = Match(spec, spec.settings(players, seed), seats)
    out = io.StringIO()
    Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out), **options).run()
    return out.getvalue().splitlines()


def test_vertigo_another_province_asks_its_own_question_numbered_from_1() -> None:
    """Vertigo's setup: "Another province" asked "Which region?" again, the purchase's
    question, so its regions were numbered 5 to 7 and, after a purchase, compared with the
    purchase's list; now "Another province: which region?", regions 1 to 3, read whole the
    first time and compared only with itself after; the purchase's own list, asked again
    after the province, is compared with itself."""
    lines = _solo("vertigo", 2, 1, "1\n4\n1\n1\n4\n2\n1\n")
    other = lines.index("4. Another province")
    regions = lines.index("Another province: which region?", other)
    assert lines[regions + 1:regions + 5] == ["4 choices, one or several:", "1. Right region",
                                              "2. Centre region", "3. Left region"]
    assert not any(line.startswith("Gone:") for line in lines)
    bought = lines.index("You add population: right A, 1 $.")
    assert lines[bought + 1:bought + 5] == ["Which region?", "6 choices; changed:",
                                            "1. Right B, 1 $", "00. Done"]
    again = lines.index("Another province: which region?", bought)
    assert lines[again + 1] == "5 choices; 00 is now Done."  # the regions kept 1 to 3
    assert "You add population: centre A, 1 $." in lines  # 2 was the centre region


def test_vertigo_another_province_in_french() -> None:
    lines = _solo("vertigo", 2, 1, "1\n4\n", lang="fr")
    regions = lines.index("Autre province : quelle région ?")
    assert lines[regions + 2] == "1. Région de droite", lines[regions:regions + 5]


def test_vertigo_a_finished_menu_asked_again_is_read_whole() -> None:
    """The setup's population menu, finished (00), then the management's purchase menu in
    the same words: a new question, its list said whole."""
    lines = _solo("vertigo", 2, 1, "1\n" * 11 + "00\n1\n")
    manage = next(i for i, line in enumerate(lines) if line.startswith("Management,"))
    asked = lines.index("Which region?", manage)
    assert lines[asked + 1] == "5 choices:"  # "one or several" was said at the setup
    assert lines[asked + 2].startswith("1. Centre A, 5 $")


@pytest.mark.parametrize(("lang", "several", "short"), [
    ("en", "choices, one or several:", "5 choices:"),
    ("fr", "choix, un ou plusieurs :", "5 choix :")])
def test_a_question_taking_several_numbers_says_so_once_then_in_whole_lists(
        lang: str, several: str, short: str) -> None:
    """"6 choices, one or several:" before every purchase list (16 characters, Vertigo's
    most repeated header): said with the question's list the first time in a game; the
    same question's list said again at normal is "5 choices:", and ``choices`` (the whole
    list, as a new player asks it) says it again."""
    lines = _solo("vertigo", 2, 1, "1\n" * 11 + "00\n1\nchoices\n", lang=lang)
    firsts = [i for i, line in enumerate(lines) if line.endswith(several)]
    manage = next(i for i, line in enumerate(lines) if line.startswith(("Management,",
                                                                         "Gestion,")))
    assert firsts and firsts[0] < manage  # taught at the setup
    assert lines[lines.index(short, manage) - 1] in ("Which region?", "Quelle région ?")
    assert any(i > manage for i in firsts)  # choices: the whole list says it again


def test_a_save_is_said_by_its_name_and_its_folder_stays_findable(tmp_path) -> None:
    """"Game saved to /home/.../a11y_games/saves/last.json." was read aloud at every save
    and quit: now the save's name, as typed to load it; ``saves`` ends with the folder,
    and ``full`` says the file."""
    saves = tmp_path / "data" / "a11y_games" / "saves"
    lines = _solo("pnue", 5, 1, "1\nsave mine\nsaves\n")
    assert "Game saved: mine." in lines and lines[-2:] == ["Game saved: last.", "Goodbye."]
    assert not any(str(saves) in line for line in lines if line.startswith("Game saved"))
    assert f"Saves folder: {saves}." in lines
    french = _solo("pnue", 5, 1, "1\nsauver\n", lang="fr")
    assert french.count("Partie sauvegardée : derniere.") == 2  # sauver, then the end
    full = _solo("pnue", 5, 1, "save mine\n", verbosity=Verbosity.FULL)
    assert f"Game saved: mine, file {saves / 'mine.json'}." in full


class _AnyKey:
    """Types a random choice's key whenever Ana is asked; Enter otherwise; ends at the end."""

    interactive = False

    def __init__(self, seed: int) -> None:
        import random

        self.rng = random.Random(seed)
        self.client: Client | None = None

    def read(self, prompt: str) -> str:
        client = self.client
        assert client is not None
        if client.ended:
            raise EOFError
        mine = client._my_turn()
        if mine is None:
            return ""
        return self.rng.choice([k for k, _, _ in client.keyed_choices(mine[0]) if k != "0"])


def _to_the_end(game: str, players: int, seed: int) -> list[str]:
    spec = get_spec(game)
    match = Match(spec, spec.settings(players, seed), [SeatSpec("human", "Ana")] + [
        SeatSpec("bot", level="random", name_index=i) for i in range(1, players)])
    out, reader = io.StringIO(), _AnyKey(seed)
    reader.client = Client(match, reader=reader, writer=Writer(out))
    reader.client.run()
    assert match.state.outcome() is not None
    return out.getvalue().splitlines()


def test_utopia_the_winner_is_said_once() -> None:
    """"Won by Raphael, 58 points." then "Game over." "Winner: Raphael.": once."""
    lines = _to_the_end("utopia", 3, 2)
    won = next(line for line in lines if line.startswith("Won by "))
    name = won[len("Won by "):].split(",")[0]
    assert "Game over." in lines
    assert f"Winner: {name}." not in lines
    assert f"{name} 58" in lines[lines.index(won) + 1]  # the final scores still follow


def test_a_ranking_that_names_the_first_does_not_hide_the_winner_line() -> None:
    """Vertigo's "1. Smog: 0 factories." ranks; it does not say who won: "Winner: Smog." stays."""
    lines = _to_the_end("vertigo", 2, 3)
    assert "1. Smog: 0 factories." in lines and "Winner: Smog." in lines


def test_whose_at_a_vote_says_it_is_your_turn_and_who_else_is_awaited() -> None:
    """Asked with others (a vote), whose said "Waiting for 2 players: Ana, Bo." to Ana:
    now her own question first, then only the others."""
    lines = _hot_seat("pnue", 5, 1, "\nwhose\n1\n" + "\nwhose\n1\n" * 5)
    asked = lines.index("Your turn: Approve Bo, with you as President?")
    assert lines[asked + 1] == "Also waiting for Bo."
    assert not any(line.startswith("Waiting for") and "Ana" in line for line in lines)
    french = _hot_seat("pnue", 5, 1, "\nqui\n1\n" + "\nqui\n1\n" * 5, lang="fr")
    assert "On attend aussi Bo." in french


def test_a_game_opened_over_does_not_invite_to_type_choices() -> None:
    """A finished game (loaded, or met again at a table) has nothing to choose: its
    opening lines leave out "Type choices for what you can do."; a game in play says it."""
    spec = get_spec("pnue")

    def opening(finished: bool) -> list[str]:
        match = Match(spec, spec.settings(5, 3), [SeatSpec("human", "Ana"), *(
            SeatSpec("bot", level="normal", name_index=i) for i in range(1, 5))])
        while finished and (pending := match.state.pending()) is not None:
            seat = pending.seats[0]
            match.act(seat, match.state.legal_actions(seat)[0] if seat == 0
                      else match.bot_choice(seat))
        out = io.StringIO()
        Client(match, reader=PlainReader(io.StringIO("quit\nyes\n")), writer=Writer(out),
               lang="en").run()
        return out.getvalue().splitlines()

    assert "Type choices for what you can do." not in opening(True)
    assert "Type choices for what you can do." in opening(False)


@pytest.mark.parametrize(("lang", "short", "whole"), [
    ("en", "Approve them?", "Your turn: Approve Thiago, with you as President?"),
    ("fr", "Les approuver ?", "À vous : Approuver Thiago, avec vous à la présidence ?")])
def test_a_vote_asked_just_after_its_nomination_names_nobody_again(
        lang: str, short: str, whole: str) -> None:
    """"Ingrid nominates Priya." then "Your turn: Approve Ingrid and Priya?" said the pair
    twice in two lines: the vote asked just after the nomination is "Approve them?"; Enter
    (and ``choices``) says it whole, names and all."""
    lines = _solo("pnue", 5, 1, "1\n\n", lang=lang)
    named = next(i for i, line in enumerate(lines) if line.endswith(("nominate Thiago.",
                                                                     "proposez Thiago.")))
    assert lines[named + 1] == short
    assert whole in lines[named + 2:]


@pytest.mark.parametrize(("lang", "short", "whole"), [
    ("en", "Your vote on Law 3?", "Your vote on Law 3, moratorium?"),
    ("fr", "Votre vote : loi 3 ?", "Votre vote : Loi 3, moratoire ?")])
def test_a_vertigo_vote_says_the_law_by_its_number_after_its_proposal(
        lang: str, short: str, whole: str) -> None:
    """"Gaia proposes Law 3, moratorium." then "Your vote on Law 3?": the law's name is
    not said again in the question first asked (16 characters a vote); the question kept
    for Enter and ``choices`` names it; at a shared keyboard it is said whole."""
    from a11y_games.i18n import Translator
    from a11y_games.ui.asking import said_prompt
    from tests.vertigo.test_rules_laws import law_game

    state = law_game(3, (1, 1, 1))
    state.apply(state.order[0], "law:3")
    pending = state.pending()
    assert pending is not None
    tr = Translator(lang)
    assert tr.render(said_prompt(pending.prompt, 1)) == short
    assert tr.render(said_prompt(pending.prompt, 2)) == tr.render(pending.prompt) == whole


def test_a_short_list_heard_whole_before_is_said_on_one_line_every_entry_in_it() -> None:
    """The third vote's "3 choices:", "1. Yes", "2. No", "3. Make a public claim": heard
    whole before, every entry the same, it is one line without its header ("1. Yes; 2.
    No; 3. Make a public claim."), every number and label still said; a list not heard
    before, and ``choices``, are said an entry a line with their header."""
    lines = _solo("pnue", 5, 1, "1\n" * 5 + "choices\n")  # 5: nominate ... 2nd vote
    votes = [i for i, line in enumerate(lines) if line.endswith("Approve them?")]
    assert lines[votes[1] + 1:votes[1] + 5] == [
        "3 choices:", "1. Yes", "2. No", "3. Make a public claim"]  # first heard: whole
    assert lines[votes[2] + 1] == "1. Yes; 2. No; 3. Make a public claim."
    asked = lines.index("Your turn: Approve Ingrid and Haruto?", votes[2])  # choices: whole
    assert lines[asked + 1:asked + 5] == [
        "3 choices:", "1. Yes", "2. No", "3. Make a public claim"]
    assert Translator("fr").render(Msg("core.choices.inline", items="1. Oui ; 2. Non")) \
        == "1. Oui ; 2. Non."


def test_at_a_shared_keyboard_each_player_hears_one_or_several_once() -> None:
    """"One or several" is taught to each player: Bo hearing it does not teach Ana."""
    lines = _hot_seat("vertigo", 2, 1, "\n1\n1\n00\n00\n\n1\n1\n")
    ana = lines.index("Ana, press Enter when ready.")
    assert "5 choices, one or several:" in lines[:ana]  # Bo's purchase
    assert "5 choices, one or several:" in lines[ana:]  # Ana's, not "5 choices:"
