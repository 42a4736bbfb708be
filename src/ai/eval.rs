//! How good a battle state is for a side, in worth units (`value`): its units' worth that
//! still stands, minus the foes' it knows of, plus its objectives' progress, and the end of
//! the battle when it is over. Scores the forks that sampled commands and the hard level's
//! look-ahead leave behind. Foes the side could not see when it decided are left out, so a
//! fork never tells it about them.

use super::goals::{Goals, inside, zone_gap};
use super::knowledge::{Fighter, fighter};
use crate::history::Battle;
use crate::rules::{ConditionName, SideId, UnitId, UnitIndex};
use std::collections::BTreeSet;

/// What a won (or lost) battle is worth: far more than any unit.
pub const WIN: f64 = 1000.0;

/// What a vehicle of a side that wins by escaping gains per run distance it puts between
/// itself and the nearest foe on foot (VEH-22: it gets away beyond every foe's run), up to
/// [`ESCAPE_MARGIN`] of them: more than a foe on foot is worth, so the pilot drives away
/// rather than stays to trade shots.
const ESCAPE: f64 = 4.0;
const ESCAPE_MARGIN: f64 = 1.5;

/// The conditions that make a foe easier to beat, with the share of its worth they take
/// (prone and flat-footed: easier to hit; grappled, pinned, stunned: barely fights).
const CONDITION_SHARE: [(ConditionName, f64); 7] = [
    (ConditionName::Prone, 0.1),
    (ConditionName::FlatFooted, 0.05),
    (ConditionName::Grappled, 0.15),
    (ConditionName::Pinned, 0.3),
    (ConditionName::Stunned, 0.3),
    (ConditionName::Entangled, 0.1),
    (ConditionName::OffKilter, 0.1),
];

/// The scorer of one side's decision.
#[derive(Debug, Clone)]
pub struct Evaluator {
    pub side: SideId,
    pub goals: Goals,
    /// The foes the side knew when it decided (`None`: all, no hidden information).
    pub known: Option<BTreeSet<UnitId>>,
    /// In a chase, the side runs rather than hunts (`chase::flees`).
    pub flee: bool,
}

impl Evaluator {
    /// The scorer of `known.side`'s decisions.
    pub fn of(battle: &Battle, known: &super::knowledge::Known) -> Evaluator {
        let goals = Goals::of(battle.spec(), &known.side);
        Evaluator {
            side: known.side.clone(),
            known: known.seen().cloned(),
            flee: super::chase::flees(known, &goals),
            goals,
        }
    }
}

impl Evaluator {
    /// The value of `battle` to the side.
    pub fn value(&self, battle: &Battle) -> f64 {
        let outcome = battle.outcome();
        if outcome.over {
            return match &outcome.winner {
                Some(w) if w == &self.side => WIN,
                Some(_) => -WIN,
                None => 0.0,
            };
        }
        let world = battle.world();
        let mut value = 0.0;
        let mut own: Vec<Fighter> = Vec::new();
        let mut foes: Vec<Fighter> = Vec::new();
        for id in world.resource::<UnitIndex>().0.keys() {
            let Some(f) = fighter(world, id) else { continue };
            if f.side == self.side {
                own.push(f);
            } else if self.known.as_ref().is_none_or(|k| k.contains(id)) {
                foes.push(f);
            }
        }
        for f in &own {
            value += f.worth * unit_share(f);
        }
        for f in &foes {
            value -= f.worth * unit_share(f);
        }
        value + self.objectives(&own, &foes) + super::chase::chase_value(world, &self.side, self.flee)
    }

    /// Progress toward the objectives: own units close to zones to reach, in zones to hold
    /// or contest; foes close to the zones they must reach.
    fn objectives(&self, own: &[Fighter], foes: &[Fighter]) -> f64 {
        let mut value = 0.0;
        let moves_to = |f: &Fighter, zone: &[crate::grid::Square]| {
            zone_gap(f.space, zone).map(|g| f64::from(g) / f64::from(f.speed.max(1)))
        };
        for zone in &self.goals.reach {
            let best = own
                .iter()
                .filter(|f| f.able())
                .filter_map(|f| moves_to(f, zone))
                .fold(f64::INFINITY, f64::min);
            if best.is_finite() {
                value -= 2.0 * best;
            }
        }
        for zone in self.goals.hold.iter().chain(self.goals.contest.iter()) {
            let mine = own.iter().filter(|f| f.able() && inside(f.space, zone)).count();
            let theirs = foes.iter().filter(|f| f.able() && inside(f.space, zone)).count();
            value += 1.5 * f64::from(u8::from(mine > 0)) - 1.5 * f64::from(u8::from(theirs > 0));
        }
        if self.goals.escape {
            value += escape_progress(own, foes);
        }
        for zone in &self.goals.guard {
            let best = foes
                .iter()
                .filter(|f| f.able() && f.creature())
                .filter_map(|f| moves_to(f, zone))
                .fold(f64::INFINITY, f64::min);
            if best.is_finite() {
                value += 2.0 * best.min(6.0);
            }
        }
        value
    }
}

/// How far the side's vehicles with riders able to act are from getting away (VEH-22): each
/// one's distance to the nearest foe on foot able to act, in that foe's run distances (four
/// moves), weighted by [`ESCAPE`]; a unit of the side on foot keeps the side from escaping
/// (the goal needs every unit able to act gone), so it costs a whole getaway.
fn escape_progress(own: &[Fighter], foes: &[Fighter]) -> f64 {
    let on_foot = own
        .iter()
        .filter(|f| f.able() && f.creature() && f.aboard.is_none())
        .count();
    let away: f64 = own
        .iter()
        .filter(|v| v.kind == crate::rules::UnitKind::Vehicle)
        .filter(|v| own.iter().any(|r| r.aboard.as_ref() == Some(&v.id) && r.able()))
        .filter_map(|v| {
            let margin = foes
                .iter()
                .filter(|f| f.able() && f.creature() && f.aboard.is_none())
                .map(|f| f64::from(super::grid::gap(v.space, f.space)) / f64::from(4 * f.speed.max(1)))
                .fold(f64::INFINITY, f64::min);
            margin.is_finite().then(|| ESCAPE * margin.min(ESCAPE_MARGIN))
        })
        .sum();
    away - ESCAPE * ESCAPE_MARGIN * on_foot as f64
}

/// The share of its worth a unit stands for: its standing less what its conditions take.
fn unit_share(f: &Fighter) -> f64 {
    let standing = f.standing();
    if standing <= 0.0 {
        return 0.0;
    }
    let hampered: f64 = CONDITION_SHARE
        .iter()
        .filter(|(c, _)| f.conditions.contains(c))
        .map(|(_, s)| s)
        .sum();
    (standing - hampered.min(0.4)).max(0.05)
}
