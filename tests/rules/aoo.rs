//! Attacks of opportunity provoked by actions (§8.2, AOO-1): worked examples WE-11 and WE-12.

use super::support::*;
use fivefoot::rules::reactions::opportunity::provoked_by;
use fivefoot::rules::{ReactionEvent, cmd};
use fivefoot::ruleset::AooTrigger;
use fivefoot::testing::battle;

/// A starfinder battle with the ksarik (`K`, reach 10 ft) and a hero (`H`), walls `#`, in
/// which the ksarik has already acted (so it can react).
fn layout(rows: &[&str]) -> fivefoot::history::Battle {
    let mut units = Vec::new();
    let mut clean = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let (id, side, reach) = match c {
                'K' => ("ksarik", "b", 10),
                'H' => ("hero", "a", 5),
                _ => continue,
            };
            units.push(format!(
                r#"(id: "{id}", side: "{side}", at: ({x}, {y}), speed: (land: 30), defenses: (eac: 12, kac: 14), health: (hp: 50, rp: 3),
                   weapons: [(name: "Claw", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing], reach: {reach}),
                             (name: "Pistol", kind: Ranged, attack: 5, damage: "1d4", damage_types: [Fire], range_increment: 30)])"#
            ));
        }
        clean.push(format!("\"{}\"", row.replace(['K', 'H'], ".")));
    }
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (rows: [{}], legend: {{ '.': (terrain: Floor), '#': (terrain: Wall) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}])"##,
        clean.join(", "),
        units.join(", ")
    );
    // Units roll in id order (hero, ksarik): the ksarik acts first.
    let mut b = battle(&text, &[1, 20]);
    let first = active(&b).unwrap();
    fivefoot::testing::ok(&mut b, end_turn(&first));
    b
}

/// WE-11 (001:1654-1660, 1121-1123): adjacent with nothing between, a ranged attack by
/// Altronus provokes the ksarik.
#[test]
fn we_11_a_ranged_attack_next_to_the_ksarik_provokes_it() {
    let b = layout(&["....", ".HK.", "...."]);
    assert_eq!(
        provoked_by(b.world(), &"hero".into(), AooTrigger::RangedAttack),
        vec!["ksarik".into()]
    );
}

/// WE-12 (001:1661-1668, 1708-1710): every line between Obozaya and the ksarik passes through
/// or along a wall's border, so each has cover from the other and her ranged attack provokes
/// nothing.
#[test]
fn we_12_cover_stops_the_attack_of_opportunity() {
    let b = layout(&["....", ".#K.", ".H#.", "...."]);
    assert!(provoked_by(b.world(), &"hero".into(), AooTrigger::RangedAttack).is_empty());
    // Without the walls the same positions provoke.
    let open = layout(&["....", "..K.", ".H..", "...."]);
    assert_eq!(
        provoked_by(open.world(), &"hero".into(), AooTrigger::RangedAttack).len(),
        1
    );
}

/// §8.2 saga: a ranged attack is not a listed trigger.
#[test]
fn saga_ranged_attacks_do_not_provoke() {
    let b = layout(&["....", ".HK.", "...."]);
    let rules = b.world().resource::<fivefoot::ruleset::Ruleset>();
    assert!(
        rules.aoo.triggers.contains(&AooTrigger::RangedAttack),
        "starfinder lists it"
    );
    let saga = fivefoot::ruleset::load_embedded(fivefoot::ruleset::Family::Saga).unwrap();
    assert!(!saga.aoo.triggers.contains(&AooTrigger::RangedAttack));
}

fn step_away() -> fivefoot::rules::GameCommand {
    fivefoot::rules::GameCommand::Move(cmd::Move {
        unit: "hero".into(),
        to: fivefoot::grid::Square::new(0, 1),
        path: None,
        mode: fivefoot::rules::MoveMode::Move,
    })
}

fn pistol_shot() -> fivefoot::rules::GameCommand {
    fivefoot::rules::GameCommand::Attack(cmd::Attack {
        unit: "hero".into(),
        target: "ksarik".into(),
        weapon: Some("Pistol".into()),
        defensively: false,
        mount: None,
    })
}

fn decline(then: fivefoot::rules::GameCommand) -> fivefoot::rules::GameCommand {
    fivefoot::rules::GameCommand::Decline(cmd::Decline {
        reactors: vec!["ksarik".into()],
        then: Box::new(then),
    })
}

/// Who attacked whom with an attack of opportunity, and who passed one up and why.
fn reactions(events: &[fivefoot::rules::GameEvent]) -> (Vec<String>, Vec<String>) {
    use fivefoot::rules::GameEvent;
    let taken = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { reactor, .. }) => Some(reactor.0.clone()),
            _ => None,
        })
        .collect();
    let declined = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Reaction(ReactionEvent::AooDeclined { reactor, reason, .. }) => {
                Some(format!("{reactor}: {reason}"))
            }
            _ => None,
        })
        .collect();
    (taken, declined)
}

/// AOO-1: by default (Always) the reactor takes the attack of opportunity it is offered.
#[test]
fn aoo_1_by_default_the_reactor_takes_its_attack_of_opportunity() {
    let mut b = layout(&["....", ".HK.", "...."]);
    let events = fivefoot::testing::ok(&mut b, step_away());
    assert_eq!(reactions(&events), (vec!["ksarik".to_string()], vec![]));
    assert_eq!(attack_rolls(&events).len(), 1);
}

/// AOO-1 ("may make"): a declined reactor makes no attack, the log says so, and it has not
/// used its one attack of opportunity for the round (starfinder): the next provocation in
/// the same turn is taken.
#[test]
fn aoo_1_a_declined_reactor_passes_up_the_attack_and_keeps_its_reaction() {
    let mut b = layout(&["....", ".HK.", "...."]);
    let events = fivefoot::testing::ok(&mut b, decline(pistol_shot()));
    assert_eq!(reactions(&events), (vec![], vec!["ksarik: declined".to_string()]));
    let rolls = attack_rolls(&events);
    assert_eq!(rolls.len(), 1, "only the hero's shot: {rolls:?}");
    let events = fivefoot::testing::ok(&mut b, step_away());
    assert_eq!(reactions(&events), (vec!["ksarik".to_string()], vec![]));
    // The decline is part of the record: a replay takes exactly the same attacks.
    let commands = b.commands().to_vec();
    assert!(matches!(
        commands[1],
        fivefoot::rules::GameCommand::Decline(cmd::Decline { .. })
    ));
    let again = fivefoot::history::Battle::load(&b.save(), &fivefoot::scenario::Templates::shipped()).expect("replays");
    assert_eq!(again.state_hash(), b.state_hash());
}

/// AOO-1: a unit set to Never takes no attack of opportunity; setting it costs no action and
/// may be given outside the unit's turn.
#[test]
fn aoo_1_a_reactor_set_to_never_takes_none() {
    use fivefoot::rules::{GameCommand, GameEvent, ReactionMode};
    let mut b = layout(&["....", ".HK.", "...."]);
    let set = GameCommand::SetReactions(cmd::SetReactions {
        unit: "ksarik".into(),
        mode: ReactionMode::Never,
    });
    let events = fivefoot::testing::ok(&mut b, set);
    assert_eq!(
        events,
        vec![GameEvent::Reaction(ReactionEvent::ReactionsSet {
            unit: "ksarik".into(),
            mode: ReactionMode::Never
        })]
    );
    let events = fivefoot::testing::ok(&mut b, step_away());
    assert_eq!(
        reactions(&events),
        (vec![], vec!["ksarik: never takes attacks of opportunity".to_string()])
    );
    assert!(attack_rolls(&events).is_empty());
    // Ask is Always to the rules: only a Decline passes the attack up.
    let mut b = layout(&["....", ".HK.", "...."]);
    fivefoot::testing::ok(
        &mut b,
        GameCommand::SetReactions(cmd::SetReactions {
            unit: "ksarik".into(),
            mode: ReactionMode::Ask,
        }),
    );
    let events = fivefoot::testing::ok(&mut b, step_away());
    assert_eq!(reactions(&events).0, vec!["ksarik".to_string()]);
}

/// A Decline names units and wraps one plain command; the wrapped command's own check applies.
#[test]
fn a_decline_is_checked_like_the_command_it_wraps() {
    use fivefoot::rules::{GameCommand, RuleError, check};
    let b = layout(&["....", ".HK.", "...."]);
    let unknown = GameCommand::Decline(cmd::Decline {
        reactors: vec!["nobody".into()],
        then: Box::new(step_away()),
    });
    assert_eq!(check(b.world(), &unknown), Err(RuleError::UnknownUnit("nobody".into())));
    assert!(check(b.world(), &decline(decline(step_away()))).is_err());
    let not_my_turn = decline(end_turn("ksarik"));
    assert_eq!(
        check(b.world(), &not_my_turn),
        check(b.world(), &end_turn("ksarik")),
        "the wrapped command's refusal"
    );
    // Scripts write it in RON; scripts without it still parse.
    let script = r#"[Decline(reactors: ["ksarik"], then: Move(unit: "hero", to: (0, 1))), SetReactions(unit: "ksarik", mode: Ask)]"#;
    let commands: Vec<GameCommand> = fivefoot::scenario::ron_options().from_str(script).unwrap();
    assert_eq!(commands[0], decline(step_away()));
}
