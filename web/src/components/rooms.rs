//! RoomLayout as SVG: rooms (random placements dashed), subrooms, doors,
//! corridors and contents, each linked to its source line.

use std::rc::Rc;

use vaultwright::view::RoomLayout;
use vaultwright::{LineIndex, Span};
use yew::prelude::*;

use super::viewport::Viewport;
use super::{
    describe_origin, ellipsize, hover_callback, jump_callback, reveal_highlighted, touches, Hover,
};
use crate::state::Zoom;

const SX: f64 = 10.0;
const SY: f64 = 16.0;

#[derive(Properties, PartialEq)]
pub struct RoomsProps {
    pub layout: Rc<RoomLayout>,
    pub source: Rc<String>,
    /// Line index of `source`, for naming the line an item comes from.
    pub lines: Rc<LineIndex>,
    pub highlight: (usize, usize),
    pub zoom: Zoom,
    pub on_zoom: Callback<Zoom>,
    pub on_jump: Callback<usize>,
    pub on_hover: Callback<Option<Hover>>,
    pub svg_ref: NodeRef,
}

fn handlers(
    props: &RoomsProps,
    text: String,
    origin: Span,
) -> (Callback<MouseEvent>, Callback<MouseEvent>) {
    let full = format!(
        "{text} · {}",
        describe_origin(&props.source, &props.lines, origin)
    );
    (
        jump_callback(&props.on_jump, origin.start as usize),
        hover_callback(&props.on_hover, full, origin),
    )
}

fn room_name(r: &vaultwright::view::Room) -> String {
    r.name.clone().unwrap_or_else(|| r.kind.clone())
}

/// A label cut to the room's interior width (about 6 px a character at
/// the label's size), so that it never runs over the wall; the full name
/// is in the title and the tooltip.
fn fit_label(name: &str, cells: i32) -> String {
    ellipsize(name, ((cells as f64 * SX) / 6.0).floor().max(1.0) as usize)
}

#[function_component(RoomLayoutView)]
pub fn room_layout_view(props: &RoomsProps) -> Html {
    let l = &props.layout;
    let (w, h) = (l.width as f64 * SX, l.height as f64 * SY);
    let scroller = use_node_ref();
    {
        let svg = props.svg_ref.clone();
        use_effect_with(props.highlight, move |_| reveal_highlighted(&svg));
    }
    let drawing = drawing(props);
    let render = {
        let svg_ref = props.svg_ref.clone();
        let on_hover = props.on_hover.clone();
        Callback::from(move |s: f64| {
            let leave = {
                let on_hover = on_hover.clone();
                Callback::from(move |_: MouseEvent| on_hover.emit(None))
            };
            html! {
                <svg ref={svg_ref.clone()} xmlns="http://www.w3.org/2000/svg" class="rooms" data-testid="rooms"
                     viewBox={format!("0 0 {w} {h}")} width={format!("{:.0}", w * s)} height={format!("{:.0}", h * s)} onmouseleave={leave}>
                    { drawing.clone() }
                </svg>
            }
        })
    };
    html! {
        <div class="svg-view">
            <Viewport kind="rooms" natural={(w, h)} zoom={props.zoom} on_zoom={props.on_zoom.clone()} render={render} scroller={scroller} />
            if !l.notes.is_empty() {
                { super::view_notes(&l.notes) }
            }
        </div>
    }
}

/// The rooms, corridors, doors and contents, in level coordinates.
fn drawing(props: &RoomsProps) -> Html {
    let l = &props.layout;
    let (w, h) = (l.width as f64 * SX, l.height as f64 * SY);
    html! {
        <>
            <rect x="0" y="0" width={w.to_string()} height={h.to_string()} class="bg" />
            { for l.corridors.iter().map(|c| {
                let pts: Vec<String> = c.points.iter().map(|(x, y)| format!("{},{}", *x as f64 * SX + SX / 2.0, *y as f64 * SY + SY / 2.0)).collect();
                let (click, enter) = handlers(props, format!("corridor from room {}{}", c.from, c.to.map(|t| format!(" to room {t}")).unwrap_or_else(|| " to a random place".into())), c.origin);
                html! { <polyline points={pts.join(" ")} class={classes!("corridor", c.random.then_some("random"), touches(Some(c.origin), props.highlight).then_some("hl"))} onclick={click} onmouseenter={enter} /> }
            }) }
            { for l.rooms.iter().enumerate().map(|(i, r)| {
                let label = format!("room {i}: {}{}{} {}x{}{}", r.kind,
                    r.name.as_ref().map(|n| format!(" \"{n}\"")).unwrap_or_default(),
                    match r.lit { Some(true) => ", lit", Some(false) => ", unlit", None => ", random light" },
                    r.rect.w, r.rect.h, if r.random { " (random placement, example)" } else { "" });
                let (click, enter) = handlers(props, label, r.origin);
                html! {
                    <g class={classes!("room", r.parent.is_some().then_some("subroom"), r.random.then_some("random"), touches(Some(r.origin), props.highlight).then_some("hl"))}>
                        <rect x={((r.rect.x - 1) as f64 * SX).to_string()} y={((r.rect.y - 1) as f64 * SY).to_string()}
                              width={((r.rect.w + 2) as f64 * SX).to_string()} height={((r.rect.h + 2) as f64 * SY).to_string()}
                              onclick={click} onmouseenter={enter} />
                        <text x={((r.rect.x as f64) * SX).to_string()} y={((r.rect.y as f64) * SY + SY * 0.8).to_string()} class="room-label">
                            <title>{ room_name(r) }</title>
                            { fit_label(&room_name(r), r.rect.w) }
                        </text>
                        { for r.doors.iter().map(|d| {
                            let (click, enter) = handlers(props, format!("door ({}){}", d.state, if d.random { ", random position" } else { "" }), d.origin);
                            html! { <rect class={classes!("door", touches(Some(d.origin), props.highlight).then_some("hl"))} x={(d.x as f64 * SX).to_string()} y={(d.y as f64 * SY).to_string()} width={SX.to_string()} height={SY.to_string()} onclick={click} onmouseenter={enter} /> }
                        }) }
                        { for r.contents.iter().map(|m| {
                            let (click, enter) = handlers(props, m.label.clone(), m.origin);
                            html! { <text class={classes!("glyph", touches(Some(m.origin), props.highlight).then_some("hl"))} fill={m.fg.hex()}
                                x={(m.x as f64 * SX + SX / 2.0).to_string()} y={(m.y as f64 * SY + SY * 0.75).to_string()}
                                onclick={click} onmouseenter={enter}>{ m.glyph.to_string() }</text> }
                        }) }
                    </g>
                }
            }) }
        </>
    }
}
