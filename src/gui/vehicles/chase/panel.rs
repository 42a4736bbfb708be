//! The vehicle chase on screen (RULES.md §26, issue #7): when the battle has a `Chase` (from
//! the scenario, or once a grid battle turned into one, VEH-22), a panel docked under the top
//! bar (`chase_dock` refits the camera so the map stays visible below it) shows the chase board as a strip of zones (vehicles in their
//! zones, engaged vehicles boxed together, vehicles that left the chase listed off the board),
//! the phase and who acts, the acting pilot's menu of every Table 8-3 action with the DC and
//! modifier the rules would roll (greyed with the rules' reason when not allowed), the double
//! maneuver toggle (M), end pilot turn (N). Chase progress runs by itself once every pilot
//! has acted unless a vehicle would escape (`rules::chase::would_escape`); then the panel
//! shows the stay-in-the-chase toggles of `chase_stay` (CHS-10) and G runs it. The combat
//! phase is played with the normal action bar and attack mode, plus the collide and board buttons of
//! `chase_combat`; the log lines are `rules::narrate`'s in the HUD.
//! Decides no rule: the actions come from `rules::options`, DCs and modifiers from
//! `rules::chase::pilot_action_terms`, whether an action is allowed from `rules::check`, and
//! every choice is submitted as the CLI's command.

use crate::gui::board::camera::{HUD_RIGHT, HUD_TOP};
use crate::gui::session::{Revision, Session, StatusLine};
use crate::gui::vehicles::chase::combat::{CombatEntry, combat_entries};
use crate::gui::vehicles::chase::stay::{StayChoice, StayToggle, stay_toggles};
use crate::gui::{AppSystems, Screen};
use crate::history::Sides;
use crate::rules::chase::{Chase, ChasePhase, Departure, ManeuverUse, phase_name, pilot_action_terms, would_escape};
use crate::rules::cmd;
use crate::rules::options::{OptionKind, pilot_action_choices, verdict};
use crate::rules::{Combat, GameCommand, Profile, SideId, UnitId, check, unit_component};
use crate::ruleset::PilotAction;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_message::<ChaseIntent>();
    app.init_resource::<ChaseView>();
    app.init_resource::<DoubleManeuver>();
    app.init_resource::<StayChoice>();
    app.add_systems(OnEnter(Screen::Battle), spawn_chase_panel);
    app.add_systems(
        Update,
        (
            (press_chase_buttons, keys_to_chase).in_set(AppSystems::Input),
            (apply_chase_intents, auto_progress).chain().in_set(AppSystems::Apply),
            derive_chase_view.in_set(AppSystems::Derive),
            draw_chase_panel.in_set(AppSystems::Draw),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// What the player asked of the chase panel, before the rules are consulted.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum ChaseIntent {
    /// The acting pilot takes this pilot action (as part of a double maneuver when the toggle
    /// is on or the first part was taken).
    Pilot {
        action: PilotAction,
        target: Option<UnitId>,
    },
    /// Switch the double maneuver on or off for the acting pilot's next action.
    ToggleDouble,
    /// The acting pilot ends its pilot-actions turn.
    EndPilotTurn,
    /// Run chase progress; the vehicles of `StayChoice` stay one zone ahead instead of
    /// escaping (CHS-10).
    Progress,
    /// Switch a vehicle's choice to stay in the chase instead of escaping (CHS-10).
    ToggleStay(UnitId),
    /// A combat-phase chase command of the active unit: `Collide` (CHS-17) or `BoardEngaged`
    /// (CHS-16), as listed by `chase_combat::combat_entries`.
    Combat(GameCommand),
}

/// The double maneuver toggle, for the pilot it was switched on for.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct DoubleManeuver {
    pub pilot: Option<UnitId>,
}

impl DoubleManeuver {
    fn on_for(&self, pilot: Option<&UnitId>) -> bool {
        pilot.is_some() && self.pilot.as_ref() == pilot
    }
}

/// One vehicle drawn on the strip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VehicleView {
    pub id: UnitId,
    pub name: String,
    pub side: SideId,
    /// Its pilot acts now in the pilot-actions phase.
    pub acting: bool,
}

/// One zone of the strip: its vehicles in groups; a group of two or more is an engagement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZoneView {
    pub number: i32,
    pub groups: Vec<Vec<VehicleView>>,
}

/// The chase board as drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardView {
    pub phase: ChasePhase,
    pub phase_line: String,
    pub zones: Vec<ZoneView>,
    /// Vehicles that escaped, were left behind or were wrecked.
    pub off_board: Vec<(String, Departure)>,
}

/// One entry of the pilot menu: the command it sends, the DC and total modifier of its check
/// (`None`: no check), and whether the rules allow it now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuEntry {
    pub action: PilotAction,
    pub target: Option<UnitId>,
    pub label: String,
    pub command: GameCommand,
    pub dc: Option<i32>,
    pub modifier: Option<i32>,
    /// The modifiers one by one, for the hover line.
    pub breakdown: String,
    pub allowed: Result<(), String>,
}

/// The acting pilot's menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PilotMenu {
    pub pilot: UnitId,
    pub vehicle: UnitId,
    /// The entries are the parts of a double maneuver.
    pub double: bool,
    /// The first part was taken: the second must be one too (or the turn ends).
    pub double_forced: bool,
    pub entries: Vec<MenuEntry>,
    pub end_turn: Result<(), String>,
}

/// The derived chase view, rebuilt when the battle or the toggle changes.
#[derive(Resource, Debug, Default)]
pub struct ChaseView {
    key: Option<(Revision, bool, StayChoice)>,
    pub board: Option<BoardView>,
    pub menu: Option<PilotMenu>,
    /// Whether chase progress may run now (`None` before the first derive).
    pub progress: Option<Result<(), String>>,
    /// The active unit's collide and board buttons in the combat phase.
    pub combat: Vec<CombatEntry>,
    /// The stay-instead-of-escaping toggles of the progress phase.
    pub stay: Vec<StayToggle>,
}

fn name_of(world: &World, unit: &UnitId) -> String {
    unit_component::<Profile>(world, unit).map_or_else(|| unit.to_string(), |p| p.name.clone())
}

/// The chase board of the battle, or `None` when it is no chase.
pub fn board_view(world: &World) -> Option<BoardView> {
    let chase = world.get_resource::<Chase>()?;
    let acting = chase.acting().map(|e| e.vehicle.id.clone());
    let low = chase.active().map(|e| e.zone).min().unwrap_or(1).min(1);
    let high = chase
        .active()
        .map(|e| e.zone)
        .max()
        .unwrap_or(0)
        .max(chase.zones as i32);
    let view = |e: &crate::rules::chase::ChaseEntry| VehicleView {
        id: e.vehicle.id.clone(),
        name: e.vehicle.name.clone(),
        side: e.vehicle.side.clone(),
        acting: acting.as_ref() == Some(&e.vehicle.id),
    };
    let zones = (low..=high)
        .map(|number| {
            let mut groups: Vec<(Option<u32>, Vec<VehicleView>)> = Vec::new();
            for e in chase.active().filter(|e| e.zone == number) {
                match groups.iter_mut().find(|(g, _)| g.is_some() && *g == e.engagement) {
                    Some((_, members)) => members.push(view(e)),
                    None => groups.push((e.engagement, vec![view(e)])),
                }
            }
            ZoneView {
                number,
                groups: groups.into_iter().map(|(_, g)| g).collect(),
            }
        })
        .collect();
    let off_board = chase
        .vehicles
        .iter()
        .filter_map(|e| e.departed.map(|d| (e.vehicle.name.clone(), d)))
        .collect();
    Some(BoardView {
        phase: chase.phase,
        phase_line: phase_line(world, chase),
        zones,
        off_board,
    })
}

/// "Chase round 1 | pilot actions: Buddy pilots the Exploration buggy", and so on.
pub fn phase_line(world: &World, chase: &Chase) -> String {
    let round = format!("Chase round {} | {}", chase.round, phase_name(chase.phase));
    match chase.phase {
        ChasePhase::PilotActions => match chase.acting() {
            Some(e) => format!(
                "{round}: {} pilots the {}",
                e.pilot.as_ref().map_or_else(String::new, |p| name_of(world, p)),
                e.vehicle.name
            ),
            None => round,
        },
        ChasePhase::Progress => {
            let escaping: Vec<String> = would_escape(world)
                .iter()
                .filter_map(|v| chase.entry(v).map(|e| e.vehicle.name.clone()))
                .collect();
            match escaping.len() {
                0 => format!("{round}: every pilot has acted; run chase progress (G)"),
                _ => format!(
                    "{round}: {} would escape: choose whether to stay in the chase, then run chase progress (G)",
                    escaping.join(", ")
                ),
            }
        }
        ChasePhase::Combat => {
            let turn = world
                .resource::<Combat>()
                .active
                .as_ref()
                .map(|u| format!("{}'s turn; ", name_of(world, u)))
                .unwrap_or_default();
            format!("{round}: {turn}attack with the action bar (range from zones)")
        }
        ChasePhase::Over => "The chase is over".into(),
    }
}

/// The acting pilot's menu: the pilot actions the rules list (`options::pilot_action_choices`:
/// every Table 8-3 action, engage and the like once per other vehicle) with the DC and
/// modifier the rules would roll and the rules' verdict; `double` asks for the parts of a
/// double maneuver.
pub fn pilot_menu(world: &World, double: bool) -> Option<PilotMenu> {
    let chase = world.get_resource::<Chase>()?;
    let acting = chase.acting()?;
    let pilot = acting.pilot.clone()?;
    let double_forced = matches!(acting.record.maneuver, ManeuverUse::Double { parts: 1 });
    let double = double || double_forced;
    let vehicle_name = |v: &UnitId| chase.entry(v).map_or_else(|| v.to_string(), |e| e.vehicle.name.clone());
    let entries = pilot_action_choices(world, &pilot, double)
        .into_iter()
        .filter_map(|command| {
            let GameCommand::PilotAction(cmd::PilotAction { action, target, .. }) = &command else {
                return None;
            };
            let (action, target) = (*action, target.clone());
            let allowed = check(world, &command).map_err(|e| e.to_string());
            let (dc, modifiers) = pilot_action_terms(world, &command).unwrap_or_default();
            let counted: Vec<_> = modifiers.iter().filter(|m| m.counts()).collect();
            let modifier = dc.map(|_| counted.iter().map(|m| m.value).sum::<i32>());
            let breakdown = counted
                .iter()
                .map(|m| format!("{:+} {}", m.value, m.source))
                .collect::<Vec<_>>()
                .join(", ");
            let name = capitalised(action.name());
            let label = match (target.as_ref().map(vehicle_name), dc, modifier) {
                (Some(t), Some(dc), Some(m)) => format!("{name} {t}: DC {dc}, {m:+}"),
                (Some(t), _, _) => format!("{name} {t}: no check"),
                (None, Some(dc), Some(m)) => format!("{name}: DC {dc}, {m:+}"),
                (None, _, _) => format!("{name}: no check"),
            };
            Some(MenuEntry {
                action,
                target,
                label,
                command,
                dc,
                modifier,
                breakdown,
                allowed,
            })
        })
        .collect();
    let end_turn = verdict(world, &pilot, OptionKind::EndPilotTurn, None);
    Some(PilotMenu {
        pilot,
        vehicle: acting.vehicle.id.clone(),
        double,
        double_forced,
        entries,
        end_turn,
    })
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The rule command a chase intent stands for (the one `fivefoot run` would take), or why
/// there is none.
pub fn command_for(intent: &ChaseIntent, world: &World, double: bool) -> Result<GameCommand, String> {
    let chase = world
        .get_resource::<Chase>()
        .ok_or_else(|| "this battle is not a vehicle chase".to_string())?;
    let pilot = || {
        chase.acting().and_then(|e| e.pilot.clone()).ok_or_else(|| {
            format!(
                "no pilot acts now: the chase is in the {} phase",
                phase_name(chase.phase)
            )
        })
    };
    match intent {
        ChaseIntent::Pilot { action, target } => {
            let forced = chase
                .acting()
                .is_some_and(|e| matches!(e.record.maneuver, ManeuverUse::Double { parts: 1 }));
            Ok(GameCommand::PilotAction(cmd::PilotAction {
                unit: pilot()?,
                action: *action,
                target: target.clone(),
                double: double || forced,
            }))
        }
        ChaseIntent::EndPilotTurn => Ok(GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit: pilot()? })),
        ChaseIntent::Progress => Ok(GameCommand::ChaseProgress(cmd::ChaseProgress { stay: Vec::new() })),
        ChaseIntent::Combat(command) => Ok(command.clone()),
        ChaseIntent::ToggleDouble | ChaseIntent::ToggleStay(_) => Err("not a rule command".into()),
    }
}

/// Whether the panel runs chase progress by itself now: the chase is in its progress phase,
/// the rules allow it, and no vehicle would escape (CHS-10's stay-or-go is the only choice
/// left in that phase, `rules::chase::would_escape`).
pub fn progress_is_automatic(world: &World) -> bool {
    world
        .get_resource::<Chase>()
        .is_some_and(|c| c.phase == ChasePhase::Progress)
        && would_escape(world).is_empty()
        && check(
            world,
            &GameCommand::ChaseProgress(cmd::ChaseProgress { stay: Vec::new() }),
        )
        .is_ok()
}

/// Sends `ChaseProgress(stay: [])` (the command a script sends) when nothing is left to
/// decide before it.
fn auto_progress(mut session: ResMut<Session>, mut revision: ResMut<Revision>, mut status: ResMut<StatusLine>) {
    if !progress_is_automatic(session.battle.world()) {
        return;
    }
    match session
        .battle
        .submit(GameCommand::ChaseProgress(cmd::ChaseProgress { stay: Vec::new() }))
    {
        Ok(_) => revision.0 += 1,
        Err(why) => status.0 = format!("Not possible: {why}"),
    }
}

fn acting_pilot(world: &World) -> Option<UnitId> {
    world.get_resource::<Chase>()?.acting()?.pilot.clone()
}

/// Submits each chase intent's command through `Battle::submit` (the CLI's path); the toggle
/// only changes the panel.
fn apply_chase_intents(
    mut intents: MessageReader<ChaseIntent>,
    mut session: ResMut<Session>,
    mut double: ResMut<DoubleManeuver>,
    mut stay: ResMut<StayChoice>,
    mut revision: ResMut<Revision>,
    mut status: ResMut<StatusLine>,
) {
    for intent in intents.read() {
        let pilot = acting_pilot(session.battle.world());
        match intent {
            ChaseIntent::ToggleDouble => {
                double.pilot = if double.on_for(pilot.as_ref()) { None } else { pilot };
                continue;
            }
            ChaseIntent::ToggleStay(vehicle) => {
                stay.toggle(vehicle);
                continue;
            }
            _ => {}
        }
        let on = double.on_for(pilot.as_ref());
        let result = command_for(intent, session.battle.world(), on)
            .map(|command| match command {
                GameCommand::ChaseProgress(cmd::ChaseProgress { .. }) => {
                    GameCommand::ChaseProgress(cmd::ChaseProgress {
                        stay: stay.vehicles.clone(),
                    })
                }
                other => other,
            })
            .and_then(|command| session.battle.submit(command).map_err(|e| e.to_string()));
        match result {
            Ok(_) => {
                if *intent == ChaseIntent::Progress {
                    stay.vehicles.clear();
                }
                revision.0 += 1;
                status.0.clear();
            }
            Err(why) => status.0 = format!("Not possible: {why}"),
        }
    }
}

fn keys_to_chase(keys: Res<ButtonInput<KeyCode>>, view: Res<ChaseView>, mut intents: MessageWriter<ChaseIntent>) {
    if view.board.is_none() {
        return;
    }
    for (key, intent) in [
        (KeyCode::KeyG, ChaseIntent::Progress),
        (KeyCode::KeyN, ChaseIntent::EndPilotTurn),
        (KeyCode::KeyM, ChaseIntent::ToggleDouble),
    ] {
        if keys.just_pressed(key) {
            intents.write(intent);
        }
    }
}

/// Rebuilds the view when the battle or the double maneuver toggle changed.
fn derive_chase_view(
    session: Res<Session>,
    revision: Res<Revision>,
    double: Res<DoubleManeuver>,
    stay: Res<StayChoice>,
    mut view: ResMut<ChaseView>,
) {
    let world = session.battle.world();
    let on = double.on_for(acting_pilot(world).as_ref());
    let key = Some((*revision, on, stay.clone()));
    if view.key == key {
        return;
    }
    view.key = key;
    view.board = board_view(world);
    view.menu = pilot_menu(world, on);
    view.combat = combat_entries(world);
    view.stay = stay_toggles(world, &stay);
    view.progress = Some(
        check(
            world,
            &GameCommand::ChaseProgress(cmd::ChaseProgress { stay: Vec::new() }),
        )
        .map_err(|e| e.to_string()),
    );
}

/// The chase panel's root (hidden when the battle is no chase).
#[derive(Component)]
struct ChasePanel;

#[derive(Component)]
struct PhaseText;

#[derive(Component)]
struct Strip;

#[derive(Component)]
struct OffBoardText;

#[derive(Component)]
struct MenuRow;

/// A button of the chase panel: the intent it sends, its hover line, and the rules' verdict.
#[derive(Component, Debug, Clone)]
pub struct ChaseButton {
    pub intent: ChaseIntent,
    pub hint: String,
    pub allowed: Result<(), String>,
}

/// The height of the chase panel under the top bar.
pub const CHASE_PANEL: f32 = 220.0;

fn spawn_chase_panel(mut commands: Commands) {
    commands.spawn((
        Name::new("Chase panel"),
        ChasePanel,
        DespawnOnExit(Screen::Battle),
        Interaction::default(),
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(HUD_TOP),
            left: Val::Px(0.0),
            right: Val::Px(HUD_RIGHT),
            min_height: Val::Px(CHASE_PANEL),
            padding: UiRect::all(Val::Px(8.0)),
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(6.0),
            display: Display::None,
            ..default()
        },
        BackgroundColor(Color::srgba(0.05, 0.06, 0.08, 0.94)),
        children![
            (
                Name::new("Chase phase"),
                PhaseText,
                Text::new(""),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(0.95, 0.85, 0.55)),
            ),
            (
                Name::new("Chase strip"),
                Strip,
                Node {
                    column_gap: Val::Px(3.0),
                    ..default()
                },
            ),
            (
                Name::new("Off the board"),
                OffBoardText,
                Text::new(""),
                TextFont::from_font_size(13.0),
                TextColor(Color::srgb(0.75, 0.7, 0.7)),
            ),
            (
                Name::new("Pilot menu"),
                MenuRow,
                Node {
                    flex_wrap: FlexWrap::Wrap,
                    column_gap: Val::Px(4.0),
                    row_gap: Val::Px(4.0),
                    ..default()
                },
            ),
        ],
    ));
}

fn side_colour(sides: &Sides, side: &SideId) -> Color {
    sides
        .0
        .iter()
        .find(|s| s.id == *side)
        .map_or(Color::srgb(0.5, 0.5, 0.5), |s| {
            Color::srgb_u8(s.colour[0], s.colour[1], s.colour[2])
        })
}

fn departure(d: Departure) -> &'static str {
    match d {
        Departure::Escaped => "escaped",
        Departure::LeftBehind => "left behind",
        Departure::Wrecked => "wrecked",
    }
}

/// The buttons of the panel for the phase: the pilot menu, the toggle and end pilot turn, or
/// chase progress.
pub fn buttons(view: &ChaseView) -> Vec<(String, ChaseButton)> {
    let mut out = Vec::new();
    if let Some(menu) = &view.menu {
        for e in &menu.entries {
            let hint = match (&e.allowed, e.dc) {
                (Err(why), _) => format!("{} not possible: {why}", e.label),
                (Ok(()), Some(_)) => format!("{} = {}", e.label, e.breakdown),
                (Ok(()), None) => e.label.clone(),
            };
            out.push((
                e.label.clone(),
                ChaseButton {
                    intent: ChaseIntent::Pilot {
                        action: e.action,
                        target: e.target.clone(),
                    },
                    hint,
                    allowed: e.allowed.clone(),
                },
            ));
        }
        let (toggle, allowed) = match (menu.double_forced, menu.double) {
            (true, _) => (
                "Double maneuver: second part".to_string(),
                Err("the first part was taken".to_string()),
            ),
            (false, on) => (format!("M Double maneuver: {}", if on { "on" } else { "off" }), Ok(())),
        };
        out.push((
            toggle.clone(),
            ChaseButton {
                intent: ChaseIntent::ToggleDouble,
                hint: "A double maneuver takes two pilot actions as a full action, each with the penalty shown in its modifier"
                    .into(),
                allowed,
            },
        ));
        out.push((
            "N End pilot turn".into(),
            ChaseButton {
                intent: ChaseIntent::EndPilotTurn,
                hint: "End the pilot turn (with no pilot action taken the vehicle is uncontrolled)".into(),
                allowed: menu.end_turn.clone(),
            },
        ));
    }
    for e in &view.combat {
        let hint = match &e.allowed {
            Err(why) => format!("{} not possible: {why}", e.label),
            Ok(()) => e.label.clone(),
        };
        out.push((
            e.label.clone(),
            ChaseButton {
                intent: ChaseIntent::Combat(e.command.clone()),
                hint,
                allowed: e.allowed.clone(),
            },
        ));
    }
    for t in &view.stay {
        out.push((
            t.label.clone(),
            ChaseButton {
                intent: ChaseIntent::ToggleStay(t.vehicle.clone()),
                hint: "If this vehicle escapes at chase progress, it drops back to one zone ahead of its nearest adversary instead (CHS-10)".into(),
                allowed: Ok(()),
            },
        ));
    }
    if view.board.as_ref().is_some_and(|b| b.phase == ChasePhase::Progress) {
        out.push((
            "G Chase progress".into(),
            ChaseButton {
                intent: ChaseIntent::Progress,
                hint: "Run chase progress: vehicles move by their pilots' results".into(),
                allowed: view.progress.clone().unwrap_or(Ok(())),
            },
        ));
    }
    out
}

const BUTTON: Color = Color::srgb(0.18, 0.22, 0.3);
const BUTTON_GREY: Color = Color::srgb(0.13, 0.13, 0.14);

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::type_complexity)]
fn draw_chase_panel(
    mut commands: Commands,
    view: Res<ChaseView>,
    sides: Res<Session>,
    panel: Single<(Entity, &mut Node), With<ChasePanel>>,
    strip: Single<Entity, With<Strip>>,
    menu: Single<Entity, With<MenuRow>>,
    mut texts: ParamSet<(
        Single<&mut Text, With<PhaseText>>,
        Single<&mut Text, With<OffBoardText>>,
    )>,
) {
    if !view.is_changed() {
        return;
    }
    let (_, mut node) = panel.into_inner();
    let Some(board) = &view.board else {
        node.display = Display::None;
        return;
    };
    node.display = Display::Flex;
    texts.p0().0 = board.phase_line.clone();
    texts.p1().0 = match board.off_board.len() {
        0 => String::new(),
        _ => format!(
            "Off the board: {}",
            board
                .off_board
                .iter()
                .map(|(n, d)| format!("{n} ({})", departure(*d)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let sides = sides.battle.world().resource::<Sides>().clone();
    commands.entity(*strip).despawn_related::<Children>();
    commands.entity(*strip).with_children(|row| {
        for zone in &board.zones {
            row.spawn((
                Name::new(format!("Zone {}", zone.number)),
                Node {
                    flex_direction: FlexDirection::Column,
                    min_width: Val::Px(110.0),
                    min_height: Val::Px(90.0),
                    padding: UiRect::all(Val::Px(4.0)),
                    row_gap: Val::Px(3.0),
                    border: UiRect::all(Val::Px(1.0)),
                    ..default()
                },
                BorderColor::all(Color::srgb(0.35, 0.38, 0.45)),
                BackgroundColor(Color::srgb(0.1, 0.11, 0.14)),
            ))
            .with_children(|z| {
                z.spawn((
                    Text::new(format!("Zone {}", zone.number)),
                    TextFont::from_font_size(12.0),
                    TextColor(Color::srgb(0.6, 0.62, 0.7)),
                ));
                for group in &zone.groups {
                    let engaged = group.len() > 1;
                    z.spawn((
                        Name::new(if engaged { "Engagement" } else { "Vehicle" }),
                        Node {
                            flex_direction: FlexDirection::Column,
                            padding: UiRect::all(Val::Px(2.0)),
                            row_gap: Val::Px(2.0),
                            border: UiRect::all(Val::Px(if engaged { 2.0 } else { 0.0 })),
                            ..default()
                        },
                        BorderColor::all(Color::srgb(0.95, 0.75, 0.3)),
                    ))
                    .with_children(|g| {
                        if engaged {
                            g.spawn((
                                Text::new("engaged"),
                                TextFont::from_font_size(11.0),
                                TextColor(Color::srgb(0.95, 0.75, 0.3)),
                            ));
                        }
                        for v in group {
                            g.spawn((
                                Name::new(format!("Chase vehicle {}", v.id)),
                                Node {
                                    padding: UiRect::axes(Val::Px(4.0), Val::Px(2.0)),
                                    border: UiRect::all(Val::Px(if v.acting { 2.0 } else { 0.0 })),
                                    ..default()
                                },
                                BorderColor::all(Color::WHITE),
                                BackgroundColor(side_colour(&sides, &v.side)),
                                children![(
                                    Text::new(v.name.clone()),
                                    TextFont::from_font_size(12.0),
                                    TextColor(Color::WHITE),
                                )],
                            ));
                        }
                    });
                }
            });
        }
    });
    commands.entity(*menu).despawn_related::<Children>();
    commands.entity(*menu).with_children(|row| {
        for (label, button) in buttons(&view) {
            let allowed = button.allowed.is_ok();
            row.spawn((
                Name::new(format!("Chase button {label}")),
                button,
                Button,
                Node {
                    padding: UiRect::axes(Val::Px(7.0), Val::Px(4.0)),
                    border: UiRect::all(Val::Px(1.0)),
                    ..default()
                },
                BorderColor::all(Color::srgb(0.55, 0.6, 0.7)),
                BackgroundColor(if allowed { BUTTON } else { BUTTON_GREY }),
                children![(
                    Text::new(label),
                    TextFont::from_font_size(13.0),
                    TextColor(if allowed {
                        Color::WHITE
                    } else {
                        Color::srgb(0.45, 0.45, 0.48)
                    }),
                )],
            ));
        }
    });
}

/// A hovered button says its modifiers or the rules' reason; a pressed one sends its intent,
/// or says why not when greyed out.
fn press_chase_buttons(
    buttons: Query<(&Interaction, &ChaseButton), Changed<Interaction>>,
    mut intents: MessageWriter<ChaseIntent>,
    mut status: ResMut<StatusLine>,
) {
    for (interaction, button) in &buttons {
        match interaction {
            Interaction::Pressed => match &button.allowed {
                Ok(()) => {
                    intents.write(button.intent.clone());
                }
                Err(_) => status.0 = button.hint.clone(),
            },
            Interaction::Hovered => status.0 = button.hint.clone(),
            Interaction::None => {}
        }
    }
}

/// A headless app with the session and the chase panel, and a press of one of its buttons,
/// for the chase panel's tests.
#[cfg(test)]
pub(crate) mod testkit {
    use super::{ChaseButton, Screen, Session};
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
        app.add_plugins((crate::gui::session::plugin, super::plugin));
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
}

#[cfg(test)]
mod tests {
    use super::testkit::{headless, redliner};
    use super::*;
    use crate::testing::ok;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    fn entry<'a>(menu: &'a PilotMenu, action: PilotAction, target: Option<&str>) -> &'a MenuEntry {
        menu.entries
            .iter()
            .find(|e| e.action == action && e.target.as_ref().map(|t| t.0.as_str()) == target)
            .expect("listed")
    }

    /// WE-37: Buddy acts first; speed up is DC 18 and trick DC 16 with his Piloting +8, and
    /// the double maneuver adds its penalty; every Table 8-3 action is listed.
    #[test]
    fn we_37_the_menu_lists_buddys_dcs_and_modifiers() {
        let b = redliner(&[]);
        let menu = pilot_menu(b.world(), false).expect("a pilot acts");
        assert_eq!((menu.pilot.clone(), menu.vehicle.clone()), (id("buddy"), id("buggy")));
        for action in PilotAction::ALL {
            assert!(menu.entries.iter().any(|e| e.action == action), "{action:?} listed");
        }
        let speed = entry(&menu, PilotAction::SpeedUp, None);
        assert_eq!(
            (speed.dc, speed.modifier, speed.allowed.clone()),
            (Some(18), Some(8), Ok(()))
        );
        assert_eq!(speed.label, "Speed up: DC 18, +8");
        let trick = entry(&menu, PilotAction::Trick, None);
        assert_eq!((trick.dc, trick.modifier), (Some(16), Some(8)));
        let slow = entry(&menu, PilotAction::SlowDown, None);
        assert_eq!((slow.dc, slow.allowed.clone()), (None, Ok(())));
        let engage = entry(&menu, PilotAction::Engage, Some("enercycle1"));
        assert_eq!(engage.dc, Some(12), "the enercycle's KAC");
        let free = entry(&menu, PilotAction::BreakFree, None);
        assert_eq!(
            free.allowed,
            Err(check(b.world(), &free.command).expect_err("not engaged").to_string())
        );
        // The double maneuver's penalty is the rules' (WE-37: 22 from 18 → +4).
        let double = pilot_menu(b.world(), true).expect("a pilot acts");
        let speed = entry(&double, PilotAction::SpeedUp, None);
        assert_eq!((speed.dc, speed.modifier), (Some(18), Some(4)));
        assert!(speed.breakdown.contains("double maneuver"), "{}", speed.breakdown);
        assert!(matches!(
            speed.command,
            GameCommand::PilotAction(cmd::PilotAction { double: true, .. })
        ));
    }

    /// CHS-9 in the menu: once engaged, the enercycle's speed up is greyed with the rules'
    /// reason.
    #[test]
    fn engaged_vehicles_cannot_speed_up_and_the_menu_says_why() {
        let mut b = redliner(&[10]);
        ok(
            &mut b,
            GameCommand::PilotAction(cmd::PilotAction {
                unit: id("buddy"),
                action: PilotAction::Engage,
                target: Some(id("enercycle1")),
                double: false,
            }),
        );
        let menu = pilot_menu(b.world(), false).expect("the ysoki acts");
        assert_eq!(menu.pilot, id("ysoki1"));
        let why = entry(&menu, PilotAction::SpeedUp, None)
            .allowed
            .clone()
            .expect_err("engaged");
        assert!(why.contains("engaged vehicle cannot speed up"), "{why}");
        assert!(entry(&menu, PilotAction::BreakFree, None).allowed.is_ok());
        let view = board_view(b.world()).expect("a chase");
        let zone = view.zones.iter().find(|z| z.number == 4).expect("zone 4");
        assert!(
            zone.groups.iter().any(|g| g.len() == 2),
            "the engaged pair is one group: {:?}",
            zone.groups
        );
    }

    fn last_command(app: &App) -> Option<GameCommand> {
        app.world().resource::<Session>().battle.commands().last().cloned()
    }

    /// The whole path headless: the panel's buttons are spawned from the menu, M switches the
    /// double maneuver on, pressing the speed up button sends the command `fivefoot run`
    /// takes, then chase progress runs by itself once every pilot is done (nobody escapes).
    #[test]
    fn choosing_an_action_sends_the_cli_command() {
        let mut app = headless(redliner(&[18, 5, 12, 2]));
        assert!(app.world().resource::<ChaseView>().board.is_some());
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::KeyM);
        app.update();
        // Without the input plugin nothing clears `just_pressed` between frames.
        app.world_mut().resource_mut::<ButtonInput<KeyCode>>().clear();
        app.update();
        let speed_up = app
            .world_mut()
            .query::<(Entity, &ChaseButton)>()
            .iter(app.world())
            .find(|(_, b)| {
                b.intent
                    == ChaseIntent::Pilot {
                        action: PilotAction::SpeedUp,
                        target: None,
                    }
            })
            .map(|(e, _)| e)
            .expect("a speed up button");
        app.world_mut().entity_mut(speed_up).insert(Interaction::Pressed);
        app.update();
        assert_eq!(
            last_command(&app),
            Some(GameCommand::PilotAction(cmd::PilotAction {
                unit: id("buddy"),
                action: PilotAction::SpeedUp,
                target: None,
                double: true
            }))
        );
        // The second part is a double maneuver without the toggle.
        app.world_mut().write_message(ChaseIntent::Pilot {
            action: PilotAction::Trick,
            target: None,
        });
        app.update();
        assert!(matches!(
            last_command(&app),
            Some(GameCommand::PilotAction(cmd::PilotAction { double: true, .. }))
        ));
        for _ in 0..2 {
            app.world_mut().write_message(ChaseIntent::Pilot {
                action: PilotAction::SpeedUp,
                target: None,
            });
            app.update();
            assert_eq!(app.world().resource::<StatusLine>().0, "");
        }
        // Nobody would escape, so chase progress ran by itself, as the script's command.
        assert_eq!(
            last_command(&app),
            Some(GameCommand::ChaseProgress(cmd::ChaseProgress { stay: vec![] }))
        );
        let board = app.world().resource::<ChaseView>().board.clone().expect("a chase");
        assert_eq!(board.phase, ChasePhase::Combat);
        assert_eq!(
            board.off_board,
            vec![("Basic enercycle 2".to_string(), Departure::LeftBehind)]
        );
    }

    /// The combat phase uses the normal attack mode: the rules' preview of Sssazza's shot at
    /// the enercycle carries the chase's terms (CHS-12), with the range from zones.
    #[test]
    fn the_combat_phase_attack_preview_uses_the_chase_terms() {
        let mut b = redliner(&[18, 5, 12, 2]);
        for (unit, action) in [("buddy", PilotAction::SpeedUp), ("buddy", PilotAction::Trick)] {
            ok(
                &mut b,
                GameCommand::PilotAction(cmd::PilotAction {
                    unit: id(unit),
                    action,
                    target: None,
                    double: true,
                }),
            );
        }
        for unit in ["ysoki1", "ysoki2"] {
            ok(
                &mut b,
                GameCommand::PilotAction(cmd::PilotAction {
                    unit: id(unit),
                    action: PilotAction::SpeedUp,
                    target: None,
                    double: false,
                }),
            );
        }
        ok(&mut b, GameCommand::ChaseProgress(cmd::ChaseProgress { stay: vec![] }));
        let w = b.world();
        let at = crate::rules::threat::space_of(w, &id("enercycle1")).expect("placed").at;
        let hover = crate::gui::hud::attack::attack_hover(w, &id("sssazza"), at, None).expect("someone there");
        let preview = hover.preview.expect("in range");
        let text = serde_json::to_string(&preview).expect("json");
        assert!(text.contains("CHS-12"), "{text}");
        assert!(phase_line(w, w.resource::<Chase>()).contains("Sssazza's turn"));
    }
}
