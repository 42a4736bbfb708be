//! saga Recover (RULES.md HP-SG-7): swift actions spent in one round or over consecutive
//! rounds move a unit up the condition track.

use crate::rules::HealthEvent;
use crate::rules::engine::error::illegal;
use crate::rules::sequence::turn::take_action;
use crate::rules::unit_component as get;
use crate::rules::{Combat, Executor, Health, Recovery, RuleError, UnitId};
use crate::ruleset::{ActionKind, Ruleset};
use bevy::prelude::World;

/// Where one more Recover swift action leaves a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecoverProgress {
    /// Swift actions toward this recovery, this one included.
    pub done: u32,
    pub needed: u32,
    /// Steps up the track when `done` reaches `needed`.
    pub steps: u32,
}

/// HP-SG-7: checks one Recover swift action. Progress carries over only from this round or
/// the one before. Persistent conditions would forbid it (004:247-253); none exist in the
/// engine yet, so nothing blocks it on that ground.
pub fn check_recover(world: &World, unit: &UnitId) -> Result<RecoverProgress, RuleError> {
    let rules = world.resource::<Ruleset>();
    let track = rules
        .health
        .condition_track
        .as_ref()
        .ok_or_else(|| RuleError::NotSupported(format!("the condition track is not in {}'s rules", rules.name)))?;
    let Some(Health::DamageThresholdTrack { track_step, .. }) = get::<Health>(world, unit).copied() else {
        return Err(illegal(format!("{unit} has no condition track")));
    };
    crate::rules::health::check_can_act(world, unit)?;
    if track_step == 0 {
        return Err(illegal(format!("{unit} is already at the top of the condition track")));
    }
    let combat = world.resource::<Combat>();
    combat.can_spend(&rules.actions, ActionKind::Swift)?;
    let used = get::<Recovery>(world, unit).copied().unwrap_or_default();
    let carried = if used.recover_round + 1 >= combat.round {
        used.recover_swift_actions
    } else {
        0
    };
    Ok(RecoverProgress {
        done: carried + 1,
        needed: track.recover_swift_actions.max(1),
        steps: track.recover_steps,
    })
}

/// Spends the swift action; on the last one the unit moves up the track.
pub fn recover(ex: &mut Executor, unit: &UnitId) -> Result<(), RuleError> {
    let progress = check_recover(ex.world, unit)?;
    take_action(ex, unit, ActionKind::Swift, "recover".into());
    ex.emit(HealthEvent::RecoverProgressed {
        unit: unit.clone(),
        swift_actions: progress.done,
        needed: progress.needed,
        round: ex.world.resource::<Combat>().round,
    });
    if progress.done < progress.needed {
        return Ok(());
    }
    if let Some(mut health) = ex.get::<Health>(unit).copied()
        && let Health::DamageThresholdTrack { track_step, .. } = &mut health
    {
        *track_step = track_step.saturating_sub(progress.steps.min(u32::from(u8::MAX)) as u8);
        ex.emit(HealthEvent::TrackImproved {
            unit: unit.clone(),
            steps: progress.steps,
            health,
        });
    }
    Ok(())
}
