//! saga's full attack and fighting defensively through the command path (RULES.md §4.3.1,
//! seed 004:309-329 and 004:485-491), with their penalties lasting until the unit's next turn.

use super::support::*;

use fivefoot::grid::Square;
use fivefoot::history::Battle;
use fivefoot::rules::attack::AttackRoll;
use fivefoot::rules::{Combat, GameCommand, GameEvent, MoveMode, narrate};
use fivefoot::rules::{ReactionEvent, SequenceEvent, cmd};
use fivefoot::ruleset::ActionKind;
use fivefoot::testing::{battle, ok};

const BLADE: &str = r#"(name: "Vibroblade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])"#;
const KNIFE: &str = r#"(name: "Knife", kind: Melee, attack: 3, damage: "1d4", damage_types: [Piercing])"#;
const PISTOL: &str = r#"(name: "Pistol", kind: Ranged, attack: 4, damage: "3d6", damage_types: [Energy], range_bands: (point_blank: 4, short: 8, medium: 16, long: 24))"#;
const RIFLE: &str = r#"(name: "Rifle", kind: Ranged, attack: 4, damage: "3d8", damage_types: [Energy], hands: 2, range_bands: (point_blank: 4, short: 8, medium: 16, long: 24))"#;
const SABER: &str =
    r#"(name: "Double saber", kind: Melee, attack: 6, damage: "2d8", damage_types: [Energy], hands: 2, double: true)"#;

/// A saga duel on an open row: `hero` at (0, 0) with `stats` (weapons, feats, trained), `foe`
/// at (1, 0) with a vibroblade; both Reflex 14, 100 HP. Initiative (ids in order: foe, hero)
/// hero 20, foe 1; then `more` dice.
fn duel(stats: &str, more: &[u32]) -> Battle {
    let unit = |id: &str, side: &str, x: i32, stats: &str| {
        format!(
            "(id: \"{id}\", side: \"{side}\", at: ({x}, 0), speed: (land: 30), defenses: (reflex: 14, fortitude: 12, will: 11), health: (hp: 100), {stats})"
        )
    };
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "saga",
    map: (rows: ["........"], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}, {}])"##,
        unit("hero", "a", 0, stats),
        unit("foe", "b", 1, &format!("weapons: [{BLADE}]")),
    );
    let mut dice = vec![1, 20];
    dice.extend_from_slice(more);
    battle(&text, &dice)
}

fn full(targets: usize, weapons: &[&str]) -> GameCommand {
    GameCommand::FullAttack(cmd::FullAttack {
        unit: "hero".into(),
        targets: vec!["foe".into(); targets],
        weapon: None,
        weapons: weapons.iter().map(|w| w.to_string()).collect(),
        defensively: false,
    })
}

fn fight_defensively(no_attacks: bool) -> GameCommand {
    GameCommand::FightDefensively(cmd::FightDefensively {
        unit: "hero".into(),
        no_attacks,
    })
}

fn attack(unit: &str, target: &str) -> GameCommand {
    GameCommand::Attack(cmd::Attack {
        unit: unit.into(),
        target: target.into(),
        weapon: None,
        defensively: false,
        mount: None,
    })
}

fn step_away() -> GameCommand {
    GameCommand::Move(cmd::Move {
        unit: "foe".into(),
        to: Square::new(3, 0),
        path: None,
        mode: MoveMode::Move,
    })
}

/// The full-attack penalties on a roll, as (value, source).
fn penalties(a: &AttackRoll) -> Vec<(i32, String)> {
    a.modifiers
        .iter()
        .filter(|m| m.source.starts_with("full attack"))
        .map(|m| (m.value, m.source.clone()))
        .collect()
}

fn refused(b: &mut Battle, command: GameCommand) -> String {
    b.submit(command).expect_err("refused").to_string()
}

/// §4.3.1 saga two weapons (004:313, 311): a full-round action, one attack with each weapon,
/// −10 on both; the penalty lasts until the start of the hero's next turn, so its attack of
/// opportunity takes it too, and it ends when that turn starts.
#[test]
fn saga_full_attack_4_3_1_two_weapons_minus_10_until_next_turn() {
    let mut b = duel(&format!("weapons: [{BLADE}, {KNIFE}]"), &[2, 3, 4]);
    let events = ok(&mut b, full(2, &["Vibroblade", "Knife"]));
    assert!(events.iter().any(|e| matches!(e,
        GameEvent::Sequence(SequenceEvent::ActionTaken { kind: ActionKind::Full, description, .. }) if description.contains("two weapons"))));
    let rolls = attack_rolls(&events);
    let used: Vec<(&str, i32)> = rolls.iter().map(|a| (a.weapon.as_str(), a.total)).collect();
    assert_eq!(used, vec![("Vibroblade", 2 + 5 - 10), ("Knife", 3 + 3 - 10)]);
    for a in &rolls {
        assert_eq!(penalties(a), vec![(-10, "full attack: two weapons".to_string())]);
    }
    ok(&mut b, end_turn("hero"));
    let events = ok(&mut b, step_away());
    let aoo = attack_rolls(&events);
    assert_eq!(aoo.len(), 1, "leaving the hero's reach provokes it");
    assert_eq!(penalties(&aoo[0]), vec![(-10, "full attack: two weapons".to_string())]);
    assert_eq!(aoo[0].total, 4 + 5 - 10);
    let events = ok(&mut b, end_turn("foe"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Sequence(SequenceEvent::EffectEnded { name, .. }) if name == "full attack: two weapons"))
    );
    assert!(b.world().resource::<Combat>().effects.is_empty());
}

/// §4.3.1 saga: extra attacks only from two weapons, a double weapon or a feat (004:309);
/// three weapons still give one extra attack (004:315); a two-handed weapon is not one of two
/// wielded weapons (engine reading); one attack alone is allowed and takes no penalty.
#[test]
fn saga_full_attack_4_3_1_needs_a_source_of_extra_attacks() {
    let mut b = duel(&format!("weapons: [{BLADE}]"), &[2]);
    let why = refused(&mut b, full(2, &[]));
    assert!(
        why.contains("at most 1 attack(s)") && why.contains("no source of extra attacks"),
        "{why}"
    );
    let rolls = attack_rolls(&ok(&mut b, full(1, &[])));
    assert_eq!(rolls.len(), 1);
    assert!(penalties(&rolls[0]).is_empty());

    let mut b = duel(&format!("weapons: [{BLADE}, {KNIFE}, {PISTOL}]"), &[2, 2]);
    let why = refused(&mut b, full(3, &["Vibroblade", "Knife", "Pistol"]));
    assert!(
        why.contains("at most 2 attack(s)") && why.contains("two weapons"),
        "{why}"
    );
    ok(&mut b, full(2, &["Knife", "Pistol"]));

    let mut b = duel(&format!("weapons: [{BLADE}, {RIFLE}]"), &[]);
    let why = refused(&mut b, full(2, &["Vibroblade", "Rifle"]));
    assert!(why.contains("at most 1 attack(s)"), "{why}");

    let mut b = duel(&format!("weapons: [{BLADE}, {KNIFE}]"), &[]);
    assert!(refused(&mut b, full(2, &["Knife"])).contains("name one per target"));
    let mut both = full(2, &["Vibroblade", "Knife"]);
    if let GameCommand::FullAttack(cmd::FullAttack { weapon, .. }) = &mut both {
        *weapon = Some("Knife".into());
    }
    assert!(refused(&mut b, both).contains("not both"));
}

/// §4.3.1 saga double weapon (004:317, 319): both ends at −10; Dual Weapon Mastery I, II, III
/// make it −5, −2 and nothing (the best one the unit has counts).
#[test]
fn saga_full_attack_4_3_1_double_weapon_and_dual_weapon_mastery() {
    for (feats, expected) in [
        ("", Some(-10)),
        ("feats: [DualWeaponMastery1],", Some(-5)),
        ("feats: [DualWeaponMastery2],", Some(-2)),
        ("feats: [DualWeaponMastery1, DualWeaponMastery3],", None),
    ] {
        let mut b = duel(&format!("{feats} weapons: [{SABER}]"), &[2, 2]);
        let rolls = attack_rolls(&ok(&mut b, full(2, &["Double saber", "Double saber"])));
        assert_eq!(rolls.len(), 2);
        for a in &rolls {
            let values: Vec<i32> = penalties(a).iter().map(|p| p.0).collect();
            assert_eq!(values, expected.into_iter().collect::<Vec<_>>(), "{feats}");
            assert!(
                penalties(a)
                    .iter()
                    .all(|p| p.1.starts_with("full attack: double weapon"))
            );
        }
    }
}

/// §4.3.1 saga Double and Triple Attack (004:321-329) with two weapons: extra attacks from
/// different sources add up, and so do their penalties (§21: different sources stack): four
/// attacks at −10 −5 −5. With fewer attacks the unit takes the cheapest sources; Triple
/// Attack gives nothing without Double Attack.
#[test]
fn saga_full_attack_4_3_1_double_and_triple_attack_stack_with_two_weapons() {
    let stats = format!("feats: [DoubleAttack, TripleAttack], weapons: [{BLADE}, {KNIFE}]");
    let mut b = duel(&stats, &[2, 3, 4, 5]);
    let why = refused(&mut b, full(5, &["Vibroblade", "Knife", "Knife", "Knife", "Knife"]));
    assert!(why.contains("at most 4 attack(s)"), "{why}");
    let rolls = attack_rolls(&ok(
        &mut b,
        full(4, &["Vibroblade", "Knife", "Vibroblade", "Vibroblade"]),
    ));
    assert_eq!(rolls.len(), 4);
    for (a, d20) in rolls.iter().zip([2, 3, 4, 5]) {
        let found: Vec<i32> = penalties(a).iter().map(|p| p.0).collect();
        assert_eq!(found, vec![-10, -5, -5], "{:?}", a.modifiers);
        assert!(a.modifiers.iter().all(|m| m.ignored.is_none()));
        assert_eq!(a.total, d20 + if a.weapon == "Knife" { 3 } else { 5 } - 20);
    }

    let mut b = duel(&stats, &[2, 2]);
    let rolls = attack_rolls(&ok(&mut b, full(2, &["Vibroblade", "Knife"])));
    assert_eq!(
        penalties(&rolls[1]),
        vec![(-5, "full attack: Double Attack".to_string())]
    );

    let mut b = duel(&format!("feats: [TripleAttack], weapons: [{BLADE}]"), &[]);
    assert!(refused(&mut b, full(2, &[])).contains("at most 1 attack(s)"));
}

/// §4.3.1 saga fight defensively (004:485-487): a standard action of its own; −5 on the
/// unit's attacks (its attack of opportunity) and +2 dodge to Reflex until its next turn.
#[test]
fn saga_fight_defensively_4_3_1_minus_5_and_plus_2_dodge() {
    let mut b = duel(&format!("weapons: [{BLADE}]"), &[10, 4]);
    let events = ok(&mut b, fight_defensively(false));
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Sequence(SequenceEvent::ActionTaken {
            kind: ActionKind::Standard,
            ..
        })
    )));
    let rules = b.world().resource::<fivefoot::ruleset::Ruleset>().clone();
    let started = events
        .iter()
        .find(|e| matches!(e, GameEvent::Sequence(SequenceEvent::EffectStarted { .. })))
        .expect("the effect starts");
    let line = narrate(started, &rules);
    assert!(
        line.contains("+2 dodge to its defense") && line.contains("-5 on its attack rolls"),
        "{line}"
    );
    assert!(b.submit(attack("hero", "foe")).is_err(), "the standard action is spent");
    ok(&mut b, end_turn("hero"));
    let foe_attack = &attack_rolls(&ok(&mut b, attack("foe", "hero")))[0];
    let dodge = foe_attack
        .defense
        .modifiers
        .iter()
        .find(|m| m.source == "fighting defensively")
        .expect("the bonus is on the defense");
    assert_eq!((dodge.value, dodge.kind.name()), (2, "dodge"));
    assert_eq!(foe_attack.defense.value, 14 + 2);
    let aoo = &attack_rolls(&ok(&mut b, step_away()))[0];
    assert!(
        aoo.modifiers
            .iter()
            .any(|m| m.value == -5 && m.source == "fighting defensively")
    );
    assert_eq!(aoo.total, 4 + 5 - 5);
}

/// §4.3.1 saga (004:487-488): choosing to make no attacks at all gives +5 dodge instead;
/// the unit then makes no attack of opportunity and its attack commands are refused, so it
/// never keeps the +5 after attacking.
#[test]
fn saga_fight_defensively_4_3_1_no_attacks_plus_5_and_no_aoo() {
    let mut b = duel(&format!("weapons: [{BLADE}]"), &[10]);
    ok(&mut b, fight_defensively(true));
    let why = refused(&mut b, attack("hero", "foe"));
    assert!(why.contains("chose to make no attacks"), "{why}");
    ok(&mut b, end_turn("hero"));
    let foe_attack = &attack_rolls(&ok(&mut b, attack("foe", "hero")))[0];
    assert_eq!(foe_attack.defense.value, 14 + 5);
    let events = ok(&mut b, step_away());
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { .. }))),
        "no attacks of opportunity either"
    );
}

/// §4.3.1 saga trained in Acrobatics (004:489-491): +5 dodge, or +10 making no attacks.
#[test]
fn saga_fight_defensively_4_3_1_trained_in_acrobatics_5_or_10() {
    for (no_attacks, bonus) in [(false, 5), (true, 10)] {
        let mut b = duel(&format!("trained: [Acrobatics], weapons: [{BLADE}]"), &[10]);
        let events = ok(&mut b, fight_defensively(no_attacks));
        assert!(events.iter().any(|e| matches!(e,
            GameEvent::Sequence(SequenceEvent::ActionTaken { description, .. }) if description.contains("trained in Acrobatics"))));
        ok(&mut b, end_turn("hero"));
        let foe_attack = &attack_rolls(&ok(&mut b, attack("foe", "hero")))[0];
        assert_eq!(foe_attack.defense.value, 14 + bonus, "no attacks: {no_attacks}");
    }
}

/// §4.3.1: where fighting defensively is part of an attack (starfinder) it is no action of
/// its own, and where it is one (saga) an attack cannot carry it; d20_srd has neither.
#[test]
fn fight_defensively_4_3_1_is_an_action_only_in_saga() {
    let mut b = duel(&format!("weapons: [{BLADE}]"), &[]);
    let mut defensive = attack("hero", "foe");
    if let GameCommand::Attack(cmd::Attack { defensively, .. }) = &mut defensive {
        *defensively = true;
    }
    assert!(refused(&mut b, defensive).contains("FightDefensively"));
    for (family, said) in [("starfinder", "part of an attack"), ("d20_srd", "not supported yet")] {
        let text = fivefoot::testing::skirmish(family, &[fivefoot::testing::unit("hero", "a", 5)]);
        let mut b = battle(&text, &[10]);
        let why = refused(&mut b, fight_defensively(false));
        assert!(why.contains(said), "{family}: {why}");
    }
}
