//! Ability damage (RULES.md HP-SF-8, starfinder 001:1497-1584): WE-25, the penalties on the
//! rolls the engine makes, damage equal to the score, refusals in the other families.

use super::support::*;
use fivefoot::history::{Battle, BattleSnapshot};
use fivefoot::rules::health::ability::AbilityDamage;
use fivefoot::rules::{
    Ability, ConditionName, Conditions, GameCommand, GameEvent, Health, LifeState, RuleError, UnitId, UnitIndex,
};
use fivefoot::rules::{HealthEvent, SequenceEvent, cmd};
use fivefoot::scenario::{Templates, load_str};
use fivefoot::testing::{battle, ok};

/// A starfinder battle: `hero` (side a) next to `foe` (side b), each with a blade, a
/// grenade-like thrown weapon and a gun; `extra` is added to the hero's fields.
fn scenario(family: &str, hero_extra: &str, foe_extra: &str) -> String {
    let (defenses, health) = match family {
        "starfinder" => ("(eac: 12, kac: 14)", "(sp: 30, hp: 20, rp: 4)"),
        "saga" => ("(reflex: 12, fortitude: 10, will: 10)", "(hp: 20)"),
        "d20_modern" => ("(defense: 12)", "(hp: 20)"),
        _ => ("(ac: 12)", "(hp: 20)"),
    };
    let range = match family {
        "saga" => "range_bands: (point_blank: 4, short: 8, medium: 16, long: 24)",
        _ => "range_increment: 30",
    };
    let weapons = format!(
        "weapons: [(name: \"Blade\", kind: Melee, attack: 6, damage: \"1d6+2\", damage_types: [Slashing]), \
         (name: \"Gun\", kind: Ranged, attack: 7, damage: \"1d6\", damage_types: [Fire], {range}), \
         (name: \"Spear\", kind: Thrown, attack: 5, damage: \"1d6+1\", damage_types: [Piercing], {range})]"
    );
    format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (rows: ["......", "......"], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "hero", side: "a", at: (0, 0), speed: (land: 30), level: 4, defenses: {defenses}, health: {health}, {weapons}{hero_extra}),
        (id: "foe", side: "b", at: (1, 0), speed: (land: 30), defenses: {defenses}, health: {health}, {weapons}{foe_extra}),
    ])"##
    )
}

/// Rolls in id order: foe 1, hero 20, so the hero acts first.
fn start(text: &str) -> Battle {
    battle(text, &[1, 20])
}

fn damage(target: &str, ability: Ability, amount: u32) -> GameCommand {
    GameCommand::DamageAbility(cmd::DamageAbility {
        source: "foe".into(),
        target: target.into(),
        ability,
        amount,
    })
}

fn health(b: &Battle, unit: &str) -> Health {
    let e = b.world().resource::<UnitIndex>().0[&UnitId::from(unit)];
    *b.world().get::<Health>(e).unwrap()
}

fn sp(b: &Battle, unit: &str) -> (u32, u32) {
    match health(b, unit) {
        Health::StaminaHitPointsResolve { sp, sp_max, .. } => (sp, sp_max),
        other => panic!("not starfinder health: {other:?}"),
    }
}

fn attack_with(b: &mut Battle, weapon: &str) -> fivefoot::rules::attack::AttackRoll {
    let events = ok(
        b,
        GameCommand::Attack(cmd::Attack {
            unit: "hero".into(),
            target: "foe".into(),
            weapon: Some(weapon.into()),
            defensively: false,
            mount: None,
        }),
    );
    attack_rolls(&events).remove(0)
}

/// What the situation adds to `attacker`'s attack on `target` with `weapon` now (the
/// modifiers an attack would carry, without rolling it).
fn situation(b: &Battle, attacker: &str, target: &str, weapon: &str) -> fivefoot::rules::attack::situation::Situation {
    let e = b.world().resource::<UnitIndex>().0[&UnitId::from(attacker)];
    let w = b
        .world()
        .get::<fivefoot::rules::Profile>(e)
        .unwrap()
        .weapon_named(weapon)
        .unwrap()
        .clone();
    fivefoot::rules::attack::situation::situation(b.world(), &attacker.into(), &target.into(), &w).unwrap()
}

fn has_source(mods: &[fivefoot::rules::Modifier], source: &str) -> Option<i32> {
    mods.iter().find(|m| m.source == source).map(|m| m.value)
}

/// WE-25 (HP-SF-8): a 4th-level character takes 5 Constitution damage: it loses
/// level × floor(5 / 2) = 8 Stamina Points (maximum and current), and its Con modifier is
/// −2 for Fortitude saves.
#[test]
fn we25_constitution_damage_drains_stamina() {
    let mut b = start(&scenario("starfinder", "", ""));
    let (level, amount) = (4, 5);
    let before = sp(&b, "hero");
    let events = ok(&mut b, damage("hero", Ability::Con, amount));
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Health(HealthEvent::AbilityDamaged { ability: Ability::Con, total: 5, penalty: -2, source, .. }) if source.0 == "foe"
    )));
    let lost = level * (amount / 2);
    assert_eq!(lost, 8, "the seed's own sum");
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Health(HealthEvent::StaminaDrained { sp_lost, sp_max_lost, .. }) if *sp_lost == lost && *sp_max_lost == lost
    )));
    assert_eq!(sp(&b, "hero"), (before.0 - lost, before.1 - lost));
    // The −2 for Fortitude: the engine rolls no saves, so it is shown on the unit.
    let snapshot = serde_json::to_value(BattleSnapshot::of(b.world())).unwrap();
    let units = snapshot["units"].as_array().unwrap();
    let unit = |id: &str| units.iter().find(|u| u["id"] == id).unwrap();
    assert_eq!(unit("hero")["ability_damage"]["con"]["damage"], 5);
    assert_eq!(unit("hero")["ability_damage"]["con"]["penalty"], -2);
    assert!(unit("foe").get("ability_damage").is_none(), "left out when none");
    let line = fivefoot::rules::narrate(&events[0], b.world().resource::<fivefoot::ruleset::Ruleset>());
    assert!(line.contains("Fortitude"), "{line}");
}

/// HP-SF-8: Stamina goes only with each full 2 points, never below 0, and never reaches
/// into Hit Points (it is lost, not dealt as damage).
#[test]
fn hp_sf_8_stamina_drops_per_two_points_and_never_below_zero() {
    let mut b = start(&scenario("starfinder", "", ""));
    let events = ok(&mut b, damage("hero", Ability::Con, 1));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, GameEvent::Health(HealthEvent::StaminaDrained { .. }))),
        "1 point: no step yet"
    );
    assert_eq!(sp(&b, "hero"), (30, 30));
    ok(&mut b, damage("hero", Ability::Con, 1));
    assert_eq!(sp(&b, "hero"), (30 - 4, 30 - 4), "the 2nd point costs level (4) SP");

    // The foe acts first (20 vs 1) and its blade hits the hero for 6 + 2 = 8 of its 10 SP.
    let text = scenario("starfinder", "", "").replacen("(sp: 30, hp: 20, rp: 4)", "(sp: 10, hp: 20, rp: 4)", 1);
    let mut c = battle(&text, &[20, 1, 15, 6]);
    ok(
        &mut c,
        GameCommand::Attack(cmd::Attack {
            unit: "foe".into(),
            target: "hero".into(),
            weapon: Some("Blade".into()),
            defensively: false,
            mount: None,
        }),
    );
    assert_eq!(sp(&c, "hero"), (2, 10));
    let events = ok(&mut c, damage("hero", Ability::Con, 2));
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Health(HealthEvent::StaminaDrained {
            sp_lost: 2,
            sp_max_lost: 4,
            ..
        })
    )));
    assert_eq!(sp(&c, "hero"), (0, 10 - 4));
    assert!(matches!(
        health(&c, "hero"),
        Health::StaminaHitPointsResolve { hp: 20, .. }
    ));
}

/// HP-SF-8: Strength damage lowers melee and thrown attack and damage rolls, not ranged
/// ones; the attack event shows the modifier with its source.
#[test]
fn hp_sf_8_strength_damage_lowers_melee_and_thrown_attack_and_damage() {
    let mut b = battle(&scenario("starfinder", "", ""), &[1, 20, 10, 3]);
    ok(&mut b, damage("hero", Ability::Str, 3));
    let blade = attack_with(&mut b, "Blade");
    assert_eq!(has_source(&blade.modifiers, "Strength damage"), Some(-1));
    assert_eq!(blade.total, 10 + 6 - 1);
    let dmg = blade.damage.expect("15 hits KAC 14");
    assert_eq!(dmg.bonus, 2 - 1, "the blade's +2, Strength damage −1");
    assert_eq!(dmg.total, 3 + 2 - 1);
    let spear = situation(&b, "hero", "foe", "Spear");
    assert_eq!(has_source(&spear.attack, "Strength damage"), Some(-1), "thrown attack");
    assert_eq!(has_source(&spear.damage, "Strength damage"), Some(-1), "thrown damage");
    let gun = situation(&b, "hero", "foe", "Gun");
    assert_eq!(has_source(&gun.attack, "Strength damage"), None, "ranged attack");
    assert_eq!(has_source(&gun.damage, "Strength damage"), None, "ranged damage");
}

/// HP-SF-8: Dexterity damage lowers both EAC and KAC, ranged attack rolls and initiative.
#[test]
fn hp_sf_8_dexterity_damage_lowers_both_acs_ranged_attacks_and_initiative() {
    let mut b = battle(&scenario("starfinder", "", ""), &[1, 20, 10, 3]);
    ok(&mut b, damage("foe", Ability::Dex, 4));
    let blade = attack_with(&mut b, "Blade");
    assert_eq!((blade.defense.name.as_str(), blade.defense.value), ("KAC", 14 - 2));
    assert_eq!(has_source(&blade.defense.modifiers, "Dexterity damage"), Some(-2));
    let gun = situation(&b, "hero", "foe", "Gun");
    assert_eq!(has_source(&gun.defense, "Dexterity damage"), Some(-2), "EAC too");
    assert_eq!(
        has_source(&gun.attack, "Dexterity damage"),
        None,
        "the shooter is unhurt"
    );

    ok(&mut b, damage("hero", Ability::Dex, 2));
    let gun = situation(&b, "hero", "foe", "Gun");
    assert_eq!(has_source(&gun.attack, "Dexterity damage"), Some(-1), "ranged attack");
    let blade = situation(&b, "hero", "foe", "Blade");
    assert_eq!(has_source(&blade.attack, "Dexterity damage"), None, "melee attack");

    // A late joiner damaged before it arrives rolls initiative with the penalty.
    let text = scenario("starfinder", "", ", joins_round: 2");
    let mut d = battle(&text, &[20]);
    ok(&mut d, damage("foe", Ability::Dex, 6));
    let events = ok(&mut d, end_turn("hero"));
    let modifiers = events
        .iter()
        .find_map(|e| match e {
            GameEvent::Sequence(SequenceEvent::InitiativeRolled { unit, modifiers, .. }) if unit.0 == "foe" => {
                Some(modifiers.clone())
            }
            _ => None,
        })
        .expect("the joiner rolls");
    assert_eq!(has_source(&modifiers, "Dexterity damage"), Some(-3));
}

/// HP-SF-8: damage stops at the score; damage equal to it knocks the unit out (unconscious
/// and helpless); Constitution damage equal to the score kills (HP-SF-6).
#[test]
fn hp_sf_8_damage_equal_to_the_score_knocks_out_and_constitution_kills() {
    let extra = ", abilities: (str: -1, con: 1), scores: (str: 8)";
    let mut b = start(&scenario("starfinder", extra, ""));
    let events = ok(&mut b, damage("hero", Ability::Str, 12));
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Health(HealthEvent::AbilityDamaged {
            amount: 12,
            total: 8,
            score: 8,
            penalty: -4,
            ..
        })
    )));
    let e = b.world().resource::<UnitIndex>().0[&UnitId::from("hero")];
    let conditions = &b.world().get::<Conditions>(e).unwrap().0;
    assert!(conditions.contains(&ConditionName::Unconscious) && conditions.contains(&ConditionName::Helpless));
    assert_eq!(b.world().get::<AbilityDamage>(e).unwrap().of(Ability::Str), 8);
    let refused = b.submit(GameCommand::Attack(cmd::Attack {
        unit: "hero".into(),
        target: "foe".into(),
        weapon: None,
        defensively: false,
        mount: None,
    }));
    assert!(matches!(refused, Err(RuleError::IllegalMove(why)) if why.contains("cannot act")));

    // Con 12 (10 + 2 × 1): 11 damage leaves it alive, the 12th kills.
    ok(&mut b, damage("hero", Ability::Con, 11));
    assert_eq!(*b.world().get::<LifeState>(e).unwrap(), LifeState::Fine);
    let events = ok(&mut b, damage("hero", Ability::Con, 1));
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Health(HealthEvent::LifeStateChanged {
            to: LifeState::Dead,
            ..
        })
    )));
    assert!(matches!(
        b.submit(damage("hero", Ability::Wis, 1)),
        Err(RuleError::IllegalMove(_))
    ));
}

/// HP-SF-8 is sourced for starfinder only: elsewhere ability damage is refused as not
/// supported, and so are ability scores in a scenario.
#[test]
fn hp_sf_8_ability_damage_is_not_supported_outside_starfinder() {
    for family in ["d20_srd", "d20_modern", "saga"] {
        let mut b = start(&scenario(family, "", ""));
        match b.submit(damage("hero", Ability::Con, 2)) {
            Err(RuleError::NotSupported(why)) => assert!(why.contains("ability damage"), "{family}: {why}"),
            other => panic!("{family}: {other:?}"),
        }
        let text = scenario(family, ", scores: (con: 12)", "");
        let problems = load_str(&text, "t.ron", &Templates::shipped()).expect_err(family);
        assert!(
            problems
                .iter()
                .any(|d| d.to_string().contains("used only for ability damage")),
            "{family}: {problems:?}"
        );
    }
}

/// Scores must agree with the modifiers (a score of 13 is +1); a score left out follows
/// from the modifier.
#[test]
fn hp_sf_8_scores_agree_with_modifiers() {
    let text = scenario("starfinder", ", abilities: (con: 2), scores: (con: 13)", "");
    let problems = load_str(&text, "t.ron", &Templates::shipped()).expect_err("13 is +1, not +2");
    let shown: Vec<String> = problems.iter().map(|d| d.to_string()).collect();
    assert!(
        shown
            .iter()
            .any(|d| d.contains("t.ron:5:") && d.contains("gives a +1 modifier")),
        "{shown:?}"
    );
    let spec = load_str(
        &scenario("starfinder", ", abilities: (con: 2, dex: -1), scores: (con: 15)", ""),
        "t.ron",
        &Templates::shipped(),
    )
    .unwrap();
    let scores = spec.units[0].profile.scores;
    assert_eq!((scores.con, scores.dex, scores.str), (15, 8, 10));
}

/// DamageAbility rolls no dice, so it can be undone; the replayed battle has no damage.
#[test]
fn ability_damage_can_be_undone() {
    let mut b = start(&scenario("starfinder", "", ""));
    let before = b.state_hash();
    ok(&mut b, damage("hero", Ability::Con, 4));
    assert_ne!(b.state_hash(), before);
    b.undo().unwrap();
    assert_eq!(b.state_hash(), before);
    assert_eq!(sp(&b, "hero"), (30, 30));
}

/// HP-SF-8 with §13 helpless: a helpless target's Dexterity counts as 0, so Dexterity damage
/// adds nothing more to its defense (the two modifiers together make exactly −5 − Dex).
#[test]
fn hp_sf_8_dexterity_damage_is_not_counted_twice_on_a_helpless_target() {
    let mut b = start(&scenario("starfinder", "", ", abilities: (dex: 3)"));
    let before = situation(&b, "hero", "foe", "Blade");
    ok(&mut b, damage("foe", Ability::Dex, 4));
    ok(&mut b, damage("foe", Ability::Str, 30));
    let after = situation(&b, "hero", "foe", "Blade");
    let sum = |s: &fivefoot::rules::attack::situation::Situation| s.defense.iter().map(|m| m.value).sum::<i32>();
    assert_eq!(has_source(&after.defense, "Dexterity damage"), Some(-2));
    assert!(has_source(&after.defense, "helpless: Dex counts as 0").is_some());
    let helpless_dex = -5;
    assert_eq!(sum(&after) - sum(&before), helpless_dex - 3);
}
