//! Movement actions (RULES.md §5, §8): move, double move, run, withdraw, guarded step,
//! crawl and minimum movement, each with its legality checks and costs; before each step
//! the walk asks `reactions::opportunity` who the step provokes and resolves their attacks
//! before the mover leaves the square (AOO-1).
//! Over 600 lines: the move command's every mode (move, double, run, withdraw, guarded step,
//! crawl, squeeze) shares one check and one step-by-step walk with the attacks of opportunity
//! between steps.

pub mod commands;
mod events;
pub mod options;
use crate::rules::{HealthEvent, cmd};
pub use events::MovementEvent;

pub mod board;
pub mod charge;
pub mod flight;
pub mod reach_plan;
pub mod speed;

use super::health::LifeState;
use super::health::conditions::effective_conditions;
use super::movement::board::{BoardLayers, board_for, occupancy_for};
use super::reactions::opportunity::{attack_of_opportunity, provoked_now};
use super::reactions::threat::{elevation_of, space_of, threatens_at};
use super::{Combat, ConditionName, Executor, GameCommand, Profile, RuleError, UnitId};
use crate::grid::{Planner, Space, Square, straight_path};
use crate::rules::Terrain;
use crate::rules::sequence::turn::{EffectTerms, start_effect, take_action};
use crate::ruleset::{ActionKind, Ruleset, RunnerDefense, WithdrawProtection};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// Which movement action a `Move` command is (§4.3.2, §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum MoveMode {
    /// One move action: up to speed (MOV-1).
    #[default]
    Move,
    /// Two move actions: up to 2 × speed, one pooled budget (MOV-2).
    Double,
    /// Run: a straight line up to the family's multiple of speed, not across difficult
    /// terrain (§5.6, MOV-7).
    Run,
    /// Withdraw (§5.9): leaving the start square does not provoke visible enemies.
    Withdraw,
    /// starfinder guarded step: 5 ft that never provokes (§4.3.2).
    GuardedStep,
    /// Crawl while prone (§4.3.2).
    Crawl,
    /// Minimum movement: a full action for 1 square whatever the speed (§4.3.2).
    Minimum,
    /// The movement of a charge (§5.8); only the `Charge` command moves this way.
    Charge,
    /// Squeeze through a space at least half as wide as the unit (§5.4): one move action,
    /// the narrower footprint (anchored at the top-left square), the family's hampering
    /// (starfinder: half speed) and entangled while squeezing; it must end where its whole
    /// space fits.
    Squeeze,
}

/// A checked move: what it costs and where it goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MovePlan {
    pub mode: MoveMode,
    /// The actions it takes, in the order they are paid.
    pub actions: Vec<ActionKind>,
    pub from: Square,
    /// Each next top-left square; the destination last.
    pub squares: Vec<Square>,
    /// Cost of each step in feet.
    pub steps_ft: Vec<u32>,
    pub cost_ft: u32,
    /// The most the move may cost, in feet.
    pub budget_ft: u32,
    /// Reactors provoked on each step as planned (before cover and reactions are re-checked
    /// at the moment each square is left): (step index, square left, reactor).
    pub provokes: Vec<(usize, Square, UnitId)>,
    /// Whether the planner's attack-of-opportunity count is exact (see `grid::path`).
    pub exact_aoo: bool,
}

/// The actions a mode takes and its distance budget in squares (§4.3.2, §5).
fn mode_cost(
    rules: &Ruleset,
    profile: &Profile,
    mode: MoveMode,
    speed: u32,
) -> Result<(Vec<ActionKind>, u32), RuleError> {
    let m = &rules.movement;
    let unsupported = |what: &str| RuleError::NotSupported(format!("{what} is not in {}'s rules", rules.name));
    Ok(match mode {
        MoveMode::Move => (vec![ActionKind::Move], speed),
        MoveMode::Double => (vec![ActionKind::Move, ActionKind::Move], 2 * speed),
        MoveMode::Run => (
            vec![m.run.action],
            super::movement::speed::run_multiple(rules, profile) * speed,
        ),
        MoveMode::Withdraw => {
            let w = m.withdraw.as_ref().ok_or_else(|| unsupported("withdraw"))?;
            (vec![w.action], speed * w.max_distance.num / w.max_distance.den.max(1))
        }
        MoveMode::GuardedStep => {
            let g = m.guarded_step.as_ref().ok_or_else(|| unsupported("a guarded step"))?;
            (vec![g.action], g.squares)
        }
        MoveMode::Crawl => {
            let c = m.posture.crawl.as_ref().ok_or_else(|| unsupported("crawling"))?;
            (vec![c.action], c.squares)
        }
        MoveMode::Minimum => {
            let mm = m
                .minimum_movement
                .as_ref()
                .ok_or_else(|| unsupported("minimum movement"))?;
            (vec![mm.action], mm.squares)
        }
        MoveMode::Charge => return Err(RuleError::IllegalMove("use the Charge command to charge".into())),
        MoveMode::Squeeze => {
            m.squeezing.as_ref().ok_or_else(|| unsupported("squeezing"))?;
            (vec![ActionKind::Move], speed)
        }
    })
}

/// Checks a move and plans its path (pure). The errors say why in a player's words.
pub fn check_move(
    world: &World,
    unit: &UnitId,
    to: Square,
    path: Option<&[Square]>,
    mode: MoveMode,
) -> Result<MovePlan, RuleError> {
    plan_move(world, unit, to, path, mode, false)
}

/// What a move mode allows the unit before any path is looked at (the checks every target
/// shares): shared by `plan_move` and the multi-target `reach_plan`, so both refuse and budget
/// a mode the same way.
pub(crate) struct MoveBasics {
    pub conditions: std::collections::BTreeSet<ConditionName>,
    pub actions: Vec<ActionKind>,
    /// The most the mode may cost, in squares.
    pub budget: u32,
    /// The unit's whole space.
    pub full: Space,
    /// The footprint that moves (narrower while squeezing).
    pub from: Space,
}

/// The checks of a move that do not depend on where it goes (§4.3.2, §5, ACT-1).
pub(crate) fn move_basics(world: &World, unit: &UnitId, mode: MoveMode) -> Result<MoveBasics, RuleError> {
    let rules = world.resource::<Ruleset>();
    let combat = world.resource::<Combat>();
    let e = *world
        .resource::<super::UnitIndex>()
        .0
        .get(unit)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let profile = world
        .get::<Profile>(e)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let illegal = |why: String| RuleError::IllegalMove(why);
    let full = space_of(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    // What `check` refuses a `Move` for before looking at where it goes (§20 no actions:
    // paralyzed, stunned, helpless...; riding; pinned; the chase's phases): the same gates.
    let order = GameCommand::Move(cmd::Move {
        unit: unit.clone(),
        to: full.at,
        path: None,
        mode,
    });
    super::engine::resolve::actor_refusal(world, &order)?;
    super::health::check_can_act(world, unit)?;
    if elevation_of(world, unit) > 0 {
        return Err(illegal(format!("{unit} is in the air: use Fly (MOV-14)")));
    }
    let conditions = effective_conditions(world, unit);
    let prone = conditions.contains(&ConditionName::Prone);
    if prone && mode != MoveMode::Crawl {
        return Err(illegal(format!("{unit} is prone: stand up first, or crawl")));
    }
    if !prone && mode == MoveMode::Crawl {
        return Err(illegal(format!("{unit} is not prone, so it cannot crawl")));
    }
    for c in [ConditionName::Grappled, ConditionName::Pinned, ConditionName::Grabbed] {
        if conditions.contains(&c) {
            return Err(illegal(format!("{unit} is {c:?} and cannot move").to_lowercase()));
        }
    }
    let speed = super::movement::speed::unit_land_speed_ft(world, unit) / rules.grid.square_ft.max(1);
    let (actions, budget) = mode_cost(rules, profile, mode, speed)?;
    if mode == MoveMode::GuardedStep && speed == 0 {
        return Err(illegal("a creature with speed 0 cannot take a guarded step".into()));
    }
    if mode == MoveMode::Withdraw {
        check_withdraw(rules, unit, &conditions, speed)?;
    }
    // ACT-1: the actions must be affordable together.
    let mut budget_left = combat.budget.clone().ok_or(RuleError::NoActiveTurn)?;
    for kind in &actions {
        budget_left.spend(&rules.actions, *kind).map_err(RuleError::Budget)?;
    }
    let from = match mode {
        MoveMode::Squeeze => Space::new(full.at, squeezed_side(rules, unit, profile, full)?),
        _ => full,
    };
    Ok(MoveBasics {
        conditions,
        actions,
        budget,
        full,
        from,
    })
}

/// `check_move` with the planner told to avoid attacks of opportunity when it picks the path.
pub fn plan_move(
    world: &World,
    unit: &UnitId,
    to: Square,
    path: Option<&[Square]>,
    mode: MoveMode,
    avoid_aoo: bool,
) -> Result<MovePlan, RuleError> {
    let rules = world.resource::<Ruleset>();
    let combat = world.resource::<Combat>();
    let illegal = |why: String| RuleError::IllegalMove(why);
    let MoveBasics {
        conditions,
        actions,
        budget,
        full,
        from,
    } = move_basics(world, unit, mode)?;
    let layers = board_for(world, unit);
    let mut board = layers.board(world);
    if mode == MoveMode::Squeeze {
        board.side = from.side;
        board.extra_hampering = rules.movement.squeezing.map_or(0, |s| s.hampering as u8);
    }
    let mut planner = Planner::new();
    let parity0 = combat.diagonals;
    let exempt_first = withdraw_exemptions(world, rules, unit, mode, &layers);
    let mut exact_aoo = true;
    let squares: Vec<Square> = match (path, mode) {
        (Some(p), _) => {
            if p.last() != Some(&to) {
                return Err(illegal("the path must end at the destination".into()));
            }
            p.to_vec()
        }
        (None, MoveMode::Run) => {
            // §5.6: a run is a straight line (Bresenham between centres by default).
            straight_path(from.at, to, rules.grid.straight_line)
                .ok_or_else(|| illegal(format!("{to} is not on a straight line from {}", from.at)))?
        }
        (None, _) => {
            let plan = planner
                .plan(&board, from.at, to, budget, parity0, avoid_aoo, exempt_first)
                .ok_or_else(|| {
                    illegal(format!(
                        "{to} cannot be reached with a {} ({} ft)",
                        mode_word(mode),
                        budget * rules.grid.square_ft
                    ))
                })?;
            exact_aoo = plan.exact_aoo;
            plan.squares
        }
    };
    if squares.is_empty() {
        return Err(illegal("the unit is already there".into()));
    }
    let priced = planner
        .price(&board, from.at, &squares, parity0)
        .map_err(|e| illegal(format!("{e}")))?;
    let ft = rules.grid.square_ft;
    if priced.total > budget {
        return Err(illegal(format!(
            "the path costs {} ft but a {} allows {} ft",
            priced.total * ft,
            mode_word(mode),
            budget * ft
        )));
    }
    if mode == MoveMode::Run {
        if let Some(c) = super::movement::charge::NO_RUN_OR_CHARGE
            .iter()
            .find(|c| conditions.contains(c))
        {
            return Err(illegal(format!(
                "{unit} cannot run while {}",
                format!("{c:?}").to_lowercase()
            )));
        }
        // §5.6: a run is a straight line, whether the path was given or not.
        if straight_path(from.at, to, rules.grid.straight_line).as_deref() != Some(&squares[..]) {
            return Err(illegal("a run must follow a straight line to its end square".into()));
        }
        check_run(world, rules, from, &squares)?;
    }
    if mode == MoveMode::GuardedStep
        && !rules.movement.guarded_step.is_some_and(|g| g.into_difficult)
        && difficult_under(world, from.moved_to(squares[0]))
    {
        return Err(illegal("a guarded step cannot go into difficult terrain".into()));
    }
    if mode == MoveMode::Squeeze {
        // §5.4: the squeeze ends where the whole space fits (saga: must; starfinder: the engine
        // does not keep a creature squeezed between turns yet).
        let mut whole = layers.board(world);
        whole.side = full.side;
        if !whole.footprint_endable(to) {
            return Err(illegal(format!(
                "{unit}'s whole space does not fit at {to}, so it cannot stop squeezing there"
            )));
        }
    }
    if let (MoveMode::Withdraw, Some(WithdrawProtection::FirstSquaresMustClear { squares: n })) =
        (mode, rules.movement.withdraw.as_ref().map(|w| w.protection))
    {
        // saga (004:551-557): the first square of movement must leave every threatened area.
        let first = from.moved_to(squares[(n as usize).clamp(1, squares.len()) - 1]);
        let still = layers.reactors_in(first.squares().fold(0, |m, sq| m | layers.threat_at(world, sq)));
        if !still.is_empty() {
            return Err(illegal(
                "to withdraw, the first square must leave every threatened area".into(),
            ));
        }
    }
    let mut provokes = Vec::new();
    if mode != MoveMode::GuardedStep {
        for (i, mask) in priced.provoked.iter().enumerate() {
            let mask = if i == 0 { mask & !exempt_first } else { *mask };
            let left = if i == 0 { from.at } else { squares[i - 1] };
            for r in layers.reactors_in(mask) {
                provokes.push((i, left, r));
            }
        }
    }
    Ok(MovePlan {
        mode,
        actions,
        from: from.at,
        squares,
        steps_ft: priced.steps.iter().map(|c| c * ft).collect(),
        cost_ft: priced.total * ft,
        budget_ft: budget * ft,
        provokes,
        exact_aoo,
    })
}

pub(crate) fn difficult_under(world: &World, space: Space) -> bool {
    let map = &world.resource::<Terrain>().0;
    space.squares().any(|sq| map.cell(sq).is_some_and(|c| c.difficult))
}

/// MOV-7: no running across difficult terrain; the line may not pass blocked squares.
pub(crate) fn check_run(world: &World, rules: &Ruleset, from: Space, squares: &[Square]) -> Result<(), RuleError> {
    if !rules.movement.run.across_difficult && squares.iter().any(|sq| difficult_under(world, from.moved_to(*sq))) {
        return Err(RuleError::IllegalMove("you cannot run across difficult terrain".into()));
    }
    Ok(())
}

/// Withdraw (§5.9): who cannot withdraw at all. Blinded, where the family says so (starfinder
/// 001:1089-1091; d20 SRD "you can't withdraw from combat if you're blinded", not in seeds
/// 002, 003; no unit has another precise sense yet), and a unit that cannot move (speed 0:
/// d20 SRD "you may not withdraw using a form of movement for which you don't have a speed").
fn check_withdraw(
    rules: &Ruleset,
    unit: &UnitId,
    conditions: &std::collections::BTreeSet<ConditionName>,
    speed: u32,
) -> Result<(), RuleError> {
    let blinded_allowed = rules.movement.withdraw.is_none_or(|w| w.blinded_allowed);
    if !blinded_allowed && conditions.contains(&ConditionName::Blinded) {
        return Err(RuleError::IllegalMove(format!(
            "{unit} is blinded and cannot withdraw (§5.9)"
        )));
    }
    if speed == 0 {
        return Err(RuleError::IllegalMove(format!(
            "{unit} cannot move (speed 0), so it cannot withdraw (§5.9)"
        )));
    }
    Ok(())
}

/// Withdraw (§5.9): which reactors leaving the start square does not provoke.
fn withdraw_exemptions(world: &World, rules: &Ruleset, unit: &UnitId, mode: MoveMode, layers: &BoardLayers) -> u64 {
    if mode != MoveMode::Withdraw {
        return 0;
    }
    match rules.movement.withdraw.as_ref().map(|w| w.protection) {
        // starfinder: the start square counts as not threatened by opponents you can see.
        // (001:1085-1095); unseen ones still get their attack.
        Some(WithdrawProtection::StartSquareVsSeen) => {
            if effective_conditions(world, unit).contains(&ConditionName::Blinded) {
                return 0;
            }
            let map = &world.resource::<Terrain>().0;
            let model = crate::grid::SightModel::of(&rules.cover);
            let obscured = |sq: Square| map.cell(sq).is_some_and(|c| c.blocks_sight);
            let me = space_of(world, unit);
            layers.reactors.iter().enumerate().fold(0u64, |mask, (i, r)| {
                let seen = match (me, space_of(world, r)) {
                    (Some(a), Some(b)) => crate::grid::line_of_sight(map, model, a, b, obscured),
                    _ => false,
                };
                if seen { mask | (1 << i) } else { mask }
            })
        }
        // saga: the first square must clear every threatened area (checked above); it does not provoke.
        Some(WithdrawProtection::FirstSquaresMustClear { .. }) => u64::MAX,
        None => 0,
    }
}

/// A movement mode's name in a refusal: the log's name, but a plain move is the "move
/// action" it spends.
fn mode_word(mode: MoveMode) -> &'static str {
    match mode {
        MoveMode::Move => "move action",
        other => events::mode_name(other),
    }
}

/// Executes a checked move: pays its actions, then walks it step by step. Before each step,
/// every enemy it provokes attacks (AOO-1); a mover that drops stops where it is.
pub fn execute_move(
    ex: &mut Executor,
    unit: &UnitId,
    to: Square,
    path: Option<&[Square]>,
    mode: MoveMode,
) -> Result<(), RuleError> {
    let plan = check_move(ex.world, unit, to, path, mode)?;
    let rules = ex.ruleset().clone();
    for kind in &plan.actions {
        take_action(ex, unit, *kind, mode_word(mode).to_string());
    }
    let exempt_first: Vec<UnitId> = withdraw_exempt_units(ex, &rules, unit, mode);
    let entangled = mode == MoveMode::Squeeze && rules.movement.squeezing.is_some_and(|s| s.entangled);
    if entangled {
        let (unit, condition) = (unit.clone(), ConditionName::Entangled);
        ex.emit(HealthEvent::ConditionChanged {
            unit,
            condition,
            gained: true,
        });
    }
    walk(
        ex,
        unit,
        mode,
        plan.from,
        &plan.squares,
        &plan.steps_ft,
        plan.cost_ft,
        &exempt_first,
    )?;
    if entangled {
        let (unit, condition) = (unit.clone(), ConditionName::Entangled);
        ex.emit(HealthEvent::ConditionChanged {
            unit,
            condition,
            gained: false,
        });
    }
    if mode == MoveMode::Run
        && let RunnerDefense::FlatFooted { .. } = rules.movement.run.runner_defense
    {
        // §5.6: the runner is flat-footed until the start of its next turn (engine default duration).
        start_effect(
            ex,
            unit,
            unit,
            "running",
            1,
            EffectTerms::condition(Some(ConditionName::FlatFooted)),
        );
    }
    Ok(())
}

/// The side of a squeezing unit's footprint (§5.4: at least half as wide as its space).
fn squeezed_side(rules: &Ruleset, unit: &UnitId, profile: &Profile, space: Space) -> Result<u32, RuleError> {
    let squeeze = rules
        .movement
        .squeezing
        .ok_or_else(|| RuleError::NotSupported(format!("squeezing is not in {}'s rules", rules.name)))?;
    if squeeze.who == crate::ruleset::SqueezeWho::LargeOrBigger && profile.size < crate::ruleset::Size::Large {
        return Err(RuleError::IllegalMove(format!(
            "only Large or bigger creatures squeeze in {}",
            rules.name
        )));
    }
    if space.side < 2 {
        return Err(RuleError::NotSupported(format!(
            "{unit} fills one square; squeezing through half-square gaps needs narrow-gap edges, which maps do not have yet"
        )));
    }
    let den = squeeze.min_width.den.max(1);
    Ok((space.side * squeeze.min_width.num).div_ceil(den).max(1))
}

/// Walks a checked path step by step. Before each step every enemy it provokes attacks
/// (AOO-1), except those in `exempt_first` for the first step (withdraw); a mover that
/// drops stops where it is. Returns whether it reached the end.
#[allow(clippy::too_many_arguments)]
pub(crate) fn walk(
    ex: &mut Executor,
    unit: &UnitId,
    mode: MoveMode,
    from: Square,
    squares: &[Square],
    steps_ft: &[u32],
    cost_ft: u32,
    exempt_first: &[UnitId],
) -> Result<bool, RuleError> {
    ex.emit(MovementEvent::MoveStarted {
        unit: unit.clone(),
        mode,
        from,
        path: squares.to_vec(),
        cost_ft,
    });
    let rules = ex.ruleset().clone();
    let whole = space_of(ex.world, unit).map_or(1, |s| s.side);
    let profile = ex.get::<Profile>(unit).cloned();
    let side = match (mode, profile) {
        (MoveMode::Squeeze, Some(p)) => squeezed_side(&rules, unit, &p, Space::new(from, whole))?,
        _ => whole,
    };
    let mut at = from;
    let mut moved = 0;
    let mut diagonals = ex.world.resource::<Combat>().diagonals;
    let mut stopped = None;
    // MOV-12: where the mover may stop if the move ends early.
    let mut last_legal = from;
    let endable = |ex: &Executor, at: Square| {
        let layers = occupancy_for(ex.world, unit);
        let mut board = layers.board(ex.world);
        board.side = side;
        board.footprint_endable(at)
    };
    'steps: for (i, (next, cost)) in squares.iter().zip(steps_ft).enumerate() {
        if mode != MoveMode::GuardedStep {
            let left: Vec<Square> = Space::new(at, side)
                .squares()
                .filter(|sq| !Space::new(*next, side).contains(*sq))
                .collect();
            for reactor in provoked_now(ex.world, unit, &left) {
                if i == 0 && exempt_first.contains(&reactor) {
                    continue;
                }
                let square_left = left
                    .iter()
                    .copied()
                    .find(|sq| threatens_at(ex.world, &reactor, *sq, 0))
                    .unwrap_or(at);
                attack_of_opportunity(
                    ex,
                    &reactor,
                    unit,
                    square_left,
                    &format!("{}, leaving", mode_word(mode)),
                )?;
                if !ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act() {
                    stopped = Some("dropped by an attack of opportunity".to_string());
                    break 'steps;
                }
            }
        }
        if next.x != at.x && next.y != at.y {
            diagonals += 1;
        }
        ex.emit(MovementEvent::UnitStepped {
            unit: unit.clone(),
            from: at,
            to: *next,
            cost_ft: *cost,
            diagonals,
        });
        moved += cost;
        at = *next;
        if endable(ex, at) {
            last_legal = at;
        }
    }
    let arrived = stopped.is_none();
    if !arrived && at != last_legal && !endable(ex, at) {
        // MOV-12: a move that ends where the mover may not stop ends in the last legal position.
        ex.emit(MovementEvent::UnitDisplaced {
            unit: unit.clone(),
            from: at,
            to: last_legal,
            reason: "MOV-12".into(),
        });
        at = last_legal;
    }
    ex.emit(MovementEvent::MoveEnded {
        unit: unit.clone(),
        at,
        moved_ft: moved,
        stopped,
    });
    Ok(arrived)
}

fn withdraw_exempt_units(ex: &Executor, rules: &Ruleset, unit: &UnitId, mode: MoveMode) -> Vec<UnitId> {
    let layers = board_for(ex.world, unit);
    let mask = withdraw_exemptions(ex.world, rules, unit, mode, &layers);
    layers.reactors_in(mask)
}

/// Checks standing up or dropping prone (§4.3.2).
pub fn check_posture(world: &World, unit: &UnitId, drop: bool) -> Result<(), RuleError> {
    let rules = world.resource::<Ruleset>();
    let prone = effective_conditions(world, unit).contains(&ConditionName::Prone);
    match (drop, prone) {
        (true, true) => return Err(RuleError::IllegalMove(format!("{unit} is already prone"))),
        (false, false) => return Err(RuleError::IllegalMove(format!("{unit} is not prone"))),
        _ => {}
    }
    let kind = if drop {
        rules.movement.posture.drop_prone
    } else {
        rules.movement.posture.stand_up
    };
    world.resource::<Combat>().can_spend(&rules.actions, kind)
}

/// Stands up or drops prone: pays the family's action and changes the condition.
pub fn execute_posture(ex: &mut Executor, unit: &UnitId, drop: bool) -> Result<(), RuleError> {
    check_posture(ex.world, unit, drop)?;
    let posture = ex.ruleset().movement.posture;
    let (kind, what) = if drop {
        (posture.drop_prone, "drop prone")
    } else {
        (posture.stand_up, "stand up")
    };
    take_action(ex, unit, kind, what.to_string());
    ex.emit(HealthEvent::ConditionChanged {
        unit: unit.clone(),
        condition: ConditionName::Prone,
        gained: drop,
    });
    Ok(())
}
