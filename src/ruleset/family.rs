//! The rule family identifiers a scenario chooses from (RULES.md §1).

use serde::{Deserialize, Serialize};

/// A rule family. Written `starfinder`, `d20_srd`, `d20_modern` or `saga` in files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    Starfinder,
    D20Srd,
    D20Modern,
    Saga,
}

impl Family {
    pub const ALL: [Family; 4] = [Family::Starfinder, Family::D20Srd, Family::D20Modern, Family::Saga];

    /// The id used in scenario files and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Family::Starfinder => "starfinder",
            Family::D20Srd => "d20_srd",
            Family::D20Modern => "d20_modern",
            Family::Saga => "saga",
        }
    }

    pub fn from_id(id: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.id() == id)
    }
}

impl std::fmt::Display for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}
