"""Siege's action keys: what each key does for the selected human (and
for a zombie player's zombie), with the engine as judge. Every command
offered is one the engine takes; when there is none, the engine's own
reason is said in the log."""

from __future__ import annotations

from typing import Any

from engine.siege import content
from tui.modes.base import Host, Targeting
from tui.modes.siege import reach
from tui.modes.siege.narrate import name, where


def cmd_at(value) -> reach.Cell:
    return (value[0], value[1])


def sentence(text: str) -> str:
    return text if text[-1:] in ".!?" else text + "."


def content_kind(weapon: str) -> str:
    return "hands" if weapon == "hands" else content.item(weapon).kind


class SiegeKeys:
    """Mixed into SiegePlay: needs its game, zombie_turn, figure_cell and
    weapons."""

    game: Any

    # -- the engine as judge ---------------------------------------------------
    def refusal(self, command: dict) -> str | None:
        """The engine's reason to refuse command now, or None if it would take it."""
        why = self.game.refusal(command)
        return why.message if why else None

    def mine(self, host: Host, *types: str) -> list[dict]:
        field = "zombie" if self.zombie_turn(host.view) else "human"
        return [c for c in host.legal if c["type"] in types and c.get(field) == host.selected]

    def explain(self, host: Host, what: str, probe: dict | None = None) -> None:
        """No command of this kind to offer: the engine's reason when a probe
        gives one, else plain words."""
        view = host.view
        if view.get("outcome"):
            host.add_log(["The game is over."])
            return
        who = host.selected
        if who is None:
            host.add_log(["Nobody can act now."])
            return
        why = self.refusal(probe) if probe else None
        subject = name(who) if who in view["humans"] else who
        host.add_log(
            [f"{subject} can't {what}: {sentence(why)}" if why else f"{subject} can't {what} now."]
        )

    def human_key(self, host: Host) -> str | None:
        """The selected human when it is the humans' phase, else says why not."""
        if self.zombie_turn(host.view):
            host.add_log(["It is the zombies' turn: Tab picks a zombie, e ends the turn."])
            return None
        return host.selected

    def target(
        self, host: Host, kind: str, verb: str, key: str, commands, key_of, marks=()
    ) -> None:
        options: dict = {}
        for c in commands:
            options.setdefault(key_of(c), []).append(c)
        host.start_targeting(Targeting(kind, verb, key, options, frozenset(marks)))

    # -- the humans' keys ---------------------------------------------------------
    @property
    def routes(self) -> dict:
        return getattr(self, "_routes", {})

    @property
    def cheapest_way(self) -> bool:
        """m's ways: the cheapest (slipping past zombies when it saves actions)
        or, by default, the one with the fewest passes; / switches."""
        return getattr(self, "_cheapest", False)

    def other_route(self, host: Host, hid: str, cell) -> reach.Route | None:
        """The way to cell that / would switch to, when it differs."""
        other = reach.routes(host.view, hid, not self.cheapest_way).get(cell)
        mine = self.routes.get(cell)
        if other is None or mine is None or other.passes == mine.passes:
            return None
        return other

    def key_way(self, host: Host) -> None:
        t = host.targeting
        hid = host.selected
        if t is None or t.kind != "move" or hid is None:
            host.add_log(["/ switches a move's way (past a zombie, or round) while m is aimed."])
            return
        self._cheapest = not self.cheapest_way
        options = self.move_options(host, hid)
        host.targeting = None  # a new set of ways: the cursor stays where it is
        host.start_targeting(Targeting("move", "Move", "m", options))
        way = "the cheapest ways, past zombies" if self.cheapest_way else "ways with no pass"
        host.add_log([f"Moves now take {way} where there is a choice (/ switches)."])

    def move_options(self, host: Host, hid: str) -> dict:
        """Cell -> [move command] for every cell the engine lets the human walk to."""
        found = reach.routes(host.view, hid, self.cheapest_way)
        options, kept = {}, {}
        for cell, route in found.items():
            command = {"type": "move", "human": hid, "path": [list(c) for c in route.path]}
            if self.refusal(command) is None:
                options[cell] = [command]
                kept[cell] = route
        self._routes = kept
        return options

    def key_move(self, host: Host) -> None:
        if self.zombie_turn(host.view):
            steps = self.mine(host, "zombie_move")
            if not steps:
                self.explain(host, "move")
                return
            self.target(host, "zombie_move", "Move", "m", steps, lambda c: cmd_at(c["to"]))
            return
        hid = host.selected
        if hid is None:
            self.explain(host, "move")
            return
        # the routes are worked out on the board, so only while the rules
        # let this human move now (not while another holds the floor)
        options = self.move_options(host, hid) if self.mine(host, "move") else {}
        if not options:
            step = next(iter(self.mine(host, "move")), None)
            here = self.figure_cell(host.view, hid) or (0, 0)
            probe = step or {"type": "move", "human": hid, "path": [[here[0], here[1] - 1]]}
            self.explain(host, "move", probe)
            return
        cursor = host.cursor
        here = self.figure_cell(host.view, hid)
        again = host.targeting is not None and host.targeting.kind == "move"  # m cycles
        if cursor not in options and cursor != here and not again:
            host.add_log([self.out_of_reach(host, hid, cursor)])
        host.start_targeting(Targeting("move", "Move", "m", options))
        if not again and cursor not in options and here is not None and host.cursor != here:
            host.cursor = here  # the arrows step out from the human, not from a corner
            host.redraw()

    def out_of_reach(self, host: Host, hid: str, cell: Any, shown: bool = True) -> str:
        left = host.view["humans"][hid]["actions_left"]
        s = "s" * (left != 1)
        then = "the cells in reach are highlighted" if shown else "m shows the cells in reach"
        return f"{where(cell)} is out of {name(hid)}'s reach this turn ({left} action{s}): {then}."

    def attack_marks(self, view: dict, hid: str) -> set:
        origin = self.figure_cell(view, hid)
        guns = [w for w in self.weapons(view, hid) if content.item(w).kind == "firearm"]
        longest = max((content.item(w).range for w in guns), default=1)
        if view.get("sight"):
            longest = min(longest, max(1, view["sight"]))  # a night mission: no farther
        return reach.in_reach(view, origin, longest) if origin else set()

    def key_attack(self, host: Host) -> None:
        if self.zombie_turn(host.view):
            bites = self.mine(host, "zombie_attack")
            if not bites:
                self.explain(host, "bite anyone")
                return
            key_of = lambda c: self.figure_cell(host.view, c["human"])  # noqa: E731
            self.target(host, "zombie_attack", "Bite", "a", bites, key_of)
            return
        hid = host.selected
        hits = [c for c in self.mine(host, "attack") if content_kind(c["weapon"]) != "thrown"]
        hits.sort(key=lambda c: c["weapon"] == "hands")  # bare hands last
        if hid is None or not hits:
            self.explain(host, "attack", self.attack_probe(host, hid))
            return
        self.target(
            host,
            "attack",
            "Attack",
            "a",
            hits,
            lambda c: cmd_at(c["at"]),
            self.attack_marks(host.view, hid),
        )

    def attack_probe(self, host: Host, hid: str | None) -> dict | None:
        """An attack on the nearest zombie with the longest weapon, to ask why not."""
        view = host.view
        origin = self.figure_cell(view, hid)
        if origin is None or not view["zombies"]:
            return None
        near = min(
            (cmd_at(at) for at in view["zombies"].values()),
            key=lambda c: (abs(c[0] - origin[0]) + abs(c[1] - origin[1]), c[1], c[0]),
        )
        weapons = self.weapons(view, hid) or ["hands"]
        best = max(
            weapons,
            key=lambda w: content.item(w).range if w != "hands" else 0,
        )
        return {"type": "attack", "human": hid, "weapon": best, "at": list(near)}

    def key_throw(self, host: Host) -> None:
        hid = self.human_key(host)
        if hid is None:
            return
        view = host.view
        h = view["humans"].get(hid)
        throwables = [i for i in dict.fromkeys(h["items"]) if content_kind(i) == "thrown"]
        if not throwables:
            host.add_log([f"{name(hid)} has nothing to throw."])
            return
        origin = self.figure_cell(view, hid)
        commands = []
        cells = set()
        for item in throwables:
            for cell in sorted(reach.in_reach(view, origin, content.item(item).range)):
                command = {"type": "attack", "human": hid, "weapon": item, "at": list(cell)}
                if self.refusal(command) is None:
                    commands.append(command)
                    cells.add(cell)
        if not commands:
            self.explain(
                host,
                "throw",
                {"type": "attack", "human": hid, "weapon": throwables[0], "at": list(origin)},
            )
            return
        near = sorted(commands, key=lambda c: self.zombie_distance(view, cmd_at(c["at"])))
        self.target(host, "throw", "Throw", "t", near, lambda c: cmd_at(c["at"]), cells)

    def zombie_distance(self, view: dict, cell: reach.Cell) -> int:
        return min(
            (abs(z[0] - cell[0]) + abs(z[1] - cell[1]) for z in view["zombies"].values()),
            default=99,
        )

    def key_aim(self, host: Host) -> None:
        if self.human_key(host) is None:
            return
        found = self.mine(host, "aim")
        if found:
            host.act(found[0])
        else:
            self.explain(host, "aim", {"type": "aim", "human": host.selected})

    def one_or_target(
        self, host: Host, types: tuple[str, ...], verb: str, key: str, what: str, probe_type: str
    ) -> None:
        if self.human_key(host) is None:
            return
        found = self.mine(host, *types)
        if not found:
            self.explain(host, what, self.near_probe(host, probe_type))
        elif len(found) == 1:
            host.act(found[0])
        else:
            self.target(host, types[0], verb, key, found, lambda c: cmd_at(c["at"]))

    def near_probe(self, host: Host, ctype: str) -> dict | None:
        """A command of ctype aimed at the nearest cell it could be about (a
        spot for a search, a door for a door), to ask the engine why not."""
        view = host.view
        hid = host.selected
        origin = self.figure_cell(view, hid)
        if origin is None:
            return None
        if ctype == "search":
            cells = [cmd_at(s["at"]) for s in view["spots"]]
        elif ctype == "open_door":
            cells = [
                (x, y)
                for y, row in enumerate(view["map"])
                for x, ch in enumerate(row)
                if ch in "+'"
            ]
        else:
            cells = [host.cursor] if host.cursor != origin else []
        if not cells:
            cells = [(origin[0], origin[1] - 1)]
        near = min(cells, key=lambda c: (abs(c[0] - origin[0]) + abs(c[1] - origin[1]), c[::-1]))
        return {"type": ctype, "human": hid, "at": list(near)}

    def key_search(self, host: Host) -> None:
        self.one_or_target(host, ("search",), "Search", "s", "search", "search")

    def key_door(self, host: Host) -> None:
        self.one_or_target(
            host, ("open_door", "close_door"), "Door", "o", "open or close a door", "open_door"
        )

    def key_barricade(self, host: Host) -> None:
        if self.zombie_turn(host.view):
            found = self.mine(host, "zombie_break")
            if not found:
                self.explain(host, "batter a door or a barricade")
            else:
                self.target(host, "zombie_break", "Batter", "w", found, lambda c: cmd_at(c["at"]))
            return
        self.one_or_target(
            host, ("barricade", "unbarricade"), "Barricade", "w", "build a barricade", "barricade"
        )

    def choose_from(
        self, host: Host, types: tuple[str, ...], title: str, what: str, probe: dict | None = None
    ) -> None:
        if self.human_key(host) is None:
            return
        found = self.mine(host, *types)
        if found:
            host.choose_and_act(title, found)
        else:
            self.explain(host, what, probe)

    def key_carry(self, host: Host) -> None:
        self.choose_from(host, ("carry",), "Lift whom?", "carry anyone")

    def key_give(self, host: Host) -> None:
        self.choose_from(host, ("trade",), "Give what, to whom?", "give anything")

    def key_pick_up(self, host: Host) -> None:
        self.choose_from(host, ("pick_up",), "Pick up what?", "pick anything up")

    def key_drop(self, host: Host) -> None:
        self.choose_from(host, ("drop",), "Drop what? (free)", "drop anything")

    def key_use(self, host: Host) -> None:
        self.choose_from(host, ("use",), "Use which item?", "use an item")

    def key_menu(self, host: Host) -> None:
        """Every command the selected figure can give now (moves: one step)."""
        view = host.view
        field = "zombie" if self.zombie_turn(view) else "human"
        found = [c for c in host.legal if c.get(field) == host.selected and c["type"] != "choose"]
        if self.zombie_turn(view):
            found += [c for c in host.legal if c["type"] == "end_zombie_turn"]
        if not found:
            self.explain(host, "act")
            return
        moves = [c for c in found if c["type"] == "move"]
        rest = [c for c in found if c["type"] != "move"]
        title = f"{name(host.selected or '') if field == 'human' else host.selected}: what now?"
        host.choose_and_act(title, rest + moves)

    def key_end_turn(self, host: Host) -> None:
        view = host.view
        if self.zombie_turn(view):
            ends = [c for c in host.legal if c["type"] == "end_zombie_turn"]
            if not ends:
                host.add_log(["The zombies' turn cannot end now."])
                return
            left = [z for z in view["zombies"] if z not in view["zombies_acted"]]
            if left:
                host.confirm(
                    f"{len(left)} zombie{'s have' if len(left) != 1 else ' has'} not acted. "
                    "End the zombies' turn?",
                    lambda: host.submit(ends[0]),
                )
            else:
                host.submit(ends[0])
            return
        ends = self.mine(host, "end_turn")
        if not ends:
            self.explain(host, "end a turn", {"type": "end_turn", "human": host.selected or ""})
            return
        hid = host.selected or ""
        left = view["humans"][hid]["actions_left"]
        then = lambda: self.end_turn_of(host, hid, ends[0])  # noqa: E731
        if left:
            s = "s" * (left != 1)
            host.confirm(f"End {name(hid)}'s turn with {left} action{s} left?", then)
        else:
            then()

    def end_turn_of(self, host: Host, hid: str, end: dict) -> None:
        """End the turn; a carrier first says where the carried human is set
        down, when there is more than one free cell they stood on (SI-4)."""
        carried = host.view["humans"][hid]["carrying"]
        cells = self.set_down_cells(host, hid) if carried else []
        if len(cells) < 2:
            host.submit(end)
            return
        options = [("latest", f"The latest free cell {name(hid)} stood on")]
        options += [(f"{x},{y}", f"{x},{y}") for x, y in cells]

        def chosen(answer: str | None) -> None:
            if answer == "latest":
                host.submit(end)
            elif answer is not None:
                x, y = (int(v) for v in answer.split(","))
                host.submit({**end, "set_down": [x, y]})

        host.pick(f"Set {name(carried)} down where?", options, chosen)

    def set_down_cells(self, host: Host, hid: str) -> list[reach.Cell]:
        """The free cells the carrier stood on this turn, nearest first: the
        cells near them that the engine takes as a place to set down."""
        origin = self.figure_cell(host.view, hid)
        if origin is None:
            return []
        x0, y0 = origin
        near = sorted(
            ((x, y) for x in range(x0 - 4, x0 + 5) for y in range(y0 - 4, y0 + 5)),
            key=lambda c: (abs(c[0] - x0) + abs(c[1] - y0), c[1], c[0]),
        )
        found = []
        for cell in near:
            if 0 < abs(cell[0] - x0) + abs(cell[1] - y0) <= 4 and reach.human_cost(host.view, cell):
                command = {"type": "end_turn", "human": hid, "set_down": list(cell)}
                if self.refusal(command) is None:
                    found.append(cell)
        return found

    def key_zombie_ai(self, host: Host) -> None:
        if not self.zombie_turn(host.view):
            host.add_log(["z is for the zombie player, in the zombies' turn."])
            return
        from engine.siege.ai import zombie_command

        command = zombie_command(self.game.view("zombies"))
        host.act(dict(command))
