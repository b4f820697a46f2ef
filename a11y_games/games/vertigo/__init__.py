"""Vertigo (Eurogames, 1990): run a country, build factories, keep the planet alive."""

from __future__ import annotations

from a11y_games.engine import Msg
from a11y_games.engine.bots import RandomBot
from a11y_games.engine.search import strong_factory
from a11y_games.engine.spec import GameSpec
from a11y_games.games.vertigo import data, worlds
from a11y_games.games.vertigo.bots import NormalBot
from a11y_games.games.vertigo.cues import CUES
from a11y_games.games.vertigo.kinds import KINDS
from a11y_games.games.vertigo.state import VertigoState
from a11y_games.games.vertigo.terms import TERMS

__all__ = ["SPEC", "VertigoState"]

SPEC = GameSpec(
    name="vertigo",
    title=Msg("vertigo.title"),
    summary=Msg("vertigo.summary"),
    tagline=Msg("vertigo.tagline"),
    min_players=data.MIN_PLAYERS,
    max_players=data.MAX_PLAYERS,
    default_players=4,
    new_state=VertigoState,
    bots={"random": RandomBot, "normal": NormalBot, "strong": strong_factory(worlds)},
    cues=CUES,
    worlds=worlds,
    kinds=KINDS,
    terms=TERMS,
    bot_names=tuple(Msg(f"vertigo.bot.{name}") for name in
                    ("gaia", "smog", "kyoto", "rio", "delta", "nimbus")),
    aliases=("vg",),
    rules_version=3,  # 2: votes split one diplomat at a time; done in every setup menu
    # 3: what and where in two choices ("step:build+kind:clean", "region:0+province:2")
)
