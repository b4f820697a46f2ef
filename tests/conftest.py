"""Every test: no sound from the speakers (``NO_SOUND``), also in the clients tests start.

Sound tests pass their own environment (``Sound(environ={})``) and a null or recording
device, so they still play, silently.
"""

from __future__ import annotations

import os

os.environ.setdefault("NO_SOUND", "1")
