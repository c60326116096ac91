//! Folder walks and file reads that do not trust the folder: the one walk
//! `check DIR` and the language server's workspace share.
//!
//! It exists because a folder is input like any other. Two symlinks to
//! `.` made the old walks loop for ever (or, depth-limited, multiply the
//! work eightfold per level), a `*.des` symlink to `/dev/zero` was read
//! until memory ran out, and a FIFO named `*.des` blocked the reader for
//! ever. Here every real directory is entered once (a set of canonical
//! paths), only regular files are opened (their type is read from the
//! metadata of what a link resolves to, *before* opening), and no read
//! takes more than [`MAX_FILE_BYTES`], even of a file that grows while it
//! is read.

use std::collections::HashSet;
use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The most bytes of one file read: far above any level file (the
/// largest DCSS vault file is under 1 MiB), far below what exhausts
/// memory.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// What a walk keeps and how far it goes.
pub struct Rules<'a> {
    /// A file (by its path) the caller wants.
    pub wanted: &'a dyn Fn(&Path) -> bool,
    /// An entry (by its name) neither listed nor entered.
    pub skipped: &'a dyn Fn(&str) -> bool,
    /// Directories below the root entered (the root is depth 0).
    pub max_depth: usize,
    /// The walk stops once it has listed this many files.
    pub max_files: usize,
}

/// A wanted name that is not a regular file (a FIFO, a device, a
/// socket, a broken link): never opened, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub path: PathBuf,
    pub why: String,
}

/// The walk's answer: the wanted regular files in sorted order (a
/// directory's entries sorted, each directory listed where it sorts),
/// and the wanted names it refused to open.
#[derive(Debug, Default)]
pub struct Walked {
    pub files: Vec<PathBuf>,
    pub refused: Vec<Refused>,
}

/// Lists the wanted files below `root`, following each symlink to a
/// directory only when its real directory has not been entered yet.
pub fn walk(root: &Path, rules: &Rules) -> Walked {
    let mut walked = Walked::default();
    let mut entered = HashSet::new();
    if let Ok(real) = std::fs::canonicalize(root) {
        entered.insert(real);
    }
    // Depth-first with each directory's entries sorted: the order a
    // sort of the whole list gives (paths compare component-wise), so a
    // capped walk keeps the first files of that order.
    let mut stack = vec![(0, sorted_entries(root).into_iter())];
    while let Some((depth, entries)) = stack.last_mut() {
        let depth = *depth;
        let Some(path) = entries.next() else {
            stack.pop();
            continue;
        };
        if walked.files.len() >= rules.max_files {
            break;
        }
        match visit(&path, rules, depth, &mut entered, &mut walked) {
            Some(dir) => stack.push((depth + 1, sorted_entries(&dir).into_iter())),
            None => continue,
        }
    }
    walked
}

/// One entry: a wanted regular file is listed, a wanted name of another
/// kind refused; a directory not entered before is returned to enter.
fn visit(
    path: &Path,
    rules: &Rules,
    depth: usize,
    entered: &mut HashSet<PathBuf>,
    walked: &mut Walked,
) -> Option<PathBuf> {
    let name = path.file_name()?.to_string_lossy();
    if (rules.skipped)(&name) {
        return None;
    }
    // The link's target's metadata: a link to /dev/zero is a device.
    let meta = std::fs::metadata(path);
    if let Ok(m) = &meta {
        if m.is_dir() {
            let real = std::fs::canonicalize(path).ok()?;
            let new = depth < rules.max_depth && entered.insert(real);
            return new.then(|| path.to_path_buf());
        }
    }
    if !(rules.wanted)(path) {
        return None;
    }
    match meta.map_err(|e| e.to_string()).and_then(|m| regular(&m)) {
        Ok(()) => walked.files.push(path.to_path_buf()),
        Err(why) => walked.refused.push(Refused {
            path: path.to_path_buf(),
            why,
        }),
    }
    None
}

/// A directory's entries, sorted; none when it cannot be read.
fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    paths
}

/// Whether a file may be opened and read to its end: a FIFO blocks the
/// reader, a device never ends. A directory is left to the open, whose
/// own error says what it is.
fn regular(meta: &Metadata) -> Result<(), String> {
    refuse_special(meta, "read").map_err(|e| e.to_string())
}

/// An error when `meta` is a FIFO, a socket or a device (opening a FIFO
/// blocks until a writer comes, a device's bytes never end), naming what
/// it is and what was not done (`"read"`, `"written"`).
pub fn refuse_special(meta: &Metadata, not_done: &str) -> io::Result<()> {
    let kind = meta.file_type();
    if kind.is_file() || kind.is_dir() {
        return Ok(());
    }
    Err(io::Error::other(format!(
        "{}, not a regular file; not {not_done}",
        kind_name(meta)
    )))
}

#[cfg(unix)]
fn kind_name(meta: &Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn kind_name(_meta: &Metadata) -> &'static str {
    "a special file"
}

/// Reads a file whole, when it is a regular file of at most
/// [`MAX_FILE_BYTES`]: its type is checked before it is opened (opening a
/// FIFO blocks) and again on the open file (the name may have been
/// replaced between), and the read stops one byte past the cap.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    refuse_special(&std::fs::metadata(path)?, "read")?;
    let file = File::open(path)?;
    let meta = file.metadata()?;
    refuse_special(&meta, "read")?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large());
    }
    let capacity = usize::try_from(meta.len()).unwrap_or(0);
    read_capped(file, capacity)
}

/// All of a stream up to [`MAX_FILE_BYTES`] (standard input, an open
/// file): one byte past the cap is an error, so a stream that never ends
/// or a file that grows while read cannot exhaust memory.
pub fn read_capped(stream: impl Read, capacity: usize) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(capacity);
    stream.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

/// A file read as text: invalid UTF-8 replaced, never a panic.
pub fn read_text(path: &Path) -> io::Result<String> {
    read(path).map(|bytes| {
        String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    })
}

/// A file that must be UTF-8 (a names file): as `read_to_string`, capped.
pub fn read_utf8(path: &Path) -> io::Result<String> {
    String::from_utf8(read(path)?).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

fn too_large() -> io::Error {
    io::Error::other(format!(
        "larger than {} MiB, the most read of one file or stream; not read",
        MAX_FILE_BYTES / (1024 * 1024)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("vw-walk-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    }

    fn des(path: &Path) -> bool {
        path.extension().is_some_and(|x| x == "des")
    }

    fn rules<'a>(wanted: &'a dyn Fn(&Path) -> bool) -> Rules<'a> {
        Rules {
            wanted,
            skipped: &|_| false,
            max_depth: usize::MAX,
            max_files: usize::MAX,
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_loop_is_walked_once_and_special_files_are_refused() {
        let dir = scratch("loop");
        std::fs::write(dir.join("ok.des"), "MAZE:\"ok\",' '\n").expect("written");
        std::os::unix::fs::symlink(".", dir.join("a")).expect("a link");
        std::os::unix::fs::symlink(".", dir.join("b")).expect("a link");
        std::os::unix::fs::symlink("/dev/zero", dir.join("x.des")).expect("a link");
        let fifo = std::process::Command::new("mkfifo")
            .arg(dir.join("y.des"))
            .status();
        let started = std::time::Instant::now();
        let walked = walk(&dir, &rules(&des));
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert_eq!(walked.files, vec![dir.join("ok.des")]);
        let refused: Vec<&str> = walked.refused.iter().map(|r| r.why.as_str()).collect();
        assert!(refused.contains(&"a character device, not a regular file; not read"));
        if fifo.is_ok_and(|s| s.success()) {
            assert!(refused.contains(&"a FIFO, not a regular file; not read"));
            let err = read(&dir.join("y.des")).expect_err("a FIFO is not read");
            assert!(err.to_string().contains("FIFO"), "{err}");
        }
        let err = read(&dir.join("x.des")).expect_err("a device is not read");
        assert!(err.to_string().contains("character device"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_past_the_cap_is_refused_with_the_cap_named() {
        let dir = scratch("cap");
        let big = dir.join("big.des");
        let file = File::create(&big).expect("created");
        file.set_len(MAX_FILE_BYTES + 1).expect("sized");
        let err = read(&big).expect_err("too large");
        assert!(err.to_string().contains("64 MiB"), "{err}");
        file.set_len(MAX_FILE_BYTES).expect("sized");
        assert_eq!(
            read(&big).map(|b| b.len() as u64).ok(),
            Some(MAX_FILE_BYTES)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn depth_and_count_caps_keep_the_first_files_in_order() {
        let dir = scratch("caps");
        for sub in ["a", "a/b", "c"] {
            std::fs::create_dir_all(dir.join(sub)).expect("a folder");
        }
        for f in ["a/1.des", "a/b/2.des", "c/3.des", "0.des", "a-b.des"] {
            std::fs::write(dir.join(f), "").expect("written");
        }
        let all = walk(&dir, &rules(&des)).files;
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(all, sorted);
        assert_eq!(all.len(), 5);
        let shallow = Rules {
            max_depth: 1,
            max_files: 3,
            ..rules(&des)
        };
        let names: Vec<PathBuf> = walk(&dir, &shallow).files;
        assert_eq!(
            names,
            vec![dir.join("0.des"), dir.join("a/1.des"), dir.join("a-b.des")]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
