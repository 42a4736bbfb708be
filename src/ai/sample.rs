//! Trying commands on copies of the battle (`Battle::fork_with_dice`): each try rolls its own
//! dice from a seed made from the battle's seed, how far it has gone, what is tried and the
//! try's number, so the same battle always samples the same way (no unseeded randomness) and
//! never sees the battle's own coming rolls. With hidden information, the foes the side does
//! not see take no attacks of opportunity on a fork (`SetReactions(Never)` there), so what a
//! try shows never depends on them.

use super::knowledge::Known;
use crate::history::Battle;
use crate::rules::{GameCommand, ReactionMode, UnitIndex, cmd};

/// A seed for try `k` of the candidate `salt` at this point of `battle`.
pub fn seed(battle: &Battle, salt: u64, k: u64) -> u64 {
    let mut x = battle.seed() ^ (battle.log().entries.len() as u64).rotate_left(17) ^ salt.rotate_left(31) ^ k;
    // splitmix64's finaliser: nearby inputs give unrelated seeds.
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A stable number for a command, to salt its tries.
pub fn salt(command: &GameCommand) -> u64 {
    // FNV-1a over the command's RON form: stable across runs and platforms.
    let text = ron::to_string(command).unwrap_or_default();
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A fork of `battle` seeded with `seed` on which the foes `known` does not see hold back
/// their attacks of opportunity.
pub fn fork(battle: &Battle, known: &Known, seed: u64) -> Battle {
    let mut fork = battle.fork_with_dice(seed);
    if known.view.is_some() {
        let hidden: Vec<_> = battle
            .world()
            .resource::<UnitIndex>()
            .0
            .keys()
            .filter(|u| !known.knows(u))
            .cloned()
            .collect();
        for unit in hidden {
            let hold = GameCommand::SetReactions(cmd::SetReactions {
                unit,
                mode: ReactionMode::Never,
            });
            let _ = fork.submit(hold);
        }
    }
    fork
}

/// `battle` after `commands` on a [`fork`] seeded with `seed`, or `None` if the rules refuse
/// one.
pub fn after(battle: &Battle, known: &Known, commands: &[GameCommand], seed: u64) -> Option<Battle> {
    let mut fork = fork(battle, known, seed);
    for c in commands {
        fork.submit(c.clone()).ok()?;
    }
    Some(fork)
}

/// The mean of `score` over `tries` forks on which `command` was played (`None` if refused).
pub fn mean_after(
    battle: &Battle,
    known: &Known,
    command: &GameCommand,
    tries: u32,
    score: impl Fn(&Battle) -> f64,
) -> Option<f64> {
    let salt = salt(command);
    let mut total = 0.0;
    for k in 0..tries.max(1) {
        let fork = after(
            battle,
            known,
            std::slice::from_ref(command),
            seed(battle, salt, u64::from(k)),
        )?;
        total += score(&fork);
    }
    Some(total / f64::from(tries.max(1)))
}
