//! What the server holds: the open documents (text, version, an
//! `Analyzer` that keeps what can be reused between keystrokes, the last
//! analysis) and the DCSS files of the workspace folder, which are
//! checked together as one set (subvault tags and vault names resolve
//! across files) when the user pauses.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use lsp_types::{TextDocumentContentChangeEvent, Url};
use vaultwright::service::Document;
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
    /// are looked for in).
    pub fn read_folder(&mut self, root: &Path) {
        let mut files = Vec::new();
        collect_des(root, &mut files, 0);
        for path in files.into_iter().take(MAX_FOLDER_FILES) {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let is_dcss =
                detect_language(&path.to_string_lossy(), &text) == Some(Language::DcssDes);
            if let (true, Ok(url)) = (is_dcss, Url::from_file_path(&path)) {
                let analysis = Analysis::empty(Language::DcssDes);
                self.folder.insert(url, FolderFile { text, analysis });
            }
        }
        self.set_dirty = !self.folder.is_empty();
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
                    .and_then(|p| std::fs::read_to_string(p).ok())
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
        let options = Options {
            focus: Some(usize::MAX),
            file_name: file_name(url),
            ..self.options.clone()
        };
        let Some(doc) = self.open.get_mut(url) else {
            return;
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
            let now = url.to_file_path().ok().and_then(|p| std::fs::read(p).ok());
            if let Some(bytes) = now {
                let text = String::from_utf8_lossy(&bytes).into_owned();
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

fn collect_des(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    if depth > 6 || out.len() >= MAX_FOLDER_FILES {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.starts_with('.') || name == "target" || name == "node_modules" {
            continue;
        }
        if path.is_dir() {
            collect_des(&path, out, depth + 1);
        } else if name.to_ascii_lowercase().ends_with(".des") {
            out.push(path);
        }
    }
}
