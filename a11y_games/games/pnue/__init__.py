"""PNUE — Mr Dollar: ecologists against lobbyists and their secret leader (PN-01..PN-69)."""

from __future__ import annotations

from a11y_games.engine.messages import Msg
from a11y_games.engine.spec import GameSpec, Option
from a11y_games.games.pnue import data, worlds
from a11y_games.games.pnue.bots import NormalBot, RandomPlayer
from a11y_games.games.pnue.cues import CUES
from a11y_games.games.pnue.kinds import KINDS
from a11y_games.games.pnue.state import PnueState
from a11y_games.games.pnue.terms import TERMS

__all__ = ["SPEC", "PnueState"]

FIRST_CHOICES = ("random", *(str(n) for n in range(1, data.MAX_PLAYERS + 1)))

SPEC = GameSpec(
    name="pnue",
    title=Msg("pnue.title"),
    summary=Msg("pnue.summary"),
    tagline=Msg("pnue.tagline"),
    min_players=data.MIN_PLAYERS,
    max_players=data.MAX_PLAYERS,
    default_players=data.DEFAULT_PLAYERS,
    new_state=PnueState,
    bots={"random": RandomPlayer, "normal": NormalBot, "strong": worlds.strong_bots()},
    cues=CUES,
    worlds=worlds,
    kinds=KINDS,
    terms=TERMS,
    bot_names=data.BOT_NAMES,
    aliases=("mrdollar", "mr-dollar"),
    rules_version=2,  # 2: the President draws the top 3 before any reshuffle (PN-18, PN-23)
    options=(
        Option("crises", Msg("pnue.option.crises"), ("off", "on"), "off",
               {"off": Msg("pnue.option.crises_off"), "on": Msg("pnue.option.crises_on")}),
        Option("race", Msg("pnue.option.race"), ("timed", "random"), "timed",
               {"timed": Msg("pnue.option.race_timed"),
                "random": Msg("pnue.option.race_random")}, when={"crises": "on"}),
        Option("roles", Msg("pnue.option.roles"),
               ("standard", "random_lobbyists", "maybe_dollar"), "standard",
               {"standard": Msg("pnue.option.roles_standard"),
                "random_lobbyists": Msg("pnue.option.roles_random_lobbyists"),
                "maybe_dollar": Msg("pnue.option.roles_maybe_dollar")}),
        Option("first", Msg("pnue.option.first"), FIRST_CHOICES, "random",
               {"random": Msg("pnue.option.first_random")}),
    ),
)
