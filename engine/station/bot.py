"""A heuristic Station player (issue 5).

It decides from the players' view (`Game.view("players")`), the list of legal
commands and the public board (the map every player sees); never from the
hidden state. It is deterministic: the same inputs give the same command.

What it does, first that applies, for the survivor now acting:
answer a pending decision; fight zombies in its own zone; shoot zombies it
can reach without hitting a friend; take an objective; pick up a keycard or
better gear; heal; search while the station is quiet; walk (opening doors on
the way) toward the nearest objective, the keycard when a locked door stands
in the way, then the exit, keeping close to the others; else end its turn."""

from __future__ import annotations

import heapq
from typing import Any

import msgspec

from engine.station import content
from engine.station.zones import ZoneMap

# how much a card is worth carrying; weapons also count for a hand slot
CARD_VALUE = {
    "keycard": 9,
    "smg": 8,
    "shotgun": 7,
    "fire_axe": 7,
    "rifle": 6,
    "plasma_cutter": 6,
    "baton": 5,
    "pistol": 5,
    "nail_gun": 5,
    "crowbar": 4,
    "wrench": 4,
    "vest": 4,
    "medkit": 4,
    "grenade": 3,
    "knife": 3,
    "stim": 2,
    "ammo_pack": 2,
    "flare_gun": 1,
    "megaphone": 0,
}
SKILL_RANK = (
    "plus_1_action",
    "tough",
    "plus_1_melee_die",
    "plus_1_ranged_die",
    "medic",
    "sniper",
    "lucky",
    "plus_1_speed",
    "scavenger",
    "racket",
    "silent_doors",
)
ZOMBIE_THREAT = {"walker": 1, "runner": 2, "dog": 2, "jumper": 2, "armored": 3}


def _as_dict(command: Any) -> dict:
    return command if isinstance(command, dict) else msgspec.to_builtins(command)


class StationBot:
    """Plays Station from the players' view; `choose(view, legal)` returns one
    of the legal commands (the same object that was passed in)."""

    def __init__(self, board: ZoneMap, exits: tuple[str, ...], search_rounds: int = 3) -> None:
        self.board = board
        self.exits = tuple(exits)
        self.search_rounds = search_rounds

    @classmethod
    def for_game(cls, game: Any, search_rounds: int = 3) -> StationBot:
        """A bot for a Game: reads only the public board and the exit zones."""
        return cls(game.world.board, game.world.exits, search_rounds)

    # -- the decision -----------------------------------------------------------
    def choose(self, view: dict, legal: list) -> Any:
        if not legal:
            raise ValueError("there is no legal command to choose from")
        items = [(c, _as_dict(c)) for c in legal]
        if view.get("pending"):
            return self._answer(view["pending"], items)
        who = self._who(view, items)
        mine = [(c, d) for c, d in items if d.get("survivor") == who]
        pick = self._act(view, who, mine)
        if pick is not None:
            return pick
        for c, d in mine:
            if d["type"] == "end_turn":
                return c
        return items[0][0]

    def _answer(self, pending: dict, items: list) -> Any:
        options = {d["option"]: c for c, d in items if d["type"] == "choose"}
        kind = pending.get("kind")
        if kind == "lucky":
            dice = pending.get("dice") or []
            good = sum(1 for f in dice if f >= 5)
            return options.get(
                "reroll" if good * 2 < len(dice) else "keep", next(iter(options.values()))
            )
        if kind == "skill":
            for skill in SKILL_RANK:
                if skill in options:
                    return options[skill]
        best = max(options, key=lambda o: (CARD_VALUE.get(o, 0), o))
        return options[best]

    def _who(self, view: dict, items: list) -> str:
        if view.get("active"):
            return view["active"]
        ready = [
            sid
            for sid, s in view["survivors"].items()
            if s["alive"] and sid not in view["done"] and s["actions_left"] > 0
        ]
        acting = {d.get("survivor") for _c, d in items}
        ready = [sid for sid in ready if sid in acting] or [d.get("survivor") for _c, d in items]
        # survivors standing with zombies act first: they fight or get out
        zombies = view["zombies"]
        ready.sort(key=lambda sid: -sum(zombies.get(view["survivors"][sid]["zone"], {}).values()))
        return ready[0]

    def _act(self, view: dict, sid: str, mine: list) -> Any:
        me = view["survivors"][sid]
        zone = me["zone"]
        here = view["zombies"].get(zone, {})
        by_type: dict[str, list] = {}
        for c, d in mine:
            by_type.setdefault(d["type"], []).append((c, d))
        if me["actions_left"] <= 0:
            return None
        # 1. zombies in the zone: fight when it pays, else step out of reach
        if here:
            attack, expected = self._best_attack(view, sid, by_type)
            crowd = sum(here.values())
            dying = me["wounds"] + crowd >= me["max_wounds"]
            flee = self._flee(view, sid, by_type.get("move", []))
            last = me["actions_left"] == 1
            if attack is not None and expected >= 0.6 and not (dying and last and flee):
                return attack
            if flee is not None:
                return flee
            if attack is not None:
                return attack
        # 2. shoot zombies that are not in a friend's zone
        shot = self._best_shot(view, sid, by_type.get("ranged", []))
        if shot is not None:
            return shot
        blast = self._best_blast(view, sid, by_type.get("use", []))
        if blast is not None:
            return blast
        # 3. take an objective
        if "take_objective" in by_type:
            return by_type["take_objective"][0][0]
        # 4. heal
        if me["wounds"]:
            for c, d in by_type.get("use", []) + by_type.get("skill", []):
                if d.get("card") == "medkit" or d.get("skill") == "medic":
                    return c
        # 5. gear: reload, keycard, better weapons, weapons into hands
        if any(n == 0 for _w, n in me["ammo"]):
            for c, d in by_type.get("use", []):
                if d.get("card") == "ammo_pack":
                    return c
        gear = self._best_gear(view, sid, by_type.get("manage", []))
        if gear is not None:
            return gear
        # 6. search while it is quiet
        if (
            "search" in by_type
            and view["round"] <= self.search_rounds
            and len(me["backpack"]) < 3
            and not self._threat_near(view, zone)
        ):
            return by_type["search"][0][0]
        # 7. walk toward the goal, opening doors on the way
        return self._walk(view, sid, by_type)

    # -- fighting ---------------------------------------------------------------
    def _dice(self, sid: str, view: dict, spec: Any, ranged: bool) -> int:
        stats = content.survivors()[sid]
        skills = view["survivors"][sid]["skills"]
        if ranged:
            extra = stats.ranged + ("plus_1_ranged_die" in skills)
        else:
            extra = stats.melee + ("plus_1_melee_die" in skills)
        return max(1, (spec.power if spec else 0) + extra)

    def _best_attack(self, view: dict, sid: str, by_type: dict) -> tuple[Any, float]:
        """The best attack on the survivor's own zone and its expected worth:
        expected successes, less the wounds a shot would deal to friends."""
        me = view["survivors"][sid]
        zone = me["zone"]
        best: tuple[float, Any] | None = None
        for c, d in by_type.get("melee", []):
            if d.get("targets"):
                continue
            spec = content.card(d["weapon"]) if d.get("weapon") else None
            hit = spec.hit if spec else 6
            value = self._dice(sid, view, spec, False) * (7 - hit) / 6
            if best is None or value > best[0]:
                best = (value, c)
        for c, d in by_type.get("ranged", []):
            if d["zone"] != zone or d.get("targets") or not self._loaded(me, d.get("weapon")):
                continue
            spec = content.card(d.get("weapon") or "pistol")
            dice = self._dice(sid, view, spec, True)
            value = dice * (7 - spec.hit) / 6
            if "sniper" not in me["skills"]:
                hurt = [
                    s
                    for o, s in view["survivors"].items()
                    if s["alive"] and s["zone"] == zone and o != sid
                ] or [me]
                frail = min(s["max_wounds"] - s["wounds"] for s in hurt) <= 1
                value -= (4.0 if frail else 1.5) * dice / 6
            if best is None or value > best[0]:
                best = (value, c)
        return (best[1], best[0]) if best else (None, 0.0)

    def _flee(self, view: dict, sid: str, moves: list) -> Any:
        zone = view["survivors"][sid]["zone"]
        opened = self._open(view)
        zombies = view["zombies"]
        best = None
        for c, d in moves:
            to = d["to"]
            if zombies.get(to):
                continue
            dist = self.board.distances(to, opened)
            near = sum(
                sum(k.values()) for z, k in zombies.items() if z != zone and dist.get(z, 9) <= 1
            )
            friends = sum(
                1
                for o, s in view["survivors"].items()
                if s["alive"] and o != sid and s["zone"] == to
            )
            key = (-near, friends, -self.board.order[to])
            if best is None or key > best[0]:
                best = (key, c)
        return best[1] if best else None

    def _best_shot(self, view: dict, sid: str, options: list) -> Any:
        friends = {s["zone"] for o, s in view["survivors"].items() if s["alive"] and o != sid}
        me = view["survivors"][sid]
        best = None
        for c, d in options:
            if d.get("targets") or not self._loaded(me, d.get("weapon")):
                continue
            zone = d["zone"]
            if zone in friends or zone == me["zone"]:
                continue
            if not view["zombies"].get(zone):
                continue  # a lure shot at an empty zone
            spec = content.card(d.get("weapon") or "pistol")
            key = (spec.power * (7 - spec.hit), -self._dist(me["zone"], zone, view))
            if best is None or key > best[0]:
                best = (key, c)
        return best[1] if best else None

    @staticmethod
    def _loaded(me: dict, weapon: str | None) -> bool:
        """The first carried copy of the weapon (the one a shot uses) has ammo."""
        for cid, rounds in me["ammo"]:
            if weapon is None or cid == weapon:
                return rounds > 0
        return False

    def _best_blast(self, view: dict, sid: str, options: list) -> Any:
        friends = {s["zone"] for s in view["survivors"].values() if s["alive"]}
        for c, d in options:
            zone = d.get("target")
            if d.get("card") != "grenade" or zone is None or zone in friends:
                continue
            if sum(view["zombies"].get(zone, {}).values()) >= 2:
                return c
        return None

    def _threat_near(self, view: dict, zone: str) -> bool:
        opened = self._open(view)
        dist = self.board.distances(zone, opened)
        return any(dist.get(z, 99) <= 2 for z, k in view["zombies"].items() if sum(k.values()))

    # -- gear -------------------------------------------------------------------
    def _best_gear(self, view: dict, sid: str, options: list) -> Any:
        me = view["survivors"][sid]
        if not options:
            return None
        others_key = any(
            "keycard" in s["hand"] + s["backpack"]
            for o, s in view["survivors"].items()
            if o != sid and s["alive"]
        )
        current = self._loadout_value(view, sid, me["hand"], me["backpack"], others_key)
        best = None
        for c, d in options:
            if d.get("others"):
                continue  # trades are left alone: each carries its own gear
            value = self._loadout_value(view, sid, d["hand"], d["backpack"], others_key)
            if value > current + 0.05 and (best is None or value > best[0]):
                best = (value, c)
        return best[1] if best else None

    def _loadout_value(
        self, view: dict, sid: str, hand: list, backpack: list, others_key: bool
    ) -> float:
        """What an arrangement of cards is worth to this survivor: the best
        melee and ranged weapon in hand by expected hits, then the items."""
        me = view["survivors"][sid]
        loaded = {w for w, n in me["ammo"] if n > 0}
        melee, ranged = [0.17], [0.0]
        value = 0.0
        for cid in hand:
            spec = content.card(cid)
            if spec.kind == "melee":
                melee.append(self._dice(sid, view, spec, False) * (7 - spec.hit) / 6)
            elif spec.kind == "ranged":
                hits = self._dice(sid, view, spec, True) * (7 - spec.hit) / 6
                ranged.append(hits + 0.3 * spec.range[1] if cid in loaded else 0.0)
            else:
                value += 0.5 * self._item_value(cid, others_key)
        value += 4 * max(melee) + 3 * max(ranged)
        for cid in backpack:
            spec = content.card(cid)
            if spec.is_weapon:
                value += 0.1 * CARD_VALUE.get(cid, 0)
            else:
                value += self._item_value(cid, others_key)
        return value

    @staticmethod
    def _item_value(cid: str, others_key: bool) -> float:
        if cid == "keycard":
            return 0.5 if others_key else 9.0
        return float(CARD_VALUE.get(cid, 0))

    # -- moving -----------------------------------------------------------------
    def _open(self, view: dict) -> frozenset[str]:
        return frozenset(d for d, st in view["doors"].items() if st == "open")

    def _dist(self, a: str, b: str, view: dict) -> int:
        return self.board.distances(a, self._open(view)).get(b, 99)

    def _costs(self, view: dict, start: str, has_key: bool) -> tuple[dict, dict]:
        """Dijkstra from start over zones: closed doors cost an action more,
        locked doors pass only with a key, zombies make a zone dearer."""
        links: dict[str, list[tuple[str, int, str | None]]] = {z: [] for z in self.board.zones}
        for a, b in self.board.touching:
            links[a].append((b, 1, None))
            links[b].append((a, 1, None))
        for door in self.board.doors:
            status = view["doors"].get(door.id, "closed")
            if status == "locked" and not has_key:
                continue
            cost = 1 if status == "open" else 2
            links[door.a].append((door.b, cost, door.id))
            links[door.b].append((door.a, cost, door.id))
        dark = set(view.get("dark", ()))
        zombies = view["zombies"]
        best = {start: 0}
        first: dict[str, tuple[str, str | None]] = {}
        heap = [(0, self.board.order[start], start)]
        while heap:
            d, _o, z = heapq.heappop(heap)
            if d > best.get(z, 1 << 30):
                continue
            for n, step, door in links[z]:
                threat = sum(ZOMBIE_THREAT.get(k, 1) * v for k, v in zombies.get(n, {}).items())
                nd = d + step + 2 * threat + (1 if n in dark else 0)
                if nd < best.get(n, 1 << 30):
                    best[n] = nd
                    first[n] = first[z] if z != start else (n, door)
                    heapq.heappush(heap, (nd, self.board.order[n], n))
        return best, first

    def _goal(self, view: dict, sid: str, cost: dict) -> str | None:
        """Where this survivor would go on its own: the nearest objective it
        can reach, else the keycard, else (objectives done) the exit."""
        objectives = [z for z in view["objectives_left"] if z in cost]
        if self._key_holder(view) is None and "locked" in view["doors"].values():
            # a keycard lying on the way is worth the detour
            objectives += [
                z for z, cards in view["floor"].items() if "keycard" in cards and z in cost
            ]
        if objectives:
            return min(objectives, key=lambda z: (cost[z], self.board.order[z]))
        if not view["objectives_left"]:
            exits = [z for z in self.exits if z in cost]
            if exits:
                return min(exits, key=lambda z: cost[z])
        if self._key_holder(view) is None:
            spots = [z for z, cards in view["floor"].items() if "keycard" in cards and z in cost]
            if spots:
                return min(spots, key=lambda z: (cost[z], self.board.order[z]))
        return None

    def _key_holder(self, view: dict) -> str | None:
        for sid, s in view["survivors"].items():
            if s["alive"] and "keycard" in s["hand"] + s["backpack"]:
                return sid
        return None

    def _plan(self, view: dict, sid: str) -> tuple[dict, dict, str | None]:
        me = view["survivors"][sid]
        has_key = "keycard" in me["hand"] + me["backpack"]
        cost, first = self._costs(view, me["zone"], has_key)
        return cost, first, self._goal(view, sid, cost)

    def _walk(self, view: dict, sid: str, by_type: dict) -> Any:
        me = view["survivors"][sid]
        zone = me["zone"]
        living = [o for o, s in view["survivors"].items() if s["alive"]]
        # the keycard holder leads (locked doors open for it), else the first seat
        leader = self._key_holder(view) or living[0]
        cost, first, goal = self._plan(view, sid)
        if sid != leader:
            _lc, _lf, shared = self._plan(view, leader)
            if shared is not None and shared in cost:
                goal = shared
            elif shared is not None:
                goal = view["survivors"][leader]["zone"]
        else:
            # the leader waits for anyone who has fallen far behind
            opened = self._open(view)
            dist = self.board.distances(zone, opened)
            behind = [o for o in living if dist.get(view["survivors"][o]["zone"], 0) > 2]
            if behind and not view["zombies"].get(zone) and view["objectives_left"]:
                return None
        if goal is None and "search" in by_type:
            return by_type["search"][0][0]  # nowhere to go: look for a keycard
        if goal is None or goal == zone:
            return None
        step, door = first[goal]
        if door is not None and view["doors"].get(door) != "open":
            if step in view.get("dark", ()) and not self._ready_for_dark(view, sid):
                return None
            for c, d in by_type.get("open_door", []):
                if d["door"] == door:
                    return c
            return None
        moves = {d["to"]: c for c, d in by_type.get("move", [])}
        if step in moves and (not view["zombies"].get(step) or self._can_fight(view, sid, step)):
            return moves[step]
        return None

    def _can_fight(self, view: dict, sid: str, zone: str) -> bool:
        """Worth walking into a zone with zombies: a real melee weapon, and
        wounds to spare if they all strike before it can swing."""
        me = view["survivors"][sid]
        crowd = sum(view["zombies"].get(zone, {}).values())
        best = 0.0
        for cid in me["hand"]:
            spec = content.card(cid)
            if spec.kind == "melee":
                best = max(best, self._dice(sid, view, spec, False) * (7 - spec.hit) / 6)
        return best >= 0.6 and me["wounds"] + crowd < me["max_wounds"]

    def _ready_for_dark(self, view: dict, sid: str) -> bool:
        """Open a door into the dark only fit to fight what comes out."""
        me = view["survivors"][sid]
        friends = [
            o
            for o, s in view["survivors"].items()
            if o != sid and s["alive"] and s["zone"] == me["zone"]
        ]
        alone = sum(1 for s in view["survivors"].values() if s["alive"]) == 1
        if alone or friends:
            return me["actions_left"] >= 2 or bool(friends)
        return me["wounds"] <= me["max_wounds"] - 2 and me["actions_left"] >= 2


def choose_command(view: dict, legal: list, board: ZoneMap, exits: tuple[str, ...]) -> Any:
    """One command for the players: the bot's choice among `legal`."""
    return StationBot(board, exits).choose(view, legal)


def play(game: Any, bot: StationBot | None = None, limit: int = 5000) -> str | None:
    """Let the bot play a Station game to its end (or `limit` commands);
    returns the outcome. Uses only the public Game API."""
    bot = bot or StationBot.for_game(game)
    for _ in range(limit):
        if game.outcome is not None:
            break
        game.submit(bot.choose(game.view("players"), game.legal_commands()))
    return game.outcome
