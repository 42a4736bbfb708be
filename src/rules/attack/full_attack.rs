//! How many attacks a full attack may make and the penalties on them (RULES.md §4.3.1):
//! starfinder's fixed two attacks at −4 (001:1071-1082) and saga's extra attacks from two
//! weapons, a double weapon and the Double and Triple Attack feats (004:309-329). Pure: reads
//! the family's numbers, the unit's feats and the weapons the attacks name; resolves nothing.

use crate::rules::engine::error::illegal;
use crate::rules::feats::Feat;
use crate::rules::{Modifier, Profile, RuleError, UnitId, Weapon, WeaponKind};
use crate::ruleset::{ExtraAttacks, FullAttack, FullAttackModel};

/// What a full attack of a given list of weapons takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FullAttackPenalties {
    /// One per source, on every attack (a penalty of 0, Dual Weapon Mastery III, is left out).
    pub penalties: Vec<Modifier>,
    /// Where the attacks beyond the first come from, for the log ("two weapons").
    pub sources: Vec<String>,
}

/// A source of one extra attack and its penalty on all attacks (saga).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Source {
    name: String,
    penalty: i32,
    feat: Option<Feat>,
}

/// The penalties of a full attack by `unit` whose attacks use `weapons` (one per attack, in
/// order), or why the unit cannot make that many attacks.
pub fn full_attack_penalties(
    rules: &FullAttack,
    unit: &UnitId,
    profile: &Profile,
    weapons: &[Weapon],
) -> Result<FullAttackPenalties, RuleError> {
    let n = weapons.len();
    if n == 0 {
        return Err(illegal("a full attack makes at least one attack"));
    }
    match rules.attacks {
        FullAttackModel::Fixed { count, penalty } => {
            if n > count as usize {
                return Err(illegal(format!("a full attack makes 1 to {count} attacks")));
            }
            Ok(FullAttackPenalties {
                penalties: vec![Modifier::new(penalty, "full attack")],
                sources: Vec::new(),
            })
        }
        FullAttackModel::ExtraAttacks(extra) => {
            let available = sources(&extra, profile, weapons);
            let chosen = cheapest(&available, n - 1).ok_or_else(|| too_many(unit, n, &available))?;
            Ok(FullAttackPenalties {
                penalties: chosen
                    .iter()
                    .filter(|s| s.penalty != 0)
                    .map(|s| Modifier::new(s.penalty, format!("full attack: {}", s.name)))
                    .collect(),
                sources: chosen.iter().map(|s| s.name.clone()).collect(),
            })
        }
    }
}

/// saga (004:309-329): the sources of extra attacks open to `profile` for attacks with
/// `weapons`. Two weapons: at least two different one-handed weapons (not unarmed strikes)
/// among the attacks, one attack with each; three or more still give one extra attack. A
/// double weapon: one named for at least two attacks (both ends). Double Attack; Triple
/// Attack only on top of it. Dual Weapon Mastery lowers the two-weapon and double-weapon
/// penalty. Proficiency is not modelled, so the extra −5 for a weapon the unit is not
/// proficient with never applies; nor are Double Attack's weapon groups.
fn sources(rules: &ExtraAttacks, profile: &Profile, weapons: &[Weapon]) -> Vec<Source> {
    let has = |f: Feat| profile.feats.contains(&f);
    let (one, two, three) = rules.dual_weapon_mastery;
    let mastery = [
        (Feat::DualWeaponMastery3, three, "III"),
        (Feat::DualWeaponMastery2, two, "II"),
        (Feat::DualWeaponMastery1, one, "I"),
    ]
    .into_iter()
    .find(|(f, _, _)| has(*f));
    let dual = |name: &str, penalty: i32| match mastery {
        Some((feat, p, level)) => Source {
            name: format!("{name} (Dual Weapon Mastery {level})"),
            penalty: p,
            feat: Some(feat),
        },
        None => Source {
            name: name.to_string(),
            penalty,
            feat: None,
        },
    };
    let key = |w: &Weapon| w.name.to_lowercase();
    let mut one_handed: Vec<String> = weapons
        .iter()
        .filter(|w| w.kind != WeaponKind::Unarmed && w.hands == 1)
        .map(key)
        .collect();
    one_handed.sort();
    one_handed.dedup();
    let both_ends = weapons
        .iter()
        .filter(|w| w.double)
        .any(|w| weapons.iter().filter(|x| key(x) == key(w)).count() >= 2);
    let mut out = Vec::new();
    if one_handed.len() >= 2 {
        out.push(dual("two weapons", rules.two_weapons));
    }
    if both_ends {
        out.push(dual("double weapon", rules.double_weapon));
    }
    if has(Feat::DoubleAttack) {
        out.push(Source {
            name: "Double Attack".into(),
            penalty: rules.double_attack,
            feat: Some(Feat::DoubleAttack),
        });
        if has(Feat::TripleAttack) {
            out.push(Source {
                name: "Triple Attack".into(),
                penalty: rules.triple_attack,
                feat: Some(Feat::TripleAttack),
            });
        }
    }
    out
}

/// The `extra` sources with the smallest total penalty (the unit picks which extra attacks it
/// takes; penalties from different sources add up, 004:311, 329). Triple Attack only with
/// Double Attack. The earliest such set on a tie.
fn cheapest(available: &[Source], extra: usize) -> Option<Vec<Source>> {
    let uses = |mask: u32, f: Feat| (0..available.len()).any(|i| mask & (1 << i) != 0 && available[i].feat == Some(f));
    (0u32..1 << available.len())
        .filter(|mask| mask.count_ones() as usize == extra)
        .filter(|mask| !uses(*mask, Feat::TripleAttack) || uses(*mask, Feat::DoubleAttack))
        .map(|mask| {
            (0..available.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| available[i].clone())
                .collect::<Vec<_>>()
        })
        .min_by_key(|set| set.iter().map(|s| s.penalty.unsigned_abs()).sum::<u32>())
}

fn too_many(unit: &UnitId, wanted: usize, available: &[Source]) -> RuleError {
    let how = match available.len() {
        0 => "it has no source of extra attacks with these weapons (two weapons, both ends of a double weapon, Double Attack)".to_string(),
        _ => format!(
            "one plus one each from {}",
            available.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
        ),
    };
    illegal(format!(
        "{unit} can make at most {} attack(s) in a full attack, not {wanted}: {how}",
        available.len() + 1
    ))
}
