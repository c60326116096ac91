//! `base+NdS` dice: exact minimum, maximum, mean and distribution.

use crate::view::Dice;

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

pub fn describe(field: &str, base: i64, count: u32, sides: u32) -> Dice {
    let (min, max, mean) = if sides == 0 || count == 0 {
        (base, base, base as f64)
    } else {
        (
            base + count as i64,
            base + count as i64 * sides as i64,
            base as f64 + count as f64 * (sides as f64 + 1.0) / 2.0,
        )
    };
    let (distribution, exact) = match distribution(count, sides) {
        Some(d) => (d, true),
        None => {
            // Normal approximation on at most 200 buckets.
            let var = count as f64 * ((sides as f64).powi(2) - 1.0) / 12.0;
            let sd = var.sqrt().max(1e-9);
            let buckets = 200usize;
            let width = (max - min) as f64 / buckets as f64;
            let pdf: Vec<f64> = (0..buckets)
                .map(|i| {
                    let x = min as f64 + (i as f64 + 0.5) * width;
                    (-((x - mean) / sd).powi(2) / 2.0).exp()
                })
                .collect();
            let total: f64 = pdf.iter().sum();
            (
                pdf.into_iter().map(|p| p / total.max(1e-300)).collect(),
                false,
            )
        }
    };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_plus_three_d_eight() {
        let d = describe("HP", 9, 3, 8);
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
        for (n, s) in [(1, 1), (1, 6), (2, 6), (5, 4), (10, 10), (30, 2), (7, 100)] {
            let d = describe("x", 3, n, s);
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
        let big = describe("x", 0, 1550, 92);
        assert!(!big.exact);
        assert!((big.distribution.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        let constant = describe("x", 12, 0, 1);
        assert_eq!(
            (constant.min, constant.max, constant.distribution.len()),
            (12, 12, 1)
        );
    }
}
