//! The aim of a kind picked from "More actions" at the hovered point (issue #25 item 1): the
//! commands the rules say the point means (`intake::command::aimed_here`), the one a click
//! sends (X switches between them), and its preview from the rules' own: a withdraw's or
//! step's path and whom it provokes (`movement::plan_move`, §5.9), a spell's template and each
//! creature's save (`area::preview_cast_spell`), autofire's 2 × 2 area and the odds against
//! each one caught (`area::preview_autofire`, AREA-SG-5), a support action's roll and what a
//! hit gives (`attack::preview::preview_support`), a coup de grace's automatic critical and
//! the save against death (`attack::coup_de_grace`). The choices' words for the lists of
//! "More actions" are here too. `hud::option_aim` draws it. Decides no rule.

use crate::grid::{Intersection, Square};
use crate::gui::intake::command::aimed_here;
use crate::gui::intake::targets::unit_name;
use crate::gui::state::action::kind_label;
use crate::gui::state::hover::{Hover, HoverCorner};
use crate::gui::state::mode::{AreaAim, Mode, SpellChoice, TargetPick, WeaponChoice};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::gui::views::area::target_odds_line;
use crate::rules::area::{AreaPreview, preview_area_attack, preview_autofire, preview_cast_spell};
use crate::rules::attack::coup_de_grace::check_coup_de_grace;
use crate::rules::attack::preview::{preview_support, support_order};
use crate::rules::maneuver::hold::check_break_free;
use crate::rules::movement::plan_move;
use crate::rules::options::{Choice, MapPoint, OptionKind};
use crate::rules::{Combat, GameCommand, MoveMode, UnitId};
use crate::ruleset::{CoupDeGraceDc, Ruleset};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<OptionAimView>();
    app.add_systems(
        Update,
        derive_option_aim
            .in_set(AppSystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
}

/// What one command would do, as the rules preview it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChoicePreview {
    /// The squares it covers: a move's path, an area's squares.
    pub squares: Vec<Square>,
    /// An area's point of origin.
    pub origin: Option<Intersection>,
    /// The units it is aimed at or catches.
    pub units: Vec<UnitId>,
    /// The numbers, one per line.
    pub lines: Vec<String>,
}

/// The aimed kind at the hovered point.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionHover {
    pub kind: OptionKind,
    pub point: MapPoint,
    /// The commands the point means, with the rules' verdicts.
    pub choices: Vec<Choice>,
    /// Which of `choices` a click sends (the `pick`th allowed, else the first).
    pub sent: Option<usize>,
    /// How many of `choices` the rules allow.
    pub allowed: usize,
    /// The sent command's preview.
    pub preview: ChoicePreview,
}

impl OptionHover {
    /// The command a click sends, with its verdict.
    pub fn sent(&self) -> Option<&Choice> {
        self.sent.and_then(|i| self.choices.get(i))
    }
}

/// The aim of `kind` by `unit` at `point`: its choices there, the one a click sends, and that
/// one's preview.
pub fn option_hover(
    world: &World,
    unit: &UnitId,
    kind: OptionKind,
    point: MapPoint,
    weapon: Option<&str>,
    spell: Option<&str>,
    pick: usize,
) -> OptionHover {
    let choices = aimed_here(world, unit, kind, &point, weapon, spell);
    let allowed: Vec<usize> = (0..choices.len()).filter(|i| choices[*i].allowed()).collect();
    let sent = match allowed.len() {
        0 => (!choices.is_empty()).then_some(0),
        n => Some(allowed[pick % n]),
    };
    let preview = sent.map_or_else(ChoicePreview::default, |i| choice_preview(world, &choices[i].command));
    OptionHover {
        kind,
        point,
        allowed: allowed.len(),
        sent,
        choices,
        preview,
    }
}

/// A command in a player's words, for the lists of "More actions" and the aim's headline.
pub fn choice_label(world: &World, command: &GameCommand) -> String {
    let name = |u: &UnitId| unit_name(world, u);
    let with = |w: &Option<String>| w.as_ref().map_or_else(String::new, |w| format!(" with {w}"));
    match command {
        GameCommand::Move(m) => match m.mode {
            MoveMode::Withdraw => format!("Withdraw to {}", m.to),
            MoveMode::GuardedStep => format!("Step to {}", m.to),
            _ => format!("Move to {}", m.to),
        },
        GameCommand::CoupDeGrace(c) => format!("Coup de grace on {}{}", name(&c.target), with(&c.weapon)),
        GameCommand::CoveringFire(c) => format!("Covering fire for {}{}", name(&c.ally), with(&c.weapon)),
        GameCommand::HarryingFire(h) => format!("Harrying fire at {}{}", name(&h.target), with(&h.weapon)),
        GameCommand::Suppress(s) => format!("Suppress {}{}", name(&s.target), with(&s.weapon)),
        GameCommand::AidAnother(a) => format!("Aid {} against {}{}", name(&a.ally), name(&a.target), with(&a.weapon)),
        GameCommand::Autofire(a) => format!(
            "Autofire {} at the area from {}{}",
            a.weapon,
            a.at,
            if a.braced { ", braced" } else { "" }
        ),
        GameCommand::CastSpell(c) => match c.at {
            Some(at) => format!("Cast {} at ({}, {})", c.spell, at.i, at.j),
            None => format!("Cast {}", c.spell),
        },
        GameCommand::BreakFree(b) if b.from.is_empty() => "Break free".into(),
        GameCommand::BreakFree(b) => format!(
            "Break free from {}",
            b.from.iter().map(name).collect::<Vec<_>>().join(", ")
        ),
        GameCommand::PickUp(p) => format!("Pick up {}", p.weapon),
        GameCommand::Attack(a) => format!("Attack {}{}", name(&a.target), with(&a.weapon)),
        GameCommand::Charge(c) => format!("Charge {}{}", name(&c.target), with(&c.weapon)),
        GameCommand::Maneuver(m) => format!(
            "{} {}",
            crate::rules::maneuver::kind_name(m.maneuver.kind()),
            name(&m.target)
        ),
        GameCommand::AreaAttack(a) => format!("{} at ({}, {})", a.weapon, a.at.i, a.at.j),
        // A kind the window has no words for yet: the rules' own name for the command.
        other => serde_json::to_value(other)
            .ok()
            .and_then(|v| v.as_object().and_then(|o| o.keys().next().cloned()))
            .unwrap_or_else(|| "this".into()),
    }
}

/// What `command` would do, from the rules' previews; a command they refuse shows nothing
/// (its reason is the headline's).
pub fn choice_preview(world: &World, command: &GameCommand) -> ChoicePreview {
    let name = |u: &UnitId| unit_name(world, u);
    let mut out = ChoicePreview::default();
    match command {
        GameCommand::Move(m) => {
            let Ok(plan) = plan_move(world, &m.unit, m.to, m.path.as_deref(), m.mode, false) else {
                return out;
            };
            out.lines.push(format!(
                "{} ft of {} ft, {} square(s)",
                plan.cost_ft,
                plan.budget_ft,
                plan.squares.len()
            ));
            let first_clear = !plan.provokes.iter().any(|(step, _, _)| *step == 0);
            if m.mode == MoveMode::Withdraw && first_clear {
                out.lines
                    .push(format!("Leaving {} provokes no one (withdraw, §5.9)", plan.from));
            }
            if plan.provokes.is_empty() {
                out.lines.push("Provokes no attack of opportunity".into());
            }
            for (_, at, reactor) in &plan.provokes {
                out.lines.push(format!("Leaving {at} provokes {}", name(reactor)));
                out.units.push(reactor.clone());
            }
            out.squares = plan.squares;
        }
        GameCommand::CastSpell(c) => {
            let Some(at) = c.at else { return out };
            if let Ok(p) = preview_cast_spell(world, &c.unit, &c.spell, at, c.dir) {
                area_lines(world, &mut out, p, Some(at));
            }
        }
        GameCommand::Autofire(a) => {
            if let Ok(p) = preview_autofire(world, &a.unit, &a.weapon, a.at, a.braced) {
                area_lines(world, &mut out, p, None);
            }
        }
        GameCommand::AreaAttack(a) => {
            if let Ok(p) = preview_area_attack(world, &a.unit, &a.weapon, a.at, a.dir) {
                area_lines(world, &mut out, p, Some(a.at));
            }
        }
        GameCommand::CoveringFire(_)
        | GameCommand::HarryingFire(_)
        | GameCommand::AidAnother(_)
        | GameCommand::Suppress(_) => {
            let Some(Ok(p)) = support_order(command).map(|o| preview_support(world, o)) else {
                return out;
            };
            out.lines.push(format!(
                "{} with {}: {:+} vs {}: {:.1}% to hit",
                p.kind, p.weapon, p.attack_bonus, p.defense, p.chance
            ));
            out.lines.extend(
                p.attack
                    .iter()
                    .filter(|m| m.counts())
                    .map(|m| format!("  {:+} {}", m.value, m.source)),
            );
            let target = name(&p.target);
            out.lines.push(match (command, &p.ally) {
                (GameCommand::CoveringFire(_), _) => {
                    format!(
                        "On a hit: {target} gets {:+} to its defense against the next attack",
                        p.effect
                    )
                }
                (GameCommand::HarryingFire(_), _) => {
                    format!("On a hit: the next ally to attack {target} gets {:+}", p.effect)
                }
                (GameCommand::AidAnother(_), Some(ally)) if p.ally_defense => format!(
                    "On a hit: {} gets {:+} to its defense against {target}'s next attack",
                    name(ally),
                    p.effect
                ),
                (GameCommand::AidAnother(_), Some(ally)) => format!(
                    "On a hit: {} gets {:+} on its next attack on {target}",
                    name(ally),
                    p.effect
                ),
                _ => format!("On a hit: {target}'s next attack roll takes {:+}", p.effect),
            });
            provokes_line(world, &mut out, &p.provokes);
            out.units.push(p.target.clone());
            out.units.extend(p.ally.clone());
        }
        GameCommand::CoupDeGrace(c) => {
            let Ok(plan) = check_coup_de_grace(world, &c.unit, &c.target, c.weapon.as_deref()) else {
                return out;
            };
            let rules = world.resource::<Ruleset>();
            out.lines.push(format!(
                "Coup de grace with {}: hits automatically and is a critical hit ({})",
                plan.weapon.name,
                rules.actions.name_of(plan.terms.action)
            ));
            if let Some(save) = plan.terms.save {
                out.lines.push(match save.plus {
                    CoupDeGraceDc::DamageDealt => format!(
                        "If {} survives: Fortitude save DC {} + the damage dealt, or it dies",
                        name(&c.target),
                        save.base
                    ),
                    CoupDeGraceDc::AttackerLevel => {
                        let level = crate::rules::unit_component::<crate::rules::Profile>(world, &c.unit)
                            .map_or(0, |p| p.level as i32);
                        format!(
                            "If {} survives: Fortitude save DC {} or it dies",
                            name(&c.target),
                            save.base + level
                        )
                    }
                });
            }
            if plan.terms.kills_down {
                out.lines
                    .push("A foe it brings to 0 HP, or finds unconscious or disabled, dies".into());
            }
            provokes_line(world, &mut out, &plan.provokes);
            out.units.push(c.target.clone());
        }
        GameCommand::BreakFree(b) => {
            if let Ok(holds) = check_break_free(world, &b.unit, &b.from) {
                let holders: Vec<String> = holds.iter().map(|h| name(&h.source)).collect();
                // The d20 escape is an opposed grapple check (MNV-SRD-5); saga's break free
                // simply ends the holds (004:497-499).
                let opposed = world
                    .resource::<Ruleset>()
                    .maneuvers
                    .as_ref()
                    .is_some_and(|m| m.opposed.is_some());
                out.lines.push(match opposed {
                    true => format!(
                        "An opposed grapple check against {}: a win ends the hold",
                        holders.join(", ")
                    ),
                    false => format!("Ends the hold of {}", holders.join(", ")),
                });
                out.units.extend(holds.into_iter().map(|h| h.source));
            }
        }
        _ => {}
    }
    out
}

/// An area's preview as lines: the roll, then each creature caught with its odds.
fn area_lines(world: &World, out: &mut ChoicePreview, p: AreaPreview, origin: Option<Intersection>) {
    if !p.attack.is_empty() {
        out.lines.push(format!("{} {:+}", p.weapon, p.attack_bonus));
        out.lines.extend(
            p.attack
                .iter()
                .filter(|m| m.counts())
                .map(|m| format!("  {:+} {}", m.value, m.source)),
        );
    }
    if let Some(affect) = p.chance_to_affect {
        out.lines.push(format!("{affect:.1}% that the roll affects anyone"));
    }
    if p.targets.is_empty() {
        out.lines.push("Catches nobody here".into());
    }
    for t in &p.targets {
        out.lines.push(target_odds_line(world, t));
        out.units.push(t.unit.clone());
    }
    provokes_line(world, out, &p.provokes);
    out.squares = p.squares;
    out.origin = origin;
}

/// Who gets an attack of opportunity before the command takes effect (AOO-1, §8.2).
fn provokes_line(world: &World, out: &mut ChoicePreview, provokes: &[UnitId]) {
    if provokes.is_empty() {
        return;
    }
    let names: Vec<String> = provokes.iter().map(|u| unit_name(world, u)).collect();
    out.lines.push(format!(
        "Provokes attacks of opportunity first from {}",
        names.join(", ")
    ));
}

/// The headline of the aim: the command a click sends and the rules' verdict on it.
pub fn option_line(world: &World, hover: &OptionHover) -> String {
    let Some(sent) = hover.sent() else {
        return format!(
            "{}: nothing to aim at on {} | Esc: move",
            kind_label(hover.kind),
            hover.point.square
        );
    };
    let what = choice_label(world, &sent.command);
    let more = match hover.allowed {
        n if n > 1 => format!(" | X: next of {n}"),
        _ => String::new(),
    };
    match &sent.verdict {
        Ok(()) => format!("{what} | click to do it{more}"),
        Err(why) => format!("{what} | not possible: {why}"),
    }
}

/// The aim at the hovered point, recomputed when the battle, the point, the mode or a choice
/// changes.
#[derive(Resource, Debug, Default)]
pub struct OptionAimView {
    pub key: Option<OptionKey>,
    pub hover: Option<OptionHover>,
}

/// What the aim's preview was made for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionKey {
    revision: Revision,
    kind: OptionKind,
    point: MapPoint,
    weapon: Option<String>,
    spell: Option<String>,
    pick: usize,
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn derive_option_aim(
    session: Res<Session>,
    revision: Res<Revision>,
    hover: Res<Hover>,
    corner: Res<HoverCorner>,
    mode: Res<Mode>,
    aim: Res<AreaAim>,
    choice: (Res<WeaponChoice>, Res<SpellChoice>),
    pick: Res<TargetPick>,
    mut view: ResMut<OptionAimView>,
) {
    let key = match (*mode, hover.0, corner.0) {
        (Mode::Option(kind), Some(square), Some(corner)) => Some(OptionKey {
            revision: *revision,
            kind,
            point: MapPoint {
                square,
                corner,
                dir: aim.0,
            },
            weapon: choice.0.weapon.clone(),
            spell: choice.1.spell.clone(),
            pick: pick.on(square, *revision),
        }),
        _ => None,
    };
    if view.key == key {
        return;
    }
    let world = session.battle.world();
    view.hover = match (&key, world.resource::<Combat>().active.as_ref()) {
        (Some(k), Some(unit)) => Some(option_hover(
            world,
            unit,
            k.kind,
            k.point,
            k.weapon.as_deref(),
            k.spell.as_deref(),
            k.pick,
        )),
        _ => None,
    };
    view.key = key;
}
