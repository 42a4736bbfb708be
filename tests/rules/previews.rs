//! The rules' previews before a command is made (issue #18 item 5): a full attack's attacks
//! each with its penalties and odds (§4.3.1), the damage to expect (§14.3, §16), and that the
//! numbers are those the roll then uses.

use super::support::*;

use fivefoot::history::Battle;
use fivefoot::rules::attack::action::{preview_attack, preview_attack_odds};
use fivefoot::rules::attack::preview::preview_full_attack;
use fivefoot::rules::{GameCommand, UnitId, cmd};
use fivefoot::testing::{battle, ok, pass_until_turn_of};

fn id(s: &str) -> UnitId {
    UnitId::from(s)
}

/// starfinder: `me` with a blade (+5, 1d6) next to `foe` (KAC 14, EAC 12).
fn starfinder_duel() -> Battle {
    let text = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (6, 3), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "me", side: "a", at: (1, 1), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
        (id: "foe", side: "b", at: (2, 1), speed: (land: 30), initiative: 1,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
    ])"##;
    let mut b = battle(text, &[]);
    pass_until_turn_of(&mut b, "me");
    b
}

/// §4.3.1 starfinder (001:1071-1082): a full attack is two attacks at −4 each. Blade +5 − 4 =
/// +1 against KAC 14 needs a 13: 40 % to hit, a natural 20 (21 ≥ 14) crits: 5 %. 1d6 means
/// 3.5, a critical rolls it twice: 7; each attack: 0.35 × 3.5 + 0.05 × 7 = 1.575.
#[test]
fn full_attack_4_3_1_starfinder_two_attacks_at_minus_4_with_their_odds() {
    let b = starfinder_duel();
    let w = b.world();
    let full = preview_full_attack(w, &id("me"), &[id("foe"), id("foe")], None, &[]).expect("legal");
    assert_eq!(full.attacks.len(), 2);
    assert_eq!(
        full.penalties
            .iter()
            .map(|m| (m.value, m.source.as_str()))
            .collect::<Vec<_>>(),
        vec![(-4, "full attack")]
    );
    for a in &full.attacks {
        assert_eq!(a.attack_bonus, 1);
        assert!(
            a.situation
                .attack
                .iter()
                .any(|m| m.value == -4 && m.source == "full attack")
        );
        assert_eq!((a.roll_needed, a.chance_to_hit, a.chance_to_crit), (13, 40.0, 5.0));
        let d = a.damage_odds.as_ref().expect("no reduction in the way");
        assert_eq!((d.dice.as_str(), d.on_hit, d.on_crit), ("1d6", 3.5, 7.0));
        assert!((a.expected_damage() - 1.575).abs() < 0.006, "{}", a.expected_damage());
    }
    assert!((full.expected_damage - 3.15).abs() < 0.011, "{}", full.expected_damage);
    // A single attack has no penalty: +5 needs a 9, 60 %.
    let one = preview_attack(w, &id("me"), &id("foe"), None).expect("legal");
    assert_eq!((one.attack_bonus, one.roll_needed, one.chance_to_hit), (5, 9, 60.0));
    // Three attacks are more than the family allows.
    let why = preview_full_attack(w, &id("me"), &[id("foe"), id("foe"), id("foe")], None, &[])
        .expect_err("too many")
        .to_string();
    assert!(why.contains("1 to 2 attacks"), "{why}");
}

/// The preview answers "what if" even once the action is spent, with the same numbers.
#[test]
fn full_attack_4_3_1_the_preview_ignores_the_action_budget() {
    let mut b = starfinder_duel();
    let before = preview_full_attack(b.world(), &id("me"), &[id("foe")], None, &[]).expect("legal");
    ok(
        &mut b,
        GameCommand::Attack(cmd::Attack {
            unit: id("me"),
            target: id("foe"),
            weapon: None,
            defensively: false,
            mount: None,
        }),
    );
    let after = preview_full_attack(b.world(), &id("me"), &[id("foe")], None, &[]).expect("still previews");
    assert_eq!(before.attacks[0].attack_bonus, after.attacks[0].attack_bonus);
}

const BLADE: &str = r#"(name: "Vibroblade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])"#;
const KNIFE: &str = r#"(name: "Knife", kind: Melee, attack: 3, damage: "1d4", damage_types: [Piercing])"#;

/// A saga duel: `hero` (vibroblade and knife) at (0, 0), `foe` at (1, 0), both Reflex 14;
/// initiative dice 1 (foe) and 20 (hero), then `more`.
fn saga_duel(more: &[u32]) -> Battle {
    let unit = |id: &str, side: &str, x: i32| {
        format!(
            "(id: \"{id}\", side: \"{side}\", at: ({x}, 0), speed: (land: 30), defenses: (reflex: 14, fortitude: 12, will: 11), health: (hp: 100), weapons: [{BLADE}, {KNIFE}])"
        )
    };
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "saga",
    map: (rows: ["........"], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}, {}])"##,
        unit("hero", "a", 0),
        unit("foe", "b", 1),
    );
    let mut dice = vec![1, 20];
    dice.extend_from_slice(more);
    battle(&text, &dice)
}

/// §4.3.1 saga two weapons (004:311, 313): one attack with each weapon, −10 on both; the
/// preview's attack bonuses are the ones the rolls then add (total − die), and its odds follow:
/// +5 − 10 = −5 against Reflex 14 needs a 19 (10 %), +3 − 10 = −7 only a natural 20 (5 %);
/// every natural 20 is a critical in saga.
#[test]
fn full_attack_4_3_1_saga_two_weapons_preview_matches_the_rolls() {
    let mut b = saga_duel(&[2, 3]);
    assert_eq!(active(&b).as_deref(), Some("hero"));
    let weapons = vec!["Vibroblade".to_string(), "Knife".to_string()];
    let full = preview_full_attack(b.world(), &id("hero"), &[id("foe"), id("foe")], None, &weapons).expect("legal");
    assert_eq!(full.sources, vec!["two weapons".to_string()]);
    let shown: Vec<(&str, i32, u32, f64, f64)> = full
        .attacks
        .iter()
        .map(|a| {
            (
                a.weapon.as_str(),
                a.attack_bonus,
                a.roll_needed,
                a.chance_to_hit,
                a.chance_to_crit,
            )
        })
        .collect();
    assert_eq!(
        shown,
        vec![("Vibroblade", -5, 19, 10.0, 5.0), ("Knife", -7, 20, 5.0, 5.0)]
    );
    let events = ok(
        &mut b,
        GameCommand::FullAttack(cmd::FullAttack {
            unit: id("hero"),
            targets: vec![id("foe"), id("foe")],
            weapon: None,
            weapons,
            defensively: false,
        }),
    );
    let rolls = attack_rolls(&events);
    assert_eq!(rolls.len(), 2);
    for (roll, preview) in rolls.iter().zip(&full.attacks) {
        assert_eq!(
            roll.total - roll.roll.result as i32,
            preview.attack_bonus,
            "{}",
            roll.weapon
        );
        assert_eq!(roll.defense.value, preview.defense.value);
    }
}

/// ATK-1, §4.3.1: an attack command checked with its previews in one pass
/// (`check_previewing`) gets `check`'s verdict, word for word, and when allowed each attack's
/// preview as `preview_attack` gives it (its provoked reactors too, §8.2); a command that is
/// not an attack is refused. `preview_attack_odds` is that preview without the reactors.
#[test]
fn atk_1_check_previewing_agrees_with_check_and_the_previews() {
    use fivefoot::rules::attack::action::check_previewing;
    use fivefoot::rules::check;
    let text = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (9, 3), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "me", side: "a", at: (1, 1), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing]),
                   (name: "Pistol", kind: Ranged, attack: 4, damage: "1d4", damage_types: [Fire], range_increment: 30)]),
        (id: "foe", side: "b", at: (2, 1), speed: (land: 30), initiative: 1,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
        (id: "far", side: "b", at: (7, 1), speed: (land: 30), initiative: 2,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
    ])"##;
    let mut b = battle(text, &[]);
    pass_until_turn_of(&mut b, "me");
    // A round on, so the foes have acted and may make attacks of opportunity.
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("me") }));
    pass_until_turn_of(&mut b, "me");
    let w = b.world();
    let attack = |unit: &str, target: &str, weapon: Option<&str>, defensively: bool| {
        GameCommand::Attack(cmd::Attack {
            unit: id(unit),
            target: id(target),
            weapon: weapon.map(str::to_string),
            defensively,
            mount: None,
        })
    };
    let full = |target: &str, n: usize, weapon: Option<&str>| {
        GameCommand::FullAttack(cmd::FullAttack {
            unit: id("me"),
            targets: vec![id(target); n],
            weapon: weapon.map(str::to_string),
            weapons: Vec::new(),
            defensively: false,
        })
    };
    let commands = vec![
        attack("me", "foe", None, false),
        attack("me", "foe", Some("Blade"), false),
        attack("me", "foe", Some("Pistol"), false),
        attack("me", "far", Some("Pistol"), false),
        attack("me", "far", Some("Blade"), false),
        attack("me", "foe", Some("Blade"), true),
        attack("me", "nobody", None, false),
        attack("foe", "me", None, false),
        full("foe", 1, None),
        full("foe", 2, Some("Blade")),
        full("foe", 2, Some("Pistol")),
        full("foe", 3, None),
        full("far", 2, Some("Pistol")),
    ];
    let mut allowed = 0;
    for command in &commands {
        let checked = check(w, command).map_err(|e| e.to_string());
        match check_previewing(w, command) {
            Err(e) => assert_eq!(checked, Err(e.to_string()), "{command:?}"),
            Ok((previews, _)) => {
                assert_eq!(checked, Ok(()), "{command:?}");
                allowed += 1;
                let (unit, targets, weapon) = match command {
                    GameCommand::Attack(a) => (&a.unit, vec![a.target.clone()], a.weapon.as_deref()),
                    GameCommand::FullAttack(f) => (&f.unit, f.targets.clone(), f.weapon.as_deref()),
                    _ => unreachable!("only attacks are listed"),
                };
                assert_eq!(previews.len(), targets.len());
                for (preview, target) in previews.iter().zip(&targets) {
                    let alone = preview_attack(w, unit, target, weapon).expect("the attack is allowed");
                    assert_eq!(
                        serde_json::to_value(preview).expect("json"),
                        serde_json::to_value(&alone).expect("json"),
                        "{command:?}"
                    );
                }
            }
        }
    }
    assert!(allowed >= 5, "most of the list is allowed: {allowed}");
    // §8.2: the pistol next to a foe provokes it, and the preview says so.
    let (shot, _) = check_previewing(w, &commands[2]).expect("allowed");
    assert_eq!(shot[0].provokes, vec![id("foe")]);
    // The odds-only preview (the computer's guesses at shots) is the same preview without
    // the reactors, and refused exactly when the preview is.
    let mut odds = preview_attack_odds(w, &id("me"), &id("foe"), Some("Pistol")).expect("allowed");
    assert!(odds.provokes.is_empty());
    odds.provokes = shot[0].provokes.clone();
    assert_eq!(
        serde_json::to_value(&odds).expect("json"),
        serde_json::to_value(&shot[0]).expect("json")
    );
    for (target, weapon) in [("far", Some("Blade")), ("far", Some("Pistol")), ("nobody", None)] {
        assert_eq!(
            preview_attack_odds(w, &id("me"), &id(target), weapon)
                .map_err(|e| e.to_string())
                .err(),
            preview_attack(w, &id("me"), &id(target), weapon)
                .map_err(|e| e.to_string())
                .err(),
            "{target} {weapon:?}"
        );
    }
    assert!(check_previewing(w, &GameCommand::EndTurn(cmd::EndTurn { unit: id("me") })).is_err());
}
