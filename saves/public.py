"""What a player lets the other players of this machine see (issue 32): the
games they are playing now, a copy to watch live, and their finished scores.

Saves stay private (0600 files in a 0700 folder). What is shown goes into
a public folder, the first of `$SHAMBLE_PUBLIC_DIR` and
`/var/lib/shamble/public` that exists: a folder the machine's owner makes
once, sticky, so that each player may make a folder of their own in it and
nobody may remove another's (docs/hosting.md has the commands). Each
player's process writes only into its own `ROOT/<account>/`, mode 0755:

    live/<slot>.json       a game being played now: mode, mission, round, since when
    live/<slot>.shamble    a copy of its log, for watching (modes with no secrets)
    live/<slot>.view       where players hold secrets (Outbreak, Sniper): only what
                           a watcher is told, never the log (saves/view_stream.py)
    watching/<p>--<slot>   this player is watching p's game <slot>
    scores.jsonl           the player's finished games, as their score table has them

A reader believes a folder only when the account it is named after owns it
(and each file in it), so no account can speak for another: a folder made
in another's name, or a file another account put there, is passed over.

On a machine with no public folder nothing is published (a personal
machine); a player may turn publishing off (`shamble publish off`)."""

from __future__ import annotations

import os
import pwd
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from saves.files import SaveError
from saves.scores import Score
from saves.slots import check_name, home

ENV = "SHAMBLE_PUBLIC_DIR"
SHARED_ROOT = Path("/var/lib/shamble/public")
SETTING = "publish"  # $SHAMBLE_HOME/publish: "on" or "off"
RECORD_LIMIT = 64 * 1024  # a live record or a watching note larger than this is not read
STALE_S = 6 * 3600  # a live record not touched for this long is an old one


class LiveGame(msgspec.Struct, frozen=True, forbid_unknown_fields=False):
    """One game being played now, as its player's process says it."""

    slot: str  # the save's name in its player's saves folder
    mode: str
    mission: str
    name: str = ""  # the mission's own name
    round: int | None = None
    started: float = 0.0  # when this sitting began (epoch seconds)
    updated: float = 0.0
    pid: int = 0
    watchable: bool = False  # a copy of the log (or a watcher's stream) is there to follow
    view: bool = False  # what is there is the watcher's stream, <slot>.view, not the log
    why_not: str = ""  # why it cannot be watched, when it cannot
    player: str = ""  # filled in by the reader: the folder's owner, never the file's word
    host: str = ""  # filled in by the reader: another machine's, from the broker's key
    watchers: tuple[str, ...] = ()  # filled in by the reader


class Watching(msgspec.Struct, frozen=True, forbid_unknown_fields=False):
    player: str
    slot: str
    pid: int = 0
    since: float = 0.0


_live_decoder = msgspec.json.Decoder(LiveGame)
_watch_decoder = msgspec.json.Decoder(Watching)


# -- where -----------------------------------------------------------------------------


def root() -> Path | None:
    """The machine's public folder, or None when there is none."""
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    return SHARED_ROOT if SHARED_ROOT.is_dir() else None


def me() -> str:
    return pwd.getpwuid(os.geteuid()).pw_name


def setting() -> str:
    """ "on" or "off": this player's choice (on where a public folder exists)."""
    try:
        said = (home() / SETTING).read_text(encoding="utf-8").strip()
    except OSError:
        said = ""
    return said if said in ("on", "off") else "on"


def set_setting(value: str) -> Path:
    if value not in ("on", "off"):
        raise SaveError("publishing is on or off")
    path = home() / SETTING
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(value + "\n", encoding="utf-8")
    return path


def enabled() -> bool:
    return root() is not None and setting() == "on"


def _own_dir(path: Path, mode: int = 0o755) -> Path:
    """path as a folder of this account's (made if missing); SaveError when it is
    a link or another account's."""
    try:
        path.mkdir(mode=mode, exist_ok=True)
        info = path.lstat()
    except OSError as e:
        raise SaveError(f"{path}: cannot make the public folder: {e.strerror or e}") from None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid():
        raise SaveError(f"{path}: is not this account's own folder; nothing is published there")
    if info.st_mode & 0o7777 != mode:
        os.chmod(path, mode)
    return path


def my_folder() -> Path:
    """This player's public folder, ROOT/<account> (made if missing)."""
    base = root()
    if base is None:
        raise SaveError("this machine has no public folder (docs/hosting.md)")
    return _own_dir(base / me())


def write_public(path: Path, data: bytes) -> None:
    """Replace path with data, readable by all (0644), written by this account only."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o644)
        try:
            os.fchmod(fd, 0o644)
            os.write(fd, data)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise SaveError(f"{path}: cannot publish: {e.strerror or e}") from None


def alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another account's process: it is there
    return True


# -- publishing a game ----------------------------------------------------------------------


class Publisher:
    """Publishes one game while it is played: a listener of its frames that
    rewrites the live record and copies the save's new bytes to the public
    copy. `close` takes both away."""

    def __init__(self, game: Any, save: Path, watchable: bool = True, why_not: str = "") -> None:
        self.game = game
        self.save = Path(save)
        self.slot = check_name(self.save.stem)
        self.folder = _own_dir(my_folder() / "live")
        self.record_path = self.folder / f"{self.slot}.json"
        self.copy_path = self.folder / f"{self.slot}.shamble"
        self.view_path = self.folder / f"{self.slot}.view"
        self.watchable = watchable
        self.why_not = why_not
        self.stream: Any = None  # players with secrets: the watcher's stream, not the log
        if watchable and getattr(getattr(game, "table", None), "hidden", False):
            from saves.view_stream import ViewWriter

            self.stream = ViewWriter(game, self.view_path, write_public)
        self.name = mission_name(game)
        self.started = time.time()
        self._copied = 0
        self._inode = 0
        self.closed = False
        self.update()
        game.listeners.append(self.on_frame)

    def on_frame(self, item: Any) -> None:
        try:
            if self.stream is not None and not self.closed:
                self.stream.frame(item)
            self.update()
        except SaveError:
            pass  # publishing is a nicety: a game never stops for it

    def update(self) -> None:
        if self.closed:
            return
        if self.watchable and self.stream is None:
            self._copy()
        view = self.game.view(self.game.watcher)
        when = view.get("round", view.get("turn"))
        record = LiveGame(
            slot=self.slot,
            mode=self.game.setup.mode,
            mission=self.game.setup.mission,
            name=self.name,
            round=when if isinstance(when, int) else None,
            started=self.started,
            updated=time.time(),
            pid=os.getpid(),
            watchable=self.watchable,
            view=self.stream is not None,
            why_not=self.why_not,
        )
        data = msgspec.json.encode(record)
        write_public(self.record_path, data)
        shared = sender()
        if shared is not None:  # other machines see it through the broker
            shared.set_live(self.slot, data)

    def _copy(self) -> None:
        """The public copy follows the save: new bytes appended, a rewritten
        save (another inode, or shorter) copied whole."""
        try:
            info = os.stat(self.save)
            if info.st_ino != self._inode or info.st_size < self._copied:
                data = self.save.read_bytes()
                write_public(self.copy_path, data)
                self._copied, self._inode = len(data), info.st_ino
            elif info.st_size > self._copied:
                with open(self.save, "rb") as f:
                    f.seek(self._copied)
                    chunk = f.read(info.st_size - self._copied)
                fd = os.open(self.copy_path, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW)
                try:
                    os.write(fd, chunk)
                finally:
                    os.close(fd)
                self._copied += len(chunk)
        except OSError as e:
            raise SaveError(f"{self.copy_path}: cannot publish: {e.strerror or e}") from None

    def watchers(self) -> tuple[str, ...]:
        return watchers_of(me(), self.slot)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.on_frame in self.game.listeners:
            self.game.listeners.remove(self.on_frame)
        for path in (self.record_path, self.copy_path, self.view_path):
            path.unlink(missing_ok=True)
        shared = sender()
        if shared is not None:
            shared.drop_live(self.slot)


def mission_name(game: Any) -> str:
    """The mission's own name ("Docking Ring"), or "" when the mode lists none."""
    try:
        rows = game.mode.missions()
    except Exception:  # a mode that cannot list its missions: the id will do
        return ""
    return next((str(r.get("name", "")) for r in rows if r.get("id") == game.setup.mission), "")


def publish(game: Any, save: Path | None) -> Publisher | None:
    """A Publisher for a game being saved at `save`, when this player publishes:
    a copy of its log to watch, or, where its players hold secrets, only what
    a watcher is told of it (saves/view_stream.py)."""
    if save is None or not enabled():
        return None
    try:
        return Publisher(game, save)
    except SaveError:
        return None


# -- reading what others publish ------------------------------------------------------------


def players() -> Iterator[tuple[str, Path, int]]:
    """(account, folder, uid) of each folder whose name is its owner's account."""
    base = root()
    if base is None:
        return
    try:
        entries = sorted(os.scandir(base), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISDIR(info.st_mode):
            continue
        try:
            owner = pwd.getpwuid(info.st_uid).pw_name
        except KeyError:
            continue
        if owner == entry.name:
            yield owner, Path(entry.path), info.st_uid


def read_owned(path: Path, uid: int, limit: int) -> bytes | None:
    """path's bytes when it is a regular file of uid's (not a link), else None."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != uid or info.st_size > limit:
            return None
        return os.read(fd, limit)
    except OSError:
        return None
    finally:
        os.close(fd)


def _records(sub: str, decoder: msgspec.json.Decoder) -> Iterator[tuple[str, str, Any]]:
    """(owner, file name, record) of each readable record in every believed
    player's folder `sub` (a file of another account, or damaged: passed over)."""
    for account, folder, uid in players():
        try:
            names = sorted(n for n in os.listdir(folder / sub) if n.endswith(".json"))
        except OSError:
            continue
        for name in names:
            data = read_owned(folder / sub / name, uid, RECORD_LIMIT)
            try:
                record = decoder.decode(data) if data else None
            except (msgspec.DecodeError, msgspec.ValidationError):
                record = None
            if record is not None:
                yield account, name, record


def _watching() -> list[tuple[str, Watching]]:
    return [(a, note) for a, _, note in _records("watching", _watch_decoder) if alive(note.pid)]


def _watchers(watching: list[tuple[str, Watching]], player: str, slot: str) -> tuple[str, ...]:
    return tuple(sorted({a for a, w in watching if (w.player, w.slot) == (player, slot)}))


def watchers_of(player: str, slot: str) -> tuple[str, ...]:
    return _watchers(_watching(), player, slot)


def live_games() -> list[LiveGame]:
    """Every game being played on this machine by a player who publishes."""
    now = time.time()
    watching = _watching()
    games = [
        msgspec.structs.replace(
            game, player=account, watchers=_watchers(watching, account, game.slot)
        )
        for account, name, game in _records("live", _live_decoder)
        if alive(game.pid) and now - game.updated <= STALE_S and name == f"{game.slot}.json"
    ]
    return sorted(games, key=lambda g: -g.updated)


def find(player: str, slot: str | None = None) -> LiveGame:
    """The live game of player (its slot, or their latest); SaveError when none."""
    games = [g for g in live_games() if g.player == player and (slot is None or g.slot == slot)]
    if not games:
        what = f"{player}/{slot}" if slot else player
        raise SaveError(f"no game of {what} is being played now (shamble who lists them)")
    return games[0]


def copy_of(game: LiveGame) -> Path:
    """Where the public copy of a live game's log, or its watcher's stream,
    lies (checked: its player's file)."""
    base = root()
    if base is None or not game.watchable:
        raise SaveError(
            f"{game.player}'s game cannot be watched"
            + (f": {game.why_not}" if game.why_not else "")
        )
    path = base / game.player / "live" / f"{game.slot}.{'view' if game.view else 'shamble'}"
    try:
        info = path.lstat()
        owner = pwd.getpwuid(info.st_uid).pw_name
    except (OSError, KeyError):
        raise SaveError(f"{path}: the game's copy is not there") from None
    if not stat.S_ISREG(info.st_mode) or owner != game.player:
        raise SaveError(f"{path}: is not {game.player}'s own copy; not watching it")
    return path


def follower_of(game: LiveGame) -> Any:
    """A follower of a live game: of its log's copy (saves.follow.Follower), or
    of its watcher's stream (saves.view_stream.ViewFollower)."""
    path = copy_of(game)
    if not game.view:
        from saves.follow import Follower

        return Follower(path)
    from saves.view_stream import ViewFollower

    return ViewFollower(path, owner=pwd.getpwnam(game.player).pw_uid)


class WatchNote:
    """While this player watches another's game: a note in their own folder."""

    def __init__(self, game: LiveGame) -> None:
        self.path: Path | None = None
        if not enabled():
            return
        try:
            folder = _own_dir(my_folder() / "watching")
            path = folder / f"{game.player}--{game.slot}.json"
            note = Watching(game.player, game.slot, os.getpid(), time.time())
            write_public(path, msgspec.json.encode(note))
            self.path = path
        except SaveError:
            self.path = None

    def close(self) -> None:
        if self.path is not None:
            self.path.unlink(missing_ok=True)
            self.path = None


# -- past one machine: the broker (saves/public_redis.py) --------------------------------------

_sender: Any = None


def sender() -> Any:
    """This process's sender to the broker, when this player publishes and has
    set one (started the first time it is needed), else None."""
    global _sender
    if _sender is not None or not enabled():
        return _sender
    from saves import public_redis

    url = public_redis.configured()
    if url is None:
        return None

    def table() -> list[Score]:
        from saves import scores

        try:
            return scores.read()
        except (SaveError, OSError):
            return []  # an unreadable table: the local scoreboard says why

    _sender = public_redis.Sender(url, public_redis.account_of(url, me()), table)
    return _sender


def broker_url(url: str | None) -> str | None:
    from saves import public_redis

    return url or public_redis.configured()


def live_everywhere(url: str | None = None) -> tuple[list[LiveGame], str]:
    """The games being played now on this machine and, through the broker (url,
    else the one this player set), on the others; and why the others are
    missing ("" when they are not)."""
    from saves import public_redis

    games = live_games()
    url = broker_url(url)
    if url is None:
        return games, ""
    try:
        remote = others_live(url)
    except public_redis.BrokerDown as e:
        return games, f"{e}: showing this machine's games only"
    return sorted(games + remote, key=lambda g: -g.updated), ""


def others_live(url: str) -> list[LiveGame]:
    """The games other machines play now, through the broker at url, each
    listed and not watchable from here; BrokerDown when it does not answer
    (within public_redis.TIMEOUT: call it off a screen's thread)."""
    from saves import public_redis

    here = public_redis.this_host()
    now = time.time()
    games = []
    for account, host, game in public_redis.live_games(url, _live_decoder):
        if host == here or now - game.updated > STALE_S:
            continue  # this machine's own games are read from its folder
        games.append(
            msgspec.structs.replace(
                game, player=account, host=host, watchers=(), watchable=False,
                why_not=f"it is played on {host}: watch it there",
            )
        )  # fmt: skip
    return games
