//! The action bar's logic (issue #6): every action a player at the board gives (move, attack,
//! full attack, charge, combat maneuvers, area, fighting defensively, total defense, posture,
//! ready and fire readied, delay, act now and proceed, recovery, end turn), each standing for
//! kinds of the rules' options list (`rules::options`), whose verdict greys it out with the
//! rules' own reason; the selected mode; the pickers for a maneuver and a readied action; the
//! chosen weapon; the threat and avoid-AoO toggles; and the commands the action intents (a
//! key, a click on a square) stand for. Decides no rule.

use crate::grid::Square;
use crate::gui::board::overlay::path_preview_avoiding;
use crate::gui::hud::panel::{Choice, Chosen, Panel, PanelKind, PanelOption, PanelSpec, digit};
use crate::gui::session::{Intent, Revision, Session, StatusLine};
use crate::gui::{AppSystems, Screen};
use crate::rules::cmd;
use crate::rules::options::{self, Arms, MANEUVERS, OptionKind, READY_TRIGGERS};
use crate::rules::{Combat, GameCommand, Profile, RuleError, UnitId};
use crate::ruleset::{ActionKind, ManeuverKind};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<Mode>();
    app.init_resource::<Toggles>();
    app.init_resource::<WeaponChoice>();
    app.init_resource::<ActionBar>();
    app.init_resource::<Picker>();
    app.add_systems(
        Update,
        (
            keys_to_actions.in_set(AppSystems::Input),
            (open_picker, picker_chosen).in_set(AppSystems::Apply),
            (derive_action_bar, clear_status_back_in_move_mode)
                .chain()
                .in_set(AppSystems::Derive),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// An entry of the action bar, in its order, each with its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    Move,
    Attack,
    FullAttack,
    Charge,
    Maneuver,
    Area,
    Defensive,
    TotalDefense,
    StandUp,
    DropProne,
    Ready,
    FireReadied,
    Delay,
    ActNow,
    Proceed,
    Recover,
    /// The vehicle orders (§25): opens the vehicle picker; shown to a rider or one next to a vehicle.
    Vehicle,
    EndTurn,
}

impl Action {
    pub const ALL: [Action; 18] = [
        Action::Move,
        Action::Attack,
        Action::FullAttack,
        Action::Charge,
        Action::Maneuver,
        Action::Area,
        Action::Defensive,
        Action::TotalDefense,
        Action::StandUp,
        Action::DropProne,
        Action::Ready,
        Action::FireReadied,
        Action::Delay,
        Action::ActNow,
        Action::Proceed,
        Action::Recover,
        Action::Vehicle,
        Action::EndTurn,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Action::Move => "Move",
            Action::Attack => "Attack",
            Action::FullAttack => "Full attack",
            Action::Charge => "Charge",
            Action::Maneuver => "Combat maneuver",
            Action::Area => "Area",
            Action::Defensive => "Fight defensively",
            Action::TotalDefense => "Total defense",
            Action::StandUp => "Stand up",
            Action::DropProne => "Drop prone",
            Action::Ready => "Ready an action",
            Action::FireReadied => "Fire readied action",
            Action::Delay => "Delay",
            Action::ActNow => "Act now (end the delay)",
            Action::Proceed => "Proceed (keep delaying)",
            Action::Recover => "Recover",
            Action::Vehicle => "Vehicle orders",
            Action::EndTurn => "End turn",
        }
    }

    /// The button's short label (the full one is in the hover hint).
    pub fn short_label(self) -> &'static str {
        match self {
            Action::FullAttack => "Full atk",
            Action::Maneuver => "Maneuver",
            Action::Defensive => "Fight def",
            Action::Ready => "Ready",
            Action::StandUp => "Stand",
            Action::DropProne => "Prone",
            Action::TotalDefense => "Defend",
            Action::FireReadied => "Fire readied",
            Action::ActNow => "Act now",
            Action::Proceed => "Proceed",
            Action::EndTurn => "End",
            other => other.label(),
        }
    }

    /// The key that picks it: the digits 1 to 0 for the first ten, letters for the rest (E
    /// and Enter end the turn in `input`).
    pub fn key(self) -> KeyCode {
        match self {
            Action::Ready => KeyCode::KeyG,
            Action::FireReadied => KeyCode::KeyF,
            Action::Delay => KeyCode::KeyL,
            Action::ActNow => KeyCode::KeyK,
            Action::Proceed => KeyCode::KeyP,
            Action::Recover => KeyCode::KeyH,
            Action::Vehicle => KeyCode::KeyJ,
            Action::EndTurn => KeyCode::KeyE,
            other => crate::gui::hud::panel::digit(Action::ALL.iter().position(|a| *a == other).unwrap_or(0)),
        }
    }

    /// The key as written on its button.
    pub fn key_label(self) -> String {
        crate::gui::hud::panel::key_name(self.key())
    }

    /// Shown only while allowed: what answers a moment (someone delaying or readying, a unit
    /// down) rather than what a unit may choose any turn.
    pub fn situational(self) -> bool {
        matches!(
            self,
            Action::FireReadied | Action::ActNow | Action::Proceed | Action::Recover | Action::Vehicle
        )
    }

    /// The map mode it selects, for actions aimed with the mouse.
    pub fn mode(self) -> Option<Mode> {
        match self {
            Action::Move => Some(Mode::Move),
            Action::Attack => Some(Mode::Attack),
            Action::FullAttack => Some(Mode::FullAttack),
            Action::Charge => Some(Mode::Charge),
            Action::Area => Some(Mode::Area),
            _ => None,
        }
    }

    /// The panel it opens to choose what exactly (the maneuver, the readied action).
    pub fn picker(self) -> Option<PanelKind> {
        match self {
            Action::Maneuver => Some(PanelKind::Maneuver),
            Action::Ready => Some(PanelKind::Ready),
            Action::Vehicle => Some(PanelKind::Vehicle),
            _ => None,
        }
    }

    /// The kinds of the rules' options list it stands for (`rules::options`); the vehicle
    /// orders are the unit's own (`options::entries_for`), asked apart.
    pub fn kinds(self) -> &'static [OptionKind] {
        match self {
            Action::Move => &[OptionKind::Move],
            Action::Attack => &[OptionKind::Attack],
            Action::FullAttack => &[OptionKind::FullAttack],
            Action::Charge => &[OptionKind::Charge],
            Action::Maneuver => &[
                OptionKind::Maneuver(MANEUVERS[0]),
                OptionKind::Maneuver(MANEUVERS[1]),
                OptionKind::Maneuver(MANEUVERS[2]),
                OptionKind::Maneuver(MANEUVERS[3]),
                OptionKind::Maneuver(MANEUVERS[4]),
            ],
            Action::Area => &[OptionKind::AreaAttack],
            Action::Defensive => &[OptionKind::FightDefensively],
            Action::TotalDefense => &[OptionKind::TotalDefense],
            Action::StandUp => &[OptionKind::StandUp],
            Action::DropProne => &[OptionKind::DropProne],
            Action::Ready => &[OptionKind::Ready],
            Action::FireReadied => &[OptionKind::FireReadied],
            Action::Delay => &[OptionKind::Delay],
            Action::ActNow => &[OptionKind::ActNow],
            Action::Proceed => &[OptionKind::Proceed],
            Action::Recover => &[
                OptionKind::StayInTheFight,
                OptionKind::Stabilize,
                OptionKind::SecondWind,
                OptionKind::Recover,
            ],
            Action::Vehicle => &[],
            Action::EndTurn => &[OptionKind::EndTurn],
        }
    }

    /// It answers the initiative (act now, proceed, fire readied): offered to whoever waits,
    /// whoever's turn it is (`options::waiting_choices`).
    fn answers_the_initiative(self) -> bool {
        matches!(self, Action::ActNow | Action::Proceed | Action::FireReadied)
    }

    /// What it says when nothing stands for it (the rules' words for its first kind).
    fn none_reason(self) -> &'static str {
        match self.kinds().first() {
            Some(kind) => options::none_reason(*kind),
            None => options::none_reason(OptionKind::Vehicle(options::VehicleEntry::Start)),
        }
    }

    /// The commands the rules list for it now (`unit`: the active unit), each with the rules'
    /// verdict, in the list's order: for an aimed action one per aim, for the others the
    /// unit's own (for act now, proceed and fire readied, each waiting unit's).
    pub fn choices(self, world: &World, unit: Option<&UnitId>) -> Vec<options::Choice> {
        if self.answers_the_initiative() {
            return self
                .kinds()
                .iter()
                .flat_map(|k| options::waiting_choices(world, *k))
                .map(|c| options::Choice::checked(world, c))
                .collect();
        }
        let Some(unit) = unit else { return Vec::new() };
        let kinds: Vec<OptionKind> = match self {
            Action::Vehicle => options::entries_for(world, unit)
                .into_iter()
                .map(OptionKind::Vehicle)
                .collect(),
            _ => self.kinds().to_vec(),
        };
        kinds
            .into_iter()
            .flat_map(|k| options::kind_option(world, unit, k, None).choices)
            .collect()
    }

    /// The rules' verdict on it now for the active `unit` (`None`: between turns), with the
    /// weapon the player chose (`None`: the rules' pick), mounted on `mount` (VEH-20): allowed
    /// when the rules accept one of its choices, else their first reason.
    pub fn verdict(
        self,
        world: &World,
        unit: Option<&UnitId>,
        weapon: Option<&str>,
        mount: Option<&UnitId>,
    ) -> Result<(), String> {
        if self.answers_the_initiative() {
            let kind = self.kinds()[0];
            return options::any_allowed(
                world,
                &options::waiting_choices(world, kind),
                options::none_reason(kind),
            );
        }
        let Some(unit) = unit else {
            return Err(self.none_reason().to_string());
        };
        // Only single attacks fire a mounted weapon (VEH-20); the others name it and the
        // rules refuse them with their reason.
        let mount = mount.filter(|_| self == Action::Attack);
        match self {
            Action::Vehicle => options::vehicle_verdict(world, unit),
            _ => options::any_verdict(world, unit, self.kinds(), Arms::Chosen { weapon, mount }),
        }
    }
}

/// The rules' verdict on each action now (`unit`: the active unit), with the chosen weapon
/// (mounted on `mount`, VEH-20).
pub fn availability(
    world: &World,
    unit: Option<&UnitId>,
    weapon: Option<&str>,
    mount: Option<&UnitId>,
) -> Vec<(Action, Result<(), String>)> {
    Action::ALL
        .into_iter()
        .map(|action| (action, action.verdict(world, unit, weapon, mount)))
        .collect()
}

/// The readied action the player picked: its kind and the trigger chosen in the second step
/// (the options list offers the first trigger; the rules take any).
fn ready(unit: &UnitId, action: ActionKind, trigger: &str) -> GameCommand {
    GameCommand::Ready(cmd::Ready {
        unit: unit.clone(),
        action,
        trigger: trigger.to_string(),
    })
}

/// What a click on the map does.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Move to the clicked square (the path overlay shows the plan).
    #[default]
    Move,
    /// Attack the unit on the clicked square.
    Attack,
    /// Full attack the unit on the clicked square.
    FullAttack,
    /// Charge the unit on the clicked square.
    Charge,
    /// Attempt this maneuver on the unit on the clicked square.
    Maneuver(ManeuverKind),
    /// Place an area weapon's template at the clicked intersection.
    Area,
    /// Aim a vehicle order (`piloting`).
    Vehicle(crate::gui::vehicles::piloting::VehicleAim),
}

impl Mode {
    pub fn attacks(self) -> bool {
        matches!(self, Mode::Attack | Mode::FullAttack)
    }
}

/// The map toggles: threatened squares (T) and paths that avoid attacks of opportunity (V;
/// A pans the camera).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Toggles {
    pub threat: bool,
    pub avoid_aoo: bool,
}

/// The weapon the player picked for the active unit (Tab cycles its own, then its vehicle's
/// mounted ones, `arms::weapon_options`); `None`: the rules pick the unit's best for the job.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct WeaponChoice {
    pub unit: Option<UnitId>,
    pub weapon: Option<String>,
    /// The vehicle the chosen weapon is mounted on (VEH-20), if it is a mounted one.
    pub mount: Option<UnitId>,
}

impl WeaponChoice {
    /// The weapon chosen for `unit` (a choice made for another unit does not carry over).
    pub fn for_unit(&self, unit: Option<&UnitId>) -> Option<String> {
        (self.unit.as_ref() == unit).then(|| self.weapon.clone()).flatten()
    }

    /// The vehicle whose mounted weapon is chosen for `unit`, if one is (VEH-20).
    pub fn mount_for(&self, unit: Option<&UnitId>) -> Option<UnitId> {
        (self.unit.as_ref() == unit).then(|| self.mount.clone()).flatten()
    }

    /// The label of the choice: "best", the weapon, or "Roof laser (Exploration buggy)".
    pub fn label(&self, world: &World) -> String {
        match (&self.weapon, &self.mount) {
            (None, _) => "best".into(),
            (Some(w), None) => w.clone(),
            (Some(w), Some(m)) => format!(
                "{w} ({})",
                crate::rules::unit_component::<Profile>(world, m).map_or_else(|| m.to_string(), |p| p.name.clone())
            ),
        }
    }
}

/// An action intent: what the player asked of the action bar or in attack mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActIntent {
    /// Attack whoever stands on the square (the `pick`th of `arms::units_at`: a rider or
    /// the vehicle it stands in); `full` for a full attack; `mount`: the weapon is mounted on
    /// that vehicle (VEH-20).
    AttackAt {
        at: Square,
        weapon: Option<String>,
        full: bool,
        mount: Option<UnitId>,
        pick: usize,
    },
    /// Throw or fire an area weapon (the chosen one if it has an area, else the first that
    /// does) at the intersection; a cone or line toward `dir`.
    AreaAt {
        at: crate::grid::Intersection,
        weapon: Option<String>,
        dir: crate::grid::Direction8,
    },
    /// Charge whoever stands on the square (the `pick`th of `arms::units_at`).
    ChargeAt {
        at: Square,
        weapon: Option<String>,
        pick: usize,
    },
    /// Attempt a maneuver on whoever stands on the square (the `pick`th of `arms::units_at`).
    ManeuverAt {
        at: Square,
        kind: ManeuverKind,
        weapon: Option<String>,
        pick: usize,
    },
    /// Ready `action` against `trigger`.
    Ready { action: ActionKind, trigger: String },
    /// Move there on the path with the fewest provocations (`query path --avoid-aoo`).
    MoveAvoiding(Square),
    /// An action that needs no aim (stand up, total defense, end turn, ...).
    Do(Action),
}

/// The unit other than `me` whose space holds `at`: a rider before the vehicle it stands in
/// (`arms::units_at`'s first).
pub fn unit_at(world: &World, at: Square, me: &UnitId) -> Option<UnitId> {
    crate::gui::hud::arms::unit_picked(world, at, me, 0)
}

/// The rule command an action intent stands for (`unit`: the active unit, if a turn is
/// under way), or why there is none.
pub fn command_for(act: &ActIntent, unit: Option<UnitId>, world: &World) -> Result<GameCommand, String> {
    if let ActIntent::Do(action) = act {
        let choices = action.choices(world, unit.as_ref());
        // The first the rules allow; else the first, so the refusal gives the rules' reason.
        return choices
            .iter()
            .find(|c| c.allowed())
            .or(choices.first())
            .map(|c| c.command.clone())
            .ok_or_else(|| action.none_reason().to_string());
    }
    let unit = unit.ok_or_else(|| RuleError::NoActiveTurn.to_string())?;
    let target_at = |at: &Square, pick: usize| {
        crate::gui::hud::arms::unit_picked(world, *at, &unit, pick).ok_or_else(|| format!("nobody on {at}"))
    };
    match act {
        ActIntent::AttackAt {
            at,
            weapon,
            full,
            mount,
            pick,
        } => {
            let target = target_at(at, *pick)?;
            // A full attack with a mounted weapon goes out as named: the rules say why not.
            Ok(match full {
                true => options::full_attack_choice(world, &unit, &target, weapon.clone()),
                false => GameCommand::Attack(cmd::Attack {
                    unit,
                    target,
                    weapon: weapon.clone(),
                    defensively: false,
                    mount: mount.clone(),
                }),
            })
        }
        ActIntent::ChargeAt { at, weapon, pick } => Ok(GameCommand::Charge(cmd::Charge {
            target: target_at(at, *pick)?,
            unit,
            to: None,
            weapon: weapon.clone(),
        })),
        ActIntent::ManeuverAt { at, kind, weapon, pick } => Ok(GameCommand::Maneuver(cmd::Maneuver {
            target: target_at(at, *pick)?,
            unit,
            maneuver: options::maneuver_of(*kind)?,
            weapon: weapon.clone(),
        })),
        ActIntent::Ready { action, trigger } => Ok(ready(&unit, *action, trigger)),
        ActIntent::AreaAt { at, weapon, dir } => {
            crate::gui::hud::area::area_command(world, unit, weapon.as_deref(), *at, *dir)
        }
        ActIntent::MoveAvoiding(to) => {
            let preview = path_preview_avoiding(world, &unit, *to, true).map_err(|e| e.to_string())?;
            Ok(GameCommand::Move(cmd::Move {
                unit,
                to: *to,
                path: Some(preview.squares),
                mode: preview.band.mode(),
            }))
        }
        ActIntent::Do(_) => unreachable!("handled above"),
    }
}

/// The action bar of the active unit, recomputed when the battle or the weapon changes.
#[derive(Resource, Debug, Default)]
pub struct ActionBar {
    /// The battle, the active unit and the weapon chosen (with its mount) it was made for.
    pub key: Option<(Revision, Option<UnitId>, WeaponChoice)>,
    pub entries: Vec<(Action, Result<(), String>)>,
}

impl ActionBar {
    pub fn allowed(&self, action: Action) -> Result<(), String> {
        self.entries
            .iter()
            .find(|(a, _)| *a == action)
            .map_or_else(|| Err("no turn is under way".into()), |(_, r)| r.clone())
    }
}

/// What picking an action does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    /// Its map mode is selected.
    Mode,
    /// Its intent is sent.
    Intent(Intent),
    /// Its picker opens (the maneuver, the readied action).
    Picker(PanelKind),
}

/// What picking `action` does: select its map mode, open its picker, or send its intent. A
/// greyed-out action sends nothing and says the rules' reason; a greyed-out mode is still
/// selected, to preview (each aim then shows its own reason), with the reason said.
pub fn pick(action: Action, bar: &ActionBar, mode: &mut Mode) -> Result<Picked, String> {
    let allowed = bar
        .allowed(action)
        .map_err(|why| format!("{} not possible: {why}", action.label()));
    if let Some(m) = action.mode() {
        *mode = m;
        return allowed
            .map(|()| Picked::Mode)
            .map_err(|why| format!("{why} (preview only)"));
    }
    allowed?;
    Ok(match action.picker() {
        Some(kind) => Picked::Picker(kind),
        None => Picked::Intent(Intent::Act(ActIntent::Do(action))),
    })
}

/// Picks an action for the player (a key or a button) and reports a refusal on the status line.
pub fn pick_and_report(
    action: Action,
    bar: &ActionBar,
    mode: &mut Mode,
    intents: &mut MessageWriter<Intent>,
    status: &mut StatusLine,
    picker: &mut Picker,
) {
    match pick(action, bar, mode) {
        Ok(Picked::Intent(intent)) => {
            intents.write(intent);
        }
        Ok(Picked::Mode) => status.0.clear(),
        Ok(Picked::Picker(kind)) => {
            status.0.clear();
            picker.0 = Some(kind);
        }
        Err(why) => status.0 = why,
    }
}

/// A picker asked for by the bar, opened by `open_picker` with the rules' verdicts.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Picker(pub Option<PanelKind>);

/// The options of a picker for the active `unit`, each greyed out with the rules' reason.
pub fn picker_panel(world: &World, unit: &UnitId, kind: PanelKind, weapon: Option<&str>) -> Option<PanelSpec> {
    let options = match kind {
        PanelKind::Maneuver => MANEUVERS
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let name = crate::rules::maneuver::kind_name(*k);
                let arms = Arms::Chosen { weapon, mount: None };
                PanelOption::new(name, digit(i), Choice::Maneuver(*k)).greyed(options::armed_verdict(
                    world,
                    unit,
                    OptionKind::Maneuver(*k),
                    arms,
                ))
            })
            .collect(),
        PanelKind::Ready => {
            let rules = world.resource::<crate::ruleset::Ruleset>();
            options::kind_option(world, unit, OptionKind::Ready, None)
                .choices
                .into_iter()
                .filter_map(|c| match c.command {
                    GameCommand::Ready(cmd::Ready { action, .. }) => Some((action, c.verdict)),
                    _ => None,
                })
                .enumerate()
                .map(|(i, (k, verdict))| {
                    PanelOption::new(rules.actions.name_of(k), digit(i), Choice::ReadyKind(k)).greyed(verdict)
                })
                .collect()
        }
        PanelKind::Vehicle => return Some(crate::gui::vehicles::piloting::order_panel(world, unit)),
        PanelKind::Menu | PanelKind::Reaction | PanelKind::ReactionSettings => return None,
    };
    let title = match kind {
        PanelKind::Maneuver => "Combat maneuver: pick one, then click the target",
        _ => "Ready which action?",
    };
    Some(PanelSpec {
        kind,
        title: title.into(),
        options,
    })
}

/// The second step of readying: the trigger.
pub fn trigger_panel(world: &World, action: ActionKind) -> PanelSpec {
    let rules = world.resource::<crate::ruleset::Ruleset>();
    PanelSpec {
        kind: PanelKind::Ready,
        title: format!("Ready a {} until…", rules.actions.name_of(action)),
        options: READY_TRIGGERS
            .iter()
            .enumerate()
            .map(|(i, t)| {
                PanelOption::new(
                    *t,
                    digit(i),
                    Choice::Ready {
                        action,
                        trigger: t.to_string(),
                    },
                )
            })
            .collect(),
    }
}

fn open_picker(session: Res<Session>, choice: Res<WeaponChoice>, mut picker: ResMut<Picker>, mut panel: ResMut<Panel>) {
    let Some(kind) = picker.0.take() else { return };
    let world = session.battle.world();
    let Some(unit) = world.resource::<Combat>().active.clone() else {
        return;
    };
    let weapon = choice.for_unit(Some(&unit));
    panel.0 = picker_panel(world, &unit, kind, weapon.as_deref());
}

/// What is chosen in the pickers: a maneuver selects its map mode, a readied action's kind
/// asks for its trigger, the trigger sends the command.
fn picker_chosen(
    mut chosen: MessageReader<Chosen>,
    session: Res<Session>,
    mut panel: ResMut<Panel>,
    mut mode: ResMut<Mode>,
    mut intents: MessageWriter<Intent>,
) {
    for c in chosen.read() {
        if !matches!(c.kind, PanelKind::Maneuver | PanelKind::Ready) {
            continue;
        }
        match &c.choice {
            Choice::Maneuver(kind) => {
                *mode = Mode::Maneuver(*kind);
                panel.0 = None;
            }
            Choice::ReadyKind(action) => panel.0 = Some(trigger_panel(session.battle.world(), *action)),
            Choice::Ready { action, trigger } => {
                intents.write(Intent::Act(ActIntent::Ready {
                    action: *action,
                    trigger: trigger.clone(),
                }));
                panel.0 = None;
            }
            _ => panel.0 = None,
        }
    }
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
pub(in crate::gui) fn keys_to_actions(
    keys: Res<ButtonInput<KeyCode>>,
    session: Res<Session>,
    bar: Res<ActionBar>,
    panel: Res<Panel>,
    mut mode: ResMut<Mode>,
    mut toggles: ResMut<Toggles>,
    mut choice: ResMut<WeaponChoice>,
    mut intents: MessageWriter<Intent>,
    mut status: ResMut<StatusLine>,
    mut picker: ResMut<Picker>,
) {
    // An open panel (a picker, the menu, a reaction prompt) has the keys.
    if panel.is_open() {
        return;
    }
    for action in Action::ALL {
        // E / Enter end the turn in `input`.
        if action != Action::EndTurn && keys.just_pressed(action.key()) && no_modifier(&keys) {
            pick_and_report(action, &bar, &mut mode, &mut intents, &mut status, &mut picker);
        }
    }
    if keys.just_pressed(KeyCode::Escape) {
        *mode = Mode::Move;
    }
    if keys.just_pressed(KeyCode::KeyT) {
        toggles.threat = !toggles.threat;
    }
    if keys.just_pressed(KeyCode::KeyV) {
        toggles.avoid_aoo = !toggles.avoid_aoo;
    }
    if keys.just_pressed(KeyCode::Tab) {
        let world = session.battle.world();
        let active = world.resource::<Combat>().active.clone();
        let mut options = active
            .as_ref()
            .map(|u| crate::gui::hud::arms::weapon_options(world, u))
            .unwrap_or_default();
        // Mounted weapons fire in a single attack only (VEH-20): other modes cycle the unit's own.
        if !matches!(*mode, Mode::Attack | Mode::FullAttack) {
            options.retain(|o| o.mount.is_none());
        }
        let (weapon, mount) = (choice.for_unit(active.as_ref()), choice.mount_for(active.as_ref()));
        let next = crate::gui::hud::arms::next_option(&options, weapon.as_deref().map(|w| (w, mount.as_ref())));
        status.0 = crate::gui::hud::arms::option_line(next);
        *choice = WeaponChoice {
            unit: active,
            weapon: next.map(|o| o.name.clone()),
            mount: next.and_then(|o| o.mount.clone()),
        };
    }
}

/// No Ctrl held (Ctrl+S, Ctrl+O, Ctrl+Z are the saves' keys).
fn no_modifier(keys: &ButtonInput<KeyCode>) -> bool {
    !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
}

/// Back in move mode from another mode (Esc, a new turn), the other mode's last message
/// leaves the status line, so the move preview shows (issue #6).
fn clear_status_back_in_move_mode(mode: Res<Mode>, mut last: Local<Mode>, mut status: ResMut<StatusLine>) {
    if *mode != *last {
        if *mode == Mode::Move && !status.0.is_empty() {
            status.0.clear();
        }
        *last = *mode;
    }
}

/// Recomputes the bar when the battle or the weapon changes; a new turn starts in move mode.
fn derive_action_bar(
    session: Res<Session>,
    revision: Res<Revision>,
    mut choice: ResMut<WeaponChoice>,
    mut mode: ResMut<Mode>,
    mut bar: ResMut<ActionBar>,
) {
    let world = session.battle.world();
    let active = world.resource::<Combat>().active.clone();
    if bar.key.as_ref().map(|k| &k.1) != Some(&active) {
        *mode = Mode::Move;
        choice.set_if_neq(WeaponChoice::default());
    }
    let weapon = choice.for_unit(active.as_ref());
    let mount = choice.mount_for(active.as_ref());
    let armed = WeaponChoice {
        unit: active.clone(),
        weapon: weapon.clone(),
        mount: mount.clone(),
    };
    let key = Some((*revision, active.clone(), armed));
    if bar.key == key {
        return;
    }
    bar.entries = availability(world, active.as_ref(), weapon.as_deref(), mount.as_ref());
    bar.key = key;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::check;
    use crate::rules::options::{READY_KINDS, any_allowed};
    use crate::testing::{battle, ok};

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

    fn me() -> UnitId {
        UnitId("me".into())
    }

    fn my_turn() -> crate::history::Battle {
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

    fn allowed(entries: &[(Action, Result<(), String>)], a: Action) -> Result<(), String> {
        entries.iter().find(|(x, _)| *x == a).expect("listed").1.clone()
    }

    #[test]
    fn the_bar_lists_what_the_rules_allow_and_why_not() {
        let mut b = my_turn();
        let entries = availability(b.world(), Some(&me()), None, None);
        assert_eq!(entries.len(), Action::ALL.len());
        for a in [
            Action::Move,
            Action::Attack,
            Action::FullAttack,
            Action::DropProne,
            Action::TotalDefense,
            Action::Delay,
            Action::EndTurn,
        ] {
            assert_eq!(allowed(&entries, a), Ok(()), "{a:?}");
        }
        let stand = allowed(&entries, Action::StandUp).expect_err("not prone");
        assert_eq!(
            stand,
            check(b.world(), &GameCommand::StandUp(cmd::StandUp { unit: me() }))
                .expect_err("same")
                .to_string()
        );

        // After an attack (a standard action) the full attack and another attack are refused
        // with the budget's reason; it can no longer delay.
        ok(
            &mut b,
            GameCommand::Attack(cmd::Attack {
                unit: me(),
                target: UnitId("foe".into()),
                weapon: None,
                defensively: false,
                mount: None,
            }),
        );
        let entries = availability(b.world(), Some(&me()), None, None);
        let full = GameCommand::FullAttack(cmd::FullAttack {
            unit: me(),
            targets: vec![UnitId("foe".into())],
            weapon: None,
            weapons: vec![],
            defensively: false,
        });
        assert_eq!(
            allowed(&entries, Action::FullAttack),
            Err(check(b.world(), &full).expect_err("spent").to_string())
        );
        assert!(allowed(&entries, Action::Attack).is_err());
        assert!(allowed(&entries, Action::Delay).is_err());
        assert_eq!(allowed(&entries, Action::EndTurn), Ok(()));
    }

    #[test]
    fn every_command_of_the_board_is_on_the_bar_with_the_rules_verdict() {
        let mut b = my_turn();
        let entries = availability(b.world(), Some(&me()), None, None);
        for a in [Action::Maneuver, Action::Ready, Action::Defensive] {
            // Each verdict is the rules' own: allowed, or their reason.
            let commands: Vec<GameCommand> = a
                .choices(b.world(), Some(&me()))
                .into_iter()
                .map(|c| c.command)
                .collect();
            assert!(!commands.is_empty(), "{a:?}");
            assert_eq!(allowed(&entries, a), any_allowed(b.world(), &commands, "-"), "{a:?}");
        }
        assert_eq!(allowed(&entries, Action::Ready), Ok(()));
        assert_eq!(allowed(&entries, Action::Maneuver), Ok(()));
        // starfinder fights defensively as part of an attack: the rules' refusal is shown.
        assert!(allowed(&entries, Action::Defensive).is_err());
        // The foe is adjacent: a charge needs room, and says so.
        let charge = allowed(&entries, Action::Charge).expect_err("too close");
        assert!(!charge.is_empty());
        assert_eq!(allowed(&entries, Action::ActNow), Err("nobody is delaying".into()));
        assert_eq!(
            allowed(&entries, Action::FireReadied),
            Err("nobody has readied an action".into())
        );
        assert!(allowed(&entries, Action::Proceed).is_err());

        // me delays: the window opens; act now and proceed are offered, with no active unit.
        ok(&mut b, GameCommand::Delay(cmd::Delay { unit: me() }));
        ok(
            &mut b,
            GameCommand::EndTurn(cmd::EndTurn {
                unit: UnitId("foe".into()),
            }),
        );
        if b.world().resource::<Combat>().window.is_some() {
            let entries = availability(b.world(), None, None, None);
            assert_eq!(allowed(&entries, Action::ActNow), Ok(()));
            assert_eq!(allowed(&entries, Action::Proceed), Ok(()));
            assert!(allowed(&entries, Action::Attack).is_err());
            assert_eq!(
                command_for(&ActIntent::Do(Action::ActNow), None, b.world()),
                Ok(GameCommand::ActNow(cmd::ActNow { unit: me() }))
            );
        }
    }

    #[test]
    fn readying_asks_the_kind_then_the_trigger_and_fire_readied_follows() {
        let mut b = my_turn();
        let picker = picker_panel(b.world(), &me(), PanelKind::Ready, None).expect("a picker");
        assert_eq!(picker.options.len(), READY_KINDS.len());
        assert_eq!(picker.options[0].allowed, Ok(()));
        let triggers = trigger_panel(b.world(), ActionKind::Standard);
        assert_eq!(
            triggers.options[0].choice,
            Choice::Ready {
                action: ActionKind::Standard,
                trigger: READY_TRIGGERS[0].into()
            }
        );
        let command = command_for(
            &ActIntent::Ready {
                action: ActionKind::Standard,
                trigger: READY_TRIGGERS[0].into(),
            },
            Some(me()),
            b.world(),
        )
        .expect("a command");
        ok(&mut b, command);
        ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: me() }));
        // The foe's turn: me's readied action may fire.
        let entries = availability(b.world(), Some(&UnitId("foe".into())), None, None);
        assert_eq!(allowed(&entries, Action::FireReadied), Ok(()));
        assert_eq!(
            command_for(
                &ActIntent::Do(Action::FireReadied),
                Some(UnitId("foe".into())),
                b.world()
            ),
            Ok(GameCommand::FireReadied(cmd::FireReadied { unit: me() }))
        );
    }

    #[test]
    fn picking_selects_a_mode_or_sends_an_intent_and_refuses_greyed_actions() {
        let b = my_turn();
        let bar = ActionBar {
            key: None,
            entries: availability(b.world(), Some(&me()), None, None),
        };
        let mut mode = Mode::Move;
        assert_eq!(pick(Action::Attack, &bar, &mut mode), Ok(Picked::Mode));
        assert_eq!(mode, Mode::Attack);
        assert_eq!(
            pick(Action::TotalDefense, &bar, &mut mode),
            Ok(Picked::Intent(Intent::Act(ActIntent::Do(Action::TotalDefense))))
        );
        let why = pick(Action::StandUp, &bar, &mut mode).expect_err("greyed");
        assert!(why.starts_with("Stand up not possible: "), "{why}");
        assert_eq!(mode, Mode::Attack, "a refusal changes nothing");
        // A greyed-out mode still previews, with the reason said.
        let why = pick(Action::Area, &bar, &mut mode).expect_err("no area weapon");
        assert_eq!(why, "Area not possible: no area weapon (preview only)");
        assert_eq!(mode, Mode::Area);
    }

    #[test]
    fn action_intents_become_the_rule_commands() {
        let b = my_turn();
        let w = b.world();
        assert_eq!(
            command_for(
                &ActIntent::AttackAt {
                    at: Square::new(3, 2),
                    weapon: Some("Knife".into()),
                    full: false,
                    mount: None,
                    pick: 0,
                },
                Some(me()),
                w
            ),
            Ok(GameCommand::Attack(cmd::Attack {
                unit: me(),
                target: UnitId("foe".into()),
                weapon: Some("Knife".into()),
                defensively: false,
                mount: None,
            }))
        );
        // starfinder: a full attack makes up to two attacks.
        match command_for(
            &ActIntent::AttackAt {
                at: Square::new(3, 2),
                weapon: None,
                full: true,
                mount: None,
                pick: 0,
            },
            Some(me()),
            w,
        ) {
            Ok(GameCommand::FullAttack(cmd::FullAttack { targets, .. })) => assert_eq!(targets.len(), 2),
            other => panic!("{other:?}"),
        }
        assert!(
            command_for(
                &ActIntent::AttackAt {
                    at: Square::new(8, 2),
                    weapon: None,
                    full: false,
                    mount: None,
                    pick: 0,
                },
                Some(me()),
                w
            )
            .is_err(),
            "nobody there"
        );
        assert_eq!(
            command_for(&ActIntent::Do(Action::StandUp), Some(me()), w),
            Ok(GameCommand::StandUp(cmd::StandUp { unit: me() }))
        );
        // Avoiding the AoO: the path goes around nothing here but still is the planner's.
        let to = Square::new(2, 5);
        let plan =
            crate::rules::movement::plan_move(w, &me(), to, None, crate::rules::MoveMode::Move, true).expect("legal");
        assert_eq!(
            command_for(&ActIntent::MoveAvoiding(to), Some(me()), w),
            Ok(GameCommand::Move(cmd::Move {
                unit: me(),
                to,
                path: Some(plan.squares),
                mode: crate::rules::MoveMode::Move
            }))
        );
    }

    /// A headless app on `my_turn` with the session, the action bar and the panel, one frame in.
    fn bar_app() -> App {
        use crate::gui::session::{Session, plugin as session_plugin};
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
        app.insert_resource(Session::new(my_turn()));
        app.insert_state(Screen::Battle);
        app.init_resource::<ButtonInput<KeyCode>>();
        crate::gui::order_sets(&mut app);
        app.add_plugins((session_plugin, plugin, crate::gui::hud::panel::plugin));
        app.update();
        app
    }

    /// The whole path headless: digit 2 selects attack mode (once the bar allows it), an
    /// attack intent is applied through `Battle::submit`, and the bar greys out what the spent
    /// standard action no longer allows.
    #[test]
    fn keys_pick_the_mode_and_attack_intents_reach_the_battle() {
        let mut app = bar_app();
        assert_eq!(app.world().resource::<ActionBar>().allowed(Action::Attack), Ok(()));
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::Digit2);
        app.update();
        assert_eq!(*app.world().resource::<Mode>(), Mode::Attack);
        // The maneuver key opens its picker, whose options carry the rules' verdicts.
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .release(KeyCode::Digit2);
        app.world_mut().resource_mut::<ButtonInput<KeyCode>>().clear();
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::Digit5);
        app.update();
        let panel = app.world().resource::<Panel>().0.clone().expect("the maneuver picker");
        assert_eq!(panel.kind, PanelKind::Maneuver);
        assert!(panel.options.iter().any(|o| o.allowed.is_ok()), "{panel:?}");
        // Trip (its key 2) selects the maneuver mode and closes the picker.
        {
            let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            keys.release(KeyCode::Digit5);
            keys.clear();
            keys.press(KeyCode::Digit2);
        }
        app.update();
        assert_eq!(*app.world().resource::<Mode>(), Mode::Maneuver(ManeuverKind::Trip));
        assert!(!app.world().resource::<Panel>().is_open());
        {
            let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            keys.release(KeyCode::Digit2);
            keys.clear();
            keys.press(KeyCode::Digit2);
        }
        app.update();
        assert_eq!(*app.world().resource::<Mode>(), Mode::Attack);
        app.world_mut().write_message(Intent::Act(ActIntent::AttackAt {
            at: Square::new(3, 2),
            weapon: None,
            full: false,
            mount: None,
            pick: 0,
        }));
        app.update();
        let commands = app.world().resource::<Session>().battle.commands().to_vec();
        assert!(
            matches!(commands.last(), Some(GameCommand::Attack(cmd::Attack { .. }))),
            "the attack was accepted: {commands:?}"
        );
        let bar = app.world().resource::<ActionBar>();
        assert!(bar.allowed(Action::Attack).is_err());
        assert_eq!(bar.allowed(Action::EndTurn), Ok(()));
    }

    /// Issue #6: a refusal said in attack mode leaves the status line when Esc goes back to
    /// move mode, so the move preview shows again.
    #[test]
    fn back_in_move_mode_the_attack_modes_message_leaves_the_status_line() {
        let mut app = bar_app();
        let tap = crate::gui::test_input::tap_key;
        tap(&mut app, KeyCode::Digit2);
        assert_eq!(*app.world().resource::<Mode>(), Mode::Attack);
        app.world_mut().write_message(Intent::Act(ActIntent::AttackAt {
            at: Square::new(8, 6),
            weapon: None,
            full: false,
            mount: None,
            pick: 0,
        }));
        app.update();
        let said = app.world().resource::<StatusLine>().0.clone();
        assert!(said.contains("nobody on"), "{said}");
        tap(&mut app, KeyCode::Escape);
        assert_eq!(*app.world().resource::<Mode>(), Mode::Move);
        assert_eq!(app.world().resource::<StatusLine>().0, "");
    }

    #[test]
    fn the_weapon_choice_is_the_active_units_only() {
        let choice = WeaponChoice {
            unit: Some(me()),
            weapon: Some("Knife".into()),
            mount: None,
        };
        assert_eq!(choice.for_unit(Some(&me())), Some("Knife".into()));
        assert_eq!(choice.for_unit(Some(&UnitId("foe".into()))), None);
    }
}
