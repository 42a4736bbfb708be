//! Casting a spell on the grid (RULES.md §4.3.1 "Cast a spell", §8.2 casting while
//! threatened): the action it takes, the attacks of opportunity it provokes, and the spell
//! failing when one of them hits and damages the caster (starfinder 001:754-769), or, in a
//! family whose rules give the caster a Concentration check instead, when that check fails
//! (d20 SRD, SPL-SRD-1..5 in docs/d20-spells.md). Of what a spell does once cast, the engine
//! resolves an area of damage saved against for half (§19, AREA-1, AREA-5) through the
//! area-attack path; other effects are the spell's own business.

use crate::grid::{Direction8, Intersection, ShapeProblem, Square, check_shaped, open_ground_squares};
use crate::rules::area::{Blast, caught, check_blast_savers, check_origin, check_savers, distance_to_point, go_off};
use crate::rules::engine::error::illegal;
use crate::rules::health::check_can_act;
use crate::rules::reactions::opportunity::provoked_by;
use crate::rules::reactions::threat::space_of;
use crate::rules::sequence::turn::take_action;
use crate::rules::vehicle::SkillBonuses;
use crate::rules::{Ability, AreaEvent, D20Check, HealthEvent, Modifier, Spell, SpellEffect};
use crate::rules::{Combat, Executor, GameEvent, Profile, RuleError, UnitId, Weapon, WeaponKind};
use crate::ruleset::{ActionKind, AooTrigger, ConcentrationRule, Ruleset, SpellcastingRules};
use bevy::prelude::World;

impl SpellEffect {
    /// The effect in the shape the area path resolves: no attack roll (a spell goes off
    /// where it is aimed), its damage, and its save DC.
    pub(super) fn as_weapon(&self, name: &str) -> Weapon {
        Weapon {
            name: name.to_string(),
            kind: WeaponKind::Ranged,
            attack: 0,
            damage: self.damage,
            damage_types: self.damage_types.clone(),
            reach_ft: None,
            reach_weapon: false,
            range_increment_ft: None,
            range_bands: None,
            threatens: Some(false),
            hands: 0,
            light: false,
            double: false,
            area: Some(self.area),
            save_dc: Some(self.save_dc),
            autofire: false,
            autofire_only: false,
            splash: false,
        }
    }
}

/// Where a cast spell's area goes: the point and, for a cone or line, the direction; for a
/// shapeable area, the squares the caster shapes it into (empty: the template's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aim<'a> {
    pub at: Option<Intersection>,
    pub dir: Option<Direction8>,
    pub squares: &'a [Square],
}

/// Checks where `spell`'s area is aimed (AREA-1): an intersection in range and in line of
/// effect, or a corner of the caster's space for a cone or line; everyone it would catch
/// can save. A spell without an area takes no aim.
/// Returns the area's radius in squares.
fn check_aim(world: &World, unit: &UnitId, spell: &Spell, aim: Aim) -> Result<Option<u32>, RuleError> {
    let Some(effect) = &spell.effect else {
        if aim.at.is_some() || aim.dir.is_some() || !aim.squares.is_empty() {
            return Err(illegal(format!(
                "{} has no area to place: cast it without `at`",
                spell.name
            )));
        }
        return Ok(None);
    };
    let rules = world.resource::<Ruleset>();
    let kind = effect.area.shape;
    let radius = effect.area.radius_squares(rules, &spell.name)?;
    let at = aim.at.ok_or_else(|| {
        illegal(format!(
            "{} is a {}: give the intersection it starts at, `at: Some((i, j))`",
            spell.name,
            kind.name()
        ))
    })?;
    let shape = effect.area.aimed(aim.dir, &spell.name)?;
    let space = check_origin(world, unit, kind, at)?;
    if !kind.directed() {
        let range = effect.range_ft.unwrap_or(0);
        let distance = distance_to_point(space, at, rules.grid.diagonal) * rules.grid.square_ft;
        if distance > range {
            return Err(illegal(format!(
                "({}, {}) is {distance} ft away, beyond {}'s range of {range} ft",
                at.i, at.j, spell.name
            )));
        }
    }
    if aim.squares.is_empty() {
        check_blast_savers(world, &spell.name, shape, at, radius)?;
        return Ok(Some(radius));
    }
    // 001:3302-3307: a shapeable area, as many squares as its template in open ground.
    if !effect.shapeable || kind.directed() {
        return Err(illegal(format!(
            "{}'s area cannot be shaped: cast it without `squares`",
            spell.name
        )));
    }
    let map = &world.resource::<crate::rules::Terrain>().0;
    let allowed = open_ground_squares(rules.grid.diagonal, radius);
    let square_ft = rules.grid.square_ft.max(1);
    let min_ft = spellcasting(rules)?.shaped_min_dimension_ft;
    check_shaped(map, at, aim.squares, allowed, min_ft.div_ceil(square_ft)).map_err(|p| match p {
        ShapeProblem::TooThin { .. } => illegal(format!(
            "{}: {p}; a shaped area has no dimension under {min_ft} ft",
            spell.name
        )),
        p => illegal(format!("{}: {p}", spell.name)),
    })?;
    check_savers(world, &spell.name, &caught(world, aim.squares))?;
    Ok(Some(radius))
}

impl Spell {
    pub(super) fn trigger(&self) -> AooTrigger {
        if self.spell_like {
            AooTrigger::SpellLikeAbility
        } else {
            AooTrigger::CastSpell
        }
    }
}

fn spellcasting(rules: &Ruleset) -> Result<SpellcastingRules, RuleError> {
    rules
        .spellcasting
        .ok_or_else(|| RuleError::NotSupported(format!("casting spells is not in {}'s rules yet", rules.name)))
}

/// Checks that `unit` can cast `spell` now: the family has spellcasting, the unit knows the
/// spell and has a use of it left, and it has the action. Returns the spell and its action.
pub fn check_cast_spell(world: &World, unit: &UnitId, spell: &str, aim: Aim) -> Result<CastPlan, RuleError> {
    let rules = world.resource::<Ruleset>();
    let casting = spellcasting(rules)?;
    let profile =
        crate::rules::unit_component::<Profile>(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    check_can_act(world, unit)?;
    let known = profile
        .spell_named(spell)
        .ok_or_else(|| illegal(format!("{unit} has no spell named {spell}")))?;
    if known.uses == Some(0) {
        return Err(illegal(format!("{unit} has no uses of {} left", known.name)));
    }
    let action = known.action.unwrap_or(casting.default_action);
    world.resource::<Combat>().can_spend(&rules.actions, action)?;
    let radius_squares = check_aim(world, unit, known, aim)?;
    Ok(CastPlan {
        spell: known.clone(),
        action,
        radius_squares,
    })
}

/// A checked casting: the spell, the action it takes, and its area's radius if it has one.
#[derive(Debug, Clone)]
pub struct CastPlan {
    pub spell: Spell,
    pub action: ActionKind,
    pub radius_squares: Option<u32>,
}

/// The caster's Concentration modifier (SPL-SRD-4): its `skills` bonus, or, without one, its
/// Con modifier (Concentration is used untrained; a unit without `abilities` has +0).
fn concentration_bonus(world: &World, unit: &UnitId) -> Modifier {
    let skill = crate::rules::unit_component::<SkillBonuses>(world, unit).and_then(|s| s.concentration);
    match skill {
        Some(bonus) => Modifier::new(bonus, "Concentration"),
        None => {
            let con = crate::rules::unit_component::<Profile>(world, unit).map_or(0, |p| p.abilities.of(Ability::Con));
            Modifier::new(con, "Con modifier (untrained Concentration)")
        }
    }
}

/// SPL-SRD-3: `unit`, dealt `damage` by `by`'s attack of opportunity while casting `spell`,
/// rolls d20 + Concentration against the family's DC. Returns whether it kept the spell.
fn check_concentration(
    ex: &mut Executor,
    rule: ConcentrationRule,
    unit: &UnitId,
    spell: &Spell,
    by: &UnitId,
    damage: u32,
) -> Result<bool, RuleError> {
    let dc = rule.dc(damage, spell.level);
    let roll = ex.roll(20, format!("Concentration ({unit} casting {})", spell.name))?;
    let check = D20Check::against(roll, vec![concentration_bonus(ex.world, unit)], Some(dc));
    let kept = check.success;
    ex.emit(AreaEvent::ConcentrationChecked {
        unit: unit.clone(),
        spell: spell.name.clone(),
        by: by.clone(),
        damage,
        spell_level: spell.level,
        check,
    });
    Ok(kept)
}

/// Casts the spell: takes the action, resolves every attack of opportunity it provokes
/// before it takes effect (001:1154-1155), then either the spell is cast or, when one of
/// those attacks damaged the caster, it fails and the use is lost (001:766-768). Where the
/// family gives a Concentration check instead (SPL-SRD-3), each damaging attack calls for one,
/// and the spell is lost at the first that fails, or when the caster can no longer act. A
/// cast spell with an area goes off where it is aimed (§19).
pub fn execute_cast_spell(ex: &mut Executor, unit: &UnitId, spell: &str, aim: Aim) -> Result<(), RuleError> {
    let CastPlan {
        spell,
        action,
        radius_squares,
    } = check_cast_spell(ex.world, unit, spell, aim)?;
    let casting = spellcasting(ex.ruleset())?;
    take_action(ex, unit, action, format!("cast {}", spell.name));
    let square = space_of(ex.world, unit)
        .map(|s| s.at)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let reactors = if spell.provokes {
        provoked_by(ex.world, unit, spell.trigger())
    } else {
        Vec::new()
    };
    let mut disrupted_by = None;
    for reactor in &reactors {
        let mark = ex.events.len();
        crate::rules::reactions::opportunity::attack_of_opportunity(ex, reactor, unit, square, "casting a spell, in")?;
        let damage: u32 = ex.events[mark..]
            .iter()
            .filter_map(|e| match e {
                GameEvent::Health(HealthEvent::DamageTaken { unit: hurt, amount, .. }) if hurt == unit => Some(*amount),
                _ => None,
            })
            .fold(0, u32::saturating_add);
        if damage == 0 || disrupted_by.is_some() {
            continue;
        }
        let Some(rule) = casting.concentration else {
            disrupted_by = Some(reactor.clone());
            continue;
        };
        // A caster the attack leaves unable to act cannot finish the spell (reading, docs/d20-spells.md).
        if check_can_act(ex.world, unit).is_err() || !check_concentration(ex, rule, unit, &spell, reactor, damage)? {
            disrupted_by = Some(reactor.clone());
        }
    }
    let uses_left = spell.uses.map(|n| n.saturating_sub(1));
    let fails = disrupted_by.filter(|_| casting.lost_when_aoo_damages || casting.concentration.is_some());

    match fails {
        Some(by) => ex.emit(AreaEvent::SpellLost {
            unit: unit.clone(),
            spell: spell.name,
            by,
            uses_left,
        }),

        None => {
            ex.emit(AreaEvent::SpellCast {
                unit: unit.clone(),
                spell: spell.name.clone(),
                uses_left,
            });
            // The aim was checked before the attacks of opportunity; they move no one.
            if let (Some(effect), Some(at), Some(radius_squares)) = (&spell.effect, aim.at, radius_squares) {
                let weapon = effect.as_weapon(&spell.name);
                let blast = Blast {
                    weapon: &weapon,
                    area: effect.area,
                    dir: aim.dir,
                    radius_squares,
                    origin: at,
                    context: "spell",
                    squares: (!aim.squares.is_empty()).then(|| aim.squares.to_vec()),
                };
                go_off(ex, unit, blast, &[], &[], None, None)?;
            }
        }
    }
    Ok(())
}
