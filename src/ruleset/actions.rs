//! Action economy data (RULES.md §4.1–4.2, ACT-1..ACT-3): action names, the per-turn budget,
//! which actions may be spent as lesser ones, reactions and the surprise-round allowance.

use serde::{Deserialize, Serialize};

/// The kinds of action a turn budget is made of (ACT-1). `Full` is the whole-turn action
/// (starfinder "full action", saga "Full-Round Action", d20 "full-round action").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    // Scenario authors write enum variants in PascalCase elsewhere, so both spellings work.
    #[serde(alias = "Standard")]
    Standard,
    #[serde(alias = "Move")]
    Move,
    #[serde(alias = "Swift")]
    Swift,
    #[serde(alias = "Full")]
    Full,
}

/// What the family calls each kind of action (§4.2), for messages and the GUI.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionNames {
    pub standard: String,
    #[serde(rename = "move")]
    pub move_: String,
    /// `None` where the family has no minor action (d20_srd, d20_modern).
    pub swift: Option<String>,
    pub full: String,
    pub reaction: String,
}

/// How many actions of each kind one turn holds (ACT-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnAllowance {
    pub standard: u8,
    #[serde(rename = "move")]
    pub move_: u8,
    pub swift: u8,
}

/// What an aware combatant may do in the surprise round (§3.2 "surprise-round actions").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SurpriseActions {
    /// How many actions of `main_kinds` the surprise turn allows.
    pub main_actions: u8,
    /// Which kinds count as the surprise round's action.
    pub main_kinds: Vec<ActionKind>,
    /// Whether swift actions may be taken besides the main action (starfinder: yes).
    pub extra_swift: bool,
}

/// The action economy of one family (§4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRules {
    pub names: ActionNames,
    /// The per-turn budget (ACT-1).
    pub per_turn: TurnAllowance,
    /// A standard action may be spent as a move action (ACT-1).
    pub move_from_standard: bool,
    /// A move or standard action may be spent as a swift action (ACT-1; saga: up to 3 swift).
    pub swift_from_larger: bool,
    /// Reactions per round; `None` = any number, one per trigger (saga, 004:50).
    pub reactions_per_round: Option<u8>,
    /// A creature cannot react before it has first acted in this combat (starfinder 001:1100).
    pub react_only_after_first_action: bool,
    pub surprise: SurpriseActions,
}

impl ActionRules {
    /// The family's name for an action kind, e.g. "attack action" in d20_modern.
    pub fn name_of(&self, kind: ActionKind) -> &str {
        match kind {
            ActionKind::Standard => &self.names.standard,
            ActionKind::Move => &self.names.move_,
            ActionKind::Swift => self.names.swift.as_deref().unwrap_or("swift action"),
            ActionKind::Full => &self.names.full,
        }
    }
}
