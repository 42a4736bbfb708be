//! Hostile input and resources (issue #16 items 6, 7, 8, 10, 11, 12): the fuzzer's
//! reproductions, each refused with one clear `FILE:LINE:COL: error: ...` line and exit 1,
//! never a panic, a hang or a runaway allocation.

use fivefoot::grid::{Intersection, Square};
use fivefoot::history::{Battle, load_save};
use fivefoot::rules::GameCommand;
use fivefoot::rules::cmd;
use fivefoot::scenario::{Templates, load_str};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const RELAY: &str = "scenarios/tutorial_relay.ron";

fn fivefoot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fivefoot-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Exit 1 and exactly one stderr line, `FILE:LINE:COL: error: ...` containing `says`;
/// returns that line.
fn refused_on_one_line(out: &Output, says: &str) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    let line = lines[0].to_string();
    let (head, message) = line
        .split_once(": error: ")
        .unwrap_or_else(|| panic!("no `: error: ` in {line}"));
    let mut parts = head.rsplitn(3, ':');
    let (col, row) = (parts.next().unwrap(), parts.next().unwrap());
    assert!(col.parse::<usize>().is_ok() && row.parse::<usize>().is_ok(), "{line}");
    assert!(message.contains(says), "`{says}` in {line}");
    line
}

fn relay_battle() -> Battle {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(RELAY)).unwrap();
    let spec = load_str(&text, RELAY, &Templates::shipped()).unwrap();
    Battle::start(spec, &text, RELAY, 1, Vec::new()).unwrap()
}

fn command(ron: &str) -> GameCommand {
    ron::from_str(ron).unwrap_or_else(|e| panic!("{ron}: {e}"))
}

// Item 6 -------------------------------------------------------------------------------------

/// Item 6: `Move` to (2147483647, 0) overflowed `MoveBoard::on_map`; now the rules refuse the
/// square as off the map, and a script holding it is an error at the number.
#[test]
fn item6_move_to_i32_max_square_is_refused_not_a_panic() {
    let mut b = relay_battle();
    for to in [(i32::MAX, 0), (i32::MIN, i32::MIN), (0, i32::MAX), (-1, 3)] {
        let why = b
            .submit(GameCommand::Move(cmd::Move {
                unit: "ksarik".into(),
                to: Square::new(to.0, to.1),
                path: None,
                mode: Default::default(),
            }))
            .expect_err("refused");
        let why = why.to_string();
        assert!(why.contains("off the map") || why.contains("out of range"), "{why}");
    }
    let dir = scratch("item6");
    let script = write(&dir, "s.ron", "[Move(unit: \"ksarik\", to: (2147483647, 0))]");
    let out = fivefoot(&["run", RELAY, "--seed", "1", "--script", &script]);
    let line = refused_on_one_line(&out, "2147483647 is out of range for a coordinate");
    assert!(line.starts_with(&format!("{script}:1:28: error:")), "{line}");
}

/// Item 6: `query path` to (2147483647, 0) panicked in the same place.
#[test]
fn item6_query_path_to_i32_max_square_is_refused_not_a_panic() {
    let out = fivefoot(&["query", RELAY, "--seed", "1", "path", "ksarik", "2147483647,0"]);
    let line = refused_on_one_line(&out, "off the map");
    assert!(line.starts_with("<command line>:1:"), "{line}");
}

/// Item 6: the geometry that takes squares from callers does not overflow on any of them.
#[test]
fn item6_geometry_takes_any_square_without_overflow() {
    use fivefoot::grid::{Cell, Map, MoveBoard, Space, area_distance, straight_steps};
    use fivefoot::ruleset::{DiagonalPolicy, Family, StraightLine, load_embedded};
    let map = Map::filled(4, 4, Cell::default());
    let states = MoveBoard::states_from_map(&map, false);
    let rules = load_embedded(Family::Starfinder).unwrap();
    let board = MoveBoard::new(&map, &states, 2, DiagonalPolicy::Alternating, &rules.terrain, 0);
    assert!(!board.on_map(Square::new(i32::MAX, 0)));
    assert!(!board.on_map(Square::new(0, i32::MAX - 1)));
    assert!(board.on_map(Square::new(2, 2)));
    assert!(
        board
            .check_step(Square::new(i32::MIN, 0), Square::new(i32::MAX, 0))
            .is_err()
    );
    let far = straight_steps(
        Square::new(i32::MIN, 0),
        Square::new(i32::MAX, 7),
        StraightLine::Bresenham,
    )
    .unwrap();
    assert_eq!(far.len(), u32::MAX as usize);
    assert_eq!(far.clone().next(), Some(Square::new(i32::MIN + 1, 0)));
    assert!(!Space::new(Square::new(i32::MAX, 0), 3).contains(Square::new(i32::MIN, 0)));
    let d = area_distance(
        DiagonalPolicy::EveryDiagonalTwo,
        Intersection::new(i32::MIN, i32::MIN),
        Square::new(i32::MAX, i32::MAX),
    );
    assert_eq!(d, u32::MAX);
}

// Item 7 -------------------------------------------------------------------------------------

/// Item 7: a run to (2147483647, 0) allocated a 16 GiB straight path; it is refused before any
/// geometry, at once.
#[test]
fn item7_run_to_a_far_square_is_refused_before_any_geometry() {
    let mut b = relay_battle();
    let started = Instant::now();
    let why = b
        .submit(command(r#"Move(unit: "ksarik", to: (2147483647, 0), mode: Run)"#))
        .expect_err("refused")
        .to_string();
    assert!(why.contains("out of range") || why.contains("off the map"), "{why}");
    let why = b
        .submit(command(r#"Move(unit: "ksarik", to: (9000, 0), mode: Run)"#))
        .expect_err("refused")
        .to_string();
    assert!(
        why.contains("the square (9000, 0) is off the map (14×8 squares)"),
        "{why}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    let out = fivefoot(&[
        "query",
        RELAY,
        "--seed",
        "1",
        "path",
        "ksarik",
        "2147483647,0",
        "--action",
        "run",
    ]);
    let line = refused_on_one_line(&out, "off the map");
    assert!(line.starts_with("<command line>:1:"), "{line}");
}

/// Item 7: every command that takes a square or an intersection refuses one off the map
/// before anything else (whoever's turn it is): moves, charge, flight, maneuvers, areas,
/// spells, autofire, vehicle orders, returning to the map.
#[test]
fn item7_every_command_with_a_square_refuses_one_off_the_map() {
    let mut b = relay_battle();
    let commands = [
        r#"Move(unit: "navasi", to: (3, 3), path: Some([(3, 4), (14, 3), (3, 3)]))"#,
        r#"Charge(unit: "navasi", target: "ksarik", to: Some((20, 4)))"#,
        r#"Fly(unit: "navasi", route: [To((2, 3)), To((-1, 3))])"#,
        r#"Maneuver(unit: "navasi", target: "ksarik", maneuver: Reposition(to: (9, 8)))"#,
        r#"Autofire(unit: "navasi", weapon: "x", at: (14, 0))"#,
        r#"CastSpell(unit: "navasi", spell: "x", squares: [(1, 1), (40, 1)])"#,
        r#"Vehicle(unit: "navasi", order: Drive(path: [(2, 3), (2, -2)]))"#,
        r#"Vehicle(unit: "navasi", order: RunOver(path: [(100, 3)]))"#,
        r#"Vehicle(unit: "navasi", order: AutopilotDestination(to: (14, 8)))"#,
        r#"Vehicle(unit: "navasi", order: Disembark(to: (-3, 0)))"#,
        r#"ReturnToMap(unit: "navasi", at: (0, 8), heading: W)"#,
        r#"Decline(reactors: [], then: Move(unit: "navasi", to: (14, 0)))"#,
    ];
    for text in commands {
        let why = b.submit(command(text)).expect_err(text).to_string();
        assert!(why.contains("is off the map (14×8 squares)"), "{text}: {why}");
    }
    for text in [
        r#"AreaAttack(unit: "navasi", weapon: "x", at: (15, 0))"#,
        r#"CastSpell(unit: "navasi", spell: "x", at: Some((0, 9)))"#,
    ] {
        let why = b.submit(command(text)).expect_err(text).to_string();
        assert!(
            why.contains("is off the map (its corners run from (0, 0) to (14, 8))"),
            "{text}: {why}"
        );
    }
    // The map's far corner is an intersection of it.
    let corner = b
        .submit(command(r#"AreaAttack(unit: "navasi", weapon: "x", at: (14, 8))"#))
        .expect_err("no such weapon")
        .to_string();
    assert!(!corner.contains("off the map"), "{corner}");
}

/// Item 7: the query subcommands check their squares and sizes before any geometry too.
#[test]
fn item7_query_template_refuses_a_far_origin_and_a_huge_size() {
    let out = fivefoot(&[
        "query",
        RELAY,
        "template",
        "burst",
        "--origin",
        "2147483647,0",
        "--size-ft",
        "10",
    ]);
    refused_on_one_line(&out, "not an intersection");
    let out = fivefoot(&[
        "query",
        RELAY,
        "template",
        "burst",
        "--origin",
        "3,3",
        "--size-ft",
        "1000000",
    ]);
    refused_on_one_line(&out, "1000000 is out of range for a distance in feet (0 to 10,000)");
}

// Item 8 -------------------------------------------------------------------------------------

fn with_spell(size_ft: u32) -> String {
    let unit = format!(
        r#"(id: "ann", side: "a", at: (1, 1), speed: (land: 30), defenses: (eac: 10, kac: 10), health: (hp: 10),
            spells: [(name: "Wall", effect: Some((area: (shape: Burst, size_ft: {size_ft}), damage: "1d6", damage_types: [Fire], save_dc: 15, range_ft: Some(40), shapeable: true)))])"#
    );
    format!(
        r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (12, 12), fill: '.', legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        {unit},
        (id: "bob", side: "b", at: (8, 8), speed: (land: 30), defenses: (eac: 10, kac: 10), health: (hp: 10)),
    ],
)"##
    )
}

/// Item 8: a shapeable spell of 1,000,000 ft validated, then `CastSpell(squares: ...)` never
/// finished; the size is refused where it is written.
#[test]
fn item8_a_shapeable_spell_of_1000000_ft_is_refused_at_validation() {
    let text = with_spell(1_000_000);
    let errors = load_str(&text, "t.ron", &Templates::shipped()).expect_err("refused");
    let first = errors[0].to_string();
    let line = text.lines().position(|l| l.contains("1000000")).unwrap() + 1;
    let col = text.lines().nth(line - 1).unwrap().find("1000000").unwrap() + 1;
    assert_eq!(
        first,
        format!("t.ron:{line}:{col}: error: 1000000 is out of range for a distance in feet (0 to 10,000)")
    );
}

/// Item 8: the largest area allowed, cast shaped, is checked at once (the allowance was
/// counted square by square over (2r)²).
#[test]
fn item8_the_largest_shapeable_spell_is_cast_in_bounded_time() {
    let text = with_spell(10_000);
    let spec = load_str(&text, "t.ron", &Templates::shipped()).unwrap();
    let mut b = Battle::start(spec, &text, "t.ron", 1, vec![20, 1]).unwrap();
    let started = Instant::now();
    let _ = b.submit(command(
        r#"CastSpell(unit: "ann", spell: "Wall", at: Some((3, 3)), squares: [(3, 3), (4, 3), (3, 4), (4, 4)])"#,
    ));
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
}

/// Item 8: template work is bounded by the map, not the radius: on a 256 × 256 map a burst of
/// the largest size costs about what one just covering the map costs.
#[test]
fn item8_a_burst_much_larger_than_the_map_costs_what_the_map_costs() {
    use fivefoot::grid::{AreaShape, Cell, Map, TemplateSpec, template};
    use fivefoot::ruleset::DiagonalPolicy;
    let map = Map::filled(256, 256, Cell::default());
    let time = |r: u32| {
        let started = Instant::now();
        let spec = TemplateSpec {
            shape: AreaShape::Burst,
            origin: Intersection::new(128, 128),
            radius_squares: r,
        };
        let t = template(&map, DiagonalPolicy::Alternating, &spec);
        assert_eq!(t.squares.len(), 256 * 256);
        started.elapsed()
    };
    let covering = time(200);
    let huge = time(2_000);
    assert!(
        huge < covering * 3 + Duration::from_millis(200),
        "radius 2000: {huge:?}, radius 200: {covering:?}"
    );
}

// Item 10 ------------------------------------------------------------------------------------

/// One `t.ron` error for a unit field set to `value`, located at the value.
fn unit_field_error(field: &str, value: &str, says: &str) {
    let text = String::from(
        r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (12, 12), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "ann", side: "a", at: (1, 1), speed: (land: 30), initiative: 2, defenses: (eac: 10, kac: 10), health: (hp: 10),
            weapons: [(name: "Blade", kind: Melee, attack: 3, damage: "1d6", damage_types: [Slashing])]),
        (id: "bob", side: "b", at: (8, 8), speed: (land: 30), defenses: (eac: 10, kac: 10), health: (hp: 10)),
    ],
)"##,
    );
    let needle = format!("{field}: ");
    let at = text.find(&needle).unwrap() + needle.len();
    let end = at + text[at..].find([',', ')']).unwrap();
    let text = format!("{}{value}{}", &text[..at], &text[end..]);
    let errors = load_str(&text, "t.ron", &Templates::shipped()).expect_err("refused");
    assert_eq!(errors.len(), 1, "{errors:?}");
    let line = text[..at].matches('\n').count() + 1;
    let col = text[..at].rsplit('\n').next().unwrap().chars().count() + 1;
    let shown = errors[0].to_string();
    assert!(shown.starts_with(&format!("t.ron:{line}:{col}: error: ")), "{shown}");
    assert!(shown.contains(says), "{shown}");
}

/// Item 10: initiative +2147483647 wrapped and acted last.
#[test]
fn item10_initiative_i32_max_is_refused_at_validation() {
    unit_field_error(
        "initiative",
        "2147483647",
        "2147483647 is out of range for a modifier, defense or DC (-1,000 to 1,000)",
    );
}

/// Item 10: attack +2147483647 wrapped and always missed.
#[test]
fn item10_attack_i32_max_is_refused_at_validation() {
    unit_field_error("attack", "2147483647", "out of range for a modifier");
}

/// Item 10: KAC −2147483648 made `query attack` ask for a 20 while a 10 hit.
#[test]
fn item10_kac_i32_min_is_refused_at_validation() {
    unit_field_error("kac", "-2147483648", "-2147483648 is out of range");
}

/// Item 10: speed 2147483650 gave a 4-ft double move.
#[test]
fn item10_speed_2147483650_is_refused_at_validation() {
    unit_field_error(
        "land",
        "2147483650",
        "2147483650 is out of range for a distance in feet (0 to 10,000)",
    );
}

/// Item 10: hit points beyond 1,000,000 and a negative reach are refused too (a u32 field
/// written negative is RON's own error).
#[test]
fn item10_other_unit_numbers_out_of_range_are_refused_at_validation() {
    unit_field_error("hp", "2000000", "out of range for points");
    unit_field_error("initiative", "-1001", "out of range");
}

/// Item 10: `TrackEffect(rounds: 4294967295)` ended after one round (the end round wrapped);
/// a script refuses the number where it is written, and the rules refuse it from anywhere.
#[test]
fn item10_track_effect_of_4294967295_rounds_is_refused() {
    let mut b = relay_battle();
    let why = b
        .submit(command(
            r#"TrackEffect(source: "navasi", target: "ksarik", name: "x", rounds: 4294967295)"#,
        ))
        .expect_err("refused")
        .to_string();
    assert!(
        why.contains("4294967295 is out of range for a number of rounds (0 to 10,000)"),
        "{why}"
    );
    let ten_thousand = b.submit(command(
        r#"TrackEffect(source: "navasi", target: "ksarik", name: "x", rounds: 10000)"#,
    ));
    assert!(ten_thousand.is_ok(), "{ten_thousand:?}");
    let dir = scratch("item10");
    let script = write(
        &dir,
        "s.ron",
        "[\n  TrackEffect(source: \"navasi\", target: \"ksarik\", name: \"x\", rounds: 4294967295),\n]",
    );
    let out = fivefoot(&["run", RELAY, "--seed", "1", "--script", &script]);
    let line = refused_on_one_line(&out, "out of range for a number of rounds");
    assert!(line.starts_with(&format!("{script}:2:70: error:")), "{line}");
}

/// Item 10: totals saturate instead of wrapping, whatever reaches them.
#[test]
fn item10_totals_saturate_instead_of_wrapping() {
    use fivefoot::rules::attack::stacking::saturating_total;
    assert_eq!(saturating_total([i32::MAX, 20]), i32::MAX);
    assert_eq!(saturating_total([i32::MIN, -1, 5]), i32::MIN + 4);
    assert_eq!(saturating_total([3, -2]), 1);
}

/// Item 10: scripted dice out of range, on the command line and in a save, are refused where
/// they are written.
#[test]
fn item10_scripted_dice_out_of_range_are_refused_where_written() {
    let out = fivefoot(&["query", RELAY, "--dice", "5,0", "turn"]);
    let line = refused_on_one_line(&out, "--dice: 0 is out of range for a scripted die result (1 to 1,000)");
    assert!(line.starts_with("<command line>:1:45: error:"), "{line}");
    let dir = scratch("item10-save");
    let save = dir.join("b.save.ron");
    let script = write(&dir, "none.ron", "[]");
    let run = fivefoot(&[
        "run",
        RELAY,
        "--seed",
        "3",
        "--script",
        &script,
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(run.status.success());
    let text = std::fs::read_to_string(&save)
        .unwrap()
        .replace("dice: []", "dice: [7, 5000]");
    let errors = load_save(&text, "b.save.ron", &Templates::shipped())
        .err()
        .expect("refused");
    let shown = errors[0].to_string();
    assert!(
        shown.contains("5000 is out of range for a scripted die result"),
        "{shown}"
    );
    let line = text.lines().position(|l| l.contains("5000")).unwrap() + 1;
    assert!(shown.starts_with(&format!("b.save.ron:{line}:")), "{shown}");
}

// Item 11 ------------------------------------------------------------------------------------

/// A save of the relay after two turns.
fn relay_save(dir: &Path) -> (PathBuf, String) {
    let order = fivefoot(&["query", RELAY, "--seed", "4", "initiative"]);
    let doc: serde_json::Value = serde_json::from_slice(&order.stdout).unwrap();
    let first = doc["order"][0]["unit"].as_str().unwrap().to_string();
    let script = write(dir, "turn.ron", &format!("[EndTurn(unit: \"{first}\")]"));
    let save = dir.join("relay.save.ron");
    let out = fivefoot(&[
        "run",
        RELAY,
        "--seed",
        "4",
        "--script",
        &script,
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&save).unwrap();
    (save, text)
}

/// Item 11: save errors were `F: 50:10: Expected identifier` and `replaying command 0 failed`;
/// each is now one line at the place in the save.
#[test]
fn item11_save_errors_are_one_located_line() {
    let dir = scratch("item11-save");
    let (_, text) = relay_save(&dir);
    let broken = write(&dir, "broken.save.ron", &text.replacen("seed:", "seed", 1));
    let line = refused_on_one_line(&fivefoot(&["query", &broken, "turn"]), "");
    assert!(line.starts_with(&format!("{broken}:")), "{line}");
    let refused = write(&dir, "refused.save.ron", &text.replacen("EndTurn(", "StandUp(", 1));
    let line = refused_on_one_line(
        &fivefoot(&["query", &refused, "turn"]),
        "replaying command 1 of the save failed",
    );
    let at = text.lines().position(|l| l.contains("EndTurn(")).unwrap() + 1;
    assert!(line.starts_with(&format!("{refused}:{at}:")), "{line}");
    let hash_line = text.lines().position(|l| l.contains("state_hash")).unwrap() + 1;
    let tampered = write(&dir, "tampered.save.ron", &text.replacen("fnv1a64:", "fnv1a64:0", 1));
    let line = refused_on_one_line(&fivefoot(&["query", &tampered, "turn"]), "differs from the saved one");
    assert!(line.starts_with(&format!("{tampered}:{hash_line}:")), "{line}");
    let bad_scenario = write(
        &dir,
        "scenario.save.ron",
        &text.replacen("ruleset: \\\"starfinder\\\"", "ruleset: \\\"gurps\\\"", 1),
    );
    let line = refused_on_one_line(&fivefoot(&["query", &bad_scenario, "turn"]), "unknown ruleset `gurps`");
    assert!(
        line.contains("the saved scenario is not valid (scenarios/tutorial_relay.ron:8:14)"),
        "{line}"
    );
    let old = write(&dir, "v2.save.ron", &text.replacen("version: 1", "version: 2", 1));
    refused_on_one_line(
        &fivefoot(&["query", &old, "turn"]),
        "save format version 2 is not supported",
    );
    let seeded = fivefoot(&["query", &old, "--seed", "3", "turn"]);
    let line = refused_on_one_line(&seeded, "--seed and --dice cannot be used");
    assert!(line.starts_with("<command line>:1:"), "{line}");
}

/// Item 11: script, query and command-line errors are one located line each.
#[test]
fn item11_script_query_and_command_line_errors_are_one_located_line() {
    let dir = scratch("item11-script");
    let script = write(&dir, "syntax.ron", "[\n  EndTurn(unit: \"navasi\"\n]");
    let line = refused_on_one_line(&fivefoot(&["run", RELAY, "--script", &script]), "");
    assert!(line.starts_with(&format!("{script}:3:")), "{line}");
    let refused = write(&dir, "refused.ron", "[\n  Proceed,\n]");
    let out = fivefoot(&["run", RELAY, "--seed", "1", "--script", &refused]);
    let line = refused_on_one_line(&out, "command 1 `Proceed` was refused");
    assert!(line.starts_with(&format!("{refused}:2:3: error:")), "{line}");
    let out = fivefoot(&["query", RELAY, "--seed", "1", "--script", &refused, "turn"]);
    let line = refused_on_one_line(&out, "command 1 was refused");
    assert!(line.starts_with(&format!("{refused}:2:3: error:")), "{line}");
    let out = fivefoot(&["query", RELAY, "unit", "nobody"]);
    let line = refused_on_one_line(&out, "there is no unit `nobody` in this battle");
    assert!(line.starts_with("<command line>:1:36: error:"), "{line}");
    let out = fivefoot(&["query", RELAY, "--dice", "x", "turn"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("<command line>:1:43: error: invalid value 'x'"),
        "{stderr}"
    );
}

/// Item 11: a newline written into a scenario's ruleset split the diagnostic in two lines.
#[test]
fn item11_user_text_is_echoed_escaped_on_one_line() {
    let dir = scratch("item11-escape");
    let relay = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(RELAY)).unwrap();
    let path = write(
        &dir,
        "nl.ron",
        &relay.replacen("ruleset: \"starfinder\"", "ruleset: \"\\n\"", 1),
    );
    let line = refused_on_one_line(&fivefoot(&["validate", &path]), "unknown ruleset `\\n`");
    assert!(line.starts_with(&format!("{path}:8:14: error:")), "{line}");
    let order = fivefoot(&["query", RELAY, "--seed", "1", "initiative"]);
    let doc: serde_json::Value = serde_json::from_slice(&order.stdout).unwrap();
    let first = doc["order"][0]["unit"].as_str().unwrap();
    let act = write(
        &dir,
        "act.ron",
        &format!("[Act(unit: \"{first}\", action: Move, description: \"line\\nbreak\")]"),
    );
    let out = fivefoot(&["run", RELAY, "--seed", "1", "--script", &act]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        stdout.contains("line\\nbreak") && !stdout.lines().any(|l| l.starts_with("break")),
        "{stdout}"
    );
    let script = write(&dir, "s.ron", "[EndTurn(unit: \"a\\u{1b}[2Jb\")]");
    let out = fivefoot(&["run", RELAY, "--seed", "1", "--script", &script]);
    refused_on_one_line(&out, "no unit `a\\u{1b}[2Jb`");
}

/// Item 11: a UTF-8 byte order mark before a scenario or a save is accepted.
#[test]
fn item11_a_bom_before_a_scenario_or_a_save_is_accepted() {
    let dir = scratch("item11-bom");
    let relay = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(RELAY)).unwrap();
    let path = write(&dir, "bom.ron", &format!("\u{feff}{relay}"));
    let out = fivefoot(&["validate", &path]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (_, text) = relay_save(&dir);
    let save = write(&dir, "bom.save.ron", &format!("\u{feff}{text}"));
    let out = fivefoot(&["query", &save, "turn"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Positions count from after the mark.
    let broken = write(
        &dir,
        "bom-broken.ron",
        &format!("\u{feff}{}", relay.replacen("version: 1", "version: 9", 1)),
    );
    let line = refused_on_one_line(&fivefoot(&["validate", &broken]), "version 9 is not supported");
    assert!(line.starts_with(&format!("{broken}:5:14:")), "{line}");
}

// Item 12 ------------------------------------------------------------------------------------

/// Item 12: `run`, `validate` and `query` exited 0 with their output lost (`> /dev/full`).
#[test]
fn item12_an_output_that_cannot_be_written_fails_the_run() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no /dev/full on this system
    };
    let dir = scratch("item12-full");
    let script = write(&dir, "none.ron", "[]");
    for args in [
        vec!["validate", RELAY],
        vec!["run", RELAY, "--seed", "1", "--script", script.as_str()],
        vec!["query", RELAY, "--seed", "1", "turn"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_fivefoot"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(full.try_clone().unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("<stdout>:1:1: error: cannot write the output"),
            "{stderr}"
        );
    }
}

/// Item 12: `--save` onto a symbolic link replaced the link with a file; it is refused and the
/// link and what it points to are left as they were.
#[cfg(unix)]
#[test]
fn item12_save_onto_a_symlink_or_a_device_is_refused() {
    let dir = scratch("item12-link");
    let real = write(&dir, "real.ron", "kept");
    let link = dir.join("link.ron");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let script = write(&dir, "none.ron", "[]");
    let out = fivefoot(&[
        "run",
        RELAY,
        "--seed",
        "1",
        "--script",
        &script,
        "--save",
        link.to_str().unwrap(),
    ]);
    refused_on_one_line(&out, "is a symbolic link; only a regular file is replaced");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "kept");
    let out = fivefoot(&["run", RELAY, "--seed", "1", "--script", &script, "--save", "/dev/null"]);
    refused_on_one_line(&out, "not a regular file");
}

/// Waits for `child` at most `limit`; kills it and fails if it is still running.
fn finishes_within(mut child: std::process::Child, limit: Duration) -> Output {
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Item 12: a FIFO or a device named as a scenario or script blocked, or was read until memory
/// ran out; anything but a regular file is refused before it is opened.
#[cfg(unix)]
#[test]
fn item12_a_fifo_or_a_device_as_scenario_or_script_is_refused() {
    let dir = scratch("item12-fifo");
    let fifo = dir.join("pipe.ron");
    let made = Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
    let script = write(&dir, "none.ron", "[]");
    let mut cases = vec![
        vec!["validate".to_string(), "/dev/zero".into()],
        vec!["run".into(), RELAY.into(), "--script".into(), "/dev/zero".into()],
        vec!["query".into(), "/dev/urandom".into(), "turn".into()],
    ];
    if made {
        let fifo = fifo.to_str().unwrap().to_string();
        cases.push(vec!["validate".into(), fifo.clone()]);
        cases.push(vec!["run".into(), RELAY.into(), "--script".into(), fifo]);
    }
    for args in cases {
        let child = Command::new(env!("CARGO_BIN_EXE_fivefoot"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = finishes_within(child, Duration::from_secs(30));
        refused_on_one_line(&out, "this is not a regular file");
    }
    let _ = script;
}

/// Item 12: a file larger than 16 MiB is refused without being read.
#[test]
fn item12_a_file_over_16_mib_is_refused() {
    let dir = scratch("item12-big");
    let path = dir.join("big.ron");
    std::fs::File::create(&path).unwrap().set_len(17 * 1024 * 1024).unwrap();
    let out = fivefoot(&["validate", path.to_str().unwrap()]);
    refused_on_one_line(&out, "files may be at most 16777216 bytes");
}

/// Item 12: a save killed mid-write leaves `.NAME.tmp-PID`; the next `--save` into that folder
/// removes it.
#[test]
fn item12_a_killed_saves_temporary_is_removed_by_the_next_save() {
    let dir = scratch("item12-stale");
    let stale = dir.join(".battle.save.ron.tmp-4294967291");
    std::fs::write(&stale, "Save(version: 1, scen").unwrap();
    let script = write(&dir, "none.ron", "[]");
    let save = dir.join("other.save.ron");
    let out = fivefoot(&[
        "run",
        RELAY,
        "--seed",
        "1",
        "--script",
        &script,
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(save.exists());
    if Path::new("/proc/self").exists() {
        assert!(!stale.exists(), "the stale temporary is removed");
    }
}
