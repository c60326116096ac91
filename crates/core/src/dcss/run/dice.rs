//! crawl's random functions (`random.cc`) on the run's one generator:
//! the draws its builders make, in its order, so a builder keeps crawl's
//! shapes though not its exact cells.

use crate::rng::Rng;

pub trait Dice {
    /// `random2(n)`: `0..n`, and 0 (without a draw) when `n` is at most 1.
    fn random2(&mut self, n: i64) -> i64;

    /// `random_range(lo, hi)`: `lo..=hi` (`lo` when they are reversed).
    fn random_range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.random2(hi - lo + 1)
    }

    /// `random2avg(max, rolls)`: the mean of a `random2(max)` and
    /// `rolls - 1` draws of `random2(max + 1)`.
    fn random2avg(&mut self, max: i64, rolls: i64) -> i64 {
        let rolls = rolls.max(1);
        let mut sum = self.random2(max);
        for _ in 1..rolls {
            sum += self.random2(max + 1);
        }
        sum / rolls
    }

    /// `roll_dice(num, size)`: `num` dice of `size` sides, from 1.
    fn roll_dice(&mut self, num: i64, size: i64) -> i64 {
        if num <= 0 || size <= 0 {
            return 0;
        }
        num + (0..num).map(|_| self.random2(size)).sum::<i64>()
    }

    /// `x_chance_in_y`: drawn only when the answer is in doubt.
    fn x_chance_in_y(&mut self, x: i64, y: i64) -> bool {
        if x <= 0 {
            return false;
        }
        x >= y || self.random2(y) < x
    }

    fn one_chance_in(&mut self, n: i64) -> bool {
        self.random2(n) == 0
    }

    fn coinflip(&mut self) -> bool {
        self.random2(2) != 0
    }

    /// `random_choose_weighted`: one of the choices, by weight.
    fn weighted<T: Copy>(&mut self, choices: &[(i64, T)]) -> Option<T> {
        let total: i64 = choices.iter().map(|(w, _)| (*w).max(0)).sum();
        let mut roll = self.random2(total);
        for &(weight, choice) in choices {
            let weight = weight.max(0);
            if roll < weight {
                return Some(choice);
            }
            roll -= weight;
        }
        None
    }
}

impl Dice for Rng {
    fn random2(&mut self, n: i64) -> i64 {
        if n <= 1 {
            return 0;
        }
        let hi = i32::try_from(n - 1).unwrap_or(i32::MAX);
        i64::from(self.range(0, hi))
    }
}
