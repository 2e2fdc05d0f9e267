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
        let mut cmd = assert_cmd::Command::cargo_bin("yj").expect("yj binary");
        cmd.current_dir(self.dir.path())
            .env("YJ_DB", self.db())
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
