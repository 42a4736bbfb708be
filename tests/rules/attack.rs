//! Attacks through the command path with their situational modifiers (RULES.md §9–§18):
//! WE-52 (concealment), cover and flanking in real attacks, range, refusals.

use super::support::*;

use fivefoot::rules::{AttackEvent, ReactionEvent, cmd};
use fivefoot::rules::{GameCommand, GameEvent};
use fivefoot::testing::{battle, ok};

/// A one-family battle from rows (`#` wall, `,` dim light, `;` darkness, `.` floor) and units
/// as `(id, side, x, y, weapon)` where weapon is `melee` or `gun`.
fn fight(family: &str, rows: &[&str], units: &[(&str, &str, i32, i32, &str)]) -> String {
    let (defenses, health) = match family {
        "starfinder" => ("(eac: 10, kac: 12)", "(hp: 100, rp: 3)"),
        "saga" => ("(reflex: 12, fortitude: 10, will: 10)", "(hp: 100)"),
        _ => ("(ac: 12)", "(hp: 100)"),
    };
    let range = if family == "saga" {
        "range_bands: (point_blank: 4, short: 8, medium: 16, long: 24)"
    } else {
        "range_increment: 30"
    };
    let units: Vec<String> = units
        .iter()
        .map(|(id, side, x, y, w)| {
            let weapon = match *w {
                "gun" => format!("(name: \"Gun\", kind: Ranged, attack: 4, damage: \"1d6\", damage_types: [Fire], {range})"),
                _ => "(name: \"Blade\", kind: Melee, attack: 4, damage: \"1d6\", damage_types: [Slashing])".to_string(),
            };
            format!(
                "(id: \"{id}\", side: \"{side}\", at: ({x}, {y}), speed: (land: 30), defenses: {defenses}, health: {health}, weapons: [{weapon}])"
            )
        })
        .collect();
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (rows: [{}], legend: {{ '.': (terrain: Floor), '#': (terrain: Wall), ',': (terrain: Floor, light: Dim), ';': (terrain: Floor, light: Darkness) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}])"##,
        rows.join(", "),
        units.join(", ")
    )
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

/// WE-52 (§10.2, §22.2): a hit on a target in dim light misses on a d% of 01-20; in darkness
/// the target has total concealment and a hit misses on 01-50.
#[test]
fn we_52_starfinder_concealment_miss_chance() {
    let rows = ["........", "......,;"];
    // Initiative in id order: attacker 20, dark 2, dim 1 (no tie, so no roll-off).
    let units = [
        ("attacker", "a", 1, 1, "gun"),
        ("dim", "b", 6, 1, "melee"),
        ("dark", "b", 7, 1, "melee"),
    ];
    for (target, d100, hit, pct) in [
        ("dim", 15, false, 20),
        ("dim", 21, true, 20),
        ("dark", 50, false, 50),
        ("dark", 51, true, 50),
    ] {
        let mut b = battle(&fight("starfinder", &rows, &units), &[20, 2, 1, 15, d100, 3]);
        let a = &attack_rolls(&ok(&mut b, attack("attacker", target)))[0];
        let (p, roll) = a.miss_chance.clone().expect("a miss chance was rolled");
        assert_eq!((p, roll.result, a.hit), (pct, d100, hit), "{target} d% {d100}");
    }
}

/// COV-1 in an attack (WE-15): a ranged attack past a wall corner meets +4 cover on KAC/EAC.
#[test]
fn cover_adds_to_the_defense_of_a_ranged_attack() {
    let rows = ["......", "...#..", "......"];
    let units = [("shooter", "a", 0, 2, "gun"), ("target", "b", 4, 0, "melee")];
    let mut b = battle(&fight("starfinder", &rows, &units), &[20, 1, 10, 3]);
    let a = &attack_rolls(&ok(&mut b, attack("shooter", "target")))[0];
    assert_eq!(a.defense.name, "EAC");
    assert!(
        a.defense.modifiers.iter().any(|m| m.value == 4 && m.source == "cover"),
        "{:?}",
        a.defense
    );
    assert_eq!(a.defense.value, 14);
}

/// FLK-1 in an attack (WE-18): an ally on the opposite side gives +2 to melee attacks.
#[test]
fn flanking_adds_two_to_melee_attacks() {
    let rows = [".....", ".....", "....."];
    let units = [
        ("hero", "a", 1, 1, "melee"),
        ("ally", "a", 3, 1, "melee"),
        ("foe", "b", 2, 1, "melee"),
    ];
    let mut b = battle(&fight("starfinder", &rows, &units), &[1, 1, 20, 10, 3]);
    until_active(&mut b, "hero");
    let a = &attack_rolls(&ok(&mut b, attack("hero", "foe")))[0];
    assert!(
        a.modifiers.iter().any(|m| m.value == 2 && m.source == "flanking"),
        "{:?}",
        a.modifiers
    );
}

fn until_active(b: &mut fivefoot::history::Battle, unit: &str) {
    while active(b).as_deref() != Some(unit) {
        let a = active(b).unwrap();
        ok(b, end_turn(&a));
    }
}

/// §18.1 (WE-41): −2 per range increment beyond the first; beyond 10 increments, refused;
/// a ranged attack next to an enemy provokes it first (§8.2).
#[test]
fn range_penalties_limits_and_provocation() {
    let rows = [".................................................................."];
    let units = [
        ("shooter", "a", 0, 0, "gun"),
        ("near", "b", 1, 0, "melee"),
        ("far", "b", 7, 0, "melee"),
        ("gone", "b", 65, 0, "melee"),
    ];
    // Ids in order: far, gone, near, shooter. The others act first, so they can react.
    let mut b = battle(&fight("starfinder", &rows, &units), &[20, 20, 20, 1]);
    until_active(&mut b, "shooter");
    let events = ok(&mut b, attack("shooter", "far"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { .. }))),
        "the adjacent enemy reacts first"
    );
    let a = attack_rolls(&events).into_iter().find(|r| r.weapon == "Gun").unwrap();
    assert!(
        a.modifiers.iter().any(|m| m.value == -2 && m.source == "range"),
        "35 ft with a 30-ft increment"
    );
    let mut b = battle(&fight("starfinder", &rows, &units), &[20, 20, 20, 1]);
    until_active(&mut b, "shooter");
    let refused = b.submit(attack("shooter", "gone")).unwrap_err().to_string();
    assert!(refused.contains("beyond the maximum range"), "{refused}");
}

/// §20: saga gives no numbers for shaken, so an attack by a shaken unit is refused as not
/// supported yet rather than miscounted.
#[test]
fn conditions_without_numbers_in_the_family_are_refused_clearly() {
    let units = [("hero", "a", 0, 0, "melee"), ("foe", "b", 1, 0, "melee")];
    let text = fight("saga", &["....."], &units).replace("(id: \"hero\",", "(id: \"hero\", conditions: [Shaken],");
    let mut b = battle(&text, &[1, 20]);
    let e = b.submit(attack("hero", "foe")).unwrap_err().to_string();
    assert!(e.starts_with("not supported yet"), "{e}");
}

/// §20 starfinder: a sickened attacker takes −2 to attack and damage; an entangled target
/// −2 AC; a pinned target −4 AC and flat-footed (−2 more); a panicked unit cannot attack.
#[test]
fn starfinder_condition_numbers_apply_to_attacks() {
    let with = |hero: &str, foe: &str| {
        let units = [("hero", "a", 0, 0, "melee"), ("foe", "b", 1, 0, "melee")];
        fight("starfinder", &["....."], &units)
            .replace("(id: \"hero\",", &format!("(id: \"hero\", conditions: [{hero}],"))
            .replace("(id: \"foe\",", &format!("(id: \"foe\", conditions: [{foe}],"))
    };
    let mut b = battle(&with("Sickened", "Entangled"), &[1, 20, 10, 4]);
    let a = &attack_rolls(&ok(&mut b, attack("hero", "foe")))[0];
    assert!(a.modifiers.iter().any(|m| m.value == -2 && m.source == "sickened"));
    assert!(
        a.defense
            .modifiers
            .iter()
            .any(|m| m.value == -2 && m.source == "entangled")
    );
    assert_eq!(a.damage.as_ref().map(|d| (d.bonus, d.total)), Some((-2, 2)));
    let mut b = battle(&with("Shaken", "Pinned"), &[1, 20, 10, 4]);
    let a = &attack_rolls(&ok(&mut b, attack("hero", "foe")))[0];
    assert_eq!(a.defense.value, 12 - 4 - 2, "KAC 12, pinned −4, flat-footed −2");
    let mut b = battle(&with("Panicked", "Prone"), &[1, 20]);
    let refused = b.submit(attack("hero", "foe")).unwrap_err().to_string();
    assert!(refused.contains("cannot attack while panicked"), "{refused}");
}

/// §4.3.1 starfinder: a full attack makes two attacks at −4 as a full action; fighting
/// defensively adds −4 to them and +2 AC until the next turn; total defense gives +4 AC and
/// no attacks of opportunity.
#[test]
fn starfinder_full_attack_fight_defensively_and_total_defense() {
    let units = [("hero", "a", 0, 0, "melee"), ("foe", "b", 1, 0, "melee")];
    let text = fight("starfinder", &["....."], &units);
    let mut b = battle(&text, &[1, 20]);
    let full = GameCommand::FullAttack(cmd::FullAttack {
        unit: "hero".into(),
        targets: vec!["foe".into(), "foe".into()],
        weapon: None,
        weapons: Vec::new(),
        defensively: true,
    });
    let events = ok(&mut b, full);
    let attacks = attack_rolls(&events);
    assert_eq!(attacks.len(), 2);
    for a in &attacks {
        let sources: Vec<(i32, &str)> = a.modifiers.iter().map(|m| (m.value, m.source.as_str())).collect();
        assert!(
            sources.contains(&(-4, "full attack")) && sources.contains(&(-4, "fighting defensively")),
            "{sources:?}"
        );
    }
    let effects = &b.world().resource::<fivefoot::rules::Combat>().effects;
    assert!(
        effects
            .iter()
            .any(|e| e.name == "fighting defensively" && e.defense == 2)
    );
    assert!(
        b.submit(attack("hero", "foe")).is_err(),
        "the full action used the turn"
    );
    let mut b = battle(&text, &[1, 20]);
    ok(
        &mut b,
        GameCommand::TotalDefense(cmd::TotalDefense { unit: "hero".into() }),
    );
    let effects = &b.world().resource::<fivefoot::rules::Combat>().effects;
    assert!(effects.iter().any(|e| e.name == "total defense" && e.defense == 4));
    let saga = fight("saga", &["....."], &units);
    let mut b = battle(&saga, &[1, 20]);
    let refused = b
        .submit(GameCommand::TotalDefense(cmd::TotalDefense { unit: "hero".into() }))
        .unwrap_err()
        .to_string();
    assert!(refused.starts_with("not supported yet"), "{refused}");
}

/// WE-52 / §10.3: low-light vision sees through dim light, darkvision through darkness within
/// its range, so no miss chance is rolled.
#[test]
fn we_52_senses_see_through_dim_light_and_darkness() {
    let rows = ["........", "......,;"];
    let units = [
        ("attacker", "a", 1, 1, "gun"),
        ("dim", "b", 6, 1, "melee"),
        ("dark", "b", 7, 1, "melee"),
    ];
    for (senses, target, concealed) in [
        ("low_light_vision: true", "dim", false),
        ("low_light_vision: true", "dark", true),
        ("darkvision_ft: 60", "dark", false),
        ("darkvision_ft: 20", "dark", true),
    ] {
        let text = fight("starfinder", &rows, &units)
            .replace("(id: \"attacker\",", &format!("(id: \"attacker\", senses: ({senses}),"));
        // Attack roll, then the miss chance's d% only when concealed, then damage.
        let dice: &[u32] = if concealed {
            &[20, 2, 1, 15, 60, 3]
        } else {
            &[20, 2, 1, 15, 3]
        };
        let mut b = battle(&text, dice);
        let a = &attack_rolls(&ok(&mut b, attack("attacker", target)))[0];
        assert_eq!(a.miss_chance.is_some(), concealed, "{senses} vs {target}");
    }
}

/// Shooter (gun), its ally (blade) and a foe next to the ally; initiative shooter, foe, ally
/// (ids in order: ally 1, foe 10, shooter 20), then `more` dice.
fn support_battle(more: &[u32]) -> fivefoot::history::Battle {
    let units = [
        ("shooter", "a", 0, 0, "gun"),
        ("ally", "a", 5, 0, "melee"),
        ("foe", "b", 6, 0, "melee"),
    ];
    let mut dice = vec![1, 10, 20];
    dice.extend_from_slice(more);
    battle(&fight("starfinder", &["........"], &units), &dice)
}

fn support_effects(b: &fivefoot::history::Battle) -> usize {
    b.world()
        .resource::<fivefoot::rules::Combat>()
        .effects
        .iter()
        .filter(|e| e.support.is_some())
        .count()
}

/// §4.3.1 covering fire (001:858-864): d20 11 + 4 = 15 meets AC 15, so the ally gains +2 AC
/// against the next attack by a creature in the shooter's line of effect; that attack uses
/// it up. A roll of 10 (14) misses and gives nothing.
#[test]
fn starfinder_covering_fire_gives_an_ally_two_ac_for_one_attack() {
    let covering = GameCommand::CoveringFire(cmd::CoveringFire {
        unit: "shooter".into(),
        ally: "ally".into(),
        weapon: None,
    });
    let mut b = support_battle(&[11, 10, 3]);
    let events = ok(&mut b, covering.clone());
    assert!(events.iter().any(
        |e| matches!(e, GameEvent::Attack(AttackEvent::SupportResolved { roll, .. }) if roll.check.success && roll.check.total == 15)
    ));
    assert_eq!(support_effects(&b), 1);
    ok(&mut b, end_turn("shooter"));
    let a = &attack_rolls(&ok(&mut b, attack("foe", "ally")))[0];
    assert!(
        a.defense
            .modifiers
            .iter()
            .any(|m| m.value == 2 && m.source == "covering fire from shooter"),
        "{:?}",
        a.defense
    );
    assert_eq!(a.defense.value, 14);
    assert_eq!(support_effects(&b), 0, "used up by one attack");

    let mut b = support_battle(&[10]);
    ok(&mut b, covering);
    assert_eq!(support_effects(&b), 0);
}

/// §4.3.1 harrying fire (001:900-905): a hit at AC 15 gives the next ally to attack the foe
/// +2 on that roll, once.
#[test]
fn starfinder_harrying_fire_gives_the_next_ally_two_to_attack() {
    let mut b = support_battle(&[11, 10, 3]);
    ok(
        &mut b,
        GameCommand::HarryingFire(cmd::HarryingFire {
            unit: "shooter".into(),
            target: "foe".into(),
            weapon: None,
        }),
    );
    ok(&mut b, end_turn("shooter"));
    ok(&mut b, end_turn("foe"));
    let a = &attack_rolls(&ok(&mut b, attack("ally", "foe")))[0];
    assert!(
        a.modifiers
            .iter()
            .any(|m| m.value == 2 && m.source == "harrying fire from shooter"),
        "{:?}",
        a.modifiers
    );
    assert_eq!(a.total, 10 + 4 + 2);
    assert_eq!(support_effects(&b), 0);
}

/// Covering fire lasts only until the shooter's next turn (SEQ-5); saga has none.
#[test]
fn covering_fire_ends_at_the_shooters_next_turn_and_is_not_in_saga() {
    let mut b = support_battle(&[11]);
    ok(
        &mut b,
        GameCommand::CoveringFire(cmd::CoveringFire {
            unit: "shooter".into(),
            ally: "ally".into(),
            weapon: None,
        }),
    );
    ok(&mut b, end_turn("shooter"));
    ok(&mut b, end_turn("foe"));
    assert_eq!(support_effects(&b), 1);
    ok(&mut b, end_turn("ally"));
    assert_eq!(support_effects(&b), 0);

    let units = [("shooter", "a", 0, 0, "gun"), ("foe", "b", 6, 0, "melee")];
    let mut b = battle(&fight("saga", &["........"], &units), &[1, 20]);
    let err = b
        .submit(GameCommand::HarryingFire(cmd::HarryingFire {
            unit: "shooter".into(),
            target: "foe".into(),
            weapon: None,
        }))
        .unwrap_err()
        .to_string();
    assert!(err.contains("not in"), "{err}");
}

/// saga: an aider (blade) next to the foe, its ally (gun) and the foe; initiative aider,
/// foe, ally (ids in order: aider 20, ally 1, foe 10), then `more` dice.
fn saga_support_battle(more: &[u32]) -> fivefoot::history::Battle {
    let units = [
        ("aider", "a", 5, 0, "melee"),
        ("ally", "a", 0, 0, "gun"),
        ("foe", "b", 6, 0, "melee"),
    ];
    let mut dice = vec![20, 1, 10];
    dice.extend_from_slice(more);
    battle(&fight("saga", &["........"], &units), &dice)
}

/// §4.3.1 saga aid another (004:371-373): an attack against Reflex 10 (d20 6 + 4) gives the
/// chosen ally +2 on its next attack roll against that foe, once. A 5 (9) misses.
#[test]
fn saga_aid_another_gives_the_chosen_ally_two_on_its_next_attack() {
    let aid = GameCommand::AidAnother(cmd::AidAnother {
        unit: "aider".into(),
        target: "foe".into(),
        ally: "ally".into(),
        weapon: None,
        defense: false,
    });
    let mut b = saga_support_battle(&[6, 10, 3]);
    ok(&mut b, aid.clone());
    assert_eq!(support_effects(&b), 1);
    ok(&mut b, end_turn("aider"));
    ok(&mut b, end_turn("foe"));
    let a = &attack_rolls(&ok(&mut b, attack("ally", "foe")))[0];
    assert!(
        a.modifiers
            .iter()
            .any(|m| m.value == 2 && m.source == "aid another from aider"),
        "{:?}",
        a.modifiers
    );
    assert_eq!(support_effects(&b), 0);

    let mut b = saga_support_battle(&[5]);
    ok(&mut b, aid);
    assert_eq!(support_effects(&b), 0);
}

/// §4.3.1 saga suppress (004:375-377): a hit against Reflex 10 gives the foe −2 on its next
/// attack roll, whatever it attacks.
#[test]
fn saga_suppress_gives_the_foe_minus_two_on_its_next_attack() {
    let mut b = saga_support_battle(&[6, 10, 3]);
    ok(
        &mut b,
        GameCommand::Suppress(cmd::Suppress {
            unit: "aider".into(),
            target: "foe".into(),
            weapon: None,
        }),
    );
    ok(&mut b, end_turn("aider"));
    let a = &attack_rolls(&ok(&mut b, attack("foe", "aider")))[0];
    assert!(
        a.modifiers
            .iter()
            .any(|m| m.value == -2 && m.source == "suppressed by aider"),
        "{:?}",
        a.modifiers
    );
    assert_eq!(a.total, 10 + 4 - 2);
    assert_eq!(support_effects(&b), 0);
    let refused = b
        .submit(GameCommand::AidAnother(cmd::AidAnother {
            unit: "foe".into(),
            target: "ally".into(),
            ally: "aider".into(),
            weapon: None,
            defense: false,
        }))
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("aid another helps an ally; aider is not one"),
        "{refused}"
    );
}

mod total_cover {
    //! Randomized: a target with total cover (no line of effect, LOE-1) can never be
    //! attacked, in either line model.
    use super::{attack, fight};
    use fivefoot::grid::{SightModel, line_of_effect_with};
    use fivefoot::history::Terrain;
    use fivefoot::rules::reactions::threat::space_of;
    use fivefoot::ruleset::Ruleset;
    use fivefoot::testing::battle;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
        #[test]
        fn loe_1_a_target_with_total_cover_can_never_be_attacked(
            walls in proptest::collection::vec(prop::bool::weighted(0.3), 48),
            a in (0i32..8, 0i32..6),
            t in (0i32..8, 0i32..6),
            saga in any::<bool>(),
        ) {
            prop_assume!(a != t);
            let rows: Vec<String> = (0..6)
                .map(|y| {
                    (0..8)
                        .map(|x| {
                            let open = (x, y) == a || (x, y) == t || !walls[(y * 8 + x) as usize];
                            if open { '.' } else { '#' }
                        })
                        .collect()
                })
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let family = if saga { "saga" } else { "starfinder" };
            let units = [("attacker", "a", a.0, a.1, "gun"), ("target", "b", t.0, t.1, "melee")];
            let mut b = battle(&fight(family, &rows, &units), &[20, 1]);
            let world = b.world();
            let model = SightModel::of(&world.resource::<Ruleset>().cover);
            let (sa, st) = (space_of(world, &"attacker".into()).unwrap(), space_of(world, &"target".into()).unwrap());
            let clear = line_of_effect_with(&world.resource::<Terrain>().0, model, sa, st);
            if !clear {
                let refused = b.submit(attack("attacker", "target"));
                prop_assert!(refused.is_err(), "{family}: attacked through total cover: {rows:?}");
            }
        }
    }
}
