"""Plain-mode figures (`python -m bench plain`): how many words a round's
story speaks at the `--plain` prompt, per mode (issue 30: under 60).

Each game is played in-process through the plain table (tui/plain/table.py)
by a seeded picker that ends turns often, as the pty test does; the words
counted are the story's (what happened), not the lists a player asks for."""

from __future__ import annotations

import io
import random
import statistics

import msgspec

from bench.common import emit
from engine import Game, RuleError

GAMES = {"station": {}, "siege": {}, "sniper": {}, "outbreak": {"seats": "human,bot"}}
SEEDS = range(6)
ENDERS = ("end_turn", "end", "hide")


def words_per_round(mode: str, seed: int) -> float:
    from tui.modes import get_ui
    from tui.plain.io import Lines
    from tui.plain.table import PlainTable

    game = Game.new(mode, seed=seed, **GAMES[mode])
    play = get_ui(mode).play(game, True)
    table = PlainTable(game, play, Lines(io.StringIO(), io.StringIO()))
    spoken: list[int] = []

    def count() -> None:  # the words of the story just told
        spoken.append(sum(len(line.split()) for line in table.last_story))
        table.last_story = []

    table.refresh()
    table.story(table.run_bots())
    count()
    table.refresh()
    rng = random.Random(seed)
    rounds = {table.host.view.get("round", table.host.view.get("turn"))}
    for _ in range(3000):
        if game.outcome:
            break
        legal = [msgspec.to_builtins(c) for c in game.legal_commands()]
        enders = [c for c in legal if c["type"] in ENDERS]
        command = rng.choice(enders if enders and rng.random() < 0.45 else legal)
        try:
            table.submit(command)
        except RuleError:
            continue
        count()
        rounds.add(table.host.view.get("round", table.host.view.get("turn")))
    return sum(spoken) / max(1, len(rounds))


def main() -> None:
    for mode in GAMES:
        figures = [words_per_round(mode, seed) for seed in SEEDS]
        emit(
            f"plain_words_per_round_{mode}",
            round(statistics.median(figures), 1),
            "words",
            games=len(figures),
            target="< 60",
        )


if __name__ == "__main__":
    main()
