use fivefoot::ai::{Policy, acting_side, next_command_with, referee_command};
use fivefoot::history::open_file;
use fivefoot::rules::{SideId, check};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (file, seed) = (&args[1], args[2].parse::<u64>().unwrap());
    let pols: Vec<(String, Policy)> = args[3..]
        .iter()
        .map(|a| {
            let (s, p) = a.split_once('=').unwrap();
            (s.to_string(), Policy::parse(p).unwrap())
        })
        .collect();
    let mut b = open_file(Path::new(file), Some(seed), &[]).unwrap();
    for _ in 0..3000 {
        if b.outcome().over {
            println!("over: {:?}", b.outcome().winner);
            break;
        }
        let side = acting_side(&b);
        let c = match &side {
            Some(s) => {
                let p = pols
                    .iter()
                    .find(|(x, _)| x == &s.0)
                    .map(|x| x.1)
                    .unwrap_or(Policy::Normal);
                next_command_with(&b, s, p)
            }
            None => referee_command(&b),
        };
        let Some(c) = c else {
            println!("nobody");
            break;
        };
        let ok = check(b.world(), &c).is_ok();
        println!(
            "{:?} {} check={}",
            side.map(|s: SideId| s.0),
            ron::to_string(&c).unwrap(),
            ok
        );
        if let Err(e) = b.submit(c.clone()) {
            println!("REFUSED: {e}");
            std::fs::write("/tmp/refused.save.ron", b.save().to_ron()).unwrap();
            std::fs::write("/tmp/refused.cmd.ron", format!("[{}]", ron::to_string(&c).unwrap())).unwrap();
            break;
        }
    }
}
