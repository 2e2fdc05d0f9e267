use std::process::ExitCode;

fn main() -> ExitCode {
    // Like other Unix filters, stop quietly when the reader closes the pipe (`yj cards export
    // | head`) instead of failing on the next write.
    #[cfg(unix)]
    // SAFETY: called before any other thread exists; restores the default signal disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    youngjedi::cli::main()
}
