//! crawl's noise functions, which its procedural layouts sample over the
//! whole level: `crawl.simplex` (2 to 4 dimensions, in -1..1) and
//! `crawl.worley` / `crawl.worley_diff` (cellular noise: the distances
//! to the nearest two feature points, their ids and offsets), and
//! `crawl.split_bytes`, which turns a cell's id into four random bytes.
//!
//! The functions answer as crawl's do in kind (ranges, mean feature
//! spacing, ids stable per feature point), not value for value: the
//! layouts add offsets drawn from the level's seed, which the game's
//! generator and ours draw differently anyway.

use noise::{NoiseFn, Simplex};
use piccolo::{CallbackReturn, Context, Error, IntoValue, Stack, Value};

use super::{MapRun, Shared};
use crate::dcss::run::checkint::int;
use crate::lua::sandbox::Native;

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

/// The `crawl` functions of this file, by name.
pub const FUNCTIONS: [(&str, Native<MapRun>); 4] = [
    ("simplex", simplex),
    ("worley", worley),
    ("worley_diff", worley_diff),
    ("split_bytes", split_bytes),
];

/// The nearest two feature points of cellular noise at a point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cellular {
    /// Distances to the nearest and the second nearest, in the point's
    /// units (the nearest is 1 on average).
    pub distance: [f64; 2],
    /// Each feature point's id, the same wherever it is met from.
    pub id: [u32; 2],
    /// The point less each feature point.
    pub delta: [[f64; 3]; 2],
}

/// Feature points per unit of the point's space: the nearest is then 1
/// away on average (Worley's published adjustment, for its mean of 2.5
/// points per cube).
const DENSITY: f64 = 0.398_150;

/// Cellular noise at `p`: each unit cube (after scaling by `DENSITY`)
/// holds one to four feature points placed by a hash of the cube, and
/// the nearest two over the cube and its 26 neighbours are kept.
pub fn cellular(p: [f64; 3]) -> Cellular {
    let at = p.map(|c| c * DENSITY);
    let cube = at.map(|c| c.floor());
    let mut best = [(f64::MAX, 0u32, [0.0; 3]); 2];
    for dx in -1..=1 {
        for dy in -1..=1 {
            for dz in -1..=1 {
                let here = [
                    cube[0] + dx as f64,
                    cube[1] + dy as f64,
                    cube[2] + dz as f64,
                ];
                for (id, point) in feature_points(here) {
                    let delta = [at[0] - point[0], at[1] - point[1], at[2] - point[2]];
                    let d2 = delta.iter().map(|d| d * d).sum::<f64>();
                    if d2 < best[0].0 {
                        best[1] = best[0];
                        best[0] = (d2, id, delta);
                    } else if d2 < best[1].0 {
                        best[1] = (d2, id, delta);
                    }
                }
            }
        }
    }
    Cellular {
        distance: best.map(|b| b.0.sqrt() / DENSITY),
        id: best.map(|b| b.1),
        delta: best.map(|b| b.2.map(|d| d / DENSITY)),
    }
}

/// The feature points of the unit cube at `corner`: their ids and places.
fn feature_points(corner: [f64; 3]) -> impl Iterator<Item = (u32, [f64; 3])> {
    // Coordinates far outside i32 wrap: the noise repeats there, as
    // crawl's (which keeps them in 32 bits) does.
    let [x, y, z] = corner.map(|c| c as i64 as u64);
    let mut state = x.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ y.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ z.wrapping_mul(0x1656_67B1_9E37_79F9);
    let count = 1 + (mix(&mut state) % 4) as usize;
    (0..count).map(move |_| {
        let id = (mix(&mut state) >> 32) as u32;
        let mut unit = || (mix(&mut state) >> 11) as f64 / (1u64 << 53) as f64;
        let place = [corner[0] + unit(), corner[1] + unit(), corner[2] + unit()];
        (id, place)
    })
}

/// SplitMix64's step: a well-mixed 64 bits from a counter.
fn mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A number argument (none for a value of another type).
fn number(v: Value<'_>) -> Option<f64> {
    match v {
        Value::Number(f) => Some(f),
        Value::Integer(i) => Some(i as f64),
        _ => None,
    }
}

/// The numbers given, as crawl reads them (`lua_tonumber`: 0 when not a
/// number).
fn numbers<const N: usize>(stack: &Stack<'_, '_>) -> [f64; N] {
    std::array::from_fn(|i| number(stack.get(i)).unwrap_or(0.0))
}

/// `crawl.simplex(x, y [, z [, w]])`: simplex noise in as many
/// dimensions as numbers are given (nothing for fewer than two).
fn simplex<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let given: Vec<f64> = (0..4).map_while(|i| number(stack.get(i))).collect();
    let noise = Simplex::new(0);
    let value = match given[..] {
        [x, y] => noise.get([x, y]),
        [x, y, z] => noise.get([x, y, z]),
        [x, y, z, w] => noise.get([x, y, z, w]),
        _ => {
            stack.clear();
            return Ok(CallbackReturn::Return);
        }
    };
    stack.replace(ctx, if value.is_finite() { value } else { 0.0 });
    Ok(CallbackReturn::Return)
}

/// `crawl.worley(x, y, z)`: both distances, both ids, both offsets.
fn worley<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let c = cellular(numbers::<3>(stack));
    stack.clear();
    for d in c.distance {
        stack.push_back(d.into_value(ctx));
    }
    for id in c.id {
        stack.push_back(i64::from(id).into_value(ctx));
    }
    for d in c.delta.iter().flatten() {
        stack.push_back(d.into_value(ctx));
    }
    Ok(CallbackReturn::Return)
}

/// `crawl.worley_diff(x, y, z)`: how much nearer the nearest feature
/// point is than the next, and its id.
fn worley_diff<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let c = cellular(numbers::<3>(stack));
    stack.replace(ctx, (c.distance[1] - c.distance[0], i64::from(c.id[0])));
    Ok(CallbackReturn::Return)
}

/// `crawl.split_bytes(n)`: the four bytes of a 32-bit number, high first.
fn split_bytes<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let n = int(stack.get(0)).unwrap_or(0) as u32;
    let [a, b, c, d] = n.to_be_bytes().map(i64::from);
    stack.replace(ctx, (a, b, c, d));
    Ok(CallbackReturn::Return)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_feature_point_is_about_one_away_on_average() {
        let samples: Vec<Cellular> = (0..2000)
            .map(|i| cellular([i as f64 * 0.37, (i % 37) as f64 * 1.9, 5.0]))
            .collect();
        let mean = samples.iter().map(|c| c.distance[0]).sum::<f64>() / samples.len() as f64;
        assert!((0.8..1.2).contains(&mean), "mean nearest distance {mean}");
        assert!(samples.iter().all(|c| c.distance[0] <= c.distance[1]));
        let ids: std::collections::HashSet<u32> = samples.iter().map(|c| c.id[0]).collect();
        assert!(ids.len() > 100, "ids vary from cell to cell: {}", ids.len());
    }

    #[test]
    fn a_point_next_to_another_shares_its_nearest_feature_point() {
        let a = cellular([10.0, 20.0, 0.0]);
        let b = cellular([10.01, 20.0, 0.0]);
        assert_eq!(a.id[0], b.id[0]);
        assert!((a.distance[0] - b.distance[0]).abs() < 0.02);
        let d = a.delta[0];
        assert!(((d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() - a.distance[0]).abs() < 1e-9);
    }

    #[test]
    fn far_and_strange_points_give_numbers() {
        for p in [
            [1e300, -1e300, 0.0],
            [f64::NAN, 0.0, 0.0],
            [f64::INFINITY, 1.0, 2.0],
        ] {
            let c = cellular(p);
            assert!(
                c.distance.iter().all(|d| !d.is_sign_negative()),
                "{p:?}: {c:?}"
            );
        }
    }
}
