//! What the server holds: the open documents (text, version, an
//! `Analyzer` that keeps what can be reused between keystrokes, the last
//! analysis) and the DCSS files of the workspace folder, which are
//! checked together as one set (subvault tags and vault names resolve
//! across files) when the user pauses.

use std::collections::BTreeMap;
use std::path::Path;

use lsp_types::{TextDocumentContentChangeEvent, Url};
use vaultwright::service::Document;
use vaultwright::walk;
use vaultwright::{detect_language, Analysis, Analyzer, Diagnostic, Language, Options};

use crate::position::Lines;

/// More files than a vault folder holds: a folder this big is not one.
const MAX_FOLDER_FILES: usize = 5000;

pub struct Doc {
    pub text: String,
    pub version: i32,
    pub language: Option<Language>,
    analyzer: Analyzer,
    pub analysis: Option<Analysis>,
}

/// A DCSS file of the folder that is not open: its text on disk and its
/// analysis from the last set check.
pub struct FolderFile {
    pub text: String,
    pub analysis: Analysis,
}

pub struct Workspace {
    pub options: Options,
    pub open: BTreeMap<Url, Doc>,
    pub folder: BTreeMap<Url, FolderFile>,
    /// A DCSS file changed since the set was last checked.
    pub set_dirty: bool,
}

impl Workspace {
    pub fn new(options: Options) -> Workspace {
        Workspace {
            options,
            open: BTreeMap::new(),
            folder: BTreeMap::new(),
            set_dirty: false,
        }
    }

    /// Reads the folder's DCSS vault files (the set a vault's subvaults
    /// are looked for in); says which `.des` files were not read and why
    /// (a FIFO, a device, a file over the cap), for the user to be told.
    pub fn read_folder(&mut self, root: &Path) -> Option<String> {
        let walked = collect_des(root);
        let mut unread: Vec<String> = walked
            .refused
            .iter()
            .map(|r| format!("{}: {}", r.path.display(), r.why))
            .collect();
        for path in walked.files {
            let text = match walk::read_text(&path) {
                Ok(text) => text,
                Err(e) => {
                    unread.push(format!("{}: {e}", path.display()));
                    continue;
                }
            };
            let is_dcss =
                detect_language(&path.to_string_lossy(), &text) == Some(Language::DcssDes);
            if let (true, Ok(url)) = (is_dcss, Url::from_file_path(&path)) {
                let analysis = Analysis::empty(Language::DcssDes);
                self.folder.insert(url, FolderFile { text, analysis });
            }
        }
        self.set_dirty = !self.folder.is_empty();
        unread_message(&unread)
    }

    /// Opens a document: in the language the client names when it is one
    /// of ours (the user chose it), else the one its name and text show.
    pub fn open(&mut self, url: Url, language_id: &str, text: String, version: i32) {
        let language =
            Language::from_name(language_id).or_else(|| detect_language(url.path(), &text));
        let doc = Doc {
            text,
            version,
            language,
            analyzer: Analyzer::new(),
            analysis: None,
        };
        self.open.insert(url.clone(), doc);
        self.analyze(&url);
    }

    /// Applies the client's changes in order (ranges or whole texts).
    pub fn change(
        &mut self,
        url: &Url,
        changes: Vec<TextDocumentContentChangeEvent>,
        version: i32,
    ) {
        let Some(doc) = self.open.get_mut(url) else {
            return;
        };
        for change in changes {
            match change.range {
                Some(range) => {
                    let span = Lines::new(&doc.text).span(range);
                    doc.text.replace_range(span.range(), &change.text);
                }
                None => doc.text = change.text,
            }
        }
        doc.version = version;
        self.analyze(url);
    }

    pub fn close(&mut self, url: &Url) {
        if let Some(doc) = self.open.remove(url) {
            if self.folder.contains_key(url) {
                // Back to what is on disk; the set is checked again.
                if let Some(text) = url
                    .to_file_path()
                    .ok()
                    .and_then(|p| walk::read_text(&p).ok())
                {
                    if let Some(f) = self.folder.get_mut(url) {
                        f.text = text;
                    }
                }
                self.set_dirty = true;
            }
            drop(doc);
        }
    }

    fn analyze(&mut self, url: &Url) {
        // No views (the editor draws none), but the tokens, which a
        // DCSS reading keeps only when views are wanted: views of an entry
        // that does not exist.
        let Some(doc) = self.open.get_mut(url) else {
            return;
        };
        let options = Options {
            focus: Some(usize::MAX),
            file_name: file_name(url),
            ..self.options.clone()
        };
        let options = match doc.language {
            Some(Language::DcssDes) => with_library_beside(options, url),
            _ => options,
        };
        doc.analysis = doc
            .language
            .map(|l| doc.analyzer.analyze(&doc.text, l, &options));
        if doc.language == Some(Language::DcssDes) && !self.folder.is_empty() {
            self.set_dirty = true;
        }
    }

    /// Reads the folder's closed files again: a rename's edits are
    /// computed on what is on disk now (a `git pull` may have changed it).
    pub fn refresh_closed_files(&mut self) {
        for (url, file) in self.folder.iter_mut() {
            if self.open.contains_key(url) {
                continue;
            }
            let now = url
                .to_file_path()
                .ok()
                .and_then(|p| walk::read_text(&p).ok());
            if let Some(text) = now {
                if text != file.text {
                    file.text = text;
                    self.set_dirty = true;
                }
            }
        }
    }

    /// The files a service question about `url` is asked over: the
    /// document first, then the other files of its language (open ones
    /// with their current text).
    pub fn set_for(&self, url: &Url) -> Vec<(Url, Document<'_>)> {
        let Some(doc) = self.open.get(url) else {
            return Vec::new();
        };
        let Some(analysis) = &doc.analysis else {
            return Vec::new();
        };
        let mut set = vec![(
            url.clone(),
            Document {
                source: &doc.text,
                analysis,
            },
        )];
        if doc.language != Some(Language::DcssDes) {
            return set;
        }
        for (u, d) in &self.open {
            if u != url && d.language == Some(Language::DcssDes) {
                if let Some(a) = &d.analysis {
                    set.push((
                        u.clone(),
                        Document {
                            source: &d.text,
                            analysis: a,
                        },
                    ));
                }
            }
        }
        for (u, f) in &self.folder {
            if !self.open.contains_key(u) {
                set.push((
                    u.clone(),
                    Document {
                        source: &f.text,
                        analysis: &f.analysis,
                    },
                ));
            }
        }
        set
    }

    /// Checks the DCSS files together: each file's findings (the open
    /// ones with their current text).
    pub fn check_set(&mut self) -> Vec<(Url, Vec<Diagnostic>)> {
        self.set_dirty = false;
        // A folder file the user opened in another language is not a vault file.
        let mut urls: Vec<Url> = self
            .folder
            .keys()
            .filter(|u| {
                self.open
                    .get(*u)
                    .is_none_or(|d| d.language == Some(Language::DcssDes))
            })
            .cloned()
            .collect();
        for (u, d) in &self.open {
            if d.language == Some(Language::DcssDes) && !self.folder.contains_key(u) {
                urls.push(u.clone());
            }
        }
        let texts: Vec<(String, &str)> = urls
            .iter()
            .map(|u| {
                let text = match self.open.get(u) {
                    Some(d) => d.text.as_str(),
                    None => self.folder.get(u).map_or("", |f| f.text.as_str()),
                };
                (file_name(u), text)
            })
            .collect();
        let files: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (n.as_str(), *t)).collect();
        let options = Options {
            without_views: true,
            ..self.options.clone()
        };
        let options = match urls.first() {
            Some(first) => with_library_beside(options, first),
            None => options,
        };
        let analyses = Analyzer::new().analyze_set(&files, Language::DcssDes, &options);
        let mut out = Vec::new();
        for (url, analysis) in urls.into_iter().zip(analyses) {
            out.push((url.clone(), analysis.diagnostics.clone()));
            if let Some(doc) = self.open.get_mut(&url) {
                if let Some(a) = doc.analysis.as_mut() {
                    a.diagnostics = analysis.diagnostics;
                }
            } else if let Some(f) = self.folder.get_mut(&url) {
                f.analysis = analysis;
            }
        }
        out
    }
}

/// The file's name, which some formats read (dungeon.def is
/// preprocessed, a .pdf is not).
pub fn file_name(url: &Url) -> String {
    url.path_segments()
        .and_then(|mut s| s.next_back())
        .unwrap_or_default()
        .to_string()
}

/// The `.des` files below `root` (sorted, at most [`MAX_FOLDER_FILES`],
/// six folders deep, no hidden, `target` or `node_modules` folder), and
/// the `.des` names that are no regular file: the shared walk, so a link
/// loop is entered once and a FIFO or device is never opened (it would
/// block or never end the server's start).
pub fn collect_des(root: &Path) -> walk::Walked {
    let des = |p: &Path| {
        p.file_name()
            .is_some_and(|n| n.to_string_lossy().to_ascii_lowercase().ends_with(".des"))
    };
    let skipped = |name: &str| name.starts_with('.') || name == "target" || name == "node_modules";
    let rules = walk::Rules {
        wanted: &des,
        skipped: &skipped,
        max_depth: 6,
        max_files: MAX_FOLDER_FILES,
    };
    walk::walk(root, &rules)
}

/// One message for the folder's files not read: the first few named, so
/// a folder of a thousand broken links is one line, not a thousand.
fn unread_message(unread: &[String]) -> Option<String> {
    const NAMED: usize = 5;
    let (first, more) = unread.split_at(unread.len().min(NAMED));
    if first.is_empty() {
        return None;
    }
    let mut message = format!("folder files not read: {}", first.join("; "));
    if !more.is_empty() {
        message.push_str(&format!(" (and {} more)", more.len()));
    }
    Some(message)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A folder that ended or stalled the old walk: two links to itself,
    /// a `.des` link to /dev/zero, a FIFO named `.des`, one real file.
    #[test]
    fn a_hostile_folder_is_read_promptly_to_its_one_regular_file() {
        let dir = std::env::temp_dir().join(format!("vw-lsp-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder");
        let vault = "NAME: cage\nMAP\n...\nENDMAP\n";
        std::fs::write(dir.join("ok.des"), vault).expect("written");
        for (target, link) in [(".", "a"), (".", "b"), ("/dev/zero", "x.des")] {
            std::os::unix::fs::symlink(target, dir.join(link)).expect("a link");
        }
        let made = std::process::Command::new("mkfifo")
            .arg(dir.join("y.des"))
            .status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");

        let started = std::time::Instant::now();
        assert_eq!(collect_des(&dir).files, vec![dir.join("ok.des")]);
        let mut ws = Workspace::new(Options::default());
        let said = ws.read_folder(&dir).unwrap_or_default();
        for name in ["x.des: a character device", "y.des: a FIFO"] {
            assert!(said.contains(name), "{said}");
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        let read: Vec<String> = ws.folder.keys().map(file_name).collect();
        assert_eq!(read, ["ok.des"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// `options` with crawl's Lua library found beside the file at `url`
/// (walking up to `dat/dlua`) when the settings gave none.
fn with_library_beside(options: Options, url: &Url) -> Options {
    match url.to_file_path() {
        Ok(path) => vaultwright::dlua::with_library_beside(options, &path),
        Err(()) => options,
    }
}
