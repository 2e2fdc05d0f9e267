use std::process::ExitCode;

fn main() -> ExitCode {
    youngjedi::cli::main()
}
