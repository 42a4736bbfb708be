//! Bleeding (RULES.md §20, starfinder 001:3845-3851): damage at the start of the bleeding
//! unit's turn, only the worst of several bleeds, stopped by restored Hit Points; the
//! Medicine check is refused; other families refuse the condition.

use super::support::*;
use fivefoot::history::{Battle, BattleSnapshot};
use fivefoot::rules::{Combat, ConditionName, GameCommand, GameEvent, Health, LifeState, RuleError, UnitId, UnitIndex};
use fivefoot::rules::{HealthEvent, SequenceEvent, cmd};
use fivefoot::scenario::{Templates, load_str};
use fivefoot::testing::{battle, ok};

/// A brute (side b, a club for a flat `club` damage, +30 to hit) next to a hero with
/// `hero_health` and `hero_extra` fields.
fn scenario(family: &str, hero_health: &str, hero_extra: &str, club: &str) -> String {
    let defenses = match family {
        "saga" => "(reflex: 10, fortitude: 10, will: 10)",
        "d20_modern" => "(defense: 10)",
        "d20_srd" => "(ac: 10)",
        _ => "(eac: 10, kac: 10)",
    };
    format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (rows: ["....", "...."], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "brute", side: "b", at: (1, 0), speed: (land: 30), defenses: {defenses}, health: (hp: 30),
         weapons: [(name: "Club", kind: Melee, attack: 30, damage: "{club}", damage_types: [Bludgeoning])]),
        (id: "hero", side: "a", at: (0, 0), speed: (land: 30), defenses: {defenses}, health: {hero_health}{hero_extra}),
    ])"##
    )
}

fn bleed_effect(name: &str, damage: Option<&str>, condition: Option<ConditionName>) -> GameCommand {
    GameCommand::TrackEffect(cmd::TrackEffect {
        source: "brute".into(),
        target: "hero".into(),
        name: name.into(),
        rounds: 10,
        condition,
        damage: damage.map(str::to_string),
    })
}

fn health(b: &Battle) -> Health {
    let e = b.world().resource::<UnitIndex>().0[&UnitId::from("hero")];
    *b.world().get::<Health>(e).unwrap()
}

fn life(b: &Battle) -> LifeState {
    let e = b.world().resource::<UnitIndex>().0[&UnitId::from("hero")];
    *b.world().get::<LifeState>(e).unwrap()
}

fn bleeds(events: &[GameEvent]) -> Vec<GameEvent> {
    events
        .iter()
        .filter(|e| matches!(e, GameEvent::Health(HealthEvent::BleedDamage { .. })))
        .cloned()
        .collect()
}

/// §20: at the start of its turn a bleeding unit takes the worst bleed's damage (here a
/// TrackEffect's 1d8 over the scenario's 1d4), rolled with the battle's dice, Stamina first.
#[test]
fn s20_bleeding_takes_the_worst_bleed_at_the_start_of_its_turn() {
    let text = scenario("starfinder", "(sp: 10, hp: 10, rp: 3)", ", bleeding: \"1d4\"", "1");
    // Initiative in id order: brute 20, hero 1; then the hero's bleed, a d8 showing 7.
    let mut b = battle(&text, &[20, 1, 7]);
    ok(
        &mut b,
        bleed_effect("laser wound", Some("1d8"), Some(ConditionName::Bleeding)),
    );
    let events = ok(&mut b, end_turn("brute"));
    let turn = events
        .iter()
        .position(|e| matches!(e, GameEvent::Sequence(SequenceEvent::TurnStarted { unit, .. }) if unit.0 == "hero"))
        .expect("the hero's turn starts");
    let bleed = events
        .iter()
        .position(|e| matches!(e, GameEvent::Health(HealthEvent::BleedDamage { .. })))
        .expect("it bleeds");
    assert!(turn < bleed, "at the start of its own turn");
    match &events[bleed] {
        GameEvent::Health(HealthEvent::BleedDamage {
            unit,
            source,
            damage,
            bleeds,
            dice,
            total,
            ..
        }) => {
            assert_eq!((unit.0.as_str(), source.as_str()), ("hero", "laser wound"));
            assert_eq!((damage.to_string(), *bleeds), ("1d8".to_string(), 2));
            assert_eq!((dice.len(), dice[0].sides, dice[0].result), (1, 8, 7));
            assert_eq!(*total, dice[0].result);
        }
        _ => unreachable!(),
    }
    assert!(matches!(
        events[bleed + 1],
        GameEvent::Health(HealthEvent::DamageTaken {
            amount: 7,
            lethal: true,
            ..
        })
    ));
    assert!(matches!(
        health(&b),
        Health::StaminaHitPointsResolve { sp: 3, hp: 10, .. }
    ));
    // The brute bleeds nothing at its own turn; the hero bleeds again at its next one.
    ok(&mut b, end_turn("hero"));
    let events = ok(&mut b, end_turn("brute"));
    assert_eq!(bleeds(&events).len(), 1);
    // Its bleed dice were rolled: undo is refused after them.
    assert!(b.undo().is_err());
    let snapshot = serde_json::to_value(BattleSnapshot::of(b.world())).unwrap();
    let units = snapshot["units"].as_array().unwrap();
    let unit = |id: &str| units.iter().find(|u| u["id"] == id).unwrap();
    assert_eq!(unit("hero")["bleeding"], "1d8");
    assert!(unit("brute").get("bleeding").is_none());
}

/// §20: any effect that restores Hit Points stops every bleed (staying in the fight, HP-SF-4,
/// is the one such effect in the engine); a bleed that rolls below 0 deals nothing.
#[test]
fn s20_restoring_hit_points_stops_bleeding() {
    // 1d4-3 bleeds 0 on a 1, which lets the dying hero stabilize and get back up.
    let text = scenario("starfinder", "(hp: 5, rp: 4)", ", bleeding: \"1d4-3\"", "5");
    // Initiative: brute 20, hero 1; the brute's d20; the hero's bleeds in rounds 1 and 2.
    let mut b = battle(&text, &[20, 1, 10, 1, 1]);
    ok(
        &mut b,
        bleed_effect("bleeding cut", Some("1d4-3"), Some(ConditionName::Bleeding)),
    );
    ok(
        &mut b,
        GameCommand::Attack(cmd::Attack {
            unit: "brute".into(),
            target: "hero".into(),
            weapon: None,
            defensively: false,
            mount: None,
        }),
    );
    assert_eq!(life(&b), LifeState::Dying);
    let events = ok(&mut b, end_turn("brute"));
    assert!(matches!(
        bleeds(&events)[..],
        [GameEvent::Health(HealthEvent::BleedDamage {
            total: 0,
            bleeds: 2,
            ..
        })]
    ));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, GameEvent::Health(HealthEvent::DamageTaken { .. })))
    );
    ok(&mut b, GameCommand::Stabilize(cmd::Stabilize { unit: "hero".into() }));
    ok(&mut b, end_turn("hero"));
    ok(&mut b, end_turn("brute"));
    let events = ok(
        &mut b,
        GameCommand::StayInTheFight(cmd::StayInTheFight { unit: "hero".into() }),
    );
    let effect_id = b
        .world()
        .resource::<Combat>()
        .effects
        .iter()
        .find(|e| e.damage.is_some());
    assert!(effect_id.is_none(), "the bleeding effect ended with it");
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Health(HealthEvent::BleedingStopped { effects, .. }) if effects.len() == 1
    )));
    let healed = events
        .iter()
        .position(|e| matches!(e, GameEvent::Health(HealthEvent::Healed { .. })))
        .unwrap();
    let stopped = events
        .iter()
        .position(|e| matches!(e, GameEvent::Health(HealthEvent::BleedingStopped { .. })))
        .unwrap();
    assert!(healed < stopped);
    ok(&mut b, end_turn("hero"));
    let events = ok(&mut b, end_turn("brute"));
    assert!(bleeds(&events).is_empty(), "no bleed after healing");
    assert_eq!(life(&b), LifeState::Fine);
}

/// §20: the DC 15 Medicine check is a skill check the engine does not model: refused as not
/// supported, never guessed.
#[test]
fn s20_the_medicine_check_is_not_supported() {
    let text = scenario("starfinder", "(hp: 10, rp: 3)", ", bleeding: \"1d4\"", "1");
    let mut b = battle(&text, &[20, 1]);
    let treat = |unit: &str, target: &str| {
        GameCommand::TreatBleeding(cmd::TreatBleeding {
            unit: unit.into(),
            target: target.into(),
        })
    };
    match b.submit(treat("brute", "hero")) {
        Err(RuleError::NotSupported(why)) => assert!(why.contains("DC 15 Medicine"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        b.submit(treat("brute", "brute")),
        Err(RuleError::IllegalMove(_))
    ));
}

/// §20 bleeding needs its damage and only bleeding takes one; other families refuse it.
#[test]
fn s20_bleeding_effects_are_checked() {
    let text = scenario("starfinder", "(hp: 10, rp: 3)", "", "1");
    let mut b = battle(&text, &[20, 1]);
    let refused = |b: &mut Battle, c| b.submit(c).unwrap_err().to_string();
    let bleeding = Some(ConditionName::Bleeding);
    assert!(refused(&mut b, bleed_effect("cut", None, bleeding)).contains("needs `damage`"));
    assert!(refused(&mut b, bleed_effect("cut", Some("lots"), bleeding)).contains("not a dice expression"));
    assert!(refused(&mut b, bleed_effect("cut", Some("1d4-4"), bleeding)).contains("never deal damage"));
    assert!(
        refused(&mut b, bleed_effect("cut", Some("1d4"), Some(ConditionName::Shaken)))
            .contains("only for the bleeding")
    );
    assert!(refused(&mut b, bleed_effect("cut", Some("1d4"), None)).contains("only for the bleeding"));
    ok(&mut b, bleed_effect("cut", Some("1d4"), bleeding));
    for family in ["d20_srd", "d20_modern", "saga"] {
        let mut b = battle(&scenario(family, "(hp: 10)", "", "1"), &[20, 1]);
        assert!(
            matches!(
                b.submit(bleed_effect("cut", Some("1d4"), bleeding)),
                Err(RuleError::NotSupported(_))
            ),
            "{family}"
        );
        let text = scenario(family, "(hp: 10)", ", bleeding: \"1d4\"", "1");
        let problems = load_str(&text, "t.ron", &Templates::shipped()).expect_err(family);
        let shown: Vec<String> = problems.iter().map(|d| d.to_string()).collect();
        assert!(
            shown.iter().any(|d| d.contains("t.ron:7:") && d.contains("not in")),
            "{family}: {shown:?}"
        );
    }
}
