"""How big a command's fields may be, for every mode.

A command names things by id (a survivor, a zone, a card, an option), gives
a few cells or a few cards: nothing in it means more than WORD characters
or FEW items. A command's Struct bounds its fields with these, so msgspec
refuses a longer one (`malformed command: Expected str of length <= 64 -
at $.target`) before a mode reads it, and no command grows a save beyond
what it means. Saves are read without the bounds (engine/core/wire.py
strips them): a game saved before them still loads."""

from __future__ import annotations

from typing import Annotated

import msgspec

WORD = 64  # characters in an id, an option, a card's name
FEW = 64  # items in a list of cells, cards or targets

Word = Annotated[str, msgspec.Meta(max_length=WORD)]
Few = msgspec.Meta(max_length=FEW)  # Annotated[list[...], Few]
