//! Skills whose training changes a grid rule (a ruleset names them in its options).

use super::Family;
use serde::{Deserialize, Serialize};

/// A skill a unit can be trained in, where training changes a grid rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Skill {
    /// saga: fight defensively gives +5 / +10 instead of +2 / +5 (004:489-491).
    Acrobatics,
}

impl Skill {
    /// The families whose rules give training in the skill an effect the engine resolves.
    pub fn families(self) -> &'static [Family] {
        &[Family::Saga]
    }
}
