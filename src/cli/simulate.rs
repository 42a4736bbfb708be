//! `fivefoot simulate SCENARIO`: whole battles computer against computer (`ai::runner`),
//! game k with seed S+k, and per side the wins, draws, mean rounds, commands per game,
//! decision time per unit-turn and refused commands, as text or JSON (docs/cli.md). Exit 1
//! when a game panicked, stalled, broke an invariant or had a command refused.

use super::io::{CommandLine, FAILURE, Io};
use super::open::open_battle_lines;
use super::{DiceArgs, SideArg};
use crate::ai::runner::{GameReport, Setup, play};
use crate::rules::SideId;
use crate::scenario::ScenarioSpec;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// What `simulate` was asked for.
pub struct Request<'a> {
    pub scenario: &'a Path,
    pub games: u32,
    pub seed: Option<u64>,
    pub sides: &'a [SideArg],
    pub max_rounds: u32,
    pub jobs: u32,
    pub json: bool,
}

pub fn simulate(req: &Request, command_line: &CommandLine, io: &mut Io) -> u8 {
    let battle = match open_battle_lines(req.scenario, &DiceArgs::default(), command_line) {
        Ok(b) => b,
        Err(lines) => {
            io.errors(&lines);
            return FAILURE;
        }
    };
    let spec = battle.spec().clone();
    let save = battle.save();
    let mut policies = BTreeMap::new();
    for arg in req.sides {
        if !spec.sides.iter().any(|s| s.id.0 == arg.side) {
            let sides: Vec<&str> = spec.sides.iter().map(|s| s.id.0.as_str()).collect();
            io.error(command_line.error(
                &format!("{}={}", arg.side, arg.policy.name()),
                format!(
                    "there is no side `{}` in this scenario (sides: {})",
                    arg.side,
                    sides.join(", ")
                ),
            ));
            return FAILURE;
        }
        policies.insert(SideId(arg.side.clone()), arg.policy);
    }
    let setup = Setup {
        policies,
        max_rounds: req.max_rounds,
    };
    let first = req.seed.or(spec.seed).unwrap_or(0);
    let reports = play_all(&spec, &save.scenario, &save.scenario_file, first, req, &setup);
    let summary = summarise(&spec, &setup, &reports);
    if req.json {
        io.out(serde_json::to_string_pretty(&summary).unwrap_or_default());
    } else {
        print_text(&summary, io);
    }
    let bad = reports
        .iter()
        .any(|r| r.panicked || r.stalled.is_some() || !r.refused.is_empty() || !r.violations.is_empty());
    if bad { FAILURE } else { 0 }
}

/// Plays the games, on `req.jobs` threads; the reports in game order.
fn play_all(spec: &ScenarioSpec, text: &str, file: &str, first: u64, req: &Request, setup: &Setup) -> Vec<GameReport> {
    let games = req.games as usize;
    let jobs = (req.jobs.max(1) as usize).min(games.max(1));
    let mut reports: Vec<Option<GameReport>> = vec![None; games];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|j| {
                scope.spawn(move || {
                    (j..games)
                        .step_by(jobs)
                        .map(|k| (k, play(spec, text, file, first.wrapping_add(k as u64), setup)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            if let Ok(done) = h.join() {
                for (k, r) in done {
                    reports[k] = Some(r);
                }
            }
        }
    });
    reports.into_iter().flatten().collect()
}

/// Percentiles of decision times in milliseconds.
fn times_json(times: &[Duration]) -> Value {
    let mut ms: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| -> f64 {
        if ms.is_empty() {
            return 0.0;
        }
        let i = ((ms.len() as f64 - 1.0) * q).round() as usize;
        round3(ms[i.min(ms.len() - 1)])
    };
    json!({ "p50": at(0.5), "p99": at(0.99), "max": at(1.0), "turns": ms.len() })
}

fn round3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

/// The summary `--json` prints (docs/cli.md).
fn summarise(spec: &ScenarioSpec, setup: &Setup, reports: &[GameReport]) -> Value {
    let games = reports.len();
    let n = games.max(1) as f64;
    let mut wins = serde_json::Map::new();
    let mut sides = serde_json::Map::new();
    let mut all_times = Vec::new();
    for side in &spec.sides {
        let id = &side.id;
        let won = reports.iter().filter(|r| r.winner.as_ref() == Some(id)).count();
        wins.insert(id.0.clone(), json!(won));
        let times: Vec<Duration> = reports
            .iter()
            .flat_map(|r| r.turn_times.get(id).cloned().unwrap_or_default())
            .collect();
        all_times.extend(times.iter().copied());
        let commands: u32 = reports.iter().map(|r| r.commands.get(id).copied().unwrap_or(0)).sum();
        let mut kinds: std::collections::BTreeMap<&str, u32> = std::collections::BTreeMap::new();
        for (kind, n) in reports.iter().filter_map(|r| r.kinds.get(id)).flatten() {
            *kinds.entry(kind).or_default() += n;
        }
        let refused = reports
            .iter()
            .flat_map(|r| r.refused.iter())
            .filter(|line| line.starts_with(&format!("{}:", id.0)))
            .count();
        sides.insert(
            id.0.clone(),
            json!({
                "policy": setup.policy(id).name(),
                "wins": won,
                "commands_per_game": round3(f64::from(commands) / n),
                "command_kinds": kinds,
                "decision_ms": times_json(&times),
                "refused": refused,
            }),
        );
    }
    let draws = reports.iter().filter(|r| r.winner.is_none()).count();
    let rounds: f64 = reports.iter().map(|r| f64::from(r.rounds)).sum::<f64>() / n;
    let refused: usize = reports.iter().map(|r| r.refused.len()).sum();
    let violations: usize = reports.iter().map(|r| r.violations.len()).sum();
    let problems: Vec<String> = reports
        .iter()
        .flat_map(|r| {
            let seed = r.seed;
            r.refused
                .iter()
                .map(move |l| format!("seed {seed}: refused: {l}"))
                .chain(r.violations.iter().map(move |l| format!("seed {seed}: invariant: {l}")))
                .chain(r.stalled.iter().map(move |l| format!("seed {seed}: stalled: {l}")))
        })
        .take(20)
        .collect();
    json!({
        "scenario": spec.name,
        "games": games,
        "first_seed": reports.first().map(|r| r.seed),
        "max_rounds": setup.max_rounds,
        "wins": wins,
        "draws": draws,
        "rounds": { "mean": round3(rounds) },
        "decision_ms": times_json(&all_times),
        "refused": refused,
        "violations": violations,
        "panics": reports.iter().filter(|r| r.panicked).count(),
        "stalled": reports.iter().filter(|r| r.stalled.is_some() && !r.panicked).count(),
        "sides": sides,
        "problems": problems,
    })
}

fn print_text(summary: &Value, io: &mut Io) {
    let games = summary["games"].as_u64().unwrap_or(0);
    io.out(format!(
        "{}: {games} games from seed {}, at most {} rounds",
        summary["scenario"].as_str().unwrap_or(""),
        summary["first_seed"],
        summary["max_rounds"]
    ));
    if let Some(sides) = summary["sides"].as_object() {
        for (id, s) in sides {
            let t = &s["decision_ms"];
            io.out(format!(
                "  {id} ({}): {} wins, {} commands per game, decision per unit-turn p50 {} ms, p99 {} ms, max {} ms, {} refused",
                s["policy"].as_str().unwrap_or(""),
                s["wins"],
                s["commands_per_game"],
                t["p50"],
                t["p99"],
                t["max"],
                s["refused"]
            ));
        }
    }
    io.out(format!(
        "  draws {}, mean rounds {}, refused {}, invariant violations {}, panics {}, stalled {}",
        summary["draws"],
        summary["rounds"]["mean"],
        summary["refused"],
        summary["violations"],
        summary["panics"],
        summary["stalled"]
    ));
    if let Some(problems) = summary["problems"].as_array() {
        for p in problems {
            io.out(format!("  problem: {}", p.as_str().unwrap_or("")));
        }
    }
}
