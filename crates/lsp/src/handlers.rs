//! One function per request: find the document, ask the core's service,
//! translate its answer. A document the server does not hold, or a
//! language without an answer, gives an empty answer, never an error.

use std::collections::HashMap;

use lsp_types as lsp;
use vaultwright::service::{self, Document};
use vaultwright::Span;

use crate::convert;
use crate::position::Lines;
use crate::workspace::Workspace;

/// The open document at `url`, as the service reads it, with its lines.
fn shown<'w>(ws: &'w Workspace, url: &lsp::Url) -> Option<(Document<'w>, Lines<'w>)> {
    let doc = ws.open.get(url)?;
    let analysis = doc.analysis.as_ref()?;
    let document = Document {
        source: &doc.text,
        analysis,
    };
    Some((document, Lines::new(&doc.text)))
}

/// The document at `url` and the byte offset of `at` in it.
fn at<'w>(ws: &'w Workspace, url: &lsp::Url, at: lsp::Position) -> Option<(Document<'w>, usize)> {
    let (doc, lines) = shown(ws, url)?;
    Some((doc, lines.offset(at)))
}

pub fn completion(ws: &Workspace, p: lsp::CompletionParams) -> Option<lsp::CompletionResponse> {
    let url = &p.text_document_position.text_document.uri;
    let (doc, offset) = at(ws, url, p.text_document_position.position)?;
    let set: Vec<Document> = ws.set_for(url).into_iter().map(|(_, d)| d).collect();
    let found = service::complete(doc, offset, &set)?;
    let lines = Lines::new(doc.source);
    let items = found
        .items
        .into_iter()
        .map(|e| convert::completion_item(&lines, found.replace, e))
        .collect();
    Some(lsp::CompletionResponse::List(lsp::CompletionList {
        // The list is cut to the best few hundred: ask again as typing narrows.
        is_incomplete: true,
        items,
    }))
}

pub fn hover(ws: &Workspace, p: lsp::HoverParams) -> Option<lsp::Hover> {
    let tdp = p.text_document_position_params;
    let (doc, offset) = at(ws, &tdp.text_document.uri, tdp.position)?;
    let card = service::hover(doc, offset)?;
    Some(convert::hover(&Lines::new(doc.source), card))
}

/// Occurrences of the name at a position: (definitions, uses) as
/// locations.
fn occurrences(
    ws: &Workspace,
    url: &lsp::Url,
    position: lsp::Position,
) -> Option<(Vec<lsp::Location>, Vec<lsp::Location>)> {
    let set = ws.set_for(url);
    let (_, offset) = at(ws, url, position)?;
    let docs: Vec<Document> = set.iter().map(|(_, d)| *d).collect();
    let found = service::occurrences(&docs, 0, offset)?;
    let location = |p: &vaultwright::service::Place| {
        let (u, d) = set.get(p.file)?;
        Some(lsp::Location {
            uri: u.clone(),
            range: Lines::new(d.source).range(p.span),
        })
    };
    let defs = found.definitions.iter().filter_map(location).collect();
    let uses = found.uses.iter().filter_map(location).collect();
    Some((defs, uses))
}

pub fn definition(
    ws: &Workspace,
    p: lsp::GotoDefinitionParams,
) -> Option<lsp::GotoDefinitionResponse> {
    let tdp = p.text_document_position_params;
    let (defs, _) = occurrences(ws, &tdp.text_document.uri, tdp.position)?;
    (!defs.is_empty()).then_some(lsp::GotoDefinitionResponse::Array(defs))
}

pub fn references(ws: &Workspace, p: lsp::ReferenceParams) -> Option<Vec<lsp::Location>> {
    let tdp = p.text_document_position;
    let (defs, uses) = occurrences(ws, &tdp.text_document.uri, tdp.position)?;
    let mut all = if p.context.include_declaration {
        defs
    } else {
        Vec::new()
    };
    all.extend(uses);
    Some(all)
}

pub fn prepare_rename(
    ws: &Workspace,
    p: lsp::TextDocumentPositionParams,
) -> Option<lsp::PrepareRenameResponse> {
    let (doc, offset) = at(ws, &p.text_document.uri, p.position)?;
    let found = service::occurrences(&[doc], 0, offset)?;
    let here = found
        .definitions
        .iter()
        .chain(&found.uses)
        .filter(|place| place.file == 0)
        .find(|place| place.span.contains(offset) || place.span.end as usize == offset)?;
    Some(lsp::PrepareRenameResponse::Range(
        Lines::new(doc.source).range(here.span),
    ))
}

pub fn rename(ws: &Workspace, p: lsp::RenameParams) -> Result<Option<lsp::WorkspaceEdit>, String> {
    let tdp = p.text_document_position;
    let url = &tdp.text_document.uri;
    let set = ws.set_for(url);
    let Some((_, offset)) = at(ws, url, tdp.position) else {
        return Ok(None);
    };
    let docs: Vec<Document> = set.iter().map(|(_, d)| *d).collect();
    let edits = service::rename(&docs, 0, offset, &p.new_name)?;
    let mut changes: HashMap<lsp::Url, Vec<lsp::TextEdit>> = HashMap::new();
    for (place, text) in edits {
        if let Some((u, d)) = set.get(place.file) {
            changes.entry(u.clone()).or_default().push(lsp::TextEdit {
                range: Lines::new(d.source).range(place.span),
                new_text: text,
            });
        }
    }
    Ok(Some(lsp::WorkspaceEdit {
        changes: Some(changes),
        ..lsp::WorkspaceEdit::default()
    }))
}

pub fn document_symbols(
    ws: &Workspace,
    p: lsp::DocumentSymbolParams,
) -> Option<lsp::DocumentSymbolResponse> {
    let (doc, lines) = shown(ws, &p.text_document.uri)?;
    Some(lsp::DocumentSymbolResponse::Nested(convert::symbols(
        &lines,
        &doc.analysis.outline,
    )))
}

pub fn folding_ranges(
    ws: &Workspace,
    p: lsp::FoldingRangeParams,
) -> Option<Vec<lsp::FoldingRange>> {
    let (doc, lines) = shown(ws, &p.text_document.uri)?;
    let folds = service::folds(doc);
    Some(
        folds
            .into_iter()
            .map(|f| convert::folding_range(&lines, f))
            .collect(),
    )
}

pub fn semantic_tokens(
    ws: &Workspace,
    p: lsp::SemanticTokensParams,
) -> Option<lsp::SemanticTokensResult> {
    let (doc, lines) = shown(ws, &p.text_document.uri)?;
    let data = convert::semantic_tokens(&lines, doc.source, &doc.analysis.tokens);
    Some(lsp::SemanticTokensResult::Tokens(lsp::SemanticTokens {
        result_id: None,
        data,
    }))
}

/// Every fix the checker has for a finding in the range, as a quick fix.
pub fn code_actions(ws: &Workspace, p: lsp::CodeActionParams) -> Option<lsp::CodeActionResponse> {
    let url = p.text_document.uri;
    let (doc, lines) = shown(ws, &url)?;
    let analysis = doc.analysis;
    let wanted = lines.span(p.range);
    let touches = |s: Span| s.start <= wanted.end && wanted.start <= s.end;
    let fixes = service::fixes(doc);
    let actions = fixes
        .into_iter()
        .filter_map(|(i, fix)| {
            let d = analysis.diagnostics.get(i).filter(|d| touches(d.span))?;
            let edit = lsp::TextEdit {
                range: lines.range(fix.span),
                new_text: fix.replacement,
            };
            let changes = HashMap::from([(url.clone(), vec![edit])]);
            Some(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                title: fix.title,
                kind: Some(lsp::CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![convert::diagnostic(&lines, d)]),
                edit: Some(lsp::WorkspaceEdit {
                    changes: Some(changes),
                    ..lsp::WorkspaceEdit::default()
                }),
                is_preferred: Some(true),
                ..lsp::CodeAction::default()
            }))
        })
        .collect();
    Some(actions)
}
