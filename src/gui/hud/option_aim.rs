//! The aim of a kind from "More actions" on screen (issue #25 item 1): the squares its
//! preview covers (a withdraw's path, a spell's template, autofire's area), a ring on each
//! unit it is aimed at or catches and an area's origin (`views::option_aim`), and the side
//! panel with the rules' numbers; X switches between the commands the hovered point allows.
//! Decides no rule.

use crate::gui::hud::arms::SWITCH_TARGET;
use crate::gui::hud::attack::preview_panel_look;
use crate::gui::hud::log::named;
use crate::gui::look::palette::{AREA_COLOUR, PATH_COLOUR};
use crate::gui::look::tiles::{GuiImages, TILE, intersection_point, space_centre, square_centre};
use crate::gui::state::hover::Hover;
use crate::gui::state::mode::{Mode, TargetPick};
use crate::gui::state::panel::Panel;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::gui::views::option_aim::OptionAimView;
use crate::rules::GameCommand;
use crate::rules::reactions::threat::space_of;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Battle), spawn_option_panel);
    app.add_systems(
        Update,
        (
            switch_choice.in_set(AppSystems::Input),
            (draw_option_aim, show_option_panel).in_set(AppSystems::Draw),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// X: the next of the commands the hovered point allows (aid another: the next ally or foe;
/// a spell's point: the next spell caught there).
fn switch_choice(
    keys: Res<ButtonInput<KeyCode>>,
    mode: Res<Mode>,
    panel: Res<Panel>,
    hover: Res<Hover>,
    revision: Res<Revision>,
    view: Res<OptionAimView>,
    mut pick: ResMut<TargetPick>,
) {
    if !matches!(*mode, Mode::Option(_)) || panel.is_open() || !keys.just_pressed(SWITCH_TARGET) {
        return;
    }
    let (Some(at), Some(aim)) = (hover.0, view.hover.as_ref()) else {
        return;
    };
    if aim.allowed < 2 {
        return;
    }
    *pick = TargetPick {
        square: Some(at),
        revision: Some(*revision),
        index: (pick.on(at, *revision) + 1) % aim.allowed,
    };
}

/// One drawn piece of the aim's preview.
#[derive(Component)]
pub struct OptionAimMarker;

fn draw_option_aim(
    mut commands: Commands,
    session: Res<Session>,
    view: Res<OptionAimView>,
    images: Res<GuiImages>,
    old: Query<Entity, With<OptionAimMarker>>,
) {
    if !view.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(hover) = &view.hover else { return };
    let moves = matches!(hover.sent().map(|c| &c.command), Some(GameCommand::Move(_)));
    let colour = if moves {
        PATH_COLOUR.with_alpha(0.55)
    } else {
        AREA_COLOUR.with_alpha(0.4)
    };
    for sq in &hover.preview.squares {
        commands.spawn((
            Name::new(format!("Aim square {sq}")),
            OptionAimMarker,
            DespawnOnExit(Screen::Battle),
            Sprite {
                color: colour,
                custom_size: Some(Vec2::splat(TILE * 0.96)),
                ..default()
            },
            Transform::from_translation(square_centre(*sq).extend(5.5)),
        ));
    }
    if let Some(origin) = hover.preview.origin {
        commands.spawn((
            Name::new("Aim origin"),
            OptionAimMarker,
            DespawnOnExit(Screen::Battle),
            Sprite {
                image: images.dot.clone(),
                color: AREA_COLOUR,
                custom_size: Some(Vec2::splat(TILE * 0.3)),
                ..default()
            },
            Transform::from_translation(intersection_point(origin).extend(9.0)),
        ));
    }
    let world = session.battle.world();
    for unit in &hover.preview.units {
        let Some(space) = space_of(world, unit) else { continue };
        commands.spawn((
            Name::new(format!("Aimed at {unit}")),
            OptionAimMarker,
            DespawnOnExit(Screen::Battle),
            Sprite {
                image: images.ring.clone(),
                color: AREA_COLOUR,
                custom_size: Some(Vec2::splat(TILE * space.side as f32 * 1.05)),
                ..default()
            },
            Transform::from_translation(space_centre(space).extend(8.0)),
        ));
    }
}

#[derive(Component)]
struct OptionPanel;

#[derive(Component)]
struct OptionPanelText;

/// The numbers' panel, where the attack and area previews' panels are (one mode at a time).
fn spawn_option_panel(mut commands: Commands) {
    commands.spawn((
        Name::new("Aim preview panel"),
        OptionPanel,
        DespawnOnExit(Screen::Battle),
        Interaction::default(),
        preview_panel_look(),
        children![(
            Name::new("Aim preview"),
            OptionPanelText,
            Text::new(""),
            TextFont::from_font_size(13.0),
            TextColor(Color::srgb(0.92, 0.92, 0.85)),
        )],
    ));
}

fn show_option_panel(
    session: Res<Session>,
    view: Res<OptionAimView>,
    mut panel: Single<&mut Node, With<OptionPanel>>,
    mut text: Single<&mut Text, With<OptionPanelText>>,
) {
    if !view.is_changed() {
        return;
    }
    let lines = view.hover.as_ref().map(|h| h.preview.lines.clone()).unwrap_or_default();
    panel.display = if lines.is_empty() { Display::None } else { Display::Flex };
    // The rules' words name units by id: the panel shows names.
    text.0 = named(session.battle.world(), &lines.join("\n"), |_| false);
}
