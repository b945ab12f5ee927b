//! Shards: a campaign split over machines by a stable rule. Shard `I/N`
//! (1 <= I <= N) takes the items whose index `k` (in the unsharded order:
//! corpus files, then random seeds; or submissions in name order) has
//! `k mod N = I - 1`. The shards of one campaign are disjoint and together
//! cover it; their JSON reports merge (`lloracle merge`) into the report of
//! the whole.

use std::fmt;
use std::str::FromStr;

/// One shard `I/N` of a campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// I, from 1.
    pub index: u64,
    /// N, at least 1.
    pub count: u64,
}

impl Shard {
    /// True when item `k` (counted from 0) belongs to this shard.
    pub fn keeps(&self, k: u64) -> bool {
        k % self.count == self.index - 1
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `I/N` with 1 <= I <= N.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("`{s}` is not a shard: write I/N with 1 <= I <= N (e.g. 1/4)");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_partition() {
        let s: Shard = "2/3".parse().expect("a shard");
        assert_eq!(s.to_string(), "2/3");
        for bad in ["0/3", "4/3", "1/0", "1", "a/b", "1/2/3", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        // Every index is in exactly one of the three shards.
        let shards: Vec<Shard> = (1..=3).map(|i| Shard { index: i, count: 3 }).collect();
        for k in 0..100 {
            assert_eq!(shards.iter().filter(|s| s.keeps(k)).count(), 1);
        }
        assert!(shards[1].keeps(4) && !shards[1].keeps(5));
    }
}
