//! `vaultwright lsp`: the core's language service over the Language
//! Server Protocol, on standard input and output, for any editor.
//!
//! - [`position`]: the protocol's positions ↔ byte offsets;
//! - [`settings`]: `initializationOptions` → the core's options;
//! - [`workspace`]: open documents and the folder's DCSS set;
//! - [`convert`]: the core's answers as protocol types;
//! - [`handlers`]: one function per request; [`server`]: the loop;
//! - [`frames`]: the protocol's frames on standard input and output;
//!   [`outbox`]: the server's messages on their way there.
//!
//! Built on rust-analyzer's `lsp-server` for the plumbing and `lsp-types`
//! 0.95 (the last with a `Url` that converts to paths). Each open document
//! has its own `Analyzer`, so a DCSS keystroke re-lints one vault; the
//! folder's DCSS files are checked as one set once the user pauses (300 ms
//! without a message), so typing never waits for the folder. Tested over an
//! in-memory connection (`tests/protocol.rs`), on real standard input and
//! output (`tests/integration/lsp_stdio.rs`) and with Neovim's own client
//! (`tests/e2e/neovim.test.mjs`).

pub mod convert;
pub mod frames;
pub mod handlers;
pub mod outbox;
pub mod position;
pub mod server;
pub mod settings;
pub mod workspace;

use lsp_server::Connection;
use lsp_types as lsp;

/// Serves one client on standard input and output until it says `exit`.
/// The frames are read by us ([`frames`]), not by lsp-server, so a
/// malformed or oversized frame is answered instead of ending the server.
pub fn run_stdio() -> Result<(), String> {
    let (to_server, server_in) = crossbeam_channel::bounded(0);
    let (server_out, from_server) = crossbeam_channel::bounded(0);
    let (refuse, refusals) = crossbeam_channel::bounded(16);
    let (frames_out, frames) = crossbeam_channel::bounded(0);
    std::thread::spawn(move || {
        if let Err(e) = frames::pump(std::io::stdin().lock(), to_server, refuse) {
            eprintln!("vaultwright lsp: standard input: {e}");
        }
    });
    let writer = std::thread::spawn(move || {
        frames::write_out(from_server, frames, refusals, &mut std::io::stdout().lock())
    });
    let connection = Connection {
        sender: server_out,
        receiver: server_in,
    };
    let served = serve_to(connection, outbox::Outbox::Frames(frames_out));
    // The reader is not waited for: after a session that ended without
    // `exit` it may wait on standard input for ever.
    let written = writer.join().map_err(|_| "the writer failed".to_string())?;
    served?;
    written.map_err(|e| e.to_string())
}

/// Serves one client on `connection` (tests connect in memory).
pub fn serve(connection: Connection) -> Result<(), String> {
    let outbox = outbox::Outbox::Messages(connection.sender.clone());
    serve_to(connection, outbox)
}

/// Serves one client: its messages come in on `connection`, the server's
/// own go out through `outbox` (lsp-server's initialize and shutdown
/// answers through `connection`).
fn serve_to(connection: Connection, outbox: outbox::Outbox) -> Result<(), String> {
    let capabilities = serde_json::to_value(capabilities()).map_err(|e| e.to_string())?;
    let init = connection
        .initialize(capabilities)
        .map_err(|e| e.to_string())?;
    let init: lsp::InitializeParams = serde_json::from_value(init).map_err(|e| e.to_string())?;
    let (settings, mut problems) = settings::Settings::read(init.initialization_options.clone());
    let (options, more) = settings.options();
    problems.extend(more);
    let mut ws = workspace::Workspace::new(options);
    if let Some(root) = root_folder(&init) {
        problems.extend(ws.read_folder(&root));
    }
    let server = server::Server::new(connection, outbox, ws);
    for problem in problems {
        server.notify::<lsp::notification::ShowMessage>(lsp::ShowMessageParams {
            typ: lsp::MessageType::WARNING,
            message: problem,
        });
    }
    server.run()
}

#[allow(deprecated)] // `root_uri`: older clients send only that
fn root_folder(init: &lsp::InitializeParams) -> Option<std::path::PathBuf> {
    let folder = init
        .workspace_folders
        .as_ref()
        .and_then(|f| f.first())
        .map(|f| f.uri.clone())
        .or_else(|| init.root_uri.clone())?;
    folder.to_file_path().ok()
}

pub fn capabilities() -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(
            lsp::TextDocumentSyncKind::INCREMENTAL,
        )),
        completion_provider: Some(lsp::CompletionOptions {
            trigger_characters: Some(vec![
                "\"".into(),
                ":".into(),
                "$".into(),
                "=".into(),
                ",".into(),
                " ".into(),
            ]),
            ..lsp::CompletionOptions::default()
        }),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        definition_provider: Some(lsp::OneOf::Left(true)),
        references_provider: Some(lsp::OneOf::Left(true)),
        rename_provider: Some(lsp::OneOf::Right(lsp::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: lsp::WorkDoneProgressOptions::default(),
        })),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        folding_range_provider: Some(lsp::FoldingRangeProviderCapability::Simple(true)),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(
            lsp::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lsp::SemanticTokensOptions {
                    legend: lsp::SemanticTokensLegend {
                        token_types: convert::TOKEN_TYPES.to_vec(),
                        token_modifiers: Vec::new(),
                    },
                    full: Some(lsp::SemanticTokensFullOptions::Bool(true)),
                    ..lsp::SemanticTokensOptions::default()
                },
            ),
        ),
        ..lsp::ServerCapabilities::default()
    }
}
