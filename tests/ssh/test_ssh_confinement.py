"""A hosted player stays in the game (issue 7): whatever is typed after the
host name, only Shamble runs; nothing in tui/, saves/ or engine/ starts a
program; the command palette offers nothing that writes outside the saves;
save names that try to leave the saves folder are refused, and files with odd
names in it are shown as plain text."""

from __future__ import annotations

import ast
import shutil
import subprocess
from pathlib import Path

import pytest
from sshd_fixture import REPO

from engine import Game
from saves import AutoSave, SaveError, slots

TRICKY_NAMES = [
    "..",
    "../escape",
    "../../etc/passwd",
    "a/b",
    "/etc/passwd",
    "/tmp/x",
    "~root",
    ".hidden",
    "name.",
    "x..y",
    "-rf",
    "a b",
    "$(id)",
    "`id`",
    "a;b",
    "a|b",
    "a\nb",
    "a\x00b",
    "esc\x1b[2J",
    "[b]bold[/b]",
    "ünï",
    "%2e%2e%2f",
    "a" * 65,
    "",
]


@pytest.mark.ssh
def test_only_the_game_runs_without_a_terminal(sshd, player_home, tmp_path):
    marker = tmp_path / "ran"
    for remote in (
        ["touch", str(marker)],
        ["sh", "-c", f"'touch {marker}'"],
        ["saves", "export", "x", str(marker)],
    ):
        done = subprocess.run(
            sshd.ssh_argv(*remote, tty=False), capture_output=True, text=True, timeout=30
        )
        assert done.returncode == 1, (remote, done.stdout, done.stderr)
        assert "Shamble needs a terminal" in done.stderr
        assert not marker.exists(), f"{remote} ran on the server"


@pytest.mark.ssh
@pytest.mark.parametrize(
    "remote",
    [("touch", "MARKER;", "sh"), ("load", "/etc/passwd"), ("saves", "export", "x", "MARKER")],
    ids=["shell", "load", "export"],
)
def test_only_the_game_runs_with_a_terminal(terminals, tmp_path, remote):
    marker = tmp_path / "ran"
    term = terminals(*[str(marker) if word == "MARKER" else word for word in remote])
    screen = term.wait_for("New game", "Continue", "Quit")
    assert "passwd" not in screen and "error" not in screen.lower()
    assert not marker.exists()


# -- nothing starts a program ------------------------------------------------------
RUNNERS = {
    "os": {"system", "popen", "fork", "forkpty", "posix_spawn", "posix_spawnp", "startfile"},
    "pty": {"spawn", "fork"},
}
RUNNER_MODULES = {"subprocess", "pty", "webbrowser", "multiprocessing", "asyncio.subprocess"}
RUNNER_METHODS = {
    "open_url",
    "suspend",
    "action_suspend_process",
    "create_subprocess_exec",
    "create_subprocess_shell",
}


def program_starts(path: Path) -> list[str]:
    """Each place in a Python file that could start another program."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        where = f"{path.relative_to(REPO)}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import):
            found += [f"{where} imports {a.name}" for a in node.names if a.name in RUNNER_MODULES]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module in RUNNER_MODULES:
                found.append(f"{where} imports from {module}")
            for a in node.names:
                if a.name in RUNNERS.get(module, ()) or (module == "os" and a.name[:4] == "exec"):
                    found.append(f"{where} imports {module}.{a.name}")
        elif isinstance(node, ast.Attribute):
            base = node.value.id if isinstance(node.value, ast.Name) else None
            if base in RUNNERS and (
                node.attr in RUNNERS[base]
                or (base == "os" and node.attr.startswith(("exec", "spawn")))
            ):
                found.append(f"{where} uses {base}.{node.attr}")
            elif node.attr in RUNNER_METHODS:
                found.append(f"{where} calls .{node.attr}")
    return found


# Audited places that start a process, none of which a player's keys can reach with
# a program of their choosing: (file, what) -> how many times, and why it is safe.
AUDITED = {
    # `shamble serve`, run by the host, starts one game per browser tab: always
    # `python -m tui.cli` with fixed arguments, without a shell (issue 17)
    ("tui/serve.py", "calls .create_subprocess_exec"): 1,
    # `shamble host` detaches by forking itself twice; it execs nothing (issue 19)
    ("hosting/daemon.py", "uses os.fork"): 2,
    # Host on the title screen runs `python -m tui.cli host` with the new-game
    # dialog's choices (listed values and a whole-number seed), without a shell (issue 19)
    ("tui/screens/coop_menu.py", "calls .create_subprocess_exec"): 1,
}


def test_nothing_in_the_game_starts_a_program():
    sources = [
        p for d in ("tui", "hosting", "saves", "engine") for p in sorted((REPO / d).rglob("*.py"))
    ]
    assert len(sources) > 20
    found = [hit for path in sources for hit in program_starts(path)]
    counts: dict[tuple[str, str], int] = {}
    for hit in found:
        where, _, what = hit.partition(" ")
        key = (where.rsplit(":", 1)[0], what)
        counts[key] = counts.get(key, 0) + 1
    unaudited = [hit for hit in found if (hit.split(":")[0], hit.partition(" ")[2]) not in AUDITED]
    assert not unaudited, "a hosted player could start a program through:\n" + "\n".join(unaudited)
    assert {k: v for k, v in counts.items() if k in AUDITED} == AUDITED


def test_the_scan_finds_program_starts(tmp_path):
    sample = REPO / "tests" / "ssh" / "sshd_fixture.py"  # starts sshd, tmux and ssh
    assert any("subprocess" in hit for hit in program_starts(sample))


# -- the command palette ---------------------------------------------------------------
async def palette_titles(app, pilot) -> set[str]:
    await pilot.pause()
    return {command.title for command in app.get_system_commands(app.screen)}


async def test_the_palette_writes_nothing_outside_the_saves(tmp_path, monkeypatch):
    from tui.app import ShambleApp

    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path / "home"))
    game = Game.new("station", mission="tutorial", seed=0)
    for app in (ShambleApp(), ShambleApp(game=game, autosave=False)):
        async with app.run_test(size=(80, 24)) as pilot:
            titles = await palette_titles(app, pilot)
            assert any(t.startswith("Quit") for t in titles), sorted(titles)
            assert "Screenshot" not in titles, sorted(titles)


# -- save names ------------------------------------------------------------------------
@pytest.fixture
def saves_home(tmp_path, monkeypatch):
    home = tmp_path / "players" / "alice"
    monkeypatch.setenv("SHAMBLE_HOME", str(home))
    saves = slots.saves_dir(create=True)
    session = AutoSave.create(saves / "mine.shamble", Game.new("station", mission="tutorial"))
    session.close()
    return home


def everything_under(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


@pytest.mark.parametrize("name", TRICKY_NAMES, ids=[repr(n)[:20] for n in TRICKY_NAMES])
def test_tricky_save_names_are_refused(saves_home, name):
    root = saves_home.parent.parent  # the other players' homes and anything else
    neighbour = saves_home.parent / "bob" / "saves" / "bob.shamble"
    neighbour.parent.mkdir(parents=True)
    shutil.copy(saves_home / "saves" / "mine.shamble", neighbour)
    before = everything_under(root)
    mine = saves_home / "saves" / "mine.shamble"

    for attempt in (
        lambda: slots.check_name(name),
        lambda: slots.slot_path(name),
        lambda: slots.delete(name),
        lambda: slots.export_save(name, saves_home / "out.shamble"),
        lambda: slots.import_save(mine, name=name),
    ):
        with pytest.raises(SaveError, match="not a save name"):
            attempt()
    assert everything_under(root) == before, "a refused name changed files"


def test_a_plain_name_still_works(saves_home):
    path = slots.import_save(saves_home / "saves" / "mine.shamble", name="Mine_2.copy")
    assert path.parent == slots.saves_dir()
    assert slots.delete("Mine_2.copy") == path and not path.exists()


async def test_odd_file_names_in_the_saves_folder_are_shown_as_text(saves_home):
    from tui.app import ShambleApp
    from tui.screens.load import LoadScreen

    saves = saves_home / "saves"
    for odd in ("[b]bold", "esc\x1b[2J"):
        shutil.copy(saves / "mine.shamble", saves / f"{odd}.shamble")
    app = ShambleApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "mine" in text
        assert "\x1b" not in text, "a control character from a file name reaches the terminal"
        assert "[b]bold" in text, "a file name was read as markup"
