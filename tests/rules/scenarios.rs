//! Scenario files as an author meets them: every file in `tests/bad_scenarios/` is refused by
//! `fivefoot validate` with exit code 1, no panic, and a first diagnostic at the exact
//! `LINE:COL` and with the message listed in `tests/bad_scenarios/EXPECTED.txt`; every shipped
//! scenario and unit template loads; oversized maps and files are refused quickly, before
//! anything big is built.

use fivefoot::scenario::{MAX_FILE_BYTES, MAX_MAP_SIDE, Templates, load_file};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const BAD_DIR: &str = "tests/bad_scenarios";

/// The crate root: the binary runs here and every path in these tests is relative to it.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `fivefoot validate FILES...` from the crate root.
fn validate(files: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .arg("validate")
        .args(files)
        .current_dir(root())
        .output()
        .expect("the fivefoot binary runs")
}

/// Names (not paths) of the `.ron` files in `dir` under the crate root, sorted.
fn ron_files(dir: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("cannot list {dir}: {e}"))
        .map(|entry| {
            entry
                .expect("a readable folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".ron"))
        .collect();
    names.sort();
    names
}

/// Where the first diagnostic for a bad file must point, and what it must say.
struct Expected {
    /// `LINE:COL`.
    pos: String,
    /// A part of the message after `error: `.
    message: String,
}

/// `EXPECTED.txt`: `FILENAME LINE:COL substring of the message`, one line per file; blank
/// lines and lines starting with `#` are ignored.
fn expected() -> BTreeMap<String, Expected> {
    let text = std::fs::read_to_string(root().join(BAD_DIR).join("EXPECTED.txt")).expect("EXPECTED.txt is readable");
    let mut map = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.splitn(3, ' ');
        let (Some(file), Some(pos), Some(message)) = (parts.next(), parts.next(), parts.next()) else {
            panic!(
                "EXPECTED.txt line {}: want `FILENAME LINE:COL message`, got {line:?}",
                n + 1
            );
        };
        let valid_pos = pos
            .split_once(':')
            .is_some_and(|(l, c)| l.parse::<usize>().is_ok() && c.parse::<usize>().is_ok());
        assert!(valid_pos, "EXPECTED.txt line {}: `{pos}` is not LINE:COL", n + 1);
        let entry = Expected {
            pos: pos.to_string(),
            message: message.trim().to_string(),
        };
        assert!(
            map.insert(file.to_string(), entry).is_none(),
            "EXPECTED.txt lists {file} twice"
        );
    }
    map
}

/// Checks one bad file's run; `Err` says what is wrong, with the whole stderr.
fn check_refused(name: &str, want: &Expected, out: &Output) -> Result<(), String> {
    let stderr = String::from_utf8_lossy(&out.stderr);
    let fail = |why: String| Err(format!("{name}: {why}\n--- stderr ---\n{stderr}--- end ---"));
    if stderr.contains("panicked") {
        return fail("the validator panicked".into());
    }
    if out.status.code() != Some(1) {
        return fail(format!("exit status is {:?}, want exit code 1", out.status));
    }
    let prefix = format!("{BAD_DIR}/{name}:{}: error:", want.pos);
    let first = stderr.lines().next().unwrap_or("");
    if !first.starts_with(&prefix) {
        return fail(format!(
            "the first line should start with `{prefix}`\n  but it is `{first}`"
        ));
    }
    if !first[prefix.len()..].contains(&want.message) {
        return fail(format!(
            "the first line should contain `{}`\n  but it is `{first}`",
            want.message
        ));
    }
    Ok(())
}

#[test]
fn every_bad_scenario_is_refused_with_its_position() {
    let files = ron_files(BAD_DIR);
    let expected = expected();
    let unlisted: Vec<&String> = files.iter().filter(|f| !expected.contains_key(*f)).collect();
    assert!(
        unlisted.is_empty(),
        "files missing from {BAD_DIR}/EXPECTED.txt: {unlisted:?}"
    );
    let missing: Vec<&String> = expected.keys().filter(|f| !files.contains(f)).collect();
    assert!(
        missing.is_empty(),
        "EXPECTED.txt lists files that do not exist: {missing:?}"
    );

    let failures: Vec<String> = files
        .iter()
        .filter_map(|name| {
            let out = validate(&[format!("{BAD_DIR}/{name}")]);
            check_refused(name, &expected[name], &out).err()
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} bad scenarios were not reported as expected:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_bad_scenario_folder_has_at_least_twenty_files() {
    let files = ron_files(BAD_DIR);
    assert!(files.len() >= 20, "only {} files in {BAD_DIR}: {files:?}", files.len());
}

#[test]
fn every_shipped_scenario_is_valid() {
    let names = ron_files("scenarios");
    assert!(!names.is_empty(), "no scenarios/*.ron");
    let paths: Vec<String> = names.iter().map(|n| format!("scenarios/{n}")).collect();
    let out = validate(&paths);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(0),
        "validate {paths:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(stderr.is_empty(), "a valid scenario printed to stderr:\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), paths.len(), "want one `ok` line per file:\n{stdout}");
    for (line, path) in lines.iter().zip(&paths) {
        assert!(
            line.starts_with(&format!("{path}: ok: ")),
            "want `{path}: ok: ...`, got `{line}`"
        );
    }
    for path in &paths {
        if let Err(diagnostics) = load_file(&root().join(path)) {
            let shown: Vec<String> = diagnostics.iter().map(|d| d.to_string()).collect();
            panic!("{path} does not load in-process:\n{}", shown.join("\n"));
        }
    }
}

/// A scratch file `name` in a folder of its own (tests run in parallel) under cargo's
/// temporary folder for integration tests.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fivefoot-scenarios-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the scratch folder can be made");
    dir.join(name)
}

/// Removes a file made by `scratch` and its folder.
fn remove_scratch(path: &Path) {
    if let Some(dir) = path.parent() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A valid scenario apart from its map, given as the text of `map: (...)`.
fn scenario_with_map(map: &str) -> String {
    format!(
        r##"Scenario(
    version: 1,
    name: "Huge",
    ruleset: "d20_srd",
    map: {map},
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0")],
    units: [(id: "u1", side: "a", at: (1, 1), speed: (land: 30), defenses: (ac: 14), health: (hp: 10))],
)
"##
    )
}

/// Loads `text` from a scratch file and returns the messages it is refused with, and how
/// long that took.
fn refused(file: &str, text: &str) -> (Vec<String>, Duration) {
    let path = scratch(file);
    std::fs::write(&path, text).expect("the scratch file can be written");
    let started = Instant::now();
    let result = load_file(&path);
    let took = started.elapsed();
    remove_scratch(&path);
    match result {
        Ok(spec) => panic!(
            "{file} was accepted as a {}×{} map",
            spec.map.width(),
            spec.map.height()
        ),
        Err(diagnostics) => (diagnostics.iter().map(|d| d.to_string()).collect(), took),
    }
}

#[test]
fn a_huge_map_given_as_rows_is_refused_quickly() {
    let rows: Vec<String> = (0..1100)
        .map(|_| format!("        \"{}\",", ".".repeat(1100)))
        .collect();
    let map = format!(
        "(\n    rows: [\n{}\n    ],\n    legend: {{ '.': (terrain: Floor) }},\n)",
        rows.join("\n")
    );
    let (messages, took) = refused("huge_rows.ron", &scenario_with_map(&map));
    assert!(
        messages
            .iter()
            .any(|m| m.contains(&format!("1 to {MAX_MAP_SIDE}")) && m.contains("1100×1100")),
        "want a message about the {MAX_MAP_SIDE}-square limit, got {messages:?}"
    );
    assert!(
        took < Duration::from_secs(10),
        "refusing an 1100×1100 map took {took:?}"
    );
}

#[test]
fn a_huge_map_given_by_size_is_refused_without_building_it() {
    let map = "(size: (10000, 10000), fill: '.', legend: { '.': (terrain: Floor) })";
    let (messages, took) = refused("huge_size.ron", &scenario_with_map(map));
    assert!(
        messages
            .iter()
            .any(|m| m.contains(&format!("1 to {MAX_MAP_SIDE}")) && m.contains("10000×10000")),
        "want a message about the {MAX_MAP_SIDE}-square limit, got {messages:?}"
    );
    assert!(
        took < Duration::from_secs(2),
        "refusing a 10,000×10,000 map took {took:?}: was it built?"
    );
}

#[test]
fn a_file_over_the_size_limit_is_refused_before_it_is_read() {
    let path = scratch("too_big.ron");
    // A sparse file: the limit is checked on the file's length, so nothing is written or read.
    let file = std::fs::File::create(&path).expect("the scratch file can be made");
    file.set_len(MAX_FILE_BYTES + 1)
        .expect("the scratch file can be extended");
    drop(file);
    let result = load_file(&path);
    remove_scratch(&path);
    let Err(diagnostics) = result else {
        panic!("a file of {} bytes was accepted", MAX_FILE_BYTES + 1);
    };
    assert_eq!((diagnostics[0].line, diagnostics[0].col), (1, 1));
    assert!(
        diagnostics[0].message.contains(&MAX_FILE_BYTES.to_string()),
        "want the limit in the message, got {:?}",
        diagnostics[0].message
    );
}

#[test]
fn every_shipped_template_loads() {
    let names: Vec<&str> = Templates::shipped_names().collect();
    assert!(!names.is_empty(), "no shipped templates");
    let templates = Templates::shipped();
    for name in names {
        if let Err(e) = templates.get(name) {
            panic!("shipped template `{name}` does not load: {e}");
        }
    }
}

/// Issue #6 item 7: every rule family has a shipped scenario with difficult terrain, walls,
/// cover, a reach of more than 5 ft and a side of two or more units (so it can flank), and one
/// shipped scenario has a Large or bigger creature.
#[test]
fn each_family_has_a_scenario_showing_terrain_walls_cover_reach_and_flanking() {
    use fivefoot::grid::CoverObject;
    use fivefoot::ruleset::Size;
    let mut families = BTreeMap::new();
    let mut large = Vec::new();
    for name in ron_files("scenarios") {
        let path = root().join("scenarios").join(&name);
        let text = std::fs::read_to_string(&path).expect("a readable scenario");
        assert!(
            text.starts_with("//"),
            "{name} must start with a comment saying what it shows"
        );
        let spec = load_file(&path).unwrap_or_else(|_| panic!("{name} loads"));
        let cells: Vec<_> = spec.map.squares().filter_map(|sq| spec.map.cell(sq).copied()).collect();
        let reach = spec
            .units
            .iter()
            .any(|u| u.profile.reach_ft > 5 || u.profile.weapons.iter().any(|w| w.reach_ft.is_some_and(|r| r > 5)));
        let mut per_side: BTreeMap<_, usize> = BTreeMap::new();
        for u in &spec.units {
            *per_side.entry(u.side.clone()).or_default() += 1;
        }
        let shows_all = cells.iter().any(|c| c.difficult)
            && cells.iter().any(|c| c.blocks_loe)
            && cells.iter().any(|c| c.cover != CoverObject::None)
            && reach
            && per_side.values().any(|&n| n >= 2);
        if shows_all {
            families.entry(format!("{:?}", spec.family)).or_insert(name.clone());
        }
        if spec.units.iter().any(|u| u.profile.size >= Size::Large) {
            large.push(name.clone());
        }
    }
    assert_eq!(
        families.len(),
        4,
        "want one scenario per family showing difficult terrain, walls, cover, reach and flanking; have {families:?}"
    );
    assert!(!large.is_empty(), "no shipped scenario has a Large or bigger creature");
}
