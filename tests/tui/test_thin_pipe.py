"""Fast over a thin pipe (issue 16): what a key sends to the terminal.

The real game runs in an 80x24 pty (bench/pty_figures.py's Terminal: every
byte counted, a terminal emulator reading them); headless pilot tests pin
the widgets' side: the footer keeps its keys, the board draws every cell
over its own background."""

from __future__ import annotations

import sys
import time

import pytest
from textual.widgets._footer import FooterKey

from bench.pty_figures import Terminal
from engine import Game
from tui.app import ShambleApp
from tui.widgets.board import Board
from tui.widgets.footer import KeyFooter
from tui.widgets.panels import StatusLine, same_content

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="a pty and the Linux driver")


def cells(term: Terminal) -> list[list[tuple]]:
    """Every cell as the terminal shows it: text, colours and styles (a
    blank's text colour does not show, unless it is reversed or underlined,
    nor does its bold)."""
    buffer = term.screen.buffer
    return [
        [
            (c.data, c.fg if c.data != " " or c.reverse or c.underscore else None, c.bg,
             c.bold and c.data != " ", c.reverse, c.underscore)
            for c in (buffer[y][x] for x in range(term.screen.columns))
        ]  # by column: a row's stored cells come in the order they were written
        for y in range(term.screen.lines)
    ]  # fmt: skip


def changed(a: list[list[tuple]], b: list[list[tuple]]) -> set[tuple[int, int]]:
    return {(x, y) for y, row in enumerate(a) for x, cell in enumerate(row) if b[y][x] != cell}


def tutorial(tmp_path) -> Terminal:
    argv = [sys.executable, "-m", "tui.cli", "new", "--mission", "tutorial", "--seed", "0"]
    term = Terminal(argv, {"SHAMBLE_HOME": str(tmp_path)})
    term.start("Survivors")
    return term


def press_until(term: Terminal, keys: str, text: str, shown: bool) -> int:
    """Bytes written after `keys` until `text` is on screen (or gone) and output
    goes quiet: on a loaded machine a quiet spell may come mid-drawing."""
    written = term.press(keys).bytes
    deadline = time.monotonic() + 60
    while (text in term.text()) != shown:
        assert time.monotonic() < deadline, f"{text!r} shown={shown} after 60 s:\n{term.text()}"
        written += term.press("").bytes
    return written


def test_a_dialog_leaves_the_board_in_view_and_sends_only_its_box(tmp_path):
    term = tutorial(tmp_path)
    try:
        before = cells(term)
        opened = press_until(term, "q", "Leave this game", True)
        shown = cells(term)
        closed = press_until(term, "n", "Leave this game", False)
        after = cells(term)
    finally:
        term.close()
    box = changed(before, shown)
    xs, ys = {x for x, _ in box}, {y for _, y in box}
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    # the only cells that changed are the dialog's, inside its frame
    assert (shown[top][left][0], shown[bottom][right][0]) == ("╭", "╯")
    assert len(box) <= (right - left + 1) * (bottom - top + 1) < 80 * 24 // 3
    assert after == before  # closed, the screen is as it was
    assert opened + closed < 4000


def test_quitting_from_a_game_leaves_without_drawing_the_title(tmp_path):
    """The leave dialog's Q leaves Shamble as well: the game is saved and
    closed, and the title the player would never see is not drawn."""
    term = tutorial(tmp_path)
    try:
        asked = press_until(term, "q", "Q quit Shamble", True)
        quit_step = term.press("Q")
        assert term.exited(), term.text()
        assert "New game" not in term.text()
    finally:
        term.close()
    assert asked + quit_step.bytes < 1623  # DCSS's save-and-quit (issue 29)
    assert term.proc.returncode == 0
    saves = [p for p in tmp_path.rglob("*") if p.is_file() and p.suffix not in (".json", ".jsonl")]
    assert saves  # the game is there to Continue


async def test_the_footer_keeps_its_keys_while_a_dialog_opens_and_closes():
    game = Game.new("station", mission="tutorial", seed=0)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        footer = screen.query_one(KeyFooter)
        keys = list(footer.query(FooterKey))
        assert any(k.action == "help" for k in keys)
        for key in ("q", "n", "question_mark", "escape"):
            await pilot.press(key)
            await pilot.pause()
        assert app.screen is screen
        assert list(footer.query(FooterKey)) == keys  # the same widgets: not rebuilt
        # when the keys on show change, the footer does change
        allowed = screen.check_action
        screen.check_action = lambda action, params: action != "help" and allowed(action, params)
        screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert not any(k.action == "help" for k in footer.query(FooterKey))


async def test_the_board_draws_every_cell_over_its_own_background():
    """No cell is left to the terminal's default background: a see-through
    dialog would fill those in and change the whole board."""
    game = Game.new("station", mission="tutorial", seed=0)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(Board)
        assert board.cam_x < 0  # the tutorial is narrower than the view: margins too
        for y in range(board.size.height):
            for segment in board.render_line(y):
                assert segment.style.bgcolor == board.rich_style.bgcolor, (y, segment)


@pytest.mark.parametrize("mode", ["station", "siege", "sniper", "outbreak"])
async def test_panels_whose_text_did_not_change_are_not_drawn_again(mode):
    """Cursor steps and a look: a side panel or the status line is redrawn
    only when its text changed (item 2)."""
    game = Game.new(mode, seed=1)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "GameScreen"
        widgets = [*screen.query_one("#side").children, screen.query_one(StatusLine)]
        drawn: dict[int, int] = {}
        for widget in widgets:
            real = widget.refresh

            def spy(*args, _real=real, _widget=widget, **kwargs):
                drawn[id(_widget)] = drawn.get(id(_widget), 0) + 1
                return _real(*args, **kwargs)

            widget.refresh = spy
        quiet = 0
        for key in ("l", "l", "j", "h", "k", "x"):
            before = [w.content for w in widgets]
            drawn.clear()
            await pilot.press(key)
            await pilot.pause()
            for widget, shown in zip(widgets, before, strict=True):
                if same_content(shown, widget.content):
                    quiet += 1
                    assert id(widget) not in drawn, (key, type(widget).__name__)
        assert quiet  # some panel kept its text, and was left alone


async def test_the_bench_times_key_presses_on_a_grid_mode_too():
    """bench/tui_figures.py's keypress figure on siege's largest map: the
    game screen opens and the cursor keys change what is on it."""
    from bench.siege_figures import largest_mission
    from bench.tui_figures import GRID_KEYS, _keypresses

    game = Game.new("siege", mission=largest_mission(), seed=1)
    times = await _keypresses(game, GRID_KEYS, 6)
    assert len(times) >= 4 and all(t < 2.0 for t in times)


async def test_a_dialog_draws_the_screen_below_once_and_again_when_it_changes(monkeypatch):
    from textual._context import visible_screen_stack

    from tui.screens import dialogs

    game = Game.new("station", mission="tutorial", seed=0)
    app = ShambleApp(game=game, autosave=False)
    drawn = []
    real = dialogs.Below.render_strips

    def counted(self, *args, **kwargs):
        before = self.dialog._below
        strips = real(self, *args, **kwargs)
        if self.dialog._below is not before:
            drawn.append(self.below)
        return strips

    monkeypatch.setattr(dialogs.Below, "render_strips", counted)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        below = app.screen
        await pilot.press("q")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmDialog"
        # opening it drew the box alone: around it the terminal shows the screen below
        assert drawn == []

        def shown() -> str:
            visible_screen_stack.set(list(app._background_screens))  # as Textual draws it
            return "\n".join(strip.text for strip in app.screen._compositor.render_strips())

        assert "Leave this game" in shown() and "Docking Ring" in shown()
        assert drawn == [below]  # the whole dialog drawn, the screen below with it, once
        below.add_log(["A walker shuffles past the airlock window."])
        await pilot.pause()
        await pilot.pause()
        assert "A walker shuffles past" in shown()  # the change below shows through
        assert len(drawn) == 2


def test_the_camera_moves_seldom_and_by_half_a_view_or_more():
    """Every camera move sends the whole board again: a cursor walking across
    a map twice the view's width moves it a few times, not at every step."""
    from tui.widgets.board import _axis

    view, size = 44, 100
    cam, moves = 0, 0
    for x in [*range(size), *range(size - 1, -1, -1)]:
        new = _axis(cam, view, size, (x, x))
        assert new <= max(x - 3, 0) and (x + 3 < new + view or new == size - view)
        if new != cam:
            moves += 1
            assert abs(new - cam) >= view // 2 or new in (0, size - view)
        cam = new
    assert moves <= 6
    # a zone wider than half the view: in view whole, with room ahead
    cam = _axis(0, view, size, (26, 49))
    assert cam <= 23 and 49 + 3 < cam + view
    assert _axis(cam, view, size, (30, 40)) == cam  # still in view: no move
    assert _axis(0, view, size, (80, 81)) == size - view  # far off: a jump
    assert _axis(0, 20, 10, (3, 3)) == -5  # a map that fits is centred
