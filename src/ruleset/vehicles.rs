//! Vehicle numbers on the tactical grid (RULES.md §25, VEH-1..VEH-22). Only starfinder has
//! these rules; other families set `vehicles: None`.

use super::chase_env::{ChaseEnvironment, HazardRow};
use super::common::{Fraction, Rounding};
use serde::{Deserialize, Serialize};

/// The broken condition on a vehicle (001:3882-3885).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrokenVehicle {
    pub ac: i32,
    pub collision_dc: i32,
    pub piloting: i32,
    /// Full speed and MPH are multiplied by this.
    pub speed: Fraction,
}

/// §25 for one family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleRules {
    /// Largest angle off the heading for race, ram and autocontrol lines (VEH-2).
    pub max_heading_angle_deg: u32,
    /// Race Piloting DC = this + item level (VEH-5).
    pub race_dc_base: u32,
    /// Added to the race DC when the vehicle did not move last round ("dead stop").
    pub dead_stop_dc: u32,
    /// Hazard Piloting DC = this + item level, usually (VEH-5).
    pub hazard_dc_base: u32,
    /// A racing vehicle's AC bonus against attacks of opportunity (VEH-7, VEH-17).
    pub racing_aoo_ac_bonus: i32,
    /// Stop short reduces the remaining distance by the check result rounded down to this.
    pub stop_short_step_ft: u32,
    /// Ram: the target takes this multiple of the collision roll, the rammer `ram_self`.
    pub ram_target_multiplier: u32,
    pub ram_self: Fraction,
    /// Run over: size categories the creatures run over must be smaller by at least this.
    pub run_over_size_gap: u32,
    /// Run over: distance as a multiple of drive speed.
    pub run_over_drive_multiple: u32,
    /// Crash of an uncontrolled vehicle: this multiple of collision damage to both.
    pub crash_multiplier: u32,
    /// Uncontrolled: it moves "as if taking" this many drive actions on its count (VEH-12);
    /// the autopilot drives as many (VEH-14).
    pub uncontrolled_drive_actions: u32,
    /// Uncontrolled: each of its drive actions moves this fraction of the previous one.
    pub uncontrolled_speed: Fraction,
    /// Not in seeds: rounding of the uncontrolled speed (VEH-12).
    pub uncontrolled_rounding: Rounding,
    pub broken: BrokenVehicle,
    /// Boarding a moving vehicle: DC = this + its KAC (U22).
    pub boarding_dc_base: u32,
}

/// Vehicle chases (§26): DCs are `base + item level` unless noted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChaseRules {
    pub keep_pace_dc_base: u32,
    pub evade_dc_base: u32,
    pub speed_up_dc_base: u32,
    pub trick_dc_base: u32,
    /// Break free: 5 + enemy KAC; several enemies: highest KAC + this per extra vehicle (U26).
    pub break_free_kac_bonus: u32,
    pub break_free_per_extra_vehicle: u32,
    /// Speed up still advances unless the check failed by this much or more.
    pub speed_up_fail_margin: u32,
    pub double_maneuver_penalty: i32,
    /// Reduced penalty when your full speed beats the fastest enemy's by `fast_margin_ft`.
    pub double_maneuver_fast_penalty: i32,
    pub double_maneuver_fast_margin_ft: u32,
    /// Being ahead: bonus to Piloting and to attack rolls against those behind (CHS-3).
    pub ahead_bonus: i32,
    pub evade_ac_bonus: i32,
    pub trick_penalty: i32,
    /// Off course (hazard): Piloting penalty for 1 round.
    pub off_course_penalty: i32,
    /// Zones ahead of / behind every adversary to escape / be left behind (CHS-10).
    pub leave_zones: u32,
    /// Ranged attacks reach this many zones away (CHS-13).
    pub ranged_max_zones: u32,
    /// Boarding DC = this + KAC of the vehicle boarded (CHS-16).
    pub boarding_dc_base: u32,
    /// Falling off while boarding: failing by this much or more.
    pub boarding_fall_margin: u32,
    /// A fall from a vehicle: double the normal falling damage (`fall_dice_per_10ft` d`fall_die`
    /// per 10 ft, times this), or `short_fall_dice` d`fall_die` under 10 ft (CHS-16).
    pub boarding_fall_multiplier: u32,
    pub fall_die: u32,
    pub fall_dice_per_10ft: u32,
    pub short_fall_dice: u32,
    /// Distances for ranges between vehicles: the same zone, one zone apart (CHS-2).
    pub same_zone_ft: u32,
    pub zone_apart_ft: u32,
    /// A hazard that both damages and knocks off course: attack bonus change and damage share.
    pub hazard_both_attack: i32,
    pub hazard_both_damage: Fraction,
    /// Table 8-4 (001:5109-5183), one row per hazard CR, in increasing CR.
    pub hazard_table: Vec<HazardRow>,
    /// Sample chase environments (001:5278-5347).
    pub environments: Vec<ChaseEnvironment>,
}

impl ChaseRules {
    /// The Table 8-4 row of a hazard of challenge rating `cr`.
    pub fn hazard_row(&self, cr: Fraction) -> Option<&HazardRow> {
        self.hazard_table
            .iter()
            .find(|row| row.cr.num * cr.den.max(1) == cr.num * row.cr.den.max(1))
    }

    /// The sample environment called `name`.
    pub fn environment(&self, name: &str) -> Option<&ChaseEnvironment> {
        self.environments.iter().find(|e| e.name == name)
    }
}
