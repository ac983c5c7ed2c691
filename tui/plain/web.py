"""The plain interface in a browser tab (`shamble serve --plain`).

A served game talks to the server in textual-serve's packets over its
standard input and output (1 byte of type, 4 of big-endian size, the
payload): "D" packets carry the terminal's bytes each way, "M" packets JSON
meta ({"type": "quit"} from the server; {"type": "exit"} when the game
leaves). With no terminal driver in between, the plain interface does its
own line editing here: it echoes what is typed, takes Backspace back and
ends the line on Enter; arrow keys and other escape sequences are ignored."""

from __future__ import annotations

import json
import os
import re
import threading
from typing import BinaryIO

from tui.plain.io import Lines

PRELUDE = b"__GANGLION__\n"  # the first line textual-serve waits for
_ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|O.|.)")


def wanted() -> bool:
    """This game runs under `shamble serve` (its web driver is named)."""
    return os.environ.get("TEXTUAL_DRIVER", "").startswith("tui.webdriver")


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


class PacketText:
    """A text stream whose writes go out as "D" packets, lines ending in CR LF."""

    def __init__(self, raw: BinaryIO) -> None:
        self.raw = raw
        self.buffer: list[str] = []
        # a shared game echoes typed keys from its reading thread while news
        # is written from its loop: one at a time, so no write is lost
        self.lock = threading.Lock()

    def write(self, text: str) -> int:
        with self.lock:
            self.buffer.append(text)
        return len(text)

    def flush(self) -> None:
        with self.lock:
            if self.buffer:
                text = "".join(self.buffer).replace("\r\n", "\n").replace("\n", "\r\n")
                self.buffer = []
                self.raw.write(packet(b"D", text.encode("utf-8")))
            self.raw.flush()

    def isatty(self) -> bool:
        return False


class WebLines(Lines):
    """Lines over textual-serve's packets: `ask` edits the typed line itself."""

    def __init__(self, raw_in: BinaryIO, raw_out: BinaryIO) -> None:
        super().__init__(PacketText(raw_out))
        self.raw_in = raw_in
        self.raw_out = raw_out
        self.keys = ""  # typed characters not yet taken into a line
        self.closed = False
        raw_out.write(PRELUDE)
        raw_out.flush()

    def _read_packet(self) -> tuple[bytes, bytes] | None:
        head = self.raw_in.read(5)
        if len(head) < 5:
            return None
        size = int.from_bytes(head[1:], "big")
        payload = self.raw_in.read(size)
        if len(payload) < size:
            return None
        return head[:1], payload

    def _more_keys(self) -> bool:
        """Read until some typed characters arrive; False when the input ended."""
        while not self.closed:
            got = self._read_packet()
            if got is None:
                self.closed = True
                break
            kind, payload = got
            if kind == b"D":
                self.keys += _ESCAPE.sub("", payload.decode("utf-8", "replace"))
                return True
            if kind == b"M":
                try:
                    meta = json.loads(payload)
                except ValueError:
                    continue
                if isinstance(meta, dict) and meta.get("type") in ("quit", "exit"):
                    self.closed = True
                elif isinstance(meta, dict) and meta.get("type") == "resize":
                    width = meta.get("width")
                    if isinstance(width, int) and width > 0:
                        self.columns = width  # lines fit the tab's terminal
        return False

    def read(self) -> str | None:
        line: list[str] = []
        while True:
            while not self.keys:
                if not self._more_keys():
                    return None
            ch, self.keys = self.keys[0], self.keys[1:]
            if ch in "\r\n":
                if ch == "\r" and self.keys.startswith("\n"):
                    self.keys = self.keys[1:]
                self.out.write("\n")
                self.out.flush()
                return "".join(line).strip()
            if ch in "\x7f\b":
                if line:
                    line.pop()
                    self.out.write("\b \b")
            elif ch == "\x03" or ch == "\x04":  # Ctrl+C, Ctrl+D: the player leaves
                self.out.write("\n")
                self.out.flush()
                return None
            elif ch.isprintable():
                line.append(ch)
                self.out.write(ch)
            self.out.flush()

    def finish(self) -> None:
        """Tell the server this game has ended."""
        try:
            self.out.flush()
            self.raw_out.write(packet(b"M", json.dumps({"type": "exit"}).encode()))
            self.raw_out.flush()
        except OSError:
            pass
