"""Terminal variety over SSH (issue 7): the TERM the player's terminal sends,
NO_COLOR, --ascii, and windows resized while playing. The colours are read
back from tmux (`capture-pane -e`), as the player's terminal received them."""

from __future__ import annotations

import re

import pytest
from sshd_fixture import target

pytestmark = pytest.mark.ssh

BOX_DRAWING = re.compile("[\u2500-\u257f]")
SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def colours(term) -> set[str]:
    """Every colour the pane shows: '256:N', 'rgb:R,G,B' or 'basic:N' (SGR 30-37,
    40-47, 90-97, 100-107), foreground and background alike."""
    found: set[str] = set()
    for params in SGR.findall(term.tmux("capture-pane", "-p", "-e", "-t", term.name)):
        codes = [int(p) if p.isdigit() else 0 for p in re.split("[;:]", params)]
        i = 0
        while i < len(codes):
            code = codes[i]
            if code in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
                found.add(f"256:{codes[i + 2]}")
                i += 3
                continue
            if code in (38, 48) and i + 4 < len(codes) and codes[i + 1] == 2:
                found.add("rgb:{},{},{}".format(*codes[i + 2 : i + 5]))
                i += 5
                continue
            if 30 <= code <= 37 or 40 <= code <= 47 or 90 <= code <= 97 or 100 <= code <= 107:
                found.add(f"basic:{code}")
            i += 1
    return found


def is_grey(colour: str) -> bool:
    kind, _, value = colour.partition(":")
    if kind == "256":
        n = int(value)
        if n >= 232 or n in (0, 7, 8, 15, 16, 231):
            return True
        if 16 <= n <= 231:
            r, g, b = (n - 16) // 36, (n - 16) // 6 % 6, (n - 16) % 6
            return r == g == b
        return False
    if kind == "rgb":
        r, g, b = map(int, value.split(","))
        return r == g == b
    return int(value) % 10 in (0, 7)  # black and white, bright or not


def open_game(terminals, *remote: str, **kwargs):
    term = terminals(*remote, **kwargs)
    term.wait_for("New game", "Continue", "Quit")
    term.keys("n")
    term.wait_for("move between rows")
    term.keys("BTab", "BTab", "Enter")  # Mode (focused first) <- Cancel <- Start
    screen = term.wait_for("Round 1", "Survivors", "Danger", "palette", gone=("move between rows",))
    return term, screen


def assert_readable(screen: str, width: int, height: int) -> None:
    lines = screen.split("\n")[:height]
    assert len(lines) == height and all(len(line) <= width for line in lines), screen
    for text in ("Vega", "Okafor", "Round 1", "Zombies", "Objectives left"):
        assert text in screen, f"{text!r} is not on screen:\n{screen}"
    # the airlock's wall: full blocks, ASCII, or (in colour) blanks in the wall's colour
    wall = r"(██|##|  )[VO] [VO]"
    assert re.search(wall, screen), f"the survivors are not on the board:\n{screen}"
    assert "palette" in lines[height - 1], f"the footer is not on the last line:\n{screen}"


@pytest.mark.parametrize(
    "term_name, env, remote, expect",
    [
        ("xterm-256color", {}, (), "256"),
        ("xterm", {}, (), "16"),
        ("vt100", {}, ("ascii",), "16"),
        ("xterm-256color", {"NO_COLOR": "1"}, (), "none"),
    ],
    ids=["xterm-256color", "xterm", "vt100-ascii", "NO_COLOR"],
)
def test_terminal_types_and_colour(terminals, term_name, env, remote, expect):
    term, screen = open_game(terminals, *remote, term=term_name, env=env)
    assert_readable(screen, 80, 24)
    used = colours(term)
    if expect == "none":  # NO_COLOR: not even greys (issue 25)
        assert not used, f"NO_COLOR still sends colours: {sorted(used)}"
        return
    assert used, "no colour at all reached the terminal"
    if expect == "256":  # the terminal's own palette (the theme's colours are its 16), never rgb
        assert all(c.startswith(("basic:", "256:")) for c in used), used
        assert not any(c.startswith("rgb:") for c in used), "truecolor sent without COLORTERM"
    elif expect == "16":
        assert all(c.startswith("basic:") for c in used), f"{term_name} gets only 16 colours"
    else:
        assert all(is_grey(c) for c in used), f"NO_COLOR still shows colours: {sorted(used)}"
    if "ascii" in remote:
        assert not BOX_DRAWING.search(screen), f"box drawing in --ascii mode:\n{screen}"
        assert re.search(r"-Survivors[^\n]*---", screen), "the ASCII heading rules are missing"
        assert "|" in screen, "the ASCII footer separator is missing"
    else:
        assert "●" in screen and "♦" in screen, "the Unicode glyphs are not drawn"


def test_ascii_mode_sends_only_ascii(terminals):
    term, screen = open_game(terminals, "ascii", term="vt100")
    odd = sorted({ch for ch in screen if ord(ch) > 126})
    assert not odd, f"a vt100 cannot show {odd}"


def test_resized_while_playing(terminals):
    term, screen = open_game(terminals)
    side = screen.split("\n")[0].index("Survivors")  # the side panel, right of the board

    term.resize(100, 30)
    screen = term.wait_match(r"(?s)(?:[^\n]*\n){29}[^\n]*palette")  # the footer moved down
    assert_readable(screen, 100, 30)
    assert screen.split("\n")[0].index("Survivors") > side, f"the board did not grow:\n{screen}"

    term.resize(70, 20)  # too small: the game says so and waits
    term.wait_for("70x20", "Shamble needs at least 80x24")

    term.resize(80, 24)
    screen = term.wait_for("Survivors", "Danger", "palette", gone=("needs at least",))
    assert_readable(screen, 80, 24)
    assert screen.split("\n")[0].index("Survivors") == side
    first = re.search(r"(Vega|Okafor) in a \(airlock\)", screen)
    assert first, screen
    target(term, "o", "Open a door: ")  # still playable after all that
    term.wait_for(f"{first[1]} opens door a-b.")
