//! Where an output file goes, and writing it there: a regular file (or a new one) is replaced
//! whole through a temporary file and a rename, so a failed write never leaves half a file;
//! a device, a pipe or a socket (`/dev/null`, `/dev/stdout` into a pipe, a named pipe) is
//! written through, never replaced and never read; a symbolic link is followed, so the file
//! it points at is replaced and the link stays.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::error::CollectionError;

/// An output path, looked at before anything is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// A regular file, or no file yet: `path` is where the file is (a link's target).
    File { path: PathBuf, exists: bool },
    /// A device, pipe or socket: written through as it is.
    Stream { path: PathBuf },
}

impl Destination {
    /// Looks at `path` without opening it (opening a pipe would wait for a writer). The
    /// kernel follows links to say what `path` is: `/dev/stdout` is a link to a pipe that has
    /// no name of its own, so a stream is written by the path as given; only a regular file's
    /// links are followed here, to find the file to replace.
    pub fn of(path: &Path) -> Result<Destination, CollectionError> {
        // The process's own output (`-o /dev/stdout` redirected to a file) is written
        // through whatever it is: the shell has opened it already.
        if ["/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/self/fd/"]
            .iter()
            .any(|p| path.starts_with(p))
        {
            return Ok(Destination::Stream {
                path: path.to_path_buf(),
            });
        }
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => Err(CollectionError::Input(format!(
                "`{}` is a folder; give a file name",
                path.display()
            ))),
            Ok(meta) if meta.is_file() => Ok(Destination::File {
                path: follow_links(path)?,
                exists: true,
            }),
            Ok(_) => Ok(Destination::Stream {
                path: path.to_path_buf(),
            }),
            // No file yet, or a link to where one will be.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Destination::File {
                path: follow_links(path)?,
                exists: false,
            }),
            Err(e) => Err(CollectionError::io(
                format!("cannot look at `{}`", path.display()),
                e,
            )),
        }
    }

    /// The path written: a link's target, or the path itself.
    pub fn path(&self) -> &Path {
        match self {
            Destination::File { path, .. } | Destination::Stream { path } => path,
        }
    }

    /// Whether this is an existing regular file (the only kind that is ever read or replaced).
    pub fn is_existing_file(&self) -> bool {
        matches!(self, Destination::File { exists: true, .. })
    }

    /// Writes `bytes` whole: a regular file through a temporary file beside it and a rename
    /// (keeping the permissions of the file it replaces), a stream straight through.
    pub fn write(&self, shown: &Path, bytes: &[u8]) -> Result<(), CollectionError> {
        let fail = |e| CollectionError::io(format!("cannot write `{}`", shown.display()), e);
        match self {
            Destination::Stream { path } => {
                let mut f = std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(fail)?;
                f.write_all(bytes).and_then(|()| f.flush()).map_err(fail)
            }
            Destination::File { path, exists } => {
                let tmp = partial(path)?;
                let result = (|| {
                    let mut f = std::fs::File::create(&tmp)?;
                    f.write_all(bytes)?;
                    f.sync_all()?;
                    if *exists {
                        let perms = std::fs::metadata(path)?.permissions();
                        std::fs::set_permissions(&tmp, perms)?;
                    }
                    std::fs::rename(&tmp, path)
                })();
                if result.is_err() {
                    let _ = std::fs::remove_file(&tmp);
                }
                result.map_err(fail)
            }
        }
    }
}

/// The temporary name a file is written under before it is renamed to `path`.
pub fn partial(path: &Path) -> Result<PathBuf, CollectionError> {
    let name = path.file_name().ok_or_else(|| {
        CollectionError::Input(format!("`{}` is not a file name", path.display()))
    })?;
    Ok(path.with_file_name(format!(".{}.partial", name.to_string_lossy())))
}

/// The file a chain of symbolic links ends at (which need not exist yet).
fn follow_links(path: &Path) -> Result<PathBuf, CollectionError> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current).map_err(|e| {
                    CollectionError::io(format!("cannot read the link `{}`", path.display()), e)
                })?;
                current = match current.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(CollectionError::Input(format!(
        "`{}` is a chain of more than 40 links (a loop?)",
        path.display()
    )))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn devices_are_streams_links_are_followed_and_files_are_replaced() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            Destination::of(Path::new("/dev/null")).unwrap(),
            Destination::Stream {
                path: "/dev/null".into()
            }
        );
        let file = dir.path().join("out.csv");
        let d = Destination::of(&file).unwrap();
        assert!(!d.is_existing_file());
        d.write(&file, b"one").unwrap();
        let link = dir.path().join("link.csv");
        std::os::unix::fs::symlink("out.csv", &link).unwrap();
        let d = Destination::of(&link).unwrap();
        assert_eq!(
            d,
            Destination::File {
                path: file.clone(),
                exists: true
            }
        );
        d.write(&link, b"two").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&file).unwrap(), b"two");
        let err = Destination::of(dir.path()).unwrap_err().to_string();
        assert!(err.contains("is a folder"), "{err}");
    }
}
