//! `base+NdS` dice: exact minimum, maximum, mean and distribution.

use vaultwright_model::view::Dice;

/// Largest support computed exactly (beyond it: a normal approximation).
const MAX_EXACT_SUPPORT: u64 = 20_000;
/// Largest `count × support` work done exactly.
const MAX_EXACT_WORK: u64 = 4_000_000;

/// Exact distribution of the sum of `count` fair `sides`-sided dice, by
/// repeated convolution (sliding-window sums), from `count` to
/// `count * sides`.
pub fn distribution(count: u32, sides: u32) -> Option<Vec<f64>> {
    if sides == 0 || count == 0 {
        return Some(vec![1.0]);
    }
    let support = count as u64 * (sides as u64 - 1) + 1;
    if support > MAX_EXACT_SUPPORT || support * count as u64 > MAX_EXACT_WORK {
        return None;
    }
    let s = sides as usize;
    let mut dist = vec![1.0f64];
    for _ in 0..count {
        let mut next = vec![0.0; dist.len() + s - 1];
        let mut window = 0.0;
        for (k, slot) in next.iter_mut().enumerate() {
            if k < dist.len() {
                window += dist[k];
            }
            if k >= s {
                window -= dist[k - s];
            }
            *slot = window / sides as f64;
        }
        dist = next;
    }
    Some(dist)
}

/// Most bars a distribution has: the studio's chart is 80 pixels wide, so
/// a distribution over more values is summed into this many equal-width
/// buckets (a field of `100d100` keeps 80 numbers, not 9,901).
pub const MAX_BUCKETS: usize = 80;

/// Distributions already worked out in one analysis, by `(count, sides)`:
/// a file that repeats one die pays for it once.
#[derive(Default)]
pub struct DiceCache(std::collections::HashMap<(u32, u32), (Vec<f64>, bool)>);

pub fn describe(field: &str, base: i64, count: u32, sides: u32, cache: &mut DiceCache) -> Dice {
    let (min, max, mean) = if sides == 0 || count == 0 {
        (base, base, base as f64)
    } else {
        (
            base + count as i64,
            base + count as i64 * sides as i64,
            base as f64 + count as f64 * (sides as f64 + 1.0) / 2.0,
        )
    };
    let (distribution, exact) = cache
        .0
        .entry((count, sides))
        .or_insert_with(|| match distribution(count, sides) {
            Some(d) => (into_buckets(d), true),
            None => (normal_approximation(count, sides), false),
        })
        .clone();
    Dice {
        field: field.to_string(),
        base,
        count,
        sides,
        min,
        max,
        mean,
        distribution,
        exact,
    }
}

/// Sums the probabilities of consecutive values into at most
/// [`MAX_BUCKETS`] equal-width buckets.
fn into_buckets(values: Vec<f64>) -> Vec<f64> {
    if values.len() <= MAX_BUCKETS {
        return values;
    }
    let mut buckets = vec![0.0; MAX_BUCKETS];
    let n = values.len();
    for (k, p) in values.into_iter().enumerate() {
        buckets[k * MAX_BUCKETS / n] += p;
    }
    buckets
}

/// The sum of many dice as a normal curve over [`MAX_BUCKETS`] buckets.
fn normal_approximation(count: u32, sides: u32) -> Vec<f64> {
    let mean = count as f64 * (sides as f64 + 1.0) / 2.0;
    let (lo, hi) = (count as f64, count as f64 * sides as f64);
    let var = count as f64 * ((sides as f64).powi(2) - 1.0) / 12.0;
    let sd = var.sqrt().max(1e-9);
    let width = (hi - lo) / MAX_BUCKETS as f64;
    let pdf: Vec<f64> = (0..MAX_BUCKETS)
        .map(|i| {
            let x = lo + (i as f64 + 0.5) * width;
            (-((x - mean) / sd).powi(2) / 2.0).exp()
        })
        .collect();
    let total: f64 = pdf.iter().sum();
    pdf.into_iter().map(|p| p / total.max(1e-300)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_plus_three_d_eight() {
        let d = describe("HP", 9, 3, 8, &mut DiceCache::default());
        assert_eq!((d.min, d.max), (12, 33));
        assert_eq!(d.mean, 22.5);
        assert_eq!(d.distribution.len(), 22);
        // P(sum of 3d8 = 13 or 14, i.e. 22 or 23 with the base) = 48/512.
        assert!((d.distribution[22 - 12] - 48.0 / 512.0).abs() < 1e-12);
        assert!((d.distribution[0] - 1.0 / 512.0).abs() < 1e-12);
        let pct: Vec<String> = d
            .distribution
            .iter()
            .map(|p| format!("{:.1}", p * 100.0))
            .collect();
        assert_eq!(pct[0], "0.2");
        assert_eq!(pct[10], "9.4");
    }

    #[test]
    fn distributions_sum_to_one_and_have_the_right_mean() {
        let cache = &mut DiceCache::default();
        for (n, s) in [(1, 1), (1, 6), (2, 6), (5, 4), (8, 10), (30, 2), (7, 11)] {
            let d = describe("x", 3, n, s, cache);
            let total: f64 = d.distribution.iter().sum();
            assert!((total - 1.0).abs() < 1e-9, "{n}d{s}: {total}");
            let mean: f64 = d
                .distribution
                .iter()
                .enumerate()
                .map(|(i, p)| (d.min + i as i64) as f64 * p)
                .sum();
            assert!(
                (mean - (3.0 + n as f64 * (s as f64 + 1.0) / 2.0)).abs() < 1e-6,
                "{n}d{s}"
            );
            assert!(d.exact);
        }
        // Many values: summed into buckets, still exact, still summing to 1.
        let wide = describe("x", 3, 7, 100, cache);
        assert!(wide.exact);
        assert_eq!(wide.distribution.len(), MAX_BUCKETS);
        assert!((wide.distribution.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        let big = describe("x", 0, 1550, 92, cache);
        assert!(!big.exact);
        assert!((big.distribution.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        let constant = describe("x", 12, 0, 1, cache);
        assert_eq!(
            (constant.min, constant.max, constant.distribution.len()),
            (12, 12, 1)
        );
    }
}
