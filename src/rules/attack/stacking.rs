//! Bonuses, penalties and stacking (§21): which of several typed modifiers on one value count.
//! Pure functions on plain data; the callers decide which modifiers apply to the roll at hand
//! (WE-39: a bonus against death effects is simply not passed for other saves). Each family's
//! rules are data (`Ruleset::stacking`); attack rolls and defenses go through
//! [`apply_stacking`], which keeps every modifier and marks the ones that do not count.

use crate::rules::Modifier;
use crate::ruleset::stacking::{BonusType, StackingRules};
use serde::{Deserialize, Serialize};

/// One bonus (value ≥ 0) or penalty (value < 0) on a value, with its type and where it comes
/// from. `source` identifies the effect: two modifiers with the same `source` are the same
/// effect applied twice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TypedModifier {
    pub value: i32,
    pub kind: BonusType,
    pub source: String,
}

impl TypedModifier {
    pub fn new(value: i32, kind: BonusType, source: impl Into<String>) -> Self {
        Self {
            value,
            kind,
            source: source.into(),
        }
    }
}

/// The outcome of [`stack`]: the total, the modifiers that count (input order) and the ones
/// that don't, each with the reason (input order).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Stacked {
    pub total: i32,
    pub counted: Vec<TypedModifier>,
    pub ignored: Vec<(TypedModifier, String)>,
}

/// What a modifier competes with: `None` when it stacks freely.
#[derive(PartialEq)]
enum Group<'a> {
    Penalty(&'a str),
    Type(BonusType),
    Circumstance(&'a str),
}

fn group<'a>(m: &'a TypedModifier, rules: &StackingRules) -> Option<Group<'a>> {
    if m.value < 0 {
        return Some(Group::Penalty(&m.source));
    }
    if !rules.stacking_types.contains(&m.kind) {
        return Some(Group::Type(m.kind));
    }
    let same_source_once = m.kind == BonusType::Circumstance && !rules.same_source_circumstance_stacks;
    same_source_once.then_some(Group::Circumstance(&m.source))
}

fn why(won: &TypedModifier, g: &Group) -> String {
    match g {
        Group::Penalty(source) => format!(
            "the same penalty ({source}) doesn't stack: only the worst, {}, counts (§21)",
            won.value
        ),
        Group::Type(kind) => format!(
            "{} bonuses don't stack: only the highest, +{} from {}, counts (§21)",
            kind.name(),
            won.value,
            won.source
        ),
        Group::Circumstance(source) => format!(
            "circumstance bonuses from the same source ({source}) don't stack: only the highest, +{}, counts (§21)",
            won.value
        ),
    }
}

/// For each modifier, `None` if it counts, else why not: in each competing group the highest
/// bonus (or worst penalty) counts, the earliest on a tie; everything else stacks.
fn verdicts(mods: &[TypedModifier], rules: &StackingRules) -> Vec<Option<String>> {
    let groups: Vec<Option<Group>> = mods.iter().map(|m| group(m, rules)).collect();
    (0..mods.len())
        .map(|i| {
            let g = groups[i].as_ref()?;
            let best = (0..mods.len())
                .filter(|&j| groups[j].as_ref() == Some(g))
                .reduce(|a, b| {
                    if mods[b].value.unsigned_abs() > mods[a].value.unsigned_abs() {
                        b
                    } else {
                        a
                    }
                })?;
            (best != i).then(|| why(&mods[best], g))
        })
        .collect()
}

/// §21: applies the family's stacking rules to the modifiers on one value. WE-39, WE-40.
pub fn stack(mods: &[TypedModifier], rules: &StackingRules) -> Stacked {
    let mut out = Stacked::default();
    for (m, verdict) in mods.iter().zip(verdicts(mods, rules)) {
        match verdict {
            Some(reason) => out.ignored.push((m.clone(), reason)),
            None => {
                out.total += m.value;
                out.counted.push(m.clone());
            }
        }
    }
    out
}

/// §21 on the modifiers of one attack roll or defense as events carry them: each one that
/// does not count keeps its place in the list and gets `ignored` set to the reason; returns
/// the total of those that count. A modifier's source for stacking is the effect that gave
/// it, if any (`Modifier::stacking_source`): two suppressions are the same penalty. The
/// total saturates instead of wrapping (issue #16 item 10).
pub fn apply_stacking(mods: &mut [Modifier], rules: &StackingRules) -> i32 {
    let typed: Vec<TypedModifier> = mods
        .iter()
        .map(|m| TypedModifier::new(m.value, m.kind, m.stacking_source()))
        .collect();
    let mut total = 0;
    for (m, verdict) in mods.iter_mut().zip(verdicts(&typed, rules)) {
        if verdict.is_none() {
            total = saturating_total([total, m.value]);
        }
        m.ignored = verdict;
    }
    total
}

/// The sum of `values`, saturating at the ends of `i32` instead of wrapping: attack totals,
/// defenses, damage and initiative are formed with it (issue #16 item 10), so an extreme
/// number can never turn a hit into a miss.
pub fn saturating_total(values: impl IntoIterator<Item = i32>) -> i32 {
    let sum: i64 = values.into_iter().map(i64::from).sum();
    sum.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

#[cfg(test)]
mod tests {
    use super::BonusType::*;
    use super::*;
    use crate::ruleset::{Family, load_embedded};

    fn m(value: i32, kind: BonusType, source: &str) -> TypedModifier {
        TypedModifier::new(value, kind, source)
    }

    /// The family's stacking rules as its shipped ruleset file gives them.
    fn rules_of(family: Family) -> StackingRules {
        load_embedded(family).expect("shipped ruleset loads").stacking
    }

    fn starfinder() -> StackingRules {
        rules_of(Family::Starfinder)
    }

    fn d20() -> StackingRules {
        let srd = rules_of(Family::D20Srd);
        assert_eq!(srd, rules_of(Family::D20Modern), "both d20 families stack alike");
        srd
    }

    fn saga() -> StackingRules {
        rules_of(Family::Saga)
    }

    #[test]
    fn we_39_morale_bonuses_do_not_stack() {
        let sf = starfinder();
        let aura = m(2, Morale, "aura of mettle");
        let ward = m(4, Morale, "death ward");
        let vs_death = stack(&[aura.clone(), ward.clone()], &sf);
        assert_eq!(vs_death.total, 4);
        assert_eq!(vs_death.counted, vec![ward]);
        assert_eq!(vs_death.ignored.len(), 1);
        assert_eq!(vs_death.ignored[0].0, aura);
        assert!(vs_death.ignored[0].1.contains("morale bonuses don't stack"));
        // Death ward doesn't apply to other saves: only the aura is passed.
        assert_eq!(stack(&[aura], &sf).total, 2);
    }

    #[test]
    fn we_40_circumstance_bonuses_from_different_sources_stack() {
        let mods = [m(2, Circumstance, "firecracker"), m(2, Circumstance, "nervous guards")];
        let s = stack(&mods, &starfinder());
        assert_eq!(s.total, 4);
        assert_eq!(s.counted, mods.to_vec());
        assert!(s.ignored.is_empty());
    }

    #[test]
    fn circumstance_bonuses_from_the_same_source_count_once() {
        let mods = [m(1, Circumstance, "firecracker"), m(2, Circumstance, "firecracker")];
        let s = stack(&mods, &starfinder());
        assert_eq!(s.total, 2);
        assert_eq!(s.counted, vec![mods[1].clone()]);
        assert_eq!(s.ignored[0].0, mods[0]);
        let mut rules = starfinder();
        rules.same_source_circumstance_stacks = true;
        assert_eq!(stack(&mods, &rules).total, 3);
    }

    #[test]
    fn untyped_bonuses_stack_with_each_other_and_typed_ones() {
        let mods = [
            m(1, Untyped, "a"),
            m(1, Untyped, "a"),
            m(2, Untyped, "b"),
            m(3, Insight, "c"),
        ];
        let s = stack(&mods, &starfinder());
        assert_eq!(s.total, 7);
        assert_eq!(s.counted.len(), 4);
    }

    #[test]
    fn penalties_from_one_source_do_not_stack() {
        let mods = [m(-2, Untyped, "frozen lake"), m(-4, Untyped, "frozen lake")];
        let s = stack(&mods, &starfinder());
        assert_eq!(s.total, -4);
        assert_eq!(s.counted, vec![mods[1].clone()]);
        assert!(s.ignored[0].1.contains("same penalty (frozen lake)"));
    }

    #[test]
    fn penalties_from_two_sources_stack() {
        let mods = [m(-2, Untyped, "frozen lake"), m(-2, Untyped, "oil")];
        assert_eq!(stack(&mods, &starfinder()).total, -4);
        // saga 004:329: Double Attack and Triple Attack each take −5.
        let extra = [m(-5, Untyped, "double attack"), m(-5, Untyped, "triple attack")];
        assert_eq!(stack(&extra, &saga()).total, -10);
    }

    #[test]
    fn dodge_bonuses_stack_in_d20() {
        let mods = [
            m(1, Dodge, "feat"),
            m(2, Dodge, "fighting defensively"),
            m(2, Deflection, "ring"),
        ];
        let s = stack(&mods, &d20());
        assert_eq!(s.total, 5);
        assert!(s.ignored.is_empty());
        // Not in starfinder: there dodge is just a type, highest counts.
        assert_eq!(stack(&mods, &starfinder()).total, 4);
    }

    #[test]
    fn d20_other_same_type_bonuses_do_not_stack() {
        let mods = [
            m(2, Circumstance, "a"),
            m(1, Circumstance, "b"),
            m(2, Deflection, "c"),
            m(3, Deflection, "d"),
        ];
        let s = stack(&mods, &d20());
        assert_eq!(s.total, 5);
        assert_eq!(s.counted, vec![mods[0].clone(), mods[3].clone()]);
    }

    #[test]
    fn ties_keep_the_first_and_counted_keeps_input_order() {
        let mods = [
            m(3, Untyped, "x"),
            m(2, Luck, "first"),
            m(-1, Untyped, "y"),
            m(2, Luck, "second"),
        ];
        let s = stack(&mods, &starfinder());
        assert_eq!(s.total, 4);
        assert_eq!(s.counted, mods[..3].to_vec());
        assert_eq!(s.ignored[0].0, mods[3]);
    }

    #[test]
    fn saga_cover_counts_once() {
        let mods = [m(5, Cover, "crate"), m(5, Cover, "trooper")];
        assert_eq!(stack(&mods, &saga()).total, 5);
    }

    #[test]
    fn bonus_types_serialize_snake_case() {
        let json = serde_json::to_string(&m(2, NaturalArmor, "hide")).unwrap_or_default();
        assert_eq!(json, r#"{"value":2,"kind":"natural_armor","source":"hide"}"#);
        let back: Result<TypedModifier, _> = serde_json::from_str(&json);
        assert_eq!(back.ok(), Some(m(2, NaturalArmor, "hide")));
    }

    /// §21 in events: every modifier stays in the list, in order; the ones that don't count
    /// carry the reason and are left out of the total.
    #[test]
    fn apply_stacking_marks_what_does_not_count() {
        let mut mods = vec![
            Modifier::new(4, "Blaster attack bonus"),
            Modifier::typed(5, Cover, "cover"),
            Modifier::typed(5, Cover, "cover from the trooper"),
            Modifier::typed(2, Dodge, "fighting defensively"),
            Modifier::typed(1, Dodge, "dodge feat"),
            Modifier::new(-2, "suppressed by rex").of_effect("suppress"),
            Modifier::new(-2, "suppressed by kel").of_effect("suppress"),
            Modifier::new(-5, "full attack: two weapons"),
            Modifier::new(-5, "full attack: Double Attack"),
        ];
        assert_eq!(apply_stacking(&mut mods, &saga()), 4 + 5 + 2 + 1 - 2 - 5 - 5);
        let ignored: Vec<usize> = (0..mods.len()).filter(|&i| mods[i].ignored.is_some()).collect();
        assert_eq!(ignored, vec![2, 6]);
        assert!(
            mods[2]
                .ignored
                .as_deref()
                .unwrap_or("")
                .contains("cover bonuses don't stack")
        );
        assert!(
            mods[6]
                .ignored
                .as_deref()
                .unwrap_or("")
                .contains("same penalty (suppress)")
        );
    }
}
