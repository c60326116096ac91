//! Where results go: standard output through one checked writer, files
//! replaced whole or not at all, a drop-in's messages on standard error.
//!
//! Standard output: a full device is exit 2, a closed pipe ends quietly.
//!
//! Files: one write policy for every file any command writes
//! (`write_file`). A file whose bytes are already right is left in place
//! with its time set to now (a rebuild's usual case: replacing it cost more
//! than compiling it, as the file system frees the old blocks and ext4
//! flushes at the rename); any other is written beside and renamed over
//! (the temporary removed on failure), so a reader sees the old file or the
//! whole new one. Every name from an input goes through `Inputs::write`: a
//! name that is not a plain file name (`file_name::problem`) or a file that
//! is one of the command's inputs (same device and inode, through links
//! too) is refused, exit 2.

use std::fs::{OpenOptions, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use vaultwright::file_name;

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

/// Why a file was not written.
pub enum WriteFailure {
    /// The name leaves the folder, or the file is one of the inputs: the
    /// command's own error (exit 2); the message says which.
    Refused(String),
    /// The file system said no.
    Io(io::Error),
}

impl std::fmt::Display for WriteFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteFailure::Refused(why) => f.write_str(why),
            WriteFailure::Io(e) => e.fmt(f),
        }
    }
}

impl From<io::Error> for WriteFailure {
    fn from(e: io::Error) -> Self {
        WriteFailure::Io(e)
    }
}

/// Writes `bytes` as `path`, the one way every command writes a file:
///
/// - **never over an input**: a file that is one of `inputs` (the same
///   file under any name) is refused;
/// - **safe**: a reader (the game) only ever sees the old file or the
///   whole new one, and a full disk loses nothing: new bytes go to a
///   temporary file in the same folder, which is then renamed over `path`
///   (a new file too, so it is named only once whole); when anything
///   fails the temporary file is removed and `path` is left as it was;
/// - **fast** where a build runs again: a file whose bytes are already
///   right is left as it is, only its modification time set to now (so
///   `make` sees it as new). Replacing it would cost more than compiling
///   it: the file system frees the old file's blocks and, on ext4, flushes
///   the new one at the rename.
///
/// The old file's permissions are kept, and a symbolic link is followed,
/// so the file it names is the one replaced.
pub fn write_file(path: &Path, bytes: &[u8], inputs: &Inputs) -> Result<(), WriteFailure> {
    let mut permissions = None;
    // Opening a FIFO to compare its bytes would wait for a writer for
    // ever; a device is not a level file to replace.
    if let Ok(meta) = std::fs::metadata(path) {
        vaultwright::walk::refuse_special(&meta, "written")?;
    }
    match std::fs::File::open(path) {
        Ok(file) => {
            let meta = file.metadata()?;
            inputs.refuse(path, &meta)?;
            if meta.is_file() && meta.len() == bytes.len() as u64 && same_bytes(&file, bytes)? {
                // Not the owner: the time cannot be set, so it is written anew.
                if file.set_modified(std::time::SystemTime::now()).is_ok() {
                    return Ok(());
                }
            }
            permissions = Some(meta.permissions());
        }
        // Nothing there (or a link to nothing, which is itself replaced):
        // named only once whole, through a temporary name. (Writing it
        // unnamed with O_TMPFILE and linking it in, or creating it in
        // place, measured within 5% of this on ext4.)
        Err(e) if e.kind() == io::ErrorKind::NotFound => return replace(path, bytes, None),
        // There but unreadable: it may still be an input.
        Err(_) => {
            if let Ok(meta) = std::fs::metadata(path) {
                inputs.refuse(path, &meta)?;
            }
        }
    }
    replace(&follow_link(path), bytes, permissions)
}

/// `bytes` written beside `path` and renamed over it; the temporary file
/// removed when anything fails.
fn replace(
    path: &Path,
    bytes: &[u8],
    permissions: Option<Permissions>,
) -> Result<(), WriteFailure> {
    let temp = temporary_beside(path)?;
    let result = write_whole(&temp, bytes, permissions).and_then(|()| std::fs::rename(&temp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    Ok(result?)
}

/// A command's write of a file named by an input (see [`write_file`]): a
/// refusal is printed and ends the command with exit 2; an I/O failure goes
/// to `failed`, which prints the command's own words and gives its status.
pub fn write_or_exit(
    inputs: &Inputs,
    dir: &Path,
    name: &str,
    bytes: &[u8],
    failed: impl FnOnce(&io::Error) -> ExitCode,
) -> Result<PathBuf, ExitCode> {
    match inputs.write(dir, name, bytes) {
        Ok(dest) => Ok(dest),
        Err(WriteFailure::Refused(why)) => {
            eprintln!("{why}");
            Err(ExitCode::from(2))
        }
        Err(WriteFailure::Io(e)) => Err(failed(&e)),
    }
}

/// Whether `file`, which its metadata says is as long as `bytes`, holds
/// `bytes` (one read of that length).
fn same_bytes(mut file: &std::fs::File, bytes: &[u8]) -> io::Result<bool> {
    use std::io::Read;
    let mut found = vec![0; bytes.len()];
    match file.read_exact(&mut found) {
        Ok(()) => Ok(found == bytes),
        // Shorter than it said: cut meanwhile, so not the same.
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(false),
        Err(e) => Err(e),
    }
}

/// The files a command reads. Nothing it writes may be one of them: a
/// compiled file named like its source (RLG327's `monsters.txt` compiled in
/// its own folder) would replace the user's only copy.
#[derive(Default)]
pub struct Inputs {
    files: Vec<(PathBuf, FileId)>,
}

impl Inputs {
    pub fn new<'a>(paths: impl IntoIterator<Item = &'a Path>) -> Inputs {
        Inputs {
            files: paths
                .into_iter()
                .filter_map(|p| Some((p.to_path_buf(), FileId::of_path(p)?)))
                .collect(),
        }
    }

    /// Writes a file named `name` by an input into `dir` (see
    /// [`write_file`]); returns where it went.
    pub fn write(&self, dir: &Path, name: &str, bytes: &[u8]) -> Result<PathBuf, WriteFailure> {
        let dest = inside(dir, name).map_err(WriteFailure::Refused)?;
        write_file(&dest, bytes, self)?;
        Ok(dest)
    }

    /// Refuses `path` when it is an input (a file appended to, say).
    pub fn refuse_path(&self, path: &Path) -> Result<(), WriteFailure> {
        match std::fs::metadata(path) {
            Ok(meta) => self.refuse(path, &meta),
            Err(_) => Ok(()),
        }
    }

    /// Refuses `dest` (whose metadata is `meta`) when it is an input.
    fn refuse(&self, dest: &Path, meta: &std::fs::Metadata) -> Result<(), WriteFailure> {
        let id = FileId::of(dest, meta);
        match self
            .files
            .iter()
            .find(|(_, input)| Some(input) == id.as_ref())
        {
            Some((input, _)) => Err(WriteFailure::Refused(format!(
                "error: `{}` would be written over the input `{}`; nothing was written \
                 (write the output to another folder)",
                dest.display(),
                input.display()
            ))),
            None => Ok(()),
        }
    }
}

/// What makes a file the same file under any name: its device and inode
/// on Unix, its canonical path elsewhere.
#[derive(PartialEq, Eq)]
struct FileId(#[cfg(unix)] (u64, u64), #[cfg(not(unix))] PathBuf);

impl FileId {
    fn of(path: &Path, meta: &std::fs::Metadata) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let _ = path;
            Some(FileId((meta.dev(), meta.ino())))
        }
        #[cfg(not(unix))]
        {
            let _ = meta;
            std::fs::canonicalize(path).ok().map(FileId)
        }
    }

    fn of_path(path: &Path) -> Option<FileId> {
        FileId::of(path, &std::fs::metadata(path).ok()?)
    }
}

/// Where a file named by the input goes: `name` inside `dir`, or why it
/// cannot go there (a name that would leave the folder). The core refuses
/// such names already; this is the writer's own check.
fn inside(dir: &Path, name: &str) -> Result<PathBuf, String> {
    match vaultwright::file_name::problem(name) {
        None => Ok(dir.join(name)),
        Some(why) => Err(format!(
            "error: refusing to write `{}`: {why}",
            vaultwright::file_name::shown(name)
        )),
    }
}

/// Adds `bytes` at the end of `path`, creating it if need be.
pub fn append(path: &Path, bytes: &[u8]) -> io::Result<()> {
    OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)?
        .write_all(bytes)
}

/// Two names of one run's outputs that would be one file: equal, or equal
/// but for case (one file on Windows and macOS). Two levels of one name
/// would otherwise overwrite each other without a word.
pub fn clashing_name<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<(&'a str, &'a str)> {
    let mut seen: std::collections::HashMap<String, &str> = std::collections::HashMap::new();
    for name in names {
        if let Some(first) = seen.insert(name.to_lowercase(), name) {
            return Some((first, name));
        }
    }
    None
}

/// The message for a clash `clashing_name` found.
pub fn clash_message(source: &Path, (first, second): (&str, &str)) -> String {
    let what = if first == second {
        format!("two outputs are named `{}`", file_name::shown(first))
    } else {
        format!(
            "`{}` and `{}` differ only in case, one file on Windows and macOS",
            file_name::shown(first),
            file_name::shown(second)
        )
    };
    format!(
        "error: {}: {what}: one would overwrite the other; nothing was written (rename one level)",
        source.display()
    )
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
    static PID: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    let pid = PID.get_or_init(std::process::id);
    let temp = format!(".{}.{pid}.tmp", name.to_string_lossy());
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

    /// The output's name taken by a FIFO: refused at once, where opening
    /// it to compare its bytes waited for a writer for ever.
    #[cfg(unix)]
    #[test]
    fn a_fifo_in_the_output_s_place_is_refused_not_opened() {
        let dir = scratch("fifo");
        let path = dir.join("x.lev");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        let started = std::time::Instant::now();
        let written = write_file(&path, b"new", &Inputs::default());
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        let Err(WriteFailure::Io(e)) = written else {
            panic!("refused");
        };
        assert_eq!(e.to_string(), "a FIFO, not a regular file; not written");
        assert_eq!(entries(&dir), ["x.lev"]);
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
        write_file(&path, b"new", &Inputs::default()).ok().unwrap();
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
        assert!(write_file(&dir.join("x.lev"), b"new", &Inputs::default()).is_err());
        assert_eq!(entries(&dir), ["x.lev"]);
        assert_eq!(std::fs::read(dir.join("x.lev/inside")).unwrap(), b"kept");
    }

    #[cfg(unix)]
    #[test]
    fn a_file_already_right_is_left_in_place_and_touched() {
        use std::os::unix::fs::MetadataExt;
        let dir = scratch("same");
        let path = dir.join("x.lev");
        std::fs::write(&path, b"same bytes").unwrap();
        let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(old)
            .unwrap();
        let before = std::fs::metadata(&path).unwrap();
        write_file(&path, b"same bytes", &Inputs::default())
            .ok()
            .unwrap();
        let after = std::fs::metadata(&path).unwrap();
        assert_eq!(after.ino(), before.ino(), "the same file, not a new one");
        assert!(after.modified().unwrap() > old, "its time is now");
        // Other bytes of the same length: a new file, renamed over.
        write_file(&path, b"SAME BYTES", &Inputs::default())
            .ok()
            .unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"SAME BYTES");
        assert_ne!(std::fs::metadata(&path).unwrap().ino(), before.ino());
        assert_eq!(entries(&dir), ["x.lev"], "no temporary file is left");
    }

    #[cfg(unix)]
    #[test]
    fn an_input_is_never_an_output_under_any_name() {
        let dir = scratch("inputs");
        let input = dir.join("monsters.txt");
        std::fs::write(&input, b"source").unwrap();
        std::os::unix::fs::symlink(&input, dir.join("link.txt")).unwrap();
        let inputs = Inputs::new([input.as_path()]);
        let refused = |name: &str| match inputs.write(&dir, name, b"output") {
            Err(WriteFailure::Refused(why)) => why,
            _ => panic!("{name} was written"),
        };
        assert!(refused("monsters.txt").contains("over the input"));
        assert!(refused("link.txt").contains("over the input"));
        assert_eq!(std::fs::read(&input).unwrap(), b"source");
        assert!(inputs.write(&dir, "other.txt", b"output").is_ok());
        assert!(refused("../x.lev").contains("path separator"));
        assert!(refused("/tmp/x.lev").contains("path separator"));
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
        write_file(&dir.join("link.lev"), b"new", &Inputs::default())
            .ok()
            .unwrap();
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        assert!(std::fs::symlink_metadata(dir.join("link.lev"))
            .unwrap()
            .file_type()
            .is_symlink());
        let mode = std::fs::metadata(&real).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }
}
