"""Run `shamble ARGS...` as another account: python as_account.py UID GID ARGS...

The tests run as root and stand in for players of other accounts with bare
uids. The project's Python may live where only root may read (a pyenv-style
install in root's 0700 home, as on the machines CI runs on), and a command
imports modules lazily long after it started (importlib.readers when it first
reads a mission, a codec when it first names a host). So before the process
drops to UID:GID (the co-op group), every folder it imports from is opened,
and the import path, and the path of each package already imported, go
through those open folders (/proc/self/fd/N): the account reads the
interpreter it was handed and nothing more. The host knows the player by the
socket's peer credentials, as it would know a player who logged in."""

from __future__ import annotations

import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, REPO)


def _through_open_folders() -> None:
    """Point sys.path and every imported package's __path__ at descriptors
    opened now, while the process may still read them."""
    opened: dict[str, str] = {}  # real folder -> /proc/self/fd/N
    for entry in sys.path:
        folder = os.path.realpath(entry or os.getcwd())
        if folder not in opened and os.path.isdir(folder):
            fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)  # held until exit
            opened[folder] = f"/proc/self/fd/{fd}"
    by_length = sorted(opened, key=len, reverse=True)

    def through(path: str) -> str:
        real = os.path.realpath(path)
        for folder in by_length:
            if real == folder or real.startswith(folder + os.sep):
                return opened[folder] + real[len(folder) :]
        return path

    sys.path[:] = [through(entry or os.getcwd()) for entry in sys.path]
    for module in list(sys.modules.values()):
        paths = getattr(module, "__path__", None)
        if isinstance(paths, list):
            paths[:] = [through(p) for p in paths]
        loader = getattr(getattr(module, "__spec__", None), "loader", None)
        if isinstance(getattr(loader, "path", None), str):  # where it reads its resources
            loader.path = through(loader.path)
    sys.path_importer_cache.clear()


def main() -> int:
    uid, gid, *argv = sys.argv[1:]
    from tui import cli

    _through_open_folders()
    os.setgroups([int(gid)])
    os.setgid(int(gid))
    os.setuid(int(uid))
    return cli.main(argv)


if __name__ == "__main__":
    sys.exit(main())
