//! `Modifier`: a number added to a roll with where it came from and its bonus type (§21),
//! as every area's checks, attacks and events carry it.

use crate::ruleset::stacking::BonusType;
use serde::{Deserialize, Serialize};

/// A number added to a roll, with where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub value: i32,
    pub source: String,
    /// Its bonus type (§21: dodge, cover, circumstance, ...); left out when untyped.
    #[serde(default, skip_serializing_if = "BonusType::is_untyped")]
    pub kind: BonusType,
    /// The effect it comes from when several units can give the same one (covering fire,
    /// suppress): for stacking (§21) that effect is its source, whoever gave it, as the
    /// frozen lake frozen again is the same penalty (001:3202-3219).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    /// Set when the family's stacking rules (§21) leave it out of the total: why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ignored: Option<String>,
}

impl Modifier {
    /// An untyped modifier (penalties and most bonuses).
    pub fn new(value: i32, source: impl Into<String>) -> Self {
        Self::typed(value, BonusType::Untyped, source)
    }

    /// A bonus of a type (§21).
    pub fn typed(value: i32, kind: BonusType, source: impl Into<String>) -> Self {
        Self {
            value,
            source: source.into(),
            kind,
            effect: None,
            ignored: None,
        }
    }

    /// The same, given by the named effect (§21: the effect is the source for stacking).
    pub fn of_effect(self, effect: impl Into<String>) -> Self {
        Self {
            effect: Some(effect.into()),
            ..self
        }
    }

    /// What §21 compares to tell "the same source": the effect, else the source.
    pub fn stacking_source(&self) -> &str {
        self.effect.as_deref().unwrap_or(&self.source)
    }

    /// Whether it counts toward the total (§21).
    pub fn counts(&self) -> bool {
        self.ignored.is_none()
    }
}
