"""The status line's questions on the game screen: a yes/no question
(confirm), a question its keys answer (ask, Host.ask), the answer a key or a
click gives, and how a question and its keys fit the status line's rows.

Asked in the status line rather than a dialog: a line to the terminal where
a dialog repaints the screen twice (issue 29)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text

from tui.modes.base import Answer, answer_click
from tui.screens.dialogs import ConfirmDialog, reused
from tui.widgets.panels import STATUS_ROWS, StatusLine, cut_words


def fit(text: Text, tails: list[str | Text], room: int) -> Text:
    """text then the first tail (the keys to press) that fits on one row of
    room cells, else the first whole on the status line's two rows, else the
    shortest: the mode's own words are never cut here (a mode keeps its hints
    short enough for its keys to show at 80 columns)."""
    tails = [t if isinstance(t, Text) else Text(t) for t in tails]
    for rows in (1, STATUS_ROWS):
        for tail in tails:
            if not cut_words(text + tail, room, rows):
                return text + tail
    return text + tails[-1]


@dataclass
class Prompt:
    """A question the status line asks (GameScreen.confirm, .ask): its words,
    the keys after them (longest first: fit picks), what each answering key
    does (None: nothing), what Esc says, and the mode's name for it."""

    question: Text
    tails: list[Text]
    answers: dict[str, Callable[[], object] | None]
    back: str = ""  # Esc says this in the log ("": nothing)
    names: str = ""  # the answering keys, as a wrong key is told them ("": the bell)


KEY_WORDS = {"enter": "Enter", "escape": "Esc"}  # a key's name as a question says it
YES_NO = [
    Text.assemble((" y", "bold"), " yes,", (" n", "bold"), " no"),
    Text.assemble((" y", "bold"), "/", ("n", "bold")),
]


class StatusQuestions:
    """The GameScreen's questions in its status line (self.prompt)."""

    prompt: Prompt | None = None

    def confirm(self, question: str, then: Callable[[], object]) -> None:
        """A yes/no question; `then` runs on yes. No (or Esc) changes nothing.

        Asked in the status line (y or Enter: yes; n or Esc: no), which sends
        a line to the terminal where a dialog repaints the screen twice; the
        app's `prompts = "dialog"` asks in a dialog instead."""
        if getattr(self.app, "prompts", "inline") == "dialog":
            self.app.push_screen(
                reused(self.app, ConfirmDialog, question), lambda yes: yes and then()
            )
            return
        self.prompt = Prompt(
            Text(question, "bold"), YES_NO, {"y": then, "enter": then, "n": None, "escape": None}
        )
        self.query_one(StatusLine).say(self.status_text())

    def ask(self, question: str, answers: list[Answer], keys: list[Text], back: str) -> None:
        """A question in the status line that keys answer (Host.ask). The
        words of each answer's key in `keys` may be clicked: the answer's
        own key names it there ("Enter", "1")."""
        names = [KEY_WORDS.get(a.key, a.key) for a in answers]
        said = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]
        self.prompt = Prompt(
            Text(question, "bold"),
            [self.clickable(t, answers) for t in keys],
            {a.key: a.then for a in answers} | {"escape": None},
            back,
            said,
        )
        self.query_one(StatusLine).say(self.status_text())

    @staticmethod
    def clickable(text: Text, answers: list[Answer]) -> Text:
        """text with each answer's key (bold, as keys are shown) and the words
        after it, up to a comma or semicolon, a click that answers it."""
        words = {KEY_WORDS.get(a.key, a.key): a.key for a in answers} | {"Esc": "escape"}
        out = text.copy()
        plain = text.plain
        for span in text.spans:
            word = plain[span.start : span.end]
            key = words.get(word.strip())
            if key is None:
                continue
            start = span.start + len(word) - len(word.lstrip())
            ends = [i for i in (plain.find(",", span.end), plain.find(";", span.end)) if i >= 0]
            out.stylize(answer_click(key), start, min(ends, default=len(plain)))
        return out

    def answer(self, yes: bool) -> None:
        """The answer to the status line's question: yes (Enter) or no (Esc)."""
        self.answer_key("enter" if yes else "escape")

    def action_answer_key(self, key: str) -> None:
        """A click on an answer's key in the status line."""
        self.answer_key(key)

    def answer_key(self, key: str) -> None:
        """A key pressed (or clicked) while the status line asks: the answer
        it gives, else the keys that answer; Esc drops the question."""
        prompt = self.prompt
        if prompt is None:
            return
        if key not in prompt.answers:
            if prompt.names:
                self.add_log(
                    [f"Not an answer: press {prompt.names}, or Esc to leave the question."]
                )
            else:
                self.app.bell()
            return
        then, self.prompt = prompt.answers[key], None
        if then is None and prompt.back:
            self.add_log([prompt.back])
        if then is not None:
            then()
        self.query_one(StatusLine).say(self.status_text())
