//! Above a map being painted: the tools and the palette of what the map
//! accepts, each swatch drawn as the map draws it and named as the legend
//! names it.

use std::rc::Rc;

use vaultwright::paint::{Side, Swatch};
use yew::prelude::*;

use crate::actions::Dispatch;
use crate::state::{Action, Brush, PaintTool};

#[derive(Properties, PartialEq)]
pub struct PaintBarProps {
    pub brush: Brush,
    pub palette: Rc<Vec<Swatch>>,
    /// Grow (`true`) or shrink the map at a side.
    pub on_resize: Callback<(Side, bool)>,
}

#[function_component(PaintBar)]
pub fn paint_bar(props: &PaintBarProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let brush = props.brush;
    let tool = |t: PaintTool| {
        let (name, icon, key) = t.describe();
        let dispatch = dispatch.clone();
        let on = brush.tool == t;
        let choose = Callback::from(move |_: MouseEvent| {
            dispatch.dispatch(Action::SetBrush(Brush { tool: t, ..brush }))
        });
        html! {
            <button class={classes!("paint-tool", on.then_some("on"))} aria-pressed={on.to_string()} onclick={choose}
                title={format!("{name} ({}){}", key.to_uppercase(), t.hint())} aria-label={name} data-tool={name}>{ icon }</button>
        }
    };
    let swatch = |s: &Swatch| {
        let dispatch = dispatch.clone();
        let on = brush.key == s.key;
        let key = s.key;
        let choose = Callback::from(move |_: MouseEvent| {
            // Choosing a character after the eyedropper goes back to painting.
            let tool = if brush.tool == PaintTool::Pick {
                PaintTool::Pencil
            } else {
                brush.tool
            };
            dispatch.dispatch(Action::SetBrush(Brush { key, tool, ..brush }))
        });
        let written = s.key as char;
        html! {
            <button class={classes!("swatch", on.then_some("on"))} aria-pressed={on.to_string()} onclick={choose}
                title={format!("`{written}` {}", s.meaning)} data-key={written.to_string()}>
                <span style={format!("color:{}", s.fg.hex())}>{ s.glyph }</span>
                if s.glyph != written {
                    <sub>{ written }</sub>
                }
            </button>
        }
    };
    let current = props.palette.iter().find(|s| s.key == brush.key);
    let resize = |side: Side, grow: bool, icon: &'static str, words: &'static str| {
        let on_resize = props.on_resize.clone();
        let title = format!(
            "{} a {words} (the map's statements move with it; one undo step)",
            if grow { "Add" } else { "Remove" }
        );
        html! {
            <button class="resize" onclick={Callback::from(move |_: MouseEvent| on_resize.emit((side, grow)))}
                title={title.clone()} aria-label={title}>{ icon }</button>
        }
    };
    html! {
        <div class="paint-bar" role="toolbar" aria-label="Paint" data-testid="paint-bar">
            <span class="paint-tools">{ for PaintTool::ALL.iter().map(|&t| tool(t)) }</span>
            <span class="paint-current" data-testid="paint-current">
                { format!("`{}` {}", brush.key as char, current.map_or("", |s| s.meaning.as_str())) }
            </span>
            <span class="resizes" data-testid="resize" aria-label="Map size">
                { resize(Side::Top, true, "+↑", "row at the top") }
                { resize(Side::Top, false, "−↑", "row at the top") }
                { resize(Side::Bottom, true, "+↓", "row at the bottom") }
                { resize(Side::Bottom, false, "−↓", "row at the bottom") }
                { resize(Side::Left, true, "+←", "column on the left") }
                { resize(Side::Left, false, "−←", "column on the left") }
                { resize(Side::Right, true, "+→", "column on the right") }
                { resize(Side::Right, false, "−→", "column on the right") }
            </span>
            <div class="palette" data-testid="palette">{ for props.palette.iter().map(swatch) }</div>
        </div>
    }
}
