//! Who pilots in a running vehicle chase (RULES.md §26.2, CHS-4, CHS-8; VEH-11), played on
//! the shipped Redliner chase: a pilot who delays in the combat phase keeps its pilot turn
//! (issue #16 item 9), a pilot who loses control is skipped as uncontrolled, and a pilot who
//! cannot act passes its pilot turn instead of holding up the chase.

use fivefoot::history::Battle;
use fivefoot::rules::chase::{Chase, ChasePhase, ManeuverUse};
use fivefoot::rules::cmd;
use fivefoot::rules::{Combat, ConditionName, GameCommand, UnitId};
use fivefoot::ruleset::PilotAction;
use fivefoot::testing::ok;

const REDLINER: &str = include_str!("../../scenarios/starfinder_redliner_chase.ron");
/// The reproduction of issue #16 item 9, copied under `tests/chase/`.
const DELAYED_PILOT: &str = include_str!("../chase/starfinder_redliner_delayed_pilot.ron");
const SEED: u64 = 998715;

fn id(s: &str) -> UnitId {
    UnitId(s.into())
}

/// The Redliner chase with `--seed 998715`, after `script`.
fn redliner(script: &str) -> Battle {
    let spec = fivefoot::testing::scenario(REDLINER);
    let mut b = Battle::start(spec, REDLINER, "scenarios/starfinder_redliner_chase.ron", SEED, vec![]).unwrap();
    let commands: Vec<GameCommand> = fivefoot::scenario::ron_options().from_str(script).unwrap();
    for c in commands {
        ok(&mut b, c);
    }
    b
}

fn chase(b: &Battle) -> &Chase {
    b.world().resource::<Chase>()
}

fn acting_pilot(b: &Battle) -> Option<String> {
    chase(b).acting().and_then(|e| e.pilot.as_ref()).map(|p| p.0.clone())
}

fn pilot(unit: &str, action: PilotAction) -> GameCommand {
    GameCommand::PilotAction(cmd::PilotAction {
        unit: id(unit),
        action,
        target: None,
        double: false,
    })
}

/// Ends every turn (and lets every delay window pass) until `round` starts.
fn play_to_round(b: &mut Battle, round: u32) {
    for _ in 0..50 {
        let combat = b.world().resource::<Combat>();
        if combat.round >= round {
            return;
        }
        let command = match (&combat.active, &combat.window) {
            (_, Some(_)) => GameCommand::Proceed(cmd::Proceed),
            (Some(u), None) => GameCommand::EndTurn(cmd::EndTurn { unit: u.clone() }),
            (None, None) => panic!("no turn and no delay window in round {}", combat.round),
        };
        ok(b, command);
    }
    panic!("round {round} never started");
}

/// Issue #16 item 9, CHS-4 (001:4718-4720, 4735-4744): a pilot who delayed in the chase's
/// combat phase keeps control of its vehicle (VEH-11's delay clause moves a vehicle on the
/// grid on its pilot's count; a chase has no such count) and takes its pilot turn at its new
/// place in the initiative order. Before the fix the delay left enercycle 1 uncontrolled while
/// the chase waited for ysoki1, and every command was refused.
#[test]
fn chs_4_a_pilot_who_delayed_in_the_combat_phase_takes_its_pilot_turn() {
    let mut b = redliner(DELAYED_PILOT);
    assert_eq!(b.world().resource::<Combat>().round, 2);
    assert_eq!(chase(&b).phase, ChasePhase::PilotActions);
    assert_eq!(acting_pilot(&b).as_deref(), Some("ysoki1"));
    // Still enercycle 1's pilot, and its pilot action is taken.
    let enercycle =
        fivefoot::rules::unit_component::<fivefoot::rules::vehicle::VehicleState>(b.world(), &id("enercycle1"))
            .cloned()
            .unwrap();
    assert_eq!(enercycle.controlled_by, Some(id("ysoki1")));
    ok(&mut b, pilot("ysoki1", PilotAction::Trick));
    assert_eq!(chase(&b).phase, ChasePhase::Progress);
    // The battle plays on: chase progress (both enercycles would escape; they stay, CHS-10),
    // the combat phase, and the next round's pilot actions in initiative order.
    ok(
        &mut b,
        GameCommand::ChaseProgress(cmd::ChaseProgress {
            stay: vec![id("enercycle1"), id("enercycle2")],
        }),
    );
    assert_eq!(chase(&b).phase, ChasePhase::Combat);
    play_to_round(&mut b, 3);
    assert_eq!(chase(&b).phase, ChasePhase::PilotActions);
    assert_eq!(chase(&b).round, 3);
    let mut pilots = Vec::new();
    while let Some(p) = acting_pilot(&b) {
        let action = if p == "buddy" {
            PilotAction::KeepPace
        } else {
            PilotAction::Evade
        };
        ok(&mut b, pilot(&p, action));
        pilots.push(p);
    }
    assert_eq!(pilots, ["buddy", "ysoki2", "ysoki1"]);
    assert_eq!(chase(&b).phase, ChasePhase::Progress);
}

/// VEH-11 in a chase, CHS-8: a pilot who cannot act at the start of its turn loses control of
/// its vehicle (001:4559-4560); the chase follows the vehicle's control, so in the next
/// pilot-actions phase the vehicle is uncontrolled at once (it fails every check) instead of
/// waiting for a pilot who no longer pilots it.
#[test]
fn veh_11_a_pilot_who_loses_control_in_a_chase_is_skipped_as_uncontrolled() {
    let round_one = "[PilotAction(unit: \"buddy\", action: speed_up), \
        PilotAction(unit: \"ysoki2\", action: engage, target: \"enercycle1\"), \
        PilotAction(unit: \"ysoki1\", action: trick), ChaseProgress(stay: [])]";
    let mut b = redliner(round_one);
    ok(
        &mut b,
        GameCommand::TrackEffect(cmd::TrackEffect {
            source: id("sssazza"),
            target: id("ysoki1"),
            name: "stun grenade".into(),
            rounds: 3,
            condition: Some(ConditionName::Stunned),
            damage: None,
        }),
    );
    play_to_round(&mut b, 2);
    let entry = chase(&b).entry(&id("enercycle1")).unwrap().clone();
    assert_eq!(entry.pilot, None, "ysoki1 lost control at the start of its turn");
    assert_eq!(entry.record.maneuver, ManeuverUse::Uncontrolled);
    ok(&mut b, pilot("buddy", PilotAction::KeepPace));
    ok(&mut b, pilot("ysoki2", PilotAction::Evade));
    assert_eq!(chase(&b).phase, ChasePhase::Progress, "nobody waits for ysoki1");
}

/// CHS-8: a pilot who cannot act when its pilot turn comes (stunned during the pilot-actions
/// phase) passes it with `EndPilotTurn` (ending a turn is no action), and its vehicle is
/// uncontrolled; a pilot action is still refused.
#[test]
fn chs_8_a_pilot_who_cannot_act_passes_its_pilot_turn() {
    let mut b = redliner("[PilotAction(unit: \"buddy\", action: speed_up)]");
    assert_eq!(acting_pilot(&b).as_deref(), Some("ysoki2"));
    ok(
        &mut b,
        GameCommand::TrackEffect(cmd::TrackEffect {
            source: id("buddy"),
            target: id("ysoki2"),
            name: "stun grenade".into(),
            rounds: 3,
            condition: Some(ConditionName::Stunned),
            damage: None,
        }),
    );
    let refused = b.submit(pilot("ysoki2", PilotAction::Evade)).unwrap_err().to_string();
    assert!(refused.contains("stunned"), "{refused}");
    ok(
        &mut b,
        GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit: id("ysoki2") }),
    );
    let entry = chase(&b).entry(&id("enercycle2")).unwrap();
    assert_eq!(entry.record.maneuver, ManeuverUse::Uncontrolled);
    assert_eq!(acting_pilot(&b).as_deref(), Some("ysoki1"));
}
