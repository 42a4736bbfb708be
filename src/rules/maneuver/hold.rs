//! Grapples and grabs (RULES.md §4.4): who holds whom, when a hold ends (the grappler's
//! next turn ends, it moves out of reach or goes down, the target dies or breaks free), and
//! what a pinned creature may still do. A hold is a tracked effect with `hold` set; a d20
//! grapple (MNV-SRD-5) is two, each grappler holding the other.

use crate::grid::{Space, threatens_square};
use crate::rules::engine::error::illegal;
use crate::rules::health::LifeState;
use crate::rules::reactions::threat::space_of;
use crate::rules::sequence::turn::take_action;
use crate::rules::{Combat, ConditionName, Executor, GameCommand, Hold, Profile, RuleError, TrackedEffect, UnitId};
use crate::rules::{Maneuver, WeaponKind, unit_component};
use crate::rules::{SequenceEvent, cmd};
use crate::ruleset::Ruleset;
use bevy::prelude::World;

/// The holds `source` keeps on others.
pub fn holds_by(world: &World, source: &UnitId) -> Vec<TrackedEffect> {
    let combat = world.resource::<Combat>();
    combat
        .effects
        .iter()
        .filter(|e| e.hold.is_some() && &e.source == source)
        .cloned()
        .collect()
}

/// The holds others keep on `target`.
pub fn holds_on(world: &World, target: &UnitId) -> Vec<TrackedEffect> {
    let combat = world.resource::<Combat>();
    combat
        .effects
        .iter()
        .filter(|e| e.hold.is_some() && &e.target == target)
        .cloned()
        .collect()
}

/// Whether `holder` can still reach any square of `held` (natural or melee weapon reach).
pub fn within_reach(world: &World, holder: &UnitId, held: &UnitId) -> bool {
    let rules = world.resource::<Ruleset>();
    let (Some(a), Some(t), Some(profile)) = (
        space_of(world, holder),
        space_of(world, held),
        unit_component::<Profile>(world, holder),
    ) else {
        return false;
    };
    reaches(rules, a, melee_reach_squares(rules, profile), t)
}

/// A unit's longest melee reach in squares, natural or with a melee weapon, at least 1: how
/// far it can hold, grapple or reposition (§4.4).
pub fn melee_reach_squares(rules: &Ruleset, profile: &Profile) -> u32 {
    let reach_ft = profile
        .weapons
        .iter()
        .filter(|w| matches!(w.kind, WeaponKind::Melee | WeaponKind::Unarmed))
        .filter_map(|w| w.reach_ft)
        .chain([profile.reach_ft])
        .max()
        .unwrap_or(0);
    (reach_ft / rules.grid.square_ft.max(1)).max(1)
}

/// Whether a creature in space `a` with `reach` squares reaches any square of space `t`.
pub fn reaches(rules: &Ruleset, a: Space, reach: u32, t: Space) -> bool {
    t.squares()
        .any(|q| threatens_square(a, reach, &rules.threat.metric, rules.grid.diagonal, q))
}

/// Ends a hold (or any tracked effect) now.
pub(crate) fn end(ex: &mut Executor, effect: &TrackedEffect) {
    ex.emit(SequenceEvent::EffectEnded {
        id: effect.id,
        name: effect.name.clone(),
        target: effect.target.clone(),
    });
}

/// After every command: a hold ends at once when its source can no longer act, when the
/// target is dead, or when the two are no longer within the source's reach ("ends
/// immediately if you move away", 001:817-818).
pub(crate) fn release_broken(ex: &mut Executor) {
    let holds: Vec<TrackedEffect> = ex
        .world
        .resource::<Combat>()
        .effects
        .iter()
        .filter(|e| e.hold.is_some())
        .cloned()
        .collect();
    for hold in holds {
        let source_down = !ex.get::<LifeState>(&hold.source).copied().unwrap_or_default().can_act();
        let target_dead = ex.get::<LifeState>(&hold.target) == Some(&LifeState::Dead);
        if source_down || target_dead || !within_reach(ex.world, &hold.source, &hold.target) {
            end(ex, &hold);
        }
    }
    // MNV-SRD-5: a d20 grapple is two holds, each grappler holding the other; when one ends
    // the other does too.
    if ex.ruleset().maneuvers.as_ref().is_some_and(|m| m.opposed.is_some()) {
        let left: Vec<TrackedEffect> = ex
            .world
            .resource::<Combat>()
            .effects
            .iter()
            .filter(|e| e.hold.is_some())
            .cloned()
            .collect();
        for hold in &left {
            let mirrored = left.iter().any(|o| o.source == hold.target && o.target == hold.source);
            if !mirrored {
                end(ex, hold);
            }
        }
    }
}

/// At the end of `unit`'s turn, its starfinder grapples that it did not make or renew during
/// this turn end (001:816-819: "until the end of your next turn").
pub(crate) fn end_of_turn(ex: &mut Executor, unit: &UnitId) {
    let combat = ex.world.resource::<Combat>();
    let now = (combat.round, combat.current_count().unwrap_or(0));
    let expired: Vec<TrackedEffect> = holds_by(ex.world, unit)
        .into_iter()
        .filter(|h| h.hold == Some(Hold::UntilSourceNextTurnEnds) && (h.round, h.count) != now)
        .collect();
    for hold in expired {
        end(ex, &hold);
    }
}

/// §20 pinned: no actions that use the limbs except trying to escape, which is a grapple
/// of one's pinner (starfinder 001:811-813, 4302-4315) or breaking free. The maneuver area's
/// gate on a command's actor (`engine::resolve::actor_refusal`).
pub fn pinned_refusal(world: &World, command: &GameCommand) -> Option<RuleError> {
    let unit = command.actor().filter(|_| command.gates().acts)?;
    if !crate::rules::health::conditions::effective_conditions(world, unit).contains(&ConditionName::Pinned) {
        return None;
    }
    let escaping = match command {
        GameCommand::Maneuver(cmd::Maneuver {
            target,
            maneuver: Maneuver::Grapple,
            ..
        }) => holds_on(world, unit).iter().any(|h| &h.source == target),
        GameCommand::BreakFree(cmd::BreakFree { .. }) => true,
        _ => false,
    };
    (!escaping).then(|| illegal(format!("{unit} is pinned: it can only try to escape its pinner (§20)")))
}

/// Checks breaking free (saga, 004:497-499): a standard action that clears one grabber or
/// grappler per character level; `from` picks which, the rest go in the order they took
/// hold. Returns the holds it ends.
pub fn check_break_free(world: &World, unit: &UnitId, from: &[UnitId]) -> Result<Vec<TrackedEffect>, RuleError> {
    let rules = world.resource::<Ruleset>();
    if rules.maneuvers.as_ref().is_some_and(|m| m.opposed.is_some()) {
        // MNV-SRD-5: the d20 escape is an opposed grapple check against the grappler.
        let holder = super::opposed::check_escape(world, unit)?;
        if from.iter().any(|f| f != &holder) {
            return Err(illegal(format!("{unit} is grappled only by {holder}")));
        }
        return Ok(holds_on(world, unit));
    }
    let Some(grab) = rules.maneuvers.as_ref().and_then(|m| m.grab) else {
        return Err(RuleError::NotSupported(format!(
            "breaking free in {}'s rules is an Acrobatics check, and skill checks are not supported yet; \
             grapple the grappler back instead (§4.4)",
            rules.name
        )));
    };
    world.resource::<Combat>().can_spend(&rules.actions, grab.break_free)?;
    let holds = holds_on(world, unit);
    if holds.is_empty() {
        return Err(illegal(format!("{unit} is not grabbed or grappled")));
    }
    let level = unit_component::<Profile>(world, unit).map_or(1, |p| p.level.max(1)) as usize;
    if from.len() > level {
        return Err(illegal(format!(
            "{unit} clears one grabber per character level: at most {level}"
        )));
    }
    let mut chosen = Vec::new();
    for holder in from {
        let hold = holds
            .iter()
            .find(|h| &h.source == holder)
            .ok_or_else(|| illegal(format!("{holder} does not hold {unit}")))?;
        if !chosen.contains(hold) {
            chosen.push(hold.clone());
        }
    }
    for hold in holds {
        if chosen.len() >= level {
            break;
        }
        if !chosen.contains(&hold) {
            chosen.push(hold);
        }
    }
    Ok(chosen)
}

/// Breaks free: the family's action, then every chosen hold ends.
pub fn execute_break_free(ex: &mut Executor, unit: &UnitId, from: &[UnitId]) -> Result<(), RuleError> {
    let holds = check_break_free(ex.world, unit, from)?;
    if ex.ruleset().maneuvers.as_ref().is_some_and(|m| m.opposed.is_some()) {
        return super::opposed::execute_escape(ex, unit);
    }
    let action = ex
        .ruleset()
        .maneuvers
        .as_ref()
        .and_then(|m| m.grab)
        .map(|g| g.break_free)
        .ok_or_else(|| RuleError::NotSupported("breaking free".into()))?;
    let names: Vec<&str> = holds.iter().map(|h| h.source.0.as_str()).collect();
    take_action(ex, unit, action, format!("break free of {}", names.join(", ")));
    for hold in &holds {
        end(ex, hold);
    }
    Ok(())
}
