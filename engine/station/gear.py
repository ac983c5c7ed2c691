"""Managing gear (ST-3.6): hands, backpacks, the zone floor and trades."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.station import content
from engine.station import events as ev
from engine.station.commands import Manage
from engine.station.content import name
from engine.station.state import Card
from engine.station.turn import Turn


def arrange(t: Turn, cmd: Manage) -> ev.GearArranged:
    """The event for a wanted end arrangement, or RuleError if it cannot be made."""
    s = t.survivor(cmd.survivor)
    wanted: dict[str, tuple[list[str], list[str]]] = {s.id: (cmd.hand, cmd.backpack)}
    for oid, arr in (cmd.others or {}).items():
        o = t.survivor(oid)
        if oid == s.id:
            raise RuleError("bad_trade", "list the survivor's own cards in hand and backpack")
        if not o.alive or o.zone != s.zone:
            raise RuleError("not_here", f"{name(oid)} is not in zone {s.zone} to trade with")
        wanted[oid] = (arr.hand, arr.backpack)
    for who, (hand, backpack) in wanted.items():
        if len(hand) > 2:
            raise RuleError("hands_full", f"{name(who)} has two hands: at most 2 cards in hand")
        if len(backpack) > 3:
            raise RuleError("backpack_full", f"{name(who)}'s backpack holds at most 3 cards")
        for cid in hand + backpack:
            if cid not in content.cards():
                raise RuleError("unknown_card", f"there is no card {cid!r}")
    # the pool, in the order cards are taken: own, then others by seat, then the floor
    pool: list[Card] = list(s.hand + s.backpack)
    for o in t.state.survivors:
        if o.id in wanted and o.id != s.id:
            pool.extend(o.hand + o.backpack)
    floor = t.state.floor.get(s.zone, ())
    pool.extend(floor)
    hands: dict[str, tuple[Card, ...]] = {}
    backpacks: dict[str, tuple[Card, ...]] = {}
    for who, (hand, backpack) in wanted.items():
        got = []
        for cid in hand + backpack:
            for i, c in enumerate(pool):
                if c.id == cid:
                    got.append(pool.pop(i))
                    break
            else:
                raise RuleError("card_not_here", f"no {cid} to take in zone {s.zone}")
        hands[who] = tuple(got[: len(hand)])
        backpacks[who] = tuple(got[len(hand) :])
    event = ev.GearArranged(zone=s.zone, hands=hands, backpacks=backpacks, floor=tuple(pool))
    unchanged = tuple(floor) == event.floor and all(
        (t.survivor(w).hand, t.survivor(w).backpack) == (hands[w], backpacks[w]) for w in wanted
    )
    if unchanged:
        raise RuleError("nothing_changes", "that arrangement is the one the survivors have")
    return event


def single_changes(t: Turn, sid: str) -> list[Manage]:
    """Every single swap, pick-up, drop and trade (legal_commands)."""
    s = t.survivor(sid)
    hand = [c.id for c in s.hand]
    pack = [c.id for c in s.backpack]
    out: list[Manage] = []
    seen: set[tuple] = set()

    def add(h: list[str], b: list[str], others: dict | None = None) -> None:
        key = (tuple(h), tuple(b), repr(sorted((others or {}).items())))
        if key in seen or (h == hand and b == pack and not others):
            return
        seen.add(key)
        out.append(Manage(survivor=sid, hand=h, backpack=b, others=others))

    if len(hand) == 2:
        add([hand[1], hand[0]], pack)
    for i, hc in enumerate(hand):
        for j, bc in enumerate(pack):
            add(hand[:i] + [bc] + hand[i + 1 :], pack[:j] + [hc] + pack[j + 1 :])
        if len(pack) < 3:
            add(hand[:i] + hand[i + 1 :], pack + [hc])
        add(hand[:i] + hand[i + 1 :], pack)  # drop
    for j, bc in enumerate(pack):
        if len(hand) < 2:
            add(hand + [bc], pack[:j] + pack[j + 1 :])
        add(hand, pack[:j] + pack[j + 1 :])  # drop
    for c in t.state.floor.get(s.zone, ()):
        if len(hand) < 2:
            add(hand + [c.id], pack)
        elif len(pack) < 3:
            add(hand, pack + [c.id])

    from engine.station.commands import Arrangement

    for o in t.state.survivors:
        if o.id == sid or not o.alive or o.zone != s.zone:
            continue
        oh = [c.id for c in o.hand]
        ob = [c.id for c in o.backpack]
        for i, cid in enumerate(hand + pack):  # give
            mine_h = [x for k, x in enumerate(hand) if k != i]
            mine_b = [x for k, x in enumerate(pack) if k != i - len(hand)]
            if len(oh) < 2:
                add(mine_h, mine_b, {o.id: Arrangement(hand=oh + [cid], backpack=ob)})
            elif len(ob) < 3:
                add(mine_h, mine_b, {o.id: Arrangement(hand=oh, backpack=ob + [cid])})
        for i, cid in enumerate(oh + ob):  # take
            their_h = [x for k, x in enumerate(oh) if k != i]
            their_b = [x for k, x in enumerate(ob) if k != i - len(oh)]
            if len(hand) < 2:
                add(hand + [cid], pack, {o.id: Arrangement(hand=their_h, backpack=their_b)})
            elif len(pack) < 3:
                add(hand, pack + [cid], {o.id: Arrangement(hand=their_h, backpack=their_b)})
    return out
