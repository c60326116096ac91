//! "To Lua": a 3.6, 3.4.3 (or 3.2) special level opened as NetHack 5.0's Lua,
//! one new document per level of the file (the core's converter).

use vaultwright::convert::Refused;
use vaultwright::{Language, Options};

use crate::actions::make_doc;
use crate::state::{Action, Doc, Tone};

/// The action that opens each level as a Lua document, or a message
/// saying why the file is not converted.
pub fn to_lua(doc: &Doc) -> Action {
    let options = Options {
        target: doc.target,
        explicit_target: doc.explicit_target,
        ..Options::default()
    };
    let converted = match vaultwright::convert::des_to_lua(&doc.source, &options) {
        Ok(converted) => converted,
        Err(Refused::Errors(errors)) => {
            let first = errors.first().map_or("", |e| e.message.as_str());
            return Action::Message(Tone::Error, format!("fix the file's errors first: {first}"));
        }
        Err(Refused::NoLevel) => {
            return Action::Message(Tone::Info, "the file has no level to convert".into());
        }
    };
    let version = converted.read_as.name();
    let version = version.strip_prefix("nethack-").unwrap_or(version);
    let origin = format!("{} ({version})", doc.name);
    let docs = converted
        .levels
        .into_iter()
        .map(|level| {
            let mut lua = make_doc(
                &format!("{}.lua", level.name),
                Language::NethackLua,
                &level.lua,
            );
            lua.origin = Some(origin.clone());
            lua
        })
        .collect();
    Action::OpenMade { docs, origin }
}
