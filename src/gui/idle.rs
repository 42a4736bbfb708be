//! No work when idle (issue #18 item 11): the window updates and redraws only on input (window
//! events), and for a short while after something changed, instead of every frame. Owns the
//! winit update mode and the "stay awake" window; draws nothing and decides no rule.
//!
//! Something that moves on its own (an animation, a floating text, a held pan key) keeps the
//! window awake while it runs: either a system here sees its component, or its owner writes a
//! `RequestRedraw` message each frame, or calls [`Awake::extend`].

use crate::gui::board::animation::{Flash, Slide};
use crate::gui::board::feedback::Floating;
use crate::gui::computer::{ComputerTurn, Doing};
use crate::gui::state::screen::Screen;
use crate::gui::state::session::Revision;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::Duration;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.insert_resource(reactive_settings());
    app.add_message::<RequestRedraw>();
    app.init_resource::<Awake>();
    app.add_systems(
        Update,
        (
            wake_on_change,
            wake_while_animating,
            wake_while_panning,
            wake_while_the_computer_plays,
            // Last: it reads what the others asked for this frame.
            request_redraw_while_awake,
        )
            .chain()
            .after(crate::gui::state::screen::AppSystems::Draw),
    );
}

/// How long the window waits between updates with no input at all (focused, unfocused). Long:
/// nothing on the battle screen changes by itself; the wait only bounds how stale a missed
/// wake-up can leave the picture.
pub const FOCUSED_WAIT: Duration = Duration::from_secs(2);
pub const UNFOCUSED_WAIT: Duration = Duration::from_secs(10);

/// Seconds the window keeps updating every frame after the battle changed (the slides, flashes
/// and floating results of its events play meanwhile) and after a screen opened (its images and
/// render pipelines finish loading).
pub const AFTER_CHANGE_SECS: f64 = 2.0;
pub const AFTER_SCREEN_SECS: f64 = 1.5;

/// The winit update mode of the game: reactive, low power (raw device motion elsewhere on the
/// desktop does not wake it; input on its window does).
pub fn reactive_settings() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(FOCUSED_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(UNFOCUSED_WAIT),
    }
}

/// Until when (real seconds since start-up) the window updates every frame.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Awake {
    pub until: f64,
}

impl Default for Awake {
    /// Awake for the first moments: images, fonts and pipelines load in the first frames.
    fn default() -> Self {
        Self {
            until: AFTER_SCREEN_SECS,
        }
    }
}

impl Awake {
    /// Stays awake at least `secs` after `now`.
    pub fn extend(&mut self, now: f64, secs: f64) {
        self.until = self.until.max(now + secs);
    }

    pub fn is_awake(&self, now: f64) -> bool {
        now < self.until
    }
}

fn wake_on_change(
    time: Res<Time<Real>>,
    revision: Option<Res<Revision>>,
    screen: Option<Res<State<Screen>>>,
    mut awake: ResMut<Awake>,
) {
    let now = time.elapsed_secs_f64();
    if revision.is_some_and(|r| r.is_changed()) {
        awake.extend(now, AFTER_CHANGE_SECS);
    }
    if screen.is_some_and(|s| s.is_changed()) {
        awake.extend(now, AFTER_SCREEN_SECS);
    }
}

/// The board's own animations (slides, hit flashes, floating numbers) keep it awake.
// A Bevy query filter (STYLE 13).
#[allow(clippy::type_complexity)]
fn wake_while_animating(
    time: Res<Time<Real>>,
    playing: Query<(), Or<(With<Slide>, With<Flash>, With<Floating>)>>,
    mut awake: ResMut<Awake>,
) {
    if !playing.is_empty() {
        awake.extend(time.elapsed_secs_f64(), 0.1);
    }
}

/// The computer's turn goes on by itself (its decision off the frame, its paced commands):
/// awake while it thinks or acts, not while it waits behind an open panel.
fn wake_while_the_computer_plays(time: Res<Time<Real>>, computer: Option<Res<ComputerTurn>>, mut awake: ResMut<Awake>) {
    if computer.is_some_and(|c| matches!(c.doing, Doing::Thinking | Doing::Acting)) {
        awake.extend(time.elapsed_secs_f64(), 0.1);
    }
}

/// A held key repeats only slowly (or not at all): panning with a held key needs every frame.
fn wake_while_panning(time: Res<Time<Real>>, keys: Option<Res<ButtonInput<KeyCode>>>, mut awake: ResMut<Awake>) {
    let held = keys.is_some_and(|k| {
        k.any_pressed([
            KeyCode::KeyW,
            KeyCode::KeyA,
            KeyCode::KeyS,
            KeyCode::KeyD,
            KeyCode::ArrowUp,
            KeyCode::ArrowDown,
            KeyCode::ArrowLeft,
            KeyCode::ArrowRight,
        ])
    });
    if held {
        awake.extend(time.elapsed_secs_f64(), 0.1);
    }
}

fn request_redraw_while_awake(time: Res<Time<Real>>, awake: Res<Awake>, mut redraw: MessageWriter<RequestRedraw>) {
    if awake.is_awake(time.elapsed_secs_f64()) {
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::ecs::message::Messages;

    /// Issue #18 item 11: the game installs a reactive update mode, focused and unfocused, so
    /// an idle battle does not redraw every frame.
    #[test]
    fn the_game_updates_reactively() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        plugin(&mut app);
        let settings = app.world().resource::<WinitSettings>();
        for mode in [settings.focused_mode, settings.unfocused_mode] {
            assert!(
                matches!(mode, UpdateMode::Reactive { wait, react_to_device_events: false, .. } if wait >= FOCUSED_WAIT),
                "{mode:?}"
            );
        }
    }

    fn redraws(app: &mut App) -> usize {
        app.update();
        app.world_mut()
            .resource_mut::<Messages<RequestRedraw>>()
            .drain()
            .count()
    }

    /// After a battle change the window stays awake for a while, then goes quiet; a running
    /// animation keeps it awake whatever the time.
    #[test]
    fn a_change_wakes_the_window_for_a_while_and_animations_keep_it_awake() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.init_resource::<Revision>();
        plugin(&mut app);
        // Start-up: awake, then (the clock past the start-up window) quiet.
        assert_eq!(redraws(&mut app), 1);
        app.world_mut().resource_mut::<Awake>().until = 0.0;
        // The revision was added at start: the first frames count it as changed.
        app.update();
        app.world_mut().resource_mut::<Awake>().until = 0.0;
        assert_eq!(redraws(&mut app), 0, "idle: no redraw");
        app.world_mut().resource_mut::<Revision>().0 += 1;
        assert_eq!(redraws(&mut app), 1, "a battle change wakes it");
        app.world_mut().resource_mut::<Awake>().until = 0.0;
        assert_eq!(redraws(&mut app), 0);
        let e = app
            .world_mut()
            .spawn(Floating {
                age: 0.0,
                from: Vec2::ZERO,
            })
            .id();
        assert_eq!(redraws(&mut app), 1, "an animation keeps it awake");
        app.world_mut().resource_mut::<Awake>().until = 0.0;
        assert_eq!(redraws(&mut app), 1);
        app.world_mut().despawn(e);
        app.world_mut().resource_mut::<Awake>().until = 0.0;
        assert_eq!(redraws(&mut app), 0);
        // The computer thinking or acting keeps it awake; waiting behind a panel does not.
        let mut computer = ComputerTurn::default();
        computer.doing = Doing::Thinking;
        app.insert_resource(computer);
        assert_eq!(redraws(&mut app), 1, "the computer plays");
        app.world_mut().resource_mut::<ComputerTurn>().doing = Doing::Paused;
        app.world_mut().resource_mut::<Awake>().until = 0.0;
        assert_eq!(redraws(&mut app), 0, "the computer waits behind a panel");
    }

    #[test]
    fn awake_extends_and_never_shortens() {
        let mut awake = Awake { until: 5.0 };
        awake.extend(1.0, 1.0);
        assert_eq!(awake.until, 5.0);
        awake.extend(4.5, 2.0);
        assert_eq!(awake.until, 6.5);
        assert!(awake.is_awake(6.0) && !awake.is_awake(6.5));
    }
}
