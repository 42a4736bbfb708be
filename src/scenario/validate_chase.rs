//! Validation of a scenario's `chase` block (RULES.md §26): the family has chase rules, each
//! position names a vehicle once and lies on the board, every vehicle of the scenario is in
//! the chase, features come from the named environment and hazards have a Table 8-4 CR.

use super::chase_format::ChaseDef;
use super::diagnostic::Problem;
use super::spans::{field, index};
use super::spec::{ChaseSpec, UnitSpec};
use crate::rules::UnitId;
use crate::rules::chase::{ZoneFeature, ZoneHazard};
use crate::ruleset::{Fraction, HazardTrigger, Ruleset};

/// Reads a CR as written: `"1/4"` or `"3"`.
fn parse_cr(text: &str) -> Option<Fraction> {
    let t = text.trim();
    match t.split_once('/') {
        Some((n, d)) => Some(Fraction::new(n.trim().parse().ok()?, d.trim().parse().ok()?)),
        None => Some(Fraction::new(t.parse().ok()?, 1)),
    }
}

pub(super) fn build_chase(
    def: &ChaseDef,
    ruleset: &Ruleset,
    units: &[UnitSpec],
    problems: &mut Vec<Problem>,
) -> Option<ChaseSpec> {
    let path = |rest: &[super::spans::Seg]| {
        let mut p = vec![field("chase")];
        p.extend_from_slice(rest);
        p
    };
    let Some(rules) = &ruleset.chases else {
        problems.push(Problem::at(
            path(&[]),
            format!(
                "vehicle chases are not supported in {} (RULES.md §26: starfinder only)",
                ruleset.name
            ),
        ));
        return None;
    };
    let before = problems.len();
    if def.zones < 3 {
        problems.push(Problem::at(
            path(&[field("zones")]),
            "a chase needs at least 3 zones to escape or be left behind in",
        ));
    }
    let mut positions: Vec<(UnitId, i32)> = Vec::new();
    for (i, p) in def.positions.iter().enumerate() {
        let at = |f: &str| path(&[field("positions"), index(i), field(f)]);
        let id = UnitId(p.vehicle.clone());
        match units.iter().find(|u| u.id == id) {
            None => problems.push(Problem::at(at("vehicle"), format!("there is no unit `{}`", p.vehicle))),
            Some(u) if u.vehicle.is_none() => problems.push(Problem::at(
                at("vehicle"),
                format!("`{}` is not a vehicle (give it a `vehicle` block)", p.vehicle),
            )),
            Some(_) if positions.iter().any(|(v, _)| v == &id) => {
                problems.push(Problem::at(at("vehicle"), format!("`{}` is placed twice", p.vehicle)))
            }
            Some(_) => {}
        }
        if p.zone < 1 || p.zone > def.zones as i32 {
            problems.push(Problem::at(
                at("zone"),
                format!("zone {} is off the board (zones are 1 to {})", p.zone, def.zones),
            ));
        }
        positions.push((id, p.zone));
    }
    for u in units.iter().filter(|u| u.vehicle.is_some()) {
        if !positions.iter().any(|(v, _)| v == &u.id) {
            problems.push(Problem::at(
                path(&[field("positions")]),
                format!("vehicle `{}` has no position in the chase", u.id),
            ));
        }
    }
    let environment = match &def.environment {
        None => None,
        Some(name) => {
            let env = rules.environment(name);
            if env.is_none() {
                let known: Vec<&str> = rules.environments.iter().map(|e| e.name.as_str()).collect();
                problems.push(Problem::at(
                    path(&[field("environment")]),
                    format!("there is no chase environment `{name}` (known: {})", known.join(", ")),
                ));
            }
            env
        }
    };
    let mut features = Vec::new();
    for (i, f) in def.features.iter().enumerate() {
        let at = path(&[field("features"), index(i), field("name")]);
        match environment.and_then(|e| e.feature(&f.name)) {
            Some(feature) => features.push(ZoneFeature {
                zone: f.zone,
                feature: feature.clone(),
            }),
            None if environment.is_none() => {
                problems.push(Problem::at(at, "features need the chase's `environment` to come from"))
            }
            None => problems.push(Problem::at(at, format!("the environment has no feature `{}`", f.name))),
        }
    }
    let mut hazards = Vec::new();
    for (i, h) in def.hazards.iter().enumerate() {
        let at = |f: &str| path(&[field("hazards"), index(i), field(f)]);
        let cr = parse_cr(&h.cr).filter(|cr| rules.hazard_row(*cr).is_some());
        if cr.is_none() {
            problems.push(Problem::at(
                at("cr"),
                format!("`{}` is not a hazard CR of Table 8-4 (1/4, 1/3, 1/2, 1 to 20)", h.cr),
            ));
        }
        let follows = matches!(h.trigger, HazardTrigger::Rearmost | HazardTrigger::Random);
        if h.rounds.is_some() && !follows {
            problems.push(Problem::at(
                at("rounds"),
                "`rounds` is for hazards that attack after chase progress (trigger `rearmost` or `random`)",
            ));
        }
        if h.rounds == Some(0) {
            problems.push(Problem::at(
                at("rounds"),
                "`rounds` must be at least 1 (left out: until the chase ends)",
            ));
        }
        // Their attack count is kept by name.
        if def.hazards[..i].iter().any(|o| o.name == h.name) {
            problems.push(Problem::at(
                at("name"),
                format!("another hazard is already named `{}`", h.name),
            ));
        }
        hazards.push(ZoneHazard {
            name: h.name.clone(),
            zone: h.zone,
            cr: cr.unwrap_or(Fraction::new(1, 1)),
            effect: h.effect,
            trigger: h.trigger,
            spent: false,
            rounds: h.rounds,
            attacks: 0,
        });
    }
    (problems.len() == before).then_some(ChaseSpec {
        zones: def.zones,
        positions,
        features,
        hazards,
    })
}
