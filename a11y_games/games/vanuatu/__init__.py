"""Vanuatu (Alain Epron) with its expansion La montée des eaux: an archipelago by ear."""

from __future__ import annotations

from a11y_games.engine import Msg
from a11y_games.engine.bots import RandomBot
from a11y_games.engine.search import strong_factory
from a11y_games.engine.spec import GameSpec, Option
from a11y_games.games.vanuatu import data, worlds
from a11y_games.games.vanuatu.bots import NormalBot
from a11y_games.games.vanuatu.cues import CUES
from a11y_games.games.vanuatu.kinds import KINDS
from a11y_games.games.vanuatu.state import VanuatuState
from a11y_games.games.vanuatu.terms import TERMS

__all__ = ["SPEC"]

SPEC = GameSpec(
    name="vanuatu",
    title=Msg("vanuatu.title"),
    summary=Msg("vanuatu.summary"),
    tagline=Msg("vanuatu.tagline"),
    min_players=data.MIN_PLAYERS,
    max_players=data.MAX_PLAYERS,
    default_players=data.DEFAULT_PLAYERS,
    new_state=VanuatuState,
    bots={"random": RandomBot, "normal": NormalBot, "strong": strong_factory(worlds)},
    cues=CUES,
    worlds=worlds,
    kinds=KINDS,
    terms=TERMS,
    bot_names=tuple(Msg(f"vanuatu.bot.{n}") for n in (
        "ifira", "lenakel", "ambae", "erakor", "mele", "pango", "emua", "aore")),
    options=(
        Option("rising_waters", Msg("vanuatu.option.rising_waters"), ("on", "off"), "on",
               {"on": Msg("vanuatu.option.on"), "off": Msg("vanuatu.option.off")}),
    ),
    aliases=("vanuatu-rising-waters", "montee-des-eaux"),
    rules_version=2,  # 2: powers spent by choice (sail/act/export/tourist ids with :power)
)
