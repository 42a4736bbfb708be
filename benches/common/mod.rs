//! Helpers shared by the benchmarks: a deterministic random generator for their maps, and
//! timing (warm up, sample, report the median).

use fivefoot::grid::{EdgeFeature, Map};
use std::time::{Duration, Instant};

/// The middle sample: robust against the odd scheduler hiccup on a 2-core machine.
pub fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Runs `f` a tenth of `runs` times to warm caches, then `runs` timed times; prints and
/// returns the median.
// Each benchmark compiles this module on its own; `action_bar` times two closures in turn.
#[allow(dead_code)]
pub fn measure(name: &str, runs: usize, mut f: impl FnMut()) -> Duration {
    for _ in 0..runs / 10 + 1 {
        f();
    }
    let samples = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    let m = median(samples);
    println!("{name:<52} median {:>10.1} µs over {runs} runs", m.as_secs_f64() * 1e6);
    m
}

/// xorshift64*: deterministic, no dependency.
// Each benchmark compiles this module on its own; not all of them draw random maps.
#[allow(dead_code)]
pub struct Rng(pub u64);

#[allow(dead_code)]
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: i32) -> i32 {
        (self.next() % n as u64) as i32
    }
}

/// A room grid of thin walls every 16 squares over the whole map; per room and wall line, a
/// two-square gap in the vertical wall, a one-square gap in the horizontal one, and a door
/// (open, closed or missing) in each.
#[allow(dead_code)]
pub fn room_walls(map: &mut Map, rng: &mut Rng) {
    let size = map.width() as i32;
    for line in (16..size).step_by(16) {
        for k in 0..size {
            map.set_vertical_edge(line, k, EdgeFeature::Wall);
            map.set_horizontal_edge(k, line, EdgeFeature::Wall);
        }
        let door = |rng: &mut Rng| match rng.below(3) {
            0 => EdgeFeature::Door { open: true },
            1 => EdgeFeature::Door { open: false },
            _ => EdgeFeature::None,
        };
        for room in (0..size).step_by(16) {
            let (a, b) = (room + 2 + rng.below(5), room + 9 + rng.below(5));
            map.set_vertical_edge(line, a, EdgeFeature::None);
            map.set_vertical_edge(line, a + 1, EdgeFeature::None);
            map.set_horizontal_edge(a, line, EdgeFeature::None);
            map.set_horizontal_edge(b, line, door(rng));
            map.set_vertical_edge(line, b, door(rng));
        }
    }
}
