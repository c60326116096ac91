//! EntityTable: one row per entity, fields as columns, dice as small
//! distribution charts.

use std::rc::Rc;

use vaultwright::view::EntityTable;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TableProps {
    pub table: Rc<EntityTable>,
    pub on_jump: Callback<usize>,
}

#[function_component(EntityTableView)]
pub fn entity_table(props: &TableProps) -> Html {
    let t = &props.table;
    html! {
        <div class="entity-table-wrap">
        <table class="entity-table">
            <thead><tr><th>{"name"}</th>{ for t.columns.iter().map(|c| html!{<th>{c}</th>}) }</tr></thead>
            <tbody>
            { for t.rows.iter().map(|r| {
                let at = r.origin.start as usize;
                let on_jump = props.on_jump.clone();
                html! {
                    <tr onclick={Callback::from(move |_| on_jump.emit(at))}>
                        <td>{ &r.name }</td>
                        { for t.columns.iter().map(|c| {
                            let v = r.fields.iter().find(|(k, _)| k == c).map(|(_, v)| v.clone()).unwrap_or_default();
                            let dice = r.dice.iter().find(|d| &d.field == c);
                            html! { <td><div class="clamp" title={v.clone()}>{ v.clone() }</div>{ for dice.map(dice_chart) }</td> }
                        }) }
                    </tr>
                }
            }) }
            </tbody>
        </table>
        </div>
    }
}

fn dice_chart(d: &vaultwright::view::Dice) -> Html {
    let max = d
        .distribution
        .iter()
        .cloned()
        .fold(0.0f64, f64::max)
        .max(1e-9);
    let n = d.distribution.len().max(1) as f64;
    html! {
        <svg class="dice" width="80" height="20" viewBox="0 0 80 20">
            <title>{ format!("{}..{}, mean {:.1}", d.min, d.max, d.mean) }</title>
            { for d.distribution.iter().enumerate().map(|(i, p)| {
                let w = 80.0 / n;
                let h = 20.0 * p / max;
                html! { <rect x={format!("{:.2}", i as f64 * w)} y={format!("{:.2}", 20.0 - h)} width={format!("{:.2}", w.max(0.5))} height={format!("{:.2}", h)} /> }
            }) }
        </svg>
    }
}
