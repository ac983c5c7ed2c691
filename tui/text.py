"""Small words every screen uses: ids as players read them."""

from __future__ import annotations


def display_name(figure_id: str) -> str:
    """An id as a name: "vega" -> "Vega"."""
    return figure_id[:1].upper() + figure_id[1:]


def initial(figure_id: str) -> str:
    return figure_id[:1].upper()


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
