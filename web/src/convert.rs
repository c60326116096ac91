//! "To Lua": a 3.6, 3.4.3 (or 3.2) special level opened as NetHack 5.0's Lua,
//! one new document per level of the file (the core's converter).

use vaultwright::{Language, Options};

use crate::actions::{make_doc, Dispatch};
use crate::core_worker::client::{Core, Kind, Outcome};
use crate::core_worker::protocol::{Answer, Converted, Refusal, Request};
use crate::state::{Action, Doc, Tone};

/// Asks the core's worker to convert `doc`; `dispatch` then opens each
/// level as a Lua document, or says why the file is not converted.
pub fn to_lua(core: &Core, doc: &Doc, dispatch: Dispatch) {
    let options = Options {
        target: doc.target,
        explicit_target: doc.explicit_target,
        ..Options::default()
    };
    let request = Request::ToLua {
        source: doc.source.clone(),
        options,
    };
    let name = doc.name.clone();
    core.ask(Kind::ToLua, request, move |outcome| {
        let action = match outcome {
            Outcome::Answer(Answer::ToLua(converted)) => opened(&name, converted),
            Outcome::Stopped { .. } => Action::Message(
                Tone::Error,
                "the conversion took too long and was stopped".into(),
            ),
            Outcome::Answer(_) => return,
        };
        dispatch.dispatch(action);
    });
}

/// The action a conversion's answer makes.
pub fn opened(name: &str, converted: Result<Converted, Refusal>) -> Action {
    let converted = match converted {
        Ok(converted) => converted,
        Err(Refusal::Errors(first)) => {
            return Action::Message(Tone::Error, format!("fix the file's errors first: {first}"));
        }
        Err(Refusal::NoLevel) => {
            return Action::Message(Tone::Info, "the file has no level to convert".into());
        }
    };
    let version = converted.read_as.as_str();
    let version = version.strip_prefix("nethack-").unwrap_or(version);
    let origin = format!("{name} ({version})");
    let docs = converted
        .levels
        .into_iter()
        .map(|(level, text)| {
            let mut lua = make_doc(&format!("{level}.lua"), Language::NethackLua, &text);
            lua.origin = Some(origin.clone());
            lua
        })
        .collect();
    Action::OpenMade { docs, origin }
}
