//! The baseline: a fixed, simple way to play, kept to measure the levels against (`fivefoot
//! simulate --side SIDE=baseline`, docs/ai.md). On its turn a unit attacks the nearest foe it
//! knows with the rules' best weapon if it can; otherwise it walks straight at that foe (the
//! reachable square nearest to it, by the rules' cheapest path, one move action if that gets
//! anywhere closer, else a double move), then attacks if it now can; otherwise it ends its
//! turn. It never uses areas, maneuvers, charges or vehicles, and ignores attacks of
//! opportunity. A unit that cannot act ends its turn.

use super::grid::gap;
use super::knowledge::Known;
use crate::history::Battle;
use crate::rules::movement::reach_plan::plan_reach;
use crate::rules::{GameCommand, MoveMode, UnitId, check, cmd};

/// The baseline's command for `me` on its turn.
pub fn decide(battle: &Battle, known: &Known, me: &UnitId) -> GameCommand {
    let world = battle.world();
    let end = GameCommand::EndTurn(cmd::EndTurn { unit: me.clone() });
    let Some(unit) = known.own.iter().find(|f| &f.id == me) else {
        return end;
    };
    if !unit.able() {
        return end;
    }
    let Some(foe) = known
        .targets()
        .filter(|f| f.creature())
        .min_by_key(|f| (gap(unit.space, f.space), f.id.clone()))
    else {
        return end;
    };
    let attack = GameCommand::Attack(cmd::Attack {
        unit: me.clone(),
        target: foe.id.clone(),
        weapon: None,
        defensively: false,
        mount: None,
    });
    if check(world, &attack).is_ok() {
        return attack;
    }
    let Ok(plan) = plan_reach(world, me, &[MoveMode::Move, MoveMode::Double]) else {
        return end;
    };
    let now = gap(unit.space, foe.space);
    for mode in [MoveMode::Move, MoveMode::Double] {
        let Some(Ok(band)) = plan.band(mode) else { continue };
        let best = band
            .iter()
            .map(|(sq, _)| (gap(crate::grid::Space::new(*sq, unit.space.side), foe.space), *sq))
            .min_by_key(|(d, sq)| (*d, sq.y, sq.x));
        if let Some((d, to)) = best
            && d < now
        {
            let walk = GameCommand::Move(cmd::Move {
                unit: me.clone(),
                to,
                path: None,
                mode,
            });
            if check(world, &walk).is_ok() {
                return walk;
            }
        }
    }
    end
}
