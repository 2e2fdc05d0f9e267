//! Shared helpers for CLI tests: the real binary, a scratch directory and database per test.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Output;

pub struct Scratch {
    pub dir: tempfile::TempDir,
}

/// A database as `yj` creates it on first use, made once per test binary: every scratch
/// starts with a copy, so a test's first command opens an existing database (a command that
/// creates one at a path the user gave says so on stderr, which tests of other things should
/// not have to expect). `Scratch::fresh` starts without one.
fn template() -> &'static std::path::Path {
    static TEMPLATE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir").keep();
        let path = dir.join("template.db");
        drop(youngjedi::catalogue::Database::open(&path).expect("template database"));
        path
    })
}

/// Where a scratch's commands find their home and data directories (see [`Scratch::command`]).
pub const HOME: &str = "home";
pub const DATA_HOME: &str = "data-home";

/// A command that wrote to the default database's place (the data directory) instead of the
/// scratch database is a test bug: it would have written the user's own database.
impl Drop for Scratch {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        for dir in [HOME, DATA_HOME] {
            assert!(
                !self.path(dir).exists(),
                "a yj command wrote to its default data directory ({dir}/ in the scratch \
                 directory): run it with the scratch database"
            );
        }
    }
}

impl Scratch {
    pub fn new() -> Scratch {
        let s = Scratch::fresh();
        std::fs::copy(template(), s.db()).expect("copy the template database");
        s
    }

    /// A scratch directory with no database in it yet.
    pub fn fresh() -> Scratch {
        Scratch {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    pub fn db(&self) -> PathBuf {
        self.dir.path().join("yj.db")
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, text).expect("write scratch file");
        path
    }

    /// `yj ARGS` with this scratch database, run in the scratch directory.
    pub fn cmd(&self, args: &[&str]) -> assert_cmd::Command {
        assert_cmd::Command::from_std(self.command(args))
    }

    /// As [`Scratch::cmd`], as a plain `std::process::Command` (to spawn, or to run as
    /// another user). Every test runs `yj` through here: besides the scratch database
    /// (`YJ_DB`), the data directories point into the scratch directory, so a command that
    /// fell back to the default database could not touch the user's (`~/.local/share/yj`);
    /// dropping the scratch then fails the test ([`Scratch::drop`]).
    pub fn command(&self, args: &[&str]) -> std::process::Command {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_yj"));
        cmd.current_dir(self.dir.path())
            .env("YJ_DB", self.db())
            .env("HOME", self.path(HOME))
            .env("XDG_DATA_HOME", self.path(DATA_HOME))
            .env_remove("YJ_COLLECTION")
            .env_remove("RUST_LOG")
            .args(args);
        cmd
    }

    pub fn run(&self, args: &[&str]) -> Run {
        Run::from(self.cmd(args).output().expect("run yj"))
    }
}

/// Asserts that a command succeeded, showing its output when it did not.
#[track_caller]
pub fn ok(r: &Run) {
    assert_eq!(r.code, 0, "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
}

impl Scratch {
    /// A collection as `yj collection export` writes it (CSV), one string per row, without
    /// the header.
    #[track_caller]
    pub fn export_rows(&self, collection: &str) -> Vec<String> {
        let r = self.run(&["collection", "export", "--collection", collection]);
        ok(&r);
        r.stdout.lines().skip(1).map(str::to_string).collect()
    }
}

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl From<Output> for Run {
    fn from(o: Output) -> Run {
        Run {
            code: o.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        }
    }
}
