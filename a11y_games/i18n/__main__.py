"""``python -m a11y_games.i18n``: compile every catalogue (Babel)."""

from a11y_games.i18n import compile_catalogues

if __name__ == "__main__":
    for path in compile_catalogues(force=True):
        print(path)
