//! Cover as data (RULES.md §9, COV-1..COV-2): the corner-line test, what obstructs a line,
//! cover degrees and their bonuses, creatures as cover and low obstacles.

use serde::{Deserialize, Serialize};

/// Which lines decide cover (COV-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum CoverLines {
    /// The attacker picks one corner of its square; the target has cover if, for every
    /// choice, some line from that corner to a corner of the target's square is obstructed.
    AttackerCornerToTargetCorners,
}

/// What a line must do to a blocking square or wall edge to be obstructed (§2.3, §9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum LineObstruction {
    /// starfinder: crossing (GEO-1) or running along (GEO-2) a blocking square or wall edge.
    /// Refined by `variants.sf_border_lines_block` (U3) and `variants.sf_corner_nick_blocks` (U4).
    CrossOrRunAlong,
    /// saga: only crossing the interior; running along or nicking a wall never counts
    /// (004:733, 738).
    InteriorOnly,
}

/// Which square of a multi-square target the lines go to (COV-1, not in seeds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum MultiSquareTarget {
    /// The attacker picks any one square; cover only if every pick is covered.
    AttackerPicksSquare,
}

/// Bonuses one degree of cover grants (§9.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverBonus {
    /// To AC (starfinder) or Reflex Defense (saga).
    pub defense: i32,
    /// To Reflex saves against effects from the other side (starfinder); `None` where
    /// the family has no saving throws.
    pub reflex_save: Option<i32>,
}

/// Creatures between attacker and target (§9.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SoftCover {
    /// starfinder: `defense` to AC against ranged attacks only; no Reflex bonus, no
    /// Stealth (001:1717-1721).
    RangedOnly { defense: i32 },
    /// saga: creatures give ordinary cover (004:731, 733; uncertain U5).
    AsCover,
}

/// Low obstacles / Low Objects (§9.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum LowObstacleRule {
    /// starfinder (uncertain U6): counts only if the target is within `max_squares` of the
    /// obstacle and the attacker is not closer to it than the target (001:1713-1715).
    NearTarget { max_squares: u32 },
    /// saga: ignored in the attacker's own space and adjacent squares; a Low Object in the
    /// target's own square gives it cover (004:752-754, GEO-5).
    IgnoredNearAttacker,
}

/// §9 for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverRules {
    pub lines: CoverLines,
    pub obstruction: LineObstruction,
    /// Adjacent creatures can have cover (starfinder yes; saga never, 004:735).
    pub adjacent_can_have_cover: bool,
    /// starfinder: line of effect to some but not all of the target's squares is cover
    /// (001:3652-3654).
    pub partial_line_of_effect_is_cover: bool,
    pub multi_square_target: MultiSquareTarget,
    pub cover: CoverBonus,
    /// Scenario-authored (COV-2); `None` where the family has no such degree.
    pub partial: Option<CoverBonus>,
    pub improved: Option<CoverBonus>,
    /// saga: improved cover also gives this to Stealth (004:756-760).
    pub improved_stealth_bonus: Option<i32>,
    pub soft: SoftCover,
    /// A creature you have cover from cannot make an AoO against you (001:1708-1710; 004:744-746).
    pub blocks_aoo: bool,
    /// Cover (not soft cover) allows a Stealth check.
    pub allows_stealth: bool,
    pub low_obstacles: LowObstacleRule,
    /// saga MAY: a prone creature behind a low wall may get total cover (004:865).
    pub prone_behind_low_total_option: bool,
    /// saga: Aim (2 swift actions) ignores cover bonuses, not total cover (004:573).
    pub aim_ignores_cover: bool,
}
