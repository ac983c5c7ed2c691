"""Measure what browser players cost the host, and how fast a key answers.

    python tests/serve/measure_tabs.py [--tabs 3] [--keys 60]

Starts `shamble serve` on a free loopback port, opens N tabs in headless
Chromium (Debian's, through Playwright), starts the tutorial in each, then:

- memory: PSS (and RSS) of each tab's game process and of the server, from
  /proc/<pid>/smaps_rollup, once the tabs sit at the game screen;
- key latency: in the first tab, the time from the browser's keydown to
  the first bytes of the answer written to the terminal (xterm.js's
  `onWriteParsed`), for cursor moves on the board, measured inside the
  page so Playwright's own round trips are not counted.

Prints a small table; docs/hosting.md quotes it."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from serve_helpers import start_server, stop_server  # noqa: E402
from webplay import CAPTURE_TERMINAL, CHROMIUM, Tab, ensure_chromium  # noqa: E402

LATENCY_PROBE = """() => {
  window.__latencies = [];
  let pressed = null;
  document.addEventListener("keydown", () => { pressed = performance.now(); }, true);
  window.__shambleTerminal.onWriteParsed(() => {
    if (pressed !== null) {
      window.__latencies.push(performance.now() - pressed);
      pressed = null;
    }
  });
}"""


def memory(pid: int) -> tuple[float, float]:
    """PSS and RSS in MiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value, *_ = line.split()
        fields[name.rstrip(":")] = int(value) / 1024
    return fields["Pss"], fields["Rss"]


def start_tutorial(tab: Tab) -> None:
    tab.wait_for("New game", "Continue", "Quit")
    tab.keys("n")
    tab.wait_for("move between rows", "Seed")
    time.sleep(0.3)
    tab.keys("Shift+Tab", "Shift+Tab", "Enter")  # Mode (focused first) <- Cancel <- Start
    tab.wait_for("Docking Ring", "Round 1", "palette", gone=("move between rows",))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabs", type=int, default=3)
    parser.add_argument("--keys", type=int, default=60)
    args = parser.parse_args()
    why = ensure_chromium()
    if why:
        print(why, file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        served = start_server(Path(tmp))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=["--no-sandbox"]
                )
                tabs = []
                for _ in range(args.tabs):
                    context = browser.new_context(viewport={"width": 1100, "height": 700})
                    context.add_init_script(CAPTURE_TERMINAL)
                    tab = Tab(context.new_page(), served.origin)
                    tab.open(served.link)
                    start_tutorial(tab)
                    tabs.append(tab)

                first = tabs[0]
                first.page.evaluate(LATENCY_PROBE)
                for key in ["ArrowRight", "ArrowLeft"] * (args.keys // 2):
                    first.keys(key)
                    time.sleep(0.15)  # one key at a time, as a player presses them
                time.sleep(0.5)
                latencies = first.page.evaluate("() => window.__latencies")
                time.sleep(2)  # let every tab settle before reading memory
                games = served.games()
                game_memory = [memory(pid) for pid in games]
                server_memory = memory(served.pid)
                browser.close()
        finally:
            stop_server(served)

    pss = [m[0] for m in game_memory]
    rss = [m[1] for m in game_memory]
    print(f"tabs: {len(games)} game processes")
    print(
        f"game memory per tab: PSS median {statistics.median(pss):.1f} MiB "
        f"(max {max(pss):.1f}), RSS median {statistics.median(rss):.1f} MiB"
    )
    print(f"server: PSS {server_memory[0]:.1f} MiB, RSS {server_memory[1]:.1f} MiB")
    if latencies:
        ordered = sorted(latencies)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(
            f"key to first bytes on screen ({len(ordered)} cursor moves): "
            f"median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms, "
            f"worst {ordered[-1]:.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
