"""a11y_games: board games for blind and low-vision players, by ear and by braille."""

__version__ = "0.1.0"
