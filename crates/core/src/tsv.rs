//! The data files the core ships (the NetHack name tables, the 3.6 dialect
//! profiles, POWDER's names): plain text, one row a line, its columns
//! separated by tabs. Lines that begin with `#` are the file's header
//! (where its facts come from and what each column means); blank lines
//! are skipped. The files are compiled in (`include_str!`) and read on
//! first use.
//!
//! A row that cannot be read is a mistake of ours, not of a user: it is
//! named with its file and line, and the tests read every file, so that
//! such a mistake fails the tests rather than a run.

use std::fmt;
use std::ops::Deref;
use std::path::Path;
use std::str::FromStr;
use std::sync::OnceLock;

/// A data file compiled into the program.
#[derive(Clone, Copy, Debug)]
pub struct File {
    /// The path as `include_str!` was given it, relative to `origin`.
    pub path: &'static str,
    /// The source file that includes it (for messages).
    pub origin: &'static str,
    pub text: &'static str,
}

/// A [`File`] compiled in from `path`, relative to the source file that
/// names it (as `include_str!` reads it).
macro_rules! data_file {
    ($path:expr) => {
        $crate::tsv::File {
            path: $path,
            origin: file!(),
            text: include_str!($path),
        }
    };
}
pub(crate) use data_file;

/// A row that cannot be read: which file, which line, what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file's path from the workspace root.
    pub file: String,
    /// Counted from 1, header lines included: what an editor shows.
    pub line: usize,
    pub what: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, line {}: {}", self.file, self.line, self.what)
    }
}

/// The data rows of a text with their line numbers (from 1).
pub fn rows(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l))
}

/// A cell read as a number (`T`'s own syntax: decimal, a sign if signed).
pub fn number<T: FromStr>(cell: &str) -> Result<T, String> {
    cell.parse()
        .map_err(|_| format!("{cell:?} is not a {}", std::any::type_name::<T>()))
}

/// A cell that holds one symbol (one byte), or nothing: 0.
pub fn symbol(cell: &str) -> Result<u8, String> {
    match cell.as_bytes() {
        [] => Ok(0),
        [b] => Ok(*b),
        _ => Err(format!("{cell:?} is not one symbol")),
    }
}

impl File {
    pub fn problem(&self, line: usize, what: impl Into<String>) -> Problem {
        let file = match Path::new(self.origin).parent() {
            Some(dir) => dir.join(self.path).display().to_string(),
            None => self.path.to_string(),
        };
        Problem {
            file,
            line,
            what: what.into(),
        }
    }

    /// Every row, split into exactly `N` columns and read by `row`; the
    /// first row that does not read stops it.
    pub fn read<const N: usize, T>(
        &self,
        mut row: impl FnMut([&'static str; N]) -> Result<T, String>,
    ) -> Result<Vec<T>, Problem> {
        let mut out = Vec::new();
        for (line, text) in rows(self.text) {
            let cells = columns(text).map_err(|what| self.problem(line, what))?;
            out.push(row(cells).map_err(|what| self.problem(line, what))?);
        }
        Ok(out)
    }
}

/// A line cut at its tabs into exactly `N` cells.
fn columns<const N: usize>(line: &str) -> Result<[&str; N], String> {
    let mut cells = [""; N];
    let mut found = 0;
    for cell in line.split('\t') {
        if let Some(c) = cells.get_mut(found) {
            *c = cell;
        }
        found += 1;
    }
    if found == N {
        Ok(cells)
    } else {
        Err(format!("{found} columns where {N} were expected"))
    }
}

/// `name<TAB>number` rows, in file order.
pub fn named<T: FromStr>(file: &File) -> Result<Vec<(&'static str, T)>, Problem> {
    file.read(|[name, n]| Ok((name, number(n)?)))
}

/// `number<TAB>symbol` rows: a class and its symbol (0 when the cell is
/// empty: the class has none).
pub fn classes(file: &File) -> Result<Vec<(u8, u8)>, Problem> {
    file.read(|[n, s]| Ok((number(n)?, symbol(s)?)))
}

/// One number a row.
pub fn numbers<T: FromStr>(file: &File) -> Result<Vec<T>, Problem> {
    file.read(|[n]| number(n))
}

/// One word a row.
pub fn words(file: &File) -> Result<Vec<&'static str>, Problem> {
    file.read(|[w]| Ok(w))
}

/// The rows of a data file of ours, which must read (see the module's
/// comment); otherwise the panic names the file and the line.
pub fn expect<T>(read: Result<T, Problem>) -> T {
    read.unwrap_or_else(|p| panic!("a data file of the program is malformed: {p}"))
}

/// A table read from a data file on first use and kept. It derefs to its
/// rows, so that a `static` of it is used like the slice it replaced.
pub struct Table<T: 'static> {
    file: File,
    read: fn(&File) -> Result<Vec<T>, Problem>,
    rows: OnceLock<Vec<T>>,
}

impl<T> Table<T> {
    pub const fn new(file: File, read: fn(&File) -> Result<Vec<T>, Problem>) -> Table<T> {
        Table {
            file,
            read,
            rows: OnceLock::new(),
        }
    }

    pub fn rows(&self) -> &[T] {
        self.rows.get_or_init(|| expect((self.read)(&self.file)))
    }

    /// Reads the file afresh: what the test that every file reads calls.
    pub fn check(&self) -> Result<Vec<T>, Problem> {
        (self.read)(&self.file)
    }
}

impl<T> Deref for Table<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.rows()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &'static str) -> File {
        File {
            path: "data/test.tsv",
            origin: "crates/core/src/here.rs",
            text,
        }
    }

    #[test]
    fn header_and_blank_lines_are_skipped() {
        let f = file("# a header\n# of two lines\nant\t1\n\n  \nbee\t-2\n");
        assert_eq!(named::<i8>(&f), Ok(vec![("ant", 1), ("bee", -2)]));
        let f = file("# classes\n1\ta\n2\t\n3\t \n");
        assert_eq!(classes(&f), Ok(vec![(1, b'a'), (2, 0), (3, b' ')]));
        // An empty first cell is a value (an object without a name).
        assert_eq!(named::<u8>(&file("\t3\n")), Ok(vec![("", 3)]));
    }

    /// A malformed row is reported with the file (from the workspace
    /// root) and the line an editor shows, header lines counted.
    #[test]
    fn a_malformed_row_names_its_file_and_line() {
        let p = named::<u8>(&file("# header\nant\t1\nbee\t300\n")).unwrap_err();
        assert_eq!(
            p.to_string(),
            "crates/core/src/data/test.tsv, line 3: \"300\" is not a u8"
        );
        let p = named::<u8>(&file("# header\n\nant\t1\t2\n")).unwrap_err();
        assert_eq!(
            (p.line, p.what.as_str()),
            (3, "3 columns where 2 were expected")
        );
        let p = numbers::<u8>(&file("1\n2\tx\n")).unwrap_err();
        assert_eq!(p.line, 2);
        let p = classes(&file("1\tab\n")).unwrap_err();
        assert_eq!(p.what, "\"ab\" is not one symbol");
    }

    /// `data_file!` records the including source file, so that a
    /// problem's path leads to the data file from the workspace root.
    #[test]
    fn a_data_file_is_named_from_the_workspace_root() {
        let f = data_file!("nethack/data/nethack-3.4.3/traps.tsv");
        assert!(f.text.starts_with("# lev_comp NetHack 3.4.3 trap names"));
        let p = f.problem(3, "x");
        assert!(
            p.file.ends_with("src/nethack/data/nethack-3.4.3/traps.tsv"),
            "{p}"
        );
    }

    #[test]
    #[should_panic(expected = "crates/core/src/data/test.tsv, line 1: \"x\" is not a u8")]
    fn a_table_that_does_not_read_panics_with_file_and_line() {
        static BAD: Table<u8> = Table::new(
            File {
                path: "data/test.tsv",
                origin: "crates/core/src/here.rs",
                text: "x\n",
            },
            numbers,
        );
        let _ = BAD.len();
    }
}
