//! The window's test kit, for every headless GUI test: the battles they play (the tutorial
//! hot-seat and against the computer, a duel on a unit's turn, a unit beside a foe, the
//! Redliner chase), an app
//! over a battle in a known state with the interaction state and the intake, and the input a
//! test gives: a key tapped, a square clicked, a button pressed. No input plugin runs in a
//! headless app, so each press is cleared here as the next frame would clear it. Imports only
//! the layers below the window's folders (`state`, `look`, `intake`, `saves`): a test adds the
//! plugins of the folder it checks.

use crate::grid::Square;
use crate::gui::look::tiles::GuiImages;
use crate::gui::saves::DataDir;
use crate::gui::state::action::Action;
use crate::gui::state::hover::Hover;
use crate::gui::state::screen::{Screen, order_sets};
use crate::gui::state::session::Session;
use crate::history::Battle;
use crate::rules::cmd;
use crate::rules::{Combat, GameCommand, UnitId};
use crate::scenario::{DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, Templates, load_str};
use crate::testing::{DUEL, battle, ok};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use std::path::PathBuf;

/// The tutorial played hot-seat (both sides by people), as the tests of the board's
/// commands, hand-offs and prompts drive it.
pub fn tutorial() -> Battle {
    let text = crate::testing::hot_seat(DEFAULT_SCENARIO);
    let spec = load_str(&text, DEFAULT_SCENARIO_NAME, &Templates::shipped()).expect("valid");
    let seed = spec.seed.unwrap_or(0);
    Battle::start(spec, &text, DEFAULT_SCENARIO_NAME, seed, Vec::new()).expect("starts")
}

/// The tutorial as shipped: the computer plays the scavengers.
pub fn tutorial_vs_computer() -> Battle {
    let spec = load_str(DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, &Templates::shipped()).expect("valid");
    let seed = spec.seed.unwrap_or(0);
    Battle::start(spec, DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, seed, Vec::new()).expect("starts")
}

/// The duel's active unit.
pub fn me() -> UnitId {
    UnitId("me".into())
}

/// The duel on `me`'s turn (the foe acted first and ended its turn).
pub fn my_turn() -> Battle {
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

/// `me` (no weapon) at (2, 2) next to `foe` at (3, 2), who has a blade. The foe acts first (so
/// it is no longer flat-footed, §3.2) and ends its turn; `me` is active.
pub const BESIDE_FOE: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (12, 8), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", side: "a", at: (2, 2), speed: (land: 30), initiative: 0,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "foe", side: "b", at: (3, 2), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
    ],
)"##;

/// `me`, unarmed, beside an armed foe on `me`'s turn (the movement overlays' fixture).
pub fn beside_foe() -> Battle {
    let mut b = battle(BESIDE_FOE, &[]);
    let foe = UnitId("foe".into());
    assert_eq!(b.world().resource::<Combat>().active, Some(foe.clone()));
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: foe }));
    b
}

/// The verdict listed for action `a`.
pub fn allowed(entries: &[(Action, Result<(), String>)], a: Action) -> Result<(), String> {
    entries.iter().find(|(x, _)| *x == a).expect("listed").1.clone()
}

/// Hidden information: `me` west of a wall, `seen` in the open, `lurker` behind the wall,
/// `dark` in darkness.
const HIDE: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    hidden_information: true,
    map: (rows: [
        "..........",
        "....#.....",
        "....#.....",
        "....#....d",
        "..........",
    ], legend: { '.': (terrain: Floor), '#': (terrain: Wall), 'd': (terrain: Floor, light: Darkness) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", side: "a", at: (3, 2), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "seen", side: "b", at: (1, 4), speed: (land: 30), initiative: 1,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "lurker", side: "b", at: (5, 2), speed: (land: 30), initiative: 2,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "dark", side: "b", at: (9, 3), speed: (land: 30), initiative: 3,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
    ],
)"##;

/// The hidden-information fixture at its start (`me` acts first).
pub fn hide_and_seek() -> Battle {
    battle(HIDE, &[])
}

const REDLINER: &str = include_str!("../../scenarios/starfinder_redliner_chase.ron");
/// Initiative of the sample (buddy, chalak, merris, sssazza, ysoki1, ysoki2 in that order):
/// Sssazza 18, Buddy 16, Merris 12, ysoki 1 11, ysoki 2 10, Cha'lak 6.
const INITIATIVE: [u32; 6] = [16, 6, 12, 18, 11, 10];

/// The shipped Redliner chase with the sample's initiative rolls, then `more` dice.
pub fn redliner(more: &[u32]) -> Battle {
    let dice: Vec<u32> = INITIATIVE.iter().chain(more).copied().collect();
    battle(REDLINER, &dice)
}

/// The interaction state and the intake: what every battle-screen plugin builds on.
pub fn session_plugin(app: &mut App) {
    app.add_plugins((crate::gui::state::plugin, crate::gui::intake::plugin));
}

/// A headless app on the battle screen over `battle`, with the keyboard and mouse, the set
/// order, the interaction state and the intake, and no data directory; not yet updated, so a
/// test adds its folder's plugins first.
pub fn battle_app(battle: Battle) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(Session::new(battle));
    app.insert_state(Screen::Battle);
    app.init_resource::<ButtonInput<KeyCode>>();
    app.init_resource::<ButtonInput<MouseButton>>();
    app.insert_resource(DataDir(None));
    order_sets(&mut app);
    app.add_plugins(session_plugin);
    app
}

/// Default image handles in place of the embedded images (a headless app has no asset
/// server to load them), for the tests that draw tokens.
pub fn stand_in_images() -> GuiImages {
    GuiImages {
        terrain: default(),
        token: default(),
        dot: default(),
        ring: default(),
        door: default(),
    }
}

/// Presses `key` alone for one frame (anything still held is released first), then releases
/// and clears it.
pub fn tap_key(app: &mut App, key: KeyCode) {
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
        keys.press(key);
    }
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
}

/// Hovers `at` for a frame, then left-clicks it for one frame and clears the click.
pub fn click(app: &mut App, at: Square) {
    app.world_mut().resource_mut::<Hover>().0 = Some(at);
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .press(MouseButton::Left);
    app.update();
    let mut buttons = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
    buttons.release_all();
    buttons.clear();
}

/// Presses the UI button whose `Name` is `name` and runs a frame.
pub fn press_button(app: &mut App, name: &str) {
    let button = app
        .world_mut()
        .query::<(Entity, &Name, &Interaction)>()
        .iter(app.world())
        .find(|(_, n, _)| n.as_str() == name)
        .map(|(e, _, _)| e)
        .unwrap_or_else(|| panic!("a button {name}"));
    app.world_mut().entity_mut(button).insert(Interaction::Pressed);
    app.update();
}

/// A fresh, empty temporary folder for a test's files (`name` tells the tests apart).
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fivefoot-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}
