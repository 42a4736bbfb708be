//! Behaviour kept through the engine's restructuring (issue #15): every script under `tests/`
//! gives, through `fivefoot run` (text output), exactly the output checked in under
//! `tests/golden/` before the change. Regenerate a file only for a deliberate rules change:
//! `FIVEFOOT_BLESS=1 cargo test --test rules golden`.

use std::process::Command;

fn manifest() -> Vec<(String, Vec<String>)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/tests/golden/MANIFEST")).expect("the manifest");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split('|').map(str::trim).collect();
            let mut args = vec![
                "run".to_string(),
                parts[1].to_string(),
                "--script".into(),
                parts[2].to_string(),
            ];
            args.extend(parts[3].split_whitespace().map(str::to_string));
            (parts[0].to_string(), args)
        })
        .collect()
}

/// The exit code, stdout and stderr of one run, as the golden files hold them.
fn transcript(args: &[String]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn every_script_gives_the_run_output_checked_in_before_the_engine_change() {
    let root = env!("CARGO_MANIFEST_DIR");
    let bless = std::env::var_os("FIVEFOOT_BLESS").is_some();
    let cases = manifest();
    assert!(cases.len() >= 12, "the manifest lists every script");
    for (name, args) in cases {
        let path = format!("{root}/tests/golden/{name}.txt");
        let found = transcript(&args);
        if bless {
            std::fs::write(&path, &found).expect("writes the golden file");
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("{path} is missing"));
        assert!(found.starts_with("exit: 0"), "{name}: the script is accepted:\n{found}");
        assert_eq!(found, expected, "{name}: `fivefoot {}` changed", args.join(" "));
    }
}

/// Saves written before the engine change load (their commands replay to the saved state
/// hash) and are written back byte for byte: the command format on the wire is unchanged.
#[test]
fn saves_written_before_the_engine_change_load_and_write_back_the_same() {
    let root = env!("CARGO_MANIFEST_DIR");
    let dir = format!("{root}/tests/golden/saves");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("the saves folder") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a save");
        let save = fivefoot::history::SaveFile::from_ron(&text).expect("parses");
        let battle = fivefoot::history::Battle::load(&save, &fivefoot::scenario::Templates::shipped())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            battle.save().to_ron(),
            text.trim_end(),
            "{} writes back the same",
            path.display()
        );
        seen += 1;
    }
    assert!(seen >= 6);
}
