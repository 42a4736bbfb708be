//! CON-1 (RULES.md §10.1, §11; issue #19): line of effect without line of sight is total
//! concealment (001:1627-1629; 004:725), in every family, through the one rules function
//! (`rules::attack::concealment`) that `query concealment`, `query attack`, `Attack` and attacks of
//! opportunity share. The maps are `tests/concealment/*.ron`.

use super::support::*;
use fivefoot::rules::{ConditionName, GameCommand, GameEvent};
use fivefoot::rules::{ReactionEvent, cmd};
use fivefoot::ruleset::ActionKind;
use fivefoot::testing::{battle, ok};
use serde_json::Value;
use std::process::Command;

const FAMILIES: [&str; 4] = ["starfinder", "d20_srd", "d20_modern", "saga"];

fn fog_path(family: &str) -> String {
    format!("tests/concealment/fog_{family}.ron")
}

fn fog_text(family: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(fog_path(family))).unwrap()
}

/// `fivefoot query SCENARIO ARGS...` as JSON.
fn query(scenario: &str, args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .args(["query", scenario])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
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

/// CON-1 on the issue's map (`A.f.. / ..f.. / ..f.B`, f = fog): `query los` says no, `query
/// loe` says yes, so `query concealment` and `query attack` say total concealment, decided
/// by the missing line of sight, with the family's numbers (§10.2: 50 % miss chance in
/// starfinder and the d20 families, −5 on the attack roll in saga).
#[test]
fn con_1_fog_line_of_effect_without_line_of_sight_is_total_concealment_in_every_family() {
    for family in FAMILIES {
        let path = fog_path(family);
        assert_eq!(query(&path, &["los", "a1", "b1"])["line_of_sight"], false, "{family}");
        assert_eq!(query(&path, &["loe", "a1", "b1"])["line_of_effect"], true, "{family}");
        let c = query(&path, &["concealment", "a1", "b1"]);
        assert_eq!(c["level"], "total", "{family}: {c}");
        assert_eq!(c["source"], "no_line_of_sight", "{family}: {c}");
        let a = query(&path, &["attack", "a1", "b1"]);
        assert_eq!(a["legal"], true, "{family}: {a}");
        assert_eq!(a["concealment"], "total", "{family}: {a}");
        assert_eq!(a["concealment_source"], "no_line_of_sight", "{family}: {a}");
        if family == "saga" {
            assert_eq!(c["attack_penalty"], -5);
            assert!(c["miss_chance"].is_null());
            assert!(a["miss_chance"].is_null());
            let penalties: Vec<&Value> = a["attack"].as_array().unwrap().iter().collect();
            assert!(
                penalties
                    .iter()
                    .any(|m| m["source"] == "total concealment" && m["value"] == -5),
                "{a}"
            );
        } else {
            assert_eq!(c["miss_chance"], 50, "{family}");
            assert_eq!(c["attack_penalty"], 0, "{family}");
            assert_eq!(a["miss_chance"], 50, "{family}");
        }
    }
}

/// CON-1 in the attack itself (starfinder, d20_srd, d20_modern: 001:1629-1633, the d20 SRD's
/// total concealment): a hit through the fog misses on a d% of 01-50 and lands on 51-100.
#[test]
fn con_1_an_attack_through_fog_rolls_the_total_concealment_miss_chance() {
    for family in ["starfinder", "d20_srd", "d20_modern"] {
        for (d100, hit) in [(50, false), (51, true)] {
            // Initiative a1 then b1 (a1 rolls higher), the attack's d20, the d%, damage.
            let mut b = battle(&fog_text(family), &[20, 1, 18, d100, 3]);
            assert_eq!(active(&b).as_deref(), Some("a1"));
            let a = &attack_rolls(&ok(&mut b, attack("a1", "b1")))[0];
            let (pct, roll) = a.miss_chance.clone().expect("a miss chance was rolled");
            assert_eq!((pct, roll.result, a.hit), (50, d100, hit), "{family} d% {d100}");
        }
    }
}

/// CON-1 with saga's total concealment (004:725): the attack into the fogged square is made at
/// −5, with no miss chance.
#[test]
fn con_1_saga_attack_through_fog_takes_minus_5() {
    let mut b = battle(&fog_text("saga"), &[20, 1, 18, 3]);
    let a = &attack_rolls(&ok(&mut b, attack("a1", "b1")))[0];
    assert!(a.miss_chance.is_none());
    assert!(
        a.modifiers
            .iter()
            .any(|m| m.value == -5 && m.source == "total concealment"),
        "{:?}",
        a.modifiers
    );
}

/// A two-unit battle in `family` on `rows` (`.` floor, `f` fog that blocks sight, `s` smoke
/// with normal concealment, `F` fog that also conceals), with a mover `m` (`M` standing in
/// fog, `S` in smoke) and a reactor `r`, both holding a blade; the reactor acts first.
fn duel(family: &str, rows: &[&str]) -> fivefoot::history::Battle {
    duel_with(family, rows, &[])
}

/// `duel` with `more` scripted dice after the initiative rolls.
fn duel_with(family: &str, rows: &[&str], more: &[u32]) -> fivefoot::history::Battle {
    let (defenses, health) = match family {
        "starfinder" => ("(eac: 10, kac: 12)", "(hp: 100, rp: 3)"),
        "saga" => ("(reflex: 12, fortitude: 10, will: 10)", "(hp: 100)"),
        "d20_modern" => ("(defense: 12)", "(hp: 100)"),
        _ => ("(ac: 12)", "(hp: 100)"),
    };
    let mut units = Vec::new();
    let mut clean = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        let mut line = String::new();
        for (x, c) in row.chars().enumerate() {
            let (id, init, under) = match c {
                'm' => ("m", 1, '.'),
                'r' => ("r", 2, '.'),
                'M' => ("m", 1, 'f'),
                'S' => ("m", 1, 's'),
                _ => {
                    line.push(c);
                    continue;
                }
            };
            line.push(under);
            units.push(format!(
                r#"(id: "{id}", side: "{id}", at: ({x}, {y}), initiative: {init}, speed: (land: 30), defenses: {defenses}, health: {health},
                   weapons: [(name: "Blade", kind: Melee, attack: 4, damage: "1d6", damage_types: [Slashing])])"#
            ));
        }
        clean.push(format!("\"{line}\""));
    }
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (rows: [{}], legend: {{ '.': (terrain: Floor), 'f': (terrain: Floor, blocks_sight: true),
        's': (terrain: Floor, concealment: Normal), 'F': (terrain: Floor, blocks_sight: true, concealment: Normal) }}),
    sides: [(id: "m", name: "M", control: Human, colour: "#3070d0"), (id: "r", name: "R", control: Human, colour: "#d03030")],
    units: [{}])"##,
        clean.join(", "),
        units.join(", ")
    );
    let mut dice = vec![1, 20];
    dice.extend_from_slice(more);
    battle(&text, &dice)
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

fn step(unit: &str, x: i32, y: i32) -> GameCommand {
    GameCommand::Move(cmd::Move {
        unit: unit.into(),
        to: fivefoot::grid::Square::new(x, y),
        path: None,
        mode: fivefoot::rules::MoveMode::Move,
    })
}

/// CON-1 in attacks of opportunity: saga makes no AoO against a creature with total
/// concealment (004:725), nor does d20_srd (the seed is silent; the d20 SRD's Combat
/// Modifiers: "You can't execute an attack of opportunity against an opponent with total
/// concealment"), and a creature standing in fog has it against everyone outside; in clear
/// air the same move provokes. starfinder has no such protection: the AoO is made, and it
/// rolls the 50 % miss chance of total concealment (001:1629-1633).
#[test]
fn con_1_saga_no_attack_of_opportunity_against_a_unit_in_fog_004_725() {
    for family in ["saga", "d20_srd"] {
        // The reactor acts first (an action, so it is no longer flat-footed) and ends its turn;
        // the mover, next to it, walks away.
        let mut clear = duel(family, &["rm..."]);
        ok(&mut clear, act("r", ActionKind::Standard));
        ok(&mut clear, end_turn("r"));
        assert_eq!(aoo_reactors(&ok(&mut clear, step("m", 3, 0))), ["r"], "{family}");

        let mut fog = duel(family, &["rM..."]);
        ok(&mut fog, act("r", ActionKind::Standard));
        ok(&mut fog, end_turn("r"));
        let c = query_concealment(&fog, "r", "m");
        assert_eq!(c, fivefoot::grid::Concealment::Total, "{family}");
        assert!(aoo_reactors(&ok(&mut fog, step("m", 3, 0))).is_empty(), "{family}");
    }

    // starfinder: the AoO's d20 18 hits KAC 12, then the d% 30 misses on the 50 % chance.
    let mut sf = duel_with("starfinder", &["rM..."], &[18, 30]);
    ok(&mut sf, end_turn("r"));
    let events = ok(&mut sf, step("m", 3, 0));
    assert_eq!(aoo_reactors(&events), ["r"]);
    let aoo = &attack_rolls(&events)[0];
    let (pct, roll) = aoo.miss_chance.clone().expect("the miss chance is rolled");
    assert_eq!((pct, roll.result, aoo.hit), (50, 30, false));
}

fn query_concealment(b: &fivefoot::history::Battle, attacker: &str, target: &str) -> fivefoot::grid::Concealment {
    fivefoot::rules::attack::concealment::concealment(
        b.world(),
        &attacker.into(),
        &attacker.into(),
        &target.into(),
        fivefoot::grid::AttackKind::Ranged,
    )
    .expect("both units are placed")
    .level
}

/// The reading written in docs/cli.md: a square that blocks sight acts only through line of
/// sight. Fog beside the lines, with a clear line left, gives no concealment; fog that is also
/// marked `concealment: Normal` conceals on CON-1's lines like smoke.
#[test]
fn con_1_a_sight_blocker_conceals_only_through_line_of_sight() {
    use fivefoot::grid::Concealment;
    for family in FAMILIES {
        let beside = duel(family, &["r.f..", "....m"]);
        assert_eq!(query_concealment(&beside, "r", "m"), Concealment::None, "{family}");
        let marked = duel(family, &["r.F..", "....m"]);
        assert_eq!(query_concealment(&marked, "r", "m"), Concealment::Normal, "{family}");
    }
}

/// CON-1, adjacent melee (001:1611-1613; 004:711): against an adjacent target only its whole
/// space inside a concealing effect counts. Smoke beside it touches the corner lines (a
/// ranged attack is concealed) but does not conceal it from a melee attack next to it.
#[test]
fn con_1_adjacent_melee_needs_the_whole_space_concealed() {
    use fivefoot::grid::{AttackKind, Concealment};
    for family in FAMILIES {
        let b = duel(family, &["rm", ".s"]);
        let level = |kind| {
            fivefoot::rules::attack::concealment::concealment(b.world(), &"r".into(), &"r".into(), &"m".into(), kind)
                .unwrap()
                .level
        };
        assert_eq!(level(AttackKind::Ranged), Concealment::Normal, "{family}");
        assert_eq!(level(AttackKind::Melee), Concealment::None, "{family}");
        let inside = duel(family, &["rS"]);
        let melee = fivefoot::rules::attack::concealment::concealment(
            inside.world(),
            &"r".into(),
            &"r".into(),
            &"m".into(),
            AttackKind::Melee,
        );
        assert_eq!(
            melee.unwrap().level,
            Concealment::Normal,
            "{family}: the target stands in the smoke"
        );
    }
}

/// CON-1 on a shipped scenario with a bank of fog added between two units
/// (`tests/concealment/*_fog.ron`): in the shipped map the shot is clear; through the fog the
/// target has total concealment, decided by the missing line of sight, with the family's
/// numbers in the attack preview (starfinder 50 % miss chance; saga −5, 004:725).
#[test]
fn con_1_fog_bank_between_two_units_of_a_shipped_scenario() {
    for (shipped, fogged, attacker, target, weapon) in [
        (
            "scenarios/starfinder_salvage_yard.ron",
            "tests/concealment/starfinder_salvage_yard_fog.ron",
            "raskha",
            "ashok",
            "Tactical semi-auto pistol",
        ),
        (
            "scenarios/saga_hangar.ron",
            "tests/concealment/saga_hangar_fog.ron",
            "kessa",
            "trooper_b",
            "Heavy blaster pistol",
        ),
    ] {
        let clear = query(shipped, &["concealment", attacker, target]);
        assert_eq!(clear["level"], "none", "{shipped}: {clear}");
        assert_eq!(query(shipped, &["los", attacker, target])["line_of_sight"], true);
        assert_eq!(query(fogged, &["los", attacker, target])["line_of_sight"], false);
        assert_eq!(query(fogged, &["loe", attacker, target])["line_of_effect"], true);
        let c = query(fogged, &["concealment", attacker, target]);
        assert_eq!(
            (c["level"].as_str(), c["source"].as_str()),
            (Some("total"), Some("no_line_of_sight")),
            "{c}"
        );
        let a = query(fogged, &["attack", attacker, target, "--weapon", weapon]);
        assert_eq!(a["legal"], true, "{a}");
        assert_eq!(a["concealment"], "total", "{a}");
        if shipped.contains("saga") {
            assert!(a["miss_chance"].is_null());
            let list = a["attack"].as_array().unwrap();
            assert!(
                list.iter()
                    .any(|m| m["source"] == "total concealment" && m["value"] == -5),
                "{a}"
            );
        } else {
            assert_eq!(a["miss_chance"], 50, "{a}");
        }
    }
}

/// CON-1 with blindness: a blinded attacker has no line of sight to anyone (001:3858-3860
/// "you treat all creatures as having total concealment (50% miss chance)"; 004:839-841), so
/// its foes have total concealment; the starfinder data says so too (`Blinded`:
/// `foes_totally_concealed`).
#[test]
fn con_1_a_blinded_attacker_sees_no_one() {
    let mut b = duel("starfinder", &["rm..."]);
    let preview = |b: &fivefoot::history::Battle| {
        fivefoot::rules::attack::action::preview_attack(b.world(), &"r".into(), &"m".into(), None).expect("legal")
    };
    assert_eq!(preview(&b).situation.miss_chance, None);
    ok(
        &mut b,
        GameCommand::TrackEffect(cmd::TrackEffect {
            source: "r".into(),
            target: "r".into(),
            name: "flash".into(),
            rounds: 1,
            condition: Some(ConditionName::Blinded),
            damage: None,
        }),
    );
    let p = preview(&b);
    assert_eq!(p.situation.concealment, fivefoot::grid::Concealment::Total);
    assert_eq!(
        p.situation.concealment_source,
        fivefoot::rules::attack::concealment::ConcealmentSource::Blinded
    );
    assert_eq!(p.situation.miss_chance, Some(50));
}
