//! "To Lua": a 3.4.3 (or 3.2) special level opened as NetHack 5.0's Lua,
//! one new document per level of the file (the core's converter).

use vaultwright::{analyze, Language, Options, Target};

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
    if analysis.target == Some(Target::Nethack366) {
        return vec![Action::Message(
            Tone::Info,
            "3.6 levels are not converted yet: 3.4.3 and 3.2 levels are".into(),
        )];
    }
    if let Some(error) = analysis.diagnostics.iter().find(|d| d.is_error()) {
        return vec![Action::Message(
            Tone::Error,
            format!("fix the file's errors first: {}", error.message),
        )];
    }
    vaultwright::nethack_lua::convert::from_des(&doc.source, &options)
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
