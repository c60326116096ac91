//! The diagnostics list under the editor; a click (or Enter on a focused
//! row) jumps to the span.

use std::rc::Rc;

use vaultwright::{Analysis, LineIndex};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct DiagnosticsProps {
    pub analysis: Rc<Analysis>,
    pub source: Rc<String>,
    /// Line index of `source`, built once per analysis.
    pub lines: Rc<LineIndex>,
    pub on_jump: Callback<usize>,
}

#[function_component(DiagnosticsPanel)]
pub fn diagnostics_panel(props: &DiagnosticsProps) -> Html {
    let (index, diagnostics) = (&props.lines, &props.analysis.diagnostics);
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let others = diagnostics.len() - errors;
    html! {
        <section class="diagnostics" aria-label="Diagnostics">
            <div class="diag-summary">
                { format!("{errors} error(s), {others} other finding(s)") }
            </div>
            <ul class="diag-list">
            { for diagnostics.iter().map(|d| {
                let at = index.line_col(&props.source, d.span.start as usize);
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
                // The written guidelines (DCSS notes DC05xx): advice, shown dimmed.
                let guideline = d.code.starts_with("DC05").then_some("guideline");
                html! {
                    <li class={classes!("diag", d.severity.as_str(), guideline)} tabindex="0" {onkeydown}
                        onclick={Callback::from(move |_| on_jump.emit(offset))}
                        title={notes.clone()}>
                        <span class="diag-sev">{ d.severity.as_str() }</span>
                        <span class="diag-code">{ &d.code }</span>
                        <span class="diag-pos">{ format!("{}:{}", at.line, at.column) }</span>
                        <span class="diag-msg">{ &d.message }</span>
                        if !notes.is_empty() { <span class="diag-notes">{ notes }</span> }
                    </li>
                }
            }) }
            </ul>
        </section>
    }
}
