"""The wiring of speech, sound cues and a braille display to a :class:`Writer`: the same
for a game played here and one at a server's table."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from a11y_games.engine import Msg
from a11y_games.i18n import Translator
from a11y_games.ui.settings import Preferences
from a11y_games.ui.terminal import PlainReader, PromptReader, Writer

if TYPE_CHECKING:
    from a11y_games.ui.client import Client

__all__ = ["Voice", "braille_display", "open_sound", "open_speech"]


def open_speech(mode: str, lang: str) -> Any:
    """Speech through accessible_output2 (``auto`` leaves it to a screen reader reading the
    terminal); ``off`` still allows ``speech on`` later."""
    try:
        from a11y_games.output.speech import Speech
    except ImportError:
        return None
    return Speech(mode, lang=lang)


class Voice:
    """The game's voice wired to the writer: every line written is spoken once, prompts
    as shown; a key silences; a lost or returning service is said at once."""

    def __init__(self, speech: Any, writer: Writer, lang: str) -> None:
        self.speech = speech
        self.writer = writer
        self.lang = lang
        self.render: Callable[[Msg], str] = lambda msg: Translator(self.lang).render(msg)
        """In the player's language of the moment (the client's, once it runs)."""
        self.display: Callable[[], Any] = lambda: None
        """The braille display, if any: a lost or returning voice is shown there too."""
        if speech is None:
            return
        if speech.available and speech.enabled:
            writer.speak = self.speak
        speech.notify = self.notify

    def speak(self, text: str) -> None:
        if self.speech is not None and self.speech.enabled:
            self.speech.speak(text)

    def silence(self) -> None:
        if self.speech is not None and self.speech.available:
            self.speech.silence()

    FIRST_WORDS = 5.0
    """Seconds the start waits for the game's voice to begin its first line (its name): a
    voice still loading is waited for; one that has not begun by then is said none."""

    def start(self) -> None:
        """Say once who speaks (the game's voice, the screen reader, nobody), or why none.

        The game's own voice is named only once it speaks: its name is its first line,
        shown as the voice begins it. A voice that does not begin is said once, as none
        (``output.speech.never``; it comes back by itself if it answers later), never
        named first and said lost after."""
        if self.speech is None:
            return
        take = getattr(self.speech, "take_problem", None)
        choice = getattr(self.speech, "choice", None)
        said = (take() if take else None) or (choice() if choice else None)
        if said is None:
            return
        text = Translator(self.lang).render(said)
        began = getattr(self.speech, "began", None)
        if said.id != "output.speech.choice.voice" or began is None or began():
            self.writer.line(text)
            return
        self.speech.speak(text)
        if began(self.FIRST_WORDS):
            self._shown_unspoken(text)
        else:
            self.speech.give_up()  # its one line comes through notify

    def _shown_unspoken(self, text: str) -> None:
        """A line already spoken: shown (and on the display), not spoken again."""
        speak, self.writer.speak = self.writer.speak, None
        try:
            self.writer.line(text)
        finally:
            self.writer.speak = speak

    def notify(self, msg: Msg) -> None:
        """From the speech thread: the service was lost, or is back (then what it missed)."""
        def show() -> None:
            text = self.render(msg)
            back = msg.id == "output.speech.back"
            speak, self.writer.speak = self.writer.speak, None
            self.writer.line(text)  # the loss is not kept to be said when the voice is back
            self.writer.speak = self.speak if back else speak
            if back:
                self.speak(text)
            display = self.display()
            if display is not None:
                with contextlib.suppress(OSError):  # a display lost is said by the client
                    display.show(text)
            if back:
                self.speech.replay_missed()

        self.writer.post(show)

    def reader(self, reader: PlainReader | PromptReader) -> PlainReader | PromptReader:
        """Prompts spoken as shown, any key silencing, lines from threads above the prompt."""
        if isinstance(reader, PromptReader):
            reader.on_prompt = self.writer.prompt
            reader.on_key = self.silence
            self.writer.interject = reader.interject
        return reader

    def close(self) -> None:
        """Let the last words be said, then close the connection."""
        speech = self.speech
        with contextlib.suppress(Exception, KeyboardInterrupt):  # Ctrl-C: stop waiting
            if speech is not None and speech.available:
                speech.wait_idle(3.0)
            if speech is not None:
                speech.close()


def open_sound(mode: str, prefs: Preferences) -> object | None:
    """Sound cues (miniaudio, loaded only now); None when off (``--sound off``, the
    setting, or ``NO_SOUND``): ``sound on`` during play opens the device then."""
    from a11y_games.output.sound import Sound, sound_disabled

    if mode == "off" or sound_disabled():
        return None
    return Sound("on", volume=prefs.volume, muted=prefs.muted, deferred=True)


def braille_display(client: Client, reader: object) -> object | None:
    """The braille display through BrlAPI, or None after one clear message."""
    from a11y_games.output.braille import BrailleError, table_for
    from a11y_games.output.brlapi_display import BrailleDisplay, DisplayUnavailable

    try:
        display = BrailleDisplay(table_for(client.lang, client.braille.contracted,
                                           client.braille.table))
    except (DisplayUnavailable, BrailleError) as error:
        client.say(error.msg)
        return None
    watch = getattr(reader, "watch", None)
    if watch is not None:
        watch(display.fileno(), display.pump)
    return display
