"""Issue 16 (startup_ratio): a bare `shamble` draws the title screen before
any game code is loaded. The engine, the save code and msgspec are imported
after the first frame (Continue is worked out then), so they are no part of
the time to the title. Run in a fresh interpreter: the test process has them
all loaded already."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys
from tui.cli import parser_for
args = parser_for(sys.argv[1:]).parse_args(sys.argv[1:])
from tui.app import ShambleApp
app = ShambleApp(ascii_only=args.ascii)
screen = app.get_default_screen()
app.get_driver_class()
loaded = sorted({m.split(".")[0] for m in sys.modules} & {"engine", "saves", "msgspec"})
print(json.dumps({"loaded": loaded, "entries": sorted(screen.entries), "command": args.command}))
"""


def probe(*argv: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_the_title_screen_is_built_without_the_engine_saves_or_msgspec():
    seen = probe()
    assert seen["loaded"] == []
    assert seen["command"] is None
    # the modes' own title entries are there all the same
    assert {"campaign", "endless", "match"} <= set(seen["entries"])


def test_ui_options_alone_still_open_the_title_quickly():
    assert probe("--ascii", "--no-mouse")["loaded"] == []


def test_a_subcommand_gets_the_whole_command_line():
    from tui.cli import parser_for

    args = parser_for(["missions", "--mode", "siege"]).parse_args(["missions", "--mode", "siege"])
    assert args.command == "missions" and args.mode == "siege"
