//! Benchmark of the action bar's verdicts, which the GUI recomputes whenever the battle or
//! the chosen weapon changes: `gui::views::bar::availability` (every action asked
//! of `rules::options`) against the way the GUI did it before it asked the options list (its
//! own candidate lists, kept here as the baseline: one `check` per neighbouring square for a
//! move, one per foe for an attack, one per foe's corner for an area, …). Shipped scenarios
//! and a generated 64×64 battle with 200 units, on the unit's fresh turn and after its
//! standard action is spent (where every aim is refused and no verdict stops early). Plain
//! `std::time` medians, new and old alternating in the same run; figures and method in
//! docs/performance.md.

mod common;

use common::{Rng, median};
use fivefoot::grid::{Direction8, Intersection, Square};
use fivefoot::gui::state::action::Action;
use fivefoot::gui::views::bar::availability;
use fivefoot::rules::area::options::area_weapon;
use fivefoot::rules::maneuver::options::{MANEUVERS, maneuver_of};
use fivefoot::rules::options;
use fivefoot::rules::reactions::threat::space_of;
use fivefoot::rules::sequence::options::{READY_KINDS, READY_TRIGGERS};
use fivefoot::rules::vehicle::options::vehicle_verdict;
use fivefoot::rules::{Combat, GameCommand, UnitId, cmd};
use fivefoot::testing::{Battle, battle, ok, pass_until_turn_of};
use std::time::{Duration, Instant};

/// The commands the GUI checked for one action before it asked `rules::options` (its
/// `Action::candidates`, as it was).
fn old_candidates(action: Action, world: &bevy::prelude::World, unit: &UnitId) -> Vec<GameCommand> {
    let combat = world.resource::<Combat>();
    let u = || unit.clone();
    let foes = || options::foes_of(world, unit);
    match action {
        Action::ActNow => combat
            .delaying
            .iter()
            .map(|d| GameCommand::ActNow(cmd::ActNow { unit: d.unit.clone() }))
            .collect(),
        Action::FireReadied => combat
            .readied
            .iter()
            .map(|r| GameCommand::FireReadied(cmd::FireReadied { unit: r.unit.clone() }))
            .collect(),
        Action::Proceed => vec![GameCommand::Proceed(cmd::Proceed)],
        Action::Move => {
            let at = space_of(world, unit).map_or(Square::new(0, 0), |s| s.at);
            (-1..=1)
                .flat_map(|dy| (-1..=1).map(move |dx| Square::new(at.x + dx, at.y + dy)))
                .filter(|sq| *sq != at)
                .map(|to| {
                    GameCommand::Move(cmd::Move {
                        unit: u(),
                        to,
                        path: None,
                        mode: fivefoot::rules::MoveMode::Move,
                    })
                })
                .collect()
        }
        Action::Attack => foes()
            .into_iter()
            .map(|target| {
                GameCommand::Attack(cmd::Attack {
                    unit: u(),
                    target,
                    weapon: None,
                    defensively: false,
                    mount: None,
                })
            })
            .collect(),
        Action::FullAttack => foes()
            .into_iter()
            .map(|t| {
                GameCommand::FullAttack(cmd::FullAttack {
                    unit: u(),
                    targets: vec![t],
                    weapon: None,
                    weapons: Vec::new(),
                    defensively: false,
                })
            })
            .collect(),
        Action::Charge => foes()
            .into_iter()
            .map(|target| {
                GameCommand::Charge(cmd::Charge {
                    unit: u(),
                    target,
                    to: None,
                    weapon: None,
                })
            })
            .collect(),
        Action::Maneuver => MANEUVERS
            .iter()
            .filter_map(|k| maneuver_of(*k).ok())
            .flat_map(|maneuver| {
                foes().into_iter().map(move |target| {
                    GameCommand::Maneuver(cmd::Maneuver {
                        unit: u(),
                        target,
                        maneuver: maneuver.clone(),
                        weapon: None,
                    })
                })
            })
            .collect(),
        Action::Area => {
            let Some(weapon) = area_weapon(world, unit, None) else {
                return Vec::new();
            };
            let directed = weapon.area.is_some_and(|a| a.shape.directed());
            let command = |at: Intersection, dir: Option<Direction8>| {
                GameCommand::AreaAttack(cmd::AreaAttack {
                    unit: u(),
                    weapon: weapon.name.clone(),
                    at,
                    dir,
                })
            };
            match (directed, space_of(world, unit)) {
                (true, Some(me)) => {
                    let side = me.side as i32;
                    [(0, 0), (side, 0), (0, side), (side, side)]
                        .iter()
                        .flat_map(|(dx, dy)| {
                            Direction8::ALL.map(|d| command(Intersection::new(me.at.x + dx, me.at.y + dy), Some(d)))
                        })
                        .collect()
                }
                (true, None) => Vec::new(),
                (false, _) => foes()
                    .iter()
                    .filter_map(|f| space_of(world, f))
                    .map(|s| command(Intersection::new(s.at.x, s.at.y), None))
                    .collect(),
            }
        }
        Action::Defensive => vec![GameCommand::FightDefensively(cmd::FightDefensively {
            unit: u(),
            no_attacks: false,
        })],
        Action::TotalDefense => vec![GameCommand::TotalDefense(cmd::TotalDefense { unit: u() })],
        Action::StandUp => vec![GameCommand::StandUp(cmd::StandUp { unit: u() })],
        Action::DropProne => vec![GameCommand::DropProne(cmd::DropProne { unit: u() })],
        Action::Ready => READY_KINDS
            .iter()
            .map(|k| {
                GameCommand::Ready(cmd::Ready {
                    unit: u(),
                    action: *k,
                    trigger: READY_TRIGGERS[0].into(),
                })
            })
            .collect(),
        Action::Delay => vec![GameCommand::Delay(cmd::Delay { unit: u() })],
        Action::Recover => vec![
            GameCommand::StayInTheFight(cmd::StayInTheFight { unit: u() }),
            GameCommand::Stabilize(cmd::Stabilize { unit: u() }),
            GameCommand::SecondWind(cmd::SecondWind { unit: u() }),
            GameCommand::Recover(cmd::Recover { unit: u() }),
        ],
        // The old vehicle verdict is the one `rules::options` now holds, unchanged.
        Action::Vehicle | Action::More => Vec::new(),
        Action::EndTurn => vec![GameCommand::EndTurn(cmd::EndTurn { unit: u() })],
    }
}

/// The bar as the GUI computed it before (the baseline).
fn old_availability(world: &bevy::prelude::World, unit: &UnitId) -> Vec<(Action, Result<(), String>)> {
    Action::ALL
        .into_iter()
        .map(|action| {
            let verdict = match action {
                Action::Vehicle => vehicle_verdict(world, unit),
                // The list it opens was not in the old bar; like the new one, it asks nothing.
                Action::More => Ok(()),
                _ => options::any_allowed(world, &old_candidates(action, world, unit), "-"),
            };
            (action, verdict)
        })
        .collect()
}

/// `size`² floor squares (30 % difficult), the mover (a knife and a frag grenade) in the middle
/// and 200 claw-armed units around it, half of them its foes.
fn crowd(size: usize) -> String {
    let mut rng = Rng(0x0a_c710 + size as u64);
    let mut rows = vec![vec!['.'; size]; size];
    for row in rows.iter_mut() {
        for c in row.iter_mut() {
            if rng.below(100) < 30 {
                *c = '~';
            }
        }
    }
    let centre = size / 2;
    let mut units = vec![format!(
        "(id: \"mover\", side: \"a\", at: ({centre}, {centre}), speed: (land: 30), initiative: 30, defenses: (eac: 10, kac: 10), health: (hp: 20), \
         weapons: [(name: \"Knife\", kind: Melee, attack: 2, damage: \"1d4\", damage_types: [Slashing]), \
                   (name: \"Frag grenade\", kind: Thrown, attack: 1, damage: \"1d6\", damage_types: [Piercing], range_increment: 20, area: (shape: Burst, size_ft: 10), save_dc: 13)])"
    )];
    let mut placed = std::collections::BTreeSet::from([(centre, centre)]);
    while units.len() < 201 {
        let (x, y) = (rng.below(size as i32) as usize, rng.below(size as i32) as usize);
        if !placed.insert((x, y)) {
            continue;
        }
        let side = if units.len() % 2 == 0 { "a" } else { "b" };
        units.push(format!(
            "(id: \"u{}\", side: \"{side}\", at: ({x}, {y}), speed: (land: 30), defenses: (eac: 10, kac: 10), health: (hp: 20), weapons: [(name: \"Claw\", kind: Melee, attack: 1, damage: \"1d4\", damage_types: [Slashing])])",
            units.len()
        ));
    }
    let rows: Vec<String> = rows
        .iter()
        .map(|r| format!("\"{}\"", r.iter().collect::<String>()))
        .collect();
    format!(
        r##"Scenario(version: 1, name: "bench", ruleset: "starfinder",
    map: (rows: [{}], legend: {{ '.': (terrain: Floor), '~': (terrain: Difficult) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}])"##,
        rows.join(",\n"),
        units.join(",\n")
    )
}

/// Times the new and the old bar alternately, `runs` samples each after a warm-up, and
/// prints both medians and their ratio; checks first that they agree where they must.
fn compare(name: &str, b: &Battle, unit: &str, runs: usize) {
    let world = b.world();
    let unit = UnitId::from(unit);
    let new = availability(world, Some(&unit), None, None);
    let old = old_availability(world, &unit);
    // The verdicts may differ only where the options list offers more than the old lists did
    // (every square in reach, every corner of a foe, each weapon): never allowed before and
    // refused now.
    for ((action, n), (_, o)) in new.iter().zip(&old) {
        assert!(!(o.is_ok() && n.is_err()), "{name}: {action:?} was allowed, now {n:?}");
    }
    let (mut new_t, mut old_t) = (Vec::new(), Vec::new());
    for i in 0..runs + runs / 10 + 1 {
        let t = Instant::now();
        std::hint::black_box(availability(world, Some(&unit), None, None));
        let n = t.elapsed();
        let t = Instant::now();
        std::hint::black_box(old_availability(world, &unit));
        let o = t.elapsed();
        if i > runs / 10 {
            new_t.push(n);
            old_t.push(o);
        }
    }
    let (n, o): (Duration, Duration) = (median(new_t), median(old_t));
    println!(
        "{name:<48} options {:>9.1} µs | old lists {:>9.1} µs | ratio {:.2}",
        n.as_secs_f64() * 1e6,
        o.as_secs_f64() * 1e6,
        n.as_secs_f64() / o.as_secs_f64()
    );
}

/// Spends `unit`'s standard action (total defense), so every attack and area aim is refused.
fn spent(mut b: Battle, unit: &str) -> Battle {
    ok(
        &mut b,
        GameCommand::TotalDefense(cmd::TotalDefense {
            unit: UnitId::from(unit),
        }),
    );
    b
}

fn main() {
    let shipped = |file: &str| std::fs::read_to_string(format!("scenarios/{file}")).expect("a shipped scenario");
    let salvage = shipped("starfinder_salvage_yard.ron");
    let raid = shipped("starfinder_buggy_raid.ron");
    let keep = shipped("d20_srd_ruined_keep.ron");
    let turn_of = |text: &str, unit: &str| {
        let mut b = battle(text, &[]);
        pass_until_turn_of(&mut b, unit);
        b
    };
    let pip = turn_of(&salvage, "pip");
    compare("salvage yard, pip (area weapon)", &pip, "pip", 100);
    compare("salvage yard, pip, standard spent", &spent(pip, "pip"), "pip", 100);
    let buddy = turn_of(&raid, "buddy");
    compare("buggy raid, buddy (pilot: vehicle orders)", &buddy, "buddy", 30);
    let keep_b = battle(&keep, &[]);
    let first = keep_b.world().resource::<Combat>().active.clone().expect("a turn");
    compare(&format!("ruined keep, {first}"), &keep_b, &first.0, 100);
    let crowd_text = crowd(64);
    let mover = turn_of(&crowd_text, "mover");
    compare("64² crowd, 200 units, mover", &mover, "mover", 30);
    compare("64² crowd, mover, standard spent", &spent(mover, "mover"), "mover", 30);
}
