//! Staying alive (RULES.md §17): dying and Resolve (HP-SF-2..4, WE-49), second wind (WE-47).

use super::support::*;
use fivefoot::rules::{GameCommand, GameEvent, Health, LifeState, UnitId, UnitIndex};
use fivefoot::rules::{HealthEvent, cmd};
use fivefoot::testing::{battle, ok};

/// A brute (`b`, acts first, a club dealing `damage` flat) next to a hero with `health`.
fn duel(family: &str, hero_health: &str, hero_defenses: &str, damage: &str) -> fivefoot::history::Battle {
    duel_with(family, hero_health, hero_defenses, damage, "Bludgeoning")
}

/// `duel` with the brute's damage type.
fn duel_with(
    family: &str,
    hero_health: &str,
    hero_defenses: &str,
    damage: &str,
    kind: &str,
) -> fivefoot::history::Battle {
    let (brute_def, brute_health) = match family {
        "saga" => ("(reflex: 10, fortitude: 10, will: 10)", "(hp: 30)"),
        _ => ("(eac: 10, kac: 10)", "(hp: 30)"),
    };
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (rows: ["....", "...."], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "brute", side: "b", at: (1, 0), speed: (land: 30), defenses: {brute_def}, health: {brute_health},
         weapons: [(name: "Club", kind: Melee, attack: 30, damage: "{damage}", damage_types: [{kind}])]),
        (id: "hero", side: "a", at: (0, 0), speed: (land: 30), defenses: {hero_defenses}, health: {hero_health}),
    ])"##
    );
    // Ids in order: brute 20, hero 1; then the brute's attack roll.
    battle(&text, &[20, 1, 10])
}

fn hit(b: &mut fivefoot::history::Battle) -> Vec<GameEvent> {
    ok(
        b,
        GameCommand::Attack(cmd::Attack {
            unit: "brute".into(),
            target: "hero".into(),
            weapon: None,
            defensively: false,
            mount: None,
        }),
    )
}

fn state(b: &fivefoot::history::Battle, unit: &str) -> (LifeState, Health) {
    let e = b.world().resource::<UnitIndex>().0[&UnitId::from(unit)];
    (
        *b.world().get::<LifeState>(e).unwrap(),
        *b.world().get::<Health>(e).unwrap(),
    )
}

fn rp(b: &fivefoot::history::Battle) -> u32 {
    match state(b, "hero").1 {
        Health::StaminaHitPointsResolve { rp, .. } => rp,
        _ => unreachable!(),
    }
}

/// WE-49 (HP-SF-3): stabilizing costs ¼ of max Resolve, at least 1 and at most 3.
#[test]
fn we_49_stabilizing_costs_a_quarter_of_max_resolve() {
    for (max, cost) in [(3, 1), (7, 1), (16, 3)] {
        let mut b = duel("starfinder", &format!("(hp: 5, rp: {max})"), "(eac: 10, kac: 10)", "5");
        hit(&mut b);
        assert_eq!(state(&b, "hero").0, LifeState::Dying);
        ok(&mut b, end_turn("brute"));
        let events = ok(&mut b, GameCommand::Stabilize(cmd::Stabilize { unit: "hero".into() }));
        assert!(
            events
                .iter()
                .any(|e| matches!(e, GameEvent::Health(HealthEvent::ResolveSpent { amount, .. }) if *amount == cost)),
            "max {max}"
        );
        assert_eq!((state(&b, "hero").0, rp(&b)), (LifeState::Stable, max - cost));
    }
}

/// HP-SF-2: a dying creature loses 1 Resolve at the end of each of its turns; with none
/// left it dies.
#[test]
fn hp_sf_2_dying_loses_resolve_each_turn_then_dies() {
    let mut b = duel("starfinder", "(hp: 5, rp: 1)", "(eac: 10, kac: 10)", "5");
    hit(&mut b);
    ok(&mut b, end_turn("brute"));
    ok(&mut b, end_turn("hero"));
    assert_eq!((state(&b, "hero").0, rp(&b)), (LifeState::Dying, 0));
    ok(&mut b, end_turn("brute"));
    let events = ok(&mut b, end_turn("hero"));
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Health(HealthEvent::LifeStateChanged {
            to: LifeState::Dead,
            ..
        })
    )));
}

/// HP-SF-2: a dying creature takes no actions, including those that roll nothing (total
/// defense, dropping prone, readying, delaying, fighting defensively); ending its turn is
/// still allowed.
#[test]
fn hp_sf_2_a_dying_creature_takes_no_actions() {
    let mut b = duel("starfinder", "(hp: 5, rp: 1)", "(eac: 10, kac: 10)", "5");
    hit(&mut b);
    ok(&mut b, end_turn("brute"));
    assert_eq!(state(&b, "hero").0, LifeState::Dying);
    let hero = || UnitId::from("hero");
    for command in [
        GameCommand::TotalDefense(cmd::TotalDefense { unit: hero() }),
        GameCommand::DropProne(cmd::DropProne { unit: hero() }),
        GameCommand::Delay(cmd::Delay { unit: hero() }),
        GameCommand::FightDefensively(cmd::FightDefensively {
            unit: hero(),
            no_attacks: false,
        }),
    ] {
        let refused = b.submit(command.clone()).unwrap_err();
        assert!(refused.to_string().contains("cannot act"), "{command:?}: {refused}");
    }
    ok(&mut b, end_turn("hero"));
}

/// HP-SF-4: a stable creature spends 1 Resolve at the start of its turn to get up with 1 HP,
/// but not in the round it stabilized.
#[test]
fn hp_sf_4_stay_in_the_fight() {
    let mut b = duel("starfinder", "(hp: 5, rp: 4)", "(eac: 10, kac: 10)", "5");
    hit(&mut b);
    ok(&mut b, end_turn("brute"));
    ok(&mut b, GameCommand::Stabilize(cmd::Stabilize { unit: "hero".into() }));
    assert!(
        b.submit(GameCommand::StayInTheFight(cmd::StayInTheFight { unit: "hero".into() }))
            .is_err(),
        "same round"
    );
    ok(&mut b, end_turn("hero"));
    ok(&mut b, end_turn("brute"));
    ok(
        &mut b,
        GameCommand::StayInTheFight(cmd::StayInTheFight { unit: "hero".into() }),
    );
    let (life, health) = state(&b, "hero");
    assert_eq!(life, LifeState::Fine);
    assert!(matches!(health, Health::StaminaHitPointsResolve { hp: 1, rp: 2, .. }));
}

/// WE-47 (HP-SG-11): max 50, current 24, Con 14: a second wind heals max(12, 14) = 14, once
/// per encounter; at 26 HP (above half) it is not allowed.
#[test]
fn we_47_saga_second_wind() {
    let defenses = "(reflex: 10, fortitude: 30, will: 10)";
    let mut b = duel("saga", "(hp: 50, heroic: true, con_score: 14)", defenses, "26");
    hit(&mut b);
    ok(&mut b, end_turn("brute"));
    ok(&mut b, GameCommand::SecondWind(cmd::SecondWind { unit: "hero".into() }));
    assert!(matches!(
        state(&b, "hero").1,
        Health::DamageThresholdTrack { hp: 38, .. }
    ));
    let again = b
        .submit(GameCommand::SecondWind(cmd::SecondWind { unit: "hero".into() }))
        .unwrap_err()
        .to_string();
    assert!(again.contains("already"), "{again}");
    let mut b = duel("saga", "(hp: 50, heroic: true, con_score: 14)", defenses, "24");
    hit(&mut b);
    ok(&mut b, end_turn("brute"));
    let too_healthy = b
        .submit(GameCommand::SecondWind(cmd::SecondWind { unit: "hero".into() }))
        .unwrap_err()
        .to_string();
    assert!(too_healthy.contains("25 HP or fewer"), "{too_healthy}");
    let mut b = duel("saga", "(hp: 50, con_score: 14)", defenses, "26");
    hit(&mut b);
    ok(&mut b, end_turn("brute"));
    assert!(
        b.submit(GameCommand::SecondWind(cmd::SecondWind { unit: "hero".into() }))
            .unwrap_err()
            .to_string()
            .contains("heroic")
    );
}

/// HP-SG-4: one step down the condition track is −1 to the unit's attacks and defenses.
#[test]
fn saga_condition_track_penalizes_attacks_and_defenses() {
    let defenses = "(reflex: 10, fortitude: 10, will: 10)";
    let armed =
        "(hp: 50), weapons: [(name: \"Fist\", kind: Melee, attack: 0, damage: \"1\", damage_types: [Bludgeoning])]";
    let mut b = duel("saga", armed, defenses, "12");
    hit(&mut b);
    assert!(
        matches!(state(&b, "hero").1, Health::DamageThresholdTrack { track_step: 1, .. }),
        "12 ≥ DT 10"
    );
    let preview = |b: &fivefoot::history::Battle, a: &str, t: &str| {
        fivefoot::rules::attack::action::preview_attack(b.world(), &a.into(), &t.into(), None).unwrap()
    };
    let against = preview(&b, "brute", "hero");
    assert!(
        against
            .defense
            .modifiers
            .iter()
            .any(|m| m.value == -1 && m.source == "condition track (target)")
    );
    ok(&mut b, end_turn("brute"));
    let by = preview(&b, "hero", "brute");
    assert!(
        by.situation
            .attack
            .iter()
            .any(|m| m.value == -1 && m.source == "condition track (attacker)")
    );
}

fn hp(b: &fivefoot::history::Battle) -> u32 {
    match state(b, "hero").1 {
        Health::DamageThresholdTrack { hp, .. } => hp,
        _ => unreachable!(),
    }
}

/// WE-28 (§16.3 saga): DR 1 and DR 10/Energy against a blaster for 12: DR 10 is bypassed by
/// energy, so DR 1 applies: 11 damage. DR 10 against 12 kinetic: 2.
#[test]
fn we_28_saga_damage_reduction_best_for_the_defender() {
    let defenses = "(reflex: 10, fortitude: 40, will: 10)";
    let dr = "(hp: 50), dr: [(amount: 1), (amount: 10, bypass: [Energy])]";
    let mut b = duel_with("saga", dr, defenses, "12", "Energy");
    hit(&mut b);
    assert_eq!(hp(&b), 50 - 11);
    let mut b = duel_with("saga", "(hp: 50), dr: [(amount: 10)]", defenses, "12", "Bludgeoning");
    hit(&mut b);
    assert_eq!(hp(&b), 50 - 2);
}

/// WE-48 (DMG-5, U12): 14 stun damage on a creature with 10 HP and DT 12: half (7) off HP,
/// and 14 ≥ 12 costs 2 condition steps. A droid takes nothing.
#[test]
fn we_48_saga_stun_damage() {
    let defenses = "(reflex: 10, fortitude: 10, will: 10)";
    let mut b = duel_with("saga", "(hp: 10, damage_threshold: 12)", defenses, "14", "Stun");
    hit(&mut b);
    assert!(matches!(
        state(&b, "hero").1,
        Health::DamageThresholdTrack {
            hp: 3,
            track_step: 2,
            ..
        }
    ));
    let mut b = duel_with(
        "saga",
        "(hp: 10, damage_threshold: 12), kind: Droid",
        defenses,
        "14",
        "Stun",
    );
    let events = hit(&mut b);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Health(HealthEvent::DamageIgnored { .. })))
    );
    assert_eq!(hp(&b), 10);
}

/// §16.3 starfinder: DR applies to kinetic damage only.
#[test]
fn starfinder_damage_reduction_is_kinetic_only() {
    let defenses = "(eac: 10, kac: 10)";
    let mut b = duel_with(
        "starfinder",
        "(hp: 50, rp: 3), dr: [(amount: 5)]",
        defenses,
        "12",
        "Slashing",
    );
    hit(&mut b);
    assert!(matches!(
        state(&b, "hero").1,
        Health::StaminaHitPointsResolve { hp: 43, .. }
    ));
    let mut b = duel_with(
        "starfinder",
        "(hp: 50, rp: 3), dr: [(amount: 5)]",
        defenses,
        "12",
        "Fire",
    );
    hit(&mut b);
    assert!(matches!(
        state(&b, "hero").1,
        Health::StaminaHitPointsResolve { hp: 38, .. }
    ));
}

fn shield_rating(b: &fivefoot::history::Battle) -> Option<u32> {
    let e = b.world().resource::<UnitIndex>().0[&UnitId::from("hero")];
    b.world().get::<fivefoot::rules::Shields>(e).map(|s| s.0)
}

/// §16.3 saga Shield Rating (004:879-885), then DR, then HP: SR 10 and DR 1 against 11: the
/// 11 exceeds the SR (it would not after DR), so the shields stop 10 and drop to 5, and DR
/// takes the other 1. Next hit: SR 5 stops 5 and drops to 0, DR takes 1 of the other 6. A hit
/// that does not exceed the SR leaves it whole.
#[test]
fn saga_shield_rating_absorbs_then_drops_before_damage_reduction() {
    let defenses = "(reflex: 10, fortitude: 40, will: 10)";
    let mut b = duel_with(
        "saga",
        "(hp: 50), dr: [(amount: 1)], shield_rating: 10",
        defenses,
        "11",
        "Energy",
    );
    assert_eq!(shield_rating(&b), Some(10));
    let events = hit(&mut b);
    let damage = attack_rolls(&events)[0].damage.clone().unwrap();
    let shield = damage.shield.unwrap();
    assert_eq!((shield.rating, shield.absorbed, shield.now), (10, 10, 5));
    assert_eq!(damage.reduced_by.map(|m| m.value), Some(1));
    assert_eq!(damage.dealt, 0);
    assert_eq!((hp(&b), shield_rating(&b)), (50, Some(5)));
    ok(&mut b, end_turn("brute"));
    ok(&mut b, end_turn("hero"));
    hit(&mut b);
    assert_eq!((hp(&b), shield_rating(&b)), (50 - 5, Some(0)));

    let mut b = duel_with("saga", "(hp: 50), shield_rating: 10", defenses, "8", "Energy");
    let events = hit(&mut b);
    let damage = attack_rolls(&events)[0].damage.clone().unwrap();
    assert_eq!((damage.dealt, hp(&b), shield_rating(&b)), (0, 50, Some(10)));
}

fn track_step(b: &fivefoot::history::Battle) -> u8 {
    match state(b, "hero").1 {
        Health::DamageThresholdTrack { track_step, .. } => track_step,
        _ => unreachable!(),
    }
}

fn recover(b: &mut fivefoot::history::Battle) -> Vec<GameEvent> {
    ok(b, GameCommand::Recover(cmd::Recover { unit: "hero".into() }))
}

/// HP-SG-7 (004:243, 605-609): three swift actions in one round move a unit one step up the
/// condition track; a unit at the top has nothing to recover.
#[test]
fn hp_sg_7_recover_with_three_swift_actions_in_one_turn() {
    let defenses = "(reflex: 10, fortitude: 10, will: 10)";
    let mut b = duel("saga", "(hp: 50)", defenses, "12");
    hit(&mut b);
    ok(&mut b, end_turn("brute"));
    assert_eq!(track_step(&b), 1);
    recover(&mut b);
    recover(&mut b);
    assert_eq!(track_step(&b), 1);
    let events = recover(&mut b);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Health(HealthEvent::TrackImproved { steps: 1, .. })))
    );
    assert_eq!(track_step(&b), 0);
    ok(&mut b, end_turn("hero"));
    ok(&mut b, end_turn("brute"));
    let top = b
        .submit(GameCommand::Recover(cmd::Recover { unit: "hero".into() }))
        .unwrap_err()
        .to_string();
    assert!(top.contains("top of the condition track"), "{top}");
}

/// HP-SG-7: the swift actions may be spread over consecutive rounds, but a round without one
/// starts the count again.
#[test]
fn hp_sg_7_recover_spreads_over_consecutive_rounds_only() {
    let defenses = "(reflex: 10, fortitude: 10, will: 10)";
    let mut b = duel("saga", "(hp: 50)", defenses, "12");
    hit(&mut b);
    ok(&mut b, end_turn("brute"));
    recover(&mut b);
    ok(&mut b, end_turn("hero"));
    ok(&mut b, end_turn("brute"));
    recover(&mut b);
    let events = recover(&mut b);
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Health(HealthEvent::RecoverProgressed {
            swift_actions: 3,
            needed: 3,
            ..
        })
    )));
    assert_eq!(track_step(&b), 0);

    let mut b = duel("saga", "(hp: 50)", defenses, "12");
    hit(&mut b);
    ok(&mut b, end_turn("brute"));
    recover(&mut b);
    ok(&mut b, end_turn("hero"));
    ok(&mut b, end_turn("brute"));
    ok(&mut b, end_turn("hero"));
    ok(&mut b, end_turn("brute"));
    let events = recover(&mut b);
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Health(HealthEvent::RecoverProgressed { swift_actions: 1, .. })
    )));
    assert_eq!(track_step(&b), 1);
}

/// HP-SG-7 exists only where the family has a condition track.
#[test]
fn recover_is_not_in_starfinder() {
    let mut b = duel("starfinder", "(hp: 20)", "(eac: 10, kac: 10)", "1");
    ok(&mut b, end_turn("brute"));
    let err = b
        .submit(GameCommand::Recover(cmd::Recover { unit: "hero".into() }))
        .unwrap_err()
        .to_string();
    assert!(err.contains("not in"), "{err}");
}
