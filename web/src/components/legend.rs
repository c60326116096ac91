//! The legend of a tile map: every glyph present, what it means and how
//! many cells have it. Choosing a row highlights those cells on the map.

use std::rc::Rc;

use vaultwright::view::LegendEntry;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LegendProps {
    pub entries: Rc<Vec<LegendEntry>>,
    /// The key of the highlighted entry.
    pub selected: Option<String>,
    pub on_select: Callback<Option<String>>,
}

#[function_component(Legend)]
pub fn legend(props: &LegendProps) -> Html {
    let row = |e: &LegendEntry| {
        let on = props.selected.as_deref() == Some(e.key.as_str());
        let (key, on_select) = (e.key.clone(), props.on_select.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            on_select.emit((!on).then(|| key.clone()));
        });
        let title = format!(
            "{} ({}): {} cell(s); click to highlight them",
            e.meaning, e.category, e.count
        );
        html! {
            <li>
                <button class={classes!("legend-row", on.then_some("on"))} aria-pressed={on.to_string()} {onclick} title={title} data-testid="legend-row">
                    <span class="legend-glyph" style={format!("color:{}", e.fg.hex())}>{ e.glyph.to_string() }</span>
                    <span class="legend-meaning">{ &e.meaning }</span>
                    <span class="legend-count">{ e.count }</span>
                </button>
            </li>
        }
    };
    html! {
        <details class="legend" open=true data-testid="legend">
            <summary>{ format!("Legend ({} glyphs)", props.entries.len()) }</summary>
            <ul>{ for props.entries.iter().map(row) }</ul>
        </details>
    }
}
