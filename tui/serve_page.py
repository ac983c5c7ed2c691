"""The pages `shamble serve` sends (tui/serve.py): the game's page, whose script
fits the terminal to the window and opens the game's websocket, and the page
that says why a game was refused."""

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shamble</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="static/css/xterm.css">
<script src="static/js/textual.js"></script>
<style>
@font-face {
  font-family: "Roboto Mono";
  src: url("static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");
  font-weight: 100 700;
  font-style: normal;
}
@font-face {
  font-family: "Roboto Mono";
  src: url("static/fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype");
  font-weight: 100 700;
  font-style: italic;
}
html, body { margin: 0; height: 100%; background: #0c181f; }
body { font-family: "Roboto Mono", monospace; color: rgba(255, 255, 255, 0.95); }
.dialog {
  position: absolute; inset: 0; z-index: 10;
  display: flex; align-items: center; justify-content: center;
}
.note {
  background: #12232d; padding: 32px 48px; font-size: 16px; text-align: center;
}
.note button {
  margin: 16px auto 0; padding: 12px 28px; border: none; display: block;
  background: #5e0ba7; color: inherit; font: inherit; cursor: pointer;
}
.note button:hover { background: #ac5af4; }
body.-first-byte .opening, #start, .ended { display: none; }
body.-closed .ended { display: flex; }
#terminal { position: absolute; inset: 0; opacity: 0; transition: opacity 0.3s; }
body.-first-byte #terminal { opacity: 1; }
</style>
</head>
<body>
<div class="dialog opening"><div class="note">Shamble is starting&hellip;</div></div>
<div class="dialog ended"><div class="note">
  <div>The game has ended; everything played is saved.</div>
  <button type="button" class="again">Play again</button>
</div></div>
<button type="button" id="start" class="again">Start</button>
<div id="terminal" class="textual-terminal" data-font-size="__FONT_SIZE__"></div>
<script nonce="__NONCE__">
(function () {
  // The game's websocket is this page's own address + "ws", whichever
  // name (localhost, 127.0.0.1, a proxy's) the player opened it by.
  const ws = new URL("ws", window.location.href);
  ws.protocol = ws.protocol === "https:" ? "wss:" : "ws:";
  ws.search = "";
  ws.hash = "";
  document.getElementById("terminal").dataset.sessionWebsocketUrl = ws.href;
  for (const button of document.querySelectorAll(".again")) {
    button.addEventListener("click", () => window.location.reload());
  }
  // The font size from the window (unless the address asks for one with
  // ?fontsize=): the largest whole size at which 80x24 cells fit, so a small
  // window still shows the whole game and a big one draws it bigger (the
  // board grows with it, not only the side panels). Worked out again when the
  // window is resized: the terminal (kept on its element by tui/serve.py's
  // textual.js) takes the new size, then fits its cells to the window.
  const terminal = document.getElementById("terminal");
  const asked = new URL(window.location.href).searchParams.has("fontsize");
  function fitted() {
    const probe = document.createElement("span");
    probe.style.cssText = 'position: absolute; visibility: hidden; white-space: pre; ' +
      'font: 100px "Roboto Mono", monospace; line-height: normal';
    probe.textContent = "MMMMMMMMMM";
    document.body.appendChild(probe);
    const box = probe.getBoundingClientRect();
    probe.remove();
    const across = window.innerWidth / (80 * box.width / 1000);
    const down = window.innerHeight / (24 * box.height / 100);
    return Math.max(8, Math.min(40, Math.floor(0.98 * Math.min(across, down))));
  }
  // Measure the terminal with the page's own font, not a fallback.
  const start = window.onload;
  window.onload = (event) => {
    document.fonts.load('16px "Roboto Mono"').catch(() => null).then(() => {
      if (!asked) terminal.dataset.fontSize = String(fitted());
      start(event);
      const made = terminal.shamble;
      if (asked || !made) return;
      window.onresize = () => {
        const size = fitted();
        if (size !== made.terminal.options.fontSize) made.terminal.options.fontSize = size;
        made.fit();
      };
    });
  };
})();
</script>
</body>
</html>
"""

REFUSED_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Shamble</title></head>
<body style="background:#0c181f;color:#eee;font-family:monospace;padding:2em">
<p>__MESSAGE__</p></body></html>
"""
