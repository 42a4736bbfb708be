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

// d20 SRD spellcasting on the grid (docs/d20-spells.md, SPL-SRD-1..5): the seed is silent,
// so the SRD's "Casting Spells", "Aiming a Spell" and Concentration skill.

/// ann the caster at (2, 0), bob with a blade (+10) at `bob_x`, 0 (3 = adjacent), both AC 12
/// and 40 hp; `extra` adds fields to ann (spells, skills, abilities). bob wins initiative and
/// passes, so he has acted and may make attacks of opportunity.
fn srd_duel(extra: &str, bob_x: i32, dice: &[u32]) -> Battle {
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "d20_srd",
    map: (rows: ["........", "........"], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "ann", side: "a", at: (2, 0), speed: (land: 30), defenses: (ac: 12), health: (hp: 40), {BLADE}, {extra}),
        (id: "bob", side: "b", at: ({bob_x}, 0), speed: (land: 30), defenses: (ac: 12), health: (hp: 40), {BLADE}),
    ])"##
    );
    let mut b = battle(&text, dice);
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: "bob".into() }));
    b
}

/// A 3rd-level spell with two uses, a Concentration bonus of +5.
const BOLT: &str = r#"spells: [(name: "Hold Person", level: 3, uses: 2)], skills: (concentration: 5)"#;

fn concentration(events: &[GameEvent]) -> Vec<(u32, u32, fivefoot::rules::D20Check)> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Area(AreaEvent::ConcentrationChecked {
                damage,
                spell_level,
                check,
                ..
            }) => Some((*damage, *spell_level, check.clone())),
            _ => None,
        })
        .collect()
}

fn was_cast(events: &[GameEvent]) -> bool {
    events
        .iter()
        .any(|e| matches!(e, GameEvent::Area(AreaEvent::SpellCast { .. })))
}

fn was_lost(events: &[GameEvent]) -> bool {
    events
        .iter()
        .any(|e| matches!(e, GameEvent::Area(AreaEvent::SpellLost { .. })))
}

/// SPL-SRD-2, SPL-SRD-3: bob threatens ann, so casting provokes; his attack hits (15 + 10 vs
/// AC 12) for 4, and ann checks Concentration against DC 10 + 4 + 3 = 17: d20 12 + 5 = 17
/// keeps the spell, which is cast and spends its use.
#[test]
fn spl_srd_3_a_damaging_aoo_calls_for_concentration_and_a_success_keeps_the_spell() {
    let mut b = srd_duel(BOLT, 3, &[1, 20, 15, 4, 12]);
    let events = ok(&mut b, cast("Hold Person"));
    assert_eq!(aoo_count(&events), 1);
    let checks = concentration(&events);
    assert_eq!(checks.len(), 1, "{events:?}");
    let (damage, level, check) = &checks[0];
    assert_eq!((*damage, *level), (4, 3));
    assert_eq!(check.roll.result, 12);
    assert_eq!(check.dc, Some(17));
    assert_eq!(check.total, 17);
    assert!(check.success);
    assert_eq!(check.modifiers.len(), 1);
    assert_eq!(
        (check.modifiers[0].value, check.modifiers[0].source.as_str()),
        (5, "Concentration")
    );
    assert!(was_cast(&events) && !was_lost(&events), "{events:?}");
    assert_eq!(uses_left(&b, "Hold Person"), Some(1));
    let srd = fivefoot::ruleset::load_embedded(fivefoot::ruleset::Family::D20Srd).expect("d20_srd");
    let line = events
        .iter()
        .find_map(|e| match e {
            GameEvent::Area(a @ AreaEvent::ConcentrationChecked { .. }) => Some(a.narrate(&srd)),
            _ => None,
        })
        .expect("the check is logged");
    assert!(
        line.contains("d20 12 +5 (Concentration) = 17 vs DC 17: success"),
        "{line}"
    );
}

/// SPL-SRD-3: d20 11 + 5 = 16 misses DC 17: the spell is lost, its use spent, and nothing
/// is cast.
#[test]
fn spl_srd_3_a_failed_concentration_check_loses_the_spell() {
    let mut b = srd_duel(BOLT, 3, &[1, 20, 15, 4, 11]);
    let events = ok(&mut b, cast("Hold Person"));
    let checks = concentration(&events);
    assert_eq!(checks.len(), 1);
    assert!(!checks[0].2.success && checks[0].2.total == 16);
    assert!(
        events.iter().any(|e| matches!(e,
            GameEvent::Area(AreaEvent::SpellLost { spell, by, uses_left: Some(1), .. }) if spell == "Hold Person" && by.0 == "bob")),
        "{events:?}"
    );
    assert!(!was_cast(&events));
    assert_eq!(uses_left(&b, "Hold Person"), Some(1));
}

/// SPL-SRD-2: casting while threatened provokes, but an attack that misses (a natural 1)
/// deals no damage, so no check is made and the spell is cast.
#[test]
fn spl_srd_2_casting_while_threatened_provokes_and_a_miss_needs_no_check() {
    let mut b = srd_duel(BOLT, 3, &[1, 20, 1]);
    let events = ok(&mut b, cast("Hold Person"));
    assert_eq!(aoo_count(&events), 1);
    assert!(concentration(&events).is_empty());
    assert!(was_cast(&events));
}

/// SPL-SRD-2: no foe threatens ann (bob is 15 ft away), so casting provokes nothing.
#[test]
fn spl_srd_2_casting_unthreatened_does_not_provoke() {
    let mut b = srd_duel(BOLT, 6, &[1, 20]);
    let events = ok(&mut b, cast("Hold Person"));
    assert_eq!(aoo_count(&events), 0);
    assert!(concentration(&events).is_empty());
    assert!(was_cast(&events));
}

/// SPL-SRD-4: a caster without a Concentration bonus rolls its Con modifier (+2 here, the
/// skill used untrained); a spell without a `level` is a 0-level one: DC 10 + 4 + 0 = 14.
/// d20 12 + 2 = 14 keeps it.
#[test]
fn spl_srd_4_untrained_concentration_rolls_the_con_modifier() {
    let extra = r#"spells: [(name: "Daze")], abilities: (str: 0, dex: 0, con: 2, int: 0, wis: 0, cha: 0)"#;
    let mut b = srd_duel(extra, 3, &[1, 20, 15, 4, 12]);
    let events = ok(&mut b, cast("Daze"));
    let checks = concentration(&events);
    assert_eq!(checks.len(), 1);
    let check = &checks[0].2;
    assert_eq!(check.dc, Some(14));
    assert_eq!(check.modifiers[0].value, 2);
    assert!(check.modifiers[0].source.contains("untrained"), "{:?}", check.modifiers);
    assert!(check.success && was_cast(&events));
}

/// SPL-SRD-1: a spell takes a standard action unless it says otherwise, so a second one in
/// the same turn is refused; SPL-SRD-3 is the ruleset's data (d20_srd checks Concentration,
/// starfinder loses the spell outright).
#[test]
fn spl_srd_1_casting_takes_a_standard_action_and_the_rule_is_data() {
    let mut b = srd_duel(BOLT, 6, &[1, 20]);
    ok(&mut b, cast("Hold Person"));
    assert!(matches!(b.submit(cast("Hold Person")), Err(RuleError::Budget(_))));
    let srd = fivefoot::ruleset::load_embedded(fivefoot::ruleset::Family::D20Srd).expect("d20_srd");
    let casting = srd.spellcasting.expect("d20_srd casts spells");
    assert_eq!(casting.default_action, fivefoot::ruleset::ActionKind::Standard);
    assert!(!casting.lost_when_aoo_damages);
    let rule = casting.concentration.expect("a Concentration check");
    assert_eq!(rule.dc(4, 3), 17);
    let sf = fivefoot::ruleset::load_embedded(fivefoot::ruleset::Family::Starfinder).expect("starfinder");
    let sf = sf.spellcasting.expect("starfinder casts spells");
    assert!(sf.lost_when_aoo_damages && sf.concentration.is_none());
}

/// ann casts from (2, 2) on a 14 × 5 floor; bob, carl and dee stand where given, all with
/// Reflex +2 and 40 hp; ann has the one spell `spell` (DC 15, 2 damage dice).
fn srd_area_battle(spell: &str, bob: (i32, i32), carl: (i32, i32), dee: (i32, i32), dice: &[u32]) -> Battle {
    let saves = "saves: (fortitude: 0, reflex: 2, will: 0)";
    let unit = |id: &str, side: &str, at: (i32, i32)| {
        format!(
            "(id: \"{id}\", side: \"{side}\", at: ({}, {}), speed: (land: 30), defenses: (ac: 12), health: (hp: 40), {saves}, {BLADE})",
            at.0, at.1
        )
    };
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "d20_srd",
    map: (rows: ["..............", "..............", "..............", "..............", ".............."], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "ann", side: "a", at: (2, 2), speed: (land: 30), defenses: (ac: 12), health: (hp: 40), {saves}, {BLADE}, spells: [{spell}]),
        {}, {}, {},
    ])"##,
        unit("bob", "b", bob),
        unit("carl", "b", carl),
        unit("dee", "b", dee),
    );
    battle(&text, dice)
}

/// Who the area caught, whether each saved, and the damage each took.
fn caught_by(events: &[GameEvent]) -> Vec<(String, bool, u32)> {
    let outcome = events
        .iter()
        .find_map(|e| match e {
            GameEvent::Area(AreaEvent::AreaResolved { area, context, .. }) if context == "spell" => Some(area.clone()),
            _ => None,
        })
        .expect("the spell's area resolves");
    assert!(outcome.placement.is_none(), "a spell's area needs no attack roll");
    outcome
        .targets
        .iter()
        .map(|t| (t.unit.0.clone(), t.save.as_ref().is_some_and(|s| s.success), t.dealt))
        .collect()
}

/// Initiative (ann first), bob's Reflex save 15 + 2 (saved), carl's 5 + 2 (failed), damage 3 + 4.
const AREA_DICE: [u32; 8] = [20, 1, 2, 3, 15, 5, 3, 4];

/// SPL-SRD-5 (AREA-1, AREA-5): a burst and a spread centred 35 ft away catch bob on the
/// point's square and carl touching it, not dee 15 ft beyond the 10-ft radius; bob saves
/// with Reflex and takes half of 7 (3), carl fails and takes 7.
#[test]
fn spl_srd_5_a_burst_or_spread_spell_catches_the_units_in_its_radius_reflex_half() {
    for shape in ["Burst", "Spread"] {
        let spell = format!(
            r#"(name: "Ball", level: 3, effect: (area: (shape: {shape}, size_ft: 10), damage: "2d6", damage_types: [Fire], save_dc: 15, range_ft: 100))"#
        );
        let mut b = srd_area_battle(&spell, (9, 2), (8, 1), (12, 2), &AREA_DICE);
        let events = ok(&mut b, aimed("Ball", (9, 2), None));
        assert_eq!(
            caught_by(&events),
            vec![("bob".to_string(), true, 3), ("carl".to_string(), false, 7)],
            "{shape}"
        );
    }
}

/// SPL-SRD-5: a 15-ft cone east from ann's top-right corner catches bob and carl within 15 ft
/// in its quarter, not dee 25 ft away; Reflex half as above.
#[test]
fn spl_srd_5_a_cone_spell_catches_the_units_in_its_cone_reflex_half() {
    let spell = r#"(name: "Burning Hands", level: 1, effect: (area: (shape: Cone, size_ft: 15), damage: "2d4", damage_types: [Fire], save_dc: 15))"#;
    let mut b = srd_area_battle(spell, (5, 2), (4, 1), (7, 2), &AREA_DICE);
    let events = ok(
        &mut b,
        aimed("Burning Hands", (3, 2), Some(fivefoot::grid::Direction8::E)),
    );
    assert_eq!(
        caught_by(&events),
        vec![("bob".to_string(), true, 3), ("carl".to_string(), false, 7)]
    );
}

/// SPL-SRD-5: a 120-ft line east from ann's top-right corner runs along her own row and
/// catches bob and carl in it, not dee one row up; Reflex half as above.
#[test]
fn spl_srd_5_a_line_spell_catches_the_units_in_its_row_reflex_half() {
    let spell = r#"(name: "Lightning Bolt", level: 3, effect: (area: (shape: Line, size_ft: 120), damage: "2d6", damage_types: [Electricity], save_dc: 15))"#;
    let mut b = srd_area_battle(spell, (6, 2), (10, 2), (8, 1), &AREA_DICE);
    let events = ok(
        &mut b,
        aimed("Lightning Bolt", (3, 2), Some(fivefoot::grid::Direction8::E)),
    );
    assert_eq!(
        caught_by(&events),
        vec![("bob".to_string(), true, 3), ("carl".to_string(), false, 7)]
    );
}

/// SPL-SRD-5 in play: in the shipped Gatehouse (d20_srd), the computer playing both sides
/// has its wizard cast its area spells at the raiders, each going off through the rules.
#[test]
fn spl_srd_5_the_gatehouse_wizard_casts_its_area_spells_in_play() {
    use fivefoot::ai::{Policy, acting_side, next_command_with, referee_command};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/d20_srd_gatehouse.ron");
    let mut b = fivefoot::history::open_file(&path, Some(1), &[]).expect("the gatehouse opens");
    let mut cast = Vec::new();
    for _ in 0..400 {
        if b.outcome().over || b.world().resource::<fivefoot::rules::Combat>().round > 3 {
            break;
        }
        let command = match acting_side(&b) {
            Some(side) => next_command_with(&b, &side, Policy::Normal),
            None => referee_command(&b),
        }
        .expect("someone acts");
        let events = b.submit(command).expect("the computer's commands are legal");
        cast.extend(events.iter().filter_map(|e| match e {
            GameEvent::Area(AreaEvent::SpellCast { unit, spell, .. }) => Some((unit.0.clone(), spell.clone())),
            _ => None,
        }));
    }
    assert!(cast.iter().any(|(unit, _)| unit == "wizard"), "{cast:?}");
}

/// SPL-SRD-3 (reading, docs/d20-spells.md): a caster the attack of opportunity drops (4
/// damage to 3 hp) cannot finish the spell: it is lost without a Concentration check.
#[test]
fn spl_srd_3_a_caster_the_aoo_drops_loses_the_spell_without_a_check() {
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "d20_srd",
    map: (rows: ["........", "........"], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "ann", side: "a", at: (2, 0), speed: (land: 30), defenses: (ac: 12), health: (hp: 3), {BLADE}, {BOLT}),
        (id: "bob", side: "b", at: (3, 0), speed: (land: 30), defenses: (ac: 12), health: (hp: 40), {BLADE}),
    ])"##
    );
    let mut b = battle(&text, &[1, 20, 15, 4]);
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: "bob".into() }));
    let events = ok(&mut b, cast("Hold Person"));
    assert!(concentration(&events).is_empty(), "{events:?}");
    assert!(was_lost(&events) && !was_cast(&events), "{events:?}");
}
