"""summary() and view(): the state as plain data (DESIGN-siege stable keys)."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.siege import board as b
from engine.siege import content
from engine.siege.rules import World, actions_left, load
from engine.siege.state import State

VIEWERS = ("humans", "players", "zombies")


def _cell(cell) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


def drawn_map(state: State) -> list[str]:
    """The terrain now, barricades drawn as B."""
    rows = list(state.terrain)
    for x, y in state.barricades:
        rows[y] = rows[y][:x] + b.BARRICADE + rows[y][x + 1 :]
    return rows


def summary(world: World, state: State) -> dict:
    humans = {}
    for h in state.humans:
        humans[h.id] = {
            "at": _cell(h.at),
            "lives": h.lives,
            "alive": h.alive,
            "wounded": h.alive and h.lives == 1,
            "actions_left": 0 if h.id in state.done else actions_left(h),
            "items": [i.id for i in h.items],
            "empty": [i.id for i in h.items if i.empty],
            "load": load(h.items),
            "kills": h.kills,
            "aimed": h.aimed,
            "carrying": h.carrying,
            "carried_by": h.carried_by,
            "done": h.id in state.done,
        }

    def searched_by(key) -> list[str]:
        return [h.id for h in state.humans if key in h.searched]

    pending = None
    if state.pending is not None:
        p = state.pending
        pending = {
            "kind": p.kind,
            "human": p.human,
            "options": list(p.options),
            "dice": list(p.dice),
        }
    board = world.board
    return {
        "mode": "siege",
        "mission": world.mission_id,
        "round": state.round,
        "phase": state.phase,
        "outcome": state.outcome,
        "turn_limit": world.turn_limit,
        "win": world.win,
        "zombie_seat": world.zombie_seat,
        "map": drawn_map(state),
        "humans": humans,
        "active": state.active,
        "zombies": {z.id: _cell(z.at) for z in state.zombies},
        "zombies_acted": list(state.zombies_acted),
        "spots": [{"at": _cell(s), "searched_by": searched_by(s)} for s in board.spots],
        "cars": [{"at": _cell(c[0]), "searched_by": searched_by(c[0])} for c in board.cars],
        "floor": [{"at": _cell(p.at), "items": [i.id for i in p.items]} for p in state.floor],
        "noise": _cell(state.noise),
        "search_deck": len(state.search),
        "kills": state.kills,
        "pending": pending,
    }


def view(world: World, state: State, viewer: str) -> dict:
    """What a side may know (K-7): everything on the board, never the search
    deck's order or dice not yet rolled; the summary plus who is looking."""
    if viewer not in VIEWERS:
        raise RuleError("unknown_viewer", f"viewers are {', '.join(VIEWERS)}")
    out = summary(world, state)
    out["viewer"] = viewer
    out["lost_reason"] = state.lost_reason
    out["sight"] = world.sight  # 0: no limit (a night mission's shots reach no farther)
    out["names"] = {h.id: content.name(h.id) for h in state.humans}
    return out
