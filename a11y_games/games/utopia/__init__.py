"""Utopia (Matagot, 2007): welcome princes of five civilisations into the districts of a
city of four islands; monuments, wonders and the king's favour bring prestige; 50 ends it."""

from __future__ import annotations

from a11y_games.engine import Msg
from a11y_games.engine.bots import ForwardRandomBot
from a11y_games.engine.search import strong_factory
from a11y_games.engine.spec import GameSpec
from a11y_games.games.utopia import data, worlds
from a11y_games.games.utopia.bots import NormalBot
from a11y_games.games.utopia.cues import CUES
from a11y_games.games.utopia.kinds import KINDS
from a11y_games.games.utopia.state import UtopiaState
from a11y_games.games.utopia.terms import TERMS

__all__ = ["SPEC", "UtopiaState"]

SPEC = GameSpec(
    name="utopia",
    title=Msg("utopia.title"),
    summary=Msg("utopia.summary"),
    tagline=Msg("utopia.tagline"),
    min_players=data.MIN_PLAYERS,
    max_players=data.MAX_PLAYERS,
    default_players=data.DEFAULT_PLAYERS,
    new_state=UtopiaState,
    bots={"random": ForwardRandomBot, "normal": NormalBot, "strong": strong_factory(worlds)},
    cues=CUES,
    worlds=worlds,
    kinds=KINDS,
    terms=TERMS,
    bot_names=tuple(Msg(f"utopia.bot.{n}") for n in
                    ("thomas", "raphael", "hythloday", "ademus", "utopus", "giles")),
    aliases=("utopie",),
    rules_version=3,  # 2: guests drawn from the bag directly; forced passes not asked;
    # 3: the action's own cards pay unless a privilege is asked for (civp:); a phase 1
    # turn with nothing left to build ends unasked
)
