//! BranchGraph as SVG on one depth axis (depth 1, the top of the first
//! dungeon, at the top): each dungeon a column over the depths it may
//! span, each level a band over the depths it may take, each branch an
//! arrow from its band to the level it arrives at in the other dungeon.
//! Everything links to its source.

use std::rc::Rc;

use vaultwright::view::BranchGraph;
use yew::prelude::*;

use super::viewport::Viewport;
use super::{ellipsize, hover_callback, jump_callback, reveal_highlighted, touches, Hover};
use crate::state::Zoom;

const COL_W: f64 = 190.0;
const ROW_H: f64 = 26.0;
/// Room for the dungeon names above the axis.
const TOP: f64 = 40.0;
/// Room for the depth labels left of the columns.
const AXIS_W: f64 = 44.0;

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
                { super::view_notes(&g.notes) }
            }
        </div>
    }
}

/// The shallowest and deepest depth anything in the graph may take.
fn depth_span(g: &BranchGraph) -> (i32, i32) {
    let all = g.dungeons.iter().flat_map(|d| {
        d.levels
            .iter()
            .map(|l| l.depth_range)
            .chain([d.depth_range])
    });
    let (lo, hi) = all.fold((i32::MAX, i32::MIN), |(a, b), (x, y)| (a.min(x), b.max(y)));
    if lo > hi {
        (1, 1)
    } else {
        (lo, hi)
    }
}

/// Width and height of the drawing at 100%.
fn size(g: &BranchGraph) -> (f64, f64) {
    let (lo, hi) = depth_span(g);
    let w = AXIS_W + (g.dungeons.len().max(1) as f64) * COL_W + 10.0;
    let h = TOP + (hi - lo + 1) as f64 * ROW_H + 20.0;
    (w, h)
}

fn column_x(i: usize) -> f64 {
    AXIS_W + i as f64 * COL_W
}

/// Dungeon columns, level boxes and branch edges.
fn drawing(props: &GraphProps) -> Html {
    let g = &props.graph;
    let (w, h) = size(g);
    let (shallow, deep) = depth_span(g);
    let y_of = |depth: i32| TOP + (depth - shallow) as f64 * ROW_H;
    // Every depth labelled when there are few, every fifth otherwise.
    let every = if deep - shallow > 30 { 5 } else { 1 };
    let ticks: Vec<i32> = (shallow..=deep)
        .filter(|d| d.rem_euclid(every) == 0 || *d == shallow)
        .collect();
    let hover = |text: String, origin| hover_callback(&props.on_hover, text, origin);
    let jump = |offset| jump_callback(&props.on_jump, offset);
    html! {
        <>
            <defs>
                <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                    <path d="M0,0 L10,5 L0,10 z" class="arrowhead" />
                </marker>
            </defs>
            <rect x="0" y="0" width={w.to_string()} height={h.to_string()} class="bg" />
            <g class="axis">
                <text x="6" y={(TOP - 10.0).to_string()} class="axis-title">{"depth"}</text>
                { for ticks.iter().map(|&d| html! {
                    <>
                        <line x1={AXIS_W.to_string()} x2={(w - 10.0).to_string()} y1={y_of(d).to_string()} y2={y_of(d).to_string()} />
                        <text x={(AXIS_W - 6.0).to_string()} y={(y_of(d) + 15.0).to_string()}>{ d }</text>
                    </>
                }) }
            </g>
            { for g.dungeons.iter().enumerate().map(|(i, d)| {
                let x = column_x(i);
                let (y, h) = (y_of(d.depth_range.0), (d.depth_range.1 - d.depth_range.0 + 1) as f64 * ROW_H);
                html! { <rect class="dungeon-band" x={(x + 2.0).to_string()} y={y.to_string()} width={(COL_W - 24.0).to_string()} height={h.to_string()} rx="6" /> }
            }) }
            { for g.dungeons.iter().enumerate().map(|(i, d)| {
                let x = column_x(i);
                html! {
                    <g class={classes!("dungeon", touches(Some(d.origin), props.highlight).then_some("hl"))}>
                        <title>{ &d.name }</title>
                        <rect class="dungeon-head" x={x.to_string()} y="6" width={(COL_W - 20.0).to_string()} height="26"
                              onmouseenter={hover(format!("{} — depths {}–{} · {}", d.name, d.depth_range.0, d.depth_range.1, d.detail), d.origin)}
                              onclick={jump(d.origin.start as usize)} />
                        <text x={(x + 8.0).to_string()} y="24" class="dungeon-name">{ ellipsize(&d.name, 22) }</text>
                        { for d.levels.iter().zip(lanes(d)).map(|(l, (lane, count))| {
                            let y = y_of(l.depth_range.0);
                            let span_h = ((l.depth_range.1 - l.depth_range.0).max(0) as f64 + 1.0) * ROW_H - 4.0;
                            let lane_w = (COL_W - 40.0) / count as f64;
                            let x = x + 8.0 + lane as f64 * lane_w;
                            let fits = ((lane_w - 10.0) / 6.5).max(1.0) as usize;
                            html! {
                                <g class={classes!("level", touches(Some(l.origin), props.highlight).then_some("hl"))}
                                   onmouseenter={hover(format!("{} — depth {}–{} {}", l.name, l.depth_range.0, l.depth_range.1, l.detail), l.origin)}
                                   onclick={jump(l.origin.start as usize)}>
                                    <title>{ &l.name }</title>
                                    <rect x={x.to_string()} y={y.to_string()} width={(lane_w - 3.0).max(8.0).to_string()} height={span_h.to_string()} rx="4" />
                                    <text x={(x + 4.0).to_string()} y={(y + 16.0).to_string()}>{ ellipsize(&l.name, fits) }</text>
                                </g>
                            }
                        }) }
                    </g>
                }
            }) }
            { for g.branches.iter().map(|b| branch_edge(props, b, &y_of)) }
        </>
    }
}

/// An arrow from the branch's band in its dungeon to where it arrives in
/// the other: the top of a dungeon entered going down, its bottom when
/// entered going up.
fn branch_edge(
    props: &GraphProps,
    b: &vaultwright::view::BranchEdge,
    y_of: &dyn Fn(i32) -> f64,
) -> Html {
    let g = &props.graph;
    let Some(target) = g.dungeons.get(b.to) else {
        return html! {};
    };
    let leftward = b.to < b.from;
    let x1 = column_x(b.from) + if leftward { 2.0 } else { COL_W - 22.0 };
    let x2 = column_x(b.to) + if leftward { COL_W - 22.0 } else { 2.0 };
    let y1 = (y_of(b.depth_range.0) + y_of(b.depth_range.1 + 1)) / 2.0;
    let arrive = if b.dir == "up" {
        target.depth_range.1
    } else {
        target.depth_range.0
    };
    let y2 = y_of(arrive) + ROW_H / 2.0;
    let glyph = match (b.kind.as_str(), b.dir.as_str()) {
        ("portal", _) => "^",
        (_, "up") => "<",
        _ => ">",
    };
    let label = format!(
        "{} {} to {}, from depth {}–{} · arrives at depth {}",
        b.kind, b.dir, target.name, b.depth_range.0, b.depth_range.1, arrive
    );
    let title = label.clone();
    let enter = hover_callback(&props.on_hover, label, b.origin);
    let click = jump_callback(&props.on_jump, b.origin.start as usize);
    let bend = if leftward { -40.0 } else { 40.0 };
    html! {
        <g class={classes!("edge", b.kind.clone(), touches(Some(b.origin), props.highlight).then_some("hl"))}
           onmouseenter={enter} onclick={click}>
            <title>{ title }</title>
            <path d={format!("M{x1},{y1} C{},{y1} {},{y2} {x2},{y2}", x1 + bend, x2 - bend)} marker-end="url(#arrow)" />
            <text x={(x1 + if leftward { -12.0 } else { 4.0 }).to_string()} y={(y1 - 4.0).to_string()} class="edge-glyph">{ glyph }</text>
        </g>
    }
}

/// Side-by-side lanes for levels whose depth ranges overlap: (lane, lanes
/// in that dungeon) per level, in order.
fn lanes(d: &vaultwright::view::DungeonNode) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..d.levels.len()).collect();
    vaultwright::sorting::sort_by_key(&mut order, |&i| {
        (d.levels[i].depth_range.0, d.levels[i].depth_range.1)
    });
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
