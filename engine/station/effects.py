"""Effects several rules share: wounds, XP, noise, spawns, the end checks."""

from __future__ import annotations

from engine.station import content
from engine.station import events as ev
from engine.station.rules import max_noise, score, wound_order, zone_noise
from engine.station.state import Card
from engine.station.turn import Turn


def wound(t: Turn, sid: str, cause: str) -> None:
    """One wound; elimination at max wounds drops the cards (ST-9.1)."""
    s = t.survivor(sid)
    if not s.alive:
        return
    t.emit(ev.Wounded(survivor=sid, cause=cause))
    s = t.survivor(sid)
    if s.wounds >= content.survivors()[sid].max_wounds:
        t.emit(ev.Eliminated(survivor=sid, zone=s.zone))
        check_lost(t)


def zombie_wounds(t: Turn, zone: str, count: int) -> None:
    """Wounds from zombies: fewest wounds first, ties by seat; surplus is wasted
    (ST-5.1). Tough and a vest each absorb the first wound of the zombie phase
    (ST-A, ST-2.2): zombies acting in the players' phase (an opened door's
    immediate action, an extra activation) wound in full."""
    absorbing = t.state.phase == "zombies"
    for _ in range(count):
        order = wound_order(t.state, t.world, zone)
        if not order:
            return
        s = order[0]
        for source, has in (
            ("tough", "tough" in s.skills),
            ("vest", any(content.card(c.id).effect == "armor" for c in s.hand + s.backpack)),
        ):
            if absorbing and has and f"{s.id}:{source}" not in t.state.absorbed:
                t.emit(ev.WoundAbsorbed(survivor=s.id, source=source))
                break
        else:
            wound(t, s.id, "zombie")
        if t.over:
            return


def gain_xp(t: Turn, sid: str, amount: int) -> None:
    if amount:
        t.emit(ev.XpGained(survivor=sid, amount=amount))


def noise(t: Turn, zone: str, amount: int = 1) -> None:
    before = zone_noise(t.state, zone)
    t.emit(ev.NoiseMade(zone=zone, amount=amount))
    check_marker(t, zone, before)


def check_marker(t: Turn, zone: str, before: int) -> None:
    """ST-5.4: a zone whose noise reaches the maximum takes the noise marker.
    Reaching means going from below the maximum (`before`) to at least it: a zone
    already at or above it keeps quiet, so a more recent racket elsewhere stands."""
    top = max_noise(t.state)
    if t.state.marker != zone and before < top <= zone_noise(t.state, zone):
        t.emit(ev.MarkerMoved(zone=zone))


def place_card(t: Turn, sid: str, card: Card) -> None:
    """ST-8.3: a free hand slot, else a free backpack slot, else the floor."""
    s = t.survivor(sid)
    place = "hand" if len(s.hand) < 2 else "backpack" if len(s.backpack) < 3 else "floor"
    t.emit(ev.CardGained(survivor=sid, card=card, place=place))


def new_card(card_id: str) -> Card:
    return Card(card_id, content.card(card_id).ammo)


def spawn(t: Turn, zone: str, card_id: str, counts: dict[str, int], extra: str = "") -> None:
    t.emit(ev.ZombiesSpawned(zone=zone, card=card_id, kinds=counts, extra=extra))
    limit = t.world.mission.info.max_zombies
    if t.state.zombie_count() > limit:
        t.emit(ev.GameLost(reason=f"the station holds more than {limit} zombies"))


def check_lost(t: Turn) -> None:
    if not t.over and not t.state.living():
        t.emit(ev.GameLost(reason="every survivor was eliminated"))


def check_won(t: Turn) -> None:
    """ST-9.2: the mission's conditions, checked after each action."""
    if t.over:
        return
    state, world = t.state, t.world
    living = state.living()
    if not living:
        return
    for cond in world.mission.info.win:
        if cond == "all_objectives" and state.objectives:
            return
        if cond == "all_in_exit" and not all(
            s.zone in world.exits and not state.zombies_in(s.zone) for s in living
        ):
            return
    from msgspec.structs import replace

    t.emit(ev.GameWon(score=score(replace(state, outcome="won"))))
