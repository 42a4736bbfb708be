//! The vehicle chase panel on screen (RULES.md §26, issue #7): when the battle has a `Chase`
//! (from the scenario, or once a grid battle turned into one, VEH-22), a panel docked under
//! the top bar (`dock` refits the camera so the map stays visible below it) draws the chase
//! view (`view`): the strip of zones, what left the chase, the phase and who acts, and the
//! buttons: the acting pilot's menu with DCs and modifiers (greyed with the rules' reason
//! when not allowed), the double maneuver toggle (M), end pilot turn (N), the stay toggles
//! (`stay`, CHS-10) with chase progress (G), and the combat phase's collide and board buttons
//! (`combat`). A hovered button says its modifiers or the reason; a pressed one sends its
//! intent (`intents`). The combat phase is otherwise played with the normal action bar and
//! attack mode; the log lines are `rules::narrate`'s in the HUD. Decides no rule.

use crate::gui::look::camera::{HUD_RIGHT, HUD_TOP};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Session, StatusLine};
use crate::gui::vehicles::chase::intents::ChaseIntent;
use crate::gui::vehicles::chase::view::ChaseView;
use crate::history::Sides;
use crate::rules::SideId;
use crate::rules::chase::{ChasePhase, Departure};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Battle), spawn_chase_panel);
    app.add_systems(
        Update,
        (
            press_chase_buttons.in_set(AppSystems::Input),
            draw_chase_panel.in_set(AppSystems::Draw),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// The chase panel's root (hidden when the battle is no chase).
#[derive(Component)]
pub(in crate::gui) struct ChasePanel;

#[derive(Component)]
struct PhaseText;

#[derive(Component)]
struct Strip;

#[derive(Component)]
struct OffBoardText;

#[derive(Component)]
struct MenuRow;

/// A button of the chase panel: the intent it sends, its hover line, and the rules' verdict.
#[derive(Component, Debug, Clone)]
pub struct ChaseButton {
    pub intent: ChaseIntent,
    pub hint: String,
    pub allowed: Result<(), String>,
    /// A pilot action's chance of success, in percent, shown on the button.
    pub odds: Option<u32>,
}

/// The height of the chase panel under the top bar.
pub const CHASE_PANEL: f32 = 220.0;

fn spawn_chase_panel(mut commands: Commands) {
    commands.spawn((
        Name::new("Chase panel"),
        ChasePanel,
        DespawnOnExit(Screen::Battle),
        // Its top follows the top bar's measured height (`HudMargins`), as the tracker's.
        crate::gui::look::camera::BelowTopBar,
        Interaction::default(),
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(HUD_TOP),
            left: Val::Px(0.0),
            right: Val::Px(HUD_RIGHT),
            min_height: Val::Px(CHASE_PANEL),
            padding: UiRect::all(Val::Px(8.0)),
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(6.0),
            display: Display::None,
            ..default()
        },
        BackgroundColor(Color::srgba(0.05, 0.06, 0.08, 0.94)),
        children![
            (
                Name::new("Chase phase"),
                PhaseText,
                Text::new(""),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(0.95, 0.85, 0.55)),
            ),
            (
                Name::new("Chase strip"),
                Strip,
                Node {
                    column_gap: Val::Px(3.0),
                    // A long chase (the board grows a zone at a time) shrinks its zones to the
                    // panel's width instead of running under the initiative list.
                    width: Val::Percent(100.0),
                    ..default()
                },
            ),
            (
                Name::new("Off the board"),
                OffBoardText,
                Text::new(""),
                TextFont::from_font_size(13.0),
                TextColor(Color::srgb(0.75, 0.7, 0.7)),
            ),
            (
                Name::new("Pilot menu"),
                MenuRow,
                Node {
                    flex_wrap: FlexWrap::Wrap,
                    column_gap: Val::Px(4.0),
                    row_gap: Val::Px(4.0),
                    ..default()
                },
            ),
        ],
    ));
}

fn side_colour(sides: &Sides, side: &SideId) -> Color {
    sides
        .0
        .iter()
        .find(|s| s.id == *side)
        .map_or(Color::srgb(0.5, 0.5, 0.5), |s| {
            Color::srgb_u8(s.colour[0], s.colour[1], s.colour[2])
        })
}

fn departure(d: Departure) -> &'static str {
    match d {
        Departure::Escaped => "escaped",
        Departure::LeftBehind => "left behind",
        Departure::Wrecked => "wrecked",
    }
}

/// The buttons of the panel for the phase: the pilot menu, the toggle and end pilot turn, or
/// chase progress.
pub fn buttons(view: &ChaseView) -> Vec<(String, ChaseButton)> {
    let mut out = Vec::new();
    if let Some(menu) = &view.menu {
        for e in &menu.entries {
            let hint = match (&e.allowed, e.dc) {
                (Err(why), _) => format!("{} not possible: {why}", e.label),
                (Ok(()), Some(_)) => match e.chance {
                    Some(p) => format!("{} = {} | {p}% to succeed", e.label, e.breakdown),
                    None => format!("{} = {}", e.label, e.breakdown),
                },
                (Ok(()), None) => e.label.clone(),
            };
            out.push((
                e.label.clone(),
                ChaseButton {
                    intent: ChaseIntent::Pilot {
                        action: e.action,
                        target: e.target.clone(),
                    },
                    hint,
                    allowed: e.allowed.clone(),
                    odds: e.chance,
                },
            ));
        }
        let (toggle, allowed) = match (menu.double_forced, menu.double) {
            (true, _) => (
                "Double maneuver: second part".to_string(),
                Err("the first part was taken".to_string()),
            ),
            (false, on) => (format!("M Double maneuver: {}", if on { "on" } else { "off" }), Ok(())),
        };
        out.push((
            toggle.clone(),
            ChaseButton {
                intent: ChaseIntent::ToggleDouble,
                hint: "A double maneuver takes two pilot actions as a full action, each with the penalty shown in its modifier"
                    .into(),
                allowed,
                odds: None,
            },
        ));
        out.push((
            "N End pilot turn".into(),
            ChaseButton {
                intent: ChaseIntent::EndPilotTurn,
                hint: "End the pilot turn (with no pilot action taken the vehicle is uncontrolled)".into(),
                allowed: menu.end_turn.clone(),
                odds: None,
            },
        ));
    }
    for e in &view.combat {
        let hint = match &e.allowed {
            Err(why) => format!("{} not possible: {why}", e.label),
            Ok(()) => e.label.clone(),
        };
        out.push((
            e.label.clone(),
            ChaseButton {
                intent: ChaseIntent::Combat(e.command.clone()),
                hint,
                odds: None,
                allowed: e.allowed.clone(),
            },
        ));
    }
    for t in &view.stay {
        out.push((
            t.label.clone(),
            ChaseButton {
                intent: ChaseIntent::ToggleStay(t.vehicle.clone()),
                hint: "If this vehicle escapes at chase progress, it drops back to one zone ahead of its nearest adversary instead (CHS-10)".into(),
                allowed: Ok(()),
                odds: None,
            },
        ));
    }
    if view.board.as_ref().is_some_and(|b| b.phase == ChasePhase::Progress) {
        out.push((
            "G Chase progress".into(),
            ChaseButton {
                intent: ChaseIntent::Progress,
                hint: "Run chase progress: vehicles move by their pilots' results".into(),
                allowed: view.progress.clone().unwrap_or(Ok(())),
                odds: None,
            },
        ));
    }
    out
}

const BUTTON: Color = Color::srgb(0.18, 0.22, 0.3);
const BUTTON_GREY: Color = Color::srgb(0.13, 0.13, 0.14);

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::type_complexity)]
fn draw_chase_panel(
    mut commands: Commands,
    view: Res<ChaseView>,
    sides: Res<Session>,
    panel: Single<(Entity, &mut Node), With<ChasePanel>>,
    strip: Single<Entity, With<Strip>>,
    menu: Single<Entity, With<MenuRow>>,
    mut texts: ParamSet<(
        Single<&mut Text, With<PhaseText>>,
        Single<&mut Text, With<OffBoardText>>,
    )>,
) {
    if !view.is_changed() {
        return;
    }
    let (_, mut node) = panel.into_inner();
    let Some(board) = &view.board else {
        node.display = Display::None;
        return;
    };
    node.display = Display::Flex;
    texts.p0().0 = board.phase_line.clone();
    texts.p1().0 = match board.off_board.len() {
        0 => String::new(),
        _ => format!(
            "Off the board: {}",
            board
                .off_board
                .iter()
                .map(|(n, d)| format!("{n} ({})", departure(*d)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let sides = sides.battle.world().resource::<Sides>().clone();
    commands.entity(*strip).despawn_related::<Children>();
    commands.entity(*strip).with_children(|row| {
        for zone in &board.zones {
            row.spawn((
                Name::new(format!("Zone {}", zone.number)),
                Node {
                    flex_direction: FlexDirection::Column,
                    // 110 px each while they fit; narrower (names wrap) when there are many.
                    flex_basis: Val::Px(110.0),
                    flex_shrink: 1.0,
                    min_width: Val::Px(0.0),
                    max_width: Val::Px(110.0),
                    min_height: Val::Px(90.0),
                    padding: UiRect::all(Val::Px(4.0)),
                    row_gap: Val::Px(3.0),
                    border: UiRect::all(Val::Px(1.0)),
                    ..default()
                },
                BorderColor::all(Color::srgb(0.35, 0.38, 0.45)),
                BackgroundColor(Color::srgb(0.1, 0.11, 0.14)),
            ))
            .with_children(|z| {
                z.spawn((
                    Text::new(format!("Zone {}", zone.number)),
                    TextFont::from_font_size(12.0),
                    TextColor(Color::srgb(0.6, 0.62, 0.7)),
                ));
                for group in &zone.groups {
                    let engaged = group.len() > 1;
                    z.spawn((
                        Name::new(if engaged { "Engagement" } else { "Vehicle" }),
                        Node {
                            flex_direction: FlexDirection::Column,
                            padding: UiRect::all(Val::Px(2.0)),
                            row_gap: Val::Px(2.0),
                            border: UiRect::all(Val::Px(if engaged { 2.0 } else { 0.0 })),
                            ..default()
                        },
                        BorderColor::all(Color::srgb(0.95, 0.75, 0.3)),
                    ))
                    .with_children(|g| {
                        if engaged {
                            g.spawn((
                                Text::new("engaged"),
                                TextFont::from_font_size(11.0),
                                TextColor(Color::srgb(0.95, 0.75, 0.3)),
                            ));
                        }
                        for v in group {
                            g.spawn((
                                Name::new(format!("Chase vehicle {}", v.id)),
                                Node {
                                    padding: UiRect::axes(Val::Px(4.0), Val::Px(2.0)),
                                    border: UiRect::all(Val::Px(if v.acting { 2.0 } else { 0.0 })),
                                    ..default()
                                },
                                BorderColor::all(Color::WHITE),
                                BackgroundColor(side_colour(&sides, &v.side)),
                                children![(
                                    Text::new(v.name.clone()),
                                    TextFont::from_font_size(12.0),
                                    TextColor(Color::WHITE),
                                    // A long chase's narrow zones break a long name mid-word
                                    // rather than cut it off.
                                    TextLayout {
                                        linebreak: LineBreak::WordOrCharacter,
                                        ..default()
                                    },
                                )],
                            ));
                        }
                    });
                }
            });
        }
    });
    commands.entity(*menu).despawn_related::<Children>();
    commands.entity(*menu).with_children(|row| {
        for (label, button) in buttons(&view) {
            let allowed = button.allowed.is_ok();
            // The name stays the label (tests and hover find the button by it); the text adds
            // the chance of success.
            let text = match button.odds {
                Some(p) => format!("{label} ({p}%)"),
                None => label.clone(),
            };
            row.spawn((
                Name::new(format!("Chase button {label}")),
                button,
                Button,
                Node {
                    padding: UiRect::axes(Val::Px(7.0), Val::Px(4.0)),
                    border: UiRect::all(Val::Px(1.0)),
                    ..default()
                },
                BorderColor::all(Color::srgb(0.55, 0.6, 0.7)),
                BackgroundColor(if allowed { BUTTON } else { BUTTON_GREY }),
                children![(
                    Text::new(text),
                    TextFont::from_font_size(13.0),
                    TextColor(if allowed {
                        Color::WHITE
                    } else {
                        Color::srgb(0.45, 0.45, 0.48)
                    }),
                )],
            ));
        }
    });
}

/// A hovered button says its modifiers or the rules' reason; a pressed one sends its intent,
/// or says why not when greyed out.
fn press_chase_buttons(
    buttons: Query<(&Interaction, &ChaseButton), Changed<Interaction>>,
    mut intents: MessageWriter<ChaseIntent>,
    mut status: ResMut<StatusLine>,
) {
    for (interaction, button) in &buttons {
        match interaction {
            Interaction::Pressed => match &button.allowed {
                Ok(()) => {
                    intents.write(button.intent.clone());
                }
                Err(_) => status.0 = button.hint.clone(),
            },
            Interaction::Hovered => status.0 = button.hint.clone(),
            Interaction::None => {}
        }
    }
}
