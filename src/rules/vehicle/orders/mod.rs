//! The pilot's orders that move a vehicle on the grid (§25.3-25.8): drive, race and stop
//! short, ram and run over, with what they share: the straight race line, path planning,
//! moving with everyone aboard and the attacks of opportunity it provokes, racing hazards,
//! crashes, the turn after a race and the odds of a Piloting check before it is made.

pub(super) mod aoo;
pub(super) mod crash;
pub(super) mod drive;
pub(super) mod follow_up;
pub(super) mod hazard;
pub(super) mod line;
pub(super) mod odds;
pub(super) mod plan;
pub(super) mod race;
pub(super) mod ram;
pub(super) mod run_over;
pub(super) mod travel;
