//! The action bar's logic (issue #6 item 4): which actions the active unit may take now, each
//! asked of the rules' `check` (the check `Battle::submit` runs) so a greyed-out action shows
//! the rules' own reason; the selected mode (move, attack, full attack); the chosen weapon; the
//! threat and avoid-AoO toggles; and the commands the action intents stand for. Decides no rule.

use super::overlay::path_preview_avoiding;
use super::session::{Intent, Revision, Session, StatusLine};
use super::{AppSystems, Screen};
use crate::grid::Square;
use crate::rules::check;
use crate::rules::threat::{hostile, space_of};
use crate::rules::{Combat, GameCommand, Profile, RuleError, UnitId, UnitIndex};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Mode>();
    app.init_resource::<Toggles>();
    app.init_resource::<WeaponChoice>();
    app.init_resource::<ActionBar>();
    app.add_systems(
        Update,
        (
            keys_to_actions.in_set(AppSystems::Input),
            derive_action_bar.in_set(AppSystems::Derive),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// An entry of the action bar, in its order (its key is its place: 1 to 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    Move,
    Attack,
    FullAttack,
    Area,
    StandUp,
    DropProne,
    TotalDefense,
    Delay,
    EndTurn,
}

impl Action {
    pub const ALL: [Action; 9] = [
        Action::Move,
        Action::Attack,
        Action::FullAttack,
        Action::Area,
        Action::StandUp,
        Action::DropProne,
        Action::TotalDefense,
        Action::Delay,
        Action::EndTurn,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Action::Move => "Move",
            Action::Attack => "Attack",
            Action::FullAttack => "Full attack",
            Action::Area => "Area",
            Action::StandUp => "Stand up",
            Action::DropProne => "Drop prone",
            Action::TotalDefense => "Total defense",
            Action::Delay => "Delay",
            Action::EndTurn => "End turn",
        }
    }

    /// The button's short label (the full one is in the hover hint).
    pub fn short_label(self) -> &'static str {
        match self {
            Action::FullAttack => "Full atk",
            Action::StandUp => "Stand",
            Action::DropProne => "Prone",
            Action::TotalDefense => "Defend",
            Action::EndTurn => "End (E)",
            other => other.label(),
        }
    }

    /// The digit key that picks it.
    pub fn key(self) -> KeyCode {
        const KEYS: [KeyCode; 9] = [
            KeyCode::Digit1,
            KeyCode::Digit2,
            KeyCode::Digit3,
            KeyCode::Digit4,
            KeyCode::Digit5,
            KeyCode::Digit6,
            KeyCode::Digit7,
            KeyCode::Digit8,
            KeyCode::Digit9,
        ];
        KEYS[Action::ALL.iter().position(|a| *a == self).unwrap_or(0)]
    }

    /// The key's label on the button ("1").
    pub fn key_label(self) -> usize {
        Action::ALL.iter().position(|a| *a == self).unwrap_or(0) + 1
    }

    /// The map mode it selects, for actions aimed with the mouse.
    pub fn mode(self) -> Option<Mode> {
        match self {
            Action::Move => Some(Mode::Move),
            Action::Attack => Some(Mode::Attack),
            Action::FullAttack => Some(Mode::FullAttack),
            Action::Area => Some(Mode::Area),
            _ => None,
        }
    }

    /// The command of an action that needs no aim.
    pub fn command(self, unit: UnitId) -> Option<GameCommand> {
        Some(match self {
            Action::StandUp => GameCommand::StandUp { unit },
            Action::DropProne => GameCommand::DropProne { unit },
            Action::TotalDefense => GameCommand::TotalDefense { unit },
            Action::Delay => GameCommand::Delay { unit },
            Action::EndTurn => GameCommand::EndTurn { unit },
            Action::Move | Action::Attack | Action::FullAttack | Action::Area => return None,
        })
    }
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
    /// Place an area weapon's template at the clicked intersection.
    Area,
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

/// The weapon the player picked for the active unit (Tab cycles); `None`: the rules pick
/// the unit's best for the job.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct WeaponChoice {
    pub unit: Option<UnitId>,
    pub weapon: Option<String>,
}

impl WeaponChoice {
    /// The weapon chosen for `unit` (a choice made for another unit does not carry over).
    pub fn for_unit(&self, unit: Option<&UnitId>) -> Option<String> {
        (self.unit.as_ref() == unit).then(|| self.weapon.clone()).flatten()
    }
}

/// The next weapon choice after `current` among `names`: best, then each weapon, then best.
pub fn next_weapon(names: &[String], current: Option<&str>) -> Option<String> {
    match current.and_then(|c| names.iter().position(|n| n == c)) {
        None => names.first().cloned(),
        Some(i) => names.get(i + 1).cloned(),
    }
}

/// An action intent: what the player asked of the action bar or in attack mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActIntent {
    /// Attack whoever stands on the square; `full` for a full attack.
    AttackAt {
        at: Square,
        weapon: Option<String>,
        full: bool,
    },
    /// Throw or fire an area weapon (the chosen one if it has an area, else the first that
    /// does) at the intersection; a cone or line toward `dir`.
    AreaAt {
        at: crate::grid::Intersection,
        weapon: Option<String>,
        dir: crate::grid::Direction8,
    },
    /// Move there on the path with the fewest provocations (`query path --avoid-aoo`).
    MoveAvoiding(Square),
    /// An action that needs no aim (stand up, total defense, end turn, ...).
    Do(Action),
}

/// The unit other than `me` whose space holds `at`.
pub fn unit_at(world: &World, at: Square, me: &UnitId) -> Option<UnitId> {
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != me)
        .find(|u| space_of(world, u).is_some_and(|s| s.contains(at)))
        .cloned()
}

/// The most attacks the rules allow `unit` in one full attack on `target` (1 when none do,
/// so the refusal comes from `Battle::submit` with its reason).
fn full_attack(world: &World, unit: &UnitId, target: &UnitId, weapon: Option<String>) -> GameCommand {
    let command = |n: usize| GameCommand::FullAttack {
        unit: unit.clone(),
        targets: vec![target.clone(); n],
        weapon: weapon.clone(),
        weapons: Vec::new(),
        defensively: false,
    };
    (1..=4)
        .rev()
        .map(command)
        .find(|c| check(world, c).is_ok())
        .unwrap_or_else(|| command(1))
}

/// The rule command an action intent of the active `unit` stands for, or why there is none.
pub fn command_for(act: &ActIntent, unit: UnitId, world: &World) -> Result<GameCommand, String> {
    match act {
        ActIntent::AttackAt { at, weapon, full } => {
            let target = unit_at(world, *at, &unit).ok_or_else(|| format!("nobody to attack on {at}"))?;
            Ok(match full {
                true => full_attack(world, &unit, &target, weapon.clone()),
                false => GameCommand::Attack {
                    unit,
                    target,
                    weapon: weapon.clone(),
                    defensively: false,
                },
            })
        }
        ActIntent::AreaAt { at, weapon, dir } => super::area::area_command(world, unit, weapon.as_deref(), *at, *dir),
        ActIntent::MoveAvoiding(to) => {
            let preview = path_preview_avoiding(world, &unit, *to, true).map_err(|e| e.to_string())?;
            Ok(GameCommand::Move {
                unit,
                to: *to,
                path: Some(preview.squares),
                mode: preview.band.mode(),
            })
        }
        ActIntent::Do(action) => action
            .command(unit)
            .ok_or_else(|| format!("{} is aimed on the map", action.label())),
    }
}

/// Whether `unit` may take each action now, and the rules' reason when not. Aimed actions are
/// allowed when the rules accept them against at least one aim (a neighbouring square, an
/// enemy); otherwise the first refusal is the reason.
pub fn availability(world: &World, unit: &UnitId, weapon: Option<&str>) -> Vec<(Action, Result<(), String>)> {
    let any = |commands: Vec<GameCommand>, none: &str| -> Result<(), String> {
        let mut first = None;
        for c in &commands {
            match check(world, c) {
                Ok(()) => return Ok(()),
                Err(e) => {
                    first.get_or_insert(e);
                }
            }
        }
        Err(first.map_or_else(|| none.to_string(), |e: RuleError| e.to_string()))
    };
    let foes: Vec<UnitId> = world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != unit && hostile(world, unit, u))
        .cloned()
        .collect();
    Action::ALL
        .into_iter()
        .map(|action| {
            let allowed = match action {
                Action::Move => {
                    let at = space_of(world, unit).map_or(Square::new(0, 0), |s| s.at);
                    let steps = (-1..=1)
                        .flat_map(|dy| (-1..=1).map(move |dx| Square::new(at.x + dx, at.y + dy)))
                        .filter(|sq| *sq != at)
                        .map(|to| GameCommand::Move {
                            unit: unit.clone(),
                            to,
                            path: None,
                            mode: crate::rules::MoveMode::Move,
                        })
                        .collect();
                    any(steps, "no square to move to")
                }
                Action::Attack => any(
                    foes.iter()
                        .map(|t| GameCommand::Attack {
                            unit: unit.clone(),
                            target: t.clone(),
                            weapon: weapon.map(str::to_string),
                            defensively: false,
                        })
                        .collect(),
                    "no enemy to attack",
                ),
                Action::FullAttack => any(
                    foes.iter()
                        .map(|t| GameCommand::FullAttack {
                            unit: unit.clone(),
                            targets: vec![t.clone()],
                            weapon: weapon.map(str::to_string),
                            weapons: Vec::new(),
                            defensively: false,
                        })
                        .collect(),
                    "no enemy to attack",
                ),
                Action::Area => any(area_aims(world, unit, weapon, &foes), "no area weapon"),
                _ => any(action.command(unit.clone()).into_iter().collect(), "not an action"),
            };
            (action, allowed)
        })
        .collect()
}

/// Area commands to check for the bar: a burst at each enemy's corner, a cone or line from
/// each corner of the unit's own space in each direction.
fn area_aims(world: &World, unit: &UnitId, chosen: Option<&str>, foes: &[UnitId]) -> Vec<GameCommand> {
    use crate::grid::{Direction8, Intersection};
    let Some(weapon) = super::area::area_weapon(world, unit, chosen) else {
        return Vec::new();
    };
    let directed = weapon.area.is_some_and(|a| a.shape.directed());
    let command = |at: Intersection, dir: Option<Direction8>| GameCommand::AreaAttack {
        unit: unit.clone(),
        weapon: weapon.name.clone(),
        at,
        dir,
    };
    if directed {
        let Some(me) = space_of(world, unit) else {
            return Vec::new();
        };
        let side = me.side as i32;
        let corners = [(0, 0), (side, 0), (0, side), (side, side)];
        corners
            .iter()
            .flat_map(|(dx, dy)| {
                Direction8::ALL.map(|d| command(Intersection::new(me.at.x + dx, me.at.y + dy), Some(d)))
            })
            .collect()
    } else {
        foes.iter()
            .filter_map(|f| space_of(world, f))
            .map(|s| command(Intersection::new(s.at.x, s.at.y), None))
            .collect()
    }
}

/// The action bar of the active unit, recomputed when the battle or the weapon changes.
#[derive(Resource, Debug, Default)]
pub struct ActionBar {
    pub key: Option<(Revision, Option<UnitId>, Option<String>)>,
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

/// What picking `action` does: select its map mode, or send its intent. A greyed-out action
/// sends nothing and says the rules' reason; a greyed-out mode is still selected, to preview
/// (each aim then shows its own reason), with the reason said.
pub fn pick(action: Action, bar: &ActionBar, mode: &mut Mode) -> Result<Option<Intent>, String> {
    let allowed = bar
        .allowed(action)
        .map_err(|why| format!("{} not possible: {why}", action.label()));
    match action.mode() {
        Some(m) => {
            *mode = m;
            allowed.map(|()| None).map_err(|why| format!("{why} (preview only)"))
        }
        None => allowed.map(|()| Some(Intent::Act(ActIntent::Do(action)))),
    }
}

/// Picks an action for the player (a key or a button) and reports a refusal on the status line.
pub fn pick_and_report(
    action: Action,
    bar: &ActionBar,
    mode: &mut Mode,
    intents: &mut MessageWriter<Intent>,
    status: &mut StatusLine,
) {
    match pick(action, bar, mode) {
        Ok(Some(intent)) => {
            intents.write(intent);
        }
        Ok(None) => status.0.clear(),
        Err(why) => status.0 = why,
    }
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn keys_to_actions(
    keys: Res<ButtonInput<KeyCode>>,
    session: NonSend<Session>,
    bar: Res<ActionBar>,
    mut mode: ResMut<Mode>,
    mut toggles: ResMut<Toggles>,
    mut choice: ResMut<WeaponChoice>,
    mut intents: MessageWriter<Intent>,
    mut status: ResMut<StatusLine>,
) {
    for action in Action::ALL {
        // E / Enter already end the turn (input.rs); 8 is the bar's own key.
        if keys.just_pressed(action.key()) {
            pick_and_report(action, &bar, &mut mode, &mut intents, &mut status);
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
        let names = active
            .as_ref()
            .and_then(|u| crate::rules::unit_component::<Profile>(world, u))
            .map(|p| p.weapons.iter().map(|w| w.name.clone()).collect::<Vec<_>>())
            .unwrap_or_default();
        let next = next_weapon(&names, choice.for_unit(active.as_ref()).as_deref());
        *choice = WeaponChoice {
            unit: active,
            weapon: next,
        };
    }
}

/// Recomputes the bar when the battle or the weapon changes; a new turn starts in move mode.
fn derive_action_bar(
    session: NonSend<Session>,
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
    let key = Some((*revision, active.clone(), weapon.clone()));
    if bar.key == key {
        return;
    }
    bar.entries = active
        .as_ref()
        .map(|u| availability(world, u, weapon.as_deref()))
        .unwrap_or_default();
    bar.key = key;
}

#[cfg(test)]
mod tests {
    use super::*;
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
            GameCommand::EndTurn {
                unit: UnitId("foe".into()),
            },
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
        let entries = availability(b.world(), &me(), None);
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
            check(b.world(), &GameCommand::StandUp { unit: me() })
                .expect_err("same")
                .to_string()
        );

        // After an attack (a standard action) the full attack and another attack are refused
        // with the budget's reason; it can no longer delay.
        ok(
            &mut b,
            GameCommand::Attack {
                unit: me(),
                target: UnitId("foe".into()),
                weapon: None,
                defensively: false,
            },
        );
        let entries = availability(b.world(), &me(), None);
        let full = GameCommand::FullAttack {
            unit: me(),
            targets: vec![UnitId("foe".into())],
            weapon: None,
            weapons: vec![],
            defensively: false,
        };
        assert_eq!(
            allowed(&entries, Action::FullAttack),
            Err(check(b.world(), &full).expect_err("spent").to_string())
        );
        assert!(allowed(&entries, Action::Attack).is_err());
        assert!(allowed(&entries, Action::Delay).is_err());
        assert_eq!(allowed(&entries, Action::EndTurn), Ok(()));
    }

    #[test]
    fn picking_selects_a_mode_or_sends_an_intent_and_refuses_greyed_actions() {
        let b = my_turn();
        let bar = ActionBar {
            key: None,
            entries: availability(b.world(), &me(), None),
        };
        let mut mode = Mode::Move;
        assert_eq!(pick(Action::Attack, &bar, &mut mode), Ok(None));
        assert_eq!(mode, Mode::Attack);
        assert_eq!(
            pick(Action::TotalDefense, &bar, &mut mode),
            Ok(Some(Intent::Act(ActIntent::Do(Action::TotalDefense))))
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
                    full: false
                },
                me(),
                w
            ),
            Ok(GameCommand::Attack {
                unit: me(),
                target: UnitId("foe".into()),
                weapon: Some("Knife".into()),
                defensively: false
            })
        );
        // starfinder: a full attack makes up to two attacks.
        match command_for(
            &ActIntent::AttackAt {
                at: Square::new(3, 2),
                weapon: None,
                full: true,
            },
            me(),
            w,
        ) {
            Ok(GameCommand::FullAttack { targets, .. }) => assert_eq!(targets.len(), 2),
            other => panic!("{other:?}"),
        }
        assert!(
            command_for(
                &ActIntent::AttackAt {
                    at: Square::new(8, 2),
                    weapon: None,
                    full: false
                },
                me(),
                w
            )
            .is_err(),
            "nobody there"
        );
        assert_eq!(
            command_for(&ActIntent::Do(Action::StandUp), me(), w),
            Ok(GameCommand::StandUp { unit: me() })
        );
        // Avoiding the AoO: the path goes around nothing here but still is the planner's.
        let to = Square::new(2, 5);
        let plan =
            crate::rules::movement::plan_move(w, &me(), to, None, crate::rules::MoveMode::Move, true).expect("legal");
        assert_eq!(
            command_for(&ActIntent::MoveAvoiding(to), me(), w),
            Ok(GameCommand::Move {
                unit: me(),
                to,
                path: Some(plan.squares),
                mode: crate::rules::MoveMode::Move
            })
        );
    }

    /// The whole path headless: digit 2 selects attack mode (once the bar allows it), an
    /// attack intent is applied through `Battle::submit`, and the bar greys out what the spent
    /// standard action no longer allows.
    #[test]
    fn keys_pick_the_mode_and_attack_intents_reach_the_battle() {
        use crate::gui::session::{Session, plugin as session_plugin};
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
        app.insert_non_send(Session::new(my_turn()));
        app.insert_state(Screen::Battle);
        app.init_resource::<ButtonInput<KeyCode>>();
        crate::gui::order_sets(&mut app);
        app.add_plugins((session_plugin, plugin));
        app.update();
        assert_eq!(app.world().resource::<ActionBar>().allowed(Action::Attack), Ok(()));
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::Digit2);
        app.update();
        assert_eq!(*app.world().resource::<Mode>(), Mode::Attack);
        app.world_mut().write_message(Intent::Act(ActIntent::AttackAt {
            at: Square::new(3, 2),
            weapon: None,
            full: false,
        }));
        app.update();
        let commands = app.world().non_send::<Session>().battle.commands().to_vec();
        assert!(
            matches!(commands.last(), Some(GameCommand::Attack { .. })),
            "the attack was accepted: {commands:?}"
        );
        let bar = app.world().resource::<ActionBar>();
        assert!(bar.allowed(Action::Attack).is_err());
        assert_eq!(bar.allowed(Action::EndTurn), Ok(()));
    }

    #[test]
    fn tab_cycles_best_then_each_weapon() {
        let names = vec!["Blade".to_string(), "Knife".to_string()];
        assert_eq!(next_weapon(&names, None), Some("Blade".into()));
        assert_eq!(next_weapon(&names, Some("Blade")), Some("Knife".into()));
        assert_eq!(next_weapon(&names, Some("Knife")), None);
        let choice = WeaponChoice {
            unit: Some(me()),
            weapon: Some("Knife".into()),
        };
        assert_eq!(choice.for_unit(Some(&me())), Some("Knife".into()));
        assert_eq!(choice.for_unit(Some(&UnitId("foe".into()))), None);
    }
}
