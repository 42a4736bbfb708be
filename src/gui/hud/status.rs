//! The bottom panel: the mode and toggles, the status line (a hovered action's hint, the
//! hovered path, the hovered attack or area, a vehicle aim, the prompt of a unit that is down,
//! or why a command was refused) over the scrolling battle log (`hud::log` fills it).

use crate::gui::hud::bar::{HoveredAction, action_hint};
use crate::gui::hud::log::{log_panel, named};
use crate::gui::intake::targets::unit_name;
use crate::gui::look::camera::{HUD_BOTTOM, HudEdge};
use crate::gui::look::palette::PANEL;
use crate::gui::state::action::Action;
use crate::gui::state::action::kind_label;
use crate::gui::state::hover::Hover;
use crate::gui::state::mode::{AreaAim, Mode, Toggles, WeaponChoice};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Session, StatusLine};
use crate::gui::views::area::{AreaView, area_line};
use crate::gui::views::attack::{AttackHover, AttackView};
use crate::gui::views::bar::ActionBar;
use crate::gui::views::option_aim::{OptionAimView, option_line};
use crate::gui::views::path::PathOverlay;
use crate::gui::views::reach::ReachOverlay;
use crate::gui::views::sight::Sight;
use crate::gui::views::vehicle_aim::{VehicleAimView, aim_line};
use crate::rules::{Combat, UnitId};
use crate::ruleset::{ActionKind, Ruleset};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Battle), spawn_bottom_panel);
    app.add_systems(
        Update,
        (forget_message_on_a_new_square, show_status, show_mode)
            .chain()
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

/// A message (a refusal, "Saved to …") stays until the cursor moves on to another square:
/// then the player looks for the new square's preview, which the message would hide. Only a
/// move of the cursor counts: a board that appears under a resting cursor (a battle just
/// started or loaded, with "Save loaded" or "kept in your saves" to read) does not.
fn forget_message_on_a_new_square(
    hover: Res<Hover>,
    mut moved: MessageReader<bevy::window::CursorMoved>,
    mut status: ResMut<StatusLine>,
    mut last: Local<Option<crate::grid::Square>>,
) {
    let cursor_moved = moved.read().count() > 0;
    if !hover.is_changed() || hover.0 == *last {
        return;
    }
    *last = hover.0;
    if cursor_moved && hover.0.is_some() && !status.0.is_empty() {
        status.0.clear();
    }
}

#[derive(Component)]
struct StatusText;

#[derive(Component)]
struct ModeText;

fn spawn_bottom_panel(mut commands: Commands) {
    commands.spawn((
        Name::new("Bottom panel"),
        DespawnOnExit(Screen::Battle),
        // The camera keeps the map above it (issue #18 item 3).
        HudEdge::Bottom,
        Interaction::default(),
        Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(0.0),
            left: Val::Px(0.0),
            right: Val::Px(0.0),
            height: Val::Px(HUD_BOTTOM),
            padding: UiRect::axes(Val::Px(14.0), Val::Px(8.0)),
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(6.0),
            ..default()
        },
        BackgroundColor(PANEL),
        children![
            (
                Name::new("Mode"),
                ModeText,
                Text::new(""),
                TextFont::from_font_size(14.0),
                TextColor(Color::srgb(0.6, 0.85, 1.0)),
            ),
            (
                Name::new("Status"),
                StatusText,
                Text::new(""),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(1.0, 0.85, 0.45)),
            ),
            log_panel(),
        ],
    ));
}

/// The line under the map's edge: the mode, the weapon and the toggles with their keys.
pub fn mode_line(mode: Mode, weapon: Option<&str>, toggles: Toggles) -> String {
    let on = |b: bool| if b { "on" } else { "off" };
    let mode = match mode {
        Mode::Move => "move (click a square)",
        Mode::Attack => "attack (click an enemy, Esc: move)",
        Mode::FullAttack => "full attack (click an enemy, Esc: move)",
        Mode::Area => "area (click an intersection, R or the wheel rotates, Esc: move)",
        Mode::Charge => "charge (click an enemy, Esc: move)",
        Mode::Vehicle(aim) => aim.label(),
        Mode::Option(kind) => {
            return format!(
                "Mode: {} (click on the map, R or the wheel turns a cone or line, X: next choice, Esc: move) | weapon: {} (Tab)",
                kind_label(kind),
                weapon.unwrap_or("best")
            );
        }
        Mode::Maneuver(kind) => {
            return format!(
                "Mode: {} (click an enemy, Esc: move) | weapon: {} (Tab)",
                crate::rules::maneuver::kind_name(kind),
                weapon.unwrap_or("best")
            );
        }
    };
    format!(
        "Mode: {mode} | weapon: {} (Tab) | threatened squares: {} (T) | avoid AoO: {} (V)",
        weapon.unwrap_or("best"),
        on(toggles.threat),
        on(toggles.avoid_aoo)
    )
}

fn show_mode(
    session: Res<Session>,
    mode: Res<Mode>,
    choice: Res<WeaponChoice>,
    toggles: Res<Toggles>,
    mut text: Single<&mut Text, With<ModeText>>,
) {
    // An empty line is a freshly spawned panel (after a hand-off or a load): fill it too.
    if mode.is_changed() || choice.is_changed() || toggles.is_changed() || text.0.is_empty() {
        // "Roof laser (Exploration buggy)" for a mounted weapon (VEH-20).
        let weapon = choice.weapon.as_ref().map(|_| choice.label(session.battle.world()));
        text.0 = mode_line(*mode, weapon.as_deref(), *toggles);
    }
}

/// "Hero is down: press E to end its turn", when the rules say the active `unit` cannot act
/// (`check_can_act`, §17: dying, stable, unconscious), may end its turn, and has no recovery
/// to choose (stabilize, stay in the fight). Issue #6. The rules still accept a few commands
/// that spend no real action (total defense, drop prone, ready, delay) from such a unit, so
/// those are not required to be refused. The turn is not passed for the player: an
/// automatic pass would trap undo.
pub fn down_prompt(world: &World, unit: &UnitId, bar: &ActionBar) -> Option<String> {
    let down = crate::rules::health::check_can_act(world, unit).is_err();
    let only_end = bar.allowed(Action::EndTurn).is_ok() && bar.allowed(Action::Recover).is_err();
    (down && only_end).then(|| {
        let name = unit_name(world, unit);
        format!("{name} is down: press E to end its turn")
    })
}

/// "Obozaya has spent her standard and move actions: E ends the turn", once the active
/// `unit`'s turn budget has neither left (after a full attack, a charge, a double move, or the
/// surprise round's one action), rather than a move refusal on every square hovered. A swift
/// action still left is named (§4.2).
pub fn spent_prompt(world: &World, unit: &UnitId) -> Option<String> {
    let combat = world.resource::<Combat>();
    let budget = combat
        .budget
        .as_ref()
        .filter(|_| combat.active.as_ref() == Some(unit))?;
    // What the rules still allow this turn (§4.2; a surprise round or a staggered unit's one
    // action counts): only a swift action, or nothing.
    let left = budget.available(&world.resource::<Ruleset>().actions);
    let spent = left.iter().all(|k| *k == ActionKind::Swift);
    spent.then(|| {
        let name = unit_name(world, unit);
        match left.contains(&ActionKind::Swift) {
            true => {
                format!("{name} has spent the standard and move actions (a swift action is left) | E ends the turn")
            }
            false => format!("{name} has spent the turn's actions | E ends the turn"),
        }
    })
}

/// The status line in attack mode: the hovered attack's odds or the rules' refusal; on a
/// square a rider shares with its vehicle, who is targeted and the key that switches.
pub fn attack_line(world: &World, hover: Option<&AttackHover>) -> String {
    // Full attack mode: each attack's odds, not the single attack's (issue #18 item 5).
    let full = hover.and_then(|h| h.full.as_ref()).and_then(|f| f.as_ref().ok());
    let line = match hover.map(|h| &h.preview) {
        Some(Ok(_)) if let Some(f) = full => format!(
            "Full attack: {} attack(s), {} to hit, expect {:.1} damage | click to attack",
            f.attacks.len(),
            f.attacks
                .iter()
                .map(|a| format!("{:.1}%", a.chance_to_hit))
                .collect::<Vec<_>>()
                .join(" / "),
            f.expected_damage
        ),
        Some(Ok(p)) => format!(
            "{}: needs {}+ on d20, {:.1}% to hit | click to attack",
            p.weapon, p.roll_needed, p.chance_to_hit
        ),
        Some(Err(why)) => format!("Cannot attack: {why}"),
        None => "Hover an enemy to preview the attack | Tab cycles the weapon | Esc: move mode".into(),
    };
    match hover.and_then(|h| h.sharing.as_ref().map(|s| (h, s))) {
        Some((h, sharing)) => format!("Target: {} | {line} | {sharing}", unit_name(world, &h.target)),
        None => line,
    }
}

/// The status line on a foe hovered in move mode (issue #18): the attack a click makes, or why
/// the rules refuse it, never a refused move onto the foe's square. (When the action bar
/// already refuses the attack, `AttackView::refusal` says so instead.)
pub fn move_mode_attack_line(world: &World, hover: &AttackHover) -> String {
    match hover.sharing {
        Some(_) => attack_line(world, Some(hover)),
        None => format!(
            "Attack {} | {}",
            unit_name(world, &hover.target),
            attack_line(world, Some(hover))
        ),
    }
}

/// The hovered action's hint, else the refusal if there is one, else the hovered attack or
/// what the hovered path costs or why it cannot be taken.
// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn show_status(
    status: Res<StatusLine>,
    path: Res<PathOverlay>,
    attack: Res<AttackView>,
    bar: Res<ActionBar>,
    mode: Res<Mode>,
    hovered: Res<HoveredAction>,
    area: (Res<AreaView>, Res<AreaAim>, Res<Session>, Res<OptionAimView>),
    vehicle: (Res<VehicleAimView>, Option<Res<Sight>>, Option<Res<ReachOverlay>>),
    mut text: Single<&mut Text, With<StatusText>>,
) {
    let (area, aim, session, option) = area;
    let (vehicle, sight, reach) = vehicle;
    // A unit that may move somewhere this turn is refused a square for what is on it; one
    // that may not move at all (aboard a vehicle, no move left) hears the rules' reason.
    let may_move = reach.is_some_and(|r| !r.bands.is_empty());
    if !status.is_changed()
        && !path.is_changed()
        && !attack.is_changed()
        && !area.is_changed()
        && !option.is_changed()
        && !bar.is_changed()
        && !hovered.is_changed()
        && !mode.is_changed()
        && !vehicle.is_changed()
    {
        return;
    }
    let world = session.battle.world();
    let down = world
        .resource::<Combat>()
        .active
        .as_ref()
        .and_then(|u| down_prompt(world, u, &bar));
    let spent = world
        .resource::<Combat>()
        .active
        .as_ref()
        .and_then(|u| spent_prompt(world, u));
    let line = if let Some(action) = hovered.0 {
        action_hint(action, &bar)
    } else if !status.0.is_empty() {
        status.0.clone()
    } else if let Some(prompt) = down {
        prompt
    } else if let Some(prompt) = spent {
        prompt
    } else if let Mode::Vehicle(aim) = *mode {
        aim_line(aim, &vehicle)
    } else if let Mode::Option(kind) = *mode {
        match &option.hover {
            Some(h) => option_line(world, h),
            None => format!("{}: point at the map | Esc: move mode", kind_label(kind)),
        }
    } else if *mode == Mode::Area {
        match &area.hover {
            Some(h) => area_line(session.battle.world(), h, aim.0),
            None => "Hover a grid intersection to place the template | Tab picks the area weapon".into(),
        }
    } else if matches!(*mode, Mode::Charge | Mode::Maneuver(_)) {
        "Click an enemy | Tab cycles the weapon | Esc: move mode".into()
    } else if mode.attacks() {
        attack_line(world, attack.hover.as_ref())
    } else if let Some(foe) = attack.hover.as_ref().filter(|_| *mode == Mode::Move) {
        move_mode_attack_line(world, foe)
    } else if let Some(refusal) = attack.refusal.as_ref().filter(|_| *mode == Mode::Move) {
        refusal.clone()
    } else {
        match &path.preview {
            Some(Ok(p)) if p.mode == crate::rules::MoveMode::GuardedStep => format!(
                "guarded step: {} ft, provokes no attack of opportunity (a plain move would) | click to step",
                p.cost_ft
            ),
            Some(Ok(p)) => {
                let aoo = provoked_reactors(&p.provokes, |u| unit_name(world, u));
                format!(
                    "{}: {} ft over {} squares{aoo} | click to move",
                    p.band.label(),
                    p.cost_ft,
                    p.squares.len()
                )
            }
            Some(Err(why)) => match path
                .key
                .as_ref()
                .filter(|_| may_move)
                .and_then(|k| occupant(world, k.1, |u| sight.as_ref().is_some_and(|s| s.hides(u))))
            {
                // A unit on the square (an ally: a foe offers the attack): say who, not the
                // planner's step refusal.
                Some(name) => format!("{name} stands there: pick a free square to move"),
                None => format!("Cannot move there: {why}"),
            },
            None => "Hover a square to plan a move | right-drag or WASD pans | wheel zooms | C centres".into(),
        }
    };
    // The rules' reasons name units by id ("provokes obozaya"): the player reads names.
    text.0 = named(world, &line, |u| sight.as_ref().is_some_and(|s| s.hides(u)));
}

/// The display name of a unit other than the active one standing on `at`, if the side on
/// screen sees it.
pub fn occupant(world: &World, at: crate::grid::Square, hidden: impl Fn(&UnitId) -> bool) -> Option<String> {
    let me = world.resource::<Combat>().active.clone()?;
    let unit = crate::gui::intake::targets::unit_picked(world, at, &me, 0)?;
    (!hidden(&unit)).then(|| unit_name(world, &unit))
}

/// The reactors a path provokes, each once by its display `name` with the number of squares
/// where it is provoked: " | provokes Obozaya (4 squares)". How many attacks that becomes is
/// the rules' business (reactions per round, AOO-1), so the line does not count attacks.
fn provoked_reactors(
    provokes: &[(crate::grid::Square, crate::rules::UnitId)],
    name: impl Fn(&UnitId) -> String,
) -> String {
    let mut reactors: Vec<(&crate::rules::UnitId, usize)> = Vec::new();
    for (_, r) in provokes {
        match reactors.iter_mut().find(|(u, _)| *u == r) {
            Some((_, n)) => *n += 1,
            None => reactors.push((r, 1)),
        }
    }
    if reactors.is_empty() {
        return String::new();
    }
    let who: Vec<String> = reactors
        .iter()
        .map(|(r, n)| match n {
            1 => name(r),
            n => format!("{} ({n} squares)", name(r)),
        })
        .collect();
    format!(" | provokes {}", who.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::hud::log::log_lines;
    use crate::rules::cmd;
    use crate::rules::{GameCommand, LifeState};

    /// A brute (acts first, a club dealing 5) next to a starfinder hero with 5 HP and `rp`
    /// Resolve; the brute's hit leaves the hero dying (HP-SF-1), then it is the hero's turn.
    fn hero_down(rp: u32) -> crate::history::Battle {
        let text = format!(
            r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (rows: ["....", "...."], legend: {{ '.': (terrain: Floor) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "brute", side: "b", at: (1, 0), speed: (land: 30), defenses: (eac: 10, kac: 10), health: (hp: 30),
         weapons: [(name: "Club", kind: Melee, attack: 30, damage: "5", damage_types: [Bludgeoning])]),
        (id: "hero", name: "Hero", side: "a", at: (0, 0), speed: (land: 30), defenses: (eac: 10, kac: 10),
         health: (hp: 5, rp: {rp})),
    ])"##
        );
        let mut b = crate::testing::battle(&text, &[20, 1, 10]);
        let hero = UnitId("hero".into());
        crate::testing::ok(
            &mut b,
            GameCommand::Attack(cmd::Attack {
                unit: UnitId("brute".into()),
                target: hero.clone(),
                weapon: None,
                defensively: false,
                mount: None,
            }),
        );
        crate::testing::ok(
            &mut b,
            GameCommand::EndTurn(cmd::EndTurn {
                unit: UnitId("brute".into()),
            }),
        );
        assert_eq!(b.world().resource::<Combat>().active, Some(hero));
        b
    }

    /// After a full attack (starfinder: a full action takes the standard, move and swift
    /// actions, §4.2) the status line says the turn's actions are spent and E ends it; before
    /// it, nothing of the kind.
    #[test]
    fn a_spent_turn_says_so_instead_of_refusing_moves() {
        let text = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (rows: ["....", "...."], legend: { '.': (terrain: Floor) }),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "brute", name: "Brute", side: "b", at: (1, 0), speed: (land: 30), defenses: (eac: 10, kac: 10), health: (hp: 30),
         weapons: [(name: "Club", kind: Melee, attack: 1, damage: "1", damage_types: [Bludgeoning])]),
        (id: "hero", side: "a", at: (0, 0), speed: (land: 30), defenses: (eac: 30, kac: 30), health: (hp: 50)),
    ])"##;
        let mut b = crate::testing::battle(text, &[20, 1, 2, 2, 2, 2]);
        let brute = UnitId("brute".into());
        assert_eq!(spent_prompt(b.world(), &brute), None);
        let full = crate::rules::attack::options::full_attack_choice(b.world(), &brute, &UnitId("hero".into()), None);
        crate::testing::ok(&mut b, full);
        assert_eq!(
            spent_prompt(b.world(), &brute).as_deref(),
            Some("Brute has spent the turn's actions | E ends the turn")
        );
        assert_eq!(spent_prompt(b.world(), &UnitId("hero".into())), None, "not its turn");
    }

    /// A message stays while the cursor stays on its square and goes once it moves on to
    /// another square (whose preview it would hide); a board appearing under a resting
    /// cursor (a battle just opened) is not a move.
    #[test]
    fn a_message_goes_when_the_cursor_moves_to_another_square() {
        use crate::grid::Square;
        use crate::gui::state::hover::Hover;
        use bevy::window::CursorMoved;
        let mut app = App::new();
        app.add_message::<CursorMoved>()
            .insert_resource(Hover(None))
            .insert_resource(StatusLine::default())
            .add_systems(Update, forget_message_on_a_new_square);
        app.update();
        app.world_mut().resource_mut::<StatusLine>().0 = "Save loaded: round 1.".into();
        app.world_mut().resource_mut::<Hover>().0 = Some(Square::new(1, 1));
        app.update();
        assert_eq!(
            app.world().resource::<StatusLine>().0,
            "Save loaded: round 1.",
            "the board appeared under the cursor"
        );
        app.update();
        assert_eq!(
            app.world().resource::<StatusLine>().0,
            "Save loaded: round 1.",
            "same square"
        );
        let moved = CursorMoved {
            window: Entity::PLACEHOLDER,
            position: Vec2::new(40.0, 10.0),
            delta: None,
        };
        app.world_mut().write_message(moved);
        app.world_mut().resource_mut::<Hover>().0 = Some(Square::new(2, 1));
        app.update();
        assert!(app.world().resource::<StatusLine>().0.is_empty(), "another square");
    }

    fn bar_of(b: &crate::history::Battle, unit: &UnitId) -> ActionBar {
        ActionBar {
            key: None,
            entries: crate::gui::views::bar::availability(b.world(), Some(unit), None, None),
        }
    }

    /// The attack status line on a square a rider shares with its vehicle names the target
    /// and the switch key; alone on its square a target gets no such hint.
    #[test]
    fn the_attack_line_says_who_is_targeted_on_a_shared_square_and_how_to_switch() {
        let mut b = crate::testing::battle(include_str!("../../../scenarios/starfinder_buggy_raid.ron"), &[]);
        crate::testing::pass_until_turn_of(&mut b, "goblin_1");
        let w = b.world();
        let me = UnitId("goblin_1".into());
        let at = crate::grid::Square::new(3, 5);
        let vehicle = crate::gui::views::attack::attack_hover_with(w, &me, at, None, None, 1).expect("the buggy");
        let line = attack_line(w, Some(&vehicle));
        assert!(line.starts_with("Target: Exploration buggy | "), "{line}");
        assert!(
            line.ends_with(" | Buddy shares this square: X targets Buddy instead"),
            "{line}"
        );
        let alone =
            crate::gui::views::attack::attack_hover_with(w, &me, crate::grid::Square::new(17, 7), None, None, 0)
                .expect("goblin_2 stands there");
        assert_eq!(alone.sharing, None);
        assert!(!attack_line(w, Some(&alone)).starts_with("Target:"));
        assert!(attack_line(w, None).starts_with("Hover an enemy"));
    }

    /// HP-SF-2: a dying hero with no Resolve to stabilize may only end its turn: the status
    /// line says so; with Resolve left it may stabilize, and no such prompt shows.
    #[test]
    fn hp_sf_2_a_down_unit_that_may_only_end_its_turn_is_prompted_to_press_e() {
        let hero = UnitId("hero".into());
        let b = hero_down(0);
        assert_eq!(
            crate::rules::unit_component::<LifeState>(b.world(), &hero).copied(),
            Some(LifeState::Dying)
        );
        let bar = bar_of(&b, &hero);
        assert_eq!(
            down_prompt(b.world(), &hero, &bar),
            Some("Hero is down: press E to end its turn".into()),
            "{:?}",
            bar.entries
        );
        let b = hero_down(3);
        let bar = bar_of(&b, &hero);
        assert_eq!(bar.allowed(Action::Recover), Ok(()), "stabilizing is allowed");
        assert_eq!(down_prompt(b.world(), &hero, &bar), None);
    }

    /// Issue #18: a square another unit stands on says who is there, not the planner's step
    /// refusal; a hidden unit is not named; the active unit's own square names nobody.
    #[test]
    fn an_occupied_square_says_who_stands_there() {
        let b = hero_down(3);
        let w = b.world();
        let brute = crate::grid::Square::new(1, 0);
        assert_eq!(occupant(w, brute, |_| false), Some("brute".into()));
        assert_eq!(occupant(w, brute, |u| u.0 == "brute"), None, "hidden");
        assert_eq!(
            occupant(w, crate::grid::Square::new(0, 0), |_| false),
            None,
            "the hero itself"
        );
        assert_eq!(occupant(w, crate::grid::Square::new(3, 1), |_| false), None, "empty");
    }

    #[test]
    fn the_log_shows_the_last_narrated_events() {
        let mut battle = crate::gui::testkit::tutorial();
        let all = log_lines(&battle, usize::MAX);
        assert!(!all.is_empty(), "initiative is narrated");
        let unit = battle.world().resource::<Combat>().active.clone().expect("a turn");
        battle
            .submit(GameCommand::EndTurn(cmd::EndTurn { unit }))
            .expect("ends");
        let last = log_lines(&battle, 2);
        assert_eq!(last.len(), 2);
        assert_eq!(log_lines(&battle, usize::MAX).last(), last.last());
    }

    /// One reactor threatening four squares of a path is named once (it gets its one attack
    /// of opportunity, AOO-1, not four).
    #[test]
    fn a_reactor_is_named_once_with_its_squares() {
        let sq = |i| crate::grid::Square::new(i, 0);
        let path = [
            (sq(1), "obozaya".into()),
            (sq(2), "obozaya".into()),
            (sq(3), "navasi".into()),
            (sq(4), "obozaya".into()),
        ];
        let name = |u: &UnitId| {
            let mut c = u.0.chars();
            c.next()
                .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
        };
        assert_eq!(
            super::provoked_reactors(&path, name),
            " | provokes Obozaya (3 squares), Navasi",
            "display names, not ids (issue #18)"
        );
        assert_eq!(super::provoked_reactors(&[], name), "");
    }
}
