//! The live problem list's jumps: clicking a problem (the validator's message for the current
//! document) centres the map on its target and selects it: a square, a unit, a zone, or opens
//! the side, objective or scenario part of the panel.

use super::session::{EditorSession, Selection};
use crate::editor::JumpTarget;
use crate::grid::Square;
use crate::gui::editor::state::JumpTo;
use crate::gui::editor::state::UiAction;
use crate::gui::editor::state::{SidebarTab, Tab};
use crate::gui::editor::state::{Tool, ToolState};
use crate::gui::state::screen::{AppSystems, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<JumpTo>();
    app.add_systems(
        Update,
        jump_to_problem
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Editor)),
    );
}

/// Where the view goes, what is selected and which tab opens for a problem's target.
pub fn jump(session: &EditorSession, target: &JumpTarget) -> (Option<Square>, Selection, Option<Tab>) {
    let file = &session.doc().file;
    match target {
        JumpTarget::Square(sq) => (Some(*sq), Selection::Square(*sq), None),
        JumpTarget::Unit(id) => {
            let at = file
                .units
                .iter()
                .find(|u| u.id.as_deref() == Some(id))
                .and_then(|u| u.at);
            (at, Selection::Unit(id.clone()), Some(Tab::Units))
        }
        JumpTarget::Side(id) => (None, Selection::Side(id.clone()), Some(Tab::Sides)),
        JumpTarget::Objective(i) => (None, Selection::Objective(*i), Some(Tab::Objectives)),
        JumpTarget::Zone(id) => {
            let at = file
                .zones
                .iter()
                .find(|z| &z.id == id)
                .and_then(|z| z.rects.first())
                .map(|r| Square::new(r.x, r.y));
            (at, Selection::Zone(id.clone()), None)
        }
        JumpTarget::Scenario => (None, Selection::None, Some(Tab::Scenario)),
    }
}

fn jump_to_problem(
    mut actions: MessageReader<UiAction>,
    session: Res<EditorSession>,
    mut selection: ResMut<Selection>,
    mut tab: ResMut<SidebarTab>,
    mut tools: ResMut<ToolState>,
    mut jumps: MessageWriter<JumpTo>,
) {
    for action in actions.read() {
        let UiAction::Problem(i) = action else { continue };
        let Some(target) = session.problems.get(*i).and_then(|p| p.target.as_ref()) else {
            continue;
        };
        let (at, selected, open) = jump(&session, target);
        if let Some(sq) = at {
            jumps.write(JumpTo(sq));
        }
        if let Selection::Zone(id) = &selected {
            tools.zone = id.clone();
            tools.tool = Tool::Zone;
        }
        if let Selection::Unit(_) = &selected {
            tools.tool = Tool::Select;
        }
        *selection = selected;
        if let Some(t) = open {
            tab.0 = t;
        }
    }
}
