//! Ruleset tests: every shipped family loads, spot checks of spec numbers per family,
//! engine-default paths resolve and match the files' "(not in seeds)" comments, and
//! unknown fields are rejected.
#![cfg(test)]

use super::*;

const FILES: [(Family, &str); 4] = [
    (Family::Starfinder, include_str!("../../assets/rulesets/starfinder.ron")),
    (Family::D20Srd, include_str!("../../assets/rulesets/d20_srd.ron")),
    (Family::D20Modern, include_str!("../../assets/rulesets/d20_modern.ron")),
    (Family::Saga, include_str!("../../assets/rulesets/saga.ron")),
];

fn load(family: Family) -> Ruleset {
    load_embedded(family).unwrap_or_else(|e| panic!("{family}: {e}"))
}

#[test]
fn all_four_families_load() {
    for family in Family::ALL {
        assert_eq!(load(family).id, family);
    }
}

#[test]
fn grid_diagonal_policies() {
    assert_eq!(load(Family::Starfinder).grid.diagonal, DiagonalPolicy::Alternating);
    assert_eq!(load(Family::Saga).grid.diagonal, DiagonalPolicy::EveryDiagonalTwo);
    for family in [Family::D20Srd, Family::D20Modern] {
        let r = load(family);
        assert_eq!(r.grid.diagonal, DiagonalPolicy::Alternating);
        assert!(
            r.is_engine_default("grid.diagonal"),
            "{family}: d20 diagonals are an engine default"
        );
    }
    for family in Family::ALL {
        let r = load(family);
        assert_eq!(r.grid.square_ft, 5);
        assert_eq!(r.grid.straight_line, StraightLine::Bresenham);
        assert!(r.is_engine_default("grid.straight_line"));
    }
}

#[test]
fn we_01_altronus_step_costs_starfinder() {
    let r = load(Family::Starfinder);
    let (t, p) = (&r.terrain, r.grid.diagonal);
    // orthogonal clear, diagonal clear (1st), diagonal clear (2nd), orthogonal DT, diagonal DT
    let costs = [
        t.step_cost(p, false, 0, 0),
        t.step_cost(p, true, 0, 0),
        t.step_cost(p, true, 0, 1),
    ];
    assert_eq!(costs.map(|c| c * r.grid.square_ft), [5, 5, 10]);
    assert_eq!(t.step_cost(p, false, 1, 2) * 5, 10);
    assert_eq!(t.step_cost(p, true, 1, 2) * 5, 15);
}

#[test]
fn we_03_repeated_doubling_starfinder() {
    let r = load(Family::Starfinder);
    let cost = |diagonal, k| r.terrain.step_cost(r.grid.diagonal, diagonal, k, 0);
    assert_eq!([cost(false, 1), cost(false, 2), cost(false, 3)], [2, 4, 8]);
    assert_eq!([cost(true, 1), cost(true, 2), cost(true, 3)], [3, 6, 12]);
}

#[test]
fn we_04_saga_diagonal_and_difficult_costs() {
    let r = load(Family::Saga);
    let cost = |diagonal, k| r.terrain.step_cost(r.grid.diagonal, diagonal, k, 0);
    assert_eq!(3 * cost(true, 0), 6);
    assert_eq!(cost(false, 1), 2);
    assert_eq!(cost(true, 1), 4);
    assert!(r.terrain.low_objects_hamper);
    assert_eq!(r.terrain.hampered_diagonal_advances_counter, None);
}

#[test]
fn we_06_we_07_run_multipliers() {
    let saga = load(Family::Saga);
    assert_eq!(saga.movement.run.multiple(false), 4);
    assert_eq!(saga.movement.run.multiple(true), 3);
    let ArmorSpeed::Fraction { fraction, .. } = saga.movement.armor_speed else {
        panic!("saga ¾ speed")
    };
    assert_eq!((fraction.of_floor(6), fraction.of_floor(4)), (4, 3));
    assert_eq!(saga.movement.run.multiple(true) * fraction.of_floor(6), 12);
    let srd = load(Family::D20Srd);
    assert_eq!(srd.movement.run.multiple(true), 3);
    assert_eq!(srd.movement.run.heavy_when, vec![Encumbrance::HeavyArmor]);
    let ArmorSpeed::Table {
        rows, exempt_species, ..
    } = &srd.movement.armor_speed
    else {
        panic!("srd table")
    };
    assert!(rows.contains(&SpeedStep {
        base_ft: 20,
        slowed_ft: 15
    }));
    assert_eq!(exempt_species, &vec!["dwarf".to_string()]);
    assert_eq!(load(Family::Starfinder).movement.run.multiple(true), 4);
}

#[test]
fn charge_and_withdraw_per_family() {
    let sf = load(Family::Starfinder).movement;
    let charge = sf.charge.expect("starfinder charge");
    assert_eq!(
        (
            charge.action,
            charge.attack_mod,
            charge.defense_mod,
            charge.max_speed_multiple
        ),
        (ActionKind::Full, -2, -2, 2)
    );
    assert_eq!(sf.withdraw.expect("sf withdraw").max_distance, Fraction::new(2, 1));
    let saga = load(Family::Saga).movement;
    let charge = saga.charge.expect("saga charge");
    assert_eq!(
        (
            charge.action,
            charge.attack_mod,
            charge.defense_mod,
            charge.max_speed_multiple
        ),
        (ActionKind::Standard, 2, -2, 1)
    );
    let withdraw = saga.withdraw.expect("saga withdraw");
    assert_eq!(
        (withdraw.action, withdraw.max_distance),
        (ActionKind::Move, Fraction::new(1, 2))
    );
    // §5.9: the d20 SRD's withdraw (not in seeds 002, 003): a full-round action, double
    // speed, the start square safe from seen foes, not blinded.
    for family in [Family::D20Srd, Family::D20Modern] {
        let r = load(family);
        // §5.8: the d20 SRD's charge (not in seeds 002, 003): full-round, up to double speed,
        // +2 attack, −2 AC, and the partial charge in the surprise round.
        let c = r.movement.charge.expect("d20 charge");
        assert_eq!(
            (
                c.action,
                c.max_speed_multiple,
                c.attack_mod,
                c.defense_mod,
                c.partial_charge
            ),
            (ActionKind::Full, 2, 2, -2, true),
            "{family}"
        );
        let w = r.movement.withdraw.expect("d20 withdraw");
        assert_eq!(
            (w.action, w.max_distance, w.protection, w.blinded_allowed),
            (
                ActionKind::Full,
                Fraction::new(2, 1),
                WithdrawProtection::StartSquareVsSeen,
                false
            ),
            "{family}"
        );
        assert!(r.is_engine_default("movement.withdraw"), "{family}");
        assert!(r.aoo.exemptions.contains(&AooExemption::Withdraw), "{family}");
    }
}

/// §6.2: whether a reach weapon strikes within its wielder's natural reach is family data:
/// starfinder yes (001:1814-1819), the d20 SRD no ("not against an adjacent foe"), saga has
/// no reach weapons.
#[test]
fn reach_weapons_strike_within_natural_reach_per_family() {
    let strikes = |family| load(family).threat.reach_weapon.map(|r| r.strikes_within_natural_reach);
    assert_eq!(strikes(Family::Starfinder), Some(true));
    assert_eq!(strikes(Family::D20Srd), Some(false));
    assert_eq!(strikes(Family::D20Modern), Some(false));
    assert_eq!(strikes(Family::Saga), None);
}

#[test]
fn size_tables_from_section_6_1() {
    let sf = load(Family::Starfinder);
    assert!(
        sf.sizes.0.iter().all(|row| row.attack_mod == 0 && row.defense_mod == 0),
        "SIZE-1"
    );
    let colossal = sf.sizes.row(Size::Colossal);
    assert_eq!(
        (colossal.space_squares, colossal.reach_tall_ft, colossal.reach_long_ft),
        (6, 30, 20)
    );
    assert_eq!(sf.sizes.row(Size::Fine).per_square, Some(100));
    let srd = load(Family::D20Srd);
    assert_eq!(srd.sizes.row(Size::Fine).attack_mod, 8);
    assert_eq!(srd.sizes.row(Size::Colossal).defense_mod, -8);
    assert!(srd.is_engine_default("sizes.Large.reach_tall_ft"));
    let saga = load(Family::Saga);
    let garg = saga.sizes.row(Size::Gargantuan);
    assert_eq!(
        (
            garg.defense_mod,
            garg.attack_mod,
            garg.damage_threshold_bonus,
            garg.grapple_mod
        ),
        (-5, 0, 20, 15)
    );
    assert_eq!(saga.sizes.row(Size::Colossal).damage_threshold_bonus, 50);
    assert_eq!(saga.sizes.row(Size::Fine).grapple_mod, -20);
    assert!(saga.is_engine_default("sizes.Colossal.space_squares"));
    assert!(!saga.is_engine_default("sizes.Large.space_squares"));
}

#[test]
fn threat_reach_10_exception_and_unarmed() {
    let sf = load(Family::Starfinder).threat;
    assert_eq!(
        sf.metric,
        ReachMetric::FamilyDistance {
            reach_10_diagonal_exception: true
        }
    );
    assert_eq!(sf.unarmed, UnarmedThreat::Never);
    let saga = load(Family::Saga).threat;
    assert!(saga.weapons.contains(&ThreatWeapon::Pistol) && saga.weapons.contains(&ThreatWeapon::Carbine));
    assert_eq!(saga.unarmed, UnarmedThreat::WithFeat("Martial Arts I".into()));
}

#[test]
fn aoo_limits_and_triggers() {
    let sf = load(Family::Starfinder).aoo;
    assert_eq!(sf.limit, AooLimit::UsesReaction);
    assert!(sf.triggers.contains(&AooTrigger::RangedAttack));
    let saga = load(Family::Saga).aoo;
    assert_eq!(
        saga.limit,
        AooLimit::PerRound {
            count: 1,
            more_with_feat: Some("Combat Reflexes".into())
        }
    );
    assert!(!saga.triggers.contains(&AooTrigger::RangedAttack));
    assert!(saga.exemptions.contains(&AooExemption::Involuntary));
    assert!(saga.protections.contains(&AooProtection::TotalConcealment));
}

#[test]
fn cover_numbers() {
    let sf = load(Family::Starfinder).cover;
    assert_eq!(
        sf.cover,
        CoverBonus {
            defense: 4,
            reflex_save: Some(2)
        }
    );
    assert_eq!(
        sf.partial,
        Some(CoverBonus {
            defense: 2,
            reflex_save: Some(1)
        })
    );
    assert_eq!(
        sf.improved,
        Some(CoverBonus {
            defense: 8,
            reflex_save: Some(4)
        })
    );
    assert_eq!(sf.soft, SoftCover::RangedOnly { defense: 4 });
    assert_eq!(sf.obstruction, LineObstruction::CrossOrRunAlong);
    assert!(sf.adjacent_can_have_cover);
    let saga = load(Family::Saga).cover;
    assert_eq!(
        saga.cover,
        CoverBonus {
            defense: 5,
            reflex_save: None
        }
    );
    assert_eq!(saga.improved.map(|c| c.defense), Some(10));
    assert_eq!(saga.obstruction, LineObstruction::InteriorOnly);
    assert!(!saga.adjacent_can_have_cover, "004:735");
}

#[test]
fn concealment_models() {
    assert_eq!(
        load(Family::Starfinder).concealment.model,
        ConcealmentModel::MissChance {
            normal_pct: 20,
            total_pct: 50
        }
    );
    assert_eq!(
        load(Family::Saga).concealment.model,
        ConcealmentModel::AttackPenalty { normal: -2, total: -5 }
    );
}

#[test]
fn flanking_is_plus_two_melee_everywhere() {
    for family in Family::ALL {
        let f = load(family).flanking;
        assert_eq!(
            (f.attack_bonus, f.melee_only, f.reach_zero_can_flank),
            (2, true, false),
            "{family}"
        );
    }
}

#[test]
fn prone_and_helpless_modifiers() {
    let sf = load(Family::Starfinder).position;
    assert_eq!(
        (
            sf.prone.prone_attacker_melee,
            sf.prone.vs_prone_melee,
            sf.prone.vs_prone_ranged
        ),
        (-4, -4, 4)
    );
    assert_eq!(sf.prone.side, ModifierSide::TargetDefense);
    assert_eq!(sf.helpless.melee_attack_bonus, 4);
    let saga = load(Family::Saga).position;
    assert_eq!(
        (
            saga.prone.prone_attacker_melee,
            saga.prone.vs_prone_melee,
            saga.prone.vs_prone_ranged
        ),
        (-5, 5, -5)
    );
    assert_eq!(saga.prone.side, ModifierSide::AttackRoll);
    assert_eq!(saga.shooting_into_melee.map(|s| s.penalty), Some(-5));
}

#[test]
fn critical_models() {
    assert_eq!(
        load(Family::Starfinder).attack.critical.model,
        CriticalModel::ConfirmByDefense
    );
    assert_eq!(
        load(Family::D20Modern).attack.critical.model,
        CriticalModel::ConfirmationRoll
    );
    assert_eq!(
        load(Family::Saga).attack.critical.model,
        CriticalModel::AlwaysOnNatural20
    );
    let srd = load(Family::D20Srd);
    assert_eq!(srd.attack.critical.model, CriticalModel::ConfirmationRoll);
    assert!(srd.is_engine_default("attack.critical.model"));
    for family in Family::ALL {
        let a = load(family).attack;
        assert_eq!((a.natural_miss, a.natural_hit, a.ties_hit), (1, 20, true), "{family}");
    }
}

#[test]
fn flat_footed_per_family() {
    let sf = load(Family::Starfinder).defense.flat_footed;
    assert_eq!(sf.effect, FlatFootedEffect::DefensePenalty { amount: -2 });
    assert!(sf.no_reactions);
    let modern = load(Family::D20Modern).defense.flat_footed;
    assert!(matches!(
        modern.effect,
        FlatFootedEffect::LoseDexBonus {
            keep_class_bonus: true,
            ..
        }
    ));
    let srd = load(Family::D20Srd).defense.flat_footed;
    assert!(matches!(
        srd.effect,
        FlatFootedEffect::LoseDexBonus { lose_dodge: true, .. }
    ));
    let saga = load(Family::Saga).defense.flat_footed;
    assert!(saga.no_aoo && saga.no_free_actions && !saga.no_reactions);
}

#[test]
fn damage_rules() {
    let sf = load(Family::Starfinder).damage;
    assert_eq!(
        sf.minimum,
        MinimumDamage {
            amount: 1,
            nonlethal: true
        }
    );
    assert_eq!(sf.order.last(), Some(&DamageLayer::HitPoints));
    let srd = load(Family::D20Srd).damage;
    assert!(!srd.extra_dice_multiplied, "DMG-3");
    assert_eq!(srd.bonuses.two_handed_str, Some(Fraction::new(3, 2)));
    let saga = load(Family::Saga).damage;
    assert_eq!(saga.bonuses.two_handed_str, Some(Fraction::new(2, 1)));
    assert_eq!(
        saga.order,
        vec![
            DamageLayer::ShieldRating,
            DamageLayer::DamageReduction,
            DamageLayer::HitPoints
        ]
    );
    assert_eq!(saga.stun.and_then(|s| s.max_range_squares), Some(6));
}

#[test]
fn d20_dies_at_minus_ten() {
    for family in [Family::D20Srd, Family::D20Modern] {
        let h = load(family).health;
        assert_eq!(h.model, HealthModel::HitPointThresholds);
        assert_eq!(
            h.thresholds,
            Some(HpThresholds {
                disabled_at: 0,
                dying_at_or_below: -1,
                dead_at_or_below: -10
            })
        );
        assert_eq!(h.hp_floor, None);
        assert_eq!(h.massive_damage, MassiveDamage::None);
    }
    assert!(load(Family::D20Modern).is_engine_default("health.massive_damage"));
}

#[test]
fn we_49_starfinder_stabilize_cost() {
    let rp = load(Family::Starfinder).health.resolve.expect("starfinder resolve");
    assert_eq!([3, 7, 16].map(|max| rp.stabilize_cost.for_max(max)), [1, 1, 3]);
}

#[test]
fn saga_condition_track_and_second_wind() {
    let h = load(Family::Saga).health;
    let track = h.condition_track.expect("saga condition track");
    assert_eq!(track.step_penalties, vec![-1, -2, -5, -10]);
    assert_eq!((track.helpless_step(), track.half_speed_step), (5, 4));
    assert_eq!((track.penalty(0), track.penalty(3)), (0, -5));
    let sw = h.second_wind.expect("saga second wind");
    // WE-47: max HP 50 → heals max(12, Con 14); only at or below 25.
    assert_eq!(sw.heal_fraction.of_floor(50).max(14), 14);
    assert_eq!(sw.at_or_below.of_floor(50), 25);
}

#[test]
fn we_41_we_42_range_penalties() {
    let sf = load(Family::Starfinder).range.model;
    assert_eq!(sf.increment_penalty(30, 30, false), Some(0));
    assert_eq!(sf.increment_penalty(35, 30, false), Some(-2));
    assert_eq!(sf.increment_penalty(90, 30, false), Some(-4));
    assert_eq!(sf.increment_penalty(300, 30, false), Some(-18));
    assert_eq!(sf.increment_penalty(155, 30, true), None);
    let modern = load(Family::D20Modern);
    assert!(!modern.variants.modern_range_as_starfinder);
    let m = modern.range.model;
    assert_eq!(m.increment_penalty(25, 30, false), Some(0));
    assert_eq!(m.increment_penalty(30, 30, false), Some(-2));
    assert_eq!(m.increment_penalty(65, 30, false), Some(-4));
    assert_eq!(m.increment_penalty(151, 30, true), None);
    assert_eq!(m.increment_penalty(301, 30, false), None);
    assert_eq!(
        load(Family::Saga).range.model,
        RangeModel::Bands {
            point_blank: 0,
            short: -2,
            medium: -5,
            long: -10
        }
    );
}

#[test]
fn area_models() {
    assert!(matches!(
        load(Family::Starfinder).area.resolution,
        AreaResolution::ReflexSave {
            on_success: DamageShare::Half,
            natural_1_fails: true,
            natural_20_succeeds: true,
        }
    ));
    let AreaResolution::AttackRoll {
        min_total,
        on_hit,
        on_miss,
        ..
    } = load(Family::Saga).area.resolution
    else {
        panic!("saga areas use an attack roll");
    };
    assert_eq!((min_total, on_hit, on_miss), (10, DamageShare::Full, DamageShare::Half));
}

#[test]
fn vehicles_and_chases_only_in_starfinder() {
    let sf = load(Family::Starfinder);
    let chases = sf.chases.expect("starfinder chases");
    // WE-55: item level 4 → keep pace 14, speed up 21, trick 19.
    assert_eq!(
        [chases.keep_pace_dc_base, chases.speed_up_dc_base, chases.trick_dc_base].map(|b| b + 4),
        [14, 21, 19]
    );
    assert_eq!(
        sf.vehicles.map(|v| v.race_dc_base + v.dead_stop_dc + 3),
        Some(18),
        "WE-53"
    );
    for family in [Family::D20Srd, Family::D20Modern, Family::Saga] {
        let r = load(family);
        assert!(r.vehicles.is_none() && r.chases.is_none(), "{family}");
    }
}

#[test]
fn action_names_and_sequence() {
    let modern = load(Family::D20Modern);
    assert_eq!(modern.actions.name_of(ActionKind::Standard), "attack action");
    assert_eq!(modern.actions.per_turn.swift, 0);
    assert!(modern.is_engine_default("actions.reactions_per_round"));
    let saga = load(Family::Saga);
    assert_eq!(saga.sequence.delay_new_count, DelayNewCount::FinisherMinusOne);
    assert_eq!(
        saga.actions.surprise.main_kinds,
        vec![ActionKind::Standard, ActionKind::Move, ActionKind::Swift]
    );
}

/// Every `engine_defaults` path must name a value of the serialized ruleset.
#[test]
fn engine_default_paths_resolve() {
    for family in Family::ALL {
        let r = load(family);
        let json = serde_json::to_value(&r).expect("ruleset serializes to JSON");
        assert!(!r.engine_defaults.is_empty(), "{family}: no engine defaults listed");
        for path in &r.engine_defaults {
            assert!(
                !defaults::resolve(&json, path).is_empty(),
                "{family}: engine_defaults path {path:?} names no value"
            );
        }
    }
}

#[test]
fn a_typo_in_engine_defaults_is_rejected() {
    let text = FILES[0]
        .1
        .replace("\"grid.straight_line\",", "\"grid.straight_lines\",");
    let err = parse_ruleset(&text).expect_err("typo must fail");
    assert!(err.to_string().contains("grid.straight_lines"), "{err}");
}

/// The dotted path of each `key:` line, built from indentation (the files' own layout).
fn commented_paths(text: &str, marker: &str) -> Vec<String> {
    let mut stack: Vec<(usize, String)> = Vec::new();
    let mut found = Vec::new();
    for line in text.lines() {
        let (code, comment) = line.split_once("//").unwrap_or((line, ""));
        let indent = code.len() - code.trim_start().len();
        let trimmed = code.trim();
        // Table rows are addressed by the value that names them.
        for (prefix, table) in [("(size: ", "sizes"), ("(condition: ", "conditions")] {
            if let Some(row) = trimmed.strip_prefix(prefix)
                && comment.contains(marker)
            {
                found.push(format!("{table}.{}", row.split(',').next().unwrap_or("").trim()));
            }
        }
        if trimmed.starts_with("(size: ") || trimmed.starts_with("(condition: ") {
            continue;
        }
        let Some((key, _)) = trimmed.split_once(':') else {
            continue;
        };
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        while stack.last().is_some_and(|(i, _)| *i >= indent) {
            stack.pop();
        }
        let path: Vec<&str> = stack.iter().map(|(_, k)| k.as_str()).chain([key]).collect();
        let path = path.join(".");
        if comment.contains(marker) {
            found.push(path.clone());
        }
        if trimmed.ends_with('(') || trimmed.ends_with('[') {
            // `damage: roll_times(` opens the enum variant's fields, serialized one level deeper.
            let value = trimmed[key.len() + 1..].trim();
            let variant = value
                .strip_suffix('(')
                .filter(|v| !v.is_empty() && !v.starts_with("Some"));
            let segment = match variant {
                Some(v) => format!("{key}.{v}"),
                None => key.to_string(),
            };
            stack.push((indent, segment));
        }
    }
    found
}

/// Two dotted paths are related when one lies inside the other (`*` matches any segment).
fn related(a: &str, b: &str) -> bool {
    a.split('.')
        .zip(b.split('.'))
        .all(|(x, y)| x == y || x == "*" || y == "*")
}

/// Each "(not in seeds)" comment in a file sits on a listed path, and each listed path
/// has such a comment, so the file and `engine_defaults` cannot drift apart.
#[test]
fn not_in_seeds_comments_match_engine_defaults() {
    for (family, text) in FILES {
        let r = load(family);
        let commented = commented_paths(text, "(not in seeds)");
        for path in &commented {
            assert!(
                r.engine_defaults.iter().any(|l| related(l, path)),
                "{family}: {path} is commented (not in seeds) but not in engine_defaults"
            );
        }
        for listed in &r.engine_defaults {
            assert!(
                commented.iter().any(|p| related(listed, p)),
                "{family}: engine_defaults lists {listed} but no line there says (not in seeds)"
            );
        }
    }
}

#[test]
fn unknown_fields_are_rejected() {
    let base = FILES[0].1;
    let top = base.replacen("version: 1,", "version: 1, bogus: 3,", 1);
    assert!(
        matches!(parse_ruleset(&top), Err(RulesetError::Syntax { .. })),
        "top-level unknown field"
    );
    let nested = base.replacen(
        "adjacent_can_have_cover: true,",
        "adjacent_can_have_cover: true, corner_magic: 1,",
        1,
    );
    assert!(
        matches!(parse_ruleset(&nested), Err(RulesetError::Syntax { .. })),
        "nested unknown field"
    );
    let variant = base.replacen(
        "miss_chance(normal_pct: 20,",
        "miss_chance(normal_pct: 20, extra_pct: 5,",
        1,
    );
    assert!(
        matches!(parse_ruleset(&variant), Err(RulesetError::Syntax { .. })),
        "unknown field in an enum variant"
    );
    assert!(parse_ruleset(base).is_ok());
}

/// §4.3.1: starfinder's full attack is two attacks at −4 and fighting defensively part of an
/// attack; saga's extra attacks (004:309-329) and fighting defensively as a standard action
/// (004:485-491) carry the seed's numbers.
#[test]
fn full_attack_and_fight_defensively_per_family() {
    let sf = load(Family::Starfinder).attack_options;
    let full = sf.full_attack.expect("starfinder full attack");
    assert_eq!(full.attacks, FullAttackModel::Fixed { count: 2, penalty: -4 });
    assert_eq!(full.penalties_until, Until::EndOfTurn);
    let fd = sf.fight_defensively.expect("starfinder fights defensively");
    assert_eq!(
        (fd.action, fd.attack, fd.defense, fd.no_attacks_defense),
        (None, -4, 2, None)
    );

    let saga = load(Family::Saga).attack_options;
    let full = saga.full_attack.expect("saga full attack");
    assert_eq!(full.action, ActionKind::Full);
    assert_eq!(full.penalties_until, Until::StartOfNextTurn);
    let FullAttackModel::ExtraAttacks(x) = full.attacks else {
        panic!("saga counts extra attacks")
    };
    assert_eq!((x.two_weapons, x.double_weapon), (-10, -10));
    assert_eq!(x.dual_weapon_mastery, (-5, -2, 0));
    assert_eq!((x.double_attack, x.double_attack + x.triple_attack), (-5, -10));
    let fd = saga.fight_defensively.expect("saga fights defensively");
    assert_eq!(fd.action, Some(ActionKind::Standard));
    assert_eq!((fd.attack, fd.defense, fd.no_attacks_defense), (-5, 2, Some(5)));
    assert_eq!(fd.defense_type, super::stacking::BonusType::Dodge);
    let trained = fd.trained.expect("trained in Acrobatics");
    assert_eq!(trained.skill, super::Skill::Acrobatics);
    assert_eq!((trained.defense, trained.no_attacks_defense), (5, Some(10)));
    for family in [Family::D20Srd, Family::D20Modern] {
        let o = load(family).attack_options;
        assert!(o.full_attack.is_none() && o.fight_defensively.is_none(), "{family}");
    }
}

#[test]
fn bad_numbers_are_rejected() {
    let base = FILES[0].1;
    let pct = base.replacen("total_pct: 50", "total_pct: 150", 1);
    assert!(
        matches!(parse_ruleset(&pct), Err(RulesetError::Invalid(_))),
        "percentage above 100"
    );
    let run = base.replacen("multiplier: 4,", "multiplier: 0,", 1);
    assert!(
        matches!(parse_ruleset(&run), Err(RulesetError::Invalid(_))),
        "run multiplier below 1"
    );
    let full = base.replacen("penalty: -4)", "penalty: 4)", 1);
    assert!(
        matches!(parse_ruleset(&full), Err(RulesetError::Invalid(_))),
        "a full-attack bonus"
    );
    let saga = FILES
        .iter()
        .find(|(f, _)| *f == Family::Saga)
        .map(|(_, t)| *t)
        .unwrap_or_default();
    let fd = saga.replacen("no_attacks_defense: Some(5)", "no_attacks_defense: Some(1)", 1);
    assert!(
        matches!(parse_ruleset(&fd), Err(RulesetError::Invalid(_))),
        "no attacks worth less than attacking"
    );
    let frac = base.replacen("min_width: (num: 1, den: 2)", "min_width: (num: 1, den: 0)", 1);
    assert!(
        matches!(parse_ruleset(&frac), Err(RulesetError::Invalid(_))),
        "zero denominator"
    );
}

#[test]
fn ruleset_round_trips_through_ron() {
    for family in Family::ALL {
        let r = load(family);
        let text = ron::ser::to_string_pretty(&r, ron::ser::PrettyConfig::default()).expect("serializes");
        assert_eq!(parse_ruleset(&text).expect("reparses"), r, "{family}");
    }
}

/// SPL-SRD-3 as data: a damaging attack of opportunity either loses the spell (starfinder)
/// or calls for a Concentration check (d20_srd), never both.
#[test]
fn spellcasting_loses_the_spell_or_checks_concentration_not_both() {
    let text = FILES[1]
        .1
        .replacen("lost_when_aoo_damages: false", "lost_when_aoo_damages: true", 1);
    let err = parse_ruleset(&text).expect_err("both at once must fail");
    assert!(err.to_string().contains("exclude each other"), "{err}");
}
