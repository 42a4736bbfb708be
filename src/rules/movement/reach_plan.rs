//! Where a unit can move now, for every square at once (MOV-1, MOV-2, §5.6, MOV-7, MOV-9,
//! MOV-11): one board, one Dijkstra sweep per Dijkstra band and one priced straight line per
//! run square, instead of one `plan_move` (and one board build) per square and band.
//!
//! The answer for any one square equals `plan_move`'s (legal or not, and the cost of the
//! cheapest path): the mode checks are `movement::move_basics`, shared with `plan_move`, and
//! the sweep is the planner's own `reach` over the same board. Used by the GUI's reach overlay
//! and by `fivefoot query reach`. Owns no rule of its own.

use crate::grid::{Planner, Square, reach, straight_path};
use crate::rules::movement::board::board_for;
use crate::rules::movement::{MoveMode, check_run, move_basics};
use crate::rules::{Combat, RuleError, UnitId};
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use std::collections::BTreeMap;

/// The squares one mode reaches, with the cheapest cost of each in feet, sorted by `(y, x)`;
/// or why the mode cannot be taken now at all (prone, actions spent, ...).
pub type BandReach = Result<Vec<(Square, u32)>, RuleError>;

/// Every square `unit` can move to now, per mode in the order asked.
#[derive(Debug, Clone)]
pub struct ReachPlan {
    pub from: Square,
    pub bands: Vec<(MoveMode, BandReach)>,
}

impl ReachPlan {
    /// Each reachable square in the first mode (in the order asked) that reaches it, with
    /// that mode's cost in feet.
    pub fn smallest(&self) -> BTreeMap<Square, (MoveMode, u32)> {
        let mut out = BTreeMap::new();
        for (mode, band) in &self.bands {
            for (sq, ft) in band.as_ref().map(|v| v.as_slice()).unwrap_or_default() {
                out.entry(*sq).or_insert((*mode, *ft));
            }
        }
        out
    }

    /// The band of one mode, if it was asked for.
    pub fn band(&self, mode: MoveMode) -> Option<&BandReach> {
        self.bands.iter().find(|(m, _)| *m == mode).map(|(_, b)| b)
    }
}

/// Plans the reach of `unit` for each of `modes` (`Move`, `Double`, `Crawl`, `Minimum` by a
/// sweep of the planner; `Run` by straight lines, §5.6). Other modes depend on the path taken
/// square by square and are refused as not supported. Errors only when the unit is unknown.
pub fn plan_reach(world: &World, unit: &UnitId, modes: &[MoveMode]) -> Result<ReachPlan, RuleError> {
    let from =
        crate::rules::reactions::threat::space_of(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let rules = world.resource::<Ruleset>();
    let ft = rules.grid.square_ft;
    let parity0 = world.resource::<Combat>().diagonals;
    let layers = board_for(world, unit);
    let board = layers.board(world);
    let mut planner = Planner::new();
    let mut bands = Vec::with_capacity(modes.len());
    for &mode in modes {
        let band = move_basics(world, unit, mode).and_then(|basics| match mode {
            MoveMode::Move | MoveMode::Double | MoveMode::Crawl | MoveMode::Minimum => {
                Ok(reach(&mut planner, &board, basics.from.at, parity0, basics.budget)
                    .iter()
                    .filter(|(sq, _)| *sq != basics.from.at)
                    .map(|(sq, cost)| (sq, cost * ft))
                    .collect())
            }
            MoveMode::Run => {
                if let Some(c) = crate::rules::movement::charge::NO_RUN_OR_CHARGE
                    .iter()
                    .find(|c| basics.conditions.contains(c))
                {
                    return Err(RuleError::IllegalMove(format!(
                        "{unit} cannot run while {}",
                        format!("{c:?}").to_lowercase()
                    )));
                }
                let r = basics.budget as i32;
                let (w, h) = (board.map.width() as i32, board.map.height() as i32);
                let mut out = Vec::new();
                for y in (from.at.y - r).max(0)..=(from.at.y + r).min(h - 1) {
                    for x in (from.at.x - r).max(0)..=(from.at.x + r).min(w - 1) {
                        let to = Square::new(x, y);
                        let Some(line) = straight_path(from.at, to, rules.grid.straight_line) else {
                            continue;
                        };
                        if line.is_empty() {
                            continue;
                        }
                        let Ok(priced) = planner.price(&board, from.at, &line, parity0) else {
                            continue;
                        };
                        if priced.total <= basics.budget && check_run(world, rules, basics.from, &line).is_ok() {
                            out.push((to, priced.total * ft));
                        }
                    }
                }
                Ok(out)
            }
            other => Err(RuleError::NotSupported(format!(
                "the reach of a {other:?} is not planned square by square yet; ask `query path`"
            ))),
        });
        bands.push((mode, band));
    }
    Ok(ReachPlan { from: from.at, bands })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameCommand;
    use crate::rules::cmd;
    use crate::rules::movement::plan_move;
    use crate::testing::{battle, ok};

    const MODES: [MoveMode; 3] = [MoveMode::Move, MoveMode::Double, MoveMode::Run];

    /// A battle on `rows` (`.` floor, `~` difficult, `#` wall, `o` low obstacle), `me` at
    /// `at`, a bladed foe at `foe` that has already acted, and an ally at `ally`.
    fn field(
        ruleset: &str,
        rows: &[&str],
        at: (i32, i32),
        foe: (i32, i32),
        ally: (i32, i32),
    ) -> crate::testing::Battle {
        let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
        let stats = match ruleset {
            "saga" => "defenses: (reflex: 14, fortitude: 12, will: 11), health: (hp: 100)",
            _ => "defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)",
        };
        let text = format!(
            r##"Scenario(version: 1, name: "t", ruleset: "{ruleset}",
    map: (rows: [{}], legend: {{ '.': (terrain: Floor), '~': (terrain: Difficult), '#': (terrain: Wall) }}),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", side: "a", at: ({}, {}), speed: (land: 30), initiative: 0, {stats}),
        (id: "pal", side: "a", at: ({}, {}), speed: (land: 30), initiative: 1, {stats}),
        (id: "foe", side: "b", at: ({}, {}), speed: (land: 30), initiative: 20, {stats},
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
    ],
)"##,
            rows.join(", "),
            at.0,
            at.1,
            ally.0,
            ally.1,
            foe.0,
            foe.1
        );
        let mut b = battle(&text, &[]);
        while b.world().resource::<Combat>().active != Some(UnitId("me".into())) {
            let active = b.world().resource::<Combat>().active.clone().expect("a turn");
            ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: active }));
        }
        b
    }

    /// For every square of the map and each band: the reach plan lists it iff `plan_move`
    /// accepts it, at the same cost.
    fn assert_matches_plan_move(world: &World) -> usize {
        let me = UnitId("me".into());
        let plan = plan_reach(world, &me, &MODES).expect("known unit");
        let map = &world.resource::<crate::rules::Terrain>().0;
        let mut legal = 0;
        for (mode, band) in &plan.bands {
            let listed: BTreeMap<Square, u32> = band.clone().unwrap_or_default().into_iter().collect();
            for sq in map.squares() {
                let single = plan_move(world, &me, sq, None, *mode, false).ok().map(|p| p.cost_ft);
                assert_eq!(listed.get(&sq).copied(), single, "{mode:?} to {sq}");
                legal += usize::from(single.is_some());
            }
        }
        legal
    }

    /// MOV-1, MOV-2, §5.6, MOV-7, MOV-11 (starfinder, 1-2-1-2 diagonals): walls, difficult
    /// terrain, an ally to pass and a foe to go around; every square agrees with `plan_move`.
    #[test]
    fn mov_1_mov_2_reach_plan_equals_plan_move_on_every_square_starfinder() {
        let rows = [
            "..........~~~~..",
            "..####....~~~~..",
            "......#.........",
            "..~~..#...###...",
            "..~~............",
            "........~~~.....",
            "....#...~~~.....",
            "................",
        ];
        let b = field("starfinder", &rows, (1, 4), (9, 4), (2, 4));
        assert!(assert_matches_plan_move(b.world()) > 50);
        let plan = plan_reach(b.world(), &UnitId("me".into()), &MODES).unwrap();
        assert!(!plan.band(MoveMode::Run).unwrap().as_ref().unwrap().is_empty());
    }

    /// WE-04 family (saga: every diagonal costs 2) on another map.
    #[test]
    fn we_04_reach_plan_equals_plan_move_on_every_square_saga() {
        let rows = [
            "~~~~......",
            "...#......",
            "...#..~~..",
            "...#..~~..",
            "..........",
            "......###.",
        ];
        let b = field("saga", &rows, (5, 4), (0, 5), (6, 4));
        assert!(assert_matches_plan_move(b.world()) > 20);
    }

    /// ACT-1: once the move action is spent, the move and double bands are refused as a whole
    /// (as `plan_move` refuses each square), and the answer still equals `plan_move`'s.
    #[test]
    fn act_1_a_spent_move_action_empties_the_bands_like_plan_move() {
        let rows = ["........", "........", "........", "........"];
        let mut b = field("starfinder", &rows, (0, 0), (7, 3), (0, 3));
        let me = UnitId("me".into());
        ok(
            &mut b,
            GameCommand::Move(cmd::Move {
                unit: me.clone(),
                to: Square::new(1, 0),
                path: None,
                mode: MoveMode::Move,
            }),
        );
        assert!(assert_matches_plan_move(b.world()) > 0, "the move band is left");
        let plan = plan_reach(b.world(), &me, &MODES).unwrap();
        assert!(plan.band(MoveMode::Double).unwrap().is_err());
        assert!(plan.smallest().values().all(|(m, _)| *m == MoveMode::Move));
    }

    #[test]
    fn a_mode_that_depends_on_the_path_is_not_supported_and_an_unknown_unit_is_an_error() {
        let rows = ["....", "...."];
        let b = field("starfinder", &rows, (0, 0), (3, 1), (0, 1));
        let plan = plan_reach(b.world(), &UnitId("me".into()), &[MoveMode::Withdraw]).unwrap();
        assert!(matches!(plan.bands[0].1, Err(RuleError::NotSupported(_))));
        assert!(plan_reach(b.world(), &UnitId("nobody".into()), &MODES).is_err());
    }
}
