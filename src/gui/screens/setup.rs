//! The setup step before a battle (issue #17): title → scenario → setup → battle. It lists each
//! side (name, colour) with who plays it, a person or the computer at Easy, Normal or Hard,
//! starting from what the scenario says (`control`, `ai`); Start puts the battle on screen with
//! the sides as chosen, Back returns to the title. Up/Down or the mouse pick a line, Left/Right,
//! Enter or a click change who plays a side; Enter on Start (selected at first) begins; Esc is
//! Back. [`play_scenario`] is the title's one way into a battle from a scenario.
//!
//! The choice is written into the scenario text the battle starts from (by the editor's
//! writer), so the battle's save carries it and a loaded save plays the computer's sides
//! again. Owns no rule.

use crate::gui::intake::open::open_session;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::history::Battle;
use crate::rules::SideId;
use crate::scenario::format::{AiDef, AiLevel, Control};
use crate::scenario::{DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, Templates, load_str, read_text};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Setup), spawn_setup_screen);
    app.add_systems(
        Update,
        (setup_keys, setup_mouse)
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Setup)),
    );
    app.add_systems(
        Update,
        act_on_setup.in_set(AppSystems::Apply).run_if(in_state(Screen::Setup)),
    );
    app.add_systems(
        Update,
        draw_setup
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Setup))
            .run_if(resource_exists_and_changed::<SetupScreen>),
    );
}

/// A scenario to be played: its text, the name it goes by in messages and saves, and where
/// its stat-block templates are looked up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioSource {
    pub text: String,
    pub label: String,
    /// The scenario file (`None`: the embedded tutorial, with the shipped templates).
    pub path: Option<PathBuf>,
}

impl ScenarioSource {
    /// The embedded default scenario (the tutorial).
    pub fn built_in() -> Self {
        Self {
            text: DEFAULT_SCENARIO.to_string(),
            label: DEFAULT_SCENARIO_NAME.to_string(),
            path: None,
        }
    }

    /// The scenario file at `path`, or why it cannot be read.
    pub fn file(path: &Path) -> Result<Self, String> {
        let text = read_text(path).map_err(|d| lines(&d))?;
        Ok(Self {
            text,
            label: path.display().to_string(),
            path: Some(path.to_path_buf()),
        })
    }

    fn templates(&self) -> Templates {
        self.path
            .as_deref()
            .map_or_else(Templates::shipped, Templates::for_scenario)
    }
}

fn lines(diagnostics: &[crate::scenario::Diagnostic]) -> String {
    diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
}

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    Human,
    Computer(AiLevel),
}

impl Who {
    const CYCLE: [Who; 4] = [
        Who::Human,
        Who::Computer(AiLevel::Easy),
        Who::Computer(AiLevel::Normal),
        Who::Computer(AiLevel::Hard),
    ];

    /// The next choice (Human → Easy → Normal → Hard → Human), or the one before.
    pub fn step(self, forward: bool) -> Who {
        let at = Self::CYCLE.iter().position(|w| *w == self).unwrap_or(0);
        let n = Self::CYCLE.len();
        Self::CYCLE[if forward { (at + 1) % n } else { (at + n - 1) % n }]
    }

    pub fn label(self) -> String {
        match self {
            Who::Human => "Human".into(),
            Who::Computer(level) => format!("Computer ({level:?})"),
        }
    }
}

/// One side on the setup screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideChoice {
    pub id: SideId,
    pub name: String,
    pub colour: [u8; 3],
    pub who: Who,
}

/// What Start or Back asked for, applied by `act_on_setup`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupAction {
    Start,
    Back,
}

/// The setup screen's state: the scenario, each side's choice, the selected line (the sides,
/// then Start, then Back), a message (why the battle could not start) and the action asked for.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct SetupScreen {
    pub source: ScenarioSource,
    pub name: String,
    pub sides: Vec<SideChoice>,
    pub selected: usize,
    pub message: String,
    pub action: Option<SetupAction>,
}

impl SetupScreen {
    /// The setup of `source` as the scenario gives it, Start selected; or the validator's
    /// messages.
    pub fn of(source: ScenarioSource) -> Result<Self, String> {
        let spec = load_str(&source.text, &source.label, &source.templates()).map_err(|d| lines(&d))?;
        let sides: Vec<SideChoice> = spec
            .sides
            .iter()
            .map(|s| SideChoice {
                id: s.id.clone(),
                name: s.name.clone(),
                colour: s.colour,
                who: match s.ai_level() {
                    Some(level) => Who::Computer(level),
                    None => Who::Human,
                },
            })
            .collect();
        Ok(Self {
            selected: sides.len(),
            name: spec.name.clone(),
            source,
            sides,
            message: String::new(),
            action: None,
        })
    }

    /// The number of lines: the sides, Start, Back.
    pub fn lines(&self) -> usize {
        self.sides.len() + 2
    }

    /// Enter or a click on the selected line: a side's choice steps on; Start or Back is asked for.
    pub fn activate(&mut self) {
        let n = self.sides.len();
        match self.selected {
            i if i < n => self.sides[i].who = self.sides[i].who.step(true),
            i if i == n => self.action = Some(SetupAction::Start),
            _ => self.action = Some(SetupAction::Back),
        }
    }

    /// The scenario text with each side's control as chosen (the text itself when nothing
    /// changed), written by the editor's writer (which keeps the layout where it can).
    pub fn scenario_text(&self) -> Result<String, String> {
        let mut doc =
            crate::editor::EditorDoc::from_text(&self.source.text, &self.source.label).map_err(|d| lines(&d))?;
        let mut changed = false;
        for choice in &self.sides {
            let Some(side) = doc.file.sides.iter_mut().find(|s| s.id == choice.id.0) else {
                continue;
            };
            let (control, ai) = match choice.who {
                Who::Human => (Control::Human, None),
                // The file's own `ai` stays when the level is the one it gives.
                Who::Computer(level) if side.control == Control::Ai && side.ai.unwrap_or_default().level == level => {
                    (Control::Ai, side.ai)
                }
                Who::Computer(level) => (Control::Ai, Some(AiDef { level })),
            };
            if side.control != control || side.ai != ai {
                side.control = control;
                side.ai = ai;
                changed = true;
            }
        }
        Ok(match changed {
            true => doc.to_ron(),
            false => self.source.text.clone(),
        })
    }

    /// The battle with the sides as chosen: the scenario's seed, else a fresh one (as
    /// `fivefoot play` does); the embedded tutorial always has its seed.
    pub fn battle(&self) -> Result<Battle, String> {
        let text = self.scenario_text()?;
        let spec = load_str(&text, &self.source.label, &self.source.templates()).map_err(|d| lines(&d))?;
        let seed = spec.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
        Battle::start(spec, &text, &self.source.label, seed, Vec::new()).map_err(|e| e.to_string())
    }
}

/// Plays a scenario from the title: opens the setup step for it, or says why it cannot be
/// played (the title shows the message).
pub fn play_scenario(world: &mut World, source: Result<ScenarioSource, String>) -> Result<(), String> {
    let setup = SetupScreen::of(source?)?;
    world.insert_resource(setup);
    world.resource_mut::<NextState<Screen>>().set(Screen::Setup);
    Ok(())
}

#[derive(Component)]
struct SetupList;

#[derive(Component)]
struct SetupRow(usize);

fn spawn_setup_screen(mut commands: Commands, setup: Res<SetupScreen>) {
    commands.spawn((
        Name::new("Setup screen"),
        DespawnOnExit(Screen::Setup),
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(Val::Px(32.0)),
            row_gap: Val::Px(12.0),
            ..default()
        },
        BackgroundColor(Color::srgb(0.08, 0.09, 0.12)),
        children![
            (
                Name::new("Title"),
                Text::new(format!("{}: who plays each side?", setup.name)),
                TextFont::from_font_size(32.0),
                TextColor(Color::srgb(0.95, 0.85, 0.55)),
            ),
            (
                Name::new("Keys"),
                Text::new(
                    "Up/Down or the mouse to choose a line; Left/Right, Enter or a click change who plays a side \
                     (Human, or the computer at Easy, Normal or Hard); Enter on Start begins; Esc goes back."
                ),
                TextFont::from_font_size(14.0),
                TextColor(Color::srgb(0.65, 0.65, 0.7)),
            ),
            (
                Name::new("Setup list"),
                SetupList,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: Val::Px(4.0),
                    ..default()
                },
            ),
        ],
    ));
}

/// The text of line `i`: a side with who plays it, Start, or Back.
fn line_text(setup: &SetupScreen, i: usize) -> String {
    match setup.sides.get(i) {
        Some(side) => format!("{}   ◀ {} ▶", side.name, side.who.label()),
        None if i == setup.sides.len() => "Start".into(),
        None => "Back".into(),
    }
}

fn draw_setup(mut commands: Commands, setup: Res<SetupScreen>, list: Single<Entity, With<SetupList>>) {
    commands.entity(*list).despawn_related::<Children>();
    commands.entity(*list).with_children(|list| {
        for i in 0..setup.lines() {
            let background = match i == setup.selected {
                true => Color::srgb(0.22, 0.3, 0.45),
                false => Color::srgb(0.12, 0.13, 0.17),
            };
            let swatch = setup
                .sides
                .get(i)
                .map_or(Color::NONE, |s| Color::srgb_u8(s.colour[0], s.colour[1], s.colour[2]));
            list.spawn((
                Name::new(format!("Setup line {i}")),
                SetupRow(i),
                Button,
                Node {
                    column_gap: Val::Px(12.0),
                    align_items: AlignItems::Center,
                    padding: UiRect::axes(Val::Px(12.0), Val::Px(8.0)),
                    width: Val::Px(600.0),
                    ..default()
                },
                BackgroundColor(background),
                children![
                    (
                        Node {
                            width: Val::Px(18.0),
                            height: Val::Px(18.0),
                            ..default()
                        },
                        BackgroundColor(swatch),
                    ),
                    (
                        Text::new(line_text(&setup, i)),
                        TextFont::from_font_size(20.0),
                        TextColor(Color::WHITE),
                    ),
                ],
            ));
        }
        if !setup.message.is_empty() {
            list.spawn((
                Text::new(setup.message.clone()),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(1.0, 0.7, 0.6)),
            ));
        }
    });
}

fn setup_keys(keys: Res<ButtonInput<KeyCode>>, mut setup: ResMut<SetupScreen>) {
    let n = setup.lines();
    if keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::KeyS]) {
        setup.selected = (setup.selected + 1) % n;
    }
    if keys.any_just_pressed([KeyCode::ArrowUp, KeyCode::KeyW]) {
        setup.selected = (setup.selected + n - 1) % n;
    }
    let selected = setup.selected;
    for (key, forward) in [(KeyCode::ArrowRight, true), (KeyCode::ArrowLeft, false)] {
        if keys.just_pressed(key)
            && let Some(side) = setup.sides.get_mut(selected)
        {
            side.who = side.who.step(forward);
        }
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        setup.activate();
    }
    if keys.just_pressed(KeyCode::Escape) {
        setup.action = Some(SetupAction::Back);
    }
}

fn setup_mouse(rows: Query<(&Interaction, &SetupRow), Changed<Interaction>>, mut setup: ResMut<SetupScreen>) {
    for (interaction, row) in &rows {
        match interaction {
            Interaction::Hovered if setup.selected != row.0 => setup.selected = row.0,
            Interaction::Pressed => {
                setup.selected = row.0;
                setup.activate();
            }
            _ => {}
        }
    }
}

/// Start: the battle goes on screen with the sides as chosen (or the screen says why not);
/// Back: the title.
fn act_on_setup(world: &mut World) {
    let Some(action) = world.resource_mut::<SetupScreen>().action.take() else {
        return;
    };
    match action {
        SetupAction::Back => world.resource_mut::<NextState<Screen>>().set(Screen::Title),
        SetupAction::Start => match world.resource::<SetupScreen>().battle() {
            Ok(battle) => open_session(world, battle),
            Err(why) => world.resource_mut::<SetupScreen>().message = format!("Cannot start it:\n{why}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::saves::DataDir;
    use crate::gui::state::session::Session;
    use crate::history::Sides;
    use bevy::state::app::StatesPlugin;

    fn setup_app(source: ScenarioSource) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.insert_state(Screen::Title);
        app.insert_resource(DataDir(None));
        app.init_resource::<ButtonInput<KeyCode>>();
        crate::gui::state::screen::order_sets(&mut app);
        app.add_plugins((plugin, crate::gui::testkit::session_plugin));
        app.update();
        play_scenario(app.world_mut(), Ok(source)).expect("a valid scenario");
        app.update();
        app
    }

    fn screen(app: &App) -> Screen {
        *app.world().resource::<State<Screen>>().get()
    }

    /// A key tapped, and the frame after it.
    fn tap(app: &mut App, key: KeyCode) {
        crate::gui::testkit::tap_key(app, key);
        app.update();
    }

    fn control_of(battle: &Battle, side: &str) -> (Control, AiLevel) {
        let sides = &battle.world().resource::<Sides>().0;
        let s = sides.iter().find(|s| s.id.0 == side).expect("the side");
        (s.control, s.level)
    }

    #[test]
    fn the_choices_start_from_the_scenario_and_cycle_through_the_levels() {
        let setup = SetupScreen::of(ScenarioSource::built_in()).expect("valid");
        let who: Vec<Who> = setup.sides.iter().map(|s| s.who).collect();
        assert_eq!(
            who,
            [Who::Human, Who::Computer(AiLevel::Easy)],
            "the tutorial gives its scavengers to the computer at Easy"
        );
        assert_eq!(setup.selected, setup.sides.len(), "Start is selected first");
        let mut w = Who::Human;
        let mut seen = Vec::new();
        for _ in 0..4 {
            w = w.step(true);
            seen.push(w);
        }
        assert_eq!(seen.last(), Some(&Who::Human));
        assert_eq!(Who::Human.step(false), Who::Computer(AiLevel::Hard));
        assert_eq!(
            setup.scenario_text().expect("writes"),
            DEFAULT_SCENARIO,
            "nothing changed: the text as it is"
        );
    }

    /// Enter on Start with the scenario's own choices: the computer plays the scavengers.
    #[test]
    fn start_with_the_defaults_opens_the_battle_as_the_scenario_says() {
        let mut app = setup_app(ScenarioSource::built_in());
        assert_eq!(screen(&app), Screen::Setup);
        tap(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Battle);
        let battle = &app.world().resource::<Session>().battle;
        assert_eq!(control_of(battle, "goblins"), (Control::Ai, AiLevel::Easy));
        assert_eq!(control_of(battle, "crew").0, Control::Human);
        assert_eq!(battle.save().scenario, DEFAULT_SCENARIO);
    }

    /// Hot-seat is one step away, and the crew can be given to the computer at Hard: the
    /// choices reach the battle and its save, and a loaded save plays them again.
    #[test]
    fn the_chosen_sides_reach_the_battle_and_its_save() {
        let mut app = setup_app(ScenarioSource::built_in());
        // Up: the scavengers' line (Start is selected first).
        tap(&mut app, KeyCode::ArrowUp);
        tap(&mut app, KeyCode::ArrowLeft);
        assert_eq!(
            app.world().resource::<SetupScreen>().sides[1].who,
            Who::Computer(AiLevel::Easy).step(false),
            "Left on the scavengers' line steps back"
        );
        tap(&mut app, KeyCode::ArrowRight);
        tap(&mut app, KeyCode::ArrowRight);
        tap(&mut app, KeyCode::ArrowRight);
        tap(&mut app, KeyCode::ArrowRight);
        assert_eq!(app.world().resource::<SetupScreen>().sides[1].who, Who::Human);
        tap(&mut app, KeyCode::ArrowUp);
        // Enter on a side's line steps it on: Human → Easy → Normal → Hard.
        tap(&mut app, KeyCode::Enter);
        tap(&mut app, KeyCode::Enter);
        tap(&mut app, KeyCode::Enter);
        let setup = app.world().resource::<SetupScreen>().clone();
        assert_eq!(setup.sides[0].who, Who::Computer(AiLevel::Hard));
        assert_eq!(screen(&app), Screen::Setup);
        tap(&mut app, KeyCode::ArrowDown);
        tap(&mut app, KeyCode::ArrowDown);
        tap(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Battle);
        let battle = &app.world().resource::<Session>().battle;
        assert_eq!(control_of(battle, "crew"), (Control::Ai, AiLevel::Hard));
        assert_eq!(control_of(battle, "goblins").0, Control::Human);
        let save = battle.save();
        let saved = load_str(&save.scenario, "saved", &Templates::shipped()).expect("valid");
        let shipped = load_str(DEFAULT_SCENARIO, "shipped", &Templates::shipped()).expect("valid");
        assert_eq!(saved.units, shipped.units, "only the sides changed");
        assert!(
            save.scenario
                .contains(r##"(id: "crew", name: "Relay Crew", control: Ai, colour: "#3a7bd5", ai: (level: Hard))"##),
            "{}",
            save.scenario
        );
        let loaded = Battle::load(&save, &Templates::shipped()).expect("loads");
        assert_eq!(control_of(&loaded, "crew"), (Control::Ai, AiLevel::Hard));
        assert_eq!(control_of(&loaded, "goblins").0, Control::Human);
    }

    #[test]
    fn back_and_escape_return_to_the_title_without_a_battle() {
        let mut app = setup_app(ScenarioSource::built_in());
        tap(&mut app, KeyCode::ArrowDown);
        tap(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Title, "Back");
        assert!(app.world().get_resource::<Session>().is_none());
        play_scenario(app.world_mut(), Ok(ScenarioSource::built_in())).expect("valid");
        app.update();
        assert_eq!(screen(&app), Screen::Setup);
        tap(&mut app, KeyCode::Escape);
        assert_eq!(screen(&app), Screen::Title, "Esc");
        assert!(app.world().get_resource::<Session>().is_none());
    }

    #[test]
    fn an_unreadable_or_invalid_scenario_is_refused_with_why() {
        let missing = ScenarioSource::file(Path::new("no-such-file.ron"));
        assert!(missing.is_err());
        let broken = ScenarioSource {
            text: "Scenario(version: 1,".into(),
            label: "broken.ron".into(),
            path: None,
        };
        let why = SetupScreen::of(broken).expect_err("broken");
        assert!(why.contains("broken.ron"), "{why}");
    }
}
