//! CON-1: the one place that decides the concealment a target has against an attacker
//! (RULES.md §10, §11, §22.2), and what that concealment does in the family (§10.2). The
//! attack situation (`situation`), hence `Attack`, the attack preview and `query attack`,
//! attacks of opportunity and their protection (`reactions::protection`), and `query concealment` all
//! ask here; nothing else decides concealment.
//!
//! How the sources combine (docs/cli.md, "How concealment is decided"):
//! 1. Line of effect without line of sight is **total** concealment (001:1627-1629; 004:725;
//!    RULES.md §11: "Total concealment ⇔ LoE but no LoS"). Line of sight is the family's
//!    sight test (LOS-1, LOS-2) over the map: squares that block sight (fog: `blocks_sight`),
//!    totally concealing squares and solid barriers stop it. A blinded attacker has no line of
//!    sight at all (001:3858-3860; 004:839-841).
//! 2. Otherwise concealing squares (`concealment: Normal | Total`) by CON-1's lines, or, for a
//!    melee attack on an adjacent target, only when every square of the target's space is
//!    concealed (001:1611-1613; 004:711).
//! 3. And the light where the target stands against the attacker's senses (§22.2, §10.3):
//!    dim light conceals, darkness conceals totally; low-light vision sees dim light as
//!    normal, darkvision sees through both within its range.
//!
//! The strongest of these counts; they never stack (001:1593; 004:713). A `blocks_sight`
//! square acts only through line of sight: it gives no concealment on the lines unless its
//! `concealment` says so too (a reading, docs/cli.md).

use crate::grid::{
    AttackKind, Concealment, Light, SightModel, Space, Square, concealment_lines_with, line_of_effect_with,
    line_of_sight, whole_space_concealment,
};
use crate::rules::Terrain;
use crate::rules::health::conditions::effective_conditions;
use crate::rules::reactions::threat::space_of;
use crate::rules::{ConditionName, Modifier, Profile, RuleError, UnitId};
use crate::ruleset::{ConcealmentModel, Ruleset};
use bevy::prelude::World;
use serde::Serialize;

/// What decided a target's concealment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ConcealmentSource {
    /// Nothing conceals the target.
    None,
    /// The attacker has line of effect but no line of sight to it (CON-1: total).
    NoLineOfSight,
    /// The attacker is blinded: it sees nothing (001:3858-3860; 004:839-841).
    Blinded,
    /// Concealing squares: on CON-1's lines, or around an adjacent melee target.
    Squares,
    /// Dim light or darkness where the target stands, for the attacker's senses (§22.2).
    Light,
}

/// The concealment a target has against one attacker, and what decided it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Concealed {
    #[serde(serialize_with = "lower_debug")]
    pub level: Concealment,
    pub source: ConcealmentSource,
}

fn lower_debug<T: std::fmt::Debug, S: serde::Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("{value:?}").to_lowercase())
}

fn rank(c: Concealment) -> u8 {
    match c {
        Concealment::None => 0,
        Concealment::Normal => 1,
        Concealment::Total => 2,
    }
}

/// CON-1 for `attacker` attacking `target` with a `kind` attack made from `origin`'s space
/// (its own, or the vehicle whose mounted weapon it fires, VEH-20). The distance for
/// darkvision is the attack's: zones apart in a chase (CHS-2), else the grid distance.
pub fn concealment(
    world: &World,
    attacker: &UnitId,
    origin: &UnitId,
    target: &UnitId,
    kind: AttackKind,
) -> Result<Concealed, RuleError> {
    let rules = world.resource::<Ruleset>();
    let a = space_of(world, origin).ok_or_else(|| RuleError::UnknownUnit(origin.clone()))?;
    let t = space_of(world, target).ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    let distance_ft = crate::rules::chase::chase_range_ft(world, attacker, target)
        .unwrap_or_else(|| a.distance(t, rules.grid.diagonal) * rules.grid.square_ft);
    Ok(concealment_between(world, attacker, a, t, kind, distance_ft))
}

/// `concealment` between two spaces already known, `distance_ft` apart (the attack's own
/// distance, so the attack situation and this agree).
pub fn concealment_between(
    world: &World,
    attacker: &UnitId,
    a: Space,
    t: Space,
    kind: AttackKind,
    distance_ft: u32,
) -> Concealed {
    let rules = world.resource::<Ruleset>();
    let map = &world.resource::<Terrain>().0;
    let concealed = |level, source| Concealed { level, source };
    // A blinded attacker sees nothing (001:3858-3860; 004:839-841).
    if effective_conditions(world, attacker).contains(&ConditionName::Blinded) {
        return concealed(Concealment::Total, ConcealmentSource::Blinded);
    }
    // CON-1: line of effect without line of sight is total concealment (001:1627-1629;
    // 004:725). Without line of effect the target has total cover instead (COV-1).
    let model = SightModel::of(&rules.cover);
    // (Line of sight first: it is usually clear, and then line of effect is never asked.)
    if !line_of_sight(map, model, a, t, |_| false) && line_of_effect_with(map, model, a, t) {
        return concealed(Concealment::Total, ConcealmentSource::NoLineOfSight);
    }
    // §22.2, §10.3: the light of one square against the attacker's senses.
    let senses = crate::rules::unit_component::<Profile>(world, attacker)
        .map(|p| p.senses)
        .unwrap_or_default();
    let light = |sq: Square| match map.cell(sq).map(|c| c.light) {
        _ if senses.darkvision_ft.is_some_and(|r| distance_ft <= r) => Concealment::None,
        Some(Light::Dim) if senses.low_light_vision => Concealment::None,
        Some(Light::Dim) => Concealment::Normal,
        Some(Light::Darkness) => Concealment::Total,
        _ => Concealment::None,
    };
    let adjacent_melee =
        kind == AttackKind::Melee && a.adjacent(t) && rules.concealment.adjacent_melee_needs_whole_space;
    let (by_squares, by_light) = if adjacent_melee {
        // 001:1611-1613; 004:711: every square of the target's space inside the effect.
        let squares = whole_space_concealment(map, t, |_| Concealment::None);
        let both = whole_space_concealment(map, t, light);
        (
            squares,
            if rank(both) > rank(squares) {
                both
            } else {
                Concealment::None
            },
        )
    } else {
        // CON-1 lines; the light of the target's best-lit square.
        let lines = concealment_lines_with(map, &rules.concealment, a, t, |_| Concealment::None);
        let lit = t
            .squares()
            .map(light)
            .min_by_key(|c| rank(*c))
            .unwrap_or(Concealment::None);
        (lines, lit)
    };
    if rank(by_light) > rank(by_squares) {
        concealed(by_light, ConcealmentSource::Light)
    } else if by_squares != Concealment::None {
        concealed(by_squares, ConcealmentSource::Squares)
    } else {
        concealed(Concealment::None, ConcealmentSource::None)
    }
}

/// What a level of concealment does to an attack in the family (§10.2): starfinder and the
/// d20 defaults a miss chance in percent (20 / 50), saga a penalty on the attack roll (−2 /
/// −5). Total concealment means the attacker attacks the square the target is in
/// (001:1629-1633; 004:725): the attack is made at that square with these numbers.
pub fn concealment_effect(rules: &Ruleset, level: Concealment) -> (Option<u32>, Option<Modifier>) {
    let total = level == Concealment::Total;
    match (level, rules.concealment.model) {
        (Concealment::None, _) => (None, None),
        (_, ConcealmentModel::MissChance { normal_pct, total_pct }) => {
            (Some(if total { total_pct } else { normal_pct }), None)
        }
        (_, ConcealmentModel::AttackPenalty { normal, total: t }) => (
            None,
            Some(Modifier::new(
                if total { t } else { normal },
                format!("{level:?} concealment").to_lowercase(),
            )),
        ),
    }
}
