"""Scores in public: a finished game's line into this player's public
scores (and to the broker), every publishing player's lines on this machine
and through the broker, and the best of them (the title's `e` and
`shamble scores --server`)."""

from __future__ import annotations

import os

import msgspec

from saves import public
from saves.files import SaveError
from saves.scores import Score

SCORES_LIMIT = 4 * 1024 * 1024  # a player's public scores read at most
_score_decoder = msgspec.json.Decoder(Score)


# -- scores -----------------------------------------------------------------------------------


def publish_score(entry: Score) -> None:
    """A finished game's score line into this player's public scores (and to
    the broker, when one is set)."""
    if not public.enabled():
        return
    shared = public.sender()
    if shared is not None:
        shared.add_score(msgspec.json.encode(entry))
    try:
        path = public.my_folder() / "scores.jsonl"
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        try:
            os.fchmod(fd, 0o644)
            os.write(fd, msgspec.json.encode(entry) + b"\n")
        finally:
            os.close(fd)
    except (OSError, SaveError):
        pass  # a scoreboard is a nicety: a game never fails for it


def publish_all_scores(entries: list[Score]) -> None:
    """This player's whole table, published once (the first time they publish)."""
    if not public.enabled() or not entries:
        return
    try:
        path = public.my_folder() / "scores.jsonl"
        if path.exists():
            return
        public.write_public(path, b"".join(msgspec.json.encode(e) + b"\n" for e in entries))
    except SaveError:
        pass


def server_scores() -> list[tuple[str, Score]]:
    """(player, score) of every publishing player's finished games; the player
    is the folder's owner, whatever a line says."""
    out = []
    for account, folder, uid in public.players():
        data = public.read_owned(folder / "scores.jsonl", uid, SCORES_LIMIT)
        for line in (data or b"").splitlines():
            try:
                out.append((account, _score_decoder.decode(line)))
            except (msgspec.DecodeError, msgspec.ValidationError):
                continue
    return out


def server_top(table: str | None = None, n: int = 10) -> list[tuple[str, Score]]:
    return top_of(server_scores(), table, n)


def scores_everywhere(url: str | None = None) -> tuple[list[tuple[str, Score]], str]:
    """Every publishing player's scores, of this machine and through the broker;
    a line both places hold is counted once. And why the broker's are missing."""
    from saves import public_redis

    rows = server_scores()
    url = public.broker_url(url)
    if url is None:
        return rows, ""
    try:
        remote = public_redis.scores(url)
    except public_redis.BrokerDown as e:
        return rows, f"{e}: showing this machine's scores only"
    return with_scores(rows, remote), ""


def with_scores(
    rows: list[tuple[str, Score]], more: list[tuple[str, Score]]
) -> list[tuple[str, Score]]:
    """rows and the lines of more they do not hold already (a line both the
    machine's folder and the broker hold is counted once)."""
    rows = list(rows)
    seen = {(p, msgspec.json.encode(s)) for p, s in rows}
    for player, score in more:
        if (player, msgspec.json.encode(score)) not in seen:
            seen.add((player, msgspec.json.encode(score)))
            rows.append((player, score))
    return rows


def top_of(rows: list[tuple[str, Score]], table: str | None = None, n: int = 10):
    rows = [(p, s) for p, s in rows if table is None or s.table == table]
    return sorted(rows, key=lambda r: (-r[1].score, r[1].rounds, r[1].date))[:n]
