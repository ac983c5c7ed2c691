"""Who the sniper's story is told to (narrate.py): the sniper himself, who
reads it in the second person ("You move 2 steps to 4,7."), or a watcher,
who reads the same story of the same events, no more, in the third person
("The sniper moves 2 steps to 4,7."). A watcher is told what the sniper's
seat is (engine/sniper/table.py: the watcher's viewer is the sniper's); only
the words change.

Every line that speaks of the sniper is here with both wordings side by
side, so they are kept in step: `YOU(key, ...)` or `WATCHER(key, ...)`."""

from __future__ import annotations

LINES: dict[str, tuple[str, str]] = {
    "move": ("You move {n} {steps} to {at}.", "The sniper moves {n} {steps} to {at}."),
    "board_mark": ("you are @", "the sniper is @"),  # the plain board's heading
    "see": ("You see {unit} at {at}{was}.", "The sniper sees {unit} at {at}{was}."),
    "bump": (
        "You walk into {unit} at {at} and stop!",
        "The sniper walks into {unit} at {at} and stops!",
    ),
    "take": ("You take the {feature}.", "The sniper takes the {feature}."),
    "camo_worn": (
        "Your camouflage hides you on open ground at {at}.",
        "The sniper's camouflage hides him on open ground at {at}.",
    ),
    "camo_dropped": (
        "You leave your camouflage behind.",
        "The sniper leaves his camouflage behind.",
    ),
    "fire": ("You fire at {unit}{how}{masked}.", "The sniper fires at {unit}{how}{masked}."),
    "blast_unseen": (
        "Your blast hits someone out of sight.",
        "The sniper's blast hits someone out of his sight.",
    ),
    "use": ("You use the {card}.", "The sniper uses the {card}."),
    "binoculars": (
        "Binoculars up: you see any distance this turn.",
        "Binoculars up: the sniper sees any distance this turn.",
    ),
    "heal": ("You patch yourself up: +{n} health.", "The sniper patches himself up: +{n} health."),
    "reload": ("You reload{where}: {ammo} rounds.", "The sniper reloads{where}: {ammo} rounds."),
    "camo_ready": (
        "Camouflage ready: the next open cell you enter hides you.",
        "Camouflage ready: the next open cell the sniper enters hides him.",
    ),
    "hide": ("You hide: you are no longer spotted.", "The sniper hides: he is no longer spotted."),
    "end": ("You end your turn.", "The sniper ends his turn."),
    "won": (
        "You slip away with every objective done. Mission won!",
        "The sniper slips away with every objective done. Mission won!",
    ),
    "seized": ("{who} seizes you. Captured!", "{who} seizes the sniper. Captured!"),
    "scent": ("{who} picks up your scent!", "{who} picks up the sniper's scent!"),
    "shot_gives": (
        "Your shot gives you away: you are spotted.",
        "The sniper's shot gives him away: he is spotted.",
    ),
    "runs_into": (
        "{who} runs into you: you are spotted!",
        "{who} runs into the sniper: he is spotted!",
    ),
    "searchlight": (
        "A searchlight sweeps over you: you are spotted!",
        "A searchlight sweeps over the sniper: he is spotted!",
    ),
    "sees": ("{who} sees you: you are spotted!", "{who} sees the sniper: he is spotted!"),
    "spotted": ("You are spotted!", "The sniper is spotted!"),
    "fired_missed": (
        "{who} fires at you (die {die}): missed.",
        "{who} fires at the sniper (die {die}): missed.",
    ),
    "fired_hit": (
        "{who} fires at you (die {die}): {damage} damage{left}.",
        "{who} fires at the sniper (die {die}): {damage} damage{left}.",
    ),
    "hurt": (
        "You are hurt by the {what}: {damage} damage{left}.",
        "The sniper is hurt by the {what}: {damage} damage{left}.",
    ),
    "decoy": (
        "Your decoy goes off at {at}: {reach}.",
        "The sniper's decoy goes off at {at}: {reach}.",
    ),
    "out_of_sight": (
        "{name} is out of your sight (last seen at {at}).",
        "{name} is out of the sniper's sight (last seen at {at}).",
    ),
    "fell_unseen": (
        "Out of your sight, {n} of theirs fell.",
        "Out of the sniper's sight, {n} of theirs fell.",
    ),
    "masked": (
        "The bombardment's din will mask your shots this turn.",
        "The bombardment's din will mask the sniper's shots this turn.",
    ),
    "here": ("{cell}, you are here.", "{cell}, the sniper is here."),
    "in_sight": ("in your sight", "in the sniper's sight"),
    "not_in_sight": ("out of your sight", "out of the sniper's sight"),
    "start": ("your start (cover)", "the sniper's start (cover)"),
    "nothing": (
        "The commander's turn: you see and hear nothing of it.",
        "The commander's turn: the sniper sees and hears nothing of it.",
    ),
}


class Voice:
    """One of the two wordings of LINES: `voice(key, **fields)` is its line."""

    def __init__(self, watcher: bool) -> None:
        self.watcher = watcher
        self._at = int(watcher)

    def __call__(self, key: str, **fields: object) -> str:
        return LINES[key][self._at].format(**fields)

    def __repr__(self) -> str:
        return "WATCHER" if self.watcher else "YOU"


YOU = Voice(watcher=False)  # the sniper's own seat
WATCHER = Voice(watcher=True)  # anyone who only watches him
