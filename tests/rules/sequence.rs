//! Combat sequence (RULES.md §3): surprise, initiative and ties, delay, ready, durations,
//! late joiners. Worked examples WE-29 to WE-32.

use super::support::*;
use fivefoot::rules::{Combat, GameCommand, GameEvent, StartFlatFooted, UnitId, UnitIndex};
use fivefoot::rules::{ReactionEvent, SequenceEvent, cmd};
use fivefoot::ruleset::ActionKind;
use fivefoot::testing::{battle, ok, skirmish, unaware, unit};

fn flat_footed(b: &fivefoot::history::Battle, id: &str) -> bool {
    let e = b.world().resource::<UnitIndex>().0[&UnitId::from(id)];
    b.world().get::<StartFlatFooted>(e).is_some()
}

/// WE-29 (SEQ-5): a 1-round effect created on count 14 ends just before count 14 of the next round.
#[test]
fn we_29_one_round_duration_ends_before_its_count_next_round() {
    let text = skirmish(
        "starfinder",
        &[unit("a1", "a", 0), unit("a2", "a", 0), unit("b1", "b", 0)],
    );
    // Rolls in id order: a1 20, a2 8, b1 14.
    let mut b = battle(&text, &[20, 8, 14]);
    assert_eq!(order(&b), vec![("a1".into(), 20), ("b1".into(), 14), ("a2".into(), 8)]);
    ok(&mut b, end_turn("a1"));
    let started = ok(
        &mut b,
        GameCommand::TrackEffect(cmd::TrackEffect {
            source: "b1".into(),
            target: "a1".into(),
            name: "covering fire".into(),
            rounds: 1,
            condition: None,
            damage: None,
        }),
    );
    assert!(matches!(
        &started[0],
        GameEvent::Sequence(SequenceEvent::EffectStarted {
            count: 14,
            round: 1,
            ..
        })
    ));
    ok(&mut b, end_turn("b1"));
    ok(&mut b, end_turn("a2"));
    assert_eq!((round(&b), active(&b).as_deref()), (2, Some("a1")));
    assert_eq!(
        b.world().resource::<Combat>().effects.len(),
        1,
        "still active on count 20 of round 2"
    );
    let events = ok(&mut b, end_turn("a1"));
    let ended = events
        .iter()
        .position(|e| matches!(e, GameEvent::Sequence(SequenceEvent::EffectEnded { .. })))
        .expect("effect ends");
    let b1_turn = events
        .iter()
        .position(|e| matches!(e, GameEvent::Sequence(SequenceEvent::TurnStarted { unit, .. }) if unit.0 == "b1"))
        .unwrap();
    assert!(ended < b1_turn, "it ends before the count-14 creature acts");
    assert!(b.world().resource::<Combat>().effects.is_empty());
}

/// WE-30 (SEQ-8, saga): Vor'en (22) delays, acts right after Deel (14) and keeps count 13.
#[test]
fn we_30_saga_delay_gives_the_count_after_the_finisher_minus_one() {
    let text = skirmish(
        "saga",
        &[unit("voren", "a", 2), unit("deel", "a", 4), unit("raider", "b", 0)],
    );
    // Rolls in id order: deel 10+4, raider 5, voren 20+2.
    let mut b = battle(&text, &[10, 5, 20]);
    assert_eq!(
        order(&b),
        vec![("voren".into(), 22), ("deel".into(), 14), ("raider".into(), 5)]
    );
    ok(&mut b, GameCommand::Delay(cmd::Delay { unit: "voren".into() }));
    assert_eq!(active(&b).as_deref(), Some("deel"));
    ok(&mut b, act("deel", ActionKind::Standard));
    let events = ok(&mut b, end_turn("deel"));
    assert!(matches!(
        events.last(),
        Some(GameEvent::Sequence(SequenceEvent::DelayWindowOpened { .. }))
    ));
    let refused = b.submit(end_turn("raider"));
    assert!(refused.is_err(), "the next unit waits for the delaying unit's choice");
    ok(&mut b, GameCommand::ActNow(cmd::ActNow { unit: "voren".into() }));
    assert_eq!(active(&b).as_deref(), Some("voren"));
    assert_eq!(
        order(&b),
        vec![("deel".into(), 14), ("voren".into(), 13), ("raider".into(), 5)]
    );
    ok(&mut b, act("voren", ActionKind::Move));
    ok(&mut b, act("voren", ActionKind::Standard));
    ok(&mut b, end_turn("voren"));
    ok(&mut b, end_turn("raider"));
    assert_eq!((round(&b), active(&b).as_deref()), (2, Some("deel")));
    ok(&mut b, end_turn("deel"));
    assert_eq!(active(&b).as_deref(), Some("voren"), "13 for the rest of the battle");
}

/// WE-31 (SEQ-9, saga): both readied actions fire on the Tuskens' count 7; from then on
/// Kelko and Sia-Lan act on 7, before the Tuskens.
#[test]
fn we_31_saga_ready_moves_the_readiers_before_the_trigger() {
    let text = skirmish(
        "saga",
        &[
            unit("kelko", "a", 0),
            unit("sialan", "a", 0),
            unit("tusken1", "b", 1),
            unit("tusken2", "b", 0),
        ],
    );
    let mut b = battle(&text, &[14, 10, 6, 7]);
    assert_eq!(
        order(&b),
        vec![
            ("kelko".into(), 14),
            ("sialan".into(), 10),
            ("tusken1".into(), 7),
            ("tusken2".into(), 7)
        ]
    );
    let ready = |u: &str, t: &str| {
        GameCommand::Ready(cmd::Ready {
            unit: u.into(),
            action: ActionKind::Standard,
            trigger: t.into(),
        })
    };
    ok(&mut b, ready("kelko", "shoot the first Tusken that attacks"));
    ok(&mut b, end_turn("kelko"));
    ok(&mut b, act("sialan", ActionKind::Move));
    ok(&mut b, ready("sialan", "strike any foe that comes within 1 square"));
    ok(&mut b, end_turn("sialan"));
    assert_eq!(active(&b).as_deref(), Some("tusken1"));
    let fired = ok(
        &mut b,
        GameCommand::FireReadied(cmd::FireReadied { unit: "kelko".into() }),
    );
    assert!(matches!(
        &fired[0],
        GameEvent::Sequence(SequenceEvent::ReadiedActionFired { new_count: 7, .. })
    ));
    assert_eq!(
        active(&b).as_deref(),
        Some("kelko"),
        "Kelko's readied shot takes place now"
    );
    assert!(
        b.submit(act("tusken1", ActionKind::Standard)).is_err(),
        "the Tusken waits for it"
    );
    assert!(
        b.submit(act("kelko", ActionKind::Full)).is_err(),
        "only the readied standard action"
    );
    ok(&mut b, act("kelko", ActionKind::Standard));
    assert!(b.submit(act("kelko", ActionKind::Swift)).is_err(), "and nothing more");
    let done = ok(&mut b, end_turn("kelko"));
    assert!(
        matches!(
            &done[..],
            [GameEvent::Sequence(SequenceEvent::ReadiedActionDone { .. })]
        ),
        "ending it ends nothing else"
    );
    assert_eq!(active(&b).as_deref(), Some("tusken1"));
    ok(&mut b, act("tusken1", ActionKind::Move));
    ok(
        &mut b,
        GameCommand::FireReadied(cmd::FireReadied { unit: "sialan".into() }),
    );
    ok(&mut b, act("sialan", ActionKind::Standard));
    ok(&mut b, end_turn("sialan"));
    assert_eq!(
        order(&b),
        vec![
            ("kelko".into(), 7),
            ("sialan".into(), 7),
            ("tusken1".into(), 7),
            ("tusken2".into(), 7)
        ]
    );
    assert_eq!(active(&b).as_deref(), Some("tusken1"), "the Tusken's turn goes on");
    ok(&mut b, end_turn("tusken1"));
    ok(&mut b, end_turn("tusken2"));
    assert_eq!((round(&b), active(&b).as_deref()), (2, Some("kelko")));
}

/// §3.5 expiry: a readied action is lost when the readier's next turn comes first.
#[test]
fn a_readied_action_is_lost_when_the_next_turn_comes() {
    let text = skirmish("starfinder", &[unit("a1", "a", 0), unit("b1", "b", 0)]);
    let mut b = battle(&text, &[15, 5]);
    ok(
        &mut b,
        GameCommand::Ready(cmd::Ready {
            unit: "a1".into(),
            action: ActionKind::Standard,
            trigger: "door opens".into(),
        }),
    );
    ok(&mut b, end_turn("a1"));
    let events = ok(&mut b, end_turn("b1"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Sequence(SequenceEvent::ReadiedActionLost { .. })))
    );
    assert!(
        b.submit(GameCommand::FireReadied(cmd::FireReadied { unit: "a1".into() }))
            .is_err()
    );
}

/// WE-32 (SEQ-1, §3.2 saga): a surprise round in which the Jawas and Sia-Lan each take one
/// action (standard, move or swift); the other heroes act from the first regular round.
#[test]
fn we_32_saga_surprise_round_gives_the_aware_one_action() {
    let surprised = |id| unaware(id, "a");
    let text = skirmish(
        "saga",
        &[
            unit("jawa1", "b", 0),
            unit("jawa2", "b", 0),
            unit("sialan", "a", 0),
            surprised("han"),
            surprised("luke"),
        ],
    );
    // Aware units roll first (jawa1, jawa2, sialan), the others after the surprise round.
    let mut b = battle(&text, &[15, 12, 9, 18, 3]);
    assert_eq!(round(&b), 0);
    assert_eq!(order(&b).len(), 3, "only the aware have rolled");
    assert!(
        flat_footed(&b, "han") && flat_footed(&b, "jawa1"),
        "saga: everyone starts flat-footed"
    );
    assert_eq!(active(&b).as_deref(), Some("jawa1"));
    ok(&mut b, act("jawa1", ActionKind::Standard));
    assert!(b.submit(act("jawa1", ActionKind::Swift)).is_err(), "one action only");
    assert!(!flat_footed(&b, "jawa1"), "acting ends flat-footedness");
    ok(&mut b, end_turn("jawa1"));
    ok(&mut b, act("jawa2", ActionKind::Move));
    ok(&mut b, end_turn("jawa2"));
    assert!(
        b.submit(act("sialan", ActionKind::Full)).is_err(),
        "no full-round action in the surprise round"
    );
    ok(&mut b, act("sialan", ActionKind::Swift));
    let events = ok(&mut b, end_turn("sialan"));
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Sequence(SequenceEvent::RoundStarted {
            round: 1,
            surprise: false
        })
    )));
    assert_eq!(
        order(&b),
        vec![
            ("han".into(), 18),
            ("jawa1".into(), 15),
            ("jawa2".into(), 12),
            ("sialan".into(), 9),
            ("luke".into(), 3)
        ]
    );
    assert_eq!(active(&b).as_deref(), Some("han"));
    ok(&mut b, act("han", ActionKind::Standard));
    ok(&mut b, act("han", ActionKind::Move));
    ok(&mut b, act("han", ActionKind::Swift));
}

/// §3.2 starfinder: everyone rolls at the start; only the surprised are flat-footed; the
/// surprise turn allows a standard or a move action plus swift actions.
#[test]
fn starfinder_surprise_round_allows_one_standard_or_move_plus_swift() {
    let text = skirmish("starfinder", &[unit("a1", "a", 0), unaware("b1", "b")]);
    let mut b = battle(&text, &[5, 15]);
    assert_eq!(
        order(&b),
        vec![("b1".into(), 15), ("a1".into(), 5)],
        "everyone rolled at step 2"
    );
    assert_eq!(
        (round(&b), active(&b).as_deref()),
        (0, Some("a1")),
        "the surprised unit takes no surprise turn"
    );
    assert!(flat_footed(&b, "b1") && !flat_footed(&b, "a1"));
    ok(&mut b, act("a1", ActionKind::Standard));
    ok(&mut b, act("a1", ActionKind::Swift));
    assert!(b.submit(act("a1", ActionKind::Move)).is_err());
    ok(&mut b, end_turn("a1"));
    assert_eq!((round(&b), active(&b).as_deref()), (1, Some("b1")));
    ok(&mut b, act("b1", ActionKind::Move));
    assert!(!flat_footed(&b, "b1"), "aware and acted");
}

/// §3.2 d20_srd: every combatant starts flat-footed; the surprise turn is one standard or move action.
#[test]
fn d20_srd_surprise_round_is_one_standard_or_move_action() {
    let text = skirmish("d20_srd", &[unit("a1", "a", 0), unaware("b1", "b")]);
    let mut b = battle(&text, &[12, 9]);
    assert!(flat_footed(&b, "a1") && flat_footed(&b, "b1"));
    assert_eq!(
        order(&b),
        vec![("a1".into(), 12)],
        "only the aware roll before the surprise round"
    );
    ok(&mut b, act("a1", ActionKind::Move));
    assert!(b.submit(act("a1", ActionKind::Standard)).is_err());
    ok(&mut b, end_turn("a1"));
    assert_eq!(order(&b), vec![("a1".into(), 12), ("b1".into(), 9)]);
}

/// §3.3 tie-break 1: the higher initiative modifier acts first, without a roll-off.
#[test]
fn initiative_ties_go_to_the_higher_modifier() {
    let text = skirmish("starfinder", &[unit("x", "a", 3), unit("y", "b", 1)]);
    let b = battle(&text, &[12, 14]);
    assert_eq!(order(&b), vec![("x".into(), 15), ("y".into(), 15)]);
    assert!(
        !all_events(&b)
            .iter()
            .any(|e| matches!(e, GameEvent::Sequence(SequenceEvent::InitiativeRollOff { .. })))
    );
}

/// §3.3 tie-break 2: equal totals and modifiers roll off, again and again until resolved.
#[test]
fn initiative_ties_with_equal_modifiers_roll_off_until_resolved() {
    let text = skirmish("saga", &[unit("x", "a", 2), unit("y", "b", 2)]);
    let b = battle(&text, &[13, 13, 5, 5, 3, 9]);
    assert_eq!(order(&b), vec![("y".into(), 15), ("x".into(), 15)]);
    let rolloffs = all_events(&b)
        .iter()
        .filter(|e| matches!(e, GameEvent::Sequence(SequenceEvent::InitiativeRollOff { .. })))
        .count();
    assert_eq!(rolloffs, 2);
}

/// SEQ-1 step 7: a late joiner rolls when it enters and is inserted by its count.
#[test]
fn a_late_joiner_rolls_and_is_inserted_by_its_count() {
    let text = skirmish(
        "starfinder",
        &[unit("a1", "a", 0), unit("b1", "b", 0), unit("late", "b", 0)],
    )
    .replace("(id: \"late\",", "(id: \"late\", joins_round: 2,");
    let mut b = battle(&text, &[18, 6, 11]);
    assert_eq!(order(&b).len(), 2);
    ok(&mut b, end_turn("a1"));
    let events = ok(&mut b, end_turn("b1"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Sequence(SequenceEvent::UnitJoined { round: 2, .. })))
    );
    assert_eq!(
        order(&b),
        vec![("a1".into(), 18), ("late".into(), 11), ("b1".into(), 6)]
    );
}

/// SEQ-8 default: a unit still delaying when the round ends goes to the end of the order.
#[test]
fn a_unit_delaying_all_round_goes_to_the_end_of_the_order() {
    let text = skirmish("starfinder", &[unit("a1", "a", 0), unit("b1", "b", 0)]);
    let mut b = battle(&text, &[18, 6]);
    ok(&mut b, GameCommand::Delay(cmd::Delay { unit: "a1".into() }));
    ok(&mut b, end_turn("b1"));
    let events = ok(&mut b, GameCommand::Proceed(cmd::Proceed));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Sequence(SequenceEvent::DelayedToEnd { new_count: 6, .. })))
    );
    assert_eq!(turns_started(&events), vec!["b1".to_string()]);
    assert_eq!(order(&b), vec![("b1".into(), 6), ("a1".into(), 6)]);
}

/// §3.4: a unit that has acted can no longer delay; only the active unit can end its turn.
#[test]
fn delay_and_end_turn_are_refused_with_reasons() {
    let text = skirmish("starfinder", &[unit("a1", "a", 0), unit("b1", "b", 0)]);
    let mut b = battle(&text, &[18, 6]);
    let e = b.submit(end_turn("b1")).unwrap_err();
    assert_eq!(e.to_string(), "it is a1's turn, not b1's");
    ok(&mut b, act("a1", ActionKind::Move));
    assert!(
        b.submit(GameCommand::Delay(cmd::Delay { unit: "a1".into() }))
            .unwrap_err()
            .to_string()
            .contains("already acted")
    );
    assert!(
        b.submit(end_turn("nobody"))
            .unwrap_err()
            .to_string()
            .contains("no unit `nobody`")
    );
}

/// §20 deafened (starfinder 001:4104-4113): −4 on initiative checks, shown with its source;
/// it drops a1 (12 + 2) behind b1 (11).
#[test]
fn starfinder_deafened_is_minus_four_to_initiative() {
    let text = skirmish("starfinder", &[unit("a1", "a", 2), unit("b1", "b", 0)])
        .replace("(id: \"a1\",", "(id: \"a1\", conditions: [Deafened],");
    let b = battle(&text, &[12, 11]);
    assert_eq!(order(&b), [("b1".to_string(), 11), ("a1".to_string(), 12 + 2 - 4)]);
    let rolled = all_events(&b)
        .into_iter()
        .find_map(|e| match e {
            GameEvent::Sequence(SequenceEvent::InitiativeRolled { unit, modifiers, .. }) if unit.0 == "a1" => {
                Some(modifiers)
            }
            _ => None,
        })
        .unwrap();
    assert!(
        rolled.iter().any(|m| m.value == -4 && m.source == "deafened"),
        "{rolled:?}"
    );
}

/// Two `family` units next to each other with blades: the guard (side b) at (1, 1) and the
/// thief (side a) at (2, 1); the guard rolls 20 and acts first.
fn guard_and_thief(family: &str) -> fivefoot::history::Battle {
    let (defenses, health) = if family == "d20_modern" {
        ("(defense: 10)", "(hp: 500)")
    } else {
        ("(ac: 10)", "(hp: 500)")
    };
    let fighter = |id: &str, side: &str, x: i32| {
        format!(
            r#"(id: "{id}", side: "{side}", at: ({x}, 1), speed: (land: 30), defenses: {defenses}, health: {health},
               weapons: [(name: "Blade", kind: Melee, attack: 0, damage: "1d4", damage_types: [Slashing])])"#
        )
    };
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "{family}",
    map: (size: (8, 4), fill: '.', legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}, {}],
)"##,
        fighter("guard", "b", 1),
        fighter("thief", "a", 2)
    );
    // Initiative in id order: guard 20, thief 1.
    battle(&text, &[20, 1])
}

/// §3.2 (d20_srd 002:15, d20_modern 003:3 "once a combatant acts, he or she is no longer
/// flat-footed"; a turn taken is acting): a unit that ends its first turn without an action
/// is no longer flat-footed, so in round 2 it makes the attack of opportunity a foe leaving
/// its reach provokes.
#[test]
fn flat_footed_ends_with_first_turn_d20_002_15() {
    for family in ["d20_srd", "d20_modern"] {
        let mut b = guard_and_thief(family);
        assert!(flat_footed(&b, "guard") && flat_footed(&b, "thief"), "{family}");
        let events = ok(&mut b, end_turn("guard"));
        assert!(
            events.iter().any(
                |e| matches!(e, GameEvent::Sequence(SequenceEvent::FlatFootedEnded { unit }) if unit.0 == "guard")
            ),
            "{family}: {events:?}"
        );
        assert!(!flat_footed(&b, "guard"), "{family}");
        assert!(
            !fivefoot::rules::health::conditions::effective_conditions(b.world(), &"guard".into())
                .contains(&fivefoot::rules::ConditionName::FlatFooted),
            "{family}"
        );
        ok(&mut b, end_turn("thief"));
        assert!(!flat_footed(&b, "thief"), "{family}");
        ok(&mut b, end_turn("guard"));
        assert_eq!((round(&b), active(&b).as_deref()), (2, Some("thief")), "{family}");
        let events = ok(
            &mut b,
            GameCommand::Move(cmd::Move {
                unit: "thief".into(),
                to: fivefoot::grid::Square::new(4, 1),
                path: None,
                mode: fivefoot::rules::MoveMode::Move,
            }),
        );
        assert!(
            events
                .iter()
                .any(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { reactor, .. }) if reactor.0 == "guard")),
            "{family}: the guard can react in round 2"
        );
    }
}

/// §3.2 saga (004:14 "once combatants act, they are no longer flat-footed"; 004:273 "until
/// your first regular turn"): flat-footed only with a surprise round; an aware unit's
/// surprise-round turn, taken without an action, ends it (first-action reading, the default
/// U1); a surprised unit's first regular turn, taken without an action, ends it by either
/// reading.
#[test]
fn saga_flat_footed_ends_with_first_turn_004_14_273() {
    let text = skirmish("saga", &[unit("jawa", "b", 0), unaware("han", "a")]);
    let mut b = battle(&text, &[15, 10]);
    assert_eq!((round(&b), active(&b).as_deref()), (0, Some("jawa")));
    assert!(flat_footed(&b, "jawa") && flat_footed(&b, "han"));
    ok(&mut b, end_turn("jawa"));
    assert!(!flat_footed(&b, "jawa"), "a surprise-round turn taken is acting");
    assert!(flat_footed(&b, "han"), "no surprise turn for the surprised");
    ok(&mut b, end_turn("jawa"));
    assert_eq!((round(&b), active(&b).as_deref()), (1, Some("han")));
    assert!(flat_footed(&b, "han"), "first action: until it acts or its turn ends");
    ok(&mut b, end_turn("han"));
    assert!(!flat_footed(&b, "han"), "its first regular turn is over");
}

/// §3.2 saga with the U1 switch `saga_flatfooted_until_regular_turn` (004:273): flat-footed
/// until the first regular turn begins, so a surprise-round turn without an action leaves it.
#[test]
fn saga_flat_footed_until_regular_turn_u1_004_273() {
    let text = skirmish("saga", &[unit("jawa", "b", 0), unaware("han", "a")]);
    let mut spec = fivefoot::testing::scenario(&text);
    spec.ruleset.variants.saga_flatfooted_until_regular_turn = true;
    let mut b = fivefoot::history::Battle::start(spec, &text, "test.ron", 1, vec![15, 10]).unwrap();
    let events = ok(&mut b, end_turn("jawa"));
    assert_eq!((round(&b), active(&b).as_deref()), (1, Some("jawa")));
    let at = |pred: &dyn Fn(&GameEvent) -> bool| events.iter().position(pred);
    let regular = at(&|e| matches!(e, GameEvent::Sequence(SequenceEvent::RoundStarted { round: 1, .. }))).unwrap();
    let ended =
        at(&|e| matches!(e, GameEvent::Sequence(SequenceEvent::FlatFootedEnded { unit }) if unit.0 == "jawa")).unwrap();
    assert!(ended > regular, "not at the end of the surprise-round turn: {events:?}");
    assert!(!flat_footed(&b, "jawa"), "its first regular turn has begun");
    assert!(flat_footed(&b, "han"));
    ok(&mut b, end_turn("jawa"));
    assert!(!flat_footed(&b, "han"), "its first regular turn has begun");
}
