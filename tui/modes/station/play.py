"""Station on the shared game screen: the key table, what each action key
does, the status line, targeting hints, hot-seat control notes (ST-1.3) and
the game-over table. Every command comes from the screen's legal list;
whatever the engine refuses is said in the log with the engine's reason."""

from __future__ import annotations

from functools import partial
from typing import Any

from rich.table import Table
from rich.text import Text

from engine.station.content import earlier_mission
from tui.keys import Key
from tui.modes.base import MOVE_HINT, GameOver, Host, Play, Seat, Step, Targeting
from tui.modes.station import actions
from tui.modes.station.glyphs import glyphs
from tui.modes.station.narrate import narrate
from tui.modes.station.panels import CardsPanel, DangerPanel, LegendPanel, SurvivorsPanel
from tui.modes.station.playback import frames
from tui.modes.station.scene import StationBoard
from tui.modes.station.sheet import CharacterSheet, skills_note
from tui.text import display_name

KEYS: tuple[Key, ...] = (
    Key("up,k,8", "cursor('up')", "cursor to the zone above", "Cursor"),
    Key("down,j,2", "cursor('down')", "cursor to the zone below", "Cursor"),
    Key("left,h,4", "cursor('left')", "cursor to the zone on the left", "Cursor"),
    Key("right,l,6", "cursor('right')", "cursor to the zone on the right", "Cursor"),
    Key(
        "m",
        "move",
        "move (reachable zones highlighted; m again cycles)",
        "Actions",
        True,
        label="move",
    ),
    Key("a", "melee", "melee attack in your zone", "Actions", True, label="melee"),
    Key(
        "f", "fire", "fire a ranged weapon (f again cycles targets)", "Actions", True, label="fire"
    ),
    Key("s", "search", "search the zone", "Actions", True, label="search"),
    Key("o", "open_door", "open a door", "Actions", label="door"),
    Key("i", "gear", "gear: hands, backpack, floor, trade", "Actions", label="gear"),
    Key("p", "play", "play (use) a card", "Actions"),
    Key("z", "skill", "use a skill", "Actions"),
    Key("g", "objective", "take the objective in your zone", "Actions"),
    Key(
        "c",
        "sheet",
        "character sheet: speed, dice, wounds, XP, skills, weapons",
        "Turn",
        True,
        label="sheet",
    ),
    Key("e,full_stop", "end_turn", "end this survivor's turn", "Turn", True, "e", label="end"),
    Key("tab", "next", "select the next survivor", "Turn"),
    Key("x", "look", "look: describe the zone under the cursor", "Turn"),
)

# Action keys the status line offers when the selected survivor can use them.
HINTS = (
    ("move", "m", "move"),
    ("melee", "a", "melee"),
    ("ranged", "f", "fire"),
    ("search", "s", "search"),
    ("open_door", "o", "door"),
    ("take_objective", "g", "objective"),
    ("use", "p", "card"),
    ("skill", "z", "skill"),
    ("manage", "i", "gear"),
    ("end_turn", "e", "end"),
)

# Probes: when no legal command of a kind exists, submitting this shape lets
# the engine say why ("no zombies here", "no loaded ranged weapon in hand").
PROBES = {
    "melee": lambda s, z: {"type": "melee", "survivor": s},
    "ranged": lambda s, z: {"type": "ranged", "survivor": s, "zone": z},
    "search": lambda s, z: {"type": "search", "survivor": s},
    "take_objective": lambda s, z: {"type": "take_objective", "survivor": s},
    "move": lambda s, z: {"type": "move", "survivor": s, "to": z},
}


class StationPlay(Play):
    keys = KEYS
    figure_fields = ("survivor",)
    more_prompt = True  # a round's end that overflows the log stops at --more--
    focus_words = "the survivor in focus"  # a watcher's plain board: "Around Vega, ..."

    def __init__(self, game: Any, ascii_only: bool = False) -> None:
        super().__init__(game, ascii_only)
        self.world = game.world
        self.glyphs = glyphs(ascii_only)
        self.board = StationBoard(self.world, self.glyphs)
        self.nav = actions.navigation(self.world.board)  # every cursor key from every zone
        self._round: int | None = None
        self._reselect: str | None = None  # after an undo: the survivor who acted

    # -- who acts ----------------------------------------------------------------
    def players(self, view: dict) -> dict[str, int]:
        return view.get("players") or {}

    def hot_seat(self, view: dict) -> bool:
        return len(set(self.players(view).values())) > 1

    def select(self, host: Host, before: str | None) -> str | None:
        view = host.view
        acting = self.actors(host.legal)
        new_round = view.get("round") != self._round
        self._round = view.get("round")
        selected = before
        if self._reselect in acting:  # undo gives the turn back to who acted
            selected, new_round = self._reselect, False
        self._reselect = None
        # hot-seat: a new round hands control back in seat order (ST-1.3)
        if selected not in acting or (new_round and self.hot_seat(view)):
            active = view.get("active")
            selected = active if active in acting else (acting[0] if acting else None)
        if selected is None:
            alive = [s for s, v in view["survivors"].items() if v["alive"]]
            selected = alive[0] if alive else None
        return selected

    def hello(self, seat: Seat, host: Host) -> str:
        return f"{seat.name}, your turn: {display_name(host.selected or '')}"

    def idle_work(self) -> list[Any]:
        """Line of sight from every living survivor's zone with the doors as
        they are: the zombie phase asks whether each zombie's zone sees one
        (ST-5.3), and a cold map sweeps then (about 25 ms on the bench's
        crowded map, in the key that ends the round). Swept while the player
        reads, the round ends at once; the answers are the engine's own."""
        board, state = self.world.board, self.game.state
        doors = state.open_doors()
        zones = sorted({s.zone for s in state.survivors if s.alive})
        return [partial(board.visible_zones, z, doors) for z in zones]

    # -- board and panels ----------------------------------------------------------
    def survivor_zone(self, view: dict, sid: str | None) -> str | None:
        s = view.get("survivors", {}).get(sid or "")
        return s["zone"] if s else None

    def scene(self, host: Host):
        targets: frozenset[str] = frozenset()
        if host.targeting:
            targets = frozenset(host.targeting.options) | host.targeting.marks
        view = host.view
        spawned = view.get("spawned")  # a playback step: look where zombies came
        centre = spawned or self.survivor_zone(view, host.selected)
        return self.board.scene(
            view, cursor=host.cursor, selected=host.selected, targets=targets, centre=centre
        )

    def focus_name(self, host: Host) -> str:
        sid = actions.in_focus(host.view, host.selected)
        return display_name(sid) if sid else ""

    def home(self, host: Host) -> str:
        sid = actions.in_focus(host.view, host.selected)
        return self.survivor_zone(host.view, sid) or self.world.board.zones[0]

    def step(self, host: Host, cursor: Any, dx: int, dy: int) -> str | None:
        if cursor not in self.world.board.cells:
            return self.world.board.zones[0]
        return self.nav.get((cursor, dx, dy))

    def cursor_at(self, host: Host, x: int, y: int) -> str | None:
        return self.board.zone_at_cell(x, y, host.cursor)

    def panels(self) -> list:
        return [
            SurvivorsPanel(self.glyphs, self.game.setup.undo),
            CardsPanel(self.weapon_dice),
            DangerPanel(self.glyphs),
            LegendPanel(self.glyphs),
        ]

    def board_title(self) -> str:
        info = self.world.mission.info
        return info.name or info.id

    # -- words ---------------------------------------------------------------------
    def intro(self) -> list[str]:
        info = self.world.mission.info
        intro = [f"{info.name or info.id}: {info.briefing}"] if info.briefing else []
        return [
            *intro,
            *self.unlabelled_warning(),
            MOVE_HINT,
        ]

    def unlabelled_warning(self) -> list[str]:
        """Zones whose ids are letters the board draws figures with go
        unlabelled. A mission file of the player's own with such ids is
        warned; a game recorded on a shipped mission before its zones were
        renamed keeps the ids it was played with (its save holds its mission),
        and is told what a new game calls them."""
        zones = sorted(self.board.unlabelled)
        if not zones or self.shipped():
            return []
        names = ", ".join(zones)
        earlier = earlier_mission(self.game.setup.mission_text)
        if earlier is not None:
            now = ", ".join(earlier.zones.get(z, z) for z in zones)
            return [
                "This game was recorded before the mission's zones were renamed, and keeps "
                f"their ids: the board leaves {names} unlabelled (a new game calls "
                f"{'them' if len(zones) > 1 else 'it'} {now})."
            ]
        return [
            f"Warning: this mission names zone{'s' if len(zones) > 1 else ''} {names} with "
            "letters the board draws figures with (zombies, survivors), so the board does "
            "not label them; the status line and x name them."
        ]

    def shipped(self) -> bool:
        """The game is played on a shipped mission as it ships today."""
        from engine import MissionError

        setup = self.game.setup
        try:
            return self.game.mode.mission_text(setup.mission) == setup.mission_text
        except MissionError:  # not a shipped id
            return False

    def narrate(self, events) -> list[str]:
        return narrate(events)

    def tell(self, before: Any, events: list[Any]) -> list[str]:
        return narrate(events, self.game.mode.view(self.world, before, self.viewer()))

    def undo_note(self, host: Host, command: dict, events: list[Any], redone: bool) -> str:
        """ "Undone: Vega moves from zone a to zone b." The survivor who acted is selected again."""
        if not redone and command.get("survivor"):
            self._reselect = command["survivor"]
        # before the command: for a redo, the view still drawn; for an undo, the game now
        before = host.view if redone else self.game.view(self.viewer())
        lines = narrate(events, before, origins=True)
        what = lines[0] if lines else self.label(command, host.view) + "."
        return f"{'Redone' if redone else 'Undone'}: {what}"

    def label(self, command: dict, view: dict) -> str:
        """actions.label, and an attack's dice and hit value: "... with wrench: 2d 5+"."""
        text = actions.label(command, view)
        if command["type"] in ("melee", "ranged"):
            from engine.station import content

            weapon = command.get("weapon") or ""
            hit = content.card(weapon).hit if weapon else 6
            text += f": {self.dice_for(command)}d {hit}+"
        return text

    def best_attack(self, commands: list[dict]) -> int:
        """The attack expected to hit most (dice times the chance of each to
        hit), the first of equals: where the melee list's cursor starts."""
        from engine.station import content

        def hits(command: dict) -> float:
            dice = self.dice_for(command)
            weapon = command.get("weapon") or ""
            hit = content.card(weapon).hit if weapon else 6
            return (dice if isinstance(dice, int) else 0) * (7 - hit) / 6

        scores = [hits(c) for c in commands]
        return scores.index(max(scores)) if scores else 0

    def place(self, cursor: Any) -> str:
        return f"zone {cursor}"

    def look(self, host: Host) -> str:
        return actions.describe_zone(host.view, self.world, host.cursor)

    def status(self, host: Host) -> Text:
        sid = host.selected
        if sid is None:
            return Text("Nobody can act.")
        view = host.view
        s = view["survivors"][sid]
        left = s["actions_left"]
        players = self.players(view)
        whose = ""
        if self.hot_seat(view) and sid in players:
            p = players[sid]
            whose = f"Player {p}, your turn: " if host.handover else f"P{p} "
        can = {c["type"] for c in host.legal if c.get("survivor") == sid}
        hints = [(key, word) for ctype, key, word in HINTS if ctype in can]
        room = host.status_room()
        acts = f"{left} action{'s' if left != 1 else ''}"
        # "zone 5", never a bare id: "Vega in 5, 2 actions" reads like numbers
        bare = actions.zones_text(s["zone"])
        named = actions.zone_label(self.world, s["zone"])
        if s["zone"].isdigit():  # "in 5 (Ops)" reads like a count too: "in zone 5 (Ops)"
            named = f"zone {named}"
        where = [bare if named == s["zone"] else named, bare]
        # shorten, never cut: the zone's name goes first, then middle hints; the
        # last hint (e end) always shows
        for zone in where:
            text = Text(whose + display_name(sid), "bold")
            text.append(f" in {zone}, {acts}:")
            words = sum(len(k) + len(w) + 2 for k, w in hints)
            if text.cell_len + words <= room or zone == where[-1]:
                break
        last = hints[-1:]
        used = text.cell_len + sum(len(k) + len(w) + 2 for k, w in last)
        shown = []
        for key, word in hints[:-1]:
            if used + len(key) + len(word) + 2 <= room:
                shown.append((key, word))
                used += len(key) + len(word) + 2
        for key, word in shown + last:
            text.append(f" {key}", "bold")
            text.append(f" {word}")
        return text

    def target_hint(self, host: Host, t: Targeting, zone: Any) -> str:
        cmds = t.options[zone]
        view = host.view
        if t.kind == "fire":
            dice = self.dice_for(cmds[0])
            n = sum(view["zombies"].get(zone, {}).values())
            weapon = actions.card_name(cmds[0].get("weapon"))
            zombies = f"{n} zombie{'s' if n != 1 else ''}"
            friends = self.friends_at(host, cmds[0])
            # the status line adds "Fire: " and ". Enter, f next, Esc": the hint
            # shortens to leave them room at 80 columns, never the other way
            room = host.status_room() - 26
            for there in (", ".join(friends), f"{len(friends)} survivors"):
                warn = f" ({there} there!)" if friends else ""
                for hint in (
                    f"{weapon} at zone {zone}, {dice} dice vs {zombies}",
                    f"{weapon} at zone {zone}, {dice}d vs {n}",
                ):
                    if len(hint + warn) <= room:
                        return hint + warn
            return hint + warn
        if t.kind == "open_door":
            return f"door {cmds[0]['door']} into zone {zone}"
        return f"zone {zone}"

    def pending_title(self, view: dict) -> str:
        pending = view["pending"]
        dice = pending.get("dice")
        title = f"{display_name(pending['survivor'])}: choose ({pending['kind'].replace('_', ' ')})"
        return title + (f"; dice {' '.join(map(str, dice))}" if dice else "")

    # -- dice, as the engine counts them -----------------------------------------------
    def dice_for(self, command: dict) -> int | str:
        weapon = command.get("weapon") or ""
        n = self.weapon_dice(weapon, command["type"] == "ranged", command["survivor"])
        return "?" if n is None else n

    def weapon_dice(self, weapon: str, ranged: bool, sid: str | None) -> int | None:
        """Dice an attack with weapon rolls, from the engine's own counting."""
        try:
            from engine.station.attack import dice_count

            s = self.game.state.survivor(sid)
            return dice_count(s, weapon, ranged) if s is not None else None
        except (ImportError, AttributeError, KeyError, TypeError):
            return None

    # -- acting --------------------------------------------------------------------
    def question(self, host: Host, command: dict) -> str | None:
        """Acting with another survivor ends the active one's activation: ask first."""
        view = host.view
        active = view.get("active")
        who = command.get("survivor")
        if active and who and who != active and command["type"] != "end_turn":
            left = view["survivors"][active]["actions_left"]
            if left:
                return (
                    f"{display_name(active)} still has {left} action{'s' if left > 1 else ''}. "
                    f"End {display_name(active)}'s turn and act with {display_name(who)}?"
                )
        return None

    def enter(self, host: Host) -> None:
        """Enter with nothing highlighted never acts: on a zone the survivor
        can move to it highlights the move (Enter again moves), else it looks."""
        moves = self.mine(host, "move")
        if any(c["to"] == host.cursor for c in moves):
            self.target(host, "move", "Move", "m", moves, lambda c: c["to"])
        else:
            host.add_log([self.look(host)])

    def playback(self, before: Any, events: list[Any], viewer: str) -> list[Step]:
        return frames(self.game, before, events, viewer)

    def mine(self, host: Host, ctype: str) -> list[dict]:
        return actions.of_type(host.legal, ctype, host.selected)

    def explain(self, host: Host, ctype: str, what: str) -> None:
        """No legal command of this kind: let the engine say why, else say so."""
        sid = host.selected
        if sid is None or host.view.get("outcome"):
            host.add_log(["The game is over." if host.view.get("outcome") else "Nobody can act."])
            return
        probe = PROBES.get(ctype)
        if probe is not None:
            why = self.game.refusal(probe(sid, self.probe_zone(host, sid)))
            if why is not None:
                host.add_log([f"{display_name(sid)} can't {what}: {why.message}"])
                return
        host.add_log([f"{display_name(sid)} can't {what} now."])

    def probe_zone(self, host: Host, sid: str) -> str | None:
        """The cursor zone, or when it is the survivor's own zone, the first
        zone next to it (through any door), to ask the engine about."""
        here = self.survivor_zone(host.view, sid)
        if host.cursor != here or here is None:
            return host.cursor
        board = self.world.board
        every_door = frozenset(d.id for d in board.doors)
        nearby = board.links(every_door).get(here, ())
        return nearby[0] if nearby else here

    def target(self, host: Host, kind: str, verb: str, key: str, commands, key_of) -> None:
        options: dict[str, list[dict]] = {}
        for c in commands:
            options.setdefault(key_of(c), []).append(c)
        doors = frozenset(c["door"] for c in commands if "door" in c)
        host.start_targeting(Targeting(kind, verb, key, options, doors))

    def other_side(self, host: Host, door_id: str) -> str:
        door = self.world.board.door(door_id)
        here = self.survivor_zone(host.view, host.selected)
        return door.b if door.a == here else door.a

    # -- the action keys -------------------------------------------------------------
    # One rule for every action key (the help says it): a key that aims at the
    # board (m, f, o) lights its targets first, even one, and Enter does it;
    # any other key acts at once when there is one thing to do, else a list
    # opens; anything that wastes actions or could wound a survivor asks y/n.
    def key_move(self, host: Host) -> None:
        moves = self.mine(host, "move")
        if not moves:
            self.explain(host, "move", "move")
        else:
            self.target(host, "move", "Move", "m", moves, lambda c: c["to"])

    def key_fire(self, host: Host) -> None:
        shots = self.mine(host, "ranged")
        if not shots:
            self.explain(host, "ranged", "fire")
        else:  # the targets, with the odds and who is there
            self.target(host, "fire", "Fire", "f", shots, lambda c: c["zone"])

    def friends_at(self, host: Host, command: dict) -> list[str]:
        """Survivors a shot (or blast) at the command's zone could wound: the
        shooter too, when the zone is their own and nobody else is there."""
        zone = command.get("zone") or command.get("target")
        me = command.get("survivor")
        sniper = command["type"] == "ranged" and "sniper" in host.view["survivors"][me]["skills"]
        if sniper or zone not in self.world.board.cells:
            return []
        here = [
            sid for sid, v in host.view["survivors"].items() if v["alive"] and v["zone"] == zone
        ]
        others = [sid for sid in here if sid != me]
        return [display_name(sid) for sid in (others or here)]

    def key_open_door(self, host: Host) -> None:
        doors = self.mine(host, "open_door")
        if not doors:
            self.explain(host, "open_door", "open a door")
        else:
            side = lambda c: self.other_side(host, c["door"])  # noqa: E731
            self.target(host, "open_door", "Open a door", "o", doors, side)

    def key_melee(self, host: Host) -> None:
        hits = self.mine(host, "melee")
        if not hits:
            self.explain(host, "melee", "attack in melee")
        else:
            host.choose_and_act("Melee", hits, self.best_attack(hits))

    def key_search(self, host: Host) -> None:
        found = self.mine(host, "search")
        host.act(found[0]) if found else self.explain(host, "search", "search")

    def key_objective(self, host: Host) -> None:
        found = self.mine(host, "take_objective")
        if found:
            host.act(found[0])
        else:
            self.explain(host, "take_objective", "take an objective")

    def key_play(self, host: Host) -> None:
        uses = self.mine(host, "use")
        if not uses:
            self.explain(host, "use", "play a card")
        elif len(uses) == 1 and self.friends_at(host, uses[0]):  # a grenade where friends are
            what = actions.label(uses[0], host.view)
            friends = ", ".join(self.friends_at(host, uses[0]))
            host.confirm(f"{what}, where {friends} is?", lambda: host.act(uses[0]))
        else:
            host.choose_and_act("Play a card", uses)

    def key_skill(self, host: Host) -> None:
        found = self.mine(host, "skill")
        if found:
            host.choose_and_act("Use a skill", found)
        elif host.selected and not host.view.get("outcome"):
            host.add_log([skills_note(host.view, host.selected)])
        else:
            self.explain(host, "skill", "use a skill")

    def key_sheet(self, host: Host) -> None:
        host.app.push_screen(CharacterSheet(host.view, host.selected))

    def key_gear(self, host: Host) -> None:
        """The gear editor (several moves, one action) first, then every
        single change as a quick pick."""
        changes = self.mine(host, "manage")
        if not changes:
            self.explain(host, "manage", "manage gear")
            return
        options = [("editor", "Open the gear editor: several moves, one action")]
        options += [(str(i), actions.label(c, host.view)) for i, c in enumerate(changes)]

        def chosen(answer: str | None) -> None:
            if answer == "editor":
                self.open_gear_editor(host)
            elif answer is not None:
                host.act(changes[int(answer)])

        host.pick("Gear: one change costs one action", options, chosen)

    def open_gear_editor(self, host: Host) -> None:
        from tui.modes.station.gear import GearEditor

        sid = host.selected
        if sid is None:
            return

        def check(command: dict) -> str | None:
            """The engine's reason to refuse the arrangement, without doing it."""
            why = self.game.refusal(command)
            return why.message if why else None

        def chosen(command: dict | None) -> None:
            if command is not None:
                host.act(command)

        host.app.push_screen(GearEditor(host.view, sid, check), chosen)

    def key_end_turn(self, host: Host) -> None:
        ends = self.mine(host, "end_turn")
        if not ends:
            self.explain(host, "end_turn", "end a turn")
            return
        sid = host.selected or ""
        left = host.view["survivors"][sid]["actions_left"]
        if left:
            s = "s" if left > 1 else ""
            question = f"End {display_name(sid)}'s turn with {left} action{s} left?"
            host.confirm(question, lambda: host.submit(ends[0]))
        else:
            host.submit(ends[0])

    # -- the end -----------------------------------------------------------------------
    def game_over(self) -> GameOver:
        s = self.game.summary()
        won = s["outcome"] == "won"
        table = Table(box=None, padding=(0, 2), show_header=True)
        table.add_column("survivor")
        table.add_column("kills", justify="right")
        table.add_column("xp", justify="right")
        table.add_column("level")
        table.add_column("state")
        for sid, v in s["survivors"].items():
            state = "alive" if v["alive"] else "eliminated"
            table.add_row(
                display_name(sid), str(v.get("kills", 0)), str(v["xp"]), v["level"], state
            )
        table.add_section()
        table.add_row(Text("score", "bold"), Text(str(s["score"]), "bold"), "", "", "")
        table.add_row("rounds", str(s["round"]), "", "", "")
        table.add_row("undos", str(self.game.undo_count), "", "", "")
        reason = self.game.view("players").get("lost_reason") or ""
        return GameOver(
            "MISSION WON" if won else "MISSION LOST",
            won,
            table,
            "" if won else reason.replace("_", " "),
        )

    def score(self) -> Any | None:
        """A shipped mission's score line (ST-9.4); generated stations keep none."""
        from saves import scores

        if self.game.setup.mission == "random":
            return None
        g = self.game
        return scores.from_game(g.summary(), g.setup.seed, undo=g.setup.undo, undos=g.undo_count)
