//! Coup de grace (§4.3.1) in each family: a full action against a helpless foe, an automatic
//! critical hit, then death by the family's terms (starfinder 001:1056-1063; d20_srd and
//! d20_modern: the d20 SRD, their seeds being silent; saga 004:303-307).

use fivefoot::rules::{AttackEvent, GameCommand, GameEvent, HealthEvent, LifeState, UnitId, cmd};
use fivefoot::testing::{battle, ok};

/// `a` (level 3, a knife and a pistol) next to `t`, helpless; `far` (helpless, 4 squares away);
/// `g`, a foe of `a` with a blade, next to `a`.
fn scene(family: &str) -> String {
    let (defenses, health, saves) = match family {
        "starfinder" => (
            "(eac: 12, kac: 14)",
            "(sp: 5, hp: 10, rp: 3)",
            ", saves: (fortitude: 2, reflex: 0, will: 0)",
        ),
        "d20_srd" => ("(ac: 14)", "(hp: 20)", ", saves: (fortitude: 2, reflex: 0, will: 0)"),
        "d20_modern" => (
            "(defense: 14)",
            "(hp: 20)",
            ", saves: (fortitude: 2, reflex: 0, will: 0)",
        ),
        _ => ("(reflex: 14, fortitude: 12, will: 11)", "(hp: 10)", ""),
    };
    let range = match family {
        "saga" => "range_bands: (point_blank: 4, short: 8, medium: 16, long: 32)",
        _ => "range_increment: 30",
    };
    let weapons = format!(
        r#"weapons: [
            (name: "Knife", kind: Melee, attack: 5, damage: "1d4", damage_types: [Piercing]),
            (name: "Pistol", kind: Ranged, attack: 5, damage: "1d6", damage_types: [Piercing], {range}),
        ]"#
    );
    format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (size: (10, 6), fill: '.', legend: {{ '.': (terrain: Floor) }}),
    sides: [
        (id: "x", name: "X", control: Human, colour: "#3070d0"),
        (id: "y", name: "Y", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "a", side: "x", at: (1, 1), speed: (land: 30), initiative: 5, level: 3, defenses: {defenses}, health: {health}{saves},
         {weapons}),
        (id: "far", side: "y", at: (6, 4), speed: (land: 30), initiative: 1, defenses: {defenses}, health: {health}{saves}, conditions: [Helpless]),
        (id: "g", side: "y", at: (1, 2), speed: (land: 30), initiative: 2, defenses: {defenses}, health: {health}{saves},
         weapons: [(name: "Blade", kind: Melee, attack: 0, damage: "1d4", damage_types: [Slashing])]),
        (id: "t", side: "y", at: (2, 1), speed: (land: 30), initiative: 0, defenses: {defenses}, health: {health}{saves}, conditions: [Helpless]),
    ],
)"##
    )
}

fn coup(target: &str, weapon: Option<&str>) -> GameCommand {
    GameCommand::CoupDeGrace(cmd::CoupDeGrace {
        unit: UnitId::from("a"),
        target: UnitId::from(target),
        weapon: weapon.map(str::to_string),
    })
}

fn died(events: &[GameEvent], unit: &str) -> bool {
    events.iter().any(|e| {
        matches!(e, GameEvent::Health(HealthEvent::LifeStateChanged { unit: u, to: LifeState::Dead, .. }) if u.0 == unit)
    })
}

fn save(events: &[GameEvent]) -> Option<(i32, i32, bool)> {
    events.iter().find_map(|e| match e {
        GameEvent::Attack(AttackEvent::CoupDeGraceSave { check, .. }) => {
            Some((check.total, check.dc.unwrap_or_default(), check.success))
        }
        _ => None,
    })
}

fn delivered(events: &[GameEvent]) -> Option<(bool, u32)> {
    events.iter().find_map(|e| match e {
        GameEvent::Attack(AttackEvent::CoupDeGraceDelivered { critical, damage, .. }) => {
            Some((*critical, damage.dealt))
        }
        _ => None,
    })
}

/// Initiative: a, far, g, t (id order), a acting first.
const INITIATIVE: [u32; 4] = [20, 3, 2, 1];

/// starfinder 001:1056-1063: an adjacent helpless foe takes a critical hit (the knife's 1d4
/// rolled twice), survives it, and fails its Fortitude save against DC 10 + the attacker's
/// level (3): it dies. A coup de grace is a full action and needs the foe adjacent.
#[test]
fn coup_de_grace_starfinder_001_1056_critical_then_fortitude_10_plus_level_or_death() {
    let mut dice = INITIATIVE.to_vec();
    dice.extend([3, 2, 4]); // knife 1d4 ×2, Fortitude d20 4 + 2 = 6 vs 13
    let mut b = battle(&scene("starfinder"), &dice);
    let refused = b.submit(coup("far", None)).expect_err("not adjacent");
    assert!(refused.to_string().contains("adjacent"), "{refused}");
    let events = ok(&mut b, coup("t", Some("Knife")));
    assert_eq!(delivered(&events), Some((true, 5)));
    assert_eq!(save(&events), Some((6, 13, false)));
    assert!(died(&events, "t"));
    assert!(
        b.submit(coup("t", None)).is_err(),
        "a full action: nothing left this turn"
    );
}

/// starfinder: a target that makes its save lives on.
#[test]
fn coup_de_grace_starfinder_a_successful_save_survives() {
    let mut dice = INITIATIVE.to_vec();
    dice.extend([1, 1, 15]); // 2 damage, Fortitude 15 + 2 = 17 vs 13
    let mut b = battle(&scene("starfinder"), &dice);
    let events = ok(&mut b, coup("t", None));
    assert_eq!(save(&events), Some((17, 13, true)));
    assert!(!died(&events, "t"));
}

/// d20 SRD (d20_srd, d20_modern: seeds silent): the save's DC is 10 + the damage dealt, and
/// delivering it provokes an attack of opportunity from the threatening foe `g`.
#[test]
fn coup_de_grace_d20_srd_fortitude_10_plus_damage_dealt_and_it_provokes() {
    for family in ["d20_srd", "d20_modern"] {
        // g acts first (a unit that has not acted is flat-footed and makes no attack of
        // opportunity, 002:15), then a; g's attack of opportunity misses (d20 1), the knife
        // crits (the family's critical damage), then the Fortitude save.
        let mut dice = vec![10, 3, 20, 1];
        dice.extend([1, 4, 4, 19]);
        let mut b = battle(&scene(family), &dice);
        ok(
            &mut b,
            GameCommand::EndTurn(cmd::EndTurn {
                unit: UnitId::from("g"),
            }),
        );
        let events = ok(&mut b, coup("t", Some("Knife")));
        let aoo = events
            .iter()
            .any(|e| matches!(e, GameEvent::Reaction(fivefoot::rules::ReactionEvent::AttackOfOpportunity { reactor, .. }) if reactor.0 == "g"));
        assert!(aoo, "{family}: it provokes");
        let (critical, dealt) = delivered(&events).expect("delivered");
        assert!(critical, "{family}");
        let (total, dc, success) = save(&events).expect("a save");
        assert_eq!((total, dc), (21, 10 + dealt as i32), "{family}");
        assert!(success && !died(&events, "t"), "{family}: 21 beats it");
    }
}

/// saga 004:303-307: no save; a helpless defender the blow takes to 0 HP dies, and so does an
/// unconscious one it hits; the pistol may deliver it only from next to the target.
#[test]
fn coup_de_grace_saga_004_305_zero_hp_or_unconscious_dies() {
    let mut dice = INITIATIVE.to_vec();
    dice.extend([6]); // pistol 1d6, doubled: 12 damage, 10 HP
    let mut b = battle(&scene("saga"), &dice);
    let refused = b
        .submit(coup("far", Some("Pistol")))
        .expect_err("a ranged weapon needs the foe adjacent");
    assert!(refused.to_string().contains("ranged"), "{refused}");
    let events = ok(&mut b, coup("t", Some("Pistol")));
    assert!(save(&events).is_none(), "saga has no save");
    assert!(died(&events, "t"));
}

/// A coup de grace needs a helpless foe.
#[test]
fn coup_de_grace_refused_against_a_foe_that_is_not_helpless() {
    let mut b = battle(&scene("starfinder"), &INITIATIVE);
    let refused = b.submit(coup("g", None)).expect_err("g is not helpless");
    assert!(refused.to_string().contains("not helpless"), "{refused}");
}
