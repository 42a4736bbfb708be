//! What the side panel changes: each text field's current value and the `EditCommand` its
//! typed text stands for (name, description, seed, map size, side names and colours, an
//! objective's zone or rounds, a custom unit's stats), and the panel's buttons (rule family,
//! hidden information, add/remove sides and objectives, an objective's goal and side). Bad
//! input (a seed that is not a number) is refused with a message, never a panic.

use super::session::{EditIntent, EditorSession, EditorStatus, Selection};
use crate::editor::EditCommand;
use crate::gui::editor::files::{save_path, scenarios_folder};
use crate::gui::editor::state::FieldId;
use crate::gui::editor::state::FileIntent;
use crate::gui::editor::state::ToolState;
use crate::gui::editor::state::UiAction;
use crate::gui::editor::state::UnitField;
use crate::gui::editor::state::{FieldDone, Focus, Typing};
use crate::gui::editor::state::{SidebarTab, Tab};
use crate::gui::saves::DataDir;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::ruleset::{Family, Size};
use crate::scenario::format::{AiDef, AiLevel, Control, Goal, ObjectiveDef, ScenarioFile, SideDef, UnitDef};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (focus_fields, commit_fields, handle_panel_buttons)
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Editor)),
    );
}

/// The names of a unit's defences that are set, in a fixed order.
pub fn defenses_of(unit: &UnitDef) -> Vec<(&'static str, i32)> {
    let Some(d) = unit.defenses else {
        return Vec::new();
    };
    [
        ("AC", d.ac),
        ("EAC", d.eac),
        ("KAC", d.kac),
        ("Defense", d.defense),
        ("Reflex", d.reflex),
        ("Fortitude", d.fortitude),
        ("Will", d.will),
    ]
    .into_iter()
    .filter_map(|(n, v)| Some((n, v?)))
    .collect()
}

fn unit<'a>(file: &'a ScenarioFile, id: &str) -> Option<&'a UnitDef> {
    file.units.iter().find(|u| u.id.as_deref() == Some(id))
}

/// The value a field shows when it is not being typed in.
pub fn current(field: &FieldId, file: &ScenarioFile, tools: &ToolState) -> String {
    let side = |id: &str| file.sides.iter().find(|s| s.id == id);
    match field {
        FieldId::Name => file.name.clone(),
        FieldId::Description => file.description.clone(),
        FieldId::Seed => file.seed.map_or_else(String::new, |s| s.to_string()),
        FieldId::Width => size_of(file).0.to_string(),
        FieldId::Height => size_of(file).1.to_string(),
        FieldId::SaveAs => String::new(),
        FieldId::Zone => tools.zone.clone(),
        FieldId::SideName(id) => side(id).map_or_else(String::new, |s| s.name.clone()),
        FieldId::SideColour(id) => side(id).map_or_else(String::new, |s| s.colour.clone()),
        FieldId::Objective(i) => match file.objectives.get(*i).map(|o| &o.goal) {
            Some(Goal::ReachZone(z) | Goal::EliminateSide(z)) => z.clone(),
            Some(Goal::HoldZone { zone, rounds }) => format!("{zone} {rounds}"),
            Some(Goal::SurviveRounds(n)) => n.to_string(),
            Some(Goal::Escape) | None => String::new(),
        },
        FieldId::Unit(id, stat) => unit(file, id).map_or_else(String::new, |u| unit_stat(u, *stat)),
    }
}

fn size_of(file: &ScenarioFile) -> (u32, u32) {
    let rows = &file.map.rows;
    match file.map.size {
        Some(size) => size,
        None => (rows.first().map_or(0, |r| r.chars().count() as u32), rows.len() as u32),
    }
}

fn unit_stat(u: &UnitDef, stat: UnitField) -> String {
    let weapon = u.weapons.as_ref().and_then(|w| w.first());
    match stat {
        UnitField::Name => u.name.clone().unwrap_or_default(),
        UnitField::Size => u.size.map_or_else(String::new, |s| format!("{s:?}")),
        UnitField::Speed => u.speed.as_ref().map_or_else(String::new, |s| s.land.to_string()),
        UnitField::Hp => u.health.and_then(|h| h.hp).map_or_else(String::new, |h| h.to_string()),
        UnitField::Defense(i) => defenses_of(u).get(i).map_or_else(String::new, |d| d.1.to_string()),
        UnitField::Attack => weapon.map_or_else(String::new, |w| w.attack.to_string()),
        UnitField::Damage => weapon.map_or_else(String::new, |w| w.damage.clone()),
    }
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{what} must be a whole number, not `{}`", text.trim()))
}

/// What committing `text` in `field` does.
pub enum FieldEffect {
    Edit(Box<EditCommand>),
    File(FileIntent),
    Zone(String),
}

/// The effect of typing `text` into `field`, or why it is refused.
pub fn commit(
    field: &FieldId,
    text: &str,
    file: &ScenarioFile,
    data: Option<&std::path::Path>,
) -> Result<FieldEffect, String> {
    let edit = |c: EditCommand| Ok(FieldEffect::Edit(Box::new(c)));
    let side = |id: &str| {
        file.sides
            .iter()
            .find(|s| s.id == id)
            .cloned()
            .ok_or_else(|| format!("no side `{id}`"))
    };
    match field {
        FieldId::Name => edit(EditCommand::SetName(text.trim().to_string())),
        FieldId::Description => edit(EditCommand::SetDescription(text.trim().to_string())),
        FieldId::Seed if text.trim().is_empty() => edit(EditCommand::SetSeed(None)),
        FieldId::Seed => edit(EditCommand::SetSeed(Some(number(text, "the seed")?))),
        FieldId::Width => edit(EditCommand::Resize {
            width: number(text, "the width")?,
            height: size_of(file).1,
        }),
        FieldId::Height => edit(EditCommand::Resize {
            width: size_of(file).0,
            height: number(text, "the height")?,
        }),
        FieldId::SaveAs => Ok(FieldEffect::File(FileIntent::SaveTo(save_path(
            text,
            &scenarios_folder(data),
        )?))),
        FieldId::Zone => {
            let id = text.trim();
            if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
                return Err(format!("a zone id uses letters, digits, `_` and `-`, not `{id}`"));
            }
            Ok(FieldEffect::Zone(id.to_string()))
        }
        FieldId::SideName(id) => edit(EditCommand::EditSide {
            id: id.clone(),
            side: SideDef {
                name: text.trim().to_string(),
                ..side(id)?
            },
        }),
        FieldId::SideColour(id) => edit(EditCommand::EditSide {
            id: id.clone(),
            side: SideDef {
                colour: text.trim().to_string(),
                ..side(id)?
            },
        }),
        FieldId::Objective(i) => {
            let old = file.objectives.get(*i).ok_or("no such objective")?;
            let word = text.trim().to_string();
            let goal = match &old.goal {
                Goal::EliminateSide(_) => Goal::EliminateSide(word),
                Goal::ReachZone(_) => Goal::ReachZone(word),
                Goal::SurviveRounds(_) => Goal::SurviveRounds(number(&word, "the rounds")?),
                Goal::Escape => Goal::Escape,
                Goal::HoldZone { .. } => {
                    let mut parts = word.split_whitespace();
                    let zone = parts.next().unwrap_or_default().to_string();
                    let rounds = number(parts.next().unwrap_or("1"), "the rounds")?;
                    Goal::HoldZone { zone, rounds }
                }
            };
            edit(EditCommand::EditObjective {
                index: *i,
                objective: ObjectiveDef {
                    side: old.side.clone(),
                    goal,
                },
            })
        }
        FieldId::Unit(id, stat) => {
            let mut u = unit(file, id).cloned().ok_or_else(|| format!("no unit `{id}`"))?;
            set_stat(&mut u, *stat, text.trim())?;
            edit(EditCommand::EditUnit {
                id: id.clone(),
                unit: u,
            })
        }
    }
}

/// Sets one stat of a custom unit's form.
fn set_stat(u: &mut UnitDef, stat: UnitField, text: &str) -> Result<(), String> {
    match stat {
        UnitField::Name => u.name = (!text.is_empty()).then(|| text.to_string()),
        UnitField::Size => {
            let size = Size::ALL
                .into_iter()
                .find(|s| format!("{s:?}").eq_ignore_ascii_case(text))
                .ok_or_else(|| format!("`{text}` is not a size (Fine … Medium … Colossal)"))?;
            u.size = Some(size);
        }
        UnitField::Speed => {
            let mut speed = u.speed.unwrap_or_default();
            speed.land = number(text, "the speed")?;
            u.speed = Some(speed);
        }
        UnitField::Hp => {
            let mut health = u.health.unwrap_or_default();
            health.hp = Some(number(text, "the hit points")?);
            u.health = Some(health);
        }
        UnitField::Defense(i) => {
            let value: i32 = number(text, "the defence")?;
            let name = defenses_of(u).get(i).map(|d| d.0).ok_or("no such defence")?;
            let mut d = u.defenses.unwrap_or_default();
            let slot = match name {
                "AC" => &mut d.ac,
                "EAC" => &mut d.eac,
                "KAC" => &mut d.kac,
                "Defense" => &mut d.defense,
                "Reflex" => &mut d.reflex,
                "Fortitude" => &mut d.fortitude,
                _ => &mut d.will,
            };
            *slot = Some(value);
            u.defenses = Some(d);
        }
        UnitField::Attack | UnitField::Damage => {
            let weapons = u.weapons.get_or_insert_with(Vec::new);
            let w = weapons.first_mut().ok_or("the unit has no attack to edit")?;
            match stat {
                UnitField::Attack => w.attack = number(text, "the attack bonus")?,
                _ => w.damage = text.to_string(),
            }
        }
    }
    Ok(())
}

/// The side ids and colours a new side gets, in turn.
const SIDE_COLOURS: [&str; 6] = ["#3c8dde", "#d8483e", "#4cae4f", "#e0a030", "#9b59b6", "#20b2aa"];

/// A new side with an id no side has yet.
pub fn new_side(file: &ScenarioFile) -> SideDef {
    let n = (1..)
        .find(|n| !file.sides.iter().any(|s| s.id == format!("side_{n}")))
        .unwrap_or(1);
    SideDef {
        id: format!("side_{n}"),
        name: format!("Side {n}"),
        control: Control::Human,
        colour: SIDE_COLOURS[(n - 1) % SIDE_COLOURS.len()].to_string(),
        ai: None,
    }
}

/// The objective's goal after `goal`, keeping what can be kept (the zone, the side).
pub fn next_goal(goal: &Goal, file: &ScenarioFile, side: &str) -> Goal {
    let zone = file.zones.first().map_or_else(|| "zone".to_string(), |z| z.id.clone());
    let enemy = file
        .sides
        .iter()
        .find(|s| s.id != side)
        .map_or_else(String::new, |s| s.id.clone());
    match goal {
        Goal::EliminateSide(_) => Goal::ReachZone(zone),
        Goal::ReachZone(z) => Goal::HoldZone {
            zone: z.clone(),
            rounds: 2,
        },
        Goal::HoldZone { .. } => Goal::Escape,
        Goal::Escape => Goal::SurviveRounds(5),
        Goal::SurviveRounds(_) => Goal::EliminateSide(enemy),
    }
}

/// A first objective for `side`: eliminate another side, or survive when there is none.
pub fn new_objective(file: &ScenarioFile, side: &str) -> ObjectiveDef {
    let goal = match file.sides.iter().find(|s| s.id != side) {
        Some(enemy) => Goal::EliminateSide(enemy.id.clone()),
        None => Goal::SurviveRounds(5),
    };
    ObjectiveDef {
        side: side.to_string(),
        goal,
    }
}

/// The computer's next level, Easy → Normal → Hard → Easy; `Normal`, the format's default, is
/// written by leaving `ai` out.
pub fn next_level(ai: Option<AiDef>) -> Option<AiDef> {
    match ai.unwrap_or_default().level {
        AiLevel::Easy => None,
        AiLevel::Normal => Some(AiDef { level: AiLevel::Hard }),
        AiLevel::Hard => Some(AiDef { level: AiLevel::Easy }),
    }
}

/// The command a panel button stands for, if it is an edit.
pub fn panel_command(action: &UiAction, file: &ScenarioFile) -> Option<EditCommand> {
    let first_side = || file.sides.first().map(|s| s.id.clone());
    Some(match action {
        UiAction::Ruleset(id) => EditCommand::SetRuleset(id.clone()),
        UiAction::ToggleHidden => EditCommand::SetHiddenInformation(!file.hidden_information),
        UiAction::AddSide => EditCommand::AddSide(new_side(file)),
        UiAction::RemoveSide(id) => EditCommand::RemoveSide(id.clone()),
        UiAction::SideControl(id) => {
            let side = file.sides.iter().find(|s| &s.id == id)?;
            EditCommand::EditSide {
                id: id.clone(),
                side: crate::editor::switch_control(side, None),
            }
        }
        UiAction::SideLevel(id) => {
            let side = file.sides.iter().find(|s| &s.id == id && s.control == Control::Ai)?;
            EditCommand::EditSide {
                id: id.clone(),
                side: SideDef {
                    ai: next_level(side.ai),
                    ..side.clone()
                },
            }
        }
        UiAction::AddObjective => EditCommand::AddObjective(new_objective(file, &first_side()?)),
        UiAction::RemoveObjective(i) => EditCommand::RemoveObjective(*i),
        UiAction::ObjectiveGoal(i) => {
            let old = file.objectives.get(*i)?;
            EditCommand::EditObjective {
                index: *i,
                objective: ObjectiveDef {
                    side: old.side.clone(),
                    goal: next_goal(&old.goal, file, &old.side),
                },
            }
        }
        UiAction::ObjectiveFoe(i) => {
            let old = file.objectives.get(*i)?;
            let Goal::EliminateSide(foe) = &old.goal else {
                return None;
            };
            // The next side after the current foe, skipping the objective's own side.
            let foes: Vec<&SideDef> = file.sides.iter().filter(|s| s.id != old.side).collect();
            let at = foes.iter().position(|s| &s.id == foe);
            let next = foes.get(at.map_or(0, |a| (a + 1) % foes.len()))?;
            EditCommand::EditObjective {
                index: *i,
                objective: ObjectiveDef {
                    side: old.side.clone(),
                    goal: Goal::EliminateSide(next.id.clone()),
                },
            }
        }
        UiAction::ObjectiveSide(i) => {
            let old = file.objectives.get(*i)?;
            let at = file.sides.iter().position(|s| s.id == old.side);
            let next = file.sides.get(at.map_or(0, |a| (a + 1) % file.sides.len()))?;
            EditCommand::EditObjective {
                index: *i,
                objective: ObjectiveDef {
                    side: next.id.clone(),
                    goal: old.goal.clone(),
                },
            }
        }
        _ => return None,
    })
}

/// The families a scenario may use, for the family buttons.
pub fn families() -> impl Iterator<Item = &'static str> {
    Family::ALL.into_iter().map(Family::id)
}

fn focus_fields(
    mut actions: MessageReader<UiAction>,
    session: Res<EditorSession>,
    tools: Res<ToolState>,
    mut focus: ResMut<Focus>,
) {
    for action in actions.read() {
        if let UiAction::Focus(field) = action {
            if focus.0.as_ref().is_some_and(|t| &t.field == field) {
                continue;
            }
            focus.0 = Some(Typing {
                field: field.clone(),
                text: current(field, &session.doc().file, &tools),
            });
        }
    }
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn commit_fields(
    mut done: MessageReader<FieldDone>,
    session: Res<EditorSession>,
    data: Res<DataDir>,
    mut tools: ResMut<ToolState>,
    mut status: ResMut<EditorStatus>,
    mut edits: MessageWriter<EditIntent>,
    mut files: MessageWriter<FileIntent>,
) {
    for d in done.read().filter(|d| d.commit) {
        let file = &session.doc().file;
        if d.text == current(&d.field, file, &tools) && d.field != FieldId::SaveAs {
            continue;
        }
        match commit(&d.field, &d.text, file, data.0.as_deref()) {
            Ok(FieldEffect::Edit(command)) => {
                edits.write(EditIntent::Apply(command));
            }
            Ok(FieldEffect::File(intent)) => {
                files.write(intent);
            }
            Ok(FieldEffect::Zone(zone)) => {
                tools.zone = zone;
                tools.tool = super::state::Tool::Zone;
            }
            Err(why) => status.0 = format!("Not possible: {why}"),
        }
    }
}

fn handle_panel_buttons(
    mut actions: MessageReader<UiAction>,
    session: Res<EditorSession>,
    mut tab: ResMut<SidebarTab>,
    mut selection: ResMut<Selection>,
    mut status: ResMut<EditorStatus>,
    mut edits: MessageWriter<EditIntent>,
) {
    for action in actions.read() {
        if let UiAction::Tab(t) = action {
            tab.0 = *t;
            continue;
        }
        if *action == UiAction::AddObjective && session.doc().file.sides.is_empty() {
            status.0 = "Add a side first: an objective belongs to a side.".into();
            continue;
        }
        if let Some(command) = panel_command(action, &session.doc().file) {
            if let UiAction::ObjectiveGoal(i) | UiAction::ObjectiveSide(i) | UiAction::ObjectiveFoe(i) = action {
                *selection = Selection::Objective(*i);
                tab.0 = Tab::Objectives;
            }
            edits.write(EditIntent::apply(command));
        }
    }
}
