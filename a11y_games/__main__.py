"""``python -m a11y_games``: the same as ``a11y-games``."""

from a11y_games.cli import main

raise SystemExit(main())
