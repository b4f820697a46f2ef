"""How a game plugs into the client: its description, options, bots and state factory."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from a11y_games.engine.messages import Msg
from a11y_games.engine.state import GameState, Settings

__all__ = ["Bot", "BotFactory", "GameSpec", "Option", "OptionError"]


class Bot(Protocol):
    """A computer player. It sees only its seat's observation and the legal action ids."""

    def choose(self, observation: object, legal: list[str]) -> str: ...


BotFactory = Callable[[int, random.Random], Bot]
"""Makes a bot for a seat, with its own seeded random source."""


class OptionError(ValueError):
    """A variant option that does not exist or has a value it does not take."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg


@dataclass(frozen=True)
class Option:
    """A variant or setting of a game, chosen before it starts."""

    name: str
    label: Msg
    choices: tuple[str, ...]
    default: str
    choice_labels: Mapping[str, Msg] = field(default_factory=dict)
    when: Mapping[str, str] = field(default_factory=dict)
    """Asked only when these other options have these values (a variant's sub-question:
    ``{"crises": "on"}``); otherwise its default holds."""

    def offered(self, chosen: Mapping[str, str], options: Sequence[Option],
                players: int) -> list[str] | None:
        """The values to offer a player who set up a game with ``chosen`` so far, or None
        if the option is not asked: a variant's sub-question only when the variant is on
        (``options``: the game's, for their defaults); seat numbers only for seats that
        exist (1 to ``players``)."""
        for name, value in self.when.items():
            default = next((o.default for o in options if o.name == name), None)
            if chosen.get(name, default) != value:
                return None
        return [v for v in self.choices if not v.isdecimal() or 1 <= int(v) <= players]

    def value_label(self, value: str) -> Msg | str:
        """How a value is offered: its label, or "Seat 3" for a seat number (never a bare
        "3" after the choice's own number: "4. 3")."""
        if value in self.choice_labels:
            return self.choice_labels[value]
        return Msg("core.option.seat", number=int(value)) if value.isdecimal() else value


@dataclass(frozen=True)
class GameSpec:
    """Everything the client needs to know about a game, without knowing its rules."""

    name: str
    title: Msg
    summary: Msg
    min_players: int
    max_players: int
    default_players: int
    new_state: Callable[[Settings, random.Random], GameState]
    bots: Mapping[str, BotFactory]
    bot_names: tuple[Msg, ...]
    options: tuple[Option, ...] = ()
    aliases: tuple[str, ...] = ()
    worlds: object | None = None
    """The game's worlds module for the search (``engine.search.Worlds``): the world view a
    strong bot is given in place of ``observation(seat)``, sampling, evaluation, scores."""
    rules_version: int = 1
    """Raised whenever a change makes an old action log replay differently (another draw,
    other action ids): saves record it, and an older save is refused with a clear message
    instead of replaying into a different game."""
    cues: Mapping[str, str] = field(default_factory=dict)
    """Sound cues of the game's events: an event's message id (or ``id/param_id``, the id
    of a message among its parameters, as ``pnue.enact.done/pnue.tile.lob``) to a cue
    name (``round``, ``passed``, ``targeted``..., or a cue of the game's own)."""
    tagline: Msg | None = None
    """A few words for the launcher's game list ("hidden roles"): the list says each game's
    player count first and stays short; the summary is said once the game is chosen."""
    kinds: Mapping[str, str] = field(default_factory=dict)
    """Kinds of announcements a player can mute (``mute KIND``) and read back (``log KIND``):
    an event's message id, or an id prefix ending with ``.``, to a kind name (an English
    word; its label is the catalogue message ``<game>.kind.<name>``, whose text in French is
    the French word the player may type)."""
    terms: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The game's glossary: a term's name to the message ids in which it is heard (an id,
    or a prefix ending with ``.``; ids of messages among the parameters count too). The
    catalogue says it, ``<game>.term.<name>`` (the word as heard), and explains it in a
    few words, ``<game>.term.<name>.means`` (``explain WORD``; said once a game where the
    player first hears it)."""

    def settings(self, players: int, seed: int,
                 options: Mapping[str, str] | None = None) -> Settings:
        """Validated settings: defaults filled in, unknown options and values refused."""
        if not self.min_players <= players <= self.max_players:
            raise OptionError(Msg("core.error.players", game=self.title,
                                  low=self.min_players, high=self.max_players))
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        for name, value in given.items():
            if name not in known:
                raise OptionError(Msg("core.error.option_unknown", name=name,
                                      names=", ".join(known) or "-"))
            if value not in known[name].choices:
                raise OptionError(Msg("core.error.option_value", name=name, value=value,
                                      values=", ".join(known[name].choices)))
        full = {o.name: given.get(o.name, o.default) for o in self.options}
        return Settings(game=self.name, players=players, seed=seed, options=full)
