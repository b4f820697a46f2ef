"""Commands that change how the client speaks: language, speech, verbosity, settings."""

from __future__ import annotations

from a11y_games.engine import Msg, Verbosity
from a11y_games.engine.match import THINK_SECONDS, think_seconds
from a11y_games.i18n import LANGUAGES, Translator
from a11y_games.output.sound import VOLUMES
from a11y_games.ui.commands import fold
from a11y_games.ui.outputs import table_default
from a11y_games.ui.settings import (
    CHOICES,
    CUE_PREFIX,
    WIDTHS,
    Preferences,
    seconds,
    setting_name,
    shown_cue,
    shown_name,
    shown_value,
)

__all__ = ["TuningCommands"]

VERBOSITY_WORDS = {"brief": Verbosity.BRIEF, "bref": Verbosity.BRIEF,
                   "normal": Verbosity.NORMAL, "full": Verbosity.FULL,
                   "complet": Verbosity.FULL}
ON_WORDS, OFF_WORDS = {"on", "oui", "yes", "marche"}, {"off", "non", "no", "arret"}
SET_WORDS = {"bref": "brief", "complet": "full", "hasard": "random", "marche": "on",
             "oui": "on", "arret": "off", "non": "off", "francais": "fr", "anglais": "en",
             "normaux": "normal", "fort": "strong", "forts": "strong"}
"""French value words accepted by ``set`` (``regler verbosity bref``)."""


class TuningCommands:
    """Part of :class:`~a11y_games.ui.client.Client` (a mixin: it uses the client's
    table, writer, translator and settings)."""

    def cmd_lang(self, rest: str) -> None:
        wanted = fold(rest)[:2]
        if wanted not in LANGUAGES:
            self.say(Msg("core.lang.usage", current=self.lang, languages=", ".join(LANGUAGES)))
            return
        self.lang = wanted
        self.tr = Translator(self.lang, names=self.table.seat_name, viewer=self._seat_in_view)
        set_language = getattr(self.speech, "set_language", None)
        if set_language is not None:
            set_language(self.lang)
        self.say(Msg("core.lang.set"))
        self._remember("lang", wanted)

    def cmd_speech(self, rest: str) -> None:
        word = fold(rest)
        if self.speech is None:
            self.say(Msg("core.speech.unavailable"))
            return
        if word in ON_WORDS:
            self.speech.enabled = True
            if self.speech.available:
                self.out.speak = self._speak
                self.say(Msg("core.speech.on"))
                self._remember("speech", "on")
            else:
                self.say(self._speech_problem() or Msg("core.speech.unavailable"))
        elif word in OFF_WORDS:
            self.say(Msg("core.speech.off"))
            self.speech.silence()
            self.speech.enabled = False
            self._remember("speech", "off")
        else:
            self.say(Msg("core.speech.usage", state=self._speech_state()))

    def _speech_state(self) -> Msg:
        """The speech in force: on (the game's voice), off, or left to a screen reader."""
        speech = self.speech
        in_force = getattr(speech, "in_force", None)
        if in_force is None:
            in_force = "on" if speech is not None and speech.available and speech.enabled \
                else "off"
        if in_force == "reader":
            return Msg("core.speech.reader_state", reader=speech.reader.name)  # type: ignore[union-attr]
        return Msg(f"core.word.{in_force}")

    def _speech_auto(self) -> None:
        """``set speech auto``: the screen reader alone if one reads the terminal, else the
        game's voice."""
        speech = self.speech
        if speech is None:
            self.say(Msg("core.speech.unavailable"))
            return
        reader = getattr(speech, "reader", None)
        if reader is not None:
            speech.silence()
        speech.enabled = reader is None
        if speech.enabled and not speech.available:
            self.say(self._speech_problem() or Msg("core.speech.unavailable"))
            return
        if speech.enabled:
            self.out.speak = self._speak
        self._remember("speech", "auto")
        self.say(Msg("core.speech.usage", state=self._speech_state()))

    def _speech_problem(self) -> Msg | None:
        """A speech problem not yet told (lost service, none found), if any."""
        take = getattr(self.speech, "take_problem", None)
        return take() if take is not None else None

    def cmd_verbosity(self, rest: str) -> None:
        level = VERBOSITY_WORDS.get(fold(rest))
        if level is None:
            self.say(Msg("core.verbosity.usage",
                         current=Msg(f"core.verbosity.{self.verbosity.name.lower()}")))
            return
        self.verbosity = level
        self.say(Msg("core.verbosity.set", level=Msg(f"core.verbosity.{level.name.lower()}")))
        self._remember("verbosity", level.name.lower())

    def _remember(self, name: str, value: str) -> None:
        if self.prefs is None:
            return
        self.prefs = self.prefs.with_value(name, value)
        problem = self.keep_prefs(self.prefs)
        if problem is not None:
            self.say(problem)

    def cmd_set(self, rest: str) -> None:
        """set: the settings in the player's language; set NAME VALUE (English or French)."""
        words = rest.split()
        if self.prefs is None:
            self.prefs = Preferences(lang=self.lang)
        if len(words) != 2:
            self._list_settings()
            return
        name = setting_name(words[0])
        head, dot, cue = fold(words[0]).partition(".")
        if name is None and dot and head in ("sound", "son"):
            self.say(Msg("sound.set.unknown", name=cue, names=", ".join(
                shown_cue(c, self.lang) for c in self._cue_names())))
            return
        if name is None:
            self.say(Msg("core.set.unknown", name=words[0],
                         names=", ".join(shown_name(n, self.lang) for n in CHOICES)))
            return
        value = SET_WORDS.get(fold(words[1]), words[1].lower())
        allowed = CHOICES.get(name, ("on", "off"))  # sound.NAME: on or off
        if allowed is not None and value not in allowed:
            self.say(Msg("core.set.bad_value", name=shown_name(name, self.lang),
                         value=words[1],
                         values=", ".join(shown_value(v, self.lang) for v in allowed)))
            return
        try:
            self.prefs.with_value(name, value)
        except ValueError as error:
            self.say(error.args[0])
            return
        if name == "lang":
            self.cmd_lang(value)
            return
        if name == "speech":
            if value == "auto":
                self._speech_auto()
            else:
                self.cmd_speech(value)
            return
        if name == "verbosity":
            self.cmd_verbosity(value)
            return
        if name == "sound":
            self.cmd_sound(value)
            return
        if name == "only_choice":
            self.only_choice = value == "on"
        if name == "think" and self.table.local:  # this game's strong bots, from now on
            self.match.think(think_seconds(value))
        if name == "volume" and self.sound is not None:
            self.sound.set_volume(int(value))
        if name.startswith(CUE_PREFIX) and self.sound is not None:
            cue = name[len(CUE_PREFIX):]
            if value == "off":
                self.sound.muted.add(cue)
            else:
                self.sound.muted.discard(cue)
        if name == "braille_table":
            from a11y_games.output.braille import Braille, BrailleError

            try:
                Braille(value, width=self.braille.width)
            except BrailleError as error:
                self.say(error.msg)
                return
            self.braille.table = value or None
        elif name == "braille_width":
            self.braille.width = int(value)
        elif name == "braille_contracted":
            self.braille.contracted = value == "on"
        self._remember(name, value)
        shown = (seconds(think_seconds(value), self.lang) if name == "think"  # 0,5 or 0.5
                 else shown_value(value, self.lang))
        self.say(Msg("core.set.done", name=shown_name(name, self.lang), value=shown))

    def _list_settings(self) -> None:
        """Every setting, its value in force and the values it takes, in the player's words."""
        assert self.prefs is not None
        current = {"lang": self.lang, "verbosity": self.verbosity.name.lower(),
                   "braille_table": self.braille.table or table_default(self.lang),
                   "braille_width": self.braille.width,
                   "braille_contracted": "on" if self.braille.contracted else "off"}
        if self.sound is not None:
            current["volume"] = self.sound.volume
            current["sound"] = "on" if self.sound.enabled and self.sound.available else "off"
        lines: list[Msg | str] = [Msg("core.set.header")]
        for name, allowed in CHOICES.items():
            found = current.get(name, getattr(self.prefs, name))
            value = "-" if found in ("", None) else str(found)  # volume 0 is a value
            shown: str | Msg = shown_value(value, self.lang)
            if name == "speech":
                shown = self._speech_state()  # what is in force, not what was asked
            values: str | Msg = (", ".join(shown_value(v, self.lang) for v in allowed)
                                 if allowed else Msg("core.set.any_table"))
            if name == "braille_width":
                values = Msg("core.set.range", low=WIDTHS[0], high=WIDTHS[-1])
            elif name == "name":
                values = Msg("online.any_name")
            elif name == "volume":
                values = Msg("core.set.range", low=VOLUMES[0], high=VOLUMES[-1])
            elif name == "think":
                shown = Msg("core.set.seconds", value=seconds(float(found), self.lang))
                values = Msg("core.set.range", low=seconds(THINK_SECONDS[0], self.lang),
                             high=seconds(THINK_SECONDS[1], self.lang))
            lines.append(Msg("core.set.line", name=shown_name(name, self.lang),
                             value=shown, values=values))
        muted = self.sound.muted if self.sound is not None else self.prefs.muted
        off = [shown_cue(c, self.lang) for c in self._cue_names() if c in muted]
        lines.append(Msg("sound.set.cues_off", names=", ".join(off)) if off
                     else Msg("sound.set.cues_on"))
        lines.append(Msg("core.set.usage"))
        self.say(*lines)
