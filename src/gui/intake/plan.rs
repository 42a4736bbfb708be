//! The planned move to one square (MOV-1, MOV-2, §5.6, §8.2), as
//! `rules::movement::plan_move` plans it (`query path`): the smallest of the three move bands
//! that reaches it, each step's cost and the total, where it provokes and who reacts; with the
//! V toggle the path that provokes the fewest; a one-square move that would provoke as a
//! guarded step when the rules allow it. What a click sends and the path overlay shows.
//! Decides no rule.

use crate::grid::Square;
use crate::rules::movement::plan_move;
use crate::rules::movement::reach_plan::plan_reach;
use crate::rules::{GameCommand, MoveMode, RuleError, UnitId, cmd};
use bevy::prelude::*;
use std::collections::BTreeMap;

/// The planned move to one square, as the rules would execute it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathPreview {
    /// The smallest band whose plan reaches the square.
    pub band: Band,
    /// The mode the move is sent in: the band's, or a guarded step (§4.3.2, the d20 5-ft step)
    /// when the square is one step away, the band's move would provoke and the rules allow the
    /// step, which never does.
    pub mode: MoveMode,
    pub from: Square,
    /// Each next top-left square; the destination last.
    pub squares: Vec<Square>,
    /// The cost of each step in feet.
    pub steps_ft: Vec<u32>,
    pub cost_ft: u32,
    /// The unit's speed for one move action in feet (where the move band ends).
    pub speed_ft: u32,
    /// Each provocation as planned: the square left and the reactor.
    pub provokes: Vec<(Square, UnitId)>,
}

impl PathPreview {
    /// The band each step falls in by the feet spent so far: within one move, within two,
    /// or beyond (a run's steps are all run).
    pub fn step_bands(&self) -> Vec<Band> {
        let mut spent = 0;
        self.steps_ft
            .iter()
            .map(|ft| {
                spent += ft;
                match self.band {
                    Band::Run => Band::Run,
                    _ if spent <= self.speed_ft => Band::Move,
                    _ => Band::Double,
                }
            })
            .collect()
    }

    /// Feet spent after each step.
    pub fn running_totals(&self) -> Vec<u32> {
        self.steps_ft
            .iter()
            .scan(0, |spent, ft| {
                *spent += ft;
                Some(*spent)
            })
            .collect()
    }
}

/// The cheapest legal move of `unit` to `to` in the smallest band, planned by the rules; the
/// error of the largest band when none reaches.
pub fn path_preview(world: &World, unit: &UnitId, to: Square) -> Result<PathPreview, RuleError> {
    path_preview_avoiding(world, unit, to, false)
}

/// [`path_preview`], preferring the path with the fewest provocations when `avoid_aoo`
/// (the planner's choice, as `query path --avoid-aoo`).
pub fn path_preview_avoiding(
    world: &World,
    unit: &UnitId,
    to: Square,
    avoid_aoo: bool,
) -> Result<PathPreview, RuleError> {
    let band = reach_bands(world, unit).get(&to).copied();
    path_preview_in(world, unit, to, avoid_aoo, band)
}

/// The path preview when the square's band is already known from the reach overlay: one
/// `plan_move` in that band (a hover costs one plan, not one per band). With no band the
/// square is out of every band; the largest band's plan says why.
pub fn path_preview_in(
    world: &World,
    unit: &UnitId,
    to: Square,
    avoid_aoo: bool,
    band: Option<Band>,
) -> Result<PathPreview, RuleError> {
    let band = band.unwrap_or(Band::Run);
    let plan = plan_move(world, unit, to, None, band.mode(), avoid_aoo)?;
    if band == Band::Move
        && plan.squares.len() == 1
        && !plan.provokes.is_empty()
        && let Some(step) = guarded_step(world, unit, to)
    {
        return Ok(step);
    }
    Ok(PathPreview {
        band,
        mode: band.mode(),
        from: plan.from,
        squares: plan.squares,
        steps_ft: plan.steps_ft,
        cost_ft: plan.cost_ft,
        speed_ft: speed_ft(world, unit),
        provokes: plan.provokes.into_iter().map(|(_, sq, r)| (sq, r)).collect(),
    })
}

/// The guarded step to `to` (§4.3.2), when the rules accept it and it provokes nobody.
fn guarded_step(world: &World, unit: &UnitId, to: Square) -> Option<PathPreview> {
    let step = GameCommand::Move(cmd::Move {
        unit: unit.clone(),
        to,
        path: None,
        mode: MoveMode::GuardedStep,
    });
    crate::rules::check(world, &step).ok()?;
    let plan = plan_move(world, unit, to, None, MoveMode::GuardedStep, false).ok()?;
    plan.provokes.is_empty().then(|| PathPreview {
        band: Band::Move,
        mode: MoveMode::GuardedStep,
        from: plan.from,
        squares: plan.squares,
        steps_ft: plan.steps_ft,
        cost_ft: plan.cost_ft,
        speed_ft: speed_ft(world, unit),
        provokes: Vec::new(),
    })
}

/// The unit's land speed in feet now (MOV-1).
fn speed_ft(world: &World, unit: &UnitId) -> u32 {
    crate::rules::movement::speed::unit_land_speed_ft(world, unit)
}

/// Every square `unit` can move to now, in the smallest band the rules allow (the turn's
/// remaining actions count): one `rules::movement::reach_plan` (one board, one sweep per band), which
/// answers each square as `plan_move` would.
pub fn reach_bands(world: &World, unit: &UnitId) -> BTreeMap<Square, Band> {
    let modes = Band::ALL.map(Band::mode);
    let Ok(plan) = plan_reach(world, unit, &modes) else {
        return BTreeMap::new();
    };
    plan.smallest()
        .into_iter()
        .filter_map(|(sq, (mode, _))| Band::ALL.into_iter().find(|b| b.mode() == mode).map(|b| (sq, b)))
        .collect()
}

/// The movement bands, smallest first (MOV-1, MOV-2, §5.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    Move,
    Double,
    Run,
}

impl Band {
    pub const ALL: [Band; 3] = [Band::Move, Band::Double, Band::Run];

    /// The move mode the rules plan this band with.
    pub fn mode(self) -> MoveMode {
        match self {
            Band::Move => MoveMode::Move,
            Band::Double => MoveMode::Double,
            Band::Run => MoveMode::Run,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Band::Move => "move",
            Band::Double => "double move",
            Band::Run => "run",
        }
    }

    /// The band's colour: cool and calm (blue, teal, pale sand), well apart from the danger
    /// colours (threat red, provoking magenta) and the area template's orange.
    pub fn colour(self) -> Color {
        match self {
            Band::Move => Color::srgb_u8(0x3d, 0x8b, 0xff),
            Band::Double => Color::srgb_u8(0x2e, 0xc4, 0xa0),
            Band::Run => Color::srgb_u8(0xe6, 0xdf, 0xc0),
        }
    }
}
