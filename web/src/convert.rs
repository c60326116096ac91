//! "To Lua": a 3.6, 3.4.3 (or 3.2) special level opened as NetHack 5.0's Lua,
//! one new document per level of the file (the core's converter).

use vaultwright::{analyze, Language, Options};

use crate::actions::make_doc;
use crate::state::{Action, Doc, Tone};

/// The actions that open each level as a Lua document, or a message
/// saying why the file is not converted.
pub fn to_lua(doc: &Doc) -> Vec<Action> {
    let options = Options {
        target: doc.target,
        explicit_target: doc.explicit_target,
        without_views: true,
        ..Options::default()
    };
    let analysis = analyze(&doc.source, Language::NethackDes, &options);
    if let Some(error) = analysis.diagnostics.iter().find(|d| d.is_error()) {
        return vec![Action::Message(
            Tone::Error,
            format!("fix the file's errors first: {}", error.message),
        )];
    }
    let levels = vaultwright::nethack_lua::convert::from_des(&doc.source, &options);
    if levels.is_empty() {
        return vec![Action::Message(
            Tone::Info,
            "the file has no level to convert".into(),
        )];
    }
    levels
        .into_iter()
        .map(|level| {
            Action::Open(make_doc(
                &format!("{}.lua", level.name),
                Language::NethackLua,
                &level.lua,
            ))
        })
        .collect()
}
