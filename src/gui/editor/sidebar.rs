//! The editor's side panel on the right: tabs for the scenario (name, description, seed, rule
//! family, hidden information, map size, zones), the sides, the units (what the place tool
//! puts down, the placed units, a custom unit's stat form), the objectives, and the problems;
//! under every tab the first problems of the live validation, each a button that jumps to its
//! target. Redrawn from the document whenever it, the tab, the selection or the typing change;
//! the wheel scrolls it.

use super::session::{DocRevision, EditorSession, Selection};
use crate::gui::editor::fields::{current, defenses_of, families};
use crate::gui::editor::state::Focus;
use crate::gui::editor::state::SidebarTab;
use crate::gui::editor::state::Tab;
use crate::gui::editor::state::UiAction;
use crate::gui::editor::state::{FieldId, UnitField};
use crate::gui::editor::state::{Tool, ToolState};
use crate::gui::editor::text_field::text_field;
use crate::gui::editor::ui::{
    DIM, PANEL, SIDEBAR_WIDTH, STATUS_HEIGHT, TEXT, TOOLBAR_HEIGHT, WARN, button, label, row,
};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::scenario::format::{Control, Goal};
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Editor), spawn_sidebar);
    app.add_systems(
        Update,
        scroll.in_set(AppSystems::Input).run_if(in_state(Screen::Editor)),
    );
    app.add_systems(
        Update,
        draw_sidebar
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Editor))
            .run_if(resource_exists::<EditorSession>),
    );
}

/// How many problems are listed under every tab (all of them in the Problems tab, up to 60).
const PROBLEMS_BELOW: usize = 6;
const PROBLEMS_MAX: usize = 60;
/// Width of the panel's text fields.
const FIELD: f32 = SIDEBAR_WIDTH - 40.0;

#[derive(Component)]
struct SidebarNode;

fn spawn_sidebar(mut commands: Commands) {
    commands.spawn((
        Name::new("Editor side panel"),
        SidebarNode,
        DespawnOnExit(Screen::Editor),
        Interaction::default(),
        ScrollPosition::default(),
        Node {
            position_type: PositionType::Absolute,
            right: Val::Px(0.0),
            top: Val::Px(TOOLBAR_HEIGHT),
            bottom: Val::Px(STATUS_HEIGHT),
            width: Val::Px(SIDEBAR_WIDTH),
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(5.0),
            padding: UiRect::all(Val::Px(8.0)),
            overflow: Overflow::scroll_y(),
            ..default()
        },
        BackgroundColor(PANEL),
    ));
}

fn scroll(
    wheel: Res<AccumulatedMouseScroll>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut panel: Single<&mut ScrollPosition, With<SidebarNode>>,
) {
    let over = window
        .cursor_position()
        .is_some_and(|p| p.x > window.width() - SIDEBAR_WIDTH);
    if wheel.delta.y == 0.0 || !over {
        return;
    }
    let px = match wheel.unit {
        MouseScrollUnit::Line => wheel.delta.y * 24.0,
        MouseScrollUnit::Pixel => wheel.delta.y,
    };
    panel.0.y = (panel.0.y - px).max(0.0);
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn draw_sidebar(
    mut commands: Commands,
    panel: Single<Entity, With<SidebarNode>>,
    session: Res<EditorSession>,
    revision: Res<DocRevision>,
    tab: Res<SidebarTab>,
    selection: Res<Selection>,
    focus: Res<Focus>,
    tools: Res<ToolState>,
) {
    let changed =
        revision.is_changed() || tab.is_changed() || selection.is_changed() || focus.is_changed() || tools.is_changed();
    if !changed {
        return;
    }
    let panel = *panel;
    commands.entity(panel).despawn_related::<Children>();
    commands.entity(panel).with_children(|p| {
        p.spawn(row()).with_children(|r| {
            let n = session.problems.len();
            for (t, name) in [
                (Tab::Scenario, "Scenario".to_string()),
                (Tab::Sides, "Sides".to_string()),
                (Tab::Units, "Units".to_string()),
                (Tab::Objectives, "Objectives".to_string()),
                (Tab::Problems, format!("Problems ({n})")),
            ] {
                r.spawn(button(name, UiAction::Tab(t), tab.0 == t));
            }
        });
        let ctx = Ctx {
            session: &session,
            focus: &focus,
            tools: &tools,
            selection: &selection,
        };
        match tab.0 {
            Tab::Scenario => scenario_tab(p, &ctx),
            Tab::Sides => sides_tab(p, &ctx),
            Tab::Units => units_tab(p, &ctx),
            Tab::Objectives => objectives_tab(p, &ctx),
            Tab::Problems => problem_list(p, &session, PROBLEMS_MAX),
        }
        if tab.0 != Tab::Problems {
            problem_list(p, &session, PROBLEMS_BELOW);
        }
    });
}

/// What the tabs draw from.
struct Ctx<'a> {
    session: &'a EditorSession,
    focus: &'a Focus,
    tools: &'a ToolState,
    selection: &'a Selection,
}

impl Ctx<'_> {
    /// A text field showing its current value.
    fn field(&self, field: FieldId, width: f32) -> impl Bundle + use<> {
        let value = current(&field, &self.session.doc().file, self.tools);
        text_field(field, &value, self.focus, width)
    }
}

fn heading(p: &mut ChildSpawnerCommands, text: &str) {
    p.spawn(label(text, 15.0, Color::srgb(0.95, 0.85, 0.55)));
}

fn scenario_tab(p: &mut ChildSpawnerCommands, ctx: &Ctx) {
    let file = &ctx.session.doc().file;
    p.spawn(label("Name", 12.0, DIM));
    p.spawn(ctx.field(FieldId::Name, FIELD));
    p.spawn(label("Description", 12.0, DIM));
    p.spawn(ctx.field(FieldId::Description, FIELD));
    p.spawn(label("Seed (empty: a new one each battle)", 12.0, DIM));
    p.spawn(ctx.field(FieldId::Seed, FIELD));
    p.spawn(label("Rule family", 12.0, DIM));
    p.spawn(row()).with_children(|r| {
        for family in families() {
            r.spawn(button(family, UiAction::Ruleset(family.into()), file.ruleset == family));
        }
    });
    p.spawn(button(
        if file.hidden_information {
            "Hidden information: on"
        } else {
            "Hidden information: off"
        },
        UiAction::ToggleHidden,
        file.hidden_information,
    ));
    p.spawn(label("Map width × height (squares)", 12.0, DIM));
    p.spawn(row()).with_children(|r| {
        r.spawn(ctx.field(FieldId::Width, 60.0));
        r.spawn(label("×", 13.0, TEXT));
        r.spawn(ctx.field(FieldId::Height, 60.0));
    });
    heading(p, "Zones");
    if file.zones.is_empty() {
        p.spawn(label("none yet: paint one with the Zone tool (Z)", 12.0, DIM));
    }
    p.spawn(row()).with_children(|r| {
        for zone in &file.zones {
            let on = matches!(ctx.selection, Selection::Zone(z) if *z == zone.id)
                || (ctx.tools.tool == Tool::Zone && ctx.tools.zone == zone.id);
            r.spawn(button(zone.id.clone(), UiAction::UseZone(zone.id.clone()), on));
        }
    });
}

fn sides_tab(p: &mut ChildSpawnerCommands, ctx: &Ctx) {
    let file = &ctx.session.doc().file;
    for side in &file.sides {
        let selected = matches!(ctx.selection, Selection::Side(s) if *s == side.id);
        heading(p, &format!("{}{}", side.id, if selected { "  ◀" } else { "" }));
        p.spawn(row()).with_children(|r| {
            r.spawn(label("name", 12.0, DIM));
            r.spawn(ctx.field(FieldId::SideName(side.id.clone()), 200.0));
        });
        p.spawn(row()).with_children(|r| {
            r.spawn(label("colour", 12.0, DIM));
            r.spawn(ctx.field(FieldId::SideColour(side.id.clone()), 90.0));
            r.spawn((
                Node {
                    width: Val::Px(18.0),
                    height: Val::Px(18.0),
                    ..default()
                },
                BackgroundColor(super::ui::parse_colour(&side.colour)),
            ));
            let control = match side.control {
                Control::Human => "Human",
                Control::Ai => "AI",
            };
            r.spawn(button(control, UiAction::SideControl(side.id.clone()), false));
            if side.control == Control::Ai {
                // The computer's level (Easy, Normal, Hard), one click to the next.
                let level = format!("{:?}", side.ai.unwrap_or_default().level);
                r.spawn(button(level, UiAction::SideLevel(side.id.clone()), false));
            }
            r.spawn(button("Remove", UiAction::RemoveSide(side.id.clone()), false));
        });
    }
    p.spawn(button("Add side", UiAction::AddSide, false));
    p.spawn(label(
        "Removing a side removes its units and objectives (Undo brings them back).",
        12.0,
        DIM,
    ));
}

fn units_tab(p: &mut ChildSpawnerCommands, ctx: &Ctx) {
    let session = ctx.session;
    let file = &session.doc().file;
    heading(p, "Place (tool P)");
    p.spawn(row()).with_children(|r| {
        let placing = ctx.tools.tool == Tool::Place;
        for choice in &session.choices.1 {
            let on = placing && ctx.tools.place.as_deref() == Some(choice.name.as_str());
            r.spawn(button(
                choice.display.clone(),
                UiAction::PlaceTemplate(Some(choice.name.clone())),
                on,
            ));
        }
        r.spawn(button(
            "Custom unit",
            UiAction::PlaceTemplate(None),
            placing && ctx.tools.place.is_none(),
        ));
    });
    p.spawn(row()).with_children(|r| {
        r.spawn(label("for side", 12.0, DIM));
        let chosen = ctx
            .tools
            .place_side
            .clone()
            .filter(|s| file.sides.iter().any(|d| &d.id == s))
            .or_else(|| file.sides.first().map(|s| s.id.clone()));
        for side in &file.sides {
            let on = chosen.as_deref() == Some(side.id.as_str());
            r.spawn(button(side.name.clone(), UiAction::PlaceSide(side.id.clone()), on));
        }
        if file.sides.is_empty() {
            r.spawn(label("(add a side first)", 12.0, WARN));
        }
    });
    heading(p, "Units");
    for unit in &session.units {
        let selected = matches!(ctx.selection, Selection::Unit(id) if *id == unit.id);
        p.spawn(row()).with_children(|r| {
            let side = unit.side.clone().unwrap_or_default();
            let text = format!("{} · {side} · {},{}", unit.id, unit.at.x, unit.at.y);
            r.spawn(button(text, UiAction::SelectUnit(unit.id.clone()), selected));
            if unit.heading.is_some() {
                r.spawn(button("Turn", UiAction::RotateUnit(unit.id.clone()), false));
            }
            r.spawn(button("Delete", UiAction::RemoveUnit(unit.id.clone()), false));
        });
    }
    if let Selection::Unit(id) = ctx.selection
        && let Some(def) = file.units.iter().find(|u| u.id.as_deref() == Some(id))
        && def.template.is_none()
    {
        heading(p, &format!("Stats of {id}"));
        let mut stats = vec![
            ("Name", UnitField::Name),
            ("Size", UnitField::Size),
            ("Speed (ft)", UnitField::Speed),
            ("Hit points", UnitField::Hp),
        ];
        for (i, (name, _)) in defenses_of(def).into_iter().enumerate() {
            stats.push((name, UnitField::Defense(i)));
        }
        if def.weapons.as_ref().is_some_and(|w| !w.is_empty()) {
            stats.push(("Attack bonus", UnitField::Attack));
            stats.push(("Damage", UnitField::Damage));
        }
        for (name, stat) in stats {
            p.spawn(row()).with_children(|r| {
                r.spawn((
                    label(name, 12.0, DIM),
                    Node {
                        width: Val::Px(100.0),
                        ..default()
                    },
                ));
                r.spawn(ctx.field(FieldId::Unit(id.clone(), stat), 180.0));
            });
        }
    }
}

fn objectives_tab(p: &mut ChildSpawnerCommands, ctx: &Ctx) {
    let file = &ctx.session.doc().file;
    // Sides by their names (an id no side has is shown as written, so the author sees it).
    let side_name = |id: &str| {
        file.sides
            .iter()
            .find(|s| s.id == id)
            .map_or_else(|| id.to_string(), |s| s.name.clone())
    };
    for (i, objective) in file.objectives.iter().enumerate() {
        let selected = *ctx.selection == Selection::Objective(i);
        let side = side_name(&objective.side);
        heading(
            p,
            &format!(
                "Objective {}: {}{}",
                i + 1,
                objective_summary(&side, &objective.goal, side_name),
                if selected { "  ◀" } else { "" }
            ),
        );
        let goal = match &objective.goal {
            Goal::EliminateSide(_) => "Eliminate side",
            Goal::ReachZone(_) => "Reach zone",
            Goal::HoldZone { .. } => "Hold zone",
            Goal::SurviveRounds(_) => "Survive rounds",
            Goal::Escape => "Escape",
        };
        p.spawn(row()).with_children(|r| {
            r.spawn(button(format!("side: {side}"), UiAction::ObjectiveSide(i), false));
            r.spawn(button(goal, UiAction::ObjectiveGoal(i), false));
            r.spawn(button("Remove", UiAction::RemoveObjective(i), false));
        });
        p.spawn(row()).with_children(|r| match &objective.goal {
            // The side to defeat is picked among the sides, by name.
            Goal::EliminateSide(foe) => {
                r.spawn(label("defeat", 12.0, DIM));
                r.spawn(button(side_name(foe), UiAction::ObjectiveFoe(i), false));
            }
            // Nothing to fill in: the side's vehicles carry it away.
            Goal::Escape => {
                r.spawn(label("aboard a vehicle", 12.0, DIM));
            }
            other => {
                let what = match other {
                    Goal::HoldZone { .. } => "zone id and rounds",
                    Goal::SurviveRounds(_) => "rounds",
                    _ => "zone id",
                };
                r.spawn(label(what, 12.0, DIM));
                r.spawn(ctx.field(FieldId::Objective(i), 160.0));
            }
        });
    }
    p.spawn(button("Add objective", UiAction::AddObjective, false));
    p.spawn(label(
        "Zones are painted on the map with the Zone tool (Z); a goal names one by its id.",
        12.0,
        DIM,
    ));
}

/// An objective in words, with sides by name: "Rebels defeat Empire", "Crew reach exit".
pub fn objective_summary(side: &str, goal: &Goal, side_name: impl Fn(&str) -> String) -> String {
    match goal {
        Goal::EliminateSide(foe) => format!("{side} defeat {}", side_name(foe)),
        Goal::ReachZone(zone) => format!("{side} reach {zone}"),
        Goal::HoldZone { zone, rounds } => format!("{side} hold {zone} for {rounds} rounds"),
        Goal::SurviveRounds(n) => format!("{side} survive {n} rounds"),
        Goal::Escape => format!("{side} escape"),
    }
}

fn problem_list(p: &mut ChildSpawnerCommands, session: &EditorSession, max: usize) {
    let problems = &session.problems;
    if problems.is_empty() {
        p.spawn(label(
            "No problems: the scenario can be played.",
            13.0,
            Color::srgb(0.5, 0.9, 0.5),
        ));
        return;
    }
    heading(p, &format!("{} problem(s)", problems.len()));
    for (i, problem) in problems.iter().enumerate().take(max) {
        // What it is about and what is wrong; the click jumps to it (no RON position).
        let text = problem.describe(&session.doc().file);
        p.spawn((
            Name::new(format!("Problem {i}")),
            Button,
            UiAction::Problem(i),
            Node {
                padding: UiRect::axes(Val::Px(5.0), Val::Px(2.0)),
                width: Val::Px(FIELD),
                ..default()
            },
            BackgroundColor(Color::srgb(0.2, 0.12, 0.12)),
            children![label(text, 12.0, WARN)],
        ));
    }
    if problems.len() > max {
        p.spawn(button(
            format!("… {} more (Problems tab)", problems.len() - max),
            UiAction::Tab(Tab::Problems),
            false,
        ));
    }
}
