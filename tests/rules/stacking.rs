//! §21 stacking in real attacks: every modifier is listed with its source and type, the ones
//! the family's rules leave out are marked `ignored` and do not count, in the roll, in the
//! query preview and in the log's words.

use super::support::*;

use fivefoot::history::Battle;
use fivefoot::rules::attack::action::preview_attack;
use fivefoot::rules::{AttackEvent, cmd};
use fivefoot::rules::{GameCommand, GameEvent, Modifier, narrate};
use fivefoot::ruleset::Ruleset;
use fivefoot::ruleset::stacking::BonusType;
use fivefoot::testing::{battle, ok};

/// Units on a 8×3 floor as (id, side, x, y, weapon: `gun` or `blade`), 100 HP each.
fn field(family: &str, units: &[(&str, &str, i32, i32, &str)], dice: &[u32]) -> Battle {
    let (defenses, range) = match family {
        "starfinder" => ("(eac: 10, kac: 12)", "range_increment: 30"),
        _ => (
            "(reflex: 12, fortitude: 10, will: 10)",
            "range_bands: (point_blank: 4, short: 8, medium: 16, long: 24)",
        ),
    };
    let units: Vec<String> = units
        .iter()
        .map(|(id, side, x, y, w)| {
            let weapon = match *w {
                "gun" => format!(r#"(name: "Gun", kind: Ranged, attack: 4, damage: "1d6", damage_types: [Fire], {range})"#),
                _ => r#"(name: "Blade", kind: Melee, attack: 4, damage: "1d6", damage_types: [Slashing])"#.to_string(),
            };
            format!(
                "(id: \"{id}\", side: \"{side}\", at: ({x}, {y}), speed: (land: 30), defenses: {defenses}, health: (hp: 100), weapons: [{weapon}])"
            )
        })
        .collect();
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (rows: ["........", "........", "........"], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}])"##,
        units.join(", ")
    );
    battle(&text, dice)
}

fn attack(unit: &str, target: &str) -> GameCommand {
    GameCommand::Attack(cmd::Attack {
        unit: unit.into(),
        target: target.into(),
        weapon: None,
        defensively: false,
        mount: None,
    })
}

fn from<'a>(mods: &'a [Modifier], prefix: &str) -> Vec<&'a Modifier> {
    mods.iter().filter(|m| m.source.starts_with(prefix)).collect()
}

/// §21 starfinder (001:3159-3171, WE-40 in a fight): harrying fire is a +2 circumstance bonus;
/// two soldiers harrying the same foe are essentially the same source, so the ally's attack
/// lists both and counts one. The query preview agrees, and the log says which did not count.
#[test]
fn starfinder_21_two_harrying_fires_are_one_source() {
    // Ids in order: ally 10, foe 1, s1 20, s2 15: the soldiers act first, then the ally.
    let units = [
        ("ally", "a", 5, 1, "blade"),
        ("foe", "b", 6, 1, "blade"),
        ("s1", "a", 2, 0, "gun"),
        ("s2", "a", 2, 2, "gun"),
    ];
    let mut b = field("starfinder", &units, &[10, 1, 20, 15, 11, 11, 10, 3]);
    for s in ["s1", "s2"] {
        let harry = GameCommand::HarryingFire(cmd::HarryingFire {
            unit: s.into(),
            target: "foe".into(),
            weapon: None,
        });
        let events = ok(&mut b, harry);
        assert!(
            events.iter().any(
                |e| matches!(e, GameEvent::Attack(AttackEvent::SupportResolved { roll, .. }) if roll.check.success)
            )
        );
        ok(&mut b, end_turn(s));
    }
    let preview = preview_attack(b.world(), &"ally".into(), &"foe".into(), None).expect("legal");
    assert_eq!(preview.attack_bonus, 4 + 2);
    assert_eq!(from(&preview.situation.attack, "harrying fire").len(), 2);

    let events = ok(&mut b, attack("ally", "foe"));
    let a = &attack_rolls(&events)[0];
    let harrying = from(&a.modifiers, "harrying fire");
    assert_eq!(harrying.len(), 2, "{:?}", a.modifiers);
    assert!(
        harrying
            .iter()
            .all(|m| m.value == 2 && m.kind == BonusType::Circumstance)
    );
    assert!(harrying[0].counts());
    let why = harrying[1].ignored.as_deref().expect("the second does not count");
    assert!(why.contains("same source (harrying fire)"), "{why}");
    assert_eq!(a.total, 10 + 4 + 2);
    let rules = b.world().resource::<Ruleset>().clone();
    let line = events
        .iter()
        .find(|e| matches!(e, GameEvent::Attack(AttackEvent::AttackResolved { .. })))
        .map(|e| narrate(e, &rules))
        .unwrap_or_default();
    assert!(
        line.contains("+2 (harrying fire from s2, circumstance; does not stack, not counted)"),
        "{line}"
    );
}

/// §21 saga: aid another is an untyped +2, and untyped bonuses stack, so two aiders give +4;
/// suppress is a penalty, and the same penalty twice counts once (engine default as in
/// starfinder, 001:3198-3219: the frozen lake frozen again).
#[test]
fn saga_21_two_aids_stack_two_suppressions_do_not() {
    // Ids in order: a1 20, a2 15, ally 10, foe 1: both aiders act, then the ally, then the foe.
    let units = [
        ("a1", "a", 2, 0, "gun"),
        ("a2", "a", 2, 2, "gun"),
        ("ally", "a", 5, 1, "blade"),
        ("foe", "b", 6, 1, "blade"),
    ];
    let mut b = field("saga", &units, &[20, 15, 10, 1, 15, 15, 5, 3]);
    for s in ["a1", "a2"] {
        let aid = GameCommand::AidAnother(cmd::AidAnother {
            unit: s.into(),
            target: "foe".into(),
            ally: "ally".into(),
            weapon: None,
            defense: false,
        });
        ok(&mut b, aid);
        ok(&mut b, end_turn(s));
    }
    let a = &attack_rolls(&ok(&mut b, attack("ally", "foe")))[0];
    let aid = from(&a.modifiers, "aid another");
    assert_eq!(aid.len(), 2);
    assert!(aid.iter().all(|m| m.counts() && m.value == 2));
    assert_eq!(a.total, 5 + 4 + 2 + 2);

    let mut b = field("saga", &units, &[20, 15, 10, 1, 15, 15, 5]);
    for s in ["a1", "a2"] {
        let suppress = GameCommand::Suppress(cmd::Suppress {
            unit: s.into(),
            target: "foe".into(),
            weapon: None,
        });
        ok(&mut b, suppress);
        ok(&mut b, end_turn(s));
    }
    ok(&mut b, end_turn("ally"));
    let a = &attack_rolls(&ok(&mut b, attack("foe", "ally")))[0];
    let suppressed = from(&a.modifiers, "suppressed by");
    assert_eq!(suppressed.len(), 2);
    assert_eq!(suppressed.iter().filter(|m| m.counts()).count(), 1);
    assert_eq!(a.total, 5 + 4 - 2);
}
