//! The action bar's test fixtures: a duel on the unit's turn, and a headless app with the
//! session, the action bar and the panel.

use crate::gui::Screen;
use crate::gui::hud::actions::entries::Action;
use crate::rules::cmd;
use crate::rules::{Combat, GameCommand, UnitId};
use crate::testing::{battle, ok};
use bevy::prelude::*;

/// `me` (a blade) at (2, 2) next to `foe` at (3, 2); `far` (no weapon) across the room.
/// The foe acts first and ends its turn; `me` is active.
const DUEL: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (12, 8), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", side: "a", at: (2, 2), speed: (land: 30), initiative: 5,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing]),
                   (name: "Knife", kind: Melee, attack: 1, damage: "1d4", damage_types: [Piercing])]),
        (id: "foe", side: "b", at: (3, 2), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
    ],
)"##;

pub fn me() -> UnitId {
    UnitId("me".into())
}

pub fn my_turn() -> crate::history::Battle {
    let mut b = battle(DUEL, &[]);
    ok(
        &mut b,
        GameCommand::EndTurn(cmd::EndTurn {
            unit: UnitId("foe".into()),
        }),
    );
    assert_eq!(b.world().resource::<Combat>().active, Some(me()));
    b
}

pub fn allowed(entries: &[(Action, Result<(), String>)], a: Action) -> Result<(), String> {
    entries.iter().find(|(x, _)| *x == a).expect("listed").1.clone()
}

/// A headless app on `my_turn` with the session, the action bar and the panel, one frame in.
pub fn bar_app() -> App {
    use crate::gui::session::{Session, plugin as session_plugin};
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
    app.insert_resource(Session::new(my_turn()));
    app.insert_state(Screen::Battle);
    app.init_resource::<ButtonInput<KeyCode>>();
    crate::gui::order_sets(&mut app);
    app.add_plugins((session_plugin, super::plugin, crate::gui::hud::panel::plugin));
    app.update();
    app
}
