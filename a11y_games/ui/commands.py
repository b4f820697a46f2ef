"""The client's commands: English names, French aliases, catalogue help texts."""

from __future__ import annotations

from dataclasses import dataclass

from a11y_games.engine.words import find_named, fold, number

__all__ = ["COMMANDS", "Command", "fold", "lookup", "number"]


@dataclass(frozen=True)
class Command:
    """A command the player can type. Help texts are ``core.help.<name>`` (one line) and
    ``core.help.<name>.more`` (usage)."""

    name: str
    aliases: tuple[str, ...] = ()

    def word(self, lang: str) -> str:
        """The name to show in ``lang``: the first alias is the French name."""
        return self.aliases[0] if lang == "fr" and self.aliases else self.name

    @property
    def words(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


COMMANDS: tuple[Command, ...] = (
    Command("help", ("aide", "?", "h")),
    Command("choices", ("choix", "c")),
    Command("whose", ("qui", "tour", "turn")),
    Command("who", ("presents", "joueurs")),
    Command("status", ("etat", "s")),
    Command("board", ("table", "plateau", "b")),
    Command("me", ("moi",)),
    Command("log", ("journal", "historique")),
    Command("repeat", ("repeter", "r")),
    Command("rules", ("regles",)),
    Command("explain", ("expliquer", "glossaire", "glossary")),
    Command("braille", ("braille",)),
    Command("lang", ("langue", "language")),
    Command("speech", ("parole", "voix")),
    Command("verbosity", ("verbosite", "detail")),
    Command("kinds", ("genres",)),
    Command("mute", ("taire", "muet")),
    Command("unmute", ("retablir",)),
    Command("sound", ("son",)),
    Command("sounds", ("sons",)),
    Command("set", ("regler", "reglage")),
    Command("save", ("sauver", "sauvegarder", "enregistrer")),
    Command("saves", ("sauvegardes",)),
    Command("load", ("charger",)),
    Command("history", ("parties",)),
    Command("replay", ("revoir",)),
    Command("undo", ("annuler",)),
    Command("say", ("dire",)),
    Command("tell", ("chuchoter",)),
    Command("quit", ("quitter", "exit", "q")),
)


def lookup(word: str) -> Command | None:
    return find_named(COMMANDS, word)

