//! The choice panel: one small list of options in the middle of the battle screen, each with
//! its key and, when greyed out, the reason. The ready picker, the maneuver picker, the
//! reaction prompt and the in-game menu are all one of these; whoever opened it handles the
//! [`Chosen`] option. While it is open, the board's keys and clicks are its own.

use crate::gui::session::Intent;
use crate::gui::{AppSystems, Screen};
use crate::rules::{ReactionMode, SideId, UnitId};
use crate::ruleset::{ActionKind, ManeuverKind};
use bevy::prelude::*;
use std::path::PathBuf;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<Panel>();
    app.add_message::<Chosen>();
    app.add_systems(OnExit(Screen::Battle), close_panel);
    app.add_systems(
        Update,
        (panel_keys, panel_buttons)
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

/// What an option of a panel does; the module that opened the panel handles it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// Ready an action of this kind: next, the trigger (`actions`).
    ReadyKind(ActionKind),
    /// Ready `action` against `trigger` (`actions`).
    Ready { action: ActionKind, trigger: String },
    /// Aim this maneuver at a unit on the map (`actions`).
    Maneuver(ManeuverKind),
    /// Send this intent (`menu`: resume, save, undo, quit).
    Intent(Intent),
    /// Open a page of the menu (`menu`).
    Page(crate::gui::screens::menu::Page),
    /// Load this save (`menu`).
    Load(PathBuf),
    /// Set every unit of a side to this reaction mode (`reactions`).
    SideReactions { side: SideId, mode: ReactionMode },
    /// The prompted reactor takes (`true`) or passes up its attack of opportunity (`reactions`).
    React { reactor: UnitId, take: bool },
    /// A vehicle order or the heading after a drive (`piloting`).
    Vehicle(crate::gui::vehicles::piloting::VehicleChoice),
    /// Close the panel (Esc).
    Close,
}

/// One option: its label, its key, and whether it may be chosen now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PanelOption {
    pub label: String,
    pub key: KeyCode,
    pub choice: Choice,
    pub allowed: Result<(), String>,
}

impl PanelOption {
    pub fn new(label: impl Into<String>, key: KeyCode, choice: Choice) -> Self {
        Self {
            label: label.into(),
            key,
            choice,
            allowed: Ok(()),
        }
    }

    pub fn greyed(mut self, allowed: Result<(), String>) -> Self {
        self.allowed = allowed;
        self
    }
}

/// What a panel is for, so that only its owner handles what is chosen in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelKind {
    Ready,
    Maneuver,
    Menu,
    Reaction,
    ReactionSettings,
    Vehicle,
}

/// The open panel, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PanelSpec {
    pub kind: PanelKind,
    pub title: String,
    pub options: Vec<PanelOption>,
}

#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Panel(pub Option<PanelSpec>);

impl Panel {
    pub fn is_open(&self) -> bool {
        self.0.is_some()
    }

    /// The open panel's kind.
    pub fn kind(&self) -> Option<PanelKind> {
        self.0.as_ref().map(|p| p.kind)
    }
}

/// An option was chosen in a panel of `kind`.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    pub kind: PanelKind,
    pub choice: Choice,
}

/// The digit key of the `i`th option (1 to 9, then 0).
pub fn digit(i: usize) -> KeyCode {
    const KEYS: [KeyCode; 10] = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
        KeyCode::Digit0,
    ];
    KEYS[i.min(9)]
}

/// The label of a key as the panel shows it: "1", "Y", "Esc".
pub fn key_name(key: KeyCode) -> String {
    let name = format!("{key:?}");
    name.strip_prefix("Digit")
        .or_else(|| name.strip_prefix("Key"))
        .unwrap_or(match key {
            KeyCode::Escape => "Esc",
            _ => &name,
        })
        .to_string()
}

/// The option picked by the keys pressed this frame (Esc: close), if it may be chosen; a
/// greyed-out one gives its reason instead.
pub fn pick(spec: &PanelSpec, keys: &ButtonInput<KeyCode>) -> Option<Result<Choice, String>> {
    if let Some(o) = spec.options.iter().find(|o| keys.just_pressed(o.key)) {
        return Some(o.allowed.clone().map(|()| o.choice.clone()));
    }
    keys.just_pressed(KeyCode::Escape).then_some(Ok(Choice::Close))
}

fn close_panel(mut panel: ResMut<Panel>) {
    panel.0 = None;
}

pub(in crate::gui) fn panel_keys(
    keys: Res<ButtonInput<KeyCode>>,
    panel: Res<Panel>,
    mut chosen: MessageWriter<Chosen>,
    mut status: ResMut<crate::gui::session::StatusLine>,
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
    mut status: ResMut<crate::gui::session::StatusLine>,
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
    session: Option<Res<crate::gui::session::Session>>,
    sight: Option<Res<crate::gui::board::visibility::Sight>>,
    roots: Query<Entity, With<PanelRoot>>,
) {
    for root in &roots {
        commands.entity(root).despawn();
    }
    let Some(spec) = &panel.0 else { return };
    // The rules' reasons name units by id ("buddy is piloting buggy"): the player reads names.
    let named = |text: String| match &session {
        Some(s) => crate::gui::hud::log::named(s.battle.world(), &text, |u| sight.as_ref().is_some_and(|v| v.hides(u))),
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
        app.insert_resource(crate::gui::session::Session::new(battle));
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
