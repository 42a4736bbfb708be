//! The pilot-actions phase (RULES.md §26.2-§26.3, CHS-4, Table 8-3): in initiative order each
//! pilot takes one pilot action (a move action) or a double maneuver (a full action, two
//! actions each at −4, or −2 when much faster), or none (the vehicle is uncontrolled). Only
//! speed up moves a vehicle now; the rest is used in chase progress. `check` → `resolve`
//! (rolls, builds the outcome with every modifier) → `apply` (the only writer).

use super::dcs::{action_dc, double_maneuver_penalty};
use super::hazards::{HazardAttack, hazard_attack, hazards_on_entry};
use super::state::{ActionResult, Chase, ChasePhase, ChaseVehicle, ManeuverUse, TrickEffect};
use crate::rules::D20Check;
use crate::rules::engine::error::illegal;
use crate::rules::{Dice, Modifier, RuleError, UnitId};
use crate::ruleset::{ChaseRules, PilotAction, Variants};
use serde::{Deserialize, Serialize};

/// A pilot action asked for: by the pilot of `vehicle`, with the pilot's skill modifier (its
/// Piloting, or the skill the GM allows for a trick).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PilotRequest {
    pub vehicle: UnitId,
    pub action: PilotAction,
    pub target: Option<UnitId>,
    /// Part of a double maneuver (001:4903-4918).
    pub double: bool,
    pub skill: Modifier,
}

/// What a pilot action did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PilotOutcome {
    pub vehicle: UnitId,
    pub action: PilotAction,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<UnitId>,
    /// 0 for a single action, 1 or 2 for the parts of a double maneuver.
    pub part: u8,
    /// `None` when no check was needed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<D20Check>,
    pub success: bool,
    /// Speed up: the zone the vehicle moved to at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved_to: Option<i32>,
    /// Engage: every vehicle now engaged together.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engaged: Vec<UnitId>,
    /// Hazards of the zone entered by speeding up (they trigger at once).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hazards: Vec<HazardAttack>,
}

impl PilotOutcome {
    /// The margin of the check (total − DC), when there was one.
    pub fn margin(&self) -> Option<i32> {
        self.check.as_ref().and_then(D20Check::margin)
    }
}

impl Chase {
    /// Whether the pilot of `req.vehicle` may take `req.action` now. Pure.
    pub fn check_pilot_action(&self, req: &PilotRequest) -> Result<(), RuleError> {
        if self.phase != ChasePhase::PilotActions {
            return Err(illegal(format!(
                "pilot actions are taken in the pilot actions phase; the chase is in the {} phase",
                phase_name(self.phase)
            )));
        }
        let own = self
            .entry(&req.vehicle)
            .ok_or_else(|| illegal(format!("{} is not a vehicle in this chase", req.vehicle)))?;
        if own.departed.is_some() {
            return Err(illegal(format!("{} has left the chase", own.vehicle.name)));
        }
        let acting = self.acting().map(|e| e.vehicle.id.clone());
        if acting.as_ref() != Some(&req.vehicle) {
            return Err(illegal(format!(
                "it is not {}'s pilot's turn in the pilot actions phase{}",
                own.vehicle.name,
                acting.map(|a| format!(" ({a} acts now)")).unwrap_or_default()
            )));
        }
        match own.record.maneuver {
            ManeuverUse::Double { parts: 1 } if !req.double => {
                return Err(illegal(
                    "the second action of a double maneuver must be marked `double` (or end the pilot turn to forfeit it)",
                ));
            }
            ManeuverUse::None | ManeuverUse::Double { parts: 1 } => {}
            _ => {
                return Err(illegal(format!(
                    "{}'s pilot has no pilot action left this round",
                    own.vehicle.name
                )));
            }
        }
        let engaged = own.engagement.is_some();
        let engaged_enemies = self
            .engaged_with(&req.vehicle)
            .iter()
            .any(|e| self.are_enemies(&req.vehicle, &e.vehicle.id));
        match req.action {
            PilotAction::SpeedUp | PilotAction::SlowDown if engaged => {
                return Err(illegal(format!(
                    "an engaged vehicle cannot {} unless it breaks free first (001:4944-4952)",
                    req.action.name()
                )));
            }
            PilotAction::BreakFree if !engaged => {
                return Err(illegal(format!("{} is not engaged", own.vehicle.name)));
            }
            PilotAction::Engage => {
                let target = req
                    .target
                    .as_ref()
                    .ok_or_else(|| illegal("engage needs a target vehicle"))?;
                let t = self
                    .entry(target)
                    .filter(|t| t.departed.is_none())
                    .ok_or_else(|| illegal(format!("{target} is not a vehicle in the chase")))?;
                if target == &req.vehicle {
                    return Err(illegal("a vehicle cannot engage itself"));
                }
                if t.zone != own.zone {
                    return Err(illegal(format!(
                        "{} can engage only a vehicle in its own zone ({} is in zone {}, it is in zone {})",
                        own.vehicle.name, t.vehicle.name, t.zone, own.zone
                    )));
                }
                if self.are_engaged(&req.vehicle, target) {
                    return Err(illegal(format!(
                        "{} is already engaged with {}",
                        own.vehicle.name, t.vehicle.name
                    )));
                }
                if engaged_enemies && self.are_enemies(&req.vehicle, target) {
                    return Err(illegal(
                        "an engaged vehicle cannot engage another enemy unless it breaks free first (001:4944-4952)",
                    ));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The DC of `action` for the pilot of `vehicle` (`None`: no check). Pure.
    pub fn pilot_dc(
        &self,
        rules: &ChaseRules,
        variants: &Variants,
        vehicle: &UnitId,
        action: PilotAction,
        target: Option<&UnitId>,
    ) -> Option<i32> {
        let own = &self.entry(vehicle)?.vehicle;
        let against = self.opposed(vehicle, action, target);
        let enemies: Vec<&ChaseVehicle> = against.iter().map(|id| &self.entry(id).unwrap().vehicle).collect();
        action_dc(rules, variants, action, own, &enemies)
    }

    /// The enemy vehicles a check is made against: engage's target, the enemies of the
    /// engagement for break free.
    fn opposed(&self, vehicle: &UnitId, action: PilotAction, target: Option<&UnitId>) -> Vec<UnitId> {
        match action {
            PilotAction::Engage => target
                .filter(|t| self.are_enemies(vehicle, t))
                .cloned()
                .into_iter()
                .collect(),
            PilotAction::BreakFree => self
                .engaged_with(vehicle)
                .iter()
                .filter(|e| self.are_enemies(vehicle, &e.vehicle.id))
                .map(|e| e.vehicle.id.clone())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Every modifier to the pilot's check other than the die (pure): skill, vehicle,
    /// double maneuver, being ahead (CHS-3), tricks by different pilots ahead, off course and
    /// the zone's environment.
    pub fn pilot_modifiers(&self, rules: &ChaseRules, req: &PilotRequest, double: bool) -> Vec<Modifier> {
        let Some(own) = self.entry(&req.vehicle) else {
            return Vec::new();
        };
        let mut mods = vec![req.skill.clone()];
        if own.vehicle.piloting != 0 {
            mods.push(Modifier::new(
                own.vehicle.piloting,
                format!("{} (vehicle)", own.vehicle.name),
            ));
        }
        if double {
            let enemies: Vec<&ChaseVehicle> = self.adversaries(&req.vehicle).map(|e| &e.vehicle).collect();
            mods.push(Modifier::new(
                double_maneuver_penalty(rules, &own.vehicle, &enemies),
                "double maneuver",
            ));
        }
        let against = self.opposed(&req.vehicle, req.action, req.target.as_ref());
        let ahead_of_targets = !against.is_empty() && against.iter().all(|t| self.is_ahead(&req.vehicle, t));
        if self.ahead_of_all_enemies(&req.vehicle) || ahead_of_targets {
            mods.push(Modifier::new(rules.ahead_bonus, "being ahead"));
        }
        for t in &self.tricks {
            if t.by != req.vehicle && self.lasts_one_round(&t.by, t.round) && self.is_ahead(&t.by, &req.vehicle) {
                mods.push(Modifier::new(t.penalty, format!("trick by {}", t.by)).of_effect(format!("trick:{}", t.by)));
            }
        }
        if self.off_course(&req.vehicle) {
            mods.push(Modifier::new(rules.off_course_penalty, "off course"));
        }
        for f in &self.features {
            if f.zone.is_none_or(|z| z == own.zone) {
                for p in f.feature.piloting.iter().filter(|p| p.applies_to(req.action)) {
                    mods.push(Modifier::new(p.value, f.feature.name.clone()));
                }
            }
        }
        mods
    }

    /// Rolls the pilot action (after `check_pilot_action`) and says what it does.
    pub fn resolve_pilot_action(
        &self,
        rules: &ChaseRules,
        variants: &Variants,
        req: &PilotRequest,
        dice: &mut Dice,
    ) -> Result<PilotOutcome, RuleError> {
        self.check_pilot_action(req)?;
        let own = self.entry(&req.vehicle).expect("checked");
        let part = match (own.record.maneuver, req.double) {
            (ManeuverUse::Double { parts }, _) => parts + 1,
            (_, true) => 1,
            _ => 0,
        };
        let dc = self.pilot_dc(rules, variants, &req.vehicle, req.action, req.target.as_ref());
        let check = match dc {
            None => None,
            Some(dc) => {
                let modifiers = self.pilot_modifiers(rules, req, part > 0);
                let roll = dice.roll(20, format!("{} ({})", req.action.name(), own.vehicle.name))?;
                Some(D20Check::against(roll, modifiers, Some(dc)))
            }
        };
        let success = check.as_ref().is_none_or(|c| c.success);
        let mut out = PilotOutcome {
            vehicle: req.vehicle.clone(),
            action: req.action,
            target: req.target.clone(),
            part,
            check,
            success,
            moved_to: None,
            engaged: Vec::new(),
            hazards: Vec::new(),
        };
        if success && req.action == PilotAction::SpeedUp {
            let zone = own.zone + 1;
            out.moved_to = Some(zone);
            let mut hazards = self.hazards.clone();
            for i in hazards_on_entry(&hazards, zone) {
                out.hazards
                    .push(hazard_attack(rules, &hazards[i], &req.vehicle, own.vehicle.kac, dice)?);
                hazards[i].spent = true;
            }
        }
        if success && req.action == PilotAction::Engage {
            let target = req.target.clone().expect("checked");
            let mut group: Vec<UnitId> = vec![req.vehicle.clone(), target.clone()];
            for id in [&req.vehicle, &target] {
                group.extend(self.engaged_with(id).iter().map(|e| e.vehicle.id.clone()));
            }
            group.sort();
            group.dedup();
            out.engaged = group;
        }
        Ok(out)
    }

    /// The only writer of a pilot action's effects.
    pub fn apply_pilot_action(&mut self, rules: &ChaseRules, out: &PilotOutcome) {
        let round = self.round;
        let margin = out.margin();
        if out.success && out.action == PilotAction::Engage {
            let group = self.next_engagement;
            self.next_engagement += 1;
            for id in &out.engaged {
                if let Some(e) = self.entry_mut(id) {
                    e.engagement = Some(group);
                }
            }
        }
        for h in &out.hazards {
            if let Some(i) = self
                .hazards
                .iter()
                .position(|z| z.name == h.hazard && Some(z.zone) == out.moved_to)
            {
                self.hazards[i].spent = true;
            }
            if h.off_course
                && let Some(e) = self.entry_mut(&h.vehicle)
            {
                e.off_course = Some(round);
            }
        }
        if out.success && out.action == PilotAction::Trick {
            self.tricks.retain(|t| t.by != out.vehicle);
            self.tricks.push(TrickEffect {
                by: out.vehicle.clone(),
                round,
                penalty: rules.trick_penalty,
            });
        }
        if let Some(e) = self.entry_mut(&out.vehicle) {
            if let Some(zone) = out.moved_to {
                e.zone = zone;
            }
            if out.success && out.action == PilotAction::Evade {
                e.evaded = Some(round);
            }
            if out.success && out.action == PilotAction::BreakFree {
                e.engagement = None;
            }
            e.record.results.push(ActionResult {
                action: out.action,
                margin,
                success: out.success,
            });
            e.record.maneuver = match out.part {
                0 => ManeuverUse::Single,
                p => ManeuverUse::Double { parts: p },
            };
            e.record.done = out.part != 1;
        }
        self.dissolve_single_engagements();
        self.after_pilot_turn();
    }

    /// Ends the pilot-actions turn of `vehicle`'s pilot: forfeits the second part of a double
    /// maneuver, or leaves the vehicle uncontrolled when no pilot action was taken (CHS-8).
    pub fn check_end_pilot_turn(&self, vehicle: &UnitId) -> Result<(), RuleError> {
        if self.acting().map(|e| &e.vehicle.id) != Some(vehicle) {
            return Err(illegal(format!(
                "it is not {vehicle}'s pilot's turn in the pilot actions phase"
            )));
        }
        Ok(())
    }

    pub fn apply_end_pilot_turn(&mut self, vehicle: &UnitId) {
        if let Some(e) = self.entry_mut(vehicle) {
            if e.record.maneuver == ManeuverUse::None {
                e.record.maneuver = ManeuverUse::Uncontrolled;
            }
            e.record.done = true;
        }
        self.after_pilot_turn();
    }

    fn after_pilot_turn(&mut self) {
        if self.phase == ChasePhase::PilotActions && self.acting().is_none() {
            self.phase = ChasePhase::Progress;
        }
    }
}

/// The phase's name as a player reads it.
pub fn phase_name(phase: ChasePhase) -> &'static str {
    match phase {
        ChasePhase::PilotActions => "pilot actions",
        ChasePhase::Progress => "chase progress",
        ChasePhase::Combat => "combat",
        ChasePhase::Over => "ended",
    }
}
