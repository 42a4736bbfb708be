//! The computer's turns in the window (issue #17): whenever `ai::computer_to_act` names a side,
//! its next command is decided off the frame (on a fork of the battle, in an
//! `AsyncComputeTaskPool` task: a Hard decision tries candidate turns on forks and may take a
//! while in a debug build, and the window must keep drawing meanwhile) and sent through the
//! intake's intents like a player's, so it is gated for human reactors' prompts, animated,
//! logged, autosaved and undone like any other command. One command at a time, [`PACE`]
//! seconds apart (longer while a move still slides) so a person can follow; Space skips the
//! waits for the rest of that turn. A
//! decision made for a battle that changed meanwhile (a load, an undo) is dropped. The
//! computer waits while a panel is open (the menu, a reaction prompt). The indicator under
//! the top bar says which side the computer is playing and whether it is thinking or acting.
//! Decides no rule and no move: `crate::ai` does.
//! Over 600 lines: about 380 of them are its tests (pacing on a manual clock, fast-forward,
//! menus, saves mid-turn, reactions).

use crate::ai;
use crate::gui::intake::apply::apply_intents;
use crate::gui::intake::reactions::offer;
use crate::gui::look::camera::HUD_TOP;
use crate::gui::look::palette::PANEL;
use crate::gui::state::intent::Intent;
use crate::gui::state::panel::Panel;
use crate::gui::state::prompt::{Pending, ReactionPrompt};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{ComputerOpponent, Revision, Session};
use crate::gui::views::cues::{Cue, MAX_SLIDE_SECONDS, SECONDS_PER_SQUARE, cues};
use crate::history::{Battle, Sides};
use crate::rules::{GameCommand, SideId};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ComputerTurn>();
    app.init_resource::<ComputerOpponent>();
    app.add_systems(OnEnter(Screen::Battle), spawn_indicator);
    app.add_systems(
        Update,
        (
            fast_forward_on_space.in_set(AppSystems::Input),
            play_computer_turn.in_set(AppSystems::Apply).before(apply_intents),
            show_indicator.in_set(AppSystems::Draw),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// Seconds between two of the computer's commands (and before its first), so a person can
/// follow what it does; the slide of a move (0.15 s a square) mostly fits in it.
pub const PACE: f32 = 0.5;

/// The key that skips the waits for the rest of the computer's turn.
pub const FAST_FORWARD: KeyCode = KeyCode::Space;

/// Which battle a decision was made for: the view revision and the number of log entries
/// (a command, an undo, a load or re-entering the battle screen changes one of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct BattleKey {
    revision: u64,
    entries: usize,
}

impl BattleKey {
    fn of(battle: &Battle, revision: Revision) -> Self {
        Self {
            revision: revision.0,
            entries: battle.log().entries.len(),
        }
    }
}

/// What the computer is doing now, as the indicator says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Doing {
    /// No computer side is to act.
    #[default]
    Idle,
    /// Its next command is being decided.
    Thinking,
    /// A command is decided and is sent when the pace allows.
    Acting,
    /// A panel is open (the menu, a reaction prompt): it waits.
    Paused,
}

/// The computer's part of the battle on screen.
#[derive(Resource)]
pub struct ComputerTurn {
    /// The side the computer plays now and its level.
    pub playing: Option<(SideId, ai::Level)>,
    pub doing: Doing,
    /// Space was pressed: the rest of this computer turn goes without waits.
    pub fast: bool,
    /// Seconds between commands ([`PACE`]).
    pub pace: f32,
    /// The decision under way, for the battle as it was at its key.
    thinking: Option<(BattleKey, Task<Option<GameCommand>>)>,
    /// A decided command waiting for its moment.
    ready: Option<(BattleKey, GameCommand)>,
    /// The computer had no command for this battle (never expected: `computer_to_act` said it
    /// is to act); it is not asked again until the battle changes.
    gave_up: Option<BattleKey>,
    /// When the last command was sent, or the computer's turn began (`Time::elapsed_secs`).
    since: f32,
}

impl Default for ComputerTurn {
    fn default() -> Self {
        Self {
            playing: None,
            doing: Doing::Idle,
            fast: false,
            pace: PACE,
            thinking: None,
            ready: None,
            gave_up: None,
            since: 0.0,
        }
    }
}

impl ComputerTurn {
    /// Forgets every decision (a human is to act, or the battle was replaced).
    fn stand_down(&mut self) {
        self.playing = None;
        self.doing = Doing::Idle;
        self.fast = false;
        self.thinking = None;
        self.ready = None;
        self.gave_up = None;
    }
}

/// The command the computer gives now for `side` at `level`, decided on a fork of the battle
/// (the same choice as on the battle itself: same state, same dice stream), off the frame.
fn decide_off_frame(battle: &Battle, side: SideId, level: ai::Level) -> Task<Option<GameCommand>> {
    let fork = battle.fork();
    AsyncComputeTaskPool::get().spawn(async move { ai::next_command(&fork, &side, level) })
}

/// Starts, collects and sends the computer's decisions, one command at a time, paced.
// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn play_computer_turn(
    session: Res<Session>,
    revision: Res<Revision>,
    time: Res<Time>,
    mut turn: ResMut<ComputerTurn>,
    mut panel: ResMut<Panel>,
    mut prompt: ResMut<ReactionPrompt>,
    mut intents: MessageWriter<Intent>,
) {
    let battle = &session.battle;
    let now = time.elapsed_secs();
    let Some((side, level)) = ai::computer_to_act(battle) else {
        if turn.playing.is_some() {
            turn.stand_down();
        }
        return;
    };
    if turn.playing.as_ref().map(|(s, _)| s) != Some(&side) {
        // A new computer turn (or another computer side): the pace starts from here.
        turn.stand_down();
        turn.since = now;
    }
    turn.playing = Some((side.clone(), level));
    if panel.is_open() || prompt.0.is_some() {
        turn.doing = Doing::Paused;
        return;
    }
    let key = BattleKey::of(battle, *revision);
    if turn.thinking.as_ref().is_some_and(|(k, _)| *k != key) {
        turn.thinking = None;
    }
    if turn.ready.as_ref().is_some_and(|(k, _)| *k != key) {
        turn.ready = None;
    }
    if let Some((_, task)) = turn.thinking.as_mut()
        && let Some(decided) = check_ready(task)
    {
        turn.thinking = None;
        match decided {
            Some(command) => turn.ready = Some((key, command)),
            None => turn.gave_up = Some(key),
        }
    }
    if turn.thinking.is_none() && turn.ready.is_none() && turn.gave_up != Some(key) {
        turn.thinking = Some((key, decide_off_frame(battle, side, level)));
    }
    turn.doing = match turn.ready.is_some() {
        true => Doing::Acting,
        false => Doing::Thinking,
    };
    // The pace, or longer while the last command's move still slides.
    let wait = turn.pace.max(last_slide_seconds(battle));
    if turn.ready.is_none() || (!turn.fast && now - turn.since < wait) {
        return;
    }
    let Some((_, command)) = turn.ready.take() else {
        return;
    };
    turn.since = now;
    let pending = Pending {
        command,
        taken: Vec::new(),
        declined: Vec::new(),
    };
    // A human side's reactor set to ask is asked first; its answer sends the command.
    if let Some(command) = offer(battle, pending, &mut prompt, &mut panel) {
        intents.write(Intent::Command(command));
    }
}

/// How long the slide of the last command's move plays (`board::animation`), so that the
/// computer's next command does not cut it short.
fn last_slide_seconds(battle: &Battle) -> f32 {
    let Some(last) = battle.log().entries.last() else {
        return 0.0;
    };
    cues(&last.events)
        .iter()
        .filter_map(|cue| match cue {
            Cue::Slide { squares, .. } => {
                Some((squares.len().saturating_sub(1) as f32 * SECONDS_PER_SQUARE).min(MAX_SLIDE_SECONDS))
            }
            _ => None,
        })
        .fold(0.0, f32::max)
}

/// Space during the computer's turn: no more waits until a person is to act again.
fn fast_forward_on_space(keys: Res<ButtonInput<KeyCode>>, mut turn: ResMut<ComputerTurn>) {
    if turn.playing.is_some() && keys.just_pressed(FAST_FORWARD) {
        turn.fast = true;
    }
}

/// The indicator's line: "Scavengers — the computer (Normal) is thinking…", or `None` when no
/// computer side is to act.
pub fn indicator_line(turn: &ComputerTurn, sides: &Sides) -> Option<String> {
    let (side, level) = turn.playing.as_ref()?;
    let name = sides
        .0
        .iter()
        .find(|s| &s.id == side)
        .map_or_else(|| side.0.clone(), |s| s.name.clone());
    let doing = match turn.doing {
        Doing::Idle | Doing::Thinking => "is thinking…",
        Doing::Acting => "is acting",
        Doing::Paused => "waits (a menu or a question is open)",
    };
    let hint = match (turn.fast, turn.doing) {
        (_, Doing::Paused) => "",
        (true, _) => " · fast-forward",
        (false, _) => " · Space: skip ahead",
    };
    Some(format!("{name}: the computer ({level:?}) {doing}{hint}"))
}

#[derive(Component)]
struct IndicatorText;

/// The indicator: a band under the top bar, hidden while a person plays.
#[derive(Component)]
pub struct ComputerIndicator;

fn spawn_indicator(mut commands: Commands) {
    commands.spawn((
        Name::new("Computer indicator"),
        ComputerIndicator,
        DespawnOnExit(Screen::Battle),
        Visibility::Hidden,
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(HUD_TOP + 6.0),
            left: Val::Percent(50.0),
            margin: UiRect::left(Val::Px(-330.0)),
            width: Val::Px(660.0),
            padding: UiRect::axes(Val::Px(12.0), Val::Px(6.0)),
            border: UiRect::all(Val::Px(1.0)),
            justify_content: JustifyContent::Center,
            ..default()
        },
        BorderColor::all(Color::srgb(0.95, 0.8, 0.4)),
        BackgroundColor(PANEL),
        children![(
            Name::new("Computer indicator text"),
            IndicatorText,
            Text::new(""),
            TextFont::from_font_size(15.0),
            TextColor(Color::srgb(0.98, 0.88, 0.55)),
        )],
    ));
}

fn show_indicator(
    turn: Res<ComputerTurn>,
    session: Res<Session>,
    mut band: Query<&mut Visibility, With<ComputerIndicator>>,
    mut text: Query<&mut Text, With<IndicatorText>>,
) {
    let line = indicator_line(&turn, session.battle.world().resource::<Sides>());
    let want = match line.is_some() {
        true => Visibility::Inherited,
        false => Visibility::Hidden,
    };
    for mut visibility in &mut band {
        if *visibility != want {
            *visibility = want;
        }
    }
    let line = line.unwrap_or_default();
    for mut text in &mut text {
        if text.0 != line {
            text.0.clone_from(&line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::intake::handoff::HandOff;
    use crate::gui::intake::open::open_session;
    use crate::gui::saves::DataDir;
    use crate::gui::state::panel::Choice;
    use crate::gui::state::panel::{Chosen, PanelKind};
    use crate::gui::state::session::computer_is_playing;
    use crate::gui::testkit::{tutorial, tutorial_vs_computer};
    use bevy::state::app::StatesPlugin;
    use bevy::time::TimeUpdateStrategy;
    use std::path::PathBuf;
    use std::time::{Duration, Instant};

    /// Frames advance the clock by this much (set per test).
    fn frame_time(app: &mut App, millis: u64) {
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(millis)));
    }

    fn computer_app(battle: Battle, data: Option<PathBuf>) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        frame_time(&mut app, 100);
        app.insert_state(Screen::Title);
        app.insert_resource(DataDir(data));
        app.init_resource::<ButtonInput<KeyCode>>();
        app.init_resource::<ButtonInput<MouseButton>>();
        app.add_message::<AppExit>();
        crate::gui::state::screen::order_sets(&mut app);
        app.add_plugins((
            crate::gui::screens::states::plugin,
            crate::gui::testkit::session_plugin,
            crate::gui::saves::plugin,
            crate::gui::screens::handoff::plugin,
            crate::gui::views::bar::plugin,
            crate::gui::hud::actions::plugin,
            crate::gui::hud::panel::plugin,
            crate::gui::screens::menu::plugin,
            plugin,
        ));
        open_session(app.world_mut(), battle);
        app.update();
        app
    }

    fn battle(app: &App) -> &Battle {
        &app.world().resource::<Session>().battle
    }

    fn plays(app: &App) -> bool {
        computer_is_playing(battle(app))
    }

    fn entries(app: &App) -> usize {
        battle(app).log().entries.len()
    }

    fn screen(app: &App) -> Screen {
        *app.world().resource::<State<Screen>>().get()
    }

    fn now(app: &App) -> f32 {
        app.world().resource::<Time>().elapsed_secs()
    }

    /// A frame, and a moment for the decision off the frame to come in.
    fn frame(app: &mut App) {
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }

    /// Ends the people's turns (as the E key does) until the computer is to act.
    fn until_the_computer_plays(app: &mut App) {
        for _ in 0..20 {
            if plays(app) {
                return;
            }
            app.world_mut().write_message(Intent::EndTurn);
            app.update();
            app.update();
        }
        panic!("the computer never got a turn");
    }

    /// Frames until a person is to act again (or the battle ends): when each command arrived
    /// (the clock, the log's length, how long its move slides) and the screens seen on the way.
    fn run_computer_turn(app: &mut App) -> (Vec<(f32, usize, f32)>, Vec<Screen>) {
        let started = Instant::now();
        let mut arrivals = Vec::new();
        let mut screens = Vec::new();
        let mut seen = entries(app);
        while plays(app) && !battle(app).outcome().over {
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "the computer's turn never ended"
            );
            frame(app);
            screens.push(screen(app));
            if entries(app) != seen {
                seen = entries(app);
                arrivals.push((now(app), seen, last_slide_seconds(battle(app))));
            }
        }
        (arrivals, screens)
    }

    fn indicator(app: &mut App) -> (Visibility, String) {
        let world = app.world_mut();
        let visibility = *world
            .query_filtered::<&Visibility, With<ComputerIndicator>>()
            .single(world)
            .expect("the indicator");
        let text = world
            .query_filtered::<&Text, With<IndicatorText>>()
            .single(world)
            .expect("its text")
            .0
            .clone();
        (visibility, text)
    }

    /// The computer's turn plays by itself, one command at a time and at least `PACE` apart,
    /// to the end of its turn; no hand-off screen comes before or after it; the indicator
    /// shows while it plays and hides after.
    #[test]
    fn the_computers_turn_plays_itself_paced_with_the_indicator_and_no_hand_off() {
        let mut app = computer_app(tutorial_vs_computer(), None);
        // The players asked for hand-off screens: still none before or after the computer.
        app.world_mut().resource_mut::<HandOff>().enabled = true;
        until_the_computer_plays(&mut app);
        frame(&mut app);
        let (shown, line) = indicator(&mut app);
        assert_eq!(shown, Visibility::Inherited);
        assert!(line.starts_with("Scavengers: the computer (Easy)"), "{line}");
        let began = app.world().resource::<ComputerTurn>().since;
        let before = entries(&app);
        let (arrivals, screens) = run_computer_turn(&mut app);
        assert!(!arrivals.is_empty(), "the computer gave commands");
        assert!(entries(&app) > before);
        assert!(
            arrivals[0].0 - began >= PACE - 1e-3,
            "the first command waits for the pace: {began} → {arrivals:?}"
        );
        for pair in arrivals.windows(2) {
            let wait = PACE.max(pair[0].2);
            assert!(
                pair[1].0 - pair[0].0 >= wait - 0.01,
                "paced, and after the slide: {arrivals:?}"
            );
        }
        assert!(
            arrivals.iter().any(|a| a.2 > PACE),
            "a move of more than 3 squares slides longer than the pace: {arrivals:?}"
        );
        assert!(
            screens.iter().all(|s| *s == Screen::Battle),
            "no hand-off before, during or after the computer's turn: {screens:?}"
        );
        frame(&mut app);
        assert_eq!(screen(&app), Screen::Battle);
        let (hidden, _) = indicator(&mut app);
        assert_eq!(hidden, Visibility::Hidden, "a person plays: no indicator");
        let turn = app.world().resource::<ComputerTurn>();
        assert_eq!((turn.playing.clone(), turn.doing), (None, Doing::Idle));
    }

    /// With the clock standing still the computer waits for the pace; Space skips the waits to
    /// the end of its turn.
    #[test]
    fn space_fast_forwards_to_the_end_of_the_computers_turn() {
        let mut app = computer_app(tutorial_vs_computer(), None);
        until_the_computer_plays(&mut app);
        frame_time(&mut app, 0);
        let before = entries(&app);
        for _ in 0..40 {
            frame(&mut app);
        }
        assert_eq!(entries(&app), before, "no command before the pace allows");
        assert_eq!(app.world().resource::<ComputerTurn>().doing, Doing::Acting);
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(FAST_FORWARD);
        frame(&mut app);
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
        let clock = now(&app);
        let (arrivals, _) = run_computer_turn(&mut app);
        assert!(entries(&app) > before, "the turn was played: {arrivals:?}");
        assert_eq!(now(&app), clock, "without the clock moving");
        frame(&mut app);
        assert!(!app.world().resource::<ComputerTurn>().fast, "for that turn only");
    }

    /// A person's orders for the board wait while the computer plays.
    #[test]
    fn the_board_takes_no_orders_from_a_person_during_the_computers_turn() {
        let mut app = computer_app(tutorial_vs_computer(), None);
        until_the_computer_plays(&mut app);
        frame_time(&mut app, 0);
        let before = entries(&app);
        app.world_mut().write_message(Intent::EndTurn);
        frame(&mut app);
        assert_eq!(entries(&app), before);
        let status = &app.world().resource::<crate::gui::state::session::StatusLine>().0;
        assert!(status.contains("computer is playing"), "{status}");
    }

    /// The menu open: the computer waits (whatever the clock says) and says so; closed, it
    /// goes on.
    #[test]
    fn an_open_menu_pauses_the_computer() {
        let mut app = computer_app(tutorial_vs_computer(), None);
        until_the_computer_plays(&mut app);
        app.world_mut().resource_mut::<Panel>().0 = Some(crate::gui::screens::menu::main_page(
            &crate::gui::screens::menu::MenuState {
                undo: Ok(()),
                hand_offs: false,
                play_test: false,
            },
        ));
        let before = entries(&app);
        for _ in 0..30 {
            frame(&mut app);
        }
        assert_eq!(entries(&app), before, "3 s with the menu open: nothing sent");
        assert_eq!(app.world().resource::<ComputerTurn>().doing, Doing::Paused);
        let (_, line) = indicator(&mut app);
        assert!(line.contains("waits"), "{line}");
        app.world_mut().resource_mut::<Panel>().0 = None;
        let (arrivals, _) = run_computer_turn(&mut app);
        assert!(!arrivals.is_empty(), "closed, the computer plays on");
    }

    /// Saved in the middle of the computer's turn and loaded again (the menu's Load), the
    /// battle resumes with the computer's turn and ends it exactly as the game that went on.
    #[test]
    fn a_save_made_mid_turn_loads_and_the_computer_resumes_it() {
        let data = std::env::temp_dir().join(format!("fivefoot-computer-save-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        let mut app = computer_app(tutorial_vs_computer(), Some(data.clone()));
        until_the_computer_plays(&mut app);
        let start = entries(&app);
        let started = Instant::now();
        while entries(&app) == start {
            assert!(started.elapsed() < Duration::from_secs(60), "no first command");
            frame(&mut app);
        }
        assert!(plays(&app), "still the computer's turn after its first command");
        let saved_commands = battle(&app).commands();
        app.world_mut().write_message(Intent::Save);
        app.update();
        let status = app
            .world()
            .resource::<crate::gui::state::session::StatusLine>()
            .0
            .clone();
        assert!(status.starts_with("Saved to "), "{status}");
        let path = PathBuf::from(status.trim_start_matches("Saved to "));
        run_computer_turn(&mut app);
        let went_on = battle(&app).commands();

        app.world_mut().write_message(Chosen {
            kind: PanelKind::Menu,
            choice: Choice::Load(path),
        });
        app.update();
        app.update();
        assert_eq!(
            battle(&app).commands(),
            saved_commands,
            "the save's battle is on screen"
        );
        // The menu's load shows the hand-off screen once, to rebuild the board.
        if screen(&app) == Screen::Handoff {
            crate::gui::testkit::tap_key(&mut app, KeyCode::Enter);
            app.update();
        }
        assert_eq!(screen(&app), Screen::Battle);
        assert!(plays(&app), "the computer is to act again");
        run_computer_turn(&mut app);
        assert_eq!(
            battle(&app).commands(),
            went_on,
            "the same choices as the game that was not interrupted"
        );
        std::fs::remove_dir_all(&data).unwrap();
    }

    /// The computer's move that draws an attack of opportunity from a person's unit set to
    /// ask: the person is asked (the computer waits meanwhile), and the answer goes into the
    /// command the computer sends.
    #[test]
    fn a_persons_reactor_set_to_ask_is_asked_about_the_computers_move() {
        use crate::gui::state::panel::PanelKind;
        use crate::rules::{GameEvent, ReactionEvent, ReactionMode, UnitId, cmd};
        let foe = UnitId("foe".into());
        // The named duel with the Crew played by the computer.
        let text = crate::testing::NAMED_DUEL.replacen("control: Human", "control: Ai", 1);
        let mut duel = crate::testing::battle(&text, &[]);
        crate::testing::ok(
            &mut duel,
            GameCommand::SetReactions(cmd::SetReactions {
                unit: foe.clone(),
                mode: ReactionMode::Ask,
            }),
        );
        crate::testing::ok(&mut duel, GameCommand::EndTurn(cmd::EndTurn { unit: foe.clone() }));
        let step_away =
            crate::gui::intake::command::command_for(&Intent::MoveTo(crate::grid::Square::new(0, 2)), duel.world())
                .expect("legal");
        let mut app = computer_app(duel, None);
        assert!(plays(&app), "Vex's turn, played by the computer");
        // The computer's decision, as if it had just come in.
        let key = BattleKey::of(battle(&app), *app.world().resource::<Revision>());
        {
            let mut turn = app.world_mut().resource_mut::<ComputerTurn>();
            turn.thinking = None;
            turn.ready = Some((key, step_away.clone()));
            turn.fast = true;
        }
        let before = entries(&app);
        frame(&mut app);
        assert_eq!(
            app.world().resource::<Panel>().kind(),
            Some(PanelKind::Reaction),
            "the Raiders' player is asked"
        );
        for _ in 0..5 {
            frame(&mut app);
        }
        assert_eq!(entries(&app), before, "the computer waits for the answer");
        assert_eq!(app.world().resource::<ComputerTurn>().doing, Doing::Paused);
        app.world_mut().write_message(Chosen {
            kind: PanelKind::Reaction,
            choice: Choice::React {
                reactor: foe.clone(),
                take: false,
            },
        });
        frame(&mut app);
        frame(&mut app);
        let sent = battle(&app).log().entries[before].clone();
        assert_eq!(
            sent.command,
            Some(GameCommand::Decline(cmd::Decline {
                reactors: vec![foe.clone()],
                then: Box::new(step_away),
            })),
            "sent with the decline"
        );
        assert!(
            !sent
                .events
                .iter()
                .any(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { .. }))),
            "declined: no attack of opportunity"
        );
    }

    /// Hot-seat: nobody is the computer, nothing is decided for anyone.
    #[test]
    fn a_battle_between_people_has_no_computer_turn() {
        let mut app = computer_app(tutorial(), None);
        for _ in 0..10 {
            frame(&mut app);
        }
        assert!(!plays(&app));
        assert_eq!(app.world().resource::<ComputerTurn>().doing, Doing::Idle);
        let (hidden, _) = indicator(&mut app);
        assert_eq!(hidden, Visibility::Hidden);
    }
}
