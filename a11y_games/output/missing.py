"""How to get an optional part that is not installed, said in one sentence.

liblouis (braille), BrlAPI (a braille display through BRLTTY) and Speech Dispatcher's
client have no package on PyPI (the PyPI package named ``louis`` is an unrelated
placeholder): they come from the system. On Debian and Ubuntu, its package; when that
package is there but this Python does not see it (a pipx or venv install without the
system's packages), the option that lets it see them; elsewhere, the install guide.

>>> how_to_get("louis", platform="darwin").id
'output.missing.elsewhere'
>>> how_to_get("louis", platform="linux", apt=True, system=Path("/nonexistent")).params
{'package': 'python3-louis'}
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from a11y_games.engine.messages import Msg

__all__ = ["DEBIAN_PACKAGES", "SYSTEM_MODULES", "how_to_get"]

DEBIAN_PACKAGES = {"louis": "python3-louis", "brlapi": "python3-brlapi",
                   "speechd": "python3-speechd"}
"""The Debian package of each optional module."""

SYSTEM_MODULES = Path("/usr/lib/python3/dist-packages")
"""Where Debian's Python packages live."""


def how_to_get(module: str, *, platform: str = sys.platform, apt: bool | None = None,
               system: Path = SYSTEM_MODULES, search: list[str] | None = None) -> Msg:
    """What to do to get ``module`` (``louis``, ``brlapi``, ``speechd``): a Msg to put in
    the sentence that says it is missing. ``apt``: whether this system installs Debian
    packages (default: ``apt-get`` is found); ``system``: Debian's Python packages;
    ``search``: where this Python looks for modules (``sys.path``)."""
    package = DEBIAN_PACKAGES[module]
    if not platform.startswith("linux"):
        return Msg("output.missing.elsewhere")
    sees_system = str(system) in (sys.path if search is None else search)
    if _there(system, module) and not sees_system:  # a venv without the system's packages
        return Msg("output.missing.system_site", package=package)
    if apt if apt is not None else shutil.which("apt-get") is not None:
        return Msg("output.missing.debian", package=package)
    return Msg("output.missing.elsewhere")


def _there(folder: Path, module: str) -> bool:
    try:
        return (folder / module).is_dir() or any(folder.glob(f"{module}*.so"))
    except OSError:
        return False
