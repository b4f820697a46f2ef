"""Sound cues in the client: a cue before the line it marks, ``sound`` and ``sounds``.

Cues are chosen in :mod:`a11y_games.ui.cues` and played by
:class:`a11y_games.output.sound.Sound` (or nothing: ``sound`` is None with ``--sound off``
and in tests). Other rooms call :meth:`SoundCommands.cue` just before saying a line:
network play calls ``cue("chat")``, ``cue("joined")``, ``cue("left")`` and
``cue("disconnected")`` before the lines that say so.
"""

from __future__ import annotations

from collections.abc import Sequence

from a11y_games.engine import Event, Msg, Pending
from a11y_games.ui.commands import fold, number
from a11y_games.ui.cues import all_cues, game_cues, line_cues, question_cue
from a11y_games.ui.settings import cue_name, shown_cue

__all__ = ["SoundCommands"]

ON_WORDS, OFF_WORDS = {"on", "oui", "yes", "marche"}, {"off", "non", "no", "arret"}


class SoundCommands:
    """Part of :class:`~a11y_games.ui.client.Client` (a mixin: it uses the client's
    table, writer, translator, settings and ``sound``)."""

    def open_sound(self) -> None:
        """Open the sound device if not yet done (deferred until the player is asked, so
        that opening it costs the start-up nothing; cues played before wait for it)."""
        start = getattr(self.sound, "start", None)
        if start is not None:
            start()

    def cue(self, name: str) -> None:
        """Play cue ``name`` now: call it just before writing the line it marks."""
        if self.sound is not None:
            self.sound.play(name)

    def cue_events(self, events: Sequence[Event], seat: int | None) -> None:
        """The cues of events about to be shown to ``seat``, in order."""
        if self.sound is None or not events:
            return
        for cue in line_cues(events, seat, self.table.spec.cues):
            if cue is not None:
                self.sound.play(cue)

    def note_question(self, pending: Pending) -> None:
        """Remember a question put to several seats at once (a vote), before bots answer
        it and leave only the humans here to ask."""
        if question_cue(pending) == "vote":
            self._vote_open = pending.prompt
        elif getattr(self, "_vote_open", None) != pending.prompt:
            self._vote_open = None

    def cue_question(self, pending: Pending) -> None:
        """``turn``, or ``vote`` for a question put to several seats at once."""
        vote = getattr(self, "_vote_open", None) == pending.prompt
        self.cue("vote" if vote else question_cue(pending))

    def _sound_problem(self) -> Msg | None:
        """A sound problem not yet told (no device opens), if any."""
        take = getattr(self.sound, "take_problem", None)
        return take() if take is not None else None

    def _no_device(self) -> bool:
        """Sound is wanted but no device opened (waiting for the outcome of an opening
        under way): ``sound`` and ``sounds`` say so, never "type sound on". The problem is
        then taken: not said again after the command."""
        sound = self.sound
        if sound is None or not sound.enabled:
            return False
        ready = getattr(sound, "ready", None)
        if ready is not None:
            ready(1.0)
        if getattr(sound, "problem", None) is None:
            return False
        self._sound_problem()
        return True

    def _cue_names(self) -> list[str]:
        """The cues this game may play: every game's, then its own."""
        return [*all_cues(()), *game_cues(self.table.spec)]

    def _cue_label(self, name: str) -> Msg:
        if name in game_cues(self.table.spec):
            return Msg(f"{self.table.spec.name}.cue.{name}")
        return Msg(f"sound.cue.{name}")

    def cmd_sound(self, rest: str) -> None:
        """sound on | sound off | sound (the state)."""
        word = fold(rest)
        if word in ON_WORDS or word in OFF_WORDS:
            on = word in ON_WORDS
            if self.sound is None:
                self.sound = self._make_sound() if on else None
            elif self.sound is not None:
                self.sound.enabled = on
            if on:
                problem = self._sound_problem()
                if problem is not None:
                    self.say(problem)
                    return
            self.say(Msg("sound.on" if on else "sound.off"))
            self._remember("sound", "on" if on else "off")
            return
        if self._no_device():  # (waits for an opening under way: not "off" for a moment)
            self.say(Msg("sound.unavailable"))
            return
        on = self.sound is not None and self.sound.enabled and self.sound.available
        volume = self.sound.volume if self.sound is not None else self._volume()
        self.say(Msg("sound.state_on", volume=volume) if on else Msg("sound.state_off"),
                 Msg("sound.usage"))

    def _volume(self) -> int:
        return self.prefs.volume if self.prefs is not None else 80

    def _make_sound(self) -> object | None:
        """Sound turned on during play after ``--sound off``: open the device now."""
        try:
            from a11y_games.output.sound import Sound
        except ImportError:  # pragma: no cover - miniaudio is a dependency
            return None
        prefs = self.prefs
        return Sound("on", volume=self._volume(), muted=prefs.muted if prefs else (),
                     environ={})

    def cmd_sounds(self, rest: str) -> None:
        """sounds: each cue, numbered, played in turn; sounds N or NAME: one, with its line."""
        names = self._cue_names()
        muted = self.sound.muted if self.sound is not None else set()
        silent = Msg("sound.list.no_device" if self._no_device() else "sound.list.silent")
        playing = self.sound is not None and self.sound.enabled and self.sound.available
        wanted = rest.strip()

        def line(index: int, name: str) -> Msg:
            key = "sound.list.line_off" if name in muted else "sound.list.line"
            return Msg(key, number=index, name=shown_cue(name, self.lang),
                       label=self._cue_label(name))

        if wanted:
            picked = number(wanted)
            name = names[picked - 1] if picked is not None and 1 <= picked <= len(names) \
                else cue_name(wanted)
            if name is None or name not in names:
                self.say(Msg("sound.list.unknown", wanted=wanted))
                return
            if playing:
                self.sound.play(name, learning=True)
            self.say(line(names.index(name) + 1, name), *(() if playing else (silent,)))
            return
        if playing:
            for name in names:
                self.sound.play(name, learning=True)
        lines: list[Msg | str] = [Msg("sound.list.header", count=len(names))]
        lines += [line(i, name) for i, name in enumerate(names, 1)]
        lines += [Msg("sound.list.hint"), Msg("sound.list.hint_off")]
        if not playing:
            lines.append(silent)
        self.say(*lines)
