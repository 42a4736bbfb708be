//! Movement cost per step and terrain switches (RULES.md §5.2-§5.3, MOV-3..MOV-10):
//! difficult-terrain costs, repeated doubling, the 1-2-1-2 counter, Low Objects and corners.

use super::geometry::DiagonalPolicy;
use serde::{Deserialize, Serialize};

/// How long the starfinder 1-2-1-2 diagonal counter lives (MOV-4, not in seeds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum CounterScope {
    /// All movement of one turn; reset at the start of the creature's next turn (default).
    Turn,
    /// Each move action starts a fresh count.
    MoveAction,
}

/// Which squares of a multi-square creature decide a hampered step (MOV-5, uncertain U24).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum HamperFootprint {
    /// The step is hampered if any square of the destination footprint is difficult.
    AnyDestinationSquare,
}

/// §5.2-§5.3 for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainRules {
    /// Squares an orthogonal step costs with one hampering doubling (MOV-3: 2 everywhere).
    pub difficult_orthogonal: u32,
    /// Squares a diagonal step costs with one doubling (MOV-3: starfinder 3, saga 4).
    pub difficult_diagonal: u32,
    /// Each further hampering effect multiplies the cost again (MOV-3, WE-03: 3, 6, 12).
    /// An explicit exception to additive multipliers (DMG-4).
    pub extra_hampering_factor: u32,
    /// MOV-4: a hampered diagonal advances the 1-2-1-2 counter. `None` where diagonals
    /// do not alternate (saga).
    pub hampered_diagonal_advances_counter: Option<bool>,
    /// MOV-4: lifetime of the 1-2-1-2 counter. `None` where diagonals do not alternate.
    pub diagonal_counter_scope: Option<CounterScope>,
    /// MOV-5: which footprint squares make a step of a big creature hampered.
    pub hamper_footprint: HamperFootprint,
    /// Moving into a Low Object square is a hampering doubling (saga 004:780, 785, 789).
    pub low_objects_hamper: bool,
    /// MOV-6: fliers and incorporeal creatures ignore difficult terrain unless marked.
    pub fliers_ignore_difficult: bool,
    /// MOV-10: a diagonal step may pass a hard corner / wall end (false in every family).
    pub diagonal_past_hard_corner: bool,
    /// MOV-10: a diagonal step may pass a creature or a soft object such as plants
    /// (starfinder 001:1885-1888).
    pub diagonal_past_creature: bool,
}

impl TerrainRules {
    /// MOV-3: cost in squares of one step with `hampering` doublings. `diagonals_so_far` is
    /// the 1-2-1-2 counter before this step (ignored unless `policy` alternates).
    pub fn step_cost(&self, policy: DiagonalPolicy, diagonal: bool, hampering: u32, diagonals_so_far: u32) -> u32 {
        let extra = self.extra_hampering_factor.pow(hampering.saturating_sub(1));
        match (diagonal, hampering) {
            (false, 0) => 1,
            (false, _) => self.difficult_orthogonal * extra,
            (true, 0) => match policy {
                DiagonalPolicy::Alternating => 1 + diagonals_so_far % 2,
                DiagonalPolicy::EveryDiagonalTwo => 2,
            },
            (true, _) => self.difficult_diagonal * extra,
        }
    }
}
