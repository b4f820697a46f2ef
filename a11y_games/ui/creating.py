"""The table a player creates at a server: its settings as one draft, typed in one line
(``create vanuatu 4 level strong code``) or changed one word at a time from a summary
("PNUE — Mr Dollar, 5 players, normal bots, public, no variant.").

The lobby asks; this module knows the words, the summary and the request. It knows no
connection.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from a11y_games.engine import Msg
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.words import fold, number
from a11y_games.i18n import Translator
from a11y_games.net import protocol as p
from a11y_games.ui.wording import game_words

__all__ = ["SETTING_WORDS", "Draft", "draft_for", "game_named", "read_words", "setting_of"]

SETTING_WORDS: dict[str, tuple[str, ...]] = {
    "players": ("players", "joueurs"),
    "bots": ("bots", "robots"),
    "level": ("level", "niveau"),
    "variants": ("variants", "variantes", "variant", "variante"),
    "private": ("private", "privee", "code", "invitation"),
    "public": ("public", "publique"),
    "delay": ("delay", "delai"),
    "rated": ("rated", "classee", "classe"),
    "unrated": ("unrated", "friendly", "amicale"),
}
"""The words that name a setting of the table (English and French, folded)."""

LEVEL_WORDS: dict[str, tuple[str, ...]] = {
    "random": ("random", "hasard", "aleatoire"),
    "normal": ("normal",),
    "strong": ("strong", "fort"),
}

MAX_DELAY = 60
"""Minutes, at most, before a bot holds a seat whose player is gone."""


def setting_of(word: str) -> str | None:
    """The setting a typed word names, or None."""
    key = fold(word)
    return next((name for name, words in SETTING_WORDS.items() if key in words), None)


def level_of(word: str) -> str | None:
    key = fold(word)
    return next((name for name, words in LEVEL_WORDS.items() if key in words), None)


def game_named(word: str, specs: Sequence[GameSpec], tr: Translator) -> GameSpec | None:
    """The one game a word names (its name, an alias, a word of its title), or None."""
    key = fold(word)
    found = [g for g in specs if key in map(fold, game_words(g, tr))]
    return found[0] if len(found) == 1 else None


@dataclass
class Draft:
    """A table about to be created: Enter creates it as it stands."""

    spec: GameSpec
    players: int
    level: str = "normal"
    bots: dict[int, str] = field(default_factory=dict)
    """Seats given to bots at once, by seat, with their level (the free seats get bots of
    ``level`` at the start)."""
    options: dict[str, str] = field(default_factory=dict)
    public: bool = True
    delay: int = 2
    """Minutes before a bot holds the seat of a player who lost the connection, and that a
    game with nobody connected waits for them."""
    rated: bool = False
    """Its players' ratings change at its end (only where ``ratings``)."""
    ratings: bool = False
    """The server keeps ratings (it has accounts): a table may be rated."""

    @property
    def bot_count(self) -> int:
        return len(self.bots)

    def with_bots(self, count: int, level: str | None = None) -> Draft:
        """``count`` bots at the last seats, of ``level`` (the table's by default)."""
        level = level or self.level
        return replace(self, bots={seat: level for seat in
                                   range(self.players - count, self.players)})

    def with_players(self, players: int) -> Draft:
        draft = replace(self, players=players)
        return draft.with_bots(min(self.bot_count, players - 1))

    def with_level(self, level: str) -> Draft:
        return replace(self, level=level, bots=dict.fromkeys(self.bots, level))

    def variants(self) -> list[Msg | str]:
        """The variants chosen that differ from the game's defaults, by their labels."""
        shown: list[Msg | str] = []
        for option in self.spec.options:
            value = self.options.get(option.name, option.default)
            if value != option.default and option.offered(self.options, self.spec.options,
                                                          self.players) is not None:
                shown.append(option.value_label(value))
        return shown

    def summary(self) -> Msg:
        """One line: the game, players, bots, listed or not, variants, the delay."""
        variants = self.variants()
        level = Msg(f"online.create.summary_level.{self.level}")
        listed = Msg("online.create.summary_public" if self.public
                     else "online.create.summary_private")
        if self.rated and self.ratings:  # (not rated, the usual: not said)
            listed = Msg("online.create.summary_rating", listed=listed,
                         rated=Msg("rating.table.rated"))
        return Msg("online.create.summary", game=self.spec.title, count=self.players,
                   bots=Msg("online.create.summary_bots", count=self.bot_count, level=level)
                   if self.bots else level,
                   listed=listed,
                   variants=variants or Msg("online.table.no_variants"),
                   delay=Msg("online.create.summary_delay", count=self.delay))

    def request(self) -> p.Create:
        return p.Create(game=self.spec.name, players=self.players, options=dict(self.options),
                        bots=dict(self.bots), public=self.public, level=self.level,
                        bot_delay=60.0 * self.delay, rated=self.rated and self.ratings)


def draft_for(spec: GameSpec, last: p.Create | None, level: str, *,
              ratings: bool = False) -> Draft:
    """The defaults: what this player last created of this game, else the game's own.
    ``ratings``: the server keeps ratings (a table may be rated; not by default)."""
    if last is not None and last.game == spec.name:
        return Draft(spec, last.players, last.level, dict(last.bots), dict(last.options),
                     last.public, round(last.bot_delay / 60), last.rated and ratings, ratings)
    return Draft(spec, spec.default_players, level if level in spec.bots else "normal",
                 ratings=ratings)


def read_words(draft: Draft, words: list[str]) -> tuple[Draft, str | None, str | None]:
    """Apply typed words to ``draft`` (``5``, ``players 5``, ``bots 2``, ``level strong``,
    ``strong``, ``code``, ``public``, ``delay 5``, ``crises on``, ``rated`` where the
    server keeps ratings). Returns the draft, a
    setting named without its value (to be asked), and the first word not understood."""
    rest = list(words)
    while rest:
        word = rest.pop(0)
        value = rest[0] if rest else None
        count = number(word)
        setting = setting_of(word)
        option = next((o for o in draft.spec.options if fold(o.name) == fold(word)), None)
        if count is not None:
            if not draft.spec.min_players <= count <= draft.spec.max_players:
                return draft, None, word
            draft = draft.with_players(count)
        elif level_of(word) is not None:
            draft = draft.with_level(level_of(word) or "normal")
        elif setting in ("private", "public"):
            draft = replace(draft, public=setting == "public")
        elif setting in ("rated", "unrated"):
            if not draft.ratings:  # a server without accounts keeps no ratings
                return draft, None, word
            draft = replace(draft, rated=setting == "rated")
        elif option is not None:
            if value is None:
                return draft, "variants", None
            chosen = next((v for v in option.choices if fold(v) == fold(value)), None)
            if chosen is None:
                return draft, None, value
            rest.pop(0)
            draft = replace(draft, options={**draft.options, option.name: chosen})
        elif setting is not None:
            if setting == "level" and value is not None and level_of(value) is not None:
                rest.pop(0)
                draft = draft.with_level(level_of(value) or "normal")
                continue
            amount = number(value) if value is not None else None
            if setting == "variants" or amount is None:
                return draft, setting, None
            rest.pop(0)
            if setting == "players":
                if not draft.spec.min_players <= amount <= draft.spec.max_players:
                    return draft, None, value
                draft = draft.with_players(amount)
            elif setting == "bots":
                if not 0 <= amount < draft.players:
                    return draft, None, value
                draft = draft.with_bots(amount)
            elif setting == "delay":
                if not 0 <= amount <= MAX_DELAY:
                    return draft, None, value
                draft = replace(draft, delay=amount)
        else:
            return draft, None, word
    return draft, None, None
