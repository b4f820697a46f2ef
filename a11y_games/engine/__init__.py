"""The shared engine: game state machines, actions, events, matches. Knows no game, no terminal."""

from a11y_games.engine.actions import IllegalAction
from a11y_games.engine.messages import Event, Msg, PlayerRef, Verbosity
from a11y_games.engine.state import GameState, Pending

__all__ = ["Event", "GameState", "IllegalAction", "Msg", "Pending", "PlayerRef", "Verbosity"]
