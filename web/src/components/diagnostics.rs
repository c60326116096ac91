//! The problems list under the editor, for files of hundreds of vaults:
//! filtered by severity and kind (the written guidelines can be hidden,
//! as the CLI's `--no-guidelines` does), scoped to the level or vault at
//! the cursor, ordered from the cursor on; a click (or Enter on a focused
//! row) jumps to the finding, and each fix is one click.

use std::rc::Rc;

use vaultwright::{Analysis, LineIndex, Severity};
use yew::prelude::*;

use crate::actions::Dispatch;
use crate::components::editor::EditorDiagnostic;
use crate::state::{is_guideline, Action, ProblemFilter};

/// More rows than a list is read by: the rest are counted, not drawn.
const MAX_ROWS: usize = 400;

#[derive(Properties, PartialEq)]
pub struct DiagnosticsProps {
    pub analysis: Rc<Analysis>,
    /// The same findings as the editor holds them, with their fixes.
    pub editor: Rc<Vec<EditorDiagnostic>>,
    pub source: Rc<String>,
    /// Line index of `source`, built once per analysis.
    pub lines: Rc<LineIndex>,
    /// The cursor (a byte offset).
    pub cursor: usize,
    pub on_jump: Callback<usize>,
    /// What is shown (kept in the state: F8 follows it too).
    pub filter: ProblemFilter,
}

#[function_component(DiagnosticsPanel)]
pub fn diagnostics_panel(props: &DiagnosticsProps) -> Html {
    let filter = props.filter;
    let dispatch = use_context::<Dispatch>();
    let diagnostics = &props.analysis.diagnostics;
    let count = |s: Severity| diagnostics.iter().filter(|d| d.severity == s).count();
    let guidelines = diagnostics.iter().filter(|d| is_guideline(d)).count();
    let scope = scope_at(&props.analysis, props.cursor);
    let shown = ordered(props, &filter, scope.map(|s| s.span));
    let toggle = |flag: fn(&mut ProblemFilter) -> &mut bool, label: String| {
        let mut probe = filter;
        let on = *flag(&mut probe);
        let dispatch = dispatch.clone();
        let onclick = Callback::from(move |_| {
            let mut f = filter;
            let v = flag(&mut f);
            *v = !*v;
            if let Some(d) = &dispatch {
                d.dispatch(Action::Problems(f));
            }
        });
        html! { <button class={classes!("diag-filter", on.then_some("on"))} aria-pressed={on.to_string()} {onclick}>{ label }</button> }
    };
    let hidden = shown.len().saturating_sub(MAX_ROWS);
    html! {
        <section class="diagnostics" aria-label="Problems" data-testid="problems">
            <div class="diag-summary">
                { toggle(|f| &mut f.errors, format!("{} error(s)", count(Severity::Error))) }
                { toggle(|f| &mut f.warnings, format!("{} warning(s)", count(Severity::Warning))) }
                { toggle(|f| &mut f.notes, format!("{} note(s)", count(Severity::Note))) }
                if guidelines > 0 {
                    { toggle(|f| &mut f.guidelines, if filter.guidelines {
                        format!("guidelines ({guidelines})")
                    } else {
                        format!("guidelines ({guidelines}) folded away")
                    }) }
                }
                { toggle(|f| &mut f.here, match scope {
                    Some(s) => format!("only {}", if s.name.is_empty() { s.kind.as_str() } else { s.name.as_str() }),
                    None => "only here".to_string(),
                }) }
                <span class="diag-count" title="F8 / Shift+F8 go to the next / previous finding shown">{ format!("{} shown, from the cursor on (F8)", shown.len()) }</span>
            </div>
            <ul class="diag-list">
            { for shown.iter().take(MAX_ROWS).map(|&i| row(props, i, dispatch.clone())) }
            if hidden > 0 {
                <li class="diag more">{ format!("… {hidden} more (narrow the list with the buttons above)") }</li>
            }
            </ul>
        </section>
    }
}

/// The innermost outline entry at the cursor (what "only here" keeps).
pub fn scope_at(analysis: &Analysis, cursor: usize) -> Option<&vaultwright::Symbol> {
    analysis
        .outline
        .iter()
        .filter(|s| s.span.contains(cursor))
        .min_by_key(|s| s.span.len())
}

/// The indices of the findings shown: kept by the filter and the scope,
/// those at or after the cursor first, then those before it.
fn ordered(
    props: &DiagnosticsProps,
    filter: &ProblemFilter,
    scope: Option<vaultwright::Span>,
) -> Vec<usize> {
    let diagnostics = &props.analysis.diagnostics;
    let mut kept: Vec<usize> = (0..diagnostics.len())
        .filter(|&i| filter.keeps(&diagnostics[i], scope))
        .collect();
    kept.sort_by_key(|&i| {
        let at = diagnostics[i].span.start as usize;
        (at < props.cursor, at)
    });
    kept
}

fn row(props: &DiagnosticsProps, i: usize, dispatch: Option<Dispatch>) -> Html {
    let d = &props.analysis.diagnostics[i];
    let at = props.lines.line_col(&props.source, d.span.start as usize);
    let offset = d.span.start as usize;
    let on_jump = props.on_jump.clone();
    let on_key = props.on_jump.clone();
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Enter" {
            e.prevent_default();
            on_key.emit(offset);
        }
    });
    let notes = d.notes.join("; ");
    let guideline = is_guideline(d).then_some("guideline");
    let fixes = props
        .editor
        .get(i)
        .map(|e| e.fixes.clone())
        .unwrap_or_default();
    html! {
        <li class={classes!("diag", d.severity.as_str(), guideline)} tabindex="0" {onkeydown}
            onclick={Callback::from(move |_| on_jump.emit(offset))}
            title={notes.clone()}>
            <span class="diag-sev">{ d.severity.as_str() }</span>
            <span class="diag-code">{ &d.code }</span>
            <span class="diag-pos">{ format!("{}:{}", at.line, at.column) }</span>
            <span class="diag-msg">{ &d.message }</span>
            { for fixes.into_iter().map(|f| {
                let dispatch = dispatch.clone();
                let title = f.title.clone();
                let onclick = Callback::from(move |e: MouseEvent| {
                    e.stop_propagation();
                    if let Some(dispatch) = &dispatch {
                        dispatch.dispatch(Action::ApplyEdit { from: f.from, to: f.to, insert: f.insert.clone() });
                    }
                });
                html! { <button class="diag-fix" data-testid="fix" {onclick}>{ title }</button> }
            }) }
            if !notes.is_empty() { <span class="diag-notes">{ notes }</span> }
        </li>
    }
}
