//! Hot-seat hand-off: when the turn passes to a unit of another human side, a screen hides the
//! board ("Pass to Scavengers", in that side's colour) until the next player clicks or presses
//! Enter or Space. The decision is the pure [`needs_hand_off`]; `screens::route_battle` applies it.

use super::session::Session;
use super::{AppSystems, Screen};
use crate::history::{Battle, Sides};
use crate::rules::{Combat, SideId};
use crate::scenario::format::Control;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HandOff>();
    app.add_systems(OnEnter(Screen::Handoff), spawn_hand_off_screen);
    app.add_systems(
        Update,
        continue_after_hand_off
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Handoff)),
    );
}

/// The hand-off's memory: whose side played last, and to whom the board is being passed.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct HandOff {
    /// Off, the board stays visible between sides (one player, or the window test).
    pub enabled: bool,
    /// The side of the unit that had the last turn seen.
    pub last_side: Option<SideId>,
    /// The side the board is passed to while the hand-off screen shows.
    pub to: Option<SideId>,
}

impl Default for HandOff {
    fn default() -> Self {
        Self {
            enabled: true,
            last_side: None,
            to: None,
        }
    }
}

impl HandOff {
    /// The side of the battle's active unit, if a unit has the turn.
    pub fn active_side(battle: &Battle) -> Option<SideId> {
        let world = battle.world();
        let unit = world.resource::<Combat>().active.clone()?;
        let entity = world.resource::<crate::rules::UnitIndex>().0.get(&unit).copied()?;
        world.get::<SideId>(entity).cloned()
    }

    /// Notes the side now playing; says whether the board must be handed to it first.
    pub fn turn_seen(&mut self, battle: &Battle) -> bool {
        let now = Self::active_side(battle);
        let sides = &battle.world().resource::<Sides>().0;
        let human = |s: &SideId| sides.iter().any(|side| &side.id == s && side.control == Control::Human);
        let pass = self.enabled && needs_hand_off(self.last_side.as_ref(), now.as_ref(), human);
        if now.is_some() {
            self.last_side = now.clone();
        }
        if pass {
            self.to = now;
        }
        pass
    }
}

/// Whether the board must be handed over: the turn passed from one human side to another.
pub fn needs_hand_off(last: Option<&SideId>, now: Option<&SideId>, human: impl Fn(&SideId) -> bool) -> bool {
    match (last, now) {
        (Some(last), Some(now)) => last != now && human(last) && human(now),
        _ => false,
    }
}

fn spawn_hand_off_screen(mut commands: Commands, hand_off: Res<HandOff>, session: NonSend<Session>) {
    let sides = &session.battle.world().resource::<Sides>().0;
    let side = hand_off.to.as_ref().and_then(|to| sides.iter().find(|s| &s.id == to));
    let (name, colour) = side.map_or(("the next player".to_string(), Color::WHITE), |s| {
        (s.name.clone(), Color::srgb_u8(s.colour[0], s.colour[1], s.colour[2]))
    });
    commands.spawn((
        Name::new("Hand-off screen"),
        DespawnOnExit(Screen::Handoff),
        Button,
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: Val::Px(20.0),
            ..default()
        },
        BackgroundColor(Color::srgb(0.05, 0.05, 0.07)),
        children![
            (
                Name::new("Pass to"),
                Text::new(format!("Pass to {name}")),
                TextFont::from_font_size(48.0),
                TextColor(colour),
            ),
            (
                Name::new("Hint"),
                Text::new(format!("{name}: click or press Enter when you are at the screen.")),
                TextFont::from_font_size(18.0),
                TextColor(Color::srgb(0.75, 0.75, 0.8)),
            ),
        ],
    ));
}

fn continue_after_hand_off(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space])
        || buttons.just_pressed(MouseButton::Left)
    {
        screen.set(Screen::Battle);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(s: &str) -> SideId {
        SideId(s.into())
    }

    #[test]
    fn only_a_change_between_human_sides_hands_off() {
        let all = |_: &SideId| true;
        assert!(needs_hand_off(Some(&side("a")), Some(&side("b")), all));
        assert!(!needs_hand_off(Some(&side("a")), Some(&side("a")), all));
        assert!(
            !needs_hand_off(None, Some(&side("a")), all),
            "not before the first turn"
        );
        assert!(!needs_hand_off(Some(&side("a")), None, all), "not between rounds");
        assert!(!needs_hand_off(Some(&side("a")), Some(&side("b")), |s| s.0 == "a"));
    }
}
