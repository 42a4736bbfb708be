//! Headless integration tests of the rules core, in one binary (every test binary links Bevy).

mod ability_damage;
mod aoo;
mod areas;
mod attack;
mod attack_options;
mod bleeding;
mod budget;
mod chase;
mod chase_board;
mod chase_escape;
mod cli;
mod docs;
mod fights;
mod history;
mod maneuvers;
mod movement;
mod recovery;
mod scenarios;
mod sequence;
mod spells;
mod stacking;
mod support;
mod templates;
mod validation;
mod vehicle_attacks;
mod vehicles;
