//! A unit's speed now (§5.1, MOV-1): its land speed slowed by armor, load and encumbrance
//! per the family's data, and its run multiple (§5.6). `unit_land_speed_ft` is the one
//! question every reader asks (moves, charges, escapes, the computer, `query reach`, the
//! window's path).

use crate::rules::health::conditions::effective_conditions;
use crate::rules::{ArmorWeight, ConditionName, Health, LoadWeight, Profile, UnitId, unit_component};
use crate::ruleset::{ArmorSpeed, Encumbrance, Rounding, Ruleset};
use bevy::prelude::World;
use std::collections::BTreeSet;

/// What slows the unit, in the family's terms.
fn encumbrances(profile: &Profile) -> Vec<Encumbrance> {
    let mut out = Vec::new();
    match profile.armor {
        ArmorWeight::Medium => out.push(Encumbrance::MediumArmor),
        ArmorWeight::Heavy => out.push(Encumbrance::HeavyArmor),
        ArmorWeight::None | ArmorWeight::Light => {}
    }
    if profile.load == LoadWeight::Heavy {
        out.push(Encumbrance::HeavyLoad);
    }
    out
}

/// `unit`'s land speed in feet now (MOV-1, §5.1): [`land_speed_ft`] with its profile, its
/// conditions and effects now (`effective_conditions`) and its health (HP-SG-4); 0 for a
/// unit that is not in the battle or has no profile.
pub fn unit_land_speed_ft(world: &World, unit: &UnitId) -> u32 {
    let Some(profile) = unit_component::<Profile>(world, unit) else {
        return 0;
    };
    let conditions = effective_conditions(world, unit);
    land_speed_ft(
        world.resource::<Ruleset>(),
        profile,
        &conditions,
        unit_component::<Health>(world, unit),
    )
}

/// Land speed in feet after armor, load and encumbrance (§5.1; WE-06, WE-07).
pub fn land_speed_ft(
    rules: &Ruleset,
    profile: &Profile,
    conditions: &BTreeSet<ConditionName>,
    health: Option<&Health>,
) -> u32 {
    speed_ft(rules, profile, conditions, health, profile.speed.land)
}

/// A speed of `base` feet in any mode after armor, load and encumbrance: what slows a
/// creature slows all its modes (saga 004:146-148; starfinder "all speeds", 001:4147-4151).
pub fn speed_ft(
    rules: &Ruleset,
    profile: &Profile,
    conditions: &BTreeSet<ConditionName>,
    health: Option<&Health>,
    base: u32,
) -> u32 {
    let slowing = encumbrances(profile);
    let hit = |when: &[Encumbrance]| when.iter().any(|w| slowing.contains(w));
    let mut speed = match &rules.movement.armor_speed {
        ArmorSpeed::Unsourced => base,
        ArmorSpeed::Table {
            when,
            rows,
            exempt_species,
        } => {
            let exempt = profile
                .species
                .as_ref()
                .is_some_and(|s| exempt_species.iter().any(|e| e.eq_ignore_ascii_case(s)));
            match (hit(when) && !exempt, rows.iter().find(|r| r.base_ft == base)) {
                (true, Some(row)) => row.slowed_ft,
                _ => base,
            }
        }
        ArmorSpeed::Fraction {
            when,
            fraction,
            rounding,
        } if hit(when) => {
            // Counted in squares, as saga speeds are (004:795: 6 → 4, 4 → 3).
            let sq = rules.grid.square_ft.max(1);
            let scaled = (base / sq) * fraction.num;
            let squares = match rounding {
                Rounding::Up => scaled.div_ceil(fraction.den.max(1)),
                Rounding::Down | Rounding::DownToSquare => scaled / fraction.den.max(1),
            };
            squares * sq
        }
        ArmorSpeed::Fraction { .. } => base,
    };
    // HP-SG-4: far enough down the condition track, half speed.
    if let (Some(track), Some(Health::DamageThresholdTrack { track_step, .. })) =
        (&rules.health.condition_track, health)
        && u32::from(*track_step) >= track.half_speed_step
    {
        speed /= 2;
    }
    if let Some(load) = rules.movement.load_speed {
        if conditions.contains(&ConditionName::Overburdened) {
            speed = load.overburdened_speed_ft;
        } else if conditions.contains(&ConditionName::Encumbered) {
            speed = speed.saturating_add_signed(load.encumbered_delta_ft);
        }
    }
    speed
}

/// The run multiple (§5.6): ×4, or the family's reduced multiple in heavy armor or load.
pub fn run_multiple(rules: &Ruleset, profile: &Profile) -> u32 {
    let run = &rules.movement.run;
    let slowing = encumbrances(profile);
    match run.heavy_multiplier {
        Some(m) if run.heavy_when.iter().any(|w| slowing.contains(w)) => m,
        _ => run.multiplier,
    }
}
