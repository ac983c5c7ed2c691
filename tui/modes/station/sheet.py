"""The character sheet (c): one survivor at a time, everything the game
knows about them that the panels have no room for: speed, actions, melee
and ranged dice, wounds, XP and the next level, each skill with what it
does, the skills still to pick, and each weapon's panel line taken apart
("3d 5+ r0-1 6/6": where the 3 dice come from, what 5+ means...).

Left/right (h/l) or Tab change the survivor; Esc, q or c closes."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tui.text import display_name

# One line per skill, in the players' words (docs/rules.md ST-A has the rules).
SKILLS = {
    "silent_doors": "opening a door makes no noise",
    "plus_1_melee_die": "one more die in every melee attack",
    "plus_1_ranged_die": "one more die in every ranged attack",
    "plus_1_speed": "a move can go one zone further",
    "plus_1_action": "one more action every turn",
    "medic": "once a turn, free: heal a wound of someone in your zone (z)",
    "tough": "the first wound in each zombie phase is ignored",
    "racket": "one action: the noise marker comes to your zone (z)",
    "lucky": "once a turn, roll all the dice of an attack again",
    "sniper": "choose which zombies your shots hit; they never hit friends",
    "scavenger": "a search that finds gear draws two cards: keep one",
}
ACTIVE = ("medic", "racket")  # used with z; the others work by themselves
LEVEL_XP = (("yellow", 7), ("orange", 19), ("red", 43))


def skill_name(skill: str) -> str:
    return skill.replace("plus_1_", "+1 ").replace("_", " ")


def skill_meaning(skill: str) -> str:
    return SKILLS.get(skill, "")


def dice(n: int) -> str:
    """A skill's dice: "+1 die", "+0 dice"."""
    return f"+{n} {'die' if n == 1 else 'dice'}"


def next_level(xp: int) -> str:
    for level, at in LEVEL_XP:
        if xp < at:
            return f"{level} at {at} XP"
    return "the top level"


class SheetData:
    """What the sheet shows about one survivor, as plain text lines (tested
    without a screen)."""

    def __init__(self, view: dict, sid: str) -> None:
        self.view, self.sid = view, sid

    def lines(self) -> list[Text]:
        from engine.station import content

        sid = self.sid
        v = self.view["survivors"][sid]
        spec = content.survivors()[sid]
        skills = list(v.get("skills") or [spec.skill])
        out: list[Text] = []
        head = Text(f"{display_name(sid)}, {spec.role}", "bold")
        head.append("" if v["alive"] else "  (eliminated)", "bold red")
        out.append(head)
        speed = spec.speed + ("plus_1_speed" in skills)
        actions = 2 + (content.level_of(v["xp"]) >= 2) + ("plus_1_action" in skills)
        out.append(
            Text(
                f"Level {v['level']}, {v['xp']} XP (next: {next_level(v['xp'])})   "
                f"Wounds {v['wounds']} of {v['max_wounds']}"
            )
        )
        out.append(
            Text(
                f"Speed {speed} zone{'s' if speed > 1 else ''} a move   "
                f"Actions {actions} a turn   Melee {dice(spec.melee)}   Ranged {dice(spec.ranged)}"
            )
        )
        out.append(Text(""))
        out.append(Text("Skills", "bold"))
        for skill in skills:
            line = Text(f"  {skill_name(skill):<14}", "bold")
            line.append(skill_meaning(skill))
            if skill not in ACTIVE:
                line.append("  (always on)", "dim")
            out.append(line)
        level = content.level_of(v["xp"])
        later = []
        if level < 3:
            later.append(f"at orange one of {', '.join(map(skill_name, spec.orange))}")
        if level < 4:
            later.append(f"at red one of {', '.join(map(skill_name, spec.red))}")
        out += [Text(f"  To pick {x}", "dim") for x in later]
        out.append(Text(""))
        out.append(Text("Weapons (the cards panel's line, taken apart)", "bold"))
        out += self.weapons(skills)
        out.append(Text(""))
        hand = ", ".join(c.replace("_", " ") for c in v["hand"]) or "-"
        pack = ", ".join(c.replace("_", " ") for c in v["backpack"]) or "-"
        out.append(Text(f"Hand: {hand}   Backpack: {pack}"))
        return out

    def weapons(self, skills: list[str]) -> list[Text]:
        from engine.station import content

        sid = self.sid
        v = self.view["survivors"][sid]
        spec = content.survivors()[sid]
        ammo: dict[str, int] = {}
        for card, rounds in v["ammo"]:
            ammo.setdefault(card, rounds)
        out: list[Text] = []
        weapons = [c for c in v["hand"] + v["backpack"] if content.card(c).is_weapon]
        if not any(content.card(c).kind == "melee" for c in v["hand"]):
            weapons.append("")  # bare hands: what a melee attack with nothing rolls
        for card in dict.fromkeys(weapons):
            cs = content.card(card) if card else None
            ranged = cs is not None and cs.kind == "ranged"
            power = cs.power if cs else 0
            hit = cs.hit if cs else 6
            kind = "ranged" if ranged else "melee"
            base = spec.ranged if ranged else spec.melee
            bonus = f"plus_1_{kind}_die" in skills
            dice = max(1, power + base + bonus)
            name = card.replace("_", " ") if card else "bare hands"
            where = "" if not card or card in v["hand"] else " (in the backpack)"
            panel = f"{dice}d {hit}+"
            if ranged and cs is not None:
                lo, hi = cs.range
                rounds = ammo.get(card, cs.ammo)
                panel += f" r{lo}-{hi} {rounds}/{cs.ammo}"
            line = Text(f"  {name:<14}", "bold")
            line.append(panel, "cyan")
            line.append(where, "dim")
            out.append(line)
            parts = [f"{name} {power}", f"{display_name(sid)}'s {kind} {base}"]
            if bonus:
                parts.append(f"1 (+1 {kind} die)")
            why = f"    {dice}d: {dice} {'die' if dice == 1 else 'dice'} = " + " + ".join(parts)
            if power + base + bonus < 1:
                why += " (at least 1)"
            out.append(Text(why))
            out.append(Text(f"    {hit}+: each die of {hit} or more is a hit (armored: two)"))
            if ranged and cs is not None:
                lo, hi = cs.range
                out.append(
                    Text(
                        f"    r{lo}-{hi}: shoots zones {lo} to {hi} away in sight; "
                        f"{ammo.get(card, cs.ammo)}/{cs.ammo}: rounds left of {cs.ammo}"
                    )
                )
            noise = "silent" if cs is None or cs.silent else "loud: makes noise where it is used"
            out.append(Text(f"    {noise}", "dim"))
        return out


class CharacterSheet(ModalScreen[None]):
    """Every survivor's sheet, one at a time (see the module docstring)."""

    SCOPED_CSS = False  # the -ascii rule reads the app's class
    DEFAULT_CSS = """
    CharacterSheet { align: center middle; }
    CharacterSheet #sheet {
        width: 78; height: auto; max-height: 22;
        border: round $primary; background: $surface; padding: 0 1;
    }
    CharacterSheet #sheet-body { height: auto; max-height: 18; }
    .-ascii CharacterSheet #sheet { border: ascii $primary; }
    """
    BINDINGS = [
        Binding("escape,q,c", "close", "close", show=False),
        Binding("right,l,tab", "turn(1)", "next survivor", show=False),
        Binding("left,h,shift+tab", "turn(-1)", "previous survivor", show=False),
        Binding("down,j", "scroll('down')", show=False),
        Binding("up,k", "scroll('up')", show=False),
    ]

    def __init__(self, view: dict, first: str | None) -> None:
        super().__init__()
        self.view = view
        self.order = list(view["survivors"])
        self.at = self.order.index(first) if first in self.order else 0

    def compose(self) -> ComposeResult:
        with Vertical(id="sheet"):
            yield Label("", id="sheet-title")
            with VerticalScroll(id="sheet-body"):
                yield Static("", id="sheet-text")
            yield Label("Left/right: another survivor; Esc closes", classes="note")

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        sid = self.order[self.at]
        title = Text(f"Character sheet {self.at + 1} of {len(self.order)}", "bold")
        self.query_one("#sheet-title", Label).update(title)
        text = Text("\n").join(SheetData(self.view, sid).lines())
        self.query_one("#sheet-text", Static).update(text)
        self.query_one("#sheet-body", VerticalScroll).scroll_home(animate=False)

    def action_turn(self, step: int) -> None:
        self.at = (self.at + step) % len(self.order)
        self.show()

    def action_scroll(self, where: str) -> None:
        getattr(self.query_one("#sheet-body", VerticalScroll), f"scroll_{where}")(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


def skills_note(view: dict, sid: str) -> str:
    """What `z` says when no skill can be used now: the survivor's skills."""
    from engine.station import content

    v = view["survivors"][sid]
    skills = list(v.get("skills") or [content.survivors()[sid].skill])
    parts = []
    for skill in skills:
        how = "use with z when it applies" if skill in ACTIVE else "always on"
        parts.append(f"{skill_name(skill)} ({skill_meaning(skill)}; {how})")
    return f"{display_name(sid)} has no skill to use now. Skills: " + "; ".join(parts) + "."
