"""The `c` screen: the person's own event cards, each with its full text."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tui.modes.outbreak.words import card_name, card_text


class CardsScreen(ModalScreen[None]):
    """Read-only: Esc, Enter or c closes it."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    CardsScreen { align: center middle; }
    CardsScreen #cards-box { width: 70; }
    """
    BINDINGS = [Binding("escape,enter,c,q", "close", "close", show=False)]

    def __init__(self, owner: str, hand: list[str]) -> None:
        super().__init__()
        self.owner = owner
        self.hand = list(hand)

    def compose(self) -> ComposeResult:
        text = Text()
        for i, card in enumerate(self.hand):
            if i:
                text.append("\n")
            text.append(card_name(card), "bold")
            text.append(f"\n  {card_text(card)}")
        if not self.hand:
            text.append("No cards.", "dim")
        with Vertical(id="cards-box", classes="dialog"):
            yield Label(f"{self.owner} cards", id="question")
            yield Static(text, id="cards-text")
            yield Label(
                "A card is played before the tile is drawn (p). Esc closes.", classes="note"
            )

    def action_close(self) -> None:
        self.dismiss(None)
