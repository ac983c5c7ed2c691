"""What a plain table says shortened: a story told urgent lines first,
runs of lines alike folded into one (brief), and a status line less the
key hints that mean nothing at a typed prompt (without_keys)."""

from __future__ import annotations

import re


def without_keys(text: str) -> str:
    """A status line less the key hints that end it ("... 2 actions: s search
    o door e end" -> "... 2 actions."): keys mean nothing at a plain prompt."""
    for i, ch in enumerate(text):
        if ch not in ":." or i + 1 >= len(text):
            continue
        rest = text[i + 1 :].replace(",", " ").split()
        if rest and _hints(rest):
            return text[:i].rstrip() + "."
    words_ = text.replace(",", " ").split()
    for n in range(len(words_)):
        if _hints(words_[n:]) and n:
            return " ".join(words_[:n]).rstrip(":,") + "."
    return text


def _hints(tokens: list[str]) -> bool:
    """tokens read as "k word [word] k word ...": single-character keys, each
    followed by its words."""

    def key(t: str) -> bool:
        t = t.rstrip(".;")
        return len(t) == 1 and (t.isalpha() or t == "?")

    if not tokens or not key(tokens[0]) or len(tokens) < 2:
        return False
    follows = False
    for t in tokens:
        if key(t):
            if follows is None:
                return False
            follows = None
        else:
            follows = True
    return follows is True


# Words of a story line that put it first: someone is hurt, dies or is found.
URGENT = re.compile(
    r"\b(wound\w*|bit(e|es|ten)?|dies|died|dead|killed|kills?|lost|loses|captured|spotted|"
    r"seen|spawn\w*|shambles? in|breaks? (in|through)|attacks?|hit|hits|fires? at|won|wins)\b",
    re.I,
)


def brief(lines: list[str]) -> list[str]:
    """A story told short: the first line (the player's own command) first,
    then the urgent lines, then the rest, each in their order; runs of lines
    alike but for one word folded into one."""
    if len(lines) < 2:
        return lines
    out: list[str] = []
    part: list[str] = []
    for line in [*lines, None]:  # each turn's part in its place ("-- Bot 2's turn --")
        if line is None or (line.startswith("--") and line.endswith("--")):
            if part:  # the player's own command heads the first part
                head, rest = ([], fold(part)) if out else (part[:1], fold(part[1:]))
                urgent = [x for x in rest if URGENT.search(x)]
                out += head + urgent + [x for x in rest if not URGENT.search(x)]
            part = []
            if line is not None:
                out.append(line)
        else:
            part.append(line)
    return out


def fold(lines: list[str]) -> list[str]:
    """Consecutive lines the same but for one word, said as one line."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        words_ = lines[i].rstrip(".").split()
        j, at, said = i + 1, None, [None]
        while j < len(lines):
            other = lines[j].rstrip(".").split()
            diff = [k for k, (a, b) in enumerate(zip(words_, other, strict=False)) if a != b]
            if len(other) != len(words_) or len(diff) > 1 or (diff and at not in (None, diff[0])):
                break
            if diff:
                at = diff[0]
            said.append(other[at] if at is not None else None)
            j += 1
        kind = type(lines[i])  # a Brief line folded is still Brief
        if at is None:  # the same line again and again: said once, with a count
            out.append(lines[i] if j == i + 1 else kind(f"{lines[i].rstrip('.')} ({j - i} times)."))
        else:
            said = [words_[at] if w is None else w for w in said]
            listed = ", ".join(said[:-1]) + " and " + said[-1]
            out.append(kind(" ".join([*words_[:at], listed, *words_[at + 1 :]]) + "."))
        i = j
    return out
