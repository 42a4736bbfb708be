//! The examples in `docs/` are real: the annotated scenario validates, the script parses.

use fivefoot::rules::GameCommand;
use fivefoot::scenario::{Templates, load_str, ron_options};

/// The first fenced block of `lang` in a doc file of this crate.
fn first_block(doc: &str, lang: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs").join(doc);
    let text = std::fs::read_to_string(&path).unwrap();
    let start = text
        .find(&format!("```{lang}\n"))
        .unwrap_or_else(|| panic!("{doc} has a {lang} block"));
    let body = &text[start + lang.len() + 4..];
    body[..body.find("```").unwrap()].to_string()
}

#[test]
fn the_annotated_scenario_example_is_valid() {
    let example = first_block("scenario-format.md", "ron");
    let spec = load_str(&example, "docs/scenario-format.md", &Templates::shipped())
        .unwrap_or_else(|d| panic!("{}", d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")));
    assert_eq!(spec.units.len(), 4);
    assert_eq!((spec.map.width(), spec.map.height()), (10, 5));
}

#[test]
fn the_script_example_in_the_cli_doc_parses() {
    let script = first_block("cli.md", "ron");
    let commands: Vec<GameCommand> = ron_options().from_str(&script).unwrap();
    assert_eq!(commands.len(), 6);
}
