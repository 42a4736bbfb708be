//! The action budget of every family (ACT-1, ACT-2, §4.2): which combinations one turn allows.

use super::support::*;
use fivefoot::ruleset::ActionKind::{self, Full, Move, Standard, Swift};
use fivefoot::testing::{battle, skirmish, unit};

/// Plays `actions` as the first unit's turn in `family`; returns which were allowed.
fn try_turn(family: &str, actions: &[ActionKind]) -> Vec<bool> {
    let text = skirmish(family, &[unit("a1", "a", 0), unit("b1", "b", 0)]);
    let mut b = battle(&text, &[18, 2]);
    actions.iter().map(|k| b.submit(act("a1", *k)).is_ok()).collect()
}

#[test]
fn starfinder_turn_is_standard_move_swift_with_downgrades() {
    assert_eq!(
        try_turn("starfinder", &[Standard, Move, Swift, Swift]),
        [true, true, true, false]
    );
    assert_eq!(
        try_turn("starfinder", &[Move, Move, Swift, Standard]),
        [true, true, true, false]
    );
    assert_eq!(
        try_turn("starfinder", &[Swift, Swift, Swift, Swift]),
        [true, true, true, false]
    );
    assert_eq!(
        try_turn("starfinder", &[Standard, Swift, Swift, Move]),
        [true, true, true, false]
    );
    assert_eq!(try_turn("starfinder", &[Full, Swift]), [true, false]);
    assert_eq!(
        try_turn("starfinder", &[Swift, Full]),
        [true, false],
        "ACT-2: a full action needs the whole turn"
    );
}

#[test]
fn d20_srd_turn_has_no_swift_action() {
    assert_eq!(try_turn("d20_srd", &[Swift]), [false]);
    assert_eq!(try_turn("d20_srd", &[Standard, Move, Move]), [true, true, false]);
    assert_eq!(try_turn("d20_srd", &[Move, Move, Standard]), [true, true, false]);
    assert_eq!(try_turn("d20_srd", &[Full, Move]), [true, false]);
}

#[test]
fn d20_modern_turn_is_attack_and_move_or_a_full_round() {
    assert_eq!(try_turn("d20_modern", &[Swift]), [false]);
    assert_eq!(try_turn("d20_modern", &[Standard, Move]), [true, true]);
    assert_eq!(try_turn("d20_modern", &[Move, Move, Full]), [true, true, false]);
    let text = skirmish("d20_modern", &[unit("a1", "a", 0), unit("b1", "b", 0)]);
    let mut b = battle(&text, &[18, 2]);
    b.submit(act("a1", Standard)).unwrap();
    let refused = b.submit(act("a1", Standard)).unwrap_err().to_string();
    assert_eq!(
        refused, "no attack action left this turn",
        "messages use the family's action names"
    );
}

#[test]
fn saga_turn_allows_three_swift_actions_by_downgrading() {
    assert_eq!(
        try_turn("saga", &[Swift, Swift, Swift, Swift]),
        [true, true, true, false]
    );
    assert_eq!(try_turn("saga", &[Standard, Move, Swift]), [true, true, true]);
    assert_eq!(try_turn("saga", &[Move, Move, Swift, Swift]), [true, true, true, false]);
    assert_eq!(try_turn("saga", &[Full, Swift]), [true, false]);
}

/// Plays `actions` as the turn of a starfinder unit that starts it staggered.
fn try_staggered_turn(actions: &[ActionKind]) -> Vec<bool> {
    let text = skirmish("starfinder", &[unit("a1", "a", 0), unit("b1", "b", 0)])
        .replace("(id: \"a1\",", "(id: \"a1\", conditions: [Staggered],");
    let mut b = battle(&text, &[18, 2]);
    actions.iter().map(|k| b.submit(act("a1", *k)).is_ok()).collect()
}

/// §20 staggered (starfinder 001:4322-4325): one move or one standard action a round, never
/// a full action; swift actions are still allowed, and the one action may become a swift.
#[test]
fn starfinder_staggered_turn_has_one_move_or_standard_action() {
    assert_eq!(try_staggered_turn(&[Standard, Move]), [true, false]);
    assert_eq!(try_staggered_turn(&[Move, Standard, Swift]), [true, false, true]);
    assert_eq!(try_staggered_turn(&[Full]), [false]);
    assert_eq!(try_staggered_turn(&[Swift, Swift, Move]), [true, true, false]);
    assert_eq!(try_staggered_turn(&[Standard, Swift, Swift]), [true, true, false]);
}

/// §20 stunned, dazed, paralyzed, cowering (starfinder 001:4055-4056, 4102-4107, 4273,
/// 4327-4329): no actions at all; the unit can
/// still end its turn.
#[test]
fn stunned_and_dazed_units_take_no_actions() {
    for condition in ["Stunned", "Dazed", "Paralyzed", "Cowering"] {
        let text = skirmish("starfinder", &[unit("a1", "a", 0), unit("b1", "b", 0)])
            .replace("(id: \"a1\",", &format!("(id: \"a1\", conditions: [{condition}],"));
        let mut b = battle(&text, &[18, 2]);
        let refused = b.submit(act("a1", Swift)).unwrap_err().to_string();
        assert!(
            refused.contains(&format!("cannot act while {}", condition.to_lowercase())),
            "{refused}"
        );
        b.submit(end_turn("a1")).unwrap();
    }
}
