"""Less to hear: a round of planning in a sentence per player, the characters in one, a
water rise in one; every fact of those sentences is in the full details."""

from __future__ import annotations

import pytest

from a11y_games.engine import Msg, Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.games.vanuatu import SPEC
from a11y_games.games.vanuatu.kinds import KINDS
from a11y_games.i18n import Translator
from tests.answering import run_scripted


def _games(players: int = 4, seeds: range = range(3)) -> list[Match]:
    out = []
    for seed in seeds:
        match = Match(SPEC, SPEC.settings(players, 90 + seed),
                      [SeatSpec("bot", level="normal", name_index=i) for i in range(players)])
        play_out(match)
        out.append(match)
    return out


def _spaces(said: Msg) -> list[Msg]:
    """The action spaces said together ("Sail, Fish and Rest")."""
    if said.id == "vanuatu.and":
        return [*said.params["first"], said.params["last"]]
    return [said]


def _key(msg: object) -> object:
    return getattr(msg, "id", msg), tuple(sorted(
        (k, _key(v)) for k, v in getattr(msg, "params", {}).items()))


@pytest.mark.timeout(180)
def test_condensed_lines_keep_every_fact_in_the_full_details() -> None:
    checked = {"planning": 0, "pass": 0, "characters": 0, "water": 0, "after": 0}
    for match in _games():
        events = match.events
        placed: dict[tuple[int, str], int] = {}  # (seat, action) -> markers, this round
        this_pass: dict[int, dict[str, int]] = {}  # seat -> its markers of this pass
        passes: list[tuple[int, set[str]]] = []  # the round's passes in order: who, where
        taken: dict[int, object] = {}
        levels: dict[tuple[str, object], int] = {}  # (island, water) said in full
        for e in events:
            msg = e.msg
            if msg.id == "vanuatu.round.start":
                placed, taken, passes = {}, {}, []
            elif msg.id == "vanuatu.plan.placed":
                seat = msg.params["player"].seat  # a detail: the pass is said in a sentence
                assert (e.level, e.visible_to) == (Verbosity.FULL, None)
                placed[seat, msg.params["action"].id] = msg.params["count"]
                this_pass.setdefault(seat, {})[msg.params["action"].id] = msg.params["count"]
            elif msg.id == "vanuatu.plan.pass":  # to its player, every marker of the pass
                seat = msg.params["player"].seat
                assert (e.level, e.visible_to) == (Verbosity.BRIEF, frozenset({seat}))
                said = {a.id: m.params["number"] for m in msg.params["actions"]
                        for a in _spaces(m.params["action"])}
                assert said == this_pass.pop(seat)
                passes.append((seat, set(said)))
                checked["pass"] += 1
            elif msg.id == "vanuatu.plan.seat":
                # each player's whole plan: to spectators; a detail to the players, who
                # heard the stacks in their questions' lists, then what came after them
                assert (e.level, e.visible_to, e.spectators) in (
                    (Verbosity.FULL, frozenset(range(len(match.seats))), False),
                    (Verbosity.NORMAL, frozenset(), True))
                seat = msg.params["player"].seat
                said = {a.id: m.params["number"] for m in msg.params["actions"]
                        for a in _spaces(m.params["action"])}
                assert said == {a: k for (s, a), k in placed.items() if s == seat}
                checked["planning"] += 1
            elif msg.id == "vanuatu.plan.pass_by":  # to the others, as it comes (issue 27)
                seat = msg.params["player"].seat
                assert (e.level, e.visible_to, e.spectators) == (
                    Verbosity.NORMAL, frozenset(range(len(match.seats))) - {seat}, True)
                said = {a.id: m.params["number"] for m in msg.params["actions"]
                        for a in _spaces(m.params["action"])}
                assert passes[-1] == (seat, set(said))  # right after the pass it says
                checked["after"] += 1
            elif msg.id == "vanuatu.character.taken":
                assert e.level == Verbosity.FULL
                taken[msg.params["player"].seat] = msg.params["character"]
            elif msg.id == "vanuatu.character.all":
                said = {m.params["player"].seat: m.params["character"]
                        for m in msg.params["players"]}
                assert said == taken
                checked["characters"] += 1
        for i, e in enumerate(events):
            if e.msg.id not in ("vanuatu.water.risen", "vanuatu.water.rises"):
                continue
            assert e.level == Verbosity.BRIEF
            if e.msg.id == "vanuatu.water.rises":  # "The water rises!" before: a detail
                assert events[i - 1].msg.id == "vanuatu.water.now"
                assert events[i - 1].level == Verbosity.FULL
            rest = events[i + 1:]
            levels = {}
            island = None
            for d in rest:
                if d.msg.id == "vanuatu.water.flood":
                    assert d.level == Verbosity.FULL
                    island = d.msg.params["island"]
                elif d.msg.id == "vanuatu.water.level":
                    levels[_key(island)] = d.msg.params["water"]
                elif d.msg.id not in ("vanuatu.water.safe", "vanuatu.water.submerged",
                                      "vanuatu.water.huts_lost"):
                    break
            said = {_key(m.params["island"]): m.params["water"] for m in e.msg.params["islands"]}
            assert said == levels
            checked["water"] += 1
    assert all(checked.values()), checked


CONDENSED = {  # a sentence at normal -> its details at full, right after it
    "vanuatu.ship.sails_with": ("vanuatu.ship.sails", "vanuatu.ship.cargo"),
    "vanuatu.ship.new": ("vanuatu.ship.arrives", "vanuatu.ship.wants"),
    "vanuatu.fish.caught_worth": ("vanuatu.fish.caught", "vanuatu.fish.value"),
    "vanuatu.dive.found_worth": ("vanuatu.dive.found", "vanuatu.dive.value"),
    "vanuatu.export.shipped": ("vanuatu.export.bought", "vanuatu.cost",
                               "vanuatu.export.loaded"),  # the price: a detail already
    "vanuatu.tourist.brought_earned": ("vanuatu.tourist.brought", "vanuatu.tourist.earned"),
}


@pytest.mark.timeout(180)
def test_a_forced_give_up_is_said_to_its_player_and_a_detail_to_the_others() -> None:
    """A stack given up as the seat's only answer (no majority, nothing to sell first)
    decides nothing: its player hears it, the others have it at full; a give-up chosen
    among other answers is said to all."""
    from a11y_games.engine.search import copy_state

    checked = {"forced": 0, "chosen": 0}
    for seed in range(3):
        match = Match(SPEC, SPEC.settings(4, 90 + seed),
                      [SeatSpec("bot", level="normal", name_index=i) for i in range(4)])
        while (pending := match.state.pending()) is not None:
            seat = pending.seats[0]
            action = match.bot_choice(seat)
            if action.startswith("drop:"):
                before = copy_state(match.state)
                forced = before.legal_actions(seat) == [action]
                start = len(match.events)
                match.act(seat, action)
                said = [e for e in match.events[start:] if e.msg.id == "vanuatu.turn.dropped"]
                everyone = frozenset(range(4))
                if forced:
                    assert {(e.level, e.visible_to) for e in said} == {
                        (Verbosity.FULL, everyone - {seat}),
                        (Verbosity.NORMAL, frozenset({seat}))}
                else:
                    assert [(e.level, e.visible_to) for e in said] == [(Verbosity.NORMAL, None)]
                checked["forced" if forced else "chosen"] += 1
            else:
                match.act(seat, action)
    assert checked["forced"], checked


@pytest.mark.timeout(180)
def test_ships_hauls_and_exports_in_one_sentence_keep_their_facts_in_the_full_details(
        ) -> None:
    checked = dict.fromkeys(CONDENSED, 0)
    for match in _games():
        events = match.events
        for i, e in enumerate(events):
            if e.msg.id not in CONDENSED:
                continue
            assert e.level == Verbosity.NORMAL
            details = events[i + 1:i + 1 + len(CONDENSED[e.msg.id])]
            assert [d.msg.id for d in details] == list(CONDENSED[e.msg.id])
            assert all(d.level == Verbosity.FULL and d.visible_to == e.visible_to
                       and d.cause == e.cause for d in details)
            facts = {k: _key(v) for d in details for k, v in d.msg.params.items()
                     if k != "cost"}
            if "worth" in e.msg.params:  # a haul's worth
                facts["worth"] = facts.pop("count")
            said = {k: _key(v) for k, v in e.msg.params.items()}
            assert said.items() <= facts.items()  # every fact said is in the details
            checked[e.msg.id] += 1
    assert all(checked.values()), checked


@pytest.mark.timeout(120)
def test_normal_verbosity_hears_far_less_than_full() -> None:
    match = _games(seeds=range(1))[0]
    tr = Translator("en")
    heard = {level: sum(len(tr.render(e.msg)) for e in match.events
                        if e.visible(0) and e.level <= level)
             for level in (Verbosity.NORMAL, Verbosity.FULL)}
    assert heard[Verbosity.NORMAL] * 2 < heard[Verbosity.FULL], heard


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_kind_has_its_word_in_both_languages(lang: str) -> None:
    tr = Translator(lang)
    for kind in set(KINDS.values()):
        word = tr.text(f"vanuatu.kind.{kind}")
        assert word != f"vanuatu.kind.{kind}" and " " not in word
    assert SPEC.kinds is KINDS
    assert all(k.startswith("vanuatu.") for k in KINDS)


class _PlanTwice:
    """A player who takes the first character offered, then types one space's number twice
    on one line at the first planning question ("2 2"), then stops."""

    interactive = False

    def __init__(self) -> None:
        self.client: object = None
        self.typed: list[str] = []

    def read(self, prompt: str) -> str:
        client = self.client
        state = client.match.state  # type: ignore[attr-defined]
        if state.step[0] == "character":
            self.typed.append("1")
        elif state.step[0] == "plan" and not any(" " in t for t in self.typed):
            action = state.legal_actions(0)[0]
            key = client.choice_number(0, action)  # type: ignore[attr-defined]
            self.typed.append(f"{key} {key}")
        else:
            raise EOFError
        return self.typed[-1]


@pytest.mark.timeout(60)
def test_a_planning_pass_takes_both_markers_on_one_line() -> None:
    match, _, lines = run_scripted(SPEC, 5, 4, _PlanTwice())
    assert "Place 2 markers: 2 numbers." in "\n".join(lines)
    mine = [a for s, a in match.log if s == 0 and a.startswith("plan:")]
    assert len(mine) == 2 and mine[0] == mine[1]  # one line, two markers on one space
    said = [line for line in lines if line.startswith("You: ") and " on " in line]
    assert len(said) == 1 and said[0].startswith("You: 2 on ")  # the pass in one sentence


@pytest.mark.timeout(180)
def test_a_rest_token_is_said_to_its_player_once_at_normal() -> None:
    """A player hears their own token when drawing it: "Ana rests." just before,
    and its reveal at the round's end, are details to them (full), said to the others at
    normal (the first player's token at full: the next round's line names the first
    player, the final scoring its points)."""
    checked = 0
    for match in _games():
        drawn: dict[int, object] = {}
        everyone = frozenset(range(len(match.seats)))
        for i, e in enumerate(match.events):
            if e.msg.id == "vanuatu.rest.taken" and match.events[i - 1].msg != e.msg:
                seat = e.msg.params["player"].seat
                pair = {(d.level, d.visible_to) for d in match.events[i:i + 2]}
                assert pair == {(Verbosity.NORMAL, everyone - {seat}),
                                (Verbosity.FULL, frozenset({seat}))}
                assert match.events[i + 2].msg.id == "vanuatu.rest.yours"
                assert match.events[i + 2].visible_to == frozenset({seat})
            elif e.msg.id == "vanuatu.rest.yours":
                (seat,) = e.visible_to or ()
                assert e.level == Verbosity.NORMAL
                drawn[seat] = _key(e.msg.params["token"])
            elif e.msg.id == "vanuatu.rest.reveal":
                seat = e.msg.params["player"].seat
                assert drawn.get(seat) == _key(e.msg.params["token"])
                first = e.msg.params["token"].id == "vanuatu.rest.first"
                assert (e.level, e.visible_to) in ((Verbosity.FULL, frozenset({seat})), (
                    Verbosity.FULL if first else Verbosity.NORMAL, everyone - {seat}))
                if first:  # said by the next round's line, or by the final scoring
                    said = next(d.msg for d in match.events[i:] if d.msg.id in (
                        "vanuatu.round.header", "vanuatu.end.first"))
                    assert said.params["player"].seat == seat
                checked += 1
    assert checked


class _PlanAgain(_PlanTwice):
    """Types one space's number twice at the first pass, then at the second pass notes
    each choice's key and stops."""

    def __init__(self, out: object) -> None:
        super().__init__()
        self.out = out
        self.heard = ""
        self.keys: dict[str, str] = {}
        self.first: set[str] = set()

    def read(self, prompt: str) -> str:
        planned = any(" " in t for t in self.typed)
        if self.client.match.state.step[0] == "plan" and not planned:  # type: ignore
            self.first = {a for _, a, _ in self.client.keyed_choices(0)}  # type: ignore
        if planned and self.client.match.state.step[0] == "plan":  # type: ignore
            self.heard = self.out.getvalue()  # type: ignore[attr-defined]
            self.keys = {k: a for k, a, _ in self.client.keyed_choices(0)}  # type: ignore
            raise EOFError
        return super().read(prompt)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("seed", [5, 6, 7])
def test_a_planning_pass_asked_again_after_the_others_placed_is_said_whole(seed: int) -> None:
    """The others placed markers since Ana heard the list: the list asked again is said
    whole, every entry with its number (issue 27: a new player asked `choices` after "6
    choices; changed: ..." nearly every time)."""
    import io
    import re

    out = io.StringIO()
    reader = _PlanAgain(out)
    run_scripted(SPEC, seed, 4, reader, out=out)
    lines = reader.heard.splitlines()
    start = max(i for i, line in enumerate(lines) if "choices" in line)
    said = {m.group(1) for line in lines[start + 1:] if (m := re.match(r"(\d+)\. ", line))}
    assert said == set(reader.keys)
    assert "changed" not in lines[start] and "gone" not in lines[start]


@pytest.mark.timeout(180)
def test_the_end_scoring_in_one_sentence_a_player_keeps_every_fact_in_the_details() -> None:
    """"Ana: 1 PP from vatu, 24 PP from huts and 5 PP lost to water.": each part is the sum
    of that player's steps at full (each hut, each penalty with its island and water)."""
    details = {"vanuatu.end.vatu": "vatu", "vanuatu.end.treasure": "treasures",
               "vanuatu.end.hut": "huts", "vanuatu.end.penalty": "water"}
    checked = 0
    for match in _games():
        summed: dict[int, dict[str, int]] = {}
        for e in match.events:
            if e.msg.id in details:
                assert e.level == Verbosity.FULL
                part = summed.setdefault(e.msg.params["player"].seat, {})
                kind = details[e.msg.id]
                part[kind] = part.get(kind, 0) + e.msg.params["count"]
            elif e.msg.id in ("vanuatu.end.scored", "vanuatu.end.scored_water"):
                assert e.level == Verbosity.NORMAL and e.visible_to is None
                said = e.msg.params["parts"]
                items = _spaces(said)
                parts = {m.id.rsplit("_", 1)[1]: m.params["count"] for m in items}
                seat = e.msg.params["player"].seat
                assert parts == summed.get(seat)
                assert (e.msg.id == "vanuatu.end.scored_water") == ("water" in parts)
                checked += 1
        assert all(seat in [e.msg.params["player"].seat for e in match.events
                            if e.msg.id.startswith("vanuatu.end.scored")] for seat in summed)
    assert checked


@pytest.mark.timeout(180)
def test_a_tile_is_said_once_to_its_placer_at_every_level_and_its_question_is_short() -> None:
    """"Tile: sea. Fish 2, treasures 1." is said to the player who places it even at
    brief, and the question then says only "Place the sea." ("Place Tanna."), unless two
    seas were drawn (which one is said); the others hear the tile at normal."""
    tr = Translator("en")
    checked = {"sea": 0, "island": 0}
    for match in _games():
        state = Match(SPEC, match.settings, [SeatSpec("bot", level="normal", name_index=i)
                                             for i in range(len(match.seats))])
        for seat, action in match.log:
            pending = state.state.pending()
            if state.state.step[0] == "tile":
                placer = pending.seats[0]
                revealed = state.state.revealed
                said = [e for e in state.events if e.msg.id in (
                    "vanuatu.tile.sea", "vanuatu.tile.island")][-2 * len(revealed):]
                assert all(e.visible_to == frozenset({placer}) and e.level == Verbosity.BRIEF
                           for e in said[1::2])  # each tile: the others' line, then its own
                assert all(placer not in e.visible_to and e.level == Verbosity.NORMAL
                           for e in said[0::2])
                asked = tr.render(pending.prompt)
                seas = sum(1 for t in revealed if not hasattr(t, "huts"))
                if hasattr(revealed[0], "huts"):
                    assert asked == f"Place {revealed[0].name}."
                    checked["island"] += 1
                elif seas == 1:
                    assert asked == "Place the sea."
                    checked["sea"] += 1
            state.act(seat, action)
    assert all(checked.values()), checked


def test_a_player_hears_the_others_markers_between_their_own_passes() -> None:
    """Issue 27: the bots' placements were not announced between the player's; only the
    list of the next question changed. Each other pass is said to the player (and to
    spectators) as it ends, at normal verbosity."""
    checked = 0
    for match in _games(players=3, seeds=range(2)):
        heard = [e for e in match.events if e.visible(0) and e.level <= Verbosity.NORMAL]
        passes = [e for e in match.events if e.msg.id == "vanuatu.plan.pass"]
        told = [e.msg.params["player"].seat for e in heard
                if e.msg.id in ("vanuatu.plan.pass", "vanuatu.plan.pass_by")]
        assert told == [e.msg.params["player"].seat for e in passes]  # every pass, in order
        spectator = [e for e in match.events if e.visible(None)
                     and e.msg.id == "vanuatu.plan.pass_by"]
        assert len(spectator) == len(passes)
        checked += len(told)
    assert checked > 50


def test_anothers_pass_is_said_as_shortly_as_ones_own() -> None:
    """Another player's pass is said as the player's own is ("Ambae: 2 on Build, 1 on
    Rest." beside "You: 2 on Build."), not "Ambae now has 2 on Build, 1 on Rest.": the
    same facts (their markers on the spaces of that pass), 8 characters fewer a pass heard,
    nine passes a round at 4 players; in French too."""
    match = _games(players=3, seeds=range(1))[0]
    by = next(e for e in match.events if e.msg.id == "vanuatu.plan.pass_by")
    listener = min(set(range(3)) - {by.msg.params["player"].seat})
    for lang, colon in (("en", ":"), ("fr", " :")):
        tr = Translator(lang).for_seat(listener)
        said = tr.render(by.msg)
        placed = tr.render(Msg("vanuatu.plan.seat", player=by.msg.params["player"],
                               actions=by.msg.params["actions"]))  # "Ambae: 2 on Build."
        assert said == placed and f"{colon} " in said, said
        assert not {"now", "maintenant"} & set(said.split()), said
