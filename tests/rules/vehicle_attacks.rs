//! Attacks by riders (RULES.md §25.7-25.8): what a rider's own provoking actions provoke
//! (VEH-16) and firing the vehicle's mounted weapons (VEH-20).

use super::support::*;
use super::vehicles::{buggy_scenario, get};
use fivefoot::grid::Square;
use fivefoot::history::Battle;
use fivefoot::rules::vehicle::VehicleOrder;
use fivefoot::rules::{GameCommand, GameEvent, Placement, UnitId};
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
        GameCommand::Vehicle {
            unit: "buddy".into(),
            order: drive,
        },
    );
    ok(&mut b, end_turn("buddy"));
    assert_eq!(get::<Placement>(&b, "merris").at, Square::new(5, 3));
    b
}

fn shoot(unit: &str, target: &str) -> GameCommand {
    GameCommand::Attack {
        unit: unit.into(),
        target: target.into(),
        weapon: Some("Laser pistol".into()),
        defensively: false,
    }
}

fn aoo_reactors(events: &[GameEvent]) -> Vec<UnitId> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::AttackOfOpportunity { reactor, .. } => Some(reactor.clone()),
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
    assert!(ev.iter().any(|e| matches!(e, GameEvent::AttackResolved { .. })));
}
