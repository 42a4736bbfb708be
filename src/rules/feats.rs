//! Feats, talents and trained skills a stat block may list, limited to those whose effect
//! on the grid the rules engine resolves (saga §4.3.1 full attack and fight defensively,
//! §4.4 disarm and grapple; the d20 families' Improved maneuver feats, docs/d20-maneuvers.md).
//! Listing one the engine does not know is a scenario error, so a typo never silently does
//! nothing.

use crate::ruleset::Family;
use serde::{Deserialize, Serialize};

/// A feat or talent the engine resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Feat {
    /// saga: one extra attack in a full attack, −5 on all attacks that round (004:321-323).
    DoubleAttack,
    /// saga: a further extra attack, −10 in all (needs Double Attack, 004:325-327).
    TripleAttack,
    /// saga: the two-weapon / double-weapon penalty drops from −10 to −5 (004:317-319).
    DualWeaponMastery1,
    /// saga: ... to −2.
    DualWeaponMastery2,
    /// saga: ... to 0.
    DualWeaponMastery3,
    /// saga: +5 to disarm, and no attack of opportunity when a disarm fails (004:477-479).
    /// d20 SRD, d20 Modern: a disarm provokes no attack of opportunity, the target cannot
    /// disarm back, and +4 on the opposed roll (MNV-SRD-4).
    ImprovedDisarm,
    /// d20 SRD, d20 Modern: a trip provokes no attack of opportunity, +4 on the Strength
    /// check, and a melee attack on the tripped foe (MNV-SRD-2).
    ImprovedTrip,
    /// d20 SRD, d20 Modern: a bull rush provokes no attack of opportunity from the defender,
    /// +4 on the Strength check (MNV-SRD-3).
    ImprovedBullRush,
    /// d20 SRD: starting a grapple provokes no attack of opportunity, +4 on grapple checks
    /// (MNV-SRD-5).
    ImprovedGrapple,
    /// d20 SRD, d20 Modern: not a feat but a trait of the stat block, "more than two legs or
    /// otherwise exceptionally stable": +4 against trip and bull rush (MNV-SRD-1).
    Stable,
    /// saga talent: disarm with a ranged attack; no attack of opportunity on a failure
    /// (004:481-483).
    RangedDisarm,
    /// saga: unarmed attacks do not provoke attacks of opportunity (004:669).
    MartialArts1,
    /// saga grappling feats: any of them allows the grapple attack (004:501-509).
    Pin,
    Crush,
    Trip,
    Throw,
    /// saga talent: half damage from an area or autofire attack that hits, none from one
    /// that misses (AREA-SG-3, 004:637-639, 703-705).
    Evasion,
}

impl Feat {
    /// Whether the feat lets its owner make saga's grapple attack (004:501-503).
    pub fn is_grappling(self) -> bool {
        matches!(self, Feat::Pin | Feat::Crush | Feat::Trip | Feat::Throw)
    }

    /// The families whose rules give the feat an effect the engine resolves.
    pub fn families(self) -> &'static [Family] {
        match self {
            Feat::ImprovedDisarm => &[Family::Saga, Family::D20Srd, Family::D20Modern],
            Feat::ImprovedTrip | Feat::ImprovedBullRush | Feat::Stable => &[Family::D20Srd, Family::D20Modern],
            Feat::ImprovedGrapple => &[Family::D20Srd],
            _ => &[Family::Saga],
        }
    }
}

pub use crate::ruleset::Skill;
