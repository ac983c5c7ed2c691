"""legal_commands: everything the seat to act may submit now (K-5).

Built from the rules' preconditions without running decide; the playout
tests submit every listed command to prove each is accepted. Commands that
only add `seat` or a tile's chosen `zombies` are not listed."""

from __future__ import annotations

import msgspec

from engine.outbreak import commands as cmd
from engine.outbreak import content
from engine.outbreak.board import reading
from engine.outbreak.cards import DIRECTIONS, pushed_to, zombies_on
from engine.outbreak.rules import World, board, discard_required
from engine.outbreak.state import State


def legal_commands(world: World, state: State) -> list[cmd.Command]:
    if state.phase == "over":
        return []
    if state.pending is not None:
        return [cmd.Choose(option=o) for o in state.pending.options]
    match state.phase:
        case "event":
            out = [] if state.event_played else _events(state)
            return [*out, cmd.DrawTile()]
        case "tile":
            tid = state.drawn_tile
            return [cmd.PlaceTile(at=at, rotation=r) for at, r in board(state).placements(tid)]
        case "move":
            if state.moves_left <= 0:
                return [cmd.EndMove()]
            here = state.current.cell
            steps = sorted(board(state).links.get(here, ()), key=reading)
            return [*(cmd.Move(to=to) for to in steps), cmd.EndMove()]
        case "zombies":
            return [*_zombie_moves(state), *_end_turns(world, state)]
    return []


def _events(state: State) -> list[cmd.Command]:
    b = board(state)
    me = state.current
    opponents = [s.id for s in state.seats if s.id != me.id]
    tiles = sorted(b.placed, key=reading)
    out: list[cmd.Command] = []
    for card in dict.fromkeys(me.hand):
        spec = content.event(card)
        if spec.target == "opponent" and spec.push:
            out.extend(
                cmd.PlayEvent(card=card, target=o, direction=d)
                for o in opponents
                for d in DIRECTIONS
                if pushed_to(b, state, o, d) is not None
            )
        elif spec.target == "opponent":
            out.extend(cmd.PlayEvent(card=card, target=o) for o in opponents)
        elif spec.target == "tile":
            out.extend(
                cmd.PlayEvent(card=card, tile=pos)
                for pos in tiles
                if not spec.zombie_on_tile or zombies_on(state, pos)
            )
        else:
            out.append(cmd.PlayEvent(card=card))
    return out


def _zombie_moves(state: State) -> list[cmd.Command]:
    if state.zombie_moves_left <= 0:
        return []
    links = board(state).links
    taken = set(state.zombies)
    moved = set(state.moved_zombies)
    return [
        cmd.MoveZombie(from_=z, to=to)
        for z in state.zombies
        if z not in moved
        for to in sorted(links.get(z, ()), key=reading)
        if to not in taken
    ]


def _end_turns(world: World, state: State) -> list[cmd.Command]:
    hand = dict.fromkeys(state.current.hand)
    plain = [] if discard_required(world, state) else [cmd.EndTurn()]
    return [*plain, *(cmd.EndTurn(discard=c) for c in hand)]


def as_dict(command: cmd.Command) -> dict:
    """A command as the plain dict a player would type (no empty fields)."""
    out = msgspec.to_builtins(command)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in out.items() if v is not None}
