"""Talk at the table (issue 31): the lines players say to each other in a
shared game, outside its rules.

A line is plain words: control characters and escape sequences are taken
out before it is kept or shown anywhere, so nothing one player types can
move a cursor, change a colour or retitle a window on another's terminal.
Each account may say a few lines at a time (a rate limit), each line of a
bounded length, and the host may mute an account. Lines carry no game data:
the host stamps who said it and where in the game (the journal's length)
and nothing else.

The lines are kept beside the game's save, in `<name>.chat.jsonl` next to
its seat table, never in the event log: the game's log, undo and replay
are the same with or without talk, and a restarted host reads them back.
The host's choices about the talk (whom it muted, whether the watchers
talk apart) are kept beside them in `<name>.talk.json`, so a host resumed
after a crash or a reboot keeps them too."""

from __future__ import annotations

import os
import re
import sys
import time
import unicodedata
from collections import deque
from pathlib import Path

import msgspec

from saves.files import SaveError, private_folder, write_atomic

MAX_CHARS = 300  # a line's length at most, after cleaning
RATE_LINES = 5  # lines an account may say...
RATE_SECONDS = 10.0  # ...within this many seconds
KEEP = 40  # lines a joining player is told
FILE_LIMIT = 1 << 20  # bytes of a chat record read back on a restart

_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: cursor moves, colours
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: window titles, links
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"  # DCS, SOS, PM, APC strings
    r"|\x1b.?"  # any other escape
    r"|\x9b[0-?]*[ -/]*[@-~]"  # 8-bit CSI
)


class ChatLine(msgspec.Struct, frozen=True, omit_defaults=True):
    """One line said at the table (or a note of who came and went)."""

    account: str
    text: str
    seat: str = ""  # how the table reads the speaker's seat: "Player 2"; "" watching
    at: int = 0  # journal frames when it was said: where in the game
    time: float = 0.0
    kind: str = "say"  # say | presence
    channel: str = ""  # "": the whole table; "watchers": watchers only (Talk.watchers_apart)


def clean(text: str) -> str:
    """text as plain words: no escape sequence, no control or format
    character (bidi overrides included), spaces for tabs and line breaks,
    trimmed."""
    text = _ESCAPES.sub("", text)
    out = []
    for ch in text:
        if ch in "\t\r\n":
            out.append(" ")
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            continue
        else:
            out.append(ch)
    return re.sub(r" {2,}", " ", "".join(out)).strip()


def chat_file(home: Path, name: str) -> Path:
    return home / "coop" / f"{name}.chat.jsonl"


def settings_beside(record: Path) -> Path:
    """The host's choices about the talk whose record is `record` (NAME.chat.jsonl)."""
    return record.with_name(record.name.removesuffix(".chat.jsonl") + ".talk.json")


class TalkSettings(msgspec.Struct, omit_defaults=True, forbid_unknown_fields=False):
    """What the host chose about the talk: kept as it changes, read on a restart."""

    watchers_apart: bool = False
    muted: list[str] = []


# what the host's log says when a file of the talk stops being written, and again
RECORD = (
    "the table's talk is no longer recorded",
    "the table's talk is recorded again (the lines said meanwhile are not in it)",
)
CHOICES = (
    "the host's choices about the talk (whom it muted, the watchers apart) are not kept"
    " for a restart",
    "the host's choices about the talk are kept again",
)


def to_host_log(text: str) -> None:
    """A line of the host's log (its stderr: who came and went, what the bot
    did, the talk, what could not be written)."""
    print(text, file=sys.stderr, flush=True)


def record_beside(save: Path) -> Path:
    """The talk of the shared game whose save is `save` (HOME/saves/NAME.shamble)."""
    return chat_file(save.parent.parent, save.stem)


class Talk:
    """The table's talk: what may be said, by whom, and the record of it."""

    def __init__(self, path: Path | None = None, now=time.monotonic) -> None:  # noqa: ANN001
        self.path = path
        self.now = now
        # the files of the talk not written now (a full or unwritable disk):
        # the host's log was told so once, and is told once when they are again
        self._failing: set[Path] = set()
        self.lines: list[ChatLine] = []
        self.muted: set[str] = set()
        # the host's choice: watchers talk among themselves, the players do
        # not hear them (the players' lines still reach the watchers)
        self.watchers_apart = False
        self._said: dict[str, deque[float]] = {}
        if path is not None:
            self._load(path)
            self._load_settings(settings_beside(path))

    def _load_settings(self, path: Path) -> None:
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return
        except OSError as e:
            raise SaveError(f"{path}: the host's choices cannot be read: {e.strerror}") from None
        try:
            settings = msgspec.json.decode(data, type=TalkSettings)
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise SaveError(f"{path}: damaged ({e})") from None
        self.watchers_apart = settings.watchers_apart
        self.muted = set(settings.muted)

    def set_apart(self, apart: bool) -> None:
        """The host sets the watchers apart (or together again), kept for a restart."""
        self.watchers_apart = apart
        self._save_settings()

    def set_muted(self, account: str, muted: bool) -> None:
        """The host mutes an account (or no longer does), kept for a restart."""
        (self.muted.add if muted else self.muted.discard)(account)
        self._save_settings()

    def _save_settings(self) -> None:
        if self.path is None:
            return
        settings = TalkSettings(self.watchers_apart, sorted(self.muted))
        path = settings_beside(self.path)
        try:
            private_folder(self.path.parent)
            write_atomic(path, msgspec.json.encode(settings), fsync=False)
        except (OSError, SaveError) as e:  # talk is a nicety: the game goes on without it
            self._written(path, e, CHOICES)
        else:
            self._written(path, None, CHOICES)

    def _written(
        self, path: Path, error: OSError | SaveError | None, said: tuple[str, str]
    ) -> None:
        """Tell the host once that a file of the talk is no longer written
        (not at every line said), and once that it is written again."""
        if error is not None and path not in self._failing:
            self._failing.add(path)
            # a SaveError names the file and what failed; an OSError only why
            why = str(error) if isinstance(error, SaveError) else f"{path}: {error.strerror}"
            to_host_log(f"{why}: {said[0]}; the game goes on")
        elif error is None and path in self._failing:
            self._failing.discard(path)
            to_host_log(f"{path}: {said[1]}")

    def _load(self, path: Path) -> None:
        try:
            with open(path, "rb") as f:
                size = os.fstat(f.fileno()).st_size
                f.seek(max(0, size - FILE_LIMIT))
                data = f.read()
        except FileNotFoundError:
            return
        except OSError as e:
            raise SaveError(f"{path}: the table's talk cannot be read: {e.strerror}") from None
        decoder = msgspec.json.Decoder(ChatLine)
        for raw in data.splitlines():
            try:
                line = decoder.decode(raw)
            except (msgspec.DecodeError, msgspec.ValidationError):
                continue  # a torn or damaged line (or the cut at FILE_LIMIT): skip it
            self.lines.append(msgspec.structs.replace(line, text=clean(line.text)))
        del self.lines[:-KEEP]

    def refusal(self, account: str, text: str) -> str | None:
        """Why account may not say text now, or None."""
        if account in self.muted:
            return "the host has muted you: your lines are not passed on"
        if not clean(text):
            return "say something: the line is empty"
        if len(clean(text)) > MAX_CHARS:
            return f"a line is at most {MAX_CHARS} characters"
        said = self._said.get(account)
        if said is not None:
            while said and self.now() - said[0] > RATE_SECONDS:
                said.popleft()
            if len(said) >= RATE_LINES:
                return f"slow down: {RATE_LINES} lines in {RATE_SECONDS:.0f} seconds at most"
        return None

    def say(self, account: str, text: str, seat: str, at: int, channel: str = "") -> ChatLine:
        """Keep a line (refusal() said it may be said) and return it."""
        self._said.setdefault(account, deque()).append(self.now())
        return self._keep(ChatLine(account, clean(text), seat, at, time.time(), "say", channel))

    def note(self, account: str, text: str, at: int) -> ChatLine:
        """A line about the table itself (who came, who left)."""
        return self._keep(ChatLine(account, clean(text), "", at, time.time(), "presence"))

    def _keep(self, line: ChatLine) -> ChatLine:
        self.lines.append(line)
        del self.lines[:-KEEP]
        if self.path is not None:
            try:
                private_folder(self.path.parent)
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
                try:
                    os.write(fd, msgspec.json.encode(line) + b"\n")
                finally:
                    os.close(fd)
            except OSError as e:  # talk is a nicety: the game goes on without its record
                self._written(self.path, e, RECORD)
            else:
                self._written(self.path, None, RECORD)
        return line

    def recent(self, watcher: bool = False) -> list[ChatLine]:
        """The last lines for someone joining: the watchers' own only to a watcher."""
        return [x for x in self.lines if watcher or x.channel != "watchers"][-KEEP:]


def read_record(path: Path) -> list[ChatLine]:
    """Every line of a chat record (for a replay), oldest first."""
    try:
        data = path.read_bytes()
    except OSError:
        return []
    decoder = msgspec.json.Decoder(ChatLine)
    lines = []
    for raw in data.splitlines():
        try:
            line = decoder.decode(raw)
        except (msgspec.DecodeError, msgspec.ValidationError):
            continue
        lines.append(msgspec.structs.replace(line, text=clean(line.text)))
    return lines


def spoken(line: ChatLine) -> str:
    """A line as a player's log shows it, marked apart from the game's story."""
    if line.kind == "presence":
        return f"* {line.text}"
    who = f"{line.account} ({line.seat})" if line.seat else f"{line.account} (watching)"
    if line.channel == "watchers":
        return f"{who} says to the watchers: {line.text}"
    return f"{who} says: {line.text}"
