//! Everything one grid decision weighs, computed once per decision: the deciding unit, what
//! each known foe threatens it with, the estimated worth of striking each foe, the objectives
//! and the walking-distance fields (lazily: only when a move is weighed).

use crate::ai::eval::Evaluator;
use crate::ai::fields::Field;
use crate::ai::goals::{Goals, zone_gap};
use crate::ai::knowledge::{Fighter, Known};
use crate::ai::odds::AttackOdds;
use crate::ai::paths::Mover;
use crate::ai::policy::Aspects;
use crate::ai::value::standing_lost;
use crate::grid::{Space, Square};
use crate::history::Battle;
use crate::rules::attack::defense_against;
use crate::rules::{ConditionName, Profile, UnitId, Weapon, unit_component};
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use std::cell::OnceCell;

/// Foes scored exactly: the nearest ones and the best by estimate (see `Ctx::focus`).
const FOCUS_NEAREST: usize = 6;
const FOCUS_WORTH: usize = 4;

/// What one foe could do to the deciding unit on its next turn.
#[derive(Debug, Clone)]
pub struct Threat {
    pub foe: UnitId,
    pub space: Space,
    pub speed: u32,
    /// Its melee weapon's reach in squares and odds against the deciding unit.
    pub melee: Option<(u32, AttackOdds)>,
    /// Its ranged weapon's short range in squares and odds against the deciding unit.
    pub ranged: Option<(u32, AttackOdds)>,
    /// The share of its attacks the deciding unit can expect: 1 over the number of the side's
    /// units within its reach next turn.
    pub share: f64,
    /// The deciding unit's loss to one melee and one ranged attack of the foe (at its own
    /// defense), computed once per decision: exposure asks for them on every square.
    pub melee_loss: f64,
    pub ranged_loss: f64,
    /// With `Aspects::exact_reach`: per square of the map (row-major), whether the foe can
    /// strike it in melee after one move, by the rules' reach plan of the foe (walls, doors,
    /// difficult terrain and creatures in its way); `None`: judged by distance alone.
    pub strike_zone: Option<Vec<bool>>,
}

impl Threat {
    /// Whether the foe can strike a square of `space` in melee after one move.
    pub fn strikes(&self, space: Space, width: u32) -> Option<bool> {
        let zone = self.strike_zone.as_ref()?;
        Some(space.squares().any(|sq| {
            sq.x >= 0
                && sq.y >= 0
                && (sq.x as u32) < width
                && zone.get(sq.y as usize * width as usize + sq.x as usize) == Some(&true)
        }))
    }
}

/// The estimated worth of striking one foe from a square that reaches it.
#[derive(Debug, Clone)]
pub struct Strike {
    pub target: UnitId,
    pub space: Space,
    pub melee: Option<(u32, f64)>,
    pub ranged: Option<(u32, f64)>,
}

/// One grid decision.
pub struct Ctx<'a> {
    pub battle: &'a Battle,
    pub world: &'a World,
    pub rules: &'a Ruleset,
    pub known: &'a Known,
    pub aspects: Aspects,
    pub me: Fighter,
    pub profile: &'a Profile,
    pub goals: Goals,
    pub eval: Evaluator,
    pub threats: Vec<Threat>,
    pub strikes: Vec<Strike>,
    /// The foes whose attacks are scored exactly (the rules' preview): the nearest few and
    /// the few most worth striking by estimate. In a big battle the others are too far or
    /// too little worth to change the choice, and previewing every one is what costs.
    pub focus: Vec<UnitId>,
    /// Per known foe (by id): the attacks the side's other units can make on it before its
    /// own next turn, as they stand (the team's follow-up; only with `Aspects::team`).
    pub follow_ups: Vec<(UnitId, Vec<AttackOdds>)>,
    fields: OnceCell<Fields>,
}

/// Walking distances for the deciding unit.
pub struct Fields {
    /// To the nearest square it can strike a known foe from (melee).
    pub engage: Option<Field>,
    /// To each zone it plays for (`Goals::reach`, then `hold`, then `contest`), and to guard.
    pub zones: Vec<Field>,
    pub guard: Vec<Field>,
    /// To the nearest square the side does not see (hidden information, no foe in sight).
    pub explore: Option<Field>,
}

impl<'a> Ctx<'a> {
    pub fn new(battle: &'a Battle, known: &'a Known, me: &UnitId, aspects: Aspects) -> Option<Ctx<'a>> {
        let world = battle.world();
        let rules = world.resource::<Ruleset>();
        let me = known.own.iter().find(|f| &f.id == me)?.clone();
        let profile = unit_component::<Profile>(world, &me.id)?;
        let goals = Goals::of(battle.spec(), &known.side);
        let eval = Evaluator::of(battle, known);
        let mut ctx = Ctx {
            battle,
            world,
            rules,
            known,
            aspects,
            me,
            profile,
            goals,
            eval,
            threats: Vec::new(),
            strikes: Vec::new(),
            focus: Vec::new(),
            follow_ups: Vec::new(),
            fields: OnceCell::new(),
        };
        if aspects.team {
            ctx.follow_ups = ctx.team_follow_ups();
        }
        ctx.threats = ctx.foes_threats();
        ctx.strikes = ctx.foes_strikes();
        if !aspects.tactics {
            // A level without tactics (Easy) goes for the nearest foe only, in its moves too.
            let nearest = ctx
                .strikes
                .iter()
                .min_by_key(|s| (gap(ctx.me.space, s.space), s.target.clone()));
            let keep = nearest.map(|s| s.target.clone());
            ctx.strikes.retain(|s| Some(&s.target) == keep.as_ref());
        }
        ctx.focus = ctx.focus_targets();
        Some(ctx)
    }

    /// The nearest `FOCUS_NEAREST` targets and the `FOCUS_WORTH` best by estimated strike.
    fn focus_targets(&self) -> Vec<UnitId> {
        let mut by_gap: Vec<&Strike> = self.strikes.iter().collect();
        by_gap.sort_by_key(|s| (gap(self.me.space, s.space), s.target.clone()));
        let mut focus: Vec<UnitId> = by_gap.iter().take(FOCUS_NEAREST).map(|s| s.target.clone()).collect();
        let best = |s: &Strike| {
            let m = s.melee.as_ref().map_or(0.0, |(_, v)| *v);
            let r = s.ranged.as_ref().map_or(0.0, |(_, v)| *v);
            m.max(r)
        };
        let mut by_worth: Vec<&Strike> = self.strikes.iter().collect();
        by_worth.sort_by(|a, b| best(b).total_cmp(&best(a)).then_with(|| a.target.cmp(&b.target)));
        for s in by_worth.into_iter().take(FOCUS_WORTH) {
            if !focus.contains(&s.target) {
                focus.push(s.target.clone());
            }
        }
        focus
    }

    /// Whether attacks on `target` are scored exactly (see `focus`).
    pub fn in_focus(&self, target: &UnitId) -> bool {
        self.focus.contains(target)
    }

    /// The odds of `attacker`'s `weapon` against `target`, estimated without the situation
    /// (the stat block's bonus against the defense the weapon targets).
    pub fn estimate(&self, weapon: &Weapon, target: &Fighter) -> Option<AttackOdds> {
        let profile = unit_component::<Profile>(self.world, &target.id)?;
        let flat = target.conditions.contains(&ConditionName::FlatFooted);
        let defense = defense_against(self.rules, profile, flat, &weapon.damage_types, &[]);
        Some(AttackOdds::estimate(
            &self.rules.attack,
            weapon.attack,
            defense.value,
            &weapon.damage,
        ))
    }

    /// What each known foe able to fight threatens the deciding unit with.
    fn foes_threats(&self) -> Vec<Threat> {
        let reach_of = |f: &Fighter| {
            let melee = f.melee.as_ref().map_or(0, |(_, r)| *r);
            let ranged = f.ranged.as_ref().map_or(0, |(_, r)| *r);
            f.speed + melee.max(ranged)
        };
        self.known
            .threats()
            .map(|f| {
                let melee = f
                    .melee
                    .as_ref()
                    .and_then(|(w, r)| Some((*r, self.estimate(w, &self.me)?)));
                let ranged = f
                    .ranged
                    .as_ref()
                    .and_then(|(w, r)| Some((*r, self.estimate(w, &self.me)?)));
                let others = self
                    .known
                    .own
                    .iter()
                    .filter(|o| o.id != self.me.id && o.able() && o.creature())
                    .filter(|o| gap(f.space, o.space) <= reach_of(f))
                    .count();
                let strike_zone = match (self.aspects.exact_reach, &f.melee) {
                    (true, Some((_, reach))) => strike_zone(self.world, f, *reach),
                    _ => None,
                };
                let loss = |o: &Option<(u32, AttackOdds)>| o.as_ref().map_or(0.0, |(_, odds)| self.loss(odds, 0));
                Threat {
                    foe: f.id.clone(),
                    space: f.space,
                    speed: f.speed,
                    melee_loss: loss(&melee),
                    ranged_loss: loss(&ranged),
                    melee,
                    ranged,
                    share: 1.0 / (1.0 + others as f64),
                    strike_zone,
                }
            })
            .collect()
    }

    /// The estimated worth of striking each known foe (melee and ranged).
    fn foes_strikes(&self) -> Vec<Strike> {
        self.known
            .targets()
            .map(|t| {
                let gain = |w: &Weapon| self.estimate(w, t).map(|o| self.priority(t) * self.worth_of(t, &[o]));
                Strike {
                    target: t.id.clone(),
                    space: t.space,
                    melee: self.me.melee.as_ref().and_then(|(w, r)| Some((*r, gain(w)?))),
                    ranged: self.me.ranged.as_ref().and_then(|(w, r)| Some((*r, gain(w)?))),
                }
            })
            .collect()
    }

    /// The worth of `attacks` on `target`: the standing they take from it, times its worth.
    /// With the team's follow-up (`Aspects::team`), what they add to the attacks the side's
    /// other units can make on it before it acts again: damage that lets an ally finish a
    /// foe is worth more than damage that will heal into nothing (focus fire).
    pub fn worth_of(&self, target: &Fighter, attacks: &[AttackOdds]) -> f64 {
        let lost = |list: &[AttackOdds]| standing_lost(&self.rules.health, target.health, target.state, list);
        match self.follow_ups.iter().find(|(id, _)| id == &target.id) {
            Some((_, after)) if !after.is_empty() => {
                let mut all = attacks.to_vec();
                all.extend(after.iter().cloned());
                target.worth * (lost(&all) - lost(after)).max(0.0)
            }
            _ => target.worth * lost(attacks),
        }
    }

    /// For each known foe, the attacks of the side's other units that act after the deciding
    /// unit and before that foe (initiative order, wrapping into the next round) and can
    /// reach it from where they stand (a move and a strike), each with its better weapon.
    fn team_follow_ups(&self) -> Vec<(UnitId, Vec<AttackOdds>)> {
        let order: Vec<&UnitId> = self
            .world
            .resource::<crate::rules::Combat>()
            .order
            .iter()
            .map(|e| &e.unit)
            .collect();
        let Some(mine) = order.iter().position(|u| **u == self.me.id) else {
            return Vec::new();
        };
        self.known
            .targets()
            .map(|t| {
                let mut odds = Vec::new();
                for k in 1..order.len() {
                    let u = order[(mine + k) % order.len()];
                    if *u == t.id {
                        break;
                    }
                    let Some(ally) = self.known.own.iter().find(|o| &o.id == u && o.able() && o.creature()) else {
                        continue;
                    };
                    let g = gap(ally.space, t.space);
                    let melee = ally
                        .melee
                        .as_ref()
                        .filter(|(_, reach)| g <= ally.speed + reach)
                        .and_then(|(w, _)| self.estimate(w, t));
                    let ranged = ally
                        .ranged
                        .as_ref()
                        .filter(|(_, range)| g <= 2 * range)
                        .and_then(|(w, _)| self.estimate(w, t));
                    let best = match (melee, ranged) {
                        (Some(m), Some(r)) => Some(if m.mean() >= r.mean() { m } else { r }),
                        (m, r) => m.or(r),
                    };
                    odds.extend(best);
                }
                (t.id.clone(), odds)
            })
            .collect()
    }

    /// The deciding unit's loss to one attack with `odds` (its defense moved by `shift`).
    pub fn loss(&self, odds: &AttackOdds, shift: i32) -> f64 {
        let odds = match shift {
            0 => odds.clone(),
            _ => shifted(odds, &self.rules.attack, shift),
        };
        self.me.worth * standing_lost(&self.rules.health, self.me.health, self.me.state, &[odds])
    }

    /// How much more a foe is worth striking for the objectives: one close to a zone it must
    /// reach, or standing in a zone held or contested.
    pub fn priority(&self, foe: &Fighter) -> f64 {
        let mut p = 1.0;
        for zone in &self.goals.guard {
            if let Some(g) = zone_gap(foe.space, zone) {
                p += 1.5 / (1.0 + f64::from(g) / f64::from(foe.speed.max(1)));
            }
        }
        for zone in self.goals.hold.iter().chain(self.goals.contest.iter()) {
            if crate::ai::goals::inside(foe.space, zone) {
                p += 0.5;
            }
        }
        p
    }

    /// The walking-distance fields, computed on first use.
    pub fn fields(&self, mover: &Mover) -> &Fields {
        self.fields.get_or_init(|| self.make_fields(mover))
    }

    fn make_fields(&self, mover: &Mover) -> Fields {
        let board = mover.board(self.world);
        let limit = 4 * (board.map.width() + board.map.height());
        let side = self.me.space.side;
        let reach = self.me.melee.as_ref().map_or(1, |(_, r)| *r);
        let mut engage_goals: Vec<Square> = Vec::new();
        for s in &self.strikes {
            let r = reach as i32 + side as i32;
            for y in s.space.at.y - r..=s.space.at.y + s.space.side as i32 + r {
                for x in s.space.at.x - r..=s.space.at.x + s.space.side as i32 + r {
                    let at = Square::new(x, y);
                    if gap(Space::new(at, side), s.space) <= reach && board.footprint_endable(at) {
                        engage_goals.push(at);
                    }
                }
            }
        }
        engage_goals.sort_by_key(|s| (s.y, s.x));
        engage_goals.dedup();
        let zone_field = |zone: &Vec<Square>| Field::from_goals(&board, zone, limit);
        let explore = match (&self.known.view, self.strikes.is_empty()) {
            (Some(view), true) => {
                let unseen: Vec<Square> = board
                    .map
                    .squares()
                    .filter(|sq| !view.sees(*sq) && board.footprint_passable(*sq))
                    .collect();
                Some(Field::from_goals(&board, &unseen, limit))
            }
            _ => None,
        };
        Fields {
            engage: (!engage_goals.is_empty()).then(|| Field::from_goals(&board, &engage_goals, limit)),
            zones: self.goals.stand_in().map(zone_field).collect(),
            guard: self.goals.guard.iter().map(zone_field).collect(),
            explore,
        }
    }
}

/// The squares `foe` can strike in melee (within `reach` squares) from where it stands or
/// after one move action, by the rules' reach plan (`reach_plan::plan_reach`).
fn strike_zone(world: &World, foe: &Fighter, reach: u32) -> Option<Vec<bool>> {
    let plan = crate::rules::movement::reach_plan::plan_reach(world, &foe.id, &[crate::rules::MoveMode::Move]).ok()?;
    let map = &world.resource::<crate::rules::Terrain>().0;
    let (w, h) = (map.width() as i32, map.height() as i32);
    let mut zone = vec![false; (w * h).max(0) as usize];
    let mut paint = |at: Square| {
        let r = reach as i32;
        let side = foe.space.side.max(1) as i32;
        for y in (at.y - r).max(0)..(at.y + side + r).min(h) {
            for x in (at.x - r).max(0)..(at.x + side + r).min(w) {
                zone[(y * w + x) as usize] = true;
            }
        }
    };
    paint(foe.space.at);
    if let Some(Ok(band)) = plan.band(crate::rules::MoveMode::Move) {
        for (sq, _) in band {
            paint(*sq);
        }
    }
    Some(zone)
}

/// `odds` against a defense `shift` higher: the hit chance of the bonus `shift` lower.
pub fn shifted(odds: &AttackOdds, rules: &crate::ruleset::AttackRules, shift: i32) -> AttackOdds {
    // The hit chance as a bonus against defense 0 (any pair with the same difference will do).
    let hits = (odds.hit * 20.0).round() as i32;
    let bonus = (0..=40)
        .map(|b| b - 20)
        .find(|b| (crate::ai::odds::hit_chance(rules, *b, 10) * 20.0).round() as i32 >= hits);
    let Some(bonus) = bonus else { return odds.clone() };
    let hit = crate::ai::odds::hit_chance(rules, bonus - shift, 10);
    AttackOdds {
        hit,
        crit: odds.crit.min(hit),
        ..odds.clone()
    }
}

/// Squares between two spaces along the wider axis (0 when they touch or overlap: 1 means
/// one square apart, i.e. adjacent spaces have gap 1).
pub fn gap(a: Space, b: Space) -> u32 {
    let axis = |a0: i32, an: u32, b0: i32, bn: u32| {
        let (a1, b1) = (a0 + an.max(1) as i32 - 1, b0 + bn.max(1) as i32 - 1);
        (b0 - a1).max(a0 - b1).max(0) as u32
    };
    axis(a.at.x, a.side, b.at.x, b.side).max(axis(a.at.y, a.side, b.at.y, b.side))
}
