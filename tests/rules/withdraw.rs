//! Withdraw (RULES.md §5.9) in d20_srd and d20_modern: the d20 SRD's withdraw (seeds 002 and
//! 003 are silent): a full-round action, up to double speed, the start square not threatened
//! by opponents you can see, not while blinded, not without a speed; and starfinder's blinded
//! restriction (001:1089-1091).

use super::support::*;
use fivefoot::grid::Square;
use fivefoot::history::Battle;
use fivefoot::rules::movement::check_move;
use fivefoot::rules::{GameCommand, GameEvent, MoveMode};
use fivefoot::rules::{ReactionEvent, cmd};
use fivefoot::ruleset::ActionKind;
use fivefoot::testing::{battle, ok};
use std::process::Command;

/// A unit entry for `family`: lots of health, a melee weapon reaching `reach` feet (a plain
/// weapon, not a reach weapon), `extra` RON fields.
fn fighter(family: &str, id: &str, side: &str, at: (i32, i32), reach: u32, extra: &str) -> String {
    let (defenses, health) = match family {
        "starfinder" => ("(eac: 10, kac: 10)", "(hp: 500, rp: 3)"),
        "d20_modern" => ("(defense: 10)", "(hp: 500)"),
        _ => ("(ac: 10)", "(hp: 500)"),
    };
    format!(
        r#"(id: "{id}", side: "{side}", at: ({}, {}), speed: (land: 30), defenses: {defenses}, health: {health}, {extra}
           weapons: [(name: "Blade", kind: Melee, attack: 0, damage: "1d4", damage_types: [Slashing], reach: {reach})])"#,
        at.0, at.1
    )
}

/// The WE-10 diagram in `family`: an ogre with 10 ft of reach at (5, 2) and a goblin at
/// (7, 2), and the hero (with `hero_extra` fields) at (6, 3), next to both.
fn diagram_text(family: &str, hero_extra: &str) -> String {
    let units = [
        fighter(family, "ogre", "b", (5, 2), 10, ""),
        fighter(family, "goblin", "b", (7, 2), 5, ""),
        fighter(family, "hero", "a", (6, 3), 5, hero_extra),
    ];
    format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (size: (12, 12), fill: '.', legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}],
)"##,
        units.join(", ")
    )
}

/// The battle of `text` (a `diagram_text`) once the monsters have acted (so they can react)
/// and the hero is active.
fn start(text: &str) -> Battle {
    // Initiative in id order: goblin 20, hero 1, ogre 19.
    let mut b = battle(text, &[20, 1, 19]);
    for monster in ["goblin", "ogre"] {
        assert_eq!(active(&b).as_deref(), Some(monster));
        ok(&mut b, act(monster, ActionKind::Standard));
        ok(&mut b, end_turn(monster));
    }
    assert_eq!(active(&b).as_deref(), Some("hero"));
    b
}

fn withdraw_diagram(family: &str, hero_extra: &str) -> Battle {
    start(&diagram_text(family, hero_extra))
}

fn walk(unit: &str, path: &[(i32, i32)], mode: MoveMode) -> GameCommand {
    let path: Vec<Square> = path.iter().map(|(x, y)| Square::new(*x, *y)).collect();
    GameCommand::Move(cmd::Move {
        unit: unit.into(),
        to: *path.last().unwrap(),
        path: Some(path),
        mode,
    })
}

fn withdraw(unit: &str, path: &[(i32, i32)]) -> GameCommand {
    walk(unit, path, MoveMode::Withdraw)
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

/// §5.9 (d20 SRD): withdrawing, leaving the start square provokes neither the ogre nor the
/// goblin; leaving the next square, still within the ogre's 10 ft, provokes the ogre. A plain
/// move the same way provokes both at the start square.
#[test]
fn withdraw_d20_srd_start_square_safe_later_square_provokes_5_9() {
    let mut b = withdraw_diagram("d20_srd", "");
    let events = ok(&mut b, withdraw("hero", &[(6, 4), (6, 5), (6, 6)]));
    assert_eq!(aoo(&events), vec![("ogre".to_string(), Square::new(6, 4))]);

    let mut b = withdraw_diagram("d20_srd", "");
    let events = ok(&mut b, walk("hero", &[(6, 4), (6, 5), (6, 6)], MoveMode::Move));
    let mut reactors: Vec<String> = aoo(&events).into_iter().map(|(r, _)| r).collect();
    reactors.sort();
    assert_eq!(reactors, vec!["goblin".to_string(), "ogre".to_string()]);
}

/// §5.9 (d20 SRD): a full-round action, up to double speed (60 ft at speed 30); nothing is
/// left of the turn after it.
#[test]
fn withdraw_d20_srd_is_a_full_round_action_up_to_double_speed_5_9() {
    let mut b = withdraw_diagram("d20_srd", "");
    let plan = check_move(b.world(), &"hero".into(), Square::new(6, 11), None, MoveMode::Withdraw).unwrap();
    assert_eq!(
        (plan.actions.clone(), plan.budget_ft, plan.cost_ft),
        (vec![ActionKind::Full], 60, 40)
    );
    // 13 orthogonal steps: 65 ft.
    let long: Vec<Square> = (4..=11)
        .map(|y| Square::new(6, y))
        .chain((7..=11).map(|x| Square::new(x, 11)))
        .collect();
    let far = check_move(
        b.world(),
        &"hero".into(),
        Square::new(11, 11),
        Some(&long),
        MoveMode::Withdraw,
    );
    assert_eq!(
        far.unwrap_err().to_string(),
        "the path costs 65 ft but a withdraw allows 60 ft"
    );
    ok(&mut b, withdraw("hero", &[(6, 4), (6, 5)]));
    assert!(
        b.submit(act("hero", ActionKind::Move)).is_err(),
        "the full-round action took the turn"
    );
}

/// §5.9 in d20_modern: the same data-driven withdraw.
#[test]
fn withdraw_d20_modern_start_square_safe_later_square_provokes_5_9() {
    let mut b = withdraw_diagram("d20_modern", "");
    let events = ok(&mut b, withdraw("hero", &[(6, 4), (6, 5), (6, 6)]));
    assert_eq!(aoo(&events), vec![("ogre".to_string(), Square::new(6, 4))]);
}

/// §5.9: no withdraw while blinded — d20 SRD ("you can't withdraw from combat if you're
/// blinded") and starfinder (001:1089-1091, no other precise sense).
#[test]
fn withdraw_refused_while_blinded_d20_srd_and_starfinder_001_1089() {
    for family in ["d20_srd", "d20_modern", "starfinder"] {
        let mut b = withdraw_diagram(family, "conditions: [Blinded],");
        let refused = b
            .submit(withdraw("hero", &[(6, 4), (6, 5), (6, 6)]))
            .unwrap_err()
            .to_string();
        assert!(refused.contains("blinded and cannot withdraw"), "{family}: {refused}");
    }
}

/// §5.9 (d20 SRD "you may not withdraw using a form of movement for which you don't have a
/// speed"): a unit that cannot move cannot withdraw.
#[test]
fn withdraw_refused_without_speed_d20_srd_5_9() {
    let text = diagram_text("d20_srd", "").replace(
        r#"(id: "hero", side: "a", at: (6, 3), speed: (land: 30)"#,
        r#"(id: "hero", side: "a", at: (6, 3), speed: (land: 0)"#,
    );
    let mut b = start(&text);
    let refused = b.submit(withdraw("hero", &[(6, 4)])).unwrap_err().to_string();
    assert!(
        refused.contains("cannot move (speed 0), so it cannot withdraw"),
        "{refused}"
    );
}

/// §5.9: `fivefoot query SCEN path UNIT X,Y --action withdraw` answers for d20_srd with the
/// start square's visible reactors left out.
#[test]
fn withdraw_d20_srd_query_path_5_9() {
    let dir = std::env::temp_dir().join(format!("fivefoot-withdraw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let units = [
        fighter("d20_srd", "ogre", "b", (5, 2), 10, ""),
        fighter("d20_srd", "hero", "a", (6, 3), 5, ""),
    ];
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "d20_srd",
    map: (size: (12, 12), fill: '.', legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}],
)"##,
        units.join(", ")
    );
    let path = dir.join("withdraw.ron");
    std::fs::write(&path, text).unwrap();
    // The ogre (initiative 20) acts and ends its turn, so it can react; then the hero is active.
    let script = dir.join("ogre_acts.ron");
    std::fs::write(
        &script,
        r#"[Act(unit: "ogre", action: Standard, description: "waits"), EndTurn(unit: "ogre")]"#,
    )
    .unwrap();
    let query = |action: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_fivefoot"))
            .args(["query", path.to_str().unwrap(), "--dice", "1,20", "--script"])
            .arg(&script)
            .args(["path", "hero", "6,6", "--action", action])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let answer = query("withdraw");
    assert_eq!(answer["legal"], true, "{answer}");
    assert_eq!(answer["budget_ft"], 60);
    assert_eq!(answer["actions"], serde_json::json!(["full"]));
    // The start square (6, 3) is exempt; (6, 4) is still in the ogre's reach.
    let left: Vec<serde_json::Value> = answer["provokes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["square_left"].clone())
        .collect();
    assert_eq!(left, vec![serde_json::json!([6, 4])], "{answer}");
    let moved = query("move");
    let left: Vec<serde_json::Value> = moved["provokes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["square_left"].clone())
        .collect();
    assert_eq!(
        left,
        vec![serde_json::json!([6, 3]), serde_json::json!([6, 4])],
        "{moved}"
    );
}
