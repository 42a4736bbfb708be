//! The headless command line (clap): `play`, `validate`, `run`, `query`, `simulate`. Output
//! formats are a stable interface documented in `docs/cli.md`.

pub mod io;
pub mod open;
pub(crate) mod play;
mod query;
mod query_chase;
mod query_lines;
mod query_moves;
mod query_template;
mod query_vehicle;
mod run;
mod simulate;
mod validate;

use clap::{Args, Parser, Subcommand};
pub use query_template::TemplateShape;
use std::path::PathBuf;
use std::process::ExitCode;

/// fivefoot: the d20 family's grid combat rules, exactly as written.
#[derive(Parser, Debug)]
#[command(name = "fivefoot", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a scenario (the embedded default scenario when FILE is left out).
    Play { file: Option<PathBuf> },
    /// Open the scenario editor.
    Edit { file: Option<PathBuf> },
    /// Check scenario files; prints FILE:LINE:COL: error: ... for every problem.
    Validate {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Play a script of commands and print the event log and final state.
    Run {
        /// A scenario file or a save file.
        scenario: PathBuf,
        /// A RON list of commands, e.g. `[EndTurn(unit: "navasi")]`.
        #[arg(long)]
        script: PathBuf,
        #[command(flatten)]
        dice: DiceArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Also write a save file of the battle after the script.
        #[arg(long)]
        save: Option<PathBuf>,
    },
    /// Answer a rules question about a battle as JSON.
    Query {
        /// A scenario file or a save file.
        scenario: PathBuf,
        #[command(flatten)]
        dice: DiceArgs,
        /// Play these commands first.
        #[arg(long)]
        script: Option<PathBuf>,
        #[command(subcommand)]
        what: QueryWhat,
    },
    /// Play whole battles computer against computer and print each side's results.
    Simulate {
        /// A scenario file (or a save file: its scenario is played).
        scenario: PathBuf,
        /// How many games to play.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        games: u32,
        /// The first game's seed; game k uses SEED+k (default: the scenario's seed, else 0).
        #[arg(long)]
        seed: Option<u64>,
        /// How a side is played: SIDE=easy|normal|hard|baseline (the others: normal).
        #[arg(long = "side", value_parser = parse_side_arg)]
        sides: Vec<SideArg>,
        /// A game still going after this round is a draw.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        max_rounds: u32,
        /// Games played at the same time (threads).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
        jobs: u32,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// `--side SIDE=POLICY` of `simulate`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideArg {
    pub side: String,
    pub policy: crate::ai::Policy,
}

fn parse_side_arg(text: &str) -> Result<SideArg, String> {
    let (side, policy) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not SIDE=POLICY (e.g. `orcs=hard`)"))?;
    let policy = crate::ai::Policy::parse(policy)
        .ok_or_else(|| format!("`{policy}` is not a policy: easy, normal, hard or baseline"))?;
    if side.is_empty() {
        return Err(format!("`{text}` names no side"));
    }
    Ok(SideArg {
        side: side.to_string(),
        policy,
    })
}

/// How the battle's dice are fixed.
#[derive(Args, Debug, Clone, Default)]
pub struct DiceArgs {
    /// Seed of the dice (overrides the scenario's `seed`).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The next die results, in order, e.g. `--dice 17,4,20`; then the seeded dice continue.
    #[arg(long, value_delimiter = ',')]
    pub dice: Vec<u32>,
}

#[derive(Subcommand, Debug, Clone)]
pub enum QueryWhat {
    /// The initiative order, delaying and readied units.
    Initiative,
    /// The vehicle chase: phase, zones, vehicles, engagements, who acts and the DC of each
    /// pilot action for the acting pilot (RULES.md §26).
    Chase,
    /// Whose turn it is and what is left of it.
    Turn,
    /// One unit's state.
    Unit { id: String },
    /// What a unit may do now: each kind of command with its choices (targets, squares, aims)
    /// and the rules' verdict on each (`rules::options`).
    Options { unit: String },
    /// What a side sees now: the squares its units see and the units it sees (`rules::sight`).
    Visible { side: String },
    /// The path a unit would take to a square, its cost and the attacks of opportunity it provokes.
    Path {
        unit: String,
        /// Destination square `X,Y` (the top-left square of the unit's space).
        to: String,
        /// move | double | run | withdraw | guarded-step | crawl | minimum; by default a
        /// single move if it reaches, else a double move.
        #[arg(long)]
        action: Option<String>,
        /// Prefer the path that provokes the fewest attacks of opportunity.
        #[arg(long)]
        avoid_aoo: bool,
    },
    /// The squares a unit can reach with one move action, a double move and a run.
    Reach { unit: String },
    /// The squares a unit threatens.
    Threat { unit: String },
    /// The cover a target has against an attacker, and the lines that decided it (COV-1).
    Cover {
        attacker: String,
        target: String,
        /// Judge it for a melee attack (soft cover counts only against ranged attacks).
        #[arg(long)]
        melee: bool,
    },
    /// The concealment a target has against an attacker (CON-1, §22.2).
    Concealment {
        attacker: String,
        target: String,
        /// Judge it for a melee attack (an adjacent target: only its whole space counts).
        #[arg(long)]
        melee: bool,
    },
    /// Whether the first unit has line of sight to the second (§11).
    Los { from: String, to: String },
    /// Whether the first unit has line of effect to the second (§11).
    Loe { from: String, to: String },
    /// Whether the attacker flanks the target, and with whom (FLK-1).
    Flank { attacker: String, target: String },
    /// A vehicle's heading, speeds, state and who is aboard (starfinder §25).
    Vehicle { vehicle: String },
    /// The race lines open to a vehicle now: per whole angle off the heading, where it ends
    /// and what stops it, every legal end square, and the Piloting DC (VEH-2, VEH-4, VEH-5).
    Race { vehicle: String },
    /// The numbers of an attack before it is made: every modifier, the defense, the roll
    /// needed and the chances to hit and to crit.
    Attack {
        attacker: String,
        target: String,
        #[arg(long)]
        weapon: Option<String>,
        /// Fire a weapon mounted on this vehicle, which the attacker rides (VEH-20).
        #[arg(long)]
        mount: Option<String>,
    },
    /// The squares an area covers from a grid intersection, the units in it and the squares
    /// the map cuts off, and why (§19.1, docs/areas.md).
    Template {
        shape: TemplateShape,
        /// The point of origin, a grid intersection `I,J` (the top-left corner of square I,J).
        #[arg(long)]
        origin: String,
        /// The radius, or a cone's or line's length, in feet: a multiple of the square size.
        #[arg(long)]
        size_ft: u32,
        /// A cone's or line's direction: N, NE, E, SE, S, SW, W or NW.
        #[arg(long)]
        dir: Option<String>,
        /// The unit making the area: a cone or line must start at a corner of its square(s);
        /// any other area needs its line of effect to the origin.
        #[arg(long)]
        by: Option<String>,
    },
}

impl QueryWhat {
    /// The question as typed (`path`, `template`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            QueryWhat::Initiative => "initiative",
            QueryWhat::Chase => "chase",
            QueryWhat::Turn => "turn",
            QueryWhat::Unit { .. } => "unit",
            QueryWhat::Options { .. } => "options",
            QueryWhat::Visible { .. } => "visible",
            QueryWhat::Path { .. } => "path",
            QueryWhat::Reach { .. } => "reach",
            QueryWhat::Threat { .. } => "threat",
            QueryWhat::Cover { .. } => "cover",
            QueryWhat::Concealment { .. } => "concealment",
            QueryWhat::Los { .. } => "los",
            QueryWhat::Loe { .. } => "loe",
            QueryWhat::Flank { .. } => "flank",
            QueryWhat::Vehicle { .. } => "vehicle",
            QueryWhat::Race { .. } => "race",
            QueryWhat::Attack { .. } => "attack",
            QueryWhat::Template { .. } => "template",
        }
    }
}

/// Writes a line to stdout (the headless `play`). A closed pipe (`fivefoot ... | head`) is
/// not an error the user needs to see, and must never panic.
pub(crate) fn out(text: impl std::fmt::Display) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{text}");
}

/// Writes a line to stderr, ignoring a closed pipe.
pub(crate) fn err(text: impl std::fmt::Display) {
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr().lock(),
        "{}",
        crate::scenario::one_line(&text.to_string())
    );
}

/// Runs the command line; the exit code follows `docs/cli.md`.
pub fn main() -> ExitCode {
    // Not locked: the window's threads may write too.
    let mut out = std::io::BufWriter::new(std::io::stdout());
    let mut err = std::io::stderr();
    match dispatch(std::env::args_os().collect(), &mut out, &mut err) {
        Ran::Headless(code) => ExitCode::from(code),
        Ran::Window(code) => code,
    }
}

/// Parses `args` (the program name first) and runs the subcommand, writing to `out` and `err`;
/// the exit code (docs/cli.md). Every error is one line `FILE:LINE:COL: error: ...`, clap's
/// own included (issue #16 item 11); `--help` and `--version` print as clap writes them.
/// `play` and `edit` (the window) give 0 on success, else 1.
pub fn run_args(args: Vec<std::ffi::OsString>, out: &mut dyn std::io::Write, err: &mut dyn std::io::Write) -> u8 {
    match dispatch(args, out, err) {
        Ran::Headless(code) => code,
        Ran::Window(code) if code == ExitCode::SUCCESS => 0,
        Ran::Window(_) => io::FAILURE,
    }
}

/// How a command line ended: a headless subcommand's code, or the window's own exit code.
enum Ran {
    Headless(u8),
    Window(ExitCode),
}

fn dispatch(args: Vec<std::ffi::OsString>, out: &mut dyn std::io::Write, err: &mut dyn std::io::Write) -> Ran {
    let command_line = io::CommandLine::new(args.iter().skip(1).map(|a| a.to_string_lossy().into_owned()));
    let mut io = io::Io::new(out, err);
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                // Help as clap prints it (colours on a terminal), to stdout; a failed write
                // still fails the run.
                return Ran::Headless(match e.print() {
                    Ok(()) => io.finish(e.exit_code().clamp(0, 255) as u8),
                    Err(why) => {
                        io.error(format!("<stdout>:1:1: error: cannot write the output: {why}"));
                        io.finish(io::FAILURE)
                    }
                });
            }
            io.error(clap_error_line(&e, &command_line));
            return Ran::Headless(io.finish(2));
        }
    };
    let code = match cli.command {
        None => return Ran::Window(play::play(None)),
        Some(Command::Play { file }) => return Ran::Window(play::play(file)),
        Some(Command::Edit { file }) => return Ran::Window(play::edit(file)),
        Some(Command::Validate { files }) => validate::validate(&files, &mut io),
        Some(Command::Run {
            scenario,
            script,
            dice,
            json,
            save,
        }) => run::run(&scenario, &script, &dice, json, save, &command_line, &mut io),
        Some(Command::Query {
            scenario,
            dice,
            script,
            what,
        }) => query::query(&scenario, &dice, script.as_deref(), &what, &command_line, &mut io),
        Some(Command::Simulate {
            scenario,
            games,
            seed,
            sides,
            max_rounds,
            jobs,
            json,
        }) => simulate::simulate(
            &simulate::Request {
                scenario: &scenario,
                games,
                seed,
                sides: &sides,
                max_rounds,
                jobs,
                json,
            },
            &command_line,
            &mut io,
        ),
    };
    Ran::Headless(io.finish(code))
}

/// Clap's error as one line at the argument it is about, with a pointer to `--help`.
fn clap_error_line(e: &clap::Error, command_line: &io::CommandLine) -> String {
    use clap::error::ContextKind;
    let rendered = e.render().to_string();
    let message = rendered
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("the command line is not understood");
    let message = message.strip_prefix("error: ").unwrap_or(message);
    let col = [
        ContextKind::InvalidValue,
        ContextKind::InvalidArg,
        ContextKind::InvalidSubcommand,
    ]
    .into_iter()
    .find_map(|k| match e.get(k) {
        Some(clap::error::ContextValue::String(s)) => Some(command_line.col_of(s)),
        _ => None,
    })
    .unwrap_or(1);
    command_line.error_at(col, format!("{message} (see `fivefoot --help`)"))
}
