//! The options list's verdict helpers agree with the list itself; the chosen weapon narrows
//! the choices to what a click sends; the initiative's answers are listed for whoever waits;
//! each kind belongs to one rule area and the list keeps its order.

use super::*;
use crate::rules::attack::options::mounted_attacks;
use crate::rules::sequence::options::READY_TRIGGERS;
use crate::rules::vehicle::options::{entry_commands, entry_verdict, planned_orders, vehicle_verdict};
use crate::rules::vehicle::{RiderRole, VehicleEntry};
use crate::rules::{Combat, cmd};
use crate::testing::{Battle, DUEL, battle, ok, pass_until_turn_of};

const BUGGY_RAID: &str = include_str!("../../../scenarios/starfinder_buggy_raid.ron");

fn id(s: &str) -> UnitId {
    UnitId(s.into())
}

fn my_turn() -> Battle {
    let mut b = battle(DUEL, &[]);
    pass_until_turn_of(&mut b, "me");
    b
}

/// The short-circuiting verdicts (`verdict`, `entry_verdict`, `vehicle_verdict`) say what the
/// full list says, kind by kind, for each unit of a duel and of the buggy raid.
fn assert_verdicts_agree(world: &World, unit: &UnitId) {
    let list = options(world, unit).expect("a unit");
    for option in &list.options {
        assert_eq!(
            verdict(world, unit, option.kind, None),
            option.verdict,
            "{unit} {:?}",
            option.kind
        );
        if let OptionKind::Vehicle(entry) = option.kind {
            assert_eq!(entry_verdict(world, unit, entry), option.verdict, "{unit} {entry:?}");
        }
    }
    let vehicles: Vec<&KindOption> = list
        .options
        .iter()
        .filter(|o| matches!(o.kind, OptionKind::Vehicle(_)))
        .collect();
    let whole = match vehicles.iter().find(|o| o.verdict.is_ok()) {
        Some(_) => Ok(()),
        None => vehicles
            .first()
            .map_or_else(|| Err("no vehicle at hand".to_string()), |o| o.verdict.clone()),
    };
    assert_eq!(vehicle_verdict(world, unit), whole, "{unit}");
}

#[test]
fn the_verdicts_agree_with_the_options_list() {
    let b = my_turn();
    for unit in ["me", "foe"] {
        assert_verdicts_agree(b.world(), &id(unit));
    }
    let mut raid = battle(BUGGY_RAID, &[]);
    pass_until_turn_of(&mut raid, "buddy");
    for unit in ["buddy", "sssazza", "merris", "goblin_1"] {
        assert_verdicts_agree(raid.world(), &id(unit));
    }
    // After an attack (the standard action spent) and after a full attack (the turn spent):
    // the refusals agree too.
    let attack = GameCommand::Attack(cmd::Attack {
        unit: id("me"),
        target: id("foe"),
        weapon: None,
        defensively: false,
        mount: None,
    });
    let full = GameCommand::FullAttack(cmd::FullAttack {
        unit: id("me"),
        targets: vec![id("foe")],
        weapon: None,
        weapons: Vec::new(),
        defensively: false,
    });
    for spent in [attack, full] {
        let mut b = my_turn();
        ok(&mut b, spent);
        assert!(verdict(b.world(), &id("me"), OptionKind::FullAttack, None).is_err());
        assert_verdicts_agree(b.world(), &id("me"));
    }
}

/// VEH-3: the pilot's drive is allowed one step away, so its verdict plans no path; the
/// gunner's is refused for the role with or without the planned ones (it plans none).
#[test]
fn veh_3_the_drive_verdict_plans_only_when_no_step_is_allowed() {
    let mut raid = battle(BUGGY_RAID, &[]);
    pass_until_turn_of(&mut raid, "buddy");
    let w = raid.world();
    let steps = entry_commands(w, &id("buddy"), VehicleEntry::Drive);
    assert_eq!(any_allowed(w, &steps, "-"), Ok(()));
    assert_eq!(entry_verdict(w, &id("buddy"), VehicleEntry::Drive), Ok(()));
    let gunner = id("sssazza");
    assert_eq!(planned_orders(w, &gunner, false).count(), 0);
    let one_step = any_allowed(w, &entry_commands(w, &gunner, VehicleEntry::Drive), "-");
    assert!(one_step.is_err());
    assert_eq!(entry_verdict(w, &gunner, VehicleEntry::Drive), one_step);
}

/// A chosen weapon (or the rules' pick) names only that weapon, where the list names every
/// weapon the unit holds.
#[test]
fn a_chosen_weapon_narrows_the_attacks_to_it() {
    let b = my_turn();
    let w = b.world();
    let me = id("me");
    let named = |arms: Arms| -> Vec<Option<String>> {
        armed_commands(w, &me, OptionKind::Attack, arms)
            .into_iter()
            .map(|c| match c {
                GameCommand::Attack(cmd::Attack { target, weapon, .. }) => {
                    assert_eq!(target, id("foe"));
                    weapon
                }
                other => panic!("{other:?}"),
            })
            .collect()
    };
    assert_eq!(named(Arms::Every), [None, Some("Blade".into()), Some("Knife".into())]);
    let pick = Arms::Chosen {
        weapon: None,
        mount: None,
    };
    assert_eq!(named(pick), [None]);
    let knife = Arms::Chosen {
        weapon: Some("Knife"),
        mount: None,
    };
    assert_eq!(named(knife), [Some("Knife".into())]);
    assert_eq!(named(Arms::from_weapon(Some("Knife"))), [Some("Knife".into())]);
    assert_eq!(armed_verdict(w, &me, OptionKind::FullAttack, knife), Ok(()));
}

/// VEH-20: a weapon chosen on the rider's vehicle fires from it, at each foe; the list offers
/// the same attacks among the rider's own.
#[test]
fn veh_20_a_chosen_mounted_weapon_fires_from_the_vehicle() {
    let mut raid = battle(BUGGY_RAID, &[]);
    pass_until_turn_of(&mut raid, "sssazza");
    let w = raid.world();
    let (gunner, buggy) = (id("sssazza"), id("buggy"));
    let laser = Arms::Chosen {
        weapon: Some("Roof laser"),
        mount: Some(&buggy),
    };
    let shots = armed_commands(w, &gunner, OptionKind::Attack, laser);
    assert_eq!(shots, mounted_attacks(w, &gunner, &buggy, Some("Roof laser")));
    assert_eq!(shots.len(), 8, "one per goblin: {shots:?}");
    for shot in &shots {
        assert!(
            matches!(shot, GameCommand::Attack(cmd::Attack { mount: Some(m), weapon: Some(n), .. }) if *m == buggy && n == "Roof laser"),
            "{shot:?}"
        );
    }
    let every = armed_commands(w, &gunner, OptionKind::Attack, Arms::Every);
    assert!(shots.iter().all(|s| every.contains(s)));
    assert_eq!(
        armed_verdict(w, &gunner, OptionKind::Attack, laser),
        any_allowed(w, &shots, "-")
    );
}

/// Several kinds as one: allowed when one is, else the first kind's reason.
#[test]
fn any_verdict_allows_one_kind_or_says_the_first_reason() {
    let b = my_turn();
    let (w, me) = (b.world(), id("me"));
    let recover = [
        OptionKind::StayInTheFight,
        OptionKind::Stabilize,
        OptionKind::SecondWind,
        OptionKind::Recover,
    ];
    let first = verdict(w, &me, recover[0], None);
    assert!(first.is_err(), "me is unhurt");
    let all_refused = recover.iter().all(|k| verdict(w, &me, *k, None).is_err());
    match all_refused {
        true => assert_eq!(any_verdict(w, &me, &recover, Arms::Every), first),
        false => assert_eq!(any_verdict(w, &me, &recover, Arms::Every), Ok(())),
    }
    let mixed = [OptionKind::StandUp, OptionKind::DropProne];
    assert!(verdict(w, &me, mixed[0], None).is_err(), "not prone");
    assert_eq!(any_verdict(w, &me, &mixed, Arms::Every), Ok(()));
    assert_eq!(
        any_verdict(w, &me, &[], Arms::Every),
        Err(none_reason(OptionKind::EndTurn).to_string())
    );
}

/// §3.4, §3.5: act now and proceed are listed for the delaying unit, fire readied for the
/// readier, whoever's turn it is.
#[test]
fn the_initiatives_answers_are_listed_for_whoever_waits() {
    // me acts first (initiative rolls 1 for the foe, 20 for me), so its delay lasts through
    // the foe's turn.
    let mut b = battle(DUEL, &[1, 20]);
    assert_eq!(b.world().resource::<Combat>().active, Some(id("me")));
    assert!(waiting_choices(b.world(), OptionKind::ActNow).is_empty());
    ok(&mut b, GameCommand::Delay(cmd::Delay { unit: id("me") }));
    let w = b.world();
    assert_eq!(w.resource::<Combat>().active, Some(id("foe")));
    assert_eq!(
        waiting_choices(w, OptionKind::ActNow),
        [GameCommand::ActNow(cmd::ActNow { unit: id("me") })]
    );
    assert_eq!(
        waiting_choices(w, OptionKind::Proceed),
        [GameCommand::Proceed(cmd::Proceed)]
    );
    assert!(waiting_choices(w, OptionKind::FireReadied).is_empty());
    assert!(waiting_choices(w, OptionKind::EndTurn).is_empty());

    let mut b = my_turn();
    ok(
        &mut b,
        GameCommand::Ready(cmd::Ready {
            unit: id("me"),
            action: crate::ruleset::ActionKind::Standard,
            trigger: READY_TRIGGERS[0].into(),
        }),
    );
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("me") }));
    let w = b.world();
    assert_eq!(w.resource::<Combat>().active, Some(id("foe")));
    assert_eq!(
        waiting_choices(w, OptionKind::FireReadied),
        [GameCommand::FireReadied(cmd::FireReadied { unit: id("me") })]
    );
}

/// Each kind belongs to exactly one rule area, and the list keeps the order it always had:
/// the grid's kinds and the pilot actions, then the vehicle orders, the map's edge and the
/// chase, ending the turn last (the options JSON and the computer's ties depend on it).
#[test]
fn every_kind_has_one_area_and_the_list_keeps_its_order() {
    use crate::ruleset::ManeuverKind as M;
    use OptionKind as K;
    let grid = [
        K::Move,
        K::Withdraw,
        K::GuardedStep,
        K::Attack,
        K::FullAttack,
        K::Charge,
        K::CoupDeGrace,
        K::Maneuver(M::BullRush),
        K::Maneuver(M::Trip),
        K::Maneuver(M::Grapple),
        K::Maneuver(M::Disarm),
        K::Maneuver(M::Grab),
        K::AreaAttack,
        K::Autofire,
        K::CastSpell,
        K::FightDefensively,
        K::TotalDefense,
        K::CoveringFire,
        K::HarryingFire,
        K::AidAnother,
        K::Suppress,
        K::StandUp,
        K::DropProne,
        K::BreakFree,
        K::PickUp,
        K::Ready,
        K::Delay,
        K::ActNow,
        K::Proceed,
        K::FireReadied,
        K::Stabilize,
        K::StayInTheFight,
        K::SecondWind,
        K::Recover,
        K::PilotAction,
    ];
    let last = [K::LeaveMap, K::ReturnToMap, K::EndPilotTurn, K::ChaseCombat, K::EndTurn];
    let b = my_turn();
    let expected: Vec<OptionKind> = grid.iter().chain(last.iter()).copied().collect();
    assert_eq!(kinds(b.world(), &id("me")), expected);
    let mut raid = battle(BUGGY_RAID, &[]);
    pass_until_turn_of(&mut raid, "buddy");
    let orders = [
        VehicleEntry::Start,
        VehicleEntry::Drive,
        VehicleEntry::Race,
        VehicleEntry::StopShort,
        VehicleEntry::Ram,
        VehicleEntry::RunOver,
        VehicleEntry::TakeControl,
        VehicleEntry::Relinquish,
        VehicleEntry::Autocontrol,
        VehicleEntry::Disembark,
    ];
    let expected: Vec<OptionKind> = grid.iter().copied().chain(orders.map(K::Vehicle)).chain(last).collect();
    assert_eq!(kinds(raid.world(), &id("buddy")), expected);
    let boarding =
        [RiderRole::Pilot, RiderRole::Gunner, RiderRole::Passenger].map(|r| K::Vehicle(VehicleEntry::Board(r)));
    for kind in expected.iter().chain(boarding.iter()) {
        assert_eq!(AREAS.iter().filter(|a| a.owns(*kind)).count(), 1, "{kind:?}");
    }
}
