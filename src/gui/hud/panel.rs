//! The choice panel on screen: the open panel (`state::panel`) as one small list of options in
//! the middle of the battle screen, each with its key and, when greyed out, the reason; its
//! keys and buttons write the [`Chosen`] option, which whoever opened the panel handles (the
//! ready and maneuver pickers, the reaction prompt, the in-game menu, the vehicle orders).
//! While it is open, the board's keys and clicks are its own.

use crate::gui::hud::log::named;
use crate::gui::state::keys::key_name;
use crate::gui::state::panel::{Chosen, Panel, pick};
use crate::gui::state::screen::{AppSystems, PanelKeys, Screen};
use crate::gui::state::session::{Session, StatusLine};
use crate::gui::views::sight::Sight;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(OnExit(Screen::Battle), close_panel);
    app.add_systems(
        Update,
        (panel_keys.in_set(PanelKeys), panel_buttons)
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Battle)),
    );
    app.add_systems(
        Update,
        draw_panel
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle))
            .run_if(resource_changed::<Panel>),
    );
}

fn close_panel(mut panel: ResMut<Panel>) {
    panel.0 = None;
}

fn panel_keys(
    keys: Res<ButtonInput<KeyCode>>,
    panel: Res<Panel>,
    mut chosen: MessageWriter<Chosen>,
    mut status: ResMut<StatusLine>,
) {
    let Some(spec) = &panel.0 else { return };
    match pick(spec, &keys) {
        Some(Ok(choice)) => {
            chosen.write(Chosen {
                kind: spec.kind,
                choice,
            });
        }
        Some(Err(why)) => status.0 = why,
        None => {}
    }
}

/// A button of the open panel: its option's place.
#[derive(Component)]
struct PanelButton(usize);

#[derive(Component)]
struct PanelRoot;

fn panel_buttons(
    buttons: Query<(&Interaction, &PanelButton), Changed<Interaction>>,
    panel: Res<Panel>,
    mut chosen: MessageWriter<Chosen>,
    mut status: ResMut<StatusLine>,
) {
    let Some(spec) = &panel.0 else { return };
    for (interaction, button) in &buttons {
        if *interaction != Interaction::Pressed {
            continue;
        }
        let Some(option) = spec.options.get(button.0) else {
            continue;
        };
        match &option.allowed {
            Ok(()) => {
                chosen.write(Chosen {
                    kind: spec.kind,
                    choice: option.choice.clone(),
                });
            }
            Err(why) => status.0 = why.clone(),
        }
    }
}

fn draw_panel(
    mut commands: Commands,
    panel: Res<Panel>,
    session: Option<Res<Session>>,
    sight: Option<Res<Sight>>,
    roots: Query<Entity, With<PanelRoot>>,
) {
    for root in &roots {
        commands.entity(root).despawn();
    }
    let Some(spec) = &panel.0 else { return };
    // The rules' reasons name units by id ("buddy is piloting buggy"): the player reads names.
    let named = |text: String| match &session {
        Some(s) => named(s.battle.world(), &text, |u| sight.as_ref().is_some_and(|v| v.hides(u))),
        None => text,
    };
    let title = (
        Text::new(spec.title.clone()),
        TextFont::from_font_size(16.0),
        TextColor(Color::srgb(1.0, 0.85, 0.45)),
    );
    let rows: Vec<_> = spec
        .options
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let text = named(match &o.allowed {
                Ok(()) => format!("{}  {}", key_name(o.key), o.label),
                Err(why) => format!("{}  {} — {why}", key_name(o.key), o.label),
            });
            let colour = if o.allowed.is_ok() {
                Color::WHITE
            } else {
                Color::srgb(0.5, 0.5, 0.53)
            };
            (
                Name::new(format!("Panel option {i}")),
                PanelButton(i),
                Button,
                Node {
                    padding: UiRect::axes(Val::Px(10.0), Val::Px(5.0)),
                    ..default()
                },
                BackgroundColor(Color::srgb(0.18, 0.22, 0.3)),
                children![(Text::new(text), TextFont::from_font_size(14.0), TextColor(colour))],
            )
        })
        .collect();
    commands.spawn((
        Name::new("Choice panel"),
        PanelRoot,
        DespawnOnExit(Screen::Battle),
        Interaction::default(),
        GlobalZIndex(10),
        Node {
            position_type: PositionType::Absolute,
            left: Val::Percent(30.0),
            top: Val::Percent(25.0),
            min_width: Val::Percent(40.0),
            // A long reason wraps inside the window rather than running off its edge.
            max_width: Val::Percent(60.0),
            padding: UiRect::all(Val::Px(14.0)),
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(6.0),
            ..default()
        },
        BackgroundColor(Color::srgba(0.05, 0.06, 0.08, 0.95)),
        children![
            title,
            (
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: Val::Px(4.0),
                    ..default()
                },
                Children::spawn(SpawnIter(rows.into_iter())),
            ),
            (
                Text::new("Esc closes"),
                TextFont::from_font_size(12.0),
                TextColor(Color::srgb(0.6, 0.6, 0.65)),
            )
        ],
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::state::intent::Intent;
    use crate::gui::state::keys::digit;
    use crate::gui::state::keys::key_name;
    use crate::gui::state::panel::Choice;
    use crate::gui::state::panel::PanelKind;
    use crate::gui::state::panel::PanelOption;
    use crate::gui::state::panel::PanelSpec;

    fn spec() -> PanelSpec {
        PanelSpec {
            kind: PanelKind::Menu,
            title: "t".into(),
            options: vec![
                PanelOption::new("Resume", digit(0), Choice::Close),
                PanelOption::new("Undo", digit(1), Choice::Intent(Intent::Undo)).greyed(Err("nothing to undo".into())),
            ],
        }
    }

    /// Issue #18: a greyed option's reason from the rules names units by display name, not id.
    #[test]
    fn a_greyed_options_reason_names_units_not_ids() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        let battle = crate::testing::battle(include_str!("../../../scenarios/starfinder_buggy_raid.ron"), &[]);
        app.insert_resource(crate::gui::state::session::Session::new(battle));
        app.insert_resource(Panel(Some(PanelSpec {
            kind: PanelKind::Menu,
            title: "t".into(),
            options: vec![
                PanelOption::new("Take control", digit(0), Choice::Close).greyed(Err("buddy is piloting buggy".into())),
            ],
        })));
        app.add_systems(Update, draw_panel);
        app.update();
        let mut texts = app.world_mut().query::<&Text>();
        let shown: Vec<String> = texts.iter(app.world()).map(|t| t.0.clone()).collect();
        assert!(
            shown
                .iter()
                .any(|t| t == "1  Take control — Buddy is piloting Exploration buggy"),
            "{shown:?}"
        );
    }

    #[test]
    fn a_key_picks_its_option_a_greyed_one_says_why_and_esc_closes() {
        let mut keys = ButtonInput::<KeyCode>::default();
        assert_eq!(pick(&spec(), &keys), None);
        keys.press(KeyCode::Digit1);
        assert_eq!(pick(&spec(), &keys), Some(Ok(Choice::Close)));
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::Digit2);
        assert_eq!(pick(&spec(), &keys), Some(Err("nothing to undo".into())));
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::Escape);
        assert_eq!(pick(&spec(), &keys), Some(Ok(Choice::Close)));
        assert_eq!(key_name(KeyCode::Digit0), "0");
        assert_eq!(key_name(KeyCode::KeyY), "Y");
        assert_eq!(key_name(KeyCode::Escape), "Esc");
    }
}
