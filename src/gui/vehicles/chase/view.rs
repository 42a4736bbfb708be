//! What the chase panel shows (RULES.md §26), derived from the battle whenever it or the
//! double maneuver toggle changes: the chase board as a strip of zones (vehicles in their
//! zones, engaged vehicles grouped, those that left the chase), the phase line, the acting
//! pilot's menu (the pilot actions `rules::options` lists, each with the DC and modifier the
//! rules would roll, `rules::chase::pilot_action_terms`, and the rules' verdict), the
//! combat-phase buttons (`combat`), the stay toggles (`stay`) and whether progress may run.

use crate::gui::state::mode::DoubleManeuver;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::gui::vehicles::chase::combat::{CombatEntry, combat_entries};
use crate::gui::vehicles::chase::stay::{StayChoice, StayToggle, stay_toggles};
use crate::rules::chase::options::pilot_action_choices;
use crate::rules::chase::{
    Chase, ChasePhase, Departure, ManeuverUse, phase_name, pilot_action_chance, pilot_action_terms, would_escape,
};
use crate::rules::cmd;
use crate::rules::options::{OptionKind, verdict};
use crate::rules::{Combat, GameCommand, Profile, SideId, UnitId, check, unit_component};
use crate::ruleset::PilotAction;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<ChaseView>();
    app.add_systems(
        Update,
        derive_chase_view
            .in_set(AppSystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
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
    /// The chance, in percent, that the check succeeds (`rules::chase::pilot_action_chance`;
    /// a d20 check's odds are whole multiples of 5 %).
    pub chance: Option<u32>,
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

/// The acting pilot's menu: the pilot actions the rules list (`chase::options::pilot_action_choices`:
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
            let chance = pilot_action_chance(world, &command)
                .ok()
                .flatten()
                .map(|c| c.round() as u32);
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
                chance,
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

/// The pilot whose chase action it is, if any.
pub fn acting_pilot(world: &World) -> Option<UnitId> {
    world.get_resource::<Chase>()?.acting()?.pilot.clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::testkit::redliner;
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
        // Issue #18 item 5: d20 + 8 reaches 18 on a 10 or more: 55 %.
        assert_eq!(speed.chance, Some(55));
        assert_eq!(
            pilot_action_chance(b.world(), &speed.command),
            Ok(Some(55.0)),
            "the rules' own odds"
        );
        let trick = entry(&menu, PilotAction::Trick, None);
        assert_eq!((trick.dc, trick.modifier), (Some(16), Some(8)));
        let slow = entry(&menu, PilotAction::SlowDown, None);
        assert_eq!((slow.dc, slow.allowed.clone(), slow.chance), (None, Ok(()), None));
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
        let at = crate::rules::reactions::threat::space_of(w, &id("enercycle1"))
            .expect("placed")
            .at;
        let hover = crate::gui::views::attack::attack_hover(w, &id("sssazza"), at, None).expect("someone there");
        let preview = hover.preview.expect("in range");
        let text = serde_json::to_string(&preview).expect("json");
        assert!(text.contains("CHS-12"), "{text}");
        assert!(phase_line(w, w.resource::<Chase>()).contains("Sssazza's turn"));
    }
}
