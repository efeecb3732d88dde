"""Reading the player's files safely: regular files only, never more than a set number of bytes.

A save, scenario or settings path may name anything: a folder, ``/dev/zero`` (endless), a FIFO
(opening it waits for a writer forever) or a huge file. These helpers refuse all of them before
reading, so a bad path costs a short error, never the program's memory or a hang.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class FileRefused(Exception):
    """A path that is not read: ``reason`` is ``not_a_file`` or ``too_large``."""

    def __init__(self, reason: str, message: str) -> None:
        self.reason = reason
        super().__init__(message)


def _open_regular(path: Path, max_bytes: int) -> tuple[int, int]:
    """Returns (fd, size) of a regular file no larger than max_bytes; raises OSError/FileRefused."""
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(21, "is a folder", str(path))
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused("not_a_file", f"{path} is not a regular file")
    if info.st_size > max_bytes:
        raise FileRefused("too_large", f"{path} is larger than {max_bytes} bytes")
    # O_NONBLOCK: should the path have become a FIFO since the stat, opening it must not wait.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("not_a_file", f"{path} is not a regular file")
    except BaseException:
        os.close(fd)
        raise
    return fd, info.st_size


def read_regular(path: Path | str, max_bytes: int, *, prefix: int = 0) -> bytes:
    """Returns the bytes of a regular file (only the first ``prefix`` bytes when prefix > 0).

    Raises FileRefused for anything but a regular file or a file over max_bytes (also when it
    grows while being read), and OSError (FileNotFoundError, IsADirectoryError, …) otherwise.
    """
    fd, _size = _open_regular(Path(path), max_bytes)
    limit = min(prefix, max_bytes) if prefix > 0 else max_bytes
    chunks: list[bytes] = []
    total = 0
    try:
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if prefix > 0:
        return data[:limit]
    if total > max_bytes:
        raise FileRefused("too_large", f"{path} is larger than {max_bytes} bytes")
    return data
