"""Outbreak matches (house rules, docs/rules-outbreak.md "Matches"): several
games with the same seats and a running score table. Pure: the storage
(a record saved like a campaign's) lives in saves/, the screens in tui/.

A Match is a frozen msgspec Struct (msgpack- and JSON-encodable) holding
the seats, the number of games, and one GameResult per finished game; the
table is computed from the results, never stored twice."""

from __future__ import annotations

import msgspec

from engine.core.errors import RuleError
from engine.outbreak.rules import parse_seats

WIN_POINTS = 3  # for the winner of a game
KILLS_PER_POINT = 10  # every seat: a point per 10 kills held when a game ends
MAX_GAMES = 20
SEED_STEP = 7919  # game n of a match plays seed + n * SEED_STEP


class GameResult(msgspec.Struct, frozen=True):
    order: tuple[str, ...]  # the game's turn order
    outcome: str  # won | lost
    winner: str | None
    win_reason: str | None  # helipad | kills
    rounds: int
    kills: dict[str, int]  # each seat's kills at the end


class Match(msgspec.Struct, frozen=True):
    seats: tuple[tuple[str, str], ...]  # (seat id, human|bot), the first game's order
    games: int
    seed: int = 0
    mission: str = "standard"
    undo: str = "casual"
    results: tuple[GameResult, ...] = ()

    @property
    def over(self) -> bool:
        return len(self.results) >= self.games

    @property
    def played(self) -> int:
        return len(self.results)


def start(
    seats: object, games: int = 3, seed: int = 0, mission: str = "standard", undo: str = "casual"
) -> Match:
    """A new match; seats as Game.new takes them (a list or a comma string)."""
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise RuleError("bad_games", f"a match is 1 to {MAX_GAMES} games")
    return Match(
        seats=tuple(parse_seats(seats)), games=games, seed=seed, mission=mission, undo=undo
    )


def order_of(match: Match, game: int) -> list[tuple[str, str]]:
    """Game n's turn order: each game the next seat goes first."""
    k = game % len(match.seats)
    return list(match.seats[k:] + match.seats[:k])


def next_game(match: Match) -> dict:
    """Keyword arguments for Game.new for the match's next game."""
    if match.over:
        raise RuleError("match_over", f"the match's {match.games} games are played")
    n = match.played
    return {
        "mode": "outbreak",
        "mission": match.mission,
        "seed": match.seed + n * SEED_STEP,
        "seats": [f"{sid}:{kind}" for sid, kind in order_of(match, n)],
        "undo": match.undo,
    }


def finish_game(match: Match, summary: dict) -> Match:
    """The match with a finished game's summary() (or any seat's view) folded in."""
    if match.over:
        raise RuleError("match_over", f"the match's {match.games} games are played")
    if summary.get("mode") != "outbreak" or summary.get("outcome") not in ("won", "lost"):
        raise RuleError("game_not_over", "only a finished outbreak game counts in a match")
    expected = [sid for sid, _ in order_of(match, match.played)]
    if summary.get("order") != expected:
        raise RuleError("wrong_game", f"the match's next game seats {', '.join(expected)}")
    result = GameResult(
        order=tuple(expected),
        outcome=summary["outcome"],
        winner=summary["winner"],
        win_reason=summary["win_reason"],
        rounds=summary["round"],
        kills={sid: summary["seats"][sid]["kills"] for sid in expected},
    )
    return msgspec.structs.replace(match, results=(*match.results, result))


def points(result: GameResult, sid: str) -> int:
    won = WIN_POINTS if result.winner == sid else 0
    return won + result.kills[sid] // KILLS_PER_POINT


def table(match: Match) -> list[dict]:
    """The running score table, best first: points, then wins, then kills,
    then the first game's seat order."""
    rows = []
    for position, (sid, kind) in enumerate(match.seats):
        rs = match.results
        rows.append(
            {
                "seat": sid,
                "kind": kind,
                "points": sum(points(r, sid) for r in rs),
                "wins": sum(r.winner == sid for r in rs),
                "helipad_wins": sum(r.winner == sid and r.win_reason == "helipad" for r in rs),
                "kill_wins": sum(r.winner == sid and r.win_reason == "kills" for r in rs),
                "kills": sum(r.kills[sid] for r in rs),
                "games": len(rs),
                "position": position,
            }
        )
    rows.sort(key=lambda r: (-r["points"], -r["wins"], -r["kills"], r["position"]))
    for row in rows:
        del row["position"]
    return rows


def leaders(match: Match) -> list[str]:
    """The seats sharing the top of the table (the champions once it is over)."""
    rows = table(match)
    best = rows[0]
    key = (best["points"], best["wins"], best["kills"])
    return [r["seat"] for r in rows if (r["points"], r["wins"], r["kills"]) == key]
