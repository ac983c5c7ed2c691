"""Siege on the shared game screen: the key table, what each action key
does for the humans (and for a zombie player in hot-seat), the status line,
targeting hints (a move's path and cost, an attack's range and line) and
the game-over table. Every command is checked by the engine before it is
offered; whatever the engine refuses is said in the log with its reason."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from engine.siege import ai, content
from engine.siege import events as ev
from engine.siege.board import ZOMBIE_ENTERS, neighbours
from tui.keys import Key
from tui.modes.base import GameOver, Host, Play, Seat, Step, Targeting
from tui.modes.siege import reach, words
from tui.modes.siege.glyphs import glyphs
from tui.modes.siege.keys import SiegeKeys, cmd_at, content_kind
from tui.modes.siege.narrate import RESULTS, dice_text, lives_before, name, narrate, where
from tui.modes.siege.panels import (
    HumansPanel,
    ItemsPanel,
    LegendPanel,
    RoundPanel,
    last_rolled,
)
from tui.modes.siege.playback import frames
from tui.modes.siege.scene import draw, figure_at
from tui.widgets.panels import Detail

KEYS: tuple[Key, ...] = (
    Key(
        "m",
        "move",
        "move: the path to the cursor and its cost are shown; Enter walks it",
        "Actions",
        True,
        label="move",
    ),
    Key(
        "a",
        "attack",
        "attack: zombies in range and in line are highlighted; a again cycles",
        "Actions",
        True,
        label="attack",
    ),
    Key("s", "search", "search a spot next to you (3 actions)", "Actions", True, label="search"),
    Key("f", "aim", "aim: +1 on your next shot (1 action)", "Actions"),
    Key("t", "throw", "throw a molotov or grenade at a cell in range and line", "Actions"),
    Key("o", "door", "open or close a door next to you (1 action)", "Actions"),
    Key("w", "barricade", "build a barricade, or take one down (zombies: batter it)", "Actions"),
    Key("c", "carry", "lift a wounded human next to you (1 action)", "Actions"),
    Key("p", "give", "give an item to a human next to you (1 action)", "Actions"),
    Key("g", "pick_up", "pick up an item from your cell (1 action)", "Actions"),
    Key("d", "drop", "drop an item on your cell (free)", "Actions"),
    Key("i", "use", "use an item: first aid kit, ammo box (1 action)", "Actions"),
    Key(
        "space",
        "menu",
        "every action the selected figure can take, as a list",
        "Actions",
        True,
        "space",
        label="all",
    ),
    Key(
        "e,full_stop",
        "end_turn",
        "end this human's turn (zombie player: end the zombies' turn)",
        "Turn",
        True,
        "e",
        label="end",
    ),
    Key("z", "zombie_ai", "zombie player: let the AI act for the next zombie", "Turn"),
    Key(
        "tab",
        "next",
        "select the next human (zombie player: the next zombie)",
        "Turn",
    ),
    Key(
        "slash",
        "way",
        "while m is aimed: the cheapest ways (past zombies) or the ways with no pass",
        "Actions",
        display="/",
    ),
    Key("x", "look", "look: describe the cell under the cursor", "Turn"),
    Key(
        "r",
        "next_steps",
        "the dead's next steps: an arrow where each zombie steps, ! where one can bite; r hides",
        "Turn",
    ),
    Key(
        "enter",
        "confirm",
        "confirm; on a zombie or a free cell: aim an attack or a move",
        "Cursor",
    ),
)

# (command type, key, word) the status line offers when the figure can use them
HINTS = (
    ("move", "m", "move"),
    ("attack", "a", "attack"),
    ("search", "s", "search"),
    ("aim", "f", "aim"),
    ("open_door", "o", "door"),
    ("close_door", "o", "door"),
    ("barricade", "w", "barricade"),
    ("unbarricade", "w", "barricade"),
    ("carry", "c", "carry"),
    ("pick_up", "g", "pick up"),
    ("use", "i", "use"),
    ("trade", "p", "give"),
    ("end_turn", "e", "end"),
)
ZOMBIE_HINTS = (
    ("zombie_move", "m", "move"),
    ("zombie_attack", "a", "bite"),
    ("zombie_break", "w", "batter"),
    ("", "z", "AI"),
    ("end_zombie_turn", "e", "end"),
)


class SiegePlay(SiegeKeys, Play):
    keys = KEYS
    figure_fields = ("human",)
    more_prompt = True  # a zombie turn that overflows the log stops at --more--: no bite scrolls by
    focus_words = "the human in focus"  # "@ is Cop, the human in focus", to a watcher

    def __init__(self, game: Any, ascii_only: bool = False) -> None:
        super().__init__(game, ascii_only)
        self.glyphs = glyphs(ascii_only)
        self.host: Host | None = None  # the screen, as last drawn (for words about the cursor)
        self.next_steps = False  # the dead's next steps drawn on the board (r)

    # -- who acts -------------------------------------------------------------
    def zombie_turn(self, view: dict) -> bool:
        return view.get("phase") == "zombies"

    def viewer(self) -> str:
        return "zombies" if self.game.summary()["phase"] == "zombies" else "humans"

    def actors(self, legal: list[dict]) -> list[str]:
        field = "zombie" if any(c["type"].startswith("zombie_") for c in legal) else "human"
        if field == "human":
            found = (c.get("human") for c in legal if not c["type"].startswith("zombie"))
        else:
            found = (c.get("zombie") for c in legal)
        return list(dict.fromkeys(x for x in found if isinstance(x, str)))

    def select(self, host: Host, before: str | None) -> str | None:
        """The human whose turn is under way (after an undo too); else the
        one before; a new round or phase starts from the first to act."""
        turn = (host.view.get("round"), host.view.get("phase"))
        if turn != getattr(self, "_turn", None):
            self._turn = turn
            before = None
        active = host.view.get("active")
        if active is not None and active in self.actors(host.legal):
            return active
        return super().select(host, before)

    def hello(self, seat: Seat, host: Host) -> str:
        if seat.id == "zombies":
            return (
                "Zombie player, your turn: Tab picks a zombie, m moves it, a bites, "
                "w batters, z lets the AI act for it, e ends the turn."
            )
        who = "Humans' player" if seat.id == "humans" else seat.name  # a shared game: one human
        return f"{who}, your turn (round {host.view['round']})."

    # -- board and panels -----------------------------------------------------
    def figure_cell(self, view: dict, fid: str | None) -> reach.Cell | None:
        if fid in view["humans"]:
            return reach.cell_of(view["humans"][fid]["at"])
        if fid in view["zombies"]:
            return reach.cell_of(view["zombies"][fid])
        return None

    def scene(self, host: Host):
        self.host = host
        view, t = host.view, host.targeting
        targets: set = set()
        path: set = set()
        marks: set = set()
        if t is not None:
            targets = set(t.options)
            marks = set(t.marks)
            if t.kind == "move" and host.cursor in t.options:
                path = {cmd_at(c) for c in t.options[host.cursor][0]["path"]}
        steps: dict = {}
        threat: set = set()
        if self.next_steps:
            steps, breaks, threat = self.overlay(view)
            if t is None:
                targets = breaks
        return draw(
            view,
            self.glyphs,
            cursor=host.cursor,
            selected=host.selected,
            targets=targets,
            path=path,
            reach=marks,
            steps=steps,
            threat=threat,
        )

    def overlay(self, view: dict) -> tuple[dict, set, set]:
        """The next-steps overlay: (cell -> direction of the zombie stepping
        there, doors and barricades to be battered, free cells a zombie can
        bite now), from the zombie AI's own plan."""
        steps: dict = {}
        breaks: set = set()
        for zid, (kind, cell) in ai.plan(view).items():
            z = view["zombies"][zid]
            delta = (cell[0] - z[0], cell[1] - z[1])
            if kind == "move":
                steps[cell] = [(0, -1), (-1, 0), (1, 0), (0, 1)].index(delta)
            elif kind == "break":
                breaks.add(cell)
        taken = {tuple(z) for z in view["zombies"].values()}
        taken |= {tuple(h["at"]) for h in view["humans"].values() if h["at"]}
        threat = {
            n
            for z in view["zombies"].values()
            for n in neighbours((z[0], z[1]))
            if n not in taken and reach.terrain(view, n) in ZOMBIE_ENTERS
        }
        return steps, breaks, threat

    def key_next_steps(self, host: Host) -> None:
        self.next_steps = not self.next_steps
        if not self.next_steps:
            host.add_log(["The dead's next steps are hidden (r shows them)."])
        else:
            host.add_log([self.next_steps_line(host.view)])
        host.redraw()

    def next_steps_line(self, view: dict) -> str:
        """The overlay in words: what the dead would do if they acted now."""
        plan = ai.plan(view)
        moves = sum(1 for kind, _ in plan.values() if kind == "move")
        parts = []
        if moves:
            parts.append(f"{moves} zombie{'s' * (moves != 1)} step{'s' * (moves == 1)} closer")
        for zid, (kind, cell) in plan.items():
            if kind == "break":
                parts.append(f"{zid} batters {where(cell)}")
        for zid, (kind, cell) in plan.items():
            if kind == "bite":
                who = figure_at(view, cell)
                parts.append(f"{zid} bites {name(who[1]) if who else where(cell)}")
        waits = len(view["zombies"]) - len(plan)
        if waits:
            parts.append(f"{waits} wait{'s' * (waits == 1)}")
        said = ", ".join(parts) if parts else "no zombie stirs"
        return f"Next, if the dead acted now: {said} (r hides the arrows)."

    def focus(self, host: Host) -> str | None:
        """The figure the board is round: the selected one, else the human
        acting now, else the first on the map (a watcher selects none)."""
        view = host.view
        for fid in (host.selected, view.get("active")):
            if self.figure_cell(view, fid) is not None:
                return fid
        return next((hid for hid, h in view["humans"].items() if h["at"]), None)

    def focus_name(self, host: Host) -> str:
        fid = self.focus(host)
        return name(fid) if fid else ""

    def home(self, host: Host) -> reach.Cell:
        return self.figure_cell(host.view, self.focus(host)) or (0, 0)

    def step(self, host: Host, cursor: Any, dx: int, dy: int) -> reach.Cell | None:
        x, y = (cursor or (0, 0))[0] + dx, (cursor or (0, 0))[1] + dy
        rows = host.view["map"]
        return (x, y) if 0 <= y < len(rows) and 0 <= x < len(rows[y]) else None

    def cursor_at(self, host: Host, x: int, y: int) -> reach.Cell | None:
        return self.step(host, (x, y), 0, 0)

    def panels(self) -> list:
        return [HumansPanel(self.glyphs), ItemsPanel(), RoundPanel(), LegendPanel(self.glyphs)]

    def board_title(self) -> str:
        return self.game.world.mission.info.name or self.game.setup.mission

    # -- words ----------------------------------------------------------------
    def intro(self) -> list[str]:
        info = self.game.world.mission.info
        lines = [f"{info.name}: {info.briefing}"] if info.briefing else []
        keys = "Arrows move the cursor; m move, a attack, s search, space: every action, ? help."
        # the footer shows the keys: on screen the log opens on the briefing's first line
        return lines + [Detail(keys) if lines else keys]

    def narrate(self, events) -> list[str]:
        return narrate(events)

    def tell(self, before: Any, events: list[Any]) -> list[str]:
        return narrate(events, lives_before(before))

    def label(self, command: dict, view: dict) -> str:
        return words.label(command, view)

    def place(self, cursor: Any) -> str:
        if not isinstance(cursor, tuple) or self.host is None:
            return str(cursor)
        view = self.host.view
        figure = figure_at(view, cursor)
        what = words.TERRAIN.get(reach.terrain(view, cursor), "")
        if figure:
            what = figure[1] if figure[0] == "zombie" else name(figure[1])
            t = self.host.targeting
            if figure[0] == "zombie" and t is not None and t.kind == "attack":
                what += ": " + self.why_not(view, cursor)
        return f"{where(cursor)} ({what})" if what else where(cursor)

    def why_not(self, view: dict, cell: reach.Cell) -> str:
        """Why the selected human cannot attack the zombie at cell."""
        hid = self.host.selected if self.host else None
        origin = self.figure_cell(view, hid)
        if origin is None:
            return "nobody to attack with"
        far = abs(cell[0] - origin[0]) + abs(cell[1] - origin[1])
        guns = [w for w in self.weapons(view, hid) if content.item(w).kind == "firearm"]
        longest = max((content.item(w).range for w in guns), default=1)
        if view.get("sight") and far > view["sight"] and far <= longest:
            return f"{far} away, too dark to see (sight {view['sight']})"
        if far > longest:
            return f"{far} away, out of range ({longest})"
        if not reach.sees(view, origin, cell):
            return "no clear line"
        return "not with these weapons"

    def weapons(self, view: dict, hid: str | None) -> list[str]:
        """The loaded firearms and other weapons the human carries."""
        h = view["humans"].get(hid or "")
        if h is None:
            return []
        out = []
        for w in dict.fromkeys(h["items"]):
            spec = content.item(w)
            if spec.weapon and (spec.kind != "firearm" or words.loaded(view, hid, w)):
                out.append(w)
        return out

    def look(self, host: Host) -> str:
        return words.describe(host.view, host.cursor)

    def status(self, host: Host) -> Text:
        view = host.view
        fid = host.selected
        if self.zombie_turn(view):
            left = [z for z in view["zombies"] if z not in view["zombies_acted"]]
            text = Text("Zombies' turn", "bold")
            if fid in view["zombies"]:
                text.append(f", {fid} at {where(view['zombies'][fid])}")
            text.append(f" ({len(left)} to act):")
            return self.hints(host, text, ZOMBIE_HINTS, "zombie")
        h = view["humans"].get(fid or "")
        if h is None or not h["alive"]:
            return Text("Nobody can act.")
        text = Text(name(fid), "bold")
        at = f" at {where(h['at'])}" if h["at"] else ""
        left = h["actions_left"]
        text.append(f"{at}, {left} action{'s' * (left != 1)}:")
        return self.hints(host, text, HINTS, "human")

    def hints(self, host: Host, text: Text, hints, field: str) -> Text:
        can = {c["type"] for c in host.legal if c.get(field, host.selected) == host.selected}
        can.add("")
        room = host.status_room()
        shown: set[str] = set()
        for ctype, key, word in hints:
            if (
                ctype in can
                and key not in shown
                and text.cell_len + len(key) + len(word) + 2 <= room
            ):
                shown.add(key)
                text.append(f" {key}", "bold")
                text.append(f" {word}")
        return text

    def target_hint(self, host: Host, t: Targeting, cursor: Any) -> str:
        cmds = t.options[cursor]
        view = host.view
        first = cmds[0]
        if t.kind == "move":
            route = self.routes.get(cursor)
            cost = words.path_cost(view, first["path"])
            left = view["humans"][first["human"]]["actions_left"] - cost
            to, acts = f"to {where(cursor)}", f", {words.count(cost, 'action')}"
            text = f"{to}, {words.count(len(first['path']), 'cell')}{acts}"
            other = self.other_route(host, first["human"], cursor)
            switch = ""
            if other is not None:
                way = f"past {', '.join(other.passes)}" if other.passes else "round"
                switch = f"; / {way}: {other.cost}"
            if route and route.passes:
                slips = f"; slips past {', '.join(route.passes)}"
                bites = f"{slips} (a 6 bites)"
                hints = [
                    f"{text} ({left} left){bites}{switch}",
                    f"{to}{acts}{bites}{switch}",
                    f"{to}{acts}{slips}{switch}",
                    f"{text} ({left} left){bites}",
                    f"{to}{acts}{bites}",
                    f"{to}{acts}{slips}",
                ]
                return self.fitting(host, t, hints)
            hints = [f"{text} ({left} left){switch}", f"{text}{switch}", f"{to}{acts}{switch}"]
            return self.fitting(host, t, [*hints, f"{text} ({left} left)", text])
        if t.kind == "attack":
            hid = first["human"]
            origin = self.figure_cell(view, hid)
            zid = (figure_at(view, cursor) or ("", "?"))[1]
            far = abs(cursor[0] - origin[0]) + abs(cursor[1] - origin[1]) if origin else 0
            if len(cmds) == 1:
                weapon = first["weapon"]
                what = "hands" if weapon == "hands" else name(weapon)
                empty = weapon != "hands" and not words.loaded(view, hid, weapon)
                aim = ""
                if view["humans"][hid]["aimed"] and content_kind(weapon) == "firearm" and not empty:
                    aim = " (+1 aim)"
                lift = 1 if aim else 0
                parts = words.weapon_words(weapon, empty, lift).split(", ")
                heads = [
                    f"{zid}, {far} away, in line: {what}{aim}",
                    f"{zid}, {far} away: {what}{aim}",
                ]
                return self.fitting(
                    host,
                    t,
                    [", ".join([heads[0], *parts])]
                    + [", ".join([heads[1], *parts[:n]]) for n in range(len(parts), -1, -1)],
                )
            n = len(cmds)
            best = max(self.kill_chance(view, c) for c in cmds)
            odds = f"best kills {words.percent(best)}"
            return self.fitting(
                host,
                t,
                [
                    f"{zid}, {far} away, in line: {n} weapons to pick from ({odds})",
                    f"{zid}, {far} away: {n} weapons to pick from ({odds})",
                    f"{zid}, {far} away: {n} weapons ({odds})",
                    f"{zid}: {n} weapons",
                ],
            )
        if t.kind == "throw":
            far = 0
            origin = self.figure_cell(view, first["human"])
            if origin:
                far = abs(cursor[0] - origin[0]) + abs(cursor[1] - origin[1])
            zombies = sum(
                1
                for at in view["zombies"].values()
                if abs(at[0] - cursor[0]) + abs(at[1] - cursor[1]) <= 1
            )
            caught = f"{zombies} zombie{'s' * (zombies != 1)}"
            return f"{name(first['weapon'])} at {where(cursor)}, {far} away: {caught} in the blast"
        return self.label(first, view)

    def kill_chance(self, view: dict, command: dict) -> float:
        """The chance an attack command kills (its weapon, aim, ammo)."""
        weapon, hid = command["weapon"], command["human"]
        if weapon == "hands":
            return 1 / 36
        kind = content_kind(weapon)
        if kind == "thrown":
            return 0.0
        empty = kind == "firearm" and not words.loaded(view, hid, weapon)
        use = "club" if empty else "fire" if kind == "firearm" else "melee"
        aim = 1 if use == "fire" and view["humans"][hid]["aimed"] else 0
        return words.chances(weapon, use, aim).get("head", 0.0)

    def not_a_target(self, host: Host, t: Targeting, cursor: Any) -> str:
        mover = self.figure_cell(host.view, host.selected)
        if t.kind == "move" and cursor == mover:
            return f"{words.count(len(t.options), 'cell')} in reach: the arrows pick one"
        return super().not_a_target(host, t, cursor)

    def fitting(self, host: Host, t: Targeting, hints: list[str]) -> str:
        """The first hint (longest first) that leaves the status line room for
        "Verb: " and its shortest keys ". Enter, a next, Esc" at 80 columns."""
        room = host.status_room() - len(f"{t.verb}: . Enter, {t.key} next, Esc")
        return next((h for h in hints if len(h) <= room), hints[-1])

    def pending_title(self, view: dict) -> str:
        p = view["pending"]
        dice = " ".join(map(str, p.get("dice", [])))
        e = last_rolled(self.game.events)
        if isinstance(e, ev.AttackRolled):
            weapon = "bare hands" if e.weapon == "hands" else f"the {name(e.weapon)}"
            got = f"{dice_text(e.dice, e.aim)} with {weapon}: {RESULTS.get(e.result, e.result)}"
        elif isinstance(e, ev.ItemUsed):
            got = f"{dice} with the {name(e.item)}: it fails"
        else:
            got = dice
        return f"{name(p['human'])} rolled {got}. Roll again?"

    # -- Enter and questions ---------------------------------------------------------
    def enter(self, host: Host) -> None:
        """Enter with nothing aimed: on a zombie the selected human can hit,
        aim the attack; on a cell they can walk to, show the path; else look."""
        view = host.view
        cell = host.cursor
        if not self.zombie_turn(view) and host.selected in view["humans"]:
            hits = [c for c in self.mine(host, "attack") if cmd_at(c["at"]) == cell]
            if hits and content_kind(hits[0]["weapon"]) != "thrown":
                self.key_attack(host)
                return
            if cell != self.figure_cell(view, host.selected):
                options = self.move_options(host, host.selected)
                if cell in options:
                    host.start_targeting(Targeting("move", "Move", "m", options))
                    return
                if reach.human_cost(view, cell) and not figure_at(view, cell):
                    host.add_log(
                        [self.look(host), self.out_of_reach(host, host.selected, cell, False)]
                    )
                    return
        host.add_log([self.look(host)])

    def question(self, host: Host, command: dict) -> str | None:
        """Acting with another human ends the active one's turn: ask first."""
        view = host.view
        active = view.get("active")
        who = command.get("human")
        if command["type"] in ("end_turn", "zombie_attack") or not active or who == active:
            return None
        left = view["humans"][active]["actions_left"]
        if not left or who not in view["humans"]:
            return None
        s = "s" * (left != 1)
        return (
            f"{name(active)} still has {left} action{s}. "
            f"End {name(active)}'s turn and act with {name(who)}?"
        )

    def playback(self, before: Any, events: list[Any], viewer: str) -> list[Step]:
        return frames(self.game, before, events, viewer)

    def bot_note(self, command: dict, view: dict) -> str:
        return "The zombies act... (any key skips to the end)"

    def over_text(self, view: dict) -> str:
        return f"Mission {view.get('outcome')}. Press Enter for the summary."

    # -- the end -----------------------------------------------------------------------
    def game_over(self) -> GameOver:
        s = self.game.summary()
        won = s["outcome"] == "won"
        table = Table(box=None, padding=(0, 2), show_header=True)
        table.add_column("human")
        table.add_column("lives", justify="right")
        table.add_column("kills", justify="right")
        table.add_column("carries")
        for hid, h in s["humans"].items():
            items = ", ".join(name(i) for i in h["items"]) if h["alive"] else "dead"
            table.add_row(name(hid), str(h["lives"] if h["alive"] else 0), str(h["kills"]), items)
        table.add_section()
        done = sum(1 for spot in s["spots"] if spot["searched_by"])
        table.add_row("spots", f"{done}/{len(s['spots'])}", "", "")
        table.add_row("rounds", str(s["round"]), "", "")
        table.add_row("undos", str(self.game.undo_count), "", "")
        reason = self.game.view("humans").get("lost_reason") or ""
        why = {
            "all_dead": "Every human is dead.",
            "turn_limit": "The last round ended before the search was done.",
        }.get(reason, reason.replace("_", " "))
        return GameOver("MISSION WON" if won else "MISSION LOST", won, table, "" if won else why)
