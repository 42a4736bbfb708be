use fivefoot::history::open_file;
use fivefoot::rules::attack_action::preview_attack;
use fivefoot::rules::movement::MoveMode;
use fivefoot::rules::options::foes_of;
use fivefoot::rules::reach_plan::plan_reach;
use fivefoot::rules::sight::side_view;
use fivefoot::rules::{Combat, UnitId, options};
use std::time::Instant;

fn t<R>(name: &str, n: u32, mut f: impl FnMut() -> R) {
    let s = Instant::now();
    for _ in 0..n {
        std::hint::black_box(f());
    }
    println!("{name:40} {:8.1} µs", s.elapsed().as_secs_f64() * 1e6 / n as f64);
}

fn main() {
    for f in std::fs::read_dir("scenarios").unwrap() {
        let p = f.unwrap().path();
        let b = open_file(&p, None, &[]).unwrap();
        let w = b.world();
        let Some(u) = w.resource::<Combat>().active.clone() else {
            println!("{p:?}: no active");
            continue;
        };
        println!("== {p:?} active {u}");
        t("fork", 200, || b.fork());
        t("options", 20, || options(w, &u).unwrap());
        t("plan_reach", 100, || {
            plan_reach(w, &u, &[MoveMode::Move, MoveMode::Double, MoveMode::Run]).unwrap()
        });
        let side = w
            .get::<fivefoot::rules::SideId>(w.resource::<fivefoot::rules::UnitIndex>().0[&u])
            .unwrap()
            .clone();
        t("side_view", 100, || side_view(w, &side));
        let foes = foes_of(w, &u);
        t("preview each foe", 100, || {
            foes.iter().map(|f| preview_attack(w, &u, f, None).is_ok()).count()
        });
        let _ = UnitId::from("x");
    }
}
