"""The toy mode's UI adapter (tests/tui/toy_engine.py): the smallest complete
example of what tui/modes/README.md asks of a mode, used only by tests.

A one-character-wide cell grid with the cursor on a cell, the seats' hands
in a panel (your own card only), `m` to target a step, `d` to draw, `e` to
end the turn; a seat with a person and another person at the keyboard is
`secret`, so the shared screen hands over between them."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from tui.keys import Key
from tui.modes.base import Host, ModeUI, Play, Targeting
from tui.widgets.board import CURSOR, PLAIN, TARGET, Scene
from tui.widgets.fields import ChoiceFields
from tui.widgets.panels import Panel

STYLES = {
    "wall": Style(color="bright_black"),
    "floor": Style(color="bright_black"),
    "goal": Style(color="bright_green", bold=True),
    "figure": Style(color="bright_white", bold=True),
}
FIGURE = {"p1": "A", "p2": "B"}


class HandPanel(Panel):
    """Each seat's card: the viewer's own, the others' hidden."""

    title = "Hands"

    def show(self, host: Host) -> None:
        lines = []
        for sid, seat in host.view["seats"].items():
            card = "?" if seat["card"] is None else str(seat["card"])
            lines.append(f"{FIGURE[sid]} {sid} ({seat['kind']}): card {card}")
        self.put(Text("\n".join(lines)))


class ToyPlay(Play):
    keys = (
        Key(
            "m", "move", "step (targets highlighted; m again cycles)", "Actions", True, label="step"
        ),
        Key("d", "draw", "draw a new secret card", "Actions", True, label="draw"),
        Key("e", "end_turn", "end the turn", "Turn", True, label="end"),
    )

    def __init__(self, game: Any, ascii_only: bool = False) -> None:
        super().__init__(game, ascii_only)
        self.last_human = "p1"

    def humans(self) -> list[str]:
        seats = self.game.summary()["seats"]
        return [sid for sid, s in seats.items() if s["kind"] == "human"]

    def viewer(self) -> str:
        current = self.game.summary()["current"]
        if current in self.humans():
            self.last_human = current
        return self.last_human

    def scene(self, host: Host) -> Scene:
        view = host.view
        at = {tuple(s["at"]): sid for sid, s in view["seats"].items()}
        targets = set(host.targeting.options) if host.targeting else set()
        rows = []
        for y, line in enumerate(view["map"]):
            row = []
            for x, ch in enumerate(line):
                if (x, y) in at:
                    text, style = FIGURE[at[(x, y)]], "figure"
                else:
                    text, style = ch, {"#": "wall", "G": "goal"}.get(ch, "floor")
                mark = CURSOR if (x, y) == host.cursor else TARGET if (x, y) in targets else PLAIN
                row.append((text, style, mark))
            rows.append(tuple(row))
        x, y = host.cursor or (0, 0)
        return Scene(rows, cell_width=1, focus=(x, y, x, y), styles=STYLES)

    def home(self, host: Host) -> tuple[int, int]:
        return tuple(host.view["seats"][host.view["current"]]["at"])

    def step(self, host: Host, cursor: Any, dx: int, dy: int) -> tuple[int, int] | None:
        x, y = cursor[0] + dx, cursor[1] + dy
        rows = host.view["map"]
        return (x, y) if 0 <= y < len(rows) and 0 <= x < len(rows[y]) else None

    def cursor_at(self, host: Host, x: int, y: int) -> tuple[int, int]:
        return (x, y)

    def panels(self) -> list[Panel]:
        return [HandPanel(id="hands")]

    def narrate(self, events, reader: str | None = None) -> list[str]:
        lines = []
        for e in events:
            e = e if isinstance(e, dict) else __import__("msgspec").to_builtins(e)
            match e["type"]:
                case "moved":
                    lines.append(f"{FIGURE[e['seat']]} steps to {e['to'][0]},{e['to'][1]}.")
                case "dealt" if e["drawn"]:  # never the card: every seat reads the log
                    lines.append(f"{FIGURE[e['seat']]} draws a new card.")
                case "turn_ended":
                    lines.append(f"{FIGURE[e['seat']]} ends the turn.")
                case "won":
                    lines.append(f"{FIGURE[e['seat']]} reaches the goal!")
        return lines

    def status(self, host: Host) -> Text:
        view = host.view
        return Text(f"{FIGURE[view['current']]}: {view['steps_left']} steps left; m step, e end")

    def bot_note(self, command: dict, view: dict) -> str:
        return "The bot moves... (any key skips to the end)"

    def mine(self, host: Host, ctype: str) -> list[dict]:
        return [c for c in host.legal if c["type"] == ctype]

    def key_move(self, host: Host) -> None:
        steps = self.mine(host, "move")
        if not steps:
            host.add_log(["No step to take."])
            return
        options = {tuple(c["to"]): [c] for c in steps}
        host.start_targeting(Targeting("move", "Step", "m", options))

    def key_draw(self, host: Host) -> None:
        found = self.mine(host, "draw")
        host.act(found[0]) if found else host.add_log(["One draw a turn."])

    def key_end_turn(self, host: Host) -> None:
        found = self.mine(host, "end_turn")
        if found:
            host.act(found[0])


class ToyFields(ChoiceFields):
    options = (
        (
            "seats",
            "Seats",
            [("you and a bot", "human,bot"), ("two people", "human,human")],
            "human,bot",
        ),
    )


class ToyUI(ModeUI):
    mode_id = "toy"
    name = "Toy"
    play_type = ToyPlay

    def fields(self) -> ToyFields:
        return ToyFields(id="mode-fields")
