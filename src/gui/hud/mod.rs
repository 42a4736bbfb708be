//! The heads-up display over the battle map: the top bar with the action bar (`bar`) and its
//! logic (`actions`: the actions' verdicts from `rules::options`, the modes, the pickers, what
//! an intent stands for), the bottom panel's mode and status lines (`status`) over the
//! scrolling battle log (`log`), the choice panel, the initiative tracker, the unit card
//! (`card`), the attack preview, area mode, the weapon and target choice (`arms`), the
//! reaction prompt and the condition badges. Asks the rules; decides none. The
//! plugins are wired in `gui::plugin`.

pub mod actions;
pub mod area;
pub mod arms;
pub mod attack;
pub mod badges;
pub mod bar;
pub mod card;
pub mod initiative;
pub mod legend;
pub mod log;
pub mod panel;
pub mod reactions;
pub mod status;
