//! Timing helpers shared by the benchmarks: warm up, sample, report the median.

use std::time::{Duration, Instant};

/// The middle sample: robust against the odd scheduler hiccup on a 2-core machine.
pub fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Runs `f` a tenth of `runs` times to warm caches, then `runs` timed times; prints and
/// returns the median.
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
