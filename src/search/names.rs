//! Exact-name lookup over a part's lowercased names (spec §6.3 step 5).

use std::hash::{BuildHasher, Hasher};

use crate::hash::FastState;

/// A part's documents by a hash of their lowercased name, so that finding
/// the documents named exactly as a query is a binary search instead of a
/// comparison with every name: a turn costs its queries, not its catalog.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct NameLookup {
    /// `(hash of the name, document)`, sorted: documents sharing a hash
    /// follow in ascending order.
    keys: Vec<(u64, u32)>,
}

impl NameLookup {
    /// The lookup of `names` (document order).
    pub fn new(names: &[String]) -> NameLookup {
        let mut keys: Vec<(u64, u32)> = names
            .iter()
            .enumerate()
            .map(|(doc, name)| (hash(name), doc as u32))
            .collect();
        keys.sort_unstable();
        NameLookup { keys }
    }

    /// Ascending documents whose name in `names` (the names the lookup was
    /// made from) is exactly `key`.
    pub fn find<'a>(&'a self, names: &'a [String], key: &'a str) -> impl Iterator<Item = u32> + 'a {
        let hash = hash(key);
        let start = self.keys.partition_point(|&(h, _)| h < hash);
        self.keys[start..]
            .iter()
            .take_while(move |&&(h, _)| h == hash)
            .map(|&(_, doc)| doc)
            .filter(move |&doc| names.get(doc as usize).is_some_and(|name| name == key))
    }
}

fn hash(name: &str) -> u64 {
    let mut hasher = FastState::default().build_hasher();
    hasher.write(name.as_bytes());
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_document_of_a_name_in_order() {
        let names: Vec<String> = ["b", "a", "ab", "b", "ab\0", ""]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let lookup = NameLookup::new(&names);
        let find = |key: &str| lookup.find(&names, key).collect::<Vec<u32>>();
        assert_eq!(find("b"), [0, 3]);
        assert_eq!(find("a"), [1]);
        // Names that hash alike (zero padding) are told apart by comparison.
        assert_eq!(find("ab"), [2]);
        assert_eq!(find("ab\0"), [4]);
        assert_eq!(find(""), [5]);
        assert!(find("c").is_empty());
    }
}
