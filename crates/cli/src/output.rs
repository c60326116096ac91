//! Where results go: standard output through one checked writer, files
//! replaced whole or not at all, a drop-in's messages on standard error.

use std::fs::{OpenOptions, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Standard output: a closed pipe ends quietly, another failure is an I/O
/// error (exit 2).
pub fn stdout(bytes: &[u8]) -> Result<(), ExitCode> {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("error: cannot write standard output: {e}");
            Err(ExitCode::from(2))
        }
    }
}

/// A drop-in's messages on standard error, in one write.
pub fn stderr_lines(lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    let mut text = lines.join("\n");
    text.push('\n');
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// Replaces `path` with `bytes` so that a reader (the game) only ever sees
/// the old file or the whole new one: the bytes go to a temporary file in
/// the same directory, which is then renamed over `path`. When anything
/// fails the temporary file is removed and `path` is left as it was; a full
/// disk no longer leaves a truncated `.lev`. The old file's permissions are
/// kept, and a symbolic link is followed, so the file it names is replaced.
pub fn replace_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let path = follow_link(path);
    let temp = temporary_beside(&path)?;
    let permissions = std::fs::metadata(&path).ok().map(|m| m.permissions());
    let result =
        write_whole(&temp, bytes, permissions).and_then(|()| std::fs::rename(&temp, &path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// Writes `bytes` into `path` in place, as the original compilers do:
/// the file is opened without truncating, written, then cut to the new
/// length. Unlike [`replace_file`] a reader could see a half-written file,
/// but an existing file's blocks are reused instead of freed: freeing them
/// (the rename's job) cost more than compiling a small level, measured.
pub fn write_in_place(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    file.write_all(bytes)?;
    file.set_len(bytes.len() as u64)
}

/// Adds `bytes` at the end of `path`, creating it if need be.
pub fn append(path: &Path, bytes: &[u8]) -> io::Result<()> {
    OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)?
        .write_all(bytes)
}

/// The items of `files` that no later item of the same name replaces, in
/// order: a run that writes one name several times (a file whose levels
/// share a name) writes the last version once, which leaves the same files
/// and spares the file system a replacement per duplicate.
pub fn last_of_each_name<T>(files: &[T], name: impl Fn(&T) -> &str) -> Vec<&T> {
    let mut seen = std::collections::HashSet::new();
    let mut last: Vec<&T> = files
        .iter()
        .rev()
        .filter(|f| seen.insert(name(f)))
        .collect();
    last.reverse();
    last
}

fn follow_link(path: &Path) -> PathBuf {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if is_link {
        if let Ok(target) = std::fs::canonicalize(path) {
            return target;
        }
    }
    path.to_path_buf()
}

/// `.NAME.PID.tmp` beside `path`: hidden, and unique to this process.
fn temporary_beside(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("`{}` does not name a file", path.display()),
        )
    })?;
    let temp = format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id());
    Ok(path.with_file_name(temp))
}

fn write_whole(temp: &Path, bytes: &[u8], permissions: Option<Permissions>) -> io::Result<()> {
    let mut file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(temp)?;
    file.write_all(bytes)?;
    if let Some(p) = permissions {
        file.set_permissions(p)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("vw-output-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn only_the_last_version_of_each_name_is_written() {
        let files = [("a", 1), ("b", 2), ("a", 3), ("c", 4), ("b", 5)];
        let kept: Vec<_> = last_of_each_name(&files, |f| f.0)
            .into_iter()
            .copied()
            .collect();
        assert_eq!(kept, [("a", 3), ("c", 4), ("b", 5)]);
    }

    #[test]
    fn a_longer_file_is_replaced_whole() {
        let dir = scratch("replace");
        let path = dir.join("x.lev");
        std::fs::write(&path, b"old contents, longer").unwrap();
        replace_file(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        assert_eq!(entries(&dir), ["x.lev"], "no temporary file is left");
    }

    #[test]
    fn a_failed_replacement_leaves_nothing_behind() {
        // A directory where the file should go: the rename fails after the
        // bytes were written, and the temporary file must go.
        let dir = scratch("fail");
        std::fs::create_dir(dir.join("x.lev")).unwrap();
        std::fs::write(dir.join("x.lev/inside"), b"kept").unwrap();
        assert!(replace_file(&dir.join("x.lev"), b"new").is_err());
        assert_eq!(entries(&dir), ["x.lev"]);
        assert_eq!(std::fs::read(dir.join("x.lev/inside")).unwrap(), b"kept");
    }

    #[cfg(unix)]
    #[test]
    fn permissions_and_links_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("perm");
        let real = dir.join("real.lev");
        std::fs::write(&real, b"old").unwrap();
        std::fs::set_permissions(&real, Permissions::from_mode(0o640)).unwrap();
        std::os::unix::fs::symlink(&real, dir.join("link.lev")).unwrap();
        replace_file(&dir.join("link.lev"), b"new").unwrap();
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        assert!(std::fs::symlink_metadata(dir.join("link.lev"))
            .unwrap()
            .file_type()
            .is_symlink());
        let mode = std::fs::metadata(&real).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }
}
