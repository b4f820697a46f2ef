"""One interactive client in a real terminal (tmux), joined to a table held by a server:
the prompt works remotely, and what others do is said while the player waits."""

from __future__ import annotations

import itertools
import re
import threading
import time
from pathlib import Path

import pytest

from tests.answering import Answerer
from tests.e2e.tmuxdriver import TmuxPlayer, tmux_available
from tests.net.clients import Player, Server, private_env
from tests.net.test_remote_play import create_table, play

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(200),
              pytest.mark.skipif(not tmux_available(), reason="tmux or the client missing")]


def _server_ana_and_bo(tmp_path: Path, *server_args: str) -> tuple[Server, Player, TmuxPlayer]:
    """A server, Ana scripted, and Bo in a real terminal connected to it (speech off)."""
    server = Server(tmp_path / "db", tmp_path / "server-home", *server_args).start()
    ana = Player(server.url, tmp_path / "ana", "Ana")
    env = {k: v for k, v in private_env(tmp_path / "bo").items()
           if k in ("SPEECHD_CMD", "NO_SOUND", "HOME")}
    bo = TmuxPlayer(tmp_path / "bo", ["connect", server.url.removeprefix("ws://"),
                                      "--name", "Bo", "--speech", "off"], env=env)
    return server, ana, bo


def test_an_interactive_client_plays_a_network_game_in_a_terminal(tmp_path: Path) -> None:
    server, ana, bo = _server_ana_and_bo(tmp_path)
    try:
        create_table(ana, game="pnue", players=5, bots=3)
        bo.wait_for(lambda lines: any(line.startswith("Lobby>") for line in lines))
        bo.type("1")
        bo.wait_for(lambda lines: any("Which table" in line for line in lines))
        bo.type("1")
        bo.wait_for(lambda lines: any("starts the game when ready" in line for line in lines))
        ana.expect(r"Bo sits at the table\.")
        ana.send("start")
        helper = threading.Thread(target=play, args=({"Ana": (ana, "en")}, 3),
                                  kwargs={"until": 150}, daemon=True)
        helper.start()
        reader = Answerer(4)
        deadline = time.monotonic() + 150
        lines: list[str] = []
        read = 0
        answered = 0
        while not any(line.startswith("Game over.") for line in lines):
            assert time.monotonic() < deadline, "\n".join(bo.screen()[-40:])
            lines = bo.wait_prompt(lines, timeout=60)
            for line in lines[read:]:
                reader.feed(line)
            read = len(lines)
            prompt = lines[-1] if lines else ""
            if prompt.startswith(("Bo: ", "Bo>")):  # asked: Bo is in the prompt
                bo.type(reader.answer() or "")
                answered += 1
            elif re.match(r"Race|Press Enter", prompt):
                bo.type("")
        screen = bo.screen()
        assert answered >= 2
        # while Bo waited at his prompt, the others' moves were said below it
        waits = [i for i, line in enumerate(screen) if line.startswith("Waiting>")]
        assert waits and any(re.search(r"nominates|enacts|draws", line)
                             for line in screen[waits[0] + 1:])
        # "Waiting>" is shown once a wait, after Bo's own line: the prompt shown again
        # after the others' moves is blank, and news that says nothing shows none
        typed = sum(1 for line in screen if re.match(r"(Bo|Number|Lobby)>", line))
        assert len(waits) <= typed + 1, (len(waits), typed)
        assert "Traceback" not in "\n".join(screen)
        bo.type("quit")  # the game over: back to the lobby at once, then leave it
        bo.wait_for(lambda lines: any(line.startswith("Back at the lobby") for line in lines))
        bo.wait_for(lambda lines: lines[-1].startswith("Lobby>"))
        bo.type("5")
        bo.wait_for(lambda lines: any(line.startswith("Goodbye") for line in lines), 20)
        helper.join(30)
    finally:
        bo.close()
        ana.kill()
        server.kill()


def _bo_votes_first(ana: Player, bo: TmuxPlayer) -> None:
    """PNUE at 5 (seed 7): Bo joins Ana's table, the first vote opens, Bo votes; Ana (a
    script) has not voted yet."""
    create_table(ana, game="pnue", players=5, bots=3)
    bo.wait_for(lambda lines: any(line.startswith("Lobby>") for line in lines))
    for answer, heard in (("1", "Which table"), ("1", "starts the game when ready")):
        bo.type(answer)
        bo.wait_for(lambda lines, heard=heard: any(heard in line for line in lines))
    ana.expect(r"Bo sits at the table\.")
    ana.send("start")
    ana.expect(r"^Turn 1: Priya is President\.")  # a bot nominates (seed 7): a vote
    bo.wait_for(lambda lines: any(line.startswith("Your turn: Approve") for line in lines))
    bo.type("1")
    bo.wait_for(lambda lines: any(line.startswith("Your vote") for line in lines))


def test_whose_while_another_person_is_asked_names_them_once(tmp_path: Path) -> None:
    """Bo has voted, Ana has not: Bo's `whose` says "Waiting for Ana." once, not twice
    (the server hides Ana's question behind the same words)."""
    server, ana, bo = _server_ana_and_bo(tmp_path, "--seed", "7")
    try:
        _bo_votes_first(ana, bo)
        lines = bo.settled()  # at "Waiting>", or at a blank prompt if news came after it
        # news that says nothing to Bo (Ana asked) shows no prompt again: a screen reader
        # would read "Waiting>" twice
        assert not any(a.startswith("Waiting>") and b.startswith("Waiting>")
                       for a, b in itertools.pairwise(lines)), lines[-6:]
        _, row, above = bo.cursor()
        assert row.startswith("Waiting>") or not above.startswith("Waiting>"), lines[-6:]
        bo.type("whose")
        lines = bo.wait_prompt(lines)
        typed = max(i for i, line in enumerate(lines) if line.endswith(("> whose", "whose")))
        said = lines[typed + 1:-1]
        assert said == ["Waiting for Ana."], said
    finally:
        bo.close()
        ana.kill()
        server.kill()


def test_news_while_bo_answers_leave_the_game_waits_for_his_answer(tmp_path: Path) -> None:
    """Bo has voted and types quit; Ana votes meanwhile: the question "Leave the game?"
    keeps its one "> " (news ended it and showed it again, twice in a row), and what Ana's
    vote brought is said once Bo answers no."""
    server, ana, bo = _server_ana_and_bo(tmp_path, "--seed", "7")
    try:
        _bo_votes_first(ana, bo)
        bo.settled()
        bo.type("quit")
        lines = bo.wait_for(lambda lines: bool(lines) and lines[-1] == ">"
                            and lines[-2].startswith("Type yes to leave"))
        asked = len(lines) - 1
        ana.send("1")  # Ana votes: the result, the next turn, to Bo's terminal
        ana.expect(r"^(Approved|Rejected): ")
        lines = bo.settled(quiet=1.5)
        assert lines[asked:] == [">"], lines[asked - 2:]
        bo.type("no")
        lines = bo.wait_for(lambda lines: any(line.startswith(("Approved", "Rejected"))
                                              for line in lines[asked:]))
        assert lines[asked:asked + 2] == ["> no", "The game goes on."], lines[asked:]
    finally:
        bo.close()
        ana.kill()
        server.kill()
