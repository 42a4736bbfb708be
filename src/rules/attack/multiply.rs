//! Multiplying and dividing values (§16.2 DMG-2, DMG-4; §0 rounding): how several
//! multipliers combine, how halves and fractions round, and why movement doublings are the
//! exception. Pure integer arithmetic; rolling the damage that many times (DMG-1) is the
//! caller's job.

/// DMG-2: several multipliers on one value combine additively into one multiplier — the first
/// counts in full and each extra ×N adds N − 1, so ×2 and ×2 is ×3 (roll the damage three
/// times), not ×4 (000:277-279; 001:278-282, 471-475, 495-498; 002:72). An empty list is ×1.
/// A ×0 or ×1 entry adds nothing. Saturates at `u32::MAX`.
pub fn combine_multipliers(multipliers: &[u32]) -> u32 {
    multipliers
        .iter()
        .fold(1u32, |total, &m| total.saturating_add(m.saturating_sub(1)))
}

/// §0: half of `value`, rounded down (half of 7 is 3; 000:283; 001:500-503; saga 004:90, 160).
pub fn half(value: u32) -> u32 {
    value / 2
}

/// §0: `value × num / den`, rounded down unless a rule says otherwise. The product is taken
/// in 64 bits, so nothing overflows before the division; a result above `u32::MAX` saturates.
///
/// # Panics
/// If `den` is 0: a fraction with no denominator is a bug in the caller, not data.
pub fn fraction_floor(value: u32, num: u32, den: u32) -> u32 {
    assert!(den > 0, "fraction_floor: denominator must be positive");
    let exact = u64::from(value) * u64::from(num) / u64::from(den);
    u32::try_from(exact).unwrap_or(u32::MAX)
}

/// DMG-4: the factor on a movement cost doubled `k` times — 2^k. Movement doublings multiply
/// (doubled twice = ×4, three times = ×8), the stated exception to DMG-2 (001:2096-2100).
/// Saturates at `u32::MAX` from 32 doublings on.
pub fn movement_doublings(k: u32) -> u32 {
    1u32.checked_shl(k).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn we_26_two_doublings_make_times_three() {
        assert_eq!(combine_multipliers(&[2, 2]), 3);
    }

    #[test]
    fn dmg_2_times_two_and_times_three_make_times_four() {
        assert_eq!(combine_multipliers(&[2, 3]), 4);
        assert_eq!(combine_multipliers(&[3, 2]), 4);
    }

    #[test]
    fn dmg_2_no_multiplier_is_times_one_and_one_is_itself() {
        assert_eq!(combine_multipliers(&[]), 1);
        assert_eq!(combine_multipliers(&[2]), 2);
        assert_eq!(combine_multipliers(&[4]), 4);
        assert_eq!(combine_multipliers(&[1, 1]), 1);
        assert_eq!(combine_multipliers(&[2, 2, 2]), 4);
    }

    #[test]
    fn we_27_half_of_seven_is_three() {
        assert_eq!(half(7), 3);
        assert_eq!(half(1), 0);
        assert_eq!(half(8), 4);
    }

    #[test]
    fn rounding_fractions_round_down() {
        assert_eq!(fraction_floor(7, 1, 2), 3);
        assert_eq!(fraction_floor(7, 3, 2), 10); // 1½ × 7 = 10.5
        assert_eq!(fraction_floor(10, 2, 3), 6);
        assert_eq!(fraction_floor(u32::MAX, 3, 1), u32::MAX);
    }

    #[test]
    #[should_panic(expected = "denominator")]
    fn rounding_zero_denominator_is_a_bug() {
        fraction_floor(1, 1, 0);
    }

    #[test]
    fn dmg_4_movement_doublings_multiply() {
        assert_eq!(movement_doublings(0), 1);
        assert_eq!(movement_doublings(1), 2);
        assert_eq!(movement_doublings(2), 4);
        assert_eq!(movement_doublings(3), 8);
        // Two diagonal steps normally cost 3 squares; per diagonal: 6 when doubled twice,
        // 12 when doubled three times (001:2096-2099).
        assert_eq!(3 * movement_doublings(2) / 2, 6);
        assert_eq!(3 * movement_doublings(3) / 2, 12);
        assert_eq!(movement_doublings(40), u32::MAX);
    }
}
