"""Why the operating system refused: the common reasons as catalogue messages."""

from __future__ import annotations

import errno

from a11y_games.engine.messages import Msg

__all__ = ["os_reason"]

_REASONS = {errno.ENOENT: "enoent", errno.EACCES: "eacces", errno.EPERM: "eacces",
            errno.EISDIR: "eisdir", errno.ENOTDIR: "enotdir", errno.ENOSPC: "enospc",
            errno.EROFS: "erofs", errno.EEXIST: "eexist", errno.ENAMETOOLONG: "enametoolong",
            errno.ELOOP: "eloop", errno.EIO: "eio", errno.EBUSY: "ebusy",
            errno.EMFILE: "emfile", errno.ENFILE: "emfile", errno.EFBIG: "efbig",
            errno.EINVAL: "einval"}
if hasattr(errno, "EDQUOT"):
    _REASONS[errno.EDQUOT] = "enospc"


def os_reason(error: OSError) -> Msg | str:
    """The reason for ``error`` in the player's language ("No space left on device" stayed
    English in French messages); an uncommon one keeps the system's text."""
    name = _REASONS.get(error.errno) if error.errno is not None else None
    if name is not None:
        return Msg(f"core.oserror.{name}")
    return error.strerror or str(error)
