//! The battle log panel (issue #18 item 2): every command of the battle as a header line
//! ("Navasi: full attack") with its events indented under it, narrated by the rules
//! (`rules::narrate`) with the units' display names in place of their ids, a line for each
//! new round, wrapped to the panel's width and scrollable with the wheel over it and with
//! PageUp / PageDown / Home / End. With hidden information the lines the side on screen may
//! not read stay withheld (`views::sight`, `intake::withheld`). `fivefoot run` keeps its own text: only
//! this view renames, and [`named`] renames the other player-facing text (the status line, the
//! previews, the choice panels) the same way.
//! Over 600 lines: about 245 of them are its tests (the renaming, the grouping, the scroll, what
//! hidden information withholds).

use crate::gui::intake::withheld::{WITHHELD, units_named};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::gui::views::sight::Sight;
use crate::history::Battle;
use crate::rules::{GameCommand, GameEvent, Profile, SequenceEvent, UnitId, narrate, unit_component};
use crate::ruleset::Ruleset;
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<LogScroll>();
    app.init_resource::<LogShown>();
    app.add_systems(OnEnter(Screen::Battle), (reset_scroll, reset_shown));
    app.add_systems(
        Update,
        scroll_log.in_set(AppSystems::Input).run_if(in_state(Screen::Battle)),
    );
    app.add_systems(
        Update,
        (
            show_log.run_if(resource_changed::<Revision>.or_else(resource_changed::<Sight>)),
            apply_scroll,
        )
            .chain()
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The most command groups the panel holds (the oldest drop off; `run` has them all).
pub const MAX_GROUPS: usize = 400;
/// Pixels a wheel notch scrolls, and a page key.
pub const NOTCH_PX: f32 = 40.0;
pub const PAGE_PX: f32 = 80.0;

/// One command's part of the log: its header and its events' lines. A round's start is a
/// group of its own with no lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogGroup {
    pub header: String,
    pub lines: Vec<String>,
}

/// The command in a few words: its issuer's name and what it is ("Navasi: full attack"), from
/// the command's name as scripts write it.
pub fn command_header(command: Option<&GameCommand>, name: &impl Fn(&UnitId) -> String) -> String {
    let Some(command) = command else {
        return "Combat begins".to_string();
    };
    // Externally tagged: `{"FullAttack": {..}}`, or `"Proceed"` for a command with no fields.
    let variant = match serde_json::to_value(command) {
        Ok(serde_json::Value::String(name)) => name,
        Ok(serde_json::Value::Object(o)) => o.keys().next().cloned().unwrap_or_default(),
        _ => "Command".to_string(),
    };
    let mut words = String::new();
    for (i, c) in variant.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            words.push(' ');
        }
        words.push(if i == 0 { c } else { c.to_ascii_lowercase() });
    }
    match command.actor() {
        Some(unit) => format!("{}: {}", name(unit), words.to_lowercase()),
        None => words,
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `line` with every whole-word occurrence of a unit id in `names` replaced by its display
/// name, in one pass (a name is never replaced again), longest id first where ids overlap.
pub fn with_names(line: &str, names: &[(UnitId, String)]) -> String {
    let mut ids: Vec<&(UnitId, String)> = names.iter().filter(|(id, _)| !id.0.is_empty()).collect();
    ids.sort_by_key(|(id, _)| std::cmp::Reverse(id.0.len()));
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    let mut prev: Option<char> = None;
    'scan: while let Some(c) = rest.chars().next() {
        if prev.is_none_or(|p| !is_word_char(p)) {
            for (id, name) in &ids {
                if let Some(after) = rest.strip_prefix(id.0.as_str())
                    && after.chars().next().is_none_or(|n| !is_word_char(n))
                {
                    out.push_str(name);
                    prev = id.0.chars().last();
                    rest = after;
                    continue 'scan;
                }
            }
        }
        out.push(c);
        prev = Some(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// `line` (a status line, a rules' refusal, a preview) with every unit id in it replaced by the
/// unit's display name, "?" for one `hidden` says the side on screen cannot see: player-facing
/// text never shows ids (issue #18).
pub fn named(world: &World, line: &str, hidden: impl Fn(&UnitId) -> bool) -> String {
    let names: Vec<(UnitId, String)> = world
        .resource::<crate::rules::UnitIndex>()
        .0
        .keys()
        .map(|u| {
            let name = match hidden(u) {
                true => "?".to_string(),
                false => unit_component::<Profile>(world, u).map_or_else(|| u.to_string(), |p| p.name.clone()),
            };
            (u.clone(), name)
        })
        .collect();
    // The text may already hold display names ("Exploration buggy stands there"): each is kept
    // as it is, so an id inside one ("buggy") is not renamed again.
    let mut both: Vec<(UnitId, String)> = names
        .iter()
        .filter(|(_, name)| name != "?")
        .map(|(_, name)| (UnitId(name.clone()), name.clone()))
        .collect();
    both.extend(names);
    with_names(line, &both)
}

/// The log as groups, oldest first: a "Round N" group where a round starts, then each command's
/// header and its events narrated with display names. Events `withheld` says the side on
/// screen may not read become one [`WITHHELD`] line per run; a command whose issuer is
/// `hidden` has "?" for a name, and one whose every line is withheld shows only that line.
pub fn log_groups(
    battle: &Battle,
    withheld: impl Fn(&GameEvent) -> bool,
    hidden: impl Fn(&UnitId) -> bool,
) -> Vec<LogGroup> {
    let world = battle.world();
    let rules = world.resource::<Ruleset>();
    let display = |u: &UnitId| match hidden(u) {
        true => "?".to_string(),
        false => unit_component::<Profile>(world, u).map_or_else(|| u.to_string(), |p| p.name.clone()),
    };
    // Every unit's display name: events name units in their fields and inside labels
    // ("attack trooper_c"); a hidden unit is "?".
    let names: Vec<(UnitId, String)> = world
        .resource::<crate::rules::UnitIndex>()
        .0
        .keys()
        .map(|u| (u.clone(), display(u)))
        .collect();
    let mut groups: Vec<LogGroup> = Vec::new();
    for entry in &battle.log().entries {
        let mut group = LogGroup {
            header: command_header(entry.command.as_ref(), &display),
            lines: Vec::new(),
        };
        for event in &entry.events {
            if let GameEvent::Sequence(SequenceEvent::RoundStarted { round, surprise }) = event {
                let before = std::mem::replace(
                    &mut group,
                    LogGroup {
                        header: String::new(),
                        lines: Vec::new(),
                    },
                );
                push_group(&mut groups, before);
                groups.push(LogGroup {
                    header: match surprise {
                        true => "Surprise round".to_string(),
                        false => format!("Round {round}"),
                    },
                    lines: Vec::new(),
                });
                continue;
            }
            if withheld(event) {
                if group.lines.last().map(String::as_str) != Some(WITHHELD) {
                    group.lines.push(WITHHELD.to_string());
                }
                continue;
            }
            group.lines.push(with_names(&narrate(event, rules), &names));
        }
        push_group(&mut groups, group);
    }
    groups
}

/// Adds `group` unless it is empty (the events after a round's start have no header of their
/// own); a group of withheld lines only is shown as that one line.
fn push_group(groups: &mut Vec<LogGroup>, mut group: LogGroup) {
    if group.header.is_empty() && group.lines.is_empty() {
        return;
    }
    if !group.lines.is_empty() && group.lines.iter().all(|l| l == WITHHELD) {
        group.header = WITHHELD.to_string();
        group.lines.clear();
    }
    groups.push(group);
}

/// The last `n` lines of the narrated battle log (ids, as `run` prints them), oldest first.
pub fn log_lines(battle: &Battle, n: usize) -> Vec<String> {
    log_lines_hiding(battle, n, |_| false)
}

/// [`log_lines`] with the events `withheld` says the side on screen may not read shown as one
/// [`WITHHELD`] line per run (hidden-information mode, `gui::visibility`).
pub fn log_lines_hiding(battle: &Battle, n: usize, withheld: impl Fn(&GameEvent) -> bool) -> Vec<String> {
    let rules = battle.world().resource::<Ruleset>();
    let mut lines: Vec<String> = Vec::new();
    for e in battle.log().entries.iter().flat_map(|e| &e.events) {
        if !withheld(e) {
            lines.push(narrate(e, rules));
        } else if lines.last().map(String::as_str) != Some(WITHHELD) {
            lines.push(WITHHELD.to_string());
        }
    }
    lines[lines.len().saturating_sub(n)..].to_vec()
}

/// Where the log is scrolled: `None` follows the newest line; `Some(top)` holds the view
/// `top` pixels below the start of the log.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct LogScroll(pub Option<f32>);

/// The scroll after moving `back` pixels toward the start (negative: toward the newest) in a
/// log that scrolls at most `max` pixels. Reaching the end follows the newest line again.
pub fn scrolled(scroll: LogScroll, back: f32, max: f32) -> LogScroll {
    let max = max.max(0.0);
    let top = (scroll.0.unwrap_or(max).min(max) - back).clamp(0.0, max);
    LogScroll((top < max - 0.5).then_some(top))
}

/// The panel's scroll offset in pixels for `scroll` (the end when following).
pub fn offset(scroll: LogScroll, max: f32) -> f32 {
    scroll.0.unwrap_or(max).min(max.max(0.0))
}

/// The scrolling log node (the bottom panel holds it).
#[derive(Component)]
pub struct LogPanel;

/// The log's scrolling node, for the bottom panel to hold: it takes the room left under the
/// mode and status lines.
pub fn log_panel() -> impl Bundle {
    (
        Name::new("Log"),
        LogPanel,
        Interaction::default(),
        ScrollPosition::default(),
        Node {
            flex_direction: FlexDirection::Column,
            flex_grow: 1.0,
            min_height: Val::Px(0.0),
            overflow: Overflow::scroll_y(),
            ..default()
        },
    )
}

fn reset_scroll(mut scroll: ResMut<LogScroll>) {
    scroll.0 = None;
}

/// How far the log can scroll, in logical pixels.
fn max_scroll(node: &ComputedNode) -> f32 {
    ((node.content_size.y - node.size.y) * node.inverse_scale_factor).max(0.0)
}

fn scroll_log(
    wheel: Res<AccumulatedMouseScroll>,
    keys: Res<ButtonInput<KeyCode>>,
    panel: Query<(&Interaction, &ComputedNode), With<LogPanel>>,
    mut scroll: ResMut<LogScroll>,
) {
    let Ok((interaction, node)) = panel.single() else {
        return;
    };
    let mut back = 0.0;
    if *interaction != Interaction::None && wheel.delta.y != 0.0 {
        back += match wheel.unit {
            MouseScrollUnit::Line => wheel.delta.y * NOTCH_PX,
            MouseScrollUnit::Pixel => wheel.delta.y,
        };
    }
    if keys.just_pressed(KeyCode::PageUp) {
        back += PAGE_PX;
    }
    if keys.just_pressed(KeyCode::PageDown) {
        back -= PAGE_PX;
    }
    let max = max_scroll(node);
    let mut now = scrolled(*scroll, back, max);
    if keys.just_pressed(KeyCode::Home) {
        now = scrolled(LogScroll(Some(0.0)), 0.0, max);
    }
    if keys.just_pressed(KeyCode::End) {
        now = LogScroll(None);
    }
    scroll.set_if_neq(now);
}

fn apply_scroll(scroll: Res<LogScroll>, mut panel: Query<(&mut ScrollPosition, &ComputedNode), With<LogPanel>>) {
    for (mut position, node) in &mut panel {
        let y = offset(*scroll, max_scroll(node));
        if position.0.y != y {
            position.0.y = y;
        }
    }
}

const HEADER_COLOUR: Color = Color::srgb(0.6, 0.85, 1.0);
const LINE_COLOUR: Color = Color::srgb(0.85, 0.87, 0.9);

/// The groups on screen: `groups[i]` is the log's group `first + i`, drawn as `entity`.
/// Only what changed is respawned, so a long battle's log is not rebuilt on every command.
#[derive(Resource, Debug, Default)]
pub struct LogShown {
    pub first: usize,
    pub groups: Vec<(LogGroup, Entity)>,
}

/// How many of the groups on screen (the log's groups from `first`) are still the log's
/// `full` groups: the rest are replaced (after an undo, or when the hidden set changed).
pub fn kept(shown: &[LogGroup], first: usize, full: &[LogGroup]) -> usize {
    let Some(now) = full.get(first..) else {
        return 0;
    };
    shown.iter().zip(now).take_while(|(a, b)| a == b).count()
}

fn reset_shown(mut shown: ResMut<LogShown>) {
    // The bottom panel was spawned afresh with an empty log.
    *shown = LogShown::default();
}

fn show_log(
    mut commands: Commands,
    session: Res<Session>,
    sight: Res<Sight>,
    panel: Single<Entity, With<LogPanel>>,
    mut shown: ResMut<LogShown>,
) {
    let world = session.battle.world();
    let withheld = |e: &GameEvent| sight.on && units_named(world, e).iter().any(|u| sight.hides(u));
    let full = log_groups(&session.battle, withheld, |u| sight.hides(u));
    if shown.first > full.len() {
        for (_, e) in shown.groups.drain(..) {
            commands.entity(e).despawn();
        }
        shown.first = 0;
    }
    let on_screen: Vec<LogGroup> = shown.groups.iter().map(|(g, _)| g.clone()).collect();
    let keep = kept(&on_screen, shown.first, &full);
    for (_, e) in shown.groups.drain(keep..) {
        commands.entity(e).despawn();
    }
    let start = shown.first + keep;
    for group in &full[start.min(full.len())..] {
        let entity = commands.spawn(group_node(group)).id();
        commands.entity(*panel).add_child(entity);
        shown.groups.push((group.clone(), entity));
    }
    let over = shown.groups.len().saturating_sub(MAX_GROUPS);
    for (_, e) in shown.groups.drain(..over) {
        commands.entity(e).despawn();
    }
    shown.first += over;
}

/// One group: its header (none for the events after a round's line) and its lines, indented.
fn group_node(group: &LogGroup) -> impl Bundle {
    let header = (!group.header.is_empty()).then(|| {
        (
            Name::new("Log header"),
            Text::new(group.header.clone()),
            TextFont::from_font_size(13.0),
            TextColor(HEADER_COLOUR),
        )
    });
    let lines: Vec<_> = group
        .lines
        .iter()
        .map(|line| {
            (
                Name::new("Log line"),
                Node {
                    margin: UiRect::left(Val::Px(16.0)),
                    ..default()
                },
                Text::new(line.clone()),
                TextFont::from_font_size(12.0),
                TextColor(LINE_COLOUR),
            )
        })
        .collect();
    (
        Name::new("Log group"),
        Node {
            flex_direction: FlexDirection::Column,
            ..default()
        },
        Children::spawn((SpawnIter(header.into_iter()), SpawnIter(lines.into_iter()))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::testkit::tap_key;
    use crate::rules::SideId;
    use crate::rules::cmd;
    use crate::testing::{battle, ok};

    const FIELD: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (10, 6), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", name: "Navasi", side: "a", at: (1, 1), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
        (id: "foe", name: "Space goblin", side: "b", at: (2, 1), speed: (land: 30), initiative: 0,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
    ],
)"##;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    #[test]
    fn ids_become_names_as_whole_words_only() {
        let names = vec![
            (id("me"), "Navasi".to_string()),
            (id("foe"), "Space goblin".to_string()),
        ];
        assert_eq!(
            with_names("me attacks foe with Blade: d20 19 = 19 vs KAC 14: hit", &names),
            "Navasi attacks Space goblin with Blade: d20 19 = 19 vs KAC 14: hit"
        );
        assert_eq!(
            with_names("foe's meme, some foes", &names),
            "Space goblin's meme, some foes"
        );
        // A name is not renamed again even when it holds another id.
        let chain = vec![(id("a"), "b".to_string()), (id("b"), "c".to_string())];
        assert_eq!(with_names("a b", &chain), "b c");
    }

    /// Issue #18: a status line or refusal from the rules reads with display names, "?" for a
    /// unit the side on screen cannot see.
    #[test]
    fn player_facing_text_names_units_not_ids() {
        let b = battle(FIELD, &[]);
        let foe = "Space goblin";
        assert_eq!(
            named(b.world(), "Move: 15 ft | provokes foe (2 squares)", |_| false),
            format!("Move: 15 ft | provokes {foe} (2 squares)")
        );
        assert_eq!(
            named(b.world(), "Cannot attack: foe is out of reach", |u| u.0 == "foe"),
            "Cannot attack: ? is out of reach"
        );
        // A display name already in the text is kept whole, even with an id inside it.
        let buggy = crate::testing::battle(include_str!("../../../scenarios/starfinder_buggy_raid.ron"), &[]);
        assert_eq!(
            named(
                buggy.world(),
                "Exploration buggy stands there; buddy pilots buggy",
                |_| false
            ),
            "Exploration buggy stands there; Buddy pilots Exploration buggy"
        );
    }

    /// Each command is a header with its events under it, in display names; the round's start
    /// is its own line.
    #[test]
    fn the_log_groups_each_commands_events_under_it_with_names() {
        let mut b = battle(FIELD, &[19, 4]);
        ok(
            &mut b,
            GameCommand::Attack(cmd::Attack {
                unit: id("me"),
                target: id("foe"),
                weapon: None,
                defensively: false,
                mount: None,
            }),
        );
        ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("me") }));
        let groups = log_groups(&b, |_| false, |_| false);
        assert_eq!(groups[0].header, "Combat begins");
        assert!(groups.iter().any(|g| g.header == "Round 1"), "{groups:#?}");
        let attack = groups
            .iter()
            .find(|g| g.header == "Navasi: attack")
            .expect("the attack's group");
        assert!(
            attack
                .lines
                .iter()
                .any(|l| l.starts_with("Navasi attacks Space goblin with Blade")),
            "{attack:#?}"
        );
        assert!(
            groups.iter().all(|g| g.lines.iter().all(|l| !l.contains("foe "))),
            "{groups:#?}"
        );
        let end = groups.last().expect("the end of the turn");
        assert_eq!(end.header, "Navasi: end turn");
        let name = |u: &UnitId| u.to_string();
        assert_eq!(
            command_header(Some(&GameCommand::Proceed(cmd::Proceed)), &name),
            "Proceed"
        );
        assert_eq!(command_header(None, &name), "Combat begins");
        // `run`'s lines keep the ids.
        assert!(
            log_lines(&b, usize::MAX)
                .iter()
                .any(|l| l.starts_with("me attacks foe"))
        );
    }

    /// A withheld run is one line; a group of only withheld events shows just that line; a
    /// hidden issuer is "?".
    #[test]
    fn withheld_events_stay_withheld_and_hidden_units_are_not_named() {
        let mut b = battle(FIELD, &[19, 4]);
        ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("me") }));
        ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("foe") }));
        let w = b.world();
        let withheld = |e: &GameEvent| units_named(w, e).contains(&id("foe"));
        let groups = log_groups(&b, withheld, |u| u == &id("foe"));
        assert!(groups.iter().all(|g| !g.header.contains("Space goblin")), "{groups:#?}");
        assert!(
            groups.iter().all(|g| g
                .lines
                .iter()
                .all(|l| !l.contains("Space goblin") && !l.contains("foe"))),
            "{groups:#?}"
        );
        assert!(groups.iter().any(|g| g.header == WITHHELD), "{groups:#?}");
    }

    /// A command adds its group after the ones on screen; an undo replaces the groups from
    /// where the log changed; groups dropped off the front are not compared.
    #[test]
    fn only_the_changed_groups_are_replaced() {
        let g = |h: &str| LogGroup {
            header: h.into(),
            lines: vec![format!("{h} line")],
        };
        let shown = vec![g("a"), g("b")];
        assert_eq!(kept(&shown, 0, &[g("a"), g("b"), g("c")]), 2, "one more command");
        assert_eq!(kept(&shown, 0, &[g("a"), g("x")]), 1, "an undo and another command");
        assert_eq!(
            kept(&shown, 1, &[g("z"), g("a"), g("b")]),
            2,
            "from the first on screen"
        );
        assert_eq!(kept(&shown, 5, &[g("a")]), 0, "a shorter log");
    }

    #[test]
    fn the_log_scrolls_back_within_its_length_and_follows_the_end_again() {
        let follow = LogScroll::default();
        assert_eq!(offset(follow, 300.0), 300.0, "following shows the newest line");
        let back = scrolled(follow, 80.0, 300.0);
        assert_eq!(back, LogScroll(Some(220.0)));
        assert_eq!(offset(back, 300.0), 220.0);
        // New lines make the log longer: the view stays where it was.
        assert_eq!(offset(back, 400.0), 220.0);
        assert_eq!(
            scrolled(back, 1000.0, 300.0),
            LogScroll(Some(0.0)),
            "not past the start"
        );
        assert_eq!(
            scrolled(back, -80.0, 300.0),
            LogScroll(None),
            "back at the end: follows"
        );
        assert_eq!(scrolled(follow, -40.0, 300.0), LogScroll(None));
        assert_eq!(scrolled(follow, 40.0, 0.0), LogScroll(None), "nothing to scroll");
    }

    /// PageUp scrolls the log back and End follows the newest line again (headless).
    #[test]
    fn page_keys_scroll_the_log() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.init_resource::<LogScroll>();
        app.init_resource::<ButtonInput<KeyCode>>();
        app.init_resource::<AccumulatedMouseScroll>();
        app.add_systems(Update, scroll_log);
        app.world_mut().spawn((
            LogPanel,
            Interaction::None,
            ComputedNode {
                size: Vec2::new(600.0, 90.0),
                content_size: Vec2::new(600.0, 390.0),
                inverse_scale_factor: 1.0,
                ..default()
            },
        ));
        tap_key(&mut app, KeyCode::PageUp);
        assert_eq!(*app.world().resource::<LogScroll>(), LogScroll(Some(300.0 - PAGE_PX)));
        tap_key(&mut app, KeyCode::End);
        assert_eq!(*app.world().resource::<LogScroll>(), LogScroll(None));
    }

    /// The tracker names the hidden enemies "?" and the log withholds the lines naming them.
    #[test]
    fn the_tracker_and_the_log_do_not_name_hidden_enemies() {
        let mut b = crate::gui::testkit::hide_and_seek();
        let side = SideId("a".into());
        let hidden = crate::rules::sight::side_view(b.world(), &side).hidden;
        let names = |u: &str| crate::rules::unit_component::<Profile>(b.world(), &id(u)).map(|p| p.name.clone());
        let lurker = names("lurker").expect("named");
        let lines = crate::gui::hud::initiative::tracker_lines_hiding(b.world(), |u| hidden.contains(u));
        assert!(lines.iter().all(|l| !l.contains(&lurker)), "{lines:?}");
        assert_eq!(lines.iter().filter(|l| l.ends_with(" ?")).count(), 2, "{lines:?}");
        crate::testing::ok(
            &mut b,
            crate::rules::GameCommand::EndTurn(cmd::EndTurn { unit: id("me") }),
        );
        let w = b.world();
        let withheld = |e: &crate::rules::GameEvent| units_named(w, e).iter().any(|u| hidden.contains(u));
        let all = crate::gui::hud::log::log_lines(&b, usize::MAX);
        let shown = crate::gui::hud::log::log_lines_hiding(&b, usize::MAX, withheld);
        assert!(all.iter().any(|l| l.contains(&lurker)), "{all:?}");
        assert!(shown.iter().all(|l| !l.contains(&lurker)), "{shown:?}");
        assert!(shown.iter().any(|l| l == WITHHELD));
    }
}
