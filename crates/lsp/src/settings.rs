//! What the client's `initializationOptions` ask for, read into the
//! core's options: the NetHack target, the DCSS names files and game, the
//! guidelines. Every key is optional; a names file that cannot be read is
//! reported to the user, its good lines still used.

use std::path::Path;

use serde::Deserialize;
use vaultwright::{GameNames, Options, Target};

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Settings {
    /// `nethack-3.4.3`, `nethack-3.2.3`, `nethack-3.2.2` or
    /// `nethack-3.6.6`: check every special level for it. Absent: each
    /// level's language is picked from its content.
    pub target: Option<String>,
    /// DCSS names files of the user's game (`category: name` lines).
    pub names: Vec<String>,
    /// DCSS: `trunk` (default) or `old` (releases up to 0.34, forks).
    pub dcss_game: Option<String>,
    /// DCSS: leave out the notes of the written guidelines.
    pub no_guidelines: bool,
}

impl Settings {
    /// The settings from `initializationOptions` (anything unreadable is
    /// the defaults, with a message).
    pub fn read(value: Option<serde_json::Value>) -> (Settings, Vec<String>) {
        match value.map(serde_json::from_value::<Settings>) {
            None => (Settings::default(), Vec::new()),
            Some(Ok(s)) => (s, Vec::new()),
            Some(Err(e)) => (
                Settings::default(),
                vec![format!(
                    "vaultwright: initializationOptions not understood ({e}); using the defaults"
                )],
            ),
        }
    }

    /// The core's options, and what went wrong on the way.
    pub fn options(&self) -> (Options, Vec<String>) {
        let mut problems = Vec::new();
        let old = self.dcss_game.as_deref() == Some("old");
        let mut game = GameNames::new(old);
        game.old_replica_names = old;
        for path in &self.names {
            match vaultwright::walk::read_utf8(Path::new(path)) {
                Ok(text) => {
                    for finding in game.read(&text) {
                        problems.push(format!("names file {path}: {}", finding.message));
                    }
                }
                Err(e) => problems.push(format!("names file {path}: {e}")),
            }
        }
        // NLE's build of 3.6.6 reads 3.6's language.
        let name = self
            .target
            .as_deref()
            .map(|t| if t == "nle-0.9" { "nethack-3.6.6" } else { t });
        let target = match name.map(Target::from_name) {
            None => None,
            Some(Some(t)) => Some(t),
            Some(None) => {
                let names: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
                problems.push(format!(
                    "unknown target `{}` (one of: {})",
                    self.target.as_deref().unwrap_or_default(),
                    names.join(", ")
                ));
                None
            }
        };
        let options = Options {
            target: target.unwrap_or_default(),
            explicit_target: target.is_some(),
            dcss_names: game,
            no_guidelines: self.no_guidelines,
            ..Options::default()
        };
        (options, problems)
    }
}
