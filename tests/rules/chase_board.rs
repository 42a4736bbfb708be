//! Boarding between engaged vehicles in a chase (RULES.md CHS-16) as a battle command, on the
//! shipped Redliner chase with scripted dice.

use fivefoot::history::Battle;
use fivefoot::rules::chase::{BoardingResult, BoardingSkill, Chase, ChasePhase};
use fivefoot::rules::vehicle::Aboard;
use fivefoot::rules::{ChaseEvent, HealthEvent, ReactionEvent, SequenceEvent, cmd};
use fivefoot::rules::{ConditionName, Conditions, GameCommand, GameEvent, UnitId, UnitIndex};
use fivefoot::ruleset::PilotAction;
use fivefoot::testing::{battle, ok, pass_until_turn_of};

const REDLINER: &str = include_str!("../../scenarios/starfinder_redliner_chase.ron");
/// Initiative (buddy, chalak, merris, sssazza, ysoki1, ysoki2): Sssazza 18, Buddy 16,
/// Merris 12, ysoki 1 11, ysoki 2 10, Cha'lak 6.
const INITIATIVE: [u32; 6] = [16, 6, 12, 18, 11, 10];

fn id(s: &str) -> UnitId {
    UnitId(s.into())
}

/// The combat phase of round 1 with the buggy engaged with enercycle 1 (Buddy's engage rolls
/// 15 + 8 against KAC 12); `more` are the dice after that.
fn engaged(text: &str, more: &[u32]) -> Battle {
    let dice: Vec<u32> = INITIATIVE.iter().chain([15].iter()).chain(more).copied().collect();
    let mut b = battle(text, &dice);
    ok(
        &mut b,
        GameCommand::PilotAction(cmd::PilotAction {
            unit: id("buddy"),
            action: PilotAction::Engage,
            target: Some(id("enercycle1")),
            double: false,
        }),
    );
    for pilot in ["ysoki1", "ysoki2"] {
        ok(&mut b, GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit: id(pilot) }));
    }
    ok(&mut b, GameCommand::ChaseProgress(cmd::ChaseProgress { stay: vec![] }));
    let chase = b.world().resource::<Chase>();
    assert_eq!(chase.phase, ChasePhase::Combat);
    assert!(chase.are_engaged(&id("buggy"), &id("enercycle1")));
    b
}

fn board(unit: &str, vehicle: &str) -> GameCommand {
    GameCommand::BoardEngaged(cmd::BoardEngaged {
        unit: id(unit),
        vehicle: id(vehicle),
        skill: None,
    })
}

fn aboard(b: &Battle, unit: &str) -> Option<UnitId> {
    let e = b.world().resource::<UnitIndex>().0[&id(unit)];
    b.world().get::<Aboard>(e).map(|a| a.vehicle.clone())
}

fn boarding(events: &[GameEvent]) -> (BoardingResult, i32, i32, u32) {
    events
        .iter()
        .find_map(|e| match e {
            GameEvent::Chase(ChaseEvent::ChaseBoarding { outcome, skill, .. }) => {
                assert_eq!(
                    *skill,
                    BoardingSkill::Acrobatics,
                    "the better skill (+0 each: Acrobatics)"
                );
                Some((
                    outcome.result,
                    outcome.check.total,
                    outcome.check.dc.unwrap(),
                    outcome.fall_damage,
                ))
            }
            _ => None,
        })
        .expect("a boarding event")
}

/// CHS-16: Sssazza (a passenger) boards the engaged enercycle with 17 against 5 + KAC 12:
/// she is aboard it now, for a move action.
#[test]
fn chs_16_a_passenger_boards_an_engaged_vehicle() {
    let mut b = engaged(REDLINER, &[17]);
    let refused = b.submit(board("sssazza", "enercycle2")).expect_err("not engaged");
    assert!(refused.to_string().contains("not engaged"), "{refused}");
    let events = ok(&mut b, board("sssazza", "enercycle1"));
    assert_eq!(boarding(&events), (BoardingResult::Boarded, 17, 17, 0));
    assert_eq!(aboard(&b, "sssazza"), Some(id("enercycle1")));
    assert_eq!(
        fivefoot::rules::chase::vehicle_of(b.world(), &id("sssazza")),
        Some(id("enercycle1"))
    );
    assert!(
        events.iter().any(|e| matches!(
            e,
            GameEvent::Sequence(SequenceEvent::ActionTaken { unit, kind: fivefoot::ruleset::ActionKind::Move, .. }) if unit == &id("sssazza")
        )),
        "a move action: {events:?}"
    );
}

/// CHS-16: only passengers board, only in the combat phase.
#[test]
fn chs_16_only_passengers_board_and_only_in_the_combat_phase() {
    let mut b = battle(REDLINER, &INITIATIVE);
    let early = b
        .submit(board("sssazza", "enercycle1"))
        .expect_err("pilot actions phase");
    assert!(early.to_string().contains("pilot actions phase"), "{early}");
    let mut b = engaged(REDLINER, &[]);
    pass_until_turn_of(&mut b, "buddy");
    let pilot = b.submit(board("buddy", "enercycle1")).expect_err("a pilot");
    assert!(pilot.to_string().contains("only a passenger"), "{pilot}");
}

/// CHS-16: failing by less than 5 the rider stays; by 5 or more she falls off, prone, and
/// takes 1d6 (the buggy is on the ground: a fall under 10 ft); on foot, the chase leaves her
/// behind (VEH-22's reading of creatures on foot in a chase) and her turn is over.
#[test]
fn chs_16_a_failed_boarding_stays_or_falls_prone_with_1d6() {
    let mut b = engaged(REDLINER, &[13]);
    let events = ok(&mut b, board("sssazza", "enercycle1"));
    assert_eq!(boarding(&events), (BoardingResult::Stayed, 13, 17, 0));
    assert_eq!(aboard(&b, "sssazza"), Some(id("buggy")));

    let mut b = engaged(REDLINER, &[12, 4]);
    let events = ok(&mut b, board("sssazza", "enercycle1"));
    assert_eq!(boarding(&events), (BoardingResult::Fell, 12, 17, 4));
    assert_eq!(aboard(&b, "sssazza"), None, "off the vehicle");
    let e = b.world().resource::<UnitIndex>().0[&id("sssazza")];
    assert!(
        b.world()
            .get::<Conditions>(e)
            .unwrap()
            .0
            .contains(&ConditionName::Prone)
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Health(HealthEvent::DamageTaken { unit, amount: 4, .. }) if unit == &id("sssazza"))),
        "{events:?}"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Chase(ChaseEvent::ChaseLeftBehind { unit }) if unit == &id("sssazza"))),
        "{events:?}"
    );
    assert!(fivefoot::rules::vehicle::escape::left_battle(b.world(), &id("sssazza")));
    assert!(!fivefoot::rules::vehicle::escape::on_map(b.world(), &id("sssazza")));
    assert_ne!(
        b.world().resource::<fivefoot::rules::Combat>().active,
        Some(id("sssazza")),
        "her turn is over"
    );
}

/// CHS-16: boarding provokes: the ysoki on the boarded enercycle, with a reach weapon (CHS-15)
/// and having acted, makes an attack of opportunity on Cha'lak before the check.
#[test]
fn chs_16_boarding_provokes_from_a_reach_weapon_across_the_engagement() {
    let text = REDLINER.replace(
        r#"aboard: Some((vehicle: "enercycle1", role: Pilot)),
         weapons: ["#,
        r#"aboard: Some((vehicle: "enercycle1", role: Pilot)),
         weapons: [(name: "Pike", kind: Melee, attack: 4, damage: "1d8", damage_types: [Piercing], reach: Some(10)), "#,
    );
    assert_ne!(text, REDLINER);
    let mut b = engaged(&text, &[2, 17]);
    pass_until_turn_of(&mut b, "chalak");
    let events = ok(&mut b, board("chalak", "enercycle1"));
    let aoo = events
        .iter()
        .position(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { reactor, .. }) if reactor == &id("ysoki1")))
        .expect("the ysoki reacts");
    let boarded = events
        .iter()
        .position(|e| matches!(e, GameEvent::Chase(ChaseEvent::ChaseBoarding { .. })))
        .expect("then the check");
    assert!(aoo < boarded);
    assert_eq!(boarding(&events).0, BoardingResult::Boarded);
}
