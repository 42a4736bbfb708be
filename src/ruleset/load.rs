//! Parsing and validating ruleset files; the four shipped families are embedded in the
//! binary so the game works from any directory.

use super::{
    ArmorSpeed, ConcealmentModel, CriticalDamage, DamageLayer, DiagonalPolicy, Family, Fraction, FullAttackModel,
    HealthModel, RangeModel, Ruleset, Size, SizeRow, Until,
};
use thiserror::Error;

const EMBEDDED: [(Family, &str); 4] = [
    (Family::Starfinder, include_str!("../../assets/rulesets/starfinder.ron")),
    (Family::D20Srd, include_str!("../../assets/rulesets/d20_srd.ron")),
    (Family::D20Modern, include_str!("../../assets/rulesets/d20_modern.ron")),
    (Family::Saga, include_str!("../../assets/rulesets/saga.ron")),
];

/// A ruleset file that could not be used.
#[derive(Debug, Error)]
pub enum RulesetError {
    #[error("{line}:{col}: {message}")]
    Syntax { line: usize, col: usize, message: String },
    #[error("invalid ruleset: {0}")]
    Invalid(String),
}

/// Parses and validates one ruleset file's text.
pub fn parse_ruleset(text: &str) -> Result<Ruleset, RulesetError> {
    let ruleset: Ruleset = ron::Options::default()
        .from_str(text)
        .map_err(|e| RulesetError::Syntax {
            line: e.span.start.line,
            col: e.span.start.col,
            message: e.code.to_string(),
        })?;
    validate(&ruleset)?;
    Ok(ruleset)
}

/// The shipped ruleset of `family`.
pub fn load_embedded(family: Family) -> Result<Ruleset, RulesetError> {
    let (_, text) = EMBEDDED
        .iter()
        .find(|(f, _)| *f == family)
        .ok_or_else(|| RulesetError::Invalid(format!("no embedded ruleset for {family}")))?;
    let ruleset = parse_ruleset(text)?;
    if ruleset.id != family {
        return Err(RulesetError::Invalid(format!(
            "assets/rulesets/{family}.ron declares id {}",
            ruleset.id
        )));
    }
    Ok(ruleset)
}

/// Sanity checks that catch a wrong number in a ruleset file before the engine trusts it.
fn validate(r: &Ruleset) -> Result<(), RulesetError> {
    if r.version != 1 {
        return Err(RulesetError::Invalid(format!(
            "version {} is not supported (expected 1)",
            r.version
        )));
    }
    validate_geometry(r)?;
    validate_sizes(r)?;
    validate_actions(r)?;
    validate_movement(r)?;
    validate_combat(r)?;
    validate_health(r)?;
    validate_engine_defaults(r)
}

fn ensure(ok: bool, message: impl FnOnce() -> String) -> Result<(), RulesetError> {
    if ok {
        Ok(())
    } else {
        Err(RulesetError::Invalid(message()))
    }
}

fn ensure_fraction(f: Fraction, path: &str) -> Result<(), RulesetError> {
    ensure(f.den > 0, || format!("{path}: fraction denominator must not be 0"))
}

fn validate_sizes(r: &Ruleset) -> Result<(), RulesetError> {
    let mut previous: Option<&SizeRow> = None;
    for size in Size::ALL {
        let rows = r.sizes.0.iter().filter(|row| row.size == size).count();
        ensure(rows == 1, || {
            format!("size table has {rows} rows for {size:?} (expected 1)")
        })?;
        let row = r.sizes.row(size);
        ensure(row.reach_long_ft <= row.reach_tall_ft, || {
            format!("sizes.{size:?}: long reach exceeds tall reach (SIZE-4)")
        })?;
        ensure(
            row.reach_tall_ft.is_multiple_of(r.grid.square_ft) && row.reach_long_ft.is_multiple_of(r.grid.square_ft),
            || format!("sizes.{size:?}: reach is not a whole number of squares"),
        )?;
        ensure((row.space_squares == 0) == row.per_square.is_some(), || {
            format!("sizes.{size:?}: per_square must be set exactly when the space is below one square (SIZE-5)")
        })?;
        if let Some(prev) = previous {
            ensure(
                row.space_squares >= prev.space_squares && row.reach_tall_ft >= prev.reach_tall_ft,
                || format!("sizes.{size:?}: space and reach must not shrink as size grows"),
            )?;
            ensure(
                row.defense_mod <= prev.defense_mod && row.attack_mod <= prev.attack_mod,
                || format!("sizes.{size:?}: size modifiers must not grow as size grows"),
            )?;
        }
        previous = Some(row);
    }
    Ok(())
}

fn validate_actions(r: &Ruleset) -> Result<(), RulesetError> {
    let a = &r.actions;
    ensure(!a.surprise.main_kinds.is_empty(), || {
        "actions.surprise.main_kinds is empty".into()
    })?;
    ensure(a.names.swift.is_some() == (a.per_turn.swift > 0), || {
        "actions: names.swift must be set exactly when per_turn.swift > 0".into()
    })?;
    ensure(!a.swift_from_larger || a.per_turn.swift > 0, || {
        "actions.swift_from_larger needs a swift action".into()
    })?;
    ensure(r.sequence.initiative_die >= 2, || {
        "sequence.initiative_die must be at least 2".into()
    })?;
    ensure(!r.sequence.tie_breaks.is_empty(), || {
        "sequence.tie_breaks is empty".into()
    })?;
    // A damaging attack of opportunity either loses the spell or calls for a check, not both.
    ensure(
        r.spellcasting
            .is_none_or(|s| !(s.lost_when_aoo_damages && s.concentration.is_some())),
        || "spellcasting: lost_when_aoo_damages and concentration exclude each other".into(),
    )
}

fn validate_geometry(r: &Ruleset) -> Result<(), RulesetError> {
    ensure(r.grid.square_ft > 0, || "grid.square_ft must be positive".into())?;
    let t = &r.terrain;
    ensure(t.difficult_orthogonal >= 2, || {
        "terrain.difficult_orthogonal must be at least 2 (a doubling)".into()
    })?;
    ensure(t.difficult_diagonal >= t.difficult_orthogonal, || {
        "terrain.difficult_diagonal must be at least difficult_orthogonal".into()
    })?;
    ensure(t.extra_hampering_factor >= 1, || {
        "terrain.extra_hampering_factor must be at least 1".into()
    })?;
    let alternating = r.grid.diagonal == DiagonalPolicy::Alternating;
    ensure(
        alternating == t.hampered_diagonal_advances_counter.is_some()
            && alternating == t.diagonal_counter_scope.is_some(),
        || "terrain: the 1-2-1-2 counter settings must be set exactly when grid.diagonal is alternating".into(),
    )
}

fn validate_movement(r: &Ruleset) -> Result<(), RulesetError> {
    let m = &r.movement;
    ensure(m.run.multiplier >= 1, || {
        "movement.run.multiplier must be at least 1".into()
    })?;
    if let Some(heavy) = m.run.heavy_multiplier {
        ensure((1..=m.run.multiplier).contains(&heavy), || {
            "movement.run.heavy_multiplier must be between 1 and run.multiplier".into()
        })?;
        ensure(!m.run.heavy_when.is_empty(), || {
            "movement.run.heavy_when is empty".into()
        })?;
    }
    match &m.armor_speed {
        ArmorSpeed::Unsourced => {}
        ArmorSpeed::Table { rows, .. } => {
            for row in rows {
                ensure(row.slowed_ft <= row.base_ft, || {
                    "movement.armor_speed: a slowed speed exceeds its base".into()
                })?;
            }
        }
        ArmorSpeed::Fraction { fraction, .. } => {
            ensure_fraction(*fraction, "movement.armor_speed.fraction")?;
            ensure(fraction.num <= fraction.den, || {
                "movement.armor_speed.fraction must not speed up".into()
            })?;
        }
    }
    if let Some(step) = &m.guarded_step {
        ensure(step.squares >= 1, || {
            "movement.guarded_step.squares must be at least 1".into()
        })?;
    }
    if let Some(sq) = &m.squeezing {
        ensure_fraction(sq.min_width, "movement.squeezing.min_width")?;
    }
    if let Some(c) = &m.charge {
        ensure(c.max_speed_multiple >= 1, || {
            "movement.charge.max_speed_multiple must be at least 1".into()
        })?;
        ensure(c.min_squares >= 1, || {
            "movement.charge.min_squares must be at least 1".into()
        })?;
    }
    if let Some(w) = &m.withdraw {
        ensure_fraction(w.max_distance, "movement.withdraw.max_distance")?;
    }
    Ok(())
}

fn validate_combat(r: &Ruleset) -> Result<(), RulesetError> {
    match r.concealment.model {
        ConcealmentModel::MissChance { normal_pct, total_pct } => {
            ensure(normal_pct <= total_pct && total_pct <= 100, || {
                "concealment miss chances must satisfy normal <= total <= 100".into()
            })?;
        }
        ConcealmentModel::AttackPenalty { normal, total } => {
            ensure(total <= normal && normal <= 0, || {
                "concealment attack penalties must satisfy total <= normal <= 0".into()
            })?;
        }
    }
    ensure(r.cover.cover.defense > 0, || {
        "cover.cover.defense must be a bonus".into()
    })?;
    if let Some(improved) = r.cover.improved {
        ensure(improved.defense >= r.cover.cover.defense, || {
            "cover.improved must not be below cover".into()
        })?;
    }
    if let Some(partial) = r.cover.partial {
        ensure(partial.defense <= r.cover.cover.defense, || {
            "cover.partial must not exceed cover".into()
        })?;
    }
    validate_attack_options(r)?;
    ensure(r.flanking.attack_bonus >= 0, || {
        "flanking.attack_bonus must not be negative".into()
    })?;
    ensure(r.attack.natural_miss < r.attack.natural_hit, || {
        "attack: natural_miss must be below natural_hit".into()
    })?;
    ensure(r.attack.natural_hit <= 20, || {
        "attack.natural_hit exceeds the d20".into()
    })?;
    let multiplier = match r.attack.critical.damage {
        CriticalDamage::RollTimes { default_multiplier, .. } => default_multiplier,
        CriticalDamage::MultiplyTotal { factor } => factor,
    };
    ensure(multiplier >= 2, || {
        "attack.critical.damage multiplier must be at least 2".into()
    })?;
    if let RangeModel::Increments {
        max_increments,
        thrown_max_increments,
        ..
    } = r.range.model
    {
        ensure(
            thrown_max_increments >= 1 && thrown_max_increments <= max_increments,
            || "range: thrown_max_increments must be between 1 and max_increments".into(),
        )?;
    }
    ensure(r.damage.minimum.amount >= 1, || {
        "damage.minimum.amount must be at least 1".into()
    })?;
    ensure(r.damage.order.last() == Some(&DamageLayer::HitPoints), || {
        "damage.order must end with hit_points".into()
    })?;
    for (path, f) in [
        ("damage.bonuses.two_handed_str", r.damage.bonuses.two_handed_str),
        ("damage.bonuses.off_hand_str", r.damage.bonuses.off_hand_str),
        ("damage.stun.hp_fraction", r.damage.stun.map(|s| s.hp_fraction)),
        ("damage.ion.hp_fraction", r.damage.ion.map(|s| s.hp_fraction)),
        ("vehicles.uncontrolled_speed", r.vehicles.map(|v| v.uncontrolled_speed)),
        ("vehicles.ram_self", r.vehicles.map(|v| v.ram_self)),
        ("vehicles.broken.speed", r.vehicles.map(|v| v.broken.speed)),
    ] {
        if let Some(f) = f {
            ensure_fraction(f, path)?;
        }
    }
    Ok(())
}

/// §4.3.1: full-attack penalties are penalties, fighting defensively trades a penalty for a
/// bonus, and the no-attacks choice is worth at least as much as the plain one.
fn validate_attack_options(r: &Ruleset) -> Result<(), RulesetError> {
    let o = &r.attack_options;
    if let Some(f) = o.full_attack {
        let penalties = match f.attacks {
            FullAttackModel::Fixed { count, penalty } => {
                ensure(count >= 1, || {
                    "attack_options.full_attack: count must be at least 1".into()
                })?;
                vec![penalty]
            }
            FullAttackModel::ExtraAttacks(x) => {
                let (one, two, three) = x.dual_weapon_mastery;
                ensure(
                    x.two_weapons.max(x.double_weapon) <= one && one <= two && two <= three,
                    || "attack_options.full_attack: each Dual Weapon Mastery must lower the penalty further".into(),
                )?;
                vec![x.two_weapons, x.double_weapon, three, x.double_attack, x.triple_attack]
            }
        };
        ensure(penalties.iter().all(|p| *p <= 0), || {
            "attack_options.full_attack: penalties must not be bonuses".into()
        })?;
        ensure(
            !(r.aoo.ignores_full_attack_penalty && f.penalties_until == Until::StartOfNextTurn),
            || {
                "full-attack penalties that last until the next turn apply to attacks of opportunity too (aoo.ignores_full_attack_penalty)".into()
            },
        )?;
    }
    if let Some(d) = o.fight_defensively {
        let trained = d.trained.map(|t| (t.defense, t.no_attacks_defense));
        for (defense, no_attacks) in [(d.defense, d.no_attacks_defense)].into_iter().chain(trained) {
            ensure(d.attack <= 0 && defense >= 0, || {
                "attack_options.fight_defensively: a penalty to attacks for a bonus to defense".into()
            })?;
            ensure(no_attacks.is_none_or(|n| n >= defense), || {
                "attack_options.fight_defensively: no_attacks_defense must not be below defense".into()
            })?;
        }
        ensure(d.action.is_some() || d.no_attacks_defense.is_none(), || {
            "attack_options.fight_defensively: the no-attacks choice needs it to be an action of its own".into()
        })?;
    }
    Ok(())
}

fn validate_health(r: &Ruleset) -> Result<(), RulesetError> {
    let h = &r.health;
    let needs = |ok: bool, what: &str| ensure(ok, || format!("health.model {:?} needs health.{what}", h.model));
    match h.model {
        HealthModel::StaminaHitPointsResolve => needs(h.resolve.is_some(), "resolve")?,
        HealthModel::HitPointThresholds => needs(h.thresholds.is_some(), "thresholds")?,
        HealthModel::DamageThresholdTrack => {
            needs(h.condition_track.is_some(), "condition_track")?;
            needs(h.damage_threshold.is_some(), "damage_threshold")?;
        }
    }
    if let Some(t) = h.thresholds {
        ensure(
            t.dead_at_or_below < t.dying_at_or_below && t.dying_at_or_below < t.disabled_at,
            || "health.thresholds must satisfy dead < dying < disabled".into(),
        )?;
    }
    if let Some(rp) = h.resolve {
        let c = rp.stabilize_cost;
        ensure(c.divisor > 0 && c.min <= c.max, || {
            "health.resolve.stabilize_cost needs divisor > 0 and min <= max".into()
        })?;
        ensure_fraction(rp.heavy_hit_fraction, "health.resolve.heavy_hit_fraction")?;
    }
    if let Some(track) = &h.condition_track {
        let p = &track.step_penalties;
        ensure(
            !p.is_empty() && p.iter().all(|x| *x < 0) && p.windows(2).all(|w| w[1] < w[0]),
            || "health.condition_track.step_penalties must be negative and strictly worsening".into(),
        )?;
        ensure((1..track.helpless_step()).contains(&track.half_speed_step), || {
            "health.condition_track.half_speed_step must be a penalty step".into()
        })?;
        ensure(track.zero_hp_steps <= track.helpless_step(), || {
            "health.condition_track.zero_hp_steps is past helpless".into()
        })?;
    }
    if let Some(ad) = h.ability_damage {
        ensure(ad.points_per_penalty > 0, || {
            "health.ability_damage.points_per_penalty must be at least 1".into()
        })?;
    }
    if let Some(sw) = h.second_wind {
        ensure_fraction(sw.at_or_below, "health.second_wind.at_or_below")?;
        ensure_fraction(sw.heal_fraction, "health.second_wind.heal_fraction")?;
    }
    Ok(())
}

fn validate_engine_defaults(r: &Ruleset) -> Result<(), RulesetError> {
    let unresolved = r.unresolved_engine_defaults();
    ensure(unresolved.is_empty(), || {
        format!("engine_defaults: paths that name no value: {unresolved:?}")
    })?;
    let mut seen = std::collections::HashSet::new();
    for path in &r.engine_defaults {
        ensure(seen.insert(path.as_str()), || {
            format!("engine_defaults: {path} is listed twice")
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_ruleset_loads_and_names_its_family() {
        for family in Family::ALL {
            let r = load_embedded(family).unwrap_or_else(|e| panic!("{family}: {e}"));
            assert_eq!(r.id, family);
        }
    }
}
