"""A scripted player reading the screen: which keys the last question offers.

The client numbers a menu's choices stably (gaps where choices went, ``0`` for back,
``00`` to finish) and, at normal verbosity, does not read again a list just heard ("The
same 3 choices.") or reads only what changed. A script follows the lines as a player
would: it keeps the keys of the last list, adds the new ones, and after a refusal asks
``choices`` for the whole list again.
"""

from __future__ import annotations

import io
import random
import re
from typing import Any

FULL = re.compile(r"^\d+ (?:choices?|choix)(?:\.| ?:|, )")  # ", one or several:"
CHANGED = re.compile(r"^\d+ (?:choices?|choix) ?; ")
CHANGED_ONE = re.compile(r"^\d+ (?:choices?|choix) ?; (?:le )?(\d+) (?:is now|est maintenant) ")
KEPT = re.compile(r"^(?:The same \d+ choices?|Les? (?:\d+ )?mêmes? choix|\d+ (?:choices?|choix) "
                  r"(?:left|restants?))")
ITEM = re.compile(r"^(\d+)\. ")
INLINE = re.compile(r"^\d+\. .*? ?; \d+\. ")  # "1. Yes; 2. No; 3. Abstain.": a whole list
REFUSED = re.compile(r"^(?:No choice \S+ here|Pas de choix \S+ ici)")


class Answerer:
    """Feed it every line shown; ``answer()`` gives the line to type when a question waits."""

    def __init__(self, seed: int = 1, *, first: bool = False) -> None:
        self.rng = random.Random(seed)
        self.first = first
        self.keys: list[str] = []
        self.collecting = False
        self.waiting = False
        self.refused = False

    def feed(self, line: str) -> None:
        item = ITEM.match(line)
        if item and self.collecting:
            if item.group(1) not in self.keys:
                self.keys.append(item.group(1))
            return
        self.collecting = False
        if INLINE.match(line):
            self.keys = re.findall(r"(?:^|; )(\d+)\. ", line)
            self.waiting = True
        elif FULL.match(line):
            self.keys, self.collecting, self.waiting = [], True, True
        elif one := CHANGED_ONE.match(line):  # "6 choices; 1 is now Right F, 5 $."
            self.waiting = True
            if one.group(1) not in self.keys:
                self.keys.append(one.group(1))
        elif CHANGED.match(line):
            self.collecting, self.waiting = True, True
        elif KEPT.match(line):
            self.waiting = True
        elif REFUSED.match(line):
            self.refused = True

    def answer(self) -> str | None:
        """The key to type (or ``choices`` after a refusal), or None if nothing is asked."""
        if self.refused:
            self.refused = False
            self.waiting = False
            return "choices"
        if not self.waiting or (self.collecting and not self.keys):
            return None  # nothing asked, or its list is still coming
        self.waiting = False
        if not self.keys:  # "The same 2 choices." heard before this script began to read
            return "choices"
        return self.keys[0] if self.first else self.rng.choice(self.keys)


def run_scripted(spec: Any, seed: int, players: int, reader: Any, *, out: io.StringIO | None = None,
                 **options: Any) -> tuple[Any, Any, list[str]]:
    """Ana, a human at seat 0, against normal bots; ``reader`` (given ``.client``) types her
    answers until it raises EOFError. The match, the client and the lines written."""
    from a11y_games.engine.match import Match, SeatSpec
    from a11y_games.ui.client import Client
    from a11y_games.ui.terminal import Writer

    match = Match(spec, spec.settings(players, seed), [SeatSpec("human", "Ana")] + [
        SeatSpec("bot", level="normal", name_index=i) for i in range(1, players)])
    out = out if out is not None else io.StringIO()
    client = Client(match, reader=reader, writer=Writer(out), lang="en", **options)
    reader.client = client
    client.run()
    return match, client, out.getvalue().splitlines()
