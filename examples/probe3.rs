use fivefoot::ai::{Policy, acting_side, next_command_with, referee_command, scored_candidates};
use fivefoot::history::open_file;
use fivefoot::rules::SideId;
use std::path::Path;

// probe3 FILE SEED UPTO [side=policy]...: plays UPTO commands, then prints the candidates of the next decisions.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (file, seed, upto) = (
        &args[1],
        args[2].parse::<u64>().unwrap(),
        args[3].parse::<usize>().unwrap(),
    );
    let pols: Vec<(String, Policy)> = args[4..]
        .iter()
        .map(|a| {
            let (s, p) = a.split_once('=').unwrap();
            (s.to_string(), Policy::parse(p).unwrap())
        })
        .collect();
    let mut b = open_file(Path::new(file), Some(seed), &[]).unwrap();
    for i in 0..upto + 6 {
        if b.outcome().over {
            break;
        }
        let side = acting_side(&b);
        let pol = |s: &SideId| {
            pols.iter()
                .find(|(x, _)| x == &s.0)
                .map(|x| x.1)
                .unwrap_or(Policy::Normal)
        };
        if i >= upto {
            if let Some(s) = &side {
                println!("--- candidates of {}:", s.0);
                for (v, c) in scored_candidates(&b, s, pol(s)).iter().take(12) {
                    println!("  {v:8.3} {}", ron::to_string(c).unwrap());
                }
            }
        }
        let c = match &side {
            Some(s) => next_command_with(&b, s, pol(s)),
            None => referee_command(&b),
        };
        let Some(c) = c else { break };
        println!("{i} {:?} {}", side.map(|s| s.0), ron::to_string(&c).unwrap());
        if b.submit(c).is_err() {
            println!("refused");
            break;
        }
    }
}
