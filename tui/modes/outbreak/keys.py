"""What Outbreak's keys do in each step of a turn (RULES OB): play a card,
draw and lay the tile (and mark its zombies), walk, move zombies, end the
movement or the turn. Every command sent comes from the game's legal list;
a key pressed at the wrong time says what to do instead and changes nothing."""

from __future__ import annotations

from rich.text import Text

from engine.outbreak import content
from engine.outbreak.board import Placed, exit_cells, tile_cells
from tui.modes.base import Answer, Host, Targeting
from tui.modes.outbreak.scene import centre, pos_of
from tui.modes.outbreak.words import (
    SIDE,
    card_effect,
    card_name,
    plural,
    tile_name,
    turned,
)


class OutbreakKeys:
    """Mixed into OutbreakPlay: needs its seats, rotation, mine, placements,
    placing, reachable, movable_zombies, figure, board, now, look and place."""

    def explain(self, host: Host, what: str) -> None:
        """Why a key does nothing now, and what does."""
        view = host.view
        if view.get("outcome"):
            host.add_log(["The game is over."])
            return
        if not self.mine(host):
            host.add_log([f"Wait: {self.seats.name(view.get('to_act'))} is playing."])
            return
        if view.get("pending"):
            host.add_log(["A fight is waiting: Enter chooses bullets or a life."])
            return
        now = {
            "event": "now: p plays a card, t draws the tile.",
            "tile": "now: lay the tile (arrows move it, r turns it, Enter lays it).",
            "move": "now: move (cursor + Enter, or m), e ends the movement.",
            "zombies": "now: move zombies (z), e ends the turn.",
        }.get(view["phase"], "")
        host.add_log([f"{what} {now}".strip()])

    def enter(self, host: Host) -> None:
        view = host.view
        if not self.mine(host):
            host.add_log([self.look(host)])
            return
        match view["phase"]:
            case "tile":
                self.lay(host)
            case "move":
                self.walk(host)
            case "zombies":
                zombie = self.movable_zombies(host).get(host.cursor)
                if zombie:
                    self.choose_way(host, host.cursor, zombie)
                else:
                    host.add_log(
                        [self.look(host), "Enter on a highlighted zombie moves it; z finds one."]
                    )
            case _:
                host.add_log([self.look(host), "t draws the tile (p plays a card first)."])

    def lay(self, host: Host) -> None:
        places = self.placements(host)
        at = pos_of(host.cursor)
        tile = host.view["drawn_tile"] or ""
        if self.rotation in places.get(at, ()):
            host.act({"type": "place_tile", "at": list(at), "rotation": self.rotation})
            return
        if at in places:
            fits = ", ".join(turned(r) for r in places[at])
            host.add_log(
                [
                    f"The {tile_name(tile)} does not fit here {turned(self.rotation)}: r turns it ({fits} fits)."
                ]
            )
            return
        why = self.board(host.view).placement_error(tile, at, self.rotation)
        reason = why[1] if why else "it cannot go there"
        host.add_log([f"Not here: {reason}. The marked places take it."])

    def question(self, host: Host, command: dict) -> str | None:
        """Laying a tile that closes the town ends the turn (OB-3): ask first."""
        view = host.view
        if command["type"] != "place_tile" or not view["tiles_left"]:
            return None
        at = (command["at"][0], command["at"][1])
        after = self.board(view).with_tile(Placed(view["drawn_tile"], at, command["rotation"]))
        if not after.closed():
            return None
        return (
            "Laid here, the tile closes the town: no road leads anywhere new, so your turn "
            "ends now and only kills can win from here. Lay it here?"
        )

    def walk(self, host: Host) -> None:
        """Enter in the movement: step by step to the cursor along a shortest
        way; the walk stops at a fight, a pick-up of the last move, or the end."""
        target = host.cursor
        view = host.view
        here = self.figure(view)
        if target == here:
            host.add_log(
                ["Move the cursor to a highlighted cell and press Enter; e ends the movement."]
            )
            return
        came = self.reachable(host)
        if target not in came:
            host.add_log(
                [
                    f"{self.place(target).capitalize()} is out of reach: the highlighted cells are not."
                ]
            )
            return
        path = [target]
        while came[path[-1]] != here:
            path.append(came[path[-1]])
        for cell in reversed(path):
            before = self.now()
            if not host.submit({"type": "move", "to": list(cell)}):
                return
            after = self.now()
            if after == before:
                continue  # a shared game: the host plays the steps in turn, stopping as here
            if (
                after["pending"]
                or after["phase"] != "move"
                or after["outcome"]
                or self.figure(after) != cell
            ):
                return

    def key_play_card(self, host: Host) -> None:
        t = host.targeting
        if t is not None and t.kind == "card_tile":
            host.start_targeting(t)
            return
        plays = self.mine(host, "play_event")
        if not plays:
            view = host.view
            me = view["seats"].get(view.get("viewer") or "", {})
            if self.mine(host) and view["phase"] == "event" and not view["event_played"]:
                held = (
                    "You hold no cards"
                    if not me.get("hand")
                    else "None of your cards can be played now"
                )
                host.add_log([f"{held}: t draws the tile."])
            elif self.mine(host) and view["event_played"] and view["phase"] == "event":
                host.add_log(["One card a turn: t draws the tile."])
            else:
                self.explain(host, "Cards are played at the start of a turn, before the tile;")
            return
        by_card: dict[str, list[dict]] = {}
        for c in plays:
            by_card.setdefault(c["card"], []).append(c)
        options = [(card, f"{card_name(card)}: {card_effect(card)}") for card in by_card]
        hand = host.view["seats"][host.view["viewer"]]["hand"] or []
        idle = [card_name(c) for c in dict.fromkeys(hand) if c not in by_card]
        title = "Play a card" + (f" (not now: {', '.join(idle)})" if idle else "")
        host.pick(title, options, lambda card: card and self.aim(host, card, by_card[card]))

    def aim(self, host: Host, card: str, plays: list[dict]) -> None:
        """A chosen card's target: none, a tile on the board, a rival (and a way)."""
        spec = content.event(card)
        name = card_name(card)
        if spec.target == "tile":
            options = {centre((c["tile"][0], c["tile"][1])): [c] for c in plays}
            host.start_targeting(Targeting("card_tile", f"{name} on", "p", options))
            return
        if spec.target != "opponent":
            host.act(plays[0])
            return
        rivals: dict[str, list[dict]] = {}
        for c in plays:
            rivals.setdefault(c["target"], []).append(c)
        seats = host.view["seats"]
        options = [
            (sid, f"{self.seats.name(sid)}: {seats[sid]['kills']} kills, life {seats[sid]['life']}")
            for sid in rivals
        ]

        def rival(sid: str | None) -> None:
            if sid is None:
                return
            ways = rivals[sid]
            if not spec.push:
                host.act(ways[0])
                return
            host.pick(
                f"{name}: which way does {self.seats.name(sid)} stumble?",
                [(c["direction"], SIDE[c["direction"]]) for c in ways],
                lambda d: d and host.act(next(c for c in ways if c["direction"] == d)),
            )

        host.pick(f"{name}: on whom?", options, rival)

    def key_draw_tile(self, host: Host) -> None:
        draw = self.mine(host, "draw_tile")
        if draw:
            host.act(draw[0])
        elif host.view.get("phase") == "tile" and self.mine(host):
            host.add_log(["The tile is drawn: lay it (arrows move it, r turns it, Enter lays it)."])
        else:
            self.explain(host, "One tile a turn, drawn after the card;")

    def key_rotate(self, host: Host) -> None:
        if not self.placing(host):
            self.explain(host, "There is no tile to turn;")
            return
        self.rotation = (self.rotation + 90) % 360
        host.redraw()

    def key_move(self, host: Host) -> None:
        steps = self.mine(host, "move")
        if not steps:
            if self.mine(host) and host.view["phase"] == "move":
                host.add_log(["No moves left: e ends the movement."])
            else:
                self.explain(host, "You move after the tile is laid;")
            return
        options = {(c["to"][0], c["to"][1]): [c] for c in steps}
        host.start_targeting(Targeting("move", "Step", "m", options))

    def key_zombie(self, host: Host) -> None:
        t = host.targeting
        if t is not None and t.kind == "tile_zombies":
            self.mark_zombie(host)
            return
        if t is None and self.placing(host):
            self.pick_zombies(host)
            return
        if t is not None and t.kind == "zombie_way":
            host.start_targeting(t)  # z again: the zombie's next way
            return
        zombies = self.movable_zombies(host)
        if not zombies:
            view = host.view
            if self.mine(host) and view["phase"] == "zombies":
                if view["zombie_moves_left"]:
                    host.add_log(
                        [
                            "No zombie can move: each moves once, never onto another. e ends the turn."
                        ]
                    )
                else:
                    host.add_log(["No zombie moves are left: e ends the turn."])
            else:
                self.explain(host, "Zombies are moved after your movement;")
            return
        order = list(zombies)  # z cycles the cursor over the zombies that may move
        i = order.index(host.cursor) + 1 if host.cursor in order else 0
        host.cursor = order[i % len(order)]
        host.redraw()

    def choose_way(self, host: Host, zombie: tuple[int, int], moves: list[dict]) -> None:
        """OB-4 (6): which way the picked zombie goes is the player's: its
        ways are highlighted, an arrow picks one (the cell that way of the
        zombie), z cycles them, Enter moves it, Esc picks another zombie."""
        if len(moves) == 1:
            host.act(moves[0])
            return
        self._back_to = zombie
        options = {(c["to"][0], c["to"][1]): [c] for c in moves}
        host.start_targeting(
            Targeting("zombie_way", "Move the zombie", "z", options, frozenset({zombie}))
        )

    def pick_zombies(self, host: Host) -> None:
        """OB-3: whoever lays a plain tile may put its zombies (one per road
        exit) on other road cells of it: z marks them, Enter lays the tile."""
        view = host.view
        tile = view["drawn_tile"] or ""
        name = tile_name(tile)
        if content.tile(tile).building:
            host.add_log([f"The {name}'s zombies fill its rooms from the door: nothing to choose."])
            return
        at = pos_of(host.cursor)
        if self.rotation not in self.placements(host).get(at, ()):
            host.add_log([f"The {name} does not fit here: move it or turn it (r) first."])
            return
        exits = len(exit_cells(tile, at, self.rotation))
        roads = [c for c, k in tile_cells(tile, at, self.rotation).items() if k in ("road", "pad")]
        self.picked = []
        self._pick = (at, self.rotation, exits)
        self._back_to = centre(at)
        options = {c: [self.zombie_place(host)] for c in sorted(roads, key=lambda c: (c[1], c[0]))}
        host.start_targeting(Targeting("tile_zombies", f"{name}'s zombies", "arrows", options))
        host.add_log(
            [
                f"Mark {plural(exits, 'road cell')} for its zombies: z marks or unmarks, Enter lays it."
            ]
        )

    def zombie_place(self, host: Host) -> dict:
        at, rotation, _ = self._pick
        zombies = [list(c) for c in self.picked]
        return {"type": "place_tile", "at": list(at), "rotation": rotation, "zombies": zombies}

    def mark_zombie(self, host: Host) -> None:
        t = host.targeting
        cell = host.cursor
        if cell not in t.options:
            host.add_log(["Zombies go on the tile's road cells (highlighted)."])
            return
        exits = self._pick[2]
        if cell in self.picked:
            self.picked.remove(cell)
        elif len(self.picked) < exits:
            self.picked.append(cell)
        else:
            host.add_log([f"{plural(exits, 'zombie')} only: z on a marked cell unmarks it."])
            return
        command = self.zombie_place(host)
        t.options = {c: [command] for c in t.options}
        host.redraw()

    def key_end(self, host: Host) -> None:
        view = host.view
        end_move = self.mine(host, "end_move")
        if end_move:
            left = view["moves_left"]
            if left and self.mine(host, "move"):
                host.confirm(
                    f"End the movement with {plural(left, 'move')} left?",
                    lambda: host.submit(end_move[0]),
                )
            else:
                host.act(end_move[0])
            return
        ends = self.mine(host, "end_turn")
        if not ends:
            self.explain(host, "The turn ends after the zombie step;")
            return
        left = view["zombie_moves_left"]
        unused = (
            f" ({plural(left, 'zombie move')} left)" if left and self.movable_zombies(host) else ""
        )
        if len(ends) == 1:
            card = ends[0].get("discard")
            back = f", putting {card_name(card)} back under the event pile" if card else ""
            if unused or back:
                host.confirm(f"End the turn{unused}{back}?", lambda: host.submit(ends[0]))
            else:
                host.act(ends[0])
            return
        self.ask_discard(host, ends, unused)

    def ask_discard(self, host: Host, ends: list[dict], unused: str) -> None:
        """OB-4 (6): the end of the turn, and which card (if any) goes back
        under the event pile, asked in the status line: Enter keeps every
        card, a card's number (as the hand panel numbers them) discards it; with discard=mandatory one must go, so Enter is no
        answer. Esc asks nothing more and the turn goes on."""
        hand = host.view["seats"][host.view["viewer"]]["hand"] or []
        by_card = {c["discard"]: c for c in ends if c.get("discard")}
        keep = next((c for c in ends if not c.get("discard")), None)
        answers = []
        if keep is not None:
            answers.append(Answer("enter", self.label(keep, host.view), lambda: host.submit(keep)))
        for i, card in enumerate(hand, 1):
            if card in by_card:
                command = by_card[card]
                answers.append(
                    Answer(str(i), self.label(command, host.view), lambda c=command: host.submit(c))
                )
        cards = [(a.key, card_name(hand[int(a.key) - 1])) for a in answers if a.key != "enter"]
        keys = cards[0][0] if len(cards) == 1 else f"{cards[0][0]}-{cards[-1][0]}"
        named: list = []
        for i, (key, name) in enumerate(cards):
            named += [", " if i else " ", (key, "bold"), f" {name}"]
        esc, no = (", ", ("Esc", "bold")), ": not yet"
        if keep is not None:
            question = f"End the turn{unused}?"
            enter = ((" Enter", "bold"), " keeps every card")
            short = ((" Enter", "bold"), " keeps all")
            tails = [
                (*enter, ", or discard", *named, ";", (" Esc", "bold"), no),
                (*enter, ", ", (keys, "bold"), " discards that card", *esc, no),
                (*short, ", ", (keys, "bold"), " discards that card", *esc, no),
                (*short, ", ", (keys, "bold"), " discards one", *esc, no),
                (*short, ", ", (keys, "bold"), " discards one", *esc, ": no"),
                (*short, ", ", (keys, "bold"), " discards", *esc),
            ]
        else:  # discard=mandatory (the box's last step)
            question = f"End the turn{unused}: which card goes back under the event pile?"
            tails = [
                (*named, ";", (" Esc", "bold"), no),
                (" ", (keys, "bold"), " (your cards)", *esc, no),
                (" ", (keys, "bold"), *esc),
            ]
            if unused:  # the pile said by the answers' labels: the question fits one row
                question = f"End the turn{unused}: which card goes back?"
        host.ask(
            question,
            answers,
            [Text.assemble(*t) for t in tails],
            "The turn goes on: e ends it when you are done.",
        )

    def key_figure(self, host: Host) -> None:
        """f: the cursor (and so the view) onto the looker's own figure."""
        view = host.view
        me = view.get("viewer")
        if me not in view["seats"]:
            me = view.get("to_act") or view["current"]
        host.targeting = None
        host.cursor = self.cursor_on(host, self.figure(view, me))
        host.redraw()
        host.add_log([self.look(host)])

    def key_helipad(self, host: Host) -> None:
        """g: the cursor (and so the view) onto the Helipad's landing pad."""
        view = host.view
        pad = view.get("helipad")
        if pad is None:
            left = view["tiles_left"]
            why = (
                "the town is closed: it will never come"
                if view["map_closed"]
                else f"it is the last tile of the pile ({plural(left, 'tile')} left)"
            )
            host.add_log([f"The Helipad is not laid yet: {why}."])
            return
        host.targeting = None
        host.cursor = self.cursor_on(host, (pad[0], pad[1]))
        host.redraw()
        host.add_log([self.look(host)])

    def cursor_on(self, host: Host, cell: tuple[int, int]) -> tuple[int, int]:
        """Where the cursor goes to look at a cell: the cell, or while a tile
        is being laid the centre of its tile."""
        return centre(pos_of(cell)) if self.tile_mode(host) else cell

    def key_speed(self, host: Host) -> None:
        """s: bots' turns at once, or a step at a time (for the session)."""
        from tui.modes.outbreak import speed

        speed.set_fast(not speed.fast())
        if speed.fast():
            host.add_log(["Bots now play at once: the board shows where they left it, "
                          "the log every move (s: a step at a time again)."])  # fmt: skip
        else:
            host.add_log(["Bots now play a step at a time (any key: the rest at once; s: fast)."])

    def key_cards(self, host: Host) -> None:
        from tui.modes.outbreak.cards import CardsScreen

        view = host.view
        me = view["seats"].get(view.get("viewer") or "")
        if me is None or me["hand"] is None:
            host.add_log(["Hands are secret: there is no hand of yours to read here."])
            return
        host.app.push_screen(CardsScreen(self.seats.possessive(view["viewer"]), me["hand"]))
