//! Bonuses, penalties and stacking (§21): which of several typed modifiers on one value count.
//! Pure functions on plain data; the callers decide which modifiers apply to the roll at hand
//! (WE-39: a bonus against death effects is simply not passed for other saves).

use serde::{Deserialize, Serialize};

/// The type of a bonus (§21 "Types listed", all families together). Penalties have no type in
/// starfinder (001:3198-3200): a negative modifier is treated as a penalty whatever its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusType {
    Untyped,
    Ability,
    Armor,
    Base,
    Circumstance,
    Divine,
    Enhancement,
    Insight,
    Luck,
    Morale,
    Racial,
    Dodge,
    Competence,
    Cover,
    Deflection,
    NaturalArmor,
    Shield,
    Class,
    Equipment,
    Species,
    Size,
    Flanking,
}

impl BonusType {
    /// The type as a player reads it ("natural armor").
    pub fn name(self) -> &'static str {
        match self {
            Self::Untyped => "untyped",
            Self::Ability => "ability",
            Self::Armor => "armor",
            Self::Base => "base",
            Self::Circumstance => "circumstance",
            Self::Divine => "divine",
            Self::Enhancement => "enhancement",
            Self::Insight => "insight",
            Self::Luck => "luck",
            Self::Morale => "morale",
            Self::Racial => "racial",
            Self::Dodge => "dodge",
            Self::Competence => "competence",
            Self::Cover => "cover",
            Self::Deflection => "deflection",
            Self::NaturalArmor => "natural armor",
            Self::Shield => "shield",
            Self::Class => "class",
            Self::Equipment => "equipment",
            Self::Species => "species",
            Self::Size => "size",
            Self::Flanking => "flanking",
        }
    }
}

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

/// A family's stacking rules (§21). Always: bonuses of different types stack; a type not in
/// `stacking_types` counts only its highest bonus; penalties from one source count only the
/// worst, penalties from different sources stack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StackingRules {
    /// Types whose bonuses stack with each other.
    pub stacking_types: Vec<BonusType>,
    /// Whether circumstance bonuses from the same source stack (when circumstance is a
    /// stacking type). `false`: only the highest from each source counts.
    pub same_source_circumstance_stacks: bool,
}

impl StackingRules {
    /// starfinder (§21, 001:3061-3236): same-type bonuses don't stack (001:3095-3098); untyped
    /// bonuses stack with everything (001:3099-3102); base bonuses from different classes stack
    /// (001:3153-3158); circumstance bonuses stack unless from essentially the same source
    /// (001:3159-3171); penalties have no type and the same penalty twice counts once, the
    /// worst (001:3198-3219).
    pub fn starfinder() -> Self {
        Self {
            stacking_types: vec![BonusType::Untyped, BonusType::Base, BonusType::Circumstance],
            same_source_circumstance_stacks: false,
        }
    }

    /// d20_srd and d20_modern: dodge bonuses stack, "unlike most sorts of bonuses" (002:96;
    /// 003:124) — so circumstance bonuses don't. Engine defaults where §21 says "—" (not in
    /// seeds): untyped and base bonuses stack, penalties as in starfinder.
    pub fn d20() -> Self {
        Self {
            stacking_types: vec![BonusType::Untyped, BonusType::Base, BonusType::Dodge],
            same_source_circumstance_stacks: false,
        }
    }

    /// saga: one +5 cover bonus however many sources (004:731) — cover doesn't stack; penalties
    /// from different sources accumulate (004:311, 329) but several concealment sources add no
    /// further penalty (004:713) — give them one source. Engine defaults where §21 says "—"
    /// (not in seeds): untyped, base and dodge bonuses stack, as in the other d20 families.
    pub fn saga() -> Self {
        Self {
            stacking_types: vec![BonusType::Untyped, BonusType::Base, BonusType::Dodge],
            same_source_circumstance_stacks: false,
        }
    }
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

/// §21: applies the family's stacking rules to the modifiers on one value. In each competing
/// group the highest bonus (or worst penalty) counts, the earliest on a tie; everything else
/// stacks. WE-39, WE-40.
pub fn stack(mods: &[TypedModifier], rules: &StackingRules) -> Stacked {
    let groups: Vec<Option<Group>> = mods.iter().map(|m| group(m, rules)).collect();
    let mut out = Stacked::default();
    for (i, m) in mods.iter().enumerate() {
        let winner = groups[i].as_ref().and_then(|g| {
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
        });
        match winner {
            Some(reason) => out.ignored.push((m.clone(), reason)),
            None => {
                out.total += m.value;
                out.counted.push(m.clone());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::BonusType::*;
    use super::*;

    fn m(value: i32, kind: BonusType, source: &str) -> TypedModifier {
        TypedModifier::new(value, kind, source)
    }

    #[test]
    fn we_39_morale_bonuses_do_not_stack() {
        let sf = StackingRules::starfinder();
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
        let s = stack(&mods, &StackingRules::starfinder());
        assert_eq!(s.total, 4);
        assert_eq!(s.counted, mods.to_vec());
        assert!(s.ignored.is_empty());
    }

    #[test]
    fn circumstance_bonuses_from_the_same_source_count_once() {
        let mods = [m(1, Circumstance, "firecracker"), m(2, Circumstance, "firecracker")];
        let s = stack(&mods, &StackingRules::starfinder());
        assert_eq!(s.total, 2);
        assert_eq!(s.counted, vec![mods[1].clone()]);
        assert_eq!(s.ignored[0].0, mods[0]);
        let mut rules = StackingRules::starfinder();
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
        let s = stack(&mods, &StackingRules::starfinder());
        assert_eq!(s.total, 7);
        assert_eq!(s.counted.len(), 4);
    }

    #[test]
    fn penalties_from_one_source_do_not_stack() {
        let mods = [m(-2, Untyped, "frozen lake"), m(-4, Untyped, "frozen lake")];
        let s = stack(&mods, &StackingRules::starfinder());
        assert_eq!(s.total, -4);
        assert_eq!(s.counted, vec![mods[1].clone()]);
        assert!(s.ignored[0].1.contains("same penalty (frozen lake)"));
    }

    #[test]
    fn penalties_from_two_sources_stack() {
        let mods = [m(-2, Untyped, "frozen lake"), m(-2, Untyped, "oil")];
        assert_eq!(stack(&mods, &StackingRules::starfinder()).total, -4);
        // saga 004:329: Double Attack and Triple Attack each take −5.
        let saga = [m(-5, Untyped, "double attack"), m(-5, Untyped, "triple attack")];
        assert_eq!(stack(&saga, &StackingRules::saga()).total, -10);
    }

    #[test]
    fn dodge_bonuses_stack_in_d20() {
        let mods = [
            m(1, Dodge, "feat"),
            m(2, Dodge, "fighting defensively"),
            m(2, Deflection, "ring"),
        ];
        let s = stack(&mods, &StackingRules::d20());
        assert_eq!(s.total, 5);
        assert!(s.ignored.is_empty());
        // Not in starfinder: there dodge is just a type, highest counts.
        assert_eq!(stack(&mods, &StackingRules::starfinder()).total, 4);
    }

    #[test]
    fn d20_other_same_type_bonuses_do_not_stack() {
        let mods = [
            m(2, Circumstance, "a"),
            m(1, Circumstance, "b"),
            m(2, Deflection, "c"),
            m(3, Deflection, "d"),
        ];
        let s = stack(&mods, &StackingRules::d20());
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
        let s = stack(&mods, &StackingRules::starfinder());
        assert_eq!(s.total, 4);
        assert_eq!(s.counted, mods[..3].to_vec());
        assert_eq!(s.ignored[0].0, mods[3]);
    }

    #[test]
    fn saga_cover_counts_once() {
        let mods = [m(5, Cover, "crate"), m(5, Cover, "trooper")];
        assert_eq!(stack(&mods, &StackingRules::saga()).total, 5);
    }

    #[test]
    fn bonus_types_serialize_snake_case() {
        let json = serde_json::to_string(&m(2, NaturalArmor, "hide")).unwrap_or_default();
        assert_eq!(json, r#"{"value":2,"kind":"natural_armor","source":"hide"}"#);
        let back: Result<TypedModifier, _> = serde_json::from_str(&json);
        assert_eq!(back.ok(), Some(m(2, NaturalArmor, "hide")));
    }
}
