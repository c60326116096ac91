//! The outline: every level, vault, dungeon or entity of the file, grouped
//! by kind, narrowed by a filter as you type (name, kind, tags, depth).
//! Up/Down move, Enter goes there (editor and view), Escape closes.

use std::rc::Rc;

use vaultwright::{Analysis, Symbol};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::list_panel::{use_active_in_sight, use_focus_on_open};

use crate::actions::Dispatch;
use crate::state::Action;

/// Indices of the entries that match every word of `filter`.
pub fn matching(outline: &[Symbol], filter: &str) -> Vec<usize> {
    let words: Vec<String> = filter
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    outline
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            let hay = format!("{} {} {}", s.name, s.kind, s.detail).to_ascii_lowercase();
            words.iter().all(|w| hay.contains(w.as_str()))
        })
        .map(|(i, _)| i)
        .collect()
}

/// Entries grouped by kind, kinds in order of first appearance.
fn groups<'a>(outline: &'a [Symbol], shown: &[usize]) -> Vec<(&'a str, Vec<usize>)> {
    let mut out: Vec<(&str, Vec<usize>)> = Vec::new();
    for &i in shown {
        let kind = outline[i].kind.as_str();
        match out.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, v)) => v.push(i),
            None => out.push((kind, vec![i])),
        }
    }
    out
}

#[derive(Properties, PartialEq)]
pub struct OutlinePanelProps {
    pub analysis: Rc<Analysis>,
    pub current: usize,
    /// Copies a link to entry `n` alone.
    pub on_share: Callback<usize>,
}

#[function_component(OutlinePanel)]
pub fn outline_panel(props: &OutlinePanelProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let filter = use_state(String::new);
    let active = use_state(|| props.current);
    let input = use_node_ref();
    let list = use_node_ref();
    let outline = &props.analysis.outline;
    let shown = matching(outline, &filter);
    use_focus_on_open(input.clone());
    use_active_in_sight(list.clone(), *active);
    let go = {
        let (dispatch, a) = (dispatch.clone(), props.analysis.clone());
        move |i: usize| {
            if let Some(s) = a.outline.get(i) {
                dispatch.dispatch(Action::GoToSymbol {
                    index: i,
                    offset: s.name_span.start as usize,
                });
            }
        }
    };
    let oninput = {
        let (filter, active, a) = (filter.clone(), active.clone(), props.analysis.clone());
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Some(&first) = matching(&a.outline, &v).first() {
                active.set(first);
            }
            filter.set(v);
        })
    };
    let onkeydown = {
        let (shown, active, go, dispatch) =
            (shown.clone(), active.clone(), go.clone(), dispatch.clone());
        Callback::from(move |e: KeyboardEvent| {
            let pos = shown.iter().position(|&i| i == *active);
            let step = |d: isize| {
                let n = shown.len() as isize;
                if n == 0 {
                    return None;
                }
                let p = pos.map(|p| p as isize + d).unwrap_or(0).rem_euclid(n);
                shown.get(p as usize).copied()
            };
            match e.key().as_str() {
                "ArrowDown" => step(1).into_iter().for_each(|i| active.set(i)),
                "ArrowUp" => step(-1).into_iter().for_each(|i| active.set(i)),
                "Enter" => {
                    if let Some(p) = pos {
                        go(shown[p]);
                    }
                }
                "Escape" => dispatch.dispatch(Action::Overlay(None)),
                _ => return,
            }
            e.prevent_default();
        })
    };
    let close = Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Overlay(None)));
    let row = |i: usize| {
        let s = &outline[i];
        let go = go.clone();
        let selected = i == *active;
        let share = {
            let on_share = props.on_share.clone();
            Callback::from(move |e: MouseEvent| {
                // The row's own click would go to the entry.
                e.stop_propagation();
                on_share.emit(i)
            })
        };
        html! {
            <li role="option" aria-selected={selected.to_string()} id={format!("outline-{i}")}
                class={classes!("outline-row", (i == props.current).then_some("current"))}
                onclick={Callback::from(move |_: MouseEvent| go(i))} data-testid="outline-row">
                <span class="outline-name">{ &s.name }</span>
                <span class="outline-detail">{ &s.detail }</span>
                <button class="outline-link" onclick={share} tabindex="-1" data-testid="outline-link"
                    title={format!("Copy a link to {} alone", s.name)} aria-label={format!("Copy a link to {} alone", s.name)}>{"🔗"}</button>
            </li>
        }
    };
    let filtering = !filter.trim().is_empty();
    let body = if shown.is_empty() {
        html! { <p class="muted outline-empty">{ format!("Nothing matches “{}”.", filter.trim()) }</p> }
    } else {
        html! {
            <ul class="outline-tree" role="listbox" ref={list} aria-label="Outline entries">
                { for groups(outline, &shown).into_iter().map(|(kind, items)| html! {
                    <li class="outline-group" role="presentation">
                        <div class="outline-kind">{ format!("{kind} ({})", items.len()) }</div>
                        <ul role="group">{ for items.into_iter().map(row) }</ul>
                    </li>
                }) }
            </ul>
        }
    };
    html! {
        <div class="outline-panel" role="dialog" aria-label="Outline" data-testid="outline-panel">
            <div class="outline-head">
                <input ref={input} type="search" placeholder={format!("Filter {} entries: name, tag, depth…", outline.len())}
                    value={(*filter).clone()} {oninput} {onkeydown} aria-label="Filter the outline"
                    aria-activedescendant={format!("outline-{}", *active)} data-testid="outline-filter" />
                <button onclick={close} aria-label="Close the outline (Esc)">{"×"}</button>
            </div>
            if filtering {
                <div class="muted outline-count" data-testid="outline-count">{ format!("{} of {}", shown.len(), outline.len()) }</div>
            }
            { body }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vaultwright::Span;

    fn sym(name: &str, kind: &str, detail: &str) -> Symbol {
        Symbol {
            name: name.into(),
            kind: kind.into(),
            span: Span::new(0, 0),
            name_span: Span::new(0, 0),
            detail: detail.into(),
        }
    }

    #[test]
    fn the_filter_matches_every_word_in_name_kind_or_detail() {
        let o = vec![
            sym("crypt_ghost", "vault", "tags: no_rotate; depth D:2-8"),
            sym("orc_temple", "vault", "tags: uniq; depth Orc"),
            sym("castle", "maze level", "80x21"),
        ];
        assert_eq!(matching(&o, ""), vec![0, 1, 2]);
        assert_eq!(matching(&o, "ORC"), vec![1]);
        assert_eq!(matching(&o, "vault d:2"), vec![0]);
        assert_eq!(matching(&o, "maze 80x21"), vec![2]);
        assert!(matching(&o, "nothing").is_empty());
        assert_eq!(
            groups(&o, &[0, 2, 1]),
            vec![("vault", vec![0, 1]), ("maze level", vec![2])]
        );
    }
}
