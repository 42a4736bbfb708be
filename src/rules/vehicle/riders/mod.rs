//! The creatures riding a vehicle (§25.9): boarding and getting off, attacking from aboard
//! with the vehicle's attack penalty and its passenger cover, and firing its mounted weapons.

pub(super) mod aboard_attack;
pub(super) mod boarding;
pub(super) mod mounted;
