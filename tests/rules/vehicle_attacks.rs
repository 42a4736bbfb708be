//! Attacks by riders (RULES.md §25.7-25.8): what a rider's own provoking actions provoke
//! (VEH-16) and firing the vehicle's mounted weapons (VEH-20).

use super::support::*;
use super::vehicles::{buggy_scenario, get};
use fivefoot::grid::Square;
use fivefoot::history::Battle;
use fivefoot::rules::vehicle::VehicleOrder;
use fivefoot::rules::{AttackEvent, ReactionEvent, cmd};
use fivefoot::rules::{GameCommand, GameEvent, Placement, RuleError, UnitId};
use fivefoot::testing::{battle, ok};

/// A raider with a club, first in initiative (so it may react), standing at `at`.
fn raider_at(at: (u32, u32)) -> String {
    format!(
        r#"(id: "raider", side: "b", at: {at:?}, speed: (land: 30), initiative: 9, defenses: (eac: 11, kac: 12), health: (hp: 30),
         weapons: [(name: "Club", kind: Melee, attack: 4, damage: "1d6", damage_types: [Bludgeoning])])"#
    )
}

/// The buggy of `buggy_scenario` giving its riders `cover`, with a raider next to the
/// square Merris rides in once Buddy has driven 15 ft east; the raider has had its turn,
/// Buddy has driven and it is Merris's turn.
fn driven_buggy(cover: &str) -> Battle {
    let text = buggy_scenario(None, "", &raider_at((6, 4)))
        .replace("passenger_cover: Cover", &format!("passenger_cover: {cover}"));
    let mut b = battle(&text, &[10, 10, 10]);
    ok(&mut b, end_turn("raider"));
    let drive = VehicleOrder::Drive {
        path: vec![Square::new(3, 2), Square::new(4, 2), Square::new(5, 2)],
        heading: None,
    };
    ok(
        &mut b,
        GameCommand::Vehicle(cmd::Vehicle {
            unit: "buddy".into(),
            order: drive,
        }),
    );
    ok(&mut b, end_turn("buddy"));
    assert_eq!(get::<Placement>(&b, "merris").at, Square::new(5, 3));
    b
}

fn shoot(unit: &str, target: &str) -> GameCommand {
    GameCommand::Attack(cmd::Attack {
        unit: unit.into(),
        target: target.into(),
        weapon: Some("Laser pistol".into()),
        defensively: false,
        mount: None,
    })
}

fn aoo_reactors(events: &[GameEvent]) -> Vec<UnitId> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { reactor, .. }) => Some(reactor.clone()),
            _ => None,
        })
        .collect()
}

/// VEH-16: a rider of a driving vehicle that gives only (ordinary) cover still provokes
/// with a ranged attack; one the vehicle gives total cover provokes nothing, and its shot
/// is still made.
#[test]
fn veh_16_rider_with_total_cover_provokes_no_aoo() {
    let mut covered = driven_buggy("Cover");
    let ev = ok(&mut covered, shoot("merris", "raider"));
    assert_eq!(aoo_reactors(&ev), [UnitId::from("raider")]);

    let mut sheltered = driven_buggy("Total");
    let ev = ok(&mut sheltered, shoot("merris", "raider"));
    assert!(aoo_reactors(&ev).is_empty(), "{ev:?}");
    assert!(
        ev.iter()
            .any(|e| matches!(e, GameEvent::Attack(AttackEvent::AttackResolved { .. })))
    );
}

/// The buggy's mounted weapons: a laser for a gunner and a blaster tied to the controls.
const MOUNTS: &str = r#"weapons: [
             (name: "Turret laser", kind: Ranged, attack: 7, damage: "2d4", damage_types: [Fire], range_increment: Some(100)),
             (name: "Dash blaster", kind: Ranged, attack: 3, damage: "1d6", damage_types: [Fire], range_increment: Some(60), pilot_operable: true)],"#;

/// `buggy_scenario` with `MOUNTS` on the buggy and a raider 8 squares south-east, before
/// anyone has acted (the raider first, then Buddy, then Merris).
fn armed_buggy() -> Battle {
    let text = buggy_scenario(None, "", &raider_at((10, 9)))
        .replace("health: (hp: 18),", &format!("health: (hp: 18), {MOUNTS}"));
    battle(&text, &[10, 10, 10])
}

fn fire(unit: &str, weapon: &str) -> GameCommand {
    GameCommand::Attack(cmd::Attack {
        unit: unit.into(),
        target: "raider".into(),
        weapon: Some(weapon.into()),
        defensively: false,
        mount: Some("buggy".into()),
    })
}

/// The weapon and modifiers of the attack an event list resolves.
fn resolved(events: &[GameEvent]) -> (UnitId, String, Vec<(i32, String)>) {
    events
        .iter()
        .find_map(|e| match e {
            GameEvent::Attack(AttackEvent::AttackResolved { attacker, attack, .. }) => Some((
                attacker.clone(),
                attack.weapon.clone(),
                attack.modifiers.iter().map(|m| (m.value, m.source.clone())).collect(),
            )),
            _ => None,
        })
        .expect("an attack")
}

/// VEH-20: a gunner fires a mounted weapon with its printed bonus, taking the vehicle's
/// attack penalty once it has moved (VEH-19).
#[test]
fn veh_20_gunner_fires_a_mounted_weapon() {
    let mut b = armed_buggy();
    ok(&mut b, end_turn("raider"));
    let drive = VehicleOrder::Drive {
        path: vec![Square::new(3, 2), Square::new(4, 2)],
        heading: None,
    };
    ok(
        &mut b,
        GameCommand::Vehicle(cmd::Vehicle {
            unit: "buddy".into(),
            order: drive,
        }),
    );
    ok(&mut b, end_turn("buddy"));
    let (attacker, weapon, mods) = resolved(&ok(&mut b, fire("merris", "Turret laser")));
    assert_eq!((attacker.0.as_str(), weapon.as_str()), ("merris", "Turret laser"));
    assert_eq!(mods[0].0, 7, "{mods:?}");
    assert!(mods.iter().any(|(v, s)| *v == -2 && s.contains("VEH-19")), "{mods:?}");
}

/// VEH-20: the pilot fires a weapon tied to the controls after a drive (a move action), but
/// not one that needs a gunner.
#[test]
fn veh_20_pilot_fires_only_pilot_operable_weapons() {
    let mut b = armed_buggy();
    ok(&mut b, end_turn("raider"));
    let refused = b.submit(fire("buddy", "Turret laser")).unwrap_err();
    assert!(
        matches!(refused, RuleError::IllegalMove(ref m) if m.contains("needs a gunner")),
        "{refused}"
    );
    let drive = VehicleOrder::Drive {
        path: vec![Square::new(3, 2)],
        heading: None,
    };
    ok(
        &mut b,
        GameCommand::Vehicle(cmd::Vehicle {
            unit: "buddy".into(),
            order: drive,
        }),
    );
    let (attacker, weapon, _) = resolved(&ok(&mut b, fire("buddy", "Dash blaster")));
    assert_eq!((attacker.0.as_str(), weapon.as_str()), ("buddy", "Dash blaster"));
}

/// VEH-20: racing is a full action, so the pilot has no action left to fire even a weapon
/// tied to the controls.
#[test]
fn veh_20_pilot_cannot_fire_after_racing() {
    let mut b = armed_buggy();
    ok(&mut b, end_turn("raider"));
    let race = VehicleOrder::Race {
        angle: 0,
        distance_ft: Some(20),
    };
    ok(
        &mut b,
        GameCommand::Vehicle(cmd::Vehicle {
            unit: "buddy".into(),
            order: race,
        }),
    );
    let refused = b.submit(fire("buddy", "Dash blaster")).unwrap_err();
    assert!(matches!(refused, RuleError::Budget(_)), "{refused}");
}

/// VEH-20 on the shipped buggy raid: Sssazza, the gunner, fires the buggy's roof laser at a
/// goblin, and Merris, a passenger, may not.
#[test]
fn veh_20_buggy_raid_gunner_fires_the_roof_laser() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/starfinder_buggy_raid.ron"
    ))
    .unwrap();
    let mut b = battle(&text, &[10; 7]);
    for (unit, _) in order(&b) {
        if unit == "sssazza" {
            break;
        }
        ok(&mut b, end_turn(&unit));
    }
    let fire = |unit: &str| {
        GameCommand::Attack(cmd::Attack {
            unit: unit.into(),
            target: "goblin_1".into(),
            weapon: Some("Roof laser".into()),
            defensively: false,
            mount: Some("buggy".into()),
        })
    };
    let (attacker, weapon, _) = resolved(&ok(&mut b, fire("sssazza")));
    assert_eq!((attacker.0.as_str(), weapon.as_str()), ("sssazza", "Roof laser"));
    ok(&mut b, end_turn("sssazza"));
    for (unit, _) in order(&b).into_iter().skip_while(|(u, _)| u != "sssazza").skip(1) {
        if unit == "merris" {
            break;
        }
        ok(&mut b, end_turn(&unit));
    }
    let refused = b.submit(fire("merris")).unwrap_err();
    assert!(
        matches!(refused, RuleError::IllegalMove(ref m) if m.contains("passenger")),
        "{refused}"
    );
}

/// VEH-20: range is measured from the vehicle's space, not the gunner's square: a raider 35 ft
/// from the buggy's nearest square but 40 ft from Merris is in the short gun's first
/// increment, while Merris's own gun with the same increment takes the range penalty.
#[test]
fn veh_20_mounted_range_is_measured_from_the_vehicle() {
    let gun = r#"(name: "Short gun", kind: Ranged, attack: 5, damage: "1d4", damage_types: [Fire], range_increment: Some(35))"#;
    let text = buggy_scenario(None, "", &raider_at((10, 3)))
        .replace("health: (hp: 18),", &format!("health: (hp: 18), weapons: [{gun}],"))
        .replace(
            r#"range_increment: Some(80))]),
        "#,
            "range_increment: Some(35))]),\n        ",
        );
    let start = || {
        let mut b = battle(&text, &[10, 10, 10]);
        ok(&mut b, end_turn("raider"));
        ok(&mut b, end_turn("buddy"));
        b
    };
    let (mut b, mut own) = (start(), start());
    let mounted = GameCommand::Attack(cmd::Attack {
        unit: "merris".into(),
        target: "raider".into(),
        weapon: Some("Short gun".into()),
        defensively: false,
        mount: Some("buggy".into()),
    });
    let (_, _, mods) = resolved(&ok(&mut b, mounted));
    assert!(!mods.iter().any(|(_, s)| s == "range"), "{mods:?}");
    let (_, weapon, mods) = resolved(&ok(&mut own, shoot("merris", "raider")));
    assert_eq!(weapon, "Laser pistol");
    assert!(mods.iter().any(|(v, s)| *v == -2 && s == "range"), "{mods:?}");
}

/// VEH-20: a full attack naming a mounted weapon is refused as not supported yet, pointing
/// at the single attack that fires it.
#[test]
fn veh_20_full_attack_with_a_mounted_weapon_is_not_supported_yet() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/starfinder_buggy_raid.ron"
    ))
    .unwrap();
    let mut b = battle(&text, &[10; 7]);
    for (unit, _) in order(&b) {
        if unit == "sssazza" {
            break;
        }
        ok(&mut b, end_turn(&unit));
    }
    let full = GameCommand::FullAttack(cmd::FullAttack {
        unit: "sssazza".into(),
        targets: vec!["goblin_1".into(), "goblin_1".into()],
        weapon: Some("Roof laser".into()),
        weapons: Vec::new(),
        defensively: false,
    });
    let refused = b.submit(full).unwrap_err();
    assert!(
        matches!(&refused, RuleError::NotSupported(m) if m.contains("mount: Some(\"buggy\")")),
        "{refused}"
    );
}
