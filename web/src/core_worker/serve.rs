//! The worker's side: one request answered by the core. Plain Rust (the
//! worker's message loop is in `worker`), so it is tested natively.

use std::sync::Arc;

use vaultwright::convert::Refused;
use vaultwright::{Analyzer, DcssLibrary, Language, Options};

use super::for_editor::{editor_findings, editor_folds, editor_tokens, editor_trace};
use super::protocol::{Analyzed, Answer, Converted, Refusal, Request};
use super::service::{self, Others, Shown};
use crate::codec::Utf16Map;

/// What the worker keeps between requests: the analyzer's caches (a
/// keystroke re-lints only the vaults it changed) and crawl's library.
#[derive(Default)]
pub struct Server {
    analyzer: Analyzer,
    library: Option<DcssLibrary>,
    /// The document analysed last: the language service's questions are
    /// about it.
    shown: Option<Shown>,
    others: Others,
}

impl Server {
    pub fn new() -> Server {
        Server::default()
    }

    /// Answers one request; `clock` reads milliseconds.
    pub fn answer(&mut self, request: Request, clock: &dyn Fn() -> f64) -> Answer {
        match request {
            Request::Library(files) => {
                self.library = files.map(Arc::new);
                Answer::Library
            }
            Request::Analyze {
                source,
                language,
                options,
            } => {
                let start = clock();
                let options = self.with_library(options);
                let mut analyzed = analyze(&mut self.analyzer, &source, language, &options);
                analyzed.took_ms = clock() - start;
                // The page takes the tokens flat (`analyzed.tokens`), not as
                // the core's list: a large file's would cross twice.
                let tokens = std::mem::take(&mut analyzed.analysis.tokens);
                let mut analysis = analyzed.analysis.clone();
                analysis.tokens = tokens;
                self.shown = Some(Shown {
                    name: options.file_name.clone(),
                    map16: Utf16Map::new(&source),
                    source,
                    analysis,
                });
                Answer::Analyzed(Box::new(analyzed))
            }
            Request::Faces {
                source,
                language,
                options,
                seeds,
            } => {
                let options = self.with_library(options);
                Answer::Faces(
                    vaultwright::faces::realise(&source, language, &options, &seeds),
                    Vec::new(),
                )
            }
            Request::ToLua { source, options } => Answer::ToLua(to_lua(&source, &options)),
            Request::Bench { texts } => Answer::Bench(bench(&texts, clock)),
            Request::Spin { ms } => {
                let start = clock();
                while clock() - start < ms {
                    std::hint::spin_loop();
                }
                Answer::Spun
            }
            Request::Documents(docs) => {
                self.others.set(docs);
                Answer::Documents
            }
            Request::Service(call) => Answer::Service(service::answer(
                &call,
                self.shown.as_ref(),
                &mut self.others,
            )),
        }
    }

    fn with_library(&self, options: Options) -> Options {
        Options {
            dcss_library: self.library.clone(),
            ..options
        }
    }
}

/// The analysis of `source` and the editor's view of it.
pub fn analyze(
    analyzer: &mut Analyzer,
    source: &str,
    language: Language,
    options: &Options,
) -> Analyzed {
    let analysis = analyzer.analyze(source, language, options);
    let map16 = Utf16Map::new(source);
    Analyzed {
        tokens: editor_tokens(&analysis, &map16),
        diagnostics: editor_findings(source, &analysis, &map16),
        folds: editor_folds(source, &analysis, &map16),
        trace: editor_trace(&analysis, options.focus.unwrap_or(0), &map16),
        analysis,
        took_ms: 0.0,
        cells: Vec::new(),
    }
}

fn to_lua(source: &str, options: &Options) -> Result<Converted, Refusal> {
    match vaultwright::convert::des_to_lua(source, options) {
        Ok(converted) => Ok(Converted {
            read_as: converted.read_as.name().to_string(),
            levels: converted
                .levels
                .into_iter()
                .map(|l| (l.name, l.lua))
                .collect(),
        }),
        Err(Refused::Errors(errors)) => Err(Refusal::Errors(
            errors
                .first()
                .map(|e| e.message.clone())
                .unwrap_or_default(),
        )),
        Err(Refused::NoLevel) => Err(Refusal::NoLevel),
    }
}

/// Analyses each DCSS text as the studio does when a file opens (parse,
/// check, outline, the first vault's preview), cold: a fresh analyzer
/// for each, as natively.
fn bench(texts: &[String], clock: &dyn Fn() -> f64) -> f64 {
    let start = clock();
    for text in texts {
        let options = Options {
            file_name: "vault.des".into(),
            focus: Some(0),
            ..Options::default()
        };
        std::hint::black_box(Analyzer::new().analyze(text, Language::DcssDes, &options));
    }
    clock() - start
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core_worker::protocol::{Envelope, Reply};

    fn clock() -> f64 {
        0.0
    }

    /// A request and its answer as they cross to and from the worker.
    fn across(server: &mut Server, request: Request) -> Answer {
        let sent = serde_json::to_string(&Envelope { ticket: 7, request }).unwrap();
        let taken: Envelope = serde_json::from_str(&sent).unwrap();
        let reply = Reply {
            ticket: taken.ticket,
            answer: server.answer(taken.request, &clock),
        };
        let mut packed = reply.clone();
        packed.answer.pack();
        let mut back: Reply =
            serde_json::from_str(&serde_json::to_string(&packed).unwrap()).unwrap();
        back.answer.unpack();
        // An analysis's tokens cross beside the JSON (a typed array).
        if let (Answer::Analyzed(sent), Answer::Analyzed(taken)) = (&reply.answer, &mut back.answer)
        {
            taken.tokens = sent.tokens.clone();
        }
        assert_eq!(back.ticket, 7);
        assert_eq!(back.answer, reply.answer, "the answer crosses unchanged");
        back.answer
    }

    const VAULT: &str = "NAME: tiny\nKMONS: m = kobold\nMAP\nxxxxx\nx.m.x\nx...@\nxxxxx\nENDMAP\n";

    #[test]
    fn an_analysis_crosses_to_the_page_as_the_core_made_it() {
        let options = Options {
            file_name: "tiny.des".into(),
            focus: Some(0),
            ..Options::default()
        };
        let answer = across(
            &mut Server::new(),
            Request::Analyze {
                source: VAULT.into(),
                language: Language::DcssDes,
                options: options.clone(),
            },
        );
        let Answer::Analyzed(analyzed) = answer else {
            panic!("{answer:?}");
        };
        let mut direct = Analyzer::new().analyze(VAULT, Language::DcssDes, &options);
        assert_eq!(analyzed.tokens.len(), direct.tokens.len() * 3);
        assert!(
            analyzed.analysis.tokens.is_empty(),
            "the tokens cross once, flat"
        );
        direct.tokens.clear();
        assert_eq!(analyzed.analysis, direct);
        assert!(!analyzed.analysis.views.is_empty(), "the vault is drawn");
    }

    #[test]
    fn the_seed_grid_draws_each_seed() {
        let options = Options {
            focus: Some(0),
            ..Options::default()
        };
        let answer = across(
            &mut Server::new(),
            Request::Faces {
                source: VAULT.into(),
                language: Language::DcssDes,
                options,
                seeds: vec![1, 2, 3, 4],
            },
        );
        let Answer::Faces(maps, _) = answer else {
            panic!("{answer:?}");
        };
        assert_eq!(maps.len(), 4);
        assert!(maps.iter().all(Option::is_some));
    }

    #[test]
    fn a_level_is_made_lua_or_refused_with_the_first_error() {
        let mut server = Server::new();
        let level = "MAZE: \"tiny\", ' '\nGEOMETRY:center,center\nMAP\n---\n|.|\n---\nENDMAP\n";
        let answer = across(
            &mut server,
            Request::ToLua {
                source: level.into(),
                options: Options::default(),
            },
        );
        let Answer::ToLua(Ok(converted)) = answer else {
            panic!("{answer:?}");
        };
        assert_eq!(converted.levels.len(), 1);
        assert_eq!(converted.levels[0].0, "tiny");
        assert!(converted.levels[0].1.contains("des.map"));
        let answer = across(
            &mut server,
            Request::ToLua {
                source: "MAZE: \"broken\"\nNOSUCH\n".into(),
                options: Options::default(),
            },
        );
        assert!(
            matches!(answer, Answer::ToLua(Err(Refusal::Errors(ref m))) if !m.is_empty()),
            "{answer:?}"
        );
    }

    #[test]
    fn crawls_library_is_kept_for_the_analyses_after_it() {
        let mut server = Server::new();
        let files = std::collections::BTreeMap::from([(
            "dlua/dungeon.lua".to_string(),
            "-- empty".to_string(),
        )]);
        assert_eq!(
            across(&mut server, Request::Library(Some(files))),
            Answer::Library
        );
        let kept = server.with_library(Options::default()).dcss_library;
        assert!(kept.is_some_and(|l| l.contains_key("dlua/dungeon.lua")));
        across(&mut server, Request::Library(None));
        assert!(server
            .with_library(Options::default())
            .dcss_library
            .is_none());
    }
}

#[cfg(test)]
mod service_tests {
    use super::*;
    use crate::core_worker::protocol::{Effect, OpenDoc, ServiceCall};

    const MAIN: &str = "NAME: main\nSUBVAULT: X : cage_tag\nMAP\nXXX\nENDMAP\n";
    const CAGE: &str = "NAME: cage\nTAGS: cage_tag\nMAP\nx.x\nENDMAP\n";

    fn shown(server: &mut Server, source: &str) {
        let options = Options {
            file_name: "main.des".into(),
            focus: Some(0),
            ..Options::default()
        };
        let request = Request::Analyze {
            source: source.into(),
            language: Language::DcssDes,
            options,
        };
        server.answer(request, &|| 0.0);
    }

    fn ask(
        server: &mut Server,
        kind: &str,
        offset: usize,
        arg: &str,
        source: &str,
    ) -> ServiceAnswer {
        let map16 = Utf16Map::new(source);
        let call = ServiceCall {
            kind: kind.into(),
            offset: map16.to_utf16(offset),
            arg: arg.into(),
            length: map16.to_utf16(source.len()),
        };
        match server.answer(Request::Service(call), &|| 0.0) {
            Answer::Service(a) => a,
            other => panic!("{other:?}"),
        }
    }

    use crate::core_worker::protocol::ServiceAnswer;

    fn with_cage() -> Server {
        let mut server = Server::new();
        shown(&mut server, MAIN);
        server.answer(
            Request::Documents(vec![OpenDoc {
                id: "cage".into(),
                name: "cage.des".into(),
                language: Language::DcssDes,
                revision: 1,
                source: CAGE.into(),
            }]),
            &|| 0.0,
        );
        server
    }

    #[test]
    fn a_question_about_another_text_is_stale() {
        let mut server = with_cage();
        let longer = format!("{MAIN}\n");
        let answer = ask(&mut server, "hover", 3, "", &longer);
        assert_eq!(answer.json, r#"{"stale":true}"#);
        assert!(answer.effects.is_empty());
    }

    #[test]
    fn a_definition_in_another_open_document_opens_it() {
        let mut server = with_cage();
        let at = MAIN.find("cage_tag").unwrap_or(0) + 2;
        let answer = ask(&mut server, "definition", at, "", MAIN);
        let offset = CAGE.find("cage_tag").unwrap_or(0);
        assert_eq!(
            answer.effects,
            vec![Effect::GoTo {
                id: "cage".into(),
                offset
            }]
        );
    }

    #[test]
    fn a_rename_reaches_the_other_documents_as_effects() {
        let mut server = with_cage();
        let at = MAIN.find("cage_tag").unwrap_or(0) + 2;
        let answer = ask(&mut server, "rename", at, "pen_tag", MAIN);
        let value: serde_json::Value = serde_json::from_str(&answer.json).unwrap();
        assert_eq!(value["others"], 1, "{value}");
        assert_eq!(value["edits"].as_array().map(Vec::len), Some(1));
        let replaced = answer.effects.iter().find_map(|e| match e {
            Effect::ReplaceOtherDoc { id, text } => Some((id.as_str(), text.as_str())),
            _ => None,
        });
        assert_eq!(
            replaced,
            Some(("cage", "NAME: cage\nTAGS: pen_tag\nMAP\nx.x\nENDMAP\n"))
        );
        assert!(answer
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Renamed(g) if g.len() == 1)));
        assert!(answer
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Message(m) if m.contains("2 documents"))));
    }
}
