"""SN-5 actions, SN-6 shooting, SN-7 ammo, and the equipment (SN-A,
clarifications 1, 5, 6, 7)."""

from __future__ import annotations


def _kit(cards: str, shots: str = "", objectives: str = "") -> str:
    """[sniper] with this hand, and stacked decks."""
    deal = f"objectives = [{objectives}]\n" if objectives else ""
    return f"""
    [sniper]
    objectives = 1
    equipment = [{cards}]
    draw_equipment = 0
    [decks]
    {deal}shots = [{shots}]
    events = []
    equipment = []
    """


# SN-5: one action a turn.
def test_SN_5_one_action_a_turn(play):
    g = play("Sa.s.\n....E\n....D")
    g.game.submit({"type": "take_ammo"})
    assert g.sniper["acted"] and g.sniper["actions_left"] == 0
    assert g.refused({"type": "use", "card": "binoculars"}) == "already_acted"
    assert g.refused({"type": "shoot", "target": "s1"}) == "already_acted"


# Clarification 1: a shot may be followed by one more action, of any kind.
def test_clar_1_a_shot_lets_one_more_action_follow(play):
    g = play("S%.s.\n....E\n....D", _kit('"binoculars", "knife"', '"miss"'))
    g.shoot("s1")
    assert g.sniper["actions_left"] == 1 and g.sniper["shots"] == 1
    g.use("binoculars")
    assert g.sniper["actions_left"] == 0
    assert g.refused({"type": "shoot", "target": "s1"}) == "already_acted"


# SN-6: a shot needs a target he sees, in range; the suppressor's range is 8.
def test_SN_6_target_seen_and_in_range(play):
    g = play(
        "S" + "." * 8 + "s" + "." * 3 + "s\n" + '"' * 12 + "ED\n" + "o" + '"' * 13,
        _kit('"binoculars", "knife", "suppressor"', '"miss", "miss"'),
    )
    assert g.refused({"type": "shoot", "target": "s2"}) == "not_visible"  # 13 away: unseen
    assert g.refused({"type": "shoot", "target": "o1"}) == "not_visible"  # behind the trees
    assert g.refused({"type": "shoot", "target": "x9"}) == "not_visible"
    assert g.refused({"type": "shoot", "target": "s1", "suppressed": True}) == "out_of_range"
    g.shoot("s1")
    assert g.sniper["ammo"] == 5


# SN-6: no suppressor, no suppressed shot; no ammo, no shot.
def test_SN_6_no_suppressor_no_ammo(play):
    kit = _kit('"binoculars", "knife"').replace("objectives = 1", "objectives = 1\n    ammo = 0")
    g = play("S..s\n...E\n...D", kit)
    assert g.refused({"type": "shoot", "target": "s1", "suppressed": True}) == "no_card"
    assert g.refused({"type": "shoot", "target": "s1"}) == "no_ammo"


# SN-6, clarification 7: miss, hit 1, headshot 2; only a weak point hurts the vehicle.
def test_SN_6_shot_cards(play):
    g = play(
        "S%.s.o.\n%%%%%%E\nD--v---",
        _kit('"binoculars", "knife"', '"miss", "hit", "headshot", "weak_point", "hit"'),
        dice=[1] * 20,
    )
    g.shoot("s1")  # miss
    assert g.unit("s1")["alive"]
    g.shoot("s1")  # hit
    assert not g.unit("s1")["alive"] and g.summary()["kills"]["soldier"] == 1
    g.round()
    g.shoot("o1")  # headshot: 2
    assert not g.unit("o1")["alive"]
    g.shoot("v1")  # weak point: 1
    assert g.unit("v1")["health"] == 2
    g.round()
    g.shoot("v1")  # a hit does not hurt armour
    assert g.unit("v1")["health"] == 2
    assert g.refused({"type": "shoot", "target": "s1"}) == "not_visible"  # dead
    assert g.sniper["ammo"] == 1


# SN-6, clarification 5: a loud shot alerts units within 3 and spots him; a second
# loud shot in the turn alerts every unit.
def test_SN_6_shot_noise_and_the_second_shot(play):
    g = play('S%..s.....s\n%%%%%%%%%%E\nD""""""""""', _kit('"binoculars"', '"miss", "miss"'))
    g.move((1, 0))
    g.shoot("s1")
    s = g.summary()
    assert s["sniper"]["spotted"] and s["last_known"] == {"at": [1, 0], "turn": 1}
    assert s["units"]["s1"]["alert"] == [1, 0] and s["units"]["s2"]["alert"] is None
    g.shoot("s1")
    s = g.summary()
    assert s["units"]["s2"]["alert"] == [1, 0]
    assert s["noises"] == [
        {"at": [1, 0], "kind": "shot", "radius": 3},
        {"at": [1, 0], "kind": "shot", "radius": None},
    ]


# SN-6, clarification 5: a suppressed shot alerts within 1 and does not spot him.
def test_SN_6_suppressed_shot(play):
    g = play('S%..s.....s\n%%%%%%%%%%E\nD""""""""""', _kit('"suppressor"', '"miss", "miss"'))
    g.move((1, 0))
    g.shoot("s1", suppressed=True)
    g.shoot("s1", suppressed=True)
    s = g.summary()
    assert not s["sniper"]["spotted"] and s["last_known"] is None
    assert s["units"]["s1"]["alert"] is None and s["units"]["s2"]["alert"] is None
    assert s["noises"] == [{"at": [1, 0], "kind": "shot", "radius": 1}] * 2
    assert g.view("commander")["noises"] == []  # no unit heard them


# SN-7: a crate refills him to 6, at most 3 times a game; the ammo pouch does too.
def test_SN_7_crates_and_the_pouch(play):
    kit = _kit('"binoculars", "ammo_pouch"').replace(
        "objectives = 1", "objectives = 1\n    ammo = 2"
    )
    g = play("Sa..\n...E\n...D", kit)
    for _ in range(3):
        g.game.submit({"type": "take_ammo"})
        assert g.sniper["ammo"] == 6
        g.round()
    assert g.sniper["crates_used"] == 3
    assert g.refused({"type": "take_ammo"}) == "no_crates_left"
    g.move((1, 1), (2, 2))
    assert g.refused({"type": "take_ammo"}) == "not_adjacent"
    pouch = play("Sa..\n...E\n...D", kit, ammo=1)  # a campaign's ammo carried in
    assert pouch.sniper["ammo"] == 1
    pouch.use("ammo_pouch")
    assert pouch.sniper["ammo"] == 6 and "ammo_pouch" not in pouch.sniper["hand"]
    assert pouch.sniper["crates_used"] == 0


# Clarification 6: he sees 12 cells; binoculars (an action) show any range this turn.
def test_clar_6_binoculars(play):
    g = play("S" + "." * 14 + "s\n" + '"' * 14 + "ED")
    assert g.view("sniper")["units"] == {}
    g.use("binoculars")
    assert g.view("sniper")["units"] == {"s1": {"kind": "soldier", "at": [15, 0], "health": 1}}
    assert g.view("sniper")["last_seen"] == {"s1": {"kind": "soldier", "at": [15, 0], "turn": 1}}
    assert "binoculars" in g.sniper["hand"]  # kept
    g.round()
    assert g.view("sniper")["units"] == {}
    assert g.view("sniper")["last_seen"]["s1"]["turn"] == 1  # he remembers


# Clarification 7: the knife kills a soldier, officer or dog next to him, silently.
def test_clar_7_knife(play):
    g = play("Sso\n-v-\nED.")
    assert g.refused({"type": "use", "card": "knife", "target": "v1"}) == "bad_target"
    assert g.refused({"type": "use", "card": "knife", "target": "o1"}) == "not_adjacent"
    assert g.refused({"type": "use", "card": "knife"}) == "bad_command"
    assert g.refused({"type": "use", "card": "grenade", "at": [1, 0]}) == "no_card"
    assert g.refused({"type": "use", "card": "knife", "target": "s1", "range": 3}) == "bad_command"
    g.use("knife", target="s1")
    s = g.summary()
    assert not s["units"]["s1"]["alive"] and s["kills"]["soldier"] == 1
    assert s["noises"] == [] and not s["sniper"]["spotted"] and "knife" in s["sniper"]["hand"]


# Clarification 7: a grenade (range 5, in sight) does 2 to every figure within 1 of
# its cell and destroys a radio there.
def test_clar_7_grenade(play):
    g = play(
        "S.....\n......\n..so..\n...R.s\nE....D",
        _kit('"grenade", "grenade"', objectives='"destroy_radio"'),
    )
    g.use("grenade", at=(3, 3))
    s = g.summary()
    assert not s["units"]["s1"]["alive"] and not s["units"]["o1"]["alive"]
    assert s["units"]["s2"]["alive"] and s["units"]["s2"]["alert"] == [3, 3]
    assert s["features"]["radio"] == "destroyed" and s["sniper"]["done"] == ["destroy_radio"]
    assert s["noises"] == [{"at": [3, 3], "kind": "blast", "radius": 3}]
    assert s["sniper"]["hand"] == ["grenade"]


# Clarification 7: the grenade's blast hurts him too; its range is 5.
def test_clar_7_grenade_hurts_him_and_has_a_range(play):
    g = play("S......\n......E\n......D", _kit('"grenade"'))
    assert g.refused({"type": "use", "card": "grenade", "at": [6, 0]}) == "out_of_range"
    g.use("grenade", at=(1, 1))
    assert g.sniper["health"] == 3


# Clarification 7: smoke's 3x3 blocks sight and is cover to the end of the next turn.
def test_clar_7_smoke(play):
    g = play('S.........s\n""""""""""E\nD""""""""""', _kit('"smoke"'))
    assert set(g.view("sniper")["units"]) == {"s1"}
    g.use("smoke", at=(5, 0))
    assert g.summary()["smoke"] == [{"at": [5, 0], "until": 2, "radius": 1}]
    assert g.view("sniper")["units"] == {}
    g.round()
    g.move((1, 0), (2, 0), (3, 0), (4, 0))  # 6 from the soldier, in the smoke
    assert not g.sniper["exposed"] and not g.sniper["spotted"]
    g.round()
    assert g.summary()["smoke"] == [] and g.sniper["exposed"]


# Clarification 7: a medkit heals 2, up to his starting health.
def test_clar_7_medkit(play):
    g = play("S.....s\n......E\n......D", _kit('"medkit", "medkit"'), dice=[6, 1, 1, 1, 1])
    g.move((1, 0))  # in the soldier's range on open ground: a 6 is 2 damage
    assert g.sniper["health"] == 3
    g.use("medkit")
    assert g.sniper["health"] == 5
    g.round()
    g.use("medkit")
    assert g.sniper["health"] == 5 and g.sniper["hand"] == []


# Clarification 5, SN-A: a decoy (within 6) makes a noise that alerts within 3 of it.
def test_SN_A_decoy(play):
    g = play("S.......\n........\n.....s.E\n.......D", _kit('"decoy"'))
    assert g.refused({"type": "use", "card": "decoy", "at": [7, 0]}) == "out_of_range"
    g.use("decoy", at=(6, 0))
    s = g.summary()
    assert s["units"]["s1"]["alert"] == [6, 0] and not s["sniper"]["spotted"]
    assert g.view("commander")["noises"] == [{"at": [6, 0]}]


# SN-5, clarification 5: sabotage next to a feature; the fuel depot is heard everywhere.
def test_SN_5_sabotage(play):
    g = play(
        "SR.F\n..T.\nE..s",
        """
        [sniper]
        objectives = 3
        draw_equipment = 0
        [decks]
        objectives = ["destroy_radio", "blow_fuel_depot", "cut_telephone"]
        shots = []
        events = []
        equipment = []
        """,
    )
    assert g.refused({"type": "sabotage", "feature": "fuel_depot"}) == "not_adjacent"
    assert g.refused({"type": "sabotage", "feature": "documents"}) == "bad_target"
    g.game.submit({"type": "sabotage", "feature": "radio"})
    assert g.summary()["features"]["radio"] == "destroyed" and g.summary()["noises"] == []
    g.round()
    assert g.refused({"type": "sabotage", "feature": "radio"}) == "already_done"
    g.move((1, 1), (2, 0))
    g.game.submit({"type": "sabotage", "feature": "fuel_depot"})
    s = g.summary()
    assert s["noises"] == [{"at": [3, 0], "kind": "explosion", "radius": None}]
    assert s["units"]["s1"]["alert"] == [3, 0]
    g.round()
    g.game.submit({"type": "sabotage", "feature": "telephone"})
    assert g.sniper["done"] == ["destroy_radio", "blow_fuel_depot", "cut_telephone"]


# Clarification 9: he steals the documents by entering their cell.
def test_clar_9_documents_are_taken_on_entry(play):
    g = play("SD\n.E")
    g.move((1, 0))
    assert g.summary()["features"] == {"documents": "taken"}
    assert g.sniper["done"] == ["steal_documents"]
