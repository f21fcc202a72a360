//! Groups of copiers, as JPlag and Dolos show them: the submissions joined
//! by flagged pairs (either kind of evidence), taken together — a group of
//! three or more is one cluster with its members, not three pairs to read
//! apart. A cluster is a connected part of the graph of flagged pairs (so a
//! chain a–b, b–c is one group: c copied from b who copied from a).

use super::Row;
use std::collections::{BTreeMap, HashMap};

/// The smallest group shown as a cluster (two are a pair).
pub(crate) const MIN_MEMBERS: usize = 3;

/// One group of submissions joined by flagged pairs.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Cluster {
    /// The members, in name order.
    pub(crate) members: Vec<String>,
    /// The flagged pairs among them (indices into the rows).
    pub(crate) rows: Vec<usize>,
}

impl Cluster {
    /// How many of the members' pairs are flagged (of `n (n − 1) / 2`).
    pub(crate) fn density(&self) -> (usize, usize) {
        let n = self.members.len();
        (self.rows.len(), n * (n - 1) / 2)
    }
}

/// The clusters of `rows`: groups of at least [`MIN_MEMBERS`] joined by
/// flagged pairs, the largest first (then by their first member's name).
pub(crate) fn clusters<'a>(rows: &'a [Row]) -> Vec<Cluster> {
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut names: Vec<&str> = Vec::new();
    let mut flagged: Vec<(usize, usize, usize)> = Vec::new();
    for (k, r) in rows.iter().enumerate().filter(|(_, r)| r.flagged()) {
        let mut id = |n: &'a str| -> usize {
            let next = index.len();
            *index.entry(n).or_insert_with(|| {
                names.push(n);
                next
            })
        };
        let (a, b) = (id(r.a.as_str()), id(r.b.as_str()));
        flagged.push((k, a, b));
    }
    let mut parent: Vec<usize> = (0..names.len()).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for &(_, a, b) in &flagged {
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        if ra != rb {
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let mut groups: BTreeMap<usize, Cluster> = BTreeMap::new();
    for (i, name) in names.iter().enumerate() {
        let r = root(&mut parent, i);
        let c = groups.entry(r).or_insert_with(|| Cluster {
            members: Vec::new(),
            rows: Vec::new(),
        });
        c.members.push((*name).to_string());
    }
    for &(k, a, _) in &flagged {
        let r = root(&mut parent, a);
        if let Some(c) = groups.get_mut(&r) {
            c.rows.push(k);
        }
    }
    let mut out: Vec<Cluster> = groups
        .into_values()
        .filter(|c| c.members.len() >= MIN_MEMBERS)
        .map(|mut c| {
            c.members.sort();
            c
        })
        .collect();
    out.sort_by(|x, y| {
        y.members
            .len()
            .cmp(&x.members.len())
            .then(x.members.cmp(&y.members))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(a: &str, b: &str, flagged: bool) -> Row {
        Row {
            a: a.into(),
            b: b.into(),
            source: Some(crate::similarity::source::SourcePair {
                a: 0,
                b: 0,
                score: if flagged { 0.9 } else { 0.1 },
                shared: 100,
                flagged,
            }),
            behaviour: None,
            cluster: None,
        }
    }

    #[test]
    fn a_chain_of_three_is_one_cluster_and_a_pair_is_none() {
        let rows = vec![
            row("c", "b", true),
            row("a", "b", true),
            row("a", "c", false),
            row("x", "y", true),
            row("p", "q", false),
            row("q", "r", false),
        ];
        let got = clusters(&rows);
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].members, ["a", "b", "c"]);
        assert_eq!(got[0].rows, [0, 1]);
        assert_eq!(got[0].density(), (2, 3));
    }
}
