//! BranchGraph as SVG: one column per dungeon, levels stacked by depth,
//! branches as labelled edges; everything links to its source.

use std::rc::Rc;

use vaultwright::view::BranchGraph;
use yew::prelude::*;

use super::viewport::Viewport;
use super::{is_tap, reveal_highlighted, touches, Hover};
use crate::state::Zoom;

const COL_W: f64 = 190.0;
const ROW_H: f64 = 26.0;
const TOP: f64 = 40.0;

#[derive(Properties, PartialEq)]
pub struct GraphProps {
    pub graph: Rc<BranchGraph>,
    pub highlight: (usize, usize),
    pub zoom: Zoom,
    pub on_zoom: Callback<Zoom>,
    pub on_jump: Callback<usize>,
    pub on_hover: Callback<Option<Hover>>,
    pub svg_ref: NodeRef,
}

#[function_component(BranchGraphView)]
pub fn branch_graph_view(props: &GraphProps) -> Html {
    let g = &props.graph;
    let scroller = use_node_ref();
    {
        let svg = props.svg_ref.clone();
        use_effect_with(props.highlight, move |_| reveal_highlighted(&svg));
    }
    let (w, h) = size(g);
    let drawing = drawing(props);
    let render = {
        let svg_ref = props.svg_ref.clone();
        Callback::from(move |s: f64| {
            html! {
                <svg ref={svg_ref.clone()} xmlns="http://www.w3.org/2000/svg" class="graph" data-testid="graph"
                     viewBox={format!("0 0 {w} {h}")} width={format!("{:.0}", w * s)} height={format!("{:.0}", h * s)}>
                    { drawing.clone() }
                </svg>
            }
        })
    };
    html! {
        <div class="svg-view">
            <Viewport kind="graph" natural={(w, h)} zoom={props.zoom} on_zoom={props.on_zoom.clone()} render={render} scroller={scroller} />
            if !g.notes.is_empty() {
                <ul class="view-notes">{ for g.notes.iter().map(|n| html!{<li>{n}</li>}) }</ul>
            }
        </div>
    }
}

fn max_depth(g: &BranchGraph) -> i32 {
    g.dungeons
        .iter()
        .flat_map(|d| {
            d.levels
                .iter()
                .map(|l| l.depth_range.1)
                .chain([d.depth_range.1])
        })
        .max()
        .unwrap_or(1)
        .max(1)
}

/// Width and height of the drawing at 100%.
fn size(g: &BranchGraph) -> (f64, f64) {
    let w = (g.dungeons.len().max(1) as f64) * COL_W + 20.0;
    let h = TOP + (max_depth(g) as f64 + 1.0) * ROW_H + 20.0;
    (w, h)
}

/// Dungeon columns, level boxes and branch edges.
fn drawing(props: &GraphProps) -> Html {
    let g = &props.graph;
    let (w, h) = size(g);
    let y_of = |depth: i32| TOP + depth.max(0) as f64 * ROW_H;
    let hover = |text: String, origin: vaultwright::Span| {
        let on_hover = props.on_hover.clone();
        Callback::from(move |e: MouseEvent| {
            on_hover.emit(Some(Hover {
                text: text.clone(),
                origin: Some(origin),
                at: (e.client_x() as f64, e.client_y() as f64),
            }))
        })
    };
    let jump = |offset: usize| {
        let on_jump = props.on_jump.clone();
        Callback::from(move |e: MouseEvent| {
            if !is_tap(&e) {
                on_jump.emit(offset)
            }
        })
    };
    html! {
        <>
            <rect x="0" y="0" width={w.to_string()} height={h.to_string()} class="bg" />
            { for g.branches.iter().map(|b| {
                let x1 = 10.0 + b.from as f64 * COL_W + COL_W - 30.0;
                let x2 = 10.0 + b.to as f64 * COL_W + 10.0;
                let y1 = y_of(b.depth_range.0) + ROW_H / 2.0;
                let y2 = TOP - 8.0;
                let label = format!("{} {} branch, depth {}–{}", b.kind, b.dir, b.depth_range.0, b.depth_range.1);
                html! {
                    <g class={classes!("edge", touches(Some(b.origin), props.highlight).then_some("hl"))}
                       onmouseenter={hover(label.clone(), b.origin)} onclick={jump(b.origin.start as usize)}>
                        <path d={format!("M{x1},{y1} C{},{y1} {},{y2} {x2},{y2}", x1 + 40.0, x2 - 40.0)} />
                        <text x={((x1 + x2) / 2.0).to_string()} y={((y1 + y2) / 2.0 - 4.0).to_string()}>{ format!("{} ({})", b.kind, b.dir) }</text>
                    </g>
                }
            }) }
            { for g.dungeons.iter().enumerate().map(|(i, d)| {
                let x = 10.0 + i as f64 * COL_W;
                html! {
                    <g class={classes!("dungeon", touches(Some(d.origin), props.highlight).then_some("hl"))}>
                        <rect class="dungeon-head" x={x.to_string()} y="6" width={(COL_W - 20.0).to_string()} height="26"
                              onmouseenter={hover(format!("{} — levels {}–{} {}", d.name, d.depth_range.0, d.depth_range.1, d.detail), d.origin)}
                              onclick={jump(d.origin.start as usize)} />
                        <text x={(x + 8.0).to_string()} y="24" class="dungeon-name">{ &d.name }</text>
                        { for d.levels.iter().zip(lanes(d)).map(|(l, (lane, count))| {
                            let y = y_of(l.depth_range.0);
                            let span_h = ((l.depth_range.1 - l.depth_range.0).max(0) as f64 + 1.0) * ROW_H - 4.0;
                            let lane_w = (COL_W - 40.0) / count as f64;
                            let x = x + lane as f64 * lane_w;
                            html! {
                                <g class={classes!("level", touches(Some(l.origin), props.highlight).then_some("hl"))}
                                   onmouseenter={hover(format!("{} — depth {}–{} {}", l.name, l.depth_range.0, l.depth_range.1, l.detail), l.origin)}
                                   onclick={jump(l.origin.start as usize)}>
                                    <rect x={x.to_string()} y={y.to_string()} width={(lane_w - 3.0).max(8.0).to_string()} height={span_h.to_string()} rx="4" />
                                    <text x={(x + 6.0).to_string()} y={(y + 16.0).to_string()}>{ &l.name }</text>
                                </g>
                            }
                        }) }
                    </g>
                }
            }) }
        </>
    }
}

/// Side-by-side lanes for levels whose depth ranges overlap: (lane, lanes
/// in that dungeon) per level, in order.
fn lanes(d: &vaultwright::view::DungeonNode) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..d.levels.len()).collect();
    order.sort_by_key(|&i| (d.levels[i].depth_range.0, d.levels[i].depth_range.1));
    let mut lane_end: Vec<i32> = Vec::new();
    let mut lane = vec![0; d.levels.len()];
    for i in order {
        let (a, b) = d.levels[i].depth_range;
        match lane_end.iter().position(|&end| end < a) {
            Some(k) => {
                lane_end[k] = b;
                lane[i] = k;
            }
            None => {
                lane_end.push(b);
                lane[i] = lane_end.len() - 1;
            }
        }
    }
    let count = lane_end.len().max(1);
    lane.into_iter().map(|l| (l, count)).collect()
}
