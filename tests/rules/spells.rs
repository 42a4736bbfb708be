//! Casting a spell through the command path (RULES.md §4.3.1 "Cast a spell", §8.2): the
//! action it takes, the attacks of opportunity it provokes from threatening foes, and the
//! spell being lost when one of them hits and damages the caster (001:754-769, 2628-2631).

use fivefoot::history::{Battle, UnitSnapshot};
use fivefoot::rules::{AreaEvent, ReactionEvent, SequenceEvent, cmd};
use fivefoot::rules::{GameCommand, GameEvent, RuleError};
use fivefoot::testing::{battle, ok};

const BLADE: &str = r#"weapons: [(name: "Blade", kind: Melee, attack: 10, damage: "1d6", damage_types: [Slashing])]"#;

/// ann the caster at (2,0) with `spells`; bob with a blade at `bob_x`, 0 (3 = adjacent).
/// bob wins initiative and passes, so he is no longer flat-footed when ann casts.
fn duel(family: &str, spells: &str, bob_x: i32, dice: &[u32]) -> Battle {
    let (defenses, health) = match family {
        "saga" => ("(reflex: 12, fortitude: 10, will: 10)", "(hp: 40)"),
        _ => ("(eac: 10, kac: 12)", "(hp: 40, rp: 3)"),
    };
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (rows: ["........", "........"], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "ann", side: "a", at: (2, 0), speed: (land: 30), defenses: {defenses}, health: {health}, {BLADE}, {spells}),
        (id: "bob", side: "b", at: ({bob_x}, 0), speed: (land: 30), defenses: {defenses}, health: {health}, {BLADE}),
    ])"##
    );
    let mut b = battle(&text, dice);
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: "bob".into() }));
    b
}

fn cast(spell: &str) -> GameCommand {
    GameCommand::CastSpell(cmd::CastSpell {
        unit: "ann".into(),
        spell: spell.into(),
        at: None,
        dir: None,
        squares: vec![],
    })
}

fn uses_left(b: &Battle, spell: &str) -> Option<u32> {
    let ann = UnitSnapshot::of(b.world(), &"ann".into()).expect("ann");
    ann.spells.iter().find(|s| s.name == spell).and_then(|s| s.uses_left)
}

fn aoo_count(events: &[GameEvent]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { .. })))
        .count()
}

const MISSILE: &str = r#"spells: [(name: "Magic Missile", uses: Some(2))]"#;

/// §8.2 (001:760-769): bob threatens ann, so her casting provokes; his attack hits (15 + 10
/// against KAC 12) and deals 4, so the spell fails and the slot is gone.
#[test]
fn sf_8_2_casting_while_threatened_provokes_and_a_damaging_aoo_loses_the_spell() {
    let mut b = duel("starfinder", MISSILE, 3, &[1, 20, 15, 4]);
    let events = ok(&mut b, cast("magic missile"));
    assert_eq!(aoo_count(&events), 1);
    assert!(
        events.iter().any(|e| matches!(e,
            GameEvent::Area(AreaEvent::SpellLost { spell, by, uses_left: Some(1), .. }) if spell == "Magic Missile" && by.0 == "bob")),
        "{events:?}"
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, GameEvent::Area(AreaEvent::SpellCast { .. })))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Sequence(SequenceEvent::ActionTaken { description, .. }) if description == "cast Magic Missile"))
    );
    assert_eq!(uses_left(&b, "Magic Missile"), Some(1));
}

/// §8.2: an attack of opportunity that misses (a natural 1) leaves the spell to be cast.
#[test]
fn sf_8_2_a_missed_aoo_lets_the_spell_be_cast() {
    let mut b = duel("starfinder", MISSILE, 3, &[1, 20, 1]);
    let events = ok(&mut b, cast("Magic Missile"));
    assert_eq!(aoo_count(&events), 1);
    assert!(events.iter().any(|e| matches!(e,
        GameEvent::Area(AreaEvent::SpellCast { spell, uses_left: Some(1), .. }) if spell == "Magic Missile")));
}

/// §8.2: no foe threatens ann, so nothing provokes; an at-will spell keeps no count.
#[test]
fn sf_8_2_casting_unthreatened_does_not_provoke() {
    let mut b = duel("starfinder", r#"spells: [(name: "Light")]"#, 6, &[1, 20]);
    let events = ok(&mut b, cast("Light"));
    assert_eq!(aoo_count(&events), 0);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Area(AreaEvent::SpellCast { uses_left: None, .. })))
    );
}

/// §8.2 "unless the spell specifies otherwise" (001:763-765) and spell-like abilities
/// (001:2628-2631): a spell marked `provokes: false` draws no attack; a spell-like ability
/// provokes as a spell does.
#[test]
fn sf_8_2_non_provoking_spells_and_spell_like_abilities() {
    let spells = r#"spells: [(name: "Touch", provokes: Some(false)), (name: "Blink", spell_like: true)]"#;
    let mut b = duel("starfinder", spells, 3, &[1, 20]);
    assert_eq!(aoo_count(&ok(&mut b, cast("Touch"))), 0);
    let mut b2 = duel("starfinder", spells, 3, &[1, 20, 1]);
    let events = ok(&mut b2, cast("Blink"));
    assert_eq!(aoo_count(&events), 1);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Area(AreaEvent::SpellCast { .. })))
    );
}

/// §4.3.1 (001:755-758): a spell takes its own action (a full action here), so after a
/// standard action it cannot be cast; a spent spell and an unknown one are refused; casting
/// is not in saga's rules.
#[test]
fn sf_4_3_1_cast_a_spell_takes_its_action_and_a_use() {
    let spells = r#"spells: [(name: "Long Rite", action: Some(Full)), (name: "Spark", uses: Some(1))]"#;
    let mut b = duel("starfinder", spells, 6, &[1, 20]);
    ok(&mut b, cast("Spark"));
    assert_eq!(uses_left(&b, "Spark"), Some(0));
    assert!(matches!(b.submit(cast("Long Rite")), Err(RuleError::Budget(_))));
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: "ann".into() }));
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: "bob".into() }));
    let err = b.submit(cast("Spark")).expect_err("no uses left");
    assert!(err.to_string().contains("no uses"), "{err}");
    let err = b.submit(cast("Fireball")).expect_err("unknown spell");
    assert!(err.to_string().contains("no spell named"), "{err}");
    let events = ok(&mut b, cast("Long Rite"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Area(AreaEvent::SpellCast { .. })))
    );

    let mut saga = duel("saga", "", 6, &[1, 20]);
    assert!(matches!(saga.submit(cast("Spark")), Err(RuleError::NotSupported(_))));
}

/// ann casts from (2, 0); bob at (6, 0) and carl at (7, 1) with Reflex +2; dee at (12, 0)
/// has no saves.
fn blast_battle(dice: &[u32]) -> Battle {
    let fireball = r#"spells: [(name: "Fireball", uses: Some(1), effect: Some((area: (shape: Burst, size_ft: 10), damage: "2d6", damage_types: [Fire], save_dc: 15, range_ft: Some(40)))), (name: "Cone of Cold", effect: Some((area: (shape: Cone, size_ft: 15), damage: "1d6", damage_types: [Cold], save_dc: 15))), (name: "Wall of Fire", effect: Some((area: (shape: Burst, size_ft: 5), damage: "1d6", damage_types: [Fire], save_dc: 15, range_ft: Some(40), shapeable: true)))]"#;
    let saves = "saves: (fortitude: 0, reflex: 2, will: 0)";
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (rows: ["..............", "..............", ".............."], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "ann", side: "a", at: (2, 0), speed: (land: 30), defenses: (eac: 10, kac: 12), health: (hp: 40, rp: 3), {saves}, {BLADE}, {fireball}),
        (id: "bob", side: "b", at: (6, 0), speed: (land: 30), defenses: (eac: 10, kac: 12), health: (hp: 40, rp: 3), {saves}, {BLADE}),
        (id: "carl", side: "b", at: (7, 1), speed: (land: 30), defenses: (eac: 10, kac: 12), health: (hp: 40, rp: 3), {saves}, {BLADE}),
        (id: "dee", side: "b", at: (12, 0), speed: (land: 30), defenses: (eac: 10, kac: 12), health: (hp: 40, rp: 3), {BLADE}),
    ])"##
    );
    battle(&text, dice)
}

fn aimed(spell: &str, at: (i32, i32), dir: Option<fivefoot::grid::Direction8>) -> GameCommand {
    GameCommand::CastSpell(cmd::CastSpell {
        unit: "ann".into(),
        spell: spell.into(),
        at: Some(fivefoot::grid::Intersection::new(at.0, at.1)),
        dir,
        squares: vec![],
    })
}

fn hp(b: &Battle, unit: &str) -> u32 {
    match UnitSnapshot::of(b.world(), &unit.into()).expect("unit").health {
        fivefoot::rules::Health::StaminaHitPointsResolve { hp, .. } => hp,
        other => panic!("{other:?}"),
    }
}

/// §19 AREA-1, AREA-5 (001:419-421): a spell's burst goes off where it is aimed, with no
/// attack roll; each creature caught saves with Reflex against the spell's DC, a success
/// taking half of the damage rolled once. bob saves (15 + 2 ≥ 15) and takes 3 of 7; carl
/// fails (5 + 2) and takes 7.
#[test]
fn sf_area_5_a_spell_burst_is_saved_against_for_half() {
    let mut b = blast_battle(&[20, 1, 2, 3, 15, 5, 3, 4]);
    let events = ok(&mut b, aimed("Fireball", (7, 1), None));
    let outcome = events
        .iter()
        .find_map(|e| match e {
            GameEvent::Area(AreaEvent::AreaResolved { area, context, .. }) if context == "spell" => Some(area.clone()),
            _ => None,
        })
        .expect("the spell's area resolves");
    assert!(outcome.placement.is_none() && outcome.scatter.is_none());
    let shares: Vec<(String, bool, u32)> = outcome
        .targets
        .iter()
        .map(|t| (t.unit.0.clone(), t.save.as_ref().is_some_and(|s| s.success), t.dealt))
        .collect();
    assert_eq!(
        shares,
        vec![("bob".to_string(), true, 3), ("carl".to_string(), false, 7)]
    );
    assert_eq!((hp(&b, "bob"), hp(&b, "carl")), (37, 33));
    assert_eq!(uses_left(&b, "Fireball"), Some(0));
}

/// AREA-1: the area's point must be in the spell's range and given; a cone starts at a
/// corner of the caster's square and needs a direction; a spell whose area could catch a
/// creature without saves is refused before any die is rolled.
#[test]
fn sf_area_1_spell_areas_are_aimed_in_range_and_at_saving_creatures() {
    use fivefoot::grid::Direction8;
    let mut b = blast_battle(&[20, 1, 2, 3]);
    let far = b
        .submit(aimed("Fireball", (12, 1), None))
        .expect_err("45 ft: beyond 40 ft");
    assert!(far.to_string().contains("range"), "{far}");
    let no_saves = b.submit(aimed("Fireball", (11, 1), None)).expect_err("dee cannot save");
    assert!(no_saves.to_string().contains("dee"), "{no_saves}");
    let bare = b.submit(cast("Fireball")).expect_err("no point");
    assert!(bare.to_string().contains("`at: Some"), "{bare}");
    let off_corner = b
        .submit(aimed("Cone of Cold", (5, 0), Some(Direction8::E)))
        .expect_err("not a corner");
    assert!(off_corner.to_string().contains("corner"), "{off_corner}");
    let events = ok(&mut b, aimed("Cone of Cold", (3, 1), Some(Direction8::E)));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Area(AreaEvent::AreaResolved { .. })))
    );
}

/// §19.1 shapeable areas (001:3302-3307): the caster gives the squares, as many as the open
/// template holds (a 5-ft burst: 4), none in a strip narrower than 10 ft; the area catches
/// who stands in them. bob at (6, 0) and carl at (7, 1) are both in the 2 × 2 block
/// (6..=7, 0..=1); a 1 × 4 strip is refused, and so is a spell that is not shapeable.
#[test]
fn sf_area_s_a_shapeable_spell_takes_the_casters_squares() {
    use fivefoot::grid::{Intersection, Square};
    let shaped = |squares: Vec<Square>| {
        GameCommand::CastSpell(cmd::CastSpell {
            unit: "ann".into(),
            spell: "Wall of Fire".into(),
            at: Some(Intersection::new(6, 0)),
            dir: None,
            squares,
        })
    };
    let mut b = blast_battle(&[20, 1, 2, 3, 10, 10, 4]);
    let strip = (4..8).map(|x| Square::new(x, 0)).collect();
    let thin = b.submit(shaped(strip)).expect_err("a strip is under 10 ft wide");
    assert!(thin.to_string().contains("10 ft"), "{thin}");
    let mut not_shapeable = aimed("Fireball", (7, 1), None);
    if let GameCommand::CastSpell(cmd::CastSpell { squares, .. }) = &mut not_shapeable {
        *squares = vec![Square::new(6, 0)];
    }
    let why = b.submit(not_shapeable).expect_err("Fireball cannot be shaped");
    assert!(why.to_string().contains("cannot be shaped"), "{why}");
    let block = vec![
        Square::new(6, 0),
        Square::new(7, 0),
        Square::new(6, 1),
        Square::new(7, 1),
    ];
    let events = ok(&mut b, shaped(block.clone()));
    let outcome = events
        .iter()
        .find_map(|e| match e {
            GameEvent::Area(AreaEvent::AreaResolved { area, .. }) => Some(area.clone()),
            _ => None,
        })
        .expect("the shaped area resolves");
    assert_eq!(outcome.squares, block);
    let caught: Vec<&str> = outcome.targets.iter().map(|t| t.unit.0.as_str()).collect();
    assert_eq!(caught, vec!["bob", "carl"]);
}
