"""evolve(world, state, event) -> state: pure, total, no chance (STYLE 3)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engine.sniper import content
from engine.sniper import events as ev
from engine.sniper.mission import id_order
from engine.sniper.state import LastKnown, Noise, Played, Sighting, Smoke, State, Unit

_DECK_FIELDS = {
    "objectives": "objectives_deck",
    "equipment": "equipment_deck",
    "shots": "shots_deck",
    "events": "events_deck",
}


def _unit(state: State, uid: str, **changes: Any) -> State:
    units = tuple(replace(u, **changes) if u.id == uid else u for u in state.units)
    return replace(state, units=units)


def _sniper(state: State, **changes: Any) -> State:
    return replace(state, sniper=replace(state.sniper, **changes))


def _hurt_unit(state: State, uid: str, damage: int) -> State:
    u = state.unit(uid)
    return _unit(state, uid, health=max(0, u.health - damage)) if u else state


def evolve(world: Any, state: State, event: ev.Event) -> State:
    s = state.sniper
    match event:
        case ev.DeckShuffled(deck=deck, order=order):
            changes = {_DECK_FIELDS[deck]: order}
            if deck in ("equipment", "shots", "events"):
                changes[f"{deck}_discard"] = ()
            return replace(state, shuffles=state.shuffles + 1, **changes)
        case ev.ObjectivesDealt(cards=cards):
            deck = state.objectives_deck[len(cards) :]
            return replace(_sniper(state, objectives=s.objectives + cards), objectives_deck=deck)
        case ev.EquipmentDrawn(cards=cards):
            deck = state.equipment_deck[len(cards) :]
            return replace(_sniper(state, hand=s.hand + cards), equipment_deck=deck)
        case ev.UnitSighted(unit=uid, kind=kind, at=at, turn=turn):
            memory = dict(state.memory)
            memory[uid] = Sighting(kind, at, turn)
            return replace(state, memory=memory)
        case ev.SniperSpotted(at=at):
            state = replace(state, last_known=LastKnown(at, state.turn))
            return _sniper(state, spotted=True)
        case ev.SniperTracked(at=at):
            return replace(state, last_known=LastKnown(at, state.turn))
        case ev.SniperBumped():  # he stops short: no more moves this turn
            return _sniper(state, moves_left=0)
        case ev.SniperStepped(to=to):
            return _sniper(state, at=to, moves_left=max(0, s.moves_left - 1), moved=True)
        case ev.FeatureTaken(feature=feature):
            return replace(state, features={**state.features, feature: "taken"})
        case ev.CamouflageWorn(at=at):
            return _sniper(state, camo_ready=False, camo_at=at)
        case ev.CamouflageDropped():
            return _sniper(state, camo_at=None)
        case ev.ActionTaken(action=action):
            first = s.first_action or action
            state = _sniper(state, actions=s.actions + 1, first_action=first, moves_left=0)
            return replace(state, phase="action")
        case ev.ShotFired(suppressed=suppressed, masked=masked):
            loud = s.loud_shots + (not suppressed and not masked)
            return _sniper(state, ammo=max(0, s.ammo - 1), shots=s.shots + 1, loud_shots=loud)
        case ev.ShotCardDrawn(card=card):
            deck = state.shots_deck[1:] if state.shots_deck[:1] == (card,) else state.shots_deck
            return replace(state, shots_deck=deck, shots_discard=state.shots_discard + (card,))
        case ev.UnitHit(unit=uid, damage=damage):
            return _hurt_unit(state, uid, damage)
        case ev.UnitKilled(unit=uid, kind=kind, witnessed=witnessed):
            kills = {**state.kills, kind: state.kills.get(kind, 0) + 1}
            state = replace(_unit(state, uid, alive=False, health=0), kills=kills)
            if witnessed and uid in state.memory:
                memory = {k: v for k, v in state.memory.items() if k != uid}
                state = replace(state, memory=memory)
            return state
        case ev.NoiseMade(at=at, kind=kind, radius=radius, heard=heard):
            return replace(state, noises=state.noises + (Noise(at, kind, radius, heard),))
        case ev.UnitAlerted(unit=uid, at=at):
            return _unit(state, uid, alert=at)
        case ev.CardUsed(card=card, kept=kept):
            if kept or card not in s.hand:
                return state
            hand = list(s.hand)
            hand.remove(card)
            state = _sniper(state, hand=tuple(hand))
            return replace(state, equipment_discard=state.equipment_discard + (card,))
        case ev.FarSightRaised():
            return _sniper(state, far_sight=True)
        case ev.FeatureWrecked(feature=feature):
            return replace(state, features={**state.features, feature: "destroyed"})
        case ev.SmokeLaid(at=at, until=until, radius=radius):
            return replace(state, smoke=state.smoke + (Smoke(at, until, radius),))
        case ev.SniperHealed(amount=amount):
            return _sniper(state, health=s.health + amount)
        case ev.AmmoRefilled(ammo=ammo, crate=crate):
            return _sniper(state, ammo=ammo, crates_used=s.crates_used + crate)
        case ev.CamouflageReadied():
            return _sniper(state, camo_ready=True)
        case ev.SniperHid():
            return _sniper(state, spotted=False)
        case ev.SniperWounded(damage=damage):
            return _sniper(state, health=max(0, s.health - damage))
        case ev.UnitFired(unit=uid, at_once=at_once):
            state = replace(state, dice_used=state.dice_used + 1)
            return _unit(state, uid, fired=True) if at_once else state
        case ev.ObjectiveCompleted(objective=objective):
            return replace(state, done=state.done + (objective,))
        case ev.SniperTurnEnded():
            return _sniper(state, moves_left=0)
        case ev.CommanderTurnBegan():
            return replace(state, phase="commander")
        case ev.EventCardDrawn(card=card):
            deck = state.events_deck[1:] if state.events_deck[:1] == (card,) else state.events_deck
            return replace(state, events_deck=deck, commander_hand=state.commander_hand + (card,))
        case ev.UnitMoved(unit=uid, path=path, ordered=ordered):
            u = state.unit(uid)
            if u is None:
                return state
            at = path[-1] if path else u.at
            return _unit(state, uid, at=at, moved=u.moved or ordered)
        case ev.WaypointReached(unit=uid, waypoint=waypoint):
            return _unit(state, uid, waypoint=waypoint)
        case ev.AlertCleared(unit=uid):
            return _unit(state, uid, alert=None)
        case ev.EventPlayed(card=card, at=at):
            hand = list(state.commander_hand)
            if card in hand:
                hand.remove(card)
            return replace(
                state,
                commander_hand=tuple(hand),
                events_discard=state.events_discard + (card,),
                events_played=state.events_played + (Played(state.turn, card, at),),
                event_played=True,
            )
        case ev.ShotsMasked(turn=turn):
            return replace(state, masked_turn=turn)
        case ev.RainBegan(until=until):  # rain on rain: the longer lasts
            return replace(state, rain_until=max(until, state.rain_until or 0))
        case ev.UnitArrived(unit=uid, kind=kind, at=at):
            units = (*state.units, Unit(id=uid, kind=kind, at=at, health=content.unit(kind).health))
            return replace(state, units=tuple(sorted(units, key=lambda u: id_order(u.id))))
        case ev.SearchlightSwept():
            return state
        case ev.SniperCaptured():
            return state
        case ev.CommanderTurnEnded():
            return state
        case ev.TurnBegan(turn=turn, moves=moves):
            units = tuple(replace(u, moved=False, fired=False) for u in state.units)
            sniper = replace(
                s,
                moves_left=moves,
                moved=False,
                actions=0,
                first_action="",
                shots=0,
                loud_shots=0,
                spotted=False,
                far_sight=False,
            )
            return replace(
                state,
                turn=turn,
                phase="move",
                sniper=sniper,
                units=units,
                event_played=False,
                noises=(),
                smoke=tuple(m for m in state.smoke if m.until >= turn),
            )
        case ev.GameWon():
            return replace(state, phase="over", outcome="won")
        case ev.GameLost(reason=reason):
            return replace(state, phase="over", outcome="lost", lost_reason=reason)
    return state
