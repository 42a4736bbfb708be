//! Movement and attacks of opportunity through the command path (RULES.md §5, §7, §8):
//! worked examples WE-01, WE-02, WE-04, WE-08 to WE-10, WE-13 and WE-14.

use super::support::*;
use fivefoot::grid::Square;
use fivefoot::history::Battle;
use fivefoot::rules::{GameCommand, GameEvent, MoveMode};
use fivefoot::rules::{HealthEvent, MovementEvent, ReactionEvent, cmd};
use fivefoot::testing::{battle, ok};

/// A scenario from ASCII rows: `#` wall, `~` difficult, `=` low object, `.` floor; units
/// are given as RON unit entries.
fn map_scenario(family: &str, rows: &[&str], units: &[String]) -> String {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (rows: [{}], legend: {{ '.': (terrain: Floor), '#': (terrain: Wall), '~': (terrain: Difficult), '=': (terrain: LowObstacle) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}],
)"##,
        rows.join(", "),
        units.join(", ")
    )
}

/// A unit entry with the stats `family` needs: lots of health so attacks of opportunity
/// never drop it, a melee weapon with `reach` feet.
fn fighter(family: &str, id: &str, side: &str, at: (i32, i32), reach: u32, size: &str) -> String {
    let (defenses, health) = match family {
        "starfinder" => ("(eac: 10, kac: 10)", "(hp: 500, rp: 3)"),
        "saga" => ("(reflex: 10, fortitude: 10, will: 10)", "(hp: 500)"),
        "d20_modern" => ("(defense: 10)", "(hp: 500)"),
        _ => ("(ac: 10)", "(hp: 500)"),
    };
    format!(
        r#"(id: "{id}", side: "{side}", at: ({}, {}), size: {size}, speed: (land: 30), defenses: {defenses}, health: {health},
           weapons: [(name: "Blade", kind: Melee, attack: 0, damage: "1d4", damage_types: [Slashing], reach: {reach})])"#,
        at.0, at.1
    )
}

fn mv(unit: &str, path: &[(i32, i32)], mode: MoveMode) -> GameCommand {
    let path: Vec<Square> = path.iter().map(|(x, y)| Square::new(*x, *y)).collect();
    GameCommand::Move(cmd::Move {
        unit: unit.into(),
        to: *path.last().unwrap(),
        path: Some(path),
        mode,
    })
}

fn goto(unit: &str, to: (i32, i32), mode: MoveMode) -> GameCommand {
    GameCommand::Move(cmd::Move {
        unit: unit.into(),
        to: Square::new(to.0, to.1),
        path: None,
        mode,
    })
}

fn steps_ft(events: &[GameEvent]) -> Vec<u32> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Movement(MovementEvent::UnitStepped { cost_ft, .. }) => Some(*cost_ft),
            _ => None,
        })
        .collect()
}

fn aoo_reactors(events: &[GameEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { reactor, .. }) => Some(reactor.0.clone()),
            _ => None,
        })
        .collect()
}

fn at(b: &Battle, unit: &str) -> Square {
    fivefoot::rules::reactions::threat::space_of(b.world(), &unit.into())
        .unwrap()
        .at
}

/// Ends turns until `unit` is active (the others act first, so they can react later).
fn until(b: &mut Battle, unit: &str) {
    for _ in 0..20 {
        match active(b) {
            Some(a) if a == unit => return,
            Some(a) => {
                ok(b, end_turn(&a));
            }
            None => panic!("no active unit"),
        }
    }
    panic!("{unit} never became active");
}

/// WE-01 (MOV-3, MOV-4, MOV-9): Altronus pays 5, 5, 10, 10, 15 ft; 45 ft needs two move actions.
#[test]
fn we_01_altronus_pays_for_diagonals_and_difficult_terrain() {
    // Steps: orthogonal, diagonal, diagonal (clear), orthogonal into (4, 1) and diagonal into
    // (5, 0), both difficult.
    let text = map_scenario(
        "starfinder",
        &[".....~", "....~.", "......", "......"],
        &[fighter("starfinder", "altronus", "a", (0, 3), 5, "Medium")],
    );
    let mut b = battle(&text, &[10]);
    let path = [(1, 3), (2, 2), (3, 1), (4, 1), (5, 0)];
    let refused = b.submit(mv("altronus", &path, MoveMode::Move)).unwrap_err().to_string();
    assert_eq!(refused, "the path costs 45 ft but a move action allows 30 ft");
    let events = ok(&mut b, mv("altronus", &path, MoveMode::Double));
    assert_eq!(steps_ft(&events), vec![5, 5, 10, 10, 15]);
    assert_eq!(at(&b, "altronus"), Square::new(5, 0));
}

/// WE-02 (MOV-10): no diagonal past a hard corner; the way around costs 20 ft.
#[test]
fn we_02_ksarik_goes_around_the_hard_corner() {
    let text = map_scenario(
        "starfinder",
        &[".#..", ".#..", "....", "...."],
        &[fighter("starfinder", "ksarik", "b", (0, 1), 10, "Medium")],
    );
    let mut b = battle(&text, &[10]);
    let refused = b
        .submit(mv("ksarik", &[(1, 2), (2, 1)], MoveMode::Move))
        .unwrap_err()
        .to_string();
    assert!(refused.contains("hard corner"), "{refused}");
    let events = ok(&mut b, goto("ksarik", (2, 1), MoveMode::Move));
    assert_eq!(steps_ft(&events).iter().sum::<u32>(), 20);
}

/// WE-04 (MOV-3 saga): difficult terrain costs 2 squares orthogonally and 4 diagonally, as
/// does a diagonal through Low Objects.
#[test]
fn we_04_saga_diagonals_and_difficult_terrain() {
    let rows = ["......", "......", "......", "...~~.", "...~=."];
    let step = |from: (i32, i32), to: (i32, i32)| {
        let text = map_scenario("saga", &rows, &[fighter("saga", "han", "a", from, 5, "Medium")]);
        let mut b = battle(&text, &[10]);
        steps_ft(&ok(&mut b, mv("han", &[to], MoveMode::Move)))
    };
    assert_eq!(
        step((2, 3), (3, 3)),
        vec![10],
        "orthogonal into difficult terrain: 2 squares"
    );
    assert_eq!(
        step((2, 2), (3, 3)),
        vec![20],
        "diagonal into difficult terrain: 4 squares"
    );
    assert_eq!(step((5, 3), (4, 4)), vec![20], "diagonal into a Low Object: 4 squares");
    assert_eq!(step((0, 0), (1, 1)), vec![10], "a clear diagonal: 2 squares");
}

/// WE-04 (a): three clear saga diagonals are 6 squares, a whole move action at speed 6.
#[test]
fn we_04_three_saga_diagonals_use_a_whole_move_action() {
    let text = map_scenario(
        "saga",
        &["....", "....", "....", "...."],
        &[fighter("saga", "han", "a", (0, 0), 5, "Medium")],
    );
    let mut b = battle(&text, &[10]);
    let events = ok(&mut b, mv("han", &[(1, 1), (2, 2), (3, 3)], MoveMode::Move));
    assert_eq!(steps_ft(&events).iter().sum::<u32>(), 30);
}

/// The ksarik (reach 10) and the goblin (reach 5) of the starfinder AoO diagrams, who have
/// both acted already, and Altronus or Navasi at `hero_at`.
fn aoo_diagram(hero: &str, hero_at: (i32, i32)) -> Battle {
    let rows = [".........."; 8];
    let units = [
        fighter("starfinder", "ksarik", "b", (5, 2), 10, "Medium"),
        fighter("starfinder", "goblin", "b", (7, 2), 5, "Small"),
        fighter("starfinder", hero, "a", hero_at, 5, "Medium"),
    ];
    let text = map_scenario("starfinder", &rows, &units);
    // Units roll in id order; the monsters roll high so they act (and can react) first.
    let mut ids = ["goblin", "ksarik", hero];
    ids.sort();
    let dice: Vec<u32> = ids.iter().map(|id| if *id == hero { 1 } else { 20 }).collect();
    let mut b = battle(&text, &dice);
    until(&mut b, hero);
    b
}

/// WE-08 (AOO-1): a route that never leaves a threatened square provokes nothing.
#[test]
fn we_08_safe_approach_provokes_no_attack() {
    let mut b = aoo_diagram("altronus", (0, 2));
    let events = ok(&mut b, mv("altronus", &[(1, 2), (2, 2), (3, 2)], MoveMode::Move));
    assert!(aoo_reactors(&events).is_empty());
}

/// WE-09 (AOO-1, §8.3): leaving squares threatened by both gives one attack from each.
#[test]
fn we_09_leaving_squares_threatened_by_both_provokes_each_once() {
    let mut b = aoo_diagram("altronus", (4, 5));
    let events = ok(
        &mut b,
        mv("altronus", &[(5, 4), (6, 3), (7, 4), (8, 4)], MoveMode::Move),
    );
    assert_eq!(aoo_reactors(&events), vec!["ksarik".to_string(), "goblin".to_string()]);
}

/// WE-10 (§5.9, §4.3.2): withdrawing, the start square is safe but the next square still in
/// the ksarik's reach provokes it; a guarded step provokes nothing.
#[test]
fn we_10_withdraw_past_a_reach_creature_and_guarded_step() {
    let mut b = aoo_diagram("navasi", (6, 3));
    let events = ok(&mut b, mv("navasi", &[(6, 4), (6, 5), (6, 6)], MoveMode::Withdraw));
    assert_eq!(aoo_reactors(&events), vec!["ksarik".to_string()]);
    let mut b = aoo_diagram("navasi", (6, 3));
    let events = ok(&mut b, mv("navasi", &[(6, 4)], MoveMode::GuardedStep));
    assert!(aoo_reactors(&events).is_empty());
}

/// WE-13 (saga): Luke leaves Royal Guard B's threatened square once: exactly one attack.
#[test]
fn we_13_luke_provokes_one_attack() {
    let rows = [".........."; 5];
    let units = [
        fighter("saga", "guard_a", "b", (5, 2), 5, "Medium"),
        fighter("saga", "guard_b", "b", (2, 2), 5, "Medium"),
        fighter("saga", "luke", "a", (3, 2), 5, "Medium"),
    ];
    let mut b = battle(&map_scenario("saga", &rows, &units), &[20, 19, 1]);
    until(&mut b, "luke");
    let events = ok(&mut b, goto("luke", (4, 2), MoveMode::Move));
    assert_eq!(aoo_reactors(&events), vec!["guard_b".to_string()]);
}

/// WE-14 (saga §8.3): Mace Windu leaves two Tusken Raiders and crosses the Rancor's reach:
/// one attack of opportunity from each of the three.
#[test]
fn we_14_mace_windu_provokes_three_attacks() {
    let rows = [".........."; 7];
    let units = [
        fighter("saga", "rancor", "b", (6, 2), 10, "Large"),
        fighter("saga", "tusken_a", "b", (1, 2), 5, "Medium"),
        fighter("saga", "tusken_b", "b", (2, 1), 5, "Medium"),
        fighter("saga", "windu", "a", (2, 2), 5, "Medium"),
    ];
    let mut b = battle(&map_scenario("saga", &rows, &units), &[20, 19, 18, 1]);
    until(&mut b, "windu");
    let events = ok(&mut b, mv("windu", &[(3, 2), (4, 2), (5, 2)], MoveMode::Move));
    let mut reactors = aoo_reactors(&events);
    reactors.sort();
    assert_eq!(
        reactors,
        vec!["rancor".to_string(), "tusken_a".to_string(), "tusken_b".to_string()]
    );
}

/// MOV-11: a move may pass an ally but never end in a square of a creature that is not helpless.
#[test]
fn mov_11_pass_an_ally_but_never_end_in_its_square() {
    let units = [
        fighter("starfinder", "a1", "a", (0, 0), 5, "Medium"),
        fighter("starfinder", "a2", "a", (1, 0), 5, "Medium"),
    ];
    let mut b = battle(&map_scenario("starfinder", &["....", "####"], &units), &[20, 1]);
    assert!(
        b.submit(mv("a1", &[(1, 0)], MoveMode::Move))
            .unwrap_err()
            .to_string()
            .contains("end")
    );
    let events = ok(&mut b, mv("a1", &[(1, 0), (2, 0)], MoveMode::Move));
    assert_eq!(steps_ft(&events), vec![5, 5]);
}

/// §4.3.2: a prone unit must stand up (a move action) or crawl.
#[test]
fn prone_units_stand_up_before_moving() {
    let units = [fighter("starfinder", "a1", "a", (0, 0), 5, "Medium")
        .replace("size: Medium", "size: Medium, conditions: [Prone]")];
    let mut b = battle(&map_scenario("starfinder", &["....", "...."], &units), &[10]);
    assert!(
        b.submit(goto("a1", (1, 0), MoveMode::Move))
            .unwrap_err()
            .to_string()
            .contains("prone")
    );
    ok(&mut b, goto("a1", (1, 0), MoveMode::Crawl));
    ok(&mut b, GameCommand::StandUp(cmd::StandUp { unit: "a1".into() })); // paid with the standard action
    assert!(
        b.submit(goto("a1", (2, 0), MoveMode::Move)).is_err(),
        "no action left to move with"
    );
    let mut b = battle(&map_scenario("starfinder", &["....", "...."], &units), &[10]);
    ok(&mut b, GameCommand::StandUp(cmd::StandUp { unit: "a1".into() }));
    ok(&mut b, goto("a1", (3, 0), MoveMode::Move));
}

/// MOV-9, MOV-2: every square of the one-move and double-move reach has a planned path of
/// exactly that cost, on every shipped scenario and for every unit.
#[test]
fn reach_costs_match_planned_paths_on_shipped_scenarios() {
    use fivefoot::grid::{Planner, reach};
    use fivefoot::rules::movement::board::board_for;
    use fivefoot::rules::movement::plan_move;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut b = battle(&text, &[]);
        // A vehicle chase (§26) has no grid movement.
        if b.world().get_resource::<fivefoot::rules::chase::Chase>().is_some() {
            continue;
        }
        // The first unit on foot to act: one aboard a vehicle moves only with it (§25.9).
        let aboard = |b: &fivefoot::history::Battle| {
            active(b).is_some_and(|u| {
                let world = b.world();
                let e = world.resource::<fivefoot::rules::UnitIndex>().0[&fivefoot::rules::UnitId(u)];
                world.get::<fivefoot::rules::vehicle::Aboard>(e).is_some()
            })
        };
        // Nor does one the rules let move nowhere (a helpless sleeper).
        let cannot_act = |b: &fivefoot::history::Battle| {
            active(b).is_some_and(|u| {
                let move_kind = fivefoot::rules::options::OptionKind::Move;
                fivefoot::rules::options::verdict(b.world(), &fivefoot::rules::UnitId(u), move_kind, None).is_err()
            })
        };
        while round(&b) == 0 || (round(&b) == 1 && (aboard(&b) || cannot_act(&b))) {
            let a = active(&b).unwrap();
            ok(&mut b, end_turn(&a));
        }
        let Some(unit) = active(&b) else { continue };
        let world = b.world();
        let id = fivefoot::rules::UnitId(unit.clone());
        let layers = board_for(world, &id);
        let board = layers.board(world);
        let from = fivefoot::rules::reactions::threat::space_of(world, &id).unwrap().at;
        let e = world.resource::<fivefoot::rules::UnitIndex>().0[&id];
        let speed = world.get::<fivefoot::rules::Profile>(e).unwrap().speed.land / 5;
        let map = reach(&mut Planner::new(), &board, from, 0, 2 * speed);
        for (sq, cost) in map.iter().filter(|(sq, _)| *sq != from) {
            let mode = if cost <= speed {
                MoveMode::Move
            } else {
                MoveMode::Double
            };
            let plan = plan_move(world, &id, sq, None, mode, false)
                .unwrap_or_else(|e| panic!("{}: {unit} to {sq}: {e}", path.display()));
            assert_eq!(plan.cost_ft, cost * 5, "{}: {unit} to {sq}", path.display());
        }
        ok(&mut b, end_turn(&unit));
    }
}

/// §5.6, MOV-7: a run is a straight line up to 4 × speed and never crosses difficult terrain.
#[test]
fn run_is_straight_and_avoids_difficult_terrain() {
    let rows = [
        ".........................",
        "..........~..............",
        ".........................",
    ];
    let units = [fighter("starfinder", "a1", "a", (0, 0), 5, "Medium")];
    let mut b = battle(&map_scenario("starfinder", &rows, &units), &[10]);
    let events = ok(&mut b, goto("a1", (24, 0), MoveMode::Run));
    assert_eq!(steps_ft(&events).iter().sum::<u32>(), 120, "4 × 30 ft");
    let mut b = battle(&map_scenario("starfinder", &rows, &units), &[10]);
    let bent = b
        .submit(mv("a1", &[(1, 1), (2, 0)], MoveMode::Run))
        .unwrap_err()
        .to_string();
    assert!(bent.contains("straight line"), "{bent}");
    let units = [fighter("starfinder", "a1", "a", (0, 1), 5, "Medium")];
    let mut b = battle(&map_scenario("starfinder", &rows, &units), &[10]);
    let through = b.submit(goto("a1", (20, 1), MoveMode::Run)).unwrap_err().to_string();
    assert!(through.contains("difficult"), "{through}");
}

/// Speed and run of a unit built from `stats` (RON fields) in `family`.
fn speed_and_run(family: &str, stats: &str) -> (u32, u32) {
    let unit = fighter(family, "u", "a", (0, 0), 5, "Medium").replace("speed: (land: 30)", stats);
    let b = battle(&map_scenario(family, &["...."], &[unit]), &[10]);
    let world = b.world();
    let id = fivefoot::rules::UnitId::from("u");
    let e = world.resource::<fivefoot::rules::UnitIndex>().0[&id];
    let profile = world.get::<fivefoot::rules::Profile>(e).unwrap();
    let rules = world.resource::<fivefoot::ruleset::Ruleset>();
    let conditions = fivefoot::rules::health::conditions::effective_conditions(world, &id);
    let speed = fivefoot::rules::movement::speed::land_speed_ft(
        rules,
        profile,
        &conditions,
        world.get::<fivefoot::rules::Health>(e),
    );
    (
        speed,
        speed * fivefoot::rules::movement::speed::run_multiple(rules, profile),
    )
}

/// WE-06 (saga §5.1): Medium or Heavy armor or a Heavy Load: 6 → 4 and 4 → 3 squares; run ×3
/// in Heavy Armor or with a Heavy Load.
#[test]
fn we_06_saga_armor_and_load_slow_to_three_quarters() {
    assert_eq!(speed_and_run("saga", "speed: (land: 30), armor: Medium").0, 20);
    assert_eq!(speed_and_run("saga", "speed: (land: 20), armor: Medium").0, 15);
    assert_eq!(speed_and_run("saga", "speed: (land: 30), armor: Heavy"), (20, 60));
    assert_eq!(speed_and_run("saga", "speed: (land: 30), load: Heavy"), (20, 60));
    assert_eq!(speed_and_run("saga", "speed: (land: 30), armor: Light"), (30, 120));
}

/// WE-07 (d20_srd §5.1): dwarves keep 20 ft in any armor; humans 30 → 20, halflings 20 → 15;
/// running in heavy armor is ×3.
#[test]
fn we_07_d20_srd_racial_speeds_in_armor() {
    assert_eq!(
        speed_and_run("d20_srd", "speed: (land: 20), armor: Heavy, species: \"dwarf\""),
        (20, 60)
    );
    assert_eq!(
        speed_and_run("d20_srd", "speed: (land: 30), armor: Heavy, species: \"human\""),
        (20, 60)
    );
    assert_eq!(
        speed_and_run("d20_srd", "speed: (land: 20), armor: Medium, species: \"halfling\""),
        (15, 60)
    );
}

/// §5.1 starfinder: encumbered −10 ft, overburdened 5 ft.
#[test]
fn starfinder_encumbrance_slows_all_speeds() {
    assert_eq!(
        speed_and_run("starfinder", "speed: (land: 30), conditions: [Encumbered]").0,
        20
    );
    assert_eq!(
        speed_and_run("starfinder", "speed: (land: 30), conditions: [Overburdened]").0,
        5
    );
}

fn charge(unit: &str, target: &str) -> GameCommand {
    GameCommand::Charge(cmd::Charge {
        unit: unit.into(),
        target: target.into(),
        to: None,
        weapon: None,
    })
}

/// WE-50 (MOV-19): an ally on the line forbids the charge; an adjacent target is too close;
/// a clear charge over 20 ft attacks at −2 and leaves the charger at −2 AC until its turn.
#[test]
fn we_50_starfinder_charge_legality() {
    let rows = [".......", "......."];
    let hero = fighter("starfinder", "hero", "a", (0, 0), 5, "Medium");
    let ally = fighter("starfinder", "ally", "a", (1, 0), 5, "Medium");
    let foe = |x| fighter("starfinder", "foe", "b", (x, 0), 5, "Medium");
    let mut b = battle(
        &map_scenario("starfinder", &rows, &[hero.clone(), ally.clone(), foe(3)]),
        &[1, 5, 20],
    );
    let blocked = b.submit(charge("hero", "foe")).unwrap_err().to_string();
    assert!(blocked.contains("ally is in the way"), "{blocked}");
    let mut b = battle(&map_scenario("starfinder", &rows, &[hero.clone(), foe(1)]), &[5, 20]);
    let close = b.submit(charge("hero", "foe")).unwrap_err().to_string();
    assert!(close.contains("at least 10 ft"), "{close}");
    let mut b = battle(&map_scenario("starfinder", &rows, &[hero, foe(5)]), &[5, 20, 10, 3]);
    let events = ok(&mut b, charge("hero", "foe"));
    assert_eq!(steps_ft(&events), vec![5, 5, 5, 5]);
    let attack = &attack_rolls(&events)[0];
    assert!(attack.modifiers.iter().any(|m| m.value == -2 && m.source == "charge"));
    let effects = &b.world().resource::<fivefoot::rules::Combat>().effects;
    assert!(
        effects
            .iter()
            .any(|e| e.name == "charging" && e.defense == -2 && e.target.0 == "hero")
    );
    assert!(
        b.submit(goto("hero", (3, 1), MoveMode::Move)).is_err(),
        "a charge is a full action"
    );
}

/// WE-51 (saga §5.8), the charge half: a Standard Action over 2 to 6 squares in a straight
/// line, +2 to the attack, −2 Reflex until the next turn, and no further actions.
#[test]
fn we_51_saga_charge_standard_action_plus_two() {
    let rows = ["........", "........"];
    let units = [
        fighter("saga", "hero", "a", (0, 0), 5, "Medium"),
        fighter("saga", "foe", "b", (5, 0), 5, "Medium"),
    ];
    let mut b = battle(&map_scenario("saga", &rows, &units), &[5, 20, 10, 3]);
    ok(&mut b, act("hero", fivefoot::ruleset::ActionKind::Swift));
    let events = ok(&mut b, charge("hero", "foe"));
    let attack = &attack_rolls(&events)[0];
    assert!(attack.modifiers.iter().any(|m| m.value == 2 && m.source == "charge"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Health(HealthEvent::ActionsForfeited { .. })))
    );
    assert!(
        b.submit(act("hero", fivefoot::ruleset::ActionKind::Swift)).is_err(),
        "no further actions"
    );
    let far = [
        fighter("saga", "hero", "a", (0, 0), 5, "Medium"),
        fighter("saga", "foe", "b", (8, 1), 5, "Medium"),
    ];
    let mut b = battle(&map_scenario("saga", &["..........", ".........."], &far), &[5, 20]);
    let too_far = b.submit(charge("hero", "foe")).unwrap_err().to_string();
    assert!(too_far.contains("at most 30 ft"), "{too_far}");
}

/// §5.8 in d20_srd and d20_modern (seeds 002/003 silent, so the d20 SRD's charge): a
/// full-round action over 2 squares to double speed along a clear line (an ally blocks it),
/// +2 on the attack, −2 AC until the next turn; in the surprise round, restricted to one
/// standard or move action, a partial charge as a standard action up to speed.
#[test]
fn d20_srd_charge_plus_two_and_partial_charge_in_the_surprise_round() {
    for family in ["d20_srd", "d20_modern"] {
        let rows = ["..........", ".........."];
        let hero = fighter(family, "hero", "a", (0, 0), 5, "Medium");
        let ally = fighter(family, "ally", "a", (1, 0), 5, "Medium");
        let foe = |x| fighter(family, "foe", "b", (x, 0), 5, "Medium");
        let mut b = battle(&map_scenario(family, &rows, &[hero.clone(), ally, foe(3)]), &[1, 5, 20]);
        let blocked = b.submit(charge("hero", "foe")).unwrap_err().to_string();
        assert!(blocked.contains("ally is in the way"), "{family}: {blocked}");
        let mut b = battle(&map_scenario(family, &rows, &[hero.clone(), foe(9)]), &[5, 20, 10, 3]);
        let events = ok(&mut b, charge("hero", "foe"));
        assert_eq!(steps_ft(&events).len(), 8, "{family}: 40 ft of the 60 allowed");
        let attack = &attack_rolls(&events)[0];
        assert!(
            attack.modifiers.iter().any(|m| m.value == 2 && m.source == "charge"),
            "{family}"
        );
        let effects = &b.world().resource::<fivefoot::rules::Combat>().effects;
        assert!(
            effects
                .iter()
                .any(|e| e.name == "charging" && e.defense == -2 && e.target.0 == "hero")
        );
        // The surprise round: the foe is unaware, the hero may take one standard or move
        // action, so it charges as a standard action, at most its speed (30 ft).
        let unaware = |x| foe(x).replacen("(id: \"foe\"", "(id: \"foe\", aware: false", 1);
        let mut b = battle(&map_scenario(family, &rows, &[hero.clone(), unaware(9)]), &[5, 20]);
        assert!(b.world().resource::<fivefoot::rules::Combat>().surprise_round);
        let far = b.submit(charge("hero", "foe")).unwrap_err().to_string();
        assert!(far.contains("at most 30 ft"), "{family}: {far}");
        let mut b = battle(
            &map_scenario(family, &rows, &[hero.clone(), unaware(6)]),
            &[5, 20, 10, 3],
        );
        let events = ok(&mut b, charge("hero", "foe"));
        assert_eq!(steps_ft(&events).len(), 5, "{family}: a partial charge of 25 ft");
    }
}

/// §4.3.2 guarded step (starfinder 001:943-946; the d20 families' 5-ft step by the engine's
/// default): the options list offers a step to each square around the unit that the rules
/// allow, and stepping out of a foe's reach that way provokes no attack of opportunity,
/// where a plain move would (AOO-1). saga has no such step: the kind is absent.
#[test]
fn guarded_step_is_offered_and_does_not_provoke() {
    use fivefoot::rules::options::OptionKind;
    for family in ["starfinder", "d20_srd", "d20_modern"] {
        let rows = ["....", "....", "...."];
        let units = [
            fighter(family, "hero", "a", (1, 1), 5, "Medium"),
            fighter(family, "foe", "b", (2, 1), 5, "Medium"),
        ];
        let text = map_scenario(family, &rows, &units);
        // The foe acts first (initiative in id order: foe 20, hero 5), so it is no longer
        // flat-footed and may take attacks of opportunity.
        let start = |dice: &[u32]| {
            let mut b = battle(&text, dice);
            ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: "foe".into() }));
            b
        };
        let b = start(&[20, 5]);
        let list = fivefoot::rules::options(b.world(), &"hero".into()).unwrap();
        let steps = list
            .options
            .iter()
            .find(|o| o.kind == OptionKind::GuardedStep)
            .expect("offered");
        let allowed: Vec<&GameCommand> = steps
            .choices
            .iter()
            .filter(|c| c.allowed())
            .map(|c| &c.command)
            .collect();
        assert_eq!(allowed.len(), 7, "{family}: every square around but the foe's");
        let back = allowed
            .iter()
            .find(|c| matches!(c, GameCommand::Move(m) if m.to == Square::new(0, 1)))
            .expect("a step away from the foe");
        let mut stepped = start(&[20, 5]);
        let events = ok(&mut stepped, (*back).clone());
        assert!(
            attack_rolls(&events).is_empty(),
            "{family}: a guarded step never provokes"
        );
        let mut walked = start(&[20, 5, 10, 3]);
        let events = ok(&mut walked, goto("hero", (0, 1), MoveMode::Move));
        assert_eq!(
            attack_rolls(&events).len(),
            1,
            "{family}: a plain move out of reach provokes"
        );
    }
    let units = [
        fighter("saga", "hero", "a", (1, 1), 5, "Medium"),
        fighter("saga", "foe", "b", (2, 1), 5, "Medium"),
    ];
    let b = battle(&map_scenario("saga", &["....", "...."], &units), &[5, 20]);
    let list = fivefoot::rules::options(b.world(), &"hero".into()).unwrap();
    assert!(
        list.options.iter().all(|o| o.kind != OptionKind::GuardedStep),
        "saga: no 5-ft step"
    );
}

fn fly(unit: &str, route: &[fivefoot::rules::movement::flight::FlyStep], double: bool) -> GameCommand {
    GameCommand::Fly(cmd::Fly {
        unit: unit.into(),
        route: route.to_vec(),
        double,
    })
}

/// WE-05 (MOV-14): 20 ft forward, a 45° turn (+5), one diagonal square (5), then 15 ft up at
/// 10 ft per square: 60 ft, the whole move action of a 60-ft flier.
#[test]
fn we_05_flying_sixty_feet_with_a_turn_and_a_climb() {
    use fivefoot::rules::movement::flight::FlyStep::{To, Up};
    let flier = fighter("starfinder", "bird", "a", (0, 5), 5, "Medium")
        .replace("speed: (land: 30)", "speed: (land: 30, fly: 60)");
    let rows = [".........."; 8];
    let mut b = battle(&map_scenario("starfinder", &rows, std::slice::from_ref(&flier)), &[10]);
    let route = [
        To(Square::new(1, 5)),
        To(Square::new(2, 5)),
        To(Square::new(3, 5)),
        To(Square::new(4, 5)),
        To(Square::new(5, 4)),
        Up,
        Up,
        Up,
    ];
    let events = ok(&mut b, fly("bird", &route, false));
    let legs: Vec<u32> = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Movement(MovementEvent::FlightLeg { cost_ft, .. }) => Some(*cost_ft),
            _ => None,
        })
        .collect();
    assert_eq!(legs, vec![5, 5, 5, 5, 10, 10, 10, 10]);
    let state = fivefoot::history::UnitSnapshot::of(b.world(), &"bird".into()).unwrap();
    assert_eq!((state.at, state.altitude_ft), (Square::new(5, 4), 15));
    // One more 5-ft square does not fit in the move action.
    let mut b = battle(&map_scenario("starfinder", &rows, &[flier]), &[10]);
    let mut longer = route.to_vec();
    longer.push(To(Square::new(6, 4)));
    let refused = b.submit(fly("bird", &longer, false)).unwrap_err().to_string();
    assert!(refused.contains("allows 60 ft"), "{refused}");
}

/// MOV-14 / ENV-1: climbing costs nothing extra in low or zero gravity and double extra in high.
#[test]
fn mov_14_gravity_changes_the_cost_of_climbing() {
    use fivefoot::rules::movement::flight::FlyStep::Up;
    let flier = fighter("starfinder", "bird", "a", (0, 0), 5, "Medium")
        .replace("speed: (land: 30)", "speed: (land: 30, fly: 60)");
    for (gravity, cost) in [("Zero", 5), ("Low", 5), ("Normal", 10), ("High", 15)] {
        let text = map_scenario("starfinder", &["...."], std::slice::from_ref(&flier)).replace(
            "ruleset: \"starfinder\",",
            &format!("ruleset: \"starfinder\", gravity: {gravity},"),
        );
        let mut b = battle(&text, &[10]);
        let events = ok(&mut b, fly("bird", &[Up], false));
        assert!(
            events.iter().any(
                |e| matches!(e, GameEvent::Movement(MovementEvent::FlightLeg { cost_ft, .. }) if *cost_ft == cost)
            ),
            "{gravity}"
        );
    }
}

/// A flier passes over an enemy and is out of a Medium enemy's 5-ft reach 2 squares up, but
/// not 1 square up (3D distance, engine default).
#[test]
fn fliers_pass_over_enemies_and_reach_counts_height() {
    use fivefoot::rules::movement::flight::FlyStep::{To, Up};
    let flier = fighter("starfinder", "bird", "a", (0, 0), 5, "Medium")
        .replace("speed: (land: 30)", "speed: (land: 30, fly: 60), altitude: 10");
    let guard = fighter("starfinder", "guard", "b", (1, 0), 5, "Medium");
    let rows = ["......"];
    // Units roll in id order (bird, guard): the guard acts first, so it can react.
    let mut b = battle(&map_scenario("starfinder", &rows, &[guard.clone(), flier]), &[1, 20]);
    until(&mut b, "bird");
    let events = ok(
        &mut b,
        fly(
            "bird",
            &[To(Square::new(1, 0)), To(Square::new(2, 0)), To(Square::new(3, 0))],
            false,
        ),
    );
    assert!(
        aoo_reactors(&events).is_empty(),
        "two squares up is beyond 5 ft of reach"
    );
    let low = fighter("starfinder", "bird", "a", (0, 0), 5, "Medium")
        .replace("speed: (land: 30)", "speed: (land: 30, fly: 60), altitude: 5");
    let mut b = battle(&map_scenario("starfinder", &rows, &[guard, low]), &[1, 20]);
    until(&mut b, "bird");
    let events = ok(
        &mut b,
        fly("bird", &[Up, To(Square::new(1, 0)), To(Square::new(2, 0))], false),
    );
    assert_eq!(
        aoo_reactors(&events),
        vec!["guard".to_string()],
        "leaving the square 1 up beside it provokes"
    );
}

/// §5.4: a Large creature squeezes through a one-square gap at half speed (starfinder) and is
/// entangled while it does; it cannot pass without squeezing; saga squeezes cost nothing extra.
#[test]
fn squeezing_a_large_creature_through_a_narrow_gap() {
    let rows = ["........", "........", "###.####", "........", "........"];
    for (family, step_ft) in [("starfinder", 10), ("saga", 5)] {
        let units = [fighter(family, "ogre", "a", (3, 0), 5, "Large")];
        let mut b = battle(&map_scenario(family, &rows, &units), &[10]);
        let refused = b.submit(goto("ogre", (3, 3), MoveMode::Move)).unwrap_err().to_string();
        assert!(refused.contains("cannot be reached"), "{family}: {refused}");
        let events = ok(&mut b, goto("ogre", (3, 3), MoveMode::Squeeze));
        assert_eq!(steps_ft(&events), vec![step_ft; 3], "{family}");
        let entangled: Vec<bool> = events
            .iter()
            .filter_map(|e| match e {
                GameEvent::Health(HealthEvent::ConditionChanged { gained, .. }) => Some(*gained),
                _ => None,
            })
            .collect();
        assert_eq!(
            entangled,
            if family == "starfinder" {
                vec![true, false]
            } else {
                vec![]
            }
        );
        let mut b = battle(&map_scenario(family, &rows, &units), &[10]);
        let stuck = b
            .submit(goto("ogre", (3, 2), MoveMode::Squeeze))
            .unwrap_err()
            .to_string();
        assert!(stuck.contains("does not fit"), "{family}: {stuck}");
    }
}

/// MOV-12: dropped by an attack of opportunity while leaving an ally's square, the mover ends
/// in the last square it could stop in.
#[test]
fn mov_12_a_mover_dropped_in_an_allys_square_ends_in_the_last_legal_one() {
    let weak = fighter("starfinder", "hero", "a", (0, 1), 5, "Medium").replace("(hp: 500, rp: 3)", "(hp: 1)");
    let ally = fighter("starfinder", "ally", "a", (1, 1), 5, "Medium");
    let brute = fighter("starfinder", "brute", "b", (2, 0), 5, "Medium").replace("attack: 0", "attack: 30");
    let rows = ["....", "....", "...."];
    // Rolls in id order (ally, brute, hero): the brute acts first; its attack hits and kills.
    let mut b = battle(
        &map_scenario("starfinder", &rows, &[weak, ally, brute]),
        &[10, 20, 1, 15, 4],
    );
    until(&mut b, "hero");
    let events = ok(&mut b, mv("hero", &[(1, 1), (2, 2)], MoveMode::Move));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Movement(MovementEvent::UnitDisplaced { .. }))),
        "{events:?}"
    );
    assert_eq!(at(&b, "hero"), Square::new(0, 1));
}

/// MOV-11, MOV-12: the occupancy layers a walk asks at every step (`occupancy_for`) are the
/// mover's board without its threat layer: the same passable, endable and hampered squares as
/// `board_for`'s, no reactor and no threat bit, on every shipped scenario for every unit.
#[test]
fn occupancy_is_the_board_without_its_threat_on_shipped_scenarios() {
    use fivefoot::rules::movement::board::{board_for, occupancy_for};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut threatened = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let b = battle(&text, &[]);
        let world = b.world();
        for id in world.resource::<fivefoot::rules::UnitIndex>().0.keys() {
            let (full, bare) = (board_for(world, id), occupancy_for(world, id));
            assert!(bare.reactors.is_empty(), "{}: {id}", path.display());
            assert_eq!(full.side, bare.side, "{}: {id}", path.display());
            assert_eq!(full.states.len(), bare.states.len());
            for (f, o) in full.states.iter().zip(&bare.states) {
                assert_eq!(
                    (f.passable, f.endable, f.hamper, o.threat),
                    (o.passable, o.endable, o.hamper, 0),
                    "{}: {id}",
                    path.display()
                );
                threatened += usize::from(f.threat != 0);
            }
        }
    }
    assert!(threatened > 0, "some board has a threat layer to leave out");
}
