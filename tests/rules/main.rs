//! Headless integration tests of the rules core, in one binary (every test binary links Bevy).

mod aoo;
mod attack;
mod attack_options;
mod budget;
mod cli;
mod docs;
mod fights;
mod history;
mod movement;
mod recovery;
mod scenarios;
mod sequence;
mod stacking;
mod support;
mod validation;
