//! Condition badges of a unit: a short label for each condition a unit has now (its own and
//! those its tracked effects grant, as `rules::health::conditions::effective_conditions` reports them)
//! and for its place in the initiative (delaying, readied, §3.4-§3.5). This file only names
//! and colours what the rules state holds; `board::tokens` draws the badges in each token's
//! corners and `hud::card` lists them.

use crate::rules::health::conditions::effective_conditions;
use crate::rules::{Combat, ConditionName, UnitId};
use bevy::prelude::*;

/// One badge: two letters (they fit beside the token's icon, `tokens::badge_slots`), its
/// colour, and the full name for the log and tooltips.
#[derive(Debug, Clone, PartialEq)]
pub struct Badge {
    pub label: &'static str,
    pub name: &'static str,
    pub colour: Color,
}

/// Movement and position (prone, grappled, ...): blue-grey.
const HOLD: Color = Color::srgb(0.35, 0.55, 0.85);
/// Defence down (flat-footed, off-target, helpless, ...): orange.
const EXPOSED: Color = Color::srgb(0.95, 0.55, 0.15);
/// Fear and the mind (shaken, frightened, confused, ...): purple.
const MIND: Color = Color::srgb(0.7, 0.35, 0.9);
/// Senses (blinded, dazzled, deafened): yellow.
const SENSES: Color = Color::srgb(0.9, 0.85, 0.25);
/// Body (sickened, fatigued, bleeding, burning, ...): red.
const BODY: Color = Color::srgb(0.9, 0.3, 0.3);
/// Out of the fight (unconscious, paralyzed, stunned, ...): grey.
const OUT: Color = Color::srgb(0.6, 0.6, 0.6);
/// Initiative state (delaying, readied): teal.
const TURN: Color = Color::srgb(0.2, 0.8, 0.7);

/// The badge of one condition. Every condition the rules know has one, so a new condition
/// fails to compile here until it is given a label.
pub fn condition_badge(c: ConditionName) -> Badge {
    use ConditionName as C;
    let (label, name, colour) = match c {
        C::Asleep => ("Zz", "asleep", OUT),
        C::Bleeding => ("Bl", "bleeding", BODY),
        C::Blinded => ("Bd", "blinded", SENSES),
        C::Burning => ("Bu", "burning", BODY),
        C::Confused => ("Cf", "confused", MIND),
        C::Cowering => ("Cw", "cowering", MIND),
        C::Dazed => ("Dz", "dazed", OUT),
        C::Dazzled => ("Dl", "dazzled", SENSES),
        C::Deafened => ("Df", "deafened", SENSES),
        C::Encumbered => ("En", "encumbered", HOLD),
        C::Entangled => ("Et", "entangled", HOLD),
        C::Exhausted => ("Ex", "exhausted", BODY),
        C::Fascinated => ("Fs", "fascinated", MIND),
        C::Fatigued => ("Fa", "fatigued", BODY),
        C::FlatFooted => ("FF", "flat-footed", EXPOSED),
        C::Frightened => ("Fr", "frightened", MIND),
        C::Grabbed => ("Gb", "grabbed", HOLD),
        C::Grappled => ("Gr", "grappled", HOLD),
        C::Helpless => ("He", "helpless", EXPOSED),
        C::Nauseated => ("Na", "nauseated", BODY),
        C::OffKilter => ("OK", "off-kilter", EXPOSED),
        C::OffTarget => ("OT", "off-target", EXPOSED),
        C::Overburdened => ("Ob", "overburdened", HOLD),
        C::Panicked => ("Pa", "panicked", MIND),
        C::Paralyzed => ("Pz", "paralyzed", OUT),
        C::Pinned => ("Pn", "pinned", HOLD),
        C::Prone => ("Pr", "prone", HOLD),
        C::Shaken => ("Sh", "shaken", MIND),
        C::Sickened => ("Si", "sickened", BODY),
        C::Stable => ("St", "stable", OUT),
        C::Staggered => ("Sg", "staggered", BODY),
        C::Stunned => ("Su", "stunned", OUT),
        C::Unconscious => ("Un", "unconscious", OUT),
    };
    Badge { label, name, colour }
}

/// Every badge of `unit` now: its conditions in the rules' order, then delaying or readied.
pub fn badges(world: &World, unit: &UnitId) -> Vec<Badge> {
    let mut out: Vec<Badge> = effective_conditions(world, unit)
        .into_iter()
        .map(condition_badge)
        .collect();
    let combat = world.resource::<Combat>();
    if combat.delaying.iter().any(|d| &d.unit == unit) {
        out.push(Badge {
            label: "Dy",
            name: "delaying",
            colour: TURN,
        });
    }
    if combat.readied.iter().any(|r| &r.unit == unit) {
        out.push(Badge {
            label: "Rd",
            name: "readied",
            colour: TURN,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameCommand;
    use crate::rules::cmd;
    use crate::testing::{battle, ok};

    const TWO: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (8, 4), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", side: "a", at: (1, 1), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "foe", side: "b", at: (5, 1), speed: (land: 30), initiative: 0,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
    ],
)"##;

    /// §3.2: before it has acted, a unit is flat-footed; after dropping prone (§4.3.2) it also
    /// wears the prone badge, read from the rules' effective conditions.
    #[test]
    fn badges_follow_the_rules_conditions() {
        let mut b = battle(TWO, &[]);
        let me = UnitId("me".into());
        let foe = UnitId("foe".into());
        let names = |b: &crate::history::Battle, u: &UnitId| -> Vec<&'static str> {
            badges(b.world(), u).into_iter().map(|x| x.name).collect()
        };
        assert!(!names(&b, &me).contains(&"prone"));
        ok(&mut b, GameCommand::DropProne(cmd::DropProne { unit: me.clone() }));
        assert!(names(&b, &me).contains(&"prone"), "{:?}", names(&b, &me));
        let expected: Vec<&str> = effective_conditions(b.world(), &foe)
            .into_iter()
            .map(|c| condition_badge(c).name)
            .collect();
        assert_eq!(names(&b, &foe), expected);
    }

    /// §3.5: a unit with a readied action wears the readied badge until it is used.
    #[test]
    fn a_readied_unit_wears_the_readied_badge() {
        let mut b = battle(TWO, &[]);
        let me = UnitId("me".into());
        ok(
            &mut b,
            GameCommand::Ready(cmd::Ready {
                unit: me.clone(),
                action: crate::ruleset::ActionKind::Standard,
                trigger: "the foe comes near".into(),
            }),
        );
        assert!(badges(b.world(), &me).iter().any(|x| x.label == "Rd"));
    }

    #[test]
    fn every_badge_label_is_short_and_unique() {
        use ConditionName as C;
        let all = [
            C::Asleep,
            C::Bleeding,
            C::Blinded,
            C::Burning,
            C::Confused,
            C::Cowering,
            C::Dazed,
            C::Dazzled,
            C::Deafened,
            C::Encumbered,
            C::Entangled,
            C::Exhausted,
            C::Fascinated,
            C::Fatigued,
            C::FlatFooted,
            C::Frightened,
            C::Grabbed,
            C::Grappled,
            C::Helpless,
            C::Nauseated,
            C::OffKilter,
            C::OffTarget,
            C::Overburdened,
            C::Panicked,
            C::Paralyzed,
            C::Pinned,
            C::Prone,
            C::Shaken,
            C::Sickened,
            C::Stable,
            C::Staggered,
            C::Stunned,
            C::Unconscious,
        ];
        let labels: std::collections::BTreeSet<&str> = all.iter().map(|c| condition_badge(*c).label).collect();
        assert_eq!(labels.len(), all.len());
        assert!(labels.iter().all(|l| l.len() <= 2));
    }
}
