//! Test harness shipped in the library: battles from RON text or from a one-line list of
//! units, for unit tests, integration tests and benchmarks. Panics with the validator's
//! messages on bad input, which is what a test wants.

pub use crate::history::Battle;
use crate::rules::cmd;
use crate::rules::{GameCommand, GameEvent};
use crate::scenario::{ScenarioSpec, Templates, load_str};

/// `me` (a blade and a knife, initiative 5) at (2, 2) next to `foe` (a blade, initiative 20)
/// at (3, 2) on an open floor, both played by people: the foe acts first.
pub const DUEL: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (12, 8), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", side: "a", at: (2, 2), speed: (land: 30), initiative: 5,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing]),
                   (name: "Knife", kind: Melee, attack: 1, damage: "1d4", damage_types: [Piercing])]),
        (id: "foe", side: "b", at: (3, 2), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
    ],
)"##;

/// The duel with names a player reads and hit points to last: `me` (Vex, of the Crew) at
/// (2, 2) next to `foe` (Gorn, of the Raiders) at (3, 2), a blade each, 30 HP; the foe acts
/// first.
pub const NAMED_DUEL: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (12, 8), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [
        (id: "a", name: "Crew", control: Human, colour: "#3070d0"),
        (id: "b", name: "Raiders", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", name: "Vex", side: "a", at: (2, 2), speed: (land: 30), initiative: 5,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 30, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
        (id: "foe", name: "Gorn", side: "b", at: (3, 2), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 30, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
    ],
)"##;

/// Validates scenario text, panicking with every diagnostic if it is not valid.
pub fn scenario(text: &str) -> ScenarioSpec {
    load_str(text, "test.ron", &Templates::shipped()).unwrap_or_else(|d| {
        panic!(
            "test scenario is invalid:\n{}",
            d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
        )
    })
}

/// Starts a battle from scenario text with seed 1 and the given scripted dice.
pub fn battle(text: &str, dice: &[u32]) -> Battle {
    Battle::start(scenario(text), text, "test.ron", 1, dice.to_vec()).unwrap_or_else(|e| panic!("battle: {e}"))
}

/// Scenario text with every side played by a person (hot-seat): `control: Ai` and its `ai`
/// settings as the shipped scenarios write them become `control: Human`. For tests of what
/// people do at one machine (hand-offs, prompts) on scenarios that give a side to the computer.
pub fn hot_seat(text: &str) -> String {
    let mut text = text.to_string();
    for level in ["Easy", "Normal", "Hard"] {
        text = text.replace(&format!(", ai: (level: {level})"), "");
    }
    text.replace("control: Ai", "control: Human")
}

/// Scenario text with hidden information on (each side sees only what its units see).
pub fn hiding(text: &str) -> String {
    text.replacen("Scenario(", "Scenario(hidden_information: true, ", 1)
}

/// A unit for `skirmish`: id, side (`"a"` or `"b"`), initiative modifier, aware at the start.
pub struct TestUnit<'a> {
    pub id: &'a str,
    pub side: &'a str,
    pub initiative: i32,
    pub aware: bool,
}

/// Shorthand for an aware `TestUnit`.
pub fn unit<'a>(id: &'a str, side: &'a str, initiative: i32) -> TestUnit<'a> {
    TestUnit {
        id,
        side,
        initiative,
        aware: true,
    }
}

/// Shorthand for a `TestUnit` that is surprised when combat starts.
pub fn unaware<'a>(id: &'a str, side: &'a str) -> TestUnit<'a> {
    TestUnit {
        id,
        side,
        initiative: 0,
        aware: false,
    }
}

/// Scenario text for `family` on an open 12×12 map with sides `a` and `b` and `units` in a
/// row along the top, each with the stats the family's defense and health models need.
pub fn skirmish(family: &str, units: &[TestUnit]) -> String {
    let (defenses, health) = match family {
        "starfinder" => ("(eac: 12, kac: 14)", "(sp: 5, hp: 10, rp: 3)"),
        "d20_srd" => ("(ac: 14)", "(hp: 10)"),
        "d20_modern" => ("(defense: 14)", "(hp: 10)"),
        _ => ("(reflex: 14, fortitude: 12, will: 11)", "(hp: 10)"),
    };
    let units: Vec<String> = units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            format!(
                "(id: \"{}\", side: \"{}\", at: ({}, 0), aware: {}, speed: (land: 30), initiative: {}, defenses: {defenses}, health: {health})",
                u.id, u.side, i, u.aware, u.initiative
            )
        })
        .collect();
    format!(
        r##"Scenario(
    version: 1,
    name: "Test skirmish",
    ruleset: "{family}",
    map: (size: (12, 12), fill: '.', legend: {{ '.': (terrain: Floor) }}),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        {}
    ],
)"##,
        units.join(",\n        ")
    )
}

/// Submits `command`, panicking with the rules' reason if it is refused.
pub fn ok(battle: &mut Battle, command: GameCommand) -> Vec<GameEvent> {
    let shown = format!("{command:?}");
    battle
        .submit(command)
        .unwrap_or_else(|e| panic!("{shown} was refused: {e}"))
}

/// Ends every turn before `unit`'s (at most one round), so that `unit` is the one acting.
pub fn pass_until_turn_of(battle: &mut Battle, unit: &str) {
    let count = battle.world().resource::<crate::rules::UnitIndex>().0.len();
    for _ in 0..=count {
        match battle.world().resource::<crate::rules::Combat>().active.clone() {
            Some(u) if u.0 == unit => return,
            Some(u) => {
                ok(battle, GameCommand::EndTurn(cmd::EndTurn { unit: u }));
            }
            None => break,
        }
    }
    panic!("{unit} never gets a turn")
}
