//! The `fivefoot` command: play (the default), validate, run and query.

fn main() -> std::process::ExitCode {
    fivefoot::cli::main()
}
