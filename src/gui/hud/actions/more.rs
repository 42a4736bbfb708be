//! "More actions" (issue #25 item 1): the list of every kind the rules' options list has for
//! the active unit that the bar has no entry for (`state::action::more_kinds`), each greyed
//! with the rules' reason where refused; picking one aims it on the map (`Mode::Option`) when
//! its commands name a place, lists a caster's spells first, or, for a kind with no aim,
//! sends its one allowed command or lists its choices. Decides no rule: the verdicts and
//! commands are `rules::options`'.

use crate::gui::intake::apply::apply_intents;
use crate::gui::state::action::{kind_label, more_kinds};
use crate::gui::state::intent::{ActIntent, Intent};
use crate::gui::state::keys::digit;
use crate::gui::state::mode::{Mode, SpellChoice, WeaponChoice};
use crate::gui::state::panel::{Choice, Chosen, Panel, PanelKind, PanelOption, PanelSpec, Picker};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Session, StatusLine};
use crate::gui::views::option_aim::choice_label;
use crate::rules::options::{self, Arms, OptionKind, is_aimed};
use crate::rules::{Combat, GameCommand, Profile, RuleError, UnitId, check, cmd, unit_component};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        // A command picked is sent the same frame.
        (open_more, more_chosen.before(apply_intents))
            .in_set(AppSystems::Apply)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The key of a list's `i`th option: the digits, then letters (the list has the keys while
/// open).
pub fn list_key(i: usize) -> KeyCode {
    const LETTERS: [KeyCode; 16] = [
        KeyCode::KeyQ,
        KeyCode::KeyW,
        KeyCode::KeyR,
        KeyCode::KeyT,
        KeyCode::KeyY,
        KeyCode::KeyU,
        KeyCode::KeyI,
        KeyCode::KeyO,
        KeyCode::KeyP,
        KeyCode::KeyA,
        KeyCode::KeyS,
        KeyCode::KeyD,
        KeyCode::KeyF,
        KeyCode::KeyG,
        KeyCode::KeyH,
        KeyCode::KeyJ,
    ];
    match i {
        0..10 => digit(i),
        _ => LETTERS[(i - 10).min(LETTERS.len() - 1)],
    }
}

/// The "More actions" list for `unit`: each kind the bar has no entry for that has commands
/// to give, with the rules' verdict on it (armed with the chosen weapon). Left out, as the
/// options list leaves them out: a kind with nothing to choose (no autofire weapon, no spell,
/// nothing on the ground, no chase under way), and a kind the family's rules do not have (the
/// rules answer "not supported yet"), which this battle never offers.
pub fn more_panel(world: &World, unit: &UnitId, weapon: Option<&str>) -> PanelSpec {
    let options = more_kinds(world, unit)
        .into_iter()
        .filter_map(|kind| {
            let option = options::armed_option(world, unit, kind, Arms::Chosen { weapon, mount: None });
            let first = option.choices.first()?;
            let unsupported =
                option.verdict.is_err() && matches!(check(world, &first.command), Err(RuleError::NotSupported(_)));
            (!unsupported).then_some((kind, option.verdict))
        })
        .enumerate()
        .map(|(i, (kind, verdict))| PanelOption::new(kind_label(kind), list_key(i), Choice::Kind(kind)).greyed(verdict))
        .collect();
    PanelSpec {
        kind: PanelKind::More,
        title: "More actions: pick one (Esc: close)".into(),
        options,
    }
}

/// The spells of `unit`, each greyed with the rules' reason when none of its casts is allowed
/// (an area spell with no listed aim is left to the aim to judge).
pub fn spell_panel(world: &World, unit: &UnitId) -> PanelSpec {
    let casts = options::kind_option(world, unit, OptionKind::CastSpell, None).choices;
    let spells = unit_component::<Profile>(world, unit)
        .map(|p| p.spells.clone())
        .unwrap_or_default();
    let options = spells
        .iter()
        .enumerate()
        .map(|(i, spell)| {
            let mine: Vec<&options::Choice> = casts
                .iter()
                .filter(|c| matches!(&c.command, GameCommand::CastSpell(cast) if cast.spell == spell.name))
                .collect();
            let verdict = match mine.iter().find(|c| c.allowed()).or(mine.first()) {
                Some(c) => c.verdict.clone(),
                None => Ok(()),
            };
            let uses = spell.uses.map_or_else(String::new, |n| format!(" ({n} left)"));
            PanelOption::new(
                format!("{}{uses}", spell.name),
                list_key(i),
                Choice::Spell(spell.name.clone()),
            )
            .greyed(verdict)
        })
        .collect();
    PanelSpec {
        kind: PanelKind::More,
        title: "Cast which spell? (Esc: close)".into(),
        options,
    }
}

/// The choices of a kind with no aim, each with its verdict (pick up: each item; break free).
pub fn choice_panel(world: &World, kind: OptionKind, choices: &[options::Choice]) -> PanelSpec {
    PanelSpec {
        kind: PanelKind::More,
        title: format!("{}: which? (Esc: close)", kind_label(kind)),
        options: choices
            .iter()
            .enumerate()
            .map(|(i, c)| {
                PanelOption::new(
                    choice_label(world, &c.command),
                    list_key(i),
                    Choice::Command(c.command.clone()),
                )
                .greyed(c.verdict.clone())
            })
            .collect(),
    }
}

/// What picking a kind of "More actions" does.
#[derive(Debug, Clone, PartialEq)]
pub enum KindPicked {
    /// Aim it on the map.
    Aim(OptionKind),
    /// Open this list (the spells, the kind's choices).
    List(PanelSpec),
    /// Send this command, the kind's only allowed one.
    Send(GameCommand),
}

/// What picking `kind` does for `unit`: a caster picks the spell first; a kind whose commands
/// name places is aimed on the map; another sends its only allowed command or lists its
/// choices. A kind with nothing allowed gives the rules' reason.
pub fn pick_kind(world: &World, unit: &UnitId, kind: OptionKind, weapon: Option<&str>) -> Result<KindPicked, String> {
    if kind == OptionKind::CastSpell {
        return Ok(KindPicked::List(spell_panel(world, unit)));
    }
    if is_aimed(world, unit, kind) {
        return Ok(KindPicked::Aim(kind));
    }
    let option = options::armed_option(world, unit, kind, Arms::Chosen { weapon, mount: None });
    option.verdict.clone()?;
    let allowed: Vec<&options::Choice> = option.choices.iter().filter(|c| c.allowed()).collect();
    match allowed.as_slice() {
        [one] => Ok(KindPicked::Send(one.command.clone())),
        _ => Ok(KindPicked::List(choice_panel(world, kind, &option.choices))),
    }
}

/// What picking a spell does: a spell with an area is aimed; one without is cast.
pub fn pick_spell(world: &World, unit: &UnitId, spell: &str) -> KindPicked {
    let area = unit_component::<Profile>(world, unit)
        .and_then(|p| p.spell_named(spell))
        .is_some_and(|s| s.effect.is_some());
    let cast = GameCommand::CastSpell(cmd::CastSpell {
        unit: unit.clone(),
        spell: spell.to_string(),
        at: None,
        dir: None,
        squares: Vec::new(),
    });
    match area {
        true => KindPicked::Aim(OptionKind::CastSpell),
        false => KindPicked::Send(cast),
    }
}

/// Opens "More actions" when the bar asks for it (its key or button).
fn open_more(
    session: Res<Session>,
    choice: Res<WeaponChoice>,
    mut picker: ResMut<Picker>,
    mut panel: ResMut<Panel>,
    mut status: ResMut<StatusLine>,
) {
    if picker.0 != Some(PanelKind::More) {
        return;
    }
    picker.0 = None;
    let world = session.battle.world();
    let Some(unit) = world.resource::<Combat>().active.clone() else {
        return;
    };
    let weapon = choice.for_unit(Some(&unit));
    let spec = more_panel(world, &unit, weapon.as_deref());
    if spec.options.is_empty() {
        status.0 = "Nothing more the rules offer this unit now".into();
        return;
    }
    panel.0 = Some(spec);
}

/// What is chosen in "More actions" and its lists.
// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn more_chosen(
    mut chosen: MessageReader<Chosen>,
    session: Res<Session>,
    choice: Res<WeaponChoice>,
    mut spell: ResMut<SpellChoice>,
    mut panel: ResMut<Panel>,
    mut mode: ResMut<Mode>,
    mut status: ResMut<StatusLine>,
    mut intents: MessageWriter<Intent>,
) {
    for c in chosen.read() {
        if c.kind != PanelKind::More {
            continue;
        }
        let world = session.battle.world();
        let Some(unit) = world.resource::<Combat>().active.clone() else {
            panel.0 = None;
            continue;
        };
        let picked = match &c.choice {
            Choice::Kind(kind) => pick_kind(world, &unit, *kind, choice.for_unit(Some(&unit)).as_deref()),
            Choice::Spell(name) => {
                *spell = SpellChoice {
                    unit: Some(unit.clone()),
                    spell: Some(name.clone()),
                };
                Ok(pick_spell(world, &unit, name))
            }
            Choice::Command(command) => Ok(KindPicked::Send(command.clone())),
            _ => {
                panel.0 = None;
                continue;
            }
        };
        match picked {
            Ok(KindPicked::Aim(kind)) => {
                if kind != OptionKind::CastSpell {
                    *spell = SpellChoice::default();
                }
                *mode = Mode::Option(kind);
                panel.0 = None;
                status.0.clear();
            }
            Ok(KindPicked::List(spec)) => panel.0 = Some(spec),
            Ok(KindPicked::Send(command)) => {
                intents.write(Intent::Act(ActIntent::Choose(command)));
                panel.0 = None;
            }
            Err(why) => status.0 = why,
        }
    }
}
