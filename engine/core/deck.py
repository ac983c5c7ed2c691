"""Decks of any card type (K-4): the top card, refilled from the discards.

A deck is a draw pile (top first) and a discard pile, both tuples of card
ids, kept in a mode's state; shuffles use the game's shuffle counter."""

from __future__ import annotations

from engine.core import rng


def top(
    pile: tuple[str, ...], discard: tuple[str, ...], seed: int, shuffle_no: int
) -> tuple[str | None, tuple[str, ...] | None]:
    """(top card or None, the new pile order when the discards were shuffled in).

    An empty pile is refilled by shuffling its discard pile; a deck with no
    discards stays empty (K-4)."""
    if pile:
        return pile[0], None
    if not discard:
        return None, None
    order = rng.shuffled(seed, shuffle_no, discard)
    return order[0], order
