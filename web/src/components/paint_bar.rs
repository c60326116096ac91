//! Above a map being painted: the tools and the palette of what the map
//! accepts, each swatch drawn as the map draws it and named as the legend
//! names it.

use std::rc::Rc;

use vaultwright::paint::Swatch;
use yew::prelude::*;

use crate::actions::Dispatch;
use crate::state::{Action, Paint, PaintTool};

#[derive(Properties, PartialEq)]
pub struct PaintBarProps {
    pub paint: Paint,
    pub palette: Rc<Vec<Swatch>>,
}

#[function_component(PaintBar)]
pub fn paint_bar(props: &PaintBarProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let paint = props.paint;
    let tool = |t: PaintTool| {
        let (name, icon, key) = t.describe();
        let dispatch = dispatch.clone();
        let on = paint.tool == t;
        let choose = Callback::from(move |_: MouseEvent| {
            dispatch.dispatch(Action::SetPaint(Paint { tool: t, ..paint }))
        });
        html! {
            <button class={classes!("paint-tool", on.then_some("on"))} aria-pressed={on.to_string()} onclick={choose}
                title={format!("{name} ({})", key.to_uppercase())} aria-label={name} data-tool={name}>{ icon }</button>
        }
    };
    let swatch = |s: &Swatch| {
        let dispatch = dispatch.clone();
        let on = paint.key == s.key;
        let key = s.key;
        let choose = Callback::from(move |_: MouseEvent| {
            // Choosing a character after the eyedropper goes back to painting.
            let tool = if paint.tool == PaintTool::Pick {
                PaintTool::Pencil
            } else {
                paint.tool
            };
            dispatch.dispatch(Action::SetPaint(Paint { key, tool, ..paint }))
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
    let current = props.palette.iter().find(|s| s.key == paint.key);
    html! {
        <div class="paint-bar" role="toolbar" aria-label="Paint" data-testid="paint-bar">
            <span class="paint-tools">{ for PaintTool::ALL.iter().map(|&t| tool(t)) }</span>
            <span class="paint-current" data-testid="paint-current">
                { format!("`{}` {}", paint.key as char, current.map_or("", |s| s.meaning.as_str())) }
            </span>
            <div class="palette" data-testid="palette">{ for props.palette.iter().map(swatch) }</div>
        </div>
    }
}
