//! The chase panel's test fixtures: the shipped Redliner chase with the sample's initiative,
//! a headless app with the session and the chase panel, and a press of one of its buttons.

use crate::gui::vehicles::chase::panel::ChaseButton;
use crate::gui::{Screen, Session};
use bevy::prelude::*;

const REDLINER: &str = include_str!("../../../../scenarios/starfinder_redliner_chase.ron");
/// Initiative of the sample (buddy, chalak, merris, sssazza, ysoki1, ysoki2 in that order):
/// Sssazza 18, Buddy 16, Merris 12, ysoki 1 11, ysoki 2 10, Cha'lak 6.
const INITIATIVE: [u32; 6] = [16, 6, 12, 18, 11, 10];

/// The shipped Redliner chase with the sample's initiative rolls, then `more` dice.
pub fn redliner(more: &[u32]) -> crate::history::Battle {
    let dice: Vec<u32> = INITIATIVE.iter().chain(more).copied().collect();
    crate::testing::battle(REDLINER, &dice)
}

pub fn headless(b: crate::history::Battle) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
    app.insert_resource(Session::new(b));
    app.insert_state(Screen::Battle);
    app.init_resource::<ButtonInput<KeyCode>>();
    crate::gui::order_sets(&mut app);
    app.add_plugins((
        crate::gui::session::plugin,
        super::panel::plugin,
        super::intents::plugin,
        super::view::plugin,
    ));
    app.update();
    app
}

/// Presses the chase button named `Chase button {label}` and runs a frame.
pub fn press(app: &mut App, label: &str) {
    let button = app
        .world_mut()
        .query::<(Entity, &Name, &ChaseButton)>()
        .iter(app.world())
        .find(|(_, n, _)| n.as_str() == format!("Chase button {label}"))
        .map(|(e, _, _)| e)
        .unwrap_or_else(|| panic!("a button {label}"));
    app.world_mut().entity_mut(button).insert(Interaction::Pressed);
    app.update();
}
