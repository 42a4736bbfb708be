//! Chase progress (RULES.md §26.4): advancing vehicles from their pilots' results (CHS-8),
//! engaged vehicles moving together with the self-advancing ones counting as ahead (CHS-9),
//! hazards on entering a zone, escaping and being left behind (CHS-10), and the end of the
//! chase (CHS-11).

use super::hazards::{HazardAttack, Standing, end_of_progress_attacks, hazard_attack, hazards_on_entry};
use super::pilot_actions::phase_name;
use super::state::{Chase, ChaseEntry, ChasePhase, Departure, ManeuverUse};
use crate::rules::engine::error::illegal;
use crate::rules::{Dice, RuleError, UnitId};
use crate::ruleset::{ChaseRules, PilotAction};
use serde::{Deserialize, Serialize};

/// Why a vehicle moved (or not) in chase progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveReason {
    /// At least one required check succeeded.
    Succeeded,
    /// Speed up failed by less than 5 (and nothing succeeded).
    SpeedUpNarrowMiss,
    /// Keep pace failed (and nothing succeeded): back one zone.
    FellBack,
    /// Failed every check (or uncontrolled): stays.
    FailedAll,
    /// Took only actions that need no check (engaging an ally, breaking free of willing
    /// allies): succeeded at no required check, so it stays (CHS-8, 001:4955-4958).
    NoCheck,
    /// Slowed down: stays whatever else succeeded.
    SlowedDown,
    /// Failed everything but moved along with an engaged vehicle that advanced (CHS-9).
    CarriedByEngagement,
    /// Every vehicle of its engagement failed everything: none moves (CHS-9).
    EngagementHeld,
    /// Would have escaped but chose to stay one zone ahead (CHS-10).
    DroppedBack,
}

/// One vehicle's movement in chase progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgressMove {
    pub vehicle: UnitId,
    pub from: i32,
    pub to: i32,
    pub reason: MoveReason,
}

/// Everything a chase progress phase did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgressOutcome {
    pub moves: Vec<ProgressMove>,
    /// `(ahead, behind)` pairs inside one zone (CHS-9).
    pub ahead_in_zone: Vec<(UnitId, UnitId)>,
    pub hazards: Vec<HazardAttack>,
    pub departures: Vec<(UnitId, Departure)>,
    /// Attacks at the end of chase progress by hazards that attack the rearmost or a random
    /// vehicle (CHS-19), after the departures.
    #[serde(default)]
    pub followers: Vec<HazardAttack>,
    /// The chase is over (CHS-11).
    pub over: bool,
}

/// A vehicle's own movement from its pilot's results (CHS-8), before engagements.
pub fn own_movement(entry: &ChaseEntry, rules: &ChaseRules) -> (i32, MoveReason) {
    let r = &entry.record;
    if r.results.iter().any(|a| a.action == PilotAction::SlowDown) {
        return (0, MoveReason::SlowedDown);
    }
    if r.maneuver == ManeuverUse::Uncontrolled {
        return (0, MoveReason::FailedAll);
    }
    // CHS-8 (001:4955-4958): the GM moves forward "all vehicles whose pilots succeeded at a
    // minimum of one required check". An action taken without a check (engaging an ally,
    // breaking free of willing allies) succeeded at no check, so it moves nobody: otherwise
    // two allied vehicles could leapfrog a zone a round by engaging and parting for free.
    if r.results.iter().any(|a| a.success && a.margin.is_some()) {
        return (1, MoveReason::Succeeded);
    }
    let narrow = |a: &&super::state::ActionResult| {
        a.action == PilotAction::SpeedUp && a.margin.is_some_and(|m| m > -(rules.speed_up_fail_margin as i32))
    };
    if r.results.iter().any(|a| narrow(&a)) {
        return (1, MoveReason::SpeedUpNarrowMiss);
    }
    if r.results.iter().any(|a| a.action == PilotAction::KeepPace) {
        return (-1, MoveReason::FellBack);
    }
    if !r.results.is_empty() && r.results.iter().all(|a| a.margin.is_none()) {
        return (0, MoveReason::NoCheck);
    }
    (0, MoveReason::FailedAll)
}

impl Chase {
    /// Each active vehicle's move in the coming chase progress (CHS-8, CHS-9) and the
    /// `(ahead, behind)` pairs of engagements, before hazards and departures.
    fn planned_moves(&self, rules: &ChaseRules) -> (Vec<ProgressMove>, Vec<(UnitId, UnitId)>) {
        let mut moves: Vec<ProgressMove> = Vec::new();
        let mut ahead = Vec::new();
        let active: Vec<&ChaseEntry> = self.active().collect();
        for e in &active {
            let (delta, reason) = own_movement(e, rules);
            let (delta, reason) = match e.engagement {
                None => (delta, reason),
                Some(group) => {
                    let members: Vec<&&ChaseEntry> = active.iter().filter(|m| m.engagement == Some(group)).collect();
                    let advancers: Vec<&UnitId> = members
                        .iter()
                        .filter(|m| own_movement(m, rules).0 > 0)
                        .map(|m| &m.vehicle.id)
                        .collect();
                    if advancers.is_empty() {
                        (0, MoveReason::EngagementHeld)
                    } else if delta > 0 {
                        (1, reason)
                    } else {
                        for a in advancers {
                            ahead.push((a.clone(), e.vehicle.id.clone()));
                        }
                        (1, MoveReason::CarriedByEngagement)
                    }
                }
            };
            moves.push(ProgressMove {
                vehicle: e.vehicle.id.clone(),
                from: e.zone,
                to: e.zone + delta,
                reason,
            });
        }
        (moves, ahead)
    }

    /// Vehicles whose zone after the moves of the coming chase progress puts them at least
    /// `leave_zones` ahead of every adversary: they would escape unless they choose to stay
    /// (CHS-10). Pure; empty outside the progress phase. Hazards roll no departures, so this
    /// is exactly the escapes `resolve_progress` will report with an empty `stay`.
    pub fn would_escape(&self, rules: &ChaseRules) -> Vec<UnitId> {
        if self.phase != ChasePhase::Progress {
            return Vec::new();
        }
        let (moves, _) = self.planned_moves(rules);
        self.escapes(rules, &moves)
    }

    /// CHS-10 escapes on the positions after `moves`.
    fn escapes(&self, rules: &ChaseRules, moves: &[ProgressMove]) -> Vec<UnitId> {
        let zone_of = |id: &UnitId| moves.iter().find(|m| &m.vehicle == id).map(|m| m.to);
        let leave = rules.leave_zones as i32;
        self.active()
            .filter(|e| {
                let own = zone_of(&e.vehicle.id).unwrap_or(e.zone);
                self.adversaries(&e.vehicle.id)
                    .filter_map(|a| zone_of(&a.vehicle.id))
                    .max()
                    .is_some_and(|nearest| own - nearest >= leave)
            })
            .map(|e| e.vehicle.id.clone())
            .collect()
    }

    /// Runs chase progress: moves, hazards on entry, departures, the end (pure; rolls the
    /// hazards). `stay` lists vehicles that would escape but choose to stay in the chase.
    pub fn resolve_progress(
        &self,
        rules: &ChaseRules,
        stay: &[UnitId],
        dice: &mut Dice,
    ) -> Result<ProgressOutcome, RuleError> {
        if self.phase != ChasePhase::Progress {
            return Err(illegal(format!(
                "chase progress comes after every pilot has acted; the chase is in the {} phase",
                phase_name(self.phase)
            )));
        }
        let (mut moves, ahead) = self.planned_moves(rules);
        let active: Vec<&ChaseEntry> = self.active().collect();
        let zone_of = |moves: &[ProgressMove], id: &UnitId| moves.iter().find(|m| &m.vehicle == id).map(|m| m.to);
        // Hazards trigger as soon as a vehicle enters a zone (001:4975-4978).
        let mut hazards = self.hazards.clone();
        let mut attacks = Vec::new();
        for m in moves.iter().filter(|m| m.to != m.from) {
            let kac = self.entry(&m.vehicle).map(|e| e.vehicle.kac).unwrap_or_default();
            for i in hazards_on_entry(&hazards, m.to) {
                attacks.push(hazard_attack(rules, &hazards[i], &m.vehicle, kac, dice)?);
                hazards[i].spent = true;
            }
        }
        // CHS-10: escape first (or drop back to one zone ahead), then left behind, on the
        // positions after the moves, against every adversary still in the chase.
        let leave = rules.leave_zones as i32;
        let mut departures = Vec::new();
        // A vehicle that escapes is ahead of all its adversaries, so one dropping back never
        // changes whether another escapes.
        for id in self.escapes(rules, &moves) {
            if !stay.contains(&id) {
                departures.push((id, Departure::Escaped));
                continue;
            }
            let nearest = self
                .adversaries(&id)
                .filter_map(|a| zone_of(&moves, &a.vehicle.id))
                .max()
                .expect("an escaping vehicle has adversaries");
            let m = moves
                .iter_mut()
                .find(|m| m.vehicle == id)
                .expect("every active vehicle moves");
            m.to = nearest + 1;
            m.reason = MoveReason::DroppedBack;
        }
        for e in &active {
            let id = &e.vehicle.id;
            if departures.iter().any(|(d, _)| d == id) {
                continue;
            }
            let own = zone_of(&moves, id).unwrap_or(e.zone);
            let others: Vec<i32> = self
                .adversaries(id)
                .filter_map(|a| zone_of(&moves, &a.vehicle.id))
                .collect();
            if !others.is_empty() && others.iter().all(|z| z - own >= leave) {
                departures.push((id.clone(), Departure::LeftBehind));
            }
        }
        let standing: Vec<Standing> = active
            .iter()
            .filter(|e| !departures.iter().any(|(d, _)| d == &e.vehicle.id))
            .map(|e| Standing {
                id: &e.vehicle.id,
                zone: zone_of(&moves, &e.vehicle.id).unwrap_or(e.zone),
                kac: e.vehicle.kac,
            })
            .collect();
        let ahead_now = |a: &UnitId, b: &UnitId| ahead.iter().any(|(x, y)| x == a && y == b);
        let followers = end_of_progress_attacks(rules, &hazards, &standing, &ahead_now, dice)?;
        let mut sides: Vec<_> = active
            .iter()
            .filter(|e| !departures.iter().any(|(d, _)| d == &e.vehicle.id))
            .map(|e| e.vehicle.side.clone())
            .collect();
        sides.sort();
        sides.dedup();
        Ok(ProgressOutcome {
            moves,
            ahead_in_zone: ahead,
            hazards: attacks,
            departures,
            followers,
            over: sides.len() < 2,
        })
    }

    /// The only writer of chase progress.
    pub fn apply_progress(&mut self, out: &ProgressOutcome) {
        let round = self.round;
        for m in &out.moves {
            if let Some(e) = self.entry_mut(&m.vehicle) {
                e.zone = m.to;
            }
        }
        for h in &out.hazards {
            let zone = self.entry(&h.vehicle).map(|e| e.zone);
            if let Some(z) = self
                .hazards
                .iter_mut()
                .find(|z| z.name == h.hazard && Some(z.zone) == zone)
            {
                z.spent = true;
            }
            if h.off_course
                && let Some(e) = self.entry_mut(&h.vehicle)
            {
                e.off_course = Some(round);
            }
        }
        for h in &out.followers {
            if let Some(z) = self.hazards.iter_mut().find(|z| z.name == h.hazard) {
                z.attacks += 1;
            }
            if h.off_course
                && let Some(e) = self.entry_mut(&h.vehicle)
            {
                e.off_course = Some(round);
            }
        }
        self.ahead_in_zone = out.ahead_in_zone.clone();
        for (id, why) in &out.departures {
            if let Some(e) = self.entry_mut(id) {
                e.departed = Some(*why);
                e.engagement = None;
            }
        }
        self.dissolve_single_engagements();
        self.phase = if out.over || self.is_decided() {
            ChasePhase::Over
        } else {
            ChasePhase::Combat
        };
    }
}
