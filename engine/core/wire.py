"""The wire form of journal items in saves of format 3: msgpack arrays.

A command or an event is written as [tag, field, field, ...] with an integer
tag from its mode's table, fields in their class's order, trailing defaults
left out; the structs nested in them (cards, attacks, pending choices) as
arrays of their fields. The public Structs keep their JSON and dict form
({"type": "move", ...}): only saves use this one. The codec decodes the
arrays into mirror Structs built here from each mode's unions (msgspec
checks every type on the way) and rebuilds the real Structs from them.

Each mode owns its table, `engine/content/<mode>/wire.toml`: a line per
command, per event and per nested struct, naming its integer tag (not for
nested structs) and its fields in order. The table is append-only: a tag
once given keeps its meaning, and a field is only ever added at the end of a
line (with a default in its class, so older saves still read). The codec
refuses to start when a class and its line disagree, so a change to a class
that would misread older saves is found by the first test that saves.

A mode without a table (a test's toy mode) is written with its string tags.
"""

from __future__ import annotations

import tomllib
import types
import typing
from collections.abc import Callable
from importlib import resources
from typing import Any

import msgspec

Convert = Callable[[Any], Any]


class WireError(ValueError):
    """A mode's wire table does not match its classes; the message says how."""


class Table(msgspec.Struct, frozen=True):
    """One mode's wire table as its TOML file has it."""

    commands: dict[str, list[Any]] = {}  # tag -> [integer tag, field, ...]
    events: dict[str, list[Any]] = {}
    records: dict[str, list[str]] = {}  # nested struct class name -> [field, ...]


def load_table(mode_id: str) -> Table | None:
    """The mode's wire table, or None when it ships none."""
    try:
        text = resources.files("engine.content").joinpath(mode_id, "wire.toml").read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return None
    where = f"engine/content/{mode_id}/wire.toml"
    try:
        return msgspec.convert(tomllib.loads(text), Table)
    except (tomllib.TOMLDecodeError, msgspec.ValidationError) as e:
        raise WireError(f"{where}: {e}") from None


def _fields(cls: type) -> tuple[msgspec.structs.FieldInfo, ...]:
    return msgspec.structs.fields(cls)


def _members(union: Any) -> tuple[type, ...]:
    args = typing.get_args(union)
    return args if args else (union,)


def _runtime(t: Any) -> Any:
    """The class a value of annotation t has at run time (dict for dict[str, X])."""
    if typing.get_origin(t) is typing.Annotated:
        t = typing.get_args(t)[0]
    return typing.get_origin(t) or t


def _is_struct(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, msgspec.Struct)


class _Builder:
    """Mirror types and converters for one mode (see the module docstring)."""

    def __init__(self, where: str, table: Table | None) -> None:
        self.where = where
        self.table = table
        self.mirror: dict[type, type] = {}  # real struct -> mirror (or itself)
        self.to_real: dict[type, Convert | None] = {}  # mirror -> rebuild
        self.to_wire: dict[type, Convert | None] = {}  # real -> mirror
        self.tags: dict[str, dict[int, str]] = {}  # kind -> integer tag -> string tag

    def tagged(self, cls: type, kind: str) -> None:
        """A command or event: an array whose first element is its tag."""
        tag = cls.__struct_config__.tag
        if not isinstance(tag, str):
            raise WireError(f"{self.where}: {cls.__name__} has no string tag")
        if self.table is None:
            self._struct(cls, tag, None)
            return
        line = getattr(self.table, kind).get(tag)
        if not line or not isinstance(line[0], int) or isinstance(line[0], bool):
            raise WireError(
                f"{self.where}: the {kind[:-1]} {tag!r} has no integer tag: "
                f"add a line to [{kind}] with a tag no other {kind[:-1]} had"
            )
        taken = self.tags.setdefault(kind, {})
        if line[0] in taken:
            raise WireError(
                f"{self.where}: the {kind[:-1]}s {taken[line[0]]!r} and {tag!r} share the "
                f"tag {line[0]}"
            )
        taken[line[0]] = tag
        self._struct(cls, line[0], [str(f) for f in line[1:]], f"the {kind[:-1]} {tag!r}")

    def _struct(
        self, cls: type, tag: int | str | None, pinned: list[str] | None, label: str = ""
    ) -> type:
        if cls in self.mirror:
            return self.mirror[cls]
        fields = _fields(cls)
        names = [f.name for f in fields]
        if pinned is not None and pinned != names:
            raise WireError(
                f"{self.where}: {label or cls.__name__} has the fields {names}, its line lists "
                f"{pinned}: fields are only added at the end, and listed there too"
            )
        self.mirror[cls] = cls  # until built: a struct that holds itself
        convs = [self._convert(f.type) for f in fields]
        mapped = [self._type(f.type) for f in fields]
        if tag is None and cls.__struct_config__.array_like:
            if all(t is f.type for t, f in zip(mapped, fields, strict=True)):
                return cls  # already an array of plain values: written as it is
        spec = []
        for f, t in zip(fields, mapped, strict=True):
            if f.default is not msgspec.NODEFAULT:
                spec.append((f.name, t, f.default))
            elif f.default_factory is not msgspec.NODEFAULT:
                spec.append((f.name, t, msgspec.field(default_factory=f.default_factory)))
            else:
                spec.append((f.name, t))
        options: dict[str, Any] = {"tag": tag} if tag is not None else {}
        mirror = msgspec.defstruct(
            cls.__name__,
            spec,
            array_like=True,
            frozen=True,
            omit_defaults=True,
            gc=False,
            module=__name__,
            **options,
        )
        self.mirror[cls] = mirror
        self.to_real[mirror] = _copier(cls, names, [r for r, _ in convs])
        self.to_wire[cls] = _copier(mirror, names, [w for _, w in convs])
        return mirror

    def record(self, cls: type) -> type:
        """A struct nested in a command or an event: an array of its fields."""
        if cls in self.mirror:
            return self.mirror[cls]
        if cls.__struct_config__.tag is not None:
            raise WireError(f"{self.where}: nested {cls.__name__} is tagged: not supported")
        pinned = None
        if self.table is not None:
            pinned = self.table.records.get(cls.__name__)
            if pinned is None:
                raise WireError(
                    f"{self.where}: {cls.__name__} (inside a command or an event) has no "
                    "line in [records]: list its fields there"
                )
        return self._struct(cls, None, pinned)

    # -- types: a real annotation -> its mirror annotation and converters ------------
    def _type(self, t: Any) -> Any:
        if typing.get_origin(t) is typing.Annotated:  # a command's bounds: saves read without
            return self._type(typing.get_args(t)[0])
        if _is_struct(t):
            return self.record(t) if t not in self.mirror else self.mirror[t]
        origin = typing.get_origin(t)
        if origin is None:
            return t
        args = typing.get_args(t)
        mapped = tuple(a if a is Ellipsis else self._type(a) for a in args)
        if mapped == args:
            return t
        if origin in (typing.Union, types.UnionType):
            return typing.Union[mapped]  # noqa: UP007 (a runtime union of computed types)
        return origin[mapped]

    def _convert(self, t: Any) -> tuple[Convert | None, Convert | None]:
        """(mirror value -> real value, real value -> mirror value) for an annotation,
        None where the value is the same in both."""
        if typing.get_origin(t) is typing.Annotated:
            return self._convert(typing.get_args(t)[0])
        if _is_struct(t):
            mirror = self._type(t)
            if mirror is t:
                return None, None
            return self.to_real[mirror], self.to_wire[t]
        origin = typing.get_origin(t)
        if origin is None:
            return None, None
        args = [a for a in typing.get_args(t) if a is not Ellipsis]
        inner = [self._convert(a) for a in args]
        if not any(r for r, _ in inner):
            return None, None
        if origin in (typing.Union, types.UnionType):
            # told apart by their class at run time: a struct, or a container's
            real = {_runtime(self._type(a)): r for a, (r, _) in zip(args, inner, strict=True) if r}
            wire = {_runtime(a): w for a, (_, w) in zip(args, inner, strict=True) if w}
            if len({_runtime(a) for a in args}) < len(args):
                raise WireError(f"{self.where}: cannot tell the members of {t!r} apart")
            return (
                lambda v: real[type(v)](v) if type(v) in real else v,
                lambda v: wire[type(v)](v) if type(v) in wire else v,
            )
        if origin is dict:
            (kr, kw), (vr, vw) = inner
            if kr:
                raise WireError(f"{self.where}: a struct as a dict key is not supported")
            return (
                lambda d: {k: vr(v) for k, v in d.items()},
                lambda d: {k: vw(v) for k, v in d.items()},
            )
        if origin in (tuple, list, set, frozenset) and len(inner) == 1:
            (r, w) = inner[0]
            return (lambda s: origin(map(r, s))), (lambda s: origin(map(w, s)))
        if origin is tuple:
            rs = [r or (lambda v: v) for r, _ in inner]
            ws = [w or (lambda v: v) for _, w in inner]
            return (
                lambda s: tuple(f(v) for f, v in zip(rs, s, strict=True)),
                lambda s: tuple(f(v) for f, v in zip(ws, s, strict=True)),
            )
        raise WireError(f"{self.where}: cannot write {t!r} in the wire form")


def _copier(target: type, names: list[str], convs: list[Convert | None]) -> Convert:
    """A function that builds `target` from the same-named fields of a struct,
    each through its converter (None: as it is)."""
    astuple = msgspec.structs.astuple
    positional = target.__match_args__  # the rest are keyword-only
    if not any(convs) and len(positional) == len(names):
        return lambda v: target(*astuple(v))
    pairs = list(zip(names, convs, strict=True))
    cut = len(positional)

    def copy(v: Any) -> Any:
        values = [c(x) if c else x for (_, c), x in zip(pairs, astuple(v), strict=True)]
        keywords = {name: x for (name, _), x in zip(pairs[cut:], values[cut:], strict=True)}
        return target(*values[:cut], **keywords)

    return copy


class Codec:
    """Format 3 items of one mode: encode a list of journal items to one
    payload, decode a payload back to the real items."""

    def __init__(
        self,
        where: str,
        table: Table | None,
        command_type: Any,
        event_type: Any,
        entry_type: type,
        marks: dict[type, type],
    ) -> None:
        """`where` names the table (or the mode) in errors; `table` None: string
        tags. `marks`: the kernel's other journal items (undo, redo, snapshot),
        each with its array mirror."""
        b = _Builder(where, table)
        for cls in _members(command_type):
            b.tagged(cls, "commands")
        for cls in _members(event_type):
            b.tagged(cls, "events")
        self.table = table
        command = typing.Union[tuple(b.mirror[c] for c in _members(command_type))]  # noqa: UP007
        event = typing.Union[tuple(b.mirror[c] for c in _members(event_type))]  # noqa: UP007
        wire_entry = msgspec.defstruct(
            "Entry",
            [("command", command), ("events", tuple[event, ...])],
            array_like=True,
            frozen=True,
            gc=False,
            tag=ENTRY_TAG,
            module=__name__,
        )
        self._entry = entry_type
        self._wire_entry = wire_entry
        self._marks = {mirror: real for real, mirror in marks.items()}
        self._mark_wire = dict(marks)
        self._real = b.to_real
        self._wire = b.to_wire
        item = typing.Union[(wire_entry, *self._mark_wire.values())]  # noqa: UP007
        self.decoder = msgspec.msgpack.Decoder(list[item])
        self.encoder = msgspec.msgpack.Encoder()

    def to_wire(self, item: Any) -> Any:
        if type(item) is self._entry:
            wire = self._wire
            return self._wire_entry(
                wire[type(item.command)](item.command),
                tuple([wire[type(e)](e) for e in item.events]),
            )
        return _mark_to_wire(self._mark_wire, item)

    def encode(self, items: list[Any]) -> bytes:
        return self.encoder.encode([self.to_wire(i) for i in items])

    def decode(self, payload: bytes | memoryview) -> list[Any]:
        """The real items of one payload; msgspec.ValidationError or DecodeError
        when the bytes are not this mode's items."""
        real = self._real
        entry, wire_entry, marks = self._entry, self._wire_entry, self._marks
        out = []
        for w in self.decoder.decode(payload):
            if type(w) is wire_entry:
                c = w.command
                out.append(entry(real[type(c)](c), tuple([real[type(e)](e) for e in w.events])))
            else:
                out.append(_mark_from_wire(marks, w))
        return out


ENTRY_TAG = 1  # the kernel's tag for a command with its events (log.py has the rest)


def _mark_to_wire(mirrors: dict[type, type], item: Any) -> Any:
    mirror = mirrors.get(type(item))
    if mirror is None:
        raise TypeError(f"not a journal item: {item!r}")
    return mirror(*msgspec.structs.astuple(item))


def _mark_from_wire(reals: dict[type, type], w: Any) -> Any:
    return reals[type(w)](*msgspec.structs.astuple(w))
