"""Is a screen reader already reading this terminal? Then the game lets it speak alone.

A blind player usually reaches the terminal through a screen reader that reads new text
as it appears: Orca (graphical desktops), Speakup, Fenrir or BRLTTY's speech (the Linux
console), NVDA, JAWS or Narrator (Windows), VoiceOver (macOS). If the game spoke too,
every line would be heard twice. :func:`detect` looks for one; every probe takes its
environment as parameters (a process list, a sysfs folder, the desktop setting), so tests
give fake ones.

>>> detect(processes=[["/usr/bin/python3", "/usr/bin/orca"]], tty="/dev/pts/1",
...        environ={"DISPLAY": ":0"}, sysfs=Path("/nonexistent"), desktop_setting=False)
ScreenReader(name='Orca', why='process')
>>> detect(processes=[["bash"]], tty="/dev/pts/1", environ={}, sysfs=Path("/nonexistent"),
...        desktop_setting=False) is None
True
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ScreenReader", "desktop_screen_reader", "detect", "processes", "windows_readers"]

Process = Sequence[str]
"""A process's command line, its words (``["/usr/bin/python3", "/usr/bin/orca"]``)."""

SPEAKUP = Path("/sys/accessibility/speakup")
BRLTTY_CONF = Path("/etc/brltty.conf")


@dataclass(frozen=True)
class ScreenReader:
    """A screen reader found reading the terminal: its ``name`` and how it was found."""

    name: str
    why: str
    """``process``, ``setting`` (the desktop's screen-reader switch), ``sysfs`` (a kernel
    module's folder), ``config`` (BRLTTY's speech driver) or ``api`` (its own client library)."""


def _names(process: Process) -> set[str]:
    """The program names a command line runs: ``python3 /usr/bin/orca`` runs orca too."""
    names = set()
    for word in process[:2]:
        base = re.split(r"[\\/]", word)[-1].lower()
        names.add(base.removesuffix(".exe").removesuffix(".py"))
    return names


def _running(procs: Iterable[Process], *wanted: str) -> bool:
    return any(_names(p) & set(wanted) for p in procs)


def _on_console(tty: str | None) -> bool | None:
    """True on a Linux virtual console (``/dev/tty3``), False in a terminal window or over
    ssh (``/dev/pts/1``), None when unknown (input is a pipe)."""
    if not tty:
        return None
    return re.fullmatch(r"/dev/(tty\d+|vc/\d+|console)", tty) is not None


def _speakup(sysfs: Path) -> bool:
    """Speakup's kernel module is loaded and has a synthesiser (``none`` means silent)."""
    if not sysfs.is_dir():
        return False
    try:
        synth = (sysfs / "synth").read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return True  # loaded, but its settings are not readable here: assume it speaks
    return synth not in ("", "none")


def _brltty_speaks(procs: Sequence[Process], conf: Path) -> bool:
    """BRLTTY runs with a speech driver other than ``no`` (its command line, else its file)."""
    for process in procs:
        if "brltty" not in _names(process):
            continue
        words = list(process)
        for i, word in enumerate(words):
            if word in ("-s", "--speech-driver") and i + 1 < len(words):
                return words[i + 1] != "no"
            if word.startswith("--speech-driver="):
                return word.split("=", 1)[1] != "no"
            if word.startswith("-s") and len(word) > 2:
                return word[2:] != "no"
        try:
            text = conf.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return False
        found = re.findall(r"^\s*speech-driver\s+(\S+)", text, flags=re.MULTILINE)
        return bool(found) and found[-1] != "no"
    return False


def detect(*, platform: str = sys.platform, processes: Sequence[Process] | None = None,
           tty: str | None = None, environ: Mapping[str, str] | None = None,
           sysfs: Path = SPEAKUP, brltty_conf: Path = BRLTTY_CONF,
           desktop_setting: bool | Callable[[], bool | None] | None = None,
           windows: Callable[[], list[str]] | None = None) -> ScreenReader | None:
    """The screen reader reading this terminal, or None.

    ``processes``: the command lines running (default: this machine's). ``tty``: this
    terminal's device (default: standard input's or output's). ``sysfs``: Speakup's folder.
    ``desktop_setting``: the desktop's screen-reader switch, or a callable reading it
    (default: gsettings), asked only in a graphical session. ``windows``: the names of
    the Windows screen readers accessible_output2 finds active.
    """
    env = os.environ if environ is None else environ
    if platform == "win32":
        procs = _processes_or(processes)
        active = (windows or windows_readers)()
        for name in ("NVDA", "JAWS"):
            if name in active:
                return ScreenReader(name, "api")
        if _running(procs, "narrator"):
            return ScreenReader("Narrator", "process")
        return ScreenReader(active[0], "api") if active else None
    procs = _processes_or(processes)
    if platform == "darwin":
        return ScreenReader("VoiceOver", "process") if _running(procs, "voiceover") else None
    tty = _tty() if tty is None else tty
    console = _on_console(tty)
    if env.get("SSH_CONNECTION") or env.get("SSH_TTY"):
        return None  # the screen reader, if any, runs on the machine the player sits at
    if console is not False:  # the Linux console: readers of the virtual terminals
        if _speakup(sysfs):
            return ScreenReader("Speakup", "sysfs")
        if _running(procs, "fenrir", "fenrir-daemon"):
            return ScreenReader("Fenrir", "process")
        if _brltty_speaks(procs, brltty_conf):
            return ScreenReader("BRLTTY", "config")
    if console is not True and (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        if _running(procs, "orca"):
            return ScreenReader("Orca", "process")
        probe = desktop_screen_reader if desktop_setting is None else desktop_setting
        setting = probe() if callable(probe) else probe
        if setting:
            return ScreenReader("Orca", "setting")
    return None


def _processes_or(given: Sequence[Process] | None) -> list[Process]:
    return list(given) if given is not None else processes()


def _tty() -> str | None:
    for stream in (sys.stdin, sys.stdout):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            if stream.isatty():
                return os.ttyname(stream.fileno())
    return None


def processes(proc: Path = Path("/proc")) -> list[Process]:
    """The command lines running on this machine (``/proc``; ``ps`` or ``tasklist`` elsewhere)."""
    found: list[Process] = []
    if proc.is_dir():
        for entry in proc.iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError):
                words = (entry / "cmdline").read_bytes().split(b"\0")
                found.append([w.decode("utf-8", "replace") for w in words if w])
        return found
    command = (["tasklist", "/fo", "csv", "/nh"] if sys.platform == "win32"
               else ["ps", "-axo", "comm"])
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=2, check=False)
    except (OSError, subprocess.SubprocessError):
        return found
    for line in done.stdout.splitlines():
        name = line.split('","')[0].strip('"') if sys.platform == "win32" else line.strip()
        if name:
            found.append([name])
    return found


def desktop_screen_reader() -> bool | None:
    """The desktop's screen-reader switch (``org.gnome.desktop.a11y.applications
    screen-reader-enabled``, what Orca's own settings and the AT-SPI status follow), or
    None where it cannot be read."""
    try:
        done = subprocess.run(
            ["gsettings", "get", "org.gnome.desktop.a11y.applications",
             "screen-reader-enabled"], capture_output=True, text=True, timeout=2, check=False,
            stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    answer = done.stdout.strip()
    return answer == "true" if done.returncode == 0 and answer in ("true", "false") else None


def windows_readers() -> list[str]:
    """The Windows screen readers that accessible_output2 finds running (NVDA, JAWS...)."""
    import io

    active: list[str] = []
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        for module, cls, name in (("nvda", "NVDA", "NVDA"), ("jaws", "Jaws", "JAWS"),
                                  ("window_eyes", "WindowEyes", "Window-Eyes"),
                                  ("system_access", "SystemAccess", "System Access"),
                                  ("dolphin", "Dolphin", "Dolphin"),
                                  ("zdsr", "ZDSR", "ZDSR")):
            try:
                imported = __import__(f"accessible_output2.outputs.{module}", fromlist=[cls])
                if getattr(imported, cls)().is_active():
                    active.append(name)
            except Exception:  # a reader's DLL missing or failing: that reader is not there
                continue
    return active
