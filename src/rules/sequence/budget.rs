//! The per-turn action budget (ACT-1, ACT-2, §3.2 surprise-round actions): pure spending
//! logic on plain data, read from the family's `ActionRules`.

use crate::ruleset::{ActionKind, ActionRules};
use serde::{Deserialize, Serialize};

/// What is left of a unit's actions this turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnBudget {
    pub standard: u8,
    #[serde(rename = "move")]
    pub move_: u8,
    pub swift: u8,
    /// A full action is still possible (nothing spent yet, turn not restricted; ACT-2).
    pub full_available: bool,
    /// In the surprise round: how many of the family's surprise actions are left.
    pub surprise_actions_left: Option<u8>,
    /// A condition allows one move or one standard action this turn and no full action
    /// (starfinder staggered, §20).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub one_main_action: bool,
}

impl TurnBudget {
    /// A fresh turn; `surprise` restricts it to the family's surprise-round allowance.
    pub fn new(rules: &ActionRules, surprise: bool) -> Self {
        Self {
            standard: rules.per_turn.standard,
            move_: rules.per_turn.move_,
            swift: rules.per_turn.swift,
            full_available: !surprise,
            surprise_actions_left: surprise.then_some(rules.surprise.main_actions),
            one_main_action: false,
        }
    }

    /// The turn is restricted to one move or one standard action and no full action: the
    /// surprise round, or a condition such as staggered (§3.2, §20).
    pub fn one_action_only(&self) -> bool {
        self.surprise_actions_left.is_some() || self.one_main_action
    }

    /// The budget of a readied action when it fires (§3.5): that one action and nothing else.
    pub fn readied(kind: ActionKind) -> Self {
        Self {
            standard: u8::from(kind == ActionKind::Standard),
            move_: u8::from(kind == ActionKind::Move),
            swift: u8::from(kind == ActionKind::Swift),
            full_available: false,
            surprise_actions_left: None,
            one_main_action: false,
        }
    }

    /// Whether nothing has been spent yet.
    pub fn untouched(&self, rules: &ActionRules) -> bool {
        self.standard == rules.per_turn.standard
            && self.move_ == rules.per_turn.move_
            && self.swift == rules.per_turn.swift
            && self
                .surprise_actions_left
                .is_none_or(|n| n == rules.surprise.main_actions)
    }

    /// Checks that an action of `kind` can be taken; returns the budget slot that pays for
    /// it, or a reason a player can read.
    pub fn can_spend(&self, rules: &ActionRules, kind: ActionKind) -> Result<ActionKind, String> {
        let name = rules.name_of(kind);
        if kind == ActionKind::Swift && rules.per_turn.swift == 0 && rules.names.swift.is_none() {
            return Err("this rule family has no swift actions".to_string());
        }
        if let Some(left) = self.surprise_actions_left {
            let counts_as_surprise_action = !(kind == ActionKind::Swift && rules.surprise.extra_swift);
            if kind == ActionKind::Full || !rules.surprise.main_kinds.contains(&kind) && counts_as_surprise_action {
                let allowed: Vec<&str> = rules.surprise.main_kinds.iter().map(|k| rules.name_of(*k)).collect();
                return Err(format!(
                    "in the surprise round only {} may be taken, not a {name}",
                    allowed.join(" or ")
                ));
            }
            if counts_as_surprise_action && left == 0 {
                return Err("the surprise round allows no more actions this turn".to_string());
            }
        }
        if self.one_main_action {
            // §20 staggered: the one move or standard action may also be traded for a swift.
            let main_spent = self.standard < rules.per_turn.standard || self.move_ < rules.per_turn.move_;
            let refused = match kind {
                ActionKind::Full => true,
                ActionKind::Standard | ActionKind::Move => main_spent,
                ActionKind::Swift => main_spent && self.swift == 0,
            };
            if refused {
                return Err(format!(
                    "this turn allows one {} or one {} action (staggered), and no more",
                    rules.name_of(ActionKind::Move),
                    rules.name_of(ActionKind::Standard)
                ));
            }
        }
        let slot = match kind {
            ActionKind::Full => {
                if self.full_available && self.untouched(rules) {
                    Some(ActionKind::Full)
                } else {
                    None
                }
            }
            ActionKind::Standard => (self.standard > 0).then_some(ActionKind::Standard),
            ActionKind::Move => {
                if self.move_ > 0 {
                    Some(ActionKind::Move)
                } else {
                    (rules.move_from_standard && self.standard > 0).then_some(ActionKind::Standard)
                }
            }
            ActionKind::Swift => {
                if self.swift > 0 {
                    Some(ActionKind::Swift)
                } else if rules.swift_from_larger && self.move_ > 0 {
                    Some(ActionKind::Move)
                } else if rules.swift_from_larger && self.standard > 0 {
                    Some(ActionKind::Standard)
                } else {
                    None
                }
            }
        };
        slot.ok_or_else(|| match kind {
            ActionKind::Full => format!("a {name} needs the whole turn, and part of it is spent"),
            _ => format!("no {name} left this turn"),
        })
    }

    /// Spends an action of `kind` (call `can_spend` first); returns the slot used.
    pub fn spend(&mut self, rules: &ActionRules, kind: ActionKind) -> Result<ActionKind, String> {
        let slot = self.can_spend(rules, kind)?;
        self.pay(rules, kind, slot);
        Ok(slot)
    }

    /// Takes an action of `kind` out of `slot`, as an `ActionTaken` event recorded it.
    pub fn pay(&mut self, rules: &ActionRules, kind: ActionKind, slot: ActionKind) {
        match slot {
            ActionKind::Full => {
                self.standard = 0;
                self.move_ = 0;
                self.swift = 0;
            }
            ActionKind::Standard => self.standard = self.standard.saturating_sub(1),
            ActionKind::Move => self.move_ = self.move_.saturating_sub(1),
            ActionKind::Swift => self.swift = self.swift.saturating_sub(1),
        }
        self.full_available = false;
        if let Some(left) = self.surprise_actions_left.as_mut()
            && !(kind == ActionKind::Swift && rules.surprise.extra_swift)
        {
            *left = left.saturating_sub(1);
        }
    }

    /// Nothing more can be taken this turn.
    pub fn forfeit(&mut self) {
        self.standard = 0;
        self.move_ = 0;
        self.swift = 0;
        self.full_available = false;
        if let Some(left) = self.surprise_actions_left.as_mut() {
            *left = 0;
        }
    }

    /// The kinds of action still possible, for the GUI and `query turn`.
    pub fn available(&self, rules: &ActionRules) -> Vec<ActionKind> {
        [
            ActionKind::Standard,
            ActionKind::Move,
            ActionKind::Swift,
            ActionKind::Full,
        ]
        .into_iter()
        .filter(|k| self.can_spend(rules, *k).is_ok())
        .collect()
    }
}
