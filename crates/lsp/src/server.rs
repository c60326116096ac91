//! The message loop: documents kept in step with the editor, findings
//! published after every change, questions answered from the latest
//! analysis. A DCSS set is checked again once the user pauses (no
//! message for [`PAUSE`]), so typing is never held up by the whole folder.

use std::time::Duration;

use crossbeam_channel::RecvTimeoutError;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types as lsp;
use lsp_types::notification::{self as note, Notification as _};
use lsp_types::request::{self as req, Request as _};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::convert;
use crate::handlers;
use crate::outbox::Outbox;
use crate::position::Lines;
use crate::workspace::Workspace;

/// How long the user pauses before the DCSS set is checked again.
const PAUSE: Duration = Duration::from_millis(300);

pub struct Server {
    connection: Connection,
    outbox: Outbox,
    ws: Workspace,
}

impl Server {
    pub fn new(connection: Connection, outbox: Outbox, ws: Workspace) -> Server {
        Server {
            connection,
            outbox,
            ws,
        }
    }

    pub fn run(mut self) -> Result<(), String> {
        if self.ws.set_dirty {
            self.check_set();
        }
        loop {
            let message = if self.ws.set_dirty {
                match self.connection.receiver.recv_timeout(PAUSE) {
                    Ok(m) => m,
                    Err(RecvTimeoutError::Timeout) => {
                        self.check_set();
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => return Ok(()),
                }
            } else {
                match self.connection.receiver.recv() {
                    Ok(m) => m,
                    Err(_) => return Ok(()),
                }
            };
            match message {
                Message::Request(r) => {
                    if self
                        .connection
                        .handle_shutdown(&r)
                        .map_err(|e| e.to_string())?
                    {
                        return Ok(());
                    }
                    self.request(r);
                }
                Message::Notification(n) => self.notification(n),
                Message::Response(_) => {}
            }
        }
    }

    fn request(&mut self, r: Request) {
        let id = r.id.clone();
        let across_files = [
            req::Rename::METHOD,
            req::References::METHOD,
            req::GotoDefinition::METHOD,
        ];
        if across_files.contains(&r.method.as_str()) {
            self.ws.refresh_closed_files();
        }
        let (ws, out) = (&self.ws, &self.outbox);
        match r.method.as_str() {
            req::Completion::METHOD => answer(out, r, |p| handlers::completion(ws, p)),
            req::HoverRequest::METHOD => answer(out, r, |p| handlers::hover(ws, p)),
            req::GotoDefinition::METHOD => answer(out, r, |p| handlers::definition(ws, p)),
            req::References::METHOD => answer(out, r, |p| handlers::references(ws, p)),
            req::PrepareRenameRequest::METHOD => {
                answer(out, r, |p| handlers::prepare_rename(ws, p))
            }
            req::Rename::METHOD => match params::<lsp::RenameParams>(r) {
                Ok(p) => match handlers::rename(ws, p) {
                    Ok(edit) => out.answer(id, edit),
                    Err(why) => {
                        out.respond(Response::new_err(id, ErrorCode::InvalidParams as i32, why))
                    }
                },
                Err(e) => out.respond(e),
            },
            req::DocumentSymbolRequest::METHOD => {
                answer(out, r, |p| handlers::document_symbols(ws, p))
            }
            req::FoldingRangeRequest::METHOD => answer(out, r, |p| handlers::folding_ranges(ws, p)),
            req::SemanticTokensFullRequest::METHOD => {
                answer(out, r, |p| handlers::semantic_tokens(ws, p))
            }
            req::CodeActionRequest::METHOD => answer(out, r, |p| handlers::code_actions(ws, p)),
            _ => out.respond(Response::new_err(
                id,
                ErrorCode::MethodNotFound as i32,
                format!("vaultwright does not answer {}", r.method),
            )),
        }
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(n.params) {
                    let url = p.text_document.uri.clone();
                    let d = p.text_document;
                    self.ws.open(url.clone(), &d.language_id, d.text, d.version);
                    self.publish(&url);
                }
            }
            note::DidChangeTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(n.params)
                {
                    let url = p.text_document.uri;
                    self.ws
                        .change(&url, p.content_changes, p.text_document.version);
                    self.publish(&url);
                }
            }
            note::DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params) {
                    let url = p.text_document.uri;
                    self.ws.close(&url);
                    // A file outside the folder's set has no findings once
                    // closed; the set's files get theirs at the next check.
                    if !self.ws.folder.contains_key(&url) {
                        self.notify::<note::PublishDiagnostics>(lsp::PublishDiagnosticsParams {
                            uri: url,
                            diagnostics: Vec::new(),
                            version: None,
                        });
                    }
                }
            }
            _ => {}
        }
    }

    /// The findings of an open document.
    fn publish(&self, url: &lsp::Url) {
        let Some(doc) = self.ws.open.get(url) else {
            return;
        };
        let lines = Lines::new(&doc.text);
        let diagnostics = doc
            .analysis
            .iter()
            .flat_map(|a| a.diagnostics.iter())
            .map(|d| convert::diagnostic(&lines, d))
            .collect();
        self.notify::<note::PublishDiagnostics>(lsp::PublishDiagnosticsParams {
            uri: url.clone(),
            diagnostics,
            version: Some(doc.version),
        });
    }

    /// Checks the DCSS set and publishes every file's findings.
    fn check_set(&mut self) {
        for (url, findings) in self.ws.check_set() {
            let text = match self.ws.open.get(&url) {
                Some(d) => d.text.as_str(),
                None => self.ws.folder.get(&url).map_or("", |f| f.text.as_str()),
            };
            let lines = Lines::new(text);
            let diagnostics = findings
                .iter()
                .map(|d| convert::diagnostic(&lines, d))
                .collect();
            let version = self.ws.open.get(&url).map(|d| d.version);
            self.notify::<note::PublishDiagnostics>(lsp::PublishDiagnosticsParams {
                uri: url,
                diagnostics,
                version,
            });
        }
    }

    pub fn notify<N: note::Notification>(&self, params: N::Params) {
        self.outbox.notify(N::METHOD, params);
    }
}

fn params<P: DeserializeOwned>(r: Request) -> Result<P, Response> {
    serde_json::from_value(r.params)
        .map_err(|e| Response::new_err(r.id, ErrorCode::InvalidParams as i32, e.to_string()))
}

/// Answers a request with what `handle` makes of its params.
fn answer<P: DeserializeOwned, R: Serialize>(
    out: &Outbox,
    r: Request,
    handle: impl FnOnce(P) -> R,
) {
    let id = r.id.clone();
    match params::<P>(r) {
        Ok(p) => out.answer(id, handle(p)),
        Err(e) => out.respond(e),
    }
}
