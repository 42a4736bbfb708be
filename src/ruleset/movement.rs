//! Movement data (RULES.md §5.1, §5.4-§5.6, §4.3.2): double move, run, armor and load
//! speed, guarded step, minimum movement, squeezing and moving through occupied squares.
//! Charge and withdraw have their own files.

use super::actions::ActionKind;
use super::charge::ChargeRules;
use super::common::{Fraction, Rounding, Until};
use super::withdraw::WithdrawRules;
use serde::{Deserialize, Serialize};

/// What slows a creature or caps its run (§5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Encumbrance {
    MediumArmor,
    HeavyArmor,
    HeavyLoad,
}

/// What running does to the runner's defense (§5.6 "side effects").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum RunnerDefense {
    /// Nothing stated.
    Unaffected,
    /// starfinder: the runner is flat-footed (001:1020-1021).
    FlatFooted { until: Until },
    /// d20_modern: "affects the character's Defense", amount not in seed (003:141);
    /// the engine applies nothing and shows the note.
    AffectedAmountUnsourced,
}

/// Running out of breath (starfinder 001:1023-1024, 2133-2140).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunEndurance {
    /// Free rounds = Constitution score; then a Con check each round at `base_dc` +
    /// `dc_step` per previous check.
    pub base_dc: u32,
    pub dc_step: u32,
    /// Rounds of rest after failing (1 minute).
    pub rest_rounds: u32,
}

/// The run action (§5.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunRules {
    pub action: ActionKind,
    /// Speed multiple (×4 in every family).
    pub multiplier: u32,
    /// Reduced multiple while any of `heavy_when` applies (×3 in d20_srd and saga);
    /// `None` where the seed gives no reduction.
    pub heavy_multiplier: Option<u32>,
    pub heavy_when: Vec<Encumbrance>,
    /// The path must be a straight line (laid out per `grid.straight_line`).
    pub straight_line: bool,
    /// May cross difficult terrain (MOV-7: not in starfinder).
    pub across_difficult: bool,
    pub runner_defense: RunnerDefense,
    pub endurance: Option<RunEndurance>,
}

/// One row of a speed-reduction table (d20_srd 002:108-110).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpeedStep {
    pub base_ft: u32,
    pub slowed_ft: u32,
}

/// How armor and load reduce speed (§5.1 "armor/load reduction").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ArmorSpeed {
    /// The seed says armor may slow but gives no numbers; unit data decides.
    Unsourced,
    /// d20_srd: a table by base speed; listed species keep their speed in any armor.
    Table {
        when: Vec<Encumbrance>,
        rows: Vec<SpeedStep>,
        exempt_species: Vec<String>,
    },
    /// saga: `base × fraction`, rounded as given (004:795; other bases not in seeds).
    Fraction {
        when: Vec<Encumbrance>,
        fraction: Fraction,
        rounding: Rounding,
    },
}

/// starfinder bulk limits (001:4147-4151, 4242-4245).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadSpeed {
    /// Encumbered: every speed changes by this many feet.
    pub encumbered_delta_ft: i32,
    /// Overburdened: every speed becomes this.
    pub overburdened_speed_ft: u32,
}

/// starfinder guarded step (001:943-946) / the d20 5-ft step engine default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuardedStep {
    pub action: ActionKind,
    pub squares: u32,
    /// Leaving a threatened square this way provokes.
    pub provokes: bool,
    /// Not in seeds: may step diagonally (default yes).
    pub diagonal: bool,
    /// Not in seeds: may step into difficult terrain (default no).
    pub into_difficult: bool,
}

/// starfinder minimum movement (001:2113-2119).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinimumMovement {
    pub action: ActionKind,
    pub squares: u32,
    pub diagonal: bool,
    pub provokes: bool,
}

/// Who may squeeze (§5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SqueezeWho {
    AnySize,
    LargeOrBigger,
}

/// Squeezing through narrow spaces (§5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Squeezing {
    pub who: SqueezeWho,
    /// The opening must be at least this fraction of the normal space width (½).
    pub min_width: Fraction,
    /// Extra hampering doublings while squeezing (starfinder 1 = half speed; saga 0).
    pub hampering: u32,
    /// starfinder: squeezing creatures are entangled (001:2109-2111).
    pub entangled: bool,
    /// saga: movement must end where the creature can normally stand (004:923).
    pub must_end_in_normal_space: bool,
    /// saga: Large+ creatures can't squeeze past opponents (004:925).
    pub past_opponents: bool,
    /// saga: big droids and vehicles can't squeeze (004:923).
    pub droids_and_vehicles: bool,
    /// Not in seeds: a 1-square creature may squeeze through an edge marked "narrow gap".
    pub one_square_narrow_gap: bool,
}

/// Where a creature may end its movement (MOV-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum EndInOccupied {
    /// Only in a helpless creature's square (Tiny-or-smaller share per `sizes`).
    OnlyIfHelpless,
}

/// Moving through occupied squares (§5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OccupancyRules {
    /// Allies (creatures that don't consider you an opponent) may be passed.
    pub pass_allies: bool,
    /// saga: enemies this many size categories larger or smaller may be passed (004:855-857).
    pub pass_enemy_size_gap: Option<u8>,
    /// Helpless (saga: dead, unconscious, disabled) enemies may be passed.
    pub pass_helpless: bool,
    /// starfinder: squares of very large helpless or paralyzed creatures cost double (MOV-13).
    pub helpless_squares_hamper: bool,
    /// A trained tumble lets you pass an able enemy (DC not in seeds).
    pub tumble_past_enemies: bool,
    pub end_in_occupied: EndInOccupied,
}

/// The actions that change posture (§4.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PostureActions {
    /// Standing up from prone (starfinder 001:1001-1003; saga 004:541-547).
    pub stand_up: ActionKind,
    /// Dropping prone (starfinder 001:1016-1017; saga "Fall Prone" 004:597-603).
    pub drop_prone: ActionKind,
    /// Crawling: the action and how many squares (starfinder 001:934-936); `None` where the
    /// family has no crawl rule.
    pub crawl: Option<Crawl>,
}

/// Moving while prone (starfinder: a move action, 5 ft, you stay prone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Crawl {
    pub action: ActionKind,
    pub squares: u32,
}

/// §5 for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementRules {
    /// MOV-2 (not in seeds): two move actions share one budget of 2 × speed.
    pub double_move_pooled: bool,
    pub run: RunRules,
    pub armor_speed: ArmorSpeed,
    /// starfinder bulk; `None` elsewhere (saga's Heavy Load is in `armor_speed`).
    pub load_speed: Option<LoadSpeed>,
    pub guarded_step: Option<GuardedStep>,
    pub minimum_movement: Option<MinimumMovement>,
    pub squeezing: Option<Squeezing>,
    pub occupied: OccupancyRules,
    pub charge: Option<ChargeRules>,
    pub withdraw: Option<WithdrawRules>,
    /// Standing up, dropping prone and crawling (§4.3.2).
    pub posture: PostureActions,
    /// Flying (MOV-14).
    pub flight: FlightRules,
}

/// Flying (MOV-14, starfinder 001:2346-2384): turning and climbing cost extra movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlightRules {
    /// Feet each 45° turn costs.
    pub turn_cost_ft: u32,
    /// Extra feet each square moved upward costs in normal gravity.
    pub ascent_extra_ft: u32,
    /// Extra feet per upward square in zero or low gravity.
    pub ascent_extra_light_gravity_ft: u32,
    /// Factor on the extra ascent cost in high gravity.
    pub ascent_high_gravity_factor: u32,
    /// Extra feet each square moved downward costs.
    pub descent_extra_ft: u32,
}

/// The gravity of a battlefield (ENV-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Gravity {
    #[default]
    Normal,
    Zero,
    Low,
    High,
}

impl FlightRules {
    /// MOV-14: feet one square of climbing costs, including the square itself.
    pub fn ascent_ft(&self, square_ft: u32, gravity: Gravity) -> u32 {
        square_ft
            + match gravity {
                Gravity::Normal => self.ascent_extra_ft,
                Gravity::Zero | Gravity::Low => self.ascent_extra_light_gravity_ft,
                Gravity::High => self.ascent_extra_ft * self.ascent_high_gravity_factor,
            }
    }
}

impl RunRules {
    /// The run multiple for a creature, given whether a heavy condition applies.
    pub fn multiple(&self, heavy: bool) -> u32 {
        match (heavy, self.heavy_multiplier) {
            (true, Some(m)) => m,
            _ => self.multiplier,
        }
    }
}
