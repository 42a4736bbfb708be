//! Reach weapons (RULES.md §6.2, THR-1..THR-3, §8): in d20_srd and d20_modern a reach weapon
//! threatens and strikes at its reach but not an adjacent foe (the d20 SRD; seeds 002 and 003
//! are silent), while natural reach still covers the adjacent squares; starfinder's reach
//! weapons threaten every square within reach (001:1814-1819). Family data:
//! `threat.reach_weapon.strikes_within_natural_reach`.

use super::support::*;
use fivefoot::grid::Square;
use fivefoot::history::Battle;
use fivefoot::rules::reactions::threat::{threat_now, threatened_by};
use fivefoot::rules::{GameCommand, GameEvent, MoveMode, UnitId};
use fivefoot::rules::{ReactionEvent, cmd};
use fivefoot::ruleset::ActionKind;
use fivefoot::scenario::{Templates, load_str};
use fivefoot::testing::{battle, ok};
use std::process::Command;

const LONGSPEAR: &str = r#"(name: "Longspear", kind: Melee, attack: 4, damage: "1d8+4", damage_types: [Piercing], reach: 10, reach_weapon: true)"#;
const DAGGER: &str = r#"(name: "Dagger", kind: Melee, attack: 2, damage: "1d4", damage_types: [Piercing])"#;

/// A unit entry for `family` with `weapons` (RON list items), lots of health.
fn unit(family: &str, id: &str, side: &str, at: (i32, i32), size: &str, weapons: &[&str]) -> String {
    let (defenses, health) = match family {
        "starfinder" => ("(eac: 10, kac: 10)", "(hp: 500, rp: 3)"),
        "d20_modern" => ("(defense: 10)", "(hp: 500)"),
        _ => ("(ac: 10)", "(hp: 500)"),
    };
    format!(
        r#"(id: "{id}", side: "{side}", at: ({}, {}), size: {size}, speed: (land: 30), defenses: {defenses}, health: {health},
           weapons: [{}])"#,
        at.0,
        at.1,
        weapons.join(", ")
    )
}

/// A `family` scenario on an open `w`×`h` floor with `units`.
fn open_field(family: &str, w: u32, h: u32, units: &[String]) -> String {
    format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (size: ({w}, {h}), fill: '.', legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}],
)"##,
        units.join(", ")
    )
}

/// The squares `unit` threatens, as offsets from `centre`.
fn threat_offsets(b: &Battle, unit: &str, centre: (i32, i32)) -> Vec<(i32, i32)> {
    threatened_by(b.world(), &unit.into())
        .iter()
        .map(|q| (q.x - centre.0, q.y - centre.1))
        .collect()
}

/// Offsets with Chebyshev distance in `lo..=hi` around one square, sorted by (y, x).
fn block(lo: i32, hi: i32) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for dy in -hi..=hi {
        for dx in -hi..=hi {
            let d = dx.abs().max(dy.abs());
            if (lo..=hi).contains(&d) {
                v.push((dx, dy));
            }
        }
    }
    v
}

fn aoo(events: &[GameEvent]) -> Vec<(String, Square)> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Reaction(ReactionEvent::AttackOfOpportunity {
                reactor, square_left, ..
            }) => Some((reactor.0.clone(), *square_left)),
            _ => None,
        })
        .collect()
}

fn mv(unit: &str, path: &[(i32, i32)]) -> GameCommand {
    let path: Vec<Square> = path.iter().map(|(x, y)| Square::new(*x, *y)).collect();
    GameCommand::Move(cmd::Move {
        unit: unit.into(),
        to: *path.last().unwrap(),
        path: Some(path),
        mode: MoveMode::Move,
    })
}

fn attack(unit: &str, target: &str, weapon: Option<&str>) -> GameCommand {
    GameCommand::Attack(cmd::Attack {
        unit: unit.into(),
        target: target.into(),
        weapon: weapon.map(str::to_string),
        defensively: false,
        mount: None,
    })
}

/// A `family` battle: the spearman (side b, `weapons`) at (4, 4) acts first, takes an action
/// (so it is no longer flat-footed and can react) and ends its turn; then the hero (side a,
/// a dagger) at `hero_at` is active.
fn spearman_and_hero(family: &str, weapons: &[&str], hero_at: (i32, i32)) -> Battle {
    let text = open_field(
        family,
        9,
        9,
        &[
            unit(family, "spearman", "b", (4, 4), "Medium", weapons),
            unit(family, "hero", "a", hero_at, "Medium", &[DAGGER]),
        ],
    );
    // Initiative in id order: hero 1, spearman 20.
    let mut b = battle(&text, &[1, 20]);
    assert_eq!(active(&b).as_deref(), Some("spearman"));
    ok(&mut b, act("spearman", ActionKind::Move));
    ok(&mut b, end_turn("spearman"));
    assert_eq!(active(&b).as_deref(), Some("hero"));
    b
}

/// THR-2, §6.2 (d20 SRD): a Medium unit with only a longspear threatens the 16 squares 10 ft
/// away and none of the 8 next to it.
#[test]
fn reach_weapon_d20_srd_does_not_threaten_adjacent_thr_2() {
    let b = spearman_and_hero("d20_srd", &[LONGSPEAR], (0, 0));
    assert_eq!(threat_offsets(&b, "spearman", (4, 4)), block(2, 2));
    let (_, reach) = threat_now(b.world(), &"spearman".into()).unwrap();
    assert_eq!((reach.far(), reach.hole()), (2, 1));
}

/// §6.2: d20_modern reads its reach weapons from the same data as d20_srd.
#[test]
fn reach_weapon_d20_modern_does_not_threaten_adjacent_thr_2() {
    let b = spearman_and_hero("d20_modern", &[LONGSPEAR], (0, 0));
    assert_eq!(threat_offsets(&b, "spearman", (4, 4)), block(2, 2));
}

/// The shipped Ruined Keep's orc spearman (longspear, `reach_weapon: true`) at (15, 7)
/// threatens the 16 outer squares of the 5×5 block around him, not the 8 adjacent ones —
/// in the rules and through `fivefoot query ... threat`.
#[test]
fn reach_weapon_d20_srd_ruined_keep_spearman_threatens_16_outer_squares_thr_2() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/d20_srd_ruined_keep.ron");
    let text = std::fs::read_to_string(path).unwrap();
    let b = battle(&text, &[]);
    assert_eq!(threat_offsets(&b, "orc_b", (15, 7)), block(2, 2));

    let out = Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .args(["query", "scenarios/d20_srd_ruined_keep.ron", "threat", "orc_b"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["reach_ft"], 10);
    assert_eq!(json["hole_ft"], 5);
    let squares: Vec<(i64, i64)> = json["squares"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| (q[0].as_i64().unwrap() - 15, q[1].as_i64().unwrap() - 7))
        .collect();
    let expected: Vec<(i64, i64)> = block(2, 2).iter().map(|(x, y)| (*x as i64, *y as i64)).collect();
    assert_eq!(squares, expected);
}

/// §6.2 (d20 SRD): natural reach is not a reach weapon — a Large ogre (10 ft natural reach)
/// with a greatclub still threatens the squares next to it (all 32 around its 2×2 space); with
/// a 20-ft reach weapon alone it threatens only beyond its natural 10 ft.
#[test]
fn natural_reach_large_d20_srd_still_threatens_adjacent_squares() {
    let greatclub = r#"(name: "Greatclub", kind: Melee, attack: 8, damage: "2d8+7", damage_types: [Bludgeoning])"#;
    let big_spear = r#"(name: "Longspear", kind: Melee, attack: 8, damage: "2d6+7", damage_types: [Piercing], reach: 20, reach_weapon: true)"#;
    let text = open_field(
        "d20_srd",
        12,
        12,
        &[
            unit("d20_srd", "ogre", "b", (5, 5), "Large", &[greatclub]),
            unit("d20_srd", "lancer", "b", (5, 0), "Large", &[big_spear]),
            unit("d20_srd", "hero", "a", (0, 11), "Medium", &[DAGGER]),
        ],
    );
    let b = battle(&text, &[1, 2, 3]);
    let ogre = threatened_by(b.world(), &"ogre".into());
    assert_eq!(ogre.len(), 32);
    for adjacent in [(4, 5), (7, 6), (5, 7), (4, 4)] {
        assert!(ogre.contains(&Square::new(adjacent.0, adjacent.1)), "{adjacent:?}");
    }
    let lancer = threatened_by(b.world(), &"lancer".into());
    // Its space is (5..=6, 0..=1): (4, 1) is adjacent, (3, 1) 10 ft away (both in the hole),
    // (2, 1) 15 ft and (1, 1) 20 ft away (threatened), (0, 1) 25 ft (out of reach).
    for (x, threatened) in [(4, false), (3, false), (2, true), (1, true), (0, false)] {
        assert_eq!(lancer.contains(&Square::new(x, 1)), threatened, "({x}, 1)");
    }
}

/// §6.2 starfinder (001:1814-1819): a reach weapon threatens every square within its reach,
/// `reach_weapon: true` or not: all 24 squares of the 5×5 block (THR-4).
#[test]
fn reach_weapon_starfinder_threatens_adjacent_squares_too_001_1814() {
    let text = open_field(
        "starfinder",
        9,
        9,
        &[
            unit("starfinder", "spearman", "b", (4, 4), "Medium", &[LONGSPEAR]),
            unit("starfinder", "hero", "a", (0, 0), "Medium", &[DAGGER]),
        ],
    );
    let b = battle(&text, &[1, 20]);
    assert_eq!(threat_offsets(&b, "spearman", (4, 4)), block(1, 2));
    let (_, reach) = threat_now(b.world(), &"spearman".into()).unwrap();
    assert_eq!(reach.hole(), 0);
}

/// §6.2, §8 (d20 SRD): a foe moving between squares next to a unit armed only with a
/// longspear provokes nothing (they are not threatened); leaving a square 10 ft away does.
#[test]
fn reach_weapon_d20_srd_no_aoo_moving_within_the_hole_aoo_1() {
    let mut b = spearman_and_hero("d20_srd", &[LONGSPEAR], (3, 4));
    // (3, 4) → (3, 3): both adjacent; → (2, 2): leaving (3, 3), adjacent; → (1, 1): leaving
    // (2, 2), 10 ft away — the only threatened square left.
    let events = ok(&mut b, mv("hero", &[(3, 3), (2, 2), (1, 1)]));
    assert_eq!(aoo(&events), vec![("spearman".to_string(), Square::new(2, 2))]);
    let rolls = attack_rolls(&events);
    assert_eq!(rolls.len(), 1);
    assert_eq!(rolls[0].weapon, "Longspear");
}

/// §6.2 (d20 SRD): with a longspear and a dagger the unit threatens all 24 squares, the
/// adjacent ones through the dagger, and strikes a foe leaving an adjacent square with it.
#[test]
fn reach_weapon_and_dagger_d20_srd_threaten_adjacent_through_the_dagger() {
    let mut b = spearman_and_hero("d20_srd", &[LONGSPEAR, DAGGER], (3, 4));
    assert_eq!(threat_offsets(&b, "spearman", (4, 4)), block(1, 2));
    let events = ok(&mut b, mv("hero", &[(3, 3)]));
    assert_eq!(aoo(&events), vec![("spearman".to_string(), Square::new(3, 4))]);
    assert_eq!(attack_rolls(&events)[0].weapon, "Dagger");
}

/// §6.2 (d20 SRD): an attack with a reach weapon on an adjacent foe is refused, saying why;
/// 10 ft away it is allowed; without a weapon named, a second weapon that reaches is chosen.
#[test]
fn reach_weapon_d20_srd_attack_on_adjacent_foe_refused() {
    let text = open_field(
        "d20_srd",
        9,
        9,
        &[
            unit("d20_srd", "spearman", "b", (4, 4), "Medium", &[LONGSPEAR]),
            unit("d20_srd", "hero", "a", (3, 4), "Medium", &[DAGGER]),
            unit("d20_srd", "far_hero", "a", (2, 2), "Medium", &[DAGGER]),
        ],
    );
    // Initiative in id order: far_hero 1, hero 2, spearman 20.
    let mut b = battle(&text, &[1, 2, 20]);
    assert_eq!(active(&b).as_deref(), Some("spearman"));
    let named = b
        .submit(attack("spearman", "hero", Some("Longspear")))
        .unwrap_err()
        .to_string();
    assert!(
        named.contains("too close for Longspear") && named.contains("adjacent"),
        "{named}"
    );
    let unnamed = b.submit(attack("spearman", "hero", None)).unwrap_err().to_string();
    assert!(unnamed.contains("too close for Longspear"), "{unnamed}");
    let events = ok(&mut b, attack("spearman", "far_hero", Some("Longspear")));
    assert_eq!(attack_rolls(&events)[0].weapon, "Longspear");

    // With a dagger too, an attack without a weapon named takes the dagger.
    let mut b = spearman_and_hero("d20_srd", &[LONGSPEAR, DAGGER], (0, 0));
    ok(&mut b, end_turn("hero"));
    ok(&mut b, mv("spearman", &[(3, 3), (2, 2), (1, 1)]));
    let events = ok(&mut b, attack("spearman", "hero", None));
    assert_eq!(attack_rolls(&events)[0].weapon, "Dagger");
}

/// FLK-1 with §6.2 (d20 SRD): an ally with only a longspear next to the target does not
/// threaten it, so it does not flank; from 10 ft away it does.
#[test]
fn reach_weapon_d20_srd_ally_in_the_hole_does_not_flank_flk_1() {
    let flanked = |spear_at: (i32, i32)| {
        let text = open_field(
            "d20_srd",
            9,
            9,
            &[
                unit("d20_srd", "fighter", "a", (3, 4), "Medium", &[DAGGER]),
                unit("d20_srd", "spearman", "a", spear_at, "Medium", &[LONGSPEAR]),
                unit("d20_srd", "target", "b", (4, 4), "Medium", &[DAGGER]),
            ],
        );
        let b = battle(&text, &[20, 2, 1]);
        let profile = fivefoot::rules::unit_component::<fivefoot::rules::Profile>(b.world(), &"fighter".into())
            .unwrap()
            .clone();
        fivefoot::rules::attack::situation::situation(
            b.world(),
            &"fighter".into(),
            &"target".into(),
            &profile.weapons[0],
        )
        .unwrap()
        .flanking_with
    };
    assert_eq!(flanked((5, 4)), None, "adjacent to the target: in the longspear's hole");
    assert_eq!(flanked((6, 4)), Some(UnitId::from("spearman")), "10 ft away, opposite");
}

fn errors(text: &str) -> Vec<String> {
    match load_str(text, "t.ron", &Templates::shipped()) {
        Ok(_) => Vec::new(),
        Err(d) => d.iter().map(|d| d.to_string()).collect(),
    }
}

/// §6.2: `reach_weapon` is refused on a weapon that is not melee, without a `reach`, with a
/// reach no farther than the natural reach, and in saga (no reach weapon rules).
#[test]
fn reach_weapon_misuse_is_a_validation_error() {
    let with = |family: &str, weapon: &str| {
        errors(&open_field(
            family,
            4,
            4,
            &[unit(family, "u", "a", (0, 0), "Medium", &[weapon])],
        ))
    };
    let ranged = with(
        "d20_srd",
        r#"(name: "Bow", kind: Ranged, attack: 1, damage: "1d8", damage_types: [Piercing], range_increment: 100, reach_weapon: true)"#,
    );
    assert!(
        ranged.len() == 1 && ranged[0].contains("only a melee weapon can be a reach weapon"),
        "{ranged:?}"
    );
    let no_reach = with(
        "d20_srd",
        r#"(name: "Glaive", kind: Melee, attack: 1, damage: "1d10", damage_types: [Slashing], reach_weapon: true)"#,
    );
    assert!(
        no_reach.len() == 1 && no_reach[0].contains("needs its `reach`"),
        "{no_reach:?}"
    );
    let short = with(
        "d20_modern",
        r#"(name: "Glaive", kind: Melee, attack: 1, damage: "1d10", damage_types: [Slashing], reach: 5, reach_weapon: true)"#,
    );
    assert!(
        short.len() == 1 && short[0].contains("no farther than `u`'s natural reach of 5 ft"),
        "{short:?}"
    );
    let saga = errors(&open_field(
        "saga",
        4,
        4,
        &[r#"(id: "u", side: "a", at: (0, 0), speed: (land: 30), defenses: (reflex: 10, fortitude: 10, will: 10), health: (hp: 10),
              weapons: [(name: "Force pike", kind: Melee, attack: 1, damage: "2d8", damage_types: [Piercing], reach: 10, reach_weapon: true)])"#
            .to_string()],
    ));
    assert!(
        saga.len() == 1 && saga[0].contains("reach weapons are not in"),
        "{saga:?}"
    );
    // Used rightly it validates.
    assert!(with("d20_srd", LONGSPEAR).is_empty());
}
