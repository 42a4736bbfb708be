//! Attacks of opportunity provoked by actions (§8.2, AOO-1): worked examples WE-11 and WE-12.

use super::support::*;
use fivefoot::rules::threat::provoked_by;
use fivefoot::ruleset::AooTrigger;
use fivefoot::testing::battle;

/// A starfinder battle with the ksarik (`K`, reach 10 ft) and a hero (`H`), walls `#`, in
/// which the ksarik has already acted (so it can react).
fn layout(rows: &[&str]) -> fivefoot::history::Battle {
    let mut units = Vec::new();
    let mut clean = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let (id, side, reach) = match c {
                'K' => ("ksarik", "b", 10),
                'H' => ("hero", "a", 5),
                _ => continue,
            };
            units.push(format!(
                r#"(id: "{id}", side: "{side}", at: ({x}, {y}), speed: (land: 30), defenses: (eac: 12, kac: 14), health: (hp: 50, rp: 3),
                   weapons: [(name: "Claw", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing], reach: {reach}),
                             (name: "Pistol", kind: Ranged, attack: 5, damage: "1d4", damage_types: [Fire], range_increment: 30)])"#
            ));
        }
        clean.push(format!("\"{}\"", row.replace(['K', 'H'], ".")));
    }
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (rows: [{}], legend: {{ '.': (terrain: Floor), '#': (terrain: Wall) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}])"##,
        clean.join(", "),
        units.join(", ")
    );
    // Units roll in id order (hero, ksarik): the ksarik acts first.
    let mut b = battle(&text, &[1, 20]);
    let first = active(&b).unwrap();
    fivefoot::testing::ok(&mut b, end_turn(&first));
    b
}

/// WE-11 (001:1654-1660, 1121-1123): adjacent with nothing between, a ranged attack by
/// Altronus provokes the ksarik.
#[test]
fn we_11_a_ranged_attack_next_to_the_ksarik_provokes_it() {
    let b = layout(&["....", ".HK.", "...."]);
    assert_eq!(
        provoked_by(b.world(), &"hero".into(), AooTrigger::RangedAttack),
        vec!["ksarik".into()]
    );
}

/// WE-12 (001:1661-1668, 1708-1710): every line between Obozaya and the ksarik passes through
/// or along a wall's border, so each has cover from the other and her ranged attack provokes
/// nothing.
#[test]
fn we_12_cover_stops_the_attack_of_opportunity() {
    let b = layout(&["....", ".#K.", ".H#.", "...."]);
    assert!(provoked_by(b.world(), &"hero".into(), AooTrigger::RangedAttack).is_empty());
    // Without the walls the same positions provoke.
    let open = layout(&["....", "..K.", ".H..", "...."]);
    assert_eq!(
        provoked_by(open.world(), &"hero".into(), AooTrigger::RangedAttack).len(),
        1
    );
}

/// §8.2 saga: a ranged attack is not a listed trigger.
#[test]
fn saga_ranged_attacks_do_not_provoke() {
    let b = layout(&["....", ".HK.", "...."]);
    let rules = b.world().resource::<fivefoot::ruleset::Ruleset>();
    assert!(
        rules.aoo.triggers.contains(&AooTrigger::RangedAttack),
        "starfinder lists it"
    );
    let saga = fivefoot::ruleset::load_embedded(fivefoot::ruleset::Family::Saga).unwrap();
    assert!(!saga.aoo.triggers.contains(&AooTrigger::RangedAttack));
}
